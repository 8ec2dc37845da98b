"""A probe chart rendered by Helm 4.2.3 (helm-python-sdk): files under probe/, values; the
output per file, or the error Helm raises."""
import json, sys, os, shutil, tempfile
from helm_python.chart import Chart
def render(files, values=None):
    d = tempfile.mkdtemp()
    os.makedirs(d + "/probe/templates")
    open(d + "/probe/Chart.yaml", "w").write("apiVersion: v2\nname: probe\nversion: 0.1.0\n")
    for name, text in files.items():
        p = d + "/probe/" + name
        os.makedirs(os.path.dirname(p), exist_ok=True)
        open(p, "w").write(text)
    try:
        with Chart.load(d + "/probe") as c:
            out = c.render(values or {}, name="rel", namespace="ns")
        return {"ok": {k: v for k, v in out.items()}}
    except Exception as e:
        return {"err": str(e), "type": type(e).__name__}
    finally:
        shutil.rmtree(d)
