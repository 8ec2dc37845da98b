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


# Texts per format, valid and invalid, asked under draft-07: each branch of Helm's format.go
# (santhosh-tekuri/jsonschema v6.0.2) and of what it calls (Go's time.Parse, netip.ParseAddr,
# url.Parse, strconv.Atoi), with the texts where RFC-strict checks and Go part ways.
FORMAT_TEXTS = {
    "date": [
        "2024-02-29", "2000-02-29", "0000-01-01", "9999-12-31", "2024-13-45", "2024-00-10",
        "2024-02-30", "2023-02-29", "1900-02-29", "2024-04-31", "2024-01-00", "2024-01-32",
        "+123-01-01", "2024-1-01", "2024-01-1", "2024-1x-01", "2024-001-01", "2024-01-01x",
        "2024-01-01 ", "2024-01-01\n", "2024/01/01", "", "abc", "20", "2024-01", "2024-01-",
        "2\u00e924-01-01", "2024-01-0\u00e9", "2024-\"1-01", "2024-01-01T00:00:00Z",
    ],
    "time": [
        "12:34:56Z", "12:34:56z", "12:34:56.789Z", "23:59:60Z", "12:34:56+05:30", "12:34:56-05:30",
        "23:59:60+00:00", "00:59:60+01:00", "12:34:56.5+01:00", "+1:00:00Z", "12:34:56++1:00",
        "25:00", "12:34:56", "1234:56Z", "ab:cd:efZ", "1::00:00Z", "-1:00:00Z", "24:00:00Z",
        "12:60:00Z", "12:00:61Z", "12:34:56.Z", "12:34:56X", "12:34:56*05:30", "12:34:56+05300",
        "12:34:56+aa:bb", "12:34:56+-1:00", "12:34:56+24:00", "12:34:56+00:60", "12:34:60Z",
        "23:59:60+01:00", "23:59:60-01:00", "\u00e92:34:56Z", "12:34:56.123456789012Z",
        "12:34:56\u00e9", "12:34:56.1\u00e9\u00e9\u00e9",
    ],
    "date-time": [
        "2024-01-01T00:00:00Z", "2024-01-01t00:00:00z", "2024-01-01T23:59:60Z",
        "2024-01-01T00:00:00.5+01:00", "yesterday", "2024-01-01T00:00:00", "2024-01-01 00:00:00Z",
        "2024-13-01T00:00:00Z", "2024-02-30T00:00:00Z", "2024-01-01T25:00:00Z",
        "2024-01-01T00:00:00+0100", "2024-01-01T12:00:60Z", "2024-01-\u00e9T00:00:00Z",
        "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9",
        "2024-01-0\u00e9T00:00:00Z",
    ],
    "ipv4": [
        "1.2.3.4", "0.0.0.0", "255.255.255.255", "300.1.1.1", "256.0.0.0", "1.2.3", "1.2.3.4.5",
        "01.2.3.4", "+1.2.3.4", "-1.2.3.4", "a.b.c.d", "1..3.4", "99999999999999999999.1.1.1",
        "1.2.3.\u00e9", "",
    ],
    "ipv6": [
        "::1", "::", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7::",
        "zz::1", "fe80::1%eth0", "1.2.3.4", "1.2.3.4:5", ":", "1:", "1:2:3:4:5:6:7", "1::2::3",
        "12345::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8::", "::1.2.3.256", "1.2.3.4::",
        "::1.2.3", "1:2:3:4:5:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "::2:3:4:5:6:7:1.2.3.4",
        "1:2:3:4:5:6:7:8:1.2.3.4", "::1%", "a%b:c", "::x", "::1 ", "::1.02.3.4", "::1..2.3",
        "::\u00e9", "",
    ],
    "hostname": [
        "example.com", "example.com.", "xn--bcher-kva.example", "-bad-", "a-.com", "b\u00fccher.example",
        "a..b", "", ".", "a" * 64 + ".com", ("a" * 63 + ".") * 4, "a_b", "a b", "a\nb", "a'b",
    ],
    "email": [
        "a@b.c", "\"quoted\"@x.com", "not an email", "\"a\\b\"@x.com", ".a@x.com", "a.@x.com",
        "a..b@x.com", "a b@x.com", "a@[1.2.3.4]", "a@[300.1.1.1]", "a@[IPv6:::1]", "a@[IPv6:zz::1]",
        "a@[IPv6:1.2.3.4]", "a@-x.com", "\u00fc@x.com", "a" * 65 + "@x.com", "\"\u00e9@x.com",
        "a@" + "b" * 253,
    ],
    "uuid": [
        "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "not-a-uuid",
        "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g",
        "123e4567-e89b-12d3-a456-426614174\u00e9", "123e456-e89b-12d3-a456-426614174000",
    ],
    "duration": [
        "P1D", "P1W", "P1Y2M3DT4H5M6S", "PT1M", "5 minutes", "P", "PT", "P1DT", "PW", "P1.5W",
        "P1M1Y", "P1X", "PT1H1H", "P1DT1HT1M", "P1", "PTM", "P1\u00e9", "P1DT1D",
    ],
    "period": [
        "P1D/2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z/P1D", "2024-01-01T00:00:00Z/2024-02-01T00:00:00Z",
        "x", "P1X/2024-01-01T00:00:00Z", "P1D/x", "x/P1D", "2024-01-01T00:00:00Z/P",
        "2024-01-01T00:00:00Z/x", "P1D/P1D",
    ],
    "semver": [
        "1.2.3", "1.2.3-rc.1+build.5", "01.2.3", "1.2", "1.2.3-", "1.2.3+", "1.2.3+a..b", "1.2.3+a_b",
        "1.2.3-01", "1.2.3-a_b", "1..3", "a.b.c", "1.2.3-\u00e9",
    ],
    "json-pointer": ["", "/", "/a~0b", "/~1/~0", "/a/b c", "/\u00e9", "no-slash", "/a~2", "/a~", "/a~/b"],
    "relative-json-pointer": ["0", "1/a", "0#", "10/b", "1#", "01", "a", "1#x", "2/a~", "-1", ""],
    "uri": [
        "http://example.com", "http://example.com/a b", "a:b", "mailto:a b", "HTTP://EXAMPLE.COM",
        "urn:isbn:0451450523", "http://[::1]:80/", "http://u@[::1]:8/", "http://user:p@ss@h/",
        "http://h\u00e9/", "http://%C3%A9/", "http:///x", "http://h?q=%zz", "http://h#frag ment",
        "http://h:/", "http://[::1]:/", "not a uri", "*", "//example.com/x", ":x",
        "http://localhost:80:80/", "http://::1/", "http://a b/", "%zz", "http://x/%zz",
        "http://h/a%2", "http://h/%zz#f", "http://h/#%zz", "http://[::1%25en0]/", "foo://localhost:80:80/",
        "ftp://a:b:c/", "ftp://a:1:2/", "http://a:b:c/", "http://a[b]/", "http://[1.2.3.4]/",
        "http://[::1]x/", "http://[::1/", "http://[zz::1]/", "http://[fe80::1%25%zz]/",
        "http://[fe80::1%25en0%2F]/", "http://%41/", "http://us er@h/", "http://\u00e9@h/",
        "http://h:8\u00e9/", "http://h/\u0001", "http://h/\u007f",
    ],
    "iri": ["http://\u4f8b\u3048.jp/\u30d1\u30b9", "not an iri", "http://ex ample/"],
    "uri-reference": [
        "../x", "#frag", "", "/a b", "a:b", "\\\\bad", ":x", "//h:x/", "x y:z", "%zz", "http://[::1/",
    ],
    "iri-reference": ["../a b", "\\a", "http://\u4f8b.jp/x"],
    "uri-template": [
        "http://example.com/{id}", "http://example.com/{a}{b}", "{x}", "http://example.com/?q={x",
        "not a uri", "http://example.com/{{a}}", "http://example.com/{a", "http://example.com/a}",
        "http://example.com/%7Ba", "http://{host}/", "http://example.com/a b{", ":x",
    ],
    "regex": ["a+", "(unclosed", "\\p{Latn}", "[z-a]", "a**", "(?<x>a)", "x{1001}"],
}


