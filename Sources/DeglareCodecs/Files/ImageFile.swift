import DeglareCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Why an input file could not be used. Every case names the file.
public enum ImageFileError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read (missing, no permission); `reason` says which.
  case unreadable(path: String, reason: String)
  /// The path names a folder, device, FIFO or socket; deglare reads only regular files.
  case notAFile(path: String, kind: FileKind)
  /// The bytes are not a supported, intact image.
  case undecodable(path: String, CodecError)

  /// One sentence naming the file and what is wrong.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
    case .notAFile(let path, let kind): return "cannot read \(path): it is \(kind), not a regular file"
    case .undecodable(let path, let error): return "cannot decode \(path): \(error.message)"
    }
  }
}

/// An image file read into memory, its header checked, not yet decoded.
public struct EncodedImage: Sendable {
  /// The path it was read from.
  public let path: String
  /// The file's bytes.
  public let bytes: [UInt8]
  /// What its header says; nil for a format whose header is only read by its decoder.
  public let header: ImageHeader?

  /// The size of the decoded picture (orientation applied), when known before decoding.
  public var size: PixelSize? { header?.size }

  /// Decodes the pixels, orientation applied.
  public func decode(options: DecodeOptions = DecodeOptions()) throws(ImageFileError) -> DecodedImage {
    do {
      return try ImageDecoder.decode(bytes, options: options)
    } catch {
      throw .undecodable(path: path, error)
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
  /// Reads a whole regular file of at most `limit` bytes.
  ///
  /// Anything else is refused before a byte is read: a folder, device, FIFO or socket (the file
  /// is checked before it is opened, opened non-blocking so a FIFO without a writer cannot hang
  /// the command, and checked again once open), and a file larger than `limit`.
  public static func readBytes(_ path: String, limit: Int = Int.max) throws(ImageFileError) -> [UInt8] {
    var info = stat()
    guard stat(path, &info) == 0 else { throw unreadable(path, errno) }
    if FileKind(mode: info.st_mode) != .regular { throw .notAFile(path: path, kind: FileKind(mode: info.st_mode)) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { throw unreadable(path, errno) }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else { throw unreadable(path, errno) }
    if FileKind(mode: info.st_mode) != .regular { throw .notAFile(path: path, kind: FileKind(mode: info.st_mode)) }
    let size = Int(info.st_size)
    if size > limit { throw tooLarge(path, size: size, limit: limit) }
    // Read what fstat announced and one byte more, to notice a file that grew meanwhile.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while count < bytes.count {
      let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + count }, $0.count - count) }
      if n > 0 {
        count += n
      } else if n == 0 {
        break
      } else if errno != EINTR {
        throw unreadable(path, errno)
      }
    }
    if count > size {
      // It grew while being read: read on, within the limit.
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n == 0 { break }
        if n < 0 {
          if errno == EINTR { continue }
          throw unreadable(path, errno)
        }
        if bytes.count + n > limit { throw tooLarge(path, size: bytes.count + n, limit: limit) }
        bytes.append(contentsOf: chunk.prefix(n))
      }
      return bytes
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  private static func unreadable(_ path: String, _ code: Int32) -> ImageFileError {
    .unreadable(path: path, reason: code == ENOENT ? "no such file" : errorText(code))
  }

  private static func tooLarge(_ path: String, size: Int, limit: Int) -> ImageFileError {
    .undecodable(
      path: path,
      CodecError(
        .tooLarge,
        "the file holds \(size) bytes, more than an image within the pixel limit can (\(limit) bytes); "
          + "raise it with --max-pixels if the file is trusted"))
  }

  /// Reads and decodes an image file, orientation applied.
  public static func read(_ path: String, options: DecodeOptions = DecodeOptions()) throws(ImageFileError)
    -> DecodedImage
  {
    try load(path, options: options).decode(options: options)
  }

  /// Reads an image file and checks its header (pixel limit, memory, data length) without
  /// decoding it, so a caller can look at the size first (a mask is refused before its pixels
  /// are decoded when its size is wrong).
  public static func load(_ path: String, options: DecodeOptions = DecodeOptions()) throws(ImageFileError)
    -> EncodedImage
  {
    let bytes = try readBytes(path, limit: options.maxFileBytes)
    do {
      let header = try ImageHeader.read(bytes)
      try header?.check(options)
      return EncodedImage(path: path, bytes: bytes, header: header)
    } catch {
      throw .undecodable(path: path, error)
    }
  }

