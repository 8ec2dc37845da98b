//! The parsed expression compiled as Go's `regexp/syntax` compiles it (after `Simplify`): the
//! same instructions in the same shape, so that threads meet and are cut where Go's meet —
//! what decides which submatches a leftmost-first match reports (`x*` over an `x` that can
//! match empty is `(x+)?`, Go issue 46123; `x{2,4}` is `xx(x(x)?)?`).

use std::collections::HashMap;

use super::class::Class;
use super::parse::{Kind, Look, Node};

/// What an instruction does; `out` (and `arg` for `Alt`) say where to go next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// No thread survives (instruction 0, and the end of every patch list).
    Fail,
    /// The pattern matched.
    Match,
    /// Consume one code point of `classes[.0]`.
    Rune(usize),
    /// Continue at `out`, then (at lower priority) at `arg`.
    Alt,
    /// Continue at `out` if the assertion holds here.
    Empty(Look),
    /// Record the position in slot `.0`, then continue at `out`.
    Capture(usize),
    /// Continue at `out`.
    Nop,
}

/// One instruction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Inst {
    pub(crate) op: Op,
    pub(crate) out: u32,
    pub(crate) arg: u32,
}

/// A compiled program.
#[derive(Debug)]
pub(crate) struct Program {
    pub(crate) insts: Vec<Inst>,
    pub(crate) classes: Vec<Class>,
    pub(crate) start: u32,
    /// Go's `NumCap`: the capture slots the program writes (2 for the whole match, at least).
    pub(crate) num_cap: usize,
    /// Whether every match starts at the text's start (Go's `EmptyBeginText` start condition).
    pub(crate) anchored: bool,
}

/// The holes of a fragment still to be pointed at what follows it (`head`/`tail` encode
/// `inst << 1 | (0 for out, 1 for arg)`; 0 is the empty list, as instruction 0 is `Fail`).
#[derive(Clone, Copy, Debug, Default)]
struct Patch {
    head: u32,
    tail: u32,
}

/// A compiled fragment: its entry (0 for one that never matches), its holes, and whether it
/// can match the empty string.
#[derive(Clone, Copy, Debug, Default)]
struct Frag {
    i: u32,
    out: Patch,
    nullable: bool,
}

/// The compiler's state: the program so far, and each class node's index (a class repeated by
/// `x{n}` is stored once).
struct Compiler {
    insts: Vec<Inst>,
    classes: Vec<Class>,
    class_of: HashMap<*const Class, usize>,
    num_cap: usize,
}

impl Program {
    /// The program for `node`, as Go's `syntax.Compile(re.Simplify())` builds it.
    pub(crate) fn new(node: &Node) -> Program {
        let mut c = Compiler {
            insts: Vec::new(),
            classes: Vec::new(),
            class_of: HashMap::new(),
            num_cap: 2,
        };
        c.inst(Op::Fail);
        let f = c.compile(node);
        let matched = c.inst(Op::Match).i;
        c.patch(f.out, matched);
        let mut program = Program {
            insts: c.insts,
            classes: c.classes,
            start: f.i,
            num_cap: c.num_cap,
            anchored: false,
        };
        program.anchored = program.starts_anchored();
        program
    }

    /// Whether the straight path from the start (through `Nop`, `Capture`, assertions) asserts
    /// `\A` (Go's `StartCond`).
    fn starts_anchored(&self) -> bool {
        let mut pc = self.start;
        for _ in 0..self.insts.len() {
            let Some(inst) = self.insts.get(pc as usize) else {
                return false;
            };
            match inst.op {
                Op::Empty(Look::BeginText) => return true,
                Op::Empty(_) | Op::Nop | Op::Capture(_) => pc = inst.out,
                _ => return false,
            }
        }
        false
    }
}

impl Compiler {
    fn inst(&mut self, op: Op) -> Frag {
        let i = self.insts.len() as u32;
        self.insts.push(Inst { op, out: 0, arg: 0 });
        Frag {
            i,
            out: Patch::default(),
            nullable: true,
        }
    }

    /// An instruction whose `out` is the fragment's one hole.
    fn single(&mut self, op: Op) -> Frag {
        let mut f = self.inst(op);
        f.out = Patch {
            head: f.i << 1,
            tail: f.i << 1,
        };
        f
    }

