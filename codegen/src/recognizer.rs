//! The recognizer: rule functions that match with pest's semantics and
//! record where the configured rules matched.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use pest_meta::ast::{Expr, Rule as AstRule};

use super::class::Class;
use super::snippets::{
    at_least, byte_literal, bytes_literal, lookahead_code, params, postfix, save_restore, seq_code,
};
use super::{Export, Generator, Group, Mode, describe, flatten_seq, intersects};

impl<'g> Generator<'g> {
    /// A call of rule `name` in `mode` at position `p`.
    pub(super) fn call(&mut self, name: &str, mode: Mode, p: &str) -> String {
        let rule = self.rules[name];
        let touched = self.rule_touched(rule, mode);
        if touched.is_empty() {
            let fname = format!("r_{name}");
            if let Some(module) = self.imported_from(name) {
                self.imports.insert(Export::recognizer(name));
                return format!("{module}::{fname}(s, {p})");
            }
            self.queue.push((fname.clone(), &rule.name, Mode::Quiet));
            format!("{fname}(s, {p})")
        } else {
            let suffix = match mode {
                Mode::Tokens => "t",
                Mode::Atomic => "a",
                Mode::Quiet => "q",
            };
            let fname = format!("r_{name}__{suffix}");
            self.queue.push((fname.clone(), &rule.name, mode));
            format!("{fname}(s, {p}, rec)")
        }
    }

    pub(super) fn function(&mut self, fname: &str, name: &'g str, mode: Mode) -> String {
        let rule: &AstRule = self.rules[name];
        let body_mode = self.body_mode(rule, mode);
        let body = self.emit(&rule.expr, body_mode, "p");
        let doc = match mode {
            Mode::Quiet => format!("/// `{name}` ({:?} rule), recording nothing.", rule.ty),
            Mode::Tokens => format!(
                "/// `{name}` ({:?} rule), called where tokens are made.",
                rule.ty
            ),
            Mode::Atomic => format!(
                "/// `{name}` ({:?} rule), called inside an atomic rule.",
                rule.ty
            ),
        };
        if mode == Mode::Quiet {
            let params = params(&body, &["s: &[u8]", "p: usize"]);
            let declare = self.declare(fname);
            format!(
                "\n{doc}\n#[inline]\n\
                 {declare} {fname}({params}) -> Option<usize> {{\n    {body}\n}}\n"
            )
        } else if self.own_token(rule, mode) {
            let field = &self.field_of[name];
            let code = format!(
                "let end = {}?;\n    put(&mut rec.{field}, p, end);\n    Some(end)",
                postfix(&body)
            );
            let params = params(&code, &["s: &[u8]", "p: usize", "rec: &mut Rec"]);
            format!(
                "\n{doc}\n#[inline]\n\
                 fn {fname}({params}) -> Option<usize> {{\n    {code}\n}}\n"
            )
        } else {
            let params = params(&body, &["s: &[u8]", "p: usize", "rec: &mut Rec"]);
            format!(
                "\n{doc}\n#[inline]\n\
                 fn {fname}({params}) -> Option<usize> {{\n    {body}\n}}\n"
            )
        }
    }

