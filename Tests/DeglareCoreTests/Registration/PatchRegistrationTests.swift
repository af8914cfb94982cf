import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// A textured painting crop with an elliptical mask in its middle, like a removal's crop (the
/// mask's box plus padding).
private struct RegistrationCase {
  let crop: ImageBuffer
  let mask: Mask

  init(width: Int = 192, height: Int = 144, seed: UInt64 = 3) {
    crop = SyntheticGlare.makeCase(kind: .softStreak, width: width, height: height, seed: seed).glared
    mask = SyntheticImages.mask(width: width, height: height) { x, y in
      let dx = (Double(x) - Double(width) / 2) / (Double(width) * 0.3)
      let dy = (Double(y) - Double(height) / 2) / (Double(height) * 0.3)
      return dx * dx + dy * dy <= 1
    }
  }

  /// The answer `simulation` renders from the crop (sent at its own size), resized back to it.
  func answer(_ simulation: SimulatedAnswer, frame: PixelSize? = nil) -> ImageBuffer {
    let rendered = simulation.render(crop, frame: frame ?? crop.size)
    return Resampler.resize(rendered, to: crop.size)
  }
}

@Suite(.ownThread) struct PatchRegistrationTests {
  @Test("a perfect patch is left alone, bit for bit, without estimating anything")
  func perfectPatch() {
    let example = RegistrationCase()
    let patch = example.answer(SimulatedAnswer())
    let outcome = PatchRegistration.register(crop: example.crop, patch: patch, mask: example.mask)
    #expect(outcome.fit.status == .alreadyAligned)
    let unchanged = outcome.patch == patch
    #expect(unchanged)
    #expect(outcome.fit.isRegistered && !outcome.fit.surroundingsChanged)
    #expect(outcome.fit.ringPSNR == .infinity)
  }

  @Test(
    "shifted, scaled and recoloured answers are registered to 44 dB inside the mask",
    arguments: [
      SimulatedAnswer(shiftX: 6, shiftY: -4),
      SimulatedAnswer(shiftX: -8, shiftY: 8),
      SimulatedAnswer(scale: 1.1),
      SimulatedAnswer(shiftX: 3, shiftY: 5, scale: 0.92),
      SimulatedAnswer(gains: [1.1, 0.9, 1.05], offsets: [4, -3, 2]),
      SimulatedAnswer(shiftX: -5, shiftY: 2, scale: 1.06, gains: [0.92, 1.08, 0.95], offsets: [-3, 3, 5]),
    ])
  func registersDistortedAnswers(_ simulation: SimulatedAnswer) throws {
    let example = RegistrationCase()
    let patch = example.answer(simulation)
    let outcome = PatchRegistration.register(crop: example.crop, patch: patch, mask: example.mask)
    #expect(outcome.fit.status == .applied)
    #expect(outcome.fit.isRegistered)
    let expected = simulation.expectedGeometry(
      upload: example.crop.size, frame: example.crop.size, crop: example.crop.size)
    let found = outcome.fit.geometry
    #expect(
      abs(found.shiftX - expected.shiftX) < 0.1 && abs(found.shiftY - expected.shiftY) < 0.1, "\(found) vs \(expected)")
    #expect(abs(found.scaleX - expected.scaleX) < 0.002 && abs(found.scaleY - expected.scaleY) < 0.002)
    for c in 0..<3 {
      #expect(abs(outcome.fit.colour.gains[c] - simulation.expectedColour.gains[c]) < 0.02)
    }
    let inside = GlareMetrics.psnrInside(outcome.patch, example.crop, mask: example.mask)
    let unregistered = GlareMetrics.psnrInside(patch, example.crop, mask: example.mask)
    #expect(inside >= 44, "inside the mask \(inside) dB (unregistered \(unregistered) dB)")
    #expect(outcome.fit.ringPSNR > outcome.fit.ringPSNRBefore + 5)
  }
}

@Suite(.ownThread) struct PatchRegistrationRobustnessTests {
  /// `image` with the pixels where `inside` holds replaced by a flat colour.
  private func repainted(_ image: ImageBuffer, where inside: (Int, Int) -> Bool) -> ImageBuffer {
    var out = image
    for y in 0..<image.height {
      for x in 0..<image.width where inside(x, y) {
        for c in 0..<3 { out.setSample(x: x, y: y, channel: c, [200, 40, 90][c]) }
      }
    }
    return out
  }

  @Test("a model that also repainted part of the surroundings is still registered to 44 dB")
  func repaintedSurroundings() {
    let example = RegistrationCase()
    let simulation = SimulatedAnswer(shiftX: 4, shiftY: -3, scale: 1.04, gains: [1.05, 0.95, 1], offsets: [2, 0, -2])
    // Two corners painted over (about 7 % of the ring, clear of the mask and of what the
    // registered mask reads).
    let patch = repainted(example.answer(simulation)) { x, y in (x < 36 && y < 24) || (x >= 156 && y >= 120) }
    let outcome = PatchRegistration.register(crop: example.crop, patch: patch, mask: example.mask)
    #expect(outcome.fit.status == .applied)
    #expect(outcome.fit.isRegistered)
    #expect(outcome.fit.inlierFraction < 0.95, "the repainted block disagrees: \(outcome.fit.inlierFraction)")
    let inside = GlareMetrics.psnrInside(outcome.patch, example.crop, mask: example.mask)
    #expect(inside >= 44, "inside the mask \(inside) dB; \(outcome.fit)")
  }

