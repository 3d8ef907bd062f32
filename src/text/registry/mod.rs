//! The IANA URI Schemes registry: a copy built in, a registry file read
//! at run time, case-insensitive lookup and near-miss suggestions.

mod csv;
mod error;
mod near_miss;

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use once_cell::race::OnceBox;

use crate::syntax::engine::rule_failure;
use csv::Records;
pub use error::{SchemeRegistryError, SchemeRegistryErrorKind};

/// The text of the built-in registry: IANA's CSV, with a header comment
/// that says where its rows come from.
const BUILT_IN: &str = include_str!("iana-uri-schemes.csv");

/// The status a scheme is registered with (RFC 7595 sections 3 to 5).
///
/// ```
/// use peguri::scheme::SchemeStatus;
///
/// assert_eq!(SchemeStatus::Historical.as_str(), "historical");
/// assert_eq!(SchemeStatus::Permanent.to_string(), "permanent");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum SchemeStatus {
    /// Registered with a specification that meets RFC 7595 section 3.
    Permanent,
    /// Registered to reserve the name and say how it is used, without the
    /// review a permanent registration has (RFC 7595 section 4).
    Provisional,
    /// No longer in common use or no longer recommended (RFC 7595
    /// section 5).
    Historical,
}

impl SchemeStatus {
    /// `"permanent"`, `"provisional"` or `"historical"`.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::SchemeStatus::Provisional.as_str(), "provisional");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            SchemeStatus::Permanent => "permanent",
            SchemeStatus::Provisional => "provisional",
            SchemeStatus::Historical => "historical",
        }
    }

    /// The status of a Status cell as IANA writes it (`Permanent`), in
    /// any case.
    fn from_cell(cell: &str) -> Option<SchemeStatus> {
        [
            SchemeStatus::Permanent,
            SchemeStatus::Provisional,
            SchemeStatus::Historical,
        ]
        .into_iter()
        .find(|status| status.as_str().eq_ignore_ascii_case(cell.trim()))
    }
}

impl fmt::Display for SchemeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The status's name, as [`as_str`](SchemeStatus::as_str) gives it.
///
/// ```
/// let status = peguri::scheme::SchemeStatus::Permanent;
/// assert_eq!(serde_json::to_string(&status).unwrap(), r#""permanent""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for SchemeStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One scheme of a [`SchemeRegistry`]: a row of IANA's table.
///
/// ```
/// use peguri::scheme::{SchemeRegistry, SchemeStatus};
///
/// let geo = SchemeRegistry::built_in().get("GEO").unwrap();
/// assert_eq!(geo.name(), "geo");
/// assert_eq!(geo.status(), SchemeStatus::Permanent);
/// assert_eq!(geo.description(), "Geographic Locations");
/// assert_eq!(geo.reference(), "[RFC5870]");
/// assert_eq!(geo.template(), None);
/// assert!(!geo.is_obsolete());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegisteredScheme {
    name: String,
    status: SchemeStatus,
    description: String,
    template: String,
    reference: String,
    obsolete: bool,
}

impl RegisteredScheme {
    /// The scheme name, as the registry writes it (lowercase in IANA's).
    ///
    /// ```
    /// let about = peguri::scheme::registration("about").unwrap();
    /// assert_eq!(about.name(), "about");
    /// ```
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The status it is registered with.
    ///
    /// ```
    /// use peguri::scheme::{registration, SchemeStatus};
    /// assert_eq!(registration("ssh").unwrap().status(), SchemeStatus::Provisional);
    /// ```
    #[must_use]
    pub fn status(&self) -> SchemeStatus {
        self.status
    }

    /// The registry's description (often just the name).
    ///
    /// ```
    /// let ftp = peguri::scheme::registration("ftp").unwrap();
    /// assert_eq!(ftp.description(), "File Transfer Protocol");
    /// ```
    #[must_use]
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The registration template's path under
    /// <https://www.iana.org/assignments/uri-schemes/> (`prov/git`), when
    /// the registry holds one rather than an RFC.
    ///
    /// ```
    /// let git = peguri::scheme::registration("git").unwrap();
    /// assert_eq!(git.template(), Some("prov/git"));
    /// ```
    #[must_use]
    pub fn template(&self) -> Option<&str> {
        Some(&*self.template).filter(|t| !t.is_empty())
    }

