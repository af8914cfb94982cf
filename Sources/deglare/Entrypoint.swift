import DeglareCLI

@main
struct Entrypoint {
  static func main() async {
    await RootCommand.main()
  }
}
