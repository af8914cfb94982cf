#!/usr/bin/env bash
# Checks that every target's declared dependencies are exactly what its files import, in the
# package (Package.swift) and in the fuzz package (Fuzz/Package.swift):
#
# - a Swift target: its `import` lines (any modifier: internal, @testable...) naming a module of
#   the package or of a product it depends on, against its dependencies. An executable target
#   may stand as a dependency without being imported (tests run `deglare` and `stub-server`).
# - a C target: the headers its files #include, against the headers each system library's
#   shim.h brings in (the standard C headers aside).
#
# Prints one line per difference and exits 1 if there is any; silent and 0 when the manifest
# matches. Run by Scripts/test.sh before the build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

root_json="$(swift package dump-package)"
fuzz_json="$(swift package --package-path Fuzz dump-package)"

python3 - "$root_json" "$fuzz_json" <<'EOF'
import json, os, re, sys

IMPORT = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_]\w*)", re.M)
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
STANDARD_C = {"stdio.h", "stddef.h", "stdint.h", "stdbool.h", "stdlib.h", "string.h", "setjmp.h"}


def default_path(package_dir, target):
    if target.get("path"):
        return os.path.join(package_dir, target["path"])
    folder = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(package_dir, folder, target["name"])


def files(path, endings):
    for folder, _, names in os.walk(path):
        for name in names:
            if name.endswith(endings):
                yield os.path.join(folder, name)


def read_all(paths):
    return "".join(open(p, encoding="utf-8").read() for p in paths)


def check(package_dir, manifest, root):
    """Returns the differences of one package, as sentences."""
    problems = []
    targets = {t["name"]: t for t in manifest["targets"]}
    own_modules = {n for n, t in targets.items() if t["type"] in ("regular", "system", "test")}
    executables = {n for n, t in targets.items() if t["type"] == "executable"}
    # Modules a product of the root package brings (products are named after their one target).
    root_modules = {t["name"] for t in root["targets"] if t["type"] in ("regular", "system")}
    system_headers = {}
    for name, target in targets.items():
        if target["type"] == "system":
            shim = os.path.join(default_path(package_dir, target), "shim.h")
            system_headers[name] = set(INCLUDE.findall(open(shim, encoding="utf-8").read())) - STANDARD_C
    for name, target in targets.items():
        if target["type"] in ("system", "plugin"):
            continue
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            declared.add(value[0])
        path = default_path(package_dir, target)
        swift = list(files(path, (".swift",)))
        where = f"{os.path.relpath(path)}"
        if swift:
            known = own_modules | executables | root_modules
            imported = set(IMPORT.findall(read_all(swift))) & known
            imported.discard(name)
            for module in sorted(declared - imported):
                if module in executables:
                    continue
                problems.append(f"{where}: '{name}' declares {module} but no file imports it")
            for module in sorted(imported - declared):
                problems.append(f"{where}: '{name}' imports {module} but does not declare it")
        else:
            included = set(INCLUDE.findall(read_all(files(path, (".c", ".h")))))
            used = {lib for lib, headers in system_headers.items() if headers & included}
            for module in sorted(declared - used):
                if module in system_headers:
                    problems.append(f"{where}: '{name}' declares {module} but includes none of its headers")
            for module in sorted(used - declared):
                problems.append(f"{where}: '{name}' includes {module}'s headers but does not declare it")
    return problems


root = json.loads(sys.argv[1])
fuzz = json.loads(sys.argv[2])
problems = check(".", root, root) + check("Fuzz", fuzz, root)
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
EOF
