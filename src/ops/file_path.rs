//! `file` URIs and file system paths (RFC 8089).
//!
//! `UriBuf::from_file_path` and `Uri::to_file_path` convert between a
//! `file` URI and an absolute path of the platform the program runs on.
//! The Unix forms are handled in full, bytes included: a path is a
//! sequence of bytes, and each segment is percent-encoded with the
//! `segment` class of [`pct`](crate::pct), so a file name that is not UTF-8
//! survives the round trip. The Windows forms are handled as text on every
//! platform by `UriBuf::from_windows_path` and `Uri::to_windows_path`,
//! which the platform functions call on Windows:
//!
//! | path | URI |
//! |---|---|
//! | `/home/me/a b.txt` | `file:///home/me/a%20b.txt` |
//! | `C:\Users\me\a b.txt` | `file:///C:/Users/me/a%20b.txt` |
//! | `\\server\share\dir\f.txt` | `file://server/share/dir/f.txt` |
//!
//! # Rationale
//!
//! - *`file:///path`, with an empty authority*, is written (RFC 8089
//!   section 2 allows `file:/path` too, and reading accepts both, and
//!   `file://localhost/path`).
//! - *Dot segments are kept*: `/a/../b` becomes `file:///a/../b`, as the
//!   path names it. Resolving or normalizing the URI would remove them,
//!   which is not what the file system does with symbolic links.
//! - *The query and fragment are ignored* when a URI becomes a path; they
//!   are not part of a file's name.
//! - *A segment that decodes to a separator or NUL is refused*
//!   (`%2F`, `%00`): no file name can hold one.
//! - *Another host* (`file://server/share`) is a UNC path on Windows and an
//!   error on Unix, which has no such paths.
//! - *The drive-letter forms of RFC 8089 Appendix E.2* are read: `/C:/`,
//!   and `C:/` without slashes. The legacy `C|` of Appendix E.2.2 cannot
//!   be: `|` is not allowed in an RFC 3986 path, so such text does not
//!   parse as a URI. Appendix E.3.2's `file:////server/share` is read as a
//!   UNC path.

use core::fmt;
#[cfg(feature = "std")]
use std::path::{Path, PathBuf};

use crate::ops::build::{AuthorityParts, BuildError, Parts};
use crate::syntax::entry::Grammar;
use crate::syntax::excerpt::Quoted;
use crate::syntax::layout::Layout;
use crate::syntax::pct::{self, EncodeSet};
use crate::types::authority::Host;
use crate::types::parsed::Parsed;
use alloc::{boxed::Box, format, string::String, vec::Vec};

/// A `file` URI made from a path: its text and layout, in RFC 3986's
/// grammar.
pub(crate) type FileUri = (String, Layout);

/// Why a path could not become a `file` URI, or a URI a path.
///
/// ```
/// use peguri::Uri;
/// use peguri::error::FilePathErrorKind;
///
/// let err = Uri::parse("http://example.com/")?.to_file_path().unwrap_err();
/// assert_eq!(err.kind(), FilePathErrorKind::NotFileScheme);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathErrorKind {
    /// A relative path, or a URI whose path does not start at a root (for
    /// Windows, a drive or a UNC share).
    NotAbsolute,
    /// The URI's scheme is not `file`.
    NotFileScheme,
    /// The URI names another host, and the platform has no paths for it
    /// (Unix), or the host cannot be written in a UNC path (an IP literal).
    RemoteHost,
    /// A segment percent-encodes a path separator (`%2F`, or `%5C` for
    /// Windows), which no file name can hold.
    EncodedSeparator {
        /// The byte offset of the triplet in the URI.
        offset: usize,
    },
    /// A segment percent-encodes NUL (`%00`).
    NulByte {
        /// The byte offset of the triplet in the URI.
        offset: usize,
    },
    /// A path given to make a URI holds a NUL character, which no file
    /// name holds.
    NulInPath {
        /// The byte offset of the NUL in the path.
        offset: usize,
    },
    /// A Unix path given to make a URI has a `..` segment. Normalizing or
    /// resolving the URI removes it with the segment before it, which on
    /// Unix names another file when that segment is a symbolic link; the
    /// path should be resolved first (`std::fs::canonicalize`). `.`
    /// segments are kept: removing them never changes the file. (Windows
    /// removes `..` by the same rule as URIs, so Windows paths keep it.)
    ParentSegment {
        /// The byte offset of the segment in the path.
        offset: usize,
    },
    /// A Windows path must be Unicode, and the URI's decoded path or host
    /// is not UTF-8 (or a platform path is not Unicode).
    NotUnicode {
        /// The byte offset in the URI where the text stops being UTF-8.
        offset: usize,
    },
    /// A Windows path form that names no file on a drive or share: a
    /// device path (`\\.\`), a verbatim path other than `\\?\C:\` and
    /// `\\?\UNC\`, or a UNC path without a share.
    UnsupportedWindowsPath,
    /// The platform has neither Unix nor Windows paths.
    UnsupportedPlatform,
    /// The grammar does not read the `file` URI made from the path as the
    /// host and the path it was made of: the grammar compiled into peguri
    /// always does, a `uri.pest` edited so that its rules no longer fit
    /// together may not (see
    /// [`BuildErrorKind::GrammarDisagreement`](crate::error::BuildErrorKind::GrammarDisagreement),
    /// the error's [`source`](core::error::Error::source)).
    GrammarDisagreement,
}

