//! Input/output test cases: programs judged by what they print for a given
//! stdin, and functions judged by what they return for given arguments.
//!
//! A task line carries its cases in one of the shapes code datasets ship:
//!
//! - `input_output` (APPS, TACO, verl's and PRIME's code rewards): an object,
//!   or a JSON string holding one, `{"inputs": [...], "outputs": [...],
//!   "fn_name"?: "..."}`. Without `fn_name` each input is a program's stdin
//!   and each output its expected stdout (a list of lines is joined with
//!   newlines). With `fn_name` the task is call-based: each input is the
//!   argument list, each output the expected return value; as APPS's own
//!   checker does, an expected value that is a one-element list also
//!   accepts that element.
//! - `test_cases` (LiveCodeBench): a list, or a JSON string holding one, of
//!   `{"input", "output", "testtype": "stdin" | "functional"}`. A
//!   functional case calls `metadata.func_name` (also `func_name`,
//!   `fn_name`); its input is newline-separated JSON values, the arguments,
//!   and its output the JSON of the return value.
//! - `public_tests`, `private_tests`, `generated_tests` (CodeContests):
//!   `{"input": [...], "output": [...]}` each; the cases are all of them,
//!   in that order.
//!
//! A call-based case calls the named function; when the program defines a
//! class `Solution` with a method of that name, the method of a fresh
//! `Solution()` is called instead (LeetCode style, as LiveCodeBench and
//! APPS do).
//!
//! How outputs compare is [`Compare`] (see [`crate::compare`]); return
//! values are compared as JSON values by [`same_value`].

use serde_json::Value;

use crate::checker::Checker;
pub use crate::compare::{Compare, TOLERANCE};
use crate::compare::{close, quote};

/// Return values compared as JSON: an expected integer only with the same
/// integer (or a float of exactly its value, as Python's `3.0 == 3`), an
/// expected decimal with a number within [`TOLERANCE`], arrays and objects
/// element by element. Tuples arrive as arrays (the harness serialises
/// them so).
pub fn same_value(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Number(a), Value::Number(b)) => match (a.is_f64(), b.is_f64()) {
            // Integers, as written (arbitrary precision): exactly.
            (false, false) => a.to_string() == b.to_string(),
            (false, true) => match (a.as_i64(), b.as_f64()) {
                (Some(n), Some(y)) => n.unsigned_abs() <= 1 << 53 && y == n as f64,
                _ => false,
            },
            (true, _) => match (a.as_f64(), b.as_f64()) {
                (Some(x), Some(y)) => close(x, y),
                _ => false,
            },
        },
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_value(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, x)| b.get(k).is_some_and(|y| same_value(x, y)))
        }
        _ => expected == actual,
    }
}

/// What one case gives and expects.
#[derive(Debug, Clone, PartialEq)]
pub enum Case {
    /// Run the program with this stdin; it must print `output`.
    Stdin { input: String, output: String },
    /// Call the function with these arguments; it must return `expected`
    /// (or, when `unwrap` is set and `expected` is a one-element list, that
    /// element).
    Call {
        args: Vec<Value>,
        expected: Value,
        unwrap: bool,
    },
}

/// One named case.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedCase {
    /// Its name in the envelope's `targets[i].name` (`case 3`,
    /// `test_cases[3]`, `private_tests[3]`).
    pub name: String,
    pub case: Case,
}

/// A task's cases.
#[derive(Debug, Clone, PartialEq)]
pub struct IoCases {
    pub cases: Vec<NamedCase>,
    /// The function call-based cases call.
    pub function: Option<String>,
    /// How stdout is compared; `None`: the caller's default.
    pub compare: Option<Compare>,
    /// The task's `stop_at_first_failure`: the cases after the first that
    /// fails are not run (and count as failed).
    pub stop_at_first_failure: bool,
    /// The task's checker, which judges each output in place of
    /// `compare` (stdin cases; see [`crate::checker`]).
    pub checker: Option<Checker>,
}

