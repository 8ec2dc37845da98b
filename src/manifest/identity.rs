//! Which document declares the target object, and which container in it is meant.
//!
//! An object is named by `apiVersion`, `kind`, `metadata.namespace` and `metadata.name`. Before
//! documents are counted, every document's identity fields are checked to be written out
//! plainly: an alias, a merge key, a tag or a repeated key there could hide a second
//! declaration of the target (ADR-0020, rule 2).

use std::collections::HashSet;

use serde_json::Value;

use super::refuse::{Checked, Stop, prefix, refuse_mapping_keys, refuse_properties, show};
use crate::path::{Segment, ValuePath};
use crate::text::LineIndex;
use crate::yaml::hazard::{Hazard, key_hazards, property_hazard};
use crate::yaml::{Node, Stream, Typing};

/// The identity of the object to patch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Identity<'r> {
    /// `apiVersion`, such as `apps/v1`.
    pub api_version: &'r str,
    /// `kind`, such as `Deployment`.
    pub kind: &'r str,
    /// `metadata.namespace`; `None` (or empty) matches a document without one.
    pub namespace: Option<&'r str>,
    /// `metadata.name`.
    pub name: &'r str,
}

impl std::fmt::Display for Identity<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.namespace.filter(|ns| !ns.is_empty()) {
            Some(ns) => write!(f, "{} {} {ns}/{}", self.api_version, self.kind, self.name),
            None => write!(
                f,
                "{} {} {} (no namespace)",
                self.api_version, self.kind, self.name
            ),
        }
    }
}

/// The root keys that name an object.
const ROOT_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];
/// The `metadata` keys that name an object.
const METADATA_FIELDS: [&str; 2] = ["name", "namespace"];

/// Where the container lists of the workload kinds are, relative to the document root.
const CONTAINER_LISTS: [&[&str]; 6] = [
    &["spec", "containers"],
    &["spec", "initContainers"],
    &["spec", "template", "spec", "containers"],
    &["spec", "template", "spec", "initContainers"],
    &[
        "spec",
        "jobTemplate",
        "spec",
        "template",
        "spec",
        "containers",
    ],
    &[
        "spec",
        "jobTemplate",
        "spec",
        "template",
        "spec",
        "initContainers",
    ],
];

fn keys(keys: &[&str]) -> ValuePath {
    ValuePath::from_segments(keys.iter().map(|k| Segment::Key(k.to_string())).collect())
}

/// The entries of `mapping` whose key (as Helm reads it) is one of `fields`.
fn field_entries<'a>(
    mapping: &'a Node,
    fields: &[&str],
) -> impl Iterator<Item = (String, &'a Node)> {
    mapping
        .entries()
        .unwrap_or_default()
        .iter()
        .filter_map(move |entry| {
            let key = entry.key.key_string(Typing::Helm)?;
            fields
                .contains(&key.as_str())
                .then_some((key, &entry.value))
        })
}

/// Why every document's identity must be written out plainly.
const IDENTITY_RULE: &str = "the apiVersion, kind, metadata.name and metadata.namespace of every \
    document must be written out plainly, so that no second declaration of the target can hide \
    behind an alias, a merge key or a tag";

