"""Semantic probes: small schemas and values where validators are known to part ways.

Each probe is `(name, schema, defaults, user)`: `schema` a JSON value (or a text, to send
exactly), `defaults` the chart's values.yaml text, `user` a `-f` values text or None.
Helm's answer is the expected one; the differential asks both sides.
"""

import json

S2020 = "https://json-schema.org/draft/2020-12/schema"
S2019 = "https://json-schema.org/draft/2019-09/schema"
S07 = "http://json-schema.org/draft-07/schema#"
S04 = "http://json-schema.org/draft-04/schema#"
VERSIONLESS = "http://json-schema.org/schema#"


def one(prop, sub, draft=None):
    """A schema with one property `prop` described by `sub` (under `draft`, or no `$schema`)."""
    schema = {"type": "object", "properties": {prop: sub}}
    if draft:
        schema["$schema"] = draft
    return schema


def drafts():
    """Which draft a schema is read as, and what that changes."""
    ref_sibling = {"additionalProperties": False, "$ref": "#/$defs/v",
                   "$defs": {"v": {"properties": {"a": {"type": "string"}}}}}
    out = []
    for label, draft in (("none", None), ("versionless", VERSIONLESS), ("draft-07", S07),
                         ("2019-09", S2019), ("2020-12", S2020), ("draft-04", S04)):
        s = dict(ref_sibling)
        if draft:
            s["$schema"] = draft
        out.append((f"ref-sibling/{label}", s, "a: x\n", None))
        uneval = {"type": "object", "properties": {"a": {"type": "integer"}}, "unevaluatedProperties": False}
        if draft:
            uneval["$schema"] = draft
        out.append((f"unevaluatedProperties/{label}", uneval, "a: 1\nb: 2\n", None))
        items = one("l", {"type": "array", "items": [{"type": "integer"}, {"type": "string"}]}, draft)
        out.append((f"items-array/{label}", items, "l: [1, x, 3]\n", None))
        out.append((f"items-array-wrong/{label}", items, "l: [x, 1]\n", None))
        prefix = one("l", {"type": "array", "prefixItems": [{"type": "integer"}], "items": False}, draft)
        out.append((f"prefixItems/{label}", prefix, "l: [1, 2]\n", None))
        dep = one("d", {"deprecated": "true", "type": "string"}, draft)
        out.append((f"deprecated-string/{label}", dep, "d: x\n", None))
        excl = one("num", {"maximum": 5, "exclusiveMaximum": True}, draft)
        out.append((f"exclusiveMaximum-boolean/{label}", excl, "num: 5\n", None))
        uneval_items = one("l", {"type": "array", "prefixItems": [{"type": "integer"}],
                                 "unevaluatedItems": False}, draft)
        out.append((f"unevaluatedItems/{label}", uneval_items, "l: [1, 2]\n", None))
        dyn = {"$id": "https://example.com/root", "$dynamicAnchor": "node", "type": "object",
               "properties": {"c": {"$dynamicRef": "#node"}, "v": {"type": "integer"}}}
        if draft:
            dyn["$schema"] = draft
        out.append((f"dynamicRef/{label}", dyn, "c:\n  v: x\n", None))
    return out


FORMATS = [
    ("email", "not an email"), ("uuid", "not-a-uuid"), ("duration", "5 minutes"),
    ("date-time", "yesterday"), ("date", "2024-13-45"), ("time", "25:00"),
    ("ipv4", "300.1.1.1"), ("ipv6", "zz::1"), ("hostname", "-bad-"), ("uri", "not a uri"),
    ("uri-reference", "\\\\bad"), ("regex", "(unclosed"), ("json-pointer", "no-slash"),
    ("idn-email", "nope"), ("iri", "not an iri"), ("unknown-format", "x"), ("period", "x"),
]


def formats():
    """`format` per draft: Helm asserts some formats under some drafts and no others."""
    out = []
    for label, draft in (("none", None), ("draft-07", S07), ("2019-09", S2019), ("2020-12", S2020), ("draft-04", S04)):
        for fmt, bad in FORMATS:
            out.append((f"format-{fmt}/{label}", one("f", {"type": "string", "format": fmt}, draft),
                        f"f: {json.dumps(bad)}\n", None))
        enc = one("e", {"type": "string", "contentEncoding": "base64", "contentMediaType": "application/json"}, draft)
        out.append((f"contentEncoding/{label}", enc, 'e: "!!! not base64"\n', None))
    return out


