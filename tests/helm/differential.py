#!/usr/bin/env python3
"""The Helm differential: Helm v4 itself and our CLI asked the same schema questions.

For every real chart schema (tests/helm/charts, tests/corpus, ../shared/corpus), every schema
of examples/ and the fixtures, and a table of semantic probes (tests/helm/probes.py), both are
asked: the chart's own defaults; each other version's values as `-f` over them; the other
version's values alone (what `--reuse-values` validates); and, per sampled leaf of the
defaults, a wrong type, a value out of its enum, an unknown key and a required key removed.
They agree when the verdict (valid / invalid / refused / unreadable) is the same and, for
invalid, the set of error locations (instance pointers) is the same.

Every disagreement kept on purpose is in tests/helm/kept.json with its reason (docs/helm.md,
"Kept disagreements"); a disagreement not listed there fails, and so does a listed one that
no longer happens. `--write-kept` rewrites the list from this run (a disagreement already
listed keeps its reason; a new one is `unreviewed`, which fails until it is given a reason).
Ends with `N passed, M failed`.
"""

import argparse
import collections
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import probes  # noqa: E402
import questions as Q  # noqa: E402
from helm_oracle import Oracle, Verdict, digest  # noqa: E402
from ours import Ours, parse_path  # noqa: E402

KEPT = os.path.join(Q.HERE, "kept.json")
UNREVIEWED = "unreviewed"
# The cause under which a question answered alike in other words is kept.
WORDS = "words"

HELM_KEYWORDS = [
    (r"^additional properties", "additionalProperties"), (r"^got \w+, want", "type"),
    (r"^missing propert", "required"), (r"^value must be one of", "enum"), (r"^value must be", "const"),
    (r"does not match pattern", "pattern"), (r"is not valid ([\w-]+)", "format:{0}"),
    (r"^'?(oneOf|anyOf|allOf|not)'? failed", "{0}"), (r"^(\w+): got", "{0}"),
    (r"^invalid propertyName", "propertyNames"), (r"^unevaluated", "unevaluated"),
    (r"required, if", "dependentRequired"), (r"^items at", "uniqueItems"), (r"contains", "contains"),
    (r"^false schema", "false"), (r"^validation failed", "group"),
]


def helm_keyword(message):
    """The keyword behind one of Helm's messages."""
    for pattern, name in HELM_KEYWORDS:
        m = re.search(pattern, message)
        if m:
            return name.format(*m.groups())
    return " ".join(message.split()[:3])


def draft_of(schema_text):
    """The schema's `$schema`, shortened (`none` when it has none)."""
    try:
        value = json.loads(schema_text).get("$schema")
    except (ValueError, AttributeError):
        return "unparsed"
    if not value:
        return "none"
    for mark in ("2020-12", "2019-09", "draft-07", "draft-06", "draft-04"):
        if mark in value:
            return mark
    return "versionless" if value.rstrip("#").endswith("/schema") else value


def refusal_cause(text):
    """A short cause for a refusal's text (Helm's or ours)."""
    text = re.sub(r" \(line \S+, column \S+\)$", "", text)
    rules = [
        (r"not valid regex|lookahead|lookbehind|backreference|escape|`pattern`", "regex"),
        (r"metaschema|not a valid [\w-]+ schema", "metaschema"),
        (r"failing loading \"https?:|remote|fetch", "remote-ref"), (r"json-pointer|not found|resolve", "ref"),
        (r"invalid character|not JSON|JSON", "not-json"),
    ]
    for pattern, name in rules:
        if re.search(pattern, text):
            return name
    return text.split("\n")[0][:60]


def cause(helm, ours, schema_text):
    """Why the two verdicts differ, as a short stable key."""
    pair = f"helm {helm.kind} / ours {ours.kind}"
    if helm.kind == "invalid" and ours.kind == "invalid":
        only_h = sorted({helm_keyword(m) for p, m in helm.messages if p not in ours.locations})
        only_o = sorted({k for p, k in ours.keywords if p not in helm.locations})
        detail = f"helm only: {','.join(only_h) or '-'}; ours only: {','.join(only_o) or '-'}"
    elif helm.kind == "invalid":
        detail = ",".join(sorted({helm_keyword(m) for _, m in helm.messages}))
    elif ours.kind == "invalid":
        detail = ",".join(sorted({k for _, k in ours.keywords}))
    elif "unreadable" in (helm.kind, ours.kind):
        text = helm.text if helm.kind == "unreadable" else ours.text
        m = re.search(r"yaml: (?:line \d+: )?([^\n(]*)", text)
        detail = "yaml: " + (m.group(1).strip() if m else text.split("\n")[0][:60])
    elif helm.kind == "refused":
        detail = refusal_cause(helm.text)
    else:
        detail = refusal_cause(ours.text)
    return f"{pair}: {detail} [{draft_of(schema_text)}]"


