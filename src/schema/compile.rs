//! Compiling a schema from its JSON text: draft selection, the no-fetch rule, error positions.

use serde_json::Value;
use std::collections::HashMap;

use super::charts::PartDraft;
use super::error::{SchemaError, SchemaErrorKind};
use super::locate::locate;
use super::validator::{
    CompileError, HelmError, Pattern, Validator, compile_pattern, go_pattern, go_quote,
};
use super::validator::{
    DEFAULT_BASE, DRAFT_KEYWORD, Index, Literals, Target, bundle, supplied_pointer,
};
use crate::text::LineIndex;

pub use super::validator::Draft;

/// The draft `$schema` names: 2020-12 for a missing or version-less `$schema` (as Helm 3.18.5+
/// and 4 read it), an error naming the URL for a meta-schema that is not a known draft.
fn draft_of(schema: Option<&Value>) -> Result<Draft, SchemaError> {
    let uri = match schema {
        Some(Value::String(uri)) => uri,
        // A non-string `$schema` is left for the meta-schema check to report.
        _ => return Ok(Draft::Draft202012),
    };
    Draft::from_uri(uri).ok_or_else(|| {
        SchemaError::new(
            SchemaErrorKind::UnknownDraft,
            format!(
                "$schema names '{uri}', which is not draft-04, -06, -07, 2019-09 or 2020-12; \
                 its meta-schema would have to be fetched, and nothing is fetched"
            ),
        )
        .at_schema_path("/$schema")
        .with_urls(vec![uri.clone()])
    })
}

/// Everything compiling produces: the validator, the draft, the index and pattern matchers.
pub(crate) struct Compiled {
    /// The document with the supplied documents embedded.
    pub(crate) document: Value,
    pub(crate) draft: Draft,
    pub(crate) validator: Validator,
    pub(crate) index: Index,
    pub(crate) patterns: HashMap<String, Option<Pattern>>,
}

/// Parses `text` as JSON, or says where it is not JSON.
pub(crate) fn parse(text: &str) -> Result<Value, SchemaError> {
    serde_json::from_str(text).map_err(|error| {
        // serde_json counts the column in bytes.
        let lines = LineIndex::new(text);
        let offset = lines
            .line_range_with_ending(error.line())
            .map_or(text.len(), |r| {
                (r.start + error.column().saturating_sub(1)).min(r.end)
            });
        // serde_json's message ends with " at line L column C"; the position is ours to print.
        let message = error.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        SchemaError::new(
            SchemaErrorKind::NotJson,
            format!("the schema is not JSON: {message}"),
        )
        .at_offset(&lines, offset)
    })
}

/// The document `text` holds as Helm reads it (a number beyond a double's range, `1e400`, held
/// as `0`, which the validator reads as its literal: `Literals`), or where it is not JSON.
pub(crate) fn read(text: &str) -> Result<Value, SchemaError> {
    parse(text).or_else(|error| beyond_float(text, &error).ok_or(error))
}

/// The document `text` holds when its only fault for serde_json is a number beyond `float64`
/// (`1E1111111`), each such number read as `0`: valid JSON that Helm reads (as a `json.Number`),
/// so its meta-schema decides, and compares with it as written (`None`: another fault, or none).
fn beyond_float(text: &str, error: &SchemaError) -> Option<Value> {
    let mut text = text.to_string();
    let mut offset = error.offset()?;
    for _ in 0..64 {
        let is_number = |c: char| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-');
        let start = text[..offset].rfind(|c| !is_number(c)).map_or(0, |i| i + 1);
        let end = text[start..]
            .find(|c| !is_number(c))
            .map_or(text.len(), |i| start + i);
        if start == end {
            return None;
        }
        text.replace_range(start..end, "0");
        match parse(&text) {
            Ok(document) => return Some(document),
            Err(e) if e.message().ends_with("number out of range") => offset = e.offset()?,
            Err(_) => return None,
        }
    }
    None
}

