//! `uri.pest` as a tested artefact: every Appendix A rule is there under its
//! ABNF, every rule pins what it accepts and where it fails, and every place
//! where PEG's ordered, greedy choice differs from ABNF's unordered one has a
//! named test.

use crate::common;

use peguri::grammar::{self, GRAMMAR, Rule, parse_rule};
use peguri::{Host, Uri, UriRef};

/// RFC 3986 Appendix A, by the RFC's own names, plus the RFC 5234 core
/// rules it uses.
const RFC_RULES: [&str; 39] = [
    "URI",
    "hier-part",
    "URI-reference",
    "absolute-URI",
    "relative-ref",
    "relative-part",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "IP-literal",
    "IPvFuture",
    "IPv6address",
    "h16",
    "ls32",
    "IPv4address",
    "dec-octet",
    "reg-name",
    "path",
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path-empty",
    "segment",
    "segment-nz",
    "segment-nz-nc",
    "pchar",
    "query",
    "fragment",
    "pct-encoded",
    "unreserved",
    "reserved",
    "gen-delims",
    "sub-delims",
    "ALPHA",
    "DIGIT",
    "HEXDIG",
];

/// The line numbers and text of `uri.pest`.
fn grammar_lines() -> Vec<&'static str> {
    GRAMMAR.lines().collect()
}

#[test]
fn stock_grammar_every_appendix_a_rule_is_in_uri_pest_under_its_abnf() {
    let lines = grammar_lines();
    for rfc_name in RFC_RULES {
        let pest_name = rfc_name.replace('-', "_");
        let definition = format!("{pest_name} = ");
        let at = lines
            .iter()
            .position(|l| l.starts_with(&definition))
            .unwrap_or_else(|| panic!("uri.pest lacks the rule {pest_name} ({rfc_name})"));
        // The comment block right above the rule (doc lines `///` may sit
        // between) must start with the ABNF definition.
        let comments: Vec<&str> = lines[..at]
            .iter()
            .rev()
            .take_while(|l| l.starts_with("//"))
            .copied()
            .collect();
        let abnf = format!("// {rfc_name} = ");
        assert!(
            comments.iter().any(|l| l.starts_with(&abnf)),
            "rule {pest_name} is not preceded by its ABNF comment `{abnf}...`"
        );
        assert!(
            grammar::entry_rule(&pest_name).is_some(),
            "rule {pest_name} has no anchored entry rule"
        );
        assert!(grammar::APPENDIX_A_RULES.contains(&pest_name.as_str()));
    }
    assert_eq!(grammar::APPENDIX_A_RULES.len(), RFC_RULES.len());
}

#[test]
fn stock_grammar_rule_list_matches_the_shared_appendix_a() {
    let Some(path) = common::shared_file("spec/rfc3986-appendix-a.abnf") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let defined: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(';') && !l.starts_with(' '))
        .filter_map(|l| l.split_once(" = ").or_else(|| l.split_once("="))) // "name   = ..."
        .map(|(name, _)| name.trim())
        .filter(|name| !name.is_empty())
        .collect();
    assert_eq!(
        defined.len(),
        36,
        "Appendix A defines 36 rules: {defined:?}"
    );
    for name in defined {
        assert!(RFC_RULES.contains(&name), "{name} missing from RFC_RULES");
    }
}

#[test]
fn stock_grammar_no_implicit_whitespace_rule() {
    assert!(!GRAMMAR.lines().any(|l| l.starts_with("WHITESPACE")));
    assert!(!GRAMMAR.lines().any(|l| l.starts_with("COMMENT")));
    assert!(UriRef::parse("http://h/ a").is_err());
    assert!(UriRef::parse(" http://h/").is_err());
}

/// Accepts: `rule` matches each input in full.
fn accepts(rule: &str, inputs: &[&str]) {
    for input in inputs {
        if let Err(e) = parse_rule(rule, input) {
            panic!("{rule} should accept {input:?}:\n{e}");
        }
    }
}

