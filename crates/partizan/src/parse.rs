//! Values and comparisons written in CGSuite's notation (`nimber value`):
//!
//! ```text
//! input    := sum [relation sum]
//! relation := <= | >= | < | > | == | = | || | <| | |>
//! sum      := term (+ term | - term)*
//! term     := - term | +- term | ( sum ) | braces | literal | call
//! call     := cool ( sum , sum ) | mean ( sum ) | temperature ( sum )
//! literal  := [number] [ups] [star]        3   -1/2   *   *3   ^   v2   ^^   1/2^*   2*
//! braces   := { options bars options }     {2|-1/2}   {1,*|0}   {2||1|0}   { | }
//! ```
//!
//! Numbers are integers or fractions with a power of two below (`3/4`); ups are `^`, `v`, a
//! count (`^3`) or repeated (`^^`); a star is `*` or `*n`. `cool(G, t)` is `G` cooled by the
//! number `t >= -1`; `mean(G)` and `temperature(G)` are numbers. In braces the separator with the most
//! bars splits Left's options from Right's, and an option with fewer bars is a game of its own
//! without braces (`{2||1|0}` is `{2 | {1|0}}`); options are separated by commas.
//!
//! What a user writes is bounded (length, nesting, the size of numbers), and the store the
//! values are built in has a budget, so that no input runs long or takes the memory.

use nimber_engine::{Dyadic, ParseError};

use crate::forms::{Form, Forms, Relation};

/// The longest input, in bytes.
pub const MAX_INPUT: usize = 4096;
/// The deepest nesting of braces and parentheses.
pub const MAX_DEPTH: usize = 32;
/// The largest integer, numerator, denominator, multiple of up and nimber written.
pub const MAX_LITERAL: u64 = 1 << 10;

/// A comparison written between two values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Op {
    Le,
    Ge,
    Lt,
    Gt,
    Eq,
    /// `||`: confused with.
    Confused,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
}

impl Op {
    /// As written.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Le => "<=",
            Op::Ge => ">=",
            Op::Lt => "<",
            Op::Gt => ">",
            Op::Eq => "==",
            Op::Confused => "||",
            Op::LessOrConfused => "<|",
            Op::GreaterOrConfused => "|>",
        }
    }

    /// Whether the comparison holds when the two values stand in `relation`.
    pub fn holds(self, relation: Relation) -> bool {
        use Relation::*;
        match self {
            Op::Le => matches!(relation, Less | Equal),
            Op::Ge => matches!(relation, Greater | Equal),
            Op::Lt => relation == Less,
            Op::Gt => relation == Greater,
            Op::Eq => relation == Equal,
            Op::Confused => relation == Confused,
            Op::LessOrConfused => matches!(relation, Less | Confused),
            Op::GreaterOrConfused => matches!(relation, Greater | Confused),
        }
    }
}

/// What an input says: a value, or a comparison of two.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Statement {
    /// A value.
    Value(Form),
    /// `left op right`, with how the two really compare.
    Comparison { left: Form, op: Op, right: Form, relation: Relation },
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(u64),
    Slash,
    Up,
    Down,
    Star,
    Plus,
    Minus,
    PlusMinus,
    Open,
    Close,
    LParen,
    RParen,
    Comma,
    Bars(usize),
    Rel(Op),
    /// A function's name.
    Name(Function),
}

/// The functions of the language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Function {
    Cool,
    Mean,
    Temperature,
}

impl Function {
    fn arity(self) -> usize {
        match self {
            Function::Cool => 2,
            Function::Mean | Function::Temperature => 1,
        }
    }

    fn usage(self) -> &'static str {
        match self {
            Function::Cool => "cool(G, t)",
            Function::Mean => "mean(G)",
            Function::Temperature => "temperature(G)",
        }
    }
}

/// A token and its 1-based column.
#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    col: usize,
}

fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        let next = chars.get(i + 1).copied();
        let (tok, len) = match c {
            ' ' | '\t' | '\n' | '\r' => {
                i += 1;
                continue;
            }
            '0'..='9' => {
                let mut j = i;
                let mut n: u64 = 0;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    n = n.saturating_mul(10).saturating_add(chars[j] as u64 - '0' as u64);
                    j += 1;
                }
                if n > MAX_LITERAL {
                    return Err(ParseError::at(
                        col,
                        format!("{n} is too large here (at most {MAX_LITERAL})"),
                    ));
                }
                (Tok::Num(n), j - i)
            }
            '/' => (Tok::Slash, 1),
            '^' => (Tok::Up, 1),
            c if c.is_ascii_alphabetic() => {
                let word: String = chars[i..].iter().take_while(|c| c.is_ascii_alphabetic()).collect();
                let len = word.len();
                match word.as_str() {
                    w if w.bytes().all(|b| b == b'v') => (Tok::Down, 1),
                    "cool" => (Tok::Name(Function::Cool), len),
                    "mean" => (Tok::Name(Function::Mean), len),
                    "temperature" | "temp" => (Tok::Name(Function::Temperature), len),
                    _ => {
                        return Err(ParseError::at(
                            col,
                            format!(
                                "`{word}` is not part of a value (numbers, *, ^, v, {{...|...}}, +, -, \
                                 comparisons, cool(G, t), mean(G), temperature(G))"
                            ),
                        ))
                    }
                }
            }
            '*' => (Tok::Star, 1),
            '+' if next == Some('-') => (Tok::PlusMinus, 2),
            '+' => (Tok::Plus, 1),
            '-' => (Tok::Minus, 1),
            '{' => (Tok::Open, 1),
            '}' => (Tok::Close, 1),
            '(' => (Tok::LParen, 1),
            ')' => (Tok::RParen, 1),
            ',' => (Tok::Comma, 1),
            '|' if next == Some('>') => (Tok::Rel(Op::GreaterOrConfused), 2),
            '|' => {
                let n = chars[i..].iter().take_while(|&&c| c == '|').count();
                (Tok::Bars(n), n)
            }
            '<' if next == Some('=') => (Tok::Rel(Op::Le), 2),
            '<' if next == Some('|') => (Tok::Rel(Op::LessOrConfused), 2),
            '<' => (Tok::Rel(Op::Lt), 1),
            '>' if next == Some('=') => (Tok::Rel(Op::Ge), 2),
            '>' => (Tok::Rel(Op::Gt), 1),
            '=' if next == Some('=') => (Tok::Rel(Op::Eq), 2),
            '=' => (Tok::Rel(Op::Eq), 1),
            other => {
                return Err(ParseError::at(
                    col,
                    format!(
                        "`{other}` is not part of a value (numbers, *, ^, v, {{...|...}}, +, -, comparisons)"
                    ),
                ))
            }
        };
        out.push(Token { tok, col });
        i += len;
    }
    Ok(out)
}

/// Reads `text` as a value or a comparison of two values, building them in `forms` (which
/// should have a budget: [`Forms::with_budget`]). An input that needs more than the budget is
/// refused.
pub fn parse(text: &str, forms: &mut Forms) -> Result<Statement, ParseError> {
    if text.len() > MAX_INPUT {
        return Err(ParseError::new(format!("the input is over {MAX_INPUT} bytes")));
    }
    let tokens = lex(text)?;
    let end = text.chars().count() + 1;
    // A relation at the outermost level (outside braces and parentheses) splits the input; a
    // run of two bars there is "confused with".
    let mut depth = 0usize;
    let mut split = None;
    for (i, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::Open | Tok::LParen => depth += 1,
            Tok::Close | Tok::RParen => depth = depth.saturating_sub(1),
            Tok::Rel(op) if depth == 0 => {
                if split.is_some() {
                    return Err(ParseError::at(t.col, "only one comparison at a time"));
                }
                split = Some((i, op));
            }
            Tok::Bars(2) if depth == 0 => {
                if split.is_some() {
                    return Err(ParseError::at(t.col, "only one comparison at a time"));
                }
                split = Some((i, Op::Confused));
            }
            _ => {}
        }
    }
    let mut reader = Reader { forms };
    let statement = match split {
        None => Statement::Value(reader.whole(&tokens, end)?),
        Some((i, op)) => {
            let left = reader.whole(&tokens[..i], tokens[i].col)?;
            let right = reader.whole(&tokens[i + 1..], end)?;
            let relation = reader.forms.compare(left, right);
            Statement::Comparison { left, op, right, relation }
        }
    };
    if reader.forms.exhausted() {
        return Err(ParseError::new(
            "this value needs too many canonical forms to compute (a sum of many hot games?)",
        ));
    }
    Ok(statement)
}

