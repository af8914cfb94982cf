import Foundation

/// The sRGB transfer function (IEC 61966-2-1) between encoded values and linear light, both
/// 0...1, and the lookup tables built from it.
///
/// The formula is written once (``decode(_:power:)``) and evaluated in `Float` for the
/// inpainter's planes or in `Double` for the glare detector's table; the two evaluations differ in
/// the last bits, and each user keeps the one it was tuned with.
enum SRGB {
  /// Encoded value -> linear light, in `Float`.
  static func decode(_ v: Float) -> Float { decode(v, power: powf) }

  /// Encoded value -> linear light, in `Double`.
  static func decode(_ v: Double) -> Double { decode(v, power: pow) }

  /// `v / 12.92` up to 0.04045, `((v + 0.055) / 1.055)^2.4` above, with `power` for `^`.
  @inline(__always)
  private static func decode<Value: BinaryFloatingPoint>(_ v: Value, power: (Value, Value) -> Value) -> Value {
    v <= 0.04045 ? v / 12.92 : power((v + 0.055) / 1.055, 2.4)
  }

  /// Linear light -> the sRGB-encoded value (negative input gives 0).
  static func encode(_ v: Float) -> Float {
    if v <= 0 { return 0 }
    return v <= 0.003_130_8 ? v * 12.92 : 1.055 * powf(v, 1 / 2.4) - 0.055
  }

  // MARK: - Tables for the inpainter's planes (values 0...1)

  private static let linear8 = (0...255).map { decode(Float($0) / 255) }
  private static let linear16 = (0...65535).map { decode(Float($0) / 65535) }
  private static let identity8 = (0...255).map { Float($0) / 255 }
  private static let identity16 = (0...65535).map { Float($0) / 65535 }

  /// A table from every sample value of `depth` to a plane value (linear light or just scaled).
  static func decodeTable(depth: BitDepth, linear: Bool) -> [Float] {
    switch (depth, linear) {
    case (.eight, true): return linear8
    case (.eight, false): return identity8
    case (.sixteen, true): return linear16
    case (.sixteen, false): return identity16
    }
  }

  // MARK: - The glare detector's 8-bit-level floats

  /// Decoded values for levels 0...255 (one extra entry for interpolation at 255).
  private static let levelTable: [Float] = (0...256).map { Float(decode(Double(min($0, 255)) / 255)) }

  /// Linear light (0...1) for an sRGB level 0...255, linearly interpolated between table entries.
  @inline(__always)
  static func linear(_ level: Float) -> Float {
    let clamped = min(max(level, 0), 255)
    let i = Int(clamped)
    let t = clamped - Float(i)
    return levelTable[i] + (levelTable[i + 1] - levelTable[i]) * t
  }
}
