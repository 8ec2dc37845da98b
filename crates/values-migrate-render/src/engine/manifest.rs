//! What `helm template` prints from the engine's files (Helm 4.2.3's `renderResources`,
//! `SortManifests`, `SplitManifests`, the install order of `kind_sorter.go` and
//! `pkg/cmd/template.go`): `NOTES.txt` left out, partials and blank files skipped, each file split
//! at `---`, hooks apart from the rest, both sorted by kind (stably), each document printed as
//! `---\n# Source: FILE\nDOC\n`, the manifests trimmed, then the hooks. CRDs in `crds/` are not
//! printed (`--include-crds` is off by default).

use std::collections::BTreeMap;

use crate::value::{Mask, Value};

/// Helm's `InstallOrder`.
const INSTALL_ORDER: &[&str] = &[
    "PriorityClass",
    "Namespace",
    "NetworkPolicy",
    "ResourceQuota",
    "LimitRange",
    "PodSecurityPolicy",
    "PodDisruptionBudget",
    "ServiceAccount",
    "Secret",
    "SecretList",
    "ConfigMap",
    "StorageClass",
    "PersistentVolume",
    "PersistentVolumeClaim",
    "CustomResourceDefinition",
    "ClusterRole",
    "ClusterRoleList",
    "ClusterRoleBinding",
    "ClusterRoleBindingList",
    "Role",
    "RoleList",
    "RoleBinding",
    "RoleBindingList",
    "Service",
    "DaemonSet",
    "Pod",
    "ReplicationController",
    "ReplicaSet",
    "Deployment",
    "HorizontalPodAutoscaler",
    "StatefulSet",
    "Job",
    "CronJob",
    "IngressClass",
    "Ingress",
    "APIService",
    "MutatingWebhookConfiguration",
    "ValidatingWebhookConfiguration",
];

/// The hook events Helm knows (`helm.sh/hook` values, lower-cased and trimmed).
const HOOK_EVENTS: &[&str] = &[
    "pre-install",
    "post-install",
    "pre-delete",
    "post-delete",
    "pre-upgrade",
    "post-upgrade",
    "pre-rollback",
    "post-rollback",
    "test",
    "test-success",
];

/// One document of the stream: the file it came from, its text and its kind.
#[derive(Clone, Debug)]
struct Document {
    path: String,
    content: String,
    kind: String,
}

/// The fields of a document's head that Helm reads (`SimpleHead`).
#[derive(Clone, Debug, Default, PartialEq)]
struct Head {
    kind: String,
    annotations: Option<BTreeMap<String, String>>,
}

/// The stream `helm template` prints for the engine's files, or Helm's error when a document is
/// not YAML a manifest head can be read from; `yaml` reads YAML as `fromYaml` does.
pub fn manifest_stream(
    files: &BTreeMap<String, (String, Vec<Mask>)>,
    yaml: &dyn Fn(&str) -> Result<Value, String>,
) -> Result<String, String> {
    let mut manifests = Vec::new();
    let mut hooks = Vec::new();
    for (path, (content, _)) in files {
        if path.ends_with("NOTES.txt") || base(path).starts_with('_') || content.trim().is_empty() {
            continue;
        }
        for doc in split_manifests(content) {
            let value = yaml(&doc).map_err(|e| format!("YAML parse error on {path}: {e}"))?;
            let head = head(&value).map_err(|e| format!("YAML parse error on {path}: {e}"))?;
            let document = Document {
                path: path.clone(),
                content: doc,
                kind: head.kind.clone(),
            };
            let hook = head
                .annotations
                .as_ref()
                .filter(|a| !a.is_empty())
                .and_then(|a| a.get("helm.sh/hook"));
            match hook {
                None => manifests.push(document),
                Some(events) if known_events(events) => hooks.push(document),
                // Helm skips a document naming an unknown hook event.
                Some(_) => {}
            }
        }
    }
    sort_by_kind(&mut manifests);
    sort_by_kind(&mut hooks);
    let mut body = String::new();
    for m in &manifests {
        body.push_str(&format!("---\n# Source: {}\n{}\n", m.path, m.content));
    }
    let mut out = body.trim().to_string();
    out.push('\n');
    for h in &hooks {
        out.push_str(&format!("---\n# Source: {}\n{}\n", h.path, h.content));
    }
    Ok(out)
}

/// Whether every comma-separated event is one Helm knows.
fn known_events(events: &str) -> bool {
    events
        .split(',')
        .all(|e| HOOK_EVENTS.contains(&e.trim().to_lowercase().as_str()))
}

/// Helm's `lessByKind` through `sort.SliceStable`: known kinds in install order first, unknown
/// kinds after them by name.
fn sort_by_kind(documents: &mut [Document]) {
    let rank = |kind: &str| INSTALL_ORDER.iter().position(|k| *k == kind);
    documents.sort_by(|a, b| match (rank(&a.kind), rank(&b.kind)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.kind.cmp(&b.kind),
    });
}

