//! `file` URIs and paths (RFC 8089): Unix paths on Unix, Windows paths as
//! text everywhere, the RFC's examples, the errors, and round trips.

use peguri::error::FilePathErrorKind;
use peguri::{Uri, UriBuf};
use proptest::prelude::*;

#[track_caller]
fn windows(uri: &str) -> Result<String, FilePathErrorKind> {
    Uri::parse(uri)
        .unwrap()
        .to_windows_path()
        .map_err(|e| e.kind())
}

#[test]
fn rfc8089_appendix_b_and_e_forms_read_as_windows_paths() {
    // Appendix E.2: DOS and Windows drive letters.
    assert_eq!(windows("file:c:/path/to/file").unwrap(), r"c:\path\to\file");
    assert_eq!(
        windows("file:///c:/path/to/file").unwrap(),
        r"c:\path\to\file"
    );
    assert_eq!(
        windows("file:/c:/path/to/file").unwrap(),
        r"c:\path\to\file"
    );
    // Appendix E.2.2's vertical line instead of the colon is not allowed
    // in an RFC 3986 path, so such text is not a URI to begin with.
    assert!(Uri::parse("file:///c|/path/to/file").is_err());
    // Appendix E.3: UNC paths, as an authority or (E.3.2) in the path.
    assert_eq!(
        windows("file://host.example.com/path/to/file").unwrap(),
        r"\\host.example.com\path\to\file"
    );
    assert_eq!(
        windows("file:////host.example.com/path/to/file").unwrap(),
        r"\\host.example.com\path\to\file"
    );
    // Appendix B: a local path has no drive on Windows.
    assert_eq!(
        windows("file:///path/to/file"),
        Err(FilePathErrorKind::NotAbsolute)
    );
    assert_eq!(windows("file://localhost/c:/x").unwrap(), r"c:\x");
}