/// Rejects: `rule` fails on `input`, at byte `offset`.
#[track_caller]
fn rejects_at(rule: &str, input: &str, offset: usize) {
    match parse_rule(rule, input) {
        Ok(_) => panic!("{rule} should reject {input:?}"),
        Err(e) => assert_eq!(e.offset(), offset, "{rule} on {input:?}: {e}"),
    }
}

// --- One test per PEG pitfall (listed in docs/grammar.md, "Grammar notes"). ---

#[test]
fn stock_grammar_pitfall_dec_octet_longest_alternative_first() {
    accepts(
        "dec-octet",
        &[
            "0", "9", "10", "99", "100", "199", "200", "249", "250", "255",
        ],
    );
    rejects_at("dec-octet", "256", 2);
    rejects_at("dec-octet", "01", 1);
    rejects_at("dec-octet", "1000", 3);
    accepts(
        "IPv4address",
        &["0.0.0.0", "255.255.255.255", "192.168.10.249"],
    );
    let uri = UriRef::parse("http://192.168.0.255/").unwrap();
    assert_eq!(uri.authority().unwrap().host().kind(), "ipv4");
}

#[test]
fn stock_grammar_pitfall_ipv4address_against_reg_name() {
    for host in [
        "1.2.3.4.5",
        "1.2.3.4.in-addr.arpa",
        "256.1.1.1",
        "1.2.3.4%41",
        "01.2.3.4",
        "1.2.3",
    ] {
        let text = format!("http://{host}/");
        let uri = UriRef::parse(&text).unwrap();
        assert_eq!(
            uri.authority().unwrap().host(),
            Host::RegName(host),
            "{host}"
        );
    }
    let uri = UriRef::parse("http://1.2.3.4:80/").unwrap();
    assert!(matches!(uri.authority().unwrap().host(), Host::Ipv4 { .. }));
    // The lookahead lives in `host`; IPv4address itself still matches a
    // dotted quad only.
    rejects_at("IPv4address", "1.2.3.4.5", 7);
    accepts("host", &["1.2.3.4.5", "1.2.3.4"]);
}

#[test]
fn stock_grammar_pitfall_ipv6_nine_forms_and_ls32() {
    let forms = [
        "1:2:3:4:5:6:7:8",     // 6( h16 ":" ) ls32
        "1:2:3:4:5:6:1.2.3.4", // ... with an IPv4 ls32
        "::2:3:4:5:6:7:8",     // "::" 5( h16 ":" ) ls32
        "1::3:4:5:6:7:8",      // [ h16 ] "::" 4( h16 ":" ) ls32
        "1:2::4:5:6:7:8",      // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "1:2:3::5:6:7:8",      // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3:4::6:7:8",      // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "1:2:3:4:5::7:8",      // [ *4( h16 ":" ) h16 ] "::" ls32
        "1:2:3:4:5:6::8",      // [ *5( h16 ":" ) h16 ] "::" h16
        "1:2:3:4:5:6:7::",     // [ *6( h16 ":" ) h16 ] "::"
        "::ffff:1.2.3.4",
        "1::",
        "::",
        "::1",
        "fe80::1:2",
        "::1.2.3.4",
    ];
    accepts("IPv6address", &forms);
    for form in forms {
        let text = format!("http://[{form}]/");
        let uri = UriRef::parse(&text).unwrap();
        let Host::Ipv6 { addr, .. } = uri.authority().unwrap().host() else {
            panic!("{form} is not an IPv6 host");
        };
        assert_eq!(addr, form.parse::<std::net::Ipv6Addr>().unwrap(), "{form}");
    }
    accepts("ls32", &["1:2", "1.2.3.4"]);
    rejects_at("IPv6address", "1:2:3:4:5:6:7:8:9", 15);
    rejects_at("IPv6address", "1::2::3", 4);
    rejects_at("IPv6address", "1:2:3:4:5:6:7", 0);
    rejects_at("IPv6address", ":1::", 0);
    assert!(UriRef::parse("http://[1::2::3]/").is_err());
    assert!(UriRef::parse("http://[1:2:3:4:5:6:7:8:9]/").is_err());
}

