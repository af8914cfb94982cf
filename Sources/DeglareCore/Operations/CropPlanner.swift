/// Where to cut the image for a removal, and at what size to send the cut.
public struct CropPlan: Sendable, Equatable {
  /// The crop in canonical coordinates; always inside the image and containing ``maskBounds``.
  public var crop: PixelRect
  /// The size the crop is resampled to for the provider (equal to the crop's size when no
  /// resampling is needed).
  public var uploadSize: PixelSize
  /// The aspect ratio's API name for providers that take one ("3:2"), else nil.
  public var aspectName: String?
  /// Bounding box of the mask's inside pixels (gray >= 128), canonical coordinates.
  public var maskBounds: PixelRect

  /// Creates a plan.
  public init(crop: PixelRect, uploadSize: PixelSize, aspectName: String?, maskBounds: PixelRect) {
    self.crop = crop
    self.uploadSize = uploadSize
    self.aspectName = aspectName
    self.maskBounds = maskBounds
  }

  /// Whether the crop is sent at its own resolution (no resampling either way).
  public var isNativeSize: Bool { uploadSize == crop.size }
}

/// Plans the crop of a removal: the mask's bounding box, padded, grown toward the upload aspect
/// where the image allows, clamped to the image (docs/pipeline.md, The remove pipeline, step 5).
///
/// 1. Box = bounding box of the inside pixels (gray >= 128).
/// 2. Padding on every side: `max(minimumPadding, ceil(padding * longer side of the box))`, or
///    none when `padding` is 0; then clamped to the image (padding lost at an image edge is not
///    moved to the other side).
/// 3. The target aspect comes from ``UploadSizePlanner/targetAspect(for:capability:)``. The box
///    only grows, never shrinks: the short dimension grows to `round(long / aspect)` (or
///    `round(short * aspect)`), centred on the box and shifted back inside the image at an edge,
///    and capped at the image's extent. When the image is too narrow, the remaining aspect
///    difference is left to the resampler's non-uniform scaling.
/// 4. For `.flexible` capabilities, when the crop rounded up to the next multiples of
///    `rule.multiple` satisfies the rule and fits in the image, the crop grows to that size and
///    is sent at its own resolution: no resampling at all.
public enum CropPlanner {
  /// The tunables of crop planning.
  public struct Configuration: Sendable, Equatable {
    /// Padding on each side as a fraction of the mask box's longer side (`--padding`, default
    /// 0.12). Zero means no padding at all (the minimum below applies only to a positive value).
    public var padding: Double
    /// The fewest pixels of padding on each side when `padding` is positive (16).
    public var minimumPadding: Int

    /// Creates a configuration.
    public init(padding: Double = 0.12, minimumPadding: Int = 16) {
      self.padding = padding
      self.minimumPadding = minimumPadding
    }
  }

  /// The plan for `mask`, or nil when the mask has no inside pixel (nothing to remove).
  public static func plan(mask: Mask, capability: UploadCapability, padding: Double = 0.12) -> CropPlan? {
    plan(mask: mask, capability: capability, configuration: Configuration(padding: padding))
  }

  /// The plan for `mask` with explicit tunables, or nil when the mask has no inside pixel.
  public static func plan(mask: Mask, capability: UploadCapability, configuration: Configuration) -> CropPlan? {
    guard let box = mask.insideBounds(in: PixelRect(x: 0, y: 0, width: mask.width, height: mask.height)) else {
      return nil
    }
    return plan(maskBounds: box, imageSize: mask.size, capability: capability, configuration: configuration)
  }

  /// The plan for a mask whose inside pixels have bounding box `maskBounds` in an image of
  /// `imageSize`.
  ///
  /// - Precondition: `maskBounds` is non-empty and inside the image.
  public static func plan(
    maskBounds: PixelRect, imageSize: PixelSize, capability: UploadCapability,
    configuration: Configuration = Configuration()
  ) -> CropPlan {
    let image = PixelRect(x: 0, y: 0, width: imageSize.width, height: imageSize.height)
    precondition(!maskBounds.isEmpty && image.contains(maskBounds), "mask box \(maskBounds) outside \(imageSize)")
    var crop = padded(maskBounds, configuration: configuration).intersection(image)
    if let aspect = UploadSizePlanner.targetAspect(for: crop.size, capability: capability) {
      crop = grown(crop, towardAspect: aspect, within: image)
    }
    var choice = UploadSizePlanner.choose(for: crop.size, capability: capability)
    if case .flexible(let rule) = capability {
      // Sent at its own resolution if the next multiples fit the rule and the image.
      let m = max(1, rule.multiple)
      let up = PixelSize(width: (crop.width + m - 1) / m * m, height: (crop.height + m - 1) / m * m)
      if UploadSizePlanner.satisfies(up, rule: rule) && up.width <= image.width && up.height <= image.height {
        crop = grown(crop, to: up, within: image)
        choice = UploadSizeChoice(size: up)
      }
    }
    return CropPlan(crop: crop, uploadSize: choice.size, aspectName: choice.aspectName, maskBounds: maskBounds)
  }

  /// `box` with the configured padding added on every side (not yet clamped).
  static func padded(_ box: PixelRect, configuration: Configuration) -> PixelRect {
    guard configuration.padding > 0 else { return box }
    let longer = Double(max(box.width, box.height))
    let pad = max(configuration.minimumPadding, Int((configuration.padding * longer).rounded(.up)))
    return PixelRect(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad)
  }

  /// `crop` grown along its short dimension toward width/height = `aspect`, inside `image`.
  static func grown(_ crop: PixelRect, towardAspect aspect: Double, within image: PixelRect) -> PixelRect {
    let current = Double(crop.width) / Double(crop.height)
    var size = crop.size
    if current < aspect {
      size.width = min(image.width, max(crop.width, Int((Double(crop.height) * aspect).rounded())))
    } else if current > aspect {
      size.height = min(image.height, max(crop.height, Int((Double(crop.width) / aspect).rounded())))
    }
    return grown(crop, to: size, within: image)
  }

  /// `crop` grown to `size` (each edge at least as long as before), centred on the old crop and
  /// shifted back inside `image` where it would cross an edge.
  static func grown(_ crop: PixelRect, to size: PixelSize, within image: PixelRect) -> PixelRect {
    let width = min(image.width, max(crop.width, size.width))
    let height = min(image.height, max(crop.height, size.height))
    var x = crop.x - (width - crop.width) / 2
    var y = crop.y - (height - crop.height) / 2
    x = min(max(x, image.x), image.maxX - width)
    y = min(max(y, image.y), image.maxY - height)
    return PixelRect(x: x, y: y, width: width, height: height)
  }
}
