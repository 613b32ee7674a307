"""The request and response shapes of the HTTP API (they make its OpenAPI schema).

``ShowdownRequest`` and ``ShowdownResponse`` are the JSON contract of
:mod:`showdown.contract`, the same records ``showdown resolve`` reads and
writes; the handlers pass requests through the contract's own reader, so the
library decides what a valid showdown is.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    StrictStr,
)

from showdown._validate import json_whole

__all__ = [
    "CARD_PATTERN",
    "CARD_TEXT_PATTERN",
    "LANGUAGE_PATTERN",
    "RANGE_TEXT_PATTERN",
    "AmountIn",
    "AmountOut",
    "AuditPlayer",
    "BoardShareOut",
    "Cards",
    "EquityGrid",
    "EquityRequest",
    "EquityResponse",
    "ErrorDetail",
    "ErrorResponse",
    "GameInfo",
    "GameName",
    "Halves",
    "HandRequest",
    "HandResponse",
    "HealthResponse",
    "HistoryAudit",
    "HistoryHand",
    "HistoryHandInfo",
    "HistoryRequest",
    "HistoryResponse",
    "IdleCard",
    "MessagesResponse",
    "PlayerEquityOut",
    "PlayerIn",
    "PlayerOut",
    "PotOut",
    "RangeOrderResponse",
    "RangeRequest",
    "RangeResponse",
    "ShowdownRequest",
    "ShowdownResponse",
    "ValuedHand",
]

_CARD: Final = "(?:10|[2-9TJQKAtjqka])[shdcSHDC♠♥♦♣♤♡♢♧]"
CARD_TEXT_PATTERN: Final = f"^[\\s,;]*(?:{_CARD}[\\s,;]*)*$"
"""Exactly the texts :func:`showdown.cards.parse_cards` reads: cards separated
by white space, commas, semicolons or nothing (whether they repeat, or fit the
game, is the server's to say)."""
CARD_PATTERN: Final = f"^\\s*{_CARD}\\s*$"
"""Exactly the texts :func:`showdown.cards.parse_card` reads as one card."""
LANGUAGE_PATTERN: Final = "^\\s*(?:[Ee][Nn]|[Rr][Uu]|[Rr][Oo])(?:[-_][\\s\\S]*)?\\s*$"
"""Exactly the tags :func:`showdown.i18n.normalize_language` accepts: en, ru or
ro in any case, optionally with a region (``ru-RU``, ``ro_MD``)."""
RANGE_TEXT_PATTERN: Final = "^[0-9A-Za-z♠♥♦♣♤♡♢♧+\\-:.%,;\\s]*$"
"""The characters of the range notation (:mod:`showdown.ranges`); its grammar
is the server's to check."""


_WHOLE: Final = BeforeValidator(json_whole)
"""Integers are strict (``true`` and ``1.5`` are not integers), but as in JSON
Schema, ``50.0`` is the integer 50. It goes last in each ``Annotated`` so that
pydantic writes the bounds into the schema."""


def _game_spellings() -> list[str]:
    from showdown.games import GAMES

    spellings: dict[str, None] = {}
    for game in GAMES.values():
        for name in (game.name, *game.aliases):
            spellings[name] = None
    return list(spellings)


GameName = Annotated[
    StrictStr,
    Field(
        max_length=64,
        description="A game's name or alias (the server also reads them in any case, and "
        "with spaces, '-' and '/' alike).",
        json_schema_extra={"enum": _game_spellings()},
    ),
]
CardText = Annotated[
    StrictStr,
    Field(
        max_length=400,
        description='Cards as text: "As Kd", "AsKd", "10h,a♠".',
        json_schema_extra={"pattern": CARD_TEXT_PATTERN},
    ),
]
CardList = Annotated[
    list[Annotated[StrictStr, Field(max_length=16, json_schema_extra={"pattern": CARD_PATTERN})]],
    Field(max_length=64, description='Cards as a list of texts: ["As", "Kd"].'),
]
Cards = CardText | CardList
"""Cards, as one text or a list of card texts (the contract accepts both)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HandRequest(_Strict):
    """One player's cards to value under every ranking of a game."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"game": "holdem", "cards": "Ks 2d", "board": "Kc Td Kh Ts 3c"}]
        },
    )

    game: GameName = "holdem"
    cards: Cards
    board: Cards | None = Field(
        default=None,
        description="The board: 3, 4 or 5 cards in flop games (the game's `hand_boards`).",
    )


