import DeglareCore
import FuzzSupport

/// An OpenAI images/edits answer (first byte: the status; then the body) through the retry
/// classification, the `b64_json` reader and the returned-image decoder; no message may hold the key.
@main
enum FuzzOpenAI {
  static func main() { FuzzDriver.run { data, size in FuzzOpenAI.test(FuzzInput.bytes(data, size)) } }

  static func test(_ bytes: [UInt8]) -> CInt {
    FuzzResponse.exercise(bytes, provider: .openai)
    return 0
  }
}
