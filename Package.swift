// swift-tools-version: 6.0
// The manifest is the architecture: C libraries at the bottom, a pure-Swift core, one adapter
// target per C library, the remove pipeline, the CLI, and test support. Arrows point down only.
import PackageDescription

let package = Package(
  name: "deglare",
  products: [
    .executable(name: "deglare", targets: ["deglare"]),
    .executable(name: "stub-server", targets: ["stub-server"]),
    // Libraries only so that the fuzz package (Fuzz/, a path dependency) can link what it fuzzes.
    .library(name: "DeglareCore", targets: ["DeglareCore"]),
    .library(name: "DeglareCodecs", targets: ["DeglareCodecs"]),
    .library(name: "DeglareTransport", targets: ["DeglareTransport"]),
    .library(name: "DeglareProviders", targets: ["DeglareProviders"]),
    .library(name: "DeglareCLI", targets: ["DeglareCLI"]),
  ],
  targets: [
    // MARK: - C libraries (declarations only)
    .systemLibrary(name: "Clibpng", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "Clibjpeg", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "Clibcurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "Clibsecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
    .systemLibrary(name: "Clibmicrohttpd", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "Clibheif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
    .systemLibrary(name: "Clcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    .systemLibrary(name: "Cmalloc"),

    // MARK: - C shims (only what Swift cannot call: setjmp, variadic functions)
    .target(name: "CCodecShims", dependencies: ["Clibpng", "Clibjpeg"], linkerSettings: [.linkedLibrary("z")]),
    .target(name: "CCurlShims", dependencies: ["Clibcurl"]),
    .target(name: "CSecretShims", dependencies: ["Clibsecret"]),
    .target(name: "CMicroHTTPDShims", dependencies: ["Clibmicrohttpd"]),

    // MARK: - Core (pure Swift: image types, geometry, algorithms; no C, no I/O)
    .target(name: "DeglareCore"),

    // MARK: - Adapters (each owns one C library; public API is pure Swift)
    .target(name: "DeglareCodecs", dependencies: ["DeglareCore", "CCodecShims", "Clibheif"]),
    .target(name: "DeglareColor", dependencies: ["DeglareCore", "Clcms2"]),
    .target(name: "DeglareTransport", dependencies: ["DeglareCore", "CCurlShims", "Clibcurl"]),
    .target(name: "DeglareKeyStore", dependencies: ["DeglareCore", "CSecretShims", "Clibsecret"]),
    .target(name: "DeglareProviders", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareTransport"]),
    .target(name: "DeglareHTTPServer", dependencies: ["CMicroHTTPDShims", "Clibmicrohttpd"]),

    // MARK: - Pipeline (remove: the request, --mask auto, the removal session, the dry run)
    .target(
      name: "DeglarePipeline",
      dependencies: ["DeglareCore", "DeglareCodecs", "DeglareColor", "DeglareProviders", "DeglareKeyStore"]),

    // MARK: - Workbench (the local web page on top of the pipeline; its page files are compiled in)
    .target(
      name: "DeglareWorkbench",
      dependencies: [
        "DeglarePipeline", "DeglareHTTPServer", "DeglareCore", "DeglareCodecs", "DeglareProviders", "DeglareKeyStore",
      ],
      exclude: ["Page"], plugins: ["EmbedPage"]),
    .plugin(name: "EmbedPage", capability: .buildTool(), dependencies: ["embed-files"]),
    .executableTarget(name: "embed-files", path: "Tools/embed-files"),

    // MARK: - CLI
    .target(
      name: "DeglareCLI",
      dependencies: [
        "DeglarePipeline", "DeglareWorkbench", "DeglareCore", "DeglareCodecs", "DeglareProviders", "DeglareKeyStore",
      ]),
    .executableTarget(name: "deglare", dependencies: ["DeglareCLI", "Cmalloc"]),
    .executableTarget(
      name: "stub-server", dependencies: ["DeglareCodecs", "DeglareCore", "DeglareTestSupport"], path: "StubServer",
      exclude: ["README.md"]),

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
    // How well PatchRegistration undoes shifted, scaled, recoloured answers on crops of real photos:
    // `swift build -c release --product registration-eval && .build/release/registration-eval`.
    .executableTarget(
      name: "registration-eval", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareTestSupport"],
      path: "Tools/RegistrationEval"),
    .executableTarget(
      name: "deglare-eval", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareTestSupport"],
      path: "Tools/deglare-eval"),

    // MARK: - Test support
    .target(name: "DeglareTestSupport", dependencies: ["DeglareCore", "DeglareCodecs", "DeglareKeyStore"]),
    // Swift Testing traits (apart, so that the tools and stub-server built on test support do
    // not link Swift Testing).
    .target(name: "DeglareTestTraits", dependencies: ["DeglareTestSupport"]),

    // MARK: - Tests
    .testTarget(name: "DeglareCoreTests", dependencies: ["DeglareCore", "DeglareTestSupport", "DeglareTestTraits"]),
    .testTarget(name: "DeglareCodecsTests", dependencies: ["DeglareCodecs", "DeglareCore", "DeglareTestSupport"]),
    .testTarget(
      name: "DeglareColorTests", dependencies: ["DeglareColor", "DeglareCodecs", "DeglareCore", "DeglareTestSupport"]),
    .testTarget(
      name: "DeglarePipelineTests",
      dependencies: [
        "DeglarePipeline", "DeglareProviders", "DeglareCodecs", "DeglareColor", "DeglareCore", "DeglareTestSupport",
        "stub-server",
      ]),
    .testTarget(name: "DeglareKeyStoreTests", dependencies: ["DeglareKeyStore", "DeglareCore", "DeglareTestSupport"]),
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
      name: "DeglareWorkbenchTests",
      dependencies: [
        "DeglareWorkbench", "DeglareCodecs", "DeglareCore", "DeglareKeyStore", "DeglareTestSupport", "stub-server",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["DeglareTestSupport", "DeglareCodecs", "DeglareCore", "deglare", "stub-server"]),
  ],
  swiftLanguageModes: [.v6]
)
