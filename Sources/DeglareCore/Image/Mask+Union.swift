extension Mask {
  /// The pixels inside either mask (gray >= 128) as 255, every other pixel 0.
  /// - Precondition: both masks have the same size.
  public func union(_ other: Mask) -> Mask {
    precondition(size == other.size, "masks of different sizes")
    var combined = [UInt8](repeating: 0, count: width * height)
    for index in combined.indices
    where values[index] >= Mask.insideThreshold || other.values[index] >= Mask.insideThreshold {
      combined[index] = 255
    }
    return Mask(width: width, height: height, values: combined)
  }
}
