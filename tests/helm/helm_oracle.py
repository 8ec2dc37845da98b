"""Helm v4 itself (PyPI `helm-python-sdk`: Helm's Go SDK) as the oracle for schema verdicts.

`Oracle.ask(schema, defaults, user)` answers as `helm install -f user.yaml` would for a chart
whose values.schema.json is `schema` and whose values.yaml is `defaults` (texts): the values are
read by Helm's own YAML reader (`LoadValues`: the chart loader's for values.yaml, and `-f`'s:
every document, merged),
coalesced with the defaults and validated by Helm (santhosh-tekuri/jsonschema v6).
The answer is a `Verdict`: `valid`, `invalid` (with Helm's tree of causes), `refused` (Helm
cannot use the schema) or `unreadable` (Helm cannot read a values text).
"""

import hashlib
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field

from helm_python.chart import Chart, values_from_yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sweep"))
import helm_yaml  # noqa: E402

CHART_NAME = "oracle"
LINE = re.compile(r"^( *)- at '((?:[^'\\]|\\.)*)': (.*)$")
ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)")
SIMPLE = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
# Helm's nodes that only group causes (a `$ref` or a subschema with several errors, `allOf`).
GROUPS = ("validation failed", "'allOf' failed", "allOf failed")


def go_unquote(text):
    """The string inside jsonschema v6's `quote()` (Go `%q` with single quotes)."""
    def one(m):
        e = m.group(1)
        if e[0] in "xuU":
            return chr(int(e[1:], 16))
        return SIMPLE.get(e, e)
    return ESCAPE.sub(one, text)


@dataclass
class Cause:
    """One line of Helm's error tree: where, what, and the causes under it."""

    pointer: str
    message: str
    children: list = field(default_factory=list)


@dataclass
class Verdict:
    """What one side says about one question."""

    kind: str  # valid | invalid | refused | unreadable | crash
    text: str = ""
    causes: list = field(default_factory=list)
    locations: frozenset = frozenset()
    # `(pointer, message)` of each located error, for the notes and the message statistics.
    messages: tuple = ()
    # `(pointer, keyword)` of each located error, where the side names its keyword.
    keywords: tuple = ()


def parse_tree(body):
    """Helm's `- at '<ptr>': msg` lines (indented by two spaces per level) as a tree."""
    roots, stack = [], []
    for line in body.split("\n"):
        m = LINE.match(line)
        if not m:
            if stack and line.strip():
                stack[-1][1].message += "\n" + line
            continue
        depth = len(m.group(1)) // 2
        cause = Cause(go_unquote(m.group(2)), m.group(3))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(cause)
        stack.append((depth, cause))
    return roots


def located(causes):
    """`(pointer, message)` of each cause, looking through nodes that only group others."""
    out = []
    for cause in causes:
        if cause.message in GROUPS and cause.children:
            out.extend(located(cause.children))
        else:
            out.append((cause.pointer, cause.message))
    return out


def from_error(text):
    """A Verdict from the text of Helm's HelmValuesError for one chart."""
    head, _, body = text.partition("\n")
    if head != f"{CHART_NAME}:" or not body.startswith("- at '"):
        return Verdict("refused", text=body.strip() or text.strip())
    causes = parse_tree(body)
    pairs = located(causes)
    return Verdict("invalid", text=body.rstrip("\n"), causes=causes,
                   locations=frozenset(p for p, _ in pairs), messages=tuple(sorted(pairs)))


def at_prefix(text, prefix):
    """The values at `prefix` in the first document that has it (a manifest that embeds values,
    which Helm never reads itself: read by PyYAML with go-yaml's typing, tests/sweep/helm_yaml.py);
    a string on the way (an Argo CD Application's `helm.values: |`) is a values file the tool
    hands Helm, read by Helm's own `-f` reader."""
    try:
        docs = helm_yaml.load_all(text)
    except Exception:  # noqa: BLE001 - an unreadable manifest holds no values
        return None
    for doc in docs:
        node = doc
        for key in prefix:
            node = step(held(node), key)
        node = held(node)
        if isinstance(node, dict):
            return node
    return None


def step(node, key):
    """The child of a mapping by key, or of a list by a digit key, or None."""
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list) and str(key).isdigit() and int(key) < len(node):
        return node[int(key)]
    return None


def held(node):
    """A string read as the values file it holds (by Helm's `-f` reader), else the node."""
    if not isinstance(node, str):
        return node
    try:
        return values_from_yaml(node)
    except Exception:  # noqa: BLE001 - a string Helm cannot read holds no values
        return None


def digest(text):
    """A short name for a text."""
    return hashlib.sha256((text or "").encode()).hexdigest()[:16]


class Oracle:
    """Helm, asked in this process; a chart is loaded once per (schema, defaults)."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="helm-oracle-")
        self.charts = {}

    def close(self):
        """Removes the temporary charts."""
        for chart in self.charts.values():
            if isinstance(chart, Chart):
                chart.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def chart(self, schema, defaults):
        """The loaded chart, or a Verdict when Helm cannot load it."""
        key = (digest(schema), digest(defaults))
        if key not in self.charts:
            path = os.path.join(self.dir, f"{key[0]}-{key[1]}")
            os.makedirs(path, exist_ok=True)
            with open(os.path.join(path, "Chart.yaml"), "w", encoding="utf-8") as f:
                f.write(f"apiVersion: v2\nname: {CHART_NAME}\nversion: 0.1.0\n")
            with open(os.path.join(path, "values.yaml"), "w", encoding="utf-8", newline="") as f:
                f.write(defaults or "")
            if schema is not None:
                with open(os.path.join(path, "values.schema.json"), "w", encoding="utf-8", newline="") as f:
                    f.write(schema)
            try:
                self.charts[key] = Chart.load(path)
            except Exception as e:  # noqa: BLE001 - any load failure is Helm's answer
                self.charts[key] = Verdict("unreadable", text=str(e))
        return self.charts[key]

    def load_values(self, text):
        """`text` as Helm's `LoadValues` reads a `-f` file (every document, merged), asked of
        Helm's chart loader, which reads values.yaml with it; a Verdict when Helm cannot.
        (helm-python-sdk's `values_from_yaml` reads the first document only.)"""
        chart = self.chart(None, text)
        return chart if isinstance(chart, Verdict) else chart.values

    def ask(self, schema, defaults, user, prefix=None):
        """Helm's verdict on `user` (a YAML text, or None) over `defaults` against `schema`."""
        chart = self.chart(schema, defaults)
        if isinstance(chart, Verdict):
            return chart
        values = None
        if user is not None and prefix:
            values = at_prefix(user, prefix)
            if values is None:
                return Verdict("unreadable", text=f"the prefix {'.'.join(prefix)} is in no document")
        elif user is not None:
            values = self.load_values(user)
            if isinstance(values, Verdict):
                return values
        try:
            chart.validate_schema(values)
        except Exception as e:  # noqa: BLE001 - HelmValuesError carries the verdict
            return from_error(str(e))
        return Verdict("valid")

