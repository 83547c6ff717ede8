"""Pub mode on the server: real dice on a real table, one phone keeps the game (``/pub``).

A pub game (:class:`schocken.pub.PubGame`) lives in the server's SQLite file (``pub_games``: its
id, its secret token's SHA-256 and :meth:`~schocken.pub.PubGame.to_data`), written through the
store's writer thread after every accepted entry; a refused entry is answered 400 with the
engine's reason (:class:`~schocken.errors.PubEntryError`) and changes nothing. Whoever holds the
token keeps the game: the token is checked by its hash, in constant time, like a seat's. Games
are kept in memory while used (at most :data:`KEPT` of them) and read back from the file when
asked for again, after a restart too. The endpoints are listed in docs/protocol.md and
docs/pub.md.

Entries made without a signal: a phone may make a new game's id and token itself (``id`` and
``token`` in the request that makes it; the same request again answers the game it made) and
send each entry with an entry id (header ``x-entry-id``): an entry id the game has seen answers
the game as it is and changes nothing, so a phone's queue sent twice enters every turn once.
The ids are kept with the game (``entry_ids`` beside its data, the last :data:`KEPT_IDS`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request

from schocken.errors import PubEntryError
from schocken.pub import PubGame
from schocken.record import GameRecord
from schocken.server.refusals import StorageError, TableError, refusal_of, refuse
from schocken.server.requests import language
from schocken.server.store import PubChangedError, SavePub, Store, new_token, token_hash

KEPT = 500
"""Pub games kept in memory at most (the least recently used leave; the file keeps them)."""
TOKEN_HEADER = "x-pub-token"
"""The header that carries a pub game's token on a GET."""
ENTRY_HEADER = "x-entry-id"
"""The header that carries an entry's id, made on the phone: an entry is applied once."""
KEPT_IDS = 2000
"""Entry ids a pub game keeps (the newest): far more than a game has entries."""
GAME_ID = re.compile(r"[A-Za-z0-9_-]{12,40}")
"""A pub game's id made on a phone (like the server's own: 12 or more URL-safe letters)."""
GAME_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,100}")
"""A pub game's token made on a phone: 22 or more URL-safe letters (128 random bits)."""
ENTRY_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{7,63}")
"""An entry id (as a club's: :data:`schocken.club.ENTRY_ID`)."""


@dataclass(eq=False)
class _Kept:
    """A pub game in memory, its token's hash, and the lock that lets one request at a time
    change it."""

    token_hash: str
    pub: PubGame
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    entry_ids: dict[str, str] = field(default_factory=dict)
    """The entry ids applied to the game (each with the kind of entry it was), oldest first."""
    chain: dict[str, Any] | None = None
    """A game of a chain (a tournament's table counted on one phone, game after game): its
    ``first`` game's id and its ``next`` game's (None: none yet). None: a game on its own."""
    version: int = 0
    """The stored version this copy is of (0: not stored yet)."""


