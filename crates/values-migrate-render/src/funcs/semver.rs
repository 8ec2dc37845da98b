//! (being written)

use crate::func::Func;

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[];
