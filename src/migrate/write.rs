//! The write stage: the plan spliced into the original text, then the result re-parsed in full
//! and required to hold exactly what was asked.

use super::held::Held;
use super::locate::Candidate;
use super::outcome::{Op, RefusalKind};
use super::read::Parsed;
use crate::path::{self, Segment, ValuePath};
use crate::splice::embedded::Carrier;
use crate::splice::{SpliceInput, SpliceKind, Spliced, splice};
use crate::yaml::hazard::HazardKind;
use crate::yaml::{self, Limits, Stream, Typing};
use serde_json::{Map, Value};

/// Why the plan was not written: a refusal kind, the path it is about (relative to the prefix),
/// where in the original text, and why.
pub(crate) struct NotWritten {
    /// Which refusal.
    pub kind: RefusalKind,
    /// The value path, relative to the prefix.
    pub path: ValuePath,
    /// A byte offset in the original text, when the splicer had one.
    pub offset: Option<usize>,
    /// What is wrong, for a person.
    pub message: String,
}

/// Splices `ops` into the values file and verifies the result decodes to `proposal` at the
/// prefix; a document held in a string is then written back into its outer file, verified too.
pub(crate) fn write(
    files: &[Parsed<'_>],
    candidate: &Candidate,
    ops: &[Op],
    proposal: &Value,
    typing: Typing,
) -> Result<Spliced, NotWritten> {
    let file = &files[candidate.file];
    let mut spliced = write_values(file, candidate, ops, proposal, typing)?;
    if let Some(held) = &file.held {
        spliced.text = write_back(files, held, &file.text, spliced.text, typing)?;
        for kept in &mut spliced.kept_comments {
            if let Ok(carrier) = &held.carrier {
                kept.line = carrier.outer_line(held.outer, kept.line - 1) + 1;
            }
        }
    }
    Ok(spliced)
}

/// The edited document written back into the string that holds it, and the outer file
/// verified: every document as before, the string now the edited text.
fn write_back(
    files: &[Parsed<'_>],
    held: &Held<'_>,
    old: &str,
    new: String,
    typing: Typing,
) -> Result<String, NotWritten> {
    let refused = |message: String| NotWritten {
        kind: RefusalKind::ValuesString,
        path: ValuePath::root(),
        // The string's first line, once placed in the outer file.
        offset: Some(0),
        message,
    };
    let carrier = held.carrier.as_ref().map_err(|why| {
        refused(format!(
            "the values are a YAML string at `{}` that cannot carry the edit: {why}",
            held.at
        ))
    })?;
    let new = same_tail(carrier, old, new, typing);
    let outer = carrier.write(held.outer, old, &new).map_err(|why| {
        refused(format!(
            "the edit cannot be written back into the string at `{}`: {why}",
            held.at
        ))
    })?;
    let outer_file = &files[held.file];
    let place = Candidate {
        file: held.file,
        document: held.document,
        prefix: held.at.clone(),
    };
    verify(outer_file, &place, &Value::String(new), &outer, typing).map_err(|(message, _)| {
        NotWritten {
            kind: RefusalKind::VerifyFailed,
            path: ValuePath::root(),
            // The string's first line, once placed in the outer file.
            offset: Some(0),
            message: format!("{message} (the file that holds the values string)"),
        }
    })?;
    Ok(outer)
}

/// `new` ending in the final line breaks the carrier keeps (a `|-` block's none, a `|` block's
/// one), when that reads as the same document: an edit at the end of the text need not change
/// the block's chomping.
fn same_tail(carrier: &Carrier, old: &str, new: String, typing: Typing) -> String {
    let Some(tail) = carrier.tail(old) else {
        return new;
    };
    let body = new.trim_end_matches('\n');
    if new.len() == body.len() + tail.len() || body.is_empty() {
        return new;
    }
    let fitted = format!("{body}{tail}");
    let options = yaml::DecodeOptions {
        typing,
        ..Default::default()
    };
    match (
        yaml::decode(&fitted, &options),
        yaml::decode(&new, &options),
    ) {
        (Ok(a), Ok(b)) if a == b => fitted,
        _ => new,
    }
}

/// Splices `ops` into one values text and verifies it.
fn write_values(
    file: &Parsed<'_>,
    candidate: &Candidate,
    ops: &[Op],
    proposal: &Value,
    typing: Typing,
) -> Result<Spliced, NotWritten> {
    let spliced = splice(&SpliceInput {
        text: &file.text,
        stream: &file.stream.borrow(),
        document: candidate.document,
        prefix: &candidate.prefix,
        typing,
        ops,
        proposal,
    })
    .map_err(|refused| NotWritten {
        kind: refusal_kind(refused.kind),
        path: refused.path,
        offset: Some(refused.offset),
        message: refused.message,
    })?;
    // The original's located tree is not alive while the result is parsed (peak memory); the
    // rare refusal below that needs it parses the original again.
    file.stream.take();
    verify(file, candidate, proposal, &spliced.text, typing).map_err(|(message, differs)| {
        // Point at the first value that differs, where the original holds it (else the values root).
        let full = differs.unwrap_or_else(|| candidate.prefix.clone());
        NotWritten {
            kind: RefusalKind::VerifyFailed,
            path: full.strip_prefix(&candidate.prefix).unwrap_or_default(),
            offset: original_stream(file).and_then(|stream| {
                let document = stream.documents.get(candidate.document)?;
                Some(document.root.offset_of(&full, typing))
            }),
            message,
        }
    })?;
    Ok(spliced)
}

/// The original's located tree, parsed again (it was dropped after the splice).
fn original_stream(file: &Parsed<'_>) -> Option<Stream> {
    yaml::parse(&file.text, &Limits::default()).ok()
}

/// The refusal kind a splicer problem is reported as.
fn refusal_kind(kind: SpliceKind) -> RefusalKind {
    match kind {
        SpliceKind::Hazard(HazardKind::AnchorOrAlias) => RefusalKind::AnchorOrAlias,
        SpliceKind::Hazard(HazardKind::Tag) => RefusalKind::Tag,
        SpliceKind::Hazard(HazardKind::FlowCollection) => RefusalKind::FlowCollection,
        SpliceKind::Hazard(HazardKind::MergeKey) => RefusalKind::MergeKey,
        SpliceKind::Hazard(HazardKind::DuplicateKey | HazardKind::OpaqueKey) => {
            RefusalKind::DuplicateKey
        }
        SpliceKind::NonScalarMove => RefusalKind::NonScalarMove,
        SpliceKind::BlockScalar => RefusalKind::BlockScalar,
        SpliceKind::Indentation => RefusalKind::Indentation,
        SpliceKind::VerifyFailed => RefusalKind::VerifyFailed,
        SpliceKind::PrefixNotFound => RefusalKind::PrefixNotFound,
    }
}

/// Re-parses `after` in full: the prefix must hold `proposal`, every other value and document
/// must be as before, and no key may be written twice. The judged proposal already passed the
/// target schema, so a result equal to it needs no second validation.
fn verify(
    file: &Parsed<'_>,
    candidate: &Candidate,
    proposal: &Value,
    after: &str,
    typing: Typing,
) -> Result<(), (String, Option<ValuePath>)> {
    let limits = Limits::default();
    // Most results are compared with what was asked straight from the parser's events, with no
    // tree and no value built; anything else (a difference included) is decoded in full below.
    let expected = yaml::Expected {
        documents: &file.documents,
        document: candidate.document,
        prefix: candidate.prefix.segments(),
        replacement: proposal,
    };
    helm_reads(&file.text, after).map_err(|m| (m, None))?;
    if yaml::matches(after, typing, &limits, &expected) {
        return Ok(());
    }
    let not_parsed = |e: yaml::YamlError| {
        let message = format!(
            "the edited file does not parse: {}",
            e.display_with(file.path, after)
        );
        (message, None)
    };
    // Most results decode straight from the parser's events (no key repeats there by
    // construction); the others through a located tree, with the repeats counted.
    let mut decoded = match yaml::decode_direct(after, typing, &limits) {
        Some(documents) => documents,
        None => {
            let stream = yaml::parse(after, &limits).map_err(not_parsed)?;
            let decoded = stream.to_json(typing, &limits).map_err(not_parsed)?;
            no_new_repeats(file, &stream, typing).map_err(|m| (m, None))?;
            decoded
        }
    };
    // A values file left with no keys (comments only) is an empty document: Helm reads it as `{}`.
    if decoded.is_empty() && file.documents.len() == 1 && candidate.prefix.is_root() {
        decoded.push(Value::Object(Map::new()));
    }
    if candidate.prefix.is_root()
        && let Some(first @ Value::Null) = decoded.get_mut(candidate.document)
    {
        *first = Value::Object(Map::new());
    }
    if decoded.len() != file.documents.len() {
        let message = format!(
            "the edited file has {} documents, the original {}",
            decoded.len(),
            file.documents.len()
        );
        return Err((message, None));
    }
    for (index, (got, original)) in decoded.iter().zip(&file.documents).enumerate() {
        let same = if index == candidate.document {
            same_but_at(got, original, candidate.prefix.segments(), proposal)
        } else {
            got == original
        };
        if !same {
            // Only now is the expected document built, to name what differs.
            let mut want = original.clone();
            if index == candidate.document {
                path::set(&mut want, &candidate.prefix, proposal.clone()).map_err(|m| (m, None))?;
            }
            return Err(first_difference(index, got, &want, candidate));
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

/// Helm's YAML reader refuses some tabs this crate's reader takes (`yaml::helm_refusal`): the
/// edit may not leave one in a file Helm could read before it.
fn helm_reads(before: &str, after: &str) -> Result<(), String> {
    let refused = |text: &str| {
        text.contains('\t')
            .then(|| yaml::parse(text, &Limits::default()).ok())
            .flatten()
            .and_then(|stream| yaml::helm_refusal(text, &stream))
    };
    match refused(after) {
        Some(error) if refused(before).is_none() => {
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
fn no_new_repeats(file: &Parsed<'_>, after: &Stream, typing: Typing) -> Result<(), String> {
    let repeats = after.duplicate_keys(typing);
    // The original's repeats are counted only when the result has any (rarely).
    let before = || original_stream(file).map_or(0, |s| s.duplicate_keys(typing).len());
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

/// The message for document `index` differing, and the first leaf path that differs in it.
fn first_difference(
    index: usize,
    got: &Value,
    want: &Value,
    candidate: &Candidate,
) -> (String, Option<ValuePath>) {
    let first = path::nodes(want).into_iter().map(|(p, _)| p).find(|p| {
        path::get(got, p) != path::get(want, p)
            && path::is_leaf(path::get(want, p).unwrap_or(&Value::Null))
    });
    let at = first
        .as_ref()
        .map_or_else(|| "the document".to_string(), |p| format!("`{p}`"));
    let message = format!(
        "document {index} of the edited file does not decode to what was asked: {at} differs"
    );
    (message, first.filter(|_| index == candidate.document))
}

#[cfg(test)]
mod tests {
    use super::helm_reads;

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
}
