#!/usr/bin/env python3
"""Records Helm 4.2.3's answers for Go's fmt, encoding/json, yaml.v2, yaml.v3 and TOML output.

Each case is one call `{{ FUNC ARG... }}` of typed arguments, rendered in its own template of a
probe chart (written afresh in the temporary directory) through helm_python; the answers go to
tests/data/format_cases.json.gz (gzipped: it is over 2 MiB as text), which tests/format.rs compares against the port, case by case.
The cases: Go's fmt_test.go verbs and flags and seeded random ones; print/println; a table of
values and strings (every type, quoting, folding, unicode, control characters, nesting, key
order) and seeded random ones through print, toJson, toRawJson, toPrettyJson, toYaml, mustToYaml,
toYamlPretty, toToml; small subtrees of the values of the charts vendored in tests/charts;
keys near yaml.v2's simple-key limit; TOML's table shapes; fromJson, mustFromJson and
fromJsonArray of good and bad JSON.

A typed argument is one of {"s": str}, {"i": int} (a template int literal), {"i64": int},
{"f": "1.5"} (float64 parsed from text), {"b": bool}, {"nil": 0}, {"l": [args]} (sprig's list),
{"m": {key: arg}} (sprig's dict), {"v": json} (a chart value: it reaches the template as Helm
reads values, numbers as float64).

Run: python3 crates/values-migrate-render/tests/record_format.py
"""
import glob
import gzip
import json
import math
import os
import random
import shutil
import struct
import tempfile

from helm_python.chart import Chart

HERE = os.path.dirname(os.path.abspath(__file__))
CHART = os.path.join(tempfile.gettempdir(), "format_chart")
OUT = os.path.join(HERE, "data", "format_cases.json.gz")


def s(x):
    return {"s": x}


def i(x):
    return {"i": x}


def f(x):
    return {"f": x}


def v(x):
    return {"v": x}


NIL = {"nil": 0}

