#!/usr/bin/env python3
"""Helm as the oracle for the bump's behaviour verdicts (issue 43, docs/behaviour.md).

For every real bump under tests/charts/real/<bump>/ (base-chart/, target-chart/, values.yaml,
proposal.yaml, moves.json), `values-migrate migrate --format json` gives a verdict for each op of
the plan and each value left out (`behaviour.values`: path, to, verdict, before, after sites),
from provenance in our renderer. Here each verdict is judged by ablation through Helm
(helm-python-sdk, Helm v4.2.3's Go SDK), the chart loaded afresh for every render:

  A0 = base chart + the original values, B0 = target chart + the migrated values (the file
  `migrate` writes, read back; the original values when the plan is refused, as the tool does);
  before = the fields of A0 that change when the value at `path` is changed in the original values;
  after  = the fields of B0 that change when the value at `to` is changed in the migrated values
           (none when the plan removes the value);
  the verdict from those sites by the rule our tool uses: none on both sides `inert`, only after
  `new-effect`, only before `lost`; the same fields (object by API group, kind, namespace, name;
  list items by `name`) `preserved` when A0 and B0 hold the same there (chart/version labels and
  `checksum/` annotations aside) else `changed`; other fields `relocated`.

A value is changed as a test changes it: a string gets `-ablated` appended, a boolean flips, a
number grows by one, a null becomes a string; a mapping or list has each of its leaves changed.
Fields that change between two renders of the same values (random and clock output), rendered
more than a second apart, are left out. NOTES.txt is left out (it is shown, not applied).

Besides the ops, the tool names every value kept at its path whose effect the bump relocates,
changes or loses (prometheus-elasticsearch-exporter 5.0.0 renders `securityContext` as the
container's, not the pod's): each of those is judged the same way.

Each verdict is one check; the site sets are printed beside it (Jaccard of the fields), and
the bumps the suite requires are checked to be there: at least two with a `relocated` verdict and
one with a `lost` one.

Usage: python3 tests/behaviour/ablate.py [BUMP ...] [--bin PATH]
Ends with `N passed, M failed`; exits 1 on any failure.
"""
import copy
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import yaml
from helm_python.chart import Chart

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "charts"))
from values_paths import at, segments  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "tests" / "charts" / "real"
CHURN = {"helm.sh/chart", "app.kubernetes.io/version", "chart"}
VOLATILE_GAP = 1.1

passed = failed = 0
_cache = {}


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print(f"  ok   {what}")
    else:
        failed += 1
        print(f"  FAIL {what}")


def render(chart, values):
    """Helm's render as {file: text}, the chart loaded afresh; the error text when it fails."""
    key = (str(chart), json.dumps(values, sort_keys=True, default=repr))
    if key not in _cache:
        try:
            with Chart.load(str(chart)) as c:
                _cache[key] = c.render(values)
        except Exception as error:  # a failed render is an outcome too
            _cache[key] = f"render failed: {str(error).strip()[:300]}"
    return _cache[key]


def changed(value):
    """The value changed as a test changes it (every leaf of a collection)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "-ablated"
    if value is None:
        return "ablated"
    if isinstance(value, dict):
        return {k: changed(v) for k, v in value.items()} if value else {"ablated": "ablated"}
    if isinstance(value, list):
        return [changed(v) for v in value] if value else ["ablated"]
    return value


def ablated(values, path):
    out = copy.deepcopy(values)
    keys = segments(path)
    parent = at(out, keys[:-1]) if keys else None
    if keys:
        parent[keys[-1]] = changed(parent[keys[-1]])
    return out


def step(key):
    if isinstance(key, int):
        return f"[{key}]"
    return key


def field_text(steps):
    out = ""
    for s in steps:
        if isinstance(s, int):
            out += f"[{s}]"
        elif s.startswith("[name="):
            out += s
        elif re.fullmatch(r"[A-Za-z0-9_-]+", s):
            out += ("." if out else "") + s
        else:
            out += "[" + json.dumps(s) + "]"
    return out


def leaves(value, steps, out):
    if isinstance(value, dict) and value:
        for k, v in value.items():
            leaves(v, steps + [str(k)], out)
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            name = v.get("name") if isinstance(v, dict) else None
            leaves(v, steps + ([f"[name={name}]"] if isinstance(name, str) else [i]), out)
    else:
        out[field_text(steps)] = value


def object_label(doc, file, index):
    api = str(doc.get("apiVersion") or "")
    group = api.rsplit("/", 1)[0] if "/" in api else ""
    meta = doc.get("metadata") or {}
    name = meta.get("name") or f"{file}#{index}"
    kind = doc.get("kind") or ""
    kind = f"{kind}.{group}" if group else kind
    ns = meta.get("namespace") or ""
    return f"{kind}/{ns}/{name}" if ns else f"{kind}/{name}"


def objects(files):
    """{object label: {field: leaf value}} of a render (NOTES.txt left out)."""
    out = {}
    for file, text in sorted(files.items()):
        if file.endswith("NOTES.txt") or not text.strip():
            continue
        try:
            docs = list(yaml.safe_load_all(text))
        except yaml.YAMLError:
            continue
        for i, doc in enumerate(docs):
            if isinstance(doc, dict):
                fields = {}
                leaves(doc, [], fields)
                out[object_label(doc, file, i)] = (fields, doc)
    return out


def fields_changed(x, y, volatile):
    """The (object, field) sites where two renders differ; an object on one side only is ("", whole)."""
    out = set()
    for label in set(x) | set(y):
        if label not in x or label not in y:
            out.add((label, ""))
            continue
        fx, fy = x[label][0], y[label][0]
        for f in set(fx) | set(fy):
            if fx.get(f, "<absent>") != fy.get(f, "<absent>") and (label, f) not in volatile:
                out.add((label, f))
    return out


def normalized(value):
    if isinstance(value, dict):
        return {k: ({l: w for l, w in v.items() if l not in CHURN} if k == "labels" and isinstance(v, dict) else normalized(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [normalized(v) for v in value]
    return value


def value_at(obj_fields, doc, field):
    if field == "":
        return normalized(doc)
    if field in obj_fields:
        return obj_fields[field]
    # a field that holds a collection: its leaves under it
    return {f: v for f, v in obj_fields.items() if f.startswith(field + ".") or f.startswith(field + "[")}


def oracle_verdict(before, after, a0, b0):
    if not before and not after:
        return "inert"
    if not before:
        return "new-effect"
    if not after:
        return "lost"
    if before != after:
        return "relocated"
    for label, field in before:
        if 'annotations["checksum/' in field:
            continue
        xa, xb = a0.get(label), b0.get(label)
        va = value_at(xa[0], xa[1], field) if xa else None
        vb = value_at(xb[0], xb[1], field) if xb else None
        if normalized(va) != normalized(vb):
            return "changed"
    return "preserved"


class Baseline:
    """A chart's render with one set of values as objects, and the fields that move by themselves."""

    def __init__(self, chart, values):
        self.chart, self.values = chart, values
        first = render(chart, values)
        self.ok = isinstance(first, dict)
        self.error = None if self.ok else first
        self.objects = objects(first) if self.ok else {}
        self.when = time.monotonic()
        self._volatile = None

    def volatile(self):
        if self._volatile is None:
            wait = VOLATILE_GAP - (time.monotonic() - self.when)
            if wait > 0:
                time.sleep(wait)
            with Chart.load(str(self.chart)) as c:
                again = objects(c.render(self.values))
            self._volatile = fields_changed(self.objects, again, set())
        return self._volatile

    def sites(self, values):
        other = render(self.chart, values)
        if not isinstance(other, dict):
            return None
        return fields_changed(self.objects, objects(other), self.volatile())


