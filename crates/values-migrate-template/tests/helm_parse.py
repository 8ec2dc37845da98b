#!/usr/bin/env python3
"""Go's own parser (inside Helm v4, helm-python-sdk) and ours, asked about the same templates.

Each template becomes the only file of a tiny chart (Chart.yaml apiVersion v2, templates/t.yaml);
Helm's render either parses it (no error, or an execution error: an accept for the parser) or
says `parse error at (c/templates/t.yaml:LINE): MESSAGE`. Ours is the example
`examples/parse.rs` (one JSON line per file). Verdict, line and message (its last `: ` part, as
Helm's cleanupParseError prints it) must agree.

The templates: hand-written cases of every construct and error, templates generated from a
small grammar (seeded; most near-valid, some broken on purpose), and seeded mutations of the
real charts' templates under tests/charts/real.

    python3 crates/values-migrate-template/tests/helm_parse.py [GENERATED] [MUTATIONS]

Prints each disagreement, `N of M agree (A accepted, R refused by Helm)` and `N passed, M failed`; exits 1
on any disagreement.
"""
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from helm_python.chart import Chart

ROOT = Path(__file__).resolve().parents[3]

CASES = [
    # Text, trims, comments.
    "plain text", "", "{{ .Values.a }}", "{{- .Values.a -}}", "{{-3}}", "{{ 3 -}} x", "{{3 -}}",
    "a \n {{- 3 }}", "{{ 3 -}} \n b", "{{-\t3 -}}", "{{- 3 -\n}}", "{{ 3 -}}", "{{ 3 - }}",
    "{{/* c */}}", "{{- /* c */ -}}", "{{/* c */ }}", "{{ /* c */ }}", "{{/* unclosed",
    "{{/* a */}}{{/* b */}}", "{{- /* a\nb */}}", "{{/*\n*/}}\n{{ nope }}", "{{/**/}}",
    "x\n{{- /* c */ -}}\ny", "{{/* c */ -}}", "{{/* c */-}}", "{{ .A }}}}", "{{{ .A }}",
    "{ {.A}}", "}} {{", "{{}}", "{{ }}", "{{\n}}", "{{-}}", "{{- -}}", "{{ - }}",
    # Keywords and control structures.
    "{{ if }}{{ end }}", "{{ if .A }}{{ else if .B }}{{ else }}{{ end }}",
    "{{ if .A }}{{ else with .B }}{{ end }}", "{{ with .A }}{{ else with .B }}{{ end }}",
    "{{ with .A }}{{ else if .B }}{{ end }}", "{{ range .A }}{{ else if .B }}{{ end }}",
    "{{ range $i, $e := .A }}{{ $i }}{{ end }}", "{{ range $i, $e, $f := .A }}{{ end }}",
    "{{ $x := 1 }}{{ $x = 2 }}{{ $x }}", "{{ $y }}", "{{ $y = 1 }}", "{{ break }}",
    "{{ range .A }}{{ break }}{{ continue }}{{ end }}", "{{ end }}", "{{ else }}", "{{ else if .A }}",
    "{{ define \"a\" }}x{{ end }}{{ template \"a\" . }}", "{{ block \"b\" . }}y{{ end }}",
    "{{ if .A }}", "{{ if .A }}{{ else }}{{ else }}{{ end }}", "{{ if .A }}{{ end }}{{ end }}",
    "{{ range .A }}{{ if .B }}{{ break }}{{ end }}{{ end }}", "{{ range .A }}{{ else }}{{ break }}{{ end }}",
    "{{ range .A }}{{ block \"b\" . }}{{ break }}{{ end }}{{ end }}",
    "{{ range .A }}{{ define \"x\" }}{{ end }}{{ end }}", "{{ define \"x\" }}{{ define \"y\" }}{{ end }}{{ end }}",
    "{{ define \"x\" }}a{{ end }}{{ define \"x\" }}b{{ end }}", "{{ define \"x\" }}{{ end }}{{ define \"x\" }}b{{ end }}",
    "{{ define \"x\" }} {{ end }}{{ define \"x\" }}b{{ end }}", "{{ block \"x\" . }}a{{ end }}{{ define \"x\" }}b{{ end }}",
    "{{ define \"x\" }}{{ else }}{{ end }}", "{{ block \"x\" . }}{{ else }}{{ end }}", "{{ define }}",
    "{{ define \"x\" . }}{{ end }}", "{{ define `x` }}{{ end }}", "{{ define \"\\q\" }}{{ end }}",
    "{{ template }}", "{{ template .A }}", "{{ template \"x\" }}", "{{ template \"x\" | }}",
    "{{ block \"b\" }}y{{ end }}", "{{ block \"b\" . . }}y{{ end }}", "{{ with $x := .A }}{{ $x }}{{ end }}{{ $x }}",
    "{{ if $x := .A }}{{ else if $y := .B }}{{ $x }}{{ $y }}{{ end }}", "{{ if .A }}{{ $c := 1 }}{{ else }}{{ $c }}{{ end }}",
    "{{ $x := 1 }}{{ define \"d\" }}{{ $x }}{{ end }}", "{{ $x := 1 }}{{ block \"d\" . }}{{ $x }}{{ end }}",
    "{{ $x := $x }}", "{{ range $k, $x }}{{ end }}", "{{ $x := 1 }}{{ range $k, $x }}{{ end }}",
    "{{ range $k, }}{{ end }}", "{{ range $k, . }}{{ end }}", "{{ with $a, $b := . }}{{ end }}",
    "{{ $a, $b := . }}", "{{ if .A }}\n{{ else }}\n{{ else }}\n{{ end }}",
    # Pipelines and operands.
    "{{ .A | printf \"%s\" | quote }}", "{{ (.A).B }}", "{{ .A.B.C }}", "{{ \"x\" | 3 }}",
    "{{ 3 | printf }}", "{{ nope }}", "{{ .A", "{{ \"unterminated }}", "{{ .A | }}", "{{ | .A }}",
    "{{ .A = 1 }}", "{{ $x := }}", "{{ include \"a\" (dict \"k\" .) }}", "{{ tpl (toYaml .Values.a) $ }}",
    "{{ @ }}", "{{ .A.\u00e9 }}", "{{ .\u00e9 }}", "{{ \u00e9 }}", "{{ .A\u00a0}}", "{{ .A }}\u00a0",
    "{{ . | nil }}", "{{ nil }}", "{{ nil.A }}", "{{ true.A }}", "{{ .A nil }}", "{{ (1) }}", "{{ ( }}",
    "{{ ) }}", "{{ (1 }}", "{{ ((1) }}", "{{ (1)) }}", "{{ () }}", "{{ (.A | ) }}", "{{ $.Values.a }}",
    "{{ $ }}", "{{ . }}", "{{ .A:B }}", "{{ .A,B }}", "{{ ..A }}", "{{ .A..B }}", "{{ $x.A }}",
    "{{ $.A.B }}", "{{ (.A).B.C }}", "{{ (.A) .B }}", "{{ printf.A }}", "{{ \"a\".b }}", "{{ 'a'.b }}",
    "{{ 1.b }}", "{{ .A(.B) }}", "{{ .A \"x\" }}", "{{ .A`x` }}", "{{ .A\"x\" }}", "{{ .A.B| .C }}",
    "{{ \"a\" \"b\" }}", "{{ .A -1 }}", "{{ print -.5 }}", "{{ +1 }}", "{{ -- }}", "{{ 1-2 }}",
    "{{ .A.B | default (dict) | toYaml | nindent 4 }}", "{{ else if }}", "{{ if .A }}{{ else if }}{{ end }}",
    "{{ printf \"%d\" ( ) }}", "{{ .A | (1) }}", "{{ .A | $x }}", "{{ $x := 1 }}{{ .A | $x }}",
    "{{ .A | .B | 'c' }}", "{{ .A | true }}", "{{ .A | . }}", "{{ .A | nil }}", "{{ .A | \"s\" }}",
    "{{ .A | 3 }}", "{{ .A | (.B) }}", "{{ $x += 1 }}", "{{ $x ! 2 }}", "{{ $x:=. }}{{ $x+2 }}",
    "{{ $x:=. }}{{ $x +2 }}", "{{ $x :=. }}", "{{ $x:= . }}", "{{ $x : = . }}", "{{ $x = }}",
    "{{ $x\n:=\n1 }}", "{{ $y\n}}", "{{ $y\n .A }}", "{{ .A\n| printf\n}}", "{{ .A #}}",
    "{{ env \"HOME\" }}", "{{ expandenv \"x\" }}", "{{ mustToToml . }}", "{{ durationSeconds . }}",
    "{{ getHostByName \"x\" }}", "{{ fail \"x\" }}", "{{ required \"x\" .A }}", "{{ lookup \"v1\" \"Pod\" \"\" \"\" }}",
    "{{ and 1 2 | or 3 | not }}", "{{ slice . 1 }}", "{{ call .F }}", "{{ html . }}{{ js . }}{{ urlquery . }}",
    "{{ eq 1 1 }}{{ ne 1 2 }}{{ lt 1 2 }}{{ le 1 2 }}{{ gt 2 1 }}{{ ge 2 1 }}", "{{ len . }}{{ index . 1 }}",
    "{{ print . }}{{ println . }}", "{{ break 1 }}", "{{ range . }}{{ break 1 }}{{ end }}",
    "{{ range . }}{{ continue . }}{{ end }}", "{{ range . }}{{ break }}x{{ end }}",
    # Strings, characters and numbers.
    "{{ `raw\nline` }}", "{{ \"\\u00e9\" }}", "{{ \"\\q\" }}", "{{ \"\\x41\\101\\n\\t\" }}", "{{ \"\\400\" }}",
    "{{ \"\\U0001F600\" }}", "{{ \"\\U00110000\" }}", "{{ \"\\ud800\" }}", "{{ \"\\xzz\" }}", "{{ \"a\nb\" }}",
    "{{ \"\\\n\" }}", "{{ `a` }}", "{{ `a }}", "{{ 'a' }}", "{{ 'ab' }}", "{{ '\\n' }}", "{{ '' }}",
    "{{ '\\q' }}", "{{ '\\x41' }}", "{{ '\\u00e9' }}", "{{ '\\\"' }}", "{{ '\"' }}", "{{ '\\'' }}",
    "{{ 'a }}", "{{ '\n' }}", "{{ '\u00e9' }}", "{{ '\\400' }}", "{{ '\\377' }}",
    "{{ 0x1F }}", "{{ 1_000 }}", "{{ 0b101 }}", "{{ 0o17 }}", "{{ 017 }}", "{{ 018 }}", "{{ 1e3 }}",
    "{{ 0x1p-2 }}", "{{ 1i }}", "{{ 09 }}", "{{ 1__0 }}", "{{ 3k }}", "{{ 1+2i }}", "{{ 1e+3i }}",
    "{{ 2+ }}", "{{ 1e400 }}", "{{ 1e-400 }}", "{{ 99999999999999999999 }}", "{{ -9223372036854775808 }}",
    "{{ 18446744073709551615 }}", "{{ 18446744073709551616 }}", "{{ 0x1.8 }}", "{{ 0x1.8p1 }}",
    "{{ 0x10i }}", "{{ 0b1i }}", "{{ 0o7i }}", "{{ 073i }}", "{{ 1_2i }}", "{{ _1 }}", "{{ 1_ }}",
    "{{ 0x_1 }}", "{{ 0_1 }}", "{{ 0x }}", "{{ 0b }}", "{{ 0b2 }}", "{{ 0o8 }}", "{{ . }}", "{{ .5 }}",
    "{{ 5. }}", "{{ .e5 }}", "{{ 1e }}", "{{ 1e+ }}", "{{ 1e_5 }}", "{{ 1i+2i }}", "{{ 0x1+2i }}",
    "{{ 1+.i }}", "{{ +i+2i }}", "{{ 1+0x1p1i }}", "{{ 1e400+1i }}", "{{ -1.2+4.2i }}", "{{ 1+2.i }}",
    "{{ 1+2.3e4i }}", "{{ 1-2i }}", "{{ 1+-2i }}", "{{ 1.2.3 }}", "{{ 1..2 }}", "{{ 0x1.e_fp4 }}",
    "{{ 1e1_9 }}", "{{ 0x_1p4 }}", "{{ +- }}", "{{ - 1 }}", "{{ .A-1 }}", "{{ $x-1 }}", "{{ true-1 }}",
    # Multi-line errors and lines.
    "line1\nline2\n{{ if }}", "{{ define \"x\" }}{{ if }}{{ end }}", "{{ if .A }}\n{{ end", "x\n{{ .A\n",
    "{{ if .A }}\n\n{{/* unclosed", "{{ if .A }}x{{/* unclosed", "{{ if .A }}{{ .B }}\n{{/* c", "{{ block \"b\" . }}{{ end }}\n{{/* c", "{{ block \"b\" . }}\n{{/* c", "{{ end \"a\u00a0\" }}", "{{ $x := 1 }}{{ define \"d\" }}{{ end }}{{ $x }}",
    "{{\n\n\n\n\n", "line1\n{{\"x\"\n\"y\"\n", "{{ $v := `\n` }} {{", "a\n{{ block \"b\" .\n",
    "{{ if .A }}\n{{ else if .B\n", "{{ define \"d\"\n", "{{ with .A }}\n\n", "\n\n{{ end }}",
    "{{ if\n.A\n}}{{ else\n}}{{ end\n}}", "{{ range\n$i,\n$e\n:=\n.A\n}}{{ end }}", "{{ .A\n}}\n{{ .B",
    "{{ if .A }}\n{{ else }}\n{{ else }}", "{{ define \"a\" }}1{{ end }}\n\n{{ define \"a\" }}2{{ end }}",
    "a\n{{ .A }}\n{{ $y\n.B }}", "{{ (\n(\n1\n)\n) }}", "{{ (\n1\n}}", "{{ \"a\" |\n3 }}",
    "{{ if .A }}\n{{ range .B }}\n{{ end }}", "x\r\n{{ nope }}", "{{ .A }}\r\n{{ $y }}",
    # Unicode: Go's letters and digits, its quoting of long or unprintable items.
    "{{ .\u00aa }}", "{{ .a\u0301 }}", "{{ .\u0663 }}", "{{ .\u216b }}", "{{ .x\u00b2 }}",
    "{{ $\u00e9 := 1 }}{{ $\u00e9 }}", "{{ .\u672c }}", "{{ .\U00031350 }}", "{{ .\U0001e4f0 }}",
    "{{ end \"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\" }}", "{{ end \"abcdefghijklmnop\" }}", "{{ end \u200b }}",
    "{{ end `a\tb` }}", "{{ end `\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9` }}", "{{ end \x7f }}",
    "{{ end \x01 }}", "{{ end \u0085 }}", "{{ end \U0001F600 }}", "{{ .A\U0001F600 }}", "{{ end 'x' }}",
    "{{ if .A }}{{ end .B.C.D.E.F.G }}", "\ufeff{{ .A }}", "{{ .A }}\ufeff{{ nope }}",
]


