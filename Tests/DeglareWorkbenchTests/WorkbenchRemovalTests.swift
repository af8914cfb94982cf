import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Remove, save and verify; stale results; Cancel; keys never reach the page.
@Suite(.serialized) struct WorkbenchRemovalTests {
  static let glare = MaskStroke(mode: .brush, radius: 3.5, points: [Point(x: 30, y: 20), Point(x: 60, y: 36)])
  static let key = "sk-workbench-0123456789abcdefghij"

  @Test("Remove (local), Save: the result and the exact mask are written and verify holds")
  func removeSaveVerify() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      #expect(try await bench.post("/api/save").status == 409)
      try await bench.stroke(Self.glare)
      let plan = try await bench.post("/api/plan?provider=local&option=auto")
      #expect(plan.status == 200)
      let planned = try #require(plan.json?["plan"] as? [String: Any])
      #expect(planned["leaves_machine"] as? Bool == false)
      #expect(planned["billing"] == nil, "the local method bills nothing")
      #expect(try await bench.post("/api/remove?provider=local&option=fill").status == 200)
      #expect(try await bench.waitForStatus(["done", "error"]) == "done")
      #expect(try await bench.request("GET", "/api/tile/result/0/0/0").status == 200)
      let saved = try await bench.post("/api/save")
      #expect(saved.status == 200, "\(saved.text)")
      #expect(saved.json?["written"] as? [String] == ["photo.deglared.mask.png", "photo.deglared.png"])
      let status = try #require(try await bench.state()["status"] as? [String: Any])
      #expect(status["state"] as? String == "saved")
      #expect(
        (status["message"] as? String)?.hasSuffix(
          "identical: all \(96 * 64 - Mask(width: 96, height: 64).applying([Self.glare]).insideCount) pixels "
            + "outside the mask match photo.png exactly.") == true, "\(status)")
      let original = try ImageFile.read(bench.photo).image
      let result = try ImageFile.read(bench.folder + "/photo.deglared.png").image
      let mask = Mask(image: try ImageFile.read(bench.folder + "/photo.deglared.mask.png").image)
      #expect(mask == Mask(width: 96, height: 64).applying([Self.glare]))
      #expect(Verification.compare(original: original, result: result, mask: mask).identical)
      #expect(result != original, "the removal changed nothing inside the mask")
      // Saving again is refused unless asked; the files stay as they are.
      let again = try await bench.post("/api/save")
      #expect(again.status == 409)
      #expect(again.json?["error"] as? String == "photo.deglared.mask.png exists")
      #expect(try await bench.post("/api/save?overwrite=1").status == 200)
      #expect(try ImageFile.read(bench.photo).image == WorkbenchHarness.image, "the input was modified")
    }
  }

  @Test("-o OUT: the result there, the mask as <OUT stem>.mask.png beside it")
  func outputOption() async throws {
    try await withTemporaryDirectory { elsewhere in
      try await withWorkbench(configure: { $0.outputPath = elsewhere + "/clean.png" }) {
        (bench: WorkbenchHarness) async throws -> Void in
        try await bench.remove(Self.glare)
        #expect(try await bench.post("/api/save").status == 200)
        #expect(directoryListing(elsewhere) == ["clean.mask.png", "clean.png", "clean.png.json"])
        #expect(directoryListing(bench.folder) == ["photo.png"])
      }
    }
  }

  @Test("a mask edit after the result drops it: it can no longer be saved")
  func editDropsResult() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      try await bench.remove(Self.glare)
      try await bench.stroke(MaskStroke(mode: .brush, radius: 2, points: [Point(x: 5, y: 5)]))
      #expect(try await bench.post("/api/save").status == 409)
      try await bench.expectNothingKept()
    }
  }

  @Test("stale result: the mask is edited while the provider holds its answer; released, it is dropped")
  func staleResult() async throws {
    try await withHeldRemoval("provider=openai&option=gpt-image-1.5") { server, bench in
      try await bench.stroke(MaskStroke(mode: .erase, radius: 2, points: [Point(x: 30, y: 20)]))
      _ = try server.release()
      #expect(try await bench.waitForStatus(["stale"]) == "stale")
      try await Task.sleep(for: .milliseconds(300))
      #expect(try await bench.status() == "stale")
      #expect(try await bench.post("/api/save").status == 409)
      try await bench.expectNothingKept()
    }
  }

  @Test("Cancel while the provider holds its answer: idle, nothing kept, nothing written")
  func cancel() async throws {
    try await withHeldRemoval("provider=openai") { server, bench in
      #expect(try await bench.post("/api/cancel").status == 200)
      _ = try server.release()
      #expect(try await bench.waitForStatus(["idle"]) == "idle")
      let status = try #require(try await bench.state()["status"] as? [String: Any])
      #expect(status["message"] as? String == "Cancelled; nothing was kept.")
      try await bench.expectNothingKept()
    }
  }

  @Test("keys never reach the page: providers say where a key comes from; an error echoing it is cleaned")
  func keysNeverReachThePage() async throws {
    try await withOpenAIStub(mode: "echo-key") { server, bench in
      let providers = try await bench.request("GET", "/api/providers")
      #expect(providers.text.contains("key from OPENAI_API_KEY"), "\(providers.text)")
      #expect(providers.text.contains("no key: set GOOGLE_API_KEY or GEMINI_API_KEY"), "\(providers.text)")
      try await bench.startRemove(Self.glare, "provider=openai")
      #expect(try await bench.waitForStatus(["error", "done"]) == "error")
      let texts = [providers.text, try await bench.request("GET", "/api/state").text]
      for text in texts {
        #expect(!text.contains(Self.key) && !text.contains(String(Self.key.dropFirst(3))), "\(text)")
      }
      #expect(try server.requests().count >= 1, "the key was never sent, so the test proves nothing")
    }
  }

  @Test("no key for the chosen provider: Remove says how to set one, nothing is sent")
  func missingKey() async throws {
    try await withStubServer { server in
      try await withWorkbench(configure: { $0.environment = server.baseURLEnvironment }) {
        (bench: WorkbenchHarness) async throws -> Void in
        try await bench.stroke(Self.glare)
        let response = try await bench.post("/api/remove?provider=openai")
        #expect(response.status == 409)
        #expect((response.json?["error"] as? String)?.contains("OPENAI_API_KEY") == true, "\(response.text)")
        #expect(try server.requests().isEmpty)
        let plan = try await bench.post("/api/plan?provider=openai")
        #expect(plan.status == 200, "a plan needs no key")
        let planned = try #require(plan.json?["plan"] as? [String: Any])
        #expect(planned["leaves_machine"] as? Bool == true)
        // What the request would be billed for, as `remove --dry-run`'s plan.json states it.
        let billing = try #require(planned["billing"] as? [String: Any], "\(plan.text)")
        #expect(billing["quality"] as? String == "high")
        #expect(billing["quality_sent"] as? Bool == true)
        #expect(billing["size"] as? [Int] == planned["upload_size"] as? [Int])
      }
    }
  }

  /// Runs `body` once a removal with `query` of ``glare`` is under way (status "working") and
  /// stub-server holds its request at the gate.
  private func withHeldRemoval(
    _ query: String, _ body: (StubServer, WorkbenchHarness) async throws -> Void
  ) async throws {
    try await withOpenAIStub(mode: "gate") { server, bench in
      try await bench.startRemove(Self.glare, query)
      #expect(try await bench.status() == "working")
      try await server.waitUntilHeld(1, timeout: ProcessRunner.hangGuard)
      try await body(server, bench)
    }
  }

  /// Runs `body` with stub-server in `mode` and a workbench whose OpenAI key is ``key`` and whose
  /// providers call that server.
  private func withOpenAIStub(
    mode: String, _ body: (StubServer, WorkbenchHarness) async throws -> Void
  ) async throws {
    try await withStubServer(mode: mode) { server in
      try await withWorkbench(configure: {
        $0.environment = server.baseURLEnvironment.merging(["OPENAI_API_KEY": Self.key]) { $1 }
      }) { (bench: WorkbenchHarness) async throws -> Void in try await body(server, bench) }
    }
  }
}
