//! `--extract-cmd`: a user's command extracts the code.
//!
//! The command runs through the platform's shell (`sh -c`; `cmd /C` on
//! Windows), so pipelines work, with the generation
//! on stdin and no other input; its stdout is the code. A non-zero exit is
//! "no code" with the command's stderr in the detail. A command that cannot
//! be started or is not found (exit 127), that hangs past the time-out, or
//! that prints more than [`MAX_OUTPUT`], is wasmeval's configuration
//! problem: `internal`, never the candidate's.
//!
//! The command runs in a process group of its own, and the whole group is
//! killed when the command ends (or times out): a background process it
//! started cannot hold its stdout open and keep the sample waiting, nor
//! outlive it.

use super::ExtractError;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};

/// Time a command may take for one generation.
pub const TIMEOUT: Duration = Duration::from_secs(60);
/// Most a command may print on stdout (the code); on stderr, a tenth.
pub const MAX_OUTPUT: usize = 16 << 20;
/// How long the output may keep coming after the command itself exited
/// (from processes it left behind) before they are killed.
const DRAIN: Duration = Duration::from_millis(200);

pub async fn extract(command: &str, generation: &str) -> Result<String, ExtractError> {
    let internal =
        |what: String| ExtractError::Internal(format!("extract command `{command}`: {what}"));
    let (shell, args) = crate::platform::Os::HOST.shell(command);
    let mut process = tokio::process::Command::new(shell);
    process
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    #[cfg(unix)]
    process.process_group(0);
    let mut child = process
        .spawn()
        .map_err(|e| internal(format!("could not start: {e}")))?;
    let group = Group(child.id());
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = generation.as_bytes().to_vec();
    // Feed stdin and read the output concurrently with waiting, so a
    // command that writes before reading everything cannot deadlock.
    let writer = tokio::spawn(async move {
        let _ = stdin.write_all(&input).await;
        let _ = stdin.shutdown().await;
    });
    let stdout = tokio::spawn(read_capped(
        child.stdout.take().expect("stdout is piped"),
        MAX_OUTPUT,
        group,
    ));
    let stderr = tokio::spawn(read_capped(
        child.stderr.take().expect("stderr is piped"),
        MAX_OUTPUT / 10,
        group,
    ));
    let status = match tokio::time::timeout(TIMEOUT, child.wait()).await {
        Ok(status) => status.map_err(|e| internal(format!("failed: {e}")))?,
        Err(_) => {
            group.kill();
            return Err(internal(format!(
                "did not finish within {} s",
                TIMEOUT.as_secs()
            )));
        }
    };
    // What the command printed is in the pipes; a process it left behind
    // may still hold them open: give it a moment, then end the group.
    let _ = tokio::time::timeout(DRAIN, async {
        while !(stdout.is_finished() && stderr.is_finished()) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    group.kill();
    writer.abort();
    let joined = |r: Result<Result<Vec<u8>, usize>, _>| r.unwrap_or(Ok(Vec::new()));
    let stdout = match joined(stdout.await) {
        Ok(bytes) => bytes,
        Err(cap) => return Err(internal(format!("printed more than {} MiB", cap >> 20))),
    };
    let stderr = joined(stderr.await).unwrap_or_else(|_| b"(more stderr than is kept)".to_vec());
    let stderr = String::from_utf8_lossy(&stderr).trim().to_string();
    match status.code() {
        Some(0) => {
            let code =
                String::from_utf8(stdout).map_err(|_| internal("printed invalid UTF-8".into()))?;
            if code.trim().is_empty() {
                Err(ExtractError::NoCode(format!(
                    "extract command `{command}` printed no code"
                )))
            } else {
                Ok(code)
            }
        }
        Some(127) => Err(internal(format!("command not found: {stderr}"))),
        Some(code) => Err(ExtractError::NoCode(format!(
            "extract command `{command}` exited with {code}: {stderr}"
        ))),
        None => Err(internal(format!("killed by a signal: {stderr}"))),
    }
}

/// Everything `pipe` gives until it closes, or `Err(cap)` once it gave more
/// than `cap` bytes (reading stops there and `group` is killed, so that the
/// writer does not block on a full pipe).
async fn read_capped(
    pipe: impl AsyncRead + Unpin,
    cap: usize,
    group: Group,
) -> Result<Vec<u8>, usize> {
    let mut bytes = Vec::new();
    let mut limited = pipe.take(cap as u64 + 1);
    let _ = limited.read_to_end(&mut bytes).await;
    if bytes.len() > cap {
        group.kill();
        Err(cap)
    } else {
        Ok(bytes)
    }
}

/// The command's process group (its id is the shell's pid).
#[derive(Clone, Copy)]
struct Group(Option<u32>);

impl Group {
    /// Kill every process left in the group.
    fn kill(&self) {
        #[cfg(unix)]
        if let Some(pid) = self.0.and_then(|pid| i32::try_from(pid).ok()) {
            // SAFETY: kill(2) with a negative pid signals a process group;
            // it takes no pointers.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
}
