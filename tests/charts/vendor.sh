#!/usr/bin/env bash
# Vendors one chart, byte for byte, from a git mirror of its repository (the session's `fetch`
# leaves them under /work/.mirror): every file Helm loads to render it (Chart.yaml, values.yaml,
# values.schema.json, templates/, crds/, charts/); README, ci/ and other documentation are left out.
#   vendor.sh GIT_DIR REF CHART_PATH DEST
# A dependency is vendored the same way into DEST/charts/<name> (see each bump's SOURCE.md).
set -euo pipefail
git_dir=$1 ref=$2 chart=$3 dest=$4
mkdir -p "$dest"
git --git-dir="$git_dir" archive "$ref" "$chart" | tar -x -C "$dest" --strip-components="$(($(tr -cd / <<<"${chart%/}" | wc -c) + 1))"
find "$dest" -maxdepth 1 \( -name 'README*' -o -name 'ci' -o -name '*.md' -o -name '*.gotmpl' -o -name '.helmignore' -o -name 'Chart.lock' -o -name 'docs' -o -name 'examples' \) -exec rm -rf {} +
# A chart's own .gitignore (kube-prometheus-stack and prometheus ignore `charts/*`) would keep
# vendored subcharts out of a commit: add everything under DEST with -f.
if git -C "$dest" rev-parse --is-inside-work-tree >/dev/null 2>&1; then git -C "$dest" add -f .; fi
