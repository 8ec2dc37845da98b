//! The write stage: the plan spliced into the original text, then the result re-parsed (the
//! edited region alone where the rest is provably the original's) and required to hold exactly
//! what was asked ([`Written`]: the files, or the refusal).

use super::locate::Candidate;
use super::outcome::{KeptComment, Op, Refusal, RefusalKind};
use super::parsed::{Held, Parsed, Source};
use super::plan::Finding;
use crate::path::ValuePath;
use crate::splice::embedded::Carrier;
use crate::splice::verify::{self, Asked};
use crate::splice::{SpliceInput, SpliceKind, Spliced, splice};
use crate::text::FileResult;
use crate::yaml::hazard::HazardKind;
use crate::yaml::{self, Limits, Typing};
use serde_json::Value;
use std::borrow::Cow;

/// The write stage's output: every file as the report gives it, or why the plan was not written.
pub(crate) enum Written {
    /// The plan written and verified: every file (the edited one with its diff), and the comment
    /// lines kept next to removed or moved keys.
    Planned {
        files: Vec<FileResult>,
        kept_comments: Vec<KeptComment>,
    },
    /// Nothing to write: every file as it was.
    Unchanged(Vec<FileResult>),
    /// The write refused, at its place in the values file.
    Refused(Refusal),
}

/// Every file as it was (documents held in strings are not files of their own).
pub(crate) fn unchanged(files: Vec<Parsed<'_>>) -> Written {
    let sources = files.into_iter().map(Parsed::into_source);
    Written::Unchanged(sources.filter_map(|f| as_it_was(&f)).collect())
}

/// Splices `ops` into the values file at `candidate` and verifies that it reads as `proposal`;
/// the files are taken, and each parse dropped as soon as it has served.
pub(crate) fn written(
    files: Vec<Parsed<'_>>,
    candidate: &Candidate,
    ops: &[Op],
    proposal: &Value,
    typing: Typing,
) -> Written {
    let Some(kept) = Edited::of(files, candidate.file) else {
        return Written::Unchanged(Vec::new());
    };
    let file = &kept.file;
    let spliced = match write(file, kept.outer.as_ref(), candidate, ops, proposal, typing) {
        Ok(spliced) => spliced,
        Err(not_written) => return Written::Refused(refused(file, not_written)),
    };
    let kept_comments = (spliced.kept_comments.into_iter())
        .map(|k| KeptComment {
            path: k.path,
            file: file.path.to_string(),
            line: k.line,
            text: k.text,
        })
        .collect();
    // The trees go before the report's texts are made, so that those can take the space the
    // trees held (the wasm's memory only grows).
    let outer = kept.file.held.as_ref().map(|held| held.file);
    let sources = kept.into_sources();
    Written::Planned {
        files: edited_files(&sources, candidate.file, outer, spliced.text),
        kept_comments,
    }
}

/// The candidate files as the write needs them: the edited file and the file that holds it in a
/// string keep their parses; the others are their texts alone from the start.
struct Edited<'a> {
    file: Parsed<'a>,
    outer: Option<Parsed<'a>>,
    /// Every file's text, by index; `None` for the two kept parsed.
    sources: Vec<Option<Source<'a>>>,
    edited: usize,
}

impl<'a> Edited<'a> {
    /// `files` split at the edited file `edited` (`None` when there is no such file).
    fn of(files: Vec<Parsed<'a>>, edited: usize) -> Option<Edited<'a>> {
        let outer = files.get(edited)?.held.as_ref().map(|held| held.file);
        let mut sources = Vec::with_capacity(files.len());
        let (mut file, mut outer_file) = (None, None);
        for (index, parsed) in files.into_iter().enumerate() {
            let slot = match index {
                _ if index == edited => &mut file,
                _ if Some(index) == outer => &mut outer_file,
                _ => {
                    sources.push(Some(parsed.into_source()));
                    continue;
                }
            };
            *slot = Some(parsed);
            sources.push(None);
        }
        Some(Edited {
            file: file?,
            outer: outer_file,
            sources,
            edited,
        })
    }

    /// Every file's text, in order, the two parses dropped.
    fn into_sources(self) -> Vec<Source<'a>> {
        let mut sources = self.sources;
        if let Some(outer) = self.outer {
            let index = self
                .file
                .held
                .as_ref()
                .map_or(self.edited, |held| held.file);
            sources[index] = Some(outer.into_source());
        }
        sources[self.edited] = Some(self.file.into_source());
        sources.into_iter().flatten().collect()
    }
}

