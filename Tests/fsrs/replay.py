"""Replays review histories through py-fsrs without fuzz and prints each review's outcome.

stdin:  {"retention": 0.9, "cards": [[[seconds since 1970, grade 1-4], ...], ...]}
stdout: {"cards": [[[due in seconds since 1970, state, step], ...], ...]}, one entry
        per review, state one of learning, review, relearning and step 0 in review.
"""

import json
import sys
from datetime import datetime, timezone

from fsrs import Card, Rating, Scheduler, State

STATES = {State.Learning: "learning", State.Review: "review", State.Relearning: "relearning"}


def main() -> None:
    request = json.load(sys.stdin)
    scheduler = Scheduler(desired_retention=request["retention"], enable_fuzzing=False)
    cards = []
    for history in request["cards"]:
        card = Card(card_id=1, due=datetime.fromtimestamp(0, timezone.utc))
        outcomes = []
        for seconds, grade in history:
            when = datetime.fromtimestamp(seconds, timezone.utc)
            card, _ = scheduler.review_card(card, Rating(grade), review_datetime=when)
            outcomes.append([int(card.due.timestamp()), STATES[card.state], card.step or 0])
        cards.append(outcomes)
    json.dump({"cards": cards}, sys.stdout)


if __name__ == "__main__":
    main()
