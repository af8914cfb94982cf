import DeglareCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Why an input file could not be used. Every case names the file.
public enum ImageFileError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read (missing, a folder, no permission); `reason` says which.
  case unreadable(path: String, reason: String)
  /// The bytes are not a supported, intact image.
  case undecodable(path: String, CodecError)

  /// One sentence naming the file and what is wrong.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
    case .undecodable(let path, let error): return "cannot decode \(path): \(error.message)"
    }
  }
}

/// Options for writing an image file.
public struct ImageWriteOptions: Sendable {
  /// The output format (PNG unless the caller chose JPEG, usually from the `-o` extension).
  public var format: ImageFormat
  /// PNG effort.
  public var pngCompression: PNGCompression
  /// JPEG settings.
  public var jpeg: JPEGEncodingOptions
  /// Replace an existing output (`--force`).
  public var overwrite: Bool

  /// Creates options.
  public init(
    format: ImageFormat = .png, pngCompression: PNGCompression = .fast,
    jpeg: JPEGEncodingOptions = JPEGEncodingOptions(),
    overwrite: Bool = false
  ) {
    self.format = format
    self.pngCompression = pngCompression
    self.jpeg = jpeg
    self.overwrite = overwrite
  }
}

/// Reading and writing image files by path.
public enum ImageFile {
  /// Reads a whole file.
  public static func readBytes(_ path: String) throws(ImageFileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      throw .unreadable(path: path, reason: code == ENOENT ? "no such file" : errorText(code))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: errorText(errno)) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(path: path, reason: "it is a folder, not a file") }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(0, Int(info.st_size)))
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        bytes.append(contentsOf: chunk.prefix(n))
      } else if n == 0 {
        break
      } else if errno != EINTR {
        throw .unreadable(path: path, reason: errorText(errno))
      }
    }
    return bytes
  }

  /// Reads and decodes an image file, orientation applied.
  public static func read(_ path: String, options: DecodeOptions = DecodeOptions()) throws(ImageFileError)
    -> DecodedImage
  {
    let bytes = try readBytes(path)
    do {
      return try ImageDecoder.decode(bytes, options: options)
    } catch {
      throw .undecodable(path: path, error)
    }
  }

  /// Encodes and writes an image atomically (see ``OutputFile``).
  /// - Throws: ``WriteError``; nothing is left behind on failure.
  public static func write(
    _ image: ImageBuffer, overlay: RegionOverlay? = nil, metadata: ImageMetadata, to path: String,
    options: ImageWriteOptions, inputs: [String] = []
  ) throws {
    try prepare(image, overlay: overlay, metadata: metadata, to: path, options: options, inputs: inputs).publish()
  }

  /// Encodes a decoded image with `overlay` pasted in into an unnamed file beside `path`, as
  /// ``prepare(_:overlay:metadata:to:options:inputs:)`` does with its metadata, except for a JPEG
  /// result of a JPEG original (``DecodedImage/jpegFile``): that one is written over the
  /// original's own blocks, losslessly wherever the overlay changes nothing (``JPEGOriginal``;
  /// pass `original` when it was read ahead, while the repaint ran), and
  /// ``PreparedOutput/jpegSplice`` says how many blocks were re-encoded. `options.jpeg` does not
  /// apply to it: the original's tables do.
  /// - Throws: ``WriteError``; nothing is left behind on failure.
  public static func prepare(
    _ decoded: DecodedImage, overlay: RegionOverlay?, to path: String, options: ImageWriteOptions,
    inputs: [String] = [], original: JPEGOriginal? = nil
  ) throws -> PreparedOutput {
    guard options.format == .jpeg, decoded.jpegFile != nil else {
      return try prepare(
        decoded.image, overlay: overlay, metadata: decoded.metadata, to: path, options: options, inputs: inputs)
    }
    let spliced: (bytes: [UInt8], report: JPEGSpliceReport)
    do throws(CodecError) {
      let unchanged = RegionOverlay(
        x: 0, y: 0, pixels: decoded.image.cropped(to: PixelRect(x: 0, y: 0, width: 1, height: 1)))
      var blocks = original
      if blocks == nil { blocks = try JPEGOriginal(decoded) }
      guard let blocks else { throw CodecError(.encodeFailed, "the original's blocks could not be read") }
      spliced = try blocks.splice(overlay ?? unchanged)
    } catch {
      throw WriteError.encodeFailed(path: path, reason: error.message)
    }
    let prepared = try OutputFile.prepare(to: path, overwrite: options.overwrite, inputs: inputs) { sink in
      sink.write(spliced.bytes)
    }
    prepared.jpegSplice = spliced.report
    return prepared
  }

  /// Encodes an image into an unnamed file beside `path`; ``PreparedOutput/publish()`` names it.
  /// `overlay`'s pixels replace the image's own in the written file.
  /// - Throws: ``WriteError``; nothing is left behind on failure.
  public static func prepare(
    _ image: ImageBuffer, overlay: RegionOverlay? = nil, metadata: ImageMetadata, to path: String,
    options: ImageWriteOptions, inputs: [String] = []
  ) throws -> PreparedOutput {
    switch options.format {
    case .jpeg:
      let bytes: [UInt8]
      do {
        bytes = try JPEGCodec.encode(overlay?.applied(to: image) ?? image, metadata: metadata, options: options.jpeg)
      } catch {
        throw WriteError.encodeFailed(path: path, reason: error.message)
      }
      return try OutputFile.prepare(to: path, overwrite: options.overwrite, inputs: inputs) { sink in sink.write(bytes)
      }
    case .png, .heif, .webp:
      return try OutputFile.prepare(to: path, overwrite: options.overwrite, inputs: inputs) { sink in
        do throws(CodecError) {
          try PNGCodec.encode(image, overlay: overlay, metadata: metadata, compression: options.pngCompression) {
            sink.write($0)
          }
        } catch {
          throw WriteError.encodeFailed(path: path, reason: error.message)
        }
      }
    }
  }
}