    /// The registry's reference: the RFC that defines the scheme, or the
    /// person or body that registered it, in IANA's brackets
    /// (`[RFC6068]`, `"[RFC7230, Section 2.7.1]"`).
    ///
    /// ```
    /// let mailto = peguri::scheme::registration("mailto").unwrap();
    /// assert_eq!(mailto.reference(), "[RFC6068]");
    /// ```
    #[must_use]
    pub fn reference(&self) -> &str {
        &self.reference
    }

    /// Whether the registry marks the name `(OBSOLETE)`, as IANA writes
    /// it after a name that a newer registration replaces.
    ///
    /// ```
    /// let text = "URI Scheme,Template,Description,Status,Reference\n\
    ///             shttp (OBSOLETE),,Secure HTTP,Permanent,[RFC2660]\n";
    /// let registry = peguri::scheme::SchemeRegistry::parse(text)?;
    /// assert!(registry.get("shttp").unwrap().is_obsolete());
    /// # Ok::<_, peguri::error::SchemeRegistryError>(())
    /// ```
    #[must_use]
    pub fn is_obsolete(&self) -> bool {
        self.obsolete
    }
}

/// `{"name", "status", "description", "template", "reference",
/// "obsolete"}`, `template` null when the registry has none.
///
/// ```
/// let wais = peguri::scheme::registration("wais").unwrap();
/// assert_eq!(
///     serde_json::to_string(wais).unwrap(),
///     r#"{"name":"wais","status":"historical","description":"Wide Area Information Servers","template":null,"reference":"[RFC4156]","obsolete":false}"#
/// );
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for RegisteredScheme {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("RegisteredScheme", 6)?;
        s.serialize_field("name", self.name())?;
        s.serialize_field("status", &self.status)?;
        s.serialize_field("description", self.description())?;
        s.serialize_field("template", &self.template())?;
        s.serialize_field("reference", self.reference())?;
        s.serialize_field("obsolete", &self.obsolete)?;
        s.end()
    }
}

/// The IANA "Uniform Resource Identifier (URI) Schemes" registry
/// (<https://www.iana.org/assignments/uri-schemes/>, RFC 7595): which
/// scheme names are registered, with which status, and where each is
/// defined.
///
/// [`built_in`](Self::built_in) is the copy compiled into peguri;
/// [`parse`](Self::parse) reads the registry's CSV as iana.org publishes
/// it (`uri-schemes-1.csv`), for the current list. Names compare without
/// regard to case (RFC 3986 section 3.1). The lints `unregistered-scheme`
/// and `historical-scheme` ([`lint`](crate::lint)) read a registry.
///
/// The built-in copy holds IANA's permanent and provisional schemes of
/// 2015-04-05 (its tables as mirrored in the repository stkyle/bulwark,
/// commit 8c5de2c), 186 names in all, and the three historical schemes
/// whose RFC moves or registers them there: `mailserver` (RFC 6196),
/// `prospero` (RFC 4157) and `wais` (RFC 4156). Schemes registered since
/// then (`acct`'s RFC 7565 number, `coap+tcp`, `ipfs`...) are in the
/// current file, which [`parse`](Self::parse) reads.
///
/// ```
/// use peguri::scheme::{SchemeRegistry, SchemeStatus};
///
/// let registry = SchemeRegistry::built_in();
/// assert_eq!(registry.get("HTTPS").map(|s| s.status()), Some(SchemeStatus::Permanent));
/// assert_eq!(registry.get("wais").map(|s| s.status()), Some(SchemeStatus::Historical));
/// assert!(registry.get("htp").is_none());
/// assert_eq!(registry.near_miss("htp").map(|s| s.name()), Some("http"));
/// assert_eq!(registry.len(), 186);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SchemeRegistry {
    /// Sorted by name, compared without regard to case.
    entries: Vec<RegisteredScheme>,
}

