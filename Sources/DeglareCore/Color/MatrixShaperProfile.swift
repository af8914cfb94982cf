/// An RGB display ICC profile (version 4.3, matrix/curve: ICC.1:2022 section F.3) written from a
/// ``CodedColorSpace``, so that a HEIF photo whose colour is given only as `nclx` code points
/// (Display P3, BT.2020...) keeps its colour in a PNG or JPEG, where only ICC profiles exist.
///
/// The colorants are the primaries' XYZ for the space's white, adapted to the D50 connection
/// space with the Bradford transform (which the `chad` tag records), as ICC requires; the three
/// curves are the space's transfer as one parametric curve. The profile is deterministic: a fixed
/// creation date and no profile ID.
public enum MatrixShaperProfile {
  /// The ICC profile for `space`, with `description` as its `desc` text; nil when the space has
  /// no exact matrix/curve form (unspecified primaries or transfer, PQ, HLG).
  public static func icc(for space: CodedColorSpace, description: String) -> [UInt8]? {
    guard let primaries = space.chromaticities, let curve = space.transferCurve else { return nil }
    let adaptation = bradford(from: xyz(primaries.white), to: d50)
    let colorants = multiply(adaptation, rgbToXYZ(primaries))
    var tags: [(signature: String, data: [UInt8])] = [
      ("desc", multiLocalized(description)),
      ("cprt", multiLocalized("No copyright, use freely")),
      ("wtpt", xyzType([d50])),
      ("chad", s15Fixed16Array(adaptation.flatMap { $0 })),
    ]
    for (index, signature) in ["rXYZ", "gXYZ", "bXYZ"].enumerated() {
      tags.append((signature, xyzType([colorants.map { $0[index] }])))
    }
    let trc = parametric(curve)
    tags += [("rTRC", trc), ("gTRC", trc), ("bTRC", trc)]
    return assemble(tags)
  }

  /// The D50 white of the profile connection space (ICC.1 7.2.16), as XYZ with Y = 1.
  static let d50 = [0.9642, 1.0, 0.8249]

  // MARK: - Colour arithmetic

  /// XYZ with Y = 1 of a chromaticity.
  static func xyz(_ point: (x: Double, y: Double)) -> [Double] {
    [point.x / point.y, 1, (1 - point.x - point.y) / point.y]
  }

  /// The matrix taking linear RGB (0...1) to XYZ, white to the white point's XYZ (Y = 1).
  static func rgbToXYZ(_ primaries: CodedColorSpace.Chromaticities) -> [[Double]] {
    let columns = [xyz(primaries.red), xyz(primaries.green), xyz(primaries.blue)]
    let matrix = (0..<3).map { row in columns.map { $0[row] } }
    let scale = multiply(invert(matrix), xyz(primaries.white))
    return matrix.map { row in (0..<3).map { row[$0] * scale[$0] } }
  }

  /// The Bradford chromatic adaptation from white `source` to white `target` (both XYZ).
  static func bradford(from source: [Double], to target: [Double]) -> [[Double]] {
    let cone: [[Double]] = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
    let from = multiply(cone, source)
    let to = multiply(cone, target)
    let scaled = (0..<3).map { row in cone[row].map { $0 * to[row] / from[row] } }
    return multiply(invert(cone), scaled)
  }

  static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + a[row][$1] * b[$1][column] } } }
  }

  static func multiply(_ a: [[Double]], _ v: [Double]) -> [Double] {
    (0..<3).map { row in (0..<3).reduce(0) { $0 + a[row][$1] * v[$1] } }
  }

  /// The inverse of a 3x3 matrix by cofactors (the matrices here are well conditioned).
  static func invert(_ m: [[Double]]) -> [[Double]] {
    func cofactor(_ r: Int, _ c: Int) -> Double {
      let rows = (0..<3).filter { $0 != r }
      let columns = (0..<3).filter { $0 != c }
      let minor = m[rows[0]][columns[0]] * m[rows[1]][columns[1]] - m[rows[0]][columns[1]] * m[rows[1]][columns[0]]
      return (r + c) % 2 == 0 ? minor : -minor
    }
    let determinant = (0..<3).reduce(0) { $0 + m[0][$1] * cofactor(0, $1) }
    return (0..<3).map { row in (0..<3).map { column in cofactor(column, row) / determinant } }
  }

  // MARK: - ICC encoding

  private static func uint32(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  private static func signature(_ text: String) -> [UInt8] { Array(text.utf8.prefix(4)) }

  /// ICC s15Fixed16Number: value times 65536, rounded, as a signed 32-bit integer.
  private static func s15Fixed16(_ value: Double) -> [UInt8] {
    let scaled = (value * 65536).rounded()
    return uint32(Int(Int32(max(min(scaled, Double(Int32.max)), Double(Int32.min)))))
  }

  private static func s15Fixed16Array(_ values: [Double]) -> [UInt8] {
    signature("sf32") + [0, 0, 0, 0] + values.flatMap(s15Fixed16)
  }

  private static func xyzType(_ values: [[Double]]) -> [UInt8] {
    signature("XYZ ") + [0, 0, 0, 0] + values.flatMap { $0.flatMap(s15Fixed16) }
  }

  private static func parametric(_ curve: ParametricCurve) -> [UInt8] {
    signature("para") + [0, 0, 0, 0] + [0, 3, 0, 0]
      + [curve.gamma, curve.a, curve.b, curve.c, curve.d].flatMap(s15Fixed16)
  }

  /// A `multiLocalizedUnicodeType` with one en-US record.
  private static func multiLocalized(_ text: String) -> [UInt8] {
    let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    return signature("mluc") + [0, 0, 0, 0] + uint32(1) + uint32(12) + signature("enUS") + uint32(utf16.count)
      + uint32(28) + utf16
  }

  /// Header, tag table and tag data; identical data blocks are stored once.
  private static func assemble(_ tags: [(signature: String, data: [UInt8])]) -> [UInt8] {
    var table: [UInt8] = uint32(tags.count)
    var data: [UInt8] = []
    var stored: [(data: [UInt8], offset: Int)] = []
    let dataStart = 128 + 4 + 12 * tags.count
    for tag in tags {
      let offset: Int
      if let previous = stored.first(where: { $0.data == tag.data }) {
        offset = previous.offset
      } else {
        offset = dataStart + data.count
        stored.append((tag.data, offset))
        data += tag.data
        data += [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
      }
      table += signature(tag.signature) + uint32(offset) + uint32(tag.data.count)
    }
    let size = dataStart + data.count
    var header = uint32(size) + [0, 0, 0, 0] + [4, 0x30, 0, 0] + signature("mntr") + signature("RGB ")
    header += signature("XYZ ")
    header += [2025, 1, 1, 0, 0, 0].flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    header += signature("acsp") + [UInt8](repeating: 0, count: 4 + 4 + 4 + 4 + 8 + 4)
    header += d50.flatMap(s15Fixed16)
    header += [UInt8](repeating: 0, count: 4 + 16 + 28)
    return header + table + data
  }
}
