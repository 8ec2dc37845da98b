//! The rules that stop a patch: what on the way to the target an in-place edit cannot handle.

use std::ops::Range;

use super::report::PatchStatus;
use crate::path::ValuePath;
use crate::yaml::hazard::{Hazard, flow_hazard, key_hazards, property_hazard};
use crate::yaml::{Node, NodeKind, ScalarStyle, Stream, Typing};

/// Why a patch stopped: the status, a reason for a person, and the byte offset it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stop {
    /// `needs-intervention` or `invalid`.
    pub status: PatchStatus,
    /// What stopped the patch.
    pub reason: String,
    /// The byte offset in the original text the reason is about, if it has one.
    pub at: Option<usize>,
}

impl Stop {
    /// The file cannot be patched safely; a person must look at `at`.
    pub fn needs_intervention(reason: impl Into<String>, at: Option<usize>) -> Self {
        Stop {
            status: PatchStatus::NeedsIntervention,
            reason: reason.into(),
            at,
        }
    }

    /// An input could not be read.
    pub fn invalid(reason: impl Into<String>, at: Option<usize>) -> Self {
        Stop {
            status: PatchStatus::Invalid,
            reason: reason.into(),
            at,
        }
    }
}

/// A patch step's result: a value, or what stopped the patch.
pub(crate) type Checked<T> = Result<T, Stop>;

/// One alias of the stream: its name, where it is, and the range of the node it refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AliasRef {
    /// The anchor name, without the `*`.
    pub name: String,
    /// The byte offset of the `*`.
    pub at: usize,
    /// The range of the anchored node.
    pub target: Range<usize>,
}

/// Every alias in every document of `stream`, in no particular order.
pub(crate) fn alias_refs(stream: &Stream) -> Vec<AliasRef> {
    let mut found = Vec::new();
    for node in stream.documents.iter().flat_map(|d| d.root.nodes()) {
        if let NodeKind::Alias(alias) = node.kind()
            && let Some(target) = &alias.target
        {
            found.push(AliasRef {
                name: alias.name.clone(),
                at: node.range().start,
                target: target.clone(),
            });
        }
    }
    found
}

/// The first alias whose anchored node is `node` or holds it, if any.
pub(crate) fn alias_into<'a>(node: &Node, aliases: &'a [AliasRef]) -> Option<&'a AliasRef> {
    aliases.iter().find(|alias| {
        alias.target == node.range()
            || (alias.target.start <= node.range().start
                && node.range().end <= alias.target.end
                && !alias.target.is_empty())
    })
}

/// A path for messages: `the document root` for the empty path, else `` `spec.replicas` ``.
pub(crate) fn show(path: &ValuePath) -> String {
    if path.is_root() {
        "the document root".to_string()
    } else {
        format!("`{path}`")
    }
}

/// The first `depth` segments of `path`.
pub(crate) fn prefix(path: &ValuePath, depth: usize) -> ValuePath {
    ValuePath::from_segments(path.segments().get(..depth).unwrap_or_default().to_vec())
}

fn on_path(here: &ValuePath, what: &str, problem: Hazard) -> Stop {
    Stop::needs_intervention(
        format!(
            "{} {} on the path to {what}: {}",
            show(here),
            problem.found,
            problem.why
        ),
        Some(problem.at),
    )
}

/// Refuses an anchor, an alias or a tag on `node`, which sits at `here` on the way to `what`.
pub(crate) fn refuse_properties(node: &Node, here: &ValuePath, what: &str) -> Checked<()> {
    property_hazard(node).map_or(Ok(()), |p| Err(on_path(here, what, p)))
}

/// Refuses a merge key, a key that cannot be compared, or a repeated key in the mapping `node`.
pub(crate) fn refuse_mapping_keys(
    node: &Node,
    here: &ValuePath,
    what: &str,
    repeats_of: Option<&[&str]>,
) -> Checked<()> {
    key_hazards(node, Typing::Helm, repeats_of)
        .into_iter()
        .next()
        .map_or(Ok(()), |p| Err(on_path(here, what, p)))
}

/// Refuses what an in-place edit cannot handle on `node`, the one `depth` steps along `path`.
fn check_step(
    node: &Node,
    path: &ValuePath,
    depth: usize,
    aliases: &[AliasRef],
    what: &str,
) -> Checked<()> {
    let here = prefix(path, depth);
    if depth == path.len() {
        // The target itself: named as the request names it.
        if let Some(problem) = property_hazard(node) {
            return Err(Stop::needs_intervention(
                format!("{what} {}: {}", problem.found, problem.why),
                Some(problem.at),
            ));
        }
    }
    refuse_properties(node, &here, what)?;
    if let Some(flow) = flow_hazard(node) {
        return Err(on_path(&here, what, flow));
    }
    refuse_mapping_keys(node, &here, what, None)?;
    if let Some(alias) = alias_into(node, aliases) {
        return Err(Stop::needs_intervention(
            format!(
                "the alias `*{}` refers to {}, which holds {what}: an edit would change the \
                 alias too",
                alias.name,
                show(&here)
            ),
            Some(alias.at),
        ));
    }
    Ok(())
}

