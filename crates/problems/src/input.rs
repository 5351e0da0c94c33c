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

/// A quoted string of a TopCoder array literal, with where its first character is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Quoted<'a> {
    /// The text between the quotes.
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters) of the first character after the opening quote.
    pub column: usize,
}

/// How a problem names the items of its TopCoder array literal, for messages.
pub struct Literal<'s> {
    /// An item, as in "a quoted row such as \"#..\"".
    pub item: &'s str,
    /// The whole input, as in "unexpected `x` after the board".
    pub whole: &'s str,
    /// The most items.
    pub max: usize,
    /// The message for an item beyond `max`, given at its opening quote.
    pub too_many: &'s str,
}

/// A reading position in the input, with its 1-based line and column (in characters).
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let ch = self.peek()?;
        self.pos += ch.len_utf8();
        if ch == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(ch)
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The error for an input that ends where `what` was expected, at its last line.
    fn ended(&self, what: &str) -> InputError {
        InputError::at_line(
            self.text.lines().count().max(1),
            format!("input ended where {what} was expected"),
        )
    }
}

/// Reads the TopCoder form of a string array, `{"A.B..", "##.##"}`: quoted strings separated by
/// commas, in braces or without them (`"A.B..", "##.##"`), whitespace and line breaks allowed
/// between the items. A string may not contain `"` nor run past its line. At least one item is
/// read and at most `literal.max` (the caller checks its own lower bound). Errors give the line
/// and column; the input is read once, in linear time, holding only the items.
pub fn string_array<'a>(input: &'a str, literal: &Literal<'_>) -> Result<Vec<Quoted<'a>>, InputError> {
    let mut cur = Cursor { text: input, pos: 0, line: 1, column: 1 };
    let unexpected = |line, column, ch: char, what: &str| {
        InputError::at(line, column, format!("expected {what}, found `{}`", ch.escape_default()))
    };
    let item = literal.item;
    cur.skip_blanks();
    let braced = cur.peek() == Some('{');
    if braced {
        cur.bump();
    }
    let mut items = Vec::new();
    loop {
        cur.skip_blanks();
        let (line, column) = (cur.line, cur.column);
        match cur.peek() {
            None => return Err(cur.ended(&format!("a quoted {item}"))),
            Some('"') => {}
            Some(ch) => return Err(unexpected(line, column, ch, &format!("a quoted {item}"))),
        }
        if items.len() == literal.max {
            return Err(InputError::at(line, column, literal.too_many));
        }
        cur.bump();
        let start = cur.pos;
        loop {
            match cur.peek() {
                Some('"') => break,
                Some('\n' | '\r') | None => {
                    return Err(InputError::at(
                        line,
                        column,
                        format!("this quoted {item} is not closed on its line"),
                    ))
                }
                Some(_) => {
                    cur.bump();
                }
            }
        }
        items.push(Quoted { text: &input[start..cur.pos], line, column: column + 1 });
        cur.bump();
        cur.skip_blanks();
        let (line, column) = (cur.line, cur.column);
        match cur.bump() {
            Some(',') => continue,
            Some('}') if braced => break,
            None if !braced => break,
            Some(ch) if braced => return Err(unexpected(line, column, ch, "`,` or the closing `}`")),
            Some(ch) => return Err(unexpected(line, column, ch, "`,`")),
            None => return Err(cur.ended("`,` or the closing `}`")),
        }
    }
    cur.skip_blanks();
    if let Some(ch) = cur.peek() {
        return Err(InputError::at(
            cur.line,
            cur.column,
            format!("unexpected `{}` after {}", ch.escape_default(), literal.whole),
        ));
    }
    Ok(items)
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

    const ROWS: Literal<'static> =
        Literal { item: "row", whole: "the board", max: 3, too_many: "a fourth row: at most three" };

    fn texts(input: &str) -> Result<Vec<(&str, usize, usize)>, String> {
        string_array(input, &ROWS)
            .map(|v| v.iter().map(|q| (q.text, q.line, q.column)).collect())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn string_arrays_with_and_without_braces() {
        assert_eq!(texts("{\"ab\", \"c\"}"), Ok(vec![("ab", 1, 3), ("c", 1, 9)]));
        assert_eq!(texts("  \"ab\",\n \"\" \n"), Ok(vec![("ab", 1, 4), ("", 2, 3)]));
        assert_eq!(texts("{\n\"é\" ,\n\"x\"\n}\n"), Ok(vec![("é", 2, 2), ("x", 3, 2)]));
        assert_eq!(texts(""), Err("line 1: input ended where a quoted row was expected".into()));
        assert_eq!(texts("{}"), Err("line 1, column 2: expected a quoted row, found `}`".into()));
        assert_eq!(
            texts("{\"a\""),
            Err("line 1: input ended where `,` or the closing `}` was expected".into())
        );
        assert_eq!(
            texts("{\"a\"; \"b\"}"),
            Err("line 1, column 5: expected `,` or the closing `}`, found `;`".into())
        );
        assert_eq!(texts("\"a\" }"), Err("line 1, column 5: expected `,`, found `}`".into()));
        assert_eq!(
            texts("{\"a\", \"b}"),
            Err("line 1, column 7: this quoted row is not closed on its line".into())
        );
        assert_eq!(
            texts("{\"a\n\"}"),
            Err("line 1, column 2: this quoted row is not closed on its line".into())
        );
        assert_eq!(texts("{\"a\"} x"), Err("line 1, column 7: unexpected `x` after the board".into()));
        assert_eq!(
            texts("{\"a\",\"b\",\"c\",\"d\"}"),
            Err("line 1, column 14: a fourth row: at most three".into())
        );
        assert_eq!(texts("{\"a\",}"), Err("line 1, column 6: expected a quoted row, found `}`".into()));
    }
}
