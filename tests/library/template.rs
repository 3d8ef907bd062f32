//! URI Templates (RFC 6570): the RFC's own examples (section 1.2, by level,
//! and section 3.2, by operator), syntax errors with their positions, and
//! property tests on expansion.

use peguri::UriRef;
use peguri::template::{TemplateErrorKind, UriTemplate, Value, expand};
use proptest::prelude::*;

/// The variables of RFC 6570 section 3.2 (`undef` is left out: a name
/// that is not there is undefined).
fn section_3_2_variables() -> Vec<(&'static str, Value<'static>)> {
    vec![
        ("count", Value::list(["one", "two", "three"])),
        ("dom", Value::list(["example", "com"])),
        ("dub", Value::from("me/too")),
        ("hello", Value::from("Hello World!")),
        ("half", Value::from("50%")),
        ("var", Value::from("value")),
        ("who", Value::from("fred")),
        ("base", Value::from("http://example.com/home/")),
        ("path", Value::from("/foo/bar")),
        ("list", Value::list(["red", "green", "blue"])),
        (
            "keys",
            Value::map([("semi", ";"), ("dot", "."), ("comma", ",")]),
        ),
        ("v", Value::from("6")),
        ("x", Value::from("1024")),
        ("y", Value::from("768")),
        ("empty", Value::from("")),
        ("empty_keys", Value::Map(vec![])),
    ]
}

#[track_caller]
fn check_table(variables: &[(&str, Value)], table: &[(&str, &str)]) {
    for (template, expected) in table {
        let got = expand(template, variables).unwrap_or_else(|e| panic!("{template}: {e}"));
        assert_eq!(&got, expected, "template {template}");
        crate::template_match::matches_back(variables, template, expected);
    }
}

// ---------------------------------------------------------------------------
// Section 1.2: the examples of each level
// ---------------------------------------------------------------------------

#[test]
fn rfc6570_section_1_2_level_1() {
    let vars = [
        ("var", Value::from("value")),
        ("hello", Value::from("Hello World!")),
    ];
    check_table(
        &vars,
        &[("{var}", "value"), ("{hello}", "Hello%20World%21")],
    );
}

#[test]
fn rfc6570_section_1_2_level_2() {
    let vars = [
        ("var", Value::from("value")),
        ("hello", Value::from("Hello World!")),
        ("path", Value::from("/foo/bar")),
    ];
    check_table(
        &vars,
        &[
            // Reserved string expansion (section 3.2.3)
            ("{+var}", "value"),
            ("{+hello}", "Hello%20World!"),
            ("{+path}/here", "/foo/bar/here"),
            ("here?ref={+path}", "here?ref=/foo/bar"),
            // Fragment expansion, crosshatch-prefixed (section 3.2.4)
            ("X{#var}", "X#value"),
            ("X{#hello}", "X#Hello%20World!"),
        ],
    );
}

#[test]
fn rfc6570_section_1_2_level_3() {
    let vars = [
        ("var", Value::from("value")),
        ("hello", Value::from("Hello World!")),
        ("empty", Value::from("")),
        ("path", Value::from("/foo/bar")),
        ("x", Value::from("1024")),
        ("y", Value::from("768")),
    ];
    check_table(
        &vars,
        &[
            // String expansion with multiple variables (section 3.2.2)
            ("map?{x,y}", "map?1024,768"),
            ("{x,hello,y}", "1024,Hello%20World%21,768"),
            // Reserved expansion with multiple variables (section 3.2.3)
            ("{+x,hello,y}", "1024,Hello%20World!,768"),
            ("{+path,x}/here", "/foo/bar,1024/here"),
            // Fragment expansion with multiple variables (section 3.2.4)
            ("{#x,hello,y}", "#1024,Hello%20World!,768"),
            ("{#path,x}/here", "#/foo/bar,1024/here"),
            // Label expansion, dot-prefixed (section 3.2.5)
            ("X{.var}", "X.value"),
            ("X{.x,y}", "X.1024.768"),
            // Path segments, slash-prefixed (section 3.2.6)
            ("{/var}", "/value"),
            ("{/var,x}/here", "/value/1024/here"),
            // Path-style parameters, semicolon-prefixed (section 3.2.7)
            ("{;x,y}", ";x=1024;y=768"),
            ("{;x,y,empty}", ";x=1024;y=768;empty"),
            // Form-style query, ampersand-separated (section 3.2.8)
            ("{?x,y}", "?x=1024&y=768"),
            ("{?x,y,empty}", "?x=1024&y=768&empty="),
            // Form-style query continuation (section 3.2.9)
            ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
            ("{&x,y,empty}", "&x=1024&y=768&empty="),
        ],
    );
}

