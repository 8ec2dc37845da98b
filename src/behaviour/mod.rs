//! The bump's behaviour, proven by rendering (issue 43, docs/behaviour.md): three renders — A,
//! the base chart with the original values; B, the target chart with the migrated values; C, the
//! target chart with the original values — each with provenance (which values made and decided
//! which bytes), placed at the objects' fields; a verdict for every op of the plan and every value
//! left out; the manifest diff, A against B object by object, the migration's part (C against B)
//! told from the chart's own (A against C).

mod diff;
mod renders;
pub mod sites;

use serde_json::Value;

use crate::migrate::behaviour::{BehaviourReport, RenderNote, Site, ValueBehaviour, Verdict};
use crate::migrate::{MigrateReport, Op, Status};
use crate::path::ValuePath;
use crate::yaml::{DecodeOptions, Typing};

pub use renders::{Render, Renders};
pub use sites::{Manifests, ObjectId};

/// How many sites a verdict lists on each side.
const MAX_SITES: usize = 50;

/// The behaviour of a `migrate` or `diagnose` report, given the original values file texts
/// (`files`: name and text), when both charts render; with `unrendered` saying why otherwise.
pub fn judge(
    report: &MigrateReport,
    files: &[(String, String)],
    typing: Typing,
    renders: &Renders,
) -> Option<BehaviourReport> {
    let original = original_values(report, files, typing)?;
    let migrated = match report.status {
        Status::Planned => Some(migrated_values(report, typing)?),
        Status::Unchanged => Some(original.clone()),
        _ => None,
    };
    let a = renders.base(&original);
    let c = renders.target(&original);
    let b = migrated.as_ref().map(|values| renders.target(values));
    let (a, c, b) = (a.as_ref(), c.as_ref(), b.as_deref());
    let note = |name: &str, r: &Result<Manifests, String>| RenderNote {
        render: name.to_string(),
        objects: r.as_ref().map_or(0, |m| m.objects.len()),
        error: r.as_ref().err().cloned(),
    };
    let mut notes = vec![note("base", a)];
    if let Some(b) = b {
        notes.push(note("target", b));
    }
    notes.push(note("target-original", c));
    let failed = notes.iter().find_map(|r| {
        r.error
            .as_ref()
            .map(|e| format!("the {} render failed: {e}", r.render))
    });
    // B is the target with the migrated values; without a plan, C stands in its place.
    let after = b.unwrap_or(c);
    let (Ok(a), Ok(after_m)) = (a, after) else {
        return Some(BehaviourReport {
            values: Vec::new(),
            manifests: diff::empty(notes),
            unrendered: failed,
        });
    };
    let after_values = migrated.as_ref().unwrap_or(&original);
    let values = verdicts(report, (a, &original), (after_m, after_values), b.is_some());
    let manifests = diff::manifest_diff(a, after_m, c.as_ref().ok(), notes);
    Some(BehaviourReport {
        values,
        manifests,
        unrendered: None,
    })
}

/// The located original values.
fn original_values(
    report: &MigrateReport,
    files: &[(String, String)],
    typing: Typing,
) -> Option<Value> {
    let name = report.values_file.as_deref()?;
    let (_, text) = files.iter().find(|(n, _)| n == name)?;
    located(report, text, typing)
}

/// The values as the written file holds them.
fn migrated_values(report: &MigrateReport, typing: Typing) -> Option<Value> {
    let name = report.values_file.as_deref()?;
    let file = report.files.iter().find(|f| f.path == name)?;
    located(report, &file.after, typing)
}

fn located(report: &MigrateReport, text: &str, typing: Typing) -> Option<Value> {
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(text, &options).ok()?;
    let prefix = ValuePath::parse(report.prefix.as_deref().unwrap_or("")).ok()?;
    let values = crate::migrate::located_values(report, &documents, &prefix, typing)?;
    Some(values.into_owned())
}

