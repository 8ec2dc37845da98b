"""The questions the differential asks: real charts' schemas and values, fixtures, mutations.

A question is a schema, the chart's defaults (values.yaml) and the user's values (a YAML
text or none), each with an id that stays the same from run to run (the kept list names it).
"""

import copy
import glob
import hashlib
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED_CORPUS = os.path.join(os.path.dirname(os.path.dirname(ROOT)), "shared", "corpus")


def read(path):
    """A file's text (None for no path)."""
    if path is None:
        return None
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def rel(path):
    """A path as the ids show it (relative to the repository)."""
    return os.path.relpath(path, ROOT) if path else None


def question(qid, category, schema, defaults=None, user=None, prefix=None):
    """One question; `schema` and `defaults` are paths, `user` a text."""
    return {"id": qid, "category": category, "schema": schema, "defaults": defaults,
            "user": user, "prefix": prefix}


def families():
    """`{family: [(version, schema path, values path or None)]}` of the real charts."""
    out, seen = {}, set()
    bases = [("charts", os.path.join(HERE, "charts")), ("corpus", os.path.join(ROOT, "tests", "corpus")),
             ("shared-corpus", SHARED_CORPUS)]
    for label, base in bases:
        for schema in sorted(glob.glob(os.path.join(base, "*", "*", "values.schema.json"))):
            version_dir = os.path.dirname(schema)
            chart = os.path.basename(os.path.dirname(version_dir))
            key = hashlib.sha256(open(schema, "rb").read()).hexdigest()
            if key in seen:
                continue
            seen.add(key)
            values = os.path.join(version_dir, "values.yaml")
            out.setdefault(f"{label}/{chart}", []).append(
                (os.path.basename(version_dir), schema, values if os.path.exists(values) else None))
    for versions in out.values():
        versions.sort(key=lambda v: [int(n) for n in re.findall(r"\d+", v[0])])
    return out


def family_questions(fams):
    """Each version's defaults, each other version's values over them, and alone (`--reuse-values`)."""
    qs = []
    for fam, versions in fams.items():
        for version, schema, values in versions:
            if values:
                qs.append(question(f"defaults:{fam}/{version}", "defaults", schema, values))
            for other, _, other_values in versions:
                if other == version or not other_values:
                    continue
                qs.append(question(f"over:{fam}/{other}->{version}", "other-version-over-defaults",
                                   schema, values, read(other_values)))
                qs.append(question(f"reuse:{fam}/{other}->{version}", "reuse-values", schema, other_values))
    return qs


def resolve_path(base_dir, path):
    """A fixture's relative path, read from its directory (or the repository root)."""
    candidate = os.path.normpath(os.path.join(base_dir, path))
    if os.path.exists(candidate):
        return candidate
    stripped = re.sub(r"^(\.\./)+", "", path)
    candidate = os.path.join(ROOT, stripped)
    return candidate if os.path.exists(candidate) else None


def fixture_questions(scratch):
    """The schemas of examples/ and the test fixtures, with the values they come with."""
    qs = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "fixtures", "schema", "*.json"))):
        case = json.load(open(path, encoding="utf-8"))
        name = rel(path)
        defaults = None
        if case.get("defaults") is not None:
            defaults = scratch(json.dumps(case["defaults"]), f"{name}:defaults")
        values = json.dumps(case.get("values", {}), ensure_ascii=False)
        for side in ("schema", "base"):
            if isinstance(case.get(side), (dict, bool)):
                schema = scratch(json.dumps(case[side], ensure_ascii=False), f"{name}:{side}")
                qs.append(question(f"fixture:{name}:{side}", "fixture", schema, defaults, values))
    cases = sorted(glob.glob(os.path.join(ROOT, "examples", "*", "example.json")) +
                   glob.glob(os.path.join(ROOT, "tests", "fixtures", "migrate", "*", "case.json")))
    for path in cases:
        qs += case_questions(path)
    return qs


