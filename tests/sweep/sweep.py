#!/usr/bin/env python3
"""The sweep: forced remove / rename / move / set plans over real and awkward YAML, judged by
two independent decoders (tests/sweep/README.md).

Each case is one source text and one op. The proposal is the original (as Helm reads it) with
that op applied; the base schema accepts exactly the original's mapping structure and the
target schema exactly the proposal's (a set value is pinned by `const`), so the planner must
make that op. The library runs every case in one process (`cargo run --example sweep-runner`).
A result is right when it is a refusal with a reason and an unchanged file, or a text that
PyYAML (with go-yaml's typing: helm_yaml.py) reads as exactly the proposal, npm `yaml`
(YAML 1.2 core) and Helm's own readers (helm_reader.py) read as the op applied to their own
reading of the original, with every other document byte-identical. Anything else is wrong; a panic is a crash.

Ends with `N passed, M failed` (passed = edited + refused, failed = wrong + crash).
"""

import argparse
import collections
import functools
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import embedded  # noqa: E402
import helm_reader  # noqa: E402
import helm_yaml  # noqa: E402
import ops as forcing  # noqa: E402
import sources  # noqa: E402

ROOT = sources.ROOT


def node_read(texts):
    """npm `yaml`'s reading of each text: `{"docs": [...]}` or `{"error": ...}`, in order."""
    lines = "".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in enumerate(texts))
    out = subprocess.run(
        ["node", os.path.join(sources.HERE, "yaml12.mjs")],
        cwd=ROOT, input=lines, capture_output=True, text=True, check=True,
    ).stdout
    return [json.loads(line) for line in out.split("\n") if line.strip()]


def runner_path():
    """Builds the batch runner (dev profile: panics unwind, so each is caught per case)."""
    subprocess.run(
        ["cargo", "build", "--quiet", "--example", "sweep-runner"], cwd=ROOT, check=True,
    )
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "debug", "examples", "sweep-runner")


def run_all(runner, cases):
    """Each case's runner output, in order; a case the process died on is a crash."""
    results = []
    start = 0
    while start < len(cases):
        lines = "".join(json.dumps(c["request"]) + "\n" for c in cases[start:])
        proc = subprocess.run([runner], input=lines, capture_output=True, text=True)
        got = [json.loads(line) for line in proc.stdout.split("\n") if line.strip()]
        results.extend(got)
        start += len(got)
        if start < len(cases):
            results.append({"crash": f"runner died (status {proc.returncode}): {proc.stderr[-300:]}", "report": None})
            start += 1
    return results


# The `index` of a case whose values are the source's documents merged, as Helm's -f reads them.
MERGED = -1


def merges(docs):
    """Whether values-migrate reads these documents merged, as Helm's -f does: several, each a
    mapping or empty, none a Kubernetes object (`apiVersion` and `kind`: a manifest)."""
    def kubernetes(d):
        return isinstance(d.get("apiVersion"), str) and isinstance(d.get("kind"), str)
    return len(docs) > 1 and all(d is None or (isinstance(d, dict) and not kubernetes(d)) for d in docs)


