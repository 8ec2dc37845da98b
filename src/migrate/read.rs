//! The read stage: every input parsed once, located errors for those that cannot be read.

use super::held::{self, Spot};
use super::parsed::Parsed;
use super::request::{Named, SourceFile};
use crate::path::ValuePath;
use crate::text::Diagnostic;
use crate::yaml::{self, Limits, Stream, Typing, YamlError};
use serde_json::Value;
use std::borrow::Cow;

/// The proposal, read: its value, and its text for placing findings about it.
pub(crate) struct Proposal<'a> {
    /// The proposal's value (one document; `null` when empty).
    pub value: Value,
    /// Its text, and its located parse when the read made one.
    pub text: ProposalText<'a>,
}

/// The proposal as given and its located parse, if the read made one: where a finding about the
/// proposal is placed (most calls place none, and never parse it).
pub(crate) struct ProposalText<'a> {
    /// The proposal as given.
    pub input: &'a Named,
    stream: Option<Stream>,
}

impl ProposalText<'_> {
    /// The proposal's located parse, parsed now if the read made none (empty when the proposal
    /// is JSON that YAML cannot read).
    pub fn stream(&mut self) -> &Stream {
        let text = &self.input.text;
        (self.stream)
            .get_or_insert_with(|| yaml::parse(text, &Limits::default()).unwrap_or_default())
    }
}

/// Everything a call reads besides the schemas: the read stage's output, taken apart by the
/// stages that follow (the files end in the write stage, which drops their parses).
pub(crate) struct Read<'a> {
    /// The candidate values files.
    pub files: Vec<Parsed<'a>>,
    /// The proposal, for `migrate`.
    pub proposal: Option<Proposal<'a>>,
    /// A person's answers, by path.
    pub answers: Vec<(ValuePath, Value)>,
    /// Strings of the files that read as the start of a values document, not yet parsed.
    pub spots: Vec<Spot<'a>>,
}

/// Parses one YAML input into its stream and documents, or a located diagnostic.
pub(crate) fn parse_yaml(
    name: &str,
    text: &str,
    typing: Typing,
) -> Result<(Stream, Vec<Value>), Diagnostic> {
    let limits = Limits::default();
    let located = |e: YamlError| Diagnostic::at(name, text, e.offset(), e.message());
    let stream = yaml::parse_as(text, typing, &limits).map_err(located)?;
    let documents = stream.to_json(typing, &limits).map_err(located)?;
    Ok((stream, documents))
}

/// Parses one YAML input into its stream, checked to decode (its documents are not built), with
/// the nodes its aliases expand to; or a located diagnostic.
pub(crate) fn parse_checked(
    name: &str,
    text: &str,
    typing: Typing,
) -> Result<(Stream, usize), Diagnostic> {
    let limits = Limits::default();
    let located = |e: YamlError| Diagnostic::at(name, text, e.offset(), e.message());
    let stream = yaml::parse_as(text, typing, &limits).map_err(located)?;
    let expanded = stream.check_json(typing, &limits).map_err(located)?;
    Ok((stream, expanded))
}

/// Reads the values files, the proposal and the answers; what cannot be read goes to `errors`.
pub(crate) fn read<'a>(
    files: &'a [SourceFile],
    proposal: Option<&'a Named>,
    answers: &[(String, String)],
    typing: Typing,
    errors: &mut Vec<Diagnostic>,
) -> Read<'a> {
    if files.is_empty() {
        errors.push(Diagnostic::in_file(
            "--values",
            "at least one values file is needed",
        ));
    }
    let files: Vec<Parsed<'a>> = files
        .iter()
        .filter_map(|file| {
            match rendered_first(file)
                .map_or_else(|| parse_checked(&file.path, &file.text, typing), Err)
            {
                Ok(parsed) => Some(Parsed::new(
                    &file.path,
                    Cow::Borrowed(&file.text),
                    parsed,
                    None,
                    typing,
                )),
                Err(error) => {
                    errors.push(error);
                    None
                }
            }
        })
        .collect();
    let spots = held::find(&files, typing);
    Read {
        files,
        spots,
        proposal: proposal.and_then(|p| read_proposal(p, typing, errors)),
        answers: read_answers(answers, typing, errors),
    }
}

