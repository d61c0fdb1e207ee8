//! The task format: one JSON object per task (one per line in a .jsonl).
//!
//! ```json
//! {"id": "add-1", "language": "python", "generation": "...",
//!  "targets": ["assert add(1, 2) == 3"], "metadata": {"timeout_s": 3}}
//! ```
//!
//! `language` defaults to python; `runtime` defaults to the language's
//! runtime; `id` may be a string or a number; unknown fields are ignored;
//! `metadata.timeout_s` is clamped to 30 s. A task may give `code` (already
//! extracted) instead of `generation`, and an `extract` strategy of its own.
//! A TypeScript task may say `"typecheck": true`: it runs on
//! `typescript-checked`, which fails a program tsc finds type errors in.
//!
//! What a task checks is its [`Checks`], one variant per *task kind*, each
//! with its own judge (see `crate::judge`): assertion strings (`targets`),
//! or input/output cases (`input_output`, `test_cases`, `public_tests`...:
//! see `crate::io_cases`). A task gives exactly one of them.

use crate::extract::Strategy;
use crate::fuel;
use crate::io_cases::IoCases;
use crate::language::Language;
use serde_json::Value;

/// What a task checks, and so how its candidate is judged.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Checks {
    /// Assertion strings, each run on its own against the candidate's
    /// namespace (HumanEval, MBPP).
    Assertions(Vec<String>),
    /// Input/output cases, each run in a fresh instance: a program's stdin
    /// and expected stdout, or a function's arguments and expected return
    /// value (APPS, TACO, CodeContests, LiveCodeBench).
    Io(IoCases),
    /// A unit-test file (pytest or unittest style in Python, `node:test` in
    /// JavaScript) run against the candidate imported as a module; each
    /// test it holds is a target.
    TestFile(TestFile),
}

/// A unit-test file of a task.
#[derive(Debug, Clone, PartialEq)]
pub struct TestFile {
    pub source: String,
    /// Its file name, the start of every test id (default
    /// `test_<module>.py`, `<module>.test.js`).
    pub filename: String,
    /// The module name the test file imports the candidate by (default
    /// `solution`).
    pub module: String,
}

impl Checks {
    /// How many targets the task has (the envelope's `total`).
    pub fn count(&self) -> usize {
        match self {
            Checks::Assertions(targets) => targets.len(),
            Checks::Io(cases) => cases.cases.len(),
            // Known once the file is collected.
            Checks::TestFile(_) => 0,
        }
    }
}

/// How assertion targets' names are set up in the judge, which never takes
/// a name from the candidate that a test resolves to its own: code the
/// judge runs first in the targets' namespace (`prelude`: a HumanEval
/// prompt's imports and helpers, compiled from the problem file), and the
/// one name the candidate contributes (`entry_point`). Without an entry
/// point, the candidate contributes the names the targets use and neither
/// they, the prelude nor the built-ins define (Python; see
/// runtimes/python/harness.py).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Setup {
    pub prelude: String,
    pub entry_point: Option<String>,
}

/// Where the candidate's code comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// Free-form model output; code is extracted from it.
    Generation(String),
    /// Code to run as is.
    Code(String),
}

/// One validated task.
///
/// Build one with [`Task::new`] and the `with_*` methods, or parse one with
/// [`Task::from_json`].
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Task {
    pub id: Option<String>,
    pub language: Language,
    /// The runtime that runs it (a manifest id: `python`, `javascript`).
    pub runtime: String,
    pub source: Source,
    pub checks: Checks,
    pub timeout_s: f64,
    /// The task's own extraction strategy, overriding the caller's default.
    pub extract: Option<Strategy>,
    /// Index of this sample among the samples of its task (field `sample`);
    /// part of the random seed. `eval` numbers repeated ids 0, 1, 2, ...
    /// when the field is absent.
    pub sample: Option<u64>,
    /// A fuel budget replacing the one derived from `timeout_s` (set by
    /// `--budget-from-reference`).
    pub fuel: Option<u64>,
    /// How assertion targets' names are set up in the judge (field
    /// `entry_point`; HumanEval problems add their prompt).
    pub setup: Setup,
}

