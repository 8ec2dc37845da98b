"""Helm's reading of YAML (YAML 1.1 as go-yaml v2 + sigs.k8s.io/yaml read it), on top of PyYAML.

PyYAML's SafeLoader is the sweep's independent YAML 1.1 parser. Its *syntax* is used as is
(it rejects what libyaml-derived parsers reject: raw control characters, tabs where
indentation is read, U+0085/U+2028/U+2029 taken as line breaks). Its *typing* differs from
go-yaml v2 in known ways, so plain scalars are resolved here by go-yaml's rules instead
(docs/typing.md names the go-yaml sources):

- `y Y n N` are booleans in go-yaml (PyYAML: strings);
- `0o17` and `0b101` are integers and `1_000` drops its underscores (go-yaml: `strconv.ParseInt`
  base 0); `08` is the float 8; PyYAML's sexagesimal `1:30` is a string in go-yaml;
- timestamps stay strings (go-yaml decodes them into `interface{}` as the text);
- `=` is a string (PyYAML's `!!value` has no SafeLoader constructor);
- a tag other than the standard ones leaves the text (go-yaml) instead of failing (PyYAML);
- keys become strings as sigs.k8s.io/yaml converts them (`true` → "true", `1` → "1").

`load_all(text)` returns the documents or raises `yaml.YAMLError` (or `Unsupported` for what
the JSON step of Helm cannot hold: non-finite floats, null or float keys).
"""

import math
import re

import yaml

PLAIN = "tag:helm:plain"
MERGE = "tag:yaml.org,2002:merge"
STR = "tag:yaml.org,2002:str"

TRUE = {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE"}
FALSE = {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE"}
NULL = {"", "~", "null", "Null", "NULL"}
INF = {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"}
NEG_INF = {"-.inf", "-.Inf", "-.INF"}
NAN = {".nan", ".NaN", ".NAN"}
INT_RE = re.compile(r"([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)")
FLOAT_RE = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")


class Unsupported(Exception):
    """A value Helm's JSON step cannot hold (or the sweep does not judge)."""


class NonFinite:
    """A `.inf`/`.nan` value: Helm fails on it; kept as a marker so both sides compare."""

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, NonFinite) and other.text == self.text

    def __hash__(self):
        return hash(self.text)


def go_int(plain):
    """`strconv.ParseInt(plain, 0, 64)`, then `ParseUint`: the integer, or None."""
    m = INT_RE.fullmatch(plain)
    if not m:
        return None
    sign, body = m.groups()
    low = body.lower()
    if low.startswith("0x"):
        value = int(body[2:], 16)
    elif low.startswith("0o"):
        value = int(body[2:], 8)
    elif low.startswith("0b"):
        value = int(body[2:], 2)
    elif body.startswith("0") and len(body) > 1:
        value = int(body[1:], 8)
    else:
        value = int(body)
    if sign == "-":
        value = -value
    if -(2**63) <= value < 2**64 and not (sign and value >= 2**63):
        return value
    return float(value)


def resolve_plain(text):
    """go-yaml v2's `resolve()` for an untagged plain scalar, then Helm's JSON step."""
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    if text in NULL:
        return None
    if text in INF or text in NEG_INF or text in NAN:
        return NonFinite(text)
    if text[:1] in set("+-0123456789"):
        plain = text.replace("_", "")
        value = go_int(plain)
        if value is not None:
            return value
        if FLOAT_RE.fullmatch(plain):
            value = float(plain)
            return text if math.isinf(value) else value
    if text[:1] == "." and FLOAT_RE.fullmatch(text):
        return float(text)
    return text


class HelmLoader(yaml.SafeLoader):
    """PyYAML's safe loader with go-yaml v2's scalar resolution."""

    def construct_mapping(self, node, deep=False):
        """A mapping whose keys are converted as Helm's JSON step does, as they are read."""
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
        mapping = {}
        for key_node, value_node in node.value:
            key = helm_key(self.construct_object(key_node, deep=True))
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping

    def resolve(self, kind, value, implicit):
        if kind is yaml.ScalarNode and implicit[0]:
            return MERGE if value == "<<" else PLAIN
        return super().resolve(kind, value, implicit)


def construct_plain(loader, node):
    """Resolves a plain scalar as go-yaml does."""
    return resolve_plain(node.value)


def construct_other(loader, suffix, node):
    """A tag go-yaml does not resolve: the text for a scalar, the collection otherwise."""
    if isinstance(node, yaml.ScalarNode):
        return node.value
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_mapping(node, deep=True)


HelmLoader.add_constructor(PLAIN, construct_plain)
HelmLoader.add_constructor(
    "tag:yaml.org,2002:timestamp", lambda loader, node: loader.construct_scalar(node)
)
HelmLoader.add_multi_constructor("", construct_other)


def helm_key(key):
    """sigs.k8s.io/yaml's `convertToJSONableObject` for a map key."""
    if isinstance(key, bool):
        return "true" if key else "false"
    if isinstance(key, int):
        return str(key)
    if isinstance(key, str):
        return key
    raise Unsupported(f"map key of type {type(key).__name__}")


def jsonable(value):
    """The value as Helm's JSON step sees it; raises Unsupported for what it cannot hold."""
    if isinstance(value, dict):
        return {helm_key(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [jsonable(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, NonFinite):
        raise Unsupported(f"non-finite number {value.text}")
    if isinstance(value, float) and not math.isfinite(value):
        raise Unsupported("non-finite number")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise Unsupported(f"value of type {type(value).__name__}")


def load_all(text):
    """Every document of `text` as Helm reads it (JSON-able values)."""
    return [jsonable(doc) for doc in yaml.load_all(text, Loader=HelmLoader)]


def document_spans(text):
    """Each document's `(start, end)` character offsets (its node's marks), in order."""
    loader = HelmLoader(text)
    spans = []
    try:
        while loader.check_node():
            node = loader.get_node()
            spans.append((node.start_mark.index, node.end_mark.index))
    finally:
        loader.dispose()
    return spans


def same(a, b, double=False):
    """Equality as typed: booleans are not numbers, numbers compare by value, dict order ignored.

    `double`: numbers compare as JavaScript holds them (64-bit floats), for npm `yaml`'s side.
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b) if double else a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k], double) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y, double) for x, y in zip(a, b))
    return type(a) is type(b) and a == b
