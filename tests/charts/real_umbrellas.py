#!/usr/bin/env python3
"""Real umbrella charts judged by Helm: every version of every vendored chart that holds subcharts
(`tests/charts/real/*/{base,target}-chart`, `tests/charts/umbrellas/*`), and a set of user values
made from its tree (each subchart's values given as a string, `null`, a number, a list, a
boolean; condition paths set false, `null`, true; tags; `global`; values under subchart keys; the
bump's own user file), given to Helm's install path (helm-python-sdk `render`) and to
`values-migrate validate --chart DIR --values FILE`. Every verdict, every line Helm prints (its
words, the chart and pointer) and every location (line and column of the user's file, worked out
here from Helm's words with PyYAML's marks) must be equal. Prints `N passed, M failed`."""

import json
import os
import sys
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor

import yaml
from helm_python.chart import Chart
from helm_python.errors import HelmRenderError

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from helm_charts import BIN, ROOT, helm_lines, our_lines  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
results = {"passed": 0, "failed": 0}
MISMATCHED = ["oops", None, 3, ["a"], True]


def umbrellas():
    """Every vendored chart directory holding subcharts, with the user file of its bump."""
    out = []
    real = os.path.join(HERE, "real")
    for bump in sorted(os.listdir(real)):
        for side, user in (("base-chart", "values.yaml"), ("target-chart", "proposal.yaml")):
            chart = os.path.join(real, bump, side)
            if os.path.isdir(os.path.join(chart, "charts")):
                out.append((chart, os.path.join(real, bump, user)))
    extra = os.path.join(HERE, "umbrellas")
    for name in sorted(os.listdir(extra)) if os.path.isdir(extra) else []:
        for version in sorted(os.listdir(os.path.join(extra, name))):
            chart = os.path.join(extra, name, version)
            if os.path.isfile(os.path.join(chart, "Chart.yaml")):
                out.append((chart, None))
    return out


def subcharts(chart, path=()):
    """Each subchart Helm's loader finds under `chart`, as (values path, its condition paths from
    the root's values, its tags, its directory), parents first."""
    meta = yaml.safe_load(open(os.path.join(chart, "Chart.yaml")))
    found = {}
    for entry in sorted(os.listdir(os.path.join(chart, "charts"))) if os.path.isdir(os.path.join(chart, "charts")) else []:
        sub = os.path.join(chart, "charts", entry)
        if entry.endswith(".tgz") and not entry.startswith(("_", ".")):
            sub = unpacked(sub)
        if os.path.isfile(os.path.join(sub, "Chart.yaml")) and not entry.startswith(("_", ".")):
            found.setdefault(yaml.safe_load(open(os.path.join(sub, "Chart.yaml")))["name"], sub)
    out, listed = [], set()
    for dep in meta.get("dependencies") or []:
        if dep["name"] not in found:
            continue
        listed.add(dep["name"])
        key = dep.get("alias") or dep["name"]
        conditions = [list(path) + c.split(".") for c in (dep.get("condition") or "").strip().split(",") if c]
        out.append((list(path) + [key], found[dep["name"]], conditions, dep.get("tags") or []))
    for name, sub in found.items():
        if name not in listed:
            out.insert(0, (list(path) + [name], sub, [], []))
    every = []
    for values_path, sub, conditions, tags in out:
        every.append((values_path, conditions, tags, sub))
        every.extend(subcharts(sub, values_path))
    return every


UNPACKED = {}


def unpacked(archive):
    """The chart directory a subchart archive (`charts/NAME-VERSION.tgz`) holds, unpacked once."""
    if archive not in UNPACKED:
        into = tempfile.mkdtemp(prefix="vm-subchart-")
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
        top = [d for d in os.listdir(into) if os.path.isdir(os.path.join(into, d))]
        UNPACKED[archive] = os.path.join(into, top[0])
    return UNPACKED[archive]


