import DeglareCore
import Foundation

/// `--name value` options and positional arguments, parsed loosely (this is a measuring tool).
struct Options {
  var values: [String: String] = [:]
  var positionals: [String] = []

  init(_ arguments: [String]) {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word.hasPrefix("--"), index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
        values[word] = arguments[index + 1]
        index += 2
      } else if word.hasPrefix("--") {
        values[word] = ""
        index += 1
      } else {
        positionals.append(word)
        index += 1
      }
    }
  }

  func int(_ key: String, default value: Int) -> Int { values[key].flatMap { Int($0) } ?? value }
  func double(_ key: String, default value: Double) -> Double { values[key].flatMap { Double($0) } ?? value }
  func flag(_ key: String) -> Bool { values[key] != nil }

  func quad(_ key: String) -> Quad? {
    guard let text = values[key] else { return nil }
    let numbers = text.split(separator: ",").compactMap { Double($0) }
    guard numbers.count == 8 else { return nil }
    return Quad(stride(from: 0, to: 8, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) })
  }

  func size(_ key: String) -> PixelSize? {
    guard let text = values[key] else { return nil }
    let parts = text.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2 else { return nil }
    return PixelSize(width: parts[0], height: parts[1])
  }
}

/// Wall time of `body` in seconds.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func emit(_ members: [(String, JSONValue)]) {
  print(JSONValue.object(members).text)
  fflush(nil)
}

/// Processor time (user + system, all threads) of this process so far, in seconds.
func processorSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
  let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  return user + system
}
