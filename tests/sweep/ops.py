"""Forcing one edit: the proposal (the original with one change) and schemas that accept exactly it."""

import copy
import json

# Names a rename or move may give a key: everyday, and every kind of text a writer must quote.
NEW_KEYS = [
    "renamed", "podPort", "new key", "yes", "on", "null", "1", "a.b", "ключ", "😀", "#hash",
    "-dash", "x: y", "a #b", "'q'", '"dq"', "", " lead", "trail ", "tab\tkey", "*ref", "&anc",
    "!tag", "|", ">", "%x", "@x", "`x", "[x]", "{x}", "?", "~", "<<", "bell\x07", "del\x7f",
    "esc\x1b", "nel\x85x", "ls\u2028x", "ps\u2029x", "bad\ufffe", "line\nbreak", "cr\rx",
]

# Values a set may write: everyday scalars and every kind of text a writer must escape or quote.
NEW_VALUES = [
    "\x07", "\x7f", "\x1b", "\ufffe", "\u2028", "\u2029", "\x85", "a\x85b", "yes", "no", "on",
    "y", "n", "null", "~", "", " ", "  lead", "trail ", "a: b", "a #b", "#c", "- x", "[x]",
    "{x}", "*a", "&a", "!t", "|", ">", "'", '"', "multi\nline", "multi\nline\n", "tab\there",
    "\t", "0x1F", "0o17", "1_000", "1e3", "08", "1:30", "2001-12-14", ".inf", "=", "<<", "é",
    "😀", "\r", "a\r\nb", "\\", "---", "...", "%YAML", "@", "`", 5, -1, 1.5, 0, True, False,
    None, 2**63, 1e300, "5Mi", "100m",
]


def walk(value, path=()):
    """Every `(path, value)` reachable through mappings only (lists are not entered)."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield path + (key,), child
            yield from walk(child, path + (key,))


def get(value, path):
    """The value at `path`, or raises KeyError."""
    for key in path:
        if not isinstance(value, dict):
            raise KeyError(key)
        value = value[key]
    return value


def has(value, path):
    """Whether `path` is present."""
    try:
        get(value, path)
        return True
    except KeyError:
        return False


def put(value, path, new):
    """Sets `path` (creating mappings on the way)."""
    for key in path[:-1]:
        value = value.setdefault(key, {})
    value[path[-1]] = new


def delete(value, path):
    """Removes `path`."""
    del get(value, path[:-1])[path[-1]]


def shape(value, consts=None, at=()):
    """A schema accepting exactly the mapping structure of `value` (leaves free, `consts` pinned)."""
    consts = consts or {}
    if at in consts:
        return {"const": consts[at]}
    if isinstance(value, dict):
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {k: shape(v, consts, at + (k,)) for k, v in value.items()},
        }
    if isinstance(value, list):
        item = {}
        if len(value) == 1 and isinstance(value[0], dict):
            item = shape(value[0])
        return {"type": "array", "items": item}
    return {}


def apply(op, doc):
    """`(proposal, consts)` for `op` on `doc`, or None when the op does not apply."""
    doc = copy.deepcopy(doc)
    kind = op["op"]
    if kind == "remove":
        delete(doc, op["path"])
        return doc, {}
    if kind in ("rename", "move"):
        value = get(doc, op["path"])
        delete(doc, op["path"])
        if has(doc, op["to"]) or (len(op["to"]) > 1 and not isinstance(get_or(doc, op["to"][:-1]), (dict, type(None)))):
            return None
        put(doc, op["to"], value)
        return doc, {}
    if kind == "set":
        put(doc, op["path"], op["value"])
        return doc, {op["path"]: op["value"]}
    if kind == "nest":
        return nest(doc, op)
    if kind in ("keyby", "unkey"):
        return rekey(doc, op)
    if kind == "listmove":
        parent, keys, to = op["parent"], op["keys"], op["to"]
        item = {}
        for i, key in enumerate(keys):
            item["name" if i == 0 else key] = get(doc, parent + (key,))
            delete(doc, parent + (key,))
        if has(doc, parent + (to,)):
            return None
        put(doc, parent + (to,), [item])
        return doc, {}
    raise ValueError(kind)


def nest(doc, op):
    """Sibling entries moved under a new key of their mapping; the one named by `split` leaves a
    child aside (`connectivity.containerRegistries` -> `global.components...`)."""
    parent, keys, to, split = op["parent"], op["keys"], op["to"], op["split"]
    if has(doc, parent + (to,)) or ASIDE in keys or not isinstance(get_or(doc, parent), dict):
        return None
    for key in keys:
        if not has(doc, parent + (key,)):
            return None
        value = get(doc, parent + (key,))
        delete(doc, parent + (key,))
        if split and split[0] == key:
            if not isinstance(value, dict) or split[1] not in value or len(value) < 2:
                return None
            value = dict(value)
            put(doc, parent + (to, ASIDE, split[1]), value.pop(split[1]))
        put(doc, parent + (to, key), value)
    return doc, {}


# Where `nest` puts the child it sets aside.
ASIDE = "components"


def rekey(doc, op):
    """A list of named mappings made a map keyed by the name (`keyby`), or back (`unkey`), in its
    place or under a new parent."""
    path, field, to = op["path"], op["field"], op["to"]
    value = get_or(doc, path)
    if op["op"] == "keyby":
        if not named(value, field):
            return None
        new = {item[field]: {k: v for k, v in item.items() if k != field} for item in value}
    else:
        if not isinstance(value, dict) or not value or any(
                not isinstance(k, str) or not isinstance(v, dict) or field in v for k, v in value.items()):
            return None
        # In the file's order: Helm's reader hands maps back with their keys sorted.
        order = [k for k in op.get("order", ()) if k in value]
        new = [{field: k, **value[k]} for k in order + [k for k in value if k not in order]]
    delete(doc, path)
    if to != path and (has(doc, to) or not isinstance(get_or(doc, to[:-1]), (dict, type(None)))):
        return None
    put(doc, to, new)
    return doc, {}


def named(value, field):
    """Whether `value` is a list of mappings each with a different string under `field`."""
    if not isinstance(value, list) or not value or not all(isinstance(i, dict) for i in value):
        return False
    names = [i.get(field) for i in value]
    return all(isinstance(n, str) for n in names) and len(set(names)) == len(names)


def get_or(doc, path):
    """The value at `path`, or None."""
    try:
        return get(doc, path)
    except KeyError:
        return None


def pick_ops(rng, doc, count):
    """Up to `count` ops of each kind on a seeded sample of `doc`'s key paths."""
    paths = [p for p, _ in walk(doc)]
    mappings = [()] + [p for p, v in walk(doc) if isinstance(v, dict)]
    scalars = [p for p, v in walk(doc) if not isinstance(v, (dict, list))]
    ops = []
    for path in rng.sample(paths, min(count, len(paths))):
        ops.append({"op": "remove", "path": path})
    for path in rng.sample(paths, min(count, len(paths))):
        ops.append({"op": "rename", "path": path, "to": path[:-1] + (rng.choice(NEW_KEYS),)})
    for path in rng.sample(paths, min(count, len(paths))):
        targets = [m for m in mappings if m != path[:-1] and m[: len(path)] != path]
        if targets and rng.random() < 0.5:
            to = rng.choice(targets) + (path[-1],)
        else:
            to = path[:-1] + (rng.choice(["moved", "new parent"]),) + (path[-1],)
        ops.append({"op": "move", "path": path, "to": to})
    for path in rng.sample(scalars, min(count, len(scalars))):
        ops.append({"op": "set", "path": path, "value": rng.choice(NEW_VALUES)})
    for parent in rng.sample(mappings, min(count, len(mappings))):
        ops.append({"op": "set", "path": parent + (rng.choice(["added", "new key", "yes"]),), "value": rng.choice(NEW_VALUES)})
        siblings = [k for k, v in get(doc, parent).items() if not isinstance(v, (dict, list))]
        if len(siblings) >= 2:
            keys = rng.sample(siblings, 2)
            ops.append({"op": "listmove", "parent": parent, "keys": tuple(keys), "to": keys[0] + "s"})
    return ops


