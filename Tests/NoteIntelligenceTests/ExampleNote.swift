/// The example note of the syntax spec.
enum ExampleNote {
  static let text = """
    ---
    title: Thinking, Fast and Slow
    authors: Daniel Kahneman
    status: reading
    ---
    # Thinking, Fast and Slow
    #books/2021 #psychology

    ## Chapter 3: The Lazy Controller

    > People who are cognitively busy are also more likely to make selfish choices,
    > use sexist language, and make superficial judgments. (ch. 3)

    > Ego depletion was shown in experiments by ?[researcher](Kathleen Vohs). (p. 42)

    Q: What is *ego depletion*?
    A: The idea that self-control draws on a **limited** pool of mental energy.

    tl;dr: System 2 is lazy and effortful; it gets depleted.

    """
}
