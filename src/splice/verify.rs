//! Verify: an edited text re-parsed in full as Helm reads YAML, and required to decode to exactly
//! what was asked (the values splicer's plans and the manifest patcher's one scalar alike).

use serde_json::{Map, Value};

use crate::path::{self, Segment, ValuePath};
use crate::yaml::{self, Limits, Stream, Typing};

/// What an edit was asked to do: the original documents with the value at one path replaced.
pub struct Asked<'a> {
    /// The file's name, as errors name it.
    pub file: &'a str,
    /// The original text.
    pub text: &'a str,
    /// The original text's documents, decoded under `typing`.
    pub documents: &'a [Value],
    /// The index of the document that was edited.
    pub document: usize,
    /// The path of the value that was replaced.
    pub at: &'a ValuePath,
    /// The value asked for at `at`.
    pub replacement: &'a Value,
    /// How scalars are typed.
    pub typing: Typing,
}

/// Why an edited text is not what was asked, and the first path in the edited document that
/// differs (when the difference is a value of that document).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What is wrong, for a person.
    pub message: String,
    /// The first leaf path of the edited document that differs.
    pub differs: Option<ValuePath>,
}

impl Mismatch {
    fn new(message: String) -> Self {
        Mismatch {
            message,
            differs: None,
        }
    }
}

/// Re-parses `after` in full: `asked.at` must hold the replacement, every other value and
/// document must be as before, no key may be written twice that was not, and Helm's reader must
/// take every line it took before.
pub fn verify(asked: &Asked<'_>, after: &str) -> Result<(), Mismatch> {
    helm_reads(asked.text, after).map_err(Mismatch::new)?;
    verify_read(asked, after)
}

/// [`verify`] once [`helm_reads`] has taken `after`.
pub(crate) fn verify_read(asked: &Asked<'_>, after: &str) -> Result<(), Mismatch> {
    let limits = Limits::default();
    let typing = asked.typing;
    // Most results are compared with what was asked straight from the parser's events, with no
    // tree and no value built; anything else (a difference included) is decoded in full below.
    let expected = yaml::Expected {
        documents: asked.documents,
        document: asked.document,
        prefix: asked.at.segments(),
        replacement: asked.replacement,
    };
    if yaml::matches(after, typing, &limits, &expected) {
        return Ok(());
    }
    let not_parsed = |e: yaml::YamlError| {
        Mismatch::new(format!(
            "the edited file does not parse: {}",
            e.display_with(asked.file, after)
        ))
    };
    // Most results decode straight from the parser's events (no key repeats there by
    // construction); the others through a located tree, with the repeats counted.
    let mut decoded = match yaml::decode_direct(after, typing, &limits) {
        Some(documents) => documents,
        None => {
            let stream = yaml::parse(after, &limits).map_err(not_parsed)?;
            let decoded = stream.to_json(typing, &limits).map_err(not_parsed)?;
            no_new_repeats(asked, &stream).map_err(Mismatch::new)?;
            decoded
        }
    };
    // A values file left with no keys (comments only) is an empty document: Helm reads it as `{}`.
    if decoded.is_empty() && asked.documents.len() == 1 && asked.at.is_root() {
        decoded.push(Value::Object(Map::new()));
    }
    if asked.at.is_root()
        && let Some(first @ Value::Null) = decoded.get_mut(asked.document)
    {
        *first = Value::Object(Map::new());
    }
    compare(asked, &decoded)
}

/// Requires `decoded` to be the original documents with the value at `asked.at` replaced.
fn compare(asked: &Asked<'_>, decoded: &[Value]) -> Result<(), Mismatch> {
    if decoded.len() != asked.documents.len() {
        return Err(Mismatch::new(format!(
            "the edited file has {} documents, the original {}",
            decoded.len(),
            asked.documents.len()
        )));
    }
    for (index, (got, original)) in decoded.iter().zip(asked.documents).enumerate() {
        let same = if index == asked.document {
            same_but_at(got, original, asked.at.segments(), asked.replacement)
        } else {
            got == original
        };
        if !same {
            // Only now is the expected document built, to name what differs.
            let mut want = original.clone();
            if index == asked.document {
                path::set(&mut want, asked.at, asked.replacement.clone()).map_err(Mismatch::new)?;
            }
            return Err(first_difference(index, got, &want, asked.document));
        }
    }
    Ok(())
}

/// Whether `got` equals `original` with the value at `prefix` replaced by `proposal`, compared
/// without building that document (no copy of the original's values).
fn same_but_at(got: &Value, original: &Value, prefix: &[Segment], proposal: &Value) -> bool {
    let Some((first, rest)) = prefix.split_first() else {
        return got == proposal;
    };
    match (first, got, original) {
        (Segment::Key(key), Value::Object(got), Value::Object(original)) => {
            got.len() == original.len()
                && got.iter().all(|(k, v)| match original.get(k) {
                    Some(o) if k == key => same_but_at(v, o, rest, proposal),
                    Some(o) => v == o,
                    None => false,
                })
        }
        (Segment::Index(at), Value::Array(got), Value::Array(original)) => {
            got.len() == original.len()
                && got.iter().zip(original).enumerate().all(|(i, (v, o))| {
                    if i == *at {
                        same_but_at(v, o, rest, proposal)
                    } else {
                        v == o
                    }
                })
        }
        _ => false,
    }
}

