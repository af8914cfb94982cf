/// The product's coordinate spaces, and the one function that scales between them.
///
/// **Canonical space**: full-resolution source pixels *after* EXIF orientation is baked in at
/// decode, top-left origin, x right, y down. Integer coordinates name pixels; a geometric point
/// (x, y), as used for corners and quads, is measured so that (0, 0) is the *centre* of the
/// top-left pixel, so pixel (i, j) covers [i - 0.5, i + 0.5] x [j - 0.5, j + 0.5]. Every file
/// format and every provider image is top-left too, so there is no y-flip anywhere.
///
/// The only conversions in the product are canonical <-> crop-local and crop <-> upload space.
/// Crop-local pixel (x, y) is canonical pixel (crop.x + x, crop.y + y): an integer offset by the
/// crop's origin, written where a loop walks a crop (``ImageBuffer/cropped(to:)``, ``Feather``,
/// ``Composite``, ``RegionOverlay``). Crop <-> upload space is a scale by the ratio of sizes,
/// pixel centres aligned: ``rescale(_:from:to:)``. Orientation never reaches code after the
/// decoder.
public enum CoordinateSpace {
  /// A point in a source raster of `sourceLength` pixels -> the same physical point in a raster
  /// of `destinationLength` pixels covering the same extent, along one axis, pixel centres at
  /// integer coordinates: `(p + 0.5) * dst / src - 0.5`. Used for crop <-> upload scaling and for
  /// downscaled analysis copies.
  @inlinable
  public static func rescale(_ point: Double, from sourceLength: Int, to destinationLength: Int) -> Double {
    (point + 0.5) * Double(destinationLength) / Double(sourceLength) - 0.5
  }
}
