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
    """Helm's verdict on the install path: the set of `chart: - at '…': …` lines, the causes
    nested under a line indented as Helm indents them (empty: valid)."""
    try:
        Chart.load(chart_path).render(values)  # a fresh load: render prunes the loaded chart
        return set()
    except Exception as e:  # HelmValuesError
        lines, chart = set(), None
        for line in str(e).splitlines():
            if line.lstrip().startswith("- at "):
                lines.add(normal(f"{chart}: {line}"))
            elif line.endswith(":") and not line.startswith("values don't"):
                chart = line[:-1]
        return lines or {str(e)}


def helm_said(chart_path, values):
    """What `helm install` prints (empty when it installs), additional-properties keys sorted."""
    try:
        Chart.load(chart_path).render(values)
        return ""
    except Exception as e:
        return "\n".join(normal(line) for line in str(e).strip().splitlines())


def nested_lines(v):
    """The lines one violation stands for in Helm's report, indented as Helm indents them: the
    lines that hold it (`within`), its own, and its `causes`."""
    name = v["chart"]["name"]
    own = v["chart"]["helm"][len(name) + 2:]
    if v["keyword"] == "coalesce":
        return [v["chart"]["helm"]]
    def line(depth, pointer, message):
        return normal(f"{name}: {'  ' * depth}- at '{pointer}': {message}")
    def causes(depth, items):
        for c in items:
            yield line(depth, c["pointer"], c["message"])
            yield from causes(depth + 1, c.get("causes", []))
    within = v.get("within", [])
    heads = [line(d, w["pointer"], w["message"]) for d, w in enumerate(within)]
    mine = normal(f"{name}: {'  ' * len(within)}{own}") if within else normal(v["chart"]["helm"])
    return heads + [mine] + list(causes(len(within) + 1, v.get("causes", [])))


def our_lines(chart_path, values_file):
    out = subprocess.run([BIN, "validate", "--chart", chart_path, "--values", values_file],
                         capture_output=True, text=True)
    report = json.loads(out.stdout or "{}")
    every = report.get("violations", []) + report.get("defaultsViolations", [])
    lines = {line for v in every if "chart" in v for line in nested_lines(v)}
    return lines | {e["message"] for e in report.get("errors", [])}, report


def canonical(text):
    """Helm's report with each line's causes sorted (Helm lists one object's errors in Go's map
    order, which varies from run to run), the nesting kept."""
    def tree(lines):
        out, i = [], 0
        while i < len(lines):
            depth = len(lines[i]) - len(lines[i].lstrip())
            j = i + 1
            while j < len(lines) and len(lines[j]) - len(lines[j].lstrip()) > depth:
                j += 1
            out.append(lines[i] + "".join("\n" + c for c in tree(lines[i + 1:j])))
            i = j
        return sorted(out)
    blocks, head = [], []
    for line in (normal(l) for l in text.strip().splitlines()):
        if line.lstrip().startswith("- at "):
            blocks[-1][1].append(line)
        else:
            blocks.append((line, []))
    return "\n".join(f"{h}\n" + "\n".join(tree(b)) for h, b in blocks)


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


def compare(work, name, archive, directory, cases):
    """Each case's verdict and lines, ours against Helm's install path, from the archive and the
    directory: `valid` is Helm's verdict (a violation the chart's defaults cause fails the install)."""
    for description, values in cases:
        values_file = f"{work}/values.yaml"
        with open(values_file, "w") as f:
            yaml.safe_dump(values, f)
        helm = helm_lines(archive, values)
        for form, path in (("archive", archive), ("directory", directory)):
            ours, report = our_lines(path, values_file)
            same = ours == helm and report.get("valid") == (not helm)
            check(f"{name} ({form}): {description}", same,
                  f"helm {sorted(helm)}\n     ours {sorted(ours)} valid={report.get('valid')}")


def test_umbrella(work):
    compare(work, "umbrella", umbrella(work), f"{work}/umb", UMBRELLA_CASES)


def gated(work):
    """Switched off as Helm's install path does: `beta` by its own values.yaml (`enabled: false`),
    whose defaults then never reach the parent's strict schema for `beta`; `delta` by a tag, with
    defaults its own schema refuses; `eps` on, holding `zeta`, which its own condition switches off."""
    strict_beta = {"type": "object", "additionalProperties": False, "properties": {"enabled": {"type": "boolean"}}}
    write(f"{work}/gated", {
        "Chart.yaml": chart_yaml("gated", "1.0.0", [
            {"name": "beta", "version": "1.0.0", "condition": "beta.enabled"},
            {"name": "delta", "version": "1.0.0", "tags": ["heavy"]},
            {"name": "eps", "version": "1.0.0"}]),
        "values.yaml": "tags:\n  heavy: false\n",
        "values.schema.json": {"type": "object", "properties": {"beta": strict_beta}},
        "charts/beta/Chart.yaml": chart_yaml("beta", "1.0.0"),
        "charts/beta/values.yaml": "enabled: false\nport: 1\n",
        "charts/beta/values.schema.json": {"type": "object", "required": ["name"]},
        "charts/delta/Chart.yaml": chart_yaml("delta", "1.0.0"),
        "charts/delta/values.yaml": "port: many\n",
        "charts/delta/values.schema.json": {"type": "object", "properties": {"port": {"type": "integer"}}},
        "charts/eps/Chart.yaml": chart_yaml("eps", "1.0.0", [
            {"name": "zeta", "version": "1.0.0", "condition": "zeta.on,eps.zetaOn"}]),
        "charts/eps/values.yaml": "zetaOn: false\n",
        "charts/eps/values.schema.json": {"type": "object", "properties": {"zeta": {"type": "object", "maxProperties": 1}}},
        "charts/eps/charts/zeta/Chart.yaml": chart_yaml("zeta", "1.0.0"),
        "charts/eps/charts/zeta/values.yaml": "a: 1\nb: 2\n",
        "charts/eps/charts/zeta/values.schema.json": {"type": "object", "required": ["c"]},
    })
    return Chart.load(f"{work}/gated").save(work)


GATED_CASES = [
    ("defaults alone: every switched-off subchart's defaults left out", {}),
    ("beta switched on by the user: its defaults and global arrive", {"beta": {"enabled": True}}),
    ("beta off, the user's value under its key still checked by the parent", {"beta": {"port": 2}}),
    ("delta's tag on: its own defaults fail its schema", {"tags": {"heavy": True}}),
    ("zeta on by its second condition", {"eps": {"zetaOn": True}}),
    ("zeta: the first boolean condition wins", {"eps": {"zetaOn": True}, "zeta": {"on": False}}),
]


def test_gated(work):
    compare(work, "gated", gated(work), f"{work}/gated", GATED_CASES)


