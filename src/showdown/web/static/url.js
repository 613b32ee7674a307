// The table in the address (#s=...): a link opens the same situation.

import { inDeck, parseTyped } from "./cards.js";
import { MAX_PLAYERS, MIN_PLAYERS, state } from "./state.js";
import { defaultName, fitToGame, setGame, setPlayerCount } from "./table.js";

/** Write the table into the address, replacing it (no new history entry). */
export function writeUrl() {
  const data = {
    g: state.game.name,
    l: state.lang,
    p: state.players.map((p) => [p.name, p.cards.map((c) => c || "").join(" "), p.stake, p.dead, p.folded ? 1 : 0, p.mucked ? 1 : 0]),
    b: state.boards.map((cards) => cards.map((c) => c || "").join(" ")),
    d: state.button,
    r: state.rake,
  };
  if (state.example) data.e = state.example;
  try {
    history.replaceState(null, "", `#s=${encodeURIComponent(JSON.stringify(data))}`);
  } catch (_) {
    /* a file: URL or a sandbox: no link */
  }
}

/** The table written in the address (null: none, or unreadable). */
export function readUrl() {
  const match = /^#s=(.*)$/.exec(location.hash);
  if (!match) return null;
  try {
    return JSON.parse(decodeURIComponent(match[1]));
  } catch (_) {
    return null;
  }
}

/** Set the table as the address wrote it. */
export function loadUrl(data) {
  setGame(data.g);
  const cards = (text) =>
    String(text || "")
      .split(" ")
      .map((c) => (parseTyped(c) && inDeck(c) ? parseTyped(c) : null));
  state.players = (data.p || []).slice(0, MAX_PLAYERS).map((p, seat) => ({
    name: String(p[0] || defaultName(seat)).slice(0, 40),
    cards: cards(p[1]),
    stake: String(p[2] || ""),
    dead: String(p[3] || ""),
    folded: Boolean(p[4]),
    mucked: Boolean(p[5]),
  }));
  if (state.players.length < MIN_PLAYERS) setPlayerCount(MIN_PLAYERS);
  state.boards = (data.b && data.b.length ? data.b : [""]).slice(0, 3).map(cards);
  state.button = Number(data.d) || 0;
  state.rake = String(data.r || "");
  state.example = data.e || null;
  fitToGame();
}
