//! Go's `fmt` over template values, byte for byte: `Sprint`, `Sprintln`, `Sprintf` with every
//! verb and flag a template meets, and what `text/template` prints for an action's value.

mod number;
mod print;
pub mod strconv;

use crate::func::CallError;
use crate::value::Value;
use print::{Flags, Printer};

/// Go's `fmt.Sprint`: operands printed with `%v`, a space between two when neither is a string.
pub fn sprint(args: &[Value]) -> Result<String, CallError> {
    let mut p = Printer::new();
    let mut prev_string = false;
    for (i, arg) in args.iter().enumerate() {
        let is_string = matches!(arg, Value::Str(_));
        if i > 0 && !is_string && !prev_string {
            p.buf.push(' ');
        }
        p.f = Flags::default();
        p.print_arg(arg, 'v')?;
        p.check()?;
        prev_string = is_string;
    }
    Ok(p.buf)
}

/// Go's `fmt.Sprintln`: operands printed with `%v`, spaces between all, a newline after.
pub fn sprintln(args: &[Value]) -> Result<String, CallError> {
    let mut p = Printer::new();
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            p.buf.push(' ');
        }
        p.f = Flags::default();
        p.print_arg(arg, 'v')?;
        p.check()?;
    }
    p.buf.push('\n');
    Ok(p.buf)
}

/// What `text/template` prints for an action's value (`printableValue`, then `fmt.Fprint`).
pub fn print_value(v: &Value) -> Result<String, CallError> {
    match v {
        Value::Nil => Ok("<no value>".to_string()),
        other => sprint(std::slice::from_ref(other)),
    }
}

/// Go's `fmt.Sprintf`: the format's verbs applied to the operands, with Go's error forms.
pub fn sprintf(format: &str, args: &[Value]) -> Result<String, CallError> {
    sprintf_with(Printer::new(), format, args)
}

/// `sprintf` on a given printer (its output limit).
fn sprintf_with(p: Printer, format: &str, args: &[Value]) -> Result<String, CallError> {
    let mut state = Scan {
        p,
        format: format.as_bytes(),
        i: 0,
        arg_num: 0,
        reordered: false,
        good_arg_num: true,
    };
    state.run(args)?;
    let mut p = state.p;
    if !state.reordered && state.arg_num < args.len() {
        p.f = Flags::default();
        p.buf.push_str("%!(EXTRA ");
        for (i, arg) in args.iter().skip(state.arg_num).enumerate() {
            if i > 0 {
                p.buf.push_str(", ");
            }
            if let Value::Nil = arg {
                p.buf.push_str("<nil>");
            } else {
                p.buf.push_str(arg.type_name());
                p.buf.push('=');
                p.print_arg(arg, 'v')?;
            }
        }
        p.buf.push(')');
    }
    p.check()?;
    Ok(p.buf)
}

/// Go's `doPrintf` state: where the scan is in the format and which operand is next.
struct Scan<'a> {
    p: Printer,
    format: &'a [u8],
    i: usize,
    arg_num: usize,
    reordered: bool,
    good_arg_num: bool,
}

/// Go's `parsenum`: a decimal number at `start`, refused past a million.
fn parse_num(s: &[u8], start: usize, end: usize) -> (usize, bool, usize) {
    if start >= end {
        return (0, false, end);
    }
    let mut num = 0usize;
    let mut is_num = false;
    let mut i = start;
    while i < end && s.get(i).is_some_and(u8::is_ascii_digit) {
        if num > 1_000_000 {
            return (0, false, end);
        }
        num = num * 10 + usize::from(s.get(i).copied().unwrap_or(b'0') - b'0');
        is_num = true;
        i += 1;
    }
    (num, is_num, i)
}

/// Go's `intFromArg`: a `*` width or precision taken from an integer operand.
fn int_from_arg(args: &[Value], arg_num: usize) -> (i64, bool, usize) {
    let Some(arg) = args.get(arg_num) else {
        return (0, false, arg_num);
    };
    let (num, ok) = match arg {
        Value::Int(n, _) => (*n, true),
        _ => (0, false),
    };
    if !(-1_000_000..=1_000_000).contains(&num) {
        return (0, false, arg_num + 1);
    }
    (num, ok, arg_num + 1)
}