# Go's fmt_test.go (fmtTests) for the kinds a template holds, and what templates meet besides.
PRINTF = [
    ("%d", [i(12345)]), ("%v", [i(12345)]), ("%t", [{"b": True}]), ("%s", [s("abc")]),
    ("%q", [s("abc")]), ("%x", [s("abc")]), ("%x", [s("\xff\xf0\x0f\xff")]), ("%X", [s("xyz")]),
    ("% x", [s("xyz")]), ("% X", [s("xyz")]), ("%#x", [s("xyz")]), ("%#X", [s("xyz")]),
    ("%# x", [s("xyz")]), ("%# X", [s("xyz")]), ("%x", [s("")]), ("% x", [s("")]),
    ("%#x", [s("")]), ("%# x", [s("")]), ("%5x", [s("")]), ("%.1x", [s("日本語")]),
    ("%q", [s("")]), ("%#q", [s("")]), ("%q", [s('"')]), ("%#q", [s('"')]), ("%q", [s("`")]),
    ("%#q", [s("`")]), ("%q", [s("\n")]), ("%#q", [s("\n")]), ("%q", [s("\\n")]),
    ("%#q", [s("\\n")]), ("%q", [s("日本語")]), ("%+q", [s("日本語")]), ("%#q", [s("日本語")]),
    ("%#+q", [s("日本語")]), ("%q", [s("\a\b\f\n\r\t\v\"\\")]), ("%+q", [s("\a\b\f\n\r\t\v\"\\")]),
    ("%#q", [s("\a\b\f\n\r\t\v\"\\")]), ("%q", [s("☺")]), ("% q", [s("☺")]), ("%+q", [s("☺")]),
    ("%#q", [s("☺")]), ("%#+q", [s("☺")]), ("%10q", [s("⌘")]), ("%+10q", [s("⌘")]),
    ("%-10q", [s("⌘")]), ("%+-10q", [s("⌘")]), ("%010q", [s("⌘")]), ("%+010q", [s("⌘")]),
    ("%-010q", [s("⌘")]), ("%+-010q", [s("⌘")]), ("%#8q", [s("\n")]), ("%#+8q", [s("\r")]),
    ("%#-8q", [s("\t")]), ("%#+-8q", [s("\b")]), ("%q", [s("\U0010ffff")]),
    ("%+q", [s("\U0010ffff")]), ("%#q", [s("\U0010ffff")]), ("%q", [s("\u00a0\u200b\ufeff")]),
    ("%c", [i(ord("x"))]), ("%c", [i(0xE4)]), ("%c", [i(0x672C)]), ("%.0c", [i(ord("⌘"))]),
    ("%3c", [i(ord("⌘"))]), ("%-3c", [i(ord("⌘"))]), ("%c", [i(0xE00)]), ("%c", [i(-1)]),
    ("%c", [i(0xDC80)]), ("%c", [i(0x110000)]), ("%c", [{"i64": 0xFFFFFFFFF}]),
    ("%q", [i(0)]), ("%+q", [i(0)]), ("%q", [i(ord('"'))]), ("%q", [i(ord("'"))]),
    ("%q", [i(ord("`"))]), ("%q", [i(ord("x"))]), ("%q", [i(ord("ÿ"))]), ("%+q", [i(ord("ÿ"))]),
    ("%q", [i(ord("\n"))]), ("%q", [i(ord("☺"))]), ("%+q", [i(ord("☺"))]), ("% q", [i(ord("☺"))]),
    ("%.0q", [i(ord("☺"))]), ("%10q", [i(ord("⌘"))]), ("%+10q", [i(ord("⌘"))]),
    ("%-10q", [i(ord("⌘"))]), ("%010q", [i(ord("⌘"))]), ("%+010q", [i(ord("⌘"))]),
    ("%q", [i(0xE00)]), ("%q", [i(0x10FFFF)]), ("%q", [i(-1)]), ("%q", [i(0xDC80)]),
    ("%5s", [s("abc")]), ("%2s", [s("\u263a")]), ("%-5s", [s("abc")]), ("%05s", [s("abc")]),
    ("%5s", [s("abcdefghijklmnopqrstuvwxyz")]), ("%.5s", [s("abcdefghijklmnopqrstuvwxyz")]),
    ("%.0s", [s("日本語日本語")]), ("%.5s", [s("日本語日本語")]), ("%.10s", [s("日本語日本語")]),
    ("%08q", [s("abc")]), ("%-8q", [s("abc")]), ("%.5q", [s("abcdefghijklmnopqrstuvwxyz")]),
    ("%.5x", [s("abcdefghijklmnopqrstuvwxyz")]), ("%.3q", [s("日本語日本語")]),
    ("%.1q", [s("日本語")]), ("%10.1q", [s("日本語日本語")]), ("%10v", [NIL]), ("%-10v", [NIL]),
    ("%d", [i(-12345)]), ("%d", [{"i64": -(1 << 63)}]), ("%.d", [i(0)]), ("%.0d", [i(0)]),
    ("%6.0d", [i(0)]), ("%06.0d", [i(0)]), ("% d", [i(12345)]), ("%+d", [i(12345)]),
    ("%+d", [i(-12345)]), ("%b", [i(7)]), ("%b", [i(-6)]), ("%#b", [i(7)]), ("%#b", [i(-6)]),
    ("%b", [{"i64": -(1 << 63)}]), ("%o", [i(0o1234)]), ("%o", [i(-0o1234)]),
    ("%#o", [i(0o1234)]), ("%#o", [i(-0o1234)]), ("%O", [i(0o1234)]), ("%O", [i(-0o1234)]),
    ("%#X", [i(0)]), ("%x", [i(0x12ABCDEF)]), ("%X", [i(0x12ABCDEF)]), ("%.20b", [i(7)]),
    ("%10d", [i(12345)]), ("%10d", [i(-12345)]), ("%+10d", [i(12345)]), ("%010d", [i(12345)]),
    ("%010d", [i(-12345)]), ("%20.8d", [i(1234)]), ("%20.8d", [i(-1234)]),
    ("%020.8d", [i(1234)]), ("%020.8d", [i(-1234)]), ("%-20.8d", [i(1234)]),
    ("%-20.8d", [i(-1234)]), ("%-#20.8x", [i(0x1234ABC)]), ("%-#20.8X", [i(0x1234ABC)]),
    ("%-#20.8o", [i(0o1234)]), ("%068d", [i(1)]), ("%068d", [i(-1)]), ("%#.68x", [i(42)]),
    ("%.68d", [i(-42)]), ("%+.68d", [i(42)]), ("% .68d", [i(42)]), ("% +.68d", [i(42)]),
    ("%U", [i(0)]), ("%U", [i(-1)]), ("%U", [i(10)]), ("%#U", [i(10)]), ("%+U", [i(ord("x"))]),
    ("%# U", [i(ord("x"))]), ("%#.2U", [i(ord("x"))]), ("%U", [i(0x263A)]), ("%#U", [i(0x263A)]),
    ("%U", [i(0x1D6C2)]), ("%#U", [i(0x1D6C2)]), ("%#14.6U", [i(ord("⌘"))]),
    ("%#-14.6U", [i(ord("⌘"))]), ("%#014.6U", [i(ord("⌘"))]), ("%#-014.6U", [i(ord("⌘"))]),
    ("%.68U", [i(42)]), ("%#.68U", [i(ord("日"))]),
    ("%+.3e", [f("0")]), ("%+.3e", [f("1")]), ("%+.3f", [f("-1")]), ("%+.3F", [f("-1")]),
    ("%+07.2f", [f("1")]), ("%+07.2f", [f("-1")]), ("%-07.2f", [f("1")]), ("%-07.2f", [f("-1")]),
    ("%+-07.2f", [f("1")]), ("%+-07.2f", [f("-1")]), ("%-+07.2f", [f("1")]),
    ("%+10.2f", [f("1")]), ("%+10.2f", [f("-1")]), ("% .3E", [f("-1")]), ("% .3e", [f("1")]),
    ("%+.3g", [f("0")]), ("%+.3g", [f("1")]), ("%+.3g", [f("-1")]), ("% .3g", [f("-1")]),
    ("% .3g", [f("1")]), ("%#g", [f("1e-323")]), ("%#g", [f("-1")]), ("%#g", [f("1.1")]),
    ("%#g", [f("123456")]), ("%#g", [f("1234567")]), ("%#g", [f("1230000")]),
    ("%#g", [f("1000000")]), ("%#.0f", [f("1")]), ("%#.0e", [f("1")]), ("%#.0g", [f("1")]),
    ("%#.0g", [f("1100000")]), ("%#.4f", [f("1")]), ("%#.4e", [f("1")]), ("%#.4g", [f("1")]),
    ("%#.4g", [f("100000")]), ("%#.4g", [f("1.234")]), ("%#.4g", [f("0.1234")]),
    ("%#.4g", [f("1.23")]), ("%#.4g", [f("0.123")]), ("%#.4g", [f("1.2")]), ("%#.4g", [f("0.12")]),
    ("%#.4g", [f("10.2")]), ("%#.4g", [f("0")]), ("%#.4g", [f("0.012")]), ("%#.0f", [f("123")]),
    ("%#.0e", [f("123")]), ("%#.0g", [f("123")]), ("%#.4f", [f("123")]), ("%#.4e", [f("123")]),
    ("%#.4g", [f("123")]), ("%#.4g", [f("123000")]), ("%#9.4g", [f("1")]), ("%.68f", [f("1")]),
    ("%.68f", [f("-1")]), ("%f", [f("+Inf")]), ("%.1f", [f("-Inf")]), ("% f", [f("NaN")]),
    ("%20f", [f("+Inf")]), ("% 20F", [f("+Inf")]), ("% 20e", [f("-Inf")]), ("%+20E", [f("-Inf")]),
    ("% +20g", [f("-Inf")]), ("%+-20G", [f("+Inf")]), ("%20e", [f("NaN")]), ("% +20E", [f("NaN")]),
    ("% -20g", [f("NaN")]), ("%+-20G", [f("NaN")]), ("%+020e", [f("+Inf")]),
    ("%-020f", [f("-Inf")]), ("%-020E", [f("NaN")]), ("%e", [f("1")]), ("%e", [f("1234.5678e3")]),
    ("%e", [f("1234.5678e-8")]), ("%e", [f("-7")]), ("%e", [f("-1e-9")]), ("%f", [f("1234.5678e3")]),
    ("%f", [f("1234.5678e-8")]), ("%f", [f("-7")]), ("%f", [f("-1e-9")]), ("%g", [f("1234.5678e3")]),
    ("%g", [f("1234.5678e-8")]), ("%g", [f("-7")]), ("%g", [f("-1e-9")]), ("%E", [f("1")]),
    ("%E", [f("1234.5678e3")]), ("%G", [f("1234.5678e3")]), ("%G", [f("-1e-9")]),
    ("%20.8d", [i(1234)]), ("%.2f", [f("0.125")]), ("%.2f", [f("0.375")]), ("%.0f", [f("0.5")]),
    ("%.0f", [f("1.5")]), ("%.0f", [f("2.5")]), ("%.1f", [f("0.05")]), ("%.1f", [f("0.25")]),
    ("%.3g", [f("0.0001234")]), ("%.3g", [f("123456")]), ("%.20f", [f("0.1")]),
    ("%.30e", [f("5e-324")]), ("%g", [f("1e-320")]), ("%v", [f("1e21")]), ("%v", [f("1e20")]),
    ("%v", [f("123456789")]), ("%v", [f("0.000001")]), ("%v", [f("-0")]), ("%.3v", [f("3.14159")]),
    ("%10.3v", [f("3.14159")]), ("%-10v|", [f("1.5")]), ("%010v", [f("-1.5")]),
    ("%x", [i(-255)]), ("%X", [i(255)]), ("%o", [i(8)]), ("%O", [i(8)]), ("%b", [i(5)]),
    ("%c", [i(65)]), ("%v %v", [i(1)]), ("%!", []), ("%", []), ("%z", [i(1)]), ("%s", [i(5)]),
    ("%d", [s("x")]), ("%t", [i(1)]), ("%5t", [s("x")]), ("%d", [f("1.5")]), ("%s", [f("1.5")]),
    ("%s", [{"b": True}]), ("%d", [NIL]), ("%s", [NIL]), ("%T", [NIL]), ("%v", [NIL]),
    ("%d %d", [i(1), i(2), i(3)]), ("%d", [i(1), s("a"), NIL]), ("%[2]d %[1]d", [i(1), i(2)]),
    ("%[3]d %d", [i(1), i(2)]), ("%[0]d", [i(1)]), ("%[x]d", [i(1)]), ("%[1]d %d", [i(1), i(2)]),
    ("%[2]*[1]d", [i(12), i(5)]), ("%[3]*.[2]*[1]f", [f("12"), i(2), i(6)]),
    ("%.[2]d", [i(7)]), ("%-*d", [i(4), i(8)]), ("%*d", [i(-4), i(8)]), ("%*d", [s("x"), i(8)]),
    ("%.*d", [i(-1), i(8)]), ("%.*d", [s("x"), i(8)]), ("%*", []), ("%.", [i(1)]),
    ("%-", [i(1)]), ("%w", [i(1)]), ("%5w", [s("x")]), ("%p", [i(1)]), ("%p", [s("x")]),
    ("%T", [i(1)]), ("%T", [f("1")]), ("%T", [s("x")]), ("%T", [{"b": True}]),
    ("%T", [{"i64": 1}]), ("%10T", [i(1)]), ("%.3T", [s("x")]), ("%T", [{"l": [i(1)]}]),
    ("%T", [{"m": {"a": i(1)}}]), ("%v", [{"l": [i(1), NIL, s("a")]}]),
    ("%d", [{"l": [i(1), NIL, s("a")]}]), ("%5d", [{"l": [i(1), i(22)]}]),
    ("%v", [{"m": {"b": i(1), "a": {"l": [s("x"), s("y")]}}}]),
    ("%s", [{"m": {"b": i(1), "a": s("z")}}]), ("%q", [{"l": [s("a"), i(65)]}]),
    ("%x", [{"l": [s("ab"), i(255)]}]), ("%+v", [{"m": {"k": NIL}}]), ("%v", [{"l": []}]),
    ("%v", [{"m": {}}]), ("%d", [{"m": {"k": s("v")}}]),
    ("%v", [v({"b": 1, "a": [1.5, "x", None, True], "c": {"d": 1000000}})]),
    ("%d", [v(100)]), ("%v", [v(100)]), ("%s", [v([1, 2])]), ("%T", [v(1)]), ("%T", [v([1])]),
    ("%5.1f|%-8.3e|%08.3f", [f("3.14159"), f("-2.5e-7"), f("-3.14159")]),
    ("%x|%X|% x", [s("héllo"), s("héllo"), s("héllo")]), ("%6.2f%%", [f("99.5")]),
    ("%s=%q", [s("key"), s("va\"lue")]), ("%03d|%+03d|% 03d", [i(7), i(7), i(7)]),
    ("%-05d|", [i(3)]), ("%#v", [i(1)]), ("%#v", [{"l": [i(1), s("a"), NIL]}]),
    ("%#v", [{"m": {"a": i(1), "b": {"l": []}}}]), ("%#v", [v({"a": [1.5, None, "x"]})]),
    ("%#v|%#v|%#v|%#v", [f("1"), f("1e6"), s('a"b'), NIL]), ("%#x|%#X|%b|%x", [f("1"), f("3.14159"), f("1"), f("0")]),
    ("%.2x|%X|%#.0x|%x|%b", [f("1.999"), f("-255.5"), f("1"), f("5e-324"), f("5e-324")]), ("%+v", [i(1)]), ("%+s", [s("x")]),
    ("ünïcode %s ✓", [s("ß")]), ("%ü", [i(1)]), ("%d%%%d", [i(1), i(2)]),
]

