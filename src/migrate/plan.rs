//! The three refusals that are about values (survival, provenance, moves) and the plan derived from them.
//!
//! The plan is computed from two structures, the original values and the proposal, never
//! taken from the proposal's author (ADR 13, "The write is a plan").

use super::keyed::{Flaw, flaw, keyed_by};
use super::outcome::{NotCarried, Op, RefusalKind, SetSource};
use crate::path::{
    PathSet, Segment, ValuePath, get, is_leaf, leaves, nodes, show, sort_in_document_order,
};
use crate::splice::{becomes_item, becomes_value};
use serde_json::{Map, Value};

/// A value the target schema rejects where it stands, so it may move or go.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// Where it stands in the original values.
    pub path: ValuePath,
    /// The value there.
    pub value: Value,
}

/// A refusal found by the planner, before it is located in a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// Which refusal.
    pub kind: RefusalKind,
    /// The value path it is about, relative to the values root.
    pub path: ValuePath,
    /// Whether `path` names a place in the original values (else in the proposal).
    pub in_original: bool,
    /// What is wrong, for a person.
    pub message: String,
}

/// What the planner was given.
pub struct PlanInput<'a> {
    /// The original values (at the values root).
    pub original: &'a Value,
    /// The proposal, with answers and derivable required values already applied.
    pub proposal: &'a Value,
    /// The displaced values: what the target schema rejects in the original.
    pub displaced: &'a [Source],
    /// Answers of a person, by path.
    pub answers: &'a [(ValuePath, Value)],
    /// Whether the target schema dictates `value` at `path` (default, const or enum member), and how.
    pub schema_source: &'a dyn Fn(&ValuePath, &Value) -> Option<SetSource>,
    /// Why a value the bump does not displace must stay (`a template of argo-cd 6.0.0 still
    /// reads it at …`), as survival's refusal says it; `None`: the target schema accepts it.
    pub kept_by: &'a dyn Fn(&ValuePath) -> Option<String>,
}

/// The plan and everything that stops it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Planned {
    /// The operations, removes and renames in the original's order, then sets in the proposal's.
    pub ops: Vec<Op>,
    /// Every original value removed without being carried to a new path.
    pub not_carried: Vec<NotCarried>,
    /// The refusals found.
    pub findings: Vec<Finding>,
}

/// A place in the proposal whose value is new there, with the displaced values it could have come from.
struct Destination {
    path: ValuePath,
    candidates: Vec<usize>,
}

