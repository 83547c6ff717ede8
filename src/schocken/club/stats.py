"""The club's statistics per member and season, with Wilson 95% intervals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schocken.club.evenings import (
    GameFacts,
    _Section,
)
from schocken.club.money import (
    _Money,
)
from schocken.club.values import (
    HALVES,
    ClubStats,
    MemberStats,
)
from schocken.intervals import wilson


def compute_stats(
    games: Sequence[GameFacts], evenings: Mapping[str, int], guests: Mapping[str, bool]
) -> dict[str, Any]:
    """Statistics over games in order: per member (games and halves lost with Wilson 95%
    intervals, the losses chance alone would give, Finales, Blattschuss, Schock-Aus given and
    taken, streaks) and per pair (who loses to whom). ``evenings``: how many evenings each
    member came to; members who neither came nor played are left out. A player not named in
    ``evenings`` (a bot that is no member) counts for nobody: a game such a player lost is lost
    by no member, though it counts as played by the members at its table."""
    names = [n for n in evenings if evenings[n] or any(n in g.players for g in games)]
    per: dict[str, dict[str, Any]] = {
        n: {
            "games": 0,
            "games_lost": 0,
            "expected": 0.0,
            "halves": 0,
            "halves_lost": 0,
            "finales": 0,
            "finales_lost": 0,
            "blattschuss": 0,
            "given": 0,
            "taken": 0,
            "results": [],
        }
        for n in names
    }
    loses_to: dict[str, dict[str, int]] = {n: {} for n in names}
    played_with: dict[str, dict[str, int]] = {n: {} for n in names}
    schock_aus_to: dict[str, dict[str, int]] = {n: {} for n in names}
    with_halves = 0
    counted = set(evenings)
    for g in games:
        loser = g.players[g.loser]
        halves = [s for s in g.sections if s.section in HALVES]
        with_halves += bool(halves)
        at_table = [p for p in g.players if p in counted]
        for p in at_table:
            s = per[p]
            s["games"] += 1
            s["expected"] += 1 / len(g.players)
            s["results"].append(p == loser)
            s["halves"] += len(halves)
            for q in at_table:
                if q != p:
                    played_with[p][q] = played_with[p].get(q, 0) + 1
        if loser in counted:
            per[loser]["games_lost"] += 1
            for q in at_table:
                if q != loser:
                    loses_to[loser][q] = loses_to[loser].get(q, 0) + 1
            if g.blattschuss:
                per[loser]["blattschuss"] += 1
        for sec in g.sections:
            taker = g.players[sec.loser]
            if sec.section in HALVES:
                if taker in counted:
                    per[taker]["halves_lost"] += 1
            else:
                for seat in {halves[0].loser, halves[1].loser}:
                    if g.players[seat] in counted:
                        per[g.players[seat]]["finales"] += 1
                if taker in counted:
                    per[taker]["finales_lost"] += 1
            if sec.schock_aus:
                if taker in counted:
                    per[taker]["taken"] += 1
                giver = None if sec.given_by is None else g.players[sec.given_by]
                if giver in counted:
                    assert giver is not None
                    per[giver]["given"] += 1
                    if taker in counted:
                        schock_aus_to[giver][taker] = schock_aus_to[giver].get(taker, 0) + 1
    members: list[MemberStats] = []
    for n in names:
        s = per[n]
        lost, unbeaten, current = _streaks(s["results"])
        members.append(
            {
                "name": n,
                "guest": guests.get(n, False),
                "evenings": evenings.get(n, 0),
                "games": s["games"],
                "games_lost": s["games_lost"],
                "games_lost_share": s["games_lost"] / s["games"] if s["games"] else None,
                "games_lost_ci95": list(wilson(s["games_lost"], s["games"])),
                "games_lost_expected": round(s["expected"], 6),
                "halves": s["halves"],
                "halves_lost": s["halves_lost"],
                "halves_lost_share": s["halves_lost"] / s["halves"] if s["halves"] else None,
                "halves_lost_ci95": list(wilson(s["halves_lost"], s["halves"])),
                "finales": s["finales"],
                "finales_lost": s["finales_lost"],
                "blattschuss": s["blattschuss"],
                "schock_aus_given": s["given"],
                "schock_aus_taken": s["taken"],
                "longest_losing_streak": lost,
                "longest_unbeaten_streak": unbeaten,
                "current_streak": current,
            }
        )
    return {
        "games": len(games),
        "games_with_halves": with_halves,
        "members": members,
        "loses_to": {n: dict(sorted(v.items())) for n, v in loses_to.items()},
        "played_with": {n: dict(sorted(v.items())) for n, v in played_with.items()},
        "schock_aus_to": {n: dict(sorted(v.items())) for n, v in schock_aus_to.items()},
    }


def _streaks(results: Sequence[bool]) -> tuple[int, int, int]:
    """The longest runs of games lost and not lost, and the run at the end (lost: negative).

    >>> _streaks([True, True, False, False, False, True])
    (2, 3, -1)
    """
    longest = {True: 0, False: 0}
    run = 0
    last: bool | None = None
    for lost in results:
        run = run + 1 if lost == last else 1
        last = lost
        longest[lost] = max(longest[lost], run)
    current = 0 if last is None else (-run if last else run)
    return longest[True], longest[False], current


class _Stats(_Money):
    """Statistics."""

    # ------------------------------------------------------------------ statistics

    def stats(self, club: str, season: str | None = None) -> ClubStats:
        """Statistics per member over the club's games (of one season, if given): see
        :func:`compute_stats`."""
        cid = self._club_id(club)
        lo, hi = self._range(cid, season)
        names = self._member_names(cid)
        # A bot that is no member sits under a name no member can have: counted for nobody.
        seat_names = {
            **{b: f"\x00bot {b}" for b in self._bot_ids(cid)},
            **names,
        }
        guests = {
            r[0]: bool(r[1])
            for r in self.db.execute(
                "SELECT id, guest FROM club_members WHERE club_id = ? AND bot = 0", (cid,)
            )
        }
        evenings: dict[int, int] = dict.fromkeys(names, 0)
        n_evenings = 0
        for (evening,) in self.db.execute(
            "SELECT id FROM club_evenings WHERE club_id = ? AND date >= ? AND date < ?",
            (cid, lo, hi),
        ).fetchall():
            n_evenings += 1
            for (mid,) in self.db.execute(
                "SELECT member_id FROM club_present WHERE evening_id = ?", (evening,)
            ):
                evenings[mid] += 1
        games = []
        for gid, loser in self.db.execute(
            "SELECT g.id, g.loser_id FROM club_games g JOIN club_evenings e ON "
            "e.id = g.evening_id WHERE e.club_id = ? AND e.date >= ? AND e.date < ? "
            "AND g.void IS NULL ORDER BY e.date, g.number",
            (cid, lo, hi),
        ).fetchall():
            players = tuple(
                seat_names[r[0]]
                for r in self.db.execute(
                    "SELECT member_id FROM club_game_players WHERE game_id = ? ORDER BY seat",
                    (gid,),
                )
            )
            seat = {n: i for i, n in enumerate(players)}
            sections = tuple(
                _Section(
                    r[0],
                    seat[seat_names[r[1]]],
                    bool(r[2]),
                    None if r[3] is None else seat[seat_names[r[3]]],
                )
                for r in self.db.execute(
                    "SELECT section, loser_id, schock_aus, given_by FROM club_sections "
                    "WHERE game_id = ? ORDER BY idx",
                    (gid,),
                )
            )
            games.append(GameFacts(players, seat[seat_names[loser]], sections))
        stats = compute_stats(
            games, {names[m]: evenings[m] for m in names}, {names[m]: guests[m] for m in names}
        )
        return {
            "club": self.club(club)["name"],
            "season": season,
            "evenings": n_evenings,
            "games": stats["games"],
            "games_with_halves": stats["games_with_halves"],
            "members": stats["members"],
            "loses_to": stats["loses_to"],
            "played_with": stats["played_with"],
            "schock_aus_to": stats["schock_aus_to"],
        }
