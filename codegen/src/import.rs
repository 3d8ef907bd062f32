//! Rules shared between grammars compiled into different modules of one
//! crate: a grammar that takes rules unchanged from another (a scheme's
//! grammar read with `uri.pest`) calls the other grammar's compiled
//! functions for them instead of compiling its own copies.
//!
//! A rule is shared when both grammars define it identically (as written
//! and as pest_derive's optimizer leaves it), it has the same index in
//! both grammars' `Rule` enums (so the error pass tracks the same rule
//! ids whichever module runs it), and every rule it calls is shared too.
//! The importing code calls the provider's recognizer (`r_<rule>`) where
//! the rule records nothing into the importer's record, and the
//! provider's error-pass function (`t_<rule>__<context>`) in the contexts
//! it needs; it reports which ([`Generated::imports`]), and the
//! provider's code is generated with those as [`Config::exports`]
//! (`pub(crate)`, generated whether or not its own entries reach them).

use std::collections::{BTreeMap, BTreeSet};

use pest_meta::ast::{Expr, Rule as AstRule};
use pest_meta::optimizer::OptimizedRule;

use super::tracker::Context;
use super::{Config, Grammar, builtin_class, mentions};

/// Rules a grammar takes unchanged from another grammar whose code is in
/// another module of the same crate (see [`Config::import`]). The names of
/// the rules both grammars have at the same indices of pest's `Rule` enum
/// are read from the other code's tables (`RULE_NAMES` and `RULE_LABELS`,
/// which code that tracks rules has): the importing code's tables are the
/// runtime's `Names`, which hold only the rest.
///
/// ```
/// use peguri_codegen::{Config, Grammar, Import};
///
/// // The importer is read as the provider's text, then its own rules
/// // (as peguri's build script reads `uri.pest` before a scheme's grammar).
/// let base = "digits = @{ ASCII_DIGIT+ } pair = { digits ~ \",\" ~ digits } one = { pair ~ EOI }";
/// let scheme = Grammar::parse(&format!("{base} top = {{ pair ~ \";\" ~ pair ~ EOI }}"))?;
/// let base = Grammar::parse(base)?;
/// let import = Import { grammar: &base, module: "crate::base" };
/// let scheme_code = scheme.compile(&Config {
///     entries: &["top"],
///     import: Some(import),
///     runtime: "crate::runtime",
///     ..Default::default()
/// })?;
/// assert!(scheme_code.code.contains("crate::base::r_pair(s, "));
/// assert!(!scheme_code.code.contains("fn r_pair("));
/// let base_code = base.compile(&Config {
///     exports: &scheme_code.imports,
///     runtime: "crate::runtime",
///     ..Default::default()
/// })?;
/// assert!(base_code.code.contains("pub(crate) fn r_pair("));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Import<'a> {
    /// The grammar the rules come from, as its own module compiles it.
    pub grammar: &'a Grammar,
    /// The path of that module, as the importing code names it:
    /// `crate::syntax::compiled::uri`.
    pub module: &'a str,
}

/// A function of one grammar's code that another grammar's code calls
/// (see [`Import`]): a rule's recognizer, or its error pass in one
/// context.
///
/// ```
/// use peguri_codegen::{Config, Grammar, Import};
///
/// let base = "word = @{ ASCII_ALPHA+ } words = { word ~ (\" \" ~ word)* } one = { words ~ EOI }";
/// let scheme = Grammar::parse(&format!("{base} top = {{ words ~ EOI }}"))?;
/// let base = Grammar::parse(base)?;
/// let code = scheme.compile(&Config {
///     entries: &["top"],
///     tracked: &["top"],
///     import: Some(Import { grammar: &base, module: "crate::base" }),
///     runtime: "crate::runtime",
///     ..Default::default()
/// })?;
/// let functions: Vec<String> = code.imports.iter().map(|e| e.function()).collect();
/// assert_eq!(functions, ["r_words", "t_words__nn"]);
/// assert!(code.imports.iter().all(|e| e.rule() == "words"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Export {
    rule: String,
    /// `None`: the recognizer, which records nothing; otherwise the error
    /// pass called in that context.
    context: Option<Context>,
}

impl Export {
    pub(crate) fn recognizer(rule: &str) -> Export {
        Export {
            rule: rule.to_owned(),
            context: None,
        }
    }

    pub(crate) fn error_pass(rule: &str, context: Context) -> Export {
        Export {
            rule: rule.to_owned(),
            context: Some(context),
        }
    }

    /// The rule.
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// The name of the function in the generated code: `r_<rule>` for
    /// the recognizer, `t_<rule>__<context>` for an error pass.
    pub fn function(&self) -> String {
        match self.context {
            None => format!("r_{}", self.rule),
            Some(context) => format!("t_{}__{}", self.rule, context.suffix()),
        }
    }

