"""The wire protocol: JSON for views, events and results, and validation of client messages.

Everything a client receives is made here from a player's own view and from events censored for
that player (:func:`schocken.events.censor`), so another player's covered dice never reach it.
``docs/protocol.md`` documents every message.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from schocken.actions import Action, parse_action
from schocken.errors import SchockenError
from schocken.events import Event, Thrown, TurnEnded, censor
from schocken.results import Result
from schocken.texts import LANGUAGES, action_name, explain_lines, refused, t
from schocken.views import PlayerView, TurnView

if TYPE_CHECKING:
    from schocken.game import Game

PROTOCOL_VERSION = 3
CLOSE_MOVED = 1012
"""The close of a WebSocket whose table's worker is gone or gave the table up ("service
restart"): the client connects again and reaches the table where it is now
(``docs/server.md``, "Many workers")."""
MAX_MESSAGE_BYTES = 4096
"""Client messages larger than this are refused."""
MAX_DEPTH = 32
"""Client messages nested deeper than this (arrays and objects) are refused."""
MAX_TOKEN = 200
"""A token in a hello is at most this long (real ones are 16 to 22 characters)."""


class ProtocolError(SchockenError, ValueError):
    """A client message that is malformed, oversized or of an unknown kind. ``code`` is the
    error message's code (``docs/protocol.md``); made by :func:`protocol_error`, it carries the
    key of its text (:mod:`schocken.connection_texts`), said in the player's language."""

    def __init__(
        self,
        message: str = "",
        *,
        code: str = "malformed",
        key: str | None = None,
        **fields: object,
    ) -> None:
        super().__init__(message, key=key, **fields)
        self.code = code


def protocol_error(code: str, key: str, /, **fields: object) -> ProtocolError:
    """A refused message with the ``code`` of its error message and the text ``key``."""
    return refused(ProtocolError, key, code=code, **fields)


def result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "dice": list(result.dice),
        "name": result.name,
        "kind": result.kind.value,
        "deckel": result.deckel,
        "throws": result.throws,
        "one_throw": result.one_throw,
    }


def turn_json(turn: TurnView) -> dict[str, Any]:
    return {
        "seat": turn.seat,
        "throws": turn.throws,
        "aside": list(turn.aside),
        "showing": None if turn.showing is None else list(turn.showing),
        "covered": turn.covered,
        "done": turn.done,
        "result": result_json(turn.result),
        "must_throw": list(turn.must_throw),
    }


def view_json(view: PlayerView) -> dict[str, Any]:
    """A player's view as JSON: only what that player may see (whose view it is, the message
    says: ``you``)."""
    return {
        "phase": view.phase.value,
        "section": view.section.value,
        "round_kind": view.round_kind.value,
        "round": view.round_number,
        "order": list(view.order),
        "limit": view.limit,
        "current": view.current,
        "middle": view.middle,
        "deckel": list(view.deckel),
        "playing": list(view.playing),
        "turns": [turn_json(t) for t in view.turns],
        "half_losers": list(view.half_losers),
        "loser": view.loser,
    }


def _plain(value: Any) -> Any:
    if isinstance(value, Result):
        return result_json(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "value") and isinstance(value.value, str):
        return value.value
    return value


def event_json(event: Event, viewer: int | None, n: int | None = None) -> dict[str, Any]:
    """An event as ``viewer`` may see it (covered dice of others taken out first); ``n`` is its
    sequence number in the game (the first event is 1)."""
    seen = censor(event, viewer)
    data: dict[str, Any] = {"type": type(seen).__name__}
    if n is not None:
        data["n"] = n
    for name in seen._fields:
        data[name] = _plain(getattr(seen, name))
    return data


