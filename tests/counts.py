"""The known counts every exhaustive test checks against, written down once.

Five-card totals: RULES.md section 1 (seed 004). Seven-card totals: issue #5
(every 7 of 52 cards, best five at high).
"""

from __future__ import annotations

from typing import Final

FIVE_CARD_HANDS: Final = {
    "straight_flush": 40,
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "one_pair": 1_098_240,
    "high_card": 1_302_540,
}
FIVE_CARD_CLASSES: Final = {
    "straight_flush": 10,
    "four_of_a_kind": 156,
    "full_house": 156,
    "flush": 1_277,
    "straight": 10,
    "three_of_a_kind": 858,
    "two_pair": 858,
    "one_pair": 2_860,
    "high_card": 1_277,
}
SEVEN_CARD_HANDS: Final = {
    "straight_flush": 41_584,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "one_pair": 58_627_800,
    "high_card": 23_294_460,
}
SEVEN_CARD_CLASSES: Final = {
    "straight_flush": 10,
    "four_of_a_kind": 156,
    "full_house": 156,
    "flush": 1_277,
    "straight": 10,
    "three_of_a_kind": 575,
    "two_pair": 763,
    "one_pair": 1_470,
    "high_card": 407,
}
