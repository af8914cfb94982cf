// deglare-eval: the synthetic evaluation of the local provider's methods.
//
// For every glare kind and seed it writes a case folder (clean.png, glared.png, mask.png) and the
// output of each local method (subtract.png, fill.png, auto.png), prints PSNR inside the mask
// per kind, and records the methods' run times in times.csv. `Benchmarks/inpaint_eval.py` adds
// OpenCV's inpainting on the same inputs and prints the full table.
//
//   deglare-eval OUTDIR [--size WxH] [--seeds N] [--first-seed K] [--encoded] [--set key=value ...]
//   deglare-eval --timing WxH [--set key=value ...]
//   deglare-eval --suite OUTDIR [--split tune|heldout|photo-glare] [--paintings DIR] [--photos DIR]
//     [--quick] [--only NAME,...] [--families tight,grown,glare-free,sign,rectangle] [--crop WxH]
//     (the local method's case folders, see Suite.swift; run and scored by Benchmarks/local_eval.py)
//   deglare-eval --apply IMAGE MASK OUTDIR [--reference CLEAN] [--methods auto,...] [--set key=value ...]
//     (a real photo: each method's output; with the glare-free CLEAN, also PSNR inside the mask,
//     e.g. the demo fixture and `python3 Fixtures/make_fixtures.py --clean DIR`)
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation

/// Parsed command line.
struct Options {
  var outputFolder: String?
  var width = 640
  var height = 480
  var seeds = 4
  var firstSeed: UInt64 = 1
  var linearLight = true
  var timing: (Int, Int)?
  var apply: (image: String, mask: String, folder: String)?
  var reference: String?
  var suite: String?
  var splits = SuiteSplit.allCases
  var suiteOptions = SuiteOptions()
  var methods = LocalMethod.allCases
  var configuration = LocalInpainter.Configuration()
}

/// The reason the command line was refused.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

func parseSize(_ text: String) throws -> (Int, Int) {
  let parts = text.split(separator: "x").compactMap { Int($0) }
  guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw UsageError(description: "bad size \(text)") }
  return (parts[0], parts[1])
}

func apply(_ setting: String, to configuration: inout LocalInpainter.Configuration) throws {
  let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
  guard parts.count == 2, let value = Double(parts[1]) else { throw UsageError(description: "bad --set \(setting)") }
  switch parts[0] {
  case "linearLight": configuration.linearLight = value != 0
  case "clipLevel": configuration.clipLevel = value
  case "clipGrowth": configuration.clipGrowth = Int(value)
  case "explainedClipping": configuration.explainedClipping = value
  case "predictionSigma": configuration.predictionSigma = value
  case "guideSigma": configuration.guideSigma = value
  case "edgeContrast": configuration.edgeContrast = value
  case "edgeFloor": configuration.edgeFloor = value
  case "guidePasses": configuration.guidePasses = Int(value)
  case "glareScale": configuration.glareScale = value
  case "glareColourScale": configuration.glareColourScale = value
  case "predictionMismatch": configuration.predictionMismatch = value
  case "colourMismatch": configuration.colourMismatch = value
  case "alongScale": configuration.alongScale = value
  case "minimumElongation": configuration.minimumElongation = value
  case "orientationScale": configuration.orientationScale = value
  case "minimumSigma": configuration.minimumSigma = value
  case "maximumSigma": configuration.maximumSigma = value
  case "alongRangeRelative": configuration.alongRangeRelative = value
  case "alongRangeFloor": configuration.alongRangeFloor = value
  case "brightnessSeparation": configuration.brightnessSeparation = value
  case "explainedNone": configuration.explainedNone = value
  case "explainedFull": configuration.explainedFull = value
  case "modeSigma": configuration.modeSigma = value
  case "modeCap": configuration.modeCap = value
  case "broadAverageScale": configuration.broadAverageScale = value
  case "broadPeakRatio": configuration.broadPeakRatio = value
  case "broadElongation": configuration.broadElongation = value
  case "workUnknowns": configuration.workUnknowns = Int(value)
  case "workHalfWidth": configuration.workHalfWidth = value
  case "largestWorkScale": configuration.largestWorkScale = Int(value)
  case "evidenceLevel": configuration.evidenceLevel = value
  case "traceLevel": configuration.traceLevel = value
  case "evidenceRounds": configuration.evidenceRounds = Int(value)
  case "evidenceContrast": configuration.evidenceContrast = value
  case "envelopeRadius": configuration.envelopeRadius = value
  case "envelopeReach": configuration.envelopeReach = value
  case "envelopeOpening": configuration.envelopeOpening = value != 0
  case "envelopeBoundsAmount": configuration.envelopeBoundsAmount = value != 0
  case "confidentQuantile": configuration.confidentQuantile = value
  case "structureReach": configuration.structureReach = value
  case "opaqueEvidence": configuration.opaqueEvidence = value
  case "supportMargin": configuration.supportMargin = Int(value)
  case "supportMarginScale": configuration.supportMarginScale = value
  case "exemplarMinimumPixels": configuration.exemplarMinimumPixels = Int(value)
  case "patchSize": configuration.patchSize = Int(value)
  case "exemplarReach": configuration.exemplarReach = value
  case "exemplarMinimumReach": configuration.exemplarMinimumReach = Int(value)
  case "floorQuantile": configuration.floorQuantile = value
  case "floorTolerance": configuration.floorTolerance = value
  case "floorReach": configuration.floorReach = value
  case "paintStepLimit": configuration.paintStepLimit = value
  case "unliftedLimit": configuration.unliftedLimit = value
  case "paintEvidence": configuration.paintEvidence = value
  case "opaqueCoreRatio": configuration.opaqueCoreRatio = value
  case "whiteReach": configuration.whiteReach = value
  case "opaqueCoreMinimum": configuration.opaqueCoreMinimum = Int(value)
  case "exemplarSourceRatio": configuration.exemplarSourceRatio = value
  case "floorBands": configuration.floorBands = Int(value)
  case "edgeSigma": configuration.edgeSigma = value
  case "edgeStepDistance": configuration.edgeStepDistance = value
  case "adaptsToDetailScale": configuration.adaptsToDetailScale = value != 0
  case "largestDetailScale": configuration.largestDetailScale = Int(value)
  default: throw UsageError(description: "unknown setting \(parts[0])")
  }
}