/// Refuses any document whose identity fields hide behind an alias, a merge key or a tag.
pub(crate) fn check_identities(stream: &Stream, lines: &LineIndex<'_>) -> Checked<()> {
    for (index, document) in stream.documents.iter().enumerate() {
        let root = &document.root;
        if root.entries().is_none() {
            // Not a mapping: not a Kubernetes object, and nothing can hide in it.
            continue;
        }
        let refuse = |here: &ValuePath, problem: Hazard| {
            Err(Stop::needs_intervention(
                format!(
                    "document {} (line {}): {} {}; {IDENTITY_RULE}",
                    index + 1,
                    lines.line_col(root.range().start).line,
                    show(here),
                    problem.found
                ),
                Some(problem.at),
            ))
        };
        let top = ValuePath::root();
        if let Some(problem) = root.tag().and_then(|_| property_hazard(root)) {
            return refuse(&top, problem);
        }
        if let Some(problem) = key_hazards(root, Typing::Helm, Some(&ROOT_FIELDS))
            .into_iter()
            .next()
        {
            return refuse(&top, problem);
        }
        for (key, value) in field_entries(root, &ROOT_FIELDS) {
            let here = top.key(key.as_str());
            if let Some(problem) = property_hazard(value) {
                return refuse(&here, problem);
            }
            if key != "metadata" || value.entries().is_none() {
                continue;
            }
            if let Some(problem) = key_hazards(value, Typing::Helm, Some(&METADATA_FIELDS))
                .into_iter()
                .next()
            {
                return refuse(&here, problem);
            }
            for (key, value) in field_entries(value, &METADATA_FIELDS) {
                if let Some(problem) = property_hazard(value) {
                    return refuse(&here.key(key), problem);
                }
            }
        }
    }
    Ok(())
}

/// A string field of a decoded document; `None` when absent, null or not a string.
fn text_at<'v>(document: &'v Value, path: &[&str]) -> Option<&'v str> {
    let mut value = document;
    for key in path {
        value = value.get(*key)?;
    }
    value.as_str()
}

/// The identity a decoded document declares, if it names an object at all.
pub(crate) fn declared(document: &Value) -> Option<Identity<'_>> {
    Some(Identity {
        api_version: text_at(document, &["apiVersion"])?,
        kind: text_at(document, &["kind"])?,
        namespace: text_at(document, &["metadata", "namespace"]).filter(|ns| !ns.is_empty()),
        name: text_at(document, &["metadata", "name"])?,
    })
}

/// Whether the decoded `document` declares the object `identity` names.
pub(crate) fn declares(document: &Value, identity: &Identity<'_>) -> bool {
    declared(document).is_some_and(|found| {
        found.api_version == identity.api_version
            && found.kind == identity.kind
            && found.name == identity.name
            && found.namespace == identity.namespace.filter(|ns| !ns.is_empty())
    })
}

/// One container's `name` as written: the container's path, the name's offset, and the name.
struct ContainerName {
    /// The container's path from the document root (`spec.containers[0]`).
    path: ValuePath,
    /// The byte offset of the name's scalar.
    at: usize,
    /// The name, as Helm reads it.
    name: String,
}

/// The path (from the document root) of the one container named `name`.
pub(crate) fn find_container(
    root: &Node,
    name: &str,
    identity: &Identity<'_>,
) -> Checked<ValuePath> {
    let what = format!("the containers of {identity}");
    let mut names: Vec<ContainerName> = Vec::new();
    for list in CONTAINER_LISTS {
        let list_path = keys(list);
        if let Some(items) = container_list(root, &list_path, &what)? {
            names.extend(container_names(items, &list_path, &what)?);
        }
    }
    one_container(root, name, identity, names)
}

/// The items of the container list at `list_path`, if the document has one there, after refusing
/// an alias or a hazardous mapping key on the way to it.
fn container_list<'n>(
    root: &'n Node,
    list_path: &ValuePath,
    what: &str,
) -> Checked<Option<&'n [Node]>> {
    let steps = root.walk(list_path, Typing::Helm);
    for (depth, step) in steps.iter().enumerate().skip(1) {
        let here = prefix(list_path, depth);
        if step.node.is_alias() {
            refuse_properties(step.node, &here, what)?;
        }
        if depth < list_path.len() {
            refuse_mapping_keys(step.node, &here, what, None)?;
        }
    }
    if steps.len() != list_path.len() + 1 {
        return Ok(None);
    }
    Ok(steps.last().and_then(|step| step.node.items()))
}

