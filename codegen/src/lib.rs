//! peguri's parser generator: a pest grammar in, plain Rust matching code
//! out.
//!
//! peguri's build script runs it on the crate's grammars (`uri.pest` with
//! `iri.pest` and `rfc6874.pest`, `split.pest`, `rfc6570.pest`), as
//! pest_derive runs pest_generator. It reads a grammar with pest_meta
//! (pest's own front end, so the rules are exactly what pest_derive sees)
//! and writes, for the rules the configuration names:
//!
//! - a **recognizer** (`match_<rule>`, `quiet_<rule>`): one function per
//!   rule with pest's semantics (ordered choice, greedy repetitions that
//!   never give back, `&e` and `!e` lookahead, strings, case-insensitive
//!   strings, character ranges, `SOI`, `EOI`, `ANY` and the ASCII built-in
//!   classes), recording where the configured rules matched exactly where
//!   pest would have made a token for them;
//! - an **error pass** (`fail_<rule>`): the same rules, run again on input
//!   the recognizer rejected, tracking failed rule attempts as pest's
//!   `ParserState` does, from the rules as pest_derive's optimizer leaves
//!   them, so the position and the expected rules are pest's own;
//! - **tables**: the index of each rule in pest's `Rule` enum (`RULE_NAMES`)
//!   and, for configured rules, the ASCII characters each accepts alone
//!   (`CLASS_<name>`), found at build time by interpreting the grammar.
//!
//! Speed comes from merging: an expression that matches exactly one
//! character from a set (ranges, one-character strings, choices of those,
//! rules made of those, `!set ~ ANY`) becomes a 256-entry byte table for
//! its ASCII part and a UTF-8 byte-pattern matcher for the rest, and a
//! repetition of one becomes a tight loop. In a choice, a class alternative
//! is merged into an earlier class alternative when every alternative in
//! between can neither match empty nor start with one of its bytes. A call
//! of a rule that records nothing and whose body is a choice is replaced by
//! its alternatives, so classes merge across rules (`pchar | "/" | "?"` is
//! one table and `pct_encoded`). A choice that cannot match empty first
//! checks the next byte against the bytes its alternatives can start with.
//! `(a ~ b*)*` is matched as `(a ~ (b | a)*)?`, so `("/" ~ segment)*` is one
//! scan over a path rather than one per segment. A run of a class with wide
//! characters scans the lead bytes whose every character is in the class
//! with their continuation bytes in the same loop. Bounded repetitions of
//! one body in several alternatives of a choice are matched once per start
//! (`Runs`). In `(a ~ x)? ~ b`, where `a` is a run of a class and `b`'s
//! last alternative a run of a subset of it (`authority`'s `userinfo` and
//! `reg_name`), a run `a` read and gave back is not read again: `b`'s last
//! alternative ends at the first byte of the difference in it (`find_byte`,
//! eight bytes a step, for a difference of one byte). An alternative that
//! calls a rule which cannot match empty is tried only if the next byte can
//! start it, a test that stays at the call whether or not the rule is
//! inlined. A choice of fixed-width ASCII alternatives that can start with
//! the same byte (`dec_octet`) tests them all on one window and takes the
//! first that matches by conditional moves, not a branch per alternative.
//! A short counted run that needs a match (`HEXDIG{1,4}`) tests its first
//! byte before counting the window.
//!
//! Matching works on the input's bytes, which must be UTF-8 (pest matches
//! a `&str`; every caller passes one's bytes): a position is a `usize`, a
//! match an `Option<usize>` (the end). Nothing is allocated. Recorded spans
//! are two `u32` halves of a `u64`, so the `match_*` functions refuse
//! inputs of 4 GiB or more.
//!
//! The code written is grammar-specific only: the record struct, tables and
//! rule functions, and only those the configured functions reach. What
//! they share (spans, scans, shared repetition runs, the error tracker) is
//! a runtime module of the crate that includes the code (peguri's
//! `src/syntax/runtime.rs`), which the code imports from
//! ([`Config::runtime`]). The code compiles without warnings but for the
//! names it takes from the grammar's rules (`match_URI_reference`, which
//! `non_snake_case` objects to) and clippy's, which the including module
//! allows.
//!
//! Grammars compiled into different modules of one crate can share
//! rules: a grammar read after another's text, taking its rules unchanged
//! (peguri's scheme grammars after `uri.pest`), calls the other module's
//! functions for them instead of compiling its own copies
//! ([`Config::import`]), and the other module's code exports what it
//! calls ([`Config::exports`]). A rule is shared only if it, and every rule
//! it calls, is the same in both grammars and has the same index in
//! pest's `Rule` enum, so the error pass reports the same rules.
//!
//! Anything else (the stack: `PUSH`, `POP`, `PEEK`...; Unicode property
//! classes such as `LETTER`; implicit `WHITESPACE`/`COMMENT`) is an error
//! naming the rule, the construct and how a generated function reaches the
//! rule, so an unsupported grammar fails the build rather than being
//! matched differently. Only the rules the configured functions reach are
//! checked: a rule nothing generated calls may use any construct, and
//! `WHITESPACE` or `COMMENT` may be defined as long as pest would never
//! skip them inside those rules (they are all atomic, or have no sequence
//! or repetition). The message says where the construct can be tried
//! instead: peguri's grammar lab (`peguri tree --grammar FILE`, `peguri
//! grammar diff`, `peguri serve`) runs a grammar with pest_vm, which takes
//! every pest construct.
//!
//! ```
//! let code = peguri_codegen::generate(
//!     r#"digits = @{ ASCII_DIGIT+ } pair = { digits ~ "=" ~ digits ~ EOI }"#,
//!     &peguri_codegen::Config {
//!         record: &[("digits", &["digits"])],
//!         entries: &["pair"],
//!         runtime: "crate::runtime",
//!         ..Default::default()
//!     },
//! )?;
//! assert!(code.contains("pub(crate) fn match_pair(s: &[u8], rec: &mut Rec)"));
//! assert!(code.contains("pub digits: Slot,"));
//! # Ok::<(), String>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod abnf;
mod analysis;
mod class;
mod import;
mod interp;
pub mod invariants;
mod recognizer;
mod shared_scan;
mod snippets;
mod support;
mod tracker;
mod utf8;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use pest_meta::ast::{Expr, Rule as AstRule};
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

