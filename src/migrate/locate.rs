//! Finding the values root: given by `--prefix`, or discovered from the proposal (ADR 13, "Finding the keys").

use super::outcome::{Refusal, RefusalKind};
use super::read::Parsed;
use crate::path::{self as tree, ValuePath};
use crate::schema::Schema;
use crate::text::Location;
use serde_json::{Map, Value};

/// A place that may hold the values: a mapping in one document of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Index into the candidate files.
    pub file: usize,
    /// Index of the document in that file.
    pub document: usize,
    /// Where in the document.
    pub prefix: ValuePath,
}

/// The values root: the only candidate, or the one strictly ahead on shared values.
///
/// With a proposal, a candidate scores one per proposal leaf found under it at the same relative
/// path with the same value; without one (diagnose), or when no candidate shares a value, one per
/// top-level key the base schema declares. Candidates the base schema accepts are preferred.
pub(crate) fn locate(
    files: &[Parsed<'_>],
    prefix: Option<&str>,
    proposal: Option<&Value>,
    base: &Schema,
) -> Result<Candidate, Box<Refusal>> {
    let given = match prefix {
        Some(text) => Some(ValuePath::parse(text).map_err(|e| {
            refusal(
                RefusalKind::PrefixNotFound,
                format!("--prefix `{text}`: {e}"),
            )
        })?),
        None => None,
    };
    let empty = Value::Object(Map::new());
    let mut candidates = candidates(files, given.as_ref(), &empty);
    if candidates.is_empty() {
        let what = match &given {
            Some(path) => format!("no candidate file holds a mapping at `{path}`"),
            None => "no candidate file holds a mapping".to_string(),
        };
        return Err(refusal(RefusalKind::PrefixNotFound, what));
    }
    if given.is_some() && candidates.len() == 1 {
        return Ok(candidates.remove(0).0);
    }
    // The old values were written for the base chart: only mappings the base schema accepts are
    // candidates, unless it accepts none (a subtree that merely shares leaves does not compete).
    let accepted: Vec<&(Candidate, &Value)> = candidates
        .iter()
        .filter(|(_, node)| base.is_valid(node))
        .collect();
    let pool: Vec<&(Candidate, &Value)> = if accepted.is_empty() {
        candidates.iter().collect()
    } else {
        accepted
    };
    let (basis, mut scored) = scored(&pool, proposal, base);
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    let best = scored[0].0;
    if best == 0 {
        return Err(refusal(
            RefusalKind::PrefixNotFound,
            "no mapping in the candidate files shares any values with the proposal or any top-level key the base schema declares; give --prefix".to_string(),
        ));
    }
    let tied: Vec<String> = scored
        .iter()
        .filter(|(s, _)| *s == best)
        .map(|(_, c)| name(files, c))
        .collect();
    if tied.len() > 1 {
        return Err(refusal(
            RefusalKind::PrefixAmbiguous,
            format!(
                "{} places tie with {best} {basis}: {}; give --prefix",
                tied.len(),
                tied.join(", ")
            ),
        ));
    }
    Ok(scored.remove(0).1)
}

/// Every mapping that may hold the values: at the given prefix, or anywhere when none is given.
fn candidates<'v>(
    files: &'v [Parsed<'_>],
    given: Option<&ValuePath>,
    empty: &'v Value,
) -> Vec<(Candidate, &'v Value)> {
    let mut out = Vec::new();
    for (file, parsed) in files.iter().enumerate() {
        for (document, root) in parsed.documents.iter().enumerate() {
            let root = if root.is_null() { empty } else { root };
            let found: Vec<(ValuePath, &Value)> = match given {
                Some(path) => tree::get(root, path)
                    .map(|node| (path.clone(), node))
                    .into_iter()
                    .collect(),
                None => tree::mappings(root),
            };
            for (prefix, node) in found {
                if node.is_object() {
                    let candidate = Candidate {
                        file,
                        document,
                        prefix,
                    };
                    out.push((candidate, node));
                }
            }
        }
    }
    out
}

/// Each candidate's score and what it is scored by: values shared with the proposal, or, when
/// the proposal shares none (every value moved) or there is none, top-level keys the base
/// schema declares.
fn scored(
    pool: &[&(Candidate, &Value)],
    proposal: Option<&Value>,
    base: &Schema,
) -> (&'static str, Vec<(usize, Candidate)>) {
    // The proposal's leaves, listed once for every candidate.
    let leaves: Vec<(ValuePath, &Value)> = proposal
        .map(tree::leaves)
        .unwrap_or_default()
        .into_iter()
        .filter(|(path, _)| !path.is_root())
        .collect();
    let by_proposal = |node: &Value| -> usize {
        leaves
            .iter()
            .filter(|(path, value)| tree::get(node, path) == Some(*value))
            .count()
    };
    let scored: Vec<(usize, Candidate)> = pool
        .iter()
        .map(|(c, node)| (by_proposal(node), c.clone()))
        .collect();
    if scored.iter().any(|(s, _)| *s > 0) {
        return ("values shared with the proposal", scored);
    }
    let declared: Vec<String> = base
        .properties_at(&ValuePath::root())
        .into_iter()
        .map(|p| p.name)
        .collect();
    let by_schema = |node: &Value| {
        node.as_object()
            .map_or(0, |m| m.keys().filter(|k| declared.contains(k)).count())
    };
    let scored = pool
        .iter()
        .map(|(c, node)| (by_schema(node), c.clone()))
        .collect();
    ("top-level keys the base schema declares", scored)
}

/// A candidate named for a person: `` `bosun.valuesObject` in addons.yaml (document 2) ``.
fn name(files: &[Parsed<'_>], c: &Candidate) -> String {
    let file = files[c.file].path;
    let doc = if files[c.file].documents.len() > 1 {
        format!(" (document {})", c.document + 1)
    } else {
        String::new()
    };
    let at = if c.prefix.is_root() {
        "the file root".to_string()
    } else {
        format!("`{}`", c.prefix)
    };
    format!("{at} in {file}{doc}")
}

fn refusal(kind: RefusalKind, message: String) -> Box<Refusal> {
    Box::new(Refusal {
        kind,
        path: ValuePath::root(),
        message,
        at: Location::default(),
    })
}
