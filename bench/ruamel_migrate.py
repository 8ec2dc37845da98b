"""The ruamel.yaml + jsonschema peer of scripts/bench's end-to-end migrate rows.

`python ruamel_migrate.py JOBS.json OUT.json`. Same timing rule as bench/measure.mjs, and the
same pipeline as the JavaScript peers (bench/peers.mjs): per call, parse both schemas and
build their validators, load the values file with the round-trip loader (comments and quotes kept), check
the values against both schemas, apply the known edits (keys deleted, one key renamed in
place), dump the text, re-load the output with the safe loader and validate it against the
target. Each job's output text is written to `out` for the agreement check.
"""

import io
import json
import sys

import jsonschema
import ruamel.yaml
from ruamel.yaml import YAML

from pymeasure import measure


def validator(schema_text):
    schema = json.loads(schema_text)
    return jsonschema.validators.validator_for(schema)(schema)


def get_in(value, path):
    for key in path:
        value = value[key]
    return value


def migrate(text, schemas, edits):
    base = validator(schemas["base"])
    target = validator(schemas["target"])
    rt = YAML()
    rt.preserve_quotes = True
    data = rt.load(text)
    values = get_in(data, edits["prefix"])
    if not base.is_valid(values):
        raise SystemExit("ruamel_migrate: the original fails the base schema")
    if target.is_valid(values):
        raise SystemExit("ruamel_migrate: the target schema accepts the original")
    for path in edits["remove"]:
        del get_in(values, path[:-1])[path[-1]]
    for rename in edits["rename"]:
        mapping = get_in(values, rename["at"])
        position = list(mapping.keys()).index(rename["from"])
        value = mapping.pop(rename["from"])
        mapping.insert(position, rename["to"], value)
    out = io.StringIO()
    rt.dump(data, out)
    out = out.getvalue()
    check = get_in(YAML(typ="safe").load(out), edits["prefix"])
    if not target.is_valid(check):
        raise SystemExit("ruamel_migrate: the output fails the target schema")
    return out


def main():
    jobs_path, out_path = sys.argv[1:3]
    with open(jobs_path) as f:
        plan = json.load(f)
    results = []
    for job in plan["jobs"]:
        with open(job["file"], encoding="utf-8") as f:
            text = f.read()
        schemas = {}
        for name in ("base", "target"):
            with open(job[name], encoding="utf-8") as f:
                schemas[name] = f.read()
        job_plan = {**plan, **job.get("plan", {})}
        samples, batch, calls = measure(job_plan, lambda: migrate(text, schemas, job["edits"]))
        with open(job["out"], "w", encoding="utf-8") as f:
            f.write(migrate(text, schemas, job["edits"]))
        results.append({"id": job["id"], "samples": samples, "batch": batch, "calls": calls})
    with open(out_path, "w") as f:
        versions = {"ruamel.yaml": ruamel.yaml.__version__, "jsonschema": jsonschema_version()}
        json.dump({"versions": versions, "results": results}, f)


def jsonschema_version():
    from importlib.metadata import version

    return version("jsonschema")


if __name__ == "__main__":
    main()
