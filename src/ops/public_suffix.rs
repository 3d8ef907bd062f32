//! Public suffixes and registrable domains (feature `psl`): the Public
//! Suffix List's algorithm over a registered name, with the list built in
//! (the `psl2` crate) or one loaded from a list file (the `publicsuffix`
//! crate).
//!
//! A name is looked up in one form: lowercase ASCII, each non-ASCII label
//! as its A-label (UTS 46 ToASCII), without the trailing dot of the DNS
//! root. The results are cut from the name as written, lowercase: an
//! ASCII name gives ASCII (A-labels stay A-labels), a name with non-ASCII
//! characters gives its UTS 46 Unicode form (U-labels), label for label.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use core::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use publicsuffix::Psl as _;

use crate::syntax::excerpt::Quoted;
use crate::syntax::pct;
use crate::types::authority::Host;

/// A Public Suffix List (<https://publicsuffix.org>): the rules that say
/// under which names the public registers names (`com`, `co.uk`, and
/// `github.io` in the list's private section), and so which part of a host
/// is its registrable domain, the name its owner registered.
///
/// [`built_in`](Self::built_in) is the list compiled into peguri (its
/// version: [`built_in_version`](Self::built_in_version)), both sections;
/// [`parse`](Self::parse) reads a newer list file at run time, and
/// [`icann_only`](Self::icann_only) leaves the private section out.
/// [`Host::public_suffix`] and [`Host::registrable_domain`], and the same
/// methods of the reference types, use the built-in list.
///
/// The rules apply as the list defines them: of the rules that match a
/// name, an exception rule (`!www.ck`) prevails, otherwise the one with
/// the most labels; a wildcard (`*.ck`) matches any one label; a name
/// no rule matches has its last label as public suffix (the rule `*`).
/// Labels compare without regard to case, and A-labels (`xn--`) match the
/// list's U-labels. A result is `None` for an IP address or literal, an
/// empty name, a name with an empty label (`.com`, `a..com`), and a name
/// that is not UTF-8 once percent-decoded or that UTS 46 ToASCII rejects.
///
/// ```
/// use peguri::{Host, PublicSuffixList};
///
/// let list = PublicSuffixList::built_in();
/// let host = Host::RegName("shop.example.co.uk");
/// assert_eq!(list.public_suffix(&host).as_deref(), Some("co.uk"));
/// assert_eq!(list.registrable_domain(&host).as_deref(), Some("example.co.uk"));
/// // A private-section suffix, and without the private section:
/// let host = Host::RegName("me.github.io");
/// assert_eq!(list.registrable_domain(&host).as_deref(), Some("me.github.io"));
/// let icann = PublicSuffixList::built_in().icann_only();
/// assert_eq!(icann.registrable_domain(&host).as_deref(), Some("github.io"));
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
#[derive(Clone)]
pub struct PublicSuffixList {
    rules: Rules,
    icann_only: bool,
}

/// Where the rules come from.
#[derive(Clone)]
enum Rules {
    /// psl2's list, compiled in.
    BuiltIn,
    /// A list file read at run time.
    Loaded(Arc<publicsuffix::List>),
}

/// The section of the list a rule is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Icann,
    Private,
    /// No rule: the default rule `*`.
    Default,
}

impl fmt::Debug for PublicSuffixList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = match self.rules {
            Rules::BuiltIn => "built in",
            Rules::Loaded(_) => "loaded",
        };
        f.debug_struct("PublicSuffixList")
            .field("rules", &rules)
            .field("icann_only", &self.icann_only)
            .finish()
    }
}

impl Default for PublicSuffixList {
    fn default() -> Self {
        Self::built_in()
    }
}

impl PublicSuffixList {
    /// The list built into peguri, both its ICANN and its private section.
    ///
    /// ```
    /// let list = peguri::PublicSuffixList::built_in();
    /// let host = peguri::Host::RegName("www.example.com");
    /// assert_eq!(list.registrable_domain(&host).as_deref(), Some("example.com"));
    /// ```
    #[must_use]
    pub const fn built_in() -> Self {
        PublicSuffixList {
            rules: Rules::BuiltIn,
            icann_only: false,
        }
    }

