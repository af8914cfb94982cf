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
    /// Positions per pixel at which the kernel weights are tabulated; the source position is
    /// rounded to the nearest 1/`subpixelSteps` of a pixel (OpenCV uses 32; 256 keeps the
    /// rounding error under 0.002 px).
    public var subpixelSteps: Int
    /// How many bands of rows run in parallel; 0 picks four bands per active processor.
    public var bands: Int

    /// Creates a configuration.
    public init(cubicA: Double = -0.5, subpixelSteps: Int = 256, bands: Int = 0) {
      self.cubicA = cubicA
      self.subpixelSteps = subpixelSteps
      self.bands = bands
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
    let table = CubicWeightTable(a: configuration.cubicA, steps: configuration.subpixelSteps)
    let bands = configuration.bands > 0
      ? configuration.bands : max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
    let job = WarpJob(
      sourceWidth: image.width, sourceHeight: image.height, width: size.width, height: size.height,
      channels: image.channelCount, matrix: sourceFromDestination.matrix, table: table,
      bands: min(bands, size.height))
    let count = size.width * size.height * image.channelCount
    switch image.bitDepth {
    case .eight:
      let samples = image.withUnsafeSamples8 { source in
        [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
          job.run(source: source, destination: destination)
          initialized = count
        }
      }
      return ImageBuffer(width: size.width, height: size.height, layout: image.layout, samples: samples)
    case .sixteen:
      let samples = image.withUnsafeSamples16 { source in
        [UInt16](unsafeUninitializedCapacity: count) { destination, initialized in
          job.run(source: source, destination: destination)
          initialized = count
        }
      }
      return ImageBuffer(width: size.width, height: size.height, layout: image.layout, samples: samples)
    }
  }
}

/// Keys' cubic convolution weights for the four taps at offsets -1, 0, 1, 2 around a source
/// position, tabulated at `steps + 1` fractional positions (each row sums to 1 exactly in
/// floating point up to rounding, so a flat area stays flat).
struct CubicWeightTable: Sendable {
  /// Fractional positions per pixel.
  let steps: Int
  /// `(steps + 1) * 4` weights, four per position.
  let weights: [Float]

  init(a: Double, steps: Int) {
    self.steps = steps
    var weights: [Float] = []
    weights.reserveCapacity((steps + 1) * 4)
    for index in 0...steps {
      let t = Double(index) / Double(steps)
      let exact = [t + 1, t, 1 - t, 2 - t].map { CubicWeightTable.kernel(abs($0), a: a) }
      let total = exact.reduce(0, +)
      weights.append(contentsOf: exact.map { Float($0 / total) })
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
