//! What a chart reads, given the values it renders with: the reads sorted by path, asked which
//! of a values document's entries no template can reach.

use super::Site;
use super::Templates;
use super::eval::{Aside, FailAt, Found, Guard, How, RequiredAt, Serves};
use crate::path::{Segment, ValuePath, get};
use serde_json::Value;

/// A `required` value the render fails without, under conditions the values make true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Required {
    /// The value's path.
    pub path: ValuePath,
    /// Where the template requires it.
    pub site: Site,
    /// The template's message for it, when it is a constant.
    pub message: String,
}

/// A value of a document that no template of the chart reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ignored {
    /// Its path.
    pub path: ValuePath,
}

/// What of a document no template reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unread {
    /// The outermost unread entries, in the document's order.
    pub ignored: Vec<Ignored>,
    /// The mappings whose emptiness is read and which only unread entries fill: they must not
    /// be emptied.
    pub tested: Vec<ValuePath>,
}

/// A place where the analysis read a whole subtree because it could not follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Widened {
    /// The subtree read whole.
    pub path: ValuePath,
    /// Where.
    pub site: Site,
    /// Why.
    pub why: &'static str,
}

/// The paths a chart's templates may read, for one set of values.
#[derive(Clone, Debug, Default)]
pub struct ReadSet {
    /// Every read path with how and where first, sorted by path.
    reads: Vec<(ValuePath, How, Site)>,
    /// The paths read whole, sorted.
    whole: Vec<(ValuePath, Site)>,
    /// The paths read whole less some keys (`omit`), sorted.
    partial: Vec<(ValuePath, Vec<String>, Site)>,
    /// The required values missing.
    required: Vec<Required>,
    /// Where the analysis widened, one entry a path.
    widened: Vec<Widened>,
    /// The reads that are not uses (NOTES.txt, a `fail` guard), sorted by path.
    aside: Vec<Aside>,
}

/// A `fail` of the chart that a value makes the render reach: the chart refusing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Where the `fail` is.
    pub site: Site,
    /// What it says, when the template writes it as a constant.
    pub message: String,
}

impl ReadSet {
    /// The read set of what an analysis found, `required`'s conditions decided on `coalesced`.
    pub(super) fn new(_templates: &Templates, mut found: Found, coalesced: &Value) -> ReadSet {
        // A read in a branch the values rule out is no read (only widenings carry conditions).
        found
            .reads
            .retain(|r| !r.guards.iter().any(|g| ruled_out(g, coalesced)));
        let mut reads: Vec<_> = found
            .reads
            .iter()
            .map(|r| (r.path.clone(), r.how, r.site))
            .collect();
        crate::order::sort(&mut reads);
        reads.dedup_by(|b, a| a.0 == b.0 && a.1 == b.1);
        let whole = reads
            .iter()
            .filter(|r| r.1 == How::Whole)
            .map(|r| (r.0.clone(), r.2))
            .collect();
        let mut partial: Vec<_> = found
            .reads
            .iter()
            .filter(|r| r.how == How::Partial)
            .map(|r| (r.path.clone(), r.except.clone(), r.site))
            .collect();
        crate::order::sort(&mut partial);
        let mut widened: Vec<Widened> = found
            .reads
            .iter()
            .filter_map(|r| {
                r.widened.map(|why| Widened {
                    path: r.path.clone(),
                    site: r.site,
                    why,
                })
            })
            .collect();
        crate::order::by(&mut widened, |a, b| {
            a.path.cmp(&b.path).then(a.site.cmp(&b.site))
        });
        widened.dedup_by(|b, a| a.path == b.path);
        let mut required: Vec<Required> = found
            .required
            .iter()
            .filter(|r| missing(r, coalesced))
            .map(|r| Required {
                path: r.path.clone(),
                site: r.site,
                message: r.message.clone(),
            })
            .collect();
        crate::order::by(&mut required, |a, b| a.path.cmp(&b.path));
        required.dedup_by(|b, a| a.path == b.path);
        let mut aside = found.aside;
        crate::order::by(&mut aside, |a, b| {
            (&a.path, &a.serves, a.site).cmp(&(&b.path, &b.serves, b.site))
        });
        aside.dedup_by(|b, a| a.path == b.path && a.serves == b.serves && a.trigger == b.trigger);
        ReadSet {
            reads,
            whole,
            partial,
            required,
            widened,
            aside,
        }
    }

