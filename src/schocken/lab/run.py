"""The rules lab's figures: what a rule set does to an evening, from many simulated games.

:func:`measure` plays games of four regulars (the pub's players) for the evening's figures and
games of one strong bot against three regulars for how much skill matters, on the batch simulator
where its ``fast`` extra is installed (else on the reference engine, with fewer games and so wider
intervals), and gives each figure with its 95% interval. :func:`compare` says which differences
between two rule sets are beyond chance.

>>> from schocken.rules import find_preset
>>> f = measure(find_preset("tsv99"), games=60, skill_games=20, engine="reference")
>>> f.games, f.skill.games, f.engine
(60, 20, 'reference')
>>> f.rounds.low <= f.rounds.value <= f.rounds.high
True
"""

from __future__ import annotations

import importlib.util
import math
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from schocken.errors import RefusalError
from schocken.intervals import Z95, wilson
from schocken.lab import evening, notebook
from schocken.rules import Rules
from schocken.texts import refused

PLAYERS = 4
"""A table of four: the evening's games are four regulars; the skill games one strong bot and
three regulars."""

GAMES = 20_000
"""Games for the evening's figures on the batch simulator."""

REFERENCE_GAMES = 400
"""Games for the evening's figures on the reference engine (no ``fast`` extra): about two
seconds on a quiet core; the intervals are about seven times as wide as with :data:`GAMES`."""

SKILL_GAMES = 20_000
"""Games of the strong bot asked for at most."""

SKILL_SECONDS = 1.0
"""The time the skill games may take (after the evening's games): as many games as fit, in
chunks of :data:`SKILL_CHUNK`, at least one chunk. Their number is said with the figure."""

SKILL_CHUNK = 100
"""Skill games played between two looks at the clock."""

MARGIN = 1.5
"""New skill games of a measurement are played only where they fit in the time left with this
much more time than estimated (:func:`_new_cost`): the estimate from the first games is rough,
and the figures are promised within two seconds."""

GROWTH = 0.25
"""On the batch simulator, the time the first ``n`` skill games of new rules take grows about
as ``n ** GROWTH``: their strong bot's memo is filled mostly by the first games (measured
2026-12-06 under allgemein with one Deckel fewer a half: 100, 900, 7,300 and 20,000 games took
0.65, 1.03, 1.73 and 2.26 s, exponents 0.21 to 0.27 between them). What new games will take is
estimated by it (:func:`_new_cost`)."""

KEPT_RULE_SETS = 8
"""Rule sets whose strong-bot setup and memo a process keeps between measurements (the builder's
server measures every rule set its users try): measured 2026-12-07, one process measuring
presets and variants of them one after the other, each to 20,000 skill games, held 529 MB
after eight (the memo of a rule set 30 to 36 MB, each row of the round's ends kept once; most of
it the round's situations, which rule sets alike in their rounds share); before rows were kept
once, four took 720 MB. Measuring one more than this forgets them all
(:func:`forget_rule_sets`): one measured again pays its setup again, about a second."""

STRONG_BOT = "half"
"""The strong bot: the half bot (it plays for the half, not only the round: ``docs/bots.md``)."""

REGULAR_BOT = "regular"
"""The pub regular (the bot that plays as regulars do)."""

SECONDS_PER_TURN = 15.0
"""The pace where no club's games give one: a turn (up to three throws, covering, passing the
cup, writing the Deckel) in 15 seconds."""

FIGURES = (
    "rounds",
    "turns",
    "minutes",
    "finale",
    "schock_aus",
    "opener_lost",
    "p95_rounds",
    "skill",
)
"""The figures in the order they are shown."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure and its 95% interval; ``se`` its standard error (for comparing), ``games`` how
    many games it comes from."""

    value: float
    low: float
    high: float
    se: float
    games: int


