"""PokerStars histories written in the client's language (Portuguese, Spanish, Russian,
French header, Dutch), on hand-written samples.

Each sample is written here for the test (no room's or project's file is
copied); the payouts are worked out in the comments by plain arithmetic. The
Portuguese sample also has an English twin: both must read as the same hand.
"""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.history import audit, read_text
from showdown.history.audit import audit_paths
from showdown.history.model import Hand

# A tournament hand (button seat 2; seat 3 empty): antes of 5, Caio (small blind)
# moves all in over Rita's raise, Rita calls; her queens beat his jacks.
PORTUGUESE = """\
Mão PokerStars #300000000001: Torneio #800000001, $ 2.00+$ 0.20 USD Hold'em No Limit - Nível III (25/50) - 2024/03/04 21:10:00 ET
Mesa '800000001 3' 6-max Lugar #2 é o botão
Lugar 1: Tiago (1200 em fichas)
Lugar 2: Rita (3000 em fichas)
Lugar 4: Caio (900 em fichas)
Lugar 5: Bia Luz (2000 em fichas) está sit out
Tiago: coloca ante 5
Rita: coloca ante 5
Caio: coloca ante 5
Caio: paga o small blind 25
Tiago: paga o big blind 50
*** CARTAS DA MÃO ***
Rita recebe [Ah Qd]
Rita: aumenta 100 para 150
Caio: aumenta 745 para 895 e está all-in
Tiago: desiste
Rita: iguala 745
*** FLOP *** [Qs 7c 2h]
*** TURN *** [Qs 7c 2h] [9d]
*** RIVER *** [Qs 7c 2h 9d] [Kc]
*** SHOW DOWN ***
Caio: mostra [Jh Jc] (um par de Valetes)
Rita: mostra [Ah Qd] (um par de Damas)
Rita recebeu 1855 do pote
*** SUMÁRIO ***
Total pote 1855 | comissão 0
Mesa [Qs 7c 2h 9d Kc]
Lugar 1: Tiago (big blind) desistiu antes Flop
Lugar 2: Rita (Botão) recebeu (1855)
"""

ENGLISH_TWIN = """\
PokerStars Hand #300000000001: Tournament #800000001, $2.00+$0.20 USD Hold'em No Limit - Level III (25/50) - 2024/03/04 21:10:00 ET
Table '800000001 3' 6-max Seat #2 is the button
Seat 1: Tiago (1200 in chips)
Seat 2: Rita (3000 in chips)
Seat 4: Caio (900 in chips)
Seat 5: Bia Luz (2000 in chips) is sitting out
Tiago: posts the ante 5
Rita: posts the ante 5
Caio: posts the ante 5
Caio: posts small blind 25
Tiago: posts big blind 50
*** HOLE CARDS ***
Dealt to Rita [Ah Qd]
Rita: raises 100 to 150
Caio: raises 745 to 895 and is all-in
Tiago: folds
Rita: calls 745
*** FLOP *** [Qs 7c 2h]
*** TURN *** [Qs 7c 2h] [9d]
*** RIVER *** [Qs 7c 2h 9d] [Kc]
*** SHOW DOWN ***
Caio: shows [Jh Jc] (a pair of Jacks)
Rita: shows [Ah Qd] (a pair of Queens)
Rita collected 1855 from pot
*** SUMMARY ***
Total pot 1855 | Rake 0
Board [Qs 7c 2h 9d Kc]
Seat 1: Tiago (big blind) folded before Flop
Seat 2: Rita (button) collected (1855)
"""

# A euro cash hand: Pilar and Marcos both make the 6-to-10 straight and split what
# is left after the rake; Lucía folded on the turn.
SPANISH = """\
Mano n.º 300000000002 de PokerStars:  Hold'em No Limit (0.05 €/0.10 €) - 09-03-2024 20:15:00 CET [09-03-2024 14:15:00 ET]
Mesa "Andrómeda II" 6-max El asiento n.º 3 es el botón
Asiento 1: Lucía (10 € en fichas)
Asiento 3: Marcos (12.50 € en fichas)
Asiento 5: Pilar (8 € en fichas)
Pilar: pone la ciega pequeña 0.05 €
Lucía: pone la ciega grande 0.10 €
*** CARTAS DE MANO ***
Repartidas a Marcos [Ts 9s]
Marcos: sube 0.20 € a 0.30 €
Pilar: iguala 0.25 €
Lucía: iguala 0.20 €
*** FLOP *** [8d 7c 2s]
Pilar: pasa
Lucía: apuesta 0.50 €
Marcos: iguala 0.50 €
Pilar: iguala 0.50 €
*** TURN *** [8d 7c 2s] [6h]
Pilar: pasa
Lucía: pasa
Marcos: apuesta 1 €
Pilar: iguala 1 €
Lucía: se retira
*** RIVER *** [8d 7c 2s 6h] [Kd]
Pilar: pasa
Marcos: pasa
*** SHOW DOWN ***
Pilar: muestra [Th 9c] (escalera, de seis a diez)
Marcos: muestra [Ts 9s] (escalera, de seis a diez)
Pilar se lleva 2.10 € del bote
Marcos se lleva 2.10 € del bote
*** RESUMEN ***
Bote total 4.40 € | Comisión 0.20 €
Comunitarias [8d 7c 2s 6h Kd]
Asiento 1: Lucía (ciega grande) se retiró en el Turn
Asiento 3: Marcos (botón) muestra [Ts 9s] y ganó (2.10 €) con escalera, de seis a diez
Asiento 5: Pilar (ciega pequeña) muestra [Th 9c] y ganó (2.10 €) con escalera, de seis a diez
"""

