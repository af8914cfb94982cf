import DeglareProviders
import DeglareTestSupport
import Foundation
import Testing

/// The captured requests of the official Python SDKs (../shared/providers/captures, made by
/// pointing `openai` 3.57 and `google-genai` 3.6.1 at a recorder), read relative to the package root.
enum Captures {
  /// The captures folder: `<root>/../shared/providers/captures` (the main checkout), or one level
  /// further up (a worktree under `wt/`); nil when neither exists.
  static let directory: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    for relative in ["../shared/providers/captures", "../../shared/providers/captures"] {
      let url = root.appendingPathComponent(relative).standardized
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("openai").path) { return url }
    }
    return nil
  }()

  static func load(_ name: String) throws -> [String: Any] {
    let directory = try #require(directory)
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The parts of a Gemini body's first content, nil when it has none.
  static func parts(_ body: Any) -> [[String: Any]]? {
    ((body as? [String: Any])?["contents"] as? [[String: Any]])?.first?["parts"] as? [[String: Any]]
  }

  /// Every key path of a JSON value ("contents[].parts[].inlineData.data"), with the value's type.
  static func keyPaths(_ value: Any, prefix: String = "") -> Set<String> {
    if let object = value as? [String: Any] {
      var paths: Set<String> = [prefix + ":object"]
      for (key, child) in object { paths.formUnion(keyPaths(child, prefix: prefix.isEmpty ? key : prefix + "." + key)) }
      return paths
    }
    if let array = value as? [Any] {
      var paths: Set<String> = [prefix + ":array"]
      for child in array { paths.formUnion(keyPaths(child, prefix: prefix + "[]")) }
      return paths
    }
    if value is String { return [prefix + ":string"] }
    return [prefix + ":other"]
  }
}

@Suite(
  "deglare's requests match the official SDKs' captured requests", .serialized,
  .enabled(if: Captures.directory != nil, "skipped: ../shared/providers/captures is absent (it is present in CI)"))
struct CaptureComparisonTests {
  @Test("OpenAI multipart: part names, order, file names, content types and values (capture 002)")
  func openAI() async throws {
    let capture = try Captures.load("openai/002-openai-edit-all-options.request.json")
    let captured = try #require(capture["multipart_parts_in_order"] as? [[String: Any]])
    try await withStubServer { server in
      let provider = try ProviderFactory.make(
        provider: .openai, key: "sk-capture-comparison-0123456789",
        options: ProviderOptions(model: "gpt-image-1", quality: "high"),
        environment: ["OPENAI_BASE_URL": server.openAIBaseURL])
      let size = 1024
      _ = try await provider.edit(
        EditRequest(
          image: ProviderFixtures.crop(width: size / 16, height: size / 16),
          mask: ProviderFixtures.mask(width: 64, height: 64)))
      let ours = try #require(try server.requests().first)
      #expect(ours.method == capture["method"] as? String)
      #expect(ours.path == capture["path"] as? String)
      #expect(ours.contentType?.hasPrefix("multipart/form-data; boundary=") == true)
      #expect(ours.header("Authorization")?.hasPrefix("Bearer ") == true)
      let parts = try #require(ours.multipart)

      // Same names, in the SDK's order (it also sends `background`, which deglare leaves out).
      let capturedNames = captured.compactMap { $0["name"] as? String }
      #expect(parts.map(\.name) == capturedNames.filter { $0 != "background" })
      for part in parts {
        let reference = try #require(captured.first { $0["name"] as? String == part.name })
        #expect(part.filename == reference["filename"] as? String, "filename of \(part.name)")
        #expect(part.contentType == reference["content_type"] as? String, "content type of \(part.name)")
        let headers = try #require(reference["raw_part_headers"] as? [String])
        #expect(part.headers == headers, "part headers of \(part.name)")
        if part.filename == nil, part.name != "prompt" {
          #expect(part.value == reference["value"] as? String, "value of \(part.name)")
        }
        if let image = reference["image"] as? [String: Any] {
          #expect(part.image?.bitDepth == image["bit_depth"] as? Int, "bit depth of \(part.name)")
          #expect(part.image?.channels == image["color_type"] as? String, "channels of \(part.name)")
        }
      }
    }
  }

  @Test("Gemini JSON: the same keys, nesting and types as the SDK (captures 027 and 029)", arguments: [nil, "2K"])
  func gemini(_ imageSize: String?) async throws {
    let capture = try Captures.load(
      imageSize == nil
        ? "gemini/027-gemini-edit-basic.request.json" : "gemini/029-gemini-edit-gemini3-image-size.request.json")
    let capturedBody = try #require(capture["json_body"])
    let model = imageSize == nil ? "gemini-2.5-flash-image" : "gemini-3.1-flash-image"
    try await withStubServer { server in
      let provider = try ProviderFactory.make(
        provider: .gemini, key: "AIzaCaptureComparison0123456789",
        options: ProviderOptions(model: model, quality: imageSize),
        environment: ["GOOGLE_GEMINI_BASE_URL": server.geminiBaseURL])
      _ = try await provider.edit(
        EditRequest(
          image: ProviderFixtures.crop(width: 32, height: 24), mask: ProviderFixtures.mask(width: 32, height: 24)))
      let ours = try #require(try server.requests().first)
      #expect(ours.method == capture["method"] as? String)
      #expect(ours.path == "/v1/models/\(model):generateContent")
      #expect((capture["path"] as? String)?.hasPrefix("/v1/models/") == true)
      #expect(ours.header("x-goog-api-key") != nil)
      #expect(ours.contentType == "application/json")
      let body = try JSONSerialization.jsonObject(with: Data(try server.body(ofRequest: 0)))
      #expect(Captures.keyPaths(body) == Captures.keyPaths(capturedBody))
      // Values that must match exactly: role, MIME types, the order text-image-image.
      let parts = try #require(Captures.parts(body))
      let capturedParts = try #require(Captures.parts(capturedBody))
      #expect(parts.count == 3)
      #expect(parts.map { $0.keys.sorted() } == capturedParts.map { $0.keys.sorted() })
      #expect(
        parts.compactMap { ($0["inlineData"] as? [String: Any])?["mime_type"] as? String }
          == capturedParts.compactMap { ($0["inlineData"] as? [String: Any])?["mime_type"] as? String })
      let images = try #require(ours.inlineImages)
      #expect(images.map { $0.image?.channels } == ["RGB", "gray"])  // as the SDK capture: RGB crop, gray mask
    }
  }
}
