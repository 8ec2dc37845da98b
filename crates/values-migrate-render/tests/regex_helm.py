#!/usr/bin/env python3
"""Records what Helm 4.2.3 (helm-python-sdk 0.2.2) answers for sprig's regex functions, one probe
chart render per case (`{{ FUNC ARGS | toJson }}` in c/templates/x.yaml), into regex-helm.json
beside this script: each case's function, its arguments, and either Helm's output (`json`) or its
error (`message`, whole, and `error`, the text after `error calling NAME: `). src/funcs/regex.rs's
tests call the functions on it; tests/regex_render.rs renders the same templates end to end. Run: python3 crates/values-migrate-render/tests/regex_helm.py
"""
import json
import os
import shutil
import tempfile

from helm_python.chart import Chart

HERE = os.path.dirname(os.path.abspath(__file__))

# (function, arguments): strings are Go string literals' values, ints Go ints.
CASES = [
    # Submatch positions with alternation and repetition, seen through ReplaceAll's expansion.
    ("regexReplaceAll", ["(a|ab)(c|bcd)(d*)", "abcd", "[$1|$2|$3]"]),
    ("regexReplaceAll", ["(a+)(b+)?", "aaa aab", "<$1,$2>"]),
    ("regexReplaceAll", ["(a*)*", "b", "<$1>"]),
    ("regexReplaceAll", ["(a*)+", "b", "<$1>"]),
    ("regexReplaceAll", ["(a|b)*", "ab", "<$1>"]),
    ("regexReplaceAll", ["(|a)*", "aa", "<$1>"]),
    ("regexReplaceAll", ["(|a)+", "aa", "<$1>"]),
    ("regexReplaceAll", ["(a|)*?b", "aab", "<$1>"]),
    ("regexReplaceAll", ["(?:(a)|b)+", "ab", "<$1>"]),
    ("regexReplaceAll", ["(a)|(b)", "ab", "<$1|$2>"]),
    ("regexReplaceAll", ["(fo|foo)(o*)", "fooo", "<$1|$2>"]),
    ("regexReplaceAll", ["(?U)(a+)(a*)", "aaa", "<$1|$2>"]),
    ("regexReplaceAll", ["(a+?)(a*)", "aaa", "<$1|$2>"]),
    ("regexReplaceAll", ["(?U)(a+?)(a*)", "aaa", "<$1|$2>"]),
    ("regexReplaceAll", ["(a{2,3}?)(a*)", "aaaa", "<$1|$2>"]),
    ("regexReplaceAll", ["(a){2}", "aaa", "<$1>"]),
    ("regexReplaceAll", ["(?i)(k+)", "kKK\u212a", "<$1>"]),
    ("regexReplaceAll", ["\\b(\\w+)\\b", "héllo wörld", "<$1>"]),
    ("regexReplaceAll", ["(?m)^(\\w*)$", "ab\n\ncd", "<$1>"]),
    ("regexReplaceAll", ["(?s)a(.*)b", "a\nxb", "<$1>"]),
    ("regexReplaceAll", ["a(.*)b", "a\nxb", "<$1>"]),
    # Replacement templates.
    ("regexReplaceAll", ["(a)(b)", "ab", "$1x"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "${1}x"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "$2$1"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "$$1"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "$"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "${"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "${1"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "${}"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "$10"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "$01"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "$-1"]),
    ("regexReplaceAll", ["(a)(b)", "ab", "$ 1"]),
    ("regexReplaceAll", ["(?P<first>a)(?P<second>b)", "ab", "$second$first"]),
    ("regexReplaceAll", ["(?P<first>a)(?P<second>b)", "ab", "${second}_$first_"]),
    ("regexReplaceAll", ["(?<x>a)|(?<x>b)", "ab", "<$x>"]),
    ("regexReplaceAll", ["(?P<é>a)", "a", "<$é>"]),
    ("regexReplaceAll", ["(a)", "a", "<$1é>"]),
    ("regexReplaceAll", ["(a)", "a", "<${1}é>"]),
    ("regexReplaceAll", ["(a)", "a", "<$1_>"]),
    ("regexReplaceAll", ["(?P<x_1>a)", "a", "<$x_1>"]),
    ("regexReplaceAll", ["(a)?b", "b", "<$1>"]),
    ("regexReplaceAll", ["(a)(b){0}", "ab", "<$2>"]),
    ("regexReplaceAll", ["a", "aaa", "$0$0"]),
    ("regexReplaceAll", ["", "abc", "-"]),
    ("regexReplaceAll", ["x*", "abc", "-"]),
    ("regexReplaceAll", ["b*", "abc", "-"]),
    ("regexReplaceAll", ["a|", "abc", "-"]),
    ("regexReplaceAll", ["[a-c]*", "日本", "-"]),
    ("regexReplaceAllLiteral", ["(a)(b)", "abab", "$1${2}$$"]),
    ("regexReplaceAllLiteral", ["b*", "abc", "-"]),
    ("regexReplaceAllLiteral", ["", "", "-"]),
    # Empty matches in FindAll; n.
    ("regexFindAll", ["a*", "baaab", -1]),
    ("regexFindAll", ["", "abc", -1]),
    ("regexFindAll", ["", "", -1]),
    ("regexFindAll", ["a*?", "aa", -1]),
    ("regexFindAll", ["a|b*", "abbbc", -1]),
    ("regexFindAll", ["\\b", "ab cd", -1]),
    ("regexFindAll", ["(?m)^", "a\nb\n", -1]),
    ("regexFindAll", ["(?m)$", "a\nb\n", -1]),
    ("regexFindAll", [".*", "ab\ncd", -1]),
    ("regexFindAll", ["[a-c]*", "日a本", -1]),
    ("regexFindAll", ["a", "banana", 2]),
    ("regexFindAll", ["a", "banana", 0]),
    ("regexFindAll", ["x", "banana", -1]),
    ("regexFindAll", ["a.", "banana", -5]),
    ("mustRegexFindAll", ["n(a)", "banana", -1]),
    # Find.
    ("regexFind", ["a(b|bc)c?", "xabcd"]),
    ("regexFind", ["[0-9]+", "version 10.2"]),
    ("regexFind", ["x", "abc"]),
    ("regexFind", ["\\p{Greek}+", "abc αβγ"]),
    ("mustRegexFind", ["(?i)ΣΑΣ", "σας"]),
    # Match.
    ("regexMatch", ["^[a-z]+\\[[0-9]+\\]$", "adam[23]"]),
    ("regexMatch", ["(", "abc"]),
    ("regexMatch", ["\\d", "٣"]),
    ("mustRegexMatch", ["^a.c$", "abc"]),
    # Split.
    ("regexSplit", ["z+", "pizza", -1]),
    ("regexSplit", ["z+", "pizza", 1]),
    ("regexSplit", ["z+", "pizza", 2]),
    ("regexSplit", ["z*", "pizza", -1]),
    ("regexSplit", ["", "abc", -1]),
    ("regexSplit", ["", "", -1]),
    ("regexSplit", ["x", "", -1]),
    ("regexSplit", ["a", "banana", 0]),
    ("regexSplit", ["a*", "abaabaccadaaae", 5]),
    ("mustRegexSplit", [",", ",a,,b,", -1]),
    # QuoteMeta.
    ("regexQuoteMeta", ["1.2.3+x*y?(z)|[a]{b}^$\\"]),
    ("regexQuoteMeta", ["héllo"]),
    # Refusals: the must forms return Go's error; the others panic in MustCompile.
    ("regexFind", ["(", "abc"]),
    ("mustRegexFind", ["(", "abc"]),
    ("regexFindAll", ["a**", "abc", -1]),
    ("mustRegexFindAll", ["a**", "abc", -1]),
    ("regexReplaceAll", ["\\8", "abc", "x"]),
    ("mustRegexReplaceAll", ["\\8", "abc", "x"]),
    ("regexReplaceAllLiteral", ["[z-a]", "abc", "x"]),
    ("mustRegexReplaceAllLiteral", ["[z-a]", "abc", "x"]),
    ("regexSplit", ["(?=x)", "abc", -1]),
    ("mustRegexSplit", ["(?=x)", "abc", -1]),
    ("mustRegexMatch", ["x{1001}", "abc"]),
    ("regexFind", ["`(", "abc"]),
    ("regexFind", ["(\n", "abc"]),
    ("regexFind", ["(\t", "abc"]),
    ("regexFind", ["\\p{Foo}", "abc"]),
    ("regexFind", ["(?P<n!>a)", "abc"]),
    ("regexFind", ["(?i", "abc"]),
    ("regexFind", ["a)", "abc"]),
    ("regexFind", ["\\Z", "abc"]),
]


