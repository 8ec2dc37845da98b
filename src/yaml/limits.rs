//! Limits that keep hostile input from exhausting memory, time or the stack.

/// Bounds on what [`parse`](super::parse) and [`decode`](super::decode) accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest input accepted, in bytes.
    pub max_input_bytes: usize,
    /// The deepest nesting of collections accepted, counting aliases as they expand.
    pub max_depth: usize,
    /// The most nodes that aliases (and merge keys) may expand to while decoding one stream.
    pub max_alias_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: 8 * 1024 * 1024,
            max_depth: 256,
            max_alias_nodes: 1_000_000,
        }
    }
}

impl Limits {
    /// The default limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the largest input accepted, in bytes.
    pub fn max_input_bytes(&mut self, bytes: usize) -> &mut Self {
        self.max_input_bytes = bytes;
        self
    }

    /// Sets the deepest nesting of collections accepted.
    pub fn max_depth(&mut self, depth: usize) -> &mut Self {
        self.max_depth = depth;
        self
    }

    /// Sets the most nodes aliases may expand to while decoding.
    pub fn max_alias_nodes(&mut self, nodes: usize) -> &mut Self {
        self.max_alias_nodes = nodes;
        self
    }
}
