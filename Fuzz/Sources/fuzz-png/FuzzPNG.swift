import FuzzSupport

/// Any bytes through deglare's image reader (the PNG seeds steer it), then the round trip.
@main
enum FuzzPNG {
  static func main() { FuzzDriver.run { data, size in FuzzPNG.test(FuzzInput.bytes(data, size)) } }

  static func test(_ bytes: [UInt8]) -> CInt {
    FuzzInput.decodeAndRoundTrip(bytes)
    return 0
  }
}
