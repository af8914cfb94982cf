/// Default output names beside the input, as docs/cli.md fixes them: `remove` ->
/// `<stem>.deglared.png`, `detect` -> `<stem>.mask.png`, `straighten` -> `<stem>.straight.png`.
public enum OutputNaming {
  /// `folder/stem<suffix>`, where stem is the input's file name without its last extension.
  public static func beside(_ input: String, suffix: String) -> String {
    let slash = input.lastIndex(of: "/")
    let folder = slash.map { String(input[...$0]) } ?? ""
    let name = slash.map { String(input[input.index(after: $0)...]) } ?? input
    let stem: String
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      stem = String(name[..<dot])
    } else {
      stem = name
    }
    return folder + stem + suffix
  }
}
