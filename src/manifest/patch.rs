//! `patch`: replaces the bytes of one scalar of a Kubernetes manifest, and proves that nothing
//! else changed (ADR-0020).
//!
//! The steps: find the one document that declares the object (after checking that no
//! document's identity hides behind an alias, a merge key or a tag), the one container of that
//! name, and the scalar at the field; refuse anything on the way that an in-place edit cannot
//! handle; check that the bytes at the scalar are exactly its value in its quoting; compare the
//! value with `from` by value; write `to` in its canonical form in the same quoting; decode
//! both texts and require that they differ only in the target value.

use serde::Deserialize;
use serde_json::Value;

use super::identity::{self, Identity};
use super::quantity::{Quantity, ReplicaCount, plain_number_hazard};
use super::refuse::{self, Checked, Stop};
use super::report::{PatchReport, PatchStatus};
use crate::path::{Segment, ValuePath};
use crate::splice::edit::{self, Edit};
use crate::splice::render;
use crate::splice::verify::{self, Asked};
use crate::text::{FileResult, LineIndex};
use crate::yaml::{self, DecodeOptions, Limits, Node, ScalarStyle, Stream, Typing, YamlError};

/// A request to replace one value of one object in a manifest file (docs/contract.md `patch`).
///
/// The fields are the command line's options in camelCase, with the file's text instead of
/// its path; JSON `null` or an absent field leaves `namespace` and `container` unset.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PatchRequest {
    /// The file's name, used in the diff headers (`a/<file>`).
    pub file: String,
    /// The file's text, byte for byte.
    pub text: String,
    /// The object's `apiVersion`, such as `apps/v1`.
    pub api_version: String,
    /// The object's `kind`, such as `Deployment`.
    pub kind: String,
    /// The object's `metadata.namespace`; unset or empty matches only a document without one.
    #[serde(default)]
    pub namespace: Option<String>,
    /// The object's `metadata.name`.
    pub name: String,
    /// The container whose field is patched; unset when `field` is relative to the document root.
    #[serde(default)]
    pub container: Option<String>,
    /// The value path of the field (`resources.limits.memory`, `spec.maxReplicaCount`).
    pub field: String,
    /// The value the file must hold now, compared by value (`256Mi` equals `268435456`).
    pub from: String,
    /// The new value, written in its canonical form.
    pub to: String,
}

/// How the field's values are read, compared and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ValueKind {
    /// A replica count: a decimal int32, written as decimal digits.
    Replicas,
    /// A Kubernetes quantity, written as `Quantity.String()` prints it.
    Quantity,
}

impl ValueKind {
    /// Replica counts by the field's last key (`replicas`, `maxReplicas`, `maxReplicaCount`);
    /// every other field is a quantity.
    fn of(field: &ValuePath) -> ValueKind {
        match field.last() {
            Some(Segment::Key(key))
                if key == "replicas"
                    || key.ends_with("Replicas")
                    || key.ends_with("ReplicaCount") =>
            {
                ValueKind::Replicas
            }
            _ => ValueKind::Quantity,
        }
    }

    fn noun(self) -> &'static str {
        match self {
            ValueKind::Replicas => "a replica count",
            ValueKind::Quantity => "a Kubernetes quantity",
        }
    }
}

/// A value of the field, as Kubernetes reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Amount {
    Replicas(ReplicaCount),
    Quantity(Quantity),
}

impl Amount {
    fn parse(kind: ValueKind, text: &str) -> Result<Amount, String> {
        match kind {
            ValueKind::Replicas => ReplicaCount::parse(text)
                .map(Amount::Replicas)
                .map_err(|e| e.to_string()),
            ValueKind::Quantity => Quantity::parse(text)
                .map(Amount::Quantity)
                .map_err(|e| e.to_string()),
        }
    }

    /// The text the value is written as: `Quantity.String()`, or decimal digits.
    fn canonical(&self) -> String {
        match self {
            Amount::Replicas(count) => count.canonical(),
            Amount::Quantity(quantity) => quantity.canonical(),
        }
    }
}

/// A patch that went through: the new text, where the value is, and what was done.
struct Patched {
    after: String,
    at: usize,
    reason: String,
}

