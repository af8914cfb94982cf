import DeglareCore

/// One repaint request: the crop at upload size and the binary mask of what may change.
public struct EditRequest: Sendable {
  /// The crop, resized to the upload size; the original's channels and depth (alpha, if any, is
  /// for the provider to drop: every provider repaints colour only).
  public var image: ImageBuffer
  /// The binary mask at the same size (255 = repaint, 0 = keep).
  public var mask: Mask

  /// Creates a request. The prompt is the provider's (``RemoteConfiguration/prompt``).
  public init(image: ImageBuffer, mask: Mask) {
    precondition(image.size == mask.size, "the mask must match the image")
    self.image = image
    self.mask = mask
  }
}

/// One file exactly as a provider would upload it (for `--dry-run`).
public struct UploadFile: Sendable, Equatable {
  /// A file name for it in the dry-run folder ("image.png", "mask.png").
  public var name: String
  /// The exact bytes.
  public var bytes: [UInt8]

  /// Creates an upload file.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// What came back from a provider.
public struct EditResult: Sendable {
  /// The repainted image as returned (any size: the pipeline resizes it to the crop).
  public var image: ImageBuffer
  /// The model or method that produced it ("gpt-image-1.5", "subtract").
  public var model: String
  /// Token usage as the provider reported it, if it did.
  public var usage: JSONValue?
  /// Bytes sent and received over the network (0 for the local provider).
  public var bytesSent: Int
  /// Bytes received.
  public var bytesReceived: Int
  /// Notes for the user (an unknown model id mapped to its family, a retry after a rate limit).
  public var notes: [String]
  /// What the local method did per connected part of the mask, in the coordinates of the image
  /// it was given (the crop); empty for remote providers.
  public var regions: [LocalRegion]

  /// Creates a result.
  public init(
    image: ImageBuffer, model: String, usage: JSONValue? = nil, bytesSent: Int = 0, bytesReceived: Int = 0,
    notes: [String] = [], regions: [LocalRegion] = []
  ) {
    self.image = image
    self.model = model
    self.usage = usage
    self.bytesSent = bytesSent
    self.bytesReceived = bytesReceived
    self.notes = notes
    self.regions = regions
  }
}

/// A repainting service: local, OpenAI or Gemini. The remove pipeline knows only this protocol.
///
/// `edit` is cancellable: a cancelled task makes it throw `CancellationError` promptly (a remote
/// provider aborts its transfer), and it never writes files.
public protocol ImageEditProvider: Sendable {
  /// Which provider this is.
  var id: ProviderID { get }
  /// The model id (remote) or method (local) that will run.
  var model: String { get }
  /// The sizes this provider/model is sent (for a remote model: the sizes it is asked to make).
  var capability: UploadCapability { get }
  /// What a request for `plan` (planned with ``capability``) will be billed for; nil for the
  /// local provider, which costs nothing.
  /// - Throws: ``ProviderError/invalidOption(message:)`` when the output asked for is larger than
  ///   the crop needs (nothing has been sent).
  func billing(for plan: CropPlan) throws -> BilledOutput?
  /// The files exactly as `edit` would upload them, computed without any network access or key.
  func uploadPreview(for request: EditRequest) throws -> [UploadFile]
  /// Repaints the masked area.
  func edit(_ request: EditRequest) async throws -> EditResult
}

extension ImageEditProvider {
  /// Whether the photo leaves the machine (false only for the local provider).
  public var isRemote: Bool { id.isRemote }

  /// No bill: what a provider that costs nothing has (the local one, test doubles). A provider
  /// that wraps another must forward it.
  public func billing(for plan: CropPlan) throws -> BilledOutput? { nil }
}
