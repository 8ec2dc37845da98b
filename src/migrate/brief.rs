//! The brief: what an author (or a model) needs to write a proposal, and nothing else.

use super::outcome::{MigrateReport, RefusalKind, ValuesHome};
use crate::path::{ValuePath, show};
use crate::schema::{DisplacedBy, PropertyInfo, Schema};
use std::fmt::Write;

/// Plain text naming each displaced value, the target schema's properties next to it, and each derivable key.
pub fn brief(target: &Schema, gained: &[ValuePath], report: &MigrateReport) -> String {
    let mut out = String::new();
    let at = match (&report.prefix, &report.values_file) {
        (Some(prefix), Some(file)) if !prefix.is_empty() => format!("`{prefix}` in {file}"),
        (_, Some(file)) => format!("the root of {file}"),
        _ => "the values".to_string(),
    } + &ValuesHome::note(report.values_in.as_ref());
    let broken: Vec<_> = report
        .refusals
        .iter()
        .filter(|r| r.kind == RefusalKind::ChartDefaults)
        .collect();
    if !broken.is_empty() {
        let _ = writeln!(
            out,
            "The target chart as shipped fails its own schema: Helm refuses its install whatever the values at {at} say, so no proposal can fix it; the chart or its schema must be fixed:"
        );
        for r in broken {
            let _ = writeln!(out, "- {}: {}", r.path, r.message);
        }
        return out;
    }
    if report.displaced.is_empty() && report.derivable.is_empty() && report.escalations.is_empty() {
        let _ = writeln!(
            out,
            "The values at {at} already satisfy the target schema; no proposal is needed."
        );
        return out;
    }
    let _ = writeln!(
        out,
        "Migrate the values at {at} to the target chart's schema."
    );
    let _ = writeln!(
        out,
        "Write one values document rooted at the values root. Keep every value not listed below unchanged, at the same path."
    );
    displaced_section(target, report, &mut out);
    ignored_section(gained, report, &mut out);
    if !report.derivable.is_empty() {
        let _ = writeln!(
            out,
            "\nThe target schema requires these keys and dictates their value (they are filled in if absent):"
        );
        for d in &report.derivable {
            let _ = writeln!(
                out,
                "- {} = {} (schema {})",
                d.path,
                show(&d.value),
                d.source
            );
        }
    }
    if !report.escalations.is_empty() {
        let _ = writeln!(
            out,
            "\nA person must decide these required keys (the schema dictates no value; do not invent one):"
        );
        for e in &report.escalations {
            let _ = writeln!(out, "- {}: {}", e.path, e.message);
        }
    }
    out
}

/// Each value the target chart's templates read nowhere, and what the target reads that the
/// base did not (where a moved setting may now live).
fn ignored_section(gained: &[ValuePath], report: &MigrateReport, out: &mut String) {
    let refused: Vec<_> = report
        .displaced
        .iter()
        .filter(|d| d.by == DisplacedBy::Chart)
        .collect();
    if !refused.is_empty() {
        let _ = writeln!(
            out,
            "\nThe target chart refuses these values (a template fails the render when they are set). Move each where the target chart reads it, unchanged, or leave it out:"
        );
        for d in refused {
            let _ = writeln!(out, "- {} = {} ({})", d.path, show(&d.value), d.reason);
        }
    }
    let ignored: Vec<_> = report
        .displaced
        .iter()
        .filter(|d| d.by == DisplacedBy::Templates)
        .collect();
    if !ignored.is_empty() {
        let _ = writeln!(
            out,
            "\nNo template of the target chart reads these values (Helm would render without them: each setting would be lost silently). Move each to where the target chart reads it, unchanged, or leave it out:"
        );
    }
    for d in &ignored {
        let _ = writeln!(out, "- {} = {} ({})", d.path, show(&d.value), d.reason);
    }
    let any = !ignored.is_empty() || report.displaced.iter().any(|d| d.by == DisplacedBy::Chart);
    if any && !gained.is_empty() {
        let shown: Vec<String> = gained
            .iter()
            .take(GAINED_SHOWN)
            .map(|p| format!("`{p}`"))
            .collect();
        let more = gained.len().saturating_sub(GAINED_SHOWN);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  Values the target chart reads and the base did not: {}{more}",
            shown.join(", ")
        );
    }
}

/// How many of the paths the target gained the brief names.
const GAINED_SHOWN: usize = 40;

/// Each displaced value, with the target schema's properties next to it (once per parent).
fn displaced_section(target: &Schema, report: &MigrateReport, out: &mut String) {
    if !report.displaced.iter().any(|d| d.by == DisplacedBy::Schema) {
        return;
    }
    let _ = writeln!(
        out,
        "\nThe target schema rejects these values where they are. Move each to where the target declares it, unchanged, or leave it out:"
    );
    let mut shown: Vec<ValuePath> = Vec::new();
    for d in report
        .displaced
        .iter()
        .filter(|d| d.by == DisplacedBy::Schema)
    {
        let _ = writeln!(out, "- {} = {} ({})", d.path, show(&d.value), d.reason);
        let parent = d.path.parent().unwrap_or_else(ValuePath::root);
        if !shown.contains(&parent) {
            let properties = target.properties_at(&parent);
            if !properties.is_empty() {
                let where_ = if parent.is_root() {
                    "at the root".to_string()
                } else {
                    format!("under `{parent}`")
                };
                let _ = writeln!(
                    out,
                    "  The target schema's properties {where_}: {}",
                    list(&properties)
                );
            }
            shown.push(parent);
        }
    }
}

fn list(properties: &[PropertyInfo]) -> String {
    properties
        .iter()
        .map(|p| {
            let mut facts = Vec::new();
            if !p.types.is_empty() {
                facts.push(p.types.join("|"));
            }
            if let Some(default) = &p.default {
                facts.push(format!("default {}", show(default)));
            }
            if !p.enum_values.is_empty() {
                facts.push(format!(
                    "one of {}",
                    p.enum_values
                        .iter()
                        .map(show)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if p.required {
                facts.push("required".to_string());
            }
            if facts.is_empty() {
                p.name.clone()
            } else {
                format!("{} ({})", p.name, facts.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}
