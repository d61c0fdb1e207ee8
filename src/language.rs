//! The languages candidates are written in.
//!
//! A language decides how code is found in a generation (markdown fence
//! tags) and which runtime runs a task that names no runtime; a runtime
//! (see `crate::runtime`) is what actually runs it.

use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A supported candidate language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Language {
    Python,
    JavaScript,
    C,
    Cpp,
    TypeScript,
    Lua,
    Ruby,
    Perl,
    Go,
}

impl Language {
    pub const ALL: [Language; 9] = [
        Language::Python,
        Language::JavaScript,
        Language::C,
        Language::Cpp,
        Language::TypeScript,
        Language::Lua,
        Language::Ruby,
        Language::Perl,
        Language::Go,
    ];

    /// Parse a user-facing name ("python", "py", "python3", "js", ...).
    pub fn parse(name: &str) -> Result<Language> {
        match name.trim().to_ascii_lowercase().as_str() {
            "python" | "python3" | "py" => Ok(Language::Python),
            "javascript" | "js" | "node" | "nodejs" => Ok(Language::JavaScript),
            "c" => Ok(Language::C),
            "cpp" | "c++" | "cxx" | "cc" => Ok(Language::Cpp),
            "typescript" | "ts" => Ok(Language::TypeScript),
            "lua" => Ok(Language::Lua),
            "ruby" | "rb" => Ok(Language::Ruby),
            "perl" | "pl" => Ok(Language::Perl),
            // (MultiPL-E's Go files say `go_test.go`.)
            "go" | "golang" | "go_test.go" => Ok(Language::Go),
            other => {
                bail!(
                    "unsupported language '{other}' (supported: python, javascript, typescript, \
                     c, cpp, lua, ruby, perl, go)"
                )
            }
        }
    }

    /// The canonical name, as written in envelopes.
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::JavaScript => "javascript",
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::TypeScript => "typescript",
            Language::Lua => "lua",
            Language::Ruby => "ruby",
            Language::Perl => "perl",
            Language::Go => "go",
        }
    }

    /// The id of the runtime that runs this language unless a task names
    /// another.
    pub fn default_runtime(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::JavaScript => "javascript",
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::TypeScript => "typescript",
            Language::Lua => "lua",
            Language::Ruby => "ruby",
            Language::Perl => "perl",
            Language::Go => "go",
        }
    }

    /// Whether a program in this language is compiled before it runs (the
    /// test is then part of the program: see `crate::runtime::clang`).
    pub fn is_compiled(self) -> bool {
        matches!(self, Language::C | Language::Cpp | Language::Go)
    }

    /// Markdown info-string tags that mean this language.
    pub fn fence_tags(self) -> &'static [&'static str] {
        match self {
            Language::Python => &["python", "py", "python3", "py3"],
            Language::JavaScript => &["js", "javascript", "node", "mjs", "cjs"],
            Language::C => &["c", "h"],
            Language::Cpp => &["cpp", "c++", "cxx", "cc", "hpp"],
            Language::TypeScript => &["ts", "typescript", "tsx", "mts", "cts"],
            Language::Lua => &["lua"],
            Language::Ruby => &["ruby", "rb"],
            Language::Perl => &["perl", "pl"],
            Language::Go => &["go", "golang"],
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
