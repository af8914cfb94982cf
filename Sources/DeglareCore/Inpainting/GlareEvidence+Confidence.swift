import Foundation

// Do no harm on real paint. The glare estimate is the residual between the photo and a paint
// predicted from the mask's surroundings, averaged smooth; on a real painting that prediction
// misses whatever the surroundings do not show (a Mondrian's black bar, a face under a sky-sized
// mask), and the miss looks like a lift as large as glare. How large a miss to expect is read
// from the paint around the mask: how varied the unmasked pixels beside it are (the prediction
// interpolates them). A part of the mask whose estimated glare does not stand clearly above that
// variety is left exactly as it is: a faint veil left on busy paint costs less than paint
// replaced by a wrong prediction.

extension GlareEvidence {
  /// The mask less its parts whose glare does not stand out from the variety of the paint
  /// around them: a part is kept when the ``LocalInpainter/Configuration/confidentQuantile`` of
  /// its estimated glare (linear light, Euclidean over the channels) reaches
  /// ``LocalInpainter/Configuration/evidenceContrast`` times the standard deviation (Euclidean
  /// over the channels) of the unmasked pixels within
  /// ``LocalInpainter/Configuration/structureReach`` of it, or when at least
  /// ``LocalInpainter/Configuration/opaqueEvidence`` of its pixels are opaque (paint gone: a lit
  /// sign, a blown core; a few clipped pixels are as likely white paint).
  /// - Parameters:
  ///   - glare: the first estimate, one plane per channel (linear light, 0 outside the mask).
  ///   - observed: the work area's planes (linear light).
  ///   - inside: the mask at the work scale.
  ///   - opaque: mask pixels whose clipping the estimate does not explain.
  ///   - components: the mask's parts.
  ///   - factor: full-resolution pixels per work pixel (the scales are in full-resolution pixels).
  static func confident(
    glare: [[Float]], observed: ColorPlanes, inside: [Bool], opaque: [Bool], components: MaskComponents,
    configuration: LocalInpainter.Configuration, factor: Int
  ) -> [Bool] {
    let width = observed.width
    let height = observed.height
    let toMask = DistanceTransform.distance(to: inside, width: width, height: height)
    let reach = Float(max(configuration.structureReach / Double(factor), 1.5))
    // A part's ring: the unmasked pixels within reach of the mask inside its box grown by the
    // reach (parts close enough to share pixels share their surroundings anyway).
    var amounts = [[Float]](repeating: [], count: components.components.count)
    var opaqueCount = [Int](repeating: 0, count: components.components.count)
    let channels = observed.planes.count
    // Per part, the sum and the sum of squares of each channel over its ring.
    var ringSum = [[Double]](repeating: [Double](repeating: 0, count: 2 * channels), count: components.components.count)
    var ringCount = [Int](repeating: 0, count: components.components.count)
    let padding = Int(reach.rounded(.up))
    for (index, component) in components.components.enumerated() {
      let box = component.box
      for y in max(box.y - padding, 0)..<min(box.maxY + padding, height) {
        for x in max(box.x - padding, 0)..<min(box.maxX + padding, width) {
          let p = y * width + x
          if components.labels[p] == Int32(index) {
            var sum: Float = 0
            for plane in glare { sum += plane[p] * plane[p] }
            amounts[index].append(sum.squareRoot())
            if opaque[p] { opaqueCount[index] += 1 }
          } else if !inside[p] && toMask[p] <= reach {
            for k in 0..<channels {
              let value = Double(observed.planes[k][p])
              ringSum[index][k] += value
              ringSum[index][channels + k] += value * value
            }
            ringCount[index] += 1
          }
        }
      }
    }
    var keep = inside
    for index in components.components.indices where !amounts[index].isEmpty {
      let opaqueShare = Double(opaqueCount[index]) / Double(amounts[index].count)
      guard opaqueShare < configuration.opaqueEvidence else { continue }
      amounts[index].sort()
      let position = configuration.confidentQuantile * Double(amounts[index].count - 1)
      let strong = Double(amounts[index][Int(position.rounded())])
      let count = Double(max(ringCount[index], 1))
      var variance = 0.0
      for k in 0..<channels {
        let mean = ringSum[index][k] / count
        variance += max(ringSum[index][channels + k] / count - mean * mean, 0)
      }
      let structure = variance.squareRoot()
      guard strong < configuration.evidenceContrast * structure else { continue }
      for p in 0..<keep.count where components.labels[p] == Int32(index) { keep[p] = false }
    }
    return keep
  }
}