/// A verdict for every op and every value left out (`planned`), or every displaced value
/// (no plan: the target with the original values stands for B); then every value kept at its
/// path whose effect the bump relocates, changes or loses (the chart's own doing).
fn verdicts(
    report: &MigrateReport,
    a: (&Manifests, &Value),
    b: (&Manifests, &Value),
    planned: bool,
) -> Vec<ValueBehaviour> {
    let mut out = Vec::new();
    let mut judged: Vec<ValuePath> = Vec::new();
    if planned {
        let moved = moved_by_set(report, a.1);
        for op in &report.ops {
            let (path, to) = match op {
                Op::Remove { path } => {
                    // A removed list whose every item a set carried elsewhere is judged there.
                    let carried = moved.iter().filter(|(from, _)| from.starts_with(path));
                    let value = crate::path::get(a.1, path);
                    let items = value.and_then(Value::as_array).map_or(usize::MAX, Vec::len);
                    if carried.count() >= items {
                        continue;
                    }
                    (path.clone(), None)
                }
                Op::Rename { from, to, .. } => (from.clone(), Some(to.clone())),
                Op::Set { path, .. } => match moved.iter().find(|(_, to)| to == path) {
                    Some((from, to)) => (from.clone(), Some(to.clone())),
                    None => (path.clone(), Some(path.clone())),
                },
            };
            judged.push(path.clone());
            out.push(judge_one(a, b, path, to));
        }
        for left in &report.not_carried {
            if !judged.iter().any(|p| left.path.starts_with(p)) {
                if moved.iter().any(|(from, _)| from.starts_with(&left.path)) {
                    continue;
                }
                judged.push(left.path.clone());
                out.push(judge_one(a, b, left.path.clone(), None));
            }
        }
    } else {
        for displaced in &report.displaced {
            judged.push(displaced.path.clone());
            out.push(judge_one(
                a,
                b,
                displaced.path.clone(),
                Some(displaced.path.clone()),
            ));
        }
    }
    // Every value kept where it was whose effect the bump moves, changes or drops.
    for (leaf, _) in crate::path::leaves(a.1) {
        let touched = judged
            .iter()
            .any(|p| leaf.starts_with(p) || p.starts_with(&leaf))
            || report.ops.iter().any(|op| match op {
                Op::Set { path, .. } => leaf.starts_with(path) || path.starts_with(&leaf),
                _ => false,
            });
        if touched || crate::path::get(b.1, &leaf) != crate::path::get(a.1, &leaf) {
            continue;
        }
        let judged = judge_one(a, b, leaf.clone(), Some(leaf));
        if !matches!(judged.verdict, Verdict::Preserved | Verdict::Inert) {
            out.push(judged);
        }
    }
    out
}