/// A document a schema's `$ref` names at a URL, supplied by the caller (Helm fetches it; nothing
/// is fetched here), with its numbers as its text writes them.
#[derive(Clone, Debug)]
pub struct Supplied {
    url: String,
    document: Value,
    literals: Literals,
}

impl Supplied {
    /// The document `text` holds, supplied for `url`, or where it is not JSON.
    pub fn read(url: &str, text: &str) -> Result<Supplied, SchemaError> {
        Ok(Supplied {
            url: url.to_string(),
            document: read(text)?,
            literals: Literals::read(text),
        })
    }
}

/// Compiles `document` with the documents it refers to, supplied by the caller; `text`, when
/// given, is its source, used for error positions and for its numbers as written.
pub(crate) fn compile(
    document: &Value,
    text: Option<&str>,
    supplied: &[Supplied],
    drafts: &[PartDraft],
) -> Result<Compiled, SchemaError> {
    let positioned = |error: SchemaError| match (text, error.schema_path()) {
        (Some(text), Some(pointer)) => match locate(text, pointer) {
            Some(offset) => error.at_offset(&LineIndex::new(text), offset),
            None => error,
        },
        _ => error,
    };
    let draft = draft_of(document.get("$schema")).map_err(positioned)?;
    let documents: Vec<(String, Value)> = (supplied.iter())
        .map(|s| (s.url.clone(), s.document.clone()))
        .collect();
    let marked = marked(document, drafts);
    let document = &bundle(marked.as_ref().unwrap_or(document), draft, &documents);
    let index = Index::build(document, draft);
    check_patterns(&index).map_err(positioned)?;

    // References resolve as validation reaches them, as Helm 4 resolves them: one that points
    // nowhere (or elsewhere) inside a definition nothing uses is no error. A reached one that
    // leaves the document names every such one, with how to supply them.
    // Each supplied document's numbers at the place it is embedded, as its text writes them.
    let literals = (supplied.iter()).fold(
        text.map(Literals::read).unwrap_or_default(),
        |literals, s| literals.with(s.literals.placed(&supplied_pointer(draft, &s.url))),
    );
    let validator = build(document, draft, &literals).map_err(|error| {
        let remote = error.kind() == SchemaErrorKind::RemoteReference;
        let named = remote
            .then(|| check_references(document, &index).err())
            .flatten();
        positioned(named.unwrap_or(error))
    })?;
    let mut patterns = HashMap::new();
    for pattern in &index.patterns {
        patterns
            .entry(pattern.clone())
            .or_insert_with(|| compile_pattern(pattern));
    }
    Ok(Compiled {
        document: document.clone(),
        draft,
        validator,
        index,
        patterns,
    })
}

/// `document` with each chart's part that `drafts` names marked for the validator with its own
/// draft (`None`: none is), as Helm reads each chart's schema with the draft its `$schema` names.
fn marked(document: &Value, drafts: &[PartDraft]) -> Option<Value> {
    if drafts.is_empty() {
        return None;
    }
    let mut document = document.clone();
    for part in drafts {
        if let Some(Value::Object(map)) = document.pointer_mut(&part.pointer) {
            let uri = Value::String(part.draft.clone());
            map.insert(DRAFT_KEYWORD.to_string(), uri);
        }
    }
    Some(document)
}

/// The byte offset in a chart's schema `text` of the first value its own draft's meta-schema
/// refuses (`None`: the meta-schema accepts it), where Helm 4 refuses the chart's schema.
pub(crate) fn meta_refusal(text: &str, document: &Value) -> Option<usize> {
    let (_, errors) = meta_errors(document)?;
    let mut first = errors.first()?;
    while let Some(cause) = first.causes.first() {
        first = cause;
    }
    Some(locate(text, &first.pointer).unwrap_or(0))
}

