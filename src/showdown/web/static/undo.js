// Undo: each change to the table first remembers the table as it was.

import { $ } from "./dom.js";
import { redraw } from "./refresh.js";
import { state } from "./state.js";

function snapshot() {
  return JSON.stringify({
    game: state.game?.name,
    players: state.players,
    boards: state.boards,
    button: state.button,
    rake: state.rake,
    unit: state.unit,
    active: state.active,
    example: state.example,
    edited: state.edited,
  });
}

/** Remember the table before a change (the last hundred are kept). */
export function remember() {
  state.undo.push(snapshot());
  if (state.undo.length > 100) state.undo.shift();
}

function restore(saved) {
  const data = JSON.parse(saved);
  state.game = state.games.find((g) => g.name === data.game) || state.games[0];
  $("#game").value = state.game.name;
  Object.assign(state, {
    players: data.players,
    boards: data.boards,
    button: data.button,
    rake: data.rake,
    unit: data.unit,
    active: data.active,
    example: data.example,
    edited: data.edited,
  });
}

/** Take back the last change. */
export function undo() {
  const saved = state.undo.pop();
  if (!saved) return;
  restore(saved);
  redraw();
}
