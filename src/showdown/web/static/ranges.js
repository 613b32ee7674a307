// Ranges: each row is a hand or a range in the library's notation; the server reads and
// writes it (POST /api/range), so the text and the grid show one range. A grid edit
// appends tokens ("AKs:0.5", "AKs:0": a later token sets the weight of the combos it
// shares) and the server writes the whole back canonically. The grid's hands, where the
// game has one, come with the game (GET /api/games: `range_grid`); the "top X%" order
// comes from GET /api/range-order: the hands by sampled equity against one random hand,
// with the combos of each.

import { call } from "./api.js";
import { $, el } from "./dom.js";
import { percent, t } from "./i18n.js";
import { state } from "./state.js";

const RANGE_MIN = 2;
const RANGE_MAX = 6;

const ranges = {
  rows: [],
  grid: 0,
  board: "",
  dead: "",
  weight: 1,
  order: null,
  orderPromise: null,
  drag: null,
  focus: 0,
  equitySeq: 0,
  equityAbort: null,
  equityTimer: null,
  started: false,
  gameName: null,
  result: null,
  wired: false,
};

function newRangeRow() {
  return { text: "", classes: null, error: null, combos: 0, share: 0, seq: 0, abort: null, timer: null, pending: false };
}

/** The game's grid of starting hands, row by row (null: its ranges are text only). */
function gridRows() {
  return (state.game && state.game.range_grid) || null;
}

function gridGame() {
  return Boolean(gridRows());
}

function gridNames() {
  return (gridRows() || []).flat();
}

function weightText(w) {
  return `${Math.round(w * 100)}%`;
}

function renderRanges() {
  const box = $("#range-rows");
  if (!box || !state.game) return;
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
  while (ranges.rows.length < RANGE_MIN) ranges.rows.push(newRangeRow());
  if (ranges.grid >= ranges.rows.length) ranges.grid = 0;
  const rows = ranges.rows.map((row, seat) => {
    const line = el("div", "range-row");
    line.dataset.seat = seat;
    line.classList.toggle("grid-row", gridGame() && ranges.grid === seat);
    const head = el("div", "range-head");
    const name = `${t("Player")} ${seat + 1}`;
    if (gridGame()) {
      const pick = el("button", "range-pick ghost", "▦");
      pick.type = "button";
      pick.id = `range-pick-${seat}`;
      pick.dataset.field = "range-pick";
      pick.title = t("Edit on the grid");
      pick.setAttribute("aria-label", `${t("Edit on the grid")}: ${name}`);
      pick.setAttribute("aria-pressed", String(ranges.grid === seat));
      pick.addEventListener("click", () => {
        ranges.grid = seat;
        renderRanges();
        renderRangeGrid();
        scheduleRangeEquity(0);
      });
      head.append(pick);
    }
    const label = el("label", "range-label", name);
    const input = el("input", "range-text");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.dataset.field = "range-text";
    input.value = row.text;
    input.placeholder = state.game.range_example;
    input.setAttribute("aria-label", `${t("Range")}, ${name}`);
    input.setAttribute("aria-invalid", row.error ? "true" : "false");
    input.classList.toggle("bad", Boolean(row.error));
    input.addEventListener("input", () => {
      row.text = input.value;
      readRange(seat, 250);
    });
    label.htmlFor = `range-text-${seat}`;
    input.id = `range-text-${seat}`;
    head.append(label, input);
    const info = el("div", "range-info");
    if (row.error) info.hidden = true;
    else if (row.text.trim() && row.classes !== undefined) info.textContent = `${row.combos} ${t("combos")} · ${(100 * row.share).toFixed(1)}%`;
    const problem = el("div", "problem range-problem", row.error || "");
    problem.setAttribute("role", "alert");
    problem.hidden = !row.error;
    const out = el("div", "range-equity");
    line.append(head, info, problem, out);
    return line;
  });
  box.replaceChildren(...rows);
  $("#range-add").disabled = ranges.rows.length >= RANGE_MAX;
  $("#range-remove").disabled = ranges.rows.length <= RANGE_MIN;
  $("#range-grid-box").hidden = !gridGame();
  $("#range-omaha").hidden = !state.game.range_patterns;
  showRangeEquity(ranges.result);
  if (focused && $(`#${focused}`)) $(`#${focused}`).focus({ preventScroll: true });
}

function readRange(seat, delay) {
  // Text -> grid: the server reads the text (its errors are shown under the field).
  const row = ranges.rows[seat];
  clearTimeout(row.timer);
  row.pending = true;
  row.timer = setTimeout(() => sendRange(seat, row.text, false), delay);
  markRangesPending();
}

