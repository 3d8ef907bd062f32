//! The error pass: the rules again, as pest_derive's optimizer leaves them,
//! with pest's tracking of failed rule attempts.
//!
//! pest's `ParserState::rule` tracks a rule call (keeps it as an attempt at
//! its start position) when the call fails outside a negative lookahead, or
//! matches inside one, unless the state is atomic at that moment. For a
//! normal, silent or atomic rule that is the caller's atomicity; compound-
//! atomic (`$`) and non-atomic (`!`) rules set their own first. Silent rules
//! are never tracked, and `EOI` is a tracked rule. Inside an atomic context
//! nothing is tracked until a `$` or `!` rule is called, so such subtrees
//! run on the recognizer's quiet functions.

use std::fmt::Write as _;

use pest_meta::ast::RuleType;
use pest_meta::optimizer::OptimizedExpr;

use super::snippets::{lookahead_code, params, seq_code};
use super::{Export, Generator, Mode, unoptimize};

/// Where a rule call happens, as far as tracking goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Context {
    /// Whether pest's state is atomic.
    pub atomic: bool,
    /// The lookahead state: 0 none, 1 positive, 2 negative.
    pub look: u8,
}

impl Context {
    /// A parse's first rule call.
    pub const TOP: Context = Context {
        atomic: false,
        look: 0,
    };

    pub(crate) fn suffix(self) -> String {
        format!(
            "{}{}",
            if self.atomic { "a" } else { "n" },
            ["n", "p", "g"][usize::from(self.look)]
        )
    }

    /// The runtime's `Look` for a call here: pest tracks a call inside a
    /// positive lookahead as one outside any.
    fn look_code(self) -> &'static str {
        if self.look == 2 {
            "Look::Negative"
        } else {
            "Look::Affirmative"
        }
    }

    /// Inside `&e`.
    fn positive(self) -> Context {
        Context {
            look: if self.look == 2 { 2 } else { 1 },
            ..self
        }
    }

    /// Inside `!e`.
    fn negative(self) -> Context {
        Context {
            look: if self.look == 2 { 1 } else { 2 },
            ..self
        }
    }
}

/// For a call of a rule of type `ty` in a state whose atomicity is
/// `atomic`: whether the call itself is tracked, and the atomicity of its
/// body.
fn call_shape(ty: RuleType, atomic: bool) -> (bool, bool) {
    match ty {
        RuleType::Silent => (false, atomic),
        RuleType::Normal => (!atomic, atomic),
        RuleType::Atomic => (!atomic, true),
        RuleType::CompoundAtomic | RuleType::NonAtomic => (true, false),
    }
}