class PubGames:
    """The pub games: in memory while used, always in the store.

    With several workers (PostgreSQL) any worker serves any pub game: before it answers or
    changes one, it reads the game's stored version and, if another worker wrote it since,
    the game again; and it writes a game only over the version it read (else it reads the game
    again and applies the entry to it anew)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.shared = store.db.dialect == "postgresql"
        """Other workers may write the same pub games."""
        self.kept: OrderedDict[str, _Kept] = OrderedDict()
        self._creating = asyncio.Lock()
        """One game made under a phone's id at a time (two tries of the same make one game)."""
        self.when_finished: list[Callable[[str], None]] = []
        """Called with a pub game's id when an entry has ended its game (in the event loop); for
        a game of a chain, with the chain's first game's id."""
        self.next_players: Callable[[str], Awaitable[list[str]]] | None = None
        """Who plays the next game of the chain whose first game's id it is given (refusing
        when there is none to play); None: the same players."""

    async def create(self, pub: PubGame, *, chained: bool = False) -> tuple[str, str]:
        """Store a new pub game: its id and secret token. ``chained``: the first game of a
        chain, whose phone makes the next game when one is over (:meth:`next_game`)."""
        pub_id, token = secrets.token_urlsafe(9), new_token()
        kept = _Kept(
            token_hash(token), pub, chain={"first": pub_id, "next": None} if chained else None
        )
        await self._save(pub_id, kept)
        self._keep(pub_id, kept)
        return pub_id, token

    async def create_as(
        self, pub_id: object, token: object, make: Callable[[], PubGame]
    ) -> tuple[_Kept, bool]:
        """A new pub game under the id and token a phone made (offline, perhaps), made by
        ``make``; or, when that id is taken with that token, the game made by the first such
        request (``True``: made before, nothing changed). An id taken with another token is
        refused (409)."""
        if not isinstance(pub_id, str) or not GAME_ID.fullmatch(pub_id):
            raise refuse("server_refuse_pub_phone_id")
        if not isinstance(token, str) or not GAME_TOKEN.fullmatch(token):
            raise refuse("server_refuse_pub_phone_token")
        async with self._creating:
            stored = pub_id in self.kept
            if not stored:
                stored = await self.store.read(self.store.pub_game, pub_id) is not None
            if not stored:
                kept = _Kept(token_hash(token), make())
                try:
                    await self._save(pub_id, kept)
                except PubChangedError:  # another worker made it a moment before
                    stored = True
                else:
                    self._keep(pub_id, kept)
                    return kept, False
            try:
                return await self.get(pub_id, token), True
            except TableError:
                raise refuse("server_refuse_pub_taken", 409, id=pub_id) from None

    async def get(self, pub_id: str, token: object) -> _Kept:
        """The pub game with this id, if ``token`` is its token."""
        kept = await self._load(pub_id)
        given = token_hash(token) if isinstance(token, str) and token else ""
        if not given or not secrets.compare_digest(kept.token_hash, given):
            raise refuse("server_refuse_pub_token", 403)
        return kept

    async def _load(self, pub_id: str) -> _Kept:
        """The pub game with this id, from memory or the store (404 if there is none); with
        several workers, read again if another one has written it since."""
        kept = self.kept.get(pub_id)
        if kept is None:
            fresh = await self._read(pub_id)
            kept = self.kept.get(pub_id) or fresh  # another request may have won
            self._keep(pub_id, kept)
        elif self.shared:
            async with kept.lock:
                await self._refresh(pub_id, kept)
        self.kept.move_to_end(pub_id)
        return kept

    async def _read(self, pub_id: str) -> _Kept:
        """The pub game with this id as stored (404 if there is none)."""
        row = await self.store.read(self.store.pub_game, pub_id)
        if row is None:
            raise refuse("server_refuse_no_pub", 404, id=pub_id[:40])
        data = dict(row[1])
        ids = data.pop("entry_ids", [])
        chain = data.pop("chain", None)
        try:
            pub = await asyncio.to_thread(PubGame.from_data, data)
        except PubEntryError as exc:
            raise refuse("server_refuse_pub_damaged", 503, why=exc) from None
        return _Kept(row[0], pub, entry_ids=dict(ids), chain=chain, version=row[2])

    async def _refresh(self, pub_id: str, kept: _Kept) -> None:
        """``kept`` brought up to the stored game if another worker wrote it since (under its
        lock)."""
        if await self.store.read(self.store.pub_version, pub_id) == kept.version:
            return
        fresh = await self._read(pub_id)
        kept.token_hash, kept.pub, kept.version = fresh.token_hash, fresh.pub, fresh.version
        kept.entry_ids, kept.chain = fresh.entry_ids, fresh.chain

    async def finished_record(self, pub_id: str) -> GameRecord | None:
        """The record of the pub game ``pub_id`` if it is over (None while it is played): for
        the server itself (a tournament's table counted in pub mode), never for a request."""
        kept = await self._load(pub_id)
        async with kept.lock:
            return record_of(pub_id, kept.pub) if kept.pub.is_over else None

    async def new_token(self, pub_id: str) -> str:
        """A new token for the pub game ``pub_id`` and the next games of its chain (the server
        keeps its hash): the old one opens none of them from now on."""
        token = new_token()
        for each in await self.chain(pub_id):
            kept = await self._load(each)
            async with kept.lock:
                before = kept.token_hash
                kept.token_hash = token_hash(token)
                try:
                    await self._save(each, kept)
                except Exception:
                    kept.token_hash = before
                    raise StorageError() from None
        return token

    async def chain(self, pub_id: str) -> list[str]:
        """The pub game ``pub_id`` and its next games, in order."""
        out = [pub_id]
        while True:
            kept = await self._load(out[-1])
            following = None if kept.chain is None else kept.chain.get("next")
            if not isinstance(following, str) or following in out:
                return out
            out.append(following)

    async def next_game(self, pub_id: str, kept: _Kept) -> str:
        """The id of the next game of a chain, made now (the same rules and token; the players
        :attr:`next_players` says, asked outside the game's lock: it may read the game) or
        before (asked again, the same game): only when ``kept``'s game is over."""
        chain = self._next_of(kept)
        if chain["next"] is not None:
            return str(chain["next"])
        players = list(kept.pub.players)
        if self.next_players is not None:
            players = await self.next_players(chain["first"])
        async with kept.lock:
            chain = self._next_of(kept)  # checked again: another request may have come between
            if chain["next"] is not None:
                return str(chain["next"])
            new_id = secrets.token_urlsafe(9)
            pub = PubGame(kept.pub.rules, players)
            new = _Kept(kept.token_hash, pub, chain={"first": chain["first"], "next": None})
            await self._save(new_id, new)
            chain["next"] = new_id
            try:
                await self._save(pub_id, kept)
            except Exception:
                chain["next"] = None
                raise StorageError() from None
            self._keep(new_id, new)
            return new_id

    @staticmethod
    def _next_of(kept: _Kept) -> dict[str, Any]:
        """The chain of a game that is over (refused otherwise, or for a game of its own)."""
        if kept.chain is None:
            raise refuse("server_refuse_pub_no_next")
        if not kept.pub.is_over:
            raise refuse("server_refuse_pub_not_over")
        return kept.chain

    def _keep(self, pub_id: str, kept: _Kept) -> None:
        self.kept[pub_id] = kept
        while len(self.kept) > KEPT:
            old_id, old = next(iter(self.kept.items()))
            if old.lock.locked():
                break  # in use: it leaves later
            del self.kept[old_id]

    async def change(
        self,
        pub_id: str,
        kept: _Kept,
        lang: str,
        change: Callable[[PubGame], list[str]],
        entry: tuple[str, str] | None = None,
    ) -> dict[str, Any]:
        """Apply ``change`` (under the game's lock; a :class:`PubEntryError` is refused with
        its reason, said in the caller's language, nothing changed), then store the game; what
        cannot be stored is taken back. Returns the :func:`view`, with what ``change`` said
        happened. ``entry``: the entry's id (made on the phone) and kind; an id the game has
        seen changes nothing and answers the game as it is, with ``entry.repeated``. A game of
        a chain (a tournament's table) that is over is not changed any more: it counts."""
        for _ in range(3):
            try:
                return await self._change(pub_id, kept, lang, change, entry)
            except PubChangedError:  # another worker wrote the game: read again, apply anew
                async with kept.lock:
                    await self._refresh(pub_id, kept)
        raise StorageError()

    async def _change(
        self,
        pub_id: str,
        kept: _Kept,
        lang: str,
        change: Callable[[PubGame], list[str]],
        entry: tuple[str, str] | None,
    ) -> dict[str, Any]:
        async with kept.lock:
            if entry is not None:
                entry_id, what = entry
                if not ENTRY_ID.fullmatch(entry_id):
                    raise refuse("refuse_entry_id", 400, value=repr(entry_id[:50]))
                seen = kept.entry_ids.get(entry_id)
                if seen is not None:
                    if seen != what:
                        raise refuse("refuse_entry_other", 400, entry=entry_id, was=seen, what=what)
                    answer = view(pub_id, kept.pub, lang, [], kept.chain)
                    return {**answer, "entry": {"id": entry_id, "repeated": True}}
            if kept.chain is not None and kept.pub.is_over:
                raise refuse("server_refuse_pub_counted")  # it counts for the tournament
            before, was_over = kept.pub.to_data(), kept.pub.is_over
            try:
                said = await asyncio.to_thread(change, kept.pub)
            except PubEntryError as exc:
                raise refusal_of(exc) from None
            if entry is not None:
                kept.entry_ids[entry[0]] = entry[1]
            try:
                await self._save(pub_id, kept)
            except Exception as exc:
                kept.pub = await asyncio.to_thread(PubGame.from_data, before)
                if entry is not None:
                    kept.entry_ids.pop(entry[0], None)
                if isinstance(exc, PubChangedError):
                    raise
                raise StorageError() from None
            answer = view(pub_id, kept.pub, lang, said, kept.chain)
            if entry is not None:
                answer["entry"] = {"id": entry[0], "repeated": False}
        if kept.pub.is_over and not was_over:
            for call in self.when_finished:
                call(pub_id if kept.chain is None else kept.chain["first"])
        return answer

    async def _save(self, pub_id: str, kept: _Kept) -> None:
        while len(kept.entry_ids) > KEPT_IDS:
            del kept.entry_ids[next(iter(kept.entry_ids))]
        data = kept.pub.to_data()
        if kept.chain is not None:
            data["chain"] = dict(kept.chain)
        if kept.entry_ids:
            data["entry_ids"] = [[k, v] for k, v in kept.entry_ids.items()]
        await self.store.write([SavePub(pub_id, kept.token_hash, data, kept.version)])
        kept.version += 1