async function sendRange(seat, text, rewrite) {
  const row = ranges.rows[seat];
  if (!row) return;
  const seq = ++row.seq;
  if (row.abort) row.abort.abort();
  const controller = new AbortController();
  row.abort = controller;
  row.pending = true;
  let answer = null;
  let error = null;
  try {
    answer = await call("/api/range", { game: state.game.name, text }, controller.signal);
  } catch (problem) {
    if (problem && problem.name === "AbortError") return;
    error = problem;
  }
  if (seq !== row.seq || ranges.rows[seat] !== row) return; // a newer edit is on its way
  row.pending = false;
  if (error) {
    row.error = error.message;
  } else {
    row.error = null;
    row.classes = answer.classes;
    row.combos = answer.combos;
    row.share = answer.share;
    if (rewrite || !text.trim()) row.text = answer.text;
  }
  updateRangeRow(seat, rewrite);
  if (seat === ranges.grid) renderRangeGrid();
  scheduleRangeEquity(150);
}

function updateRangeRow(seat, rewrite) {
  const row = ranges.rows[seat];
  const line = $(`.range-row[data-seat="${seat}"]`);
  if (!line) return;
  const input = $(".range-text", line);
  if (rewrite && input.value !== row.text) input.value = row.text;
  input.classList.toggle("bad", Boolean(row.error));
  input.setAttribute("aria-invalid", row.error ? "true" : "false");
  const problem = $(".range-problem", line);
  problem.textContent = row.error || "";
  problem.hidden = !row.error;
  const info = $(".range-info", line);
  info.hidden = Boolean(row.error);
  info.textContent = row.text.trim() && !row.error ? `${row.combos} ${t("combos")} · ${(100 * row.share).toFixed(1)}%` : "";
}

function gridWeights() {
  const row = ranges.rows[ranges.grid];
  return row && row.classes ? row.classes : gridNames().map(() => 0);
}

function buildGrid(grid, rows) {
  // One button per starting hand: pairs on the diagonal, suited above it, offsuit below.
  const lines = rows.map((names, i) => {
    const line = el("div", "range-line");
    line.setAttribute("role", "row");
    names.forEach((name, j) => {
      const index = rows[0].length * i + j;
      const cell = el("button", `cell ${i === j ? "pair" : i < j ? "suited" : "offsuit"}`);
      cell.type = "button";
      cell.dataset.class = name;
      cell.dataset.index = index;
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = index === 0 ? 0 : -1;
      cell.append(el("b", "", name), el("small", "eq", ""));
      line.append(cell);
    });
    return line;
  });
  grid.replaceChildren(...lines);
  grid.dataset.hands = rows.flat().join(" ");
  if (!ranges.wired) {
    gridEvents(grid);
    ranges.wired = true;
  }
}

function renderRangeGrid() {
  const grid = $("#range-grid");
  const rows = gridRows();
  if (!grid || !rows) return;
  if (grid.dataset.hands !== rows.flat().join(" ")) buildGrid(grid, rows);
  const weights = gridWeights();
  const seat = ranges.grid;
  const numbers = ranges.result && ranges.result.grid && ranges.result.grid.seat === seat ? ranges.result.grid : null;
  $("#range-grid-title").textContent = `${t("Player")} ${seat + 1}`;
  for (const cell of grid.querySelectorAll(".cell")) {
    const index = Number(cell.dataset.index);
    const name = cell.dataset.class;
    const w = weights[index] || 0;
    cell.dataset.weight = String(w);
    cell.classList.toggle("on", w > 0);
    cell.classList.toggle("partial", w > 0 && w < 1);
    cell.style.setProperty("--w", `${Math.round(w * 100)}%`);
    const value = numbers ? numbers.equity[index] : null;
    const small = $(".eq", cell);
    small.textContent = value === null || value === undefined ? "" : `${Math.round(100 * value)}`;
    cell.dataset.equity = value === null || value === undefined ? "" : String(value);
    let label = `${name}: ${w > 0 ? `${t("Weight")} ${weightText(w)}` : t("not in the range")}`;
    if (value !== null && value !== undefined) label += ` · ${t("Equity")} ${percent(value)}`;
    cell.setAttribute("aria-label", label);
    cell.setAttribute("aria-selected", String(w > 0));
    cell.title = label;
  }
  const legend = $("#range-grid-legend");
  legend.replaceChildren(
    el("span", "key in"),
    ` ${t("in the range: the filled part is the weight")} `,
    el("span", "key part"),
    ` ${t("part of the hand's combos")} · ${t("number: the hand's equity against the others")}`,
  );
}

