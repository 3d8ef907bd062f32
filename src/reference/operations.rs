//! The mappings between IRIs and URIs, and file paths. Each is a short
//! call into `ops`, which works on the crate's parsed view.

use alloc::borrow::Cow;
use alloc::string::String;
#[cfg(feature = "std")]
use std::path::{Path, PathBuf};

use super::{Kind, Reference, Rfc3986, Rfc3987, Storage, UriBuf, WithScheme};
use crate::ops::file_path::{FilePathError, from_windows_text, to_windows_text};
#[cfg(feature = "std")]
use crate::ops::file_path::{platform_from, platform_to};
#[cfg(feature = "idna")]
use crate::ops::idna::{IdnaError, displayable_idna, iri_to_uri_idna};
use crate::ops::iri::{decode_displayable, iri_to_uri};
use crate::syntax::entry::Grammar;
use crate::syntax::parse::reparse;
use crate::types::parsed::Parsed;

/// From an IRI to the URI it maps to (RFC 3987 section 3.1), for a
/// resolver or a protocol that takes URIs; [`to_iri`](Reference::to_iri)
/// goes the other way. The kind is kept: an IRI's URI is a URI.
impl<S: Storage, K: Kind> Reference<S, Rfc3987, K> {
    /// The URI this IRI maps to (RFC 3987 section 3.1): every
    /// character the URI grammar does not allow, that is every
    /// `ucschar` and `iprivate` character, is replaced by the
    /// percent-encoding of its UTF-8 octets, in upper-case
    /// hexadecimal. Everything else, existing percent-encodings
    /// included, is kept as it is, so the components keep their
    /// boundaries.
    ///
    /// The host is percent-encoded like every other component.
    /// Section 3.1 allows that, and also allows converting a
    /// registered name to punycode with IDNA instead, which a
    /// resolver that expects a DNS name needs:
    /// `to_uri_idna` (feature `idna`) does that.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("http://résumé.example.org/𐌀?sushi=🍣")?;
    /// let uri = iri.to_uri();
    /// assert_eq!(uri, "http://r%C3%A9sum%C3%A9.example.org/%F0%90%8C%80?sushi=%F0%9F%8D%A3");
    /// assert_eq!(uri.path(), "/%F0%90%8C%80");
    /// // Existing percent-encodings are kept.
    /// assert_eq!(peguri::Iri::parse("s:red%09rosé")?.to_uri(), "s:red%09ros%C3%A9");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_uri(&self) -> Reference<String, Rfc3986, K> {
        let (text, layout, grammar) = iri_to_uri(self.view());
        Reference::from_parts(text, layout, grammar)
    }

    /// The URI this IRI maps to (RFC 3987 section 3.1), with a
    /// registered name that holds non-ASCII characters (written or
    /// percent-encoded as UTF-8) converted by UTS 46 ToASCII to its
    /// IDNA form (punycode, `xn--` labels), as most HTTP stacks and
    /// DNS resolvers need. An ASCII host is kept as written; every
    /// other component is mapped as `to_uri` maps it. ToASCII is
    /// applied with UseSTD3ASCIIRules and the DNS length checks, as
    /// section 3.1 says, and non-transitional processing (`ß` stays
    /// `ß`, as in IDNA2008).
    ///
    /// # Errors
    ///
    /// [`IdnaError`] when ToASCII rejects the host.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("http://例え.jp/パス?q=ü")?;
    /// assert_eq!(iri.to_uri_idna().unwrap(), "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%BC");
    /// assert_eq!(iri.to_uri(), "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%C3%BC");
    /// let to_ascii = |s| peguri::Iri::parse(s).unwrap().to_uri_idna().unwrap();
    /// assert_eq!(to_ascii("http://Bücher.DE/"), "http://xn--bcher-kva.de/");
    /// assert_eq!(to_ascii("http://faß.de/"), "http://xn--fa-hia.de/");
    /// assert_eq!(to_ascii("http://b%C3%BCcher.de/"), "http://xn--bcher-kva.de/");
    /// // An ASCII host keeps its case and its triplets.
    /// assert_eq!(to_ascii("http://WWW.%41.de/ä"), "http://WWW.%41.de/%C3%A4");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "idna")]
    #[cfg_attr(docsrs, doc(cfg(feature = "idna")))]
    pub fn to_uri_idna(&self) -> Result<Reference<String, Rfc3986, K>, IdnaError> {
        let (text, layout, grammar) = iri_to_uri_idna(self.view())?;
        Ok(Reference::from_parts(text, layout, grammar))
    }
}