def jaccard(ours, theirs):
    ours = {(s["object"], s["field"]) for s in ours}
    if not ours and not theirs:
        return 1.0
    # a site of ours at a collection covers the oracle's leaves under it
    def covered(site):
        return any(o == site[0] and (f == "" or site[1] == f or site[1].startswith(f + ".") or site[1].startswith(f + "[")) for o, f in ours)
    hits = sum(1 for s in theirs if covered(s))
    return hits / max(len(theirs), 1)


def main(argv):
    bin_path = ROOT / "target" / "debug" / "values-migrate"
    names = []
    i = 0
    while i < len(argv):
        if argv[i] == "--bin":
            bin_path = Path(argv[i + 1]).resolve()  # the CLI runs in each bump's folder
            i += 2
        else:
            names.append(Path(argv[i]).name)
            i += 1
    bumps = sorted(p for p in REAL.iterdir() if (p / "proposal.yaml").exists())
    if names:
        bumps = [b for b in bumps if b.name in names]
    seen = {}
    helms = set()
    for bump in bumps:
        print(f"{bump.name}")
        out = subprocess.run(
            [str(bin_path), "migrate", "--values", "values.yaml", "--base", "base-chart", "--target",
             "target-chart", "--proposal", "proposal.yaml", "--format", "json"],
            cwd=bump, capture_output=True, text=True)
        report = json.loads(out.stdout)
        behaviour = report.get("behaviour")
        planned = report["status"] == "planned"
        if not planned:
            print(f"  (status {report['status']}: no plan; the target with the original values stands for B)")
        check(behaviour is not None and behaviour.get("unrendered") is None,
              f"both charts render ({(behaviour or {}).get('unrendered')})")
        if not behaviour or behaviour.get("unrendered"):
            continue
        original = yaml.safe_load((bump / "values.yaml").read_text()) or {}
        if planned:
            written = next(f for f in report["files"] if f["path"] == report["valuesFile"])
            migrated = yaml.safe_load(written["after"]) or {}
        else:
            migrated = original
        a0 = Baseline(bump / "base-chart", original)
        b0 = Baseline(bump / "target-chart", migrated)
        check(a0.ok and b0.ok, "Helm renders the base with the values and the target with the migrated values")
        if not (a0.ok and b0.ok):
            continue
        for entry in behaviour["values"]:
            path, to, ours = entry["path"], entry["to"], entry["verdict"]
            before = a0.sites(ablated(original, path))
            after = b0.sites(ablated(migrated, to)) if to is not None else set()
            if before is None or after is None:
                check(False, f"{path}: Helm renders the ablated values")
                continue
            theirs = oracle_verdict(before, after, a0.objects, b0.objects)
            j_before, j_after = jaccard(entry["before"], before), jaccard(entry["after"], after)
            check(ours == theirs,
                  f"{path} -> {to}: ours {ours}, Helm's {theirs} "
                  f"(Helm's sites covered: before {j_before:.2f} of {len(before)}, after {j_after:.2f} of {len(after)})")
            if ours != theirs:
                print(f"       Helm before: {sorted(before)[:6]}")
                print(f"       Helm after:  {sorted(after)[:6]}")
            seen.setdefault(ours, set()).add(bump.name)
            helms.add(theirs)
    if not names:
        check(len(seen.get("relocated", ())) >= 2,
              f"a relocated verdict is measured ({sorted(seen.get('relocated', ()))})")
        check(len(seen.get("lost", ())) >= 1, f"a lost verdict is measured ({sorted(seen.get('lost', ()))})")
        # The oracle tells verdicts apart: agreement is not one answer given everywhere.
        check(len(helms) >= 4, f"Helm's verdicts span {sorted(helms)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