/// Go's `path.Base`.
fn base(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Helm's `SplitManifests`: the text split at the regexp `(?:^|\s*\n)---\s*`, each document's
/// leading space trimmed, blank ones dropped, in order.
pub fn split_manifests(text: &str) -> Vec<String> {
    let text = text.trim_start();
    let bytes = text.as_bytes();
    let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c');
    let mut pieces = Vec::new();
    let mut begin = 0;
    let mut at = 0;
    while at < bytes.len() {
        let end = if at == 0 && bytes.starts_with(b"---") {
            Some(3)
        } else {
            // `\s*\n---` from here: the run of space must end in a newline before `---`.
            let run = bytes
                .get(at..)
                .map_or(0, |r| r.iter().take_while(|b| space(**b)).count());
            let after = at + run;
            let dashes = bytes.get(after..).is_some_and(|r| r.starts_with(b"---"));
            (run > 0 && bytes.get(after - 1) == Some(&b'\n') && dashes).then_some(after + 3 - at)
        };
        match end {
            Some(len) => {
                let mut stop = at + len;
                while bytes.get(stop).is_some_and(|b| space(*b)) {
                    stop += 1;
                }
                if stop > 0 {
                    pieces.push(text.get(begin..at).unwrap_or_default());
                }
                begin = stop;
                at = stop;
            }
            None => at += 1,
        }
    }
    pieces.push(text.get(begin..).unwrap_or_default());
    pieces
        .into_iter()
        .filter(|d| !d.trim().is_empty())
        .map(|d| d.trim_start().to_string())
        .collect()
}

/// A document's head as `yaml.Unmarshal` into Helm's `SimpleHead` reads it (sigs.k8s.io/yaml:
/// scalars into string fields become strings; keys match fields case-insensitively).
fn head(value: &Value) -> Result<Head, String> {
    let mut head = Head::default();
    let map = match value {
        Value::Nil => return Ok(head),
        Value::Map(map, _) => map.borrow(),
        other => return Err(cannot("Go value of type util.SimpleHead", other)),
    };
    for (key, value) in map.iter() {
        if key.eq_ignore_ascii_case("kind") {
            if let Some(kind) = string_field(value, "kind")? {
                head.kind = kind;
            }
        } else if key.eq_ignore_ascii_case("apiVersion") {
            string_field(value, "apiVersion")?;
        } else if key.eq_ignore_ascii_case("metadata") {
            metadata(value, &mut head)?;
        }
    }
    Ok(head)
}

/// The `metadata` of a head: `name` checked, `annotations` read.
fn metadata(value: &Value, head: &mut Head) -> Result<(), String> {
    let map = match value {
        Value::Nil => return Ok(()),
        Value::Map(map, _) => map.borrow(),
        other => return Err(cannot("Go struct field SimpleHead.metadata", other)),
    };
    for (key, value) in map.iter() {
        if key.eq_ignore_ascii_case("name") {
            string_field(value, "metadata.name")?;
        } else if key.eq_ignore_ascii_case("annotations") {
            head.annotations = match value {
                Value::Nil => None,
                Value::Map(entries, _) => {
                    let mut out = head.annotations.take().unwrap_or_default();
                    for (k, v) in entries.borrow().iter() {
                        let text = string_field(v, "metadata.annotations")?.unwrap_or_default();
                        out.insert(k.clone(), text);
                    }
                    Some(out)
                }
                other => return Err(cannot("Go struct field .metadata.annotations", other)),
            };
        }
    }
    Ok(())
}

/// A scalar read into a Go string field (`None`: `null`, which leaves the field as it was).
fn string_field(value: &Value, field: &str) -> Result<Option<String>, String> {
    match value {
        Value::Nil => Ok(None),
        Value::Str(s) => Ok(Some(s.text.to_string())),
        Value::Bool(b) => Ok(Some(b.to_string())),
        Value::Int(n, _) => Ok(Some(n.to_string())),
        // An integral number is taken as YAML's integer (the reader gives JSON's float64).
        Value::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => {
            Ok(Some(format!("{}", *f as i64)))
        }
        Value::Float(_) => Err(format!(
            "unsupported: a fractional number as {field} in a manifest head"
        )),
        other => Err(cannot(
            &format!("Go struct field .{field} of type string"),
            other,
        )),
    }
}

/// `encoding/json`'s words for a value of the wrong kind.
fn cannot(target: &str, value: &Value) -> String {
    let kind = match value {
        Value::Map(..) => "object",
        Value::List(..) => "array",
        Value::Str(_) => "string",
        Value::Bool(_) => "bool",
        _ => "number",
    };
    format!(
        "error unmarshaling JSON: while decoding JSON: json: cannot unmarshal {kind} into {target}"
    )
}

#[cfg(test)]
mod tests;