function gridEvents(grid) {
  const cellAt = (event) => {
    const node = document.elementFromPoint(event.clientX, event.clientY);
    return node && node.closest ? node.closest("#range-grid .cell") : null;
  };
  grid.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".cell");
    if (!cell || event.button > 0) return;
    event.preventDefault();
    if (cell.hasPointerCapture && cell.hasPointerCapture(event.pointerId)) cell.releasePointerCapture(event.pointerId);
    const weights = gridWeights();
    const current = weights[Number(cell.dataset.index)] || 0;
    const weight = event.shiftKey ? ranges.weight / 2 : ranges.weight;
    ranges.drag = { weight: Math.abs(current - weight) < 1e-6 ? 0 : weight, seen: new Set(), tokens: [] };
    paintCell(cell);
    cell.focus({ preventScroll: true });
  });
  grid.addEventListener("pointermove", (event) => {
    if (!ranges.drag) return;
    const cell = cellAt(event);
    if (cell) paintCell(cell);
  });
  const finish = () => {
    if (!ranges.drag) return;
    const drag = ranges.drag;
    ranges.drag = null;
    commitTokens(drag.tokens);
  };
  document.addEventListener("pointerup", finish);
  document.addEventListener("pointercancel", finish);
  grid.addEventListener("click", (event) => {
    // Enter or Space on a focused cell (a mouse click was a pointerdown already).
    if (event.detail !== 0) return;
    const cell = event.target.closest(".cell");
    if (!cell) return;
    const weights = gridWeights();
    const current = weights[Number(cell.dataset.index)] || 0;
    const weight = Math.abs(current - ranges.weight) < 1e-6 ? 0 : ranges.weight;
    ranges.drag = { weight, seen: new Set(), tokens: [] };
    paintCell(cell);
    finish();
  });
  grid.addEventListener("keydown", (event) => {
    const width = (gridRows() || [[]])[0].length;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -width, ArrowDown: width };
    if (!(event.key in moves)) return;
    const cell = event.target.closest(".cell");
    if (!cell) return;
    event.preventDefault();
    const index = Number(cell.dataset.index);
    let next = index + moves[event.key];
    if (Math.abs(moves[event.key]) === 1 && Math.floor(next / width) !== Math.floor(index / width)) next = index;
    if (next < 0 || next >= gridNames().length) next = index;
    focusCell(next);
  });
}

function focusCell(index) {
  const cells = $("#range-grid").querySelectorAll(".cell");
  for (const cell of cells) cell.tabIndex = -1;
  cells[index].tabIndex = 0;
  cells[index].focus();
  ranges.focus = index;
}

function paintCell(cell) {
  const drag = ranges.drag;
  const name = cell.dataset.class;
  if (!drag || drag.seen.has(name)) return;
  drag.seen.add(name);
  const row = ranges.rows[ranges.grid];
  if (!row.classes) row.classes = gridNames().map(() => 0);
  row.classes[Number(cell.dataset.index)] = drag.weight;
  drag.tokens.push(drag.weight === 1 ? name : `${name}:${Number(drag.weight.toFixed(4))}`);
  cell.classList.toggle("on", drag.weight > 0);
  cell.classList.toggle("partial", drag.weight > 0 && drag.weight < 1);
  cell.style.setProperty("--w", `${Math.round(drag.weight * 100)}%`);
  cell.dataset.weight = String(drag.weight);
}

function commitTokens(tokens) {
  // Grid -> text: the row's text and the edited classes, written back canonically.
  if (!tokens.length) return;
  const seat = ranges.grid;
  const row = ranges.rows[seat];
  const base = row.error ? "" : row.text.trim();
  const only = (row.classes || []).every((w) => !w);
  row.text = only ? "" : [base, ...tokens].filter(Boolean).join(", ");
  const input = $(`.range-row[data-seat="${seat}"] .range-text`);
  if (input) input.value = row.text;
  clearTimeout(row.timer);
  markRangesPending();
  sendRange(seat, row.text, true);
}

function setGridRange(text) {
  const seat = ranges.grid;
  const row = ranges.rows[seat];
  row.text = text;
  const input = $(`.range-row[data-seat="${seat}"] .range-text`);
  if (input) input.value = text;
  clearTimeout(row.timer);
  markRangesPending();
  sendRange(seat, text, true);
}

