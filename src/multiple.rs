//! MultiPL-E's completions files, run unchanged, with MultiPL-E's results.
//!
//! Each input line is one problem in MultiPL-E's completions shape
//! (`multipl_e/completions.py`): `name`, `language`, `prompt`, `tests`,
//! `stop_tokens`, `completions` (plus `temperature`, `top_p`, ... which are
//! kept). Every completion is cut at the first stop token, as MultiPL-E's
//! generator does before it stores a completion (cutting again changes
//! nothing), and runs as `prompt + completion` with `tests` as its one
//! target; the program MultiPL-E would run is `prompt + completion + "\n" +
//! tests`. TypeScript runs on `typescript-checked`, as its evaluator runs
//! `tsc --target esnext` before `node` (`--runtime typescript` skips it).
//!
//! Each output line is the problem in MultiPL-E's results shape
//! (`evaluation/src/main.py`): the input object without `completions`, plus
//! `results`, one per completion, each with `program`, `status` (`OK`,
//! `AssertionError`, `Timeout`, `SyntaxError`, `ReferenceError`,
//! `Exception`), `stdout`,
//! `stderr`, `exit_code` (what `node` would exit with) and `timestamp`
//! (0: runs are deterministic), and wasmeval's `envelope`.

use crate::batch::{Format, Item};
use crate::language::Language;
use crate::outcome::{Envelope, ErrorKind, Outcome};
use crate::task::{Checks, Source, Task, TaskError};
use serde_json::{Map, Value, json};

/// MultiPL-E's completions files (one problem per line).
pub struct MultiplFormat {
    /// Timeout of every completion, in seconds.
    pub timeout_s: f64,
}

/// `completion` cut at the earliest stop token it contains.
pub fn cut_at_stop_tokens(completion: &str, stop_tokens: &[String]) -> String {
    let end = stop_tokens
        .iter()
        .filter(|t| !t.is_empty())
        .filter_map(|t| completion.find(t.as_str()))
        .min()
        .unwrap_or(completion.len());
    completion[..end].to_string()
}

/// MultiPL-E's status for an envelope: its JavaScript evaluator's words,
/// or its Lua evaluator's, which has only `OK`, `Timeout` and `Exception`
/// (`lua` exits with status 1 on a syntax error as on any error).
pub fn status(envelope: &Envelope) -> &'static str {
    if envelope.language == "lua" {
        return match envelope.outcome {
            Outcome::Pass => "OK",
            Outcome::Timeout => "Timeout",
            Outcome::Error if envelope.error_kind == Some(ErrorKind::WallBackstop) => "Timeout",
            _ => "Exception",
        };
    }
    if envelope.language == "ruby" {
        // Its Ruby evaluator (`eval_ruby.py`): a failure that printed
        // nothing on stderr (test-unit reports on stdout) is an Exception,
        // one that printed something a SyntaxError.
        return match envelope.outcome {
            Outcome::Pass => "OK",
            Outcome::Timeout => "Timeout",
            Outcome::Error if envelope.error_kind == Some(ErrorKind::WallBackstop) => "Timeout",
            _ if envelope.stderr.is_empty() => "Exception",
            _ => "SyntaxError",
        };
    }
    if envelope.language == "perl" {
        // Its Perl evaluator (`eval_pl.py`): exit status 0 with no `ERROR`
        // on stdout or stderr is OK, anything else an Exception.
        let printed_error = |text: &str| text.contains("ERROR");
        return match envelope.outcome {
            Outcome::Pass if printed_error(&envelope.stdout) || printed_error(&envelope.stderr) => {
                "Exception"
            }
            Outcome::Pass => "OK",
            Outcome::Timeout => "Timeout",
            Outcome::Error if envelope.error_kind == Some(ErrorKind::WallBackstop) => "Timeout",
            _ => "Exception",
        };
    }
    if envelope.language == "go" {
        // Its Go evaluator (`eval_go.py`): `[build failed]` or `[setup
        // failed]` is a SyntaxError, any other failure an Exception.
        return match envelope.outcome {
            Outcome::Pass => "OK",
            Outcome::Timeout => "Timeout",
            Outcome::SyntaxError => "SyntaxError",
            Outcome::Error
                if matches!(
                    envelope.error_kind,
                    Some(ErrorKind::WallBackstop | ErrorKind::CompileTimeout)
                ) =>
            {
                "Timeout"
            }
            _ => "Exception",
        };
    }
    match envelope.outcome {
        Outcome::Pass => "OK",
        Outcome::Timeout => "Timeout",
        Outcome::SyntaxError => "SyntaxError",
        Outcome::AssertionFail => {
            let errors: Vec<&str> = envelope
                .targets
                .iter()
                .filter_map(|t| t.error.as_deref())
                .collect();
            if errors.iter().any(|e| e.starts_with("AssertionError")) {
                "AssertionError"
            } else if errors.iter().any(|e| e.starts_with("ReferenceError")) {
                "ReferenceError"
            } else {
                "Exception"
            }
        }
        Outcome::Error => match envelope.error_kind {
            Some(ErrorKind::WallBackstop) => "Timeout",
            // MultiPL-E's C++ evaluator calls every failed build, a timed
            // out one included, a SyntaxError.
            Some(ErrorKind::CompileTimeout) => "SyntaxError",
            _ if envelope
                .detail
                .as_deref()
                .unwrap_or("")
                .starts_with("ReferenceError") =>
            {
                "ReferenceError"
            }
            _ => "Exception",
        },
    }
}

impl Format for MultiplFormat {
    fn item(&self, text: &str) -> Item {
        self.items(text).swap_remove(0)
    }

