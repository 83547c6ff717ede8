"""The money of a club: prices by date, the catalogue of fines, charges, payments, the
ledger and balances, and the kitty with its expenses."""

from __future__ import annotations

from schocken.club.evenings import (
    _Evenings,
    _Line,
)
from schocken.club.transfer import check_bic, check_holder, check_iban, epc_payload, reference
from schocken.club.values import (
    HALVES,
    MAX_FINE_COUNT,
    MAX_FINE_NAME,
    PRICE_ITEMS,
    AccountInfo,
    BalanceInfo,
    ExpenseInfo,
    FineItemInfo,
    KittyInfo,
    LedgerLine,
    PriceInfo,
    TransferInfo,
    _show,
    check_cents,
    check_date,
    check_text,
    today,
)
from schocken.errors import ClubError
from schocken.players import name_key
from schocken.store import StoreConflictError
from schocken.texts import refused, said


class _Money(_Evenings):
    """Prices, fines, payments, the ledger and the kitty."""

    # ------------------------------------------------------------------ money

    def set_price(
        self, club: str, item: str, cents: int, *, valid_from: str | None = None
    ) -> list[PriceInfo]:
        """The price of an item of :data:`PRICE_ITEMS` from ``valid_from`` on (``None``: from the
        start of the book). Returns the price list."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_price(cid, item, cents, valid_from, replace=True)
            self._log(cid, "price_set", item=item, cents=cents, valid_from=valid_from)
        return self.prices(club)

    def _insert_price(
        self, cid: int, item: object, cents: object, valid_from: object, *, replace: bool
    ) -> None:
        if item not in PRICE_ITEMS:
            raise refused(
                ClubError, "club_refuse_price_item", value=_show(item), items=", ".join(PRICE_ITEMS)
            )
        cents = check_cents(cents, said("club_what_price_of", item=said(f"club_word_{item}")))
        start = "" if valid_from is None else check_date(valid_from, said("club_what_price_from"))
        on_conflict = (
            " ON CONFLICT (club_id, item, valid_from) DO UPDATE SET cents = excluded.cents"
            if replace
            else ""
        )
        try:
            self.db.execute(
                "INSERT INTO club_prices (club_id, item, valid_from, cents) VALUES (?, ?, ?, ?)"
                + on_conflict,
                (cid, item, start, cents),
            )
        except StoreConflictError:
            raise refused(
                ClubError,
                "club_refuse_price_twice",
                item=said(f"club_word_{item}"),
                date=valid_from,
            ) from None

    def prices(self, club: str) -> list[PriceInfo]:
        """The price list: every item's prices, oldest first."""
        cid = self._club_id(club)
        rows = self.db.execute(
            "SELECT item, valid_from, cents FROM club_prices WHERE club_id = ? "
            "ORDER BY item, valid_from",
            (cid,),
        )
        return [{"item": r[0], "valid_from": r[1] or None, "cents": r[2]} for r in rows]

    def pay(
        self, club: str, member: str, cents: int, *, day: str | None = None, note: str = ""
    ) -> BalanceInfo:
        """A member pays ``cents`` into the club's kitty (negative: the kitty pays back)."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_money("club_payments", "note", cid, member, cents, day or today(), note)
            self._log(cid, "paid", member=member, cents=cents, date=day or today(), note=note)
        return self.balance(club, member)

    def charge(
        self, club: str, member: str, cents: int, reason: str, *, day: str | None = None
    ) -> BalanceInfo:
        """A fine or correction by hand, with its reason (negative: a credit)."""
        with self._tx():
            cid = self._club_id(club)
            self._insert_money("club_charges", "reason", cid, member, cents, day or today(), reason)
            self._log(
                cid, "charged", member=member, cents=cents, date=day or today(), reason=reason
            )
        return self.balance(club, member)

    def set_fine_item(self, club: str, name: str, cents: int) -> list[FineItemInfo]:
        """Put a fine into the club's catalogue, or give one in it a new price (its name as
        written now). Fines booked before keep what they cost then. Returns the catalogue."""
        with self._tx():
            cid = self._club_id(club)
            name, cents = self._insert_fine_item(cid, name, cents, replace=True)
            self._log(cid, "fine_item_set", name=name, cents=cents)
        return self.fine_items(club)

    def _insert_fine_item(
        self, cid: int, name: object, cents: object, *, replace: bool
    ) -> tuple[str, int]:
        text = check_text(name, said("club_what_fine_name"), required=True)
        if len(text) > MAX_FINE_NAME:
            raise refused(ClubError, "club_refuse_fine_name_long", most=MAX_FINE_NAME)
        price = check_cents(cents, said("club_what_fine_price", name=text), zero=False)
        key = name_key(text)
        if not replace and self._fine_item(cid, key) is not None:
            raise refused(ClubError, "club_refuse_fine_twice", name=text)
        self.db.execute(
            "INSERT INTO club_fine_items (club_id, name, key, cents) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(club_id, key) DO UPDATE SET name = excluded.name, cents = excluded.cents",
            (cid, text, key, price),
        )
        return text, price

    def _fine_item(self, cid: int, key: str) -> FineItemInfo | None:
        row = self.db.execute(
            "SELECT name, cents FROM club_fine_items WHERE club_id = ? AND key = ?", (cid, key)
        ).fetchone()
        return None if row is None else FineItemInfo(name=row[0], cents=row[1])

    def remove_fine_item(self, club: str, name: str) -> list[FineItemInfo]:
        """Take a fine out of the catalogue (what was booked stays). Returns the catalogue."""
        with self._tx():
            cid = self._club_id(club)
            item = self._catalogued(cid, name)
            self.db.execute(
                "DELETE FROM club_fine_items WHERE club_id = ? AND key = ?",
                (cid, name_key(item["name"])),
            )
            self._log(cid, "fine_item_removed", name=item["name"])
        return self.fine_items(club)

    def _catalogued(self, cid: int, name: object) -> FineItemInfo:
        if not isinstance(name, str):
            raise refused(ClubError, "club_refuse_fine_kind", value=_show(name))
        item = self._fine_item(cid, name_key(name))
        if item is None:
            known = [i["name"] for i in self._fine_items(cid)]
            listed = ", ".join(known) if known else said("club_word_none_yet")
            raise refused(ClubError, "club_refuse_no_fine", name=name, listed=listed)
        return item

    def fine_items(self, club: str) -> list[FineItemInfo]:
        """The club's catalogue of fines, by name."""
        return self._fine_items(self._club_id(club))

    def _fine_items(self, cid: int) -> list[FineItemInfo]:
        rows = self.db.execute(
            "SELECT name, cents FROM club_fine_items WHERE club_id = ? ORDER BY key, id", (cid,)
        )
        return [FineItemInfo(name=r[0], cents=r[1]) for r in rows]

    def fine(
        self,
        club: str,
        member: str,
        item: str,
        *,
        count: int = 1,
        day: str | None = None,
        anyway: bool = False,
    ) -> BalanceInfo:
        """Book a fine of the catalogue on a member, ``count`` times at once: a charge of its
        price times ``count``, with its name (and the count) as the reason. A member who had
        left by that day is refused, unless ``anyway`` (the treasurer decided: a fine made on a
        phone without a signal for a member who left that day, "Book anyway")."""
        if type(count) is not int or not 1 <= count <= MAX_FINE_COUNT:
            raise refused(
                ClubError, "club_refuse_fine_count", most=MAX_FINE_COUNT, value=_show(count)
            )
        if not isinstance(anyway, bool):
            raise refused(ClubError, "club_refuse_fine_anyway", value=_show(anyway))
        with self._tx():
            cid = self._club_id(club)
            fine = self._catalogued(cid, item)
            when = check_date(day or today(), said("club_what_charge_date"))
            name, left = self.db.execute(
                "SELECT name, left_on FROM club_members WHERE id = ?",
                (self._member_id(cid, member),),
            ).fetchone()
            if left is not None and left <= when and not anyway:  # as the page: left by then
                raise refused(ClubError, "club_refuse_fine_left", name=name, left=left, date=when)
            reason = fine["name"] if count == 1 else f"{fine['name']} × {count}"
            cents = fine["cents"] * count
            self._insert_money("club_charges", "reason", cid, member, cents, day or today(), reason)
            self._log(
                cid,
                "fined",
                member=member,
                fine=fine["name"],
                count=count,
                cents=cents,
                date=day or today(),
            )
        return self.balance(club, member)

    def _insert_money(
        self,
        table: str,
        text_column: str,
        cid: int,
        member: object,
        cents: object,
        day: object,
        text: object,
    ) -> None:
        what = "payment" if table == "club_payments" else "charge"
        mid = self._member_id(cid, member)
        cents = check_cents(cents, said(f"club_what_{what}"), negative=True, zero=False)
        day = check_date(day, said(f"club_what_{what}_date"))
        text = check_text(text, said("club_what_reason"), required=table == "club_charges")
        self.db.execute(
            f"INSERT INTO {table} (club_id, member_id, date, cents, {text_column}) "
            "VALUES (?, ?, ?, ?, ?)",
            (cid, mid, day, cents, text),
        )

    def ledger(self, club: str, member: str | None = None) -> list[LedgerLine]:
        """Every line of the club's accounts, by date: fines from games and evenings by the
        price list in force on the day, charges by hand, payments. The balances are its sums."""
        cid = self._club_id(club)
        only = None if member is None else self._member_id(cid, member)
        names = self._member_names(cid)
        return [
            {
                "date": line.date,
                "member": names[line.member],
                "item": line.item,
                "count": line.count,
                "cents": line.cents,
                "game": line.game,
                "text": line.text,
            }
            for line in self._ledger(cid)
            if only is None or line.member == only
        ]

    def _ledger(self, cid: int) -> list[_Line]:
        db = self.db
        prices: dict[str, list[tuple[str, int]]] = {}
        for item, start, cents in db.execute(
            "SELECT item, valid_from, cents FROM club_prices WHERE club_id = ? ORDER BY valid_from",
            (cid,),
        ):
            prices.setdefault(item, []).append((start, cents))

        def price(item: str, day: str) -> int:
            cents = 0
            for start, value in prices.get(item, ()):
                if start <= day:
                    cents = value
            return cents

        lines: list[_Line] = []
        uncounted = self._bot_ids(cid)  # bots' seats cost nobody

        def add(mid: int, day: str, item: str, count: int, game: int | None) -> None:
            cents = price(item, day) * count
            if cents and count:
                lines.append(_Line(mid, day, item, count, cents, game, ""))

        for gid, day, number, loser in db.execute(
            "SELECT g.id, e.date, g.number, g.loser_id FROM club_games g JOIN club_evenings e "
            "ON e.id = g.evening_id WHERE e.club_id = ? AND g.void IS NULL "
            "ORDER BY e.date, g.number",
            (cid,),
        ).fetchall():
            sections = db.execute(
                "SELECT section, loser_id, schock_aus, given_by FROM club_sections "
                "WHERE game_id = ? ORDER BY idx",
                (gid,),
            ).fetchall()
            players = [
                r[0]
                for r in db.execute(
                    "SELECT member_id FROM club_game_players WHERE game_id = ? ORDER BY member_id",
                    (gid,),
                )
                if r[0] not in uncounted
            ]
            halves = [s[1] for s in sections if s[0] in HALVES]
            for mid in players:
                add(mid, day, "half_lost", halves.count(mid), number)
                add(
                    mid,
                    day,
                    "schock_aus_taken",
                    sum(1 for s in sections if s[1] == mid and s[2]),
                    number,
                )
                add(
                    mid,
                    day,
                    "schock_aus_given",
                    sum(1 for s in sections if s[3] == mid and s[2]),
                    number,
                )
                add(mid, day, "game_lost", int(mid == loser), number)
                blatt = len(halves) == 2 and halves[0] == halves[1] == mid
                add(mid, day, "blattschuss", int(blatt), number)
        members = db.execute(
            "SELECT id, guest, joined, left_on FROM club_members WHERE club_id = ? AND bot = 0 "
            "ORDER BY id",
            (cid,),
        ).fetchall()
        for evening, day in db.execute(
            "SELECT id, date FROM club_evenings WHERE club_id = ? ORDER BY date", (cid,)
        ).fetchall():
            present = {
                r[0]
                for r in db.execute(
                    "SELECT member_id FROM club_present WHERE evening_id = ?", (evening,)
                )
            }
            for mid, guest, joined, left in members:
                if mid in present:
                    add(mid, day, "attended", 1, None)
                elif (
                    not guest and (joined is None or joined <= day) and (left is None or day < left)
                ):
                    add(mid, day, "absent", 1, None)
        for mid, day, cents, reason in db.execute(
            "SELECT member_id, date, cents, reason FROM club_charges WHERE club_id = ? ORDER BY id",
            (cid,),
        ):
            lines.append(_Line(mid, day, "charge", 1, cents, None, reason))
        for mid, day, cents, note in db.execute(
            "SELECT member_id, date, cents, note FROM club_payments WHERE club_id = ? ORDER BY id",
            (cid,),
        ):
            lines.append(_Line(mid, day, "payment", 1, -cents, None, note))
        lines.sort(key=lambda line: line.date)  # by date; stable: the order above within a day
        return lines

    def balances(self, club: str) -> list[BalanceInfo]:
        """Every member's charges, payments and balance (what they owe), in member order."""
        cid = self._club_id(club)
        names = self._member_names(cid)
        charged = dict.fromkeys(names, 0)
        paid = dict.fromkeys(names, 0)
        for line in self._ledger(cid):
            if line.item == "payment":
                paid[line.member] -= line.cents
            else:
                charged[line.member] += line.cents
        return [
            {
                "member": names[m],
                "charged": charged[m],
                "paid": paid[m],
                "balance": charged[m] - paid[m],
            }
            for m in names
        ]

    def balance(self, club: str, member: str) -> BalanceInfo:
        cid = self._club_id(club)
        name = self._member_names(cid)[self._member_id(cid, member)]
        return next(b for b in self.balances(club) if b["member"] == name)

    # ------------------------------------------------------------------ paying by transfer

    def set_account(self, club: str, iban: str, holder: str, *, bic: str = "") -> AccountInfo:
        """The club's bank account (its IBAN checked by its check digits), where members pay
        their balances by a QR code (:meth:`transfer`)."""
        account = AccountInfo(
            iban=check_iban(iban), holder=check_holder(holder), bic=check_bic(bic)
        )
        with self._tx() as db:
            cid = self._club_id(club)
            db.execute(
                "INSERT INTO club_accounts (club_id, iban, holder, bic) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (club_id) DO UPDATE SET iban = excluded.iban, "
                "holder = excluded.holder, bic = excluded.bic",
                (cid, account["iban"], account["holder"], account["bic"]),
            )
            self._log(cid, "account_set", iban=account["iban"], holder=account["holder"])
        return account

    def remove_account(self, club: str) -> None:
        """The club takes no more payments by QR code."""
        with self._tx() as db:
            cid = self._club_id(club)
            if db.execute("DELETE FROM club_accounts WHERE club_id = ?", (cid,)).rowcount:
                self._log(cid, "account_removed")

    def account(self, club: str) -> AccountInfo | None:
        """The club's bank account, if it has given one."""
        row = self.db.execute(
            "SELECT iban, holder, bic FROM club_accounts WHERE club_id = ?",
            (self._club_id(club),),
        ).fetchone()
        return None if row is None else AccountInfo(iban=row[0], holder=row[1], bic=row[2])

    def transfer(self, club: str, member: str) -> TransferInfo:
        """What ``member`` pays to settle their balance: a SEPA transfer to the club's account
        of what they owe, with its EPC QR payload (the "GiroCode" banking apps read)."""
        info = self.club(club)
        account = self.account(club)
        if account is None:
            raise refused(ClubError, "club_refuse_no_account")
        if info["currency"] != "EUR":
            raise refused(ClubError, "club_refuse_sepa_euro", currency=info["currency"])
        owed = self.balance(club, member)
        if owed["balance"] <= 0:
            raise refused(ClubError, "club_refuse_owes_nothing", name=owed["member"])
        text = reference(info["name"], owed["member"])
        payload = epc_payload(
            account["iban"], account["holder"], owed["balance"], text, account["bic"]
        )
        carried = payload.split("\n")[10]  # the reference as the code carries it
        return TransferInfo(
            member=owed["member"],
            cents=owed["balance"],
            iban=account["iban"],
            holder=account["holder"],
            reference=carried,
            adjusted=carried != " ".join(f"Schockbuch {info['name']} {owed['member']}".split()),
            payload=payload,
        )

    # ------------------------------------------------------------------ the kitty

    def add_expense(
        self,
        club: str,
        cents: int,
        purpose: str,
        *,
        day: str | None = None,
        paid_by: str | None = None,
    ) -> ExpenseInfo:
        """The kitty pays ``cents`` out for ``purpose`` (the Christmas dinner, a round of
        Schnaps), on ``day`` (default today), paid out by the member ``paid_by`` if given.
        An expense is never deleted: a negative one corrects it (money back into the kitty).
        Returns the expense as the book keeps it (:meth:`kitty`: the kitty after it)."""
        with self._tx():
            cid = self._club_id(club)
            entry = self._insert_expense(cid, day or today(), cents, purpose, paid_by)
            self._log(cid, "expense_added", **entry)
        return entry

    def _insert_expense(
        self, cid: int, day: object, cents: object, purpose: object, paid_by: object
    ) -> ExpenseInfo:
        cents = check_cents(cents, said("club_what_expense"), negative=True, zero=False)
        day = check_date(day, said("club_what_expense_date"))
        purpose = check_text(purpose, said("club_what_expense_for"), required=True)
        by: int | None = None
        name: str | None = None
        if paid_by is not None:
            by = self._member_id(cid, paid_by)
            name = self._member_names(cid)[by]
        self.db.execute(
            "INSERT INTO club_expenses (club_id, date, cents, purpose, paid_by) "
            "VALUES (?, ?, ?, ?, ?)",
            (cid, day, cents, purpose, by),
        )
        return {"date": day, "cents": cents, "purpose": purpose, "paid_by": name}

    def expenses(self, club: str, season: str | None = None) -> list[ExpenseInfo]:
        """The club's expenses by date (in the order entered within a day), of one season if
        given."""
        cid = self._club_id(club)
        lo, hi = self._range(cid, season)
        return [
            {"date": r[0], "cents": r[1], "purpose": r[2], "paid_by": r[3]}
            for r in self.db.execute(
                "SELECT x.date, x.cents, x.purpose, m.name FROM club_expenses x "
                "LEFT JOIN club_members m ON m.id = x.paid_by "
                "WHERE x.club_id = ? AND x.date >= ? AND x.date < ? ORDER BY x.date, x.id",
                (cid, lo, hi),
            )
        ]

    def kitty(self, club: str) -> KittyInfo:
        """The club's kitty: every payment in, every expense out, and what members owe to it
        (their unpaid fines and charges, not in the kitty yet) or have paid ahead."""
        cid = self._club_id(club)
        paid_in = self.db.execute(
            "SELECT COALESCE(SUM(cents), 0) FROM club_payments WHERE club_id = ?", (cid,)
        ).fetchone()[0]
        paid_out = self.db.execute(
            "SELECT COALESCE(SUM(cents), 0) FROM club_expenses WHERE club_id = ?", (cid,)
        ).fetchone()[0]
        balances = [b["balance"] for b in self.balances(club)]
        return {
            "paid_in": paid_in,
            "paid_out": paid_out,
            "balance": paid_in - paid_out,
            "owed": sum(b for b in balances if b > 0),
            "credit": -sum(b for b in balances if b < 0),
        }

    def _kitty_lines(self, club: str) -> list[tuple[str, str, str | None, str, int]]:
        """Every movement of the kitty by date (payments before expenses within a day, each in
        the order entered): date, ``payment`` or ``expense``, the member, the note or purpose,
        the cents (in: positive; out: negative)."""
        cid = self._club_id(club)
        names = self._member_names(cid)
        lines: list[tuple[str, str, str | None, str, int]] = [
            (r[0], "payment", names[r[1]], r[3], r[2])
            for r in self.db.execute(
                "SELECT date, member_id, cents, note FROM club_payments WHERE club_id = ? "
                "ORDER BY id",
                (cid,),
            )
        ]
        lines += [
            (x["date"], "expense", x["paid_by"], x["purpose"], -x["cents"])
            for x in self.expenses(club)
        ]
        lines.sort(key=lambda line: line[0])  # stable: payments first within a day
        return lines
