"""The one way text enters HTML or SVG here: :func:`esc`.

A seat name, a bot's name, a server's notice, an engine message or an event line is *data*: a classmate may
name a seat ``<svg onload=...>``, and a board that writes that into its HTML runs the script in every page at the
table (in JupyterLab, script in the page can drive the kernel). So every picture and board builds its markup
from constant tags and puts text in through :func:`esc` only, as element content or as a quoted attribute value.

:func:`esc` makes the text valid first (:func:`jaliz_learn.core.text.safe_text`: a lone surrogate, a control
or a bidi character becomes a visible escape, so the SVG stays well-formed XML and the widget's JSON encodes),
then escapes ``& < > " '`` (``html.escape`` with ``quote=True``: safe in element content and in an attribute
quoted with either quote). It does not cut the text: the caller decides how long a label may be.

>>> esc('<svg onload=alert(1)>')
'&lt;svg onload=alert(1)&gt;'
>>> esc('"><script>') , esc("it's &amp;")
('&quot;&gt;&lt;script&gt;', 'it&#x27;s &amp;amp;')
>>> esc("a\\u202eb\\udcff\\x00"), esc("two\\nlines")
('a\\\\u202eb\\\\udcff\\\\x00', 'two\\nlines')
"""

from __future__ import annotations

from html import escape

from jaliz_learn.core.text import safe_text


def esc(value: object) -> str:
    """``value`` as text for HTML or SVG content or a quoted attribute: valid, visible and inert (see above).

    Newlines and tabs are kept (valid in both; a ``pre-wrap`` block shows them); anything not ``str`` is
    ``str()``-ed first.

    >>> esc(3), esc(None)
    ('3', 'None')
    """
    return escape(safe_text(value, limit=None, keep_newlines=True), quote=True)


__all__ = ["esc"]