class Grammar:
    """Seeded templates from a small grammar: mostly valid, some broken on purpose."""

    ATOMS = [".Values.a", ".", "$", "$x", "$y", "nil", "true", "false", "1", "-1", "0x1F", "1e3",
             "1i", "1+2i", "09", "3k", "'a'", "'ab'", "\"s\"", "\"\\q\"", "\"\\n\"", "`r`", "`r\nr`",
             ".A.B", "$.Values.a", "$x.A", ".A.b.c", "0b1", "1_0", "1__0", "0x1p4", "\"\\u00e9\""]
    FUNCS = ["printf", "include", "toYaml", "default", "quote", "nindent", "dict", "list", "nope",
             "eq", "and", "not", "tpl", "required", "index", "len", "print"]
    JUNK = ["(", ")", "|", ",", ":=", "=", "..", "#", ":", "-", "+", "{", "}", "/*", "*/", "'",
            "\"", "`", "else", "end", "if", "range", "with", "define", "block", "template",
            "break", "continue", "\n", "\t", "  "]
    TEXTS = ["text", "\n", "  ", "a: b\n", "- x\n", " \t\n ", "é\n", "{", "}", "{ {", "}}"]

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def sep(self):
        return self.rng.choice([" ", " ", " ", "  ", "\n", "\t"])

    def operand(self, depth):
        r = self.rng.random()
        if r < 0.15 and depth < 3:
            return "(" + self.pipeline(depth + 1) + ")" + self.rng.choice(["", "", ".X"])
        return self.rng.choice(self.ATOMS)

    def command(self, depth):
        if self.rng.random() < 0.5:
            args = [self.rng.choice(self.FUNCS)]
            args += [self.operand(depth) for _ in range(self.rng.randint(0, 3))]
        else:
            args = [self.operand(depth)]
        return self.sep().join(args)

    def pipeline(self, depth=0, context=""):
        decl = ""
        r = self.rng.random()
        if r < 0.15:
            decl = "$x := "
        elif r < 0.2:
            decl = "$x = "
        elif r < 0.25 and context == "range":
            decl = "$i, $x := "
        cmds = [self.command(depth) for _ in range(self.rng.randint(1, 3))]
        return decl + " | ".join(cmds)

    def action(self, body):
        left = self.rng.choice(["{{", "{{ ", "{{- ", "{{-", "{{\n"])
        right = self.rng.choice(["}}", " }}", " -}}", "-}}", "\n}}"])
        return left + body + right

    def junk(self):
        tokens = [self.rng.choice(self.JUNK + self.ATOMS + self.FUNCS)
                  for _ in range(self.rng.randint(0, 5))]
        return self.action(" ".join(tokens))

    def control(self, depth):
        kind = self.rng.choice(["if", "range", "with", "if", "define", "block"])
        if kind == "define":
            head = "define \"d%d\"" % self.rng.randint(0, 2)
        elif kind == "block":
            head = "block \"b%d\" %s" % (self.rng.randint(0, 2), self.pipeline())
        else:
            head = kind + " " + self.pipeline(context=kind)
        out = self.action(head) + self.body(depth + 1, kind == "range")
        r = self.rng.random()
        if r < 0.15 and kind in ("if", "with"):
            out += self.action("else " + kind + " " + self.pipeline()) + self.body(depth + 1, False)
        if r < 0.35:
            out += self.action("else") + self.body(depth + 1, False)
        if self.rng.random() < 0.93:
            out += self.action("end")
        return out

    def body(self, depth, in_range=False):
        parts = []
        for _ in range(self.rng.randint(0, 3)):
            r = self.rng.random()
            if r < 0.3:
                parts.append(self.rng.choice(self.TEXTS))
            elif r < 0.6:
                parts.append(self.action(self.pipeline()))
            elif r < 0.75 and depth < 3:
                parts.append(self.control(depth))
            elif r < 0.8:
                parts.append(self.action(self.rng.choice(["break", "continue"])))
            elif r < 0.85:
                parts.append(self.rng.choice(["{{/* c */}}", "{{- /* c */ -}}", "{{/* c */ }}",
                                              "{{/*", "{{/* a\n b */}}", "{{ /* c */ }}"]))
            elif r < 0.9:
                parts.append(self.action("template \"d0\" " + self.pipeline()))
            else:
                parts.append(self.junk())
        return "".join(parts)

    def template(self):
        text = self.body(0)
        if text and self.rng.random() < 0.2:
            at = self.rng.randrange(len(text))
            text = text[:at] + self.rng.choice(self.JUNK) + text[at + 1:]
        return text


