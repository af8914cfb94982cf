import Foundation

// Harmonic ("membrane") interpolation: the unknown pixels get the values that make each of them
// the weighted mean of its four neighbours, with the known pixels held fixed (Laplace's equation
// with Dirichlet data on the known pixels, Neumann at the image border). Without a guide all
// weights are 1 and the result is the smoothest surface through the known values. With a guide
// image the weight between two neighbours falls off with their difference in the guide,
// exp(-d^2 / kappa^2), so the membrane stretches within regions of the guide and hardly across its
// edges (the idea of colourization by optimization).
//
// Plain Gauss-Seidel needs ~L^2 sweeps to carry information L pixels into a hole. The solver
// starts from a push-pull guess (known values averaged down a pyramid of 2x2 blocks and
// interpolated back up), then runs conjugate gradients preconditioned by an aggregation
// multigrid W-cycle (`MembraneSolver+Multigrid.swift`, `MembraneSolver+Graph.swift`) until the residual has dropped by the
// configured factor. Only the unknown pixels are unknowns of the system.

/// Values of one or more planes at a list of pixels (a mask's), interleaved: `values[i * channels
/// + k]` is plane k at pixel `pixels[i]`; the pixels are in increasing order.
struct MaskValues: Sendable {
  /// Pixel indices (`y * width + x`), increasing.
  let pixels: [Int32]
  /// `channels` values per pixel, interleaved.
  let values: [Float]
  /// Number of planes.
  let channels: Int

  /// The position of pixel `p` in ``pixels`` (it must be one of them).
  func index(of p: Int) -> Int {
    var lower = 0
    var upper = pixels.count
    while lower < upper {
      let middle = (lower + upper) / 2
      if Int(pixels[middle]) < p { lower = middle + 1 } else { upper = middle }
    }
    precondition(lower < pixels.count && Int(pixels[lower]) == p, "pixel \(p) is not one of the mask's")
    return lower
  }

  /// Plane `k` at the pixel at position `index`.
  func value(_ k: Int, at index: Int) -> Float { values[index * channels + k] }
}

/// Harmonic interpolation of unknown pixels from known ones, for one or more planes at once.
enum MembraneSolver {
  /// Tunables of the solver.
  struct Configuration: Sendable {
    /// Asked between iterations; once it says stop, the solve returns its current iterate (the
    /// caller then throws and drops it).
    var cancellation = RepairCancellation.never
    /// Most conjugate-gradient iterations.
    var iterations = 40
    /// Conjugate gradients stop once the residual's norm is below this fraction of the first one
    /// (3e-3: on a real photo, 1e-2 left visible blotches in regions the guide nearly encloses;
    /// 3e-3 is within 4 levels of a converged solve everywhere).
    var tolerance: Float = 3e-3
    /// Gauss-Seidel sweeps before and after the coarse correction, per level of a V-cycle.
    var cycleSweeps = 2
    /// Coarse-level solves per V-cycle visit below the finest level (2 = W-cycle).
    var coarsePasses = 2
    /// Symmetric Gauss-Seidel sweeps at the coarsest level.
    var coarsestSweeps = 40
    /// Factor on the coarse-level correction of a V-cycle: piecewise-constant coarse levels
    /// capture only part of a smooth error, and over-correcting makes up for it.
    var overCorrection: Float = 1.8
    /// A link is strong when its weight is at least this fraction of the strongest link at
    /// either of its ends (the smaller of the two maxima); only strong links join pixels into
    /// one coarse unknown.
    var strength: Float = 0.25
    /// A level with at most this many unknowns has no coarser level.
    var coarsestUnknowns = 64
  }

  /// An image whose edges the membrane should not stretch across.
  struct Guide: Sendable {
    /// Guide planes, same size as the planes being filled.
    var planes: [[Float]]
    /// Difference (Euclidean over the guide's planes) at which a link's weight falls to 1/e.
    var kappa: Float
    /// Smallest link weight, so that every region stays connected to the known pixels.
    var floor: Float
    /// A second guide of the same size (or nil): a link is weighed by the smaller of the two
    /// images' differences, so an edge stops the membrane only if both images have it.
    var alternatePlanes: [[Float]]? = nil
  }

  /// Replaces the unknown pixels of every plane by the membrane through the known pixels.
  /// - Parameters:
  ///   - planes: planes of `width * height` values; known pixels are read, unknown ones written.
  ///   - known: `true` where a pixel's value is given.
  ///   - guide: optional edges to respect (see ``Guide``).
  /// - Note: with no known pixel at all the planes are left as they are.
  static func fill(
    _ planes: inout [[Float]], known: [Bool], width: Int, height: Int, guide: Guide? = nil,
    configuration: Configuration = Configuration()
  ) {
    precondition(known.count == width * height)
    guard known.contains(true), known.contains(false) else { return }
    fill(&planes, known: known, links: Links(guide: guide, width: width, height: height), configuration: configuration)
  }

  /// Replaces the unknown pixels of every plane by the membrane through the known pixels, with
  /// link weights computed beforehand (so that the guide's planes can be freed first).
  /// - Note: with no known pixel at all the planes are left as they are.
  static func fill(_ planes: inout [[Float]], known: [Bool], links: consuming Links, configuration: Configuration) {
    precondition(known.count == links.width * links.height)
    guard known.contains(true), known.contains(false) else { return }
    pushPull(&planes, known: known, width: links.width, height: links.height)
    let solved = solve(planes, known: known, links: links, configuration: configuration)
    let m = planes.count
    for (i, p) in solved.pixels.enumerated() {
      for k in 0..<m { planes[k][Int(p)] = solved.values[i * m + k] }
    }
  }

