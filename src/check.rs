//! Static evaluators: pyright, mypy and ty over extracted code, with
//! openevals' result shape (`key`, `score`, `comment`, `metadata`).
//!
//! An [`Evaluator`] holds a checker, its arguments and an extractor. It
//! writes the code to a private temporary directory, runs the checker on it
//! and turns error-severity diagnostics into a JSON list in `comment`, one
//! shape for all three checkers (0-based lines and characters, as pyright
//! reports them), without the temporary path. Batches group many files per
//! checker process, since starting a checker costs far more than checking a
//! small file.
//!
//! The checkers are pinned and installed by `wasmeval checkers install`
//! into the cache directory: ty's binary from its wheel on the package
//! index (no Python needed), mypy from PyPI into a virtualenv (mypy is a
//! Python program: this needs a Python 3 with `venv`), pyright from npm
//! (a Node.js program); a missing checker is an error saying how to
//! install it.

use crate::extract::{ExtractError, Extractor, LlmConfig, Strategy};
use crate::install::Cache;
use crate::language::Language;
use crate::platform::Os;
use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;

/// The pinned checker versions.
pub const PYRIGHT_VERSION: &str = "1.1.414";
pub const MYPY_VERSION: &str = "2.4.1";
pub const TY_VERSION: &str = "0.0.104";

/// Environment variable naming the Python interpreter that creates mypy's
/// virtualenv (default `python3`; `python` on Windows; the Python package
/// sets it to its own interpreter). Scoring never runs a host Python.
pub const CHECKER_PYTHON_ENV: &str = "WASMEVAL_CHECKER_PYTHON";

/// mypy's default arguments (replaceable with `--checker-arg`).
pub const MYPY_DEFAULT_ARGS: &[&str] = &[
    "--no-incremental",
    "--disallow-untyped-calls",
    "--disallow-incomplete-defs",
    "--ignore-missing-imports",
];

/// Files per checker process in a batch.
pub const FILES_PER_RUN: usize = 100;

/// Time one checker process may take (it checks up to `FILES_PER_RUN`
/// files); past it the process is stopped and its files get an `internal`
/// result.
pub const CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(300);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Checker {
    Pyright,
    Mypy,
    Ty,
}

impl Checker {
    pub const ALL: [Checker; 3] = [Checker::Pyright, Checker::Mypy, Checker::Ty];

    pub fn parse(name: &str) -> Result<Checker> {
        match name.trim().to_ascii_lowercase().as_str() {
            "pyright" => Ok(Checker::Pyright),
            "mypy" => Ok(Checker::Mypy),
            "ty" => Ok(Checker::Ty),
            other => bail!("unknown checker '{other}' (known: pyright, mypy, ty)"),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Checker::Pyright => "pyright",
            Checker::Mypy => "mypy",
            Checker::Ty => "ty",
        }
    }

    /// The result key, as in openevals.
    pub fn key(self) -> String {
        format!("{}_succeeded", self.name())
    }
}

/// openevals' EvaluatorResult.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvaluatorResult {
    pub key: String,
    pub score: bool,
    pub comment: Option<String>,
    pub metadata: Option<Value>,
}

/// One diagnostic, the same shape for every checker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// `error`, or (mypy) `note`: only errors fail a check.
    pub severity: String,
    pub message: String,
    pub range: Range,
    pub rule: Option<String>,
    /// The checker's own record of it, where it has one (pyright's JSON
    /// object without its `file`), for callers that render it as the
    /// checker did.
    #[serde(skip)]
    pub raw: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Range {
    pub start: Position,
    pub end: Position,
}

/// 0-based line and character.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Position {
    pub line: u64,
    pub character: u64,
}

/// ty's binary in its wheel's scripts and in the toolbox.
const TY_BINARY: &str = if cfg!(windows) { "ty.exe" } else { "ty" };

/// Where the pinned checkers live.
#[derive(Debug, Clone)]
pub struct Toolbox {
    root: PathBuf,
}

impl Toolbox {
    pub fn new(cache: &Cache) -> Toolbox {
        Toolbox {
            root: cache.root().join("checkers"),
        }
    }

    fn venv(&self) -> PathBuf {
        self.root.join("venv")
    }

    fn ty_dir(&self) -> PathBuf {
        self.root.join(format!("ty-{TY_VERSION}"))
    }

    fn npm_prefix(&self) -> PathBuf {
        self.root.join("npm")
    }

