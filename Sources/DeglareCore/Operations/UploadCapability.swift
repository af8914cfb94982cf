/// What image sizes a provider's model accepts; the remove pipeline plans the crop and the upload
/// size from it (see `UploadSizePlanner`), so the pipeline never needs to know which provider runs.
public enum UploadCapability: Sendable, Equatable {
  /// Any size: the crop is sent at its own resolution (the local provider).
  case native
  /// A fixed list of sizes; the one closest in log-aspect ratio to the crop is used (OpenAI 1.x:
  /// 1024x1024, 1536x1024, 1024x1536).
  case fixedSizes([PixelSize])
  /// One pixel size per named aspect ratio (Gemini: "3:2" -> 1264x848 ...).
  case aspectRatios([AspectRatioSize])
  /// Any size that satisfies a rule (gpt-image-2: multiples of 16, longest edge <= 3840, ratio
  /// <= 3:1, 655,360...8,294,400 pixels); a crop that fits is sent at its own resolution.
  case flexible(FlexibleSizeRule)
}

/// A named aspect ratio and the pixel size a model produces for it.
public struct AspectRatioSize: Sendable, Equatable {
  /// The ratio as the API names it ("16:9").
  public var name: String
  /// The pixel size for that ratio.
  public var size: PixelSize

  /// Creates an entry.
  public init(_ name: String, _ width: Int, _ height: Int) {
    self.name = name
    self.size = PixelSize(width: width, height: height)
  }
}

/// The constraints of a model that accepts many sizes.
public struct FlexibleSizeRule: Sendable, Equatable {
  /// Both edges must be multiples of this.
  public var multiple: Int
  /// The longest edge may not exceed this.
  public var maxEdge: Int
  /// Longest / shortest edge may not exceed this.
  public var maxAspectRatio: Double
  /// Fewest pixels in all.
  public var minPixels: Int
  /// Most pixels in all.
  public var maxPixels: Int

  /// Creates a rule.
  public init(multiple: Int, maxEdge: Int, maxAspectRatio: Double, minPixels: Int, maxPixels: Int) {
    self.multiple = multiple
    self.maxEdge = maxEdge
    self.maxAspectRatio = maxAspectRatio
    self.minPixels = minPixels
    self.maxPixels = maxPixels
  }
}
