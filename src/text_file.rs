//! Reading a site's files as text, the one way every part reads them (event files, decklists,
//! content pages, `holonet.toml`, `players.toml`, CSV imports): a symbolic link and a file larger
//! than [`MAX_FILE_BYTES`] are refused before a byte is read, and text that is not UTF-8 is
//! reported at the line and column of the first bad byte.

use std::path::Path;

use crate::diag::{Code, Diagnostic};
use crate::limits::MAX_FILE_BYTES;
use crate::toml_reader::is_stray_control;

/// [`read_text`] for Markdown pages and plain-text decklists: a byte-order mark that some
/// editors (Windows Notepad among them) put first is not part of the text. TOML files keep it for
/// the TOML reader, which accepts it, so that an edited file is written back as it was read.
/// Control characters (NUL, escape, and the others a text editor does not type) become U+FFFD:
/// they would reach the pages raw, and a terminal printing a line that holds them would obey them.
pub(crate) fn read_plain_text(full: &Path, shown: &Path) -> Result<String, Diagnostic> {
    let mut text = read_text(full, shown)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.chars().any(is_stray_control) {
        text = text
            .chars()
            .map(|c| if is_stray_control(c) { '\u{fffd}' } else { c })
            .collect();
    }
    Ok(text)
}

/// Reads a UTF-8 file no larger than [`MAX_FILE_BYTES`], refused by its size before it is read;
/// a symbolic link is refused (see [`crate::paths::refuse_link`]).
pub(crate) fn read_text(full: &Path, shown: &Path) -> Result<String, Diagnostic> {
    let too_big = |size: u64| {
        Diagnostic::error(
            Code::Limit,
            shown,
            None,
            format!("this file is {size} bytes, more than the {MAX_FILE_BYTES} a file may have"),
        )
        .with_help("split it into smaller files; no real event or page needs this much")
    };
    crate::paths::refuse_link(full, shown)?;
    let meta = std::fs::metadata(full).map_err(|e| {
        Diagnostic::error(Code::Io, shown, None, format!("cannot read this file: {e}"))
            .with_help("check that it exists and is readable")
    })?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(meta.len()));
    }
    let bytes = std::fs::read(full).map_err(|e| {
        Diagnostic::error(Code::Io, shown, None, format!("cannot read this file: {e}"))
            .with_help("check that it is readable")
    })?;
    String::from_utf8(bytes).map_err(|e| {
        // The text cannot be shown with a caret, so the place goes into the message; the part
        // before the first bad byte is valid, which is all `line_col` reads.
        let valid = e.utf8_error().valid_up_to();
        let prefix = std::str::from_utf8(&e.as_bytes()[..valid]).unwrap_or_default();
        let (line, column) = crate::diag::line_col(prefix, valid);
        let byte = e.as_bytes()[valid];
        Diagnostic::error(
            Code::Io,
            shown,
            None,
            format!(
                "this file is not UTF-8 text: at line {line}, column {column}, the byte 0x{byte:02X} cannot start or continue a UTF-8 character"
            ),
        )
        .with_help("the file was probably saved in another encoding (such as Latin-1 or Windows-1252): save it as UTF-8 in your editor")
    })
}