def view(
    pub_id: str,
    pub: PubGame,
    lang: str,
    said: list[str],
    chain: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What the page shows: the state, the prompt and standing in words, what the rules let be
    entered (``covers``: whether a turn of 1, 2, ... throws stays covered), and ``said``: what
    the last entry did, in words; ``next``: for a game of a chain, the id of its next game
    (null: none yet; the page offers to make it once the game is over), absent otherwise. A
    cup still covered shows nowhere in it: its turn is said as covered until the round's
    reveal."""
    rules = pub.rules
    entries = pub.entries
    state = pub.state()
    limit = state.limit or 0
    return {
        "id": pub_id,
        "players": list(pub.players),
        "preset": rules.preset,
        "options": {
            "covered": rules.covered.value,
            "jule": rules.jule,
            "nutte": rules.nutte,
            "achter": rules.achter,
            "strassen": rules.strassen.value,
            "general": rules.general,
            "sixes_turn": rules.sixes_turn.value != "never",
            "hand_aus": rules.hand_aus_beats,
        },
        "covers": [rules.covers(n, limit) for n in range(1, limit + 1)],
        "blind": pub.may_open_blind(),
        "half_stake": pub.half_stake,
        "game_stake": pub.game_stake,
        "state": state.to_data(),
        "prompt": pub.prompt(lang),
        "standing": pub.standing(lang),
        "entries": len(entries),
        "last": pub.last_said(lang),
        "said": said,
        **({} if chain is None else {"next": chain.get("next")}),
    }


def record_of(pub_id: str, pub: PubGame) -> GameRecord:
    """The pub game's record (:meth:`PubGame.record`), with the game's id in its meta
    (``pub_game``): two games of a table entered alike are two records."""
    record = pub.record()
    return dataclasses.replace(record, meta={**record.meta, "pub_game": pub_id})


def _entry(request: Request) -> tuple[str, str] | None:
    """The entry id a request carries (made on the phone) and the kind of entry (the last part
    of its address: ``turn``, ``result``, ``buy_in``, ``undo``), or None."""
    entry = request.headers.get(ENTRY_HEADER)
    return None if entry is None else (entry, request.url.path.rsplit("/", 1)[-1])


def _lang(request: Request) -> str:
    """The language of the page (``?lang=``, as pub.js asks): see
    :func:`~schocken.server.requests.language`."""
    return language(request)
