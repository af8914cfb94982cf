import DeglareCore
import FuzzSupport

/// A Gemini generateContent answer (first byte: the status; then the body) through the retry
/// classification, the inline-image reader (base64) and the returned-image decoder; no message may
/// hold the key.
@main
enum FuzzGemini: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    FuzzResponse.exercise(bytes, provider: .gemini)
  }
}
