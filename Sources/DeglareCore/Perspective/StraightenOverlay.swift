/// A picture of a straightening plan that a person can check at a glance: the photo with the
/// detected (or given) quad drawn solid green with its corners marked, the expanded quad (the
/// margin of wall kept) dashed cyan, and the detector's runner-up, when there is one, dashed
/// magenta.
public enum StraightenOverlay {
  /// The detected quad's colour.
  public static let quadColour = OverlayCanvas.Colour(0, 230, 0)
  /// The expanded quad's colour.
  public static let expandedColour = OverlayCanvas.Colour(0, 220, 255)
  /// The runner-up's colour.
  public static let runnerUpColour = OverlayCanvas.Colour(255, 0, 200)

  /// Renders the overlay as an 8-bit RGB image of the photo's size.
  public static func render(_ image: ImageBuffer, plan: StraightenPlan) -> ImageBuffer {
    var canvas = OverlayCanvas(image)
    let width = OverlayCanvas.strokeWidth(for: image.size)
    let dash = 12 * width
    if let runnerUp = plan.runnerUp {
      canvas.outline(runnerUp, width: width, colour: runnerUpColour, dash: dash)
    }
    if plan.expandedCorners != plan.corners {
      canvas.outline(plan.expandedCorners, width: width, colour: expandedColour, dash: dash)
    }
    canvas.outline(plan.corners, width: width, colour: quadColour)
    for corner in plan.corners.corners { canvas.disc(at: corner, radius: 2 * width, colour: quadColour) }
    return canvas.image
  }
}