NAMES = re.compile(r"^(additional properties|missing propert(?:y|ies)) ((?:'(?:[^'\\]|\\.)*'(?:, )?)+)( not allowed)?$")


def one_per_name(messages):
    """`(pointer, message)` pairs with a message naming several keys split into one per key
    (Helm names the keys of one mapping in one line, in no fixed order)."""
    out = set()
    for pointer, message in messages:
        m = NAMES.match(message)
        if not m:
            out.add((pointer, message))
            continue
        head = "additional properties" if m.group(1).startswith("additional") else "missing property"
        for name in re.findall(r"'(?:[^'\\]|\\.)*'", m.group(2)):
            out.add((pointer, f"{head} {name}{m.group(3) or ''}"))
    return out


def agree(helm, ours):
    """Same verdict, and for invalid the same set of error locations."""
    return helm.kind == ours.kind and (helm.kind != "invalid" or helm.locations == ours.locations)


def build_questions(args, oracle, scratch):
    """Every question of this run, deduplicated by content."""
    fams = Q.families()

    def read_values(path):
        chart = oracle.chart(None, Q.read(path))
        return chart.values if not isinstance(chart, Verdict) else None

    qs = []
    if "charts" in args.only:
        qs += Q.family_questions(fams)
        qs += Q.mutation_questions(fams, read_values, args.seed, args.mutations, args.full)
    if "fixtures" in args.only:
        qs += Q.fixture_questions(scratch)
    if "probes" in args.only:
        for group, name, schema, defaults, user in probes.all_probes():
            qs.append(Q.question(f"probe:{name}", f"probe:{group}",
                                 scratch(schema, f"probe:{name}:schema"),
                                 scratch(defaults, f"probe:{name}:defaults"), user))
    seen, unique = set(), []
    for q in qs:
        key = (digest(Q.read(q["schema"])), digest(Q.read(q["defaults"])), digest(q["user"]), q["prefix"])
        if key not in seen:
            seen.add(key)
            unique.append(q)
    return unique


def ask(qs, oracle, ours):
    """`(helm verdicts, our verdicts)` by question id."""
    helm, groups = {}, collections.defaultdict(list)
    began = time.time()
    for q in qs:
        schema = Q.read(q["schema"])
        prefix = parse_path(q["prefix"]) if q["prefix"] else None
        helm[q["id"]] = oracle.ask(schema, Q.read(q["defaults"]), q["user"], prefix)
        user = ours.file(q["user"] or "", f"u-{digest(q['user'])}.yaml")
        groups[(q["schema"], q["defaults"], q["prefix"])].append((q["id"], user))
    asked_helm = time.time()
    mine = ours.ask_all(groups)
    print(f"asked Helm in {asked_helm - began:.0f}s, our CLI in {time.time() - asked_helm:.0f}s "
          f"({len(groups)} schema and defaults pairs)")
    return helm, mine


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(Q.ROOT, "target", "debug", "values-migrate"))
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--mutations", type=int, default=6, help="leaves mutated per chart version")
    parser.add_argument("--full", action="store_true", help="every leaf and required key (slow)")
    parser.add_argument("--only", default="charts,fixtures,probes")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--kept", default=KEPT)
    parser.add_argument("--write-kept", action="store_true", help="rewrite the kept list from this run")
    parser.add_argument("--out", default=os.path.join(Q.ROOT, "target", "helm-differential"))
    parser.add_argument("--markdown", help="also write the disagreements by cause, one example each, here")
    args = parser.parse_args()
    began = time.time()
    os.makedirs(args.out, exist_ok=True)
    oracle, ours = Oracle(), Ours(os.path.abspath(args.bin), args.jobs)
    scratch_dir = os.path.join(ours.dir, "scratch")
    os.makedirs(scratch_dir, exist_ok=True)

    def scratch(text, name):
        return ours.file(text, f"s-{digest(name)}-{digest(text)}")

    try:
        qs = build_questions(args, oracle, scratch)
        asked_at = time.time()
        helm, mine = ask(qs, oracle, ours)
        rows = compare(qs, helm, mine)
    finally:
        oracle.close()
    write_rows(args.out, rows)
    if args.markdown:
        write_markdown(args.markdown, rows, args.bin)
    kept = load_kept(args.kept)
    if args.write_kept:
        write_kept(args.kept, rows, kept)
        kept = load_kept(args.kept)
    failed = report(rows, kept, time.time() - began, asked_at - began)
    return 1 if failed else 0