/// The names of the containers `items` (the list at `list_path`), in order, after refusing any
/// container or name that hides behind an alias, a tag or a repeated key.
fn container_names(
    items: &[Node],
    list_path: &ValuePath,
    what: &str,
) -> Checked<Vec<ContainerName>> {
    let mut names = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let here = list_path.index(index);
        if item.is_alias() {
            refuse_properties(item, &here, what)?;
        }
        if item.entries().is_none() {
            continue;
        }
        refuse_mapping_keys(item, &here, what, Some(&["name"]))?;
        for (_, value) in field_entries(item, &["name"]) {
            if value.is_alias() || value.tag().is_some() {
                refuse_properties(value, &here.key("name"), what)?;
            }
            if let Some(text) = value.key_string(Typing::Helm) {
                names.push(ContainerName {
                    path: here.clone(),
                    at: value.range().start,
                    name: text,
                });
            }
        }
    }
    Ok(names)
}

/// The path of the one container in `names` called `name`, or why there is not exactly one.
fn one_container(
    root: &Node,
    name: &str,
    identity: &Identity<'_>,
    names: Vec<ContainerName>,
) -> Checked<ValuePath> {
    let found: Vec<&ContainerName> = names.iter().filter(|c| c.name == name).collect();
    match found.as_slice() {
        [container] => Ok(container.path.clone()),
        [] => {
            let mut seen = HashSet::new();
            let listed: Vec<String> = names
                .into_iter()
                .filter(|c| seen.insert(c.name.clone()))
                .map(|c| format!("`{}`", c.name))
                .collect();
            let has = if listed.is_empty() {
                "it has no containers".to_string()
            } else {
                format!("it has {}", listed.join(", "))
            };
            Err(Stop::needs_intervention(
                format!("no container named `{name}` in {identity}: {has}"),
                Some(root.range().start),
            ))
        }
        [_, second, ..] => Err(Stop::needs_intervention(
            format!(
                "{} containers named `{name}` in {identity}: the container to patch is ambiguous",
                found.len()
            ),
            Some(second.at),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::report::PatchStatus;
    use crate::yaml::{Limits, parse};
    use serde_json::json;

    const WEB: Identity<'static> = Identity {
        api_version: "apps/v1",
        kind: "Deployment",
        namespace: Some("orders"),
        name: "web",
    };

    fn identities(text: &str) -> Checked<()> {
        let stream = parse(text, &Limits::default()).unwrap();
        check_identities(&stream, &LineIndex::new(text))
    }

    fn refused(result: Checked<impl std::fmt::Debug>) -> String {
        match result {
            Ok(value) => panic!("expected a refusal, got {value:?}"),
            Err(stop) => {
                assert_eq!(stop.status, PatchStatus::NeedsIntervention, "{stop:?}");
                assert!(stop.at.is_some(), "{stop:?}");
                stop.reason
            }
        }
    }

    #[test]
    fn plain_identities_pass_and_others_are_ignored() {
        let text = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: b}\n\
                    data:\n  x: &x 1\n  y: *x\n---\n- a list\n---\n";
        assert_eq!(identities(text), Ok(()));
    }

    #[test]
    fn refuses_identity_fields_behind_aliases_merge_keys_and_tags() {
        let alias_name = "labels: {app: &n web}\nkind: Deployment\nmetadata:\n  name: *n\n";
        let reason = refused(identities(alias_name));
        assert!(
            reason.contains("`metadata.name` is an alias (`*n`)"),
            "{reason}"
        );
        assert!(reason.contains("document 1 (line 1)"), "{reason}");
        let second = "kind: A\n---\nkind: B\nmetadata: &m\n  name: x\n";
        assert!(refused(identities(second)).contains("document 2 (line 3)"));
        let merge = "m: &m {name: web}\nmetadata:\n  <<: *m\n";
        assert!(refused(identities(merge)).contains("merge key"));
        let root_merge = "base: &b {kind: Deployment}\n<<: *b\n";
        assert!(refused(identities(root_merge)).contains("merge key"));
        let tag = "kind: !!binary RGVwbG95bWVudA==\n";
        assert!(refused(identities(tag)).contains("tag `!!binary`"));
        let metadata_alias = "x: &m {name: web}\nmetadata: *m\n";
        assert!(refused(identities(metadata_alias)).contains("`metadata` is an alias"));
        let repeated = "metadata:\n  name: a\n  name: web\n";
        assert!(refused(identities(repeated)).contains("duplicate key `name`"));
        let alias_key = "x: &k name\nmetadata:\n  *k : web\n";
        assert!(refused(identities(alias_key)).contains("alias"));
    }

    #[test]
    fn matches_by_all_four_fields_and_an_absent_namespace() {
        let doc = json!({"apiVersion": "apps/v1", "kind": "Deployment",
                         "metadata": {"name": "web", "namespace": "orders"}});
        assert!(declares(&doc, &WEB));
        assert!(!declares(&doc, &Identity { name: "api", ..WEB }));
        assert!(!declares(
            &doc,
            &Identity {
                kind: "StatefulSet",
                ..WEB
            }
        ));
        assert!(!declares(
            &doc,
            &Identity {
                namespace: None,
                ..WEB
            }
        ));
        let bare =
            json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"}});
        assert!(!declares(&bare, &WEB));
        assert!(declares(
            &bare,
            &Identity {
                namespace: None,
                ..WEB
            }
        ));
        assert!(declares(
            &bare,
            &Identity {
                namespace: Some(""),
                ..WEB
            }
        ));
        let empty = json!({"apiVersion": "apps/v1", "kind": "Deployment",
                           "metadata": {"name": "web", "namespace": null}});
        assert!(declares(
            &empty,
            &Identity {
                namespace: None,
                ..WEB
            }
        ));
    }

    fn container(text: &str, name: &str) -> Checked<String> {
        let stream = parse(text, &Limits::default()).unwrap();
        find_container(&stream.documents[0].root, name, &WEB).map(|p| p.to_string())
    }

    #[test]
    fn finds_containers_in_pods_templates_and_cron_jobs() {
        let pod = "spec:\n  containers:\n  - name: a\n  - name: web\n";
        assert_eq!(container(pod, "web"), Ok("spec.containers[1]".to_string()));
        let deploy = "spec:\n  template:\n    spec:\n      initContainers:\n      - name: web\n      containers:\n      - name: app\n";
        assert_eq!(
            container(deploy, "web"),
            Ok("spec.template.spec.initContainers[0]".to_string())
        );
        let cron = "spec:\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n          - name: web\n";
        assert_eq!(
            container(cron, "web"),
            Ok("spec.jobTemplate.spec.template.spec.containers[0]".to_string())
        );
    }

    #[test]
    fn refuses_missing_repeated_and_hidden_containers() {
        let two = "spec:\n  containers:\n  - name: web\n  - name: web\n";
        assert!(refused(container(two, "web")).contains("2 containers named `web`"));
        let across = "spec:\n  initContainers:\n  - name: web\n  containers:\n  - name: web\n";
        assert!(refused(container(across, "web")).contains("2 containers named"));
        let none = "spec:\n  containers:\n  - name: a\n  - name: b\n";
        assert!(refused(container(none, "web")).contains("no container named `web`"));
        assert!(refused(container(none, "web")).contains("it has `a`, `b`"));
        assert!(refused(container("spec: {}\n", "web")).contains("it has no containers"));
        let aliased_item = "x: &c {name: web}\nspec:\n  containers:\n  - *c\n";
        assert!(refused(container(aliased_item, "web")).contains("alias"));
        let aliased_list = "x: &c [{name: web}]\nspec:\n  containers: *c\n";
        assert!(refused(container(aliased_list, "web")).contains("alias"));
        let aliased_name = "x: &n web\nspec:\n  containers:\n  - name: *n\n";
        assert!(refused(container(aliased_name, "web")).contains("alias"));
        let merged = "x: &c {name: web}\nspec:\n  containers:\n  - <<: *c\n";
        assert!(refused(container(merged, "web")).contains("merge key"));
    }
}