def generated(count, seed):
    grammar = Grammar(seed)
    return [grammar.template() for _ in range(count)]


def mutations(count, seed):
    """Seeded mutations of the real charts' templates: a character deleted, doubled or replaced
    inside an action, a right delimiter or an `end` removed."""
    rng = random.Random(seed)
    files = sorted(p for p in (ROOT / "tests" / "charts" / "real").rglob("templates/*") if p.is_file())
    texts = [p.read_text(errors="replace") for p in files]
    texts = [t for t in texts if "{{" in t and len(t) < 20000]
    out = []
    while texts and len(out) < count:
        text = rng.choice(texts)
        spans = [m.span() for m in re.finditer(r"\{\{.*?\}\}", text, re.S)]
        if not spans:
            continue
        start, end = rng.choice(spans)
        at = rng.randrange(start, end)
        kind = rng.randrange(5)
        if kind == 0:
            text = text[:at] + text[at + 1:]
        elif kind == 1:
            text = text[:at] + text[at] + text[at:]
        elif kind == 2:
            text = text[:at] + rng.choice("(){}|$.\"'`-=:,x 1\n") + text[at + 1:]
        elif kind == 3:
            text = text[:end - 2] + text[end:]
        else:
            text = re.sub(r"\{\{-? *end *-?\}\}", "", text, count=1)
        out.append(text)
    return out


