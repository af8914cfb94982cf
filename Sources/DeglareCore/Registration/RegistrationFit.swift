import Foundation

/// Where a returned patch's content sits relative to the crop: a scale per axis about the crop's
/// centre, then a shift, in crop pixels.
///
/// Crop pixel `p` (crop-local canonical coordinates, (0, 0) the centre of the top-left pixel)
/// shows the content the patch has at `c + (shiftX, shiftY) + (scaleX * (p.x - c.x), scaleY *
/// (p.y - c.y))`, with `c = ((width - 1) / 2, (height - 1) / 2)` the crop's centre; the patch
/// here is already resized to the crop's size, so the identity means "the model kept the frame".
/// A positive `shiftX` means the model moved the content right; a scale above 1 means it shrank
/// the content (a crop pixel reads further out in the patch).
public struct PatchGeometry: Sendable, Equatable, CustomStringConvertible {
  /// Patch pixels per crop pixel along x.
  public var scaleX: Double
  /// Patch pixels per crop pixel along y.
  public var scaleY: Double
  /// Displacement of the crop's centre in the patch along x, crop pixels.
  public var shiftX: Double
  /// Displacement of the crop's centre in the patch along y, crop pixels (y grows down).
  public var shiftY: Double

  /// Creates a geometry.
  public init(scaleX: Double, scaleY: Double, shiftX: Double, shiftY: Double) {
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.shiftX = shiftX
    self.shiftY = shiftY
  }

  /// No change.
  public static let identity = PatchGeometry(scaleX: 1, scaleY: 1, shiftX: 0, shiftY: 0)

  /// Whether this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// The patch point that crop point `p` reads, for a crop of `size`.
  public func map(_ p: Point, in size: PixelSize) -> Point {
    let cx = Double(size.width - 1) / 2
    let cy = Double(size.height - 1) / 2
    return Point(x: cx + shiftX + scaleX * (p.x - cx), y: cy + shiftY + scaleY * (p.y - cy))
  }

  /// The same mapping as a ``Homography`` taking crop points to patch points (for
  /// ``PerspectiveWarp``).
  public func homography(in size: PixelSize) -> Homography {
    let cx = Double(size.width - 1) / 2
    let cy = Double(size.height - 1) / 2
    return Homography([scaleX, 0, cx + shiftX - scaleX * cx, 0, scaleY, cy + shiftY - scaleY * cy, 0, 0, 1])
  }

  /// "shift (+6.02, -3.98) px, scale 1.050" (one scale when both axes agree to 0.0005).
  public var description: String {
    let scale =
      abs(scaleX - scaleY) < 0.0005
      ? String(format: "%.3f", scaleX) : String(format: "%.3f x %.3f", scaleX, scaleY)
    return String(format: "shift (%+.2f, %+.2f) px, scale ", shiftX, shiftY) + scale
  }
}

/// A colour change per channel: the crop's value is `gain * patch + offset`, in 8-bit levels
/// (0...255 whatever the image's depth).
public struct ColourCorrection: Sendable, Equatable, CustomStringConvertible {
  /// One gain per colour channel of the patch (3 for RGB; 1 when one correction serves all).
  public var gains: [Double]
  /// One offset per colour channel, in 8-bit levels.
  public var offsets: [Double]
  /// How samples the model's recolour saturated are rebuilt from the other channels (empty: none
  /// is; ``SaturationFill``).
  public var fills: [SaturationFill]

  /// Creates a correction.
  /// - Precondition: as many gains as offsets, at least one.
  public init(gains: [Double], offsets: [Double], fills: [SaturationFill] = []) {
    precondition(!gains.isEmpty && gains.count == offsets.count, "one gain and one offset per channel")
    self.gains = gains
    self.offsets = offsets
    self.fills = fills
  }

  /// No change for `channels` channels.
  public static func identity(channels: Int) -> ColourCorrection {
    ColourCorrection(gains: [Double](repeating: 1, count: channels), offsets: [Double](repeating: 0, count: channels))
  }

