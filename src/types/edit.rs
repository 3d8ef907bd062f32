//! Changing one component of an owned reference in place: the setters of
//! every owned type ([`UriRefBuf`], [`UriBuf`], [`IriRefBuf`], [`IriBuf`]),
//! and [`QueryEditor`] for `key=value` pairs.
//!
//! A setter checks its text as [`UriBuilder`](crate::UriBuilder) does
//! (raw text against the component's grammar rule, unencoded text
//! percent-encoded with [`pct`](crate::pct)'s classes), refuses the
//! combinations RFC 3986 forbids, and leaves the reference unchanged when it
//! returns an error. The other components keep their text exactly. Text is
//! checked against the grammar the reference was parsed with: an IRI's
//! components may hold what RFC 3987 allows, and a reference parsed with
//! zone identifiers allowed takes a host with one.

use alloc::borrow::Cow;
use core::net::IpAddr;

use crate::prelude::*;
use crate::syntax::component::UriComponent;
use crate::syntax::entry::Grammar;
use crate::syntax::layout::Layout;
use crate::syntax::pct::{self, Component};
use crate::types::builder::{
    BuildError, BuildErrorKind, Parts, authority_parts, check, encode_path, ip_host, push_segment,
};
use crate::types::family::{IriBuf, IriRefBuf, UriBuf, UriRefBuf, for_each_type};
use crate::types::parsed::Parsed;
use crate::types::query::{QueryBuilder, QueryPair, QueryPairs, Separator};

/// An owned reference's text, layout and grammar, changed in place: the
/// one place the setters of every owned type and [`QueryEditor`] write.
pub(crate) struct Edit<'u> {
    text: &'u mut String,
    layout: &'u mut Layout,
    grammar: Grammar,
}

/// Puts the reference `parts` make in place of the text and layout `$edit`
/// changes, in its grammar; an error leaves them unchanged.
macro_rules! replace_with {
    ($edit:ident, $parts:expr) => {
        $parts.assemble($edit.grammar).map(|(text, layout)| {
            *$edit.text = text;
            *$edit.layout = layout;
        })
    };
}

/// Refuses a userinfo or port where there is no authority to hold it.
fn needs_authority(parts: &Parts<'_>, component: UriComponent) -> Result<(), BuildError> {
    if parts.authority.is_none() {
        return Err(BuildError::new(component, BuildErrorKind::NoHost));
    }
    Ok(())
}

impl Edit<'_> {
    fn view(&self) -> Parsed<'_> {
        Parsed::new(self.text, *self.layout, self.grammar)
    }

    fn path(&self) -> &str {
        self.view().path()
    }

    fn query(&self) -> Option<&str> {
        self.view().query()
    }

    fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        if let Some(scheme) = scheme {
            check(scheme, UriComponent::Scheme, self.grammar)?;
        }
        let mut parts = Parts::of(self.view());
        parts.scheme = scheme.map(Cow::Borrowed);
        replace_with!(self, parts)?;
        Ok(())
    }
}