def ordered(work):
    """Helm's order below the top level (`processDependencyEnabled`, recursing with the
    parent's coalesced values): `mid` holds `deep` (tag `heavy`) and `cond` (condition
    `cond.use`); mid's values.yaml sets `tags` and a key `mid`, which Helm lays at the top of the
    values before deciding for mid's own subcharts. `sw` is one chart under two aliases, each
    with its own condition; `off` is switched off by its own default, with a `global` of its own."""
    failing = {"type": "object", "required": ["c"]}
    write(f"{work}/ord", {
        "Chart.yaml": chart_yaml("ord", "1.0.0", [
            {"name": "mid", "version": "1.0.0"},
            {"name": "sw", "version": "1.0.0", "alias": "one", "condition": "one.use"},
            {"name": "sw", "version": "1.0.0", "alias": "two", "condition": "two.use"},
            {"name": "off", "version": "1.0.0", "condition": "off.enabled"},
            {"name": "strict", "version": "1.0.0"}]),
        "values.yaml": "one:\n  use: true\n",
        "charts/mid/Chart.yaml": chart_yaml("mid", "1.0.0", [
            {"name": "deep", "version": "1.0.0", "tags": ["heavy"]},
            {"name": "cond", "version": "1.0.0", "condition": "cond.use"}]),
        "charts/mid/values.yaml": "tags:\n  heavy: false\nmid:\n  cond:\n    use: false\n",
        "charts/mid/charts/deep/Chart.yaml": chart_yaml("deep", "1.0.0"),
        "charts/mid/charts/deep/values.schema.json": failing,
        "charts/mid/charts/cond/Chart.yaml": chart_yaml("cond", "1.0.0"),
        "charts/mid/charts/cond/values.schema.json": failing,
        "charts/sw/Chart.yaml": chart_yaml("sw", "1.0.0"),
        "charts/sw/values.yaml": "use: false\nport: 1\n",
        "charts/sw/values.schema.json": {"type": "object", "properties": {"port": {"type": "integer"}}},
        "charts/off/Chart.yaml": chart_yaml("off", "1.0.0"),
        "charts/off/values.yaml": "enabled: false\nglobal:\n  env: from-off\n",
        "charts/off/values.schema.json": failing,
        "charts/strict/Chart.yaml": chart_yaml("strict", "1.0.0"),
        "charts/strict/values.schema.json": {"type": "object", "properties": {
            "global": {"type": "object", "properties": {"env": {"enum": ["prod"]}}}}},
    })
    return Chart.load(f"{work}/ord").save(work)


ORDERED_CASES = [
    ("defaults alone: mid's own tags and `mid` key decide for its subcharts", {}),
    ("the user's tag wins over mid's", {"tags": {"heavy": True}}),
    ("the user's condition wins over mid's top-level key", {"mid": {"cond": {"use": True}}}),
    ("one chart under two aliases: each its own condition", {"one": {"port": "x"}, "two": {"use": True, "port": "z"}}),
    ("a null at a condition path the subchart's default sets: deleted, so on", {"off": {"enabled": None}}),
    ("a switched-off subchart's global reaches no one", {"off": {"global": {"env": "x"}}}),
    ("switched on, its global stays its own", {"off": {"enabled": True, "c": 1}}),
]


def test_ordered(work):
    compare(work, "order", ordered(work), f"{work}/ord", ORDERED_CASES)


def mismatched(work):
    """Subcharts whose values a user gives as `null` or a scalar: `sub` (holding `leaf`), `gated`
    (switched off by its condition in the parent's values), `held` (the parent's values hold its
    key) and `first` (an alias)."""
    write(f"{work}/mis", {
        "Chart.yaml": chart_yaml("mis", "1.0.0", [
            {"name": "sub", "version": "1.0.0"},
            {"name": "gated", "version": "1.0.0", "condition": "gated.enabled"},
            {"name": "held", "version": "1.0.0"},
            {"name": "other", "version": "1.0.0", "alias": "first"}]),
        "values.yaml": "gated:\n  enabled: false\nheld:\n  x: 1\n",
        "values.schema.json": {"type": "object"},
        "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0", [{"name": "leaf", "version": "1.0.0"}]),
        "charts/sub/values.yaml": "port: 1\n",
        "charts/sub/values.schema.json": {"type": "object", "properties": {"port": {"type": "integer"}}},
        "charts/sub/charts/leaf/Chart.yaml": chart_yaml("leaf", "1.0.0"),
        "charts/sub/charts/leaf/values.yaml": "size: 1\n",
        "charts/gated/Chart.yaml": chart_yaml("gated", "1.0.0"),
        "charts/gated/values.yaml": "port: 1\n",
        "charts/held/Chart.yaml": chart_yaml("held", "1.0.0"),
        "charts/other/Chart.yaml": chart_yaml("other", "1.0.0"),
        "charts/other/values.schema.json": {"type": "object"},
    })
    return Chart.load(f"{work}/mis").save(work)


MISMATCH_CASES = [
    ("a subchart's values given as null", {"sub": None}),
    ("as a string", {"sub": "oops"}),
    ("as an integer (Helm reads a float64)", {"sub": 3}),
    ("as a large integer", {"sub": 100000000}),
    ("as a fraction", {"sub": 0.25}),
    ("as a boolean", {"sub": True}),
    ("as an empty string", {"sub": ""}),
    ("as a list of scalars and a mapping", {"sub": ["a", 1, None, {"b": 2, "a": ["x"]}]}),
    ("a nested subchart's values as a string", {"sub": {"leaf": "oops"}}),
    ("a nested subchart's values as null", {"sub": {"leaf": None}}),
    ("an alias's values as a string", {"first": "oops"}),
    ("the chart's name of an aliased subchart is no subchart key", {"other": "oops"}),
    ("null over a key the parent's values hold: deleted, valid", {"held": None}),
    ("null over a switched-off subchart whose key the parent holds: valid", {"gated": None}),
    ("a string over a switched-off subchart: still refused", {"gated": "oops"}),
    ("the first mismatch in dependency order wins", {"first": "b", "sub": "a"}),
]


def test_mismatch(work):
    archive = mismatched(work)
    compare(work, "type mismatch", archive, f"{work}/mis", MISMATCH_CASES)
    values_file = f"{work}/mismatch.yaml"
    with open(values_file, "w") as f:
        f.write("# comment\nsub:\n  leaf: ~\n")
    _, report = our_lines(archive, values_file)
    at = [(v["path"], v["line"], v["column"]) for v in report.get("violations", [])]
    check("type mismatch: located at the user's `leaf:` (line 3, column 3)", at == [("sub.leaf", 3, 3)], str(at))


def importing(work):
    """`import-values` in both forms: `kid` exports `data` (laid at the root) and `conf` (laid at
    `fromKid`, and into the sibling subchart `tgt` at `tgt.extra`), names an export it lacks and a
    child path that is no mapping; `opt`, switched off by its own condition, exports a `level` the
    root's schema refuses; `mid` imports `cfg` from its own subchart `leaf`. The root's own
    `blocked: null` keeps kid's `blocked` out; its `own` wins over kid's; kid exports a `global`."""
    write(f"{work}/imp", {
        "Chart.yaml": chart_yaml("imp", "1.0.0", [
            {"name": "kid", "version": "1.0.0", "import-values": [
                "data", {"child": "conf", "parent": "fromKid"}, "missing", {"child": "port", "parent": "p"},
                {"child": "conf", "parent": "tgt.extra"}]},
            {"name": "opt", "version": "1.0.0", "condition": "opt.enabled", "import-values": ["data"]},
            {"name": "mid", "version": "1.0.0"},
            {"name": "tgt", "version": "1.0.0"}]),
        "values.yaml": "own: 1\nblocked: null\n",
        "values.schema.json": {"type": "object", "required": ["imported", "fromKid"], "properties": {
            "imported": {"type": "integer"}, "own": {"type": "integer"}, "blocked": {"type": "integer"},
            "level": {"type": "integer"}, "p": {"type": "object"},
            "fromKid": {"type": "object", "required": ["mode"], "properties": {"mode": {"enum": ["a", "b"]}}}}},
        "charts/kid/Chart.yaml": chart_yaml("kid", "1.0.0"),
        "charts/kid/values.yaml": "exports:\n  data:\n    own: wrong\n    blocked: wrong\n    imported: 4\n"
                                  "    gone: null\n    global:\n      tier: gold\nconf:\n  mode: a\nport: 80\n",
        "charts/opt/Chart.yaml": chart_yaml("opt", "1.0.0"),
        "charts/opt/values.yaml": "enabled: false\nexports:\n  data:\n    imported: from-opt\n    level: high\n",
        "charts/mid/Chart.yaml": chart_yaml("mid", "1.0.0", [
            {"name": "leaf", "version": "1.0.0", "import-values": [{"child": "exports.cfg", "parent": "cfg"}]}]),
        "charts/mid/values.schema.json": {"type": "object", "required": ["cfg"], "properties": {
            "cfg": {"type": "object", "properties": {"level": {"type": "integer"}}}}},
        "charts/mid/charts/leaf/Chart.yaml": chart_yaml("leaf", "1.0.0"),
        "charts/mid/charts/leaf/values.yaml": "exports:\n  cfg:\n    level: 3\n",
        "charts/tgt/Chart.yaml": chart_yaml("tgt", "1.0.0"),
        "charts/tgt/values.schema.json": {"type": "object", "additionalProperties": False, "properties": {
            "extra": {"type": "object", "properties": {"mode": {"enum": ["a", "b"]}}},
            "global": {"type": "object", "properties": {"tier": {"enum": ["gold", "silver"]}}}}},
    })
    return Chart.load(f"{work}/imp").save(work)


