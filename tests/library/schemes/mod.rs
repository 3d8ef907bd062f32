//! Each scheme's own syntax (`peguri::scheme`, `schemes/*.pest`): the
//! engines agree on every scheme grammar, the RFCs' own examples are
//! read as the RFCs say, and invalid URIs are refused with the RFC, the
//! section and the offset, and what the RFCs leave open is read as
//! `docs/schemes.md` says.

mod engines;
mod examples;
mod invalid;
mod protocol_examples;
mod readings;