    fn items(&self, text: &str) -> Vec<Item> {
        let fail = |id: Option<String>, message: String| {
            vec![Item {
                task: Err(TaskError {
                    id,
                    language: None,
                    total: 1,
                    message,
                }),
                extra: Map::new(),
            }]
        };
        let value = match crate::json::parse(text) {
            Ok(value) => value,
            Err(message) => return fail(None, message),
        };
        let text_field = |name: &str| value.get(name).and_then(Value::as_str);
        let Some(name) = text_field("name") else {
            return fail(
                None,
                "missing string field \"name\" (a MultiPL-E problem)".into(),
            );
        };
        let id = Some(name.to_string());
        let language = match text_field("language").map(Language::parse) {
            Some(Ok(language)) => language,
            Some(Err(e)) => return fail(id, e.to_string()),
            None => return fail(id, "missing string field \"language\"".into()),
        };
        let (Some(prompt), Some(tests)) = (text_field("prompt"), text_field("tests")) else {
            return fail(id, "needs string fields \"prompt\" and \"tests\"".into());
        };
        let stop_tokens: Vec<String> = match value.get("stop_tokens") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(tokens)) => tokens
                .iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect(),
            Some(other) => {
                return fail(id, format!("\"stop_tokens\" must be a list, not {other}"));
            }
        };
        let Some(completions) = value.get("completions").and_then(Value::as_array) else {
            return fail(id, "missing list field \"completions\"".into());
        };
        if completions.is_empty() {
            return fail(id, "\"completions\" is empty".into());
        }
        let mut header = value.as_object().cloned().unwrap_or_default();
        header.remove("completions");
        completions
            .iter()
            .enumerate()
            .map(|(index, completion)| {
                let Some(completion) = completion.as_str() else {
                    return fail(
                        id.clone(),
                        format!("\"completions\"[{index}] is not a string"),
                    )
                    .swap_remove(0);
                };
                let completion = cut_at_stop_tokens(completion, &stop_tokens);
                let mut extra = header.clone();
                extra.insert(
                    "program".into(),
                    Value::String(format!("{prompt}{completion}\n{tests}")),
                );
                let mut task = Task::new(
                    language,
                    Source::Code(format!("{prompt}{completion}")),
                    Checks::Assertions(vec![tests.to_string()]),
                )
                .with_id(name)
                .with_timeout(self.timeout_s);
                if language == Language::TypeScript {
                    // Its evaluator runs `tsc` first: a type error fails.
                    task = task.with_runtime(crate::runtime::tsc::RUNTIME);
                }
                if matches!(language, Language::C | Language::Cpp) {
                    // The test's own unit declares what it calls from the
                    // prompt, not from the candidate's code.
                    task.setup.prelude = prompt.to_string();
                }
                Item {
                    task: Ok(task),
                    extra,
                }
            })
            .collect()
    }

    fn render(&self, extra: Map<String, Value>, envelope: &Envelope) -> Value {
        self.render_line(vec![(extra, envelope.clone())])
    }

    fn render_line(&self, scored: Vec<(Map<String, Value>, Envelope)>) -> Value {
        let mut line = Map::new();
        let mut results = Vec::with_capacity(scored.len());
        for (mut extra, envelope) in scored {
            let program = extra.remove("program").unwrap_or(Value::Null);
            if line.is_empty() {
                line = extra;
            }
            let status = status(&envelope);
            let exit_code = match status {
                "OK" => json!(0),
                "Timeout" => Value::Null,
                _ => json!(1),
            };
            results.push(json!({
                "program": program,
                "status": status,
                "stdout": envelope.stdout,
                "stderr": envelope.stderr,
                "exit_code": exit_code,
                "timestamp": 0,
                "envelope": envelope,
            }));
        }
        line.insert("results".into(), Value::Array(results));
        Value::Object(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completions_are_cut_at_the_earliest_stop_token() {
        let tokens = vec!["\nfunction ".to_string(), "\n//".to_string()];
        assert_eq!(
            cut_at_stop_tokens("  return 1;\n}\n// test\nfunction x() {}", &tokens),
            "  return 1;\n}"
        );
        assert_eq!(
            cut_at_stop_tokens("  return 1;\n}\n", &tokens),
            "  return 1;\n}\n"
        );
    }

    #[test]
    fn a_line_becomes_one_task_per_completion_and_one_results_line() {
        let format = MultiplFormat { timeout_s: 3.0 };
        let line = r#"{"name": "P_0", "language": "js", "prompt": "function f(){\n",
                       "tests": "test();", "stop_tokens": ["\n//"], "temperature": 0.2,
                       "completions": ["  return 1\n}\n// x", "  return 2\n}"]}"#;
        let items = format.items(line);
        assert_eq!(items.len(), 2);
        let task = items[0].task.as_ref().unwrap();
        assert_eq!(task.id.as_deref(), Some("P_0"));
        assert_eq!(
            task.source,
            Source::Code("function f(){\n  return 1\n}".into())
        );
        let envelope = Envelope::failed_before_run(None, "javascript", 1, ErrorKind::Trap, "x");
        let rendered = format.render_line(
            items
                .into_iter()
                .map(|i| (i.extra, envelope.clone()))
                .collect(),
        );
        assert_eq!(rendered["name"], "P_0");
        assert_eq!(rendered["temperature"], 0.2);
        assert!(rendered.get("completions").is_none());
        assert_eq!(
            rendered["results"][1]["program"],
            "function f(){\n  return 2\n}\ntest();"
        );
        assert_eq!(rendered["results"][0]["status"], "Exception");
    }
}
