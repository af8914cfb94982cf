// Order statistics by selection instead of a full sort.
//
// Quickselect (Hoare's partition around a median-of-three pivot, iterating into the side that
// holds the rank): on average linear in the count, against n log n for sorting the whole array
// to read one element. The value returned is the one a sort would put at the rank (ties are
// equal values), so callers that read one rank of a sorted copy can switch to it unchanged.

/// Selection of one rank of an array.
enum OrderStatistic {
  /// The value at `rank` of `values` sorted ascending; `values` is reordered on the way.
  /// - Precondition: `values` is not empty, `rank` is one of its indices, and no value is NaN.
  static func select(_ values: inout [Float], rank: Int) -> Float {
    precondition(values.indices.contains(rank))
    var low = 0
    var high = values.count - 1
    while low < high {
      let a = values[low]
      let b = values[low + (high - low) / 2]
      let c = values[high]
      let pivot = max(min(a, b), min(max(a, b), c))
      // After the partition, low...j holds values <= pivot and i...high values >= pivot; what
      // lies strictly between j and i equals the pivot.
      var i = low
      var j = high
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if rank <= j {
        high = j
      } else if rank >= i {
        low = i
      } else {
        return values[rank]
      }
    }
    return values[rank]
  }

  /// The value at `rank` of `values` sorted ascending, from a copy.
  static func value(at rank: Int, of values: [Float]) -> Float {
    var copy = values
    return select(&copy, rank: rank)
  }
}
