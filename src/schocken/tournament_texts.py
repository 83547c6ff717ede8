"""The words of a tournament's pages in the browser (the organiser's page, the screen in the pub,
the players' phones) and on paper (table plans, score sheets, the ranking, certificates), in
English and German.

Each text is a triple of its key, the English and the German wording, as in
:mod:`schocken.refusal_texts`; :mod:`schocken.texts` takes them into its one
:data:`~schocken.texts.CATALOGUE` (the web page reads them from ``/api/texts/LANG``). Both
wordings of a key have the same fields (tests/test_texts.py). Standard library only.
"""

from __future__ import annotations

_TEXTS: tuple[tuple[str, str, str], ...] = (
    # ------------------------------------------------------------ the organiser's page
    ("tw_title", "Tournaments", "Turniere"),
    ("tw_link", "Tournaments of {club}", "Turniere von {club}"),
    (
        "tw_intro",
        "A tournament of the club: register its members and guests, draw the tables round by "
        "round, enter each table's games, and show the ranking on a screen in the pub and on "
        "the players' phones. Its games go into the club's book.",
        "Ein Turnier des Vereins: Mitglieder und Gäste anmelden, die Tische Runde für Runde "
        "auslosen, die Spiele jedes Tisches eintragen und die Wertung auf einer Leinwand in der "
        "Kneipe und auf den Handys der Spieler zeigen. Seine Spiele kommen ins Schockbuch.",
    ),
    (
        "tw_need_club",
        "Open the club on this device first (with its secret link or password).",
        "Öffne den Verein zuerst auf diesem Gerät (mit dem geheimen Link oder dem Passwort).",
    ),
    ("tw_open_club", "Open {club}", "{club} öffnen"),
    ("tw_none", "No tournament yet.", "Noch kein Turnier."),
    ("tw_new", "A new tournament", "Ein neues Turnier"),
    ("tw_name", "Name", "Name"),
    ("tw_date", "Date", "Datum"),
    ("tw_place", "Place", "Ort"),
    ("tw_format", "Format", "Modus"),
    ("tw_capacity", "Most players (empty: no limit)", "Höchstens Spieler (leer: keine Grenze)"),
    ("tw_seed", "Seed of the draw (empty: at random)", "Startwert der Auslosung (leer: zufällig)"),
    ("tw_rules", "Rules", "Regeln"),
    ("tw_rules_preset", "Preset {name}", "Voreinstellung {name}"),
    ("tw_rules_ours", "Our rules", "Unsere Regeln"),
    ("tw_create", "Create the tournament", "Turnier anlegen"),
    ("tw_created", "Tournament {name} created.", "Turnier {name} angelegt."),
    (
        "tw_summary",
        "{date}, {place} · format {format} · {players} players · {rounds} of {of} rounds drawn · "
        "{games} games",
        "{date}, {place} · Modus {format} · {players} Spieler · {rounds} von {of} Runden "
        "ausgelost · {games} Spiele",
    ),
    ("tw_players", "Players", "Spieler"),
    (
        "tw_players_shown",
        "The first {shown} of {of} players are listed here (the print views list everyone).",
        "Hier stehen die ersten {shown} von {of} Spielern (die Druckansichten nennen alle).",
    ),
    ("tw_register", "Register", "Anmelden"),
    (
        "tw_register_names",
        "Names (comma-separated)",
        "Namen (durch Kommas getrennt)",
    ),
    ("tw_team", "Team (optional)", "Team (freiwillig)"),
    ("tw_guest", "Add who is not a member as a guest", "Wer kein Mitglied ist, kommt als Gast"),
    ("tw_registered", "Registered: {names}.", "Angemeldet: {names}."),
    ("tw_withdraw", "Withdraw {name}", "{name} abmelden"),
    ("tw_withdrawn", "{name} withdrawn.", "{name} abgemeldet."),
    ("tw_player_late", "from round {round}", "ab Runde {round}"),
    ("tw_player_left", "left after round {round}", "ausgeschieden nach Runde {round}"),
    ("tw_draw", "Draw round {round}", "Runde {round} auslosen"),
    (
        "tw_drawn",
        "Round {round} drawn: {tables} tables.",
        "Runde {round} ausgelost: {tables} Tische.",
    ),
    ("tw_round", "Round {round}", "Runde {round}"),
    ("tw_table", "Table {table}", "Tisch {table}"),
    ("tw_springer", "Springer table (one fewer)", "Springertisch (einer weniger)"),
    ("tw_games_of", "{games} of {of} games", "{games} von {of} Spielen"),
    ("tw_enter", "Enter a game at table {table}", "Spiel an Tisch {table} eintragen"),
    (
        "tw_enter_hint",
        "For each half, each player's place in the order out: 1 = out first; players out at "
        "the same moment share a place; the half's loser comes last. A second half left empty: "
        "a game played scharf.",
        "Für jede Hälfte der Platz jedes Spielers in der Reihenfolge, in der sie raus waren: "
        "1 = zuerst raus; wer im selben Moment raus war, teilt den Platz; der Verlierer der "
        "Hälfte kommt zuletzt. Bleibt die zweite Hälfte leer: ein scharf gespieltes Spiel.",
    ),
    ("tw_half_1", "1st half", "1. Hälfte"),
    ("tw_half_2", "2nd half", "2. Hälfte"),
    ("tw_place_of", "{name}: place in the {half}", "{name}: Platz in der {half}"),
    ("tw_finale_loser", "Lost the Finale", "Finale verloren"),
    ("tw_bought_in", "Bought in (1st, 2nd)", "Einwurf (1., 2.)"),
    (
        "tw_bought_in_of",
        "{name} bought back in during the {half}",
        "{name} hat sich in der {half} eingewürfelt",
    ),
    ("tw_no_finale", "no Finale", "kein Finale"),
    ("tw_schock_aus_in", "Schock-Aus that ended the {half}", "Schock-Aus, das die {half} beendete"),
    (
        "tw_schock_aus_finale",
        "Schock-Aus that ended the Finale",
        "Schock-Aus, das das Finale beendete",
    ),
    ("tw_nobody", "nobody", "niemand"),
    ("tw_save_game", "Save the game", "Spiel speichern"),
    (
        "tw_entered",
        "Game {number} at table {table} saved: {loser} lost.",
        "Spiel {number} an Tisch {table} gespeichert: {loser} hat verloren.",
    ),
    ("tw_take_back", "Take back the last game", "Letztes Spiel zurücknehmen"),
    ("tw_take_back_reason", "Why?", "Warum?"),
    (
        "tw_taken_back",
        "The last game at table {table} was taken back.",
        "Das letzte Spiel an Tisch {table} wurde zurückgenommen.",
    ),
    ("tw_games_at", "Games: {losers}", "Spiele: {losers}"),
    ("tw_online_open", "Play it at an online table", "Am Online-Tisch spielen"),
    (
        "tw_online_opened",
        "Table {table} is open online: each player has a link to their seat.",
        "Tisch {table} ist online offen: jeder Spieler hat einen Link zu seinem Platz.",
    ),
    ("tw_online_links", "Links to the seats (online)", "Links zu den Plätzen (online)"),
    ("tw_online_host", "{name} (starts the game)", "{name} (startet das Spiel)"),
    (
        "tw_online_once",
        "Hand these links out now: they are shown this once (the server keeps no link it could "
        "show again).",
        "Diese Links jetzt weitergeben: sie werden nur dieses eine Mal gezeigt (der Server "
        "behält keinen Link, den er noch einmal zeigen könnte).",
    ),
    (
        "tw_online_lost",
        "Each player got a link to their seat when the table was opened. Lost one? Make new "
        "links: the old ones then open nothing.",
        "Jeder Spieler hat beim Öffnen des Tisches einen Link zu seinem Platz bekommen. Einer "
        "verloren? Neue Links machen: die alten öffnen dann nichts mehr.",
    ),
    ("tw_online_new", "Make new links", "Neue Links machen"),
    (
        "tw_online_new_sure",
        "New links for every seat of table {table}? Whoever plays by an old link must open "
        "the new one.",
        "Neue Links für alle Plätze an Tisch {table}? Wer über einen alten Link spielt, muss "
        "den neuen öffnen.",
    ),
    ("tw_online_new_yes", "Yes, new links", "Ja, neue Links"),
    ("tw_online_new_no", "Keep the links", "Links behalten"),
    (
        "tw_online_new_made",
        "Table {table}: new links made; the old ones open nothing now.",
        "Tisch {table}: neue Links gemacht; die alten öffnen jetzt nichts mehr.",
    ),
    ("tw_seat_qr", "QR code of the seat of {name}", "QR-Code des Platzes von {name}"),
    ("tw_online_take", "Take the finished games", "Fertige Spiele übernehmen"),
    (
        "tw_online_taken",
        "Table {table}: {taken} finished games taken.",
        "Tisch {table}: {taken} fertige Spiele übernommen.",
    ),
    ("tw_pub_open", "Count it on one phone (pub mode)", "Auf einem Handy zählen (Kneipenmodus)"),
    (
        "tw_pub_opened",
        "Table {table} is counted on one phone: open its link on the table's phone.",
        "Tisch {table} wird auf einem Handy gezählt: seinen Link auf dem Handy am Tisch öffnen.",
    ),
    (
        "tw_pub_link",
        "Link for the table's phone (pub mode)",
        "Link für das Handy am Tisch (Kneipenmodus)",
    ),
    (
        "tw_pub_game",
        "The game of table {table} (pub mode)",
        "Das Spiel an Tisch {table} (Kneipenmodus)",
    ),
    ("tw_pub_qr", "QR code of the game of table {table}", "QR-Code des Spiels an Tisch {table}"),
    (
        "tw_pub_once",
        "Open it on the table's phone now: it is shown this once (the server keeps no link it "
        "could show again). The game counts by itself when it is over.",
        "Jetzt auf dem Handy am Tisch öffnen: er wird nur dieses eine Mal gezeigt (der Server "
        "behält keinen Link, den er noch einmal zeigen könnte). Das Spiel zählt von selbst, "
        "sobald es aus ist.",
    ),
    (
        "tw_pub_lost",
        "The table's phone got its link when the table was opened. Lost it? Make a new link: "
        "the old one then opens nothing.",
        "Das Handy am Tisch hat beim Öffnen des Tisches seinen Link bekommen. Verloren? Einen "
        "neuen Link machen: der alte öffnet dann nichts mehr.",
    ),
    ("tw_pub_new", "Make a new link", "Neuen Link machen"),
    (
        "tw_pub_new_sure",
        "A new link for the phone of table {table}? The phone that counts by the old one must "
        "open the new one; nothing entered is lost.",
        "Einen neuen Link für das Handy an Tisch {table}? Das Handy mit dem alten Link muss "
        "den neuen öffnen; nichts Eingegebenes geht verloren.",
    ),
    ("tw_pub_new_yes", "Yes, a new link", "Ja, neuer Link"),
    ("tw_pub_new_no", "Keep the link", "Link behalten"),
    (
        "tw_pub_new_made",
        "Table {table}: a new link made; the old one opens nothing now.",
        "Tisch {table}: neuer Link gemacht; der alte öffnet jetzt nichts mehr.",
    ),
    ("tw_views", "Screen, phones and paper", "Leinwand, Handys und Papier"),
    ("tw_screen", "Screen for the projector", "Leinwand für den Beamer"),
    ("tw_phone", "Phone view for the players", "Handy-Ansicht für die Spieler"),
    ("tw_qr", "QR code of the phone view", "QR-Code der Handy-Ansicht"),
    ("tw_print_plan", "Table plan", "Tischplan"),
    ("tw_print_sheets", "Score sheets", "Spielberichte"),
    ("tw_print_ranking", "Ranking", "Rangliste"),
    ("tw_print_certificates", "Certificates", "Urkunden"),
    ("tw_ranking", "Ranking", "Rangliste"),
    ("tw_back", "Back to the tournaments", "Zurück zu den Turnieren"),
    # ------------------------------------------------------------ the screen and the phones
    ("tw_live", "Live ranking", "Live-Wertung"),
    ("tw_overall", "Overall", "Gesamt"),
    ("tw_teams", "Teams", "Teams"),
    ("tw_per_round", "Each round", "Jede Runde"),
    ("tw_king", "Schock-Aus-König", "Schock-Aus-König"),
    ("tw_king_line", "{names}: {given} Schock-Aus", "{names}: {given}-mal Schock-Aus"),
    ("tw_no_king", "No Schock-Aus yet", "Noch kein Schock-Aus"),
    ("tw_hide_minutes", "Minutes hidden (0: none)", "Minuten ausgeblendet (0: keine)"),
    (
        "tw_hidden",
        "Results of the last {minutes} minutes are hidden.",
        "Die Ergebnisse der letzten {minutes} Minuten sind ausgeblendet.",
    ),
    ("tw_updated", "Updated {time}", "Aktualisiert {time}"),
    (
        "tw_refresh_failed",
        "No connection: showing the last ranking.",
        "Keine Verbindung: die letzte Wertung bleibt stehen.",
    ),
    ("tw_show", "Show", "Zeigen"),
    ("tw_pause", "Pause updates", "Aktualisierung anhalten"),
    (
        "tw_paused",
        "Paused: press the button again to go on.",
        "Angehalten: noch einmal drücken, dann geht es weiter.",
    ),
    ("tw_rows", "{what} {from}–{to} of {of}", "{what} {from}–{to} von {of}"),
    ("tw_place", "Place", "Platz"),
    ("tw_player", "Player", "Spieler"),
    ("tw_score_points", "Points", "Punkte"),
    ("tw_score_loss_points", "Loss points", "Verlustpunkte"),
    ("tw_score_lives", "Lives", "Leben"),
    ("tw_lost", "Lost", "Verloren"),
    ("tw_halves_lost", "Halves lost", "Hälften verloren"),
    ("tw_games", "Games", "Spiele"),
    ("tw_my_table", "Find my table", "Meinen Tisch finden"),
    ("tw_my_name", "Your name", "Dein Name"),
    (
        "tw_at_table",
        "{name}: round {round}, table {table} with {others}",
        "{name}: Runde {round}, Tisch {table} mit {others}",
    ),
    (
        "tw_not_seated",
        "{name} has no table in round {round}.",
        "{name} hat in Runde {round} keinen Tisch.",
    ),
    ("tw_no_round", "No round drawn yet.", "Noch keine Runde ausgelost."),
    ("tw_tables_now", "Tables of round {round}", "Tische der Runde {round}"),
    # ------------------------------------------------------------ paper
    ("tp_plan", "Table plan, round {round}", "Tischplan, Runde {round}"),
    ("tp_who_where", "Who sits where", "Wer sitzt wo"),
    (
        "tp_sheet",
        "Score sheet: round {round}, table {table}",
        "Spielbericht: Runde {round}, Tisch {table}",
    ),
    ("tp_game", "Game", "Spiel"),
    ("tp_schock_aus", "Schock-Aus by", "Schock-Aus von"),
    (
        "tp_how",
        "Write each player's place in the order out of each half (1 = out first; the half's "
        "loser last), who lost the Finale, and who threw a Schock-Aus.",
        "Tragt für jede Hälfte den Platz jedes Spielers ein, in der Reihenfolge, in der sie "
        "raus waren (1 = zuerst raus; der Verlierer der Hälfte zuletzt), wer das Finale verlor "
        "und wer ein Schock-Aus warf.",
    ),
    ("tp_signed", "Signed (all players of the table)", "Unterschriften (alle Spieler des Tisches)"),
    ("tp_rules", "The rules in short", "Die Regeln in Kürze"),
    ("tp_scoring", "How a game scores", "Wie ein Spiel zählt"),
    (
        "tp_games_per_round",
        "{games} games per table and round.",
        "{games} Spiele je Tisch und Runde.",
    ),
    (
        "tp_by_order",
        "A half by the order out: {points}.",
        "Eine Hälfte nach der Reihenfolge: {points}.",
    ),
    ("tp_by_order_size", "{points} at a table of {size}", "{points} am Tisch mit {size}"),
    (
        "tp_half_won",
        "{points} for each player of a half but its loser.",
        "{points} für jeden Spieler einer Hälfte außer ihrem Verlierer.",
    ),
    ("tp_half_lost", "{points} for a half lost.", "{points} für eine verlorene Hälfte."),
    ("tp_game_lost", "{points} for the game's loser.", "{points} für den Verlierer des Spiels."),
    (
        "tp_schock_aus_points",
        "{points} for each Schock-Aus thrown.",
        "{points} für jedes geworfene Schock-Aus.",
    ),
    (
        "tp_lives",
        "Lives per round: {lives}; a lost game costs a life.",
        "Leben je Runde: {lives}; ein verlorenes Spiel kostet ein Leben.",
    ),
    (
        "tp_lives_buy_in",
        "Buying back in costs a life too.",
        "Auch das Einwürfeln kostet ein Leben.",
    ),
    (
        "tp_knockout_lives",
        "K.O.: {lives} lives each, a lost game costs one; {advance} of {per} go on.",
        "K.O.: je {lives} Leben, ein verlorenes Spiel kostet eins; {advance} von {per} kommen "
        "weiter.",
    ),
    (
        "tp_knockout_points",
        "K.O.: the best {advance} of the table by the round's points go on.",
        "K.O.: die besten {advance} des Tisches nach den Punkten der Runde kommen weiter.",
    ),
    (
        "tp_final_table",
        "Final table: out after {lives} lost games; the last left wins.",
        "Finaltisch: raus nach {lives} verlorenen Spielen; wer übrig bleibt, gewinnt.",
    ),
    ("tp_fewer_better", "Fewer points rank higher.", "Weniger Punkte sind besser."),
    (
        "tp_scharf",
        "When time runs out a game is played scharf: one half, its loser loses the game.",
        "Wenn die Zeit knapp wird, wird scharf gespielt: eine Hälfte, ihr Verlierer verliert "
        "das Spiel.",
    ),
    ("tp_ranking", "Ranking after {games} games", "Rangliste nach {games} Spielen"),
    ("tp_certificate", "Certificate", "Urkunde"),
    ("tp_certificate_place", "{place}. place", "{place}. Platz"),
    (
        "tp_certificate_text",
        "at the tournament {name} on {date}{at}",
        "beim Turnier {name} am {date}{at}",
    ),
    ("tp_certificate_at", " in {place}", " in {place}"),
    ("tp_certificate_points", "with {score} points", "mit {score} Punkten"),
    ("tp_certificate_loss_points", "with {score} loss points", "mit {score} Verlustpunkten"),
    ("tp_certificate_lives", "with {score} lives kept", "mit {score} übrigen Leben"),
    ("tp_team", "Team", "Team"),
    ("tp_schock_aus_col", "Schock-Aus given/taken", "Schock-Aus verteilt/kassiert"),
    ("tp_organiser", "The organisers", "Die Turnierleitung"),
    ("tp_table", "Table", "Tisch"),
)

TOURNAMENT_TEXTS: dict[str, dict[str, str]] = {
    "en": {key: en for key, en, _ in _TEXTS},
    "de": {key: de for key, _, de in _TEXTS},
}
"""The texts by language and key (English ``"en"``, German ``"de"``)."""
