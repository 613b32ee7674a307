"""PokerStars histories written in the client's language, read as the English layout.

PokerStars writes a history in the language its client is set to: the same
layout, line for line, with the room's words translated. A Portuguese hand::

    Mão PokerStars #1: Torneio #7, 10+1 Hold'em No Limit - Nível I (10/20) - 2020/01/02 ET
    Mesa '7 1' 6-max Lugar #1 é o botão
    Lugar 1: Ann (500 em fichas)
    Ann: paga o small blind 10
    ...
    Aposta não-igualada (20) voltou para Bob
    Bob recebeu 40 do pote
    *** SUMÁRIO ***
    Total pote 40 | comissão 0

Each language is a :class:`Vocabulary`, data only: the header it starts with,
the way it writes an amount, the lines it words differently (a pattern for the
whole line and the English line it stands for) and the phrases it uses inside
lines. :meth:`Vocabulary.translate` rewrites a hand's lines into the English
layout, and the one PokerStars reader reads them (:mod:`showdown.history._text`);
a line no rule names (chat, a player who sits down, an English street marker)
is left as it is. The languages are those whose real histories have been
seen: Portuguese (the Brazilian client), Spanish, Russian, Dutch, and the
French client's header (its body is written in English, with a space before
the colon). The words were learnt from those histories and from public
descriptions of them; a phrase never seen in one is not guessed.

>>> import io
>>> from showdown.history.reader import read
>>> text = '''Mano n.º 5 de PokerStars: Hold'em No Limit (0.02 €/0.05 €) - 01-02-2025 10:00:00 CET
... Mesa "Vega" 6-max El asiento n.º 1 es el botón
... Asiento 1: Ana (5 € en fichas)
... Asiento 2: Luis (5 € en fichas)
... Ana: pone la ciega pequeña 0.02 €
... Luis: pone la ciega grande 0.05 €
... *** CARTAS DE MANO ***
... Ana: se retira
... La apuesta no igualada (0.03 €) ha sido devuelta a Luis
... Luis se lleva 0.04 € del bote
... *** RESUMEN ***
... Bote total 0.04 € | Comisión 0 €
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.site, hand.hand_id, hand.currency, hand.received()
('pokerstars', '5', 'EUR', {'Luis': Decimal('0.07')})
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from showdown.history import pokerstars
from showdown.history._text import Dialect

__all__ = ["DIALECTS", "VOCABULARIES", "Vocabulary"]

_Rule = tuple[re.Pattern[str], str]


def _rules(*pairs: tuple[str, str]) -> tuple[_Rule, ...]:
    return tuple((re.compile(pattern), english) for pattern, english in pairs)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words of one client language, as data.

    Attributes:
        language: the language's code (``'pt'``).
        name: the language's English name.
        header: matches a hand's first line in this language; group ``id`` is
            the hand id.
        amounts: rewrites of an amount as the language writes it (``0.02 €``)
            into the English form (``€0.02``), applied everywhere in a line.
        lines: whole-line rewrites, a pattern and the English line (with the
            pattern's groups), tried in order: the first that matches is used.
        phrases: words replaced inside any line after that (``' e está
            all-in'`` is ``' and is all-in'``).
    """

    language: str
    name: str
    header: re.Pattern[str]
    amounts: tuple[_Rule, ...] = ()
    lines: tuple[_Rule, ...] = ()
    phrases: tuple[tuple[str, str], ...] = ()

    def translate_line(self, line: str) -> str:
        """One line in the English layout.

        >>> PORTUGUESE.translate_line("Ann: aumenta 20 para 40 e está all-in")
        'Ann: raises 20 to 40 and is all-in'
        >>> RUSSIAN.translate_line("Место 2: Bob ($2.18 фишек)")
        'Seat 2: Bob ($2.18 in chips)'
        """
        for pattern, english in self.amounts:
            line = pattern.sub(english, line)
        for pattern, english in self.lines:
            match = pattern.match(line)
            if match is not None:
                line = match.expand(english).rstrip()
                break
        for words, english in self.phrases:
            if words in line:
                line = line.replace(words, english)
        return line

    def translate(self, lines: Iterable[str]) -> list[str]:
        """A hand's lines in the English layout (the header too)."""
        return [self.translate_line(line) for line in lines]


_AMOUNT_AFTER: Final = _rules((r"(?<![\w.])(\d[\d,]*(?:\.\d+)?) ([€$£])", r"\2\1"))
"""``0.02 €`` is ``€0.02``: the Spanish client writes the currency after the number."""