def formats():
    """`format` per draft: Helm asserts some formats under some drafts and no others; under
    draft-07, each text of FORMAT_TEXTS."""
    out = []
    for label, draft in (("none", None), ("draft-07", S07), ("2019-09", S2019), ("2020-12", S2020), ("draft-04", S04)):
        for fmt, bad in FORMATS:
            out.append((f"format-{fmt}/{label}", one("f", {"type": "string", "format": fmt}, draft),
                        f"f: {json.dumps(bad)}\n", None))
        enc = one("e", {"type": "string", "contentEncoding": "base64", "contentMediaType": "application/json"}, draft)
        out.append((f"contentEncoding/{label}", enc, 'e: "!!! not base64"\n', None))
    for fmt, texts in FORMAT_TEXTS.items():
        schema = one("f", {"type": "string", "format": fmt}, S07)
        for n, text in enumerate(texts):
            out.append((f"format-text-{fmt}/{n}", schema, f"f: {json.dumps(text)}\n", None))
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
    # Go 1.26's regexp, as our own engine (crates/values-migrate-regexp) reads it.
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
    # Go's `%q` of the value in Helm's words: each character printed or escaped by its Unicode
    # 15.0 category (format, unassigned, private use, marks, separators, astral, controls).
    schema = one("p", {"type": "string", "pattern": "^$"})
    for i, text in enumerate(QUOTED):
        out.append((f"pattern-quoted/{i}", schema, f'p: "{text}"\n', None))
    return out


