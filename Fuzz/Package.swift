// swift-tools-version: 6.0
// libFuzzer targets for deglare's parsers of untrusted input, in a package of their own because
// every module must be built with libFuzzer's coverage instrumentation and `--sanitize=address`.
// The coverage comes from `-sanitize-coverage` on every module (Scripts/fuzz.sh passes it), not
// from `--sanitize=fuzzer`, which would also link libFuzzer's `main` into the build tool that
// deglare's page plugin runs. Each target is an ordinary `@main` executable that starts libFuzzer
// (`FuzzDriver`) and links libFuzzer's no-main runtime, whose path Scripts/fuzz.sh passes in
// DEGLARE_FUZZER_RUNTIME. Build and run them with Scripts/fuzz.sh; docs/testing.md, Fuzzing,
// says how.
import PackageDescription

/// libclang_rt.fuzzer_no_main from the toolchain (Scripts/fuzz.sh finds it).
let fuzzerRuntime = Context.environment["DEGLARE_FUZZER_RUNTIME"] ?? "libclang_rt.fuzzer_no_main-x86_64.a"

/// One fuzz target: a `@main` type conforming to `FuzzTarget` (its `main` starts libFuzzer).
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name, dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "deglare") },
    linkerSettings: [.unsafeFlags([fuzzerRuntime, "-lstdc++"])])
}

let package = Package(
  name: "deglare-fuzz",
  dependencies: [.package(name: "deglare", path: "..")],
  targets: [
    .target(name: "CFuzzDriver"),
    .target(
      name: "FuzzSupport",
      dependencies: ["CFuzzDriver"]
        + ["DeglareCore", "DeglareCodecs", "DeglareTransport", "DeglareProviders"].map {
          .product(name: $0, package: "deglare")
        }),
    fuzzTarget("fuzz-png", []),
    fuzzTarget("fuzz-jpeg", []),
    fuzzTarget("fuzz-heif", []),
    fuzzTarget("fuzz-exif", ["DeglareCodecs", "DeglareCLI", "DeglareCore"]),
    fuzzTarget("fuzz-arguments", ["DeglareCLI"]),
    fuzzTarget("fuzz-corners", ["DeglareCLI", "DeglareCore"]),
    fuzzTarget("fuzz-multipart", []),
    fuzzTarget("fuzz-openai", ["DeglareCore"]),
    fuzzTarget("fuzz-gemini", ["DeglareCore"]),
  ],
  swiftLanguageModes: [.v6]
)
