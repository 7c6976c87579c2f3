#!/usr/bin/env python3
"""Every public or open declaration of the library modules has a /// comment: the lines above
it (past attributes) start with ///. Enum cases of public enums count as public. Prints each
undocumented declaration and exits 1 when there is one."""
import re, sys, pathlib

MODULES = ["Sources/TableRenderQuartz", "Sources/TableRenderTesting", "Sources/TableRenderSnapshotTesting"]
DECL = re.compile(r'^\s*(public|open)\s+(?!extension\b)(?:(?:static|class|final|override|required|convenience|mutating|private\(set\)|internal\(set\)|weak|let|var|func|init|enum|struct|class|typealias|protocol|indirect)\b\s*)+')
CASE = re.compile(r'^\s*case\s+\w')

def check(root: pathlib.Path) -> list[str]:
    missing = []
    for module in MODULES:
        for path in sorted((root / module).rglob("*.swift")):
            lines = path.read_text(encoding="utf-8").splitlines()
            public_enum_depth = []  # brace depth of enclosing public enums
            depth = 0
            for i, line in enumerate(lines):
                stripped = line.strip()
                is_decl = bool(DECL.match(line)) or (public_enum_depth and public_enum_depth[-1] == depth - 1 and CASE.match(line) is not None)
                if is_decl:
                    j = i - 1
                    while j >= 0 and lines[j].strip().startswith("@"):
                        j -= 1
                    if j < 0 or not lines[j].strip().startswith("///"):
                        missing.append(f"{path.relative_to(root)}:{i + 1}: {stripped[:100]}")
                if re.match(r'^\s*public\s+(indirect\s+)?enum\b', line):
                    public_enum_depth.append(depth)
                depth += line.count("{") - line.count("}")
                while public_enum_depth and depth <= public_enum_depth[-1]:
                    public_enum_depth.pop()
    return missing

if __name__ == "__main__":
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    missing = check(root)
    for m in missing:
        print(m)
    print(f"doc comments: {len(missing)} public declarations without one")
    sys.exit(1 if missing else 0)
