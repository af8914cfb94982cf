import DeglareCore

/// Two equal framed pictures side by side on a wall, seen straight on: a scene where two
/// plausible quads disagree.
public enum TwoFrames {
  /// The photo's size.
  public static let size = PixelSize(width: 480, height: 300)
  /// Plane x in [-1.2, 1.2] -> pixels, 200 pixels per unit, centred.
  public static let planeToImage = Homography([200, 0, 239.5, 0, 200, 149.5, 0, 0, 1])
  /// The two frames' outer edges, plane units.
  public static let frames = [
    Quad(rectangleFrom: Point(x: -1.1, y: -0.5), to: Point(x: -0.1, y: 0.5)),
    Quad(rectangleFrom: Point(x: 0.1, y: -0.5), to: Point(x: 1.1, y: 0.5)),
  ]

  /// The photo, 8-bit RGB.
  public static func render() -> ImageBuffer {
    renderPlane(size: size, planeToImage: planeToImage) { point in
      for (index, frame) in frames.enumerated() {
        let inset = min(
          point.x - frame.topLeft.x, frame.topRight.x - point.x, point.y - frame.topLeft.y,
          frame.bottomLeft.y - point.y)
        guard inset >= 0 else { continue }
        if inset < 0.07 { return [150, 110, 50] }
        let shade = index == 0 ? 1.0 : 0.97
        return [90 * shade + 40 * point.y, 110 * shade, 140 * shade - 30 * point.y]
      }
      return [210, 207, 200]
    }
  }

  /// The index of the frame (in pixels) nearest to `quad`.
  public static func nearest(to quad: Quad) -> Int {
    let pixels = frames.map { $0.map(planeToImage.map) }
    return pixels.indices.min { pixels[$0].maxCornerDistance(to: quad) < pixels[$1].maxCornerDistance(to: quad) } ?? 0
  }
}
