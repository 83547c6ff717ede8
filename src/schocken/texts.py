"""What players read: the German and English wording, in one catalogue.

The terminal game and the web front end explain rounds, halves and games with these functions, so
both say the same thing. Every text is looked up by key in :data:`CATALOGUE`.

>>> t("deckel_from_middle", "en", loser="Cem", count=4)
'Cem takes 4 Deckel from the middle.'
>>> t("deckel_from_middle", "de", loser="Cem", count=4)
'Cem nimmt 4 Deckel aus der Mitte.'
"""

from __future__ import annotations

import locale
import os
from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from schocken.actions import Action, Stop, Throw, TurnSixes
from schocken.catalogue import CATALOGUES
from schocken.errors import Said as Said  # a refusal's parts: made here as ever
from schocken.errors import SchockenError
from schocken.errors import said as said
from schocken.events import (
    BlindOpened,
    BoughtIn,
    DeckelMoved,
    Event,
    GameEnded,
    PlayersOut,
    RoundEnded,
    RoundKind,
    SectionEnded,
    SectionStarted,
)
from schocken.refusal_texts import REFUSALS
from schocken.results import Result, ResultKind, TieRule, result_table, tie_decided, worst_tied
from schocken.rules import (
    DeckelOwed,
    FirstRoundOneThrow,
    JuleRank,
    LaterOpener,
    NutteRank,
    Opening,
    PlainRank,
    Rules,
    SchockAus,
    SixesTurn,
    Strassen,
    StrasseRank,
    Tiebreak,
)
from schocken.tournament_texts import TOURNAMENT_TEXTS

