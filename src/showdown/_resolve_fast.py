"""The resolve stream's fast path: many records at once, the same bytes as one by one.

:func:`resolve_texts` takes lines of a JSON Lines stream (decoded, not empty)
and gives, for each, the exact text ``showdown resolve --json`` writes for it
through the readable path (:func:`showdown.contract.showdown_from_json`,
:func:`showdown.pots.resolve`, :func:`showdown.contract.result_to_json`,
``json.dumps``), or ``None`` where the record is not of the plain kind this
path knows: anything that is an error, dead money, mucked hands, rake, a
smallest unit, several boards, decimal amounts, a stud community card, a
single player still in, no stakes, cards not written as two-character texts.
The caller answers those by the readable path, so the stream's output is the
same whichever path answers a line.

The work per chunk of lines: one ``json.loads`` and a strict shape check per
line; per game, one call of the compiled batch kernels for every hand of the
chunk (:func:`showdown.batch.evaluate_many` for the strengths,
:func:`showdown.batch.best_cards_many` for the cards that play); the pots cut
and paid in integers; the descriptions and explanations looked up per class
(they depend only on the classes and the language); the JSON written from
cached pieces. Before the compiled kernels are loaded (``auto`` mode of
:mod:`showdown._fast`, the first hands of a process), each hand is valued one
by one as the readable path values it, so a short stream never pays the
kernels' start-up.

>>> line = ('{"game": "holdem", "board": "Kc Td Kh Ts 3c", "players": ['
...         '{"name": "Peter", "cards": "Ks 2d", "stake": 50},'
...         '{"name": "Paul", "cards": "3h 3d", "stake": 50}]}')
>>> fast, odd = resolve_texts([line, '{"game": "holdem", "rake": 1}'])
>>> import json
>>> from showdown.contract import resolve_json
>>> fast == json.dumps(resolve_json(json.loads(line)), ensure_ascii=False), odd
(True, None)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from json.encoder import encode_basestring
from math import gcd, lcm
from typing import Final

from showdown import _fast
from showdown.cards import DECK, format_cards
from showdown.errors import ShowdownError
from showdown.evaluation import HandValue
from showdown.explanation import explain
from showdown.games import Family, Game, _game_hand, get_game
from showdown.i18n import Language, Word, get_language
from showdown.pots import OddChipRule, _half_word, _split
from showdown.rules import RuleSet
from showdown.tables import get_table

__all__ = ["MAX_ROWS", "resolve_texts"]

MAX_ROWS: Final = 2048
"""Hands per kernel call at most: the batch functions' serial kernels (no threads,
so a worker process may fork safely)."""

_TOP_KEYS: Final = frozenset({"game", "board", "button", "players", "odd_chip"})
_PLAYER_KEYS: Final = frozenset({"name", "cards", "stake", "folded"})
_CODES: Final[dict[str, int]] = {str(card): card.code for card in DECK}
_TEXT: Final[tuple[str, ...]] = tuple(str(card) for card in DECK)
_LIMIT: Final = 10**30
"""Amounts from here on have more than 30 digits: the readable path refuses them."""
_RULES: Final = {rule.value: rule for rule in OddChipRule}
_KNOWN_GAMES: Final[dict[str, Game | None]] = {}
_MAX_GAME_NAMES: Final = 1000

Hand = tuple[int, str, str] | None
"""A hand under one ranking: its strength, its cards as text and its JSON;
``None``: no (qualifying) hand."""


@dataclass(slots=True)
class _Record:
    """A plain record: codes, stakes and flags, checked as the readable path checks them."""

    game: Game
    board: list[int]
    names: list[str]
    cards: list[list[int] | None]
    stakes: list[int]
    folded: list[bool]
    button: int
    rule: OddChipRule
    hands: dict[int, tuple[Hand, ...]] = field(default_factory=dict)


@dataclass(slots=True)
class _Classes:
    """Per ranking of a game, in one language: the cached texts of each class."""

    rules: RuleSet
    lang: str
    size: int
    pieces: dict[int, tuple[str, Word]] = field(default_factory=dict)
    keys: dict[int, tuple[int, ...]] = field(default_factory=dict)
    reasons: dict[tuple[int, int], str] = field(default_factory=dict)

    def piece(self, strength: int) -> tuple[str, Word]:
        """The JSON of the class's fields (category to class number) and its name."""
        found = self.pieces.get(strength)
        if found is None:
            value = HandValue(self.rules, strength, ())
            text = value.describe(self.lang)
            json_text = (
                f'"category": "{value.category.value}", "description": {encode_basestring(text)}, '
                f'"strength": {strength}, "class_number": {self.size + 1 - strength}'
            )
            found = self.pieces[strength] = (json_text, Word(text))
        return found

    def reading_keys(self, strength: int) -> tuple[int, ...]:
        """Per card code, its place in the class's reading order (as ``value_of_mask``)."""
        found = self.keys.get(strength)
        if found is None:
            positions: dict[int, int] = {}
            for position, symbol in enumerate(get_table(self.rules).hand_class(strength).ranks):
                positions.setdefault(_RANK_INDEX[symbol], position)
            found = self.keys[strength] = tuple(
                positions.get(code >> 2, 0) * 4 + 3 - (code & 3) for code in range(52)
            )
        return found

    def reason(self, best: int, other: int) -> str:
        """Why the class ``best`` beats (or ties) the class ``other``."""
        found = self.reasons.get((best, other))
        if found is None:
            a = HandValue(self.rules, best, ())
            b = HandValue(self.rules, other, ())
            found = self.reasons[(best, other)] = explain(a, b, lang=self.lang).text
        return found


