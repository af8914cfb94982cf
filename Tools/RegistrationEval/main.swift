// registration-eval: how well PatchRegistration undoes what models do to a returned patch, on
// crops of real photos.
//
//   registration-eval [PHOTO ...] [--size WxH] [--mask-fraction F]
//
// Without photos it reads every JPEG in ../shared/photos (and says so and stops when that folder
// is absent). For every photo it takes a crop of the given size (640x480) at the photo's centre,
// masks an ellipse in its middle (semi-axes F of the crop's sides, default 0.3; 0.4 leaves the
// ring a removal's default 12 % padding gives), renders simulated answers (SimulatedAnswer: shifted, scaled,
// recoloured) and prints, per case, the PSNR inside the mask against the crop's own pixels before
// registration (the answer stretched onto the crop, as pasted without it) and after, the ring's
// PSNR after, and what was estimated.
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("registration-eval: \(message)\n".utf8))
  exit(64)
}

var photos: [String] = []
var size = PixelSize(width: 640, height: 480)
var maskFraction = 0.3
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
  if argument == "--size" {
    let parts = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] >= 64, parts[1] >= 64 else { fail("--size takes WxH, at least 64x64") }
    size = PixelSize(width: parts[0], height: parts[1])
  } else if argument == "--mask-fraction" {
    guard let value = Double(arguments.popFirst() ?? ""), value > 0.05, value < 0.5 else {
      fail("--mask-fraction takes a number between 0.05 and 0.5")
    }
    maskFraction = value
  } else {
    photos.append(argument)
  }
}
if photos.isEmpty {
  let folder = Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/photos").path
  let names = directoryListing(folder).filter { $0.lowercased().hasSuffix(".jpg") }
  guard !names.isEmpty else {
    print("registration-eval: no photos in \(folder); pass photos as arguments")
    exit(0)
  }
  photos = names.map { folder + "/" + $0 }
}

// Each case: a label, the simulation, and the answer frame's size over the crop's per axis (1, 1:
// the requested shape; otherwise another size or aspect ratio, registered, not stretched).
let cases: [(String, SimulatedAnswer, (Double, Double))] =
  [
    ("shift 6,-4", SimulatedAnswer(shiftX: 6, shiftY: -4)),
    ("shift -8,8", SimulatedAnswer(shiftX: -8, shiftY: 8)),
    ("scale 1.10", SimulatedAnswer(scale: 1.1)),
    ("scale 0.90 shift 3,5", SimulatedAnswer(shiftX: 3, shiftY: 5, scale: 0.9)),
    ("gain +10/-10/+5 % offset 4/-3/2", SimulatedAnswer(gains: [1.1, 0.9, 1.05], offsets: [4, -3, 2])),
    (
      "all: shift -5,2 scale 1.06 gain -8/+8/-5 %",
      SimulatedAnswer(shiftX: -5, shiftY: 2, scale: 1.06, gains: [0.92, 1.08, 0.95], offsets: [-3, 3, 5])
    ),
    ("perfect", SimulatedAnswer()),
  ]
  .map { ($0.0, $0.1, (1.0, 1.0)) } + [
    ("frame 1.125 x 1.05 (other aspect), shift 4,-2", SimulatedAnswer(shiftX: 4, shiftY: -2), (1.125, 1.05)),
    ("frame 1.6 x 1.6, scale 1.04, gain +6 %", SimulatedAnswer(scale: 1.04, gains: [1.06, 1.06, 1.06]), (1.6, 1.6)),
  ]

print("| photo | case | before dB | after dB | ring dB | status | estimated |")
print("|---|---|---|---|---|---|---|")
var worst = Double.infinity
for path in photos {
  let image: ImageBuffer
  do { image = try ImageFile.read(path).image.converted(to: .rgb, bitDepth: .eight) } catch {
    fail("cannot read \(path): \(error)")
  }
  guard image.width >= size.width, image.height >= size.height else { continue }
  let rect = PixelRect(
    x: (image.width - size.width) / 2, y: (image.height - size.height) / 2, width: size.width, height: size.height)
  let crop = image.cropped(to: rect)
  let mask = SyntheticImages.mask(width: size.width, height: size.height) { x, y in
    let dx = (Double(x) - Double(size.width) / 2) / (Double(size.width) * maskFraction)
    let dy = (Double(y) - Double(size.height) / 2) / (Double(size.height) * maskFraction)
    return dx * dx + dy * dy <= 1
  }
  let name = URL(fileURLWithPath: path).lastPathComponent
  for (label, simulation, (fx, fy)) in cases {
    let frame = PixelSize(
      width: Int((Double(size.width) * fx).rounded()), height: Int((Double(size.height) * fy).rounded()))
    let answer = Resampler.resize(simulation.render(crop, frame: frame), to: crop.size)
    let aspect = (Double(frame.width) / Double(frame.height)) / (Double(size.width) / Double(size.height))
    let outcome = PatchRegistration.register(crop: crop, patch: answer, mask: mask, aspectChange: aspect)
    let before = GlareMetrics.psnrInside(answer, crop, mask: mask)
    let after = GlareMetrics.psnrInside(outcome.patch, crop, mask: mask)
    if label != "perfect" { worst = min(worst, after) }
    let status = outcome.fit.isApplied ? "applied" : "\(outcome.fit.status)"
    let figures = String(format: "%.1f | %.1f | %.1f", before, after, outcome.fit.ringPSNR)
    print("| \(name) | \(label) | \(figures) | \(status) | \(outcome.fit.geometry); \(outcome.fit.colour) |")
  }
}
print(String(format: "worst after registration: %.1f dB", worst))
