// The table as a model: its slots (each player's cards, each board's cards), which cards
// are free, and the table fitted to the game's shape as the API gives it (hole cards,
// the full board). Slot keys: "p2-0" is the third player's first card, "b3" the first
// board's fourth card, "b1-3" the second board's.

import { $ } from "./dom.js";
import { inDeck } from "./cards.js";
import { t } from "./i18n.js";
import { MAX_PLAYERS, MIN_PLAYERS, board, state } from "./state.js";

/** Every card dealt, on the boards and in the players' hands. */
export function usedCards() {
  const used = new Set();
  for (const cards of state.boards) for (const c of cards) if (c) used.add(c);
  for (const player of state.players) for (const c of player.cards) if (c) used.add(c);
  return used;
}

function parseKey(key) {
  if (key[0] === "b") {
    const rest = key.slice(1);
    if (rest.includes("-")) {
      const [k, i] = rest.split("-").map(Number);
      return { board: k, index: i };
    }
    return { board: 0, index: Number(rest) };
  }
  const [seat, i] = key.slice(1).split("-").map(Number);
  return { seat, index: i };
}

/** The key of the `i`-th card of board `k`. */
export function boardKey(k, i) {
  return k === 0 ? `b${i}` : `b${k}-${i}`;
}

/** Every slot of the table, players first, in dealing order. */
export function slotKeys() {
  const keys = [];
  state.players.forEach((p, seat) => p.cards.forEach((_, i) => keys.push(`p${seat}-${i}`)));
  state.boards.forEach((cards, k) => cards.forEach((_, i) => keys.push(boardKey(k, i))));
  return keys;
}

/** The card in a slot (null when empty). */
export function getSlot(key) {
  const where = parseKey(key);
  if (where.board !== undefined) return state.boards[where.board]?.[where.index];
  return state.players[where.seat]?.cards[where.index];
}

/** Put a card into a slot (null empties it). */
export function setSlot(key, card) {
  const where = parseKey(key);
  if (where.board !== undefined) state.boards[where.board][where.index] = card;
  else state.players[where.seat].cards[where.index] = card;
}

/** Whether `card` may go into the slot `key`: nobody else holds it, and the game deals it. */
export function canPlace(card, key) {
  // A card is free if nobody holds it; the boards of a pot run twice share their first cards.
  if (!inDeck(card)) return false;
  const where = key ? parseKey(key) : {};
  for (const [seat, player] of state.players.entries()) {
    for (const [i, c] of player.cards.entries()) if (c === card && !(where.seat === seat && where.index === i)) return false;
  }
  for (const [k, cards] of state.boards.entries()) {
    for (const [i, c] of cards.entries()) {
      if (c !== card) continue;
      if (where.board === k && where.index === i) continue;
      if (where.board !== undefined && where.board !== k && where.index === i) continue;
      return false;
    }
  }
  return true;
}

/** The next empty slot after `after` (from the start when null), folded players skipped. */
export function nextEmpty(after) {
  const keys = slotKeys();
  const start = after ? keys.indexOf(after) + 1 : 0;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[(start + k) % keys.length];
    if (!getSlot(key) && !isFoldedSlot(key)) return key;
  }
  return null;
}

/** Whether the slot is a card of a player who folded. */
export function isFoldedSlot(key) {
  const where = parseKey(key);
  return where.seat !== undefined && state.players[where.seat]?.folded;
}

/** A seat's name until it is given one: "Player 3", in the page's language. */
export function defaultName(seat) {
  return `${t("Player")} ${seat + 1}`;
}

/** A player's name as sent to the API. */
export function playerName(player, seat) {
  return player.name.trim() || defaultName(seat);
}

function newPlayer(seat) {
  return { name: defaultName(seat), cards: [], stake: "", dead: "", folded: false, mucked: false };
}

/** Give every player the game's hole cards and every board its full size (cards kept). */
export function fitToGame() {
  const game = state.game;
  const holes = game.hole_cards;
  const boardSize = game.full_board;
  for (const player of state.players) {
    player.cards = Array.from({ length: holes }, (_, i) => {
      const card = player.cards[i] || null;
      return card && inDeck(card) ? card : null;
    });
  }
  if (!boardSize) state.boards = [state.boards[0] || []];
  state.boards = state.boards.map((cards) =>
    Array.from({ length: boardSize }, (_, i) => {
      const card = cards[i] || null;
      return card && inDeck(card) ? card : null;
    }),
  );
  if (state.button >= state.players.length) state.button = 0;
  if (!state.active || !slotKeys().includes(state.active)) state.active = nextEmpty(null);
}

/** Play the game of this name (the first of the registry when there is none). */
export function setGame(name) {
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  $("#game").value = state.game.name;
  fitToGame();
}

/** Seat `count` players (between the least and the most the page seats). */
export function setPlayerCount(count) {
  count = Math.max(MIN_PLAYERS, Math.min(MAX_PLAYERS, count));
  while (state.players.length < count) state.players.push(newPlayer(state.players.length));
  state.players.length = count;
  fitToGame();
}

/** Run the pot on `count` boards (the new ones start as copies of the first). */
export function setBoardCount(count) {
  const first = board();
  while (state.boards.length < count) state.boards.push(first.slice());
  state.boards.length = count;
  fitToGame();
}

/** The situation loaded has been changed by hand. */
export function edited() {
  state.edited = true;
  state.historyHand = null;
}
