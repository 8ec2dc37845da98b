"""The sweep's embedded twins: a source values text held in an Argo CD Application's
`spec.source.helm.values` string (a literal block with the chomping its final line breaks
need, or a one-line double-quoted string), migrated by discovery like the plain case.

A twin's result is judged twice: the outer file must differ from the original only inside
the string (its bytes before and after the string identical, PyYAML reading every other value
as before), and the string's new text is judged as the plain case judges its values file
(sweep.judge_text: PyYAML with go-yaml's typing, npm `yaml`, Helm's own readers).
"""

import json
import re

import helm_yaml

HEAD = (
    "# An Argo CD Application holding the values as a YAML string.\n"
    "apiVersion: argoproj.io/v1alpha1\n"
    "kind: Application\n"
    "metadata:\n"
    "  name: swept\n"
    "spec:\n"
    "  source:\n"
    "    chart: swept\n"
    "    helm:\n"
)
TAIL = "  destination:\n    namespace: swept\n"
PATH = ("spec", "source", "helm", "values")


def wrap(text, quoted):
    """`(head, body, tail)` of an Application holding `text` as its values string, or None
    when the text cannot be held so (a BOM, a lone CR, several documents, a directive)."""
    if text.startswith("\ufeff") or re.search(r"\r(?!\n)", text) or "\t" in text:
        return None
    crlf = "\r\n" in text
    plain = text.replace("\r\n", "\n")
    if re.search(r"^(---|\.\.\.|%)", plain, re.M) or not plain.strip():
        return None
    if quoted:
        if any(ord(c) > 0xFFFF for c in plain):
            return None
        head = HEAD + "      values: "
        return head, json.dumps(plain), "\n" + TAIL
    lines = plain.split("\n")
    if lines[0].startswith(" ") or lines[0].strip() == "":
        return None
    chomp = "-" if not plain.endswith("\n") else ("+" if plain.endswith("\n\n") else "")
    body_lines = plain.rstrip("\n").split("\n")
    body = "\n".join(("        " + line) if line.strip() else "" for line in body_lines)
    if chomp == "+":
        body += "\n" * (len(plain) - len(plain.rstrip("\n")) - 1)
    eol = "\r\n" if crlf else "\n"
    head = HEAD + f"      values: |{chomp}\n"
    tail = "\n" + TAIL
    return tuple(part.replace("\n", eol) for part in (head, body, tail))


def twin(case, quoted):
    """The embedded twin of a prepared plain case, or None when its text cannot be held."""
    parts = wrap(case["text"], quoted)
    if parts is None:
        return None
    head, body, tail = parts
    outer = head + body + tail
    try:
        docs = helm_yaml.load_all(outer)
        inner = docs[0]["spec"]["source"]["helm"]["values"]
    except Exception:  # noqa: BLE001 - the wrapper does not hold it as one string
        return None
    if inner != case["text"].replace("\r\n", "\n"):
        return None
    request = dict(case["request"])
    request["files"] = [{"path": "app.yaml", "text": outer}]
    return dict(case, embedded={"head": head, "tail": tail, "outer": outer, "quoted": quoted},
                text=inner, request=request)


def held_text(case, after):
    """`(inner text, None)` of an edited outer file, or `(None, why it is wrong)`."""
    emb = case["embedded"]
    if not after.startswith(emb["head"]) or not after.endswith(emb["tail"]):
        return None, "the outer file changed outside the values string"
    try:
        docs = helm_yaml.load_all(after)
        before = helm_yaml.load_all(emb["outer"])
    except Exception as e:  # noqa: BLE001 - any PyYAML error is a wrong edit
        return None, f"PyYAML fails on the outer file: {str(e).splitlines()[0]}"
    if len(docs) != 1:
        return None, f"PyYAML reads {len(docs)} documents in the outer file"
    text = values(docs[0])
    if not isinstance(text, str):
        return None, "the values are no longer a string"
    if without(docs[0]) != without(before[0]):
        return None, "the outer file reads differently outside the values string"
    return text, None


def values(doc):
    """The values string of an Application reading, or None."""
    for key in PATH:
        if not isinstance(doc, dict):
            return None
        doc = doc.get(key)
    return doc


def without(doc):
    """An Application reading without its values string."""
    helm = {k: v for k, v in doc["spec"]["source"]["helm"].items() if k != PATH[-1]}
    return {**doc, "spec": {**doc["spec"], "source": {**doc["spec"]["source"], "helm": helm}}}