/// Why a task could not be read; `id` is kept when it could be.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskError {
    pub id: Option<String>,
    pub language: Option<Language>,
    pub total: usize,
    pub message: String,
}

impl std::fmt::Display for TaskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TaskError {}

impl Task {
    /// A task with defaults: no id, the language's runtime, the default
    /// timeout, the caller's extraction, sample and budget.
    pub fn new(language: Language, source: Source, checks: Checks) -> Task {
        Task {
            id: None,
            language,
            runtime: language.default_runtime().to_string(),
            source,
            checks,
            timeout_s: fuel::DEFAULT_TIMEOUT_S,
            extract: None,
            sample: None,
            fuel: None,
            setup: Setup::default(),
        }
    }

    /// Python code (no extraction) checked by assertion strings.
    pub fn python(code: impl Into<String>, targets: &[&str]) -> Task {
        Task::new(
            Language::Python,
            Source::Code(code.into()),
            Checks::Assertions(targets.iter().map(|t| t.to_string()).collect()),
        )
    }

    pub fn with_id(mut self, id: impl Into<String>) -> Task {
        self.id = Some(id.into());
        self
    }

    pub fn with_timeout(mut self, seconds: f64) -> Task {
        self.timeout_s = fuel::clamp_timeout(seconds);
        self
    }

    pub fn with_runtime(mut self, runtime: impl Into<String>) -> Task {
        self.runtime = runtime.into();
        self
    }

    pub fn with_sample(mut self, sample: u64) -> Task {
        self.sample = Some(sample);
        self
    }

    pub fn with_extract(mut self, strategy: Strategy) -> Task {
        self.extract = Some(strategy);
        self
    }

    /// About how many bytes of memory the task holds (its texts and
    /// cases), to bound what is in flight at once.
    pub fn weight(&self) -> usize {
        fn json(value: &Value) -> usize {
            match value {
                Value::String(s) => s.len() + 24,
                Value::Array(items) => 24 + items.iter().map(json).sum::<usize>(),
                Value::Object(map) => {
                    24 + map
                        .iter()
                        .map(|(k, v)| k.len() + 24 + json(v))
                        .sum::<usize>()
                }
                _ => 24,
            }
        }
        let source = match &self.source {
            Source::Generation(text) | Source::Code(text) => text.len(),
        };
        let checks = match &self.checks {
            Checks::Assertions(targets) => targets.iter().map(|t| t.len() + 24).sum(),
            Checks::TestFile(file) => file.source.len(),
            Checks::Io(cases) => cases
                .cases
                .iter()
                .map(|c| {
                    c.name.len()
                        + match &c.case {
                            crate::io_cases::Case::Stdin { input, output } => {
                                input.len() + output.len()
                            }
                            crate::io_cases::Case::Call { args, expected, .. } => {
                                args.iter().map(json).sum::<usize>() + json(expected)
                            }
                        }
                })
                .sum(),
        };
        256 + source + checks
    }

    /// Parse one JSON text (a line of a .jsonl file or a whole .json file).
    pub fn from_json(text: &str) -> Result<Task, TaskError> {
        let value = crate::json::parse(text).map_err(|message| TaskError {
            id: None,
            language: None,
            total: 0,
            message,
        })?;
        Task::from_value(&value)
    }

