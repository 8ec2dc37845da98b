//! Which values fed which output bytes (issue 43): reads of `.Values` paths recorded while a
//! pipeline is evaluated, carried through variables, the dot, `include` results and function
//! calls, and the values that decided an `if`, `with` or `range` around the bytes.
//!
//! A render pays for it only when asked ([`super::Env::provenance`]). A read is the last field of
//! a chain (`.Values.image.tag` reads `image.tag`, not `image`) or the key a lookup function
//! finds (`index .Values.m "k"` reads `m.k`); a field of a values map that a variable or the dot
//! holds is read by its own path. The unit is the action: the
//! bytes an action prints come from every value path its pipeline read (a function's result,
//! an `include`'s text and a variable's value carry the reads that made them), and the bytes
//! written inside an `if`, `with` or `range` body were decided by the paths its pipeline read.
//! Paths are per chart tree: a subchart's `.Values.x` is its parent's `<sub>.x` (the subchart's
//! map is the parent's entry), and a subchart's `global` is the root's `global`.

use std::collections::HashMap;
use std::rc::Rc;

use crate::value::{MapRef, Value};

/// One step of a values path.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seg {
    /// A mapping's key.
    Key(String),
    /// A list's index.
    Index(usize),
}

/// A set of value paths, by their ids in [`Paths`], sorted.
pub type PathSet = Rc<[u32]>;

/// Output bytes and the values behind them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// The value paths the bytes were made from.
    pub data: PathSet,
    /// The value paths that decided whether the bytes are written (`if`, `with`, `range`).
    pub control: PathSet,
}

/// The value paths a render met, interned: id 0 is the values root.
#[derive(Clone, Debug, Default)]
pub struct Paths {
    /// Each path's parent id and last step (the root's is itself and an empty key).
    nodes: Vec<(u32, Seg)>,
    ids: HashMap<(u32, Seg), u32>,
}

impl Paths {
    /// A table holding the root alone.
    pub fn new() -> Paths {
        Paths {
            nodes: vec![(0, Seg::Key(String::new()))],
            ids: HashMap::new(),
        }
    }

    /// The id of `parent`'s child at `seg`.
    pub fn child(&mut self, parent: u32, seg: Seg) -> u32 {
        if let Some(id) = self.ids.get(&(parent, seg.clone())) {
            return *id;
        }
        let id = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.nodes.push((parent, seg.clone()));
        self.ids.insert((parent, seg), id);
        id
    }

    /// The path of an id, root first (empty for the root).
    pub fn segments(&self, id: u32) -> Vec<Seg> {
        let mut out = Vec::new();
        let mut at = id;
        while at != 0 {
            let Some((parent, seg)) = self.nodes.get(at as usize) else {
                break;
            };
            out.push(seg.clone());
            at = *parent;
        }
        out.reverse();
        out
    }

    /// Whether `a` is a strict ancestor of `b`.
    pub fn is_ancestor(&self, a: u32, b: u32) -> bool {
        let mut at = b;
        while at != 0 {
            at = self.nodes.get(at as usize).map_or(0, |n| n.0);
            if at == a {
                return true;
            }
        }
        false
    }

    /// How many paths the table holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table holds the root alone.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }
}

/// A render's provenance: the paths, where each values map and list sits, what is being read.
#[derive(Debug, Default)]
pub struct Provenance {
    /// Every path met.
    pub paths: Paths,
    /// Each values map's and list's path, by the address of its shared allocation.
    places: HashMap<usize, u32>,
    /// A subchart's `global` path, read as the root's `global`.
    redirects: HashMap<u32, u32>,
    /// The reads of the pipelines being evaluated, innermost last: (path, weak) — a weak read
    /// is a whole map or list taken (`dict "c" .Values.controller`), which counts only when
    /// nothing inside it is read by the same statement — and whether the pipeline is a
    /// statement's (an action, `if`, `with`, `range`, `template`).
    reads: Vec<(Vec<(u32, bool)>, bool)>,
    /// Whether the next pipeline begun is a statement's.
    statement_next: bool,
    /// The paths that decided each enclosing body, innermost last.
    control: Vec<PathSet>,
    /// The union of `control`, kept reduced.
    control_now: Option<PathSet>,
    /// The reads of the pipeline that ended last.
    pub(crate) last: Option<PathSet>,
    /// Whether reads go unrecorded (the maps a field chain passes through).
    pub(crate) quiet: bool,
    /// What the statements of the file being rendered read, whether their bytes were written
    /// or not (an `if` that comes out false read its condition all the same).
    log: ReadLog,
}

