//! The limits a render keeps (a chart is untrusted code): steps, output bytes, depth.

/// What a render may spend before it is stopped with an error naming the place.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Evaluation steps left (each node, each range iteration, each call); ten million by default,
    /// over thirty times what kube-prometheus-stack's whole render takes (it renders within 300,000).
    pub steps: u64,
    /// Bytes of strings and output the render may still make.
    pub bytes: u64,
    /// The deepest nesting of `template`/`include`/`tpl` calls allowed.
    pub max_depth: u32,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            steps: 10_000_000,
            bytes: 256 << 20,
            max_depth: 1_000,
        }
    }
}

impl Budget {
    /// Spends one step, or says the render ran out.
    pub fn step(&mut self) -> Result<(), String> {
        match self.steps.checked_sub(1) {
            Some(left) => {
                self.steps = left;
                Ok(())
            }
            None => Err("the render took more steps than its budget allows".to_string()),
        }
    }

    /// Spends `n` bytes of made text, or says the render ran out.
    pub fn alloc(&mut self, n: usize) -> Result<(), String> {
        match self.bytes.checked_sub(n as u64) {
            Some(left) => {
                self.bytes = left;
                Ok(())
            }
            None => Err("the render made more text than its budget allows".to_string()),
        }
    }
}

/// A deterministic random source (xorshift64*): random output is masked, so only its shape matters.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Default for Random {
    fn default() -> Self {
        Random(0x9E37_79B9_7F4A_7C15)
    }
}

impl Random {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
