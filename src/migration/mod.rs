//! Migrations that travel (issue 15): record a verified plan, replay it on other values files,
//! fold version chains, edit layered values, judge overrides, and gate on a render; all built on
//! the public pipeline ([`crate::migrate::migrate`]), never on its internals.

pub mod chain;
pub mod fleet;
pub mod layers;
pub mod overrides;
pub mod record;
pub mod render;
pub mod render_gate;
pub mod replay;

pub use record::{ChartBump, Migration, record};
pub use replay::{ReplayReport, ReplayRequest, replay};
