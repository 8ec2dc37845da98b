"""Times ruamel.yaml on the inputs of scripts/bench: `python ruamel_bench.py JOBS.json OUT.json`.

Same timing rule as bench/measure.mjs. Loaders: `rt` is YAML() (round-trip, pure Python,
comments kept), `safe` is YAML(typ='safe') (the C loader of ruamel.yaml.clib when present,
as `impl` says). Each job's decoded documents can be dumped as JSON for the agreement check.
"""

import json
import sys

import ruamel.yaml
from ruamel.yaml import YAML

from pymeasure import measure


def loader(kind):
    if kind == "rt":
        return YAML()
    if kind == "safe":
        return YAML(typ="safe")
    raise SystemExit(f"ruamel_bench: unknown loader {kind}")


def main():
    jobs_path, out_path = sys.argv[1:3]
    with open(jobs_path) as f:
        plan = json.load(f)
    results = []
    for job in plan["jobs"]:
        with open(job["file"], encoding="utf-8") as f:
            text = f.read()
        y = loader(job["loader"])

        def call():
            return list(y.load_all(text))

        docs = call()
        samples, batch, calls = measure(plan, call)
        if job.get("dump"):
            with open(job["dump"], "w") as f:
                json.dump(docs, f, default=str)
        impl = type(y.parser).__module__ + "." + type(y.parser).__name__ if job["loader"] == "rt" else None
        if job["loader"] == "safe":
            # YAML(typ='safe') picks the C loader when ruamel.yaml.clib is importable.
            impl = "CSafeLoader (libyaml, ruamel.yaml.clib)" if "CParser" in str(y.Parser) else "pure-Python SafeLoader"
        results.append({"id": job["id"], "samples": samples, "batch": batch, "calls": calls, "impl": impl})
    with open(out_path, "w") as f:
        json.dump({"version": ruamel.yaml.__version__, "python": sys.version.split()[0], "results": results}, f)


if __name__ == "__main__":
    main()
