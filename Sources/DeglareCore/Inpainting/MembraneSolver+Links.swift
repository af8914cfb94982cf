import Foundation

extension MembraneSolver {
  /// The weight of every link between 4-neighbours at one level: `right[p]` joins p and p + 1,
  /// `down[p]` joins p and p + width; links leaving the image have weight 0.
  struct Links {
    let width: Int
    let height: Int
    var right: [Float]
    var down: [Float]

    /// Links of weight 1 inside the image and 0 across its border.
    init(width: Int, height: Int) {
      self.width = width
      self.height = height
      right = [Float](repeating: 1, count: width * height)
      down = [Float](repeating: 1, count: width * height)
      for y in 0..<height { right[y * width + width - 1] = 0 }
      for x in 0..<width { down[(height - 1) * width + x] = 0 }
    }

    /// Links weighted by the guide's differences (all 1 without a guide): with `alternatePlanes`
    /// the smaller of the two differences, so a link is open where either image has no edge.
    init(guide: Guide?, width: Int, height: Int) {
      guard let guide else {
        self.init(width: width, height: height)
        return
      }
      var (dx, dy) = Links.squaredDifferences(guide.planes, width: width, height: height)
      if let alternate = guide.alternatePlanes {
        Links.lowerToSquaredDifferences(&dx, &dy, of: alternate, width: width, height: height)
      }
      self.init(squaredRight: dx, squaredDown: dy, kappa: guide.kappa, floor: guide.floor, width: width, height: height)
    }

    /// Links weighted `max(exp(-d / kappa^2), floor)` by the guide's squared differences `d` to the
    /// right and down neighbours (see ``squaredDifferences(_:width:height:)``). The differences
    /// become the weights in place: on a large work area every full-size plane counts.
    init(
      squaredRight dx: consuming [Float], squaredDown dy: consuming [Float], kappa: Float, floor: Float, width: Int,
      height: Int
    ) {
      var right = consume dx
      var down = consume dy
      let scale = 1 / (kappa * kappa)
      for p in 0..<width * height {
        right[p] = max(expf(-right[p] * scale), floor)
        down[p] = max(expf(-down[p] * scale), floor)
      }
      for y in 0..<height { right[y * width + width - 1] = 0 }
      for x in 0..<width { down[(height - 1) * width + x] = 0 }
      self.init(width: width, height: height, right: right, down: down)
    }

    /// Links with the given weights.
    init(width: Int, height: Int, right: [Float], down: [Float]) {
      self.width = width
      self.height = height
      self.right = right
      self.down = down
    }

    /// Lowers `dx` and `dy` to the squared differences of `planes` (summed over the planes, as in
    /// ``squaredDifferences(_:width:height:)``) where those are smaller, one pixel at a time.
    static func lowerToSquaredDifferences(
      _ dx: inout [Float], _ dy: inout [Float], of planes: [[Float]], width: Int, height: Int
    ) {
      for y in 0..<height {
        for x in 0..<width {
          let p = y * width + x
          var sx: Float = 0
          var sy: Float = 0
          for plane in planes {
            if x + 1 < width {
              let d = plane[p + 1] - plane[p]
              sx += d * d
            }
            if y + 1 < height {
              let d = plane[p + width] - plane[p]
              sy += d * d
            }
          }
          dx[p] = min(dx[p], sx)
          dy[p] = min(dy[p], sy)
        }
      }
    }

    /// Squared differences to the right and down neighbours, summed over the planes (0 across
    /// the image's border).
    static func squaredDifferences(_ planes: [[Float]], width: Int, height: Int) -> (right: [Float], down: [Float]) {
      var dx = [Float](repeating: 0, count: width * height)
      var dy = [Float](repeating: 0, count: width * height)
      for plane in planes { addSquaredDifferences(of: plane, to: &dx, &dy, width: width, height: height) }
      return (dx, dy)
    }

    /// Adds one plane's squared differences to the right and down neighbours to `dx` and `dy`
    /// (planes added one after another sum to ``squaredDifferences(_:width:height:)``).
    static func addSquaredDifferences(
      of plane: [Float], to dx: inout [Float], _ dy: inout [Float], width: Int, height: Int
    ) {
      for y in 0..<height {
        for x in 0..<width {
          let p = y * width + x
          if x + 1 < width {
            let d = plane[p + 1] - plane[p]
            dx[p] += d * d
          }
          if y + 1 < height {
            let d = plane[p + width] - plane[p]
            dy[p] += d * d
          }
        }
      }
    }
  }
}
