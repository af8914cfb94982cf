import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation

/// Detection on the project's synthetic set: random framed pictures on walls (five moulding
/// styles, mats, shadows, labels beside the frame), yawed, pitched and rolled; the detected quad
/// is compared with the true one. One JSON line per scene, then a summary line.
enum SyntheticEvaluation {
  static func run(_ options: Options) {
    let count = options.int("--count", default: 100)
    let firstSeed = UInt64(options.int("--seed", default: 1))
    let size = PixelSize(width: options.int("--width", default: 1200), height: options.int("--height", default: 900))
    let target = FrameTarget(rawValue: options.values["--target"] ?? "frame") ?? .frame
    let save = options.values["--save"]
    var configuration = FrameDetector.Configuration()
    configuration.analysisLongSide = options.int("--analysis", default: configuration.analysisLongSide)
    var errors: [Double] = []
    var found = 0
    var detectionSeconds: [Double] = []
    let diagonal = (Double(size.width * size.width + size.height * size.height)).squareRoot()
    for index in 0..<count {
      let seed = firstSeed + UInt64(index)
      let scene = SyntheticFrameScene.random(seed: seed, size: size)
      let image = scene.render()
      var detection = FrameDetection(quad: scene.frameQuad, confidence: 0, source: .fallback)
      detectionSeconds.append(
        seconds { detection = FrameDetector(configuration: configuration).detect(in: image, target: target) })
      let truth = target == .frame ? scene.frameQuad : scene.paintingQuad
      let error = detection.quad.maxCornerDistance(to: truth)
      errors.append(error)
      if detection.found { found += 1 }
      if let save {
        try? ImageFile.write(
          image, metadata: ImageMetadata(), to: "\(save)/scene-\(seed).png", options: ImageWriteOptions(overwrite: true)
        )
      }
      emit([
        ("seed", .int(Int(seed))), ("style", .string(scene.style.rawValue)), ("mat", .bool(scene.matWidth > 0)),
        ("label", .bool(scene.hasLabel)), ("shadow", .double(scene.shadowStrength)),
        ("source", .string(detection.source.rawValue)), ("confidence", .double(detection.confidence)),
        ("error_px", .double(error)), ("error_percent", .double(100 * error / diagonal)),
        ("truth", .array(truth.corners.map { .array([.double($0.x), .double($0.y)]) })),
        ("corners", .array(detection.quad.corners.map { .array([.double($0.x), .double($0.y)]) })),
      ])
    }
    let sorted = errors.sorted()
    func fraction(within percent: Double) -> Double {
      Double(errors.filter { 100 * $0 / diagonal <= percent }.count) / Double(max(count, 1))
    }
    emit([
      ("summary", .bool(true)), ("target", .string(target.rawValue)), ("scenes", .int(count)),
      ("size", .array([.int(size.width), .int(size.height)])),
      ("found_rate", .double(Double(found) / Double(max(count, 1)))),
      ("within_0_3_percent", .double(fraction(within: 0.3))), ("within_1_percent", .double(fraction(within: 1))),
      ("median_error_px", .double(sorted.isEmpty ? 0 : sorted[sorted.count / 2])),
      ("p90_error_px", .double(sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 9 / 10)])),
      ("median_error_percent", .double(sorted.isEmpty ? 0 : 100 * sorted[sorted.count / 2] / diagonal)),
      ("median_detection_seconds", .double(detectionSeconds.sorted()[detectionSeconds.count / 2])),
    ])
  }
}

/// `test-scene OUT.png [--style S] [--mat M] [--label]`: the scene of FrameDetectorTests, for
/// looking at it and running `diagnose` on it.
enum TestScene {
  static func run(_ options: Options) {
    guard let output = options.positionals.first else { fail("usage: test-scene OUT.png [--style S] [--mat M]") }
    let size = PixelSize(width: 480, height: 360)
    let camera = SyntheticFrameScene.camera(
      size: size, focalLength: 520, distance: 2.3, yaw: 0.18, pitch: -0.1, roll: 0.04, aim: Point(x: 0.02, y: 0))
    let scene = SyntheticFrameScene(
      size: size, frameWidth: 1.3, frameHeight: 1, mouldingWidth: 0.11, matWidth: options.double("--mat", default: 0),
      style: SyntheticFrameScene.FrameStyle(rawValue: options.values["--style"] ?? "gilt") ?? .gilt,
      wallColour: [214, 210, 204], shadowOffset: Point(x: 0.015, y: 0.025), shadowSoftness: 0.01, shadowStrength: 0.25,
      hasLabel: options.flag("--label"), planeToImage: camera, seed: 7)
    do {
      try ImageFile.write(
        scene.render(), metadata: ImageMetadata(), to: output, options: ImageWriteOptions(overwrite: true))
    } catch {
      fail("\(error)")
    }
    func point(_ p: Point) -> JSONValue { .array([.double(p.x), .double(p.y)]) }
    emit([
      ("frame", .array(scene.frameQuad.corners.map(point))),
      ("painting", .array(scene.paintingQuad.corners.map(point))),
    ])
  }
}
