import DeglareCodecs
import DeglareCore
import DeglareHTTPServer
import Synchronization

/// The layers the page draws, each in tiles.
enum TileKind: String, Sendable, CaseIterable {
  /// The photo.
  case image
  /// The mask (gray 255, alpha = coverage).
  case mask
  /// Auto-detect's pending proposal, like the mask.
  case proposal
  /// The photo with the result's crop in place.
  case result
}

/// What one layer's tiles are drawn from (captured from the session, rendered off it).
struct TileSource: Sendable {
  /// The photo's pyramid.
  var pyramid: ImagePyramid
  /// The photo's revision.
  var imageRevision: Int
  /// The layer's revision (the mask's, the proposal's or the result's; tile URLs name it).
  var layerRevision: Int
  /// For ``TileKind/result``: the result's pixels per level.
  var patches: [PatchLevel]? = nil
  /// For ``TileKind/mask`` and ``TileKind/proposal``.
  var mask: Mask? = nil
  /// The mask's inside bounding box (nil: nothing inside).
  var maskBounds: PixelRect? = nil
}

/// Encoded tiles, most recently used kept, up to a byte budget. Shared by all connections.
final class TileCache: Sendable {
  private struct Entry {
    var bytes: [UInt8]
    var contentType: String
    var lastUse: Int
  }
  private struct Storage {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var clock = 0
  }
  private let storage = Mutex(Storage())
  /// The budget in bytes.
  let budget: Int

  init(budget: Int = 48 << 20) { self.budget = budget }

  /// The cached tile for `key`, if any.
  func get(_ key: String) -> (bytes: [UInt8], contentType: String)? {
    storage.withLock { storage in
      guard var entry = storage.entries[key] else { return nil }
      storage.clock += 1
      entry.lastUse = storage.clock
      storage.entries[key] = entry
      return (entry.bytes, entry.contentType)
    }
  }

  /// Stores a tile, dropping the least recently used ones above the budget.
  func put(_ key: String, bytes: [UInt8], contentType: String) {
    storage.withLock { storage in
      storage.clock += 1
      if let old = storage.entries[key] { storage.bytes -= old.bytes.count }
      storage.entries[key] = Entry(bytes: bytes, contentType: contentType, lastUse: storage.clock)
      storage.bytes += bytes.count
      while storage.bytes > budget, storage.entries.count > 1,
        let oldest = storage.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        storage.bytes -= oldest.value.bytes.count
        storage.entries[oldest.key] = nil
      }
    }
  }
}

/// Renders and encodes tiles: the photo and result as JPEG (quality 90, full chroma), masks as
/// gray+alpha PNG; a mask tile with nothing inside is 204 No Content.
enum TileRenderer {
  /// The answer for tile (column, row) of `level` of a layer.
  static func response(
    _ source: TileSource, kind: TileKind, level: Int, column: Int, row: Int, cache: TileCache
  ) -> ServerResponse {
    guard let rect = source.pyramid.tileRect(level: level, column: column, row: row) else {
      return WorkbenchResponse.error(404, "no such tile")
    }
    let place = "\(level)/\(column)/\(row)"
    switch kind {
    case .image, .result:
      // A result tile the crop does not reach is the photo's own tile.
      var patch: PatchLevel?
      if kind == .result, let patches = source.patches, patches.indices.contains(level),
        !patches[level].rect.intersection(rect).isEmpty
      {
        patch = patches[level]
      }
      let key = patch == nil ? "image/\(source.imageRevision)/\(place)" : "result/\(source.layerRevision)/\(place)"
      if let cached = cache.get(key) { return WorkbenchResponse.tile(cached.bytes, contentType: cached.contentType) }
      let pixels = source.pyramid.tile(level: level, rect: rect, patch: patch)
      guard let bytes = try? JPEGCodec.encode(pixels, options: JPEGEncodingOptions(quality: 90, fullChroma: true))
      else { return WorkbenchResponse.error(500, "a tile could not be encoded") }
      cache.put(key, bytes: bytes, contentType: "image/jpeg")
      return WorkbenchResponse.tile(bytes, contentType: "image/jpeg")
    case .mask, .proposal:
      let key = "\(kind.rawValue)/\(source.layerRevision)/\(place)"
      if let cached = cache.get(key) { return WorkbenchResponse.tile(cached.bytes, contentType: cached.contentType) }
      guard let mask = source.mask,
        let pixels = MaskTiles.render(mask, inside: source.maskBounds, level: level, rect: rect)
      else { return WorkbenchResponse.emptyTile }
      guard let bytes = try? PNGCodec.encode(pixels) else {
        return WorkbenchResponse.error(500, "a tile could not be encoded")
      }
      cache.put(key, bytes: bytes, contentType: "image/png")
      return WorkbenchResponse.tile(bytes, contentType: "image/png")
    }
  }
}
