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

The work per chunk of lines: one JSON parse (orjson where the optional
``fast`` extra installed it, else ``json``) and a strict shape check per
line; per game, one call of the compiled core for every hand of the chunk
(:func:`showdown.batch.evaluate_many` and
:func:`showdown.batch.best_cards_many`: the strengths and the cards that
play); the cards' texts written in bulk; the pots cut and paid in integers
by the resolver's own pieces (:func:`showdown.pots.layers`, cached per
stakes and folds, :func:`showdown.pots.divide` and the others); the
descriptions and explanations looked up per class
(:class:`showdown.explanation.ClassTexts`: they depend only on the classes
and the language); the JSON written from cached pieces. Without the
compiled core (not built, or ``SHOWDOWN_ENGINE=readable``), each hand is
valued one by one by the readable path and written by
:func:`showdown.contract.hands_to_json`.

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
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from json.encoder import encode_basestring
from math import gcd, lcm
from typing import Any, Final, NamedTuple

from showdown import _scorer, core
from showdown.cards import DECK
from showdown.contract import hands_to_json
from showdown.errors import ShowdownError
from showdown.explanation import ClassTexts, class_texts
from showdown.games import Family, Game, evaluate_game, get_game
from showdown.i18n import FORMS, Language, Word, get_language
from showdown.pots import (
    OddChipRule,
    Pot,
    best_seats,
    divide,
    exact_shares,
    half_word,
    layers,
    odd_chip_orders,
    runner_up,
)
from showdown.rules import Category, Formation, RuleSet
from showdown.tables import get_table

__all__ = ["MAX_ROWS", "resolve_texts"]

MAX_ROWS: Final = 2048
"""Hands per call of the compiled core at most: it values them on the calling thread
(it starts threads for many more rows only), so a worker process may fork safely."""

_TOP_KEYS: Final = frozenset({"game", "board", "button", "players", "odd_chip"})
_PLAYER_KEYS: Final = frozenset({"name", "cards", "stake", "folded"})
_CODES: Final[dict[str, int]] = {str(card): card.code for card in DECK}
_CODE_OF: Final = _CODES.__getitem__
_TEXT: Final[tuple[str, ...]] = tuple(str(card) for card in DECK)
_LIMIT: Final = 10**30
"""Amounts from here on have more than 30 digits: the readable path refuses them."""
_RULES: Final = {rule.value: rule for rule in OddChipRule}
_KNOWN_GAMES: Final[dict[str, Game | None]] = {}
_MAX_GAME_NAMES: Final = 1000

Hand = tuple[int, str, str] | None
"""A hand under one ranking: its strength, its cards as text and its JSON;
``None``: no (qualifying) hand."""

_CACHED: Final = 50_000
"""The most entries a cache of texts (or of pots) keeps before it starts again."""


@dataclass(slots=True)
class _Record:
    """A plain record: codes, stakes and flags, checked as the readable path checks them.

    Once valued, per half of the game, per seat: ``strengths`` (0: no hand, or
    folded) and ``cards`` (the text of the cards that play); per seat, ``hands``:
    the JSON of the player's ``hands`` (``null`` for a folded player)."""

    game: Game
    board: list[int]
    names: list[str]
    cards: list[list[int] | None]
    stakes: list[int]
    folded: list[bool]
    button: int
    rule: OddChipRule
    strengths: list[list[int]] = field(default_factory=list)
    texts: list[list[str]] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Classes:
    """Per ranking of a game, in one language: the cached texts of each class."""

    rules: RuleSet
    t: Language
    size: int
    explainer: ClassTexts
    pieces: dict[int, tuple[str, Word]] = field(default_factory=dict)
    keys: dict[int, tuple[int, ...]] = field(default_factory=dict)
    reasons: dict[tuple[int, int], str] = field(default_factory=dict)
    glues: dict[int, str] = field(default_factory=dict)
    table: Any = None
    """Per strength (a row), per card code and 52 for no card: :meth:`reading_keys`."""
    filled: set[int] = field(default_factory=set)
    needs: Any = None
    """Per strength, what :meth:`need_table` says."""
    needed: set[int] = field(default_factory=set)

    def piece(self, strength: int) -> tuple[str, Word]:
        """The JSON of the class's fields (category to class number) and its name."""
        found = self.pieces.get(strength)
        if found is None:
            word, hand_class, _, _ = self.explainer.fact(strength)  # the class's description
            text = str(word)
            json_text = (
                f'"category": "{hand_class.category.value}", '
                f'"description": {encode_basestring(text)}, '
                f'"strength": {strength}, "class_number": {self.size + 1 - strength}'
            )
            found = self.pieces[strength] = (json_text, word)
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

    def glue(self, strength: int) -> str:
        """A hand's JSON from the end of its cards to the start of its ``hole_used``."""
        found = self.glues.get(strength)
        if found is None:
            found = self.glues[strength] = f'", {self.piece(strength)[0]}, "hole_used": "'
        return found

    def key_table(self, strengths: list[int]) -> Any:
        """:attr:`table`, with the rows of these strengths filled (0: no hand, no row)."""
        import numpy as np

        if self.table is None:
            self.table = np.full((self.size + 1, 53), _NO_CARD_KEY, np.int16)
        for strength in strengths:
            if strength and strength not in self.filled:
                self.table[strength, :52] = self.reading_keys(strength)
                self.filled.add(strength)
        return self.table

    def need_table(self, strengths: list[int]) -> Any:
        """Per strength (a row, filled for these strengths): how many cards of each rank
        the class counts, then 1 if it is a flush (of one suit)."""
        import numpy as np

        if self.needs is None:
            self.needs = np.zeros((self.size + 1, 14), np.int8)
        for strength in strengths:
            if strength and strength not in self.needed:
                hand_class = get_table(self.rules).hand_class(strength)
                row = self.needs[strength]
                for symbol in hand_class.ranks:
                    row[_RANK_INDEX[symbol]] += 1
                row[13] = self.rules.flushes and hand_class.category in _FLUSHES
                self.needed.add(strength)
        return self.needs

    def reason(self, best: int, other: int) -> str:
        """Why the class ``best`` beats (or ties) the class ``other``."""
        found = self.reasons.get((best, other))
        if found is None:
            if len(self.reasons) >= _CACHED:
                self.reasons.clear()
            found = self.reasons[(best, other)] = self.explainer.explain(best, other)
        return found