PORTUGUESE: Final = Vocabulary(
    language="pt",
    name="Portuguese",
    header=re.compile(r"^Mão PokerStars #(?P<id>\d+):"),
    lines=_rules(
        (r"^Mão PokerStars #(\d+):(.*)$", r"PokerStars Hand #\1:\2"),
        (r"^Mesa '(.*)' (.*?)Lugar #(\d+) é o botão\s*$", r"Table '\1' \2Seat #\3 is the button"),
        (r"^Lugar (\d+): (.+?) \((\S+?),? em fichas\)(.*)$", r"Seat \1: \2 (\3 in chips)\4"),
        (r"^Lugar (\d+): (.*)$", r"Seat \1: \2"),
        (r"^\*\*\* CARTAS DA MÃO \*\*\*(.*)$", r"*** HOLE CARDS ***\1"),
        (r"^\*\*\* SUMÁRIO \*\*\*(.*)$", r"*** SUMMARY ***\1"),
        (r"^(.+?): coloca ante (.*)$", r"\1: posts the ante \2"),
        (r"^(.+?): paga o small blind (.*)$", r"\1: posts small blind \2"),
        (r"^(.+?): paga o big blind (.*)$", r"\1: posts big blind \2"),
        (r"^(.+?) recebe (\[.*)$", r"Dealt to \1 \2"),
        (r"^(.+?): desiste\s*(.*)$", r"\1: folds \2"),
        (r"^(.+?): passa\s*$", r"\1: checks"),
        (r"^(.+?): iguala (.*)$", r"\1: calls \2"),
        (r"^(.+?): aposta (.*)$", r"\1: bets \2"),
        (r"^(.+?): aumenta (\S+) para (.*)$", r"\1: raises \2 to \3"),
        (r"^(.+?): mostra (\[.*)$", r"\1: shows \2"),
        (r"^(.+?): não mostra a mão\s*$", r"\1: doesn't show hand"),
        (r"^(.+?): esconde a mão\s*$", r"\1: mucks hand"),
        (r"^(.+?): escondeu as cartas (\[.*)$", r"\1: mucks hand \2"),
        (
            r"^Aposta não-igualada \((.*)\) voltou para (.*?)\s*$",
            r"Uncalled bet (\1) returned to \2",
        ),
        (r"^(.+?) recebeu (\S+) do pote\s*$", r"\1 collected \2 from pot"),
        (r"^Total pote (.*)$", r"Total pot \1"),
        (r"^Mesa (\[.*)$", r"Board \1"),
    ),
    phrases=(
        (" e está all-in", " and is all-in"),
        (" está sit out", " is sitting out"),
        ("Torneio #", "Tournament #"),
        (" Nível ", " Level "),
        ("| comissão ", "| Rake "),
        (" recebeu (", " collected ("),
    ),
)
"""The Brazilian Portuguese client (street markers stay English: ``*** FLOP ***``)."""

SPANISH: Final = Vocabulary(
    language="es",
    name="Spanish",
    header=re.compile(r"^Mano n\.º (?P<id>\d+) de (?:Zoom de )?PokerStars:"),
    amounts=_AMOUNT_AFTER,
    lines=_rules(
        (r"^Mano n\.º (\d+) de Zoom de PokerStars:(.*)$", r"PokerStars Zoom Hand #\1:\2"),
        (r"^Mano n\.º (\d+) de PokerStars:(.*)$", r"PokerStars Hand #\1:\2"),
        (
            r'^Mesa "(.*)" (.*?)El asiento n\.º (\d+) es el botón\s*$',
            r"Table '\1' \2Seat #\3 is the button",
        ),
        (r"^Asiento (\d+): (.+?) \((\S+) en fichas\)(.*)$", r"Seat \1: \2 (\3 in chips)\4"),
        (r"^Asiento (\d+): (.*)$", r"Seat \1: \2"),
        (r"^\*\*\* CARTAS DE MANO \*\*\*(.*)$", r"*** HOLE CARDS ***\1"),
        (r"^\*\*\* RESUMEN \*\*\*(.*)$", r"*** SUMMARY ***\1"),
        (r"^(.+?): pone la ciega pequeña (.*)$", r"\1: posts small blind \2"),
        (r"^(.+?): pone la ciega grande (.*)$", r"\1: posts big blind \2"),
        (r"^Repartidas a (.+?) (\[.*)$", r"Dealt to \1 \2"),
        (r"^(.+?): se retira\s*(.*)$", r"\1: folds \2"),
        (r"^(.+?): pasa\s*$", r"\1: checks"),
        (r"^(.+?): iguala (.*)$", r"\1: calls \2"),
        (r"^(.+?): apuesta (.*)$", r"\1: bets \2"),
        (r"^(.+?): sube (\S+) a (.*)$", r"\1: raises \2 to \3"),
        (r"^(.+?): muestra (\[.*)$", r"\1: shows \2"),
        (r"^(.+?): no muestra su mano\s*$", r"\1: doesn't show hand"),
        (r"^(.+?): descarta su mano sin mostrar\s*$", r"\1: mucks hand"),
        (
            r"^La apuesta no igualada \((.*)\) ha sido devuelta a (.*?)\s*$",
            r"Uncalled bet (\1) returned to \2",
        ),
        (r"^(.+?) se lleva (\S+) del bote\s*$", r"\1 collected \2 from pot"),
        (r"^Bote total (.*)$", r"Total pot \1"),
        (r"^Comunitarias (\[.*)$", r"Board \1"),
    ),
    phrases=(
        ("| Comisión ", "| Rake "),
        (" recaudó (", " collected ("),
        (" y ganó (", " and won ("),
        (" muestra [", " showed ["),
        (" descartó sin mostrar [", " mucked ["),
    ),
)
"""The Spanish client (amounts are written ``0.02 €``; street markers stay English)."""

