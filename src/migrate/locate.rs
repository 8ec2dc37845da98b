//! Finding the values root: given by `--prefix`, or discovered from the proposal (ADR 13, "Finding
//! the keys"); a document's root in a file Helm's `-f` reads merged stands for its documents merged.

use super::compiled::Compiled;
use super::held::{Spot, Unreadable};
use super::outcome::{Refusal, RefusalKind};
use super::parsed::Parsed;
use crate::path::{self as tree, Nested, Segment, ValuePath};
use crate::schema::Schema;
use crate::text::Location;
use crate::yaml::{self, View, WordSets};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::ops::Range;

/// A place that may hold the values: a mapping in one document of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Index into the candidate files.
    pub file: usize,
    /// Index of the document in that file.
    pub document: usize,
    /// Where in the document.
    pub prefix: ValuePath,
    /// Whether the values are the file's documents merged, as Helm's `-f` reads them (then
    /// `document` is 0 and `prefix` the root).
    pub merged: bool,
}

/// The values root: the only candidate, or the one strictly ahead on shared values.
///
/// With a proposal, a candidate scores one per proposal leaf found under it at the same relative
/// path with the same value; without one (diagnose), or when no candidate shares a value, one per
/// top-level key the base chart declares (its schema, its values.yaml, what its templates read:
/// `known`). Candidates the base schema accepts as Helm judges a
/// values file (coalesced with the chart's `defaults`, when given) are preferred.
pub(crate) fn locate<'a>(
    files: &mut Vec<Parsed<'a>>,
    mut strings: Strings<'a>,
    prefix: Option<&str>,
    proposal: Option<&Value>,
    base: &Schema,
    defaults: Option<&Value>,
    known: &[String],
) -> Result<Candidate, Box<Refusal>> {
    let given = match prefix {
        Some(text) => Some(ValuePath::parse(text).map_err(|e| {
            refusal(
                RefusalKind::PrefixNotFound,
                format!("--prefix `{text}`: {e}"),
            )
        })?),
        None => None,
    };
    let tried = Tried {
        proposal,
        base,
        defaults,
        known,
    };
    let found = match tried.on_trees(files, &mut strings, given.as_ref()) {
        Some(found) => found,
        None => {
            let unreadable = strings.read_all(files);
            tried.decoded(files, given.as_ref(), &unreadable)
        }
    }?;
    // A document's root in a file Helm's `-f` merges stands for the merged documents.
    let merging = given.is_none() && found.prefix.is_root() && merges(&files[found.file]);
    Ok(match merging {
        true => Candidate::merged(found.file),
        false => found,
    })
}

/// Finds the values root's place in `files`, given by `prefix` or discovered (from the
/// proposal, when there is one), reading into `files` those of the strings `spots` that could
/// hold it.
pub(crate) fn place<'a>(
    compiled: &Compiled,
    files: &mut Vec<Parsed<'a>>,
    spots: Vec<Spot<'a>>,
    prefix: Option<&str>,
    proposal: Option<&Value>,
) -> Result<Candidate, Box<Refusal>> {
    // The file was written for the base chart: judged coalesced with its defaults when given.
    let defaults = compiled.base_side_defaults();
    let known = compiled.base_top_keys(defaults);
    let strings = Strings::new(spots);
    let base = &compiled.base;
    locate(files, strings, prefix, proposal, base, defaults, &known)
}

impl Candidate {
    /// The merged documents of file `file`.
    fn merged(file: usize) -> Candidate {
        Candidate {
            file,
            document: 0,
            prefix: ValuePath::root(),
            merged: true,
        }
    }
}

/// Whether `file`'s documents are read as one values root: a file of its own (not a string held
/// in another), of several documents, none of them a Kubernetes object (a root with `apiVersion`
/// and `kind`: a manifest, whose documents are read one by one, as before).
fn merges(file: &Parsed<'_>) -> bool {
    file.held.is_none()
        && file.document_count() > 1
        && !file.documents().iter().any(is_kubernetes_object)
}

/// Whether a document is a Kubernetes object: `apiVersion` and `kind` strings at its root.
fn is_kubernetes_object(document: &Value) -> bool {
    ["apiVersion", "kind"]
        .iter()
        .all(|key| document.get(key).is_some_and(Value::is_string))
}

