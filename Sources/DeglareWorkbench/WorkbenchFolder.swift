#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Why the page's file request was refused.
enum FolderError: Error, Equatable, CustomStringConvertible {
  /// The name is not a plain file name in the folder ("../x", "a/b", ".", a hidden file).
  case notPlainName(String)
  /// No such image in the folder.
  case notFound(String)
  /// The name leads out of the folder (a symbolic link to elsewhere).
  case outsideFolder(String)

  var description: String {
    switch self {
    case .notPlainName(let name):
      return
        "'\(name)' is not the name of a file in the workbench's folder; only images beside the opened one can be opened"
    case .notFound(let name): return "there is no image named '\(name)' in the workbench's folder"
    case .outsideFolder(let name): return "'\(name)' leads outside the workbench's folder, so it is not opened"
    }
  }
}

/// The one folder the workbench reads images from: the opened image's folder (or the working
/// folder when none was given). The page names files by their plain name only; no path from
/// the page is ever used as a path.
struct WorkbenchFolder: Sendable {
  /// The folder as given ("" for the working folder), used to build paths.
  let path: String
  /// Its canonical path (symbolic links resolved).
  let canonicalPath: String

  /// The file extensions listed and opened (case-insensitive).
  static let imageExtensions = ["png", "jpg", "jpeg"]

  /// The folder holding `imagePath`, or the working folder.
  init(holding imagePath: String?) {
    var folder = ""
    if let imagePath, let slash = imagePath.lastIndex(of: "/") {
      folder = String(imagePath[...slash])
    }
    path = folder
    canonicalPath = WorkbenchFolder.realPath(folder.isEmpty ? "." : folder) ?? (folder.isEmpty ? "." : folder)
  }

  /// The images in the folder that ``imagePath(named:)`` would open, sorted by name.
  func imageNames() -> [String] {
    guard let directory = opendir(path.isEmpty ? "." : path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if (try? imagePath(named: name)) != nil { names.append(name) }
    }
    return names.sorted()
  }

  /// The path of image `name` in the folder.
  /// - Throws: ``FolderError`` for anything but the plain name of an image file in the folder.
  func imagePath(named name: String) throws(FolderError) -> String {
    guard !name.isEmpty, !name.contains("/"), !name.contains("\0"), !name.hasPrefix("."),
      WorkbenchFolder.hasImageExtension(name)
    else { throw .notPlainName(name) }
    let candidate = path + name
    var info = stat()
    guard stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .notFound(name) }
    guard let resolved = WorkbenchFolder.realPath(candidate),
      WorkbenchFolder.parent(of: resolved) == canonicalPath
    else { throw .outsideFolder(name) }
    return candidate
  }

  /// The file name of a path.
  static func fileName(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  private static func hasImageExtension(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: ".") else { return false }
    return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
