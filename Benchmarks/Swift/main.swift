// deglare-bench: in-process timings of deglare's own building blocks, printed as one JSON object
// per line, for the benchmark scripts in Benchmarks/ to put next to Pillow, OpenCV and djpeg.
// Best of N runs; wall time.
import DeglareCodecs
import DeglareCore
import Foundation

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
  var result = Double.infinity
  for _ in 0..<runs { result = min(result, try seconds(body)) }
  return result
}

func emit(_ members: [(String, JSONValue)]) {
  print(JSONValue.object(members).text)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments[0] == "codec" else {
  FileHandle.standardError.write(Data("usage: deglare-bench codec [--runs N] FILE...\n".utf8))
  exit(64)
}
var runs = 3
var files: [String] = []
var index = 1
while index < arguments.count {
  if arguments[index] == "--runs", index + 1 < arguments.count {
    runs = Int(arguments[index + 1]) ?? 3
    index += 2
  } else {
    files.append(arguments[index])
    index += 1
  }
}

for file in files {
  let bytes = try ImageFile.readBytes(file)
  var decoded = try ImageDecoder.decode(bytes)
  let decode = try best(runs) { decoded = try ImageDecoder.decode(bytes) }
  let image = decoded.image
  var pngFast: [UInt8] = []
  let encodeFast = try best(runs) { pngFast = try PNGCodec.encode(image, compression: .fast) }
  var pngSmall: [UInt8] = []
  let encodeSmall = try best(1) { pngSmall = try PNGCodec.encode(image, compression: .small) }
  var pngDecoded = image
  let decodePNG = try best(runs) { pngDecoded = try ImageDecoder.decode(pngFast).image }
  precondition(pngDecoded == image, "PNG round trip changed pixels")
  var jpeg: [UInt8] = []
  let encodeJPEG = try best(runs) { jpeg = try JPEGCodec.encode(image, options: JPEGEncodingOptions(quality: 95)) }
  emit([
    ("file", .string(file)), ("width", .int(image.width)), ("height", .int(image.height)),
    ("jpeg_decode", .double(decode)), ("png_encode_fast", .double(encodeFast)), ("png_fast_bytes", .int(pngFast.count)),
    ("png_encode_small", .double(encodeSmall)), ("png_small_bytes", .int(pngSmall.count)),
    ("png_decode", .double(decodePNG)), ("jpeg_encode_q95", .double(encodeJPEG)), ("jpeg_bytes", .int(jpeg.count)),
  ])
}