impl FilePathErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::error::FilePathErrorKind::NotFileScheme.as_str(), "not_file_scheme");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            FilePathErrorKind::NotAbsolute => "not_absolute",
            FilePathErrorKind::NotFileScheme => "not_file_scheme",
            FilePathErrorKind::RemoteHost => "remote_host",
            FilePathErrorKind::EncodedSeparator { .. } => "encoded_separator",
            FilePathErrorKind::NulByte { .. } => "nul_byte",
            FilePathErrorKind::NulInPath { .. } => "nul_in_path",
            FilePathErrorKind::ParentSegment { .. } => "parent_segment",
            FilePathErrorKind::NotUnicode { .. } => "not_unicode",
            FilePathErrorKind::UnsupportedWindowsPath => "unsupported_windows_path",
            FilePathErrorKind::UnsupportedPlatform => "unsupported_platform",
            FilePathErrorKind::GrammarDisagreement => "grammar_disagreement",
        }
    }
}

/// The kind's name, as [`as_str`](FilePathErrorKind::as_str) gives it.
#[cfg(feature = "serde")]
impl serde::Serialize for FilePathErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A path that could not become a `file` URI, or a URI that could not
/// become a path.
///
/// ```
/// let err = peguri::UriBuf::from_file_path("relative/path").unwrap_err();
/// assert_eq!(err.to_string(), "not an absolute path (\"relative/path\")");
/// assert_eq!(err.input(), "relative/path");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FilePathError {
    kind: FilePathErrorKind,
    /// The path or the URI that was refused (a path that is not Unicode
    /// with U+FFFD for what is not).
    input: Box<str>,
    /// The builder's error, for [`FilePathErrorKind::GrammarDisagreement`].
    source: Option<BuildError>,
}

impl FilePathError {
    /// What is wrong.
    ///
    /// ```
    /// use peguri::UriBuf;
    /// use peguri::error::FilePathErrorKind;
    /// let uri = UriBuf::parse("file:///C:/a%2Fb")?;
    /// assert_eq!(uri.to_windows_path().unwrap_err().kind(), FilePathErrorKind::EncodedSeparator { offset: 12 });
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn kind(&self) -> FilePathErrorKind {
        self.kind
    }

    /// The path or the URI that was refused; offsets in [`kind`](Self::kind)
    /// are into it.
    ///
    /// ```
    /// let uri = peguri::Uri::parse("http://h/")?;
    /// assert_eq!(uri.to_windows_path().unwrap_err().input(), "http://h/");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The same error about `input`.
    pub(crate) fn about(mut self, input: &str) -> Self {
        self.input = input.into();
        self
    }
}

impl From<FilePathErrorKind> for FilePathError {
    fn from(kind: FilePathErrorKind) -> Self {
        FilePathError {
            kind,
            input: Box::default(),
            source: None,
        }
    }
}

/// What is wrong, then the input in parentheses, quoted (bounded and
/// escaped).
impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_kind(f)?;
        write!(f, " (\"{}\")", Quoted::new(&self.input))
    }
}

