import DeglareCodecs
import DeglareCore
import DeglareTestSupport

/// The echo modes: the answer is the uploaded image itself, moved or recoloured the way users
/// report real models doing it (``SimulatedAnswer``), so the client's registration can be tested
/// over HTTP. Deterministic; distances are answer pixels.
///
/// - `echo`: the upload at the requested output size, unchanged.
/// - `echo-shifted`: the content moved 6 px right and 4 px up.
/// - `echo-scaled`: the content 8 % larger, about its centre.
/// - `echo-recoloured`: gains 1.08 / 0.94 / 1.05 and offsets +4 / -3 / +2 levels on R, G, B.
/// - `echo-reframed`: an answer a twelfth narrower than asked (1408x1024 for 1536x1024, as the
///   1184x864 users got for a 3:2 request), the content scaled to cover it and moved 3 px right,
///   2 px down (a model that re-framed the picture).
/// - `reframed`: the stub's gradient patch a twelfth narrower than asked (another shape that
///   cannot be the crop).
enum EchoAnswers {
  /// The simulation of each echo mode.
  static let simulations: [String: SimulatedAnswer] = [
    "echo": SimulatedAnswer(),
    "echo-shifted": SimulatedAnswer(shiftX: 6, shiftY: -4),
    "echo-scaled": SimulatedAnswer(scale: 1.08),
    "echo-recoloured": SimulatedAnswer(gains: [1.08, 0.94, 1.05], offsets: [4, -3, 2]),
    "echo-reframed": SimulatedAnswer(shiftX: 3, shiftY: 2),
  ]

  /// Whether `mode` is one of these.
  static func handles(_ mode: String) -> Bool { simulations[mode] != nil || mode == "reframed" }

  /// The answer's frame for a requested `size`: a twelfth narrower for the re-framing modes.
  static func frame(mode: String, size: (Int, Int)) -> PixelSize {
    let narrower = mode == "echo-reframed" || mode == "reframed"
    return PixelSize(width: narrower ? size.0 - size.0 / 12 : size.0, height: size.1)
  }

  /// The PNG answer for `mode`; the gradient patch when there is no upload to echo.
  static func png(mode: String, upload: ImageBuffer?, size: (Int, Int)) -> [UInt8] {
    let frame = frame(mode: mode, size: size)
    guard let simulation = simulations[mode], let upload else {
      return Patches.png(width: frame.width, height: frame.height)
    }
    return (try? PNGCodec.encode(simulation.render(upload, frame: frame))) ?? []
  }
}