# Values written as YAML double-quoted escapes, so that every code point reaches Helm as is.
QUOTED = [
    r"a\u00adb\u0378c\ue000d\u0301e\u00a0f\u2028g\ufeffh\u061ci\u200bj\u0600k",
    r"\U0001f600\U000e0001\U0010ffff\U0001d173\u0085\u007f\t\u0007",
    r"it's \"q\" \\ end\\",
    r"\u1c89\U00011f00\U00031350\U0001e4d0\u08e2\u0890",
]


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
    # Schema numbers beyond a double, sent as text: Helm compares them as written (`big.Rat`).
    def text(sub):
        return '{"type": "object", "properties": {"num": {' + sub + '}}}'
    big += [
        ("minimum-beyond-int64", text('"minimum": -18446744073709551615'), "num: -18446744073709551600\n"),
        ("exclusiveMaximum-28-digits", text('"exclusiveMaximum": 972783798187987123879878123.18878137'),
         "num: 972783798187987123879878123.188781371\n"),
        ("minimum-17-digits", text('"minimum": 0.10000000000000001'), "num: 0.1\n"),
        ("maximum-17-digits", text('"maximum": 0.09999999999999999'), "num: 0.1\n"),
        ("multipleOf-17-digits", text('"multipleOf": 0.10000000000000001'), "num: 0.2\n"),
        ("multipleOf-2^100", text('"multipleOf": 1267650600228229401496703205376'), "num: 1e100\n"),
        ("enum-17-digits", text('"enum": [0.10000000000000001, 2]'), "num: 0.1\n"),
        ("const-2^64", text('"const": 18446744073709551616'), "num: 18446744073709551616\n"),
        ("const-2^64-nested", text('"const": {"a": [18446744073709551616]}'), "num:\n  a: [18446744073709551616]\n"),
    ]
    # Schema numbers as Helm prints them: an `enum`'s or a `const`'s as written (a `json.Number`),
    # a bound's as the float64 nearest to it; a meta-schema's words on them.
    printed = [
        ("enum-1e2", '"enum": [1e2]', "num: 5\n"),
        ("enum-written", '"enum": [1E+2, 1.0, -0, 100.50, 0.10000000000000001, 18446744073709551616]', "num: 5\n"),
        ("enum-mixed", '"enum": [1e2, "x", true, null]', "num: 5\n"),
        ("enum-nested", '"enum": [[1e2], {"a": 1.50}]', "num: 5\n"),
        ("enum-nested-equal", '"enum": [[1e2], {"a": 1.50}]', "num: [100]\n"),
        ("const-1e2", '"const": 1e2', "num: 5\n"),
        ("const-1E+2", '"const": 1E+2', "num: 100\n"),
        ("const-minus-0", '"const": -0', "num: 5\n"),
        ("const-minus-0.0", '"const": -0.0', "num: 5\n"),
        ("const-1.0", '"const": 1.0', "num: 5\n"),
        ("const-100.50", '"const": 100.50', "num: 5\n"),
        ("const-1e-400", '"const": 1e-400', "num: 0\n"),
        ("const-23-digits", '"const": 0.12345678901234567890123', "num: 5\n"),
        ("const-nested", '"const": [1e2]', "num: 5\n"),
        ("minimum-1e2", '"minimum": 1e2', "num: 5\n"),
        ("minimum-1.50", '"minimum": 1.50', "num: 1\n"),
        ("minimum-1E+2", '"minimum": 1E+2', "num: 5\n"),
        ("minimum-1e-400", '"minimum": 1e-400', "num: 0\n"),
        ("maximum-1e-400", '"maximum": 1e-400', "num: 5\n"),
        ("maximum-2^64", '"maximum": 18446744073709551616', "num: 1e20\n"),
        ("exclusiveMinimum-1e2", '"exclusiveMinimum": 1e2', "num: 5\n"),
        ("exclusiveMinimum-1e-400", '"exclusiveMinimum": 1e-400', "num: 0\n"),
        ("exclusiveMinimum-minus-1e-400", '"exclusiveMinimum": -1e-400', "num: 0\n"),
        ("exclusiveMaximum-1.50", '"exclusiveMaximum": 1.50', "num: 5\n"),
        ("multipleOf-1.50", '"multipleOf": 1.50', "num: 5\n"),
        ("multipleOf-1e2", '"multipleOf": 1e2', "num: 5\n"),
        ("multipleOf-1e-400", '"multipleOf": 1e-400', "num: 5.5\n"),
        ("multipleOf-0", '"multipleOf": 0', "num: 5\n"),
        ("multipleOf-minus-1e2", '"multipleOf": -1e2', "num: 5\n"),
        ("multipleOf-minus-0.0", '"multipleOf": -0.0', "num: 5\n"),
        ("multipleOf-minus-1e-400", '"multipleOf": -1e-400', "num: 5\n"),
        ("minLength-1e1", '"minLength": 1e1', "num: abc\n"),
        ("minLength-minus-1e0", '"minLength": -1e0', "num: a\n"),
        ("minLength-1.50", '"minLength": 1.50', "num: a\n"),
        ("minLength-minus-2^64", '"minLength": -18446744073709551616', "num: a\n"),
        ("maxItems-1E0", '"maxItems": 1E0', "num: [1, 2]\n"),
        ("maxItems-1e-400", '"maxItems": 1e-400', "num: [1]\n"),
        ("minContains-1e1", '"minContains": 1e1, "contains": {"const": 1}', "num: [1]\n"),
    ]
    # Beyond a double's range, and counts beyond 64 bits (Helm's Go `int`: the low 64 bits).
    printed += [
        ("minimum-1e400", '"minimum": 1e400', "num: 5\n"),
        ("maximum-1e400", '"maximum": 1e400', "num: 5\n"),
        ("minimum-minus-1e400", '"minimum": -1e400', "num: 5\n"),
        ("maximum-minus-1e400", '"maximum": -1e400', "num: 5\n"),
        ("exclusiveMinimum-1e400", '"exclusiveMinimum": 1e400', "num: 5\n"),
        ("exclusiveMaximum-minus-1e400", '"exclusiveMaximum": -1e400', "num: 5\n"),
        ("multipleOf-1e400", '"multipleOf": 1e400', "num: 5\n"),
        ("multipleOf-1e400-zero", '"multipleOf": 1e400', "num: 0\n"),
        ("const-1e400", '"const": 1e400', "num: 5\n"),
        ("enum-beyond", '"enum": [1e400, -1E+999]', "num: 5\n"),
        ("minLength-1e400", '"minLength": 1e400', "num: a\n"),
        ("minLength-2^64+5", '"minLength": 18446744073709551621', "num: abc\n"),
        ("maxLength-2^63", '"maxLength": 9223372036854775808', "num: a\n"),
        ("maxLength-2^64+1", '"maxLength": 18446744073709551617', "num: abc\n"),
        ("maxItems-1e20", '"maxItems": 1e20', "num: [1]\n"),
        ("maxContains-2^63", '"maxContains": 9223372036854775808, "contains": {"const": 1}', "num: [1]\n"),
        ("minContains-2^64+2", '"minContains": 18446744073709551618, "contains": {"const": 1}', "num: [1]\n"),
    ]
    big += [(f"printed-{n}", text(sub), d) for n, sub, d in printed]
    draft4 = '{"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"num": {%s}}}'
    big += [
        ("printed-draft-04-multipleOf-0", draft4 % '"multipleOf": 0', "num: 5\n"),
        ("printed-draft-04-multipleOf-1e-400", draft4 % '"multipleOf": 1e-400', "num: 5.5\n"),
        ("printed-draft-04-enum-1e2", draft4 % '"enum": [1e2, -0]', "num: 5\n"),
        ("printed-draft-04-exclusive-1.50", draft4 % '"maximum": 1.50, "exclusiveMaximum": true', "num: 1.5\n"),
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
        ("user-multi-document-list", {"type": "object"}, "", "a: 1\n---\n- x\n"),
        ("user-multi-document-scalar", one("a", {"type": "integer"}), "", "a: 1\n---\nx\n"),
        ("bom", one("a", {"type": "integer"}), "\ufeffa: x\n", None),
    ]