RUSSIAN: Final = Vocabulary(
    language="ru",
    name="Russian",
    header=re.compile(r"^Раздача PokerStars №(?P<id>\d+):"),
    lines=_rules(
        (r"^Раздача PokerStars №(\d+):(.*)$", r"PokerStars Hand #\1:\2"),
        (r"^Стол '(.*)' (.*?)Баттон на месте №(\d+)\s*$", r"Table '\1' \2Seat #\3 is the button"),
        (r"^Место (\d+): (.+?) \((\S+) фишек\)(.*)$", r"Seat \1: \2 (\3 in chips)\4"),
        (r"^Место (\d+): (.*)$", r"Seat \1: \2"),
        (r"^\*\*\* ЗАКРЫТЫЕ КАРТЫ \*\*\*(.*)$", r"*** HOLE CARDS ***\1"),
        (r"^\*\*\* ФЛОП \*\*\*(.*)$", r"*** FLOP ***\1"),
        (r"^\*\*\* ТЕРН \*\*\*(.*)$", r"*** TURN ***\1"),
        (r"^\*\*\* РИВЕР \*\*\*(.*)$", r"*** RIVER ***\1"),
        (r"^\*\*\* ВСКРЫТИЕ КАРТ \*\*\*(.*)$", r"*** SHOW DOWN ***\1"),
        (r"^\*\*\* ИТОГ \*\*\*(.*)$", r"*** SUMMARY ***\1"),
        (r"^(.+?): ставит малый блайнд (.*)$", r"\1: posts small blind \2"),
        (r"^(.+?): ставит большой блайнд (.*)$", r"\1: posts big blind \2"),
        (r"^Карты (.+?) (\[.*)$", r"Dealt to \1 \2"),
        (r"^(.+?): делает фолд\s*(.*)$", r"\1: folds \2"),
        (r"^(.+?): делает чек\s*$", r"\1: checks"),
        (r"^(.+?): делает колл (.*)$", r"\1: calls \2"),
        (r"^(.+?): делает бет (.*)$", r"\1: bets \2"),
        (r"^(.+?): делает рейз (\S+) (.*)$", r"\1: raises \2 to \3"),
        (r"^(.+?): открывает (\[.*)$", r"\1: shows \2"),
        (r"^(.+?): не показывает руку\s*$", r"\1: doesn't show hand"),
        (
            r"^Неуравненная ставка \((.*)\) возвращается игроку (.*?)\s*$",
            r"Uncalled bet (\1) returned to \2",
        ),
        (r"^(.+?) получил (\S+) \( ?банк\)\s*$", r"\1 collected \2 from pot"),
        (r"^Общий банк (.*)$", r"Total pot \1"),
        (r"^Борд (\[.*)$", r"Board \1"),
    ),
    phrases=(
        ("Холдем Безлимитный", "Hold'em No Limit"),
        (" и олл-ин", " and is all-in"),
        ("| Доля ", "| Rake "),
        (" собрал (", " collected ("),
        (" и выиграл (", " and won ("),
        (" открыл [", " showed ["),
    ),
)
"""The Russian client (every word translated, the street markers too: ``*** ФЛОП ***``;
a raise is written ``делает рейз $0.06 $0.08``, by how much and to what)."""