def imported(chart):
    """For each `import-values` entry of `chart`'s dependencies, the user's values that land where
    the import lays its table (the root for a string form or `parent: .`): each key of the table
    given as a string, `null`, a list, and a mapping in place of a scalar."""
    meta = yaml.safe_load(open(os.path.join(chart, "Chart.yaml")))
    out = []
    for dep in meta.get("dependencies") or []:
        found = [s for p, _, _, s in subcharts(chart) if len(p) == 1 and p[0] == (dep.get("alias") or dep["name"])]
        if not found or not dep.get("import-values"):
            continue
        values = os.path.join(found[0], "values.yaml")
        own = (yaml.safe_load(open(values)) if os.path.isfile(values) else None) or {}
        for entry in dep.get("import-values") or []:
            if isinstance(entry, str):
                table, parent = (own.get("exports") or {}).get(entry), []
            else:
                table = own
                for key in entry["child"].split("."):
                    table = table.get(key) if isinstance(table, dict) else None
                parent = [k for k in entry["parent"].split(".") if k]
            if not isinstance(table, dict):
                continue
            for key in list(table)[:3]:
                for said in ("oops", None, ["x"], {"m": 1}):
                    out.append((f"imported `{'.'.join(parent + [key])}` given as {json.dumps(said)}",
                                put({}, parent + [key], said)))
    return out


def put(values, path, value):
    """`values` with `value` at `path` (mappings made on the way, a non-mapping replaced)."""
    at = values
    for key in path[:-1]:
        if not isinstance(at.get(key), dict):
            at[key] = {}
        at = at[key]
    at[path[-1]] = value
    return values


def cases(chart, user_file):
    """The user values for one chart: (description, values)."""
    tree = subcharts(chart)
    out = []
    if user_file:
        out.append(("the bump's user file", yaml.safe_load(open(user_file)) or {}))
    for path, conditions, tags, _ in tree:
        name = ".".join(path)
        for bad in MISMATCHED:
            out.append((f"`{name}` given as {json.dumps(bad)}", put({}, path, bad)))
        out.append((f"a value under `{name}`", put({}, path + ["extraValue"], 1)))
        out.append((f"a `global` under `{name}`", put({}, path + ["global"], {"x": 1})))
        for condition in conditions:
            text = ".".join(condition)
            for said in (False, None, True):
                out.append((f"condition `{text}` set {json.dumps(said)}", put({}, condition, said)))
            if condition[:len(path)] != path:
                off = put(put({}, condition, False), path, "oops")
                out.append((f"condition `{text}` false and `{name}` a string", off))
        for tag in tags:
            for said in (False, True):
                out.append((f"tag `{tag}` set {json.dumps(said)}", {"tags": {tag: said}}))
    for path, directory in [([], chart)] + [(t[0], t[3]) for t in tree]:
        out.extend(against_schema(path, directory))
    out.extend(imported(chart))
    out.append(("a user `global`", {"global": {"imageRegistry": "registry.example", "x": 1}}))
    out.append(("`global` given as null", {"global": None}))
    out.append(("`global` given as a string", {"global": "oops"}))
    if user_file and tree:
        first = tree[0][0]
        both = put(yaml.safe_load(open(user_file)) or {}, first, None)
        out.append((f"the bump's user file with `{'.'.join(first)}` null", both))
    return out


def against_schema(path, directory):
    """For a chart with a schema: a list where its own values.yaml holds a scalar (two keys, and one
    a level down), and a key its values do not hold."""
    if not os.path.isfile(os.path.join(directory, "values.schema.json")):
        return []
    own = yaml.safe_load(open(os.path.join(directory, "values.yaml"))) or {}
    scalar = (str, int, float, bool)
    keys = [[k] for k, v in own.items() if isinstance(v, scalar)][:2]
    keys += [[k, j] for k, v in own.items() if isinstance(v, dict) and k != "global"
             for j, w in v.items() if isinstance(w, scalar)][:1]
    name = ".".join(path) or "the root"
    out = [(f"a list at `{'.'.join(path + k)}`, a scalar in {name}'s values", put({}, path + k, ["x"])) for k in keys]
    out.append((f"a key {name}'s values do not hold", put({}, path + ["notAKey"], {"a": 1})))
    return out