LANGUAGES = ("de", "en")

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "first_half": "first half (Hinrunde)",
        "second_half": "second half (Rückrunde)",
        "finale": "Finale",
        "extra_half": "another half",
        "nom_first_half": "The first half (Hinrunde)",
        "nom_extra_half": "Another half",
        "acc_extra_half": "another half",
        "gen_extra_half": "of another half",
        "nom_second_half": "The second half (Rückrunde)",
        "nom_finale": "The Finale",
        "acc_first_half": "the first half (Hinrunde)",
        "acc_second_half": "the second half (Rückrunde)",
        "acc_finale": "the Finale",
        "gen_first_half": "of the first half (Hinrunde)",
        "gen_second_half": "of the second half (Rückrunde)",
        "gen_finale": "of the Finale",
        "section_started": "{section} begins with {middle} Deckel in the middle.",
        "round_results": "Round {number}: {results}.",
        "opening_round": "Opening round (for no Deckel): {results}.",
        "opening_throw": "Opening throw: {results}.",
        "stechen": "Stechen: {results}.",
        "covered": "covered",
        "strasse_word": "Strasse",
        "join_last": " and ",
        "number_decimal": ".",
        "number_group": ",",
        "money_eur": "{sign}€{number}",
        "money_other": "{sign}{number} {currency}",
        "percent_spaced": "{number}%",
        "cli_middle_held": "[middle {middle}; {held}]",
        "cli_watch_title": "Schocken, {preset}: {seats}; seed {seed}",
        "cli_record_saved": "record saved to {path}",
        "best_opens": "{best} has the best result ({result}) and opens round {number}.",
        "worst_opens": "{worst} threw lowest ({result}) and opens round {number}, taking no "
        "Deckel.",
        "stechen_needed": "{players} tie for the lowest throw and throw again (Stechen).",
        "opening_die": "One die each: {results}.",
        "high_die_opens": "{best} threw the highest die ({result}) and opens round {number}.",
        "low_die_opens": "{worst} threw the lowest die ({result}) and opens round {number}.",
        "die_tie_high_die": "{players} tie for the highest die and throw again.",
        "die_tie_low_die": "{players} tie for the lowest die and throw again (Stechen).",
        "throw_off": "Throw-off: {results}.",
        "throw_off_needed": "{players} tie for the worst result and throw off, one throw each, "
        "for the round's Deckel.",
        "throw_off_again": "{players} tie again for the lowest and throw off again.",
        "throw_off_lost": "{worst} throws lowest in the throw-off ({result}).",
        "tie_no_deckel": "{players} tie for the worst result ({result}): nobody takes Deckel, and "
        "{opener} opens again.",
        "best_worst": "Best: {best} ({best_result}); worst: {worst} ({worst_result}).",
        "tie_later": "{worst} ties with {other} and threw later: later is worse.",
        "tie_throws": "{worst} ties with {other} but used more throws "
        "({throws} to {other_throws}).",
        "tie_later_throws": "{worst} ties with {other} with as many throws and threw later.",
        "tie_assembled": "{worst} ties with {other} but assembled it; {other} threw it in one "
        "throw.",
        "hand_aus": "a Hand-Aus (1-1-1 in one throw) beats an assembled Schock-Aus",
        "deckel_from_middle": "{loser} takes {count} Deckel from the middle.",
        "deckel_from_player": "{giver} gives {loser} {count} Deckel.",
        "no_deckel": "{best} has no Deckel left to give; {loser} gets none.",
        "schock_aus": "Schock-Aus by {best}! {loser} has the worst result and takes all Deckel.",
        "lowest_takes": "{loser} threw lowest and takes {count} Deckel; {loser} opens.",
        "opens": "{loser} opens the next round.",
        "out": "Out of this half, holding no Deckel: {players}.",
        "bought_in": "{player} buys back in (Einwürfeln) and takes a Deckel from {givers}.",
        "bought_in_at_risk": "{player} buys back in at risk (Einwürfeln): takes no Deckel, and is "
        "out again after this round unless losing it.",
        "opened_blind": "{player} opens blind: one throw each, every cup stays covered until the "
        "reveal.",
        "the_middle": "the middle",
        "section_lost": "{loser} has lost {section}.",
        "section_lost_schock_aus": "{loser} has lost {section} by Schock-Aus.",
        "section_lost_buy_in": "{loser} holds every Deckel {section} by buying back in: {loser} "
        "has lost it at once, and the round is not played.",
        "game_lost": "{loser} has lost the game.",
        "blattschuss": "Blattschuss! {loser} lost both halves and with them the game.",
        "finale_between": "Finale: {a} against {b}.",
        "summary_section": "Summary {section}: {loser} holds all {total} Deckel.",
        "summary_game": "Summary: {parts}; {rounds} rounds in all.",
        "summary_part": "{section} lost by {loser}",
        "web_title": "Schocken",
        "web_tagline": "The pub dice game, with friends, anywhere.",
        "web_new_table": "Start a table",
        "web_your_name": "Your name",
        "web_rules": "Rules",
        "web_seats": "Seats",
        "web_bots": "Bots",
        "web_bot_level": "Bot strength",
        "web_bot_regular": "pub regular",
        "web_bot_solver": "solver (plays the exact odds)",
        "web_bot_half": "strategist (plays for the half, not just the round)",
        "web_bot_random": "random",
        "web_create": "Create table",
        "web_join_title": "Join a table",
        "web_code": "Invite code",
        "web_join": "Join",
        "web_lobby": "Lobby",
        "web_invite": "Invite your friends: share this link or the code.",
        "web_copy": "Copy link",
        "web_copied": "Link copied.",
        "web_seat_free": "free seat",
        "web_add_bot": "Add bot",
        "web_remove": "Remove",
        "web_make_host": "Make host",
        "web_host": "host",
        "web_you": "you",
        "web_start": "Start the game",
        "web_waiting_host": "Waiting for the host to start the game.",
        "web_spectating": "You are watching.",
        "web_spectator_link": "Spectator link",
        "web_reconnecting": "Connection lost. Reconnecting…",
        "web_connected": "Connected.",
        "web_summary": "Game over",
        "web_download": "Download the game record",
        "web_dice_check": "Check the dice",
        "web_dice_about": "Before the first throw the server committed to this game's dice (it "
        "published the SHA-256 of a secret seed); now it reveals the seed. Every die must follow "
        "from it.",
        "web_dice_checking": "Recomputing every die…",
        "web_dice_fair": "Fair: all {count} dice follow from the seed the server committed to at "
        "the start.",
        "web_dice_unfair": "Not fair: die {n} of the game shows {shows}, but the seed gives "
        "{derived}.",
        "web_dice_seed_wrong": "Not fair: the revealed seed is not the one the server committed "
        "to at the start.",
        "web_dice_changed": "Not fair: the server's commitment is not the one this page saw at "
        "the start.",
        "web_dice_none": "This game's dice cannot be checked: the server did not commit to them.",
        "web_dice_failed": "The dice could not be checked: {error}",
        "web_dice_in_browser": "Recomputed in this browser.",
        "web_dice_by_server": "Recomputed by the server (this browser cannot compute "
        "HMAC-SHA256 on a page without HTTPS).",
        "web_dice_commitment": "Commitment (SHA-256 of the seed): {commitment}",
        "web_new_game": "New table",
        "web_seeded": "Seeded dice: for tests and demonstrations only.",
        "web_die": "Die {n}: {pips}",
        "web_kept": "kept out of the cup",
        "web_in_cup": "in the cup",
        "web_language": "Deutsch",
        "language_name": "English",
        "web_error": "Error",
        "web_no_table": "No such table.",
        "web_round_log": "What happened",
        "web_house_rules": "House rules (optional, TOML)",
        "web_house_hint": 'e.g. preset = "tsv99" and deckel_per_half = 15; they replace the '
        "rules chosen above",
        "web_have_code": "Have an invite code?",
        "web_bot": "bot",
        "web_out_short": "kept out",
        "web_cup_short": "in the cup",
        "web_back_short": "goes back",
        "web_sound": "Sound",
        "web_turn_pick": "{name}, your turn: tap dice to keep them out of the cup, then throw or "
        "stop.",
        "web_keys": "Keys: 1 2 3 pick dice, Space throws, T turns sixes, S stops, B opens blind "
        "(where the rules allow it).",
        "web_your_turn": "Your turn",
        "web_turn_of": "{name}'s turn",
        "web_threw": "{name} threw {dice}.",
        "web_threw_covered": "{name} threw, covered.",
        "web_you_threw": "You threw {dice}.",
        "web_you_threw_covered": "You threw, covered.",
        "web_turned_1": "{name} turned two sixes into a one.",
        "web_turned_2": "{name} turned three sixes into two ones.",
        "web_you_turned_1": "You turned two sixes into a one.",
        "web_you_turned_2": "You turned three sixes into two ones.",
        "web_back_in_cup": "Back into the cup: {dice}.",
        "web_lock_must_throw": "must go back into the cup: the sixes were turned",
        "web_lock_turned": "turned from sixes: stays out",
        "web_lock_aside": "set aside: stays out (no putting back)",
        "web_lock_two": "at most two dice stay out of the cup",
        "web_locked": "locked",
        "web_cup_covered": "Cup covered",
        "web_cup_empty": "Not thrown yet",
        "web_opener": "opens",
        "web_half_loser": "lost the first half",
        "web_middle": "Middle",
        "web_limit_short": "Limit",
        "web_status": "The table now",
        "web_rules_line": "Rules:",
        "web_reveal": "Cups up!",
        "web_reveal_round": "Cups up! Round {number}",
        "web_best": "best",
        "web_worst": "worst",
        "web_go_on": "Go on",
        "web_takes": "+{count} Deckel",
        "web_dice": "Dice: {dice}",
        "web_away": "away",
        "web_coach": "Coach",
        "web_coach_on": "Coach on",
        "web_coach_off": "Coach off",
        "web_coach_help": "Your coach ranks your moves by their chance to lose before each "
        "decision and says when a move cost a lot. Everyone at the table sees that it is on.",
        "web_coach_best": "Coach: {action} ({p})",
        "web_coach_wait": "The coach is thinking…",
        "web_coach_badge": "coach",
        "web_to_bot": "Bot takes over",
        "web_to_player": "Give back",
        "web_bot_plays_you": "A bot plays your seat for now.",
        "web_take_back": "Play again myself",
        "web_rematch": "Rematch",
        "web_rematch_hint": "Same seats, same rules, a new game.",
        "web_rematch_wait": "The host can start a rematch: you will join it by yourself.",
        "web_tournament_table": "Tournament {name}: round {round}, table {table}",
        "web_tournament_seats": "This table seats the players of the draw only, each by their "
        "own link; there is no invite code. Only the tournament's organiser changes a seat (a "
        "bot for a player who cannot play). Its games count for the tournament.",
        "web_tournament_booking": "This game goes to tournament {name}: round {round}, table "
        "{table} (being taken).",
        "web_tournament_booked": "This game was booked to tournament {name}: round {round}, "
        "table {table}, game {number} there.",
        "web_to_rematch": "To the rematch",
        "web_turn_timer": "Turn timer",
        "web_timer_off": "none",
        "web_timer_seconds": "{n} s",
        "web_timer_hint": "When time is up, a bot makes the move for a player who does not.",
        "web_section_end": "End {section}",
        "web_game_end": "The game is over",
        "web_rounds_played": "{rounds} rounds played.",
        "web_deckel_taken": "Deckel taken",
        "web_player": "Player",
        "web_rv_title": "Game review",
        "web_rv_intro": "Every decision against the best move: the chance of losing of the "
        "move made and of the best, with the game as the deciding player saw it.",
        "web_rv_open": "Review a game record",
        "web_rv_link": "Review the game",
        "web_rv_back": "Back to the table",
        "web_rv_file": "Game record (the JSON file downloaded after a game)",
        "web_rv_reviewing": "Reviewing the game…",
        "web_rv_unreadable": "The file cannot be read.",
        "web_rv_accuracy_h": "Accuracy",
        "web_rv_accuracy_caption": "Decisions that mattered and were good; chances given away",
        "web_rv_accuracy": "Accuracy",
        "web_rv_good_of": "({good} of {counted})",
        "web_rv_given_away": "Given away (points)",
        "web_rv_no_count": "no decision that mattered",
        "web_rv_points": "{n} percentage points",
        "web_rv_costliest": "{name}'s costliest decisions",
        "web_rv_costly_item": "Step {step}: {label}, loss {loss}",
        "web_rv_no_costly": "{name} gave nothing away.",
        "web_rv_steps": "Move by move",
        "web_rv_no_decisions": "No decision of this game could be valued.",
        "web_rv_prev": "Previous",
        "web_rv_next": "Next",
        "web_rv_slider": "Decision",
        "web_rv_keys": "Keys: ← and → step through the decisions.",
        "web_rv_decision_n": "Decision {n} of {total}",
        "web_rv_announce": "Decision {n} of {total}: step {step}, {name}, {label}.",
        "web_rv_step_head": "Step {step}: {name}'s decision",
        "web_rv_before": "Before {name} in this round",
        "web_rv_opens": "{name} opens the round: nobody before.",
        "web_rv_after": "Players after: {n}",
        "web_rv_own": "{name}'s cup",
        "web_rv_moves": "Every move (best first)",
        "web_rv_move": "Move",
        "web_rv_best": "best move",
        "web_rv_made": "played",
        "web_rv_verdict": "{label}: loss {loss}",
        "web_rv_not_counted": "Every move was as good as any other here: not counted.",
        "web_deckel_in_all": "Deckel in all",
        "web_halves_lost": "Halves lost",
        "stand_in": "The stand-in played for {name}: {action}.",
        "web_language_label": "Deutsch (Sprache / language)",
        "throw_nth_1": "1st throw",
        "throw_nth_2": "2nd throw",
        "throw_nth_3": "3rd throw",
        "throw_nth": "{n}th throw",
        "web_clock": "Time left for {name}: {s} s",
        "web_clock_short": "{s} s",
        "web_clock_warning": "{name}, 10 seconds left: then the stand-in plays for you.",
        "web_stand_in_away_1": "While you were away, the stand-in played one move for you: "
        "{actions}.",
        "web_stand_in_away_n": "While you were away, the stand-in played {count} moves for you: "
        "{actions}.",
        "web_stand_in_away_close": "Got it",
        "web_clock_warning_other": "10 seconds left for {name}.",
        "web_coach_switch": "Advise me",
        "web_copy_failed": "This browser lets the page copy nothing: the link is selected, copy "
        "it yourself (Ctrl+C, or press and hold on a phone).",
        "web_late_title": "The game is under way",
        "web_late_over": "This game is over",
        "web_late_intro": "Watch it now, and take a seat in the next game: when the host starts "
        "the rematch, you play along.",
        "web_watch": "Watch now",
        "web_wait": "Take a seat in the next game",
        "web_waiting_you": "You are watching. The next game seats you as {name}.",
        "web_waiting_list": "Waiting for the next game: {names}",
        "web_leave_waiting": "Leave the waiting list",
        "web_left_waiting": "You left the waiting list: the next game is played without "
        "you. You are still watching.",
        "web_rematch_waiting": "The rematch seats {names} too.",
        "web_invite_h": "Invite and watch",
        "web_invite_late": "Whoever comes later opens the invite link: they watch at once and "
        "take a seat in the next game.",
        "web_to_bot_ask": "Let a bot play for {name}?",
        "web_to_bot_explain": "{name} is away. The bot plays {name}'s turns until {name} takes "
        "the seat back or you give it back.",
        "web_to_bot_yes": "Let the bot play",
        "web_cancel": "Cancel",
        "web_link": "Invite link",
        "web_plays_now": "plays now",
        "n_evenings_1": "1 evening",
        "n_evenings": "{n} evenings",
        "n_games_1": "1 game",
        "n_games": "{n} games",
        "ui_throw": "Throw",
        "ui_turn": "Turn sixes",
        "ui_stop": "Stop",
        "ui_buyin": "Buy in",
        "ui_blind": "Blind",
        "ui_blind_label": "Throw blind: one throw each, every cup covered, yours too, until the "
        "reveal",
        "ui_keep": "Keep die {n}",
        "ui_save": "Save",
        "ui_quit": "Save & quit",
        "ui_confirm": "I have the keyboard",
        "ui_round": "Round {number}",
        "ui_opening": "Opening",
        "ui_middle": "Middle: {middle} Deckel",
        "ui_limit": "Throw limit: {limit}",
        "ui_limit_open": "Throw limit: not set yet (up to 3)",
        "ui_opened_by": "opened by {name}",
        "ui_deckel": "{count} Deckel",
        "ui_out": "out",
        "ui_not_in_finale": "not in the Finale",
        "ui_waiting": "waiting",
        "ui_covered": "covered",
        "ui_aside": "aside {dice}",
        "ui_your_turn": "{name}, your turn: pick dice to keep with 1 2 3, then throw or stop.",
        "ui_first_throw": "{name}, your turn: throw.",
        "ui_blind_offer": "{name}, you open: throw, or L throws blind (one throw each, every cup "
        "covered until the reveal).",
        "ui_plays": "{name} is playing.",
        "ui_must_throw": "{name}: sixes turned, throw again.",
        "ui_pass_to": "Pass the keyboard to {name}.",
        "ui_pass_hint": "{name}: press Enter when only you can see the screen.",
        "ui_saved": "Saved to {path}.",
        "ui_game_over": "Game over. {loser} lost.",
        "ui_summary": "Summary",
        "ui_your_cup": "Your cup",
        "ui_spectator": "Nobody's dice are shown while the keyboard changes hands.",
        "ui_buyin_offer": "{name} is out and may buy back in (b) before the first throw.",
        "ui_save_failed": "Not saved: cannot write {path}: {reason}",
        "review_title": "Review: {preset}, {players}; {steps} steps. Each decision: the move made "
        "and the best with their chance of losing, the loss, the label.",
        "review_where": "{section}, round {number}",
        "review_turn": "throw {throws} of {limit}: {dice}",
        "review_turn_opener": "throw {throws} of up to {limit} (opens the round): {dice}",
        "review_aside": ", aside {dice}",
        "review_turned": ", sixes turned ({dice} must go back into the cup)",
        "review_p_round": "P(lose round)",
        "review_p_game": "P(lose game)",
        "review_line": "step {step}, {name}, {where}, {turn}: {made} {p_made}; best: {best} "
        "{p_best}; loss {loss}: {label}",
        "review_good": "good",
        "review_inaccuracy": "inaccuracy",
        "review_mistake": "mistake",
        "review_blunder": "blunder",
        "review_summary": "{name}: accuracy {accuracy}% ({good} of {counted} decisions that "
        "mattered were good; {decisions} decisions in all), chances given away {given}; "
        "{inaccuracies} inaccuracies, {mistakes} mistakes, {blunders} blunders",
        "review_costliest": "{name}'s costliest decisions ({n}), as {name} saw them:",
        "review_situation": "  step {step}, {where}: {label}, loss {loss}",
        "review_before": "before: {turns}",
        "review_before_shown": "{name} {result} ({nth})",
        "review_before_covered": "{name} covered (aside {aside}, {nth})",
        "review_none": "nobody",
        "review_after": "players after: {after}; middle: {middle}; Deckel: {deckel}",
        "review_unvalued_opening": "{n} decisions of the opening round are not valued: a round "
        "for no Deckel.",
        "review_unvalued_opening_1": "1 decision of the opening round is not valued: a round for "
        "no Deckel.",
        "review_unvalued_buy_in": "{n} buy-ins (Einwürfeln) are not valued: buying in is no "
        "decision within a round.",
        "review_unvalued_buy_in_1": "1 buy-in (Einwürfeln) is not valued: buying in is no "
        "decision within a round.",
        "review_unvalued_no_numpy": "{n} decisions of the Finale are not valued: the Finale's "
        "solution needs numpy (pip install 'schocken[analysis]').",
        "review_unvalued_no_numpy_1": "1 decision of the Finale is not valued: the Finale's "
        "solution needs numpy (pip install 'schocken[analysis]').",
        "review_unvalued_made_up": "{n} decisions after throws that pub mode made up are not "
        "valued: only the end of each turn was entered.",
        "review_unvalued_made_up_1": "1 decision after throws that pub mode made up is not "
        "valued: only the end of each turn was entered.",
        "review_unvalued_blind": "{n} choices whether to open a round blind are not valued: the "
        "solver knows no blind rounds.",
        "review_unvalued_blind_1": "1 choice whether to open a round blind is not valued: the "
        "solver knows no blind rounds.",
        "review_offer": "Press r for the review: each player's accuracy and costliest decisions.",
        "review_key": "Review",
        "n_throws_1": "1 throw",
        "n_throws": "{n} throws",
        "times_1": "once",
        "times_n": "{n} times",
        "pub_refuse_over": "the game is over ({loser} lost it); undo to correct an entry",
        "pub_refuse_buy_in_first": "first say whether {name}, who is out, buys back in "
        "(Einwürfeln): yes or no",
        "pub_refuse_covered": "{name}'s cup cannot have been covered after {throws} with {limit} "
        "allowed under these rules: {rule}",
        "pub_refuse_shown": "{name}'s cup cannot have been shown after {throws} with {limit} "
        "allowed under these rules: {rule}",
        "pub_refuse_play": "{name}'s turn cannot be played so: {why}",
        "pub_refuse_no_buy_in": "nobody is asked about buying back in now: it is {name}'s turn",
        "pub_refuse_buy_in_who": "the question is whether {name} buys back in, not {other}",
        "pub_refuse_undo_1": "cannot take back {count} entries: there is 1 so far",
        "pub_refuse_undo_n": "cannot take back {count} entries: there are {n} so far",
        "pub_refuse_turn": "it is {name}'s turn, not {other}'s",
        "pub_refuse_limit": "{name} may throw at most {times} in this round: {why} (entered: "
        "{throws})",
        "pub_why_once": "everyone throws once in the opening throw and in a Stechen",
        "pub_why_first_round": "the first round of the half or Finale has one throw "
        "(first_round_one_throw)",
        "pub_why_middle": "while Deckel are in the middle every round has one throw "
        "(one_throw_while_middle)",
        "pub_why_opened": "{opener} opened it with {throws}",
        "pub_refuse_turned_one": "{name} cannot have turned sixes in a turn of one throw: a throw "
        "must follow turning",
        "pub_refuse_turned_ones_0": "a turned six becomes a one: {dice} has no ones, not {turned} "
        "turned",
        "pub_refuse_turned_ones_1": "a turned six becomes a one: {dice} has 1 one, not {turned} "
        "turned",
        "pub_refuse_turned_ones_n": "a turned six becomes a one: {dice} has {count} ones, not "
        "{turned} turned",
        "pub_refuse_hand_turned": "a turned six stays out of the cup as a one: the dice cannot "
        "all have shown in the last throw (aus der Hand)",
        "pub_refuse_assembled_one": "a turn of one throw shows all three dice in that throw: "
        "nothing was set aside",
        "pub_refuse_blind_throws": "{name} opens blind with one throw, not {throws}",
        "pub_web_blind": "Opened blind (one throw each, every cup covered until the reveal)",
        "pub_refuse_named_dice": "the dice {dice} are no {name}",
        "pub_refuse_hand_aus": "a Hand-Aus shows 1-1-1 in one throw: no die set aside, no turned "
        "six",
        "pub_refuse_counts_as": "{named} {how} after {throws} counts as {made} under these rules",
        "pub_in_one_throw": "in one throw",
        "pub_assembled": "assembled",
        "pub_refuse_not_assembled": "{name}'s {dice} cannot have been assembled (no die set aside "
        "before the last throw could be one of them): {rule}",
        "refuse_limit": "{name} has used all {used} of {limit} throws allowed in this round",
        "refuse_turn_last": "{name} cannot turn sixes on the last throw (throw {used} of {limit})",
        "refuse_out_of_turn": "it is {current}'s turn, not {name}'s",
        "refuse_game_over": "the game is over ({loser} lost); no more actions",
        "refuse_no_seat": "no seat {seat} at this table of {seats}",
        "refuse_not_action": "not an action: {action}",
        "refuse_first_throw_all": "{name} has not thrown yet: the first throw of a turn throws "
        "all three dice",
        "refuse_one_die_keep": "{name} throws one die in the opening: there is nothing to keep",
        "refuse_not_thrown": "{name} has not thrown yet: a turn begins with a throw",
        "refuse_blind_rules": "{name} cannot throw blind: these rules have no blind play",
        "refuse_blind_opener": "{name} cannot throw blind: only the opener of a round for Deckel "
        "may, instead of his first throw, while he sets the throw limit",
        "refuse_must_throw": "{name} turned sixes and must throw again before stopping",
        "refuse_no_sixes_yet": "{name} has not thrown yet: there are no sixes to turn",
        "refuse_turned_already": "{name} already turned the sixes of this throw",
        "refuse_never_turn": "{name} cannot turn sixes: these rules never turn sixes",
        "refuse_two_sixes": "{name} cannot turn sixes: the last throw showed {dice}, and turning "
        "needs two or three sixes of that throw",
        "refuse_turn_full_throw": "{name} cannot turn sixes: under these rules only the sixes of "
        "a throw of all three dice turn, and {aside} was set aside",
        "refuse_turn_first_throw": "{name} cannot turn sixes: under these rules only the sixes "
        "of a turn's first throw turn, and this was throw {throws}",
        "refuse_buy_in_rules": "cannot buy in: these rules have no Einwürfeln (buying back in)",
        "refuse_buy_in_seat": "cannot buy in: there is no seat {seat}",
        "refuse_buy_in_round": "cannot buy in: Einwürfeln is only possible in a round for Deckel",
        "refuse_buy_in_first_half": "cannot buy in: {name} does not take part in the first half",
        "refuse_buy_in_second_half": "cannot buy in: {name} does not take part in the second half",
        "refuse_buy_in_finale": "cannot buy in: {name} does not take part in the finale",
        "refuse_buy_in_extra_half": "cannot buy in: {name} does not take part in this half",
        "refuse_buy_in_not_out": "cannot buy in: {name} is not out: {name} plays in this round",
        "refuse_buy_in_late": "cannot buy in: Einwürfeln is only possible before the round's "
        "first throw",
        "refuse_keep_showing": "{name} cannot keep {keep}: the dice showing are {dice}",
        "refuse_keep_turned": "{name} turned sixes: the turned {ones} stays out of the cup for "
        "the next throw",
        "refuse_keep_must_throw": "{name} turned sixes: {dice} must go back into the cup and "
        "cannot be kept",
        "refuse_set_aside_ones": "{name} cannot keep {keep}: under these rules only 1s may be set "
        "aside",
        "refuse_set_aside_ones_and_sixes": "{name} cannot keep {keep}: under these rules only 1s "
        "and 6s may be set aside",
        "refuse_put_back": "{name} cannot put set-aside dice back into the cup under these "
        "rules: {aside} must stay out (kept: {keep})",
        "refuse_put_back_all": "{name} cannot put set-aside dice back into the cup under these "
        "rules: {aside} must stay out (kept: nothing)",
        "coach_key": "Coach",
        "coach_heading": "Your moves, best first, with the chance to lose {stake}:",
        "coach_move": "{rank}. {action}: {p}",
        "coach_move_best": "{rank}. {action}: {p} (best)",
        "coach_stake_round": "the round",
        "coach_stake_game": "the game",
        "coach_note": "Coach: {name}, “{made}” was a {label}: {p_made} to lose {stake}; "
        "{best}: {p_best}.",
        "coach_why_below": "{result} is worse than {worst}, shown before you.",
        "coach_why_after": "With {n} still to play after you, {result} is easy to beat.",
        "coach_why_enough": "{result} was good enough: throwing again only risks it.",
        "coach_why_keep": "Keeping {dice} gives the better chances.",
        "coach_on": "{name} turned the coach on: {name} sees the best moves.",
        "coach_off": "{name} turned the coach off.",
        "coach_who": "Coach on for: {names}",
        "coach_none": "Coach: nothing to choose now.",
        "action_throw": "throw all three",
        "action_keep": "keep {dice} and throw {n}",
        "action_dice_1": "one die",
        "action_dice_2": "two dice",
        "action_turn": "turn sixes",
        "action_stop": "stop",
        "action_buyin": "buy in",
        "default_player": "Player",
        "rules_title": "Rules: {preset}",
        "rules_deckel": "Deckel: {half} in each half, {finale} in the Finale.",
        "rules_no_finale": "Deckel: {half}; the game is one half, without a Finale.",
        "rules_more_halves": "Deckel: {half} in each half. No Finale: after two halves lost by "
        "two players, further halves of everyone follow until one player has lost two halves; he "
        "loses the game.",
        "rules_opening_plain_round": "Opening: everyone plays one round for no Deckel; the best "
        "result opens the first round.",
        "rules_opening_lowest_takes": "Opening: everyone throws once; the lowest takes as many "
        "Deckel as the highest throw is worth and opens; ties throw again (Stechen).",
        "rules_opening_worst_opens": "Opening: everyone throws once; the lowest opens the first "
        "round and takes no Deckel; ties throw again (Stechen).",
        "rules_opening_high_die": "Opening: everyone throws one die; the highest opens the first "
        "round, no Deckel; ties throw their die again.",
        "rules_opening_first_seat": "Opening: none; the first player named opens the first round.",
        "rules_later_opener_most_deckel": "Once the middle is empty, the player holding the most "
        "Deckel opens each round (of several, the round's loser if he is one, else the first of "
        "them after him).",
        "rules_later_opener_after_most_deckel": "Once the middle is empty, the player after the "
        "one holding the most Deckel opens each round.",
        "rules_opening_low_die": "Opening: everyone throws one die; the lowest opens the first "
        "round, no Deckel; ties throw their die again (Stechen).",
        "rules_finale_opener_last_round_loser": "The Finale is opened by the loser of the last "
        "round.",
        "rules_finale_opener_first_half_loser": "The Finale is opened by the first half's loser.",
        "rules_put_back_yes": "Dice set aside may go back into the cup.",
        "rules_put_back_no": "Dice set aside stay out: they may not be thrown again.",
        "rules_strasse_yes": "A Straße counts only when thrown in one throw.",
        "rules_strasse_no": "A Straße may be assembled over several throws.",
        "rules_strassen_outer": "Only 1-2-3 and 4-5-6 are Straßen; 2-3-4 and 3-4-5 are plain "
        "numbers.",
        "rules_plain_rank_pip_sum": "Plain numbers count by the sum of their pips: 6-5-4 (15) "
        "beats 6-5-3 (14); 6-5-2 and 6-4-3 (both 13) are equal, and the tie rule decides.",
        "rules_strasse_rank_equal": "Every Straße is as good as any other: between two, the tie "
        "rule decides.",
        "rules_general_yes": "A General counts only when thrown in one throw.",
        "rules_general_no": "A General may be assembled over several throws.",
        "rules_general_schock2_yes": "A General beats a Schock 2 (and is worth 3).",
        "rules_general_schock2_no": "Every Schock beats a General.",
        "rules_tiebreak_later_loses": "Equal results: the later thrower is worse (mit ist Schitt).",
        "rules_tiebreak_more_throws_then_later": "Equal results: more throws is worse, then the "
        "later thrower.",
        "rules_tiebreak_one_throw_then_later": "Equal results: one thrown in one throw beats an "
        "assembled one, then the later thrower is worse.",
        "rules_tiebreak_throw_off": "A tie for the worst result is decided by a throw-off (one "
        "throw each, until one is lowest); on the best, the earlier thrower is better.",
        "rules_tiebreak_no_deckel": "A tie for the worst result: nobody takes Deckel and the same "
        "player opens again; on the best, the earlier thrower is better.",
        "rules_hand_aus_yes": "A Schock-Aus thrown in one throw (Hand-Aus) beats an assembled one.",
        "rules_hand_aus_no": "Every Schock-Aus is equal.",
        "rules_sixes_other_sixes": "Two sixes may become one 1 (three: two 1s) with a throw left; "
        "the other six goes back into the cup and a throw must follow.",
        "rules_sixes_all_remaining": "Two sixes may become one 1 (three: two 1s) with a throw "
        "left; all other dice are thrown again.",
        "rules_covered_never": "Every throw is shown.",
        "rules_covered_last_throw": "A throw that uses up the throw limit stays covered until "
        "the round is revealed.",
        "rules_covered_third_throw": "A third throw stays covered until the round is revealed.",
        "rules_covered_all": "Every throw stays covered until the round is revealed; the others "
        "see only how often a player threw and the dice set aside.",
        "rules_open_round": "An opener who leaves his first throw open (stops after it) makes the "
        "round open: no cup of it is covered.",
        "rules_blind": "Blind: the opener may throw his first throw blind; then everyone has one "
        "throw, and every cup stays covered, also to its player, until the reveal.",
        "rules_blind_double": "In a round opened blind the Deckel count double (a Schock-Aus "
        "stays a Schock-Aus).",
        "rules_einwuerfeln_yes": "Einwürfeln: a player who is out may buy back in, taking one "
        "Deckel from every player holding Deckel; one who thereby holds them all has lost the "
        "half at once.",
        "rules_einwuerfeln_no": "A player who is out stays out until the half ends.",
        "rules_einwuerfeln_at_risk": "Einwürfeln: a player who is out may buy back in at risk, "
        "taking no Deckel: he keeps Deckel only if he loses the round, else he is out again. If "
        "he throws the best result, the best player holding Deckel gives.",
        "rules_first_round_halves": "The first round of each half is played with one throw "
        "(Erster Hoch).",
        "rules_first_round_halves_and_finale": "The first round of each half and of the Finale is "
        "played with one throw (Erster Hoch).",
        "pub_first_round": "{where}: {name}, one throw: the first round is played with one throw "
        "(Erster Hoch).",
        "pub_middle": "{where}: {name}, one throw: Deckel are in the middle (Anknobeln).",
        "rules_one_throw_while_middle": "While Deckel are in the middle every round is played "
        "with one throw (Anknobeln); up to three throws only once the middle is empty.",
        "rules_values": "Worth: Schock-Aus {aus}, Schock n = n, General 3, Straße 2, any other "
        "number 1.",
        "rules_values_no_general": "Worth: Schock-Aus {aus}, Schock n = n, Straße 2, any other "
        "number 1.",
        "rules_aus_all": "all Deckel",
        "rules_schock_aus_game": "A Schock-Aus ends the game at once: the worst of that round "
        "has lost it.",
        "rules_schock_aus_worth": "A Schock-Aus does not end the half: it is the best result and "
        "worth {deckel} Deckel.",
        "rules_general_off": "Three equal dice are a plain number: there is no General.",
        "result_jule": "Jule",
        "rules_jule_no": "4-2-1 is a plain number: there is no Jule.",
        "rules_jule_top": "A Jule (4-2-1) is worth {deckel} Deckel and ranks right below a "
        "Schock-Aus, above every Schock.",
        "rules_jule_by_worth": "A Jule (4-2-1) is worth {deckel} Deckel and ranks among the "
        "Schocks by its worth.",
        "rules_jule_one_throw_yes": "A Jule counts only when thrown in one throw.",
        "rules_jule_one_throw_no": "A Jule may be assembled over several throws.",
        "rules_jule_below_nutte": "A Jule (4-2-1) is worth {deckel} Deckel and ranks right below "
        "the Nutte, above every Schock.",
        "result_nutte": "Nutte",
        "rules_nutte_top": "A Nutte (2-2-1) is worth {deckel} Deckel and ranks right below a "
        "Schock-Aus, above a Jule and every Schock.",
        "rules_nutte_by_worth": "A Nutte (2-2-1) is worth {deckel} Deckel and ranks among the "
        "Schocks by its worth.",
        "rules_nutte_one_throw_yes": "A Nutte counts only when thrown in one throw.",
        "rules_nutte_one_throw_no": "A Nutte may be assembled over several throws.",
        "result_achter": "Achter",
        "rules_achter": "An Achter (3-3-1) is worth {deckel} Deckel and ranks among the Schocks "
        "by its worth; it may be assembled over several throws.",
        "rules_deckel_owed_sum": "Deckel add up: a round's loser takes the worths of every special "
        "result of the round (every player's), 1 if there is none.",
        "rules_set_aside_any": "Any die may be set aside.",
        "rules_set_aside_ones": "Only 1s may be set aside.",
        "rules_set_aside_ones_and_sixes": "Only 1s and 6s may be set aside.",
        "rules_sixes_turn_never": "Sixes are never turned into ones.",
        "rules_sixes_turn_one_throw": "Sixes turn only in a throw of all three dice (aus der "
        "Hand).",
        "rules_sixes_turn_first_throw": "Sixes turn only after a turn's first throw.",
        "pub_round_normal": "Round {number}",
        "pub_round_opening_round": "Round {number} (opening round)",
        "pub_round_opening_throw": "Opening throw",
        "pub_round_stechen": "Stechen",
        "pub_round_throw_off": "Throw-off",
        "pub_once": "{where}: {name} throws once.",
        "pub_round_opening_die": "One die each",
        "pub_die": "{where}: {name} throws one die.",
        "pub_why_die": "everyone throws one die once in the opening",
        "pub_opens": "{where}: {name} opens, up to {limit} throws.",
        "pub_throws": "{where}: {name}, up to {limit} throws (opened by {opener}).",
        "pub_one_throw": "{where}: {name}, one throw (opened by {opener}).",
        "pub_buy_in": "{name} is out: does {name} buy back in (Einwürfeln) before this round?",
        "pub_standing": "{section}: middle {middle}; {held}.",
        "pub_holds": "{name} {count}",
        "pub_nobody_holds": "nobody holds Deckel",
        "pub_entered_1": "{name}: {result} (1 throw).",
        "pub_entered_n": "{name}: {result} ({throws} throws).",
        "pub_entered_covered": "{name}: entered; the cup stays covered until the reveal.",
        "pub_owes": "{loser} owes {stake}.",
        "pub_did_buy_in": "{name} buys back in",
        "pub_no_buy_in": "{name} does not buy back in",
        "pub_turn_entry": "{name}: {entry}",
        "pub_turn_covered_1": "{name}: covered, 1 throw",
        "pub_turn_covered_n": "{name}: covered, {throws} throws",
        "pub_turn_blind": "{name}: opened blind, covered",
        "pub_record_covered": "the game record waits for the reveal: a cup of this round is "
        "still covered",
        "pub_title": "Pub mode: {players}; rules {preset}. Type ? for help.",
        "pub_help": "Enter each turn as the dice at its end and the throws: 6-6-1 2 (or 661 2; "
        "one throw: 661; one die each: 5).\nMarks after the throws: h all three dice in the "
        "last throw (aus der "
        "Hand), a some set aside, t a one that is a turned six (tt: two), c the cup stayed "
        "covered, o it was shown, b the opener threw blind.\nOr the result by name: r schock 4 "
        "2, r general 5, "
        "r straße 6-5-4, r aus, r hand-aus, r jule, r nutte, r achter.\nu takes back the last "
        "entry (u 3: the last three), s shows the standing, q saves and quits.",
        "pub_refused": "Not entered: {reason}",
        "pub_undone": "Undone: {what}.",
        "pub_yes_no": "[y/N]",
        "pub_answer_yes_no": "Answer y (yes) or n (no), or u to undo.",
        "pub_input_ended": "The input ended before the game did.",
        "club_web_link": "A club? Keep its Schockbuch: games, fines, statistics",
        "club_web_title": "Schockbuch",
        "club_web_intro": "The club's book: members, evenings, games, the price list, payments, "
        "balances and statistics. Only who has the club's secret link or password sees it.",
        "club_web_create": "A new club",
        "club_web_name": "The club's name",
        "club_web_password": "Password",
        "club_web_password_hint": "Optional, at least 8 characters; the secret link opens the "
        "club too.",
        "club_web_create_button": "Create the club",
        "club_web_open": "Open a club by its password",
        "club_web_open_button": "Open the club",
        "club_web_refused": "This club is not open to you.",
        "club_web_secret_title": "The club's secret link",
        "club_web_secret_text": "Whoever has this link can open and change the club's book. Keep "
        "it and share it with the members only: it is shown only now.",
        "club_web_members": "Members and balances",
        "club_web_balances": "What each member owes",
        "club_web_member": "Member",
        "club_web_charged": "Charged",
        "club_web_paid": "Paid",
        "club_web_balance": "Owes",
        "club_web_new_member": "New member",
        "club_web_guest": "Guest (not charged for evenings missed)",
        "club_web_add_member": "Add the member",
        "club_web_member_added": "{name} is a member now.",
        "club_web_evenings": "Evenings",
        "club_web_evening_line": "{date}, {place}: {count} came, {games}",
        "club_web_date": "Date",
        "club_web_place": "Place",
        "club_web_present": "Who came",
        "club_web_add_evening": "Add the evening",
        "club_web_evening_added": "Evening of {date} added.",
        "club_web_evening_first": "Add an evening first; its games follow.",
        "club_web_games": "Games",
        "club_web_number": "No.",
        "club_web_loser": "Loser",
        "club_web_players": "Players",
        "club_web_game_by_loser": "A game by its loser",
        "club_web_game_from_table": "A finished online table's game",
        "club_web_evening": "Evening",
        "club_web_table": "The table's invite code or id",
        "club_web_add_game": "Add the game",
        "club_web_game_added": "Game added: {loser} lost.",
        "club_web_game_added_table": "The table's game is in the book.",
        "club_web_game_from_pub": "A game from pub mode on this device",
        "club_web_pub_game": "Pub game",
        "club_web_pub_none": "No pub game was entered on this device yet (pub mode: /pub).",
        "club_web_pub_over": "{players} (over)",
        "club_web_pub_running": "{players} (still being played)",
        "club_web_game_added_pub": "The pub game is in the book.",
        "club_web_game_no": "game {number}",
        "club_web_money": "Prices and payments",
        "club_web_prices": "The price list",
        "club_web_item": "What",
        "club_web_from": "From",
        "club_web_from_start": "the start",
        "club_web_price": "Price",
        "club_web_amount": "Amount",
        "club_web_set_price": "Set the price",
        "club_web_price_set": "{item}: {price}.",
        "club_web_payment": "A payment",
        "club_web_note": "Note",
        "club_web_pay": "Book the payment",
        "club_web_paid_said": "{name} paid {amount}.",
        "club_web_item_game_lost": "Game lost",
        "club_web_item_half_lost": "Half lost",
        "club_web_item_schock_aus_taken": "Schock-Aus received",
        "club_web_item_schock_aus_given": "Schock-Aus thrown",
        "club_web_item_blattschuss": "Blattschuss (both halves lost)",
        "club_web_item_attended": "Evening attended",
        "club_web_item_absent": "Evening missed",
        "club_web_payment_line": "Payment",
        "club_web_charge_line": "Charge",
        "club_web_ledger": "Ledger",
        "club_web_csv": "Download as CSV, for a spreadsheet",
        "club_web_stats": "Statistics",
        "club_web_stats_title": "Statistics of {club}",
        "club_web_back": "Back to the book",
        "club_web_season": "Season",
        "club_web_all_seasons": "All seasons",
        "club_web_stats_sum": "{evenings}, {games}.",
        "club_web_stats_caption": "Games lost, with the 95% interval of the share",
        "club_web_games_played": "Games",
        "club_web_games_lost": "Lost",
        "club_web_share": "Share",
        "club_web_ci95": "95% interval",
        "club_web_scroll_hint": "The table is wider than the screen: swipe it sideways (or use "
        "the arrow keys) for the other columns.",
        "club_web_expected": "Expected by chance",
        "club_web_no_games": "No games in this season yet.",
        "club_web_chart": "Share of games lost per member; the line is the 95% interval.",
        "club_web_rename": "Rename a member",
        "club_web_new_name": "New name",
        "club_web_rename_button": "Rename",
        "club_web_renamed": "{name} is now {new_name}.",
        "club_web_leave": "A member leaves",
        "club_web_leave_date": "Leaves on",
        "club_web_leave_button": "Record the leaving",
        "club_web_left": "{name} left on {date}.",
        "club_web_guest_mark": "guest",
        "club_web_left_mark": "left {date}",
        "club_web_charge": "A fine or correction by hand",
        "club_web_charge_hint": "A negative amount is a credit.",
        "club_web_reason": "Reason",
        "club_web_charge_button": "Book the charge",
        "club_web_charged_said": "{name} charged {amount}: {reason}.",
        "club_web_kitty": "Kitty",
        "club_web_kitty_caption": "The kitty",
        "club_web_kitty_what": "What",
        "club_web_expenses": "Expenses out of the kitty",
        "club_web_no_expenses": "No expenses yet.",
        "club_web_expense": "An expense",
        "club_web_purpose": "What for",
        "club_web_paid_out_by": "Paid out by",
        "club_web_nobody_said": "(not said)",
        "club_web_expense_hint": "What the kitty paid out. A negative amount is a correction: "
        "money back into the kitty.",
        "club_web_expense_button": "Book the expense",
        "club_web_expense_said": "{amount} paid out of the kitty for {purpose}; "
        "in the kitty now: {balance}.",
        "club_web_void": "Strike out a game",
        "club_web_game": "Game",
        "club_web_game_choice": "{date}, game {number} ({loser} lost)",
        "club_web_void_button": "Strike out",
        "club_web_voided": "Game {number} of {date} struck out: {reason}.",
        "club_web_struck_out": "struck out: {reason}",
        "club_web_ledger_of": "Whose lines",
        "club_web_everyone": "Everyone",
        "club_web_ledger_shown": "Ledger of {name}: owes {balance}.",
        "club_web_account_title": "Bank account (pay by QR code)",
        "club_web_account_hint": "Members scan a GiroCode with their banking app and pay what "
        "they owe.",
        "club_web_iban": "IBAN",
        "club_web_holder": "Account holder",
        "club_web_bic": "BIC (optional)",
        "club_web_account_button": "Save the account",
        "club_web_account_set": "Payments go to {iban}.",
        "club_web_account_remove": "Remove the account",
        "club_web_account_removed": "The bank account is removed.",
        "club_web_pay_button": "Pay by QR code",
        "club_web_pay_title": "{name} pays {amount}",
        "club_web_pay_alt": "GiroCode: {amount} to {iban}, reference {reference}",
        "club_web_pay_hint": "Scan it with a banking app: {amount} to {iban} ({holder}), "
        'reference "{reference}".',
        "club_pay_adjusted": "The reference is written as banking apps take it: letters "
        "outside their character set spelled otherwise or left out, or cut to fit the code.",
        "club_web_ledger_all": "The ledger of everyone.",
        "club_web_data": "Export, import and the change log",
        "club_web_export": "Download the whole club (JSON)",
        "club_web_export_hint": "The file holds the whole book; it can be imported into another "
        "Schockbuch, on the /club page or with schocken club import.",
        "club_web_exported": "The club's file is downloaded.",
        "club_web_import": "Import a club from a file",
        "club_web_import_file": "The club's export (JSON)",
        "club_web_import_button": "Import the club",
        "club_web_import_hint": "A club exported from a Schockbuch comes in whole, as a new club; "
        "it opens with its secret link and password of before.",
        "club_web_imported": "Club {club} imported.",
        "club_web_log": "Change log",
        "club_web_log_show": "Show the change log",
        "club_web_log_shown": "The change log: {count} entries.",
        "club_web_log_shown_1": "The change log: 1 entry.",
        "club_web_when": "When (UTC)",
        "club_web_details": "Details",
        "club_web_log_club_created": "Club created",
        "club_web_log_password_set": "Password set",
        "club_web_log_password_removed": "Password removed",
        "club_web_log_secret_changed": "New secret link",
        "club_web_log_season_start_set": "Season start set",
        "club_web_log_member_added": "Member added",
        "club_web_log_member_renamed": "Member renamed",
        "club_web_log_member_left": "Member left",
        "club_web_log_evening_added": "Evening added",
        "club_web_log_present_added": "Marked as present",
        "club_web_log_game_added": "Game added",
        "club_web_log_game_voided": "Game struck out",
        "club_web_log_price_set": "Price set",
        "club_web_log_paid": "Payment",
        "club_web_log_charged": "Charge by hand",
        "club_web_log_expense_added": "Expense",
        "club_web_close_title": "This device",
        "club_web_close_hint": "This browser forgets the club: its session ends, and the club "
        "opens here again only by its secret link or password.",
        "club_web_close_button": "Close the club on this device",
        "club_web_closed": "{club} is closed on this device.",
        "club_web_fines": "Fines",
        "club_web_fines_empty": "No fines in the catalogue yet: add the club's own below (such "
        "as \u201cDie off the table\u201d), then book them here in two taps.",
        "club_web_fine_book": "Book a fine",
        "club_web_fine": "Fine",
        "club_web_fine_count": "How many times",
        "club_web_fine_button": "Book the fine",
        "club_web_fined": "{name}: {fine} \u00d7 {count}, {amount}.",
        "club_web_fines_catalogue": "The club's catalogue of fines",
        "club_web_fine_item_new": "A fine for the catalogue, or a new price",
        "club_web_fine_item_hint": "What your club fines beside lost games: looking early, a die "
        "off the table, throwing too often. A new price counts from now; what was booked stays.",
        "club_web_fine_item_button": "Put into the catalogue",
        "club_web_fine_item_set": "{fine} costs {price}.",
        "club_web_fine_item_remove": "Take out of the catalogue",
        "club_web_fine_item_removed": "{fine} is out of the catalogue.",
        "club_web_devices_title": "Devices",
        "club_web_devices_hint": "Every browser the club is open on. Signing one out closes the "
        "club there; a browser that kept the secret link opens it again by the link: to shut it "
        "out, make a new secret link.",
        "club_web_devices_show": "Show devices",
        "club_web_devices_unknown": "unknown browser",
        "club_web_devices_times": "opened {created}, last used {used} (UTC)",
        "club_web_devices_this": "this device",
        "club_web_devices_end": "Sign out",
        "club_web_devices_end_label": "Sign out {device}, opened {created}",
        "club_web_devices_shown": "{count} devices have the club open.",
        "club_web_devices_shown_1": "1 device has the club open.",
        "club_web_devices_ended": "{device} is signed out.",
        "club_web_password_title": "The club's password",
        "club_web_password_state_set": "The club has a password.",
        "club_web_password_state_none": "The club has no password; its secret link opens it.",
        "club_web_password_new": "New password",
        "club_web_password_change_hint": "At least 8 characters. A new password, or none, ends the "
        "club's sessions: every browser but this one must open the club again.",
        "club_web_password_button": "Set the password",
        "club_web_password_remove": "Remove the password",
        "club_web_password_is_set": "The password is set; other browsers must open the club again.",
        "club_web_password_removed": "The password is removed; only the secret link opens the club "
        "now.",
        "club_web_secret_new": "A new secret link",
        "club_web_secret_new_hint": "The old link stops opening the club, and every browser but "
        "this one must open it again: by the new link or the password.",
        "club_web_secret_new_sure": "Yes, the old link is to stop working",
        "club_web_secret_new_button": "Make a new secret link",
        "club_web_secret_made": "A new secret link is made; the old one no longer opens the club.",
        "club_web_settings": "The club: seasons, link, password",
        "club_web_season_start": "Seasons begin on (MM-DD)",
        "club_web_season_start_hint": "01-01: a season is a calendar year; "
        "09-01: seasons like 2026/27.",
        "club_web_season_start_button": "Set the season start",
        "club_web_season_start_set": "Seasons now begin on {day}.",
        "club_web_present_title": "Who else came to an evening",
        "club_web_present_more": "Came too",
        "club_web_present_all": "Everyone is marked as present at this evening.",
        "club_web_present_button": "Mark as present",
        "club_web_present_added": "Marked as present on {date}: {names}.",
        "club_web_present_pick": "Tick who came.",
        "club_web_views": "The club's book",
        "club_web_tab_tonight": "Tonight",
        "club_web_tab_money": "Money",
        "club_web_tab_members": "Members",
        "club_web_tab_stats": "Statistics",
        "club_web_tab_settings": "Settings",
        "club_web_loading": "Loading …",
        "club_web_members_first": "No members yet: add them under Members.",
        "club_web_start_title": "Start tonight's evening",
        "club_web_start_hint": "Tap who came (more can be marked later):",
        "club_web_start_button": "Start the evening",
        "club_web_started": "The evening of {date} has begun: {count} came.",
        "club_web_tonight_of": "Tonight, {date}",
        "club_web_evening_of": "Evening of {date}",
        "club_web_back_tonight": "Back to tonight",
        "club_web_came": "Came ({count}):",
        "club_web_came_none": "nobody marked yet.",
        "club_web_came_more": "Also here? Tap the name:",
        "club_web_games_tonight": "Games ({count})",
        "club_web_games_none": "No game yet.",
        "club_web_game_line": "Game {number}: {loser} lost",
        "club_web_source_pub": "pub mode",
        "club_web_source_online": "online table",
        "club_web_source_loser": "by its loser",
        "club_web_bots_in": "bots not counted: {bots}",
        "club_web_from_tournament": "tournament {tournament}, round {round}, table {table}",
        "club_web_new_pub": "New pub game",
        "club_web_by_loser": "Just the loser",
        "club_web_by_table": "Table code",
        "club_web_pick_loser": "Who lost? Tap the loser (who came played):",
        "club_web_loser_needs": "A game needs at least two who came: mark them above.",
        "club_web_loser_button": "{name} lost",
        "club_web_pub_item": "Pub game: {players}",
        "club_web_table_item": "Online table {code}: {players}",
        "club_web_bot_mark": "bot",
        "club_web_pub_continue": "Go on entering it",
        "club_web_into_book": "Into the book",
        "club_web_into_book_label": "{what}: into the book",
        "club_web_fine_who": "Who? Tap a member:",
        "club_web_fine_what": "Which fine for {name}? A tap books it:",
        "club_web_fine_what_first": "Which fine? Tap a member first, then the fine:",
        "club_web_fine_pick_member": "Tap a member first, then the fine.",
        "club_web_everyone_else": "Others …",
        "club_web_count_less": "One time less",
        "club_web_count_more": "One time more",
        "club_web_fines_empty_tonight": "No fines in the club's catalogue yet: put them in under",
        "club_web_totals": "Tonight's totals",
        "club_web_tonight_col": "Tonight",
        "club_web_pay_tonight": "Pay",
        "club_web_pay_for": "Pay: {name}",
        "club_web_pay_label": "{name} pays",
        "club_web_totals_none": "Nothing booked for this evening yet.",
        "club_web_close_evening": "Close the evening",
        "club_web_closed_title": "The evening of {date} is closed",
        "club_web_closed_sum": "{count} came, {games}; booked this evening {charged}, paid {paid}.",
        "club_web_closed_said": "The evening of {date} is closed.",
        "club_web_closed_hint": "Closed on this device; the book keeps everything. Open it again "
        "to enter more.",
        "club_web_reopen": "Open it again",
        "club_web_reopened": "The evening of {date} is open again.",
        "club_web_earlier": "Earlier evenings",
        "club_web_show_more_count": "Show more ({count})",
        "club_web_welcome_title": "How the others get in",
        "club_web_welcome_text": "Send the members this link, or let them scan the code: whoever "
        "has it opens and keeps the club's book, so share it with the members only. It is shown "
        "again under Settings, on this device only.",
        "club_web_welcome_done": "Done",
        "club_web_link_text": "Whoever has this link can open and change the club's book: share it "
        "with the members only. It is kept on this device only.",
        "club_web_copy": "Copy the link",
        "club_web_copied": "The link is copied.",
        "club_web_copy_select": "The link is selected: copy it with your device's copy command.",
        "club_web_link_qr_alt": "QR code of the club's secret link",
        "club_web_link_unknown": "This device opened the club by its password and does not know "
        "the secret link (the book keeps only a hash of it). Make a new one to show it here; the "
        "old one stops working.",
        "club_web_link_stale": "The link kept on this device no longer opens the club (a new one "
        "was made on another device): make a new one here, or open the club by the new link.",
        "club_web_balances_hint": "Tap a name: their ledger, a payment, pay by QR code.",
        "club_web_member_owes": "{name} owes {balance}",
        "club_web_ledger_of_name": "Ledger of {name}, newest first",
        "club_web_lines_more": "Show all {count} lines",
        "club_web_expense_new": "New expense",
        "club_web_add_member_title": "A new member",
        "club_web_members_count": "Members ({count})",
        "club_web_member_change": "Change",
        "club_web_member_change_label": "Change {name}",
        "club_web_chart_title": "Share of games lost",
        "club_web_season_title": "Seasons",
        "club_web_bots_title": "Bots at online tables",
        "club_web_bots_hint": "A finished online table goes into the book with one tap; a seat a "
        "bot played counts as:",
        "club_web_bots_not_counted": "Not counted: the bot is no member; what it lost costs nobody "
        "(a game a bot lost is lost by no member).",
        "club_web_bots_guest": "A guest named after the bot: it pays for what it lost, never for "
        "evenings missed.",
        "club_web_bots_button": "Save",
        "club_web_bots_set_not_counted": "Bots' seats are not counted from now on.",
        "club_web_bots_set_guest": "Bots' seats are guests from now on.",
        "club_web_log_bot_seats_set": "Bots' seats set",
        "offline_online": "Online",
        "offline_offline": "Offline",
        "offline_waiting_1": "1 entry waiting",
        "offline_waiting_n": "{count} entries waiting",
        "offline_held": "{count} to settle",
        "offline_queued_said": "Kept on this phone: it is sent when there is a signal.",
        "offline_needs_signal": "This needs the server: try again when there is a signal.",
        "offline_kept_book": "No signal: the book as this phone last saw it.",
        "offline_queue_title": "On this phone, not sent yet ({count})",
        "offline_queue_hint": "Sent by themselves when there is a signal, each once.",
        "offline_settle_hint": "Some entries do not fit what came from other devices "
        "meanwhile: decide for each.",
        "offline_state_waiting": "waiting",
        "offline_conflict": "Not booked: {reason}",
        "offline_apply_anyway": "Book anyway",
        "offline_try_again": "Send again",
        "offline_as_guest": "Add {name} as a guest and book",
        "offline_discard": "Discard",
        "offline_discarded": "Discarded: {what}.",
        "offline_no_member": "{name} is no member of the club now (renamed or removed on "
        "another device).",
        "offline_renamed": "{name} is called {now} now (renamed on another device).",
        "offline_book_on": "Book on {name}",
        "offline_left_meanwhile": "{name} left the club on {date} (entered on another device).",
        "offline_same_game": "game {number} of this evening, lost by {loser}, came from another "
        "device meanwhile: perhaps the same game twice.",
        "offline_what_evening": "Evening of {date} begun ({count} came)",
        "offline_what_present": "Came: {names}",
        "offline_what_game": "Game: {loser} lost",
        "offline_what_pub_game": "Pub game into the book",
        "offline_what_fine": "{name}: {fine} × {count}",
        "offline_what_payment": "{name} paid {amount}",
        "offline_what_charge": "{name}: {reason}, {amount}",
        "offline_what_expense": "Expense: {purpose}, {amount}",
        "offline_what_member": "New member: {name}",
        "offline_game_pub_line": "Game {number}: a pub game",
        "offline_pub_waiting": "A pub game: {count} entries waiting for the referee",
        "pub_offline_title": "No signal: the turns wait on this phone",
        "pub_offline_hint": "Without a signal the phone cannot referee: say who threw. The "
        "server checks each turn when the signal returns; a turn it refuses is shown here.",
        "pub_offline_who": "Who threw",
        "pub_offline_waiting": "Waiting to be refereed ({count})",
        "pub_offline_standing": "As of the last signal: {standing}",
        "pub_offline_turn": "{name}: {dice}, throws: {throws}",
        "pub_offline_new_game": "New game: {players}",
        "pub_offline_undo": "Take back the last entry",
        "pub_offline_buys_in": "{name} buys back in",
        "pub_offline_stays_out": "{name} stays out",
        "pub_offline_saved": "Kept: {turn}. It is refereed when there is a signal.",
        "pub_offline_taken_back": "Taken back: {turn}.",
        "pub_offline_take_back": "Take back",
        "pub_offline_refused": "Refused by the referee: {reason}",
        "pub_web_for_club": "A game for {club}, evening of {date}: who came is filled in.",
        "pub_web_to_book": "Into the book of {club}",
        "pub_web_link": "Real dice at the pub? Keep the score on one phone",
        "pub_web_title": "At the pub",
        "pub_web_intro": "Real dice on the table, one phone keeps the game: enter "
        "each turn, the rules and "
        "the Deckel are taken care of.",
        "pub_web_players": "Players, in the order they sit",
        "pub_web_player": "Player {n}",
        "pub_web_add_player": "Add a player",
        "pub_web_half_stake": "The loser of a half owes",
        "pub_web_game_stake": "The loser of the game owes",
        "pub_web_stake_hint": "Optional, such as: a round of Kurze.",
        "pub_web_start": "Start the game",
        "pub_web_turn_of": "{name}'s turn",
        "pub_web_how": "How to enter the turn",
        "pub_web_by_dice": "Dice",
        "pub_web_by_result": "Result directly",
        "pub_web_dice": "The dice at the end of the turn",
        "pub_web_die": "Die {n}",
        "pub_web_die_pips": "Die {n}: {pips}",
        "pub_web_result": "The result",
        "pub_web_throws": "Throws",
        "pub_web_hand": "All three dice in the last throw (aus der Hand)",
        "pub_web_turned": "Sixes turned",
        "pub_web_turned_0": "none",
        "pub_web_turned_1": "one",
        "pub_web_turned_2": "two",
        "pub_web_covered": "The cup stayed covered until the reveal",
        "pub_web_save": "Save",
        "pub_web_undo": "Undo",
        "pub_web_undo_label": "Undo: take back the last entry",
        "pub_web_pick_dice": "Pick all three dice first.",
        "pub_web_one_die": "The one die of the opening",
        "pub_web_one_die_pips": "The die: {pips}",
        "pub_web_pick_die": "Pick the die first.",
        "pub_web_pick_result": "Pick the result first.",
        "pub_web_yes": "Yes, buys back in",
        "pub_web_no": "No",
        "pub_web_standing": "Standing",
        "pub_web_middle": "Middle",
        "pub_web_out": "out",
        "pub_web_this_round": "This round so far",
        "pub_web_covered_cup": "covered",
        "pub_web_log": "What happened",
        "pub_web_record": "Download the game record",
        "pub_web_new": "New pub game",
        "pub_web_next_game": "Next game at this table",
        "pub_web_counts": "This table's games count for the tournament by themselves.",
        "pub_web_unknown": "This pub game is not kept on this device (its secret is missing).",
        "club_created": "Club {name} created (web address: {slug}).",
        "club_secret": "Secret key for the club's link: {secret}\nKeep it: it is shown only now "
        "(`schocken club secret` makes a new one and the old one stops working).",
        "club_password_set": "The club's password is set.",
        "club_password_removed": "The club has no password now (its secret link still opens it).",
        "club_password_prompt": "New password for {name}: ",
        "club_clubs": "Clubs in {db}:",
        "club_no_clubs": "No club in {db} yet: schocken club create NAME",
        "club_member_added": "{name} is a member of {club} now.",
        "club_guest_added": "{name} plays with {club} as a guest now.",
        "club_member": "{name}",
        "club_guest": "{name} (guest)",
        "club_since": "since {date}",
        "club_left": "left {date}",
        "club_member_renamed": "{name} is called {new_name} now.",
        "club_member_left": "{name} left the club on {date}.",
        "club_evening_added": "Evening of {date}{place}: {present}.",
        "club_at": " at {place}",
        "club_nobody": "nobody yet",
        "club_evening_line": "{date}{place}: {count} came, {games}",
        "club_present": "Present: {names}",
        "club_game": "game {number}",
        "club_game_added": "Game {number} of {date}: {loser} lost.",
        "club_game_line": "Game {number}: {loser} lost{details}",
        "club_game_void": "Game {number}: struck out ({reason})",
        "club_game_voided": "Game {number} of {date} is struck out: {reason}.",
        "club_halves": " (first half {first}, second half {second}{finale})",
        "club_one_half": " (the half: {first})",
        "club_finale": ", Finale {loser}",
        "club_extra_halves": ", further halves {losers}",
        "club_by_aus": " by Schock-Aus",
        "club_blattschuss": ", Blattschuss",
        "club_fines": "Fines of the evening: {fines}",
        "club_no_fines": "No fines this evening.",
        "club_price_set": "{item} costs {amount} {start}.",
        "club_from_start": "from the start",
        "club_from_date": "from {date}",
        "club_no_prices": "No prices yet: schocken club price set ITEM AMOUNT",
        "club_no_fine_items": "No fines in the catalogue yet: schocken club fine-item set NAME "
        "AMOUNT",
        "club_fine_item_removed": "{name} is out of the catalogue (what was booked stays).",
        "club_item_game_lost": "game lost",
        "club_item_half_lost": "half lost",
        "club_item_schock_aus_taken": "Schock-Aus received",
        "club_item_schock_aus_given": "Schock-Aus thrown",
        "club_item_blattschuss": "Blattschuss (on top)",
        "club_item_attended": "evening attended",
        "club_item_absent": "evening missed",
        "club_item_charge": "charge",
        "club_item_payment": "payment",
        "club_paid": "{member} paid {amount}; {balance}.",
        "club_account_set": "{club} is paid into {iban} ({holder}).",
        "club_account_none": "{club} has no bank account set.",
        "club_pay_qr_written": "{file}: {member} pays {amount} to {iban}, reference "
        '"{reference}" (scan it with a banking app).',
        "club_charged": "{member} is charged {amount} ({reason}); {balance}.",
        "club_owes": "owes {amount}",
        "club_credit": "in credit {amount}",
        "club_settled": "settled",
        "club_balance_head": "Member|charged|paid|balance",
        "club_kitty": "In the kitty: {balance} (paid in {paid}, paid out {out}); "
        "still owed: {owed}.",
        "club_expense_added": "Paid out of the kitty on {date}: {amount} for {purpose}{by}; "
        "in the kitty now: {balance}.",
        "club_expense_by": ", paid out by {name}",
        "club_no_expenses": "No expenses yet.",
        "club_expenses_total": "Paid out in all: {amount}.",
        "club_kitty_in": "Paid in (payments)",
        "club_kitty_out": "Paid out (expenses)",
        "club_kitty_balance": "In the kitty",
        "club_kitty_owed": "Owed to the kitty (unpaid fines, not in it yet)",
        "club_kitty_credit": "Paid ahead by members (in the kitty)",
        "club_stats_title": "{club}, {season}: {evenings}, {games}",
        "club_all_seasons": "all seasons",
        "club_season": "season {season}",
        "club_stats_head": "Member|evenings|games|lost|share [95% interval]|by chance|halves lost|"
        "Schock-Aus given/received|longest run lost/unbeaten|now",
        "club_loses_to": "Who loses to whom (row lost, with column at the table: lost/played):",
        "club_no_games": "No games yet.",
        "club_exported": "{club} exported to {file}.",
        "club_imported": "{club} imported from {file}.",
        "club_written": "{kind} written to {file}.",
        "club_plot_saved": "Plot saved to {file}.",
        "preset_tsv99": "TSV 99",
        "preset_schock4life": "Schock4Life",
        "preset_knobelrunde": "Knobelrunde",
        "preset_allgemein": "General rules",
        "preset_custom": "Custom",
        "preset_line": "{preset} – {apart}",
        "rules_group_deckel": "Deckel",
        "rules_group_throws": "Throws and dice",
        "rules_group_specials": "Special throws",
        "rules_group_ties": "Ties",
        "rules_group_opening": "Opening and Einwürfeln",
        "rules_group_halves": "Halves and Finale",
        "rules_group_schock_aus": "Schock-Aus",
        "option_said": "{option}: {value}",
        "option_deckel_per_half": "Deckel per half",
        "option_deckel_per_half_help": "How many Deckel are in the middle at the start of each "
        "half.",
        "option_deckel_per_half_n": "{n} Deckel per half",
        "option_deckel_in_finale": "Deckel in the Finale",
        "option_deckel_in_finale_help": "How many Deckel are in the middle at the start of the "
        "Finale.",
        "option_deckel_in_finale_n": "{n} Deckel in the Finale",
        "option_deckel_owed": "What a round's loser takes",
        "option_deckel_owed_help": "The worth of the round's best result, or the worths of every "
        "special result of the round added up.",
        "option_deckel_owed_best": "the best result's worth",
        "option_deckel_owed_sum": "every special result added up",
        "option_put_back": "Dice go back into the cup",
        "option_put_back_help": "Whether dice set aside in an earlier throw may be thrown again.",
        "option_put_back_on": "dice set aside may go back",
        "option_put_back_off": "dice set aside stay out",
        "option_set_aside": "Dice that may be set aside",
        "option_set_aside_help": "Which dice a player may keep out of the cup for the next throw.",
        "option_set_aside_any": "any die",
        "option_set_aside_ones": "only 1s",
        "option_set_aside_ones_and_sixes": "only 1s and 6s",
        "option_sixes_turn": "When sixes turn into ones",
        "option_sixes_turn_help": "Two sixes of a throw may become one 1 (three sixes: two 1s), "
        "always with a throw left.",
        "option_sixes_turn_any_throw": "after any throw",
        "option_sixes_turn_one_throw": "only after a throw of all three dice",
        "option_sixes_turn_first_throw": "only after a turn's first throw",
        "option_sixes_turn_never": "never",
        "option_sixes_rethrow": "Thrown again after turning sixes",
        "option_sixes_rethrow_help": "What must go back into the cup after sixes were turned into "
        "ones.",
        "option_sixes_rethrow_other_sixes": "the other six(es)",
        "option_sixes_rethrow_all_remaining": "every die not turned",
        "option_covered": "Covered throws",
        "option_covered_help": "Which throw stays under the cup until the round is revealed.",
        "option_covered_never": "none, every throw is shown",
        "option_covered_last_throw": "the throw that uses up the limit",
        "option_covered_third_throw": "a third throw",
        "option_covered_all": "every throw",
        "option_open_round": "Open round",
        "option_open_round_help": "An opener who leaves his first throw open makes the whole round "
        "open: no cup of it is covered.",
        "option_open_round_on": "an open first throw opens the round",
        "option_open_round_off": "no open rounds",
        "option_blind": "Blind",
        "option_blind_help": "The opener may throw his first throw blind: then everyone has one "
        "throw, covered to all until the reveal.",
        "option_blind_on": "blind opening allowed",
        "option_blind_off": "no blind play",
        "option_blind_double": "Blind counts double",
        "option_blind_double_help": "In a round opened blind the Deckel count double (a Schock-Aus "
        "stays a Schock-Aus).",
        "option_blind_double_on": "blind rounds count double",
        "option_blind_double_off": "blind rounds count once",
        "option_first_round_one_throw": "Erster Hoch",
        "option_first_round_one_throw_help": "The first round for Deckel of each half (and of the "
        "Finale) is played with one throw for everyone.",
        "option_first_round_one_throw_never": "never",
        "option_first_round_one_throw_halves": "in each half",
        "option_first_round_one_throw_halves_and_finale": "in each half and the Finale",
        "option_one_throw_while_middle": "Anknobeln",
        "option_one_throw_while_middle_help": "While Deckel are in the middle every round is "
        "played with one throw.",
        "option_one_throw_while_middle_on": "one throw while the middle has Deckel",
        "option_one_throw_while_middle_off": "up to three throws from the start",
        "option_general": "General",
        "option_general_help": "Three equal dice (not 1s) are a General, worth 3; without it they "
        "are a plain number.",
        "option_general_on": "with General",
        "option_general_off": "no General",
        "option_general_one_throw": "General only in one throw",
        "option_general_one_throw_help": "Whether a General counts only when all three dice show "
        "it in one throw.",
        "option_general_one_throw_on": "General only in one throw",
        "option_general_one_throw_off": "a General may be assembled",
        "option_general_beats_schock_2": "General beats Schock 2",
        "option_general_beats_schock_2_help": "Whether a General ranks above Schock 2 (and below "
        "Schock 3).",
        "option_general_beats_schock_2_on": "General beats Schock 2",
        "option_general_beats_schock_2_off": "every Schock beats a General",
        "option_strassen": "Straßen",
        "option_strassen_help": "Which runs of three dice are a Straße (worth 2); the others are "
        "plain numbers.",
        "option_strassen_all": "all four",
        "option_strassen_outer": "only 1-2-3 and 4-5-6",
        "option_strasse_one_throw": "Straße only in one throw",
        "option_strasse_one_throw_help": "Whether a Straße counts only when all three dice show it "
        "in one throw.",
        "option_strasse_one_throw_on": "Straße only in one throw",
        "option_strasse_one_throw_off": "a Straße may be assembled",
        "option_strasse_rank": "Two Straßen",
        "option_strasse_rank_help": "Whether a higher Straße beats a lower one, or all are equal "
        "and the tie rule decides.",
        "option_strasse_rank_by_pips": "the higher is better",
        "option_strasse_rank_equal": "all equal",
        "option_plain_rank": "Plain numbers",
        "option_plain_rank_help": "How plain numbers compare: as three-digit numbers (6-5-4 is "
        "654) or by the sum of their pips.",
        "option_plain_rank_digits": "as three-digit numbers",
        "option_plain_rank_pip_sum": "by the sum of their pips",
        "option_jule": "Jule (4-2-1)",
        "option_jule_help": "Whether 4-2-1 is a Jule, a special result; without it 4-2-1 is the "
        "plain number 421.",
        "option_jule_on": "Jule (4-2-1) counts",
        "option_jule_off": "no Jule",
        "option_jule_deckel": "A Jule is worth (Deckel)",
        "option_jule_deckel_help": "The Deckel a Jule is worth.",
        "option_jule_deckel_n": "a Jule is worth {n}",
        "option_jule_rank": "Where a Jule ranks",
        "option_jule_rank_help": "Right below a Schock-Aus, or among the Schocks by the Deckel it "
        "is worth.",
        "option_jule_rank_top": "right below Schock-Aus",
        "option_jule_rank_by_worth": "by its worth",
        "option_jule_one_throw": "Jule only in one throw",
        "option_jule_one_throw_help": "Whether a Jule counts only when all three dice show it in "
        "one throw (assembled, it is 421).",
        "option_jule_one_throw_on": "Jule only in one throw",
        "option_jule_one_throw_off": "a Jule may be assembled",
        "option_nutte": "Nutte (2-2-1)",
        "option_nutte_help": "Whether 2-2-1 is a Nutte, a special result; without it 2-2-1 is the "
        "plain number 221, the lowest of all.",
        "option_nutte_on": "Nutte (2-2-1) counts",
        "option_nutte_off": "no Nutte",
        "option_nutte_deckel": "A Nutte is worth (Deckel)",
        "option_nutte_deckel_help": "The Deckel a Nutte is worth.",
        "option_nutte_deckel_n": "a Nutte is worth {n}",
        "option_nutte_rank": "Where a Nutte ranks",
        "option_nutte_rank_help": "Right below a Schock-Aus, or among the Schocks by the Deckel it "
        "is worth.",
        "option_nutte_rank_top": "right below Schock-Aus",
        "option_nutte_rank_by_worth": "by its worth",
        "option_nutte_one_throw": "Nutte only in one throw",
        "option_nutte_one_throw_help": "Whether a Nutte counts only when all three dice show it in "
        "one throw (assembled, it is 221).",
        "option_nutte_one_throw_on": "Nutte only in one throw",
        "option_nutte_one_throw_off": "a Nutte may be assembled",
        "option_achter": "Achter (3-3-1)",
        "option_achter_help": "Whether 3-3-1 is an Achter, a special result ranked by its worth; "
        "without it 3-3-1 is the plain number 331.",
        "option_achter_on": "Achter (3-3-1) counts",
        "option_achter_off": "no Achter",
        "option_achter_deckel": "An Achter is worth (Deckel)",
        "option_achter_deckel_help": "The Deckel an Achter is worth.",
        "option_achter_deckel_n": "an Achter is worth {n}",
        "option_tiebreak": "Equal results",
        "option_tiebreak_help": "Which of two equal results is the worse one.",
        "option_tiebreak_later_loses": "the later thrower loses",
        "option_tiebreak_more_throws_then_later": "more throws lose, then the later thrower",
        "option_tiebreak_one_throw_then_later": "one throw beats assembled, then the later thrower "
        "loses",
        "option_tiebreak_throw_off": "a throw-off for the worst",
        "option_tiebreak_no_deckel": "on a tie for the worst nobody takes Deckel",
        "option_hand_aus_beats": "Hand-Aus beats",
        "option_hand_aus_beats_help": "Whether a Schock-Aus thrown in one throw beats an assembled "
        "one, whatever the throws used.",
        "option_hand_aus_beats_on": "a Hand-Aus beats an assembled Schock-Aus",
        "option_hand_aus_beats_off": "every Schock-Aus is equal",
        "option_opening": "Opening",
        "option_opening_help": "Who opens the first round of the game.",
        "option_opening_plain_round": "a round for no Deckel, the best opens",
        "option_opening_lowest_takes": "one throw each, the lowest takes Deckel and opens",
        "option_opening_worst_opens": "one throw each, the lowest opens",
        "option_opening_high_die": "one die each, the highest opens",
        "option_opening_low_die": "one die each, the lowest opens",
        "option_opening_first_seat": "none, the first player named opens",
        "option_later_opener": "Opener once the middle is empty",
        "option_later_opener_help": "Who opens a round once the middle is empty: the last round's "
        "loser, the holder of the most Deckel, or the player after him.",
        "option_later_opener_loser": "the last round's loser",
        "option_later_opener_most_deckel": "the holder of the most Deckel",
        "option_later_opener_after_most_deckel": "the player after the holder of the most",
        "option_einwuerfeln": "Einwürfeln",
        "option_einwuerfeln_help": "Whether a player who is out may buy back in before a round.",
        "option_einwuerfeln_on": "Einwürfeln allowed",
        "option_einwuerfeln_off": "out is out until the half ends",
        "option_einwuerfeln_form": "How a player buys back in",
        "option_einwuerfeln_form_help": "Taking one Deckel from each player holding Deckel, or at "
        "risk: taking nothing and keeping Deckel only by losing the round.",
        "option_einwuerfeln_form_from_each_holder": "one Deckel from each holder",
        "option_einwuerfeln_form_at_risk": "at risk",
        "option_finale": "Finale",
        "option_finale_help": "Two halves and, if two different players lost them, a Finale "
        "between those two. Without it the game is one half.",
        "option_finale_on": "two halves and a Finale",
        "option_finale_off": "one half, no Finale",
        "option_more_halves": "Further halves instead of a Finale",
        "option_more_halves_help": "Two different half-losers are followed by further halves of "
        "everyone until one player has lost two.",
        "option_more_halves_on": "further halves instead of a Finale",
        "option_more_halves_off": "a Finale after two halves",
        "option_finale_opener": "Who opens the Finale",
        "option_finale_opener_help": "The loser of the last round, or the loser of the first half.",
        "option_finale_opener_last_round_loser": "the last round's loser",
        "option_finale_opener_first_half_loser": "the first half's loser",
        "option_schock_aus": "What a Schock-Aus does",
        "option_schock_aus_help": "End the half (the round's worst takes every Deckel), end the "
        "game, or count a fixed worth.",
        "option_schock_aus_half": "ends the half",
        "option_schock_aus_game": "ends the game",
        "option_schock_aus_worth": "counts a fixed worth",
        "option_schock_aus_deckel": "A Schock-Aus is worth (Deckel)",
        "option_schock_aus_deckel_help": "The Deckel a Schock-Aus is worth when it counts a fixed "
        "worth.",
        "option_schock_aus_deckel_n": "a Schock-Aus is worth {n}",
        "rb_title": "House rules",
        "rb_intro": "Start from a preset and change what your table plays differently. Every "
        "option says where it is played.",
        "rb_preset": "Start from",
        "rb_summary": "What differs",
        "rb_same": "Exactly {preset}.",
        "rb_differs": "{preset}, but: {changes}.",
        "rb_changed": "changed",
        "rb_preset_value": "{preset}: {value}",
        "rb_where": "Where it is played",
        "rb_elsewhere": "Elsewhere",
        "rb_sources": "Sources",
        "rb_use": "Use these rules",
        "rb_cancel": "Cancel",
        "rb_start_table": "Start a table with these rules",
        "rb_start_pub": "Keep score at the pub with these rules",
        "rb_share": "Share these rules",
        "rb_share_hint": "Whoever opens the link or scans the code sees these rules here.",
        "rb_link": "Link to these rules",
        "rb_copy": "Copy link",
        "rb_copied": "Link copied.",
        "rb_copy_by_hand": "This browser cannot copy: the link is selected, copy it by hand.",
        "rb_qr": "QR code of the link to these rules",
        "rb_save_club": "Save as our rules: {club}",
        "rb_saved_club": "Saved as the rules of {club}.",
        "rb_toml": "TOML (import and export)",
        "rb_toml_label": "These rules as TOML",
        "rb_toml_hint": "Copy it into a file, or paste house rules here and read them in.",
        "rb_toml_read": "Read in",
        "rb_toml_read_done": "Read in: {summary}",
        "rb_open": "Build house rules",
        "rb_link_home": "Build and share house rules",
        "rb_club_rules": "Our rules: {club}",
        "rb_use_club": "Use our rules ({club})",
        "rb_loading": "Loading the rules…",
        "web_link_broken": "This link is broken (cut off or changed on the way): what it should "
        "open could not be read. The page works without it.",
        "rules_code_bad": "{where} holds no rule set",
        "rules_check_what": "send the rules to check as 'rules' ({{preset, overrides}}), 'toml' or "
        "'code'",
        "rb_toml_summary": "House rules as TOML",
        "rb_club_title": "Our rules",
        "rb_club_none": "No rules of your own yet: build them, then save them for the club.",
        "rb_club_open": "See and change them",
        "tournament_created": "Tournament {name} created: {format}, {date}, draw seed {seed}.",
        "tournament_none": "No tournament here yet (schocken tournament create NAME --date "
        "YYYY-MM-DD).",
        "tournament_list_head": "Tournament|date|format|club|players|rounds|games",
        "tournament_registered": "Registered: {names}.",
        "tournament_registered_many": "Registered: {count} players.",
        "tournament_seated_late": "Seated in round {round}: {names}.",
        "tournament_from_round": "{names} play from round {round}.",
        "tournament_withdrawn": "{name} has left the tournament after round {round}.",
        "tournament_undrawn": "The draw of round {round} is taken back; it is drawn again by "
        "'draw'.",
        "tournament_unregistered": "{name} is no longer registered.",
        "tournament_players_head": "No.|player|team|from round|left after",
        "tournament_round": "Round {round}: {stage}",
        "tournament_table": "Table {table}",
        "tournament_springer": "(Springer: one player fewer)",
        "tournament_springer_uneven": (
            "The teams did not allow the smaller tables to go to those who sat at one least "
            "often (teammates are kept apart first)."
        ),
        "tournament_games_played": "games: {games}",
        "tournament_no_rounds": "No round drawn yet (schocken tournament draw).",
        "tournament_stage_points": "points round",
        "tournament_stage_lives": "round of lives",
        "tournament_stage_knockout": "K.O. round",
        "tournament_stage_final_table": "final table",
        "tournament_entered": "Game {number} at table {table} of round {round}: {loser} lost.",
        "tournament_removed": "Game {number} at table {table} of round {round} taken back.",
        "tournament_game_line": "Round {round}, table {table}, game {number} ({source}): "
        "{loser} lost",
        "tournament_score_points": "points",
        "tournament_score_loss_points": "loss points",
        "tournament_score_lives": "lives",
        "tournament_rank_head": "Place|player|team|{score}|rounds|games|lost|halves lost|"
        "Schock-Aus given/taken",
        "tournament_final_head": "Place|player|team|reached|{score}|games|lost",
        "tournament_reached": "round {round}, {place}.",
        "tournament_table_head": "Place|player|lives|points|",
        "tournament_goes_on": "goes on",
        "tournament_decided": "decided",
        "tournament_open": "still playing",
        "tournament_teams_head": "Place|team|{score}|players",
        "tournament_tie_breaks": "Equal scores: {breaks}; then a shared place.",
        "tournament_tb_fewer_games_lost": "fewer games lost",
        "tournament_tb_fewer_halves_lost": "fewer halves lost",
        "tournament_tb_more_schock_aus": "more Schock-Aus thrown",
        "tournament_tb_fewer_schock_aus_taken": "fewer Schock-Aus taken",
        "tournament_king": "Schock-Aus-König: {names} ({given} Schock-Aus).",
        "tournament_no_king": "No Schock-Aus yet.",
        "tournament_overall": "Overall",
        "tournament_qualifying": "Qualifying",
        "tournament_teams": "Teams",
        "tournament_exported": "{name} exported to {file}.",
        "tournament_imported": "{name} imported from {file}.",
        "tournament_printed": "{name}: {views} printed to {file}.",
        # The rules lab (schocken lab, the builder's panel): one block.
        "lab_title": "Rules lab: {rules}",
        "lab_figure": "Figure",
        "lab_interval": "95% interval",
        "lab_difference": "Difference",
        "lab_verdict": "Beyond chance?",
        "lab_beyond": "yes",
        "lab_within": "no",
        "lab_rounds": "Rounds per game",
        "lab_turns": "Turns per game",
        "lab_minutes": "Minutes per game",
        "lab_finale": "Games reaching a Finale",
        "lab_schock_aus": "Rounds ending in a Schock-Aus",
        "lab_opener_lost": "Rounds the opener loses",
        "lab_p95_rounds": "Longest games (95th percentile, rounds)",
        "lab_skill": "Strong bot's share of lost games (even: {even})",
        "lab_no_finale": "no Finale",
        "lab_engine_fast": "the batch simulator",
        "lab_engine_reference": "the reference engine",
        "lab_games": "{games} games of four regulars on {engine}.",
        "lab_no_fast": "The batch simulator (extra 'fast': numba) is not installed: fewer games on "
        "the reference engine, so wider intervals.",
        "lab_skill_games": "Skill: {games} games of the {bot} bot against three regulars on "
        "{engine}.",
        "lab_skill_short": "Skill from {games} games only, not {asked}: the strong bot is not yet "
        "at batch speed for new rules (a wider interval).",
        "lab_pace_default": "Minutes at a default pace of {seconds} s per turn.",
        "lab_pace_club": "Minutes at the club's pace: {minutes} min per game (median of {gaps} "
        "games in the book), {seconds} s per turn.",
        "lab_test": "Beyond chance: a two-sided z-test at 5%, Holm-corrected over {count} figures.",
        "lab_plot_title": "Rounds per game",
        "lab_plot_x": "rounds",
        "lab_plot_y": "share of games",
        "lab_plot_written": "Plot written to {file}.",
        "lab_web_heading": "Rules lab: what these rules do",
        "lab_web_intro": "Simulated games of four regulars, and of a strong bot against three "
        "regulars, with 95% intervals.",
        "lab_web_against": "Side by side with",
        "lab_web_none": "nothing",
        "lab_web_run": "Measure these rules",
        "lab_web_running": "Measuring…",
        "lab_web_done": "Figures ready.",
        "lab_web_ours": "These rules",
        "lab_refuse_busy": "The lab is busy with your last measurement; try again in a moment.",
        "lab_refuse_rules": "The lab cannot measure these rules: {reason}",
    },
    "de": {
        "first_half": "Hinrunde",
        "second_half": "Rückrunde",
        "finale": "Finale",
        "extra_half": "weitere Hälfte",
        "nom_first_half": "Die Hinrunde",
        "nom_extra_half": "Eine weitere Hälfte",
        "acc_extra_half": "eine weitere Hälfte",
        "gen_extra_half": "einer weiteren Hälfte",
        "nom_second_half": "Die Rückrunde",
        "nom_finale": "Das Finale",
        "acc_first_half": "die Hinrunde",
        "acc_second_half": "die Rückrunde",
        "acc_finale": "das Finale",
        "gen_first_half": "der Hinrunde",
        "gen_second_half": "der Rückrunde",
        "gen_finale": "des Finales",
        "section_started": "{section} beginnt mit {middle} Deckeln in der Mitte.",
        "round_results": "Runde {number}: {results}.",
        "opening_round": "Eröffnungsrunde (ohne Deckel): {results}.",
        "opening_throw": "Eröffnungswurf: {results}.",
        "stechen": "Stechen: {results}.",
        "covered": "verdeckt",
        "strasse_word": "Straße",
        "join_last": " und ",
        "number_decimal": ",",
        "number_group": ".",
        "money_eur": "{sign}{number} €",
        "money_other": "{sign}{number} {currency}",
        "percent_spaced": "{number} %",
        "cli_middle_held": "[Mitte {middle}; {held}]",
        "cli_watch_title": "Schocken, {preset}: {seats}; seed {seed}",
        "cli_record_saved": "record saved to {path}",
        "best_opens": "{best} hat das beste Ergebnis ({result}) und eröffnet Runde {number}.",
        "worst_opens": "{worst} warf am niedrigsten ({result}) und eröffnet Runde {number}, "
        "ohne Deckel.",
        "stechen_needed": "{players} haben gleich niedrig geworfen und stechen.",
        "opening_die": "Jeder einen Würfel: {results}.",
        "high_die_opens": "{best} warf den höchsten Würfel ({result}) und eröffnet Runde {number}.",
        "low_die_opens": "{worst} warf den niedrigsten Würfel ({result}) und eröffnet Runde "
        "{number}.",
        "die_tie_high_die": "{players} haben gleich hoch geworfen und würfeln noch einmal.",
        "die_tie_low_die": "{players} haben gleich niedrig geworfen und stechen.",
        "throw_off": "Stechen um die Deckel: {results}.",
        "throw_off_needed": "{players} haben gleich schlecht geworfen und stechen, ein Wurf je, "
        "um die Deckel der Runde.",
        "throw_off_again": "{players} haben wieder gleich niedrig geworfen und stechen noch "
        "einmal.",
        "throw_off_lost": "{worst} wirft beim Stechen am niedrigsten ({result}).",
        "tie_no_deckel": "{players} haben gleich schlecht geworfen ({result}): niemand bekommt "
        "Deckel, und {opener} eröffnet noch einmal.",
        "best_worst": "Bestes: {best} ({best_result}); schlechtestes: {worst} ({worst_result}).",
        "tie_later": "{worst} hat gleich mit {other} und warf später: mit ist Schitt.",
        "tie_throws": "{worst} hat gleich mit {other}, brauchte aber mehr Würfe "
        "({throws} zu {other_throws}).",
        "tie_later_throws": "{worst} hat gleich mit {other}, mit so vielen Würfen, "
        "und warf später.",
        "tie_assembled": "{worst} hat gleich mit {other}, aber zusammengewürfelt; {other} warf es "
        "aus einem Wurf.",
        "hand_aus": "ein Hand-Aus (1-1-1 in einem Wurf) schlägt ein zusammengewürfeltes Schock-Aus",
        "deckel_from_middle": "{loser} nimmt {count} Deckel aus der Mitte.",
        "deckel_from_player": "{giver} gibt {loser} {count} Deckel.",
        "no_deckel": "{best} hat keine Deckel mehr zu geben; {loser} bekommt keine.",
        "schock_aus": "Schock-Aus von {best}! {loser} hat das schlechteste Ergebnis und bekommt "
        "alle Deckel.",
        "lowest_takes": "{loser} warf am niedrigsten, bekommt {count} Deckel und beginnt.",
        "opens": "{loser} beginnt die nächste Runde.",
        "out": "Ohne Deckel scheiden für diese Hälfte aus: {players}.",
        "bought_in": "{player} würfelt sich ein und nimmt je einen Deckel von {givers}.",
        "bought_in_at_risk": "{player} würfelt sich auf Risiko ein: nimmt keinen Deckel und ist "
        "nach dieser Runde wieder raus, außer wenn er sie verliert.",
        "opened_blind": "{player} eröffnet blind: jeder hat einen Wurf, alle Becher bleiben bis "
        "zum Aufdecken verdeckt.",
        "the_middle": "der Mitte",
        "section_lost": "{loser} hat {section} verloren.",
        "section_lost_schock_aus": "{loser} hat {section} durch Schock-Aus verloren.",
        "section_lost_buy_in": "{loser} hält nach dem Einwürfeln alle Deckel {section} und hat "
        "sie damit sofort verloren; die Runde wird nicht gespielt.",
        "game_lost": "{loser} hat das Spiel verloren.",
        "blattschuss": "Blattschuss! {loser} hat beide Hälften und damit das Spiel verloren.",
        "finale_between": "Finale: {a} gegen {b}.",
        "summary_section": "Bilanz {section}: {loser} hat alle {total} Deckel.",
        "summary_game": "Bilanz: {parts}; {rounds} Runden insgesamt.",
        "summary_part": "{section} verloren von {loser}",
        "web_title": "Schocken",
        "web_tagline": "Das Kneipen-Würfelspiel, mit Freunden, überall.",
        "web_new_table": "Tisch eröffnen",
        "web_your_name": "Dein Name",
        "web_rules": "Regeln",
        "web_seats": "Plätze",
        "web_bots": "Bots",
        "web_bot_level": "Bot-Stärke",
        "web_bot_regular": "Stammtischler",
        "web_bot_solver": "Rechner (spielt nach den exakten Chancen)",
        "web_bot_half": "Stratege (spielt um die Hälfte, nicht nur die Runde)",
        "web_bot_random": "Zufall",
        "web_create": "Tisch anlegen",
        "web_join_title": "An einen Tisch setzen",
        "web_code": "Einladungscode",
        "web_join": "Hinsetzen",
        "web_lobby": "Warteraum",
        "web_invite": "Lade deine Freunde ein: teile diesen Link oder den Code.",
        "web_copy": "Link kopieren",
        "web_copied": "Link kopiert.",
        "web_seat_free": "freier Platz",
        "web_add_bot": "Bot dazu",
        "web_remove": "Entfernen",
        "web_make_host": "Zum Gastgeber machen",
        "web_host": "Gastgeber",
        "web_you": "du",
        "web_start": "Spiel starten",
        "web_waiting_host": "Warte, bis der Gastgeber das Spiel startet.",
        "web_spectating": "Du schaust zu.",
        "web_spectator_link": "Link zum Zuschauen",
        "web_reconnecting": "Verbindung verloren. Verbinde neu…",
        "web_connected": "Verbunden.",
        "web_summary": "Spiel vorbei",
        "web_download": "Spielprotokoll herunterladen",
        "web_dice_check": "Würfel prüfen",
        "web_dice_about": "Vor dem ersten Wurf hat sich der Server auf die Würfel dieses Spiels "
        "festgelegt (er hat den SHA-256 eines geheimen Startwerts veröffentlicht); jetzt nennt er "
        "den Startwert. Jeder Würfel muss aus ihm folgen.",
        "web_dice_checking": "Jeder Würfel wird nachgerechnet…",
        "web_dice_fair": "Fair: Alle {count} Würfel folgen aus dem Startwert, auf den sich der "
        "Server zu Beginn festgelegt hat.",
        "web_dice_unfair": "Nicht fair: Würfel {n} des Spiels zeigt {shows}, aus dem Startwert "
        "folgt aber {derived}.",
        "web_dice_seed_wrong": "Nicht fair: Der genannte Startwert ist nicht der, auf den sich "
        "der Server zu Beginn festgelegt hat.",
        "web_dice_changed": "Nicht fair: Die Festlegung des Servers ist nicht die, die diese "
        "Seite zu Beginn gesehen hat.",
        "web_dice_none": "Die Würfel dieses Spiels lassen sich nicht prüfen: Der Server hat sich "
        "nicht auf sie festgelegt.",
        "web_dice_failed": "Die Würfel konnten nicht geprüft werden: {error}",
        "web_dice_in_browser": "In diesem Browser nachgerechnet.",
        "web_dice_by_server": "Vom Server nachgerechnet (dieser Browser kann HMAC-SHA256 auf "
        "einer Seite ohne HTTPS nicht berechnen).",
        "web_dice_commitment": "Festlegung (SHA-256 des Startwerts): {commitment}",
        "web_new_game": "Neuer Tisch",
        "web_seeded": "Gesetzte Würfel: nur für Tests und Vorführungen.",
        "web_die": "Würfel {n}: {pips}",
        "web_kept": "draußen",
        "web_in_cup": "im Becher",
        "web_language": "English",
        "language_name": "Deutsch",
        "web_error": "Fehler",
        "web_no_table": "Diesen Tisch gibt es nicht.",
        "web_round_log": "Was passiert ist",
        "web_house_rules": "Hausregeln (optional, TOML)",
        "web_house_hint": 'z. B. preset = "tsv99" und deckel_per_half = 15; sie ersetzen die '
        "oben gewählten Regeln",
        "web_have_code": "Einladungscode erhalten?",
        "web_bot": "Bot",
        "web_out_short": "draußen",
        "web_cup_short": "im Becher",
        "web_back_short": "zurück",
        "web_sound": "Ton",
        "web_turn_pick": "{name}, du bist dran: Würfel antippen, die raus sollen, dann werfen "
        "oder stehen lassen.",
        "web_keys": "Tasten: 1 2 3 Würfel wählen, Leertaste wirft, T dreht Sechsen, S lässt "
        "stehen, B eröffnet blind (wo die Regeln es erlauben).",
        "web_your_turn": "Du bist dran",
        "web_turn_of": "{name} ist dran",
        "web_threw": "{name} wirft {dice}.",
        "web_threw_covered": "{name} wirft, verdeckt.",
        "web_you_threw": "Du hast {dice} geworfen.",
        "web_you_threw_covered": "Du hast verdeckt geworfen.",
        "web_turned_1": "{name} macht aus zwei Sechsen eine Eins.",
        "web_turned_2": "{name} macht aus drei Sechsen zwei Einsen.",
        "web_you_turned_1": "Du hast aus zwei Sechsen eine Eins gemacht.",
        "web_you_turned_2": "Du hast aus drei Sechsen zwei Einsen gemacht.",
        "web_back_in_cup": "Zurück in den Becher: {dice}.",
        "web_lock_must_throw": "muss zurück in den Becher: die Sechsen wurden gedreht",
        "web_lock_turned": "aus Sechsen gedreht: bleibt draußen",
        "web_lock_aside": "rausgelegt: bleibt draußen (kein Zurücklegen)",
        "web_lock_two": "höchstens zwei Würfel bleiben draußen",
        "web_locked": "gesperrt",
        "web_cup_covered": "Becher verdeckt",
        "web_cup_empty": "Noch nicht geworfen",
        "web_opener": "fängt an",
        "web_half_loser": "hat die Hinrunde verloren",
        "web_middle": "Mitte",
        "web_limit_short": "Limit",
        "web_status": "Der Tisch jetzt",
        "web_rules_line": "Regeln:",
        "web_reveal": "Becher hoch!",
        "web_reveal_round": "Becher hoch! Runde {number}",
        "web_best": "bestes",
        "web_worst": "schlechtestes",
        "web_go_on": "Weiter",
        "web_takes": "+{count} Deckel",
        "web_dice": "Würfel: {dice}",
        "web_away": "weg",
        "web_coach": "Coach",
        "web_coach_on": "Coach an",
        "web_coach_off": "Coach aus",
        "web_coach_help": "Dein Coach ordnet vor jeder Entscheidung deine Züge nach ihrer "
        "Chance zu verlieren und sagt, wenn ein Zug viel gekostet hat. Alle am Tisch sehen, dass "
        "er an ist.",
        "web_coach_best": "Coach: {action} ({p})",
        "web_coach_wait": "Der Coach denkt nach …",
        "web_coach_badge": "Coach",
        "web_to_bot": "Bot übernimmt",
        "web_to_player": "Zurückgeben",
        "web_bot_plays_you": "Ein Bot spielt gerade für dich.",
        "web_take_back": "Selbst weiterspielen",
        "web_rematch": "Revanche",
        "web_rematch_hint": "Gleiche Plätze, gleiche Regeln, neues Spiel.",
        "web_rematch_wait": "Der Gastgeber kann eine Revanche starten: du kommst von selbst mit.",
        "web_tournament_table": "Turnier {name}: Runde {round}, Tisch {table}",
        "web_tournament_seats": "An diesem Tisch sitzen nur die ausgelosten Spieler, jeder mit "
        "seinem eigenen Link; es gibt keinen Einladungscode. Nur die Turnierleitung ändert einen "
        "Platz (ein Bot für einen Spieler, der nicht spielen kann). Die Spiele zählen fürs "
        "Turnier.",
        "web_tournament_booking": "Dieses Spiel geht ins Turnier {name}: Runde {round}, Tisch "
        "{table} (wird übernommen).",
        "web_tournament_booked": "Dieses Spiel wurde im Turnier {name} gebucht: Runde {round}, "
        "Tisch {table}, dort Spiel {number}.",
        "web_to_rematch": "Zur Revanche",
        "web_turn_timer": "Zugzeit",
        "web_timer_off": "keine",
        "web_timer_seconds": "{n} s",
        "web_timer_hint": "Ist die Zeit um, zieht ein Bot für wen nicht zieht.",
        "web_section_end": "Ende {section}",
        "web_game_end": "Das Spiel ist aus",
        "web_rounds_played": "{rounds} Runden gespielt.",
        "web_deckel_taken": "Deckel genommen",
        "web_player": "Spieler",
        "web_rv_title": "Spielanalyse",
        "web_rv_intro": "Jede Entscheidung gegen den besten Zug: die Chance zu verlieren mit dem "
        "gespielten und mit dem besten Zug, so wie der Spieler am Zug das Spiel sah.",
        "web_rv_open": "Ein Spielprotokoll analysieren",
        "web_rv_link": "Spiel analysieren",
        "web_rv_back": "Zurück zum Tisch",
        "web_rv_file": "Spielprotokoll (die JSON-Datei, nach einem Spiel heruntergeladen)",
        "web_rv_reviewing": "Das Spiel wird analysiert…",
        "web_rv_unreadable": "Die Datei lässt sich nicht lesen.",
        "web_rv_accuracy_h": "Genauigkeit",
        "web_rv_accuracy_caption": "Entscheidungen, die zählten und gut waren; verschenkte Chancen",
        "web_rv_accuracy": "Genauigkeit",
        "web_rv_good_of": "({good} von {counted})",
        "web_rv_given_away": "Verschenkt (Punkte)",
        "web_rv_no_count": "keine Entscheidung, die zählte",
        "web_rv_points": "{n} Prozentpunkte",
        "web_rv_costliest": "Die teuersten Entscheidungen von {name}",
        "web_rv_costly_item": "Schritt {step}: {label}, Verlust {loss}",
        "web_rv_no_costly": "{name} hat nichts verschenkt.",
        "web_rv_steps": "Zug für Zug",
        "web_rv_no_decisions": "Keine Entscheidung dieses Spiels ließ sich bewerten.",
        "web_rv_prev": "Zurück",
        "web_rv_next": "Weiter",
        "web_rv_slider": "Entscheidung",
        "web_rv_keys": "Tasten: ← und → blättern durch die Entscheidungen.",
        "web_rv_decision_n": "Entscheidung {n} von {total}",
        "web_rv_announce": "Entscheidung {n} von {total}: Schritt {step}, {name}, {label}.",
        "web_rv_step_head": "Schritt {step}: Entscheidung von {name}",
        "web_rv_before": "Vor {name} in dieser Runde",
        "web_rv_opens": "{name} eröffnet die Runde: niemand davor.",
        "web_rv_after": "Danach noch: {n}",
        "web_rv_own": "Becher von {name}",
        "web_rv_moves": "Alle Züge (der beste zuerst)",
        "web_rv_move": "Zug",
        "web_rv_best": "bester Zug",
        "web_rv_made": "gespielt",
        "web_rv_verdict": "{label}: Verlust {loss}",
        "web_rv_not_counted": "Hier war jeder Zug so gut wie jeder andere: zählt nicht.",
        "web_deckel_in_all": "Deckel insgesamt",
        "web_halves_lost": "Hälften verloren",
        "stand_in": "Die Vertretung spielte für {name}: {action}.",
        "web_language_label": "English (language / Sprache)",
        "throw_nth_1": "1. Wurf",
        "throw_nth_2": "2. Wurf",
        "throw_nth_3": "3. Wurf",
        "throw_nth": "{n}. Wurf",
        "web_clock": "Zeit für {name}: noch {s} s",
        "web_clock_short": "{s} s",
        "web_clock_warning": "{name}, noch 10 Sekunden: dann spielt die Vertretung für dich.",
        "web_stand_in_away_1": "Während du weg warst, hat die Vertretung einen Zug für dich "
        "gespielt: {actions}.",
        "web_stand_in_away_n": "Während du weg warst, hat die Vertretung {count} Züge für dich "
        "gespielt: {actions}.",
        "web_stand_in_away_close": "Verstanden",
        "web_clock_warning_other": "Noch 10 Sekunden für {name}.",
        "web_coach_switch": "Berate mich",
        "web_copy_failed": "Dieser Browser lässt die Seite nichts kopieren: der Link ist "
        "markiert, kopiere ihn selbst (Strg+C, oder am Handy lange drücken).",
        "web_late_title": "Das Spiel läuft schon",
        "web_late_over": "Dieses Spiel ist vorbei",
        "web_late_intro": "Schau jetzt zu und setz dich ins nächste Spiel: startet der Gastgeber "
        "die Revanche, spielst du mit.",
        "web_watch": "Jetzt zuschauen",
        "web_wait": "Im nächsten Spiel mitspielen",
        "web_waiting_you": "Du schaust zu. Im nächsten Spiel sitzt du als {name} mit.",
        "web_waiting_list": "Warten aufs nächste Spiel: {names}",
        "web_leave_waiting": "Von der Warteliste gehen",
        "web_left_waiting": "Du stehst nicht mehr auf der Warteliste: das nächste Spiel findet "
        "ohne dich statt. Du schaust weiter zu.",
        "web_rematch_waiting": "Die Revanche setzt auch {names} an den Tisch.",
        "web_invite_h": "Einladen und zuschauen",
        "web_invite_late": "Wer später kommt, öffnet den Einladungslink: zuschauen sofort, "
        "mitspielen ab dem nächsten Spiel.",
        "web_to_bot_ask": "Soll ein Bot für {name} spielen?",
        "web_to_bot_explain": "{name} ist weg. Der Bot spielt für {name}, bis {name} den Platz "
        "zurücknimmt oder du ihn zurückgibst.",
        "web_to_bot_yes": "Bot spielen lassen",
        "web_cancel": "Abbrechen",
        "web_link": "Einladungslink",
        "web_plays_now": "ist dran",
        "n_evenings_1": "1 Abend",
        "n_evenings": "{n} Abende",
        "n_games_1": "1 Spiel",
        "n_games": "{n} Spiele",
        "ui_throw": "Werfen",
        "ui_turn": "Sechsen drehen",
        "ui_stop": "Stehen lassen",
        "ui_buyin": "Einwürfeln",
        "ui_blind": "Blind",
        "ui_blind_label": "Blind werfen: jeder einen Wurf, alle Becher verdeckt, auch deiner, bis "
        "zum Aufdecken",
        "ui_keep": "Würfel {n} raus",
        "ui_save": "Speichern",
        "ui_quit": "Speichern & Ende",
        "ui_confirm": "Ich bin dran",
        "ui_round": "Runde {number}",
        "ui_opening": "Eröffnung",
        "ui_middle": "Mitte: {middle} Deckel",
        "ui_limit": "Wurflimit: {limit}",
        "ui_limit_open": "Wurflimit: noch offen (bis 3)",
        "ui_opened_by": "eröffnet von {name}",
        "ui_deckel": "{count} Deckel",
        "ui_out": "raus",
        "ui_not_in_finale": "nicht im Finale",
        "ui_waiting": "wartet",
        "ui_covered": "verdeckt",
        "ui_aside": "draußen {dice}",
        "ui_your_turn": "{name}, du bist dran: Würfel mit 1 2 3 rauslegen, dann werfen oder "
        "stehen lassen.",
        "ui_first_throw": "{name}, du bist dran: werfen.",
        "ui_blind_offer": "{name}, du eröffnest: werfen, oder L wirft blind (jeder einen Wurf, "
        "alle Becher verdeckt bis zum Aufdecken).",
        "ui_plays": "{name} ist am Zug.",
        "ui_must_throw": "{name}: Sechsen gedreht, noch einmal werfen.",
        "ui_pass_to": "Gib die Tastatur an {name} weiter.",
        "ui_pass_hint": "{name}: Enter drücken, wenn nur du den Bildschirm siehst.",
        "ui_saved": "Gespeichert in {path}.",
        "ui_game_over": "Spiel vorbei. {loser} hat verloren.",
        "ui_summary": "Zusammenfassung",
        "ui_your_cup": "Dein Becher",
        "ui_spectator": "Während die Tastatur wechselt, sind keine Würfel zu sehen.",
        "ui_buyin_offer": "{name} ist raus und darf sich vor dem ersten Wurf einwürfeln (b).",
        "ui_save_failed": "Nicht gespeichert: {path} lässt sich nicht schreiben: {reason}",
        "review_title": "Spielanalyse: {preset}, {players}; {steps} Schritte. Jede Entscheidung: "
        "der gemachte und der beste Zug mit ihrer Chance zu verlieren, der Verlust, die Wertung.",
        "review_where": "{section}, Runde {number}",
        "review_turn": "Wurf {throws} von {limit}: {dice}",
        "review_turn_opener": "Wurf {throws} von bis zu {limit} (eröffnet die Runde): {dice}",
        "review_aside": ", draußen {dice}",
        "review_turned": ", Sechsen gedreht ({dice} muss zurück in den Becher)",
        "review_p_round": "P(Runde verlieren)",
        "review_p_game": "P(Spiel verlieren)",
        "review_line": "Schritt {step}, {name}, {where}, {turn}: {made} {p_made}; am besten: "
        "{best} {p_best}; Verlust {loss}: {label}",
        "review_good": "gut",
        "review_inaccuracy": "Ungenauigkeit",
        "review_mistake": "Fehler",
        "review_blunder": "Patzer",
        "review_summary": "{name}: Genauigkeit {accuracy} % ({good} von {counted} Entscheidungen, "
        "auf die es ankam, waren gut; {decisions} Entscheidungen insgesamt), verschenkte "
        "Chancen {given}; {inaccuracies} Ungenauigkeiten, {mistakes} Fehler, {blunders} Patzer",
        "review_costliest": "Die teuersten Entscheidungen von {name} ({n}), wie {name} sie sah:",
        "review_situation": "  Schritt {step}, {where}: {label}, Verlust {loss}",
        "review_before": "vorher: {turns}",
        "review_before_shown": "{name} {result} ({nth})",
        "review_before_covered": "{name} verdeckt (draußen {aside}, {nth})",
        "review_none": "niemand",
        "review_after": "danach noch: {after}; Mitte: {middle}; Deckel: {deckel}",
        "review_unvalued_opening": "{n} Entscheidungen der Eröffnungsrunde sind nicht bewertet: "
        "eine Runde ohne Deckel.",
        "review_unvalued_opening_1": "1 Entscheidung der Eröffnungsrunde ist nicht bewertet: "
        "eine Runde ohne Deckel.",
        "review_unvalued_buy_in": "{n}-mal Einwürfeln ist nicht bewertet: Einwürfeln ist keine "
        "Entscheidung innerhalb einer Runde.",
        "review_unvalued_buy_in_1": "1-mal Einwürfeln ist nicht bewertet: Einwürfeln ist keine "
        "Entscheidung innerhalb einer Runde.",
        "review_unvalued_no_numpy": "{n} Entscheidungen des Finales sind nicht bewertet: die "
        "Lösung des Finales braucht numpy (pip install 'schocken[analysis]').",
        "review_unvalued_no_numpy_1": "1 Entscheidung des Finales ist nicht bewertet: die "
        "Lösung des Finales braucht numpy (pip install 'schocken[analysis]').",
        "review_unvalued_made_up": "{n} Entscheidungen nach Würfen, die der Kneipenmodus "
        "erfunden hat, sind nicht bewertet: eingetragen wurde nur das Ende jedes Zugs.",
        "review_unvalued_made_up_1": "1 Entscheidung nach Würfen, die der Kneipenmodus "
        "erfunden hat, ist nicht bewertet: eingetragen wurde nur das Ende jedes Zugs.",
        "review_unvalued_blind": "{n} Entscheidungen, eine Runde blind zu eröffnen, sind nicht "
        "bewertet: der Löser kennt keine blinden Runden.",
        "review_unvalued_blind_1": "1 Entscheidung, eine Runde blind zu eröffnen, ist nicht "
        "bewertet: der Löser kennt keine blinden Runden.",
        "review_offer": "Taste r zeigt die Spielanalyse: Genauigkeit und teuerste Entscheidungen "
        "jedes Spielers.",
        "review_key": "Analyse",
        "n_throws_1": "1 Wurf",
        "n_throws": "{n} Würfen",
        "times_1": "einmal",
        "times_n": "{n}-mal",
        "pub_refuse_over": "das Spiel ist aus ({loser} hat verloren); zum Korrigieren einen "
        "Eintrag zurücknehmen",
        "pub_refuse_buy_in_first": "erst sagen, ob {name} (raus) sich wieder einwürfelt: ja oder "
        "nein",
        "pub_refuse_covered": "der Becher von {name} kann nach {throws} (erlaubt: {limit}) nach "
        "diesen Regeln nicht verdeckt gewesen sein: {rule}",
        "pub_refuse_shown": "der Becher von {name} kann nach {throws} (erlaubt: {limit}) nach "
        "diesen Regeln nicht offen gewesen sein: {rule}",
        "pub_refuse_play": "der Zug von {name} geht so nicht: {why}",
        "pub_refuse_no_buy_in": "gerade wird niemand nach dem Einwürfeln gefragt: {name} ist dran",
        "pub_refuse_buy_in_who": "die Frage ist, ob {name} sich wieder einwürfelt, nicht {other}",
        "pub_refuse_undo_1": "{count} Einträge lassen sich nicht zurücknehmen: bisher gibt es 1",
        "pub_refuse_undo_n": "{count} Einträge lassen sich nicht zurücknehmen: bisher gibt es {n}",
        "pub_refuse_turn": "{name} ist dran, nicht {other}",
        "pub_refuse_limit": "{name} darf in dieser Runde höchstens {times} werfen: {why} "
        "(eingetragen: {throws})",
        "pub_why_once": "beim Anwerfen und im Stechen wirft jeder einmal",
        "pub_why_first_round": "in der ersten Runde der Hälfte oder des Finales wird einmal "
        "geworfen (first_round_one_throw)",
        "pub_why_middle": "solange Deckel in der Mitte liegen, wird jede Runde mit einem Wurf "
        "gespielt (one_throw_while_middle)",
        "pub_why_opened": "{opener} hat mit {throws} vorgelegt",
        "pub_refuse_turned_one": "{name} kann in einem Zug mit nur einem Wurf keine Sechsen "
        "gedreht haben: nach dem Drehen muss geworfen werden",
        "pub_refuse_turned_ones_0": "eine gedrehte Sechs wird eine Eins: {dice} hat keine Eins, "
        "nicht {turned} gedrehte",
        "pub_refuse_turned_ones_1": "eine gedrehte Sechs wird eine Eins: {dice} hat eine Eins, "
        "nicht {turned} gedrehte",
        "pub_refuse_turned_ones_n": "eine gedrehte Sechs wird eine Eins: {dice} hat {count} "
        "Einsen, nicht {turned} gedrehte",
        "pub_refuse_hand_turned": "eine gedrehte Sechs bleibt als Eins draußen: die Würfel können "
        "nicht alle im letzten Wurf gefallen sein (aus der Hand)",
        "pub_refuse_assembled_one": "ein Zug mit einem Wurf zeigt alle drei Würfel in diesem "
        "Wurf: nichts lag draußen",
        "pub_refuse_blind_throws": "{name} eröffnet blind mit einem Wurf, nicht mit {throws}",
        "pub_web_blind": "Blind eröffnet (jeder einen Wurf, alle Becher verdeckt bis zum "
        "Aufdecken)",
        "pub_refuse_named_dice": "die Würfel {dice} sind kein {name}",
        "pub_refuse_hand_aus": "ein Hand-Aus zeigt 1-1-1 in einem Wurf: kein Würfel draußen, keine "
        "gedrehte Sechs",
        "pub_refuse_counts_as": "{named} {how} nach {throws} zählt nach diesen Regeln als {made}",
        "pub_in_one_throw": "aus einem Wurf",
        "pub_assembled": "zusammengesetzt",
        "pub_refuse_not_assembled": "{dice} von {name} kann nicht zusammengesetzt sein (kein vor "
        "dem letzten Wurf rausgelegter Würfel kann einer davon sein): {rule}",
        "refuse_limit": "{name} hat alle {used} von {limit} erlaubten Würfen dieser Runde "
        "gebraucht",
        "refuse_turn_last": "{name} kann im letzten Wurf keine Sechsen drehen (Wurf {used} von "
        "{limit})",
        "refuse_out_of_turn": "{current} ist dran, nicht {name}",
        "refuse_game_over": "das Spiel ist vorbei ({loser} hat verloren); keine Aktionen mehr",
        "refuse_no_seat": "keinen Platz {seat} an diesem Tisch mit {seats} Plätzen",
        "refuse_not_action": "keine Aktion: {action}",
        "refuse_first_throw_all": "{name} hat noch nicht geworfen: der erste Wurf wirft alle drei "
        "Würfel",
        "refuse_one_die_keep": "{name} wirft in der Eröffnung einen Würfel: da bleibt nichts "
        "liegen",
        "refuse_not_thrown": "{name} hat noch nicht geworfen: ein Zug beginnt mit einem Wurf",
        "refuse_blind_rules": "{name} kann nicht blind werfen: diese Regeln kennen kein Blind",
        "refuse_blind_opener": "{name} kann nicht blind werfen: das darf nur, wer eine Runde um "
        "Deckel eröffnet, statt seines ersten Wurfs und solange er das Wurflimit setzt",
        "refuse_must_throw": "{name} hat Sechsen gedreht und muss vor dem Stehenlassen noch "
        "einmal werfen",
        "refuse_no_sixes_yet": "{name} hat noch nicht geworfen: es gibt keine Sechsen zu drehen",
        "refuse_turned_already": "{name} hat die Sechsen dieses Wurfs schon gedreht",
        "refuse_never_turn": "{name} kann keine Sechsen drehen: nach diesen Regeln wird nie "
        "gedreht",
        "refuse_two_sixes": "{name} kann keine Sechsen drehen: der letzte Wurf zeigte {dice}, "
        "und drehen geht nur mit zwei oder drei Sechsen dieses Wurfs",
        "refuse_turn_full_throw": "{name} kann keine Sechsen drehen: nach diesen Regeln nur die "
        "Sechsen eines Wurfs aller drei Würfel, und {aside} lag draußen",
        "refuse_turn_first_throw": "{name} kann keine Sechsen drehen: nach diesen Regeln nur "
        "die Sechsen des ersten Wurfs, und das war Wurf {throws}",
        "refuse_buy_in_rules": "Einwürfeln geht nicht: diese Regeln kennen kein Einwürfeln",
        "refuse_buy_in_seat": "Einwürfeln geht nicht: es gibt keinen Platz {seat}",
        "refuse_buy_in_round": "Einwürfeln geht nicht: nur in einer Runde um Deckel",
        "refuse_buy_in_first_half": "Einwürfeln geht nicht: {name} spielt in der Hinrunde nicht "
        "mit",
        "refuse_buy_in_second_half": "Einwürfeln geht nicht: {name} spielt in der Rückrunde nicht "
        "mit",
        "refuse_buy_in_finale": "Einwürfeln geht nicht: {name} spielt im Finale nicht mit",
        "refuse_buy_in_extra_half": "Einwürfeln geht nicht: {name} spielt in dieser Hälfte nicht "
        "mit",
        "refuse_buy_in_not_out": "Einwürfeln geht nicht: {name} ist nicht raus, {name} spielt in "
        "dieser Runde",
        "refuse_buy_in_late": "Einwürfeln geht nicht: nur vor dem ersten Wurf der Runde",
        "refuse_keep_showing": "{name} kann {keep} nicht rauslegen: die Würfel zeigen {dice}",
        "refuse_keep_turned": "{name} hat Sechsen gedreht: die gedrehten Einsen ({ones}) bleiben "
        "für den nächsten Wurf draußen",
        "refuse_keep_must_throw": "{name} hat Sechsen gedreht: {dice} muss zurück in den Becher "
        "und kann nicht rausgelegt werden",
        "refuse_set_aside_ones": "{name} kann {keep} nicht rauslegen: nach diesen Regeln dürfen "
        "nur Einsen raus",
        "refuse_set_aside_ones_and_sixes": "{name} kann {keep} nicht rauslegen: nach diesen "
        "Regeln dürfen nur Einsen und Sechsen raus",
        "refuse_put_back": "{name} darf nach diesen Regeln rausgelegte Würfel nicht zurück in den "
        "Becher geben: {aside} bleibt draußen (rausgelegt: {keep})",
        "refuse_put_back_all": "{name} darf nach diesen Regeln rausgelegte Würfel nicht zurück "
        "in den Becher geben: {aside} bleibt draußen (rausgelegt: nichts)",
        "coach_key": "Coach",
        "coach_heading": "Deine Züge, der beste zuerst, mit der Chance, {stake} zu verlieren:",
        "coach_move": "{rank}. {action}: {p}",
        "coach_move_best": "{rank}. {action}: {p} (am besten)",
        "coach_stake_round": "die Runde",
        "coach_stake_game": "das Spiel",
        "coach_note": "Coach: {name}, „{made}“ war ein {label}: {p_made}, {stake} zu "
        "verlieren; {best}: {p_best}.",
        "coach_why_below": "{result} ist schlechter als {worst}, das vor dir liegt.",
        "coach_why_after": "Mit {n} nach dir ist {result} leicht zu schlagen.",
        "coach_why_enough": "{result} hätte gereicht: noch mal werfen setzt es nur aufs Spiel.",
        "coach_why_keep": "{dice} liegen lassen gibt die besseren Chancen.",
        "coach_on": "{name} hat den Coach eingeschaltet: {name} sieht die besten Züge.",
        "coach_off": "{name} hat den Coach ausgeschaltet.",
        "coach_who": "Coach an für: {names}",
        "coach_none": "Coach: gerade gibt es nichts zu wählen.",
        "action_throw": "alle drei werfen",
        "action_keep": "{dice} raus, {n} werfen",
        "action_dice_1": "einen Würfel",
        "action_dice_2": "zwei Würfel",
        "action_turn": "Sechsen drehen",
        "action_stop": "stehen lassen",
        "action_buyin": "einwürfeln",
        "default_player": "Spieler",
        "rules_title": "Regeln: {preset}",
        "rules_deckel": "Deckel: {half} je Hälfte, {finale} im Finale.",
        "rules_no_finale": "Deckel: {half}; gespielt wird eine Hälfte, ohne Finale.",
        "rules_more_halves": "Deckel: {half} je Hälfte. Kein Finale: haben zwei Spieler die beiden "
        "Hälften verloren, folgen weitere Hälften mit allen, bis einer zwei Hälften verloren hat; "
        "er verliert das Spiel.",
        "rules_opening_plain_round": "Eröffnung: alle spielen eine Runde ohne Deckel; das beste "
        "Ergebnis eröffnet die erste Runde.",
        "rules_opening_lowest_takes": "Eröffnung: alle würfeln einmal; der niedrigste Wurf "
        "bekommt so viele Deckel, wie der höchste wert ist, und beginnt; bei Gleichstand wird "
        "gestochen.",
        "rules_opening_worst_opens": "Eröffnung: alle würfeln einmal; der niedrigste Wurf "
        "beginnt die erste Runde und bekommt keine Deckel; bei Gleichstand wird gestochen.",
        "rules_opening_high_die": "Eröffnung: jeder wirft einen Würfel; der höchste eröffnet die "
        "erste Runde, ohne Deckel; bei Gleichstand wird noch einmal gewürfelt.",
        "rules_opening_first_seat": "Eröffnung: keine; wer als Erster genannt ist, eröffnet die "
        "erste Runde.",
        "rules_later_opener_most_deckel": "Ist die Mitte leer, eröffnet jede Runde, wer die "
        "meisten Deckel hat (bei mehreren der Verlierer der Runde, wenn er dazugehört, sonst der "
        "erste nach ihm).",
        "rules_later_opener_after_most_deckel": "Ist die Mitte leer, eröffnet jede Runde der "
        "Spieler nach dem, der die meisten Deckel hat.",
        "rules_opening_low_die": "Eröffnung: jeder wirft einen Würfel; der niedrigste eröffnet "
        "die erste Runde, ohne Deckel; bei Gleichstand wird gestochen.",
        "rules_finale_opener_last_round_loser": "Das Finale beginnt, wer die letzte Runde "
        "verloren hat.",
        "rules_finale_opener_first_half_loser": "Das Finale beginnt, wer die Hinrunde verloren "
        "hat.",
        "rules_put_back_yes": "Rausgelegte Würfel dürfen zurück in den Becher.",
        "rules_put_back_no": "Rausgelegte Würfel bleiben draußen und werden nicht neu geworfen.",
        "rules_strasse_yes": "Eine Straße zählt nur aus einem Wurf.",
        "rules_strasse_no": "Eine Straße darf zusammengewürfelt werden.",
        "rules_strassen_outer": "Nur 1-2-3 und 4-5-6 sind Straßen; 2-3-4 und 3-4-5 sind normale "
        "Zahlen.",
        "rules_plain_rank_pip_sum": "Einfache Zahlen zählen nach ihrer Augensumme: 6-5-4 (15) "
        "schlägt 6-5-3 (14); 6-5-2 und 6-4-3 (beide 13) sind gleich, und die Gleichstandsregel "
        "entscheidet.",
        "rules_strasse_rank_equal": "Jede Straße ist so gut wie jede andere: bei zweien "
        "entscheidet die Regel für gleiche Ergebnisse.",
        "rules_general_yes": "Ein General zählt nur aus einem Wurf.",
        "rules_general_no": "Ein General darf zusammengewürfelt werden.",
        "rules_general_schock2_yes": "Ein General schlägt einen Schock 2 (und ist 3 wert).",
        "rules_general_schock2_no": "Jeder Schock schlägt einen General.",
        "rules_tiebreak_later_loses": "Gleiche Ergebnisse: wer später wirft, verliert (mit ist "
        "Schitt).",
        "rules_tiebreak_more_throws_then_later": "Gleiche Ergebnisse: mehr Würfe verlieren, dann "
        "wer später wirft.",
        "rules_tiebreak_one_throw_then_later": "Gleiche Ergebnisse: eins aus einem Wurf schlägt "
        "ein zusammengewürfeltes, dann verliert, wer später wirft.",
        "rules_tiebreak_throw_off": "Gleich schlechteste Ergebnisse stechen (ein Wurf je, bis "
        "einer am niedrigsten ist); beim besten ist der frühere Werfer besser.",
        "rules_tiebreak_no_deckel": "Gleich schlechteste Ergebnisse: niemand bekommt Deckel, und "
        "derselbe eröffnet noch einmal; beim besten ist der frühere Werfer besser.",
        "rules_hand_aus_yes": "Ein Schock-Aus aus einem Wurf (Hand-Aus) schlägt ein "
        "zusammengewürfeltes.",
        "rules_hand_aus_no": "Jedes Schock-Aus ist gleich viel wert.",
        "rules_sixes_other_sixes": "Zwei Sechsen dürfen zu einer 1 werden (drei zu zwei 1en), "
        "wenn noch ein Wurf bleibt; die andere Sechs kommt zurück in den Becher, und es muss "
        "weitergeworfen werden.",
        "rules_sixes_all_remaining": "Zwei Sechsen dürfen zu einer 1 werden (drei zu zwei 1en), "
        "wenn noch ein Wurf bleibt; alle übrigen Würfel werden neu geworfen.",
        "rules_covered_never": "Jeder Wurf wird gezeigt.",
        "rules_covered_last_throw": "Ein Wurf, der das Wurflimit ausschöpft, bleibt verdeckt, "
        "bis die Runde aufgedeckt wird.",
        "rules_covered_third_throw": "Ein dritter Wurf bleibt verdeckt, bis die Runde aufgedeckt "
        "wird.",
        "rules_covered_all": "Jeder Wurf bleibt verdeckt, bis die Runde aufgedeckt wird; die "
        "anderen sehen nur, wie oft jemand geworfen hat, und die rausgelegten Würfel.",
        "rules_open_round": "Lässt der Eröffner seinen ersten Wurf offen stehen, wird die Runde "
        "offen gespielt: kein Becher bleibt verdeckt.",
        "rules_blind": "Blind: wer eröffnet, darf seinen ersten Wurf blind werfen; dann hat jeder "
        "einen Wurf, und jeder Becher bleibt bis zum Aufdecken verdeckt, auch für den Werfer.",
        "rules_blind_double": "In einer blind eröffneten Runde zählen die Deckel doppelt (ein "
        "Schock-Aus bleibt ein Schock-Aus).",
        "rules_einwuerfeln_yes": "Einwürfeln: wer raus ist, darf wieder einsteigen und nimmt "
        "dafür jedem mit Deckeln einen ab; wer so alle Deckel hat, hat die Hälfte sofort verloren.",
        "rules_einwuerfeln_no": "Wer raus ist, bleibt raus, bis die Hälfte endet.",
        "rules_einwuerfeln_at_risk": "Einwürfeln: wer raus ist, darf auf Risiko wieder "
        "einsteigen, ohne Deckel: verliert er die Runde, behält er ihre Deckel, sonst ist er "
        "wieder raus. Wirft er das beste Ergebnis, gibt der Beste mit Deckeln.",
        "rules_first_round_halves": "Die erste Runde jeder Hälfte wird mit einem Wurf gespielt "
        "(Erster Hoch).",
        "rules_first_round_halves_and_finale": "Die erste Runde jeder Hälfte und des Finales wird "
        "mit einem Wurf gespielt (Erster Hoch).",
        "pub_first_round": "{where}: {name}, ein Wurf: die erste Runde wird mit einem Wurf "
        "gespielt (Erster Hoch).",
        "pub_middle": "{where}: {name}, ein Wurf: es liegen noch Deckel in der Mitte (Anknobeln).",
        "rules_one_throw_while_middle": "Solange Deckel in der Mitte liegen, wird jede Runde mit "
        "einem Wurf gespielt (Anknobeln); bis zu drei Würfe erst, wenn die Mitte leer ist.",
        "rules_values": "Wert: Schock-Aus {aus}, Schock n = n, General 3, Straße 2, jede andere "
        "Zahl 1.",
        "rules_values_no_general": "Wert: Schock-Aus {aus}, Schock n = n, Straße 2, jede andere "
        "Zahl 1.",
        "rules_aus_all": "alle Deckel",
        "rules_schock_aus_game": "Ein Schock-Aus beendet sofort das ganze Spiel: der "
        "Schlechteste dieser Runde hat es verloren.",
        "rules_schock_aus_worth": "Ein Schock-Aus beendet die Hälfte nicht: er ist das beste "
        "Ergebnis und {deckel} Deckel wert.",
        "rules_general_off": "Drei gleiche Würfel sind eine normale Zahl: es gibt keinen General.",
        "result_jule": "Jule",
        "rules_jule_no": "4-2-1 ist eine normale Zahl: es gibt keine Jule.",
        "rules_jule_top": "Die Jule (4-2-1) ist {deckel} Deckel wert und steht direkt unter dem "
        "Schock-Aus, über jedem Schock.",
        "rules_jule_by_worth": "Die Jule (4-2-1) ist {deckel} Deckel wert und steht nach ihrem "
        "Wert zwischen den Schocks.",
        "rules_jule_one_throw_yes": "Eine Jule zählt nur aus einem Wurf.",
        "rules_jule_one_throw_no": "Eine Jule darf zusammengewürfelt werden.",
        "rules_jule_below_nutte": "Die Jule (4-2-1) ist {deckel} Deckel wert und steht direkt "
        "unter der Nutte, über jedem Schock.",
        "result_nutte": "Nutte",
        "rules_nutte_top": "Die Nutte (2-2-1) ist {deckel} Deckel wert und steht direkt unter dem "
        "Schock-Aus, über der Jule und jedem Schock.",
        "rules_nutte_by_worth": "Die Nutte (2-2-1) ist {deckel} Deckel wert und steht nach ihrem "
        "Wert zwischen den Schocks.",
        "rules_nutte_one_throw_yes": "Eine Nutte zählt nur aus einem Wurf.",
        "rules_nutte_one_throw_no": "Eine Nutte darf zusammengewürfelt werden.",
        "result_achter": "Achter",
        "rules_achter": "Der Achter (3-3-1) ist {deckel} Deckel wert und steht nach seinem Wert "
        "zwischen den Schocks; er darf zusammengewürfelt werden.",
        "rules_deckel_owed_sum": "Deckel zählen zusammen: der Verlierer einer Runde bekommt die "
        "Werte aller Sonderwürfe der Runde (jedes Spielers), 1, wenn es keinen gibt.",
        "rules_set_aside_any": "Jeder Würfel darf rausgelegt werden.",
        "rules_set_aside_ones": "Nur Einsen dürfen rausgelegt werden.",
        "rules_set_aside_ones_and_sixes": "Nur Einsen und Sechsen dürfen rausgelegt werden.",
        "rules_sixes_turn_never": "Sechsen werden nie zu Einsen umgedreht.",
        "rules_sixes_turn_one_throw": "Sechsen werden nur in einem Wurf aller drei Würfel "
        "umgedreht (aus der Hand).",
        "rules_sixes_turn_first_throw": "Sechsen werden nur nach dem ersten Wurf umgedreht.",
        "pub_round_normal": "Runde {number}",
        "pub_round_opening_round": "Runde {number} (Eröffnungsrunde)",
        "pub_round_opening_throw": "Eröffnungswurf",
        "pub_round_stechen": "Stechen",
        "pub_round_throw_off": "Stechen um die Deckel",
        "pub_once": "{where}: {name} wirft einmal.",
        "pub_round_opening_die": "Jeder einen Würfel",
        "pub_die": "{where}: {name} wirft einen Würfel.",
        "pub_why_die": "in der Eröffnung wirft jeder einmal einen Würfel",
        "pub_opens": "{where}: {name} eröffnet, bis zu {limit} Würfe.",
        "pub_throws": "{where}: {name}, bis zu {limit} Würfe (eröffnet von {opener}).",
        "pub_one_throw": "{where}: {name}, ein Wurf (eröffnet von {opener}).",
        "pub_buy_in": "{name} ist raus: würfelt sich {name} vor dieser Runde wieder ein?",
        "pub_standing": "{section}: Mitte {middle}; {held}.",
        "pub_holds": "{name} {count}",
        "pub_nobody_holds": "niemand hat Deckel",
        "pub_entered_1": "{name}: {result} (1 Wurf).",
        "pub_entered_n": "{name}: {result} ({throws} Würfe).",
        "pub_entered_covered": "{name}: eingetragen; der Becher bleibt bis zum Aufdecken verdeckt.",
        "pub_owes": "{loser} schuldet {stake}.",
        "pub_did_buy_in": "{name} würfelt sich ein",
        "pub_no_buy_in": "{name} würfelt sich nicht ein",
        "pub_turn_entry": "{name}: {entry}",
        "pub_turn_covered_1": "{name}: verdeckt, 1 Wurf",
        "pub_turn_covered_n": "{name}: verdeckt, {throws} Würfe",
        "pub_turn_blind": "{name}: blind eröffnet, verdeckt",
        "pub_record_covered": "das Spielprotokoll gibt es nach dem Aufdecken: ein Becher dieser "
        "Runde ist noch verdeckt",
        "pub_title": "Kneipenmodus: {players}; Regeln {preset}. ? zeigt die Hilfe.",
        "pub_help": "Jeden Zug als die Würfel an seinem Ende und die Würfe eingeben: 6-6-1 2 "
        "(oder 661 2; ein Wurf: 661; jeder einen Würfel: 5).\nZeichen nach den Würfen: h alle "
        "drei Würfel im letzten "
        "Wurf (aus der Hand), a Würfel rausgelegt, t eine Eins ist eine gedrehte Sechs (tt: "
        "zwei), c der Becher blieb verdeckt, o er wurde gezeigt, b blind eröffnet.\nOder das "
        "Ergebnis beim Namen: "
        "r schock 4 2, r general 5, r straße 6-5-4, r aus, r hand-aus, r jule, r nutte, r achter.\n"
        "u nimmt den letzten Eintrag zurück (u 3: die letzten drei), s zeigt den Stand, q "
        "speichert und "
        "beendet.",
        "pub_refused": "Nicht eingetragen: {reason}",
        "pub_undone": "Zurückgenommen: {what}.",
        "pub_yes_no": "[j/N]",
        "pub_answer_yes_no": "Mit j (ja) oder n (nein) antworten, oder u zum Zurücknehmen.",
        "pub_input_ended": "Die Eingabe endete vor dem Spiel.",
        "club_web_link": "Ein Verein? Sein Schockbuch führen: Spiele, Strafen, Statistik",
        "club_web_title": "Schockbuch",
        "club_web_intro": "Das Buch des Vereins: Mitglieder, Abende, Spiele, Preisliste, "
        "Zahlungen, Kontostände und Statistik. Nur wer den geheimen Link oder das Passwort des "
        "Vereins hat, sieht es.",
        "club_web_create": "Ein neuer Verein",
        "club_web_name": "Name des Vereins",
        "club_web_password": "Passwort",
        "club_web_password_hint": "Freiwillig, mindestens 8 Zeichen; der geheime Link öffnet den "
        "Verein auch.",
        "club_web_create_button": "Verein anlegen",
        "club_web_open": "Einen Verein mit Passwort öffnen",
        "club_web_open_button": "Verein öffnen",
        "club_web_refused": "Dieser Verein ist für dich nicht offen.",
        "club_web_secret_title": "Der geheime Link des Vereins",
        "club_web_secret_text": "Wer diesen Link hat, kann das Buch des Vereins öffnen und "
        "ändern. Heb ihn auf und gib ihn nur den Mitgliedern: er wird nur jetzt gezeigt.",
        "club_web_members": "Mitglieder und Kontostände",
        "club_web_balances": "Was jedes Mitglied schuldet",
        "club_web_member": "Mitglied",
        "club_web_charged": "Belastet",
        "club_web_paid": "Bezahlt",
        "club_web_balance": "Schuldet",
        "club_web_new_member": "Neues Mitglied",
        "club_web_guest": "Gast (zahlt nichts für verpasste Abende)",
        "club_web_add_member": "Mitglied aufnehmen",
        "club_web_member_added": "{name} ist jetzt Mitglied.",
        "club_web_evenings": "Abende",
        "club_web_evening_line": "{date}, {place}: {count} da, {games}",
        "club_web_date": "Datum",
        "club_web_place": "Ort",
        "club_web_present": "Wer war da",
        "club_web_add_evening": "Abend eintragen",
        "club_web_evening_added": "Abend am {date} eingetragen.",
        "club_web_evening_first": "Erst einen Abend eintragen; seine Spiele folgen.",
        "club_web_games": "Spiele",
        "club_web_number": "Nr.",
        "club_web_loser": "Verlierer",
        "club_web_players": "Mitspieler",
        "club_web_game_by_loser": "Ein Spiel nach seinem Verlierer",
        "club_web_game_from_table": "Das Spiel eines beendeten Online-Tischs",
        "club_web_evening": "Abend",
        "club_web_table": "Einladungscode oder Kennung des Tischs",
        "club_web_add_game": "Spiel eintragen",
        "club_web_game_added": "Spiel eingetragen: {loser} hat verloren.",
        "club_web_game_added_table": "Das Spiel des Tischs steht im Buch.",
        "club_web_game_from_pub": "Ein Kneipenspiel von diesem Gerät",
        "club_web_pub_game": "Kneipenspiel",
        "club_web_pub_none": "Auf diesem Gerät wurde noch kein Kneipenspiel erfasst "
        "(In der Kneipe: /pub).",
        "club_web_pub_over": "{players} (beendet)",
        "club_web_pub_running": "{players} (läuft noch)",
        "club_web_game_added_pub": "Das Kneipenspiel steht im Buch.",
        "club_web_game_no": "Spiel {number}",
        "club_web_money": "Preise und Zahlungen",
        "club_web_prices": "Die Preisliste",
        "club_web_item": "Wofür",
        "club_web_from": "Ab",
        "club_web_from_start": "Anfang",
        "club_web_price": "Preis",
        "club_web_amount": "Betrag",
        "club_web_set_price": "Preis festlegen",
        "club_web_price_set": "{item}: {price}.",
        "club_web_payment": "Eine Zahlung",
        "club_web_note": "Notiz",
        "club_web_pay": "Zahlung buchen",
        "club_web_paid_said": "{name} hat {amount} bezahlt.",
        "club_web_item_game_lost": "Spiel verloren",
        "club_web_item_half_lost": "Halbzeit verloren",
        "club_web_item_schock_aus_taken": "Schock-Aus kassiert",
        "club_web_item_schock_aus_given": "Schock-Aus geworfen",
        "club_web_item_blattschuss": "Blattschuss (beide Halbzeiten verloren)",
        "club_web_item_attended": "Abend dabei",
        "club_web_item_absent": "Abend verpasst",
        "club_web_payment_line": "Zahlung",
        "club_web_charge_line": "Belastung",
        "club_web_ledger": "Kassenbuch",
        "club_web_csv": "Als CSV herunterladen, für eine Tabellenkalkulation",
        "club_web_stats": "Statistik",
        "club_web_stats_title": "Statistik: {club}",
        "club_web_back": "Zurück zum Buch",
        "club_web_season": "Saison",
        "club_web_all_seasons": "Alle Saisons",
        "club_web_stats_sum": "{evenings}, {games}.",
        "club_web_stats_caption": "Verlorene Spiele, mit dem 95-%-Intervall des Anteils",
        "club_web_games_played": "Spiele",
        "club_web_games_lost": "Verloren",
        "club_web_share": "Anteil",
        "club_web_ci95": "95-%-Intervall",
        "club_web_scroll_hint": "Die Tabelle ist breiter als der Bildschirm: seitlich wischen "
        "(oder die Pfeiltasten nehmen) für die übrigen Spalten.",
        "club_web_expected": "Erwartet nach Zufall",
        "club_web_no_games": "Noch keine Spiele in dieser Saison.",
        "club_web_chart": "Anteil verlorener Spiele je Mitglied; der Strich ist das "
        "95-%-Intervall.",
        "club_web_rename": "Ein Mitglied umbenennen",
        "club_web_new_name": "Neuer Name",
        "club_web_rename_button": "Umbenennen",
        "club_web_renamed": "{name} heißt jetzt {new_name}.",
        "club_web_leave": "Ein Mitglied tritt aus",
        "club_web_leave_date": "Austritt am",
        "club_web_leave_button": "Austritt eintragen",
        "club_web_left": "{name} ist am {date} ausgetreten.",
        "club_web_guest_mark": "Gast",
        "club_web_left_mark": "ausgetreten {date}",
        "club_web_charge": "Strafe oder Korrektur von Hand",
        "club_web_charge_hint": "Ein negativer Betrag ist eine Gutschrift.",
        "club_web_reason": "Grund",
        "club_web_charge_button": "Buchen",
        "club_web_charged_said": "{name}: {amount} gebucht ({reason}).",
        "club_web_kitty": "Kasse",
        "club_web_kitty_caption": "Die Kasse",
        "club_web_kitty_what": "Was",
        "club_web_expenses": "Ausgaben aus der Kasse",
        "club_web_no_expenses": "Noch keine Ausgaben.",
        "club_web_expense": "Eine Ausgabe",
        "club_web_purpose": "Wofür",
        "club_web_paid_out_by": "Ausgezahlt von",
        "club_web_nobody_said": "(keine Angabe)",
        "club_web_expense_hint": "Was die Kasse bezahlt hat. Ein negativer Betrag ist eine "
        "Korrektur: Geld zurück in die Kasse.",
        "club_web_expense_button": "Ausgabe buchen",
        "club_web_expense_said": "{amount} aus der Kasse bezahlt für {purpose}; "
        "in der Kasse jetzt: {balance}.",
        "club_web_void": "Ein Spiel streichen",
        "club_web_game": "Spiel",
        "club_web_game_choice": "{date}, Spiel {number} ({loser} verlor)",
        "club_web_void_button": "Streichen",
        "club_web_voided": "Spiel {number} vom {date} gestrichen: {reason}.",
        "club_web_struck_out": "gestrichen: {reason}",
        "club_web_ledger_of": "Wessen Zeilen",
        "club_web_everyone": "Alle",
        "club_web_ledger_shown": "Kassenbuch von {name}: schuldet {balance}.",
        "club_web_account_title": "Bankkonto (zahlen per QR-Code)",
        "club_web_account_hint": "Mitglieder scannen einen GiroCode mit ihrer Banking-App und "
        "zahlen, was sie schulden.",
        "club_web_iban": "IBAN",
        "club_web_holder": "Kontoinhaber",
        "club_web_bic": "BIC (freiwillig)",
        "club_web_account_button": "Konto speichern",
        "club_web_account_set": "Zahlungen gehen an {iban}.",
        "club_web_account_remove": "Konto entfernen",
        "club_web_account_removed": "Das Bankkonto ist entfernt.",
        "club_web_pay_button": "Per QR-Code zahlen",
        "club_web_pay_title": "{name} zahlt {amount}",
        "club_web_pay_alt": "GiroCode: {amount} an {iban}, Verwendungszweck {reference}",
        "club_web_pay_hint": "Mit der Banking-App scannen: {amount} an {iban} ({holder}), "
        "Verwendungszweck „{reference}“.",
        "club_pay_adjusted": "Der Verwendungszweck ist so geschrieben, wie Banking-Apps ihn "
        "nehmen: Zeichen außerhalb ihres Zeichensatzes anders geschrieben oder weggelassen, oder "
        "gekürzt, damit er in den Code passt.",
        "club_web_ledger_all": "Das Kassenbuch aller.",
        "club_web_data": "Export, Import und Änderungsprotokoll",
        "club_web_export": "Den ganzen Verein herunterladen (JSON)",
        "club_web_export_hint": "Die Datei enthält das ganze Buch; sie lässt sich in ein anderes "
        "Schockbuch importieren, auf der Seite /club oder mit schocken club import.",
        "club_web_exported": "Die Datei des Vereins ist heruntergeladen.",
        "club_web_import": "Einen Verein aus einer Datei importieren",
        "club_web_import_file": "Export des Vereins (JSON)",
        "club_web_import_button": "Verein importieren",
        "club_web_import_hint": "Ein aus einem Schockbuch exportierter Verein kommt ganz herein, "
        "als neuer Verein; er öffnet sich mit seinem bisherigen geheimen Link und Passwort.",
        "club_web_imported": "Verein {club} importiert.",
        "club_web_log": "Änderungsprotokoll",
        "club_web_log_show": "Änderungsprotokoll zeigen",
        "club_web_log_shown": "Das Änderungsprotokoll: {count} Einträge.",
        "club_web_log_shown_1": "Das Änderungsprotokoll: 1 Eintrag.",
        "club_web_when": "Wann (UTC)",
        "club_web_details": "Einzelheiten",
        "club_web_log_club_created": "Verein angelegt",
        "club_web_log_password_set": "Passwort gesetzt",
        "club_web_log_password_removed": "Passwort entfernt",
        "club_web_log_secret_changed": "Neuer geheimer Link",
        "club_web_log_season_start_set": "Saisonbeginn gesetzt",
        "club_web_log_member_added": "Mitglied aufgenommen",
        "club_web_log_member_renamed": "Mitglied umbenannt",
        "club_web_log_member_left": "Mitglied ausgetreten",
        "club_web_log_evening_added": "Abend eingetragen",
        "club_web_log_present_added": "Als anwesend eingetragen",
        "club_web_log_game_added": "Spiel eingetragen",
        "club_web_log_game_voided": "Spiel gestrichen",
        "club_web_log_price_set": "Preis gesetzt",
        "club_web_log_paid": "Zahlung",
        "club_web_log_charged": "Buchung von Hand",
        "club_web_log_expense_added": "Ausgabe",
        "club_web_close_title": "Dieses Gerät",
        "club_web_close_hint": "Dieser Browser vergisst den Verein: seine Sitzung endet, und hier "
        "öffnet ihn nur noch sein geheimer Link oder sein Passwort.",
        "club_web_close_button": "Verein auf diesem Gerät schließen",
        "club_web_closed": "{club} ist auf diesem Gerät geschlossen.",
        "club_web_fines": "Strafen",
        "club_web_fines_empty": "Noch keine Strafen im Katalog: unten die eigenen eintragen "
        "(etwa \u201eWürfel vom Tisch\u201c), dann hier mit zwei Tipps buchen.",
        "club_web_fine_book": "Strafe buchen",
        "club_web_fine": "Strafe",
        "club_web_fine_count": "Wie oft",
        "club_web_fine_button": "Strafe buchen",
        "club_web_fined": "{name}: {fine} \u00d7 {count}, {amount}.",
        "club_web_fines_catalogue": "Der Strafenkatalog des Vereins",
        "club_web_fine_item_new": "Eine Strafe in den Katalog, oder ein neuer Preis",
        "club_web_fine_item_hint": "Was euer Verein neben verlorenen Spielen bestraft: Spinksen, "
        "Würfel vom Tisch, zu oft gewürfelt. Ein neuer Preis gilt ab jetzt; Gebuchtes bleibt.",
        "club_web_fine_item_button": "In den Katalog",
        "club_web_fine_item_set": "{fine} kostet {price}.",
        "club_web_fine_item_remove": "Aus dem Katalog nehmen",
        "club_web_fine_item_removed": "{fine} ist aus dem Katalog.",
        "club_web_devices_title": "Geräte",
        "club_web_devices_hint": "Jeder Browser, auf dem der Verein offen ist. Abmelden schließt "
        "ihn dort; ein Browser, der den geheimen Link kennt, öffnet ihn damit wieder: um ihn "
        "auszusperren, einen neuen geheimen Link erstellen.",
        "club_web_devices_show": "Geräte zeigen",
        "club_web_devices_unknown": "unbekannter Browser",
        "club_web_devices_times": "geöffnet {created}, zuletzt {used} (UTC)",
        "club_web_devices_this": "dieses Gerät",
        "club_web_devices_end": "Abmelden",
        "club_web_devices_end_label": "{device} abmelden, geöffnet {created}",
        "club_web_devices_shown": "Auf {count} Geräten ist der Verein offen.",
        "club_web_devices_shown_1": "Auf 1 Gerät ist der Verein offen.",
        "club_web_devices_ended": "{device} ist abgemeldet.",
        "club_web_password_title": "Das Passwort des Vereins",
        "club_web_password_state_set": "Der Verein hat ein Passwort.",
        "club_web_password_state_none": "Der Verein hat kein Passwort; sein geheimer Link öffnet "
        "ihn.",
        "club_web_password_new": "Neues Passwort",
        "club_web_password_change_hint": "Mindestens 8 Zeichen. Ein neues Passwort, oder keins, "
        "beendet die Sitzungen des Vereins: jeder Browser außer diesem muss den Verein neu "
        "öffnen.",
        "club_web_password_button": "Passwort setzen",
        "club_web_password_remove": "Passwort entfernen",
        "club_web_password_is_set": "Das Passwort ist gesetzt; andere Browser müssen den Verein "
        "neu öffnen.",
        "club_web_password_removed": "Das Passwort ist entfernt; nur noch der geheime Link öffnet "
        "den Verein.",
        "club_web_secret_new": "Ein neuer geheimer Link",
        "club_web_secret_new_hint": "Der alte Link öffnet den Verein nicht mehr, und jeder Browser "
        "außer diesem muss ihn neu öffnen: mit dem neuen Link oder dem Passwort.",
        "club_web_secret_new_sure": "Ja, der alte Link soll nicht mehr gehen",
        "club_web_secret_new_button": "Neuen geheimen Link machen",
        "club_web_secret_made": "Ein neuer geheimer Link ist gemacht; der alte öffnet den Verein "
        "nicht mehr.",
        "club_web_settings": "Der Verein: Saisons, Link, Passwort",
        "club_web_season_start": "Saisons beginnen am (MM-TT)",
        "club_web_season_start_hint": "01-01: eine Saison ist ein Kalenderjahr; "
        "09-01: Saisons wie 2026/27.",
        "club_web_season_start_button": "Saisonbeginn setzen",
        "club_web_season_start_set": "Saisons beginnen jetzt am {day}.",
        "club_web_present_title": "Wer noch zu einem Abend kam",
        "club_web_present_more": "Kam auch",
        "club_web_present_all": "Alle sind an diesem Abend als anwesend eingetragen.",
        "club_web_present_button": "Als anwesend eintragen",
        "club_web_present_added": "Am {date} als anwesend eingetragen: {names}.",
        "club_web_present_pick": "Kreuze an, wer kam.",
        "club_web_views": "Das Vereinsbuch",
        "club_web_tab_tonight": "Heute",
        "club_web_tab_money": "Geld",
        "club_web_tab_members": "Mitglieder",
        "club_web_tab_stats": "Statistik",
        "club_web_tab_settings": "Optionen",
        "club_web_loading": "Wird geladen …",
        "club_web_members_first": "Noch keine Mitglieder: trage sie unter Mitglieder ein.",
        "club_web_start_title": "Den Abend beginnen",
        "club_web_start_hint": "Tippe an, wer da ist (weitere auch später):",
        "club_web_start_button": "Abend beginnen",
        "club_web_started": "Der Abend vom {date} hat begonnen: {count} da.",
        "club_web_tonight_of": "Heute, {date}",
        "club_web_evening_of": "Abend vom {date}",
        "club_web_back_tonight": "Zurück zu heute",
        "club_web_came": "Da ({count}):",
        "club_web_came_none": "noch niemand eingetragen.",
        "club_web_came_more": "Auch da? Namen antippen:",
        "club_web_games_tonight": "Spiele ({count})",
        "club_web_games_none": "Noch kein Spiel.",
        "club_web_game_line": "Spiel {number}: {loser} hat verloren",
        "club_web_source_pub": "Kneipenmodus",
        "club_web_source_online": "Online-Tisch",
        "club_web_source_loser": "nur Verlierer",
        "club_web_bots_in": "Bots nicht gezählt: {bots}",
        "club_web_from_tournament": "Turnier {tournament}, Runde {round}, Tisch {table}",
        "club_web_new_pub": "Neues Kneipenspiel",
        "club_web_by_loser": "Nur Verlierer",
        "club_web_by_table": "Tisch-Code",
        "club_web_pick_loser": "Wer hat verloren? Verlierer antippen (wer da ist, hat gespielt):",
        "club_web_loser_needs": "Ein Spiel braucht mindestens zwei, die da sind: oben eintragen.",
        "club_web_loser_button": "{name} hat verloren",
        "club_web_pub_item": "Kneipenspiel: {players}",
        "club_web_table_item": "Online-Tisch {code}: {players}",
        "club_web_bot_mark": "Bot",
        "club_web_pub_continue": "Weiter eintragen",
        "club_web_into_book": "Ins Buch",
        "club_web_into_book_label": "{what}: ins Buch",
        "club_web_fine_who": "Wer? Mitglied antippen:",
        "club_web_fine_what": "Welche Strafe für {name}? Antippen bucht sie:",
        "club_web_fine_what_first": "Welche Strafe? Erst ein Mitglied antippen, dann die Strafe:",
        "club_web_fine_pick_member": "Tippe erst ein Mitglied an, dann die Strafe.",
        "club_web_everyone_else": "Weitere …",
        "club_web_count_less": "Einmal weniger",
        "club_web_count_more": "Einmal mehr",
        "club_web_fines_empty_tonight": "Noch keine Strafen im Katalog des Vereins: trage sie ein "
        "unter",
        "club_web_totals": "Summen des Abends",
        "club_web_tonight_col": "Heute",
        "club_web_pay_tonight": "Zahlen",
        "club_web_pay_for": "Zahlen: {name}",
        "club_web_pay_label": "{name} zahlt",
        "club_web_totals_none": "Für diesen Abend ist noch nichts gebucht.",
        "club_web_close_evening": "Abend abschließen",
        "club_web_closed_title": "Der Abend vom {date} ist abgeschlossen",
        "club_web_closed_sum": "{count} da, {games}; an diesem Abend gebucht {charged}, "
        "bezahlt {paid}.",
        "club_web_closed_said": "Der Abend vom {date} ist abgeschlossen.",
        "club_web_closed_hint": "Auf diesem Gerät abgeschlossen; das Buch behält alles. Wieder "
        "öffnen, um mehr einzutragen.",
        "club_web_reopen": "Wieder öffnen",
        "club_web_reopened": "Der Abend vom {date} ist wieder offen.",
        "club_web_earlier": "Frühere Abende",
        "club_web_show_more_count": "Mehr zeigen ({count})",
        "club_web_welcome_title": "So kommen die anderen hinein",
        "club_web_welcome_text": "Schick den Mitgliedern diesen Link oder lass sie den Code "
        "scannen: Wer ihn hat, öffnet und führt das Buch des Vereins; teile ihn also nur mit den "
        "Mitgliedern. Unter Optionen steht er wieder, nur auf diesem Gerät.",
        "club_web_welcome_done": "Fertig",
        "club_web_link_text": "Wer diesen Link hat, kann das Buch des Vereins öffnen und ändern: "
        "teile ihn nur mit den Mitgliedern. Er ist nur auf diesem Gerät gespeichert.",
        "club_web_copy": "Link kopieren",
        "club_web_copied": "Der Link ist kopiert.",
        "club_web_copy_select": "Der Link ist markiert: kopiere ihn mit dem Kopierbefehl deines "
        "Geräts.",
        "club_web_link_qr_alt": "QR-Code des geheimen Links des Vereins",
        "club_web_link_unknown": "Dieses Gerät hat den Verein mit dem Passwort geöffnet und kennt "
        "den geheimen Link nicht (das Buch speichert nur eine Prüfsumme davon). Mach einen neuen, "
        "um ihn hier zu zeigen; der alte gilt dann nicht mehr.",
        "club_web_link_stale": "Der auf diesem Gerät gespeicherte Link öffnet den Verein nicht "
        "mehr (auf einem anderen Gerät wurde ein neuer gemacht): mach hier einen neuen, oder öffne "
        "den Verein mit dem neuen Link.",
        "club_web_balances_hint": "Namen antippen: seine Buchungen, eine Zahlung, per QR-Code "
        "zahlen.",
        "club_web_member_owes": "{name} schuldet {balance}",
        "club_web_ledger_of_name": "Buchungen von {name}, die neuesten zuerst",
        "club_web_lines_more": "Alle {count} Zeilen zeigen",
        "club_web_expense_new": "Neue Ausgabe",
        "club_web_add_member_title": "Neues Mitglied",
        "club_web_members_count": "Mitglieder ({count})",
        "club_web_member_change": "Ändern",
        "club_web_member_change_label": "{name} ändern",
        "club_web_chart_title": "Anteil verlorener Spiele",
        "club_web_season_title": "Saisons",
        "club_web_bots_title": "Bots an Online-Tischen",
        "club_web_bots_hint": "Ein fertiger Online-Tisch kommt mit einem Antippen ins Buch; ein "
        "Platz, den ein Bot gespielt hat, zählt als:",
        "club_web_bots_not_counted": "Nicht gezählt: der Bot ist kein Mitglied; was er verliert, "
        "kostet niemanden (ein Spiel, das ein Bot verliert, hat kein Mitglied verloren).",
        "club_web_bots_guest": "Ein Gast mit dem Namen des Bots: er zahlt, was er verliert, nie "
        "für verpasste Abende.",
        "club_web_bots_button": "Speichern",
        "club_web_bots_set_not_counted": "Plätze von Bots zählen ab jetzt nicht.",
        "club_web_bots_set_guest": "Plätze von Bots sind ab jetzt Gäste.",
        "club_web_log_bot_seats_set": "Plätze von Bots festgelegt",
        "offline_online": "Online",
        "offline_offline": "Offline",
        "offline_waiting_1": "1 Eintrag wartet",
        "offline_waiting_n": "{count} Einträge warten",
        "offline_held": "{count} zu klären",
        "offline_queued_said": "Auf diesem Handy gespeichert: wird gesendet, sobald es Netz gibt.",
        "offline_needs_signal": "Dafür braucht es den Server: bitte wieder versuchen, sobald es "
        "Netz gibt.",
        "offline_kept_book": "Kein Netz: das Buch, wie dieses Handy es zuletzt gesehen hat.",
        "offline_queue_title": "Auf diesem Handy, noch nicht gesendet ({count})",
        "offline_queue_hint": "Wird von selbst gesendet, sobald es Netz gibt, jeder Eintrag "
        "einmal.",
        "offline_settle_hint": "Manche Einträge passen nicht zu dem, was inzwischen von anderen "
        "Geräten kam: bitte jeweils entscheiden.",
        "offline_state_waiting": "wartet",
        "offline_conflict": "Nicht gebucht: {reason}",
        "offline_apply_anyway": "Trotzdem buchen",
        "offline_try_again": "Erneut senden",
        "offline_as_guest": "{name} als Gast aufnehmen und buchen",
        "offline_discard": "Verwerfen",
        "offline_discarded": "Verworfen: {what}.",
        "offline_no_member": "{name} ist jetzt kein Mitglied des Clubs (auf einem anderen Gerät "
        "umbenannt oder entfernt).",
        "offline_renamed": "{name} heißt jetzt {now} (auf einem anderen Gerät umbenannt).",
        "offline_book_on": "Auf {name} buchen",
        "offline_left_meanwhile": "{name} ist am {date} ausgetreten (auf einem anderen Gerät "
        "eingetragen).",
        "offline_same_game": "Spiel {number} dieses Abends, verloren von {loser}, kam inzwischen "
        "von einem anderen Gerät: vielleicht dasselbe Spiel doppelt.",
        "offline_what_evening": "Abend vom {date} begonnen ({count} da)",
        "offline_what_present": "Da: {names}",
        "offline_what_game": "Spiel: {loser} verliert",
        "offline_what_pub_game": "Kneipenspiel ins Buch",
        "offline_what_fine": "{name}: {fine} × {count}",
        "offline_what_payment": "{name} zahlt {amount}",
        "offline_what_charge": "{name}: {reason}, {amount}",
        "offline_what_expense": "Ausgabe: {purpose}, {amount}",
        "offline_what_member": "Neues Mitglied: {name}",
        "offline_game_pub_line": "Spiel {number}: ein Kneipenspiel",
        "offline_pub_waiting": "Ein Kneipenspiel: {count} Einträge warten auf den Schiedsrichter",
        "pub_offline_title": "Kein Netz: die Züge warten auf diesem Handy",
        "pub_offline_hint": "Ohne Netz kann das Handy nicht schiedsrichtern: bitte angeben, wer "
        "geworfen hat. Der Server prüft jeden Zug, sobald es wieder Netz gibt; einen Zug, den er "
        "ablehnt, zeigt diese Seite.",
        "pub_offline_who": "Wer hat geworfen",
        "pub_offline_waiting": "Warten auf den Schiedsrichter ({count})",
        "pub_offline_standing": "Stand beim letzten Netz: {standing}",
        "pub_offline_turn": "{name}: {dice}, Würfe: {throws}",
        "pub_offline_new_game": "Neues Spiel: {players}",
        "pub_offline_undo": "Letzten Eintrag zurücknehmen",
        "pub_offline_buys_in": "{name} würfelt sich wieder ein",
        "pub_offline_stays_out": "{name} bleibt draußen",
        "pub_offline_saved": "Gespeichert: {turn}. Wird geprüft, sobald es Netz gibt.",
        "pub_offline_taken_back": "Zurückgenommen: {turn}.",
        "pub_offline_take_back": "Zurücknehmen",
        "pub_offline_refused": "Vom Schiedsrichter abgelehnt: {reason}",
        "pub_web_for_club": "Ein Spiel für {club}, Abend vom {date}: wer da ist, steht schon drin.",
        "pub_web_to_book": "Ins Buch von {club}",
        "pub_web_link": "Echte Würfel in der Kneipe? Auf einem Handy mitschreiben",
        "pub_web_title": "In der Kneipe",
        "pub_web_intro": "Echte Würfel auf dem Tisch, ein Handy führt das Spiel: "
        "jeden Zug eintragen, um "
        "Regeln und Deckel kümmert sich die App.",
        "pub_web_players": "Mitspieler, in der Sitzreihenfolge",
        "pub_web_player": "Person {n}",
        "pub_web_add_player": "Noch jemand",
        "pub_web_half_stake": "Wer eine Hälfte verliert, zahlt",
        "pub_web_game_stake": "Wer das Spiel verliert, zahlt",
        "pub_web_stake_hint": "Freiwillig, zum Beispiel: eine Runde Kurze.",
        "pub_web_start": "Spiel beginnen",
        "pub_web_turn_of": "{name} ist dran",
        "pub_web_how": "Wie der Zug eingetragen wird",
        "pub_web_by_dice": "Würfel",
        "pub_web_by_result": "Ergebnis direkt",
        "pub_web_dice": "Die Würfel am Ende des Zugs",
        "pub_web_die": "Würfel {n}",
        "pub_web_die_pips": "Würfel {n}: {pips}",
        "pub_web_result": "Das Ergebnis",
        "pub_web_throws": "Würfe",
        "pub_web_hand": "Alle drei Würfel im letzten Wurf (aus der Hand)",
        "pub_web_turned": "Sechsen umgedreht",
        "pub_web_turned_0": "keine",
        "pub_web_turned_1": "eine",
        "pub_web_turned_2": "zwei",
        "pub_web_covered": "Der Becher blieb bis zum Aufdecken verdeckt",
        "pub_web_save": "Eintragen",
        "pub_web_undo": "Zurück",
        "pub_web_undo_label": "Zurück: den letzten Eintrag zurücknehmen",
        "pub_web_pick_dice": "Erst alle drei Würfel wählen.",
        "pub_web_one_die": "Der eine Würfel der Eröffnung",
        "pub_web_one_die_pips": "Der Würfel: {pips}",
        "pub_web_pick_die": "Erst den Würfel wählen.",
        "pub_web_pick_result": "Erst das Ergebnis wählen.",
        "pub_web_yes": "Ja, würfelt sich ein",
        "pub_web_no": "Nein",
        "pub_web_standing": "Stand",
        "pub_web_middle": "Mitte",
        "pub_web_out": "raus",
        "pub_web_this_round": "Diese Runde bisher",
        "pub_web_covered_cup": "verdeckt",
        "pub_web_log": "Was passiert ist",
        "pub_web_record": "Spielprotokoll herunterladen",
        "pub_web_new": "Neues Kneipenspiel",
        "pub_web_next_game": "Nächstes Spiel an diesem Tisch",
        "pub_web_counts": "Die Spiele dieses Tisches zählen von selbst für das Turnier.",
        "pub_web_unknown": "Dieses Kneipenspiel ist auf diesem Gerät nicht gespeichert "
        "(sein Schlüssel fehlt).",
        "club_created": "Verein {name} angelegt (Webadresse: {slug}).",
        "club_secret": "Geheimer Schlüssel für den Link des Vereins: {secret}\nGut aufheben: er "
        "wird nur jetzt gezeigt (`schocken club secret` macht einen neuen, der alte gilt dann "
        "nicht mehr).",
        "club_password_set": "Das Passwort des Vereins ist gesetzt.",
        "club_password_removed": "Der Verein hat jetzt kein Passwort (der geheime Link öffnet "
        "ihn weiter).",
        "club_password_prompt": "Neues Passwort für {name}: ",
        "club_clubs": "Vereine in {db}:",
        "club_no_clubs": "Noch kein Verein in {db}: schocken club create NAME",
        "club_member_added": "{name} ist jetzt Mitglied von {club}.",
        "club_guest_added": "{name} spielt jetzt als Gast bei {club} mit.",
        "club_member": "{name}",
        "club_guest": "{name} (Gast)",
        "club_since": "seit {date}",
        "club_left": "ausgetreten {date}",
        "club_member_renamed": "{name} heißt jetzt {new_name}.",
        "club_member_left": "{name} ist am {date} ausgetreten.",
        "club_evening_added": "Abend vom {date}{place}: {present}.",
        "club_at": " in {place}",
        "club_nobody": "noch niemand",
        "club_evening_line": "{date}{place}: {count} da, {games}",
        "club_present": "Anwesend: {names}",
        "club_game": "Spiel {number}",
        "club_game_added": "Spiel {number} vom {date}: {loser} hat verloren.",
        "club_game_line": "Spiel {number}: {loser} hat verloren{details}",
        "club_game_void": "Spiel {number}: gestrichen ({reason})",
        "club_game_voided": "Spiel {number} vom {date} ist gestrichen: {reason}.",
        "club_halves": " (Hinrunde {first}, Rückrunde {second}{finale})",
        "club_one_half": " (die Runde: {first})",
        "club_finale": ", Finale {loser}",
        "club_extra_halves": ", weitere Hälften {losers}",
        "club_by_aus": " durch Schock-Aus",
        "club_blattschuss": ", Blattschuss",
        "club_fines": "Strafen des Abends: {fines}",
        "club_no_fines": "Keine Strafen an diesem Abend.",
        "club_price_set": "{item} kostet {amount} {start}.",
        "club_from_start": "von Anfang an",
        "club_from_date": "ab {date}",
        "club_no_prices": "Noch keine Preise: schocken club price set POSTEN BETRAG",
        "club_no_fine_items": "Noch keine Strafen im Katalog: schocken club fine-item set NAME "
        "BETRAG",
        "club_fine_item_removed": "{name} ist aus dem Katalog (Gebuchtes bleibt).",
        "club_item_game_lost": "Spiel verloren",
        "club_item_half_lost": "Hälfte verloren",
        "club_item_schock_aus_taken": "Schock-Aus kassiert",
        "club_item_schock_aus_given": "Schock-Aus geworfen",
        "club_item_blattschuss": "Blattschuss (zusätzlich)",
        "club_item_attended": "Abend da gewesen",
        "club_item_absent": "Abend gefehlt",
        "club_item_charge": "Strafe",
        "club_item_payment": "Zahlung",
        "club_paid": "{member} hat {amount} bezahlt; {balance}.",
        "club_account_set": "{club} wird auf {iban} ({holder}) bezahlt.",
        "club_account_none": "{club} hat kein Bankkonto angegeben.",
        "club_pay_qr_written": "{file}: {member} zahlt {amount} an {iban}, Verwendungszweck "
        '"{reference}" (mit der Banking-App scannen).',
        "club_charged": "{member} zahlt {amount} ({reason}); {balance}.",
        "club_owes": "schuldet {amount}",
        "club_credit": "Guthaben {amount}",
        "club_settled": "ausgeglichen",
        "club_balance_head": "Mitglied|Strafen|bezahlt|Stand",
        "club_kitty": "In der Kasse: {balance} (eingezahlt {paid}, ausgegeben {out}); "
        "noch offen: {owed}.",
        "club_expense_added": "Aus der Kasse bezahlt am {date}: {amount} für {purpose}{by}; "
        "in der Kasse jetzt: {balance}.",
        "club_expense_by": ", ausgezahlt von {name}",
        "club_no_expenses": "Noch keine Ausgaben.",
        "club_expenses_total": "Insgesamt ausgegeben: {amount}.",
        "club_kitty_in": "Eingezahlt (Zahlungen)",
        "club_kitty_out": "Ausgegeben (Ausgaben)",
        "club_kitty_balance": "In der Kasse",
        "club_kitty_owed": "Der Kasse geschuldet (offene Strafen, noch nicht darin)",
        "club_kitty_credit": "Von Mitgliedern vorausbezahlt (in der Kasse)",
        "club_stats_title": "{club}, {season}: {evenings}, {games}",
        "club_all_seasons": "alle Spielzeiten",
        "club_season": "Spielzeit {season}",
        "club_stats_head": "Mitglied|Abende|Spiele|verloren|Anteil [95%-Intervall]|per Zufall|"
        "Hälften verloren|Schock-Aus verteilt/kassiert|längste Serie verloren/unbesiegt|jetzt",
        "club_loses_to": "Wer verliert gegen wen (Zeile verliert, Spalte saß mit am Tisch: "
        "verloren/gespielt):",
        "club_no_games": "Noch keine Spiele.",
        "club_exported": "{club} exportiert nach {file}.",
        "club_imported": "{club} importiert aus {file}.",
        "club_written": "{kind} geschrieben nach {file}.",
        "club_plot_saved": "Grafik gespeichert unter {file}.",
        "preset_tsv99": "TSV 99",
        "preset_schock4life": "Schock4Life",
        "preset_knobelrunde": "Knobelrunde",
        "preset_allgemein": "Allgemeine Regeln",
        "preset_custom": "Eigene",
        "preset_line": "{preset} – {apart}",
        "rules_group_deckel": "Deckel",
        "rules_group_throws": "Würfe und Würfel",
        "rules_group_specials": "Besondere Würfe",
        "rules_group_ties": "Gleichstand",
        "rules_group_opening": "Eröffnung und Einwürfeln",
        "rules_group_halves": "Hälften und Finale",
        "rules_group_schock_aus": "Schock-Aus",
        "option_said": "{option}: {value}",
        "option_deckel_per_half": "Deckel je Hälfte",
        "option_deckel_per_half_help": "Wie viele Deckel zu Beginn jeder Hälfte in der Mitte "
        "liegen.",
        "option_deckel_per_half_n": "{n} Deckel je Hälfte",
        "option_deckel_in_finale": "Deckel im Finale",
        "option_deckel_in_finale_help": "Wie viele Deckel zu Beginn des Finales in der Mitte "
        "liegen.",
        "option_deckel_in_finale_n": "{n} Deckel im Finale",
        "option_deckel_owed": "Was der Verlierer einer Runde nimmt",
        "option_deckel_owed_help": "Den Wert des besten Ergebnisses der Runde, oder die Werte "
        "aller besonderen Ergebnisse der Runde zusammen.",
        "option_deckel_owed_best": "den Wert des besten Ergebnisses",
        "option_deckel_owed_sum": "alle besonderen Ergebnisse zusammen",
        "option_put_back": "Würfel zurück in den Becher",
        "option_put_back_help": "Ob rausgelegte Würfel eines früheren Wurfs wieder mitgeworfen "
        "werden dürfen.",
        "option_put_back_on": "Rausgelegtes darf zurück",
        "option_put_back_off": "Rausgelegtes bleibt draußen",
        "option_set_aside": "Welche Würfel rausgelegt werden dürfen",
        "option_set_aside_help": "Welche Würfel man für den nächsten Wurf aus dem Becher lassen "
        "darf.",
        "option_set_aside_any": "jeder Würfel",
        "option_set_aside_ones": "nur Einsen",
        "option_set_aside_ones_and_sixes": "nur Einsen und Sechsen",
        "option_sixes_turn": "Wann Sechsen gedreht werden",
        "option_sixes_turn_help": "Zwei Sechsen eines Wurfs dürfen zu einer Eins werden (drei "
        "Sechsen zu zwei Einsen), immer nur mit einem Wurf übrig.",
        "option_sixes_turn_any_throw": "nach jedem Wurf",
        "option_sixes_turn_one_throw": "nur nach einem Wurf aller drei Würfel",
        "option_sixes_turn_first_throw": "nur nach dem ersten Wurf eines Zugs",
        "option_sixes_turn_never": "nie",
        "option_sixes_rethrow": "Nach dem Drehen neu geworfen",
        "option_sixes_rethrow_help": "Was zurück in den Becher muss, nachdem Sechsen zu Einsen "
        "gedreht wurden.",
        "option_sixes_rethrow_other_sixes": "die andere(n) Sechse(n)",
        "option_sixes_rethrow_all_remaining": "jeder nicht gedrehte Würfel",
        "option_covered": "Verdeckte Würfe",
        "option_covered_help": "Welcher Wurf bis zum Aufdecken der Runde unter dem Becher bleibt.",
        "option_covered_never": "keiner, alle Würfe offen",
        "option_covered_last_throw": "der Wurf, der die Wurfzahl ausschöpft",
        "option_covered_third_throw": "ein dritter Wurf",
        "option_covered_all": "jeder Wurf",
        "option_open_round": "Offene Runde",
        "option_open_round_help": "Wer eröffnet und seinen ersten Wurf offen stehen lässt, macht "
        "die ganze Runde offen: kein Becher bleibt verdeckt.",
        "option_open_round_on": "offener erster Wurf macht die Runde offen",
        "option_open_round_off": "keine offenen Runden",
        "option_blind": "Blind",
        "option_blind_help": "Wer eröffnet, darf seinen ersten Wurf blind werfen: dann hat jeder "
        "einen Wurf, für alle verdeckt bis zum Aufdecken.",
        "option_blind_on": "blind eröffnen erlaubt",
        "option_blind_off": "kein Blindspiel",
        "option_blind_double": "Blind zählt doppelt",
        "option_blind_double_help": "In einer blind eröffneten Runde zählen die Deckel doppelt "
        "(ein Schock-Aus bleibt ein Schock-Aus).",
        "option_blind_double_on": "Blindrunden zählen doppelt",
        "option_blind_double_off": "Blindrunden zählen einfach",
        "option_first_round_one_throw": "Erster Hoch",
        "option_first_round_one_throw_help": "Die erste Runde um Deckel jeder Hälfte (und des "
        "Finales) wird mit einem Wurf für alle gespielt.",
        "option_first_round_one_throw_never": "nie",
        "option_first_round_one_throw_halves": "in jeder Hälfte",
        "option_first_round_one_throw_halves_and_finale": "in jeder Hälfte und im Finale",
        "option_one_throw_while_middle": "Anknobeln",
        "option_one_throw_while_middle_help": "Solange Deckel in der Mitte liegen, wird jede Runde "
        "mit einem Wurf gespielt.",
        "option_one_throw_while_middle_on": "ein Wurf, solange die Mitte Deckel hat",
        "option_one_throw_while_middle_off": "bis zu drei Würfe von Anfang an",
        "option_general": "General",
        "option_general_help": "Drei gleiche Würfel (keine Einsen) sind ein General, 3 wert; ohne "
        "ihn sind sie eine normale Zahl.",
        "option_general_on": "mit General",
        "option_general_off": "kein General",
        "option_general_one_throw": "General nur aus einem Wurf",
        "option_general_one_throw_help": "Ob ein General nur zählt, wenn alle drei Würfel ihn in "
        "einem Wurf zeigen.",
        "option_general_one_throw_on": "General nur aus einem Wurf",
        "option_general_one_throw_off": "General darf zusammengewürfelt werden",
        "option_general_beats_schock_2": "General schlägt Schock 2",
        "option_general_beats_schock_2_help": "Ob ein General über Schock 2 (und unter Schock 3) "
        "steht.",
        "option_general_beats_schock_2_on": "General schlägt Schock 2",
        "option_general_beats_schock_2_off": "jeder Schock schlägt einen General",
        "option_strassen": "Straßen",
        "option_strassen_help": "Welche Folgen dreier Würfel eine Straße sind (2 wert); die "
        "anderen sind normale Zahlen.",
        "option_strassen_all": "alle vier",
        "option_strassen_outer": "nur 1-2-3 und 4-5-6",
        "option_strasse_one_throw": "Straße nur aus einem Wurf",
        "option_strasse_one_throw_help": "Ob eine Straße nur zählt, wenn alle drei Würfel sie in "
        "einem Wurf zeigen.",
        "option_strasse_one_throw_on": "Straße nur aus einem Wurf",
        "option_strasse_one_throw_off": "Straße darf zusammengewürfelt werden",
        "option_strasse_rank": "Zwei Straßen",
        "option_strasse_rank_help": "Ob eine höhere Straße eine niedrigere schlägt, oder alle "
        "gleich sind und der Gleichstand entscheidet.",
        "option_strasse_rank_by_pips": "die höhere ist besser",
        "option_strasse_rank_equal": "alle gleich",
        "option_plain_rank": "Normale Zahlen",
        "option_plain_rank_help": "Wie normale Zahlen sich vergleichen: als dreistellige Zahl "
        "(6-5-4 ist 654) oder nach der Augensumme.",
        "option_plain_rank_digits": "als dreistellige Zahl",
        "option_plain_rank_pip_sum": "nach der Augensumme",
        "option_jule": "Jule (4-2-1)",
        "option_jule_help": "Ob 4-2-1 eine Jule ist, ein besonderer Wurf; ohne sie ist 4-2-1 die "
        "normale Zahl 421.",
        "option_jule_on": "Jule (4-2-1) zählt",
        "option_jule_off": "keine Jule",
        "option_jule_deckel": "Eine Jule ist wert (Deckel)",
        "option_jule_deckel_help": "Wie viele Deckel eine Jule wert ist.",
        "option_jule_deckel_n": "Jule ist {n} wert",
        "option_jule_rank": "Wo die Jule steht",
        "option_jule_rank_help": "Direkt unter dem Schock-Aus, oder nach ihrem Wert zwischen den "
        "Schocks.",
        "option_jule_rank_top": "direkt unter Schock-Aus",
        "option_jule_rank_by_worth": "nach ihrem Wert",
        "option_jule_one_throw": "Jule nur aus einem Wurf",
        "option_jule_one_throw_help": "Ob eine Jule nur zählt, wenn alle drei Würfel sie in einem "
        "Wurf zeigen (zusammengewürfelt ist sie 421).",
        "option_jule_one_throw_on": "Jule nur aus einem Wurf",
        "option_jule_one_throw_off": "Jule darf zusammengewürfelt werden",
        "option_nutte": "Nutte (2-2-1)",
        "option_nutte_help": "Ob 2-2-1 eine Nutte ist, ein besonderer Wurf; ohne sie ist 2-2-1 die "
        "normale Zahl 221, die niedrigste.",
        "option_nutte_on": "Nutte (2-2-1) zählt",
        "option_nutte_off": "keine Nutte",
        "option_nutte_deckel": "Eine Nutte ist wert (Deckel)",
        "option_nutte_deckel_help": "Wie viele Deckel eine Nutte wert ist.",
        "option_nutte_deckel_n": "Nutte ist {n} wert",
        "option_nutte_rank": "Wo die Nutte steht",
        "option_nutte_rank_help": "Direkt unter dem Schock-Aus, oder nach ihrem Wert zwischen den "
        "Schocks.",
        "option_nutte_rank_top": "direkt unter Schock-Aus",
        "option_nutte_rank_by_worth": "nach ihrem Wert",
        "option_nutte_one_throw": "Nutte nur aus einem Wurf",
        "option_nutte_one_throw_help": "Ob eine Nutte nur zählt, wenn alle drei Würfel sie in "
        "einem Wurf zeigen (zusammengewürfelt ist sie 221).",
        "option_nutte_one_throw_on": "Nutte nur aus einem Wurf",
        "option_nutte_one_throw_off": "Nutte darf zusammengewürfelt werden",
        "option_achter": "Achter (3-3-1)",
        "option_achter_help": "Ob 3-3-1 ein Achter ist, ein besonderer Wurf, der nach seinem Wert "
        "steht; ohne ihn ist 3-3-1 die normale Zahl 331.",
        "option_achter_on": "Achter (3-3-1) zählt",
        "option_achter_off": "kein Achter",
        "option_achter_deckel": "Ein Achter ist wert (Deckel)",
        "option_achter_deckel_help": "Wie viele Deckel ein Achter wert ist.",
        "option_achter_deckel_n": "Achter ist {n} wert",
        "option_tiebreak": "Gleiche Ergebnisse",
        "option_tiebreak_help": "Welches von zwei gleichen Ergebnissen das schlechtere ist.",
        "option_tiebreak_later_loses": "wer später wirft, verliert",
        "option_tiebreak_more_throws_then_later": "mehr Würfe verlieren, dann wer später wirft",
        "option_tiebreak_one_throw_then_later": "aus einem Wurf schlägt zusammengewürfelt, dann "
        "verliert, wer später wirft",
        "option_tiebreak_throw_off": "Stechen um den schlechtesten",
        "option_tiebreak_no_deckel": "bei Gleichstand der Schlechtesten nimmt niemand Deckel",
        "option_hand_aus_beats": "Hand-Aus schlägt",
        "option_hand_aus_beats_help": "Ob ein Schock-Aus aus einem Wurf einen zusammengewürfelten "
        "schlägt, egal wie viele Würfe.",
        "option_hand_aus_beats_on": "Hand-Aus schlägt zusammengewürfelten Schock-Aus",
        "option_hand_aus_beats_off": "jeder Schock-Aus ist gleich",
        "option_opening": "Eröffnung",
        "option_opening_help": "Wer die erste Runde des Spiels eröffnet.",
        "option_opening_plain_round": "eine Runde ohne Deckel, der Beste eröffnet",
        "option_opening_lowest_takes": "ein Wurf jeder, der Niedrigste nimmt Deckel und eröffnet",
        "option_opening_worst_opens": "ein Wurf jeder, der Niedrigste eröffnet",
        "option_opening_high_die": "ein Würfel jeder, der höchste eröffnet",
        "option_opening_low_die": "ein Würfel jeder, der niedrigste eröffnet",
        "option_opening_first_seat": "keine, wer zuerst genannt ist, eröffnet",
        "option_later_opener": "Wer eröffnet, wenn die Mitte leer ist",
        "option_later_opener_help": "Wer eine Runde eröffnet, wenn die Mitte leer ist: wer die "
        "letzte Runde verlor, wer die meisten Deckel hat, oder der Spieler nach ihm.",
        "option_later_opener_loser": "wer die letzte Runde verlor",
        "option_later_opener_most_deckel": "wer die meisten Deckel hat",
        "option_later_opener_after_most_deckel": "der Spieler nach dem mit den meisten",
        "option_einwuerfeln": "Einwürfeln",
        "option_einwuerfeln_help": "Ob ein ausgeschiedener Spieler sich vor einer Runde wieder "
        "einwürfeln darf.",
        "option_einwuerfeln_on": "Einwürfeln erlaubt",
        "option_einwuerfeln_off": "raus ist raus bis zum Ende der Hälfte",
        "option_einwuerfeln_form": "Wie man sich einwürfelt",
        "option_einwuerfeln_form_help": "Mit einem Deckel von jedem, der Deckel hat, oder auf "
        "Risiko: ohne Deckel, die er nur behält, wenn er die Runde verliert.",
        "option_einwuerfeln_form_from_each_holder": "ein Deckel von jedem mit Deckeln",
        "option_einwuerfeln_form_at_risk": "auf Risiko",
        "option_finale": "Finale",
        "option_finale_help": "Zwei Hälften und, wenn zwei verschiedene Spieler sie verloren, ein "
        "Finale der beiden. Ohne Finale ist das Spiel eine Hälfte.",
        "option_finale_on": "zwei Hälften und ein Finale",
        "option_finale_off": "eine Hälfte, kein Finale",
        "option_more_halves": "Weitere Hälften statt Finale",
        "option_more_halves_help": "Auf zwei verschiedene Verlierer der Hälften folgen weitere "
        "Hälften mit allen, bis einer zwei verloren hat.",
        "option_more_halves_on": "weitere Hälften statt Finale",
        "option_more_halves_off": "ein Finale nach zwei Hälften",
        "option_finale_opener": "Wer das Finale beginnt",
        "option_finale_opener_help": "Wer die letzte Runde verlor, oder wer die erste Hälfte "
        "verlor.",
        "option_finale_opener_last_round_loser": "wer die letzte Runde verlor",
        "option_finale_opener_first_half_loser": "wer die Hinrunde verlor",
        "option_schock_aus": "Was ein Schock-Aus bewirkt",
        "option_schock_aus_help": "Die Hälfte beenden (der Schlechteste der Runde nimmt alle "
        "Deckel), das Spiel beenden, oder einen festen Wert zählen.",
        "option_schock_aus_half": "beendet die Hälfte",
        "option_schock_aus_game": "beendet das Spiel",
        "option_schock_aus_worth": "zählt einen festen Wert",
        "option_schock_aus_deckel": "Ein Schock-Aus ist wert (Deckel)",
        "option_schock_aus_deckel_help": "Wie viele Deckel ein Schock-Aus wert ist, wenn er einen "
        "festen Wert zählt.",
        "option_schock_aus_deckel_n": "Schock-Aus ist {n} wert",
        "rb_title": "Hausregeln",
        "rb_intro": "Beginnt mit einem Regelwerk und ändert, was ihr anders spielt. Jede Option "
        "sagt, wo sie so gespielt wird.",
        "rb_preset": "Ausgehend von",
        "rb_summary": "Was anders ist",
        "rb_same": "Genau {preset}.",
        "rb_differs": "{preset}, aber: {changes}.",
        "rb_changed": "geändert",
        "rb_preset_value": "{preset}: {value}",
        "rb_where": "Wo so gespielt wird",
        "rb_elsewhere": "Anderswo",
        "rb_sources": "Quellen",
        "rb_use": "Diese Regeln nehmen",
        "rb_cancel": "Abbrechen",
        "rb_start_table": "Tisch mit diesen Regeln eröffnen",
        "rb_start_pub": "In der Kneipe mit diesen Regeln mitschreiben",
        "rb_share": "Diese Regeln teilen",
        "rb_share_hint": "Wer den Link öffnet oder den Code scannt, sieht diese Regeln hier.",
        "rb_link": "Link zu diesen Regeln",
        "rb_copy": "Link kopieren",
        "rb_copied": "Link kopiert.",
        "rb_copy_by_hand": "Dieser Browser kann nicht kopieren: der Link ist markiert, kopiere ihn "
        "von Hand.",
        "rb_qr": "QR-Code des Links zu diesen Regeln",
        "rb_save_club": "Als unsere Regeln speichern: {club}",
        "rb_saved_club": "Als Regeln von {club} gespeichert.",
        "rb_toml": "TOML (Import und Export)",
        "rb_toml_label": "Diese Regeln als TOML",
        "rb_toml_hint": "In eine Datei kopieren, oder Hausregeln hier einfügen und einlesen.",
        "rb_toml_read": "Einlesen",
        "rb_toml_read_done": "Eingelesen: {summary}",
        "rb_open": "Hausregeln zusammenstellen",
        "rb_link_home": "Hausregeln zusammenstellen und teilen",
        "rb_club_rules": "Unsere Regeln: {club}",
        "rb_use_club": "Unsere Regeln nehmen ({club})",
        "rb_loading": "Regeln werden geladen…",
        "web_link_broken": "Dieser Link ist kaputt (unterwegs abgeschnitten oder verändert): was "
        "er öffnen sollte, ließ sich nicht lesen. Die Seite geht auch ohne ihn.",
        "rules_code_bad": "{where} enthält kein Regelwerk",
        "rules_check_what": "schicke die Regeln zum Prüfen als 'rules' ({{preset, overrides}}), "
        "'toml' oder 'code'",
        "rb_toml_summary": "Hausregeln als TOML",
        "rb_club_title": "Unsere Regeln",
        "rb_club_none": "Noch keine eigenen Regeln: zusammenstellen, dann für den Verein "
        "speichern.",
        "rb_club_open": "Ansehen und ändern",
        "tournament_created": "Turnier {name} angelegt: {format}, {date}, Los-Startwert {seed}.",
        "tournament_none": "Noch kein Turnier hier (schocken tournament create NAME --date "
        "JJJJ-MM-TT).",
        "tournament_list_head": "Turnier|Datum|Modus|Verein|Spieler|Runden|Spiele",
        "tournament_registered": "Angemeldet: {names}.",
        "tournament_registered_many": "Angemeldet: {count} Spieler.",
        "tournament_seated_late": "In Runde {round} gesetzt: {names}.",
        "tournament_from_round": "{names} spielen ab Runde {round}.",
        "tournament_withdrawn": "{name} hat das Turnier nach Runde {round} verlassen.",
        "tournament_undrawn": "Die Auslosung der Runde {round} ist zurückgenommen; 'draw' lost "
        "sie neu aus.",
        "tournament_unregistered": "{name} ist abgemeldet.",
        "tournament_players_head": "Nr.|Spieler|Team|ab Runde|raus nach",
        "tournament_round": "Runde {round}: {stage}",
        "tournament_table": "Tisch {table}",
        "tournament_springer": "(Springer: ein Spieler weniger)",
        "tournament_springer_uneven": (
            "Die Teams ließen nicht zu, dass die kleineren Tische an die gehen, die am seltensten "
            "an einem saßen (Teamkameraden werden zuerst getrennt)."
        ),
        "tournament_games_played": "Spiele: {games}",
        "tournament_no_rounds": "Noch keine Runde ausgelost (schocken tournament draw).",
        "tournament_stage_points": "Punkterunde",
        "tournament_stage_lives": "Lebensrunde",
        "tournament_stage_knockout": "K.O.-Runde",
        "tournament_stage_final_table": "Final Table",
        "tournament_entered": "Spiel {number} an Tisch {table} in Runde {round}: {loser} hat "
        "verloren.",
        "tournament_removed": "Spiel {number} an Tisch {table} in Runde {round} zurückgenommen.",
        "tournament_game_line": "Runde {round}, Tisch {table}, Spiel {number} ({source}): "
        "{loser} hat verloren",
        "tournament_score_points": "Punkte",
        "tournament_score_loss_points": "Verlustpunkte",
        "tournament_score_lives": "Leben",
        "tournament_rank_head": "Platz|Spieler|Team|{score}|Runden|Spiele|verloren|"
        "Hälften verloren|Schock-Aus verteilt/kassiert",
        "tournament_final_head": "Platz|Spieler|Team|erreicht|{score}|Spiele|verloren",
        "tournament_reached": "Runde {round}, {place}.",
        "tournament_table_head": "Platz|Spieler|Leben|Punkte|",
        "tournament_goes_on": "weiter",
        "tournament_decided": "entschieden",
        "tournament_open": "wird noch gespielt",
        "tournament_teams_head": "Platz|Team|{score}|Spieler",
        "tournament_tie_breaks": "Bei Gleichstand: {breaks}; dann ein geteilter Platz.",
        "tournament_tb_fewer_games_lost": "weniger verlorene Spiele",
        "tournament_tb_fewer_halves_lost": "weniger verlorene Hälften",
        "tournament_tb_more_schock_aus": "mehr Schock-Aus verteilt",
        "tournament_tb_fewer_schock_aus_taken": "weniger Schock-Aus kassiert",
        "tournament_king": "Schock-Aus-König: {names} ({given}-mal Schock-Aus).",
        "tournament_no_king": "Noch kein Schock-Aus.",
        "tournament_overall": "Gesamt",
        "tournament_qualifying": "Qualifikation",
        "tournament_teams": "Teams",
        "tournament_exported": "{name} exportiert nach {file}.",
        "tournament_imported": "{name} importiert aus {file}.",
        "tournament_printed": "{name}: {views} gedruckt in {file}.",
        # The rules lab (schocken lab, the builder's panel): one block.
        "lab_title": "Regel-Labor: {rules}",
        "lab_figure": "Kennzahl",
        "lab_interval": "95-%-Intervall",
        "lab_difference": "Unterschied",
        "lab_verdict": "Mehr als Zufall?",
        "lab_beyond": "ja",
        "lab_within": "nein",
        "lab_rounds": "Runden pro Spiel",
        "lab_turns": "Züge pro Spiel",
        "lab_minutes": "Minuten pro Spiel",
        "lab_finale": "Spiele mit Finale",
        "lab_schock_aus": "Runden, die mit Schock-Aus enden",
        "lab_opener_lost": "Runden, die der Eröffner verliert",
        "lab_p95_rounds": "Längste Spiele (95. Perzentil, Runden)",
        "lab_skill": "Anteil verlorener Spiele des starken Bots (gleich verteilt: {even})",
        "lab_no_finale": "kein Finale",
        "lab_engine_fast": "dem Stapelsimulator",
        "lab_engine_reference": "der Referenz-Engine",
        "lab_games": "{games} Spiele von vier Stammspielern auf {engine}.",
        "lab_no_fast": "Der Stapelsimulator (Extra 'fast': numba) ist nicht installiert: weniger "
        "Spiele auf der Referenz-Engine, daher breitere Intervalle.",
        "lab_skill_games": "Können: {games} Spiele des Bots {bot} gegen drei Stammspieler auf "
        "{engine}.",
        "lab_skill_short": "Können nur aus {games} statt {asked} Spielen: Der starke Bot spielt "
        "neue Regeln noch nicht in Stapelgeschwindigkeit (breiteres Intervall).",
        "lab_pace_default": "Minuten bei einem angenommenen Tempo von {seconds} s pro Zug.",
        "lab_pace_club": "Minuten im Tempo des Vereins: {minutes} min pro Spiel (Median aus {gaps} "
        "Spielen im Buch), {seconds} s pro Zug.",
        "lab_test": "Mehr als Zufall: zweiseitiger z-Test auf 5-%-Niveau, Holm-korrigiert über "
        "{count} Kennzahlen.",
        "lab_plot_title": "Runden pro Spiel",
        "lab_plot_x": "Runden",
        "lab_plot_y": "Anteil der Spiele",
        "lab_plot_written": "Grafik geschrieben nach {file}.",
        "lab_web_heading": "Regel-Labor: Was diese Regeln bewirken",
        "lab_web_intro": "Simulierte Spiele von vier Stammspielern und eines starken Bots gegen "
        "drei Stammspieler, mit 95-%-Intervallen.",
        "lab_web_against": "Daneben",
        "lab_web_none": "nichts",
        "lab_web_run": "Diese Regeln messen",
        "lab_web_running": "Wird gemessen …",
        "lab_web_done": "Kennzahlen fertig.",
        "lab_web_ours": "Diese Regeln",
        "lab_refuse_busy": "Das Labor misst noch deine letzte Anfrage; versuch es gleich noch "
        "einmal.",
        "lab_refuse_rules": "Das Labor kann diese Regeln nicht messen: {reason}",
    },
}

