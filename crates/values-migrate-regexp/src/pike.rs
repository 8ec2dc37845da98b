//! Go's Pike VM (`regexp/exec.go`'s `machine`): every thread advanced one code point at a
//! time in priority order, a state visited once per position, lower-priority threads cut when a
//! higher one matches (leftmost-first). Time is linear in the text times the program, and each
//! unit of work is charged to the caller's fuel.

use super::class::is_word;
use super::parse::Look;
use super::program::{Op, Program};

/// A slot no capture wrote (Go's `-1`).
pub(crate) const UNSET: usize = usize::MAX;

/// One entry of a run queue: the instruction and, for `Rune` and `Match`, where its thread's
/// capture slots start in `Queue::caps`.
#[derive(Clone, Copy)]
struct Entry {
    pc: u32,
    thread: usize,
}

/// The threads at one position: a sparse set of instructions, in priority order.
struct Queue {
    sparse: Vec<u32>,
    dense: Vec<Entry>,
    caps: Vec<usize>,
}

impl Queue {
    fn new(size: usize) -> Queue {
        Queue {
            sparse: vec![0; size],
            dense: Vec::new(),
            caps: Vec::new(),
        }
    }

    /// Inserts `pc`; false if it was there.
    fn insert(&mut self, pc: u32) -> bool {
        let slot = self.sparse.get(pc as usize).copied().unwrap_or(0) as usize;
        if self.dense.get(slot).is_some_and(|e| e.pc == pc) {
            return false;
        }
        if let Some(s) = self.sparse.get_mut(pc as usize) {
            *s = self.dense.len() as u32;
        }
        self.dense.push(Entry { pc, thread: UNSET });
        true
    }

    fn clear(&mut self) {
        self.dense.clear();
        self.caps.clear();
    }
}

/// A step of `add`'s walk: visit an instruction, or put a capture slot back.
enum Job {
    Visit(u32),
    Restore(usize, usize),
}

/// The search ran out of fuel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spent;

/// A machine for one program, reused by successive searches (its queues are sized once).
pub(crate) struct Machine<'p> {
    prog: &'p Program,
    ncap: usize,
    matched: bool,
    matchcap: Vec<usize>,
    work: Vec<usize>,
    stack: Vec<Job>,
    queues: Option<(Queue, Queue)>,
    /// The fuel of the search under way.
    fuel: u64,
}

/// The code points before and at a position (`None` at either end of the text).
type Context = (Option<char>, Option<char>);