/// The names compared as RFC 3986 section 3.1 compares schemes: without
/// regard to ASCII case.
fn compare_names(a: &str, b: &str) -> Ordering {
    a.bytes()
        .map(|c| c.to_ascii_lowercase())
        .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

impl SchemeRegistry {
    /// The registry built into peguri (see the type's documentation for
    /// what it holds and where it comes from), read once.
    ///
    /// ```
    /// let registry = peguri::scheme::SchemeRegistry::built_in();
    /// assert!(registry.get("mailto").is_some());
    /// ```
    #[must_use]
    pub fn built_in() -> &'static SchemeRegistry {
        static BUILT: OnceBox<SchemeRegistry> = OnceBox::new();
        BUILT.get_or_init(|| {
            // The built-in text is tested to read without error; should a
            // change break it, the registry is empty rather than the
            // program stopped.
            Box::new(read(BUILT_IN).unwrap_or_default())
        })
    }

    /// A registry read from IANA's CSV (`uri-schemes-1.csv` from
    /// <https://www.iana.org/assignments/uri-schemes/>): a header row
    /// naming the columns, then one row per scheme. The columns
    /// `URI Scheme` and `Status` are required; `Description`, `Template`
    /// and `Reference` are read when present, others (`Well-Known URI
    /// Support`, `Notes`) are ignored. Fields follow RFC 4180: quoted
    /// fields may hold commas, line breaks and `""`. Lines starting with
    /// `#` before the header are comments; empty lines are skipped. A
    /// remark in parentheses after a name (IANA's `(OBSOLETE)`) is not
    /// part of the name ([`is_obsolete`](RegisteredScheme::is_obsolete)).
    ///
    /// # Errors
    ///
    /// A [`SchemeRegistryError`] with the line of the row at fault: no
    /// header or a missing column, a row with another number of fields
    /// than the header, a malformed quoted field, a name that is not an
    /// RFC 3986 scheme, a status other than Permanent, Provisional or
    /// Historical, or a name listed twice.
    ///
    /// ```
    /// use peguri::error::SchemeRegistryErrorKind;
    /// use peguri::scheme::{SchemeRegistry, SchemeStatus};
    ///
    /// let text = "URI Scheme,Template,Description,Status,Well-Known URI Support,Reference,Notes\n\
    ///             acct,,acct,Permanent,,[RFC7565],\n\
    ///             ipfs,prov/ipfs,ipfs,Provisional,,[Juan_Benet],\n";
    /// let registry = SchemeRegistry::parse(text)?;
    /// assert_eq!(registry.get("ipfs").unwrap().status(), SchemeStatus::Provisional);
    ///
    /// let err = SchemeRegistry::parse("URI Scheme,Status\nhttp,Permanent\nweb site,Permanent\n").unwrap_err();
    /// assert_eq!(err.kind(), SchemeRegistryErrorKind::InvalidName);
    /// assert_eq!(err.line(), Some(3));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "line 3 of the registry: \"web site\" is not a scheme name: ' ' at byte 3 is not a \
    ///      letter, digit, '+', '-' or '.' (RFC 3986 section 3.1)"
    /// );
    /// # Ok::<_, peguri::error::SchemeRegistryError>(())
    /// ```
    pub fn parse(text: &str) -> Result<SchemeRegistry, SchemeRegistryError> {
        read(text)
    }

    /// The scheme registered under `name`, compared without regard to
    /// case (RFC 3986 section 3.1).
    ///
    /// ```
    /// let registry = peguri::scheme::SchemeRegistry::built_in();
    /// assert_eq!(registry.get("Mailto").unwrap().name(), "mailto");
    /// assert!(registry.get("javascript").is_none());
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&RegisteredScheme> {
        self.entries
            .binary_search_by(|entry| compare_names(&entry.name, name))
            .ok()
            .map(|i| &self.entries[i])
    }

    /// The registered scheme `name` is most likely a typing slip of, if
    /// one is close and no other is as close (the rule is in the
    /// documentation of [`lint`](crate::lint), `unregistered-scheme`).
    /// `None` for a registered name.
    ///
    /// ```
    /// let registry = peguri::scheme::SchemeRegistry::built_in();
    /// assert_eq!(registry.near_miss("mailt").map(|s| s.name()), Some("mailto"));
    /// assert_eq!(registry.near_miss("htps").map(|s| s.name()), Some("https"));
    /// // Too far from every name, or too short to judge.
    /// assert!(registry.near_miss("gemini").is_none());
    /// assert!(registry.near_miss("xy").is_none());
    /// ```
    #[must_use]
    pub fn near_miss(&self, name: &str) -> Option<&RegisteredScheme> {
        if self.get(name).is_some() {
            return None;
        }
        // A registered name with an `s` before or after it is how secure
        // variants are named (`imaps`), not a typo.
        let lower = name.to_ascii_lowercase();
        let registered = |rest: Option<&str>| rest.is_some_and(|rest| self.get(rest).is_some());
        let secure_variant =
            registered(lower.strip_prefix('s')) || registered(lower.strip_suffix('s'));
        if secure_variant {
            return None;
        }
        near_miss::suggest(name, &self.entries)
    }

    /// The registered schemes, sorted by name.
    ///
    /// ```
    /// let registry = peguri::scheme::SchemeRegistry::built_in();
    /// assert_eq!(registry.iter().next().unwrap().name(), "aaa");
    /// ```
    pub fn iter(&self) -> core::slice::Iter<'_, RegisteredScheme> {
        self.entries.iter()
    }

    /// How many schemes it holds.
    ///
    /// ```
    /// assert!(peguri::scheme::SchemeRegistry::built_in().len() > 100);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds none.
    ///
    /// ```
    /// assert!(peguri::scheme::SchemeRegistry::default().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<'a> IntoIterator for &'a SchemeRegistry {
    type Item = &'a RegisteredScheme;
    type IntoIter = core::slice::Iter<'a, RegisteredScheme>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

