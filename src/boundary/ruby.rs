//! Ruby's wire (`runtimes/ruby/wire.rb`, where the grammar is written
//! out): what the candidate's instance answers a call is `A`, then `o` and
//! two values (the result, and what the call left in its arguments or
//! `n`), `r`, an argument's index and that one value (the result is that
//! argument), or `e` and two (the exception's class name and message).
//! Values are nil, booleans, integers in decimal, doubles, strings,
//! symbols, arrays and hashes, each with its length in front; at most
//! [`MAX_DEPTH`] levels of containers and [`super::MAX_MESSAGE_BYTES`] bytes.

/// Deepest nesting of containers (wire.rb writes no deeper than 200).
pub const MAX_DEPTH: usize = 201;

/// Check a message from the candidate's instance; `Err` says what is wrong.
pub fn check(message: &[u8]) -> Result<(), String> {
    super::check_size(message)?;
    let mut argument = false;
    let (values, rest) = match message {
        [b'A', b'o', rest @ ..] => (2, rest),
        [b'A', b'r', rest @ ..] => {
            argument = true;
            (1, rest)
        }
        [b'A', b'e', rest @ ..] => (2, rest),
        [b'A', kind, ..] => return Err(format!("an unknown kind of answer {kind:#04x}")),
        [b'A'] => return Err("an empty answer".into()),
        [kind, ..] => return Err(format!("an unknown kind of message {kind:#04x}")),
        [] => return Err("an empty message".into()),
    };
    let mut reader = Reader { bytes: rest, at: 0 };
    if argument {
        reader.number(false)?;
    }
    for _ in 0..values {
        reader.ruby_value(0)?;
    }
    if reader.at != rest.len() {
        return Err(format!("{} bytes after the answer", rest.len() - reader.at));
    }
    Ok(())
}

use super::Reader;

impl Reader<'_> {
    /// Digits up to `;` (an optional `-` first when `signed`), without
    /// leading zeros: their count (Perl's wire writes numbers alike).
    pub(super) fn number(&mut self, signed: bool) -> Result<usize, String> {
        let rest = &self.bytes[self.at..];
        let end = rest
            .iter()
            .position(|&b| b == b';')
            .ok_or_else(|| format!("a number without its end at byte {}", self.at))?;
        let text = &rest[..end];
        let digits = match text {
            [b'-', digits @ ..] if signed => digits,
            _ => text,
        };
        let well_formed = match digits {
            [] => false,
            [b'0'] => true,
            [b'0', ..] => false,
            _ => digits.iter().all(u8::is_ascii_digit),
        };
        if !well_formed {
            return Err(format!("a malformed number at byte {}", self.at));
        }
        self.at += end + 1;
        Ok(std::str::from_utf8(digits)
            .ok()
            .and_then(|d| d.parse().ok())
            .unwrap_or(usize::MAX))
    }

    fn ruby_value(&mut self, depth: usize) -> Result<(), String> {
        let container = |depth: usize| {
            if depth >= MAX_DEPTH {
                Err(format!("data nested more than {MAX_DEPTH} levels deep"))
            } else {
                Ok(depth + 1)
            }
        };
        match self.take(1)?[0] {
            b'n' | b't' | b'f' => Ok(()),
            b'i' => self.number(true).map(|_| ()),
            b'd' => self.take(8).map(|_| ()),
            b's' | b'b' | b'y' => {
                let n = self.number(false)?;
                self.take(n).map(|_| ())
            }
            kind @ (b'a' | b'h') => {
                let inner = container(depth)?;
                let n = self.number(false)?;
                if n > self.bytes.len() - self.at {
                    return Err("a container longer than the message".into());
                }
                let items = if kind == b'h' { 2 * n } else { n };
                (0..items).try_for_each(|_| self.ruby_value(inner))
            }
            other => Err(format!("a value of kind {other:#04x}, which may not cross")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_wire_rb_writes_passes() {
        for answer in [
            &b"Aonn"[..],
            b"Aoi-12345678901234567890;n",
            b"Aoi0;n",
            b"Aod\x3f\xf0\0\0\0\0\0\0n",
            b"Aoa3;s2;hib1;\xffy3;abcn",
            b"Aoh1;s1;ka2;tfa1;s1;x",
            b"Ar0;n",
            b"Ar1;a2;ns1;x",
            b"Aes12;RuntimeErrors4;boom",
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
            b"Aoi01;",
            b"Aoi-;",
            b"Aoi1",
            b"Aoi+1;",
            b"Aos5;abc",
            b"Aos-1;",
            b"Aoa2;n",
            b"Aoh1;n",
            b"Aon",
            b"Aonnn",
            b"Ar;n",
            b"Ar01;n",
            b"Ar1;",
            b"Aes1;x",
            b"Aoa99999999999999999999999;",
            b"Aoz",
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
