// swift-tools-version: 6.0
// libFuzzer targets for deglare's parsers of untrusted input, in a package of their own because
// every module must be built with `--sanitize=fuzzer` (coverage for libFuzzer) and
// `--sanitize=address`, and each target is an executable whose `main` libFuzzer provides.
// Build and run them with Scripts/fuzz.sh; docs/testing.md, Fuzzing, says how.
import PackageDescription

/// One libFuzzer executable: `@_cdecl("LLVMFuzzerTestOneInput")` in a file that is not main.swift.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name, dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "deglare") },
    swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
  name: "deglare-fuzz",
  dependencies: [.package(name: "deglare", path: "..")],
  targets: [
    .target(name: "FuzzSupport", dependencies: [.product(name: "DeglareCodecs", package: "deglare")]),
    fuzzTarget("fuzz-png", ["DeglareCodecs"]),
    fuzzTarget("fuzz-jpeg", ["DeglareCodecs"]),
    fuzzTarget("fuzz-exif", ["DeglareCodecs", "DeglareCLI"]),
    fuzzTarget("fuzz-arguments", ["DeglareCLI"]),
    fuzzTarget("fuzz-corners", ["DeglareCLI", "DeglareCore"]),
  ],
  swiftLanguageModes: [.v6]
)