/// The built-in registry's entry for `name`, compared without regard to
/// case: [`SchemeRegistry::built_in`]`().get(name)`.
///
/// ```
/// use peguri::scheme::{registration, SchemeStatus};
///
/// let https = registration("HTTPS").unwrap();
/// assert_eq!((https.status(), https.reference()), (SchemeStatus::Permanent, "[RFC7230, Section 2.7.2]"));
/// assert!(registration("no-such-scheme").is_none());
/// ```
#[must_use]
pub fn registration(name: &str) -> Option<&'static RegisteredScheme> {
    SchemeRegistry::built_in().get(name)
}

/// The columns a registry file is read by, as positions in its rows.
struct Columns {
    count: usize,
    name: usize,
    status: usize,
    description: Option<usize>,
    template: Option<usize>,
    reference: Option<usize>,
}

/// Reads a registry from `text`.
fn read(text: &str) -> Result<SchemeRegistry, SchemeRegistryError> {
    // Comment lines before the header.
    let mut start = 0;
    let mut line = 1;
    for comment in text.split_inclusive('\n') {
        if !comment.starts_with('#') {
            break;
        }
        start += comment.len();
        line += 1;
    }
    let mut records = Records::new(text, start, line);
    let header = match records.next_record() {
        None => return Err(SchemeRegistryError::no_header()),
        Some(Err((line, malformed))) => {
            return Err(SchemeRegistryError::malformed(line, malformed));
        }
        Some(Ok(header)) => header,
    };
    let column = |name: &str| {
        header
            .fields
            .iter()
            .position(|field| field.trim().eq_ignore_ascii_case(name))
    };
    let columns = Columns {
        count: header.fields.len(),
        name: column("URI Scheme")
            .ok_or_else(|| SchemeRegistryError::missing_column(header.line, "URI Scheme"))?,
        status: column("Status")
            .ok_or_else(|| SchemeRegistryError::missing_column(header.line, "Status"))?,
        description: column("Description"),
        template: column("Template"),
        reference: column("Reference"),
    };
    let mut entries: Vec<(usize, RegisteredScheme)> = Vec::new();
    while let Some(record) = records.next_record() {
        let record =
            record.map_err(|(line, malformed)| SchemeRegistryError::malformed(line, malformed))?;
        entries.push((record.line, entry(&columns, record)?));
    }
    entries.sort_by(|a, b| compare_names(&a.1.name, &b.1.name));
    if let Some(pair) = entries
        .windows(2)
        .find(|pair| compare_names(&pair[0].1.name, &pair[1].1.name) == Ordering::Equal)
    {
        let (first, second) = if pair[0].0 < pair[1].0 {
            (&pair[0], &pair[1])
        } else {
            (&pair[1], &pair[0])
        };
        return Err(SchemeRegistryError::duplicate(
            second.0,
            &second.1.name,
            first.0,
        ));
    }
    Ok(SchemeRegistry {
        entries: entries.into_iter().map(|(_, entry)| entry).collect(),
    })
}

