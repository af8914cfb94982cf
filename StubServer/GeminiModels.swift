/// What the stub knows about Gemini image models: aspect-ratio tables and image sizes
/// (docs/providers.md, Models and upload sizes). Families are recognised by the id, so new ids of a
/// known family work.
enum GeminiModels {
  enum Family {
    case flash25, flash31, flashLite31, pro3
  }

  static let listed = [
    "gemini-2.5-flash-image", "gemini-3.1-flash-image", "gemini-3.1-flash-lite-image", "gemini-3-pro-image",
  ]

  static let table25: [(String, Int, Int)] = [
    ("1:1", 1024, 1024), ("2:3", 832, 1248), ("3:2", 1248, 832), ("3:4", 864, 1184), ("4:3", 1184, 864),
    ("4:5", 896, 1152), ("5:4", 1152, 896), ("9:16", 768, 1344), ("16:9", 1344, 768), ("21:9", 1536, 672),
  ]

  static let table3: [(String, Int, Int)] = [
    ("1:1", 1024, 1024), ("1:4", 512, 2048), ("1:8", 384, 3072), ("2:3", 848, 1264), ("3:2", 1264, 848),
    ("3:4", 896, 1200), ("4:1", 2048, 512), ("4:3", 1200, 896), ("4:5", 928, 1152), ("5:4", 1152, 928),
    ("8:1", 3072, 384), ("9:16", 768, 1376), ("16:9", 1376, 768), ("21:9", 1584, 672),
  ]

  static func family(_ model: String) -> Family? {
    guard model.hasPrefix("gemini-"), model.contains("image") else { return nil }
    if model.contains("2.5") || model.contains("2.0") { return .flash25 }
    if model.contains("pro") { return .pro3 }
    if model.contains("lite") { return .flashLite31 }
    return .flash31
  }

  /// The 1K table of a family.
  static func table(_ family: Family) -> [(String, Int, Int)] {
    switch family {
    case .flash25: return table25
    case .pro3: return table3.filter { !["1:4", "1:8", "4:1", "8:1"].contains($0.0) }
    case .flash31, .flashLite31: return table3
    }
  }

  /// Accepted `imageSize` values (none for 2.5 Flash Image).
  static func imageSizes(_ family: Family) -> [String] {
    switch family {
    case .flash25: return []
    case .flash31: return ["512", "1K", "2K", "4K"]
    case .flashLite31: return ["512", "1K"]
    case .pro3: return ["1K", "2K", "4K"]
    }
  }

  /// Output size for a ratio and image size ("512" = half, "2K" = x2, "4K" = x4 of the 1K column).
  static func outputSize(_ entry: (String, Int, Int), imageSize: String?) -> (Int, Int) {
    switch imageSize {
    case "512": return (entry.1 / 2, entry.2 / 2)
    case "2K": return (entry.1 * 2, entry.2 * 2)
    case "4K": return (entry.1 * 4, entry.2 * 4)
    default: return (entry.1, entry.2)
    }
  }
}
