import DeglareCore

/// `remove --mask auto`: the glare detector's proposal as the removal mask.
public enum AutoMask {
  /// Runs the detector with its default configuration and margin band.
  public static func detect(_ image: ImageBuffer) throws -> GlareDetection {
    GlareDetector().detect(image)
  }
}