    /// Validate a parsed JSON value.
    pub fn from_value(value: &Value) -> Result<Task, TaskError> {
        let mut error = TaskError {
            id: None,
            language: None,
            total: 0,
            message: String::new(),
        };
        let fail = |mut error: TaskError, message: String| {
            error.message = message;
            Err(error)
        };
        let Some(object) = value.as_object() else {
            return fail(error, "a task must be a JSON object".into());
        };
        let id = match object.get("id").or_else(|| object.get("task_id")) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            Some(other) => {
                return fail(
                    error,
                    format!("\"id\" must be a string or number, not {other}"),
                );
            }
        };
        error.id = id.clone();
        let language = match object.get("language") {
            None | Some(Value::Null) => Language::Python,
            Some(Value::String(name)) => match Language::parse(name) {
                Ok(language) => language,
                Err(e) => return fail(error, e.to_string()),
            },
            Some(other) => {
                return fail(error, format!("\"language\" must be a string, not {other}"));
            }
        };
        error.language = Some(language);
        let runtime = match object.get("runtime") {
            None | Some(Value::Null) => language.default_runtime().to_string(),
            Some(Value::String(id)) => match crate::install::spec(id) {
                Ok(spec) if spec.language == language.as_str() => spec.id,
                Ok(spec) => {
                    return fail(
                        error,
                        format!(
                            "runtime '{}' runs {}, but the task's language is {language}",
                            spec.id, spec.language
                        ),
                    );
                }
                Err(e) => return fail(error, e.to_string()),
            },
            Some(other) => {
                return fail(error, format!("\"runtime\" must be a string, not {other}"));
            }
        };
        let runtime = match typechecked(object, language, runtime) {
            Ok(runtime) => runtime,
            Err(message) => return fail(error, message),
        };
        let io = crate::io_cases::parse(object);
        let given: Vec<&str> = ["targets", "test_file"]
            .into_iter()
            .chain(crate::io_cases::FIELDS)
            .filter(|f| object.contains_key(*f))
            .collect();
        if given.len() > 1 && (given.contains(&"test_file") || given.contains(&"targets")) {
            return fail(
                error,
                format!(
                    "give one of \"targets\" (assertions), \"test_file\" or test cases ({}), \
                     not {}",
                    crate::io_cases::FIELDS.join(", "),
                    given.join(" and ")
                ),
            );
        }
        if object.contains_key("test_file") {
            let checks = match test_file(object, language) {
                Ok(file) => Checks::TestFile(file),
                Err(message) => return fail(error, message),
            };
            return finish(object, error, id, language, runtime, checks);
        }
        let checks = match (object.get("targets"), io) {
            (Some(_), Some(_)) => {
                return fail(
                    error,
                    format!(
                        "give either \"targets\" (assertions) or test cases ({}), not both",
                        crate::io_cases::FIELDS.join(", ")
                    ),
                );
            }
            (None, Some(Err(message))) => return fail(error, message),
            (None, Some(Ok(cases))) => Checks::Io(cases),
            (Some(Value::Array(items)), None) => {
                let mut targets = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    match item {
                        Value::String(s) => targets.push(s.clone()),
                        other => {
                            return fail(
                                error,
                                format!("\"targets\"[{i}] must be a string, not {other}"),
                            );
                        }
                    }
                }
                if targets.is_empty() {
                    return fail(
                        error,
                        "\"targets\" is empty: give at least one assertion".into(),
                    );
                }
                Checks::Assertions(targets)
            }
            (Some(other), None) => {
                return fail(
                    error,
                    format!("\"targets\" must be an array of strings, not {other}"),
                );
            }
            (None, None) => {
                return fail(
                    error,
                    format!(
                        "missing field \"targets\" (the assertion strings) or test cases ({})",
                        crate::io_cases::FIELDS.join(", ")
                    ),
                );
            }
        };
        error.total = checks.count();
        finish(object, error, id, language, runtime, checks)
    }
}

