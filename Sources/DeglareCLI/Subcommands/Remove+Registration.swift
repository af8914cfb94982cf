import DeglareCore
import DeglarePipeline

/// How `remove` reports the registration of a remote patch (docs/cli.md, remove).
extension RegistrationFit {
  /// "applied", "already aligned", "not applied" or "failed".
  var statusName: String {
    switch status {
    case .alreadyAligned: return "already aligned"
    case .applied: return "applied"
    case .notApplied: return "not applied"
    case .failed: return "failed"
    }
  }

  /// The `registration` object of `--json`: status, shift [x, y] in crop pixels, scale [x, y],
  /// colour gain and offset per channel (8-bit levels), the channels whose saturated samples were
  /// rebuilt (channel, and the level they clipped at), the ring's PSNR in dB before and after
  /// (null when identical: infinite), the fraction of ring pixels that agree, and the verdicts.
  var jsonObject: JSONValue {
    func decibels(_ value: Double) -> JSONValue { value.isFinite ? .double((value * 100).rounded() / 100) : .null }
    func rounded(_ value: Double, _ scale: Double = 1000) -> JSONValue { .double((value * scale).rounded() / scale) }
    let rebuilt = colour.fills.map { fill in
      JSONValue.object([("channel", .string(fill.channelName)), ("level", .int(fill.isHigh ? 255 : 0))])
    }
    var members: [(String, JSONValue)] = [
      ("status", .string(statusName)),
      ("shift", .array([rounded(geometry.shiftX, 100), rounded(geometry.shiftY, 100)])),
      ("scale", .array([rounded(geometry.scaleX, 10000), rounded(geometry.scaleY, 10000)])),
      ("colour_gain", .array(colour.gains.map { rounded($0) })),
      ("colour_offset", .array(colour.offsets.map { rounded($0, 10) })),
      ("saturated_rebuilt", .array(rebuilt)),
      ("ring_psnr_before_db", decibels(ringPSNRBefore)),
      ("ring_psnr_db", decibels(ringPSNR)),
      ("ring_agreement", rounded(inlierFraction)),
      ("registered", .bool(isRegistered)),
      ("surroundings_changed", .bool(surroundingsChanged)),
    ]
    if case .failed(let failure) = status { members.append(("failure", .string(failure.description))) }
    return .object(members)
  }

  /// One line for the text summary.
  var summaryLine: String {
    func decibels(_ value: Double) -> String { value.isFinite ? String(format1: value) + " dB" : "identical" }
    switch status {
    case .alreadyAligned:
      return "registration: the patch already matches its surroundings (\(decibels(ringPSNR)))"
    case .applied:
      return "registration: \(geometry), colour \(colour); surroundings \(decibels(ringPSNRBefore)) -> "
        + decibels(ringPSNR)
    case .notApplied:
      return "registration: none applied (surroundings \(decibels(ringPSNR)))"
    case .failed(let failure):
      return "registration: none possible, \(failure) (surroundings \(decibels(ringPSNR)))"
    }
  }

  /// The warning when the seam needs a look, else nil.
  var warning: String? {
    guard surroundingsChanged else { return nil }
    let agreement = Int((inlierFraction * 100).rounded())
    return "the model changed the surroundings of the mask (\(agreement) % of them still match"
      + (ringPSNR.isFinite ? ", \(String(format1: ringPSNR)) dB" : "")
      + "); look at the seam along the mask's edge"
  }
}
