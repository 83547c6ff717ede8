"""Schocken in the terminal: a full-screen game for friends at one keyboard, and bots.

Needs the ``tui`` extra (Textual). :class:`SchockenApp` renders a :class:`~schocken.session.Session`
and turns keys into its actions; everything the game says comes from :mod:`schocken.texts`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Log, Static

from schocken.events import Section
from schocken.files import os_error_text, write_text_whole
from schocken.session import Session
from schocken.texts import result_name, t, throw_nth
from schocken.views import Phase, PlayerView, TurnView

FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(f"{FACES[p]}{p}" for p in dice)


def section_name(section: Section, lang: str) -> str:
    return t(section.value, lang)


def status_lines(view: PlayerView, lang: str) -> list[str]:
    """The header of the table: the half, the round, who opened it, the limit, the middle."""
    names = view.players
    opener = names[view.order[0]] if view.order else "-"
    if view.phase is Phase.OPENING:
        round_label = t("ui_opening", lang)
    else:
        round_label = t("ui_round", lang, number=view.round_number)
    limit = (
        t("ui_limit_open", lang) if view.limit is None else t("ui_limit", lang, limit=view.limit)
    )
    return [
        f"{section_name(view.section, lang)} · {round_label} · "
        f"{t('ui_opened_by', lang, name=opener)}",
        f"{t('ui_middle', lang, middle=view.middle)} · {limit}",
    ]


def turn_text(turn: TurnView | None, lang: str) -> str:
    if turn is None:
        return ""
    if turn.throws == 0:
        return ""
    if turn.showing is None:
        aside = f", {t('ui_aside', lang, dice=dice_text(turn.aside))}" if turn.aside else ""
        return f"{t('ui_covered', lang)} ({throw_nth(turn.throws, lang)}{aside})"
    shown = dice_text(turn.showing)
    if turn.done and turn.result is not None and len(turn.showing) > 1:  # one die: its pips
        shown = f"{shown}  = {result_name(turn.result, lang)}"
    return f"{shown} ({throw_nth(turn.throws, lang)})"


def player_lines(view: PlayerView, lang: str) -> list[str]:
    """One line a player: marker, name, Deckel, out or their turn this round."""
    turns = {tv.seat: tv for tv in view.turns}
    width = max(len(n) for n in view.players)
    lines = []
    for seat, name in enumerate(view.players):
        marker = "▶" if seat == view.current else " "
        you = "*" if seat == view.seat else " "
        deckel = t("ui_deckel", lang, count=view.deckel[seat])
        if view.playing[seat]:
            state = turn_text(turns.get(seat), lang)
        elif view.section is Section.FINALE and seat not in view.half_losers:
            state = t("ui_not_in_finale", lang)
        else:
            state = t("ui_out", lang)
        lines.append(f"{marker}{you}{name:<{width}}  {deckel:>10}  {state}")
    return lines


class PassScreen(Screen[None]):
    """Hides the table while the keyboard goes to another human."""

    def __init__(self, name: str, lang: str) -> None:
        super().__init__()
        self.player = name
        self.lang = lang
        self._bindings.bind("enter", "confirm", t("ui_ok", lang), show=True)

    def compose(self) -> ComposeResult:
        yield Static(
            f"{t('ui_pass_to', self.lang, name=self.player)}\n\n"
            f"{t('ui_pass_hint', self.lang, name=self.player)}",
            id="pass",
            markup=False,
        )
        yield Footer()

    def action_confirm(self) -> None:
        self.dismiss()


class SchockenApp(App[None]):
    """The terminal game."""

    CSS = """
    #status { height: 2; padding: 0 1; background: $boost; }
    #players { height: auto; padding: 1 1; }
    #cup { height: 3; padding: 0 1; border: round $accent; }
    #message { height: auto; padding: 0 1; color: $warning; }
    #coach { height: auto; padding: 0 1; color: $success; }
    #log { height: 1fr; border: round $primary; }
    #pass { width: 100%; height: 1fr; content-align: center middle; text-style: bold; }
    """
    TITLE = "Schocken"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: Session, *, pace: float = 0.6, save_path: Path | None = None):
        super().__init__()
        self.session = session
        self.pace = pace
        self.save_path = save_path
        self.saved_to: Path | None = None
        self._log_shown = 0
        self._bot_scheduled = False
        self._passing = False
        self.reviewed = False
        """Whether the review was written into the log (once, after the game)."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical():
            # No markup: names and messages are shown as they are ("[red]Anna" too).
            yield Static("", id="status", markup=False)
            yield Static("", id="players", markup=False)
            with Horizontal(id="cup"):
                yield Static("", id="dice", markup=False)
            yield Static("", id="message", markup=False)
            yield Static("", id="coach", markup=False)
            yield Log(id="log", auto_scroll=True)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.session.game.rules.preset
        self.refresh_table()

    # ------------------------------------------------------------------ rendering

    def refresh_table(self) -> None:
        s = self.session
        lang = s.lang
        if s.needs_pass and not self._passing:
            s.viewer = None  # nobody's covered dice behind the pass screen
        view = s.view()
        self.query_one("#status", Static).update("\n".join(status_lines(view, lang)))
        self.query_one("#players", Static).update("\n".join(player_lines(view, lang)))
        self.query_one("#dice", Static).update(self._cup_text(view))
        self.query_one("#message", Static).update(self._message(view))
        coach = s.coach_lines()
        panel = self.query_one("#coach", Static)
        panel.display = bool(coach)
        panel.update("\n".join(coach))
        log = self.query_one("#log", Log)
        new = s.log[self._log_shown :]
        if new:
            log.write_lines(new)
            self._log_shown = len(s.log)
        self.refresh_bindings()
        if s.game.is_over:
            return
        if s.needs_pass and not self._passing:
            self._passing = True
            current = s.current
            assert current is not None
            self.push_screen(PassScreen(s.game.players[current], lang), self._passed)
            return
        if s.bot_to_move and not self._bot_scheduled:
            self._bot_scheduled = True
            if self.pace > 0:
                self.set_timer(self.pace, self._bot_tick)
            else:
                self.call_later(self._bot_tick)

    def _passed(self, _: None = None) -> None:
        self._passing = False
        self.session.take_keyboard()
        self.refresh_table()

    def _bot_tick(self) -> None:
        self._bot_scheduled = False
        if self.session.bot_to_move:
            self.session.bot_step()
        self.refresh_table()

    def _cup_text(self, view: PlayerView) -> str:
        s = self.session
        lang = s.lang
        if s.viewer is None:
            return t("ui_spectator", lang)
        dice = s.dice_on_screen()
        name = view.players[s.viewer]
        if not dice:
            return f"{t('ui_your_cup', lang)} ({name}): -"
        parts = []
        for i, (pip, kept) in enumerate(zip(dice, s.keep_marks, strict=False)):
            parts.append(f"[{i + 1}] {FACES[pip]}{pip}{' ⇡' if kept else ''}")
        return f"{t('ui_your_cup', lang)} ({name}):  " + "   ".join(parts)

    def _message(self, view: PlayerView) -> str:
        s = self.session
        lang = s.lang
        if s.message:
            return s.message
        if s.game.is_over:
            loser = s.game.loser
            assert loser is not None
            over = t("ui_game_over", lang, loser=view.players[loser])
            return over if self.reviewed else f"{over} {t('review_offer', lang)}"
        current = s.current
        assert current is not None
        name = view.players[current]
        if s.viewer is not None and s.can("buyin"):
            return t("ui_buyin_offer", lang, name=view.players[s.viewer])
        if current != s.viewer or s.bot_to_move:
            return t("ui_plays", lang, name=name)
        mine = view.my_turn
        if s.can("blind"):
            return t("ui_blind_offer", lang, name=name)
        if mine is None or mine.throws == 0:
            return t("ui_first_throw", lang, name=name)
        if mine.must_throw:
            return t("ui_must_throw", lang, name=name)
        return t("ui_your_turn", lang, name=name)

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.session.game.is_over and not self.reviewed
        if action == "coach":
            s = self.session
            return not s.game.is_over and s.viewer is not None and s.seats[s.viewer].is_human
        if action in ("throw", "turn", "stop", "buyin", "blind"):
            return self.session.can(action)
        if action == "keep":
            index = parameters[0] if parameters else 0
            return (
                self.session.can("toggle")
                and isinstance(index, int)
                and index < len(self.session.dice_on_screen())
            )
        return True

    def _act(self, what: str) -> None:
        self.session.act(what)
        self.refresh_table()

    def action_throw(self) -> None:
        self._act("throw")

    def action_turn(self) -> None:
        self._act("turn")

    def action_stop(self) -> None:
        self._act("stop")

    def action_buyin(self) -> None:
        self._act("buyin")

    def action_blind(self) -> None:
        self._act("blind")

    def action_keep(self, index: int) -> None:
        self.session.toggle(index)
        self.refresh_table()

    def action_coach(self) -> None:
        self.session.toggle_coach()
        self.refresh_table()

    def action_review(self) -> None:
        """After the game: each player's accuracy and costliest decisions, into the log."""
        if not self.session.game.is_over or self.reviewed:
            return
        self.reviewed = True
        self.query_one("#log", Log).write_lines(["", *self.session.review_lines()])
        self.refresh_table()

    def action_save(self) -> None:
        self._save_and_say()
        self.refresh_table()

    async def action_save_quit(self) -> None:
        if self._save_and_say():
            self.exit()
        else:
            self.refresh_table()  # not saved: the game stays open and says why

    def _save_and_say(self) -> bool:
        lang = self.session.lang
        path = self.save_path or Path("schocken-game.json")
        try:
            self.save()
        except OSError as exc:
            self.session.message = t(
                "ui_save_failed", lang, path=str(path), reason=os_error_text(exc, lang)
            )
            return False
        self.session.message = t("ui_saved", lang, path=str(path))
        return True

    def save(self) -> Path:
        """Write the game so far, whole or not at all (an OSError leaves the file as it was)."""
        path = self.save_path or Path("schocken-game.json")
        write_text_whole(path, self.session.record().to_json())
        self.saved_to = path
        return path


