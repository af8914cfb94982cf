import DeglareCodecs
import DeglareTestSupport
import Foundation
import Testing

/// Outputs that are not regular files: never replaced, streams written through, links followed.
@Suite struct OutputTargetTests {
  /// Device nodes, made in the test's own folder.
  @Suite(.enabled(if: SpecialFiles.canMakeDevices, "needs root or CAP_MKNOD to make a device node"))
  struct Devices {
    @Test("a device node is never replaced, with or without --force")
    func deviceRefused() async throws {
      try await withTemporaryDirectory { dir in
        let device = try SpecialFiles.make(.zero, in: dir)
        for overwrite in [false, true] {
          #expect(throws: WriteError.notAFile(path: device, kind: .characterDevice)) {
            try OutputFile.write([1, 2, 3], to: device, overwrite: overwrite)
          }
          #expect(throws: WriteError.notAFile(path: device, kind: .characterDevice)) {
            try OutputFile.preflight(device, overwrite: overwrite)
          }
        }
        #expect(SpecialFiles.kind(device) == "char")
        #expect(directoryListing(dir) == ["zero"])
      }
    }

    @Test("the null device is written through, wherever its node is, and stays a device")
    func nullDeviceWrittenThrough() async throws {
      try await withTemporaryDirectory { dir in
        let null = try SpecialFiles.make(.null, in: dir)
        let link = dir + "/stdout-like"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: null)
        for path in [null, link] {
          try OutputFile.preflight(path, overwrite: false)
          try OutputFile.write([1, 2, 3], to: path, overwrite: false)
          try OutputFile.write([4, 5], to: path, overwrite: true)
        }
        #expect(SpecialFiles.kind(null) == "char")
        #expect(SpecialFiles.kind(link) == "symlink")
        #expect(directoryListing(dir) == ["null", "stdout-like"])
      }
    }
  }

  @Test("FIFOs, sockets and folders are refused at once, without blocking")
  func otherKindsRefused() async throws {
    try await withTemporaryDirectory { dir in
      let fifo = dir + "/fifo"
      try SpecialFiles.makeFIFO(fifo)
      let socket = dir + "/socket"
      try SpecialFiles.makeSocket(socket)
      let folder = dir + "/folder"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      let linkToFIFO = dir + "/link-to-fifo"
      try FileManager.default.createSymbolicLink(atPath: linkToFIFO, withDestinationPath: "fifo")
      let cases: [(String, FileKind)] = [(fifo, .fifo), (socket, .socket), (folder, .folder), (linkToFIFO, .fifo)]
      for (path, kind) in cases {
        #expect(throws: WriteError.notAFile(path: path, kind: kind)) {
          try OutputFile.write([1], to: path, overwrite: true)
        }
      }
      #expect(SpecialFiles.kind(fifo) == "fifo")
      #expect(SpecialFiles.kind(socket) == "socket")
      #expect(SpecialFiles.kind(linkToFIFO) == "symlink")
      #expect(directoryListing(folder).isEmpty)
    }
  }

  @Test("a descriptor named as /dev/fd/N gets the bytes, and nothing before publication")
  func descriptorWrittenThrough() throws {
    let pipe = try SpecialFiles.Pipe()
    let path = "/dev/fd/\(pipe.writeEnd)"
    #expect(OutputFile.isStandardOutput(path) == false)
    let prepared = try OutputFile.prepare(to: path, overwrite: false) { sink in sink.write([7, 8, 9]) }
    let dropped = try OutputFile.prepare(to: path, overwrite: false) { sink in sink.write([1]) }
    dropped.discard()
    try prepared.publish()
    #expect(pipe.readAll() == [7, 8, 9])
  }

  @Test("standard output is recognised through every spelling")
  func standardOutputSpellings() {
    for path in ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
      #expect(OutputFile.isStandardOutput(path), "\(path)")
    }
    #expect(!OutputFile.isStandardOutput("/dev/stderr"))
    #expect(!OutputFile.isStandardOutput("out.png"))
  }

  /// Writes `bytes` to `dir/target` and makes `dir/link` a relative symbolic link to it; returns
  /// both paths.
  static func linkedFile(
    _ bytes: [UInt8], in dir: String, at target: String, link: String
  ) throws -> (target: String, link: String) {
    try OutputFile.write(bytes, to: dir + "/" + target, overwrite: false)
    try FileManager.default.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: target)
    return (dir + "/" + target, dir + "/" + link)
  }

  @Test("a symbolic link is followed: its target is replaced atomically and the link stays")
  func symlinkFollowed() async throws {
    try await withTemporaryDirectory { dir in
      try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
      let (target, link) = try Self.linkedFile([1], in: dir, at: "real/out.png", link: "link.png")
      #expect(throws: WriteError.exists(path: link)) { try OutputFile.write([2], to: link, overwrite: false) }
      try OutputFile.write([3, 4], to: link, overwrite: true)
      #expect(SpecialFiles.kind(link) == "symlink")
      #expect(FileManager.default.contents(atPath: target) == Data([3, 4]))
      #expect(directoryListing(dir + "/real") == ["out.png"])
      // A dangling link gets its target created.
      let dangling = dir + "/dangling.png"
      try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "real/new.png")
      try OutputFile.write([5], to: dangling, overwrite: true)
      #expect(SpecialFiles.kind(dangling) == "symlink")
      #expect(FileManager.default.contents(atPath: dir + "/real/new.png") == Data([5]))
    }
  }

  @Test("an input is never the output, whatever the spelling")
  func inputSpellings() async throws {
    try await withTemporaryDirectory { dir in
      try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
      let (input, link) = try Self.linkedFile([9], in: dir, at: "in.png", link: "link.png")
      let spellings = [input, dir + "/./in.png", dir + "/sub/../in.png", link]
      for output in spellings {
        for spelledInput in spellings {
          #expect(throws: WriteError.sameAsInput(path: output), "\(output) vs \(spelledInput)") {
            try OutputFile.write([1], to: output, overwrite: true, inputs: [spelledInput])
          }
        }
      }
      #expect(FileManager.default.contents(atPath: input) == Data([9]))
      #expect(SpecialFiles.kind(link) == "symlink")
    }
  }

  @Test("an output name of 255 bytes can be replaced (the temporary name stays within the limit)")
  func longNames() async throws {
    try await withTemporaryDirectory { dir in
      for length in [236, 250, 255] {
        let name = String(repeating: "é", count: (length - 4) / 2) + (length % 2 == 0 ? "" : "x") + ".png"
        #expect(name.utf8.count == length)
        let path = dir + "/" + name
        try OutputFile.write([1], to: path, overwrite: false)
        try OutputFile.write([2], to: path, overwrite: true)
        #expect(FileManager.default.contents(atPath: path) == Data([2]))
        #expect(directoryListing(dir) == [name])
        try FileManager.default.removeItem(atPath: path)
      }
    }
  }

  @Test("a file where a folder should be is named as such, not as a permission problem")
  func fileAsFolder() async throws {
    try await withTemporaryDirectory { dir in
      let input = dir + "/in.png"
      try OutputFile.write([9], to: input, overwrite: false)
      let path = input + "/x.png"
      let expected = WriteError.cannotWrite(path: path, reason: "\(input) is not a folder")
      #expect(throws: expected) { try OutputFile.preflight(path, overwrite: false) }
      #expect(throws: expected) { try OutputFile.write([1], to: path, overwrite: true) }
    }
  }

  @Test("several outputs are written all or nothing")
  func allOrNothing() async throws {
    try await withTemporaryDirectory { dir in
      try OutputFile.write([9], to: dir + "/c.bin", overwrite: false)
      let files: [(path: String, bytes: [UInt8])] = [
        (dir + "/a.bin", [1]), (dir + "/b.bin", [2]), (dir + "/c.bin", [3]),
      ]
      #expect(throws: WriteError.exists(path: dir + "/c.bin")) {
        try OutputFile.writeAll(files, overwrite: false, inputs: [])
      }
      #expect(directoryListing(dir) == ["c.bin"])
      // A failure while naming (the checks passed, then the last name was taken) removes the
      // files this call created.
      let prepared = try files.map { file in
        try OutputFile.prepare(to: file.path, overwrite: false) { sink in sink.write(file.bytes) }
      }
      #expect(throws: WriteError.exists(path: dir + "/c.bin")) { try OutputFile.publishAll(prepared) }
      #expect(directoryListing(dir) == ["c.bin"])
      #expect(FileManager.default.contents(atPath: dir + "/c.bin") == Data([9]))
      try OutputFile.writeAll(files, overwrite: true, inputs: [])
      #expect(directoryListing(dir) == ["a.bin", "b.bin", "c.bin"])
      #expect(FileManager.default.contents(atPath: dir + "/c.bin") == Data([3]))
    }
  }
}
