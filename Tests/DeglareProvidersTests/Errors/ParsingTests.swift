import DeglareCore
import DeglareTransport
import Testing

@testable import DeglareProviders

@Suite("JSON, base64 and error-body parsing")
struct ParsingTests {
  @Test("JSON values, escapes and surrogate pairs")
  func json() throws {
    let value = try JSONParser.parse(
      Array(#"{"a":[1,-2.5e1,true,null],"s":"x\"\\\/\n\u00e9\ud83d\ude00","o":{}}"#.utf8))
    #expect(value.text == #"{"a":[1,-25,true,null],"s":"x\"\\/\né😀","o":{}}"#)
    #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(Array("{\"a\":1".utf8)) }
    #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(Array("{\"a\":1} x".utf8)) }
    #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(Array("\"\u{1}\"".utf8)) }
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(Array(deep.utf8)) }
  }

  @Test("base64: both alphabets, with or without padding")
  func base64() {
    let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x10]
    #expect(Base64.encode(bytes) == "+/+/ABA=")
    #expect(Base64.decode("+/+/ABA=") == bytes)
    #expect(Base64.decode("-_-_ABA") == bytes)
    #expect(Base64.decode("-_-_ABA=") == bytes)
    #expect(Base64.decode("not base64!") == nil)
  }

  @Test("non-JSON error bodies give their first meaningful line")
  func firstLine() {
    #expect(
      ErrorText.firstLine(of: Array("<html>\n<head><title>502 Bad Gateway</title></head>".utf8)) == "502 Bad Gateway")
    #expect(
      ErrorText.firstLine(of: Array("\n\n  upstream connect error or disconnect/reset\nmore".utf8))
        == "upstream connect error or disconnect/reset")
    #expect(ErrorText.firstLine(of: []) == "(empty body)")
  }

  @Test("OpenAI 429s: insufficient_quota is final, rate_limit_exceeded retries with retry-after-ms")
  func openAI429() {
    let redactor = Redactor(secrets: [])
    let quota = HTTPResponse(
      status: 429,
      body: Array(
        #"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}"#
          .utf8))
    guard case .fail(.quotaExhausted) = OpenAIResponse.classify(quota, redactor: redactor) else {
      Issue.record("insufficient_quota must not retry")
      return
    }
    let limit = HTTPResponse(
      status: 429, headers: [HTTPHeader("retry-after-ms", "1500"), HTTPHeader("retry-after", "2")],
      body: Array(
        #"{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}"#.utf8)
    )
    guard case .retry(.rateLimited, let delay) = OpenAIResponse.classify(limit, redactor: redactor) else {
      Issue.record("rate_limit_exceeded must retry")
      return
    }
    #expect(delay == 1.5)
    let noRetry = HTTPResponse(status: 503, headers: [HTTPHeader("x-should-retry", "false")], body: [])
    guard case .fail(.serverError(_, 503, "(empty body)", 1)) = OpenAIResponse.classify(noRetry, redactor: redactor)
    else {
      Issue.record("x-should-retry: false must be honoured")
      return
    }
  }

  @Test("Gemini: RetryInfo delay, free-tier quota, API_KEY_INVALID, unknown-field hint")
  func gemini() {
    let redactor = Redactor(secrets: [])
    let limited = HTTPResponse(
      status: 429,
      body: Array(
        #"{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"7s"}]}}"#
          .utf8))
    guard case .retry(.rateLimited, 7?) = GeminiResponse.classify(limited, redactor: redactor) else {
      Issue.record("a plain 429 retries after RetryInfo")
      return
    }
    let free = HTTPResponse(
      status: 429,
      body: Array(
        #"{"error":{"code":429,"message":"Quota exceeded ... limit: 0, model: x","status":"RESOURCE_EXHAUSTED"}}"#.utf8)
    )
    guard case .fail(.quotaExhausted(_, _, let hint?)) = GeminiResponse.classify(free, redactor: redactor) else {
      Issue.record("limit: 0 is final")
      return
    }
    #expect(hint.contains("billing"))
    let key = HTTPResponse(
      status: 400,
      body: Array(
        #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}"#
          .utf8))
    guard case .fail(.keyRejected(_, 400, _)) = GeminiResponse.classify(key, redactor: redactor) else {
      Issue.record("API_KEY_INVALID is a key problem")
      return
    }
    let field = HTTPResponse(
      status: 400,
      body: Array(
        #"{"error":{"code":400,"message":"Invalid JSON payload received. Unknown name \"responseModalities\" at 'generation_config': Cannot find field.","status":"INVALID_ARGUMENT"}}"#
          .utf8))
    guard case .fail(.requestRejected(_, 400, _, let hint?)) = GeminiResponse.classify(field, redactor: redactor) else {
      Issue.record("unknown field is a refused request with a hint")
      return
    }
    #expect(hint.contains("GOOGLE_GENAI_API_VERSION"))
  }
}
