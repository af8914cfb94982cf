import DeglareCore
import FuzzSupport

/// An OpenAI images/edits answer (first byte: the status; then the body) through the retry
/// classification, the `b64_json` reader and the returned-image decoder; no message may hold the key.
@main
enum FuzzOpenAI: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    FuzzResponse.exercise(bytes, provider: .openai)
  }
}
