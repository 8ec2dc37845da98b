#!/usr/bin/env python3
"""Vendors a real chart for the render oracle, byte for byte, as tests/charts/vendor.sh does
(without its `git add`: the lead commits), then leaves out what the chart's `.helmignore` keeps
from Helm's loader, as Helm decides it.

  vendor.py GIT_DIR REF CHART_PATH DEST      the chart at REF:CHART_PATH into DEST (a dependency:
                                             DEST is the parent's charts/<name>)
  vendor.py --helmignore DEST                after the dependencies: every file under DEST that Helm's
                                             loader does not load (the `.helmignore` of DEST and of
                                             each subchart directory) removed, and the `.helmignore`
                                             files with them
"""
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

DOCUMENTATION = ("README", "ci", "docs", "examples", "Chart.lock")


def vendor(git_dir, ref, chart, dest):
    """`git archive` of REF:CHART into DEST, the chart's documentation left out (as vendor.sh)."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    depth = chart.rstrip("/").count("/") + 1
    archive = subprocess.run(["git", "--git-dir", git_dir, "archive", ref, chart], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(dest), f"--strip-components={depth}"], input=archive.stdout, check=True)
    for entry in dest.iterdir():
        if entry.name.startswith(DOCUMENTATION) or entry.suffix in (".md", ".gotmpl"):
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()


def loaded_files(dest):
    """The paths (relative to DEST) of every file Helm's loader keeps, read from Helm's own archive."""
    from helm_python.chart import Chart

    with tempfile.TemporaryDirectory() as out, Chart.load(str(dest)) as chart:
        saved = chart.save(out)
        with tarfile.open(saved) as tar:
            names = [m.name for m in tar.getmembers() if m.isfile()]
    kept = set()
    for name in names:
        parts = name.split("/")[1:]  # `<chart>/…`; a subchart's files sit under `<chart>/charts/<sub>/…`
        kept.add("/".join(parts))
    return kept


def apply_helmignore(dest):
    """Removes every file under DEST that Helm's loader leaves out, then the `.helmignore` files."""
    dest = Path(dest)
    kept = loaded_files(dest)
    for path in sorted(dest.rglob("*"), reverse=True):
        relative = path.relative_to(dest).as_posix()
        if path.is_file() and relative not in kept:
            print(f"left out as Helm's loader does: {relative}")
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--helmignore":
        apply_helmignore(sys.argv[2])
    elif len(sys.argv) == 5:
        vendor(*sys.argv[1:])
    else:
        print(__doc__, file=sys.stderr)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main())
