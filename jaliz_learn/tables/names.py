"""The name a seat asks for at a table: checked once, where the server takes it, and unique at its table.

A name is a classmate's text: :func:`jaliz_learn.core.text.check_name` refuses what no board should show (control
or direction characters, lone surrogates, nothing, more than 40 characters) with a message saying why, and the
server sends that message back as the ``hello``'s error. Markup characters are allowed: every board writes a
name as text (:func:`jaliz_learn.pictures.markup.esc`), so ``<b>Ali</b>`` reads as typed.

A name another seat of the table already has (ignoring case and compatibility forms, so ``Ana`` and ``ａｎａ``
are the same name) is not refused but numbered: the second ``Ana`` is shown as ``Ana (2)``. Two students' bots
are often both called ``MyBot``, and a refusal would leave a ``jaliz-learn join`` seat nameless (or unjoined);
numbered, every seat stays distinguishable, so nobody can take another seat's name (or a bot's, or a free
seat's ``P2``) to pose as it.

>>> seat_name_for("  Ana ", ["P0", "Ben"])
'Ana'
>>> seat_name_for("ana", ["Ana", "Ben"]), seat_name_for("Ana", ["Ana", "Ana (2)"])
('ana (2)', 'Ana (3)')
>>> seat_name_for("P2", ["Ana", "P2"])
'P2 (2)'
>>> len(seat_name_for("x" * 40, ["x" * 40]))
40
>>> seat_name_for("a\\u202eb", [])
Traceback (most recent call last):
ValueError: a name may not hold control or direction characters (found '\\u202e')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from jaliz_learn.core.text import NAME_LIMIT, check_name


def name_key(name: str) -> str:
    """What two names must differ in to be two names: their NFKC form, case-folded and trimmed.

    >>> name_key(" ＡNA "), name_key("Straße") == name_key("STRASSE")
    ('ana', True)
    """
    return unicodedata.normalize("NFKC", name).casefold().strip()


def seat_name_for(requested: object, others: Iterable[str]) -> str:
    """The name a seat gets when it asks for ``requested`` while the table's other seats are named ``others``:
    the checked name (:class:`ValueError` saying what is wrong), numbered ``(2)``, ``(3)``... if taken."""
    name = check_name(requested)
    taken = {name_key(o) for o in others}
    if name_key(name) not in taken:
        return name
    k = 2
    while True:
        suffix = f" ({k})"
        candidate = name[: NAME_LIMIT - len(suffix)].rstrip() + suffix
        if name_key(candidate) not in taken:
            return candidate
        k += 1


__all__ = ["name_key", "seat_name_for"]
