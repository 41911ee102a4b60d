"""Text from outside made safe once, where it enters: learners' messages, file names, seat names, rosters.

A learner's exception message, a notebook's file name or a classmate's seat name is *hostile input*: it may hold
lone surrogates (not valid Unicode: writing it as UTF-8 raises), NULs, terminal escapes that erase a line or fake
a ``PASS``, bidirectional controls that reorder what a teacher reads, markup, or a megabyte of text. Every path
that takes such text calls one function here at the boundary, so everything behind it holds plain, printable,
bounded ``str`` and no writer can fail on it.

* :func:`safe_text` keeps the text readable: each control, format (bidi) or invalid character is shown as an
  escape (``\\x1b``, ``\\u202e``, ``\\udcff``), newlines and tabs kept only where asked, and the result capped.
* :func:`check_name` validates a short *name* (a seat name at a table): it refuses rather than rewrites, so the
  name a person typed is the name everyone reads.

Escaping for HTML or SVG stays the job of the place that writes markup (``html.escape``); this module makes text
*valid and visible*, which every format needs, not safe for one format.

>>> safe_text("ok\\x1b[2K\\rPASS\\udcff")
'ok\\\\x1b[2K\\\\rPASS\\\\udcff'
>>> safe_text("two\\nlines", keep_newlines=True)
'two\\nlines'
>>> safe_text("x" * 50, limit=10)
'xxxxxxxxx…'
>>> check_name("  Shirin  ")
'Shirin'
>>> check_name("a\\u202eb")
Traceback (most recent call last):
ValueError: a name may not hold control or direction characters (found '\\u202e')
"""

from __future__ import annotations

import unicodedata

#: the default cap on one text (a message, a report line); the ellipsis counts in it
DEFAULT_LIMIT = 2000
#: the longest seat or player name
NAME_LIMIT = 40
_ELLIPSIS = "…"
# Unicode categories shown escaped: controls (Cc), format characters (Cf: bidi overrides, zero-width joiners,
# the BOM), surrogates (Cs: not valid alone), private use (Co) and unassigned (Cn); line and paragraph
# separators (Zl, Zp) break lines like a newline does.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _is_shown(ch: str, keep_newlines: bool) -> bool:
    if keep_newlines and ch in "\n\t":
        return True
    return unicodedata.category(ch) not in _ESCAPED_CATEGORIES


def safe_text(value: object, *, limit: int | None = DEFAULT_LIMIT, keep_newlines: bool = False) -> str:
    """``value`` as printable, valid, bounded text: anything not ``str`` is ``str()``-ed first (bytes are decoded
    as UTF-8 with invalid bytes escaped), each control/format/surrogate character becomes a visible escape, and
    the result is cut to ``limit`` characters (``None``: no cap) with a final ``…``. Never raises.

    >>> safe_text(b"caf\\xc3\\xa9 \\xff")
    'café \\\\xff'
    >>> safe_text(None)
    'None'
    """
    if isinstance(value, bytes | bytearray):
        text = bytes(value).decode("utf-8", "backslashreplace")
    elif isinstance(value, str):
        text = value
    else:
        try:
            text = str(value)
        except Exception as exc:  # a learner's __str__ may raise: say so rather than lose the row
            text = f"<unprintable {type(value).__name__}: {type(exc).__name__}>"
        if not isinstance(text, str):  # a str subclass with odd behaviour: take its characters
            text = "".join(text)
    # Fast path: most text is plain ASCII with no controls.
    if text.isascii() and text.isprintable():
        out = text
    else:
        out = "".join(ch if _is_shown(ch, keep_newlines) else _escape(ch) for ch in text)
    if limit is not None and len(out) > limit:
        out = out[: max(0, limit - 1)] + _ELLIPSIS
    return out


def safe_line(value: object, *, limit: int | None = DEFAULT_LIMIT) -> str:
    """One line of safe text (newlines escaped): for a terminal line, a CSV cell, a table row.

    >>> safe_line("a\\nb")
    'a\\\\nb'
    """
    return safe_text(value, limit=limit, keep_newlines=False)


def check_name(value: object, *, limit: int = NAME_LIMIT) -> str:
    """A person's chosen name, trimmed, or :class:`ValueError` saying what is wrong with it: it must be a string
    of 1 to ``limit`` printable characters (no control, direction or surrogate characters). Markup characters are
    allowed (``<b>`` is a fine, if odd, name): every place that shows a name escapes it for its own format.

    >>> check_name("<b>Ali</b>")
    '<b>Ali</b>'
    >>> check_name("")
    Traceback (most recent call last):
    ValueError: a name needs 1 to 40 printable characters
    """
    if not isinstance(value, str):
        raise ValueError(f"a name must be text, not {type(value).__name__}")
    name = value.strip()
    bad = [ch for ch in name if not _is_shown(ch, keep_newlines=False)]
    if bad:
        raise ValueError(f"a name may not hold control or direction characters (found '{_escape(bad[0])}')")
    if not 1 <= len(name) <= limit:
        raise ValueError(f"a name needs 1 to {limit} printable characters")
    return unicodedata.normalize("NFC", name)
