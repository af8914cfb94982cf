// The half-level region of a seed blob and the part of its boundary that can be measured.
//
// Seeds are where the strict tests pass; their own outline is wherever a threshold happened to
// cut, often across the shading inside a pale dress. The half-level region (pixels 8-connected to
// the blob that reach halfway from its background to its peak) follows the object it belongs to:
// a dress out to its painted outline, a streak out to its soft flanks. Its boundary pixels (region
// pixels with a neighbour outside it) are where the edge test looks, except those within
// `margin` pixels of the image edge: beyond the margin band the picture is cut, not faded.

/// Flood fill of half-level regions over one analysis grid, with scratch memory shared between
/// blobs (each fill marks its pixels with the blob's own stamp, so nothing is cleared between
/// blobs).
struct HalfLevelRegion {
  /// Grid width in pixels.
  let width: Int
  /// Grid height in pixels.
  let height: Int
  /// Per pixel: whether a boundary pixel there is reported (its neighbours are all inside the
  /// glass, so an edge there belongs to the picture, not to the cut).
  let measurable: [Bool]
  /// Per pixel: the stamp of the last region that took it (0 = none yet).
  private var stamps: [Int32]
  /// Breadth-first queue, reused.
  private var queue: [Int] = []
  /// Per pixel: the stamp of the last ring that reached it.
  private var ringStamps: [Int32]

  /// Scratch for a `width` x `height` grid whose boundary pixels are reported where `measurable`.
  init(width: Int, height: Int, measurable: [Bool]) {
    self.width = width
    self.height = height
    self.measurable = measurable
    stamps = [Int32](repeating: 0, count: width * height)
    ringStamps = [Int32](repeating: 0, count: width * height)
  }

  /// Scratch for a `width` x `height` grid whose boundary pixels are reported when they lie at
  /// least `margin` pixels from the grid's edge.
  init(width: Int, height: Int, margin: Int) {
    let m = max(0, margin)
    let measurable = (0..<(width * height)).map { i in
      let x = i % width
      let y = i / width
      return x >= m && y >= m && x < width - m && y < height - m
    }
    self.init(width: width, height: height, measurable: measurable)
  }

  /// Fills the region 8-connected to `seeds` through pixels where `level` is true (seeds are
  /// always in), and returns its boundary pixels where ``measurable``.
  /// - Parameter stamp: a positive value unique to this blob.
  mutating func boundary(from seeds: [Int], stamp: Int32, within level: (Int) -> Bool) -> [Int] {
    let width = width
    let height = height
    queue.removeAll(keepingCapacity: true)
    for i in seeds where stamps[i] != stamp {
      stamps[i] = stamp
      queue.append(i)
    }
    var head = 0
    while head < queue.count {
      let i = queue[head]
      head += 1
      Neighbours.eight(of: i, width: width, height: height) { j in
        if stamps[j] != stamp && level(j) {
          stamps[j] = stamp
          queue.append(j)
        }
      }
    }
    // The queue now holds exactly the region's pixels.
    var edge: [Int] = []
    for i in queue {
      guard measurable[i] else { continue }
      let x = i % width
      let y = i / width
      var outside = x == 0 || y == 0 || x == width - 1 || y == height - 1
      if !outside {
        outside =
          stamps[i - width - 1] != stamp || stamps[i - width] != stamp || stamps[i - width + 1] != stamp
          || stamps[i - 1] != stamp || stamps[i + 1] != stamp || stamps[i + width - 1] != stamp
          || stamps[i + width] != stamp || stamps[i + width + 1] != stamp
      }
      if outside { edge.append(i) }
    }
    return edge
  }
  /// The pixels outside the region last filled with `stamp` whose 8-connected step distance
  /// from it lies in `distances` (1 = touching it), found breadth-first from `boundary`.
  /// - Precondition: `boundary(from:stamp:within:)` was just called with this `stamp`, and
  ///   `distances.lowerBound >= 1`.
  mutating func ring(around boundary: [Int], stamp: Int32, distances: ClosedRange<Int>) -> [Int] {
    rings(around: boundary, stamp: stamp, bands: [distances])[0]
  }

  /// Whether the region last filled with `stamp` holds pixel `i`.
  func contains(_ i: Int, stamp: Int32) -> Bool { stamps[i] == stamp }

  /// The pixels at 8-connected step distance 1...`farthest` from `core`, with their distance,
  /// found breadth-first across the whole grid (through the region too).
  /// - Precondition: no ring has been searched with this `stamp` (they share their scratch).
  mutating func steps(from core: [Int], stamp: Int32, farthest: Int) -> [(pixel: Int, steps: Int)] {
    let width = width
    let height = height
    for i in core { ringStamps[i] = stamp }
    var frontier = core
    var result: [(pixel: Int, steps: Int)] = []
    var step = 0
    while !frontier.isEmpty && step < farthest {
      step += 1
      var next: [Int] = []
      for i in frontier {
        Neighbours.eight(of: i, width: width, height: height) { j in
          if ringStamps[j] != stamp {
            ringStamps[j] = stamp
            next.append(j)
          }
        }
      }
      for j in next { result.append((j, step)) }
      frontier = next
    }
    return result
  }

  /// ``ring(around:stamp:distances:)`` for several bands of distances at once (one search; each
  /// stamp can be searched around once).
  mutating func rings(around boundary: [Int], stamp: Int32, bands: [ClosedRange<Int>]) -> [[Int]] {
    let width = width
    let height = height
    var frontier = boundary
    var result = [[Int]](repeating: [], count: bands.count)
    let farthest = bands.map(\.upperBound).max() ?? 0
    guard farthest >= 1 else { return result }
    for step in 1...farthest {
      var next: [Int] = []
      for i in frontier {
        Neighbours.eight(of: i, width: width, height: height) { j in
          if stamps[j] != stamp && ringStamps[j] != stamp {
            ringStamps[j] = stamp
            next.append(j)
          }
        }
      }
      for (k, band) in bands.enumerated() where band.contains(step) { result[k] += next }
      frontier = next
    }
    return result
  }
}