/// The value paths a file's statements read (an action, `if`, `with`, `range`, `template`),
/// whatever they wrote: what the chart reads with these values, as against what its output
/// holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadLog {
    /// The paths read, by their ids in [`Paths`], sorted and unique.
    pub paths: Vec<u32>,
    /// Whether a statement took the whole `.Values` (`toYaml .Values`): every value is read.
    pub whole: bool,
}

impl Provenance {
    /// Provenance over a chart tree's values: `root` is the root chart's `.Values`, `charts` every
    /// chart's (a subchart's map is an entry of its parent's; its `global` is the root's).
    pub fn new(root: &MapRef, charts: &[MapRef]) -> Provenance {
        let mut p = Provenance {
            paths: Paths::new(),
            ..Provenance::default()
        };
        p.place_map(root, 0);
        for chart in charts.iter().skip(1) {
            let Some(&at) = p.places.get(&(Rc::as_ptr(chart) as *const u8 as usize)) else {
                continue;
            };
            if at == 0 {
                continue;
            }
            let global = chart.borrow().get("global").cloned();
            if let Some(value) = global {
                let id = p.paths.child(0, Seg::Key("global".into()));
                let own = p.paths.child(at, Seg::Key("global".into()));
                p.redirects.insert(own, id);
                p.place(&value, id);
            }
        }
        p
    }

    fn place_map(&mut self, map: &MapRef, id: u32) {
        self.places
            .insert(Rc::as_ptr(map) as *const u8 as usize, id);
        let entries: Vec<(String, Value)> = map
            .borrow()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (key, value) in entries {
            let child = self.paths.child(id, Seg::Key(key));
            self.place(&value, child);
        }
    }

    fn place(&mut self, value: &Value, id: u32) {
        match value {
            Value::Map(map, _) => self.place_map(map, id),
            Value::List(items, _) => {
                self.places
                    .insert(Rc::as_ptr(items) as *const u8 as usize, id);
                for (i, item) in items.iter().enumerate() {
                    let child = self.paths.child(id, Seg::Index(i));
                    self.place(item, child);
                }
            }
            _ => {}
        }
    }

    /// The path of a values map or list, if the value is one.
    pub(crate) fn path_of(&self, value: &Value) -> Option<u32> {
        let key = match value {
            Value::Map(map, _) => Rc::as_ptr(map) as *const u8 as usize,
            Value::List(items, _) => Rc::as_ptr(items) as *const u8 as usize,
            _ => return None,
        };
        self.places.get(&key).copied()
    }

    /// The path of `receiver`'s child at `seg`, when `receiver` is a values map or list.
    pub(crate) fn child_of(&mut self, receiver: &Value, seg: Seg) -> Option<u32> {
        let parent = self.path_of(receiver)?;
        let id = self.paths.child(parent, seg);
        Some(self.redirects.get(&id).copied().unwrap_or(id))
    }

    /// Forgets what a stopped execution left open (a refused template ends mid-pipeline).
    pub(crate) fn reset(&mut self) {
        self.reads.clear();
        self.control.clear();
        self.control_now = None;
        self.last = None;
        self.quiet = false;
        self.statement_next = false;
    }

    /// Starts collecting a pipeline's reads.
    pub(crate) fn begin(&mut self) {
        let statement = std::mem::take(&mut self.statement_next);
        self.reads.push((Vec::new(), statement));
    }

