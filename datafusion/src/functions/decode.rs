//! `uri_decode(text[, plus_as_space])`: percent-decoding; and
//! `uri_path_extension(uri)`: the extension of the path's last segment.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri_arrow::column::Layout;

use crate::docs::{document, PLUS_AS_SPACE_ARGUMENT, URI_ARGUMENT};
use crate::signature::{meta_methods, Arg, Meta};
use crate::strings::{all_null, constant_flag, map_column};

/// `uri_decode(text[, plus_as_space])`: [`peguri_arrow::decode`] of each
/// row, with ClickHouse's `decodeURLComponent` as an alias.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct DecodeFunction {
    meta: Meta,
}

impl DecodeFunction {
    pub(crate) fn new() -> Self {
        DecodeFunction {
            meta: Meta::new(
                "uri_decode",
                2,
                &["decodeurlcomponent"],
                document(
                    "The text percent-decoded: every '%' followed by two hexadecimal digits \
                     becomes the octet they encode; a '%' that is not (100%, %zz) stays as it \
                     is. With plus_as_space true, '+' is a space too, as HTML forms encode \
                     text (ClickHouse's decodeURLFormComponent, Python's unquote_plus); '%2B' \
                     is always '+'. The text may be anything: a component, a value, a whole \
                     URL. Decoded octets that are not UTF-8 become U+FFFD (the replacement \
                     character), as Python's unquote gives them: the result is text, and NULL \
                     only for a NULL argument.",
                    "uri_decode(text[, plus_as_space])",
                    "SELECT uri_decode('caf%C3%A9+cr%C3%A8me'); -- 'café+crème'\n\
                     SELECT uri_decode('caf%C3%A9+cr%C3%A8me', true); -- 'café crème'",
                    &[
                        (
                            "text",
                            "Any text: a string column or literal of any string type.",
                        ),
                        PLUS_AS_SPACE_ARGUMENT,
                    ],
                ),
            )
            .with_kinds(&[Arg::Str, Arg::Bool], 1),
        }
    }
}

impl ScalarUDFImpl for DecodeFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let syntax = &self.meta.documentation.syntax_example;
        let Some(plus_as_space) = constant_flag(&args.args, 1, syntax)? else {
            return all_null(&args);
        };
        map_column(&args.args[0], |array| {
            peguri_arrow::decode(array, plus_as_space, Layout::View)
        })
    }
}

/// `uri_path_extension(uri)`: [`peguri_arrow::path_extension`] of each
/// row.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct PathExtensionFunction {
    meta: Meta,
}

impl PathExtensionFunction {
    pub(crate) fn new() -> Self {
        PathExtensionFunction {
            meta: Meta::new(
                "uri_path_extension",
                1,
                &[],
                document(
                    "The extension of the last segment of the path, lowercase, as DuckDB's \
                     netquack extract_extension reads it: the text after the segment's last \
                     '.', when that '.' neither starts the segment (.htaccess) nor follows \
                     another '.', and the text is 1 to 10 ASCII letters and digits \
                     (archive.tar.gz gives 'gz'). The query and fragment are not part of the \
                     path; a path without '/' has one segment (photo.jpg gives 'jpg', \
                     mailto:a@example.com 'com', where netquack, which looks for a '/', gives \
                     ''); percent-encoded text is read as written. NULL when the input is \
                     NULL or not an RFC 3986 URI reference, or the last segment has no \
                     extension (netquack gives '').",
                    "uri_path_extension(uri)",
                    "SELECT uri_path_extension('https://h/files/Report.PDF?v=2'); -- 'pdf'",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for PathExtensionFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            peguri_arrow::path_extension(array, Layout::View)
        })
    }
}
