import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Auto-detect's proposal, straightening, and switching photos, over HTTP.
@Suite(.serialized) struct WorkbenchStepsTests {
  static let glare = MaskStroke(mode: .brush, radius: 3.5, points: [Point(x: 30, y: 20), Point(x: 60, y: 36)])

  func inside(_ state: [String: Any], _ layer: String) -> Int? {
    (state[layer] as? [String: Any])?["inside"] as? Int
  }

  @Test("Auto-detect proposes apart from the mask; the eraser trims it; Keep joins it; undo; Drop forgets it")
  func proposal() async throws {
    let painting = try ImageFile.read(Fixtures.path("demo/painting.png")).image
    try await withWorkbench(photo: painting) { (bench: WorkbenchHarness) async throws -> Void in
      #expect(try await bench.post("/api/detect").status == 200)
      var state = try await bench.state()
      let proposed = try #require(inside(state, "proposal"))
      #expect(proposed > 1000)
      #expect(inside(state, "mask") == 0)
      #expect(try await bench.post("/api/remove?provider=local").status == 409, "a pending proposal blocks Remove")
      let box = try #require((state["status"] as? [String: Any])?["message"] as? String)
      #expect(box.hasPrefix("Auto-detect proposes 1 area"), "\(box)")

      try await bench.stroke(
        MaskStroke(mode: .erase, radius: 12, points: [Point(x: 300, y: 0), Point(x: 300, y: 359)]))
      state = try await bench.state()
      let trimmed = try #require(inside(state, "proposal"))
      #expect(trimmed < proposed)
      #expect(try await bench.post("/api/proposal/keep").status == 200)
      state = try await bench.state()
      #expect(state["proposal"] is NSNull)
      #expect(inside(state, "mask") == trimmed)

      #expect(try await bench.post("/api/undo").status == 200)
      state = try await bench.state()
      #expect(inside(state, "proposal") == trimmed)
      #expect(inside(state, "mask") == 0)
      #expect(try await bench.post("/api/proposal/drop").status == 200)
      state = try await bench.state()
      #expect(state["proposal"] is NSNull)
      #expect(inside(state, "mask") == 0)
    }
  }

  @Test("Straighten: plan, Apply; editing goes on on the straightened photo; Save writes it and verify holds")
  func straighten() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let corners = "corners=6,5,88,7,90,58,4,60&margin=0"
      let plan = try await bench.post("/api/straighten/plan?\(corners)")
      #expect(plan.status == 200, "\(plan.text)")
      let size = try #require((plan.json?["straighten"] as? [String: Any])?["output_size"] as? [Int])
      #expect(try await bench.post("/api/straighten/plan?corners=1,2,3").status == 400)
      #expect(try await bench.post("/api/straighten/plan?corners=6,5,4,60,90,58,88,7").status == 422)

      try await bench.stroke(Self.glare)
      #expect(try await bench.post("/api/straighten/apply?\(corners)").status == 200)
      var state = try await bench.state()
      let image = try #require(state["image"] as? [String: Any])
      #expect(image["straightened"] as? Bool == true)
      #expect([image["width"] as? Int, image["height"] as? Int] == [size[0], size[1]])
      #expect(inside(state, "mask") == 0, "straightening starts a new mask")

      try await bench.remove(MaskStroke(mode: .brush, radius: 3, points: [Point(x: 20, y: 20), Point(x: 40, y: 30)]))
      let saved = try await bench.post("/api/save")
      #expect(saved.status == 200, "\(saved.text)")
      #expect(
        saved.json?["written"] as? [String] == ["photo.straight.png", "photo.deglared.mask.png", "photo.deglared.png"])
      state = try await bench.state()
      let message = try #require((state["status"] as? [String: Any])?["message"] as? String)
      #expect(message.contains("match photo.straight.png exactly"), "\(message)")
      let straight = try ImageFile.read(bench.folder + "/photo.straight.png").image
      #expect(straight.size == PixelSize(width: size[0], height: size[1]))
      let result = try ImageFile.read(bench.folder + "/photo.deglared.png").image
      let mask = Mask(image: try ImageFile.read(bench.folder + "/photo.deglared.mask.png").image)
      #expect(Verification.compare(original: straight, result: result, mask: mask).identical)

      #expect(try await bench.post("/api/open?name=photo.png").status == 200, "Revert")
      let reverted = try #require(try await bench.state()["image"] as? [String: Any])
      #expect(reverted["straightened"] as? Bool == false)
      #expect([reverted["width"] as? Int, reverted["height"] as? Int] == [96, 64])
    }
  }

  @Test("switching photos while the provider holds its answer drops the removal; nothing is written")
  func switchDropsRemoval() async throws {
    try await withStubServer(mode: "gate") { server in
      let second = try PNGCodec.encode(SyntheticImages.formula(width: 50, height: 40, layout: .rgb, bitDepth: .eight))
      try await withWorkbench(
        files: ["second.png": second],
        configure: {
          $0.environment = server.baseURLEnvironment.merging(["OPENAI_API_KEY": "sk-switch-0123456789abcdef"]) { $1 }
        }
      ) { (bench: WorkbenchHarness) async throws -> Void in
        try await bench.startRemove(Self.glare, "provider=openai")
        try await server.waitUntilHeld(1, timeout: ProcessRunner.hangGuard)
        #expect(try await bench.post("/api/open?name=second.png").status == 200)
        _ = try server.release()
        try await Task.sleep(for: .milliseconds(500))
        let state = try await bench.state()
        let status = try #require(state["status"] as? [String: Any])
        #expect(status["state"] as? String == "idle")
        #expect((status["message"] as? String)?.hasSuffix("The removal that was running was dropped.") == true)
        #expect(state["result"] is NSNull)
        #expect(directoryListing(bench.folder) == ["photo.png", "second.png"])
      }
    }
  }
}
