//! A value as a Go template holds it: Go's kinds, maps shared by reference, strings with the
//! spans that came from random or clock functions.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

/// Go's integer types a template meets (`int` for literals and `len`, `int64` from sprig's math).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntType {
    /// `int`
    Int,
    /// `int64`
    Int64,
    /// `int32`
    Int32,
    /// `uint` (held in the `i64` when it fits; larger ones are refused where made)
    Uint,
    /// `uint64`
    Uint64,
    /// `uint8` (a byte: `index` of a string, an element of `[]byte`)
    Uint8,
}

/// Go's element type of a slice (`[]interface {}` unless a function made `[]string`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemType {
    /// `[]interface {}`
    Any,
    /// `[]string`
    String,
    /// `[][]interface {}` (sprig's `chunk`)
    AnyList,
}

/// Go's value type of a map (`map[string]interface {}` unless a function made `map[string]string`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapType {
    /// `map[string]interface {}`
    Any,
    /// `map[string]string`
    String,
    /// Helm's `common.Values` (a named `map[string]interface {}` with methods): `.Values`, the
    /// top-level dot and `.Template`.
    Values,
}

/// A span of a string that a random or clock function made (or that was derived from one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mask {
    /// The first byte of the span.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The function it came from (`randAlphaNum`, `now`, …).
    pub from: &'static str,
}

/// A Go string: its bytes (always UTF-8 here: a cut through a character is refused where made)
/// and the spans that are masked.
#[derive(Clone, Debug, Default)]
pub struct Str {
    /// The text.
    pub text: Rc<str>,
    /// The masked spans, sorted and disjoint; `None` when nothing is masked (the common case).
    pub masks: Option<Rc<Vec<Mask>>>,
}

/// A Go map from strings, shared: `set` and `merge` change it where every holder sees it.
pub type MapRef = Rc<RefCell<BTreeMap<String, Value>>>;

/// How an object's method error starts when it is a refusal of this port, not Go's error.
pub const UNSUPPORTED: &str = "unsupported: ";

/// A Go value with a struct's fields and methods (`.Chart`, `.Capabilities`, `.Files`).
pub trait Object: fmt::Debug {
    /// Go's type name, as `typeOf` and `%T` print it (`*chart.Metadata`).
    fn type_name(&self) -> &'static str;
    /// A field, or a method taking no arguments; `None` when the type has no such name.
    fn field(&self, name: &str) -> Option<Value>;
    /// A method called with arguments; `None` when the type has no such method; an error
    /// starting with [`UNSUPPORTED`] is a case this port refuses, any other Go's error.
    fn call(&self, name: &str, args: &[Value]) -> Option<Result<Value, String>>;
    /// What `fmt`'s `%v` prints: a `String()` method's result, or `None` to refuse the print.
    fn display(&self) -> Option<String>;
    /// What `range`, `len` and `index` see when the Go type is a slice or a map (`.Files`,
    /// `.Capabilities.APIVersions`): (index or key, element) in Go's order; `None` for a struct.
    fn entries(&self) -> Option<Vec<(Value, Value)>> {
        None
    }
    /// A method's Go parameter types, which the evaluator checks and converts the arguments to
    /// before `call` (as Go's `evalCall` does); `None` leaves them to `call`.
    fn params(&self, _name: &str) -> Option<&'static [Param]> {
        None
    }
}

/// A parameter's Go type; the evaluator converts or refuses each argument against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// `interface{}`: anything, nil included.
    Any,
    /// `string`
    Str,
    /// `int`
    Int,
    /// `int64`
    Int64,
    /// `float64`
    Float,
    /// `bool`
    Bool,
    /// `[]interface{}`
    List,
    /// `map[string]interface{}`
    Map,
    /// `[]string`
    StrList,
}

/// A value as a Go template holds it.
#[derive(Clone, Debug)]
pub enum Value {
    /// An untyped nil: a missing key under `missingkey=zero`, `nil`, a nil interface.
    Nil,
    /// `bool`
    Bool(bool),
    /// An integer of one of Go's integer types.
    Int(i64, IntType),
    /// `float64` (every number read from YAML or JSON values).
    Float(f64),
    /// `string`
    Str(Str),
    /// A slice.
    List(Rc<Vec<Value>>, ElemType),
    /// A map from strings.
    Map(MapRef, MapType),
    /// A struct pointer with fields and methods.
    Object(Rc<dyn Object>),
}

impl Value {
    /// A string value with nothing masked.
    pub fn str(text: impl Into<Rc<str>>) -> Value {
        Value::Str(Str {
            text: text.into(),
            masks: None,
        })
    }

