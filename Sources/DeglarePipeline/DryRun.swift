import DeglareCodecs
import DeglareCore
import DeglareProviders

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// `remove --dry-run DIR`: writes exactly what the provider would receive, plus the plan, and
/// calls nothing. Needs no key and no network.
public enum DryRun {
  /// What a dry run wrote.
  public struct Report: Sendable {
    /// The provider that would receive the upload.
    public var provider: ProviderID
    /// The model (remote) or method (local) that would run.
    public var model: String
    /// The plan.
    public var plan: CropPlan
    /// What the remote request would be billed for; nil for the local provider.
    public var billing: BilledOutput?
    /// The files written, in order (the upload files, then plan.json).
    public var files: [String]
    /// The plan as written to plan.json.
    public var planJSON: JSONValue
  }

  /// Writes the provider's upload files and `plan.json` into `directory` (created if needed), all
  /// or nothing: when one cannot be written (it exists without `overwrite`, or it is one of
  /// `inputs`), none is, and the folders this call created are removed again.
  /// - Parameter inputs: the paths the command reads (the image, the mask file): never overwritten,
  ///   whatever the spelling.
  /// A remote provider's upload of a photo with a colour profile other than sRGB (`profile`) is
  /// written converted to sRGB, as it would be sent (``SRGBProvider``).
  /// - Throws: ``WriteError`` (73/64 in the CLI), the provider's preview error, or
  ///   ``ProviderError/invalidOption(message:)`` for an output larger than the crop needs (before
  ///   anything is written).
  public static func write(
    image: ImageBuffer, profile: [UInt8]? = nil, mask: Mask, imagePath: String, provider: any ImageEditProvider,
    padding: Double, directory: String, overwrite: Bool, inputs: [String]
  ) throws -> Report {
    let provider = try SRGBProvider.wrapping(provider, profile: profile, isColour: image.layout.colorChannelCount == 3)
    guard let (plan, billing) = try RemoveSteps.plan(mask: mask, provider: provider, padding: padding) else {
      throw RemovalError.nothingLoaded
    }
    let created = try makeDirectory(directory)
    do {
      let request = RemoveSteps.request(image: image, mask: mask, plan: plan)
      let uploads = try provider.uploadPreview(for: request)
      var members: [(String, JSONValue)] = [
        ("image", .string(imagePath)),
        ("image_size", .array([.int(image.width), .int(image.height)])),
        ("crop", .array(plan.crop.array.map(JSONValue.int))),
        ("upload_size", .array([.int(plan.uploadSize.width), .int(plan.uploadSize.height)])),
        ("provider", .string(provider.id.rawValue)),
        (provider.isRemote ? "model" : "method", .string(provider.model)),
        ("masked_pixels", .int(mask.insideCount)),
        ("leaves_machine", .bool(provider.isRemote)),
        ("files", .array(uploads.map { .string($0.name) })),
      ]
      if provider is SRGBProvider {
        members.append(("upload_colour", .string("sRGB, converted from the photo's profile")))
      }
      if let aspect = plan.aspectName { members.insert(("aspect_ratio", .string(aspect)), at: 4) }
      members += billing?.planMembers ?? []
      let json = JSONValue.object(members)
      let files =
        uploads.map { (path: directory + "/" + $0.name, bytes: $0.bytes) }
        + [(path: directory + "/plan.json", bytes: Array((json.text + "\n").utf8))]
      try OutputFile.writeAll(files, overwrite: overwrite, inputs: inputs)
      return Report(
        provider: provider.id, model: provider.model, plan: plan, billing: billing, files: files.map(\.path),
        planJSON: json)
    } catch {
      for folder in created.reversed() { rmdir(folder) }
      throw error
    }
  }

  /// `mkdir -p`, with a clear error; returns the folders it created, outermost first.
  static func makeDirectory(_ path: String) throws -> [String] {
    var current = path.hasPrefix("/") ? "" : "."
    var created: [String] = []
    for component in path.split(separator: "/") {
      current += "/" + component
      var info = stat()
      if stat(current, &info) == 0 {
        if (info.st_mode & S_IFMT) != S_IFDIR {
          throw WriteError.cannotWrite(path: path, reason: "\(current) is a file, not a folder")
        }
        continue
      }
      if mkdir(current, 0o777) == 0 {
        created.append(current)
      } else if errno != EEXIST {
        let reason = String(cString: strerror(errno))
        for folder in created.reversed() { rmdir(folder) }
        throw WriteError.cannotWrite(path: path, reason: reason)
      }
    }
    return created
  }
}
