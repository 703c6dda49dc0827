#!/usr/bin/env bash
# Which engine types does the executable use, as the compiler sees it?
#
#   scripts/front-door.sh [--names-only | --check]
#
# The front-door test (Tests/RepositoryTests/Architecture/FrontDoorTests.swift) counts the engine
# type names the executable's code spells out. This script measures what the compiler sees
# instead: after `swift build --product dogpatch-contracts` (debug), it type-checks each file of
# Sources/ContractTool (the command line) on its own (`swiftc -frontend -dump-ast -primary-file FILE`, with the
# target's other files as context and the built debug modules on the search path) and collects
# every top-level type declared in Sources/ContractEngine that the typed AST refers to: types
# written out, and also inferred ones (a closure's parameter, a `let` without a type, the element
# of a `for`, a generic argument) and nested ones, each counted by its top-level type
# (`CaseRecorder.Verdict` counts as `CaseRecorder`).
#
# The compiler flags are SwiftPM's own for the executable target, read from the build manifest
# (.build/debug.yaml: the module search path, -package-name, -swift-version, the -D conditions,
# -Xcc options, the module cache), so the type-check matches the build's.
#
# Prints a line a type, sorted: the type and how many of the executable's files refer to it; then
# the count. With --names-only: the names alone, a line each, then (on stderr) the comparison with
# the list the front-door test pins (FrontDoorTests.doors): the types only the compiler sees (used
# without being named) and any only the test lists. Exits 0 once it has printed (also when the
# lists differ), 2 when the build or a type-check fails. With --check (in .ci/run): the same
# comparison, and exit 1 unless the compiler's list is exactly the test's, so a door the compiler
# sees but nobody listed (a primitive reached through inference) fails the build. Writes only in .build and a temporary folder (removed on exit).
set -euo pipefail
cd "$(dirname "$0")/.."

names_only=0
case "${1:-}" in
    "") ;;
    --names-only) names_only=1 ;;
    --check) names_only=check ;;
    *)
        echo "usage: scripts/front-door.sh [--names-only | --check]" >&2
        exit 2
        ;;
esac

started=$(date +%s%N)
work="$(mktemp -d "${TMPDIR:-/tmp}/front-door.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# 1. Build the executable and its modules (debug), as SwiftPM does.
if ! swift build --product dogpatch-contracts > "$work/build.log" 2>&1; then
    echo "front-door: swift build failed:" >&2
    grep -E "error:" "$work/build.log" | sort -u | head -20 >&2
    exit 2
fi
manifest=".build/debug.yaml"

# 2. The executable target's compile flags, from the manifest's command for the module
#    (a JSON array of swiftc's arguments on its "args:" line), as arguments for the frontend.
python3 - "$manifest" "$work" <<'EOF'
import json, re, sys
manifest, work = sys.argv[1], sys.argv[2]
lines = open(manifest).read().split("\n")
key = re.compile(r'^  "C\.ContractTool-[^"]*-debug\.module":$')
start = next(i for i, line in enumerate(lines) if key.match(line))
args = json.loads(next(line for line in lines[start:] if line.startswith("    args: "))[len("    args: "):])

flags, sources = [], []
with_value = {"-I", "-target", "-swift-version", "-package-name", "-module-name", "-module-cache-path", "-Xcc"}
i = 1
while i < len(args):
    arg = args[i]
    if arg in with_value:
        flags += [arg, args[i + 1]]
        i += 2
        continue
    if arg == "-Xfrontend":  # already frontend options: passed as they are
        flags.append(args[i + 1])
        i += 2
        continue
    if arg.startswith("-D"):
        flags += ["-D", arg[2:]]
    elif arg in ("-enable-testing", "-Onone"):
        flags.append(arg)
    elif arg.startswith("@"):  # the target's source files, one a line
        sources = open(arg[1:]).read().split()
    i += 1
open(f"{work}/flags", "w").write("\n".join(flags) + "\n")
open(f"{work}/sources", "w").write("\n".join(sources) + "\n")
EOF
mapfile -t sources < "$work/sources"

# 3. Type-check each file as the primary file, the target's other files as its context, and keep
#    its typed AST (ast/N.ast for the Nth source). Two at a time: the machine is shared.
mkdir -p "$work/ast"
cat > "$work/type-check.sh" <<'EOF'
# type-check.sh N: the Nth file of sources, with flags, to ast/N.ast.
work=$(dirname "$0")
mapfile -t flags < "$work/flags"
mapfile -t sources < "$work/sources"
file=${sources[$1 - 1]}
others=()
for other in "${sources[@]}"; do [ "$other" = "$file" ] || others+=("$other"); done
if ! swiftc -frontend -dump-ast -primary-file "$file" "${others[@]}" "${flags[@]}" > "$work/ast/$1.ast" 2> "$work/ast/$1.err"; then
    echo "front-door: the type-check of $file failed:" >&2
    grep -E "error:" "$work/ast/$1.err" | head -5 >&2
    exit 255 # stops xargs
fi
EOF
seq "${#sources[@]}" | xargs -P 2 -I {} bash "$work/type-check.sh" {} || exit 2

