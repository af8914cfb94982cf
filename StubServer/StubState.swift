// swift-format-ignore-file: OrderedImports
// Glibc first: its @preconcurrency import must precede Foundation's re-export of it.
@preconcurrency import Glibc
import Foundation

/// One recorded API request.
struct RecordedRequest: Sendable {
  var index: Int
  var request: StubRequest
  var mode: String
  /// The answer's status, once sent (0 while held or in flight).
  var status: Int = 0
}

/// Everything shared between connection threads: modes, the gate, the request log.
final class StubState: @unchecked Sendable {
  static let shared = StubState()

  /// Guards every stored property below; the gate waits on it.
  private let condition = NSCondition()
  private var defaultMode = StubMode(name: "ok")
  private var queue: [StubMode] = []
  private var records: [RecordedRequest] = []
  private var expectedKey: String?
  private var gateGeneration = 0
  private var held = 0
  /// Log one line per request on stderr.
  nonisolated(unsafe) var verbose = false

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  func setDefaultMode(_ mode: StubMode) {
    locked {
      defaultMode = mode
      queue = []
    }
  }

  func enqueue(_ mode: StubMode, times: Int) {
    locked { queue += Array(repeating: mode, count: max(times, 0)) }
  }

  func setExpectedKey(_ key: String?) { locked { expectedKey = key } }

  var key: String? { locked { expectedKey } }

  /// Records `request` and picks its mode; returns the record's index and the mode.
  func record(_ request: StubRequest) -> (Int, StubMode) {
    locked {
      let mode = queue.isEmpty ? defaultMode : queue.removeFirst()
      let index = records.count
      records.append(RecordedRequest(index: index, request: request, mode: mode.name))
      if verbose { fputs("stub-server: #\(index) \(request.method) \(request.path) mode=\(mode.name)\n", stderr) }
      return (index, mode)
    }
  }

  func setStatus(_ status: Int, forRecord index: Int) {
    locked { if records.indices.contains(index) { records[index].status = status } }
  }

  var allRecords: [RecordedRequest] { locked { records } }

  func reset() {
    locked {
      defaultMode = StubMode(name: "ok")
      queue = []
      records = []
      gateGeneration += 1
      condition.broadcast()
    }
  }

  /// Blocks until the gate is released (or an hour passes, so a forgotten gate cannot hang
  /// forever; the stub also ends with its test, `--exit-on-stdin-eof`). Not sooner: under the full
  /// suite a test task starved by a busy cooperative pool has looked for its held request only
  /// after more than 600 s, and a gate that had let the request go by then failed the test.
  func waitAtGate() {
    condition.lock()
    defer { condition.unlock() }
    let generation = gateGeneration
    held += 1
    let deadline = Date().addingTimeInterval(3600)
    while gateGeneration == generation && Date() < deadline {
      _ = condition.wait(until: deadline)
    }
    held -= 1
  }

  /// Releases every request held at the gate; returns how many were held.
  func releaseGate() -> Int {
    locked {
      let count = held
      gateGeneration += 1
      condition.broadcast()
      return count
    }
  }

  /// (held at the gate, requests recorded, default mode, queued modes).
  var summary: (Int, Int, String, [String]) { locked { (held, records.count, defaultMode.name, queue.map(\.name)) } }
}
