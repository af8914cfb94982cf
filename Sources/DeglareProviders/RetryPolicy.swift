import DeglareCore
import DeglareTransport
import Foundation

/// When and how long to wait before retrying a rate-limited or failed request.
public struct RetryPolicy: Sendable, Equatable {
  /// Attempts in all, the first included. Default 3.
  public var maxAttempts: Int
  /// The first backoff when the server names no delay, in seconds (doubles each time). Default 0.5.
  public var initialDelay: Double
  /// The longest backoff of our own, in seconds. Default 8.
  public var maxDelay: Double
  /// The longest server-requested wait deglare honours, in seconds; a longer one ends the
  /// retries at once and is reported. Default 60.
  public var maxServerDelay: Double

  /// Creates a policy.
  public init(maxAttempts: Int = 3, initialDelay: Double = 0.5, maxDelay: Double = 8, maxServerDelay: Double = 60) {
    self.maxAttempts = maxAttempts
    self.initialDelay = initialDelay
    self.maxDelay = maxDelay
    self.maxServerDelay = maxServerDelay
  }

  /// Our own backoff before attempt `attempt + 1` (attempt counts from 1).
  func backoff(afterAttempt attempt: Int) -> Double {
    min(initialDelay * pow(2, Double(attempt - 1)), maxDelay)
  }

  /// The delay a response asks for: `retry-after-ms`, then `retry-after` in seconds, as the
  /// official SDKs read them.
  static func serverDelay(_ response: HTTPResponse) -> Double? {
    if let text = response.header("retry-after-ms"), let milliseconds = Double(text.trimmingWhitespace),
      milliseconds >= 0
    {
      return milliseconds / 1000
    }
    if let text = response.header("retry-after"), let seconds = Double(text.trimmingWhitespace), seconds >= 0 {
      return seconds
    }
    return nil
  }
}

/// What one HTTP answer means for the retry loop.
enum AttemptOutcome {
  /// Use this response.
  case success(HTTPResponse)
  /// Try again after the delay (nil: our backoff), or give up with `error` if out of attempts.
  case retry(ProviderError, delay: Double?)
  /// Give up with this error.
  case fail(ProviderError)
}

/// Sends a request with retries, honouring server delays; shared by both providers.
struct RetryingSender: Sendable {
  let transport: any HTTPTransport
  let policy: RetryPolicy
  let provider: ProviderID
  let redactor: Redactor

  /// The final response, the bytes moved over all attempts and notes about retries.
  struct Outcome {
    var response: HTTPResponse
    var bytesSent = 0
    var bytesReceived = 0
    var notes: [String] = []
  }

  func send(_ request: HTTPRequest, classify: (HTTPResponse) -> AttemptOutcome) async throws -> Outcome {
    var bytesSent = 0
    var bytesReceived = 0
    var notes: [String] = []
    var attempt = 1
    while true {
      let response: HTTPResponse
      do {
        response = try await transport.send(request)
      } catch let error as TransportError {
        throw ProviderError.transport(provider: provider, message: redactor.redact(error.description))
      }
      try Task.checkCancellation()
      bytesSent += response.bytesSent
      bytesReceived += response.bytesReceived
      switch classify(response) {
      case .success(let response):
        return Outcome(response: response, bytesSent: bytesSent, bytesReceived: bytesReceived, notes: notes)
      case .fail(let error):
        throw error
      case .retry(let error, let serverDelay):
        let delay = serverDelay ?? policy.backoff(afterAttempt: attempt)
        guard attempt < policy.maxAttempts, delay <= policy.maxServerDelay else {
          throw finalError(error, attempts: attempt, serverDelay: serverDelay)
        }
        notes.append(
          "\(provider.displayName) answered HTTP \(response.status); retried after \(ProviderError.seconds(delay))")
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        attempt += 1
      }
    }
  }

  private func finalError(_ error: ProviderError, attempts: Int, serverDelay: Double?) -> ProviderError {
    switch error {
    case .rateLimited(let provider, let message, _, _):
      return .rateLimited(provider: provider, message: message, attempts: attempts, retryAfterSeconds: serverDelay)
    case .serverError(let provider, let status, let message, _):
      return .serverError(provider: provider, status: status, message: message, attempts: attempts)
    default:
      return error
    }
  }
}