FRENCH: Final = Vocabulary(
    language="fr",
    name="French",
    header=re.compile(r"^Main PokerStars n°(?P<id>\d+) :"),
    lines=_rules(
        (r"^Main PokerStars n°(\d+) :(.*)$", r"PokerStars Hand #\1:\2"),
        (r"^(?!Seat \d)(.+?) : (.*)$", r"\1: \2"),
    ),
)
"""The French client's header (``Main PokerStars n°261415379202 :``), with a body in
English whose actions have a space before the colon (``thank777 : posts small blind 100``)."""

DUTCH: Final = Vocabulary(
    language="nl",
    name="Dutch",
    header=re.compile(r"^PokerStars(?: Zoom)?-hand #(?P<id>\d+):"),
    lines=_rules(
        (r"^PokerStars Zoom-hand #(\d+):(.*)$", r"PokerStars Zoom Hand #\1:\2"),
        (r"^PokerStars-hand #(\d+):(.*)$", r"PokerStars Hand #\1:\2"),
        (
            r"^Tafel '(.*)' (.*?)Plaats #(\d+) is de button\s*$",
            r"Table '\1' \2Seat #\3 is the button",
        ),
        (r"^Plaats (\d+): (.+?) \((\S+) chips\)(.*)$", r"Seat \1: \2 (\3 in chips)\4"),
        (r"^Plaats (\d+): (.*)$", r"Seat \1: \2"),
        (r"^\*\*\* GESLOTEN KAARTEN \*\*\*(.*)$", r"*** HOLE CARDS ***\1"),
        (r"^\*\*\* SAMENVATTING \*\*\*(.*)$", r"*** SUMMARY ***\1"),
        (r"^(.+?): zet small blind (.*)$", r"\1: posts small blind \2"),
        (r"^(.+?): zet big blind (.*)$", r"\1: posts big blind \2"),
        (r"^Gedeeld aan (.+?) (\[.*)$", r"Dealt to \1 \2"),
        (r"^(.+?): foldt\s*(.*)$", r"\1: folds \2"),
        (r"^(.+?): checkt\s*$", r"\1: checks"),
        (r"^(.+?): callt (.*)$", r"\1: calls \2"),
        (r"^(.+?): bet (.*)$", r"\1: bets \2"),
        (r"^(.+?): raiset (\S+) naar (.*)$", r"\1: raises \2 to \3"),
        (r"^(.+?): toont (\[.*)$", r"\1: shows \2"),
        (
            r"^De niet-gecallde bet \((.*)\) is geretourneerd aan (.*?)\s*$",
            r"Uncalled bet (\1) returned to \2",
        ),
        (r"^(.+?) won (\S+) van hoofd pot\s*$", r"\1 collected \2 from main pot"),
        (r"^(.+?) won (\S+) van bij pot(-\d+)?\s*$", r"\1 collected \2 from side pot\3"),
        (r"^(.+?) won (\S+) van pot\s*$", r"\1 collected \2 from pot"),
        (r"^Totale pot (.*)$", r"Total pot \1"),
    ),
    phrases=(
        (" en is all-in", " and is all-in"),
        ("(Oefengeld)", "(Play Money)"),
        (" Hoofd pot ", " Main pot "),
        (" Bij pot", " Side pot"),
        (" toonde [", " showed ["),
        (" en won (", " and won ("),
        (" en verloor met ", " and lost with "),
    ),
)
"""The Dutch client (street markers, the board and the ``SHOWDOWN`` line stay English;
the seat line says ``(93957 chips)``, a raise ``raiset 903 naar 1003``, a side pot
``bij pot``)."""

VOCABULARIES: Final = (PORTUGUESE, SPANISH, RUSSIAN, FRENCH, DUTCH)
"""Every client language read, besides English."""


def _parse_header(vocabulary: Vocabulary, header: str, table_line: str) -> dict[str, object]:
    """The fields of a localized header (and its already translated table line).

    Raises:
        ValueError: the header names no game of showdown's.
    """
    return pokerstars.parse_header(vocabulary.translate_line(header), table_line)


DIALECTS: Final = tuple(
    Dialect(
        site="pokerstars",
        header=vocabulary.header,
        parse_header=functools.partial(_parse_header, vocabulary),
        translate=vocabulary.translate,
    )
    for vocabulary in VOCABULARIES
)
"""A PokerStars dialect per client language: its lines are translated, then read as
PokerStars' English layout."""
