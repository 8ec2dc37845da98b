"""Helm v4's own answers (helm-python-sdk) to the JSON-Schema-Test-Suite, as a fixture.

Helm validates values, which are always a mapping: a test whose instance is an object is asked
as it is (`Chart.load(dir).validate_schema(values)`, the schema as the chart's
values.schema.json, with the folder's `$schema` when the schema names none); any other instance
is asked as the member `v` of a mapping, under `{"properties": {"v": schema}}`, when the schema
holds nothing that a new root would change (`$ref`, `$id`, `id`, anchors, a `$schema`
below the root), and the `/v` taken off Helm's pointers. The answers land in `helm-suite.json` beside this file: per test, Helm's verdict (valid, invalid,
refused) and, when invalid, each located error of its tree as `[pointer, message]` (nodes that
only group others looked through). `tests/json_schema_suite.rs` compares the validator with it.

    python3 helm_suite.py --suite DIR          # rewrite helm-suite.json
    python3 helm_suite.py --suite DIR --check  # fail when Helm's answers differ from the file

Ends with `N passed, M failed` (scripts/test reads it).
"""

import argparse
import decimal
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "tests", "helm"))
from helm_oracle import Oracle, from_error, located  # noqa: E402

FIXTURE = os.path.join(HERE, "helm-suite.json")
# The drafts Helm's validator knows, with the `$schema` a schema without one is read as.
DRAFTS = {
    "draft4": "http://json-schema.org/draft-04/schema#",
    "draft6": "http://json-schema.org/draft-06/schema#",
    "draft7": "http://json-schema.org/draft-07/schema#",
    "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
    "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
}


def suite_files(suite):
    """`(name, path, draft uri)` of every test file of the drafts, `optional/` included."""
    for folder, uri in DRAFTS.items():
        base = os.path.join(suite, folder)
        for dirpath, _, names in sorted(os.walk(base)):
            for name in sorted(names):
                if name.endswith(".json"):
                    path = os.path.join(dirpath, name)
                    yield os.path.relpath(path, suite).replace(os.sep, "/"), path, uri


def ask_all(suite):
    """Helm's answer to every test whose instance is an object, keyed `file#group#test`."""
    oracle = Oracle()
    answers = {}
    try:
        for name, path, uri in suite_files(suite):
            with open(path, encoding="utf-8") as f:
                source = f.read()
            groups = json.loads(source)
            # The schemas keep their numbers as written (Helm reads them as `json.Number`); the
            # data goes to Helm as JSON and is read into float64, as values are.
            exact = json.loads(source, parse_float=decimal.Decimal)
            for g, group in enumerate(groups):
                schema = exact[g]["schema"]
                if isinstance(schema, dict) and "$schema" not in schema:
                    schema = {"$schema": uri, **schema}
                text = dumps(schema)
                wrapped = wrap(exact[g]["schema"], uri)
                for t, test in enumerate(group["tests"]):
                    key = f"{name}#{g}#{t}"
                    if isinstance(test["data"], dict):
                        answers[key] = answer(oracle, text, test["data"])
                    elif wrapped is not None:
                        answers[key] = unwrap(answer(oracle, wrapped, {"v": test["data"]}))
    finally:
        oracle.close()
    return answers


# What a schema moved under a new root would read differently.
ROOTED = ('"$ref"', '"$id"', '"id"', '"$anchor"', '"$dynamic', '"$recursive', '"$schema"')


def wrap(schema, uri):
    """The schema as the member `v` of a mapping (its root `$schema` moved to the new root), or
    None when moving it would change it."""
    if isinstance(schema, dict) and isinstance(schema.get("$schema"), str):
        uri = schema["$schema"]
        schema = {k: v for k, v in schema.items() if k != "$schema"}
    if any(word in dumps(schema) for word in ROOTED):
        return None
    return dumps({"$schema": uri, "properties": {"v": schema}, "required": ["v"]})


def dumps(value):
    """JSON text of `value`, its `Decimal` numbers written as they were read."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dumps(v) for v in value) + "]"
    if isinstance(value, decimal.Decimal):
        return str(value)
    return json.dumps(value)


def unwrap(found):
    """An answer about member `v`, as about the instance itself."""
    if found["verdict"] != "invalid":
        return found
    errors = [[p[len("/v"):] if p.startswith("/v") else p, m] for p, m in found["errors"]]
    return {"verdict": "invalid", "errors": sorted(errors)}


def answer(oracle, schema_text, data):
    """Helm's verdict on `data` (a mapping) against the schema text."""
    chart = oracle.chart(schema_text, "")
    if not hasattr(chart, "validate_schema"):
        return {"verdict": "refused"}
    try:
        chart.validate_schema(data)
    except Exception as e:  # noqa: BLE001 - HelmValuesError carries the verdict
        verdict = from_error(str(e))
        if verdict.kind != "invalid":
            return {"verdict": "refused"}
        return {"verdict": "invalid", "errors": sorted([p, m] for p, m in located(verdict.causes))}
    return {"verdict": "valid"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--suite", default=os.environ.get("JSON_SCHEMA_SUITE"))
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if not args.suite or not os.path.isdir(args.suite):
        print("helm_suite.py: no suite (--suite or JSON_SCHEMA_SUITE)", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    answers = ask_all(args.suite)
    if not args.check:
        with open(FIXTURE, "w", encoding="utf-8") as f:
            json.dump(answers, f, indent=0, sort_keys=True)
            f.write("\n")
        print(f"{len(answers)} answers written to {FIXTURE}")
        return 0
    with open(FIXTURE, encoding="utf-8") as f:
        recorded = json.load(f)
    differ = sorted(k for k in answers.keys() | recorded.keys() if answers.get(k) != recorded.get(k))
    for key in differ[:20]:
        print(f"differs: {key}: Helm now {answers.get(key)}, recorded {recorded.get(key)}")
    print(f"{len(answers) - len(differ)} passed, {len(differ)} failed")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