_RANK_INDEX: Final = {card.rank.symbol: card.rank.index for card in DECK}


@dataclass(slots=True)
class _Context:
    """A game in one language: its class caches and its words."""

    game: Game
    t: Language
    classes: tuple[_Classes, ...]
    main: Word
    side: Word
    halves: tuple[str, ...]


_CONTEXTS: Final[dict[tuple[str, str], _Context]] = {}


def _context(game: Game, lang: str) -> _Context:
    found = _CONTEXTS.get((game.name, lang))
    if found is None:
        t = get_language(lang)
        classes = tuple(
            _Classes(rules, t.code, len(get_table(rules).classes)) for rules in game.rankings
        )
        found = _CONTEXTS[(game.name, lang)] = _Context(
            game,
            t,
            classes,
            Word(t.pgettext("pot", "main pot")),
            Word(t.pgettext("pot", "side pot")),
            tuple(_half_word(t, half) for half in game.halves),
        )
    return found


def _game(name: str) -> Game | None:
    if name in _KNOWN_GAMES:
        return _KNOWN_GAMES[name]
    try:
        found: Game | None = get_game(name)
    except ShowdownError:
        found = None
    if len(_KNOWN_GAMES) >= _MAX_GAME_NAMES:
        _KNOWN_GAMES.clear()
    _KNOWN_GAMES[name] = found
    return found


def _codes(value: object) -> list[int] | None:
    """Card codes of a text of cards separated by single spaces, or a list of card texts."""
    tokens: list[object]
    if isinstance(value, str) and type(value) is str:
        tokens = list(value.split(" "))
    elif isinstance(value, list) and type(value) is list:
        tokens = value
    else:
        return None
    codes: list[int] = []
    for token in tokens:
        code = _CODES.get(token) if type(token) is str else None
        if code is None:
            return None
        codes.append(code)
    return codes


def _deck(game: Game) -> int:
    return sum(1 << card.code for card in game.deck)


_DECKS: Final[dict[str, int]] = {}


