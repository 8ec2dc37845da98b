"""Our CLI (`values-migrate validate`) asked the same questions as Helm, as Verdicts.

One process per (schema, defaults, prefix) answers many user files (`--values` is repeatable
and the schema is compiled once); when a batch reports a violation that names no file (the
defaults' own, or a path not in the file), each file of that batch is asked again on its own.
"""

import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from helm_oracle import Verdict


def parse_path(path):
    """Our value path syntax (`a.b[0]["x.y"]`) as a list of keys and indexes (strings)."""
    segments, i = [], 0
    while i < len(path):
        c = path[i]
        if c == ".":
            i += 1
        elif c == "[" and path[i + 1:i + 2] == '"':
            key, end = json.JSONDecoder().raw_decode(path, i + 1)
            segments.append(key)
            i = end + 1
        elif c == "[":
            end = path.index("]", i)
            segments.append(path[i + 1:end])
            i = end + 1
        else:
            end = i
            while end < len(path) and path[end] not in ".[":
                end += 1
            segments.append(path[i:end])
            i = end
    return segments


def pointer(segments):
    """A JSON pointer from path segments."""
    return "".join("/" + str(s).replace("~", "~0").replace("/", "~1") for s in segments)


# Keywords about a mapping's keys: our `path` names the key (to show its line), Helm the mapping.
KEY_KEYWORDS = {"required", "additionalProperties", "propertyNames",
                "dependentRequired", "dependencies"}


def violation_pointer(v):
    """A violation's instance location as Helm prints it: a JSON pointer to the failing value."""
    for key in ("pointer", "instancePath", "instanceLocation"):
        if isinstance(v.get(key), str):
            return v[key]
    segments = parse_path(v["path"])
    keyword = v.get("keyword") or v.get("schemaPath", "").rsplit("/", 1)[-1]
    if (keyword in KEY_KEYWORDS or "/propertyNames/" in v.get("schemaPath", "")) and segments:
        segments = segments[:-1]
    return pointer(segments)


class Ours:
    """The CLI at `binary`, asked in batches, two processes at a time."""

    def __init__(self, binary, jobs=2):
        self.binary = binary
        self.jobs = jobs
        self.dir = tempfile.mkdtemp(prefix="ours-oracle-")
        self.written = {}

    def file(self, text, name):
        """A file holding `text` (written once per name)."""
        path = os.path.join(self.dir, name)
        if name not in self.written:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            self.written[name] = path
        return path

    def run(self, schema, defaults, prefix, users):
        """The parsed report of one CLI call, or a crash text."""
        args = [self.binary, "validate", "--schema", schema]
        if defaults:
            args += ["--defaults", defaults]
        if prefix:
            args += ["--prefix", prefix]
        for user in users:
            args += ["--values", user]
        proc = subprocess.run(args, capture_output=True, text=True)
        try:
            return json.loads(proc.stdout)
        except ValueError:
            return f"status {proc.returncode}: {proc.stderr.strip()[-400:]}"

    def verdicts(self, schema, defaults, prefix, users):
        """One Verdict per user file path, in order."""
        report = self.run(schema, defaults, prefix, users)
        if isinstance(report, str):
            return [Verdict("crash", text=report) for _ in users]
        unplaced = [v for v in report.get("violations") or [] if v.get("file") is None]
        if (report.get("defaultsViolations") or unplaced) and len(users) > 1:
            return [self.verdicts(schema, defaults, prefix, [u])[0] for u in users]
        return [split(report, schema, defaults, user, len(users) == 1) for user in users]

    def ask_all(self, groups):
        """`groups`: {(schema, defaults, prefix): [(question id, user path)]} -> {id: Verdict}."""
        def one(item):
            (schema, defaults, prefix), asked = item
            out = {}
            for start in range(0, len(asked), 60):
                chunk = asked[start:start + 60]
                for (qid, _), verdict in zip(chunk, self.verdicts(schema, defaults, prefix, [u for _, u in chunk])):
                    out[qid] = verdict
            return out
        answers = {}
        with ThreadPoolExecutor(self.jobs) as pool:
            for out in pool.map(one, groups.items()):
                answers.update(out)
        return answers


def split(report, schema, defaults, user, alone):
    """The Verdict for one user file out of a (possibly batched) report."""
    errors = [e for e in report.get("errors") or [] if e.get("file") in (schema, defaults, user, None)]
    if errors:
        refused = [e for e in errors if e.get("file") == schema]
        first = (refused or errors)[0]
        return Verdict("refused" if refused else "unreadable",
                       text=f"{first.get('message')} (line {first.get('line')}, column {first.get('column')})")
    mine = [v for v in report.get("violations") or [] if v.get("file") == user or (alone and v.get("file") is None)]
    mine += report.get("defaultsViolations") or []
    if not mine:
        return Verdict("valid")
    pairs = sorted({(violation_pointer(v), v.get("helmMessage") or v.get("message") or "") for v in mine})
    text = "\n".join(f"- at '{p}': {m}" for p, m in pairs)
    keywords = sorted({(violation_pointer(v), v.get("keyword") or v.get("schemaPath", "").rsplit("/", 1)[-1])
                       for v in mine})
    return Verdict("invalid", text=text, locations=frozenset(p for p, _ in pairs), messages=tuple(pairs),
                   keywords=tuple(keywords))
