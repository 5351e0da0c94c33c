//! Reading contest inputs: tokens with their line and column, and errors that name them.

use std::fmt;

/// What was wrong with an input, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line, when the error is at a place in the input.
    pub line: Option<usize>,
    /// 1-based column (in characters), when known.
    pub column: Option<usize>,
    /// What was wrong.
    pub message: String,
}

impl InputError {
    /// An error about the input as a whole (for example, an empty input).
    pub fn whole(message: impl Into<String>) -> InputError {
        InputError { line: None, column: None, message: message.into() }
    }

    /// An error at a line.
    pub fn at_line(line: usize, message: impl Into<String>) -> InputError {
        InputError { line: Some(line), column: None, message: message.into() }
    }

    /// An error at a line and column.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> InputError {
        InputError { line: Some(line), column: Some(column), message: message.into() }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// A token of the input with its position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The text.
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters) of its first character.
    pub column: usize,
}

impl Token<'_> {
    /// An error pointing at this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at(self.line, self.column, message)
    }

    /// The token as an integer within `lo..=hi`; `what` names it in errors.
    pub fn int(&self, what: &str, lo: i64, hi: i64) -> Result<i64, InputError> {
        let value: i64 = self
            .text
            .parse()
            .map_err(|_| self.error(format!("{what}: expected an integer, found `{}`", self.text)))?;
        if value < lo || value > hi {
            return Err(self.error(format!("{what} = {value} is out of range {lo}..={hi}")));
        }
        Ok(value)
    }
}

/// The whitespace-separated tokens of an input (other separators can be added per problem).
pub struct Tokens<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    /// Splits `input` at whitespace and at any character in `separators`.
    pub fn new(input: &'a str, separators: &[char]) -> Tokens<'a> {
        Tokens::at_most(input, separators, usize::MAX)
    }

    /// Like [`Tokens::new`], but stops after `max` tokens: a reader that can use at most
    /// `max - 1` tokens passes `max`, so that a huge input is not tokenized whole and the first
    /// token too many is still there to be reported.
    pub fn at_most(input: &'a str, separators: &[char], max: usize) -> Tokens<'a> {
        let mut tokens = Vec::new();
        let mut last_line = 1;
        'lines: for (l, line) in input.lines().enumerate() {
            last_line = l + 1;
            let mut start: Option<(usize, usize)> = None; // (byte offset, column)
            for (column, (offset, ch)) in line.char_indices().enumerate() {
                if tokens.len() >= max {
                    break 'lines;
                }
                let separator = ch.is_whitespace() || separators.contains(&ch);
                match (separator, start) {
                    (true, Some((s, c))) => {
                        tokens.push(Token { text: &line[s..offset], line: l + 1, column: c + 1 });
                        start = None;
                    }
                    (false, None) => start = Some((offset, column)),
                    _ => {}
                }
            }
            if let Some((s, c)) = start {
                tokens.push(Token { text: &line[s..], line: l + 1, column: c + 1 });
            }
        }
        Tokens { tokens, next: 0, last_line }
    }

    /// The next token; `what` names the expected item in the error at the end of the input.
    pub fn next(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        let token = self.tokens.get(self.next).copied().ok_or_else(|| {
            InputError::at_line(self.last_line, format!("input ended where {what} was expected"))
        })?;
        self.next += 1;
        Ok(token)
    }

    /// The next token as an integer within `lo..=hi`.
    pub fn int(&mut self, what: &str, lo: i64, hi: i64) -> Result<i64, InputError> {
        self.next(what)?.int(what, lo, hi)
    }

    /// Whether every token has been read.
    pub fn is_done(&self) -> bool {
        self.next >= self.tokens.len()
    }

    /// Fails if tokens are left.
    pub fn finish(&self) -> Result<(), InputError> {
        match self.tokens.get(self.next) {
            None => Ok(()),
            Some(t) => Err(t.error(format!("unexpected `{}` after the end of the input", t.text))),
        }
    }

    /// Number of tokens.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Whether the input has no tokens.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_where_they_are() {
        let mut t = Tokens::new("5\n 2 3,x\n", &[',']);
        assert_eq!(t.int("n", 1, 10), Ok(5));
        let a = t.next("a").unwrap();
        assert_eq!((a.text, a.line, a.column), ("2", 2, 2));
        assert_eq!(t.int("b", 0, 9), Ok(3));
        let e = t.int("c", 0, 9).unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 6: c: expected an integer, found `x`");
        assert_eq!(t.next("d").unwrap_err().to_string(), "line 2: input ended where d was expected");
        let e = Tokens::new("3 99", &[]).next_int_err();
        assert_eq!(e, "line 1, column 3: k = 99 is out of range 1..=5");
    }

    impl Tokens<'_> {
        fn next_int_err(mut self) -> String {
            self.int("n", 0, 9).unwrap();
            self.int("k", 1, 5).unwrap_err().to_string()
        }
    }
}
