//! Languages wasmeval can run, one file each.
//!
//! A language contributes three things: which pinned runtime runs it, the
//! argv and stdin that start its guest harness, and its import/feature
//! blacklist. Everything else (sandbox, limits, verdict) is shared.

pub mod javascript;
pub mod python;

use crate::sandbox::Command;
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
}

impl Language {
    /// Parse a user-facing name ("python", "py", "python3").
    pub fn parse(name: &str) -> Result<Language> {
        match name.trim().to_ascii_lowercase().as_str() {
            "python" | "python3" | "py" => Ok(Language::Python),
            "javascript" | "js" => Ok(Language::JavaScript),
            other => bail!("unsupported language '{other}' (supported: python, javascript)"),
        }
    }

    /// The canonical name, as written in envelopes.
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::JavaScript => "javascript",
        }
    }

    /// Build the guest invocation for `code` and `targets`; `nonce` is the
    /// secret that marks the harness's frames.
    pub fn command(self, code: &str, targets: &[String], nonce: &str) -> Command {
        match self {
            Language::Python => python::command(code, targets, nonce),
            Language::JavaScript => javascript::command(code, targets, nonce),
        }
    }

    /// Whether a trap of this language's runtime (wasmtime's description)
    /// means the candidate exhausted its stack.
    pub fn trap_is_stack_overflow(self, trap: &str) -> bool {
        match self {
            Language::Python => false,
            Language::JavaScript => javascript::trap_is_stack_overflow(trap),
        }
    }

    /// Markdown info-string tags that mean this language.
    pub fn fence_tags(self) -> &'static [&'static str] {
        match self {
            Language::Python => python::FENCE_TAGS,
            Language::JavaScript => javascript::FENCE_TAGS,
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Bytes that start every harness frame for a run with this nonce.
pub fn frame_prefix(nonce: &str) -> Vec<u8> {
    let mut prefix = b"\0WE:".to_vec();
    prefix.extend_from_slice(nonce.as_bytes());
    prefix.push(b':');
    prefix
}