# A dollar cash hand: Oleg raises Nadia's river bet, she calls all in for less,
# the rest of his raise comes back, he concedes without showing.
RUSSIAN = """\
*********** №1 **************
Раздача PokerStars №300000000003:  Холдем Безлимитный ($0.05/$0.10 USD) - 10.03.2024 22:00:00 MSK [10.03.2024 14:00:00 ET]
Стол 'Вега III' 6-max Баттон на месте №2
Место 1: Олег ($10 фишек)
Место 2: Nadia_K ($7.40 фишек)
Место 4: Пётр ($12 фишек)
Пётр: ставит малый блайнд $0.05
Олег: ставит большой блайнд $0.10
*** ЗАКРЫТЫЕ КАРТЫ ***
Карты Nadia_K [Kh Kd]
Nadia_K: делает рейз $0.20 $0.30
Пётр: делает колл $0.25
Олег: делает колл $0.20
*** ФЛОП *** [9c 4d 2s]
Пётр: делает чек
Олег: делает бет $0.50
Nadia_K: делает колл $0.50
Пётр: делает фолд
*** ТЕРН *** [9c 4d 2s] [Jh]
Олег: делает чек
Nadia_K: делает бет $1.20
Олег: делает колл $1.20
*** РИВЕР *** [9c 4d 2s Jh] [3c]
Олег: делает чек
Nadia_K: делает бет $3
Олег: делает рейз $4 $7
Nadia_K: делает колл $2.40 и олл-ин
Неуравненная ставка ($1.60) возвращается игроку Олег
*** ВСКРЫТИЕ КАРТ ***
Nadia_K: открывает [Kh Kd] (пару [короли])
Олег: не показывает руку
Nadia_K получил $14.40 ( банк)
*** ИТОГ ***
Общий банк $15.10 | Доля $0.70
Борд [9c 4d 2s Jh 3c]
Место 1: Олег (большой блайнд) сделал фолд на Ривер
Место 2: Nadia_K (баттон) открыл [Kh Kd] и выиграл ($14.40) , собрав пару [короли]
Место 4: Пётр (малый блайнд) сделал фолд на Флоп
"""

# The French client's header over an English body whose actions have a space
# before the colon; play chips.
FRENCH = """\
Main PokerStars n°300000000004 :  Hold'em No Limit (50/100) - 11/03/2024 19:00:00 CET [11/03/2024 13:00:00 ET]
Table 'Lutèce IV' 6-max (argent fictif) Seat #1 is the button
Seat 1: Amélie (5000 in chips)
Seat 2: Bastien (4000 in chips)
Seat 3: Chloé (6000 in chips)
Bastien : posts small blind 50
Chloé : posts big blind 100
*** HOLE CARDS ***
Amélie : raises 200 to 300
Bastien : folds
Chloé : calls 200
*** FLOP *** [Ad 8s 5h]
Chloé : checks
Amélie : bets 400
Chloé : calls 400
*** TURN *** [Ad 8s 5h] [2c]
Chloé : checks
Amélie : checks
*** RIVER *** [Ad 8s 5h 2c] [Td]
Chloé : checks
Amélie : checks
*** SHOW DOWN ***
Chloé : shows [Ac 9c] (a pair of Aces)
Amélie : shows [As Kd] (a pair of Aces)
Amélie collected 1450 from pot
*** SUMMARY ***
Total pot 1450 | Rake 0
Board [Ad 8s 5h 2c Td]
Seat 1: Amélie (button) showed [As Kd] and won (1450) with a pair of Aces
Seat 3: Chloé (big blind) showed [Ac 9c] and lost with a pair of Aces
"""


