//! The documentation says what is true: every link between the README and
//! `docs/` reaches a file and a heading that exist, every `wasmeval`
//! command in a shell example uses subcommands and options the CLI has,
//! and the README's first example gives the verdict it shows.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Every Markdown file users read: the README, `docs/`, the package's.
fn documents() -> Vec<PathBuf> {
    let repo = Path::new(REPO);
    let mut files = vec![
        repo.join("README.md"),
        repo.join("bindings/python/README.md"),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo.join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    assert!(
        docs.len() >= 5,
        "docs/ holds the guide, reference, security, design and development: {docs:?}"
    );
    files.extend(docs);
    files
}

/// The lines of `text` outside code blocks, and the code blocks' lines
/// with their fence's info string.
fn split_code(text: &str) -> (Vec<&str>, Vec<(String, &str)>) {
    let (mut prose, mut code) = (Vec::new(), Vec::new());
    let mut fence: Option<String> = None;
    for line in text.lines() {
        if let Some(info) = line.strip_prefix("```") {
            fence = match fence {
                None => Some(info.trim().to_string()),
                Some(_) => None,
            };
            continue;
        }
        match &fence {
            Some(info) => code.push((info.clone(), line)),
            None => prose.push(line),
        }
    }
    assert!(fence.is_none(), "a code block is never closed");
    (prose, code)
}

/// GitHub's anchor for a heading: lower case, punctuation but `-` and `_`
/// dropped, spaces to `-`.
fn slug(title: &str) -> String {
    title
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    split_code(text)
        .0
        .iter()
        .filter(|line| line.starts_with('#'))
        .map(|line| slug(line.trim_start_matches('#')))
        .collect()
}

/// The targets of `[text](target)` links in prose.
fn links(text: &str) -> Vec<String> {
    let prose = split_code(text).0.join("\n");
    let mut found = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let end = rest.find(')').expect("a link's target is closed");
        found.push(rest[..end].to_string());
    }
    found
}

#[test]
fn every_link_reaches_a_file_and_a_heading_that_exist() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        for target in links(&text) {
            if target.starts_with("https://") || target.starts_with("http://") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                document.clone()
            } else {
                document.parent().unwrap().join(file)
            };
            let Ok(target_text) = std::fs::read_to_string(&path) else {
                broken.push(format!(
                    "{}: {target}: no file {}",
                    document.display(),
                    path.display()
                ));
                continue;
            };
            if !anchor.is_empty() && !anchors(&target_text).contains(anchor) {
                broken.push(format!(
                    "{}: {target}: no heading #{anchor}",
                    document.display()
                ));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(
        checked > 40,
        "the README links to the docs' sections ({checked} links)"
    );
}

/// A command line's words, as a POSIX shell splits them (quotes, no
/// expansions), up to a comment, a pipe, a redirection or `&`.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.get_or_insert_with(String::new).push(c),
            None => match c {
                '"' | '\'' => {
                    quote = Some(c);
                    word.get_or_insert_with(String::new);
                }
                ' ' | '\t' => words.extend(word.take()),
                '#' if word.is_none() => break,
                '|' | '>' | '<' | '&' | ';' | '\\' => break,
                _ => word.get_or_insert_with(String::new).push(c),
            },
        }
    }
    words.extend(word);
    words
}

fn help(path: &[String]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "wasmeval {} --help fails",
        path.join(" ")
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The subcommands a `--help` lists under `Commands:`.
fn subcommands(help: &str) -> BTreeSet<String> {
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn every_documented_command_uses_subcommands_and_options_the_cli_has() {
    let mut helps = std::collections::BTreeMap::new();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        for (info, line) in split_code(&text).1 {
            if !matches!(info.as_str(), "sh" | "bash" | "console" | "") {
                continue;
            }
            let words = words(line.trim_start().trim_start_matches("$ "));
            if words.first().map(String::as_str) != Some("wasmeval") {
                continue;
            }
            checked += 1;
            // The subcommand path, as deep as the CLI's subcommands go.
            let mut path: Vec<String> = Vec::new();
            let mut rest = words[1..].iter();
            let mut options = Vec::new();
            for word in rest.by_ref() {
                let help = helps
                    .entry(path.clone())
                    .or_insert_with(|| help(&path))
                    .clone();
                if word.starts_with('-') {
                    options.push(word.clone());
                    break;
                }
                if subcommands(&help).contains(word) {
                    path.push(word.clone());
                } else if path.is_empty() {
                    wrong.push(format!(
                        "{}: `{line}`: no subcommand {word}",
                        document.display()
                    ));
                    break;
                } else {
                    break;
                }
            }
            options.extend(rest.filter(|w| w.starts_with("--")).cloned());
            let help = helps
                .entry(path.clone())
                .or_insert_with(|| help(&path))
                .clone();
            for option in options {
                let name = option.split('=').next().unwrap();
                let listed = help
                    .split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']')
                    .any(|token| token == name);
                if !listed {
                    wrong.push(format!(
                        "{}: `{line}`: wasmeval {} has no option {name}",
                        document.display(),
                        path.join(" ")
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "commands the CLI refuses:\n{}",
        wrong.join("\n")
    );
    assert!(
        checked > 30,
        "the docs' shell examples were found ({checked})"
    );
}

/// The README's first command-line example, run as written from the
/// repository's root, prints an envelope with the outcome it shows.
#[test]
fn the_readmes_first_example_gives_the_verdict_it_shows() {
    let readme = std::fs::read_to_string(Path::new(REPO).join("README.md")).unwrap();
    let code = split_code(&readme).1;
    let at = code
        .iter()
        .position(|(_, line)| line.starts_with("wasmeval run "))
        .expect("the README shows `wasmeval run`");
    let command = words(code[at].1);
    let shown = code[at + 1].1;
    assert!(
        shown.starts_with("# {"),
        "the next line shows the envelope: {shown}"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args(&command[1..])
        .arg("--cache-dir")
        .arg(crate::common::cache_dir())
        .current_dir(REPO)
        .output()
        .unwrap();
    let envelope: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    let outcome = envelope["outcome"].as_str().unwrap();
    assert!(
        shown.contains(&format!("\"outcome\":\"{outcome}\"")),
        "the README shows {shown}, the run gave {envelope}"
    );
    let code = output.status.code().unwrap();
    assert!(
        shown.contains(&format!("exit {code}")),
        "{shown}: exit {code}"
    );
}

/// Every variable `wasmeval --help` lists under Environment has a row in
/// the reference's table, with the default `--help` gives.
#[test]
fn the_environment_table_has_every_variable_the_help_lists() {
    let help = help(&[]);
    let reference = std::fs::read_to_string(Path::new(REPO).join("docs/reference.md")).unwrap();
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|line| *line != "Environment:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .collect();
    assert!(listed.len() >= 6, "--help lists the environment: {help}");
    for line in listed {
        let name = line.split_whitespace().next().unwrap();
        let row = reference
            .lines()
            .find(|row| row.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("docs/reference.md has no row for {name}"));
        if let Some(default) = line.split("[default: ").nth(1) {
            let default = default.trim_end_matches(']');
            let first = default.split([':', ' ']).next().unwrap();
            assert!(
                row.contains(first),
                "docs/reference.md's {name} row does not give the default {default}: {row}"
            );
        }
    }
}