IMPORT_CASES = [
    ("defaults alone: the imports meet the root's `required`, the root's own and null win", {}),
    ("a user value over an imported one, refused", {"imported": "many"}),
    ("a user null deletes an imported value the root requires", {"imported": None}),
    ("a user map over an imported map merges with it", {"fromKid": {"other": 1}}),
    ("a user null under an imported map", {"fromKid": {"mode": None}}),
    ("the user's values under the subchart's exports are not imported", {"kid": {"exports": {"data": {"imported": "x"}}}}),
    ("the switched-off subchart switched on: its import arrives, refused", {"opt": {"enabled": True}}),
    ("a user null where the root's own null blocks an import", {"blocked": None}),
    ("the imported global reaches the sibling's schema, the user's wins", {"global": {"tier": "iron"}}),
    ("imported into a sibling subchart's values, the user's wrong value", {"tgt": {"extra": {"mode": "c"}}}),
    ("a nested chart's import: the user's wrong value over it", {"mid": {"cfg": {"level": "x"}}}),
    ("a nested chart's import deleted by the user's null", {"mid": {"cfg": None}}),
    ("a subchart given as a string: Helm's type mismatch first", {"kid": "oops"}),
]


def aliased_imports(work):
    """One chart (`sw`) under two aliases, each with its own condition and `import-values` of
    both forms: `a` (on by the root's values) and `b` (off by sw's own `use: false`) each export
    `data` (laid at the root) and lay `cfg` at a key of their own. sw's schema refuses a `level`
    that is no integer; the root's requires `fromA` and wants `fromB.level` to be 2 (sw's gives
    1), so each import shows in the verdict."""
    write(f"{work}/ali", {
        "Chart.yaml": chart_yaml("ali", "1.0.0", [
            {"name": "sw", "version": "1.0.0", "alias": "a", "condition": "a.use",
             "import-values": ["data", {"child": "cfg", "parent": "fromA"}]},
            {"name": "sw", "version": "1.0.0", "alias": "b", "condition": "b.use",
             "import-values": ["data", {"child": "cfg", "parent": "fromB"}]}]),
        "values.yaml": "a:\n  use: true\n",
        "values.schema.json": {"type": "object", "required": ["fromA"], "properties": {
            "who": {"const": "a"}, "fromB": {"type": "object", "required": ["level"],
                                             "properties": {"level": {"const": 2}}}}},
        "charts/sw/Chart.yaml": chart_yaml("sw", "1.0.0"),
        "charts/sw/values.yaml": "use: false\nexports:\n  data:\n    who: a\ncfg:\n  level: 1\n",
        "charts/sw/values.schema.json": {"type": "object", "properties": {"cfg": {"type": "object", "properties": {
            "level": {"type": "integer"}}}}},
    })
    return Chart.load(f"{work}/ali").save(work)


ALIASED_IMPORT_CASES = [
    ("defaults alone: the alias its own default switches off imports nothing", {}),
    ("the second alias switched on by the user: its import refused by the root", {"b": {"use": True}}),
    ("the user's value over an alias' import", {"b": {"use": True}, "fromB": {"level": 2}}),
    ("an alias' own values refused by its schema", {"b": {"use": True, "cfg": {"level": "x"}}, "fromB": {"level": 2}}),
    ("a switched-off alias' values are not validated", {"b": {"cfg": {"level": "x"}}}),
    ("the first alias switched off by the user: nothing of it imported", {"a": {"use": False}}),
    ("a user null deleting an alias' imported value", {"b": {"use": True}, "fromB": {"level": None}}),
]


def test_imports(work):
    compare(work, "import-values", importing(work), f"{work}/imp", IMPORT_CASES)


def nulls(work):
    """Helm's nulls in a tree: `sub`'s own values hold `svc.port: null` and `mode`; the parent's
    values give `sub` an `on: true` and a `cls: null`; `sub`'s schema wants `on` a boolean, `cls` and
    `svc.port` strings and requires `mode`; the root's schema wants `top` an integer and holds
    `top: null` in its values."""
    write(f"{work}/nulls", {
        "Chart.yaml": chart_yaml("nulls", "1.0.0", [{"name": "sub", "version": "1.0.0"}]),
        "values.yaml": "top: null\nsub:\n  on: true\n  cls: null\n",
        "values.schema.json": {"type": "object", "properties": {"top": {"type": "integer"}}},
        "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0"),
        "charts/sub/values.yaml": "mode: a\nsvc:\n  port: null\n",
        "charts/sub/values.schema.json": {"type": "object", "required": ["mode"], "properties": {
            "on": {"type": "boolean"}, "cls": {"type": "string"}, "mode": {"type": "string"},
            "svc": {"type": "object", "properties": {"port": {"type": "string"}}}}},
    })
    return Chart.load(f"{work}/nulls").save(work)


NULL_CASES = [
    ("defaults alone: every null cleaned away", {}),
    ("a user mapping under the subchart's key: the parent's and the subchart's nulls stay", {"sub": {"x": 1}}),
    ("a user null the subchart's own values do not hold: stays", {"sub": {"on": None}}),
    ("a user null the subchart's own values hold: deleted, the required key missing", {"sub": {"mode": None}}),
    ("a user null at the subchart's key: its own values stay", {"sub": None}),
    ("a user null over the root's own null: deleted", {"top": None}),
    ("a user null the root does not hold: stays", {"other": None, "top": 1}),
]


def test_aliased_imports(work):
    compare(work, "aliased imports", aliased_imports(work), f"{work}/ali", ALIASED_IMPORT_CASES)


def test_nulls(work):
    compare(work, "nulls", nulls(work), f"{work}/nulls", NULL_CASES)


def test_imports_refused(work):
    """Two imports adding keys to one table taken from a subchart: Helm adds them to the
    subchart's own values too (its maps are shared), which the tool refuses rather than follows;
    an `import-values` that is no list: Helm cannot load Chart.yaml, the tool refuses it too."""
    sub = {"charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0"), "charts/sub/values.yaml": "one:\n  a: 1\ntwo:\n  b: 2\n"}
    write(f"{work}/shared", {
        "Chart.yaml": chart_yaml("shared", "1.0.0", [{"name": "sub", "version": "1.0.0", "import-values": [
            {"child": "one", "parent": "t"}, {"child": "two", "parent": "t"}]}]),
        "templates/values.yaml": "{{ toJson .Values }}\n", **sub})
    rendered = json.loads(Chart.load(f"{work}/shared").render({})["shared/templates/values.yaml"])
    out = subprocess.run([BIN, "validate", "--chart", f"{work}/shared", "--values", os.devnull],
                         capture_output=True, text=True)
    check("import-values: Helm adds the second import's keys to the subchart's own `one`; the tool refuses",
          rendered["sub"]["one"] == {"a": 1, "b": 2} and rendered["t"] == {"a": 1, "b": 2}
          and out.returncode != 0 and "lay more keys into `t`" in out.stderr, out.stderr + json.dumps(rendered))
    write(f"{work}/nolist", {
        "Chart.yaml": chart_yaml("nolist", "1.0.0", [{"name": "sub", "version": "1.0.0", "import-values": "data"}]), **sub})
    try:
        Chart.load(f"{work}/nolist").render({})
        helm = ""
    except Exception as e:
        helm = str(e)
    out = subprocess.run([BIN, "validate", "--chart", f"{work}/nolist", "--values", os.devnull],
                         capture_output=True, text=True)
    check("import-values that is no list: Helm cannot load the chart, the tool refuses it naming the dependency",
          "cannot unmarshal string" in helm and out.returncode != 0
          and "dependency `sub`: `import-values` is not a list" in out.stderr, helm + out.stderr)


