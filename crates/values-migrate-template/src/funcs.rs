//! The functions a Helm template may call: Go's builtins, sprig v3.3.0's `TxtFuncMap` less `env`
//! and `expandenv` (Masterminds/sprig `functions.go` at v3.3.0), and Helm 4.2.3's own
//! (helm/helm `pkg/engine/funcs.go` at v4.2.3). Go's parser refuses any other name.

/// Every function name Helm's template engine defines, sorted.
const FUNCTIONS: &[&str] = &[
    "abbrev", "abbrevboth", "add", "add1", "add1f", "addf", "adler32sum", "ago", "all", "and",
    "any", "append", "atoi", "b32dec", "b32enc", "b64dec", "b64enc", "base", "bcrypt",
    "biggest", "buildCustomCert", "call", "camelcase", "cat", "ceil", "chunk", "clean",
    "coalesce", "compact", "concat", "contains", "date", "dateInZone", "dateModify",
    "date_in_zone", "date_modify", "decryptAES", "deepCopy", "deepEqual", "default",
    "derivePassword", "dict", "dig", "dir", "div", "divf", "duration", "durationRound", "empty",
    "encryptAES", "eq", "ext", "fail", "first", "float64", "floor", "fromJson", "fromJsonArray",
    "fromToml", "fromYaml", "fromYamlArray", "ge", "genCA", "genCAWithKey", "genPrivateKey",
    "genSelfSignedCert", "genSelfSignedCertWithKey", "genSignedCert", "genSignedCertWithKey",
    "get", "getHostByName", "gt", "has", "hasKey", "hasPrefix", "hasSuffix", "hello", "html",
    "htmlDate", "htmlDateInZone", "htpasswd", "include", "indent", "index", "initial",
    "initials", "int", "int64", "isAbs", "join", "js", "kebabcase", "keys", "kindIs", "kindOf",
    "last", "le", "len", "list", "lookup", "lower", "lt", "max", "maxf", "merge",
    "mergeOverwrite", "min", "minf", "mod", "mul", "mulf", "mustAppend", "mustChunk",
    "mustCompact", "mustDateModify", "mustDeepCopy", "mustFirst", "mustFromJson", "mustHas",
    "mustInitial", "mustLast", "mustMerge", "mustMergeOverwrite", "mustPrepend",
    "mustRegexFind", "mustRegexFindAll", "mustRegexMatch", "mustRegexReplaceAll",
    "mustRegexReplaceAllLiteral", "mustRegexSplit", "mustRest", "mustReverse", "mustSlice",
    "mustToDate", "mustToJson", "mustToPrettyJson", "mustToRawJson", "mustToToml", "mustToYaml",
    "mustUniq", "mustWithout", "must_date_modify", "ne", "nindent", "nospace", "not", "now",
    "omit", "or", "osBase", "osClean", "osDir", "osExt", "osIsAbs", "pick", "pluck", "plural",
    "prepend", "print", "printf", "println", "quote", "randAlpha", "randAlphaNum", "randAscii",
    "randBytes", "randInt", "randNumeric", "regexFind", "regexFindAll", "regexMatch",
    "regexQuoteMeta", "regexReplaceAll", "regexReplaceAllLiteral", "regexSplit", "repeat",
    "replace", "required", "rest", "reverse", "round", "semver", "semverCompare", "seq", "set",
    "sha1sum", "sha256sum", "sha512sum", "shuffle", "slice", "snakecase", "sortAlpha", "split",
    "splitList", "splitn", "squote", "sub", "subf", "substr", "swapcase", "ternary", "title",
    "toDate", "toDecimal", "toJson", "toPrettyJson", "toRawJson", "toString", "toStrings",
    "toToml", "toYaml", "toYamlPretty", "tpl", "trim", "trimAll", "trimPrefix", "trimSuffix",
    "trimall", "trunc", "tuple", "typeIs", "typeIsLike", "typeOf", "uniq", "unixEpoch", "unset",
    "until", "untilStep", "untitle", "upper", "urlJoin", "urlParse", "urlquery", "uuidv4",
    "values", "without", "wrap", "wrapWith",
];

/// Whether Helm's engine defines the function `name`.
pub(crate) fn is_function(name: &str) -> bool {
    FUNCTIONS.binary_search(&name).is_ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_list_is_sorted_so_a_binary_search_finds_every_name() {
        assert!(super::FUNCTIONS.windows(2).all(|w| w[0] < w[1]));
        for name in ["include", "toYaml", "printf", "dict", "tpl", "lookup", "break"] {
            assert_eq!(super::is_function(name), name != "break", "{name}");
        }
        assert!(!super::is_function("env"));
    }
}
