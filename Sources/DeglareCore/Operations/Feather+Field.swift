/// The distance fields behind ``Feather`` for one region (see its summary for the definitions).
///
/// Everything is computed on `area`: the inside pixels' bounding box `region` grown by a margin
/// of `capD + capE + 3` pixels and clipped to the image. A pixel's `d` (capped at `capD`) depends
/// only on pixels within `capD + 1`; whether a pixel is core depends on its neighbours' `d`; and
/// `e` (capped at `capE`) on core pixels within `capE + 1`. So the margin makes every value used
/// inside `region` exact, whatever lies beyond `area`.
struct FeatherField {
  /// Inside pixels' bounding box (canonical coordinates).
  let region: PixelRect
  /// The computation area (canonical coordinates).
  let area: PixelRect
  /// Feather width in pixels (> 0).
  let feather: Double
  /// Cap of the edge distance: exact up to here; beyond is core anyway.
  let capD: Int
  /// Cap of the core distance: larger distances count as `capE` (only far corners of wide areas
  /// get there, where alpha is already near 0).
  let capE: Int
  /// 1 for inside pixels of `area`, row-major.
  let inside: [UInt8]
  /// Squared edge distance `d^2` per pixel of `area`.
  let edgeSquared: [Int32]
  /// 1 for core pixels.
  let core: [UInt8]
  /// Squared core distance `e^2` per pixel of `area`.
  let coreSquared: [Int32]

  init(mask: Mask, region: PixelRect, feather: Double, ridgeTolerance: Double) {
    self.region = region
    self.feather = feather
    capD = Int((feather + 2).rounded(.up))
    capE = Int((1.5 * feather).rounded(.up)) + 2
    let margin = capD + capE + 3
    let image = PixelRect(x: 0, y: 0, width: mask.width, height: mask.height)
    let area = PixelRect(
      x: region.x - margin, y: region.y - margin, width: region.width + 2 * margin,
      height: region.height + 2 * margin
    ).intersection(image)
    self.area = area
    let w = area.width
    let h = area.height

    var inside = [UInt8](repeating: 0, count: w * h)
    var outside = [UInt8](repeating: 0, count: w * h)
    mask.values.withUnsafeBufferPointer { m in
      for y in 0..<h {
        let from = (area.y + y) * mask.width + area.x
        for x in 0..<w {
          let isInside: UInt8 = m[from + x] >= Mask.insideThreshold ? 1 : 0
          inside[y * w + x] = isInside
          outside[y * w + x] = 1 - isInside
        }
      }
    }
    let edgeSquared = DistanceTransform.squaredDistances(sources: outside, width: w, height: h, cap: capD)
    let core = FeatherField.core(
      inside: inside, edgeSquared: edgeSquared, width: w, height: h, feather: feather, tolerance: ridgeTolerance)
    self.inside = inside
    self.edgeSquared = edgeSquared
    self.core = core
    coreSquared = DistanceTransform.squaredDistances(sources: core, width: w, height: h, cap: capE)
  }

  /// The smallest squared distance that counts as deep: `ceil((F + 0.5)^2)`.
  static func deepSquared(feather: Double) -> Int32 { Int32(((feather + 0.5) * (feather + 0.5)).rounded(.up)) }

  /// Core pixels: inside and deep, or inside and on a ridge of `d`.
  static func core(
    inside: [UInt8], edgeSquared: [Int32], width w: Int, height h: Int, feather: Double, tolerance: Double
  ) -> [UInt8] {
    let deep = deepSquared(feather: feather)
    var core = [UInt8](repeating: 0, count: w * h)
    // Unsafe pointers: one pass over the area with 8 neighbour reads per band pixel.
    inside.withUnsafeBufferPointer { ins in
      edgeSquared.withUnsafeBufferPointer { d2 in
        core.withUnsafeMutableBufferPointer { out in
          for y in 0..<h {
            for x in 0..<w {
              let i = y * w + x
              guard ins[i] != 0 else { continue }
              let own = d2[i]
              if own >= deep {
                out[i] = 1
                continue
              }
              let limit = Double(own).squareRoot() + tolerance
              let limitSquared = limit * limit
              var ridge = true
              for dy in -1...1 where ridge {
                let ny = y + dy
                guard ny >= 0 && ny < h else { continue }
                for dx in -1...1 {
                  let nx = x + dx
                  guard nx >= 0 && nx < w else { continue }
                  if Double(d2[ny * w + nx]) > limitSquared {
                    ridge = false
                    break
                  }
                }
              }
              if ridge { out[i] = 1 }
            }
          }
        }
      }
    }
    return core
  }

  /// Writes alpha for the pixels of `region` into the crop-local `values` (other pixels are left
  /// as they are: 0).
  func write(into values: inout [Float], crop: PixelRect) {
    // Square roots of every possible squared distance, so the loop does no sqrt.
    let edgeRoots = (0...Int(DistanceTransform.ceiling(cap: capD))).map { Float(Double($0).squareRoot()) }
    let coreLimit = Float(capE)
    let coreRoots = (0...Int(DistanceTransform.ceiling(cap: capE))).map { min(Float(Double($0).squareRoot()), coreLimit) }
    let w = area.width
    values.withUnsafeMutableBufferPointer { out in
      inside.withUnsafeBufferPointer { ins in
        core.withUnsafeBufferPointer { cor in
          edgeSquared.withUnsafeBufferPointer { d2 in
            coreSquared.withUnsafeBufferPointer { e2 in
              edgeRoots.withUnsafeBufferPointer { dRoot in
                coreRoots.withUnsafeBufferPointer { eRoot in
                  for y in region.y..<region.maxY {
                    let fieldRow = (y - area.y) * w - area.x
                    let outRow = (y - crop.y) * crop.width - crop.x
                    for x in region.x..<region.maxX {
                      let i = fieldRow + x
                      guard ins[i] != 0 else { continue }
                      if cor[i] != 0 {
                        out[outRow + x] = 1
                        continue
                      }
                      let s = dRoot[Int(d2[i])] - 0.5
                      let toCore = max(0, eRoot[Int(e2[i])] - 0.5)
                      let t = s / (s + toCore)
                      out[outRow + x] = t * t * (3 - 2 * t)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