AmountIn = (
    Annotated[int, Field(ge=0), Strict(), _WHOLE]
    | Annotated[StrictStr, Field(pattern=r"^\s*\+?[0-9]{1,30}(\.[0-9]{1,30})?\s*$")]
)
"""An amount: whole chips, or an exact decimal text (``"0.25"``)."""
AmountOut = int | str
"""An amount in the input's form: an integer when every amount was one, else a decimal text."""


class PlayerIn(_Strict):
    """A player of the contract."""

    name: Annotated[StrictStr, Field(min_length=1, max_length=64)] | None = Field(
        default=None, description="A unique name; default 'Player N'."
    )
    cards: Cards | None = None
    stake: AmountIn = Field(
        default=0, description="Everything put into the pot (dead money included)."
    )
    dead: AmountIn = Field(
        default=0, description="The part of the stake that is dead money (antes, dead blinds)."
    )
    folded: StrictBool = False
    mucked: StrictBool = Field(
        default=False, description="Reached the showdown and conceded: not eligible."
    )


class ShowdownRequest(_Strict):
    """A showdown of the JSON contract (as read by ``showdown resolve``)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "game": "holdem",
                    "board": "Kc Td Kh Ts 3c",
                    "players": [
                        {"name": "Peter", "cards": "Ks 2d", "stake": 50},
                        {"name": "Hans", "cards": "Kd 7h", "stake": 50},
                        {"name": "Paul", "cards": "3h 3d", "stake": 50},
                    ],
                }
            ]
        },
    )

    game: GameName
    board: Cards | None = None
    boards: Annotated[list[Cards], Field(min_length=1, max_length=3)] | None = Field(
        default=None, description="Every board of a pot run twice or three times."
    )
    button: Annotated[int, Strict(), _WHOLE] = Field(
        default=0, description="Seat index of the button."
    )
    odd_chip: Literal["auto", "button", "high_card"] = "auto"
    rake: AmountIn | Annotated[list[AmountIn], Field(min_length=1, max_length=64)] = Field(
        default=0,
        description="What the house took: one amount, or one per pot (main pot first).",
    )
    unit: AmountIn | None = Field(
        default=None, description="The smallest unit of money; default the finest decimal given."
    )
    players: Annotated[list[PlayerIn], Field(max_length=64)]


class HistoryRequest(_Strict):
    """A pasted hand history (its size is capped by the server's body limit)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "text": "PokerStars Hand #9: Hold'em No Limit (10/20) - 2024/01/02 ET\n...",
                    "format": "auto",
                }
            ]
        },
    )

    text: Annotated[
        StrictStr,
        Field(
            description="A hand history of any room showdown reads (text or XML, as the room "
            "writes it), or PHH."
        ),
    ]
    format: Literal["auto", "text", "phh"] = Field(
        default="auto",
        description="'text': the card rooms' layouts (the text's start tells the room); "
        "'phh': PHH; 'auto': PHH when a line reads 'variant = ...'.",
    )


class AuditPlayer(BaseModel):
    """One player's amounts in an audit record: what the room paid, what the rules pay."""

    recorded: str
    resolved: str


class HistoryAudit(BaseModel):
    """One record of ``showdown audit --json``."""

    file: str
    hand: str
    site: str
    game: str
    verdict: Literal["agree", "disagree", "unsupported", "error"]
    players: dict[str, AuditPlayer]
    rake: str
    reason: str | None


class HistoryHandInfo(BaseModel):
    """Where the hand was played, as its header says."""

    site: str
    hand: str
    table: str
    game_name: str
    currency: str | None
    line: int


class HistoryHand(BaseModel):
    """A hand of the pasted history: its audit and its showdown (a contract input record)."""

    audit: HistoryAudit
    info: HistoryHandInfo | None = Field(description="null: the hand could not be read.")
    showdown: ShowdownRequest | None = Field(
        description="The showdown for POST /api/showdown; null when it cannot be built."
    )


