//! Validation errors: what failed, where in the instance and where in the schema, and the
//! English text jsonschema 0.61 printed for each kind (the fallback of `message.rs`).

use std::borrow::Cow;
use std::fmt::{self, Write as _};

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
    },
    /// `contains` (also `minContains`/`maxContains`).
    Contains,
    /// `enum`.
    Enum {
        /// The values `enum` allows.
        options: Value,
    },
    /// `exclusiveMaximum`.
    ExclusiveMaximum {
        /// The keyword's limit.
        limit: Value,
    },
    /// `exclusiveMinimum`.
    ExclusiveMinimum {
        /// The keyword's limit.
        limit: Value,
    },
    /// A `false` schema.
    FalseSchema,
    /// `format`.
    Format {
        /// The format's name.
        format: String,
    },
    /// `maxItems`.
    MaxItems {
        /// The keyword's limit.
        limit: u64,
    },
    /// `maximum`.
    Maximum {
        /// The keyword's limit.
        limit: Value,
    },
    /// `maxLength`.
    MaxLength {
        /// The keyword's limit.
        limit: u64,
    },
    /// `maxProperties`.
    MaxProperties {
        /// The keyword's limit.
        limit: u64,
    },
    /// `minItems`.
    MinItems {
        /// The keyword's limit.
        limit: u64,
    },
    /// `minimum`.
    Minimum {
        /// The keyword's limit.
        limit: Value,
    },
    /// `minLength`.
    MinLength {
        /// The keyword's limit.
        limit: u64,
    },
    /// `minProperties`.
    MinProperties {
        /// The keyword's limit.
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
    OneOfMultipleValid,
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
            ErrorKind::Contains => "contains",
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
            ErrorKind::OneOfMultipleValid | ErrorKind::OneOfNotValid { .. } => "oneOf",
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

    /// The JSON pointer of the failing value.
    pub fn instance_path(&self) -> &str {
        &self.instance_path
    }

    /// The JSON pointer of the failing keyword, where the schema writes it.
    pub fn schema_path(&self) -> &str {
        &self.schema_path
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

fn quoted_list(f: &mut fmt::Formatter<'_>, items: &[String]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "'{item}'")?;
    }
    Ok(())
}

fn unexpected_suffix(f: &mut fmt::Formatter<'_>, len: usize) -> fmt::Result {
    f.write_str(if len == 1 {
        " was unexpected)"
    } else {
        " were unexpected)"
    })
}

fn plural(limit: u64, one: &'static str, many: &'static str) -> &'static str {
    if limit == 1 { one } else { many }
}

fn enum_message(f: &mut fmt::Formatter<'_>, value: &Value, options: &Value) -> fmt::Result {
    let empty = Vec::new();
    let array = options.as_array().unwrap_or(&empty);
    write!(f, "{value} is not one of ")?;
    let total = array.len();
    if total <= 3 {
        for (i, option) in array.iter().enumerate() {
            match i {
                0 => write!(f, "{option}")?,
                _ if i == total - 1 => write!(f, " or {option}")?,
                _ => write!(f, ", {option}")?,
            }
        }
    } else {
        for (i, option) in array.iter().take(2).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{option}")?;
        }
        write!(f, " or {} other candidates", total - 2)?;
    }
    Ok(())
}

