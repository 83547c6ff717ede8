"""Every refusal that can reach the club's, the join and the pub page is made with the key of
its text, so that it is said in the page's language (issue 22, item 5). Read from the source:
a ``raise`` of an error made from a plain message, or an error message written out for a
WebSocket, is found here unless it is one of the few below, each with the reason it never
reaches those pages. tests/test_server_refusals.py asks a real server for them."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "schocken"

PAGES = [
    "actions.py",
    "game.py",
    "turn.py",
    "round.py",
    "players.py",
    "pub/*.py",
    "record.py",
    "rules.py",
    "rule_options.py",
    "club/*.py",
    "server/*.py",
    "server/routes/*.py",
    "store/*.py",
]
"""The modules whose refusals reach the pages: the engine, names, pub mode, records, the rule
set, the club's book, the server and the database (its words inside a 503)."""

NOT_ON_A_PAGE = {
    ("pub/game.py", "PubEntryError", "the engine made"): "an assertion in words: never reached",
    ("actions.py", "ValueError", "no action has the code"): "integer codes: bots and RL only",
    ("actions.py", "ValueError", "is no legal throw"): "an action made in code, never sent",
    ("game.py", "ValueError", "no seat"): "a view asked for in code (the server's own seats)",
    ("game.py", "ValueError", "the dice source gave"): "the server's own dice",
    ("server/store.py", "ValueError", "a table's data"): "reading the server's own database",
    ("server/tables.py", "StorageError", ""): "keyed by its class (server_refuse_storage)",
    ("server/lanes.py", "RuntimeError", "threads of the lanes only"): "a call made wrong in "
    "the server's code (the book used outside the lanes): never a request's",
    ("server/pub.py", "StorageError", ""): "keyed by its class (server_refuse_storage)",
    ("server/store.py", "LeaseLostError", ""): "caught by Tables: a StorageError on the page",
    ("server/tables.py", "LeaseLostError", ""): "caught by Tables: a StorageError on the page",
    ("server/store.py", "PubChangedError", ""): "caught by PubGames: read again and retried, "
    "else a StorageError on the page",
    (
        "server/routes/pub.py",
        "TableError",
        "",
    ): "a ValueError of the engine without a key: none known",
}
"""Plain messages (by module, error and a part of their words) that never reach the club's, the
join or the pub page, and why."""

WRITERS = {"error", "deny", "refuse", "_error"}
"""What writes an error message to a page (the WebSocket's ``hub.error``, its handshake's
``deny``, its ``refuse``, an HTTP answer's ``_error``): never with a message written out."""


def page_modules() -> list[Path]:
    found = sorted({p for pattern in PAGES for p in SRC.glob(pattern)})
    assert len(found) > 30
    return found


def _message(call: ast.Call) -> str:
    """The words of the message a ``raise`` makes its error with (an f-string's fields left
    out)."""
    if not call.args:
        return ""
    arg = call.args[0]
    parts = arg.values if isinstance(arg, ast.JoinedStr) else [arg]
    return "".join(str(p.value) for p in parts if isinstance(p, ast.Constant))


def unkeyed_raises(path: Path, root: Path = SRC) -> list[tuple[str, str, str, int]]:
    """The ``raise SomeError(...)`` of a module that give no ``key``: where, which, its words
    and its line."""
    found = []
    where = str(path.relative_to(root))
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        call = node.exc
        name = call.func.id if isinstance(call.func, ast.Name) else ""
        if not name[:1].isupper() or any(k.arg == "key" for k in call.keywords):
            continue
        found.append((where, name, _message(call), node.lineno))
    return found


def written_out_messages(path: Path, root: Path = SRC) -> list[tuple[str, int]]:
    """Calls that write an error to a page with a message written out in English."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        logged = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "log"
        if name not in WRITERS or logged:  # the server's log is English
            continue
        for arg in node.args:
            if isinstance(arg, ast.JoinedStr) or (
                isinstance(arg, ast.Constant) and isinstance(arg.value, str) and " " in arg.value
            ):
                found.append((str(path.relative_to(root)), node.lineno))
    return found


def allowed(where: str, name: str, words: str) -> bool:
    return any(where == w and name == n and fits(part, words) for w, n, part in NOT_ON_A_PAGE)


def fits(part: str, words: str) -> bool:
    """Whether a message's words are those of an exception: its part of them, or none at all
    (a message passed on, ``str(exc)``)."""
    return part in words if part else words == ""


def test_every_refusal_that_reaches_a_page_is_made_with_its_key() -> None:
    unkeyed = [
        (where, line, name, words)
        for path in page_modules()
        for where, name, words, line in unkeyed_raises(path)
        if not allowed(where, name, words)
    ]
    assert not unkeyed


def test_no_error_message_is_written_out_for_a_page() -> None:
    assert not [found for path in page_modules() for found in written_out_messages(path)]


def test_each_exception_is_still_there() -> None:
    """An exception that is no longer needed leaves the list."""
    everywhere = [r for path in page_modules() for r in unkeyed_raises(path)]
    for where, name, part in NOT_ON_A_PAGE:
        assert any(
            w == where and n == name and fits(part, words) for w, n, words, _ in everywhere
        ), (
            where,
            name,
            part,
        )


def test_the_check_finds_a_plain_message(tmp_path: Path) -> None:
    """The check itself: a plain message is found, a keyed refusal is not."""
    module = tmp_path / "server" / "example.py"
    module.parent.mkdir()
    module.write_text(
        "def f(hub, conn):\n"
        "    hub.error(conn, 'late', f'too late by {1} s')\n"
        "    raise TableError('no such table')\n"
        "def g():\n"
        "    raise refuse('server_refuse_no_table', 404)\n"
        "def h():\n"
        "    raise TableError('x', key='server_refuse_no_table')\n",
        encoding="utf-8",
    )
    found = unkeyed_raises(module, tmp_path)
    assert found == [("server/example.py", "TableError", "no such table", 3)]
    assert written_out_messages(module, tmp_path) == [("server/example.py", 2)]
