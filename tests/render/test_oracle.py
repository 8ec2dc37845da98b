#!/usr/bin/env python3
"""The render oracle's own judgement, on made-up answers: masked spans line up, a byte outside
them is a mismatch, a missing file is one, a refusal is listed, Helm's failure must be ours.

Usage: python3 tests/render/test_oracle.py   (unittest; ends with OK or FAILED)
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import json  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from oracle import Case, aligned, helm_values, judge  # noqa: E402


def span(start, end):
    return {"file": "c/templates/x.yaml", "start": start, "end": end, "from": "randAlphaNum"}


class Aligned(unittest.TestCase):
    # (Helm's text, ours, our masked spans, whether they agree)
    TABLE = [
        (b"a: 1\n", b"a: 1\n", [], True),
        (b"a: 1\n", b"a: 2\n", [], False),
        (b"p: XYZ\n", b"p: abc\n", [span(3, 6)], True),
        (b"p: XYZW\n", b"p: abc\n", [span(3, 6)], True),  # the random text may differ in length
        (b"p: XYZ\nq: 1\n", b"p: abc\nq: 2\n", [span(3, 6)], False),  # a byte after the span
        (b"o: XYZ\n", b"p: abc\n", [span(3, 6)], False),  # a byte before the span
        (b"a: X b: Y\n", b"a: 1 b: 2\n", [span(3, 4), span(8, 9)], True),
        (b"a: X b: Y\n", b"a: 1 c: 2\n", [span(3, 4), span(8, 9)], False),  # between two spans
        (b"XY", b"ab", [span(0, 2)], True),  # the whole file masked
        (b"R tail", b"rand tail", [span(0, 4)], True),
        (b"a: 1\nb", b"a: 1\n", [], False),  # Helm's text longer than ours
        (b"same", b"same!", [span(4, 5)], True),  # an empty span at Helm's end
        (b"ab", b"aXb", [span(1, 2)], True),
        (b"a", b"aXb", [span(1, 2)], False),  # the last piece must be Helm's end
    ]

    def test_table(self):
        for helm, ours, spans, agree in self.TABLE:
            with self.subTest(helm=helm, ours=ours):
                self.assertEqual(aligned(helm, ours, spans) is not None, agree)


class Judge(unittest.TestCase):
    case = Case("c", chart=None)

    def test_equal_files_pass(self):
        outcome = judge(self.case, {"files": {"c/x": "a"}}, {"files": {"c/x": "a"}, "refused": [], "error": None})
        self.assertEqual((outcome.equal, outcome.mismatched, outcome.failures), (1, 0, 0))

    def test_a_missing_file_is_a_mismatch(self):
        outcome = judge(self.case, {"files": {"c/x": "a", "c/y": ""}}, {"files": {"c/x": "a"}, "error": None})
        self.assertEqual((outcome.equal, outcome.mismatched), (1, 1))

    def test_an_extra_file_is_a_mismatch(self):
        outcome = judge(self.case, {"files": {}}, {"files": {"c/x": "a"}, "error": None})
        self.assertEqual(outcome.mismatched, 1)

    def test_a_refused_file_is_listed_not_failed(self):
        ours = {"files": {}, "refused": [{"file": "c/x", "line": 3, "column": 5, "message": "unsupported: genCA"}]}
        outcome = judge(self.case, {"files": {"c/x": "a"}}, ours)
        self.assertEqual((outcome.refused, outcome.mismatched, outcome.failures), (1, 0, 0))
        self.assertEqual(outcome.reasons, ["c/x:3:5: unsupported: genCA"])

    def test_what_a_refusal_did_render_is_judged(self):
        ours = {"files": {"c/y": "wrong"}, "refused": [{"file": "c/x", "line": 1, "column": 1, "message": "m"}]}
        outcome = judge(self.case, {"files": {"c/x": "a", "c/y": "right"}}, ours)
        self.assertEqual((outcome.refused, outcome.mismatched), (1, 1))

    def test_a_refusal_in_a_helper_excuses_as_many_missing_files(self):
        ours = {"files": {}, "refused": [{"file": "c/templates/_h.tpl", "line": 1, "column": 1, "message": "m"}]}
        one = judge(self.case, {"files": {"c/x": "a"}}, ours)
        two = judge(self.case, {"files": {"c/x": "a", "c/y": "b"}}, ours)
        self.assertEqual((one.refused, one.mismatched), (1, 0))
        self.assertEqual((two.refused, two.mismatched), (0, 2))

    def test_helm_failure_must_be_ours_word_for_word(self):
        helm = {"error": "execution error at (c/templates/x.yaml:1:6): need x"}
        same = judge(self.case, helm, {"files": {}, "error": {"message": helm["error"]}})
        other = judge(self.case, helm, {"files": {}, "error": {"message": "need x"}})
        rendered = judge(self.case, helm, {"files": {"c/x": ""}, "error": None})
        self.assertEqual((same.equal, same.failures), (1, 0))
        self.assertEqual(other.failures, 1)
        self.assertEqual(rendered.failures, 1)

    def test_helm_templates_yaml_failure_must_be_ours(self):
        helm = {"files": {"c/x": "a: [] b\n"}, "stream_error": "YAML parse error on c/x: yaml: line 1: oops"}
        same = judge(self.case, helm, {"files": {"c/x": "a: [] b\n"}, "error": {"message": helm["stream_error"]}})
        silent = judge(self.case, helm, {"files": {"c/x": "a: [] b\n"}, "error": None})
        refused = judge(self.case, helm, {"files": {"c/x": "a: [] b\n"}, "error": {"message": "unsupported: x"}})
        self.assertEqual((same.equal, same.failures), (2, 0))
        self.assertEqual(silent.failures, 1)
        self.assertEqual((refused.refused, refused.failures), (1, 0))

    def test_a_crash_fails(self):
        outcome = judge(self.case, {"files": {}}, {"crash": "exit 101: panicked"})
        self.assertEqual(outcome.failures, 1)


class Values(unittest.TestCase):
    def test_files_merge_as_helm_merges_them_and_numbers_keep_their_text(self):
        with tempfile.TemporaryDirectory() as work:
            first, second = Path(work, "a.yaml"), Path(work, "b.yaml")
            first.write_text("m: {a: 1, b: [1, 2]}\nz: -0.0\nkeep: x\n")
            second.write_text("m: {b: [3], c: null}\nkeep: 1e+06\n")
            merged = helm_values([first, second])
        self.assertEqual(json.loads(merged), {"m": {"a": 1, "b": [3], "c": None}, "z": 0, "keep": 1e6})
        self.assertIn('"z":-0', merged.replace(" ", ""))


if __name__ == "__main__":
    unittest.main()
