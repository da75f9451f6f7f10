import Testing

@testable import LanguageServerProtocol

@Suite struct MessageFramerTests {
  private func frame(_ body: String) -> [UInt8] { MessageWriter.frame(Array(body.utf8)) }

  private func drain(_ framer: inout MessageFramer) -> [FramerEvent] {
    var events: [FramerEvent] = []
    while let event = framer.next() { events.append(event) }
    return events
  }

  private func bodies(_ events: [FramerEvent]) -> [String] {
    events.compactMap { event in
      if case .message(let body) = event { return String(decoding: body, as: UTF8.self) }
      return nil
    }
  }

  private func errorCount(_ events: [FramerEvent]) -> Int {
    events.filter { if case .error = $0 { true } else { false } }.count
  }

  @Test func largeBodiesAreHandedOverWholeWithWhatFollows() {
    let large = "{\"text\":\"" + String(repeating: "a", count: MessageFramer.largeBodySize + 10) + "\"}"
    let bytes = frame(large) + frame("{\"next\":1}") + frame(large)
    for chunk in [1000, 64 * 1024, bytes.count] {
      var framer = MessageFramer()
      var events: [FramerEvent] = []
      var offset = 0
      while offset < bytes.count {
        framer.feed(bytes[offset..<min(offset + chunk, bytes.count)])
        events += drain(&framer)
        offset += chunk
      }
      #expect(bodies(events) == [large, "{\"next\":1}", large], "chunks of \(chunk)")
    }
  }

  @Test func messageSplitAtEveryByteBoundary() {
    let bytes = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8) + frame(#"{"a":"é🙂"}"#)
    for split in 0...bytes.count {
      var framer = MessageFramer()
      framer.feed(bytes[0..<split])
      var events = drain(&framer)
      framer.feed(bytes[split...])
      events += drain(&framer)
      #expect(events == [.message(Array(#"{"a":"é🙂"}"#.utf8))], "split at \(split)")
    }
  }

  @Test func messageFedOneByteAtATime() {
    var framer = MessageFramer()
    var events: [FramerEvent] = []
    for byte in frame("hello") + frame("world") {
      framer.feed([byte])
      events += drain(&framer)
    }
    #expect(bodies(events) == ["hello", "world"])
  }

  @Test func severalMessagesInOneChunk() {
    var framer = MessageFramer()
    framer.feed(frame("one") + frame("") + frame("three"))
    #expect(drain(&framer) == [.message(Array("one".utf8)), .message([]), .message(Array("three".utf8))])
  }

  @Test func headerNamesAreCaseInsensitive() {
    var framer = MessageFramer()
    framer.feed(Array("content-length: 2\r\nCONTENT-TYPE: x\r\n\r\nhi".utf8))
    #expect(bodies(drain(&framer)) == ["hi"])
  }

  @Test func garbageBeforeAndBetweenMessages() {
    var framer = MessageFramer()
    framer.feed(Array("garbage\r\n".utf8) + frame("first") + Array("xyz".utf8) + frame("second"))
    let events = drain(&framer)
    #expect(bodies(events) == ["first", "second"])
    #expect(errorCount(events) == 2)
  }

  @Test(arguments: [
    "Content-Length: abc\r\n\r\n",
    "Content-Type: text\r\n\r\n",
    "Content-Length: 999999999999\r\n\r\n",
    "Content-Length: 300000000\r\n\r\n",
    "Content-Length:\r\n\r\n",
  ])
  func badHeaderFollowedByGoodMessage(header: String) {
    var framer = MessageFramer()
    framer.feed(Array(header.utf8) + frame("good"))
    let events = drain(&framer)
    #expect(errorCount(events) == 1)
    #expect(bodies(events) == ["good"])
  }

  @Test func badHeaderSplitAcrossChunks() {
    let bytes = Array("Content-Length: x1\r\n\r\n{junk}".utf8) + frame("good")
    for split in 0...bytes.count {
      var framer = MessageFramer()
      framer.feed(bytes[0..<split])
      var events = drain(&framer)
      framer.feed(bytes[split...])
      events += drain(&framer)
      #expect(bodies(events) == ["good"], "split at \(split)")
      #expect(errorCount(events) == 1, "split at \(split)")
    }
  }

  @Test func incompleteBodyWaitsForMoreBytes() {
    var framer = MessageFramer()
    framer.feed(Array("Content-Length: 10\r\n\r\n12345".utf8))
    #expect(framer.next() == nil)
    #expect(framer.unfinished == "a message body of 10 bytes ended after 5")
    framer.feed(Array("67890".utf8))
    #expect(framer.next() == .message(Array("1234567890".utf8)))
    #expect(framer.unfinished == nil)
  }

  @Test func whatAStreamEndingNowLeavesUnfinished() {
    var framer = MessageFramer()
    #expect(framer.unfinished == nil)
    framer.feed(Array("Content-Len".utf8))
    #expect(framer.next() == nil)
    #expect(framer.unfinished == "a header block ended after 11 bytes")
    framer.feed(Array("gth: 2\r\n\r\n{}".utf8))
    #expect(bodies(drain(&framer)) == ["{}"])
    #expect(framer.unfinished == nil)
    // Garbage skipped while looking for the next header is not a message.
    framer.feed(Array("Content-Length: x\r\n\r\ngarbage".utf8))
    #expect(errorCount(drain(&framer)) == 1)
    #expect(framer.unfinished == nil)
  }

  @Test func writerFramesTheBody() {
    #expect(String(decoding: MessageWriter.frame(Array("{}".utf8)), as: UTF8.self) == "Content-Length: 2\r\n\r\n{}")
  }
}