S06 = "http://json-schema.org/draft-06/schema#"


def contains():
    """`contains` with `minContains`/`maxContains`, per draft (the bounds are keywords from
    2019-09; `contains` from draft-06): every matching item counted and listed, both bounds
    failing at once, `minContains: 0`, `true`/`false` as `contains`, inside `anyOf`/`oneOf`/`not`,
    a `$ref`'s several errors as causes, `contains` nested, beside `items` and
    `unevaluatedItems` (2020-12 marks matched items evaluated, 2019-09 does not)."""
    ints = {"type": "integer"}
    cases = [
        ("max", {"contains": ints, "maxContains": 1}, "l: [1, 2, x, 3]\n"),
        ("max-0", {"contains": ints, "maxContains": 0}, "l: [1, x]\n"),
        ("max-met", {"contains": ints, "maxContains": 2}, "l: [1, x, 2]\n"),
        ("max-none-matched", {"contains": ints, "maxContains": 2}, "l: [x, z]\n"),
        ("min-and-max", {"contains": ints, "minContains": 2, "maxContains": 3}, "l: [1, 2, 3, 4, x]\n"),
        ("min-over-max", {"contains": ints, "minContains": 3, "maxContains": 1}, "l: [1, 2, x]\n"),
        ("min-0-none", {"contains": ints, "minContains": 0, "maxContains": 1}, "l: [x, z]\n"),
        ("min-0-over", {"contains": ints, "minContains": 0, "maxContains": 1}, "l: [1, 2]\n"),
        ("min-none-matched", {"contains": ints, "minContains": 2}, "l: [x, z]\n"),
        ("many-matched", {"contains": ints, "maxContains": 1000}, "l: " + json.dumps(list(range(1002))) + "\n"),
        ("max-without-contains", {"maxContains": 1}, "l: [1, 2]\n"),
        ("true", {"contains": True, "maxContains": 1}, "l: [1, 2]\n"),
        ("false", {"contains": False, "maxContains": 1}, "l: [1, 2]\n"),
        ("false-min-0", {"contains": False, "minContains": 0}, "l: [1, 2]\n"),
        ("empty", {"contains": ints}, "l: []\n"),
        ("empty-min-0", {"contains": ints, "minContains": 0}, "l: []\n"),
        ("in-anyOf", {"anyOf": [{"contains": ints, "maxContains": 1}, {"maxItems": 1}]}, "l: [1, 2, x]\n"),
        ("in-oneOf", {"oneOf": [{"contains": ints, "maxContains": 1},
                                {"contains": {"type": "string"}, "minContains": 2}]}, "l: [1, 2, x]\n"),
        ("in-not", {"not": {"contains": ints, "maxContains": 1}}, "l: [1, x]\n"),
        ("causes-grouped", {"contains": {"type": "object", "required": ["a", "b"],
                                         "properties": {"c": {"type": "string"}}}, "minContains": 1},
         "l: [{c: 1}, 3]\n"),
        ("nested", {"contains": {"contains": ints, "maxContains": 1}}, "l: [[1, 2], [3, 4]]\n"),
        ("beside-items", {"type": "array", "items": ints, "contains": {"minimum": 5}, "maxContains": 1},
         "l: [5, 6, x]\n"),
        ("unevaluatedItems", {"contains": ints, "maxContains": 1, "unevaluatedItems": False}, "l: [1, 2, x]\n"),
    ]
    out = []
    for label, draft in (("none", None), ("2019-09", S2019), ("draft-07", S07), ("draft-06", S06), ("draft-04", S04)):
        for name, sub, defaults in cases:
            out.append((f"{name}/{label}", one("l", sub, draft), defaults, None))
        ref = {**one("l", {"contains": {"$ref": "#/definitions/x"}}, draft),
               "definitions": {"x": {"type": "integer", "minimum": 5, "multipleOf": 2}}}
        out.append((f"ref-causes/{label}", ref, "l: [x, 1]\n", None))
    out.append(("user-over-defaults/none", one("l", {"contains": ints, "maxContains": 1}), "l: [x]\n", "l: [1, 2]\n"))
    return out


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
        ("colon-tab-in-plain", "x: a:\tb\n"), ("colon-space-tab-complex-key", "? a\n: \tb\n"),
        ("colon-tabs-complex-key", "? a\n:\t\tb\n"),
        ("quoted-line-left-separator", "a:\n  b: \"x\n--- y\"\n"),
        ("quoted-line-left-document-end", "a:\n  b: \"x\n... y\"\n"),
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
        # A quoted line left of its block indentation: go-yaml checks none inside quotes.
        ("quoted-line-left", "a:\n  b: \"x\n y\"\n", {"a": {"b": "x y"}}),
        ("quoted-line-left-tab", "a:\n  b: \"x\n\ty\"\n", {"a": {"b": "x y"}}),
        ("quoted-line-left-tabs", "a:\n  b: \"x\n\t\ty\"\n", {"a": {"b": "x y"}}),
        ("quoted-line-column-0", "a:\n  b: \"x\ny\"\nc: 1\n", {"a": {"b": "x y"}, "c": 1}),
        ("single-quoted-line-left", "a:\n  b: 'x\n y'\n", {"a": {"b": "x y"}}),
        ("quoted-line-left-blank", "a:\n  b: \"x\n\n y\"\n", {"a": {"b": "x\ny"}}),
        ("quoted-line-left-in-list", "a:\n  - \"x\n y\"\n", {"a": ["x y"]}),
        ("quoted-line-left-in-flow", "a:\n  b: [ \"x\n y\" ]\n", {"a": {"b": ["x y"]}}),
        ("quoted-line-left-dots", "a:\n  b: \"x\n...\"\n", {"a": {"b": "x ..."}}),
        ("quoted-line-left-hash", "a:\n  b: \"x\n #y\"\n", {"a": {"b": "x #y"}}),
        ("quoted-line-left-escaped-break", "a:\n  b: \"x\\\ny\"\n", {"a": {"b": "xy"}}),
        ("quoted-lines-left", "a:\n  b: \"x\n\ty\n\nz\"\n  c: 'p\n q'\n  l:\n  - \"\u00e9\n   \"\nd: [\"m\n n\"]\n",
         {"a": {"b": "x y\nz", "c": "p q", "l": ["\u00e9 "]}, "d": ["m n"]}),
    ]
    return pinned(texts, read)


