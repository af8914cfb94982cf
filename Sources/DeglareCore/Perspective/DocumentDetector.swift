import Foundation

// `--target document` runs two searches and weighs them:
// - the edge search shared with frames (FrameDetector.detectOutline, on the same analysis copy), kept to the candidates
//   around the photo's centre: Hough lines, quads scored by edge coverage, refined at full
//   resolution; it finds a card whose artwork or coloured border cuts it into pieces, but a
//   clutter item's straight edge lined up with the sheet's can pull one side onto it;
// - the region search (DocumentDetector+Region): the piece of the photo round the centre with no
//   strong edge across it, filled, fitted with four lines; it follows the sheet's own outline
//   and never attaches a neighbour that a strong edge separates from it.
// Where both agree, the result is as sure as the surer of the two. Where they disagree, the
// region's quad is kept when its outline is clean, unless it lies inside the edge quad (a band
// of colour across a card stops the region but not the card's edge), and the confidence stays
// below one half with a "check the corners" warning naming the other quad.

extension FrameDetector {
  /// Detects a document: the edge search and the region search, weighed (see above).
  func detectDocument(in image: ImageBuffer, prepared: Prepared) -> FrameDetection {
    let outline = detectOutline(in: image, target: .document, prepared: prepared)
    let analysis = prepared.analysis
    guard analysis.width >= 16, analysis.height >= 16 else { return outline }
    guard let region = documentRegion(prepared.blurred, edges: prepared.edges) else { return outline }
    let refined = refine(region.quad.map(analysis.toCanonical), in: image, factor: analysis.factor, rule: .nearest)
    let quad = refined.support > 0 ? refined.quad : region.quad.map(analysis.toCanonical)
    let support = refined.sideSupport.min() ?? 0
    let regionConfidence = region.score * support
    let diagonal = Double(image.width * image.width + image.height * image.height).squareRoot()
    let apart = configuration.runnerUpDisagreement * diagonal
    if outline.found, outline.quad.maxCornerDistance(to: quad) <= apart {
      var agreed = outline
      agreed.confidence = max(outline.confidence, regionConfidence)
      if agreed.confidence >= configuration.doubtfulConfidence {
        agreed.warnings.removeAll { $0.hasPrefix("check the corners") }
      }
      return agreed
    }
    if outline.found, outline.confidence >= configuration.document.edgeKeepsConfidence,
      quad.corners.allSatisfy({ outline.quad.contains($0) })
    {
      // The region stopped inside the edge quad: a band of colour across a card.
      var kept = outline
      kept.confidence = min(outline.confidence, configuration.doubtfulConfidence * 0.9)
      kept.runnerUp = quad
      kept.warnings.removeAll { $0.hasPrefix("check the corners") }
      kept.warnings.append(doubt(confidence: kept.confidence, runnerUp: quad))
      return kept
    }
    let confidence = outline.found ? min(regionConfidence, configuration.doubtfulConfidence * 0.9) : regionConfidence
    var warnings = outline.warnings.filter { !$0.hasPrefix("check the corners") && !$0.contains("using a centred") }
    let rival = outline.found ? outline.quad : nil
    if confidence < configuration.doubtfulConfidence { warnings.append(doubt(confidence: confidence, runnerUp: rival)) }
    return FrameDetection(
      quad: quad, confidence: confidence, source: outline.found ? outline.source : .permissive, warnings: warnings,
      runnerUp: rival, evidence: outline.evidence)
  }
}