/// Checks every node from `root` along `path` and returns the scalar at its end.
///
/// `what` names the target in messages (`resources.limits.memory of container web`).
pub(crate) fn check_path<'a>(
    root: &'a Node,
    path: &ValuePath,
    aliases: &[AliasRef],
    what: &str,
) -> Checked<&'a Node> {
    let steps = root.walk(path, Typing::Helm);
    for (depth, step) in steps.iter().enumerate() {
        check_step(step.node, path, depth, aliases, what)?;
    }
    let reached = steps.len().saturating_sub(1);
    let Some(last) = steps.last().map(|step| step.node) else {
        return Err(Stop::needs_intervention(
            format!("{what} is not in the document"),
            Some(root.range().start),
        ));
    };
    if reached < path.len() {
        return Err(Stop::needs_intervention(
            format!(
                "{what} is not in the file: {} is there, but `{}` is not below it; the patch only \
                 replaces a value that is present",
                show(&prefix(path, reached)),
                prefix(path, reached + 1)
            ),
            Some(last.range().start),
        ));
    }
    match last.scalar_style() {
        Some(ScalarStyle::Plain | ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted) => {
            Ok(last)
        }
        Some(ScalarStyle::Literal | ScalarStyle::Folded) => Err(Stop::needs_intervention(
            format!(
                "{what} is a block scalar (`|` or `>`): only a plain, single- or double-quoted \
                 scalar is replaced in place"
            ),
            Some(last.range().start),
        )),
        None => Err(Stop::needs_intervention(
            format!("{what} is a mapping or a list, not a single value"),
            Some(last.range().start),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Limits, parse};

    fn path(text: &str) -> ValuePath {
        ValuePath::parse(text).unwrap()
    }

    fn check(text: &str, at: &str) -> Checked<String> {
        let stream = parse(text, &Limits::default()).unwrap();
        let aliases = alias_refs(&stream);
        check_path(&stream.documents[0].root, &path(at), &aliases, "the target")
            .map(|node| node.scalar_text().unwrap_or_default().to_string())
    }

    fn reason(result: Checked<String>) -> String {
        match result {
            Ok(value) => panic!("expected a refusal, got `{value}`"),
            Err(stop) => {
                assert_eq!(stop.status, PatchStatus::NeedsIntervention);
                assert!(stop.at.is_some(), "{stop:?}");
                stop.reason
            }
        }
    }

    #[test]
    fn finds_a_plain_scalar_on_a_clean_path() {
        assert_eq!(check("a:\n  b: 1\n  c: x\n", "a.c"), Ok("x".to_string()));
        assert_eq!(check("a:\n- b: 1\n- b: 2\n", "a[1].b"), Ok("2".to_string()));
    }

    #[test]
    fn collects_aliases_with_their_targets() {
        let text = "a: &x\n  b: 1\nc: *x\n---\nd: &y 1\ne: [*y]\n";
        let stream = parse(text, &Limits::default()).unwrap();
        let mut names: Vec<String> = alias_refs(&stream).into_iter().map(|a| a.name).collect();
        names.sort();
        assert_eq!(names, ["x", "y"]);
    }

    #[test]
    fn an_alias_into_a_node_on_the_path_is_found_by_range() {
        let text = "a: &x\n  b: 1\nc: *x\n";
        let stream = parse(text, &Limits::default()).unwrap();
        let aliases = alias_refs(&stream);
        let root = &stream.documents[0].root;
        let a = root.get(&path("a"), Typing::Helm).unwrap();
        let b = root.get(&path("a.b"), Typing::Helm).unwrap();
        let c = root.get(&path("c"), Typing::Helm).unwrap();
        assert_eq!(alias_into(a, &aliases).map(|x| x.name.as_str()), Some("x"));
        // `b` lies inside the anchored mapping: the alias copies it too.
        assert_eq!(alias_into(b, &aliases).map(|x| x.name.as_str()), Some("x"));
        assert_eq!(alias_into(c, &aliases), None);
        // The check stops at the anchor on the path, before it reaches `b`.
        assert!(reason(check(text, "a.b")).contains("anchor"));
    }

    #[test]
    fn a_sibling_anchor_is_not_on_the_path() {
        let text = "r:\n  req: &q\n    m: 1\n  lim:\n    m: 2\nother: *q\n";
        assert_eq!(check(text, "r.lim.m"), Ok("2".to_string()));
        assert!(reason(check(text, "r.req.m")).contains("anchor"));
    }

    #[test]
    fn refuses_what_an_in_place_edit_cannot_handle() {
        assert!(reason(check("a: {b: 1}\n", "a.b")).contains("flow"));
        assert!(reason(check("a: [1]\n", "a[0]")).contains("flow"));
        assert!(reason(check("s: &s {b: 0}\na:\n  <<: *s\n  b: 1\n", "a.b")).contains("merge key"));
        assert!(reason(check("a:\n  b: 1\na:\n  b: 2\n", "a.b")).contains("duplicate key `a`"));
        assert!(reason(check("a:\n  b: |\n    x\n", "a.b")).contains("block scalar"));
        assert!(reason(check("a:\n  b: !!str 1\n", "a.b")).contains("tag `!!str`"));
        assert!(reason(check("a: !!map\n  b: 1\n", "a.b")).contains("tag `!!map`"));
        assert!(reason(check("x: &k b\na:\n  *k : 1\n", "a.b")).contains("alias"));
        assert!(reason(check("x: &v 1\na:\n  b: *v\n", "a.b")).contains("alias (`*v`)"));
        assert!(reason(check("a:\n  b:\n    c: 1\n", "a.b")).contains("not a single value"));
        assert!(reason(check("a:\n  b: 1\n", "a.c")).contains("not in the file"));
    }

    #[test]
    fn yes_and_true_are_the_same_key_under_helm() {
        assert!(reason(check("a:\n  yes: 1\n  true: 2\n  b: 3\n", "a.b")).contains("duplicate"));
    }
}
