//! The engines agree on each scheme grammar: the code `build.rs`
//! generates from `uri.pest` and `schemes/<name>.pest` and pest_derive's
//! parser of the same two files accept the same inputs from every
//! anchored entry rule, record the same spans for the rules the library
//! reads, and on input they reject, fail at the same position expecting
//! the same rules (pest's positives and negatives), as
//! `tests/library/engines.rs` shows for `uri.pest`.

use peguri::__engines::Failure;
use peguri::__engines::schemes::{ENTRIES, outcome};
use pest::Parser as _;
use proptest::prelude::*;

macro_rules! reference_parsers {
    ($($module:ident: $file:literal,)*) => {
        $(
            mod $module {
                #![allow(missing_docs)]
                #[derive(pest_derive::Parser)]
                #[grammar = "../uri.pest"]
                #[grammar = $file]
                pub struct Grammar;
            }
        )*

        /// pest_derive's view of `input` from `entry` of `grammar`: the
        /// spans of the rules in `recorded` (the first run of each), or
        /// the failure.
        fn pest_outcome(
            grammar: &str,
            entry: &str,
            input: &str,
            recorded: &[String],
        ) -> Result<Vec<(String, Option<(usize, usize)>)>, Failure> {
            match grammar {
                $(stringify!($module) => {
                    use $module::{Grammar, Rule};
                    let rule = *Rule::all_rules()
                        .iter()
                        .find(|r| format!("{r:?}") == entry)
                        .unwrap_or_else(|| panic!("{grammar} has no rule {entry}"));
                    match Grammar::parse(rule, input) {
                        Ok(pairs) => Ok(spans(pairs.flatten().map(|p| (format!("{:?}", p.as_rule()), p.as_span().start(), p.as_span().end())), recorded)),
                        Err(e) => Err(failure(&e)),
                    }
                })*
                _ => panic!("no reference parser for {grammar}"),
            }
        }
    };
}

reference_parsers! {
    http: "../schemes/http.pest",
    ws: "../schemes/ws.pest",
    file: "../schemes/file.pest",
    mailto: "../schemes/mailto.pest",
    urn: "../schemes/urn.pest",
    data: "../schemes/data.pest",
    tel: "../schemes/tel.pest",
    geo: "../schemes/geo.pest",
    sip: "../schemes/sip.pest",
    tag: "../schemes/tag.pest",
    acct: "../schemes/acct.pest",
    xmpp: "../schemes/xmpp.pest",
    about: "../schemes/about.pest",
    cid: "../schemes/cid.pest",
    ftp: "../schemes/ftp.pest",
    ldap: "../schemes/ldap.pest",
    ni: "../schemes/ni.pest",
    coap: "../schemes/coap.pest",
    rtsp: "../schemes/rtsp.pest",
    news: "../schemes/news.pest",
}

/// The first run of each recorded rule's tokens: a later token that starts
/// where the run ends extends it.
fn spans(
    tokens: impl Iterator<Item = (String, usize, usize)>,
    recorded: &[String],
) -> Vec<(String, Option<(usize, usize)>)> {
    let mut out: Vec<(String, Option<(usize, usize)>)> =
        recorded.iter().map(|name| (name.clone(), None)).collect();
    for (name, start, end) in tokens {
        if let Some((_, slot)) = out.iter_mut().find(|(n, _)| *n == name) {
            match slot {
                None => *slot = Some((start, end)),
                Some((_, e)) if *e == start => *e = end,
                Some(_) => {}
            }
        }
    }
    out
}

fn failure<R: pest::RuleType>(e: &pest::error::Error<R>) -> Failure {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((p, _)) => p,
    };
    let names = |rules: &[R]| {
        let mut names: Vec<String> = rules.iter().map(|r| format!("{r:?}")).collect();
        names.sort();
        names
    };
    match &e.variant {
        pest::error::ErrorVariant::ParsingError {
            positives,
            negatives,
        } => Failure {
            pos,
            positives: names(positives),
            negatives: names(negatives),
        },
        pest::error::ErrorVariant::CustomError { .. } => Failure {
            pos,
            positives: Vec::new(),
            negatives: Vec::new(),
        },
    }
}

/// How the engines differ on `input` from `entry` of `grammar`, if they
/// do.
fn disagreement(grammar: &str, entry: &str, input: &str) -> Option<String> {
    let compiled = outcome(grammar, entry, input).expect("a known entry");
    let recorded: Vec<String> = compiled
        .records
        .iter()
        .flatten()
        .map(|(name, _)| name.clone())
        .collect();
    let pest = pest_outcome(grammar, entry, input, &recorded);
    let mut sorted = compiled.failure.clone();
    if let Some(f) = sorted.as_mut() {
        f.positives.sort();
        f.negatives.sort();
    }
    match (&compiled.records, pest) {
        (Some(records), Ok(spans)) if *records == spans => None,
        (None, Err(failure)) if sorted.as_ref() == Some(&failure) => None,
        (records, pest) => Some(format!(
            "{input:?} as {grammar}/{entry}:\n  compiled: {records:?} {sorted:?}\n  pest:     {pest:?}"
        )),
    }
}