/// The validator of `draft`'s meta-schema, compiled once per process (each chart of a tree is
/// checked against its own draft's).
fn meta_validator(draft: Draft) -> Option<&'static Validator> {
    static COMPILED: [std::sync::OnceLock<Option<Validator>>; 5] =
        [const { std::sync::OnceLock::new() }; 5];
    let index = match draft {
        Draft::Draft4 => 0,
        Draft::Draft6 => 1,
        Draft::Draft7 => 2,
        Draft::Draft201909 => 3,
        _ => 4,
    };
    let compile = || Validator::new(&serde_json::json!({"$ref": draft.uri()}), draft).ok();
    COMPILED[index].get_or_init(compile).as_ref()
}

/// The line Helm prints above a chart schema's meta-schema errors, and those errors as Helm's
/// tree (`None`: the meta-schema of the draft its `$schema` names accepts it).
pub(crate) fn meta_errors(document: &Value) -> Option<(String, Vec<HelmError>)> {
    let draft = match document.get("$schema") {
        Some(Value::String(uri)) => Draft::from_uri(uri)?,
        _ => Draft::Draft202012,
    };
    let errors = meta_validator(draft)?.helm_errors(document);
    let url = draft.uri().trim_end_matches('#');
    let header = format!(
        "\"file:///values.schema.json#\" is not valid against metaschema: jsonschema validation \
         failed with '{url}#'"
    );
    (!errors.is_empty()).then_some((header, errors))
}

/// Builds the validator, its numbers as `literals` write them (Helm compares them so), naming
/// what makes the schema unusable.
pub(crate) fn build(
    document: &Value,
    draft: Draft,
    literals: &Literals,
) -> Result<Validator, SchemaError> {
    Validator::with_literals(document, draft, literals).map_err(|error| match error {
        CompileError::Remote(url) => SchemaError::new(
            SchemaErrorKind::RemoteReference,
            format!(
                "the schema refers to another document ({url}); nothing is fetched: {}",
                how_to_supply(std::slice::from_ref(&url))
            ),
        )
        .with_urls(vec![url]),
        CompileError::Unresolvable(message, pointer) => {
            SchemaError::new(SchemaErrorKind::UnresolvableReference, message)
                .at_schema_path(pointer)
        }
        // Named at its place in the schema, as Helm's meta-schema error names it.
        CompileError::Invalid(message, pointer) => SchemaError::new(
            SchemaErrorKind::InvalidSchema,
            format!(
                "not a valid {} schema: at {}: {message}",
                draft_at(document, draft, &pointer).name(),
                go_quote(&pointer)
            ),
        )
        .at_schema_path(pointer),
    })
}

