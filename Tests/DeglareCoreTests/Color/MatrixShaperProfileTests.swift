import DeglareCore
import Testing

@Suite struct MatrixShaperProfileTests {
  /// The s15Fixed16 XYZ triple of the tag `signature`.
  static func xyz(_ profile: [UInt8], _ signature: String) -> [Double]? {
    func u32(_ offset: Int) -> Int { profile[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    let count = u32(128)
    for index in 0..<count where profile[132 + 12 * index..<136 + 12 * index].elementsEqual(signature.utf8) {
      let offset = u32(136 + 12 * index)
      return (0..<3).map { Double(Int32(truncatingIfNeeded: u32(offset + 8 + 4 * $0))) / 65536 }
    }
    return nil
  }

  @Test(
    "the colorants are the published D50-adapted ones",
    arguments: [
      (CodedColorSpace.sRGB, [[0.4361, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141]]),
      (CodedColorSpace.displayP3, [[0.5151, 0.2412, -0.0011], [0.2920, 0.6922, 0.0419], [0.1571, 0.0666, 0.7841]]),
    ])
  func colorants(space: CodedColorSpace, expected: [[Double]]) throws {
    let profile = try #require(MatrixShaperProfile.icc(for: space, description: space.name))
    for (signature, values) in zip(["rXYZ", "gXYZ", "bXYZ"], expected) {
      let actual = try #require(Self.xyz(profile, signature))
      #expect(zip(actual, values).allSatisfy { abs($0 - $1) < 0.0006 }, "\(space.name) \(signature): \(actual)")
    }
    #expect(try #require(Self.xyz(profile, "wtpt")) == [0.9642, 1.0, 0.8249].map { ($0 * 65536).rounded() / 65536 })
  }

  @Test func headerAndSize() throws {
    let profile = try #require(MatrixShaperProfile.icc(for: .displayP3, description: "Display P3 (from HEIF nclx)"))
    let size = profile[0..<4].reduce(0) { $0 << 8 | Int($1) }
    #expect(size == profile.count && size % 4 == 0)
    #expect(String(decoding: profile[36..<40], as: UTF8.self) == "acsp")
    #expect(String(decoding: profile[12..<24], as: UTF8.self) == "mntrRGB XYZ ")
    #expect(profile[8] == 4)
  }

  @Test func spacesWithoutAnExactFormHaveNoProfile() {
    #expect(MatrixShaperProfile.icc(for: CodedColorSpace(primaries: 2, transfer: 13), description: "x") == nil)
    #expect(MatrixShaperProfile.icc(for: CodedColorSpace(primaries: 9, transfer: 16), description: "x") == nil)
    #expect(CodedColorSpace(primaries: 9, transfer: 18).isHighDynamicRange)
  }
}
