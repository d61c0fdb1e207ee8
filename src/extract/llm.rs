//! `llm`: ask an OpenAI-compatible chat-completions endpoint to extract the
//! code, through two tools: `ExtractCode(code: string)` and
//! `NoCode(no_code: boolean)`.
//!
//! The model must call exactly one of them (`tool_choice: "required"`).
//! `NoCode` means extraction failed (the candidate's `no_code`). Anything
//! that goes wrong on the way (HTTP errors, time-outs, rate limits after
//! retries, replies without a tool call) is an [`ExtractError::Internal`]:
//! the candidate is never blamed for the extractor's failure.

use super::ExtractError;
use crate::language::Language;
use serde_json::{Value, json};
use std::time::Duration;

/// Where and how to ask. Every field has a documented default.
#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// Base URL of the API; `/chat/completions` is appended.
    /// Default: `https://api.openai.com/v1`.
    pub base_url: String,
    /// Model name. Default: `gpt-4o-mini`.
    pub model: String,
    /// Environment variable holding the API key, sent as a Bearer token when
    /// set (local servers often need none). Default: `OPENAI_API_KEY`.
    pub api_key_env: String,
    /// The API key itself; when set, `api_key_env` is not read. Default:
    /// none.
    pub api_key: Option<String>,
    /// Time allowed for one request. Default: 60 s.
    pub timeout: Duration,
    /// Retries after a 429 or 503 reply. Default: 4.
    pub max_retries: u32,
    /// First back-off delay; doubled on each retry, unless the server sends
    /// `Retry-After`. Default: 1 s.
    pub backoff: Duration,
}

impl Default for LlmConfig {
    fn default() -> Self {
        LlmConfig {
            base_url: "https://api.openai.com/v1".into(),
            model: "gpt-4o-mini".into(),
            api_key_env: "OPENAI_API_KEY".into(),
            api_key: None,
            timeout: Duration::from_secs(60),
            max_retries: 4,
            backoff: Duration::from_secs(1),
        }
    }
}

/// An HTTP client bound to one [`LlmConfig`]; cheap to share.
#[derive(Debug, Clone)]
pub struct LlmExtractor {
    config: LlmConfig,
    client: reqwest::Client,
}

/// The instructions given with every generation.
pub fn system_prompt(language: Option<Language>) -> String {
    let language = language.map_or("source".to_string(), |l| {
        let name = l.as_str();
        let mut chars = name.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
            .unwrap_or_default()
    });
    format!(
        "You extract {language} code from a model's answer. The code you return goes straight \
         into a sandbox and is run as is, so copy it exactly as it is written in the answer, \
         character for character, errors and bugs included: do not fix, complete, reformat or \
         comment it. Leave out installation instructions, shell commands, example output and \
         prose. If several pieces of {language} code make up the solution, return them together \
         in the order they appear. Call ExtractCode with the code, or NoCode if the answer \
         contains no {language} code."
    )
}

fn tools() -> Value {
    json!([
        {
            "type": "function",
            "function": {
                "name": "ExtractCode",
                "description": "Return the code found in the answer, exactly as written.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "code": {"type": "string", "description": "The code, copied verbatim."}
                    },
                    "required": ["code"]
                }
            }
        },
        {
            "type": "function",
            "function": {
                "name": "NoCode",
                "description": "Call this when the answer contains no code.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "no_code": {"type": "boolean", "description": "Always true."}
                    },
                    "required": ["no_code"]
                }
            }
        }
    ])
}

impl LlmExtractor {
    pub fn new(config: LlmConfig) -> Result<LlmExtractor, ExtractError> {
        let client = reqwest::Client::builder()
            .timeout(config.timeout)
            .build()
            .map_err(|e| ExtractError::Internal(format!("llm extraction: HTTP client: {e}")))?;
        Ok(LlmExtractor { config, client })
    }

    pub fn config(&self) -> &LlmConfig {
        &self.config
    }

    /// The request body sent for `generation`.
    pub fn request(&self, generation: &str, language: Option<Language>) -> Value {
        json!({
            "model": self.config.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": system_prompt(language)},
                {"role": "user", "content": format!("<answer>\n{generation}\n</answer>")}
            ],
            "tools": tools(),
            "tool_choice": "required"
        })
    }

    pub async fn extract(
        &self,
        generation: &str,
        language: Option<Language>,
    ) -> Result<String, ExtractError> {
        let url = format!(
            "{}/chat/completions",
            self.config.base_url.trim_end_matches('/')
        );
        let body = self.request(generation, language);
        let internal = |what: String| ExtractError::Internal(format!("llm extraction: {what}"));
        let mut attempt = 0u32;
        loop {
            let mut request = self.client.post(&url).json(&body);
            let key = self
                .config
                .api_key
                .clone()
                .or_else(|| std::env::var(&self.config.api_key_env).ok());
            if let Some(key) = key.filter(|k| !k.is_empty()) {
                request = request.bearer_auth(key);
            }
            let response = match request.send().await {
                Ok(response) => response,
                Err(e) if e.is_timeout() => {
                    return Err(internal(format!(
                        "{url} did not answer within {:.1} s",
                        self.config.timeout.as_secs_f64()
                    )));
                }
                Err(e) => return Err(internal(format!("request to {url} failed: {e}"))),
            };
            let status = response.status();
            if (status.as_u16() == 429 || status.as_u16() == 503)
                && attempt < self.config.max_retries
            {
                let delay = retry_after(&response).unwrap_or_else(|| {
                    self.config
                        .backoff
                        .saturating_mul(2u32.saturating_pow(attempt))
                });
                attempt += 1;
                tokio::time::sleep(delay.min(MAX_RETRY_DELAY)).await;
                continue;
            }
            let text = response
                .text()
                .await
                .map_err(|e| internal(format!("reading the reply from {url}: {e}")))?;
            if !status.is_success() {
                let retried = if attempt > 0 {
                    format!(" after {} retries", attempt)
                } else {
                    String::new()
                };
                return Err(internal(format!(
                    "{url} answered HTTP {status}{retried}: {}",
                    snippet(&text)
                )));
            }
            return parse_reply(&text).map_err(|e| match e {
                ExtractError::Internal(what) => internal(what),
                other => other,
            });
        }
    }
}

