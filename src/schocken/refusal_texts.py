"""The wording of refusals outside the engine's play: names, the club's book (Schockbuch), pub
mode's entries and the server's requests, in English and German.

Each text is a triple of its key, the English and the German wording; :mod:`schocken.texts` takes
them into its one :data:`~schocken.texts.CATALOGUE`. A refusal made by
:func:`schocken.texts.refused` is the English text (its ``str()``, for logs and the command line)
and carries its key and fields, so that the server and the command line say it in their user's
language (:func:`schocken.texts.refusal_text`). A field that is a word itself (a price item, a
section, "the day a member joined") is a :func:`~schocken.texts.said` text of this table, said in
the refusal's language too. Both wordings of a key have the same fields (tests/test_texts.py).
The record reader's texts are in :mod:`schocken.record_texts`, a table's connection's and the
database's in :mod:`schocken.connection_texts`. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping

from schocken.connection_texts import CONNECTION_TEXTS
from schocken.errors import Said
from schocken.record_texts import RECORD_TEXTS

_TEXTS: tuple[tuple[str, str, str], ...] = (
    # ------------------------------------------------------------ names (schocken.players)
    ("name_a_name", "a name", "ein Name"),
    (
        "refuse_name_not_text",
        "{what} is a non-empty text, not {kind}",
        "{what} ist ein Text, der nicht leer ist, nicht {kind}",
    ),
    ("refuse_name_blank", "{what} is a non-empty text, not blank", "{what} darf nicht leer sein"),
    (
        "refuse_name_surrogate",
        "{what} must be valid Unicode text: {name} has a lone surrogate",
        "{what} muss gültiger Unicode-Text sein: {name} enthält ein einzelnes Surrogat",
    ),
    (
        "refuse_name_control",
        "{what} has no control characters: {name} has {code} at position {position}",
        "{what} darf keine Steuerzeichen enthalten: {name} hat {code} an Stelle {position}",
    ),
    (
        "refuse_name_long",
        "{what} has at most {most} characters, not {count}: {name}",
        "{what} hat höchstens {most} Zeichen, nicht {count}: {name}",
    ),
    (
        "refuse_name_marks",
        "a letter has at most {most} accents (combining marks): {name}",
        "ein Buchstabe trägt höchstens {most} Akzente (kombinierende Zeichen): {name}",
    ),
    (
        "refuse_players_not_list",
        "the players are a list of names, not {kind}",
        "die Spieler sind eine Liste von Namen, nicht {kind}",
    ),
    (
        "refuse_players_count",
        "Schocken needs {least} to {most} players, not {count}",
        "Schocken braucht {least} bis {most} Spieler, nicht {count}",
    ),
    (
        "refuse_players_twice",
        "players' names must differ (also in case, spacing and look-alike letters): "
        "{first!r} and {second!r}",
        "die Namen der Spieler müssen sich unterscheiden (auch in Groß- und Kleinschreibung, "
        "Leerzeichen und ähnlich aussehenden Buchstaben): „{first}“ und „{second}“",
    ),
    # ------------------------------------------------------------ the book's plain values
    ("club_what_date", "a date", "ein Datum"),
    (
        "club_refuse_date_form",
        "{what} is written YYYY-MM-DD, like 2024-03-05, not {value}",
        "{what} wird JJJJ-MM-TT geschrieben, etwa 2024-03-05, nicht {value}",
    ),
    (
        "club_refuse_date_none",
        "{what}: there is no day {value}",
        "{what}: den Tag {value} gibt es nicht",
    ),
    (
        "club_refuse_text_kind",
        "{what} is a text, not {value}",
        "{what} ist ein Text, nicht {value}",
    ),
    (
        "club_refuse_text_control",
        "{what} has a control character ({code})",
        "{what} enthält ein Steuerzeichen ({code})",
    ),
    (
        "club_refuse_text_blank",
        "{what} must be given (it is blank)",
        "{what} muss angegeben werden (das Feld ist leer)",
    ),
    (
        "club_refuse_text_long",
        "{what} has at most {most} characters, not {count}",
        "{what} hat höchstens {most} Zeichen, nicht {count}",
    ),
    (
        "club_refuse_cents_kind",
        "{what} is a whole number of cents, not {value}",
        "{what} wird in ganzen Cent angegeben, nicht {value}",
    ),
    (
        "club_refuse_cents_negative",
        "{what} cannot be negative ({cents} cents)",
        "{what} kann nicht negativ sein ({cents} Cent)",
    ),
    ("club_refuse_cents_zero", "{what} cannot be 0", "{what} kann nicht 0 sein"),
    (
        "club_refuse_cents_most",
        "{what} is at most {most} (in cents {most_cents}), not {cents}",
        "{what} ist höchstens {most} (in Cent {most_cents}), nicht {cents}",
    ),
    (
        "club_refuse_password_short",
        "a club's password has at least {least} characters",
        "das Passwort eines Vereins hat mindestens {least} Zeichen",
    ),
    (
        "club_refuse_password_long",
        "a club's password has at most {most} characters",
        "das Passwort eines Vereins hat höchstens {most} Zeichen",
    ),
    (
        "club_refuse_amount",
        "an amount is written like 2,50 or 2.50 (at most two decimals), not {text!r}",
        "ein Betrag wird wie 2,50 oder 2.50 geschrieben (höchstens zwei Nachkommastellen), "
        "nicht {text!r}",
    ),
    (
        "club_refuse_season_start_form",
        "a season starts on a day written MM-DD, like 09-01, not {value}",
        "eine Saison beginnt an einem Tag, geschrieben MM-TT wie 09-01, nicht {value}",
    ),
    (
        "club_refuse_season_start_none",
        "a season cannot start on {value}: no such day",
        "eine Saison kann nicht am {value} beginnen: den Tag gibt es nicht",
    ),
    (
        "club_refuse_season_start_leap",
        "a season cannot start on 02-29: not every year has it",
        "eine Saison kann nicht am 02-29 beginnen: nicht jedes Jahr hat ihn",
    ),
    (
        "club_refuse_season_form",
        "a season of this club is written like {example}, not {label!r}",
        "eine Saison dieses Vereins wird wie {example} geschrieben, nicht {label!r}",
    ),
    (
        "club_refuse_season_none",
        "the season {label!r} does not exist: after {first} comes {then}",
        "die Saison {label!r} gibt es nicht: auf {first} folgt {then}",
    ),
    # ------------------------------------------------------------ the book's members
    ("club_refuse_member_name", "a member's name: {why}", "der Name eines Mitglieds: {why}"),
    (
        "club_refuse_guest",
        "'guest' is true or false, not {value}",
        "'guest' ist true oder false, nicht {value}",
    ),
    ("club_what_joined", "the day a member joined", "der Tag, an dem ein Mitglied eintrat"),
    ("club_what_left", "the day a member left", "der Tag, an dem ein Mitglied austrat"),
    ("club_what_leaves", "the day a member leaves", "der Tag des Austritts"),
    (
        "club_refuse_left_before",
        "{name!r} cannot leave ({left}) before joining ({joined})",
        "„{name}“ kann nicht austreten ({left}), bevor er oder sie eintrat ({joined})",
    ),
    (
        "club_refuse_member_twice",
        "the club has a member {name!r} already; names must differ (also in case, spacing and "
        "look-alike letters)",
        "der Verein hat schon ein Mitglied „{name}“; Namen müssen sich unterscheiden (auch in "
        "Groß- und Kleinschreibung, Leerzeichen und ähnlich aussehenden Buchstaben)",
    ),
    (
        "club_refuse_member_taken",
        "the club has a member {name!r} already",
        "der Verein hat schon ein Mitglied „{name}“",
    ),
    (
        "club_refuse_leave_before",
        "{name!r} joined on {joined}: cannot leave on {day}",
        "„{name}“ trat am {joined} ein: ein Austritt am {day} geht nicht",
    ),
    # ------------------------------------------------------------ the book's clubs and access
    (
        "club_refuse_hash_form",
        "{what} is not a scrypt hash as this book writes them",
        "{what} ist kein scrypt-Hash, wie dieses Buch sie schreibt",
    ),
    (
        "club_refuse_hash_cost",
        "{what} is a scrypt hash of {cost}; this book takes only its own ({own}, a {salt}-byte "
        "salt, a {digest}-byte hash)",
        "{what} ist ein scrypt-Hash mit {cost}; dieses Buch nimmt nur seine eigenen ({own}, "
        "{salt} Byte Salz, {digest} Byte Hash)",
    ),
    ("club_what_currency", "the currency", "die Währung"),
    ("club_name_it", "it", "er"),
    ("club_refuse_club_name", "the club's name: {why}", "der Name des Vereins: {why}"),
    (
        "club_refuse_club_slug",
        "the club's name {name!r} needs a letter a-z or a digit, for its web address",
        "der Name des Vereins „{name}“ braucht einen Buchstaben a-z oder eine Ziffer, für seine "
        "Webadresse",
    ),
    (
        "club_refuse_club_twice",
        "the book has a club {name!r} already, with the same web address ({slug})",
        "das Buch hat schon einen Verein „{name}“ mit derselben Webadresse ({slug})",
    ),
    (
        "club_refuse_no_access",
        "no such club, or the link or password does not fit",
        "diesen Verein gibt es nicht, oder der Link oder das Passwort passt nicht",
    ),
    (
        "club_refuse_session_id",
        "a session's id is {digits} hex digits as the list of sessions shows it, not {value}",
        "die Kennung einer Sitzung besteht aus {digits} Hex-Ziffern, wie die Liste der "
        "Sitzungen sie zeigt, nicht {value}",
    ),
    (
        "club_refuse_no_session",
        "no session {id} in this club (ended already?)",
        "keine Sitzung {id} in diesem Verein (schon beendet?)",
    ),
    # ------------------------------------------------------------ the book's file and lookups
    (
        "club_refuse_store_cannot_use",
        "cannot use {where}: {why}",
        "{where} lässt sich nicht benutzen: {why}",
    ),
    ("club_refuse_store_unchanged", "{why}; nothing was changed", "{why}; nichts wurde geändert"),
    (
        "club_refuse_store_newer",
        "the club tables in {where} are of version {version}, written by a newer schocken; this "
        "one reads version {own}",
        "die Vereinstabellen in {where} haben Version {version}, geschrieben von einem neueren "
        "schocken; dieses liest Version {own}",
    ),
    (
        "club_refuse_club_kind",
        "a club is named by a text, not {value}",
        "ein Verein wird mit einem Text benannt, nicht {value}",
    ),
    (
        "club_refuse_no_club",
        "there is no club {club!r} in this book",
        "in diesem Buch gibt es keinen Verein „{club}“",
    ),
    (
        "club_refuse_member_kind",
        "a member is named by a text, not {value}",
        "ein Mitglied wird mit einem Text benannt, nicht {value}",
    ),
    (
        "club_refuse_not_member",
        "{name!r} is not a member of the club (add them first)",
        "„{name}“ ist kein Mitglied des Vereins (erst aufnehmen)",
    ),
    (
        "club_refuse_member_renamed",
        "{name!r} is no member's name now: that member is called {now!r} now",
        "„{name}“ ist jetzt kein Name eines Mitglieds: das Mitglied heißt jetzt „{now}“",
    ),
    ("club_what_evening_date", "the evening's date", "das Datum des Abends"),
    (
        "club_refuse_no_evening",
        "the club has no evening on {date} (add the evening first)",
        "der Verein hat keinen Abend am {date} (erst den Abend eintragen)",
    ),
    (
        "club_refuse_game_number",
        "a game is found by its number in the evening, not {value}",
        "ein Spiel wird mit seiner Nummer am Abend gefunden, nicht {value}",
    ),
    (
        "club_refuse_no_game",
        "the evening of {date} has no game {number}",
        "der Abend am {date} hat kein Spiel {number}",
    ),
    # ------------------------------------------------------------ the book's money
    (
        "club_refuse_price_item",
        "no price item {value}; the items are {items}",
        "kein Preisposten {value}; die Posten sind {items}",
    ),
    ("club_what_price_of", "the price of {item}", "der Preis für {item}"),
    ("club_word_game_lost", "game_lost", "„Spiel verloren“"),
    ("club_word_half_lost", "half_lost", "„Hälfte verloren“"),
    ("club_word_schock_aus_taken", "schock_aus_taken", "„Schock-Aus kassiert“"),
    ("club_word_schock_aus_given", "schock_aus_given", "„Schock-Aus geworfen“"),
    ("club_word_blattschuss", "blattschuss", "„Blattschuss“"),
    ("club_word_attended", "attended", "„Abend dabei“"),
    ("club_word_absent", "absent", "„Abend verpasst“"),
    ("club_what_price_from", "the first day of a price", "der erste Tag eines Preises"),
    (
        "club_refuse_price_twice",
        "the price of {item} from {date} is given twice",
        "der Preis für {item} ab {date} ist doppelt angegeben",
    ),
    ("club_what_fine_name", "a fine's name", "der Name einer Strafe"),
    (
        "club_refuse_fine_name_long",
        "a fine's name has at most {most} characters",
        "der Name einer Strafe hat höchstens {most} Zeichen",
    ),
    ("club_what_fine_price", "the price of {name!r}", "der Preis für „{name}“"),
    (
        "club_refuse_fine_twice",
        "the fine {name!r} is in the catalogue twice",
        "die Strafe „{name}“ steht doppelt im Katalog",
    ),
    (
        "club_refuse_fine_kind",
        "a fine is named by a text, not {value}",
        "eine Strafe wird mit einem Text benannt, nicht {value}",
    ),
    ("club_word_none_yet", "none yet", "noch keine"),
    (
        "club_refuse_no_fine",
        "no fine {name!r} in the club's catalogue (it has: {listed})",
        "keine Strafe „{name}“ im Katalog des Vereins (darin: {listed})",
    ),
    (
        "club_refuse_fine_left",
        "{name} left the club on {left}: no fine on {date} (a correction by hand is still taken)",
        "{name} ist am {left} ausgetreten: keine Strafe am {date} (eine Korrektur von Hand geht "
        "weiterhin)",
    ),
    (
        "club_refuse_fine_anyway",
        "'anyway' is true or false, not {value}",
        "„anyway“ ist true oder false, nicht {value}",
    ),
    (
        "club_refuse_fine_count",
        "a fine is booked 1 to {most} times at once, not {value}",
        "eine Strafe wird auf einmal 1- bis {most}-mal gebucht, nicht {value}",
    ),
    (
        "club_refuse_no_account",
        "the club has no bank account yet: set its IBAN first",
        "der Verein hat noch kein Bankkonto: erst seine IBAN eintragen",
    ),
    (
        "club_refuse_sepa_euro",
        "a SEPA transfer is in euros; this club keeps {currency}",
        "eine SEPA-Überweisung ist in Euro; dieser Verein rechnet in {currency}",
    ),
    (
        "club_refuse_owes_nothing",
        "{name} owes nothing: nothing to pay",
        "{name} schuldet nichts: nichts zu zahlen",
    ),
    ("club_what_expense", "an expense", "eine Ausgabe"),
    ("club_what_expense_date", "the date of an expense", "das Datum einer Ausgabe"),
    ("club_what_expense_for", "what the expense was for", "der Zweck der Ausgabe"),
    ("club_what_payment", "a payment", "eine Zahlung"),
    ("club_what_charge", "a charge", "eine Strafe"),
    ("club_what_payment_date", "the date of a payment", "das Datum einer Zahlung"),
    ("club_what_charge_date", "the date of a charge", "das Datum einer Strafe"),
    ("club_what_reason", "the reason", "der Grund"),
    # ------------------------------------------------------------ the book's evenings and games
    (
        "club_refuse_record",
        "the record is refused: {why}",
        "das Spielprotokoll wird abgelehnt: {why}",
    ),
    (
        "club_refuse_record_unfinished",
        "the record's game is not finished; a game stopped early goes into the book as just its "
        "loser",
        "das Spiel des Spielprotokolls ist nicht zu Ende; ein vorzeitig beendetes Spiel kommt nur "
        "mit seinem Verlierer ins Buch",
    ),
    (
        "club_refuse_loser_not_playing",
        "the loser {name!r} is not among the players ({players})",
        "der Verlierer „{name}“ ist nicht unter den Spielern ({players})",
    ),
    (
        "club_refuse_halves_count",
        "a game has two halves, not {count}: {names}",
        "ein Spiel hat zwei Hälften, nicht {count}: {names}",
    ),
    (
        "club_refuse_half_loser_not_playing",
        "the half's loser {name!r} is not among the players",
        "der Verlierer der Hälfte „{name}“ ist nicht unter den Spielern",
    ),
    (
        "club_refuse_section",
        "no section {value!r}; the sections are {sections}",
        "kein Spielabschnitt {value!r}; die Abschnitte sind {sections}",
    ),
    (
        "club_refuse_schock_aus_halves",
        "a Schock-Aus goes with the half it ended: name the halves' losers too",
        "ein Schock-Aus gehört zu der Hälfte, die er beendet hat: auch die Verlierer der Hälften "
        "nennen",
    ),
    (
        "club_refuse_one_half",
        "with one half the game is that half: its loser {name!r} lost the game",
        "mit einer Hälfte ist das Spiel diese Hälfte: ihr Verlierer „{name}“ hat das Spiel "
        "verloren",
    ),
    (
        "club_refuse_blattschuss",
        "{name!r} lost both halves and with them the game (Blattschuss)",
        "„{name}“ hat beide Hälften verloren und damit das Spiel (Blattschuss)",
    ),
    (
        "club_refuse_finale_loser",
        "the Finale is played by the halves' losers ({first!r} and {second!r}): one of them loses "
        "the game, not {name!r}",
        "das Finale spielen die Verlierer der Hälften („{first}“ und „{second}“): einer von "
        "ihnen verliert das Spiel, nicht „{name}“",
    ),
    (
        "club_refuse_unplayed_first_half",
        "a Schock-Aus in the first half, which was not played",
        "ein Schock-Aus in der Hinrunde, die nicht gespielt wurde",
    ),
    (
        "club_refuse_unplayed_second_half",
        "a Schock-Aus in the second half, which was not played",
        "ein Schock-Aus in der Rückrunde, die nicht gespielt wurde",
    ),
    (
        "club_refuse_unplayed_extra_half",
        "a Schock-Aus in the extra half, which was not played",
        "ein Schock-Aus in einer weiteren Hälfte, die nicht gespielt wurde",
    ),
    (
        "club_refuse_unplayed_finale",
        "a Schock-Aus in the Finale, which was not played",
        "ein Schock-Aus im Finale, das nicht gespielt wurde",
    ),
    (
        "club_refuse_players_count",
        "a game has {least} to {most} players, not {count}",
        "ein Spiel hat {least} bis {most} Spieler, nicht {count}",
    ),
    (
        "club_refuse_player_twice",
        "{name!r} is named twice among the players",
        "„{name}“ steht zweimal unter den Spielern",
    ),
    (
        "club_refuse_meta_kind",
        "a game's meta is a JSON object",
        "die Metadaten eines Spiels sind ein JSON-Objekt",
    ),
    (
        "club_refuse_meta_values",
        "a game's meta holds only JSON values (texts, numbers, lists, ...)",
        "die Metadaten eines Spiels enthalten nur JSON-Werte (Texte, Zahlen, Listen, ...)",
    ),
    (
        "club_refuse_meta_long",
        "a game's meta has at most {most} characters as JSON, not {count}",
        "die Metadaten eines Spiels haben als JSON höchstens {most} Zeichen, nicht {count}",
    ),
    ("club_what_place", "the place", "der Ort"),
    ("club_what_note", "the note", "die Notiz"),
    ("club_what_game_note", "the game's note", "die Notiz zum Spiel"),
    (
        "club_refuse_evening_kind",
        "an evening is one of {kinds}, not {value}",
        "ein Abend ist eins von {kinds}, nicht {value}",
    ),
    (
        "club_refuse_evening_twice",
        "the club has an evening on {date} already",
        "der Verein hat schon einen Abend am {date}",
    ),
    (
        "club_refuse_present_text",
        "who came is a list of names, not one text",
        "wer kam, ist eine Liste von Namen, nicht ein Text",
    ),
    (
        "club_refuse_present_kind",
        "who came is a list of names, not {value}",
        "wer kam, ist eine Liste von Namen, nicht {value}",
    ),
    (
        "club_refuse_no_evening_yet",
        "the club has no evening yet (add one first)",
        "der Verein hat noch keinen Abend (erst einen eintragen)",
    ),
    (
        "club_refuse_record_and_loser",
        "a game is a record or just its loser, not both",
        "ein Spiel ist ein Spielprotokoll oder nur sein Verlierer, nicht beides",
    ),
    (
        "club_refuse_record_source",
        "a record comes from 'pub' or 'online', not {value}",
        "ein Spielprotokoll kommt von 'pub' oder 'online', nicht {value}",
    ),
    (
        "club_refuse_game_twice",
        "this game is in the book already: game {number} of {date}",
        "dieses Spiel steht schon im Buch: Spiel {number} am {date}",
    ),
    (
        "club_refuse_record_players",
        "a record names its players itself: give no players with it",
        "ein Spielprotokoll nennt seine Spieler selbst: keine Spieler dazu angeben",
    ),
    (
        "club_refuse_game_needs",
        "a game needs its record or its loser",
        "ein Spiel braucht sein Spielprotokoll oder seinen Verlierer",
    ),
    (
        "club_refuse_loser_source",
        "a game entered by its loser has source 'loser', not {source!r}",
        "ein mit seinem Verlierer eingetragenes Spiel hat die Quelle 'loser', nicht {source!r}",
    ),
    (
        "club_refuse_nobody_came",
        "nobody came to the evening yet: name the game's players",
        "zu dem Abend ist noch niemand gekommen: die Spieler des Spiels nennen",
    ),
    (
        "club_refuse_game_players_kind",
        "a game's players are a list of names",
        "die Spieler eines Spiels sind eine Liste von Namen",
    ),
    (
        "club_refuse_loser_kind",
        "the loser is named by a text, not {value}",
        "der Verlierer wird mit einem Text benannt, nicht {value}",
    ),
    (
        "club_refuse_record_members",
        "the record has {players} players, the book names {count} members for them",
        "das Spielprotokoll hat {players} Spieler, das Buch nennt {count} Mitglieder für sie",
    ),
    (
        "club_refuse_member_two_seats",
        "one member cannot sit at two seats of a game",
        "ein Mitglied kann nicht auf zwei Plätzen eines Spiels sitzen",
    ),
    (
        "club_refuse_struck_already",
        "game {number} of {date} is struck out already",
        "Spiel {number} am {date} ist schon gestrichen",
    ),
    # ------------------------------------------------------------ bots at a club's online tables
    ("club_word_bot_seats", "not_counted or guest", "not_counted oder guest"),
    (
        "club_refuse_bot_seats",
        "a bot's seat counts as {kinds}, not {value}",
        "der Platz eines Bots zählt als {kinds}, nicht {value}",
    ),
    (
        "club_refuse_export_bot_seats",
        "'club.bot_seats' is {kinds}, not {value}",
        "'club.bot_seats' ist {kinds}, nicht {value}",
    ),
    (
        "club_refuse_bots_kind",
        "a game's bot seats are a list of seat numbers, not {value}",
        "die Plätze der Bots eines Spiels sind eine Liste von Platznummern, nicht {value}",
    ),
    (
        "club_refuse_bot_seat",
        "a bot's seat is a number from 0 to {most}, not {value}",
        "der Platz eines Bots ist eine Zahl von 0 bis {most}, nicht {value}",
    ),
    (
        "club_refuse_bot_seat_twice",
        "the bot seat {seat} is named twice",
        "der Platz {seat} eines Bots steht zweimal da",
    ),
    (
        "club_refuse_bots_by_loser",
        "only a game's record has bots' seats: a game by its loser names members",
        "nur das Spielprotokoll eines Spiels hat Plätze von Bots: ein Spiel mit seinem Verlierer "
        "nennt Mitglieder",
    ),
    (
        "club_refuse_bots_alone",
        "a game of bots alone is no game of the club: a member must play",
        "ein Spiel nur von Bots ist kein Spiel des Vereins: ein Mitglied muss mitspielen",
    ),
    (
        "club_refuse_bot_guest",
        "the bot {name!r} would be the guest {name!r} or {other!r}, but both are members of the "
        "club (not guests)",
        "der Bot „{name}“ wäre der Gast „{name}“ oder „{other}“, aber beide sind Mitglieder des "
        "Vereins (keine Gäste)",
    ),
    # ------------------------------------------------------------ the club's bank account
    (
        "club_refuse_iban_kind",
        "an IBAN is a text like DE89 3704 0044 0532 0130 00",
        "eine IBAN ist ein Text wie DE89 3704 0044 0532 0130 00",
    ),
    (
        "club_refuse_iban_form",
        "{value!r} is not an IBAN: two letters of the country, two check digits, then 11 to 30 "
        "letters and digits",
        "{value!r} ist keine IBAN: zwei Buchstaben des Landes, zwei Prüfziffern, dann 11 bis 30 "
        "Buchstaben und Ziffern",
    ),
    (
        "club_refuse_iban_country",
        "{country} is no country with IBANs: an IBAN starts with its country's two letters, like "
        "DE or AT",
        "{country} ist kein Land mit IBANs: eine IBAN beginnt mit den zwei Buchstaben ihres "
        "Landes, wie DE oder AT",
    ),
    (
        "club_refuse_iban_length",
        "an IBAN of {country} has {length} characters, this one has {given}: a character is "
        "missing or one too many",
        "eine IBAN aus {country} hat {length} Zeichen, diese hat {given}: ein Zeichen fehlt oder "
        "ist zu viel",
    ),
    (
        "club_refuse_iban_check",
        "the IBAN {iban} has a typo: its check digits do not fit",
        "die IBAN {iban} hat einen Tippfehler: ihre Prüfziffern passen nicht",
    ),
    (
        "club_refuse_bic",
        "a BIC has 8 or 11 letters and digits, like COBADEFFXXX (or leave it out)",
        "eine BIC hat 8 oder 11 Buchstaben und Ziffern, wie COBADEFFXXX (oder sie weglassen)",
    ),
    (
        "club_refuse_holder_blank",
        "the account holder's name is needed (as the bank knows it)",
        "der Name des Kontoinhabers fehlt (so, wie die Bank ihn kennt)",
    ),
    (
        "club_refuse_holder_characters",
        "the account holder's name may hold letters A to Z (Ä, Ö, Ü and ß too), digits, spaces "
        "and / - ? : ( ) . , ' + & * $ %, as banking apps take them; not {chars}",
        "der Name des Kontoinhabers darf Buchstaben von A bis Z (auch Ä, Ö, Ü und ß), Ziffern, "
        "Leerzeichen und / - ? : ( ) . , ' + & * $ % enthalten, wie Banking-Apps sie nehmen; "
        "nicht {chars}",
    ),
    (
        "club_refuse_holder_long",
        "the account holder's name has at most {most} characters",
        "der Name des Kontoinhabers hat höchstens {most} Zeichen",
    ),
    (
        "club_refuse_transfer_amount",
        "a transfer is of 0.01 to 999,999,999.99 euros",
        "eine Überweisung geht über 0,01 bis 999.999.999,99 Euro",
    ),
    (
        "club_refuse_segno",
        "drawing a QR code needs segno: pip install 'schocken[server]'",
        "einen QR-Code zu zeichnen braucht segno: pip install 'schocken[server]'",
    ),
    # ------------------------------------------------------------ the book's CSV, export, import
    (
        "club_refuse_time",
        "{what} is a time like 2024-03-05T20:15:00+00:00, not {value}",
        "{what} ist ein Zeitpunkt wie 2024-03-05T20:15:00+00:00, nicht {value}",
    ),
    (
        "club_refuse_json_constant",
        "not valid JSON: {name} is not a number in JSON",
        "kein gültiges JSON: {name} ist in JSON keine Zahl",
    ),
    ("club_word_an_export", "an export", "ein Export"),
    ("club_word_the_export", "the export", "der Export"),
    (
        "club_refuse_json_object",
        "{where} must be a JSON object",
        "{where} muss ein JSON-Objekt sein",
    ),
    (
        "club_refuse_json_field",
        "{where}: unknown field {field!r}; the fields are {fields}",
        "{where}: unbekanntes Feld {field!r}; die Felder sind {fields}",
    ),
    ("club_refuse_json_list", "{where} must be a list", "{where} muss eine Liste sein"),
    (
        "club_refuse_json_names",
        "{where} must be a list of names",
        "{where} muss eine Liste von Namen sein",
    ),
    (
        "club_refuse_csv",
        "no CSV table {kind!r}; the tables are {kinds}",
        "keine CSV-Tabelle {kind!r}; die Tabellen sind {kinds}",
    ),
    ("club_refuse_json", "not valid JSON: {why}", "kein gültiges JSON: {why}"),
    (
        "club_refuse_json_deep",
        "cannot read the JSON: nested too deeply or a number too long",
        "das JSON lässt sich nicht lesen: zu tief verschachtelt oder eine Zahl zu lang",
    ),
    ("club_refuse_export_format", "'format' must be {format!r}", "'format' muss {format!r} sein"),
    (
        "club_refuse_export_version",
        "export version {value} is not supported (this version reads {own})",
        "die Export-Version {value} wird nicht unterstützt (diese Version liest {own})",
    ),
    ("club_refuse_at", "{where}: {why}", "{where}: {why}"),
    ("club_what_an_evening_date", "an evening's date", "das Datum eines Abends"),
    (
        "club_refuse_evenings_order",
        "{where}: the evenings are in order of date, without twins",
        "{where}: die Abende stehen nach Datum geordnet, keiner doppelt",
    ),
    (
        "club_refuse_game_number_order",
        "{where}: 'number' must be a whole number above {number}",
        "{where}: 'number' muss eine ganze Zahl über {number} sein",
    ),
    (
        "club_refuse_meta_object",
        "{where}: 'meta' must be an object",
        "{where}: 'meta' muss ein Objekt sein",
    ),
    (
        "club_refuse_log_action",
        "{where}: 'action' must be a word like game_added",
        "{where}: 'action' muss ein Wort wie game_added sein",
    ),
    (
        "club_refuse_log_detail",
        "{where}: 'detail' must be an object",
        "{where}: 'detail' muss ein Objekt sein",
    ),
    # ------------------------------------------------------------ schocken club (the command line)
    (
        "club_refuse_cli_no_club",
        "there is no club in this book yet (schocken club create NAME)",
        "in diesem Buch gibt es noch keinen Verein (schocken club create NAME)",
    ),
    (
        "club_refuse_cli_which_club",
        "the book has {count} clubs: name one with --club ({names})",
        "das Buch hat {count} Vereine: einen mit --club nennen ({names})",
    ),
    (
        "club_refuse_cli_record_or_loser",
        "give the game's --record FILE or its --loser NAME (one of the two)",
        "--record DATEI oder --loser NAME des Spiels angeben (eins von beiden)",
    ),
    (
        "club_refuse_cli_record_names",
        "a record names its players, halves and Schock-Aus itself",
        "ein Spielprotokoll nennt seine Spieler, Hälften und Schock-Aus selbst",
    ),
    ("club_word_not_utf8", "not UTF-8 text", "kein UTF-8-Text"),
    ("club_refuse_cli_read", "cannot read {file}: {why}", "{file} lässt sich nicht lesen: {why}"),
    (
        "club_refuse_cli_source",
        "--source is for records; a game entered by its loser has none",
        "--source gilt für Spielprotokolle; ein mit seinem Verlierer eingetragenes Spiel hat keine",
    ),
    # ------------------------------------------------------------ the server: tables and lobby
    (
        "server_refuse_seats",
        "a table has {least} to {most} seats, not {count}",
        "ein Tisch hat {least} bis {most} Plätze, nicht {count}",
    ),
    (
        "server_refuse_token",
        "unknown token for this table",
        "unbekannter Schlüssel für diesen Tisch",
    ),
    ("server_refuse_host_only", "only the host may do that", "das darf nur der Gastgeber"),
    (
        "server_refuse_tournament_seats",
        "this is table {table} of round {round} of a tournament: it seats the players of the "
        "draw only, each by their own link, and only the tournament's organiser changes a seat",
        "das ist Tisch {table} der Runde {round} eines Turniers: hier sitzen nur die "
        "ausgelosten Spieler, jeder mit seinem eigenen Link, und nur die Turnierleitung ändert "
        "einen Platz",
    ),
    (
        "server_refuse_tournament_last_player",
        "{name} is the last player with a link at this table: a bot cannot take every seat",
        "{name} ist der letzte Spieler mit Link an diesem Tisch: ein Bot kann nicht jeden Platz "
        "übernehmen",
    ),
    (
        "server_refuse_tournament_no_count",
        "the tournament would not count this game, so it does not start: {why}",
        "das Turnier würde dieses Spiel nicht zählen, darum beginnt es nicht: {why}",
    ),
    (
        "server_refuse_started",
        "the game has started: watch it with the invite code, or wait for a seat in the next game",
        "das Spiel hat schon begonnen: schau mit dem Einladungscode zu oder warte auf einen Platz "
        "im nächsten Spiel",
    ),
    (
        "server_refuse_wait_not_started",
        "the game has not started: take a seat at the table (join)",
        "das Spiel hat noch nicht begonnen: setz dich an den Tisch (beitreten)",
    ),
    (
        "server_refuse_wait_rematch",
        "this game's rematch has begun; ask there for a seat",
        "die Revanche hat schon begonnen; frag dort nach einem Platz",
    ),
    (
        "server_refuse_not_waiting",
        "nobody waits for the next game with this token",
        "mit diesem Schlüssel wartet niemand auf das nächste Spiel",
    ),
    (
        "server_refuse_leave_rematch",
        "the rematch has begun, and you sit at it: your seat is there now",
        "die Revanche hat schon begonnen, und du sitzt mit: dein Platz ist jetzt dort",
    ),
    (
        "server_refuse_next_full",
        "the next game is full: a table has at most {most} seats",
        "das nächste Spiel ist voll: ein Tisch hat höchstens {most} Plätze",
    ),
    (
        "server_refuse_not_in_finale",
        "{name} is not in the Finale: nothing is left to play for them",
        "{name} ist nicht im Finale: für sie oder ihn gibt es nichts mehr zu spielen",
    ),
    (
        "server_refuse_player_here",
        "{name} is here: a bot takes over a seat only once its player is away",
        "{name} ist da: ein Bot übernimmt einen Platz erst, wenn der Spieler weg ist",
    ),
    (
        "server_refuse_name_taken",
        "the name {name!r} is taken at this table",
        "den Namen „{name}“ gibt es an diesem Tisch schon",
    ),
    ("server_refuse_seat_taken", "seat {seat} is not free", "Platz {seat} ist nicht frei"),
    ("server_refuse_full", "the table is full", "der Tisch ist voll"),
    (
        "server_refuse_bot",
        "unknown bot {bot!r}; known bots: {bots}",
        "unbekannter Bot {bot!r}; die Bots sind: {bots}",
    ),
    ("server_refuse_no_seat", "no seat {seat!r}", "kein Platz {seat!r}"),
    (
        "server_refuse_host_remove",
        "the host cannot remove themself; hand the host role on first",
        "der Gastgeber kann sich nicht selbst entfernen; erst die Gastgeberrolle weitergeben",
    ),
    ("server_refuse_not_started", "the game has not started", "das Spiel hat noch nicht begonnen"),
    ("server_refuse_over", "the game is over", "das Spiel ist aus"),
    ("server_refuse_seat_bot", "seat {seat} is a bot's", "Platz {seat} gehört einem Bot"),
    (
        "server_refuse_host_or_player",
        "only the host or the seat's player may do that",
        "das darf nur der Gastgeber oder wer auf dem Platz spielt",
    ),
    (
        "server_refuse_seat_no_player",
        "seat {seat} has no player to hand it back to",
        "Platz {seat} hat keinen Spieler, dem er zurückgegeben werden kann",
    ),
    (
        "server_refuse_seat_no_link",
        "seat {seat} has no player with a link of their own",
        "Platz {seat} hat keinen Spieler mit eigenem Link",
    ),
    (
        "server_refuse_seat_played",
        "seat {seat} is played by its player already",
        "Platz {seat} wird schon von seinem Spieler gespielt",
    ),
    ("server_refuse_coach_on", "'on' is true or false", "'on' ist true oder false"),
    (
        "server_refuse_coach_bot",
        "a bot plays this seat now; the coach is for its player",
        "auf diesem Platz spielt gerade ein Bot; der Coach ist für seinen Spieler",
    ),
    (
        "server_refuse_host_human",
        "the host role goes to a human player",
        "die Gastgeberrolle geht an einen menschlichen Spieler",
    ),
    (
        "server_refuse_seats_empty",
        "every seat must be taken (add bots to empty seats)",
        "jeder Platz muss besetzt sein (Bots auf leere Plätze setzen)",
    ),
    (
        "server_refuse_rematch_unfinished",
        "a rematch follows a finished game",
        "eine Revanche folgt auf ein beendetes Spiel",
    ),
    (
        "server_refuse_rematch_twice",
        "this game has its rematch already",
        "dieses Spiel hat schon seine Revanche",
    ),
    (
        "server_refuse_act_bot",
        "a bot plays this seat now; take it back first",
        "auf diesem Platz spielt gerade ein Bot; erst den Platz zurücknehmen",
    ),
    (
        "server_refuse_record_unfinished",
        "the record is there once the game is finished",
        "das Spielprotokoll gibt es, sobald das Spiel zu Ende ist",
    ),
    (
        "server_refuse_per_minute",
        "at most {most} new {things} a minute from one address; try again in a minute",
        "höchstens {most} neue {things} pro Minute von einer Adresse; in einer Minute noch einmal "
        "versuchen",
    ),
    ("server_word_tables", "tables", "Tische"),
    ("server_word_clubs", "clubs", "Vereine"),
    ("server_word_games", "games", "Spiele"),
    (
        "server_refuse_storage",
        "the server could not store this (its database is busy or cannot be written); nothing "
        "changed, try again",
        "der Server konnte das nicht speichern (seine Datenbank ist belegt oder nicht "
        "beschreibbar); nichts wurde geändert, bitte noch einmal versuchen",
    ),
    (
        "server_refuse_timer",
        "a turn timer runs {least} to {most} seconds",
        "eine Zugzeit läuft {least} bis {most} Sekunden",
    ),
    ("server_refuse_no_table", "no such table", "diesen Tisch gibt es nicht"),
    (
        "server_refuse_elsewhere",
        "another worker of the server has this table now; try again",
        "ein anderer Prozess des Servers hat diesen Tisch jetzt; bitte noch einmal versuchen",
    ),
    (
        "server_refuse_damaged",
        "this table's stored record is damaged; the server has set it aside",
        "das gespeicherte Protokoll dieses Tisches ist beschädigt; der Server hat es "
        "beiseitegelegt",
    ),
    (
        "server_refuse_rules",
        "rules are a preset name or {{preset, overrides}}",
        "Regeln sind der Name einer Vorgabe oder {{preset, overrides}}",
    ),
    # ------------------------------------------------------------ the server: requests
    (
        "server_refuse_origin",
        "requests from pages of {origin!r} are not accepted",
        "Anfragen von Seiten von {origin!r} werden nicht angenommen",
    ),
    (
        "server_refuse_body_json",
        "{what} is JSON (Content-Type: application/json)",
        "{what} ist JSON (Content-Type: application/json)",
    ),
    (
        "server_refuse_body_size",
        "{what} has at most {most} bytes",
        "{what} hat höchstens {most} Bytes",
    ),
    ("server_word_body", "a request body", "der Inhalt einer Anfrage"),
    ("server_word_export", "a club's export", "der Export eines Vereins"),
    ("server_word_record", "a game record", "ein Spielprotokoll"),
    (
        "server_refuse_body_object",
        "the request body is one JSON object",
        "der Inhalt der Anfrage ist ein JSON-Objekt",
    ),
    # ------------------------------------------------------------ the server: clubs
    (
        "server_refuse_guesses_wait",
        "too many wrong secrets or passwords for this club from your address; try again in "
        "{seconds} s",
        "zu viele falsche Links oder Passwörter für diesen Verein von deiner Adresse; in "
        "{seconds} s noch einmal versuchen",
    ),
    (
        "server_refuse_guesses_minute",
        "{count} wrong secrets or passwords from your address in a minute; try again in a minute",
        "{count} falsche Links oder Passwörter von deiner Adresse in einer Minute; in einer Minute "
        "noch einmal versuchen",
    ),
    (
        "server_refuse_import_now",
        "the import cannot be checked now: {why}",
        "der Import lässt sich gerade nicht prüfen: {why}",
    ),
    (
        "server_refuse_book",
        "the club's book cannot be used: {why}",
        "das Buch des Vereins lässt sich nicht benutzen: {why}",
    ),
    (
        "server_refuse_book_now",
        "the club's book cannot be used now: {why}",
        "das Buch des Vereins lässt sich gerade nicht benutzen: {why}",
    ),
    (
        "server_refuse_checking",
        "the server is checking many passwords at once; try again in a moment",
        "der Server prüft gerade viele Passwörter auf einmal; gleich noch einmal versuchen",
    ),
    (
        "server_refuse_importing",
        "the server is importing other clubs; try again in a minute",
        "der Server importiert gerade andere Vereine; in einer Minute noch einmal versuchen",
    ),
    (
        "server_refuse_import_slow",
        "checking the import took more than {seconds} s and was stopped",
        "das Prüfen des Imports dauerte länger als {seconds} s und wurde abgebrochen",
    ),
    (
        "server_refuse_import_failed",
        "checking the import failed; try again",
        "das Prüfen des Imports ist fehlgeschlagen; noch einmal versuchen",
    ),
    (
        "server_refuse_other_club",
        "this session opens another club, not this one",
        "diese Sitzung öffnet einen anderen Verein, nicht diesen",
    ),
    (
        "server_refuse_members_only",
        "this club's pages are for its members: open it by its secret link or password",
        "die Seiten dieses Vereins sind für seine Mitglieder: ihn mit seinem geheimen Link oder "
        "Passwort öffnen",
    ),
    (
        "server_refuse_utf8",
        "{what} is JSON text in UTF-8",
        "{what} ist JSON-Text in UTF-8",
    ),
    (
        "server_refuse_which_session",
        "which session ends? send it as 'session' or in {header}",
        "welche Sitzung endet? Sie als 'session' oder in {header} senden",
    ),
    (
        "server_refuse_table_field",
        "'table' is a table's id or invite code",
        "'table' ist die Kennung oder der Einladungscode eines Tisches",
    ),
    (
        "server_refuse_pub_field",
        "'pub' is a pub game's id",
        "'pub' ist die Kennung eines Kneipenspiels",
    ),
    (
        "server_refuse_club_view",
        "no page {view!r}; a club's pages are {views}",
        "keine Seite {view!r}; die Seiten eines Vereins sind {views}",
    ),
    (
        "server_refuse_origin_field",
        "'origin' is the page's address, such as http://192.168.1.20:8000",
        "'origin' ist die Adresse der Seite, etwa http://192.168.1.20:8000",
    ),
    (
        "server_refuse_secret_field",
        "'secret' is the secret of the club's link",
        "'secret' ist das Geheimnis des Links des Vereins",
    ),
    (
        "server_refuse_csv",
        "no CSV {kind!r}; there are {kinds}",
        "keine CSV-Datei {kind!r}; es gibt {kinds}",
    ),
    # ------------------------------------------------------------ the server: pub games
    ("server_refuse_no_pub", "no pub game {id!r}", "kein Kneipenspiel {id!r}"),
    (
        "server_refuse_pub_damaged",
        "the stored pub game cannot be read: {why}",
        "das gespeicherte Kneipenspiel lässt sich nicht lesen: {why}",
    ),
    (
        "server_refuse_pub_token",
        "unknown token for this pub game",
        "unbekannter Schlüssel für dieses Kneipenspiel",
    ),
    (
        "server_refuse_pub_players",
        "'players' is a list of names, in the order they sit",
        "'players' ist eine Liste von Namen, in der Reihenfolge, in der sie sitzen",
    ),
    # ------------------------------------------------------------ the server: the app
    (
        "server_refuse_whole_number",
        "{field!r} must be a whole number",
        "{field!r} muss eine ganze Zahl sein",
    ),
    (
        "server_refuse_reviewing",
        "the server is reviewing other games; try again in a minute",
        "der Server analysiert gerade andere Spiele; in einer Minute noch einmal versuchen",
    ),
    (
        "server_refuse_review_slow",
        "the review took more than {seconds} s and was stopped",
        "die Analyse dauerte länger als {seconds} s und wurde abgebrochen",
    ),
    (
        "server_refuse_review_failed",
        "the review failed; try again",
        "die Analyse ist fehlgeschlagen; noch einmal versuchen",
    ),
    (
        "server_refuse_language",
        "unknown language {lang!r}; known: {langs}",
        "unbekannte Sprache {lang!r}; bekannt: {langs}",
    ),
    (
        "server_refuse_tables_full",
        "the server has as many tables as it can take; try again later",
        "der Server hat so viele Tische, wie er tragen kann; später noch einmal versuchen",
    ),
    (
        "server_refuse_table_fields",
        "a new table does not take {fields}: it is made of {known} (the server deals the dice "
        "itself)",
        "ein neuer Tisch nimmt {fields} nicht an: er wird aus {known} gemacht (die Würfel gibt "
        "der Server selbst)",
    ),
    (
        "server_refuse_turn_timer",
        "'turn_timer' is a number of seconds or null",
        "'turn_timer' ist eine Zahl von Sekunden oder null",
    ),
    ("server_refuse_hand_to", '\'to\' is "bot" or "player"', '\'to\' ist "bot" oder "player"'),
    # ------------------------------------------------------------ pub mode's entries
    (
        "pub_refuse_entry_object",
        "an entry is an object with 'kind' and its fields",
        "ein Eintrag ist ein Objekt mit 'kind' und seinen Feldern",
    ),
    (
        "pub_refuse_entry_kind",
        "an entry's 'kind' is 'turn' or 'buy_in', not {value!r}",
        "'kind' eines Eintrags ist 'turn' oder 'buy_in', nicht {value!r}",
    ),
    (
        "pub_refuse_entry_fields",
        "a {kind} entry has no field(s) {fields}",
        "ein Eintrag {kind} hat kein Feld (keine Felder) {fields}",
    ),
    (
        "pub_refuse_entry_seat",
        "'seat' is a seat number, not {value!r}",
        "'seat' ist die Nummer eines Platzes, nicht {value!r}",
    ),
    (
        "pub_refuse_entry_buy_in",
        "a buy_in entry has a 'seat' and 'buys_in' (true or false)",
        "ein Eintrag buy_in hat 'seat' und 'buys_in' (true oder false)",
    ),
    (
        "pub_refuse_entry_flag",
        "'{field}' is true, false or absent, not {value!r}",
        "'{field}' ist true, false oder fehlt, nicht {value!r}",
    ),
    (
        "pub_refuse_entry_number",
        "'{field}' is a whole number, not {value!r}",
        "'{field}' ist eine ganze Zahl, nicht {value!r}",
    ),
    (
        "pub_refuse_entry_result",
        "'result' is a result's name, not {value!r}",
        "'result' ist der Name eines Ergebnisses, nicht {value!r}",
    ),
    (
        "pub_refuse_entry_dice",
        "'dice' is a list of three pips, like [6, 6, 1], not {value!r}",
        "'dice' ist eine Liste von drei Augenzahlen wie [6, 6, 1], nicht {value!r}",
    ),
    (
        "pub_refuse_result_kind",
        "a result is a name such as 'Schock 4', not {value!r}",
        "ein Ergebnis ist ein Name wie 'Schock 4', nicht {value!r}",
    ),
    (
        "pub_refuse_result_name",
        "not a result: {text!r}; results by name are {forms}",
        "kein Ergebnis: {text!r}; Ergebnisse mit Namen sind {forms}",
    ),
    (
        "pub_result_forms",
        "Schock-Aus, Hand-Aus, Jule, Nutte, Achter, Schock 2 to 6, General 2 to 6, Straße 6-5-4 "
        "(or Straße 6)",
        "Schock-Aus, Hand-Aus, Jule, Nutte, Achter, Schock 2 bis 6, General 2 bis 6, Straße "
        "6-5-4 (oder Straße 6)",
    ),
    (
        "pub_refuse_turn_empty",
        "enter the dice and the throws, like 6-6-1 2",
        "die Würfel und die Würfe eingeben, etwa 6-6-1 2",
    ),
    (
        "pub_refuse_turn_mark",
        "unknown mark {mark!r}: h (aus der Hand), a (assembled), t (a turned six), c (covered), "
        "o (shown), b (blind)",
        "unbekanntes Zeichen {mark!r}: h (aus der Hand), a (zusammengesetzt), t (eine gedrehte "
        "Sechs), c (verdeckt), o (gezeigt), b (blind)",
    ),
    (
        "pub_refuse_dice_form",
        "three dice are written like 6-6-1 or 661, not {word!r}",
        "drei Würfel werden wie 6-6-1 oder 661 geschrieben, nicht {word!r}",
    ),
    ("pub_refuse_not_entry", "not an entry: {value!r}", "kein Eintrag: {value!r}"),
    (
        "pub_refuse_undo_count",
        "undo takes back 1 or more entries, not {value!r}",
        "Rückgängig nimmt 1 oder mehr Einträge zurück, nicht {value!r}",
    ),
    (
        "pub_refuse_engine_allows",
        "the engine allows only {action} here",
        "die Spielregeln erlauben hier nur {action}",
    ),
    (
        "pub_refuse_data_object",
        "a pub game is an object with rules, players and entries",
        "ein Kneipenspiel ist ein Objekt mit Regeln, Spielern und Einträgen",
    ),
    (
        "pub_refuse_data_fields",
        "a pub game has no field(s) {fields}",
        "ein Kneipenspiel hat kein Feld (keine Felder) {fields}",
    ),
    (
        "pub_refuse_data_players",
        "'players' is a list of names",
        "'players' ist eine Liste von Namen",
    ),
    (
        "pub_refuse_data_cannot_play",
        "the players cannot play: {why}",
        "die Spieler können nicht spielen: {why}",
    ),
    (
        "pub_refuse_data_entries",
        "'entries' is a list of entries",
        "'entries' ist eine Liste von Einträgen",
    ),
    ("pub_refuse_data_entry", "entry {index}: {why}", "Eintrag {index}: {why}"),
    ("pub_refuse_data_rules", "{why}", "{why}"),  # the rule set's own refusal
    (
        "pub_refuse_dice_entered",
        "the throw needs {n} dice; {entered} were entered",
        "der Wurf braucht {n} Würfel; eingegeben wurden {entered}",
    ),
    (
        "pub_refuse_opening_die",
        "in the opening each throws one die of 1 to 6 pips, not {dice!r}",
        "in der Eröffnung wirft jeder einen Würfel mit 1 bis 6 Augen, nicht {dice!r}",
    ),
    (
        "pub_refuse_three_dice",
        "a turn ends with three dice of 1 to 6 pips, not {dice!r}",
        "ein Zug endet mit drei Würfeln mit 1 bis 6 Augen, nicht {dice!r}",
    ),
    (
        "pub_refuse_flag",
        "'{field}' is true, false or not given, not {value!r}",
        "'{field}' ist true, false oder nicht angegeben, nicht {value!r}",
    ),
    (
        "pub_refuse_throws",
        "a turn has 1 to {most} throws, not {value!r}",
        "ein Zug hat 1 bis {most} Würfe, nicht {value!r}",
    ),
    (
        "pub_refuse_turned_count",
        "0, 1 or 2 of the dice can be turned sixes, not {value!r}",
        "0, 1 oder 2 der Würfel können gedrehte Sechsen sein, nicht {value!r}",
    ),
    ("pub_word_seat", "seat {seat!r}", "Platz {seat!r}"),
    (
        "pub_refuse_stake_kind",
        "{field} is a text, not {value!r}",
        "{field} ist ein Text, nicht {value!r}",
    ),
    (
        "pub_refuse_stake_long",
        "{field} is one line of at most {most} printable characters",
        "{field} ist eine Zeile aus höchstens {most} druckbaren Zeichen",
    ),
    (
        "pub_refuse_stake_text",
        "a stake is a text, not {value!r}",
        "ein Einsatz ist ein Text, nicht {value!r}",
    ),
    # ------------------------------------------------------------ tournaments (schocken.tournament)
    ("tournament_word_first_half", "first half", "erste Hälfte"),
    ("tournament_word_second_half", "second half", "zweite Hälfte"),
    ("tournament_word_finale", "Finale", "Finale"),
    ("tournament_what_date", "the tournament's date", "das Datum des Turniers"),
    ("tournament_what_export_date", "'tournament': 'date'", "'tournament': 'date'"),
    ("tournament_what_team", "the team's name", "der Name des Teams"),
    ("tournament_refuse_as_is", "{why}", "{why}"),
    (
        "tournament_refuse_game_players_count",
        "a game has {least} to {most} players, not {count}",
        "ein Spiel hat {least} bis {most} Spieler, nicht {count}",
    ),
    (
        "tournament_refuse_game_player_twice",
        "{name!r} is named twice among the game's players",
        "„{name}“ steht zweimal unter den Spielern des Spiels",
    ),
    (
        "tournament_refuse_game_sections",
        "a game is its first half (played 'scharf'), two halves, or two halves and the Finale, "
        "not {sections}",
        "ein Spiel ist seine erste Hälfte („scharf“ gespielt), zwei Hälften oder zwei Hälften "
        "und das Finale, nicht {sections}",
    ),
    (
        "tournament_refuse_finale_missing",
        "{first!r} and {second!r} lost a half each: their Finale is missing",
        "„{first}“ und „{second}“ haben je eine Hälfte verloren: ihr Finale fehlt",
    ),
    (
        "tournament_refuse_no_finale_blattschuss",
        "{name!r} lost both halves (Blattschuss): there is no Finale",
        "„{name}“ hat beide Hälften verloren (Blattschuss): es gibt kein Finale",
    ),
    (
        "tournament_refuse_finale_players",
        "the Finale is played by the halves' losers, {first!r} and {second!r}",
        "das Finale spielen die Verlierer der Hälften, „{first}“ und „{second}“",
    ),
    (
        "tournament_refuse_order_empty_place",
        "the {section}'s finishing order has an empty place",
        "{section}: die Reihenfolge hat einen leeren Platz",
    ),
    (
        "tournament_refuse_one_loser",
        "the {section} has one loser, last and alone, not {names}",
        "{section}: es gibt einen Verlierer, zuletzt und allein, nicht {names}",
    ),
    (
        "tournament_refuse_order_twice",
        "{name!r} is named twice in the {section}'s finishing order",
        "{section}: „{name}“ steht zweimal in der Reihenfolge",
    ),
    (
        "tournament_refuse_order_leaves_out",
        "the {section}'s finishing order leaves out {name!r}",
        "{section}: die Reihenfolge lässt „{name}“ aus",
    ),
    (
        "tournament_refuse_order_stranger",
        "{name!r} in the {section} is not a player of the game",
        "{section}: „{name}“ spielt in diesem Spiel nicht mit",
    ),
    (
        "tournament_refuse_finale_two",
        "the Finale is played by two: its winner, then its loser",
        "das Finale spielen zwei: sein Gewinner, dann sein Verlierer",
    ),
    (
        "tournament_refuse_schock_aus_stranger",
        "the {section}'s Schock-Aus is thrown by a player of it, not {name!r}",
        "{section}: den Schock-Aus wirft einer, der mitspielt, nicht „{name}“",
    ),
    (
        "tournament_refuse_schock_aus_loser",
        "{name!r} lost the {section}, so did not throw the Schock-Aus that ended it",
        "{section}: „{name}“ hat verloren, hat also nicht den Schock-Aus geworfen, der das "
        "Ende brachte",
    ),
    (
        "tournament_refuse_bought_in_stranger",
        "{name!r} bought back into the {section} without playing it",
        "{section}: „{name}“ hat sich eingewürfelt, ohne mitzuspielen",
    ),
    (
        "tournament_refuse_more_halves",
        "a tournament game has two halves and a Finale: rules with further halves are not for it",
        "ein Turnierspiel hat zwei Hälften und ein Finale: Regeln mit weiteren Hälften passen "
        "nicht",
    ),
    (
        "tournament_refuse_record",
        "the record is refused: {why}",
        "das Protokoll wird abgelehnt: {why}",
    ),
    (
        "tournament_refuse_record_unfinished",
        "the record's game is not finished",
        "das Spiel des Protokolls ist nicht zu Ende",
    ),
    (
        "tournament_refuse_order_text",
        "a finishing order is like 'Anna, Cem > Ben > Dora'",
        "eine Reihenfolge sieht so aus: „Anna, Cem > Ben > Dora“",
    ),
    (
        "tournament_refuse_order_text_empty",
        "the finishing order {text!r} has an empty place",
        "die Reihenfolge „{text}“ hat einen leeren Platz",
    ),
    (
        "tournament_refuse_players_list",
        "a game's players are a list of names",
        "die Spieler eines Spiels sind eine Liste von Namen",
    ),
    (
        "tournament_refuse_section",
        "no section {value!r}; the sections are {sections}",
        "keinen Abschnitt „{value}“; die Abschnitte sind {sections}",
    ),
    (
        "tournament_refuse_halves_count",
        "a game has one half (played 'scharf') or two",
        "ein Spiel hat eine Hälfte („scharf“ gespielt) oder zwei",
    ),
    (
        "tournament_refuse_finale_who",
        "{first!r} and {second!r} lost a half each: who lost the Finale?",
        "„{first}“ und „{second}“ haben je eine Hälfte verloren: wer hat das Finale verloren?",
    ),
    (
        "tournament_refuse_finale_loser",
        "the Finale is played by {first!r} and {second!r}: one of them lost it, not {name!r}",
        "das Finale spielen „{first}“ und „{second}“: einer von ihnen hat es verloren, "
        "nicht „{name}“",
    ),
    (
        "tournament_refuse_no_finale",
        "there was no Finale: a game played scharf or a Blattschuss",
        "es gab kein Finale: ein Spiel „scharf“ oder ein Blattschuss",
    ),
    ("tournament_refuse_unplayed", "the {section} was not played", "{section}: nicht gespielt"),
    (
        "tournament_refuse_order_groups",
        "a finishing order is a list of groups of names",
        "eine Reihenfolge ist eine Liste von Gruppen von Namen",
    ),
    (
        "tournament_refuse_result_object",
        "a game's result is an object: players, sections",
        "das Ergebnis eines Spiels ist ein Objekt: players, sections",
    ),
    (
        "tournament_refuse_result_key",
        "a game's result has players and sections, not {value!r}",
        "das Ergebnis eines Spiels hat players und sections, nicht „{value}“",
    ),
    (
        "tournament_refuse_sections_list",
        "a game's sections are a list",
        "die Abschnitte eines Spiels sind eine Liste",
    ),
    (
        "tournament_refuse_section_object",
        "a section is an object: section, order, ...",
        "ein Abschnitt ist ein Objekt: section, order, ...",
    ),
    (
        "tournament_refuse_section_key",
        "a section has no {value!r}",
        "ein Abschnitt hat kein „{value}“",
    ),
    (
        "tournament_refuse_giver_text",
        "who threw a Schock-Aus is named by a text",
        "wer einen Schock-Aus warf, wird mit einem Text genannt",
    ),
    (
        "tournament_refuse_bought_in_list",
        "who bought back in is a list of names",
        "wer sich einwürfelte, ist eine Liste von Namen",
    ),
    (
        "tournament_refuse_order_list",
        "a section's order is a list of groups of names",
        "die Reihenfolge eines Abschnitts ist eine Liste von Gruppen von Namen",
    ),
    (
        "tournament_refuse_round_number",
        "the format has rounds 1 to {most}, not {value}",
        "der Modus hat die Runden 1 bis {most}, nicht {value}",
    ),
    (
        "tournament_refuse_round_not_drawn",
        "round {round} is not drawn yet",
        "Runde {round} ist noch nicht ausgelost",
    ),
    (
        "tournament_refuse_no_round",
        "the tournament has no round {round}",
        "das Turnier hat keine Runde {round}",
    ),
    (
        "tournament_refuse_not_played",
        "table {table} of round {round} has not played yet",
        "Tisch {table} in Runde {round} hat noch nicht gespielt",
    ),
    (
        "tournament_refuse_round_short",
        "table {table} of round {round} has played {played} of its {games} games; the next "
        "round is drawn when they are played, or when the round is closed on purpose (the "
        "games not played then count for nobody)",
        "Tisch {table} in Runde {round} hat {played} von {games} Spielen gespielt; die nächste "
        "Runde wird ausgelost, wenn sie gespielt sind oder die Runde absichtlich geschlossen "
        "wird (die nicht gespielten Spiele zählen dann für niemanden)",
    ),
    (
        "tournament_refuse_round_open",
        "table {table} of round {round} is not decided yet; the next round is drawn when it "
        "is, or when the round is closed on purpose (the table then counts as it stands)",
        "Tisch {table} in Runde {round} ist noch nicht entschieden; die nächste Runde wird "
        "ausgelost, wenn er es ist oder die Runde absichtlich geschlossen wird (der Tisch zählt "
        "dann, wie er steht)",
    ),
    (
        "tournament_refuse_close_flag",
        "closing the round is true or false, not {value}",
        "„Runde schließen“ ist wahr oder falsch, nicht {value}",
    ),
    (
        "tournament_refuse_round_over",
        "round {round} is over: round {latest} is drawn, and an earlier round's results no "
        "longer change (unless round {latest}'s draw is taken back, before it has games)",
        "Runde {round} ist vorbei: Runde {latest} ist ausgelost, und die Ergebnisse einer "
        "früheren Runde ändern sich nicht mehr (außer die Auslosung der Runde {latest} wird "
        "zurückgenommen, bevor sie Spiele hat)",
    ),
    (
        "tournament_refuse_undraw_played",
        "round {round} has games already: its draw is not taken back",
        "Runde {round} hat schon Spiele: ihre Auslosung wird nicht zurückgenommen",
    ),
    (
        "tournament_refuse_undraw_reason",
        "say why the draw is taken back (a reason)",
        "sag, warum die Auslosung zurückgenommen wird (ein Grund)",
    ),
    (
        "tournament_refuse_undraw_online",
        "a table of round {round} is played at the server: its draw is not taken back",
        "ein Tisch der Runde {round} wird am Server gespielt: ihre Auslosung wird nicht "
        "zurückgenommen",
    ),
    (
        "tournament_refuse_all_drawn",
        "all {rounds} rounds of the format are drawn",
        "alle {rounds} Runden des Modus sind ausgelost",
    ),
    (
        "tournament_refuse_table",
        "round {round} has tables {tables}, not {value}",
        "Runde {round} hat die Tische {tables}, nicht {value}",
    ),
    (
        "tournament_refuse_games_done",
        "table {table} of round {round} has played its {games} games",
        "Tisch {table} in Runde {round} hat seine {games} Spiele gespielt",
    ),
    (
        "tournament_refuse_decided",
        "table {table} of round {round} is decided: no more games there",
        "Tisch {table} in Runde {round} ist entschieden: dort kein Spiel mehr",
    ),
    (
        "tournament_refuse_few_lives",
        "table {table} of round {round} has fewer than two players with lives left",
        "an Tisch {table} in Runde {round} haben weniger als zwei Spieler noch Leben",
    ),
    (
        "tournament_refuse_not_at_table",
        "{name!r} does not sit at table {table} of round {round} ({players})",
        "„{name}“ sitzt nicht an Tisch {table} in Runde {round} ({players})",
    ),
    (
        "tournament_refuse_missing",
        "{name!r} of table {table} of round {round} is missing from the game",
        "„{name}“ von Tisch {table} in Runde {round} fehlt im Spiel",
    ),
    (
        "tournament_refuse_no_lives",
        "{name!r} has no lives left at table {table} of round {round}",
        "„{name}“ hat an Tisch {table} in Runde {round} keine Leben mehr",
    ),
    (
        "tournament_refuse_scharf",
        "a game 'scharf' (one half) is not played at table {table} of round {round}",
        "an Tisch {table} in Runde {round} wird nicht „scharf“ (eine Hälfte) gespielt",
    ),
    (
        "tournament_refuse_one_half",
        "the tournament plays one half without a Finale: a game at table {table} of round "
        "{round} is one half",
        "das Turnier spielt eine Hälfte ohne Finale: ein Spiel an Tisch {table} in Runde "
        "{round} ist eine Hälfte",
    ),
    (
        "tournament_refuse_rules",
        "the record is played by other rules than the tournament's",
        "das Protokoll ist nach anderen Regeln gespielt als denen des Turniers",
    ),
    (
        "tournament_refuse_rules_scharf",
        "the record is played by other rules than the tournament's (a game 'scharf' has the "
        "same rules without a Finale)",
        "das Protokoll ist nach anderen Regeln gespielt als denen des Turniers (ein Spiel "
        "„scharf“ hat dieselben Regeln ohne Finale)",
    ),
    (
        "tournament_refuse_too_few",
        "{count} players cannot fill a table of {least} to {most}",
        "{count} Spieler füllen keinen Tisch von {least} bis {most}",
    ),
    (
        "tournament_refuse_uneven",
        "{count} players cannot sit at tables of {least} to {most} of even size",
        "{count} Spieler passen nicht an gleich große Tische von {least} bis {most}",
    ),
    (
        "tournament_refuse_team_large",
        "team {team!r} has {count} players at {tables} tables: teammates cannot all sit apart",
        "Team „{team}“ hat {count} Spieler bei {tables} Tischen: nicht alle können getrennt sitzen",
    ),
    (
        "tournament_refuse_draw_twice",
        "a player is named twice in the draw",
        "ein Spieler steht zweimal in der Auslosung",
    ),
    (
        "tournament_refuse_teams_apart",
        "the teams leave no draw in which every teammate sits apart",
        "die Teams lassen keine Auslosung zu, in der alle Teamkollegen getrennt sitzen",
    ),
    (
        "tournament_refuse_no_seat",
        "{name!r} has no seat in the round",
        "„{name}“ hat keinen Platz in der Runde",
    ),
    (
        "tournament_refuse_seated",
        "{name!r} has a seat in the round already",
        "„{name}“ hat schon einen Platz in der Runde",
    ),
    (
        "tournament_refuse_no_room",
        "no table can take {name!r}, nor give players to a new one",
        "kein Tisch kann „{name}“ aufnehmen oder Spieler an einen neuen abgeben",
    ),
    (
        "tournament_refuse_left_small",
        "table {table} is left with too few players and no table to take them",
        "an Tisch {table} bleiben zu wenige Spieler, und kein Tisch kann sie aufnehmen",
    ),
    (
        "tournament_refuse_no_room_from",
        "no table can take {name!r} from table {table}",
        "kein Tisch kann „{name}“ von Tisch {table} aufnehmen",
    ),
    (
        "tournament_refuse_no_final",
        "the format has no final stage",
        "der Modus hat keine Finalrunden",
    ),
    (
        "tournament_refuse_final_needs",
        "the final stage needs {count} players; {left} are left",
        "die Finalrunden brauchen {count} Spieler; {left} sind noch dabei",
    ),
    (
        "tournament_refuse_undecided",
        "table {table} of round {round} is not decided yet: {names} still have lives",
        "Tisch {table} in Runde {round} ist noch nicht entschieden: {names} haben noch Leben",
    ),
    (
        "tournament_refuse_undecided_empty",
        "table {table} of round {round} is not decided yet: no game yet",
        "Tisch {table} in Runde {round} ist noch nicht entschieden: noch kein Spiel",
    ),
    ("tournament_refuse_store", "{why}", "{why}"),
    (
        "tournament_refuse_store_use",
        "cannot use {where}: {why}",
        "{where} ist nicht nutzbar: {why}",
    ),
    (
        "tournament_refuse_club",
        "the club's book refuses it: {why}",
        "das Schockbuch lehnt ab: {why}",
    ),
    (
        "tournament_refuse_database",
        "the database refuses it: {why}",
        "die Datenbank lehnt ab: {why}",
    ),
    ("tournament_refuse_unchanged", "{why}; nothing was changed", "{why}; nichts wurde geändert"),
    (
        "tournament_refuse_name_text",
        "a tournament is named by a text, not {value}",
        "ein Turnier wird mit einem Text genannt, nicht {value}",
    ),
    (
        "tournament_refuse_unknown",
        "there is no tournament {name!r} here",
        "hier gibt es kein Turnier „{name}“",
    ),
    (
        "tournament_refuse_player_text",
        "a player is named by a text, not {value}",
        "ein Spieler wird mit einem Text genannt, nicht {value}",
    ),
    (
        "tournament_refuse_not_registered",
        "{name!r} is not registered for the tournament",
        "„{name}“ ist für das Turnier nicht angemeldet",
    ),
    (
        "tournament_refuse_tournament_name",
        "a tournament's name: {why}",
        "der Name des Turniers: {why}",
    ),
    (
        "tournament_refuse_capacity",
        "the capacity is a number of players from 3 to {most}, not {value}",
        "die Teilnehmerzahl ist eine Zahl von 3 bis {most}, nicht {value}",
    ),
    (
        "tournament_refuse_seed",
        "the seed is a text of 1 to 64 printable characters",
        "der Startwert der Auslosung ist ein Text aus 1 bis 64 druckbaren Zeichen",
    ),
    (
        "tournament_refuse_no_slug",
        "{name!r} makes no address: use letters or digits",
        "„{name}“ ergibt keine Adresse: bitte Buchstaben oder Ziffern",
    ),
    (
        "tournament_refuse_twice",
        "there is a tournament {name!r} already",
        "es gibt schon ein Turnier „{name}“",
    ),
    (
        "tournament_refuse_register_names",
        "name the players to register (a list of names)",
        "nenne die Spieler, die angemeldet werden (eine Liste von Namen)",
    ),
    (
        "tournament_refuse_team_long",
        "a team's name has at most {most} characters",
        "der Name eines Teams hat höchstens {most} Zeichen",
    ),
    ("tournament_refuse_player_name", "a player's name: {why}", "der Name eines Spielers: {why}"),
    ("tournament_refuse_name_twice", "a name is given twice", "ein Name steht zweimal da"),
    (
        "tournament_refuse_full",
        "the tournament takes {most} players: {count} are registered, {left} more can be",
        "das Turnier nimmt {most} Spieler: {count} sind angemeldet, {left} können noch dazu",
    ),
    (
        "tournament_refuse_too_many",
        "a tournament takes at most {most} players (the server's limit): {count} are "
        "registered, {left} more can be",
        "ein Turnier nimmt höchstens {most} Spieler (die Grenze des Servers): {count} sind "
        "angemeldet, {left} können noch dazu",
    ),
    (
        "tournament_refuse_final_begun",
        "the final stage has begun: no more entries",
        "die Finalrunden haben begonnen: keine Anmeldungen mehr",
    ),
    (
        "tournament_refuse_registered",
        "{name!r} is registered already",
        "„{name}“ ist schon angemeldet",
    ),
    (
        "tournament_refuse_registered_as",
        "{name!r} is registered already (as {other!r})",
        "„{name}“ ist schon angemeldet (als „{other}“)",
    ),
    (
        "tournament_refuse_not_member",
        "{name!r} is not a member of {club} (register them as a guest, or add them to the club "
        "first)",
        "„{name}“ ist kein Mitglied von {club} (als Gast anmelden oder erst in den Verein "
        "aufnehmen)",
    ),
    ("tournament_refuse_left_already", "{name!r} has left already", "„{name}“ ist schon raus"),
    (
        "tournament_refuse_guests",
        "the guests are true, false or a list of names, not {value}",
        "die Gäste sind wahr, falsch oder eine Liste von Namen, nicht {value}",
    ),
    (
        "tournament_refuse_guest_unlisted",
        "the guest {name} is not among the names registered",
        "der Gast {name} ist nicht unter den angemeldeten Namen",
    ),
    (
        "tournament_refuse_leave_final",
        "{name!r} sits at a table of the final stage: enter their games as lost instead",
        "„{name}“ sitzt an einem Tisch der Finalrunden: stattdessen die Spiele als verloren "
        "eintragen",
    ),
    (
        "tournament_refuse_record_or_hand",
        "a game is entered by its record or by hand, one of them",
        "ein Spiel wird mit seinem Protokoll oder von Hand eingetragen, eins von beiden",
    ),
    (
        "tournament_refuse_source",
        "a record comes from 'pub' or 'online', not {value}",
        "ein Protokoll kommt von 'pub' oder 'online', nicht {value}",
    ),
    (
        "tournament_refuse_number",
        "a round or table is given by its number, not {value}",
        "eine Runde oder ein Tisch wird mit der Nummer genannt, nicht {value}",
    ),
    (
        "tournament_refuse_entered",
        "this game is entered already: game {number} of table {table} in round {round}",
        "dieses Spiel ist schon eingetragen: Spiel {number} an Tisch {table} in Runde {round}",
    ),
    (
        "tournament_refuse_reason",
        "say why the game is taken back (a reason)",
        "sag, warum das Spiel zurückgenommen wird (ein Grund)",
    ),
    (
        "tournament_refuse_take_back",
        "only games of the latest round ({round}) can be taken back",
        "nur Spiele der letzten Runde ({round}) können zurückgenommen werden",
    ),
    (
        "tournament_refuse_no_game",
        "table {table} of round {round} has no game",
        "Tisch {table} in Runde {round} hat kein Spiel",
    ),
    (
        "tournament_refuse_no_such_game",
        "round {round} has no game {number} at table {table}",
        "Runde {round} hat kein Spiel {number} an Tisch {table}",
    ),
    (
        "tournament_refuse_none",
        "there is no tournament here yet (schocken tournament create NAME --date YYYY-MM-DD)",
        "hier gibt es noch kein Turnier (schocken tournament create NAME --date JJJJ-MM-TT)",
    ),
    (
        "tournament_refuse_which",
        "there are {count} tournaments here: name one with --tournament ({names})",
        "hier gibt es {count} Turniere: eins mit --tournament nennen ({names})",
    ),
    (
        "tournament_refuse_section_name",
        "{what} is given as SECTION=NAME (like first_half=Anna)",
        "{what} wird als ABSCHNITT=NAME angegeben (etwa first_half=Anna)",
    ),
    (
        "tournament_refuse_utf8",
        "cannot read {file}: not UTF-8 text",
        "{file} ist nicht lesbar: kein UTF-8-Text",
    ),
    (
        "tournament_refuse_enter_how",
        "enter a game by its record (--record FILE) or by hand (--half ORDER, twice for two "
        "halves)",
        "ein Spiel mit seinem Protokoll (--record DATEI) oder von Hand eintragen (--half "
        "REIHENFOLGE, zweimal für zwei Hälften)",
    ),
    (
        "tournament_refuse_one_schock_aus",
        "one Schock-Aus ends the {section}, not {count}",
        "ein Schock-Aus beendet die Runde ({section}), nicht {count}",
    ),
    # ------------------------------------------------------------ the rule set (schocken.rules)
    (
        "rules_refused_preset_option",
        "'preset' is not an option; start from another preset instead",
        "'preset' ist keine Option; beginne stattdessen mit einem anderen Regelwerk",
    ),
    (
        "rules_refused_not_table",
        "rules must be a table of options, not {what}",
        "Regeln sind eine Tabelle von Optionen, nicht {what}",
    ),
    (
        "rules_refused_preset_name",
        "option 'preset' must be a preset name, not {value!r}",
        "Option 'preset' muss der Name eines Regelwerks sein, nicht {value!r}",
    ),
    (
        "rules_refused_unknown_option",
        "unknown rule option {name!r}; known options: {known}",
        "unbekannte Regel-Option {name!r}; bekannte Optionen: {known}",
    ),
    (
        "rules_refused_choice",
        "option {name!r} must be one of {choices}, not {value!r}",
        "Option {name!r} muss eins von {choices} sein, nicht {value!r}",
    ),
    (
        "rules_refused_preset_empty",
        "option 'preset' must be a non-empty name, not {value!r}",
        "Option 'preset' muss ein Name sein, nicht {value!r}",
    ),
    (
        "rules_refused_whole_number",
        "option {name!r} must be a whole number, not {value!r}",
        "Option {name!r} muss eine ganze Zahl sein, nicht {value!r}",
    ),
    (
        "rules_refused_range",
        "option {name!r} must be between {low} and {high}, not {value}",
        "Option {name!r} muss zwischen {low} und {high} liegen, nicht {value}",
    ),
    (
        "rules_refused_bool",
        "option {name!r} must be true or false, not {value!r}",
        "Option {name!r} muss true oder false sein, nicht {value!r}",
    ),
    (
        "rules_refused_unknown_preset",
        "unknown preset {name!r}; known presets: {known}",
        "unbekanntes Regelwerk {name!r}; bekannte Regelwerke: {known}",
    ),
    (
        "rules_refused_in",
        "{where}: {reason}",
        "{where}: {reason}",
    ),
    (
        "rules_data_not_object",
        "{where} must be an object with 'preset' and 'overrides', not {what}",
        "{where} muss ein Objekt mit 'preset' und 'overrides' sein, nicht {what}",
    ),
    (
        "rules_data_unknown_key",
        "{where}: unknown key {names}; a rule set has only 'preset' and 'overrides'",
        "{where}: unbekannter Schlüssel {names}; ein Regelwerk hat nur 'preset' und 'overrides'",
    ),
    (
        "rules_data_unknown_keys",
        "{where}: unknown keys {names}; a rule set has only 'preset' and 'overrides'",
        "{where}: unbekannte Schlüssel {names}; ein Regelwerk hat nur 'preset' und 'overrides'",
    ),
    (
        "rules_data_no_preset",
        "{where}: 'preset' is missing; known presets: {known}",
        "{where}: 'preset' fehlt; bekannte Regelwerke: {known}",
    ),
    (
        "rules_data_unknown_preset",
        "{where}: unknown preset {name!r}; known presets: {known}",
        "{where}: unbekanntes Regelwerk {name!r}; bekannte Regelwerke: {known}",
    ),
    (
        "rules_data_overrides_not_object",
        "{where}: 'overrides' must be an object of rule options, not {what}",
        "{where}: 'overrides' muss ein Objekt von Regel-Optionen sein, nicht {what}",
    ),
    (
        "rules_data_preset_in_overrides",
        "{where}: 'preset' is not an option to override; it goes beside 'overrides'",
        "{where}: 'preset' ist keine Option zum Ändern; es steht neben 'overrides'",
    ),
    (
        "rules_kind_null",
        "null",
        "null",
    ),
    (
        "rules_kind_bool",
        "true or false",
        "true oder false",
    ),
    (
        "rules_kind_text",
        "a text",
        "ein Text",
    ),
    (
        "rules_kind_number",
        "a number",
        "eine Zahl",
    ),
    (
        "rules_kind_list",
        "a list",
        "eine Liste",
    ),
    ("rules_kind_object", "an object", "ein Objekt"),
    (
        "rules_toml_invalid",
        "{source}: not valid TOML: {detail}",
        "{source}: kein gültiges TOML: {detail}",
    ),
    (
        "rules_toml_too_deep",
        "{source}: not valid TOML (too deeply nested or too long)",
        "{source}: kein gültiges TOML (zu tief verschachtelt oder zu lang)",
    ),
    (
        "rules_toml_no_preset",
        '{source}: name the preset to start from, e.g. preset = "tsv99" (known presets: {known})',
        '{source}: nenne das Regelwerk, von dem es ausgeht, z. B. preset = "tsv99" (bekannte '
        "Regelwerke: {known})",
    ),
    (
        "rules_where_link",
        "the link",
        "der Link",
    ),
    ("rules_where_club", "the club's rules", "die Regeln des Vereins"),
    ("rules_where_house", "house rules", "Hausregeln"),
    (
        "rules_where_toml",
        "TOML",
        "TOML",
    ),
    # ------------------------------------------------------------ entries made on a phone
    (
        "refuse_entry_id",
        "an entry id is 8 to 64 letters, digits and _ . : - (such as a UUID), not {value}",
        "eine Eintrags-ID hat 8 bis 64 Buchstaben, Ziffern und _ . : - (etwa eine UUID), "
        "nicht {value}",
    ),
    (
        "refuse_entry_other",
        "entry {entry} was {was}, not {what}: an entry id names one entry",
        "Eintrag {entry} war {was}, nicht {what}: eine Eintrags-ID steht für einen Eintrag",
    ),
    (
        "server_refuse_pub_phone_id",
        "a pub game's 'id' made on a phone is 12 to 40 letters, digits, _ or -",
        "die auf einem Handy gemachte 'id' eines Kneipenspiels hat 12 bis 40 Buchstaben, "
        "Ziffern, _ oder -",
    ),
    (
        "server_refuse_pub_phone_token",
        "a pub game's 'token' made on a phone is 22 to 100 letters, digits, _ or -",
        "der auf einem Handy gemachte 'token' eines Kneipenspiels hat 22 bis 100 Buchstaben, "
        "Ziffern, _ oder -",
    ),
    (
        "server_refuse_pub_taken",
        "there is a pub game {id!r} already",
        "es gibt schon ein Kneipenspiel {id!r}",
    ),
    # ------------------------------------------------------------ a club's tournaments
    (
        "server_refuse_tournament_club",
        "there is no tournament {name!r} of this club",
        "dieser Verein hat kein Turnier „{name}“",
    ),
    (
        "server_refuse_tournament_key",
        "this link does not open the tournament's views: ask the organiser for the screen's "
        "or the phones' link",
        "dieser Link öffnet die Ansichten des Turniers nicht: frag die Turnierleitung nach dem "
        "Link für die Leinwand oder die Handys",
    ),
    (
        "server_refuse_tournament_views_minute",
        "this tournament's views were asked for {most} times in the last minute from your "
        "address with this link; they refresh by themselves: try again in a minute",
        "die Ansichten dieses Turniers wurden in der letzten Minute {most}-mal von deiner "
        "Adresse mit diesem Link abgerufen; sie aktualisieren sich von selbst: in einer Minute "
        "noch einmal versuchen",
    ),
    (
        "server_refuse_tournament_cut_off",
        "the tournament's change was cut off before its answer; reload the page to see whether "
        "it was made",
        "die Änderung des Turniers brach vor ihrer Antwort ab; die Seite neu laden, um zu sehen, "
        "ob sie gemacht wurde",
    ),
    (
        "server_refuse_tournament_view",
        "a tournament's view is one of {views}, not {view!r}",
        "eine Ansicht des Turniers ist eine von {views}, nicht „{view}“",
    ),
    (
        "server_refuse_tournament_print",
        "a tournament's print view is one of {views}, not {view!r}",
        "eine Druckansicht des Turniers ist eine von {views}, nicht „{view}“",
    ),
    (
        "server_refuse_tournament_action",
        "a tournament's change is one of {actions}, not {action!r}",
        "eine Änderung am Turnier ist eine von {actions}, nicht „{action}“",
    ),
    (
        "server_refuse_tournament_hide",
        "'hide' is the minutes whose results are hidden, 0 to {most}, not {value!r}",
        "'hide' sind die Minuten, deren Ergebnisse ausgeblendet werden, 0 bis {most}, nicht "
        "„{value}“",
    ),
    (
        "server_refuse_tournament_round",
        "'round' is a round's number, not {value!r}",
        "'round' ist die Nummer einer Runde, nicht „{value}“",
    ),
    (
        "server_refuse_tournament_from",
        "'from' is the number of players to pass over (0 or more), not {value!r}",
        "'from' ist die Zahl der Spieler, die übersprungen werden (0 oder mehr), nicht „{value}“",
    ),
    (
        "tournament_refuse_not_online",
        "table {table} of round {round} is not played online",
        "Tisch {table} der Runde {round} wird nicht online gespielt",
    ),
    (
        "tournament_refuse_online_round",
        "only a table of the latest round (round {round}) can be opened online",
        "nur ein Tisch der letzten Runde (Runde {round}) kann online geöffnet werden",
    ),
    (
        "tournament_refuse_bot_twice",
        "a bot plays for {name} already",
        "für {name} spielt schon ein Bot",
    ),
    (
        "tournament_refuse_online_twice",
        "table {table} of round {round} has its online table already",
        "Tisch {table} der Runde {round} hat seinen Online-Tisch schon",
    ),
    (
        "tournament_refuse_pub_twice",
        "table {table} of round {round} is counted on a phone (pub mode) already",
        "Tisch {table} der Runde {round} wird schon auf einem Handy gezählt (Kneipenmodus)",
    ),
    (
        "tournament_refuse_not_pub",
        "table {table} of round {round} is not counted on a phone (pub mode)",
        "Tisch {table} der Runde {round} wird nicht auf einem Handy gezählt (Kneipenmodus)",
    ),
    (
        "tournament_refuse_kind",
        "a table is played 'online' or counted in 'pub' mode, not {value}",
        "ein Tisch wird 'online' gespielt oder im Kneipenmodus ('pub') gezählt, nicht {value}",
    ),
    (
        "server_refuse_pub_no_next",
        "this pub game has no next game: only the games of a tournament's table go on on the "
        "same phone",
        "dieses Kneipenspiel hat kein nächstes Spiel: nur die Spiele eines Turniertisches gehen "
        "auf demselben Handy weiter",
    ),
    (
        "server_refuse_pub_of_tournament",
        "this pub game counts for a tournament's table: the tournament books it in the club's "
        "book itself",
        "dieses Kneipenspiel zählt für einen Turniertisch: das Turnier trägt es selbst ins "
        "Vereinsbuch ein",
    ),
    (
        "server_refuse_pub_counted",
        "this game is over and counts for the tournament: it cannot be changed here any more "
        "(the organiser can take it back on the table's card and enter it by hand)",
        "dieses Spiel ist aus und zählt für das Turnier: es lässt sich hier nicht mehr ändern "
        "(die Turnierleitung kann es auf der Karte des Tisches zurücknehmen und von Hand "
        "eintragen)",
    ),
    (
        "server_refuse_pub_not_over",
        "the next game comes when this one is over",
        "das nächste Spiel kommt, wenn dieses aus ist",
    ),
    (
        "server_refuse_pub_gone",
        "the pub game {id!r} of table {table} is no longer on the server",
        "das Kneipenspiel {id!r} von Tisch {table} ist nicht mehr auf dem Server",
    ),
    (
        "tournament_refuse_paper",
        "a print view is one of {views}, not {what!r}",
        "eine Druckansicht ist eine von {views}, nicht „{what}“",
    ),
    (
        "tournament_refuse_no_chromium",
        "a PDF is printed by Chromium, and none was found ({names}): install Debian's chromium",
        "ein PDF druckt Chromium, und keins wurde gefunden ({names}): installiere Debians chromium",
    ),
    (
        "tournament_refuse_pdf",
        "Chromium could not print the PDF: {why}",
        "Chromium konnte das PDF nicht drucken: {why}",
    ),
    # @@MORE@@
)

_ALL = _TEXTS + RECORD_TEXTS + CONNECTION_TEXTS

REFUSALS: dict[str, dict[str, str]] = {
    "en": {key: en for key, en, _ in _ALL},
    "de": {key: de for key, _, de in _ALL},
}
"""The texts by language and key (English ``"en"``, German ``"de"``)."""


def english(key: str, fields: Mapping[str, object]) -> str:
    """The English text ``key`` with its fields, for a refusal made where the catalogue of
    :mod:`schocken.texts` cannot be imported (the rule set, the actions: the catalogue imports
    them); a :class:`~schocken.errors.Said` field must be a text of this table."""

    def word(value: object) -> object:
        if isinstance(value, Said):
            return english(value.key, value.fields)
        return str(value) if isinstance(value, Exception) else value

    return REFUSALS["en"][key].format(**{name: word(value) for name, value in fields.items()})