# Values as charts give them (through values.yaml: numbers reach templates as float64).
LONG = "word " * 30
VALUES = [
    None, True, False, 0, 1, -1, 100000, 1000000, 123456789, 1e20, 1e21, 1e22, 12345678901234567890,
    0.5, -0.5, 1.5, 0.1, 0.0001, 0.00001, 0.000001, 0.0000001, 1.0e-7, 3.14159, 2.5e-8, 1.7976931348623157e308,
    5e-324, 2 ** 53, 2 ** 53 + 2, 9007199254740993, -0.0, 1e6 + 0.5, 123456.789, 99999999999999999999.0,
    "", "a", "abc", " ", "  lead", "trail  ", "mid dle", "true", "false", "True", "TRUE", "yes", "no",
    "Yes", "NO", "on", "off", "On", "y", "n", "Y", "N", "null", "Null", "NULL", "~", "1", "-1", "+1",
    "1.5", "1e3", "1E3", "0x1F", "0o17", "017", "0b101", "-0b101", "1_000", ".5", "5.", ".inf",
    "-.inf", ".nan", ".NaN", "inf", "nan", "NaN", "Infinity", "1:20", "1:20:30", "-1:20", "1:2",
    "2021-01-01", "2021-1-1", "2021-13-01", "2021-02-30", "2020-02-29", "2021-01-01T10:00:00Z",
    "2021-01-01 10:00:00", "2021-01-01t10:00:00Z", "2021-01-01T10:00:00+01:00", "2021-01-01T25:00:00Z",
    "12:30", "1.2.3", "v1.2.3", "a: b", "a:b", "a :b", "key:", ":key", "- item", "-item", "-", "--",
    "---", "...", "? q", "?q", "#comment", "a #b", "a#b", "[x]", "{x}", "x]", "x}", "a,b", "&anchor",
    "*alias", "!tag", "|pipe", ">fold", "'single'", '"double"', "%pct", "@at", "`tick", "a'b", 'a"b',
    "a\\b", "tab\there", "\tlead tab", "line1\nline2", "line1\nline2\n", "line1\nline2\n\n", "\nlead",
    "\n", "\n\n", "a\n b", "a \nb", "trail \n", " lead\nx", "x\n  indented\ny", "cr\rhere",
    "crlf\r\nhere", "nel\u0085x", "ls\u2028x", "ps\u2029x", "nbsp\u00a0x", "bom\ufeffx", "\ufeffbom",
    "zw\u200bx", "é", "日本語", "emoji 😀", "\U0001F600", "ctrl\x01x", "del\x7fx", "esc\x1bx", "nul\x00x",
    "\u0080x", "<>&", "<script>", "a\u2028b\u2029c", "private\ue000x", "\uffff", "\ufffd",
    LONG.strip(), LONG, "x" * 100, "a " + "x" * 100 + " b", ("lorem ipsum dolor " * 6).strip(),
    ("aaaa " * 20).strip() + "\nnext line", "long: " + "y " * 50, "'" + "q " * 45 + "'",
    " " + "lead space " * 9, ("tab\t" * 25), ("two  spaces " * 8).strip(), "é " * 50,
    "日本語 " * 30, "x" * 81 + " y", "a" * 79 + " b c", "a" * 80 + " b c", "a" * 81 + " b c",
    ("k" * 130), [], {}, [None], [[]], [{}], {"a": []}, {"a": {}}, [1, "a", None, True, 1.5],
    [[1, 2], [3, [4]]], [{"a": 1, "b": [1, 2]}, {"c": None}], {"a": 1, "b": "x", "c": None},
    {"z": 1, "a": 2, "m": 3}, {"a10": 1, "a9": 2, "a1": 3, "b": 4, "A": 5, "_": 6, "1": 7, "10": 8, "2": 9},
    {"x1y": 1, "x01y": 2, "x001y": 3, "x10y": 4, "x2y": 5}, {"ab": 1, "a": 2, "abc": 3, "b": 4},
    {"é": 1, "e": 2, "z": 3, "日": 4, "-": 5, ".": 6, "Z": 7},
    {"true": 1, "null": 2, "1": 3, "": 4, "a b": 5, "a: b": 6, "- x": 7, "multi\nline": 8},
    {"k" * 129: 1, "k" * 128: 2}, {"nested": {"deep": {"deeper": {"list": [1, {"x": "y"}]}}}},
    {"list": [[1, 2], {"a": [3, {"b": None}]}], "s": "text"}, {"long": LONG, "ml": "a\nb\n"},
    {"seq": [{"a": 1, "b": 2}, ["x", "y"], "line\nbreak", "", None]},
    {"html": "<a href=\"x\">&</a>", "u": "\u2028"}, {"n": [0, -0.0, 1e21, 1e-7, 0.1, 100]},
    [LONG, "x" * 100, "line1\nline2"], {"key with spaces": "v", "key:colon": "v", "#hash": "v"},
]