/// A task's unit-test file: `test_file` (its source), `test_filename`,
/// `module`.
fn test_file(
    object: &serde_json::Map<String, Value>,
    language: Language,
) -> Result<TestFile, String> {
    let text = |name: &str| -> Result<Option<String>, String> {
        match object.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(format!("\"{name}\" must be a string, not {other}")),
        }
    };
    let source = text("test_file")?.unwrap_or_default();
    if source.trim().is_empty() {
        return Err("\"test_file\" is empty: give the test file's source".into());
    }
    let module = text("module")?.unwrap_or_else(|| "solution".into());
    let identifier = module
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && module.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !identifier {
        return Err(format!("\"module\" {module:?} is not a module name"));
    }
    let filename = match (text("test_filename")?, language) {
        (_, Language::C | Language::Cpp) => {
            return Err(format!(
                "unit-test files are for Python and JavaScript; a {language} program's test is \
                 part of the program (give it as an assertion string: it is appended to the code)"
            ));
        }
        (Some(filename), _) => filename,
        (None, Language::Python) => format!("test_{module}.py"),
        (None, _) => format!("{module}.test.js"),
    };
    if filename.is_empty() || filename.contains(['/', '\\', ':']) || filename.starts_with('.') {
        return Err(format!(
            "\"test_filename\" {filename:?} must be a plain file name"
        ));
    }
    if language == Language::Python && !filename.ends_with(".py") {
        return Err(format!("\"test_filename\" {filename:?} must end in .py"));
    }
    Ok(TestFile {
        source,
        filename,
        module,
    })
}

/// The runtime once the task's `"typecheck"` is read: `true` asks for
/// TypeScript checked by tsc first (`typescript-checked`).
fn typechecked(
    object: &serde_json::Map<String, Value>,
    language: Language,
    runtime: String,
) -> Result<String, String> {
    let checked = crate::runtime::tsc::RUNTIME;
    match object.get("typecheck") {
        None | Some(Value::Null) => Ok(runtime),
        Some(Value::Bool(false)) if runtime == checked => Err(format!(
            "\"typecheck\": false, but the runtime is '{checked}', which checks types"
        )),
        Some(Value::Bool(false)) => Ok(runtime),
        Some(Value::Bool(true)) if language != Language::TypeScript => Err(format!(
            "\"typecheck\" is for TypeScript tasks; this task's language is {language}"
        )),
        Some(Value::Bool(true)) if runtime == language.default_runtime() || runtime == checked => {
            Ok(checked.to_string())
        }
        Some(Value::Bool(true)) => Err(format!(
            "\"typecheck\": true runs the task on '{checked}', but its \"runtime\" is '{runtime}'"
        )),
        Some(other) => Err(format!("\"typecheck\" must be true or false, not {other}")),
    }
}

