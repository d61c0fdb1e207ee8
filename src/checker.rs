//! Checkers (special judges): the task's own program that decides whether
//! an output is right, for problems with more than one right answer.
//!
//! A task's `checker` is `{"language": "cpp" | "c" | "python", "code":
//! "...", "timeout": seconds}` (`timeout` optional, [`DEFAULT_TIMEOUT_S`]).
//! It follows testlib's contract: it runs as a program whose arguments are
//! the paths of the case's input, the candidate's output and the expected
//! answer (`/tmp/input.txt`, `/tmp/output.txt`, `/tmp/answer.txt`), and its
//! exit status is the verdict: 0 accepted, 1 a wrong answer, 2 a
//! presentation error (testlib's default for an unexpected end of the
//! output too); its stderr says why (testlib's message). Anything else (it
//! does not compile, it raises, it runs out of its budget or memory, it
//! exits with another status, testlib's 3 `fail` among them) is a checker
//! failure: the task's fault, `error` / `checker_error`, never the
//! candidate's pass.
//!
//! The checker runs after the candidate's run has ended, in a fresh
//! instance of its own runtime with its own budget: the candidate never
//! shares an instance, a file or a clock with it, and what it printed
//! reaches the checker only as the bytes of `/tmp/output.txt`. A C or C++
//! checker may `#include "testlib.h"` (testlib 0.9.44, pinned: see
//! `crate::runtime::clang`), and is compiled once per source (the runtime
//! keeps built programs by their source).

use crate::error::Error;
use crate::language::Language;
use crate::program::{ProgramRun, RunStatus};
use crate::runtime::Runtime;
use crate::sandbox::Limits;
use serde_json::Value;

/// The checker's budget when the task does not say, in native-equivalent
/// seconds: a checker reads three files.
pub const DEFAULT_TIMEOUT_S: f64 = 10.0;

/// Where the checker finds its three files (its arguments, in this order).
pub const FILES: [&str; 3] = ["/tmp/input.txt", "/tmp/output.txt", "/tmp/answer.txt"];

/// A task's checker.
#[derive(Debug, Clone, PartialEq)]
pub struct Checker {
    pub language: Language,
    pub code: String,
    /// Its budget in native-equivalent seconds.
    pub timeout_s: f64,
}

impl Checker {
    /// Read a task's `checker` field, or say what is wrong with it.
    pub fn from_value(value: &Value) -> Result<Checker, String> {
        let Value::Object(object) = value else {
            return Err(format!(
                "\"checker\" must be an object with \"language\" and \"code\", not {}",
                kind(value)
            ));
        };
        for key in object.keys() {
            if !["language", "code", "timeout"].contains(&key.as_str()) {
                return Err(format!(
                    "\"checker\" has an unknown field \"{key}\" (it takes \"language\", \"code\" \
                     and \"timeout\")"
                ));
            }
        }
        let language = match object.get("language") {
            Some(Value::String(name)) => Language::parse(name)
                .ok()
                .filter(|l| matches!(l, Language::Python | Language::C | Language::Cpp))
                .ok_or_else(|| {
                    format!(
                        "\"checker.language\" must be \"cpp\", \"c\" or \"python\", not {name:?}"
                    )
                })?,
            Some(other) => {
                return Err(format!(
                    "\"checker.language\" must be a string, not {}",
                    kind(other)
                ));
            }
            None => return Err("\"checker\" has no \"language\"".into()),
        };
        let code = match object.get("code") {
            Some(Value::String(code)) if !code.trim().is_empty() => code.clone(),
            Some(Value::String(_)) => return Err("\"checker.code\" is empty".into()),
            Some(other) => {
                return Err(format!(
                    "\"checker.code\" must be a string, not {}",
                    kind(other)
                ));
            }
            None => return Err("\"checker\" has no \"code\"".into()),
        };
        let timeout_s = match object.get("timeout") {
            None | Some(Value::Null) => DEFAULT_TIMEOUT_S,
            Some(value) => value
                .as_f64()
                .filter(|s| *s > 0.0 && *s <= crate::fuel::MAX_TIMEOUT_S)
                .ok_or_else(|| {
                    format!(
                        "\"checker.timeout\" must be a number of seconds in (0, {}], not {value}",
                        crate::fuel::MAX_TIMEOUT_S
                    )
                })?,
        };
        Ok(Checker {
            language,
            code,
            timeout_s,
        })
    }

    /// The runtime it runs on.
    pub fn runtime_id(&self) -> &'static str {
        match self.language {
            Language::Python => "python",
            Language::C => "c",
            _ => "cpp",
        }
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// What a checker said of one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// A wrong answer or a presentation error, with the checker's words.
    Rejected(String),
    /// The checker itself failed (the task's fault), in words.
    Failed(String),
}

/// A checker ready to judge a task's outputs.
pub struct CheckerRun<'a> {
    pub checker: &'a Checker,
    pub runtime: &'a dyn Runtime,
    pub limits: Limits,
    pub seed: [u8; 32],
}

