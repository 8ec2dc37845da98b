//! Displaced values: the user's values whose path the target schema rejects.

use super::validator::ValidationError;
use serde::Serialize;
use serde_json::Value;

use super::Schema;
use super::required::Requirements;
use super::validate::{Refusal, instance, refusals};
use crate::path::ValuePath;
use crate::path::get;

/// One of the user's values that the target schema refuses at its path (ADR 13): a key the
/// target does not allow there, or a value whose type, enum, const or pattern it refuses.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Displaced {
    /// Where the value is in the user's values.
    pub path: ValuePath,
    /// The user's value, whole: a displaced mapping or list is one displaced value.
    #[cfg_attr(feature = "types", ts(type = "unknown"))]
    pub value: Value,
    /// Why the target refuses it.
    pub reason: String,
    /// Whether the base schema accepted this value at this path.
    pub base_accepts: bool,
    /// What displaced it: the target schema refuses it, or no template of the target chart reads it.
    pub by: DisplacedBy,
    /// Where the base chart's templates read it (`argo-cd/templates/x.yaml:42`), when `by` is
    /// `templates` (or `chart`, when the base read it).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "types", ts(optional))]
    pub read_before: Option<String>,
}

/// What displaced a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum DisplacedBy {
    /// The target schema refuses it.
    Schema,
    /// The base chart's templates read it and the target chart's read it nowhere.
    Templates,
    /// The target chart's templates read it only to `fail`: the chart refuses it.
    Chart,
}

impl Schema {
    /// The user's values that `target` refuses, validated as Helm does (coalesced over the target
    /// chart's `defaults`), each with whether `base` accepted it there.
    ///
    /// Values that only the defaults supply are never displaced: they are not the user's.
    pub fn displaced(
        base: &Schema,
        target: &Schema,
        user: &Value,
        defaults: Option<&Value>,
    ) -> Vec<Displaced> {
        let user = instance(user);
        let (coalesced, kept) = target.coalesce_kept(defaults, &user);
        let errors = target.kept_errors(&coalesced, &kept);
        Self::displaced_in(base, &user, &coalesced, &errors)
    }

    /// [`Schema::displaced`] from the target's errors on the coalesced values, already computed.
    pub(crate) fn displaced_in(
        base: &Schema,
        user: &Value,
        coalesced: &Value,
        target_errors: &[ValidationError<'_>],
    ) -> Vec<Displaced> {
        let mut refused = Vec::new();
        refusals(target_errors, coalesced, &mut refused);
        let refused = outermost(refused);

        let mut base_refused = Vec::new();
        refusals(&base.errors(user), user, &mut base_refused);

        let mut out = Vec::new();
        for Refusal { path, reason } in refused {
            if path.is_root() {
                continue;
            }
            let Some(value) = get(user, &path) else {
                continue;
            };
            let base_accepts = !base_refused
                .iter()
                .any(|r| r.path.starts_with(&path) || path.starts_with(&r.path));
            out.push(Displaced {
                path,
                value: value.clone(),
                reason,
                base_accepts,
                by: DisplacedBy::Schema,
                read_before: None,
            });
        }
        out
    }
}

/// What a chart bump displaces and requires in the user's values, from one validation of the
/// values coalesced with the target chart's defaults.
pub fn bump_facts(
    base: &Schema,
    target: &Schema,
    user: &Value,
    defaults: Option<&Value>,
) -> (Vec<Displaced>, Requirements) {
    let user = instance(user);
    if let Some(found) = target.user_mismatch(defaults, &user) {
        let displaced = Displaced {
            value: get(&user, &found.path).cloned().unwrap_or(Value::Null),
            base_accepts: base.user_mismatch(defaults, &user).is_none(),
            path: found.path,
            reason: found.message,
            by: DisplacedBy::Schema,
            read_before: None,
        };
        return (vec![displaced], Requirements::default());
    }
    let (coalesced, kept) = target.coalesce_kept(defaults, &user);
    let errors = target.kept_errors(&coalesced, &kept);
    let displaced = Schema::displaced_in(base, &user, &coalesced, &errors);
    let missing = target.missing_in(&errors, &coalesced, &Default::default());
    drop(errors);
    (displaced, target.required_from(coalesced, missing))
}

/// The refusals with duplicates and refusals inside another refused value dropped, in order.
fn outermost(refused: Vec<Refusal>) -> Vec<Refusal> {
    let mut out: Vec<Refusal> = Vec::new();
    for refusal in refused {
        if out.iter().any(|kept| refusal.path.starts_with(&kept.path)) {
            continue;
        }
        out.retain(|kept| !kept.path.starts_with(&refusal.path));
        out.push(refusal);
    }
    out
}
