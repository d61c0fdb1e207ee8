//! Reference tools run as child processes: a program's stdin, its output
//! and how it ended, killed past a timeout, as MultiPL-E's
//! `safe_subprocess` and the contest judges run one.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a child process ended.
#[derive(Debug)]
pub struct Finished {
    pub stdout: String,
    pub stderr: String,
    /// The exit status (a signal, such as abort's SIGABRT, counts as 128);
    /// `None` past the timeout.
    pub code: Option<i32>,
    pub timed_out: bool,
}

/// Run `command` in `dir` on `stdin` for at most `timeout` (`what` names
/// the tool for the panic when it cannot start).
pub fn run(
    mut command: Command,
    dir: &Path,
    stdin: &str,
    timeout: Duration,
    what: &str,
) -> Finished {
    let mut child = command
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("these tests compare with {what}, which did not start: {e}"));
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    let started = Instant::now();
    let mut timed_out = false;
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > timeout {
            let _ = child.kill();
            timed_out = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = writer.join();
    let output = child.wait_with_output().unwrap();
    Finished {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: (!timed_out).then(|| output.status.code().unwrap_or(128)),
        timed_out,
    }
}

/// Debian's `package`, installed with apt-get when `path` is missing (a
/// reference tool these tests compare with).
pub fn debian(path: &str, packages: &[&str]) -> std::path::PathBuf {
    let path = std::path::PathBuf::from(path);
    if path.is_file() {
        return path;
    }
    let install = || {
        Command::new("apt-get")
            .args(["install", "-y", "-q"])
            .args(packages)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .output()
    };
    let mut output = install();
    if !path.is_file() {
        let _ = Command::new("apt-get").args(["update", "-q"]).output();
        output = install();
    }
    assert!(
        path.is_file(),
        "these tests need {} from Debian's {}, and `apt-get install -y {}` did not install it: {}",
        path.display(),
        packages.join(", "),
        packages.join(" "),
        match output {
            Ok(o) => format!("{}\n{}", o.status, String::from_utf8_lossy(&o.stderr)),
            Err(e) => e.to_string(),
        }
    );
    path
}