    /// The version of the built-in list: the time the list was taken from
    /// the Public Suffix List project, as the `psl2` crate records it
    /// (`2026-11-04_19-07-29_UTC`).
    ///
    /// ```
    /// let version = peguri::PublicSuffixList::built_in_version();
    /// assert!(version.starts_with("20") && version.ends_with("_UTC"), "{version}");
    /// ```
    #[must_use]
    pub fn built_in_version() -> &'static str {
        psl2::psl_version().trim()
    }

    /// A list read from the text of a list file
    /// (`public_suffix_list.dat`, as publicsuffix.org publishes it): the
    /// rules of its ICANN section (after `// ===BEGIN ICANN DOMAINS===`)
    /// and of its private section (after `// ===BEGIN PRIVATE
    /// DOMAINS===`), one per line; `//` starts a comment line.
    ///
    /// # Errors
    ///
    /// A [`PublicSuffixListError`] that names the line of a rule with an
    /// empty label, an exception rule of one label, or a rule UTS 46
    /// ToASCII rejects; or says that the text has no rule in a section.
    ///
    /// ```
    /// use peguri::{Host, PublicSuffixList};
    ///
    /// let text = "// ===BEGIN ICANN DOMAINS===\nexample\n*.example\n!www.example\n";
    /// let list = PublicSuffixList::parse(text)?;
    /// let host = Host::RegName("a.b.c.example");
    /// assert_eq!(list.registrable_domain(&host).as_deref(), Some("b.c.example"));
    /// let host = Host::RegName("a.www.example");
    /// assert_eq!(list.registrable_domain(&host).as_deref(), Some("www.example"));
    /// let err = PublicSuffixList::parse("// ===BEGIN ICANN DOMAINS===\ncom\na..com\n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 3 of the list: the rule \"a..com\" has an empty label");
    /// # Ok::<_, peguri::error::PublicSuffixListError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, PublicSuffixListError> {
        let list: publicsuffix::List = text.parse().map_err(|e| list_error(text, e))?;
        Ok(PublicSuffixList {
            rules: Rules::Loaded(Arc::new(list)),
            icann_only: false,
        })
    }

    /// The same list without its private section: only the ICANN
    /// section's rules (and the default rule `*`) apply.
    ///
    /// ```
    /// use peguri::{Host, PublicSuffixList};
    ///
    /// let icann = PublicSuffixList::built_in().icann_only();
    /// let host = Host::RegName("foo.blogspot.com");
    /// assert_eq!(icann.public_suffix(&host).as_deref(), Some("com"));
    /// assert_eq!(PublicSuffixList::built_in().public_suffix(&host).as_deref(), Some("blogspot.com"));
    /// ```
    #[must_use]
    pub fn icann_only(mut self) -> Self {
        self.icann_only = true;
        self
    }

    /// The public suffix of `host`: the labels the prevailing rule covers,
    /// lowercase; `None` for an IP address or literal and a name the list
    /// cannot be applied to (see the [type's documentation](Self)).
    ///
    /// ```
    /// use peguri::{Host, PublicSuffixList};
    ///
    /// let list = PublicSuffixList::built_in();
    /// assert_eq!(list.public_suffix(&Host::RegName("WWW.Example.CO.UK")).as_deref(), Some("co.uk"));
    /// // No rule: the last label.
    /// assert_eq!(list.public_suffix(&Host::RegName("printer.internal-name")).as_deref(), Some("internal-name"));
    /// assert_eq!(list.public_suffix(&Host::RegName(".com")), None);
    /// ```
    #[must_use]
    pub fn public_suffix<'a>(&self, host: &Host<'a>) -> Option<Cow<'a, str>> {
        let Host::RegName(raw) = *host else {
            return None;
        };
        let name = Name::of(raw)?;
        let suffix = self.suffix_len(&name.ascii)?;
        name.cut(suffix, 0)
    }

    /// The registrable domain of `host`: its public suffix and the one
    /// label before it, lowercase; `None` for a host that is itself a
    /// public suffix, an IP address or literal, and a name the list
    /// cannot be applied to (see the [type's documentation](Self)).
    ///
    /// ```
    /// use peguri::{Host, PublicSuffixList};
    ///
    /// let list = PublicSuffixList::built_in();
    /// assert_eq!(list.registrable_domain(&Host::RegName("a.b.example.co.uk")).as_deref(), Some("example.co.uk"));
    /// assert_eq!(list.registrable_domain(&Host::RegName("co.uk")), None);
    /// // A-labels match the list's U-labels; each form gives its own.
    /// assert_eq!(list.registrable_domain(&Host::RegName("www.xn--85x722f.xn--55qx5d.cn")).as_deref(), Some("xn--85x722f.xn--55qx5d.cn"));
    /// assert_eq!(list.registrable_domain(&Host::RegName("www.食狮.公司.cn")).as_deref(), Some("食狮.公司.cn"));
    /// ```
    #[must_use]
    pub fn registrable_domain<'a>(&self, host: &Host<'a>) -> Option<Cow<'a, str>> {
        let Host::RegName(raw) = *host else {
            return None;
        };
        let name = Name::of(raw)?;
        let suffix = self.suffix_len(&name.ascii)?;
        name.cut(suffix, 1)
    }

    /// The length in bytes of the public suffix of `name` (lowercase
    /// ASCII, no empty label, no trailing dot), the private section left
    /// out when asked. A suffix is the end of `name`, so its length says
    /// where it starts.
    fn suffix_len(&self, name: &str) -> Option<usize> {
        let (mut suffix, mut section) = self.lookup(name)?;
        if !self.icann_only {
            return Some(suffix.len());
        }
        // While the prevailing rule is a private one, every ICANN rule
        // that matches has fewer labels (else it would prevail), so the
        // longest one is the prevailing rule of the suffix without its
        // first label; a private suffix of one label gives way to the
        // default rule `*`, of one label too.
        while section == Section::Private {
            let Some((_, tail)) = suffix.split_once('.') else {
                return Some(suffix.len());
            };
            (suffix, section) = self.lookup(tail)?;
        }
        Some(suffix.len())
    }

    /// The prevailing rule's public suffix of `name` (its end), and the
    /// rule's section.
    fn lookup<'n>(&self, name: &'n str) -> Option<(&'n str, Section)> {
        let (suffix, section) = match &self.rules {
            Rules::BuiltIn => {
                let domain = psl2::lookup(name)?;
                let section = match domain.typ() {
                    Some(psl2::Type::Icann) => Section::Icann,
                    Some(psl2::Type::Private) => Section::Private,
                    None => Section::Default,
                };
                (domain.suffix(), section)
            }
            Rules::Loaded(list) => {
                let info = list.find(name.as_bytes().rsplit(|b| *b == b'.'));
                let section = match info.typ {
                    Some(publicsuffix::Type::Icann) => Section::Icann,
                    Some(publicsuffix::Type::Private) => Section::Private,
                    None => Section::Default,
                };
                (name.get(name.len().checked_sub(info.len)?..)?, section)
            }
        };
        (!suffix.is_empty()).then_some((suffix, section))
    }
}

