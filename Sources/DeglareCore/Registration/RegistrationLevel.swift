// The pyramid that patch registration estimates its geometry on: the crop's and the patch's luma
// as Float planes in 8-bit levels (16-bit samples divided by 257), box-averaged by 2 per level,
// and which crop pixels may be compared (those whose whole footprint lies outside the grown
// mask). A level-l pixel p_l covers level-0 pixels f * p_l ... f * p_l + f - 1 (f = 2^l), so its
// centre is level-0 point f * (p_l + 0.5) - 0.5; the crop's centre c maps the same way, and a
// geometry's shift divides by f while its scale stays (see PatchGeometry).

/// One level of the registration pyramid.
struct RegistrationLevel {
  /// Width in level pixels.
  let width: Int
  /// Height in level pixels.
  let height: Int
  /// Level-0 pixels per level pixel along each axis (a power of two).
  let factor: Int
  /// The crop's luma, index `y * width + x`, 8-bit levels.
  let crop: [Float]
  /// The patch's luma (the patch resized to the crop's size), 8-bit levels.
  let patch: [Float]
  /// Whether the crop pixel may be compared: its whole footprint is outside the grown mask.
  let usable: [Bool]

  /// The finest level: `factor` x `factor` blocks of the crop and patch averaged.
  /// - Precondition: `crop`, `patch` and `exclusion` have the same size, at least `factor` a side.
  init(crop: ImageBuffer, patch: ImageBuffer, exclusion: Mask, factor: Int) {
    precondition(crop.size == patch.size && crop.size == exclusion.size)
    let width = crop.width / factor
    let height = crop.height / factor
    precondition(width > 0 && height > 0)
    let cropRows = ColourRows(crop)
    let patchRows = ColourRows(patch)
    var cropPlane = [Float](repeating: 0, count: width * height)
    var patchPlane = [Float](repeating: 0, count: width * height)
    var usable = [Bool](repeating: true, count: width * height)
    var cropRow = [Float](repeating: 0, count: crop.width * 4)
    var patchRow = [Float](repeating: 0, count: crop.width * 4)
    let norm = 1 / Float(factor * factor)
    for y0 in 0..<(height * factor) {
      let y = y0 / factor
      cropRows.read(row: y0, into: &cropRow)
      patchRows.read(row: y0, into: &patchRow)
      for x in 0..<width {
        var cropSum: Float = 0
        var patchSum: Float = 0
        var clear = true
        for x0 in (x * factor)..<((x + 1) * factor) {
          cropSum += cropRow[4 * x0 + 3]
          patchSum += patchRow[4 * x0 + 3]
          if exclusion.isInside(x: x0, y: y0) { clear = false }
        }
        let index = y * width + x
        cropPlane[index] += cropSum * norm
        patchPlane[index] += patchSum * norm
        if !clear { usable[index] = false }
      }
    }
    self.init(width: width, height: height, factor: factor, crop: cropPlane, patch: patchPlane, usable: usable)
  }

  /// Creates a level from its planes.
  init(width: Int, height: Int, factor: Int, crop: [Float], patch: [Float], usable: [Bool]) {
    self.width = width
    self.height = height
    self.factor = factor
    self.crop = crop
    self.patch = patch
    self.usable = usable
  }

  /// The next coarser level (2 x 2 averages; usable only where all four are), or nil when it
  /// would be under 2 pixels a side.
  func halved() -> RegistrationLevel? {
    let w = width / 2
    let h = height / 2
    guard w >= 2 && h >= 2 else { return nil }
    var cropPlane = [Float](repeating: 0, count: w * h)
    var patchPlane = [Float](repeating: 0, count: w * h)
    var usablePlane = [Bool](repeating: false, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        let a = (2 * y) * width + 2 * x
        let b = a + width
        cropPlane[y * w + x] = (crop[a] + crop[a + 1] + crop[b] + crop[b + 1]) * 0.25
        patchPlane[y * w + x] = (patch[a] + patch[a + 1] + patch[b] + patch[b + 1]) * 0.25
        usablePlane[y * w + x] = usable[a] && usable[a + 1] && usable[b] && usable[b + 1]
      }
    }
    return RegistrationLevel(
      width: w, height: h, factor: factor * 2, crop: cropPlane, patch: patchPlane, usable: usablePlane)
  }

  /// The crop's centre in this level's coordinates, for a level-0 crop of `size`.
  func centre(of size: PixelSize) -> Point {
    let f = Double(factor)
    return Point(x: (Double(size.width - 1) / 2 + 0.5) / f - 0.5, y: (Double(size.height - 1) / 2 + 0.5) / f - 0.5)
  }

  /// How many usable pixels a patch `scale` times larger than the crop (about the crop's centre)
  /// can still be read at bicubically (``PlaneSampler/bicubicFits(_:_:width:height:)``): the
  /// part of the surroundings that such an answer has not pushed out of its frame.
  func readableCount(scale: Double, cropSize: PixelSize) -> Int {
    let c = centre(of: cropSize)
    let s = Float(scale)
    var count = 0
    for y in 0..<height {
      let qy = Float(c.y) + s * (Float(y) - Float(c.y))
      for x in 0..<width where usable[y * width + x] {
        let qx = Float(c.x) + s * (Float(x) - Float(c.x))
        if PlaneSampler.bicubicFits(qx, qy, width: width, height: height) { count += 1 }
      }
    }
    return count
  }

  /// Central differences of the patch along x and y (one-sided at the border).
  func patchGradients() -> (x: [Float], y: [Float]) {
    var gx = [Float](repeating: 0, count: width * height)
    var gy = [Float](repeating: 0, count: width * height)
    for y in 0..<height {
      let up = max(y - 1, 0)
      let down = min(y + 1, height - 1)
      let ySpan = Float(down - up)
      for x in 0..<width {
        let left = max(x - 1, 0)
        let right = min(x + 1, width - 1)
        let i = y * width + x
        gx[i] = (patch[y * width + right] - patch[y * width + left]) / Float(right - left)
        gy[i] = (patch[down * width + x] - patch[up * width + x]) / ySpan
      }
    }
    return (gx, gy)
  }

  /// The usable crop pixels, every `step`-th along both axes: positions and crop values.
  func samples(step: Int) -> [RegistrationSample] {
    var out: [RegistrationSample] = []
    for y in stride(from: 0, to: height, by: step) {
      for x in stride(from: 0, to: width, by: step) where usable[y * width + x] {
        out.append(RegistrationSample(x: Float(x), y: Float(y), value: crop[y * width + x]))
      }
    }
    return out
  }
}

/// One usable crop pixel of a level: its position and luma.
struct RegistrationSample {
  /// Column, level pixels.
  var x: Float
  /// Row, level pixels.
  var y: Float
  /// The crop's luma there, 8-bit levels.
  var value: Float
}
