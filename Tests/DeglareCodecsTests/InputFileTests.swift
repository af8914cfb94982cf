import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Inputs that are not regular files are refused before a byte is read, and nothing is read
/// without a limit.
@Suite struct InputFileTests {
  @Test(
    "a FIFO without a writer is refused at once (it does not block in open), a socket by its kind",
    arguments: [FileKind.fifo, .socket])
  func fifoAndSocketRefused(kind: FileKind) async throws {
    try await withTemporaryDirectory { dir in
      let path = dir + "/p.png"  // short: a socket's path has room for 107 bytes
      try kind == .fifo ? SpecialFiles.makeFIFO(path) : SpecialFiles.makeSocket(path)
      #expect(throws: ImageFileError.notAFile(path: path, kind: kind)) { try ImageFile.read(path) }
    }
  }

  @Test("the refusal names the kind")
  func refusalMessage() {
    #expect(
      ImageFileError.notAFile(path: "/tmp/photo.png", kind: .fifo).description
        == "cannot read /tmp/photo.png: it is a FIFO (named pipe), not a regular file")
  }

  @Test(
    "a device is refused by kind, never read (a zero device would never end)",
    .enabled(if: SpecialFiles.canMakeDevices, "needs root or CAP_MKNOD to make a device node"))
  func deviceRefused() async throws {
    try await withTemporaryDirectory { dir in
      let zero = try SpecialFiles.make(.zero, in: dir)
      #expect(throws: ImageFileError.notAFile(path: zero, kind: .characterDevice)) { try ImageFile.read(zero) }
      let link = dir + "/photo.png"
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: zero)
      #expect(throws: ImageFileError.notAFile(path: link, kind: .characterDevice)) { try ImageFile.readBytes(link) }
    }
  }

  @Test("a folder is named; a missing file is unreadable")
  func folderAndMissing() async throws {
    try await withTemporaryDirectory { dir in
      #expect(throws: ImageFileError.notAFile(path: dir, kind: .folder)) { try ImageFile.read(dir) }
      #expect(throws: ImageFileError.unreadable(path: dir + "/none.png", reason: "no such file")) {
        try ImageFile.read(dir + "/none.png")
      }
    }
  }

  @Test("a file larger than the pixel limit allows is refused before it is read")
  func fileSizeLimit() async throws {
    try await withTemporaryDirectory { dir in
      let path = dir + "/big.png"
      let options = DecodeOptions(maxPixels: 4)
      let limit = options.maxFileBytes
      #expect(limit == 4 * 8 + DecodeOptions.metadataAllowance)
      // A sparse file: its size without its bytes.
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.truncate(atOffset: UInt64(limit + 1))
      try handle.close()
      let error = #expect(throws: ImageFileError.self) { try ImageFile.read(path, options: options) }
      guard case .undecodable(_, let codecError) = error else {
        Issue.record("expected a size refusal, got \(String(describing: error))")
        return
      }
      #expect(codecError.kind == .tooLarge)
      #expect(codecError.message.hasPrefix("the file holds \(limit + 1) bytes"))
      #expect(DecodeOptions(maxPixels: Int.max).maxFileBytes == Int.max)
    }
  }

  @Test("load reads the header without decoding: a mask's size is known before its pixels")
  func loadGivesTheSize() throws {
    let png = try ImageFile.load(Fixtures.path("png/rgb8.png"))
    #expect(png.size == PixelSize(width: 7, height: 5))
    for value in 1...8 {
      let jpeg = try ImageFile.load(Fixtures.path("orientation/orientation-\(value).jpg"))
      let decoded = try jpeg.decode()
      #expect(jpeg.size == decoded.image.size, "orientation \(value)")
      #expect(jpeg.header?.orientation == value)
    }
  }
}
