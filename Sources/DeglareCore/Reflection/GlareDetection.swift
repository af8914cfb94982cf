/// One connected blob of a glare proposal.
public struct GlareBlob: Sendable, Equatable {
  /// What the blob looks like.
  public enum Kind: String, Sendable, CaseIterable {
    /// A lamp's specular reflection: a clipped core fading into a halo.
    case spot
    /// An elongated band of light (a skylight, a window's edge, a lit rail), white or coloured.
    case streak
    /// A compact, saturated, glowing patch of coloured light (a lit exit sign).
    case sign
    /// A window's reflection: a soft-edged rectangle of neutral light over the paint.
    case window
    /// A broad, weak veil of neutral light over dark ground (a lamp or a pale wall far behind the
    /// camera, out of focus).
    case sheen
    /// Any other patch of added light (a lamp's broad reflection).
    case patch
  }

  /// What the blob looks like.
  public var kind: Kind
  /// Whether the blob was found by its colour (light of a hue unlike the paint's) rather than by
  /// its brightness.
  public var coloured: Bool
  /// The blob's bounding box, canonical pixel coordinates.
  public var bounds: PixelRect
  /// Number of proposed pixels in the blob.
  public var pixelCount: Int
}

/// What ``GlareDetector`` proposes for one image.
public struct GlareDetection: Sendable, Equatable {
  /// The proposal at full resolution in canonical coordinates: 255 = proposed glare, else 0.
  public var mask: Mask
  /// Proposed pixels as a percentage of all pixels (0...100).
  public var coveragePercent: Double
  /// The 8-connected blobs of ``mask``, in raster order of their first pixel.
  public var blobs: [GlareBlob]
  /// Where proposals were allowed: inside the frame (or the photo), less the margin band.
  public var glass: GlassRegion

  /// Number of 8-connected blobs in ``mask``.
  public var blobCount: Int { blobs.count }
  /// The margin band that was excluded, in pixels in from the frame's (or the photo's) edges.
  public var marginBand: Int { glass.band }
}
