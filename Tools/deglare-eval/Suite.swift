// The evaluation set of the local method (`deglare-eval --suite OUTDIR`): ``GlareSuite``'s four
// families on procedural paintings and on the painting scans in ../shared/paintings (read at run
// time; skipped with a message when absent), split into a tuning part and a held-out part that is
// never tuned on. Each case folder gets clean.png, input.png, mask.png, score.png and one PNG per
// local method; `Benchmarks/local_eval.py` scores them beside OpenCV's inpainting.
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation

/// The bases of each split: procedural seeds and painting scans (file stems).
enum SuiteSplit: String, CaseIterable {
  case tune
  case heldout

  var seeds: [UInt64] { self == .tune ? [1, 2, 3, 4] : [101, 102, 103, 104] }

  var paintings: [String] {
    switch self {
    case .tune:
      return [
        "contrast_of_forms", "matisse_woman_with_a_hat", "monet_water_lilies_1919", "sakai_hoitsu_flowers", "mondrian",
      ]
    case .heldout: return ["kandinsky_composition_vii", "red_chalk_study_woman_standing"]
    }
  }
}

/// A painting scan scaled so that its longer side is at most `longest` pixels, 8-bit RGB.
func loadPainting(_ path: String, longest: Int) throws -> ImageBuffer {
  var image = try ImageFile.read(path).image
  if image.layout != .rgb || image.bitDepth != .eight { image = image.converted(to: .rgb, bitDepth: .eight) }
  let scale = Double(longest) / Double(max(image.width, image.height))
  guard scale < 1 else { return image }
  let size = PixelSize(
    width: max(Int((Double(image.width) * scale).rounded()), 1),
    height: max(Int((Double(image.height) * scale).rounded()), 1))
  return Resampler.resize(image, to: size)
}

func runSuite(
  folder: String, splits: [SuiteSplit], paintings: String, quick: Bool, only: String?, methods: [LocalMethod],
  configuration: LocalInpainter.Configuration
) throws {
  for split in splits {
    var bases = (quick ? Array(split.seeds.prefix(2)) : split.seeds).map { GlareSuite.Base.procedural(seed: $0) }
    if FileManager.default.fileExists(atPath: paintings) {
      for (index, stem) in split.paintings.enumerated() {
        let image = try loadPainting(paintings + "/" + stem + ".jpg", longest: quick ? 640 : 800)
        bases.append(GlareSuite.Base(name: stem, image: image, seed: 1000 + UInt64(index)))
      }
    } else {
      print("no painting scans at \(paintings): procedural paintings only")
    }
    for base in bases where only.map({ $0.split(separator: ",").contains { base.name.contains($0) } }) ?? true {
      for sample in GlareSuite.cases(on: base) {
        let caseFolder = "\(folder)/\(split.rawValue)/\(base.name)/\(sample.family.rawValue)-\(sample.name)"
          .replacingOccurrences(of: "glare-free-glare-free", with: "glare-free")
          .replacingOccurrences(of: "sign-sign", with: "sign")
        try FileManager.default.createDirectory(atPath: caseFolder, withIntermediateDirectories: true)
        try write(sample.clean, caseFolder + "/clean.png")
        try write(sample.input, caseFolder + "/input.png")
        try write(sample.mask.grayImage, caseFolder + "/mask.png")
        try write(sample.score.grayImage, caseFolder + "/score.png")
        var times = ""
        for method in methods {
          var result = sample.input
          let time = measure {
            result = LocalInpainter.repaint(
              sample.input, mask: sample.mask, method: method, configuration: configuration)
          }
          try write(result, caseFolder + "/\(method.rawValue).png")
          times += "\(method.rawValue),\(String(format: "%.4f", time.cpu))\n"
        }
        try times.write(toFile: caseFolder + "/times.csv", atomically: true, encoding: .utf8)
      }
      print("\(split.rawValue) \(base.name) done")
    }
  }
}
