// showdown explorer: deal cards, watch which five play and why. Plain ES modules, no build
// step. Every rule of every game is the server's: GET /api/games gives each game's shape
// (its cards, its board, its halves, its deck, its range editor), the other endpoints value
// the hands (which cards play, and why the others do not), order them by strength and
// decide the pots. This module starts the page: it draws the table with the other
// modules' views and wires the table's buttons.

import { call } from "./api.js";
import { RANKS, SUITS, inDeck } from "./cards.js";
import { renderDeck } from "./deck.js";
import { $, el } from "./dom.js";
import { renderExamples, resetSituation } from "./examples.js";
import { pasteHistory, showHistory } from "./history.js";
import { translateStatic } from "./i18n.js";
import { followGame, startRanges, translateRanges } from "./ranges.js";
import { redraw, renderAll, setRefresh } from "./refresh.js";
import { evaluate, showResult } from "./showdown.js";
import { board, state } from "./state.js";
import { defaultName, edited, getSlot, isFoldedSlot, nextEmpty, setBoardCount, setGame, setPlayerCount, setSlot, slotKeys, usedCards } from "./table.js";
import { focusKey, keepFocus, renderBoard, renderPlayers, renderTable, showRakeProblem } from "./table-view.js";
import { remember, undo } from "./undo.js";
import { loadUrl, readUrl } from "./url.js";

/** Draw the whole page from the state (the last result drawn again, not asked again). */
function drawPage(focus) {
  const before = focus || focusKey(document.activeElement);
  renderBoard();
  renderPlayers();
  renderTable();
  renderDeck();
  renderExamples();
  document.body.classList.toggle("picking", state.picking && Boolean(state.active));
  $("#undo").disabled = state.undo.length === 0;
  $("#reset").disabled = !state.example;
  if (state.last) showResult(state.last);
  followGame();
  keepFocus(before);
}

setRefresh(drawPage, evaluate);

function translatePage() {
  translateStatic();
  const select = $("#game");
  select.replaceChildren(
    ...state.games.map((g) => {
      const option = el("option", "", g.title);
      option.value = g.name;
      return option;
    }),
  );
  if (state.game) select.value = state.game.name;
  if (state.history) showHistory();
  translateRanges();
}

// ---------- actions ----------

function randomDeal() {
  remember();
  // On a full table, deal a new hand.
  if (!nextEmpty(null)) {
    for (const player of state.players) player.cards = player.cards.map(() => null);
    state.boards = state.boards.map((cards) => cards.map(() => null));
  }
  const deck = [];
  for (const suit of SUITS) for (const rank of RANKS) if (!usedCards().has(rank + suit) && inDeck(rank + suit)) deck.push(rank + suit);
  for (const key of slotKeys()) {
    if (getSlot(key) || !deck.length || isFoldedSlot(key)) continue;
    const pick = deck.splice(Math.floor(Math.random() * deck.length), 1)[0];
    setSlot(key, pick);
  }
  state.active = nextEmpty(null);
  edited();
  redraw();
}

function clearAll() {
  remember();
  for (const player of state.players) {
    player.cards = player.cards.map(() => null);
    player.stake = "";
    player.dead = "";
    player.folded = false;
    player.mucked = false;
  }
  state.boards = [board().map(() => null)];
  state.rake = "";
  state.unit = null;
  state.active = nextEmpty(null);
  state.example = null;
  state.historyHand = null;
  state.last = null;
  redraw();
}

/** The languages the page offers (its language menu). */
function languages() {
  return [...$("#lang").options].map((option) => option.value);
}

async function setLanguage(lang) {
  state.lang = lang;
  state.equityKey = null;
  $("#lang").value = lang;
  try {
    localStorage.setItem("showdown.lang", lang);
  } catch (_) {
    /* private mode: no storage */
  }
  const [words, games] = await Promise.all([call("/api/messages"), call("/api/games")]);
  const before = state.messages;
  state.messages = words.messages;
  state.games = games;
  if (state.game) state.game = games.find((g) => g.name === state.game.name);
  // Default names follow the language ("Player 1" -> "Игрок 1").
  const oldWord = before["Player"] || "Player";
  state.players.forEach((p, seat) => {
    if (p.name === `${oldWord} ${seat + 1}`) p.name = defaultName(seat);
  });
  translatePage();
}

async function start() {
  const fromUrl = readUrl();
  const offered = languages();
  let lang = "en";
  try {
    lang = localStorage.getItem("showdown.lang") || "en";
  } catch (_) {
    lang = "en";
  }
  if (fromUrl && offered.includes(fromUrl.l)) lang = fromUrl.l;
  const [examples] = await Promise.all([
    fetch("/static/examples.json").then((r) => r.json()),
    setLanguage(offered.includes(lang) ? lang : "en"),
  ]);
  state.examples = examples;
  const first = state.games[0].name; // the registry's first game: Texas Hold'em
  setGame(first);
  setPlayerCount(2);
  if (fromUrl) {
    try {
      loadUrl(fromUrl);
    } catch (_) {
      setGame(first);
    }
  }
  state.active = nextEmpty(null);
  renderAll();
  startRanges();

  $("#game").addEventListener("change", (e) => {
    remember();
    setGame(e.target.value);
    edited();
    redraw("#game");
  });
  $("#lang").addEventListener("change", async (e) => {
    await setLanguage(e.target.value);
    redraw("#lang");
  });
  $("#add-player").addEventListener("click", () => {
    remember();
    setPlayerCount(state.players.length + 1);
    edited();
    redraw("#add-player");
  });
  $("#remove-player").addEventListener("click", () => {
    remember();
    setPlayerCount(state.players.length - 1);
    edited();
    redraw("#remove-player");
  });
  $("#boards").addEventListener("change", (e) => {
    remember();
    setBoardCount(Number(e.target.value));
    edited();
    redraw("#boards");
  });
  const rake = $("#rake");
  rake.addEventListener("input", () => showRakeProblem(false));
  rake.addEventListener("change", () => {
    remember();
    state.rake = rake.value.trim();
    edited();
    redraw("#rake");
  });
  $("#random-deal").addEventListener("click", randomDeal);
  $("#clear").addEventListener("click", clearAll);
  $("#undo").addEventListener("click", undo);
  $("#reset").addEventListener("click", resetSituation);
  $("#deck-done").addEventListener("click", () => {
    state.picking = false;
    renderAll();
  });
  $("#history-load").addEventListener("click", pasteHistory);
  window.addEventListener("hashchange", () => {
    const data = readUrl();
    if (!data) return;
    remember();
    loadUrl(data);
    state.active = nextEmpty(null);
    redraw();
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !typing) {
      event.preventDefault();
      undo();
    }
  });
  await evaluate();
}

start().catch((error) => {
  const box = $("#error");
  box.hidden = false;
  box.textContent = String(error && error.message ? error.message : error);
});
