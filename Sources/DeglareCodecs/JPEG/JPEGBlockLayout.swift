import DeglareCore

/// How a JPEG's components tile its stored picture into 8x8 blocks of DCT coefficients.
///
/// Coordinates are the file's *stored* ones (before EXIF orientation), origin top-left. A
/// component sampled `h` of the largest horizontal factor `maxH` has one sample per
/// `maxH / h` pixels across (2 for 4:2:0 chroma, 1 for luma); its block (bx, by) holds samples
/// `8 bx ..< 8 bx + 8` by `8 by ..< 8 by + 8`. An MCU is `8 maxH` by `8 maxV` pixels.
public struct JPEGBlockLayout: Sendable, Equatable {
  /// One component (Y, Cb, Cr, or the gray channel).
  public struct Component: Sendable, Equatable {
    /// Horizontal and vertical sampling factors (1...4).
    public var horizontalSampling: Int
    public var verticalSampling: Int
    /// The blocks that hold picture samples (libjpeg's `width_in_blocks`, `height_in_blocks`);
    /// the coefficient arrays are padded further to whole MCUs, and those extra blocks are never
    /// displayed.
    public var widthInBlocks: Int
    public var heightInBlocks: Int
  }

  /// The stored picture's width and height in pixels.
  public var width: Int
  public var height: Int
  /// The components, in file order.
  public var components: [Component]

  /// The largest sampling factors.
  public var maxHorizontalSampling: Int { components.map(\.horizontalSampling).max() ?? 1 }
  public var maxVerticalSampling: Int { components.map(\.verticalSampling).max() ?? 1 }

  /// An MCU's size in pixels.
  public var mcuWidth: Int { 8 * maxHorizontalSampling }
  public var mcuHeight: Int { 8 * maxVerticalSampling }

  /// Pixels per sample of component `index` across and down (1 for full resolution, 2 for 4:2:0
  /// chroma).
  public func pixelsPerSample(_ index: Int) -> (x: Int, y: Int) {
    let component = components[index]
    return (
      maxHorizontalSampling / max(component.horizontalSampling, 1),
      maxVerticalSampling / max(component.verticalSampling, 1)
    )
  }

  /// The stored pixels whose decoded value can depend on block (bx, by) of component `index`
  /// when libjpeg-turbo decodes with its defaults (what `deglare verify` uses): the block's own
  /// footprint, plus one pixel on each side along an axis where the component is subsampled 2x
  /// (the "fancy" triangle upsampling blends each chroma sample into its neighbours' pixels;
  /// other factors are replicated, which stays inside the footprint). Clamped to the picture.
  public func reach(ofBlock bx: Int, _ by: Int, component index: Int) -> PixelRect {
    let scale = pixelsPerSample(index)
    let growX = scale.x == 2 ? 1 : 0
    let growY = scale.y == 2 ? 1 : 0
    let x0 = max(0, bx * 8 * scale.x - growX)
    let y0 = max(0, by * 8 * scale.y - growY)
    let x1 = min(width, (bx + 1) * 8 * scale.x + growX)
    let y1 = min(height, (by + 1) * 8 * scale.y + growY)
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }
}