def _read(text: str) -> _Record | None:
    """The plain record of a line, or ``None`` for anything else."""
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if type(record) is not dict or not record.keys() <= _TOP_KEYS:
        return None
    name = record.get("game")
    game = _game(name) if type(name) is str else None
    if game is None:
        return None
    board_value = record.get("board")
    if game.has_board:
        board = _codes(board_value)
        if board is None or len(board) != game.full_board:
            return None
    elif board_value is not None:
        return None
    else:
        board = []
    button = record.get("button", 0)
    odd = record.get("odd_chip", "auto")
    rule = _RULES.get(odd) if type(odd) is str else None
    raw_players = record.get("players")
    if type(button) is not int or rule is None or type(raw_players) is not list:
        return None
    count = len(raw_players)
    if count < 2 or not 0 <= button < count:
        return None
    deck = _DECKS.get(game.name)
    if deck is None:
        deck = _DECKS[game.name] = _deck(game)
    used = 0
    for code in board:
        bit = 1 << code
        if used & bit or not deck & bit:
            return None
        used |= bit
    names: list[str] = []
    cards: list[list[int] | None] = []
    stakes: list[int] = []
    folded: list[bool] = []
    hole = game.hole_cards
    for seat, raw in enumerate(raw_players):
        if type(raw) is not dict or not raw.keys() <= _PLAYER_KEYS:
            return None
        player = raw.get("name", f"Player {seat + 1}")
        stake = raw.get("stake", 0)
        fold = raw.get("folded", False)
        if type(player) is not str or not player or type(fold) is not bool:
            return None
        if type(stake) is not int or not 0 <= stake < _LIMIT:
            return None
        cards_value = raw.get("cards")
        if cards_value is None:
            if not fold:
                return None
            codes = None
        else:
            codes = _codes(cards_value)
            if codes is None or len(codes) != hole:
                return None
            for code in codes:
                bit = 1 << code
                if used & bit or not deck & bit:
                    return None
                used |= bit
        names.append(player)
        cards.append(codes)
        stakes.append(stake)
        folded.append(fold)
    if len(set(names)) != count or folded.count(False) < 2 or not any(stakes):
        return None
    return _Record(game, board, names, cards, stakes, folded, button, rule)


# ------------------------------------------------------------------ valuing


def _value_compiled(records: Sequence[_Record], lang: str) -> None:
    """Value every hand of the records, one batch kernel call per game (and per
    :data:`MAX_ROWS` hands)."""
    import numpy as np

    from showdown.batch import best_cards_many, evaluate_many

    by_game: dict[str, list[tuple[_Record, int, list[int]]]] = {}
    for record in records:
        board = record.board
        folded = record.folded
        rows = by_game.setdefault(record.game.name, [])
        for seat, codes in enumerate(record.cards):
            if codes is not None and not folded[seat]:
                rows.append((record, seat, codes + board))
    for rows in by_game.values():
        game = rows[0][0].game
        n_hole = game.hole_cards
        rankings = len(game.rankings)
        classes = _context(game, lang).classes
        for start in range(0, len(rows), MAX_ROWS):
            part = rows[start : start + MAX_ROWS]
            array = np.array([row for _, _, row in part], np.int64)
            strengths = evaluate_many(array, game=game).tolist()
            best = best_cards_many(array, game=game).astype(np.int64)
            masks = np.where(best >= 0, np.left_shift(1, best), 0).sum(axis=-1).tolist()
            for (record, seat, row), strength, mask in zip(part, strengths, masks, strict=True):
                if rankings == 1:
                    record.hands[seat] = (_hand(classes[0], strength, mask, row, n_hole),)
                else:
                    record.hands[seat] = tuple(
                        _hand(classes[k], strength[k], mask[k], row, n_hole)
                        for k in range(rankings)
                    )


_COLUMNS: Final[dict[int, list[int]]] = {}


def _hand(classes: _Classes, strength: int, mask: int, row: list[int], n_hole: int) -> Hand:
    """One hand from a kernel's strength and the mask of the columns that play (as
    :func:`showdown.evaluation.value_of_mask`)."""
    if not strength:
        return None
    columns = _COLUMNS.get(mask)
    if columns is None:
        columns = _COLUMNS[mask] = [j for j in range(mask.bit_length()) if (mask >> j) & 1]
    played = [row[j] for j in columns]
    if len(played) > 1:
        played.sort(key=classes.reading_keys(strength).__getitem__)
    hole = row[:n_hole]
    text = _TEXT
    cards = " ".join([text[code] for code in played])
    return (
        strength,
        cards,
        f'{{"cards": "{cards}", {classes.piece(strength)[0]}, '
        f'"hole_used": "{" ".join([text[code] for code in played if code in hole])}", '
        f'"board_used": "{" ".join([text[code] for code in played if code not in hole])}", '
        f'"unused": "{" ".join([text[code] for code in row if code not in played])}"}}',
    )