func parse(_ arguments: [String]) throws -> Options {
  var options = Options()
  var index = 0
  func value() throws -> String {
    index += 1
    guard index < arguments.count else { throw UsageError(description: "\(arguments[index - 1]) needs a value") }
    return arguments[index]
  }
  while index < arguments.count {
    switch arguments[index] {
    case "--size": (options.width, options.height) = try parseSize(try value())
    case "--seeds": options.seeds = Int(try value()) ?? 4
    case "--first-seed": options.firstSeed = UInt64(try value()) ?? 1
    case "--encoded": options.linearLight = false
    case "--timing": options.timing = try parseSize(try value())
    case "--set": try apply(try value(), to: &options.configuration)
    case "--apply": options.apply = (try value(), try value(), try value())
    case "--reference": options.reference = try value()
    case "--suite": options.suite = try value()
    case "--split":
      let name = try value()
      guard let split = SuiteSplit(rawValue: name) else { throw UsageError(description: "unknown split \(name)") }
      options.splits = [split]
    case "--paintings": options.suiteOptions.paintings = try value()
    case "--photos": options.suiteOptions.photos = try value()
    case "--quick": options.suiteOptions.quick = true
    case "--only": options.suiteOptions.only = try value()
    case "--crop": (options.suiteOptions.width, options.suiteOptions.height) = try parseSize(try value())
    case "--families":
      options.suiteOptions.families = Set(
        try value().split(separator: ",").map { name in
          guard let family = GlareSuite.Family(rawValue: String(name)) else {
            throw UsageError(description: "unknown family \(name)")
          }
          return family
        })
    case "--methods":
      let names = try value()
      options.methods = try names.split(separator: ",").map { name in
        guard let method = LocalMethod(rawValue: String(name)) else {
          throw UsageError(description: "unknown method \(name)")
        }
        return method
      }
    default:
      // An option it does not know (--help included) is not a folder to fill with cases.
      guard !arguments[index].hasPrefix("-") else {
        throw UsageError(
          description: "unknown option \(arguments[index]); the usage is at the top of Tools/deglare-eval/main.swift")
      }
      options.outputFolder = arguments[index]
    }
    index += 1
  }
  return options
}

/// PSNR inside the mask (see `GlareMetrics.psnrInside`).
func psnrInside(_ result: ImageBuffer, _ clean: ImageBuffer, mask: Mask) -> Double {
  GlareMetrics.psnrInside(result, clean, mask: mask)
}

func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func write(_ image: ImageBuffer, _ path: String) throws {
  try ImageFile.write(image, metadata: ImageMetadata(), to: path, options: ImageWriteOptions(overwrite: true))
}

/// Wall-clock and CPU seconds of `body` (CPU time is what an idle machine would take: the
/// inpainter is single-threaded).
func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
  let cpuStart = clock()
  let wall = seconds(body)
  return (wall, Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC))
}

func runTiming(_ size: (Int, Int), configuration: LocalInpainter.Configuration) {
  for kind in [GlareKind.softStreak, .sheen, .bloom] {
    let sample = SyntheticGlare.makeCase(kind: kind, width: size.0, height: size.1, seed: 1)
    let coverage = 100 * Double(sample.mask.insideCount) / Double(sample.mask.width * sample.mask.height)
    var line = "\(kind.rawValue) \(size.0)x\(size.1) mask \(String(format: "%.1f", coverage)) %:"
    for method in LocalMethod.allCases {
      let time = measure {
        _ = LocalInpainter.repaint(sample.glared, mask: sample.mask, method: method, configuration: configuration)
      }
      line += " \(method.rawValue) \(String(format: "%.2f", time.wall)) s (cpu \(String(format: "%.2f", time.cpu)))"
    }
    print(line)
  }
}

