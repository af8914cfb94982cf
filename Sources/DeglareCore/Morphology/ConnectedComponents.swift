// Connected-component labelling in one raster scan with union-find.
//
// The scan visits each foreground pixel once, looks at the neighbours already visited (west,
// and for 8-connectivity north-west, north and north-east; for 4-connectivity north), takes the
// smallest of their provisional labels and records the others as equivalent in a union-find
// forest (union by smaller root, path halving). A final pass over the provisional labels maps
// every root to a consecutive component number and gathers each component's area and bounding
// box. Cost: O(pixels * alpha(pixels)), no recursion, no queue, memory of one Int32 per pixel.

/// Which neighbours touch a pixel.
public enum Connectivity: Sendable, Equatable {
  /// Edge neighbours only (left, right, up, down).
  case four
  /// Edge and corner neighbours.
  case eight
}

/// The connected components of a binary plane.
public struct ConnectedComponents: Sendable, Equatable {
  /// One component: its pixel count and bounding box (canonical pixel coordinates of the plane).
  public struct Component: Sendable, Equatable {
    /// Number of pixels.
    public var area: Int
    /// Smallest x.
    public var minX: Int
    /// Smallest y.
    public var minY: Int
    /// Largest x (inclusive).
    public var maxX: Int
    /// Largest y (inclusive).
    public var maxY: Int

    /// Creates a component record.
    public init(area: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) {
      self.area = area
      self.minX = minX
      self.minY = minY
      self.maxX = maxX
      self.maxY = maxY
    }
  }

  /// Width of the labelled plane.
  public let width: Int
  /// Height of the labelled plane.
  public let height: Int
  /// Per pixel: 0 for background, else the component number 1...count (raster order of first pixel).
  public let labels: [Int32]
  /// The components; `components[i - 1]` describes label `i`.
  public let components: [Component]

  /// Number of components.
  public var count: Int { components.count }

  /// Labels the pixels of `plane` for which `isForeground` is true.
  public init<T>(_ plane: Plane<T>, connectivity: Connectivity = .eight, isForeground: (T) -> Bool) {
    self.init(
      width: plane.width, height: plane.height, connectivity: connectivity,
      foreground: plane.values.map(isForeground))
  }

  /// Labels the nonzero pixels of a binary plane.
  public init(_ plane: Plane<UInt8>, connectivity: Connectivity = .eight) {
    self.init(plane, connectivity: connectivity) { $0 != 0 }
  }

  /// Labels `foreground` (row-major, `width * height` flags).
  public init(width: Int, height: Int, connectivity: Connectivity = .eight, foreground: [Bool]) {
    precondition(foreground.count == width * height)
    self.width = width
    self.height = height
    var labels = [Int32](repeating: 0, count: width * height)
    var parent: [Int32] = [0]
    let eight = connectivity == .eight
    labels.withUnsafeMutableBufferPointer { labels in
      foreground.withUnsafeBufferPointer { fg in
        // Hot loop over every pixel of possibly full-resolution masks: unsafe indexing, all
        // indices checked against the row bounds below.
        for y in 0..<height {
          let row = y * width
          let up = row - width
          for x in 0..<width where fg[row + x] {
            var label: Int32 = 0
            @inline(__always) func meet(_ other: Int32) {
              guard other != 0 else { return }
              if label == 0 {
                label = other
              } else if other != label {
                label = ConnectedComponents.union(&parent, label, other)
              }
            }
            if x > 0 { meet(labels[row + x - 1]) }
            if y > 0 {
              meet(labels[up + x])
              if eight {
                if x > 0 { meet(labels[up + x - 1]) }
                if x + 1 < width { meet(labels[up + x + 1]) }
              }
            }
            if label == 0 {
              label = Int32(parent.count)
              parent.append(label)
            }
            labels[row + x] = label
          }
        }
      }
    }
    // Flatten: roots get consecutive numbers in order of first appearance.
    var final = [Int32](repeating: 0, count: parent.count)
    var next: Int32 = 0
    for label in 1..<parent.count {
      let root = ConnectedComponents.find(&parent, Int32(label))
      if root == Int32(label) {
        next += 1
        final[label] = next
      } else {
        final[label] = final[Int(root)]
      }
    }
    var components = [Component](
      repeating: Component(area: 0, minX: Int.max, minY: Int.max, maxX: -1, maxY: -1), count: Int(next))
    labels.withUnsafeMutableBufferPointer { labels in
      for y in 0..<height {
        let row = y * width
        for x in 0..<width {
          let provisional = labels[row + x]
          guard provisional != 0 else { continue }
          let label = final[Int(provisional)]
          labels[row + x] = label
          let i = Int(label) - 1
          components[i].area += 1
          if x < components[i].minX { components[i].minX = x }
          if x > components[i].maxX { components[i].maxX = x }
          if y < components[i].minY { components[i].minY = y }
          if y > components[i].maxY { components[i].maxY = y }
        }
      }
    }
    self.labels = labels
    self.components = components
  }

  /// The root of `label`'s tree, halving the path on the way.
  static func find(_ parent: inout [Int32], _ label: Int32) -> Int32 {
    var node = Int(label)
    while parent[node] != Int32(node) {
      let grand = parent[Int(parent[node])]
      parent[node] = grand
      node = Int(grand)
    }
    return Int32(node)
  }

  /// Merges the trees of `a` and `b`; the smaller root wins (keeps first-appearance order).
  static func union(_ parent: inout [Int32], _ a: Int32, _ b: Int32) -> Int32 {
    let rootA = find(&parent, a)
    let rootB = find(&parent, b)
    if rootA == rootB { return rootA }
    if rootA < rootB {
      parent[Int(rootB)] = rootA
      return rootA
    }
    parent[Int(rootA)] = rootB
    return rootB
  }
}
