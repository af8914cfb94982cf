import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// The iPhone's own HEIC files (iOS 17/18: a grid of HEVC tiles, an HDR gain map as a derived
/// image, EXIF with orientation, nclx or ICC colour), against `raw/`'s JPEGs: a newer decoder's
/// reading of the same files, re-encoded at q92.
@Suite(.enabled(if: SharedPhotos.directory != nil, "\(SharedPhotos.absent)"))
struct HEIFPhoneTests {
  @Test(
    "the phone's HEIC decodes upright, the size and pixels of the newer decoder's reading",
    arguments: ["IMG_7683", "IMG_7685", "IMG_7687"])
  func phoneFile(name: String) throws {
    let heicPath = try #require(SharedPhotos.path("heic/\(name).heic"))
    let jpegPath = try #require(SharedPhotos.path("raw/\(name).jpg"))
    let heic = try ImageFile.read(heicPath)
    let reference = try ImageFile.read(jpegPath)
    #expect(heic.format == .heif)
    #expect(heic.image.size == reference.image.size, "\(name): \(heic.image.size) vs \(reference.image.size)")
    #expect(heic.appliedOrientation == reference.appliedOrientation)
    #expect(heic.metadata.exif.flatMap { EXIF($0)?.orientation } == 1)
    guard heic.image.size == reference.image.size else { return }
    // Mean absolute difference per channel over every third pixel of every third row.
    var total = [0, 0, 0]
    var count = 0
    heic.image.withUnsafeSamples8 { a in
      reference.image.withUnsafeSamples8 { b in
        for y in stride(from: 0, to: heic.image.height, by: 3) {
          for x in stride(from: 0, to: heic.image.width, by: 3) {
            let i = (y * heic.image.width + x) * 3
            for c in 0..<3 { total[c] += abs(Int(a[i + c]) - Int(b[i + c])) }
            count += 1
          }
        }
      }
    }
    let means = total.map { Double($0) / Double(count) }
    #expect(means.allSatisfy { $0 <= 2 }, "\(name): mean differences \(means)")
    // The colour description goes with the pixels: the JPEG's ICC profile where it has one.
    #expect(heic.metadata.iccProfile == reference.metadata.iccProfile)
    print("\(name): \(heic.image.size), orientation \(heic.appliedOrientation), mean |HEIC - JPEG| \(means)")
  }
}
