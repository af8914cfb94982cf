import DeglareCodecs
import DeglareCore
import FuzzSupport

@testable import DeglareCLI

/// A TIFF/EXIF structure: every tag deglare reads, the orientation reset, and the straightener's
/// focal length from it.
@main
enum FuzzEXIF: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    FuzzInput.exerciseEXIF(bytes)
    var metadata = ImageMetadata()
    metadata.exif = bytes
    if let focal = StraightenCommand.focalLength(metadata, size: PixelSize(width: 4032, height: 3024)), focal.isNaN {
      fatalError("a NaN focal length")
    }
  }
}