for _lang, _refusals in REFUSALS.items():  # the refusals of names, the book, pub mode, the server
    CATALOGUE[_lang].update(_refusals)
for _lang, _words in TOURNAMENT_TEXTS.items():  # a tournament's pages and paper
    CATALOGUE[_lang].update(_words)


def default_language() -> str:
    """The language of the system locale where the catalogue has it, else English
    (``de_DE.UTF-8`` → ``de``)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return _known(value)
    return _known(locale.getlocale()[0] or "")


def _known(name: str) -> str:
    code = name.lower().replace("-", "_").split(".")[0].split("@")[0]
    for lang in (code, code.split("_")[0]):
        if lang in CATALOGUE:
            return lang
    return "en"


def t(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` with its fields filled in."""
    if lang not in CATALOGUE:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return CATALOGUE[lang][key].format(**fields)


def throw_nth(n: int, lang: str) -> str:
    """The ``n``-th throw as ``lang`` counts it, the one wording of every screen.

    >>> throw_nth(1, "en"), throw_nth(2, "en"), throw_nth(3, "en"), throw_nth(4, "en")
    ('1st throw', '2nd throw', '3rd throw', '4th throw')
    >>> throw_nth(1, "de")
    '1. Wurf'
    """
    key = f"throw_nth_{n}"
    return t(key if key in CATALOGUE[lang] else "throw_nth", lang, n=n)