#[test]
fn stock_grammar_pitfall_h16_greediness() {
    accepts("h16", &["0", "ffff", "FfFf", "abc"]);
    rejects_at("h16", "12345", 4);
    // A fifth digit cannot be split off as the start of the next group.
    assert!(parse_rule("IPv6address", "12345::").is_err());
    assert!(parse_rule("IPv6address", "::12345").is_err());
    // Before "::", a repetition of `h16 ":"` must not take the first colon.
    accepts("IPv6address", &["1::2", "1:2::3", "a:b:c:d:e:f::1"]);
}

#[test]
fn stock_grammar_pitfall_path_abempty_matches_empty() {
    accepts("path-abempty", &["", "/", "//", "/a/b"]);
    let uri = UriRef::parse("http://h").unwrap();
    assert_eq!(uri.path(), "");
    let uri = UriRef::parse("http://h?q").unwrap();
    assert_eq!((uri.path(), uri.query()), ("", Some("q")));
    accepts("path", &["", "/a", "//a", "a/b", "a:b/c", "a"]);
}

#[test]
fn stock_grammar_pitfall_uri_against_relative_ref() {
    let uri = UriRef::parse("a:b").unwrap();
    assert_eq!(
        (uri.rule(), uri.scheme(), uri.path()),
        ("URI", Some("a"), "b")
    );
    for relative in ["//h:1/p", "a/b:c", "?x:y", "#f:g", "/a:b", ""] {
        let r = UriRef::parse(relative).unwrap();
        assert_eq!(r.rule(), "relative-ref", "{relative}");
    }
    // URI only where a scheme is there; relative-ref only where not.
    assert!(Uri::parse("//h/p").is_err());
    assert!(UriRef::parse_relative("http://h/p").is_err());
}

#[test]
fn stock_grammar_pitfall_scheme_against_path_noscheme() {
    let uri = UriRef::parse("a:b").unwrap();
    assert_eq!(uri.scheme(), Some("a"));
    let rel = UriRef::parse("./a:b").unwrap();
    assert_eq!((rel.scheme(), rel.path()), (None, "./a:b"));
    let err = UriRef::parse("1a:b").unwrap_err();
    assert_eq!(err.offset(), 2);
    rejects_at("path-noscheme", "a:b", 1);
    rejects_at("scheme", "1a", 0);
    accepts("path-rootless", &["a:b"]);
}

// --- Each rule pins what it accepts and where it fails. ---

