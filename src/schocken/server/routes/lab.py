"""The rules lab's endpoint (``POST /api/lab``): the lab's figures for the rules being built,
beside a preset's, for the builder's panel (``static/lab.js``).

The games are played in a worker thread (the batch simulator's compiled loop lets go of the
interpreter), one measurement at a time for the whole server (two cores) and one waiting per
address: another from the same address is refused in words, unless the one before is only
refining its skill figure (then that stops). The answer is a stream of JSON lines:
``{"done": n, "total": N}`` now and then while the games are played, then ``{"result": {...}}``
(or ``{"error": "..."}``) within the panel's two seconds. Where its skill figure comes from fewer
strong-bot games than asked (new rules: those that fitted into the second), the result says
``"refining": true`` and the stream goes on: ``{"skill_done": n, "skill_total": N}`` while more
skill games are played (in slices of :data:`REFINE_SLICE` seconds, other measurements let in
between), then the result again with the skill figure from all of them (``"refining": false``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, StreamingResponse

from schocken import helper
from schocken.errors import RulesError
from schocken.lab import Figures, compare, measure
from schocken.lab.cli import (
    changes_line,
    figure_label,
    figures_data,
    notes,
    number,
    rules_name,
    value_parts,
    value_text,
)
from schocken.lab.pair import load_ahead, measure_pair, refine_pair
from schocken.lab.run import (
    FIGURES,
    GAMES,
    REFERENCE_GAMES,
    SKILL_GAMES,
    SKILL_SECONDS,
    counted,
    fast_available,
    save_stores,
    skill_short,
)
from schocken.rule_options import read_rules, refusal_in_words
from schocken.rules import PRESETS
from schocken.server.requests import client_address, language, read_body
from schocken.texts import t

router = APIRouter()

MOST_GAMES = 200_000
"""The most games the panel may ask for (a progress bar shows while they are played)."""

REFINE_SLICE = 0.5
"""Seconds of skill games between two looks at whether the refining is still wanted (its page
gone, or a new measurement asked for from its address) and another measurement's turn."""


@dataclasses.dataclass(eq=False)
class _Asked:
    """A measurement asked for: stopped once its answer is read no more."""

    stop: threading.Event = dataclasses.field(default_factory=threading.Event)
    refining: bool = False
    """Its figures answered, only the skill figure being refined (a new measurement from the
    same address stops it rather than being refused)."""


_busy: dict[str, _Asked] = {}
"""Addresses with a measurement asked for and not yet answered whole."""

_one_at_a_time = threading.Lock()
"""One measurement at a time for the whole server (its threads would share two cores)."""

_warming: set[str] = set()
"""Presets being warmed (:func:`warm`)."""

WARM_ENV = "SCHOCKEN_LAB_WARM"
"""The environment variable that, set to 0, keeps :func:`warm` from measuring anything."""


def _refined(
    found: list[Figures],
    skill_games: int,
    stop: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    fresh: bool = False,
) -> list[Figures]:
    """``found``'s skill figures refined to all ``skill_games`` games, a slice of
    :data:`REFINE_SLICE` seconds at a time (other measurements let in between), until ``stop``
    is set; with ``fresh`` played, not taken from the lab's notebook. Once all are there, the
    half bot's ends of the round solved for them are kept in the notebook's folder (this
    process's and the helper's: :func:`~schocken.lab.run.save_stores`), for after a restart."""
    while any(skill_short(f, skill_games) for f in found) and not (stop and stop.is_set()):
        with _one_at_a_time:
            found = refine_pair(found, skill_games, REFINE_SLICE, progress, fresh=fresh)
    if not any(skill_short(f, skill_games) for f in found):
        _save_stores()
    return found


def _save_stores() -> None:
    """The half bot's ends of the round solved here and in the helper process written to the
    lab's notebook's folder (:func:`~schocken.lab.run.save_stores`), between measurements."""
    with _one_at_a_time:
        save_stores()
    if helper.running():
        helper.call("schocken.lab.run:save_stores")


def _refuse(text: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"ok": False, "error": text}, status_code=status)


def _unknown_preset(name: object, lang: str) -> JSONResponse:
    """The refusal of a preset to put the rules beside that is none, with the ones there are."""
    reason = f"{name!r}: {', '.join(PRESETS)}"
    return _refuse(t("lab_refuse_rules", lang, reason=reason))


