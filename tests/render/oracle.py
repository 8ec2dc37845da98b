#!/usr/bin/env python3
"""Helm as the oracle of `values-migrate render`, file by file (issue 42; tests/render/README.md).

Every chart of the corpora is rendered by Helm (helm-python-sdk, Helm v4.2.3's Go SDK, the chart
loaded afresh for each render) and by `values-migrate render --format json`, with the same release
name (`release-name`) and namespace (`default`), with its defaults and with each user file:
  - tests/charts/real/*/{base,target}-chart (defaults; `values.yaml` for the base, `proposal.yaml`
    for the target), tests/charts/umbrellas/*/* (defaults and the user files beside them),
    tests/charts/render/*/* (the charts vendored for this layer, with their `user-values.yaml` and
    the upstream test values in `ci/`),
    the chart archives the examples and the e2e tests drop (`examples/*/charts/*.tgz`) and archives
    Helm's `Chart.save` makes of the probe and of argo-cd 6.0.0 (as `helm package`), the replay
    chart (tests/data/replay/chart/*), and ../shared/corpus charts that hold templates; and each
    chart of tests/charts/{render,umbrellas,real} with every `enabled: false` of its values.yaml on;
    subcharts are rendered as part of their parents;
  - the probe chart of the traps, tests/render/probe (every file of tests/render/probe/values/,
    and four of them given at once, as repeated `--values`),
    tests/render/probe-eq (Helm's error when `eq` compares an int with a float64) and
    tests/render/probe-methods and probe-methods-call (the methods of Helm's `.Values`: AsMap;
    YAML, Table, PathValue);
  - the hostile charts, tests/render/hostile/*: ours only (Helm hangs or dies on some), which must
    end within HOSTILE_SECONDS with an error naming one of the chart's templates and a line, never
    a crash or a hang (where Helm renders one, tests/render/hostile/HELM.json, Helm's bytes do too).
Judged per file: every file on both sides, the same bytes outside the spans our render calls
masked (random and clock output: there each side's bytes may differ; the bytes before, between and
after the masked spans must be Helm's, aligned piece by piece). When Helm's render fails, ours must
fail with the same message; when the engine renders but `helm template` fails on the manifests
(Helm's install path as a client-side dry run), ours must give that error (or refuse). A render we refuse (`refused` non-empty, or an error where Helm
succeeded) is listed with its reason and is no failure, yet the files it did produce are judged.

Helm's answers are cached under target/render-oracle/ keyed by a hash of the chart's files, the
values file and the release, so a rerun asks Helm only about what changed.

Usage: python3 tests/render/oracle.py [--bin PATH] [--only NAME]... [--record DIR]
                                      [--time-limit SECONDS] [--jobs N] [--helm-only]
       python3 tests/render/oracle.py --record-hostile   (Helm on the hostile charts, in a child
                                      process with a time bound, into tests/render/hostile/HELM.json)
Prints a table per chart and case, then `N passed, M failed` (a check is one file compared, one
failed render's message, one hostile chart); exits 1 on any failure.
"""
import argparse
import difflib
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "render"
CACHE = ROOT / "target" / "render-oracle"
RELEASE, NAMESPACE = "release-name", "default"
OURS_SECONDS = 120  # one render of ours, a real chart
HOSTILE_SECONDS = 60  # one hostile chart must end within this (the debug build; ten million steps, the default budget, take about 35 s there)
HOSTILE_MEMORY = 3 << 30  # address space allowed to ours on a hostile chart
DIFF_LINES = 14


@dataclass
class Case:
    """One render: a chart (directory or archive) with its defaults or one user file."""

    label: str
    chart: Path
    values: Path | None = None
    more: tuple = ()  # further values files, given after `values` (as `-f a -f b`)
    hostile: bool = False


@dataclass
class Outcome:
    """What one case came to: counts, refusals and the lines to print."""

    equal: int = 0
    mismatched: int = 0
    refused: int = 0
    failures: int = 0
    notes: list = field(default_factory=list)
    reasons: list = field(default_factory=list)
    erred: bool = False  # ours stopped with an error where Helm rendered