def pinned(refused, read):
    """Each text as the chart's defaults and as a user's file: the `refused` ones under a
    schema that takes any mapping, the `read` ones with each top-level value pinned by `const`."""
    out = []
    for name, text in refused:
        out.append((name, {"type": "object"}, text, None))
        out.append((f"user-{name}", {"type": "object"}, "", text))
    for name, text, values in read:
        schema = {"type": "object", "properties": {k: {"const": v} for k, v in values.items()}}
        out.append((name, schema, text, None))
        out.append((f"user-{name}", schema, "", text))
    return out


def separators():
    """Lines that start with `---`: Helm's document splitter cuts a values file at each, and
    refuses one followed by anything but a comment, wherever it stands; each as the chart's
    defaults and as a user's file, the values read pinned by `const`."""
    refused = [
        ("separator-flow", "a: 1\n--- {}\n"), ("separator-dashes", "a: 1\n----\nb: 2\n"),
        ("separator-key", "---x: 1\n"), ("separator-in-quotes", "a: \"x\n---\"\n"),
        ("separator-then-mapping", "a: 1\n--- b: 2\n"), ("separator-tag", "--- !!map\na: 1\n"),
        # go-yaml reads each piece on its own: a `...` before any content is refused.
        ("document-end-first", "# c\n...\na: 1\n"), ("document-end-first-in-piece", "a: 1\n---\n...\n"),
        # A directive left by the cut at the `---` after it in a piece of its own.
        ("directive-yaml-1.1", "%YAML 1.1\n---\na: 1\n"), ("directive-yaml-1.2", "%YAML 1.2\n---\na: 1\n"),
        ("directive-tag", "%TAG ! tag:x,2000:\n---\na: 1\n"), ("directive-unknown", "%FOO bar\n---\na: 1\n"),
        ("directive-second-piece", "a: 1\n---\n%YAML 1.1\n---\nb: 2\n"),
    ]
    read = [
        ("separator-comment", "a: 1\n--- # c\nb: 2\n", {"a": 1, "b": 2}),
        ("separator-spaces", "a: 1\n---   \nb: 2\n", {"a": 1, "b": 2}),
        ("separator-crlf", "a: 1\r\n---\r\nb: 2\r\n", {"a": 1, "b": 2}),
        ("separator-indented-key", " ---x: 1\n", {"---x": 1}),
        ("document-end-then-comment", "a: 1\n...\n# c\n", {"a": 1}),
        ("document-ends-after-content", "---\na: 1\n...\n...\n", {"a": 1}),
        ("document-end-then-separator", "a: 1\n...\n---\nb: 2\n", {"a": 1, "b": 2}),
        ("directive-after-document-end", "a: 1\n...\n%YAML 1.2\n---\nb: 2\n", {"a": 1, "b": 2}),
    ]
    return pinned(refused, read)


