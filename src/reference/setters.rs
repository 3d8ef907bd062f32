//! The setters of the owned references ([`UriRefBuf`](super::UriRefBuf),
//! [`UriBuf`](super::UriBuf), [`IriRefBuf`](super::IriRefBuf),
//! [`IriBuf`](super::IriBuf)): each changes one component in place.
//!
//! A setter checks its text as [`UriBuilder`](super::UriBuilder) does (raw
//! text against the component's grammar rule, unencoded text
//! percent-encoded with [`pct`](crate::pct)'s classes), refuses the
//! combinations RFC 3986 forbids, and leaves the reference unchanged when
//! it returns an error. The other components keep their text exactly.
//! Text is checked against the grammar the reference was parsed with: an
//! IRI's components may hold what RFC 3987 allows, and a reference parsed
//! with zone identifiers allowed takes a host with one. The changes
//! themselves are in `ops::edit`.

use alloc::string::String;
use core::net::IpAddr;

use super::{Family, Kind, MaybeRelative, Reference, WithScheme};
use crate::ops::build::BuildError;
use crate::ops::edit::Edit;
use crate::ops::query::QueryEditor;

impl<F: Family, K: Kind> Reference<String, F, K> {
    /// This value's text and layout, to change.
    fn edit(&mut self) -> Edit<'_> {
        let (text, layout, grammar) = self.parts_mut();
        Edit::new(text, layout, grammar)
    }
}

/// The setters of an owned reference: each changes one component in
/// place, from raw text (checked against the component's grammar rule) or
/// from unencoded text (`_unencoded`, percent-encoded for it), and leaves
/// the reference unchanged when it returns an error. The other components
/// keep their text exactly.
impl<F: Family, K: Kind> Reference<String, F, K> {
    /// Replaces the whole authority with raw text
    /// (`[ userinfo "@" ] host [ ":" port ]`), or removes it.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not an authority, or if the
    /// path does not fit the change: a rootless path cannot follow
    /// an authority, and a path starting with `//` needs one.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://a.example/p")?;
    /// uri.set_authority(Some("me@b.example:8080"))?;
    /// assert_eq!(uri, "http://me@b.example:8080/p");
    /// uri.set_authority(None)?;
    /// assert_eq!(uri, "http:/p");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), BuildError> {
        self.edit().set_authority(authority)
    }

    /// Sets the user information from raw text, or removes it
    /// (with its `@`).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not valid for `userinfo`, or
    /// if there is no authority to put it in.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("ftp://ftp.example/f")?;
    /// uri.set_userinfo(Some("anonymous"))?;
    /// assert_eq!(uri, "ftp://anonymous@ftp.example/f");
    /// let err = uri.set_userinfo(Some("a/b")).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid character '/' in userinfo at byte 1");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        self.edit().set_userinfo(userinfo)
    }

    /// Sets the user information from unencoded text, which is
    /// percent-encoded for `userinfo` (a `:` stays).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if there is no authority to put it in.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("ssh://h")?;
    /// uri.set_userinfo_unencoded("git@work")?;
    /// assert_eq!(uri, "ssh://git%40work@h");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_userinfo_unencoded(&mut self, userinfo: &str) -> Result<(), BuildError> {
        self.edit().set_userinfo_unencoded(userinfo)
    }

    /// Sets the host from raw text (an IP literal in brackets, an
    /// IPv4 address or a registered name, as the grammar's `host`
    /// decides), keeping any userinfo and port. Without an
    /// authority, one is added.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not a `host`, or if adding an
    /// authority leaves a rootless path after it.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://u@old.example:81/p?q")?;
    /// uri.set_host("[2001:db8::1]")?;
    /// assert_eq!(uri, "http://u@[2001:db8::1]:81/p?q");
    /// let err = uri.set_host("a:b").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid character ':' in host at byte 1");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host(&mut self, host: &str) -> Result<(), BuildError> {
        self.edit().set_host(host)
    }

    /// Sets the host to a registered name from unencoded text,
    /// percent-encoded for `reg-name` (non-ASCII as UTF-8, no IDNA).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if adding an authority leaves a rootless
    /// path after it.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/")?;
    /// uri.set_host_unencoded("straße.example")?;
    /// assert_eq!(uri, "http://stra%C3%9Fe.example/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host_unencoded(&mut self, host: &str) -> Result<(), BuildError> {
        self.edit().set_host_unencoded(host)
    }

    /// Sets the host to an IP address (IPv6 in brackets).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if adding an authority leaves a rootless
    /// path after it.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// let mut uri = peguri::UriBuf::parse("http://localhost:8080/")?;
    /// uri.set_host_ip(Ipv4Addr::new(127, 0, 0, 1))?;
    /// assert_eq!(uri, "http://127.0.0.1:8080/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host_ip(&mut self, ip: impl Into<IpAddr>) -> Result<(), BuildError> {
        self.edit().set_host_ip(ip)
    }

    /// Sets the port, or removes it (with its `:`).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if there is no authority to put it in.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h:80/")?;
    /// uri.set_port(Some(8080))?;
    /// assert_eq!(uri, "http://h:8080/");
    /// uri.set_port(None)?;
    /// assert_eq!(uri, "http://h/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        self.edit().set_port(port)
    }

    /// Sets the port from raw text (digits, possibly none, possibly
    /// above 65535, as `port = *DIGIT` allows), or removes it.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not digits, or if there is
    /// no authority to put it in.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/")?;
    /// let err = uri.set_port_str(Some("80a")).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid character 'a' in port at byte 2");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_port_str(&mut self, port: Option<&str>) -> Result<(), BuildError> {
        self.edit().set_port_str(port)
    }

    /// Sets the path from raw text (segments valid for `segment`,
    /// separated by `/`).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if a segment is not valid, or if the path
    /// does not fit the other components (section 3.3: a rootless
    /// path after an authority, or `//` without one; section 4.2: a
    /// colon in the first segment of a relative reference).
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/a?q")?;
    /// uri.set_path("/b/c%20d")?;
    /// assert_eq!(uri, "http://h/b/c%20d?q");
    /// let err = uri.set_path("b").unwrap_err();
    /// assert_eq!(err.kind(), peguri::error::BuildErrorKind::RelativePathAfterAuthority);
    /// assert_eq!(uri, "http://h/b/c%20d?q");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        self.edit().set_path(path)
    }

    /// Sets the path from unencoded text: `/` separates segments,
    /// each percent-encoded for `segment`.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the path does not fit the other
    /// components (see [`set_path`](Self::set_path)).
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("file:///tmp")?;
    /// uri.set_path_unencoded("/home/me/My Documents/#1.txt")?;
    /// assert_eq!(uri, "file:///home/me/My%20Documents/%231.txt");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path_unencoded(&mut self, path: &str) -> Result<(), BuildError> {
        self.edit().set_path_unencoded(path)
    }

    /// Appends `/` and one segment, from unencoded text (a `/` in
    /// it is encoded).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the path would start with `//` without
    /// an authority (appending to the path `/` an empty segment),
    /// or for a segment `.` or `..`, a dot segment that
    /// normalization would remove with the one before it
    /// ([`BuildErrorKind::DotSegment`](crate::error::BuildErrorKind::DotSegment)).
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("https://h/api?v=2")?;
    /// uri.push_segment("users")?;
    /// uri.push_segment("a/b")?;
    /// assert_eq!(uri, "https://h/api/users/a%2Fb?v=2");
    /// assert!(uri.push_segment("..").is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_segment(&mut self, segment: &str) -> Result<(), BuildError> {
        self.edit().push_segment(segment)
    }

    /// Sets the query from raw text (without `?`), or removes it
    /// (with its `?`).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not valid for `query`.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/?a#f")?;
    /// uri.set_query(Some("b=1"))?;
    /// assert_eq!(uri, "http://h/?b=1#f");
    /// uri.set_query(None)?;
    /// assert_eq!(uri, "http://h/#f");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        self.edit().set_query(query)
    }

    /// Sets the query from unencoded text, percent-encoded for
    /// `query` (`&`, `=`, `/` and `?` stay; `#`, `%` and spaces
    /// are encoded).
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/")?;
    /// uri.set_query_unencoded("q=50% off");
    /// assert_eq!(uri, "http://h/?q=50%25%20off");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn set_query_unencoded(&mut self, query: &str) {
        self.edit().set_query_unencoded(query)
    }

    /// Sets the fragment from raw text (without `#`), or removes it
    /// (with its `#`).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not valid for `fragment`.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/p")?;
    /// uri.set_fragment(Some("sec-2"))?;
    /// assert_eq!(uri, "http://h/p#sec-2");
    /// let err = uri.set_fragment(Some("a#b")).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid character '#' in fragment at byte 1");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        self.edit().set_fragment(fragment)
    }

    /// Sets the fragment from unencoded text, percent-encoded for
    /// `fragment`.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/p")?;
    /// uri.set_fragment_unencoded("Größe #2");
    /// assert_eq!(uri, "http://h/p#Gr%C3%B6%C3%9Fe%20%232");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn set_fragment_unencoded(&mut self, fragment: &str) {
        self.edit().set_fragment_unencoded(fragment)
    }

    /// Edits the query's `key=value` pairs in place (see
    /// [`QueryEditor`]).
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://h/?b=1&a=2&b=3#f")?;
    /// uri.edit_query().set("b", "new").append("c", "x y");
    /// assert_eq!(uri, "http://h/?b=new&a=2&c=x%20y#f");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[doc(alias = "query_pairs_mut")]
    pub fn edit_query(&mut self) -> QueryEditor<'_> {
        QueryEditor::new(self.edit())
    }
}