# A play-money hand of the Dutch client (button seat 1): Joost (small blind) moves
# all in for 600 over Femke's raise, Daan and Femke call; Daan bets 400 on the flop,
# Femke calls (a side pot of 800), then folds to his turn bet. The room lists each
# pot after its rake: 1800 - 60 and 800 - 30.
DUTCH = """\
PokerStars-hand #300000000005: Hold'em No Limit (25/50) - 05/06/2024 21:30:00 CET [05/06/2024 15:30:00 ET]
Tafel 'Lelie III' 6-max (Oefengeld) Plaats #1 is de button
Plaats 1: Femke (2000 chips)
Plaats 2: Joost (600 chips)
Plaats 4: Daan (3000 chips)
Joost: zet small blind 25
Daan: zet big blind 50
*** GESLOTEN KAARTEN ***
Gedeeld aan Femke [9s 8s]
Femke: raiset 100 naar 150
Joost: raiset 450 naar 600 en is all-in
Daan: callt 550
Femke: callt 450
*** FLOP *** [2c 7h Td]
Sanne komt aan tafel op plaats #3
Daan: bet 400
Femke: callt 400
*** TURN *** [2c 7h Td] [Js]
Daan: bet 1000
Femke: foldt
De niet-gecallde bet (1000) is geretourneerd aan Daan
*** RIVER *** [2c 7h Td Js] [3d]
*** SHOWDOWN ***
Daan: toont [Tc Th] (three of a kind, Tienen)
Daan won 770 van bij pot
Joost: toont [Ah Ad] (een pair Azen)
Daan won 1740 van hoofd pot
*** SAMENVATTING ***
Totale pot 2600 Hoofd pot 1740. Bij pot 770. | Rake 90
Board [2c 7h Td Js 3d]
Plaats 1: Femke (button) foldde op de Turn
Plaats 2: Joost (small blind) toonde [Ah Ad] en verloor met een pair Azen
Plaats 4: Daan (big blind) toonde [Tc Th] en won (2510) met three of a kind, Tienen
"""


def only_hand(text: str) -> Hand:
    entries = list(read_text(text).entries())
    assert len(entries) == 1, entries
    hand = entries[0]
    assert isinstance(hand, Hand), hand
    return hand


def resolved(text: str) -> tuple[str, dict[str, D], D]:
    [verdict] = audit(read_text(text))
    return verdict.verdict, {p.name: p.resolved for p in verdict.players}, verdict.rake


def test_a_portuguese_tournament_hand_is_the_hand_its_english_twin_is() -> None:
    hand, twin = only_hand(PORTUGUESE), only_hand(ENGLISH_TWIN)
    assert (hand.site, hand.hand_id, hand.tournament) == ("pokerstars", "300000000001", "800000001")
    assert (hand.game, hand.stakes, hand.button, hand.unit) == ("holdem", "25/50", 2, D(1))
    assert hand.currency is None
    assert not hand.play_money
    assert [s.sitting_out for s in hand.seats] == [False, False, False, True]
    fields = ("kind", "player", "amount", "street", "to", "all_in", "cards", "count")
    assert [tuple(getattr(a, f) for f in fields) for a in hand.actions] == [
        tuple(getattr(a, f) for f in fields) for a in twin.actions
    ]
    for field in ("seats", "boards", "showings", "collections", "rake", "total_pot", "dealt"):
        assert getattr(hand, field) == getattr(twin, field), field
    # antes 3 x 5, Tiago's big blind 50, Caio all in for 900 - 5 = 895, Rita matches 895
    assert hand.contributions() == {"Tiago": D(55), "Rita": D(900), "Caio": D(900)}
    assert resolved(PORTUGUESE) == ("agree", {"Tiago": D(0), "Rita": D(1855), "Caio": D(0)}, D(0))


def test_a_spanish_split_pot_in_euros_agrees() -> None:
    hand = only_hand(SPANISH)
    assert (hand.hand_id, hand.currency, hand.table, hand.button) == (
        "300000000002", "EUR", "Andrómeda II", 3
    )  # fmt: skip
    assert hand.seats[1].stack == D("12.50")
    # 0.30 x 3 before the flop, 0.50 x 3 on it, 1 x 2 on the turn: 4.40; less 0.20 rake
    # leaves 4.20, two equal shares of 2.10
    assert hand.total_pot == D("4.40")
    assert hand.rake == D("0.20")
    verdict, paid, rake = resolved(SPANISH)
    assert verdict == "agree"
    assert rake == D("0.20")
    assert paid == {"Lucía": D(0), "Marcos": D("2.10"), "Pilar": D("2.10")}