impl IoCases {
    /// Check a return value (its JSON text from the harness) against a
    /// call-based case; `None` when right.
    pub fn check_returned(expected: &Value, unwrap: bool, returned: &str) -> Option<String> {
        let actual: Value = match serde_json::from_str(returned) {
            Ok(value) => value,
            Err(_) => {
                return Some(format!(
                    "the result is not a JSON value: {}",
                    quote(returned)
                ));
            }
        };
        let unwrapped = match expected {
            Value::Array(items) if unwrap && items.len() == 1 => Some(&items[0]),
            _ => None,
        };
        if same_value(expected, &actual) || unwrapped.is_some_and(|e| same_value(e, &actual)) {
            return None;
        }
        Some(format!(
            "wrong answer: expected {}, got {}",
            quote(&expected.to_string()),
            quote(&actual.to_string())
        ))
    }
}

/// Field names that make a task line an input/output task.
pub const FIELDS: [&str; 5] = [
    "input_output",
    "test_cases",
    "public_tests",
    "private_tests",
    "generated_tests",
];

/// Read the cases of a task line (`object`), or say what is wrong with them.
/// `None` when the line has none of [`FIELDS`].
pub fn parse(object: &serde_json::Map<String, Value>) -> Option<Result<IoCases, String>> {
    let compare = match object.get("judge") {
        None | Some(Value::Null) => None,
        Some(value) => match Compare::from_value(value) {
            Ok(compare) => Some(compare),
            Err(e) => return Some(Err(format!("\"judge\": {e}"))),
        },
    };
    let checker = match object.get("checker") {
        None | Some(Value::Null) => None,
        Some(value) => match Checker::from_value(value) {
            Ok(checker) => Some(checker),
            Err(e) => return Some(Err(e)),
        },
    };
    if checker.is_some() && compare.is_some() {
        return Some(Err(
            "\"judge\" and \"checker\" both say how outputs are judged; give one".into(),
        ));
    }
    let parsed = if let Some(value) = object.get("input_output") {
        input_output(value)
    } else if let Some(value) = object.get("test_cases") {
        test_cases(value, object)
    } else if ["public_tests", "private_tests", "generated_tests"]
        .iter()
        .any(|f| object.contains_key(*f))
    {
        code_contests(object)
    } else {
        return None;
    };
    Some(parsed.and_then(|(cases, function)| {
        if cases.is_empty() {
            return Err("the task has no test cases".into());
        }
        if let Some(name) = &function {
            check_identifier(name)?;
            if checker.is_some() {
                return Err(format!(
                    "\"checker\" judges a program's output, but these cases call {name}()"
                ));
            }
        }
        let (cases, stop_at_first_failure) = selected(cases, object)?;
        Ok(IoCases {
            cases,
            function,
            compare,
            stop_at_first_failure,
            checker,
        })
    }))
}

/// The cases a task's `max_cases` (a positive integer), `case_order`
/// (`first`, the default, or `longest`: the largest inputs, as DeepCoder
/// picks its 15) and `stop_at_first_failure` (a boolean) leave to run, in
/// the dataset's order, and whether a failure stops the rest.
fn selected(
    mut cases: Vec<NamedCase>,
    object: &serde_json::Map<String, Value>,
) -> Result<(Vec<NamedCase>, bool), String> {
    let limit = match object.get("max_cases") {
        None | Some(Value::Null) => None,
        Some(value) => Some(value.as_u64().filter(|n| *n > 0).ok_or_else(|| {
            format!(
                "\"max_cases\" must be a positive integer, not {}",
                short(value)
            )
        })? as usize),
    };
    let longest = match object.get("case_order") {
        None | Some(Value::Null) => false,
        Some(Value::String(order)) if order == "first" => false,
        Some(Value::String(order)) if order == "longest" => true,
        Some(other) => {
            return Err(format!(
                "\"case_order\" must be \"first\" or \"longest\", not {}",
                short(other)
            ));
        }
    };
    let stop = match object.get("stop_at_first_failure") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(stop)) => *stop,
        Some(other) => {
            return Err(format!(
                "\"stop_at_first_failure\" must be true or false, not {}",
                short(other)
            ));
        }
    };
    if let Some(limit) = limit.filter(|limit| *limit < cases.len()) {
        if longest {
            let size = |case: &Case| match case {
                Case::Stdin { input, .. } => input.len(),
                Case::Call { args, .. } => args.iter().map(|a| a.to_string().len()).sum(),
            };
            // The `limit` largest inputs (the earlier of equal ones), kept
            // in the dataset's order.
            let mut order: Vec<usize> = (0..cases.len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(size(&cases[i].case)));
            let mut keep = vec![false; cases.len()];
            for &i in &order[..limit] {
                keep[i] = true;
            }
            let mut kept = keep.iter();
            cases.retain(|_| *kept.next().expect("one flag per case"));
        } else {
            cases.truncate(limit);
        }
    }
    Ok((cases, stop))
}