class HistoryResponse(BaseModel):
    """Every hand of a pasted history that reached a showdown or could not be read."""

    format: str = Field(
        description="What was read: 'text' (PokerStars, GGPoker, Full Tilt), 'phh', or the "
        "name of another room's format ('partypoker', 'bovada', 'pacific', 'ipoker_xml' ...)."
    )
    hands_read: int
    skipped: dict[str, int] = Field(description="Hands left out, by reason ('no showdown').")
    hands: list[HistoryHand]


class IdleCard(BaseModel):
    """A card held that does not play, and the card that plays in its stead."""

    card: str
    reason: Literal["pair", "suit"] = Field(
        description="'pair': it has the rank of `other`; 'suit': it has the suit of `other`."
    )
    other: str = Field(description="The card that plays with that rank or that suit.")


class ValuedHand(BaseModel):
    """A hand's value: the cards that play, its name and its strength."""

    cards: str
    category: str
    description: str
    strength: int
    class_number: int
    hole_used: str
    board_used: str
    unused: str
    ranks: str | None = Field(
        default=None,
        description="The deciding ranks in words, highest first ('Ace-King-Nine-Six-Three'): "
        "tells apart two hands of one name (two Ace-high flushes).",
    )
    idle: list[IdleCard] | None = Field(
        default=None,
        description="Why each card held that does not play is left out, where one card "
        "alone is the reason: in Badugi, whose cards that play differ in rank and suit, it "
        "pairs a card that plays or repeats its suit. Empty in the other rankings, where the "
        "cards that play simply outrank the rest.",
    )


class Halves(BaseModel):
    """A hand under each half of the pot (``null``: no such half, or no qualifying low)."""

    high: ValuedHand | None
    low: ValuedHand | None


class HandResponse(BaseModel):
    """The value of one player's cards in a game."""

    game: str
    hands: Halves


class PlayerOut(BaseModel):
    """One player's outcome (contract)."""

    name: str
    folded: bool
    mucked: bool
    stake: AmountOut
    dead: AmountOut
    hands: Halves | None
    payout: AmountOut
    net: AmountOut
    share: str = Field(description="Exact share of the chips in play, as a fraction.")


class BoardShareOut(BaseModel):
    """One board's share of a pot run more than once (contract)."""

    board: str
    amount: AmountOut
    winners: dict[str, list[str]]
    payouts: dict[str, AmountOut]
    explanation: str


class PotOut(BaseModel):
    """One pot (contract)."""

    kind: Literal["main", "side", "uncalled"]
    amount: AmountOut = Field(description="What the pot pays out, after its rake.")
    rake: AmountOut
    eligible: list[str]
    winners: dict[str, list[str]]
    payouts: dict[str, AmountOut]
    shares: dict[str, str]
    explanation: str
    boards: list[BoardShareOut] | None = Field(
        default=None, description="Each board's share, when the pot was run more than once."
    )


class ShowdownResponse(BaseModel):
    """A resolved showdown (contract)."""

    game: str
    board: str
    boards: list[str] | None = None
    players: list[PlayerOut]
    pots: list[PotOut]
    rake: AmountOut
    winners: list[str]


class GameInfo(BaseModel):
    """A game of the registry."""

    name: str
    title: str
    aliases: list[str]
    hole_cards: int
    board_cards: list[int] = Field(
        description="The board's sizes as it is dealt (equity accepts them); the last is the "
        "full board. Courchevel: 1, 3, 4, 5."
    )
    hand_boards: list[int] = Field(
        description="The board sizes on which /api/hand values a hand (Courchevel: 3, 4, 5)."
    )
    hole_cards_used: int | None
    halves: list[str]
    rankings: dict[str, str]
    family: str
    ranks: str = Field(description="The ranks of the deck, lowest first at high.")
    full_board: int = Field(description="Board cards at a showdown (0: the game has no board).")
    range_grid: list[list[str]] | None = Field(
        description="The starting hands of the game as the 13x13 grid of the range editor, "
        "row by row (pairs on the diagonal, suited above it); null: its ranges are text only."
    )
    range_example: str = Field(description="A range in the game's notation: 'QQ+, AKs'.")
    range_patterns: bool = Field(
        description="Ranges of the game are written as patterns of its bigger hands (AAxx, "
        "AKds), as in Omaha."
    )


class HealthResponse(BaseModel):
    """Whether the server is up, and whether its warm-up has loaded every kernel."""

    status: Literal["ok"]
    version: str
    warmed: bool = Field(
        description="True once every kernel an endpoint can use is loaded: from then on no "
        "request waits for one (a readiness probe can wait for it)."
    )