/// A chosen move: the destination, the index of its source, and the rule that chose it.
type Move = (ValuePath, usize, &'static str);

/// A list item that became a map entry under its name, or a map entry that became a list item
/// named by its key: its fields move one by one, and what each move's reason adds.
struct Rekeyed {
    /// The item or entry in the original.
    from: ValuePath,
    /// The entry or item in the proposal.
    to: ValuePath,
    /// What is carried as a key or a name and removed from the original: the item's name field
    /// (list to map), or an entry with no field (map to list).
    field: Option<ValuePath>,
    /// What the reason of each of its moves adds.
    note: String,
}

/// The planner's working state: the sources of moved values and what it has found so far.
struct Planner<'p, 'a> {
    input: &'p PlanInput<'a>,
    displaced: PathSet,
    /// Every node inside a displaced value: a possible source of a moved value.
    sources: Vec<Source>,
    destinations: Vec<Destination>,
    /// Moves decided by a shape, not by a value: the fields of items keyed by their names.
    forced: Vec<Move>,
    rekeyed: Vec<Rekeyed>,
    sets: Vec<(ValuePath, SetSource)>,
    out: Planned,
}

/// Derives the plan from the original values and the proposal.
pub fn plan(input: &PlanInput<'_>) -> Planned {
    let sources = input
        .displaced
        .iter()
        .flat_map(|d| {
            nodes(&d.value).into_iter().map(|(rel, v)| Source {
                path: d.path.join(&rel),
                value: v.clone(),
            })
        })
        .collect();
    let mut planner = Planner {
        input,
        displaced: PathSet::new(input.displaced.iter().map(|d| &d.path)),
        sources,
        destinations: Vec::new(),
        forced: Vec::new(),
        rekeyed: Vec::new(),
        sets: Vec::new(),
        out: Planned::default(),
    };
    let is_displaced = |p: &ValuePath| planner.displaced.covers(p);
    survival(input, &is_displaced, &mut planner.out);
    planner.walk_proposal(ValuePath::root(), input.proposal);
    let chosen = planner.choose_sources();
    let kept = planner.drop_overlapping(&chosen);
    planner.assemble(&kept);
    planner.out
}

impl Planner<'_, '_> {
    fn is_displaced(&self, path: &ValuePath) -> bool {
        self.displaced.covers(path)
    }

    /// One source per destination: value, then longest shared prefix, then last key.
    fn choose_sources(&mut self) -> Vec<Move> {
        let mut chosen = std::mem::take(&mut self.forced);
        let mut tied = Vec::new();
        for dest in std::mem::take(&mut self.destinations) {
            match choose(&dest.path, &dest.candidates, &self.sources) {
                Ok((index, rule)) => chosen.push((dest.path, index, rule)),
                Err(_) => tied.push(dest),
            }
        }
        // Each source value is used once: a candidate another move of this plan already carries
        // (itself, or inside or around a value moved whole) is not a candidate for a tie. Each
        // tie so settled may settle another.
        loop {
            let before = tied.len();
            let mut left = Vec::new();
            for dest in tied {
                let free: Vec<usize> = dest
                    .candidates
                    .iter()
                    .copied()
                    .filter(|&i| {
                        !chosen.iter().any(|(_, used, _)| {
                            overlaps(&self.sources[*used].path, &self.sources[i].path)
                        })
                    })
                    .collect();
                match free.as_slice() {
                    [only] if free.len() < dest.candidates.len() => chosen.push((
                        dest.path,
                        *only,
                        "equal value; every other displaced value equal to it is carried elsewhere by this plan",
                    )),
                    _ => left.push(dest),
                }
            }
            tied = left;
            if tied.len() == before {
                break;
            }
        }
        for dest in tied {
            match choose(&dest.path, &dest.candidates, &self.sources) {
                Ok((index, rule)) => chosen.push((dest.path, index, rule)),
                Err(_) if explained(self.input, &dest.path).is_some() => {
                    let source = explained(self.input, &dest.path).unwrap_or(SetSource::Original);
                    self.sets.push((dest.path, source));
                }
                Err(tied) => {
                    let names: Vec<String> = tied
                        .iter()
                        .map(|&i| format!("`{}`", self.sources[i].path))
                        .collect();
                    let value = get(self.input.proposal, &dest.path).unwrap_or(&Value::Null);
                    self.out.findings.push(Finding {
                        kind: RefusalKind::AmbiguousMove,
                        message: format!(
                            "`{}` = {} could have come from {}; no rule tells them apart",
                            dest.path,
                            show(value),
                            names.join(" or ")
                        ),
                        path: dest.path,
                        in_original: false,
                    });
                }
            }
        }
        chosen
    }

    /// A source carried to two places (or overlapping another carried source) is a guess, not a move.
    fn drop_overlapping(&mut self, chosen: &[Move]) -> Vec<Move> {
        let mut kept = Vec::new();
        for (n, (dest, index, rule)) in chosen.iter().enumerate() {
            let source = &self.sources[*index];
            let overlapping: Vec<&ValuePath> = chosen
                .iter()
                .enumerate()
                .filter(|(m, (_, other, _))| {
                    *m != n && overlaps(&self.sources[*other].path, &source.path)
                })
                .map(|(_, (d, _, _))| d)
                .collect();
            if overlapping.is_empty() {
                kept.push((dest.clone(), *index, *rule));
            } else if let Some(set) = explained(self.input, dest) {
                self.sets.push((dest.clone(), set));
            } else if overlapping
                .iter()
                .all(|d| explained(self.input, d).is_some())
            {
                kept.push((dest.clone(), *index, *rule));
            } else {
                let others: Vec<String> = overlapping.iter().map(|d| format!("`{d}`")).collect();
                self.out.findings.push(Finding {
                    kind: RefusalKind::AmbiguousMove,
                    path: source.path.clone(),
                    in_original: true,
                    message: format!(
                        "`{}` = {} could have moved to `{dest}` or to {}",
                        source.path,
                        show(&source.value),
                        others.join(" or ")
                    ),
                });
            }
        }
        kept
    }

    /// The ops: removes and renames in the original's order, then sets in the proposal's.
    fn assemble(&mut self, kept: &[Move]) {
        let mut carried_paths: Vec<ValuePath> = kept
            .iter()
            .map(|(_, i, _)| self.sources[*i].path.clone())
            .collect();
        // A list become a map: the field of each item that became its key is carried as the key.
        let (notes, key_fields) = self.rekeyed_notes(kept);
        carried_paths.extend(key_fields.iter().cloned());
        let carried = PathSet::new(carried_paths.iter());
        let set_paths = PathSet::new(self.sets.iter().map(|(p, _)| p));
        let mut original_ops: Vec<(ValuePath, Op)> = Vec::new();
        for d in self.input.displaced {
            uncarried(
                &d.path,
                &d.value,
                &carried,
                &set_paths,
                &mut original_ops,
                &mut self.out.not_carried,
            );
        }
        for (n, (dest, index, rule)) in kept.iter().enumerate() {
            let from = self.sources[*index].path.clone();
            // A one-item list whose item moves elsewhere (`hosts: [a]` → `hostname: a`): the
            // list goes, and the item is written at its new key.
            if let Some(list) = lone_item_list(self.input.original, &from, dest) {
                if !original_ops.iter().any(|(p, _)| *p == list) {
                    original_ops.push((list.clone(), Op::Remove { path: list }));
                }
                self.sets.push((dest.clone(), SetSource::Original));
                continue;
            }
            let note = notes.iter().find(|(m, _)| *m == n).map(|(_, note)| note);
            let reason = rename_reason(rule, note, &from, dest);
            let op = Op::Rename {
                from: from.clone(),
                to: dest.clone(),
                reason,
            };
            original_ops.push((from, op));
        }
        // The key fields leave their items: removed, and not lost.
        for field in &key_fields {
            if !original_ops.iter().any(|(p, _)| p == field) {
                let op = Op::Remove {
                    path: field.clone(),
                };
                original_ops.push((field.clone(), op));
            }
        }
        let original = self.input.original;
        sort_in_document_order(original, &mut original_ops, |(p, _)| p);
        sort_in_document_order(original, &mut self.out.not_carried, |n| &n.path);
        self.out
            .ops
            .extend(original_ops.into_iter().map(|(_, op)| op));
        for (path, source) in std::mem::take(&mut self.sets) {
            let value = get(self.input.proposal, &path)
                .cloned()
                .unwrap_or(Value::Null);
            self.out.ops.push(Op::Set {
                path,
                value,
                source,
            });
        }
    }

    /// What each kept move's reason adds when it carries a field of a rekeyed item, and the name
    /// fields carried as keys.
    fn rekeyed_notes(&self, kept: &[Move]) -> (Vec<(usize, String)>, Vec<ValuePath>) {
        let mut notes = Vec::new();
        let mut fields: Vec<ValuePath> = self
            .rekeyed
            .iter()
            .filter_map(|r| r.field.clone())
            .collect();
        for (n, (dest, i, _)) in kept.iter().enumerate() {
            let from = &self.sources[*i].path;
            let record = self
                .rekeyed
                .iter()
                .find(|r| dest.starts_with(&r.to) && from.starts_with(&r.from));
            if let Some(record) = record {
                notes.push((n, record.note.clone()));
            } else if let Some((field, key)) = key_field(self.input.original, from, dest) {
                notes.push((n, format!("the item's `{field}` (`{key}`) became its key")));
                fields.push(field);
            }
        }
        crate::order::sort(&mut fields);
        fields.dedup();
        (notes, fields)
    }

    /// Whether `value` at `path` is a displaced list keyed by its items' names or a displaced map
    /// with each key written into its item (each item's fields then move one by one), or a list
    /// refused for items sharing a name or lacking one.
    fn rekey(&mut self, path: &ValuePath, value: &Value) -> bool {
        let mut found = Vec::new();
        for source in &self.sources {
            let keyed = match (&source.value, value) {
                (Value::Array(list), Value::Object(map)) => keyed_by(list, map),
                (Value::Object(map), Value::Array(list)) => keyed_by(list, map),
                _ => None,
            };
            if let Some(keyed) = keyed {
                found.push((source.path.clone(), keyed));
            }
        }
        match (found.as_slice(), value) {
            ([(list, keyed)], Value::Object(_)) => self.list_to_map(list, keyed, path),
            ([(map, keyed)], Value::Array(_)) => self.map_to_list(map, keyed, path),
            ([], Value::Object(map)) => return self.refuse_flaw(path, map),
            _ => return false,
        }
        true
    }

    /// Moves each item of the displaced list at `list` under its name in the map at `path`.
    fn list_to_map(&mut self, list: &ValuePath, keyed: &super::keyed::Keyed, path: &ValuePath) {
        const RULE: &str = "the list item equal to this entry but for the field that names it";
        for (index, key) in &keyed.keys {
            let item = list.index(*index);
            let field = item.key(keyed.field.clone());
            let entry = path.key(key.clone());
            self.move_fields(&item, &entry, Some(&keyed.field), RULE);
            self.rekeyed.push(Rekeyed {
                note: format!("the item's `{field}` (`{key}`) became its key"),
                from: item,
                to: entry,
                field: Some(field),
            });
        }
    }

    /// Moves each entry of the displaced map at `map` into the item of the list at `path` that
    /// its key names; the key is written into the item's name field.
    fn map_to_list(&mut self, map: &ValuePath, keyed: &super::keyed::Keyed, path: &ValuePath) {
        const RULE: &str = "the map entry equal to this item but for the field its key became";
        for (index, key) in &keyed.keys {
            let entry = map.key(key.clone());
            let item = path.index(*index);
            self.move_fields(&entry, &item, None, RULE);
            let field = item.key(keyed.field.clone());
            self.sets.push((field, SetSource::Original));
            // An empty entry is all key: carried as the item's name, it is removed and not lost.
            let empty =
                matches!(get(self.input.original, &entry), Some(Value::Object(m)) if m.is_empty());
            self.rekeyed.push(Rekeyed {
                note: format!("its key `{key}` became the item's `{}`", keyed.field),
                field: empty.then(|| entry.clone()),
                from: entry,
                to: item,
            });
        }
    }

    /// Files a move for each field of the mapping at `from` (but `skip`) to the same key under
    /// `to`; a mapping with no other field is set empty there.
    fn move_fields(
        &mut self,
        from: &ValuePath,
        to: &ValuePath,
        skip: Option<&String>,
        rule: &'static str,
    ) {
        let Some(Value::Object(fields)) = get(self.input.original, from) else {
            return;
        };
        let names: Vec<&String> = fields.keys().filter(|k| Some(*k) != skip).collect();
        // An item that was only its name is an empty entry (a named item gets its name set).
        if names.is_empty() && skip.is_some() {
            self.sets.push((to.clone(), SetSource::Empty));
        }
        for name in names {
            let source = from.key(name.clone());
            if let Some(index) = self.sources.iter().position(|s| s.path == source) {
                self.forced.push((to.key(name.clone()), index, rule));
            }
        }
    }

    /// Refuses a map made of a displaced list that some item is an entry of, when its items
    /// share a name or one has none; whether it did.
    fn refuse_flaw(&mut self, path: &ValuePath, map: &Map<String, Value>) -> bool {
        let found = self.sources.iter().find_map(|s| match &s.value {
            Value::Array(list) => flaw(list, map).map(|f| (s.path.clone(), f)),
            _ => None,
        });
        let Some((list, found)) = found else {
            return false;
        };
        let (kind, at, message) = match found {
            Flaw::Shared {
                field,
                name,
                first,
                second,
            } => (
                RefusalKind::AmbiguousMove,
                second,
                format!(
                    "`{list}[{first}]` and `{list}[{second}]` share the {field} `{name}`: the map `{path}` keys its entries by `{field}` and holds one entry under `{name}`, so one item would be lost; give each item its own `{field}` first"
                ),
            ),
            Flaw::Unnamed { field, index } => (
                RefusalKind::Provenance,
                index,
                format!(
                    "`{list}[{index}]` has no `{field}`, the field the items of `{list}` are keyed by in the map `{path}`: its key there would come from nowhere in the original values; give it a `{field}` first"
                ),
            ),
        };
        self.out.findings.push(Finding {
            kind,
            path: list.index(at),
            in_original: true,
            message,
        });
        true
    }

    /// Walks the proposal top-down, collecting new values: moved (destinations) or set (schema, answer).
    fn walk_proposal(&mut self, path: ValuePath, value: &Value) {
        let original = get(self.input.original, &path);
        match original {
            Some(before) if before == value => return,
            Some(before) if !self.is_displaced(&path) => {
                // Accepted and still there: survival judges leaves; descend into containers for new keys.
                if same_kind_container(before, value) {
                    self.walk_children(&path, value);
                }
                return;
            }
            _ => {}
        }
        if let Some(source) = answer_at(self.input, &path, value) {
            self.sets.push((path, source));
            return;
        }
        let candidates: Vec<usize> = self
            .sources
            .iter()
            .enumerate()
            .filter(|(_, s)| &s.value == value && s.path != path)
            .map(|(i, _)| i)
            .collect();
        if !candidates.is_empty() {
            self.destinations.push(Destination { path, candidates });
            return;
        }
        if !is_leaf(value) && self.rekey(&path, value) {
            return;
        }
        if !is_leaf(value) {
            self.walk_children(&path, value);
            return;
        }
        if let Some(source) = (self.input.schema_source)(&path, value) {
            self.sets.push((path, source));
            return;
        }
        // `{}` or `[]` holds no value to prove (ADR 13: every scalar leaf has a source).
        if is_empty_collection(value) {
            self.sets.push((path, SetSource::Empty));
            return;
        }
        self.out.findings.push(Finding {
            kind: RefusalKind::Provenance,
            message: format!(
                "`{path}` = {} is not in the original values at that path, not a displaced value, not dictated by the target schema and not a person's answer",
                show(value)
            ),
            path,
            in_original: false,
        });
    }

    fn walk_children(&mut self, path: &ValuePath, value: &Value) {
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    self.walk_proposal(path.key(key.clone()), child);
                }
            }
            Value::Array(items) => {
                for (index, child) in items.iter().enumerate() {
                    self.walk_proposal(path.index(index), child);
                }
            }
            _ => {}
        }
    }
}

