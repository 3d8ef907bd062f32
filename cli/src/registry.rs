//! `--registry FILE`: the IANA URI Schemes registry read at run time, for
//! `schemes --all` and `check`, instead of the copy built in.

use std::borrow::Cow;

use peguri::error::Quoted;
use peguri::scheme::SchemeRegistry;

/// The registry `file` holds (IANA's CSV, `uri-schemes-1.csv`), or the
/// one built in when there is no file. The error names the file and, for
/// a malformed registry, the line.
pub fn load(file: Option<&str>) -> Result<Cow<'static, SchemeRegistry>, String> {
    let Some(file) = file else {
        return Ok(Cow::Borrowed(SchemeRegistry::built_in()));
    };
    let name = Quoted::new(file);
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read scheme registry \"{name}\": {e}"))?;
    SchemeRegistry::parse(&text)
        .map(Cow::Owned)
        .map_err(|e| format!("scheme registry \"{name}\": {e}"))
}
