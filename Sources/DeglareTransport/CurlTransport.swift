// The production HTTPTransport: libcurl's multi interface, one transfer per request, each on its
// own thread so a slow upload never blocks Swift's cooperative pool (two threads on this
// machine). Cancelling the Swift task wakes the thread's curl_multi_poll with curl_multi_wakeup,
// so a transfer stops at once instead of at the next once-a-second progress callback.

import Foundation

/// Sends requests with libcurl: TLS verification on, connect and total timeouts, a cap on the
/// response size, explicit proxy settings, `http://` only to loopback hosts, no redirects.
///
/// Safe to share between tasks: each `send` creates its own curl handles.
public struct CurlTransport: HTTPTransport {
  /// Tunables, with the defaults deglare uses.
  public struct Configuration: Sendable, Equatable {
    /// Seconds allowed to establish the connection (TCP + TLS). Default 15.
    public var connectTimeout: Double
    /// Seconds allowed for the whole transfer, upload to last byte. Default 300 (`--timeout`).
    public var totalTimeout: Double
    /// The largest response body accepted, in bytes, after content decoding. Default 256 MiB
    /// (a 4K PNG in base64 inside JSON is under 100 MB).
    public var maxResponseBytes: Int
    /// The `User-Agent` header.
    public var userAgent: String
    /// Which proxy to use (from the environment; see ``ProxyConfiguration``).
    public var proxy: ProxyConfiguration
    /// The longest a transfer's thread sleeps in `curl_multi_poll`, in seconds, when libcurl has
    /// no sooner timer. A cancel wakes it at once (`curl_multi_wakeup`), so this only bounds a
    /// lost wakeup. Default 30.
    public var idleWait: Double

    /// Creates a configuration.
    public init(
      connectTimeout: Double = 15, totalTimeout: Double = 300, maxResponseBytes: Int = 256 << 20,
      userAgent: String = "deglare/0.1", proxy: ProxyConfiguration = .none, idleWait: Double = 30
    ) {
      self.connectTimeout = connectTimeout
      self.totalTimeout = totalTimeout
      self.maxResponseBytes = maxResponseBytes
      self.userAgent = userAgent
      self.proxy = proxy
      self.idleWait = idleWait
    }
  }

  /// The configuration every request uses.
  public let configuration: Configuration

  /// Creates a transport.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Sends `request` on a dedicated thread; cancelling the calling task aborts the transfer
  /// immediately and throws `CancellationError`.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let endpoint = try EndpointPolicy.validate(request.url)
    try Task.checkCancellation()
    let transfer = try CurlTransfer(request: request, endpoint: endpoint, configuration: configuration)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        Thread.detachNewThread {
          continuation.resume(with: transfer.run())
        }
      }
    } onCancel: {
      transfer.cancel()
    }
  }

  /// The libcurl version string ("libcurl/7.88.1 OpenSSL/3.0.15 ..."), for `--version` output.
  public static var libraryVersion: String { CurlTransfer.libraryVersion }
}
