//! `Utf8View` output that points into the input's own bytes.
//!
//! A component of a URI is a piece of the URI's text, so the result column
//! needs no copy of it: a view names the input buffer that holds the
//! piece, its offset and its length. The result keeps the input's buffers
//! alive (shared, not copied). Pieces of 12 bytes or less are stored inside
//! their views, as the format requires, and pieces up to [`COPY_UP_TO`]
//! bytes are copied, which is cheaper than checking a view (see
//! [`Substrings::append`]). Text that is not a piece of the
//! input (a normalized or resolved URI, a message) is copied in as usual
//! with [`Substrings::append_owned`].

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, StringViewBuilder};
use datafusion::common::Result;
use datafusion::logical_expr::ColumnarValue;

use crate::strings::{map_strings, StringColumn};

/// Pieces up to this long are copied into the result rather than pointed
/// at: hosts, schemes, ports and most userinfo, the pieces most often
/// extracted.
const COPY_UP_TO: usize = 32;

/// Builds a `Utf8View` column whose values are pieces of `input`'s rows.
pub(crate) struct Substrings<'a> {
    input: StringColumn<'a>,
    builder: StringViewBuilder,
    /// The block number of the input's first data buffer in `builder`, once
    /// a piece needed it.
    first_block: Option<u32>,
}

impl<'a> Substrings<'a> {
    pub(crate) fn new(input: StringColumn<'a>) -> Self {
        Substrings {
            input,
            builder: StringViewBuilder::with_capacity(input.len()),
            first_block: None,
        }
    }

    /// Appends `piece`, which must be a piece of row `row`'s text (it is
    /// copied instead when it is not), or NULL.
    #[inline]
    pub(crate) fn append(&mut self, row: usize, piece: Option<&str>) -> Result<()> {
        let Some(piece) = piece else {
            self.builder.append_null();
            return Ok(());
        };
        if piece.len() <= COPY_UP_TO {
            // Stored inside the view (12 bytes or less), or copied: a view
            // into the input costs a check that its bytes are UTF-8
            // (arrow's `try_append_view`), which for a short piece costs
            // more than copying it.
            self.builder.append_value(piece);
            return Ok(());
        }
        match self.input.locate(row, piece) {
            Some((buffer, offset)) => {
                let block = self.first_block(buffer);
                // `piece.len()` fits: it is at most the row's length, which
                // `locate` found within a buffer addressed by 32 bits.
                self.builder
                    .try_append_view(block, offset, piece.len() as u32)?;
            }
            None => self.builder.append_value(piece),
        }
        Ok(())
    }

    /// Appends text that is not a piece of the input, by copying it.
    #[inline]
    pub(crate) fn append_owned(&mut self, text: &str) {
        self.builder.append_value(text);
    }

    pub(crate) fn finish(mut self) -> ArrayRef {
        Arc::new(self.builder.finish())
    }

    fn first_block(&mut self, buffer: usize) -> u32 {
        let first = match self.first_block {
            Some(first) => first,
            None => {
                let mut first = None;
                for data in self.input.data_buffers() {
                    let block = self.builder.append_block(data);
                    first.get_or_insert(block);
                }
                let first = first.unwrap_or(0);
                self.first_block = Some(first);
                first
            }
        };
        first + buffer as u32
    }
}

/// What a one-argument text function gives for a row.
pub(crate) enum Text<'a> {
    /// NULL.
    Null,
    /// A piece of the row's own text, pointed at where it can be.
    Piece(&'a str),
    /// Text made for the row (a mapped or normalized URI, a message).
    Owned(String),
}

/// Applies `f` to every row of a one-argument call and builds the
/// `Utf8View` result; NULL rows stay NULL without calling `f`. Scalars and
/// dictionaries are handled as [`map_strings`] does.
pub(crate) fn map_to_text(
    arg: &ColumnarValue,
    f: impl for<'a> Fn(&'a str) -> Text<'a>,
) -> Result<ColumnarValue> {
    map_strings(arg, |input| {
        let mut out = Substrings::new(input);
        for row in 0..input.len() {
            match input.get(row).map(&f) {
                None | Some(Text::Null) => out.append(row, None)?,
                Some(Text::Piece(piece)) => out.append(row, Some(piece))?,
                Some(Text::Owned(text)) => out.append_owned(&text),
            }
        }
        Ok(out.finish())
    })
}