  /// The membrane through the known pixels at the unknown pixels only: the same values that
  /// ``fill(_:known:links:configuration:)`` writes there, without keeping the full-size planes
  /// (they are freed once the system is set up). With no known or no unknown pixel the unknown
  /// pixels keep the values of `planes`.
  static func unknownValues(
    _ planes: consuming [[Float]], known: [Bool], links: consuming Links, configuration: Configuration
  ) -> MaskValues {
    precondition(known.count == links.width * links.height)
    var planes = consume planes
    let m = planes.count
    guard known.contains(true), known.contains(false) else {
      var pixels: [Int32] = []
      var values: [Float] = []
      for p in 0..<known.count where !known[p] {
        pixels.append(Int32(p))
        for k in 0..<m { values.append(planes[k][p]) }
      }
      return MaskValues(pixels: pixels, values: values, channels: m)
    }
    pushPull(&planes, known: known, width: links.width, height: links.height)
    return solve(consume planes, known: known, links: links, configuration: configuration)
  }

  /// Solves the system on the unknown pixels of `planes` (already holding the initial guess).
  private static func solve(
    _ planes: consuming [[Float]], known: [Bool], links: consuming Links, configuration: Configuration
  ) -> MaskValues {
    // The links move into the system's initializer and die there (the graph holds the weights
    // it needs), so the full-size link planes are not alive during the solve.
    var system = System(links: links, known: known, planes: copy planes)
    var levels = [system.graph]
    var owners: [[Int32]] = []
    while let last = levels.last, last.count > configuration.coarsestUnknowns {
      let (owner, coarseCount) = last.aggregate(strength: configuration.strength)
      guard coarseCount < last.count * 9 / 10 else { break }
      owners.append(owner)
      levels.append(last.coarsened(owner, count: coarseCount))
    }
    let multigrid = Multigrid(levels: levels, owners: owners, configuration: configuration)
    let m = planes.count
    var x = [Float](repeating: 0, count: system.pixels.count * m)
    var rhs = [Float](repeating: 0, count: system.pixels.count * m)
    for (i, p) in system.pixels.enumerated() {
      for k in 0..<m {
        x[i * m + k] = planes[k][Int(p)]
        rhs[i * m + k] = system.rhs[k][i]
      }
    }
    system.rhs = []  // interleaved above
    _ = consume planes  // the caller's copy, if any, is all that is left of them
    multigrid.solve(&x, rhs: consume rhs, vectors: m)
    return MaskValues(pixels: system.pixels, values: x, channels: m)
  }

  /// The initial guess: known values averaged down a pyramid of 2x2 blocks until every block is
  /// known, then interpolated back up into the unknown pixels.
  private static func pushPull(_ planes: inout [[Float]], known: [Bool], width: Int, height: Int) {
    guard width > 1 || height > 1 else { return }
    let coarseWidth = (width + 1) / 2
    let coarseHeight = (height + 1) / 2
    var coarse = [[Float]](repeating: [Float](repeating: 0, count: coarseWidth * coarseHeight), count: planes.count)
    var coarseCount = [Float](repeating: 0, count: coarseWidth * coarseHeight)
    for y in 0..<height {
      for x in 0..<width where known[y * width + x] {
        let c = (y / 2) * coarseWidth + x / 2
        coarseCount[c] += 1
        for k in 0..<planes.count { coarse[k][c] += planes[k][y * width + x] }
      }
    }
    var coarseKnown = [Bool](repeating: false, count: coarseWidth * coarseHeight)
    for c in 0..<coarseCount.count where coarseCount[c] > 0 {
      coarseKnown[c] = true
      for k in 0..<planes.count { coarse[k][c] /= coarseCount[c] }
    }
    if coarseKnown.contains(false) {
      pushPull(&coarse, known: coarseKnown, width: coarseWidth, height: coarseHeight)
    }
    for k in 0..<planes.count {
      upsample(
        coarse[k], coarseWidth: coarseWidth, coarseHeight: coarseHeight, into: &planes[k], known: known,
        width: width, height: height)
    }
  }

  /// Bilinear upsampling of the coarse solution into the unknown pixels (pixel centres aligned:
  /// fine x maps to coarse (x + 0.5) / 2 - 0.5).
  private static func upsample(
    _ coarse: [Float], coarseWidth: Int, coarseHeight: Int, into plane: inout [Float], known: [Bool], width: Int,
    height: Int
  ) {
    for y in 0..<height {
      let cy = min(max((Float(y) + 0.5) / 2 - 0.5, 0), Float(coarseHeight - 1))
      let y0 = Int(cy)
      let y1 = min(y0 + 1, coarseHeight - 1)
      let fy = cy - Float(y0)
      for x in 0..<width where !known[y * width + x] {
        let cx = min(max((Float(x) + 0.5) / 2 - 0.5, 0), Float(coarseWidth - 1))
        let x0 = Int(cx)
        let x1 = min(x0 + 1, coarseWidth - 1)
        let fx = cx - Float(x0)
        let top = coarse[y0 * coarseWidth + x0] * (1 - fx) + coarse[y0 * coarseWidth + x1] * fx
        let bottom = coarse[y1 * coarseWidth + x0] * (1 - fx) + coarse[y1 * coarseWidth + x1] * fx
        plane[y * width + x] = top * (1 - fy) + bottom * fy
      }
    }
  }
}
