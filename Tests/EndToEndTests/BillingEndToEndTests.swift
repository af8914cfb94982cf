import DeglareTestSupport
import Foundation
import Testing

/// What a remote removal is billed for, through the built binary against stub-server: stated in
/// `--json` and the dry run's plan, and an output larger than the crop needs refused with 64
/// before anything is sent or written.
@Suite(.serialized) struct BillingEndToEndTests {
  static let painting = Fixtures.path("demo/painting.png")
  static let mask = Fixtures.path("demo/glare-mask.png")

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Checks the `billing` object of a `--json` answer: `model`, `quality`, whether the quality was
  /// `sent`, and the upload size as its size.
  static func checkBilling(
    _ stdout: String, model: String, quality: String, sent: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let json = try object(stdout)
    let billing = try #require(json["billing"] as? [String: Any], "\(stdout)", sourceLocation: sourceLocation)
    #expect(billing["model"] as? String == model, sourceLocation: sourceLocation)
    #expect(billing["quality"] as? String == quality, sourceLocation: sourceLocation)
    #expect(billing["quality_sent"] as? Bool == sent, sourceLocation: sourceLocation)
    #expect(billing["size"] as? [Int] == json["upload_size"] as? [Int], sourceLocation: sourceLocation)
  }

  @Test("--quality 4K for a small crop: 64, one sentence naming the size that covers it, nothing sent or written")
  func oversizeRefused() async throws {
    try await withStubServer { server in
      try await withTemporaryDirectory { home in
        let out = home + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let environment = ProcessRunner.cleanEnvironment(
          home: home, server.baseURLEnvironment.merging(["GEMINI_API_KEY": "AIza-billing-0123456789"]) { $1 })
        let base = ["remove", Self.painting, "--mask", Self.mask, "--provider", "gemini", "--quality", "4K"]
        for extra in [["-o", out + "/clean.png"], ["--dry-run", out + "/plan"]] {
          let outcome = try await ProcessRunner.run(base + extra, environment: environment)
          #expect(outcome.status == 64, "\(outcome.stderr)")
          // One sentence (then the usual pointer to the command's help), nothing before it.
          let first = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
          #expect(first.hasPrefix("error: --quality 4K would have gemini-3.1-flash-image make"), "\(outcome.stderr)")
          #expect(first.contains("a 334x249 crop"), "\(first)")
          #expect(first.contains("1K (1200x896) already covers the crop"), "\(first)")
          #expect(outcome.stderr.split(separator: "\n").count == 2, "\(outcome.stderr)")
          #expect(directoryListing(out).isEmpty)
        }
        #expect(try server.requests().isEmpty)
      }
    }
  }

  @Test("--json states the model, size and quality billed; OpenAI's quality is sent (high by default)")
  func billingInJSON() async throws {
    try await withStubServer { server in
      try await withTemporaryDirectory { home in
        let environment = ProcessRunner.cleanEnvironment(
          home: home, server.baseURLEnvironment.merging(["OPENAI_API_KEY": "sk-billing-0123456789"]) { $1 })
        let outcome = try await ProcessRunner.run(
          [
            "remove", Self.painting, "--mask", Self.mask, "--provider", "openai", "-o", home + "/clean.png", "--json",
          ], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        try Self.checkBilling(outcome.stdout, model: "gpt-image-1.5", quality: "high", sent: true)
        #expect(try server.requests().first?.part("quality")?.value == "high")
        let text = try await ProcessRunner.run(
          [
            "remove", Self.painting, "--mask", Self.mask, "--provider", "openai", "--quality", "low", "-o",
            home + "/clean2.png",
          ], environment: environment)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr.contains("  billed: gpt-image-1.5, one 1536x1024 image, quality low"), "\(text.stderr)")
      }
    }
  }

  @Test("the dry run's plan states what would be billed: Gemini's default 1K, not sent")
  func billingInDryRun() async throws {
    try await withTemporaryDirectory { home in
      let plan = home + "/plan"
      let outcome = try await ProcessRunner.run(
        ["remove", Self.painting, "--mask", Self.mask, "--provider", "gemini", "--dry-run", plan, "--json"],
        environment: ProcessRunner.cleanEnvironment(home: home))
      #expect(outcome.status == 0, "\(outcome.stderr)")
      try Self.checkBilling(outcome.stdout, model: "gemini-3.1-flash-image", quality: "1K", sent: false)
      let written = try Self.object(
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: plan + "/plan.json")), as: UTF8.self))
      #expect(written["billing"] as? [String: Any] != nil)
      let text = try await ProcessRunner.run(
        [
          "remove", Self.painting, "--mask", Self.mask, "--provider", "gemini", "--quality", "512", "--dry-run",
          plan, "--force",
        ], environment: ProcessRunner.cleanEnvironment(home: home))
      #expect(text.status == 0, "\(text.stderr)")
      #expect(text.stderr.contains("would be billed: gemini-3.1-flash-image, one "), "\(text.stderr)")
      #expect(text.stderr.contains("image, quality 512"), "\(text.stderr)")
    }
  }
}
