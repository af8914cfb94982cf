import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// `deglare remove FOLDER --out-dir DIR` through the built binary: the good images done with
/// their records, the broken one reported, resume, --force, Ctrl-C, and no key in any record.
@Suite(.serialized) struct BatchEndToEndTests {
  /// Each stdout line as a JSON object.
  static func lines(_ stdout: String) throws -> [[String: Any]] {
    try stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
  }

  /// The statuses by input file name.
  static func statuses(_ lines: [[String: Any]]) -> [String: String] {
    var statuses: [String: String] = [:]
    for line in lines {
      let input = ((line["input"] as? String) ?? "") as NSString
      statuses[input.lastPathComponent] = line["status"] as? String
    }
    return statuses
  }

  /// Checks that `result` decodes, holds the rule against `photo` and `mask`, and has a record
  /// whose digests are those of the files.
  static func checkResult(_ result: String, photo: String, mask: String) throws {
    try RemoveEndToEndTests.checkInvariant(original: photo, result: result, mask: mask)
    let record = try RepairRecordEndToEndTests.record(result + ".json")
    try RepairRecordEndToEndTests.checkDigest(record["input"], path: photo)
    try RepairRecordEndToEndTests.checkDigest(record["mask"], path: mask)
  }

  @Test("a folder with a broken photo: the others done with records, it reported, exit 65; a second run skips")
  func folderWithABrokenPhoto() async throws {
    try await withTemporaryDirectory { dir in
      let folder = try BatchFolder(in: dir, count: 3)
      let out = dir + "/out"
      let arguments = ["remove", folder.images, "--masks", folder.masks, "--out-dir", out, "--method", "fill"]
      let environment = ProcessRunner.cleanEnvironment(home: dir)
      let first = try await ProcessRunner.run(arguments + ["--json"], environment: environment)
      #expect(first.status == 65, "\(first.stderr)")
      let lines = try Self.lines(first.stdout)
      #expect(lines.count == 4)
      #expect(
        Self.statuses(lines) == [
          "broken.png": "failed", "photo-1.png": "done", "photo-2.png": "done", "photo-3.png": "done",
        ])
      let failed = try #require(lines.first { $0["status"] as? String == "failed" })
      #expect(failed["exit_code"] as? Int == 65)
      #expect((failed["seconds"] as? Double ?? 0) > 0, "a failed image reports its own time: \(failed)")
      #expect((failed["error"] as? String)?.contains("broken.png") == true)
      for line in lines where line["status"] as? String == "done" {
        #expect(line["exit_code"] as? Int == 0)
        #expect((line["outputs"] as? [String])?.count == 2)
        #expect((line["report"] as? [String: Any])?["provider"] as? String == "local")
      }
      #expect(first.stderr.contains("4 images: 3 done, 0 skipped, 1 failed in "), "\(first.stderr)")
      #expect(first.stderr.contains("failed:\n  \(folder.images)/broken.png: cannot decode"), "\(first.stderr)")
      for photo in folder.photos {
        try Self.checkResult(BatchFolder.result(of: photo, in: out), photo: photo, mask: folder.mask(of: photo))
      }
      let written = try folder.photos.map { try ImageFile.readBytes(BatchFolder.result(of: $0, in: out)) }
      #expect(directoryListing(out).count == 6, "\(directoryListing(out))")

      // Again: the done ones are skipped (their files untouched), the broken one fails again.
      let second = try await ProcessRunner.run(arguments, environment: environment)
      #expect(second.status == 65, "\(second.stderr)")
      #expect(second.stderr.contains("4 images: 0 done, 3 skipped, 1 failed in "), "\(second.stderr)")
      #expect(try folder.photos.map { try ImageFile.readBytes(BatchFolder.result(of: $0, in: out)) } == written)

      // Without the broken photo: all skipped, exit 0; --force redoes them.
      try FileManager.default.removeItem(atPath: try #require(folder.broken))
      let third = try await ProcessRunner.run(arguments, environment: environment)
      #expect(third.status == 0, "\(third.stderr)")
      #expect(third.stderr.contains("3 images: 0 done, 3 skipped, 0 failed in "), "\(third.stderr)")
      let forced = try await ProcessRunner.run(arguments + ["--force", "--json"], environment: environment)
      #expect(forced.status == 0, "\(forced.stderr)")
      #expect(Set(Self.statuses(try Self.lines(forced.stdout)).values) == ["done"])

      // Other settings are not the earlier run's: refused without --force (exit 73), nothing replaced.
      let changed = try await ProcessRunner.run(arguments + ["--feather", "2"], environment: environment)
      #expect(changed.status == 73, "\(changed.stderr)")
      #expect(changed.stderr.contains("exists but its record names another padding or feather"), "\(changed.stderr)")
    }
  }

  @Test("SIGINT in the middle of a remote batch: exit 130, only whole results with their records, no key")
  func interruptedRemoteBatch() async throws {
    try await withStubServer(mode: "gate") { server in
      try await withTemporaryDirectory { dir in
        let folder = try BatchFolder(in: dir, count: 5, broken: false)
        let mask = folder.mask(of: folder.photos[0])
        let out = dir + "/out"
        let key = "sk-e2e-batch-0123456789abcdef0123"
        // The first two requests are answered, the next ones held at the gate.
        try server.setMode("ok", times: 2)
        let process = try RunningProcess(
          [
            "remove", folder.images, "--mask", mask, "--provider", "openai", "--out-dir", out, "--timeout", "3600",
            "--json",
          ],
          environment: ProcessRunner.cleanEnvironment(
            home: dir, server.baseURLEnvironment.merging(["OPENAI_API_KEY": key]) { $1 }))
        // A hang guard, not a time limit: the pool of two holds two more requests at the gate.
        try await server.waitUntilHeld(2, sentBy: process)
        process.signal(SIGINT)
        let outcome = await process.wait()
        _ = try server.release()
        #expect(outcome.status == 130, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("interrupted after "), "\(outcome.stderr)")
        let statuses = Self.statuses(try Self.lines(outcome.stdout))
        #expect(statuses.values.filter { $0 == "done" }.count == 2, "\(statuses)")
        #expect(statuses.values.filter { $0 == "cancelled" }.count == 2, "\(statuses)")
        // Only whole results and their records: nothing else, no temporary file.
        let listing = directoryListing(out)
        #expect(listing.count == 4, "\(listing)")
        for name in listing where name.hasSuffix(".png") {
          #expect(listing.contains(name + ".json"), "\(name) has no record")
          let photo = folder.images + "/" + name.replacingOccurrences(of: ".deglared.png", with: ".png")
          try Self.checkResult(out + "/" + name, photo: photo, mask: mask)
        }
        for name in listing where name.hasSuffix(".json") {
          #expect(listing.contains(String(name.dropLast(".json".count))), "\(name) has no result")
          let text = String(decoding: try ImageFile.readBytes(out + "/" + name), as: UTF8.self)
          #expect(!text.contains(key) && !text.contains("e2e-batch"))
        }
      }
    }
  }
}
