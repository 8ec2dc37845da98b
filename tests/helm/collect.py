#!/usr/bin/env python3
"""Copies real charts' values.schema.json and values.yaml, byte-exact, from git mirrors.

`python3 tests/helm/collect.py MIRRORS` (MIRRORS: a directory of `owner+name/repo` git dirs,
as the `fetch` tool leaves them) writes `tests/helm/charts/<chart>/<version>/` and
`tests/helm/charts/charts.json` (repo, chart path, tag, commit, licence per version). For each
chart it keeps the newest tag with a schema and the newest earlier tags whose schema differs,
so each chart has real bumps. Only run by hand; the layer reads the copies.
"""

import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "charts")
MAX_SCHEMA = 400_000

# (repo, chart dir, tag pattern, licence as the repository's LICENSE states it[, versions])
CHARTS = [
    ("cert-manager/trust-manager", "deploy/charts/trust-manager", r"v\d+\.\d+\.\d+", "Apache-2.0"),
    ("cert-manager/approver-policy", "deploy/charts/approver-policy", r"v\d+\.\d+\.\d+", "Apache-2.0"),
    ("cert-manager/istio-csr", "deploy/charts/istio-csr", r"v\d+\.\d+\.\d+", "Apache-2.0"),
    ("cloudnative-pg/charts", "charts/cloudnative-pg", r"cloudnative-pg-v\d+\.\d+\.\d+", "Apache-2.0"),
    ("cloudnative-pg/charts", "charts/cluster", r"cluster-v\d+\.\d+\.\d+", "Apache-2.0"),
    ("cloudnative-pg/charts", "charts/plugin-barman-cloud", r"plugin-barman-cloud-v\d+\.\d+\.\d+", "Apache-2.0"),
    ("external-secrets/external-secrets", "deploy/charts/external-secrets", r"helm-chart-\d+\.\d+\.\d+", "Apache-2.0"),
    ("grafana/k8s-monitoring-helm", "charts/k8s-monitoring", r"k8s-monitoring-\d+\.\d+\.\d+", "Apache-2.0"),
    ("istio/istio", "manifests/charts/gateway", r"1\.(24\.0|26\.[34])", "Apache-2.0"),
    ("kubernetes-sigs/external-dns", "charts/external-dns", r"external-dns-helm-chart-\d+\.\d+\.\d+", "Apache-2.0"),
    ("nginx/kubernetes-ingress", "charts/nginx-ingress", r"v\d+\.\d+\.\d+", "Apache-2.0"),
    ("sigstore/helm-charts", "charts/policy-controller", r"policy-controller-\d+\.\d+\.\d+", "Apache-2.0"),
    ("sigstore/helm-charts", "charts/rekor", r"rekor-\d+\.\d+\.\d+", "Apache-2.0"),
    ("sigstore/helm-charts", "charts/fulcio", r"fulcio-\d+\.\d+\.\d+", "Apache-2.0"),
    ("sigstore/helm-charts", "charts/ctlog", r"ctlog-\d+\.\d+\.\d+", "Apache-2.0"),
    ("sigstore/helm-charts", "charts/scaffold", r"scaffold-\d+\.\d+\.\d+", "Apache-2.0"),
    ("DataDog/helm-charts", "charts/datadog", r"datadog-3\.\d+\.\d+", "Apache-2.0", 2),
    ("Cloudzero/cloudzero-charts", "charts/cloudzero-agent", r"1\.2\.[78]", "Apache-2.0"),
    ("DataDog/helm-charts", "charts/private-action-runner", r"private-action-runner-\d+\.\d+\.\d+", "Apache-2.0"),
    ("open-telemetry/opentelemetry-helm-charts", "charts/opentelemetry-kube-stack", r"opentelemetry-kube-stack-\d+\.\d+\.\d+", "Apache-2.0", 2),
    ("open-telemetry/opentelemetry-helm-charts", "charts/opentelemetry-target-allocator", r"opentelemetry-target-allocator-\d+\.\d+\.\d+", "Apache-2.0"),
    ("open-telemetry/opentelemetry-helm-charts", "charts/opentelemetry-ebpf-instrumentation", r"opentelemetry-ebpf-instrumentation-\d+\.\d+\.\d+", "Apache-2.0"),
    ("coredns/helm", "charts/coredns", r"coredns-\d+\.\d+\.\d+", "Apache-2.0"),
    ("kyverno/kyverno", "charts/kyverno", r"kyverno-chart-\d+\.\d+\.\d+", "Apache-2.0"),
    ("redpanda-data/helm-charts", "charts/redpanda", r"redpanda-\d+\.\d+\.\d+", "Apache-2.0", 2),
    ("redpanda-data/helm-charts", "charts/connect", r"connect-\d+\.\d+\.\d+", "Apache-2.0"),
]