use class::{Class, Set};
use import::Imported;
pub use import::{Export, Generated, Import};
use shared_scan::Within;
use snippets::{params, ranges_literal, reachable};

/// What to generate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Config<'a> {
    /// Record fields: a field name and the rules whose matches fill it.
    pub record: &'a [(&'a str, &'a [&'a str])],
    /// Rules that get a `match_<rule>` function (with records), matched
    /// from the start of the input.
    pub entries: &'a [&'a str],
    /// Rules that get a `quiet_<rule>(s, p)` function: no records, any
    /// start position.
    pub quiet: &'a [&'a str],
    /// Rules that get a `fail_<rule>` function: the error pass.
    pub tracked: &'a [&'a str],
    /// Character classes to tabulate: a name, a rule, and a prefix. The
    /// table `CLASS_<name>` holds the ASCII characters `c` for which the
    /// rule matches all of `prefix` followed by `c`.
    pub classes: &'a [(&'a str, &'a str, &'a str)],
    /// Whether to write `Rec::slot`, the record field a rule fills by the
    /// rule's index: what reads pest's parse tree into the same record.
    pub rule_slots: bool,
    /// The path of the runtime module (`src/syntax/runtime.rs` in peguri)
    /// that the code imports what it uses from, such as
    /// `crate::syntax::runtime`. Empty: the code imports nothing, and a
    /// comment at its top names what must be in scope where it is
    /// included.
    pub runtime: &'a str,
    /// A grammar whose code is in another module of the crate and that
    /// this one takes rules from unchanged: the code calls that module's
    /// functions for them instead of compiling its own copies
    /// ([`Generated::imports`] lists which).
    pub import: Option<Import<'a>>,
    /// Functions other grammars' code calls (their [`Generated::imports`]):
    /// generated `pub(crate)`, whether or not this code's own functions
    /// reach them.
    pub exports: &'a [Export],
}

/// The runtime's names that generated code may use.
const RUNTIME: &[&str] = &[
    "Failure",
    "Look",
    "Names",
    "Runs",
    "Slot",
    "Tracker",
    "find_byte",
    "find_in",
    "put",
    "run_upto",
    "scan",
    "table",
];