def test_a_russian_hand_with_a_returned_raise_and_a_muck_agrees() -> None:
    hand = only_hand(RUSSIAN)
    assert (hand.hand_id, hand.currency, hand.stakes, hand.table) == (
        "300000000003", "USD", "$0.05/$0.10", "Вега III"
    )  # fmt: skip
    assert hand.returned() == {"Олег": D("1.60")}  # raised to $7, Nadia had $2.40 to call
    assert [s.player for s in hand.showings] == ["Nadia_K"]
    # Nadia put in 0.30 + 0.50 + 1.20 + 5.40 = 7.40 (all in); Oleg the same; Pyotr 0.30
    assert hand.total_pot == D("15.10")
    verdict, paid, rake = resolved(RUSSIAN)
    assert verdict == "agree"
    assert rake == D("0.70")
    assert paid == {"Олег": D("1.60"), "Nadia_K": D("14.40"), "Пётр": D(0)}


def test_a_french_header_over_an_english_body_agrees() -> None:
    hand = only_hand(FRENCH)
    assert (hand.hand_id, hand.play_money, hand.unit) == ("300000000004", True, D(1))
    # Bastien's 50, then 300 and 400 from Amélie and Chloé each: 1450; the king kicker wins
    assert resolved(FRENCH) == (
        "agree", {"Amélie": D(1450), "Bastien": D(0), "Chloé": D(0)}, D(0)
    )  # fmt: skip


def test_a_dutch_play_money_hand_with_a_side_pot_agrees() -> None:
    hand = only_hand(DUTCH)
    assert (hand.site, hand.hand_id, hand.table, hand.button) == (
        "pokerstars", "300000000005", "Lelie III", 1
    )  # fmt: skip
    assert hand.play_money
    assert hand.seats[0].stack == D(2000)
    assert hand.returned() == {"Daan": D(1000)}
    # 600 x 3 before the flop, 400 x 2 on it; Daan's turn bet returned
    assert hand.total_pot == D(2600)
    assert hand.pots == (D(1740), D(770))
    verdict, paid, rake = resolved(DUTCH)
    assert verdict == "agree"
    assert rake == D(90)
    assert paid == {"Femke": D(0), "Joost": D(0), "Daan": D(3510)}


def test_the_lean_reader_leaves_localized_hands_to_the_full_reader(tmp_path: Path) -> None:
    from showdown.history._lean import lean_audit
    from showdown.history._text import raw_hands
    from showdown.history.reader import DIALECTS

    texts = (PORTUGUESE, SPANISH, RUSSIAN, FRENCH, DUTCH)
    for text in texts:
        [raw] = list(raw_hands(text.splitlines(), DIALECTS))  # the separator is not stray
        assert not isinstance(raw, int)
        dialect, lines, start, _ = raw
        assert lean_audit(dialect, lines, "<text>", start) is None
    path = tmp_path / "mixed.txt"
    path.write_text("\n\n".join((ENGLISH_TWIN, *texts)), encoding="utf-8")
    verdicts = [v for part, _ in audit_paths([str(path)]) for v in part]
    assert [(v.hand, v.verdict) for v in verdicts] == [
        ("300000000001", "agree"),
        ("300000000001", "agree"),
        ("300000000002", "agree"),
        ("300000000003", "agree"),
        ("300000000004", "agree"),
        ("300000000005", "agree"),
    ]


def test_localized_headers_without_a_number_sign_are_cut_where_the_line_reader_cuts(
    tmp_path: Path,
) -> None:
    """The byte-range reader cuts a file at its header lines at once; the Spanish,
    Russian and French headers write the hand's number with ``n.º``, ``№`` and ``n°``,
    not ``#``: a hand after them must not swallow them."""
    path = tmp_path / "mixed-after.txt"
    path.write_text("\n\n".join((SPANISH, RUSSIAN, FRENCH, ENGLISH_TWIN)), encoding="utf-8")
    verdicts = [v for part, _ in audit_paths([str(path)]) for v in part]
    assert [(v.hand, v.verdict) for v in verdicts] == [
        ("300000000002", "agree"),
        ("300000000003", "agree"),
        ("300000000004", "agree"),
        ("300000000001", "agree"),
    ]


def test_a_cut_off_localized_hand_is_an_error_naming_it() -> None:
    cut = SPANISH.split("*** RESUMEN ***")[0]
    [entry] = read_text(cut, name="es.txt").entries()
    assert not isinstance(entry, Hand)
    assert (entry.kind, entry.hand, entry.site) == ("cut off", "300000000002", "pokerstars")
