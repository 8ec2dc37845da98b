#!/usr/bin/env python3
"""Attributes a wasm's bytes to crates: reads `twiggy top --format csv` of a build with names.

Usage: twiggy top -n 1000000 --format csv FILE.wasm | scripts/size-by-crate.py

A function's crate is the first path segment of its demangled name, or of the `Self` type in
`<Type as Trait>::method` (a generic instantiation is the caller's code, but it is the type's
crate that brought it). Data segments carry no name: they are one row ("data segments").
"""
import csv
import re
import sys
from collections import defaultdict

# Crates that are one dependency as far as a reader of Cargo.toml is concerned.
GROUPS = {
    "regex_automata": "regex (regex, regex-automata)", "regex": "regex (regex, regex-automata)",
    "regex_syntax": "regex-syntax", "fancy_regex": "fancy-regex",
    "jsonschema": "jsonschema", "jsonschema_regex": "jsonschema", "jsonschema_value": "jsonschema",
    "referencing": "referencing (jsonschema's $ref resolver)", "fluent_uri": "referencing (jsonschema's $ref resolver)",
    "serde_json": "serde_json", "serde": "serde", "serde_wasm_bindgen": "serde-wasm-bindgen",
    "saphyr_parser": "saphyr-parser", "similar": "similar (diff)",
    "wasm_bindgen": "wasm-bindgen, js-sys", "js_sys": "wasm-bindgen, js-sys",
    "console_error_panic_hook": "console_error_panic_hook",
    "core": "Rust std (core, alloc, std)", "alloc": "Rust std (core, alloc, std)", "std": "Rust std (core, alloc, std)",
    "dlmalloc": "Rust std (core, alloc, std)", "__rustc": "Rust std (core, alloc, std)", "compiler_builtins": "Rust std (core, alloc, std)",
    "hashbrown": "hashbrown, indexmap", "indexmap": "hashbrown, indexmap", "ahash": "ahash",
    "fraction": "fraction, num-*", "num_bigint": "fraction, num-*", "num_rational": "fraction, num-*",
    "num_integer": "fraction, num-*", "num_traits": "fraction, num-*", "num_cmp": "fraction, num-*",
    "email_address": "email_address", "uuid_simd": "uuid-simd", "outref": "uuid-simd", "vsimd": "uuid-simd",
    "unicode_general_category": "unicode-general-category", "memchr": "memchr", "aho_corasick": "aho-corasick",
    "values_migrate": "values_migrate (this crate)", "ryu": "serde_json", "itoa": "serde_json",
    "percent_encoding": "referencing (jsonschema's $ref resolver)", "data_encoding": "data-encoding",
    "bytecount": "bytecount", "getrandom": "getrandom", "once_cell": "once_cell",
}


# Sections that the shipped wasm does not carry (names; wasm-bindgen's own metadata).
DROPPED = ('"function names" subsection', '"data names" subsection', '"local names" subsection',
           "custom section '__wasm_bindgen_unstable'", "custom section 'producers'", "custom section 'target_features'")


def demangle_shared(name: str) -> str:
    """`byn$mgfn-shared$_ZN10jsonschema5…`: a function wasm-opt merged; its crate is in the mangling."""
    mangled = name.split("$", 2)[-1]
    mangled = mangled.replace("$LT$", "<").replace("$GT$", ">").replace("$u20$", " ").replace("$C$", ",")
    inner = re.search(r"_ZN\d+_<([A-Za-z_][A-Za-z0-9_]*)\.\.", mangled)
    if inner:
        return inner.group(1) + "::"
    m = re.search(r"_ZN\d*?[<&]*(\d+)([A-Za-z_][A-Za-z0-9_]*)", mangled)
    if m and len(m.group(2)) >= int(m.group(1)):
        return m.group(2)[: int(m.group(1))] + "::"
    m = re.search(r"(\d+)([A-Za-z_][A-Za-z0-9_]*)", mangled)
    return (m.group(2)[: int(m.group(1))] + "::") if m else name


def crate_of(name: str) -> str:
    if name.startswith("byn$") or name.startswith("_ZN"):
        name = demangle_shared(name)
    name = re.sub(r"\[[0-9a-f]{16}\]", "", name)
    if name.startswith("data[") or name.startswith("data segment"):
        return "data segments (strings, tables)"
    if name.startswith("code[") or name.startswith("func["):
        return "unnamed code"
    if not name or name.startswith('"') or " section" in name or name.startswith(("table[", "memory[", "elem[", "import ", "export ")):
        return "sections, imports, exports, tables"
    if name.startswith(("__wbg", "__wbindgen", "__externref")):
        return GROUPS["wasm_bindgen"]
    if name.startswith("__"):
        return GROUPS["core"]
    if re.match(r"^[a-z][A-Za-z]*_[0-9a-f]{16}$", name):
        return "wasm-bindgen exports (glue)"
    if name.startswith("<str>::") or name.startswith("<f32") or name.startswith("<f64") or name.startswith("<[") or name.startswith("<u") or name.startswith("<i"):
        return GROUPS["core"]
    n = name.lstrip("<&*").replace("dyn ", "").replace("mut ", "").replace("const ", "")
    n = re.sub(r"^\[(.*)\]$", r"\1", n).lstrip("<&[(")
    n = n.removeprefix("impl ")
    m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)::", n)
    if m:
        return GROUPS.get(m.group(1), m.group(1))
    return "other"


def main() -> None:
    total = None
    sizes = defaultdict(int)
    for row in csv.DictReader(sys.stdin):
        if row["Name"] in DROPPED:
            continue
        sizes[crate_of(row["Name"])] += int(row["ShallowSize"])
    total = total or sum(sizes.values())
    print("| crate | bytes | share |")
    print("|---|---:|---:|")
    for crate, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        if size * 1000 >= total:
            print(f"| {crate} | {size:,} | {100 * size / total:.1f}% |")
    rest = sum(s for s in sizes.values() if s * 1000 < total)
    print(f"| (each under 0.1%) | {rest:,} | {100 * rest / total:.1f}% |")


if __name__ == "__main__":
    main()
