//! Every template function Helm gives a chart (Helm's `funcs.go` over sprig v3's
//! `TxtFuncMap`), one table per family; `include`, `tpl`, `required`, `lookup` and Go's builtins
//! (`and`, `or`, `not`, `len`, `index`, `slice`, `eq`, `print`, …) live in the evaluator.

mod args;
pub mod convert;
pub mod data;
pub mod dates;
pub mod dicts;
pub mod encoding;
pub mod lists;
pub mod math;
pub mod paths;
pub mod random;
pub mod reflect;
pub mod regex;
pub mod semver;
pub mod strings;

use crate::func::Func;

/// The function named `name`, if Helm's function map has it and this port renders it.
pub fn lookup(name: &str) -> Option<Func> {
    TABLES
        .iter()
        .find_map(|table| table.iter().find(|(n, _)| *n == name).map(|(_, f)| *f))
}

/// Whether the function makes masked output of its own (a random or clock function): masked
/// spans only ever start there.
pub fn makes_masks(name: &str) -> bool {
    name == "shuffle"
        || [random::FUNCS, dates::FUNCS]
            .iter()
            .any(|table| table.iter().any(|(n, _)| *n == name))
}

/// Every family's table.
const TABLES: &[&[(&str, Func)]] = &[
    convert::FUNCS,
    strings::FUNCS,
    math::FUNCS,
    encoding::FUNCS,
    random::FUNCS,
    semver::FUNCS,
    dates::FUNCS,
    lists::FUNCS,
    dicts::FUNCS,
    reflect::FUNCS,
    paths::FUNCS,
    regex::FUNCS,
    data::FUNCS,
];
