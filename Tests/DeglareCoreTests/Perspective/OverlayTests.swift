import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Testing

@Suite(.ownThread) struct OverlayTests {
  let black = ImageBuffer(width: 120, height: 80, layout: .rgb, bitDepth: .eight)
  let red = OverlayCanvas.Colour(255, 0, 0)

  func colour(_ image: ImageBuffer, _ x: Int, _ y: Int) -> [Int] { image.pixel(x: x, y: y) }

  @Test("a line colours the pixels on it, blends its edge, and leaves pixels beyond its width untouched")
  func line() {
    var canvas = OverlayCanvas(black)
    canvas.line(from: Point(x: 10, y: 40), to: Point(x: 110, y: 40), width: 4, colour: red)
    #expect(colour(canvas.image, 60, 40) == [255, 0, 0])
    #expect(colour(canvas.image, 60, 41) == [255, 0, 0])
    #expect(colour(canvas.image, 60, 43) == [0, 0, 0])
    #expect(colour(canvas.image, 60, 36) == [0, 0, 0])
    #expect(colour(canvas.image, 5, 40) == [0, 0, 0], "the round cap ends 2 px beyond the end")
    let partial = canvas.image.sample(x: 60, y: 42, channel: 0)
    #expect(partial > 0 && partial < 255, "the stroke's edge is anti-aliased")
  }

  @Test("a dashed line leaves gaps; a gray photo becomes RGB")
  func dashedOnGray() {
    var canvas = OverlayCanvas(ImageBuffer(width: 120, height: 80, layout: .gray, bitDepth: .sixteen))
    canvas.line(from: Point(x: 0, y: 20), to: Point(x: 119, y: 20), width: 2, colour: red, dash: 20)
    #expect(canvas.image.layout == .rgb && canvas.image.bitDepth == .eight)
    #expect(colour(canvas.image, 5, 20) == [255, 0, 0])
    #expect(colour(canvas.image, 16, 20) == [0, 0, 0])
    #expect(colour(canvas.image, 25, 20) == [255, 0, 0])
  }

  @Test("the straighten overlay draws the quad green, the margin cyan and the runner-up magenta")
  func straightenOverlay() throws {
    let corners = Quad(rectangleFrom: Point(x: 30, y: 20), to: Point(x: 90, y: 60))
    var plan = try Straightener.plan(black, options: StraightenOptions(corners: corners, margin: 10))
    plan.runnerUp = Quad(rectangleFrom: Point(x: 45, y: 30), to: Point(x: 75, y: 50))
    let overlay = StraightenOverlay.render(black, plan: plan)
    func rgb(_ c: OverlayCanvas.Colour) -> [Int] { [Int(c.red), Int(c.green), Int(c.blue)] }
    #expect(colour(overlay, 60, 20) == rgb(StraightenOverlay.quadColour))
    #expect(colour(overlay, 30, 40) == rgb(StraightenOverlay.quadColour))
    #expect(colour(overlay, 22, 10) == rgb(StraightenOverlay.expandedColour), "the margin's top edge, dashed")
    #expect(colour(overlay, 48, 30) == rgb(StraightenOverlay.runnerUpColour))
    #expect(colour(overlay, 60, 40) == [0, 0, 0], "inside, nothing is drawn")
    #expect(overlay.size == black.size)
  }
}