/// Files (RFC 8089): the path a `file` URI names, on this platform or as
/// a Windows path on any. `UriBuf::from_file_path` goes the other way.
impl<S: Storage> Reference<S, Rfc3986, WithScheme> {
    /// The path of this `file` URI on this platform (RFC 8089): on Unix,
    /// the decoded bytes of the path (the authority must be empty or
    /// `localhost`); on Windows, [`to_windows_path`](Self::to_windows_path).
    /// The query and fragment are ignored.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] if the scheme is not `file`, the path is not
    /// absolute, a segment encodes a separator or NUL, or (on Unix) the
    /// authority names another host.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use peguri::error::FilePathErrorKind;
    ///
    /// let uri = peguri::Uri::parse("file:/tmp/caf%C3%A9%20au%20lait?q#f")?;
    /// assert_eq!(uri.to_file_path().unwrap(), std::path::Path::new("/tmp/café au lait"));
    /// let remote = peguri::Uri::parse("file://server/share")?;
    /// assert_eq!(remote.to_file_path().unwrap_err().kind(), FilePathErrorKind::RemoteHost);
    /// # }
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn to_file_path(&self) -> Result<PathBuf, FilePathError> {
        let view = self.view();
        platform_to(&view).map_err(|e| e.about(view.as_str()))
    }

    /// The Windows path of this `file` URI, on any platform: a drive path
    /// for `file:///C:/...` (also `file:/C:/...` and `file:C:/...`), a UNC
    /// path for `file://server/share/...` (and
    /// `file:////server/share/...`). Segments are decoded and must be
    /// UTF-8; the query and fragment are ignored.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] if the scheme is not `file`, there is no drive
    /// or share, a segment encodes `/`, `\` or NUL or is not UTF-8, or the
    /// host is an IP literal or has a userinfo or port.
    ///
    /// ```
    /// use peguri::Uri;
    ///
    /// assert_eq!(Uri::parse("file:c:/WINDOWS/clock.avi")?.to_windows_path().unwrap(), r"c:\WINDOWS\clock.avi");
    /// assert_eq!(Uri::parse("file://host.example.com/Share/a%20b")?.to_windows_path().unwrap(), r"\\host.example.com\Share\a b");
    /// assert!(Uri::parse("file:///etc/passwd")?.to_windows_path().is_err());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn to_windows_path(&self) -> Result<String, FilePathError> {
        let view = self.view();
        to_windows_text(&view).map_err(|e| e.about(view.as_str()))
    }
}

/// Files (RFC 8089): the `file` URI of a path of this platform, or of a
/// Windows path on any.
impl UriBuf {
    /// The `file` URI of an absolute path of this platform (RFC 8089),
    /// with each segment percent-encoded for `segment`: `file:///` and the
    /// path on Unix, [`from_windows_path`](Self::from_windows_path)'s forms
    /// on Windows.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] if the path is relative or holds a NUL, on Unix
    /// if it has a `..` segment ([`FilePathErrorKind::ParentSegment`](crate::error::FilePathErrorKind::ParentSegment): the
    /// URI's normalization would remove it lexically, which names another
    /// file past a symbolic link), or on Windows if it is not Unicode or a
    /// device path. `.` segments are kept as they are.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use peguri::UriBuf;
    /// use peguri::error::FilePathErrorKind;
    ///
    /// let uri = UriBuf::from_file_path("/home/me/My Files/#1.txt")?;
    /// assert_eq!(uri, "file:///home/me/My%20Files/%231.txt");
    /// assert_eq!(uri.to_file_path()?, std::path::Path::new("/home/me/My Files/#1.txt"));
    /// let err = UriBuf::from_file_path("/a/../b").unwrap_err();
    /// assert_eq!(err.kind(), FilePathErrorKind::ParentSegment { offset: 3 });
    /// assert_eq!(UriBuf::from_file_path("/a/./b")?, "file:///a/./b");
    /// # }
    /// # Ok::<_, peguri::error::FilePathError>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn from_file_path(path: impl AsRef<Path>) -> Result<UriBuf, FilePathError> {
        let path = path.as_ref();
        let (text, layout) = platform_from(path).map_err(|e| e.about(&path.to_string_lossy()))?;
        Ok(Reference::from_parts(text, layout, Grammar::Rfc3986))
    }

    /// The `file` URI of a Windows path, on any platform: a drive path
    /// (`C:\dir\f.txt`, `/` also accepted as separator), a UNC path
    /// (`\\server\share\f.txt`), or their verbatim forms (`\\?\C:\...`,
    /// `\\?\UNC\server\share\...`).
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] for a relative path (`dir\f.txt`, `\dir`,
    /// `C:dir`), a device path (`\\.\COM1`) or a UNC path without a share.
    ///
    /// ```
    /// use peguri::UriBuf;
    ///
    /// assert_eq!(UriBuf::from_windows_path(r"C:\Users\Jo Ann\a.txt")?, "file:///C:/Users/Jo%20Ann/a.txt");
    /// assert_eq!(UriBuf::from_windows_path(r"\\server\share\dir\")?, "file://server/share/dir/");
    /// assert_eq!(UriBuf::from_windows_path(r"\\?\D:\x")?, "file:///D:/x");
    /// assert!(UriBuf::from_windows_path(r"C:relative").is_err());
    /// # Ok::<_, peguri::error::FilePathError>(())
    /// ```
    pub fn from_windows_path(path: &str) -> Result<UriBuf, FilePathError> {
        let (text, layout) = from_windows_text(path).map_err(|e| e.about(path))?;
        Ok(Reference::from_parts(text, layout, Grammar::Rfc3986))
    }
}

