import DeglareCodecs
import DeglareCore
import DeglareKeyStore
import DeglarePipeline

/// What `deglare workbench` was started with.
public struct WorkbenchOptions: Sendable {
  /// The photo to open first, or nil to start with the working folder's images.
  public var imagePath: String?
  /// A mask to start from (`--mask`), the photo's size.
  public var maskPath: String?
  /// Where Save writes the first photo's result (`-o`); nil for `<stem>.deglared.png` beside it.
  public var outputPath: String?
  /// The provider selected at first.
  public var provider: ProviderID
  /// The port on 127.0.0.1 (0: a free one).
  public var port: Int
  /// The environment (keys, base URLs).
  public var environment: [String: String]
  /// Where keys are kept besides the environment.
  public var secretStore: any SecretStore
  /// Decoding limits (`--max-pixels`).
  public var decodeOptions: DecodeOptions
  /// Crop padding around the mask, as a fraction of its longer side (as `remove --padding`).
  public var padding: Double
  /// Inward feather width in pixels (as `remove --feather`).
  public var feather: Double

  /// Creates options; the defaults are `remove`'s.
  public init(
    imagePath: String? = nil, maskPath: String? = nil, outputPath: String? = nil,
    provider: ProviderID = RemoveRequest.defaultProvider, port: Int = 0, environment: [String: String] = [:],
    secretStore: any SecretStore, decodeOptions: DecodeOptions = DecodeOptions(),
    padding: Double = RemoveSettings.defaultPadding, feather: Double = RemoveSettings.defaultFeather
  ) {
    self.imagePath = imagePath
    self.maskPath = maskPath
    self.outputPath = outputPath
    self.provider = provider
    self.port = port
    self.environment = environment
    self.secretStore = secretStore
    self.decodeOptions = decodeOptions
    self.padding = padding
    self.feather = feather
  }
}

/// A request the workbench refuses, with the HTTP status and one sentence for the page.
struct WorkbenchError: Error, Equatable, CustomStringConvertible {
  /// 400 bad request, 404 not found, 409 conflict with the session's state, 422 unusable input.
  var status: Int
  /// What went wrong and what to do.
  var message: String

  var description: String { message }

  /// 400: the request itself is malformed.
  static func badRequest(_ message: String) -> WorkbenchError { WorkbenchError(status: 400, message: message) }
  /// 409: not possible in the session's current state.
  static func conflict(_ message: String) -> WorkbenchError { WorkbenchError(status: 409, message: message) }
  /// 422: the input (an image or mask file) cannot be used.
  static func unusable(_ message: String) -> WorkbenchError { WorkbenchError(status: 422, message: message) }
}
