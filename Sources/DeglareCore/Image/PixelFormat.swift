/// Bits per sample of an ``ImageBuffer``.
public enum BitDepth: Int, Sendable, Hashable, CaseIterable {
  /// 8-bit samples, 0...255, stored as `UInt8`.
  case eight = 8
  /// 16-bit samples, 0...65535, stored as `UInt16` in host byte order.
  case sixteen = 16

  /// The largest sample value at this depth (255 or 65535).
  public var maxValue: Int { self == .eight ? 255 : 65535 }
}

/// The channels of each pixel, in storage order.
public enum ChannelLayout: Int, Sendable, Hashable, CaseIterable {
  /// One gray channel.
  case gray = 1
  /// Gray, then alpha.
  case grayAlpha = 2
  /// Red, green, blue.
  case rgb = 3
  /// Red, green, blue, then alpha.
  case rgba = 4

  /// Number of interleaved samples per pixel (1...4).
  public var channelCount: Int { rawValue }

  /// Whether the last channel is alpha (straight, not premultiplied).
  public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }

  /// Number of colour channels, alpha excluded (1 or 3).
  public var colorChannelCount: Int { hasAlpha ? rawValue - 1 : rawValue }

  /// The layout with the same colour channels and an alpha channel added or removed.
  public func withAlpha(_ alpha: Bool) -> ChannelLayout {
    switch (colorChannelCount, alpha) {
    case (1, false): return .gray
    case (1, true): return .grayAlpha
    case (_, false): return .rgb
    default: return .rgba
    }
  }

  /// A short name for messages ("gray", "gray+alpha", "RGB", "RGBA").
  public var name: String {
    switch self {
    case .gray: return "gray"
    case .grayAlpha: return "gray+alpha"
    case .rgb: return "RGB"
    case .rgba: return "RGBA"
    }
  }
}
