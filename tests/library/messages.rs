//! Messages that quote input quote it bounded and escaped, as
//! `peguri::error::Quoted` and `peguri::error::Excerpt` show it, whatever the input's
//! length.

/// Issue 38: `IdnaError` quoted its host whole, so that a host of a
/// million characters gave a message of megabytes.
#[cfg(feature = "idna")]
#[test]
fn idna_errors_quote_the_host_bounded() {
    let host = format!("{}_", "ü".repeat(1_000_000));
    let err = peguri::IriRef::parse(&format!("//{host}"))
        .unwrap()
        .to_uri_idna()
        .unwrap_err();
    assert_eq!(err.host(), host);
    let shown = err.to_string();
    assert_eq!(
        shown,
        format!(
            "the host \"{}… (2000001 bytes)\" has no ASCII form: UTS 46 ToASCII rejects it \
             (RFC 3987 section 3.1): UseSTD3ASCIIRules allows letters, digits and '-' in a \
             label, not '_'",
            "ü".repeat(80)
        )
    );
    // A rule that names the label quotes it the same way.
    let label = "ü".repeat(100_000);
    let err = peguri::IriRef::parse(&format!("//{label}.example"))
        .unwrap()
        .to_uri_idna()
        .unwrap_err();
    assert!(err.rule().len() < 400, "{}", err.rule());
    assert!(err.rule().contains("… (200000 bytes)"), "{}", err.rule());
}
