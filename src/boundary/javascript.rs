//! JavaScript's wire (`runtimes/harness/javascript.js`, "the boundary"):
//! what a message from the candidate's instance may hold.
//!
//! A message is one byte of kind (`Q`, a request; `A`, an answer) and a
//! JSON array. Values are JSON's own null, booleans, finite numbers and
//! strings, or arrays whose first item is a tag:
//!
//! | tag | value | | tag | value |
//! |---|---|---|---|---|
//! | `u` | undefined | `n` | NaN, ±Infinity, -0 (by name) |
//! | `i` | BigInt (decimal) | `w` | a string with lone surrogates (UTF-16 units) |
//! | `a` | array (items; `["_"]` a hole) | `o` | plain object (null prototype flag, key, value, ...) |
//! | `m` | Map (key, value, ...) | `s` | Set (items) |
//! | `d` | Date (time or null) | `r` | RegExp (source, flags) |
//! | `e` | error (base, name, message, stack, classes, own properties) | `Y` | a symbol (description) |
//! | `h` | a handle of the sender's object (number, `f` callable or `o`) | `y` | a handle of the receiver's object |
//! | `P` | a settled promise (`f` fulfilled / `r` rejected, value; `p` pending) | | |
//!
//! What C may ask of J (`call`, `new`, `get`, `set`, `has`, `delete`,
//! `keys`, `desc`, `instanceof`) names J's objects by `y` handles only;
//! what only J asks (a global of the candidate's, its module) C may not
//! send. Answers are `["ok", value, writebacks]` or `["raise", value]`,
//! either with the text of a `console.assert` that failed during the call
//! last.

use serde_json::Value;

/// Check a message from the candidate's instance; `Err` says what is wrong.
pub fn check(message: &[u8]) -> Result<(), String> {
    super::check_size(message)?;
    let (kind, json) = match message {
        [kind @ (b'Q' | b'A'), json @ ..] => (*kind, json),
        [kind, ..] => return Err(format!("an unknown kind of message {kind:#04x}")),
        [] => return Err("an empty message".into()),
    };
    // serde_json refuses nesting deeper than 128 levels.
    let value: Value =
        serde_json::from_slice(json).map_err(|e| format!("a message that is not JSON ({e})"))?;
    let items = value
        .as_array()
        .ok_or("a message that is not an array")?
        .as_slice();
    if kind == b'Q' {
        request(items)
    } else {
        answer(items)
    }
}

fn request(items: &[Value]) -> Result<(), String> {
    let [op, rest @ ..] = items else {
        return Err("an empty request".into());
    };
    match (op.as_str(), rest) {
        (Some("call"), [target, this, args]) => {
            theirs(target)?;
            value(this)?;
            arguments(args)
        }
        (Some("new"), [target, args]) => {
            theirs(target)?;
            arguments(args)
        }
        (Some("get" | "has" | "delete" | "desc"), [target, k]) => {
            theirs(target)?;
            key(k)
        }
        (Some("set"), [target, k, v]) => {
            theirs(target)?;
            key(k)?;
            value(v)
        }
        (Some("keys"), [target]) => theirs(target),
        (Some("instanceof"), [v, class]) => {
            value(v)?;
            theirs(class)
        }
        _ => Err(format!("a request the candidate may not make ({op})")),
    }
}

fn answer(items: &[Value]) -> Result<(), String> {
    // A last string: the first console.assert that failed during the call.
    let items = match items {
        [rest @ .., Value::String(_)] if rest.len() >= 2 => rest,
        _ => items,
    };
    match items {
        [op, v, writebacks] if op == "ok" => {
            value(v)?;
            let writebacks = writebacks
                .as_array()
                .ok_or("writebacks that are not a list")?;
            for writeback in writebacks {
                match writeback.as_array().map(Vec::as_slice) {
                    Some([index, v]) if index.as_u64().is_some_and(|i| i < 1 << 16) => value(v)?,
                    _ => return Err("a malformed writeback".into()),
                }
            }
            Ok(())
        }
        [op, v] if op == "raise" => value(v),
        _ => Err("a malformed answer".into()),
    }
}

