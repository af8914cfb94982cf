import Foundation

// Harmonic ("membrane") interpolation: the unknown pixels get the values that make each of them
// the mean of its four neighbours, with the known pixels held fixed (Laplace's equation with
// Dirichlet data on the known pixels, Neumann at the image border). It is the smoothest surface
// through the known values and the workhorse of both local methods: the clean paint's low
// frequencies under the glare (subtract) and the content of clipped holes (fill).
//
// Plain Gauss-Seidel needs ~L^2 sweeps to carry information L pixels into a hole, so the solver
// is a cascade: it averages the known values down a pyramid of 2x2 blocks until the hole is a
// few pixels wide, solves there, and on the way back up uses the bilinear upsampling of the
// coarser answer as the starting point for a few red-black SOR sweeps. Each level costs a few
// sweeps over its unknown pixels only, so a 2 MP crop with a 30 % hole takes a fraction of a
// second in release builds.

/// Harmonic interpolation of unknown pixels from known ones, for one or more planes at once.
enum MembraneSolver {
  /// Tunables of the solver.
  struct Configuration: Sendable, Equatable {
    /// SOR sweeps at every level that has a coarser level below it.
    var sweeps = 24
    /// Sweeps at the coarsest level (a few pixels across, so cheap).
    var coarsestSweeps = 400
    /// Over-relaxation factor of the red-black SOR sweeps (1 = Gauss-Seidel, < 2 for stability).
    var relaxation: Float = 1.6
    /// A level with at most this many pixels is solved directly, without a coarser level.
    var coarsestPixels = 256
  }

  /// Replaces the unknown pixels of every plane by the membrane through the known pixels.
  /// - Parameters:
  ///   - planes: planes of `width * height` values; known pixels are read, unknown ones written.
  ///   - known: `true` where a pixel's value is given.
  /// - Note: with no known pixel at all the planes are left as they are.
  static func fill(
    _ planes: inout [[Float]], known: [Bool], width: Int, height: Int, configuration: Configuration = Configuration()
  ) {
    precondition(known.count == width * height)
    guard known.contains(true), known.contains(false) else { return }
    solve(&planes, known: known, width: width, height: height, configuration: configuration)
  }

  private static func solve(
    _ planes: inout [[Float]], known: [Bool], width: Int, height: Int, configuration: Configuration
  ) {
    let count = width * height
    var red: [Int32] = []
    var black: [Int32] = []
    for y in 0..<height {
      for x in 0..<width where !known[y * width + x] {
        if (x + y) & 1 == 0 { red.append(Int32(y * width + x)) } else { black.append(Int32(y * width + x)) }
      }
    }
    guard !red.isEmpty || !black.isEmpty else { return }

    let hasCoarser = count > configuration.coarsestPixels && width > 2 && height > 2
    if hasCoarser {
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
      if coarseKnown.contains(true) {
        solve(&coarse, known: coarseKnown, width: coarseWidth, height: coarseHeight, configuration: configuration)
      }
      for k in 0..<planes.count {
        upsample(coarse[k], coarseWidth: coarseWidth, coarseHeight: coarseHeight, into: &planes[k],
                 known: known, width: width, height: height)
      }
    } else {
      for k in 0..<planes.count {
        var sum: Float = 0
        var n: Float = 0
        for p in 0..<count where known[p] {
          sum += planes[k][p]
          n += 1
        }
        let mean = n > 0 ? sum / n : 0
        for p in 0..<count where !known[p] { planes[k][p] = mean }
      }
    }
    let sweeps = hasCoarser ? configuration.sweeps : configuration.coarsestSweeps
    for k in 0..<planes.count {
      relax(&planes[k], red: red, black: black, width: width, height: height, sweeps: sweeps,
            relaxation: configuration.relaxation)
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

  /// Red-black SOR sweeps of the 4-neighbour Laplace equation over the listed pixels.
  private static func relax(
    _ plane: inout [Float], red: [Int32], black: [Int32], width: Int, height: Int, sweeps: Int, relaxation: Float
  ) {
    plane.withUnsafeMutableBufferPointer { values in
      // Hot kernel: sweeps x unknown pixels per level; unchecked pointers.
      for _ in 0..<sweeps {
        for list in [red, black] {
          list.withUnsafeBufferPointer { indices in
            for index in indices {
              let p = Int(index)
              let y = p / width
              let x = p - y * width
              var sum: Float = 0
              var n: Float = 0
              if x > 0 {
                sum += values[p - 1]
                n += 1
              }
              if x + 1 < width {
                sum += values[p + 1]
                n += 1
              }
              if y > 0 {
                sum += values[p - width]
                n += 1
              }
              if y + 1 < height {
                sum += values[p + width]
                n += 1
              }
              if n > 0 { values[p] += relaxation * (sum / n - values[p]) }
            }
          }
        }
      }
    }
  }
}
