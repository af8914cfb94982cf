import DeglareCodecs
import Foundation

/// Why a batch cannot start (exit 64 in the CLI): nothing has been read or written yet.
public enum BatchPlanError: Error, Equatable, CustomStringConvertible {
  /// The outputs would go into a folder given as input, where a later run would take them for
  /// images.
  case outputInInput(folder: String)
  /// A folder given as input holds no image (PNG, JPEG, HEIC) at the depth searched.
  case emptyFolder(path: String, recursive: Bool)
  /// Two inputs would write the same output file.
  case sameOutput(output: String, first: String, second: String)

  /// One sentence naming the files.
  public var description: String {
    switch self {
    case .emptyFolder(let path, let recursive):
      return "the folder \(path) holds no PNG, JPEG or HEIC image"
        + (recursive ? "" : " (add --recursive to look in its subfolders)")
    case .outputInInput(let folder):
      return "--out-dir is the input folder \(folder); write the outputs to another folder, so a later run does "
        + "not take them for photos"
    case .sameOutput(let output, let first, let second):
      return "\(first) and \(second) would both be written to \(output); give them separate runs or rename one"
    }
  }
}

/// One image of a batch: the file, and where it sits under the folder it was found in (its
/// outputs keep that place under `--out-dir`).
public struct BatchItem: Sendable, Equatable {
  /// The image's path as found (the folder argument joined with the relative path, or the file
  /// argument as given).
  public var input: String
  /// The path under its folder argument (`sub/IMG_1.jpg`), or the file name for a file argument.
  public var relative: String

  /// Creates an item.
  public init(input: String, relative: String) {
    self.input = input
    self.relative = relative
  }

  /// `DIR/<relative folder>/<stem><suffix>`: the output named like the single-image default, in
  /// `directory` (`IMG_1.jpg` with `.deglared.png` -> `DIR/IMG_1.deglared.png`).
  public func output(in directory: String, suffix: String) -> String {
    BatchPlan.join(directory, OutputNaming.beside(relative, suffix: suffix))
  }

  /// The mask for this image in `directory`: `<stem>.png`, else `<stem>.mask.png` (what
  /// `deglare detect --out-dir` writes), in the image's relative folder; nil when neither exists.
  public func mask(in directory: String) -> String? {
    let candidates = [".png", ".mask.png"].map { BatchPlan.join(directory, OutputNaming.beside(relative, suffix: $0)) }
    return candidates.first { BatchPlan.isFile($0) }
  }

  /// Where the mask is looked for first, for the message when none is there.
  public func expectedMask(in directory: String) -> String {
    BatchPlan.join(directory, OutputNaming.beside(relative, suffix: ".png"))
  }
}

/// Turns the inputs of a batch (files and folders) into the list of images, in a stable order.
public enum BatchPlan {
  /// The extensions of the images a folder contributes (any case).
  public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "heif"]
  /// Names a folder never contributes: deglare's own masks and overlays, which sit beside the
  /// images they belong to.
  public static let ownSuffixes = [".mask.png", ".overlay.png"]

  /// The images: each file argument as given (a missing or broken one fails on its own, like a
  /// single input), and each folder's images sorted by path (its subfolders too with
  /// `recursive`; hidden files, deglare's masks and overlays, and the folders in `excluding`
  /// left out). The first folder of `excluding` is where the outputs go: it may not be a folder
  /// argument.
  /// - Throws: ``BatchPlanError``.
  public static func items(_ arguments: [String], recursive: Bool, excluding: [String] = []) throws -> [BatchItem] {
    let excluded = Set(excluding.map(canonical))
    var items: [BatchItem] = []
    for argument in arguments {
      if let output = excluding.first, isDirectory(argument), canonical(argument) == canonical(output) {
        throw BatchPlanError.outputInInput(folder: argument)
      }
      guard isDirectory(argument) else {
        items.append(BatchItem(input: argument, relative: (argument as NSString).lastPathComponent))
        continue
      }
      let found = images(in: argument, under: "", recursive: recursive, excluded: excluded)
      guard !found.isEmpty else { throw BatchPlanError.emptyFolder(path: argument, recursive: recursive) }
      items += found.map { BatchItem(input: join(argument, $0), relative: $0) }
    }
    return items
  }

  /// Refuses two items that would write the same output (`a/IMG.jpg` and `b/IMG.jpg` given as
  /// files, or `IMG.jpg` beside `IMG.png`).
  /// - Throws: ``BatchPlanError/sameOutput(output:first:second:)``.
  public static func checkDistinct(_ items: [BatchItem], outputs: (BatchItem) -> String) throws {
    var seen: [String: String] = [:]
    for item in items {
      let output = outputs(item)
      if let first = seen[output] {
        throw BatchPlanError.sameOutput(output: output, first: first, second: item.input)
      }
      seen[output] = item.input
    }
  }

  /// `folder/name`, without doubling a trailing slash.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Whether `path` is a folder (following symbolic links).
  public static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
  }

  /// Whether `path` exists and is not a folder.
  public static func isFile(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && !directory.boolValue
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// The relative paths of the images under `folder/prefix`, sorted.
  private static func images(in folder: String, under prefix: String, recursive: Bool, excluded: Set<String>)
    -> [String]
  {
    let here = prefix.isEmpty ? folder : join(folder, prefix)
    guard !excluded.contains(canonical(here)) || prefix.isEmpty,
      let names = try? FileManager.default.contentsOfDirectory(atPath: here)
    else { return [] }
    var found: [String] = []
    for name in names.sorted() where !name.hasPrefix(".") {
      let relative = prefix.isEmpty ? name : prefix + "/" + name
      let path = join(folder, relative)
      if isDirectory(path) {
        if recursive && !excluded.contains(canonical(path)) {
          found += images(in: folder, under: relative, recursive: true, excluded: excluded)
        }
      } else if isImageName(name) {
        found.append(relative)
      }
    }
    return found
  }

  private static func isImageName(_ name: String) -> Bool {
    let lower = name.lowercased()
    guard let dot = lower.lastIndex(of: "."), dot != lower.startIndex else { return false }
    if ownSuffixes.contains(where: { lower.hasSuffix($0) }) { return false }
    return imageExtensions.contains(String(lower[lower.index(after: dot)...]))
  }
}

extension BatchPlan {
  /// Creates the folder `path` will be written in, with its parents (`--out-dir` and the
  /// subfolders a recursive batch mirrors).
  /// - Throws: `WriteError.cannotWrite` naming `path`.
  public static func createFolder(of path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty, !isDirectory(folder) else { return }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw WriteError.cannotWrite(path: path, reason: "cannot create the folder \(folder)")
    }
  }
}