# Shapes BurntSushi's TOML encoder treats apart: tables, arrays of tables, inline tables, nils.
TOML_VALUES = [
    {"a": 1, "b": {"c": 2, "d": {"e": "x"}}, "f": [1, 2], "g": [{"h": 1}, {"h": 2, "i": {"j": 3}}]},
    {"z": {}, "a": [], "m": [{"a": 1}, 2], "n": [[1, 2], ["x"]], "o": [{"p": {"q": 1}, "r": None, "s": 1}]},
    {"k": [1, None]}, {"k": [[None]]}, {"k": None, "l": 1}, [{"a": 1}], [1, 2], "text", 1.5, True,
    {"odd key": 1, "": 2, "ünï": 3, "a.b": {"c d": {"e": 1}}, "quote\"d": "v\u0001\u007f\t"},
    {"x": {"y": [{"z": [{"w": 1}]}]}}, {"f": [1.0, 0.5, 1e21, -0.0, 1e-7, 100]}, {},
    {"t": [{"a": None}, {"b": [{"c": None, "d": 2}]}]}, {"i": [{"x": {"y": 1}, "z": None}]},
]

# Keys about the 1024 characters after which yaml.v2 no longer takes a key of the JSON text as a
# simple key (counted as JSON writes them: escapes, then quotes).
LONG_KEYS = [
    {"k" * 1022: 1}, {"k" * 1023: 1}, {"<" * 170: 1}, {"<" * 171: 1}, {"é" * 1022: 1},
    {"é" * 1023: 1}, {"\n" * 511: 1}, {"\n" * 512: 1}, [1, {"z": {"k" * 1023: 1}}],
    {"a": "ctrl\x7f", "b": {"k" * 1023: 1}}, {"k" * 1023: {"a": 1}},
]