/// The sets of a value moved from a removed list item (`hosts[0]` → `hostname`): (from, to).
fn moved_by_set(report: &MigrateReport, original: &Value) -> Vec<(ValuePath, ValuePath)> {
    let removed: Vec<&ValuePath> = report
        .ops
        .iter()
        .filter_map(|op| match op {
            Op::Remove { path } => Some(path),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for op in &report.ops {
        let Op::Set {
            path,
            value,
            source: crate::migrate::SetSource::Original,
        } = op
        else {
            continue;
        };
        let from = removed.iter().find_map(|r| {
            let at = crate::path::get(original, r)?;
            crate::path::nodes(at)
                .into_iter()
                .find(|(_, v)| *v == value)
                .map(|(sub, _)| r.join(&sub))
        });
        if let Some(from) = from {
            out.push((from, path.clone()));
        }
    }
    out
}

/// One value's verdict: its sites in A at `path`, in B at `to` (each render with its values).
pub fn judge_one(
    (a, a_values): (&Manifests, &Value),
    (b, b_values): (&Manifests, &Value),
    path: ValuePath,
    to: Option<ValuePath>,
) -> ValueBehaviour {
    let before = sites_of(a, &path, crate::path::get(a_values, &path));
    let after = match &to {
        Some(to) => sites_of(b, to, crate::path::get(b_values, to)),
        None => Vec::new(),
    };
    let verdict = verdict(a, &before, b, &after);
    let show = |m: &Manifests, sites: &[(usize, String, bool)]| -> Vec<Site> {
        // The fields the value writes first, the checksums that hash them last.
        let mut sites: Vec<&(usize, String, bool)> = sites.iter().collect();
        crate::order::by_key(&mut sites, |(_, field, _)| {
            field.contains("annotations[\"checksum/")
        });
        sites
            .into_iter()
            .take(MAX_SITES)
            .map(|(o, field, control)| {
                let object = &m.objects[*o];
                Site {
                    file: object.file.clone(),
                    object: object.id.label(),
                    field: field.clone(),
                    text: short(sites::value_at(&object.value, field)),
                    control: *control,
                }
            })
            .collect()
    };
    ValueBehaviour {
        before: show(a, &before),
        after: show(b, &after),
        path,
        to,
        verdict,
    }
}

/// The fields a value path reaches in a render: where it (or a value above or below it) made
/// bytes, else where it decided them. (object, field, decided only) A field that holds a
/// mapping or list made from many values is narrowed to the leaves that hold one of the value's
/// own scalars, when some do (a `toYaml` of merged maps: `data.url` rather than `data`).
pub fn sites_of(
    m: &Manifests,
    path: &ValuePath,
    value: Option<&Value>,
) -> Vec<(usize, String, bool)> {
    // A value above it (a whole map taken) counts; one below it only when the user's value holds
    // it (a chart default beside the user's keys is not the user's).
    let related = |d: &ValuePath| {
        path.starts_with(d)
            || (d.starts_with(path)
                && match (value, d.strip_prefix(path)) {
                    (Some(value), Some(rest)) => crate::path::get(value, &rest).is_some(),
                    _ => true,
                })
    };
    let scalars: Vec<String> = value
        .map(|v| {
            crate::path::leaves(v)
                .into_iter()
                .filter_map(|(_, leaf)| scalar_text(leaf))
                .collect()
        })
        .unwrap_or_default();
    let mut out: Vec<(usize, String, bool)> = Vec::new();
    for control in [false, true] {
        for placed in &m.placed {
            let paths = if control {
                &placed.control
            } else {
                &placed.data
            };
            if !paths.iter().any(related) {
                continue;
            }
            let object = &m.objects[placed.object].value;
            let narrowed = match sites::value_at(object, &placed.field) {
                Some(held @ (Value::Object(_) | Value::Array(_)))
                    if !control && !scalars.is_empty() =>
                {
                    sites::leaves(held, &placed.field)
                        .into_iter()
                        .filter(|(_, leaf)| scalar_text(leaf).is_some_and(|t| holds(&t, &scalars)))
                        .map(|(field, _)| field)
                        .collect()
                }
                _ => Vec::new(),
            };
            if narrowed.is_empty() {
                out.push((placed.object, placed.field.clone(), control));
            }
            for field in narrowed {
                out.push((placed.object, field, control));
            }
        }
        if !out.is_empty() {
            break;
        }
    }
    crate::order::by(&mut out, |x, y| (x.0, &x.1).cmp(&(y.0, &y.1)));
    out.dedup_by(|x, y| x.0 == y.0 && x.1 == y.1);
    // A field inside another field of the same object is that field's.
    let kept: Vec<(usize, String, bool)> = out
        .iter()
        .filter(|(o, f, _)| {
            !out.iter().any(|(o2, f2, _)| {
                o2 == o
                    && f2 != f
                    && (f2.is_empty()
                        || (f.starts_with(f2.as_str())
                            && matches!(f.as_bytes().get(f2.len()), Some(b'.') | Some(b'['))))
            })
        })
        .cloned()
        .collect();
    kept
}

/// The verdict from the sites before and after.
fn verdict(
    a: &Manifests,
    before: &[(usize, String, bool)],
    b: &Manifests,
    after: &[(usize, String, bool)],
) -> Verdict {
    match (before.is_empty(), after.is_empty()) {
        (true, true) => return Verdict::Inert,
        (true, false) => return Verdict::NewEffect,
        (false, true) => return Verdict::Lost,
        _ => {}
    }
    let keys = |m: &Manifests, sites: &[(usize, String, bool)]| {
        let mut keys: Vec<(ObjectId, String)> = sites
            .iter()
            .map(|(o, f, _)| (m.objects[*o].id.clone(), f.clone()))
            .collect();
        crate::order::sort(&mut keys);
        keys
    };
    if keys(a, before) != keys(b, after) {
        return Verdict::Relocated;
    }
    if alike_at(a, before, b) {
        Verdict::Preserved
    } else {
        Verdict::Changed
    }
}

/// Whether `b` renders each of `a`'s `sites` as `a` does: the same object holding the field
/// with the same text (a site the value only decides counts by the field's presence; a
/// checksum annotation, which hashes a whole file, by nothing).
pub fn alike_at(a: &Manifests, sites: &[(usize, String, bool)], b: &Manifests) -> bool {
    sites.iter().all(|(o, field, control)| {
        if field.contains("annotations[\"checksum/") {
            return true;
        }
        let id = &a.objects[*o].id;
        let Some(other) = b.objects.iter().find(|x| &x.id == id) else {
            return false;
        };
        if *control {
            return sites::value_at(&other.value, field).is_some();
        }
        let x = sites::value_at(&a.objects[*o].value, field).map(diff::normalize);
        let y = sites::value_at(&other.value, field).map(diff::normalize);
        x == y
    })
}

/// Whether a field's text is one of the value's scalars, or holds one of its strings of three
/// bytes or more (`registry.example.com/grafana/grafana:10.1.5` holds the registry).
fn holds(text: &str, scalars: &[String]) -> bool {
    scalars
        .iter()
        .any(|s| text == s || (s.len() >= 3 && text.contains(s.as_str())))
}

/// A scalar's text as a template prints it (`null` and collections have none).
fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A field's value in short.
fn short(value: Option<&Value>) -> String {
    let text = match value {
        None => return String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    };
    if text.len() <= 120 {
        return text;
    }
    let mut end = 120;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}