impl Edit<'_> {
    fn set_authority(&mut self, authority: Option<&str>) -> Result<(), BuildError> {
        let authority = authority
            .map(|a| authority_parts(a, self.grammar))
            .transpose()?;
        let mut parts = Parts::of(self.view());
        parts.authority = authority;
        replace_with!(self, parts)?;
        Ok(())
    }

    fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        if let Some(userinfo) = userinfo {
            check(userinfo, UriComponent::Userinfo, self.grammar)?;
        }
        self.put_userinfo(userinfo.map(Cow::Borrowed))
    }

    fn set_userinfo_unencoded(&mut self, userinfo: &str) -> Result<(), BuildError> {
        self.put_userinfo(Some(pct::encode(userinfo, Component::Userinfo)))
    }

    fn put_userinfo(&mut self, userinfo: Option<Cow<'_, str>>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        match parts.authority.as_mut() {
            Some(authority) => authority.userinfo = userinfo,
            None if userinfo.is_none() => return Ok(()),
            None => needs_authority(&parts, UriComponent::Userinfo)?,
        }
        replace_with!(self, parts)?;
        Ok(())
    }

    fn set_host(&mut self, host: &str) -> Result<(), BuildError> {
        check(host, UriComponent::Host, self.grammar)?;
        self.put_host(Cow::Borrowed(host))
    }

    fn set_host_unencoded(&mut self, host: &str) -> Result<(), BuildError> {
        self.put_host(pct::encode(host, Component::RegName))
    }

    fn set_host_ip(&mut self, ip: impl Into<IpAddr>) -> Result<(), BuildError> {
        self.put_host(Cow::Owned(ip_host(ip.into())))
    }

    fn put_host(&mut self, host: Cow<'_, str>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        parts.authority_mut().host = host;
        replace_with!(self, parts)?;
        Ok(())
    }

    fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        self.put_port(port.map(|p| Cow::Owned(p.to_string())))
    }

    fn set_port_str(&mut self, port: Option<&str>) -> Result<(), BuildError> {
        if let Some(port) = port {
            check(port, UriComponent::Port, self.grammar)?;
        }
        self.put_port(port.map(Cow::Borrowed))
    }

    fn put_port(&mut self, port: Option<Cow<'_, str>>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        match parts.authority.as_mut() {
            Some(authority) => authority.port = port,
            None if port.is_none() => return Ok(()),
            None => needs_authority(&parts, UriComponent::Port)?,
        }
        replace_with!(self, parts)?;
        Ok(())
    }

    fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        check(path, UriComponent::Path, self.grammar)?;
        self.put_path(Cow::Borrowed(path))
    }

    fn set_path_unencoded(&mut self, path: &str) -> Result<(), BuildError> {
        self.put_path(encode_path(path))
    }

    fn push_segment(&mut self, segment: &str) -> Result<(), BuildError> {
        let mut path = self.path().to_owned();
        push_segment(&mut path, segment)?;
        self.put_path(Cow::Owned(path))
    }

    fn put_path(&mut self, path: Cow<'_, str>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        parts.path = path;
        replace_with!(self, parts)?;
        Ok(())
    }

    fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        if let Some(query) = query {
            check(query, UriComponent::Query, self.grammar)?;
        }
        self.put_query(query.map(Cow::Borrowed));
        Ok(())
    }

    fn set_query_unencoded(&mut self, query: &str) {
        self.put_query(Some(pct::encode(query, Component::Query)));
    }

    fn put_query(&mut self, query: Option<Cow<'_, str>>) {
        let mut parts = Parts::of(self.view());
        parts.query = query;
        // The query takes no part in the section 3.3 and 4.2
        // checks, and the rest is as it was: this cannot fail.
        let _ = replace_with!(self, parts);
    }

    fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        if let Some(fragment) = fragment {
            check(fragment, UriComponent::Fragment, self.grammar)?;
        }
        self.put_fragment(fragment.map(Cow::Borrowed));
        Ok(())
    }

    fn set_fragment_unencoded(&mut self, fragment: &str) {
        self.put_fragment(Some(pct::encode(fragment, Component::Fragment)));
    }

    fn put_fragment(&mut self, fragment: Option<Cow<'_, str>>) {
        let mut parts = Parts::of(self.view());
        parts.fragment = fragment;
        // As for the query, this cannot fail.
        let _ = replace_with!(self, parts);
    }
}

/// The setters of every owned type, each written in [`Edit`] and documented
/// here once.
macro_rules! setters {
    ($ty:ident [] $out:lifetime, owned, $kind:ident, $($rest:tt)*) => {
        impl $ty {
            /// This value's text and layout, to change.
            fn edit(&mut self) -> Edit<'_> {
                Edit {
                    text: &mut self.text,
                    layout: &mut self.layout,
                    grammar: self.grammar,
                }
            }

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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://a.example/p\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"ftp://ftp.example/f\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"ssh://h\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://u@old.example:81/p?q\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://localhost:8080/\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h:80/\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/a?q\")?;")]
            /// uri.set_path("/b/c%20d")?;
            /// assert_eq!(uri, "http://h/b/c%20d?q");
            /// let err = uri.set_path("b").unwrap_err();
            /// assert_eq!(err.kind(), peguri::BuildErrorKind::RelativePathAfterAuthority);
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"file:///tmp\")?;")]
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
            /// ([`BuildErrorKind::DotSegment`](crate::BuildErrorKind::DotSegment)).
            ///
            /// ```
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"https://h/api?v=2\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/?a#f\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/p\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/p\")?;")]
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://h/?b=1&a=2&b=3#f\")?;")]
            /// uri.edit_query().set("b", "new").append("c", "x y");
            /// assert_eq!(uri, "http://h/?b=new&a=2&c=x%20y#f");
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            pub fn edit_query(&mut self) -> QueryEditor<'_> {
                QueryEditor::new(self.edit())
            }
        }
        setters!(@scheme $kind $ty);
    };
    (@scheme reference $ty:ident) => {
        impl $ty {
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
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"//example.com/a\")?;")]
            /// uri.set_scheme(Some("https"))?;
            /// assert_eq!(uri, "https://example.com/a");
            ///
            #[doc = concat!("let mut urn = peguri::", stringify!($ty), "::parse(\"urn:isbn:123\")?;")]
            /// let err = urn.set_scheme(None).unwrap_err();
            /// assert_eq!(err.kind(), peguri::BuildErrorKind::ColonInFirstSegment { offset: 4 });
            /// # Ok::<_, Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
                self.edit().set_scheme(scheme)
            }
        }
    };
    (@scheme absolute $ty:ident) => {
        impl $ty {
            /// Sets the scheme from raw text.
            ///
            /// # Errors
            ///
            /// A [`BuildError`] if the text is not a scheme.
            ///
            /// ```
            #[doc = concat!("let mut uri = peguri::", stringify!($ty), "::parse(\"http://example.com/\")?;")]
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
    };
    ($($other:tt)*) => {};
}
for_each_type!(setters);

