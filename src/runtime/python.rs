//! Python: CPython 3.12 for WASI running `runtimes/harness/python.py`.

use crate::sandbox::Command;
use serde_json::json;

/// The guest harness, embedded at build time from its own source file.
pub const HARNESS: &str = include_str!("../../runtimes/harness/python.py");

/// Modules the harness refuses to import (with their submodules). The
/// sandbox has no processes, sockets or host files anyway; this list turns
/// attempts into a clear `error` with `error_kind: blacklist`.
pub const BLACKLIST: &[&str] = &[
    "subprocess",
    "socket",
    "shutil",
    "requests",
    "urllib",
    "ctypes",
    "http.client",
    "asyncio.subprocess",
    "_socket",
    "_posixsubprocess",
    "_ctypes",
    "multiprocessing",
];

/// Markdown fence tags that mean Python.
pub const FENCE_TAGS: &[&str] = &["python", "py", "python3", "py3"];

/// argv and stdin for one candidate. `-I` isolates from environment and
/// user site, `-S` skips `site` (faster start), `-B` writes no bytecode.
pub fn command(code: &str, targets: &[String], nonce: &str) -> Command {
    let payload = json!({
        "nonce": nonce,
        "code": code,
        "targets": targets,
        "blacklist": BLACKLIST,
    });
    Command {
        args: vec![
            "python".into(),
            "-I".into(),
            "-S".into(),
            "-B".into(),
            "-c".into(),
            HARNESS.into(),
        ],
        stdin: serde_json::to_vec(&payload).expect("payload serialises"),
        frame_prefix: super::frame_prefix(nonce),
        seed: [0; 32],
    }
}
