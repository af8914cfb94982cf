import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@Suite(.ownThread) struct PerspectiveWarpTests {
  @Test(
    "warping the image's own pixel area to its own size copies every sample exactly",
    arguments: [
      (ChannelLayout.rgb, BitDepth.eight), (.gray, .eight), (.grayAlpha, .sixteen), (.rgba, .eight), (.rgba, .sixteen),
    ])
  func identityIsExact(layout: ChannelLayout, depth: BitDepth) throws {
    let image = SyntheticImages.formula(width: 23, height: 17, layout: layout, bitDepth: depth)
    let whole = Quad(rectangleFrom: Point(x: -0.5, y: -0.5), to: Point(x: 22.5, y: 16.5))
    let warped = try PerspectiveWarp.warp(image, quad: whole, to: image.size)
    #expect(warped == image)
  }

  @Test("a flat colour stays exactly flat under any perspective (the weights sum to one)")
  func flatStaysFlat() throws {
    let colour: [UInt8] = [201, 77, 13]
    let samples: [UInt8] = (0..<3600).map { colour[$0 % 3] }
    let image = ImageBuffer(width: 40, height: 30, layout: .rgb, samples: samples)
    let quad = Quad([Point(x: 3.2, y: 1.7), Point(x: 36.9, y: 4.1), Point(x: 33.3, y: 28.6), Point(x: 1.1, y: 25.2)])
    let warped = try PerspectiveWarp.warp(image, quad: quad, to: PixelSize(width: 57, height: 41))
    #expect(warped.size == PixelSize(width: 57, height: 41) && warped.samples8.count == 57 * 41 * 3)
    #expect(warped.samples8.enumerated().allSatisfy { $0.element == colour[$0.offset % 3] })
  }

  @Test(
    "a keystoned checkerboard warped back recovers the grid: squares at the right places, edges within a quarter pixel")
  func checkerboardRecovered() throws {
    // A 8 x 6 board of 16-pixel squares (128 x 96), photographed yawed and pitched.
    let square = 16.0
    let board = PixelSize(width: 128, height: 96)
    let camera = SyntheticFrameScene.camera(
      size: PixelSize(width: 200, height: 160), focalLength: 220, distance: 1.3, yaw: 0.28, pitch: -0.18, roll: 0.07,
      aim: Point(x: 0, y: 0))
    // Plane units: the board spans [-0.5, 0.5] x [-0.375, 0.375]; one board pixel = 1/128.
    let planeToBoard = { (point: Point) in Point(x: (point.x + 0.5) * 128 - 0.5, y: (point.y + 0.375) * 128 - 0.5) }
    let photo = renderPlane(size: PixelSize(width: 200, height: 160), planeToImage: camera) { plane in
      let b = planeToBoard(plane)
      guard b.x >= -0.5, b.y >= -0.5, b.x < 127.5, b.y < 95.5 else { return [128, 128, 128] }
      let dark = (Int(((b.x + 0.5) / square).rounded(.down)) + Int(((b.y + 0.5) / square).rounded(.down))) % 2 == 0
      return dark ? [20, 20, 20] : [235, 235, 235]
    }
    let corners = Quad(rectangleFrom: Point(x: -0.5, y: -0.375), to: Point(x: 0.5, y: 0.375)).map(camera.map)
    let flat = try PerspectiveWarp.warp(photo, quad: corners, to: board)
    // Every square's centre has its colour.
    for row in 0..<6 {
      for column in 0..<8 {
        let x = column * 16 + 8
        let y = row * 16 + 8
        let expected = (row + column) % 2 == 0 ? 20 : 235
        #expect(abs(flat.sample(x: x, y: y, channel: 0) - expected) <= 12, "square (\(column), \(row))")
      }
    }
    // Along a middle row of squares, each vertical grid line is where the profile crosses the mid level.
    for column in 1..<8 {
      let expected = Double(column * 16) - 0.5
      let y = 8
      var crossing = -1.0
      for x in (column * 16 - 4)..<(column * 16 + 3) {
        let a = Double(flat.sample(x: x, y: y, channel: 0))
        let b = Double(flat.sample(x: x + 1, y: y, channel: 0))
        if (a - 127.5) * (b - 127.5) <= 0, a != b { crossing = Double(x) + (127.5 - a) / (b - a) }
      }
      #expect(abs(crossing - expected) < 0.25, "grid line \(column): \(crossing) vs \(expected)")
    }
  }

  @Test("the packed RGB and RGBA kernels give exactly what the one-channel kernel gives for each channel")
  func packedKernelsMatchPlain() throws {
    let gray = SyntheticImages.formula(width: 31, height: 23, layout: .gray, bitDepth: .eight)
    let rgb = ImageBuffer(
      width: 31, height: 23, layout: .rgb, samples: gray.samples8.flatMap { [$0, 255 - $0, $0 / 2] })
    let rgba = ImageBuffer(
      width: 31, height: 23, layout: .rgba, samples: gray.samples8.flatMap { [$0, 255 - $0, $0 / 2, $0] })
    let inverted = ImageBuffer(width: 31, height: 23, layout: .gray, samples: gray.samples8.map { 255 - $0 })
    let halved = ImageBuffer(width: 31, height: 23, layout: .gray, samples: gray.samples8.map { $0 / 2 })
    let quad = Quad([Point(x: 2.3, y: 1.1), Point(x: 28.7, y: 3.9), Point(x: 27.2, y: 21.4), Point(x: 0.8, y: 19.6)])
    let size = PixelSize(width: 37, height: 29)
    let plain = try [gray, inverted, halved].map { try PerspectiveWarp.warp($0, quad: quad, to: size).samples8 }
    let packed = try PerspectiveWarp.warp(rgb, quad: quad, to: size).samples8
    let packedAlpha = try PerspectiveWarp.warp(rgba, quad: quad, to: size).samples8
    for pixel in 0..<size.area {
      for channel in 0..<3 {
        #expect(packed[pixel * 3 + channel] == plain[channel][pixel])
        #expect(packedAlpha[pixel * 4 + channel] == plain[channel][pixel])
      }
      #expect(packedAlpha[pixel * 4 + 3] == plain[0][pixel])
    }
  }

  @Test("16-bit samples warp like 8-bit ones scaled by 257, to within the rounding of the coarser weights")
  func sixteenBit() throws {
    let eight = SyntheticImages.formula(width: 31, height: 23, layout: .rgb, bitDepth: .eight)
    let sixteen = ImageBuffer(width: 31, height: 23, layout: .rgb, samples: eight.samples8.map { UInt16($0) * 257 })
    let quad = Quad([Point(x: 2.3, y: 1.1), Point(x: 28.7, y: 3.9), Point(x: 27.2, y: 21.4), Point(x: 0.8, y: 19.6)])
    let size = PixelSize(width: 37, height: 29)
    let a = try PerspectiveWarp.warp(eight, quad: quad, to: size).samples8
    let b = try PerspectiveWarp.warp(sixteen, quad: quad, to: size).samples16
    for index in a.indices { #expect(abs(Int(a[index]) * 257 - Int(b[index])) <= 257, "sample \(index)") }
  }

  @Test("taps beyond the photo repeat its border instead of reading outside it")
  func borderRepeats() throws {
    let image = SyntheticImages.formula(width: 8, height: 6, layout: .rgb, bitDepth: .eight)
    let beyond = Quad(rectangleFrom: Point(x: -3, y: -3), to: Point(x: 10, y: 8))
    let warped = try PerspectiveWarp.warp(image, quad: beyond, to: PixelSize(width: 13, height: 11))
    #expect(warped.pixel(x: 0, y: 0) == image.pixel(x: 0, y: 0))
    #expect(warped.pixel(x: 12, y: 10) == image.pixel(x: 7, y: 5))
  }
}