def literal(arg):
    """A Go template literal for `arg` (JSON's string escapes are Go's; other text raw, as
    serde_json writes it in tests/regex_render.rs)."""
    if isinstance(arg, int):
        return str(arg)
    return json.dumps(arg, ensure_ascii=False)


def render(func, args):
    """Helm's answer for one call: {"json": toJson of the result} or {"error": text}."""
    root = tempfile.mkdtemp(prefix="regex-probe-")
    try:
        chart = os.path.join(root, "c")
        os.makedirs(os.path.join(chart, "templates"))
        with open(os.path.join(chart, "Chart.yaml"), "w") as f:
            f.write("apiVersion: v2\nname: c\nversion: 0.1.0\n")
        call = " ".join([func] + [literal(a) for a in args])
        with open(os.path.join(chart, "templates", "x.yaml"), "w") as f:
            f.write("{{ " + call + " | toJson }}")
        with Chart.load(chart) as c:
            try:
                out = c.render({})
            except Exception as e:  # Helm's render error
                text = str(e)
                marker = f"error calling {func}: "
                if marker not in text:
                    raise
                return {"error": text.split(marker, 1)[1], "message": text}
        return {"json": out["c/templates/x.yaml"]}
    finally:
        shutil.rmtree(root)


def main():
    results = [{"func": f, "args": a, "helm": render(f, a)} for f, a in CASES]
    path = os.path.join(HERE, "regex-helm.json")
    with open(path, "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in results) + "\n]\n")
    print(f"{len(results)} cases recorded in {path}")


if __name__ == "__main__":
    main()
