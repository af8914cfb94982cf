import DeglareCore

extension LocalRegion {
  /// The region in `--json`: {box: [x, y, width, height], pixels, action, subtracted_pixels,
  /// filled_pixels, glare_peak (added linear light, 0...1)}.
  var json: JSONValue {
    .object([
      ("box", .array(box.array.map(JSONValue.int))),
      ("pixels", .int(pixels)),
      ("action", .string(action.rawValue)),
      ("subtracted_pixels", .int(subtractedPixels)),
      ("filled_pixels", .int(filledPixels)),
      ("glare_peak", .double((glarePeak * 1000).rounded() / 1000)),
    ])
  }

  /// Most regions listed one per line in the summary; the rest are counted.
  static let listedInSummary = 8

  /// The summary's lines for the local method's regions: one per region ("region 120x80 at
  /// (40, 300), 7431 px: glare subtracted"), at most ``listedInSummary``, then a count of the rest.
  static func summaryLines(_ regions: [LocalRegion]) -> [String] {
    var lines = regions.prefix(listedInSummary).map { region in
      let what: String
      switch region.action {
      case .subtract: what = "glare subtracted"
      case .fill:
        what =
          "paint synthesised from the surrounding paint (\(region.filledPixels) px)"
          + (region.subtractedPixels > 0 ? ", glare subtracted around it" : "")
      case .unchanged: what = "no glare found, left unchanged"
      }
      return
        "region \(region.box.width)x\(region.box.height) at (\(region.box.x), \(region.box.y)), \(region.pixels) px: \(what)"
    }
    if regions.count > listedInSummary {
      let rest = regions.dropFirst(listedInSummary)
      let counts = LocalRegion.Action.allCases.map { action in (action, rest.filter { $0.action == action }.count) }
      lines.append(
        "and \(rest.count) more regions: "
          + counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", "))
    }
    return lines
  }
}