    /// An `int`.
    pub fn int(n: i64) -> Value {
        Value::Int(n, IntType::Int)
    }

    /// A `[]interface {}`.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items), ElemType::Any)
    }

    /// A new `map[string]interface {}`.
    pub fn map(entries: BTreeMap<String, Value>) -> Value {
        Value::Map(Rc::new(RefCell::new(entries)), MapType::Any)
    }

    /// The text when the value is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(&s.text),
            _ => None,
        }
    }

    /// Go's truthiness (`if`, `and`, `or`, `not`, `default`): false, 0, nil, empty string, slice or map.
    pub fn truth(&self) -> bool {
        match self {
            Value::Nil => false,
            Value::Bool(b) => *b,
            Value::Int(n, _) => *n != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.text.is_empty(),
            Value::List(items, _) => !items.is_empty(),
            Value::Map(map, _) => !map.borrow().is_empty(),
            // A map or slice type with methods is true when it holds something; a struct pointer always.
            Value::Object(o) => o.entries().is_none_or(|entries| !entries.is_empty()),
        }
    }

    /// Go's `reflect.Kind` name, as sprig's `kindOf` prints it.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Nil => "invalid",
            Value::Bool(_) => "bool",
            Value::Int(_, IntType::Int) => "int",
            Value::Int(_, IntType::Int64) => "int64",
            Value::Int(_, IntType::Int32) => "int32",
            Value::Int(_, IntType::Uint) => "uint",
            Value::Int(_, IntType::Uint64) => "uint64",
            Value::Int(_, IntType::Uint8) => "uint8",
            Value::Float(_) => "float64",
            Value::Str(_) => "string",
            Value::List(..) => "slice",
            Value::Map(..) => "map",
            Value::Object(_) => "ptr",
        }
    }

    /// Go's type name, as sprig's `typeOf` and `%T` print it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Nil => "<nil>",
            Value::List(_, ElemType::Any) => "[]interface {}",
            Value::List(_, ElemType::String) => "[]string",
            Value::List(_, ElemType::AnyList) => "[][]interface {}",
            Value::Map(_, MapType::Any) => "map[string]interface {}",
            Value::Map(_, MapType::String) => "map[string]string",
            Value::Map(_, MapType::Values) => "common.Values",
            Value::Object(o) => o.type_name(),
            other => other.kind_name(),
        }
    }

    /// Whether any string in the value (at any depth) holds a masked span.
    pub fn is_masked(&self) -> bool {
        match self {
            Value::Str(s) => s.masks.is_some(),
            Value::List(items, _) => items.iter().any(Value::is_masked),
            Value::Map(map, _) => map.borrow().values().any(Value::is_masked),
            _ => false,
        }
    }

    /// Go's nil `[]interface {}` (sprig's `rest` of an empty list): `[]` to `%v`, `range` and
    /// `len`, but `null` to `toJson` and `toYaml`, and not `deepEqual` to an empty list.
    pub fn nil_list() -> Value {
        Value::nil_list_of(ElemType::Any)
    }

    /// Go's nil slice of an element type (`regexFindAll` with no match is a nil `[]string`).
    pub fn nil_list_of(elem: ElemType) -> Value {
        Value::List(NIL_ITEMS.with(Rc::clone), elem)
    }

    /// Go's nil `map[string]interface {}` (`fromJson "null"`, `unset nil`): `map[]` to `%v`,
    /// `range` and `len`, but `null` to `toJson`, not `deepEqual` to an empty map, and never
    /// written (sprig's functions give Go's error, or a new map, for a nil map).
    pub fn nil_map() -> Value {
        Value::Map(NIL_MAP.with(Rc::clone), MapType::Any)
    }

    /// Whether the value is Go's nil map (made by [`Value::nil_map`]).
    pub fn is_nil_map(&self) -> bool {
        matches!(self, Value::Map(map, _) if NIL_MAP.with(|nil| Rc::ptr_eq(nil, map)))
    }

    /// Whether the value is Go's nil slice (made by [`Value::nil_list`]).
    pub fn is_nil_list(&self) -> bool {
        matches!(self, Value::List(items, _) if NIL_ITEMS.with(|nil| Rc::ptr_eq(nil, items)))
    }
}

thread_local! {
    /// The items of every nil slice: a nil slice is a list that shares this allocation.
    static NIL_ITEMS: Rc<Vec<Value>> = Rc::new(Vec::new());
    /// The entries of every nil map: a nil map is a map that shares this allocation.
    static NIL_MAP: MapRef = Rc::new(RefCell::new(BTreeMap::new()));
}