    /// Code for `expr` matched at position `p` in `mode`: an expression of
    /// type `Option<usize>` (the end of the match).
    pub(super) fn emit(&mut self, expr: &Expr, mode: Mode, p: &str) -> String {
        if let Some(class) = self.class_of(expr, mode, 0) {
            return self.class_test(&class, &describe(expr), p);
        }
        match expr {
            Expr::Str(s) => {
                if s.is_empty() {
                    format!("Some({p})")
                } else {
                    format!(
                        "if s.get({p}..{p} + {n}) == Some(&{lit}[..]) {{ Some({p} + {n}) }} else {{ None }}",
                        n = s.len(),
                        lit = bytes_literal(s)
                    )
                }
            }
            Expr::Insens(s) => format!(
                "match s.get({p}..{p} + {n}) {{ Some(w) if w.eq_ignore_ascii_case(&{lit}) => Some({p} + {n}), _ => None }}",
                n = s.len(),
                lit = bytes_literal(s)
            ),
            Expr::Ident(name) => match name.as_str() {
                "SOI" => format!("if {p} == 0 {{ Some({p}) }} else {{ None }}"),
                "EOI" => format!("if {p} == s.len() {{ Some({p}) }} else {{ None }}"),
                // `ANY` is a class, matched above.
                _ => self.call(name, mode, p),
            },
            Expr::PosPred(e) => lookahead_code(&self.emit(e, Mode::Quiet, p), p, true),
            Expr::NegPred(e) => lookahead_code(&self.emit(e, Mode::Quiet, p), p, false),
            Expr::Seq(..) => {
                let mut items = Vec::new();
                flatten_seq(expr, &mut items);
                if let Some(code) = self.emit_byte_window(&items, mode, p) {
                    return code;
                }
                let l = self.label();
                let mut codes = Vec::with_capacity(items.len());
                let mut i = 0;
                while let Some(&item) = items.get(i) {
                    let shared = match items.get(i + 1) {
                        Some(&next) => self.shared_scan(item, next, mode),
                        None => None,
                    };
                    match shared {
                        Some(code) => {
                            codes.push(code);
                            i += 2;
                        }
                        None => {
                            codes.push(self.emit(item, mode, "p"));
                            i += 1;
                        }
                    }
                }
                seq_code(l, p, &codes)
            }
            Expr::Choice(..) => self.emit_choice(expr, mode, p),
            Expr::Opt(e) => self.emit_rep(e, mode, p, 0, Some(1)),
            Expr::Rep(e) => self.emit_rep(e, mode, p, 0, None),
            Expr::RepOnce(e) => self.emit_rep(e, mode, p, 1, None),
            Expr::RepExact(e, n) => self.emit_rep(e, mode, p, *n, Some(*n)),
            Expr::RepMin(e, n) => self.emit_rep(e, mode, p, *n, None),
            Expr::RepMax(e, n) => self.emit_rep(e, mode, p, 0, Some(*n)),
            Expr::RepMinMax(e, m, n) => self.emit_rep(e, mode, p, *m, Some(*n)),
            // `support::check` rejected everything else before emission.
            _ => "None".to_owned(),
        }
    }