def _value_one_by_one(records: Sequence[_Record], lang: str) -> None:
    """Value every hand as the readable path does (before the kernels are loaded)."""
    for record in records:
        classes = _context(record.game, lang).classes
        board = tuple(DECK[code] for code in record.board)
        for seat, codes in enumerate(record.cards):
            if codes is None or record.folded[seat]:
                continue
            hole = tuple(DECK[code] for code in codes)
            values = _game_hand(record.game, hole, board).values
            hands: list[Hand] = []
            for index, value in enumerate(values):
                if value is None:
                    hands.append(None)
                    continue
                cards = value.cards_text
                piece = classes[index].piece(value.strength)[0]
                hands.append(
                    (
                        value.strength,
                        cards,
                        f'{{"cards": "{cards}", {piece}, '
                        f'"hole_used": "{format_cards(value.hole_used)}", '
                        f'"board_used": "{format_cards(value.board_used)}", '
                        f'"unused": "{format_cards(value.unused)}"}}',
                    )
                )
            record.hands[seat] = tuple(hands)


# ------------------------------------------------------------------ paying


@dataclass(slots=True)
class _Pot:
    amount: int
    eligible: frozenset[int]
    contributors: frozenset[int]

    @property
    def uncalled(self) -> bool:
        return len(self.contributors) == 1


def _layers(stakes: Sequence[int], in_hand: Sequence[bool]) -> list[_Pot]:
    """:func:`showdown.pots._layers` without dead money: the same pots, built the same
    way (so that their sets of seats iterate in the same order)."""
    seats = range(len(stakes))
    pots: list[_Pot] = []
    low = 0
    for level in sorted({v for v in stakes if v > 0}):
        contributors = frozenset(i for i in seats if stakes[i] >= level)
        pot = _Pot(
            sum(min(v, level) - min(v, low) for v in stakes),
            frozenset(i for i in contributors if in_hand[i]),
            contributors,
        )
        if pots and pots[-1].uncalled == pot.uncalled:
            last = pots[-1]
            if (
                last.contributors == pot.contributors
                if pot.uncalled
                else last.eligible == pot.eligible
            ):
                pots[-1] = _Pot(
                    last.amount + pot.amount, pot.eligible, last.contributors | pot.contributors
                )
                low = level
                continue
        pots.append(pot)
        low = level
    return pots


def _orders(record: _Record) -> dict[str, list[int]]:
    """:func:`showdown.pots._odd_chip_orders` on codes."""
    seats = len(record.names)
    game = record.game
    rule = record.rule
    if rule is OddChipRule.BUTTON or (rule is OddChipRule.AUTO and game.family is not Family.STUD):
        order = [(record.button + 1 + k) % seats for k in range(seats)]
        return dict.fromkeys(game.halves, order)
    cards = record.cards
    highest = sorted(range(seats), key=lambda seat: max(cards[seat] or (-1,)), reverse=True)
    orders = dict.fromkeys(game.halves, highest)
    if rule is OddChipRule.AUTO and "low" in orders:
        orders["low"] = sorted(range(seats), key=lambda seat: _lowest(cards[seat]))
    return orders


def _lowest(codes: list[int] | None) -> tuple[int, int]:
    if not codes:
        return (99, 99)
    return min((((code >> 2) + 1) % 13, code & 3) for code in codes)


def _ratio(numerator: int, denominator: int) -> str:
    """``str(Fraction(numerator, denominator))``."""
    common = gcd(numerator, denominator)
    numerator //= common
    denominator //= common
    return str(numerator) if denominator == 1 else f"{numerator}/{denominator}"


def _names_list(names: Sequence[str], seats: Sequence[int]) -> str:
    return "[" + ", ".join([names[s] for s in seats]) + "]"


