//! The shape of a template function: Go's parameter types (the evaluator converts each argument
//! as Go's `evalArg` does before the call) and its body.

use crate::budget::Budget;
pub use crate::value::Param;
use crate::value::Value;

/// Why a call failed.
#[derive(Clone, Debug, PartialEq)]
pub enum CallError {
    /// The function returned a Go error: Go prints `error calling NAME: MESSAGE`.
    Go(String),
    /// `fail` and `required`: Helm prints the message as an execution error.
    Fail(String),
    /// A budget of steps, bytes or depth ran out (`Budget`'s message).
    Budget(String),
    /// A case this port does not render: the render is refused, naming it.
    Unsupported(String),
}

/// What a function's body sees besides its arguments.
pub struct Ctx<'a> {
    /// The render's budget (a function that makes a large value charges it first).
    pub budget: &'a mut Budget,
    /// The render's deterministic random source (its output is masked).
    pub random: &'a mut crate::budget::Random,
    /// YAML read as Helm's `fromYaml` reads it (sigs.k8s.io/yaml: yaml.v2, then JSON's kinds),
    /// given by the caller that owns a YAML reader; `None` refuses `fromYaml`.
    pub yaml: Option<&'a YamlReader<'a>>,
}

/// A caller's YAML reader: the text's value as Helm's `fromYaml` reads it, or its error's words.
pub type YamlReader<'r> = dyn Fn(&str) -> Result<Value, String> + 'r;

/// How masked spans in the arguments reach the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spans {
    /// The evaluator masks the whole string result when any argument holds a masked span.
    Whole,
    /// The body places the spans itself (`indent`, `quote`, a random function).
    Own,
}

/// One template function.
#[derive(Clone, Copy)]
pub struct Func {
    /// The fixed parameters.
    pub params: &'static [Param],
    /// The type of the variadic tail, if the function takes one.
    pub variadic: Option<Param>,
    /// How masked spans travel.
    pub spans: Spans,
    /// The body, given the converted arguments.
    pub call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>,
}