/// The longest wait between two attempts, whatever the server asks.
const MAX_RETRY_DELAY: Duration = Duration::from_secs(60);

/// The delay a `Retry-After` header asks for (seconds; any number a server
/// sends, however large, negative or malformed, is handled without panic).
fn retry_after(response: &reqwest::Response) -> Option<Duration> {
    let value = response.headers().get(reqwest::header::RETRY_AFTER)?;
    parse_retry_after(value.to_str().ok()?)
}

fn parse_retry_after(text: &str) -> Option<Duration> {
    let seconds: f64 = text.trim().parse().ok()?;
    if !(seconds.is_finite() && seconds >= 0.0) {
        return None;
    }
    Duration::try_from_secs_f64(seconds.min(MAX_RETRY_DELAY.as_secs_f64())).ok()
}

fn snippet(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() > 300 {
        format!("{}...", text.chars().take(300).collect::<String>())
    } else {
        text.to_string()
    }
}

/// Read the tool call out of a chat-completions reply.
fn parse_reply(text: &str) -> Result<String, ExtractError> {
    let malformed =
        |why: &str| ExtractError::Internal(format!("malformed reply ({why}): {}", snippet(text)));
    let reply: Value = serde_json::from_str(text).map_err(|_| malformed("not JSON"))?;
    let message = &reply["choices"][0]["message"];
    let Some(call) = message["tool_calls"]
        .as_array()
        .and_then(|calls| calls.first())
    else {
        return Err(malformed("no tool call"));
    };
    let function = &call["function"];
    let arguments = match &function["arguments"] {
        Value::String(s) => {
            serde_json::from_str::<Value>(s).map_err(|_| malformed("arguments are not JSON"))?
        }
        Value::Object(_) => function["arguments"].clone(),
        _ => return Err(malformed("no arguments")),
    };
    match function["name"].as_str() {
        Some("ExtractCode") => match arguments["code"].as_str() {
            Some(code) if !code.trim().is_empty() => Ok(code.to_string()),
            Some(_) => Err(ExtractError::NoCode("the LLM extracted empty code".into())),
            None => Err(malformed("ExtractCode without a code string")),
        },
        Some("NoCode") => Err(ExtractError::NoCode(
            "the LLM found no code (NoCode)".into(),
        )),
        Some(other) => Err(malformed(&format!("unknown tool {other:?}"))),
        None => Err(malformed("tool call without a name")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_never_panics_and_is_capped() {
        assert_eq!(parse_retry_after("1e20"), Some(MAX_RETRY_DELAY));
        assert_eq!(parse_retry_after("2"), Some(Duration::from_secs(2)));
        assert_eq!(parse_retry_after("-1"), None);
        assert_eq!(parse_retry_after("NaN"), None);
        assert_eq!(parse_retry_after("inf"), None);
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
    }

    fn reply(name: &str, arguments: &str) -> String {
        json!({"choices": [{"message": {"role": "assistant", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": name, "arguments": arguments}}
        ]}}]})
        .to_string()
    }

    #[test]
    fn replies_are_read() {
        assert_eq!(
            parse_reply(&reply("ExtractCode", r#"{"code": "x = 1"}"#)).unwrap(),
            "x = 1"
        );
        assert!(matches!(
            parse_reply(&reply("NoCode", r#"{"no_code": true}"#)),
            Err(ExtractError::NoCode(_))
        ));
        for bad in [
            "not json".to_string(),
            json!({"choices": [{"message": {"content": "x = 1"}}]}).to_string(),
            reply("ExtractCode", "{broken"),
            reply("Other", "{}"),
        ] {
            assert!(
                matches!(parse_reply(&bad), Err(ExtractError::Internal(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_prompt_says_the_code_goes_to_a_sandbox_verbatim() {
        let prompt = system_prompt(Some(Language::Python));
        assert!(prompt.contains("Python code"));
        assert!(prompt.contains("sandbox") && prompt.contains("exactly as it is written"));
        assert!(prompt.contains("shell commands"));
    }
}