# text/template's `print` and `println` builtins are fmt.Sprint and fmt.Sprintln.
SPRINT = [
    [i(1), i(2), s("a"), i(3), s("b"), s("c"), NIL, i(4)], [], [s("a")], [s("a"), s("b")], [i(1)],
    [f("1.5"), f("1e6"), {"b": False}], [NIL, NIL], [{"l": [i(1), s("a")]}, {"m": {"k": NIL}}],
    [s(""), i(1), s(""), s("")], [v(1000000), v("x"), v([0.5])],
]

FROM_JSON = [
    '{"a": 1, "b": [1, 2.5, "x", null, true], "c": {"d": "e"}}', '{"a": 1, "a": 2}', "{}",
    '{"big": 12345678901234567890, "small": 1e-7, "neg": -0, "exp": 1E+2}', '{"s": "\\u00e9\\ud83d\\ude00\\n"}',
    "{bad", "", "   ", "[1, 2]", '"str"', "1", "true", '{"a": 1,}', '{"a" 1}', '{"a": 1 "b": 2}',
    "[1 2]", "{} x", "01", "-", "1.", "1e", "tru", "trx", "nul", "nulx", "fals", '{"a": "\x01"}',
    '{"a": "\\x"}', '{"a": "\\u12g4"}', "{,}", '{"a":}', "[,]", "[1,]", '{"a"', '{"a":', "\u00e9",
    '{"k": [[[[1]]]]}', '{"k": "\\ud800"}', "null", "[null]", '{"a": null}',
]
FROM_JSON_ARRAY = ['[1, "a", null, {"b": 2}]', "[]", '{"a": 1}', "[1,", "x", '"s"']


