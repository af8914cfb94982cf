import FuzzSupport

/// Any bytes through deglare's image reader (the JPEG seeds steer it), then the round trip.
@main
enum FuzzJPEG {
  static func main() { FuzzDriver.run { data, size in FuzzJPEG.test(FuzzInput.bytes(data, size)) } }

  static func test(_ bytes: [UInt8]) -> CInt {
    FuzzInput.decodeAndRoundTrip(bytes)
    return 0
  }
}
