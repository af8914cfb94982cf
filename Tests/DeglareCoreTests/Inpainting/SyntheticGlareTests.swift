import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Testing

@Suite("SyntheticGlare", .ownThread)
struct SyntheticGlareTests {
  @Test("the same seed gives the same case", arguments: GlareKind.allCases)
  func deterministic(kind: GlareKind) {
    let a = SyntheticGlare.makeCase(kind: kind, width: 64, height: 48, seed: 5)
    let b = SyntheticGlare.makeCase(kind: kind, width: 64, height: 48, seed: 5)
    #expect(a.clean == b.clean && a.glared == b.glared && a.mask == b.mask)
    #expect(a.mask.insideCount > 0)
  }

  @Test("glare only adds light, and only near the mask", arguments: GlareKind.allCases)
  func addedLight(kind: GlareKind) {
    let sample = SyntheticGlare.makeCase(kind: kind, width: 96, height: 72, seed: 2)
    var brighter = 0
    for y in 0..<72 {
      for x in 0..<96 {
        for c in 0..<3 {
          let added = sample.glared.sample(x: x, y: y, channel: c) - sample.clean.sample(x: x, y: y, channel: c)
          #expect(added >= 0)
          // Outside the mask the glare is below visibility: a few levels at most.
          if !sample.mask.isInside(x: x, y: y) { #expect(added <= 4) }
          if added > 4 { brighter += 1 }
        }
      }
    }
    #expect(brighter > 0)
  }
}
