//! Node.js, the reference for JavaScript and TypeScript: run a program
//! under `node` here (it must be on the PATH) and read its end as
//! MultiPL-E's evaluators read it.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What `node` did with one program.
pub struct NodeRun {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
    pub timed_out: bool,
}

/// Run `program` as `test.js` in a directory of its own.
pub fn node(program: &str, timeout: Duration) -> NodeRun {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("test.js");
    std::fs::write(&path, program).unwrap();
    node_file(&path, timeout)
}

/// Run the script at `path`, in its directory, for at most `timeout`.
pub fn node_file(path: &Path, timeout: Duration) -> NodeRun {
    let mut child = Command::new("node")
        .arg(path)
        .current_dir(path.parent().unwrap())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("these tests compare with Node.js: `node` must be on the PATH ({e})")
        });
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return NodeRun {
                stdout: String::new(),
                stderr: String::new(),
                code: None,
                timed_out: true,
            };
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let output = child.wait_with_output().unwrap();
    NodeRun {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
        timed_out: false,
    }
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
