//! Node.js, the reference for JavaScript and TypeScript: run a program
//! under `node` here (it must be on the PATH) and read its end as
//! MultiPL-E's evaluators read it.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// What `node` did with one program.
pub type NodeRun = super::process::Finished;

/// Run `program` as `test.js` in a directory of its own.
pub fn node(program: &str, timeout: Duration) -> NodeRun {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("test.js");
    std::fs::write(&path, program).unwrap();
    node_file(&path, timeout)
}

/// Run the script at `path`, in its directory, for at most `timeout`.
pub fn node_file(path: &Path, timeout: Duration) -> NodeRun {
    let mut command = Command::new("node");
    command.arg(path);
    let dir = path.parent().unwrap();
    super::process::run(command, dir, "", timeout, "Node.js (`node` on the PATH)")
}

/// MultiPL-E's JavaScript evaluator: exit 0 is OK; otherwise its words for
/// what went wrong, read off the program's output; past the timeout,
/// Timeout.
pub fn multiple_status(run: &NodeRun) -> &'static str {
    let text = format!("{}{}", run.stdout, run.stderr);
    if run.timed_out {
        "Timeout"
    } else if run.code == Some(0) {
        "OK"
    } else if text.contains("ERR_ASSERTION") {
        "AssertionError"
    } else if text.contains("SyntaxError") {
        "SyntaxError"
    } else if text.contains("ReferenceError") {
        "ReferenceError"
    } else {
        "Exception"
    }
}
