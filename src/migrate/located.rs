//! The locate stage: the values root found in the files ([`Located`]: where, the original values
//! there, and the home the report names), or why there is none ([`NotLocated`]).

use super::locate::Candidate;
use super::merged;
use super::outcome::{HomeKind, Refusal, RefusalKind, ValuesHome};
use super::parsed::Parsed;
use crate::path::{Segment, ValuePath};
use crate::text::{Location, TextOffset};
use crate::yaml;
use serde_json::Value;
use std::borrow::Cow;

/// The values root, found: where it is, the original values there (borrowed when the file's
/// documents were decoded, else decoded there alone), and where the report says it is.
pub(crate) struct Located<'r> {
    /// The file, document and prefix.
    pub candidate: Candidate,
    /// The original values at the root.
    pub original: Cow<'r, Value>,
    /// Where the values are, as the report names it.
    pub home: Home,
}

/// Where the values were found, as the report names it: the outer file's prefix, file,
/// document and kind.
pub(crate) struct Home {
    /// What kind of document holds the values.
    pub values_in: ValuesHome,
    /// The prefix in the outer file.
    pub prefix: ValuePath,
    /// The outer file's name.
    pub file: String,
    /// The outer file's document.
    pub document: usize,
    /// How many documents Helm's `-f` merges, when the values are the file's documents merged.
    pub merged_documents: Option<usize>,
}

/// Why no values root was found: a refusal (with its place in a file as a byte offset when it
/// has one, and the home, when the root was found and then refused), or a file Helm's `-f`
/// cannot read as values (where, and Helm's words).
pub(crate) enum NotLocated<'r> {
    Refused {
        refusal: Box<Refusal>,
        at: Option<TextOffset<'r>>,
        home: Option<Box<Home>>,
    },
    Unreadable {
        at: TextOffset<'r>,
        message: String,
    },
}

impl NotLocated<'_> {
    /// A refusal placed nowhere in particular, before any values were found.
    pub fn refused(refusal: Box<Refusal>) -> Self {
        NotLocated::Refused {
            refusal,
            at: None,
            home: None,
        }
    }
}

/// Why values an ApplicationSet renders are refused.
const TEMPLATE_ACTIONS: &str = "the values hold template actions (`{{`) that the ApplicationSet renders before Helm reads them: edit the values of each generated Application, or the template by hand";

/// The values at `candidate`, the place found in `files`, and their home; or why Helm does not
/// read them as values.
pub(crate) fn located<'r>(
    files: &'r [Parsed<'_>],
    candidate: Candidate,
) -> Result<Located<'r>, NotLocated<'r>> {
    let home = home(files, &candidate);
    let file = &files[candidate.file];
    let original = match candidate.merged {
        // A document Helm's `-f` cannot read: the file is not values, as for Helm.
        true => Cow::Owned(
            merged::values(file).map_err(|(at, message)| NotLocated::Unreadable { at, message })?,
        ),
        false => file.values_at(candidate.document, &candidate.prefix),
    };
    // An ApplicationSet renders its template's `{{…}}` before Helm reads the values: values
    // that hold a template action are not what Helm reads, refused where the first one is.
    let rendered_first = home.values_in.kind == HomeKind::ArgoCdApplicationSet;
    let action = rendered_first
        .then(|| file.template_action(candidate.document, &candidate.prefix, &original));
    if let Some((offset, path)) = action.flatten() {
        let refusal = Refusal {
            kind: RefusalKind::ValuesString,
            path,
            message: TEMPLATE_ACTIONS.to_string(),
            at: Location::default(),
        };
        let at = TextOffset {
            file: file.path,
            text: file.outer(None).0,
            offset: Some(offset),
        };
        return Err(NotLocated::Refused {
            refusal: Box::new(refusal),
            at: Some(at),
            home: Some(Box::new(home)),
        });
    }
    Ok(Located {
        candidate,
        original,
        home,
    })
}

/// Where the values were found: the outer file's prefix, file, document, kind.
fn home(files: &[Parsed<'_>], candidate: &Candidate) -> Home {
    let file = &files[candidate.file];
    let (outer, document, prefix, string) = match &file.held {
        Some(held) => (
            &files[held.file],
            held.document,
            held.at.join(&candidate.prefix),
            Some(
                held.carrier
                    .as_ref()
                    .map_or("folded or flow", |c| c.style()),
            ),
        ),
        None => (file, candidate.document, candidate.prefix.clone(), None),
    };
    let mut values_in = {
        let located = outer.stream.documents.get(document);
        let view = located.map(|d| (yaml::View::new(d, outer.typing), &d.root));
        let text = |path: &[Segment]| {
            let (view, root) = view.as_ref()?;
            let node = view.get(root, path)?;
            node.is_scalar()
                .then(|| view.to_json(node).ok())??
                .as_str()
                .map(str::to_string)
        };
        ValuesHome::of_texts(text, &prefix, string)
    };
    // Only a ConfigMap's or a Secret's reader is looked for, through every document's values.
    let documents = files
        .iter()
        .filter(|f| f.held.is_none())
        .flat_map(|f| f.documents());
    values_in.find_reader(documents, &prefix);
    Home {
        values_in,
        prefix,
        file: outer.path.to_string(),
        document,
        merged_documents: candidate.merged.then(|| file.document_count()),
    }
}
