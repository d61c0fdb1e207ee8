//! Pulling code out of free-form model output.
//!
//! Every consumer (the executor, the CLI's `extract`, the static checkers)
//! uses one [`Extractor`] value, whichever of the four strategies it holds:
//!
//! - [`Extractor::None`]: the whole output is the code;
//! - [`Extractor::Markdown`]: the fenced code blocks (see [`markdown`]);
//! - [`Extractor::Llm`]: an OpenAI-compatible endpoint extracts it (see [`llm`]);
//! - custom: a closure, an async function, or a shell command.
//!
//! Failing to find code is [`ExtractError::NoCode`] (the candidate's
//! `no_code` error); a failure of the extractor itself (HTTP error, missing
//! command) is [`ExtractError::Internal`], never blamed on the candidate.

mod command;
pub mod llm;
pub mod markdown;

pub use llm::{LlmConfig, LlmExtractor};

use crate::language::Language;
use anyhow::{Result, bail};
use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::future::Future;
use std::sync::Arc;

/// Why no code came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtractError {
    /// The generation holds no code (as far as the strategy can tell).
    NoCode(String),
    /// The extractor itself failed; not the candidate's fault.
    Internal(String),
}

impl fmt::Display for ExtractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtractError::NoCode(why) | ExtractError::Internal(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ExtractError {}

/// The named strategies a task file or the CLI can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    None,
    #[default]
    Markdown,
    Llm,
}

impl Strategy {
    pub fn parse(name: &str) -> Result<Strategy> {
        match name.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Strategy::None),
            "markdown" | "md" => Ok(Strategy::Markdown),
            "llm" => Ok(Strategy::Llm),
            other => bail!("unknown extraction strategy '{other}' (known: none, markdown, llm)"),
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Strategy::None => "none",
            Strategy::Markdown => "markdown",
            Strategy::Llm => "llm",
        })
    }
}

type CustomFn =
    dyn Fn(String, Option<Language>) -> BoxFuture<'static, Option<String>> + Send + Sync;

/// How code is taken from a generation. Cheap to clone and share.
#[derive(Clone, Default)]
pub enum Extractor {
    /// The whole generation is the code.
    None,
    /// Fenced code blocks of a Markdown document.
    #[default]
    Markdown,
    /// Ask an OpenAI-compatible chat endpoint.
    Llm(Arc<LlmExtractor>),
    /// A shell command: generation on stdin, code on stdout.
    Command(String),
    /// The user's own function (see [`Extractor::custom`] and
    /// [`Extractor::custom_async`]); `None` from it means no code.
    Custom(Arc<CustomFn>),
}

impl fmt::Debug for Extractor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Extractor {
    /// A synchronous closure: the generation in, `Some(code)` or `None` out.
    pub fn custom(f: impl Fn(&str) -> Option<String> + Send + Sync + 'static) -> Extractor {
        let f = Arc::new(f);
        Extractor::Custom(Arc::new(move |generation: String, _| {
            let f = f.clone();
            Box::pin(async move { f(&generation) })
        }))
    }

    /// An async function: the generation in, `Some(code)` or `None` out.
    pub fn custom_async<F, Fut>(f: F) -> Extractor
    where
        F: Fn(String) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Option<String>> + Send + 'static,
    {
        Extractor::Custom(Arc::new(move |generation: String, _| {
            Box::pin(f(generation))
        }))
    }

    /// The extractor for a named strategy; `llm` uses `llm`'s settings.
    pub fn from_strategy(strategy: Strategy, llm: &LlmConfig) -> Result<Extractor, ExtractError> {
        Ok(match strategy {
            Strategy::None => Extractor::None,
            Strategy::Markdown => Extractor::Markdown,
            Strategy::Llm => Extractor::Llm(Arc::new(LlmExtractor::new(llm.clone())?)),
        })
    }

    /// A short name for messages: none, markdown, llm, command, custom.
    pub fn name(&self) -> String {
        match self {
            Extractor::None => "none".into(),
            Extractor::Markdown => "markdown".into(),
            Extractor::Llm(_) => "llm".into(),
            Extractor::Command(cmd) => format!("command `{cmd}`"),
            Extractor::Custom(_) => "custom".into(),
        }
    }

    /// The code in `generation`. `language` (when known) steers markdown and
    /// the LLM prompt.
    pub async fn extract(
        &self,
        generation: &str,
        language: Option<Language>,
    ) -> Result<String, ExtractError> {
        match self {
            Extractor::None => {
                if generation.trim().is_empty() {
                    Err(ExtractError::NoCode("the generation is empty".into()))
                } else {
                    Ok(generation.to_string())
                }
            }
            Extractor::Markdown => {
                markdown::extract(generation, language).map_err(ExtractError::NoCode)
            }
            Extractor::Llm(llm) => llm.extract(generation, language).await,
            Extractor::Command(cmd) => command::extract(cmd, generation).await,
            Extractor::Custom(f) => match f(generation.to_string(), language).await {
                Some(code) if !code.trim().is_empty() => Ok(code),
                _ => Err(ExtractError::NoCode(
                    "the custom extractor found no code".into(),
                )),
            },
        }
    }

    /// [`Extractor::extract`] from synchronous code.
    pub fn extract_blocking(
        &self,
        generation: &str,
        language: Option<Language>,
    ) -> Result<String, ExtractError> {
        let extractor = self.clone();
        let generation = generation.to_string();
        crate::block_on(async move { extractor.extract(&generation, language).await })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_takes_everything() {
        assert_eq!(
            Extractor::None.extract_blocking("x = 1", None).unwrap(),
            "x = 1"
        );
        assert!(matches!(
            Extractor::None.extract_blocking("  \n", None),
            Err(ExtractError::NoCode(_))
        ));
    }

    #[test]
    fn strategies_parse_by_name() {
        assert_eq!(Strategy::parse("LLM").unwrap(), Strategy::Llm);
        assert!(
            Strategy::parse("regex")
                .unwrap_err()
                .to_string()
                .contains("known: none, markdown, llm")
        );
    }
}
