// TEMPORARY placeholder so main builds until the local-inpaint branch lands (it replaces this file).
import DeglareCodecs
import DeglareCore

public struct LocalProvider: ImageEditProvider {
  public let method: LocalMethod
  public init(method: LocalMethod) { self.method = method }
  public var name: String { "local" }
  public var model: String { method.rawValue }
  public var capability: UploadCapability { .native }
  public var isRemote: Bool { false }
  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    [UploadFile(name: "image.png", bytes: try PNGCodec.encode(request.image)),
     UploadFile(name: "mask.png", bytes: try PNGCodec.encode(request.mask.grayImage))]
  }
  public func edit(_ request: EditRequest) async throws -> EditResult {
    try Task.checkCancellation()
    return EditResult(image: LocalInpainter.repaint(request.image, mask: request.mask, method: method), model: method.rawValue)
  }
}
