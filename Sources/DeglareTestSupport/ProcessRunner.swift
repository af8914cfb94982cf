import Foundation

/// Runs the built executables (`deglare`, `stub-server`) as real processes.
public enum ProcessRunner {
  /// The folder holding the built products: the test bundle's folder.
  public static var productsDirectory: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
  }

  /// The path of a built executable.
  public static func executable(_ name: String) -> String {
    productsDirectory.appendingPathComponent(name).path
  }

  /// What a finished process left.
  public struct Outcome: Sendable {
    /// The exit status (or 128 + signal).
    public var status: Int32
    /// Everything it wrote on stdout.
    public var stdout: String
    /// Everything it wrote on stderr.
    public var stderr: String
  }

  /// Runs `deglare` (or another product) to completion with the given arguments, environment and
  /// standard input, killing it after `timeout` seconds.
  public static func run(
    _ arguments: [String], executable name: String = "deglare", environment: [String: String]? = nil,
    stdin: String? = nil, timeout: TimeInterval = 60
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable(name))
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // Read both pipes while the process runs, so a large output cannot block it.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      outData = out.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    group.wait()
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return Outcome(
      status: status, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
  }
}
