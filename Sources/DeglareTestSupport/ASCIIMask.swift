import DeglareCore

/// Small masks written as ASCII art, for tests of morphology, crops and feathering.
///
/// `#` (also `X`, `@` or `1`) is inside (255); `.` (also `0` or a space) is outside (0). Blank
/// leading and trailing lines are dropped and every remaining line's leading indentation common
/// to all lines is removed, so a multi-line string literal can be indented with the code:
///
/// ```swift
/// let mask = ASCIIMask.parse("""
///   ..##..
///   .####.
///   """)
/// ```
public enum ASCIIMask {
  /// The mask drawn by `art`.
  /// - Precondition: at least one non-empty line, all lines the same length, only known marks.
  public static func parse(_ art: String) -> Mask {
    var lines = art.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let first = lines.first, first.allSatisfy({ $0 == " " }) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
    precondition(!lines.isEmpty, "an ASCII mask needs at least one line")
    let indent = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    let rows = lines.map { Array($0.dropFirst(indent)) }
    let width = rows[0].count
    precondition(width > 0 && rows.allSatisfy { $0.count == width }, "ASCII mask lines differ in length")
    var values: [UInt8] = []
    values.reserveCapacity(width * rows.count)
    for row in rows {
      for mark in row {
        switch mark {
        case "#", "X", "@", "1": values.append(255)
        case ".", "0", " ": values.append(0)
        default: preconditionFailure("unknown ASCII mask mark \(mark)")
        }
      }
    }
    return Mask(width: width, height: rows.count, values: values)
  }

  /// The mask as ASCII art (`#` inside, `.` outside), one line per row, for failure messages.
  public static func render(_ mask: Mask) -> String {
    (0..<mask.height).map { y in
      String((0..<mask.width).map { mask.isInside(x: $0, y: y) ? "#" : "." })
    }.joined(separator: "\n")
  }

  /// Blend weights as digits: `.` for 0, `#` for 1, else the tenths digit (0.25 -> "2").
  public static func render(_ alpha: AlphaMap) -> String {
    (0..<alpha.height).map { y in
      String(
        (0..<alpha.width).map { x -> Character in
          let a = alpha[x, y]
          if a == 0 { return "." }
          if a == 1 { return "#" }
          return Character(String(min(9, Int(a * 10))))
        })
    }.joined(separator: "\n")
  }
}