def pick_shapes(rng, doc, count):
    """Up to `count` ops of each shape kind: blocks nested under a new parent, named lists keyed
    by the name and back."""
    mappings = [()] + [p for p, v in walk(doc) if isinstance(v, dict)]
    ops = []
    for parent in rng.sample(mappings, min(count, len(mappings))):
        keys = list(get(doc, parent))
        if len(keys) < 2:
            continue
        chosen = set(rng.sample(keys, min(3, len(keys))))
        picked = tuple(k for k in keys if k in chosen)
        splittable = [k for k in picked if isinstance(get(doc, parent + (k,)), dict) and len(get(doc, parent + (k,))) >= 2]
        split = None
        if splittable and rng.random() < 0.7:
            key = rng.choice(splittable)
            split = (key, list(get(doc, parent + (key,)))[-1])
        ops.append({"op": "nest", "parent": parent, "keys": picked, "to": "global", "split": split})
    lists = [(p, v) for p, v in walk(doc) if isinstance(v, list)]
    for path, value in rng.sample(lists, min(count, len(lists))):
        field = next((f for f in ["name"] + sorted({k for i in value if isinstance(i, dict) for k in i})
                      if named(value, f)), None)
        if field:
            ops.append({"op": "keyby", "path": path, "field": field, "to": moved_or_not(rng, path)})
    maps = [(p, v) for p, v in walk(doc) if isinstance(v, dict) and v and all(isinstance(x, dict) for x in v.values())]
    for path, value in rng.sample(maps, min(count, len(maps))):
        ops.append({"op": "unkey", "path": path, "field": "name", "to": moved_or_not(rng, path),
                    "order": tuple(value)})
    return ops


def moved_or_not(rng, path):
    """`path`, or the same key under a new `global` beside it."""
    return path if rng.random() < 0.5 else path[:-1] + ("global",) + path[-1:]


def op_paths(op):
    """The paths an op needs in a reading of the original, and those it needs absent."""
    kind = op["op"]
    if kind == "listmove":
        return [op["parent"] + (k,) for k in op["keys"]], []
    if kind == "nest":
        return [op["parent"] + (k,) for k in op["keys"]], [op["parent"] + (op["to"],)]
    if kind in ("keyby", "unkey"):
        return [op["path"]], [op["to"]] if op["to"] != op["path"] else []
    if kind in ("rename", "move"):
        return [op["path"]], [op["to"]]
    return [op["path"]], []


def describe(op):
    """The op as JSON (paths as lists)."""
    return json.loads(json.dumps(op, ensure_ascii=False))
