"""Values paths in the project's syntax (`a.b["c.d"][0]`) for the Helm oracles that read them
(tests/charts/unread_oracle.py, tests/behaviour/ablate.py): parsed, shown, followed."""
import json
import re


def segments(path):
    """Our path syntax (`a.b["c.d"][0]`) as keys and indexes."""
    out, i = [], 0
    while i < len(path):
        if path[i] == ".":
            i += 1
        elif path[i] == "[":
            if path[i + 1] == '"':
                m = re.match(r'\["((?:[^"\\]|\\.)*)"\]', path[i:])
                out.append(json.loads('"' + m.group(1) + '"'))
            else:
                m = re.match(r"\[(\d+)\]", path[i:])
                out.append(int(m.group(1)))
            i += len(m.group(0))
        else:
            m = re.match(r"[^.\[]+", path[i:])
            out.append(m.group(0))
            i += len(m.group(0))
    return out


def show(path):
    """Keys and indexes in our path syntax."""
    out = ""
    for key in path:
        if isinstance(key, int):
            out += f"[{key}]"
        elif re.fullmatch(r"[^.\[\]\"]+", str(key)):
            out += ("." if out else "") + str(key)
        else:
            out += "[" + json.dumps(key) + "]"
    return out


def at(values, path):
    node = values
    for key in path:
        node = node[key]
    return node


def has(values, path):
    try:
        at(values, path)
        return True
    except (KeyError, IndexError, TypeError):
        return False