struct Reader<'f> {
    forms: &'f mut Forms,
}

impl Reader<'_> {
    /// A whole token slice as one sum; `end` is the column after it.
    fn whole(&mut self, tokens: &[Token], end: usize) -> Result<Form, ParseError> {
        if tokens.is_empty() {
            return Err(ParseError::at(end, "a value is missing"));
        }
        let mut pos = 0;
        let g = self.sum(tokens, &mut pos, 0, end)?;
        if let Some(t) = tokens.get(pos) {
            return Err(ParseError::at(
                t.col,
                "unexpected here: an operator (+ or -) or the end was expected",
            ));
        }
        Ok(g)
    }

    fn sum(&mut self, t: &[Token], pos: &mut usize, depth: usize, end: usize) -> Result<Form, ParseError> {
        let mut g = self.term(t, pos, depth, end)?;
        loop {
            match t.get(*pos).map(|t| &t.tok) {
                Some(Tok::Plus) => {
                    *pos += 1;
                    let h = self.term(t, pos, depth, end)?;
                    g = self.forms.sum(g, h);
                }
                Some(Tok::Minus) => {
                    *pos += 1;
                    let h = self.term(t, pos, depth, end)?;
                    g = self.forms.sub(g, h);
                }
                _ => return Ok(g),
            }
        }
    }

    fn term(&mut self, t: &[Token], pos: &mut usize, depth: usize, end: usize) -> Result<Form, ParseError> {
        if depth > MAX_DEPTH {
            let col = t.get(*pos).map_or(end, |t| t.col);
            return Err(ParseError::at(col, format!("nested over {MAX_DEPTH} deep")));
        }
        let Some(tok) = t.get(*pos) else {
            return Err(ParseError::at(end, "a value is missing at the end"));
        };
        match tok.tok {
            // A minus sign just before a number belongs to the number: `-1v*` is -1 + v + *
            // (as it is printed), not -(1^*).
            Tok::Minus if matches!(t.get(*pos + 1).map(|t| &t.tok), Some(Tok::Num(_))) => {
                *pos += 1;
                self.literal(t, pos, true)
            }
            Tok::Minus => {
                *pos += 1;
                let g = self.term(t, pos, depth + 1, end)?;
                Ok(self.forms.neg(g))
            }
            Tok::PlusMinus => {
                *pos += 1;
                let g = self.term(t, pos, depth + 1, end)?;
                let n = self.forms.neg(g);
                Ok(self.forms.make(vec![g], vec![n]))
            }
            Tok::LParen => {
                let close = matching(t, *pos, Tok::LParen, Tok::RParen)
                    .ok_or_else(|| ParseError::at(tok.col, "`(` is not closed"))?;
                let inner = &t[*pos + 1..close];
                let g = self.sub_sum(inner, depth + 1, t[close].col)?;
                *pos = close + 1;
                Ok(g)
            }
            Tok::Open => {
                let close = matching(t, *pos, Tok::Open, Tok::Close)
                    .ok_or_else(|| ParseError::at(tok.col, "`{` is not closed"))?;
                let g = self.braces(&t[*pos + 1..close], depth + 1, tok.col, t[close].col)?;
                *pos = close + 1;
                Ok(g)
            }
            Tok::Num(_) | Tok::Up | Tok::Down | Tok::Star => self.literal(t, pos, false),
            Tok::Name(f) => self.call(f, t, pos, depth),
            _ => Err(ParseError::at(tok.col, "a value was expected here")),
        }
    }

    /// `f(arguments)` at `t[*pos]`.
    fn call(&mut self, f: Function, t: &[Token], pos: &mut usize, depth: usize) -> Result<Form, ParseError> {
        let name = &t[*pos];
        let open = *pos + 1;
        if t.get(open).map(|t| &t.tok) != Some(&Tok::LParen) {
            return Err(ParseError::at(name.col, format!("write {} with its parentheses", f.usage())));
        }
        let close = matching(t, open, Tok::LParen, Tok::RParen)
            .ok_or_else(|| ParseError::at(t[open].col, "`(` is not closed"))?;
        // The arguments: split at the commas outside inner braces and parentheses.
        let mut args: Vec<(&[Token], usize)> = Vec::new();
        let (mut level, mut start) = (0usize, open + 1);
        for i in open + 1..=close {
            match t[i].tok {
                Tok::Open | Tok::LParen => level += 1,
                Tok::Close | Tok::RParen if i < close => level = level.saturating_sub(1),
                Tok::Comma if level == 0 => {
                    args.push((&t[start..i], t[i].col));
                    start = i + 1;
                }
                _ => {}
            }
            if i == close {
                args.push((&t[start..i], t[i].col));
            }
        }
        if args.len() != f.arity() {
            return Err(ParseError::at(
                name.col,
                format!("{} takes {} argument(s), not {}", f.usage(), f.arity(), args.len()),
            ));
        }
        let mut values = Vec::with_capacity(args.len());
        for &(arg, arg_end) in &args {
            values.push(self.sub_sum(arg, depth + 1, arg_end)?);
        }
        *pos = close + 1;
        Ok(match f {
            Function::Cool => {
                let Some(temp) = self.forms.as_number(values[1]) else {
                    return Err(ParseError::at(
                        args[1].0[0].col,
                        "the temperature of cool(G, t) must be a number",
                    ));
                };
                if temp < Dyadic::int(-1) {
                    return Err(ParseError::at(args[1].0[0].col, "games are cooled by t >= -1"));
                }
                self.forms.cool(values[0], temp)
            }
            Function::Mean => {
                let m = self.forms.mean(values[0]);
                self.forms.number(m)
            }
            Function::Temperature => {
                let x = self.forms.temperature(values[0]);
                self.forms.number(x)
            }
        })
    }

    /// A sum filling the whole slice.
    fn sub_sum(&mut self, t: &[Token], depth: usize, end: usize) -> Result<Form, ParseError> {
        if t.is_empty() {
            return Err(ParseError::at(end, "a value is missing"));
        }
        let mut pos = 0;
        let g = self.sum(t, &mut pos, depth, end)?;
        if let Some(tok) = t.get(pos) {
            return Err(ParseError::at(tok.col, "unexpected here"));
        }
        Ok(g)
    }

    /// The inside of braces: Left's options, the separator with the most bars, Right's.
    fn braces(&mut self, t: &[Token], depth: usize, open: usize, close: usize) -> Result<Form, ParseError> {
        let mut level = 0usize;
        let mut best: Option<(usize, usize)> = None; // (bars, index)
        let mut ties = false;
        for (i, tok) in t.iter().enumerate() {
            match tok.tok {
                Tok::Open | Tok::LParen => level += 1,
                Tok::Close | Tok::RParen => level = level.saturating_sub(1),
                Tok::Bars(n) if level == 0 => match best {
                    Some((b, _)) if b > n => {}
                    Some((b, _)) if b == n => ties = true,
                    _ => {
                        best = Some((n, i));
                        ties = false;
                    }
                },
                _ => {}
            }
        }
        let Some((bars, at)) = best else {
            return Err(ParseError::at(open, "braces without `|` between Left's and Right's options"));
        };
        if ties {
            return Err(ParseError::at(
                t[at].col,
                format!(
                    "two separators of {bars} bar(s) in one pair of braces: write the inner game in braces"
                ),
            ));
        }
        let left = self.options(&t[..at], depth, t[at].col)?;
        let right = self.options(&t[at + 1..], depth, close)?;
        Ok(self.forms.make(left, right))
    }

    /// The options of one side, separated by commas; one with bars of its own is a game
    /// without its braces.
    fn options(&mut self, t: &[Token], depth: usize, end: usize) -> Result<Vec<Form>, ParseError> {
        let mut out = Vec::new();
        if t.is_empty() {
            return Ok(out);
        }
        let mut level = 0usize;
        let mut start = 0;
        for i in 0..=t.len() {
            let at_comma = i < t.len() && level == 0 && t[i].tok == Tok::Comma;
            if i < t.len() {
                match t[i].tok {
                    Tok::Open | Tok::LParen => level += 1,
                    Tok::Close | Tok::RParen => level = level.saturating_sub(1),
                    _ => {}
                }
            }
            if at_comma || i == t.len() {
                let part = &t[start..i];
                let col = if i < t.len() { t[i].col } else { end };
                if part.is_empty() {
                    return Err(ParseError::at(col, "an option is missing"));
                }
                let nested = {
                    let mut l = 0usize;
                    part.iter().any(|tok| match tok.tok {
                        Tok::Open | Tok::LParen => {
                            l += 1;
                            false
                        }
                        Tok::Close | Tok::RParen => {
                            l = l.saturating_sub(1);
                            false
                        }
                        Tok::Bars(_) => l == 0,
                        _ => false,
                    })
                };
                let g = if nested {
                    if depth + 1 > MAX_DEPTH {
                        return Err(ParseError::at(part[0].col, format!("nested over {MAX_DEPTH} deep")));
                    }
                    self.braces(part, depth + 1, part[0].col, col)?
                } else {
                    self.sub_sum(part, depth, col)?
                };
                out.push(g);
                start = i + 1;
            }
        }
        Ok(out)
    }

    /// `[number] [ups] [star]`, the number negative when `negative`.
    fn literal(&mut self, t: &[Token], pos: &mut usize, negative: bool) -> Result<Form, ParseError> {
        let mut number = Dyadic::ZERO;
        if let Some(Tok::Num(n)) = t.get(*pos).map(|t| &t.tok) {
            let n = *n;
            *pos += 1;
            number = Dyadic::int(n as i128);
            if let Some(Tok::Slash) = t.get(*pos).map(|t| &t.tok) {
                let slash = t[*pos].col;
                *pos += 1;
                let Some(Tok::Num(d)) = t.get(*pos).map(|t| &t.tok) else {
                    return Err(ParseError::at(slash + 1, "a denominator is missing after `/`"));
                };
                let d = *d;
                if d == 0 || !d.is_power_of_two() {
                    return Err(ParseError::at(
                        t[*pos].col,
                        format!("{d} is not a power of two: the numbers of games are dyadic (3/4, 5/8)"),
                    ));
                }
                *pos += 1;
                number = Dyadic::new(n as i128, d.trailing_zeros());
            }
        }
        let mut ups: i64 = 0;
        if let Some(tok) = t.get(*pos) {
            if matches!(tok.tok, Tok::Up | Tok::Down) {
                let sign = if tok.tok == Tok::Up { 1 } else { -1 };
                let mut count = 0u64;
                while t.get(*pos).is_some_and(|x| x.tok == tok.tok) {
                    count += 1;
                    *pos += 1;
                }
                if let Some(Tok::Num(n)) = t.get(*pos).map(|t| &t.tok) {
                    if count > 1 {
                        return Err(ParseError::at(t[*pos].col, "write ups as `^3` or `^^^`, not both"));
                    }
                    count = *n;
                    *pos += 1;
                }
                if count > MAX_LITERAL {
                    return Err(ParseError::at(tok.col, format!("over {MAX_LITERAL} ups")));
                }
                ups = sign * count as i64;
            }
        }
        let mut nim = 0u32;
        if let Some(Tok::Star) = t.get(*pos).map(|t| &t.tok) {
            *pos += 1;
            nim = 1;
            if let Some(Tok::Num(n)) = t.get(*pos).map(|t| &t.tok) {
                nim = *n as u32;
                *pos += 1;
            }
        }
        if *pos < t.len()
            && matches!(
                t[*pos].tok,
                Tok::Num(_) | Tok::Up | Tok::Down | Tok::Star | Tok::Slash | Tok::Name(_)
            )
        {
            return Err(ParseError::at(
                t[*pos].col,
                "unexpected in a value: write number, ups, then star (1/2^*)",
            ));
        }
        let x = self.forms.number(if negative { -number } else { number });
        let u = self.forms.ups(ups);
        let s = self.forms.nimber(nim);
        let us = self.forms.sum(u, s);
        Ok(self.forms.sum(x, us))
    }
}

/// The index of the token closing the one at `open`.
fn matching(t: &[Token], open: usize, opening: Tok, closing: Tok) -> Option<usize> {
    let mut level = 0usize;
    for (i, tok) in t.iter().enumerate().skip(open) {
        if tok.tok == opening {
            level += 1;
        } else if tok.tok == closing {
            level -= 1;
            if level == 0 {
                return Some(i);
            }
        }
    }
    None
}
