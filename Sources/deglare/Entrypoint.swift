import Cmalloc
import DeglareCLI

@main
struct Entrypoint {
  static func main() async {
    // Buffers of a megabyte and more (decoded photos, crops, planes) get mappings of their own,
    // returned to the system when freed. Left to itself, glibc raises this threshold to the size
    // of the first such buffer freed and serves later ones from per-thread heaps that keep freed
    // memory: a repair on a 24 MP photo then peaked at 1.4 times the memory it used.
    mallopt(M_MMAP_THRESHOLD, 1 << 20)
    await RootCommand.main()
  }
}
