// The workbench's use of the remove pipeline, in one file: which providers there are and
// whether their keys are available, what a removal would send (as `remove --dry-run` plans it),
// running a removal into a result under review (``RemovalSession/repaint``), Cancel, and Save.
import DeglareCodecs
import DeglareCore
import DeglareKeyStore
import DeglarePipeline
import DeglareProviders

/// One provider as the page lists it; the key itself never leaves the server.
struct ProviderChoice: Sendable {
  /// Which provider.
  var id: ProviderID
  /// "Local (offline, no key)", "OpenAI", "Gemini".
  var label: String
  /// Whether it can run now (a key is available, or none is needed).
  var available: Bool
  /// Where the key comes from ("key from OPENAI_API_KEY"), or why there is none.
  var source: String
  /// The methods (local) or model ids (remote) the page offers.
  var options: [String]
  /// The option selected at first.
  var defaultOption: String

  var json: JSONValue {
    .object([
      ("name", .string(id.rawValue)), ("label", .string(label)), ("available", .bool(available)),
      ("source", .string(source)), ("options", .array(options.map(JSONValue.string))),
      ("default", .string(defaultOption)), ("leaves_machine", .bool(id.isRemote)),
    ])
  }
}

extension EditingSession {
  /// The providers, with where each key would come from (never the key).
  func providerChoices() -> [ProviderChoice] {
    let resolver = KeyResolver(environment: options.environment, store: options.secretStore)
    var choices = [
      ProviderChoice(
        id: .local, label: "Local (offline, no key)", available: true,
        source: "no key needed; nothing leaves this machine", options: LocalMethod.allCases.map(\.rawValue),
        defaultOption: ProviderOptions().method.rawValue)
    ]
    for provider in ProviderID.remote {
      var available = false
      var source: String
      do {
        let key = try resolver.resolve(provider)
        available = true
        source = "key from " + key.source.phrase
      } catch KeyStoreError.unavailable(let detail, _) {
        source = "no key in the environment, and no Secret Service is reachable (\(detail))"
      } catch {
        source =
          "no key: set \(provider.keyEnvironmentVariables.joined(separator: " or ")) or run "
          + "'deglare keys set \(provider)'"
      }
      choices.append(
        ProviderChoice(
          id: provider, label: provider.displayName, available: available, source: source,
          options: ModelCatalog.known.filter { $0.provider == provider }.map(\.id),
          defaultOption: ModelCatalog.defaultModel(for: provider)))
    }
    return choices
  }

  /// The provider `name` with `option` (a local method or a model id); remote ones get their key
  /// from the environment or the Secret Service. `withKey: false` builds a remote provider for
  /// planning only (no key needed).
  func makeProvider(_ name: String, option: String?, withKey: Bool) throws(WorkbenchError) -> any ImageEditProvider {
    guard let provider = ProviderID(rawValue: name.lowercased()) else {
      throw .badRequest("unknown provider '\(name)': expected \(ProviderID.allCases.joinedAsAlternatives())")
    }
    var choice = ProviderOptions()
    if provider.isRemote {
      choice.model = option
    } else {
      guard let method = LocalMethod(rawValue: option ?? choice.method.rawValue) else {
        throw .badRequest("'\(option ?? "")' is not a local method (auto, subtract or fill)")
      }
      choice.method = method
    }
    do {
      return try ProviderSetup.make(
        provider, options: choice, lookUpKey: withKey, environment: options.environment,
        secretStore: options.secretStore,
        keyLoaded: { key in if !secrets.contains(key) { secrets.append(key) } })
    } catch let error as KeyStoreError {
      throw WorkbenchError(status: 409, message: error.description)
    } catch {
      throw .badRequest("\(error)")
    }
  }

