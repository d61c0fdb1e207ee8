//! Python: CPython 3.12 for WASI running `runtimes/harness/python.py`.

use crate::sandbox::Command;

/// The guest harness, embedded at build time from its own source file.
pub const HARNESS: &str = include_str!("../../runtimes/harness/python.py");

/// Markdown fence tags that mean Python.
pub const FENCE_TAGS: &[&str] = &["python", "py", "python3", "py3"];

/// argv and stdin for one candidate. `-I` isolates from environment and
/// user site, `-S` skips `site` (faster start), `-B` writes no bytecode.
pub fn command(code: &str, targets: &[String], nonce: &str) -> Command {
    // The format the harness reads (see its docstring). The import
    // blacklist lives in the harness itself.
    let mut payload = Vec::with_capacity(code.len() + 64);
    payload
        .extend_from_slice(format!("wasmeval-payload-2\n{nonce}\n{}\n", targets.len()).as_bytes());
    for blob in std::iter::once(code).chain(targets.iter().map(String::as_str)) {
        payload.extend_from_slice(format!("{}\n", blob.len()).as_bytes());
        payload.extend_from_slice(blob.as_bytes());
    }
    Command {
        args: vec![
            "python".into(),
            "-I".into(),
            "-S".into(),
            "-B".into(),
            "-c".into(),
            HARNESS.into(),
        ],
        stdin: payload,
        frame_prefix: super::frame_prefix(nonce),
        seed: [0; 32],
    }
}
