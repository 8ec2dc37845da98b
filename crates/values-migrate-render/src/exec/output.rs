//! What an execution writes: the text and the masked spans in it.

use std::rc::Rc;

use super::provenance::Origin;
use crate::budget::Budget;
use crate::value::{Mask, Str};

/// A template's output: its text and the spans of it that random or clock functions made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// The text, as Go's writer received it.
    pub text: String,
    /// The masked spans, sorted and disjoint, as byte offsets into `text`.
    pub masks: Vec<Mask>,
    /// Which values made which bytes and decided them (only when provenance is asked for),
    /// in the order written, as byte offsets into `text`.
    pub origins: Vec<Origin>,
}

impl Output {
    /// Appends text, charging its bytes to the budget.
    pub(crate) fn push(&mut self, text: &str, budget: &mut Budget) -> Result<(), String> {
        budget.alloc(text.len())?;
        self.text.push_str(text);
        Ok(())
    }

    /// Appends a string with its masked spans moved to where it lands.
    pub(crate) fn push_str(&mut self, s: &Str, budget: &mut Budget) -> Result<(), String> {
        let at = self.text.len();
        self.push(&s.text, budget)?;
        if let Some(masks) = &s.masks {
            self.masks.extend(masks.iter().map(|m| Mask {
                start: m.start + at,
                end: m.end + at,
                from: m.from,
            }));
        }
        Ok(())
    }

    /// Appends text that is masked as a whole (made from a masked value).
    pub(crate) fn push_masked(
        &mut self,
        text: &str,
        from: &'static str,
        budget: &mut Budget,
    ) -> Result<(), String> {
        let start = self.text.len();
        self.push(text, budget)?;
        if !text.is_empty() {
            self.masks.push(Mask {
                start,
                end: self.text.len(),
                from,
            });
        }
        Ok(())
    }

    /// The output as a Go string keeping its masks.
    pub(crate) fn into_str(self) -> Str {
        Str {
            text: Rc::from(self.text),
            masks: (!self.masks.is_empty()).then(|| Rc::new(self.masks)),
        }
    }

    /// The output with every `<no value>` removed, as Helm's engine and `tpl` remove it
    /// (`strings.ReplaceAll`), masked spans moved with the text around them.
    pub fn without_no_value(self) -> Output {
        const NO_VALUE: &str = "<no value>";
        if !self.text.contains(NO_VALUE) {
            return self;
        }
        let mut text = String::with_capacity(self.text.len());
        // Old offset of each removal and the bytes removed before and at it.
        let mut cuts: Vec<(usize, usize)> = Vec::new();
        let mut rest = self.text.as_str();
        let mut offset = 0;
        while let Some(i) = rest.find(NO_VALUE) {
            text.push_str(rest.get(..i).unwrap_or(""));
            offset += i;
            cuts.push((offset, NO_VALUE.len() * (cuts.len() + 1)));
            offset += NO_VALUE.len();
            rest = rest.get(i + NO_VALUE.len()..).unwrap_or("");
        }
        text.push_str(rest);
        let moved = |at: usize| {
            let before = cuts.partition_point(|(cut, _)| *cut < at);
            let removed = match before.checked_sub(1).and_then(|i| cuts.get(i)) {
                Some((cut, removed)) => {
                    // A position inside a removed `<no value>` lands at its start.
                    let inside = at.saturating_sub(*cut).min(NO_VALUE.len());
                    removed - NO_VALUE.len() + inside
                }
                None => 0,
            };
            at - removed
        };
        let masks = self
            .masks
            .iter()
            .map(|m| Mask {
                start: moved(m.start),
                end: moved(m.end),
                from: m.from,
            })
            .filter(|m| m.end > m.start)
            .collect();
        let origins = self
            .origins
            .iter()
            .map(|o| Origin {
                start: moved(o.start),
                end: moved(o.end),
                ..o.clone()
            })
            .filter(|o| o.end > o.start)
            .collect();
        Output {
            text,
            masks,
            origins,
        }
    }
}
