import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Batches in-process: what makes a batch, the usage mistakes, detect and straighten over a
/// folder, their resume by outputs.
@Suite struct BatchTests {
  @Test("several images or a folder need --out-dir; single-image options are refused in a batch")
  func usage() async throws {
    try await withTemporaryDirectory { dir in
      let folder = try BatchFolder(in: dir, count: 2, broken: false)
      let cases: [([String], String)] = [
        (
          ["remove", folder.photos[0], folder.photos[1], "--mask", "auto"],
          "error: several images or a folder need --out-dir DIR"
        ),
        (["detect", folder.images], "error: several images or a folder need --out-dir DIR"),
        (
          ["remove", folder.images, "--mask", "auto", "--out-dir", dir, "-o", "x.png"],
          "error: -o/--output names one file"
        ),
        (
          ["straighten", folder.images, "--out-dir", dir, "--corners", "0,0,1,0,1,1,0,1"],
          "error: --corners names one file"
        ),
        (["remove", folder.photos[0], "--masks", folder.masks], "error: --masks DIR is for a batch"),
        (
          ["remove", folder.images, "--out-dir", dir, "--masks", folder.masks, "--mask", "auto"],
          "error: give either --mask or --masks"
        ),
        (["remove", folder.images, "--out-dir", dir], "error: missing '--mask MASK'"),
        (
          ["detect", folder.images, "--out-dir", dir, "--overlay", "o.png"],
          "error: in a batch --overlay names a folder"
        ),
      ]
      for (arguments, prefix) in cases {
        let outcome = await runDeglare(arguments)
        #expect(outcome.code == .usage, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix(prefix), "\(arguments): \(outcome.stderr)")
      }
      // Two images that would write the same output.
      let copy = dir + "/copy"
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: folder.photos[0], toPath: copy + "/photo-1.png")
      let same = await runDeglare(["detect", folder.photos[0], copy + "/photo-1.png", "--out-dir", dir + "/o"])
      #expect(same.code == .usage)
      #expect(same.stderr.contains("would both be written to \(dir)/o/photo-1.mask.png"), "\(same.stderr)")
      #expect(directoryListing(dir + "/o").isEmpty)
    }
  }

  @Test("detect over a folder (recursive, overlays in their own folder), then again: skipped; --force redoes")
  func detectFolder() async throws {
    try await withTemporaryDirectory { dir in
      let folder = try BatchFolder(in: dir, count: 2)
      let sub = folder.images + "/room 2"
      try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: folder.photos[0], toPath: sub + "/photo-9.png")
      // deglare's own masks and overlays in the folder are not images to detect on.
      try FileManager.default.copyItem(atPath: folder.mask(of: folder.photos[0]), toPath: folder.images + "/x.mask.png")
      let out = dir + "/out"
      let arguments = ["detect", folder.images, "--recursive", "--out-dir", out, "--overlay", dir + "/overlays"]
      let first = await runDeglare(arguments + ["--json"])
      #expect(first.code == .dataError, "\(first.stderr)")
      let lines = first.stdout.split(separator: "\n")
      #expect(lines.count == 4, "\(first.stdout)")
      #expect(first.stdout.contains("\"input\":\"\(sub)/photo-9.png\",\"status\":\"done\""), "\(first.stdout)")
      #expect(
        first.stdout.contains(
          "\"outputs\":[\"\(out)/room 2/photo-9.mask.png\",\"\(dir)/overlays/room 2/photo-9.overlay.png\"]"))
      #expect(first.stdout.contains("\"status\":\"failed\""))
      #expect(directoryListing(out) == ["photo-1.mask.png", "photo-2.mask.png", "room 2"])
      for name in ["photo-1.mask.png", "photo-2.mask.png", "room 2/photo-9.mask.png"] {
        #expect(try ImageFile.read(out + "/" + name).image.size == BatchFolder.size)
      }
      try FileManager.default.removeItem(atPath: try #require(folder.broken))
      let second = await runDeglare(arguments)
      #expect(second.code == .success, "\(second.stderr)")
      #expect(second.stderr.contains("3 images: 0 done, 3 skipped, 0 failed in "), "\(second.stderr)")
      let forced = await runDeglare(arguments + ["--force"])
      #expect(forced.code == .success)
      #expect(forced.stderr.contains("3 images: 3 done, 0 skipped, 0 failed in "), "\(forced.stderr)")
      #expect(
        forced.stderr.contains(
          "] done \(folder.photos[0]) -> \(out)/photo-1.mask.png, \(dir)/overlays/photo-1.overlay.png ("))
    }
  }

  @Test("straighten over files writes <stem>.straight.png in --out-dir; a missing file fails on its own (65)")
  func straightenFiles() async throws {
    try await withTemporaryDirectory { dir in
      let folder = try BatchFolder(in: dir, count: 2, broken: false)
      let missing = dir + "/nowhere.png"
      let outcome = await runDeglare(
        ["straighten", folder.photos[0], missing, folder.photos[1], "--out-dir", dir + "/out", "--jobs", "1"])
      #expect(outcome.code == .dataError, "\(outcome.stderr)")
      #expect(directoryListing(dir + "/out") == ["photo-1.straight.png", "photo-2.straight.png"])
      #expect(outcome.stderr.contains("[2/3] failed \(missing): "), "\(outcome.stderr)")
      #expect(outcome.stderr.contains("failed:\n  \(missing): "), "\(outcome.stderr)")
    }
  }
}
