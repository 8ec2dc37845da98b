//! What a proposal writer did, as every machine's host hands it to the command layer.

/// What a proposal writer did.
#[derive(Debug, Default)]
pub struct Proposed {
    /// Its exit status (`None`: killed by a signal).
    pub status: Option<i32>,
    /// Its stdout.
    pub stdout: Vec<u8>,
    /// Its stderr, lossily decoded.
    pub stderr: String,
    /// Whether it ran out of time (and was killed, with its process group).
    pub timed_out: bool,
    /// How many bytes of its stdin it left unread.
    pub unread: usize,
}
