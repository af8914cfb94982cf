/// The 8-connected neighbourhood on a row-major grid.
enum Neighbours {
  /// Calls `body` with the index (`y * width + x`) of every 8-connected neighbour of pixel `i`
  /// that lies inside the `width` x `height` grid (not `i` itself).
  @inline(__always)
  static func eight(of i: Int, width: Int, height: Int, _ body: (Int) -> Void) {
    let x = i % width
    let y = i / width
    for ny in max(y - 1, 0)...min(y + 1, height - 1) {
      for nx in max(x - 1, 0)...min(x + 1, width - 1) where nx != x || ny != y { body(ny * width + nx) }
    }
  }
}