  /// Encodes and writes an image atomically (see ``OutputFile``).
  /// - Throws: ``WriteError``, or `CancellationError` when the task was cancelled during the
  ///   encode; nothing is left behind either way.
  public static func write(
    _ image: ImageBuffer, overlay: RegionOverlay? = nil, metadata: ImageMetadata, to path: String,
    options: ImageWriteOptions, inputs: [String] = []
  ) throws {
    try prepare(image, overlay: overlay, metadata: metadata, to: path, options: options, inputs: inputs).publish()
  }

  /// Fails early, before any expensive work, when `path` cannot be this image output: its name
  /// asks for another format than `options.format` (``WriteError/formatMismatch(path:named:written:)``),
  /// or ``OutputFile/preflight(_:overwrite:inputs:)`` refuses it.
  public static func preflight(_ path: String, options: ImageWriteOptions, inputs: [String] = []) throws {
    try checkName(path, format: options.format)
    try OutputFile.preflight(path, overwrite: options.overwrite, inputs: inputs)
  }

  /// Refuses a name whose extension asks for another image format than `format`, the one
  /// written: PNG bytes are never given a `.webp` or `.jpg` name. Standard output and names
  /// without an image extension take any format.
  public static func checkName(_ path: String, format: ImageFormat) throws(WriteError) {
    guard let named = ImageFormat.namedFormat(path), named != format.name else { return }
    throw .formatMismatch(path: path, named: named, written: format)
  }

  /// Encodes a decoded image with `overlay` pasted in into an unnamed file beside `path`, as
  /// ``prepare(_:overlay:metadata:to:options:inputs:)`` does with its metadata, except for a JPEG
  /// result of a JPEG original (``DecodedImage/jpegFile``): that one is written over the
  /// original's own blocks, losslessly wherever the overlay changes nothing (``JPEGOriginal``;
  /// pass `original` when it was read ahead, while the repaint ran), and
  /// ``PreparedOutput/jpegSplice`` says how many blocks were re-encoded. `options.jpeg` does not
  /// apply to it: the original's tables do.
  /// - Throws: ``WriteError``, or `CancellationError` when the task was cancelled during the
  ///   encode; nothing is left behind either way.
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
      throw encodeFailure(error, path: path)
    }
    let prepared = try OutputFile.prepare(to: path, overwrite: options.overwrite, inputs: inputs) { sink in
      sink.write(spliced.bytes)
    }
    prepared.jpegSplice = spliced.report
    return prepared
  }

  /// Encodes an image into an unnamed file beside `path`; ``PreparedOutput/publish()`` names it.
  /// `overlay`'s pixels replace the image's own in the written file.
  /// - Throws: ``WriteError``, or `CancellationError` when the task was cancelled during the
  ///   encode; nothing is left behind either way.
  public static func prepare(
    _ image: ImageBuffer, overlay: RegionOverlay? = nil, metadata: ImageMetadata, to path: String,
    options: ImageWriteOptions, inputs: [String] = []
  ) throws -> PreparedOutput {
    try checkName(path, format: options.format)
    switch options.format {
    case .jpeg:
      let bytes: [UInt8]
      do {
        bytes = try JPEGCodec.encode(overlay?.applied(to: image) ?? image, metadata: metadata, options: options.jpeg)
      } catch {
        throw encodeFailure(error, path: path)
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
          throw encodeFailure(error, path: path)
        }
      }
    }
  }

  /// `image` encoded as PNG bytes for the file that will be written at `path` (a mask saved
  /// with a result, a straightened photo the workbench saves).
  /// - Throws: ``WriteError/encodeFailed(path:reason:)`` naming `path`, or `CancellationError`
  ///   when the task was cancelled during the encode.
  public static func pngBytes(
    _ image: ImageBuffer, metadata: ImageMetadata = ImageMetadata(), compression: PNGCompression = .fast,
    for path: String
  ) throws -> [UInt8] {
    do throws(CodecError) {
      return try PNGCodec.encode(image, metadata: metadata, compression: compression)
    } catch {
      throw encodeFailure(error, path: path)
    }
  }

  /// What an encode that failed throws: `CancellationError` when Ctrl-C stopped it (exit 130),
  /// else ``WriteError/encodeFailed(path:reason:)``.
  private static func encodeFailure(_ error: CodecError, path: String) -> any Error {
    error.kind == .cancelled ? CancellationError() : WriteError.encodeFailed(path: path, reason: error.message)
  }
}
