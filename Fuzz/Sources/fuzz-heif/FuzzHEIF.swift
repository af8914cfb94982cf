import FuzzSupport

/// Any bytes through deglare's image reader (the HEIC and AVIF seeds steer it into the HEIF box
/// parser and libheif), then the round trip.
@main
enum FuzzHEIF {
  static func main() { FuzzDriver.run { data, size in FuzzHEIF.test(FuzzInput.bytes(data, size)) } }

  static func test(_ bytes: [UInt8]) -> CInt {
    FuzzInput.decodeAndRoundTrip(bytes)
    return 0
  }
}
