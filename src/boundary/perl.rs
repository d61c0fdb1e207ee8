//! Perl's wire (`runtimes/perl/wire.pl`, where the grammar is written
//! out): what the candidate's instance answers a call is `A`, then `o` and
//! two values (the results, an array, and what the call left in its
//! arguments or `n`), or `e` and one (the message it died with). Values
//! are undef, booleans, integers in decimal, doubles, strings of bytes or
//! of characters, and references to arrays and hashes, each with its
//! length in front; at most [`MAX_DEPTH`] levels of containers and
//! [`super::MAX_MESSAGE_BYTES`] bytes.

use super::Reader;

/// Deepest nesting of containers (wire.pl writes no deeper than 200).
pub const MAX_DEPTH: usize = 201;

/// Check a message from the candidate's instance; `Err` says what is wrong.
pub fn check(message: &[u8]) -> Result<(), String> {
    super::check_size(message)?;
    let reader = match message {
        [b'A', b'o', rest @ ..] => {
            let mut reader = Reader { bytes: rest, at: 0 };
            reader.perl_value(0, Some(b'a'))?;
            match reader.bytes.get(reader.at) {
                Some(b'n') => reader.at += 1,
                _ => reader.perl_value(0, Some(b'a'))?,
            }
            reader
        }
        [b'A', b'e', rest @ ..] => {
            let mut reader = Reader { bytes: rest, at: 0 };
            reader.perl_string()?;
            reader
        }
        [b'A', kind, ..] => return Err(format!("an unknown kind of answer {kind:#04x}")),
        [b'A'] => return Err("an empty answer".into()),
        [kind, ..] => return Err(format!("an unknown kind of message {kind:#04x}")),
        [] => return Err("an empty message".into()),
    };
    if reader.at != reader.bytes.len() {
        return Err(format!(
            "{} bytes after the answer",
            reader.bytes.len() - reader.at
        ));
    }
    Ok(())
}

impl Reader<'_> {
    /// A string value (`s` or `u`).
    fn perl_string(&mut self) -> Result<(), String> {
        match self.bytes.get(self.at) {
            Some(b's' | b'u') => self.perl_value(0, None),
            _ => Err(format!("a value that is not a string at byte {}", self.at)),
        }
    }

    /// One value; `only`, the kind it must be.
    fn perl_value(&mut self, depth: usize, only: Option<u8>) -> Result<(), String> {
        let at = self.at;
        let kind = self.take(1)?[0];
        if only.is_some_and(|only| only != kind) {
            return Err(format!("a value of the wrong kind at byte {at}"));
        }
        match kind {
            b'n' | b't' | b'f' => Ok(()),
            b'i' => self.number(true).map(|_| ()),
            b'd' => self.take(8).map(|_| ()),
            b's' => {
                let n = self.number(false)?;
                self.take(n).map(|_| ())
            }
            b'u' => {
                let n = self.number(false)?;
                std::str::from_utf8(self.take(n)?)
                    .map(|_| ())
                    .map_err(|_| format!("a string that is not UTF-8 at byte {at}"))
            }
            b'a' | b'h' => {
                if depth >= MAX_DEPTH {
                    return Err(format!("data nested more than {MAX_DEPTH} levels deep"));
                }
                let n = self.number(false)?;
                if n > self.bytes.len() - self.at {
                    return Err("a container longer than the message".into());
                }
                for _ in 0..n {
                    if kind == b'h' {
                        self.perl_string()?;
                    }
                    self.perl_value(depth + 1, None)?;
                }
                Ok(())
            }
            other => Err(format!("a value of kind {other:#04x}, which may not cross")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_wire_pl_writes_passes() {
        for answer in [
            &b"Aoa0;n"[..],
            b"Aoa1;i-12345678901234567890;n",
            b"Aoa1;d\x3f\xf0\0\0\0\0\0\0n",
            b"Aoa3;s2;h\xffu3;abca1;tn",
            b"Aoa1;h2;s1;ka2;tfu1;xnn",
            b"Aoa1;fa2;a0;s1;x",
            b"Aes11;boom at x.\n",
            b"Aeu2;\xc3\xa9",
        ] {
            assert_eq!(check(answer), Ok(()), "{answer:?}");
        }
    }

    #[test]
    fn anything_else_is_refused() {
        for answer in [
            &b""[..],
            b"Q",
            b"A",
            b"Ax",
            b"Aon",
            b"Aos1;xn",
            b"Aoa1;i01;n",
            b"Aoa1;i+1;n",
            b"Aoa1;s5;abcn",
            b"Aoa1;u1;\xffn",
            b"Aoa1;h1;i1;nn",
            b"Aoa0;s0;",
            b"Aoa0;nn",
            b"Aoa1;y1;xn",
            b"Aei1;",
            b"Aen",
            b"Aoa99999999999999999999999;n",
        ] {
            assert!(check(answer).is_err(), "{answer:?}");
        }
    }

    #[test]
    fn depth_is_bounded() {
        let nested = |levels: usize| {
            let mut message = b"Ao".to_vec();
            for _ in 0..levels {
                message.extend_from_slice(b"a1;");
            }
            message.extend_from_slice(b"nn");
            message
        };
        assert_eq!(check(&nested(MAX_DEPTH)), Ok(()));
        assert!(check(&nested(MAX_DEPTH + 1)).is_err());
    }
}
