// embed-files OUTPUT FILE...: writes a Swift source declaring `PageFiles.all`, a dictionary from
// each file's name to its exact text, so the workbench's page (plain HTML, CSS and JavaScript
// files in the repository) is compiled into the binary. Run by the EmbedPage build-tool plugin.
//
// Each file becomes a multi-line raw string literal whose delimiter has one more '#' than the
// longest run of '#' in the file, so no content can end it or be read as an escape.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: embed-files OUTPUT FILE...\n".utf8))
  exit(64)
}
let outputPath = arguments[1]
var source = """
  // Generated at build time by embed-files (the EmbedPage plugin) from the workbench's Page folder.
  // Edit the files there, not this one.

  /// The workbench page's files, by file name, exactly as they are in the repository.
  enum PageFiles {
    /// Every file's text by name ("index.html", "workbench.js", ...).
    static let all: [String: String] = [

  """
var literals = ""
for (index, path) in arguments.dropFirst(2).enumerated() {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("embed-files: cannot read \(path) as UTF-8\n".utf8))
    exit(65)
  }
  let name = URL(fileURLWithPath: path).lastPathComponent
  var longestRun = 0
  var run = 0
  for character in text {
    run = character == "#" ? run + 1 : 0
    longestRun = max(longestRun, run)
  }
  let hashes = String(repeating: "#", count: longestRun + 1)
  let endsWithNewline = text.hasSuffix("\n")
  source += "    \"\(name)\": pageFile\(index)\(endsWithNewline ? " + \"\\n\"" : ""),\n"
  literals += "\nprivate let pageFile\(index) = \(hashes)\"\"\"\n\(text)\(endsWithNewline ? "" : "\n")\"\"\"\(hashes)\n"
}
source += "  ]\n}\n" + literals
do {
  try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("embed-files: cannot write \(outputPath): \(error)\n".utf8))
  exit(73)
}
