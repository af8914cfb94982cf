// straighten-eval: measurements of `deglare straighten`'s building blocks, one JSON object per
// line, for the scripts in Benchmarks/.
//   warp-bench IMAGE --corners X,Y,... --size WxH [--runs N] [--output PNG]   time the warp alone
//   synthetic [--count N] [--seed S] [--width W] [--height H] [--save DIR]    detection on synthetic scenes
//   detect IMAGE... [--target frame|painting]                                   detection on photos
import DeglareCodecs
import DeglareCore
import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("straighten-eval: \(message)\n".utf8))
  exit(64)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
  fail("usage: straighten-eval warp-bench|synthetic|detect ...")
}
let options = Options(Array(arguments.dropFirst()))
switch command {
case "warp-bench": WarpBench.run(options)
case "synthetic": SyntheticEvaluation.run(options)
case "detect": PhotoDetection.run(options)
case "diagnose": Diagnosis.run(options)
case "test-scene": TestScene.run(options)
default: fail("unknown command \(command)")
}
