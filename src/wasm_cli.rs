//! The package's Node CLI: the command layer (src/cli) run in wasm, on a machine the Node script
//! (npm/bin/values-migrate.mjs) lends it: the script reads, lists, writes and runs what the layer
//! asks for, then prints what it returns. Built into the Node wasm only (feature `cli`).

use crate::cli::{self, Host, Kind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The machine as the Node script lends it; each method throws an `Error` whose message is the
    /// I/O error as Rust words it.
    pub type JsHost;
    #[wasm_bindgen(method, catch)]
    fn read(this: &JsHost, path: &str) -> Result<Vec<u8>, JsValue>;
    /// `["f:name", "d:name", "o:name"]`: files, directories, anything else (links not followed).
    #[wasm_bindgen(method, catch)]
    fn list(this: &JsHost, dir: &str) -> Result<Vec<String>, JsValue>;
    /// `"f"`, `"d"`, `"o"`, or `undefined` when nothing is there (links followed).
    #[wasm_bindgen(method)]
    fn kind(this: &JsHost, path: &str) -> Option<String>;
    #[wasm_bindgen(method, catch)]
    fn resolve(this: &JsHost, path: &str) -> Result<String, JsValue>;
    #[wasm_bindgen(method)]
    fn mode(this: &JsHost, path: &str) -> Option<u32>;
    #[wasm_bindgen(method, catch)]
    fn create(this: &JsHost, path: &str, text: &str, mode: Option<u32>) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch)]
    fn rename(this: &JsHost, from: &str, to: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    fn remove(this: &JsHost, path: &str);
    /// `[status or "", stdout + stderr]`.
    #[wasm_bindgen(method, catch)]
    fn shell(this: &JsHost, line: &str) -> Result<Vec<String>, JsValue>;
    /// `{status, stdout, stderr, timedOut, unread}`: `status` `null` when killed by a signal.
    #[wasm_bindgen(method, catch)]
    fn propose(this: &JsHost, command: &str, input: &str, timeout: f64)
    -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, js_name = tempDir)]
    fn temp_dir(this: &JsHost) -> String;
    #[wasm_bindgen(method)]
    fn pid(this: &JsHost) -> u32;
}

/// The message of a thrown JS error.
fn message(error: JsValue) -> String {
    js_sys::Reflect::get(&error, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}

fn kind_of(code: &str) -> Kind {
    match code {
        "f" => Kind::File,
        "d" => Kind::Dir,
        _ => Kind::Other,
    }
}

impl Host for JsHost {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        JsHost::read(self, path).map_err(message)
    }

    fn list(&self, dir: &str) -> Result<Vec<(String, Kind)>, String> {
        let entries = JsHost::list(self, dir).map_err(message)?;
        Ok(entries
            .iter()
            .filter_map(|e| {
                e.split_once(':')
                    .map(|(k, name)| (name.to_string(), kind_of(k)))
            })
            .collect())
    }

    fn kind(&self, path: &str) -> Option<Kind> {
        JsHost::kind(self, path).map(|k| kind_of(&k))
    }

    fn resolve(&self, path: &str) -> Result<String, String> {
        JsHost::resolve(self, path).map_err(message)
    }

    fn mode(&self, path: &str) -> Option<u32> {
        JsHost::mode(self, path)
    }

    fn create(&self, path: &str, text: &str, mode: Option<u32>) -> Result<(), String> {
        JsHost::create(self, path, text, mode).map_err(message)
    }

    fn rename(&self, from: &str, to: &str) -> Result<(), String> {
        JsHost::rename(self, from, to).map_err(message)
    }

    fn remove(&self, path: &str) {
        JsHost::remove(self, path);
    }

    fn shell(&self, line: &str) -> Result<(Option<i32>, String), String> {
        let out = JsHost::shell(self, line).map_err(message)?;
        let status = out.first().and_then(|s| s.parse().ok());
        Ok((status, out.get(1).cloned().unwrap_or_default()))
    }

    fn propose(&self, command: &str, input: &str, timeout: u64) -> Result<cli::Proposed, String> {
        let ran = JsHost::propose(self, command, input, timeout as f64).map_err(message)?;
        let field = |name: &str| js_sys::Reflect::get(&ran, &JsValue::from_str(name)).ok();
        let stdout = field("stdout").map(|b| js_sys::Uint8Array::new(&b).to_vec());
        Ok(cli::Proposed {
            status: field("status").and_then(|s| s.as_f64()).map(|s| s as i32),
            stdout: stdout.unwrap_or_default(),
            stderr: field("stderr")
                .and_then(|s| s.as_string())
                .unwrap_or_default(),
            timed_out: field("timedOut").is_some_and(|t| t.is_truthy()),
            unread: field("unread").and_then(|u| u.as_f64()).unwrap_or(0.0) as usize,
        })
    }

    fn temp_dir(&self) -> String {
        JsHost::temp_dir(self)
    }

    fn pid(&self) -> u32 {
        JsHost::pid(self)
    }

    fn styled(&self) -> bool {
        false
    }

    fn jobs(&self, _asked: usize) -> usize {
        1
    }
}

/// What the command printed, and its exit status.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CliOutput {
    stdout: String,
    stderr: String,
    exit_code: i32,
}

/// Runs the command line `argv` (program name first) on `host`: what the native CLI prints.
#[wasm_bindgen(js_name = runCli, skip_typescript)]
pub fn run_cli(argv: Vec<String>, host: JsHost) -> Result<JsValue, JsValue> {
    let out = cli::run(argv.into_iter().map(Into::into), &host);
    crate::wasm::to_js(&CliOutput {
        stdout: out.stdout,
        stderr: out.stderr,
        exit_code: out.exit_code,
    })
}

/// The flags of the CLI command `command`, as clap declares them (what the MCP tools' inputs are
/// built from: a flag added to a command reaches its tool); throws for no such command.
#[wasm_bindgen(js_name = cliFlags, skip_typescript)]
pub fn cli_flags(command: &str) -> Result<JsValue, JsValue> {
    match cli::flags(command) {
        Some(flags) => crate::wasm::to_js(&flags),
        None => Err(crate::wasm::type_error(format!("no command `{command}`"))),
    }
}