def helm(text, work):
    """Helm's verdict: None when Go parses it, else (line, message)."""
    chart = Path(work) / "c"
    (chart / "templates").mkdir(parents=True, exist_ok=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: c\nversion: 0.1.0\n")
    (chart / "templates" / "t.yaml").write_bytes(text.encode())
    try:
        with Chart.load(str(chart)) as c:
            c.render({})
    except Exception as error:  # Helm's errors arrive as Python exceptions.
        m = re.search(r"parse error at \(c/templates/t\.yaml:(\d+)\): (.*)", str(error), re.S)
        if m:
            return int(m.group(1)), m.group(2).strip()
        if "parse error" in str(error):
            return 0, str(error)
    return None


def ours(texts, work):
    """Ours, for every text at once: None or (line, message) each."""
    folder = Path(work) / "ours"
    folder.mkdir(exist_ok=True)
    for i, text in enumerate(texts):
        (folder / f"{i:05}.yaml").write_bytes(text.encode())
    binary = ROOT / "target" / "release" / "examples" / "parse"
    run = subprocess.run([str(binary), str(folder)], capture_output=True, text=True)
    out = [None] * len(texts)
    for line in run.stdout.splitlines():
        result = json.loads(line)
        i = int(Path(result["file"]).stem)
        if not result["ok"]:
            # Helm names the file c/templates/t.yaml and prints the last part of Go's message.
            message = result["message"].replace(result["file"], "c/templates/t.yaml")
            out[i] = (result["line"], message.split(": ")[-1])
    return out


def main():
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "values-migrate-template",
                    "--example", "parse"], cwd=ROOT, check=True)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    mutated = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    texts = CASES + generated(count, seed=int(sys.argv[3]) if len(sys.argv) > 3 else 11) + mutations(mutated, seed=7)
    agree = accepted = 0
    with tempfile.TemporaryDirectory() as work:
        mine = ours(texts, work)
        for i, text in enumerate(texts):
            go = helm(text, work)
            accepted += go is None
            if go == mine[i]:
                agree += 1
            else:
                print(f"case {i}: Helm {go}, ours {mine[i]}: {text[:160]!r}")
    total = len(texts)
    print(f"{agree} of {total} agree ({accepted} accepted, {total - accepted} refused by Helm)")
    print(f"{agree} passed, {total - agree} failed")
    sys.exit(0 if agree == total else 1)


if __name__ == "__main__":
    main()
