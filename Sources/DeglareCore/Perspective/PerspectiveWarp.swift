import Foundation

/// Warps a quadrilateral of a photo to an upright rectangle through a homography, with a
/// bicubic sampler, at full resolution, for images of any layout and depth.
///
/// The output pixel area's outer corners (-0.5, -0.5) ... (width - 0.5, height - 0.5) map onto
/// the quad's corners (see ``Homography/mappingRectangle(width:height:onto:)``), so output
/// pixel centres sample strictly inside the quad. Source coordinates are canonical: (0, 0) is
/// the centre of the top-left pixel; nothing flips y. Taps that fall outside the source repeat
/// its border pixels.
public enum PerspectiveWarp {
  /// Tunables of the warp.
  public struct Configuration: Sendable, Equatable {
    /// The cubic convolution parameter `a` of Keys' kernel: -0.5 reproduces quadratics exactly
    /// and is the sharpest kernel without visible ringing (OpenCV uses -0.75, a little sharper
    /// and ringier).
    public var cubicA: Double
    /// Positions per pixel at which the kernel weights are tabulated, a power of two; the source
    /// position is rounded to the nearest 1/`subpixelSteps` of a pixel (OpenCV uses 32; 256
    /// keeps the rounding error under 0.002 px).
    public var subpixelSteps: Int
    /// Output rows per band; the bands are spread over all cores.
    public var bandHeight: Int
    /// Output columns per tile within a band, so the source pixels a tile reads stay in cache.
    public var tileWidth: Int

    /// Creates a configuration.
    public init(cubicA: Double = -0.5, subpixelSteps: Int = 256, bandHeight: Int = 32, tileWidth: Int = 256) {
      self.cubicA = cubicA
      self.subpixelSteps = subpixelSteps
      self.bandHeight = bandHeight
      self.tileWidth = tileWidth
    }
  }

  /// Warps `quad` of `image` onto an upright `size` rectangle.
  /// - Throws: ``GeometryError/singularHomography`` when the quad is degenerate.
  public static func warp(
    _ image: ImageBuffer, quad: Quad, to size: PixelSize, configuration: Configuration = Configuration()
  ) throws(GeometryError) -> ImageBuffer {
    let transform = try Homography.mappingRectangle(width: size.width, height: size.height, onto: quad)
    return warp(image, sourceFromDestination: transform, size: size, configuration: configuration)
  }

  /// Fills a `size` image whose pixel (x, y) is `image` sampled at `sourceFromDestination.map((x, y))`.
  /// - Precondition: `size` is at least 1 x 1.
  public static func warp(
    _ image: ImageBuffer, sourceFromDestination: Homography, size: PixelSize,
    configuration: Configuration = Configuration()
  ) -> ImageBuffer {
    precondition(size.width > 0 && size.height > 0, "the output has at least one pixel")
    let table = CubicWeightTable(
      a: configuration.cubicA, steps: configuration.subpixelSteps, shift: image.bitDepth == .eight ? 11 : 14)
    let bandHeight = max(1, configuration.bandHeight)
    let job = WarpJob(
      sourceWidth: image.width, sourceHeight: image.height, width: size.width, height: size.height,
      channels: image.channelCount, matrix: sourceFromDestination.matrix, table: table,
      bands: (size.height + bandHeight - 1) / bandHeight, tileWidth: max(1, configuration.tileWidth))
    switch image.bitDepth {
    case .eight:
      let samples = image.withUnsafeSamples8 { job.output(from: $0) }
      return ImageBuffer(width: size.width, height: size.height, layout: image.layout, samples: samples)
    case .sixteen:
      let samples = image.withUnsafeSamples16 { job.output(from: $0) }
      return ImageBuffer(width: size.width, height: size.height, layout: image.layout, samples: samples)
    }
  }
}

/// Keys' cubic convolution weights for the four taps at offsets -1, 0, 1, 2 around a source
/// position, tabulated at `steps` fractional positions (a power of two) in fixed point with
/// `shift` fractional bits; each position's four weights sum to exactly `1 << shift`, so a flat
/// area stays exactly flat.
struct CubicWeightTable: Sendable {
  /// Fractional bits of a weight: 11 for 8-bit images (so two weighted sums of 8-bit samples fit
  /// in 32 bits and two channels share one 64-bit multiply), 14 for 16-bit images.
  let shift: Int
  /// Fractional positions per pixel, a power of two.
  let steps: Int
  /// log2 of `steps`.
  let stepShift: Int
  /// `steps * 4` weights, four per position.
  let weights: [Int32]

  /// Creates the table; `steps` is rounded up to a power of two.
  init(a: Double, steps requested: Int, shift: Int) {
    self.shift = shift
    var stepShift = 0
    while (1 << stepShift) < max(requested, 1) { stepShift += 1 }
    self.stepShift = stepShift
    steps = 1 << stepShift
    let one = 1 << shift
    var weights: [Int32] = []
    weights.reserveCapacity(steps * 4)
    for index in 0..<steps {
      let t = Double(index) / Double(steps)
      let exact = [t + 1, t, 1 - t, 2 - t].map { CubicWeightTable.kernel(abs($0), a: a) }
      var fixed = exact.map { Int32(($0 * Double(one)).rounded()) }
      // Put the rounding remainder on the largest weight.
      let remainder = Int32(one) - fixed.reduce(0, +)
      let largest = fixed.indices.max { fixed[$0] < fixed[$1] } ?? 1
      fixed[largest] += remainder
      weights.append(contentsOf: fixed)
    }
    self.weights = weights
  }

  /// Keys' kernel at distance `x` >= 0.
  static func kernel(_ x: Double, a: Double) -> Double {
    if x <= 1 { return ((a + 2) * x - (a + 3)) * x * x + 1 }
    if x < 2 { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a }
    return 0
  }
}