/// Where the last `labels` labels of `name` start, if it has that many.
fn label_start(name: &str, labels: usize) -> Option<usize> {
    if labels == 0 {
        return None;
    }
    let mut dots = name.rmatch_indices('.').map(|(i, _)| i + 1);
    match dots.nth(labels - 1) {
        Some(start) => Some(start),
        None => (name.split('.').count() == labels).then_some(0),
    }
}

/// A registered name in the form the list is looked up with, and the form
/// results are cut from.
struct Name<'a> {
    /// Lowercase ASCII, A-labels, no trailing dot, no empty label.
    ascii: Cow<'a, str>,
    /// The Unicode form (U-labels) of a name with non-ASCII characters,
    /// with as many labels as `ascii`; `None` when the results are cut
    /// from `ascii`.
    unicode: Option<String>,
}

impl<'a> Name<'a> {
    /// The name of a `reg-name`, as written (percent-encoded UTF-8 is
    /// decoded); `None` when the list does not apply to it.
    fn of(raw: &'a str) -> Option<Self> {
        // One pass over the name for what the common case, lowercase
        // ASCII without percent-encoding, needs to know.
        let (mut encoded, mut non_ascii, mut upper) = (false, false, false);
        for b in raw.bytes() {
            encoded |= b == b'%';
            non_ascii |= !b.is_ascii();
            upper |= b.is_ascii_uppercase();
        }
        if !(encoded || non_ascii || upper) {
            return Some(Name {
                ascii: without_root(Cow::Borrowed(raw))?,
                unicode: None,
            });
        }
        let text: Cow<'a, str> = if encoded {
            Cow::Owned(String::from_utf8(pct::decode(raw).into_owned()).ok()?)
        } else {
            Cow::Borrowed(raw)
        };
        if text.is_ascii() {
            let ascii = without_root(Cow::Owned(text.to_ascii_lowercase()))?;
            return Some(Name {
                ascii,
                unicode: None,
            });
        }
        // UTS 46 maps the name (case, compatibility forms, the full stops
        // of other scripts) and gives both forms, label for label.
        let uts46 = Uts46::new();
        let ascii = uts46
            .to_ascii(
                text.as_bytes(),
                AsciiDenyList::EMPTY,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .ok()?;
        let (unicode, result) =
            uts46.to_unicode(text.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
        result.ok()?;
        let ascii = without_root(Cow::Owned(ascii.into_owned()))?;
        let unicode = without_root(Cow::Owned(unicode.into_owned()))?.into_owned();
        (ascii.split('.').count() == unicode.split('.').count()).then_some(Name {
            ascii,
            unicode: Some(unicode),
        })
    }

    /// The public suffix, `suffix` bytes at the end of `ascii`, with
    /// `before` more labels, in the form results take; `None` when the
    /// name has fewer labels.
    fn cut(self, suffix: usize, before: usize) -> Option<Cow<'a, str>> {
        let ascii = &*self.ascii;
        let mut start = ascii.len().checked_sub(suffix)?;
        for _ in 0..before {
            // The label before `start`, which follows a dot.
            let head = ascii[..start].strip_suffix('.')?;
            start = head.rfind('.').map_or(0, |dot| dot + 1);
        }
        if let Some(unicode) = &self.unicode {
            // The same labels of the Unicode form.
            let labels = ascii[start..].bytes().filter(|&b| b == b'.').count() + 1;
            let start = label_start(unicode, labels)?;
            return Some(Cow::Owned(unicode[start..].to_string()));
        }
        Some(match self.ascii {
            Cow::Borrowed(ascii) => Cow::Borrowed(&ascii[start..]),
            Cow::Owned(ascii) => Cow::Owned(ascii[start..].to_string()),
        })
    }
}