/// Survival: every value the target still accepts is at the same path, unchanged.
fn survival(input: &PlanInput<'_>, is_displaced: &dyn Fn(&ValuePath) -> bool, out: &mut Planned) {
    for (path, value) in leaves(input.original) {
        if is_displaced(&path) {
            continue;
        }
        let message = match get(input.proposal, &path) {
            Some(now) if now == value => continue,
            // An empty mapping or list may gain content: its own (empty) value is not lost.
            Some(now)
                if is_leaf(value) && !value.is_string() && same_kind_container(value, now) =>
            {
                continue;
            }
            Some(now) => format!(
                "`{path}` is {} and {}; the proposal changes it to {}",
                show(value),
                kept(input, &path),
                show(now)
            ),
            None => format!(
                "`{path}` is {} and {}; the proposal drops it",
                show(value),
                kept(input, &path)
            ),
        };
        out.findings.push(Finding {
            kind: RefusalKind::Survival,
            path,
            in_original: true,
            message,
        });
    }
}

/// Why the value at `path` must survive, in survival's words.
fn kept(input: &PlanInput<'_>, path: &ValuePath) -> String {
    (input.kept_by)(path).unwrap_or_else(|| "the target schema accepts it there".to_string())
}

/// For a value moved out of a list item into a map keyed by one of the item's fields
/// (`pools[0].size` → `pools.a.size`, the item's `name` is `a`): that field's path and the key.
fn key_field(original: &Value, from: &ValuePath, to: &ValuePath) -> Option<(ValuePath, String)> {
    let at = from.common_prefix_len(to);
    let (Segment::Index(i), Segment::Key(key)) = (from.segments().get(at)?, to.segments().get(at)?)
    else {
        return None;
    };
    let item = ValuePath::from_segments(from.segments()[..at].to_vec()).index(*i);
    let Value::Object(fields) = get(original, &item)? else {
        return None;
    };
    let (field, _) = fields
        .iter()
        .find(|(_, v)| v.as_str() == Some(key.as_str()))?;
    Some((item.key(field.clone()), key.clone()))
}