def test_location(work):
    """A violation under the alias is located at its key's line in the user's file; one of the
    user's `global` values, which Helm copies into the subchart, at the user's `global:` key."""
    values_file = f"{work}/located.yaml"
    with open(values_file, "w") as f:
        f.write("# comment\ntags:\n  extra: false\nfirst:\n  port: nope\n")
    _, report = our_lines(f"{work}/umb-1.0.0.tgz", values_file)
    at = [(v["line"], v["column"]) for v in report.get("violations", [])]
    check("umbrella: `first.port` located at its key, line 5, column 3", at == [(5, 3)], str(at))
    with open(values_file, "w") as f:
        f.write("tags:\n  extra: false\nglobal:\n  # the environment\n  env: staging\n")
    helm = helm_lines(f"{work}/umb-1.0.0.tgz", yaml.safe_load(open(values_file)))
    ours, report = our_lines(f"{work}/umb-1.0.0.tgz", values_file)
    at = [(v["path"], v["line"], v["column"]) for v in report.get("violations", [])]
    check("umbrella: the user's `global.env`, refused by `first`, located at `env:` (line 5, column 3), as the user's",
          ours == helm and at == [("first.global.env", 5, 3)] and not report.get("defaultsViolations"),
          f"helm {sorted(helm)} ours {sorted(ours)} at {at}")


NESTING = {"type": "object", "properties": {
    "a": {"items": {"type": "string"}, "maxItems": 1, "contains": {"type": "string"}},
    "c": {"anyOf": [{"type": "string"}, {"minimum": 3}]},
    "d": {"$ref": "#/$defs/x"},
    "e": {"allOf": [{"minimum": 5}, {"maximum": 0}]},
    "o": {"oneOf": [{"type": "string"}, {"type": "boolean", "$ref": "#/$defs/x"}]},
    "names": {"propertyNames": {"pattern": "^a"}},
    "p": {"pattern": "^\\s$"}},
    "$defs": {"x": {"minLength": 3, "pattern": "x"}}}
NESTED_VALUES = {"a": [1, 2], "c": 1, "d": "1", "e": 2, "o": 1, "names": {"b": 1}, "p": "x"}


def nesting(work):
    """Causes nested as Helm nests them, in a tree: the root, a subchart under two aliases and
    its own subchart carry a schema of `contains`, `anyOf`, `oneOf`, `allOf`, `$ref`s and
    `propertyNames`."""
    write(f"{work}/nest", {
        "Chart.yaml": chart_yaml("nest", "1.0.0", [{"name": "sub", "version": "1.0.0", "alias": "s"},
                                                   {"name": "sub", "version": "1.0.0", "alias": "t"}]),
        "values.yaml": "{}\n",
        "values.schema.json": NESTING,
        "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0", [{"name": "leaf", "version": "1.0.0"}]),
        "charts/sub/values.schema.json": NESTING,
        "charts/sub/charts/leaf/Chart.yaml": chart_yaml("leaf", "1.0.0"),
        "charts/sub/charts/leaf/values.schema.json": NESTING,
    })
    return Chart.load(f"{work}/nest").save(work)


NESTING_CASES = [
    ("the root's causes, nested", NESTED_VALUES),
    ("an aliased subchart's", {"s": NESTED_VALUES}),
    ("its own subchart's, under the other alias", {"t": {"leaf": NESTED_VALUES}}),
    ("every chart at once", {**NESTED_VALUES, "s": NESTED_VALUES, "t": {"leaf": NESTED_VALUES}}),
]


def test_nesting(work):
    archive = nesting(work)
    compare(work, "nested causes", archive, f"{work}/nest", NESTING_CASES)
    values = f"{work}/nested.yaml"
    with open(values, "w") as f:
        f.write(yaml.safe_dump(json.loads(json.dumps(NESTING_CASES[-1][1]))))  # no anchors
    for form, path in (("archive", archive), ("directory", f"{work}/nest")):
        given = ("--values", values, "--base", path, "--target", path, "--proposal", values, "--prefix", "")
        kept, out = run("migrate", *given)
        said = helm_said(archive, NESTING_CASES[-1][1])
        check(f"nested causes ({form}): migrate's `helm` is what helm install prints, causes nested",
              canonical(kept.get("helm", "")) == canonical(said), kept.get("helm", "") + "\n---\n" + said)
        text = subprocess.run([BIN, "migrate", *given, "--format", "text"], capture_output=True, text=True).stdout
        printed = text.split("helm install would print:\n", 1)[-1].split("\n\n", 1)[0]
        check(f"nested causes ({form}): the text output prints it so", canonical(printed) == canonical(said),
              printed)