/// helmfile renders a `.gotmpl` file as a Go template before it reads it as YAML: one that holds
/// template actions is not what Helm reads, and is named with its actions.
fn rendered_first(file: &SourceFile) -> Option<Diagnostic> {
    if !file.path.ends_with(".gotmpl") {
        return None;
    }
    let actions: Vec<usize> = file.text.match_indices("{{").map(|(at, _)| at).collect();
    let first = *actions.first()?;
    let lines = crate::text::LineIndex::new(&file.text);
    let shown: Vec<String> = actions
        .iter()
        .take(3)
        .map(|&at| {
            let end = file.text[at..]
                .find("}}")
                .map_or(file.text.len(), |n| at + n + 2);
            let action = file
                .text
                .get(at..end)
                .filter(|a| a.len() <= 80)
                .unwrap_or("{{ … }}");
            format!("`{action}` (line {})", lines.line_col(at).line)
        })
        .collect();
    let more = if actions.len() > 3 { ", …" } else { "" };
    let message = format!(
        "helmfile renders this file as a Go template before it reads YAML, and it holds {} template action(s): {}{more}; migrate the values it renders to, or keep the values in a plain .yaml file",
        actions.len(),
        shown.join(", ")
    );
    Some(Diagnostic::at(&file.path, &file.text, first, message))
}

fn read_proposal<'a>(
    input: &'a Named,
    typing: Typing,
    errors: &mut Vec<Diagnostic>,
) -> Option<Proposal<'a>> {
    // Most proposals decode without a located tree; it is built only to locate a finding.
    let direct = yaml::decode_direct(&input.text, typing, &Limits::default())
        .filter(|documents| documents.len() <= 1)
        .map(|documents| (None, documents));
    let read = direct
        .map(Ok)
        .unwrap_or_else(|| parse_yaml(&input.name, &input.text, typing).map(|(s, d)| (Some(s), d)));
    match read {
        Ok((stream, documents)) if documents.len() <= 1 => Some(Proposal {
            value: documents.into_iter().next().unwrap_or(Value::Null),
            text: ProposalText { input, stream },
        }),
        Ok(_) => {
            errors.push(Diagnostic::in_file(
                &input.name,
                "the proposal must be one YAML or JSON document",
            ));
            None
        }
        Err(error) => match json_document(&input.text) {
            // JSON that YAML cannot read (an astral character as a surrogate-pair escape, as
            // Python's json.dumps writes it) is still one JSON document; its findings are
            // located in the file as a whole.
            Some(value) => Some(Proposal {
                value,
                text: ProposalText {
                    input,
                    stream: Some(yaml::parse("", &Limits::default()).ok()?),
                },
            }),
            None => {
                errors.push(error);
                None
            }
        },
    }
}

/// `text` read as one JSON document, when it is one.
fn json_document(text: &str) -> Option<Value> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if !(trimmed.starts_with('{') || trimmed.starts_with('[')) {
        return None;
    }
    serde_json::from_str(trimmed).ok()
}

fn read_answers(
    answers: &[(String, String)],
    typing: Typing,
    errors: &mut Vec<Diagnostic>,
) -> Vec<(ValuePath, Value)> {
    let mut out = Vec::new();
    for (path, value) in answers {
        let parsed = parse_yaml("--answer", value, typing).map(|(_, docs)| docs);
        match (ValuePath::parse(path), parsed) {
            (Ok(path), Ok(docs)) if docs.len() == 1 => {
                out.push((path, docs.into_iter().next().unwrap_or(Value::Null)))
            }
            (Err(e), _) => errors.push(Diagnostic::in_file("--answer", format!("`{path}`: {e}"))),
            _ => errors.push(Diagnostic::in_file(
                "--answer",
                format!("`{path}`: the value `{value}` is not one YAML value"),
            )),
        }
    }
    out
}