/// The name without the trailing dot of the DNS root, if it has no empty
/// label otherwise.
fn without_root(name: Cow<'_, str>) -> Option<Cow<'_, str>> {
    let name = match name {
        Cow::Borrowed(text) => Cow::Borrowed(text.strip_suffix('.').unwrap_or(text)),
        Cow::Owned(mut text) => {
            if text.ends_with('.') {
                text.pop();
            }
            Cow::Owned(text)
        }
    };
    // An empty label: at either end, or between two dots.
    let bytes = name.as_bytes();
    let empty_label = bytes.first().is_none_or(|&b| b == b'.')
        || bytes.last() == Some(&b'.')
        || bytes.windows(2).any(|pair| pair == b"..");
    (!empty_label).then_some(name)
}

/// Why a list file could not be read: the line, and what is wrong there.
///
/// ```
/// let err = peguri::PublicSuffixList::parse("com\nuk\n").unwrap_err();
/// assert_eq!(err.line(), None);
/// assert!(err.to_string().starts_with("the list has no rule in a section"));
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicSuffixListError {
    kind: PublicSuffixListErrorKind,
    line: Option<usize>,
    message: String,
}

/// What is wrong with a list file given to
/// [`PublicSuffixList::parse`](crate::PublicSuffixList::parse).
///
/// ```
/// use peguri::error::PublicSuffixListErrorKind;
///
/// let err = peguri::PublicSuffixList::parse("// ===BEGIN ICANN DOMAINS===\n!uk\n").unwrap_err();
/// assert_eq!(err.kind(), PublicSuffixListErrorKind::ExceptionAtFirstLabel);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PublicSuffixListErrorKind {
    /// A rule with an empty label (`a..b`).
    EmptyLabel,
    /// An exception rule (`!name`) of a single label: an exception names
    /// a name under a wildcard rule.
    ExceptionAtFirstLabel,
    /// A rule that has no A-label form (UTS 46 ToASCII rejects it).
    InvalidRule,
    /// No rule in a section: the file has no `===BEGIN ICANN DOMAINS===`
    /// or `===BEGIN PRIVATE DOMAINS===` line before its rules.
    NoSection,
}

impl PublicSuffixListErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::error::PublicSuffixListErrorKind::NoSection.as_str(), "no_section");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            PublicSuffixListErrorKind::EmptyLabel => "empty_label",
            PublicSuffixListErrorKind::ExceptionAtFirstLabel => "exception_at_first_label",
            PublicSuffixListErrorKind::InvalidRule => "invalid_rule",
            PublicSuffixListErrorKind::NoSection => "no_section",
        }
    }
}