# Causes nested deeper than NESTING's, in subcharts (under an alias with a condition, under an
# alias with a tag, and their own subchart) and the root: a `oneOf` and an `anyOf` inside an
# `anyOf`, branches of several errors ("validation failed" under "'oneOf' failed, none
# matched"), a `$ref`'s errors under an `anyOf` under `contains`, `oneOf` per item, `if`/`then`,
# `dependentSchemas`, `not`, `unevaluatedProperties`, a `$ref` to the schema's root, to an
# `$anchor` and a `$dynamicRef` to a `$dynamicAnchor` (the same anchors in two charts of the
# tree; each chart's are its own). Keys that are no YAML 1.1 word (`n`, `y` are booleans to
# Helm's reader).
DEEP = {"type": "object", "properties": {
    "o": {"oneOf": [{"type": "object", "required": ["x", "z"], "properties": {"w": {"type": "integer"}}},
                    {"type": "string"}]},
    "a": {"anyOf": [{"$ref": "#/$defs/p"}, {"type": "array", "items": {"type": "integer"}}]},
    "num": {"anyOf": [{"oneOf": [{"type": "string"}, {"minimum": 10}]},
                      {"allOf": [{"maximum": 0}, {"multipleOf": 3}]}]},
    "m": {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
    "i": {"if": {"properties": {"k": {"const": 1}}},
          "then": {"required": ["v"], "properties": {"w": {"type": "string"}}}},
    "d": {"dependentSchemas": {"k": {"required": ["q"], "properties": {"k": {"type": "string"}}}}},
    "u": {"properties": {"a": {"type": "integer"}}, "unevaluatedProperties": False},
    "c": {"contains": {"anyOf": [{"type": "string", "minLength": 3}, {"$ref": "#/$defs/p"}]}},
    "t": {"not": {"anyOf": [{"type": "integer"}]}},
    "l": {"type": "array", "items": {"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}},
    "r": {"$ref": "#"},
    "an": {"$ref": "#pa"},
    "dy": {"$dynamicRef": "#node"},
    "dp": {"$dynamicRef": "#/$defs/node"}},
    "$defs": {"p": {"type": "object", "required": ["s"],
                    "properties": {"q": {"type": "integer"}, "r": {"type": "string"}}},
              "pa": {"$anchor": "pa", "anyOf": [{"type": "string"}, {"$ref": "#/$defs/p"}]},
              "node": {"$dynamicAnchor": "node", "oneOf": [{"type": "integer"}, {"$ref": "#/$defs/p"}]}}}
DEEP_VALUES = {"o": {"w": "x"}, "a": {"q": "x", "r": 1}, "num": 5, "m": 1, "i": {"k": 1, "w": 1},
               "d": {"k": 1}, "u": {"a": 1, "b": 2}, "c": ["ab", {"q": "x"}], "t": 3,
               "l": [{"c": 1}, {"a": 1, "b": 2}], "r": {"num": 5, "o": 1}, "an": {"q": "x"},
               "dy": {"q": "x"}, "dp": "s"}
# The same under draft-07 (`definitions`, no 2019-09 keywords), as a third subchart.
DEEP_07 = json.loads(json.dumps({**DEEP, "properties": {k: v for k, v in DEEP["properties"].items()
                                                        if k not in ("an", "dy", "dp", "u", "d")},
                                 "$defs": {"p": DEEP["$defs"]["p"]}}).replace("$defs", "definitions"))
DEEP_07["$schema"] = "http://json-schema.org/draft-07/schema#"
DEEP_07_VALUES = {k: v for k, v in DEEP_VALUES.items() if k in DEEP_07["properties"]}
TOP = {"type": "object", "properties": {"top": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/q"}]}},
       "$defs": {"q": {"required": ["a", "b"], "properties": {"c": {"type": "integer"}}}}}
DEEP_CASES = [
    ("a subchart's `oneOf`/`anyOf` causes under an alias and a condition, nested", {"s": DEEP_VALUES}),
    ("under an alias and a tag, with its own subchart's", {"t": {**DEEP_VALUES, "leaf": DEEP_VALUES}}),
    ("a draft-07 subchart's", {"old": DEEP_07_VALUES}),
    ("the root's", {"top": {"c": "x"}}),
    ("every chart at once", {"top": {"c": "x"}, "s": {**DEEP_VALUES, "leaf": DEEP_VALUES}, "t": DEEP_VALUES,
                             "old": DEEP_07_VALUES}),
]


def test_deep_nesting(work):
    """Helm's error tree for subcharts' violations with nested causes: every line, its words
    and its depth (the line sets), and every line under the same lines as Helm's (its chain of
    parents, whatever Go's map order)."""
    write(f"{work}/deep", {
        "Chart.yaml": chart_yaml("deep", "1.0.0", [
            {"name": "sub", "version": "1.0.0", "alias": "s", "condition": "s.enabled"},
            {"name": "sub", "version": "1.0.0", "alias": "t", "tags": ["x"]},
            {"name": "old", "version": "1.0.0"}]),
        "values.yaml": "s:\n  enabled: true\ntags:\n  x: true\n",
        "values.schema.json": TOP,
        "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0", [{"name": "leaf", "version": "1.0.0", "condition": "leaf.on"}]),
        "charts/sub/values.yaml": "leaf:\n  on: true\n",
        "charts/sub/values.schema.json": DEEP,
        "charts/sub/charts/leaf/Chart.yaml": chart_yaml("leaf", "1.0.0"),
        "charts/sub/charts/leaf/values.schema.json": DEEP,
        "charts/old/Chart.yaml": chart_yaml("old", "1.0.0"),
        "charts/old/values.schema.json": DEEP_07,
    })
    archive = Chart.load(f"{work}/deep").save(work)
    compare(work, "deep nested causes", archive, f"{work}/deep", DEEP_CASES)
    for description, values in DEEP_CASES:
        values_file = f"{work}/deep-values.yaml"
        with open(values_file, "w") as f:
            yaml.safe_dump(values, f)
        said = helm_chains(helm_said(archive, values))
        _, report = our_lines(archive, values_file)
        ours = our_chains(report)
        check(f"deep nested causes: {description}: every line under the same lines as in helm install's tree",
              bool(said) and ours == said,
              f"helm only {sorted(said - ours)}\n     ours only {sorted(ours - said)}")


def helm_chains(text):
    """Each line of Helm's report with the lines it is nested under: `(chart, line, ...)` from
    the chart's name down to it (the set of them is the tree, whatever Go's map order)."""
    out, chart, stack = set(), None, []
    for line in text.splitlines():
        if not line.lstrip().startswith("- at "):
            chart, stack = (line[:-1], []) if line.endswith(":") else (chart, stack)
            continue
        depth = (len(line) - len(line.lstrip())) // 2
        stack = stack[:depth] + [normal(line.strip())]
        out.add((chart, *stack))
    return out


def our_chains(report):
    """The same chains read off our violations: the lines that hold each (`within`), its own line
    and its causes."""
    out = set()
    def causes(above, items):
        for c in items:
            chain = above + (normal(f"- at '{c['pointer']}': {c['message']}"),)
            out.add(chain)
            causes(chain, c.get("causes", []))
    for v in report.get("violations", []) + report.get("defaultsViolations", []):
        name = v["chart"]["name"]
        chain = (name,)
        for w in v.get("within", []):
            chain += (normal(f"- at '{w['pointer']}': {w['message']}"),)
            out.add(chain)
        chain += (normal(v["chart"]["helm"][len(name) + 2:].strip()),)
        out.add(chain)
        causes(chain, v.get("causes", []))
    return out


def missing(work):
    """`miss` lists five dependencies; `charts/` holds `present` (at another version than listed)
    only; `present` lists its own `deep`, which is missing too."""
    deps = [{"name": "alpha", "version": "1.0.0"}, {"name": "present", "version": "1.0.0"},
            {"name": "beta", "version": "2.0.0", "alias": "b"},
            {"name": "gamma", "version": "1.0.0", "condition": "gamma.enabled"},
            {"name": "delta", "version": "1.0.0", "tags": ["extra"]}]
    write(f"{work}/miss", {
        "Chart.yaml": chart_yaml("miss", "1.0.0", deps),
        "values.yaml": "gamma:\n  enabled: false\n",
        "charts/present/Chart.yaml": chart_yaml("present", "2.0.0", [{"name": "deep", "version": "1.0.0"}]),
        "charts/present/values.schema.json": {"type": "object", "properties": {"port": {"type": "integer"}}},
    })
    write(f"{work}/whole", {
        "Chart.yaml": chart_yaml("whole", "1.0.0", [{"name": "present", "version": "2.0.0"}]),
        "charts/present/Chart.yaml": chart_yaml("present", "2.0.0", [{"name": "deep", "version": "1.0.0"}]),
        "charts/present/values.schema.json": {"type": "object", "properties": {"port": {"type": "integer"}}},
    })


def test_missing_dependencies(work):
    """Every dependency missing from `charts/`, named in one error as `helm install` names them:
    Helm v4.2.3's `action.CheckDependencies` (pkg/action/install.go) in pkg/cmd/install.go's
    words. helm-python-sdk's render does not run that check; its lint runs the same loop (by
    name, in Chart.yaml's order, aliases, conditions and tags aside) and lists the names."""
    missing(work)
    from helm_python.chart import lint
    report = lint(f"{work}/miss")
    listed = [m["error"].split(": ", 1)[1].split(",") for m in report["messages"]
              if m["error"].startswith("chart directory is missing these dependencies: ")]
    names = listed[0] if listed else []
    expected = ("an error occurred while checking for chart dependencies. You may need to run "
                "'helm dependency build' to fetch missing dependencies: found in Chart.yaml, but "
                "missing in charts/ directory: " + ", ".join(names))
    values_file = f"{work}/empty.yaml"
    with open(values_file, "w") as f:
        f.write("{}\n")
    archive = Chart.load(f"{work}/miss").save(work)
    for form, path in (("archive", archive), ("directory", f"{work}/miss")):
        out = subprocess.run([BIN, "validate", "--chart", path, "--values", values_file],
                             capture_output=True, text=True)
        said = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else ""
        check(f"missing dependencies ({form}): all four named in one error, as helm install names them",
              names == ["alpha", "beta", "gamma", "delta"] and out.returncode != 0
              and said.endswith("Chart.yaml: " + expected), f"lint {names}\n     ours {said!r}")
    # A subchart's own missing dependency: Helm checks the root only, and installs.
    whole = Chart.load(f"{work}/whole").save(work)
    for description, values in (("valid", {}), ("a violation in the subchart", {"present": {"port": "x"}})):
        with open(values_file, "w") as f:
            yaml.safe_dump(values, f)
        helm = helm_lines(whole, values)
        ours, report = our_lines(whole, values_file)
        check(f"missing dependencies: a subchart's own missing one is no error ({description})",
              ours == helm and report.get("valid") == (not helm), f"helm {sorted(helm)}\n     ours {sorted(ours)}")


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
    kept, _ = run("migrate", "--values", values, "--base", f"{work}/umb-1.0.0.tgz",
                  "--target", f"{work}/umb-2.0.0.tgz", "--proposal", values)
    said = "\n".join(normal(line) for line in kept.get("helm", "").strip().splitlines())
    check("bump: the old values kept are refused (schema, at `first.port`), `helm` as helm install prints it",
          [(r["kind"], r["path"]) for r in kept.get("refusals", [])] == [("schema", "first.port")]
          and said == helm_said(f"{work}/umb-2.0.0.tgz", yaml.safe_load(open(values))),
          json.dumps(kept.get("refusals")) + "\n" + said)


def test_library(work):
    """A library subchart is validated like any other (Helm checks its schema, `global` included);
    a library chart as the chart installed is refused with `helm install`'s words (`render` alone
    renders it: the check is install's)."""
    library = {"type": "object", "additionalProperties": False, "properties": {"x": {"type": "integer"}}}
    write(f"{work}/top", {
        "Chart.yaml": chart_yaml("top", "1.0.0", [{"name": "lib", "version": "1.0.0"}]),
        "charts/lib/Chart.yaml": yaml.safe_dump({"apiVersion": "v2", "name": "lib", "version": "1.0.0", "type": "library"}),
        "charts/lib/values.schema.json": library,
    })
    archive = Chart.load(f"{work}/top").save(work)
    compare(work, "library subchart", archive, f"{work}/top",
            [("its schema refuses the injected global", {}), ("and a wrong value", {"lib": {"x": "a"}})])
    out = subprocess.run([BIN, "validate", "--chart", f"{work}/top/charts/lib", "--values", os.devnull],
                         capture_output=True, text=True)
    check("library chart installed: refused with helm install's words",
          out.returncode != 0 and "library charts are not installable" in out.stderr, out.stderr + out.stdout)


def drafts(work):
    """Each chart's schema read with its own draft, as Helm compiles each on its own: `seven`, a
    draft-07 root (its `items` a tuple, its `format` asserted) over `sub`, whose schema names no
    draft (2020-12: `prefixItems`, a `$ref` with a sibling, `format` not asserted,
    `dependentRequired`); `plain`, a root naming none (2020-12) over a draft-07 `old` (`items` a
    tuple, a `$ref`'s siblings ignored, `format` asserted, `dependencies`)."""
    d7 = "http://json-schema.org/draft-07/schema#"
    newer = {"type": "object", "properties": {
        "list": {"prefixItems": [{"type": "integer"}]},
        "ref": {"$ref": "#/$defs/int", "minimum": 5},
        "mail": {"format": "email"},
        "dep": {"dependentRequired": {"a": ["b"]}}},
        "$defs": {"int": {"type": "integer"}}}
    older = {"$schema": d7, "type": "object", "properties": {
        "tuple": {"items": [{"type": "integer"}]},
        "ref": {"$ref": "#/definitions/int", "minimum": 5},
        "mail": {"format": "email"},
        "dep": {"dependencies": {"a": ["b"]}}},
        "definitions": {"int": {"type": "integer"}}}
    write(f"{work}/seven", {
        "Chart.yaml": chart_yaml("seven", "1.0.0", [{"name": "sub", "version": "1.0.0"}]),
        "values.schema.json": {"$schema": d7, "type": "object", "properties": {
            "tuple": {"items": [{"type": "integer"}]}, "mail": {"format": "email"}}},
        "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0"),
        "charts/sub/values.schema.json": newer,
    })
    write(f"{work}/plain", {
        "Chart.yaml": chart_yaml("plain", "1.0.0", [{"name": "old", "version": "1.0.0"}]),
        "values.schema.json": {"type": "object", "properties": {"list": {"prefixItems": [{"type": "integer"}]}}},
        "charts/old/Chart.yaml": chart_yaml("old", "1.0.0"),
        "charts/old/values.schema.json": older,
    })
    return Chart.load(f"{work}/seven").save(work), Chart.load(f"{work}/plain").save(work)


def metas(work):
    """A `$ref` to a draft's meta-schema read with that meta-schema's own draft, whatever the
    referring chart's: `metas` (draft-07) and its subchart `sub` (no draft: 2020-12) each refer
    to draft-07's (`s`) and 2020-12's (`t`) meta-schemas."""
    d7, d2020 = "http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2020-12/schema"
    refs = {"s": {"$ref": d7}, "t": {"$ref": d2020}}
    write(f"{work}/metas", {
        "Chart.yaml": chart_yaml("metas", "1.0.0", [{"name": "sub", "version": "1.0.0"}]),
        "values.schema.json": {"$schema": d7, "type": "object", "properties": refs},
        "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0"),
        "charts/sub/values.schema.json": {"type": "object", "properties": refs},
    })
    return Chart.load(f"{work}/metas").save(work)


def test_drafts(work):
    seven, plain = drafts(work)
    compare(work, "drafts", seven, f"{work}/seven", [
        ("a subchart naming no draft: prefixItems read", {"sub": {"list": ["a"]}}),
        ("a subchart naming no draft: a $ref's sibling read", {"sub": {"ref": 1}}),
        ("a subchart naming no draft: format not asserted", {"sub": {"mail": "nope"}}),
        ("a subchart naming no draft: dependentRequired read", {"sub": {"dep": {"a": 1}}}),
        ("the draft-07 root: items a tuple, format asserted", {"tuple": ["a"], "mail": "nope"}),
        ("every chart satisfied", {"tuple": [1], "sub": {"list": [1], "ref": 7, "dep": {"a": 1, "b": 2}}}),
    ])
    compare(work, "drafts", plain, f"{work}/plain", [
        ("a draft-07 subchart: items a tuple", {"old": {"tuple": ["a"]}}),
        ("a draft-07 subchart: a $ref's sibling ignored", {"old": {"ref": 1}}),
        ("a draft-07 subchart: format asserted", {"old": {"mail": "nope"}}),
        ("a draft-07 subchart: dependencies read", {"old": {"dep": {"a": 1}}}),
        ("the root naming no draft: prefixItems read", {"list": ["a"]}),
    ])
    tuple_ = {"items": [{"type": "integer"}]}
    compare(work, "drafts", metas(work), f"{work}/metas", [
        ("draft-07's meta-schema from a 2020-12 subchart: items a tuple", {"sub": {"s": tuple_}}),
        ("2020-12's meta-schema from a 2020-12 subchart: items no tuple", {"sub": {"t": tuple_}}),
        ("2020-12's meta-schema from a draft-07 root: items no tuple", {"t": tuple_, "s": tuple_}),
        ("each meta-schema's own words", {"s": {"type": 5}, "sub": {"t": {"type": 5, "$defs": 3}}}),
        ("prefixItems: a draft-07 unknown, a 2020-12 keyword", {"s": {"prefixItems": 5}, "sub": {"t": {"prefixItems": 5}}}),
    ])


def displaced_gates(work):
    """umbrella `gate` 1.0.0 → 2.0.0 whose nested subcharts Helm switches off below the top level:
    `mid` holds `deep` (tag `heavy`; mid's values.yaml sets it false) and `cond` (condition
    `cond.use`; mid's values.yaml sets `mid.cond.use: false`, which Helm lays at the top of the values
    before deciding), and `sub` holds `leaf` (condition `leaf.enabled`, on by leaf's own values). Each
    nested subchart's 2.0.0 schema refuses any key but `global` and its switches."""
    closed = {"type": "object", "additionalProperties": False,
              "properties": {"global": {}, "use": {}, "enabled": {}}}
    for version in ("1.0.0", "2.0.0"):
        leafy = {"type": "object"} if version == "1.0.0" else closed
        write(f"{work}/gate-{version}/gate", {
            "Chart.yaml": chart_yaml("gate", version, [{"name": "mid", "version": "1.0.0"},
                                                       {"name": "sub", "version": "1.0.0"}]),
            "charts/mid/Chart.yaml": chart_yaml("mid", "1.0.0", [
                {"name": "deep", "version": version, "tags": ["heavy"]},
                {"name": "cond", "version": version, "condition": "cond.use"}]),
            "charts/mid/values.yaml": "tags:\n  heavy: false\nmid:\n  cond:\n    use: false\n",
            "charts/mid/charts/deep/Chart.yaml": chart_yaml("deep", version),
            "charts/mid/charts/deep/values.schema.json": leafy,
            "charts/mid/charts/cond/Chart.yaml": chart_yaml("cond", version),
            "charts/mid/charts/cond/values.schema.json": leafy,
            "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0", [
                {"name": "leaf", "version": version, "condition": "leaf.enabled"}]),
            "charts/sub/charts/leaf/Chart.yaml": chart_yaml("leaf", version),
            "charts/sub/charts/leaf/values.yaml": "enabled: true\n",
            "charts/sub/charts/leaf/values.schema.json": leafy,
        })
        Chart.load(f"{work}/gate-{version}/gate").save(work)
    return f"{work}/gate-1.0.0.tgz", f"{work}/gate-2.0.0.tgz"


