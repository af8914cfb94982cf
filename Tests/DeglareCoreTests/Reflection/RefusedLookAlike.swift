import Testing

@testable import DeglareCore

// A look-alike (a scene of paint built to pass a pass's tests but one) is refused by that one
// test: the check the sheen and window suites share.

/// Expects `test` alone to refuse `image`: with it switched off (`switchOff`), the detector
/// proposes at least 10 000 pixels more than with the whole pass off (`passOff`); by default,
/// no more than with the pass off.
func expectRefused(
  _ image: ImageBuffer, by test: String, passOff: GlareDetector.Configuration,
  switchOff: (inout GlareDetector.Configuration) -> Void, sourceLocation: SourceLocation = #_sourceLocation
) {
  let without = GlareDetector(configuration: passOff).detect(image, marginBand: 0).mask
  var blunt = GlareDetector.Configuration()
  switchOff(&blunt)
  let blind = GlareDetector(configuration: blunt).detect(image, marginBand: 0).mask
  #expect(
    blind.insideCount > without.insideCount + 10_000,
    "without \(test) the pass no longer takes the scene (\(blind.insideCount) against \(without.insideCount))",
    sourceLocation: sourceLocation)
  let mask = GlareDetector().detect(image, marginBand: 0).mask
  #expect(
    mask.insideCount == without.insideCount, "\(mask.insideCount) proposed, \(without.insideCount) without the pass",
    sourceLocation: sourceLocation)
}
