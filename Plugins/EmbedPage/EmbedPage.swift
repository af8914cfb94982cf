// Compiles the workbench page into the binary: every file in the target's `Page` folder goes
// through `embed-files` into a generated Swift source (`PageFiles.all`). The plain files stay the
// source of truth; nothing is looked up at run time, so nothing can go missing.
import Foundation
import PackagePlugin

@main
struct EmbedPage: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    // Path-based API: the package's tools version is 6.0 (URL-based paths need 6.1).
    let folder = target.directory.appending("Page")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.string)
      .filter { !$0.hasPrefix(".") }
      .sorted()
    let files = names.map { folder.appending($0) }
    let output = context.pluginWorkDirectory.appending("PageFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding the workbench page (\(files.count) files)",
        executable: try context.tool(named: "embed-files").path,
        arguments: [output.string] + files.map(\.string),
        inputFiles: files,
        outputFiles: [output])
    ]
  }
}
