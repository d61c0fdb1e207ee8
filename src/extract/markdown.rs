//! `markdown`: the fenced code blocks of a CommonMark document.
//!
//! Parsing uses pulldown-cmark, so every fence form CommonMark allows works
//! (``` and ~~~, longer fences holding shorter ones, info strings with
//! attributes, an unterminated last fence running to the end). Blocks are
//! joined with newlines in document order, skipping shell/console/data
//! blocks and, when the task's language is known, blocks tagged with another
//! language. Indented code blocks are not taken: in model output they are
//! usually quoted prose or output, not the answer.

use crate::language::Language;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

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

/// The code in `generation`, or why there is none.
pub fn extract(generation: &str, language: Option<Language>) -> Result<String, String> {
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
        extract(text, Some(Language::Python))
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
        assert_eq!(
            md("```{.python .numberLines}\nc = 3\n```").unwrap(),
            "c = 3\n"
        );
    }

    #[test]
    fn a_fence_nested_in_a_longer_one_is_its_content() {
        let text = "````markdown\n```python\nx = 1\n```\n````\n\n```python\ny = 2\n```\n";
        assert_eq!(md(text).unwrap(), "y = 2\n");
        let text = "`````\n```python\nx = 1\n```\n`````\n";
        assert_eq!(md(text).unwrap(), "```python\nx = 1\n```\n");
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
        assert!(
            md("Text\n\n    indented = True\n")
                .unwrap_err()
                .contains("no fenced")
        );
    }

    #[test]
    fn mixed_languages_keep_the_task_language_in_order() {
        let text = "```py\na = 1\n```\n```js\nb = 2\n```\n```python3\nc = 3\n```\n";
        assert_eq!(md(text).unwrap(), "a = 1\n\nc = 3\n");
        assert_eq!(extract(text, None).unwrap(), "a = 1\n\nb = 2\n\nc = 3\n");
    }

    #[test]
    fn unterminated_final_fence_runs_to_the_end() {
        assert_eq!(md("Here:\n```python\nx = 2\n").unwrap(), "x = 2\n");
    }

    #[test]
    fn javascript_keeps_its_tags_and_untagged_blocks() {
        let text = "```js\na()\n```\n```javascript\nb()\n```\n```node\nc()\n```\n```mjs\nd()\n```\n\
                    ```\ne()\n```\n```python\nf()\n```\n```ts\ng()\n```\n";
        let code = extract(text, Some(Language::JavaScript)).unwrap();
        assert_eq!(code, "a()\n\nb()\n\nc()\n\nd()\n\ne()\n");
    }
}