def merge_maps(a, b):
    """Helm's `MergeMaps`: `b`'s key wins, unless both sides are mappings (merged)."""
    out = dict(a)
    for key, value in b.items():
        out[key] = merge_maps(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def reading(docs, index):
    """The values of one case in a reader's documents: document `index`, or all merged."""
    if index != MERGED:
        return docs[index] if index < len(docs) else None
    merged = {}
    for d in docs:
        if d is not None and not isinstance(d, dict):
            return None
        merged = merge_maps(merged, d or {})
    return merged


def prepare(name, text, rng, per_kind, counts):
    """The cases for one source text (none when it is not one judgeable mapping)."""
    helm_only = False
    try:
        docs11 = helm_yaml.load_all(text)
    except helm_yaml.Unsupported:
        counts["source-unsupported"] += 1
        return []
    except Exception:  # noqa: BLE001 - PyYAML refuses it: judged by Helm alone, if Helm reads it
        docs11 = helm_only_reading(text)
        if docs11 is None:
            counts["source-not-helm-yaml"] += 1
            return []
        helm_only = True
        counts["source-read-by-helm-not-pyyaml"] += 1
    index = next((i for i, d in enumerate(docs11) if isinstance(d, dict)), None)
    if index is None:
        counts["source-not-a-mapping"] += 1
        return []
    counts["sources"] += 1
    doc = docs11[index]
    if merges(docs11):
        # Several documents Helm's -f merges: the values are all of them, merged.
        index, doc = MERGED, reading(docs11, MERGED)
        counts["sources-merged"] += 1
    cases = []
    # The shape kinds draw from a generator of their own, seeded from the main one's state
    # without drawing from it, so the other kinds' cases stay as they were.
    shapes = random.Random(repr(rng.getstate()[1]))
    for op in forcing.pick_ops(rng, doc, per_kind) + forcing.pick_shapes(shapes, doc, per_kind):
        applied = forcing.apply(op, doc)
        if applied is None:
            continue
        # A set of the value already there (as Helm reads it: `y` is true) asks for nothing.
        if op["op"] == "set" and forcing.has(doc, op["path"]) and \
                helm_yaml.same(forcing.get(doc, op["path"]), op["value"]):
            counts["op-sets-the-same-value"] += 1
            continue
        proposal, consts = applied
        cases.append({
            "source": name, "text": text, "index": index, "op": op, "proposal": proposal, "doc11": doc,
            "helm_only": helm_only,
            "request": {
                "id": len(cases), "files": [{"path": "values.yaml", "text": text}],
                "base": json.dumps(forcing.shape(doc)),
                "target": json.dumps(forcing.shape(proposal, consts)),
                "proposal": proposal_text(proposal),
                "prefix": None, "typing": "helm",
            },
        })
    return cases


def proposal_text(proposal):
    """The proposal as JSON that is also YAML: raw text, but what YAML forbids raw escaped.

    (`ensure_ascii` would escape astral characters as surrogate pairs, which YAML rejects.)
    """
    text = json.dumps(proposal, ensure_ascii=False)
    return "".join(c if c.isprintable() or c in "\t" else f"\\u{ord(c):04x}" for c in text)


def changed_region(before, after):
    """`(start, end)` in `before` of the characters that differ from `after`."""
    limit = min(len(before), len(after))
    p = 0
    while p < limit and before[p] == after[p]:
        p += 1
    s = 0
    while s < limit - p and before[len(before) - 1 - s] == after[len(after) - 1 - s]:
        s += 1
    return p, len(before) - s


HELM = helm_reader.HelmReader()
HELM_SKIPPED = collections.Counter()


@functools.lru_cache(maxsize=64)
def helm_original(text):
    """Helm's own readings of a source text, read once per source."""
    return HELM.read(text)


def judge_12(case, read12, doc12):
    """Why npm `yaml`'s reading of an edit is not the op applied to its reading of the original."""
    if "error" in read12:
        return f"npm yaml (1.2) fails: {read12['error']}"
    got = reading(read12["docs"], case["index"])
    expected = forcing.apply(case["op"], doc12)
    if expected is not None and not helm_yaml.same(got, expected[0], double=True):
        return f"npm yaml reads {json.dumps(got, ensure_ascii=False)[:300]}, not the op applied"
    return None


def judge_helm(case, after):
    """Why Helm's own YAML readers disagree with an edited text, or None.

    Each reader that reads the original must read the edit; the `-f` reader (the first
    document) must read it as the op applied to its own reading of the original.
    """
    before = helm_original(case["text"])
    got = HELM.read(after)
    for key, label in (("f", "f-reader"), ("chart", "values.yaml")):
        if helm_reader.failed(before[key]):
            HELM_SKIPPED[f"helm-{label}-cannot-read-source"] += 1
        elif helm_reader.failed(got[key]):
            return f"Helm's YAML reader ({label}) fails: {got[key][1]}"
    # Values merged from several documents: the chart loader's reading (every document, merged).
    key = "chart" if case["index"] == MERGED else "f"
    if case["index"] not in (0, MERGED) or helm_reader.failed(before[key]):
        return None
    expected = forcing.apply(case["op"], before[key])
    if expected is not None and not helm_yaml.same(got[key], expected[0], double=True):
        return f"Helm reads {json.dumps(got[key], ensure_ascii=False)[:300]}, not the op applied"
    return None


@functools.lru_cache(maxsize=64)
def original_reading(text):
    """PyYAML's documents of a source text and their spans, read once per source."""
    return helm_yaml.load_all(text), helm_yaml.document_spans(text)


def helm_only_reading(text):
    """`[values]` when Helm's readers read `text` as one mapping that PyYAML refuses, else None.

    (go-yaml reads some texts libyaml-derived parsers refuse, e.g. a blank line of a space and a
    tab inside a mapping; those edits are judged by Helm's readers and npm `yaml` alone.)
    """
    reading = helm_original(text)
    one, merged = reading["f"], reading["chart"]
    if helm_reader.failed(one) or not isinstance(one, dict) or one != merged:
        return None
    return [one]


def judge_text(case, after, read12, doc12):
    """Why an edited text is wrong, or None."""
    if case.get("helm_only"):
        return judge_12(case, read12, doc12) or judge_helm(case, after)
    try:
        docs = helm_yaml.load_all(after)
    except Exception as e:  # noqa: BLE001 - any PyYAML error is a wrong edit
        return f"PyYAML (Helm's reading) fails: {str(e).splitlines()[0]} ..."
    index = case["index"]
    before_docs, spans = original_reading(case["text"])
    if len(docs) != len(before_docs):
        return f"PyYAML reads {len(docs)} documents, the original has {len(before_docs)}"
    values = reading(docs, index)
    if not helm_yaml.same(values, case["proposal"]):
        return f"PyYAML reads {json.dumps(values, ensure_ascii=False)[:300]}, not the proposal"
    why = judge_12(case, read12, doc12)
    if why or index == MERGED:
        # Merged values are edited in every document that writes them: no other one to keep.
        return why or judge_helm(case, after)
    start, end = changed_region(case["text"], after)
    for i, (s, e) in enumerate(spans):
        if (i < index and e > start) or (i > index and s < end):
            return f"document {i + 1} changed (the values are in document {index + 1})"
    return judge_helm(case, after)


def source_text(case):
    """The text the case hands the library: the values file, or the file holding them."""
    return case["embedded"]["outer"] if "embedded" in case else case["text"]


def edited_text(case, result):
    """`(values text, None)` the result holds (a twin's from inside its string), or `(None, why)`."""
    report = result.get("report") or {}
    files = report.get("files") or []
    after = files[0]["after"] if files else source_text(case)
    if "embedded" not in case or after == source_text(case):
        return (case["text"] if after == source_text(case) else after), None
    return embedded.held_text(case, after)


def judge(case, result, read12, doc12):
    """`(verdict, detail)`: verdict is `edited`, `refused:<kind>`, `wrong` or `crash`."""
    if result.get("crash"):
        return "crash", result["crash"]
    report = result["report"]
    status = report["status"]
    files = report.get("files") or []
    after = files[0]["after"] if files else source_text(case)
    if status in ("planned", "unchanged"):
        inner, why = edited_text(case, result)
        why = why or judge_text(case, inner, read12, doc12)
        return ("wrong", why) if why else ("edited", None)
    if after != source_text(case):
        return "wrong", f"status {status} but the file changed"
    reasons = report.get("refusals") or []
    if status == "invalid":
        errors = report.get("errors") or []
        if not errors or not errors[0].get("message"):
            return "wrong", "invalid without an error"
        return "refused:invalid", errors[0]["message"]
    if not reasons or not reasons[0].get("message"):
        return "wrong", f"status {status} without a reason"
    return f"refused:{reasons[0]['kind']}", reasons[0]["message"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--per-kind", type=int, default=3, help="ops of each kind per source")
    parser.add_argument("--sources", default="suite,corpus,gen")
    parser.add_argument("--corpus-limit", type=int, default=0, help="corpus files to use (0: all)")
    parser.add_argument("--out", default=os.path.join(ROOT, "target", "sweep"))
    parser.add_argument("--runner", help="a built sweep-runner (default: cargo build it)")
    parser.add_argument("--embedded", type=float, default=0.5,
                        help="share of cases also run held in an Argo CD Application string")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    began = time.time()

    texts = []
    wanted = args.sources.split(",")
    if "suite" in wanted:
        texts += sources.suite()
    if "corpus" in wanted:
        corpus = sources.corpus()
        if args.corpus_limit:
            corpus = rng.sample(corpus, min(args.corpus_limit, len(corpus)))
        texts += corpus
    if "gen" in wanted:
        texts += sources.generated()

    counts = collections.Counter()
    read_sources = node_read([t for _, t in texts])
    cases = []
    for (name, text), read12 in zip(texts, read_sources):
        for case in prepare(name, text, rng, args.per_kind, counts):
            docs12 = read12.get("docs") or []
            doc12 = reading(docs12, case["index"])
            if not isinstance(doc12, dict) or not applies(case["op"], case["doc11"], doc12):
                counts["op-not-in-1.2-reading"] += 1
                continue
            case["doc12"] = doc12
            case["request"]["id"] = len(cases)
            cases.append(case)

    # A string holds one document: merged values have no twin (the draws are made all the same).
    twins = [t for t in ((embedded.twin(c, quoted=rng.random() < 0.25), c["index"])[0]
                         if c["index"] != MERGED else (rng.random(), None)[1]
                         for c in cases if rng.random() < args.embedded) if t is not None]
    for t in twins:
        t["request"]["id"] = len(cases)
        cases.append(t)
    runner = args.runner or runner_path()
    results = run_all(runner, cases)
    reads = node_read([edited_text(c, r)[0] or "" for c, r in zip(cases, results)])

    verdicts = collections.Counter()
    by_kind = collections.Counter()
    by_op = collections.Counter()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "wrong.jsonl"), "w", encoding="utf-8") as wrong, \
            open(os.path.join(args.out, "refused.jsonl"), "w", encoding="utf-8") as refused:
        for case, result, read12 in zip(cases, results, reads):
            verdict, detail = judge(case, result, read12, case["doc12"])
            verdicts[verdict.split(":")[0]] += 1
            family = case["source"].split("/")[0] + ("+embedded" if "embedded" in case else "")
            by_kind[(family, verdict)] += 1
            by_op[(case["op"]["op"], verdict.split(":")[0])] += 1
            if verdict.startswith("refused"):
                refused.write(json.dumps({
                    "verdict": verdict, "detail": detail, "source": case["source"],
                    "op": forcing.describe(case["op"]), "text": source_text(case),
                }, ensure_ascii=False) + "\n")
            if verdict in ("wrong", "crash"):
                report = result.get("report") or {}
                after = ((report.get("files") or [{}])[0]).get("after")
                wrong.write(json.dumps({
                    "verdict": verdict, "detail": detail, "source": case["source"],
                    "op": forcing.describe(case["op"]), "text": source_text(case), "after": after,
                    "request": case["request"],
                }, ensure_ascii=False) + "\n")
    counts.update(HELM_SKIPPED)
    HELM.close()
    print_summary(counts, verdicts, by_kind, len(cases), time.time() - began)
    for op in sorted({o for o, _ in by_op}):
        rows = ", ".join(f"{v} {by_op[(op, v)]}" for v in ("edited", "refused", "wrong", "crash"))
        print(f"  op {op}: {rows}")
    passed = verdicts["edited"] + verdicts["refused"]
    failed = verdicts["wrong"] + verdicts["crash"]
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def applies(op, doc11, doc12):
    """Whether the op's paths exist in npm yaml's reading too (keys can read differently)."""
    paths, absent = forcing.op_paths(op)
    if op["op"] == "set":
        paths = [op["path"][:-1]] if op["path"][:-1] else []
    # A new key that one reading already holds (`yes:` is "true" to Helm, "yes" to YAML 1.2).
    if op["op"] != "set" and any(forcing.has(doc12, p) for p in absent):
        return False
    if op["op"] == "set" and forcing.has(doc12, op["path"]) != forcing.has(doc11, op["path"]):
        return False
    return all(forcing.has(doc12, p) for p in paths)


def print_summary(counts, verdicts, by_kind, total, seconds):
    """The counts, per source family and refusal kind."""
    print(f"sweep: {total} cases from {counts['sources']} sources in {seconds:.0f}s "
          f"({counts['sources-merged']} of them several documents read merged, as Helm's -f reads them)")
    for key in sorted(k for k in counts if k not in ("sources", "sources-merged")):
        print(f"  skipped {key}: {counts[key]}")
    for family in sorted({f for f, _ in by_kind}):
        rows = {v: n for (f, v), n in by_kind.items() if f == family}
        edited = rows.get("edited", 0)
        refused = sum(n for v, n in rows.items() if v.startswith("refused"))
        print(f"  {family}: edited {edited}, refused {refused}, wrong {rows.get('wrong', 0)}, crash {rows.get('crash', 0)}")
        for verdict in sorted(v for v in rows if v.startswith("refused:")):
            print(f"    {verdict}: {rows[verdict]}")
    print(f"edited {verdicts['edited']}, refused {verdicts['refused']}, wrong {verdicts['wrong']}, crash {verdicts['crash']}")


if __name__ == "__main__":
    sys.exit(main())
