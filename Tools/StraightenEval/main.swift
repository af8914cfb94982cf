// straighten-eval: measurements of `deglare straighten`'s building blocks, one JSON object per
// line, for the scripts in Benchmarks/.
//   warp-bench IMAGE --corners X,Y,... --size WxH [--runs N] [--output PNG] [--band R] [--tile C]   time the warp alone
//   diagnose IMAGE [--top N]                                                    Hough lines and candidates
//   test-scene OUT.png [--style S] [--mat M] [--label]                          the detector tests' scene
//   synthetic [--count N] [--seed S] [--width W] [--height H] [--target T] [--save DIR]   synthetic set
//   detect IMAGE... [--target frame|painting]                                   detection on photos
//   scenes [--split tune|held-out] [--kinds K,K] [--count N] [--seed S] [--cache DIR]  shadow, canvas, line, document sets
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
case "scenes": SceneEvaluation.run(options)
default: fail("unknown command \(command)")
}