impl FilePathError {
    fn fmt_kind(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            FilePathErrorKind::NotAbsolute => f.write_str("not an absolute path"),
            FilePathErrorKind::NotFileScheme => f.write_str("not a file URI"),
            FilePathErrorKind::RemoteHost => {
                f.write_str("the file URI names a host that has no path on this system")
            }
            FilePathErrorKind::EncodedSeparator { offset } => write!(
                f,
                "percent-encoded path separator at byte {offset}: no file name can hold one"
            ),
            FilePathErrorKind::NulByte { offset } => write!(
                f,
                "percent-encoded NUL at byte {offset}: no file name can hold one"
            ),
            FilePathErrorKind::NulInPath { offset } => write!(
                f,
                "NUL at byte {offset} of the path: no file name can hold one"
            ),
            FilePathErrorKind::ParentSegment { offset } => write!(
                f,
                "a '..' segment at byte {offset} of the path: a URI's normalization removes it \
                 with the segment before it, which names another file if that is a symbolic \
                 link; resolve the path first"
            ),
            FilePathErrorKind::NotUnicode { offset } => {
                write!(f, "not Unicode at byte {offset}, as a Windows path must be")
            }
            FilePathErrorKind::UnsupportedWindowsPath => {
                f.write_str("a Windows path that names no file on a drive or share")
            }
            FilePathErrorKind::UnsupportedPlatform => {
                f.write_str("this platform has neither Unix nor Windows paths")
            }
            FilePathErrorKind::GrammarDisagreement => f.write_str(
                "cannot make a file URI: the grammar does not read the URI made from the path \
                 back as the host and path it was made of",
            ),
        }
    }
}

impl core::error::Error for FilePathError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn core::error::Error + 'static))
    }
}

/// The path's segments, each percent-encoded for `segment`, joined by `/`.
fn encoded_segments<'a>(segments: impl Iterator<Item = &'a [u8]>) -> String {
    let mut path = String::new();
    for segment in segments {
        path.push('/');
        path.push_str(&pct::encode(segment, EncodeSet::PathSegment));
    }
    path
}

/// `file:` + `//host` + an encoded absolute path, assembled and checked.
fn file_uri(host: &str, path: &str) -> Result<FileUri, FilePathError> {
    let parts = Parts {
        scheme: Some("file".into()),
        authority: Some(AuthorityParts {
            userinfo: None,
            host: pct::encode(host, EncodeSet::RegName),
            port: None,
        }),
        path: path.into(),
        query: None,
        fragment: None,
    };
    // The host is encoded, the path absolute with encoded segments: only
    // a grammar whose rules were edited apart refuses them.
    parts.assemble(Grammar::Rfc3986).map_err(|e| FilePathError {
        kind: FilePathErrorKind::GrammarDisagreement,
        input: Box::default(),
        source: Some(e),
    })
}

/// A Unix path (bytes) as a `file` URI.
#[cfg(all(feature = "std", unix))]
fn from_unix_bytes(path: &[u8]) -> Result<FileUri, FilePathError> {
    if let Some(offset) = path.iter().position(|&b| b == 0) {
        return Err(FilePathErrorKind::NulInPath { offset }.into());
    }
    let mut offset = 0;
    for segment in path.split(|&b| b == b'/') {
        if segment == b".." {
            return Err(FilePathErrorKind::ParentSegment { offset }.into());
        }
        offset += segment.len() + 1;
    }
    let Some(rest) = path.strip_prefix(b"/") else {
        return Err(FilePathErrorKind::NotAbsolute.into());
    };
    file_uri("", &encoded_segments(rest.split(|&b| b == b'/')))
}

/// The decoded bytes of the path of a local `file` URI, for Unix.
#[cfg(all(feature = "std", unix))]
fn to_unix_bytes(uri: &Parsed<'_>) -> Result<Vec<u8>, FilePathError> {
    check_scheme(uri)?;
    if let Some(authority) = uri.authority() {
        if !is_local(authority.as_str()) {
            return Err(FilePathErrorKind::RemoteHost.into());
        }
    }
    if !uri.path().starts_with('/') {
        return Err(FilePathErrorKind::NotAbsolute.into());
    }
    let mut bytes = Vec::with_capacity(uri.path().len());
    for (offset, segment) in segments_with_offsets(uri) {
        bytes.push(b'/');
        bytes.extend_from_slice(&decoded_segment(segment, offset, b"/")?);
    }
    Ok(bytes)
}