def compare(qs, helm, mine):
    """One row per question: its verdicts and, when they differ, the cause."""
    rows = []
    for q in qs:
        h, o = helm[q["id"]], mine[q["id"]]
        schema = Q.read(q["schema"])
        row = {"id": q["id"], "category": q["category"], "draft": draft_of(schema),
               "agree": agree(h, o), "helm": h.kind, "ours": o.kind,
               "messagesAgree": h.kind == "invalid" and one_per_name(h.messages) == one_per_name(o.messages)}
        if o.kind == "crash":
            row["agree"] = False
        if row["agree"] and h.kind == "invalid" and not row["messagesAgree"]:
            helm_words, our_words = one_per_name(h.messages), one_per_name(o.messages)
            row["messages"] = {"helm": sorted(helm_words - our_words), "ours": sorted(our_words - helm_words)}
        if not row["agree"]:
            row.update({"cause": cause(h, o, schema), "helmText": h.text[:2000], "oursText": o.text[:2000],
                        "schema": Q.rel(q["schema"]) if not q["id"].startswith(("probe:", "fixture:tests/fixtures/schema"))
                        else schema[:3000],
                        "defaults": Q.rel(q["defaults"]) if not q["id"].startswith("probe:") else Q.read(q["defaults"]),
                        "user": (q["user"] or "")[:3000], "prefix": q["prefix"]})
        rows.append(row)
    return rows