#[test]
fn windows_paths_to_uris() {
    let uri = |path: &str| {
        UriBuf::from_windows_path(path)
            .map(String::from)
            .map_err(|e| e.kind())
    };
    assert_eq!(
        uri(r"C:\Users\me\a b.txt").unwrap(),
        "file:///C:/Users/me/a%20b.txt"
    );
    assert_eq!(
        uri(r"c:/mixed\separators/").unwrap(),
        "file:///c:/mixed/separators/"
    );
    assert_eq!(uri(r"C:\").unwrap(), "file:///C:/");
    assert_eq!(
        uri(r"C:\100% #1;x?.txt").unwrap(),
        "file:///C:/100%25%20%231;x%3F.txt"
    );
    assert_eq!(
        uri(r"C:\Ünïcode\日本").unwrap(),
        "file:///C:/%C3%9Cn%C3%AFcode/%E6%97%A5%E6%9C%AC"
    );
    assert_eq!(
        uri(r"\\server\share\dir\f.txt").unwrap(),
        "file://server/share/dir/f.txt"
    );
    assert_eq!(
        uri(r"\\192.168.0.1\share").unwrap(),
        "file://192.168.0.1/share"
    );
    assert_eq!(
        uri(r"\\my server\share").unwrap(),
        "file://my%20server/share"
    );
    assert_eq!(uri(r"\\?\C:\very\long").unwrap(), "file:///C:/very/long");
    assert_eq!(
        uri(r"\\?\UNC\server\share\x").unwrap(),
        "file://server/share/x"
    );
    for relative in [r"dir\f.txt", r"\rooted\no\drive", r"C:relative", "C:", ""] {
        assert_eq!(
            uri(relative),
            Err(FilePathErrorKind::NotAbsolute),
            "{relative:?}"
        );
    }
    for unsupported in [
        r"\\.\COM1",
        r"\\?\Volume{x}\a",
        r"\\server",
        r"\\server\",
        r"\\\share",
    ] {
        assert_eq!(
            uri(unsupported),
            Err(FilePathErrorKind::UnsupportedWindowsPath),
            "{unsupported:?}"
        );
    }
}

#[test]
fn windows_path_errors() {
    assert_eq!(
        windows("http://h/c:/x"),
        Err(FilePathErrorKind::NotFileScheme)
    );
    assert_eq!(
        windows("file:///c:/a%5Cb"),
        Err(FilePathErrorKind::EncodedSeparator { offset: 12 })
    );
    assert_eq!(
        windows("file:///c:/a%2fb"),
        Err(FilePathErrorKind::EncodedSeparator { offset: 12 })
    );
    assert_eq!(
        windows("file:///c:/a%00"),
        Err(FilePathErrorKind::NulByte { offset: 12 })
    );
    assert_eq!(
        windows("file:///c:/%FF"),
        Err(FilePathErrorKind::NotUnicode { offset: 11 })
    );
    assert_eq!(
        windows("file://[::1]/share"),
        Err(FilePathErrorKind::RemoteHost)
    );
    assert_eq!(
        windows("file://u@h/share"),
        Err(FilePathErrorKind::RemoteHost)
    );
    assert_eq!(
        windows("file://h"),
        Err(FilePathErrorKind::UnsupportedWindowsPath)
    );
    assert_eq!(
        windows("file://h/"),
        Err(FilePathErrorKind::UnsupportedWindowsPath)
    );
    assert_eq!(
        windows("file:////"),
        Err(FilePathErrorKind::UnsupportedWindowsPath)
    );
    assert_eq!(
        windows("file:///cd:/x"),
        Err(FilePathErrorKind::NotAbsolute)
    );
    let err = Uri::parse("file:///c:/a%5Cb")
        .unwrap()
        .to_windows_path()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "percent-encoded path separator at byte 12: no file name can hold one \
         (\"file:///c:/a%5Cb\")"
    );
    assert_eq!(err.input(), "file:///c:/a%5Cb");
}

#[test]
fn windows_drive_root_and_trailing_slash() {
    assert_eq!(windows("file:///C:").unwrap(), r"C:\");
    assert_eq!(windows("file:///C:/").unwrap(), r"C:\");
    assert_eq!(windows("file:///C:/dir/").unwrap(), r"C:\dir\");
    // The query and fragment are not part of the path.
    assert_eq!(windows("file:///C:/a.txt?x#y").unwrap(), r"C:\a.txt");
}

#[cfg(unix)]
mod unix {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::{Path, PathBuf};

    use peguri::error::FilePathErrorKind;
    use peguri::{Uri, UriBuf};

    #[track_caller]
    fn path(uri: &str) -> Result<PathBuf, FilePathErrorKind> {
        Uri::parse(uri)
            .unwrap()
            .to_file_path()
            .map_err(|e| e.kind())
    }

    #[test]
    fn paths_to_uris() {
        let uri = |p: &str| UriBuf::from_file_path(p).unwrap();
        assert_eq!(uri("/"), "file:///");
        assert_eq!(uri("/etc/hosts"), "file:///etc/hosts");
        assert_eq!(uri("/a b/c#d?e%f"), "file:///a%20b/c%23d%3Fe%25f");
        assert_eq!(uri("/dir/"), "file:///dir/");
        assert_eq!(uri("//double"), "file:////double");
        assert_eq!(uri("/x:y@z;w=1"), "file:///x:y@z;w=1");
        // A file name that is not UTF-8.
        let bytes = Path::new(OsStr::from_bytes(b"/caf\xE9/\xFF"));
        assert_eq!(UriBuf::from_file_path(bytes).unwrap(), "file:///caf%E9/%FF");
        assert_eq!(
            UriBuf::from_file_path("rel/ative").unwrap_err().kind(),
            FilePathErrorKind::NotAbsolute
        );
    }

    #[test]
    fn uris_to_paths() {
        assert_eq!(path("file:///etc/hosts").unwrap(), Path::new("/etc/hosts"));
        assert_eq!(path("file:/etc/hosts").unwrap(), Path::new("/etc/hosts"));
        assert_eq!(
            path("file://localhost/etc/hosts").unwrap(),
            Path::new("/etc/hosts")
        );
        assert_eq!(path("FILE://LOCALHOST/x").unwrap(), Path::new("/x"));
        assert_eq!(path("file:///a%20b?q#f").unwrap(), Path::new("/a b"));
        assert_eq!(
            path("file:///caf%E9").unwrap(),
            Path::new(OsStr::from_bytes(b"/caf\xE9"))
        );
        assert_eq!(path("file:///C:/x").unwrap(), Path::new("/C:/x"));
        assert_eq!(path("http://h/x"), Err(FilePathErrorKind::NotFileScheme));
        assert_eq!(
            path("file://server/share"),
            Err(FilePathErrorKind::RemoteHost)
        );
        assert_eq!(
            path("file://localhost:80/x"),
            Err(FilePathErrorKind::RemoteHost)
        );
        assert_eq!(path("file:a/b"), Err(FilePathErrorKind::NotAbsolute));
        assert_eq!(path("file://"), Err(FilePathErrorKind::NotAbsolute));
        assert_eq!(
            path("file:///a%2Fb"),
            Err(FilePathErrorKind::EncodedSeparator { offset: 9 })
        );
        assert_eq!(
            path("file:///a%00"),
            Err(FilePathErrorKind::NulByte { offset: 9 })
        );
        // A backslash is an ordinary byte in a Unix file name.
        assert_eq!(path("file:///a%5Cb").unwrap(), Path::new("/a\\b"));
    }
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/file_path.txt"))]

    /// Unix paths, any bytes but `/` and NUL in their names, round trip.
    #[cfg(unix)]
    #[test]
    fn unix_paths_round_trip(
        segments in proptest::collection::vec(proptest::collection::vec(1u8..=255, 0..6), 0..5),
    ) {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let mut bytes = Vec::new();
        for segment in &segments {
            bytes.push(b'/');
            bytes.extend(segment.iter().map(|&b| if b == b'/' { b'_' } else { b }));
        }
        if bytes.is_empty() {
            bytes.push(b'/');
        }
        let path = std::path::Path::new(OsStr::from_bytes(&bytes));
        let uri = UriBuf::from_file_path(path).unwrap();
        prop_assert!(uri.as_str().starts_with("file://"));
        prop_assert_eq!(UriBuf::parse(uri.as_str()).unwrap(), uri.clone());
        prop_assert_eq!(uri.to_file_path().unwrap(), path);
    }

    /// Windows drive paths round trip (with `\` separators).
    #[test]
    fn windows_drive_paths_round_trip(
        drive in "[a-zA-Z]",
        segments in proptest::collection::vec("[^\\\\/:*?\"<>|\u{0}-\u{1F}]{0,6}", 0..5),
    ) {
        let path = format!("{drive}:\\{}", segments.join("\\"));
        let uri = UriBuf::from_windows_path(&path).unwrap();
        prop_assert_eq!(UriBuf::parse(uri.as_str()).unwrap(), uri.clone());
        prop_assert_eq!(uri.to_windows_path().unwrap(), path);
    }

    /// UNC paths round trip.
    #[test]
    fn unc_paths_round_trip(
        server in "[a-zA-Z0-9][a-zA-Z0-9.-]{0,10}",
        share in "[^\\\\/:*?\"<>|\u{0}-\u{1F}]{1,6}",
        segments in proptest::collection::vec("[^\\\\/:*?\"<>|\u{0}-\u{1F}]{0,6}", 0..4),
    ) {
        let mut path = format!("\\\\{server}\\{share}");
        for segment in &segments {
            path.push('\\');
            path.push_str(segment);
        }
        let uri = UriBuf::from_windows_path(&path).unwrap();
        prop_assert_eq!(uri.to_windows_path().unwrap(), path);
    }
}

/// A NUL in a Windows path became `%00`, which `to_windows_path` then
/// refused: it is refused on the way in.
#[test]
fn windows_path_with_a_nul_is_refused_on_the_way_in() {
    let err = UriBuf::from_windows_path("C:\\a\\b\0").unwrap_err();
    assert_eq!(err.kind(), FilePathErrorKind::NulInPath { offset: 6 });
    assert_eq!(
        err.to_string(),
        "NUL at byte 6 of the path: no file name can hold one (\"C:\\a\\b\\u{0}\")"
    );
}

/// On Unix, a NUL is refused too, and a `..` segment: the URI's
/// normalization would remove it lexically, which names another file when
/// the segment before it is a symbolic link. `.` segments are kept.
#[cfg(unix)]
#[test]
fn unix_paths_with_parent_segments_or_nul_are_refused() {
    let err = UriBuf::from_file_path("/a/../b/./c").unwrap_err();
    assert_eq!(err.kind(), FilePathErrorKind::ParentSegment { offset: 3 });
    assert!(
        err.to_string()
            .starts_with("a '..' segment at byte 3 of the path")
    );
    let err = UriBuf::from_file_path("/a\0b").unwrap_err();
    assert_eq!(err.kind(), FilePathErrorKind::NulInPath { offset: 2 });
    // The message names the path, escaped.
    assert!(err.to_string().ends_with("(\"/a\\u{0}b\")"), "{err}");
    let err = UriBuf::from_file_path("relative/path").unwrap_err();
    assert_eq!(err.to_string(), "not an absolute path (\"relative/path\")");
    let uri = UriBuf::from_file_path("/a/./b/.").unwrap();
    assert_eq!(uri, "file:///a/./b/.");
    assert_eq!(
        uri.to_file_path().unwrap(),
        std::path::Path::new("/a/./b/.")
    );
    // A `..` inside a name is no segment of its own.
    assert!(UriBuf::from_file_path("/a/..b/c..").is_ok());
}
