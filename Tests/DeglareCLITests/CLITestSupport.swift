import DeglareCLI
import DeglareTestSupport

/// The result of running one command line in-process.
struct CommandOutcome {
  var code: ExitCode
  var stdout: String
  var stderr: String
}

/// Runs `deglare <arguments>` in-process with captured output.
func runDeglare(_ arguments: [String], environment: [String: String] = [:]) async -> CommandOutcome {
  let out = TextCapture()
  let err = TextCapture()
  let console = Console(out: out.append, err: err.append)
  let code = await RootCommand.run(arguments: arguments, console: console, environment: environment)
  return CommandOutcome(code: code, stdout: out.text, stderr: err.text)
}