impl<'p> Machine<'p> {
    /// A machine recording `ncap` capture slots (0 to ask only whether there is a match).
    pub(crate) fn new(prog: &'p Program, ncap: usize) -> Machine<'p> {
        Machine {
            prog,
            ncap: ncap.min(prog.num_cap),
            matched: false,
            matchcap: Vec::new(),
            work: Vec::new(),
            stack: Vec::new(),
            queues: None,
            fuel: 0,
        }
    }

    /// The leftmost-first match starting at `pos` or later: its capture slots (`UNSET` for a
    /// group that took no part), or `None`; each unit of work spends one of `fuel`.
    pub(crate) fn run(
        &mut self,
        text: &str,
        pos: usize,
        fuel: &mut u64,
    ) -> Result<Option<Vec<usize>>, Spent> {
        let size = self.prog.insts.len();
        let (mut runq, mut nextq) = self
            .queues
            .take()
            .unwrap_or_else(|| (Queue::new(size), Queue::new(size)));
        runq.clear();
        nextq.clear();
        self.matched = false;
        self.matchcap = vec![UNSET; self.ncap];
        self.work = vec![UNSET; self.ncap];
        self.fuel = *fuel;
        let result = self.search(&mut runq, &mut nextq, text, pos);
        *fuel = self.fuel;
        self.queues = Some((runq, nextq));
        result?;
        Ok(self.matched.then(|| std::mem::take(&mut self.matchcap)))
    }

    /// Spends one unit of the search's fuel.
    fn spend(&mut self) -> Result<(), Spent> {
        self.fuel = self.fuel.checked_sub(1).ok_or(Spent)?;
        Ok(())
    }

    /// Go's `machine.match` over the two queues.
    fn search(
        &mut self,
        runq: &mut Queue,
        nextq: &mut Queue,
        text: &str,
        pos: usize,
    ) -> Result<(), Spent> {
        let mut pos = pos;
        let (mut r, mut width) = decode(text, pos);
        let (mut r1, mut width1) = match r {
            Some(_) => decode(text, pos + width),
            None => (None, 0),
        };
        let mut context: Context = (text.get(..pos).and_then(|s| s.chars().next_back()), r);
        loop {
            if runq.dense.is_empty() && ((self.prog.anchored && pos != 0) || self.matched) {
                break;
            }
            if !self.matched && (pos == 0 || !self.prog.anchored) {
                if let Some(first) = self.matchcap.first_mut() {
                    *first = pos;
                }
                let mut cap = std::mem::take(&mut self.matchcap);
                let added = self.add(runq, self.prog.start, pos, &mut cap, context);
                self.matchcap = cap;
                added?;
            }
            context = (r, r1);
            self.step(runq, nextq, pos, pos + width, r, context)?;
            if width == 0 || (self.ncap == 0 && self.matched) {
                break;
            }
            pos += width;
            (r, width) = (r1, width1);
            if r.is_some() {
                (r1, width1) = decode(text, pos + width);
            }
            std::mem::swap(runq, nextq);
        }
        Ok(())
    }

    /// Runs each thread of `runq` over the code point `c` at `pos` into `nextq` (Go's `step`).
    fn step(
        &mut self,
        runq: &mut Queue,
        nextq: &mut Queue,
        pos: usize,
        next_pos: usize,
        c: Option<char>,
        next: Context,
    ) -> Result<(), Spent> {
        let ncap = self.ncap;
        for j in 0..runq.dense.len() {
            let Entry { pc, thread } = runq.dense[j];
            if thread == UNSET {
                continue;
            }
            self.spend()?;
            let Some(inst) = self.prog.insts.get(pc as usize).copied() else {
                continue;
            };
            let caps = runq.caps.get(thread..thread + ncap).unwrap_or(&[]);
            match inst.op {
                Op::Match => {
                    if ncap > 0 {
                        self.matchcap.copy_from_slice(caps);
                        if let Some(end) = self.matchcap.get_mut(1) {
                            *end = pos;
                        }
                    }
                    self.matched = true;
                    break;
                }
                Op::Rune(class) => {
                    let hit = c.is_some_and(|c| {
                        self.prog
                            .classes
                            .get(class)
                            .is_some_and(|k| k.contains(c as u32))
                    });
                    if hit {
                        let mut work = std::mem::take(&mut self.work);
                        work.copy_from_slice(caps);
                        let done = self.add(nextq, inst.out, next_pos, &mut work, next);
                        self.work = work;
                        done?;
                    }
                }
                _ => {}
            }
        }
        runq.clear();
        Ok(())
    }

    /// Adds `pc` and everything reachable from it without consuming to `q`, in priority order,
    /// with the capture slots `cap` (Go's `add`, its recursion made a stack).
    fn add(
        &mut self,
        q: &mut Queue,
        pc: u32,
        pos: usize,
        cap: &mut [usize],
        context: Context,
    ) -> Result<(), Spent> {
        self.stack.push(Job::Visit(pc));
        while let Some(job) = self.stack.pop() {
            let pc = match job {
                Job::Restore(slot, old) => {
                    if let Some(s) = cap.get_mut(slot) {
                        *s = old;
                    }
                    continue;
                }
                Job::Visit(pc) => pc,
            };
            if pc == 0 || !q.insert(pc) {
                continue;
            }
            if let Err(spent) = self.spend() {
                self.stack.clear();
                return Err(spent);
            }
            let Some(inst) = self.prog.insts.get(pc as usize).copied() else {
                continue;
            };
            match inst.op {
                Op::Fail => {}
                Op::Alt => {
                    self.stack.push(Job::Visit(inst.arg));
                    self.stack.push(Job::Visit(inst.out));
                }
                Op::Empty(look) => {
                    if holds(look, context) {
                        self.stack.push(Job::Visit(inst.out));
                    }
                }
                Op::Nop => self.stack.push(Job::Visit(inst.out)),
                Op::Capture(slot) => {
                    if let Some(s) = cap.get_mut(slot) {
                        self.stack.push(Job::Restore(slot, *s));
                        *s = pos;
                    }
                    self.stack.push(Job::Visit(inst.out));
                }
                Op::Match | Op::Rune(_) => {
                    if let Some(entry) = q.dense.last_mut() {
                        entry.thread = q.caps.len();
                    }
                    q.caps.extend_from_slice(cap);
                }
            }
        }
        Ok(())
    }
}

/// The code point at `pos` and its width (`None`, 0 at the end).
fn decode(text: &str, pos: usize) -> (Option<char>, usize) {
    match text.get(pos..).and_then(|s| s.chars().next()) {
        Some(c) => (Some(c), c.len_utf8()),
        None => (None, 0),
    }
}

/// Whether `look` holds between the code points `before` and `after`.
fn holds(look: Look, (before, after): Context) -> bool {
    match look {
        Look::BeginText => before.is_none(),
        Look::EndText => after.is_none(),
        Look::BeginLine => before.is_none_or(|c| c == '\n'),
        Look::EndLine => after.is_none_or(|c| c == '\n'),
        Look::WordBoundary => is_word(before) != is_word(after),
        Look::NotWordBoundary => is_word(before) == is_word(after),
    }
}
