//! The compiled form of a schema: a flat list of nodes that refer to each other by index, each
//! with its keywords in the order Helm's validator (santhosh-tekuri/jsonschema v6) evaluates them.

use serde_json::Value;

use super::Draft;
use super::error::{TypeKind, TypeSet};
use super::format::Format;
use super::number::{Limit, Multiple};

/// The index of a node in [`super::Validator`]'s list.
pub(crate) type NodeId = usize;

/// One compiled (sub)schema.
#[derive(Debug)]
pub(crate) struct Node {
    /// Where the schema is (jsonschema's keyword location, relative to its resource).
    pub(crate) location: String,
    /// What it checks.
    pub(crate) body: Body,
    /// The resource the node belongs to, for the dynamic scope of `$dynamicRef`.
    pub(crate) resource: usize,
    /// The draft the node was compiled as.
    pub(crate) draft: Draft,
}

/// What a node checks.
#[derive(Debug)]
pub(crate) enum Body {
    /// `true` or `{}`: everything is valid.
    True,
    /// `false`: nothing is valid.
    False,
    /// An object schema's keywords, in evaluation order.
    Keywords(Vec<Keyword>),
}

/// One keyword of a node, with the schema path its errors carry.
#[derive(Debug)]
pub(crate) struct Keyword {
    /// The keyword's location (`…/minimum`).
    pub(crate) path: String,
    /// The check.
    pub(crate) check: Check,
}

/// Which way a numeric bound points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// `minimum`.
    Minimum,
    /// `maximum`.
    Maximum,
    /// `exclusiveMinimum`.
    ExclusiveMinimum,
    /// `exclusiveMaximum`.
    ExclusiveMaximum,
}

/// A count a keyword bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    /// `minLength` (code points).
    MinLength,
    /// `maxLength`.
    MaxLength,
    /// `minItems`.
    MinItems,
    /// `maxItems`.
    MaxItems,
    /// `minProperties`.
    MinProperties,
    /// `maxProperties`.
    MaxProperties,
}

/// A compiled regular expression with the pattern as written.
#[derive(Debug)]
pub struct Pattern {
    /// The pattern as the schema writes it.
    pub(crate) source: String,
    /// The compiled expression (Go's regexp, `crates/values-migrate-regexp`).
    pub(crate) regex: super::regexp::Regex,
}

/// One entry of `dependencies`.
#[derive(Debug)]
pub(crate) enum Dependency {
    /// Keys that must be present too.
    Required(Vec<String>),
    /// A schema the whole object must satisfy.
    Schema(NodeId),
}

/// Items after a prefix: `additionalItems` (≤ 2019-09) or `items` after `prefixItems` (2020-12).
#[derive(Debug)]
pub(crate) enum Rest {
    /// Every item from `start` on must satisfy the node.
    Schema(NodeId),
    /// No item may be past `start`.
    False,
}

/// A value the schema expects (`enum`, `const`), its numbers exact as written.
#[derive(Debug)]
pub(crate) enum Expected {
    /// A number, and its literal when serde_json prints it otherwise (Helm prints it as written).
    Number(Limit, Option<Box<str>>),
    /// An array.
    Array(Vec<Expected>),
    /// An object: its members.
    Object(Vec<(String, Expected)>),
    /// `null`, a boolean or a string.
    Other(Value),
}

