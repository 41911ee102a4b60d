"""The one place hostile text is made safe (jaliz_learn.core.text): any input comes out valid, printable, bounded."""

from __future__ import annotations

import csv
import io
import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaliz_learn.core.text import DEFAULT_LIMIT, NAME_LIMIT, check_name, safe_line, safe_text

# Every code point, lone surrogates included (hypothesis excludes category Cs by default).
ANY_CHAR = st.characters(codec=None, exclude_categories=())
HOSTILE = st.text(alphabet=ANY_CHAR, max_size=300) | st.sampled_from([
    "\udcff", "\x00", "\x1b[2K\rPASS", "\u202eSSAP", "\u2066x\u2069", "<svg onload=alert(1)>", "a\u2028b", "\ufeff",
])


def _is_clean(text: str) -> bool:
    return all(unicodedata.category(ch) not in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"} for ch in text)


@settings(max_examples=300)
@given(HOSTILE)
def test_safe_line_is_valid_printable_and_writable_everywhere(text: str) -> None:
    out = safe_line(text)
    assert _is_clean(out), repr(out)
    out.encode("utf-8")  # never raises: no lone surrogate survives
    buffer = io.StringIO()
    csv.writer(buffer).writerow([out])
    assert next(csv.reader(io.StringIO(buffer.getvalue()))) == [out]
    assert json.loads(json.dumps(out, ensure_ascii=False)) == out


@given(HOSTILE)
def test_plain_text_is_kept_as_typed(text: str) -> None:
    if _is_clean(text) and len(text) <= DEFAULT_LIMIT:
        assert safe_text(text) == text


def test_escapes_are_visible_and_distinct() -> None:
    assert safe_line("\x1b[2K\rPASS") == "\\x1b[2K\\rPASS"
    assert safe_line("\udcff") == "\\udcff"
    assert safe_line("\u202e") == "\\u202e"
    assert safe_text("a\nb\tc", keep_newlines=True) == "a\nb\tc"
    assert safe_line("a\nb") == "a\\nb"


def test_a_megabyte_is_capped_and_marked() -> None:
    out = safe_text("x" * 1_000_000)
    assert len(out) == DEFAULT_LIMIT and out.endswith("…")
    assert safe_text("y" * 1_000_000, limit=None) == "y" * 1_000_000


def test_objects_whose_str_raises_still_give_a_line() -> None:
    class Evil:
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert safe_text(Evil()) == "<unprintable Evil: RuntimeError>"
    assert safe_text(b"\xff\xfe") == "\\xff\\xfe"


@given(HOSTILE)
def test_check_name_accepts_only_clean_bounded_names(text: str) -> None:
    try:
        name = check_name(text)
    except ValueError as exc:
        assert "name" in str(exc)
        return
    assert 1 <= len(name) <= NAME_LIMIT + 2  # NFC may change the length by little; never a control character
    assert _is_clean(name) and name == name.strip()


@pytest.mark.parametrize("bad", ["", "   ", "x" * (NAME_LIMIT + 1), "a\x00b", "a\u202eb", "\udcff", "a\nb"])
def test_check_name_refuses(bad: str) -> None:
    with pytest.raises(ValueError):
        check_name(bad)


def test_markup_is_a_valid_name_but_not_markup_here() -> None:
    # escaping for HTML is the writer's job (html.escape); the name is kept exactly as typed
    assert check_name("<svg onload=alert(1)>") == "<svg onload=alert(1)>"
