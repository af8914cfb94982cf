// swift-tools-version: 6.0
// The manifest is the architecture: C libraries at the bottom, a pure-Swift core, one adapter
// target per C library, the remove pipeline, the CLI, and test support. Arrows point down only.
import PackageDescription

let package = Package(
  name: "deglare",
  products: [
    .executable(name: "deglare", targets: ["deglare"]),
    .executable(name: "stub-server", targets: ["stub-server"]),
  ],
  targets: [
    // MARK: - C libraries (declarations only)
    .systemLibrary(name: "Clibpng", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "Clibjpeg", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "Clibcurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "Clibsecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),

    // MARK: - C shims (only what Swift cannot call: setjmp, variadic functions)
    .target(name: "CCodecShims", dependencies: ["Clibpng", "Clibjpeg"], linkerSettings: [.linkedLibrary("z")]),
    .target(name: "CCurlShims", dependencies: ["Clibcurl"]),
    .target(name: "CSecretShims", dependencies: ["Clibsecret"]),

    // MARK: - Core (pure Swift: image types, geometry, algorithms; no C, no I/O)
    .target(name: "DeglareCore"),

    // MARK: - Adapters (each owns one C library; public API is pure Swift)
    .target(name: "DeglareCodecs", dependencies: ["DeglareCore", "CCodecShims", "Clibpng", "Clibjpeg"]),
    .target(name: "DeglareTransport", dependencies: ["CCurlShims", "Clibcurl"]),
    .target(name: "DeglareKeyStore", dependencies: ["CSecretShims", "Clibsecret"]),
    .target(name: "DeglareProviders", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareTransport"]),

    // MARK: - Pipeline (remove, detect, straighten, the removal session)
    .target(
      name: "DeglarePipeline",
      dependencies: ["DeglareCore", "DeglareCodecs", "DeglareProviders", "DeglareKeyStore"]),

    // MARK: - CLI
    .target(
      name: "DeglareCLI",
      dependencies: ["DeglarePipeline", "DeglareCore", "DeglareCodecs", "DeglareProviders", "DeglareKeyStore"]),
    .executableTarget(name: "deglare", dependencies: ["DeglareCLI"]),
    .executableTarget(
      name: "stub-server", dependencies: ["DeglareCodecs", "DeglareCore"], path: "StubServer", exclude: ["README.md"]),

    // MARK: - Tools (benchmarks and evaluations; not part of the product)
    .executableTarget(
      name: "deglare-bench", dependencies: ["DeglareCodecs", "DeglareCore", "DeglarePipeline"], path: "Benchmarks/Swift"
    ),
    // Release-mode timing of the remove operations (crop, resample, feather, composite):
    // `swift build -c release --product ops-bench && .build/release/ops-bench`.
    .executableTarget(name: "ops-bench", dependencies: ["DeglareCore"], path: "Benchmarks/OpsBench"),
    .executableTarget(
      name: "straighten-eval", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareTestSupport"],
      path: "Tools/StraightenEval"),

    // MARK: - Test support
    .target(name: "DeglareTestSupport", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareKeyStore"]),

    // MARK: - Tools
    .executableTarget(
      name: "deglare-eval", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareTestSupport"],
      path: "Tools/deglare-eval"),

    // MARK: - Tests
    .testTarget(name: "DeglareCoreTests", dependencies: ["DeglareCore", "DeglareTestSupport"]),
    .testTarget(name: "DeglareCodecsTests", dependencies: ["DeglareCodecs", "DeglareCore", "DeglareTestSupport"]),
    .testTarget(
      name: "DeglarePipelineTests",
      dependencies: [
        "DeglarePipeline", "DeglareProviders", "DeglareCodecs", "DeglareCore", "DeglareTestSupport", "stub-server",
      ]),
    .testTarget(name: "DeglareKeyStoreTests", dependencies: ["DeglareKeyStore", "DeglareTestSupport"]),
    .testTarget(
      name: "DeglareTransportTests",
      dependencies: ["DeglareTransport", "DeglareTestSupport", "stub-server"]),
    .testTarget(
      name: "DeglareProvidersTests",
      dependencies: [
        "DeglareProviders", "DeglareTransport", "DeglareCore", "DeglareCodecs", "DeglareTestSupport", "stub-server",
      ]),
    .testTarget(
      name: "DeglareCLITests",
      dependencies: [
        "DeglareCLI", "DeglareCore", "DeglareCodecs", "DeglareKeyStore", "DeglareProviders", "DeglareTestSupport",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["DeglareTestSupport", "DeglareCodecs", "DeglareCore", "deglare", "stub-server"]),
  ],
  swiftLanguageModes: [.v6]
)
