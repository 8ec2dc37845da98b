//! What each template function does with the values handed to it: the one table the analysis
//! reads (a function not named here prints or computes from its arguments: read whole).

/// How a function treats its arguments and what it returns, for the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Func {
    /// Returns one of its arguments, reading none (`default`, `coalesce`, `merge`, `deepCopy`).
    PassThrough,
    /// Tests its arguments' emptiness and returns one of them (`and`, `or`).
    TestReturn,
    /// Tests its arguments' emptiness (`not`, `empty`).
    Test,
    /// `ternary a b cond`: `cond` tested, `a` or `b` returned.
    Ternary,
    /// An item of a list argument (`first`, `last`).
    Item,
    /// `include`/`template`: runs a `define` with an argument.
    Include,
    /// `tpl text ctx`: runs text as a template.
    Tpl,
    /// `required msg value`: the value, which must be set.
    Required,
    /// `index x k…`.
    Index,
    /// `get d k`.
    Get,
    /// `dig k… default d`.
    Dig,
    /// `hasKey d k`: tests whether the key is there.
    HasKey,
    /// `pluck k d…`.
    Pluck,
    /// `dict k v …`.
    Dict,
    /// `list a …`, `append l a`, `concat l …`: a list of the arguments' items.
    List,
    /// `pick d k…`.
    Pick,
    /// `omit d k…`.
    Omit,
    /// `set d k v` (and `unset d k`): `d`, with `v` read whole.
    Set,
    /// Everything else: its arguments are read whole, its result is text made from them.
    Reads,
}

/// How `name` treats its arguments.
pub(super) fn kind(name: &str) -> Func {
    match name {
        "default" | "coalesce" | "deepCopy" | "mustDeepCopy" | "merge" | "mustMerge"
        | "mergeOverwrite" | "mustMergeOverwrite" | "initial" | "mustInitial" | "rest"
        | "mustRest" | "compact" | "mustCompact" | "uniq" | "mustUniq" | "reverse"
        | "mustReverse" | "without" | "mustWithout" => Func::PassThrough,
        "and" | "or" => Func::TestReturn,
        "not" | "empty" => Func::Test,
        "ternary" => Func::Ternary,
        "first" | "mustFirst" | "last" | "mustLast" => Func::Item,
        "include" | "template" => Func::Include,
        "tpl" => Func::Tpl,
        "required" => Func::Required,
        "index" => Func::Index,
        "get" => Func::Get,
        "dig" => Func::Dig,
        "hasKey" => Func::HasKey,
        "pluck" => Func::Pluck,
        "dict" => Func::Dict,
        "list" | "tuple" | "append" | "mustAppend" | "push" | "mustPush" | "prepend"
        | "mustPrepend" | "concat" => Func::List,
        "pick" => Func::Pick,
        "omit" => Func::Omit,
        "set" | "unset" => Func::Set,
        _ => Func::Reads,
    }
}
