import DeglareCodecs
import DeglareCore
import Foundation

/// Runs the frame detector on photos and prints, per photo, the corners, the confidence, the
/// pass and the detection time (decode excluded).
enum PhotoDetection {
  static func run(_ options: Options) {
    let target = FrameTarget(rawValue: options.values["--target"] ?? "frame") ?? .frame
    for path in options.positionals {
      let image: ImageBuffer
      do {
        image = try ImageFile.read(path).image
      } catch {
        fail("\(error)")
      }
      var detection = FrameDetection(quad: Quad(rectangleFrom: .zero, to: .zero), confidence: 0, source: .fallback)
      let time = seconds { detection = FrameDetector().detect(in: image, target: target) }
      emit([
        ("file", .string(path)), ("width", .int(image.width)), ("height", .int(image.height)),
        ("corners", .array(detection.quad.corners.map { .array([.double($0.x), .double($0.y)]) })),
        ("confidence", .double(detection.confidence)), ("source", .string(detection.source.rawValue)),
        ("seconds", .double(time)), ("warnings", .array(detection.warnings.map(JSONValue.string))),
      ])
    }
  }
}

/// `diagnose IMAGE`: the Hough lines and the 40 best candidates, as JSON, for plotting.
enum Diagnosis {
  static func run(_ options: Options) {
    guard let path = options.positionals.first else { fail("usage: diagnose IMAGE") }
    let image: ImageBuffer
    do {
      image = try ImageFile.read(path).image
    } catch {
      fail("\(error)")
    }
    SceneEvaluation.configure(options.values["--set"])
    let (lines, candidates) = FrameDetector(configuration: SceneEvaluation.detectorConfiguration).diagnose(image)
    func point(_ p: Point) -> JSONValue { .array([.double(p.x), .double(p.y)]) }
    emit([
      ("lines", .array(lines.map { .array([point($0.0), point($0.1)]) })),
      (
        "candidates",
        .array(
          candidates.prefix(options.int("--top", default: 40)).map { candidate in
            .object([
              ("corners", .array(candidate.quad.corners.map(point))),
              ("coverage", .array(candidate.coverage.map(JSONValue.double))),
              ("wall", .array(candidate.wallContrast.map(JSONValue.double))),
              ("confidence", .double(candidate.confidence)), ("area", .double(candidate.quad.area)),
            ])
          })
      ),
    ])
  }
}
