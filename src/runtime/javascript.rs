//! JavaScript: QuickJS-ng (WASI `qjs`) running `runtimes/harness/javascript.js`.

use crate::sandbox::Command;
use serde_json::json;

/// The guest harness, embedded at build time from its own source file.
pub const HARNESS: &str = include_str!("../../runtimes/harness/javascript.js");

/// Markdown fence tags that mean JavaScript.
pub const FENCE_TAGS: &[&str] = &["js", "javascript", "node", "mjs", "cjs"];

/// This QuickJS build does not check its own stack depth, so runaway
/// recursion runs the shadow stack (in linear memory) below address 0 and
/// traps as an out-of-bounds access. For this runtime that trap means the
/// stack ran out.
pub fn trap_is_stack_overflow(trap: &str) -> bool {
    trap.contains("out of bounds memory access")
}

/// argv and stdin for one candidate. `--std` hands the harness QuickJS's
/// `std` and `os` modules, which it removes from the global scope before
/// the candidate runs.
pub fn command(code: &str, targets: &[String], nonce: &str) -> Command {
    let payload = json!({
        "nonce": nonce,
        "code": code,
        "targets": targets,
    });
    Command {
        args: vec!["qjs".into(), "--std".into(), "-e".into(), HARNESS.into()],
        stdin: serde_json::to_vec(&payload).expect("payload serialises"),
        frame_prefix: super::frame_prefix(nonce),
        seed: [0; 32],
    }
}
