//! A values file as the read stage parsed it: its text, its located parse, its documents once
//! decoded, and, for a values document held in a string of another file, where it sits there.

use crate::path::ValuePath;
use crate::splice::embedded::Carrier;
use crate::yaml::{self, Limits, Stream, Typing};
use serde_json::Value;
use std::borrow::Cow;
use std::cell::OnceCell;

/// A parsed values file: its text, its located stream, and its documents as JSON once asked for
/// (most calls look only at the values root's, read on the stream: [`Parsed::values_at`]).
pub(crate) struct Parsed<'a> {
    /// The file's name, as given.
    pub path: &'a str,
    /// The file's text (a held document's own text, for one held in a string).
    pub text: Cow<'a, str>,
    /// The located parse (dropped with the file once the write stage has spliced and verified:
    /// [`Parsed::into_source`]).
    pub stream: Stream,
    /// The documents, as the chosen typing reads them: decoded from `stream` when first asked
    /// for, so that a whole file's values and its located tree are alive together only then.
    documents: OnceCell<Vec<Value>>,
    /// The typing the documents are read with.
    pub typing: Typing,
    /// The nodes its aliases expand to, as decoding counts them.
    pub expanded: usize,
    /// For a values document held in a string of another file: where it sits there.
    pub held: Option<Held<'a>>,
}

impl<'a> Parsed<'a> {
    /// A file read into its located parse (known to decode: [`parse_checked`]), its documents
    /// decoded when asked for, or given.
    pub fn new(
        path: &'a str,
        text: Cow<'a, str>,
        (stream, expanded): (Stream, usize),
        documents: Option<Vec<Value>>,
        typing: Typing,
    ) -> Parsed<'a> {
        Parsed {
            path,
            text,
            stream,
            documents: documents.map_or_else(OnceCell::new, OnceCell::from),
            typing,
            expanded,
            held: None,
        }
    }

    /// Every document as JSON, decoded from the located parse on first use.
    pub fn documents(&self) -> &[Value] {
        self.documents.get_or_init(|| {
            // The read stage checked that the stream decodes: this does not fail.
            (self.stream)
                .to_json(self.typing, &Limits::default())
                .unwrap_or_default()
        })
    }

    /// How many documents the file holds.
    pub fn document_count(&self) -> usize {
        match self.documents.get() {
            Some(documents) => documents.len(),
            None => self.stream.documents.len(),
        }
    }

    /// The value at `prefix` of document `document`: borrowed from the documents when they were
    /// decoded, else decoded from the located parse there alone (`null` when there is none).
    pub fn values_at(&self, document: usize, prefix: &ValuePath) -> Cow<'_, Value> {
        if let Some(documents) = self.documents.get() {
            let found = documents
                .get(document)
                .and_then(|d| crate::path::get(d, prefix));
            return found.map_or(Cow::Owned(Value::Null), Cow::Borrowed);
        }
        let Some(located) = self.stream.documents.get(document) else {
            return Cow::Owned(Value::Null);
        };
        let view = yaml::View::new(located, self.typing);
        let node = view.get(&located.root, prefix.segments());
        Cow::Owned(
            node.and_then(|n| view.to_json(n).ok())
                .unwrap_or(Value::Null),
        )
    }
}

impl<'a> Parsed<'a> {
    /// The text a person opens and the offset there of byte `offset` of this text: the outer
    /// file's, for a document held in a string.
    pub fn outer(&self, offset: Option<usize>) -> (&str, Option<usize>) {
        match &self.held {
            Some(held) => (
                held.outer,
                offset.map(|at| held.outer_offset(&self.text, at)),
            ),
            None => (&self.text, offset),
        }
    }

    /// The first template action (`{{`) of the values at `prefix` of the candidate's document, as
    /// an offset in the text a person opens, and its path under `prefix` (the string's place, for
    /// a document held in a string); `original` is the values there.
    pub fn template_action(
        &self,
        document: usize,
        prefix: &ValuePath,
        original: &Value,
    ) -> Option<(usize, ValuePath)> {
        if let Some(held) = &self.held {
            let at = self.text.find("{{")?;
            return Some((held.outer_offset(&self.text, at), ValuePath::root()));
        }
        let leaves = crate::path::leaves(original);
        let first = leaves
            .into_iter()
            .find(|(_, v)| v.as_str().is_some_and(|s| s.contains("{{")));
        let (at, _) = first?;
        let located = self.stream.documents.get(document)?;
        Some((located.root.offset_of(&prefix.join(&at), self.typing), at))
    }

    /// The file's name and text, its located parse and documents dropped.
    pub fn into_source(self) -> Source<'a> {
        Source {
            path: self.path,
            text: self.text,
            held: self.held.is_some(),
        }
    }
}

/// A values file once its parse has served: its name and text, for the report's files.
pub(crate) struct Source<'a> {
    /// The file's name, as given.
    pub path: &'a str,
    /// The file's text.
    pub text: Cow<'a, str>,
    /// Whether it is a document held in a string of another file (no file of its own).
    pub held: bool,
}

/// Where a candidate held in a string sits: its outer file, document and path, and its carrier.
pub(crate) struct Held<'a> {
    /// The outer file's index in the candidate files.
    pub file: usize,
    /// The outer file's text.
    pub outer: &'a str,
    /// The document of the outer file that holds the string.
    pub document: usize,
    /// Where the string is in that document.
    pub at: ValuePath,
    /// How the string is written, or why an edit could not be written back into it.
    pub carrier: Result<Carrier, String>,
    /// The string's first byte in the outer text.
    pub start: usize,
}

impl Held<'_> {
    /// The outer offset of byte `offset` of the inner text `inner`.
    pub fn outer_offset(&self, inner: &str, offset: usize) -> usize {
        match &self.carrier {
            Ok(carrier) => carrier.outer_offset(self.outer, inner, offset),
            Err(_) => self.start,
        }
    }
}
