#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A finished output file that has no name yet: written and fsync'ed, waiting for ``publish()``.
///
/// Lets a caller decide at the last moment whether the result may still be written (the removal
/// session checks that no teardown happened meanwhile). Dropping it without publishing leaves
/// nothing behind. A stream output (standard output, the null device) is held in an unnamed
/// scratch file and copied out by ``publish()``, so an interrupted command writes nothing there
/// either. Used by one task at a time.
public final class PreparedOutput: @unchecked Sendable {
  /// The path it will get, as the user wrote it.
  public let path: String
  /// Whether ``publish()`` created a new file (false when it replaced one or wrote a stream).
  public private(set) var created = false
  let target: OutputTarget
  private let overwrite: Bool
  private var fd: Int32
  private var tempPath: String?
  private var finished = false
  /// For a JPEG written over a JPEG original: what the lossless splice re-encoded.
  public internal(set) var jpegSplice: JPEGSpliceReport?

  init(path: String, target: OutputTarget, overwrite: Bool, fd: Int32, tempPath: String?) {
    self.path = path
    self.target = target
    self.overwrite = overwrite
    self.fd = fd
    self.tempPath = tempPath
  }

  /// Gives the file its name, atomically; an existing file is refused unless overwriting. A
  /// stream output gets its bytes now.
  /// - Throws: `CancellationError` (and drops the file) when the current task was cancelled:
  ///   an interrupted command writes nothing. ``WriteError`` when naming or copying fails.
  public func publish() throws {
    precondition(!finished, "an output is published or discarded once")
    defer { discard() }
    try Task.checkCancellation()
    switch target {
    case .file(let file, _):
      created = try OutputFile.name(fd: fd, tempPath: tempPath, as: file, path: path, overwrite: overwrite)
      if let tempPath { TemporaryFiles.shared.remove(tempPath) }
      tempPath = nil
      OutputFile.syncDirectory(OutputFile.parentDirectory(of: file))
    case .descriptor(let out):
      try copy(to: out)
    case .nullDevice(let device):
      let out = open(device, O_WRONLY | O_NOCTTY | O_CLOEXEC)
      guard out >= 0 else { throw WriteError.cannotWrite(path: path, reason: errorText(errno)) }
      defer { close(out) }
      try copy(to: out)
    }
  }

  /// Drops the file (nothing is left behind); harmless after ``publish()``.
  public func discard() {
    guard !finished else { return }
    finished = true
    close(fd)
    if let tempPath {
      unlink(tempPath)
      TemporaryFiles.shared.remove(tempPath)
    }
  }

  /// Removes the file ``publish()`` created (used when a group of outputs fails part-way).
  func unpublish() {
    guard created, case .file(let file, _) = target else { return }
    unlink(file)
    created = false
  }

  /// Copies the scratch file's bytes to `out`, from the start.
  private func copy(to out: Int32) throws {
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var offset: off_t = 0
    while true {
      let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { throw WriteError.cannotWrite(path: path, reason: errorText(errno)) }
      if n == 0 { return }
      let failure = chunk.withUnsafeBytes { writeFully(out, UnsafeRawBufferPointer(rebasing: $0[..<n])) }
      if failure != 0 { throw WriteError.cannotWrite(path: path, reason: errorText(failure)) }
      offset += off_t(n)
    }
  }

  deinit { discard() }
}
