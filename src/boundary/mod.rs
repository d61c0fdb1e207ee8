//! The wire between a candidate's instance and the judge's: what may cross,
//! checked by the host before it is passed on.
//!
//! A run has two instances (see `sandbox::pair`): the candidate's (C) runs
//! only the candidate's code, the judge's (J) only the test, and they talk
//! through the host in messages that the harness writes
//! (`runtimes/python/wire.py`). The host trusts nothing C sends: every
//! message from C is checked here, and one that does not check out ends the
//! run as `error` / `integrity`, never as a verdict. Like Chromium's
//! browser process with a renderer, the host reads the message only to
//! check it; J rebuilds the values from its own classes.
//!
//! A message is one byte of kind (`Q`, a request; `A`, an answer), one byte
//! of form (`p`, plain data; `t`, data with tags: tuples whose first item
//! is `...`, see wire.py), then a value in Python's `marshal` format 2,
//! of which only these types may appear:
//!
//! | code | type | | code | type |
//! |---|---|---|---|---|
//! | `N` `F` `T` | None, False, True | `(` `)` | tuple |
//! | `S` `.` | StopIteration, Ellipsis (tags) | `[` | list |
//! | `i` `l` | int (32-bit, any size) | `{` ... `0` | dict |
//! | `g` `y` | float, complex | `<` `>` | set, frozenset |
//! | `s` | bytes | `u` `t` `a` `A` `z` `Z` | str |
//!
//! No code objects, no references (format 2 writes none), no slices; at
//! most [`MAX_DEPTH`] levels of containers and [`MAX_MESSAGE_BYTES`] bytes.
//!
//! JavaScript's wire is JSON with tags: [`javascript`]; Ruby's and Perl's,
//! lengths and bytes: [`ruby`], [`perl`].

pub mod javascript;
pub mod perl;
pub mod ruby;

/// Longest message, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;
/// Deepest nesting of containers in a message (wire.py refuses to write
/// deeper data, at 200).
pub const MAX_DEPTH: usize = 256;

/// A message no longer than [`MAX_MESSAGE_BYTES`], else what is wrong.
fn check_size(message: &[u8]) -> Result<(), String> {
    if message.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "a message of {} bytes, more than {MAX_MESSAGE_BYTES}",
            message.len()
        ));
    }
    Ok(())
}

/// Check a message from the candidate's instance; `Err` says what is wrong
/// with it.
pub fn check_python(message: &[u8]) -> Result<(), String> {
    check_size(message)?;
    match message {
        [b'Q' | b'A', b'p' | b't', value @ ..] => {
            let mut reader = Reader {
                bytes: value,
                at: 0,
            };
            reader.value(0)?;
            if reader.at != value.len() {
                return Err(format!("{} bytes after the value", value.len() - reader.at));
            }
            Ok(())
        }
        [b'Q' | b'A', form, ..] => Err(format!("an unknown form {form:#04x}")),
        [kind, ..] => Err(format!("an unknown kind of message {kind:#04x}")),
        [] => Err("an empty message".into()),
    }
}