    /// A sequence whose every item matches exactly one ASCII byte from a
    /// set, such as `"%" ~ HEXDIG ~ HEXDIG`, as one test of a window of
    /// that many bytes: one bounds check instead of one per byte, and the
    /// bytes after the first tested without a branch each.
    fn emit_byte_window(&mut self, items: &[&Expr], mode: Mode, p: &str) -> Option<String> {
        if items.len() < 2 {
            return None;
        }
        let mut tests = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let class = self.class_of(item, mode, 0)?;
            if class.has_wide() {
                return None;
            }
            tests.push(self.ascii_test(&class, &describe(item), &format!("b{i}"))?);
        }
        // The first byte alone decides most failures: test it first.
        let n = items.len();
        let rest: Vec<String> = (1..n).map(|i| format!("b{i}")).collect();
        Some(format!(
            "match s.get({p}) {{ Some(&b0) if {} => match s.get({p} + 1..{p} + {n}) {{ Some(&[{}]) if {} => Some({p} + {n}), _ => None }}, _ => None }}",
            tests[0],
            rest.join(", "),
            tests[1..].join(" & ")
        ))
    }

    /// A choice whose every alternative matches a fixed number of ASCII
    /// bytes, each from a set (`dec-octet`'s `"25" %x30-35 / "2" %x30-34
    /// DIGIT / ...`), without a branch per alternative: every alternative
    /// is tested on a window of the widest one's size (bytes past the input
    /// read as 0xFF, which no ASCII set holds), and the first that matches
    /// gives the length, chosen by conditional moves. Which alternative
    /// matches varies from one input to the next, so the branches of a
    /// test per alternative are the ones a processor mispredicts. Only
    /// where two alternatives can start with the same byte: otherwise the
    /// first byte decides, at the cost of one well-predicted test.
    fn emit_fixed_choice(&mut self, groups: &[Group], p: &str) -> Option<String> {
        if groups.len() < 2 {
            return None;
        }
        let alts = groups
            .iter()
            .map(|g| match g {
                Group::Class(class, origin) => {
                    (!class.has_wide()).then(|| vec![(class.clone(), origin.clone())])
                }
                Group::Other(e, _) => self.fixed_bytes(e, 0),
            })
            .collect::<Option<Vec<_>>>()?;
        let width = alts.iter().map(Vec::len).max()?;
        if width > 8 || alts.iter().any(Vec::is_empty) {
            return None;
        }
        // Where the first byte tells the alternatives apart, testing it
        // first is cheaper and as well predicted.
        let shared_first = alts.iter().enumerate().any(|(i, a)| {
            alts[i + 1..].iter().any(|b| {
                a[0].0
                    .ascii
                    .iter()
                    .zip(b[0].0.ascii.iter())
                    .any(|(&x, &y)| x && y)
            })
        });
        if !shared_first {
            return None;
        }
        let mut code = String::from("{ ");
        for i in 0..width {
            let _ = write!(
                code,
                "let b{i} = s.get({p} + {i}).copied().unwrap_or(0xFF); "
            );
        }
        let mut tests = Vec::with_capacity(alts.len());
        for alt in &alts {
            let mut test = Vec::with_capacity(alt.len());
            for (i, (class, origin)) in alt.iter().enumerate() {
                test.push(self.ascii_test(class, origin, &format!("b{i}"))?);
            }
            tests.push(test.join(" & "));
        }
        code.push_str("let n = 0usize; ");
        for (alt, test) in alts.iter().zip(&tests).rev() {
            let _ = write!(code, "let n = if {test} {{ {} }} else {{ n }}; ", alt.len());
        }
        let _ = write!(code, "if n == 0 {{ None }} else {{ Some({p} + n) }} }}");
        Some(code)
    }

    /// The byte sets `expr` matches one after the other, if it always
    /// matches the same number of ASCII bytes and records nothing: strings,
    /// ASCII classes, sequences and exact counts of those, and rules made
    /// of them.
    fn fixed_bytes(&self, expr: &Expr, depth: usize) -> Option<Vec<(Class, String)>> {
        if depth > 16 {
            return None;
        }
        if let Some(class) = self.class_of(expr, Mode::Quiet, 0) {
            return (!class.has_wide()).then(|| vec![(class, describe(expr))]);
        }
        match expr {
            Expr::Str(s) if !s.is_empty() && s.is_ascii() => Some(
                s.chars()
                    .map(|c| (Class::range(c, c), format!("{c:?}")))
                    .collect(),
            ),
            Expr::Seq(a, b) => {
                let mut out = self.fixed_bytes(a, depth + 1)?;
                out.extend(self.fixed_bytes(b, depth + 1)?);
                Some(out)
            }
            Expr::RepExact(e, n) => {
                let one = self.fixed_bytes(e, depth + 1)?;
                let n = usize::try_from(*n).ok()?;
                Some(one.iter().cloned().cycle().take(one.len() * n).collect())
            }
            Expr::Ident(name) => {
                let rule = self.rules.get(name.as_str())?;
                if !self.rule_touched(rule, Mode::Tokens).is_empty() {
                    return None;
                }
                self.fixed_bytes(&rule.expr, depth + 1)
            }
            _ => None,
        }
    }

    /// A `bool` expression, parenthesized where `&` could bind into it:
    /// whether the byte in variable `var` is one of `class`'s ASCII
    /// characters (`None` if it has none).
    fn ascii_test(&mut self, class: &Class, origin: &str, var: &str) -> Option<String> {
        let members: Vec<usize> = (0..128).filter(|&b| class.ascii[b]).collect();
        match members.as_slice() {
            [] => None,
            [one] => Some(format!("({var} == {})", byte_literal(*one))),
            _ => {
                let t = self.table(&class.table(), origin);
                Some(format!("{t}[usize::from({var})]"))
            }
        }
    }

    /// Code matching one character of `class` at `p`: an `Option<usize>`.
    pub(super) fn class_test(&mut self, class: &Class, origin: &str, p: &str) -> String {
        let ascii = self.ascii_test(class, origin, "b");
        match (ascii, class.has_wide()) {
            (None, false) => "None".to_owned(),
            (Some(test), false) => {
                format!("match s.get({p}) {{ Some(&b) if {test} => Some({p} + 1), _ => None }}")
            }
            (None, true) => format!("{}(s, {p})", self.wide(class)),
            (Some(test), true) => {
                let w = self.wide(class);
                format!(
                    "match s.get({p}) {{ Some(&b) if {test} => Some({p} + 1), Some(&b) if b >= 0x80 => {w}(s, {p}), _ => None }}"
                )
            }
        }
    }

    /// Code for the end of the run of characters of `class` from `p`: a
    /// `usize`.
    fn class_scan(&mut self, class: &Class, origin: &str, p: &str) -> String {
        if !class.has_wide() {
            let t = self.table(&class.table(), origin);
            return format!("scan(s, {p}, &{t})");
        }
        let t = self.table(&class.run_table(), &format!("runs of {origin}"));
        let w = self.wide(class);
        // The scan stops at most bytes that end the run (ASCII ones): only
        // a byte that starts a wide character needs the matcher.
        format!(
            "{{ let mut p = {p}; loop {{ p = scan(s, p, &{t}); match s.get(p) {{ Some(&b) if b >= 0x80 => match {w}(s, p) {{ Some(q) => p = q, None => break p }}, _ => break p }} }} }}"
        )
    }

    /// The alternatives of a choice, in order, with class alternatives
    /// merged where that keeps the meaning. A call of a rule that records
    /// nothing and whose body is a choice is replaced by its alternatives,
    /// so classes merge across rule boundaries (`pchar | "/" | "?"`).
    pub(super) fn choice_groups(&self, expr: &Expr, mode: Mode) -> Vec<Group> {
        let mut alts = Vec::new();
        self.flatten_alts(expr, mode, &mut alts, 0);
        let mut groups: Vec<Group> = Vec::new();
        for (alt, mode) in alts {
            let Some(class) = self.class_of(&alt, mode, 0) else {
                groups.push(Group::Other(alt, mode));
                continue;
            };
            // Move the class back past alternatives that cannot match where
            // it does, into the nearest class group.
            let first = class.first_bytes();
            let mut target = None;
            for (i, g) in groups.iter().enumerate().rev() {
                match g {
                    Group::Class(..) => {
                        target = Some(i);
                        break;
                    }
                    Group::Other(e, _) => {
                        let (other_first, nullable) = self.first_of(e);
                        if nullable || intersects(&other_first, &first) {
                            break;
                        }
                    }
                }
            }
            match target.and_then(|i| groups.get_mut(i)) {
                Some(Group::Class(c, origin)) => {
                    *c = c.union(&class);
                    let _ = write!(origin, " | {}", describe(&alt));
                }
                _ => groups.push(Group::Class(class, describe(&alt))),
            }
        }
        groups
    }

    fn flatten_alts(&self, expr: &Expr, mode: Mode, out: &mut Vec<(Expr, Mode)>, depth: usize) {
        match expr {
            Expr::Choice(a, b) => {
                self.flatten_alts(a, mode, out, depth);
                self.flatten_alts(b, mode, out, depth);
            }
            Expr::Ident(name) if depth < 16 => match self.rules.get(name.as_str()) {
                Some(rule)
                    if matches!(rule.expr, Expr::Choice(..))
                        && self.rule_touched(rule, mode).is_empty() =>
                {
                    self.flatten_alts(&rule.expr, Mode::Quiet, out, depth + 1);
                }
                _ => out.push((expr.clone(), mode)),
            },
            e => out.push((e.clone(), mode)),
        }
    }

    /// The code of one group of a choice or loop at position `p`, and the
    /// record fields it may leave changed when it fails (to be restored).
    fn alternative(&mut self, group: &Group, p: &str) -> (String, BTreeSet<String>) {
        match group {
            Group::Class(class, origin) => (self.class_test(class, origin, p), BTreeSet::new()),
            Group::Other(e, m) => (self.emit(e, *m, p), self.dirty_on_failure(e, *m, 0)),
        }
    }

    /// `code`, an alternative of a choice, behind a test of the byte at
    /// `p` when it starts with a call of a rule and cannot match empty
    /// (`IP-literal`, `IPv4address ~ !...`): the test stays
    /// at the call whether or not the rule's function is inlined, so an
    /// alternative that cannot start here costs no call.
    fn guarded_call(&mut self, group: &Group, code: String, p: &str) -> String {
        let Group::Other(e, _) = group else {
            return code;
        };
        let mut items = Vec::new();
        flatten_seq(e, &mut items);
        let Some(Expr::Ident(name)) = items.first() else {
            return code;
        };
        if !self.rules.contains_key(name.as_str()) {
            return code;
        }
        let (first, nullable) = self.first_of(e);
        if nullable || first.iter().all(|&b| b) {
            return code;
        }
        let t = self.table(&first, &format!("first bytes of {name}"));
        format!("match s.get({p}) {{ Some(&b) if {t}[usize::from(b)] => {code}, _ => None }}")
    }

    fn emit_choice(&mut self, expr: &Expr, mode: Mode, p: &str) -> String {
        self.emit_choice_with(expr, mode, p, None)
    }

    /// [`emit_choice`](Self::emit_choice), with `last` as the code of the
    /// last alternative if given (code that matches what it does).
    pub(super) fn emit_choice_with(
        &mut self,
        expr: &Expr,
        mode: Mode,
        p: &str,
        last: Option<String>,
    ) -> String {
        let groups = self.choice_groups(expr, mode);
        if last.is_none() && self.touched(expr, mode).is_empty() {
            if let Some(code) = self.emit_fixed_choice(&groups, p) {
                // Most inputs that fail fail on the first byte: test it
                // alone first.
                let (first, _) = self.first_of(expr);
                let t = self.table(&first, &format!("first bytes of {}", describe(expr)));
                return format!(
                    "match s.get({p}) {{ Some(&b) if {t}[usize::from(b)] => {code}, _ => None }}"
                );
            }
        }
        let l = self.label();
        let mut runs = String::new();
        let outer_runs = self.runs.len();
        self.shared_runs(&groups, l, &mut runs);
        let mut alternatives = String::new();
        let last_index = groups.len() - 1;
        let mut tail = String::new();
        let mut last_code = last;
        for (i, g) in groups.iter().enumerate() {
            if i == last_index {
                tail = match last_code.take() {
                    Some(code) => code,
                    None => self.alternative(g, p).0,
                };
                break;
            }
            let (e, touched) = self.alternative(g, p);
            let e = self.guarded_call(g, e, p);
            let (save, restore) = save_restore(&touched, l, i);
            let _ = writeln!(
                alternatives,
                "{save}if let Some(q) = {e} {{ break 'c{l} Some(q); }} {restore}"
            );
        }
        self.runs.truncate(outer_runs);
        let mut code = match (runs.is_empty(), alternatives.is_empty()) {
            (true, true) => tail,
            (false, true) => format!("{{\n{runs}{tail}\n}}"),
            (_, false) => format!("'c{l}: {{\n{runs}{alternatives}{tail}\n}}"),
        };
        // A choice that cannot match empty fails at once on a byte that
        // no alternative starts with.
        let (first, nullable) = self.first_of(expr);
        if !nullable && groups.len() > 1 {
            let t = self.table(&first, &format!("first bytes of {}", describe(expr)));
            code = format!(
                "match s.get({p}) {{ Some(&b) if {t}[usize::from(b)] => {code}, _ => None }}"
            );
        }
        code
    }

    fn emit_rep(&mut self, e: &Expr, mode: Mode, p: &str, min: u32, max: Option<u32>) -> String {
        if let Some(max) = max {
            let shared = self.runs.iter().rev().find(|(body, _)| body == e);
            // Matching does not depend on the mode; recording does, so the
            // run serves only where `e` records nothing.
            if let Some((_, run)) = shared.filter(|_| self.touched(e, mode).is_empty()) {
                // Take this repetition's count of the choice's run of `e`
                // from `p`, running it first if it starts elsewhere.
                let take = format!("{run}.take({p}, {max}, {run}_step)");
                return if min == 0 {
                    format!("Some({take}.1)")
                } else {
                    format!(
                        "{{ let (n, end) = {take}; if n >= {min} {{ Some(end) }} else {{ None }} }}"
                    )
                };
            }
        }
        if max.is_none() && min <= 1 {
            if let Some(code) = self.emit_rep_of_runs(e, mode, p, min) {
                return code;
            }
        }
        if min == 0 && max == Some(1) {
            return self.emit_opt(e, mode, p);
        }
        let l = self.label();
        let counted = min > 1 || max.is_some();
        if let Some(class) = self.class_of(e, mode, 0) {
            let origin = describe(e);
            if !counted {
                // `e*` or `e+`: a tight scan.
                let end = self.class_scan(&class, &origin, p);
                return if min == 1 {
                    format!(
                        "{{ let start = {p}; let p = {end}; if p == start {{ None }} else {{ Some(p) }} }}"
                    )
                } else {
                    format!("Some({end})")
                };
            }
            if let (Some(max), false) = (max, class.has_wide()) {
                if max <= 8 {
                    let t = self.table(&class.table(), &origin);
                    let run = format!("run_upto::<{max}>(s, {p}, &{t})");
                    // With at least one match needed, the first byte is
                    // tested alone first: where it fails (`h16` tried at a
                    // ':'), the window is not counted.
                    return if min == 0 {
                        format!("Some({p} + {run})")
                    } else {
                        format!(
                            "match s.get({p}) {{ Some(&b) if {t}[usize::from(b)] => {{ let n = {run}; {} }}, _ => None }}",
                            at_least(min, &format!("{p} + n"))
                        )
                    };
                }
            }
            // Counted: `max` is set or `min` is above 1.
            let test = self.class_test(&class, &origin, "p");
            let limit = match max {
                Some(n) => format!("if n == {n} {{ break; }} "),
                None => String::new(),
            };
            return format!(
                "{{ let mut p = {p}; let mut n = 0u32; loop {{ {limit}match {test} {{ Some(q) => {{ p = q; n += 1; }} None => break }} }} {} }}",
                at_least(min, "p")
            );
        }
        if !counted {
            if let Some(code) = self.emit_rep_scan(e, mode, p, min, l) {
                return code;
            }
        }
        let touched = self.dirty_on_failure(e, mode, 0);
        let inner = self.emit(e, mode, "p");
        let (save, restore) = save_restore(&touched, l, 0);
        // The count, where a bound asks for it.
        let (count, limit, add) = match (min, max) {
            (0, None) => ("", String::new(), ""),
            (_, None) => ("let mut n = 0u32; ", String::new(), " n += 1;"),
            (_, Some(n)) => (
                "let mut n = 0u32; ",
                format!("if n == {n} {{ break; }} "),
                " n += 1;",
            ),
        };
        // pest would loop forever on an unbounded repetition of something
        // that matched empty (its validator rejects such grammars); stop.
        let step = if max.is_none() {
            format!("let moved = q != p; p = q;{add} if !moved {{ break; }}")
        } else {
            format!("p = q;{add}")
        };
        format!(
            "{{ let mut p = {p}; {count}loop {{ {limit}{save}match {inner} {{ Some(q) => {{ {step} }} None => {{ {restore}break; }} }} }} {} }}",
            at_least(min, "p")
        )
    }

    /// The bodies of bounded repetitions that recur in the alternatives of
    /// a choice, such as `h16 ~ ":"` in `IPv6address`, whose forms take
    /// `(h16 ~ ":"){6}`, `{5}`, `{4}`, ... of the same groups. Each such
    /// body that records nothing gets a `Runs` per choice, and its
    /// repetitions take their counts from it (see `Runs::take`), so the
    /// alternatives after the first read the groups instead of matching
    /// them again. Writes the declarations into `code` and pushes the runs
    /// onto `self.runs`.
    fn shared_runs(&mut self, groups: &[Group], l: usize, code: &mut String) {
        let mut bodies: Vec<(Expr, Mode, u32, usize)> = Vec::new();
        for g in groups {
            let Group::Other(e, m) = g else { continue };
            let mut found = Vec::new();
            bounded_repetitions(e, &mut found);
            for (body, max) in found {
                match bodies.iter_mut().find(|(b, bm, ..)| b == body && bm == m) {
                    Some((_, _, longest, uses)) => {
                        *longest = (*longest).max(max);
                        *uses += 1;
                    }
                    None => bodies.push((body.clone(), *m, max, 1)),
                }
            }
        }
        // A step matches its body afresh: no run (of this choice or an
        // enclosing one) inside it, which would make it borrow that run.
        let enclosing = std::mem::take(&mut self.runs);
        let mut runs = Vec::new();
        for (j, (body, m, longest, uses)) in bodies.into_iter().enumerate() {
            if uses < 2
                || !self.touched(&body, m).is_empty()
                || self.class_of(&body, m, 0).is_some()
            {
                continue;
            }
            let run = format!("run{l}_{j}");
            let step = self.emit(&body, m, "p");
            let size = longest + 1;
            let _ = writeln!(
                code,
                "let {run}_step = |p: usize| {step};\nlet mut {run} = Runs::<{size}>::new();"
            );
            runs.push((body, run));
        }
        self.runs = enclosing;
        self.runs.extend(runs);
    }

    /// `e?`: the match of `e`, or an empty match (with `e`'s records undone).
    fn emit_opt(&mut self, e: &Expr, mode: Mode, p: &str) -> String {
        let l = self.label();
        let inner = self.emit(e, mode, p);
        let (save, restore) = save_restore(&self.dirty_on_failure(e, mode, 0), l, 0);
        if save.is_empty() {
            format!("match {inner} {{ Some(q) => Some(q), None => Some({p}) }}")
        } else {
            format!(
                "{{ {save}match {inner} {{ Some(q) => Some(q), None => {{ {restore}Some({p}) }} }} }}"
            )
        }
    }

    /// `(a ~ b*)*` as `(a ~ (b | a)*)?` and `(a ~ b*)+` as `a ~ (b | a)*`,
    /// when `a` and `b` record nothing and cannot match empty. Both forms
    /// try, at every position, `b` first and then `a`, and stop where
    /// neither matches, so they match the same; but in the second, `b | a`
    /// can become one class scan (`("/" ~ segment)*` becomes one loop over
    /// the path instead of a loop per segment).
    fn emit_rep_of_runs(&mut self, e: &Expr, mode: Mode, p: &str, min: u32) -> Option<String> {
        let mut items = Vec::new();
        flatten_seq(e, &mut items);
        let [a, r] = items.as_slice() else {
            return None;
        };
        if !self.touched(e, mode).is_empty() || self.first_of(a).1 {
            return None;
        }
        let b = self.repeated(r, 0)?;
        if self.first_of(&b).1 {
            return None;
        }
        let a = (*a).clone();
        let rest = Expr::Rep(Box::new(Expr::Choice(Box::new(b), Box::new(a.clone()))));
        let code = self.emit(&Expr::Seq(Box::new(a), Box::new(rest)), Mode::Quiet, p);
        Some(if min == 1 {
            code
        } else {
            format!("match {code} {{ Some(q) => Some(q), None => Some({p}) }}")
        })
    }

    /// `b` if `expr` is `b*`, directly or as the body of rules that record
    /// nothing.
    fn repeated(&self, expr: &Expr, depth: usize) -> Option<Expr> {
        match expr {
            Expr::Rep(b) => Some((**b).clone()),
            Expr::Ident(name) if depth < 16 => {
                let rule = self.rules.get(name.as_str())?;
                if !self.rule_touched(rule, Mode::Tokens).is_empty()
                    || !self.rule_touched(rule, Mode::Atomic).is_empty()
                {
                    return None;
                }
                self.repeated(&rule.expr, depth + 1)
            }
            _ => None,
        }
    }

    /// `e*` or `e+` where `e` is a choice whose first alternative is a
    /// class: scan the class in a tight loop, and try the other
    /// alternatives only where it stops.
    fn emit_rep_scan(
        &mut self,
        e: &Expr,
        mode: Mode,
        p: &str,
        min: u32,
        l: usize,
    ) -> Option<String> {
        let groups = self.choice_groups(e, mode);
        let Some(Group::Class(class, origin)) = groups.first() else {
            return None;
        };
        if groups.len() < 2 {
            return None;
        }
        let (class, origin) = (class.clone(), origin.clone());
        let end = self.class_scan(&class, &origin, "p");
        let (start, check) = if min == 1 {
            (
                format!("let start = {p}; let mut p = start;"),
                "if p == start { None } else { Some(p) }",
            )
        } else {
            (format!("let mut p = {p};"), "Some(p)")
        };
        let mut code = format!("{{ {start} loop {{\np = {end};\n");
        for (i, g) in groups.iter().enumerate().skip(1) {
            let (alt, touched) = self.alternative(g, "p");
            let (save, restore) = save_restore(&touched, l, i);
            let _ = writeln!(
                code,
                "{save}if let Some(q) = {alt} {{ if q == p {{ break; }} p = q; continue; }} {restore}"
            );
        }
        let _ = write!(code, "break; }}\n{check} }}");
        Some(code)
    }
}

/// The bounded repetitions in `expr` (not inside the rules it calls): each
/// body, and the most repetitions it may take.
fn bounded_repetitions<'e>(expr: &'e Expr, out: &mut Vec<(&'e Expr, u32)>) {
    match expr {
        Expr::RepExact(body, n) | Expr::RepMax(body, n) | Expr::RepMinMax(body, _, n) => {
            out.push((body, *n));
            bounded_repetitions(body, out);
        }
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            bounded_repetitions(a, out);
            bounded_repetitions(b, out);
        }
        Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepMin(e, _)
        | Expr::PosPred(e)
        | Expr::NegPred(e) => bounded_repetitions(e, out),
        _ => {}
    }
}