/// Every file as the report gives it: the edited one (or, for a document held in a string, the
/// file that holds it) with its new text and diff, the others as they were.
fn edited_files(
    sources: &[Source<'_>],
    edited: usize,
    outer: Option<usize>,
    text: String,
) -> Vec<FileResult> {
    let index = outer.unwrap_or(edited);
    let mut result = Some(FileResult::edited(
        sources[edited].path,
        &sources[index].text,
        text,
    ));
    (sources.iter().enumerate())
        .filter_map(|(i, f)| match result.take_if(|_| i == index) {
            Some(result) => Some(result),
            None => as_it_was(f),
        })
        .collect()
}

/// A file as it was, unless it is a document held in a string of another.
fn as_it_was(source: &Source<'_>) -> Option<FileResult> {
    (!source.held).then(|| FileResult::unchanged(source.path, &source.text))
}

/// The refusal of a plan not written, at its place in the file a person opens.
fn refused(file: &Parsed<'_>, not_written: NotWritten) -> Refusal {
    let finding = Finding {
        kind: not_written.kind,
        path: not_written.path,
        in_original: true,
        message: not_written.message,
    };
    let (text, offset) = file.outer(not_written.offset);
    super::refusals::refusal_at(file.path, text, offset, &finding)
}

/// Why the plan was not written: a refusal kind, the path it is about (relative to the prefix),
/// where in the original text, and why.
struct NotWritten {
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
fn write(
    file: &Parsed<'_>,
    outer: Option<&Parsed<'_>>,
    candidate: &Candidate,
    ops: &[Op],
    proposal: &Value,
    typing: Typing,
) -> Result<Spliced, NotWritten> {
    if candidate.merged {
        return write_merged(file, ops, proposal, typing);
    }
    let mut spliced = write_values(file, candidate, ops, proposal, typing)?;
    if let (Some(held), Some(outer)) = (&file.held, outer) {
        spliced.text = write_back(outer, held, &file.text, spliced.text, typing)?;
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
    outer_file: &Parsed<'_>,
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
    let place = Candidate {
        file: held.file,
        document: held.document,
        prefix: held.at.clone(),
        merged: false,
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
        stream: &file.stream,
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
    let verified = verify(file, candidate, proposal, &spliced.text, typing);
    verified.map_err(|(message, differs)| {
        // Point at the first value that differs, where the original holds it (else the values root).
        let full = differs.unwrap_or_else(|| candidate.prefix.clone());
        NotWritten {
            kind: RefusalKind::VerifyFailed,
            path: full.strip_prefix(&candidate.prefix).unwrap_or_default(),
            offset: (file.stream.documents.get(candidate.document))
                .map(|document| document.root.offset_of(&full, typing)),
            message,
        }
    })?;
    Ok(spliced)
}

/// Splices a plan over a file's merged documents into each document that takes a share of it
/// (`merged::split`), the last first so that every offset is the original's, each verified as
/// one document; then the whole result, read as Helm's `-f` reads it, must be the proposal.
fn write_merged(
    file: &Parsed<'_>,
    ops: &[Op],
    proposal: &Value,
    typing: Typing,
) -> Result<Spliced, NotWritten> {
    let refused = |path: ValuePath, message: String| {
        let all = file.documents();
        let every: Vec<usize> = (0..all.len()).collect();
        let document = super::merged::placed(all, &every, &path).unwrap_or(0);
        let offset = (file.stream.documents.get(document)).map(|d| d.root.offset_of(&path, typing));
        NotWritten {
            kind: RefusalKind::VerifyFailed,
            path,
            offset,
            message,
        }
    };
    let shares = super::merged::split(file.documents(), ops, proposal)
        .map_err(|(path, message)| refused(path, message))?;
    let mut written = Spliced {
        text: file.text.to_string(),
        kept_comments: Vec::new(),
    };
    for share in shares.iter().rev() {
        let read = super::read::parse_checked(file.path, &written.text, typing)
            .map_err(|e| refused(ValuePath::root(), e.message))?;
        let current = Parsed::new(file.path, Cow::Owned(written.text), read, None, typing);
        let place = Candidate {
            file: 0,
            document: share.document,
            prefix: ValuePath::root(),
            merged: false,
        };
        let spliced = write_values(&current, &place, &share.ops, &share.values, typing)?;
        written.text = spliced.text;
        written.kept_comments.extend(spliced.kept_comments);
    }
    crate::order::by_key(&mut written.kept_comments, |k| k.line);
    let options = yaml::DecodeOptions {
        typing,
        ..Default::default()
    };
    let read = yaml::decode(&written.text, &options).map_err(|e| e.to_string());
    let merged =
        read.and_then(|documents| crate::schema::load_values(documents).map_err(|(_, why)| why));
    if merged.as_ref().ok() != Some(proposal) {
        let message = "the written file, its documents merged as Helm's `-f` merges them, does not read as the proposal".to_string();
        return Err(refused(ValuePath::root(), message));
    }
    Ok(written)
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

/// Re-parses `after` (`splice::verify`; its edited region alone when that is provably enough):
/// the prefix must hold `proposal`, every other value and document must be as before. The judged
/// proposal already passed the target schema, so a result equal to it needs no second validation.
fn verify(
    file: &Parsed<'_>,
    candidate: &Candidate,
    proposal: &Value,
    after: &str,
    typing: Typing,
) -> Result<(), (String, Option<ValuePath>)> {
    // Most results are compared straight from the parser's events, with no tree and no value
    // built: the prefix with what was asked, the rest of the file with the original's located
    // tree (its values are never decoded); anything else goes through the shared verify, on the
    // original's decoded documents, which decodes a difference in full.
    let unchanged = yaml::Unchanged {
        stream: &file.stream,
        document: candidate.document,
        prefix: candidate.prefix.segments(),
        replacement: proposal,
        expanded: file.expanded,
    };
    let read = yaml::matches_edited_seen(&file.text, after, typing, &Limits::default(), &unchanged);
    let matched = read.is_some();
    verify::helm_reads_seen(&file.text, after, read).map_err(|message| (message, None))?;
    if matched {
        return Ok(());
    }
    let asked = Asked {
        file: file.path,
        text: &file.text,
        documents: file.documents(),
        document: candidate.document,
        at: &candidate.prefix,
        replacement: proposal,
        typing,
    };
    verify::verify_read(&asked, after).map_err(|mismatch| (mismatch.message, mismatch.differs))
}