@dataclass(frozen=True, slots=True)
class Figures:
    """What the lab found for one rule set."""

    rules: Rules
    engine: str
    """"fast" (the batch simulator) or "reference"."""
    games: int
    rounds: Estimate
    turns: Estimate
    minutes: Estimate
    finale: Estimate | None
    """The share of games that reach a Finale (None: the rules have none)."""
    schock_aus: Estimate
    """The share of rounds for Deckel that end in a Schock-Aus."""
    opener_lost: Estimate
    """The share of rounds for Deckel that their opener loses."""
    p95_rounds: Estimate
    """The longest games: the 95th percentile of rounds per game."""
    skill: Estimate
    """The strong bot's share of lost games against three regulars (even: 1/4)."""
    skill_engine: str
    seconds_per_turn: float
    pace_from_club: bool
    rounds_per_game: tuple[int, ...] = field(repr=False)
    """Every game's rounds (for the plot)."""
    seed: int = 0
    """The seed of the games (:func:`refine` goes on with the same skill games)."""
    noted: str | None = None
    """Where every figure comes from the lab's notebook (:mod:`schocken.lab.notebook`, no game
    played): when its games were played (ISO 8601, UTC)."""

    def get(self, name: str) -> Estimate | None:
        value = getattr(self, name)
        assert value is None or isinstance(value, Estimate)
        return value

    @property
    def even(self) -> float:
        return 1 / PLAYERS


def fast_available() -> bool:
    """Whether the batch simulator's extra (numba) is installed."""
    return importlib.util.find_spec("numba") is not None


def _mean(values: Sequence[float]) -> Estimate:
    """The mean with its interval; the spread summed in floats without rounding error
    (:func:`math.fsum`; ``statistics.stdev`` sums in fractions, exactly: ten times as long for
    the same digits)."""
    n = len(values)
    m = math.fsum(values) / n
    se = math.sqrt(math.fsum((x - m) ** 2 for x in values) / (n - 1) / n) if n > 1 else 0.0
    return Estimate(m, m - Z95 * se, m + Z95 * se, se, n)


def _share(k: int, n: int) -> Estimate:
    lo, hi = wilson(k, n)
    p = k / n if n else 0.0
    return Estimate(p, lo, hi, math.sqrt(p * (1 - p) / n) if n else 0.0, n)


def _ratio(hits: Sequence[int], totals: Sequence[int]) -> Estimate:
    """A share of rounds, the games being the sampled units: the ratio estimator with its
    standard error over games (rounds of one game are not independent)."""
    n = len(hits)
    total = sum(totals)
    r = sum(hits) / total if total else 0.0
    mean_total = total / n
    spread = sum((h - r * t) ** 2 for h, t in zip(hits, totals, strict=True))
    se = math.sqrt(spread / (n * (n - 1))) / mean_total if n > 1 and mean_total else 0.0
    return Estimate(r, max(0.0, r - Z95 * se), min(1.0, r + Z95 * se), se, n)


def _percentile(values: Sequence[int], p: float = 0.95) -> Estimate:
    """The ``p`` quantile with its distribution-free interval (from the order statistics)."""
    ordered = sorted(values)
    n = len(ordered)
    at = min(n - 1, max(0, math.ceil(p * n) - 1))
    spread = Z95 * math.sqrt(n * p * (1 - p))
    lo = ordered[max(0, math.floor(n * p - spread) - 1)]
    hi = ordered[min(n - 1, math.ceil(n * p + spread) - 1)]
    return Estimate(float(ordered[at]), float(lo), float(hi), (hi - lo) / (2 * Z95), n)


_KNOWN: dict[tuple[Rules, str], tuple[int, float]] = {}
"""Per rule set and engine: the skill chunks this process has played (the strong bot's memo
holds their decisions: played again they are quick) and what they cost (seconds): on the batch
simulator all of them together, on the reference engine each of the last new ones."""

_PLAYED: dict[tuple[Rules, str, int], tuple[int, int]] = {}
"""Per rule set, engine and seed: the whole skill chunks from the first played so far and the
games the strong bot lost in them. The games of a seed are always the same, so a later
measurement of the same rules counts them as they were and goes on with new ones."""


_KEPT: dict[Rules, None] = {}
"""The rule sets measured since :func:`forget_rule_sets` last ran, the latest last."""


def forget_rule_sets() -> None:
    """Forget what the strong bots made for every rule set: the batch simulator's memos and
    tables, the half bot's models, the solver bot's solutions, the Finale's solutions; and the
    helper process likewise (:mod:`schocken.helper`), where one runs."""
    from schocken import finale_shared, helper
    from schocken.bots import half_bot, solver_bot

    if helper.running():
        helper.call("schocken.lab.run:forget_rule_sets")

    if fast_available():
        from schocken.fast import strong

        strong.clear_caches()
    half_bot.clear_caches()
    solver_bot.clear_caches()
    finale_shared.clear_caches()
    _KNOWN.clear()
    _PLAYED.clear()
    _KEPT.clear()


