//! Go's `\p{…}` names (general categories, their long aliases, scripts, `Any`, `Assigned`,
//! `ASCII`) resolved as Go 1.26's `regexp/syntax` resolves them, over Unicode 15.0.0 tables.

use super::class::{Class, MAX};
use values_migrate_unicode::{CATEGORIES, CATEGORY_RUNS, SCRIPT_RUNS, SCRIPTS, leb128};

/// Unicode's long names of the general categories (PropertyValueAliases), as Go 1.26 accepts
/// them: each alias and the categories it stands for (their first letters, or two-letter names).
const ALIASES: [(&str, &str); 42] = [
    ("Other", "C"),
    ("Control", "Cc"),
    ("Cntrl", "Cc"),
    ("Format", "Cf"),
    ("Unassigned", "Cn"),
    ("Privateuse", "Co"),
    ("Surrogate", "Cs"),
    ("Letter", "L"),
    ("Casedletter", "LC"),
    ("Lowercaseletter", "Ll"),
    ("Modifierletter", "Lm"),
    ("Otherletter", "Lo"),
    ("Titlecaseletter", "Lt"),
    ("Uppercaseletter", "Lu"),
    ("Mark", "M"),
    ("Combiningmark", "M"),
    ("Spacingmark", "Mc"),
    ("Enclosingmark", "Me"),
    ("Nonspacingmark", "Mn"),
    ("Number", "N"),
    ("Decimalnumber", "Nd"),
    ("Digit", "Nd"),
    ("Letternumber", "Nl"),
    ("Othernumber", "No"),
    ("Punctuation", "P"),
    ("Punct", "P"),
    ("Connectorpunctuation", "Pc"),
    ("Dashpunctuation", "Pd"),
    ("Closepunctuation", "Pe"),
    ("Finalpunctuation", "Pf"),
    ("Initialpunctuation", "Pi"),
    ("Otherpunctuation", "Po"),
    ("Openpunctuation", "Ps"),
    ("Symbol", "S"),
    ("Currencysymbol", "Sc"),
    ("Modifiersymbol", "Sk"),
    ("Mathsymbol", "Sm"),
    ("Othersymbol", "So"),
    ("Separator", "Z"),
    ("Lineseparator", "Zl"),
    ("Paragraphseparator", "Zp"),
    ("Spaceseparator", "Zs"),
];

/// Go's lookup key for a name: first letter upper, the rest lower, without `_`, `-` or spaces.
fn canonical(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().filter(|c| !matches!(c, '_' | '-' | ' ')) {
        if out.is_empty() {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// The class Go's `\p{name}` stands for, folded when `fold` (`(?i)`), or `None` for an unknown
/// name (Go: "invalid character class range").
pub(super) fn property(name: &str, fold: bool) -> Option<Class> {
    let key = canonical(name);
    // Go has no fold table for `LC`: `(?i)\p{LC}` is `\p{LC}` (U+0345, which folds to `ι`, stays out).
    let cased = key == "Lc" || key == "Casedletter";
    let mut class = match key.as_str() {
        "Any" => Class {
            ranges: vec![(0, MAX)],
        },
        "Assigned" => {
            let mut unassigned = categories("Cn");
            unassigned.negate();
            unassigned
        }
        "Ascii" => Class {
            ranges: vec![(0, 0x7F)],
        },
        "Lc" => categories("LC"),
        _ => {
            if is_category(&key) {
                categories(&key)
            } else if let Some(i) = SCRIPTS.iter().position(|s| *s == key) {
                runs(SCRIPT_RUNS, |v| usize::from(v) == i + 1)
            } else {
                let (_, short) = ALIASES.iter().find(|(alias, _)| *alias == key)?;
                categories(short)
            }
        }
    };
    if fold && !cased {
        class.fold();
    }
    Some(class)
}

/// Whether `key` names one of Go's categories (`L`, `Lu`, …; `LC` is looked up apart).
fn is_category(key: &str) -> bool {
    CATEGORIES
        .iter()
        .any(|c| *c == key || (key.len() == 1 && c.starts_with(key)))
}

/// The union of the two-letter categories `name` stands for (`L`: every `L?`; `LC`: `Lu Ll Lt`).
fn categories(name: &str) -> Class {
    let wanted = |v: u8| {
        let c = CATEGORIES[usize::from(v)];
        match name {
            "LC" => matches!(c, "Lu" | "Ll" | "Lt"),
            _ if name.len() == 1 => c.starts_with(name),
            _ => c == name,
        }
    };
    runs(CATEGORY_RUNS, wanted)
}

/// The code points whose run value `wanted` accepts, from a table of (value, LEB128 length) runs.
fn runs(table: &[u8], mut wanted: impl FnMut(u8) -> bool) -> Class {
    let mut class = Class::default();
    let mut at = 0;
    let mut start = 0u32;
    while at < table.len() {
        let value = table[at];
        at += 1;
        let length = leb128(table, &mut at);
        if wanted(value) {
            class.push(start, start + length - 1);
        }
        start += length;
    }
    class.clean();
    class
}