/// The draft the subschema at `pointer` of `document` (read as `draft`) is read with: the
/// innermost one a part on the way marks ([`DRAFT_KEYWORD`]).
fn draft_at(document: &Value, draft: Draft, pointer: &str) -> Draft {
    let mut at = document;
    let mut draft = draft;
    let tokens = pointer.split('/').skip(1);
    for token in std::iter::once(None).chain(tokens.map(Some)) {
        if let Some(token) = token {
            let token = token.replace("~1", "/").replace("~0", "~");
            let next = match at {
                Value::Object(map) => map.get(&token),
                Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            let Some(next) = next else { break };
            at = next;
        }
        if let Value::Object(map) = at {
            draft = draft.within(map);
        }
    }
    draft
}

/// Refuses a pattern Go's `regexp` cannot compile (Helm refuses the schema for it too),
/// naming its keyword and Go's reason.
fn check_patterns(index: &Index) -> Result<(), SchemaError> {
    for (pointer, pattern) in &index.regexes {
        // What Go's regexp leaves out (lookaround, backreferences, `\u`, other flags) is named
        // here; a malformed pattern is a meta-schema error, as it is for Helm.
        let Err(reason) = go_pattern(pattern) else {
            continue;
        };
        let unsupported = ["Perl syntax", "named capture", "escape sequence"];
        if !unsupported.iter().any(|code| reason.contains(code)) {
            continue;
        }
        let keyword = if pointer.ends_with("/pattern") {
            "pattern"
        } else {
            "patternProperties"
        };
        return Err(SchemaError::new(
            SchemaErrorKind::UnsupportedPattern,
            format!(
                "`{keyword}` {} is not valid regex: {reason} (Helm compiles patterns with Go's \
                 regexp, which refuses it too)",
                go_quote(pattern)
            ),
        )
        .at_schema_path(pointer.clone()));
    }
    Ok(())
}

/// How to supply the documents at `urls`: the CLI flag and the JS field, spelled for them.
fn how_to_supply(urls: &[String]) -> String {
    let flags: Vec<String> = urls
        .iter()
        .map(|u| format!("--schema-ref {u}=FILE"))
        .collect();
    let fields: Vec<String> = urls.iter().map(|u| format!("{u:?}: text")).collect();
    format!(
        "supply each with `{}` (JS: `refs: {{ {} }}`)",
        flags.join(" "),
        fields.join(", ")
    )
}

/// Refuses a document whose references leave it or lead nowhere, naming each one.
fn check_references(document: &Value, index: &Index) -> Result<(), SchemaError> {
    let mut remote: Vec<String> = Vec::new();
    let mut first_remote = None;
    for reference in &index.references {
        match index.resolve(document, &reference.base, &reference.reference) {
            Target::Internal { .. } => {}
            // Helm reads an unresolved `urn:` as the `true` schema; so does the validator.
            Target::Remote { url } if url.starts_with("urn:") => {}
            Target::Remote { url } => {
                // A URL made from the placeholder base means nothing to a reader; show the text.
                let shown = if url.starts_with(DEFAULT_BASE) {
                    reference.reference.clone()
                } else {
                    url
                };
                if !remote.contains(&shown) {
                    remote.push(shown);
                }
                first_remote.get_or_insert_with(|| reference.pointer.clone());
            }
            Target::Nowhere { reason } => {
                return Err(SchemaError::new(
                    SchemaErrorKind::UnresolvableReference,
                    format!(
                        "$ref '{}' cannot be resolved: {reason}",
                        reference.reference
                    ),
                )
                .at_schema_path(reference.pointer.clone()));
            }
        }
    }
    match first_remote {
        None => Ok(()),
        Some(pointer) => Err(SchemaError::new(
            SchemaErrorKind::RemoteReference,
            format!(
                "the schema refers to another document ({}); nothing is fetched: {}",
                remote.join(", "),
                how_to_supply(&remote)
            ),
        )
        .at_schema_path(pointer)
        .with_urls(remote)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_schema_its_meta_schema_refuses_is_refused_in_helms_words_at_its_place() {
        // Helm 4.2.3's words for a chart whose values.schema.json is `{"type": 5}`.
        let text = "{\"type\": 5}";
        let document = parse(text).expect("json");
        let (header, errors) = meta_errors(&document).expect("refused");
        let mut words = format!("{header}\n");
        for error in &errors {
            error.render(0, &mut words);
        }
        assert_eq!(
            words,
            "\"file:///values.schema.json#\" is not valid against metaschema: jsonschema \
             validation failed with 'https://json-schema.org/draft/2020-12/schema#'\n\
             - at '': 'allOf' failed\n  - at '/type': 'anyOf' failed\n    - at '/type': value \
             must be one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'\n\
             \x20   - at '/type': got number, want array\n"
        );
        assert_eq!(
            meta_refusal(text, &document).map(|at| &text[at..]),
            Some("\"type\": 5}")
        );
        assert!(meta_refusal("{}", &json!({})).is_none());
    }

    #[test]
    fn a_number_beyond_float64_is_json_for_the_meta_schema_to_judge() {
        for (text, expected) in [
            ("1E1111111", json!(0)),
            ("-1e400", json!(0)),
            ("{\"a\": [1e999, 2e999]}", json!({"a": [0, 0]})),
        ] {
            let error = parse(text).expect_err(text);
            assert_eq!(beyond_float(text, &error), Some(expected), "{text}");
        }
        let error = parse("{\"a\": 1e999,}").expect_err("trailing comma");
        assert_eq!(beyond_float("{\"a\": 1e999,}", &error), None);
    }
    #[test]
    fn the_schemas_numbers_are_compared_as_its_text_writes_them() {
        // Helm (bignum.json): -2^64 + 16 is read as -1.8446744073709552×10¹⁹, below the minimum
        // as written; 18446744073709551616 as a double would let it through.
        let text = r#"{"properties": {"low": {"minimum": -18446744073709551615},
            "high": {"exclusiveMaximum": 972783798187987123879878123.18878137},
            "pick": {"enum": [0.10000000000000001]}, "step": {"multipleOf": 0.10000000000000001}}}"#;
        let compiled = compile(&parse(text).unwrap(), Some(text), &[], &[]).unwrap();
        let valid = |values: Value| compiled.validator.is_valid(&values);
        assert!(!valid(serde_json::json!({"low": -18446744073709551600.0})));
        assert!(valid(
            serde_json::json!({"high": 972783798187987123879878123.188781371})
        ));
        assert!(!valid(serde_json::json!({"pick": 0.1})));
        assert!(!valid(serde_json::json!({"step": 0.2})));
        let alone = compile(&parse(text).unwrap(), None, &[], &[]).unwrap();
        assert!(
            alone
                .validator
                .is_valid(&serde_json::json!({"low": -18446744073709551600.0}))
        );
    }

    #[test]
    fn numbers_beyond_a_doubles_range_are_compared_and_printed_as_helm_does() {
        // Helm 4.2.3's words (probes `number-printed-*`); a supplied document's numbers too.
        let text = r#"{"properties": {"low": {"minimum": 1e400}, "any": {"maximum": 1e400},
            "step": {"multipleOf": 1e400}, "one": {"const": 1e400}, "short": {"minLength": 1e400},
            "few": {"maxItems": 18446744073709551617}, "ref": {"$ref": "https://x.example/n.json"}}}"#;
        let supplied = Supplied::read("https://x.example/n.json", r#"{"maximum": -1e400}"#);
        let compiled = crate::schema::Schema::compile_with_refs(text, &[supplied.unwrap()]);
        let compiled = compiled.unwrap();
        let values =
            json!({"low": 5, "any": 5, "step": 0, "one": 5, "short": "", "few": [1, 2], "ref": 5});
        let mut words: Vec<String> = (compiled.validate(&values).iter())
            .map(|v| format!("{}: {}", v.pointer, v.helm_message))
            .collect();
        words.sort();
        assert_eq!(
            words,
            [
                "/few: maxItems: got 2, want 1",
                "/low: minimum: got 5, want ∞",
                "/one: value must be 1e400",
                "/ref: maximum: got 5, want -∞",
            ]
        );
    }

    #[test]
    fn a_remote_reference_is_refused_naming_its_url() {
        // Past the pre-scan, straight into the validator: a remote `$ref` resolves to nothing.
        let document = json!({"properties": {"a": {"$ref": "https://schemas.example/a.json"}}});
        let error = build(&document, Draft::Draft7, &Literals::default())
            .expect_err("a remote $ref must not compile");
        assert_eq!(error.kind(), SchemaErrorKind::RemoteReference);
        assert_eq!(error.urls(), ["https://schemas.example/a.json"]);
        assert!(error.message().contains("https://schemas.example/a.json"));
    }

    #[test]
    fn a_reference_nothing_reaches_is_no_error_and_a_reached_one_is_located() {
        let unreached = r##"{"$defs": {"unused": {"$ref": "#/$defs/missing"}}, "properties": {"a": {"type": "string"}}}"##;
        assert!(
            compile(
                &serde_json::from_str(unreached).expect("json"),
                Some(unreached),
                &[],
                &[]
            )
            .is_ok()
        );
        let remote = r##"{"definitions": {"u": {"$ref": "https://schemas.example/a.json"}}, "type": "object"}"##;
        assert!(
            compile(
                &serde_json::from_str(remote).expect("json"),
                Some(remote),
                &[],
                &[]
            )
            .is_ok()
        );
        let reached = r##"{"$defs": {"used": {"$ref": "#/$defs/missing"}}, "properties": {"a": {"$ref": "#/$defs/used"}}}"##;
        let document = serde_json::from_str(reached).expect("json");
        let Err(error) = compile(&document, Some(reached), &[], &[]) else {
            panic!("a reached $ref that points nowhere compiled")
        };
        assert_eq!(error.kind(), SchemaErrorKind::UnresolvableReference);
        let at = reached
            .find(r##""$ref": "#/$defs/missing""##)
            .expect("there");
        assert_eq!(error.offset(), Some(at), "located at the reached `$ref`");
    }

    #[test]
    fn known_drafts_need_no_retrieval() {
        for draft in [
            Draft::Draft4,
            Draft::Draft6,
            Draft::Draft7,
            Draft::Draft201909,
            Draft::Draft202012,
        ] {
            let document = json!({"$schema": draft.uri(), "type": "object"});
            assert!(
                build(&document, draft, &Literals::default()).is_ok(),
                "{draft:?}"
            );
        }
    }

    #[test]
    fn a_pattern_helm_reads_compiles_and_one_it_refuses_does_not() {
        let compiles = |p: &str| compile_pattern(p).is_some();
        assert!(compiles("^\\p{L}+$"));
        assert!(compiles("^[[:alpha:]]+$"));
        assert!(!compiles("^(?=.*[a-z]).{8,}$"));
        assert!(!compiles("(a)\\1"));
        assert!(!compiles("\\u0041"));
    }

    #[test]
    fn an_unsupported_pattern_is_an_error_naming_its_keyword() {
        let text = r#"{"properties": {"a": {"type": "string", "pattern": "^(?!x)"}}}"#;
        let document = parse(text).unwrap();
        let error = compile(&document, Some(text), &[], &[])
            .err()
            .expect("refused");
        assert_eq!(error.kind(), SchemaErrorKind::UnsupportedPattern);
        assert_eq!(error.schema_path(), Some("/properties/a/pattern"));
        assert!(
            error
                .message()
                .starts_with("`pattern` '^(?!x)' is not valid regex: error parsing regexp: invalid or unsupported Perl syntax: `(?!`")
        );

        let text = r#"{"patternProperties": {"^(?<=a)b$": {}}}"#;
        let document = parse(text).unwrap();
        let error = compile(&document, Some(text), &[], &[])
            .err()
            .expect("refused");
        assert!(
            error
                .message()
                .starts_with("`patternProperties` '^(?<=a)b$' is not valid regex: error parsing regexp: invalid named capture: `(?<=a)b$`")
        );
        assert_eq!(error.line(), Some(1));
    }

    #[test]
    fn picks_the_draft_helm_would() {
        let pick = |v: Value| draft_of(v.get("$schema"));
        // Helm 3.18.5+ and 4 (santhosh-tekuri/jsonschema v6): 2020-12 when nothing says otherwise.
        assert_eq!(pick(json!({})).unwrap(), Draft::Draft202012);
        assert_eq!(
            pick(json!({"$schema": "http://json-schema.org/schema#"})).unwrap(),
            Draft::Draft202012
        );
        assert_eq!(
            pick(json!({"$schema": "https://json-schema.org/draft/2019-09/schema"})).unwrap(),
            Draft::Draft201909
        );
        assert_eq!(
            pick(json!({"$schema": "http://json-schema.org/draft-04/schema#"})).unwrap(),
            Draft::Draft4
        );
        let error = pick(json!({"$schema": "https://example.com/my-meta"})).unwrap_err();
        assert_eq!(error.kind(), SchemaErrorKind::UnknownDraft);
        assert_eq!(error.urls(), ["https://example.com/my-meta"]);
    }
}