def known(rules: Rules, engine: str = "fast") -> bool:
    """Whether this process has measured ``rules`` on ``engine`` (its skill games then start from
    what the strong bot's memo holds: the builder's server warms the preset a page will put
    beside its rules, ``POST /api/lab/warm``)."""
    return _KNOWN.get((rules, engine), (0, 0.0))[0] > 0


def counted(rules: Rules, games: int = SKILL_GAMES, seed: int = 0) -> bool:
    """Whether this process has counted the first ``games`` skill games of ``rules`` and
    ``seed`` on the batch simulator (a measurement then takes its skill figure as it was)."""
    done = _PLAYED.get((rules, "fast", seed), (0, 0))[0]
    return done * SKILL_CHUNK >= games


def start_models(rule_sets: Sequence[Rules]) -> None:
    """The strong bot's model of the half for each of ``rule_sets``: made at once from the games
    of regulars it counts, played on the batch simulator (milliseconds), or where
    only the reference engine is installed started in the helper process, all at once (rule
    sets measured side by side have the later ones' ready when they come). On the batch
    simulator, for rules new to the process, the helper process (:mod:`schocken.helper`) is
    given the Finale's solutions the strong bot asks for (:func:`finales_first`), where it has
    nothing else to do (busy measuring another rule set, :mod:`schocken.lab.pair`, it would
    begin them only after that; the skill games then solve the Finale here first,
    :func:`_skill`)."""
    if not rule_sets:  # nothing loaded for none (the lab's notebook held them all)
        return
    from schocken.bots import half_bot

    if not fast_available():
        for rules in rule_sets:
            half_bot.model_ahead(rules, PLAYERS)
        return
    from schocken import fast

    for rules in rule_sets:

        def count(rules: Rules = rules) -> dict[int, dict[int | None, int]]:
            return fast.worth_counts(rules, PLAYERS, half_bot.MEASURED_GAMES)

        half_bot.model_from_counts(rules, PLAYERS, count)
    finales_first(rule_sets)  # on the other core meanwhile (asked already in schocken lab)


def finales_first(rule_sets: Sequence[Rules]) -> None:
    """Have an idle helper process begin with the Finale's solutions the strong bot will ask
    for, for each of ``rule_sets`` new to this process (all of them: the first skill games ask
    for them). They need numpy only: ``schocken lab`` asks at once, before it loads the batch
    simulator, and the other core solves while this one loads it and plays the evening's games
    (in a new process the Finale's solutions were what its first skill games waited for)."""
    from schocken import helper
    from schocken.bots import half_bot

    if fast_available() and helper.idle():
        for rules in rule_sets:
            if not known(rules):
                half_bot.finales_ahead(rules)


def keep_stores() -> None:
    """Have the batch simulator take the half bot's ends of the round the lab solved before
    from the lab's notebook's folder (:func:`schocken.fast.stores.keep_stores`: the same floats
    as solved again, so ``fresh`` measurements take them too), and keep them there
    (:func:`save_stores`)."""
    if fast_available():
        from schocken.fast import stores

        stores.keep_stores(notebook.folder(), notebook.code())


def save_stores() -> None:
    """Write the half bot's ends of the round solved in this process to the lab's notebook's
    folder (:func:`keep_stores`), once the figures are out: a later process measuring rules of
    the same rounds (the preset again, a house rule of the half) takes them rather than
    solving them. Nothing where the batch simulator was not used."""
    if "schocken.fast.stores" in sys.modules:
        from schocken.fast import stores

        stores.save_stores()


def _keep(rules: Rules) -> None:
    """Note ``rules`` as measured; past :data:`KEPT_RULE_SETS` others, forget them all first."""
    if rules not in _KEPT and len(_KEPT) >= KEPT_RULE_SETS:
        forget_rule_sets()
    _KEPT.pop(rules, None)  # the latest last
    _KEPT[rules] = None


