"""Records Helm's answer for every case of cases.py into helm_cases.json (run from anywhere:
python3 record.py)."""
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from probe import render
from cases import C
for c in C:
    r = render(c["files"], c["values"])
    if "ok" in r:
        c["helm"] = {"ok": r["ok"].get("probe/templates/x.yaml")}
    else:
        c["helm"] = {"err": r["err"]}
json.dump(C, open(os.path.join(here, "helm_cases.json"), "w"), indent=1, ensure_ascii=False)
