import NoteSyntax

/// The questions of a note's lists that no item answers, and how many pairs its lists
/// hold (``ListPairing/scan(_:)``), found per run of top-level blocks
/// (``SyntaxTree/BlockRun``). An edit keeps every run it did not touch as the same
/// object, so after a keystroke only the lists of the runs it changed are paired again.
///
/// A run's lists are paired as if no question came into it; a question the run before
/// leaves open is then settled against the run's first block, as ``ListPairing`` does
/// between any two blocks.
///
/// Not thread-safe: keep one per document, owned by whoever serializes its requests.
public final class ListQuestionCache {
  private struct RunEntry {
    /// Keeps the run, and so its identity, alive.
    let owner: AnyObject
    /// The run's unanswered questions, relative to its start, ``open`` aside.
    let unanswered: [ListQuestion]
    /// The question the run's last block leaves to the block after it, relative to the
    /// run's start.
    let open: ListQuestion?
    let pairs: Int
  }

  private var entries: [ObjectIdentifier: RunEntry] = [:]

  /// Runs paired (not kept from an earlier call) by the latest call.
  public private(set) var lastComputedRuns = 0

  public init() {}

  /// What ``ListPairing/scan(_:)`` gives for `doc`.
  func scan(_ doc: NoteDocument) -> (unanswered: [ListQuestion], pairs: Int) {
    lastComputedRuns = 0
    var unanswered: [ListQuestion] = []
    var pairs = 0
    var carried: ListQuestion?
    var runs = 0
    doc.tree.forEachRun { run in
      runs += 1
      let entry: RunEntry
      if let kept = entries[run.identity] {
        entry = kept
      } else {
        entry = Self.pair(run, in: doc)
        entries[run.identity] = entry
        lastComputedRuns += 1
      }
      if let question = carried {
        let first = run.firstBlock
        let answered =
          question.mayBeAnswered(by: first)
          && !ListPairing.questions(of: first, asked: question, in: doc).unanswered.contains {
            $0.marker == question.marker
          }
        if answered { pairs += 1 } else { unanswered.append(question) }
      }
      unanswered += entry.unanswered.map { $0.shifted(by: run.start) }
      pairs += entry.pairs
      carried = entry.open?.shifted(by: run.start)
    }
    if let carried { unanswered.append(carried) }
    // Entries of runs no longer in the note go once they outnumber the note's runs.
    if entries.count > 2 * runs + 16 {
      var current: [ObjectIdentifier: RunEntry] = [:]
      doc.tree.forEachRun { current[$0.identity] = entries[$0.identity] }
      entries = current
    }
    return (unanswered.sorted { $0.marker.lowerBound < $1.marker.lowerBound }, pairs)
  }

  /// The pairs of `run`'s lists as if no question came into it.
  private static func pair(_ run: SyntaxTree.BlockRun, in doc: NoteDocument) -> RunEntry {
    var unanswered: [ListQuestion] = []
    var pairs = 0
    var carried: ListQuestion?
    run.forEachBlock { block in
      let pending = carried
      carried = nil
      let passed = pending.flatMap { $0.mayBeAnswered(by: block) ? $0 : nil }
      if passed == nil, let pending { unanswered.append(pending) }
      guard passed != nil || block.mayHold(.questionMarker) else { return }
      let found = ListPairing.questions(of: block, asked: passed, in: doc)
      unanswered += found.unanswered
      pairs += found.pairs
      carried = found.open
    }
    return RunEntry(
      owner: run.owner, unanswered: unanswered.map { $0.shifted(by: -run.start) },
      open: carried?.shifted(by: -run.start), pairs: pairs)
  }
}