/// The refusal of candidates that tie, unless they are the roots of documents of one file Helm's
/// `-f` merges (and no prefix was given): then that file's merged documents.
fn tied(
    files: &[Parsed<'_>],
    tied: &[&Candidate],
    (best, basis): (usize, &str),
    given: bool,
) -> Result<Candidate, Box<Refusal>> {
    let file = tied[0].file;
    let one_file = tied.iter().all(|c| c.file == file && c.prefix.is_root());
    if !given && one_file && merges(&files[file]) {
        return Ok(Candidate::merged(file));
    }
    let names: Vec<String> = tied.iter().map(|c| name(files, c)).collect();
    Err(tie(&names, best, basis))
}

impl Tried<'_> {
    /// The values root found on every document decoded: every mapping a candidate, those the
    /// base schema accepts preferred, the best score winning.
    fn decoded(
        &self,
        files: &[Parsed<'_>],
        given: Option<&ValuePath>,
        unreadable: &[Unreadable<'_>],
    ) -> Result<Candidate, Box<Refusal>> {
        let (base, defaults) = (self.base, self.defaults);
        let empty = Value::Object(Map::new());
        let lists = nested_lists(files, given.is_none(), &empty);
        let mut candidates = candidates(files, given, &lists, &empty);
        if candidates.is_empty() {
            return Err(not_found(given, unreadable));
        }
        if given.is_some() && candidates.len() == 1 {
            return Ok(candidates.remove(0).candidate());
        }
        // The old values were written for the base chart: only mappings the base schema accepts are
        // candidates, unless it accepts none (a subtree that merely shares leaves does not compete).
        let accepted: Vec<&Place<'_>> = candidates
            .iter()
            .filter(|place| accepted_as_root(base, defaults, place.node))
            .collect();
        let pool: Vec<&Place<'_>> = if accepted.is_empty() {
            candidates.iter().collect()
        } else {
            accepted
        };
        let (basis, mut scored) = scored(&pool, self.proposal, base, self.known);
        crate::order::by_key(&mut scored, |(score, _)| std::cmp::Reverse(*score));
        let best = scored[0].0;
        if best == 0 {
            return Err(located_at(
                refusal(
                    RefusalKind::PrefixNotFound,
                    format!(
                        "no mapping in the candidate files shares any values with the proposal or any top-level key the base chart declares; give --prefix{}",
                        unreadable_note(unreadable)
                    ),
                ),
                unreadable,
            ));
        }
        let ahead: Vec<Candidate> = scored
            .iter()
            .filter(|(s, _)| *s == best)
            .map(|(_, place)| place.candidate())
            .collect();
        if ahead.len() > 1 {
            let ahead: Vec<&Candidate> = ahead.iter().collect();
            return tied(files, &ahead, (best, basis), given.is_some());
        }
        Ok(scored[0].1.candidate())
    }
}

/// What finds the values root on the located trees, decoding only the candidates it tries.
struct Tried<'t> {
    proposal: Option<&'t Value>,
    base: &'t Schema,
    defaults: Option<&'t Value>,
    known: &'t [String],
}

/// A candidate that scores and the base schema accepts: where, its score.
struct Accepted {
    candidate: Candidate,
    score: usize,
}

/// What scoring the candidates on their trees has met: those accepted, how many in all, and,
/// with a prefix given, the last.
#[derive(Default)]
struct Met {
    accepted: Vec<Accepted>,
    count: usize,
    only: Option<Candidate>,
}

/// What a candidate's tree is scored by: the proposal's leaves (each leaf's first key with its
/// index, sorted by key), or, without a proposal, the top-level keys the base chart declares.
struct Scorer<'s> {
    leaves: &'s [(ValuePath, &'s Value)],
    firsts: Vec<(&'s str, usize)>,
    declared: Vec<String>,
}