def escapes():
    """Where go-yaml's escapes part from YAML 1.2's: `\\'` read, `\\/` refused."""
    refused = [
        ("escape-slash", "a: \"x\\/y\"\n"), ("escape-slash-nested", "a:\n  b: [\"http:\\/\\/x\"]\n"),
    ]
    read = [
        ("escape-apostrophe", "a: \"don\\'t\"\n", {"a": "don't"}),
        ("escape-apostrophes-nested", "a:\n  b: \"\\'x\\' \\'y\\'\"\n", {"a": {"b": "'x' 'y'"}}),
        ("escape-backslash-then-apostrophe", "a: \"x\\\\'y\"\n", {"a": "x\\'y"}),
        ("escape-slash-single-quoted", "a: 'x\\/y'\nb: x\\/y\n", {"a": "x\\/y", "b": "x\\/y"}),
    ]
    return pinned(refused, read)


def anchors():
    """Anchor names: go-yaml takes only ASCII letters, digits, `-` and `_` in one."""
    refused = [
        ("anchor-dot", "a: &app.labels {x: 1}\nb: *app.labels\n"), ("anchor-slash", "a: &x/y 1\n"),
        ("anchor-non-ascii", "a: &\u00e9 1\n"), ("alias-dot", "a: &x 1\nb: *x.y\n"),
    ]
    read = [
        ("anchor-dash-underscore", "a: &app-labels_1 {x: 1}\nb: *app-labels_1\n", {"a": {"x": 1}, "b": {"x": 1}}),
        ("anchor-in-flow", "a: [&x , 1]\nb: &y\n  c: 1\nd: *y\n", {"a": [None, 1], "b": {"c": 1}, "d": {"c": 1}}),
    ]
    return pinned(refused, read)


