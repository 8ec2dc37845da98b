#!/usr/bin/env python3
"""Go's own parser (inside Helm v4.2.3, helm-python-sdk) and ours, asked about the same templates.

Each template is a chart's only file; Helm's render either parses it (an execution error, or
none, is a parse that succeeded) or says `parse error at (c/templates/t.yaml:LINE): MESSAGE`.
Ours (`examples/parse.rs`) says `ok` or `FILE:LINE:COLUMN: MESSAGE`. Verdict, line and message
(its last `: ` part, as Helm's cleanupParseError prints it) must agree. The templates: hand-written cases of every construct and error, and seeded mutations
of the real charts' templates under tests/charts/real (a character deleted, doubled or replaced
inside an action, a delimiter or `end` removed). Ends with `N passed, M failed`.
"""
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from helm_python.chart import Chart

ROOT = Path(__file__).resolve().parents[3]
CASES = [
    "plain text", "{{ .Values.a }}", "{{- .Values.a -}}", "{{-3}}", "{{ 3 -}} x", "{{/* c */}}",
    "{{- /* c */ -}}", "{{/* c */ }}", "{{ /* c */ }}", "{{/* unclosed", "{{ if }}{{ end }}",
    "{{ if .A }}{{ else if .B }}{{ else }}{{ end }}", "{{ if .A }}{{ else with .B }}{{ end }}",
    "{{ with .A }}{{ else with .B }}{{ end }}", "{{ range $i, $e := .A }}{{ $i }}{{ end }}",
    "{{ range $i, $e, $f := .A }}{{ end }}", "{{ $x := 1 }}{{ $x = 2 }}{{ $x }}", "{{ $y }}",
    "{{ break }}", "{{ range .A }}{{ break }}{{ continue }}{{ end }}", "{{ end }}", "{{ else }}",
    "{{ define \"a\" }}x{{ end }}{{ template \"a\" . }}", "{{ block \"b\" . }}y{{ end }}",
    "{{ if .A }}", "{{ .A | printf \"%s\" | quote }}", "{{ (.A).B }}", "{{ .A.B.C }}",
    "{{ \"x\" | 3 }}", "{{ 3 | printf }}", "{{ nope }}", "{{ .A", "{{ \"unterminated }}",
    "{{ 'a' }}", "{{ 'ab' }}", "{{ '\\n' }}", "{{ 0x1F }}", "{{ 1_000 }}", "{{ 0b101 }}",
    "{{ 0o17 }}", "{{ 1e3 }}", "{{ 0x1p-2 }}", "{{ 1i }}", "{{ 09 }}", "{{ 1__0 }}", "{{ 3k }}",
    "{{ `raw\nline` }}", "{{ \"\\u00e9\" }}", "{{ \"\\q\" }}", "{{ nil }}", "{{ nil.A }}",
    "{{ true.A }}", "{{ .A nil }}", "{{ (1) }}", "{{ ( }}", "{{ ) }}", "{{ (1 }}",
    "{{ $.Values.a }}", "{{ $ }}", "{{ . }}", "{{ .A:B }}", "{{ .A | }}", "{{ | .A }}",
    "{{ .A = 1 }}", "{{ $x := }}", "{{ $x, $y := .A }}", "{{ include \"a\" (dict \"k\" .) }}",
    "{{ tpl (toYaml .Values.a) $ }}", "{{ @ }}", "{{ .A.\u00e9 }}", "{{ if .A }}\n{{ end",
    "line1\nline2\n{{ if }}", "{{ define \"x\" }}{{ if }}{{ end }}", "{{ template }}",
    "{{ template .A }}", "{{ define \"x\" }}{{ else }}{{ end }}", "{{ if .A }}{{ end }}{{ end }}",
    "{{ with $x := .A }}{{ $x }}{{ end }}{{ $x }}", "{{ range .A }}{{ else }}{{ break }}{{ end }}",
    "{{- if .A -}}\n  x\n{{- end -}}", "{{ -3 }}", "{{ .A -1 }}", "{{ print -.5 }}", "{{ +1 }}",
    "{{ \"a\" \"b\" }}", "{{ 1+2i }}", "{{ 1-2 }}", "{{ -- }}", "{{ 1e+3i }}", "{{ 2+ }}", "{{ .A.B | default (dict) | toYaml | nindent 4 }}", "{{ else if }}",
]


def mutations(count, seed):
    """Seeded mutations of the real charts' templates."""
    rng = random.Random(seed)
    files = sorted(p for p in (ROOT / "tests" / "charts" / "real").rglob("templates/*") if p.is_file())
    texts = [p.read_text(errors="replace") for p in files]
    texts = [t for t in texts if "{{" in t and len(t) < 20000]
    out = []
    while len(out) < count:
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
            text = text[:at] + rng.choice("(){}|$.\"'`-=:,x 1") + text[at + 1:]
        elif kind == 3:
            text = text[:end - 2] + text[end:]
        else:
            text = re.sub(r"\{\{-? *end *-?\}\}", "", text, count=1)
        out.append(text)
    return out


def helm(text, work):
    """None when Go parses it, else (line, message)."""
    chart = Path(work) / "c"
    (chart / "templates").mkdir(parents=True, exist_ok=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: c\nversion: 0.1.0\n")
    (chart / "templates" / "t.yaml").write_text(text)
    try:
        with Chart.load(str(chart)) as c:
            c.render({})
    except Exception as error:
        m = re.search(r"parse error at \(c/templates/t\.yaml:(\d+)\): (.*)", str(error))
        if m:
            return int(m.group(1)), m.group(2).strip()
    return None


def ours(texts, work):
    """Ours, for every text at once: None or (line, message) each."""
    folder = Path(work) / "ours"
    folder.mkdir(exist_ok=True)
    for i, text in enumerate(texts):
        (folder / f"{i:05}.yaml").write_text(text)
    binary = ROOT / "target" / "release" / "examples" / "parse"
    run = subprocess.run([str(binary), str(folder)], capture_output=True, text=True)
    out = [None] * len(texts)
    for line in run.stdout.splitlines():
        m = re.match(r".*/(\d{5})\.yaml:(\d+):\d+: (.*)", line)
        if m:
            # Helm prints the last part of Go's message (engine.go, cleanupParseError).
            message = m.group(3).replace(str(folder / m.group(1)) + ".yaml", "c/templates/t.yaml")
            out[int(m.group(1))] = (int(m.group(2)), message.split(": ")[-1])
    return out


def main():
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "values-migrate-template",
                    "--example", "parse"], cwd=ROOT, check=True)
    texts = CASES + mutations(int(sys.argv[1]) if len(sys.argv) > 1 else 300, seed=7)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as work:
        mine = ours(texts, work)
        for i, text in enumerate(texts):
            go = helm(text, work)
            if go == mine[i]:
                passed += 1
            elif go is not None and mine[i] is not None and go[0] == mine[i][0]:
                # Same verdict and line; the words differ.
                failed += 1
                print(f"case {i}: words: Go {go[1]!r}, ours {mine[i][1]!r}")
            else:
                failed += 1
                print(f"case {i}: Go {go}, ours {mine[i]}: {text[:120]!r}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
