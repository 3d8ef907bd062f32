//! The rules a grammar transcribes from an RFC's ABNF: each carries its
//! ABNF as a comment above it (`// hier-part = "//" authority ...`), under
//! the RFC's name with `-` for the `_` of the pest name.

use pest::iterators::Pairs;
use pest_meta::parser::Rule;

/// The rules that carry their ABNF (see `Grammar::abnf_rules`), from
/// the grammar's text and pest_meta's pairs of it.
pub(crate) fn abnf_rules(text: &str, pairs: Pairs<'_, Rule>) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    // The line of the last definition and where it starts: the pairs come
    // in order, so each line number is counted on from the one before.
    let (mut line, mut at) = (1, 0);
    for pair in pairs {
        if pair.as_rule() != Rule::grammar_rule {
            continue;
        }
        let start = pair.as_span().start();
        line += text.as_bytes()[at..start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        at = start;
        let Some(name) = pair.into_inner().find(|p| p.as_rule() == Rule::identifier) else {
            // A `///` line alone.
            continue;
        };
        let abnf_name = name.as_str().replace('_', "-");
        // The lines above the definition, nearest first, while they are
        // comments.
        let mut above = lines[..line - 1]
            .iter()
            .rev()
            .take_while(|l| l.trim_start().starts_with("//"));
        if above.any(|l| defines(l, &abnf_name)) {
            out.push((name.as_str().to_owned(), line));
        }
    }
    out
}

/// Whether the comment line is the first line of the ABNF of `name`.
fn defines(line: &str, name: &str) -> bool {
    line.trim_start()
        .strip_prefix("// ")
        .and_then(|rest| rest.strip_prefix(name))
        .is_some_and(|rest| rest.trim_start().starts_with('='))
}

#[cfg(test)]
mod tests {
    use crate::Grammar;

    fn abnf_rules(text: &str) -> Result<Vec<String>, String> {
        let grammar = Grammar::parse(text)?;
        Ok(grammar
            .abnf_rules()
            .iter()
            .map(|(name, _)| name.clone())
            .collect())
    }

    #[test]
    fn rules_under_their_abnf_in_grammar_order() {
        let grammar = "\
// b-rule = \"x\" / a
//        / \"y\"
/// Docs may sit between.
b_rule = { \"x\" | a | \"y\" }

// Not ABNF: a = b.
helper = { \"z\" }

// a = \"a\"
a = @{ \"a\" }

// c = \"c\"

c = { \"c\" }
c_entry = { SOI ~ c ~ EOI }
";
        assert_eq!(abnf_rules(grammar).unwrap(), ["b_rule", "a"]);
    }

    #[test]
    fn names_must_match_whole() {
        // `ab` is not the ABNF of `a`, nor `// a =` that of `ab`.
        let grammar = "// ab = \"x\"\na = { \"x\" }\n// a = \"x\"\nab = { \"x\" }\n";
        assert_eq!(abnf_rules(grammar).unwrap(), Vec::<String>::new());
    }

    #[test]
    fn a_grammar_that_does_not_parse_is_an_error() {
        let err = abnf_rules("a = { ").unwrap_err();
        assert!(err.contains("does not parse"), "{err}");
    }
}
