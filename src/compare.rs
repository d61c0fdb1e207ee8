//! How a program's stdout is compared with the expected output: wasmeval's
//! own `exact` and `tokens`, an explicit float tolerance, and the
//! comparisons of the harnesses that code datasets and RL trainers judge
//! with, each named after the harness it gives the verdicts of:
//!
//! - `sandboxfusion`: SandboxFusion's stdio judge (`check_stdio_test_case`,
//!   the CommonOJ datasets, CodeContests among them): the whole text
//!   stripped and cut at `\n`, the same number of lines, each lower-cased
//!   and stripped; a line that differs passes when both lines are one
//!   number each within a relative 1e-5 of the expected one.
//! - `codecontests`: CodeContests' own tester (`OutputsMatch`): whitespace
//!   tokens (space, `\n`, `\t`, `\r`, `\v`), ASCII lower-cased, the same
//!   tokens; else as many, and each pair equal, or both numbers (abseil's
//!   syntax, hex floats included) within an absolute 1e-5.
//! - `livecodebench`: LiveCodeBench's `grade_stdio`: stripped lines, the
//!   same number; a line that differs passes when every token on both
//!   lines is a `Decimal` and they are equal in exact value (no tolerance).
//! - `apps`: the APPS cascade verl's `prime_code` reward runs (exact,
//!   stripped, per line without blank lines, then `np.allclose` per line
//!   when some line is not all digits).
//! - `float`: whitespace tokens; numbers within an absolute or a relative
//!   tolerance the task gives, other tokens equal.
//!
//! Each follows its harness's code, read at a pinned commit and checked on
//! a table of cases run through that code (`tests/suite/judges.rs`),
//! including its quirks: SandboxFusion passes `123457` for `123456`
//! (relative), CodeContests `0x1a` for `26`, LiveCodeBench fails `1` against
//! `1.000001`. Python's whitespace (`str.strip`, `str.split`,
//! `str.splitlines`) is Python's, not Rust's: it includes `\x1c`-`\x1f`.

use serde_json::Value;

/// Relative and absolute tolerance of `tokens` and of return values.
pub const TOLERANCE: f64 = 1e-6;
/// Characters of expected and actual text quoted in a wrong-answer message.
const QUOTE_CHARS: usize = 80;

/// How a program's stdout is compared with the expected output.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Compare {
    /// Equal after normalising line endings (`\r\n`, `\r` to `\n`),
    /// trailing whitespace on every line, and trailing blank lines.
    #[default]
    Exact,
    /// Equal as whitespace-separated tokens. An expected integer matches
    /// only the same integer (`+7` and `007` are 7; `7.0` is not); an
    /// expected decimal matches a number within [`TOLERANCE`] (relative or
    /// absolute), as contest checkers compare. `inf` and `nan` are text.
    Tokens,
    /// SandboxFusion's stdio judge (see the module's documentation).
    SandboxFusion,
    /// CodeContests' `OutputsMatch`.
    CodeContests,
    /// LiveCodeBench's `grade_stdio`.
    LiveCodeBench,
    /// The APPS cascade of verl's `prime_code`.
    Apps,
    /// Whitespace tokens; two numbers match within `abs` or within `rel`
    /// of the expected one, other tokens when equal.
    Float { abs: f64, rel: f64 },
}

/// The names `--judge` and a task's `judge` take.
pub const NAMES: &str = "exact, tokens, sandboxfusion, codecontests, livecodebench, apps, or \
                         {\"float\": {\"abs\": A, \"rel\": R}}";

impl Compare {
    /// A name (`exact`, ...) or a float tolerance as JSON
    /// (`{"float": {"abs": 1e-6, "rel": 1e-9}}`).
    pub fn parse(name: &str) -> Result<Compare, String> {
        match name {
            "exact" => Ok(Compare::Exact),
            "tokens" => Ok(Compare::Tokens),
            "sandboxfusion" => Ok(Compare::SandboxFusion),
            "codecontests" => Ok(Compare::CodeContests),
            "livecodebench" => Ok(Compare::LiveCodeBench),
            "apps" => Ok(Compare::Apps),
            text if text.trim_start().starts_with('{') => {
                let value: Value = serde_json::from_str(text)
                    .map_err(|e| format!("the judge {text:?} is not JSON: {e}"))?;
                Compare::from_value(&value)
            }
            other => Err(format!("unknown judge '{other}' (expected {NAMES})")),
        }
    }