DISPLACED_GATES_CASES = [
    ("values under subcharts mid's own tags and top-level key switch off", {"mid": {"deep": {"x": 1}, "cond": {"extra": 2}}}),
    ("the user's tag and condition switch them back on", {"tags": {"heavy": True}, "mid": {"cond": {"use": True, "extra": 2}, "deep": {"x": 1}}}),
    ("a nested subchart on by its own default", {"sub": {"leaf": {"z": 3}}}),
    ("a nested subchart switched off by the user's nested condition", {"sub": {"leaf": {"enabled": False, "z": 3}}}),
    ("a user null at a nested condition path its default sets: on", {"sub": {"leaf": {"enabled": None, "z": 3}}}),
]


def test_displaced_gates(work):
    """`diagnose`'s displaced values follow Helm's decision below the top level: a value is
    displaced exactly where Helm's install path refuses it (the subchart Helm keeps validates it,
    one it switches off does not), and nowhere else."""
    base, target = displaced_gates(work)
    for description, values in DISPLACED_GATES_CASES:
        values_file = f"{work}/gate-values.yaml"
        with open(values_file, "w") as f:
            yaml.safe_dump(values, f)
        helm = helm_lines(target, values)
        refused = sorted({re.search(r"additional properties '([^']*)'", line).group(1) for line in helm
                          if "additional properties" in line})
        report, out = run("diagnose", "--values", values_file, "--base", base, "--target", target)
        ours = sorted({d["path"].rsplit(".", 1)[-1] for d in report.get("displaced", [])})
        check(f"displaced below the top level: {description}", ours == refused and bool(helm) == bool(ours),
              f"helm {sorted(helm)}\n     ours {json.dumps(report.get('displaced'))} {out.stderr}")


