//! The views of a `Utf8View` column, built directly and assembled without
//! arrow's check of every view (`StringViewArray::try_new` runs
//! `from_utf8` on each value), which costs more than building them.
//!
//! [`Views`] is the only way to make the views and [`Views::finish`] the
//! only `unsafe` code of the crate: each push keeps the invariant that
//! every view is valid (see `finish`'s `SAFETY` comment), so that the
//! check is redundant. Debug builds run it anyway.

use arrow_array::StringViewArray;
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use arrow_data::ByteView;

/// The longest text a view holds inline (the format's rule).
pub(crate) const INLINE: usize = 12;

/// A `Utf8View` column under construction: views, NULLs, and the data
/// buffers they point into: shared ones (an input's), then the text
/// copied in.
pub(crate) struct Views {
    views: Vec<u128>,
    /// The validity bits of `views`, 64 a word, except the last ones.
    valid_words: Vec<u64>,
    /// The validity bits of the views after those of `valid_words`.
    valid_bits: u64,
    /// Whether a view is NULL.
    has_nulls: bool,
    /// The shared buffers first, then the full buffers of copied text.
    buffers: Vec<Buffer>,
    /// How many of `buffers` are shared.
    shared: usize,
    /// Whether a view points into a shared buffer.
    uses_shared: bool,
    /// Copied text: the buffer after `buffers`.
    copied: Vec<u8>,
}

impl Views {
    /// Views that may point into `shared`, with room for `capacity` rows.
    pub(crate) fn new(shared: Vec<Buffer>, capacity: usize) -> Self {
        Views {
            views: Vec::with_capacity(capacity),
            valid_words: Vec::with_capacity(capacity.div_ceil(64)),
            valid_bits: 0,
            has_nulls: false,
            shared: shared.len(),
            buffers: shared,
            uses_shared: false,
            copied: Vec::new(),
        }
    }

    /// Appends NULL.
    #[inline(always)]
    pub(crate) fn push_null(&mut self) {
        self.has_nulls = true;
        // The empty string's view: a NULL's view must be valid too.
        self.push(0, false);
    }

    /// Appends `text` by pointing at it in shared buffer `buffer`, or
    /// inline when it is 12 bytes or less; `false` (and nothing appended)
    /// when it is longer and not in that buffer, or at an offset past 32
    /// bits.
    #[inline(always)]
    pub(crate) fn push_shared(&mut self, text: &str, buffer: usize) -> bool {
        let bytes = text.as_bytes();
        if bytes.len() <= INLINE {
            self.push_view(inline_view(bytes));
            return true;
        }
        let Some(data) = self.buffers[..self.shared].get(buffer) else {
            return false;
        };
        // Where `text` starts in `data`, if it lies within it: then the
        // buffer's bytes there are `text`'s own (the same memory).
        let Some(offset) = (bytes.as_ptr() as usize).checked_sub(data.as_ptr() as usize) else {
            return false;
        };
        let Some(end) = offset.checked_add(bytes.len()) else {
            return false;
        };
        // The end fits 32 bits, so the offset and length do.
        if end > data.len() || u32::try_from(end).is_err() {
            return false;
        }
        self.uses_shared = true;
        self.push_view(long_view(bytes, buffer as u32, offset as u32));
        true
    }

    /// Appends `text` by copying it (inline when it is 12 bytes or less).
    #[inline(always)]
    pub(crate) fn push_copy(&mut self, text: &str) {
        let bytes = text.as_bytes();
        if bytes.len() <= INLINE {
            self.push_view(inline_view(bytes));
            return;
        }
        assert!(
            u32::try_from(bytes.len()).is_ok(),
            "a Utf8View value is at most 4 GiB"
        );
        if self.copied.len() + bytes.len() > u32::MAX as usize {
            // A view's offset is 32 bits: start another buffer.
            let full = std::mem::take(&mut self.copied);
            self.buffers.push(Buffer::from_vec(full));
        }
        let offset = self.copied.len() as u32;
        self.copied.extend_from_slice(bytes);
        // `copied` becomes the buffer after those in `buffers`.
        self.push_view(long_view(bytes, self.buffers.len() as u32, offset));
    }