    /// A task's `judge` field: a name, or `{"float": {"abs": A, "rel": R}}`
    /// (either tolerance may be left out: 0).
    pub fn from_value(value: &Value) -> Result<Compare, String> {
        let float = match value {
            Value::String(name) => return Compare::parse(name),
            Value::Object(object) if object.len() == 1 => object.get("float"),
            _ => None,
        };
        let Some(Value::Object(tolerances)) = float else {
            return Err(format!("expected {NAMES}, not {value}"));
        };
        let mut abs = 0.0;
        let mut rel = 0.0;
        for (key, tolerance) in tolerances {
            let slot = match key.as_str() {
                "abs" => &mut abs,
                "rel" => &mut rel,
                other => {
                    return Err(format!(
                        "\"float\" takes \"abs\" and \"rel\", not {other:?}"
                    ));
                }
            };
            *slot = tolerance
                .as_f64()
                .filter(|t| t.is_finite() && *t >= 0.0)
                .ok_or_else(|| {
                    format!("\"float\".\"{key}\" must be a number at least 0, not {tolerance}")
                })?;
        }
        Ok(Compare::Float { abs, rel })
    }

    /// `None` when `actual` is right, else why not, in a few words.
    pub fn check(self, expected: &str, actual: &str) -> Option<String> {
        match self {
            Compare::Exact => exact(expected, actual),
            Compare::Tokens => tokens(expected, actual, same_token),
            Compare::Float { abs, rel } => tokens(expected, actual, |want, got| {
                want == got
                    || match (python_float(want), python_float(got)) {
                        (Some(e), Some(a)) => within(a, e, abs, rel),
                        _ => false,
                    }
            }),
            Compare::SandboxFusion => sandbox_fusion(expected, actual),
            Compare::CodeContests => code_contests(expected, actual),
            Compare::LiveCodeBench => livecodebench(expected, actual),
            Compare::Apps => apps(expected, actual),
        }
    }
}

impl std::fmt::Display for Compare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Compare::Exact => f.write_str("exact"),
            Compare::Tokens => f.write_str("tokens"),
            Compare::SandboxFusion => f.write_str("sandboxfusion"),
            Compare::CodeContests => f.write_str("codecontests"),
            Compare::LiveCodeBench => f.write_str("livecodebench"),
            Compare::Apps => f.write_str("apps"),
            Compare::Float { abs, rel } => {
                write!(f, "{{\"float\": {{\"abs\": {abs:e}, \"rel\": {rel:e}}}}}")
            }
        }
    }
}

// ---- wasmeval's own ---------------------------------------------------------

fn exact(expected: &str, actual: &str) -> Option<String> {
    let want = normalise(expected);
    let got = normalise(actual);
    if want == got {
        return None;
    }
    let want_lines: Vec<&str> = want.split('\n').collect();
    let got_lines: Vec<&str> = got.split('\n').collect();
    lines_differ(&want_lines, &got_lines, |a, b| a == b)
}

/// Line endings as `\n`, no trailing whitespace on any line, no trailing
/// blank lines.
fn normalise(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = text.split('\n').map(str::trim_end).collect();
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    lines[..end].join("\n")
}

/// Whitespace tokens compared pairwise by `same`.
fn tokens(expected: &str, actual: &str, same: impl Fn(&str, &str) -> bool) -> Option<String> {
    let want: Vec<&str> = expected.split_whitespace().collect();
    let got: Vec<&str> = actual.split_whitespace().collect();
    tokens_differ(&want, &got, same)
}

fn same_token(expected: &str, actual: &str) -> bool {
    if expected == actual {
        return true;
    }
    if let Some(want) = integer_token(expected) {
        return integer_token(actual).is_some_and(|got| got == want);
    }
    match (decimal_notation(expected), decimal_notation(actual)) {
        (Some(x), Some(y)) => close(x, y),
        _ => false,
    }
}