PATTERNS = [
    ("p-L", r"^\p{L}+$", ["héllo", "abc1"]),
    ("P-L", r"^\P{L}+$", ["123", "a"]),
    ("s-nbsp", r"^a\sb$", ["a b", "a\u00a0b", "a\u2003b"]),
    ("S-nbsp", r"^a\Sb$", ["a\u00a0b"]),
    ("d-arabic", r"^\d+$", ["123", "\u0661\u0662"]),
    ("w-unicode", r"^\w+$", ["abc", "é"]),
    ("b-boundary", r"\bé", ["x é"]),
    ("posix-alpha", r"^[[:alpha:]]+$", ["abc", "ab1"]),
    ("posix-digit", r"^[[:digit:]]+$", ["123"]),
    ("u-escape", r"^\u0041$", ["A"]),
    ("x-brace", r"^\x{41}$", ["A"]),
    ("lookahead", r"^(?=a)a$", ["a"]),
    ("lookbehind", r"(?<=a)b", ["ab"]),
    ("backreference", r"^(a)\1$", ["aa"]),
    ("named-group", r"^(?P<x>a)$", ["a"]),
    ("named-group-js", r"^(?<x>a)$", ["a"]),
    ("flag-i", r"(?i)^abc$", ["ABC"]),
    ("dot-newline", r"^a.b$", ["a\nb"]),
    ("dollar-newline", r"^ab$", ["ab\n"]),
    ("z-anchor", r"^ab\z", ["ab"]),
    ("A-anchor", r"\Aab$", ["ab"]),
    ("c-control", r"^\cA$", ["\u0001"]),
    ("k-named", r"^(?<x>a)\k<x>$", ["aa"]),
    ("Q-quote", r"^\Qa.b\E$", ["a.b", "axb"]),
    ("possessive", r"^a++$", ["aa"]),
    ("lazy", r"^a+?$", ["aa"]),
    ("class-subtract", r"^[a-z--b]$", ["b"]),
    ("p-Greek", r"^\p{Greek}+$", ["αβ", "ab"]),
    ("p-Lu-short", r"^\pL+$", ["ab"]),
    ("p-Script", r"^\p{Script=Greek}+$", ["αβ"]),
    ("astral-dot", r"^.$", ["😀"]),
    ("brace-literal", r"^a{,2}$", ["a{,2}", "aa"]),
    ("empty-alternation", r"^(|a)$", [""]),
    ("unicode-class-range", r"^[\u0041-\u005A]+$", ["AB"]),
    ("octal-escape", r"^\101$", ["A"]),
    ("slash-escape", r"^\/$", ["/"]),
    ("dash-escape", r"^\-$", ["-"]),
    # Go 1.26's regexp, as our own engine (crates/values-migrate-validator/src/regexp) reads it.
    ("C-any-byte", r"^\C$", ["a"]),
    ("p-multiword-script", r"^\p{Old_Italic}$", ["\U00010300"]),
    ("p-script-code", r"^\p{Latn}$", ["a"]),
    ("p-lowercase-name", r"^\p{greek}+$", ["αβ"]),
    ("p-long-category", r"^\p{Uppercase_Letter}$", ["A", "a"]),
    ("p-alias-digit", r"^\p{digit}$", ["7", "x"]),
    ("p-Any", r"^\p{Any}$", ["\u0378"]),
    ("p-Assigned", r"^\p{Assigned}$", ["a", "\u0378"]),
    ("pC-unassigned", r"^\pC$", ["\u0378", "\u0001"]),
    ("p-Lu-unicode-16", r"^\p{Lu}$", ["\u1c89"]),
    ("p-Garay-unicode-16", r"^\p{Garay}$", ["a"]),
    ("p-Kawi-unicode-15", r"^\p{Kawi}$", ["\U00011F00"]),
    ("fold-kelvin", r"(?i)^k$", ["\u212a", "K"]),
    ("fold-negated-class", r"(?i)^[^k]$", ["K", "\u212a", "x"]),
    ("fold-P-Lu", r"(?i)^\P{Lu}$", ["a", "1"]),
    ("fold-LC-ypogegrammeni", r"(?i)^\p{LC}$", ["\u0345"]),
    ("fold-unicode-15-1", r"(?i)^\u0390$".replace("\\u0390", "\u0390"), ["\u1fd3"]),
    ("fold-dotless-i", r"(?i)^\u0131$".replace("\\u0131", "\u0131"), ["I", "i"]),
    ("flags-unterminated", r"(?i", ["a"]),
    ("flags-empty", r"(?)a", ["a"]),
    ("flags-scoped", r"(a(?i)b)c", ["aBc", "aBC"]),
    ("flags-dollar-multiline", r"(?m)^b$", ["a\nb\nc"]),
    ("flags-dot-newline", r"(?s)^a.b$", ["a\nb"]),
    ("nested-count-product", r"^(a{100}){100}$", ["a"]),
    ("repeat-after-flags", r"^x(?i)*$", ["xx"]),
    ("class-backspace", r"^[\b]$", ["\b"]),
    ("x-too-large", r"^\x{110000}$", ["a"]),
    ("posix-negated", r"^[[:^alpha:]]+$", ["12", "a"]),
    ("posix-unknown", r"^[[:foo:]]$", ["a"]),
    ("B-non-ascii", r"\Bé", ["x é"]),
    ("missing-argument", r"a|*", ["a"]),
    ("trailing-backslash", "a\\", ["a"]),
]