    /// Records a read of a path (never the root: a read of the whole values says nothing).
    pub(crate) fn read(&mut self, id: u32) {
        if id == 0 || self.quiet {
            return;
        }
        if let Some((top, _)) = self.reads.last_mut() {
            top.push((id, false));
        }
    }

    /// Records a whole values map or list taken (weak: see `reads`); the values root too, which
    /// only the read log keeps.
    pub(crate) fn read_whole(&mut self, id: u32) {
        if self.quiet {
            return;
        }
        if let Some((top, _)) = self.reads.last_mut() {
            top.push((id, true));
        }
    }

    /// Marks the next pipeline begun as a statement's.
    pub(crate) fn statement(&mut self) {
        self.statement_next = true;
    }

    /// Records the reads a value carries.
    pub(crate) fn read_all(&mut self, set: &Option<PathSet>) {
        if let (Some(set), Some((top, _))) = (set, self.reads.last_mut()) {
            top.extend(set.iter().map(|id| (*id, false)));
        }
    }

    /// Ends a pipeline: its reads, reduced, also count for the pipeline around it. A pipeline
    /// that `declares` a variable does not read a whole map or list it puts there: the uses of
    /// the variable read what they read (the read log's rule).
    pub(crate) fn end(&mut self, declares: bool) -> PathSet {
        let (mut reads, statement) = self.reads.pop().unwrap_or_default();
        if statement && declares {
            self.log
                .paths
                .extend(reads.iter().filter(|r| !r.1 && r.0 != 0).map(|r| r.0));
        }
        if statement {
            // A whole map or list taken counts only when nothing inside it was read.
            let strong: Vec<u32> = reads.iter().filter(|r| !r.1).map(|r| r.0).collect();
            reads.retain(|(id, weak)| {
                !*weak || !strong.iter().any(|s| self.paths.is_ancestor(*id, *s))
            });
            for read in &mut reads {
                read.1 = false;
            }
            if !declares {
                self.log.whole |= reads.iter().any(|r| r.0 == 0);
                self.log
                    .paths
                    .extend(reads.iter().filter(|r| r.0 != 0).map(|r| r.0));
            }
            reads.retain(|r| r.0 != 0);
        }
        let set = self.reduce(reads.iter().filter(|r| !r.1).map(|r| r.0).collect());
        if let Some((outer, _)) = self.reads.last_mut() {
            outer.extend(reads);
        }
        self.last = Some(set.clone());
        set
    }

    /// Enters a body decided by `set`.
    pub(crate) fn enter(&mut self, set: PathSet) {
        self.control.push(set);
        self.control_now = None;
    }

    /// Leaves the innermost body.
    pub(crate) fn leave(&mut self) {
        self.control.pop();
        self.control_now = None;
    }

    /// The paths deciding the bytes written now.
    pub(crate) fn control(&mut self) -> PathSet {
        if let Some(now) = &self.control_now {
            return now.clone();
        }
        let all: Vec<u32> = self
            .control
            .iter()
            .flat_map(|s| s.iter().copied())
            .collect();
        let set = self.reduce(all);
        self.control_now = Some(set.clone());
        set
    }

    /// Takes back the last read of `id` in the pipeline being evaluated (a lookup function's
    /// container, read only to look a key up in it).
    pub(crate) fn unread(&mut self, id: u32) {
        if let Some((top, _)) = self.reads.last_mut() {
            if let Some(at) = top.iter().rposition(|x| x.0 == id) {
                top.remove(at);
            }
        }
    }

    /// What the statements read since the last call: the file just rendered's read log.
    pub fn take_log(&mut self) -> ReadLog {
        let mut log = std::mem::take(&mut self.log);
        log.paths.sort_unstable();
        log.paths.dedup();
        log
    }

    /// Sorted and unique.
    fn reduce(&self, mut ids: Vec<u32>) -> PathSet {
        ids.sort_unstable();
        ids.dedup();
        Rc::from(ids)
    }
}
