//! Reading the JSON that users hand in (task lines, samples, request
//! bodies) strictly, the same way everywhere.
//!
//! `serde_json` keeps the last of two equal keys, so `{"code": "a", "code":
//! "b"}` would run `b` here while another reader runs `a`: a duplicate
//! key is refused, at any depth, naming its path. A UTF-8 byte-order mark
//! is named too, rather than reported as "expected value at column 1".

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::collections::HashSet;
use std::fmt;

/// Parse `text` as one JSON value, refusing duplicate keys.
pub fn parse(text: &str) -> Result<Value, String> {
    if text.starts_with('\u{feff}') {
        return Err(
            "invalid JSON: the text starts with a UTF-8 byte-order mark (U+FEFF); save it as \
             UTF-8 without one"
                .into(),
        );
    }
    let value: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
    let mut deserializer = serde_json::Deserializer::from_str(text);
    Unique {
        path: String::new(),
    }
    .deserialize(&mut deserializer)
    .map_err(|e| format!("invalid JSON: {e}"))?;
    Ok(value)
}

/// A pass over a JSON text that fails at the first object holding a key
/// twice (the path of the key in the error).
struct Unique {
    path: String,
}

impl<'de> DeserializeSeed<'de> for Unique {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Unique {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_i128<E>(self, _: i128) -> Result<(), E> {
        Ok(())
    }
    fn visit_u128<E>(self, _: u128) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0usize;
        while seq
            .next_element_seed(Unique {
                path: format!("{}[{index}]", self.path),
            })?
            .is_some()
        {
            index += 1;
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            // serde_json hands an arbitrary-precision number over as a map
            // with one private key.
            if key == "$serde_json::private::Number" {
                map.next_value::<IgnoredAny>()?;
                continue;
            }
            let path = if self.path.is_empty() {
                key.clone()
            } else {
                format!("{}.{key}", self.path)
            };
            if !seen.insert(key) {
                return Err(serde::de::Error::custom(format!(
                    "duplicate key {path:?} (it is given twice; which one counts is not defined)"
                )));
            }
            map.next_value_seed(Unique { path })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keys_are_refused_at_any_depth_and_named() {
        assert!(parse(r#"{"a": 1, "b": [1, {"c": 2}], "n": 1e999}"#).is_ok());
        for (text, path) in [
            (r#"{"code": "a", "code": "b"}"#, "\"code\""),
            (
                r#"{"metadata": {"timeout_s": 1, "timeout_s": 2}}"#,
                "\"metadata.timeout_s\"",
            ),
            (r#"{"t": [{}, {"x": 1, "x": 1}]}"#, "\"t[1].x\""),
        ] {
            let err = parse(text).unwrap_err();
            assert!(err.contains(path), "{text}: {err}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_named() {
        let err = parse("\u{feff}{\"a\": 1}").unwrap_err();
        assert!(err.contains("byte-order mark"), "{err}");
    }
}