/// Built-in rules that are byte classes.
pub(crate) fn builtin_class(name: &str) -> Option<Set> {
    let ranges: &[(u8, u8)] = match name {
        "ASCII_DIGIT" => &[(b'0', b'9')],
        "ASCII_NONZERO_DIGIT" => &[(b'1', b'9')],
        "ASCII_BIN_DIGIT" => &[(b'0', b'1')],
        "ASCII_OCT_DIGIT" => &[(b'0', b'7')],
        "ASCII_HEX_DIGIT" => &[(b'0', b'9'), (b'a', b'f'), (b'A', b'F')],
        "ASCII_ALPHA_LOWER" => &[(b'a', b'z')],
        "ASCII_ALPHA_UPPER" => &[(b'A', b'Z')],
        "ASCII_ALPHA" => &[(b'a', b'z'), (b'A', b'Z')],
        "ASCII_ALPHANUMERIC" => &[(b'a', b'z'), (b'A', b'Z'), (b'0', b'9')],
        "ASCII" => &[(0, 0x7f)],
        _ => return None,
    };
    let mut set = [false; 256];
    for &(lo, hi) in ranges {
        for b in lo..=hi {
            set[usize::from(b)] = true;
        }
    }
    Some(set)
}

fn builtin_char_class(name: &str) -> Option<Class> {
    let set = builtin_class(name)?;
    let mut class = Class::empty();
    class.ascii.copy_from_slice(&set[..128]);
    Some(class)
}

/// Built-in rules that are matched by position or as one character.
const POSITIONAL: &[&str] = &["SOI", "EOI", "ANY"];

/// Parses `grammar` with pest_meta and generates the code:
/// [`Grammar::parse`], then [`Grammar::generate`].
///
/// # Errors
///
/// A message naming the rule and the construct when the grammar does not
/// parse, or uses something the generator does not support, or when the
/// configuration names a rule the grammar lacks.
pub fn generate(grammar: &str, config: &Config<'_>) -> Result<String, String> {
    Grammar::parse(grammar)?.generate(config)
}

/// A grammar as pest_derive reads it, parsed once: code can be generated
/// from it with several configurations, and its rules asked about.
///
/// ```
/// let grammar = peguri_codegen::Grammar::parse(
///     "// digit = %x30-39\ndigit = @{ '0'..'9' }\ndigits = @{ digit+ }\n",
/// )?;
/// assert_eq!(grammar.abnf_rules(), [("digit".to_owned(), 2)]);
/// let code = grammar.generate(&peguri_codegen::Config {
///     quiet: &["digits"],
///     runtime: "crate::runtime",
///     ..Default::default()
/// })?;
/// assert!(code.contains("pub(crate) fn quiet_digits(s: &[u8], p: usize)"));
/// # Ok::<(), String>(())
/// ```
#[derive(Debug)]
pub struct Grammar {
    rules: Vec<AstRule>,
    /// The rules after pest_derive's optimizer.
    optimized: Vec<OptimizedRule>,
    /// The rules that carry their ABNF, and the lines they start on.
    abnf: Vec<(String, usize)>,
}

impl Grammar {
    /// Parses and validates `text` as pest_derive does.
    ///
    /// # Errors
    ///
    /// pest_meta's messages when the grammar does not parse or is
    /// invalid (an undefined rule, left recursion...).
    pub fn parse(text: &str) -> Result<Grammar, String> {
        let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, text)
            .map_err(|e| format!("the grammar does not parse:\n{e}"))?;
        if let Err(errors) = pest_meta::validator::validate_pairs(pairs.clone()) {
            return Err(join_errors(&errors));
        }
        let abnf = abnf::abnf_rules(text, pairs.clone());
        let rules =
            pest_meta::parser::consume_rules(pairs).map_err(|errors| join_errors(&errors))?;
        let optimized = pest_meta::optimizer::optimize(rules.clone());
        Ok(Grammar {
            rules,
            optimized,
            abnf,
        })
    }

    /// Generates the code for `config`.
    ///
    /// # Errors
    ///
    /// A message naming the rule and the construct when the grammar uses
    /// something the generator does not support, or when the
    /// configuration names a rule the grammar lacks.
    pub fn generate(&self, config: &Config<'_>) -> Result<String, String> {
        self.compile(config).map(|generated| generated.code)
    }

    /// Generates the code for `config`, and says which functions of the
    /// imported grammar ([`Config::import`]) it calls.
    ///
    /// # Errors
    ///
    /// As [`generate`](Self::generate); also when `config.exports` names
    /// a rule the grammar lacks.
    pub fn compile(&self, config: &Config<'_>) -> Result<Generated, String> {
        Generator::new(&self.rules, &self.optimized, config)?.run(config)
    }

    /// The rules that carry their ABNF, in the order the grammar defines
    /// them, each with the line (from 1) its definition starts on: a rule
    /// whose comment block (the `//` and `///` lines right above it) has
    /// a line `// NAME = ...`, where `NAME` is the rule's name with `-`
    /// for `_` (any spaces may come before the `=`). A grammar transcribed
    /// from an RFC carries each rule's ABNF so (peguri's `uri.pest`).
    pub fn abnf_rules(&self) -> &[(String, usize)] {
        &self.abnf
    }
}