class MessagesResponse(BaseModel):
    """The page's words in a language."""

    lang: str
    languages: dict[str, str]
    messages: dict[str, str]


class ErrorDetail(BaseModel):
    """What was wrong with a request."""

    type: str = Field(description="The error class: CardParseError, DuplicateCardError, ...")
    field: str | None = Field(description="The request field at fault: players[1].cards.")
    message: str = Field(description="Why, in words (the library's message).")


class ErrorResponse(BaseModel):
    """Every error response: 413, 422, 404, 405."""

    error: ErrorDetail


class EquityRequest(_Strict):
    """Each player's hand or range, the board so far, and how hard to work."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"game": "holdem", "hands": ["AhKh", "QsQd"], "board": "Qh 7h 2c"}]
        },
    )

    game: GameName = "holdem"
    hands: Annotated[
        list[
            Annotated[
                StrictStr, Field(max_length=400, json_schema_extra={"pattern": RANGE_TEXT_PATTERN})
            ]
        ],
        Field(
            min_length=1,
            max_length=64,
            description="One per player: cards ('AhKh'; fewer than a hand means the rest "
            "unknown) or a range ('QQ+, AKs').",
        ),
    ]
    board: Cards | None = None
    dead: Cards | None = Field(default=None, description="Cards out of play.")
    samples: Annotated[int, Field(ge=1), Strict(), _WHOLE] | None = Field(
        default=None,
        description="Deals to sample; by default exact when small, else sampled "
        "(capped by the server).",
    )
    seed: Annotated[int, Field(ge=0, le=2**32 - 1), Strict(), _WHOLE] | None = Field(
        default=None, description="Seed of the sampling (default 0: the same numbers each time)."
    )
    grid_seat: Annotated[int, Field(ge=0), Strict(), _WHOLE] | None = Field(
        default=None,
        description="Hold'em: also the 13x13 grid of the 169 starting hands in this seat "
        "against the other hands.",
    )


class PlayerEquityOut(BaseModel):
    """One player's equity."""

    hand: str
    equity: float
    win: float
    tie: float
    lose: float
    high: float | None = None
    low: float | None = None
    scoop: float | None = Field(default=None, description="Hi/Lo: the chance to win both halves.")
    stderr: float


class EquityGrid(BaseModel):
    """The 169 starting hands of one seat against the other hands, row by row (AA first)."""

    seat: int
    classes: list[str]
    equity: list[float | None] = Field(description="null: no hand of the class is left.")
    exact: bool
    complete: bool = Field(description="false: the time cap stopped it; the rest is null.")


class EquityResponse(BaseModel):
    """Each player's equity, exact or sampled."""

    game: str
    board: str
    dead: str
    exact: bool
    deals: int | float = Field(
        description="Deals enumerated or sampled: an integer unless range weights make it "
        "fractional."
    )
    seed: int | None
    stopped_by: str
    seconds: float
    players: list[PlayerEquityOut]
    grid: EquityGrid | None = None


class RangeRequest(_Strict):
    """A range in the library's notation, to read and write back."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"game": "holdem", "text": "QQ+, AKs, 76s:0.5"}]},
    )

    game: GameName = "holdem"
    text: Annotated[
        StrictStr,
        Field(
            max_length=4000,
            json_schema_extra={"pattern": RANGE_TEXT_PATTERN},
            description="The range ('QQ+, AKs, 76s:0.5'); later tokens set the weight of "
            "the combos they share with earlier ones ('QQ+, KK:0' is QQ and AA).",
        ),
    ]


class RangeResponse(BaseModel):
    """A range read: written canonically, its size, and (Hold'em) each class's weight."""

    game: str
    text: str = Field(description="The range written canonically ('' when empty).")
    combos: int
    weight: float = Field(description="The combos counted by weight.")
    share: float = Field(description="The weight as a share of every hand of the game.")
    classes: list[float] | None = Field(
        description="Hold'em: the mean weight of each of the 169 classes, row by row (AA first)."
    )


class RangeOrderResponse(BaseModel):
    """The 169 Hold'em starting hands, best first: the order of the "top X%" slider."""

    classes: list[str]
    equity: list[float]
    combos: list[int]
    deals_per_hand: int
    method: str