/// Replaces one scalar of `request.text` in place, or says why it cannot (never panics).
pub fn patch(request: &PatchRequest) -> PatchReport {
    let lines = LineIndex::new(&request.text);
    let (status, reason, at, after) = match run(request, &lines) {
        Ok(patched) => (
            PatchStatus::Patched,
            patched.reason,
            Some(patched.at),
            patched.after,
        ),
        Err(stop) => (stop.status, stop.reason, stop.at, request.text.clone()),
    };
    let position = at.map(|offset| lines.line_col(offset));
    PatchReport {
        status,
        reason,
        line: position.map(|p| p.line),
        column: position.map(|p| p.column),
        utf16_column: position.map(|p| p.utf16_column),
        file: FileResult::edited(&request.file, &request.text, after),
    }
}

fn unreadable(file: &str, error: &YamlError) -> Stop {
    Stop::invalid(
        format!("{file} cannot be read as YAML: {}", error.message()),
        Some(error.offset()),
    )
}

/// Checks the request's own fields, which need no file to be wrong.
fn read_request(request: &PatchRequest) -> Checked<(ValuePath, ValueKind, Amount, Amount)> {
    for (name, value) in [
        ("apiVersion", &request.api_version),
        ("kind", &request.kind),
        ("name", &request.name),
        ("field", &request.field),
    ] {
        if value.is_empty() {
            return Err(Stop::invalid(
                format!("the request's `{name}` is empty"),
                None,
            ));
        }
    }
    if request.container.as_deref() == Some("") {
        return Err(Stop::invalid(
            "the request's `container` is empty: leave it out when the field is relative to the document root",
            None,
        ));
    }
    let field = ValuePath::parse(&request.field)
        .map_err(|e| Stop::invalid(format!("the field `{}`: {e}", request.field), None))?;
    if field.is_root() {
        return Err(Stop::invalid(
            "the field is the document root: name the one value to patch",
            None,
        ));
    }
    let kind = ValueKind::of(&field);
    let amount = |what: &str, text: &str| {
        Amount::parse(kind, text).map_err(|e| {
            Stop::invalid(
                format!("the request's `{what}` is not {}: {e}", kind.noun()),
                None,
            )
        })
    };
    let from = amount("from", &request.from)?;
    let to = amount("to", &request.to)?;
    if matches!(&to, Amount::Quantity(q) if q.is_negative()) {
        return Err(Stop::invalid(
            format!(
                "the request's `to` (`{}`) is negative, which no resource amount is",
                request.to
            ),
            None,
        ));
    }
    Ok((field, kind, from, to))
}

/// The scalar a patch replaces: where it is, its value and quoting, and how reasons name it.
struct Target<'s> {
    /// The index of the one document that declares the object.
    index: usize,
    /// The scalar's path from the document root: the container's path joined with the field.
    path: ValuePath,
    /// The field as reasons name it (`` `spec.replicas` ``, or with `of container `web``).
    what: String,
    /// The scalar's node.
    node: &'s Node,
    /// The scalar's value, as the file's YAML reads it.
    value: &'s str,
    /// The scalar's quoting, which the new value keeps.
    style: ScalarStyle,
}

impl Target<'_> {
    /// The byte offset of the scalar's first byte, which every refusal about it points at.
    fn at(&self) -> usize {
        self.node.range().start
    }
}

/// Finds the scalar, checks it holds `from`, writes `to` in its place and verifies the result.
fn run(request: &PatchRequest, lines: &LineIndex<'_>) -> Checked<Patched> {
    let (field, kind, from, to) = read_request(request)?;
    let text = request.text.as_str();
    let limits = Limits::default();
    let stream = yaml::parse(text, &limits).map_err(|e| unreadable(&request.file, &e))?;
    let before = stream
        .to_json(Typing::Helm, &limits)
        .map_err(|e| unreadable(&request.file, &e))?;

    identity::check_identities(&stream, lines)?;
    let identity = Identity {
        api_version: &request.api_version,
        kind: &request.kind,
        namespace: request.namespace.as_deref(),
        name: &request.name,
    };
    let index = matching_document(request, &stream, &before, &identity)?;
    let target = find_scalar(request, &stream, index, &field, &identity)?;
    let found = check_position(text, &target)?;
    check_current(&target, kind, &from, &request.from)?;
    let (canonical, replacement) = new_text(&target, &to)?;
    let line = lines.line_col(target.at()).line;
    let what = &target.what;
    if replacement == found {
        return Ok(Patched {
            after: text.to_string(),
            at: target.at(),
            reason: format!(
                "{what} of {identity} already holds `{canonical}` (line {line}): nothing to change"
            ),
        });
    }
    let after = write_and_verify(request, &before, &target, &canonical, replacement)?;
    Ok(Patched {
        after,
        at: target.at(),
        reason: format!(
            "{what} of {identity}: `{found}` becomes `{}` (line {line})",
            written(&canonical, target.style).unwrap_or_default()
        ),
    })
}