def counted(key: str, n: int, lang: str, **fields: object) -> str:
    """The text ``key`` for ``n`` things: its form for one (``key_1``) where the catalogue has
    one, else ``key`` with ``n`` (the club's, the review's and pub mode's counts).

    >>> counted("n_evenings", 1, "en"), counted("n_evenings", 2, "en"), counted("n_games", 1, "de")
    ('1 evening', '2 evenings', '1 Spiel')
    """
    forms = CATALOGUES[lang].forms.get(key) if lang in CATALOGUES else None
    if forms is not None:  # a plural entry of the catalogue: the language's rule picks the form
        return forms[CATALOGUES[lang].plural(n)].format(n=n, **fields)
    one = f"{key}_1"
    return t(one if n == 1 and one in CATALOGUE[lang] else key, lang, n=n, **fields)


E = TypeVar("E", bound=SchockenError)


def refused(kind: type[E], key: str, /, **fields: object) -> E:
    """A refusal: an error of ``kind`` whose message is the text ``key`` in English, carrying
    the key and fields for :func:`refusal_text`. A field may be a :class:`Said` or another
    refusal (the reason inside a reason): both are said in the language asked for."""
    return kind(_refusal(key, "en", fields), key=key, **fields)


def refusal_text(error: Exception, lang: str) -> str:
    """Why something was refused, in ``lang`` (the message itself where the error has no text
    in the catalogue)."""
    if not isinstance(error, SchockenError) or error.key is None:
        return str(error)
    return _refusal(error.key, lang, error.fields)


