import DeglareCore
import DeglareTransport

/// The steps every remote request takes, whichever the API: check the key, send with retries
/// (the provider classifies each answer), and, for an edit, decode the returned image and collect
/// the notes. The provider supplies the request and reads its answer.
struct RemoteCall: Sendable {
  /// Key, model and retries.
  let configuration: RemoteConfiguration
  /// Where requests go.
  let transport: any HTTPTransport

  /// The provider (the model's), for messages and errors.
  var provider: ProviderID { configuration.model.provider }

  /// The image and usage read from a successful edit answer.
  typealias Answer = (image: [UInt8], usage: JSONValue?)

  /// Sends the request `build` makes with the checked key, retrying as the configuration allows.
  /// - Throws: ``ProviderError`` (a missing or malformed key before anything is sent),
  ///   `CancellationError`.
  func send(
    _ build: (_ key: String) throws -> HTTPRequest, classify: (HTTPResponse, Redactor) -> AttemptOutcome
  ) async throws -> (outcome: RetryingSender.Outcome, redactor: Redactor) {
    let key = try APIKey.checked(configuration.apiKey, for: provider)
    let redactor = Redactor(secrets: [key])
    let request = try build(key)
    try Task.checkCancellation()
    let sender = RetryingSender(
      transport: transport, policy: configuration.retry, provider: provider, redactor: redactor)
    let outcome = try await sender.send(request) { classify($0, redactor) }
    return (outcome, redactor)
  }

  /// Sends an edit and decodes the image it returns, checked against the `expected` size's
  /// aspect ratio; the model's note (an unknown id, a retired model) comes first in the notes.
  func edit(
    expected: PixelSize, _ build: (_ key: String) throws -> HTTPRequest,
    classify: (HTTPResponse, Redactor) -> AttemptOutcome,
    answer: (HTTPResponse, Redactor) throws(ProviderError) -> Answer
  ) async throws -> EditResult {
    let (outcome, redactor) = try await send(build, classify: classify)
    let answer = try answer(outcome.response, redactor)
    let image = try ReturnedImage.decode(answer.image, provider: provider, expected: expected)
    var notes = outcome.notes
    if let note = configuration.model.note { notes.insert(note, at: 0) }
    return EditResult(
      image: image, model: configuration.model.id, usage: answer.usage, bytesSent: outcome.bytesSent,
      bytesReceived: outcome.bytesReceived, notes: notes)
  }

  /// The JSON object a successful answer holds.
  /// - Throws: ``ProviderError/badResponse(provider:message:)`` when the body is not JSON (its
  ///   first line, redacted with the call's key, in the message), or not an object.
  static func jsonObject(_ response: HTTPResponse, provider: ProviderID, redactor: Redactor) throws(ProviderError)
    -> JSONValue
  {
    let json: JSONValue
    do {
      json = try JSONParser.parse(response.body)
    } catch {
      throw .badResponse(
        provider: provider,
        message:
          "the answer is not valid JSON (\(error)): \(redactor.redact(ErrorText.firstLine(of: response.body)))")
    }
    guard json.isObject else { throw .badResponse(provider: provider, message: "the answer is not a JSON object") }
    return json
  }
}
