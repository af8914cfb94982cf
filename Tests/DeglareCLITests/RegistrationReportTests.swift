import Testing

@testable import DeglareCLI
@testable import DeglareCore

/// How `remove` states a remote patch's registration (docs/cli.md, remove: `registration`).
@Suite struct RegistrationReportTests {
  static func fit(fills: [SaturationFill]) -> RegistrationFit {
    RegistrationFit(
      status: .applied, geometry: PatchGeometry(scaleX: 1, scaleY: 1, shiftX: 0.5, shiftY: -1),
      colour: ColourCorrection(gains: [1.1, 1, 1], offsets: [0, 0, 0], fills: fills),
      ringPSNRBefore: 30, ringPSNR: 48, inlierFraction: 0.99, ringPixels: 100, isRegistered: true,
      surroundingsChanged: false)
  }

  @Test("--json names the channels whose saturated samples were rebuilt, and the level they clipped at")
  func saturatedChannels() throws {
    let fills = [
      SaturationFill(channel: 0, isHigh: true, weights: [0.5, 0.5, 0]),
      SaturationFill(channel: 2, isHigh: false, weights: [0.5, 0.5, 0]),
    ]
    let json = Self.fit(fills: fills).jsonObject.text
    #expect(json.contains(#""saturated_rebuilt":[{"channel":"R","level":255},{"channel":"B","level":0}]"#), "\(json)")
    #expect(Self.fit(fills: fills).summaryLine.contains("saturated R, B (dark) rebuilt"))
    #expect(Self.fit(fills: []).jsonObject.text.contains(#""saturated_rebuilt":[]"#))
  }
}
