internal import CCodecShims

/// Why an image could not be decoded or encoded.
///
/// `message` is a lower-case clause naming what is wrong ("the file ends too early (truncated)"),
/// ready to follow the file's name; ``ImageFileError`` adds the name.
public struct CodecError: Error, Equatable, CustomStringConvertible {
  /// The class of failure, for callers that branch on it.
  public enum Kind: Sendable, Equatable {
    /// Neither PNG nor JPEG (or not an image at all).
    case unrecognizedFormat
    /// A valid file of a kind deglare does not handle (CMYK JPEG, WebP, 12-bit JPEG).
    case unsupported
    /// Damaged or truncated data.
    case corrupt
    /// More pixels than the configured limit (a possible decompression bomb).
    case tooLarge
    /// The encoder failed (or its output sink refused the bytes).
    case encodeFailed
    /// The current task was cancelled (Ctrl-C) while the codec worked; the work was abandoned.
    case cancelled
  }

  /// The class of failure.
  public let kind: Kind
  /// What is wrong, as a clause (no file name, no trailing period).
  public let message: String

  /// Creates a codec error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }

  /// The work was abandoned because the current task was cancelled.
  static let cancelled = CodecError(.cancelled, "cancelled")
}

/// The stop function handed to long C calls (libpng's row callback; libjpeg's progress monitor in
/// the JPEG encode and splice): has the current task been cancelled? Ctrl-C cancels the command's
/// task; a PNG decode running in it stops within 64 rows, a JPEG encode or splice within a row of
/// blocks. (Swift loops ask `Task.isCancelled` themselves.)
let taskCancelled: CCodecShims_stop_function = { Task.isCancelled }