/// The scheme setter of an owned reference that may be relative: the
/// scheme is optional, and removing it makes the reference relative. A
/// type with a scheme has the same setter taking a `&str`: the two are one
/// setter whose type follows the reference's kind.
impl<F: Family> Reference<String, F, MaybeRelative> {
    /// Sets the scheme from raw text, or removes it (making the
    /// reference relative).
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not a scheme, or if removing
    /// it leaves a colon in the first segment of a path without
    /// authority (section 4.2: it would read as a scheme).
    ///
    /// ```
    /// let mut uri = peguri::UriRefBuf::parse("//example.com/a")?;
    /// uri.set_scheme(Some("https"))?;
    /// assert_eq!(uri, "https://example.com/a");
    ///
    /// let mut urn = peguri::UriRefBuf::parse("urn:isbn:123")?;
    /// let err = urn.set_scheme(None).unwrap_err();
    /// assert_eq!(err.kind(), peguri::error::BuildErrorKind::ColonInFirstSegment { offset: 4 });
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        self.edit().set_scheme(scheme)
    }
}

/// The scheme setter of an owned reference with a scheme, which it keeps
/// (see the setter of a reference that may be relative, which takes an
/// `Option`).
impl<F: Family> Reference<String, F, WithScheme> {
    /// Sets the scheme from raw text.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] if the text is not a scheme.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("http://example.com/")?;
    /// uri.set_scheme("https")?;
    /// assert_eq!(uri, "https://example.com/");
    /// let err = uri.set_scheme("").unwrap_err();
    /// assert_eq!(err.to_string(), "empty scheme");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        self.edit().set_scheme(Some(scheme))
    }
}
