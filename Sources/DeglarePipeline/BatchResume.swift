import DeglareCodecs
import DeglareCore
import Foundation

/// Whether a batch may skip an image because an earlier run already did it.
///
/// A removal is done when its result exists and its record (`<result>.json`) says it was made
/// from this input (same SHA-256) and this mask (the same file's SHA-256, or `--mask auto` with
/// the mask it wrote still beside the result, unchanged) with the same provider, model or method,
/// prompt, padding and feather. Anything else, a missing or unreadable record included, is not
/// done: the batch redoes it (and refuses to replace a result it did not make, unless `--force`).
public enum BatchResume {
  /// What a removal's outputs say about an earlier run.
  public enum State: Sendable, Equatable {
    /// No result yet.
    case absent
    /// The result and its record match the input and the settings: skip it.
    case done
    /// A result exists but was made from another input or with other settings, or has no
    /// readable record; `reason` says which.
    case stale(reason: String)
  }

  /// The state of `request`'s outputs.
  public static func state(of request: RemoveRequest) -> State {
    let output = request.settings.output.path
    guard FileManager.default.fileExists(atPath: output) else { return .absent }
    guard let data = FileManager.default.contents(atPath: RepairRecord.path(for: output)),
      let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return .stale(reason: "it has no readable record \(RepairRecord.path(for: output))") }
    if let mismatch = mismatch(record, request) { return .stale(reason: mismatch) }
    return .done
  }

  /// The first fact of `record` that does not match `request`, as a clause; nil when all match.
  static func mismatch(_ record: [String: Any], _ request: RemoveRequest) -> String? {
    guard let imageBytes = try? ImageFile.readBytes(request.imagePath),
      sha256(record["input"]) == SHA256.hex(imageBytes)
    else { return "its record was made from another version of \(request.imagePath)" }
    let mask = record["mask"] as? [String: Any]
    switch request.mask {
    case .file(let path):
      guard mask?["source"] as? String == "file", let bytes = try? ImageFile.readBytes(path),
        sha256(mask) == SHA256.hex(bytes)
      else { return "its record was made with another mask than \(path)" }
    case .automatic:
      guard mask?["source"] as? String == "auto", let saved = request.maskOutputPath,
        let bytes = try? ImageFile.readBytes(saved), sha256(mask) == SHA256.hex(bytes)
      else { return "its record was made without --mask auto, or its mask file is missing or changed" }
    }
    let provider = request.provider
    guard record["provider"] as? String == provider.rawValue else {
      return "its record names another provider than \(provider)"
    }
    if provider.isRemote {
      if let model = request.options.model, record["model"] as? String != model {
        return "its record names another model than \(model)"
      }
    } else if record["method"] as? String != request.options.method.rawValue {
      return "its record names another method than \(request.options.method.rawValue)"
    }
    guard (record["prompt"] as? String) == request.options.effectivePrompt(for: provider) else {
      return "its record names another prompt"
    }
    guard number(record["padding"]) == request.settings.padding, number(record["feather"]) == request.settings.feather
    else { return "its record names another padding or feather" }
    return nil
  }

  private static func sha256(_ digest: Any?) -> String? {
    (digest as? [String: Any])?["sha256"] as? String
  }

  private static func number(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
  }
}
