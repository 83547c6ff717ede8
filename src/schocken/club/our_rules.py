"""The club's own rules ("our rules"): the rule set its members play, kept as data
(``{"preset": ..., "overrides": {...}}``, :func:`schocken.rules.rules_to_data`) and offered
wherever they start a game (an online table, pub mode)."""

from __future__ import annotations

import json

from schocken.club.stats import _Stats
from schocken.club.values import RulesInfo
from schocken.errors import ClubError, RulesError, said
from schocken.rules import rules_from_data, rules_to_data


def check_rules(data: object) -> RulesInfo:
    """A rule set as the book keeps it: read by the engine (a bad one refused with its
    reason, as a :class:`~schocken.errors.ClubError`) and written again, so that only the
    options that differ from its preset remain."""
    try:
        rules = rules_from_data(data, said("rules_where_club"))
    except RulesError as exc:  # the engine's refusal, with its key: said in German too
        raise ClubError(str(exc), key=exc.key, **exc.fields) from None
    written = rules_to_data(rules)
    overrides = written["overrides"]
    assert isinstance(overrides, dict)
    return RulesInfo(preset=str(written["preset"]), overrides=overrides)


class _OurRules(_Stats):
    """The club's own rules."""

    def set_our_rules(self, club: str, rules: object) -> RulesInfo:
        """Keep ``rules`` (``{"preset": ..., "overrides": {...}}``) as the club's own rules,
        in place of any it had."""
        info = check_rules(rules)
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute(
                "INSERT INTO club_rules (club_id, rules) VALUES (?, ?) "
                "ON CONFLICT(club_id) DO UPDATE SET rules = excluded.rules",
                (cid, json.dumps(info, ensure_ascii=False)),
            )
            self._log(cid, "rules_set", preset=info["preset"], overrides=info["overrides"])
        return info

    def remove_our_rules(self, club: str) -> None:
        """The club plays no rules of its own any more (each game names its own)."""
        with self._tx() as db:
            cid = self._club_id(club)
            if db.execute("DELETE FROM club_rules WHERE club_id = ?", (cid,)).rowcount:
                self._log(cid, "rules_removed")

    def our_rules(self, club: str) -> RulesInfo | None:
        """The club's own rules, if it has kept some."""
        row = self.db.execute(
            "SELECT rules FROM club_rules WHERE club_id = ?", (self._club_id(club),)
        ).fetchone()
        if row is None:
            return None
        data = json.loads(row[0])
        return RulesInfo(preset=data["preset"], overrides=data["overrides"])