# Older tags kept beside the newest ones: real bumps where a chart's old values.yaml fails the
# new schema as Helm validates it (docs/helm.md).
EXTRA = {
    "charts/k8s-monitoring": ["k8s-monitoring-3.8.12", "k8s-monitoring-4.0.0"],
    "deploy/charts/external-secrets": ["helm-chart-0.14.4", "helm-chart-0.15.0"],
    "charts/external-dns": ["external-dns-helm-chart-1.17.0", "external-dns-helm-chart-1.18.0"],
    "charts/policy-controller": ["policy-controller-0.6.6", "policy-controller-0.6.7"],
}


def git(repo, *args):
    """A git command's stdout in a mirror (None when it fails)."""
    p = subprocess.run(["git", "-C", repo, *args], capture_output=True)
    return p.stdout if p.returncode == 0 else None


def version_key(tag):
    """Sorts tags by their numbers."""
    return [int(n) for n in re.findall(r"\d+", tag)]


def pick(repo, path, pattern, count):
    """`[(tag, schema blob)]`: the newest tag with a schema and two earlier ones that differ."""
    tags = [t for t in git(repo, "tag").decode().split() if re.fullmatch(pattern, t)]
    tags.sort(key=version_key, reverse=True)
    chosen, seen = [], set()
    for tag in tags:
        line = git(repo, "ls-tree", tag, "--", f"{path}/values.schema.json")
        if not line:
            continue
        blob = line.split()[2].decode()
        if blob in seen:
            continue
        size = int(git(repo, "cat-file", "-s", blob))
        if size > MAX_SCHEMA:
            continue
        seen.add(blob)
        chosen.append(tag)
        if len(chosen) == count:
            break
    return chosen


def main():
    mirrors = sys.argv[1]
    index = []
    for repo_name, path, pattern, licence, *count in CHARTS:
        repo = os.path.join(mirrors, repo_name.replace("/", "+"), "repo")
        if not os.path.isdir(repo):
            print(f"skip {repo_name}: no mirror", file=sys.stderr)
            continue
        chart = os.path.basename(path)
        for tag in pick(repo, path, pattern, (count or [3])[0]) + EXTRA.get(path, []):
            version = re.sub(r"^.*?-?v?(?=\d+\.\d+\.\d+$)", "", tag)
            dest = os.path.join(OUT, chart, version)
            os.makedirs(dest, exist_ok=True)
            for name in ("values.schema.json", "values.yaml"):
                data = git(repo, "show", f"{tag}:{path}/{name}")
                if data is not None:
                    with open(os.path.join(dest, name), "wb") as f:
                        f.write(data)
            commit = git(repo, "rev-list", "-n1", tag).decode().strip()
            index.append({"chart": chart, "version": version, "repo": repo_name, "path": path,
                          "tag": tag, "commit": commit, "licence": licence})
            print(chart, version, tag)
    with open(os.path.join(OUT, "charts.json"), "w") as f:
        json.dump(index, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
