// Grey-level erosion, dilation, opening and closing with a square structuring element, in O(1)
// comparisons per pixel whatever the square's size (van Herk / Gil-Werman).
//
// A k x k square is separable: a k-wide 1-D filter along rows, then along columns. Along one line
// the van Herk algorithm cuts the (padded) signal into blocks of k samples and keeps, for each
// sample, the running minimum from its block's start (`prefix`) and to its block's end (`suffix`);
// the minimum over the window [i, i + k - 1] is then min(suffix[i], prefix[i + k - 1]): three
// comparisons per sample. The vertical pass runs the same recurrence on whole rows at once, so it
// streams through memory instead of striding down columns.
//
// Pixels beyond the border are neutral (erosion ignores them, as if they were +infinity;
// dilation as if -infinity), which is OpenCV's default for morphologyEx.

/// Grey-level morphology on ``Plane`` values with a square structuring element.
public enum Morphology {
  /// Erosion: each pixel becomes the minimum over the `size` x `size` square centred on it.
  /// - Parameter size: the square's side in pixels; odd (an even size is rounded up), 1 is identity.
  public static func erode<T: MorphologySample>(_ plane: Plane<T>, size: Int) -> Plane<T> {
    filter(plane, size: size, takeMinimum: true)
  }

  /// Dilation: each pixel becomes the maximum over the `size` x `size` square centred on it.
  public static func dilate<T: MorphologySample>(_ plane: Plane<T>, size: Int) -> Plane<T> {
    filter(plane, size: size, takeMinimum: false)
  }

  /// Opening (erosion, then dilation): removes bright structures the square cannot fit inside;
  /// never above the input.
  public static func open<T: MorphologySample>(_ plane: Plane<T>, size: Int) -> Plane<T> {
    dilate(erode(plane, size: size), size: size)
  }

  /// Closing (dilation, then erosion): fills dark structures the square cannot fit inside; never
  /// below the input.
  public static func close<T: MorphologySample>(_ plane: Plane<T>, size: Int) -> Plane<T> {
    erode(dilate(plane, size: size), size: size)
  }

  static func filter<T: MorphologySample>(_ plane: Plane<T>, size: Int, takeMinimum: Bool) -> Plane<T> {
    let k = max(1, size | 1)
    if k == 1 { return plane }
    var out = plane
    let neutral = takeMinimum ? T.morphologyMaximum : T.morphologyMinimum
    out.values.withUnsafeMutableBufferPointer { data in
      horizontalPass(data, width: plane.width, height: plane.height, k: k, neutral: neutral, takeMinimum: takeMinimum)
      verticalPass(data, width: plane.width, height: plane.height, k: k, neutral: neutral, takeMinimum: takeMinimum)
    }
    return out
  }

  // Hot kernels: unsafe buffers because bounds-checked indexing made the 24 MP benchmark several
  // times slower; every index stays inside the scratch buffers sized just below.

  private static func horizontalPass<T: MorphologySample>(
    _ data: UnsafeMutableBufferPointer<T>, width: Int, height: Int, k: Int, neutral: T, takeMinimum: Bool
  ) {
    let r = k / 2
    // Padded length rounded up to whole blocks so every block is complete.
    let padded = ((width + 2 * r + k - 1) / k) * k
    var line = [T](repeating: neutral, count: padded)
    var prefix = [T](repeating: neutral, count: padded)
    var suffix = [T](repeating: neutral, count: padded)
    line.withUnsafeMutableBufferPointer { line in
      prefix.withUnsafeMutableBufferPointer { prefix in
        suffix.withUnsafeMutableBufferPointer { suffix in
          for y in 0..<height {
            let row = y * width
            for x in 0..<width { line[r + x] = data[row + x] }
            var start = 0
            while start < padded {
              let end = start + k
              var running = line[start]
              prefix[start] = running
              for i in (start + 1)..<end {
                let v = line[i]
                running = takeMinimum ? (v < running ? v : running) : (v > running ? v : running)
                prefix[i] = running
              }
              running = line[end - 1]
              suffix[end - 1] = running
              var i = end - 2
              while i >= start {
                let v = line[i]
                running = takeMinimum ? (v < running ? v : running) : (v > running ? v : running)
                suffix[i] = running
                i -= 1
              }
              start = end
            }
            for x in 0..<width {
              let a = suffix[x]
              let b = prefix[x + k - 1]
              data[row + x] = takeMinimum ? (a < b ? a : b) : (a > b ? a : b)
            }
          }
        }
      }
    }
  }

  private static func verticalPass<T: MorphologySample>(
    _ data: UnsafeMutableBufferPointer<T>, width: Int, height: Int, k: Int, neutral: T, takeMinimum: Bool
  ) {
    let r = k / 2
    let paddedRows = ((height + 2 * r + k - 1) / k) * k
    // prefix/suffix hold whole rows of the padded signal; padded rows are the neutral value.
    var prefix = [T](repeating: neutral, count: paddedRows * width)
    var suffix = [T](repeating: neutral, count: paddedRows * width)
    prefix.withUnsafeMutableBufferPointer { prefix in
      suffix.withUnsafeMutableBufferPointer { suffix in
        // Copies padded row `i` of the signal into `target` (row `i` of prefix or suffix).
        func load(_ i: Int, into target: UnsafeMutableBufferPointer<T>) {
          let y = i - r
          let cur = i * width
          if y >= 0 && y < height {
            for x in 0..<width { target[cur + x] = data[y * width + x] }
          } else {
            for x in 0..<width { target[cur + x] = neutral }
          }
        }
        // target[i] = op(signal[i], target[j]) for padded rows i and j.
        func combine(_ i: Int, with j: Int, into target: UnsafeMutableBufferPointer<T>) {
          let y = i - r
          let cur = i * width
          let other = j * width
          if y >= 0 && y < height {
            let src = y * width
            for x in 0..<width {
              let v = data[src + x]
              let p = target[other + x]
              target[cur + x] = takeMinimum ? (v < p ? v : p) : (v > p ? v : p)
            }
          } else {
            for x in 0..<width { target[cur + x] = target[other + x] }
          }
        }
        var start = 0
        while start < paddedRows {
          let end = start + k
          load(start, into: prefix)
          for i in (start + 1)..<end { combine(i, with: i - 1, into: prefix) }
          load(end - 1, into: suffix)
          var i = end - 2
          while i >= start {
            combine(i, with: i + 1, into: suffix)
            i -= 1
          }
          start = end
        }
        for y in 0..<height {
          let a = y * width
          let b = (y + k - 1) * width
          for x in 0..<width {
            let s = suffix[a + x]
            let p = prefix[b + x]
            data[y * width + x] = takeMinimum ? (s < p ? s : p) : (s > p ? s : p)
          }
        }
      }
    }
  }
}