  @Test("another picture is not registered: used as it came, with the warning")
  func anotherPicture() {
    let example = RegistrationCase()
    let other = RegistrationCase(seed: 41)
    let outcome = PatchRegistration.register(crop: example.crop, patch: other.crop, mask: example.mask)
    #expect(outcome.fit.status != .applied)
    let unchanged = outcome.patch == other.crop
    #expect(unchanged)
    #expect(!outcome.fit.isRegistered)
    #expect(outcome.fit.surroundingsChanged)
    #expect(outcome.fit.ringPSNR == outcome.fit.ringPSNRBefore)
  }

  @Test("a fit is never applied when it does not improve the ring")
  func neverWorse() {
    let example = RegistrationCase()
    let patch = example.answer(SimulatedAnswer(shiftX: 3))
    var configuration = PatchRegistration.Configuration()
    configuration.minimumGain = 200
    let outcome = PatchRegistration.register(
      crop: example.crop, patch: patch, mask: example.mask, configuration: configuration)
    #expect(outcome.fit.status == .notApplied)
    let unchanged = outcome.patch == patch
    #expect(unchanged)
  }

  @Test("an answer of another aspect ratio, the content fitted to cover it, is registered")
  func otherAspect() {
    let example = RegistrationCase()
    // A 4:3 crop answered in a wider frame, the content scaled to cover it and shifted.
    let frame = PixelSize(width: 208, height: 144)
    let simulation = SimulatedAnswer(shiftX: 3, shiftY: 2)
    let patch = example.answer(simulation, frame: frame)
    let aspect =
      (Double(frame.width) / Double(frame.height)) / (Double(example.crop.width) / Double(example.crop.height))
    let outcome = PatchRegistration.register(
      crop: example.crop, patch: patch, mask: example.mask, aspectChange: aspect)
    #expect(outcome.fit.status == .applied)
    let expected = simulation.expectedGeometry(upload: example.crop.size, frame: frame, crop: example.crop.size)
    let found = outcome.fit.geometry
    #expect(
      abs(found.scaleY - expected.scaleY) < 0.003 && abs(found.shiftY - expected.shiftY) < 0.15,
      "\(found) vs \(expected)")
    let inside = GlareMetrics.psnrInside(outcome.patch, example.crop, mask: example.mask)
    let stretched = GlareMetrics.psnrInside(patch, example.crop, mask: example.mask)
    #expect(inside >= 40, "inside the mask \(inside) dB (stretched \(stretched) dB)")
  }

  @Test("a 16-bit crop gets a 16-bit registered patch")
  func sixteenBit() {
    let example = RegistrationCase()
    let crop16 = example.crop.converted(to: .rgb, bitDepth: .sixteen)
    let patch = example.answer(SimulatedAnswer(shiftX: -4, shiftY: 3, gains: [1.05, 1, 0.95], offsets: [0, 2, 0]))
    let outcome = PatchRegistration.register(crop: crop16, patch: patch, mask: example.mask)
    #expect(outcome.fit.status == .applied)
    #expect(outcome.patch.bitDepth == .sixteen)
    let inside = GlareMetrics.psnrInside(outcome.patch, crop16, mask: example.mask)
    #expect(inside >= 44, "inside the mask \(inside) dB")
  }
}

@Suite(.ownThread) struct PatchRegistrationSaturationTests {
  /// A crop whose red channel is bright (up to 252) and follows green and blue, like a warm
  /// painting: a 10 % red gain saturates more than half of it at 255.
  private func warmCrop(_ base: ImageBuffer) -> ImageBuffer {
    func blend(_ x: Int, _ y: Int) -> Double {
      0.6 * Double(base.sample(x: x, y: y, channel: 1)) + 0.4 * Double(base.sample(x: x, y: y, channel: 2))
    }
    var brightest = 0.0
    for y in 0..<base.height { for x in 0..<base.width { brightest = max(brightest, blend(x, y)) } }
    var out = base
    for y in 0..<base.height {
      for x in 0..<base.width {
        let red = 252 - 0.2 * (brightest - blend(x, y))
        out.setSample(x: x, y: y, channel: 0, Int(max(red.rounded(), 0)))
      }
    }
    return out
  }

  @Test("red saturated by a model's gain is rebuilt from green and blue to 44 dB inside the mask")
  func rebuildsSaturatedRed() throws {
    let example = RegistrationCase()
    let crop = warmCrop(example.crop)
    let simulation = SimulatedAnswer(gains: [1.1, 0.9, 1.05], offsets: [4, -3, 2])
    let patch = Resampler.resize(simulation.render(crop, frame: crop.size), to: crop.size)
    var saturated = 0
    var inside = 0
    for y in 0..<crop.height {
      for x in 0..<crop.width where example.mask.isInside(x: x, y: y) {
        inside += 1
        if patch.sample(x: x, y: y, channel: 0) == 255 { saturated += 1 }
      }
    }
    // The case tests the fills only when at least half of the mask's red saturated.
    try #require(saturated * 2 >= inside, "\(saturated) of \(inside) red samples saturated")
    let outcome = PatchRegistration.register(crop: crop, patch: patch, mask: example.mask)
    #expect(outcome.fit.status == .applied)
    #expect(outcome.fit.colour.fills.contains { $0.channel == 0 && $0.isHigh })
    let psnr = GlareMetrics.psnrInside(outcome.patch, crop, mask: example.mask)
    var plainConfiguration = PatchRegistration.Configuration()
    plainConfiguration.minimumSaturatedSamples = .max
    let plain = PatchRegistration.register(
      crop: crop, patch: patch, mask: example.mask, configuration: plainConfiguration)
    let plainPSNR = GlareMetrics.psnrInside(plain.patch, crop, mask: example.mask)
    #expect(plain.fit.colour.fills.isEmpty)
    #expect(psnr >= 44, "inside the mask \(psnr) dB (gain and offset alone \(plainPSNR) dB)")
    #expect(outcome.fit.ringPSNR >= plain.fit.ringPSNR)
  }
}