def own_covered(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` sees more of this event than a spectator does (its own covered dice)."""
    return isinstance(event, Thrown | TurnEnded) and event.covered and event.seat == seat


def own_covered_view(public: PlayerView, seat: int | None) -> bool:
    """Whether ``seat``'s view differs from the spectators' ``public`` one: only where a turn of
    its own is covered (the player sees their own dice under the cup)."""
    return seat is not None and any(t.covered and t.seat == seat for t in public.turns)


class History:
    """A game's history as the wire carries it, made once for all of a table's clients.

    Events are numbered from 1 in the order the engine made them. ``events_for`` gives what one
    client may see from a number on (another player's covered dice taken out); ``log_for`` the
    explanations in a language (:func:`schocken.texts.explain_lines`), each with the number of
    the event that caused it and its catalogue key.
    """

    def __init__(
        self, game: Game, stand_ins: Callable[[], Sequence[tuple[int, int, str]]] = list
    ) -> None:
        self.game = game
        self._stand_ins = stand_ins
        """The moves the turn timer's stand-in made, as ``(n, seat, action)``: ``n`` is the
        number of the first event the move caused (known before that event is explained)."""
        self._public: list[dict[str, Any]] = []
        self._logs: dict[str, list[dict[str, Any]]] = {}
        self._explained: dict[str, int] = {}

    @property
    def total(self) -> int:
        return len(self.game.events)

    def _sync(self) -> None:
        events = self.game.events
        for i in range(len(self._public), len(events)):
            self._public.append(event_json(events[i], None, i + 1))

    def events_for(self, seat: int | None, start: int) -> list[dict[str, Any]]:
        """The events after the first ``start`` as ``seat`` may see them."""
        self._sync()
        events = self.game.events
        return [
            event_json(events[i], seat, i + 1) if own_covered(events[i], seat) else self._public[i]
            for i in range(start, len(events))
        ]

    def log_for(self, lang: str, start: int) -> list[dict[str, Any]]:
        """The explanations of the events after the first ``start``, in ``lang``."""
        lines = self._logs.setdefault(lang, [])
        done = self._explained.get(lang, 0)
        events = self.game.events
        if done < len(events):
            game = self.game
            new = explain_lines(events[done:], game.rules, game.players, lang, before=events[:done])
            said: list[dict[str, Any]] = [
                {"n": done + x.event + 1, "key": x.key, "text": x.text} for x in new
            ]
            for n, seat, action in self._stand_ins():
                if done < n <= len(events):  # said before what the move led to
                    at = next((i for i, line in enumerate(said) if line["n"] >= n), len(said))
                    text = stand_in_text(game.players[seat], action, lang)
                    # Whose move and which (in words): a returning player's page sums up
                    # what was played for them while they were away.
                    what = action_name(parse_action(action), lang)
                    line = {"n": n, "key": "stand_in", "text": text, "seat": seat, "action": what}
                    said.insert(at, line)
            lines += said
            self._explained[lang] = len(events)
        if start <= 0:
            return list(lines)
        at = len(lines)
        while at > 0 and lines[at - 1]["n"] > start:
            at -= 1
        return lines[at:]


def stand_in_text(name: str, action: str, lang: str) -> str:
    """The log's line for a move the turn timer's stand-in made (in English: "The stand-in
    played for Anna: stop.")."""
    return t("stand_in", lang, name=name, action=action_name(parse_action(action), lang))


def encode(message: dict[str, Any]) -> str:
    return json.dumps({"v": PROTOCOL_VERSION, **message}, ensure_ascii=False, separators=(",", ":"))


def parse_client_message(text: str | bytes) -> dict[str, Any]:
    """A client message, validated: ``{"v": 2, "type": "action", "action": "..."}``, a ping, or
    the hello that opens a connection (``{"v": 2, "type": "hello", "token": "...", "lang": "en",
    "since": null}``).

    Raises :class:`ProtocolError` saying what is wrong.
    """
    if isinstance(text, bytes):
        raise protocol_error("binary", "protocol_refuse_binary")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise protocol_error("too_large", "protocol_refuse_too_large", most=MAX_MESSAGE_BYTES)
    if _too_deep(text):
        raise protocol_error("malformed", "protocol_refuse_deep", most=MAX_DEPTH)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # bad JSON, numbers too long
        raise protocol_error("malformed", "protocol_refuse_object") from None
    if not isinstance(data, dict):
        raise protocol_error("malformed", "protocol_refuse_object")
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise protocol_error(
            "version", "protocol_refuse_version", version=repr(version), spoken=PROTOCOL_VERSION
        )
    kind = data.get("type")
    if kind == "ping":
        return {"type": "ping"}
    if kind == "hello":
        return _hello(data)
    if kind == "action":
        text_action = data.get("action")
        if not isinstance(text_action, str):
            raise protocol_error("malformed", "protocol_refuse_action")
        try:
            action = parse_action(text_action)
        except ValueError as exc:
            raise protocol_error("bad_action", "protocol_refuse_bad_action", why=exc) from None
        return {"type": "action", "action": action}
    if kind == "coach":
        on = data.get("on")
        if not isinstance(on, bool):
            raise protocol_error("malformed", "protocol_refuse_coach")
        return {"type": "coach", "on": on}
    raise protocol_error("unknown_type", "protocol_refuse_type", kind=repr(kind))


def _too_deep(text: str) -> bool:
    """Whether ``text`` opens more than :data:`MAX_DEPTH` arrays or objects inside each other
    (outside strings). Decided the same everywhere, unlike a parser's recursion limit."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _hello(data: dict[str, Any]) -> dict[str, Any]:
    token = data.get("token")
    if not isinstance(token, str):
        raise protocol_error("malformed", "protocol_refuse_hello_token")
    if len(token) > MAX_TOKEN:
        token = ""  # no token is that long: unknown, like any other unknown token
    lang = data.get("lang", "en")
    if not isinstance(lang, str):
        raise protocol_error("malformed", "protocol_refuse_hello_lang")
    if lang not in LANGUAGES:
        lang = "en"
    since = data.get("since")
    if since is not None and (type(since) is not int or since < 0):
        raise protocol_error("malformed", "protocol_refuse_hello_since")
    return {"type": "hello", "token": token, "lang": lang, "since": since}


def action_text(action: Action) -> str:
    return str(action)