_FLUSHES: Final = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH})
_NO_CARD_KEY: Final = 1000
"""The reading key of no card: after every card of any class."""
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
    wins: str
    split: str
    against: str
    uncontested: str
    uncalled: str
    scoops: str
    baked: tuple[dict[int, str | Callable[..., str]], ...]
    """Per half, the messages of pots won (:func:`_bake`)."""


_CONTEXTS: Final[dict[tuple[str, str], _Context]] = {}


def _context(game: Game, lang: str) -> _Context:
    found = _CONTEXTS.get((game.name, lang))
    if found is None:
        t = get_language(lang)
        _ = t.gettext
        classes = tuple(
            _Classes(rules, t, get_table(rules).size, class_texts(rules, t))
            for rules in game.rankings
        )
        found = _CONTEXTS[(game.name, lang)] = _Context(
            game,
            t,
            classes,
            Word(t.pgettext("pot", "main pot")),
            Word(t.pgettext("pot", "side pot")),
            tuple(half_word(t, half) for half in game.halves),
            _("{who} wins the {pot} with {hand} ({cards})"),
            _("{who} split the {pot} with {hand} ({cards})"),
            _("; against {name}: {reason}"),
            _("{who} wins the {pot} uncontested: every other player folded"),
            _("uncalled stake of {amount} returned to {name}"),
            _("no qualifying low: high scoops"),
            tuple({} for _ in game.halves),
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
    tokens: list[Any]
    if type(value) is str:
        tokens = value.split(" ")
    elif type(value) is list:
        tokens = value
    else:
        return None
    try:  # only texts are keys: any other token is missing, or cannot be hashed
        return list(map(_CODE_OF, tokens))
    except (KeyError, TypeError):
        return None


def _deck(game: Game) -> int:
    return sum(1 << card.code for card in game.deck)


_DECKS: Final[dict[str, int]] = {}
_FULL_DECK: Final = (1 << 52) - 1
_NO_NAME: Final = object()


def _loads_json(text: str) -> object:
    """``json.loads``, or ``None`` where it fails (the readable path reports why)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _loads_orjson(text: str) -> object:
    """``orjson.loads`` where it reads the text, else :func:`_loads_json`.

    Where orjson reads a text its value is json's, but for integers beyond 64
    bits (a float: never a plain record's), so a plain record reads the same.
    """
    try:
        return _orjson_loads(text)
    except ValueError:  # orjson.JSONDecodeError; json may still read it (NaN, a lone surrogate)
        return _loads_json(text)


try:
    from orjson import loads as _orjson_loads
except ImportError:  # the optional extra 'fast' is not installed
    _loads = _loads_json
else:
    _loads = _loads_orjson


def _read(text: str) -> _Record | None:
    """The plain record of a line, or ``None`` for anything else."""
    record = _loads(text)
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
    names: list[str] = []
    cards: list[list[int] | None] = []
    stakes: list[int] = []
    folded: list[bool] = []
    every = list(board)
    hole = game.hole_cards
    player_keys = _PLAYER_KEYS
    limit = _LIMIT
    for seat, raw in enumerate(raw_players):
        if type(raw) is not dict or not raw.keys() <= player_keys:
            return None
        player = raw.get("name", _NO_NAME)
        if player is _NO_NAME:
            player = f"Player {seat + 1}"
        stake = raw.get("stake", 0)
        fold = raw.get("folded", False)
        if type(player) is not str or not player or type(fold) is not bool:
            return None
        if type(stake) is not int or not 0 <= stake < limit:
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
            every += codes
        names.append(player)
        cards.append(codes)
        stakes.append(stake)
        folded.append(fold)
    if len(set(every)) != len(every):  # a card twice
        return None
    deck = _DECKS.get(game.name)
    if deck is None:
        deck = _DECKS[game.name] = _deck(game)
    if deck != _FULL_DECK:
        for code in every:
            if not deck >> code & 1:
                return None
    if len(set(names)) != count or folded.count(False) < 2 or not any(stakes):
        return None
    return _Record(game, board, names, cards, stakes, folded, button, rule)


# ------------------------------------------------------------------ valuing


def _value_compiled(records: Sequence[_Record], lang: str) -> None:
    """Value every hand of the records with the compiled core, one call per game (and per
    :data:`MAX_ROWS` hands), and write their texts in bulk."""
    import numpy as np

    by_game: dict[str, tuple[list[tuple[_Record, int]], list[int]]] = {}
    for record in records:
        _prepare(record)
        board = record.board
        folded = record.folded
        found = by_game.get(record.game.name)
        if found is None:
            found = by_game[record.game.name] = ([], [])
        seats, flat = found
        for seat, codes in enumerate(record.cards):
            if codes is not None and not folded[seat]:
                seats.append((record, seat))
                flat += codes
                flat += board
    for seats, flat in by_game.values():
        game = seats[0][0].game
        width = game.hole_cards + game.full_board
        rankings = len(game.rankings)
        classes = _context(game, lang).classes
        layout = _layout(game)
        for start in range(0, len(seats), MAX_ROWS):
            part = seats[start : start + MAX_ROWS]
            codes = flat[start * width : (start + len(part)) * width]
            rows = np.array(codes, np.int8).reshape(len(part), width)
            strengths, best = _core_values(rows, game)
            values = [strengths[:, k].tolist() for k in range(rankings)]
            texts = [
                _texts(classes[k], strengths[:, k], best[:, k, :], rows, game)
                for k in range(rankings)
            ]
            if rankings == 1:
                prefix, suffix = layout.split("{0}")
                prefix = prefix.replace("{{", "{")
                suffix = suffix.replace("}}", "}")
                glues = classes[0].glues
                glue = classes[0].glue
                for (record, seat), strength, cards, rest in zip(
                    part, values[0], texts[0][0], texts[0][1], strict=True
                ):
                    record.strengths[0][seat] = strength
                    record.texts[0][seat] = cards
                    record.hands[seat] = (
                        f'{prefix}{{"cards": "{cards}{glues.get(strength) or glue(strength)}'
                        f"{rest}{suffix}"
                    )
                continue
            for index, (record, seat) in enumerate(part):
                hands: list[str] = []
                for k in range(rankings):
                    strength = values[k][index]
                    if not strength:
                        hands.append("null")
                        continue
                    cards = texts[k][0][index]
                    record.strengths[k][seat] = strength
                    record.texts[k][seat] = cards
                    hands.append(
                        f'{{"cards": "{cards}{classes[k].glue(strength)}{texts[k][1][index]}'
                    )
                record.hands[seat] = layout.format(*hands)


def _core_values(rows: Any, game: Game) -> tuple[Any, Any]:
    """The compiled core's strengths ``(n, rankings)`` and columns ``(n, rankings, 5)``."""
    from showdown.batch import best_cards_many, evaluate_many

    strengths = evaluate_many(rows, game=game)
    best = best_cards_many(rows, game=game)
    if len(game.rankings) == 1:
        return strengths[:, None], best[:, None, :]
    return strengths, best


def _scorer_of(game: Game) -> Callable[[Sequence[int]], tuple[int, ...]] | None:
    """The compiled core's entry of a game whose cards that play the native lane finds
    from the classes, or ``None`` (not such a game, or the core is not built).

    Such a game plays any five of a player's cards (no Omaha rule, not Badugi),
    at most nine of them (so at most one suit holds five), under rankings where a
    flush is better than the same ranks unsuited, or suits do not count: the
    cards that play are then, per rank of the class counted ``m`` times, its
    ``m`` highest cards (of the flush's suit, for a flush), as the readable
    evaluator picks them.
    """
    width = game.hole_cards + game.full_board
    if (
        game.hole_used is None
        and width <= 9
        and all(
            rules.formation is Formation.BEST_FIVE
            and rules.hand_size == 5
            and (width == 5 or not (rules.flushes and rules.lower_wins))
            for rules in game.rankings
        )
    ):
        return _scorer.game_entry(game)
    return None


_MARKS: Final = ("\x01", "\x02", "\x03", "\x04")
"""Bytes that no card text has: the ends of the fields of the bulk texts, and the JSON
that each end stands for (the first ends the cards: the texts are split there)."""
_GLUES: Final = ("\x01", '", "board_used": "', '", "unused": "', '"}\x01')


def _texts(
    classes: _Classes, strengths: Any, best: Any, rows: Any, game: Game
) -> tuple[list[str], list[str]]:
    """The texts of many hands of one ranking at once, with numpy: per row, the cards
    that play (in the reading order of their class, as ``value_of_mask``) and the rest
    of its JSON after the class's fields (``hole_used``, ``board_used``, ``unused``)."""
    import numpy as np

    count, width = rows.shape
    keys = classes.key_table(np.unique(strengths).tolist())
    played = best >= 0
    # the codes of the cards that play, in column order; 52 stands for no card
    columns = np.where(played, best, 0).astype(np.intp)
    codes = np.where(played, np.take_along_axis(rows, columns, axis=1), 52).astype(np.intp)
    order = np.argsort(keys[strengths[:, None], codes], axis=1, kind="stable")
    codes = np.take_along_axis(codes, order, axis=1)
    columns = np.take_along_axis(np.where(played, columns, width), order, axis=1)
    hole = np.where(columns < game.hole_cards, codes, 52)
    board = np.where((columns >= game.hole_cards) & (columns < width), codes, 52)
    used = np.zeros((count, width + 1), np.bool_)
    np.put_along_axis(used, columns, True, axis=1)
    unused = np.where(used[:, :width], 52, rows).astype(np.intp)
    card_bytes = _card_bytes()
    pieces = [
        part
        for field, mark in zip((codes, hole, board, unused), _MARKS, strict=True)
        for part in (
            card_bytes[field].reshape(count, -1),
            np.full((count, 1), ord(mark), np.uint8),
        )
    ]
    bulk = np.concatenate(pieces, axis=1).tobytes().decode("ascii").replace("\0", "")
    for mark, glue in zip(_MARKS, _GLUES, strict=True):  # each field's last space goes
        bulk = bulk.replace(" " + mark, mark).replace(mark, glue)
    fields = bulk.split("\x01")
    return fields[0 : 2 * count : 2], fields[1 : 2 * count : 2]


@cache
def _card_bytes() -> Any:
    """Per card code, its text and a space as three bytes; code 52: three zero bytes."""
    import numpy as np

    table = np.zeros((53, 3), np.uint8)
    for code, text in enumerate(_TEXT):
        table[code] = list(f"{text} ".encode("ascii"))
    return table


def _prepare(record: _Record) -> None:
    """Empty hands for every seat, before valuing."""
    seats = len(record.names)
    halves = len(record.game.halves)
    record.strengths = [[0] * seats for _ in range(halves)]
    record.texts = [[""] * seats for _ in range(halves)]
    record.hands = ["null"] * seats


def _layout(game: Game) -> str:
    """The ``hands`` object of a player, as a format string of each ranking's JSON."""
    if game.split_pot:
        return '{{"high": {0}, "low": {1}}}'
    if game.halves == ("low",):
        return '{{"high": null, "low": {0}}}'
    return '{{"high": {0}, "low": null}}'


def _value_one_by_one(records: Sequence[_Record], lang: str) -> None:
    """Value every hand as the readable path does (without the compiled core)."""
    for record in records:
        _prepare(record)
        board = tuple(DECK[code] for code in record.board)
        for seat, codes in enumerate(record.cards):
            if codes is None or record.folded[seat]:
                continue
            hand = evaluate_game(record.game, tuple(DECK[code] for code in codes), board)
            for index, value in enumerate(hand.values):
                if value is not None:
                    record.strengths[index][seat] = value.strength
                    record.texts[index][seat] = value.cards_text
            record.hands[seat] = json.dumps(hands_to_json(hand, lang=lang), ensure_ascii=False)


# ------------------------------------------------------------------ paying


class _Cut(NamedTuple):
    """A pot of :func:`showdown.pots.layers` with its eligible seats listed twice."""

    pot: Pot
    seats: tuple[int, ...]
    """In the set's own order: the order the readable path meets them."""
    ordered: tuple[int, ...]
    """In increasing order: the order the output lists them."""


_POTS: Final[dict[tuple[tuple[int, ...], tuple[bool, ...]], list[_Cut]]] = {}


def _pots(stakes: list[int], folded: list[bool]) -> list[_Cut]:
    """The pots of :func:`showdown.pots.layers`, cached per stakes and folds."""
    key = (tuple(stakes), tuple(folded))
    found = _POTS.get(key)
    if found is None:
        if len(_POTS) >= _CACHED:
            _POTS.clear()
        found = _POTS[key] = [
            _Cut(pot, tuple(pot.eligible), tuple(sorted(pot.eligible)))
            for pot in layers(stakes, [not f for f in folded])
        ]
    return found


_ORDERS: Final[dict[tuple[str, int, int], list[list[int]]]] = {}


def _orders(record: _Record) -> list[list[int]]:
    """Per half of the game, :func:`showdown.pots.odd_chip_orders` (cached per game,
    button and seats where the cards do not count)."""
    game = record.game
    rule = record.rule
    by_cards = rule.by_cards(game)
    if not by_cards:
        key = (game.name, record.button, len(record.names))
        found = _ORDERS.get(key)
        if found is not None:
            return found
    orders = odd_chip_orders(game, rule, record.button, [codes or () for codes in record.cards])
    listed = [orders[half] for half in game.halves]
    if not by_cards:
        if len(_ORDERS) >= _CACHED:
            _ORDERS.clear()
        _ORDERS[key] = listed
    return listed


def _ratio(numerator: int, denominator: int) -> str:
    """``str(Fraction(numerator, denominator))``."""
    if not numerator:
        return "0"
    common = gcd(numerator, denominator)
    numerator //= common
    denominator //= common
    return str(numerator) if denominator == 1 else f"{numerator}/{denominator}"


_QUOTED: Final[dict[tuple[str, ...], list[str]]] = {}


def _quoted(names: list[str]) -> list[str]:
    """Each name as a JSON string, cached per table of names."""
    key = tuple(names)
    found = _QUOTED.get(key)
    if found is None:
        if len(_QUOTED) >= _CACHED:
            _QUOTED.clear()
        found = _QUOTED[key] = [encode_basestring(name) for name in names]
    return found


def _answer(record: _Record, lang: str) -> str | None:
    """The output line of a valued plain record, or ``None`` when the readable path
    would refuse it (a pot that nobody still in reached)."""
    game = record.game
    ctx = _context(game, lang)
    names = record.names
    quoted = _quoted(names)
    stakes = record.stakes
    folded = record.folded
    seats = len(names)
    total = sum(stakes)
    orders = _orders(record)
    payouts = [0] * seats
    # each player's share of all the chips: shares[seat] / (parts[seat] * total)
    shares = [0] * seats
    parts = [1] * seats
    pot_texts: list[str] = []
    won: set[int] = set()
    main_done = False
    halves = game.halves
    for pot, eligible, listed in _pots(stakes, folded):
        amount = pot.amount
        if pot.uncalled:
            (owner,) = pot.contributors
            payouts[owner] += amount
            shares[owner] += amount * parts[owner]
            name = quoted[owner]
            text = ctx.uncalled.format(amount=str(amount), name=names[owner])
            pot_texts.append(
                f'{{"kind": "uncalled", "amount": {amount}, "rake": 0, "eligible": [{name}], '
                f'"winners": {{}}, "payouts": {{{name}: {amount}}}, "shares": {{{name}: "1"}}, '
                f'"explanation": {encode_basestring(text)}}}'
            )
            continue
        if not eligible:
            return None
        kind = "side" if main_done else "main"
        word = ctx.side if main_done else ctx.main
        main_done = True
        chips, numerators, denominator, winners, text = _award(
            record, ctx, eligible, amount, orders, word
        )
        for seat, units in chips.items():
            payouts[seat] += units
            if units > 0:
                won.add(seat)
        for seat, numerator in numerators.items():
            part = parts[seat]
            if part == denominator:
                shares[seat] += numerator * amount
            else:
                common = lcm(part, denominator)
                shares[seat] = shares[seat] * (common // part) + numerator * amount * (
                    common // denominator
                )
                parts[seat] = common
        winner_text = ", ".join(
            [
                f'"{half}": [{", ".join([quoted[s] for s in seats_won])}]'
                for half, seats_won in zip(halves, winners, strict=True)
            ]
        )
        payout_text = ", ".join([f"{quoted[s]}: {chips[s]}" for s in sorted(chips)])
        share_text = ", ".join(
            [f'{quoted[s]}: "{_ratio(numerators[s], denominator)}"' for s in sorted(numerators)]
        )
        pot_texts.append(
            f'{{"kind": "{kind}", "amount": {amount}, "rake": 0, '
            f'"eligible": [{", ".join([quoted[s] for s in listed])}], '
            f'"winners": {{{winner_text}}}, '
            f'"payouts": {{{payout_text}}}, "shares": {{{share_text}}}, '
            f'"explanation": {encode_basestring(text)}}}'
        )
    hands = record.hands
    player_texts = [
        f'{{"name": {quoted[seat]}, "folded": {"true" if folded[seat] else "false"}, '
        f'"mucked": false, "stake": {stakes[seat]}, "dead": 0, "hands": {hands[seat]}, '
        f'"payout": {payouts[seat]}, "net": {payouts[seat] - stakes[seat]}, '
        f'"share": "{_ratio(shares[seat], parts[seat] * total)}"}}'
        for seat in range(seats)
    ]
    board = " ".join([_TEXT[code] for code in record.board])
    return (
        f'{{"game": "{game.name}", "board": "{board}", "players": [{", ".join(player_texts)}], '
        f'"pots": [{", ".join(pot_texts)}], "rake": 0, '
        f'"winners": [{", ".join([quoted[s] for s in sorted(won)])}]}}'
    )


def _award(
    record: _Record,
    ctx: _Context,
    eligible: tuple[int, ...],
    amount: int,
    orders: list[list[int]],
    word: Word,
) -> tuple[dict[int, int], dict[int, int], int, list[list[int]], str]:
    """One pot on one board as :func:`showdown.pots.resolve` awards it (``eligible`` in
    the order it meets them): chips, share numerators over their denominator, the
    winners of each half (in increasing order), why."""
    halves = len(record.game.halves)
    if len(eligible) == 1:
        (seat,) = eligible
        return (
            {seat: amount},
            {seat: 1},
            1,
            [[seat]] * halves,
            ctx.uncontested.format(who=record.names[seat], pot=word),
        )
    winners = [best_seats(eligible, strengths) for strengths in record.strengths]
    shares, denominator = exact_shares(winners)
    texts = [
        _why(record, ctx, index, eligible, seats, word)
        for index, seats in enumerate(winners)
        if seats
    ]
    if record.game.split_pot and len(texts) == 1:
        texts.append(ctx.scoops)
    return (
        divide(amount, winners, orders),
        shares,
        denominator,
        [sorted(seats) for seats in winners],
        ". ".join(texts),
    )


def _why(
    record: _Record,
    ctx: _Context,
    index: int,
    eligible: tuple[int, ...],
    winners: list[int],
    word: Word,
) -> str:
    """Who won one half of a pot and why, as :func:`showdown.pots.resolve` says it, from
    strengths and the cached class texts."""
    classes = ctx.classes[index]
    strengths = record.strengths[index]
    first = winners[0]
    best = strengths[first]
    names = record.names
    single = len(winners) == 1
    key = best * 4 + (word is ctx.main) * 2 + single
    template = ctx.baked[index].get(key)
    if template is None:
        template = _bake(ctx, index, key, best, word, single)
    who = names[first] if single else ctx.t.join_names([names[s] for s in sorted(winners)])
    cards = record.texts[index][first]
    text = (
        template.format(who=who, cards=cards)
        if isinstance(template, str)
        else template(who=who, cards=cards)
    )
    if record.game.split_pot:
        text = f"{ctx.halves[index]}: {text}"
    other = runner_up(eligible, strengths, best)
    if other is not None:
        reason = classes.reason(best, strengths[other])
        text += ctx.against.format(name=names[other], reason=reason)
    return text


def _bake(
    ctx: _Context, index: int, key: int, strength: int, word: Word, single: bool
) -> str | Callable[..., str]:
    """The message of a pot won with a class, with the pot and the hand's name already
    in it: a format string of the ``who`` and the ``cards`` left, or where the message
    does not allow that, a function formatting the message whole."""
    hand = ctx.classes[index].piece(strength)[1]
    message = ctx.wins if single else ctx.split
    found: str | Callable[..., str]
    try:
        found = message.format(
            who=_Kept("who"), cards=_Kept("cards"), pot=_Escaped(word), hand=_Escaped(hand)
        )
        sample = {"who": "{who}\x00", "cards": "{cards}\x01"}  # both texts must come out whole
        if found.format(**sample) != message.format(pot=word, hand=hand, **sample):
            raise ValueError(message)
    except (AttributeError, KeyError, IndexError, ValueError):
        found = partial(message.format, pot=word, hand=hand)
    if len(ctx.baked[index]) >= _CACHED:
        ctx.baked[index].clear()
    ctx.baked[index][key] = found
    return found


class _Kept:
    """A field of a message left for later: it formats as itself."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        return "{" + self.name + (":" + spec if spec else "") + "}"


class _Escaped:
    """A word formatted into a message that will be formatted again: its braces doubled."""

    __slots__ = ("word",)

    def __init__(self, word: Word) -> None:
        self.word = word

    def __format__(self, spec: str) -> str:
        return format(self.word, spec).replace("{", "{{").replace("}", "}}")

    def __getattr__(self, name: str) -> str:
        form: str = getattr(self.word, name)
        return form.replace("{", "{{").replace("}", "}}")


# ------------------------------------------------------------------ the native lane


def _lane() -> Any:
    """The native lane (``showdown._cresolve``), or None where the compiled core is not
    built or ``SHOWDOWN_ENGINE=readable``: the Python lanes then answer everything."""
    return core.extension("_cresolve")


_NATIVE: Final[dict[str, dict[str, Any]]] = {}
"""Per language: per game name met in a record, its :class:`_cresolve.Game` (``None``:
not a game the native lane serves)."""


def _native_game(name: str, lang: str) -> Any:
    """The native lane's view of a game in a language, or ``None`` where the lane does
    not serve it: the games of one ranking whose hands the C scorer values and whose
    cards that play it finds from the classes (Hold'em, short deck, stud, razz, the
    draw games but Badugi: :func:`_scorer_of`)."""
    game = _game(name)
    lane = _lane()
    if lane is None or game is None or len(game.rankings) != 1 or game.split_pot:
        return None
    score = _scorer_of(game)
    if score is None:
        return None
    ctx = _context(game, lang)
    classes = ctx.classes[0]
    rules = classes.rules
    stud = game.family is Family.STUD

    explainer = classes.explainer

    def ranks(strength: int) -> bytes:
        _, hand_class, category, deciders = explainer.fact(strength)
        flush = rules.flushes and hand_class.category in _FLUSHES
        symbols = [_RANK_INDEX[symbol] for symbol in hand_class.ranks]
        return bytes([*symbols, flush, category, len(deciders), *deciders, 0, 0, 0, 0, 0][:14])

    def template(kind: int, a: int, b: int) -> str | None:
        return _marked(ctx, kind, a, b)

    def form(number: int, strength: int) -> str:
        form_name = FORMS[number - 1]
        found: str = getattr(classes.piece(strength)[1], form_name)
        return found

    prefix, suffix = _layout(game).split("{0}")
    return lane.Game(
        name=game.name,
        hole=game.hole_cards,
        board=game.full_board if game.has_board else 0,
        deck=_deck(game),
        by_high_card=stud,
        low_order=stud and game.halves == ("low",),
        size=classes.size,
        prefix=prefix.replace("{{", "{"),
        suffix=suffix.replace("}}", "}"),
        half=game.halves[0],
        cards=_TEXT,
        scorer=score,
        ranks=ranks,
        piece=lambda strength: classes.piece(strength)[0],
        template=template,
        form=form,
        join=ctx.t.join_names,
    )


_WHO, _CARDS, _NAME, _REASON, _BEST, _SECOND, _AMOUNT = (chr(code) for code in range(1, 8))
"""The markers of the native lane's messages (``enum Marker`` of ``_cresolve.c``)."""


class _Mark:
    """A field of a message left for the native lane: it formats as its marker."""

    __slots__ = ("marker",)

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __format__(self, spec: str) -> str:
        if spec:  # the lane cannot apply a format spec
            raise ValueError(spec)
        return self.marker


class _MarkedWord(_Mark):
    """A class's name left for the native lane: each form its own marker."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return _Mark.__format__(self, spec) + chr(1)

    def __getattr__(self, name: str) -> str:
        try:
            return self.marker + chr(FORMS.index(name) + 1)
        except ValueError:
            raise AttributeError(name) from None


def _expand(message: str, fill: dict[str, Any]) -> str:
    """A marked message filled as the native lane fills it (to check it against the
    message formatted whole): words as :class:`Word`, the rest as texts."""

    def filled(found: re.Match[str]) -> str:
        text = found.group()
        if len(text) == 2:  # a class's name and its form
            form: str = getattr(fill[text[0]], FORMS[ord(text[1]) - 1])
            return form
        if text == _REASON:
            return _expand(fill[_REASON], fill)
        value: str = fill[text]
        return value

    return _MARKERS.sub(filled, message)


_MARKERS: Final = re.compile("[\x05\x06][\x01-\x07]|[\x01-\x07]")


_SAMPLES: Final = (
    Word("B", gen="Bg", the="Bt", pl="Bp", pl_gen="Bq", lower="b", a="aB"),
    Word("S", gen="Sg", the="St", pl="Sp", pl_gen="Sq", lower="s", a="aS"),
)
"""Two names with every form different, to check a marked message with."""


def _marked(ctx: _Context, kind: int, a: int, b: int) -> str | None:
    """A message of the native lane with markers where its fields go (``template`` of
    ``_cresolve.Game``), or ``None`` where markers cannot stand for its fields (a
    format spec, a field the lane does not fill): kind 0 a pot won (``a``: the main
    pot, ``b``: by one player), 1 the against clause, 2 a pot won uncontested, 3 an
    uncalled stake, 4 the reason between the classes ``a`` and ``b``."""
    best, second = (_MarkedWord(_BEST), _MarkedWord(_SECOND))
    word = ctx.main if a else ctx.side
    fill: dict[str, Any] = {
        _WHO: "{who}",
        _CARDS: "{cards}",
        _NAME: "{name}",
        _AMOUNT: "{amount}",
        _BEST: _SAMPLES[0],
        _SECOND: _SAMPLES[1],
    }
    try:
        if kind == 0:
            message = ctx.wins if b else ctx.split
            marked = message.format(who=_Mark(_WHO), cards=_Mark(_CARDS), pot=word, hand=best)
            whole = message.format(who="{who}", cards="{cards}", pot=word, hand=_SAMPLES[0])
        elif kind == 1:
            marked = ctx.against.format(name=_Mark(_NAME), reason=_Mark(_REASON))
            fill[_REASON] = "{reason}"
            whole = ctx.against.format(name="{name}", reason="{reason}")
        elif kind == 2:
            marked = ctx.uncontested.format(who=_Mark(_WHO), pot=word)
            whole = ctx.uncontested.format(who="{who}", pot=word)
        elif kind == 3:
            marked = ctx.uncalled.format(amount=_Mark(_AMOUNT), name=_Mark(_NAME))
            whole = ctx.uncalled.format(amount="{amount}", name="{name}")
        else:
            explainer = ctx.classes[0].explainer
            marked = explainer.explain(a, b, best, second)
            if not _MARKERS.search(marked):  # no name in it: the text as it is
                return marked
            whole = explainer.explain(a, b, *_SAMPLES)
    except (AttributeError, KeyError, IndexError, ValueError):
        return None
    if _expand(marked, fill) != whole:
        return None
    return marked


def _native(texts: Sequence[str], lang: str) -> list[str | None]:
    """Per text, the native lane's answer, or ``None`` (all ``None`` without the lane)."""
    lane = _lane()
    if lane is None:
        return [None] * len(texts)
    games = _NATIVE.get(lang)
    if games is None or len(games) >= _MAX_GAME_NAMES:
        games = _NATIVE[lang] = {}
    answers: list[str | None] = lane.answer(
        texts if type(texts) is list else list(texts), games, partial(_native_game, lang=lang)
    )
    return answers


# ------------------------------------------------------------------ entry


def resolve_texts(
    texts: Sequence[str],
    *,
    lang: str = "en",
    compiled: bool | None = None,
    native: bool = True,
) -> list[str | None]:
    """Per line, the text ``showdown resolve --json`` writes for it, or ``None`` for the
    readable path to answer.

    ``lang`` must be a supported language code (``'en'``, ``'ru'``, ``'ro'``).
    ``native``: first answer what the C extension's native lane serves (plain
    records of one-ranking games with up to eight players, written with no
    escapes; :func:`_native_game`), where it is built (the default); the
    other texts, or all with ``native=False``, by the Python lanes below.
    ``compiled``: value the hands with the compiled core, a call per game
    (``True``), or one by one as the readable path does (``False``); by
    default (``None``), with the core where it is built and not switched off
    (:mod:`showdown.core`).

    Raises:
        UnknownLanguageError: ``lang`` is not supported.
    """
    get_language(lang)
    if native:
        answers = _native(texts, lang)
        left = [index for index, answer in enumerate(answers) if answer is None]
        if left:
            others = resolve_texts(
                [texts[index] for index in left],
                lang=lang,
                compiled=compiled,
                native=False,
            )
            for index, answer in zip(left, others, strict=True):
                answers[index] = answer
        return answers
    records = [_read(text) for text in texts]
    plain = [record for record in records if record is not None]
    if compiled is None:
        compiled = _scorer.extension() is not None
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