impl Tried<'_> {
    /// The values root found on the located trees, with the values of only the candidates that
    /// score decoded (values shared with the proposal or, without one, top-level keys the base
    /// chart declares): the same answer as [`locate`]'s when one of them is accepted; `None`
    /// when that does not decide (none scores, none is accepted, a document that is empty): the
    /// caller decodes every document. A string that may hold values is read only when it could
    /// score as high as the best of the files (or lies on the given prefix).
    fn on_trees<'a>(
        &self,
        files: &mut Vec<Parsed<'a>>,
        strings: &mut Strings<'a>,
        given: Option<&ValuePath>,
    ) -> Option<Result<Candidate, Box<Refusal>>> {
        let leaves = self.proposal.map(tree::leaves).unwrap_or_default();
        let scorer = self.scorer(&leaves);
        let mut met = Met::default();
        for (file, parsed) in files.iter().enumerate() {
            self.score_file(&scorer, parsed, file, given, &mut met)?;
        }
        let best = met.accepted.iter().map(|a| a.score).max();
        let words = scorer.words();
        let read = strings.read_some(files, |spot| match given {
            Some(path) => path.starts_with(&spot.at),
            None => best.is_some_and(|best| words.most(&spot.text) >= best),
        });
        for file in read {
            self.score_file(&scorer, &files[file], file, given, &mut met)?;
        }
        if given.is_some() && met.count == 1 {
            return met.only.map(Ok);
        }
        let basis = match self.proposal {
            Some(_) => SHARED,
            None => DECLARED,
        };
        decide(files, met.accepted, basis, given.is_some())
    }

    /// What candidates are scored by.
    fn scorer<'s>(&self, leaves: &'s [(ValuePath, &'s Value)]) -> Scorer<'s> {
        let firsts = first_keys(leaves);
        let declared = match self.proposal {
            Some(_) => Vec::new(),
            None => declared(self.base, self.known),
        };
        Scorer {
            leaves,
            firsts,
            declared,
        }
    }

    /// Scores every candidate of one file's documents into `met`; `None` when a node cannot be
    /// read or a document is empty.
    fn score_file(
        &self,
        scorer: &Scorer<'_>,
        parsed: &Parsed<'_>,
        file: usize,
        given: Option<&ValuePath>,
        met: &mut Met,
    ) -> Option<()> {
        for (document, located) in parsed.stream.documents.iter().enumerate() {
            let view = View::new(located, parsed.typing);
            let root = view.resolve(&located.root)?;
            if root.is_scalar() && view.to_json(root).ok()?.is_null() {
                return None;
            }
            each_candidate(parsed, &view, root, given, &mut |prefix, node, entries| {
                let score = scorer.score(&view, entries, self.proposal.is_some());
                let candidate = || Candidate {
                    file,
                    document,
                    prefix: prefix(),
                    merged: false,
                };
                met.count += 1;
                if given.is_some() {
                    met.only = Some(candidate());
                }
                // Its values decoded only to be judged, one candidate at a time.
                if score > 0
                    && accepted_as_root(self.base, self.defaults, &view.to_json(node).ok()?)
                {
                    met.accepted.push(Accepted {
                        candidate: candidate(),
                        score,
                    });
                }
                Some(())
            })?;
        }
        Some(())
    }
}

impl Scorer<'_> {
    /// A mapping's score, from its entries: the proposal's leaves it holds, or the declared
    /// keys it has.
    fn score<'d>(&self, view: &View<'d>, entries: &Entries<'d>, by_proposal: bool) -> usize {
        match by_proposal {
            true => shared(view, entries, self.leaves, &self.firsts),
            false => declared_keys(entries, &self.declared),
        }
    }

    /// What a mapping's score counts, each as the words a text holding it holds: a scored
    /// leaf's keys and string, or a declared key (once).
    fn words(&self) -> WordSets<'_> {
        let leaf = |leaf: usize| {
            let (path, value) = &self.leaves[leaf];
            let keys = path.segments().iter().filter_map(|segment| match segment {
                Segment::Key(key) => Some(key.as_str()),
                Segment::Index(_) => None,
            });
            keys.chain(value.as_str()).collect::<Vec<&str>>()
        };
        let declared = crate::order::set(self.declared.iter().map(String::as_str));
        let leaves = self.firsts.iter().map(|&(_, at)| leaf(at));
        WordSets::new(leaves.chain(declared.into_iter().map(|key| vec![key])))
    }
}

/// The strings found, each read at most once into the candidate files, those read appended in
/// the order found.
pub(crate) struct Strings<'a> {
    spots: Vec<Reading<'a>>,
    /// The index in the candidate files of the first string read.
    first: Option<usize>,
}