def bindings(lang: str) -> list[BindingType]:
    """The keys, labelled in ``lang``."""
    return [
        Binding("space", "throw", t("ui_throw", lang)),
        Binding("1", "keep(0)", t("ui_keep", lang, n=1)),
        Binding("2", "keep(1)", t("ui_keep", lang, n=2)),
        Binding("3", "keep(2)", t("ui_keep", lang, n=3)),
        Binding("t", "turn", t("ui_turn", lang)),
        Binding("s", "stop", t("ui_stop", lang)),
        Binding("b", "buyin", t("ui_buyin", lang)),
        Binding("l", "blind", t("ui_blind", lang)),
        Binding("c", "coach", t("coach_key", lang)),
        Binding("r", "review", t("review_key", lang)),
        Binding("ctrl+s", "save", t("ui_save", lang)),
        Binding("q", "save_quit", t("ui_quit", lang)),
    ]


def make_app(session: Session, *, pace: float = 0.6, save_path: Path | None = None) -> SchockenApp:
    """The app for a session, its keys labelled in the session's language."""
    cls: Any = type(
        f"SchockenApp_{session.lang}", (SchockenApp,), {"BINDINGS": bindings(session.lang)}
    )
    app: SchockenApp = cls(session, pace=pace, save_path=save_path)
    return app
