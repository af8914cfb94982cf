import DeglareCore
import DeglareTransport

@testable import DeglareProviders

/// A provider's HTTP answer from fuzz input, and what deglare makes of it.
public enum FuzzResponse {
  /// A key the "user" has: every message made from an answer must have it redacted.
  public static let key = "sk-fuzz-0123456789abcdefABCDEF"

  /// The statuses the first input byte picks from (success, every class the providers tell apart).
  static let statuses = [200, 200, 200, 400, 401, 403, 404, 408, 409, 429, 500, 503]

  /// The first byte picks the status, the rest is the body.
  public static func response(_ bytes: [UInt8]) -> HTTPResponse {
    let status = statuses[Int(bytes.first ?? 0) % statuses.count]
    return HTTPResponse(status: status, body: Array(bytes.dropFirst()))
  }

  /// Classifies the answer as `provider`'s retry loop does, reads the image of a success,
  /// decodes it as a returned image, and checks that no message made on the way holds the key.
  public static func exercise(_ bytes: [UInt8], provider: ProviderID) {
    let classify: (HTTPResponse, Redactor) -> AttemptOutcome
    let answer: (HTTPResponse, Redactor) throws(ProviderError) -> RemoteCall.Answer
    switch provider {
    case .gemini:
      classify = GeminiResponse.classify
      answer = GeminiResponse.answer(from:redactor:)
    default:
      classify = OpenAIResponse.classify
      answer = OpenAIResponse.answer(from:redactor:)
    }
    let redactor = Redactor(secrets: [key])
    let response = response(bytes)
    var messages: [String] = []
    switch classify(response, redactor) {
    case .success(let success):
      do {
        let (image, usage) = try answer(success, redactor)
        if let usage { messages.append(usage.text) }
        do {
          _ = try ReturnedImage.decode(image, provider: provider, expected: PixelSize(width: 96, height: 64))
        } catch {
          messages.append(error.description)
        }
      } catch {
        messages.append(error.description)
      }
    case .retry(let error, _), .fail(let error):
      messages.append(error.description)
    }
    for message in messages where message.contains(key) {
      fatalError("a message holds the key: \(message)")
    }
  }
}
