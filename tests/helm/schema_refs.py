"""Remote `$ref`s supplied by the user (`--schema-ref URL=FILE`), judged by Helm v4.

Helm fetches what a `$ref` names; helm-python-sdk has no network here, but Helm's loader reads
`file://` URLs. So each case writes the referenced documents into a temporary directory, names
them by their `file://` URLs in the schema, and asks Helm (`Chart.load(dir).validate_schema`) and
ours (`validate --schema-ref URL=FILE`): the same verdict, the same error locations and Helm's
words. Without the flag ours must refuse, naming the URL. A second document is written as text
(`NUMBERS`), so that its numbers reach both sides as written; each supplied document is read with
its own draft, as Helm reads it (`draft_cases`). Ends with `N passed, M failed`.

    python3 tests/helm/schema_refs.py --bin target/debug/values-migrate
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from helm_oracle import Oracle  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data", "schema-ref")


# A referenced document whose numbers serde_json holds or prints otherwise than as written.
NUMBERS = """{"$defs": {
  "tiny": {"multipleOf": 1e-400},
  "big": {"const": 18446744073709551616},
  "listed": {"enum": [1e2, 0.10000000000000001, -0, 1.50]},
  "below": {"maximum": 0.09999999999999999},
  "whole": {"type": "array", "maxItems": 1E0}
}}"""


def number_cases(url):
    """(name, schema, values text) against the numbers document at `url`."""
    ref = lambda name: {"$ref": f"{url}#/$defs/{name}"}  # noqa: E731
    schema = {"type": "object", "properties": {k: ref(k) for k in ("tiny", "big", "listed", "below", "whole")}}
    return [
        ("numbers-valid", schema, "tiny: 5.5\nlisted: 100\nbelow: 0.05\nwhole: [1]\n"),
        ("numbers-invalid", schema, "tiny: 5.5\nbig: 18446744073709551615\nlisted: 0.1\nbelow: 0.1\nwhole: [1, 2]\n"),
        ("numbers-minus-zero", schema, "listed: 0\n"),
    ]


def cases(url):
    """(name, schema, values text) with `url` the referenced document's file:// URL."""
    common = json.load(open(os.path.join(DATA, "common.json"), encoding="utf-8"))
    ref = lambda name: {"$ref": f"{url}#/$defs/{name}"}  # noqa: E731
    chart = {"type": "object", "properties": {"service": {"type": "object", "properties": {"port": ref("port")}},
                                              "image": ref("image")}}
    seven = dict(chart, **{"$schema": "http://json-schema.org/draft-07/schema#"})
    values = open(os.path.join(DATA, "values.yaml"), encoding="utf-8").read()
    return common, [
        ("fixture/2020-12", chart, values),
        ("fixture/draft-07", seven, values),
        ("valid", chart, "service:\n  port: 80\nimage:\n  repository: nginx\n"),
        ("port-zero", chart, "service:\n  port: 0\nimage:\n  repository: x\n"),
        ("whole-document", {"properties": {"c": {"$ref": url}}}, "c:\n  $defs: 1\n"),
    ]


def draft_cases(work):
    """(name, schema, values text, refs): a supplied document is read with its own draft, as
    Helm's loader compiles it (its `$schema`'s, 2020-12 when it names none), whatever the draft
    of the schema that refers to it."""
    d7 = "http://json-schema.org/draft-07/schema#"
    documents = {"plain": {"prefixItems": [{"type": "integer"}]},
                 "seven": {"$schema": d7, "items": [{"type": "integer"}]},
                 "tuple-in-2020-12": {"items": [{"type": "integer"}]}}
    out = []
    for name, document in documents.items():
        path = os.path.join(work, f"{name}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(document, f)
        url = "file://" + path
        for root in ("2020-12", "draft-07"):
            schema = {"properties": {"x": {"$ref": url}}}
            if root == "draft-07":
                schema["$schema"] = d7
            for values in ("x: [a]\n", "x: [1]\n"):
                out.append((f"drafts/{root} root, {name} document, {values.strip()}", schema, values, [(url, path)]))
    return out


def ours(binary, schema_path, values_path, refs):
    """Our verdict: (kind, sorted pointers), and the refusal text when refused."""
    args = [binary, "validate", "--schema", schema_path, "--values", values_path]
    for url, path in refs:
        args += ["--schema-ref", f"{url}={path}"]
    proc = subprocess.run(args, capture_output=True, text=True)
    report = json.loads(proc.stdout)
    if report["errors"]:
        return "refused", (), report["errors"][0]["message"]
    words = tuple(sorted((v["pointer"], v["helmMessage"]) for v in report["violations"]))
    return ("valid" if report["valid"] else "invalid"), words, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "values-migrate"))
    args = parser.parse_args()
    passed = failed = 0
    oracle = Oracle()
    with tempfile.TemporaryDirectory(prefix="schema-refs-") as work:
        common_path = os.path.join(work, "common.json")
        url = "file://" + common_path
        common, table = cases(url)
        with open(common_path, "w", encoding="utf-8") as f:
            json.dump(common, f)
        numbers_path = os.path.join(work, "numbers.json")
        with open(numbers_path, "w", encoding="utf-8") as f:
            f.write(NUMBERS)
        numbers_url = "file://" + numbers_path
        table = [(n, s, v, [(url, common_path)]) for n, s, v in table]
        table += [(n, s, v, [(numbers_url, numbers_path)]) for n, s, v in number_cases(numbers_url)]
        for name, schema, values, refs in table + draft_cases(work):
            schema_path = os.path.join(work, "values.schema.json")
            values_path = os.path.join(work, "values.yaml")
            with open(schema_path, "w", encoding="utf-8") as f:
                json.dump(schema, f)
            with open(values_path, "w", encoding="utf-8") as f:
                f.write(values)
            helm = oracle.ask(json.dumps(schema), "", values)
            kind, words, _ = ours(args.bin, schema_path, values_path, refs)
            refused, _, message = ours(args.bin, schema_path, values_path, [])
            ok = (kind, words) == (helm.kind, helm.messages)
            ok = ok and refused == "refused" and refs[0][0] in message and "--schema-ref" in message
            print(f"{'ok  ' if ok else 'FAIL'} {name}: helm {helm.kind} {helm.messages}, ours {kind} {words}")
            passed, failed = (passed + 1, failed) if ok else (passed, failed + 1)
    oracle.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