/// A reader of a message's bytes, for the checks of each wire.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    /// The next `n` bytes, or where the message was cut short.
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| format!("a value cut short at byte {}", self.at))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<usize, String> {
        let bytes = self.take(4)?;
        Ok(u32::from_le_bytes(bytes.try_into().expect("4 bytes")) as usize)
    }

    fn text(&mut self, n: usize) -> Result<(), String> {
        // CPython decodes with "surrogatepass"; a lone surrogate is fine,
        // anything else that is not UTF-8 makes J's load fail, which fails
        // the call: the shape is what matters here.
        self.take(n).map(|_| ())
    }

    fn value(&mut self, depth: usize) -> Result<(), String> {
        let code = self.u8()?;
        if code & 0x80 != 0 {
            return Err("a marshal reference (format 2 writes none)".into());
        }
        let container = |depth: usize| {
            if depth >= MAX_DEPTH {
                Err(format!("data nested more than {MAX_DEPTH} levels deep"))
            } else {
                Ok(depth + 1)
            }
        };
        match code {
            b'N' | b'F' | b'T' | b'S' | b'.' => Ok(()),
            b'i' => self.take(4).map(|_| ()),
            b'g' => self.take(8).map(|_| ()),
            b'y' => self.take(16).map(|_| ()),
            b'l' => {
                let bytes = self.take(4)?;
                let digits = i32::from_le_bytes(bytes.try_into().expect("4 bytes"));
                let n = digits.unsigned_abs() as usize;
                let raw = self.take(n.checked_mul(2).ok_or("an int too long")?)?;
                // Each digit holds 15 bits.
                if raw
                    .chunks(2)
                    .any(|d| u16::from_le_bytes([d[0], d[1]]) >= 1 << 15)
                {
                    return Err("an int digit out of range".into());
                }
                Ok(())
            }
            b's' => {
                let n = self.u32()?;
                self.take(n).map(|_| ())
            }
            b'u' | b't' | b'a' | b'A' => {
                let n = self.u32()?;
                self.text(n)
            }
            b'z' | b'Z' => {
                let n = self.u8()? as usize;
                self.text(n)
            }
            b'(' | b'[' | b'<' | b'>' => {
                let inner = container(depth)?;
                let n = self.u32()?;
                if n > self.bytes.len() - self.at {
                    return Err("a container longer than the message".into());
                }
                (0..n).try_for_each(|_| self.value(inner))
            }
            b')' => {
                let inner = container(depth)?;
                let n = self.u8()? as usize;
                (0..n).try_for_each(|_| self.value(inner))
            }
            b'{' => {
                let inner = container(depth)?;
                loop {
                    if self.bytes.get(self.at) == Some(&b'0') {
                        self.at += 1;
                        return Ok(());
                    }
                    self.value(inner)?;
                    self.value(inner)?;
                }
            }
            b'c' => Err("a code object".into()),
            b'r' => Err("a marshal reference (format 2 writes none)".into()),
            other => Err(format!(
                "a value of marshal type {other:#04x}, which may not cross"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(value: &[u8]) -> Vec<u8> {
        [b"Ap".as_slice(), value].concat()
    }

    fn hex(text: &str) -> Vec<u8> {
        (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
            .collect()
    }

    /// `marshal.dumps(v, 2)` and `marshal.dumps(v, 4)` of CPython for
    /// `v = ((1, 'ab'), [None, True], {1: 2.5}, frozenset(), b'x', 2**70,
    /// 'é', (..., 'h', 3), {1}, 1j)`.
    const FORMAT_2: &str = "280a00000028020000006901000000750200000061625b020000004e547b69010000\
        00670000000000000440303e000000007301000000786c050000000000000000000000000475020000\
        00c3a928030000002e75010000006869030000003c010000006901000000790000000000000000000000\
        000000f03f";
    const FORMAT_4: &str = "a90aa902e901000000da0261625b020000004e547b7202000000e700000000000004\
        40303e00000000f301000000786c0500000000000000000000000004f502000000c3a9a9032eda0168e9\
        030000003c010000007202000000f90000000000000000000000000000f03f";

    #[test]
    fn cpythons_format_2_passes_and_references_do_not() {
        check_python(&message(&hex(FORMAT_2))).unwrap();
        let err = check_python(&message(&hex(FORMAT_4))).unwrap_err();
        assert!(err.contains("reference"), "{err}");
    }

    #[test]
    fn code_references_and_garbage_are_refused() {
        let cases: [(&[u8], &str); 8] = [
            (b"c\x00\x00\x00\x00", "code object"),
            (b"r\x00\x00\x00\x00", "reference"),
            (b"\xe9\x01\x00\x00\x00", "reference"),
            (b"i\x01\x00", "cut short"),
            (b"(\xff\xff\xff\xff", "longer than the message"),
            (b"NN", "after the value"),
            (b":NNN", "may not cross"),
            (b"l\x01\x00\x00\x00\xff\xff", "digit out of range"),
        ];
        for (value, expected) in cases {
            let err = check_python(&message(value)).unwrap_err();
            assert!(err.contains(expected), "{value:?}: {err}");
        }
        assert!(check_python(b"Xp").is_err());
        assert!(check_python(b"Qq").is_err());
        assert!(check_python(b"").is_err());
    }

    #[test]
    fn depth_is_bounded() {
        let mut deep = Vec::new();
        for _ in 0..MAX_DEPTH + 1 {
            deep.extend_from_slice(b"[\x01\x00\x00\x00");
        }
        deep.push(b'N');
        let err = check_python(&message(&deep)).unwrap_err();
        assert!(err.contains("nested"), "{err}");
        let ok = &deep[5 * 2..];
        check_python(&message(ok)).unwrap();
    }
}