def generated():
    """Seeded random values: floats of every range, and strings and nestings that fold and quote."""
    rng = random.Random(42)
    floats = []
    for _ in range(150):
        bits = rng.getrandbits(64)
        f = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if math.isfinite(f):
            floats.append(f)
    for _ in range(100):
        floats.append(round(rng.uniform(-1e6, 1e6), rng.randint(0, 8)))
        floats.append(rng.randint(-10**18, 10**18) / 10 ** rng.randint(0, 25))
    tokens = ["word", "a", "longerword", "x" * 12, " ", "  ", ":", ": ", " #", "#", "-", "- ", "'",
              '"', "\\", "\t", "\n", "\n\n", "é", "日本", "😀", "{", "}", "[", "]", ",", "?", "&",
              "*", "!", "|", ">", "%", "@", "`", "0", "1.5", "true", "null", "~", "\u00a0", "\u2028",
              "\r", "\x01", "\x1b", "\ufeff", " ", " ", "word", "text", "x" * 40]
    strings = []
    for _ in range(400):
        n = rng.choice([1, 2, 3, 5, 8, 20, 40, 60])
        strings.append("".join(rng.choice(tokens) for _ in range(n)))
    nested = []
    for k, text in enumerate(strings[:120]):
        node = text
        for depth in range(k % 4):
            node = {f"k{depth}": node, "z": [node]} if depth % 2 == 0 else [node, {"key": node}]
        nested.append(node)
    keys = {}
    for text in strings[200:260]:
        keys[text[:150]] = text[:30]
    return floats, strings, nested, [keys]


