"""Renders a chart with one values file through Helm's Go SDK (PyPI helm-python-sdk), like
`helm template RELEASE CHART -f VALUES`: prints the manifests, or the error and exits 1."""
import sys

import helm_python as helm


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: helm_render.py CHART_DIR VALUES_FILE", file=sys.stderr)
        return 64
    chart_dir, values_path = sys.argv[1], sys.argv[2]
    with open(values_path, encoding="utf-8") as f:
        values = helm.values_from_yaml(f.read())
    try:
        with helm.Chart.load(chart_dir) as chart:
            manifests = chart.render(values, name="bosun", namespace="bosun")
    except helm.HelmError as e:
        print(f"Error: {e}", file=sys.stderr)
        return 1
    for name in sorted(manifests):
        print(f"---\n# Source: {name}\n{manifests[name]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