def _answer(record: _Record, lang: str) -> str | None:
    """The output line of a valued plain record, or ``None`` when the readable path
    would refuse it (a pot that nobody still in reached)."""
    ctx = _context(record.game, lang)
    t = ctx.t
    game = record.game
    names = record.names
    quoted = [encode_basestring(name) for name in names]
    stakes = record.stakes
    folded = record.folded
    hands = record.hands
    seats = len(names)
    total = sum(stakes)
    pots = _layers(stakes, [not f for f in folded])
    orders = _orders(record)
    payouts = [0] * seats
    # each player's share of all the chips: shares[seat] / (parts[seat] * total)
    shares = [0] * seats
    parts = [1] * seats
    pot_texts: list[str] = []
    won: set[int] = set()
    main_done = False
    halves = game.halves
    for pot in pots:
        amount = pot.amount
        if pot.uncalled:
            (owner,) = pot.contributors
            payouts[owner] += amount
            shares[owner] += amount * parts[owner]
            name = quoted[owner]
            text = t.gettext("uncalled stake of {amount} returned to {name}").format(
                amount=str(amount), name=names[owner]
            )
            pot_texts.append(
                f'{{"kind": "uncalled", "amount": {amount}, "rake": 0, "eligible": [{name}], '
                f'"winners": {{}}, "payouts": {{{name}: {amount}}}, "shares": {{{name}: "1"}}, '
                f'"explanation": {encode_basestring(text)}}}'
            )
            continue
        if not pot.eligible:
            return None
        kind = "side" if main_done else "main"
        word = ctx.side if main_done else ctx.main
        main_done = True
        chips, part, winners, text = _award(record, ctx, pot.eligible, amount, orders, word)
        numerators, denominator = part
        for seat, units in chips.items():
            payouts[seat] += units
            if units > 0:
                won.add(seat)
        for seat, numerator in numerators.items():
            common = lcm(parts[seat], denominator)
            shares[seat] = shares[seat] * (common // parts[seat]) + numerator * amount * (
                common // denominator
            )
            parts[seat] = common
        eligible = sorted(pot.eligible)
        winner_text = ", ".join(
            f'"{half}": {_names_list(quoted, winners[half])}' for half in halves
        )
        payout_text = ", ".join(f"{quoted[s]}: {chips[s]}" for s in sorted(chips))
        share_text = ", ".join(
            f'{quoted[s]}: "{_ratio(numerators[s], denominator)}"' for s in sorted(numerators)
        )
        pot_texts.append(
            f'{{"kind": "{kind}", "amount": {amount}, "rake": 0, '
            f'"eligible": {_names_list(quoted, eligible)}, "winners": {{{winner_text}}}, '
            f'"payouts": {{{payout_text}}}, "shares": {{{share_text}}}, '
            f'"explanation": {encode_basestring(text)}}}'
        )
    player_texts: list[str] = []
    split = game.split_pot
    low_only = halves == ("low",)
    for seat in range(seats):
        valued = hands.get(seat)
        if valued is None:
            hand_text = "null"
        elif split:
            hand_text = f'{{"high": {_json(valued[0])}, "low": {_json(valued[1])}}}'
        elif low_only:
            hand_text = f'{{"high": null, "low": {_json(valued[0])}}}'
        else:
            hand_text = f'{{"high": {_json(valued[0])}, "low": null}}'
        stake = stakes[seat]
        payout = payouts[seat]
        share = _ratio(shares[seat], parts[seat] * total)
        player_texts.append(
            f'{{"name": {quoted[seat]}, "folded": {"true" if folded[seat] else "false"}, '
            f'"mucked": false, "stake": {stake}, "dead": 0, "hands": {hand_text}, '
            f'"payout": {payout}, "net": {payout - stake}, "share": "{share}"}}'
        )
    board = " ".join([_TEXT[code] for code in record.board])
    return (
        f'{{"game": "{game.name}", "board": "{board}", "players": [{", ".join(player_texts)}], '
        f'"pots": [{", ".join(pot_texts)}], "rake": 0, '
        f'"winners": {_names_list(quoted, sorted(won))}}}'
    )


def _json(hand: Hand) -> str:
    return "null" if hand is None else hand[2]