/// The fields every task kind shares, after its checks were read.
fn finish(
    object: &serde_json::Map<String, Value>,
    mut error: TaskError,
    id: Option<String>,
    language: Language,
    runtime: String,
    checks: Checks,
) -> Result<Task, TaskError> {
    let fail = |mut error: TaskError, message: String| {
        error.message = message;
        Err(error)
    };
    error.total = checks.count();
    {
        let text_field = |name: &str| -> Result<Option<String>, String> {
            match object.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(other) => Err(format!("\"{name}\" must be a string, not {other}")),
            }
        };
        let source = match (text_field("generation"), text_field("code")) {
            (Err(message), _) | (_, Err(message)) => return fail(error, message),
            (Ok(Some(_)), Ok(Some(_))) => {
                return fail(
                    error,
                    "give either \"generation\" (the model output, code is extracted from it) \
                     or \"code\" (code to run as is), not both"
                        .into(),
                );
            }
            (Ok(Some(generation)), _) => Source::Generation(generation),
            (Ok(None), Ok(Some(code))) => Source::Code(code),
            (Ok(None), Ok(None)) => {
                return fail(
                    error,
                    "missing field \"generation\" (the model output)".into(),
                );
            }
        };
        let extract = match text_field("extract") {
            Err(message) => return fail(error, message),
            Ok(None) => None,
            Ok(Some(name)) => match Strategy::parse(&name) {
                Ok(strategy) => Some(strategy),
                Err(e) => return fail(error, e.to_string()),
            },
        };
        let timeout_s = match object.get("metadata").and_then(|m| m.get("timeout_s")) {
            None | Some(Value::Null) => fuel::DEFAULT_TIMEOUT_S,
            Some(Value::Number(n)) => match n.as_f64().filter(|s| s.is_finite() && *s > 0.0) {
                Some(seconds) => fuel::clamp_timeout(seconds),
                None => {
                    return fail(
                        error,
                        format!(
                            "\"metadata.timeout_s\" must be a positive number of seconds, \
                             not {n} (at most {} counts)",
                            fuel::MAX_TIMEOUT_S
                        ),
                    );
                }
            },
            Some(other) => {
                return fail(
                    error,
                    format!("\"metadata.timeout_s\" must be a number, not {other}"),
                );
            }
        };
        let sample = match object.get("sample") {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64(),
            Some(other) => {
                return fail(
                    error,
                    format!("\"sample\" must be a non-negative integer, not {other}"),
                );
            }
        };
        let entry_point = match object.get("entry_point") {
            None | Some(Value::Null) => None,
            Some(Value::String(name)) if is_identifier(name) => Some(name.clone()),
            Some(other) => {
                return fail(
                    error,
                    format!("\"entry_point\" must be the name of a function, not {other}"),
                );
            }
        };
        let prelude = match object.get("declaration") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(text)) if matches!(language, Language::C | Language::Cpp) => {
                text.clone()
            }
            Some(Value::String(_)) => {
                return fail(
                    error,
                    "\"declaration\" is for C and C++ tasks (what their test's translation \
                     unit starts with)"
                        .into(),
                );
            }
            Some(other) => {
                return fail(
                    error,
                    format!("\"declaration\" must be a string of C or C++, not {other}"),
                );
            }
        };
        Ok(Task {
            id,
            language,
            runtime,
            source,
            checks,
            timeout_s,
            extract,
            sample,
            fuel: None,
            setup: Setup {
                prelude,
                entry_point,
            },
        })
    }
}