/// What one keyword checks.
#[derive(Debug)]
pub(crate) enum Check {
    /// `type`; `draft4` reads `1.0` as a number, not an integer.
    Type {
        set: TypeSet,
        kind: TypeKind,
        draft4: bool,
    },
    /// `enum`: the array, and its items with their numbers as written.
    Enum(Value, Vec<Expected>),
    /// `const`, and the value with its numbers as written.
    Const(Value, Expected),
    /// A numeric bound, with the limit as written.
    Bound(Bound, Limit, Value),
    /// `multipleOf`.
    MultipleOf(Multiple),
    /// A length or count bound.
    Count(Count, i64),
    /// `required`.
    Required(Vec<String>),
    /// `dependentRequired`.
    DependentRequired(Vec<(String, Vec<String>)>),
    /// `pattern`.
    Pattern(Pattern),
    /// `format`, when asserted.
    Format(Format, String),
    /// `uniqueItems: true`.
    UniqueItems,
    /// `properties`, each property and its schema, in schema order.
    Properties(Vec<(String, NodeId)>),
    /// `patternProperties` on its own.
    PatternProperties(Vec<(Pattern, NodeId)>),
    /// `additionalProperties` (with the `properties` and `patternProperties` it subsumes).
    Additional(Additional),
    /// `propertyNames` with a schema.
    PropertyNames(NodeId),
    /// `propertyNames: false`.
    NoPropertyNames,
    /// `items` as one schema for every item (after `skip` items of `prefixItems`).
    Items(NodeId, usize),
    /// `items` as an array (≤ 2019-09) or `prefixItems`.
    Tuple(Vec<NodeId>),
    /// `additionalItems` (≤ 2019-09) after a tuple of `limit` items.
    AdditionalItems(usize, Rest),
    /// `contains` with its bounds; the path reported depends on which bound failed.
    Contains(Contains),
    /// `dependencies`.
    Dependencies(Vec<(String, Dependency)>),
    /// `dependentSchemas`.
    DependentSchemas(Vec<(String, NodeId)>),
    /// `allOf`.
    AllOf(Vec<NodeId>),
    /// `anyOf`.
    AnyOf(Vec<NodeId>),
    /// `oneOf`.
    OneOf(Vec<NodeId>),
    /// `not`, with the schema as written.
    Not(NodeId, Value),
    /// `if` / `then` / `else`.
    If(NodeId, Option<NodeId>, Option<NodeId>),
    /// `unevaluatedProperties` (`None`: false), with what its node evaluates.
    UnevaluatedProperties(Option<NodeId>),
    /// `unevaluatedItems` (`None`: false).
    UnevaluatedItems(Option<NodeId>),
    /// `additionalProperties: true`: validates nothing, evaluates every member.
    AllProperties,
    /// `items: true` / `additionalItems: true`: validates nothing, evaluates every item.
    AllItems,
    /// `$ref`; `true` when it leads back into a schema that contains it (a cycle).
    Ref(NodeId, bool),
    /// `$recursiveRef` (2019-09): the static target, and the candidates by resource when the
    /// target has `$recursiveAnchor: true`.
    RecursiveRef(NodeId, Vec<(usize, NodeId)>),
    /// `$dynamicRef` (2020-12): the static target and the `$dynamicAnchor` candidates by resource.
    DynamicRef(NodeId, Vec<(usize, NodeId)>),
}

impl Check {
    /// Where santhosh-tekuri evaluates the keyword among a schema's keywords (lower first, its
    /// fixed order: `validator.go`).
    pub(crate) fn rank(&self) -> u8 {
        match self {
            Check::Type { .. } => 0,
            Check::Const(..) => 1,
            Check::Enum(..) => 2,
            Check::Format(..) => 3,
            Check::Ref(..) => 4,
            Check::Count(count, _) => match count {
                Count::MinProperties => 5,
                Count::MaxProperties => 6,
                Count::MinItems => 15,
                Count::MaxItems => 16,
                Count::MinLength => 22,
                Count::MaxLength => 23,
            },
            Check::Required(_) => 7,
            Check::Dependencies(_) => 8,
            Check::Properties(_) => 9,
            Check::PatternProperties(_) => 10,
            Check::Additional(_) => 11,
            Check::PropertyNames(_) | Check::NoPropertyNames => 12,
            Check::DependentSchemas(_) => 13,
            Check::DependentRequired(_) => 14,
            Check::UniqueItems => 17,
            Check::Tuple(_) => 18,
            Check::Items(..) => 19,
            Check::AdditionalItems(..) => 20,
            Check::Contains(_) => 21,
            Check::Pattern(_) => 24,
            Check::Bound(bound, ..) => 25 + *bound as u8,
            Check::MultipleOf(_) => 29,
            Check::RecursiveRef(..) | Check::DynamicRef(..) => 30,
            Check::Not(..) => 31,
            Check::AllOf(_) => 32,
            Check::AnyOf(_) => 33,
            Check::OneOf(_) => 34,
            Check::If(..) => 35,
            Check::UnevaluatedProperties(_) => 36,
            Check::UnevaluatedItems(_) => 37,
            Check::AllProperties | Check::AllItems => 38,
        }
    }

    /// Whether a failure of the keyword ends its schema (`type`, `const`, `enum`, `format`).
    pub(crate) fn stops(&self) -> bool {
        self.rank() <= 3
    }
}

/// `additionalProperties: false` or a schema, with the `properties` and `patternProperties` it
/// subsumes.
#[derive(Debug)]
pub(crate) struct Additional {
    /// `properties`, in schema order.
    pub(crate) properties: Vec<(String, NodeId)>,
    /// `patternProperties`, in schema order.
    pub(crate) patterns: Vec<(Pattern, NodeId)>,
    /// The schema for the other keys (`None`: false).
    pub(crate) rest: Option<NodeId>,
}

/// `contains` with `minContains` / `maxContains`.
#[derive(Debug)]
pub(crate) struct Contains {
    /// The `contains` node.
    pub(crate) node: NodeId,
    /// `minContains` and the path of its errors.
    pub(crate) min: Option<(i64, String)>,
    /// `maxContains` and the path of its errors.
    pub(crate) max: Option<(i64, String)>,
}
