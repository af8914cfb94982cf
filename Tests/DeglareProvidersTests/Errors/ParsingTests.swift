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

  /// A response with `status`, `headers` and the text `json` as its body.
  func response(_ status: Int, headers: [HTTPHeader] = [], _ json: String) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Array(json.utf8))
  }

  @Test("OpenAI 429s: insufficient_quota is final, rate_limit_exceeded retries with retry-after-ms")
  func openAI429() {
    func classify(_ response: HTTPResponse) -> AttemptOutcome {
      OpenAIResponse.classify(response, redactor: Redactor(secrets: []))
    }
    let quota = classify(
      response(
        429,
        #"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}"#
      ))
    if case .fail(.quotaExhausted) = quota {} else { Issue.record("insufficient_quota must not retry") }
    let limit = classify(
      response(
        429, headers: [HTTPHeader("retry-after-ms", "1500"), HTTPHeader("retry-after", "2")],
        #"{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}"#))
    if case .retry(.rateLimited, let delay) = limit {
      #expect(delay == 1.5)
    } else {
      Issue.record("rate_limit_exceeded must retry")
    }
    let noRetry = classify(response(503, headers: [HTTPHeader("x-should-retry", "false")], ""))
    if case .fail(.serverError(_, 503, "(empty body)", 1)) = noRetry {
    } else {
      Issue.record("x-should-retry: false must be honoured")
    }
  }

  @Test("Gemini: RetryInfo delay, free-tier quota, API_KEY_INVALID, unknown-field hint")
  func gemini() {
    func classify(_ status: Int, _ json: String) -> AttemptOutcome {
      GeminiResponse.classify(response(status, json), redactor: Redactor(secrets: []))
    }
    let limited = classify(
      429,
      #"{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"7s"}]}}"#
    )
    if case .retry(.rateLimited, 7?) = limited {} else { Issue.record("a plain 429 retries after RetryInfo") }
    let free = classify(
      429, #"{"error":{"code":429,"message":"Quota exceeded ... limit: 0, model: x","status":"RESOURCE_EXHAUSTED"}}"#)
    if case .fail(.quotaExhausted(_, _, let hint?)) = free {
      #expect(hint.contains("billing"))
    } else {
      Issue.record("limit: 0 is final")
    }
    let key = classify(
      400,
      #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}"#
    )
    if case .fail(.keyRejected(_, 400, _)) = key {} else { Issue.record("API_KEY_INVALID is a key problem") }
    let field = classify(
      400,
      #"{"error":{"code":400,"message":"Invalid JSON payload received. Unknown name \"responseModalities\" at 'generation_config': Cannot find field.","status":"INVALID_ARGUMENT"}}"#
    )
    if case .fail(.requestRejected(_, 400, _, let hint?)) = field {
      #expect(hint.contains("GOOGLE_GENAI_API_VERSION"))
    } else {
      Issue.record("unknown field is a refused request with a hint")
    }
  }
}
