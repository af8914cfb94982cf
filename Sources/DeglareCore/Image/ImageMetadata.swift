/// Metadata carried from an input file to the written result, format-neutral.
///
/// Decoders fill what the file has; encoders write back what their format can hold. The EXIF
/// orientation is already baked into the pixels at decode and ``exif`` has its orientation tag
/// reset to 1, so nothing downstream ever rotates again.
public struct ImageMetadata: Sendable, Equatable {
  /// An ICC colour profile (uncompressed), from PNG iCCP or JPEG APP2 segments.
  public var iccProfile: [UInt8]?
  /// The profile's name from PNG iCCP (JPEG has none); "ICC profile" when unknown.
  public var iccProfileName: String?
  /// The EXIF TIFF structure ("II*\0" or "MM\0*" first), without JPEG's "Exif\0\0" prefix.
  public var exif: [UInt8]?
  /// An XMP packet (UTF-8 XML), from JPEG APP1 or PNG iTXt "XML:com.adobe.xmp".
  public var xmp: [UInt8]?
  /// PNG text chunks (tEXt, zTXt, iTXt), keyword and text, in file order (XMP excluded).
  public var texts: [TextEntry]
  /// Pixel density, from PNG pHYs or the JPEG JFIF header.
  public var density: Density?
  /// PNG sRGB rendering intent (0...3).
  public var srgbIntent: Int?
  /// PNG gAMA, as the file stores it: gamma times 100000.
  public var gamma: Int?
  /// PNG cHRM, as stored: white x, y, red x, y, green x, y, blue x, y, each times 100000.
  public var chromaticities: [Int]?

  /// Creates empty metadata.
  public init() {
    texts = []
  }

  /// A text entry of a PNG file.
  public struct TextEntry: Sendable, Equatable {
    /// The keyword (1-79 Latin-1 characters).
    public var keyword: String
    /// The text.
    public var text: String
    /// Creates a text entry.
    public init(keyword: String, text: String) {
      self.keyword = keyword
      self.text = text
    }
  }

  /// Pixel density: pixels per unit along x and y.
  public struct Density: Sendable, Equatable {
    /// The unit of a density.
    public enum Unit: Int, Sendable {
      /// No unit: the values give only the pixel aspect ratio.
      case none = 0
      /// Pixels per inch (JFIF unit 1).
      case inch = 1
      /// Pixels per centimetre (JFIF unit 2).
      case centimetre = 2
      /// Pixels per metre (PNG pHYs unit 1).
      case metre = 3
    }
    /// Pixels per unit along x.
    public var x: Int
    /// Pixels per unit along y.
    public var y: Int
    /// The unit.
    public var unit: Unit
    /// Creates a density.
    public init(x: Int, y: Int, unit: Unit) {
      self.x = x
      self.y = y
      self.unit = unit
    }
  }
}

extension ImageMetadata.Density {
  /// The density in PNG pHYs terms: pixels per metre, or unitless aspect values.
  public var perMetre: ImageMetadata.Density {
    switch unit {
    case .none, .metre: return self
    case .inch:
      return ImageMetadata.Density(
        x: Int((Double(x) / 0.0254).rounded()), y: Int((Double(y) / 0.0254).rounded()), unit: .metre)
    case .centimetre: return ImageMetadata.Density(x: x * 100, y: y * 100, unit: .metre)
    }
  }

  /// The density in JFIF terms (unit none, dpi or dots per cm, values up to 65535).
  public var jfif: ImageMetadata.Density {
    switch unit {
    case .none, .inch, .centimetre:
      return ImageMetadata.Density(x: min(x, 65535), y: min(y, 65535), unit: unit)
    case .metre:
      // Prefer dpi when the value is a whole number of dots per inch (72, 300 ...), as most files are.
      let dpiX = (Double(x) * 0.0254).rounded()
      let dpiY = (Double(y) * 0.0254).rounded()
      return ImageMetadata.Density(x: min(Int(dpiX), 65535), y: min(Int(dpiY), 65535), unit: .inch)
    }
  }
}

extension ImageMetadata {
  /// The ICC profile's data colour space signature ("RGB ", "GRAY", "CMYK"), if there is a profile.
  public var iccColorSpace: String? {
    guard let profile = iccProfile, profile.count >= 20 else { return nil }
    return String(decoding: profile[16..<20], as: UTF8.self)
  }

  /// The metadata an encoder should write for an image of `layout`: an ICC profile whose colour
  /// space does not match the channels (an RGB profile on a gray image, a CMYK profile) is
  /// dropped, because PNG and JPEG readers would misinterpret the pixels with it.
  public func adapted(to layout: ChannelLayout) -> ImageMetadata {
    guard let space = iccColorSpace else { return self }
    let matches = layout.colorChannelCount == 1 ? space == "GRAY" : space == "RGB "
    if matches { return self }
    var copy = self
    copy.iccProfile = nil
    copy.iccProfileName = nil
    return copy
  }
}