    /// The checker's executable, or an error that says how to install it.
    pub fn executable(&self, checker: Checker) -> Result<PathBuf> {
        let path = match checker {
            Checker::Pyright => Os::HOST.npm_bin(&self.npm_prefix(), "pyright"),
            Checker::Mypy => Os::HOST.venv_executable(&self.venv(), "mypy"),
            Checker::Ty => self.ty_dir().join(TY_BINARY),
        };
        if path.is_file() {
            Ok(path)
        } else {
            Err(anyhow!(
                "{} is not installed (looked for {}); run `wasmeval checkers install`",
                checker.name(),
                path.display()
            ))
        }
    }

    /// Install the pinned checkers: ty from its wheel, mypy with pip into
    /// a virtualenv, pyright with npm. Safe to run again (it re-pins).
    pub fn install(&self) -> Result<()> {
        std::fs::create_dir_all(&self.root)
            .with_context(|| format!("creating {}", self.root.display()))?;
        self.install_ty().context("installing ty")?;
        let python =
            std::env::var(CHECKER_PYTHON_ENV).unwrap_or_else(|_| Os::HOST.default_python().into());
        let venv = self.venv();
        let venv_python = Os::HOST.venv_executable(&venv, "python");
        if !venv_python.is_file() {
            run_install(
                std::process::Command::new(&python)
                    .args(["-m", "venv"])
                    .arg(&venv),
                &format!(
                    "creating a virtualenv for mypy with '{python}' (needs Python 3 with venv; \
                     {CHECKER_PYTHON_ENV} names another interpreter)"
                ),
            )?;
        }
        run_install(
            std::process::Command::new(&venv_python)
                .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
                .arg(format!("mypy=={MYPY_VERSION}")),
            "installing mypy with pip",
        )?;
        let prefix = self.npm_prefix();
        std::fs::create_dir_all(&prefix)?;
        run_install(
            std::process::Command::new(Os::HOST.npm())
                .args(["install", "--no-audit", "--no-fund", "--silent", "--prefix"])
                .arg(&prefix)
                .arg(format!("pyright@{PYRIGHT_VERSION}")),
            "installing pyright with npm (needs Node.js and npm)",
        )?;
        Ok(())
    }

    /// Download ty's wheel for this platform from the package index (its
    /// listed SHA-256 checked) and take the binary out of it.
    fn install_ty(&self) -> Result<()> {
        let target = self.ty_dir().join(TY_BINARY);
        if target.is_file() {
            return Ok(());
        }
        let staging = tempfile::tempdir_in(&self.root)?;
        let wheel = crate::install::index::download_wheel("ty", TY_VERSION, &[], staging.path())?;
        let binary = crate::install::read_from_wheel(
            &wheel,
            &format!("ty-{TY_VERSION}.data/scripts/{TY_BINARY}"),
        )?;
        let unpacked = staging.path().join(TY_BINARY);
        std::fs::write(&unpacked, binary)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&unpacked, std::fs::Permissions::from_mode(0o755))?;
        }
        std::fs::create_dir_all(self.ty_dir())?;
        std::fs::rename(&unpacked, &target)
            .with_context(|| format!("installing {}", target.display()))?;
        Ok(())
    }
}