# 4. Read the engine's top-level types and the typed ASTs; print the result.
python3 - "$work" "$names_only" "${sources[@]}" <<'EOF'
import glob, os, re, sys
work, mode, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
names_only, check = mode in ("1", "check"), mode == "check"

declaration = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\s+)*"
    r"(?:struct|class|enum|actor|protocol|typealias)\s+([A-Za-z_]\w*)")

def top_level_types(folder):
    """Names declared at a line's start (not indented: top level) in the folder's Swift files."""
    names = set()
    for path in glob.glob(f"{folder}/**/*.swift", recursive=True):
        for line in open(path, encoding="utf-8"):
            match = declaration.match(line)
            if match:
                names.add(match.group(1))
    return names

engine = top_level_types("Sources/ContractEngine")
# A name the executable could also mean from another of the package's modules is counted only
# where the AST names its module (ContractEngine.(file).NAME), never from a bare type string.
elsewhere = set()
for folder in glob.glob("Sources/*"):
    if os.path.basename(folder) != "ContractEngine":
        elsewhere |= top_level_types(folder)
ambiguous = engine & elsewhere

# Every attribute of the AST (NAME="VALUE") but those that hold names or text rather than types and
# declarations (a string literal's value=, label=, field=, ...): type=, interface_type=, result=,
# typerepr=, element=, inherits=, thrown_type= hold bare types (`CaseRecorder.Verdict`,
# `[String : [CaseRecorder.Case]]`); decl=, bind=, initializer= hold declarations qualified by their
# module (MODULE.(file).TYPE.member@PATH:LINE:COL), with substitution maps of bare types. Also the
# type an extension extends, which the AST writes as a bare string: (extension_decl ... "NAME".
# Not id=: a spelled `SuiteExport.Outcome` is two components, id="SuiteExport" and id="Outcome",
# the second no top-level type (each component's bind= says which type it is).
attribute = re.compile(r'\b(\w+)="((?:[^"\\]|\\.)*)"')  # a value's own quotes are escaped: \"
not_types = {"value", "label", "labels", "names", "field", "name", "module", "for", "var",
             "isolation_crossing", "id"}
extension = re.compile(r'\(extension_decl [^"\n]*"([^"]*)"')
location = re.compile(r"@/[^\s\]\"]*:\d+:\d+")
qualified = re.compile(r"\b(\w+)\.\(file\)\.([A-Za-z_]\w*)(?:\.[\w()]+(?:\([^)]*\))?| extension)*")
# A type the AST qualifies by its module to tell it from another of the same name: ContractEngine.NAME.
module_qualified = re.compile(r"(?<![\w.])ContractEngine\.([A-Za-z_]\w*)")
bare = re.compile(r"(?<![\w.])([A-Za-z_]\w*)")

files_using = {}
for index, source in enumerate(sources, start=1):
    used = set()
    ast = open(f"{work}/ast/{index}.ast", encoding="utf-8").read()
    values = [value for name, value in attribute.findall(ast) if name not in not_types] + extension.findall(ast)
    for value in values:
        value = location.sub("", value)
        for module, name in qualified.findall(value):
            if module == "ContractEngine" and name in engine:
                used.add(name)
        value = qualified.sub(" ", value)
        used |= {name for name in module_qualified.findall(value) if name in engine}
        used |= {name for name in bare.findall(value) if name in engine and name not in ambiguous}
    for name in used:
        files_using.setdefault(name, []).append(source)

used = sorted(files_using)
if names_only:
    print("\n".join(used))
    test = open("Tests/RepositoryTests/Architecture/FrontDoorTests.swift", encoding="utf-8").read()
    spelled = set(re.findall(r'"(\w+)"', re.search(r"static let doors = \[(.*?)\]", test, re.S).group(1)))
    only_compiler = sorted(set(used) - spelled)
    only_test = sorted(spelled - set(used))
    print(f"front-door: the compiler sees {len(used)} engine types; FrontDoorTests.doors spells {len(spelled)}",
          file=sys.stderr)
    print(f"  used but not named ({len(only_compiler)}): {', '.join(only_compiler) or '-'}", file=sys.stderr)
    print(f"  named but not seen ({len(only_test)}): {', '.join(only_test) or '-'}", file=sys.stderr)
    if check and (only_compiler or only_test):
        print("front-door: --check: the executable's engine types are not FrontDoorTests.doors; "
              "enter through a door, or list a new one there deliberately", file=sys.stderr)
        sys.exit(1)
else:
    width = max((len(name) for name in used), default=0)
    for name in used:
        print(f"{name:<{width}}  {len(files_using[name])} {'file' if len(files_using[name]) == 1 else 'files'}")
    print(f"{len(used)} engine types used by the executable ({len(sources)} files type-checked)")
if ambiguous:
    print(f"front-door: also declared outside the engine, counted only where the AST names ContractEngine: "
          f"{', '.join(sorted(ambiguous))}", file=sys.stderr)
EOF
echo "front-door: done in $(awk -v n=$(($(date +%s%N) - started)) 'BEGIN { printf "%.1f", n / 1e9 }') s" >&2
