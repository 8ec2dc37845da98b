#!/usr/bin/env python3
"""Chart trees judged by Helm: charts and archives built with helm-python-sdk (`Chart.save`),
Helm's install path (`render`: dependencies processed first) against `values-migrate validate
--chart` and `migrate --base/--target` with chart archives. Prints `N passed, M failed`."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml
from helm_python.chart import Chart

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("VALUES_MIGRATE_BIN", os.path.join(ROOT, "target", "debug", "values-migrate"))
results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else "\n     " + detail))


def write(directory, files):
    for path, content in files.items():
        full = os.path.join(directory, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(content if isinstance(content, str) else json.dumps(content))


def chart_yaml(name, version, dependencies=()):
    meta = {"apiVersion": "v2", "name": name, "version": version}
    if dependencies:
        meta["dependencies"] = list(dependencies)
    return yaml.safe_dump(meta)


def normal(line):
    """Helm lists the keys one `additionalProperties` refuses in Go map order (it varies from run
    to run): compared as a sorted list."""
    m = re.search(r"additional properties ((?:'[^']*'(?:, )?)+) not allowed", line)
    if not m:
        return line
    keys = ", ".join(sorted(re.findall(r"'[^']*'", m.group(1))))
    return line[:m.start(1)] + keys + line[m.end(1):]


def helm_lines(chart_path, values):
    """Helm's verdict on the install path: the set of `chart: - at '…': …` lines (empty: valid)."""
    try:
        Chart.load(chart_path).render(values)  # a fresh load: render prunes the loaded chart
        return set()
    except Exception as e:  # HelmValuesError
        lines, chart = set(), None
        for line in str(e).splitlines():
            if line.startswith("- at "):
                lines.add(normal(f"{chart}: {line}"))
            elif line.endswith(":") and not line.startswith("values don't"):
                chart = line[:-1]
        return lines or {str(e)}


def our_lines(chart_path, values_file):
    out = subprocess.run([BIN, "validate", "--chart", chart_path, "--values", values_file],
                         capture_output=True, text=True)
    report = json.loads(out.stdout or "{}")
    every = report.get("violations", []) + report.get("defaultsViolations", [])
    return {normal(v["chart"]["helm"]) for v in every if "chart" in v} | {
        e["message"] for e in report.get("errors", [])}, report


STRICT = {"type": "object", "additionalProperties": False, "properties": {"port": {"type": "integer"}}}
GLOBAL_AWARE = {"type": "object", "properties": {
    "port": {"type": "integer"},
    "global": {"type": "object", "properties": {"env": {"enum": ["prod", "dev"]}}}}}


def umbrella(work):
    """An umbrella: `alpha` under the alias `first` (a nested archive, with its own subchart),
    `beta` behind a condition (off by default), `gamma` behind a tag, and globals."""
    write(f"{work}/src/alpha", {
        "Chart.yaml": chart_yaml("alpha", "1.0.0", [{"name": "leaf", "version": "~1.0.0"}]),
        "values.yaml": "port: 80\n",
        "values.schema.json": GLOBAL_AWARE,
        "charts/leaf/Chart.yaml": chart_yaml("leaf", "1.0.3"),
        "charts/leaf/values.yaml": "size: 1\n",
        "charts/leaf/values.schema.json": {"type": "object", "properties": {"size": {"type": "integer", "maximum": 5},
                                                                           "global": {"type": "object"}}},
    })
    os.makedirs(f"{work}/umb/charts", exist_ok=True)
    Chart.load(f"{work}/src/alpha").save(f"{work}/umb/charts")
    write(f"{work}/umb", {
        "Chart.yaml": chart_yaml("umb", "1.0.0", [
            {"name": "alpha", "version": "1.0.0", "alias": "first"},
            {"name": "beta", "version": ">=1.0.0", "condition": "beta.enabled"},
            {"name": "gamma", "version": "1.x", "tags": ["extra"]}]),
        "values.yaml": "global:\n  env: prod\nbeta:\n  enabled: false\n",
        "values.schema.json": {"type": "object", "properties": {"global": {"type": "object"}}},
        "charts/beta/Chart.yaml": chart_yaml("beta", "1.0.0"),
        "charts/beta/values.yaml": "port: 1\n",
        "charts/beta/values.schema.json": STRICT,
        "charts/gamma/Chart.yaml": chart_yaml("gamma", "1.2.0"),
        "charts/gamma/values.schema.json": STRICT,
    })
    return Chart.load(f"{work}/umb").save(work)