fn check_scheme(uri: &Parsed<'_>) -> Result<(), FilePathError> {
    if uri.scheme().is_some_and(|s| s.eq_ignore_ascii_case("file")) {
        Ok(())
    } else {
        Err(FilePathErrorKind::NotFileScheme.into())
    }
}

/// Whether an authority means this machine (RFC 8089 section 2: empty, or
/// `localhost`).
fn is_local(authority: &str) -> bool {
    authority.is_empty() || authority.eq_ignore_ascii_case("localhost")
}

/// The segments of the URI's path (after its leading `/`, if any), each
/// with its byte offset in the URI.
fn segments_with_offsets<'a>(uri: &Parsed<'a>) -> impl Iterator<Item = (usize, &'a str)> {
    let path = uri.path();
    // The path is followed only by the query and the fragment.
    let path_start = uri.as_str().len()
        - path.len()
        - uri.query().map_or(0, |q| q.len() + 1)
        - uri.fragment().map_or(0, |f| f.len() + 1);
    let rest = path.strip_prefix('/').unwrap_or(path);
    let first = path_start + (path.len() - rest.len());
    rest.split('/').scan(first, |start, segment| {
        let at = *start;
        *start += segment.len() + 1;
        Some((at, segment))
    })
}

/// A segment's octets, refusing encoded separators and NUL. `offset` is
/// the segment's offset in the URI.
fn decoded_segment(
    segment: &str,
    offset: usize,
    separators: &[u8],
) -> Result<Vec<u8>, FilePathError> {
    let bytes = segment.as_bytes();
    for i in 0..bytes.len() {
        match pct::triplet_at(bytes, i) {
            Some(0) => return Err(FilePathErrorKind::NulByte { offset: offset + i }.into()),
            Some(octet) if separators.contains(&octet) => {
                return Err(FilePathErrorKind::EncodedSeparator { offset: offset + i }.into());
            }
            _ => {}
        }
    }
    Ok(pct::decode(segment).into_owned())
}

/// The drive letter `text` starts with (a letter, then `:`), if any.
fn drive_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_alphabetic)?;
    (chars.next() == Some(':')).then_some(letter)
}

/// A Windows path (text) as a `file` URI. A NUL is refused here, as
/// `to_windows_path` refuses the `%00` it would become: no Windows path
/// holds one.
pub(crate) fn from_windows_text(path: &str) -> Result<FileUri, FilePathError> {
    if let Some(offset) = path.find('\0') {
        return Err(FilePathErrorKind::NulInPath { offset }.into());
    }
    let is_separator = |c: char| c == '\\' || c == '/';
    // Verbatim paths: `\\?\C:\...` and `\\?\UNC\server\share\...`.
    let (path, verbatim_unc) = match path.strip_prefix(r"\\?\") {
        Some(rest) => match rest.strip_prefix(r"UNC\") {
            Some(unc) => (unc, true),
            None if drive_letter(rest).is_some() => (rest, false),
            None => return Err(FilePathErrorKind::UnsupportedWindowsPath.into()),
        },
        None => (path, false),
    };
    let unc = if verbatim_unc {
        Some(path)
    } else {
        path.strip_prefix(is_separator)
            .and_then(|rest| rest.strip_prefix(is_separator))
    };
    if let Some(unc) = unc {
        // `\\server\share\rest`; `\\.\` names a device.
        let mut parts = unc.split(is_separator);
        let server = parts.next().unwrap_or_default();
        let share = parts.next().unwrap_or_default();
        if server.is_empty() || server == "." || server == "?" || share.is_empty() {
            return Err(FilePathErrorKind::UnsupportedWindowsPath.into());
        }
        let segments = [share].into_iter().chain(parts).map(str::as_bytes);
        return file_uri(server, &encoded_segments(segments));
    }
    let Some(letter) = drive_letter(path) else {
        return Err(FilePathErrorKind::NotAbsolute.into());
    };
    // `C:` must be followed by a separator: `C:dir` is relative to the
    // drive's current directory.
    let Some(rest) = path[2..].strip_prefix(is_separator) else {
        return Err(FilePathErrorKind::NotAbsolute.into());
    };
    let drive = format!("{letter}:");
    let segments = [drive.as_str()]
        .into_iter()
        .chain(rest.split(is_separator))
        .map(str::as_bytes);
    file_uri("", &encoded_segments(segments))
}