    /// Points every hole of `list` at `to`.
    fn patch(&mut self, list: Patch, to: u32) {
        let mut head = list.head;
        while head != 0 {
            let Some(inst) = self.insts.get_mut((head >> 1) as usize) else {
                return;
            };
            if head & 1 == 0 {
                head = inst.out;
                inst.out = to;
            } else {
                head = inst.arg;
                inst.arg = to;
            }
        }
    }

    /// The holes of `l1` then those of `l2`.
    fn append(&mut self, l1: Patch, l2: Patch) -> Patch {
        if l1.head == 0 {
            return l2;
        }
        if l2.head == 0 {
            return l1;
        }
        if let Some(inst) = self.insts.get_mut((l1.tail >> 1) as usize) {
            if l1.tail & 1 == 0 {
                inst.out = l2.head;
            } else {
                inst.arg = l2.head;
            }
        }
        Patch {
            head: l1.head,
            tail: l2.tail,
        }
    }

    fn cat(&mut self, f1: Frag, f2: Frag) -> Frag {
        if f1.i == 0 || f2.i == 0 {
            return Frag::default();
        }
        self.patch(f1.out, f2.i);
        Frag {
            i: f1.i,
            out: f2.out,
            nullable: f1.nullable && f2.nullable,
        }
    }

    fn alt(&mut self, f1: Frag, f2: Frag) -> Frag {
        if f1.i == 0 {
            return f2;
        }
        if f2.i == 0 {
            return f1;
        }
        let mut f = self.inst(Op::Alt);
        self.insts[f.i as usize].out = f1.i;
        self.insts[f.i as usize].arg = f2.i;
        f.out = self.append(f1.out, f2.out);
        f.nullable = f1.nullable || f2.nullable;
        f
    }

    /// The `Alt` of `x?`, `x*` and `x+`: `f1` first when greedy; the other branch is its hole.
    fn choice(&mut self, f1: Frag, greedy: bool) -> Frag {
        let mut f = self.inst(Op::Alt);
        let inst = &mut self.insts[f.i as usize];
        let hole = if greedy {
            inst.out = f1.i;
            f.i << 1 | 1
        } else {
            inst.arg = f1.i;
            f.i << 1
        };
        f.out = Patch {
            head: hole,
            tail: hole,
        };
        f
    }

    fn quest(&mut self, f1: Frag, greedy: bool) -> Frag {
        let mut f = self.choice(f1, greedy);
        f.out = self.append(f.out, f1.out);
        f
    }

    fn repeat_loop(&mut self, f1: Frag, greedy: bool) -> Frag {
        let f = self.choice(f1, greedy);
        self.patch(f1.out, f.i);
        f
    }

    fn star(&mut self, f1: Frag, greedy: bool) -> Frag {
        if f1.nullable {
            let plus = self.plus(f1, greedy);
            return self.quest(plus, greedy);
        }
        self.repeat_loop(f1, greedy)
    }

    fn plus(&mut self, f1: Frag, greedy: bool) -> Frag {
        let out = self.repeat_loop(f1, greedy).out;
        Frag {
            i: f1.i,
            out,
            nullable: f1.nullable,
        }
    }
}

/// The top of a node once Go's `Simplify` has run, as far as `simplify1` asks: the empty
/// match, one of `*`, `+`, `?` (with its greediness), or anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Top {
    Empty,
    Star(bool),
    Plus(bool),
    Quest(bool),
    Other,
}

/// What Go's `Simplify` makes the top of `node`.
fn top(node: &Node) -> Top {
    let Kind::Repeat {
        sub,
        min,
        max,
        counted,
        greedy,
    } = &node.kind
    else {
        return match node.kind {
            Kind::Empty => Top::Empty,
            _ => Top::Other,
        };
    };
    let op = match (*counted, *min, *max) {
        (true, 0, Some(0)) => return Top::Empty,
        (true, 1, Some(1)) => return top(sub),
        (_, 0, None) => Top::Star(*greedy),
        (_, 1, None) => Top::Plus(*greedy),
        (_, 0, Some(1)) => Top::Quest(*greedy),
        (true, 0, Some(_)) => return Top::Quest(*greedy),
        _ => return Top::Other,
    };
    simplify1(op, top(sub))
}

/// Go's `simplify1`: the empty match repeated is itself; `x**` is `x*` (same greediness).
fn simplify1(op: Top, sub: Top) -> Top {
    if sub == Top::Empty { Top::Empty } else { op }
}