def absent(work):
    """umbrella `abs` 1.0.0 → 2.0.0 whose subcharts have no values anywhere (no key in the
    parent's or the user's values, no values.yaml): `sub`, and `deep` under `mid`, whose 2.0.0
    schemas require `name` (deep's also `global.g`)."""
    for version in ("1.0.0", "2.0.0"):
        schema = {"type": "object"} if version == "1.0.0" else {
            "type": "object", "required": ["name"], "properties": {"global": {"required": ["g"]}}}
        write(f"{work}/abs-{version}/abs", {
            "Chart.yaml": chart_yaml("abs", version, [{"name": "sub", "version": version},
                                                      {"name": "mid", "version": "1.0.0"}]),
            "charts/sub/Chart.yaml": chart_yaml("sub", version),
            "charts/sub/values.schema.json": schema,
            "charts/mid/Chart.yaml": chart_yaml("mid", "1.0.0", [{"name": "deep", "version": version}]),
            "charts/mid/charts/deep/Chart.yaml": chart_yaml("deep", version),
            "charts/mid/charts/deep/values.schema.json": schema,
        })
        Chart.load(f"{work}/abs-{version}/abs").save(work)
    return f"{work}/abs-1.0.0.tgz", f"{work}/abs-2.0.0.tgz"


ABSENT_CASES = [
    ("no values at all: each subchart validates {} with global", {}),
    ("one subchart given its key", {"sub": {"name": "x"}}),
    ("every key given", {"global": {"g": 1}, "sub": {"name": "x"}, "mid": {"deep": {"name": "y"}}}),
    ("a parent's key only", {"mid": {"other": 1}}),
]


def test_absent(work):
    """A subchart whose values are absent is validated by Helm on `{}` (with `global`), by
    `validate` and by `diagnose`'s one validation alike: each key Helm says is missing is an
    escalation, named where Helm names it."""
    base, target = absent(work)
    compare(work, "absent", target, f"{work}/abs-2.0.0/abs", ABSENT_CASES)
    for description, values in ABSENT_CASES[1:]:  # `diagnose` finds no values root in `{}`
        values_file = f"{work}/abs-values.yaml"
        with open(values_file, "w") as f:
            yaml.safe_dump(values, f)
        prefix = {"sub": "sub.", "deep": "mid.deep."}
        helm = sorted(prefix[line.split(":")[0]] + (line.split("'")[1][1:] + "." if line.split("'")[1] else "")
                      + line.rsplit("'", 2)[1] for line in helm_lines(target, values))
        report, out = run("diagnose", "--values", values_file, "--base", base, "--target", target)
        ours = sorted(e["path"] for e in report.get("escalations", []))
        check(f"absent (diagnose): {description}", ours == helm, f"helm {helm}\n     ours {ours} {out.stderr}")


def test_meta_refused(work):
    """A chart's schema that its own draft's meta-schema refuses: when Helm validates that chart
    (not when it is switched off), the install fails with the meta-schema's errors in Helm's
    words under the chart's name (its alias), beside the other charts' violations; ours are the
    same lines, the chart's own fault (`defaultsViolations`), placed at the line and column of
    the chart's own file."""
    d7 = "http://json-schema.org/draft-07/schema#"
    trees = {
        "a subchart naming no draft": ({"name": "sub", "version": "1.0.0"}, {"type": 5}),
        "an aliased draft-07 subchart": ({"name": "sub", "version": "1.0.0", "alias": "al"},
                                         {"$schema": d7, "properties": {"a": {"minLength": -1, "type": 5}}}),
        "a subchart behind a condition": ({"name": "sub", "version": "1.0.0", "condition": "sub.use"},
                                          {"properties": {"a": {"items": [{}]}}}),
        "a chart without subcharts": (None, {"properties": {"a": {"minLength": -1}}}),
    }
    cases = [("defaults alone", {}), ("switched on, the root's own violation too", {"sub": {"use": True}, "x": 1}),
             ("switched off", {"sub": {"use": False}})]
    for i, (description, (dep, schema)) in enumerate(trees.items()):
        text = json.dumps(schema, indent=2)
        root = {"type": "object", "properties": {"x": {"type": "string"}}}
        files = {"Chart.yaml": chart_yaml(f"meta{i}", "1.0.0"), "values.schema.json": text}
        if dep:
            files = {"Chart.yaml": chart_yaml(f"meta{i}", "1.0.0", [dep]), "values.schema.json": root,
                     "charts/sub/Chart.yaml": chart_yaml("sub", "1.0.0"), "charts/sub/values.schema.json": text}
        write(f"{work}/meta{i}", files)
        archive = Chart.load(f"{work}/meta{i}").save(work)
        compare(work, f"meta-schema refusal: {description}", archive, f"{work}/meta{i}", cases[:2 if dep is None else 3])
        # Helm lists one object's errors in Go's map order: any value it refuses may be named first.
        helm = helm_said(archive, {})
        leaves = re.findall(r"- at '([^']*)': (?!'allOf'|validation failed|'anyOf')", helm)
        keys = {leaf.rsplit("/", 1)[-1] for leaf in leaves}
        lines = {n for n, l in enumerate(text.splitlines(), 1) for k in keys if f'"{k}"' in l}
        values_file = f"{work}/meta-values.yaml"
        with open(values_file, "w") as f:
            f.write("{}\n")
        _, report = our_lines(archive, values_file)
        place = f"{archive} > charts/sub:" if dep else f"{archive}:"
        found = [re.match(re.escape(f"{place} values.schema.json:") + r"(\d+):\d+: ", v["message"])
                 for v in report.get("defaultsViolations", []) if v["keyword"] == "metaschema"]
        check(f"meta-schema refusal: {description}: at a line of the chart's own file",
              bool(found) and all(m and int(m.group(1)) in lines for m in found), json.dumps(report)[:600])
        if dep and "condition" not in dep:
            with open(values_file, "w") as f:
                f.write("x: s\n")
            report, _ = run("diagnose", "--values", values_file, "--base", archive, "--target", archive)
            refusals = [(r["kind"], r["path"]) for r in report.get("refusals", [])]
            name = dep.get("alias", "sub")
            check(f"meta-schema refusal: {description}: diagnose refuses it as the chart's fault, at its file",
                  report.get("status") == "refused" and set(refusals) == {("chart-defaults", name)}
                  and all(f"{place} values.schema.json:" in r["message"] and "not valid against metaschema"
                          in r["message"] for r in report["refusals"]), json.dumps(report.get("refusals"))[:600])