    #[inline(always)]
    fn push_view(&mut self, view: u128) {
        self.push(view, true);
    }

    #[inline(always)]
    fn push(&mut self, view: u128, valid: bool) {
        let bit = self.views.len() % 64;
        self.views.push(view);
        self.valid_bits |= u64::from(valid) << bit;
        if bit == 63 {
            self.valid_words.push(self.valid_bits);
            self.valid_bits = 0;
        }
    }

    /// The column.
    #[allow(unsafe_code)]
    pub(crate) fn finish(mut self) -> StringViewArray {
        if !self.copied.is_empty() {
            self.buffers.push(Buffer::from_vec(self.copied));
        }
        if !self.uses_shared {
            // Do not keep the shared memory alive for nothing: drop those
            // buffers and renumber the views into the copied text.
            let shift = self.shared as u32;
            self.buffers.drain(..self.shared);
            if !self.buffers.is_empty() {
                for view in self.views.iter_mut() {
                    if *view as u32 > INLINE as u32 {
                        let mut long = ByteView::from(*view);
                        long.buffer_index -= shift;
                        *view = long.as_u128();
                    }
                }
            }
        }
        let len = self.views.len();
        let nulls = self.has_nulls.then(|| {
            if len % 64 != 0 {
                self.valid_words.push(self.valid_bits);
            }
            let bits = Buffer::from_vec(self.valid_words);
            NullBuffer::new(BooleanBuffer::new(bits, 0, len))
        });
        let views = ScalarBuffer::from(self.views);
        debug_assert!(
            StringViewArray::try_new(views.clone(), self.buffers.clone(), nulls.clone()).is_ok()
        );
        // SAFETY: `try_new` would accept these parts, which is
        // `new_unchecked`'s contract. `nulls` has one bit per view. Every view was made from a `&str`,
        // so its text is UTF-8:
        // - a view of 12 bytes or less (`inline_view`) holds its length
        //   and the text, zero-padded;
        // - a longer view (`long_view`) holds its length, its first four
        //   bytes and a buffer index and offset where the buffer holds
        //   the same bytes: for `push_shared`, a shared buffer that was
        //   checked to contain the `&str`'s own memory at that offset
        //   (buffers are immutable, and `buffers` keeps it alive); for
        //   `push_copy`, the copied buffer the bytes were appended to at
        //   that offset, which is `buffers.len()` until it is pushed
        //   there, at that index. Lengths and offsets were checked to fit
        //   32 bits. The renumbering above drops only shared buffers,
        //   when no view names one, and shifts the copied buffers'
        //   indices by as much.
        unsafe { StringViewArray::new_unchecked(views, self.buffers, nulls) }
    }
}

/// The view of text of at most 12 bytes: its length, then the text, then
/// zeros.
#[inline(always)]
fn inline_view(bytes: &[u8]) -> u128 {
    let len = bytes.len();
    debug_assert!(len <= INLINE);
    // The text as a little-endian number, read in two overlapping parts
    // (the bytes both read are the same, so or-ing them is harmless),
    // without a variable-length copy.
    let text: u128 = match len {
        0 => 0,
        1..=3 => {
            u128::from(bytes[0])
                | u128::from(bytes[len / 2]) << (8 * (len / 2))
                | u128::from(bytes[len - 1]) << (8 * (len - 1))
        }
        4..=7 => {
            u128::from(read_u32(bytes, 0)) | u128::from(read_u32(bytes, len - 4)) << (8 * (len - 4))
        }
        _ => {
            let head = u64::from_le_bytes([
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            ]);
            u128::from(head) | u128::from(read_u32(bytes, len - 4)) << (8 * (len - 4))
        }
    };
    text << 32 | len as u128
}

#[inline(always)]
fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// The view of text longer than 12 bytes held by buffer `buffer` at
/// `offset`: its length, its first 4 bytes, the buffer and the offset.
#[inline]
fn long_view(bytes: &[u8], buffer: u32, offset: u32) -> u128 {
    debug_assert!(bytes.len() > INLINE);
    ByteView {
        length: bytes.len() as u32,
        prefix: read_u32(bytes, 0),
        buffer_index: buffer,
        offset,
    }
    .as_u128()
}