/// From a URI to the IRI to show for it (RFC 3987 section 3.2), its
/// percent-encoded characters decoded; [`to_uri`](Reference::to_uri) maps
/// it back. The kind is kept: a URI's IRI is an IRI.
impl<S: Storage, K: Kind> Reference<S, Rfc3986, K> {
    /// The IRI to show for this URI (RFC 3987 section 3.2): every run of
    /// percent-encoded octets that is the UTF-8 encoding of a `ucschar`
    /// character is decoded to that character; everything else stays as it
    /// is. The inverse of [`to_uri`](Reference::to_uri), with which it maps
    /// back (with upper-case hexadecimal).
    ///
    /// So these stay percent-encoded:
    /// - encoded ASCII (`%41`, `%2F`, `%20`): decoding could change the
    ///   meaning or the syntax;
    /// - octets that are not valid UTF-8 (`%E9` of a Latin-1 `é`);
    /// - characters that are not `ucschar`: controls, non-characters, and
    ///   private-use (`iprivate`) characters, which are allowed only in the
    ///   query and are not meant for display;
    /// - the bidirectional formatting characters (U+200E, U+200F, U+202A
    ///   to U+202E, U+2066 to U+2069), which RFC 3987 section 4.1 forbids
    ///   in IRIs because they can make the displayed IRI read differently
    ///   from its logical order.
    ///
    /// Which characters are `ucschar` is decided by the grammar's `ucschar`
    /// rule. Decoded characters are allowed wherever a percent-encoding is,
    /// so the result is an IRI (reference) with the same components.
    ///
    /// ```
    /// use peguri::{Uri, UriRef};
    ///
    /// let uri = Uri::parse("http://www.example.org/D%C3%BCrst")?;
    /// let iri = uri.to_iri();
    /// assert_eq!(iri, "http://www.example.org/Dürst");
    /// assert_eq!(iri.path(), "/Dürst");
    /// assert_eq!(iri.to_uri(), uri);
    /// // Not UTF-8: kept.
    /// let latin1 = UriRef::parse("http://www.example.org/D%FCrst")?;
    /// assert_eq!(latin1.to_iri(), "http://www.example.org/D%FCrst");
    /// // Encoded ASCII and a bidi override (U+202E): kept.
    /// assert_eq!(UriRef::parse("/%41%2F%E2%80%AE")?.to_iri(), "/%41%2F%E2%80%AE");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_iri(&self) -> Reference<String, Rfc3987, K> {
        let view = self.view();
        as_iri(view, decode_displayable(view.as_str()))
    }

    /// The IRI to show for this URI (RFC 3987 section 3.2), as
    /// [`to_iri`](Self::to_iri) gives it, with the IDNA labels (`xn--`) of
    /// a registered name shown in Unicode by UTS 46 ToUnicode. A host that
    /// ToUnicode finds an error in, or whose Unicode form is not a
    /// displayable IRI host (section 4.1's bidirectional formatting
    /// characters, for one), is shown as written. ToUnicode lowercases the
    /// host's other labels too.
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// let uri = UriRef::parse("http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9")?;
    /// assert_eq!(uri.to_iri_idna(), "http://例え.jp/パス");
    /// assert_eq!(uri.to_iri(), "http://xn--r8jz45g.jp/パス");
    /// // Not valid punycode: shown as written.
    /// let bad = UriRef::parse("http://xn--a.example/")?;
    /// assert_eq!(bad.to_iri_idna(), "http://xn--a.example/");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "idna")]
    #[cfg_attr(docsrs, doc(cfg(feature = "idna")))]
    #[must_use]
    pub fn to_iri_idna(&self) -> Reference<String, Rfc3987, K> {
        let view = self.view();
        as_iri(view, displayable_idna(view))
    }
}

/// `shown`, the text to show for `uri` as an IRI, as the IRI it is: parsed
/// with the IRI grammar. The decoding keeps every component's boundaries,
/// so it parses; should an edited grammar read it otherwise, the URI's own
/// text is the IRI (every URI is one).
fn as_iri<K: Kind>(uri: Parsed<'_>, shown: Cow<'_, str>) -> Reference<String, Rfc3987, K> {
    let grammar = uri.grammar.as_iri();
    let layout = match &shown {
        Cow::Borrowed(_) => Ok(uri.layout),
        Cow::Owned(text) => reparse(text, grammar),
    };
    match layout {
        Ok(layout) if layout.scheme.is_some() || !<K as super::sealed::Kind>::WITH_SCHEME => {
            Reference::from_parts(shown.into_owned(), layout, grammar)
        }
        _ => Reference::from_parts(String::from(uri.as_str()), uri.layout, grammar),
    }
}
