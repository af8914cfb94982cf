/// A colour space named by ITU-T H.273 code points, as HEIF's `nclx` colour box and video
/// streams describe colour: primaries and white point, and a transfer characteristic.
///
/// Only the spaces an RGB matrix/curve ICC profile can describe exactly have a
/// ``chromaticities`` and a ``transferCurve``; HDR transfers (PQ, HLG) and unspecified values
/// have none, and then no profile can be made.
public struct CodedColorSpace: Sendable, Equatable {
  /// H.273 `ColourPrimaries` (1 BT.709/sRGB, 9 BT.2020, 11 DCI-P3, 12 Display P3, 2 unspecified...).
  public var primaries: Int
  /// H.273 `TransferCharacteristics` (13 sRGB, 1/6/14/15 BT.709, 8 linear, 16 PQ, 18 HLG, 2 unspecified...).
  public var transfer: Int

  /// Creates a colour space from its code points.
  public init(primaries: Int, transfer: Int) {
    self.primaries = primaries
    self.transfer = transfer
  }

  /// sRGB: BT.709 primaries, D65, the IEC 61966-2-1 curve.
  public static let sRGB = CodedColorSpace(primaries: 1, transfer: 13)
  /// Display P3: the DCI-P3 primaries with a D65 white and the sRGB curve (Apple's phone photos).
  public static let displayP3 = CodedColorSpace(primaries: 12, transfer: 13)

  /// Whether this is exactly sRGB (no profile is needed to say so).
  public var isSRGB: Bool { self == .sRGB }

  /// Whether the transfer is a high-dynamic-range one (PQ or HLG), which no SDR profile describes.
  public var isHighDynamicRange: Bool { transfer == 16 || transfer == 18 }

  /// Red, green and blue primaries and the white point as CIE 1931 xy chromaticities.
  public struct Chromaticities: Sendable, Equatable {
    /// x and y of red, green, blue and white.
    public var red: (x: Double, y: Double)
    public var green: (x: Double, y: Double)
    public var blue: (x: Double, y: Double)
    public var white: (x: Double, y: Double)

    /// Compares every coordinate.
    public static func == (lhs: Chromaticities, rhs: Chromaticities) -> Bool {
      [lhs.red, lhs.green, lhs.blue, lhs.white].elementsEqual([rhs.red, rhs.green, rhs.blue, rhs.white]) { $0 == $1 }
    }
  }

  /// The primaries of ``primaries`` (H.273 table 2), or nil when unspecified or not RGB.
  public var chromaticities: Chromaticities? {
    let d65 = (x: 0.3127, y: 0.3290)
    let illuminantC = (x: 0.310, y: 0.316)
    switch primaries {
    case 1: return Chromaticities(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: d65)
    case 4: return Chromaticities(red: (0.67, 0.33), green: (0.21, 0.71), blue: (0.14, 0.08), white: illuminantC)
    case 5: return Chromaticities(red: (0.64, 0.33), green: (0.29, 0.60), blue: (0.15, 0.06), white: d65)
    case 6, 7: return Chromaticities(red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: d65)
    case 8:
      return Chromaticities(red: (0.681, 0.319), green: (0.243, 0.692), blue: (0.145, 0.049), white: illuminantC)
    case 9: return Chromaticities(red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: d65)
    case 11:
      return Chromaticities(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.314, 0.351))
    case 12: return Chromaticities(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65)
    case 22: return Chromaticities(red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077), white: d65)
    default: return nil
    }
  }

  /// The curve from encoded values to linear light for ``transfer``, or nil when unspecified or
  /// HDR.
  public var transferCurve: ParametricCurve? {
    switch transfer {
    case 1, 6, 14, 15:  // BT.709 (and BT.601, BT.2020 at 10 and 12 bits, the same curve)
      return ParametricCurve(gamma: 1 / 0.45, a: 1 / 1.099, b: 0.099 / 1.099, c: 1 / 4.5, d: 0.081)
    case 4: return ParametricCurve(gamma: 2.2, a: 1, b: 0, c: 0, d: 0)
    case 5: return ParametricCurve(gamma: 2.8, a: 1, b: 0, c: 0, d: 0)
    case 7:  // SMPTE 240M
      return ParametricCurve(gamma: 1 / 0.45, a: 1 / 1.1115, b: 0.1115 / 1.1115, c: 1 / 4, d: 0.0913)
    case 8: return ParametricCurve(gamma: 1, a: 1, b: 0, c: 0, d: 0)
    case 13: return ParametricCurve(gamma: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045)
    default: return nil
    }
  }

  /// A name for people: "Display P3", "sRGB", or the code points.
  public var name: String {
    switch (primaries, transfer) {
    case (1, 13): return "sRGB"
    case (12, 13): return "Display P3"
    case (9, 1), (9, 14), (9, 15): return "BT.2020"
    case (1, 1), (1, 6), (1, 14), (1, 15): return "BT.709"
    default: return "primaries \(primaries), transfer \(transfer)"
    }
  }
}

/// An ICC parametric curve of function type 3 (ICC.1 10.18): encoded value X in 0...1 to linear
/// Y: `Y = (a X + b)^gamma` for `X >= d`, `Y = c X` below.
public struct ParametricCurve: Sendable, Equatable {
  /// The exponent.
  public var gamma: Double
  /// The scale and offset of the power segment.
  public var a: Double
  public var b: Double
  /// The slope of the linear segment.
  public var c: Double
  /// Where the power segment starts (encoded value).
  public var d: Double
}
