import DeglareCodecs
import DeglareCore
import Foundation

/// Times `PerspectiveWarp.warp` alone on one decoded image (decode and encode excluded), each
/// run's wall time reported, so the script can put it next to OpenCV's warpPerspective.
enum WarpBench {
  static func run(_ options: Options) {
    guard let path = options.positionals.first, let quad = options.quad("--corners"), let size = options.size("--size")
    else { fail("usage: warp-bench IMAGE --corners X,Y,... --size WxH [--runs N] [--output PNG]") }
    let runs = options.int("--runs", default: 5)
    let image: ImageBuffer
    do {
      image = try ImageFile.read(path).image
    } catch {
      fail("\(error)")
    }
    var output = image
    var times: [Double] = []
    var processorTimes: [Double] = []
    for _ in 0..<runs {
      let processorStart = processorSeconds()
      times.append(
        seconds {
          do {
            output = try PerspectiveWarp.warp(image, quad: quad, to: size)
          } catch {
            fail("\(error)")
          }
        })
      processorTimes.append(processorSeconds() - processorStart)
    }
    if let out = options.values["--output"] {
      do {
        try ImageFile.write(output, metadata: ImageMetadata(), to: out, options: ImageWriteOptions(overwrite: true))
      } catch {
        fail("\(error)")
      }
    }
    emit([
      ("tool", .string("deglare")), ("width", .int(size.width)), ("height", .int(size.height)),
      ("channels", .int(image.channelCount)), ("times", .array(times.map(JSONValue.double))),
      ("cpu_times", .array(processorTimes.map(JSONValue.double))),
    ])
  }
}
