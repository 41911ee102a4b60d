"""The learner's side of a sandboxed grading: run the notebook, then answer decisions.

Started by :mod:`jaliz_learn.grading.sandbox` as ``python -I -c "...child.main(...)" IN OUT``
(``IN``/``OUT``: the pipe file descriptors of the protocol; stdout and stderr go to a capped file).
Everything here runs in the learner's own process: the learner's code can change anything in it,
so the parent trusts nothing it receives (see :mod:`jaliz_learn.grading.protocol`).
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from ..core.actions import Action, action_from_json
from .notebooks import LearnerCodeError, describe_learner_exception, learner_frame, load_bot_from_notebook
from .protocol import PAGE, Decoder, _resolve, dumps, loads
from .values import from_plain, to_plain


class Channel:
    """Blocking line-based JSON messages over two pipe file descriptors."""

    def __init__(self, fd_in: int, fd_out: int) -> None:
        self.fd_in, self.fd_out = fd_in, fd_out
        self.buffer = b""

    def send(self, message: Mapping[str, Any]) -> None:
        data = dumps(message)
        while data:
            written = os.write(self.fd_out, data)
            data = data[written:]

    def recv(self) -> dict[str, Any]:
        while b"\n" not in self.buffer:
            chunk = os.read(self.fd_in, 1 << 16)
            if not chunk:
                raise SystemExit(0)  # the grader closed the pipe: nothing more to do
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return loads(line)


class RemoteActions(Sequence[Action]):
    """The legal actions of one decision, as the bot sees them: a read-only sequence.

    Short lists arrive whole; for long (lazy) ones the first page arrives and the rest is asked
    from the grader page by page; ``action in legal_actions`` asks the grader when the action is
    not among the pages already here.
    """

    def __init__(self, channel: Channel, decode: Callable[[Any], Action], count: int, first: Sequence[Any]) -> None:
        self._channel, self._decode, self._count = channel, decode, count
        self._first = tuple(first)
        self._pages: dict[int, tuple[Action, ...]] = {}
        self._page = PAGE

    def __len__(self) -> int:
        return self._count

    def _item(self, i: int) -> Action:
        if i < len(self._first):
            return self._first[i]
        page = i // self._page
        items = self._pages.get(page)
        if items is None:
            start = page * self._page
            reply = self._ask({"op": "page", "start": start, "stop": min(self._count, start + self._page)})
            items = self._pages[page] = tuple(self._decode(x) for x in reply["items"])
        return items[i - page * self._page]

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self._item(i) for i in range(*index.indices(self._count)))
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"legal_actions indices must be integers or slices, not {type(index).__name__}")
        i = index + self._count if index < 0 else index
        if not 0 <= i < self._count:
            raise IndexError("legal_actions index out of range")
        return self._item(i)

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._count):
            yield self._item(i)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if self._count == len(self._first):
            return action in self._first
        try:
            data = action.to_json()
        except Exception:
            return False
        return bool(self._ask({"op": "contains", "action": data})["result"])

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        self._channel.send(message)
        return self._channel.recv()

    def __repr__(self) -> str:
        return f"<{self._count} legal actions>"


class _Capped(io.TextIOBase):
    """A text stream that keeps at most ``limit`` characters and drops the rest."""

    def __init__(self, stream: Any, limit: int) -> None:
        self.stream, self.left = stream, limit

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.left > 0:
            part = text[: self.left]
            self.left -= len(part)
            self.stream.write(part)
            self.stream.flush()
        return len(text)


def _error(where: str, exc: BaseException) -> dict[str, Any]:
    try:
        text = describe_learner_exception(exc)
    except BaseException:  # noqa: B036 - a hostile exception must not break the answer
        text = type(exc).__name__
    try:
        frame = learner_frame(exc)
    except BaseException:  # noqa: B036
        frame = None
    return {"op": "error", "where": where, "type": type(exc).__name__, "text": text[:2000], "frame": frame}


def _answer(action: Any) -> dict[str, Any]:
    if isinstance(action, Action):
        try:
            data = action.to_json()
            dumps({"op": "answer", "action": data})  # must be JSON
            return {"op": "answer", "action": data}
        except BaseException:  # noqa: B036
            pass
    try:
        shown = repr(action)
    except BaseException:  # noqa: B036
        shown = f"<{type(action).__name__}>"
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return {"op": "answer", "non_action": shown, "type": type(action).__name__}


def serve(channel: Channel) -> None:
    """Load the bot class from the notebook named in the first message, then answer requests."""
    hello = channel.recv()
    limit = int(hello.get("output_chars", 100_000))
    sys.stdout = _Capped(sys.__stdout__, limit)
    sys.stderr = _Capped(sys.__stderr__, limit)
    try:
        cls = load_bot_from_notebook(hello["notebook"], hello.get("class_name"),
                                     cell_time_limit=hello.get("cell_time_limit"))
    except LearnerCodeError as exc:
        channel.send({"op": "load-error", "message": str(exc)[:4000]})
        return
    types = {kind: _resolve(ref, path) for kind, (ref, path) in hello["action_types"].items()}
    # the class's ancestry lets a grader refuse a library bot handed in as the learner's own (a hint, not a proof:
    # this process is the learner's)
    bases = [f"{c.__module__}:{c.__qualname__}" for c in getattr(cls, "__mro__", ())][:32]
    channel.send({"op": "ready", "class": cls.__name__, "bases": bases})

    def decode_action(data: Any) -> Action:
        return action_from_json(data, types)

    decoder = Decoder()
    bots: dict[int, Any] = {}
    from ..tournament import DecisionTimeout, TimeGuard, make_bot

    guard = TimeGuard().__enter__()  # for the life of this process: act() calls are timed

    while True:
        message = channel.recv()
        op = message["op"]
        if op == "new":
            try:
                bots[message["bot"]] = make_bot(cls, message["seed"])
            except BaseException as exc:  # noqa: B036 - any failure of the learner's code is reported
                channel.send(_error("setup", exc))
                continue
            try:  # the bot's name attribute, for a table seat's label (a property is learner code: it runs here)
                name = getattr(bots[message["bot"]], "name", None)
            except BaseException:  # noqa: B036 - no name is fine
                name = None
            channel.send({"op": "ok", "name": name[:100]} if type(name) is str else {"op": "ok"})
        elif op == "act":
            decoder.define(message.get("defs", {}))
            observation = decoder.decode(message["obs"])
            first = [decode_action(x) for x in message["items"]]
            legal = RemoteActions(channel, decode_action, message["count"], first)
            seconds = message.get("limit")
            try:
                # the decision is stopped here at the limit (the grader kills the process only if this fails)
                action, _ = guard.call(bots[message["bot"]].act, (observation, legal), seconds)
            except DecisionTimeout:
                channel.send({"op": "timeout"})
                continue
            except BaseException as exc:  # noqa: B036
                channel.send(_error("act", exc))
                continue
            channel.send(_answer(action))
        elif op == "call":  # a public method's result, for exercises that check computed values (values.py)
            name = message.get("method")
            try:
                if type(name) is not str or name.startswith("_"):
                    raise AttributeError(f"no public method {str(name)[:40]!r}")
                args = [from_plain(a) for a in message.get("args", [])]
                result = to_plain(getattr(bots[message["bot"]], name)(*args))
                dumps({"op": "result", "value": result})  # must be JSON
            except BaseException as exc:  # noqa: B036 - any failure of the learner's code is reported
                channel.send(_error(str(name)[:40], exc))
                continue
            channel.send({"op": "result", "value": result})
        elif op == "drop":
            bots.pop(message["bot"], None)
        elif op == "bye":
            return


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    channel = Channel(int(args[0]), int(args[1]))
    serve(channel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
