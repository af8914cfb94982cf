public enum RootCommand { public static func main() async {} }