/// A handle of the receiver's (J's) own object.
fn theirs(v: &Value) -> Result<(), String> {
    match v.as_array().map(Vec::as_slice) {
        Some([tag, id]) if tag == "y" && handle_id(id) => Ok(()),
        _ => Err("a request for something that is not the judge's object".into()),
    }
}

fn handle_id(id: &Value) -> bool {
    id.as_u64().is_some_and(|id| id < 1 << 32)
}

/// A property key: a string, or a well-known symbol by name.
fn key(k: &Value) -> Result<(), String> {
    if k.is_string() {
        return Ok(());
    }
    match k.as_array().map(Vec::as_slice) {
        Some([tag, Value::String(name)])
            if tag == "k"
                && matches!(
                    name.as_str(),
                    "iterator" | "asyncIterator" | "toPrimitive" | "toStringTag" | "hasInstance"
                ) =>
        {
            Ok(())
        }
        _ => Err("a malformed property key".into()),
    }
}

/// A call's arguments: a data array.
fn arguments(args: &Value) -> Result<(), String> {
    match args.as_array().map(Vec::as_slice) {
        Some([tag, ..]) if tag == "a" => value(args),
        _ => Err("arguments that are not an array".into()),
    }
}

/// The built-in error classes an error may be rebuilt from.
const ERROR_BASES: &[&str] = &[
    "Error",
    "TypeError",
    "RangeError",
    "SyntaxError",
    "ReferenceError",
    "EvalError",
    "URIError",
    "AggregateError",
];

