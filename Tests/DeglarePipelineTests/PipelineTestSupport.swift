import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareProviders
import Synchronization

/// A provider whose answer waits for ``release()``; it repaints the whole crop with one colour
/// (the sample value `fill`) so results are recognisable. With `honoursCancellation` false it
/// answers even after a teardown cancelled it, which exercises the generation check itself.
final class GatedProvider: ImageEditProvider, Sendable {
  let id = ProviderID.local
  let model = "test"
  let capability: UploadCapability
  let fill: Int
  let honoursCancellation: Bool
  private let state = Mutex<(released: Bool, waiters: [CheckedContinuation<Void, Never>], calls: Int)>((false, [], 0))

  init(fill: Int, capability: UploadCapability = .native, honoursCancellation: Bool = true, released: Bool = false) {
    self.fill = fill
    self.capability = capability
    self.honoursCancellation = honoursCancellation
    state.withLock { $0.released = released }
  }

  var calls: Int { state.withLock { $0.calls } }

  func release() {
    let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
      s.released = true
      defer { s.waiters = [] }
      return s.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    [
      UploadFile(name: "image.png", bytes: try PNGCodec.encode(request.image)),
      UploadFile(name: "mask.png", bytes: try PNGCodec.encode(request.mask.grayImage)),
    ]
  }

  func edit(_ request: EditRequest) async throws -> EditResult {
    state.withLock { $0.calls += 1 }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { s -> Bool in
        if s.released { return true }
        s.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
    if honoursCancellation { try Task.checkCancellation() }
    var patch = ImageBuffer(
      width: request.image.width, height: request.image.height, layout: request.image.layout.withAlpha(false),
      bitDepth: request.image.bitDepth)
    for y in 0..<patch.height {
      for x in 0..<patch.width {
        for c in 0..<patch.channelCount { patch.setSample(x: x, y: y, channel: c, fill) }
      }
    }
    return EditResult(image: patch, model: "test")
  }
}

/// A session and its output, as the removal-session suites set them up.
enum SessionFixtures {
  /// A session holding `image` (a PNG from "in.png") and `mask`.
  static func loadedSession(image: ImageBuffer, mask: Mask) async -> RemovalSession {
    let session = RemovalSession()
    await session.load(
      image: DecodedImage(image: image, metadata: ImageMetadata(), format: .png), mask: mask)
    return session
  }

  /// Settings that write the result to `path` (a PNG, never over an existing file).
  static func settings(_ path: String) -> RemoveSettings {
    RemoveSettings(output: OutputSettings(path: path, options: ImageWriteOptions(), inputs: []))
  }
}

/// Each way a removal in flight can be torn down by the user.
enum Teardown: String, CaseIterable, Sendable {
  case cancel, clearMask, replaceMask, replaceImage, close

  /// Tears down on `session`: `replaceMask` puts `newMask`, `replaceImage` loads `image` again
  /// under another path.
  func apply(to session: RemovalSession, newMask: Mask, image: ImageBuffer) async {
    switch self {
    case .cancel: await session.cancel()
    case .clearMask: await session.clearMask()
    case .replaceMask: await session.replaceMask(newMask)
    case .replaceImage:
      await session.replaceImage(DecodedImage(image: image, metadata: ImageMetadata(), format: .png))
    case .close: await session.close()
    }
  }

  /// The mask the session holds afterwards, when it held `mask` before.
  func mask(after mask: Mask, newMask: Mask) -> Mask? {
    switch self {
    case .cancel: return mask
    case .replaceMask: return newMask
    case .clearMask, .replaceImage, .close: return nil
    }
  }
}