type Parsed = Result<(Vec<NamedCase>, Option<String>), String>;

/// A value that may also come as a JSON string holding it (datasets store
/// these columns as strings).
fn decoded(value: &Value, field: &str) -> Result<Value, String> {
    match value {
        Value::String(text) => serde_json::from_str(text)
            .map_err(|e| format!("\"{field}\" is a string but not valid JSON: {e}")),
        other => Ok(other.clone()),
    }
}

/// A text that may be given as a list of lines.
fn text(value: &Value, what: &str) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Array(lines) if lines.iter().all(Value::is_string) => Ok(lines
            .iter()
            .map(|l| l.as_str().expect("checked"))
            .collect::<Vec<_>>()
            .join("\n")),
        other => Err(format!(
            "{what} must be a string (or a list of lines), not {}",
            short(other)
        )),
    }
}

fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 60 {
        format!("{}...", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

fn input_output(value: &Value) -> Parsed {
    let value = decoded(value, "input_output")?;
    let Some(object) = value.as_object() else {
        return Err(format!(
            "\"input_output\" must be an object with \"inputs\" and \"outputs\", not {}",
            short(&value)
        ));
    };
    let list = |name: &str| -> Result<&Vec<Value>, String> {
        match object.get(name) {
            Some(Value::Array(items)) => Ok(items),
            Some(other) => Err(format!(
                "\"input_output.{name}\" must be a list, not {}",
                short(other)
            )),
            None => Err(format!("\"input_output\" has no \"{name}\"")),
        }
    };
    let inputs = list("inputs")?;
    let outputs = list("outputs")?;
    if inputs.len() != outputs.len() {
        return Err(format!(
            "\"input_output\" has {} inputs but {} outputs",
            inputs.len(),
            outputs.len()
        ));
    }
    let function = match object.get("fn_name") {
        None | Some(Value::Null) => None,
        Some(Value::String(name)) => Some(name.clone()),
        Some(other) => {
            return Err(format!(
                "\"input_output.fn_name\" must be a string, not {}",
                short(other)
            ));
        }
    };
    let mut cases = Vec::with_capacity(inputs.len());
    for (i, (input, output)) in inputs.iter().zip(outputs).enumerate() {
        let case = if function.is_some() {
            Case::Call {
                args: match input {
                    Value::Array(args) => args.clone(),
                    single => vec![single.clone()],
                },
                expected: output.clone(),
                unwrap: true,
            }
        } else {
            Case::Stdin {
                input: text(input, &format!("\"input_output.inputs\"[{i}]"))?,
                output: text(output, &format!("\"input_output.outputs\"[{i}]"))?,
            }
        };
        cases.push(NamedCase {
            name: format!("case {i}"),
            case,
        });
    }
    Ok((cases, function))
}

/// The function name of a LiveCodeBench line: `metadata.func_name` (the
/// metadata may be a JSON string), else `func_name` or `fn_name`.
fn lcb_function(object: &serde_json::Map<String, Value>) -> Result<Option<String>, String> {
    if let Some(metadata) = object.get("metadata") {
        let metadata = decoded(metadata, "metadata")?;
        if let Some(name) = metadata.get("func_name") {
            return match name {
                Value::String(name) => Ok(Some(name.clone())),
                Value::Null => Ok(None),
                other => Err(format!(
                    "\"metadata.func_name\" must be a string, not {}",
                    short(other)
                )),
            };
        }
    }
    for field in ["func_name", "fn_name"] {
        match object.get(field) {
            None | Some(Value::Null) => {}
            Some(Value::String(name)) => return Ok(Some(name.clone())),
            Some(other) => {
                return Err(format!(
                    "\"{field}\" must be a string, not {}",
                    short(other)
                ));
            }
        }
    }
    Ok(None)
}

fn test_cases(value: &Value, object: &serde_json::Map<String, Value>) -> Parsed {
    let value = decoded(value, "test_cases")?;
    let Some(items) = value.as_array() else {
        return Err(format!(
            "\"test_cases\" must be a list, not {}",
            short(&value)
        ));
    };
    let function = lcb_function(object)?;
    let mut cases = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = format!("\"test_cases\"[{i}]");
        let Some(fields) = item.as_object() else {
            return Err(format!("{at} must be an object, not {}", short(item)));
        };
        let field = |name: &str| -> Result<String, String> {
            match fields.get(name) {
                Some(value) => text(value, &format!("{at}.{name}")),
                None => Err(format!("{at} has no \"{name}\"")),
            }
        };
        let input = field("input")?;
        let output = field("output")?;
        let kind = match fields.get("testtype") {
            None | Some(Value::Null) => "stdin",
            Some(Value::String(kind)) => kind.as_str(),
            Some(other) => {
                return Err(format!(
                    "{at}.testtype must be a string, not {}",
                    short(other)
                ));
            }
        };
        let case = match kind {
            "stdin" => Case::Stdin { input, output },
            "functional" => {
                if function.is_none() {
                    return Err(format!(
                        "{at} is functional, but the task names no function \
                         (\"metadata\": {{\"func_name\": ...}})"
                    ));
                }
                let mut args = Vec::new();
                for (n, line) in input.lines().enumerate() {
                    if line.trim().is_empty() {
                        continue;
                    }
                    args.push(serde_json::from_str(line).map_err(|e| {
                        format!("{at}.input line {}: not a JSON value ({e})", n + 1)
                    })?);
                }
                let expected = serde_json::from_str(&output)
                    .map_err(|e| format!("{at}.output: not a JSON value ({e})"))?;
                Case::Call {
                    args,
                    expected,
                    unwrap: false,
                }
            }
            other => {
                return Err(format!(
                    "{at}.testtype is '{other}' (expected 'stdin' or 'functional')"
                ));
            }
        };
        cases.push(NamedCase {
            name: format!("test_cases[{i}]"),
            case,
        });
    }
    Ok((cases, function))
}

fn code_contests(object: &serde_json::Map<String, Value>) -> Parsed {
    let mut cases = Vec::new();
    for group in ["public_tests", "private_tests", "generated_tests"] {
        let Some(value) = object.get(group) else {
            continue;
        };
        let value = decoded(value, group)?;
        if value.is_null() {
            continue;
        }
        let lists = |name: &str| -> Result<Vec<Value>, String> {
            match value.get(name) {
                Some(Value::Array(items)) => Ok(items.clone()),
                Some(other) => Err(format!(
                    "\"{group}.{name}\" must be a list, not {}",
                    short(other)
                )),
                None => Err(format!("\"{group}\" has no \"{name}\"")),
            }
        };
        let inputs = lists("input")?;
        let outputs = lists("output")?;
        if inputs.len() != outputs.len() {
            return Err(format!(
                "\"{group}\" has {} inputs but {} outputs",
                inputs.len(),
                outputs.len()
            ));
        }
        for (i, (input, output)) in inputs.iter().zip(&outputs).enumerate() {
            cases.push(NamedCase {
                name: format!("{group}[{i}]"),
                case: Case::Stdin {
                    input: text(input, &format!("\"{group}.input\"[{i}]"))?,
                    output: text(output, &format!("\"{group}.output\"[{i}]"))?,
                },
            });
        }
    }
    Ok((cases, None))
}

/// A function name the harnesses can look up: an identifier.
fn check_identifier(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let ok = chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    if ok {
        Ok(())
    } else {
        Err(format!("the function name {name:?} is not an identifier"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parsed(value: Value) -> Result<IoCases, String> {
        parse(value.as_object().unwrap()).expect("an io task")
    }

    #[test]
    fn exact_ignores_line_endings_and_trailing_whitespace_only() {
        let c = Compare::Exact;
        assert_eq!(c.check("1 2\n3\n", "1 2  \r\n3\n\n\n"), None);
        assert_eq!(c.check("a", "a"), None);
        let wrong = c.check("1\n2\n", "1\n3\n").unwrap();
        assert_eq!(wrong, "wrong answer: line 2: expected \"2\", got \"3\"");
        assert!(c.check("1 2", "1  2").is_some(), "inner spaces count");
        assert!(c.check("\n1", "1").is_some(), "leading blank lines count");
        let short = c.check("1\n2", "1").unwrap();
        assert!(short.contains("expected 2 lines, got 1"), "{short}");
    }

    #[test]
    fn tokens_compare_numbers_with_tolerance() {
        let c = Compare::Tokens;
        assert_eq!(c.check("0.3333333 2", "0.33333331\n2"), None);
        assert_eq!(c.check("1e6", "1000000.0000001"), None);
        assert_eq!(c.check("YES", "YES"), None);
        assert!(c.check("0.333", "0.334").is_some());
        assert!(c.check("yes", "YES").is_some());
        assert!(
            c.check("1 2", "1 2 3")
                .unwrap()
                .contains("expected 2 tokens, got 3")
        );
        assert!(c.check("nan", "nan").is_none(), "identical text");
        assert!(c.check("1", "inf").is_some());
        assert!(c.check("1.5", "nan").is_some());
        assert!(
            c.check("1.5", "1e999").is_some(),
            "infinity is no finite number"
        );
    }

    /// Contest checkers compare integers exactly: no tolerance near 1e9, no
    /// decimal for an integer; the tolerance is for decimals only.
    #[test]
    fn tokens_compare_integers_exactly() {
        let c = Compare::Tokens;
        assert!(c.check("999960860", "999961560").is_some());
        assert!(c.check("999960860", "999960861").is_some());
        assert!(c.check("3", "3.0").is_some());
        assert!(c.check("3", "3.0000001").is_some());
        assert!(c.check("-5", "-5.000000001").is_some());
        assert_eq!(c.check("7", "+7"), None);
        assert_eq!(c.check("7", "007"), None);
        assert_eq!(c.check("0", "-0"), None);
        assert!(c.check("-7", "7").is_some());
        assert_eq!(c.check("2.5", "2.5000001"), None);
        assert_eq!(
            c.check("2.0", "2"),
            None,
            "a decimal expected: a number within tolerance"
        );
        let big = "123456789012345678901234567890";
        assert!(c.check(big, "123456789012345678901234567891").is_some());
    }

    #[test]
    fn values_compare_as_json_with_tolerance() {
        assert!(same_value(
            &json!([1, [2.0, 3]]),
            &json!([1, [2.0000000001, 3]])
        ));
        assert!(!same_value(&json!(1), &json!(2)));
        assert!(!same_value(&json!(1), &json!("1")));
        assert!(same_value(&json!({"a": [1]}), &json!({"a": [1]})));
        let big: Value = serde_json::from_str("123456789012345678901234567890").unwrap();
        let bigger: Value = serde_json::from_str("123456789012345678901234567891").unwrap();
        assert!(!same_value(&big, &bigger), "big integers compare exactly");
        assert!(!same_value(&json!(999960860), &json!(999961560)));
        assert!(!same_value(&json!(999960860), &json!(999960860.5)));
        assert!(same_value(&json!(3), &json!(3.0)), "Python's 3.0 == 3");
        assert!(!same_value(&json!(3), &json!(3.0000001)));
        assert!(same_value(&json!(2.5), &json!(2.5000001)));
        assert!(same_value(&json!(2.0), &json!(2)));
        assert_eq!(IoCases::check_returned(&json!([5]), true, "5"), None);
        assert!(IoCases::check_returned(&json!([5]), false, "5").is_some());
        assert!(
            IoCases::check_returned(&json!(5), true, "NaN")
                .unwrap()
                .contains("not a JSON")
        );
    }

    #[test]
    fn apps_shape_as_object_or_string() {
        let cases =
            parsed(json!({"input_output": "{\"inputs\": [\"1 2\\n\"], \"outputs\": [\"3\\n\"]}"}))
                .unwrap();
        assert_eq!(
            cases.cases[0].case,
            Case::Stdin {
                input: "1 2\n".into(),
                output: "3\n".into()
            }
        );
        let call = parsed(
            json!({"input_output": {"inputs": [[1, 2], 7], "outputs": [[3], 8], "fn_name": "add"}}),
        )
        .unwrap();
        assert_eq!(call.function.as_deref(), Some("add"));
        assert_eq!(
            call.cases[1].case,
            Case::Call {
                args: vec![json!(7)],
                expected: json!(8),
                unwrap: true
            }
        );
        let lines =
            parsed(json!({"input_output": {"inputs": [["1", "2"]], "outputs": [["3", "4"]]}}))
                .unwrap();
        assert_eq!(
            lines.cases[0].case,
            Case::Stdin {
                input: "1\n2".into(),
                output: "3\n4".into()
            }
        );
    }

    #[test]
    fn livecodebench_shape() {
        let cases = parsed(json!({
            "test_cases": [
                {"input": "3\n", "output": "6\n", "testtype": "stdin"},
                {"input": "[1, 2]\n3", "output": "[1, 2, 3]", "testtype": "functional"}
            ],
            "metadata": "{\"func_name\": \"append\"}"
        }))
        .unwrap();
        assert_eq!(cases.function.as_deref(), Some("append"));
        assert_eq!(cases.cases[1].name, "test_cases[1]");
        assert_eq!(
            cases.cases[1].case,
            Case::Call {
                args: vec![json!([1, 2]), json!(3)],
                expected: json!([1, 2, 3]),
                unwrap: false
            }
        );
    }

    #[test]
    fn code_contests_shape_in_order() {
        let cases = parsed(json!({
            "public_tests": {"input": ["1\n"], "output": ["1\n"]},
            "private_tests": {"input": [], "output": []},
            "generated_tests": {"input": ["2\n", "3\n"], "output": ["2\n", "3\n"]}
        }))
        .unwrap();
        let names: Vec<&str> = cases.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "public_tests[0]",
                "generated_tests[0]",
                "generated_tests[1]"
            ]
        );
    }

    #[test]
    fn problems_are_named() {
        let cases = [
            (json!({"input_output": "{"}), "not valid JSON"),
            (json!({"input_output": {"inputs": [1]}}), "no \"outputs\""),
            (
                json!({"input_output": {"inputs": ["1"], "outputs": []}}),
                "1 inputs but 0 outputs",
            ),
            (
                json!({"input_output": {"inputs": [1], "outputs": ["1"]}}),
                "\"input_output.inputs\"[0] must be a string",
            ),
            (
                json!({"input_output": {"inputs": [], "outputs": []}}),
                "no test cases",
            ),
            (
                json!({"input_output": {"inputs": [[1]], "outputs": [1], "fn_name": "a b"}}),
                "not an identifier",
            ),
            (
                json!({"test_cases": [{"input": "1", "output": "1", "testtype": "functional"}]}),
                "names no function",
            ),
            (
                json!({"test_cases": [{"input": "1", "output": "1", "testtype": "x"}]}),
                "testtype is 'x'",
            ),
            (
                json!({"test_cases": [{"input": "{", "output": "1", "testtype": "functional"}], "metadata": {"func_name": "f"}}),
                "input line 1",
            ),
            (json!({"public_tests": {"input": ["1"]}}), "no \"output\""),
            (
                json!({"public_tests": {"input": ["1"], "output": ["1"]}, "judge": "fuzzy"}),
                "unknown judge 'fuzzy'",
            ),
        ];
        for (value, expected) in cases {
            let err = parsed(value.clone()).unwrap_err();
            assert!(err.contains(expected), "{value}: {err}");
        }
        assert!(parse(json!({"targets": []}).as_object().unwrap()).is_none());
    }
}