def helm_verdict(chart, values):
    """Helm's install-path lines for `values` (empty: the values pass; a template that fails to
    render afterwards is no verdict on the values), and whether a template failed."""
    try:
        Chart.load(chart).render(values)
        return set(), False
    except HelmRenderError:
        return set(), True
    except Exception:
        return helm_lines(chart, values), False


def marks(text):
    """Each key's (line, column) in the user's file by its path, from PyYAML's nodes."""
    out = {}

    def walk(node, path):
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                here = path + (key.value,)
                out.setdefault(here, (key.start_mark.line + 1, key.start_mark.column + 1))
                walk(value, here)

    walk(yaml.compose(text), ())
    return out


def expected_places(lines, text, tree, names):
    """Where Helm's lines put each violation in the user's file: a `type mismatch on X` at the
    key of the subchart X whose value is no mapping; `chart: - at '/p'` at the key the chart's
    values path and the pointer name (none when the file does not hold it)."""
    places, keys, values = set(), marks(text), yaml.safe_load(text) or {}
    for line in lines:
        if line.startswith("type mismatch on "):
            name = line[len("type mismatch on "):].split(":")[0]
            for path, _, _, _ in tree:
                at = values
                for key in path:
                    at = at.get(key) if isinstance(at, dict) else None
                if path[-1] == name and tuple(path) in keys and not isinstance(at, dict):
                    places.add(keys[tuple(path)])
                    break
        elif ": - at '" in line and not line.split(": ", 1)[1].startswith(" "):
            chart, rest = line.split(": - at '", 1)
            pointer = rest.split("'", 1)[0]
            path = tuple(names.get(chart, [])) + tuple(p for p in pointer.split("/")[1:])
            if path in keys:
                places.add(keys[path])
    return places


def judge(chart, description, values, work, tree, names):
    """One case: ours against Helm's, verdict, words and places."""
    text = "# the user's values\n" + yaml.safe_dump(values, sort_keys=False)
    values_file = os.path.join(work, f"v{abs(hash((chart, description)))}.yaml")
    with open(values_file, "w") as f:
        f.write(text)
    helm, template_failed = helm_verdict(chart, values)
    ours, report = our_lines(chart, values_file)
    located = {(v["line"], v["column"]) for v in report.get("violations", []) if "line" in v}
    want = expected_places(helm, text, tree, names)
    same = ours == helm and report.get("valid") == (not helm) and located == want
    return same, template_failed, f"helm {sorted(helm)} at {sorted(want)}\n     ours {sorted(ours)} " \
                                  f"valid={report.get('valid')} at {sorted(located)}"


def main():
    only = sys.argv[1:]
    work = tempfile.mkdtemp(prefix="vm-umbrellas-")
    charts = [(c, u) for c, u in umbrellas() if not only or any(o in c for o in only)]
    failed_renders = 0
    for chart, user_file in charts:
        tree = subcharts(chart)
        names = {path[-1]: path for path, _, _, _ in reversed(tree)}
        names[yaml.safe_load(open(os.path.join(chart, "Chart.yaml")))["name"]] = []
        label = os.path.relpath(chart, HERE)
        todo = cases(chart, user_file)
        with ThreadPoolExecutor(max_workers=4) as pool:
            judged = list(pool.map(lambda c: judge(chart, c[0], c[1], work, tree, names), todo))
        agreed = 0
        for (description, _), (same, template_failed, detail) in zip(todo, judged):
            failed_renders += template_failed
            agreed += same
            results["passed" if same else "failed"] += 1
            if not same:
                print(f"FAIL {label}: {description}\n     {detail}")
        print(f"{label}: {len(todo)} cases, {agreed} agreed")
    print(f"{len(charts)} chart versions; {failed_renders} cases whose values Helm accepted and whose "
          f"templates then failed to render (a verdict of valid for the values)")
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