    pub(crate) fn context(&self) -> Option<Context> {
        self.context
    }
}

/// The code generated for a configuration, and the functions of the
/// imported grammar ([`Config::import`]) it calls, which that grammar's
/// code must export ([`Config::exports`]).
#[derive(Clone, Debug)]
pub struct Generated {
    /// The Rust code.
    pub code: String,
    /// The imported functions the code calls, sorted.
    pub imports: Vec<Export>,
}

/// What the generator knows of an import: where the provider's code is,
/// and which rules it shares.
pub(crate) struct Imported {
    pub(crate) module: String,
    pub(crate) shared: BTreeSet<String>,
    /// How many of the first rule names (in pest's `Rule` enum) are the
    /// same in both grammars: the importing code reads those from the
    /// provider's tables.
    pub(crate) shared_names: usize,
}

/// Each rule's index in pest_derive's `Rule` enum: `EOI` first if the
/// grammar uses it, then every rule in grammar order.
pub(crate) fn rule_ids(rules: &[AstRule]) -> (Vec<String>, BTreeMap<&str, u16>) {
    let uses_eoi = rules.iter().any(|r| mentions(&r.expr, "EOI"));
    let mut names = Vec::new();
    if uses_eoi {
        names.push("EOI".to_owned());
    }
    let mut ids = BTreeMap::new();
    for rule in rules {
        ids.insert(
            rule.name.as_str(),
            u16::try_from(names.len()).unwrap_or(u16::MAX),
        );
        names.push(rule.name.clone());
    }
    (names, ids)
}

/// The rules of `rules` that `import` shares with them (see the module
/// documentation).
pub(crate) fn imported(
    rules: &[AstRule],
    optimized: &[OptimizedRule],
    ids: &BTreeMap<&str, u16>,
    import: &Import<'_>,
) -> Imported {
    let provider = import.grammar;
    let (provider_names, provider_ids) = rule_ids(&provider.rules);
    let (names, _) = rule_ids(rules);
    let shared_names = names
        .iter()
        .zip(&provider_names)
        .take_while(|(ours, theirs)| ours == theirs)
        .count();
    let theirs: BTreeMap<&str, &AstRule> = provider
        .rules
        .iter()
        .map(|r| (r.name.as_str(), r))
        .collect();
    let theirs_optimized: BTreeMap<&str, &OptimizedRule> = provider
        .optimized
        .iter()
        .map(|r| (r.name.as_str(), r))
        .collect();
    let ours_optimized: BTreeMap<&str, &OptimizedRule> =
        optimized.iter().map(|r| (r.name.as_str(), r)).collect();
    let mut shared: BTreeSet<String> = rules
        .iter()
        .filter(|rule| {
            let name = rule.name.as_str();
            theirs.get(name) == Some(rule)
                && theirs_optimized.contains_key(name)
                && theirs_optimized.get(name) == ours_optimized.get(name)
                && provider_ids.get(name) == ids.get(name)
        })
        .map(|rule| rule.name.clone())
        .collect();
    // A rule is shared only if every rule it calls is.
    let calls: BTreeMap<&str, BTreeSet<&str>> = rules
        .iter()
        .map(|rule| {
            let mut names = BTreeSet::new();
            called(&rule.expr, &mut names);
            (rule.name.as_str(), names)
        })
        .collect();
    loop {
        let unshared: Vec<String> = shared
            .iter()
            .filter(|name| {
                calls.get(name.as_str()).is_some_and(|callees| {
                    callees
                        .iter()
                        .any(|callee| ids.contains_key(callee) && !shared.contains(*callee))
                })
            })
            .cloned()
            .collect();
        if unshared.is_empty() {
            break;
        }
        for name in unshared {
            shared.remove(&name);
        }
    }
    Imported {
        module: import.module.to_owned(),
        shared,
        shared_names,
    }
}

/// The rules (not built-ins) that `expr` names.
fn called<'e>(expr: &'e Expr, out: &mut BTreeSet<&'e str>) {
    match expr {
        Expr::Ident(name) if builtin_class(name).is_none() => {
            out.insert(name.as_str());
        }
        Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _)
        | Expr::Push(e) => called(e, out),
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            called(a, out);
            called(b, out);
        }
        _ => {}
    }
}

/// Checks that `config.exports` names rules of the grammar.
pub(crate) fn check_exports(
    rules: &BTreeMap<&str, &AstRule>,
    config: &Config<'_>,
) -> Result<(), String> {
    for export in config.exports {
        if !rules.contains_key(export.rule()) {
            return Err(format!(
                "rule `{}` is exported in the generator configuration but the grammar has no such rule",
                export.rule()
            ));
        }
    }
    Ok(())
}
