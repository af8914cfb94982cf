import FuzzSupport

/// Any bytes through deglare's image reader (the JPEG seeds steer it), then the round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzInput.decodeAndRoundTrip(FuzzInput.bytes(data, size))
  return 0
}
