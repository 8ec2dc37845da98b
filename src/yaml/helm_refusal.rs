//! What Helm's reader refuses that this crate's reader reads, decided in one place: each of the
//! dialect's checks (a line the document splitter refuses, `separator.rs`; a tab, `tabs.rs`; a
//! `\/` escape, `escapes.rs`; an anchor's name, `names.rs`; a plain scalar of a flow collection,
//! `flow.rs`) asked only where a cheap scan or the scanner says it may find something, and the
//! first refusal in the text given as the error, in Helm's words.

use super::build;
use super::error::YamlError;
use super::limits::Limits;
use super::node::Stream;
use super::typing::Typing;
use super::{escapes, flow, names, separator, tabs};
use std::ops::Range;
use values_migrate_yaml_parser::Seen;

/// A parse as Helm's reader gives it: what it refuses that this crate's reader reads as the
/// error, and a line its document splitter refuses before any error of the YAML itself after it.
pub(super) fn as_helm(
    text: &str,
    built: Result<(Stream, Seen), YamlError>,
) -> Result<Stream, YamlError> {
    match built {
        Ok((stream, seen)) => match refusal_seen(text, &stream, Some(seen)) {
            Some(refused) => Err(refused),
            None => Ok(stream),
        },
        Err(error) => match separator::helm_refusal(text) {
            Some(splitter) if splitter.offset() <= error.offset() => Err(splitter),
            _ => Err(error),
        },
    }
}

/// The first of what Helm's reader refuses in `text` (parsed into `stream`) that this crate's
/// reader reads — a line Helm's document splitter refuses (separator.rs), a tab go-yaml refuses
/// (tabs.rs), a `\/` escape (escapes.rs), an anchor's name go-yaml reads otherwise (names.rs),
/// a plain scalar of a flow collection it reads otherwise (flow.rs) — as a syntax error in
/// Helm's words; `None` when Helm reads it all.
///
/// A text without a feature pays no walk of its tree for it: each walk runs only where its
/// cheap scan of the text says it may find something.
pub fn helm_refusal(text: &str, stream: &Stream) -> Option<YamlError> {
    refusal_seen(text, stream, None)
}

/// [`helm_refusal`], told what the scanner met in `text` when it is known: the anchors' names
/// are read only when one holds a character go-yaml does not take, the flow collections' scalars
/// and keys only when the scanner met one go-yaml may read otherwise (else the text's cheap
/// scans say where to look).
fn refusal_seen(text: &str, stream: &Stream, seen: Option<Seen>) -> Option<YamlError> {
    let names = seen.map_or_else(|| names::may_refuse(text), |seen| seen.odd_anchor);
    let flow = seen.map_or_else(|| flow::may_refuse(text), |seen| seen.flow_suspect);
    [
        separator::helm_refusal(text),
        tabs::helm_refusal(text, stream),
        escapes::helm_refusal(text, stream),
        names.then(|| names::helm_refusal(text, stream)).flatten(),
        flow.then(|| flow::helm_refusal(text, stream)).flatten(),
    ]
    .into_iter()
    .flatten()
    .min_by_key(YamlError::offset)
}

/// The first of what Helm's reader refuses in `text` that this crate's reader reads, parsed
/// here only when the text may hold one ([`helm_may_refuse`], told what a parse of the text's
/// events met when the caller made one); `None` too when the text does not parse.
pub(crate) fn helm_refusal_of(text: &str, seen: Option<Seen>) -> Option<YamlError> {
    if !helm_may_refuse(text, seen) {
        return None;
    }
    let (stream, seen) = build::build_seen(text, &Limits::default()).ok()?;
    refusal_seen(text, &stream, Some(seen))
}

/// [`helm_refusal_of`] for an edit of a text whose bytes outside `fresh` are the original's and
/// read as they did (`direct::EditRead`): only the fresh bytes are scanned for what may refuse,
/// so a refusal the original held itself may go unfound (the edit did not make it).
pub(crate) fn helm_refusal_of_edit(
    text: &str,
    seen: Seen,
    fresh: Range<usize>,
) -> Option<YamlError> {
    let part = &text[fresh];
    if !helm_may_refuse(part, Some(seen)) {
        return None;
    }
    helm_refusal_of(text, Some(seen))
}

/// Whether `text` may hold what Helm's reader refuses and this crate's reads ([`helm_refusal`]
/// says, on its located tree), told what the scanner met in it when a parse of its events did:
/// then the anchors' names and the flow collections are the scanner's to tell, not the text's.
fn helm_may_refuse(text: &str, seen: Option<Seen>) -> bool {
    tabs::may_refuse(text)
        || escapes::may_refuse(text)
        || seen.map_or_else(|| names::may_refuse(text), |seen| seen.odd_anchor)
        || seen.map_or_else(|| flow::may_refuse(text), |seen| seen.flow_suspect)
        || separator::helm_refusal(text).is_some()
}

/// Whether a text whose events were read whole (under `typing`, the scanner having met `seen`)
/// may hold what Helm's reader refuses that only its tokens tell: an anchor's name go-yaml reads
/// otherwise, or a plain scalar of a flow collection ([`helm_may_refuse`]'s other checks are made
/// on the text before its events are read).
pub(crate) fn helm_suspect_seen(typing: Typing, seen: Seen) -> bool {
    typing == Typing::Helm && (seen.odd_anchor || seen.flow_suspect)
}

/// Whether `text`, read as `typing`, may hold what Helm's reader refuses that its text tells
/// ([`helm_may_refuse`] but for the anchors' names and the flow collections, which the direct
/// paths ask of the scanner once the events are read: [`helm_suspect_seen`]).
pub(crate) fn helm_suspect(text: &str, typing: Typing) -> bool {
    typing == Typing::Helm
        && (tabs::may_refuse(text)
            || escapes::may_refuse(text)
            || separator::helm_refusal(text).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_is_scanned_for_a_refusal_only_where_it_is_fresh() {
        let text = "a: 1\nb: \"x\\/y\"\nc: 3\n";
        let (b, c) = (text.find("b:").unwrap(), text.find("c:").unwrap());
        // The `\/` of `b` is the edit's.
        let found = helm_refusal_of_edit(text, Seen::default(), b..c).map(|e| e.offset());
        assert_eq!(found, Some(text.find('\\').unwrap()));
        // Outside the fresh bytes: the original's own, not the edit's.
        assert_eq!(helm_refusal_of_edit(text, Seen::default(), 0..b), None);
        // What the scanner met is asked whatever the bytes.
        let seen = Seen {
            odd_anchor: true,
            ..Seen::default()
        };
        assert!(helm_refusal_of_edit(text, seen, 0..b).is_some());
    }
}
