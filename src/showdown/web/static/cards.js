// Cards as the page writes, shows and reads them. The notation only: a card is its rank
// and suit letters ("Th"); which cards a game deals comes from the API (`game.ranks`).

import { el } from "./dom.js";
import { fmt, t } from "./i18n.js";
import { state } from "./state.js";

/** The ranks of the pack, highest first (the deck's columns), and its suits (its rows). */
export const RANKS = "AKQJT98765432";
export const SUITS = ["s", "h", "d", "c"];

const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RANK_WORD = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten", 9: "Nine", 8: "Eight", 7: "Seven", 6: "Six", 5: "Five", 4: "Four", 3: "Three", 2: "Two" };
const SUIT_WORD = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/** A card in words, as a screen reader says it: "Queen of hearts". */
export function cardName(card) {
  return fmt("{rank} of {suit}", { rank: t(RANK_WORD[card[0]]), suit: t(SUIT_WORD[card[1]]) });
}

/** A card in short, with its suit's symbol: "10♥". */
export function cardText(card) {
  return `${card[0] === "T" ? "10" : card[0]}${SUIT_SYMBOL[card[1]]}`;
}

/** A card drawn: its rank and suit symbol, coloured by suit, named in its title. */
export function cardElement(card, classes = "") {
  const node = el("div", `card s-${card[1]} ${classes}`.trim());
  node.dataset.card = card;
  node.append(el("span", "r", card[0] === "T" ? "10" : card[0]), el("span", "s", SUIT_SYMBOL[card[1]]));
  node.title = cardName(card);
  return node;
}

/** The cards of an API text ("As Kd", or already a list) as a list. */
export function splitCards(text) {
  if (!text) return [];
  if (Array.isArray(text)) return text;
  return text.split(/[\s,]+/).filter(Boolean);
}

/** A card typed into a slot: "Qh", "10h", "q♥", "T s" -> "Qh"; null while incomplete or wrong. */
export function parseTyped(text) {
  const clean = text.toLowerCase().replace(/\s+/g, "").replace("♠", "s").replace("♥", "h").replace("♦", "d").replace("♣", "c");
  const match = /^(10|[2-9tjqka])([shdc])$/.exec(clean);
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  return rank + match[2];
}

/** Whether the game being played deals this card (a short deck has no deuces). */
export function inDeck(card) {
  return !state.game || state.game.ranks.includes(card[0]);
}