UMBRELLA_CASES = [
    ("defaults alone: gamma's strict schema refuses the injected global", {}),
    ("tag off: valid", {"tags": {"extra": False}}),
    ("a wrong value under the alias", {"tags": {"extra": False}, "first": {"port": "a"}}),
    ("a user global checked by the subchart's schema", {"tags": {"extra": False}, "global": {"env": "x"}}),
    ("a disabled subchart is not validated", {"tags": {"extra": False}, "beta": {"port": "no"}}),
    ("enabled by the user's condition: validated", {"tags": {"extra": False}, "beta": {"enabled": True}}),
    ("a nested subchart of the aliased one", {"tags": {"extra": False}, "first": {"leaf": {"size": "big"}}}),
    ("the condition wins over the tag", {"tags": {"extra": True}, "beta": {"enabled": False, "x": 1}}),
    ("tag on, condition on", {"tags": {"extra": True}, "beta": {"enabled": True}, "gamma": {"port": 2}}),
]


def test_umbrella(work):
    archive = umbrella(work)
    for description, values in UMBRELLA_CASES:
        values_file = f"{work}/values.yaml"
        with open(values_file, "w") as f:
            yaml.safe_dump(values, f)
        helm = helm_lines(archive, values)
        for form, path in (("archive", archive), ("directory", f"{work}/umb")):
            ours, _ = our_lines(path, values_file)
            check(f"umbrella ({form}): {description}", ours == helm, f"helm {sorted(helm)}\n     ours {sorted(ours)}")


def test_location(work):
    """A violation under the alias is located at its key's line in the user's file."""
    values_file = f"{work}/located.yaml"
    with open(values_file, "w") as f:
        f.write("# comment\ntags:\n  extra: false\nfirst:\n  port: nope\n")
    _, report = our_lines(f"{work}/umb-1.0.0.tgz", values_file)
    at = [(v["line"], v["column"]) for v in report.get("violations", [])]
    check("umbrella: `first.port` located at its key, line 5, column 3", at == [(5, 3)], str(at))


def bump(work):
    """umb 1.0.0 → 2.0.0: its subchart alpha 1.0.0 → 2.0.0 renames `port` to `podPort`."""
    for version, schema in (("1.0.0", {"type": "object", "properties": {"port": {"type": "integer"}}}),
                            ("2.0.0", {"type": "object", "additionalProperties": False,
                                       "properties": {"podPort": {"type": "integer"}, "global": {"type": "object"}}})):
        base = f"{work}/bump-{version}"
        write(f"{base}/umb", {
            "Chart.yaml": chart_yaml("umb", version, [{"name": "alpha", "version": version, "alias": "first"}]),
            "values.yaml": "replicas: 1\n",
            "values.schema.json": {"type": "object", "properties": {"replicas": {"type": "integer"}}},
            "charts/alpha/Chart.yaml": chart_yaml("alpha", version),
            "charts/alpha/values.schema.json": schema,
        })
        Chart.load(f"{base}/umb").save(work)
    values = f"{work}/bump-values.yaml"
    with open(values, "w") as f:
        f.write("replicas: 2\nfirst:\n  # the cluster's port\n  port: 8083\n")
    proposal = f"{work}/bump-proposal.yaml"
    with open(proposal, "w") as f:
        f.write("replicas: 2\nfirst:\n  podPort: 8083\n")
    out = subprocess.run([BIN, "migrate", "--values", values, "--base", f"{work}/umb-1.0.0.tgz",
                          "--target", f"{work}/umb-2.0.0.tgz", "--proposal", proposal],
                         capture_output=True, text=True)
    report = json.loads(out.stdout or "{}")
    check("bump: planned", report.get("status") == "planned", out.stdout[-800:] + out.stderr)
    after = report.get("files", [{}])[0].get("after", "")
    check("bump: the comment above the key stays", "# the cluster's port\n  podPort: 8083" in after, after)
    check("bump: Helm refuses the old values", bool(helm_lines(f"{work}/umb-2.0.0.tgz", yaml.safe_load(open(values)))))
    check("bump: Helm accepts the migrated values", helm_lines(f"{work}/umb-2.0.0.tgz", yaml.safe_load(after)) == set())
    check("bump: the comment names the chart", "`first` (alpha 1.0.0 → 2.0.0)" in report.get("comment", ""),
          report.get("comment", ""))


def main():
    work = tempfile.mkdtemp(prefix="vm-charts-")
    try:
        test_umbrella(work)
        test_location(work)
        bump(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