/// Bytes of the checker's stderr a verdict keeps.
const MESSAGE_BYTES: usize = 2000;

impl CheckerRun<'_> {
    /// Judge `output`, the candidate's stdout on `input`, against
    /// `answer`. `Err` is wasmeval's own failure.
    pub async fn check(
        &self,
        input: &str,
        output: &[u8],
        answer: &str,
    ) -> crate::error::Result<Verdict> {
        let run = ProgramRun {
            code: self.checker.code.clone(),
            files: vec![
                (file_name(0).into(), input.as_bytes().to_vec()),
                (file_name(1).into(), output.to_vec()),
                (file_name(2).into(), answer.as_bytes().to_vec()),
            ],
            args: FILES.iter().map(|f| f.to_string()).collect(),
            ..ProgramRun::default()
        };
        let ran = match crate::program::run_on(
            self.runtime,
            &run,
            &self.limits,
            crate::program::Start {
                seed: self.seed,
                int_max_str_digits: None,
            },
        )
        .await
        {
            Ok(ran) => ran,
            Err(Error::InvalidTask(why)) => return Ok(Verdict::Failed(why)),
            Err(other) => return Err(other),
        };
        let said = || message(&ran.stderr);
        if let Some(compile) = ran.compile.as_ref().filter(|c| !c.succeeded()) {
            return Ok(Verdict::Failed(match compile.status {
                RunStatus::TimeLimitExceeded => format!(
                    "it did not compile within the compiler's budget: {}",
                    message(&compile.stderr)
                ),
                _ => format!("it does not compile: {}", message(&compile.stderr)),
            }));
        }
        if let Some(raised) = &ran.uncaught {
            return Ok(Verdict::Failed(format!("it raised {}", short(raised))));
        }
        Ok(match (ran.status, ran.exit_code) {
            (RunStatus::TimeLimitExceeded, _) => Verdict::Failed(format!(
                "it ran out of its budget ({} s)",
                self.checker.timeout_s
            )),
            (RunStatus::Finished, Some(0)) => Verdict::Accepted,
            (RunStatus::Finished, Some(1)) => {
                Verdict::Rejected(format!("wrong answer (checker): {}", said()))
            }
            (RunStatus::Finished, Some(2)) => {
                Verdict::Rejected(format!("presentation error (checker): {}", said()))
            }
            (RunStatus::Finished, Some(status)) => {
                Verdict::Failed(format!("it exited with status {status}: {}", said()))
            }
            (_, _) => Verdict::Failed(format!("it was stopped: {}", said())),
        })
    }
}

/// The file name under `/tmp` of the checker's `index`th argument.
fn file_name(index: usize) -> &'static str {
    FILES[index].trim_start_matches("/tmp/")
}

/// A checker's stderr as a verdict's words: trimmed, at most
/// [`MESSAGE_BYTES`].
fn message(stderr: &str) -> String {
    let text = stderr.trim();
    if text.is_empty() {
        return "(no message)".into();
    }
    short(text)
}

fn short(text: &str) -> String {
    if text.len() <= MESSAGE_BYTES {
        return text.to_string();
    }
    let mut end = MESSAGE_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_checker_field_is_read_or_refused_with_what_is_wrong() {
        let checker = Checker::from_value(&json!({"language": "c++", "code": "int main(){}"}));
        assert_eq!(
            checker,
            Ok(Checker {
                language: Language::Cpp,
                code: "int main(){}".into(),
                timeout_s: DEFAULT_TIMEOUT_S,
            })
        );
        assert_eq!(checker.unwrap().runtime_id(), "cpp");
        let python = Checker::from_value(&json!({"language": "py", "code": "x", "timeout": 2}));
        assert_eq!(python.unwrap().timeout_s, 2.0);
        for (value, said) in [
            (json!("int main(){}"), "must be an object"),
            (json!({"code": "x"}), "has no \"language\""),
            (
                json!({"language": "lua", "code": "x"}),
                "\"cpp\", \"c\" or \"python\"",
            ),
            (json!({"language": "cpp"}), "has no \"code\""),
            (json!({"language": "cpp", "code": " "}), "is empty"),
            (
                json!({"language": "cpp", "code": 3}),
                "must be a string, not a number",
            ),
            (
                json!({"language": "cpp", "code": "x", "timeout": 0}),
                "\"checker.timeout\" must be",
            ),
            (
                json!({"language": "cpp", "code": "x", "source": "y"}),
                "unknown field \"source\"",
            ),
        ] {
            let error = Checker::from_value(&value).unwrap_err();
            assert!(error.contains(said), "{value}: {error}");
        }
    }

    #[test]
    fn a_long_message_is_cut_on_a_character_boundary() {
        let long = "é".repeat(MESSAGE_BYTES);
        let cut = message(&long);
        assert!(cut.ends_with("...") && cut.len() <= MESSAGE_BYTES + 3);
        assert_eq!(message("  \n"), "(no message)");
    }
}
