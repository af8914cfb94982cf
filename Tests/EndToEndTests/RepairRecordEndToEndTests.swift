import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// What `remove` leaves beside a result: the mask that was used (`--mask auto`, `--save-mask`),
/// the repair record `<result>.json`, and the same facts in the result's XMP history.
@Suite(.serialized) struct RepairRecordEndToEndTests {
  static let painting = RemoveEndToEndTests.painting
  static let mask = RemoveEndToEndTests.mask

  /// The record at `path`, parsed.
  static func record(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The SHA-256 of the file at `path`.
  static func digest(_ path: String) throws -> String { SHA256.hex(try ImageFile.readBytes(path)) }

  /// `{"path", "sha256"}` of a record, checked against the file it names.
  static func checkDigest(_ value: Any?, path: String) throws {
    let object = try #require(value as? [String: Any])
    #expect(object["path"] as? String == path)
    #expect(object["sha256"] as? String == (try digest(path)))
  }

  /// Runs deglare with `arguments` in a clean environment at `home`: it must exit with `status`,
  /// its stderr starting with `prefix`.
  static func expectRefusal(
    _ arguments: [String], home: String, status: Int32, prefix: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let outcome = try await ProcessRunner.run(arguments, environment: ProcessRunner.cleanEnvironment(home: home))
    #expect(outcome.status == status, sourceLocation: sourceLocation)
    #expect(outcome.stderr.hasPrefix(prefix), "\(outcome.stderr)", sourceLocation: sourceLocation)
  }

  @Test("--mask auto writes the grown mask beside the result, verify holds with it, the record names it")
  func automaticMaskIsKept() async throws {
    try await withTemporaryDirectory { dir in
      let output = dir + "/auto.png"
      let outcome = try await ProcessRunner.run(
        ["remove", Self.painting, "--mask", "auto", "-o", output, "--json"],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let maskPath = dir + "/auto.mask.png"
      #expect(directoryListing(dir) == ["auto.mask.png", "auto.png", "auto.png.json"])
      for key in ["\"input\":\"\(Self.painting)\"", "\"mask\":\"\(maskPath)\"", "\"record\":\"\(output).json\""] {
        #expect(outcome.stdout.contains(key), "\(key) missing from \(outcome.stdout)")
      }
      let verify = try await ProcessRunner.run(["verify", Self.painting, output, "--mask", maskPath])
      #expect(verify.status == 0, "\(verify.stdout)")
      // The saved mask is 8-bit gray, only 0 and 255.
      let saved = try ImageFile.read(maskPath).image
      #expect(saved.layout == .gray && saved.bitDepth == .eight)
      #expect(Set(saved.samples8) == [0, 255])

      let record = try Self.record(output + ".json")
      try Self.checkDigest(record["input"], path: Self.painting)
      try Self.checkDigest(record["mask"], path: maskPath)
      #expect((record["mask"] as? [String: Any])?["source"] as? String == "auto")
      #expect(record["output"] as? String == output)
      #expect(record["provider"] as? String == "local")
      #expect(record["method"] as? String == "auto")
      #expect(record["deglare_version"] as? String == DeglareVersion.current)
      #expect(record["xmp_history"] as? Bool == true)
      #expect((record["crop"] as? [Int])?.count == 4)
      #expect((record["time"] as? String)?.hasSuffix("Z") == true)

      // Once more without --force: the result, its record and its mask are all refused.
      try await Self.expectRefusal(
        ["remove", Self.painting, "--mask", "auto", "-o", output], home: dir, status: 73,
        prefix: "error: \(output) already exists")
    }
  }

  @Test("an existing mask file beside the result is refused without --force, replaced with it")
  func savedMaskRefusesToOverwrite() async throws {
    try await withTemporaryDirectory { dir in
      let output = dir + "/auto.png"
      let maskPath = dir + "/auto.mask.png"
      try OutputFile.write(Array("keep".utf8), to: maskPath, overwrite: false)
      let refused = try await ProcessRunner.run(
        ["remove", Self.painting, "--mask", "auto", "-o", output],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(refused.status == 73)
      #expect(directoryListing(dir) == ["auto.mask.png"])
      #expect(try ImageFile.readBytes(maskPath) == Array("keep".utf8))
      let forced = try await ProcessRunner.run(
        ["remove", Self.painting, "--mask", "auto", "-o", output, "--force"],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(forced.status == 0, "\(forced.stderr)")
      let verify = try await ProcessRunner.run(["verify", Self.painting, output, "--mask", maskPath])
      #expect(verify.status == 0, "\(verify.stdout)")
    }
  }

  @Test("--save-mask writes the binarized mask file; the record names the given mask and the saved one")
  func saveMaskWithAMaskFile() async throws {
    try await withTemporaryDirectory { dir in
      let output = dir + "/clean.png"
      let saved = dir + "/used.png"
      let outcome = try await ProcessRunner.run(
        ["remove", Self.painting, "--mask", Self.mask, "-o", output, "--save-mask", saved],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.stderr.contains("wrote \(saved) (the mask used)\n"), "\(outcome.stderr)")
      #expect(outcome.stderr.contains("wrote \(output).json (the repair record)\n"), "\(outcome.stderr)")
      #expect(directoryListing(dir) == ["clean.png", "clean.png.json", "used.png"])
      let verify = try await ProcessRunner.run(["verify", Self.painting, output, "--mask", saved])
      #expect(verify.status == 0, "\(verify.stdout)")
      let given = Mask(image: try ImageFile.read(Self.mask).image).binarized()
      #expect(Mask(image: try ImageFile.read(saved).image) == given)
      let record = try Self.record(output + ".json")
      try Self.checkDigest(record["mask"], path: Self.mask)
      try Self.checkDigest(record["saved_mask"], path: saved)
      #expect((record["mask"] as? [String: Any])?["source"] as? String == "file")

      try await Self.expectRefusal(
        ["remove", Self.painting, "--mask", Self.mask, "-o", dir + "/x.png", "--save-mask", dir + "/m.jpg"],
        home: dir, status: 64, prefix: "error: --save-mask writes a PNG")
    }
  }

  @Test("remote: the record holds provider, model and prompt, never the key; the XMP keeps the input's packet")
  func remoteRecordAndXMP() async throws {
    try await withStubServer { server in
      try await withTemporaryDirectory { dir in
        // An input whose XMP already says something, which must survive.
        let input = dir + "/titled.png"
        var decoded = try ImageFile.read(Self.painting)
        let title = "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Still life</rdf:li></rdf:Alt></dc:title>"
        let packet =
          "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
          + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\(title)"
          + "</rdf:Description></rdf:RDF></x:xmpmeta>"
        decoded.metadata.xmp = Array(packet.utf8)
        try ImageFile.write(decoded.image, metadata: decoded.metadata, to: input, options: ImageWriteOptions())

        let key = "sk-e2e-planted-0123456789abcdef"
        let output = dir + "/remote.png"
        let environment = ProcessRunner.cleanEnvironment(
          home: dir, server.baseURLEnvironment.merging(["OPENAI_API_KEY": key]) { $1 })
        let outcome = try await ProcessRunner.run(
          ["remove", input, "--mask", Self.mask, "--provider", "openai", "-o", output, "--prompt", "remove glare"],
          environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let recordText = String(decoding: try ImageFile.readBytes(output + ".json"), as: UTF8.self)
        #expect(!recordText.contains(key) && !recordText.contains("e2e-planted"))
        let record = try Self.record(output + ".json")
        #expect(record["provider"] as? String == "openai")
        #expect((record["model"] as? String)?.isEmpty == false)
        #expect(record["prompt"] as? String == "remove glare")
        #expect((record["upload_size"] as? [Int])?.count == 2)
        try Self.checkDigest(record["input"], path: input)

        let xmp = String(decoding: try #require(try ImageFile.read(output).metadata.xmp), as: UTF8.self)
        #expect(xmp.contains(title))
        #expect(xmp.contains("<xmpMM:History><rdf:Seq><rdf:li rdf:parseType=\"Resource\""))
        #expect(xmp.contains("<stEvt:action>edited</stEvt:action>"))
        #expect(xmp.contains("<stEvt:softwareAgent>\(DeglareVersion.softwareAgent)</stEvt:softwareAgent>"))
        #expect(xmp.contains("with openai model "))
        #expect(!xmp.contains(key))
        let verify = try await ProcessRunner.run(["verify", input, output, "--mask", Self.mask])
        #expect(verify.status == 0, "\(verify.stdout)")
      }
    }
  }
}
