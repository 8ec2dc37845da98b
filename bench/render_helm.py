"""The render benchmark's peer: Helm 4.2.3 itself, through helm-python-sdk, timed in-process.

`python3 bench/render_helm.py PLAN.json OUT.json`: PLAN is bench/render.mjs's plan (the shared
timing rule, bench/pymeasure.py) with `jobs: [{id, chart, values: [paths], dump?}]`. A call is
`Chart.load(chart)` then `render(values)` then the chart freed: the chart read from disk and
rendered, every template's text returned (what values-migrate's `render` returns). The values
files are read and merged once, outside the timing, as tests/fixtures/render/record.py reads
them (yaml.safe_load; later files' keys over earlier ones, maps merged). Writes
[{id, samples, batch, calls}]; a job with `dump` also writes {"files": {name: text}}.
"""
import json
import sys

import yaml
from helm_python.chart import Chart

from pymeasure import measure


def merge(into, other):
    for key, value in other.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            merge(into[key], value)
        else:
            into[key] = value
    return into


def main():
    plan_path, out_path = sys.argv[1:3]
    with open(plan_path) as f:
        plan = json.load(f)
    results = []
    for job in plan["jobs"]:
        values = {}
        for path in job.get("values", []):
            with open(path) as f:
                merge(values, yaml.safe_load(f) or {})

        def call(chart=job["chart"], values=values):
            with Chart.load(chart) as loaded:
                return loaded.render(values)

        samples, batch, calls = measure(plan, call)
        if job.get("dump"):
            with open(job["dump"], "w") as f:
                json.dump({"files": call()}, f)
        results.append({"id": job["id"], "samples": samples, "batch": batch, "calls": calls})
    with open(out_path, "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main()
