"""Tables without pandas: what the package's table-returning helpers give where pandas cannot be loaded.

:func:`frame` returns a pandas ``DataFrame`` when pandas is installed and a :class:`Table` otherwise (a
JupyterLite site: Pyodide's pandas is a compiled wheel that is not on PyPI or npm). A :class:`Table` has the
small part of the DataFrame API that the package and its notebooks use (columns, ``head``, ``drop``, ``loc``,
``set_index``, ``sort_values``, ``attrs``) and shows itself as an HTML table in a notebook, so a walkthrough or an
exercise's ``check()`` reads the same in the browser. For more (plots, group-bys), use the installed package.

>>> t = Table([{"bot": "a", "wins": 1}, {"bot": "b", "wins": 3}]).set_index("bot")
>>> t.loc["b", "wins"], t.loc["a"]["wins"], list(t.index), len(t)
(3, 1, ['a', 'b'], 2)
>>> t.sort_values("wins", ascending=False)["wins"]
[3, 1]
>>> print(t)
bot  wins
a       1
b       3
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Iterator, Mapping, Sequence
from html import escape
from typing import Any


def have_pandas() -> bool:
    """Whether pandas can be imported here (without importing it: it is slow to import)."""
    return importlib.util.find_spec("pandas") is not None


def frame(rows: Iterable[Mapping[str, Any]], columns: Sequence[str] | None = None) -> Any:
    """A pandas ``DataFrame`` of ``rows`` when pandas is installed, else a :class:`Table` of them."""
    if have_pandas():
        import pandas as pd

        return pd.DataFrame(list(rows), columns=list(columns) if columns is not None else None)
    return Table(rows, columns)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "NaN" if value != value else f"{value:.6g}"
    return str(value)


class _Loc:
    def __init__(self, table: Table) -> None:
        self._table = table

    def __getitem__(self, key: Any) -> Any:
        label, column = key if isinstance(key, tuple) else (key, None)
        t = self._table
        try:
            row = t._rows[t.index.index(label)]
        except ValueError:
            raise KeyError(label) from None
        named = {t.index_name: label, **row} if t.index_name else dict(row)
        return named if column is None else named[column]


class Table:
    """Rows of named columns, read-only; an optional index column names the rows (``set_index``)."""

    def __init__(self, rows: Iterable[Mapping[str, Any]], columns: Sequence[str] | None = None,
                 *, index: Sequence[Any] | None = None, index_name: str | None = None) -> None:
        rows = [dict(r) for r in rows]
        if columns is None:
            columns = list(dict.fromkeys(k for r in rows for k in r))
        self.columns = list(columns)
        self._rows = [{c: r.get(c, float("nan")) for c in self.columns} for r in rows]
        self.index = list(index) if index is not None else list(range(len(rows)))
        self.index_name = index_name
        self.attrs: dict[str, Any] = {}

    def _new(self, rows: list[dict[str, Any]], columns: Sequence[str], index: list[Any]) -> Table:
        t = Table(rows, columns, index=index, index_name=self.index_name)
        t.attrs = dict(self.attrs)
        return t

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, key: Any) -> Any:
        """A column's values (``t["wins"]``) or a table of some columns (``t[["a", "b"]]``)."""
        if isinstance(key, str):
            if key not in self.columns:
                raise KeyError(key)
            return [r[key] for r in self._rows]
        missing = [k for k in key if k not in self.columns]
        if missing:
            raise KeyError(missing)
        return self._new(self._rows, list(key), self.index)

    @property
    def loc(self) -> _Loc:
        """``t.loc[label]`` (a row as a dict) or ``t.loc[label, column]`` (a value), by the index."""
        return _Loc(self)

    @property
    def empty(self) -> bool:
        return not self._rows

    def head(self, n: int = 5) -> Table:
        return self._new(self._rows[:n], self.columns, self.index[:n])

    def tail(self, n: int = 5) -> Table:
        return self._new(self._rows[-n:] if n else [], self.columns, self.index[-n:] if n else [])

    def drop(self, columns: Sequence[str] | str) -> Table:
        gone = {columns} if isinstance(columns, str) else set(columns)
        return self._new(self._rows, [c for c in self.columns if c not in gone], self.index)

    def set_index(self, column: str) -> Table:
        rest = [c for c in self.columns if c != column]
        t = Table(self._rows, rest, index=self[column], index_name=column)
        t.attrs = dict(self.attrs)
        return t

    def sort_values(self, column: str, ascending: bool = True, kind: str = "stable") -> Table:
        """Sorted by ``column`` (stable; NaN last, as pandas does)."""
        values = self[column]
        numbers = [i for i, v in enumerate(values) if v == v]
        order = sorted(numbers, key=values.__getitem__, reverse=not ascending)  # sorted() stays stable reversed
        order += [i for i, v in enumerate(values) if v != v]
        return self._new([self._rows[i] for i in order], self.columns, [self.index[i] for i in order])

    def iterrows(self) -> Iterator[tuple[Any, dict[str, Any]]]:
        for label, row in zip(self.index, self._rows):
            yield label, dict(row)

    def to_dict(self, orient: str = "records") -> Any:
        if orient != "records":
            raise ValueError("a Table (no pandas here) gives to_dict('records') only")
        return [self.loc[label] for label in self.index] if self.index_name else [dict(r) for r in self._rows]

    def _grid(self) -> tuple[list[str], list[list[str]]]:
        head = ([self.index_name] if self.index_name else []) + self.columns
        body = [([_cell(label)] if self.index_name else []) + [_cell(r[c]) for c in self.columns]
                for label, r in zip(self.index, self._rows)]
        return head, body

    def __repr__(self) -> str:
        head, body = self._grid()
        widths = [max(len(x) for x in column) for column in zip(head, *body)]

        def line(cells: list[str]) -> str:  # numbers to the right, words to the left
            return "  ".join(c.rjust(w) if _numeric(c) else c.ljust(w) for c, w in zip(cells, widths)).rstrip()

        return "\n".join([line(head), *(line(r) for r in body)])

    def _repr_html_(self) -> str:
        head, body = self._grid()
        th = "".join(f"<th style='text-align:left'>{escape(h)}</th>" for h in head)
        rows = "".join("<tr>" + "".join(f"<td style='text-align:{'right' if _numeric(c) else 'left'}'>{escape(c)}</td>"
                                        for c in r) + "</tr>" for r in body)
        return f"<table class='dataframe'><thead><tr>{th}</tr></thead><tbody>{rows}</tbody></table>"


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


__all__ = ["Table", "frame", "have_pandas"]
