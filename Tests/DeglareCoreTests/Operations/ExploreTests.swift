import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

@Test func explore() {
  let disc = SyntheticImages.mask(width: 40, height: 40) { x, y in
    let dx = Double(x) - 19.5, dy = Double(y) - 19.5
    return dx * dx + dy * dy < 17 * 17
  }
  print(ASCIIMask.render(Feather.alpha(mask: disc, width: 6)))
  let diag = SyntheticImages.mask(width: 40, height: 30) { x, y in
    abs(Double(x) - Double(y) * 1.3 - 2) < 3.2
  }
  print(ASCIIMask.render(Feather.alpha(mask: diag, width: 6)))
  let rect = SyntheticImages.mask(width: 40, height: 30) { x, y in
    (x > 3 && x < 36 && y > 3 && y < 26) && !(x > 20 && y > 15)
  }
  print(ASCIIMask.render(Feather.alpha(mask: rect, width: 6)))
  let stroke = SyntheticImages.mask(width: 30, height: 12) { x, y in y >= 3 && y < 8 && x > 2 && x < 27 }
  let a = Feather.alpha(mask: stroke, width: 6)
  print(ASCIIMask.render(a))
  print((0..<12).map { a[15, $0] })
}