#[test]
fn rfc6570_section_1_2_level_4() {
    let vars = [
        ("var", Value::from("value")),
        ("hello", Value::from("Hello World!")),
        ("path", Value::from("/foo/bar")),
        ("list", Value::list(["red", "green", "blue"])),
        (
            "keys",
            Value::map([("semi", ";"), ("dot", "."), ("comma", ",")]),
        ),
    ];
    check_table(
        &vars,
        &[
            // String expansion with value modifiers (section 3.2.2)
            ("{var:3}", "val"),
            ("{var:30}", "value"),
            ("{list}", "red,green,blue"),
            ("{list*}", "red,green,blue"),
            ("{keys}", "semi,%3B,dot,.,comma,%2C"),
            ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
            // Reserved expansion with value modifiers (section 3.2.3)
            ("{+path:6}/here", "/foo/b/here"),
            ("{+list}", "red,green,blue"),
            ("{+list*}", "red,green,blue"),
            ("{+keys}", "semi,;,dot,.,comma,,"),
            ("{+keys*}", "semi=;,dot=.,comma=,"),
            // Fragment expansion with value modifiers (section 3.2.4)
            ("{#path:6}/here", "#/foo/b/here"),
            ("{#list}", "#red,green,blue"),
            ("{#list*}", "#red,green,blue"),
            ("{#keys}", "#semi,;,dot,.,comma,,"),
            ("{#keys*}", "#semi=;,dot=.,comma=,"),
            // Label expansion, dot-prefixed (section 3.2.5)
            ("X{.var:3}", "X.val"),
            ("X{.list}", "X.red,green,blue"),
            ("X{.list*}", "X.red.green.blue"),
            ("X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
            ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
            // Path segments, slash-prefixed (section 3.2.6)
            ("{/var:1,var}", "/v/value"),
            ("{/list}", "/red,green,blue"),
            ("{/list*}", "/red/green/blue"),
            ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
            ("{/keys}", "/semi,%3B,dot,.,comma,%2C"),
            ("{/keys*}", "/semi=%3B/dot=./comma=%2C"),
            // Path-style parameters, semicolon-prefixed (section 3.2.7)
            ("{;hello:5}", ";hello=Hello"),
            ("{;list}", ";list=red,green,blue"),
            ("{;list*}", ";list=red;list=green;list=blue"),
            ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
            ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
            // Form-style query, ampersand-separated (section 3.2.8)
            ("{?var:3}", "?var=val"),
            ("{?list}", "?list=red,green,blue"),
            ("{?list*}", "?list=red&list=green&list=blue"),
            ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
            ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
            // Form-style query continuation (section 3.2.9)
            ("{&var:3}", "&var=val"),
            ("{&list}", "&list=red,green,blue"),
            ("{&list*}", "&list=red&list=green&list=blue"),
            ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
            ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
        ],
    );
}

// ---------------------------------------------------------------------------
// Section 3.2: expression expansion, one table per subsection
// ---------------------------------------------------------------------------

#[test]
fn rfc6570_section_3_2_1_variable_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{count}", "one,two,three"),
            ("{count*}", "one,two,three"),
            ("{/count}", "/one,two,three"),
            ("{/count*}", "/one/two/three"),
            ("{;count}", ";count=one,two,three"),
            ("{;count*}", ";count=one;count=two;count=three"),
            ("{?count}", "?count=one,two,three"),
            ("{?count*}", "?count=one&count=two&count=three"),
            ("{&count*}", "&count=one&count=two&count=three"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_2_simple_string_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{var}", "value"),
            ("{hello}", "Hello%20World%21"),
            ("{half}", "50%25"),
            ("O{empty}X", "OX"),
            ("O{undef}X", "OX"),
            ("{x,y}", "1024,768"),
            ("{x,hello,y}", "1024,Hello%20World%21,768"),
            ("?{x,empty}", "?1024,"),
            ("?{x,undef}", "?1024"),
            ("?{undef,y}", "?768"),
            ("{var:3}", "val"),
            ("{var:30}", "value"),
            ("{list}", "red,green,blue"),
            ("{list*}", "red,green,blue"),
            ("{keys}", "semi,%3B,dot,.,comma,%2C"),
            ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_3_reserved_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{+var}", "value"),
            ("{+hello}", "Hello%20World!"),
            ("{+half}", "50%25"),
            ("{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"),
            ("{+base}index", "http://example.com/home/index"),
            ("O{+empty}X", "OX"),
            ("O{+undef}X", "OX"),
            ("{+path}/here", "/foo/bar/here"),
            ("here?ref={+path}", "here?ref=/foo/bar"),
            ("up{+path}{var}/here", "up/foo/barvalue/here"),
            ("{+x,hello,y}", "1024,Hello%20World!,768"),
            ("{+path,x}/here", "/foo/bar,1024/here"),
            ("{+path:6}/here", "/foo/b/here"),
            ("{+list}", "red,green,blue"),
            ("{+list*}", "red,green,blue"),
            ("{+keys}", "semi,;,dot,.,comma,,"),
            ("{+keys*}", "semi=;,dot=.,comma=,"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_4_fragment_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{#var}", "#value"),
            ("{#hello}", "#Hello%20World!"),
            ("{#half}", "#50%25"),
            ("foo{#empty}", "foo#"),
            ("foo{#undef}", "foo"),
            ("{#x,hello,y}", "#1024,Hello%20World!,768"),
            ("{#path,x}/here", "#/foo/bar,1024/here"),
            ("{#path:6}/here", "#/foo/b/here"),
            ("{#list}", "#red,green,blue"),
            ("{#list*}", "#red,green,blue"),
            ("{#keys}", "#semi,;,dot,.,comma,,"),
            ("{#keys*}", "#semi=;,dot=.,comma=,"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_5_label_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{.who}", ".fred"),
            ("{.who,who}", ".fred.fred"),
            ("{.half,who}", ".50%25.fred"),
            ("www{.dom*}", "www.example.com"),
            ("X{.var}", "X.value"),
            ("X{.empty}", "X."),
            ("X{.undef}", "X"),
            ("X{.var:3}", "X.val"),
            ("X{.list}", "X.red,green,blue"),
            ("X{.list*}", "X.red.green.blue"),
            ("X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
            ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
            ("X{.empty_keys}", "X"),
            ("X{.empty_keys*}", "X"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_6_path_segment_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{/who}", "/fred"),
            ("{/who,who}", "/fred/fred"),
            ("{/half,who}", "/50%25/fred"),
            ("{/who,dub}", "/fred/me%2Ftoo"),
            ("{/var}", "/value"),
            ("{/var,empty}", "/value/"),
            ("{/var,undef}", "/value"),
            ("{/var,x}/here", "/value/1024/here"),
            ("{/var:1,var}", "/v/value"),
            ("{/list}", "/red,green,blue"),
            ("{/list*}", "/red/green/blue"),
            ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
            ("{/keys}", "/semi,%3B,dot,.,comma,%2C"),
            ("{/keys*}", "/semi=%3B/dot=./comma=%2C"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_7_path_style_parameter_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{;who}", ";who=fred"),
            ("{;half}", ";half=50%25"),
            ("{;empty}", ";empty"),
            ("{;v,empty,who}", ";v=6;empty;who=fred"),
            ("{;v,bar,who}", ";v=6;who=fred"),
            ("{;x,y}", ";x=1024;y=768"),
            ("{;x,y,empty}", ";x=1024;y=768;empty"),
            ("{;x,y,undef}", ";x=1024;y=768"),
            ("{;hello:5}", ";hello=Hello"),
            ("{;list}", ";list=red,green,blue"),
            ("{;list*}", ";list=red;list=green;list=blue"),
            ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
            ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_8_form_style_query_expansion() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{?who}", "?who=fred"),
            ("{?half}", "?half=50%25"),
            ("{?x,y}", "?x=1024&y=768"),
            ("{?x,y,empty}", "?x=1024&y=768&empty="),
            ("{?x,y,undef}", "?x=1024&y=768"),
            ("{?var:3}", "?var=val"),
            ("{?list}", "?list=red,green,blue"),
            ("{?list*}", "?list=red&list=green&list=blue"),
            ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
            ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
        ],
    );
}

#[test]
fn rfc6570_section_3_2_9_form_style_query_continuation() {
    check_table(
        &section_3_2_variables(),
        &[
            ("{&who}", "&who=fred"),
            ("{&half}", "&half=50%25"),
            ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
            ("{&x,y,empty}", "&x=1024&y=768&empty="),
            ("{&x,y,undef}", "&x=1024&y=768"),
            ("{&var:3}", "&var=val"),
            ("{&list}", "&list=red,green,blue"),
            ("{&list*}", "&list=red&list=green&list=blue"),
            ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
            ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
        ],
    );
}

// ---------------------------------------------------------------------------
// Beyond the RFC's tables
// ---------------------------------------------------------------------------

#[test]
fn literals_are_copied_and_non_ascii_encoded() {
    let vars: [(&str, Value); 0] = [];
    check_table(
        &vars,
        &[
            (
                "http://example.com/a%20b?x=1#f",
                "http://example.com/a%20b?x=1#f",
            ),
            ("/caf\u{e9}/\u{1F600}", "/caf%C3%A9/%F0%9F%98%80"),
            ("[v]!$&()*+,;=:@", "[v]!$&()*+,;=:@"),
            ("", ""),
        ],
    );
}

/// RFC 6570 Errata ID 6937: `'` (%x27) is a literal character, as the
/// uritemplate-test suite and JSON-Schema-Test-Suite read it; it was refused.
#[test]
fn literal_apostrophe_is_copied_per_errata_6937() {
    let vars = [("var", Value::from("value"))];
    check_table(
        &vars,
        &[("'{var}'", "'value'"), ("/it's/{var}", "/it's/value")],
    );
    // The characters beside it in the table are still refused.
    for (template, ch) in [("\"{var}", '"'), ("{var}%", '%')] {
        assert!(UriTemplate::parse(template).is_err(), "{template} ({ch:?})");
    }
}

#[test]
fn reserved_expansion_keeps_triplets_and_encodes_stray_percent() {
    let vars = [
        ("a", Value::from("%41%zz%")),
        ("u", Value::from("é/ü")),
        ("k", Value::map([("a b", "c d"), ("e", "")])),
        ("l", Value::list(["", "x"])),
    ];
    check_table(
        &vars,
        &[
            ("{+a}", "%41%25zz%25"),
            ("{a}", "%2541%25zz%25"),
            ("{u}", "%C3%A9%2F%C3%BC"),
            ("{+u}", "%C3%A9/%C3%BC"),
            ("{u:2}", "%C3%A9%2F"),
            ("{?k*}", "?a%20b=c%20d&e="),
            ("{;k*}", ";a%20b=c%20d;e"),
            ("{k*}", "a%20b=c%20d,e="),
            ("{l}", ",x"),
            ("{;l}", ";l=,x"),
            ("{?l*}", "?l=&l=x"),
            ("{;l*}", ";l;l=x"),
        ],
    );
    // A list whose expansion is empty: the name alone for `;`, `name=` for `?`.
    let one_empty = [("l", Value::list([""]))];
    check_table(&one_empty, &[("{;l}", ";l"), ("{?l}", "?l="), ("{l}", "")]);
}

#[test]
fn variables_from_maps() {
    use std::collections::{BTreeMap, HashMap};
    let mut hash = HashMap::new();
    hash.insert(String::from("id"), Value::from("7"));
    let mut btree = BTreeMap::new();
    btree.insert("id", Value::from("7"));
    let template = UriTemplate::parse("/u/{id}").unwrap();
    assert_eq!(template.expand(&hash).unwrap(), "/u/7");
    assert_eq!(template.expand(&btree).unwrap(), "/u/7");
    assert_eq!(
        template.expand(&vec![("id", Value::from("7"))]).unwrap(),
        "/u/7"
    );
}

#[test]
fn prefix_on_a_composite_value_is_an_expansion_error() {
    let vars = section_3_2_variables();
    for (template, offset) in [("{keys:1}", 1), ("{+keys:1}", 2), ("{?x,list:2}", 4)] {
        let err = expand(template, &vars).unwrap_err();
        assert_eq!(
            err.kind(),
            TemplateErrorKind::PrefixOnComposite { offset },
            "{template}"
        );
    }
    // Undefined variables are skipped before the modifier is looked at.
    assert_eq!(expand("{empty_keys:1}", &vars).unwrap(), "");
}

/// Syntax errors: the message, and the byte offset it names.
#[test]
fn syntax_errors_say_what_and_where() {
    let cases = [
        (
            "{/id*",
            "expression opened at byte 0 is not closed with '}'",
        ),
        (
            "a{b}{c",
            "expression opened at byte 4 is not closed with '}'",
        ),
        ("/id*}", "invalid character '}' in literal text at byte 4"),
        ("a b", "invalid character ' ' in literal text at byte 1"),
        ("<a>", "invalid character '<' in literal text at byte 0"),
        ("a|b", "invalid character '|' in literal text at byte 1"),
        ("\"q\"", "invalid character '\"' in literal text at byte 0"),
        (
            "50%",
            "invalid percent-encoding at byte 2: '%' must be followed by two hex digits",
        ),
        (
            "%4g{x}",
            "invalid percent-encoding at byte 0: '%' must be followed by two hex digits",
        ),
        (
            "{a%2}",
            "invalid percent-encoding at byte 2: '%' must be followed by two hex digits",
        ),
        ("{}", "expected a variable name at byte 1"),
        ("{?}", "expected a variable name at byte 2"),
        ("{a,}", "expected a variable name at byte 3"),
        ("{a,,b}", "expected a variable name at byte 3"),
        (
            "{with space}",
            "invalid character ' ' in expression at byte 5",
        ),
        (
            "{ leading}",
            "invalid character ' ' in expression at byte 1",
        ),
        ("{a.}", "invalid character '.' in expression at byte 2"),
        ("{a{b}}", "invalid character '{' in expression at byte 2"),
        ("{??a}", "invalid character '?' in expression at byte 2"),
        ("{$var}", "invalid character '$' in expression at byte 1"),
        (
            "{hello:2*}",
            "invalid character '*' in expression at byte 8",
        ),
        ("{*keys}", "invalid character '*' in expression at byte 1"),
        (
            "{var:0}",
            "invalid prefix modifier at byte 4: the length must be 1 to 9999",
        ),
        (
            "{var:}",
            "invalid prefix modifier at byte 4: the length must be 1 to 9999",
        ),
        (
            "{var:10000}",
            "invalid prefix modifier at byte 4: the length must be 1 to 9999",
        ),
        (
            "{var:prefix}",
            "invalid prefix modifier at byte 4: the length must be 1 to 9999",
        ),
        (
            "{=path}",
            "operator '=' at byte 1 is reserved for future extensions (RFC 6570 section 2.2)",
        ),
        (
            "x{|var*}",
            "operator '|' at byte 2 is reserved for future extensions (RFC 6570 section 2.2)",
        ),
        (
            "{!a}",
            "operator '!' at byte 1 is reserved for future extensions (RFC 6570 section 2.2)",
        ),
    ];
    for (template, message) in cases {
        let err = UriTemplate::parse(template).expect_err(template);
        assert_eq!(err.to_string(), message, "template {template:?}");
    }
    let err = UriTemplate::parse("/é {x}").unwrap_err();
    assert_eq!(
        err.kind(),
        TemplateErrorKind::InvalidLiteral { ch: ' ', offset: 3 }
    );
    assert_eq!(err.offset(), 3);
}

#[test]
fn valid_syntax_at_the_edges() {
    for template in [
        "{var:9999}",
        "{a.b.c}",
        "{%41b}",
        "{_}",
        "{x,y*,z:1}",
        "/{+a}{#b}{.c}{/d}{;e}{?f}{&g}",
        "\u{E000}",
        "%41",
    ] {
        assert!(UriTemplate::parse(template).is_ok(), "{template}");
    }
    // A name with a triplet is matched as written.
    assert_eq!(expand("{%41}", &[("%41", Value::from("v"))]).unwrap(), "v");
}

#[test]
fn error_type_is_small_and_standard() {
    fn assert_traits<T: Copy + Send + Sync + std::error::Error + 'static>() {}
    assert_traits::<peguri::template::TemplateError>();
}

#[cfg(feature = "serde")]
#[test]
fn values_from_json() {
    let vars: std::collections::BTreeMap<String, Value> = serde_json::from_str(
        r#"{"list": ["red", 2, true], "keys": {"semi": ";", "dot": "."}, "n": 1.5, "s": "x y"}"#,
    )
    .unwrap();
    assert_eq!(vars["list"], Value::list(["red", "2", "true"]));
    // Pairs keep the order of the document.
    assert_eq!(vars["keys"], Value::map([("semi", ";"), ("dot", ".")]));
    assert_eq!(vars["n"], Value::from("1.5"));
    assert_eq!(
        expand("{s}{?keys*}", &vars).unwrap(),
        "x%20y?semi=%3B&dot=."
    );
    let back = serde_json::to_string(&vars["keys"]).unwrap();
    assert_eq!(back, r#"{"semi":";","dot":"."}"#);
    assert!(serde_json::from_str::<Value>(r#"[["nested"]]"#).is_err());
}

// ---------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------

fn text(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[ -~éß€\u{1F600}]{{0,{max}}}")).unwrap()
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/template.txt"))]

    /// Simple, path, query and fragment expansion of any strings gives a
    /// URI reference whose components decode back to the strings.
    #[test]
    fn expansions_are_uri_references_that_decode_back(
        segment in text(8),
        items in proptest::collection::vec(text(5), 1..4),
        query in text(8),
        fragment in proptest::string::string_regex("[ -\"$-Z\\\\^-~éß€\u{1F600}]{0,8}").unwrap(),
    ) {
        let vars = [
            ("s", Value::from(segment.clone())),
            ("items", Value::list(items.clone())),
            ("q", Value::from(query.clone())),
            ("f", Value::from(fragment.clone())),
        ];
        let expanded = expand("http://h/{s}{/items*}{?q}{#f}", &vars).unwrap();
        let uri = UriRef::parse(&expanded).unwrap();
        let decode = |s: &str| peguri::pct::decode_utf8(s).unwrap().into_owned();
        let segments: Vec<String> = uri.segments().map(decode).collect();
        let mut expected = vec![segment.clone()];
        expected.extend(items.iter().cloned());
        prop_assert_eq!(segments, expected);
        prop_assert_eq!(uri.query().map(decode), Some(format!("q={query}")));
        // `#` leaves reserved characters as they are; decoding gives the
        // text back whenever the text had no `%` to begin with.
        if !fragment.contains('%') {
            prop_assert_eq!(uri.fragment().map(decode), Some(fragment.clone()));
        }
    }

    /// Any string either parses as a template or is refused at a spot
    /// inside it; parsing never panics.
    #[test]
    fn parsing_never_panics_and_errors_point_into_the_template(
        template in proptest::string::string_regex("[{}a-z:*,.+#/;?&=% 0-9é]{0,14}").unwrap(),
    ) {
        match UriTemplate::parse(&template) {
            Ok(parsed) => {
                // Expansion with no variables never fails: everything is
                // undefined.
                let none: [(&str, Value); 0] = [];
                prop_assert!(parsed.expand(&none).is_ok());
            }
            Err(e) => {
                prop_assert!(e.offset() <= template.len());
                prop_assert!(template.is_char_boundary(e.offset()));
            }
        }
    }
}

/// Templates of `n` variables in the shapes that made reading a template
/// quadratic: adjacent (an ambiguity at every expression), separated,
/// one expression of all of them, a query group of `&` expressions, and
/// one name repeated.
fn many_variables(n: usize) -> Vec<(&'static str, String)> {
    let each = |f: fn(usize) -> String| (0..n).map(f).collect::<String>();
    let names = (0..n)
        .map(|i| format!("v{i}"))
        .collect::<Vec<_>>()
        .join(",");
    vec![
        ("adjacent", each(|i| format!("{{v{i}}}"))),
        ("separated", each(|i| format!("{{v{i}}}/"))),
        ("one expression", format!("{{?{names}}}")),
        (
            "query group",
            format!(
                "{{?v0}}{}",
                (1..n).map(|i| format!("{{&v{i}}}")).collect::<String>()
            ),
        ),
        ("one name", each(|_| "{v}/".to_owned())),
    ]
}

/// Issue 38: building a template was quadratic in its variables (40,000
/// adjacent ones took 19.4 s from Python, `{vN}/` x 80,000 14.6 s in the
/// CLI). It is linear, but for a sort by name, and a template holds at
/// most `MAX_VARIABLES`: more is an error, found as the parts are read.
#[test]
fn too_many_variables_is_an_error() {
    use peguri::template::MAX_VARIABLES;
    for (shape, template) in many_variables(40_000) {
        let err = crate::bounded::within(&format!("40,000 variables, {shape}"), move || {
            UriTemplate::parse(&template).map(|_| ()).unwrap_err()
        });
        assert!(
            matches!(err.kind(), TemplateErrorKind::TooManyVariables { .. }),
            "{shape}: {err}"
        );
        assert!(
            err.to_string().ends_with(&format!(
                "is one more than a template may hold: at most {MAX_VARIABLES}"
            )),
            "{err}"
        );
    }
    // The offset is the first name past the limit.
    let fits = "{a,b}".repeat(MAX_VARIABLES / 2);
    assert!(UriTemplate::parse(&fits).is_ok());
    let err = UriTemplate::parse(&format!("{fits}{{x,y}}")).unwrap_err();
    assert_eq!(err.offset(), fits.len() + 1);
    let err =
        UriTemplate::parse(&format!("{}{{x,y}}", "{a}".repeat(MAX_VARIABLES - 1))).unwrap_err();
    assert_eq!(err.offset(), 3 * (MAX_VARIABLES - 1) + 3);
}

/// At the limit, each shape is read, and matched, in a time far below the
/// time-out.
#[test]
fn templates_at_the_limit_are_read_in_linear_time() {
    for (shape, template) in many_variables(peguri::template::MAX_VARIABLES) {
        let what = format!("{shape}, at the limit");
        let verdict = crate::bounded::within(&what, move || {
            let parsed = UriTemplate::parse(&template).unwrap();
            let uri = parsed
                .expand(&[("v0", Value::from("x")), ("v", Value::from("y"))])
                .unwrap();
            (
                parsed.matchability().map_err(|a| a.to_string()),
                parsed.is_match(&uri),
            )
        });
        match shape {
            "adjacent" => assert_eq!(
                verdict.0.unwrap_err(),
                "where `{v0}` ends is not known: `{v1}` after it may start with 'a', a character `{v0}` may hold"
            ),
            _ => assert_eq!(verdict, (Ok(()), true), "{shape}"),
        }
    }
}