  /// Whether every gain is 1 and every offset 0.
  public var isIdentity: Bool { gains.allSatisfy { $0 == 1 } && offsets.allSatisfy { $0 == 0 } }

  /// The gain and offset for colour channel `channel` (the single pair when there is one).
  public func pair(_ channel: Int) -> (gain: Double, offset: Double) {
    let index = gains.count == 1 ? 0 : channel
    return (gains[index], offsets[index])
  }

  /// "gain 1.080/0.940/1.050, offset +4.0/-3.0/+2.0", then the channels whose saturated
  /// samples are rebuilt ("; saturated R rebuilt").
  public var description: String {
    let text =
      "gain " + gains.map { String(format: "%.3f", $0) }.joined(separator: "/") + ", offset "
      + offsets.map { String(format: "%+.1f", $0) }.joined(separator: "/")
    let names = fills.map { $0.channelName + ($0.isHigh ? "" : " (dark)") }
    return names.isEmpty ? text : text + "; saturated " + names.joined(separator: ", ") + " rebuilt"
  }
}

/// What registering a returned patch to its crop found, and what was done with it.
public struct RegistrationFit: Sendable, Equatable {
  /// What was done.
  public enum Status: Sendable, Equatable {
    /// The patch already matched its surroundings (ring PSNR at least
    /// ``PatchRegistration/Configuration/alreadyAlignedPSNR``): nothing was estimated or changed.
    case alreadyAligned
    /// The fit was applied: the composited patch is the registered one.
    case applied
    /// A fit was found but it is the identity, or it does not improve the ring by
    /// ``PatchRegistration/Configuration/minimumGain``: the patch was used as it came.
    case notApplied
    /// No fit could be estimated (see ``RegistrationFailure``): the patch was used as it came.
    case failed(RegistrationFailure)
  }

  /// What was done.
  public var status: Status
  /// The estimated geometry (the identity when none was estimated).
  public var geometry: PatchGeometry
  /// The estimated colour change (the identity when none was estimated).
  public var colour: ColourCorrection
  /// PSNR in dB over the ring (crop pixels outside the mask, colour channels, 8-bit scale) of
  /// the patch as it came, resized to the crop; `.infinity` when identical.
  public var ringPSNRBefore: Double
  /// The same for the patch that is composited (equal to the above unless ``status`` is
  /// ``Status/applied``).
  public var ringPSNR: Double
  /// Fraction of ring pixels whose luma differs from the original's by at most
  /// ``PatchRegistration/Configuration/inlierLevel`` in the composited patch.
  public var inlierFraction: Double
  /// Number of ring pixels.
  public var ringPixels: Int

  /// Whether the composited patch matches its surroundings well enough to call it registered:
  /// at least ``PatchRegistration/Configuration/minimumInlierFraction`` of the ring agrees and
  /// its PSNR is at least ``PatchRegistration/Configuration/minimumRegisteredPSNR``.
  public var isRegistered: Bool
  /// Whether the surroundings differ so much that the seam needs a look: not registered, or a
  /// ring PSNR under ``PatchRegistration/Configuration/warningPSNR``, or fewer inliers than
  /// ``PatchRegistration/Configuration/warningInlierFraction``.
  public var surroundingsChanged: Bool

  /// Whether the composited patch differs from the patch as it came.
  public var isApplied: Bool { status == .applied }
}

/// Why no registration could be estimated.
public enum RegistrationFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// Too few crop pixels outside the (grown) mask to compare.
  case tooLittleSurroundings(pixels: Int)
  /// No placement of the patch made its surroundings agree with the crop's (the model repainted
  /// everything, or returned another picture).
  case noMatch
  /// The estimate ran away (a scale or shift beyond the plausible range).
  case diverged

  /// One phrase.
  public var description: String {
    switch self {
    case .tooLittleSurroundings(let pixels): return "only \(pixels) pixels of surroundings to compare"
    case .noMatch: return "its surroundings match the photo nowhere"
    case .diverged: return "the estimate did not converge"
    }
  }
}
