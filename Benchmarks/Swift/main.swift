// deglare-bench: in-process timings of deglare's own building blocks, printed as one JSON object
// per line, for the benchmark scripts in Benchmarks/ to put next to Pillow, OpenCV and djpeg.
// Best of N runs; wall time.
import DeglareCodecs
import DeglareCore
import DeglarePipeline
import Foundation

/// Wall seconds, or with DEGLARE_BENCH_CPU=1 the process's CPU seconds (robust on a busy
/// machine for single-threaded steps; multi-threaded steps then count every core's time).
let measureCPU = ProcessInfo.processInfo.environment["DEGLARE_BENCH_CPU"] == "1"

func now() -> Double {
  if measureCPU {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
  return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = now()
  try body()
  return now() - start
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
guard arguments.count >= 2, ["codec", "remove", "heif", "splice"].contains(arguments[0]) else {
  FileHandle.standardError.write(
    Data(
      ("usage: deglare-bench codec [--runs N] FILE... | deglare-bench remove [--runs N] IMAGE MASK UPLOAD_EDGE"
        + " | deglare-bench heif [--runs N] [--mended DIR] FILE... | deglare-bench splice [--runs N] JPEG MASK\n").utf8)
  )
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

if arguments[0] == "heif" {
  // HEIF decode from memory (container checks, the libheif 1.15 repair, libheif, the copy out).
  // With --mended DIR, also writes each file as libheif 1.15 can read it, for heif-convert.
  var mendedFolder: String?
  if let flag = files.firstIndex(of: "--mended"), flag + 1 < files.count {
    mendedFolder = files[flag + 1]
    files.removeSubrange(flag...flag + 1)
  }
  for file in files {
    if let folder = mendedFolder {
      let mended = try HEIFCodec.readableByLibheif115(try ImageFile.readBytes(file))
      let name = folder + "/" + (file.split(separator: "/").last.map(String.init) ?? "mended.heic")
      try OutputFile.write(mended, to: name, overwrite: true, inputs: [file])
    }
    let bytes = try ImageFile.readBytes(file)
    var decoded = try ImageDecoder.decode(bytes)
    let decode = try best(runs) { decoded = try ImageDecoder.decode(bytes) }
    emit([
      ("file", .string(file)), ("width", .int(decoded.image.width)), ("height", .int(decoded.image.height)),
      ("decode", .double(decode)),
    ])
  }
  exit(0)
}

if arguments[0] == "splice" {
  // The lossless JPEG splice against full re-encodes of the same result with libjpeg-turbo:
  // deglare's own JPEG output before the splice (q95 4:4:4) and the original's sampling at q92.
  // The "repaint" brightens the mask's pixels by 24 levels.
  let imagePath = files[0]
  let maskPath = files[1]
  let bytes = try ImageFile.readBytes(imagePath)
  let decoded = try ImageDecoder.decode(bytes)
  let mask = Mask(image: try ImageFile.read(maskPath).image).binarized()
  guard let box = mask.insideBoundingBox else { fatalError("the benchmark mask is empty") }
  var pixels = decoded.image.cropped(to: box)
  for y in 0..<box.height {
    for x in 0..<box.width where mask.isInside(x: box.x + x, y: box.y + y) {
      for c in 0..<pixels.channelCount {
        pixels.setSample(x: x, y: y, channel: c, pixels.sample(x: x, y: y, channel: c) + 24)
      }
    }
  }
  let overlay = RegionOverlay(x: box.x, y: box.y, pixels: pixels)
  var spliced = try JPEGCodec.splice(decoded, overlay: overlay)
  let splice = try best(runs) { spliced = try JPEGCodec.splice(decoded, overlay: overlay) }
  // The two halves: reading the original's blocks (done while the provider works, in
  // RemovalSession) and the splice proper once the repaint is back.
  let read = try best(runs) { _ = try JPEGOriginal(decoded) }
  var afterRead = Double.infinity
  for _ in 0..<runs {
    let original = try JPEGOriginal(decoded)
    afterRead = min(afterRead, try seconds { _ = try original.splice(overlay) })
  }
  var q95: [UInt8] = []
  let reencode95 = try best(runs) {
    q95 = try JPEGCodec.encode(overlay.applied(to: decoded.image), metadata: decoded.metadata)
  }
  var q92: [UInt8] = []
  let reencode92 = try best(runs) {
    q92 = try JPEGCodec.encode(
      overlay.applied(to: decoded.image), metadata: decoded.metadata,
      options: JPEGEncodingOptions(quality: 92, fullChroma: false))
  }
  emit([
    ("image", .string(imagePath)), ("width", .int(decoded.image.width)), ("height", .int(decoded.image.height)),
    ("masked_percent", .double(Double(mask.insideCount) * 100 / Double(mask.size.area))),
    ("splice", .double(splice)), ("read_blocks", .double(read)), ("splice_after_read", .double(afterRead)),
    ("splice_bytes", .int(spliced.bytes.count)),
    ("reencoded_blocks", .int(spliced.report.reencoded)), ("total_blocks", .int(spliced.report.total)),
    ("reencode_q95_444", .double(reencode95)), ("q95_bytes", .int(q95.count)),
    ("reencode_q92_420", .double(reencode92)), ("q92_bytes", .int(q92.count)), ("original_bytes", .int(bytes.count)),
  ])
  exit(0)
}

if arguments[0] == "remove" {
  try removeSteps(image: files[0], mask: files[1], uploadEdge: Int(files[2]) ?? 1024, runs: runs)
  exit(0)
}

/// Times each step of a removal whose provider answers at once with the upload image itself.
func removeSteps(image imagePath: String, mask maskPath: String, uploadEdge: Int, runs: Int) throws {
  var decoded = try ImageFile.read(imagePath)
  let decode = try best(runs) { decoded = try ImageFile.read(imagePath) }
  var maskImage = try ImageFile.read(maskPath).image
  let maskDecode = try best(runs) { maskImage = try ImageFile.read(maskPath).image }
  let mask = Mask(image: maskImage).binarized()
  let capability = UploadCapability.fixedSizes([
    PixelSize(width: uploadEdge, height: uploadEdge), PixelSize(width: uploadEdge * 3 / 2, height: uploadEdge),
    PixelSize(width: uploadEdge, height: uploadEdge * 3 / 2),
  ])
  guard var plan = RemoveSteps.plan(mask: mask, capability: capability, padding: 0.12) else {
    fatalError("the benchmark mask is empty")
  }
  let planning = best(runs) { plan = RemoveSteps.plan(mask: mask, capability: capability, padding: 0.12) ?? plan }
  var crop = decoded.image.cropped(to: plan.crop)
  let cropping = best(runs) { crop = decoded.image.cropped(to: plan.crop) }
  var upload = crop
  let resizeUp = best(runs) { upload = Resampler.resize(crop, to: plan.uploadSize) }
  var payload: [UInt8] = []
  let encodeUpload = try best(runs) { payload = try PNGCodec.encode(upload) }
  var patch = upload
  let resizeBack = best(runs) { patch = Resampler.resize(upload, to: plan.crop.size) }
  var alpha = Feather.alpha(mask: mask, crop: plan.crop, width: 6)
  let feather = best(runs) { alpha = Feather.alpha(mask: mask, crop: plan.crop, width: 6) }
  var pixels = decoded.image.cropped(to: plan.crop)
  let local = PixelRect(x: 0, y: 0, width: plan.crop.width, height: plan.crop.height)
  let composite = best(runs) {
    var target = crop
    Composite.apply(patch: patch, alpha: alpha, onto: &target, at: local)
    pixels = target
  }
  let overlay = RegionOverlay(x: plan.crop.x, y: plan.crop.y, pixels: pixels)
  var outputBytes = 0
  let encodeOutput = try best(runs) {
    outputBytes = 0
    try PNGCodec.encode(decoded.image, overlay: overlay, metadata: decoded.metadata) { chunk in
      outputBytes += chunk.count
      return true
    }
  }
  emit([
    ("image", .string(imagePath)), ("width", .int(decoded.image.width)), ("height", .int(decoded.image.height)),
    ("crop", .array(plan.crop.array.map(JSONValue.int))),
    ("upload", .array([.int(plan.uploadSize.width), .int(plan.uploadSize.height)])),
    ("decode", .double(decode)), ("mask_decode", .double(maskDecode)), ("plan", .double(planning)),
    ("crop_copy", .double(cropping)), ("resize_to_upload", .double(resizeUp)), ("upload_png", .double(encodeUpload)),
    ("upload_png_bytes", .int(payload.count)), ("resize_back", .double(resizeBack)), ("feather", .double(feather)),
    ("composite", .double(composite)), ("encode_output", .double(encodeOutput)), ("output_bytes", .int(outputBytes)),
  ])
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
