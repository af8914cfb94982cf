import FuzzSupport

/// Any bytes through deglare's image reader (the JPEG seeds steer it), then the round trip.
@main
enum FuzzJPEG: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    FuzzInput.decodeAndRoundTrip(bytes)
  }
}