def _refusal(key: str, lang: str, fields: dict[str, object]) -> str:
    def word(value: object) -> object:
        if isinstance(value, Said):
            text = _refusal(value.key, lang, value.fields)
            return text[:1].lower() + text[1:] if value.lower_first else text
        if isinstance(value, Exception):
            return refusal_text(value, lang)
        return value

    return t(key, lang, **{name: word(value) for name, value in fields.items()})


def money(cents: int, lang: str, currency: str = "EUR") -> str:
    """An amount in cents as people write it: ``12,50 €`` in German, ``€12.50`` in English.

    >>> money(123456, "de"), money(-250, "en"), money(300, "de", "Kisten")
    ('1.234,56 €', '-€2.50', '3,00 Kisten')
    """
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    number = f"{whole:,}".replace(",", t("number_group", lang))
    number += t("number_decimal", lang) + f"{part:02d}"
    if currency == "EUR":
        return t("money_eur", lang, sign=sign, number=number)
    return t("money_other", lang, sign=sign, number=number, currency=currency)


def result_name(result: Result | None, lang: str) -> str:
    """A result as players say it ("Schock 4", "General 5", "6-5-2")."""
    if result is None:
        return t("covered", lang)
    if result.kind is ResultKind.PLAIN:
        return "-".join(str(p) for p in result.dice)
    if result.kind is ResultKind.STRASSE:
        word = t("strasse_word", lang)
        return f"{word} {'-'.join(str(p) for p in result.dice)}"
    if result.kind is ResultKind.JULE:
        return t("result_jule", lang)
    if result.kind is ResultKind.NUTTE:
        return t("result_nutte", lang)
    if result.kind is ResultKind.ACHTER:
        return t("result_achter", lang)
    return result.name