/// The index of the one document that declares `identity`, or why there is not exactly one.
fn matching_document(
    request: &PatchRequest,
    stream: &Stream,
    before: &[Value],
    identity: &Identity<'_>,
) -> Checked<usize> {
    let matching: Vec<usize> = before
        .iter()
        .enumerate()
        .filter(|(_, document)| identity::declares(document, identity))
        .map(|(index, _)| index)
        .collect();
    match matching.as_slice() {
        [index] => Ok(*index),
        [] => {
            let found: Vec<String> = before
                .iter()
                .filter_map(identity::declared)
                .take(10)
                .map(|other| other.to_string())
                .collect();
            let found = if found.is_empty() {
                "it declares no Kubernetes object".to_string()
            } else {
                format!("it declares {}", found.join(", "))
            };
            Err(Stop::needs_intervention(
                format!(
                    "no document in {} declares {identity}: {found}",
                    request.file
                ),
                None,
            ))
        }
        [_, second, ..] => Err(Stop::needs_intervention(
            format!(
                "{} documents in {} declare {identity}: the one to patch is ambiguous",
                matching.len(),
                request.file
            ),
            stream.documents.get(*second).map(|d| d.root.range().start),
        )),
    }
}

/// The scalar at the field (below the request's container, if it names one) of document `index`,
/// after refusing anything on its path that an in-place edit cannot handle.
fn find_scalar<'s>(
    request: &PatchRequest,
    stream: &'s Stream,
    index: usize,
    field: &ValuePath,
    identity: &Identity<'_>,
) -> Checked<Target<'s>> {
    let Some(document) = stream.documents.get(index) else {
        return Err(Stop::invalid("the matching document is missing", None));
    };
    let (base, what) = match &request.container {
        Some(name) => (
            identity::find_container(&document.root, name, identity)?,
            format!("`{field}` of container `{name}`"),
        ),
        None => (ValuePath::root(), format!("`{field}`")),
    };
    let path = base.join(field);
    let aliases = refuse::alias_refs(stream);
    let node = refuse::check_path(&document.root, &path, &aliases, &what)?;
    let (Some(value), Some(style)) = (node.scalar_text(), node.scalar_style()) else {
        return Err(Stop::needs_intervention(
            format!("{what} is not a scalar"),
            Some(node.range().start),
        ));
    };
    Ok(Target {
        index,
        path,
        what,
        node,
        value,
        style,
    })
}

/// The position check: the bytes at the scalar must be exactly its value in its quoting; returns
/// those bytes.
fn check_position<'t>(text: &'t str, target: &Target<'_>) -> Checked<&'t str> {
    let found = text.get(target.node.range()).unwrap_or_default();
    match written(target.value, target.style) {
        Some(expected) if expected == found => Ok(found),
        _ => Err(Stop::needs_intervention(
            format!(
                "the bytes of {} (`{}`) are not its value `{}` as a {} scalar writes it: \
                 the position is uncertain, so nothing is replaced",
                target.what,
                found.escape_debug(),
                target.value.escape_debug(),
                style_name(target.style)
            ),
            Some(target.at()),
        )),
    }
}

