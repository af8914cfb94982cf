import FuzzSupport

/// Any bytes through deglare's image reader (the HEIC and AVIF seeds steer it into the HEIF box
/// parser and libheif), then the round trip.
@main
enum FuzzHEIF: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    FuzzInput.decodeAndRoundTrip(bytes)
  }
}
