import DeglareCLI
import DeglareKeyStore
import DeglareTestSupport

/// The result of running one command line in-process.
struct CommandOutcome {
  var code: ExitCode
  var stdout: String
  var stderr: String
}

/// Runs `deglare <arguments>` in-process with captured output: the one way the CLI tests run a
/// command. Standard input is `input` (empty unless given), never the test runner's; keys live
/// in `secretStore`, a fresh in-memory store unless given, never a real keyring.
func runDeglare(
  _ arguments: [String], input: StandardInput = .piped(""), environment: [String: String] = [:],
  secretStore: any SecretStore = InMemorySecretStore()
) async -> CommandOutcome {
  let out = TextCapture()
  let err = TextCapture()
  let code = await RootCommand.run(
    arguments: arguments, console: Console(out: out.append, err: err.append), input: input,
    environment: environment, secretStore: secretStore)
  return CommandOutcome(code: code, stdout: out.text, stderr: err.text)
}
