//! Differential tests against fluent-uri, another strict RFC 3986 parser:
//! the two must agree on which strings are URI references and on every
//! component. The same check runs under cargo-fuzz
//! (`fuzz/fuzz_targets/differential_fluent.rs`); here it is a bounded
//! property test plus the shared vectors and corpus.

use crate::common;

use peguri::UriRef;
use proptest::prelude::*;

/// The components as both parsers report them, or `None` when invalid.
type Parts<'a> = Option<(
    Option<&'a str>,
    Option<(Option<&'a str>, &'a str, Option<&'a str>)>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
)>;

fn ours(input: &str) -> Parts<'_> {
    let u = UriRef::parse(input).ok()?;
    Some((
        u.scheme(),
        u.authority()
            .map(|a| (a.userinfo(), a.host_str(), a.port())),
        u.path(),
        u.query(),
        u.fragment(),
    ))
}

fn theirs(input: &str) -> Parts<'_> {
    let u = fluent_uri::UriRef::parse(input).ok()?;
    Some((
        u.scheme().map(|s| s.as_str()),
        u.authority().map(|a| {
            (
                a.userinfo().map(|x| x.as_str()),
                a.host(),
                a.port().map(|p| p.as_str()),
            )
        }),
        u.path().as_str(),
        u.query().map(|q| q.as_str()),
        u.fragment().map(|f| f.as_str()),
    ))
}

#[track_caller]
fn agree(input: &str) -> Result<(), String> {
    let (a, b) = (ours(input), theirs(input));
    if a == b {
        Ok(())
    } else {
        Err(format!("peguri {a:?}, fluent-uri {b:?}"))
    }
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(4000, "tests/proptest-regressions/library/differential.txt"))]

    #[test]
    fn agree_on_uri_like_strings(input in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;=~_\\- ]{0,30}") {
        prop_assert!(agree(&input).is_ok(), "{:?}: {}", input, agree(&input).unwrap_err());
    }

    #[test]
    fn agree_on_ip_literals(input in "(http:)?//(u@)?\\[[0-9a-fA-FvV.:]{0,24}\\](:[0-9]{0,3})?/?") {
        prop_assert!(agree(&input).is_ok(), "{:?}: {}", input, agree(&input).unwrap_err());
    }

    #[test]
    fn agree_on_arbitrary_strings(input in any::<String>()) {
        prop_assert!(agree(&input).is_ok(), "{:?}: {}", input, agree(&input).unwrap_err());
    }
}

#[test]
fn agree_on_shared_vectors_and_corpus() {
    let mut inputs: Vec<String> = Vec::new();
    for file in ["testdata/valid.json", "testdata/invalid.json"] {
        let Some(records) = common::shared_records(file) else {
            return;
        };
        inputs.extend(
            records
                .iter()
                .filter_map(|r| common::str_field(r, "input"))
                .map(str::to_owned),
        );
    }
    for file in ["kasztp", "userbait", "node_files", "isaacs_files"] {
        let Some(path) = common::shared_file(&format!("corpus/{file}.txt")) else {
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        inputs.extend(
            text.lines()
                .map(|l| l.trim_start_matches('\u{FEFF}').to_owned()),
        );
    }
    let disagreements: Vec<String> = inputs
        .iter()
        .filter_map(|i| agree(i).err().map(|e| format!("{i:?}: {e}")))
        .collect();
    common::notice(&format!(
        "differential: {} inputs, {} disagreements with fluent-uri",
        inputs.len(),
        disagreements.len()
    ));
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