/// A `file` URI as a Windows path (text).
pub(crate) fn to_windows_text(uri: &Parsed<'_>) -> Result<String, FilePathError> {
    check_scheme(uri)?;
    let segments: Vec<(usize, &str)> = segments_with_offsets(uri).collect();
    let remote = uri.authority().filter(|a| !is_local(a.as_str()));
    let (mut out, rest) = if let Some(authority) = remote {
        // `file://server/share/...`
        let (Host::RegName(name) | Host::Ipv4 { text: name, .. }) = authority.host() else {
            return Err(FilePathErrorKind::RemoteHost.into());
        };
        if authority.userinfo().is_some() || authority.port().is_some() {
            return Err(FilePathErrorKind::RemoteHost.into());
        }
        let offset = uri.scheme().map_or(0, str::len) + "://".len();
        let server = utf8(pct::decode(name).into_owned(), offset)?;
        (format!(r"\\{server}"), &segments[..])
    } else if uri.path().starts_with("//") {
        // RFC 8089 Appendix E.3.2: `file:////server/share/...`; the first
        // segment is the empty one between the two slashes.
        let Some(&(offset, server)) = segments.get(1).filter(|s| !s.1.is_empty()) else {
            return Err(FilePathErrorKind::UnsupportedWindowsPath.into());
        };
        let server = utf8(decoded_segment(server, offset, b"/\\")?, offset)?;
        (format!(r"\\{server}"), &segments[2..])
    } else {
        // A drive: `/C:/...`, or `C:/...` without the leading slash.
        let drive = segments
            .first()
            .filter(|(_, first)| first.len() == 2)
            .and_then(|(_, first)| drive_letter(first));
        let Some(letter) = drive else {
            return Err(FilePathErrorKind::NotAbsolute.into());
        };
        let rest = &segments[1..];
        let root = if rest.is_empty() { "\\" } else { "" };
        (format!("{letter}:{root}"), rest)
    };
    // A UNC path names a share.
    if out.starts_with(r"\\") && rest.first().is_none_or(|s| s.1.is_empty()) {
        return Err(FilePathErrorKind::UnsupportedWindowsPath.into());
    }
    for &(offset, segment) in rest {
        out.push('\\');
        out.push_str(&utf8(decoded_segment(segment, offset, b"/\\")?, offset)?);
    }
    Ok(out)
}

/// The octets as UTF-8; `offset` is where they came from in the URI.
fn utf8(octets: Vec<u8>, offset: usize) -> Result<String, FilePathError> {
    String::from_utf8(octets).map_err(|_| FilePathErrorKind::NotUnicode { offset }.into())
}

/// The `file` URI of an absolute path of this platform.
#[cfg(all(feature = "std", unix))]
pub(crate) fn platform_from(path: &Path) -> Result<FileUri, FilePathError> {
    use std::os::unix::ffi::OsStrExt;
    from_unix_bytes(path.as_os_str().as_bytes())
}

/// The path of this platform a `file` URI names.
#[cfg(all(feature = "std", unix))]
pub(crate) fn platform_to(uri: &Parsed<'_>) -> Result<PathBuf, FilePathError> {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    to_unix_bytes(uri).map(|bytes| PathBuf::from(OsString::from_vec(bytes)))
}

#[cfg(all(feature = "std", windows))]
pub(crate) fn platform_from(path: &Path) -> Result<FileUri, FilePathError> {
    let text = path
        .to_str()
        .ok_or(FilePathError::from(FilePathErrorKind::NotUnicode {
            offset: 0,
        }))?;
    from_windows_text(text)
}

#[cfg(all(feature = "std", windows))]
pub(crate) fn platform_to(uri: &Parsed<'_>) -> Result<PathBuf, FilePathError> {
    to_windows_text(uri).map(PathBuf::from)
}

#[cfg(all(feature = "std", not(any(unix, windows))))]
pub(crate) fn platform_from(_: &Path) -> Result<FileUri, FilePathError> {
    Err(FilePathErrorKind::UnsupportedPlatform.into())
}

#[cfg(all(feature = "std", not(any(unix, windows))))]
pub(crate) fn platform_to(_: &Parsed<'_>) -> Result<PathBuf, FilePathError> {
    Err(FilePathErrorKind::UnsupportedPlatform.into())
}