fn value(v: &Value) -> Result<(), String> {
    let items = match v {
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => return Ok(()),
        Value::Object(_) => return Err("a JSON object (values are tagged arrays)".into()),
        Value::Array(items) => items.as_slice(),
    };
    let Some((Value::String(tag), rest)) = items.split_first() else {
        return Err("an array without a tag".into());
    };
    let ok = match (tag.as_str(), rest) {
        ("u", []) => true,
        ("n", [Value::String(name)]) => {
            matches!(name.as_str(), "NaN" | "Infinity" | "-Infinity" | "-0")
        }
        ("i", [Value::String(digits)]) => {
            let digits = digits.strip_prefix('-').unwrap_or(digits);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        }
        ("w", units) => units
            .iter()
            .all(|u| u.as_u64().is_some_and(|u| u <= 0xffff)),
        ("a", items) => {
            for item in items {
                if item.as_array().map(Vec::as_slice) != Some(&[Value::from("_")]) {
                    value(item)?;
                }
            }
            true
        }
        ("o", [flag, pairs @ ..]) if flag == 0 || flag == 1 => {
            if pairs.len() % 2 != 0 {
                return Err("an object with a key and no value".into());
            }
            for pair in pairs.chunks(2) {
                if !pair[0].is_string() {
                    return Err("an object key that is not a string".into());
                }
                value(&pair[1])?;
            }
            true
        }
        ("m", pairs) if pairs.len() % 2 == 0 => {
            pairs.iter().try_for_each(value)?;
            true
        }
        ("s", items) => {
            items.iter().try_for_each(value)?;
            true
        }
        ("d", [time]) => time.is_null() || time.is_number(),
        ("r", [Value::String(_), Value::String(flags)]) => flags
            .bytes()
            .all(|b| matches!(b, b'd' | b'g' | b'i' | b'm' | b's' | b'u' | b'v' | b'y')),
        (
            "e",
            [
                Value::String(base),
                Value::String(_),
                Value::String(_),
                Value::String(_),
                Value::Array(classes),
                props,
            ],
        ) => {
            if !ERROR_BASES.contains(&base.as_str()) {
                return Err(format!("an error of an unknown base {base:?}"));
            }
            for class in classes {
                match class.as_array().map(Vec::as_slice) {
                    Some([tag, id, kind]) if tag == "h" && handle_id(id) && kind == "f" => {}
                    _ => return Err("an error class that is not a handle".into()),
                }
            }
            match props.as_array().map(Vec::as_slice) {
                Some([tag, ..]) if tag == "o" => value(props)?,
                _ => return Err("an error's properties that are not an object".into()),
            }
            true
        }
        ("h", [id, kind]) => handle_id(id) && (kind == "f" || kind == "o"),
        ("y", [id]) => handle_id(id),
        ("Y", [description]) => description.is_null() || description.is_string(),
        ("P", [state]) => state == "p",
        ("P", [state, v]) if state == "f" || state == "r" => {
            value(v)?;
            true
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("a malformed value tagged {tag:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) {
        if let Err(problem) = check(text.as_bytes()) {
            panic!("{text}: {problem}");
        }
    }

    fn refused(text: &str, expected: &str) {
        match check(text.as_bytes()) {
            Ok(()) => panic!("{text} passed"),
            Err(problem) => assert!(problem.contains(expected), "{text}: {problem}"),
        }
    }

    #[test]
    fn well_formed_messages_pass() {
        ok(r#"A["ok",3,[]]"#);
        ok(r#"A["ok",["a",1,["_"],"x",["u"],["n","-0"],["i","-12"]],[[0,["a",2]]]]"#);
        ok(r#"A["ok",["o",0,"a",["m",1,2],"b",["s",["d",null]],"c",["r","a+","gi"]],[]]"#);
        ok(r#"A["raise",["e","TypeError","Custom","m","at f",[["h",4,"f"]],["o",0]]]"#);
        ok(r#"A["ok",["P","f",["h",7,"o"]],[]]"#);
        ok(r#"A["ok",["P","p"],[]]"#);
        ok(r#"A["ok",1,[],"console.assert failed"]"#);
        ok(r#"A["raise",["u"],"console.assert failed"]"#);
        ok(r#"Q["call",["y",0],["u"],["a",["h",1,"f"],["w",55296]]]"#);
        ok(r#"Q["get",["y",2],["k","iterator"]]"#);
        ok(r#"Q["instanceof",["h",3,"o"],["y",1]]"#);
    }

    #[test]
    fn malformed_messages_are_refused() {
        refused("", "empty");
        refused(r#"X["ok",1,[]]"#, "kind");
        refused(r#"A{"ok":1}"#, "not an array");
        refused("A[\"ok\",1", "not JSON");
        refused(r#"A["ok",{"a":1},[]]"#, "JSON object");
        refused(r#"A["ok",["zz"],[]]"#, "tagged");
        refused(r#"A["ok",["n","1e999"],[]]"#, "tagged");
        refused(r#"A["ok",["i","12a"],[]]"#, "tagged");
        refused(r#"A["ok",["o",0,1,2],[]]"#, "key");
        refused(r#"A["ok",["o",0,"a"],[]]"#, "no value");
        refused(r#"A["ok",["h",1,"x"],[]]"#, "tagged");
        refused(r#"A["ok",["y",-1],[]]"#, "tagged");
        refused(r#"A["ok",["r","a","gx"],[]]"#, "tagged");
        refused(r#"A["raise",["e","Evil","n","m","s",[],["o",0]]]"#, "base");
        refused(
            r#"A["raise",["e","Error","n","m","s",[["y",1]],["o",0]]]"#,
            "class",
        );
        refused(r#"A["ok",1,[[1]]]"#, "writeback");
        refused(r#"A["done"]"#, "malformed answer");
        refused(r#"A["ok",1,[],"a","b"]"#, "malformed answer");
        // What only the judge asks, and requests naming the candidate's own
        // objects.
        refused(r#"Q["global","add"]"#, "may not make");
        refused(r#"Q["module"]"#, "may not make");
        refused(r#"Q["call",["h",0,"f"],["u"],["a"]]"#, "judge's object");
        refused(r#"Q["get",["y",0],["k","constructor"]]"#, "key");
        refused(r#"Q["call",["y",0],["u"],[1]]"#, "arguments");
    }

    #[test]
    fn depth_is_bounded() {
        let deep = format!("A[\"ok\",{}1{},[]]", "[\"a\",".repeat(200), "]".repeat(200));
        refused(&deep, "not JSON");
        let shallow = format!("A[\"ok\",{}1{},[]]", "[\"a\",".repeat(100), "]".repeat(100));
        ok(&shallow);
    }
}