def run(*args):
    out = subprocess.run([BIN, *args, "--format", "json"], capture_output=True, text=True)
    return json.loads(out.stdout or "{}"), out


def findings_of(report, name):
    """The (kind, path) of each finding `report.charts` gives the chart `name`."""
    chart = next((c for c in report.get("charts", []) if c["name"] == name), {"findings": []})
    return [(f["kind"], f["path"]) for f in chart["findings"]]


def shipped(work):
    """umbrella `ship` 1.0.0 → 2.0.0 → 2.0.1: `alpha` (alias `first`) renames `port` to `podPort`
    and newly requires `mode`; `bosun` 2.0.0 ships a strict schema that refuses the `global` Helm
    injects (the chart is broken as shipped), 2.0.1 declares it."""
    alpha = {"1": {"type": "object", "properties": {"port": {"type": "integer"}}},
             "2": {"type": "object", "additionalProperties": False, "required": ["mode"],
                   "properties": {"podPort": {"type": "integer"}, "mode": {"type": "string"}, "global": {}}}}
    bosun = {"1.0.0": {"type": "object", "properties": {"replicas": {"type": "integer"}}},
             "2.0.0": {"type": "object", "additionalProperties": False, "properties": {"replicas": {"type": "integer"}}},
             "2.0.1": {"type": "object", "additionalProperties": False,
                       "properties": {"replicas": {"type": "integer"}, "global": {"type": "object"}}}}
    for version, schema in bosun.items():
        a = version[0]
        write(f"{work}/ship-{version}/ship", {
            "Chart.yaml": chart_yaml("ship", version, [{"name": "alpha", "version": f"{a}.0.0", "alias": "first"},
                                                        {"name": "bosun", "version": version}]),
            "values.yaml": "bosun:\n  replicas: 1\n",
            "charts/alpha/Chart.yaml": chart_yaml("alpha", f"{a}.0.0"),
            "charts/alpha/values.schema.json": alpha[a],
            "charts/bosun/Chart.yaml": chart_yaml("bosun", version),
            "charts/bosun/values.schema.json": schema,
        })
        Chart.load(f"{work}/ship-{version}/ship").save(work)
    values, proposal = f"{work}/ship-values.yaml", f"{work}/ship-proposal.yaml"
    with open(values, "w") as f:
        f.write("first:\n  port: 8083\nbosun:\n  replicas: 2\n")
    with open(proposal, "w") as f:
        f.write("first:\n  podPort: 8083\n  mode: fast\nbosun:\n  replicas: 2\n")
    return values, proposal


def test_shipped(work):
    values, proposal = shipped(work)
    base = f"{work}/ship-1.0.0.tgz"
    broken, fixed = f"{work}/ship-2.0.0.tgz", f"{work}/ship-2.0.1.tgz"
    report, _ = run("diagnose", "--values", values, "--base", base, "--target", fixed)
    check("shipped: diagnose escalates `first.mode`, named by its chart",
          report.get("status") == "escalated" and ("escalation", "first.mode") in findings_of(report, "first")
          and "`first` (alpha 1.0.0 → 2.0.0): " in report.get("comment", ""), json.dumps(report.get("charts")))
    report, out = run("migrate", "--values", values, "--base", base, "--target", broken, "--proposal", proposal, "--answer", "first.mode=fast")
    helm = helm_lines(broken, yaml.safe_load(open(proposal)))
    refusals = [(r["kind"], r["path"], r["file"]) for r in report.get("refusals", [])]
    check("shipped: Helm refuses the broken chart whatever the values",
          helm == {"bosun: - at '': additional properties 'global' not allowed"}, str(helm))
    check("shipped: migrate refuses it as the chart's own fault (chart-defaults), in no file, named `bosun`",
          out.returncode == 1 and refusals == [("chart-defaults", "bosun.global", None)]
          and ("refusal", "bosun.global") in findings_of(report, "bosun")
          and "the chart or its schema must be fixed, not the values file" in report["refusals"][0]["message"]
          and "(bosun: - at '': additional properties 'global' not allowed;" in report["refusals"][0]["message"]
          and "- `bosun` (bosun 1.0.0 → 2.0.0): refused (chart-defaults) at `bosun.global`" in report.get("comment", ""),
          json.dumps(report.get("refusals")) + report.get("comment", ""))
    said = "\n".join(normal(line) for line in report.get("helm", "").strip().splitlines())
    check("shipped: `helm` is what helm install prints, one block per chart",
          said == helm_said(broken, yaml.safe_load(open(proposal))), said)
    check("shipped: the plan of `first` is still shown, named by its chart",
          ("op", "first.port") in findings_of(report, "first"), json.dumps(report.get("charts")))
    report, _ = run("diagnose", "--values", values, "--base", base, "--target", broken, "--answer", "first.mode=fast")
    check("shipped: diagnose says the same (refused, chart-defaults), not `needs-proposal`, and the brief says no proposal can fix it",
          report.get("status") == "refused" and [r["kind"] for r in report.get("refusals", [])] == ["chart-defaults"]
          and "no proposal can fix it" in (report.get("brief") or ""),
          json.dumps(report)[:600])
    text = subprocess.run([BIN, "migrate", "--values", values, "--base", base, "--target", broken,
                           "--proposal", proposal, "--answer", "first.mode=fast", "--format", "text"], capture_output=True, text=True).stdout
    check("shipped: the text names the chart of each finding",
          "chart `bosun` (bosun 1.0.0 → 2.0.0): refused (chart-defaults) at `bosun.global`" in text
          and "chart `first` (alpha 1.0.0 → 2.0.0): rename `first.port` → `first.podPort`" in text, text)
    report, _ = run("migrate", "--values", values, "--base", base, "--target", fixed, "--proposal", proposal, "--answer", "first.mode=fast")
    after = report.get("files", [{}])[0].get("after", "")
    check("shipped: with the chart fixed, planned, and Helm accepts the migrated values",
          report.get("status") == "planned" and helm_lines(fixed, yaml.safe_load(after)) == set(),
          json.dumps(report.get("refusals")) + after)


def main():
    work = tempfile.mkdtemp(prefix="vm-charts-")
    try:
        test_umbrella(work)
        test_gated(work)
        test_library(work)
        test_mismatch(work)
        test_location(work)
        test_imports(work)
        test_imports_refused(work)
        test_aliased_imports(work)
        test_nulls(work)
        test_nesting(work)
        test_deep_nesting(work)
        test_missing_dependencies(work)
        test_ordered(work)
        test_displaced_gates(work)
        test_drafts(work)
        test_absent(work)
        test_meta_refused(work)
        bump(work)
        test_shipped(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
