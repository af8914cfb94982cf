/// Growing a mask outward by a distance.
extension Mask {
  /// The largest radius ``grown(by:clearingBand:)`` accepts, in pixels.
  public static let largestGrowth = DistanceTransform.largestCap

  /// The binary mask (0/255) of every pixel within `radius` pixels of an inside pixel (Euclidean
  /// distance between pixel centres, so the grown outline is round), with the `band` pixels along
  /// every edge left outside. `radius` 0 gives the mask binarized, band cleared.
  ///
  /// Only the inside pixels' bounding box widened by `radius` is transformed, so the cost follows
  /// the mask, not the image.
  /// - Precondition: `0 <= radius <= Mask.largestGrowth` and `band >= 0`.
  public func grown(by radius: Int, clearingBand band: Int = 0) -> Mask {
    precondition(radius >= 0 && radius <= Mask.largestGrowth && band >= 0)
    let whole = PixelRect(x: 0, y: 0, width: width, height: height)
    guard let bounds = insideBounds(in: whole) else { return Mask(width: width, height: height) }
    let area = PixelRect(
      x: bounds.x - radius, y: bounds.y - radius, width: bounds.width + 2 * radius, height: bounds.height + 2 * radius
    ).intersection(whole)
    let kept = PixelRect(x: band, y: band, width: width - 2 * band, height: height - 2 * band).intersection(area)
    var out = [UInt8](repeating: 0, count: width * height)
    if kept.isEmpty { return Mask(width: width, height: height, values: out) }

    var inside = [UInt8](repeating: 0, count: area.area)
    for y in 0..<area.height {
      let row = (area.y + y) * width + area.x
      for x in 0..<area.width where values[row + x] >= Mask.insideThreshold { inside[y * area.width + x] = 255 }
    }
    let squared = DistanceTransform.squaredDistances(
      pixels: inside, source: 255, width: area.width, height: area.height, cap: radius)
    let limit = Int16(radius * radius)
    for y in kept.y..<kept.maxY {
      let local = (y - area.y) * area.width - area.x
      for x in kept.x..<kept.maxX where squared[local + x] <= limit { out[y * width + x] = 255 }
    }
    return Mask(width: width, height: height, values: out)
  }
}
