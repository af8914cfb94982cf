import CFuzzDriver

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Starts libFuzzer from a fuzz target's own `main`: every target is an ordinary executable
/// (`@main`) linked with libFuzzer's no-main runtime, so SwiftPM builds it like any other.
public enum FuzzDriver {
  /// One input's test: its bytes (`nil` only when empty) and count; returns 0, as libFuzzer asks.
  public typealias Test = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Runs libFuzzer with this process's command line, calling `test` on every input, and exits
  /// with libFuzzer's status.
  public static func run(_ test: Test) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
  }
}

/// A fuzz target: an `@main` type whose ``test(_:)`` checks one input (a failure is a
/// `fatalError`); its `main` starts libFuzzer with that test.
public protocol FuzzTarget {
  /// Checks one input.
  static func test(_ bytes: [UInt8])
}

extension FuzzTarget {
  /// Runs libFuzzer, calling ``test(_:)`` on every input.
  public static func main() {
    FuzzTargetTest.current = test
    FuzzDriver.run { data, size in
      FuzzTargetTest.current?(FuzzInput.bytes(data, size))
      return 0
    }
  }
}

/// The running target's test: a C callback cannot capture the generic `Self` of ``FuzzTarget``,
/// so `main` leaves it here (set once, before libFuzzer starts its single-threaded loop).
enum FuzzTargetTest {
  nonisolated(unsafe) static var current: (([UInt8]) -> Void)?
}
