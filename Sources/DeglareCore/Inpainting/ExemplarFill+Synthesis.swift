import Foundation

/// The coarse-to-fine patch synthesis behind ``ExemplarFill`` (see that file's opening comment).
struct PatchSynthesis {
  /// Patches are (2 radius + 1) pixels square.
  let radius: Int
  let cancellation: RepairCancellation
  /// Expectation-maximisation rounds (match, then vote) at the coarsest level and at the others.
  var coarsestRounds = 8
  var rounds = 3
  /// PatchMatch passes per round.
  var passes = 2
  /// The levels stop halving once the hole is at most this many patch radii thick.
  var coarsestThickness: Float = 2
  /// Xorshift state of the random search (fixed: the same input gives the same output).
  private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

  init(radius: Int, cancellation: RepairCancellation) {
    self.radius = radius
    self.cancellation = cancellation
  }

  /// Synthesises the `hole` pixels of `canvas` from the patches that hold no `forbidden` pixel.
  mutating func run(_ canvas: inout PatchCanvas, hole: [Bool], forbidden: [Bool]) throws(RepairCancelled) {
    var canvases = [canvas]
    var holes = [hole]
    var forbids = [forbidden]
    while canvases.count < 7 {
      // Each level's distance transform and halving take a while on a large hole: ask first.
      try cancellation.check()
      let last = canvases[canvases.count - 1]
      let thickness =
        DistanceTransform.distance(
          to: holes[holes.count - 1].map { !$0 }, width: last.width, height: last.height
        ).max() ?? 0
      guard thickness > coarsestThickness * Float(radius), min(last.width, last.height) >= 8 * radius else { break }
      canvases.append(last.halved(hole: holes[holes.count - 1]))
      holes.append(Self.halved(holes[holes.count - 1], width: last.width, height: last.height))
      forbids.append(Self.halved(forbids[forbids.count - 1], width: last.width, height: last.height))
    }
    let coarsest = canvases.count - 1
    try cancellation.check()
    Self.membraneFill(&canvases[coarsest], hole: holes[coarsest], cancellation: cancellation)
    var previous: (nnf: [Int32], width: Int)? = nil
    for level in stride(from: coarsest, through: 0, by: -1) {
      try cancellation.check()
      if level < coarsest {
        // The hole starts as the coarser level's result.
        let coarse = canvases[level + 1]
        let fine = canvases[level].width
        for p in 0..<holes[level].count where holes[level][p] {
          let x = p % fine
          let y = p / fine
          let c = (y / 2) * coarse.width + x / 2
          for k in 0..<canvases[level].channels {
            canvases[level].values[p * coarse.channels + k] = coarse.values[c * coarse.channels + k]
          }
        }
      }
      var field = MatchField(
        canvas: canvases[level], hole: holes[level], forbidden: forbids[level], radius: radius)
      guard !field.sources.isEmpty else {
        // No patch of paint to copy from: the membrane is all there is.
        Self.membraneFill(&canvases[level], hole: holes[level], cancellation: cancellation)
        previous = nil
        continue
      }
      try cancellation.check()
      field.initialise(canvas: canvases[level], from: previous, random: &state)
      let count = level == coarsest ? coarsestRounds : rounds
      for round in 0..<count {
        try cancellation.check()
        if round > 0 { field.refresh(canvas: canvases[level]) }
        for pass in 0..<(round == 0 ? 2 * passes : passes) {
          try field.improve(
            canvas: canvases[level], backward: pass % 2 == 1, random: &state, cancellation: cancellation)
        }
        try cancellation.check()
        field.vote(into: &canvases[level], hole: holes[level])
      }
      previous = (field.nnf, canvases[level].width)
    }
    canvas = canvases[0]
  }

  /// A flag plane halved: a block is set when any of its pixels is.
  static func halved(_ flags: [Bool], width: Int, height: Int) -> [Bool] {
    let w = (width + 1) / 2
    let h = (height + 1) / 2
    var result = [Bool](repeating: false, count: w * h)
    for y in 0..<height {
      for x in 0..<width where flags[y * width + x] { result[(y / 2) * w + x / 2] = true }
    }
    return result
  }

  /// Fills the hole of `canvas` by the membrane through the pixels around it.
  static func membraneFill(_ canvas: inout PatchCanvas, hole: [Bool], cancellation: RepairCancellation) {
    let count = canvas.width * canvas.height
    var planes = (0..<canvas.channels).map { k in (0..<count).map { canvas.values[$0 * canvas.channels + k] } }
    var solver = MembraneSolver.Configuration()
    solver.cancellation = cancellation
    MembraneSolver.fill(
      &planes, known: hole.map { !$0 }, width: canvas.width, height: canvas.height, configuration: solver)
    for p in 0..<count where hole[p] {
      for k in 0..<canvas.channels { canvas.values[p * canvas.channels + k] = planes[k][p] }
    }
  }
}