def printf_generated():
    """Seeded random verbs, flags, widths and precisions over every kind of operand."""
    rng = random.Random(7)
    operands = [i(0), i(42), i(-42), i(255), {"i64": 1 << 40}, f("0"), f("-0"), f("3.14159"),
                f("-2.5e-7"), f("1e21"), f("123456789"), f("0.000123"), f("NaN"), f("-Inf"),
                s(""), s("abc"), s("日本語"), s("a\tb\"c"), {"b": True}, NIL, {"l": [i(1), s("x")]},
                {"m": {"k": f("1.5"), "a": NIL}}, v(2.5), v("text"), v([1, "x"])]
    out = []
    for _ in range(600):
        flags = "".join(rng.sample("+-# 0", rng.randint(0, 3)))
        width = rng.choice(["", "", "1", "5", "12"])
        prec = rng.choice(["", "", ".", ".0", ".2", ".7"])
        verb = rng.choice("vvvdsqxXobeEfFgGtcUT%")
        operand = rng.choice(operands)
        out.append(("%" + flags + width + prec + verb, [operand]))
    floats, _, _, _ = generated()
    for x in floats[::2]:
        verb = rng.choice("eEfgGvxXb")
        prec = rng.choice(["", ".0", ".1", ".3", ".6", ".10", ".17", ".25"])
        flag = rng.choice(["", "+", "-12", "#", "014"])
        out.append(("%" + flag + prec + verb, [f(repr(x))]))
    for _ in range(100):
        n = rng.randint(-(1 << 62), 1 << 62) >> rng.randint(0, 62)
        verb = rng.choice("dxXobcqUv")
        flags = "".join(rng.sample("+-# 0", rng.randint(0, 2)))
        out.append(("%" + flags + rng.choice(["", "8", ".3", "20.10"]) + verb, [{"i64": n}]))
    return out


def chart_subtrees(limit=120, max_size=1500):
    """Small top-level subtrees of the values of the charts vendored in tests/charts, as Helm reads them."""
    root = os.path.join(HERE, "..", "..", "..", "tests", "charts")
    seen, out = set(), []
    for chart_yaml in sorted(glob.glob(os.path.join(root, "**", "Chart.yaml"), recursive=True)):
        try:
            with Chart.load(os.path.dirname(chart_yaml)) as chart:
                vals = chart.values or {}
        except Exception:  # a chart Helm cannot load has no values to give
            continue
        for key, val in vals.items():
            text = json.dumps({key: val}, sort_keys=True)
            if text in seen or len(text) > max_size or not isinstance(val, (dict, list)):
                continue
            seen.add(text)
            out.append({key: val})
    return out[:limit]


def expr(arg, values):
    """The template expression of a typed argument (chart values are put into `values`)."""
    if "s" in arg:
        return json.dumps(arg["s"], ensure_ascii=False)
    if "i" in arg:
        return str(arg["i"])
    if "i64" in arg:
        return f"(int64 {arg['i64']})" if arg["i64"] >= 0 else f"(sub (int64 {arg['i64'] + 1}) 1)"
    if "f" in arg:
        return f'(float64 "{arg["f"]}")'
    if "b" in arg:
        return "true" if arg["b"] else "false"
    if "nil" in arg:
        return "nil"
    if "l" in arg:
        return "(list " + " ".join(expr(a, values) for a in arg["l"]) + ")"
    if "m" in arg:
        body = " ".join(json.dumps(k) + " " + expr(a, values) for k, a in arg["m"].items())
        return "(dict " + body + ")"
    name = f"v{len(values)}"
    values[name] = arg["v"]
    return ".Values." + name


