import DeglareCore

/// A JPEG's quantised DCT coefficients, read without decoding a pixel (libjpeg's
/// `jpeg_read_coefficients`; backend `JPEGTranscoder_libjpeg.swift`).
///
/// What `deglare verify` compares when both files are JPEG, and what the tests read back: two
/// files whose blocks hold the same coefficients under the same tables decode to the same pixels
/// in any decoder, up to its chroma upsampling near blocks that differ.
public struct JPEGCoefficients: Sendable, Equatable {
  /// The block grid, in the file's stored orientation.
  public var layout: JPEGBlockLayout
  /// Each component's blocks: row-major over `widthInBlocks x heightInBlocks`, 64 coefficients
  /// per block in natural (row-major, not zigzag) order.
  public var blocks: [[Int16]]
  /// Each component's quantisation table, 64 values in natural order.
  public var quantization: [[UInt16]]
  /// Whether the file is progressive.
  public var isProgressive: Bool
  /// The restart interval in MCUs (0: none).
  public var restartInterval: Int

  /// Reads the coefficients of a JPEG file held in memory (the pixel count checked against
  /// `options` before the blocks are allocated).
  /// - Throws: ``CodecError`` when the bytes are not an intact JPEG within the limits.
  public static func read(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError)
    -> JPEGCoefficients
  {
    try JPEGTranscoder(bytes, options: options).coefficients()
  }

  /// The 64 coefficients of block (x, y) of component `component`.
  public func block(_ component: Int, x: Int, y: Int) -> ArraySlice<Int16> {
    let start = (y * layout.components[component].widthInBlocks + x) * 64
    return blocks[component][start..<start + 64]
  }

  /// Per component, which blocks differ from `other`'s (one flag per block, row-major), or nil
  /// when the two files do not share a block grid and tables (then they cannot be compared
  /// block by block: one was not spliced from the other).
  public func differingBlocks(from other: JPEGCoefficients) -> [[Bool]]? {
    guard layout == other.layout, quantization == other.quantization else { return nil }
    return blocks.indices.map { component in
      let count = layout.components[component].widthInBlocks * layout.components[component].heightInBlocks
      return blocks[component].withUnsafeBufferPointer { mine in
        other.blocks[component].withUnsafeBufferPointer { theirs in
          (0..<count).map { block in
            !UnsafeBufferPointer(rebasing: mine[block * 64..<block * 64 + 64])
              .elementsEqual(UnsafeBufferPointer(rebasing: theirs[block * 64..<block * 64 + 64]))
          }
        }
      }
    }
  }
}

extension JPEGBlockLayout {
  /// The upright pixels whose decoded value can depend on the flagged blocks (see
  /// ``reach(ofBlock:_:component:)``), as one flag per pixel of the upright picture, row-major:
  /// the region a splice may change. `orientation` is the file's EXIF orientation (1-8).
  public func reachMask(of flagged: [[Bool]], orientation value: Int) -> [Bool] {
    let orientation = Orientation(value: value, storedWidth: width, storedHeight: height)
    var mask = [Bool](repeating: false, count: width * height)
    for (index, component) in components.enumerated() {
      for by in 0..<component.heightInBlocks {
        for bx in 0..<component.widthInBlocks where flagged[index][by * component.widthInBlocks + bx] {
          let reach = reach(ofBlock: bx, by, component: index)
          for y in reach.y..<reach.y + reach.height {
            for x in reach.x..<reach.x + reach.width {
              let upright = orientation.destination(x: x, y: y)
              mask[upright.y * orientation.width + upright.x] = true
            }
          }
        }
      }
    }
    return mask
  }
}