fn run_install(command: &mut std::process::Command, what: &str) -> Result<()> {
    let output = command
        .output()
        .with_context(|| format!("{what}: could not start"))?;
    if !output.status.success() {
        bail!(
            "{what} failed ({}):\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(())
}

/// A checker with its arguments and extraction strategy.
#[derive(Clone)]
pub struct Evaluator {
    checker: Checker,
    args: Vec<String>,
    extractor: Extractor,
    executable: PathBuf,
    timeout: std::time::Duration,
}

/// Builds an [`Evaluator`]; mirrors openevals' `create_*_evaluator`.
pub struct EvaluatorBuilder {
    checker: Checker,
    args: Option<Vec<String>>,
    strategy: Strategy,
    llm: Option<LlmConfig>,
    custom: Option<Extractor>,
    timeout: std::time::Duration,
}

impl EvaluatorBuilder {
    /// Arguments for the checker (for mypy they replace the defaults).
    pub fn args(mut self, args: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.args = Some(args.into_iter().map(Into::into).collect());
        self
    }

    /// How code is extracted: none, markdown (default) or llm.
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// The LLM endpoint; only valid with the llm strategy.
    pub fn llm(mut self, config: LlmConfig) -> Self {
        self.llm = Some(config);
        self
    }

    /// A custom extractor (closure, async function, command), replacing the
    /// strategy.
    pub fn extractor(mut self, extractor: Extractor) -> Self {
        self.custom = Some(extractor);
        self
    }

    /// Time one checker process may take (default [`CHECK_TIMEOUT`]).
    pub fn timeout(mut self, timeout: std::time::Duration) -> Self {
        self.timeout = timeout;
        self
    }

    pub fn build(self, toolbox: &Toolbox) -> Result<Evaluator> {
        if self.llm.is_some() && (self.strategy != Strategy::Llm || self.custom.is_some()) {
            bail!(
                "an LLM endpoint was given but the extraction strategy is {}, not llm",
                self.strategy
            );
        }
        let extractor = match self.custom {
            Some(extractor) => extractor,
            None => Extractor::from_strategy(self.strategy, &self.llm.unwrap_or_default())?,
        };
        let args = self.args.unwrap_or_else(|| match self.checker {
            Checker::Mypy => MYPY_DEFAULT_ARGS.iter().map(|s| s.to_string()).collect(),
            _ => Vec::new(),
        });
        Ok(Evaluator {
            checker: self.checker,
            args,
            extractor,
            executable: toolbox.executable(self.checker)?,
            timeout: self.timeout,
        })
    }
}

impl Evaluator {
    pub fn builder(checker: Checker) -> EvaluatorBuilder {
        EvaluatorBuilder {
            checker,
            args: None,
            strategy: Strategy::Markdown,
            llm: None,
            custom: None,
            timeout: CHECK_TIMEOUT,
        }
    }

    pub fn checker(&self) -> Checker {
        self.checker
    }

    /// Check one model output (async, non-blocking process spawn).
    pub async fn check_async(&self, output: &str) -> EvaluatorResult {
        self.check_many(&[output.to_string()])
            .await
            .pop()
            .expect("one result per output")
    }

    /// Check one model output from synchronous code.
    ///
    /// (Runs on a small process-wide runtime, so it may be called from any
    /// thread, even one inside another tokio runtime.)
    pub fn check(&self, output: &str) -> EvaluatorResult {
        let evaluator = self.clone();
        let output = output.to_string();
        crate::block_on(async move { evaluator.check_async(&output).await })
    }

    /// Check many outputs, grouping files per checker process; results in
    /// input order.
    pub async fn check_many(&self, outputs: &[String]) -> Vec<EvaluatorResult> {
        let mut results: Vec<Option<EvaluatorResult>> = vec![None; outputs.len()];
        let mut pending: Vec<(usize, String)> = Vec::new();
        for (i, output) in outputs.iter().enumerate() {
            match self.extractor.extract(output, Some(Language::Python)).await {
                Ok(code) => pending.push((i, code)),
                Err(ExtractError::NoCode(_)) => {
                    results[i] = Some(EvaluatorResult {
                        key: self.checker.key(),
                        score: false,
                        comment: None,
                        metadata: Some(json!({"code_extraction_failed": true})),
                    })
                }
                Err(ExtractError::Internal(why)) => {
                    results[i] = Some(self.failure(format!("extraction failed: {why}")))
                }
            }
        }
        for chunk in pending.chunks(FILES_PER_RUN) {
            let codes: Vec<&str> = chunk.iter().map(|(_, code)| code.as_str()).collect();
            match self.run(&codes).await {
                Ok(diagnostics) => {
                    for ((i, _), mut found) in chunk.iter().zip(diagnostics) {
                        found.retain(|d| d.severity == "error");
                        results[*i] = Some(EvaluatorResult {
                            key: self.checker.key(),
                            score: found.is_empty(),
                            comment: Some(
                                serde_json::to_string(&found).expect("diagnostics serialise"),
                            ),
                            metadata: None,
                        });
                    }
                }
                Err(e) => {
                    for (i, _) in chunk {
                        results[*i] = Some(self.failure(format!("{e:#}")));
                    }
                }
            }
        }
        results
            .into_iter()
            .map(|r| r.expect("every output got a result"))
            .collect()
    }

    /// A result for a checker that crashed or could not be read: never a
    /// pass; `metadata.internal` marks it for batch summaries.
    fn failure(&self, why: String) -> EvaluatorResult {
        EvaluatorResult {
            key: self.checker.key(),
            score: false,
            comment: Some(format!("{} failed: {why}", self.checker.name())),
            metadata: Some(json!({"internal": true})),
        }
    }

    /// Every diagnostic of each code (no extraction: the codes as given),
    /// notes and raw records included; what [`Evaluator::check_many`]
    /// scores. Codes are checked [`FILES_PER_RUN`] to a process.
    pub async fn diagnose(&self, codes: &[String]) -> Result<Vec<Vec<Diagnostic>>> {
        let mut all = Vec::with_capacity(codes.len());
        for chunk in codes.chunks(FILES_PER_RUN) {
            let codes: Vec<&str> = chunk.iter().map(String::as_str).collect();
            all.extend(self.run(&codes).await?);
        }
        Ok(all)
    }

    /// [`Evaluator::diagnose`] from synchronous code.
    pub fn diagnose_blocking(&self, codes: &[String]) -> Result<Vec<Vec<Diagnostic>>> {
        let evaluator = self.clone();
        let codes = codes.to_vec();
        crate::block_on(async move { evaluator.diagnose(&codes).await })
    }

    /// Run the checker over `codes` (one file each) and return the
    /// diagnostics of each. Identical codes are checked once. The checker
    /// gets a private directory, a minimal environment (no variables of the
    /// caller's but `PATH`) and the evaluator's timeout.
    async fn run(&self, codes: &[&str]) -> Result<Vec<Vec<Diagnostic>>> {
        let dir = tempfile::Builder::new()
            .prefix("wasmeval-check-")
            .tempdir()?;
        let mut stems: Vec<String> = Vec::new();
        let mut which = Vec::with_capacity(codes.len());
        for code in codes {
            let name = stem(code);
            match stems.iter().position(|s| *s == name) {
                Some(i) => which.push(i),
                None => {
                    std::fs::write(dir.path().join(format!("{name}.py")), code)?;
                    which.push(stems.len());
                    stems.push(name);
                }
            }
        }
        let home = dir.path().join(".home");
        std::fs::create_dir_all(&home)?;
        let mut command = tokio::process::Command::new(&self.executable);
        command
            .current_dir(dir.path())
            .env_clear()
            .env("HOME", &home)
            .env("LANG", "C.UTF-8")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        if let Some(path) = std::env::var_os("PATH") {
            // pyright is a Node.js script found through PATH.
            command.env("PATH", path);
        }
        #[cfg(windows)]
        if let Some(root) = std::env::var_os("SYSTEMROOT") {
            command.env("SYSTEMROOT", root);
        }
        match self.checker {
            Checker::Pyright => {
                command
                    .args(["--outputjson", "--level", "error"])
                    .args(&self.args);
            }
            Checker::Mypy => {
                command
                    .args(&self.args)
                    .args([
                        "--show-column-numbers",
                        "--show-error-codes",
                        "--no-error-summary",
                        "--no-pretty",
                        "--hide-error-context",
                        "--no-color-output",
                        "--cache-dir",
                    ])
                    .arg(dir.path().join(".mypy_cache"));
            }
            Checker::Ty => {
                command
                    .args(["check", "--output-format", "gitlab", "--no-progress"])
                    .args(&self.args);
            }
        }
        command.args(stems.iter().map(|s| format!("{s}.py")));
        let child = command
            .spawn()
            .with_context(|| format!("starting {}", self.executable.display()))?;
        let output = match tokio::time::timeout(self.timeout, child.wait_with_output()).await {
            Ok(output) => {
                output.with_context(|| format!("running {}", self.executable.display()))?
            }
            Err(_) => bail!(
                "{} did not finish within {:.1} s on {} file(s); it was stopped",
                self.checker.name(),
                self.timeout.as_secs_f64(),
                stems.len()
            ),
        };
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let parsed = match self.checker {
            Checker::Pyright => parse_pyright(&stdout, &stems),
            Checker::Mypy => parse_mypy(&stdout, &stems, output.status.code()),
            Checker::Ty => parse_ty(&stdout, &stems),
        };
        let unique = parsed.map_err(|e| {
            anyhow!(
                "{e} (exit {:?}); stderr: {}",
                output.status.code(),
                stderr.chars().take(500).collect::<String>()
            )
        })?;
        Ok(which.into_iter().map(|i| unique[i].clone()).collect())
    }
}

/// The file stem a sample is checked under: derived from its code, so a
/// sample has the same name alone and in any batch, and no sample can name
/// (and so import) another one it has not seen.
fn stem(code: &str) -> String {
    format!(
        "sample_{}",
        &crate::install::sha256_hex(code.as_bytes())[..16]
    )
}

/// The index in `stems` of a checked file's name (`.../sample_ab12.py`).
fn sample_index(file: &str, stems: &[String]) -> Option<usize> {
    let name = Path::new(file).file_name()?.to_str()?;
    let stem = name.strip_suffix(".py")?;
    stems.iter().position(|s| s == stem)
}

fn parse_pyright(stdout: &str, stems: &[String]) -> Result<Vec<Vec<Diagnostic>>> {
    let n = stems.len();
    let report: Value = serde_json::from_str(stdout).map_err(|_| {
        anyhow!(
            "pyright printed no JSON report: {}",
            stdout.chars().take(300).collect::<String>()
        )
    })?;
    let mut out = vec![Vec::new(); n];
    for d in report["generalDiagnostics"]
        .as_array()
        .ok_or_else(|| anyhow!("pyright's report has no generalDiagnostics"))?
    {
        if d["severity"] != "error" || d["rule"] == "reportMissingImports" {
            continue;
        }
        let Some(index) = d["file"].as_str().and_then(|f| sample_index(f, stems)) else {
            continue;
        };
        let position = |p: &Value| Position {
            line: p["line"].as_u64().unwrap_or(0),
            character: p["character"].as_u64().unwrap_or(0),
        };
        let mut raw = d.clone();
        if let Some(object) = raw.as_object_mut() {
            object.remove("file");
        }
        out[index].push(Diagnostic {
            severity: "error".into(),
            message: d["message"].as_str().unwrap_or_default().to_string(),
            range: Range {
                start: position(&d["range"]["start"]),
                end: position(&d["range"]["end"]),
            },
            rule: d["rule"].as_str().map(str::to_string),
            raw: Some(raw),
        });
    }
    Ok(out)
}

/// mypy's `file:line:col: error: message  [code]` lines (1-based; made
/// 0-based like pyright's).
fn parse_mypy(stdout: &str, stems: &[String], exit: Option<i32>) -> Result<Vec<Vec<Diagnostic>>> {
    let n = stems.len();
    // 0: clean; 1: errors; 2: blocking errors (a syntax error), reported
    // like the others. Anything else, or 2 with nothing parsable, crashed.
    if !matches!(exit, Some(0..=2)) {
        bail!(
            "mypy crashed: {}",
            stdout.chars().take(300).collect::<String>()
        );
    }
    let mut out = vec![Vec::new(); n];
    for line in stdout.lines() {
        let mut parts = line.splitn(4, ':');
        let (Some(file), Some(row), Some(col), Some(rest)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let rest = rest.trim_start();
        let (severity, message) = if let Some(message) = rest.strip_prefix("error:") {
            ("error", message)
        } else if let Some(message) = rest.strip_prefix("note:") {
            ("note", message)
        } else {
            continue;
        };
        let (Some(index), Ok(row), Ok(col)) = (
            sample_index(file, stems),
            row.trim().parse::<u64>(),
            col.trim().parse::<u64>(),
        ) else {
            continue;
        };
        if index >= n {
            continue;
        }
        let message = message.trim();
        let (message, rule) = match message.rsplit_once("  [") {
            Some((text, code)) if code.ends_with(']') => (
                text.trim().to_string(),
                Some(code.trim_end_matches(']').to_string()),
            ),
            _ => (message.to_string(), None),
        };
        let start = Position {
            line: row.saturating_sub(1),
            character: col.saturating_sub(1),
        };
        out[index].push(Diagnostic {
            severity: severity.into(),
            message,
            range: Range { start, end: start },
            rule,
            raw: None,
        });
    }
    if matches!(exit, Some(1) | Some(2)) && out.iter().flatten().all(|d| d.severity != "error") {
        bail!(
            "mypy failed without a parsable error: {}",
            stdout.chars().take(300).collect::<String>()
        );
    }
    Ok(out)
}

/// ty's GitLab code-quality JSON (1-based lines and columns; made 0-based).
fn parse_ty(stdout: &str, stems: &[String]) -> Result<Vec<Vec<Diagnostic>>> {
    let n = stems.len();
    let report: Value = serde_json::from_str(stdout).map_err(|_| {
        anyhow!(
            "ty printed no JSON report: {}",
            stdout.chars().take(300).collect::<String>()
        )
    })?;
    let mut out = vec![Vec::new(); n];
    for d in report
        .as_array()
        .ok_or_else(|| anyhow!("ty's report is not a list"))?
    {
        let severity = d["severity"].as_str().unwrap_or("");
        // Errors only; a third-party import the checking environment lacks
        // is not the code's fault (pyright's reportMissingImports and mypy's
        // --ignore-missing-imports are skipped the same way).
        if !matches!(severity, "major" | "critical" | "blocker")
            || d["check_name"] == "import-not-found"
        {
            continue;
        }
        let location = &d["location"];
        let Some(index) = location["path"]
            .as_str()
            .and_then(|f| sample_index(f, stems))
        else {
            continue;
        };
        let position = |p: &Value| Position {
            line: p["line"].as_u64().unwrap_or(1).saturating_sub(1),
            character: p["column"].as_u64().unwrap_or(1).saturating_sub(1),
        };
        let (start, end) = match location.get("positions") {
            Some(p) => (position(&p["begin"]), position(&p["end"])),
            None => {
                let line = location["lines"]["begin"]
                    .as_u64()
                    .unwrap_or(1)
                    .saturating_sub(1);
                let p = Position { line, character: 0 };
                (p, p)
            }
        };
        let message = d["description"].as_str().unwrap_or_default();
        let rule = d["check_name"].as_str().map(str::to_string);
        // ty's description starts with the rule name: "rule: message".
        let message = match &rule {
            Some(rule) => message
                .strip_prefix(&format!("{rule}: "))
                .unwrap_or(message),
            None => message,
        };
        out[index].push(Diagnostic {
            severity: "error".into(),
            message: message.to_string(),
            range: Range { start, end },
            rule,
            raw: None,
        });
    }
    Ok(out)
}

/// Shared evaluators for the CLI's `--all`.
pub fn evaluators(
    toolbox: &Toolbox,
    checkers: &[Checker],
    args: &[String],
    extractor: &Extractor,
) -> Result<Vec<Arc<Evaluator>>> {
    checkers
        .iter()
        .map(|&checker| {
            let mut builder = Evaluator::builder(checker).extractor(extractor.clone());
            if !args.is_empty() {
                builder = builder.args(args.iter().cloned());
            }
            builder.build(toolbox).map(Arc::new)
        })
        .collect()
}

/// Check every output with every evaluator: `results[e][i]` is evaluator
/// `e`'s result for output `i`. Outputs are grouped [`FILES_PER_RUN`] to a
/// checker process, at most `jobs` processes run at once, and `progress` is
/// told how many results each finished group gave.
pub async fn check_all(
    evaluators: &[Arc<Evaluator>],
    outputs: &[String],
    jobs: usize,
    progress: Arc<dyn Fn(u64) + Send + Sync>,
) -> Vec<Vec<EvaluatorResult>> {
    use futures::StreamExt;
    let chunks: Vec<Vec<String>> = outputs
        .chunks(FILES_PER_RUN)
        .map(<[String]>::to_vec)
        .collect();
    let mut all = Vec::with_capacity(evaluators.len());
    for evaluator in evaluators {
        let results: Vec<Vec<EvaluatorResult>> = futures::stream::iter(chunks.clone())
            .map(|chunk| {
                let evaluator = evaluator.clone();
                let progress = progress.clone();
                async move {
                    let results = evaluator.check_many(&chunk).await;
                    progress(results.len() as u64);
                    results
                }
            })
            .buffered(jobs.max(1))
            .collect()
            .await;
        all.push(results.into_iter().flatten().collect());
    }
    all
}

/// One line of a batch of outputs to check (`{"id": ..., "output": ...}`,
/// or `generation` for `output`).
#[derive(Debug, Clone)]
pub struct BatchLine {
    pub id: Value,
    pub output: String,
    /// Why the line is not a batch line (its results then say so and fail).
    pub invalid: Option<String>,
}

/// The lines of a batch file's text, each read on its own: a line that is
/// not a JSON object with a string `output` (or `generation`) is still a
/// line, marked invalid with its number.
pub fn read_batch(text: &str) -> Vec<BatchLine> {
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let parsed: Option<Value> = serde_json::from_str(line).ok();
            let output = parsed.as_ref().and_then(|v| {
                v.get("output")
                    .or_else(|| v.get("generation"))
                    .and_then(Value::as_str)
                    .map(str::to_string)
            });
            BatchLine {
                id: parsed
                    .as_ref()
                    .and_then(|v| v.get("id").cloned())
                    .unwrap_or(Value::Null),
                invalid: output.is_none().then(|| {
                    format!(
                        "line {}: needs a JSON object with a string \"output\" (or \"generation\")",
                        i + 1
                    )
                }),
                output: output.unwrap_or_default(),
            }
        })
        .collect()
}

/// What a batch of checks came to.
#[derive(Debug, Clone, Default, Serialize)]
pub struct BatchSummary {
    pub outputs: usize,
    pub checkers: usize,
    pub passed: usize,
    pub failed: usize,
    /// Results that are a checker's own failure (`metadata.internal`).
    pub internal: usize,
}

impl BatchSummary {
    /// One line for people.
    pub fn render(&self) -> String {
        format!(
            "{} output(s) x {} checker(s): {} passed, {} failed{}",
            self.outputs,
            self.checkers,
            self.passed,
            self.failed,
            if self.internal > 0 {
                format!(", {} internal failure(s) of a checker", self.internal)
            } else {
                String::new()
            }
        )
    }
}

/// Check every line with every evaluator on `service`'s jobs (checker
/// processes grouped [`FILES_PER_RUN`] outputs to one, `jobs` at once) and
/// write one result line per line and evaluator, in input order, with the
/// line's `id`: openevals' result shape. `progress` is told how many
/// results each finished group gave.
pub fn run_batch(
    service: &crate::Service,
    evaluators: &[Arc<Evaluator>],
    lines: &[BatchLine],
    mut out: impl std::io::Write,
    progress: Arc<dyn Fn(u64) + Send + Sync>,
) -> Result<BatchSummary> {
    let outputs: Vec<String> = lines.iter().map(|line| line.output.clone()).collect();
    let jobs = service.settings().jobs;
    let per_checker = {
        let evaluators = evaluators.to_vec();
        service.block_on(async move { check_all(&evaluators, &outputs, jobs, progress).await })
    };
    let mut summary = BatchSummary {
        outputs: lines.len(),
        checkers: evaluators.len(),
        ..BatchSummary::default()
    };
    for (i, line) in lines.iter().enumerate() {
        for results in &per_checker {
            let mut result = results[i].clone();
            if let Some(problem) = &line.invalid {
                result.score = false;
                result.comment = Some(problem.clone());
                result.metadata = Some(json!({"invalid_input": true}));
            }
            summary.internal += usize::from(
                result
                    .metadata
                    .as_ref()
                    .is_some_and(|m| m.get("internal").is_some()),
            );
            if result.score {
                summary.passed += 1;
            } else {
                summary.failed += 1;
            }
            let mut value = serde_json::to_value(&result)?;
            value
                .as_object_mut()
                .expect("results are objects")
                .insert("id".into(), line.id.clone());
            serde_json::to_writer(&mut out, &value)?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mypy_lines_are_parsed_and_notes_kept_apart() {
        let out = "sample_1.py:3:12: error: Incompatible return value type (got \"str\", expected \"int\")  [return-value]\n\
                   sample_1.py:3:12: note: See https://mypy.rtfd.io\n\
                   sample_0.py:1:1: error: Name \"x\" is not defined  [name-defined]\n";
        let stems = vec!["sample_0".to_string(), "sample_1".to_string()];
        let d = parse_mypy(out, &stems, Some(1)).unwrap();
        assert_eq!(d[0][0].rule.as_deref(), Some("name-defined"));
        // The note is kept (openevals' comment shows mypy's lines as they
        // are) with its own severity; verdicts count only errors.
        assert_eq!(d[1].len(), 2);
        assert_eq!(d[1][0].severity, "error");
        assert_eq!(d[1][1].severity, "note");
        assert_eq!(
            d[1][0].range.start,
            Position {
                line: 2,
                character: 11
            }
        );
        assert!(
            d[1][0]
                .message
                .starts_with("Incompatible return value type")
        );
        assert!(parse_mypy("", &stems, Some(2)).is_err());
    }

    #[test]
    fn samples_are_named_by_their_code_and_found_by_name() {
        let stems = vec![stem("x = 1"), stem("y = 2")];
        assert_eq!(stem("x = 1"), stems[0]);
        assert_ne!(stems[0], stems[1]);
        let file = format!("/tmp/x/{}.py", stems[1]);
        assert_eq!(sample_index(&file, &stems), Some(1));
        assert_eq!(sample_index("other.py", &stems), None);
    }
}
