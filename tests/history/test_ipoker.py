"""The iPoker XML reader on hand-made sessions in the room's layout: payouts worked out here
by plain arithmetic, then the audit's verdict."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.errors import HistoryError
from showdown.history import ActionKind, Hand, ipoker, ipoker_text
from showdown.history.audit import audit_hand

DATA = Path(__file__).parent.parent / "data" / "histories" / "ipoker"


def hands_of(name: str) -> list[Hand]:
    return list(ipoker.read(DATA / name))


def entries_of(text: str) -> list[Hand | HistoryError]:
    return list(ipoker.read(io.StringIO(text), name="t.xml").entries())


def session(*games: str, general: str = "", gametype: str = "Holdem NL $0.05/$0.10") -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="5">\n'
        f"<general><mode>real</mode><gametype>{gametype}</gametype>"
        f"<tablename>Oak, 42</tablename><currency>USD</currency><nickname>Ann</nickname>"
        f"{general}</general>\n" + "\n".join(games) + "\n</session>\n"
    )


def game(code: int, players: str, *rounds: str) -> str:
    return (
        f'<game gamecode="{code}">\n<general><players>\n{players}\n</players></general>\n'
        + "\n".join(f'<round no="{n}">\n{body}\n</round>' for n, body in enumerate(rounds))
        + "\n</game>"
    )


def player(seat: int, name: str, chips: str, win: str, *, dealer: bool = False) -> str:
    return (
        f'<player seat="{seat}" name="{name}" chips="{chips}" dealer="{int(dealer)}" '
        f'win="{win}" bet="$0" rebuy="0" addon="0"/>'
    )


def act(no: int, who: str, kind: int, amount: str = "$0") -> str:
    return f'<action no="{no}" player="{who}" type="{kind}" sum="{amount}" cards=""/>'


BLINDS = act(1, "Ann", 1, "$0.05") + act(2, "Bob", 2, "$0.10")
HEADS_UP = player(1, "Ann", "$5", "$0.20", dealer=True) + player(2, "Bob", "$5", "$0")
ANN_WINS_BLINDS = game(9, HEADS_UP, BLINDS, act(3, "Ann", 23, "$0.30") + act(4, "Bob", 0))


# -- the sample files ----------------------------------------------------------------------


def test_side_pot_shown_and_split_by_rake() -> None:
    hand = hands_of("cash_usd.xml")[0]
    assert (hand.site, hand.hand_id, hand.game, hand.limit) == (
        "ipoker",
        "1001",
        "holdem",
        "No Limit",
    )
    assert (hand.currency, hand.unit, hand.button, hand.table) == (
        "USD",
        D("0.01"),
        1,
        "Maple, 123456",
    )
    assert hand.stakes == "$0.05/$0.10"
    # Olek: 0.05 + 1.95 all in; Pavo: 0.10 + 1.90 + 3 on the flop; Mira: 0.30 + 1.70 + 3
    assert hand.contributions() == {"Olek": D(2), "Pavo": D(5), "Mira": D(5)}
    # the actions are written out of order: sorted by their numbers
    assert [a.player for a in hand.actions if a.street == "preflop"] == [
        "Mira", "Olek", "Pavo", "Mira"
    ]  # fmt: skip
    assert hand.actions[3].kind is ActionKind.RAISE
    assert hand.actions[3].all_in
    # main pot 3 x 2 = 6, side pot 2 x 3 = 6; the 0.40 rake in proportion: 0.20 from each
    main, side, rake = 3 * D(2), 2 * D(3), D("0.40")
    assert hand.rake == rake
    assert hand.collected() == {"Olek": main - rake / 2, "Pavo": side - rake / 2}
    assert hand.returned() == {}
    assert hand.boards == (parse_cards("2d 7c Kh 9s 4h"),)
    assert hand.shown("Olek") == parse_cards("As Ac")
    assert hand.cards("Mira") == parse_cards("8c 8d")  # the file's owner
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands_of("cash_usd.xml")[1]
    # both 0.10 + 0.20; both play the 5-6-7-8-9 straight: 0.60 less 0.02 rake, halved
    assert hand.contributions() == {"Olek": D("0.30"), "Pavo": D("0.30")}
    half = (D("0.60") - D("0.02")) / 2
    assert hand.collected() == {"Olek": half, "Pavo": half}
    assert audit_hand(hand).verdict == "agree"


def test_mucked_loser() -> None:
    hand = hands_of("cash_usd.xml")[2]
    # Mira and Pavo 0.10 + 0.60 + 1 + 2 each, Olek's small blind 0.05; rake 0.35
    assert hand.contributions() == {"Olek": D("0.05"), "Pavo": D("3.70"), "Mira": D("3.70")}
    assert hand.collected() == {"Mira": 2 * D("3.70") + D("0.05") - D("0.35")}
    assert hand.mucked == frozenset({"Pavo"})
    assert hand.shown("Mira") == parse_cards("Kh Kd")
    assert audit_hand(hand).verdict == "agree"


def test_win_includes_the_uncalled_bet_and_a_dead_blind() -> None:
    hand = hands_of("cash_usd.xml")[3]
    # Kiro posts 0.15 at 0.05/0.10: the big blind and the small blind dead
    forced = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.forced]
    assert ("Kiro", ActionKind.BIG_BLIND, D("0.10")) in forced
    assert ("Kiro", ActionKind.DEAD_BLIND, D("0.05")) in forced
    # Mira raises to 0.30, all fold: 0.30 - 0.10 (the live blind) comes back; "win" 0.50
    # holds it (an old client), so the pot paid 0.50 - 0.20
    assert hand.returned() == {"Mira": D("0.20")}
    assert hand.collected() == {"Mira": D("0.50") - D("0.20")}
    assert hand.rake == 0
    assert not hand.reached_showdown


def test_hi_lo_decimal_comma_and_windows_1252() -> None:
    hand = hands_of("eur_omaha_hilo.xml")[0]
    assert (hand.game, hand.limit, hand.currency) == ("omaha_hilo", "Pot Limit", "EUR")
    assert [s.name for s in hand.seats] == ["Zoé", "Tarn", "Uli"]
    assert hand.seats[0].stack == D("1250.40")  # "1 250,40€"
    # Tarn 0.05 + 0.05 + 0.30, Uli 0.10 + 0.30, Zoé 0.10: 0.90 less 0.04 rake, halved:
    # Tarn's 8-4-3-2-A low, Uli's three kings high
    half = (D("0.90") - D("0.04")) / 2
    assert hand.collected() == {"Tarn": half, "Uli": half}
    assert audit_hand(hand).verdict == "agree"


def test_new_client_win_leaves_out_the_uncalled_bet() -> None:
    hand = hands_of("eur_omaha_hilo.xml")[1]
    # client 21: Zoé raises to 0.35 over 0.10; 0.25 back, and "win" 0,25 is the pot alone
    assert hand.returned() == {"Zoé": D("0.35") - D("0.10")}
    assert hand.collected() == {"Zoé": D("0.05") + D("0.10") + D("0.10")}
    assert hand.rake == 0


def test_tournament_with_antes_and_thousands() -> None:
    [hand] = hands_of("tournament.xml")
    assert (hand.tournament, hand.currency, hand.unit) == ("4455667", None, D(1))
    assert hand.dead_money() == {"Hero": D(10), "Vasko": D(10), "Wren": D(10)}
    # both all in for 10 + 1,490; Wren's ante and big blind 60
    assert hand.contributions() == {"Hero": D(1500), "Vasko": D(1500), "Wren": D(60)}
    assert hand.collected() == {"Hero": 2 * D(1500) + D(60)}
    assert audit_hand(hand).verdict == "agree"


def test_seven_card_stud() -> None:
    [hand] = hands_of("stud_cash.xml")
    assert (hand.game, hand.button) == ("stud", None)
    assert [a.kind for a in hand.actions if a.player == "Yana"][:2] == [
        ActionKind.ANTE,
        ActionKind.BRING_IN,
    ]
    # each 0.01 + 0.02 + 0.05 + 0.10 + 0.10; rake 0.02
    assert hand.contributions() == {"Yana": D("0.28"), "Hero": D("0.28")}
    assert hand.shown("Hero") == parse_cards("2c 2d 5h 9s Kd 9c 2h")
    assert hand.collected() == {"Hero": 2 * D("0.28") - D("0.02")}
    assert audit_hand(hand).verdict == "agree"


# -- the layout's quirks -------------------------------------------------------------------


def test_recognise() -> None:
    for path in DATA.glob("*.xml"):
        start = path.read_bytes()[:2000].decode("cp1252")
        assert ipoker.recognise(start), path
    assert ipoker.recognise('<session sessioncode="1">\n<general>')
    stars = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 20:00:00 ET"
    assert not ipoker.recognise(stars)
    assert not ipoker.recognise('<?xml version="1.0"?><HandHistory><Game id="1"/>')


def test_does_not_add_up() -> None:
    players = player(1, "Ann", "$5", "$0.90", dealer=True) + player(2, "Bob", "$5", "$0")
    [error] = entries_of(session(game(7, players, BLINDS, act(3, "Ann", 0) + act(4, "Bob", 4))))
    # 0.15 went in and "win" pays 0.90
    assert isinstance(error, HistoryError)
    assert (error.kind, error.hand, error.site) == ("does not add up", "7", "ipoker")


def test_cut_off_file_keeps_the_games_before() -> None:
    text = session(ANN_WINS_BLINDS)
    cut = text + '<game gamecode="10">\n<general><players>' + HEADS_UP + "</players></general>"
    cut = cut.replace("</session>\n", "") + '\n<round no="0">\n' + BLINDS
    first, second = entries_of(cut)
    assert isinstance(first, Hand)
    assert first.hand_id == "9"
    # Ann raises to 0.30 over 0.10: 0.20 back; "win" 0.20 holds it, the pot paid 0.20 - 0.20
    assert first.returned() == {"Ann": D("0.20")}
    assert first.collected() == {}
    assert isinstance(second, HistoryError)
    line = next(n for n, text in enumerate(cut.splitlines(), 1) if 'gamecode="10"' in text)
    assert (second.kind, second.hand, second.line) == ("cut off", "10", line)


def test_file_without_session_end_is_whole() -> None:
    [hand] = entries_of(session(ANN_WINS_BLINDS).replace("</session>", ""))
    assert isinstance(hand, Hand)
    assert hand.hand_id == "9"


def test_archive_of_sessions() -> None:
    other = ANN_WINS_BLINDS.replace('gamecode="9"', 'gamecode="11"')
    text = session(ANN_WINS_BLINDS) + "\n" + session(other, gametype="Holdem L $0.10/$0.20")
    one, two = entries_of(text.replace("</session>\n\n<?xml", "</session><?xml"))
    assert isinstance(one, Hand)
    assert isinstance(two, Hand)
    assert (one.hand_id, one.limit, two.hand_id, two.limit) == ("9", "No Limit", "11", "Limit")
    assert two.index == 1


def test_broken_game_is_skipped() -> None:
    broken = ANN_WINS_BLINDS.replace('<action no="4" player="Bob" type="0"', "<action no=4")
    fine = ANN_WINS_BLINDS.replace('gamecode="9"', 'gamecode="12"')
    first, second = entries_of(session(broken, fine))
    assert isinstance(first, HistoryError)
    assert first.kind == "unreadable"
    assert isinstance(second, Hand)
    assert second.hand_id == "12"


def test_unknown_action_type_is_unreadable() -> None:
    odd = ANN_WINS_BLINDS.replace('type="23" sum="$0.30"', 'type="42" sum="$0.30"')
    [error] = entries_of(session(odd))
    assert isinstance(error, HistoryError)
    assert error.kind == "unreadable"
    assert "'42'" in str(error)


@pytest.mark.parametrize(
    ("gametype", "pocket", "game_id"),
    [
        ("PL €2/€4", "S2 DK C3 D7 S3", "omaha5"),
        ("Omaha PL $0.10/$0.20", "S2 DK C3 D7", "omaha"),
        ("Six Plus Holdem NL $0.25/$0.50", "SA DK", "sixplus"),
        ("Holdem БЛ €0.25/€0.50", "SA DK", "holdem"),
        ("7 Card Stud Hi-Lo L €0.05/€0.10", "SA DK D2", "stud_hilo"),
    ],
)
def test_game_names(gametype: str, pocket: str, game_id: str) -> None:
    cards = f'<cards type="Pocket" player="Ann">{pocket}</cards>'
    [hand] = entries_of(
        session(
            game(9, HEADS_UP, BLINDS, cards + act(3, "Ann", 23, "$0.30") + act(4, "Bob", 0)),
            gametype=gametype,
        )
    )
    assert isinstance(hand, Hand)
    assert hand.game == game_id


def test_skin_named_in_the_file() -> None:
    [hand] = entries_of(session(ANN_WINS_BLINDS, general="<pokersite>Titan Poker</pokersite>"))
    assert isinstance(hand, Hand)
    assert hand.site == "titanpoker"


def test_not_a_history() -> None:
    [error] = entries_of("this is not an iPoker session\n")
    assert isinstance(error, HistoryError)
    assert error.kind == "not a history"


# -- the text layout -----------------------------------------------------------------------


def text_hands() -> list[Hand]:
    return list(ipoker_text.read(DATA / "text_cash.txt"))


def test_text_uncalled_flag_all_in_and_rake() -> None:
    hand = text_hands()[0]
    assert (hand.site, hand.hand_id, hand.currency, hand.max_seats) == ("ipoker", "5001", "EUR", 6)
    assert (hand.table, hand.button, hand.limit) == ("Oslo 3", 1, "No Limit")
    # Siv raises to 5 and is all in for 15 more; Rune raises to 15 and calls 5; Tor's blind
    assert hand.contributions() == {"Siv": D(20), "Tor": D("0.50"), "Rune": D(20)}
    assert hand.collected() == {"Rune": 2 * D(20) + D("0.50") - D(1)}
    assert hand.rake == 1
    assert audit_hand(hand).verdict == "agree"


def test_text_old_header_win_holds_the_uncalled_bet() -> None:
    hand = text_hands()[1]
    # Rune's 0.15 at 0.05/0.10: the big blind and the small blind dead
    assert hand.dead_money() == {"Rune": D("0.05")}
    # Siv raises to 0.40 over the live 0.10: 0.30 back; "wins" 0.70 holds it
    assert hand.returned() == {"Siv": D("0.30")}
    assert hand.collected() == {"Siv": D("0.70") - D("0.30")}


def test_text_all_in_bet_and_muck() -> None:
    hand = text_hands()[2]
    # Tor 0.30 then all in 2.65; Rune 0.10 + 0.20 + 2.65; Siv 0.30; Ulf 0.05
    assert hand.contributions() == {
        "Ulf": D("0.05"),
        "Rune": D("2.95"),
        "Siv": D("0.30"),
        "Tor": D("2.95"),
    }
    assert hand.mucked == frozenset({"Rune"})
    assert hand.collected() == {"Tor": D("2.95") * 2 + D("0.35") - D("0.20")}
    assert audit_hand(hand).verdict == "agree"


TEXT_HAND = """GAME #9 Version:21.1.1.9 Uncalled:Y Texas Hold'em NL €10/€20 2021-04-13 23:49:37/GMT
Table Wien
Seat 3: Ann (€179.50 in chips) DEALER
Seat 5: Bob (€20.00 in chips)
Ann: Post SB €10.00
Bob: Post BB Allin €20.00
*** HOLE CARDS ***
Ann: Call €10.00
*** FLOP *** [D10 C9 S8]
*** TURN *** [C10]
*** RIVER *** [S5]
*** SUMMARY ***
Total pot €39.50 Rake €0.50
Bob: Shows [DQ D4] One Pair, Tens
Ann: Shows [D7 S7] Two Pair, Tens and Sevens
Ann: wins €39.50
"""


def text_entries(text: str) -> list[Hand | HistoryError]:
    return list(ipoker_text.read(io.StringIO(text), name="t.txt").entries())


def test_text_stated_rake_must_add_up() -> None:
    [hand] = text_entries(TEXT_HAND)
    assert isinstance(hand, Hand)
    assert hand.collected() == {"Ann": D(40) - D("0.50")}
    [error] = text_entries(TEXT_HAND.replace("Rake €0.50", "Rake €1.50"))
    assert isinstance(error, HistoryError)
    assert error.kind == "does not add up"


def test_text_cut_off() -> None:
    first, second = text_entries(TEXT_HAND + "\n" + TEXT_HAND.split("*** FLOP")[0])
    assert isinstance(first, Hand)
    assert isinstance(second, HistoryError)
    assert (second.kind, second.line) == ("cut off", TEXT_HAND.count("\n") + 2)


def test_text_recognise() -> None:
    assert ipoker_text.recognise((DATA / "text_cash.txt").read_text(encoding="utf-8"))
    assert ipoker_text.recognise(TEXT_HAND)
    assert not ipoker.recognise(TEXT_HAND)
    assert not ipoker_text.recognise((DATA / "cash_usd.xml").read_text(encoding="utf-8"))
    stars = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 20:00:00 ET"
    assert not ipoker_text.recognise(stars)