  /// What a removal with this provider would send, as `remove --dry-run` plans it: the crop, the
  /// upload size and the files' sizes. Nothing is sent and no key is needed.
  func plan(provider name: String, option: String?) async throws(WorkbenchError) -> JSONValue {
    guard let document, let history else { throw .conflict("open a photo first") }
    guard maskSummary.insideCount > 0 else { throw .conflict("the mask is empty: paint over the glare first") }
    let decoded = document.decoded
    let mask = history.mask
    let padding = options.padding
    // The same plan `remove --dry-run` writes: the provider wrapped as the removal wraps it (a
    // photo in another colour space is uploaded in sRGB), and what a remote one will bill.
    let provider: any ImageEditProvider
    let planned: (plan: CropPlan, billing: BilledOutput?)?
    do {
      provider = try SRGBProvider.wrapping(try makeProvider(name, option: option, withKey: false), for: decoded)
      planned = try RemoveSteps.plan(mask: mask, provider: provider, padding: padding)
    } catch let error as WorkbenchError {
      throw error
    } catch {
      throw .unusable("\(error)")  // the photo's colour profile cannot be read
    }
    guard let (plan, billing) = planned else { throw .conflict("the mask is empty: paint over the glare first") }
    let files = await Task.detached(priority: .userInitiated) { () -> [UploadFile] in
      let request = RemoveSteps.request(image: decoded.image, mask: mask, plan: plan)
      return (try? provider.uploadPreview(for: request)) ?? []
    }.value
    var members: [(String, JSONValue)] = [
      ("provider", .string(provider.id.rawValue)),
      (provider.isRemote ? "model" : "method", .string(provider.model)),
      ("crop", .array(plan.crop.array.map(JSONValue.int))),
      ("upload_size", .array([.int(plan.uploadSize.width), .int(plan.uploadSize.height)])),
      ("masked_pixels", .int(maskSummary.insideCount)),
      ("leaves_machine", .bool(provider.isRemote)),
      ("files", .array(files.map { .object([("name", .string($0.name)), ("bytes", .int($0.bytes.count))]) })),
    ]
    if let aspect = plan.aspectName { members.append(("aspect_ratio", .string(aspect))) }
    members += billing?.planMembers ?? []
    return .object(members)
  }

  /// Starts a removal of the current mask; the page follows it through the status.
  func startRemoval(provider name: String, option: String?) async throws(WorkbenchError) {
    guard document != nil, let history else { throw .conflict("open a photo first") }
    guard history.proposal == nil else {
      throw .conflict("keep or drop auto-detect's proposal first (only the mask is removed)")
    }
    guard maskSummary.insideCount > 0 else { throw .conflict("the mask is empty: paint over the glare first") }
    let provider = try makeProvider(name, option: option, withKey: true)
    let label = provider.isRemote ? "\(provider.id) (\(provider.model))" : "the local \(provider.model) method"
    jobCounter += 1
    let id = jobCounter
    job = RemovalJob(id: id, label: label, started: ContinuousClock().now)
    result = nil
    setStatus(
      .working,
      provider.isRemote
        ? "Sending the crop around the mask to \(label) and waiting for the repaint…"
        : "Removing the glare with \(label)…")
    Task { await self.runRemoval(id: id, provider: provider) }
  }

  /// Runs removal `id` to its end and reports it (unless a newer one replaced it).
  private func runRemoval(id: Int, provider: any ImageEditProvider) async {
    guard let history, job?.id == id else { return }
    let mask = history.mask
    do {
      await removal.replaceMask(mask)
      let preview = try await removal.repaint(
        provider: provider, padding: options.padding, feather: options.feather)
      guard let document, job?.id == id else { return }
      let pyramid = document.pyramid
      let display = ImagePyramid.displayCopy(preview.overlay.pixels)
      let patches = await Task.detached(priority: .userInitiated) {
        pyramid.patches(overlay: display, at: preview.overlay.rect)
      }.value
      // Kept only if it is still the result of the current mask.
      guard job?.id == id, let current = self.history?.mask, current == preview.mask,
        await removal.generation == preview.generation
      else {
        throw RemovalError.stale(startedAt: preview.generation, current: await removal.generation)
      }
      let label = job?.label ?? provider.id.rawValue
      let seconds = job.map { (ContinuousClock().now - $0.started).seconds } ?? preview.providerSeconds
      job = nil
      result = WorkbenchResult(
        preview: preview, patches: patches, revision: nextRevision(), label: label, seconds: seconds)
      var sentence =
        "Done in \(String(seconds, places: seconds < 10 ? 2 : 1)) s: repainted \(preview.mask.insideCount) pixels "
        + "with \(label); every other pixel is unchanged. Compare, then Save."
      if !preview.notes.isEmpty { sentence += " Note: " + preview.notes.joined(separator: "; ") }
      setStatus(.done, sentence)
    } catch {
      guard let ended = job, ended.id == id else { return }
      job = nil
      if ended.cancelled {
        setStatus(.idle, "Cancelled; nothing was kept.")
      } else if error is RemovalError, case .stale = error as? RemovalError {
        setStatus(
          .stale,
          "The mask changed while the removal ran, so its result was dropped. Press Remove again when the mask is ready."
        )
      } else if error is CancellationError {
        setStatus(.idle, "Cancelled; nothing was kept.")
      } else {
        setStatus(.error, "The removal failed: \(error)")
      }
    }
  }

  /// Cancels the removal in progress: a teardown, so whatever it returns is dropped.
  func cancel() async {
    if var running = job {
      running.cancelled = true
      job = running
    }
    await removal.cancel()
    if job != nil || state == .working { setStatus(.idle, "Cancelled; nothing was kept.") }
  }

