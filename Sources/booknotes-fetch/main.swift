// booknotes-fetch: the HTTP edge of BookNotes, in a process of its own.
//
// The `booknotes` executable is static and links only FoundationEssentials, so it
// starts in a few milliseconds; URLSession needs corelibs Foundation and libcurl, which
// cost tens of milliseconds at every start. The server starts this helper when it
// first needs the network and talks to it over pipes, one JSON object per line:
//
//   in:  {"id": 1, "url": "https://…", "timeout": 8000, "headers": {"User-Agent": "…"}}
//        {"cancel": 1}
//   out: {"id": 1, "status": 200, "body": "…"}
//        {"id": 1, "failure": "timedOut" | "offline" | "cancelled" | "badResponse" | "other",
//         "message": "…"}
//
// It never writes a URL anywhere (URLs carry the API key). When its input closes it
// answers what is in flight (each request has its time-out), then exits.

import Foundation
import JSONCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Writes one line of JSON to stdout at a time.
final class Replies: Sendable {
  private let queue = DispatchQueue(label: "booknotes-fetch.replies")

  func send(_ build: @escaping @Sendable (inout JSONWriter) -> Void) {
    queue.async {
      var writer = JSONWriter()
      writer.beginObject()
      build(&writer)
      writer.endObject()
      var line = writer.bytes
      line.append(UInt8(ascii: "\n"))
      FileHandle.standardOutput.write(Data(line))
    }
  }

  /// Returns once every reply queued so far is written.
  func flush() { queue.sync {} }

  func failure(_ id: Int, _ kind: String, _ message: String) {
    send { writer in
      writer.key("id")
      writer.write(id)
      writer.key("failure")
      writer.write(kind)
      writer.key("message")
      writer.write(message)
    }
  }
}

/// The requests in flight, by id, to cancel them.
final class InFlight: @unchecked Sendable {
  private let lock = NSLock()
  private var tasks: [Int: URLSessionDataTask] = [:]

  func add(_ id: Int, _ task: URLSessionDataTask) { lock.withLock { tasks[id] = task } }
  func remove(_ id: Int) { lock.withLock { _ = tasks.removeValue(forKey: id) } }
  func cancel(_ id: Int) { lock.withLock { tasks[id] }?.cancel() }
  var isEmpty: Bool { lock.withLock { tasks.isEmpty } }
}

/// A failure's kind and a message that names no URL.
func describe(_ error: any Error) -> (String, String) {
  guard let error = error as? URLError else { return ("other", "request failed (\(type(of: error)))") }
  switch error.code {
  case .timedOut: return ("timedOut", "timed out")
  case .cancelled: return ("cancelled", "cancelled")
  case .cannotConnectToHost: return ("offline", "connection refused")
  case .cannotFindHost, .dnsLookupFailed: return ("offline", "host not found")
  case .notConnectedToInternet: return ("offline", "not connected to the internet")
  case .networkConnectionLost: return ("offline", "connection lost")
  case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
    .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
    return ("other", "TLS failed (URLError \(error.code.rawValue))")
  case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
    return ("badResponse", "the server's response could not be read (URLError \(error.code.rawValue))")
  default: return ("other", "request failed (URLError \(error.code.rawValue))")
  }
}

#if os(Linux)
  // Corelibs Foundation makes folders for URLCache.shared and the shared cookie
  // storage under the user's cache and data folders when URLSession is first used,
  // though this session uses neither. Pointed at a path that cannot be a folder, they
  // make nothing: the helper writes nowhere.
  setenv("XDG_CACHE_HOME", "/dev/null/booknotes-fetch", 1)
  setenv("XDG_DATA_HOME", "/dev/null/booknotes-fetch", 1)
#endif
let configuration = URLSessionConfiguration.ephemeral
configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
configuration.urlCache = nil
configuration.httpCookieStorage = nil
let session = URLSession(configuration: configuration)
let replies = Replies()
let inFlight = InFlight()

while let line = readLine(strippingNewline: true) {
  guard let message = try? JSONParser.parse(Array(line.utf8)) else { continue }
  if let id = message["cancel"]?.intValue {
    inFlight.cancel(id)
    continue
  }
  guard let id = message["id"]?.intValue else { continue }
  guard let text = message["url"]?.stringValue, let url = URL(string: text), url.scheme?.hasPrefix("http") == true
  else {
    replies.failure(id, "other", "not an http(s) URL")
    continue
  }
  var request = URLRequest(url: url)
  request.timeoutInterval = Double(message["timeout"]?.intValue ?? 10_000) / 1000
  for (name, value) in message["headers"]?.objectValue ?? [:] {
    if let value = value.stringValue { request.setValue(value, forHTTPHeaderField: name) }
  }
  let task = session.dataTask(with: request) { data, response, error in
    defer { inFlight.remove(id) }
    if let error {
      let (kind, message) = describe(error)
      replies.failure(id, kind, message)
      return
    }
    guard let response = response as? HTTPURLResponse else {
      replies.failure(id, "badResponse", "not an HTTP response")
      return
    }
    guard let body = String(validating: data ?? Data(), as: UTF8.self) else {
      replies.failure(id, "badResponse", "the body is not UTF-8 (\(data?.count ?? 0) bytes)")
      return
    }
    replies.send { writer in
      writer.key("id")
      writer.write(id)
      writer.key("status")
      writer.write(response.statusCode)
      writer.key("body")
      writer.write(body)
    }
  }
  inFlight.add(id, task)
  task.resume()
}

while !inFlight.isEmpty { usleep(5000) }
replies.flush()