/// The comparison by value: the scalar must read as `kind` and equal `from` (`from_text` as
/// the request spells it).
fn check_current(
    target: &Target<'_>,
    kind: ValueKind,
    from: &Amount,
    from_text: &str,
) -> Checked<()> {
    let (what, value, at) = (&target.what, target.value, Some(target.at()));
    if target.style == ScalarStyle::Plain {
        if let Some(hazard) = plain_number_hazard(value) {
            return Err(Stop::needs_intervention(format!("{what}: {hazard}"), at));
        }
    }
    let current = Amount::parse(kind, value).map_err(|e| {
        Stop::needs_intervention(
            format!(
                "{what} holds `{}`, which is not {}: {e}",
                value.escape_debug(),
                kind.noun()
            ),
            at,
        )
    })?;
    if current != *from {
        return Err(Stop::needs_intervention(
            format!(
                "{what} holds `{}`, not `{}` (the request's `from`): the file and the value \
                 the request expects disagree",
                value.escape_debug(),
                from_text.escape_debug()
            ),
            at,
        ));
    }
    Ok(())
}

/// The new value's canonical text, and the bytes that write it in the scalar's quoting.
fn new_text(target: &Target<'_>, to: &Amount) -> Checked<(String, String)> {
    let (what, at) = (&target.what, Some(target.at()));
    let canonical = to.canonical();
    if target.style == ScalarStyle::Plain {
        if let Some(hazard) = plain_number_hazard(&canonical) {
            return Err(Stop::needs_intervention(
                format!(
                    "the new value of {what} cannot stay unquoted: {hazard}; quote the value in \
                     the file, or ask for another spelling"
                ),
                at,
            ));
        }
    }
    let Some(replacement) = written(&canonical, target.style) else {
        return Err(Stop::needs_intervention(
            format!("{what} is not a one-line scalar"),
            at,
        ));
    };
    Ok((canonical, replacement))
}

/// Replaces the scalar's bytes with `replacement` and verifies the patched text; returns it.
fn write_and_verify(
    request: &PatchRequest,
    before: &[Value],
    target: &Target<'_>,
    canonical: &str,
    replacement: String,
) -> Checked<String> {
    let after = edit::apply(
        &request.text,
        vec![Edit::replacement(target.node.range(), replacement)],
    )
    .map_err(|e| Stop::needs_intervention(format!("{}: {e}", target.what), Some(target.at())))?;
    verify(request, before, &after, target, canonical)?;
    Ok(after)
}

/// A scalar's value as that style writes it on one line (through the splicer's quote writers); `None` for block scalars.
///
/// For a quoted scalar this is the one spelling the splicer writes; a file that spells it
/// otherwise fails the position check and is refused rather than guessed at.
fn written(value: &str, style: ScalarStyle) -> Option<String> {
    match style {
        ScalarStyle::Plain => Some(value.to_string()),
        ScalarStyle::SingleQuoted => Some(render::single_quoted(value)),
        ScalarStyle::DoubleQuoted => Some(render::double_quoted(value)),
        ScalarStyle::Literal | ScalarStyle::Folded => None,
    }
}

fn style_name(style: ScalarStyle) -> &'static str {
    match style {
        ScalarStyle::Plain => "plain",
        ScalarStyle::SingleQuoted => "single-quoted",
        ScalarStyle::DoubleQuoted => "double-quoted",
        ScalarStyle::Literal => "literal block",
        ScalarStyle::Folded => "folded block",
    }
}

/// The value the target must decode to: `canonical` as a string, or unquoted as Helm types it.
fn asked_value(canonical: &str, style: ScalarStyle) -> Result<Value, String> {
    if style != ScalarStyle::Plain {
        return Ok(Value::String(canonical.to_string()));
    }
    let documents = yaml::decode(canonical, &DecodeOptions::default())
        .map_err(|e| format!("`{canonical}` does not decode: {}", e.message()))?;
    documents
        .into_iter()
        .next()
        .ok_or_else(|| format!("`{canonical}` decodes to no value"))
}

