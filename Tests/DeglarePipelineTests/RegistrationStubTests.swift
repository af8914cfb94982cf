import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareProviders
import DeglareTestSupport
import Foundation
import Testing

/// Remote answers that echo the upload shifted, scaled, recoloured or re-framed (stub-server's
/// echo modes), through the whole removal over HTTP: the patch is registered before it is
/// composited, and an answer of another shape that cannot be registered writes nothing.
@Suite struct RegistrationStubTests {
  static let image = SyntheticGlare.makeCase(kind: .softStreak, width: 240, height: 180, seed: 5).clean
  static let mask = SyntheticImages.mask(width: 240, height: 180) { x, y in
    let dx = (Double(x) - 120) / 44
    let dy = (Double(y) - 90) / 32
    return dx * dx + dy * dy <= 1
  }

  /// Removes with `provider` against the stub in `mode`; returns the summary and the written image.
  func remove(mode: String, provider: ProviderID) async throws -> (RemovalSummary, ImageBuffer) {
    try await withStubServer(mode: mode) { server in
      try await withTemporaryDirectory { dir in
        let session = await SessionFixtures.loadedSession(image: Self.image, mask: Self.mask)
        let remote = try ProviderFactory.make(
          provider: provider, key: provider == .openai ? "sk-registration-0123456789" : "AIza-registration-0123456789",
          options: ProviderOptions(), environment: server.baseURLEnvironment)
        let result = try await session.remove(provider: remote, settings: SessionFixtures.settings(dir + "/out.png"))
        return (result.summary, try ImageFile.read(dir + "/out.png").image)
      }
    }
  }

  @Test(
    "a shifted, scaled, recoloured or re-framed echo is registered: the masked area matches the photo's own pixels",
    arguments: [
      ("echo-shifted", ProviderID.openai), ("echo-recoloured", .gemini), ("echo-reframed", .gemini),
      ("echo-scaled", .openai), ("echo-scaled", .gemini),
    ])
  func registered(mode: String, provider: ProviderID) async throws {
    let (summary, written) = try await remove(mode: mode, provider: provider)
    let fit = try #require(summary.registration)
    #expect(fit.status == .applied, "\(fit)")
    #expect(fit.isRegistered && fit.ringPSNR > fit.ringPSNRBefore)
    #expect(GlareMetrics.outsideIdentical(written, Self.image, mask: Self.mask))
    let inside = GlareMetrics.psnrInside(written, Self.image, mask: Self.mask)
    #expect(inside >= 40, "inside the mask \(inside) dB; \(fit)")
  }

  @Test("an answer of another shape whose surroundings match nowhere is refused: nothing written")
  func reframedGradient() async throws {
    await #expect {
      _ = try await remove(mode: "reframed", provider: .openai)
    } throws: { error in
      guard case RemovalError.unusablePatch(let provider, let message) = error else { return false }
      return provider == .openai && message.contains("cannot be placed")
    }
  }

  @Test("the stub's gradient of the right shape is pasted as it came, with the surroundings flagged")
  func unregisteredSameShape() async throws {
    let (summary, written) = try await remove(mode: "ok", provider: .openai)
    let fit = try #require(summary.registration)
    #expect(fit.status != .applied)
    #expect(fit.surroundingsChanged)
    #expect(GlareMetrics.outsideIdentical(written, Self.image, mask: Self.mask))
  }
}