def write_rows(out, rows):
    """Every disagreement, in full, for the notes (target/helm-differential/disagreements.jsonl)."""
    with open(os.path.join(out, "disagreements.jsonl"), "w", encoding="utf-8") as f:
        for row in rows:
            if not row["agree"]:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(os.path.join(out, "messages.jsonl"), "w", encoding="utf-8") as f:
        for row in rows:
            if "messages" in row:
                f.write(json.dumps({"id": row["id"], **row["messages"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summarise(rows), f, indent=1)


def summarise(rows):
    """Counts by category and by cause."""
    by_cat = collections.defaultdict(lambda: [0, 0])
    by_cause = collections.Counter()
    helm_kinds = collections.defaultdict(collections.Counter)
    for row in rows:
        by_cat[row["category"]][0 if row["agree"] else 1] += 1
        helm_kinds[row["category"]][row["helm"]] += 1
        if not row["agree"]:
            by_cause[row["cause"]] += 1
    return {"questions": len(rows), "agreed": sum(r["agree"] for r in rows),
            "disagreed": sum(not r["agree"] for r in rows),
            "messagesAgree": sum(r["messagesAgree"] for r in rows),
            "bothInvalidSameLocations": sum(r["agree"] and r["helm"] == "invalid" for r in rows),
            "byCategory": {k: {"agreed": v[0], "disagreed": v[1], "helm": dict(helm_kinds[k])}
                           for k, v in sorted(by_cat.items())},
            "byCause": dict(by_cause.most_common())}


def write_markdown(path, rows, binary):
    """The disagreements grouped by cause, each with its smallest example and both texts."""
    s = summarise(rows)
    lines = [f"Binary: `{binary}`. {s['questions']} questions: agreed {s['agreed']}, "
             f"disagreed {s['disagreed']}; same messages on {s['messagesAgree']} "
             f"of {sum(r['helm'] == 'invalid' for r in rows)} Helm-invalid answers.", "",
             "| category | agreed | disagreed |", "|---|---|---|"]
    lines += [f"| {c} | {v['agreed']} | {v['disagreed']} |" for c, v in s["byCategory"].items()]
    groups = collections.defaultdict(list)
    for r in rows:
        if not r["agree"]:
            groups[r["cause"]].append(r)
    lines += ["", "## By cause (count, then the smallest example)", ""]
    for c, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        ex = min(members, key=lambda r: len(str(r.get("schema"))) + len(str(r.get("defaults"))) + len(r["user"]))
        lines += [f"### {len(members)} x {c}", "", f"- e.g. `{ex['id']}`" +
                  (f" (also {', '.join(m['id'] for m in members[:4] if m is not ex)})" if len(members) > 1 else ""),
                  f"- schema: `{str(ex.get('schema'))[:600]}`", f"- defaults: `{str(ex.get('defaults'))[:300]!r}`"]
        if ex["user"]:
            lines.append(f"- user (-f): `{ex['user'][:300]!r}`")
        lines += ["- Helm says:", "", "```", ex["helmText"][:800] or "(valid)", "```", "- we say:", "",
                  "```", ex["oursText"][:800] or "(valid)", "```", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def load_kept(path):
    """`{(question id, cause): reason}` from the kept list."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {(e["question"], e["cause"]): e["reason"] for e in data["kept"]}


def write_kept(path, rows, kept):
    """The kept list from this run's disagreements; an entry that was there keeps its reason."""
    entries = [{"question": r["id"], "cause": r["cause"], "reason": kept.get((r["id"], r["cause"]), UNREVIEWED)}
               for r in rows if not r["agree"] and r["ours"] != "crash"]
    entries += [{"question": r["id"], "cause": WORDS, "reason": kept.get((r["id"], WORDS), UNREVIEWED)}
                for r in rows if "messages" in r]
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"about": "Disagreements with Helm v4.2.3 kept on purpose (docs/helm.md, Kept disagreements). "
                            "Regenerate: python3 tests/helm/differential.py --write-kept",
                   "kept": sorted(entries, key=lambda e: (e["cause"], e["question"]))}, f, indent=1, ensure_ascii=False)
        f.write("\n")


def report(rows, kept, seconds, setup):
    """Prints the counts and the failures; returns the number of failures."""
    s = summarise(rows)
    print(f"helm-differential: {s['questions']} questions in {seconds:.0f}s ({setup:.0f}s to build them)")
    print(f"  agreed {s['agreed']}, disagreed {s['disagreed']} "
          f"(same messages on {s['messagesAgree']} of the invalid ones)")
    for cat, c in s["byCategory"].items():
        helm = ", ".join(f"{k} {n}" for k, n in sorted(c["helm"].items()))
        print(f"  {cat}: agreed {c['agreed']}, disagreed {c['disagreed']} (Helm: {helm})")
    print("  by cause:")
    for c, n in s["byCause"].items():
        print(f"    {n:5d}  {c}")
    asked = {r["id"] for r in rows}
    # Same verdict and locations in other words is a failure too, unless kept with its reason.
    worded = [r for r in rows if "messages" in r]
    occurring = {(r["id"], r["cause"]) for r in rows if not r["agree"]} | {(r["id"], WORDS) for r in worded}
    new = [r for r in rows if not r["agree"] and ((r["id"], r["cause"]) not in kept or r["ours"] == "crash")]
    new_words = [r for r in worded if (r["id"], WORDS) not in kept]
    stale = [k for k in kept if k[0] in asked and k not in occurring]
    unreviewed = [k for k in kept if k in occurring and kept[k] == UNREVIEWED]
    for r in new[:40]:
        print(f"NEW {r['id']}: {r['cause']}\n    helm: {r['helmText'][:300]!r}\n    ours: {r['oursText'][:300]!r}")
    for r in new_words[:40]:
        print(f"NEW {r['id']}: {WORDS}\n    helm: {r['messages']['helm']!r}\n    ours: {r['messages']['ours']!r}")
    for k in stale[:40]:
        print(f"STALE (no longer happens; drop it from kept.json): {k[0]}: {k[1]}")
    for k in unreviewed[:20]:
        print(f"UNREVIEWED (give it a reason in kept.json): {k[0]}: {k[1]}")
    if len(new) > 40 or len(stale) > 40:
        print(f"... {len(new)} new, {len(stale)} stale in all (target/helm-differential/disagreements.jsonl)")
    failed = len(new) + len(new_words) + len(stale) + len(unreviewed)
    passed = len(rows) - len(new) - len(new_words) - len(unreviewed)
    print(f"{passed} passed, {failed} failed")
    return failed


if __name__ == "__main__":
    sys.exit(main())