func runApply(
  image imagePath: String, mask maskPath: String, folder: String, reference: String?, methods: [LocalMethod],
  configuration: LocalInpainter.Configuration
) throws {
  let image = try ImageFile.read(imagePath).image
  let mask = Mask(image: try ImageFile.read(maskPath).image)
  let clean = try reference.map { try ImageFile.read($0).image }
  if let clean {
    print("none: PSNR in mask \(String(format: "%.2f", psnrInside(image, clean, mask: mask))) dB")
  }
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  for method in methods {
    var repair = LocalRepair(image: image, regions: [])
    let time = measure {
      // Never cancelled, so never thrown.
      repair = (try? LocalInpainter.repair(image, mask: mask, method: method, configuration: configuration)) ?? repair
    }
    try write(repair.image, folder + "/\(method.rawValue).png")
    var line = "\(method.rawValue): \(String(format: "%.2f", time.wall)) s (cpu \(String(format: "%.2f", time.cpu)))"
    if let clean { line += ", PSNR in mask \(String(format: "%.2f", psnrInside(repair.image, clean, mask: mask))) dB" }
    print(line)
    // What was done where: one line per part of the mask (read by Benchmarks/local_eval.py --detail).
    for region in repair.regions {
      print(
        "  region \(region.box.x),\(region.box.y) \(region.pixels) px: \(region.action.rawValue), subtracted "
          + "\(region.subtractedPixels), filled \(region.filledPixels), glare peak \(String(format: "%.4f", region.glarePeak))"
      )
    }
  }
}

func runEvaluation(_ options: Options, folder: String) throws {
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  var times = "case,kind,method,seconds\n"
  var table: [GlareKind: [String: [Double]]] = [:]
  let methods = ["none"] + LocalMethod.allCases.map(\.rawValue)
  for kind in GlareKind.allCases {
    for seed in options.firstSeed..<(options.firstSeed + UInt64(options.seeds)) {
      let sample = SyntheticGlare.makeCase(
        kind: kind, width: options.width, height: options.height, seed: seed, linearLight: options.linearLight)
      let name = "\(kind.rawValue)-\(seed)"
      let caseFolder = folder + "/" + name
      try FileManager.default.createDirectory(atPath: caseFolder, withIntermediateDirectories: true)
      try write(sample.clean, caseFolder + "/clean.png")
      try write(sample.glared, caseFolder + "/glared.png")
      try write(sample.mask.grayImage, caseFolder + "/mask.png")
      table[kind, default: [:]]["none", default: []].append(psnrInside(sample.glared, sample.clean, mask: sample.mask))
      for method in LocalMethod.allCases {
        var result = sample.glared
        let time = seconds {
          result = LocalInpainter.repaint(
            sample.glared, mask: sample.mask, method: method, configuration: options.configuration)
        }
        times += "\(name),\(kind.rawValue),\(method.rawValue),\(String(format: "%.4f", time))\n"
        try write(result, caseFolder + "/\(method.rawValue).png")
        table[kind, default: [:]][method.rawValue, default: []].append(
          psnrInside(result, sample.clean, mask: sample.mask))
      }
    }
  }
  try times.write(toFile: folder + "/times.csv", atomically: true, encoding: .utf8)
  print("PSNR inside the mask (dB), mean over \(options.seeds) seeds, \(options.width)x\(options.height)")
  print(
    "kind".padding(toLength: 16, withPad: " ", startingAt: 0)
      + methods.map { $0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
  var overall: [String: [Double]] = [:]
  for kind in GlareKind.allCases {
    var line = kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
    for method in methods {
      let values = table[kind]?[method] ?? []
      overall[method, default: []].append(contentsOf: values)
      line += String(format: "%-9.2f", values.reduce(0, +) / Double(max(values.count, 1)))
    }
    print(line)
  }
  var line = "mean".padding(toLength: 16, withPad: " ", startingAt: 0)
  for method in methods {
    let values = overall[method] ?? []
    line += String(format: "%-9.2f", values.reduce(0, +) / Double(max(values.count, 1)))
  }
  print(line)
}

do {
  let options = try parse(Array(CommandLine.arguments.dropFirst()))
  if let (imagePath, maskPath, folder) = options.apply {
    try runApply(
      image: imagePath, mask: maskPath, folder: folder, reference: options.reference, methods: options.methods,
      configuration: options.configuration)
  } else if let folder = options.suite {
    try runSuite(folder: folder, splits: options.splits, options: options.suiteOptions)
  } else if let size = options.timing {
    runTiming(size, configuration: options.configuration)
  } else if let folder = options.outputFolder {
    try runEvaluation(options, folder: folder)
  } else {
    throw UsageError(
      description: "usage: deglare-eval OUTDIR [--size WxH] [--seeds N] [--first-seed K] [--encoded] [--set key=value]")
  }
} catch {
  FileHandle.standardError.write(Data("deglare-eval: \(error)\n".utf8))
  exit(64)
}