def case_questions(path):
    """An example's or migrate case's schemas asked about its values, proposal and defaults."""
    case = json.load(open(path, encoding="utf-8"))
    here = os.path.dirname(path)
    name = rel(here)
    prefix = case.get("prefix") or (case.get("expect") or {}).get("prefix")
    # A chart directory as base or target (the real schema-less bumps) is judged by
    # tests/charts/unread_oracle.py, not here: only schema files are asked about.
    schemas = {s: resolve_path(here, case[s]) for s in ("base", "target")
               if isinstance(case.get(s), str) and os.path.isfile(resolve_path(here, case[s]))}
    defaults = resolve_path(here, case["defaults"]) if isinstance(case.get("defaults"), str) else None
    values = [resolve_path(here, v) for v in case.get("values") or [] if isinstance(v, str)]
    proposal = resolve_path(here, case["proposal"]) if isinstance(case.get("proposal"), str) else None
    qs = []
    for side, schema in schemas.items():
        if not schema:
            continue
        own = defaults if side == "target" else None
        if own:
            qs.append(question(f"fixture:{name}:{side}:defaults", "fixture", schema, own))
        for v in values:
            if v:
                qs.append(question(f"fixture:{name}:{side}:{os.path.basename(v)}", "fixture",
                                   schema, own, read(v), prefix))
        if proposal and side == "target":
            qs.append(question(f"fixture:{name}:target:proposal", "fixture", schema, own, read(proposal)))
    return qs


def stable_rng(seed, *names):
    """A random generator seeded by the seed and names (the same on every machine)."""
    h = hashlib.sha256(("\0".join([str(seed), *names])).encode()).hexdigest()
    return random.Random(int(h[:16], 16))