def user_files(directory):
    """The YAML files beside a chart version that a user would give with -f."""
    return sorted(p for p in directory.glob("values*.yaml") if p.name != "values.yaml") + sorted(
        p for p in directory.glob("*.yaml") if p.name in ("user-values.yaml", "proposal.yaml"))


def corpus():
    """Every case of the layer, in a stable order."""
    cases = []
    real = ROOT / "tests" / "charts" / "real"
    for bump in sorted(real.iterdir()):
        for side, user in (("base-chart", "values.yaml"), ("target-chart", "proposal.yaml")):
            chart = bump / side
            cases.append(Case(f"real/{bump.name}/{side}", chart))
            if (bump / user).is_file():
                cases.append(Case(f"real/{bump.name}/{side} + {user}", chart, bump / user))
    for group in ("umbrellas", "render"):
        base = ROOT / "tests" / "charts" / group
        for chart in sorted(base.glob("*/*/Chart.yaml")) if base.is_dir() else []:
            directory = chart.parent
            label = f"{group}/{directory.parent.name}/{directory.name}"
            cases.append(Case(label, directory))
            for user in user_files(directory) + user_files(directory.parent):
                cases.append(Case(f"{label} + {user.name}", directory, user))
            for user in sorted((directory.parent / "ci").glob("*.yaml")):
                cases.append(Case(f"{label} + ci/{user.name}", directory, user))
    charts = ROOT / "tests" / "charts"
    every = [c for group in ("render", "umbrellas") for c in sorted((charts / group).glob("*/*/Chart.yaml"))]
    for chart in every + sorted(real.glob("*/*-chart/Chart.yaml")):
        flipped = all_enabled(chart.parent)
        if flipped:
            label = f"{chart.parent.relative_to(charts)} + every `enabled: false` on"
            cases.append(Case(label, chart.parent, flipped))
    for archive in sorted((ROOT / "examples").glob("*/charts/*.tgz")):
        example = archive.parent.parent
        cases.append(Case(f"examples/{example.name}/{archive.name}", archive))
    for chart in sorted((ROOT / "tests" / "data" / "replay" / "chart").glob("*/Chart.yaml")):
        cases.append(Case(f"replay/{chart.parent.name}", chart.parent))
        for user in sorted((ROOT / "tests" / "data" / "replay" / "render").glob("*.yaml")):
            cases.append(Case(f"replay/{chart.parent.name} + {user.name}", chart.parent, user))
    shared = ROOT.parent / "shared" / "corpus"
    for chart in sorted(shared.glob("*/*/Chart.yaml")) if shared.is_dir() else []:
        if (chart.parent / "templates").is_dir():
            cases.append(Case(f"shared/{chart.parent.parent.name}/{chart.parent.name}", chart.parent))
    cases.append(Case("probe", HERE / "probe"))
    for values in sorted((HERE / "probe" / "values").glob("*.yaml")):
        cases.append(Case(f"probe + {values.name}", HERE / "probe", values))
    several = [HERE / "probe" / "values" / f"{name}.yaml" for name in ("globals", "numbers", "strings", "kinds")]
    cases.append(Case("probe + globals, numbers, strings, kinds.yaml (-f in order)", HERE / "probe", several[0],
                      tuple(several[1:])))
    cases.append(Case("probe-eq", HERE / "probe-eq"))
    cases.append(Case("probe-methods", HERE / "probe-methods"))
    cases.append(Case("probe-methods-call", HERE / "probe-methods-call"))
    for directory in (HERE / "probe", real / "argo-cd-5.55.0-to-6.0.0" / "target-chart"):
        archive = packed(directory)
        cases.append(Case(f"archive {archive.name}", archive))
        if directory.name == "probe":
            cases.append(Case(f"archive {archive.name} + globals.yaml", archive, directory / "values" / "globals.yaml"))
    for chart in sorted((HERE / "hostile").glob("*/Chart.yaml")):
        cases.append(Case(f"hostile/{chart.parent.name}", chart.parent, hostile=True))
    return cases