/// Edits the `key=value` pairs of an owned reference's query in place,
/// from [`UriRefBuf::edit_query`] or [`UriBuf::edit_query`].
///
/// Keys are compared after percent-decoding (and, with
/// [`plus_as_space`](Self::plus_as_space), reading `+` as a space), with
/// the key given unencoded. New keys and values are encoded as
/// [`QueryBuilder`] encodes them. Every change is made at once; pairs that
/// are not touched keep their text, their order and the separator written
/// before them. Empty pieces (`a=1&&b=2`) are left as they are. When the
/// last pair is removed, the query goes, `?` included.
///
/// ```
/// use peguri::query::Separator;
/// use peguri::UriBuf;
///
/// let mut uri = UriBuf::parse("http://h/search?q=rust&page=2&lang=en")?;
/// uri.edit_query().remove("page").append("sort", "new first");
/// assert_eq!(uri, "http://h/search?q=rust&lang=en&sort=new%20first");
/// uri.edit_query().retain(|pair| pair.key() == "q");
/// assert_eq!(uri, "http://h/search?q=rust");
/// uri.edit_query().remove("q");
/// assert_eq!(uri, "http://h/search");
///
/// let mut semi = UriBuf::parse("http://h/?a=1;b=2")?;
/// semi.edit_query().separator(Separator::Semicolon).set("a", "x").append("c", "3");
/// assert_eq!(semi, "http://h/?a=x;b=2;c=3");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub struct QueryEditor<'u> {
    target: Edit<'u>,
    separator: Separator,
    plus_as_space: bool,
}

/// One piece of a query between separators: its span, and the separator
/// written before it (none for the first).
#[derive(Clone, Copy)]
struct Piece {
    start: usize,
    end: usize,
    separator_before: Option<char>,
}

impl<'u> QueryEditor<'u> {
    fn new(target: Edit<'u>) -> Self {
        QueryEditor {
            target,
            separator: Separator::Ampersand,
            plus_as_space: false,
        }
    }

