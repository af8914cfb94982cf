import FuzzSupport

@testable import DeglareCLI

/// A command line (words separated by NUL bytes) through deglare's parser and every command's
/// validation, exactly as `deglare` runs them, without running the command.
@main
enum FuzzArguments: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    let words = FuzzInput.words(bytes)
    var commandPath = "deglare"
    do {
      _ = try RootCommand.invocation(words, commandPath: &commandPath)
    } catch let error as ValidationError {
      _ = ErrorReporter.sentence(error.message)
    } catch {
      _ = ErrorReporter.classify(error)
    }
  }
}