/// A string not read yet, or what reading it gave.
enum Reading<'a> {
    NotYet(Spot<'a>),
    /// A candidate file, appended to the files.
    Read,
    /// No mapping at all.
    Empty,
    Unreadable(Unreadable<'a>),
}

impl<'a> Strings<'a> {
    /// The strings `spots`, none read yet.
    pub fn new(spots: Vec<Spot<'a>>) -> Strings<'a> {
        Strings {
            spots: spots.into_iter().map(Reading::NotYet).collect(),
            first: None,
        }
    }

    /// Reads each string `wanted` picks into `files`; the indices of the files it added.
    pub fn read_some(
        &mut self,
        files: &mut Vec<Parsed<'a>>,
        wanted: impl Fn(&Spot<'a>) -> bool,
    ) -> Range<usize> {
        let start = files.len();
        for reading in &mut self.spots {
            if !matches!(reading, Reading::NotYet(spot) if wanted(spot)) {
                continue;
            }
            self.first.get_or_insert(files.len());
            if let Reading::NotYet(spot) = std::mem::replace(reading, Reading::Empty) {
                *reading = read_into(spot, files);
            }
        }
        start..files.len()
    }

    /// Reads every string into `files`, all in the order found (those read before moved into
    /// place); the strings that are not one YAML mapping, with why.
    pub fn read_all(self, files: &mut Vec<Parsed<'a>>) -> Vec<Unreadable<'a>> {
        let mut read_before = match self.first {
            Some(first) => files.split_off(first).into_iter(),
            None => Vec::new().into_iter(),
        };
        let mut unreadable = Vec::new();
        for reading in self.spots {
            let reading = match reading {
                Reading::NotYet(spot) => read_into(spot, files),
                Reading::Read => {
                    files.extend(read_before.next());
                    Reading::Read
                }
                other => other,
            };
            if let Reading::Unreadable(why) = reading {
                unreadable.push(why);
            }
        }
        unreadable
    }
}

/// Reads `spot`, appending it to `files` when it is a candidate.
fn read_into<'a>(spot: Spot<'a>, files: &mut Vec<Parsed<'a>>) -> Reading<'a> {
    match spot.read() {
        Ok(parsed) => {
            files.push(parsed);
            Reading::Read
        }
        Err(None) => Reading::Empty,
        Err(Some(why)) => Reading::Unreadable(why),
    }
}

/// What candidates are scored by, with a proposal that shares values.
const SHARED: &str = "values shared with the proposal";

/// What candidates are scored by without a proposal, or with one that shares none.
const DECLARED: &str = "top-level keys the base chart declares";

/// The top-level keys the base chart declares: its schema's, and `known`.
fn declared(base: &Schema, known: &[String]) -> Vec<String> {
    let mut declared: Vec<String> = base
        .properties_at(&ValuePath::root())
        .into_iter()
        .map(|p| p.name)
        .collect();
    declared.extend(known.iter().cloned());
    declared
}

/// How many of a mapping's keys, as its JSON object holds them, are in `declared`.
fn declared_keys(entries: &Entries<'_>, declared: &[String]) -> usize {
    (entries.iter())
        .filter(|(key, _)| declared.iter().any(|d| d == key))
        .count()
}

/// Each leaf's first key with the leaf's index, sorted by key.
fn first_keys<'l>(leaves: &'l [(ValuePath, &Value)]) -> Vec<(&'l str, usize)> {
    let mut firsts: Vec<(&str, usize)> = (leaves.iter().enumerate())
        .filter_map(|(i, (path, _))| match path.segments().first() {
            Some(Segment::Key(key)) => Some((key.as_str(), i)),
            _ => None,
        })
        .collect();
    crate::order::by_key(&mut firsts, |(key, _)| *key);
    firsts
}

/// A candidate met: its path (spelled when asked for), its node and its entries.
type Found<'f, 'd> =
    dyn FnMut(&dyn Fn() -> ValuePath, &'d yaml::Node, &Entries<'d>) -> Option<()> + 'f;

/// A mapping's entries as its JSON object holds them.
type Entries<'d> = [(Cow<'d, str>, &'d yaml::Node)];

/// Hands `found` every mapping of one document that may hold the values: at the given prefix
/// (within a document held in a string, below the string's place), or anywhere; `None` when a
/// node cannot be read or `found` gives up.
fn each_candidate<'d>(
    parsed: &Parsed<'_>,
    view: &View<'d>,
    root: &'d yaml::Node,
    given: Option<&ValuePath>,
    found: &mut Found<'_, 'd>,
) -> Option<()> {
    let Some(path) = given else {
        let mut readable = Some(());
        view.each_mapping(|path, node, entries| {
            if readable.is_some() {
                readable = found(&|| ValuePath::from_steps(path), node, entries);
            }
        })?;
        return readable;
    };
    let inner = match &parsed.held {
        Some(held) => path.strip_prefix(&held.at),
        None => Some(path.clone()),
    };
    let node = inner.as_ref().and_then(|p| view.get(root, p.segments()));
    match (
        inner,
        node.and_then(|node| Some((node, view.entries(node)?))),
    ) {
        (Some(inner), Some((node, entries))) => found(&|| inner.clone(), node, &entries),
        _ => Some(()),
    }
}

/// The answer among the candidates that score and the base schema accepts, as [`locate`]
/// gives it; `None` when there is none.
fn decide(
    files: &[Parsed<'_>],
    mut pool: Vec<Accepted>,
    basis: &str,
    given: bool,
) -> Option<Result<Candidate, Box<Refusal>>> {
    crate::order::by_key(&mut pool, |s| std::cmp::Reverse(s.score));
    let best = pool.first()?.score;
    let ahead: Vec<&Candidate> = (pool.iter())
        .filter(|s| s.score == best)
        .map(|s| &s.candidate)
        .collect();
    if ahead.len() > 1 {
        return Some(tied(files, &ahead, (best, basis), given));
    }
    Some(Ok(pool.swap_remove(0).candidate))
}

/// How many of the proposal's `leaves` a mapping holds at the same path with the same value,
/// from its `entries`; `firsts` is each leaf's first key with the leaf's index, sorted by key.
fn shared<'d>(
    view: &View<'d>,
    entries: &Entries<'d>,
    leaves: &[(ValuePath, &Value)],
    firsts: &[(&str, usize)],
) -> usize {
    let mut count = 0;
    for (key, value) in entries {
        let from = firsts.partition_point(|(first, _)| *first < &**key);
        for &(_, leaf) in firsts[from..].iter().take_while(|(first, _)| *first == key) {
            let (path, want) = &leaves[leaf];
            let rest = path.segments().get(1..).unwrap_or_default();
            let found = view.get(value, rest);
            count += usize::from(found.is_some_and(|found| view.is_leaf_of(found, want)));
        }
    }
    count
}

/// Whether the base schema accepts `node` as the values root, as Helm judges a values file
/// coalesced with the chart's defaults: coalescing adds the defaults' keys the file lacks (the
/// file's own values win, so nothing else the schema refuses is mended), so a required key
/// counts against a candidate unless the defaults hold it; without defaults it does not count,
/// as the chart's own values.yaml may hold it.
fn accepted_as_root(base: &Schema, defaults: Option<&Value>, node: &Value) -> bool {
    let Some(missing) = base.missing_required(node) else {
        return false;
    };
    defaults.is_none_or(|defaults| {
        missing
            .iter()
            .all(|path| tree::get(defaults, path).is_some_and(|value| !value.is_null()))
    })
}

/// A mapping that may hold the values; its path is spelled out only when it is needed.
struct Place<'v> {
    file: usize,
    document: usize,
    /// The given prefix, or the place in its document's list of nested values.
    at: At<'v>,
    node: &'v Value,
}

enum At<'v> {
    Given(ValuePath),
    Listed(&'v [Nested<'v>], usize),
}