#[test]
fn stock_grammar_every_rule_accepts_and_rejects() {
    // (rule, accepted inputs, (rejected input, failing offset))
    let table: &[(&str, &[&str], (&str, usize))] = &[
        ("URI", &["a:", "http://h/p?q#f"], ("//h", 0)),
        ("hier-part", &["//h/p", "/p", "p", ""], ("/p?", 2)),
        ("URI-reference", &["", "a:b", "../c"], ("a b", 1)),
        ("absolute-URI", &["a:b?c"], ("a:b#c", 3)),
        ("relative-ref", &["//h", "?q", "#f"], ("a:b", 1)),
        ("relative-part", &["//h/p", "/p", "p", ""], ("p?", 1)),
        ("scheme", &["a", "svn+ssh", "A.B-C"], ("a_b", 1)),
        ("authority", &["", "h", "u@h:1", "[::1]:80"], ("h/p", 1)),
        ("userinfo", &["", "u:p", "%41!"], ("u@", 1)),
        ("host", &["", "h", "1.2.3.4", "[::1]", "[v1.x]"], ("h:1", 1)),
        ("port", &["", "80", "99999"], ("8a", 1)),
        ("IP-literal", &["[::]", "[vA.b]"], ("[::1", 0)),
        ("IPvFuture", &["v1.a", "V1f.a:b"], ("v.a", 1)),
        ("IPv6address", &["::"], ("::g", 2)),
        ("h16", &["a"], ("g", 0)),
        ("ls32", &["1:2"], ("1", 0)),
        ("IPv4address", &["1.2.3.4"], ("1.2.3", 0)),
        ("dec-octet", &["25"], ("", 0)),
        ("reg-name", &["", "example.com", "%41"], ("a/b", 1)),
        ("path", &["/a", "a"], ("a?", 1)),
        ("path-abempty", &["/a/", ""], ("a", 0)),
        ("path-absolute", &["/", "/a//"], ("//a", 1)),
        ("path-noscheme", &["a/b:c"], ("a:b", 1)),
        ("path-rootless", &["a:b/c"], ("/a", 0)),
        ("path-empty", &[""], ("a", 0)),
        ("segment", &["", "a:@"], ("a/", 1)),
        ("segment-nz", &["a"], ("", 0)),
        ("segment-nz-nc", &["a@"], ("a:", 1)),
        ("pchar", &["a", "%20", ":", "@"], ("/", 0)),
        ("query", &["", "a=b&c?/"], ("a#", 1)),
        ("fragment", &["", "x?/"], ("x#", 1)),
        ("pct-encoded", &["%aF"], ("%g0", 1)),
        ("unreserved", &["a", "-", "~"], ("!", 0)),
        ("reserved", &[":", "!"], ("a", 0)),
        ("gen-delims", &[":", "@"], ("!", 0)),
        ("sub-delims", &["!", "="], (":", 0)),
        ("ALPHA", &["a", "Z"], ("0", 0)),
        ("DIGIT", &["0", "9"], ("a", 0)),
        ("HEXDIG", &["a", "F", "0"], ("g", 0)),
    ];
    assert_eq!(table.len(), RFC_RULES.len(), "one row per rule");
    let mut wrong = Vec::new();
    for (rule, good, (bad, offset)) in table {
        accepts(rule, good);
        match parse_rule(rule, bad) {
            Ok(_) => wrong.push(format!("{rule} accepted {bad:?}")),
            Err(e) if e.offset() != *offset => wrong.push(format!(
                "{rule} on {bad:?} failed at {}, not {offset}",
                e.offset()
            )),
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn parse_rule_returns_the_tree() {
    let pairs = parse_rule("URI", "http://u@h:1/p?q#f").unwrap();
    let rules: Vec<Rule> = pairs.flatten().map(|p| p.as_rule()).collect();
    for wanted in [
        Rule::URI,
        Rule::scheme,
        Rule::hier_part,
        Rule::authority,
        Rule::userinfo,
        Rule::host,
        Rule::reg_name,
        Rule::port,
        Rule::path_abempty,
        Rule::query,
        Rule::fragment,
    ] {
        assert!(rules.contains(&wanted), "{wanted:?} missing from {rules:?}");
    }
    let err = parse_rule("no-such-rule", "x").unwrap_err();
    assert!(
        err.message().to_string().contains("unknown grammar rule"),
        "{err}"
    );
}

#[test]
fn parse_rule_pairs_are_the_entry_rule_then_eoi_with_atomic_leaves() {
    use peguri::grammar::pest::iterators::Pair;
    // `parse_rule`'s documentation: one pair of `X_entry`, holding the
    // pair of `X` and then `EOI`; an atomic rule's pair has no children.
    for (rule, input) in [
        ("URI", "http://u@h:1/p?q#f"),
        ("IPv6address", "::1"),
        ("authority", "[v1.x]:80"),
        ("ireg-name", "bücher"),
    ] {
        let pairs: Vec<Pair<'_, Rule>> = parse_rule(rule, input).unwrap().collect();
        assert_eq!(pairs.len(), 1, "{rule}");
        let top = pairs[0].clone();
        let anchored = grammar::entry_rule(rule).unwrap();
        assert_eq!(top.as_rule(), anchored);
        let children: Vec<Rule> = top.into_inner().map(|p| p.as_rule()).collect();
        assert_eq!(children.len(), 2, "{rule}: {children:?}");
        assert_eq!(children[1], Rule::EOI);
        assert_eq!(
            grammar::rule_name(anchored),
            format!("{}_entry", grammar::rule_name(children[0]))
        );
    }
    let uri = parse_rule("URI", "http://u@h:1/p?q#f").unwrap();
    for pair in uri.flatten() {
        let atomic = [
            Rule::scheme,
            Rule::userinfo,
            Rule::reg_name,
            Rule::port,
            Rule::path_abempty,
            Rule::query,
            Rule::fragment,
        ];
        if atomic.contains(&pair.as_rule()) {
            assert_eq!(pair.into_inner().count(), 0);
        }
    }
}

// --- Faithful rules (docs/grammar.md, "Grammar notes"): each rule calls the rules its
// ABNF names, and accepts exactly what the RFC's character lists allow. ---

/// A rule body in pest syntax, as pest_meta reads it.
fn expression(body: &str) -> pest_meta::ast::Expr {
    let text = format!("rule = @{{ {body} }}");
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, &text)
        .unwrap_or_else(|e| panic!("{body} does not parse:\n{e}"));
    let mut rules = pest_meta::parser::consume_rules(pairs).unwrap();
    rules.remove(0).expr
}

/// The rules of `uri.pest`, as pest_meta reads them.
fn uri_rules() -> Vec<pest_meta::ast::Rule> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, GRAMMAR).unwrap();
    pest_meta::parser::consume_rules(pairs).unwrap()
}