impl Compiler {
    /// The fragment for `node`.
    fn compile(&mut self, node: &Node) -> Frag {
        match &node.kind {
            Kind::Empty => self.single(Op::Nop),
            Kind::Class(class) => {
                let index = self.class_index(class);
                let mut f = self.single(Op::Rune(index));
                f.nullable = false;
                f
            }
            Kind::Look(look) => self.single(Op::Empty(*look)),
            Kind::Concat(subs) => {
                let mut parts = subs.iter();
                let Some(first) = parts.next() else {
                    return self.single(Op::Nop);
                };
                let mut f = self.compile(first);
                for sub in parts {
                    let next = self.compile(sub);
                    f = self.cat(f, next);
                }
                f
            }
            Kind::Alternate(subs) => {
                let mut f = Frag::default();
                for sub in subs {
                    let next = self.compile(sub);
                    f = self.alt(f, next);
                }
                f
            }
            Kind::Capture(index, sub) => {
                let bra = self.capture(2 * index);
                let inner = self.compile(sub);
                let ket = self.capture(2 * index + 1);
                let f = self.cat(bra, inner);
                self.cat(f, ket)
            }
            Kind::Repeat {
                sub,
                min,
                max,
                counted: false,
                greedy,
            } => {
                let op = match (min, max) {
                    (0, None) => Top::Star(*greedy),
                    (1, None) => Top::Plus(*greedy),
                    _ => Top::Quest(*greedy),
                };
                self.simple_repeat(op, sub)
            }
            Kind::Repeat {
                sub,
                min,
                max,
                greedy,
                ..
            } => self.counted(sub, *min, *max, *greedy),
        }
    }

    fn capture(&mut self, slot: usize) -> Frag {
        self.num_cap = self.num_cap.max(slot + 1);
        self.single(Op::Capture(slot))
    }

    /// The index of `class` in the program's classes (added on first sight).
    fn class_index(&mut self, class: &Class) -> usize {
        let key: *const Class = class;
        if let Some(&index) = self.class_of.get(&key) {
            return index;
        }
        self.classes.push(class.clone());
        let index = self.classes.len() - 1;
        self.class_of.insert(key, index);
        index
    }

    /// `sub*`, `sub+` or `sub?` after Go's `simplify1`.
    fn simple_repeat(&mut self, op: Top, sub: &Node) -> Frag {
        let inner = top(sub);
        let f1 = self.compile(sub);
        if inner == Top::Empty || inner == op {
            return f1;
        }
        match op {
            Top::Star(greedy) => self.star(f1, greedy),
            Top::Plus(greedy) => self.plus(f1, greedy),
            Top::Quest(greedy) => self.quest(f1, greedy),
            _ => f1,
        }
    }

    /// `sub{min,max}` as Go's `Simplify` spells it: `x{0}` empty, `x{2,}` `xx+`, `x{2,4}`
    /// `xx(x(x)?)?`.
    fn counted(&mut self, sub: &Node, min: u32, max: Option<u32>, greedy: bool) -> Frag {
        let Some(max) = max else {
            return match min {
                0 => self.simple_repeat(Top::Star(greedy), sub),
                _ => {
                    let before = self.copies(sub, min - 1);
                    let plus = self.simple_repeat(Top::Plus(greedy), sub);
                    self.join(before, plus)
                }
            };
        };
        if max == 0 {
            return self.single(Op::Nop);
        }
        if min == 1 && max == 1 {
            return self.compile(sub);
        }
        let prefix = self.copies(sub, min);
        if max == min {
            return prefix.unwrap_or_default();
        }
        let frags: Vec<Frag> = (0..max - min - 1).map(|_| self.compile(sub)).collect();
        let mut suffix = self.simple_repeat(Top::Quest(greedy), sub);
        for f in frags.into_iter().rev() {
            let both = self.cat(f, suffix);
            suffix = self.quest(both, greedy);
        }
        self.join(prefix, suffix)
    }

    /// `n` copies of `sub` one after another (`None` for none).
    fn copies(&mut self, sub: &Node, n: u32) -> Option<Frag> {
        let mut out: Option<Frag> = None;
        for _ in 0..n {
            let f = self.compile(sub);
            out = Some(match out {
                Some(before) => self.cat(before, f),
                None => f,
            });
        }
        out
    }

    /// `after` following `before`, if any.
    fn join(&mut self, before: Option<Frag>, after: Frag) -> Frag {
        match before {
            Some(before) => self.cat(before, after),
            None => after,
        }
    }
}