/// Whether `value` is `{}` or `[]`.
fn is_empty_collection(value: &Value) -> bool {
    matches!(value, Value::Object(m) if m.is_empty())
        || matches!(value, Value::Array(a) if a.is_empty())
}

fn same_kind_container(a: &Value, b: &Value) -> bool {
    matches!(
        (a, b),
        (Value::Object(_), Value::Object(_)) | (Value::Array(_), Value::Array(_))
    )
}

fn answer_at(input: &PlanInput<'_>, path: &ValuePath, value: &Value) -> Option<SetSource> {
    input
        .answers
        .iter()
        .any(|(p, v)| p == path && v == value)
        .then_some(SetSource::Answer)
}

/// Whether a destination's value is explained without a move: a person's answer or the target schema.
fn explained(input: &PlanInput<'_>, path: &ValuePath) -> Option<SetSource> {
    let value = get(input.proposal, path)?;
    if !is_leaf(value) {
        return None;
    }
    answer_at(input, path, value).or_else(|| (input.schema_source)(path, value))
}

/// Picks the source of a moved value by the contract's rules, or returns the tie.
fn choose(
    dest: &ValuePath,
    candidates: &[usize],
    sources: &[Source],
) -> Result<(usize, &'static str), Vec<usize>> {
    if let [only] = candidates {
        return Ok((*only, "the only displaced value equal to it"));
    }
    let best = candidates
        .iter()
        .map(|&i| sources[i].path.common_prefix_len(dest))
        .max()
        .unwrap_or(0);
    let by_prefix: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| sources[i].path.common_prefix_len(dest) == best)
        .collect();
    if let [only] = by_prefix.as_slice() {
        return Ok((
            *only,
            "equal value; the longest path prefix shared with the destination",
        ));
    }
    let wanted = dest.last().map(normalized_key);
    let by_key: Vec<usize> = by_prefix
        .iter()
        .copied()
        .filter(|&i| wanted.is_some() && sources[i].path.last().map(normalized_key) == wanted)
        .collect();
    if let [only] = by_key.as_slice() {
        return Ok((
            *only,
            "equal value; the same last key, ignoring case, `_` and `-`",
        ));
    }
    Err(if by_key.is_empty() { by_prefix } else { by_key })
}

