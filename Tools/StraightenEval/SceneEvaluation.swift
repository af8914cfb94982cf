import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation

/// `scenes`: the straightener on ``StraightenScene`` sets, one JSON line per scene.
///
/// Two splits that share no seed, no painting scan and no photo size: `tune` (seeds from 1,
/// the first five scans by name, 2000 x 1500 photos either way up, JPEG quality 92), on which
/// the tunables were chosen, and `held-out` (seeds from 100001, the other scans, 2400 x 1800,
/// JPEG quality 85), never looked at while tuning. Each scene goes through a JPEG round trip, as
/// a phone photo does, then `Straightener.plan` with the scene's target and no margin; the
/// error is the largest corner distance from the truth. With `--cache DIR` the JPEGs are kept
/// there and read back on the next run (rendering is most of the time).
enum SceneEvaluation {
  static func run(_ options: Options) {
    let heldOut = options.values["--split"] == "held-out"
    let kinds = (options.values["--kinds"] ?? StraightenScene.Kind.allCases.map(\.rawValue).joined(separator: ","))
      .split(separator: ",").compactMap { StraightenScene.Kind(rawValue: String($0)) }
    let count = options.int("--count", default: 20)
    let firstSeed = UInt64(options.int("--seed", default: heldOut ? 100_001 : 1))
    let scans = PaintingScans.load()
    if scans.isEmpty { FileHandle.standardError.write(Data("scenes: no painting scans; procedural only\n".utf8)) }
    let pictures = heldOut ? Array(scans.dropFirst(5)) : Array(scans.prefix(5))
    let long = heldOut ? 2400 : 2000
    let short = heldOut ? 1800 : 1500
    let quality = heldOut ? 85 : 92
    let cache = options.values["--cache"]
    if let cache { try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true) }
    configure(options.values["--set"])
    for kind in kinds {
      for index in 0..<count {
        let seed = firstSeed + UInt64(index)
        let size = seed % 2 == 0 ? PixelSize(width: long, height: short) : PixelSize(width: short, height: long)
        let scene = StraightenScene.random(kind: kind, seed: seed, size: size, pictures: pictures)
        let cached = cache.map { "\($0)/\(heldOut ? "held-out" : "tune")-\(kind.rawValue)-\(seed).jpg" }
        let image: ImageBuffer
        if let cached, let decoded = try? ImageFile.read(cached) {
          image = decoded.image
        } else {
          // The photo as a phone stores it: a JPEG.
          let bytes =
            (try? JPEGCodec.encode(scene.render(), options: JPEGEncodingOptions(quality: quality, fullChroma: false)))
            ?? []
          guard let decoded = try? JPEGCodec.decode(bytes) else { fail("cannot encode scene \(kind.rawValue) \(seed)") }
          image = decoded.image
          if let cached { try? OutputFile.write(bytes, to: cached, overwrite: true) }
        }
        report(scene, image: image, seed: seed, heldOut: heldOut)
      }
    }
  }

  /// The detector's configuration with `--set name=value,...` applied (for sweeps without
  /// rebuilding).
  nonisolated(unsafe) static var detectorConfiguration = FrameDetector.Configuration()

  static func configure(_ text: String?) {
    guard let text else { return }
    for pair in text.split(separator: ",") {
      let parts = pair.split(separator: "=")
      guard parts.count == 2, let value = Double(parts[1]) else { fail("bad --set \(pair)") }
      switch parts[0] {
      case "refineInwardFraction": detectorConfiguration.refineInwardFraction = value
      case "refineSoftEdgeWidth": detectorConfiguration.refineSoftEdgeWidth = value
      case "tieTolerance": detectorConfiguration.tieTolerance = value
      case "linesPerFamily": detectorConfiguration.linesPerFamily = Int(value)
      case "maximumLinesPerBand": detectorConfiguration.maximumLinesPerBand = Int(value)
      case "lineBandPixels": detectorConfiguration.lineBandPixels = value
      case "refineShadowSideFraction": detectorConfiguration.refineShadowSideFraction = value
      case "refineWallResidualFraction": detectorConfiguration.refineWallResidualFraction = Float(value)
      case "bandMinimumContrast": detectorConfiguration.bandMinimumContrast = Float(value)
      case "rivalryStart": detectorConfiguration.rivalryStart = value
      case "scoreExponent": detectorConfiguration.scoreExponent = value
      case "rivalryFloor": detectorConfiguration.rivalryFloor = value
      case "runnerUpDisagreement": detectorConfiguration.runnerUpDisagreement = value
      case "shadowBrightest": detectorConfiguration.shadowBrightest = Float(value)
      case "shadowHueTolerance": detectorConfiguration.shadowHueTolerance = Float(value)
      case "documentBarrier": detectorConfiguration.document.barrierStrength = Float(value)
      case "documentMinimumScore": detectorConfiguration.document.minimumScore = value
      case "documentJoinContrast": detectorConfiguration.document.joinMinimumContrast = value
      case "documentEdgeKeeps": detectorConfiguration.document.edgeKeepsConfidence = value
      default: fail("unknown --set parameter \(parts[0])")
      }
    }
  }

  private static func report(_ scene: StraightenScene, image: ImageBuffer, seed: UInt64, heldOut: Bool) {
    let diagonal = Double(scene.size.width * scene.size.width + scene.size.height * scene.size.height).squareRoot()
    var options = StraightenOptions(margin: 0, target: scene.target)
    options.detector = detectorConfiguration
    var plan: StraightenPlan?
    let time = seconds { plan = try? Straightener.plan(image, options: options) }
    guard let plan else { fail("no plan for \(scene.kind.rawValue) \(seed)") }
    let error = plan.corners.maxCornerDistance(to: scene.quad)
    func point(_ p: Point) -> JSONValue { .array([.double(p.x), .double(p.y)]) }
    var members: [(String, JSONValue)] = [
      ("split", .string(heldOut ? "held-out" : "tune")), ("kind", .string(scene.kind.rawValue)),
      ("seed", .int(Int(seed))), ("size", .array([.int(scene.size.width), .int(scene.size.height)])),
      ("picture", .string(scene.picture.name)),
      ("background", .string(scene.background.rawValue)), ("moulding", .string(scene.moulding?.rawValue ?? "none")),
      ("shadow", .double(scene.shadow.strength)), ("source", .string(plan.detectionSource?.rawValue ?? "given")),
      ("confidence", .double(plan.confidence)), ("error_px", .double(error)),
      ("error_percent", .double(100 * error / diagonal)), ("warnings", .array(plan.warnings.map(JSONValue.string))),
      ("seconds", .double(time)), ("truth", .array(scene.quad.corners.map(point))),
      ("corners", .array(plan.corners.corners.map(point))),
    ]
    if let evidence = plan.evidence {
      members.append(("score", .double(evidence.score)))
      members.append(("runner_up_score", .double(evidence.runnerUpScore)))
      members.append(("shadow_sides", .array(evidence.shadowSides.map(JSONValue.double))))
      members.append(
        (
          "sides",
          .array(
            evidence.sides.map {
              .array([.double($0.coverage), .double($0.wallContrast), .double($0.support)])
            })
        ))
      if let coarse = evidence.coarse { members.append(("coarse", .array(coarse.corners.map(point)))) }
    }
    if let runnerUp = plan.runnerUp {
      members.append(("runner_up", .array(runnerUp.corners.map(point))))
      members.append(("runner_up_error_percent", .double(100 * runnerUp.maxCornerDistance(to: scene.quad) / diagonal)))
    }
    emit(members)
  }
}