impl<'g> Generator<'g> {
    /// Fills `self.tracking`: whether calling each rule with each
    /// atomicity can track anything.
    pub(super) fn compute_tracking(&mut self) {
        let names: Vec<&'g str> = self.optimized.keys().copied().collect();
        for name in &names {
            for atomic in [false, true] {
                self.tracking.insert((name, atomic), false);
            }
        }
        loop {
            let mut changed = false;
            for name in &names {
                for atomic in [false, true] {
                    let new = self.call_tracks(name, atomic);
                    if self.tracking[&(*name, atomic)] != new {
                        self.tracking.insert((name, atomic), new);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn call_tracks(&self, name: &str, atomic: bool) -> bool {
        let Some(rule) = self.optimized.get(name) else {
            return false;
        };
        let (tracked, body_atomic) = call_shape(rule.ty, atomic);
        tracked || self.tracks(&rule.expr, body_atomic)
    }

    /// Whether matching `expr` with this atomicity can track a rule.
    fn tracks(&self, expr: &OptimizedExpr, atomic: bool) -> bool {
        match expr {
            OptimizedExpr::Ident(name) if name == "EOI" => !atomic,
            OptimizedExpr::Ident(name) => self
                .tracking
                .get(&(name.as_str(), atomic))
                .copied()
                .unwrap_or(false),
            OptimizedExpr::PosPred(e)
            | OptimizedExpr::NegPred(e)
            | OptimizedExpr::Opt(e)
            | OptimizedExpr::Rep(e)
            | OptimizedExpr::RestoreOnErr(e) => self.tracks(e, atomic),
            OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => {
                self.tracks(a, atomic) || self.tracks(b, atomic)
            }
            _ => false,
        }
    }

    /// A call of rule `name` in `context` at `p`, in the error pass.
    pub(super) fn track_call(&mut self, name: &str, context: Context, p: &str) -> String {
        if name == "EOI" {
            if context.atomic {
                return format!("if {p} == s.len() {{ Some({p}) }} else {{ None }}");
            }
            let id = self.names.iter().position(|n| n == "EOI").unwrap_or(0);
            return format!(
                "{{ let m = tr.enter({p}); let r = if {p} == s.len() {{ Some({p}) }} else {{ None }}; tr.leave(m, {id}, {p}, {look}, r.is_some()); r }}",
                look = context.look_code()
            );
        }
        if !self.call_tracks(name, context.atomic) {
            return self.call(name, Mode::Quiet, p);
        }
        let rule = self.optimized[name];
        let fname = format!("t_{name}__{}", context.suffix());
        if let Some(module) = self.imported_from(name) {
            self.imports.insert(Export::error_pass(name, context));
            return format!("{module}::{fname}(s, {p}, tr)");
        }
        self.track_queue
            .push((fname.clone(), rule.name.as_str(), context));
        format!("{fname}(s, {p}, tr)")
    }

    /// The error-pass function for calling rule `name` in `context`.
    pub(super) fn track_function(
        &mut self,
        fname: &str,
        name: &'g str,
        context: Context,
    ) -> String {
        let rule = self.optimized[name];
        let (tracked, body_atomic) = call_shape(rule.ty, context.atomic);
        let body_context = Context {
            atomic: body_atomic,
            ..context
        };
        let body = self.track_emit(&rule.expr, body_context, "p");
        let code = if tracked {
            format!(
                "let m = tr.enter(p);\n    let r = {body};\n    tr.leave(m, {id}, p, {look}, r.is_some());\n    r",
                id = self.ids[name],
                look = context.look_code()
            )
        } else {
            body
        };
        let params = params(&code, &["s: &[u8]", "p: usize", "tr: &mut Tracker"]);
        let declare = self.declare(fname);
        format!(
            "\n/// `{name}` ({:?} rule) in the error pass, called {}.\n\
             {declare} {fname}({params}) -> Option<usize> {{\n    {code}\n}}\n",
            rule.ty,
            match (context.atomic, context.look) {
                (false, 0) => "where pest tracks".to_owned(),
                (a, l) => format!(
                    "{}{}",
                    if a {
                        "in an atomic state"
                    } else {
                        "where pest tracks"
                    },
                    ["", ", in a positive lookahead", ", in a negative lookahead"][usize::from(l)]
                ),
            }
        )
    }

    /// Code for `expr` at `p` in the error pass: an `Option<usize>`.
    fn track_emit(&mut self, expr: &OptimizedExpr, context: Context, p: &str) -> String {
        if !self.tracks(expr, context.atomic) {
            return self.emit(&unoptimize(expr), Mode::Quiet, p);
        }
        match expr {
            OptimizedExpr::Ident(name) => self.track_call(name, context, p),
            OptimizedExpr::PosPred(e) => {
                lookahead_code(&self.track_emit(e, context.positive(), p), p, true)
            }
            OptimizedExpr::NegPred(e) => {
                lookahead_code(&self.track_emit(e, context.negative(), p), p, false)
            }
            OptimizedExpr::Seq(..) => {
                let mut items = Vec::new();
                flatten_seq(expr, &mut items);
                let l = self.label();
                let codes: Vec<String> = items
                    .iter()
                    .map(|item| self.track_emit(item, context, "p"))
                    .collect();
                seq_code(l, p, &codes)
            }
            OptimizedExpr::Choice(..) => {
                let mut alts = Vec::new();
                flatten_choice(expr, &mut alts);
                let l = self.label();
                let mut code = format!("'c{l}: {{\n");
                let last = alts.len() - 1;
                for (i, alt) in alts.iter().enumerate() {
                    let e = self.track_emit(alt, context, p);
                    if i == last {
                        let _ = write!(code, "{e}\n}}");
                    } else {
                        let _ = writeln!(code, "if let Some(q) = {e} {{ break 'c{l} Some(q); }}");
                    }
                }
                code
            }
            OptimizedExpr::Opt(e) => {
                let inner = self.track_emit(e, context, p);
                format!("match {inner} {{ Some(q) => Some(q), None => Some({p}) }}")
            }
            OptimizedExpr::Rep(e) => {
                let inner = self.track_emit(e, context, "p");
                format!(
                    "{{ let mut p = {p}; loop {{ match {inner} {{ Some(q) if q != p => p = q, _ => break }} }} Some(p) }}"
                )
            }
            OptimizedExpr::RestoreOnErr(e) => self.track_emit(e, context, p),
            // What cannot track was emitted by the recognizer above.
            _ => self.emit(&unoptimize(expr), Mode::Quiet, p),
        }
    }
}

fn flatten_seq<'e>(expr: &'e OptimizedExpr, out: &mut Vec<&'e OptimizedExpr>) {
    match expr {
        OptimizedExpr::Seq(a, b) => {
            flatten_seq(a, out);
            flatten_seq(b, out);
        }
        e => out.push(e),
    }
}

fn flatten_choice<'e>(expr: &'e OptimizedExpr, out: &mut Vec<&'e OptimizedExpr>) {
    match expr {
        OptimizedExpr::Choice(a, b) => {
            flatten_choice(a, out);
            flatten_choice(b, out);
        }
        e => out.push(e),
    }
}
