/// What the local method returns: the repaired image and, per part of the mask, what it did.
public struct LocalRepair: Sendable, Equatable {
  /// The repaired image: the input's size, layout and depth; outside the mask bit-identical.
  public var image: ImageBuffer
  /// One entry per 8-connected part of the mask, in order of each part's first pixel (row-major).
  public var regions: [LocalRegion]

  /// Creates a repair.
  public init(image: ImageBuffer, regions: [LocalRegion]) {
    self.image = image
    self.regions = regions
  }
}

/// What the local method did with one connected part of the mask.
public struct LocalRegion: Sendable, Equatable {
  /// The local method's decision for a part of the mask.
  public enum Action: String, Sendable, CaseIterable {
    /// A glare layer was found and subtracted (the paint under it is kept).
    case subtract
    /// Paint was gone (an opaque or clipped reflection) and was synthesised from the
    /// surroundings; any glare around it was subtracted.
    case fill
    /// No glare was found: the part is left exactly as it was.
    case unchanged
  }

  /// The part's bounding box, in the coordinates of the image handed to the method.
  public var box: PixelRect
  /// Its mask pixels.
  public var pixels: Int
  /// What was done.
  public var action: Action
  /// Mask pixels whose glare was subtracted.
  public var subtractedPixels: Int
  /// Mask pixels synthesised from the surroundings.
  public var filledPixels: Int
  /// The largest glare found, as added linear light (0...1 of the sensor's maximum; 0 for none).
  public var glarePeak: Double

  /// Creates a region report.
  public init(
    box: PixelRect, pixels: Int, action: Action, subtractedPixels: Int, filledPixels: Int, glarePeak: Double
  ) {
    self.box = box
    self.pixels = pixels
    self.action = action
    self.subtractedPixels = subtractedPixels
    self.filledPixels = filledPixels
    self.glarePeak = glarePeak
  }
}
