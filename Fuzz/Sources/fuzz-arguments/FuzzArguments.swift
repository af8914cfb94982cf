import FuzzSupport

@testable import DeglareCLI

/// A command line (words separated by NUL bytes) through deglare's parser and every command's
/// validation, exactly as `deglare` runs them, without running the command.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let words = FuzzInput.words(FuzzInput.bytes(data, size))
  var commandPath = "deglare"
  do {
    _ = try RootCommand.invocation(words, commandPath: &commandPath)
  } catch let error as ValidationError {
    _ = ErrorReporter.sentence(error.message)
  } catch {
    _ = ErrorReporter.classify(error)
  }
  return 0
}
