//! What templates cannot show through the recording: struct pointers with and without a
//! `String()` method, and the prints this port refuses by name.

use super::*;
use crate::value::Object;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A struct pointer whose `String()` gives `shown`, or which has none.
#[derive(Debug)]
struct Thing {
    shown: Option<&'static str>,
}

impl Object for Thing {
    fn type_name(&self) -> &'static str {
        "*chart.Thing"
    }
    fn field(&self, _name: &str) -> Option<Value> {
        None
    }
    fn call(&self, _name: &str, _args: &[Value]) -> Option<Result<Value, String>> {
        None
    }
    fn display(&self) -> Option<String> {
        self.shown.map(str::to_string)
    }
}

fn thing(shown: Option<&'static str>) -> Value {
    Value::Object(Rc::new(Thing { shown }))
}

#[test]
fn a_stringer_prints_through_the_string_verbs() {
    let t = thing(Some("v1.2.3"));
    assert_eq!(
        sprintf(
            "%v|%s|%q|%x|%8s",
            &[t.clone(), t.clone(), t.clone(), t.clone(), t.clone()]
        )
        .ok(),
        Some("v1.2.3|v1.2.3|\"v1.2.3\"|76312e322e33|  v1.2.3".to_string())
    );
    assert_eq!(
        sprint(&[t.clone(), Value::int(1)]).ok(),
        Some("v1.2.3 1".to_string())
    );
    assert_eq!(print_value(&t).ok(), Some("v1.2.3".to_string()));
    assert_eq!(
        sprintf("%T", std::slice::from_ref(&t)).ok(),
        Some("*chart.Thing".to_string())
    );
    // Inside a slice the method is found the same way.
    assert_eq!(
        sprint(&[Value::list(vec![t])]).ok(),
        Some("[v1.2.3]".to_string())
    );
}

#[test]
fn what_is_not_ported_is_refused() {
    let map = Value::map(BTreeMap::new());
    let refused = [
        sprintf("%d", &[thing(Some("x"))]),
        sprint(&[thing(None)]),
        sprintf("%p", &[Value::list(Vec::new())]),
        sprintf("%#v", &[thing(Some("x"))]),
        sprintf("%p", &[map]),
    ];
    for result in refused {
        assert!(
            matches!(result, Err(CallError::Unsupported(_))),
            "{result:?}"
        );
    }
}

#[test]
fn a_print_past_its_budget_is_stopped() {
    let format = "%100000d".repeat(100);
    let args = vec![Value::int(1); 100];
    let mut p = Printer::new();
    p.max_output = 1 << 20;
    assert!(matches!(
        sprintf_with(p, &format, &args),
        Err(CallError::Budget(_))
    ));
    // Under the limit the same print is whole.
    let out = sprintf(&"%10000d".repeat(10), &args[..10]).expect("printed");
    assert_eq!(out.len(), 100_000);
}