def _award(
    record: _Record,
    ctx: _Context,
    eligible: frozenset[int],
    amount: int,
    orders: dict[str, list[int]],
    word: Word,
) -> tuple[dict[int, int], tuple[dict[int, int], int], dict[str, list[int]], str]:
    """:func:`showdown.pots._award` on one board: chips, shares, winners per half, why."""
    game = record.game
    names = record.names
    t = ctx.t
    if len(eligible) == 1:
        (seat,) = eligible
        text = t.gettext("{who} wins the {pot} uncontested: every other player folded")
        return (
            {seat: amount},
            ({seat: 1}, 1),
            {half: [seat] for half in game.halves},
            text.format(who=names[seat], pot=word),
        )
    hands = record.hands
    by_half: dict[str, list[int]] = {}
    strengths_by_half: dict[str, dict[int, int]] = {}
    for index, half in enumerate(game.halves):
        strengths: dict[int, int] = {}
        for seat in eligible:
            hand = hands[seat][index]
            if hand is not None:
                strengths[seat] = hand[0]
        strengths_by_half[half] = strengths
        top = max(strengths.values()) if strengths else 0
        by_half[half] = [seat for seat, strength in strengths.items() if strength == top]
    halves = [h for h in game.halves if by_half[h]]
    denominator = 1
    for half in halves:
        denominator = lcm(denominator, len(halves) * len(by_half[half]))
    payout: dict[int, int] = {}
    share: dict[int, int] = {}
    texts: list[str] = []
    remaining = amount
    for position, half in enumerate(halves):
        half_amount = remaining if position == len(halves) - 1 else -(-amount // len(halves))
        remaining -= half_amount
        winners = by_half[half]
        for seat, chips in _split(half_amount, winners, orders[half]).items():
            payout[seat] = payout.get(seat, 0) + chips
        for seat in winners:
            share[seat] = share.get(seat, 0) + denominator // (len(halves) * len(winners))
        texts.append(_why(record, ctx, half, strengths_by_half[half], winners, word))
    if game.split_pot and len(halves) == 1:
        texts.append(t.gettext("no qualifying low: high scoops"))
    winners_by_half = {half: sorted(by_half[half]) for half in game.halves}
    return payout, (share, denominator), winners_by_half, ". ".join(texts)


def _why(
    record: _Record,
    ctx: _Context,
    half: str,
    strengths: dict[int, int],
    winners: list[int],
    word: Word,
) -> str:
    """:func:`showdown.pots._why` from strengths and the cached class texts."""
    t = ctx.t
    index = record.game.halves.index(half)
    classes = ctx.classes[index]
    best_hand = record.hands[winners[0]][index]
    assert best_hand is not None
    best = best_hand[0]
    names = record.names
    who = t.join_names([names[s] for s in sorted(winners)])
    fields = {"who": who, "pot": word, "hand": classes.piece(best)[1], "cards": best_hand[1]}
    if len(winners) == 1:
        text = t.gettext("{who} wins the {pot} with {hand} ({cards})").format(**fields)
    else:
        text = t.gettext("{who} split the {pot} with {hand} ({cards})").format(**fields)
    if record.game.split_pot:
        text = f"{ctx.halves[index]}: {text}"
    others = {s: v for s, v in strengths.items() if s not in winners}
    if others:
        runner_up = max(others, key=others.__getitem__)
        reason = classes.reason(best, others[runner_up])
        text += t.gettext("; against {name}: {reason}").format(name=names[runner_up], reason=reason)
    return text


# ------------------------------------------------------------------ entry


def resolve_texts(
    texts: Sequence[str], *, lang: str = "en", compiled: bool | None = None
) -> list[str | None]:
    """Per line, the text ``showdown resolve --json`` writes for it, or ``None`` for the
    readable path to answer.

    ``lang`` must be a supported language code (``'en'``, ``'ru'``, ``'ro'``).
    ``compiled``: value the hands with the batch kernels (``True``), one by one
    as the readable path does (``False``), or the kernels once
    :mod:`showdown._fast` has loaded them (``None``, the default).

    Raises:
        UnknownLanguageError: ``lang`` is not supported.
    """
    get_language(lang)
    records = [_read(text) for text in texts]
    plain = [record for record in records if record is not None]
    if compiled is None:
        compiled = _fast.loaded()
    if plain:
        (_value_compiled if compiled else _value_one_by_one)(plain, lang)
    out: list[str | None] = []
    for record in records:
        answer = None if record is None else _answer(record, lang)
        if answer is not None and not answer.isascii():
            try:
                answer.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate in a name: the readable path escapes it
                answer = None
        out.append(answer)
    return out
