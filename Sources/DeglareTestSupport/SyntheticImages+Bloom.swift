import DeglareCore
import Foundation

extension SyntheticImages {
  /// An 8-bit RGB picture of `paint(x, y)` (three levels, 0...1, on a 2.2 gamma), optionally with
  /// a specular bloom added in linear light at `bloom` (canonical pixels): a core of
  /// 3 exp(-d²/32) that clips and a halo of 0.35 exp(-d²/`haloSpread`), d in pixels. The sum is
  /// clipped at 1 before it is encoded again.
  public static func bloomPainting(
    width: Int, height: Int, bloom: (x: Double, y: Double)?, haloSpread: Double, paint: (Int, Int) -> [Double]
  ) -> ImageBuffer {
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let levels = paint(x, y)
        for c in 0..<3 {
          var level = levels[c]
          if let bloom {
            let d2 = pow(Double(x) - bloom.x, 2) + pow(Double(y) - bloom.y, 2)
            let light = 3 * exp(-d2 / 32) + 0.35 * exp(-d2 / haloSpread)
            level = pow(min(pow(max(level, 0), 2.2) + light, 1), 1 / 2.2)
          }
          samples[(y * width + x) * 3 + c] = UInt8(max(0, min(255, (level * 255).rounded())))
        }
      }
    }
    return ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
  }
}