impl ValidationError<'_> {
    /// The text of the item and property kinds (jsonschema's wording).
    fn fmt_containers(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        let instance = self.instance();
        Some(match &self.kind {
            ErrorKind::AdditionalItems { limit } => (|| {
                f.write_str("Additional items are not allowed (")?;
                let items = instance.as_array().map_or(&[][..], Vec::as_slice);
                let rest = items.get(*limit..).unwrap_or(&[]);
                for (i, item) in rest.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                unexpected_suffix(f, rest.len())
            })(),
            ErrorKind::AdditionalProperties { unexpected } => (|| {
                f.write_str("Additional properties are not allowed (")?;
                quoted_list(f, unexpected)?;
                unexpected_suffix(f, unexpected.len())
            })(),
            ErrorKind::UnevaluatedItems { unexpected } => (|| {
                f.write_str("Unevaluated items are not allowed (")?;
                quoted_list(f, unexpected)?;
                unexpected_suffix(f, unexpected.len())
            })(),
            ErrorKind::UnevaluatedProperties { unexpected } => (|| {
                f.write_str("Unevaluated properties are not allowed (")?;
                quoted_list(f, unexpected)?;
                unexpected_suffix(f, unexpected.len())
            })(),
            ErrorKind::MaxItems { limit } => write!(
                f,
                "{instance} has more than {limit} item{}",
                plural(*limit, "", "s")
            ),
            ErrorKind::MinItems { limit } => write!(
                f,
                "{instance} has less than {limit} item{}",
                plural(*limit, "", "s")
            ),
            ErrorKind::MaxProperties { limit } => write!(
                f,
                "{instance} has more than {limit} propert{}",
                plural(*limit, "y", "ies")
            ),
            ErrorKind::MinProperties { limit } => write!(
                f,
                "{instance} has less than {limit} propert{}",
                plural(*limit, "y", "ies")
            ),
            ErrorKind::Required { property } => write!(f, "{property} is a required property"),
            ErrorKind::UniqueItems => write!(f, "{instance} has non-unique elements"),
            ErrorKind::Contains => write!(f, "None of {instance} are valid under the given schema"),
            _ => return None,
        })
    }

    /// The text of the combinator and type kinds (jsonschema's wording).
    fn fmt_schemas(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        let instance = self.instance();
        Some(match &self.kind {
            ErrorKind::AnyOf { .. } => write!(
                f,
                "{instance} is not valid under any of the schemas listed in the 'anyOf' keyword"
            ),
            ErrorKind::OneOfNotValid { .. } => write!(
                f,
                "{instance} is not valid under any of the schemas listed in the 'oneOf' keyword"
            ),
            ErrorKind::OneOfMultipleValid => write!(
                f,
                "{instance} is valid under more than one of the schemas listed in the 'oneOf' keyword"
            ),
            ErrorKind::Not { schema } => write!(f, "{schema} is not allowed for {instance}"),
            ErrorKind::FalseSchema => write!(f, "False schema does not allow {instance}"),
            ErrorKind::PropertyNames { error } => fmt::Display::fmt(error, f),
            ErrorKind::Type {
                kind: TypeKind::Single(t),
            } => write!(f, r#"{instance} is not of type "{t}""#),
            ErrorKind::Type {
                kind: TypeKind::Multiple(types),
            } => (|| {
                write!(f, "{instance} is not of types ")?;
                for (i, t) in types.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_char('"')?;
                    write!(f, "{t}\"")?;
                }
                Ok(())
            })(),
            _ => return None,
        })
    }

    /// The text of the kinds about a value's own content (jsonschema's wording).
    fn fmt_values(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let instance = self.instance();
        match &self.kind {
            ErrorKind::Format { format } => write!(f, r#"{instance} is not a "{format}""#),
            ErrorKind::Constant { expected_value } => write!(f, "{expected_value} was expected"),
            ErrorKind::Enum { options } => enum_message(f, instance, options),
            ErrorKind::ExclusiveMaximum { limit } => write!(
                f,
                "{instance} is greater than or equal to the maximum of {limit}"
            ),
            ErrorKind::ExclusiveMinimum { limit } => write!(
                f,
                "{instance} is less than or equal to the minimum of {limit}"
            ),
            ErrorKind::Maximum { limit } => {
                write!(f, "{instance} is greater than the maximum of {limit}")
            }
            ErrorKind::Minimum { limit } => {
                write!(f, "{instance} is less than the minimum of {limit}")
            }
            ErrorKind::MaxLength { limit } => write!(
                f,
                "{instance} is longer than {limit} character{}",
                plural(*limit, "", "s")
            ),
            ErrorKind::MinLength { limit } => write!(
                f,
                "{instance} is shorter than {limit} character{}",
                plural(*limit, "", "s")
            ),
            ErrorKind::MultipleOf { multiple_of } => {
                write!(f, "{instance} is not a multiple of {multiple_of}")
            }
            ErrorKind::Pattern { pattern } => write!(f, r#"{instance} does not match "{pattern}""#),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for ValidationError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(result) = self.fmt_containers(f) {
            return result;
        }
        if let Some(result) = self.fmt_schemas(f) {
            return result;
        }
        self.fmt_values(f)
    }
}
