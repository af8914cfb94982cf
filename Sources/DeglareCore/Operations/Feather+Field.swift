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
  /// Squared edge distance `d^2` per pixel of `area`, row-major: 0 exactly on outside pixels.
  let edgeSquared: [Int16]
  /// 1 for core pixels.
  let core: [UInt8]
  /// Squared core distance `e^2` per pixel of `area` (unspecified on outside pixels).
  let coreSquared: [Int16]

  init(mask: Mask, region: PixelRect, feather: Double, ridgeTolerance: Double) {
    self.region = region
    self.feather = feather
    let capD = Int((feather + 2).rounded(.up))
    let capE = Int((1.5 * feather).rounded(.up)) + 2
    self.capD = capD
    self.capE = capE
    let margin = capD + capE + 3
    let image = PixelRect(x: 0, y: 0, width: mask.width, height: mask.height)
    let area = PixelRect(
      x: region.x - margin, y: region.y - margin, width: region.width + 2 * margin,
      height: region.height + 2 * margin
    ).intersection(image)
    self.area = area
    let w = area.width
    let h = area.height

    // d: sources are the outside pixels; needed on the inside ones.
    let edgeSquared = mask.values.withUnsafeBufferPointer { m in
      DistanceTransform.squaredDistances(
        width: w, height: h, cap: capD,
        sources: { y, flags in
          // Inside is gray >= 128, i.e. the top bit: branch-free and vectorisable.
          let row = UnsafeBufferPointer(rebasing: m[((area.y + y) * mask.width + area.x)...])
          for x in 0..<w { flags[x] = (row[x] >> 7) ^ 1 }
        },
        needed: { y, flags in
          let row = UnsafeBufferPointer(rebasing: m[((area.y + y) * mask.width + area.x)...])
          for x in 0..<w { flags[x] = row[x] >> 7 }
        })
    }
    let core = FeatherField.core(
      edgeSquared: edgeSquared, width: w, height: h, feather: feather, tolerance: ridgeTolerance)
    self.edgeSquared = edgeSquared
    self.core = core
    // e: sources are the core pixels; needed on the band (inside, not core). Outside pixels' e
    // is never read.
    coreSquared = core.withUnsafeBufferPointer { c in
      edgeSquared.withUnsafeBufferPointer { d2 in
        DistanceTransform.squaredDistances(
          width: w, height: h, cap: capE,
          sources: { y, flags in
            let coreRow = UnsafeBufferPointer(rebasing: c[(y * w)...])
            for x in 0..<w { flags[x] = coreRow[x] }
          },
          needed: { y, flags in
            let coreRow = UnsafeBufferPointer(rebasing: c[(y * w)...])
            let edgeRow = UnsafeBufferPointer(rebasing: d2[(y * w)...])
            for x in 0..<w { flags[x] = (edgeRow[x] != 0 ? 1 : 0) & (coreRow[x] ^ 1) }
          })
      }
    }
  }

  /// The smallest squared distance that counts as deep: `ceil((F + 0.5)^2)`.
  static func deepSquared(feather: Double) -> Int16 { Int16(((feather + 0.5) * (feather + 0.5)).rounded(.up)) }

  /// Core pixels: inside and deep, or inside and on a ridge of `d` (no 8-neighbour inside the
  /// area has `d` more than `tolerance` above the pixel's own).
  static func core(edgeSquared: [Int16], width w: Int, height h: Int, feather: Double, tolerance: Double) -> [UInt8] {
    let deep = deepSquared(feather: feather)
    // For each squared distance below `deep`: the largest squared neighbour distance that still
    // leaves the pixel on a ridge, floor((sqrt(own) + tolerance)^2).
    let limits = (0..<Int(deep)).map { own -> Int16 in
      let limit = Double(own).squareRoot() + tolerance
      return Int16(min(Double(Int16.max), (limit * limit).rounded(.down)))
    }
    var core = [UInt8](repeating: 0, count: w * h)
    // Unsafe pointers: one pass over the area, 8 neighbour reads per band pixel.
    edgeSquared.withUnsafeBufferPointer { d2 in
      limits.withUnsafeBufferPointer { lim in
        core.withUnsafeMutableBufferPointer { out in
          for y in 0..<h {
            let border = y == 0 || y == h - 1
            for x in 0..<w {
              let i = y * w + x
              let own = d2[i]
              guard own != 0 else { continue }  // outside
              if own >= deep {
                out[i] = 1
                continue
              }
              let limit = lim[Int(own)]
              var ridge = true
              if border || x == 0 || x == w - 1 {
                for dy in -1...1 {
                  for dx in -1...1 {
                    let nx = x + dx
                    let ny = y + dy
                    if nx >= 0 && nx < w && ny >= 0 && ny < h && d2[ny * w + nx] > limit { ridge = false }
                  }
                }
              } else {
                let up = i - w
                let down = i + w
                let highest = max(
                  max(max(d2[up - 1], d2[up]), max(d2[up + 1], d2[i - 1])),
                  max(max(d2[i + 1], d2[down - 1]), max(d2[down], d2[down + 1])))
                ridge = highest <= limit
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
    let coreRoots = (0...Int(DistanceTransform.ceiling(cap: capE))).map {
      min(Float(Double($0).squareRoot()), coreLimit)
    }
    let w = area.width
    // Unsafe pointers: one pass over the region with table lookups.
    values.withUnsafeMutableBufferPointer { out in
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
                    guard d2[i] != 0 else { continue }  // outside
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
