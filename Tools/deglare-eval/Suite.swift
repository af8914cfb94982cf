// The evaluation set of the local method (`deglare-eval --suite OUTDIR`): ``GlareSuite``'s
// families on procedural paintings and on crops of the painting scans in ../shared/paintings
// (read at run time; skipped with a message when absent), split into a tuning part and a
// held-out part that is never tuned on. A third part, photo-glare, lays the same glare over
// full-resolution crops of the glare-free museum photos in ../shared/photos (checking only): at
// that size the method estimates the glare on blocks of 3-8 pixels, as on a user's photo, where
// the small crops use 1-2. Each case folder gets clean.png, input.png, mask.png and score.png;
// `Benchmarks/local_eval.py` runs each method under comparison on them (through
// `deglare-eval --apply`, so that any build of the method can be compared) beside OpenCV's
// inpainting and scores them.
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation

/// The bases of each split: procedural seeds and painting scans (file stems); for photo-glare,
/// the glare-free museum photos (file stems).
enum SuiteSplit: String, CaseIterable {
  case tune
  case heldout
  case photoGlare = "photo-glare"

  var seeds: [UInt64] {
    switch self {
    case .tune: return [1, 2, 3, 4]
    case .heldout: return [101, 102, 103, 104]
    case .photoGlare: return []
    }
  }

  var paintings: [String] {
    switch self {
    case .tune:
      return [
        "contrast_of_forms", "matisse_woman_with_a_hat", "monet_water_lilies_1919", "sakai_hoitsu_flowers", "mondrian",
      ]
    case .heldout: return ["kandinsky_composition_vii", "red_chalk_study_woman_standing"]
    case .photoGlare:
      return ["IMG_7683", "IMG_7684", "IMG_7685", "IMG_7686", "IMG_7687", "IMG_7689"].map { $0 + "-straightened" }
    }
  }

  /// The families a split holds: photo-glare only those with glare (the photos split of
  /// `Benchmarks/local_eval.sh` lays masks over the same photos' glare-free paint).
  var families: Set<GlareSuite.Family> {
    self == .photoGlare ? [.tight, .grown, .rectangle, .veil] : Set(GlareSuite.Family.allCases)
  }
}

/// The size of a photo-glare crop: about a sixth of a 12-15 MP photo, so that a streak's mask
/// holds hundreds of thousands of pixels, as on a user's photo.
let photoCrop = PixelSize(width: 2048, height: 1536)

/// What `--suite` builds.
struct SuiteOptions {
  /// The painting scans' folder.
  var paintings = "../shared/paintings"
  /// The museum photos' folder (the photo-glare split).
  var photos = "../shared/photos"
  /// Half the procedural seeds and one crop per scan instead of two.
  var quick = false
  /// Only bases whose name contains one of these (comma-separated).
  var only: String?
  /// Only these families.
  var families = Set(GlareSuite.Family.allCases)
  /// Size of the procedural paintings and of the crops of the scans (at most the scan's size).
  var width = 512
  var height = 384
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

/// The bases of `split`: procedural paintings, then `crops` crops of each scan at its own
/// resolution (at most 1200 px on the longer side), placed by a seeded draw; for photo-glare,
/// ``photoBases(options:)``.
func suiteBases(_ split: SuiteSplit, options: SuiteOptions) throws -> [GlareSuite.Base] {
  if split == .photoGlare { return try photoBases(options: options) }
  let seeds = options.quick ? Array(split.seeds.prefix(2)) : split.seeds
  var bases = seeds.map { GlareSuite.Base.procedural(seed: $0, width: options.width, height: options.height) }
  guard FileManager.default.fileExists(atPath: options.paintings) else {
    print("no painting scans at \(options.paintings): procedural paintings only")
    return bases
  }
  let crops = options.quick ? 1 : 2
  for (index, stem) in split.paintings.enumerated() {
    let image = try loadPainting(options.paintings + "/" + stem + ".jpg", longest: 1200)
    var random = SeededGenerator(seed: 7919 &* UInt64(index + 1) ^ GlareSuite.salt(stem))
    for crop in 0..<crops {
      let cropped = seededCrop(
        of: image, size: PixelSize(width: options.width, height: options.height), inset: 0, random: &random)
      bases.append(GlareSuite.Base(name: "\(stem)-\(crop + 1)", image: cropped, seed: 1000 + UInt64(index * 10 + crop)))
    }
  }
  return bases
}

/// One crop of ``photoCrop`` per glare-free museum photo, at full resolution, placed by a seeded
/// draw within the photo's middle (the painting, not the wall or the frame).
func photoBases(options: SuiteOptions) throws -> [GlareSuite.Base] {
  guard FileManager.default.fileExists(atPath: options.photos) else {
    print("no museum photos at \(options.photos): the photo-glare split is empty")
    return []
  }
  return try SuiteSplit.photoGlare.paintings.enumerated().map { index, stem in
    let image = try loadPainting(options.photos + "/" + stem + ".jpg", longest: .max)
    var random = SeededGenerator(seed: 104_729 &* UInt64(index + 1) ^ GlareSuite.salt(stem))
    return GlareSuite.Base(
      name: "photo-" + stem.replacingOccurrences(of: "-straightened", with: ""),
      image: seededCrop(of: image, size: photoCrop, inset: 0.125, random: &random), seed: 2000 + UInt64(index))
  }
}

/// A crop of `size` (at most the image's) placed by one seeded draw per axis, at least `inset`
/// of the image's width and height from its edges where the image leaves room for that.
func seededCrop(of image: ImageBuffer, size: PixelSize, inset: Double, random: inout SeededGenerator) -> ImageBuffer {
  let width = min(size.width, image.width)
  let height = min(size.height, image.height)
  let x0 = Int(Double(image.width) * inset)
  let y0 = Int(Double(image.height) * inset)
  let x = x0 + Int(random.uniform(0...1) * Double(max(image.width - 2 * x0 - width, 0)))
  let y = y0 + Int(random.uniform(0...1) * Double(max(image.height - 2 * y0 - height, 0)))
  return image.cropped(
    to: PixelRect(x: min(x, image.width - width), y: min(y, image.height - height), width: width, height: height))
}

/// Writes the case folders `folder/split/base/family-name/` of every split.
func runSuite(folder: String, splits: [SuiteSplit], options: SuiteOptions) throws {
  for split in splits {
    let bases = try suiteBases(split, options: options)
    for base in bases where options.only.map({ $0.split(separator: ",").contains { base.name.contains($0) } }) ?? true {
      for sample in GlareSuite.cases(on: base, families: options.families.intersection(split.families)) {
        let name =
          sample.name.hasPrefix(sample.family.rawValue) ? sample.name : "\(sample.family.rawValue)-\(sample.name)"
        let caseFolder = "\(folder)/\(split.rawValue)/\(base.name)/\(name)"
        try FileManager.default.createDirectory(atPath: caseFolder, withIntermediateDirectories: true)
        try write(sample.clean, caseFolder + "/clean.png")
        try write(sample.input, caseFolder + "/input.png")
        try write(sample.mask.grayImage, caseFolder + "/mask.png")
        try write(sample.score.grayImage, caseFolder + "/score.png")
      }
      print("\(split.rawValue) \(base.name) done")
    }
  }
}
