//! Validation errors: what failed, where in the instance and where in the schema (their words
//! are Helm's, in `words.rs`).

use std::borrow::Cow;
use std::fmt;

use serde_json::Value;

/// A JSON type as `type` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonType {
    /// `null`.
    Null = 1,
    /// `boolean`.
    Boolean = 2,
    /// `integer`.
    Integer = 4,
    /// `number`.
    Number = 8,
    /// `string`.
    String = 16,
    /// `array`.
    Array = 32,
    /// `object`.
    Object = 64,
}

impl JsonType {
    /// Every type, in the order a type set lists them.
    pub const ALL: [JsonType; 7] = [
        JsonType::Null,
        JsonType::Boolean,
        JsonType::Integer,
        JsonType::Number,
        JsonType::String,
        JsonType::Array,
        JsonType::Object,
    ];

    /// The type `name` names, if it is one.
    pub fn from_name(name: &str) -> Option<JsonType> {
        JsonType::ALL.into_iter().find(|t| t.as_str() == name)
    }

    /// The type's name.
    pub fn as_str(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of JSON types, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypeSet(pub(crate) u8);

impl TypeSet {
    /// Whether `t` is in the set.
    pub fn contains(self, t: JsonType) -> bool {
        self.0 & t as u8 != 0
    }

    /// The types in the set, null first and object last.
    pub fn iter(self) -> impl Iterator<Item = JsonType> {
        JsonType::ALL.into_iter().filter(move |t| self.contains(*t))
    }
}

/// The types a `type` keyword wanted.
#[derive(Clone, Debug)]
pub enum TypeKind {
    /// One type.
    Single(JsonType),
    /// Several types.
    Multiple(TypeSet),
}

/// What a validation error is about, with what its message needs.
#[derive(Clone, Debug)]
pub enum ErrorKind {
    /// `additionalItems`: items past `limit` are not allowed.
    AdditionalItems {
        /// The keyword's limit.
        limit: usize,
    },
    /// `additionalProperties`: these keys are not allowed.
    AdditionalProperties {
        /// The keys or items not allowed.
        unexpected: Vec<String>,
    },
    /// `anyOf`: no branch matched; each branch's errors.
    AnyOf {
        /// Each branch's errors.
        context: Vec<Vec<ValidationError<'static>>>,
    },
    /// `const`.
    Constant {
        /// The value `const` names.
        expected_value: Value,
        /// The number `const` names as the schema's text writes it, when `expected_value`
        /// prints otherwise (`1e2`, not `100.0`): Helm prints it as written.
        written: Option<String>,
    },
    /// `contains`, or the `minContains`/`maxContains` bound that failed.
    Contains {
        /// The `minContains` that failed (Go's `int` bit for bit, as a count's `limit`).
        min: Option<u64>,
        /// The `maxContains` that failed (Go's `int` bit for bit, as a count's `limit`).
        max: Option<u64>,
        /// The items that matched the `contains` schema.
        matched: Vec<usize>,
    },
    /// `enum`.
    Enum {
        /// The values `enum` allows.
        options: Value,
        /// Each option that is a number `options` prints otherwise than the schema's text
        /// writes it (its index, its text): Helm prints it as written.
        written: Vec<(usize, String)>,
    },
    /// `exclusiveMaximum`.
    ExclusiveMaximum {
        /// The keyword's limit, the double nearest to it (`null` beyond a double's range:
        /// `1e400`).
        limit: Value,
    },
    /// `exclusiveMinimum`.
    ExclusiveMinimum {
        /// The keyword's limit, the double nearest to it (`null` beyond a double's range:
        /// `1e400`).
        limit: Value,
    },
    /// A `false` schema.
    FalseSchema,
    /// `format`.
    Format {
        /// The format's name.
        format: String,
        /// Why the text is not in the format, in Helm's words.
        reason: String,
    },
    /// `maxItems`.
    MaxItems {
        /// The keyword's limit as Helm holds it, Go's `int` bit for bit (a written limit of
        /// 2^63 or more wraps as in Helm: read it as `i64`).
        limit: u64,
    },
    /// `maximum`.
    Maximum {
        /// The keyword's limit, the double nearest to it (`null` beyond a double's range:
        /// `1e400`).
        limit: Value,
    },
    /// `maxLength`.
    MaxLength {
        /// The keyword's limit as Helm holds it, Go's `int` bit for bit (a written limit of
        /// 2^63 or more wraps as in Helm: read it as `i64`).
        limit: u64,
    },
    /// `maxProperties`.
    MaxProperties {
        /// The keyword's limit as Helm holds it, Go's `int` bit for bit (a written limit of
        /// 2^63 or more wraps as in Helm: read it as `i64`).
        limit: u64,
    },
    /// `minItems`.
    MinItems {
        /// The keyword's limit as Helm holds it, Go's `int` bit for bit (a written limit of
        /// 2^63 or more wraps as in Helm: read it as `i64`).
        limit: u64,
    },
    /// `minimum`.
    Minimum {
        /// The keyword's limit, the double nearest to it (`null` beyond a double's range:
        /// `1e400`).
        limit: Value,
    },
    /// `minLength`.
    MinLength {
        /// The keyword's limit as Helm holds it, Go's `int` bit for bit (a written limit of
        /// 2^63 or more wraps as in Helm: read it as `i64`).
        limit: u64,
    },
    /// `minProperties`.
    MinProperties {
        /// The keyword's limit as Helm holds it, Go's `int` bit for bit (a written limit of
        /// 2^63 or more wraps as in Helm: read it as `i64`).
        limit: u64,
    },
    /// `multipleOf`.
    MultipleOf {
        /// The divisor.
        multiple_of: f64,
    },
    /// `not`: the schema that matched.
    Not {
        /// The `not` schema.
        schema: Value,
    },
    /// `oneOf`: more than one branch matched.
    OneOfMultipleValid {
        /// The first two branches that matched.
        subschemas: (usize, usize),
    },
    /// `oneOf`: no branch matched.
    OneOfNotValid {
        /// Each branch's errors.
        context: Vec<Vec<ValidationError<'static>>>,
    },
    /// `pattern`.
    Pattern {
        /// The pattern as written.
        pattern: String,
    },
    /// `propertyNames`: the error of the refused name.
    PropertyNames {
        /// The error of the refused name.
        error: Box<ValidationError<'static>>,
    },
    /// `required` (also `dependencies`, `dependentRequired`).
    Required {
        /// The missing property's name.
        property: Value,
    },
    /// `type`.
    Type {
        /// The types allowed.
        kind: TypeKind,
    },
    /// `unevaluatedItems`.
    UnevaluatedItems {
        /// The keys or items not allowed.
        unexpected: Vec<String>,
    },
    /// `unevaluatedProperties`.
    UnevaluatedProperties {
        /// The keys or items not allowed.
        unexpected: Vec<String>,
    },
    /// `uniqueItems`.
    UniqueItems,
}

impl ErrorKind {
    /// The keyword the error is about, as jsonschema names it.
    pub fn keyword(&self) -> &'static str {
        match self {
            ErrorKind::AdditionalItems { .. } => "additionalItems",
            ErrorKind::AdditionalProperties { .. } => "additionalProperties",
            ErrorKind::AnyOf { .. } => "anyOf",
            ErrorKind::Constant { .. } => "const",
            ErrorKind::Contains { .. } => "contains",
            ErrorKind::Enum { .. } => "enum",
            ErrorKind::ExclusiveMaximum { .. } => "exclusiveMaximum",
            ErrorKind::ExclusiveMinimum { .. } => "exclusiveMinimum",
            ErrorKind::FalseSchema => "falseSchema",
            ErrorKind::Format { .. } => "format",
            ErrorKind::MaxItems { .. } => "maxItems",
            ErrorKind::Maximum { .. } => "maximum",
            ErrorKind::MaxLength { .. } => "maxLength",
            ErrorKind::MaxProperties { .. } => "maxProperties",
            ErrorKind::MinItems { .. } => "minItems",
            ErrorKind::Minimum { .. } => "minimum",
            ErrorKind::MinLength { .. } => "minLength",
            ErrorKind::MinProperties { .. } => "minProperties",
            ErrorKind::MultipleOf { .. } => "multipleOf",
            ErrorKind::Not { .. } => "not",
            ErrorKind::OneOfMultipleValid { .. } | ErrorKind::OneOfNotValid { .. } => "oneOf",
            ErrorKind::Pattern { .. } => "pattern",
            ErrorKind::PropertyNames { .. } => "propertyNames",
            ErrorKind::Required { .. } => "required",
            ErrorKind::Type { .. } => "type",
            ErrorKind::UnevaluatedItems { .. } => "unevaluatedItems",
            ErrorKind::UnevaluatedProperties { .. } => "unevaluatedProperties",
            ErrorKind::UniqueItems => "uniqueItems",
        }
    }
}

/// One way an instance fails a schema.
#[derive(Clone, Debug)]
pub struct ValidationError<'v> {
    instance: Cow<'v, Value>,
    kind: ErrorKind,
    instance_path: String,
    schema_path: String,
}