/// Whether `name` is an identifier (ASCII letters, digits and `_`, not
/// starting with a digit; `$` too, for JavaScript).
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_example_parses() {
        let task = Task::from_json(
            r#"{"id": "add-1", "language": "python", "generation": "x", "targets": ["assert 1"],
                "metadata": {"timeout_s": 300}, "unknown": true}"#,
        )
        .unwrap();
        assert_eq!(task.id.as_deref(), Some("add-1"));
        assert_eq!(task.timeout_s, fuel::MAX_TIMEOUT_S);
        assert_eq!(task.source, Source::Generation("x".into()));
    }

    #[test]
    fn test_files_get_default_names_by_language() {
        let py = Task::from_json(r#"{"code": "x", "test_file": "def test_a(): pass"}"#).unwrap();
        let Checks::TestFile(file) = &py.checks else {
            panic!("not a test file task");
        };
        assert_eq!(
            (file.module.as_str(), file.filename.as_str()),
            ("solution", "test_solution.py")
        );
        let js = Task::from_json(
            r#"{"code": "x", "language": "js", "module": "stack", "test_file": "t"}"#,
        )
        .unwrap();
        let Checks::TestFile(file) = &js.checks else {
            panic!("not a test file task");
        };
        assert_eq!(file.filename, "stack.test.js");
    }

    #[test]
    fn typecheck_picks_the_checked_typescript_runtime() {
        let parse = |fields: &str| {
            Task::from_json(&format!(r#"{{"code": "x", "targets": ["t"], {fields}}}"#))
                .map(|task| task.runtime)
                .map_err(|e| e.message)
        };
        assert_eq!(parse(r#""language": "ts""#).unwrap(), "typescript");
        assert_eq!(
            parse(r#""language": "ts", "typecheck": true"#).unwrap(),
            "typescript-checked"
        );
        assert_eq!(
            parse(r#""language": "ts", "runtime": "typescript-checked""#).unwrap(),
            "typescript-checked"
        );
        assert_eq!(
            parse(r#""language": "ts", "typecheck": false"#).unwrap(),
            "typescript"
        );
        for (fields, says) in [
            (r#""typecheck": true"#, "for TypeScript tasks"),
            (r#""language": "ts", "typecheck": "yes""#, "true or false"),
            (
                r#""language": "ts", "runtime": "typescript-checked", "typecheck": false"#,
                "which checks types",
            ),
        ] {
            let message = parse(fields).unwrap_err();
            assert!(message.contains(says), "{fields}: {message}");
        }
    }

    #[test]
    fn defaults_and_numeric_ids() {
        let task =
            Task::from_json(r#"{"id": 7, "code": "x = 1", "targets": ["assert x"]}"#).unwrap();
        assert_eq!(task.id.as_deref(), Some("7"));
        assert_eq!(task.language, Language::Python);
        assert_eq!(task.timeout_s, fuel::DEFAULT_TIMEOUT_S);
        assert_eq!(task.source, Source::Code("x = 1".into()));
    }

    #[test]
    fn problems_are_named() {
        let cases = [
            ("[1]", "JSON object"),
            ("{", "invalid JSON"),
            (
                r#"{"id": "a", "generation": "x"}"#,
                "missing field \"targets\"",
            ),
            (
                r#"{"id": "a", "targets": ["x"]}"#,
                "missing field \"generation\"",
            ),
            (
                r#"{"id": "a", "generation": "x", "targets": [1]}"#,
                "\"targets\"[0]",
            ),
            (
                r#"{"id": "a", "generation": "x", "targets": []}"#,
                "is empty",
            ),
            (
                r#"{"language": "cobol", "generation": "x", "targets": ["a"]}"#,
                "unsupported language",
            ),
            (
                r#"{"runtime": "cobol", "generation": "x", "targets": ["a"]}"#,
                "unknown runtime 'cobol'",
            ),
            (
                r#"{"runtime": "javascript", "generation": "x", "targets": ["a"]}"#,
                "runtime 'javascript' runs javascript",
            ),
            (
                r#"{"code": "x", "test_file": "  "}"#,
                "\"test_file\" is empty",
            ),
            (
                r#"{"code": "x", "test_file": "t", "targets": ["a"]}"#,
                "not targets and test_file",
            ),
            (
                r#"{"code": "x", "test_file": "t", "module": "a.b"}"#,
                "is not a module name",
            ),
            (
                r#"{"code": "x", "test_file": "t", "test_filename": "../t.py"}"#,
                "must be a plain file name",
            ),
            (
                r#"{"code": "x", "test_file": "t", "test_filename": "t.txt"}"#,
                "must end in .py",
            ),
            (
                r#"{"code": "x", "generation": "y", "targets": ["a"]}"#,
                "not both",
            ),
            (
                r#"{"code": "x", "code": "y", "targets": ["a"]}"#,
                "duplicate key \"code\"",
            ),
            (
                "\u{feff}{\"code\": \"x\", \"targets\": [\"a\"]}",
                "byte-order mark",
            ),
        ];
        for bad in ["0", "-0", "-5", "1e999", "-1e999"] {
            let text =
                format!(r#"{{"code": "x", "targets": ["a"], "metadata": {{"timeout_s": {bad}}}}}"#);
            let err = Task::from_json(&text).unwrap_err();
            assert!(
                err.message.contains("positive number"),
                "{bad}: {}",
                err.message
            );
        }
        let text = r#"{"code": "x", "targets": ["a"], "metadata": {"timeout_s": 1e300}}"#;
        assert_eq!(
            Task::from_json(text).unwrap().timeout_s,
            fuel::MAX_TIMEOUT_S
        );
        for (text, expected) in cases {
            let err = Task::from_json(text).unwrap_err();
            assert!(err.message.contains(expected), "{text}: {}", err.message);
        }
        assert_eq!(
            Task::from_json(r#"{"id": "a", "generation": "x"}"#)
                .unwrap_err()
                .id
                .as_deref(),
            Some("a")
        );
    }
}