#[test]
fn stock_grammar_character_rules_call_the_rules_their_abnf_names() {
    // (rule, its body in uri.pest: the ABNF in pest syntax, rule for rule)
    let table = [
        ("ALPHA", "'A'..'Z' | 'a'..'z'"),
        ("DIGIT", "'0'..'9'"),
        (
            "HEXDIG",
            r#"DIGIT | ^"A" | ^"B" | ^"C" | ^"D" | ^"E" | ^"F""#,
        ),
        ("scheme", r#"ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")*"#),
        (
            "userinfo",
            r#"(unreserved | pct_encoded | sub_delims | ":")*"#,
        ),
        ("port", "DIGIT*"),
        ("reg_name", "(unreserved | pct_encoded | sub_delims)*"),
        ("segment", "pchar*"),
        ("segment_nz", "pchar+"),
        (
            "segment_nz_nc",
            r#"(unreserved | pct_encoded | sub_delims | "@")+"#,
        ),
        (
            "pchar",
            r#"unreserved | pct_encoded | sub_delims | ":" | "@""#,
        ),
        ("query", r#"(pchar | "/" | "?")*"#),
        ("fragment", r#"(pchar | "/" | "?")*"#),
        ("pct_encoded", r#""%" ~ HEXDIG ~ HEXDIG"#),
        ("unreserved", r#"ALPHA | DIGIT | "-" | "." | "_" | "~""#),
        ("reserved", "gen_delims | sub_delims"),
        ("gen_delims", r##"":" | "/" | "?" | "#" | "[" | "]" | "@""##),
        (
            "sub_delims",
            r#""!" | "$" | "&" | "'" | "(" | ")" | "*" | "+" | "," | ";" | "=""#,
        ),
    ];
    let rules = uri_rules();
    for (name, body) in table {
        let rule = rules
            .iter()
            .find(|r| r.name == name)
            .unwrap_or_else(|| panic!("uri.pest lacks {name}"));
        assert_eq!(rule.expr, expression(body), "{name} is not `{body}`");
        // Atomic: no inner tokens, so trees keep their shape.
        assert_eq!(rule.ty, pest_meta::ast::RuleType::Atomic, "{name}");
    }
}

/// Whether `rule` matches `input` in full.
fn ok(rule: &str, input: &str) -> bool {
    parse_rule(rule, input).is_ok()
}

/// Every character U+0000..=U+00FF (each byte value) on its own.
fn single_chars() -> impl Iterator<Item = String> {
    (0u8..=255).map(|b| char::from(b).to_string())
}

/// Characters at and around the edges of every character class, one of
/// each other kind, and non-ASCII ones.
const EDGES: &str = " !\"#$%&'()*+,-./09:;<=>?@AFGZ[\\]^_`afgz{|}~\u{7f}\u{80}é";

/// The inputs each rule is checked on: every single character, the empty
/// string, `%` followed by two characters (hex digits and not), every
/// two-character string over [`EDGES`], and a few longer ones.
fn inputs() -> Vec<String> {
    let mut all: Vec<String> = single_chars().collect();
    all.push(String::new());
    let hex_and_not = "0123456789abcdefABCDEFgG`@/:%.~ \u{80}";
    for a in hex_and_not.chars() {
        all.push(format!("%{a}"));
        for b in hex_and_not.chars() {
            all.push(format!("%{a}{b}"));
        }
    }
    for a in EDGES.chars() {
        for b in EDGES.chars() {
            all.push(format!("{a}{b}"));
        }
    }
    for s in [
        "a%41b",
        "%41%42",
        "%%41",
        "%41%",
        "a:b@c",
        "a/b?c",
        "x-y.z_~",
        "!$&'()*+,;=",
        "http",
        "svn+ssh",
        "a.b-c",
        "8080",
        "user:pa%20ss",
        "www.example.com",
    ] {
        all.push(s.to_owned());
    }
    all
}

/// `input` is a sequence of units that each satisfy `unit`: the ABNF
/// `*( ... )` over alternatives that are single characters or
/// `pct-encoded` (three characters).
fn repeats(input: &str, unit: &dyn Fn(&str) -> bool) -> bool {
    // can[i]: the first i bytes split into units.
    let mut can = vec![false; input.len() + 1];
    can[0] = true;
    for i in 0..input.len() {
        if !can[i] || !input.is_char_boundary(i) {
            continue;
        }
        for end in input[i..]
            .char_indices()
            .skip(1)
            .map(|(at, _)| i + at)
            .chain([input.len()])
            .take(3)
        {
            if unit(&input[i..end]) {
                can[end] = true;
            }
        }
    }
    can[input.len()]
}

/// `rule` accepts exactly the inputs that `abnf` accepts.
#[track_caller]
fn agrees(rule: &str, abnf: &dyn Fn(&str) -> bool) {
    let wrong: Vec<String> = inputs()
        .iter()
        .filter(|s| ok(rule, s) != abnf(s))
        .map(|s| format!("{s:?}: {rule} says {}", ok(rule, s)))
        .collect();
    assert!(
        wrong.is_empty(),
        "{rule} differs from its ABNF:\n{}",
        wrong.join("\n")
    );
}

// The RFC's character lists, written out here independently of the grammar.

/// One character of `set`.
fn one_of(s: &str, set: &str) -> bool {
    let mut chars = s.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if set.contains(c))
}

const ALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT: &str = "0123456789";
const HEXDIG: &str = "0123456789ABCDEFabcdef";
/// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
fn unreserved(s: &str) -> bool {
    one_of(s, ALPHA) || one_of(s, DIGIT) || one_of(s, "-._~")
}
/// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
fn sub_delims(s: &str) -> bool {
    one_of(s, "!$&'()*+,;=")
}
/// pct-encoded = "%" HEXDIG HEXDIG
fn pct_encoded(s: &str) -> bool {
    let hex = |b: u8| HEXDIG.as_bytes().contains(&b);
    matches!(s.as_bytes(), [b'%', a, b] if hex(*a) && hex(*b))
}
/// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
fn pchar(s: &str) -> bool {
    unreserved(s) || pct_encoded(s) || sub_delims(s) || s == ":" || s == "@"
}

#[test]
fn stock_grammar_character_classes_are_the_rfcs() {
    agrees("ALPHA", &|s| one_of(s, ALPHA));
    agrees("DIGIT", &|s| one_of(s, DIGIT));
    agrees("HEXDIG", &|s| one_of(s, HEXDIG));
    agrees("unreserved", &unreserved);
    agrees("sub-delims", &sub_delims);
    agrees("gen-delims", &|s| one_of(s, ":/?#[]@"));
    agrees("reserved", &|s| one_of(s, ":/?#[]@") || sub_delims(s));
    agrees("pct-encoded", &pct_encoded);
    agrees("pchar", &pchar);
}

#[test]
fn stock_grammar_component_rules_are_the_rfcs() {
    agrees("segment", &|s| repeats(s, &pchar));
    agrees("segment-nz", &|s| !s.is_empty() && repeats(s, &pchar));
    agrees("segment-nz-nc", &|s| {
        !s.is_empty()
            && repeats(s, &|u| {
                unreserved(u) || pct_encoded(u) || sub_delims(u) || u == "@"
            })
    });
    let query = |s: &str| repeats(s, &|u| pchar(u) || u == "/" || u == "?");
    agrees("query", &query);
    agrees("fragment", &query);
    agrees("userinfo", &|s| {
        repeats(s, &|u| {
            unreserved(u) || pct_encoded(u) || sub_delims(u) || u == ":"
        })
    });
    agrees("reg-name", &|s| {
        repeats(s, &|u| unreserved(u) || pct_encoded(u) || sub_delims(u))
    });
    agrees("scheme", &|s| {
        let Some(first) = s.chars().next() else {
            return false;
        };
        let (head, tail) = s.split_at(first.len_utf8());
        one_of(head, ALPHA)
            && repeats(tail, &|u| {
                one_of(u, ALPHA) || one_of(u, DIGIT) || one_of(u, "+-.")
            })
    });
    agrees("port", &|s| repeats(s, &|u| one_of(u, DIGIT)));
}

/// `uri.pest` with `from` replaced by `to` (once), run by pest_vm.
fn variant(from: &str, to: &str) -> pest_vm::Vm {
    assert_eq!(GRAMMAR.matches(from).count(), 1, "{from:?} in uri.pest");
    let (_, rules) = pest_meta::parse_and_optimize(&GRAMMAR.replace(from, to)).unwrap();
    pest_vm::Vm::new(rules)
}

#[test]
fn editing_unreserved_changes_every_rule_that_uses_it() {
    // `^` is in no rule of RFC 3986; a variant adds it to `unreserved`.
    let edited = variant(r#"| "_" | "~" }"#, r#"| "_" | "~" | "^" }"#);
    let users = [
        ("pchar", "^"),
        ("segment", "a^b"),
        ("segment_nz", "^"),
        ("segment_nz_nc", "^"),
        ("query", "q=^"),
        ("fragment", "^"),
        ("userinfo", "u^:p"),
        ("reg_name", "h^st"),
        ("IPvFuture", "v1.^"),
    ];
    for (rule, input) in users {
        assert!(!ok(rule, input), "uri.pest's {rule} accepts {input:?}");
        assert!(
            edited.parse(&format!("{rule}_entry"), input).is_ok(),
            "the variant's {rule} rejects {input:?}"
        );
    }
    // `DIGIT` reaches the scheme, the port, IPv4 and IPv6 addresses.
    let edited = variant("DIGIT = @{ '0'..'9' }", "DIGIT = @{ '0'..'9' | \"٣\" }");
    for (rule, input) in [
        ("scheme", "a٣"),
        ("port", "8٣"),
        ("dec_octet", "٣"),
        ("h16", "٣"),
    ] {
        assert!(!ok(rule, input), "uri.pest's {rule} accepts {input:?}");
        assert!(
            edited.parse(&format!("{rule}_entry"), input).is_ok(),
            "the variant's {rule} rejects {input:?}"
        );
    }
}

// --- Rule names (RFC 5234 section 2.1: case-insensitive; `-` or `_`). ---

#[test]
fn every_rule_is_accepted_by_name_in_any_spelling() {
    use peguri::grammar::{RuleLookup, find_rule, rule_names};
    // The rules of the three files as pest_meta reads them: what
    // `peguri rules` lists.
    let text = format!(
        "{GRAMMAR}\n{}\n{}\n",
        grammar::IRI_GRAMMAR,
        grammar::RFC6874_GRAMMAR
    );
    let (_, rules) = pest_meta::parse_and_optimize(&text).unwrap();
    let listed: Vec<&str> = rules.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(rule_names().collect::<Vec<_>>(), listed);
    for name in listed {
        let entry = grammar::entry_rule(name)
            .unwrap_or_else(|| panic!("{name} has no anchored entry rule"));
        if name.ends_with("_entry") {
            assert_eq!(grammar::rule_name(entry), name);
        } else {
            assert_eq!(grammar::rule_name(entry), format!("{name}_entry"));
        }
        for spelling in [
            name.to_owned(),
            name.replace('_', "-"),
            name.to_lowercase(),
            name.to_uppercase().replace('_', "-"),
        ] {
            assert_eq!(
                find_rule(rule_names(), &spelling),
                RuleLookup::Found(name),
                "{spelling}"
            );
            assert_eq!(grammar::entry_rule(&spelling), Some(entry), "{spelling}");
        }
    }
    // Entry rules parse, and keep the component-aware messages (on an
    // input that an edit widening a class leaves invalid).
    assert!(parse_rule("URI_reference_entry", "http://h/p").is_ok());
    assert!(parse_rule("host-6874-ENTRY", "[fe80::1%25en0]").is_ok());
    for name in ["uri-reference-entry", "uri-reference"] {
        let err = parse_rule(name, "http://h/a%zz").unwrap_err();
        assert_eq!(err.component(), Some(peguri::Component::Path), "{name}");
        assert_eq!(err.message(), "expected a hex digit after '%'", "{name}");
    }
}

#[test]
fn unknown_rule_names_get_the_closest_names() {
    use peguri::grammar::{RuleLookup, find_rule, rule_names};
    #[track_caller]
    fn suggests(wrong: &str, closest: &[&str]) {
        let err = parse_rule(wrong, "x").unwrap_err();
        assert_eq!(
            err.message(),
            format!(
                "unknown grammar rule {wrong:?} (`peguri::grammar::rule_names()` lists the rules)"
            )
            .as_str()
        );
        assert_eq!(err.expected().collect::<Vec<_>>(), closest, "{wrong}");
        assert_eq!(
            find_rule(rule_names(), wrong),
            RuleLookup::Unknown(closest.to_vec())
        );
    }
    suggests("shceme", &["scheme"]);
    suggests("ipv6adress", &["IPv6address"]);
    suggests("segment-nznc", &["segment_nz_nc"]);
    suggests("URI-ref", &["URI_reference"]);
    suggests("hst", &["host"]);
    suggests("hots", &["host"]);
    suggests("nonsense", &[]);
    // Ambiguous only in a grammar with names that differ in case alone.
    assert_eq!(
        find_rule(["alpha", "ALPHA"], "Alpha"),
        RuleLookup::Ambiguous(vec!["alpha", "ALPHA"])
    );
    assert_eq!(
        find_rule(["alpha", "ALPHA"], "ALPHA"),
        RuleLookup::Found("ALPHA")
    );
}