impl Place<'_> {
    fn candidate(&self) -> Candidate {
        let prefix = match self.at {
            At::Given(ref path) => path.clone(),
            At::Listed(list, index) => tree::nested_path(list, index),
        };
        Candidate {
            file: self.file,
            document: self.document,
            prefix,
            merged: false,
        }
    }
}

/// Every document's mappings and sequences, when the values root is to be discovered.
fn nested_lists<'v>(
    files: &'v [Parsed<'_>],
    wanted: bool,
    empty: &'v Value,
) -> Vec<Vec<Nested<'v>>> {
    if !wanted {
        return Vec::new();
    }
    let roots = files.iter().flat_map(|parsed| parsed.documents().iter());
    roots
        .map(|root| tree::nested(if root.is_null() { empty } else { root }))
        .collect()
}

/// Every mapping that may hold the values: at the given prefix, or anywhere when none is given.
fn candidates<'v>(
    files: &'v [Parsed<'_>],
    given: Option<&'v ValuePath>,
    lists: &'v [Vec<Nested<'v>>],
    empty: &'v Value,
) -> Vec<Place<'v>> {
    let mut out = Vec::new();
    let mut listed = lists.iter();
    for (file, parsed) in files.iter().enumerate() {
        for (document, root) in parsed.documents().iter().enumerate() {
            let root = if root.is_null() { empty } else { root };
            let place = |at, node| Place {
                file,
                document,
                at,
                node,
            };
            match given {
                Some(path) => {
                    let inner = match &parsed.held {
                        Some(held) => path.strip_prefix(&held.at),
                        None => Some(path.clone()),
                    };
                    let node = inner.and_then(|inner| tree::get(root, &inner).map(|n| (inner, n)));
                    out.extend(
                        node.filter(|(_, node)| node.is_object())
                            .map(|(inner, node)| place(At::Given(inner), node)),
                    );
                }
                None => {
                    let list = listed.next().map_or(&[][..], Vec::as_slice);
                    let mappings = list.iter().enumerate().filter(|(_, n)| n.value.is_object());
                    out.extend(mappings.map(|(i, n)| place(At::Listed(list, i), n.value)));
                }
            }
        }
    }
    out
}

