// Times the pure-Swift remove operations on a synthetic 24 MP photo with a ~3 % glare mask, the
// sizes the pipeline sees: crop ~1.5-2 MP, upload 1024x1024 (OpenAI) or the crop's own size.
// Run in release: `swift build -c release --product ops-bench && .build/release/ops-bench`.
import DeglareCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

let width = 6000
let height = 4000
let arguments = Array(CommandLine.arguments.dropFirst())
/// `ops-bench [WORD] [RUNS]`: only the steps whose label contains WORD, RUNS times each (7).
let filter = arguments.first ?? ""
let runs = arguments.count > 1 ? Int(arguments[1]) ?? 7 : 7

/// CPU time of this thread in ms: steadier than wall time on a machine shared with other builds.
func threadMilliseconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}

func measure(_ label: String, _ body: () -> Void) {
  guard filter.isEmpty || label.contains(filter) else { return }
  var wall: [Double] = []
  var cpu: [Double] = []
  for _ in 0..<runs {
    let start = ContinuousClock.now
    let cpuStart = threadMilliseconds()
    body()
    cpu.append(threadMilliseconds() - cpuStart)
    let elapsed = ContinuousClock.now - start
    wall.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
  }
  wall.sort()
  cpu.sort()
  let padded = label.padding(toLength: 50, withPad: " ", startingAt: 0)
  print(padded + String(format: " wall min %7.2f median %7.2f | cpu min %7.2f ms", wall[0], wall[runs / 2], cpu[0]))
}

/// A glare-like mask: a thick slanted streak, a bloom, and thin strokes, ~1.8 % of the image, in
/// a 1000x1000 box (so the padded crop is about 1.5 MP).
func glareMask() -> Mask {
  var values = [UInt8](repeating: 0, count: width * height)
  for y in 1500..<2500 {
    for x in 2200..<3200 {
      let fx = Double(x)
      let fy = Double(y)
      // Streak: distance to the line through (2250, 1550) and (3150, 2360) below 110 px.
      let streak = abs(0.9 * (fx - 2250) - (fy - 1550)) / (0.9 * 0.9 + 1).squareRoot() < 110
      let bloom = (fx - 2600) * (fx - 2600) + (fy - 2250) * (fy - 2250) < 180 * 180
      let thin = abs(fy - 1620 - 0.2 * (fx - 2200)) < 2.5 || abs(fx - 3150 + 0.1 * (fy - 1500)) < 0.6
      if (streak && fx > 2230 && fx < 3170) || bloom || thin { values[y * width + x] = 255 }
    }
  }
  return Mask(width: width, height: height, values: values)
}

func noise(_ count: Int) -> [UInt8] {
  var seed: UInt64 = 1
  return (0..<count).map { _ in
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: seed >> 56)
  }
}

let image = ImageBuffer(width: width, height: height, layout: .rgb, samples: noise(width * height * 3))
let mask = glareMask()
print(
  "image \(width)x\(height) RGB 8-bit, mask \(mask.insideCount) px (\(String(format: "%.1f", 100 * Double(mask.insideCount) / Double(width * height))) %)"
)

let openAI = UploadCapability.fixedSizes([
  PixelSize(width: 1024, height: 1024), PixelSize(width: 1536, height: 1024), PixelSize(width: 1024, height: 1536),
])
guard let plan = CropPlanner.plan(mask: mask, capability: openAI) else { fatalError("empty mask") }
print("crop \(plan.crop) (\(String(format: "%.2f", Double(plan.crop.area) / 1e6)) MP), upload \(plan.uploadSize)")

measure("plan crop (bounding box of 24 MP mask)") { _ = CropPlanner.plan(mask: mask, capability: openAI) }
var crop = image.cropped(to: plan.crop)
measure("crop image") { crop = image.cropped(to: plan.crop) }
var upload = crop
measure("Lanczos crop -> \(plan.uploadSize) RGB 8") { upload = Resampler.resize(crop, to: plan.uploadSize) }
measure("convert crop RGB 8 -> RGBA 16") { _ = crop.converted(to: .rgba, bitDepth: .sixteen) }
measure("convert crop RGB 8 -> gray 8") { _ = crop.converted(to: .gray, bitDepth: .eight) }
let cropMask = mask.cropped(to: plan.crop)
measure("mask crop -> \(plan.uploadSize) (covering)") { _ = Resampler.resizeMask(cropMask, to: plan.uploadSize) }
var patch = crop
measure("Lanczos \(plan.uploadSize) -> crop RGB 8") { patch = Resampler.resize(upload, to: crop.size) }
let small = PixelSize(width: 1224, height: 816)
let source = image.cropped(to: PixelRect(x: 2000, y: 1500, width: 1500, height: 1000))
measure("Lanczos 1500x1000 -> \(small) RGB 8 (1.5 -> 1 MP)") { _ = Resampler.resize(source, to: small) }
let source16 = source.converted(to: .rgb, bitDepth: .sixteen)
measure("Lanczos 1500x1000 -> \(small) RGB 16") { _ = Resampler.resize(source16, to: small) }
var alpha = Feather.alpha(mask: mask, crop: plan.crop, width: 6)
measure("feather 6 px on the crop") { alpha = Feather.alpha(mask: mask, crop: plan.crop, width: 6) }
measure("feather 20 px on the crop") { _ = Feather.alpha(mask: mask, crop: plan.crop, width: 20) }
measure("feather 40 px on the crop (envelope pass)") { _ = Feather.alpha(mask: mask, crop: plan.crop, width: 40) }
var target = image
target.setSample(x: 0, y: 0, channel: 0, target.sample(x: 0, y: 0, channel: 0))  // make it unique first
measure("composite RGB 8 into 24 MP") { Composite.apply(patch: patch, alpha: alpha, onto: &target, at: plan.crop) }
let half = AlphaMap(
  width: plan.crop.width, height: plan.crop.height, values: [Float](repeating: 0.5, count: plan.crop.area))
var blendTarget = image
blendTarget.setSample(x: 0, y: 0, channel: 0, blendTarget.sample(x: 0, y: 0, channel: 0))
measure("composite RGB 8, worst case: alpha 0.5 everywhere") {
  Composite.apply(patch: patch, alpha: half, onto: &blendTarget, at: plan.crop)
}
var target16 = image.cropped(to: PixelRect(x: 0, y: 0, width: 4000, height: 3000)).converted(
  to: .rgba, bitDepth: .sixteen)
let crop16 = PixelRect(
  x: plan.crop.x, y: plan.crop.y, width: plan.crop.width, height: min(plan.crop.height, 3000 - plan.crop.y))
let alpha16 = Feather.alpha(mask: mask, crop: crop16, width: 6)
let patch8 = patch.cropped(to: PixelRect(x: 0, y: 0, width: crop16.width, height: crop16.height))
measure("composite RGB 8 patch into RGBA 16 image") {
  Composite.apply(patch: patch8, alpha: alpha16, onto: &target16, at: crop16)
}
let report = Verification.compare(original: image, result: target, mask: mask)
print("outside the mask identical: \(report.identical)")
