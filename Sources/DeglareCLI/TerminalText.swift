/// Text made safe to print: a file name can hold any byte but `/` and NUL, and a name holding an
/// escape sequence would drive the user's terminal (clear the screen, retitle the window, hide
/// what follows). Every line deglare prints passes through ``escaped(_:)`` (see ``Console``).
enum TerminalText {
  /// `text` with every control character except newline and tab, DEL, the C1 controls and the
  /// bidirectional overrides shown as `\uXXXX` (the same escape as in JSON, so JSON stays valid).
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: return false
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional controls
    default: return false
    }
  }
}
