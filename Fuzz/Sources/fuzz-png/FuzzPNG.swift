import FuzzSupport

/// Any bytes through deglare's image reader (the PNG seeds steer it), then the round trip.
@main
enum FuzzPNG: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    FuzzInput.decodeAndRoundTrip(bytes)
  }
}
