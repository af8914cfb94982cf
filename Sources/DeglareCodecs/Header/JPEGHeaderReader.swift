import DeglareCore

/// Walks a JPEG's markers up to the first scan without decoding anything: the frame header
/// (size, components and their sampling), the EXIF orientation the decoder will apply, and where
/// the entropy-coded data starts. Returns nil for anything it does not follow (libjpeg then names
/// the problem).
enum JPEGHeaderReader {
  private static let exifPrefix: [UInt8] = Array("Exif".utf8) + [0, 0]

  static func read(_ bytes: [UInt8]) -> ImageHeader? {
    let reader = ByteReader(bytes: bytes)
    var offset = 2
    var frame: Frame?
    var orientation = 1
    var sawExif = false
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      offset += 1
      while offset < bytes.count && bytes[offset] == 0xFF { offset += 1 }  // fill bytes
      guard let marker = reader.u8(offset) else { return nil }
      offset += 1
      if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no length
      guard let length = reader.u16(offset), length >= 2, offset + length <= bytes.count else { return nil }
      let segment = (offset + 2)..<(offset + length)
      switch marker {
      case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(marker):
        frame = Frame(marker: marker, segment: segment, reader: reader)
      case 0xE1 where !sawExif && bytes[segment].starts(with: exifPrefix):
        sawExif = true
        orientation = EXIF(Array(bytes[segment].dropFirst(exifPrefix.count)))?.orientation ?? 1
      case 0xDA:
        guard let frame, frame.width > 0, frame.height > 0 else { return nil }
        return frame.header(orientation: orientation, dataBytes: bytes.count - offset)
      case 0xD8, 0xD9:
        return nil
      default:
        break
      }
      offset += length
    }
    return nil
  }

  /// A frame header (SOFn): the picture's size and its components' sampling factors.
  private struct Frame {
    let marker: Int
    let width: Int
    let height: Int
    let sampling: [(horizontal: Int, vertical: Int)]

    init?(marker: Int, segment: Range<Int>, reader: ByteReader) {
      let start = segment.lowerBound
      guard let height = reader.u16(start + 1), let width = reader.u16(start + 3),
        let count = reader.u8(start + 5), count > 0, start + 6 + 3 * count <= segment.upperBound
      else { return nil }
      var sampling: [(Int, Int)] = []
      for index in 0..<count {
        guard let factors = reader.u8(start + 6 + 3 * index + 1) else { return nil }
        let horizontal = factors >> 4
        let vertical = factors & 15
        guard (1...4).contains(horizontal), (1...4).contains(vertical) else { return nil }
        sampling.append((horizontal, vertical))
      }
      self.marker = marker
      self.width = width
      self.height = height
      self.sampling = sampling
    }

    func header(orientation: Int, dataBytes: Int) -> ImageHeader {
      let channels = sampling.count == 1 ? 1 : 3
      return ImageHeader(
        format: .jpeg, storedSize: PixelSize(width: width, height: height), orientation: orientation,
        pixelBytes: width * height * channels, minimumDataBytes: minimumDataBytes, dataBytes: dataBytes)
    }

    /// Huffman-coded DCT (SOF0, SOF1, SOF2) spends at least one bit per 8x8 block on its DC
    /// coefficient (a Huffman code is never shorter); arithmetic coding and lossless JPEG have
    /// no such bound.
    private var minimumDataBytes: Int? {
      guard (0xC0...0xC2).contains(marker) else { return nil }
      let maxHorizontal = sampling.map(\.horizontal).max() ?? 1
      let maxVertical = sampling.map(\.vertical).max() ?? 1
      var blocks = 0
      for factors in sampling {
        let componentWidth = (width * factors.horizontal + maxHorizontal - 1) / maxHorizontal
        let componentHeight = (height * factors.vertical + maxVertical - 1) / maxVertical
        blocks += ((componentWidth + 7) / 8) * ((componentHeight + 7) / 8)
      }
      return blocks / 8
    }
  }
}