def patterns():
    """The regex dialect: Go's RE2 syntax and meaning, not ECMA-262."""
    out = []
    for name, pattern, values in PATTERNS:
        schema = one("p", {"type": "string", "pattern": pattern})
        for i, value in enumerate(values):
            out.append((f"pattern-{name}/{i}", schema, f"p: {json.dumps(value, ensure_ascii=False)}\n", None))
        props = {"type": "object", "patternProperties": {pattern: {"type": "integer"}}}
        out.append((f"patternProperties-{name}", props, f"{json.dumps(values[0], ensure_ascii=False)}: x\n", None))
    return out


def numbers():
    """Big and odd numbers, as Helm's YAML and JSON steps hold them (under `num`: `n` is
    `false` in YAML 1.1)."""
    big = [
        ("max-int64", one("num", {"type": "integer", "maximum": 9223372036854775807}), "num: 9223372036854775807\n"),
        ("over-int64", one("num", {"type": "integer"}), "num: 9223372036854775808\n"),
        ("over-uint64", one("num", {"type": "integer"}), "num: 18446744073709551616\n"),
        ("2^53+1-max", one("num", {"maximum": 9007199254740992}), "num: 9007199254740993\n"),
        ("near-2^64-max", one("num", {"maximum": 18446744073709551615}), "num: 18446744073709551600\n"),
        ("near-2^64-exclusive", one("num", {"exclusiveMaximum": 18446744073709551615}), "num: 18446744073709551000\n"),
        ("2^53+1-multipleOf", one("num", {"multipleOf": 2}), "num: 9007199254740993\n"),
        ("2^53+1-enum", one("num", {"enum": [9007199254740993]}), "num: 9007199254740993\n"),
        ("2^63-const", one("num", {"const": 9223372036854775808}), "num: 9223372036854775808\n"),
        ("2^53+1-const", one("num", {"const": 9007199254740993}), "num: 9007199254740992\n"),
        ("float-integer", one("num", {"type": "integer"}), "num: 1.0\n"),
        ("exp-integer", one("num", {"type": "integer"}), "num: 1e3\n"),
        ("multipleOf-float", one("num", {"multipleOf": 0.01}), "num: 0.07\n"),
        ("multipleOf-big", one("num", {"multipleOf": 3}), "num: 9223372036854775806\n"),
        ("enum-1-vs-1.0", one("num", {"enum": [1]}), "num: 1.0\n"),
        ("uniqueItems-1-vs-1.0", one("l", {"uniqueItems": True}), "l: [1, 1.0]\n"),
        ("negative-zero", one("num", {"exclusiveMinimum": 0}), "num: -0.0\n"),
        ("huge-float", one("num", {"type": "number", "maximum": 1e308}), "num: 1e309\n"),
        ("minLength-astral", one("s", {"minLength": 2}), "s: 😀\n"),
        ("maxLength-combining", one("s", {"maxLength": 1}), "s: e\u0301\n"),
    ]
    return [(f"number-{n}", s, d, None) for n, s, d in big]


