import DeglareCodecs
import DeglareCore

/// The offline provider behind `--provider local`, the default: repaints with
/// ``LocalInpainter`` on this machine. Nothing is uploaded, no key is needed, and the same input
/// always gives the same output.
public struct LocalProvider: ImageEditProvider {
  /// The method that runs (`--method`).
  public let method: LocalMethod
  /// Thresholds and scales of the local methods.
  public let configuration: LocalInpainter.Configuration

  /// Creates the provider.
  /// - Parameters:
  ///   - method: subtract, fill or auto (the default).
  ///   - configuration: the inpainter's tunables; the defaults are the measured ones.
  public init(method: LocalMethod = .auto, configuration: LocalInpainter.Configuration = LocalInpainter.Configuration())
  {
    self.method = method
    self.configuration = configuration
  }

  /// ``ProviderID/local``.
  public var id: ProviderID { .local }

  /// The method's name ("subtract", "fill" or "auto").
  public var model: String { method.rawValue }

  /// Any size: the crop is repainted at its own resolution.
  public var capability: UploadCapability { .native }

  /// The crop and the mask exactly as the local method receives them, as PNGs ("image.png" with
  /// the crop's channels and depth, "mask.png" 8-bit gray).
  /// - Throws: `CodecError` if PNG encoding fails.
  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    [
      UploadFile(name: "image.png", bytes: try PNGCodec.encode(request.image)),
      UploadFile(name: "mask.png", bytes: try PNGCodec.encode(request.mask.grayImage)),
    ]
  }

  /// Repaints the masked area on a background thread.
  /// - Returns: the crop at its own size, layout and depth; `model` is the method's name.
  /// - Throws: `CancellationError` when the task is cancelled before or during the work (a
  ///   result computed for a cancelled task is dropped).
  public func edit(_ request: EditRequest) async throws -> EditResult {
    try Task.checkCancellation()
    let method = self.method
    let configuration = self.configuration
    let image = request.image
    let mask = request.mask
    // The repaint is synchronous CPU work (up to a few seconds on a large crop): keep it off the
    // caller's executor.
    let repainted = await Task.detached(priority: .userInitiated) {
      LocalInpainter.repaint(image, mask: mask, method: method, configuration: configuration)
    }.value
    try Task.checkCancellation()
    return EditResult(image: repainted, model: method.rawValue)
  }
}
