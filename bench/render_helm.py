"""The render benchmark's peer: Helm 4.2.3 itself, through helm-python-sdk, timed in-process.

`python3 bench/render_helm.py PLAN.json OUT.json`: PLAN is bench/render.mjs's plan (the shared
timing rule, bench/pymeasure.py) with `jobs: [{id, chart, values: [paths], dump?}]`. A call is
`Chart.load(chart)` then `render(values)` then the chart freed: the chart read from disk and
rendered, every template's text returned (what values-migrate's `render` returns). The values
files are read and merged once, outside the timing, as tests/fixtures/render/record.py reads
them (yaml.safe_load; later files' keys over earlier ones, maps merged). Writes
[{id, samples, batch, calls}]; a job with `dump` also writes {"files": {name: text}}.

`python3 bench/render_helm.py --serve PLAN.json` times the plan's jobs on request instead, one
stdin line `INDEX CALLS` at a time, answering the milliseconds per call (bench/render.mjs
interleaves them with values-migrate's calls).
"""
import json
import os
import sys
import time

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


def caller(job):
    """The job's call: its chart loaded and rendered with its values (read once, here)."""
    values = {}
    for path in job.get("values", []):
        with open(path) as f:
            merge(values, yaml.safe_load(f) or {})

    def call(chart=job["chart"], values=values):
        with Chart.load(chart) as loaded:
            return loaded.render(values)

    return call


def serve(plan):
    # The answers on the original stdout; anything Helm's Go code writes goes to stderr.
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    calls = [caller(job) for job in plan["jobs"]]
    for line in sys.stdin:
        index, count = (int(w) for w in line.split())
        start = time.perf_counter()
        for _ in range(count):
            calls[index]()
        print((time.perf_counter() - start) * 1e3 / max(count, 1), file=answers, flush=True)


def main():
    if sys.argv[1] == "--serve":
        with open(sys.argv[2]) as f:
            return serve(json.load(f))
    plan_path, out_path = sys.argv[1:3]
    with open(plan_path) as f:
        plan = json.load(f)
    results = []
    for job in plan["jobs"]:
        call = caller(job)

        samples, batch, calls = measure(plan, call)
        if job.get("dump"):
            with open(job["dump"], "w") as f:
                json.dump({"files": call()}, f)
        results.append({"id": job["id"], "samples": samples, "batch": batch, "calls": calls})
    with open(out_path, "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main()
