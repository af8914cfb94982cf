import DeglareCodecs
import DeglareCore
import FuzzSupport

@testable import DeglareCLI

/// A TIFF/EXIF structure: every tag deglare reads, the orientation reset, and the straightener's
/// focal length from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = FuzzInput.bytes(data, size)
  FuzzInput.exerciseEXIF(bytes)
  var metadata = ImageMetadata()
  metadata.exif = bytes
  if let focal = StraightenCommand.focalLength(metadata, size: PixelSize(width: 4032, height: 3024)), focal.isNaN {
    fatalError("a NaN focal length")
  }
  return 0
}
