import DeglareCore
import Synchronization

/// What a lossless-where-untouched JPEG write did (see ``JPEGOriginal/splice(_:)``).
public struct JPEGSpliceReport: Sendable, Equatable {
  /// The re-encoded blocks of each component (Y, Cb, Cr; or the one gray component).
  public var reencodedBlocks: [Int]
  /// All picture blocks of each component.
  public var totalBlocks: [Int]
  /// Pixels beyond a re-encoded block that libjpeg-turbo's decoding can still change: 1 when
  /// some component is subsampled 2x (its "fancy" upsampling blends each chroma sample into the
  /// neighbouring pixels), else 0.
  public var upsamplingReach: Int

  /// All re-encoded blocks.
  public var reencoded: Int { reencodedBlocks.reduce(0, +) }
  /// All picture blocks.
  public var total: Int { totalBlocks.reduce(0, +) }
}

/// A JPEG original read as blocks (libjpeg's `jpeg_read_coefficients`), ready to have a result
/// written over it losslessly: read it while the repaint runs, then ``splice(_:)`` once.
///
/// Safe to pass between tasks; the blocks are libjpeg's and the one splice changes them in place,
/// so a second splice is refused.
public final class JPEGOriginal: @unchecked Sendable {
  private let decoded: DecodedImage
  private let transcoder: JPEGTranscoder
  private let orientation: Orientation
  private let spent = Mutex(false)

  /// Reads the blocks of `decoded`'s file (``DecodedImage/jpegFile``). Its size was accepted
  /// when it was decoded, so the file may hold as many pixels as `decoded` and no more.
  /// - Throws: ``CodecError`` when `decoded` is not an 8-bit decoding of a JPEG file, or the
  ///   file cannot be read.
  public init(_ decoded: DecodedImage) throws(CodecError) {
    guard decoded.format == .jpeg, decoded.image.bitDepth == .eight, let file = decoded.jpegFile else {
      throw CodecError(.encodeFailed, "the picture was not decoded from a JPEG file")
    }
    let transcoder = try JPEGTranscoder(file, options: DecodeOptions(maxPixels: decoded.image.pixelCount))
    let layout = transcoder.layout
    let orientation = Orientation(
      value: decoded.appliedOrientation, storedWidth: layout.width, storedHeight: layout.height)
    guard orientation.width == decoded.image.width, orientation.height == decoded.image.height,
      layout.components.count == decoded.image.layout.colorChannelCount
    else { throw CodecError(.encodeFailed, "the decoded picture is not this JPEG's") }
    self.decoded = decoded
    self.transcoder = transcoder
    self.orientation = orientation
  }

  /// The file with `overlay`'s changes, losslessly wherever they do not reach: every 8x8 block
  /// (of every component, at its own sampling) whose footprint holds no changed pixel keeps its
  /// quantised coefficients byte for byte; the others are encoded afresh from the changed picture
  /// with the original's colour space, sampling factors and quantisation tables (libjpeg's
  /// integer DCT). The original's markers (EXIF with its orientation, ICC, XMP, comments) are
  /// copied verbatim, and the picture stays in its stored orientation: `overlay`, in upright
  /// coordinates, is mapped back through the EXIF orientation. Decoded with libjpeg-turbo's
  /// defaults, every pixel more than ``JPEGSpliceReport/upsamplingReach`` pixels outside the
  /// re-encoded blocks is identical to the original's decoding. Baseline files are written with
  /// standard Huffman tables and keep their restart interval; progressive ones stay progressive.
  /// - Throws: ``CodecError`` when the overlay does not fit, the file cannot be rewritten, or it
  ///   was spliced already.
  public func splice(_ overlay: RegionOverlay) throws(CodecError) -> (bytes: [UInt8], report: JPEGSpliceReport) {
    try splice(overlay, stop: taskCancelled)
  }

  /// ``splice(_:)``, asking `stop` for every row encoded and every row of blocks written (tests
  /// stop a splice part way through).
  func splice(_ overlay: RegionOverlay, stop: @convention(c) () -> Bool) throws(CodecError)
    -> (bytes: [UInt8], report: JPEGSpliceReport)
  {
    guard overlay.fits(decoded.image) else { throw CodecError(.encodeFailed, "the changes do not fit this JPEG") }
    let first = spent.withLock { spent in
      defer { spent = true }
      return !spent
    }
    guard first else { throw CodecError(.encodeFailed, "this JPEG's blocks were written over already") }
    let layout = transcoder.layout
    let plan = JPEGSplicePlan(layout: layout, orientation: orientation, image: decoded.image, overlay: overlay)
    let pixels =
      plan.region.map {
        JPEGSplicePlan.regionPixels($0, orientation: orientation, image: decoded.image, overlay: overlay)
      } ?? []
    let bytes = try transcoder.splice(plan: plan, pixels: pixels, channels: decoded.image.channelCount, stop: stop)
    let grow = layout.components.indices.contains {
      layout.pixelsPerSample($0).x == 2 || layout.pixelsPerSample($0).y == 2
    }
    let report = JPEGSpliceReport(
      reencodedBlocks: plan.counts, totalBlocks: layout.components.map { $0.widthInBlocks * $0.heightInBlocks },
      upsamplingReach: grow ? 1 : 0)
    return (bytes, report)
  }
}

extension JPEGCodec {
  /// `decoded`'s JPEG file with `overlay`'s changes, losslessly wherever they do not reach:
  /// ``JPEGOriginal/splice(_:)`` of a ``JPEGOriginal`` read now.
  /// - Throws: ``CodecError`` when `decoded` is not a JPEG decoding or the file cannot be rewritten.
  public static func splice(_ decoded: DecodedImage, overlay: RegionOverlay) throws(CodecError)
    -> (bytes: [UInt8], report: JPEGSpliceReport)
  {
    try JPEGOriginal(decoded).splice(overlay)
  }
}
