import DeglareCore
import DeglarePipeline
import DeglareProviders
import Synchronization

/// The warnings a command printed, kept for its `--json` object.
final class WarningLog: Sendable {
  private let console: Console
  private let messages = Mutex<[String]>([])

  /// A log that prints on `console`.
  init(console: Console) {
    self.console = console
  }

  /// Prints `warning: message` on stderr and keeps the message.
  func warn(_ message: String) {
    console.warn(message)
    messages.withLock { $0.append(message) }
  }

  /// The messages so far, in order.
  var all: [String] { messages.withLock { $0 } }
}

/// What `remove` prints: the steps as they happen, then the summary or the dry run's plan.
extension RemoveCommand {
  /// One step of the removal on stderr (the detection is left out under `--json`).
  func report(_ event: RemoveEvent, progress: ProgressLine, warnings: WarningLog, console: Console) {
    switch event {
    case .detected(let automatic):
      guard !common.json else { return }
      let detection = automatic.detection
      console.printError(
        "detected \(detection.blobCount) glare area\(detection.blobCount == 1 ? "" : "s") covering "
          + "\(formatPercent(detection.coveragePercent)) of the image; removing \(detection.blobCount == 1 ? "it" : "them") "
          + "with a \(automatic.growth) px margin"
      )
    case .largeMask(let fraction):
      warnings.warn(
        "the mask covers \(formatPercent(fraction * 100)) of the image; is this the right mask? (white = repaint; "
          + "an inverted mask repaints everything but the glare)")
    case .lossyOutput(let path):
      warnings.warn(
        "\(path) will be a re-encoded JPEG, which cannot keep the pixels outside the mask bit-identical; "
          + "write PNG for an exact result")
    case .repainting(let provider, let model):
      if provider.isRemote { console.printError("sending the crop around the mask to \(provider) (\(model))…") }
      progress.start()
    }
  }

  /// The dry run: the plan as JSON on stdout, or two lines on stderr.
  func report(_ report: DryRun.Report, console: Console) {
    if common.json {
      console.print(report.planJSON.text)
      return
    }
    let crop = report.plan.crop
    console.printError(
      "dry run: \(report.provider) would receive the \(crop.width)x\(crop.height) crop at (\(crop.x), \(crop.y)) as "
        + "\(report.plan.uploadSize)"
        + (report.provider.isRemote
          ? " (model \(report.model))" : " (method \(report.model), nothing leaves this machine)"))
    if let billing = report.billing {
      console.printError("  would be billed: \(billing.summary)")
      for note in billing.notes { console.printError("  note: \(note)") }
    }
    console.printError("wrote \(report.files.joined(separator: ", ")); nothing was sent")
  }

  /// The summary: one JSON object on stdout, or a few lines on stderr.
  func report(_ summary: RemovalSummary, seconds: Double, warnings: [String], console: Console) {
    if common.json {
      var members: [(String, JSONValue)] = [
        ("output", .string(summary.output)),
        ("crop", .array(summary.crop.array.map(JSONValue.int))),
        ("upload_size", .array([.int(summary.uploadSize.width), .int(summary.uploadSize.height)])),
        ("provider", .string(summary.provider.rawValue)),
        (summary.isRemote ? "model" : "method", .string(summary.model)),
        ("seconds", .double((seconds * 1000).rounded() / 1000)),
        ("masked_pixels", .int(summary.maskedPixels)),
        ("input", .string(request.imagePath)),
        ("mask", .string(summary.savedMask ?? request.maskFilePath ?? "")),
        ("record", summary.record.map(JSONValue.string) ?? .null),
        ("warnings", .array(warnings.map(JSONValue.string))),
      ]
      if let aspect = summary.aspectName { members.append(("aspect_ratio", .string(aspect))) }
      if let billing = summary.billing { members.append(("billing", billing.json)) }
      if let usage = summary.usage { members.append(("usage", usage)) }
      if !summary.notes.isEmpty { members.append(("notes", .array(summary.notes.map(JSONValue.string)))) }
      if !summary.regions.isEmpty { members.append(("regions", .array(summary.regions.map(\.json)))) }
      if let fit = summary.registration { members.append(("registration", fit.jsonObject)) }
      if let splice = summary.jpegSplice {
        members.append(
          (
            "jpeg_splice",
            .object([
              ("reencoded_blocks", .int(splice.reencoded)), ("total_blocks", .int(splice.total)),
              ("upsampling_reach", .int(splice.upsamplingReach)),
            ])
          ))
      }
      console.print(JSONValue.object(members).text)
      if let warning = summary.registration?.warning { console.warn(warning) }
      return
    }
    let what = summary.isRemote ? "\(summary.provider) (\(summary.model))" : "the local \(summary.model) method"
    let crop = summary.crop
    console.printError(
      "repainted \(summary.maskedPixels) masked pixels with \(what) in \(String(format1: seconds)) s; "
        + outsideTheMask(summary))
    console.printError(
      "  crop \(crop.width)x\(crop.height) at (\(crop.x), \(crop.y)), sent as \(summary.uploadSize)"
        + (summary.aspectName.map { " (\($0))" } ?? ""))
    if let billing = summary.billing { console.printError("  billed: \(billing.summary)") }
    if let usage = summary.usage { console.printError("  usage \(usage.text)") }
    for line in LocalRegion.summaryLines(summary.regions) { console.printError("  \(line)") }
    for note in summary.notes { console.printError("  note: \(note)") }
    if let fit = summary.registration {
      console.printError("  " + fit.summaryLine)
      if let warning = fit.warning { console.warn(warning) }
    }
    if let savedMask = summary.savedMask { console.printError("wrote \(savedMask) (the mask used)") }
    if let record = summary.record { console.printError("wrote \(record) (the repair record)") }
    console.printError("wrote \(summary.output)")
  }
}

extension RemoveCommand {
  /// What holds outside the mask in the written file, as a clause.
  func outsideTheMask(_ summary: RemovalSummary) -> String {
    if let splice = summary.jpegSplice {
      let reach = splice.upsamplingReach == 0 ? "" : " (and \(splice.upsamplingReach) px of chroma smoothing)"
      return "JPEG written over the original's blocks: \(splice.reencoded) of \(splice.total) 8x8 blocks "
        + "re-encoded, every other block kept byte for byte; decoded, every pixel outside the re-encoded "
        + "blocks\(reach) is the original's"
    }
    if request.settings.output.options.format == .jpeg {
      return "the whole picture was re-encoded as JPEG, so pixels outside the mask are close to the original's, "
        + "not identical"
    }
    return "every other pixel is unchanged"
  }
}

extension String {
  /// A duration for people: two decimals under ten seconds ("0.42"), one above ("12.3").
  init(format1 value: Double) {
    let scale = value < 10 ? 100.0 : 10.0
    self = String((value * scale).rounded() / scale)
  }
}

/// "0.12 %" style percentages with two decimals.
func formatPercent(_ value: Double) -> String {
  String((value * 100).rounded() / 100) + " %"
}
