// A found reflection is wider than its found core: growing it to where its light can be seen.
//
// The seed tests and the soft halo stop where a blob's light falls below a fraction of its own
// strength. But whether glare matters depends on the paint under it: over near-black velvet a
// twentieth of a green streak's peak still lifts the encoded green by 16 levels, so the streak's
// soft flanks, which a user paints over, are left out. And the coloured test's wide median
// background is no help there: beside a broad streak near a gilt frame it is lifted by the
// streak and the frame themselves.
//
// So each found specular spot and streak-shaped coloured blob is measured against the paint
// beyond its reach: a ring of its own width just outside the distance it may grow (a few of its
// widths), whose per-channel median (lightly smoothed linear light) is the paint without the
// light. Only where that paint is uniform (the ring's median difference from its median, in
// encoded levels, well under what counts as visible) can one colour stand for the paint under the
// whole halo; over varied paint (gold leaf and a dark trunk, a busy abstract) the blob is left as
// it is. The blob then grows, breadth-first, through pixels where its own light is still visible:
// the pixel's lift over the ring's paint points the blob's way (its median lift, the glare
// colour), and over the coloured test's local background too (a paint field the ring does not
// see lifts over the ring, not over its own surroundings), some encoded channel of the pixel
// itself (unsmoothed: the smoothing bleeds a pale field into the dark pixels along its edge)
// stands at least ``Configuration/extentMinLevels`` above the paint, and the lift (smoothed)
// does not rise over the pixel it came from (light fades, brighter paint beyond it does not);
// around a spot it stays well under the spot's own (a lamp's light falls off beyond its core,
// while a white garment under a white streak lifts nearly as much as the core). A growth still
// spreading as wide as ever when its reach runs out, or many times the blob's size, is paint, not
// light: that blob is not grown.

extension GlareDetector {
  /// Grows each found spot and coloured streak of `codes` toward its visible extent (see the
  /// file's comment).
  /// - Parameters:
  ///   - codes: the proposal so far (blob codes, 0 none); added pixels take their blob's code.
  ///   - allowed: per analysis pixel, whether it lies wholly inside the glass.
  func growExtents(_ codes: [UInt8], evidence: Evidence, allowed: [Bool], width: Int, height: Int) -> [UInt8] {
    let c = configuration
    guard c.extentReach > 0 else { return codes }
    let (_, members, code) = Self.proposedBlobs(codes, width: width, height: height)
    // Each candidate with its width: about 3.5 standard deviations across its minor axis.
    let candidates: [(blob: Int, across: Double)] = members.indices.compactMap { b in
      let kind = code[b]
      guard members[b].count >= c.extentMinPixels, let axes = Moments(members[b], width: width).principal else {
        return nil
      }
      let across = 3.5 * axes.minor.squareRoot()
      // A specular spot grows; a lit sign's clipped core does not (its glow is the sign test's).
      if kind & SeedKind.blown != 0 { return kind & SeedKind.sign == 0 ? (b, across) : nil }
      // Coloured light grows when it is streak-shaped: a coloured streak, or an elongated blob
      // the sign test took for a sign (a strong coloured streak over near-black velvet glows too).
      guard kind & SeedKind.coloured != 0, (axes.major / axes.minor).squareRoot() >= c.extentElongation else {
        return nil
      }
      return (b, across)
    }
    guard !candidates.isEmpty else { return codes }
    let planes = evidence.linear
    let smooth = planes.map { BoxFilter.blur($0, radius: 1) }
    let count = width * height
    let observed = (0..<count).map { SIMD3(smooth[0].values[$0], smooth[1].values[$0], smooth[2].values[$0]) }
    let background = evidence.background
    let minLevels = c.extentMinLevels / 255
    var result = codes
    var distance = [Int32](repeating: -1, count: count)
    var stamps = [Int32](repeating: 0, count: count)
    for (b, across) in candidates {
      let pixels = members[b]
      let radius = max(2, Int((c.extentReach * across).rounded()))
      let ring = Self.ring(
        around: pixels, from: radius, to: radius + max(3, Int(across.rounded())), codes: codes, allowed: allowed,
        width: width, height: height, distance: &distance
      ).map { observed[$0] }
      guard let paint = Self.medianColour(ring) else { continue }
      let encodedPaint = (0..<3).map { SRGB.encode(min(paint[$0], 1)) }
      let spread = Self.percentile(
        ring.map { v in (0..<3).map { abs(SRGB.encode(min(v[$0], 1)) - encodedPaint[$0]) }.max() ?? 0 }, 0.5)
      guard spread * 255 <= c.extentMaxSpreadLevels,
        let colour = Self.medianColour(pixels.map { observed[$0] - paint })
      else { continue }
      let strength = (colour * colour).sum().squareRoot()
      guard strength >= c.extentMinLift else { continue }
      let unit = colour / strength
      let rise = c.extentRise * strength
      let cap = code[b] & SeedKind.blown != 0 ? c.extentSpotMaxLift * strength : Float.infinity
      let stamp = Int32(b + 1)
      var frontier: [(index: Int, along: Float)] = []
      for i in pixels {
        stamps[i] = stamp
        frontier.append((i, ((observed[i] - paint) * unit).sum()))
      }
      var reached: [Int] = []
      var widest = 0
      var step = 0
      while !frontier.isEmpty && step < radius {
        var next: [(index: Int, along: Float)] = []
        for (i, from) in frontier {
          Neighbours.eight(of: i, width: width, height: height) { j in
            guard stamps[j] != stamp, allowed[j], result[j] == 0 else { return }
            let o = observed[j]
            let lift = o - paint
            let along = (lift * unit).sum()
            guard along > 0, along <= min(from + rise, cap),
              along >= c.extentCosine * (lift * lift).sum().squareRoot()
            else { return }
            let local = o - SIMD3(background[0].values[j], background[1].values[j], background[2].values[j])
            let localAlong = (local * unit).sum()
            guard localAlong > 0, localAlong >= c.extentLocalCosine * (local * local).sum().squareRoot(),
              (0..<3).contains(where: { SRGB.encode(min(planes[$0].values[j], 1)) - encodedPaint[$0] >= minLevels })
            else { return }
            stamps[j] = stamp
            reached.append(j)
            next.append((j, along))
          }
        }
        widest = max(widest, next.count)
        frontier = next
        step += 1
      }
      guard Float(frontier.count) <= c.extentMaxOpen * Float(widest),
        Float(reached.count) <= c.extentMaxGrowth * Float(pixels.count)
      else { continue }
      let blobCode = codes[pixels[0]]
      for j in reached { result[j] = blobCode }
    }
    return result
  }

  /// The pixels at 8-connected distance `from + 1 ... to` from `pixels` through allowed pixels,
  /// those not proposed in `codes`. `distance` is scratch (all -1, left so).
  static func ring(
    around pixels: [Int], from: Int, to: Int, codes: [UInt8], allowed: [Bool], width: Int, height: Int,
    distance: inout [Int32]
  ) -> [Int] {
    var visited = pixels
    for i in pixels { distance[i] = 0 }
    var frontier = pixels
    var ring: [Int] = []
    var step = 0
    while !frontier.isEmpty && step < to {
      step += 1
      var next: [Int] = []
      for i in frontier {
        Neighbours.eight(of: i, width: width, height: height) { j in
          guard distance[j] < 0, allowed[j] else { return }
          distance[j] = Int32(step)
          visited.append(j)
          next.append(j)
          if step > from, codes[j] == 0 { ring.append(j) }
        }
      }
      frontier = next
    }
    for i in visited { distance[i] = -1 }
    return ring
  }
}
