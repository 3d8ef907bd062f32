//! Public suffixes and registrable domains (feature `psl`): the Public
//! Suffix List project's own test cases (`checkPublicSuffix`, as the
//! `publicsuffix` crate ships them beside the list file they go with), on
//! the built-in list and on that list file loaded at run time; case,
//! leading and trailing dots, IDN labels, percent-encoding, IP hosts; and
//! the ICANN section alone against the `publicsuffix` crate's own.

use std::path::PathBuf;
use std::process::Command;

use peguri::{Host, IriRef, PublicSuffixList, UriRef};
use publicsuffix::Psl as _;

/// The folder of the `publicsuffix` package, whose `tests/` holds the
/// list project's test cases (`tests.txt`) and the list they were written
/// for (`public_suffix_list.dat`).
fn publicsuffix_package() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--features", "psl"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata failed");
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let package = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "publicsuffix")
        .expect("publicsuffix is a dependency of the feature psl");
    PathBuf::from(package["manifest_path"].as_str().expect("a manifest path"))
        .parent()
        .expect("the package's folder")
        .to_path_buf()
}

fn package_file(name: &str) -> String {
    let path = publicsuffix_package().join("tests").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The list's test cases: the input (`None` for the test of a null input)
/// and its registrable domain.
fn check_public_suffix_cases() -> Vec<(Option<String>, Option<String>)> {
    let text = package_file("tests.txt");
    let null = |s: &str| (s != "null").then(|| s.to_owned());
    let cases: Vec<_> = text
        .lines()
        .filter(|line| !line.starts_with("//") && !line.trim().is_empty())
        .map(|line| {
            let mut words = line.split_whitespace();
            let input = words.next().expect("an input");
            let expected = words.next().expect("an expected value");
            (null(input), null(expected))
        })
        .collect();
    assert!(cases.len() > 70, "{} cases", cases.len());
    cases
}

/// The registrable domain of `input` as the host of an IRI reference
/// `//input/`, and, when it is ASCII, of a URI reference too (which must
/// agree); `None` input stands for a reference without an authority.
fn registrable(list: &PublicSuffixList, input: Option<&str>) -> Option<String> {
    let Some(input) = input else {
        let uri = UriRef::parse("/path").expect("a URI reference");
        let host = uri.authority().map(|a| a.host());
        assert_eq!(uri.registrable_domain(), None);
        return host.and_then(|h| list.registrable_domain(&h).map(|d| d.into_owned()));
    };
    let text = format!("//{input}/");
    let iri = IriRef::parse(&text).expect("an IRI reference");
    let from_iri = list
        .registrable_domain(&iri.authority().expect("an authority").host())
        .map(|d| d.into_owned());
    if input.is_ascii() {
        let uri = UriRef::parse(&text).expect("a URI reference");
        let from_uri = list
            .registrable_domain(&uri.authority().expect("an authority").host())
            .map(|d| d.into_owned());
        assert_eq!(from_uri, from_iri, "{input}: URI and IRI differ");
    }
    from_iri
}

#[test]
fn the_lists_own_test_cases_hold_on_the_built_in_list() {
    let list = PublicSuffixList::built_in();
    let mut failures = Vec::new();
    for (input, expected) in check_public_suffix_cases() {
        let found = registrable(&list, input.as_deref());
        if found != expected {
            failures.push(format!("{input:?}: expected {expected:?}, found {found:?}"));
        }
        // The reference methods use the built-in list.
        if let Some(input) = &input {
            let text = format!("//{input}/");
            let iri = IriRef::parse(&text).expect("an IRI reference");
            assert_eq!(iri.registrable_domain().map(|d| d.into_owned()), found);
        }
    }
    assert!(
        failures.is_empty(),
        "built-in list {}:\n{}",
        PublicSuffixList::built_in_version(),
        failures.join("\n")
    );
}

#[test]
fn the_lists_own_test_cases_hold_on_the_list_file_loaded_at_run_time() {
    let list = PublicSuffixList::parse(&package_file("public_suffix_list.dat")).expect("the list");
    let mut failures = Vec::new();
    for (input, expected) in check_public_suffix_cases() {
        let found = registrable(&list, input.as_deref());
        if found != expected {
            failures.push(format!("{input:?}: expected {expected:?}, found {found:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn suffix(host: &str) -> Option<String> {
    Host::RegName(host).public_suffix().map(|s| s.into_owned())
}

fn domain(host: &str) -> Option<String> {
    Host::RegName(host)
        .registrable_domain()
        .map(|s| s.into_owned())
}

#[test]
fn labels_compare_without_case_and_results_are_lowercase() {
    assert_eq!(
        domain("WWW.EXAMPLE.CO.UK").as_deref(),
        Some("example.co.uk")
    );
    assert_eq!(suffix("Example.Co.Uk").as_deref(), Some("co.uk"));
    assert_eq!(suffix("COM").as_deref(), Some("com"));
    assert_eq!(domain("COM"), None);
    // An unchanged lowercase host is borrowed, not copied.
    let host = Host::RegName("www.example.com");
    assert!(matches!(
        host.registrable_domain(),
        Some(std::borrow::Cow::Borrowed("example.com"))
    ));
    // Uppercase A-labels, and uppercase non-ASCII letters through UTS 46.
    assert_eq!(
        domain("WWW.XN--85X722F.XN--55QX5D.CN").as_deref(),
        Some("xn--85x722f.xn--55qx5d.cn")
    );
    assert_eq!(domain("WWW.BÜCHER.DE").as_deref(), Some("bücher.de"));
}

#[test]
fn a_name_with_an_empty_label_has_none() {
    for host in [
        ".com",
        ".example.com",
        "..example.com",
        "a..example.com",
        "",
        ".",
        "..",
    ] {
        assert_eq!(suffix(host), None, "{host:?}");
        assert_eq!(domain(host), None, "{host:?}");
    }
    // The trailing dot of the DNS root is not part of the results.
    assert_eq!(domain("www.example.com.").as_deref(), Some("example.com"));
    assert_eq!(suffix("example.co.uk.").as_deref(), Some("co.uk"));
    assert_eq!(domain("co.uk."), None);
}

#[test]
fn idn_labels_match_in_either_form_and_come_back_in_their_own() {
    // U-labels in an IRI, A-labels in a URI, percent-encoded UTF-8 in a URI.
    let iri = IriRef::parse("http://www.食狮.公司.cn/").unwrap();
    assert_eq!(iri.registrable_domain().as_deref(), Some("食狮.公司.cn"));
    assert_eq!(iri.public_suffix().as_deref(), Some("公司.cn"));
    let uri = UriRef::parse("http://www.xn--85x722f.xn--55qx5d.cn/").unwrap();
    assert_eq!(
        uri.registrable_domain().as_deref(),
        Some("xn--85x722f.xn--55qx5d.cn")
    );
    assert_eq!(uri.public_suffix().as_deref(), Some("xn--55qx5d.cn"));
    let encoded = UriRef::parse("http://www.%E9%A3%9F%E7%8B%AE.%E5%85%AC%E5%8F%B8.cn/").unwrap();
    assert_eq!(
        encoded.registrable_domain().as_deref(),
        Some("食狮.公司.cn")
    );
    // The full stops of other scripts are full stops (UTS 46).
    assert_eq!(domain("www。食狮．中国").as_deref(), Some("食狮.中国"));
    // A public suffix in U-labels is one in A-labels.
    assert_eq!(domain("公司.cn"), None);
    assert_eq!(domain("xn--55qx5d.cn"), None);
    // Percent-encoded octets that are not UTF-8 name no domain.
    let latin1 = UriRef::parse("http://b%FCcher.de/").unwrap();
    assert_eq!(latin1.registrable_domain(), None);
}

#[test]
fn ip_hosts_and_references_without_a_host_have_none() {
    for text in [
        "http://127.0.0.1/",
        "http://[::1]/",
        "http://[2001:db8::1]:8080/",
        "http://[v1.example.com]/",
        "mailto:a@example.com",
        "/relative/path",
        "file:///etc/hosts",
    ] {
        let uri = UriRef::parse(text).unwrap();
        assert_eq!(uri.public_suffix(), None, "{text}");
        assert_eq!(uri.registrable_domain(), None, "{text}");
    }
    // `1.2.3.4.5` is no IPv4 address but a registered name (RFC 3986
    // section 3.2.2), of the unlisted top-level label `5`.
    let uri = UriRef::parse("http://1.2.3.4.5/").unwrap();
    assert_eq!(uri.registrable_domain().as_deref(), Some("4.5"));
}

#[test]
fn wildcards_exceptions_and_the_default_rule() {
    assert_eq!(suffix("a.b.c.mm").as_deref(), Some("c.mm"));
    assert_eq!(domain("c.mm"), None);
    assert_eq!(domain("www.www.ck").as_deref(), Some("www.ck"));
    assert_eq!(suffix("www.ck").as_deref(), Some("ck"));
    assert_eq!(suffix("host.unlisted-tld").as_deref(), Some("unlisted-tld"));
    assert_eq!(
        domain("a.host.unlisted-tld").as_deref(),
        Some("host.unlisted-tld")
    );
}

/// Host names made from every rule of the list file: the rule itself (a
/// wildcard's `*` as a label), and one and two labels more.
fn names_from_rules(list_text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in list_text.lines() {
        let Some(rule) = line.split_whitespace().next() else {
            continue;
        };
        if rule.starts_with("//") {
            continue;
        }
        let rule = rule.trim_start_matches('!').replace('*', "wild");
        names.push(rule.clone());
        names.push(format!("a.{rule}"));
        names.push(format!("b.a.{rule}"));
    }
    names
}

#[test]
fn both_sections_and_the_icann_section_alone_agree_with_the_publicsuffix_crate() {
    let text = package_file("public_suffix_list.dat");
    let ours = PublicSuffixList::parse(&text).unwrap();
    let ours_icann = ours.clone().icann_only();
    let theirs: publicsuffix::List = text.parse().unwrap();
    let theirs_icann: publicsuffix::IcannList = text.parse().unwrap();
    let names = names_from_rules(&text);
    assert!(names.len() > 20_000, "{} names", names.len());
    let mut private_differs = 0;
    for name in &names {
        let host = Host::RegName(name);
        let ascii = idna::domain_to_ascii(name).unwrap();
        let expect = |found: Option<publicsuffix::Domain<'_>>| {
            found.map(|d| {
                let shown = std::str::from_utf8(d.as_bytes()).unwrap();
                // Their result is cut from the A-label form; ours from the
                // name as given, which has as many labels.
                let labels = shown.split('.').count();
                let start = name.len() + 1
                    - name
                        .rsplit('.')
                        .take(labels)
                        .map(|l| l.len() + 1)
                        .sum::<usize>();
                name[start..].to_owned()
            })
        };
        let both = expect(theirs.domain(ascii.as_bytes()));
        assert_eq!(
            ours.registrable_domain(&host).map(|d| d.into_owned()),
            both,
            "{name}"
        );
        let icann = expect(theirs_icann.domain(ascii.as_bytes()));
        assert_eq!(
            ours_icann.registrable_domain(&host).map(|d| d.into_owned()),
            icann,
            "{name}, ICANN section"
        );
        private_differs += usize::from(both != icann);
    }
    // The private section changes the answer for many of the names.
    assert!(private_differs > 5_000, "{private_differs}");
}

#[test]
fn the_icann_section_alone_on_the_built_in_list() {
    let icann = PublicSuffixList::built_in().icann_only();
    let host = Host::RegName("a.b.blogspot.com");
    assert_eq!(icann.public_suffix(&host).as_deref(), Some("com"));
    assert_eq!(
        icann.registrable_domain(&host).as_deref(),
        Some("blogspot.com")
    );
    assert_eq!(
        domain("a.b.blogspot.com").as_deref(),
        Some("b.blogspot.com")
    );
    let host = Host::RegName("x.s3.amazonaws.com");
    assert_eq!(
        icann.registrable_domain(&host).as_deref(),
        Some("amazonaws.com")
    );
    // ICANN rules still apply in full.
    let host = Host::RegName("www.example.co.uk");
    assert_eq!(
        icann.registrable_domain(&host).as_deref(),
        Some("example.co.uk")
    );
}

fn subdomain(host: &str) -> Option<String> {
    Host::RegName(host).subdomain().map(|s| s.into_owned())
}

/// The list's own cases, read for the subdomain: the labels of the input
/// before the registrable domain the list's test expects (lowercase, as
/// the results are), `""` when the input is that domain, `None` where the
/// test expects none.
#[test]
fn the_subdomain_is_what_the_lists_own_cases_leave_before_the_registrable_domain() {
    let mut checked = 0;
    for (input, expected) in check_public_suffix_cases() {
        let Some(input) = input.filter(|i| i.is_ascii()) else {
            continue;
        };
        let lower = input.to_ascii_lowercase();
        let host = lower.strip_suffix('.').unwrap_or(&lower);
        let want = expected.map(|domain| match host.strip_suffix(domain.as_str()) {
            Some("") => String::new(),
            Some(head) => head.strip_suffix('.').expect("a label boundary").to_owned(),
            None => panic!("{input}: {domain} does not end it"),
        });
        assert_eq!(subdomain(&input), want, "{input}");
        let text = format!("//{input}/");
        let uri = UriRef::parse(&text).expect("a URI reference");
        assert_eq!(uri.subdomain().map(|s| s.into_owned()), want, "{text}");
        checked += 1;
    }
    assert!(checked > 60, "{checked} cases");
}

#[test]
fn the_subdomain_of_idn_and_private_names() {
    let iri = IriRef::parse("http://A.www.食狮.公司.cn/").unwrap();
    assert_eq!(iri.subdomain().as_deref(), Some("a.www"));
    let uri = UriRef::parse("http://A.www.xn--85x722f.xn--55qx5d.cn/").unwrap();
    assert_eq!(uri.subdomain().as_deref(), Some("a.www"));
    let encoded =
        UriRef::parse("http://%E9%A3%9F.%E9%A3%9F%E7%8B%AE.%E5%85%AC%E5%8F%B8.cn/").unwrap();
    assert_eq!(encoded.subdomain().as_deref(), Some("食"));
    assert_eq!(subdomain("www。食狮．中国").as_deref(), Some("www"));
    assert_eq!(subdomain("b.me.github.io").as_deref(), Some("b"));
    let icann = PublicSuffixList::built_in().icann_only();
    assert_eq!(
        icann.subdomain(&Host::RegName("b.me.github.io")).as_deref(),
        Some("b.me")
    );
    // Borrowed from the host when it is lowercase ASCII.
    assert!(matches!(
        Host::RegName("a.b.example.com").subdomain(),
        Some(std::borrow::Cow::Borrowed("a.b"))
    ));
    assert_eq!(subdomain("www.example.com.").as_deref(), Some("www"));
    for host in ["co.uk", ".example.com", "a..example.com", "", "com"] {
        assert_eq!(subdomain(host), None, "{host:?}");
    }
    // The default rule `*`: an unlisted top-level label is a suffix.
    assert_eq!(subdomain("a.b.unlisted-tld").as_deref(), Some("a"));
}

/// RFC 3986 section 7.4: a reg-name that `inet_aton` and browsers read as
/// an IPv4 address names that address, not a domain; the list is not
/// applied to it, in whatever case, encoding or script it is written, and
/// exactly the hosts the lint flags as `ambiguous-ipv4` are concerned.
#[test]
fn a_name_that_reads_as_an_ipv4_address_has_no_suffix_domain_or_subdomain() {
    let ambiguous = [
        "http://0x7f.1/",
        "http://0X7F.1/",
        "http://127.1/",
        "http://0177.0.0.1/",
        "http://2130706433/",
        "http://0x7f000001/",
        "http://127.0.0.1./",
        "http://1.2.3/",
        "http://%30x7f.1/",
        "http://user@0x7f.1:80/p?q",
    ];
    for text in ambiguous {
        let uri = UriRef::parse(text).unwrap();
        let codes: Vec<String> = peguri::lint::lint(&uri)
            .iter()
            .map(|f| f.code.as_str().to_owned())
            .collect();
        assert!(
            codes.contains(&"ambiguous-ipv4".to_owned()),
            "{text}: {codes:?}"
        );
        assert_eq!(uri.public_suffix(), None, "{text}");
        assert_eq!(uri.registrable_domain(), None, "{text}");
        assert_eq!(uri.subdomain(), None, "{text}");
        let list = PublicSuffixList::parse(&package_file("public_suffix_list.dat")).unwrap();
        let host = uri.authority().unwrap().host();
        assert_eq!(list.public_suffix(&host), None, "{text}, loaded list");
    }
    // Full-width digits map to ASCII ones (UTS 46), as a browser reads them.
    let iri = IriRef::parse("http://１２７.１/").unwrap();
    assert_eq!(iri.public_suffix(), None);
    // Names with a label that is not a number are domains, whatever their
    // other labels.
    for (text, domain) in [
        ("http://127.0.0.1.example/", "1.example"),
        ("http://0x7f.example.com/", "example.com"),
        ("http://1.2.3.4.5/", "4.5"),
        ("http://256.1/", "256.1"),
    ] {
        let uri = UriRef::parse(text).unwrap();
        let codes: Vec<String> = peguri::lint::lint(&uri)
            .iter()
            .map(|f| f.code.as_str().to_owned())
            .collect();
        assert!(
            !codes.contains(&"ambiguous-ipv4".to_owned()),
            "{text}: {codes:?}"
        );
        assert_eq!(uri.registrable_domain().as_deref(), Some(domain), "{text}");
    }
}
