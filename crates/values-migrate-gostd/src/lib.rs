//! Go's standard library where more than one of the project's Go ports needs it, ported once:
//! `net/url` (Helm's `uri` formats and sprig's `urlParse`/`urlJoin`), `net/netip` (its bracketed
//! hosts and Helm's `ipv6` format) and crypto's SHA digests (sprig's `sha1sum`/`sha256sum`/
//! `sha512sum` and the digests a recorded migration keeps of its schemas).

#![warn(missing_docs)]

pub mod netip;
pub mod sha;
pub mod url;
