//! The parsed expression as a Thompson NFA, and its simulation over a text with one set of
//! states per position (no backtracking: time linear in the text times the program).

use super::class::{Class, is_word};
use super::parse::{Kind, Look, Node};

/// One instruction; `usize` fields are the instructions that follow.
#[derive(Debug)]
enum Inst {
    /// Consume one code point of `classes[.0]`.
    Class(usize, usize),
    /// Continue at both.
    Split(usize, usize),
    /// Continue if the assertion holds here.
    Look(Look, usize),
    /// The pattern matched.
    Match,
}

/// A compiled program.
#[derive(Debug)]
pub(super) struct Program {
    insts: Vec<Inst>,
    classes: Vec<Class>,
    start: usize,
    /// Whether every match starts at the text's start (`^` or `\A` first), so later starts are skipped.
    anchored: bool,
}

impl Program {
    /// The program for `node`.
    pub(super) fn new(node: Node) -> Program {
        let anchored = starts_with_begin_text(&node);
        let mut program = Program {
            insts: vec![Inst::Match],
            classes: Vec::new(),
            start: 0,
            anchored,
        };
        program.start = program.emit(&node, 0);
        program
    }

    fn push(&mut self, inst: Inst) -> usize {
        self.insts.push(inst);
        self.insts.len() - 1
    }

    /// Emits `node` followed by `next`; returns its first instruction.
    fn emit(&mut self, node: &Node, next: usize) -> usize {
        match &node.kind {
            Kind::Empty => next,
            Kind::Class(class) => {
                self.classes.push(class.clone());
                let class = self.classes.len() - 1;
                self.push(Inst::Class(class, next))
            }
            Kind::Look(look) => self.push(Inst::Look(*look, next)),
            Kind::Concat(subs) => subs
                .iter()
                .rev()
                .fold(next, |next, sub| self.emit(sub, next)),
            Kind::Alternate(subs) => {
                let mut entry = self.emit(&subs[subs.len() - 1], next);
                for sub in subs[..subs.len() - 1].iter().rev() {
                    let first = self.emit(sub, next);
                    entry = self.push(Inst::Split(first, entry));
                }
                entry
            }
            Kind::Capture(sub) => self.emit(sub, next),
            Kind::Repeat { sub, min, max, .. } => self.repeat(sub, *min, *max, next),
        }
    }

    /// `sub{min,max}` followed by `next`: `min` copies, then optional ones nested (`x(x(x)?)?`)
    /// or a loop.
    fn repeat(&mut self, sub: &Node, min: u32, max: Option<u32>, next: usize) -> usize {
        let mut entry = match max {
            Some(max) => {
                let mut entry = next;
                for _ in min..max {
                    let body = self.emit(sub, entry);
                    entry = self.push(Inst::Split(body, next));
                }
                entry
            }
            None => {
                let split = self.push(Inst::Match);
                let body = self.emit(sub, split);
                self.insts[split] = Inst::Split(body, next);
                if min == 0 {
                    return split;
                }
                body
            }
        };
        let copies = if max.is_none() { min - 1 } else { min };
        for _ in 0..copies {
            entry = self.emit(sub, entry);
        }
        entry
    }

    /// Whether `text` holds a match anywhere (Go's `MatchString`).
    pub(super) fn is_match(&self, text: &str) -> bool {
        let mut current = States::new(self.insts.len());
        let mut next = States::new(self.insts.len());
        let mut stack = Vec::new();
        let mut prev = None;
        let mut chars = text.chars();
        let mut here = chars.next();
        let mut at_start = true;
        loop {
            let context = (prev, here);
            if (at_start || !self.anchored)
                && self.add(&mut current, self.start, context, &mut stack)
            {
                return true;
            }
            let Some(c) = here else {
                return false;
            };
            if current.dense.is_empty() && self.anchored {
                return false;
            }
            let after = chars.next();
            for &pc in &current.dense {
                if let Inst::Class(class, then) = self.insts[pc] {
                    if self.classes[class].contains(c as u32)
                        && self.add(&mut next, then, (Some(c), after), &mut stack)
                    {
                        return true;
                    }
                }
            }
            std::mem::swap(&mut current, &mut next);
            next.clear();
            prev = Some(c);
            here = after;
            at_start = false;
        }
    }

    /// Adds `pc` and every state reachable from it without consuming (assertions judged in
    /// `context`, the code points before and at this position); true if that reaches `Match`.
    fn add(
        &self,
        set: &mut States,
        pc: usize,
        context: (Option<char>, Option<char>),
        stack: &mut Vec<usize>,
    ) -> bool {
        stack.push(pc);
        while let Some(pc) = stack.pop() {
            if !set.insert(pc) {
                continue;
            }
            match self.insts[pc] {
                Inst::Match => {
                    stack.clear();
                    return true;
                }
                Inst::Split(a, b) => {
                    stack.push(b);
                    stack.push(a);
                }
                Inst::Look(look, then) => {
                    if holds(look, context) {
                        stack.push(then);
                    }
                }
                Inst::Class(..) => {}
            }
        }
        false
    }
}

/// Whether `look` holds between the code points `before` and `after`.
fn holds(look: Look, (before, after): (Option<char>, Option<char>)) -> bool {
    match look {
        Look::BeginText => before.is_none(),
        Look::EndText => after.is_none(),
        Look::BeginLine => before.is_none_or(|c| c == '\n'),
        Look::EndLine => after.is_none_or(|c| c == '\n'),
        Look::WordBoundary => is_word(before) != is_word(after),
        Look::NotWordBoundary => is_word(before) == is_word(after),
    }
}

/// Whether every match of `node` must start at the text's start.
fn starts_with_begin_text(node: &Node) -> bool {
    match &node.kind {
        Kind::Look(Look::BeginText) => true,
        Kind::Concat(subs) => subs.first().is_some_and(starts_with_begin_text),
        Kind::Capture(sub) => starts_with_begin_text(sub),
        Kind::Alternate(subs) => subs.iter().all(starts_with_begin_text),
        _ => false,
    }
}

/// A set of instructions, in insertion order, cleared in constant time (a sparse set).
struct States {
    dense: Vec<usize>,
    sparse: Vec<usize>,
}

impl States {
    fn new(size: usize) -> States {
        States {
            dense: Vec::with_capacity(size),
            sparse: vec![0; size],
        }
    }

    /// Inserts `pc`; false if it was there.
    fn insert(&mut self, pc: usize) -> bool {
        let i = self.sparse[pc];
        if i < self.dense.len() && self.dense[i] == pc {
            return false;
        }
        self.sparse[pc] = self.dense.len();
        self.dense.push(pc);
        true
    }

    fn clear(&mut self) {
        self.dense.clear();
    }
}