/// Verifies the patched text through the values pipeline's verify (`splice::verify`): it must
/// differ from `before` only at the target, which must hold `canonical`.
fn verify(
    request: &PatchRequest,
    before: &[Value],
    after: &str,
    target: &Target<'_>,
    canonical: &str,
) -> Checked<()> {
    let failed = |why: String| {
        Stop::needs_intervention(
            format!("verify failed: {why}; the file is left as it is"),
            Some(target.at()),
        )
    };
    let replacement = asked_value(canonical, target.style).map_err(failed)?;
    let asked = Asked {
        file: &request.file,
        text: &request.text,
        documents: before,
        document: target.index,
        at: &target.path,
        replacement: &replacement,
        typing: Typing::Helm,
    };
    verify::verify(&asked, after).map_err(|mismatch| failed(mismatch.message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(text: &str, field: &str, from: &str, to: &str) -> PatchRequest {
        PatchRequest {
            file: "m.yaml".to_string(),
            text: text.to_string(),
            api_version: "v1".to_string(),
            kind: "Pod".to_string(),
            namespace: None,
            name: "p".to_string(),
            container: None,
            field: field.to_string(),
            from: from.to_string(),
            to: to.to_string(),
        }
    }

    const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  replicas: 2\n  \
                       mem: '1Gi'\n  cpu: \"500m\"\n";

    #[test]
    fn replaces_the_value_in_its_quoting() {
        let report = patch(&request(POD, "spec.mem", "1024Mi", "1.5Gi"));
        assert_eq!(report.status, PatchStatus::Patched, "{}", report.reason);
        assert!(report.file.after.contains("  mem: '1536Mi'\n"));
        assert_eq!((report.line, report.column), (Some(7), Some(8)));
        let report = patch(&request(POD, "spec.cpu", "0.5", "1"));
        assert!(
            report.file.after.contains("  cpu: \"1\"\n"),
            "{}",
            report.reason
        );
        let report = patch(&request(POD, "spec.replicas", "2", "3"));
        assert!(
            report.file.after.contains("  replicas: 3\n"),
            "{}",
            report.reason
        );
        assert_eq!(
            report
                .file
                .diff
                .lines()
                .filter(|l| l.starts_with('+'))
                .count(),
            2
        );
    }

    #[test]
    fn a_value_already_in_place_is_patched_without_a_change() {
        let report = patch(&request(POD, "spec.replicas", "2", "2"));
        assert_eq!(report.status, PatchStatus::Patched);
        assert!(!report.file.changed);
        assert_eq!(report.file.diff, "");
        assert!(
            report.reason.contains("nothing to change"),
            "{}",
            report.reason
        );
    }

    #[test]
    fn replica_fields_are_counts_and_other_fields_quantities() {
        let field = |f: &str| ValueKind::of(&ValuePath::parse(f).unwrap());
        assert_eq!(field("spec.replicas"), ValueKind::Replicas);
        assert_eq!(field("spec.maxReplicaCount"), ValueKind::Replicas);
        assert_eq!(field("spec.maxReplicas"), ValueKind::Replicas);
        assert_eq!(field("resources.limits.memory"), ValueKind::Quantity);
        // A count is written as digits, a quantity as Quantity.String() prints it.
        let text =
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  replicas: 999\n  mem: 999\n";
        let report = patch(&request(text, "spec.replicas", "999", "1000"));
        assert!(
            report.file.after.contains("replicas: 1000\n"),
            "{}",
            report.reason
        );
        let report = patch(&request(text, "spec.mem", "999", "1000"));
        assert!(report.file.after.contains("mem: 1k\n"), "{}", report.reason);
    }

    #[test]
    fn refuses_a_new_value_that_would_read_as_another_number_unquoted() {
        let report = patch(&request(POD, "spec.replicas", "2", "1e3"));
        assert_eq!(
            report.status,
            PatchStatus::Invalid,
            "a replica count has no exponent"
        );
        let text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  mem: 1k\n";
        let report = patch(&request(text, "spec.mem", "1k", "1e3"));
        assert_eq!(report.status, PatchStatus::NeedsIntervention);
        assert!(
            report.reason.contains("cannot stay unquoted"),
            "{}",
            report.reason
        );
    }

    #[test]
    fn refuses_a_quoted_value_spelled_with_optional_escapes() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  mem: \"\\x31Gi\"\n";
        let report = patch(&request(text, "spec.mem", "1Gi", "2Gi"));
        assert_eq!(report.status, PatchStatus::NeedsIntervention);
        assert!(
            report.reason.contains("position is uncertain"),
            "{}",
            report.reason
        );
        assert_eq!(report.line, Some(6));
    }

    #[test]
    fn a_multi_line_plain_scalar_fails_the_position_check() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  mem: 1\n    Gi\n";
        let report = patch(&request(text, "spec.mem", "1Gi", "2Gi"));
        assert_eq!(report.status, PatchStatus::NeedsIntervention);
    }

    #[test]
    fn verify_catches_a_value_copied_by_an_alias() {
        // The check of the path alone passes: the alias points at the target itself.
        let text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  mem: &m 1Gi\n  \
                    copy: *m\n  replicas: 2\n";
        let req = request(text, "spec.mem", "1Gi", "2Gi");
        let stream = yaml::parse(text, &Limits::default()).unwrap();
        let before = stream.to_json(Typing::Helm, &Limits::default()).unwrap();
        let check = |field: &str, after: &str, canonical: &str| {
            let path = ValuePath::parse(field).unwrap();
            let steps = stream.documents[0].root.walk(&path, Typing::Helm);
            let node = steps.last().unwrap().node;
            let target = Target {
                index: 0,
                path,
                what: format!("`{field}`"),
                node,
                value: node.scalar_text().unwrap(),
                style: node.scalar_style().unwrap(),
            };
            verify(&req, &before, after, &target, canonical)
        };
        let copied = text.replace("1Gi", "2Gi");
        let stop = check("spec.mem", &copied, "2Gi").unwrap_err();
        assert!(stop.reason.contains("verify failed"), "{}", stop.reason);
        assert!(
            stop.reason.contains("`spec.copy` differs"),
            "{}",
            stop.reason
        );
        assert_eq!(
            stop.at,
            Some(text.find("1Gi").unwrap()),
            "the scalar's first byte"
        );
        let alone = text.replace("&m 1Gi", "2Gi").replace("*m", "1Gi");
        assert_eq!(check("spec.mem", &alone, "2Gi"), Ok(()));
        let stop = check("spec.mem", &alone, "3Gi").unwrap_err();
        assert!(
            stop.reason.contains("`spec.mem` differs"),
            "{}",
            stop.reason
        );
        // Unquoted, the target must decode as Helm types the canonical text: 3 is a number.
        let three = text.replace("replicas: 2", "replicas: 3");
        assert_eq!(check("spec.replicas", &three, "3"), Ok(()));
        let quoted = text.replace("replicas: 2", "replicas: '3'");
        assert!(check("spec.replicas", &quoted, "3").is_err());
    }

    #[test]
    fn bad_requests_and_bad_yaml_are_invalid() {
        let cases = [
            request(POD, "", "1", "2"),
            request(POD, "spec..x", "1", "2"),
            request(POD, "spec.mem", "lots", "2Gi"),
            request(POD, "spec.replicas", "2", "-1"),
            request(POD, "spec.mem", "1Gi", "-1Gi"),
            request("a: [1\n", "spec.mem", "1Gi", "2Gi"),
            request("a: .nan\n", "spec.mem", "1Gi", "2Gi"),
            PatchRequest::default(),
        ];
        for case in cases {
            let report = patch(&case);
            assert_eq!(
                report.status,
                PatchStatus::Invalid,
                "{case:?}: {}",
                report.reason
            );
            assert!(!report.reason.is_empty());
            assert!(!report.file.changed);
        }
        let report = patch(&request("a: [1\n", "spec.mem", "1Gi", "2Gi"));
        assert!(report.line.is_some(), "a YAML error has a position");
    }

    #[test]
    fn the_request_reads_from_camel_case_json_and_refuses_unknown_fields() {
        let json = serde_json::json!({"file": "f", "text": "", "apiVersion": "v1", "kind": "Pod",
            "namespace": null, "name": "p", "field": "spec.replicas", "from": "1", "to": "2"});
        let request: PatchRequest = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(request.container, None);
        assert_eq!(request.api_version, "v1");
        let mut extra = json;
        extra["replicas"] = serde_json::json!(3);
        assert!(serde_json::from_value::<PatchRequest>(extra).is_err());
    }

    #[test]
    fn the_report_serializes_in_camel_case() {
        let report = patch(&request(POD, "spec.replicas", "2", "3"));
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["status"], "patched");
        assert!(json["utf16Column"].is_number());
        assert_eq!(json["file"]["path"], "m.yaml");
        let refused =
            serde_json::to_value(patch(&request(POD, "spec.replicas", "5", "3"))).unwrap();
        assert_eq!(refused["status"], "needs-intervention");
    }
}