def all_enabled(directory):
    """A values file that turns on every `enabled: false` of the chart's values.yaml (at any depth,
    not inside lists), written under target/render-oracle/generated/; None when there is none."""
    import yaml

    defaults = directory / "values.yaml"
    values = yaml.safe_load(defaults.read_text()) if defaults.is_file() else None

    def flip(node):
        if not isinstance(node, dict):
            return None
        out = {}
        for key, value in node.items():
            if key == "enabled" and value is False:
                out[key] = True
            elif isinstance(value, dict):
                inner = flip(value)
                if inner:
                    out[key] = inner
        return out

    flipped = flip(values)
    if not flipped:
        return None
    text = "# every `enabled: false` of the chart's values.yaml turned on (oracle.py)\n"
    text += yaml.safe_dump(flipped, sort_keys=True)
    into = CACHE / "generated" / hashlib.sha256(text.encode()).hexdigest()[:16]
    into.mkdir(parents=True, exist_ok=True)
    path = into / f"{directory.parent.name}-{directory.name}-enabled.yaml"
    if not path.is_file():
        path.write_text(text)
    return path


def packed(directory):
    """The chart directory as the archive `helm package` makes (Helm's `Chart.save`, which leaves
    out what `.helmignore` names), under target/render-oracle/archives/."""
    from helm_python.chart import Chart

    into = CACHE / "archives" / fingerprint(Case("", directory))
    if into.is_dir() and any(into.glob("*.tgz")):
        return next(into.glob("*.tgz"))
    into.mkdir(parents=True, exist_ok=True)
    with Chart.load(str(directory)) as chart:
        return Path(chart.save(str(into)))