    /// The `fail` a value at `path` leads the render to when no template uses it: a guard
    /// runs it when the value it tests (`path`, inside it or holding it) is not empty in
    /// `coalesced`. The chart refuses it.
    pub fn refused(&self, path: &ValuePath, coalesced: &Value) -> Option<Refused> {
        self.aside_near(path).find_map(|a| match &a.serves {
            Serves::Refusal(FailAt { site, message })
                if a.trigger && get(coalesced, &a.path).is_some_and(truthy) =>
            {
                Some(Refused {
                    site: *site,
                    message: message.clone(),
                })
            }
            _ => None,
        })
    }

    /// Where a NOTES.txt reads the value at `path` (it, inside it, or a mapping holding it).
    pub fn noted(&self, path: &ValuePath) -> Option<Site> {
        self.aside_near(path)
            .find(|a| a.serves == Serves::Notes)
            .map(|a| a.site)
    }

    /// The reads aside at `path`, under it or above it.
    fn aside_near<'s>(&'s self, path: &'s ValuePath) -> impl Iterator<Item = &'s Aside> + 's {
        self.aside
            .iter()
            .filter(move |a| a.path.starts_with(path) || path.starts_with(&a.path))
    }

    /// Where a read reaches the value at `path` (it, a value inside it, or a subtree holding
    /// it), the first such place; `None` when no template reads it.
    pub fn reaching(&self, path: &ValuePath) -> Option<Site> {
        if let Some(site) = self.whole_above(path) {
            return Some(site);
        }
        self.at_or_under(path).first().map(|r| r.2)
    }

    /// The entries of `values` (rendered as `coalesced`) that no template reads: each the
    /// outermost such entry, in the document's order.
    pub fn unread(&self, values: &Value, coalesced: &Value) -> Vec<Ignored> {
        self.unread_and_tested(values, coalesced).ignored
    }

    /// [`ReadSet::unread`], with the mappings whose emptiness alone is read and which only
    /// unread entries fill: their entries are unread one by one, but not all together.
    pub fn unread_and_tested(&self, values: &Value, coalesced: &Value) -> Unread {
        let mut out = Unread::default();
        if let Value::Object(map) = values {
            if self.whole_above(&ValuePath::root()).is_none() {
                for (key, value) in map {
                    self.walk(
                        ValuePath::root().key(key.as_str()),
                        value,
                        coalesced,
                        &mut out,
                    );
                }
            }
        }
        out
    }

    fn walk(&self, path: ValuePath, value: &Value, coalesced: &Value, out: &mut Unread) {
        if self.whole_above(&path).is_some() {
            return;
        }
        let under = self.at_or_under(&path);
        if under.is_empty() {
            out.ignored.push(Ignored { path });
            return;
        }
        let Value::Object(map) = value else {
            return;
        };
        // Only whether it is empty is read, and what no template reads fills it: removing all
        // of that would empty it, so it must stay filled.
        let tested = under.iter().any(|r| r.0 == path && r.1 == How::Test);
        if tested && self.emptied_without_unread(&path, map, coalesced) {
            out.tested.push(path.clone());
        }
        for (key, inner) in map {
            self.walk(path.key(key.as_str()), inner, coalesced, out);
        }
    }

    /// The outermost path read whole that holds `path` (`path` itself, or a subtree above it).
    pub fn whole_unit(&self, path: &ValuePath) -> Option<ValuePath> {
        let segments = path.segments();
        (0..=segments.len()).find_map(|n| {
            let prefix = ValuePath::from_segments(segments[..n].to_vec());
            let at = self.whole.partition_point(|(p, _)| *p < prefix);
            self.whole
                .get(at)
                .filter(|(p, _)| *p == prefix)
                .map(|_| prefix)
        })
    }

    /// Whether every key rendered at `path` is one the document sets there and no template
    /// reads (removing them all would empty the mapping).
    fn emptied_without_unread(
        &self,
        path: &ValuePath,
        map: &serde_json::Map<String, Value>,
        coalesced: &Value,
    ) -> bool {
        let unread = |k: &String| {
            map.contains_key(k.as_str()) && self.at_or_under(&path.key(k.as_str())).is_empty()
        };
        match get(coalesced, path) {
            Some(Value::Object(rendered)) => rendered.keys().all(unread),
            _ => true,
        }
    }

    /// A whole read of `path` or of a subtree holding it (a read less some keys holds what is
    /// under its other keys).
    fn whole_above(&self, path: &ValuePath) -> Option<Site> {
        let segments = path.segments();
        (0..=segments.len()).find_map(|n| {
            let prefix = ValuePath::from_segments(segments[..n].to_vec());
            let at = self.whole.partition_point(|(p, _)| *p < prefix);
            let whole = self
                .whole
                .get(at)
                .filter(|(p, _)| *p == prefix)
                .map(|(_, s)| *s);
            whole.or_else(|| self.partial_at(&prefix, segments.get(n)))
        })
    }

    /// A read of `prefix` less some keys that holds its key `next`.
    fn partial_at(&self, prefix: &ValuePath, next: Option<&Segment>) -> Option<Site> {
        let Some(Segment::Key(next)) = next else {
            return None;
        };
        let at = self.partial.partition_point(|(p, _, _)| p < prefix);
        self.partial[at..]
            .iter()
            .take_while(|(p, _, _)| p == prefix)
            .find(|(_, except, _)| !except.contains(next))
            .map(|(_, _, site)| *site)
    }

    /// The reads of `path` or of values inside it.
    fn at_or_under(&self, path: &ValuePath) -> &[(ValuePath, How, Site)] {
        let start = self.reads.partition_point(|(p, _, _)| p < path);
        let len = self.reads[start..]
            .iter()
            .take_while(|(p, _, _)| p.starts_with(path))
            .count();
        &self.reads[start..start + len]
    }

    /// The keys read directly under `parent`, each once, in order.
    pub fn keys_under(&self, parent: &ValuePath) -> Vec<String> {
        let depth = parent.len();
        let mut keys: Vec<String> = self
            .at_or_under(parent)
            .iter()
            .filter_map(|(p, _, _)| match p.segments().get(depth) {
                Some(Segment::Key(key)) => Some(key.clone()),
                _ => None,
            })
            .collect();
        keys.dedup();
        keys
    }

    /// Every path read, each once, in path order.
    pub fn paths(&self) -> impl Iterator<Item = &ValuePath> {
        let mut last: Option<&ValuePath> = None;
        self.reads.iter().map(|r| &r.0).filter(move |p| {
            let new = last != Some(*p);
            last = Some(*p);
            new
        })
    }

    /// The required values the render fails without.
    pub fn required(&self) -> &[Required] {
        &self.required
    }

    /// Where the analysis read a whole subtree it could not follow.
    pub fn widened(&self) -> &[Widened] {
        &self.widened
    }
}

/// Whether a `required` value is missing under conditions the values make true.
fn missing(required: &RequiredAt, coalesced: &Value) -> bool {
    let holds = |guard: &Guard| match guard {
        Guard::Truthy(path) => get(coalesced, path).is_some_and(truthy),
        Guard::Falsy(path) => !get(coalesced, path).is_some_and(truthy),
        Guard::Opaque => false,
    };
    if !required.guards.iter().all(holds) {
        return false;
    }
    match get(coalesced, &required.path) {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        Some(_) => false,
    }
}

/// Whether the values make a condition false.
fn ruled_out(guard: &Guard, coalesced: &Value) -> bool {
    match guard {
        Guard::Truthy(path) => !get(coalesced, path).is_some_and(truthy),
        Guard::Falsy(path) => get(coalesced, path).is_some_and(truthy),
        Guard::Opaque => false,
    }
}

/// Go template truthiness: not the zero value, not empty.
fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
    }
}