function topShare(order, percentValue) {
  // The longest start of the order whose combos stay within X% of every hand's combos.
  const every = order.combos.reduce((sum, n) => sum + n, 0);
  const limit = (percentValue / 100) * every + 1e-9;
  const chosen = [];
  let total = 0;
  for (const [i, name] of order.classes.entries()) {
    total += order.combos[i];
    if (total > limit) break;
    chosen.push(name);
  }
  return { chosen, combos: chosen.reduce((sum, _, i) => sum + order.combos[i], 0) };
}

function rangeOrder() {
  if (ranges.order) return Promise.resolve(ranges.order);
  if (!ranges.orderPromise) {
    $("#range-status").textContent = t("Ranking the 169 hands…");
    ranges.orderPromise = call("/api/range-order")
      .then((answer) => {
        ranges.order = answer;
        return ranges.order;
      })
      .catch((error) => {
        ranges.orderPromise = null;
        throw error;
      });
  }
  return ranges.orderPromise;
}

async function topSlider() {
  const slider = $("#range-top");
  const value = Number(slider.value);
  $("#range-top-value").textContent = `${value}%`;
  let order;
  try {
    order = await rangeOrder();
  } catch (error) {
    $("#range-status").textContent = `${t("Error")}: ${error.message}`;
    return;
  }
  if (Number(slider.value) !== value) return; // moved on meanwhile
  const { chosen, combos } = topShare(order, value);
  $("#range-top-value").textContent = `${value}% · ${combos} ${t("combos")}`;
  setGridRange(chosen.join(", "));
}

function markRangesPending() {
  // An edit: the question in flight is stale, cancelled, and its answer never shown.
  ranges.equitySeq += 1;
  if (ranges.equityAbort) ranges.equityAbort.abort();
  ranges.equityAbort = null;
  $("#range-result").classList.add("loading");
  $("#range-result").setAttribute("aria-busy", "true");
  $("#range-status").textContent = t("Computing…");
}

function rangeQuestion() {
  if (!state.game || ranges.rows.some((row) => row.pending || row.error || !row.text.trim())) return null;
  const body = { game: state.game.name, hands: ranges.rows.map((row) => row.text.trim()) };
  if (ranges.board.trim()) body.board = ranges.board.trim();
  if (ranges.dead.trim()) body.dead = ranges.dead.trim();
  if (gridGame()) body.grid_seat = ranges.grid;
  return body;
}

function scheduleRangeEquity(delay) {
  clearTimeout(ranges.equityTimer);
  markRangesPending();
  ranges.equityTimer = setTimeout(rangeEquity, delay);
}

async function rangeEquity() {
  const body = rangeQuestion();
  const key = body ? JSON.stringify(body) : null;
  if (ranges.rows.some((row) => row.pending)) return; // the row's answer will ask again
  if (key && ranges.result && ranges.result.key === key) {
    showRangeEquity(ranges.result);
    return;
  }
  const seq = ++ranges.equitySeq;
  if (ranges.equityAbort) ranges.equityAbort.abort(); // a stale question: cancelled
  ranges.equityAbort = null;
  if (!body) {
    ranges.result = null;
    showRangeEquity(null);
    return;
  }
  const controller = new AbortController();
  ranges.equityAbort = controller;
  showRangeEquity(ranges.result, true);
  let result = null;
  let error = null;
  try {
    result = await call("/api/equity", body, controller.signal);
  } catch (problem) {
    if (problem && problem.name === "AbortError") return;
    error = problem;
  }
  if (seq !== ranges.equitySeq) return; // never show an answer to an older question
  ranges.equityAbort = null;
  if (error) {
    ranges.result = null;
    showRangeEquity(null, false, error);
    return;
  }
  result.key = key;
  ranges.result = result;
  showRangeEquity(result);
  renderRangeGrid();
}