def fingerprint(case):
    """A hash of everything Helm's answer depends on: the chart's bytes, the values, the release."""
    digest = hashlib.sha256(f"helm-4.2.3 render+template {RELEASE} {NAMESPACE}\n".encode())
    paths = [case.chart] if case.chart.is_file() else sorted(p for p in case.chart.rglob("*") if p.is_file())
    for path in paths:
        digest.update(str(path.relative_to(case.chart) if case.chart.is_dir() else path.name).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    for values in ([case.values] if case.values else []) + list(case.more):
        digest.update(b"values\0" + values.read_bytes())
    return digest.hexdigest()[:32]


class Number(str):
    """A number as Helm's JSON wrote it, kept as text (Python's float would lose `-0`'s sign)."""


def helm_values(files):
    """The JSON text of the values `-f FILE…` give Helm: each file read by Helm's own reader, the
    files merged as Helm's `MergeValues` merges them (a map into a map key by key, anything else
    replaced by the later file)."""
    from helm_python import _native

    def merge(into, more):
        for key, value in more.items():
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                merge(into[key], value)
            else:
                into[key] = value
        return into

    def dump(value):
        if isinstance(value, dict):
            return "{" + ",".join(json.dumps(k) + ":" + dump(v) for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ",".join(dump(v) for v in value) + "]"
        return str(value) if isinstance(value, Number) else json.dumps(value)

    if len(files) == 1:
        return _native.call_string("helm_values_from_yaml", files[0].read_text())
    merged = {}
    for path in files:
        text = _native.call_string("helm_values_from_yaml", path.read_text())
        merge(merged, json.loads(text, parse_float=Number, parse_int=Number))
    return dump(merged)


def helm_render(case):
    """Helm's answer, cached by fingerprint: {"files": {...}} and, when `helm template` itself
    then fails on them (the manifests' YAML, as its install path reads them), "stream_error"; or
    {"error": message} when the engine's render fails."""
    from helm_python import _native
    from helm_python.chart import Chart

    cached = CACHE / f"{fingerprint(case)}.json"
    if cached.is_file():
        return json.loads(cached.read_text())
    # Values go to Helm as the JSON text Helm's own reader made of the file (never through
    # Python's numbers: `-0` would lose its sign), as `helm template -f` reads them.
    values = helm_values([case.values, *case.more] if case.values else [])
    opts = json.dumps({"name": RELEASE, "namespace": NAMESPACE})
    try:
        with Chart.load(str(case.chart)) as chart:
            answer = {"files": json.loads(_native.call_string("helm_render", chart._raw(), values, opts))}
        failure = helm_template_failure(case, values)
        if failure:
            answer["stream_error"] = failure
    except Exception as error:  # a render that fails is an answer too
        answer = {"error": str(error)}
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(answer, sort_keys=True))
    return answer


def helm_template_failure(case, values):
    """The error of `helm template` (Helm's install path, a client-side dry run) after the
    engine rendered, e.g. `YAML parse error on …`; None when it succeeds."""
    from helm_python import _native
    from helm_python.chart import Chart
    from helm_python.config import Config

    with Config() as config, Chart.load(str(case.chart)) as chart:
        opts = json.dumps({"namespace": NAMESPACE, "dry_run": "client"})
        try:
            _native.call_string("helm_install", config._raw(), _native.HANDLE(0), chart._raw(), None, RELEASE,
                                values, opts)
        except Exception as error:
            return str(error)
    return None


def ours_render(binary, case, seconds):
    """Our answer as the CLI's JSON report, or {"crash": why} when it did not give one in time."""
    command = [binary, "render", "--chart", str(case.chart), "--release", RELEASE, "--namespace", NAMESPACE,
               "--format", "json"]
    for values in reversed([case.values, *case.more] if case.values else []):
        command[4:4] = ["--values", str(values)]
    limit = (lambda: resource.setrlimit(resource.RLIMIT_AS, (HOSTILE_MEMORY, HOSTILE_MEMORY))) if case.hostile else None
    started = time.monotonic()
    try:
        run = subprocess.run(command, capture_output=True, timeout=seconds, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        return {"crash": f"no answer within {seconds} s"}, seconds
    took = time.monotonic() - started
    try:
        report = json.loads(run.stdout)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return {"crash": f"exit {run.returncode}: {run.stderr.decode(errors='replace').strip()[-400:]}"}, took
    if not isinstance(report, dict) or "files" not in report:
        return {"crash": f"exit {run.returncode}: not a render report: {run.stdout[:200]!r}"}, took
    return report, took


def aligned(helm, ours, spans):
    """Ours with each masked span replaced by the bytes Helm has there, when the unmasked pieces
    line up (each piece found in order, the first at the start and the last at the end); else
    None. Both texts and the result are bytes."""
    cuts = sorted((s["start"], s["end"]) for s in spans)
    pieces, at = [], 0
    for start, end in cuts:
        pieces.append(ours[at:start])
        at = max(at, end)
    pieces.append(ours[at:])
    if len(pieces) == 1:
        return ours if helm == ours else None
    if not helm.startswith(pieces[0]):
        return None
    out, position = [pieces[0]], len(pieces[0])
    for index, piece in enumerate(pieces[1:], 1):
        last = index == len(pieces) - 1
        found = len(helm) - len(piece) if last else helm.find(piece, position)
        if found < position or (last and not helm.endswith(piece)):
            return None
        out += [helm[position:found], piece]
        position = found + len(piece)
    return b"".join(out)


def substituted(helm, ours, spans):
    """Ours with the masked spans that line up (greedily, from the left) taken from Helm, for a
    readable diff when the whole does not line up."""
    at, out, position = 0, [], 0
    for span in sorted(spans, key=lambda s: s["start"]):
        piece = ours[at:span["start"]]
        found = helm.find(piece, position)
        if found != position and not (at == 0 and found == 0):
            break
        out.append(piece)
        position = found + len(piece)
        after = ours[span["end"]:span["end"] + 16]
        ahead = helm.find(after, position) if after else len(helm)
        if ahead < 0:
            break
        out.append(helm[position:ahead])
        position, at = ahead, span["end"]
    out.append(ours[at:])
    return b"".join(out)


def diff(name, helm, ours):
    """The first lines of a unified diff, Helm's text against ours."""
    lines = difflib.unified_diff(helm.decode(errors="replace").splitlines(), ours.decode(errors="replace").splitlines(),
                                 f"helm/{name}", f"ours/{name}", n=2, lineterm="")
    return [f"      {line}" for line in list(lines)[:DIFF_LINES]]


def judge_files(helm, ours, outcome):
    """File by file: present on both sides and equal outside our masked spans. A file missing
    from ours is refused when a refusal names it, or when there are as many refusals as missing
    files (a refusal names the place of the call it refused, often a helper: each refusal stops
    one template)."""
    refusals = ours.get("refused") or []
    named = {r.get("file") for r in refusals}
    missing = [name for name in helm if name not in ours["files"]]
    excused = bool(ours.get("error")) or len(missing) <= len(refusals)
    masks = {}
    for span in ours.get("masked") or []:
        masks.setdefault(span["file"], []).append(span)
    for name in sorted(set(helm) | set(ours["files"])):
        if name not in ours["files"]:
            if name in named or excused:
                outcome.refused += 1
            else:
                outcome.mismatched += 1
                outcome.notes.append(f"    missing in ours: {name}")
            continue
        if name not in helm:
            outcome.mismatched += 1
            outcome.notes.append(f"    not in Helm's render: {name}")
            continue
        theirs, mine = helm[name].encode(), ours["files"][name].encode()
        if aligned(theirs, mine, masks.get(name, [])) is not None:
            outcome.equal += 1
            continue
        outcome.mismatched += 1
        outcome.notes.append(f"    mismatch: {name}")
        outcome.notes += diff(name, theirs, substituted(theirs, mine, masks.get(name, [])))


def reasons(ours):
    """Why we refused: each refusal's place and words, and the error."""
    out = [f"{r.get('file')}:{r.get('line')}:{r.get('column')}: {r.get('message')}" for r in ours.get("refused") or []]
    if ours.get("error"):
        out.append(f"error: {ours['error'].get('message')}")
    return out


def judge(case, helm, ours):
    """One case's outcome from Helm's answer and ours."""
    outcome = Outcome()
    if "crash" in ours:
        outcome.failures += 1
        outcome.notes.append(f"    ours crashed: {ours['crash']}")
        return outcome
    if ours.get("refused"):
        outcome.reasons = reasons(ours)
    if "error" in helm:
        message = (ours.get("error") or {}).get("message")
        if message == helm["error"]:
            outcome.equal += 1
        elif ours.get("refused"):
            outcome.refused += 1
        else:
            outcome.failures += 1
            outcome.notes.append(f"    Helm failed: {helm['error']}\n    ours:        "
                                 f"{message if message is not None else 'rendered ' + str(len(ours['files'])) + ' files'}")
            if message is not None and message.strip() == helm["error"].strip():
                outcome.notes.append(f"    (the same words; the ends differ: Helm's {helm['error'][-3:]!r}, ours {message[-3:]!r})")
        return outcome
    judge_template_failure(helm, ours, outcome)
    judge_files(helm["files"], ours, outcome)
    return outcome


def judge_template_failure(helm, ours, outcome):
    """After the engine rendered: where `helm template` then fails (the manifests' YAML), ours must
    fail with its words (or refuse); where it does not, an error of ours is a refusal at best."""
    message = (ours.get("error") or {}).get("message")
    expected = helm.get("stream_error")
    if expected is None:
        if message is not None:
            outcome.reasons, outcome.erred = reasons(ours), True
        return
    if message == expected:
        outcome.equal += 1
    elif "unsupported" in (message or "") or ours.get("refused"):
        outcome.refused += 1
        outcome.reasons = reasons(ours) or outcome.reasons
    else:
        outcome.failures += 1
        outcome.notes.append(f"    `helm template` failed: {expected}\n    ours:        {message or 'no error'}")


def judge_hostile(case, ours, took, helm):
    """A hostile chart: ours ends in time with an error naming a template of the chart and a line;
    where Helm rendered it (HELM.json), ours may instead render Helm's bytes."""
    outcome = Outcome()
    templates = [f"{chart_name(case.chart)}/{p.relative_to(case.chart).as_posix()}"
                 for p in sorted((case.chart / "templates").rglob("*")) if p.is_file()]
    outcome.notes.append(f"    Helm: {helm.get('outcome', 'not recorded')} in {helm.get('seconds', '?')} s")
    if "crash" in ours:
        outcome.failures += 1
        outcome.notes.append(f"    ours: {ours['crash']}")
        return outcome
    said = " | ".join(reasons(ours))
    named = any(f"{t}:" in said and said.split(f"{t}:", 1)[1][:1].isdigit() for t in templates)
    if took > HOSTILE_SECONDS:
        outcome.failures += 1
        outcome.notes.append(f"    ours took {took:.1f} s (bound {HOSTILE_SECONDS} s)")
    elif (ours.get("error") or ours.get("refused")) and named:
        outcome.equal += 1
        outcome.notes.append(f"    ours ended in {took:.1f} s: {said[:300]}")
    elif helm.get("outcome") == "rendered" and not said:
        judge_files(helm["files"], ours, outcome)
        outcome.notes.append(f"    ours rendered in {took:.1f} s, judged against Helm's files")
    else:
        outcome.failures += 1
        outcome.notes.append(f"    ours ended in {took:.1f} s without an error naming a template and line: "
                             f"{said[:300] or 'rendered ' + str(len(ours.get('files') or {})) + ' files'}")
    return outcome


HOSTILE_HELM = HERE / "hostile" / "HELM.json"


def helm_hostile_one(chart):
    """Helm's render of one hostile chart, printed as JSON (run in a child process: some kill it)."""
    from helm_python.chart import Chart

    resource.setrlimit(resource.RLIMIT_AS, (HOSTILE_MEMORY * 2, HOSTILE_MEMORY * 2))
    try:
        with Chart.load(chart) as loaded:
            print(json.dumps({"outcome": "rendered", "files": loaded.render(None, name=RELEASE, namespace=NAMESPACE)}))
    except Exception as error:
        text = str(error)
        print(json.dumps({"outcome": "error", "message": text[:400] + (f" … ({len(text)} bytes)" if len(text) > 400 else "")}))


def record_hostile():
    """Asks Helm about each hostile chart in a child process with a time bound, into HELM.json."""
    answers = {}
    for chart in sorted((HERE / "hostile").glob("*/Chart.yaml")):
        started = time.monotonic()
        try:
            run = subprocess.run([sys.executable, __file__, "--helm-one", str(chart.parent)], capture_output=True,
                                 text=True, timeout=HOSTILE_SECONDS)
            lines = run.stdout.strip().splitlines()
            answer = json.loads(lines[-1]) if run.returncode == 0 and lines else \
                {"outcome": "crash", "message": f"exit {run.returncode}: {run.stderr.strip().splitlines()[0][:200] if run.stderr.strip() else ''}"}
        except subprocess.TimeoutExpired:
            answer = {"outcome": "timeout", "message": f"no answer within {HOSTILE_SECONDS} s"}
        answer["seconds"] = round(time.monotonic() - started)
        answers[chart.parent.name] = answer
        print(f"{chart.parent.name}: {answer['outcome']} in {answer['seconds']} s {answer.get('message', '')[:200]}")
    HOSTILE_HELM.write_text(json.dumps(answers, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def chart_name(chart):
    """The name in a chart directory's Chart.yaml."""
    for line in (chart / "Chart.yaml").read_text().splitlines():
        if line.startswith("name:"):
            return line.split(":", 1)[1].strip().strip("'\"")
    return chart.name


def record(directory, case, helm):
    """Helm's answer laid out as files under DIRECTORY/<case>/ (and `ERROR` for a failed render)."""
    into = Path(directory) / case.label.replace(" + ", "+").replace("/", "__")
    into.mkdir(parents=True, exist_ok=True)
    if "error" in helm:
        (into / "ERROR").write_text(helm["error"] + "\n")
    for name, text in helm.get("files", {}).items():
        path = into / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def has_render(binary):
    """Whether the CLI has the `render` command yet."""
    try:
        run = subprocess.run([binary, "render", "--help"], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return run.returncode == 0


def run_case(args, case):
    """Helm's answer (never for a hostile chart) and ours, judged."""
    if case.hostile:
        ours, took = ours_render(args.bin, case, HOSTILE_SECONDS + 5)
        recorded = json.loads(HOSTILE_HELM.read_text()) if HOSTILE_HELM.is_file() else {}
        return judge_hostile(case, ours, took, recorded.get(case.chart.name, {}))
    helm = helm_render(case)
    if args.record:
        record(args.record, case, helm)
    if args.helm_only:
        outcome = Outcome(equal=len(helm.get("files", {})))
        outcome.notes.append(f"    Helm: {helm['error']}" if "error" in helm else f"    Helm: {len(helm['files'])} files")
        return outcome
    ours, _ = ours_render(args.bin, case, OURS_SECONDS)
    return judge(case, helm, ours)


def self_tests():
    """The oracle's own judgement on made-up answers (test_oracle.py): (passed, failed)."""
    import unittest

    suite = unittest.defaultTestLoader.loadTestsFromName("test_oracle")
    result = unittest.TextTestRunner(stream=open(os.devnull, "w"), verbosity=0).run(suite)
    bad = len(result.failures) + len(result.errors)
    for test, trace in result.failures + result.errors:
        print(f"oracle self-test FAILED: {test}\n{trace}")
    return result.testsRun - bad, bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=str(ROOT / "target" / "debug" / "values-migrate"))
    parser.add_argument("--only", action="append", default=[], help="run the cases whose label holds NAME")
    parser.add_argument("--record", help="store Helm's outputs under this directory")
    parser.add_argument("--time-limit", type=float, default=360, help="start no case after this many seconds")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--helm-only", action="store_true", help="ask Helm only (fill the cache, --record)")
    parser.add_argument("--record-hostile", action="store_true", help="ask Helm about the hostile charts, into HELM.json")
    parser.add_argument("--helm-one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.helm_one:
        helm_hostile_one(args.helm_one)
        return 0
    if args.record_hostile:
        record_hostile()
        return 0
    cases = [c for c in corpus() if not args.only or any(o in c.label for o in args.only)]
    if args.helm_only:
        cases = [c for c in cases if not c.hostile]
    elif not has_render(args.bin):
        print(f"{args.bin} has no `render` command")
        print("0 passed, 1 failed")
        return 1
    started = time.monotonic()
    totals, refusals, late = Outcome(), [], []
    own_passed, own_failed = self_tests()

    def guarded(case):
        if time.monotonic() - started > args.time_limit:
            late.append(case.label)
            return None
        return run_case(args, case)

    # Helm's renders run in this process (first, one at a time: the SDK is no faster in threads);
    # ours run as subprocesses, `--jobs` at a time.
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(guarded, cases))
    print(f"{'equal':>5} {'mism':>5} {'refus':>5} {'fail':>5}  case")
    for case, outcome in zip(cases, outcomes):
        if outcome is None:
            continue
        print(f"{outcome.equal:5} {outcome.mismatched:5} {outcome.refused:5} {outcome.failures:5}  {case.label}")
        for line in outcome.notes:
            print(line)
        if outcome.reasons or outcome.refused:
            refusals.append((case.label, outcome.reasons, outcome.erred))
        for name in ("equal", "mismatched", "refused", "failures"):
            setattr(totals, name, getattr(totals, name) + getattr(outcome, name))
    print(f"\nrefusals ({len(refusals)} cases; `ERROR`: ours stopped with an error where Helm rendered):")
    for label, said, erred in refusals:
        print(f"  {'ERROR ' if erred else ''}{label}: {'; '.join(said)[:400] if said else 'files left out'}")
    failed = totals.mismatched + totals.failures + own_failed + (1 if late else 0)
    if late:
        print(f"time limit of {args.time_limit:.0f} s reached; not run: {', '.join(late)}")
    print(f"{len(cases) - len(late)} cases in {time.monotonic() - started:.0f} s: {totals.equal} files equal, "
          f"{totals.mismatched} mismatched, {totals.refused} refused, {totals.failures} failed renders; "
          f"the oracle's self-tests: {own_passed} passed, {own_failed} failed")
    print(f"{totals.equal + own_passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
