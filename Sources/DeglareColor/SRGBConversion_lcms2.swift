// The Little CMS backend. Little CMS reports failures by returning NULL (and calling a log
// handler, which by default does nothing), never by exiting. Profiles and transforms are freed
// in `defer` blocks in the scope that made them; nothing outlives a call. Pixel formats are
// lcms2.h's TYPE_* macros, which Swift cannot import (they are function-like), re-derived below.
internal import Clcms2
import DeglareCore

enum LittleCMS {
  /// A profile to open: the photo's bytes or the built-in sRGB.
  enum Space {
    case profile([UInt8])
    case sRGB
  }

  // lcms2.h: COLORSPACE_SH(s) = s << 16, EXTRA_SH(e) = e << 7, CHANNELS_SH(c) = c << 3,
  // BYTES_SH(b) = b; PT_RGB = 4, PT_GRAY = 3.
  private static func format(channels: Int, extra: Int, bytes: Int, gray: Bool = false) -> UInt32 {
    UInt32((gray ? 3 : 4) << 16 | extra << 7 | channels << 3 | bytes)
  }

  /// Transforms are created without the one-pixel cache (so they could be shared) and with the
  /// high-resolution precalculation, which keeps 16-bit round trips within a few 16-bit units.
  private static let flags = UInt32(cmsFLAGS_NOCACHE | cmsFLAGS_HIGHRESPRECALC)

  static func isRGBProfile(_ bytes: [UInt8]) throws(ColorError) -> Bool {
    let profile = try open(.profile(bytes))
    defer { cmsCloseProfile(profile) }
    return cmsGetColorSpace(profile) == cmsSigRgbData
  }

  /// Whether the profile maps a 9x9x9 grid of 8-bit colours onto sRGB within half a level.
  static func isEffectivelySRGB(_ bytes: [UInt8]) throws(ColorError) -> Bool {
    let steps = stride(from: 0, through: 256, by: 32).map { min($0, 255) }
    var grid: [UInt8] = []
    for r in steps { for g in steps { for b in steps { grid += [UInt8(r), UInt8(g), UInt8(b)] } } }
    let image = ImageBuffer(width: grid.count / 3, height: 1, layout: .rgb, samples: grid)
    let converted = try convert(image, from: .profile(bytes), to: .sRGB)
    return zip(grid, converted.samples16).allSatisfy { abs(Int($0) * 257 - Int($1)) <= 128 }
  }

  /// `image` converted from `source` to `target`, relative colorimetric, 16-bit RGB out.
  static func convert(_ image: ImageBuffer, from source: Space, to target: Space) throws(ColorError) -> ImageBuffer {
    let input = try open(source)
    defer { cmsCloseProfile(input) }
    let output = try open(target)
    defer { cmsCloseProfile(output) }
    let gray = image.layout.colorChannelCount == 1
    let bytes = image.bitDepth == .eight ? 1 : 2
    let inFormat = format(
      channels: gray ? 1 : 3, extra: image.layout.hasAlpha ? 1 : 0, bytes: bytes, gray: gray)
    guard
      let transform = cmsCreateTransform(
        input, inFormat, output, format(channels: 3, extra: 0, bytes: 2), UInt32(INTENT_RELATIVE_COLORIMETRIC), flags)
    else {
      throw ColorError(
        operation: "cmsCreateTransform", message: "the colour profile cannot convert these \(image.layout.name) pixels")
    }
    defer { cmsDeleteTransform(transform) }
    var samples = [UInt16](repeating: 0, count: image.pixelCount * 3)
    samples.withUnsafeMutableBytes { out in
      if image.bitDepth == .eight {
        image.withUnsafeSamples8 {
          cmsDoTransform(transform, $0.baseAddress, out.baseAddress, UInt32(image.pixelCount))
        }
      } else {
        image.withUnsafeSamples16 {
          cmsDoTransform(transform, $0.baseAddress, out.baseAddress, UInt32(image.pixelCount))
        }
      }
    }
    return ImageBuffer(width: image.width, height: image.height, layout: .rgb, samples: samples)
  }

  private static func open(_ space: Space) throws(ColorError) -> cmsHPROFILE {
    let profile: cmsHPROFILE?
    switch space {
    case .sRGB: profile = cmsCreate_sRGBProfile()
    case .profile(let bytes):
      profile = bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
    }
    guard let profile else {
      throw ColorError(operation: "cmsOpenProfileFromMem", message: "the ICC profile cannot be read")
    }
    return profile
  }
}