def _answer(data: dict[str, Figures | None], lang: str, asked: int) -> dict[str, Any]:
    """The figures as the panel shows them: each one's label and text, with the comparison."""
    ours = data["ours"]
    assert ours is not None
    against = data.get("against")
    diffs = {d.name: d for d in compare(ours, against)} if against is not None else {}
    rows = []
    for name in FIGURES:
        row: dict[str, Any] = {
            "figure": name,
            "label": figure_label(name, lang),
            "ours": value_text(name, ours.get(name), lang),
            # the figure and its interval apart: the page puts the interval under the figure
            "ours_parts": value_parts(name, ours.get(name), lang),
        }
        if against is not None:
            row["against"] = value_text(name, against.get(name), lang)
            row["against_parts"] = value_parts(name, against.get(name), lang)
            d = diffs.get(name)
            row["beyond_chance"] = None if d is None else d.beyond_chance
            row["verdict"] = (
                "" if d is None else t("lab_beyond" if d.beyond_chance else "lab_within", lang)
            )
        rows.append(row)
    # first what the rules being built change (and the rules beside, where they change any)
    said = [changes_line(ours.rules, lang, t("lab_web_ours", lang))]
    lines = notes(ours, lang, asked_skill=asked)
    if against is not None:
        name = rules_name(against.rules, lang)
        said.append(changes_line(against.rules, lang, name))
        lines += [f"{name}: {line}" for line in notes(against, lang, asked_skill=asked)]
    lines = [line for line in said if line is not None] + lines
    lines.append(t("lab_pace_default", lang, seconds=f"{ours.seconds_per_turn:.0f}"))
    if against is not None:
        lines.append(t("lab_test", lang, count=len(diffs)))
    return {
        "ok": True,
        "ours": figures_data(ours),
        "against": figures_data(against) if against is not None else None,
        "names": {
            "ours": rules_name(ours.rules, lang),
            "against": rules_name(against.rules, lang) if against is not None else None,
        },
        "rows": rows,
        "notes": lines,
        # the page's plot: games by their rounds (index: rounds), each rule set's
        "rounds": {
            "ours": rounds_counts(ours),
            "against": rounds_counts(against) if against is not None else None,
        },
    }


def rounds_counts(f: Figures) -> list[int]:
    """How many of the evening's games took each number of rounds (index: rounds)."""
    counts = [0] * (max(f.rounds_per_game, default=0) + 1)
    for rounds in f.rounds_per_game:
        counts[rounds] += 1
    return counts


@router.post("/api/lab")
async def lab(request: Request) -> Any:
    """The lab's figures for ``rules`` ({preset, overrides}, as ``/api/rules/check`` takes
    them), beside the preset ``against`` (optional), from ``games`` games (default 20,000 on
    the batch simulator, fewer on the reference engine); ``engine`` "auto" or "reference" and
    ``skill_games`` (the strong bot's games asked for at most) and ``skill_seconds`` (the time
    their first answer's skill games may take, at most :data:`SKILL_SECONDS`) as ``schocken
    lab`` takes them."""
    lang = language(request)
    data = await read_body(request)
    try:
        rules = read_rules({"rules": data.get("rules") if isinstance(data, dict) else None})
    except RulesError as exc:
        return _refuse(t("lab_refuse_rules", lang, reason=refusal_in_words(exc, lang)))
    assert isinstance(data, dict)
    against_name = data.get("against")
    if against_name is not None and against_name not in PRESETS:
        return _unknown_preset(against_name, lang)
    engine = data.get("engine", "auto")
    if engine not in ("auto", "reference"):
        return _refuse(t("lab_refuse_rules", lang, reason="engine: auto, reference"))
    on_fast = engine == "auto" and fast_available()
    games = data.get("games", GAMES if on_fast else REFERENCE_GAMES)
    skill_games = data.get("skill_games", SKILL_GAMES)
    skill_seconds = data.get("skill_seconds", SKILL_SECONDS)
    for field, value, low, high, whole in (
        ("games", games, 100, MOST_GAMES, True),
        ("skill_games", skill_games, 1, SKILL_GAMES, True),
        ("skill_seconds", skill_seconds, 0, SKILL_SECONDS, False),
    ):
        kinds = (int,) if whole else (int, float)
        if not isinstance(value, kinds) or isinstance(value, bool) or not low <= value <= high:
            shape = "{:,}" if whole else "{:g}"
            low_text, high_text = (number(shape.format(x), lang) for x in (low, high))
            key = "lab_refuse_count" if whole else "lab_refuse_seconds"
            reason = t(key, lang, field=field, low=low_text, high=high_text)
            return _refuse(t("lab_refuse_rules", lang, reason=reason))
    address = client_address(request)
    held = _busy.get(address)
    if held is not None and not held.refining:
        return _refuse(t("lab_refuse_busy", lang), 429)
    if held is not None:  # only refining: the new measurement instead
        held.stop.set()
    asked = _busy[address] = _Asked()
    sets = [rules] + ([PRESETS[against_name]] if against_name else [])
    progress: asyncio.Queue[str] = asyncio.Queue()
    loop = asyncio.get_running_loop()
    total = games * len(sets)

    def say(line: dict[str, int]) -> None:
        loop.call_soon_threadsafe(progress.put_nowait, json.dumps(line))

    def work() -> list[Figures]:
        with _one_at_a_time:

            def tell(i: int, done: int) -> None:
                say({"done": i * games + done, "total": total})

            return measure_pair(
                sets, games=games, engine=engine, skill_games=skill_games,
                skill_seconds=skill_seconds, progress=tell,
            )  # fmt: skip

    def short(found: list[Figures]) -> list[int]:
        return [i for i, f in enumerate(found) if skill_short(f, skill_games)]

    def more(found: list[Figures]) -> list[Figures]:
        """The skill figures refined to all ``skill_games`` games, a slice at a time."""
        done = [f.skill.games for f in found]

        def tell(i: int, n: int) -> None:
            done[i] = n
            say({"skill_done": sum(done), "skill_total": skill_games * len(found)})

        return _refined(found, skill_games, asked.stop, tell)

    def answer(found: list[Figures], refining: bool) -> bytes:
        data = {"ours": found[0], "against": found[1] if len(found) > 1 else None}
        try:
            result = _answer(data, lang, skill_games) | {"refining": refining}
        except ValueError as exc:
            result = {"ok": False, "error": t("lab_refuse_rules", lang, reason=exc)}
        return (json.dumps({"result": result}, ensure_ascii=False) + "\n").encode()

    async def pump(job: asyncio.Future[Any]) -> AsyncIterator[bytes]:
        """The progress lines while ``job`` runs."""
        while not job.done():
            getter = asyncio.ensure_future(progress.get())
            await asyncio.wait({job, getter}, return_when=asyncio.FIRST_COMPLETED)
            if getter.done():
                yield (getter.result() + "\n").encode()
            else:
                getter.cancel()
        while not progress.empty():  # what it said before it ended, before what follows
            yield (progress.get_nowait() + "\n").encode()

    async def stream() -> AsyncIterator[bytes]:
        try:
            job: asyncio.Future[list[Figures]] = asyncio.ensure_future(asyncio.to_thread(work))
            async for line in pump(job):
                yield line
            try:
                found = job.result()
            except ValueError as exc:
                error = {"ok": False, "error": t("lab_refuse_rules", lang, reason=exc)}
                yield (json.dumps({"result": error}, ensure_ascii=False) + "\n").encode()
                return
            refining = asked.refining = on_fast and bool(short(found))
            yield answer(found, refining)
            if not refining:
                if on_fast:  # all there at once: what was solved kept, the stream not held up
                    threading.Thread(target=_save_stores, name="lab-save").start()
                return
            job = asyncio.ensure_future(asyncio.to_thread(more, found))
            async for line in pump(job):
                yield line
            found = job.result()
            if not short(found):
                yield answer(found, False)
        finally:
            asked.stop.set()
            if _busy.get(address) is asked:
                del _busy[address]

    return StreamingResponse(stream(), media_type="application/x-ndjson")