function showRangeEquity(result, loading, error) {
  const box = $("#range-result");
  if (!box) return;
  const busy = Boolean(loading) || ranges.rows.some((row) => row.pending);
  box.classList.toggle("loading", busy);
  box.setAttribute("aria-busy", String(busy));
  const status = $("#range-status");
  const legend = $("#range-legend");
  const hilo = state.game && state.game.halves.length > 1;
  legend.replaceChildren();
  for (const field of ["board", "dead"]) {
    const bad = Boolean(error && error.field === field);
    $(`#range-${field}`).classList.toggle("bad", bad);
    $(`#range-${field}`).setAttribute("aria-invalid", String(bad));
  }
  const cardsProblem = $("#range-cards-problem");
  cardsProblem.hidden = !(error && ["board", "dead"].includes(error.field));
  cardsProblem.textContent = cardsProblem.hidden ? "" : error.message;
  if (error) {
    const field = /^hands\[(\d+)\]/.exec(error.field || "");
    status.textContent = `${t("Error")}: ${field ? `${t("Player")} ${Number(field[1]) + 1}: ` : ""}${error.message}`;
    status.classList.add("error-text");
  } else {
    status.classList.remove("error-text");
    if (busy) status.textContent = t("Computing…");
    else if (!result) status.textContent = t("Give every player a hand or a range.");
    else status.textContent = `${t("Equity")} · ${t(result.exact ? "exact" : "sampled")}`;
  }
  if (hilo) {
    legend.append(el("span", "key win"), ` ${t("scoop")} `, el("span", "key tie"), ` ${t("part of the pot")} · ${t("High")} / ${t("Low")}: ${t("the share of each half")}`);
  } else {
    legend.append(el("span", "key win"), ` ${t("win")} `, el("span", "key tie"), ` ${t("tie")}`);
  }
  box.dataset.key = result ? result.key || "" : "";
  for (const [seat] of ranges.rows.entries()) {
    const out = $(`.range-row[data-seat="${seat}"] .range-equity`);
    if (!out) continue;
    out.replaceChildren();
    const player = result && result.players[seat];
    if (!player) continue;
    const bar = el("div", "bar");
    const win = el("span", "win");
    win.style.width = percent(player.win);
    const tie = el("span", "tie");
    tie.style.width = percent(Math.max(0, player.equity - player.win));
    bar.append(win, tie);
    const value = el("span", "bar-value", percent(player.equity));
    value.dataset.equity = String(player.equity);
    const detail = el("div", "range-detail");
    if (hilo && player.high !== null && player.high !== undefined) {
      for (const [kind, label, x] of [
        ["high", t("High"), player.high],
        ["low", t("Low"), player.low],
        ["scoop", t("Scoop"), player.scoop ?? player.win],
      ]) {
        const part = el("span", `part ${kind}`, `${label} ${percent(x)}`);
        part.dataset.kind = kind;
        part.dataset.value = String(x);
        detail.append(part, " ");
      }
    } else {
      for (const [kind, label, x] of [
        ["win", t("win"), player.win],
        ["tie", t("tie"), player.tie],
      ]) {
        const part = el("span", `part ${kind}`, `${label} ${percent(x)}`);
        part.dataset.kind = kind;
        part.dataset.value = String(x);
        detail.append(part, " ");
      }
    }
    out.append(bar, value, detail);
  }
}

function rangeGameChanged() {
  // The same texts, read under the new game's rules.
  ranges.result = null;
  renderRanges();
  renderRangeGrid();
  ranges.rows.forEach((row, seat) => {
    if (row.text.trim()) readRange(seat, 0);
  });
  scheduleRangeEquity(0);
}

/** When the table's game has changed, read the ranges again under the new one. */
export function followGame() {
  if (ranges.started && state.game.name !== ranges.gameName) {
    ranges.gameName = state.game.name;
    rangeGameChanged();
  }
}

/** Draw the ranges again in the page's new language. */
export function translateRanges() {
  if (!ranges.started) return;
  renderRanges();
  renderRangeGrid();
  $("#range-weight-value").textContent = weightText(ranges.weight);
}

/** Draw the range editor and wire its controls (once, after the table is drawn). */
export function startRanges() {
  ranges.started = true;
  ranges.gameName = state.game.name;
  renderRanges();
  renderRangeGrid();
  $("#range-add").addEventListener("click", () => {
    if (ranges.rows.length >= RANGE_MAX) return;
    ranges.rows.push(newRangeRow());
    renderRanges();
    scheduleRangeEquity(0);
    $("#range-add").focus();
  });
  $("#range-remove").addEventListener("click", () => {
    if (ranges.rows.length <= RANGE_MIN) return;
    const row = ranges.rows.pop();
    if (row.abort) row.abort.abort();
    renderRanges();
    renderRangeGrid();
    scheduleRangeEquity(0);
    $("#range-remove").focus();
  });
  for (const [id, field] of [
    ["#range-board", "board"],
    ["#range-dead", "dead"],
  ]) {
    $(id).addEventListener("input", (event) => {
      ranges[field] = event.target.value;
      scheduleRangeEquity(300);
    });
  }
  const weight = $("#range-weight");
  weight.addEventListener("input", () => {
    ranges.weight = Number(weight.value) / 100;
    $("#range-weight-value").textContent = weightText(ranges.weight);
  });
  $("#range-top").addEventListener("input", topSlider);
  $("#range-clear").addEventListener("click", () => {
    $("#range-top").value = "0";
    $("#range-top-value").textContent = "0%";
    setGridRange("");
  });
}
