// The equity of the hands on the table, while cards are still to come: POST /api/equity,
// drawn as a bar per player, with the grid of starting hands where the game has one.

import { call } from "./api.js";
import { $, el } from "./dom.js";
import { percent, t } from "./i18n.js";
import { board, state } from "./state.js";
import { playerName } from "./table.js";

/** The equity question the table asks now (null: none, such as a full board). */
function equityQuestion() {
  const game = state.game;
  const first = board().filter(Boolean);
  const sizes = game.board_cards;
  if (state.players.length < 2 || state.boards.length > 1) return null;
  if (state.players.some((p) => p.folded || p.mucked)) return null;
  if (game.full_board) {
    if (first.length === game.full_board || !(first.length === 0 || sizes.includes(first.length))) return null;
    if (!state.players.every((p) => p.cards.every(Boolean))) return null;
  } else {
    const held = state.players.map((p) => p.cards.filter(Boolean).length);
    if (held.some((n) => n === 0) || held.every((n, seat) => n === state.players[seat].cards.length)) return null;
  }
  const body = {
    game: game.name,
    hands: state.players.map((p) => p.cards.filter(Boolean).join("")),
    board: first.length ? first.join(" ") : null,
  };
  if (game.range_grid) body.grid_seat = Math.min(state.gridSeat, state.players.length - 1);
  return body;
}

function gridColour(x, players) {
  // red (nothing) -> amber (a fair share, 1 / players) -> green (twice that, or more)
  const relative = (x * players) / 2;
  const hue = Math.round(120 * Math.max(0, Math.min(1, relative)));
  return `hsl(${hue}, 70%, 52%)`;
}

function showEquity(result, loading) {
  const box = $("#equity");
  box.classList.toggle("loading", Boolean(loading));
  if (loading) return;
  box.replaceChildren();
  if (!result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const head = el("h2", "", `${t("Equity")} · ${t(result.exact ? "exact" : "sampled")}`);
  box.append(head);
  const legend = el("p", "hint equity-legend");
  legend.append(el("span", "key win"), ` ${t("win")} `, el("span", "key tie"), ` ${t("tie")}`);
  box.append(legend);
  result.players.forEach((player, seat) => {
    const row = el("div", "bar-row");
    row.dataset.seat = seat;
    row.title = `${t("win")} ${percent(player.win)} · ${t("tie")} ${percent(player.tie)}`;
    if (result.grid && result.grid.seat === seat) row.classList.add("grid-seat");
    const name = el("span", "bar-name", playerName(state.players[seat], seat));
    const bar = el("div", "bar");
    const win = el("span", "win");
    win.style.width = percent(player.win);
    const tie = el("span", "tie");
    tie.style.width = percent(Math.max(0, player.equity - player.win));
    bar.append(win, tie);
    let valueText = percent(player.equity);
    if (player.high !== null && player.high !== undefined && player.low !== null && player.low !== undefined) {
      valueText += ` (${t("High")} ${percent(player.high)} · ${t("Low")} ${percent(player.low)})`;
    }
    const value = el("span", "bar-value", valueText);
    row.append(name, bar, value);
    if (result.grid) {
      row.addEventListener("click", () => {
        state.gridSeat = seat;
        updateEquity();
      });
    }
    box.append(row);
  });
  if (result.grid) {
    const title = el("h3", "grid-title", `${t("Starting hands against the other players")} · ${playerName(state.players[result.grid.seat], result.grid.seat)}`);
    const grid = el("div", "grid13");
    result.grid.classes.forEach((name, i) => {
      const cell = el("div");
      const value = result.grid.equity[i];
      cell.dataset.class = name;
      cell.append(el("b", "", name));
      if (value === null) {
        cell.className = "none";
        cell.title = name;
      } else {
        cell.style.background = gridColour(value, result.players.length);
        cell.title = `${name}: ${percent(value)}`;
        cell.append(el("small", "", `${Math.round(100 * value)}`));
      }
      grid.append(cell);
    });
    box.append(title, grid);
  }
}

/** Ask the equity of the table (once per question; a newer question cancels an older one). */
export async function updateEquity() {
  const body = equityQuestion();
  const key = body ? JSON.stringify(body) : null;
  if (key && key === state.equityKey) return; // asked already: its answer is shown or coming
  state.equityKey = key;
  const seq = ++state.equitySeq;
  if (state.equityAbort) state.equityAbort.abort();
  if (!body) {
    state.equityAbort = null;
    showEquity(null);
    return;
  }
  const controller = new AbortController();
  state.equityAbort = controller;
  showEquity(null, true);
  try {
    const result = await call("/api/equity", body, controller.signal);
    if (seq === state.equitySeq) showEquity(result);
  } catch (_) {
    if (seq === state.equitySeq) {
      state.equityKey = null;
      showEquity(null);
    }
  }
}
