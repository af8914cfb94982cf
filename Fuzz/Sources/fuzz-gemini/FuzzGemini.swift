import DeglareCore
import FuzzSupport

/// A Gemini generateContent answer (first byte: the status; then the body) through the retry
/// classification, the inline-image reader (base64) and the returned-image decoder; no message may
/// hold the key.
@main
enum FuzzGemini {
  static func main() { FuzzDriver.run { data, size in FuzzGemini.test(FuzzInput.bytes(data, size)) } }

  static func test(_ bytes: [UInt8]) -> CInt {
    FuzzResponse.exercise(bytes, provider: .gemini)
    return 0
  }
}
