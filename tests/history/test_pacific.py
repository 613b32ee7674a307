"""The 888poker reader on hand-made histories in 888's layouts: every figure worked out by hand."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.errors import HistoryError
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.pacific import FORMAT, SITE, read, recognise

DATA = Path(__file__).parent.parent / "data" / "histories"
ROOM = DATA / "888poker"


def hands_of(name: str) -> list[Hand]:
    return list(read(ROOM / name))


def entries_of(text: str) -> list[Hand | HistoryError]:
    return list(read(io.StringIO(text), name="t.txt").entries())


def agrees(hand: Hand) -> None:
    assert hand.reached_showdown
    verdict = audit_hand(hand)
    assert verdict.verdict == "agree", verdict.reason


# -- ring games --------------------------------------------------------------------------


def test_side_pot_and_the_rake_derived() -> None:
    hand = hands_of("cash.txt")[0]
    assert (hand.site, hand.hand_id, hand.game, hand.limit) == (
        SITE,
        "900000001",
        "holdem",
        "No Limit",
    )
    assert (hand.currency, hand.unit, hand.button, hand.max_seats) == ("USD", D("0.01"), 1, 6)
    assert (hand.table, hand.stakes, hand.tournament, hand.line) == (
        "Lisbon",
        "$0.05/$0.10",
        None,
        1,
    )
    # raises are what went in: Ben 0.05 + 3.95, Dov and Ana 0.30 + 6.20
    assert hand.contributions() == {
        "Ben": D(4),
        "Cyd": D("0.10"),
        "Dov": D("6.50"),
        "Ana": D("6.50"),
    }
    assert hand.returned() == {}  # Dov's 6.50 is matched by Ana's
    # 17.10 put in; 11.75 + 4.85 collected; the rest is the rake
    assert hand.rake == D("17.10") - D("11.75") - D("4.85") == D("0.50")
    assert hand.collected() == {"Ben": D("11.75"), "Ana": D("4.85")}
    assert hand.boards == (parse_cards("2s 7h Kd 4c Jh"),)
    assert hand.dealt[0].cards == parse_cards("9c 9d")
    # main pot 3 x 4.00 + 0.10 = 12.10 to Ben's aces, side pot 2 x 2.50 = 5.00 to Ana's kings
    agrees(hand)


def test_split_pot_after_a_dead_blind() -> None:
    hand = hands_of("cash.txt")[1]
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.forced]
    assert ("Ana", ActionKind.DEAD_BLIND, D(1)) in posts
    assert ("Ana", ActionKind.BIG_BLIND, D(2)) in posts
    assert hand.dead_money() == {"Ana": D(1)}
    # Ana 1 + 2 + 4, Ben 6 + 20, Cyd 1 + 5, Dov 2 + 4 + 20 (his stack reads $1,090.25)
    assert hand.contributions() == {"Cyd": D(6), "Dov": D(26), "Ana": D(7), "Ben": D(26)}
    assert hand.stacks["Dov"] == D("1090.25")
    # 65 put in, 31 + 31 paid: a tie of K-Q, 3 raked
    assert hand.rake == 65 - 31 - 31
    agrees(hand)


def test_mucked_hand_in_fixed_limit() -> None:
    hand = hands_of("cash.txt")[2]
    assert hand.limit == "Limit"
    assert hand.mucked == frozenset({"Eli"})
    assert hand.cards("Eli") == parse_cards("Th 9h")  # known from the summary
    # 3 x 1.00 preflop + 2 x 0.50 + 2 x 2 + 2 x 1 = 10.00; 9.50 paid
    assert sum(hand.contributions().values()) == D(10)
    assert hand.rake == D("0.50")
    agrees(hand)


def test_a_walk_counts_the_big_blinds_return_in_its_collection() -> None:
    hand = hands_of("cash.txt")[3]
    # blinds 0.25 and 0.50: 0.25 of Fay's goes back, the other 0.50 is the pot; 888 wrote 0.75
    assert hand.returned() == {"Fay": D("0.25")}
    assert hand.collected() == {"Fay": D("0.50")}
    assert hand.received() == {"Fay": D("0.75")}
    assert hand.rake == 0
    assert not hand.reached_showdown


def test_uncalled_raise_is_returned_and_not_raked() -> None:
    [hand] = entries_of(
        "***** 888poker Hand History for Game 5 *****\n"
        "$1/$2 Blinds No Limit Holdem Jackpot table - *** 01 02 2020 10:00:00\n"
        "Table Cairo 6 Max (Real Money)\nSeat 1 is the button\n"
        "Seat 1: Ann ( $100 )\nSeat 2: Bob ( $100 )\nSeat 3: Cy ( $100 )\n"
        "Bob posts small blind [$1]\nCy posts big blind [$2]\n"
        "Ann raises [$6]\nBob calls [$5]\nCy folds\n"
        "** Dealing flop ** [ 2c, 7d, Js ]\nBob checks\nAnn bets [$10]\nBob folds\n"
        "** Summary **\nAnn did not show his hand\nAnn collected [ $13.35 ]\n"
    )
    assert isinstance(hand, Hand)
    assert (hand.game, hand.game_name, hand.limit) == ("holdem", "Holdem", "No Limit")
    # no "Dealing down cards" line: the first action starts the preflop round
    assert [a.street for a in hand.actions if a.player == "Ann"][:1] == ["preflop"]
    assert hand.returned() == {"Ann": D(10)}  # the flop bet nobody called
    assert hand.collected() == {"Ann": D("13.35")}
    assert hand.rake == 6 + 6 + 2 - D("13.35")  # a pot of 14


def test_a_return_written_as_a_collection_of_its_own() -> None:
    [hand] = entries_of(
        "***** 888poker Hand History for Game 6 *****\n"
        "$5/$10 Blinds Fix Limit Holdem - *** 01 02 2020 10:00:00\n"
        "Table Cairo (Real Money)\nSeat 3 is the button\n"
        "Seat 1: Ann ( $10 )\nSeat 2: Bob ( $500 )\nSeat 3: Cy ( $500 )\n"
        "Cy posts small blind [$5]\nAnn posts big blind [$10]\n"
        "** Dealing down cards **\nBob raises [$20]\nCy folds\n"
        "** Dealing flop ** [ 2c, 7d, Js ]\n** Dealing turn ** [ 5h ]\n** Dealing river ** [ 9d ]\n"
        "** Summary **\nAnn shows [ Jh, Jc ]\nBob shows [ Ah, Kh ]\n"
        "Ann collected [ $23.75 ]\nBob collected [ $10 ]\n"
    )
    assert isinstance(hand, Hand)
    # Ann is all in for 10: Bob's other 10 go back, and 888 wrote them as a collection
    assert hand.returned() == {"Bob": D(10)}
    assert hand.collected() == {"Ann": D("23.75")}
    assert hand.rake == 10 + 10 + 5 - D("23.75")
    agrees(hand)


def test_play_money() -> None:
    [hand] = hands_of("practice.txt")
    assert (hand.currency, hand.play_money, hand.unit, hand.limit) == (
        None,
        True,
        D("0.01"),
        "Pot Limit",
    )
    assert hand.stacks["Zed"] == D("1250.50")
    # Bo 1 + 36 all in, Amy 7 + 30, Zed 2: 76 put in, 74.10 paid
    assert hand.rake == 76 - D("74.10")
    agrees(hand)


def test_omaha_hi_lo_split() -> None:
    [hand] = hands_of("hilo.txt")
    assert (hand.game, hand.game_name, hand.hand_id) == ("omaha_hilo", "OmahaHL", "900000010")
    # 3 x 0.60 + 2 x 1.80 + 2 x 2 = 9.40; 4.50 + 4.50 paid
    assert sum(hand.contributions().values()) == D("9.40")
    assert hand.rake == D("0.40")
    # Ned's 7-high straight takes the high half, Lea's 7-5-3-2-A the low half
    assert hand.collected() == {"Ned": D("4.50"), "Lea": D("4.50")}
    agrees(hand)


# -- tournaments -------------------------------------------------------------------------


def test_tournament_side_pot_with_antes() -> None:
    hand = hands_of("tournament.txt")[0]
    assert (hand.tournament, hand.currency, hand.unit, hand.table) == ("7000001", None, D(1), "3")
    assert hand.dead_money() == {"Hal": D(25), "Ivy": D(25), "Jon": D(25), "Kim": D(25)}
    # Jon all in for 25 + 125; Ivy 25 + 100 + 900 and Kim 25 + 1,000 all in alike
    assert hand.contributions() == {"Hal": D(25), "Ivy": D(1025), "Jon": D(150), "Kim": D(1025)}
    # main pot: 4 antes + 3 x 125 = 475 (Jon's eights); side pot 2 x 875 = 1,750 (Kim's queens)
    assert hand.collected() == {"Jon": D(475), "Kim": D(1750)}
    assert hand.rake == 0
    agrees(hand)


def test_tournament_walk() -> None:
    hand = hands_of("tournament.txt")[1]
    assert hand.returned() == {"Hal": D(100)}
    assert hand.collected() == {"Hal": D(200)}  # 888 wrote 300: the blinds with the return


def test_a_hand_of_antes_only_returns_the_unmatched_ante() -> None:
    [hand] = entries_of(
        "#Game No : 31\n***** 888.ro BLAST Hand History for Game 31 *****\n"
        "10.000,00 $/0 $ Blinds No Limit Holdem - ***\n"
        "Tournament #4000 4,57 $ + 0,43 $ - Table #1 4 Max (Real Money)\n"
        "Seat 2 is the button\nTotal number of players : 2\n"
        "Seat 2: Cora ( 2.600 $ )\nSeat 5: Dirk ( 3.400 $ )\n"
        "Cora posts ante [2.600 $]\nDirk posts ante [3.400 $]\n"
        "** Dealing down cards **\n** Dealing flop ** [ Kh, 8c, 3d ]\n"
        "** Dealing turn ** [ 2s ]\n** Dealing river ** [ Jd ]\n"
        "** Summary **\nCora shows [ Kd, Qc ]\nDirk shows [ 9h, 9c ]\nCora collected [ 5.200 $ ]\n"
    )
    assert isinstance(hand, Hand)
    assert (hand.tournament, hand.table, hand.max_seats, hand.unit) == ("4000", "1", 4, D(1))
    # both all in on their antes: Dirk's 3,400 - 2,600 = 800 go back, Cora's kings take 5,200
    assert hand.returned() == {"Dirk": D(800)}
    assert hand.collected() == {"Cora": D(5200)}
    agrees(hand)


def test_tournament_that_does_not_add_up() -> None:
    [error] = entries_of(
        "#Game No : 9\n***** 888poker Hand History for Game 9 *****\n"
        "$10/$20 Blinds No Limit Holdem - *** 01 02 2020 10:00:00\n"
        "Tournament #77 $1 + $0.10 - Table #2 (Real Money)\nSeat 1 is the button\n"
        "Seat 1: Ann ( $1,500 )\nSeat 2: Bob ( $1,500 )\n"
        "Ann posts small blind [$10]\nBob posts big blind [$20]\n"
        "** Dealing down cards **\nAnn calls [$10]\nBob checks\n"
        "** Dealing flop ** [ 2c, 7d, Js ]\nBob checks\nAnn checks\n"
        "** Dealing turn ** [ 5h ]\nBob checks\nAnn checks\n"
        "** Dealing river ** [ 9d ]\nBob checks\nAnn checks\n"
        "** Summary **\nAnn shows [ Jh, Tc ]\nBob shows [ 3h, 3c ]\nAnn collected [ $30 ]\n"
    )
    # 40 put in, 30 paid, and a tournament takes no rake
    assert isinstance(error, HistoryError)
    assert error.kind == "does not add up"
    assert (error.site, error.hand) == (SITE, "9")


# -- languages and encodings -------------------------------------------------------------


def test_german_client_in_windows_1252() -> None:
    [hand] = hands_of("german_cp1252.txt")
    assert (hand.currency, hand.stakes, hand.table) == ("EUR", "0,50 €/1 €", "Hamburg")
    assert hand.stacks == {"Olaf": D(1250), "Pia": D("80.50"), "Quirin": D(100)}
    assert hand.cards("Pia") == parse_cards("Jh Td")
    assert hand.cards("Olaf") == parse_cards("Ah Qd")
    assert hand.boards == (parse_cards("Qs Ac 2h Kd 7c"),)
    # Pia 3 + 4.50 + 73, Olaf 1 + 2 + 4.50 + 73, Quirin 0.50: 161.50; 158.50 paid
    assert hand.rake == D("161.50") - D("158.50")
    agrees(hand)


def test_dutch_and_swedish_cards() -> None:
    dutch, swedish, _ = hands_of("languages.txt")
    assert dutch.stacks == {"Ruud": D(1200), "Saskia": D("950.40")}
    assert dutch.boards == (parse_cards("Ks Qd 4c Jh 9s"),)  # heer, vrouw, boer
    assert dutch.cards("Saskia") == parse_cards("Kc Kh 5s 6s")
    agrees(dutch)
    assert swedish.stacks == {"Tove": D(5000), "Ulf": D("3210.50")}
    assert swedish.boards == (parse_cards("Ac Jd 4h 9c Qh"),)  # ess, knekt, dam
    assert swedish.cards("Tove") == parse_cards("Ah Ks 7d 2c")
    # 150 + 300 each: 900; Ulf's straight to the queen is paid 897
    assert swedish.rake == 3
    agrees(swedish)


def test_spanish_suits() -> None:
    hand = hands_of("languages.txt")[2]
    assert (hand.tournament, hand.currency, hand.stacks["Wendy"]) == ("7000002", None, D(1500))
    # picas, tréboles and corazones, read one for one as spades, clubs and hearts
    assert hand.cards("Xavi") == parse_cards("7s 8s")
    assert hand.cards("Wendy") == parse_cards("Kc Qh")
    agrees(hand)


def test_russian_letters_read_as_windows_1252() -> None:
    # the file is in Windows-1251; its Cyrillic ranks decode as Windows-1252 letters
    [hand] = hands_of("russian_cp1251.txt")
    assert hand.boards == (parse_cards("Ah 9s 2d Kc 5h"),)
    assert hand.cards("Vera") == parse_cards("Qd Qs")
    assert hand.cards("Yuri") == parse_cards("Jc 9h")
    assert hand.rake == D("0.60") - D("0.57")
    agrees(hand)


def test_russian_letters_in_utf8() -> None:
    text = (ROOM / "russian_cp1251.txt").read_bytes().decode("cp1251")
    [hand] = entries_of(text)
    assert isinstance(hand, Hand)
    assert hand.cards("Yuri") == parse_cards("Jc 9h")


# -- the file ----------------------------------------------------------------------------


def test_truncated_file_is_cut_off() -> None:
    text = (ROOM / "cash.txt").read_text(encoding="utf-8")
    cut = text[: text.index("** Dealing turn ** [ Qc ]")]
    entries = entries_of(cut + "\n\n#Game No : 12\n")
    assert [e.hand_id for e in entries if isinstance(e, Hand)] == ["900000001", "900000002"]
    errors = [e for e in entries if isinstance(e, HistoryError)]
    assert [(e.kind, e.hand) for e in errors] == [("cut off", "900000003"), ("cut off", "12")]


def test_stray_text_and_an_unknown_line() -> None:
    text = (ROOM / "cash.txt").read_text(encoding="utf-8")
    odd = text.replace("Gus folds\nEli folds", "Gus folds\nEli waves")
    entries = entries_of("a note\n" + odd)
    kinds = [e.kind if isinstance(e, HistoryError) else "hand" for e in entries]
    assert kinds == ["not a history", "hand", "hand", "hand", "unreadable"]
    assert "Eli waves" in str(entries[-1])


def test_recognise() -> None:
    for name in ("cash.txt", "tournament.txt", "hilo.txt", "languages.txt", "practice.txt"):
        assert recognise((ROOM / name).read_text(encoding="utf-8"))
    assert recognise((ROOM / "german_cp1252.txt").read_text(encoding="cp1252"))
    assert not recognise((DATA / "pokerstars_cash.txt").read_text(encoding="utf-8"))
    party = "#Game No : 1\n***** Hand History for Game 1 *****\n$1/$2 USD NL Texas Hold'em - x\n"
    assert not recognise(party)
    assert FORMAT.rooms == (SITE,)


@pytest.mark.parametrize("token", ["Xh", "Az", "7o"])
def test_a_card_of_no_client(token: str) -> None:
    text = (ROOM / "practice.txt").read_text(encoding="utf-8").replace("Ah, Jd", f"{token}, Jd")
    [error] = entries_of(text)
    assert isinstance(error, HistoryError)
    assert error.kind == "unreadable"
    assert repr(token) in str(error)
