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

  /// A clean environment for a product: a minimal `PATH`, no keys, no D-Bus session, `HOME` and
  /// `TMPDIR` both `home`; then `extra` on top.
  public static func cleanEnvironment(home: String, _ extra: [String: String] = [:]) -> [String: String] {
    ["PATH": "/usr/bin:/bin", "HOME": home, "TMPDIR": home].merging(extra) { $1 }
  }

  /// Seconds after which a product that has not ended is killed: a hang guard, never a measure
  /// of speed (tests check what happened, not how fast). Generous: before the CPU-bound suites
  /// ran on threads of their own (`.ownThread`), they held both threads of the cooperative pool
  /// for over 600 s under the full suite on two cores while a waiting task sat queued (twice at
  /// stop 42); a guard should outlast any such wait.
  public static let hangGuard: TimeInterval = 1800

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
  /// standard input, killing it after `timeout` seconds: a hang guard, not a time limit (a full
  /// run on two busy cores can hold a short command for minutes).
  public static func run(
    _ arguments: [String], executable name: String = "deglare", environment: [String: String]? = nil,
    stdin: String? = nil, stdout: FileHandle? = nil, timeout: TimeInterval = hangGuard
  ) async throws -> Outcome {
    let process = try RunningProcess(
      arguments, executable: name, environment: environment, stdin: stdin, stdout: stdout)
    return await process.wait(timeout: timeout)
  }
}

/// A started process whose output is collected while it runs.
public final class RunningProcess: @unchecked Sendable {
  private let process = Process()
  private let output: PipeCollector
  private let errors: PipeCollector

  /// The process id.
  public var pid: Int32 { process.processIdentifier }

  /// Starts `executable` with `arguments`; `stdin` is written and closed at once. Standard output
  /// is collected, or goes to `stdout` when given (then ``ProcessRunner/Outcome/stdout`` is empty).
  public init(
    _ arguments: [String], executable name: String = "deglare", environment: [String: String]? = nil,
    stdin: String? = nil, stdout: FileHandle? = nil
  ) throws {
    process.executableURL = URL(fileURLWithPath: ProcessRunner.executable(name))
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = stdout ?? out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // Read both pipes while the process runs, so a large output cannot block it.
    if stdout != nil { try? out.fileHandleForWriting.close() }  // nothing comes through this pipe
    output = PipeCollector(out.fileHandleForReading)
    errors = PipeCollector(err.fileHandleForReading)
  }

  /// Sends a signal.
  public func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Whether it is still running.
  public var isRunning: Bool { process.isRunning }

  /// Waits for the end (SIGKILL after `timeout` seconds) and returns what it left. Polls with
  /// `Task.sleep`, so waiting never blocks a thread of the (two-thread) cooperative pool.
  public func wait(timeout: TimeInterval = ProcessRunner.hangGuard) async -> ProcessRunner.Outcome {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(2)) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    while process.isRunning { try? await Task.sleep(for: .milliseconds(2)) }
    process.waitUntilExit()
    await output.waitForEnd()
    await errors.waitForEnd()
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return ProcessRunner.Outcome(status: status, stdout: output.text, stderr: errors.text)
  }
}