def flow():
    """Plain scalars in flow collections: go-yaml takes a `?` that starts a token as the key
    indicator, and a `:` as a value indicator only before white space."""
    refused = [
        ("flow-question-mark-value", "a: {x: 1, y: ?z}\n"),
        # go-yaml takes a key only on one line, a leading `:` as a value indicator, a `,` into a tag.
        ("flow-colon-next-line", "a: {\"k\"\n  : v}\n"), ("flow-key-over-lines", "a: {k\n  l: v}\n"),
        ("flow-nested-colon-next-line", "a: {b: [1,\n 2], c\n : 3}\n"),
        ("flow-leading-colon", "a: {x: :x}\n"), ("flow-leading-colon-item", "a: [ :x, b]\n"),
        ("flow-tag-comma", "a: {x: !!str, y: 1}\n"),
    ]
    read = [
        ("flow-colon-inside", "b: [x:y, {k: v:w}]\n", {"b": ["x:y", {"k": "v:w"}]}),
        ("flow-explicit-key-over-lines", "a: {? k\n : v, w:\n  x}\n", {"a": {"k": "v", "w": "x"}}),
        ("flow-anchor-comma", "a: [&x, b]\n", {"a": [None, "b"]}),
        ("flow-question-mark-quoted", "a: {x: \"?z\", w: [\"?w\"]}\n", {"a": {"x": "?z", "w": ["?w"]}}),
        # JSON as `JSON.stringify` writes it: a `:` right after a quoted key or a collection is
        # the value indicator for go-yaml too, before a flow indicator as well.
        ("flow-json-adjacent", '{"a":{"b":"x"},"c":["d",{"e":[]}],"f":{},"g":"h"}\n',
         {"a": {"b": "x"}, "c": ["d", {"e": []}], "f": {}, "g": "h"}),
        ("flow-json-adjacent-nested", 'a: {"k":[1],"l" :{m: n}}\n', {"a": {"k": [1], "l": {"m": "n"}}}),
    ]
    return pinned(refused, read)


def all_probes():
    """Every probe as `(group, name, schema text, defaults text, user text or None)`."""
    out = []
    for group in (drafts, formats, patterns, numbers, yaml_words, misc, contains, tabs, separators, escapes, anchors, flow):
        for name, schema, defaults, user in group():
            text = schema if isinstance(schema, str) else json.dumps(schema, ensure_ascii=False)
            out.append((group.__name__, name, text, defaults, user))
    return out