#[track_caller]
fn assert_agree(grammar: &str, inputs: &[String]) {
    let mut problems = Vec::new();
    let mut compared = 0;
    for &(g, entry) in ENTRIES.iter().filter(|(g, _)| *g == grammar) {
        for input in inputs {
            compared += 1;
            problems.extend(disagreement(g, entry, input));
        }
    }
    assert!(compared > 0, "no entries for {grammar}");
    assert!(
        problems.is_empty(),
        "{} disagreements on {grammar}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The inputs of a grammar: `seeds`, each cut after every character, and
/// each with every one of `pieces` inserted at every position.
fn variants(seeds: &[&str], pieces: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for seed in seeds {
        out.push((*seed).to_owned());
        for (i, _) in seed.char_indices().skip(1) {
            out.push(seed[..i].to_owned());
            for piece in pieces {
                out.push(format!("{}{piece}{}", &seed[..i], &seed[i..]));
            }
        }
    }
    out
}

/// Each scheme grammar, its seeds (valid and invalid) and the pieces the
/// variants and the generated inputs are made of.
const CASES: &[(&str, &[&str], &[&str])] = &[
    (
        "http",
        &[
            "http://example.com/a?b#c",
            "https://u@[::1]:8080/",
            "http://",
            "http:x",
            "HTTPS://h",
        ],
        &["/", "?", "#", "@", ":", "%41", "[", "", "h"],
    ),
    (
        "ws",
        &["ws://h:80/chat?x", "wss://h/", "ws://u@h/", "ws://h/#f"],
        &["/", "?", "#", "@", ":", "%41"],
    ),
    (
        "file",
        &[
            "file:///etc/fstab",
            "file://localhost/etc",
            "file:/x",
            "file:etc",
            "file://h",
            "file:///a?q#f",
        ],
        &["/", "?", "#", ":", "localhost", "%41"],
    ),
    (
        "mailto",
        &[
            "mailto:chris@example.com",
            "mailto:infobot@example.com?body=send%20current-issue",
            "mailto:joe@example.com?cc=bob@example.com&body=hello",
            "mailto:?to=a@b,c@d",
            "mailto:joe",
            "a.b@c.d,\"x\\ y\"@[1.2.3.4]",
            "\"not@me\"@example.org",
            "user@納豆.example.org",
            "mailto:%22a;b%22@example.org,c%2Cd@e?to=Joe%20%3Cjoe@x%3E&cc=G:a@b,c@d%3B",
            "Joe Bloggs <joe@example.com>, G: a@b, (c) \"q\\\" w\" <c@d>;, e@f (x (y))",
            "undisclosed:;",
            " a@b\r\n (c)",
        ],
        &[
            "@", ",", ".", "\"", "\\", "[", "]", "?", "&", "=", "%20", " ", "é", ";", ":", "<",
            ">", "(", ")", "%3B", "%2C", "\r\n",
        ],
    ),
    (
        "urn",
        &[
            "urn:example:a123,z456",
            "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
            "urn:example:weather?=op=map&lat=39.56#frag",
            "urn:a:b",
            "urn:abcdefghijabcdefghijabcdefghijabc:x",
            "urn:ex-:x",
            "urn:example:x?+a?=",
            "urn:example:x?+a?=b?=c#f",
        ],
        &["-", ":", "?+", "?=", "?", "#", "/", "%2d", "a"],
    ),
    (
        "data",
        &[
            "data:,A%20brief%20note",
            "data:text/plain;charset=iso-8859-7,%be%be",
            "data:image/gif;base64,R0lGODdh",
            "data:;base64,SGk=",
            "data:text/plain",
            "SGVsbG8=",
            "SGk",
            "data:text/plain;a=%22x%5C%22y%22,z",
            "data:te%20xt/plain,x",
            "data:te%78t/pl%2Ain;a=b%3Dc;b%7E=%22%5C%5C%22,x",
        ],
        &[
            ";", ",", "/", "=", "base64", "%22", "+", "A", "%5C", "%20", "%3D", "%7e", "%2F",
        ],
    ),
    (
        "tel",
        &[
            "tel:+1-201-555-0123",
            "tel:7042;phone-context=example.com",
            "tel:863-1234;phone-context=+1-914-555",
            "tel:+1;ext=42;isub=1;tsp=a.b",
            "tel:7042",
            "tel:*21%23;phone-context=example.com",
            "tel:7042#;phone-context=example.com",
            "sms:+15105550101,+15105550102?body=hello%20there",
            "sms:7042;phone-context=example.com?x=1&body=",
            "sms:+1,",
        ],
        &[
            ";",
            "=",
            "+",
            "-",
            "(",
            ")",
            "ext",
            "phone-context",
            "*",
            "#",
            "%23",
            "a",
            ".",
            ",",
            "?",
            "&",
            "body",
            "%20",
        ],
    ),
    (
        "geo",
        &[
            "geo:13.4125,103.8667",
            "geo:48.2010,16.3695,183",
            "geo:48.198634,16.371648;crs=wgs84;u=40",
            "geo:1,2;u=5;crs=foo",
            "geo:90.00000000000000001,-180.000000000000000000",
            "-90.5",
            "123.45",
        ],
        &[",", ";", "=", ".", "-", "crs", "u", "1"],
    ),
    (
        "sip",
        &[
            "sip:alice:secretword@atlanta.com;transport=tcp",
            "sips:alice@atlanta.com?subject=project%20x&priority=urgent",
            "sip:+1-212-555-1212:1234@gateway.com;user=phone",
            "sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com",
            "sip:alice;day=tuesday@[2001:db8::1]:5060;lr;ttl=15;maddr=239.1.1.1",
            "sip:a@b;lr=on",
            "sip:a@192.0.2.4.5",
        ],
        &[
            ";", "=", "@", ":", "?", "&", ".", "-", "[", "]", "lr", "ttl=", "1", "%41",
        ],
    ),
    (
        "tag",
        &[
            "tag:timothy@hpl.hp.com,2001:web/externalHome",
            "tag:my-ids.com,2001-09-15:TimKindberg:presentations",
            "tag:yaml.org,2002:int#frag",
            "tag:a-.b,2001:x",
            "tag:example.com,01:x",
        ],
        &[",", ":", "-", ".", "@", "_", "1", "a", "#", "?"],
    ),
    (
        "acct",
        &[
            "acct:foobar@status.example.net",
            "acct:juliet%40capulet.example@shoppingsite.example",
            "acct:%41@h",
            "acct:a@[::1]#f",
        ],
        &["@", "%40", "!", ":", "[", ".", "a"],
    ),
    (
        "xmpp",
        &[
            "xmpp:node@example.com/resource?message;subject=Hi%20there",
            "xmpp://guest@example.com/support@example.com?message",
            "xmpp:example.com#f",
            "xmpp://guest@example.com",
            "xmpp:a@b/c/d",
        ],
        &["@", "/", "//", "?", ";", "=", "#", "%20", "&", ":"],
    ),
    (
        "about",
        &["about:blank", "about:", "about:a?b#c", "about:a/b"],
        &["/", "?", "#", ":", "%41", "a"],
    ),
    (
        "cid",
        &[
            "cid:foo4*foo1@bar.net",
            "mid:960830.1639@XIson.com/partA.960830.1639@XIson.com",
            "cid:foo4%25foo1@bar.net#x",
            "foo4%foo1@bar.net",
            "\"a b\"@[1.2.3.4]",
            "a..b@c",
            "cid:nobody",
        ],
        &[
            "@", ".", "/", "%22", "%2F", "\"", "[", "]", "\\", " ", "(", "é",
        ],
    ),
    (
        "ftp",
        &[
            "ftp://ftp.example.com/pub/file.txt;type=i",
            "ftp://anne:secret@[::1]:2121/a//b/",
            "ftp://@host.com/",
            "ftp://foo:@host.com/",
            "ftp://h",
            "ftp://h/a?b",
            "ftp://h:/x",
            "ftp:///x",
        ],
        &["/", ";type=", ";", "@", ":", "%2F", "?", "#", "~", "a", "D"],
    ),
    (
        "ldap",
        &[
            "ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)",
            "LDAP://ldap1.example.com/c=GB?objectClass?ONE",
            "ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com",
            "ldap://h/?cn;lang-en,1.1,*?base?(cn=*)?1.2.3=x,y",
            "ldap://u@h/",
            "UID=jsmith,DC=example,DC=net",
            "OU=Sales+CN=J.  Smith,DC=example,DC=net",
            r#"CN=James \"Jim\" Smith\, III,DC=example,DC=net"#,
            "1.3.6.1.4.1.1466.0=#04024869",
            r"CN=Lu\C4\8Di\C4\87 ",
            "(&(objectClass=Person)(|(sn=Jensen)(cn=Babs J*)))",
            "(o=univ*of*mich*)",
            "(sn:dn:2.4.6.8.10:=Barney Rubble)",
            "(:DN:2.4.6.8.10:=Dino)",
            "(cn:dnQualifier:=x)",
            "(!(cn=Tim Howes))",
            "(cn~=x)",
            r"(cn=*\2A*)",
        ],
        &[
            "?", ",", "(", ")", "*", "=", ":", "\\", "\\2", "#", "+", " ", ";", "!", "%20", "dn",
            "é",
        ],
    ),
    (
        "ni",
        &[
            "ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
            "ni://example.com/sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
            "ni:///sha-256-32;f4OxZQ?ct=text/plain",
            "nih:sha-256-120;5326-9057-e12f-e2b7-4ba0-7c89-2560-a2;f",
            "nih:3;532690-57e12f-e2b74b-a07c89-2560a2;f",
            "f4OxZQ",
            "f4OxZ",
            "ni:sha-256;x",
        ],
        &[";", "/", "?", "-", "_", "=", ".", "~", "a", "f"],
    ),
    (
        "coap",
        &[
            "coap://[2001:db8::2:1]/",
            "coap://example.net/.well-known/core",
            "coap://198.51.100.1:61616//%2F//?%2F%2F&?%26",
            "coaps://h:5684/a?b#c",
            "coap+tcp://h/x#f",
            "coaps+tcp://h",
            "coap+ws://example.org/sensors/temperature?u=Cel",
            "coaps+ws:///x",
            "coap:///x",
        ],
        &["/", "?", "#", "@", ":", "%41", "[", "h"],
    ),
    (
        "rtsp",
        &[
            "rtsp://media.example.com:554/twister/audiotrack",
            "rtsps://media.example.com/twister",
            "rtsp://u@h/a;b?c#d",
            "rtsp:x",
            "rtsp:///",
        ],
        &["/", "?", "#", "@", ":", ";", "%41", "s"],
    ),
    (
        "news",
        &[
            "news:comp.lang.c",
            "news://news.server.example/example.group.this",
            "news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
            "news:example.group.*,!example.group.x",
            "news://wild.server.example/example.group.th%3Fse",
            "nntp://news.server.example/example.group.this/12345",
            "nntp://h/example.group.n%2Fa/1",
            "news:a@",
            "a.b@c.d",
            "a.b@[1.2.3.4]",
            "comp.*,!comp.x",
            "example.group",
        ],
        &["@", ",", "!", "*", "?", "/", "%2F", ".", "[", "]", "1", "é"],
    ),
];

#[test]
fn every_entry_of_every_grammar_is_compared() {
    for (grammar, _, _) in CASES {
        let text = std::fs::read_to_string(format!(
            "{}/schemes/{grammar}.pest",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("the grammar file");
        // Every anchored entry the file defines is one the library runs.
        for line in text.lines() {
            let Some((name, _)) = line.split_once(" = ") else {
                continue;
            };
            if name.ends_with("_entry") {
                assert!(
                    ENTRIES.contains(&(grammar, name)),
                    "{grammar}/{name} is not compared"
                );
            }
        }
    }
    let grammars: Vec<&str> = CASES.iter().map(|(g, _, _)| *g).collect();
    assert!(ENTRIES.iter().all(|(g, _)| grammars.contains(g)));
}

#[test]
fn engines_agree_on_rfc_examples_and_their_variants() {
    for (grammar, seeds, pieces) in CASES {
        assert_agree(grammar, &variants(seeds, pieces));
    }
}

/// The pieces of all the grammars, for generated inputs.
fn all_pieces() -> Vec<String> {
    let mut pieces: Vec<String> = CASES
        .iter()
        .flat_map(|(_, _, pieces)| pieces.iter().map(|p| (*p).to_owned()))
        .collect();
    for (grammar, _, _) in CASES {
        pieces.push(format!("{grammar}:"));
    }
    pieces.sort();
    pieces.dedup();
    pieces
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(300, "tests/proptest-regressions/library/schemes/engines.txt"))]

    #[test]
    fn engines_agree_on_generated_inputs(
        (grammar, tokens) in (
            prop::sample::select(CASES.iter().map(|(g, _, _)| *g).collect::<Vec<_>>()),
            prop::collection::vec(prop::sample::select(all_pieces()), 0..10),
        )
    ) {
        let input = format!("{grammar}:{}", tokens.concat());
        for &(g, entry) in ENTRIES.iter().filter(|(g, _)| *g == grammar) {
            let problem = disagreement(g, entry, &input);
            prop_assert!(problem.is_none(), "{}", problem.unwrap_or_default());
            let problem = disagreement(g, entry, &tokens.concat());
            prop_assert!(problem.is_none(), "{}", problem.unwrap_or_default());
        }
    }
}