def _skill(
    rules: Rules,
    engine: str,
    games: int,
    seconds: float,
    seed: int,
    progress: Callable[[int], None] | None = None,
    *,
    more: bool = False,
    until: float | None = None,
) -> Estimate:
    """The strong bot's share of lost games against three regulars, the line-up moving one seat
    on after every game: as many of ``games`` games as ``seconds`` allow (and the time left
    until ``until``, a :func:`time.perf_counter` time, where given), the first chunk always.

    The games come in chunks of :data:`SKILL_CHUNK`, always the same ones (the same figure,
    however many the clock allows). The chunks of this seed counted before (in this process)
    are counted as they were (:data:`_PLAYED`), the first chunk then already played; chunks the
    memo holds from another seed are played again while time is left; new ones only where they
    fit in the time left at what the new ones before cost (:func:`_new_cost`: a new rule set's
    games fill the strong bot's memo, the first ones most); with ``more`` one new chunk always
    (:func:`refine`). On the batch simulator the chunks are played many at a time (the memo is
    filled more keys at once, the quicker): those played before all at once, new ones as many as
    fit."""
    from schocken.simulate import simulate

    bots = [STRONG_BOT] + [REGULAR_BOT] * (PLAYERS - 1)
    key = (rules, engine)
    known, cost = _KNOWN.get(key, (0, 0.0))
    started = time.perf_counter()
    if until is not None:
        seconds = min(seconds, until - started)
    if not known:  # the strong bot's setup of new rules, its model made alongside
        from schocken.bots import half_bot

        # waited for here: the first chunk's cost then says what new games cost (on the batch
        # simulator but the Finale's solutions where a helper solves them meanwhile:
        # start_models)
        finales = engine != "fast" or not half_bot.finales_coming(rules)
        half_bot.prepare(rules, PLAYERS, wait=True, finales=finales)

    def play(chunk: int, count: int) -> int:
        """Games lost by the strong bot in ``count`` chunks from ``chunk`` on (the last may be
        cut short by ``games``)."""
        first = chunk * SKILL_CHUNK
        last = min(games, first + count * SKILL_CHUNK)
        if engine == "fast":
            from schocken import fast

            counts = fast.run(rules, bots, last - first, seed + 7919, rotate=True, first=first)
            return counts.games_lost[0]
        # Each chunk its own seed on the reference engine.
        report = simulate(rules, bots, last - first, seed + 7919 * (chunk + 1), rotate=True)
        return report.seats[0].games_lost

    chunks = -(-games // SKILL_CHUNK)
    lost = done = 0
    played = (rules, engine, seed)
    before = _PLAYED.get(played)
    if before is not None and before[0] * SKILL_CHUNK <= games:  # counted as they were
        done, lost = before
    floor = done if more else 0  # up to here no look at the clock: with ``more`` a new chunk
    while done < chunks:
        elapsed = time.perf_counter() - started
        if done < known:
            if done > floor and elapsed >= seconds:
                break
            count = known - done if engine == "fast" else 1
        else:
            count = chunks - done if engine == "fast" and known else 1
            while count and elapsed + _new_cost(engine, known, cost, count, more) > seconds:
                count //= 2
            if not count:
                if done > floor:
                    break
                count = 1
        begun = time.perf_counter()
        lost += play(done, count)
        if done + count > known:  # new chunks: what they cost
            took = time.perf_counter() - begun
            cost = cost + took if engine == "fast" else took / count
            known = min(done + count, games // SKILL_CHUNK)  # whole chunks
        done += count
        if progress is not None:
            progress(min(games, done * SKILL_CHUNK))
    _KNOWN[key] = (known, cost)
    if done * SKILL_CHUNK <= games:  # whole chunks only: a later measurement goes on from them
        _PLAYED[played] = (done, lost)
    return _share(lost, min(games, done * SKILL_CHUNK))


def _new_cost(engine: str, known: int, cost: float, count: int, more: bool) -> float:
    """Seconds that ``count`` new skill chunks after the ``known`` ones will take, where those
    took ``cost`` (see :data:`_KNOWN`): on the batch simulator by :data:`GROWTH`, with
    :data:`MARGIN` but for ``more`` (:func:`refine`, where no answer waits for the clock); on
    the reference engine each as the last."""
    if engine != "fast" or not known:
        return cost * count
    grown: float = (1 + count / known) ** GROWTH
    return (1.0 if more else MARGIN) * cost * (grown - 1)


def _chosen(engine: str) -> str:
    """The engine ``engine`` ("auto", "fast" or "reference") stands for here."""
    return "fast" if engine != "reference" and fast_available() else "reference"


def noted(
    rules: Rules,
    *,
    engine: str = "auto",
    games: int | None = None,
    skill_games: int = SKILL_GAMES,
    seed: int = 0,
) -> bool:
    """Whether :func:`measure` of ``rules`` with these options would take all its figures from
    the lab's notebook (no game to play: nothing to start for it, no process to fork)."""
    chosen = _chosen(engine)
    if games is None:
        games = GAMES if chosen == "fast" else REFERENCE_GAMES
    return notebook.has(rules, chosen, games, skill_games, seed)


def measure(
    rules: Rules,
    *,
    games: int | None = None,
    seed: int = 0,
    engine: str = "auto",
    skill_games: int = SKILL_GAMES,
    skill_seconds: float = SKILL_SECONDS,
    skill_until: float | None = None,
    seconds_per_turn: float | None = None,
    progress: Callable[[int], None] | None = None,
    skill_progress: Callable[[int], None] | None = None,
    fresh: bool = False,
) -> Figures:
    """The lab's figures for ``rules``.

    ``engine`` is "auto" (the batch simulator where installed), "fast" or "reference";
    ``games`` the evening's games (default :data:`GAMES`, on the reference engine
    :data:`REFERENCE_GAMES`). The skill games take ``skill_seconds`` at most, and end by
    ``skill_until`` (a :func:`time.perf_counter` time; None: no such end) where that comes first
    (the first chunk always: :func:`_skill`). ``seconds_per_turn`` is the pace of a club's games
    (default :data:`SECONDS_PER_TURN`). ``progress`` is told the evening's games done, now and
    then, ``skill_progress`` the skill games done. What the lab's notebook holds of these games
    is taken from it rather than played again (:mod:`schocken.lab.notebook`: the same figures),
    but with ``fresh`` (every game played; the round's ends solved before still taken,
    :func:`keep_stores`); what was played whole is noted there.
    """
    if engine not in ("auto", "fast", "reference"):
        raise refused(
            RefusalError, "sim_refuse_engine", engine=engine, engines="auto, fast, reference"
        )
    if engine == "fast" and not fast_available():
        raise refused(RefusalError, "sim_refuse_numba")
    chosen = _chosen(engine)
    if games is None:
        games = GAMES if chosen == "fast" else REFERENCE_GAMES
    if games < 2:
        raise refused(RefusalError, "lab_refuse_games", games=games)
    if skill_games < 1:
        raise refused(RefusalError, "lab_refuse_skill_games", games=skill_games)
    play = evening.play_fast if chosen == "fast" else evening.play_reference
    noted_evening = None if fresh else notebook.evening(rules, chosen, games, seed)
    noted_skill = None if fresh else notebook.skill(rules, chosen, skill_games, seed)
    if noted_skill is None:
        _keep(rules)
        if chosen == "fast":
            keep_stores()
        # The strong bot's model of the half (without the batch simulator: in a helper process
        # while the evening is played).
        start_models([rules])
    if noted_evening is None:
        g = play(rules, [REGULAR_BOT] * PLAYERS, games, seed, progress)
        notebook.note_evening(rules, chosen, games, seed, g.lists())
    else:
        g = evening.Games.from_lists(noted_evening.lists)
        if progress is not None:
            progress(games)
    pace = SECONDS_PER_TURN if seconds_per_turn is None else seconds_per_turn
    minutes = [t * pace / 60 for t in g.turns]
    if noted_skill is None:
        skill = _skill(
            rules, chosen, skill_games, skill_seconds, seed, skill_progress, until=skill_until
        )
        _note_skill(rules, chosen, skill_games, seed, skill)
    else:
        skill = _share(noted_skill.lost, skill_games)
        if skill_progress is not None:
            skill_progress(skill_games)
    noted = None
    if noted_evening is not None and noted_skill is not None:
        noted = min(noted_evening.measured, noted_skill.measured)
    return Figures(
        rules=rules,
        engine=chosen,
        games=games,
        rounds=_mean(g.rounds),
        turns=_mean(g.turns),
        minutes=_mean(minutes),
        finale=_share(sum(g.finale), games) if rules.finale else None,
        schock_aus=_ratio(g.schock_aus, g.paid),
        opener_lost=_ratio(g.opener_lost, g.paid),
        p95_rounds=_percentile(g.rounds),
        skill=skill,
        skill_engine=chosen,
        seconds_per_turn=pace,
        pace_from_club=seconds_per_turn is not None,
        rounds_per_game=tuple(g.rounds),
        seed=seed,
        noted=noted,
    )


def _note_skill(rules: Rules, engine: str, games: int, seed: int, skill: Estimate) -> None:
    """Note the skill figure in the lab's notebook where it comes from all ``games`` games."""
    if skill.games == games:
        notebook.note_skill(rules, engine, games, seed, round(skill.value * games))


def skill_short(figures: Figures, skill_games: int) -> bool:
    """Whether ``figures``' skill figure, on the batch simulator, comes from fewer than
    ``skill_games`` games (:func:`refine` plays on to them: ``--refine``, the builder's panel)."""
    return figures.skill_engine == "fast" and figures.skill.games < skill_games


def refine(
    figures: Figures,
    skill_games: int = SKILL_GAMES,
    seconds: float = SKILL_SECONDS,
    progress: Callable[[int], None] | None = None,
    *,
    fresh: bool = False,
) -> Figures:
    """``figures`` with the skill figure from more games: the skill games counted before go on
    with new ones of the same seed, as many as ``seconds`` allow (one new chunk at least), up to
    ``skill_games`` in all. The builder's panel shows the figures within its two seconds, the
    skill figure from the games that fitted, and then refines it to all 20,000 (``POST
    /api/lab``). Where the lab's notebook holds the skill games asked for (noted meanwhile by
    another process), the figure is taken from it, but with ``fresh``; a skill figure refined to
    all its games is noted there.
    """
    if skill_games < 1:
        raise refused(RefusalError, "lab_refuse_skill_games", games=skill_games)
    rules, engine, seed = figures.rules, figures.skill_engine, figures.seed
    noted = None if fresh else notebook.skill(rules, engine, skill_games, seed)
    if noted is not None:  # measured meanwhile elsewhere (another process, earlier)
        return replace(figures, skill=_share(noted.lost, skill_games))
    _keep(rules)
    if engine == "fast":
        keep_stores()
    skill = _skill(rules, engine, skill_games, seconds, seed, progress, more=True)
    _note_skill(rules, engine, skill_games, seed, skill)
    return replace(figures, skill=skill)


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure of two rule sets: the difference, its z and its Holm-adjusted p-value."""

    name: str
    difference: float
    z: float
    p: float
    beyond_chance: bool


TEST = "two-sided z-test at 5%, Holm-corrected over the figures compared"
"""How :func:`compare` decides what is beyond chance."""


def _p_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def compare(a: Figures, b: Figures, level: float = 0.05) -> list[Difference]:
    """Which figures of ``a`` and ``b`` differ beyond chance: for each figure both have, the
    difference over its standard error (independent samples), the p-values Holm-corrected."""
    rows: list[tuple[str, float, float, float]] = []
    for name in FIGURES:
        x, y = a.get(name), b.get(name)
        if x is None or y is None:
            continue
        se = math.hypot(x.se, y.se)
        d = x.value - y.value
        z = d / se if se > 0 else (0.0 if d == 0 else math.copysign(math.inf, d))
        rows.append((name, d, z, _p_two_sided(z)))
    order = sorted(range(len(rows)), key=lambda i: rows[i][3])
    adjusted = [1.0] * len(rows)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(rows) - rank) * rows[i][3]))
        adjusted[i] = running
    return [
        Difference(name, d, z, adjusted[i], adjusted[i] < level)
        for i, (name, d, z, _) in enumerate(rows)
    ]


PACE_GAP_MINUTES = (2.0, 60.0)
"""Gaps between two games entered on the same evening that count as a game's length (minutes):
shorter ones are games entered in a row afterwards, longer ones a break."""

PACE_GAPS = 3
"""Gaps needed before the club's pace is taken (else the default)."""


def club_minutes_per_game(log: Sequence[Mapping[str, object]]) -> tuple[float, int] | None:
    """The median minutes between two games the club's book entered on the same evening, and
    how many such gaps there were, from the book's log (``game_added`` entries: when, which
    evening); None where fewer than :data:`PACE_GAPS` gaps fit :data:`PACE_GAP_MINUTES`."""
    last: dict[object, datetime] = {}
    gaps: list[float] = []
    for entry in log:
        if entry.get("action") != "game_added":
            continue
        detail = entry.get("detail")
        when = entry.get("at")
        if not isinstance(detail, dict) or not isinstance(when, str):
            continue
        try:
            at = datetime.fromisoformat(when)
        except ValueError:
            continue
        day = detail.get("date")
        if day in last:
            gap = (at - last[day]).total_seconds() / 60
            if PACE_GAP_MINUTES[0] <= gap <= PACE_GAP_MINUTES[1]:
                gaps.append(gap)
        last[day] = at
    if len(gaps) < PACE_GAPS:
        return None
    return statistics.median(gaps), len(gaps)


__all__ = [
    "FIGURES",
    "GAMES",
    "REFERENCE_GAMES",
    "SECONDS_PER_TURN",
    "TEST",
    "Difference",
    "Estimate",
    "Figures",
    "club_minutes_per_game",
    "compare",
    "fast_available",
    "measure",
    "refine",
]