/// A key compared case-insensitively with `_` and `-` removed (`ca_file` ~ `caFile`).
fn normalized_key(segment: &Segment) -> String {
    match segment {
        Segment::Key(key) => key
            .chars()
            .filter(|c| !matches!(c, '_' | '-'))
            .flat_map(char::to_lowercase)
            .collect(),
        Segment::Index(index) => format!("[{index}]"),
    }
}

fn overlaps(a: &ValuePath, b: &ValuePath) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// Records removes for the parts of a displaced value that were carried nowhere.
fn uncarried(
    path: &ValuePath,
    value: &Value,
    carried: &PathSet,
    set_paths: &PathSet,
    ops: &mut Vec<(ValuePath, Op)>,
    not_carried: &mut Vec<NotCarried>,
) {
    if carried.covers(path) {
        return;
    }
    let partly = carried.reaches_into(path);
    if partly {
        let children: Vec<(ValuePath, &Value)> = match value {
            Value::Object(map) => map.iter().map(|(k, v)| (path.key(k.clone()), v)).collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (path.index(i), v))
                .collect(),
            _ => Vec::new(),
        };
        for (child, v) in children {
            uncarried(&child, v, carried, set_paths, ops, not_carried);
        }
        return;
    }
    // An empty mapping or list replaced in place holds no value to lose.
    if !(is_empty_collection(value) && set_paths.reaches_into(path)) {
        not_carried.push(NotCarried {
            path: path.clone(),
            value: value.clone(),
            near: Vec::new(),
            hint: None,
        });
    }
    // A value replaced in place by a `set` (at its path or under it) needs no remove of its own.
    if !set_paths.reaches_into(path) {
        ops.push((path.clone(), Op::Remove { path: path.clone() }));
    }
}

/// A rename's reason: the rule that chose its source and what its shape change adds.
fn rename_reason(rule: &str, note: Option<&String>, from: &ValuePath, dest: &ValuePath) -> String {
    match note {
        Some(note) => format!("{rule}; {note}"),
        None if becomes_item(from, dest) => {
            format!("{rule}; it became the one item of a list, in its place")
        }
        None if becomes_value(from, dest) => {
            format!("{rule}; the list's one item became the value, in its place")
        }
        None => rule.to_string(),
    }
}

/// The list `from` is the one item of, when that item moves out of it to `dest`.
fn lone_item_list(original: &Value, from: &ValuePath, dest: &ValuePath) -> Option<ValuePath> {
    if !matches!(from.last(), Some(Segment::Index(0))) {
        return None;
    }
    let list = from.parent()?;
    let one = matches!(get(original, &list), Some(Value::Array(items)) if items.len() == 1);
    (one && !dest.starts_with(&list) && !list.starts_with(dest)).then_some(list)
}