/// An integer token (optional sign, digits), as its sign and digits
/// without leading zeros (`-0` is `0`); `None` for any other token.
fn integer_token(token: &str) -> Option<(bool, &str)> {
    let (negative, digits) = match token.as_bytes().first()? {
        b'-' => (true, &token[1..]),
        b'+' => (false, &token[1..]),
        _ => (false, token),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.trim_start_matches('0');
    Some((negative && !digits.is_empty(), digits))
}

/// A token as a number: decimal notation only (no `inf`, `nan`, hex).
fn decimal_notation(token: &str) -> Option<f64> {
    let numeric = token
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
        && token.bytes().any(|b| b.is_ascii_digit());
    if numeric { token.parse().ok() } else { None }
}

/// Within [`TOLERANCE`], relative or absolute; an infinity or NaN matches
/// only itself, never a finite number.
pub(crate) fn close(x: f64, y: f64) -> bool {
    if x == y {
        return true;
    }
    if !x.is_finite() || !y.is_finite() {
        return false;
    }
    let diff = (x - y).abs();
    diff <= TOLERANCE || diff <= TOLERANCE * x.abs().max(y.abs())
}

/// `actual` within `abs`, or within `rel` of `expected`; infinities match
/// the same infinity, NaN nothing.
fn within(actual: f64, expected: f64, abs: f64, rel: f64) -> bool {
    if actual == expected {
        return true;
    }
    let diff = (actual - expected).abs();
    diff.is_finite() && (diff <= abs || diff <= rel * expected.abs())
}

// ---- SandboxFusion ------------------------------------------------------------

fn sandbox_fusion(expected: &str, actual: &str) -> Option<String> {
    let want: Vec<&str> = py_strip(expected).split('\n').collect();
    let got: Vec<&str> = py_strip(actual).split('\n').collect();
    lines_differ(&want, &got, |e, a| {
        let (e, a) = (e.to_lowercase(), a.to_lowercase());
        if py_strip(&e) == py_strip(&a) {
            return true;
        }
        match (python_float(&e), python_float(&a)) {
            // Relative to the expected value, strictly under 1e-5.
            (Some(e), Some(a)) => (a - e).abs() / e.abs().max(1e-10) < 1e-5,
            _ => false,
        }
    })
}

// ---- CodeContests ---------------------------------------------------------------

fn code_contests(expected: &str, actual: &str) -> Option<String> {
    let split = |text: &str| -> Vec<String> {
        text.split([' ', '\n', '\t', '\r', '\x0b'])
            .filter(|t| !t.is_empty())
            .map(str::to_ascii_lowercase)
            .collect()
    };
    let want = split(expected);
    let got = split(actual);
    if want == got {
        return None;
    }
    let want: Vec<&str> = want.iter().map(String::as_str).collect();
    let got: Vec<&str> = got.iter().map(String::as_str).collect();
    tokens_differ(&want, &got, |e, a| {
        match (abseil_double(e), abseil_double(a)) {
            // Absolute, strictly under 1e-5 (inf - inf is NaN: unequal).
            (Some(e), Some(a)) => (a - e).abs() < 1e-5,
            _ => e == a,
        }
    })
}

/// abseil's `SimpleAtod` (20211102): ASCII whitespace stripped, one `+`
/// allowed, then `from_chars`: `-`, `inf`/`infinity`/`nan`/`nan(...)`, a
/// `0x` hex float, or decimal digits with `.` and an exponent; the whole
/// token.
fn abseil_double(token: &str) -> Option<f64> {
    let text =
        token.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'));
    let text = match text.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => text,
    };
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let lower = body.to_ascii_lowercase();
    let value = if lower == "inf" || lower == "infinity" {
        f64::INFINITY
    } else if lower == "nan"
        || (lower.starts_with("nan(")
            && lower.ends_with(')')
            && lower[4..lower.len() - 1]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    {
        f64::NAN
    } else if let Some(hex) = lower.strip_prefix("0x") {
        hex_float(hex)?
    } else {
        let decimal = body
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
            && !body.starts_with(['+', '-']);
        if !decimal {
            return None;
        }
        body.parse::<f64>().ok()?
    };
    Some(if negative { -value } else { value })
}

/// A hex float after its `0x`: hex digits with an optional `.`, then an
/// optional `p` and a decimal power of two.
fn hex_float(text: &str) -> Option<f64> {
    let (mantissa, power) = match text.split_once('p') {
        Some((m, p)) => {
            let digits = p.strip_prefix(['+', '-']).unwrap_or(p);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (
                m,
                p.parse::<i32>()
                    .unwrap_or(if p.starts_with('-') { -9999 } else { 9999 }),
            )
        }
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let mut value = 0.0f64;
    for c in whole.chars() {
        value = value * 16.0 + f64::from(c.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for c in fraction.chars() {
        value += f64::from(c.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    Some(value * 2f64.powi(power))
}

// ---- LiveCodeBench --------------------------------------------------------------

fn livecodebench(expected: &str, actual: &str) -> Option<String> {
    let lines = |text| -> Vec<&str> { py_strip(text).split('\n').map(py_strip).collect() };
    lines_differ(&lines(expected), &lines(actual), |e, a| {
        if e == a {
            return true;
        }
        let decimals =
            |line: &str| -> Option<Vec<Decimal>> { py_split(line).map(Decimal::parse).collect() };
        match (decimals(e), decimals(a)) {
            (Some(e), Some(a)) => e.len() == a.len() && e.iter().zip(&a).all(|(x, y)| x.same(y)),
            _ => false,
        }
    })
}

/// A Python `Decimal`'s value: what equality compares.
#[derive(Debug, Clone, PartialEq)]
enum Decimal {
    /// Zero (either sign).
    Zero,
    /// A finite non-zero value: its sign, its digits without leading or
    /// trailing zeros, and the power of ten of its last digit.
    Finite {
        negative: bool,
        digits: String,
        exponent: i64,
    },
    Infinite {
        negative: bool,
    },
    /// `NaN` (never equal to anything) or `sNaN` (comparing it raises).
    NaN,
}

impl Decimal {
    /// `Decimal(token)`'s syntax: a sign, digits with a `.` and `_`
    /// between digits, an exponent; `Inf`, `Infinity`, `NaN` and `sNaN`
    /// (with digits after it) in any case.
    fn parse(token: &str) -> Option<Decimal> {
        let (negative, body) = match token.as_bytes().first()? {
            b'-' => (true, &token[1..]),
            b'+' => (false, &token[1..]),
            _ => (false, token),
        };
        let lower = body.to_ascii_lowercase();
        if lower == "inf" || lower == "infinity" {
            return Some(Decimal::Infinite { negative });
        }
        for nan in ["snan", "nan"] {
            if let Some(payload) = lower.strip_prefix(nan)
                && payload.bytes().all(|b| b.is_ascii_digit())
            {
                return Some(Decimal::NaN);
            }
        }
        let Notation {
            whole,
            fraction,
            negative_exponent,
            exponent,
        } = Notation::read(&lower)?;
        let magnitude: i64 = match exponent.as_str() {
            "" => 0,
            digits => digits.parse().unwrap_or(i64::MAX / 4),
        };
        let exponent = if negative_exponent {
            -magnitude
        } else {
            magnitude
        };
        let all = format!("{whole}{fraction}");
        let exponent = exponent.saturating_sub(fraction.len() as i64);
        let significant = all.trim_start_matches('0');
        if significant.is_empty() {
            return Some(Decimal::Zero);
        }
        let trimmed = significant.trim_end_matches('0');
        Some(Decimal::Finite {
            negative,
            digits: trimmed.to_string(),
            exponent: exponent.saturating_add((significant.len() - trimmed.len()) as i64),
        })
    }

    /// Python's `==` on two Decimals (NaN equals nothing).
    fn same(&self, other: &Decimal) -> bool {
        !matches!(self, Decimal::NaN) && self == other
    }
}

/// ASCII digits with single `_` between them (Python's literal rule), the
/// `_` taken out; `None` for anything else. An empty text stays empty.
fn without_underscores(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'_' {
            let between = i > 0
                && i + 1 < bytes.len()
                && bytes[i - 1].is_ascii_digit()
                && bytes[i + 1].is_ascii_digit();
            if !between {
                return None;
            }
        } else if b.is_ascii_digit() {
            out.push(b as char);
        } else {
            return None;
        }
    }
    Some(out)
}

// ---- APPS, as verl's prime_code runs it ---------------------------------------

fn apps(expected: &str, actual: &str) -> Option<String> {
    let out = py_splitlines(actual);
    let want = py_strip(expected);
    // 1. The output's lines joined, stripped; then each line stripped too.
    if py_strip(&out.join("\n")) == want {
        return None;
    }
    let stripped: Vec<&str> = out.iter().map(|l| py_strip(l)).collect();
    if py_strip(&stripped.join("\n")) == want {
        return None;
    }
    // 2. One line that is the expected text itself.
    if out.len() == 1 && out[0] == expected {
        return None;
    }
    // 3. The expected lines (empty ones left out, then stripped), against
    //    the output's as they are, then without its empty lines.
    let goal: Vec<&str> = expected
        .split('\n')
        .filter(|l| !l.is_empty())
        .map(py_strip)
        .collect();
    if out == goal {
        return None;
    }
    let kept: Vec<&str> = out.iter().copied().filter(|l| !l.is_empty()).collect();
    if kept == goal {
        return None;
    }
    // 4. Each line one number, within np.allclose's tolerance, unless every
    //    line on both sides is all digits.
    if kept.len() == goal.len() {
        let digits = |l: &str| !l.is_empty() && l.chars().all(|c| c.is_ascii_digit());
        let all_digits = kept.iter().zip(&goal).all(|(o, g)| digits(o) && digits(g));
        if !all_digits {
            let numbers = |lines: &[&str]| -> Option<Vec<f64>> {
                lines.iter().map(|l| python_float(l)).collect()
            };
            if let (Some(o), Some(g)) = (numbers(&kept), numbers(&goal))
                && o.iter()
                    .zip(&g)
                    .all(|(o, g)| o == g || (o - g).abs() <= 1e-8 + 1e-5 * g.abs())
            {
                return None;
            }
        }
    }
    Some(
        lines_differ(&goal, &kept, |a, b| a == b).unwrap_or_else(|| {
            format!(
                "wrong answer: expected {}, got {}",
                quote(expected),
                quote(actual)
            )
        }),
    )
}

// ---- Python's text -------------------------------------------------------------

/// `str.isspace()`: Unicode's whitespace and `\x1c`-`\x1f`.
fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

/// `str.strip()`.
fn py_strip(text: &str) -> &str {
    text.trim_matches(py_space)
}

/// `str.split()`: runs of whitespace.
fn py_split(text: &str) -> impl Iterator<Item = &str> {
    text.split(py_space).filter(|t| !t.is_empty())
}

/// `str.splitlines()`: `\n`, `\r\n`, `\r`, `\v`, `\f`, `\x1c`-`\x1e`,
/// `\x85`, `\u2028`, `\u2029`; no empty line after a final break.
fn py_splitlines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let breaks = matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if !breaks {
            continue;
        }
        lines.push(&text[start..i]);
        let mut end = i + c.len_utf8();
        if c == '\r' && chars.peek().is_some_and(|(_, next)| *next == '\n') {
            chars.next();
            end += 1;
        }
        start = end;
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// Python's `float(text)`: surrounding whitespace, a sign, decimal
/// notation with `_` between digits, `inf`, `infinity`, `nan`.
fn python_float(text: &str) -> Option<f64> {
    let text = py_strip(text);
    let (sign, body) = match text.as_bytes().first()? {
        b'-' => (-1.0, &text[1..]),
        b'+' => (1.0, &text[1..]),
        _ => (1.0, text),
    };
    let lower = body.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        return Some(sign * f64::INFINITY);
    }
    if lower == "nan" {
        return Some(f64::NAN);
    }
    let notation = Notation::read(&lower)?;
    let or_zero = |digits: &str| {
        if digits.is_empty() {
            "0".to_string()
        } else {
            digits.to_string()
        }
    };
    let number: f64 = format!(
        "{}.{}e{}{}",
        or_zero(&notation.whole),
        or_zero(&notation.fraction),
        if notation.negative_exponent { "-" } else { "" },
        or_zero(&notation.exponent)
    )
    .parse()
    .ok()?;
    Some(sign * number)
}

/// Decimal notation as Python reads it (`float`, `Decimal`), lower-cased
/// and without its sign: digits with a `.`, then an `e`, a sign and
/// digits; `_` only between digits. The digit runs, `_` taken out.
struct Notation {
    whole: String,
    fraction: String,
    negative_exponent: bool,
    /// Empty when there is no exponent.
    exponent: String,
}

impl Notation {
    fn read(lower: &str) -> Option<Notation> {
        let (mantissa, negative_exponent, exponent) = match lower.split_once('e') {
            Some((m, e)) => {
                let exponent = without_underscores(e.strip_prefix(['+', '-']).unwrap_or(e))?;
                if exponent.is_empty() {
                    return None;
                }
                (m, e.starts_with('-'), exponent)
            }
            None => (lower, false, String::new()),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let (whole, fraction) = (without_underscores(whole)?, without_underscores(fraction)?);
        if whole.is_empty() && fraction.is_empty() {
            return None;
        }
        Some(Notation {
            whole,
            fraction,
            negative_exponent,
            exponent,
        })
    }
}

// ---- messages --------------------------------------------------------------------

/// `None` when the lines match pairwise by `same`; else the first that does
/// not, or the counts.
fn lines_differ(want: &[&str], got: &[&str], same: impl Fn(&str, &str) -> bool) -> Option<String> {
    match want.iter().zip(got).position(|(a, b)| !same(a, b)) {
        Some(line) => Some(format!(
            "wrong answer: line {}: expected {}, got {}",
            line + 1,
            quote(want[line]),
            quote(got[line])
        )),
        None if want.len() != got.len() => Some(format!(
            "wrong answer: expected {} lines, got {} (expected {}, got {})",
            want.len(),
            got.len(),
            quote(&want.join("\n")),
            quote(&got.join("\n"))
        )),
        None => None,
    }
}

/// `None` when the tokens match pairwise by `same`; else the first that
/// does not, or the counts.
fn tokens_differ(want: &[&str], got: &[&str], same: impl Fn(&str, &str) -> bool) -> Option<String> {
    match want.iter().zip(got).position(|(a, b)| !same(a, b)) {
        Some(i) => Some(format!(
            "wrong answer: token {}: expected {}, got {}",
            i + 1,
            quote(want[i]),
            quote(got[i])
        )),
        None if want.len() != got.len() => Some(format!(
            "wrong answer: expected {} tokens, got {}",
            want.len(),
            got.len()
        )),
        None => None,
    }
}

/// `text` quoted as JSON, cut to a few dozen characters.
pub(crate) fn quote(text: &str) -> String {
    let cut: String = text.chars().take(QUOTE_CHARS).collect();
    let mut quoted = serde_json::to_string(&cut).expect("strings serialise");
    if cut.len() < text.len() {
        quoted.insert_str(quoted.len() - 1, "...");
    }
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_as_each_harness_reads_them() {
        assert_eq!(python_float(" 1_000.5 "), Some(1000.5));
        assert_eq!(python_float("-Infinity"), Some(f64::NEG_INFINITY));
        assert_eq!(python_float(".5"), Some(0.5));
        assert_eq!(python_float("5."), Some(5.0));
        assert_eq!(python_float("1_"), None);
        assert_eq!(python_float("0x1a"), None);
        assert_eq!(abseil_double("0x1a"), Some(26.0));
        assert_eq!(abseil_double("0x1p3"), Some(8.0));
        assert_eq!(abseil_double("+-1"), None);
        assert_eq!(abseil_double("1_000"), None);
        assert!(abseil_double("nan(x_1)").is_some_and(f64::is_nan));
        assert_eq!(abseil_double("1e"), None);
        let d = |t: &str| Decimal::parse(t).unwrap();
        assert!(d("2.50000").same(&d("2.5")));
        assert!(d("1e2").same(&d("100")));
        assert!(d("-0").same(&d("0.000")));
        assert!(d("1_000").same(&d("1000")));
        assert!(!d("NaN").same(&d("NaN")));
        assert!(!d("1").same(&d("1.000001")));
        assert!(d("Inf").same(&d("infinity")));
        assert!(Decimal::parse("0x10").is_none());
    }

    #[test]
    fn python_lines_and_whitespace() {
        assert_eq!(py_splitlines("a\r\nb\rc\x0cd\n"), ["a", "b", "c", "d"]);
        assert_eq!(py_splitlines("a\n\nb"), ["a", "", "b"]);
        assert_eq!(py_strip("\x1c a \x1f"), "a");
        assert_eq!(py_split("a\x1cb").collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn float_tolerances_are_the_tasks() {
        let float = |abs, rel| Compare::Float { abs, rel };
        assert_eq!(float(1e-3, 0.0).check("1.0 x", "1.0009 x"), None);
        assert!(float(1e-3, 0.0).check("1000", "1000.01").is_some());
        assert_eq!(float(0.0, 1e-5).check("1000", "1000.009"), None);
        assert!(float(1.0, 1.0).check("inf", "1e308").is_some());
        assert_eq!(float(0.0, 0.0).check("inf", "inf"), None);
        // The same text passes; NaN never equals NaN as a number.
        assert_eq!(float(1.0, 1.0).check("nan", "nan"), None);
        assert!(float(1.0, 1.0).check("nan", "NaN").is_some());
        assert!(float(1.0, 1.0).check("x", "y").is_some());
        assert_eq!(
            Compare::parse(r#"{"float": {"abs": 1e-6}}"#),
            Ok(float(1e-6, 0.0))
        );
        assert!(Compare::parse(r#"{"float": {"tol": 1}}"#).is_err());
        assert_eq!(
            Compare::parse(&float(1e-6, 0.0).to_string()),
            Ok(float(1e-6, 0.0))
        );
    }
}