impl Scan<'_> {
    /// Go's `argNumber`: an explicit `[n]` operand index at the scan position.
    fn arg_number(&mut self, num_args: usize) -> bool {
        if self.format.get(self.i) != Some(&b'[') {
            return false;
        }
        self.reordered = true;
        let rest = self.format.get(self.i..).unwrap_or(&[]);
        let (index, wid, ok) = parse_arg_number(rest);
        if ok && index >= 1 && index - 1 < num_args {
            self.arg_num = index - 1;
            self.i += wid;
            return true;
        }
        self.good_arg_num = false;
        self.i += wid;
        ok
    }

    /// Go's `doPrintf` loop over the format.
    fn run(&mut self, args: &[Value]) -> Result<(), CallError> {
        let end = self.format.len();
        while self.i < end {
            self.good_arg_num = true;
            let start = self.i;
            while self.i < end && self.format.get(self.i) != Some(&b'%') {
                self.i += 1;
            }
            if self.i > start {
                let text = self.format.get(start..self.i).unwrap_or(&[]);
                self.p.buf.push_str(&String::from_utf8_lossy(text));
            }
            if self.i >= end {
                break;
            }
            self.i += 1;
            if !self.verb(args)? {
                break;
            }
            self.p.check()?;
        }
        Ok(())
    }

    /// One verb after its `%`: flags, index, width, precision, the verb; false at `%!(NOVERB)`.
    fn verb(&mut self, args: &[Value]) -> Result<bool, CallError> {
        let end = self.format.len();
        self.p.f = Flags::default();
        self.flags();
        let mut after_index = self.arg_number(args.len());
        if self.format.get(self.i) == Some(&b'*') {
            self.i += 1;
            let (wid, ok, next) = int_from_arg(args, self.arg_num);
            self.arg_num = next;
            self.p.f.wid_present = ok;
            if !ok {
                self.p.buf.push_str("%!(BADWIDTH)");
            }
            if wid < 0 {
                self.p.f.minus = true;
                self.p.f.zero = false;
            }
            self.p.f.wid = if ok { wid.unsigned_abs() as usize } else { 0 };
            after_index = false;
        } else {
            let (wid, ok, next) = parse_num(self.format, self.i, end);
            (self.p.f.wid, self.p.f.wid_present, self.i) = (wid, ok, next);
            if after_index && ok {
                self.good_arg_num = false;
            }
        }
        if self.i + 1 < end && self.format.get(self.i) == Some(&b'.') {
            self.i += 1;
            if after_index {
                self.good_arg_num = false;
            }
            after_index = self.arg_number(args.len());
            self.precision(args, &mut after_index);
        }
        if !after_index {
            self.arg_number(args.len());
        }
        if self.i >= end {
            self.p.buf.push_str("%!(NOVERB)");
            return Ok(false);
        }
        let rest = std::str::from_utf8(self.format.get(self.i..).unwrap_or(&[])).unwrap_or("");
        let verb = rest.chars().next().unwrap_or('\u{fffd}');
        self.i += verb.len_utf8().max(1);
        self.apply(args, verb)?;
        Ok(true)
    }

    /// The flags `#0+- ` after a `%`.
    fn flags(&mut self) {
        while let Some(c) = self.format.get(self.i) {
            match c {
                b'#' => self.p.f.sharp = true,
                b'0' => self.p.f.zero = !self.p.f.minus,
                b'+' => self.p.f.plus = true,
                b'-' => {
                    self.p.f.minus = true;
                    self.p.f.zero = false;
                }
                b' ' => self.p.f.space = true,
                _ => return,
            }
            self.i += 1;
        }
    }

    /// The precision after a `.`: a number, `*`, or nothing (zero).
    fn precision(&mut self, args: &[Value], after_index: &mut bool) {
        if self.format.get(self.i) == Some(&b'*') {
            self.i += 1;
            let (prec, ok, next) = int_from_arg(args, self.arg_num);
            self.arg_num = next;
            let ok = ok && prec >= 0;
            self.p.f.prec = if ok { prec as usize } else { 0 };
            self.p.f.prec_present = ok;
            if !ok {
                self.p.buf.push_str("%!(BADPREC)");
            }
            *after_index = false;
        } else {
            let (prec, ok, next) = parse_num(self.format, self.i, self.format.len());
            (self.p.f.prec, self.p.f.prec_present, self.i) = (prec, ok, next);
            if !ok {
                self.p.f.prec = 0;
                self.p.f.prec_present = true;
            }
        }
    }

    /// The verb applied: `%%`, a bad index, a missing operand, or the operand printed.
    fn apply(&mut self, args: &[Value], verb: char) -> Result<(), CallError> {
        match verb {
            '%' => self.p.buf.push('%'),
            _ if !self.good_arg_num => {
                self.p.buf.push_str(&format!("%!{verb}(BADINDEX)"));
            }
            _ => match args.get(self.arg_num) {
                None => self.p.buf.push_str(&format!("%!{verb}(MISSING)")),
                Some(arg) => {
                    if verb == 'v' || verb == 'w' {
                        self.p.f.sharp_v = self.p.f.sharp;
                        self.p.f.sharp = false;
                        self.p.f.plus_v = self.p.f.plus;
                        self.p.f.plus = false;
                    }
                    if verb == 'w' {
                        // Sprintf wraps no errors: `%w` is a bad verb for every operand.
                        self.p.bad_verb(arg, verb)?;
                    } else {
                        self.p.print_arg(arg, verb)?;
                    }
                    self.arg_num += 1;
                }
            },
        }
        Ok(())
    }
}

/// Go's `parseArgNumber`: the one-based index in `[n]`, the bytes it spans, whether it parsed.
fn parse_arg_number(format: &[u8]) -> (usize, usize, bool) {
    if format.len() < 3 {
        return (0, 1, false);
    }
    for i in 1..format.len() {
        if format.get(i) == Some(&b']') {
            let (width, ok, newi) = parse_num(format, 1, i);
            if !ok || newi != i {
                return (0, i + 1, false);
            }
            return (width, i + 1, true);
        }
    }
    (0, 1, false)
}

#[cfg(test)]
mod tests;