YAML_WORDS = [
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("off", "off"), ("y", "y"), ("n", "n"),
    ("True", "True"), ("NO", "NO"), ("octal-0777", "0777"), ("octal-0o17", "0o17"),
    ("underscore", "1_000"), ("sexagesimal", "1:20"), ("hex", "0x1F"), ("binary", "0b101"),
    ("leading-zero-08", "08"), ("inf", ".inf"), ("nan", ".nan"), ("tilde", "~"), ("empty", ""),
    ("timestamp", "2001-12-14"), ("exp", "1e3"), ("plus", "+12"), ("dot5", ".5"), ("equals", "="),
]


def yaml_words():
    """YAML 1.1 words and number forms, as Helm's YAML reader types them, against each type."""
    out = []
    for name, word in YAML_WORDS:
        for t in ("string", "boolean", "integer", "number", "null"):
            schema = one("v", {"type": t})
            out.append((f"yaml-{name}/{t}", schema, f"v: {word}\n", None))
            out.append((f"yaml-user-{name}/{t}", schema, "", f"v: {word}\n"))
        key = word or '""'
        out.append((f"yaml-key-{name}", {"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}},
                    f"{key}: 1\n", None))
        out.append((f"yaml-key-exact-{name}", {"type": "object", "properties": {word: {}}, "additionalProperties": False},
                    f"{key}: 1\n", None))
    return out


def misc():
    """Coalescing, references, and schemas Helm cannot use."""
    return [
        ("null-deletes-required", {"type": "object", "required": ["a"]}, "a: 1\n", "a: null\n"),
        ("null-in-defaults", one("a", {"type": "string"}), "a: null\n", None),
        ("table-over-scalar", one("a", {"type": "string"}), "a: {b: 1}\n", "a: x\n"),
        ("scalar-over-table", one("a", {"type": "object"}), "a: x\n", "a: {b: 1}\n"),
        ("empty-defaults", {"type": "object", "required": ["a"]}, "", None),
        ("root-not-object", {"type": "array"}, "a: 1\n", None),
        ("remote-ref", one("a", {"$ref": "https://example.invalid/schema.json"}), "a: 1\n", None),
        ("missing-ref", one("a", {"$ref": "#/$defs/missing"}), "a: 1\n", None),
        # Helm resolves a reference as validation reaches it: one in a definition nothing uses is
        # no error (cloudzero-agent v1.2.7 ships twelve), wherever it points.
        ("missing-ref-unreached", {"$defs": {"unused": {"$ref": "#/$defs/missing"}},
                                   "properties": {"a": {"type": "string"}}}, "a: 1\n", None),
        ("remote-ref-unreached", {"definitions": {"unused": {"properties": {"x": {"$ref": "https://example.invalid/s.json"}}}},
                                  "properties": {"a": {"type": "string"}}}, "a: x\n", None),
        ("missing-ref-reached-through-defs", {"$defs": {"used": {"$ref": "#/$defs/missing"}},
                                              "properties": {"a": {"$ref": "#/$defs/used"}}}, "a: x\n", None),
        ("file-ref", one("a", {"$ref": "other.json"}), "a: 1\n", None),
        ("anchor-ref", {"$defs": {"x": {"$anchor": "xa", "type": "integer"}}, "properties": {"a": {"$ref": "#xa"}}}, "a: s\n", None),
        ("id-relative-ref", {"$id": "https://example.com/s/root.json", "$defs": {"x": {"$id": "x.json", "type": "integer"}},
                             "properties": {"a": {"$ref": "x.json"}}}, "a: s\n", None),
        ("urn-ref", one("a", {"$ref": "urn:example:thing"}), "a: 1\n", None),
        # A draft-07 anchor as the fragment of an `$id` with a URI (the two indexes once disagreed).
        ("id-uri-fragment-anchor-07", {"$schema": S07, "$id": "https://example.com/root.json",
                                       "definitions": {"x": {"$id": "item.json#thing", "type": "integer"}},
                                       "properties": {"a": {"$ref": "item.json#thing"}}}, "a: s\n", None),
        # An `$id` beside `$ref` is ignored before 2019-09, its anchor too.
        ("id-anchor-beside-ref-07", {"$schema": S07, "definitions": {
            "i": {"type": "integer"}, "x": {"$id": "#thing", "$ref": "#/definitions/i"}},
            "properties": {"a": {"$ref": "#thing"}}}, "a: s\n", None),
        ("not-json", "{not json", "a: 1\n", None),
        ("type-not-a-type", one("a", {"type": "text"}), "a: 1\n", None),
        ("type-number-value", one("a", {"type": 5}), "a: 1\n", None),
        ("required-not-array", {"required": "a"}, "a: 1\n", None),
        ("minimum-string", one("a", {"minimum": "3"}), "a: 1\n", None),
        ("bad-regex", one("a", {"type": "string", "pattern": "(unclosed"}), "a: x\n", None),
        ("schema-true", True, "a: 1\n", None),
        ("schema-false", False, "a: 1\n", None),
        ("if-then-else", {"if": {"properties": {"k": {"const": "a"}}}, "then": {"required": ["x"]},
                          "else": {"required": ["y"]}}, "k: a\ny: 1\n", None),
        ("dependentRequired", {"dependentRequired": {"a": ["b"]}}, "a: 1\n", None),
        ("dependencies-07", {"$schema": S07, "dependencies": {"a": ["b"]}}, "a: 1\n", None),
        ("dependencies-2020", {"dependencies": {"a": ["b"]}}, "a: 1\n", None),
        ("contains-min", one("l", {"contains": {"type": "integer"}, "minContains": 2}), "l: [1, x]\n", None),
        ("propertyNames", {"propertyNames": {"maxLength": 2}}, "abc: 1\n", None),
        ("oneOf-both", one("a", {"oneOf": [{"type": "integer"}, {"minimum": 0}]}), "a: 1\n", None),
        ("anyOf-none", one("a", {"anyOf": [{"type": "integer"}, {"type": "boolean"}]}), "a: x\n", None),
        ("not", one("a", {"not": {"type": "string"}}), "a: x\n", None),
        ("nested-ref-errors", {"$defs": {"o": {"properties": {"b": {"type": "integer"}, "c": {"type": "integer"}}}},
                               "properties": {"a": {"$ref": "#/$defs/o"}}}, "a: {b: x, c: y}\n", None),
        ("allOf-two", one("a", {"allOf": [{"type": "integer"}, {"minimum": 3}]}), "a: x\n", None),
        ("additional-and-pattern", {"patternProperties": {"^x": {}}, "additionalProperties": False}, "xa: 1\nb: 2\n", None),
        ("duplicate-key", one("a", {"type": "integer"}), "a: 1\na: x\n", None),
        ("merge-key", one("b", {"required": ["x"]}), "base: &b {x: 1}\nb:\n  <<: *b\n", None),
        ("multi-document", one("a", {"type": "integer"}), "a: x\n---\na: 1\n", None),
        ("user-multi-document", one("a", {"type": "integer"}), "", "a: x\n---\na: 1\n"),
        ("multi-document-merged", one("a", {"required": ["k", "l"]}), "a: {k: 1}\n---\na: {l: 2}\n", None),
        ("user-multi-document-merged", one("a", {"required": ["k", "l"]}), "", "a: {k: 1}\n---\n---\na: {l: x}\n"),
        ("user-multi-document-later-wrong", one("a", {"type": "integer"}), "", "a: 1\nb: 2\n---\na: x\n"),
        ("multi-document-list", {"type": "object"}, "a: 1\n---\n- x\n", None),
        ("bom", one("a", {"type": "integer"}), "\ufeffa: x\n", None),
    ]


def tabs():
    """Tabs where go-yaml (Helm's reader) reads a line's indentation or its next block token:
    refused there, read inside a line, a flow collection or a block scalar's content; each as
    the chart's defaults and as a user's file."""
    texts = [
        ("tab-line", "a: 1\n \t\nb: 2\n"), ("first-line-tab", " \t\nb: 2\n"),
        ("tab-line-left-of-plain", "a: 1\n\t\nb: 2\n"), ("tab-line-nested", "a:\n  b: 1\n   \t\n  c: 2\n"),
        ("tab-line-nested-left", "a:\n  b: 1\n \t\n  c: 2\n"), ("tab-line-after-key", "a:\n \t\n  b: 2\n"),
        ("tab-line-after-comment", "a: 1 # c\n \t\nb: 2\n"), ("tab-line-after-quoted", "a: \"x\"\n \t\nb: 2\n"),
        ("tab-line-after-flow", "a: [1]\n \t\nb: 2\n"), ("tab-line-after-document-start", "---\n\t\na: 1\n"),
        ("tab-before-comment", "a: 1\n\t# c\nb: 2\n"), ("space-tab-before-comment", "a: 1\n \t# c\nb: 2\n"),
        ("tab-line-in-list", "a:\n  - x\n \t\n  - y\n"), ("tab-line-in-list-right", "a:\n  - x\n   \t\n  - y\n"),
        ("tab-after-dash", "a:\n- \tb\n"), ("tab-indents-key", "\ta: 1\n"),
        ("block-scalar-tab-line-left", "a: |\n  x\n \t\nb: 1\n"),
        ("block-scalar-tab-line-nested", "a:\n  b: |\n    x\n  \t\n  c: 1\n"),
        ("block-scalar-tab-content", "a: |\n  x\n  \ty\nb: 1\n"), ("block-scalar-tab-line-in", "a: |\n  x\n  \t\n  y\nb: 1\n"),
        ("block-scalar-header-tab", "a: |\t# c\n  x\n"), ("block-scalar-then-comment", "a: |\n  x\n# c\n\t\nb: 1\n"),
        ("tab-inside-lines", "a: \tb\nc: d\t# e\nf:\t# g\nh: i\tj\nk\tl: m\nn: 1\t\n"),
        ("tab-in-flow", "a: [1,\n\t2]\n"), ("tab-continues-plain", "a: x\n \ty\nb: 1\n"),
        ("document-start-tab", "---\t\na: 1\n"), ("colon-tab-complex-key", "? a\n:\tb\n"),
        ("colon-tab-in-plain", "x: a:\tb\n"),
    ]
    # Tabs saphyr refuses and go-yaml reads as white space: each value pinned by `const`, so a
    # reading that differs from Helm's is a different verdict.
    read = [
        ("colon-tab", "a:\tb\n", {"a": "b"}),
        ("colon-tabs", "a:\t\tb\nc:\t \t1\n", {"a": "b", "c": 1}),
        ("colon-tab-quoted", "a:\t\"b\"\nc:\t'd'\n", {"a": "b", "c": "d"}),
        ("colon-tab-comment", "a:\t1 # c\nb:\t# c\n  d: 2\n", {"a": 1, "b": {"d": 2}}),
        ("colon-tab-nested", "a:\n  b:\tc\n", {"a": {"b": "c"}}),
        ("colon-tab-in-list", "l:\n- a:\tb\n  c:\t{d: 1}\n", {"l": [{"a": "b", "c": {"d": 1}}]}),
        ("colon-tab-quoted-key", "\"a\":\tb\n'c':\t1\n", {"a": "b", "c": 1}),
        ("colon-tab-anchor", "a:\t&x 1\nb:\t*x\n", {"a": 1, "b": 1}),
        ("colon-tab-block-scalar", "a:\t|\n  x\n", {"a": "x\n"}),
        ("quoted-line-tab", "a: \"x\n\ty\"\n", {"a": "x y"}),
        ("single-quoted-line-tab", "a: 'x\n\ty'\n", {"a": "x y"}),
        ("quoted-line-tabs-spaces", "a: \"x\n \t y\n\t\t z\"\n", {"a": "x y z"}),
        ("quoted-line-tab-blank", "a: \"x\n\t\n\ty\"\n", {"a": "x\ny"}),
        ("quoted-line-tab-escaped-break", "a: \"x\\\n\ty\"\n", {"a": "xy"}),
        ("quoted-line-tab-then-key", "a: 'x\n\ty'\nb:\t2\n", {"a": "x y", "b": 2}),
    ]
    out = []
    for name, text in texts:
        out.append((name, {"type": "object"}, text, None))
        out.append((f"user-{name}", {"type": "object"}, "", text))
    for name, text, values in read:
        schema = {"type": "object", "properties": {k: {"const": v} for k, v in values.items()}}
        out.append((name, schema, text, None))
        out.append((f"user-{name}", schema, "", text))
    return out


def all_probes():
    """Every probe as `(group, name, schema text, defaults text, user text or None)`."""
    out = []
    for group in (drafts, formats, patterns, numbers, yaml_words, misc, tabs):
        for name, schema, defaults, user in group():
            text = schema if isinstance(schema, str) else json.dumps(schema, ensure_ascii=False)
            out.append((group.__name__, name, text, defaults, user))
    return out
