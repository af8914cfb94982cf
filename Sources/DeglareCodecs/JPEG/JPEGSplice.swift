import DeglareCore

/// What a lossless-where-untouched JPEG write did (see ``JPEGCodec/splice(_:decoded:overlay:)``).
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

extension JPEGCodec {
  /// Writes the JPEG file `original` with `overlay`'s changes, losslessly wherever they do not
  /// reach: every 8x8 block (of every component, at its own sampling) whose footprint holds no
  /// changed pixel keeps its quantised coefficients byte for byte; the others are encoded afresh
  /// from the changed picture with the original's colour space, sampling factors and quantisation
  /// tables. The original's markers (EXIF with its orientation, ICC, XMP, comments) are copied
  /// verbatim, and the picture stays in its stored orientation: `overlay`, in upright
  /// coordinates, is mapped back through the EXIF orientation. Decoded with libjpeg-turbo's
  /// defaults, every pixel more than ``JPEGSpliceReport/upsamplingReach`` pixels outside the
  /// re-encoded blocks is identical to the original's decoding.
  /// - Parameters:
  ///   - original: the JPEG file's bytes.
  ///   - decoded: `original` decoded (``JPEGCodec/decode(_:options:)``): upright, 8-bit.
  ///   - overlay: the changed pixels, upright.
  /// - Throws: ``CodecError`` when `original` is not that file or cannot be rewritten.
  public static func splice(_ original: [UInt8], decoded: DecodedImage, overlay: RegionOverlay) throws(CodecError)
    -> (bytes: [UInt8], report: JPEGSpliceReport)
  {
    guard decoded.format == .jpeg, decoded.image.bitDepth == .eight, overlay.fits(decoded.image) else {
      throw CodecError(.encodeFailed, "the changes do not belong to this JPEG")
    }
    return try JPEGTranscoder.withFile(original) { transcoder throws(CodecError) in
      let layout = transcoder.layout
      let orientation = Orientation(
        value: decoded.appliedOrientation, storedWidth: layout.width, storedHeight: layout.height)
      guard orientation.width == decoded.image.width, orientation.height == decoded.image.height,
        layout.components.count == decoded.image.layout.colorChannelCount
      else { throw CodecError(.encodeFailed, "the decoded picture is not this JPEG's") }
      let plan = JPEGSplicePlan(layout: layout, orientation: orientation, image: decoded.image, overlay: overlay)
      let pixels =
        plan.region.map {
          JPEGSplicePlan.regionPixels($0, orientation: orientation, image: decoded.image, overlay: overlay)
        } ?? []
      let bytes = try transcoder.splice(plan: plan, pixels: pixels, channels: decoded.image.channelCount)
      let grow = layout.components.indices.contains {
        layout.pixelsPerSample($0).x == 2 || layout.pixelsPerSample($0).y == 2
      }
      let report = JPEGSpliceReport(
        reencodedBlocks: plan.counts, totalBlocks: layout.components.map { $0.widthInBlocks * $0.heightInBlocks },
        upsamplingReach: grow ? 1 : 0)
      return (bytes, report)
    }
  }
}
