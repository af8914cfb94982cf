import DeglareCodecs
import DeglareTestSupport
import Foundation
import Testing

@Suite struct OutputFileTests {
  @Test func writesAtomicallyWithOrdinaryPermissions() async throws {
    try await withTemporaryDirectory { dir in
      let path = dir + "/out.bin"
      try OutputFile.write([1, 2, 3], to: path, overwrite: false)
      #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
      let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
      let umask = Int(OutputFileTests.umask())
      #expect(mode == 0o666 & ~umask)
      #expect(directoryListing(dir) == ["out.bin"])
    }
  }

  @Test func refusesAnExistingFileWithoutForce() async throws {
    try await withTemporaryDirectory { dir in
      let path = dir + "/out.bin"
      try OutputFile.write([1], to: path, overwrite: false)
      #expect(throws: WriteError.exists(path: path)) { try OutputFile.write([2], to: path, overwrite: false) }
      #expect(FileManager.default.contents(atPath: path) == Data([1]))
      try OutputFile.write([3], to: path, overwrite: true)
      #expect(FileManager.default.contents(atPath: path) == Data([3]))
      #expect(directoryListing(dir) == ["out.bin"])
    }
  }

  @Test func refusesTheInputAsOutputEvenWithForce() async throws {
    try await withTemporaryDirectory { dir in
      let input = dir + "/in.png"
      try OutputFile.write([9], to: input, overwrite: false)
      #expect(throws: WriteError.sameAsInput(path: input)) {
        try OutputFile.write([1], to: input, overwrite: true, inputs: [input])
      }
      let aliased = dir + "/./in.png"
      #expect(throws: WriteError.sameAsInput(path: aliased)) {
        try OutputFile.write([1], to: aliased, overwrite: true, inputs: [input])
      }
      let hardLink = dir + "/hard.png"
      #expect(Foundation.link(input, hardLink) == 0)
      #expect(throws: WriteError.sameAsInput(path: hardLink)) {
        try OutputFile.write([1], to: hardLink, overwrite: true, inputs: [input])
      }
      #expect(FileManager.default.contents(atPath: input) == Data([9]))
    }
  }

  @Test func aFailingProducerLeavesNothing() async throws {
    struct Boom: Error {}
    await withTemporaryDirectory { dir in
      #expect(throws: Boom.self) {
        try OutputFile.write(to: dir + "/out.bin", overwrite: false) { sink in
          sink.write([1, 2, 3])
          throw Boom()
        }
      }
      #expect(directoryListing(dir).isEmpty)
    }
  }

  @Test func aMissingFolderIsAClearError() throws {
    let error = #expect(throws: WriteError.self) {
      try OutputFile.write([1], to: "/nonexistent-deglare-folder/out.png", overwrite: false)
    }
    #expect(error?.description.contains("does not exist") == true)
  }

  @Test("concurrent writers without --force: exactly one wins, the rest are refused")
  func noCheckThenWriteRace() async throws {
    await withTemporaryDirectory { dir in
      let path = dir + "/race.bin"
      let errors = await withTaskGroup(of: (any Error)?.self) { group in
        for value in 0..<8 {
          group.addTask {
            do {
              try OutputFile.write([UInt8(value)], to: path, overwrite: false)
              return nil
            } catch {
              return error
            }
          }
        }
        var errors: [(any Error)?] = []
        for await error in group { errors.append(error) }
        return errors
      }
      #expect(errors.count == 8)
      #expect(errors.filter { $0 == nil }.count == 1)
      // Every loser is refused because the file exists, not for any other reason.
      let refusals = errors.compactMap { $0 }.map { $0 as? WriteError }
      #expect(refusals == Array(repeating: WriteError.exists(path: path), count: 7))
      #expect(directoryListing(dir) == ["race.bin"])
    }
  }

  static func umask() -> mode_t {
    let old = Foundation.umask(0o022)
    Foundation.umask(old)
    return old
  }
}
