//! `--extract-cmd`: a user's command extracts the code.
//!
//! The command runs through `sh -c` (so pipelines work) with the generation
//! on stdin and no other input; its stdout is the code. A non-zero exit is
//! "no code" with the command's stderr in the detail. A command that cannot
//! be started or is not found (exit 127), or that hangs past the time-out,
//! is wasmeval's configuration problem: `internal`, never the candidate's.

use super::ExtractError;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// Time a command may take for one generation.
pub const TIMEOUT: Duration = Duration::from_secs(60);

pub async fn extract(command: &str, generation: &str) -> Result<String, ExtractError> {
    let internal =
        |what: String| ExtractError::Internal(format!("extract command `{command}`: {what}"));
    let mut child = tokio::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| internal(format!("could not start: {e}")))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = generation.as_bytes().to_vec();
    // Feed stdin concurrently with reading the output, so a command that
    // writes before reading everything cannot deadlock.
    let writer = tokio::spawn(async move {
        let _ = stdin.write_all(&input).await;
        let _ = stdin.shutdown().await;
    });
    let output = tokio::time::timeout(TIMEOUT, child.wait_with_output())
        .await
        .map_err(|_| internal(format!("did not finish within {} s", TIMEOUT.as_secs())))?
        .map_err(|e| internal(format!("failed: {e}")))?;
    let _ = writer.await;
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
    match output.status.code() {
        Some(0) => {
            let code = String::from_utf8(output.stdout)
                .map_err(|_| internal("printed invalid UTF-8".into()))?;
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