def action_name(action: Action, lang: str) -> str:
    """An action as players say it ("keep 1-1 and throw one die", "stop")."""
    if isinstance(action, Throw):
        if not action.keep:
            return t("action_throw", lang)
        n = t(f"action_dice_{3 - len(action.keep)}", lang)
        return t("action_keep", lang, dice="-".join(map(str, action.keep)), n=n)
    if isinstance(action, TurnSixes):
        return t("action_turn", lang)
    if isinstance(action, Stop):
        return t("action_stop", lang)
    return t("action_buyin", lang)


def _join(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t("join_last", lang) + names[-1]


class Line(NamedTuple):
    """One sentence of a game's explanation: the index of the event that caused it (in the list
    explained), the catalogue key it was made from, and the text."""

    event: int
    key: str
    text: str


def explain_round(ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str) -> list[str]:
    """The results of a round in order, who was best and worst, and why (the tie rules)."""
    return [text for _, text in _round_lines(ended, rules, players, lang)]


def _opening_die_lines(
    ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str
) -> list[tuple[str, str]]:
    """After a round of one die each: who throws again, or who opens (high_die: the highest)."""
    if ended.stechen:
        names = _join([players[s] for s in ended.stechen], lang)
        key = f"die_tie_{rules.opening.value}"
        return [(key, t(key, lang, players=names))]
    high = rules.opening is Opening.HIGH_DIE
    seat = ended.best if high else ended.worst
    assert seat is not None
    die = result_name(dict(ended.results)[seat], lang)
    # The round it opens is the next one (rounds are counted through the game, the opening's
    # too: the log says the number the table shows).
    number = ended.number + 1
    if high:
        key, field = "high_die_opens", "best"
    else:
        key, field = "low_die_opens", "worst"
    return [(key, t(key, lang, **{field: players[seat]}, result=die, number=number))]


def _round_lines(
    ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str
) -> list[tuple[str, str]]:
    """:func:`explain_round` as (key, text) pairs; the first is always the list of results."""

    def line(key: str, **fields: object) -> tuple[str, str]:
        return key, t(key, lang, **fields)

    results = ", ".join(f"{players[s]}: {result_name(r, lang)}" for s, r in ended.results)
    key = {
        RoundKind.NORMAL: "round_results",
        RoundKind.OPENING_ROUND: "opening_round",
        RoundKind.OPENING_THROW: "opening_throw",
        RoundKind.STECHEN: "stechen",
        RoundKind.OPENING_DIE: "opening_die",
        RoundKind.THROW_OFF: "throw_off",
    }[ended.kind]
    lines = [line(key, number=ended.number, results=results)]
    if ended.kind is RoundKind.OPENING_DIE:
        return lines + _opening_die_lines(ended, rules, players, lang)
    by_seat = dict(ended.results)
    if ended.kind in (RoundKind.NORMAL, RoundKind.THROW_OFF) and ended.worst is None:
        lines.append(_tie_line(ended, rules, players, lang))
        return lines
    if ended.stechen:
        lines.append(
            line("stechen_needed", players=_join([players[s] for s in ended.stechen], lang))
        )
        return lines
    if ended.kind is RoundKind.THROW_OFF and ended.worst is not None:
        lost = ended.worst
        lines.append(
            line("throw_off_lost", worst=players[lost], result=result_name(by_seat[lost], lang))
        )
        return lines
    if ended.kind is RoundKind.OPENING_ROUND:
        best = by_seat[ended.best]
        lines.append(
            line(
                "best_opens",
                best=players[ended.best],
                result=result_name(best, lang),
                number=ended.number + 1,
            )
        )
        return lines
    worst_opens = rules.opening is Opening.WORST_OPENS
    if ended.kind is not RoundKind.NORMAL and worst_opens and ended.worst is not None:
        worst = by_seat[ended.worst]
        lines.append(
            line(
                "worst_opens",
                worst=players[ended.worst],
                result=result_name(worst, lang),
                number=ended.number + 1,
            )
        )
        return lines
    if ended.worst is None or ended.kind is not RoundKind.NORMAL:
        return lines
    best_r, worst_r = by_seat[ended.best], by_seat[ended.worst]
    lines.append(
        line(
            "best_worst",
            best=players[ended.best],
            best_result=result_name(best_r, lang),
            worst=players[ended.worst],
            worst_result=result_name(worst_r, lang),
        )
    )
    seats = [s for s, _ in ended.results]
    in_order = [r for _, r in ended.results]
    tie = tie_decided(result_table(rules), in_order, seats.index(ended.worst))
    if tie is None:
        return lines
    other = players[seats[tie.other]]
    if tie.rule is TieRule.ASSEMBLED:
        lines.append(line("tie_assembled", worst=players[ended.worst], other=other))
    elif tie.rule is TieRule.MORE_THROWS:
        lines.append(
            line(
                "tie_throws",
                worst=players[ended.worst],
                other=other,
                throws=worst_r.throws,
                other_throws=in_order[tie.other].throws,
            )
        )
    else:
        k = "tie_later_throws" if rules.tiebreak is Tiebreak.MORE_THROWS_THEN_LATER else "tie_later"
        lines.append(line(k, worst=players[ended.worst], other=other))
    return lines


def _tie_line(
    ended: RoundEnded, rules: Rules, players: Sequence[str], lang: str
) -> tuple[str, str]:
    """What a tie for the worst result did (``throw_off``, ``no_deckel``) as (key, text)."""
    by_seat = dict(ended.results)
    names = _join([players[s] for s in ended.stechen], lang)
    if ended.kind is RoundKind.THROW_OFF:
        return "throw_off_again", t("throw_off_again", lang, players=names)
    if ended.stechen:
        return "throw_off_needed", t("throw_off_needed", lang, players=names)
    seats = [s for s, _ in ended.results]
    tied = [seats[p] for p in worst_tied(result_table(rules), [r for _, r in ended.results])]
    fields = {
        "players": _join([players[s] for s in tied], lang),
        "result": result_name(by_seat[tied[0]], lang),
        "opener": players[seats[0]],
    }
    return "tie_no_deckel", t("tie_no_deckel", lang, **fields)


def explain(events: Sequence[Event], rules: Rules, players: Sequence[str], lang: str) -> list[str]:
    """Plain sentences for the events of a round's end, a half's end and the game's end."""
    return [line.text for line in explain_lines(events, rules, players, lang)]


def explain_lines(
    events: Sequence[Event],
    rules: Rules,
    players: Sequence[str],
    lang: str,
    *,
    before: Sequence[Event] = (),
) -> list[Line]:
    """:func:`explain`, each sentence with the index of the event that caused it and its key.

    A sentence depends only on its event and on the round that ended last before it (for the
    Deckel that round moved). ``before`` are the game's events before ``events`` (only those
    since the last round's end are looked at), so a game explained in pieces says the same as
    the whole game explained at once.
    """
    lines: list[Line] = []
    last_round: RoundEnded | None = None
    schock_aus_told = False
    bought: int | None = None  # who bought in last since the last round's end
    settled = False  # a half ended since that buy-in
    for e in reversed(before):
        if isinstance(e, RoundEnded):
            last_round = e
            break
        schock_aus_told = schock_aus_told or isinstance(e, DeckelMoved)
        settled = settled or isinstance(e, SectionEnded)
        if isinstance(e, BoughtIn) and bought is None and not settled:
            bought = e.seat

    def add(i: int, key: str, **fields: object) -> None:
        lines.append(Line(i, key, t(key, lang, **fields)))

    for i, e in enumerate(events):
        if isinstance(e, RoundEnded):
            last_round = e
            schock_aus_told = False
            bought = None
            lines.extend(Line(i, k, text) for k, text in _round_lines(e, rules, players, lang))
        elif isinstance(e, DeckelMoved):
            if (
                last_round is not None
                and last_round.deckel is None
                and last_round.worst is not None
            ):
                if not schock_aus_told:
                    add(
                        i,
                        "schock_aus",
                        best=players[last_round.best],
                        loser=players[last_round.worst],
                    )
                    schock_aus_told = True
            elif last_round is not None and last_round.kind in (
                RoundKind.OPENING_THROW,
                RoundKind.STECHEN,
            ):
                add(i, "lowest_takes", loser=players[e.receiver], count=e.amount)
            elif e.giver is None:
                add(i, "deckel_from_middle", loser=players[e.receiver], count=e.amount)
            else:
                add(
                    i,
                    "deckel_from_player",
                    giver=players[e.giver],
                    loser=players[e.receiver],
                    count=e.amount,
                )
        elif isinstance(e, PlayersOut):
            add(i, "out", players=_join([players[s] for s in e.seats], lang))
        elif isinstance(e, BlindOpened):
            add(i, "opened_blind", player=players[e.seat])
        elif isinstance(e, BoughtIn):
            bought = e.seat
            givers = [t("the_middle", lang) if g is None else players[g] for g in e.givers]
            key = "bought_in" if givers else "bought_in_at_risk"  # nobody gives: at risk
            add(i, key, player=players[e.seat], givers=_join(givers, lang))
        elif isinstance(e, SectionEnded):
            name = e.section.value
            if e.loser == bought:  # no round ended since he bought in: buying in lost the half
                of_section = t(f"gen_{name}", lang)
                add(i, "section_lost_buy_in", loser=players[e.loser], section=of_section)
            else:
                key = "section_lost_schock_aus" if e.schock_aus else "section_lost"
                add(i, key, loser=players[e.loser], section=t(f"acc_{name}", lang))
            bought = None
            add(
                i,
                "summary_section",
                section=t(f"gen_{name}", lang),
                loser=players[e.loser],
                total=sum(e.deckel),
            )
        elif isinstance(e, SectionStarted):
            if e.section.value == "finale":
                a, b = e.players
                add(i, "finale_between", a=players[a], b=players[b])
            add(i, "section_started", section=t(f"nom_{e.section.value}", lang), middle=e.middle)
        elif isinstance(e, GameEnded):
            add(i, "blattschuss" if e.blattschuss else "game_lost", loser=players[e.loser])
            names = ["first_half", "second_half"] + ["extra_half"] * (len(e.half_losers) - 2)
            losers = list(zip(names, e.half_losers, strict=False))
            if len(losers) == 2 and not e.blattschuss:
                losers.append(("finale", e.loser))
            parts = [
                t("summary_part", lang, section=t(name, lang), loser=players[s])
                for name, s in losers
            ]
            rounds = last_round.number if last_round is not None else 0
            add(i, "summary_game", parts=", ".join(parts), rounds=rounds)
    return lines


def describe_rules(rules: Rules, lang: str) -> list[str]:
    """The rules of a rule set as a reader wants them: one sentence per option, in ``lang``."""

    def yes(flag: bool) -> str:
        return "yes" if flag else "no"

    lines = [t("rules_title", lang, preset=rules.preset)]
    if rules.finale and rules.more_halves:
        lines.append(t("rules_more_halves", lang, half=rules.deckel_per_half))
    elif rules.finale:
        lines.append(
            t("rules_deckel", lang, half=rules.deckel_per_half, finale=rules.deckel_in_finale)
        )
    else:
        lines.append(t("rules_no_finale", lang, half=rules.deckel_per_half))
    worth = rules.schock_aus is SchockAus.WORTH
    aus = str(rules.schock_aus_deckel) if worth else t("rules_aus_all", lang)
    lines.append(t("rules_values" if rules.general else "rules_values_no_general", lang, aus=aus))
    if rules.schock_aus is SchockAus.GAME:
        lines.append(t("rules_schock_aus_game", lang))
    elif worth:
        lines.append(t("rules_schock_aus_worth", lang, deckel=rules.schock_aus_deckel))
    if rules.jule:
        both_top = rules.nutte and rules.nutte_rank is NutteRank.TOP
        rank = "below_nutte" if both_top and rules.jule_rank is JuleRank.TOP else rules.jule_rank
        lines.append(t(f"rules_jule_{rank}", lang, deckel=rules.jule_deckel))
        lines.append(t(f"rules_jule_one_throw_{yes(rules.jule_one_throw)}", lang))
    else:
        lines.append(t("rules_jule_no", lang))
    if rules.nutte:
        lines.append(t(f"rules_nutte_{rules.nutte_rank.value}", lang, deckel=rules.nutte_deckel))
        lines.append(t(f"rules_nutte_one_throw_{yes(rules.nutte_one_throw)}", lang))
    if rules.achter:
        lines.append(t("rules_achter", lang, deckel=rules.achter_deckel))
    if rules.deckel_owed is DeckelOwed.SUM:
        lines.append(t("rules_deckel_owed_sum", lang))
    lines.append(t(f"rules_opening_{rules.opening.value}", lang))
    if rules.later_opener is not LaterOpener.LOSER:
        lines.append(t(f"rules_later_opener_{rules.later_opener.value}", lang))
    if rules.first_round_one_throw is not FirstRoundOneThrow.NEVER:
        lines.append(t(f"rules_first_round_{rules.first_round_one_throw.value}", lang))
    if rules.one_throw_while_middle:
        lines.append(t("rules_one_throw_while_middle", lang))
    lines += [
        t(f"rules_tiebreak_{rules.tiebreak.value}", lang),
        t(f"rules_set_aside_{rules.set_aside.value}", lang),
        t(f"rules_put_back_{yes(rules.put_back)}", lang),
    ]
    if rules.sixes_turn is SixesTurn.NEVER:
        lines.append(t("rules_sixes_turn_never", lang))
    else:
        lines.append(t(f"rules_sixes_{rules.sixes_rethrow.value}", lang))
        if rules.sixes_turn is not SixesTurn.ANY_THROW:
            lines.append(t(f"rules_sixes_turn_{rules.sixes_turn.value}", lang))
    lines.append(t(f"rules_strasse_{yes(rules.strasse_one_throw)}", lang))
    if rules.strassen is Strassen.OUTER:
        lines.append(t("rules_strassen_outer", lang))
    if rules.strasse_rank is StrasseRank.EQUAL:
        lines.append(t("rules_strasse_rank_equal", lang))
    if rules.plain_rank is PlainRank.PIP_SUM:
        lines.append(t("rules_plain_rank_pip_sum", lang))
    if rules.general:
        lines.append(t(f"rules_general_{yes(rules.general_one_throw)}", lang))
        lines.append(t(f"rules_general_schock2_{yes(rules.general_beats_schock_2)}", lang))
    else:
        lines.append(t("rules_general_off", lang))
    einwuerfeln = "at_risk" if rules.buys_in_at_risk else yes(rules.einwuerfeln)
    lines += [
        t(f"rules_hand_aus_{yes(rules.hand_aus_beats)}", lang),
        t(f"rules_covered_{rules.covered.value}", lang),
        t(f"rules_einwuerfeln_{einwuerfeln}", lang),
    ]
    if rules.open_round:
        lines.append(t("rules_open_round", lang))
    if rules.blind:
        lines.append(t("rules_blind", lang))
        if rules.blind_double:
            lines.append(t("rules_blind_double", lang))
    if rules.finale and not rules.more_halves:
        lines.append(t(f"rules_finale_opener_{rules.finale_opener.value}", lang))
    return lines
