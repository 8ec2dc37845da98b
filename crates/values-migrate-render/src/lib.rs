//! Helm's render as Helm 4 runs it: Go's `text/template` execution over the parse trees of
//! `values-migrate-template`, Helm's engine (one template set per chart tree, `include`, `tpl`,
//! `.Files`, `.Capabilities`) and sprig's functions, with Go's kinds, `fmt`, `encoding/json` and
//! yaml.v2 byte for byte; random and clock output reported as masked spans.
#![warn(missing_docs)]

pub mod budget;
pub mod func;
pub mod funcs;
pub mod value;

pub use budget::Budget;
pub use func::{CallError, Ctx, Func, Param, Spans};
pub use value::{ElemType, IntType, MapRef, MapType, Mask, Object, Str, Value};
pub mod engine;
pub mod error;
pub mod exec;
pub mod gofmt;
pub mod json;
pub mod yaml;