def leaves(value, path=()):
    """`(path, value)` of every scalar, empty mapping and empty list (first two list items only)."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list) and value:
        for i, v in enumerate(value[:2]):
            yield from leaves(v, path + (i,))
    elif path:
        yield path, value


def override(defaults, path, change):
    """User values that apply `change(container, key)` at `path` (a list on the way is given whole)."""
    cut = next((i for i, s in enumerate(path) if isinstance(s, int)), None)
    if cut is None:
        node = defaults
        for s in path[:-1]:
            node = node.get(s) if isinstance(node, dict) else None
        holder = {path[-1]: copy.deepcopy(node.get(path[-1]) if isinstance(node, dict) else None)}
        change(holder, path[-1])
        out, head = holder, path[:-1]
    else:
        node = defaults
        for s in path[:cut]:
            node = node[s]
        out, head = copy.deepcopy(node), path[:cut - 1]
        target = out
        for s in path[cut:-1]:
            target = target[s]
        change(target, path[-1])
        head = path[:cut]
    for s in reversed(head):
        out = {s: out}
    return out


def wrong_type(value):
    """A value of another JSON type than `value`."""
    if isinstance(value, bool):
        return "not-a-bool"
    if isinstance(value, (int, float)):
        return "not-a-number"
    if isinstance(value, str):
        return 12345
    if isinstance(value, list):
        return "not-a-list"
    if isinstance(value, dict):
        return "not-a-map"
    return {"not": "null"}


def text(values):
    """User values as a YAML text (JSON is YAML)."""
    return json.dumps(values, ensure_ascii=False, indent=1) + "\n"


def mutation_questions(fams, read_values, seed, per_version, full):
    """Per sampled leaf: a wrong type, a value out of its enum, an unknown key; and required keys removed."""
    qs = []
    for fam, versions in fams.items():
        for version, schema_path, values_path in versions:
            if not values_path:
                continue
            defaults = read_values(values_path)
            if not isinstance(defaults, dict):
                continue
            schema = json.load(open(schema_path, encoding="utf-8"))
            rng = stable_rng(seed, fam, version)
            all_leaves = list(leaves(defaults))
            picked = all_leaves if full else rng.sample(all_leaves, min(per_version, len(all_leaves)))
            enums = [(p, v) for p, v in all_leaves if (p, v) not in picked and isinstance(v, str)
                     and any("enum" in s for s in subschemas(schema, schema, p))]
            enum_picked = enums if full else rng.sample(enums, min(2, len(enums)))
            base = f"mutation:{fam}/{version}"
            for path, value in enum_picked:
                ptr = "/" + "/".join(str(s) for s in path)
                qs.append(question(f"{base}:out-of-enum:{ptr}", "mutation-out-of-enum", schema_path, values_path,
                                   text(override(defaults, path, lambda n, k: n.__setitem__(k, "zz-not-in-enum")))))
            for path, value in picked:
                ptr = "/" + "/".join(str(s) for s in path)
                qs.append(question(f"{base}:wrong-type:{ptr}", "mutation-wrong-type", schema_path, values_path,
                                   text(override(defaults, path, lambda n, k: n.__setitem__(k, wrong_type(n[k]))))))
                if any("enum" in s for s in subschemas(schema, schema, path)):
                    qs.append(question(f"{base}:out-of-enum:{ptr}", "mutation-out-of-enum", schema_path, values_path,
                                       text(override(defaults, path, lambda n, k: n.__setitem__(k, "zz-not-in-enum")))))
                if not any(isinstance(s, int) for s in path):
                    parent = path[:-1] + ("zzUnknownKey",)
                    qs.append(question(f"{base}:unknown-key:{ptr}", "mutation-unknown-key", schema_path, values_path,
                                       text(override(defaults, parent, lambda n, k: n.__setitem__(k, "x")))))
            required = list(required_paths(schema, defaults))
            picked = required if full else rng.sample(required, min(2, len(required)))
            for path in picked:
                ptr = "/" + "/".join(path)
                qs.append(question(f"{base}:required-removed:{ptr}", "mutation-required-removed", schema_path,
                                   values_path, text(override(defaults, path, lambda n, k: n.__setitem__(k, None)))))
    return qs


def resolve_ref(root, ref):
    """A local `$ref` (`#/…`) in `root`, or None."""
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return None
    node = root
    for token in ref[2:].split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def expand(root, schemas, depth=0):
    """The schemas with their local `$ref`s and `allOf`/`anyOf`/`oneOf` branches, as a list."""
    out = []
    for s in schemas:
        if not isinstance(s, dict) or depth > 12:
            continue
        out.append(s)
        target = resolve_ref(root, s.get("$ref"))
        branches = ([target] if target is not None else []) + \
            [b for k in ("allOf", "anyOf", "oneOf") for b in (s.get(k) or []) if isinstance(s.get(k), list)]
        out += expand(root, branches, depth + 1)
    return out


def subschemas(root, schema, path):
    """The (local) subschemas that apply to the value at `path`, approximately."""
    current = [schema]
    for segment in path:
        nxt = []
        for s in expand(root, current):
            if isinstance(segment, int):
                items = s.get("items")
                nxt += [items] if isinstance(items, dict) else []
                continue
            props = s.get("properties") if isinstance(s.get("properties"), dict) else {}
            if segment in props:
                nxt.append(props[segment])
                continue
            matched = False
            for pattern, sub in (s.get("patternProperties") or {}).items():
                try:
                    if re.search(pattern, segment):
                        nxt.append(sub)
                        matched = True
                except re.error:
                    pass
            if not matched and isinstance(s.get("additionalProperties"), dict):
                nxt.append(s["additionalProperties"])
        current = nxt
    return expand(root, current)


def required_paths(schema, defaults, path=()):
    """Paths of keys the schema requires that the defaults hold (mappings only, no lists)."""
    if not isinstance(defaults, dict):
        return
    for s in subschemas(schema, schema, path):
        for key in s.get("required") or []:
            if isinstance(key, str) and key in defaults:
                yield path + (key,)
    for key, value in defaults.items():
        if isinstance(value, dict):
            yield from required_paths(schema, value, path + (key,))