@router.post("/api/lab/warm")
async def warm(request: Request) -> Any:
    """Measure the preset ``against`` once in the background, where this server has not yet, so
    that the builder's panel, which puts the rules being built beside it, finds its strong bot
    ready (its Finale's solutions, its model of the half, its skill games' decisions, all
    :data:`SKILL_GAMES` of them, refined in slices as :func:`lab` refines) and answers within
    its two seconds: the rules being built, mostly the preset with house rules that leave its
    rounds as they are, take its situations of a round (:mod:`schocken.fast.round_ends`). The
    page asks as it opens and when another preset is chosen.
    ``{"ok": true, "warming": bool, "ready": bool}``: whether a measurement was started, and
    whether the preset has been measured with all its skill games. Only on the batch simulator
    (the reference engine has nothing to keep); :data:`WARM_ENV` set to 0 turns it off."""
    data = await read_body(request)
    name = data.get("against") if isinstance(data, dict) else None
    if name in (None, ""):
        return {"ok": True, "warming": False, "ready": False}
    if name not in PRESETS:
        return _unknown_preset(name, language(request))
    rules = PRESETS[name]
    off = os.environ.get(WARM_ENV, "1") == "0"
    if off or not fast_available() or name in _warming or counted(rules):
        return {"ok": True, "warming": False, "ready": counted(rules)}
    _warming.add(name)

    def work() -> None:
        try:
            with _one_at_a_time:
                if counted(rules):
                    return
                # played, not taken from the lab's notebook: what is warmed is the strong bot
                # (the round's ends the notebook holds taken: the games alone then)
                found = measure(rules, fresh=True)
            # the helper's batch simulator ready for a second rule set (its Finale's solutions
            # taken: it has nothing else to do)
            load_ahead(rules)
            # on to all its skill games: the rules being built, alike in their rounds, then take
            # all its situations (schocken.fast.round_ends), and its own figure is ready whole
            _refined([found], SKILL_GAMES, fresh=True)
        finally:
            _warming.discard(name)

    threading.Thread(target=work, name=f"lab-warm-{name}", daemon=True).start()
    return {"ok": True, "warming": True, "ready": False}
