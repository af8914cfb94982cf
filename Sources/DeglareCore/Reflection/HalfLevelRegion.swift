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
  /// Boundary pixels closer than this to the grid's edge are not reported.
  let margin: Int
  /// Per pixel: the stamp of the last region that took it (0 = none yet).
  private var stamps: [Int32]
  /// Breadth-first queue, reused.
  private var queue: [Int] = []
  /// Per pixel: the stamp of the last ring that reached it.
  private var ringStamps: [Int32]

  /// Scratch for a `width` x `height` grid.
  init(width: Int, height: Int, margin: Int) {
    self.width = width
    self.height = height
    self.margin = max(0, margin)
    stamps = [Int32](repeating: 0, count: width * height)
    ringStamps = [Int32](repeating: 0, count: width * height)
  }

  /// Fills the region 8-connected to `seeds` through pixels where `level` is true (seeds are
  /// always in), and returns its boundary pixels that lie at least `margin` from the grid's edge.
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
      let x = i % width
      let y = i / width
      guard x >= margin && y >= margin && x < width - margin && y < height - margin else { continue }
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
    let width = width
    let height = height
    var frontier = boundary
    var result: [Int] = []
    for step in 1...distances.upperBound {
      var next: [Int] = []
      for i in frontier {
        Neighbours.eight(of: i, width: width, height: height) { j in
          if stamps[j] != stamp && ringStamps[j] != stamp {
            ringStamps[j] = stamp
            next.append(j)
          }
        }
      }
      if distances.contains(step) { result += next }
      frontier = next
    }
    return result
  }
}
