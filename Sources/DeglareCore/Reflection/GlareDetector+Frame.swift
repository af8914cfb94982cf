// Raw photos: the frame first (the straighten detector), then glare inside it only.

extension GlareDetector {
  /// The glass of the photographed picture: inside the frame's outer edge when
  /// ``FrameDetector`` finds one covering at least ``Configuration/minimumFrameAreaFraction`` of
  /// the photo, less a band measured inward from that edge; otherwise the photo less a band
  /// along its edges.
  /// - Parameter marginBand: the band in pixels; nil for the default (a fraction of the frame's
  ///   shorter side, ``Configuration/frameBandFraction``, or of the photo's,
  ///   ``Configuration/marginBandFraction``).
  public func findGlass(
    in image: ImageBuffer, marginBand: Int? = nil, frameDetector: FrameDetector = FrameDetector()
  ) -> GlassRegion {
    let frame = frameDetector.detect(in: image, target: .frame)
    let quad = frame.quad
    guard frame.found, quad.isConvex, quad.area >= configuration.minimumFrameAreaFraction * Double(image.pixelCount)
    else {
      return .image(image.size, band: max(0, marginBand ?? defaultMarginBand(for: image.size)))
    }
    let lengths = quad.edgeLengths
    let shorter = min((lengths[0] + lengths[2]) / 2, (lengths[1] + lengths[3]) / 2)
    let band = marginBand ?? Int((shorter * configuration.frameBandFraction).rounded())
    return GlassRegion(quad: quad, band: max(0, band), source: .frame, confidence: frame.confidence)
  }

  /// Finds the frame (``findGlass(in:marginBand:frameDetector:)``), then detects glare inside it.
  public func detectInFrame(
    _ image: ImageBuffer, marginBand: Int? = nil, frameDetector: FrameDetector = FrameDetector()
  ) -> GlareDetection {
    detect(image, glass: findGlass(in: image, marginBand: marginBand, frameDetector: frameDetector))
  }
}