impl<'v> ValidationError<'v> {
    /// An error of `kind` for `instance` at `instance_path`, raised by the keyword at `schema_path`.
    pub(crate) fn new(
        instance: Cow<'v, Value>,
        kind: ErrorKind,
        instance_path: String,
        schema_path: String,
    ) -> Self {
        ValidationError {
            instance,
            kind,
            instance_path,
            schema_path,
        }
    }

    /// The failing value.
    pub fn instance(&self) -> &Value {
        &self.instance
    }

    /// What failed.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// What failed, to name one more refused member.
    pub(crate) fn kind_mut(&mut self) -> &mut ErrorKind {
        &mut self.kind
    }

    /// The JSON pointer of the failing value.
    pub fn instance_path(&self) -> &str {
        &self.instance_path
    }

    /// The JSON pointer of the failing keyword, where the schema writes it.
    pub fn schema_path(&self) -> &str {
        &self.schema_path
    }

    /// This error with its instance path, and its branches' (`anyOf`, `oneOf`), under `prefix`.
    pub fn under(mut self, prefix: &str) -> ValidationError<'v> {
        self.instance_path.insert_str(0, prefix);
        if let ErrorKind::AnyOf { context } | ErrorKind::OneOfNotValid { context } = &mut self.kind
        {
            for branch in context.iter_mut() {
                *branch = std::mem::take(branch)
                    .into_iter()
                    .map(|e| e.under(prefix))
                    .collect();
            }
        }
        self
    }

    /// This error, owning its instance.
    pub fn into_owned(self) -> ValidationError<'static> {
        ValidationError {
            instance: Cow::Owned(self.instance.into_owned()),
            kind: self.kind,
            instance_path: self.instance_path,
            schema_path: self.schema_path,
        }
    }
}
