import DeglareCodecs
import DeglareCore
import Foundation

/// A folder of small photos for batch tests: `count` noise paintings (`photo-1.png`...), each
/// with its mask of the same name in a masks folder, and optionally a damaged `broken.png`
/// (a large noise PNG cut off halfway) with a mask too, so it fails on its own.
public struct BatchFolder: Sendable {
  /// The photos' folder.
  public var images: String
  /// The masks' folder (`<stem>.png`).
  public var masks: String
  /// The good photos, in the order a batch takes them.
  public var photos: [String]
  /// The damaged photo, if any.
  public var broken: String?

  /// The photos' size: small, so a debug build repaints them in a blink.
  public static let size = PixelSize(width: 96, height: 72)

  /// Writes the folder under `directory` (`in/` and `masks/`).
  public init(in directory: String, count: Int, broken: Bool = true) throws {
    images = directory + "/in"
    masks = directory + "/masks"
    for folder in [images, masks] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let mask = SyntheticImages.mask(
      width: Self.size.width, height: Self.size.height, rects: [PixelRect(x: 30, y: 20, width: 18, height: 12)])
    let maskBytes = try PNGCodec.encode(mask.grayImage)
    photos = []
    for index in 1...count {
      let photo = images + "/photo-\(index).png"
      let pixels = SyntheticImages.noise(
        width: Self.size.width, height: Self.size.height, layout: .rgb, bitDepth: .eight, seed: UInt64(index))
      try ImageFile.write(pixels, metadata: ImageMetadata(), to: photo, options: ImageWriteOptions())
      try OutputFile.write(maskBytes, to: masks + "/photo-\(index).png", overwrite: false)
      photos.append(photo)
    }
    self.broken = nil
    if broken {
      let path = images + "/broken.png"
      // Large enough that decoding its first half takes milliseconds: a batch reports each
      // image's time to the millisecond, and a failure's own time must not round to 0.
      let whole = try PNGCodec.encode(
        SyntheticImages.noise(width: 1000, height: 1000, layout: .rgb, bitDepth: .eight, seed: 99))
      try OutputFile.write(Array(whole.prefix(whole.count / 2)), to: path, overwrite: false)
      try OutputFile.write(maskBytes, to: masks + "/broken.png", overwrite: false)
      self.broken = path
    }
  }

  /// The result `remove --out-dir` writes for `photo` in `directory`.
  public static func result(of photo: String, in directory: String) -> String {
    let name = (photo as NSString).lastPathComponent
    return directory + "/" + (name as NSString).deletingPathExtension + ".deglared.png"
  }

  /// The mask of `photo` in the masks folder.
  public func mask(of photo: String) -> String {
    masks + "/" + (photo as NSString).lastPathComponent
  }
}
