import DeglareCore
import DeglareTransport

/// OpenAI or Gemini: repaints through a remote API. Which API is the configuration's model's
/// provider; the steps every API shares are ``RemoteCall``'s, what differs is a ``RemoteAPI``'s.
public struct RemoteProvider: ImageEditProvider {
  private let call: RemoteCall

  /// Creates a provider for `configuration.model.provider` that sends through `transport`.
  public init(configuration: RemoteConfiguration, transport: any HTTPTransport) {
    call = RemoteCall(configuration: configuration, transport: transport)
  }

  /// The configuration.
  public var configuration: RemoteConfiguration { call.configuration }
  /// ``ProviderID/openai`` or ``ProviderID/gemini``.
  public var id: ProviderID { call.provider }
  /// The model id.
  public var model: String { configuration.model.id }
  /// The model's upload sizes, as the options narrow them (``RemoteConfiguration/capability``).
  public var capability: UploadCapability { configuration.capability }

  /// The model, output size and quality a request for `plan` is billed for.
  public func billing(for plan: CropPlan) throws -> BilledOutput? { try configuration.billing(for: plan) }

  /// The files exactly as `edit` would upload them, computed without any network access or key.
  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    try api.uploads(for: request, configuration: configuration)
  }

  /// Sends the edit, retrying rate limits and server errors, and decodes the returned image.
  public func edit(_ request: EditRequest) async throws -> EditResult {
    try await api.edit(request, call: call)
  }

  private var api: any RemoteAPI.Type { Self.api(for: id) }

  /// The API of a remote provider.
  static func api(for provider: ProviderID) -> any RemoteAPI.Type {
    provider == .openai ? OpenAIAPI.self : GeminiAPI.self
  }
}

/// What differs between the remote APIs: the uploads, the requests, and how answers read.
protocol RemoteAPI {
  /// The files exactly as ``edit(_:call:)`` uploads them.
  static func uploads(for request: EditRequest, configuration: RemoteConfiguration) throws -> [UploadFile]
  /// Sends the edit through `call` and returns the repainted crop.
  static func edit(_ request: EditRequest, call: RemoteCall) async throws -> EditResult
  /// The free, authenticated models list (`keys check`).
  static func modelsRequest(configuration: RemoteConfiguration, key: String) -> HTTPRequest
  /// What an answer means for the retry loop.
  static func classify(_ response: HTTPResponse, redactor: Redactor) -> AttemptOutcome
  /// How many models a models list names, and whether `model` is among them (nil: unknown).
  static func models(in list: JSONValue, including model: String) -> ModelList
}

/// What a models list says (``KeyCheck``).
struct ModelList {
  /// Models listed.
  var count: Int
  /// Whether the model asked about is listed; nil when the list does not say.
  var includesModel: Bool?
}
