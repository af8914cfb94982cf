import DeglareCodecs
import DeglareTestSupport
import Foundation
import Testing

/// After `keys set` + `remove --provider openai` (against stub-server) + `keys delete`, the key's
/// bytes are nowhere: no file under HOME, the XDG folders, TMPDIR or the project, no process's
/// command line, not on stdout or stderr.
@Suite(.serialized, .enabled(if: PrivateKeyring.isAvailable, "needs the private keyring of Scripts/test.sh"))
struct KeyLeakEndToEndTests {
  @Test func theKeyLeaksNowhere() async throws {
    let key = "sk-leakcheck-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    try await withStubServer { server in
      try await withTemporaryDirectory { home in
        let inherited = ProcessInfo.processInfo.environment
        var environment = ProcessRunner.cleanEnvironment(home: home, ["OPENAI_BASE_URL": server.openAIBaseURL])
        for name in [
          "DBUS_SESSION_BUS_ADDRESS", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR",
        ] {
          environment[name] = inherited[name]
        }
        var outputs: [ProcessRunner.Outcome] = []
        let set = try await ProcessRunner.run(["keys", "set", "openai"], environment: environment, stdin: key + "\n")
        #expect(set.status == 0, "\(set.stderr)")
        outputs.append(set)

        let removal = try RunningProcess(
          [
            "remove", Fixtures.path("demo/painting.png"), "--mask", Fixtures.path("demo/glare-mask.png"),
            "--provider", "openai", "-o", home + "/out.png", "--json",
          ], environment: environment)
        var commandLines: [String] = []
        repeat {
          commandLines += Self.allCommandLines()
          try await Task.sleep(for: .milliseconds(20))
        } while removal.isRunning
        let removed = await removal.wait()
        #expect(removed.status == 0, "\(removed.stderr)")
        outputs.append(removed)
        // The stub saw the key as a bearer token: it really was used.
        #expect(try server.requests().first?.header("authorization") == "Bearer \(key)")

        let status = try await ProcessRunner.run(["keys", "status"], environment: environment)
        outputs.append(status)
        #expect(status.stdout.contains("sk-l…"))
        let delete = try await ProcessRunner.run(["keys", "delete", "openai"], environment: environment)
        #expect(delete.status == 0)
        outputs.append(delete)

        for outcome in outputs {
          #expect(!outcome.stdout.contains(key) && !outcome.stderr.contains(key))
        }
        // The scans can see: /proc lists this test's own process, and a planted canary is found.
        #expect(commandLines.contains { $0.contains("deglare") }, "no command line was read from /proc")
        #expect(!commandLines.contains { $0.contains(key) })
        let canary = "deglare-leak-canary-" + UUID().uuidString
        try OutputFile.write(Array(canary.utf8), to: home + "/canary.txt", overwrite: false)
        #expect(Self.files(under: home, containing: Array(canary.utf8)) == [home + "/canary.txt"])
        var roots = [home, Fixtures.packageRoot.path, NSTemporaryDirectory()]
        for name in ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"] {
          if let path = inherited[name] { roots.append(path) }
        }
        let hits = roots.flatMap { Self.files(under: $0, containing: Array(key.utf8)) }
        #expect(hits.isEmpty, "the key was found in \(hits)")
      }
    }
  }

  /// Every process's command line, as `ps` would show it.
  static func allCommandLines() -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
      FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// Regular files under `root` (up to 64 MB each) whose bytes contain `needle`. Build products
  /// (`.build`: compilers' output, nothing deglare writes) are skipped.
  static func files(under root: String, containing needle: [UInt8]) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var hits: [String] = []
    while let relative = walker.nextObject() as? String {
      if relative == ".build" || relative == ".git" {
        walker.skipDescendants()
        continue
      }
      let path = root + "/" + relative
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular,
        let size = attributes[.size] as? Int, size >= needle.count, size < 64 << 20,
        let data = FileManager.default.contents(atPath: path)
      else { continue }
      if data.range(of: Data(needle)) != nil { hits.append(path) }
    }
    return hits
  }
}