/// Each candidate's score and what it is scored by: values shared with the proposal, or, when
/// the proposal shares none (every value moved) or there is none, top-level keys the base
/// chart declares (its schema's, and `known`).
fn scored<'p, 'v>(
    pool: &[&'p Place<'v>],
    proposal: Option<&Value>,
    base: &Schema,
    known: &[String],
) -> (&'static str, Vec<(usize, &'p Place<'v>)>) {
    // The proposal's leaves, listed once for every candidate.
    let leaves: Vec<(ValuePath, &Value)> = proposal
        .map(tree::leaves)
        .unwrap_or_default()
        .into_iter()
        .filter(|(path, _)| !path.is_root())
        .collect();
    let by_proposal = |node: &Value| -> usize {
        leaves
            .iter()
            .filter(|(path, value)| tree::get(node, path) == Some(*value))
            .count()
    };
    let scored: Vec<(usize, &Place<'_>)> = pool
        .iter()
        .map(|place| (by_proposal(place.node), *place))
        .collect();
    if scored.iter().any(|(s, _)| *s > 0) {
        return (SHARED, scored);
    }
    let declared = declared(base, known);
    let by_schema = |node: &Value| {
        node.as_object()
            .map_or(0, |m| m.keys().filter(|k| declared.contains(k)).count())
    };
    let scored = pool
        .iter()
        .map(|place| (by_schema(place.node), *place))
        .collect();
    (DECLARED, scored)
}

/// A candidate named for a person: `` `bosun.valuesObject` in addons.yaml (document 2) ``.
fn name(files: &[Parsed<'_>], c: &Candidate) -> String {
    let file = files[c.file].path;
    let (outer, document) = files[c.file]
        .held
        .as_ref()
        .map_or((c.file, c.document), |held| (held.file, held.document));
    let doc = if files[outer].document_count() > 1 {
        format!(" (document {})", document + 1)
    } else {
        String::new()
    };
    let at = match &files[c.file].held {
        Some(held) => format!("`{}` (a YAML string)", held.at.join(&c.prefix)),
        None if c.prefix.is_root() => "the file root".to_string(),
        None => format!("`{}`", c.prefix),
    };
    format!("{at} in {file}{doc}")
}

/// Why no candidate holds a mapping: at the given prefix a string that is not one names its
/// own problem, where it is.
fn not_found(given: Option<&ValuePath>, unreadable: &[Unreadable<'_>]) -> Box<Refusal> {
    let named = given.and_then(|path| unreadable.iter().find(|u| path.starts_with(&u.at)));
    if let Some(string) = named {
        return Box::new(Refusal {
            kind: RefusalKind::ValuesString,
            path: ValuePath::root(),
            message: string.error().message,
            at: string.error().at,
        });
    }
    let what = match given {
        Some(path) => format!("no candidate file holds a mapping at `{path}`"),
        None => "no candidate file holds a mapping".to_string(),
    };
    located_at(
        refusal(
            RefusalKind::PrefixNotFound,
            format!("{what}{}", unreadable_note(unreadable)),
        ),
        unreadable,
    )
}

/// A refusal that names strings which are not values placed at the first of them (its file,
/// line and column in the fields, not only in the message).
fn located_at(mut refusal: Box<Refusal>, unreadable: &[Unreadable<'_>]) -> Box<Refusal> {
    if let Some(first) = unreadable.first() {
        refusal.at = first.error().at;
    }
    refusal
}

/// The strings that read as values and are not, for a refusal that found none.
fn unreadable_note(unreadable: &[Unreadable<'_>]) -> String {
    let mut lines: Vec<String> = (unreadable.iter().take(3))
        .map(|u| format!("; {}", u.error()))
        .collect();
    if unreadable.len() > 3 {
        lines.push(format!("; and {} more such strings", unreadable.len() - 3));
    }
    lines.concat()
}

/// The refusal of places that tie with `best` by `basis`.
fn tie(tied: &[String], best: usize, basis: &str) -> Box<Refusal> {
    refusal(
        RefusalKind::PrefixAmbiguous,
        format!(
            "{} places tie with {best} {basis}: {}; give --prefix",
            tied.len(),
            tied.join(", ")
        ),
    )
}

fn refusal(kind: RefusalKind, message: String) -> Box<Refusal> {
    Box::new(Refusal {
        kind,
        path: ValuePath::root(),
        message,
        at: Location::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrate::held::find;
    use crate::migrate::read::parse_checked;
    use crate::yaml::Typing;
    use serde_json::json;
    use std::borrow::Cow;

    /// A candidate or the refusal's words.
    type Answer = Result<Candidate, String>;

    /// The values root of `texts` without a proposal: on the trees (when they decide), and on
    /// every document decoded.
    fn both(texts: &[&'static str], prefix: Option<&str>) -> (Option<Answer>, Answer) {
        let base = Schema::from_value(json!({
            "properties": {
                "gate": {"type": "object"},
                "replicas": {"type": "integer"},
                "image": {"type": "string"},
            },
        }))
        .unwrap_or_else(|e| panic!("{e:?}"));
        let read = || -> Vec<Parsed<'static>> {
            (texts.iter().enumerate())
                .map(|(n, text)| {
                    let name = if n == 0 { "a.yaml" } else { "b.yaml" };
                    let read =
                        parse_checked(name, text, Typing::Helm).unwrap_or_else(|e| panic!("{e:?}"));
                    Parsed::new(name, Cow::Borrowed(*text), read, None, Typing::Helm)
                })
                .collect()
        };
        let strings = |files: &[Parsed<'static>]| Strings::new(find(files, Typing::Helm));
        let known = ["extra".to_string()];
        let tried = Tried {
            proposal: None,
            base: &base,
            defaults: None,
            known: &known,
        };
        let given = prefix.map(|p| ValuePath::parse(p).unwrap_or_else(|e| panic!("{e}")));
        let words = |found: Result<Candidate, Box<Refusal>>| found.map_err(|r| r.message);
        // Strings read when they could decide, and every string read.
        let mut lazily = read();
        let mut held = strings(&lazily);
        let on_trees = tried.on_trees(&mut lazily, &mut held, given.as_ref());
        let mut all = read();
        let unreadable = strings(&all).read_all(&mut all);
        let decoded = tried.decoded(&all, given.as_ref(), &unreadable);
        (on_trees.map(words), words(decoded))
    }

    #[test]
    fn a_string_is_read_only_when_it_could_score_as_high_as_the_best() {
        let base = Schema::from_value(json!({
            "properties": {"gate": {"type": "object"}, "replicas": {"type": "integer"}},
        }))
        .unwrap_or_else(|e| panic!("{e:?}"));
        let tried = Tried {
            proposal: None,
            base: &base,
            defaults: None,
            known: &[],
        };
        // The root scores 2; the first string's words hold one declared key, the second's two.
        let text =
            "gate: {}\nreplicas: 1\nnotes: |\n  gate: closed\nmore: |\n  gate: {}\n  replicas: 2\n";
        let read = parse_checked("a.yaml", text, Typing::Helm).unwrap_or_else(|e| panic!("{e:?}"));
        let mut files = vec![Parsed::new(
            "a.yaml",
            Cow::Borrowed(text),
            read,
            None,
            Typing::Helm,
        )];
        let mut strings = Strings::new(find(&files, Typing::Helm));
        let found = tried.on_trees(&mut files, &mut strings, None);
        let read: Vec<String> = files
            .iter()
            .filter_map(|f| Some(f.held.as_ref()?.at.to_string()))
            .collect();
        assert_eq!(read, ["more"]);
        let tie = found
            .and_then(Result::err)
            .map(|r| r.message)
            .unwrap_or_default();
        assert!(tie.starts_with("2 places tie with 2"), "{tie}");
    }

    #[test]
    fn the_roots_of_a_values_file_of_several_documents_are_its_documents_merged() {
        let base = Schema::from_value(json!({
            "properties": {"gate": {"type": "object"}, "replicas": {"type": "integer"}},
        }))
        .unwrap_or_else(|e| panic!("{e:?}"));
        let cases = [
            // Two documents' roots that tie: as Helm's -f reads them, one values root.
            ("gate: {}\n---\nreplicas: 2\n", None, "0/0 `` merged"),
            // One document's root ahead of the other's: still the file's documents merged.
            (
                "gate: {}\nreplicas: 2\n---\nimage: x\n",
                None,
                "0/0 `` merged",
            ),
            // A Kubernetes manifest's documents are read one by one, as before.
            (
                "apiVersion: v1\nkind: ConfigMap\n---\ngate: {}\nreplicas: 2\n",
                None,
                "0/1 ``",
            ),
            // A subtree is a subtree.
            (
                "a:\n  gate: {}\n  replicas: 1\n---\nb: 1\n",
                None,
                "0/0 `a`",
            ),
            // A given prefix keeps its meaning: each document's root a place of its own.
            ("gate: {}\n---\nreplicas: 2\n", Some(""), "2 places tie"),
        ];
        for (text, prefix, want) in cases {
            let read =
                parse_checked("a.yaml", text, Typing::Helm).unwrap_or_else(|e| panic!("{e:?}"));
            let mut files = vec![Parsed::new(
                "a.yaml",
                Cow::Borrowed(text),
                read,
                None,
                Typing::Helm,
            )];
            let strings = Strings::new(Vec::new());
            let found = locate(&mut files, strings, prefix, None, &base, None, &[]);
            let got = match found {
                Ok(c) if c.merged => format!("{}/{} `{}` merged", c.file, c.document, c.prefix),
                Ok(c) => format!("{}/{} `{}`", c.file, c.document, c.prefix),
                Err(refusal) => refusal.message,
            };
            assert!(got.starts_with(want), "{text:?}: {got}");
        }
    }

    #[test]
    fn without_a_proposal_the_trees_give_the_decoded_answer() {
        let decided = [
            // The one accepted mapping with declared keys, beside one the schema refuses.
            (
                &["a:\n  gate: {}\n  replicas: 2\nb:\n  replicas: two\n  image: x\n  gate: {}\n"][..],
                None,
                "0/0 a",
            ),
            // A tie between two accepted mappings, named in document order.
            (
                &["a:\n  gate: {}\nb:\n  image: x\n"][..],
                None,
                "2 places tie with 1 top-level keys the base chart declares: `a` in a.yaml, `b` in a.yaml; give --prefix",
            ),
            // Across files and documents, the better score winning.
            (
                &[
                    "x: 1\n---\nin:\n  gate: {}\n",
                    "top:\n  gate: {}\n  extra: 1\n",
                ][..],
                None,
                "1/0 top",
            ),
            // Keys as JSON holds them: a repeated key counted once, a merge key's keys counted.
            (
                &["d: &d {image: x, replicas: 1}\na:\n  gate: {}\n  gate: {}\nb:\n  <<: *d\n"][..],
                None,
                "2 places tie with 2 top-level keys the base chart declares: `d` in a.yaml, `b` in a.yaml; give --prefix",
            ),
            // A given prefix, with one candidate or several.
            (&["a:\n  gate: {}\n"][..], Some("a"), "0/0 a"),
            (
                &["a:\n  gate: {}\n", "a:\n  image: x\n  gate: {}\n"][..],
                Some("a"),
                "1/0 a",
            ),
        ];
        decide_alike(&decided);
        // No accepted mapping with a declared key: the decoded rule decides alone.
        let undecided = [
            (&["a:\n  b: 1\n"][..], "no mapping in the candidate files"),
            // The one scoring mapping refused, the root accepted with none: no place at all.
            (
                &["a:\n  replicas: x\n"][..],
                "no mapping in the candidate files",
            ),
            // Nothing accepted anywhere: the best score among them all.
            (
                &["replicas: x\na:\n  replicas: y\n  image: z\n"][..],
                "0/0 a",
            ),
            // A string that is not one mapping, named when nothing is found.
            (
                &["a:\n  b: 1\nconf: |\n  x: [\n"][..],
                "no mapping in the candidate files shares any values with the proposal or any top-level key the base chart declares; give --prefix; a.yaml:5:1: `conf` holds a string that is not one YAML mapping",
            ),
        ];
        for (texts, want) in undecided {
            let (on_trees, decoded) = both(texts, None);
            assert_eq!(on_trees, None, "{texts:?}");
            assert!(
                summary(&decoded).starts_with(want),
                "{texts:?}: {decoded:?}"
            );
        }
    }

    #[test]
    fn values_held_in_strings_give_the_decoded_answer_on_the_trees_too() {
        // One that cannot score as high as the root is not read; one that could is read, tying
        // or winning; one on the given prefix is read.
        decide_alike(&[
            (
                &["gate: {}\nreplicas: 2\nconf: |\n  gate: {}\n"][..],
                None,
                "0/0 ",
            ),
            (
                &["gate: {}\nconf: |\n  image: x\n"][..],
                None,
                "2 places tie with 1 top-level keys the base chart declares: the file root in a.yaml, `conf` (a YAML string) in a.yaml; give --prefix",
            ),
            (
                &["gate: {}\nconf: |\n  image: x\n  replicas: 1\n"][..],
                None,
                "1/0 ",
            ),
            (&["a: 1\nconf: |\n  gate: {}\n"][..], Some("conf"), "1/0 "),
        ]);
    }

    /// A case of the texts, a given prefix and the answer.
    type Decided<'c> = (&'c [&'static str], Option<&'c str>, &'c str);

    /// Each case's answer without a proposal, the same on the trees as on every document decoded.
    fn decide_alike(cases: &[Decided<'_>]) {
        for &(texts, prefix, want) in cases {
            let (on_trees, decoded) = both(texts, prefix);
            assert_eq!(summary(&decoded), want, "{texts:?}");
            assert_eq!(on_trees, Some(decoded), "{texts:?}");
        }
    }

    /// An answer in a line: `file/document prefix`, or the refusal's words.
    fn summary(answer: &Answer) -> String {
        match answer {
            Ok(c) => format!("{}/{} {}", c.file, c.document, c.prefix),
            Err(message) => message.clone(),
        }
    }
}