  /// Writes the result, the exact mask it was made for and the repair record `<result>.json`
  /// beside it, atomically and through the same output code as `remove` (the record's facts in
  /// the result's XMP history; a JPEG photo's JPEG result spliced into its blocks); for a
  /// straightened photo also the straightened photo, which the result is made from and checked
  /// against. Then checks the written files as `deglare verify` does.
  /// - Returns: the paths written.
  func save(overwrite: Bool) async throws(WorkbenchError) -> [String] {
    guard let document, let result else {
      throw .conflict(state == .stale ? "the result was dropped because the mask changed" : "press Remove first")
    }
    guard busy == nil else { throw .conflict("wait until \(busy ?? "the current step") finishes") }
    let generation = result.preview.generation
    guard await removal.generation == generation else {
      throw .conflict("the result belongs to an older mask and cannot be saved")
    }
    let resultPath = document.outputPath
    let maskPath = OutputNaming.beside(resultPath, suffix: ".mask.png")
    let basePath = document.straightening.map { _ in OutputNaming.beside(document.path, suffix: ".straight.png") }
    let paths = (basePath.map { [$0] } ?? []) + [maskPath, resultPath]
    do {
      for path in paths {
        let options = ImageWriteOptions(format: ImageFormat.forOutputPath(path), overwrite: overwrite)
        try ImageFile.preflight(path, options: options, inputs: document.inputs)
      }
      try OutputFile.preflight(RepairRecord.path(for: resultPath), overwrite: overwrite, inputs: document.inputs)
    } catch let error as WriteError {
      if case .exists(let path) = error {
        throw WorkbenchError(status: 409, message: "\(WorkbenchFolder.fileName(path)) exists")
      }
      setStatus(.error, error.description)
      throw .unusable(error.description)
    } catch {
      throw .unusable("\(error)")
    }
    busy = "saving"
    defer { busy = nil }
    setStatus(.working, "Saving…")
    let preview = result.preview
    let decoded = document.decoded
    let inputs = document.inputs
    let photo = document.path
    let padding = options.padding
    let feather = options.feather
    let report: VerificationReport
    do {
      let prepared = try await Task.detached(priority: .userInitiated) { () -> [PreparedOutput] in
        let png = ImageWriteOptions(format: .png, overwrite: overwrite)
        var outputs: [PreparedOutput] = []
        // The result is made from the straightened photo when there is one: the record names it.
        var base = (path: photo, bytes: [UInt8]())
        if let basePath {
          let bytes = try ImageFile.pngBytes(
            decoded.image, metadata: decoded.metadata, compression: png.pngCompression, for: basePath)
          outputs.append(try OutputFile.prepare(to: basePath, overwrite: overwrite, inputs: inputs) { $0.write(bytes) })
          base = (basePath, bytes)
        } else {
          base.bytes = try ImageFile.readBytes(photo)
        }
        // The mask, the record and the result, as `remove` writes them.
        let resultOptions = ImageWriteOptions(format: ImageFormat.forOutputPath(resultPath), overwrite: overwrite)
        do {
          outputs += try preview.prepareSave(
            decoded, image: base, maskPath: maskPath,
            output: OutputSettings(path: resultPath, options: resultOptions, inputs: inputs), padding: padding,
            feather: feather)
        } catch {
          for output in outputs { output.discard() }
          throw error
        }
        return outputs
      }.value
      try await removal.ifCurrent(generation) {
        for output in prepared { try output.publish() }
      }
      let decodeOptions = options.decodeOptions
      report = try await Task.detached(priority: .userInitiated) {
        let written = try ImageFile.read(resultPath, options: decodeOptions).image
        let mask = Mask(image: try ImageFile.read(maskPath, options: decodeOptions).image)
        return Verification.compare(original: decoded.image, result: written, mask: mask)
      }.value
    } catch let error as RemovalError {
      setStatus(.stale, "The mask changed while saving, so nothing was written. Press Remove again.")
      throw .conflict(error.description)
    } catch {
      setStatus(.error, "Nothing was saved: \(error)")
      throw .unusable("\(error)")
    }
    let original = basePath.map(WorkbenchFolder.fileName) ?? document.name
    let names = paths.map(WorkbenchFolder.fileName)
    let isJPEG = ImageFormat.forOutputPath(resultPath) == .jpeg
    setStatus(
      report.identical || isJPEG ? .saved : .error,
      "Saved \(names.joined(separator: ", ")) and the repair record \(WorkbenchFolder.fileName(resultPath)).json. "
        + report.summary(original: original)
        + (isJPEG && !report.identical ? " (a JPEG re-encodes every pixel; write PNG for an exact result)." : "."))
    return paths
  }
}
