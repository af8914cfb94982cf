/// A cheap, thread-safe question the local method asks between rows and iterations: should it
/// stop? The caller answers it (a provider checks its task's cancellation; a test flips a flag).
/// Core knows nothing of tasks: once the answer is yes, the method stops within a row or an
/// iteration and throws ``RepairCancelled``, and its partial result is dropped.
public struct RepairCancellation: Sendable {
  /// True once the work should stop; called often, so it must be cheap.
  public let isCancelled: @Sendable () -> Bool

  /// A cancellation that asks `isCancelled`.
  public init(_ isCancelled: @escaping @Sendable () -> Bool) {
    self.isCancelled = isCancelled
  }

  /// Never cancelled.
  public static let never = RepairCancellation { false }

  /// Throws ``RepairCancelled`` if the work should stop.
  public func check() throws(RepairCancelled) {
    if isCancelled() { throw RepairCancelled() }
  }
}

/// The local method stopped because its ``RepairCancellation`` said so; nothing was returned.
public struct RepairCancelled: Error, Equatable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  /// One sentence.
  public var description: String { "the local repair was cancelled" }
}