def cases():
    """Every case: a function and its typed arguments (printf's first is the format)."""
    out = []
    floats, strings, nested, keys = generated()
    for fmt, args in PRINTF + printf_generated():
        out.append({"func": "printf", "args": [s(fmt)] + args})
    for args in SPRINT:
        out.append({"func": "sprint", "args": args})
        out.append({"func": "sprintln", "args": args})
    for val in VALUES:
        for func in ["print", "toJson", "toRawJson", "toPrettyJson", "toYaml", "mustToYaml", "toYamlPretty", "toToml"]:
            out.append({"func": func, "args": [v(val)]})
    for val in floats:
        for func in ["print", "toJson", "toYaml", "toYamlPretty"]:
            out.append({"func": func, "args": [v(val)]})
    for val in strings:
        for func in ["toJson", "toYaml", "toYamlPretty"]:
            out.append({"func": func, "args": [v(val)]})
    for val in chart_subtrees():
        for func in ["toYaml", "toJson", "print", "toYamlPretty", "toToml"]:
            out.append({"func": func, "args": [v(val)]})
    for val in nested + keys:
        for func in ["toYaml", "toYamlPretty", "toToml"]:
            out.append({"func": func, "args": [v(val)]})
    for val in [f("NaN"), f("+Inf"), f("-0"), {"l": [f("-Inf")]}, {"i64": 5}, {"l": []}, {"m": {}}, NIL]:
        for func in ["toJson", "toRawJson", "toPrettyJson", "toYaml", "mustToJson", "mustToRawJson", "mustToPrettyJson", "mustToYaml", "toYamlPretty", "toToml", "mustToToml"]:
            out.append({"func": func, "args": [val]})
    for val in LONG_KEYS:
        for func in ["toYaml", "mustToYaml", "toYamlPretty"]:
            out.append({"func": func, "args": [v(val)]})
    for val in TOML_VALUES:
        for func in ["toToml", "mustToToml"]:
            out.append({"func": func, "args": [v(val)]})
    for text in FROM_JSON:
        out.append({"func": "fromJson", "args": [s(text)]})
        out.append({"func": "mustFromJson", "args": [s(text)]})
    for text in FROM_JSON_ARRAY:
        out.append({"func": "fromJsonArray", "args": [s(text)]})
    return out


def template(case, values):
    """The template of one case: its call, printed (and JSON-encoded where the result is a value)."""
    args = " ".join(expr(a, values) for a in case["args"])
    func = case["func"]
    if func == "print":
        return "{{ " + args + " }}"
    if func in ("sprint", "sprintln"):
        return "{{ " + func[1:] + " " + args + " }}"
    if func in ("fromJson", "mustFromJson", "fromJsonArray"):
        return "{{ $x := " + func + " " + args + " }}{{ printf \"%T\" $x }}|{{ $x }}|{{ toJson $x }}"
    return "{{ " + func + " " + args + " }}"


def render_all(snippets, values):
    """Helm's output for each snippet, each in a template of its own; failures bisected."""
    if os.path.exists(CHART):
        shutil.rmtree(CHART)
    os.makedirs(os.path.join(CHART, "templates"))
    with open(os.path.join(CHART, "Chart.yaml"), "w") as fh:
        fh.write("apiVersion: v2\nname: format\nversion: 0.1.0\n")
    for n, text in enumerate(snippets):
        with open(os.path.join(CHART, "templates", f"c{n:05d}.txt"), "w") as fh:
            fh.write(text)
    try:
        with Chart.load(CHART) as chart:
            out = chart.render(values)
        return [out[f"format/templates/c{n:05d}.txt"] for n in range(len(snippets))]
    except Exception as err:  # one failing template fails the render: bisect
        if len(snippets) == 1:
            return [{"error": str(err)}]
        mid = len(snippets) // 2
        return render_all(snippets[:mid], values) + render_all(snippets[mid:], values)


def main():
    all_cases = cases()
    values = {}
    snippets = [template(c, values) for c in all_cases]
    answers = render_all(snippets, values)
    for case, snippet, answer in zip(all_cases, snippets, answers):
        case["template"] = snippet
        if isinstance(answer, dict):
            case["error"] = answer["error"]
        else:
            case["want"] = answer
    with gzip.open(OUT, "wt", compresslevel=9) as fh:
        # The chart values as one JSON text (readers' float parsing then decides nothing), and
        # one case a line.
        fh.write('{"values_text": ' + json.dumps(json.dumps(values, ensure_ascii=False), ensure_ascii=False))
        fh.write(',\n"cases": [\n')
        fh.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in all_cases))
        fh.write("\n]}\n")
    print(f"{len(all_cases)} cases, {sum('error' in c for c in all_cases)} errors -> {OUT}")


if __name__ == "__main__":
    main()