/// The scheme of one row.
fn entry(
    columns: &Columns,
    record: csv::Record<'_>,
) -> Result<RegisteredScheme, SchemeRegistryError> {
    let line = record.line;
    if record.fields.len() != columns.count {
        return Err(SchemeRegistryError::field_count(
            line,
            record.fields.len(),
            columns.count,
        ));
    }
    let mut fields: Vec<Option<Cow<'_, str>>> = record.fields.into_iter().map(Some).collect();
    let mut take = |at: Option<usize>| {
        at.and_then(|i| fields[i].take())
            .map_or(Cow::Borrowed(""), |field| trimmed(field))
    };
    let name_cell = take(Some(columns.name));
    let status_cell = take(Some(columns.status));
    let (name, obsolete) = split_remark(&name_cell);
    if let Some(Err(fail)) = rule_failure("scheme", name) {
        return Err(SchemeRegistryError::invalid_name(line, name, fail.pos));
    }
    let status = SchemeStatus::from_cell(&status_cell)
        .ok_or_else(|| SchemeRegistryError::unknown_status(line, &status_cell))?;
    Ok(RegisteredScheme {
        name: String::from(name),
        status,
        description: take(columns.description).into_owned(),
        template: take(columns.template).into_owned(),
        reference: take(columns.reference).into_owned(),
        obsolete,
    })
}

/// A field without the spaces around it.
fn trimmed(field: Cow<'_, str>) -> Cow<'_, str> {
    match field {
        Cow::Borrowed(text) => Cow::Borrowed(text.trim()),
        Cow::Owned(text) if text.trim().len() == text.len() => Cow::Owned(text),
        Cow::Owned(text) => Cow::Owned(String::from(text.trim())),
    }
}

/// The name before a remark in parentheses (`shttp (OBSOLETE)`), and
/// whether the remark is `OBSOLETE`.
fn split_remark(cell: &str) -> (&str, bool) {
    match cell.strip_suffix(')').and_then(|rest| rest.split_once('(')) {
        Some((name, remark)) if name.ends_with(' ') => (
            name.trim_end(),
            remark.trim().eq_ignore_ascii_case("OBSOLETE"),
        ),
        _ => (cell, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_text_reads_without_error() {
        let registry = read(BUILT_IN).unwrap();
        assert_eq!(registry.len(), 186);
        assert_eq!(SchemeRegistry::built_in(), &registry);
    }

    #[test]
    fn remarks_after_a_name() {
        assert_eq!(split_remark("shttp (OBSOLETE)"), ("shttp", true));
        assert_eq!(split_remark("x (note)"), ("x", false));
        assert_eq!(split_remark("a(b)"), ("a(b)", false));
        assert_eq!(split_remark("http"), ("http", false));
    }
}