fn join_errors<E: std::fmt::Display>(errors: &[E]) -> String {
    let mut out = String::from("the grammar is invalid:");
    for e in errors {
        let _ = write!(out, "\n{e}");
    }
    out
}

/// Where an expression is matched, as far as tokens go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Mode {
    /// Tokens are produced (non-atomic or compound-atomic context).
    Tokens,
    /// Inside an atomic rule: no tokens, except under a `$` or `!` rule.
    Atomic,
    /// Inside a lookahead, or where nothing is recorded: never any tokens.
    Quiet,
}

/// One alternative of a choice: a merged class, or another expression with
/// the mode it is matched in.
pub(crate) enum Group {
    Class(Class, String),
    Other(Expr, Mode),
}

pub(crate) struct Generator<'g> {
    rules: BTreeMap<&'g str, &'g AstRule>,
    /// The rules after pest_derive's optimizer, for the error pass.
    optimized: BTreeMap<&'g str, &'g OptimizedRule>,
    /// Rule name to record field.
    field_of: BTreeMap<String, String>,
    /// Record fields, in configuration order.
    fields: Vec<String>,
    /// Each rule's index in pest's `Rule` enum.
    ids: BTreeMap<&'g str, u16>,
    /// Rule names by index (`EOI` first when the grammar uses it).
    names: Vec<String>,
    /// First bytes and nullability of each rule (over-approximations).
    first: BTreeMap<&'g str, (Set, bool)>,
    /// Whether calling a rule in an atomic (`true`) or non-atomic context
    /// can reach a tracked rule call.
    tracking: BTreeMap<(&'g str, bool), bool>,
    /// Byte tables emitted so far: the set, its name and where it came from.
    tables: Vec<(Set, String, String)>,
    /// Wide-character matchers emitted so far: the class and its name.
    wides: Vec<(Class, String)>,
    /// Generated functions by name, and the queues of those to generate.
    funcs: BTreeMap<String, String>,
    queue: Vec<(String, &'g str, Mode)>,
    /// Rules to emit with their last alternative found in a run already
    /// read (see `shared_scan`).
    within_queue: Vec<(String, &'g str, Mode, Within)>,
    track_queue: Vec<(String, &'g str, tracker::Context)>,
    labels: usize,
    /// The shared runs of the choices being emitted, innermost last: a
    /// bounded repetition's body, and the name of its run.
    runs: Vec<(Expr, String)>,
    /// The rules taken from another grammar's module, if any.
    import: Option<Imported>,
    /// The functions of that module the code calls.
    imports: BTreeSet<Export>,
    /// The functions other grammars' code calls: `pub(crate)`.
    exported: BTreeSet<String>,
}

impl<'g> Generator<'g> {
    fn new(
        rules: &'g [AstRule],
        optimized: &'g [OptimizedRule],
        config: &Config<'_>,
    ) -> Result<Self, String> {
        let mut map = BTreeMap::new();
        for rule in rules {
            map.insert(rule.name.as_str(), rule);
        }
        let named = config
            .record
            .iter()
            .flat_map(|(_, rules)| rules.iter())
            .chain(config.entries)
            .chain(config.quiet)
            .chain(config.tracked)
            .chain(config.classes.iter().map(|(_, rule, _)| rule));
        for name in named {
            if !map.contains_key(name) {
                return Err(format!(
                    "rule `{name}` is named in the generator configuration but the grammar has no such rule"
                ));
            }
        }
        let roots: Vec<&str> = config
            .entries
            .iter()
            .chain(config.quiet)
            .chain(config.tracked)
            .chain(config.classes.iter().map(|(_, rule, _)| rule))
            .copied()
            .collect();
        support::check(&map, &roots)?;
        let mut field_of = BTreeMap::new();
        for (field, rules) in config.record {
            for rule in *rules {
                field_of.insert((*rule).to_owned(), (*field).to_owned());
            }
        }
        import::check_exports(&map, config)?;
        let (names, ids) = import::rule_ids(rules);
        let import = config
            .import
            .as_ref()
            .map(|import| import::imported(rules, optimized, &ids, import));
        let mut generator = Generator {
            rules: map,
            optimized: optimized.iter().map(|r| (r.name.as_str(), r)).collect(),
            field_of,
            fields: config.record.iter().map(|(f, _)| (*f).to_owned()).collect(),
            ids,
            names,
            first: BTreeMap::new(),
            tracking: BTreeMap::new(),
            tables: Vec::new(),
            wides: Vec::new(),
            funcs: BTreeMap::new(),
            queue: Vec::new(),
            within_queue: Vec::new(),
            track_queue: Vec::new(),
            labels: 0,
            runs: Vec::new(),
            import,
            imports: BTreeSet::new(),
            exported: config.exports.iter().map(Export::function).collect(),
        };
        generator.compute_first();
        generator.compute_tracking();
        Ok(generator)
    }

    fn run(mut self, config: &Config<'_>) -> Result<Generated, String> {
        let mut public = String::new();
        for entry in config.entries {
            let call = self.call(entry, Mode::Tokens, "0");
            // An entry that reaches no recorded rule leaves `rec` alone.
            let params = params(&call, &["s: &[u8]", "rec: &mut Rec"]);
            let _ = write!(
                public,
                "\n/// Matches `{entry}` at the start of `s`: the end of the match, with the\n\
                 /// records in `rec` (which should start as `Rec::default()`).\n\
                 #[inline]\n\
                 pub(crate) fn match_{entry}({params}) -> Option<usize> {{\n    \
                 if s.len() >= u32::MAX as usize {{\n        return None;\n    }}\n    \
                 {call}\n}}\n"
            );
        }
        for rule in config.quiet {
            let call = self.call(rule, Mode::Quiet, "p");
            let _ = write!(
                public,
                "\n/// Matches `{rule}` at `p`: the end of the match.\n\
                 #[inline]\n\
                 pub(crate) fn quiet_{rule}(s: &[u8], p: usize) -> Option<usize> {{\n    \
                 {call}\n}}\n"
            );
        }
        for rule in config.tracked {
            let call = self.track_call(rule, tracker::Context::TOP, "0");
            let _ = write!(
                public,
                "\n/// The error pass for `{rule}` at the start of `s`: pest's failure, or\n\
                 /// `None` if `{rule}` matches.\n\
                 #[cold]\n\
                 pub(crate) fn fail_{rule}(s: &[u8]) -> Option<Failure<RULE_WORDS>> {{\n    \
                 let tr = &mut Tracker::default();\n    \
                 match {call} {{\n        Some(_) => None,\n        None => Some(tr.failure()),\n    }}\n}}\n"
            );
        }
        // What other grammars' code calls: roots as the public functions
        // are.
        let mut roots = String::new();
        for export in config.exports {
            let name = export.function();
            let rule = self.rules[export.rule()].name.as_str();
            match export.context() {
                None => self.queue.push((name.clone(), rule, Mode::Quiet)),
                Some(context) => self.track_queue.push((name.clone(), rule, context)),
            }
            let _ = writeln!(roots, "{name}");
        }
        self.drain_queues();

        let mut items = String::new();
        if !config.entries.is_empty() {
            self.emit_records(&mut items, config);
        }
        if !config.tracked.is_empty() {
            self.emit_rule_names(&mut items)?;
        }
        self.emit_classes(&mut items, config);
        items.push_str(&public);

        // Only what the public functions reach: matching code is written
        // for a rule before it is known whether the caller keeps it (a
        // sequence of single bytes turns out not to be one, a repetition
        // is matched another way), and what it alone used is left out.
        let mut defined: BTreeMap<&str, String> = BTreeMap::new();
        for (set, name, origin) in &self.tables {
            let code = format!(
                "\n/// {origin}\nstatic {name}: [bool; 256] = table(&[{}]);\n",
                ranges_literal(set)
            );
            defined.insert(name, code);
        }
        for (class, name) in &self.wides {
            let code = format!(
                "\n/// One character of {}.\n#[inline]\nfn {name}(s: &[u8], p: usize) -> Option<usize> {{\n{}\n}}\n",
                class.describe(),
                class::wide_matcher(class)
            );
            defined.insert(name, code);
        }
        for (name, code) in &self.funcs {
            defined.insert(name, code.clone());
        }
        let used = reachable(&format!("{items}\n{roots}"), &defined);

        let mut out =
            String::from("// @generated by peguri-codegen from a pest grammar. Do not edit.\n");
        let runtime: Vec<&str> = RUNTIME
            .iter()
            .copied()
            .filter(|name| used.contains(*name))
            .collect();
        match (config.runtime, runtime.as_slice()) {
            (_, []) => {}
            ("", names) => {
                let _ = writeln!(
                    out,
                    "// The runtime's `{}` must be in scope where this is included.",
                    names.join("`, `")
                );
            }
            (path, [name]) => {
                let _ = writeln!(out, "use {path}::{name};");
            }
            (path, names) => {
                let _ = writeln!(out, "use {path}::{{{}}};", names.join(", "));
            }
        }
        out.push_str(&items);
        // Tables and wide matchers in the order they were made, then the
        // rule functions by name.
        for (_, name, _) in &self.tables {
            if used.contains(name.as_str()) {
                out.push_str(&defined[name.as_str()]);
            }
        }
        for (_, name) in &self.wides {
            if used.contains(name.as_str()) {
                out.push_str(&defined[name.as_str()]);
            }
        }
        for name in self.funcs.keys() {
            if used.contains(name.as_str()) {
                out.push_str(&defined[name.as_str()]);
            }
        }
        Ok(Generated {
            code: out,
            imports: self.imports.into_iter().collect(),
        })
    }

    /// The module holding rule `name`'s code, if it is taken from another
    /// grammar's (see [`Import`]).
    pub(crate) fn imported_from(&self, name: &str) -> Option<String> {
        let import = self.import.as_ref()?;
        import.shared.contains(name).then(|| import.module.clone())
    }

    /// How function `fname` is declared: `pub(crate) fn` when other
    /// grammars' code calls it.
    pub(crate) fn declare(&self, fname: &str) -> &'static str {
        if self.exported.contains(fname) {
            "pub(crate) fn"
        } else {
            "fn"
        }
    }

    fn drain_queues(&mut self) {
        loop {
            if let Some((name, rule, mode)) = self.queue.pop() {
                if self.funcs.contains_key(&name) {
                    continue;
                }
                // Reserve the name first: a recursive rule calls itself.
                self.funcs.insert(name.clone(), String::new());
                let code = self.function(&name, rule, mode);
                self.funcs.insert(name, code);
            } else if let Some((name, rule, mode, within)) = self.within_queue.pop() {
                if self.funcs.contains_key(&name) {
                    continue;
                }
                self.funcs.insert(name.clone(), String::new());
                let code = self.within_function(&name, rule, mode, &within);
                self.funcs.insert(name, code);
            } else if let Some((name, rule, context)) = self.track_queue.pop() {
                if self.funcs.contains_key(&name) {
                    continue;
                }
                self.funcs.insert(name.clone(), String::new());
                let code = self.track_function(&name, rule, context);
                self.funcs.insert(name, code);
            } else {
                break;
            }
        }
    }

    fn emit_records(&self, out: &mut String, config: &Config<'_>) {
        out.push_str(
            "\n/// Where the recorded rules matched: each one's first match, extended by\n\
             /// matches that continue it.\n\
             #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
             pub(crate) struct Rec {\n",
        );
        for name in &self.fields {
            let _ = writeln!(out, "    pub {name}: Slot,");
        }
        out.push_str("}\n\nimpl Default for Rec {\n    fn default() -> Self {\n        Rec {");
        for name in &self.fields {
            let _ = write!(out, " {name}: Slot::NONE,");
        }
        out.push_str(" }\n    }\n}\n");
        if config.rule_slots {
            out.push_str(
                "\nimpl Rec {\n    \
                 /// The field that a match of the rule with index `rule` (in pest's\n    \
                 /// `Rule` enum) fills, if it is recorded.\n    \
                 pub(crate) fn slot(&mut self, rule: u16) -> Option<&mut Slot> {\n        \
                 match rule {\n",
            );
            for field in &self.fields {
                let ids: Vec<String> = self
                    .field_of
                    .iter()
                    .filter(|(_, f)| *f == field)
                    .map(|(rule, _)| self.ids[rule.as_str()].to_string())
                    .collect();
                let _ = writeln!(
                    out,
                    "            {} => Some(&mut self.{field}),",
                    ids.join(" | ")
                );
            }
            out.push_str("            _ => None,\n        }\n    }\n}\n");
        }
    }

    fn emit_rule_names(&self, out: &mut String) -> Result<(), String> {
        let words = self.names.len().div_ceil(64).max(1);
        let _ = write!(
            out,
            "\n/// Words in a rule set: one bit per rule of the grammar.\n\
             pub(crate) const RULE_WORDS: usize = {words};\n"
        );
        if let Some(import) = &self.import {
            // The names the imported grammar's table already holds, at the
            // same indices, are read from it.
            let shared = import.shared_names;
            let module = &import.module;
            for (table, what) in [("RULE_NAMES", "names"), ("RULE_LABELS", "labels")] {
                let mut own = String::new();
                let mut ends = Vec::new();
                for name in &self.names[shared..] {
                    if what == "labels" {
                        own.push_str(&name.replace('_', "-"));
                    } else {
                        own.push_str(name);
                    }
                    ends.push(own.len().to_string());
                }
                if u16::try_from(own.len()).is_err() {
                    return Err(format!(
                        "the grammar's own rule {what} take {} bytes; the table holds at most 65535",
                        own.len()
                    ));
                }
                let _ = write!(
                    out,
                    "\n/// The grammar's rule {what} by their index in pest's `Rule` enum: the first\n\
                     /// {shared} are those of `{module}`, read from its table.\n\
                     pub(crate) static {table}: Names = Names {{ imported: &{module}::{table}, shared: {shared}, own: {own:?}, ends: &[{}] }};\n",
                    ends.join(", ")
                );
            }
            return Ok(());
        }
        let _ = write!(
            out,
            "\n/// The grammar's rules by their index in pest's `Rule` enum.\n\
             pub(crate) static RULE_NAMES: [&str; {}] = [",
            self.names.len()
        );
        for name in &self.names {
            let _ = write!(out, "\"{name}\", ");
        }
        let _ = write!(
            out,
            "];\n\n/// The same names with `-` for `_`, as the RFCs spell them.\n\
             pub(crate) static RULE_LABELS: [&str; {}] = [",
            self.names.len()
        );
        for name in &self.names {
            let _ = write!(out, "\"{}\", ", name.replace('_', "-"));
        }
        out.push_str("];\n");
        Ok(())
    }

    fn emit_classes(&self, out: &mut String, config: &Config<'_>) {
        let interpreter = interp::Interpreter::new(&self.rules);
        for (name, rule, prefix) in config.classes {
            let mut members = Vec::new();
            for byte in 0u8..128 {
                let input = format!("{prefix}{}", char::from(byte));
                members.push(interpreter.matches_whole(rule, &input).to_string());
            }
            let _ = write!(
                out,
                "\n/// The ASCII characters `c` for which `{rule}` matches all of {prefix:?} then `c`\n\
                 /// (found at build time by interpreting the grammar).\n\
                 pub(crate) static CLASS_{name}: [bool; 128] = [{}];\n",
                members.join(", ")
            );
        }
    }

    fn label(&mut self) -> usize {
        self.labels += 1;
        self.labels
    }

    /// The name of a byte table for `set`, emitting it if new.
    fn table(&mut self, set: &Set, origin: &str) -> String {
        if let Some((_, name, _)) = self.tables.iter().find(|(s, _, _)| s == set) {
            return name.clone();
        }
        let name = format!("T{}", self.tables.len());
        self.tables.push((*set, name.clone(), origin.to_owned()));
        name
    }

    /// The name of the wide-character matcher for `class`, emitting it if
    /// new.
    fn wide(&mut self, class: &Class) -> String {
        let mut wide_only = class.clone();
        wide_only.ascii = [false; 128];
        if let Some((_, name)) = self.wides.iter().find(|(c, _)| *c == wide_only) {
            return name.clone();
        }
        let name = format!("w{}", self.wides.len());
        self.wides.push((wide_only, name.clone()));
        name
    }
}

/// Whether `expr` names `ident`.
fn mentions(expr: &Expr, ident: &str) -> bool {
    match expr {
        Expr::Ident(name) => name == ident,
        Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _)
        | Expr::Push(e) => mentions(e, ident),
        Expr::Seq(a, b) | Expr::Choice(a, b) => mentions(a, ident) || mentions(b, ident),
        _ => false,
    }
}

/// The one character of a range bound, as pest_meta leaves it unescaped.
pub(crate) fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

fn union(a: &Set, b: &Set) -> Set {
    let mut out = *a;
    for (o, &x) in out.iter_mut().zip(b.iter()) {
        *o |= x;
    }
    out
}

fn intersects(a: &Set, b: &Set) -> bool {
    a.iter().zip(b.iter()).any(|(&x, &y)| x && y)
}

fn flatten_seq<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    match expr {
        Expr::Seq(a, b) => {
            flatten_seq(a, out);
            flatten_seq(b, out);
        }
        e => out.push(e),
    }
}

/// A short pest-syntax rendering of an expression, for comments.
fn describe(expr: &Expr) -> String {
    match expr {
        Expr::Str(s) => format!("{s:?}"),
        Expr::Insens(s) => format!("^{s:?}"),
        Expr::Range(a, b) => format!("{a:?}..{b:?}"),
        Expr::Ident(n) => n.clone(),
        Expr::Choice(a, b) => format!("{} | {}", describe(a), describe(b)),
        _ => "(expression)".to_owned(),
    }
}

/// An optimized expression as an ordinary one, for the recognizer: the
/// optimizer's rewrites keep what an expression matches.
fn unoptimize(expr: &OptimizedExpr) -> Expr {
    let b = |e: &OptimizedExpr| Box::new(unoptimize(e));
    match expr {
        OptimizedExpr::Str(s) => Expr::Str(s.clone()),
        OptimizedExpr::Insens(s) => Expr::Insens(s.clone()),
        OptimizedExpr::Range(lo, hi) => Expr::Range(lo.clone(), hi.clone()),
        OptimizedExpr::Ident(name) => Expr::Ident(name.clone()),
        OptimizedExpr::PeekSlice(a, z) => Expr::PeekSlice(*a, *z),
        OptimizedExpr::PosPred(e) => Expr::PosPred(b(e)),
        OptimizedExpr::NegPred(e) => Expr::NegPred(b(e)),
        OptimizedExpr::Seq(x, y) => Expr::Seq(b(x), b(y)),
        OptimizedExpr::Choice(x, y) => Expr::Choice(b(x), b(y)),
        OptimizedExpr::Opt(e) => Expr::Opt(b(e)),
        OptimizedExpr::Rep(e) => Expr::Rep(b(e)),
        OptimizedExpr::Skip(strings) => {
            let stop = strings
                .iter()
                .map(|s| Expr::Str(s.clone()))
                .reduce(|a, b| Expr::Choice(Box::new(a), Box::new(b)))
                .unwrap_or_else(|| Expr::Str(String::new()));
            Expr::Rep(Box::new(Expr::Seq(
                Box::new(Expr::NegPred(Box::new(stop))),
                Box::new(Expr::Ident("ANY".to_owned())),
            )))
        }
        OptimizedExpr::Push(e) => Expr::Push(b(e)),
        OptimizedExpr::RestoreOnErr(e) => unoptimize(e),
        // The variants of pest_meta's `grammar-extras` (see
        // `support::check`, which refuses them first).
        #[allow(unreachable_patterns)]
        _ => Expr::Ident("__unsupported".to_owned()),
    }
}