    /// Which character separates pairs (`&` by default). With
    /// [`Separator::Both`], both split pairs and `&` is written.
    ///
    /// ```
    /// use peguri::query::Separator;
    /// let mut uri = peguri::UriBuf::parse("s:x?a=1;b=2&c=3")?;
    /// uri.edit_query().separator(Separator::Both).remove("b");
    /// assert_eq!(uri, "s:x?a=1&c=3");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn separator(mut self, separator: Separator) -> Self {
        self.separator = separator;
        self
    }

    /// Whether `+` means a space, as in HTML forms: keys compare with `+`
    /// read as a space, and spaces in new keys and values are written as
    /// `+`. Off by default.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?first+name=Jo")?;
    /// uri.edit_query().plus_as_space(true).set("first name", "Jo Ann");
    /// assert_eq!(uri, "s:x?first+name=Jo+Ann");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn plus_as_space(mut self, on: bool) -> Self {
        self.plus_as_space = on;
        self
    }

    /// Appends `key=value`, creating the query if there is none.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x")?;
    /// uri.edit_query().append("a", "1").append("a", "2");
    /// assert_eq!(uri, "s:x?a=1&a=2");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn append(&mut self, key: &str, value: &str) -> &mut Self {
        let pair = self.encoded(key, Some(value));
        self.push(&pair)
    }

    /// Appends a key with no `=` and no value.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?a=1")?;
    /// uri.edit_query().append_key("debug");
    /// assert_eq!(uri, "s:x?a=1&debug");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn append_key(&mut self, key: &str) -> &mut Self {
        let pair = self.encoded(key, None);
        self.push(&pair)
    }

    /// Gives `key` the one value `value`: the first pair with that key is
    /// rewritten in place (its key keeps its text), later ones are
    /// removed; without one, the pair is appended.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?k=1&other=2&k=3")?;
    /// uri.edit_query().set("k", "9");
    /// assert_eq!(uri, "s:x?k=9&other=2");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn set(&mut self, key: &str, value: &str) -> &mut Self {
        let query = self.query().map(str::to_owned);
        let Some(query) = query else {
            return self.append(key, value);
        };
        let mut found = false;
        let encoded_value = self.encoded_value(value);
        let edited = self.rewrite(&query, |pair, piece| {
            if !pair.is_some_and(|p| key_matches(&p, key)) {
                return Some(Cow::Borrowed(piece));
            }
            if found {
                return None;
            }
            found = true;
            let raw_key = pair.map_or("", |p| p.raw_key());
            Some(Cow::Owned(format!("{raw_key}={encoded_value}")))
        });
        if found {
            self.store(edited);
            self
        } else {
            self.append(key, value)
        }
    }

    /// Removes every pair whose key is `key`.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?a=1&b=2&a=3")?;
    /// uri.edit_query().remove("a");
    /// assert_eq!(uri, "s:x?b=2");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn remove(&mut self, key: &str) -> &mut Self {
        self.retain(|pair| !key_matches(pair, key))
    }

    /// Keeps only the pairs for which `keep` returns `true`.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?utm_source=a&id=7&utm_medium=b")?;
    /// uri.edit_query().retain(|pair| !pair.raw_key().starts_with("utm_"));
    /// assert_eq!(uri, "s:x?id=7");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&QueryPair<'_>) -> bool) -> &mut Self {
        let Some(query) = self.query().map(str::to_owned) else {
            return self;
        };
        let edited = self.rewrite(&query, |pair, piece| match pair {
            Some(pair) if !keep(&pair) => None,
            _ => Some(Cow::Borrowed(piece)),
        });
        self.store(edited);
        self
    }

    fn query(&self) -> Option<&str> {
        self.target.query()
    }

    /// Puts the edited query in place; `None` removes it.
    fn store(&mut self, query: Option<String>) {
        self.target.put_query(query.map(Cow::Owned));
    }

    /// `key=value` (or `key`), encoded for a query pair.
    fn encoded(&self, key: &str, value: Option<&str>) -> String {
        let mut pair = QueryBuilder::new()
            .separator(self.separator)
            .space_as_plus(self.plus_as_space);
        match value {
            Some(value) => pair.append_pair(key, value),
            None => pair.append_key(key),
        };
        pair.into_string()
    }

    /// A value, encoded for a query pair.
    fn encoded_value(&self, value: &str) -> String {
        let pair = self.encoded("", Some(value));
        pair[1..].to_owned()
    }

    /// Appends an encoded pair after the last piece.
    fn push(&mut self, pair: &str) -> &mut Self {
        let query = match self.query() {
            None | Some("") => pair.to_owned(),
            Some(query) => {
                let mut query = query.to_owned();
                if !query.ends_with(|c| splits_at(self.separator, c)) {
                    query.push(written(self.separator));
                }
                query.push_str(pair);
                query
            }
        };
        self.store(Some(query));
        self
    }

    /// The query's pieces between separators.
    fn pieces(&self, query: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut start = 0;
        let mut separator_before = None;
        for (i, c) in query.char_indices() {
            if splits_at(self.separator, c) {
                pieces.push(Piece {
                    start,
                    end: i,
                    separator_before,
                });
                start = i + 1;
                separator_before = Some(c);
            }
        }
        pieces.push(Piece {
            start,
            end: query.len(),
            separator_before,
        });
        pieces
    }

    /// The query with each piece replaced by what `edit` makes of it (the
    /// piece's pair, or `None` for an empty piece, and its text): `None`
    /// removes it. `None` overall when the last piece went.
    fn rewrite<'q>(
        &self,
        query: &'q str,
        mut edit: impl FnMut(Option<QueryPair<'q>>, &'q str) -> Option<Cow<'q, str>>,
    ) -> Option<String> {
        let mut out = String::with_capacity(query.len());
        let mut removed = false;
        let mut first = true;
        for piece in self.pieces(query) {
            let text = &query[piece.start..piece.end];
            let pair = QueryPairs::new(text)
                .separator(self.separator)
                .plus_as_space(self.plus_as_space)
                .next();
            match edit(pair, text) {
                Some(kept) => {
                    if !first {
                        // A piece keeps the separator written before it; the
                        // first one kept has none.
                        out.push(piece.separator_before.unwrap_or(written(self.separator)));
                    }
                    out.push_str(&kept);
                    first = false;
                }
                None => removed = true,
            }
        }
        if removed && out.is_empty() {
            return None;
        }
        Some(out)
    }
}

/// Whether a pair's decoded key is `key`.
fn key_matches(pair: &QueryPair<'_>, key: &str) -> bool {
    *pair.key_bytes() == *key.as_bytes()
}

fn splits_at(separator: Separator, c: char) -> bool {
    match separator {
        Separator::Ampersand => c == '&',
        Separator::Semicolon => c == ';',
        Separator::Both => c == '&' || c == ';',
    }
}

fn written(separator: Separator) -> char {
    match separator {
        Separator::Semicolon => ';',
        Separator::Ampersand | Separator::Both => '&',
    }
}
