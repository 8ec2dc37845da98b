"""The sweep's inputs: yaml-test-suite cases, the corpus values files, and generated edge cases."""

import glob
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def suite():
    """Every yaml-test-suite case meant to parse, as `(name, text)` (mapping or not: the caller filters)."""
    out = subprocess.run(
        ["node", os.path.join(HERE, "yaml12.mjs"), "suite"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [("suite/" + c["id"], c["yaml"]) for c in map(json.loads, filter(None, out.split("\n")))]


def corpus():
    """Every corpus chart version's values.yaml."""
    paths = sorted(glob.glob(os.path.join(ROOT, "tests", "corpus", "*", "*", "values.yaml")))
    result = []
    for path in paths:
        with open(path, encoding="utf-8", newline="") as f:
            result.append(("corpus/" + os.path.relpath(path, os.path.join(ROOT, "tests", "corpus")), f.read()))
    return result


# Small documents, each exercising one everyday or awkward shape; the transforms below vary them.
BASES = {
    "plain": """# top comment
replicaCount: 1
image:
  repository: nginx
  tag: "1.25"  # pinned
  pullPolicy: IfNotPresent

service:
  type: ClusterIP
  port: 80
podAnnotations: {}
tolerations: []
nodeSelector: {}
resources:
  limits:
    cpu: 100m
""",
    "comments": """# leading comment

# about gate
gate:
  # about mode
  mode: sync # trailing
  # about wait
  wait: true
  # dangling comment in gate

# about argocd
argocd:
  port: 8083 # the port
  # last comment
""",
    "quoted": """"port": 8083
'name': web
"with space": 1
"dotted.key": x
'single''quote': y
"esc\\tkey": z
plain: "quoted value"
nested:
  "inner": 'v'
  other: 2
""",
    "unicode": """名前: 値
ключ: значение
emoji: "😀"
accent: café
nested:
  ü: ä
  zone: eu-west-1
  ttl: 60
""",
    "escapes": """bell: "\\a"
del: "\\x7F"
esc: "\\e"
nel: "\\N"
ls: "\\L"
ps: "\\P"
fffe: "\\uFFFE"
tab: "a\\tb"
newline: "a\\nb"
plain: value
""",
    "blocks": """script: |
  echo one
  echo two
folded: >-
  a long
  folded line
keep: |+
  kept

after: 1
nested:
  text: |
    inner
  flag: true
""",
    "flow": """annotations: {a: 1, b: 2}
list: [1, 2, 3]
empty: {}
emptyList: []
inline: {nested: {x: 1}}
scalar: 5
parent:
  child: {}
  other: []
  value: 3
""",
    "anchors": """base: &base
  a: 1
  b: 2
derived:
  <<: *base
  c: 3
ref: *base
tagged: !!str 5
plain: 1
""",
    "lists": """zone: a
ttl: 60
servers:
  - name: one
    port: 1
  - name: two
    port: 2
extra:
- x
- y
tail: end
""",
    "named": """# blocks, and things by name
pools:
  # the first
  - name: alpha  # the default
    size: 1
    zone: a

  # the second
  - name: beta
    size: 2
groups:
  red:  # warm
    level: 1
  # cool
  blue:
    level: 2

# the network
net:
  cidr: 10.0.0.0/16
  proxy:
    enabled: true
tail: end
""",
    "scalars": """yes: 1
toggle: off
short: n
octal: 0o17
under: 1_000
time: 2001-12-14
sexa: 1:30
tilde: ~
empty:
float: 1e3
hex: 0x1F
str: 'yes'
""",
    "deep": """a:
  b:
    c:
      d: 1
      e: 2
    f: 3
  g: 4
h: 5
""",
    "indent4": """top:
    child:
        leaf: 1
        other: 2
    sibling: x
last: y
""",
    "docend": """key: value
other: 1
...
""",
    "explicit": """%YAML 1.1
---
first: 1
second: 2
""",
}


def transforms(name, text):
    """The variants of one base document: the transforms the issue lists, alone and combined."""
    yield name, text
    yield name + "+crlf", text.replace("\n", "\r\n")
    yield name + "+bom", "\ufeff" + text
    yield name + "+nofinal", text.rstrip("\n")
    yield name + "+tabblank", text.replace("\n\n", "\n\t\n").replace(":\n", ":\n \t\n", 1)
    yield name + "+comments", comment_everywhere(text)
    yield name + "+spacetab", space_tab_between(text)
    separator = "...\n" if text.startswith("%") else "---\n"
    # A manifest (its last document a Kubernetes object): each document read alone, the others kept.
    yield name + "+multidoc", "other: document\nlist: [1]\n" + separator + text + "---\n# trailing doc\napiVersion: v1\nkind: List\nz: 9\n"
    yield name + "+crlf+bom+nofinal", "\ufeff" + text.rstrip("\n").replace("\n", "\r\n")
    if not text.startswith("%"):
        yield name + "+blankfirst", "\n  \n# c\n" + text
    yield name + "+docstart", "--- # values\n" + text


def space_tab_between(text):
    """A line of a space and a tab between top-level entries (go-yaml reads it, PyYAML does not)."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if line[:1].isalpha() and following[:1].isalpha():
            out.append(" \t")
    return "\n".join(out)


def comment_everywhere(text):
    """A comment line before every line and after every value."""
    out = []
    for i, line in enumerate(text.split("\n")):
        indent = line[: len(line) - len(line.lstrip(" "))]
        if line.strip() and not line.lstrip().startswith(("#", "-", "|", ">")) and ":" in line:
            out.append(f"{indent}# comment {i}")
            if "#" not in line and not line.rstrip().endswith((":", "|", ">", "|-", ">-", "|+")):
                line += f"  # after {i}"
        out.append(line)
    return "\n".join(out)


def generated():
    """Every generated edge case, as `(name, text)`."""
    result = []
    for name, text in BASES.items():
        for variant, body in transforms(name, text):
            result.append(("gen/" + variant, body))
    return result