/// The kind's name, as [`as_str`](PublicSuffixListErrorKind::as_str) gives it.
///
/// ```
/// let kind = peguri::error::PublicSuffixListErrorKind::EmptyLabel;
/// assert_eq!(serde_json::to_string(&kind).unwrap(), r#""empty_label""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for PublicSuffixListErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl PublicSuffixListError {
    /// What is wrong.
    ///
    /// ```
    /// use peguri::error::PublicSuffixListErrorKind;
    ///
    /// let err = peguri::PublicSuffixList::parse("com\nuk\n").unwrap_err();
    /// assert_eq!(err.kind(), PublicSuffixListErrorKind::NoSection);
    /// ```
    #[must_use]
    pub fn kind(&self) -> PublicSuffixListErrorKind {
        self.kind
    }

    /// The line (1-based) of the rule at fault, when one is.
    ///
    /// ```
    /// let err = peguri::PublicSuffixList::parse("// ===BEGIN ICANN DOMAINS===\n!uk\n").unwrap_err();
    /// assert_eq!(err.line(), Some(2));
    /// ```
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

impl fmt::Display for PublicSuffixListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line} of the list: ")?;
        }
        f.write_str(&self.message)
    }
}

impl core::error::Error for PublicSuffixListError {}

/// The error for `text`, in the list's own terms, with the line of the
/// rule at fault.
fn list_error(text: &str, error: publicsuffix::Error) -> PublicSuffixListError {
    let at = |rule: &str| {
        // The rule as the list wrote it (an exception with its `!`).
        text.lines()
            .position(|line| {
                let first = line.split_whitespace().next().unwrap_or("");
                first == rule || first.strip_prefix('!') == Some(rule)
            })
            .map(|i| i + 1)
    };
    let (kind, line, message) = match error {
        publicsuffix::Error::EmptyLabel(rule) => (
            PublicSuffixListErrorKind::EmptyLabel,
            at(&rule),
            alloc::format!("the rule \"{}\" has an empty label", Quoted::new(&rule)),
        ),
        publicsuffix::Error::ExceptionAtFirstLabel(rule) => (
            PublicSuffixListErrorKind::ExceptionAtFirstLabel,
            at(&rule),
            alloc::format!(
                "the exception rule \"{}\" has one label; an exception names a name under a \
                 wildcard rule, as \"!www.ck\" under \"*.ck\"",
                Quoted::new(&rule)
            ),
        ),
        publicsuffix::Error::InvalidRule(rule) => (
            PublicSuffixListErrorKind::InvalidRule,
            at(&rule),
            alloc::format!(
                "the rule \"{}\" has no A-label form (UTS 46 ToASCII rejects it)",
                Quoted::new(&rule)
            ),
        ),
        _ => (
            PublicSuffixListErrorKind::NoSection,
            None,
            "the list has no rule in a section: a list file puts its rules after \
             \"// ===BEGIN ICANN DOMAINS===\" and \"// ===BEGIN PRIVATE DOMAINS===\""
                .to_string(),
        ),
    };
    PublicSuffixListError {
        kind,
        line,
        message,
    }
}

impl<'a> Host<'a> {
    /// The public suffix of a registered name by the built-in Public
    /// Suffix List, both its sections (see [`PublicSuffixList`] for the
    /// rules, the ICANN section alone and a newer list): lowercase, `None`
    /// for an IP address or literal, an empty name or one with an empty
    /// label (`.com`).
    ///
    /// ```
    /// use peguri::Host;
    ///
    /// assert_eq!(Host::RegName("www.example.co.uk").public_suffix().as_deref(), Some("co.uk"));
    /// assert_eq!(Host::RegName("co.uk").public_suffix().as_deref(), Some("co.uk"));
    /// let ip = peguri::UriRef::parse("http://127.0.0.1/")?;
    /// assert_eq!(ip.authority().unwrap().host().public_suffix(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
    #[must_use]
    pub fn public_suffix(&self) -> Option<Cow<'a, str>> {
        PublicSuffixList::built_in().public_suffix(self)
    }

    /// The registrable domain of a registered name by the built-in Public
    /// Suffix List, both its sections: its public suffix and the label
    /// before it, lowercase; `None` for a name that is itself a public
    /// suffix, an IP address or literal, an empty name or one with an
    /// empty label (`.example.com`).
    ///
    /// ```
    /// use peguri::Host;
    ///
    /// assert_eq!(Host::RegName("WWW.Example.CO.UK").registrable_domain().as_deref(), Some("example.co.uk"));
    /// assert_eq!(Host::RegName("co.uk").registrable_domain(), None);
    /// assert_eq!(Host::RegName(".example.com").registrable_domain(), None);
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
    #[must_use]
    pub fn registrable_domain(&self) -> Option<Cow<'a, str>> {
        PublicSuffixList::built_in().registrable_domain(self)
    }
}
