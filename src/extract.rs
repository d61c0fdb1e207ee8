//! Pulling code out of free-form model output.
//!
//! `none` takes the whole output as code. `markdown` parses the output with
//! a CommonMark parser (pulldown-cmark) and joins the fenced code blocks in
//! document order, skipping shell/console/data blocks and, when the task's
//! language is known, blocks tagged with another language. Indented code
//! blocks are prose-adjacent and not taken.

use crate::runtime::Language;
use anyhow::{Result, bail};
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How code is taken from a generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// The whole generation is the code.
    None,
    /// Fenced code blocks of a Markdown document.
    #[default]
    Markdown,
}

impl Strategy {
    pub fn parse(name: &str) -> Result<Strategy> {
        match name.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Strategy::None),
            "markdown" | "md" => Ok(Strategy::Markdown),
            other => bail!("unknown extraction strategy '{other}' (known: none, markdown)"),
        }
    }

    /// The code in `generation`, or `Err` with why none was found.
    pub fn extract(self, generation: &str, language: Option<Language>) -> Result<String, String> {
        match self {
            Strategy::None => {
                if generation.trim().is_empty() {
                    Err("the generation is empty".to_string())
                } else {
                    Ok(generation.to_string())
                }
            }
            Strategy::Markdown => markdown(generation, language),
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Strategy::None => "none",
            Strategy::Markdown => "markdown",
        })
    }
}

/// Tags of blocks that are never candidate code: shells, terminals, data.
const SKIPPED_TAGS: &[&str] = &[
    "bash",
    "sh",
    "shell",
    "zsh",
    "fish",
    "console",
    "terminal",
    "shell-session",
    "shellsession",
    "powershell",
    "ps",
    "ps1",
    "cmd",
    "bat",
    "batch",
    "json",
    "jsonl",
    "json5",
    "yaml",
    "yml",
    "toml",
    "ini",
    "xml",
    "csv",
    "text",
    "txt",
    "plaintext",
    "output",
    "log",
    "diff",
    "pycon",
];

/// First word of an info string, lower-cased, without attribute syntax:
/// "Python title=\"x.py\"" -> "python", "{.python}" -> "python".
fn fence_tag(info: &str) -> String {
    info.trim()
        .trim_start_matches('{')
        .trim_start_matches('.')
        .split(|c: char| c.is_whitespace() || c == ',' || c == '{' || c == '}')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn keep_block(tag: &str, language: Option<Language>) -> bool {
    if tag.is_empty() {
        return true;
    }
    if SKIPPED_TAGS.contains(&tag) {
        return false;
    }
    match language {
        Some(language) => language.fence_tags().contains(&tag),
        None => true,
    }
}

fn markdown(generation: &str, language: Option<Language>) -> Result<String, String> {
    let mut blocks: Vec<String> = Vec::new();
    let mut current: Option<(bool, String)> = None;
    let mut seen = 0usize;
    for event in Parser::new(generation) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                seen += 1;
                current = Some((keep_block(&fence_tag(&info), language), String::new()));
            }
            Event::Text(text) => {
                if let Some((_, body)) = current.as_mut() {
                    body.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((keep, body)) = current.take()
                    && keep
                {
                    blocks.push(body.replace("\r\n", "\n"));
                }
            }
            _ => {}
        }
    }
    let code = blocks.join("\n");
    if code.trim().is_empty() {
        return Err(if seen == 0 {
            "no fenced code block found in the generation".to_string()
        } else {
            format!(
                "none of the {seen} fenced code block(s) holds {} code",
                language.map_or("runnable".to_string(), |l| l.to_string())
            )
        });
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn md(text: &str) -> Result<String, String> {
        Strategy::Markdown.extract(text, Some(Language::Python))
    }

    #[test]
    fn joins_python_blocks_and_skips_shell_and_json() {
        let text = "Install:\n```bash\npip install x\n```\nCode:\n```python\ndef f():\n    return 1\n```\n\
                    Data:\n```json\n{}\n```\nMore:\n```\nprint(f())\n```\n";
        assert_eq!(md(text).unwrap(), "def f():\n    return 1\n\nprint(f())\n");
    }

    #[test]
    fn tilde_long_fences_attributes_and_crlf() {
        let text = "~~~python\na = 1\n~~~\r\n\r\n````py title=\"x.py\"\r\nb = '```'\r\n````\r\n";
        assert_eq!(md(text).unwrap(), "a = 1\n\nb = '```'\n");
    }

    #[test]
    fn other_languages_and_indented_code_are_skipped() {
        let text = "```javascript\nlet a = 1;\n```\n\n    x = 1\n";
        let err = md(text).unwrap_err();
        assert!(err.contains("1 fenced code block"), "{err}");
        assert!(
            md("just prose")
                .unwrap_err()
                .contains("no fenced code block")
        );
    }

    #[test]
    fn unterminated_final_fence_runs_to_the_end() {
        assert_eq!(md("Here:\n```python\nx = 2\n").unwrap(), "x = 2\n");
    }

    #[test]
    fn javascript_keeps_its_tags_and_untagged_blocks() {
        let text = "```js\na()\n```\n```javascript\nb()\n```\n```node\nc()\n```\n```mjs\nd()\n```\n\
                    ```\ne()\n```\n```python\nf()\n```\n```ts\ng()\n```\n";
        let code = Strategy::Markdown
            .extract(text, Some(Language::JavaScript))
            .unwrap();
        assert_eq!(code, "a()\n\nb()\n\nc()\n\nd()\n\ne()\n");
    }

    #[test]
    fn none_takes_everything() {
        assert_eq!(Strategy::None.extract("x = 1", None).unwrap(), "x = 1");
        assert!(Strategy::None.extract("  \n", None).is_err());
    }
}
