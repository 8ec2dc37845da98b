"""Helm's own YAML readers (PyPI `helm-python-sdk`: Helm v4's Go SDK) as a judge of the sweep.

Helm reads a values text two ways: a `-f` file with `values_from_yaml` (sigs.k8s.io/yaml: the
first document) and a chart's values.yaml with the chart loader (every document, merged). The
sweep's texts are users' files, and they are also what a chart ships, so both must read an
edited text whenever they read the original, and a one-document text must read as the proposal.
"""

import os
import shutil
import tempfile

from helm_python.chart import Chart, values_from_yaml


class HelmReader:
    """Reads texts as Helm does, in this process (one scratch chart, rewritten per text)."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="sweep-helm-")
        with open(os.path.join(self.dir, "Chart.yaml"), "w", encoding="utf-8") as f:
            f.write("apiVersion: v2\nname: sweep\nversion: 0.1.0\n")

    def close(self):
        """Removes the scratch chart."""
        shutil.rmtree(self.dir, ignore_errors=True)

    def read(self, text):
        """`{"f": values or error, "chart": values or error}`; an error is `("error", message)`."""
        out = {}
        try:
            out["f"] = values_from_yaml(text)
        except Exception as e:  # noqa: BLE001 - Helm's refusal is the answer
            out["f"] = ("error", first_line(e))
        with open(os.path.join(self.dir, "values.yaml"), "w", encoding="utf-8", newline="") as f:
            f.write(text)
        try:
            with Chart.load(self.dir) as chart:
                out["chart"] = chart.values
        except Exception as e:  # noqa: BLE001
            out["chart"] = ("error", first_line(e))
        return out


def first_line(error):
    """The useful part of a Helm error (the YAML reader's own words)."""
    text = str(error).strip()
    marker = "yaml: "
    return text[text.rfind(marker):] if marker in text else text.split("\n")[0]


def failed(reading):
    """Whether a reading is an error."""
    return isinstance(reading, tuple) and reading and reading[0] == "error"