/// Helm's YAML reader refuses some tabs and `---` lines this crate's reader takes (`yaml::helm_refusal`): the
/// edit may not leave one in a file Helm could read before it.
pub(crate) fn helm_reads(before: &str, after: &str) -> Result<(), String> {
    helm_reads_seen(before, after, None)
}

/// [`helm_reads`], told what reading `after` met when its events were read
/// (`yaml::matches_edited_seen`): `after` is parsed again only when it may hold a refusal, and
/// scanned for one only in the bytes read alone when the rest is the original's.
pub(crate) fn helm_reads_seen(
    before: &str,
    after: &str,
    read: Option<yaml::EditRead>,
) -> Result<(), String> {
    let refusal = match read {
        Some(yaml::EditRead {
            seen,
            fresh: Some(fresh),
        }) => yaml::helm_refusal_of_edit(after, seen, fresh),
        read => yaml::helm_refusal_of(after, read.map(|read| read.seen)),
    };
    match refusal {
        Some(error) if yaml::helm_refusal_of(before, None).is_none() => {
            let line = after[..error.offset()].matches('\n').count() + 1;
            Err(format!(
                "Helm's YAML reader would refuse line {line} of the edited file: {}",
                error.message()
            ))
        }
        _ => Ok(()),
    }
}

/// Last-wins decoding would hide a key written twice: the edit may not add a repeat.
fn no_new_repeats(asked: &Asked<'_>, after: &Stream) -> Result<(), String> {
    let typing = asked.typing;
    let repeats = after.duplicate_keys(typing);
    // The original's repeats are counted only when the result has any (rarely).
    let before = || {
        yaml::parse(asked.text, &Limits::default()).map_or(0, |s| s.duplicate_keys(typing).len())
    };
    if !repeats.is_empty()
        && repeats.len() > before()
        && let Some((_, repeat)) = repeats.into_iter().last()
    {
        return Err(format!(
            "the edited file would hold the key `{}` twice under `{}`",
            repeat.key, repeat.path
        ));
    }
    Ok(())
}

/// The mismatch of document `index` differing, with the first leaf path that differs in it when
/// it is the edited document.
fn first_difference(index: usize, got: &Value, want: &Value, edited: usize) -> Mismatch {
    let first = path::nodes(want).into_iter().map(|(p, _)| p).find(|p| {
        path::get(got, p) != path::get(want, p)
            && path::is_leaf(path::get(want, p).unwrap_or(&Value::Null))
    });
    let at = first
        .as_ref()
        .map_or_else(|| "the document".to_string(), |p| format!("`{p}`"));
    Mismatch {
        message: format!(
            "document {index} of the edited file does not decode to what was asked: {at} differs"
        ),
        differs: first.filter(|_| index == edited),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_line_left_first_is_refused_as_helm_refuses_it() {
        let before = "legacy: true\n \t\nname: x\n";
        assert!(helm_reads(before, "name: x\n").is_ok());
        let refused = helm_reads(before, " \t\nname: x\n").unwrap_err();
        assert!(refused.contains("line 1"), "{refused}");
        // Kept where a plain scalar before it takes it in, as Helm does.
        assert!(helm_reads(before, "a: 1\n \t\nname: x\n").is_ok());
        // After a quoted value or a nested entry, Helm refuses it too; in a block scalar, left
        // of its content.
        assert!(helm_reads(before, "a: \"x\"\n \t\nname: x\n").is_err());
        assert!(helm_reads(before, "a: |\n  x\n \t\nname: x\n").is_err());
        assert!(helm_reads(before, "a:\n  k: v\n \t\nname: x\n").is_err());
        assert!(helm_reads(before, "a:\n  k: v\n   \t\nname: x\n").is_ok());
        // A line the original already had is not the edit's doing.
        assert!(helm_reads(" \t\nold: 1\n", " \t\nnew: 1\n").is_ok());
    }

    #[test]
    fn only_the_asked_value_may_change() {
        let documents = vec![serde_json::json!({"a": "1Gi", "b": "1Gi"})];
        let at = ValuePath::parse("a").unwrap();
        let replacement = Value::from("2Gi");
        let asked = Asked {
            file: "m.yaml",
            text: "a: &x 1Gi\nb: *x\n",
            documents: &documents,
            document: 0,
            at: &at,
            replacement: &replacement,
            typing: Typing::Helm,
        };
        assert_eq!(verify(&asked, "a: 2Gi\nb: 1Gi\n"), Ok(()));
        // An alias that copies the value changes more than was asked.
        let copied = verify(&asked, "a: &x 2Gi\nb: *x\n").unwrap_err();
        assert!(copied.message.contains("`b` differs"), "{}", copied.message);
        assert_eq!(copied.differs, ValuePath::parse("b").ok());
        let wrong = verify(&asked, "a: 3Gi\nb: 1Gi\n").unwrap_err();
        assert_eq!(wrong.differs, ValuePath::parse("a").ok());
        let repeated = verify(&asked, "a: 2Gi\nb: 1Gi\nb: 1Gi\n").unwrap_err();
        assert!(repeated.message.contains("twice"), "{}", repeated.message);
        let more = verify(&asked, "a: 2Gi\nb: 1Gi\n---\nc: 1\n").unwrap_err();
        assert!(more.message.contains("2 documents"), "{}", more.message);
    }
}
