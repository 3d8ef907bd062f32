//! What peguri knows about particular schemes, for scheme-based
//! normalization (RFC 3986 section 6.2.3).
//!
//! The table is written once, here, with the document that defines each
//! fact. Names registered as permanent with IANA cite their registration's
//! RFC; the others (ssh, git, redis, postgres, mysql, mongodb, amqp, mqtt,
//! ldaps) are provisional, historical or unregistered, and cite the
//! specification their users follow.

/// The facts peguri uses about one scheme.
///
/// ```
/// let http = peguri::scheme::scheme_info("HTTP").unwrap();
/// assert_eq!(http.name, "http");
/// assert_eq!(http.default_port, Some(80));
/// assert!(http.empty_path_is_root);
/// assert!(http.spec.contains("RFC 9110"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SchemeInfo {
    /// The scheme name, lowercase.
    pub name: &'static str,
    /// The port an authority means when it names none; an authority port
    /// equal to it is dropped by scheme-based normalization.
    pub default_port: Option<u16>,
    /// Whether an empty path after an authority means `/`, so that
    /// `scheme://host` and `scheme://host/` are the same resource.
    pub empty_path_is_root: bool,
    /// The document (and section) these facts come from.
    pub spec: &'static str,
}

const fn info(
    name: &'static str,
    default_port: u16,
    empty_path_is_root: bool,
    spec: &'static str,
) -> SchemeInfo {
    SchemeInfo {
        name,
        default_port: Some(default_port),
        empty_path_is_root,
        spec,
    }
}

/// The scheme knowledge table, sorted by name.
const SCHEMES: &[SchemeInfo] = &[
    info(
        "amqp",
        5672,
        false,
        "AMQP 0-9-1 URI specification (RabbitMQ), section 3; IANA port 5672",
    ),
    info("coap", 5683, false, "RFC 7252, section 6.1"),
    info("coap+tcp", 5683, false, "RFC 8323, section 8.1"),
    info("coap+ws", 80, false, "RFC 8323, section 8.3"),
    info("coaps", 5684, false, "RFC 7252, section 6.2"),
    info("coaps+tcp", 5684, false, "RFC 8323, section 8.2"),
    info("coaps+ws", 443, false, "RFC 8323, section 8.4"),
    info("ftp", 21, false, "RFC 1738, section 3.2"),
    info(
        "git",
        9418,
        false,
        "Git documentation, git-daemon and \"GIT URLS\" (gitprotocol-pack); IANA port 9418",
    ),
    info("gopher", 70, false, "RFC 4266, section 2.1"),
    info("http", 80, true, "RFC 9110, sections 4.2.1 and 4.2.3"),
    info("https", 443, true, "RFC 9110, sections 4.2.2 and 4.2.3"),
    info("imap", 143, false, "RFC 5092, section 3"),
    info("ldap", 389, false, "RFC 4516, section 2"),
    info(
        "ldaps",
        636,
        false,
        "not registered; LDAP over TLS as RFC 4516 URLs with IANA port 636 (RFC 8314 practice)",
    ),
    info(
        "mongodb",
        27017,
        false,
        "MongoDB Connection String URI Format (MongoDB manual); IANA port 27017",
    ),
    info(
        "mqtt",
        1883,
        false,
        "OASIS MQTT Version 5.0, section 4.8 and IANA port 1883 (provisional scheme)",
    ),
    info(
        "mysql",
        3306,
        false,
        "MySQL Reference Manual, \"Connecting to the Server Using URI-Like Strings\"; IANA port 3306",
    ),
    info("news", 119, false, "RFC 5538, section 2.1"),
    info("nntp", 119, false, "RFC 5538, section 2.2"),
    info("pop", 110, false, "RFC 2384, section 3"),
    info(
        "postgres",
        5432,
        false,
        "PostgreSQL documentation, libpq \"Connection URIs\" (section 34.1.1); IANA port 5432",
    ),
    info(
        "postgresql",
        5432,
        false,
        "PostgreSQL documentation, libpq \"Connection URIs\" (section 34.1.1); IANA port 5432",
    ),
    info(
        "redis",
        6379,
        false,
        "IANA provisional registration \"redis\" (Redis URI scheme specification); port 6379",
    ),
    info(
        "rtsp",
        554,
        false,
        "RFC 7826, section 4.2 (RFC 2326, section 3.2)",
    ),
    info("rtsps", 322, false, "RFC 7826, section 4.2"),
    info(
        "sip",
        5060,
        false,
        "RFC 3261, section 19.1.2 (the port is in the host part, not an RFC 3986 authority)",
    ),
    info(
        "sips",
        5061,
        false,
        "RFC 3261, section 19.1.2 (the port is in the host part, not an RFC 3986 authority)",
    ),
    info(
        "ssh",
        22,
        false,
        "draft-ietf-secsh-scp-sftp-ssh-uri-04, section 3 (IANA provisional)",
    ),
    info("telnet", 23, false, "RFC 4248, section 2"),
    info("ws", 80, true, "RFC 6455, section 3"),
    info("wss", 443, true, "RFC 6455, section 3"),
];

/// What peguri knows about a scheme, looked up without regard to case.
///
/// ```
/// use peguri::scheme::scheme_info;
///
/// assert_eq!(scheme_info("wss").and_then(|s| s.default_port), Some(443));
/// assert_eq!(scheme_info("PostgreSQL").map(|s| s.name), Some("postgresql"));
/// assert!(scheme_info("urn").is_none());
/// ```
pub fn scheme_info(name: &str) -> Option<&'static SchemeInfo> {
    SCHEMES.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}

/// Every scheme of the table, sorted by name.
///
/// ```
/// let names: Vec<&str> = peguri::scheme::known_schemes().iter().map(|s| s.name).collect();
/// assert!(names.contains(&"mqtt"));
/// assert!(names.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn known_schemes() -> &'static [SchemeInfo] {
    SCHEMES
}
