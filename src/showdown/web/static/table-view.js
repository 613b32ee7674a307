// The felt: the boards, the players (names, button, stakes, fold and muck, their slots),
// the rake and the number of boards; editing a slot by click or by typing; and where the
// focus goes when the page is drawn again.

import { amountProblem, given, moneyGiven, rakeProblem } from "./amounts.js";
import { cardElement, cardName, parseTyped } from "./cards.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { decide, redraw, renderAll } from "./refresh.js";
import { MAX_PLAYERS, MIN_PLAYERS, board, state } from "./state.js";
import { boardKey, canPlace, defaultName, edited, getSlot, isFoldedSlot, nextEmpty, setSlot, slotKeys } from "./table.js";
import { remember } from "./undo.js";

// ---------- editing a slot ----------

function clickSlot(key) {
  const takeBack = state.active === key && Boolean(getSlot(key));
  if (takeBack) {
    remember();
    setSlot(key, null); // a second click on the chosen card takes it back
    edited();
  }
  state.active = key;
  state.picking = true;
  if (takeBack) redraw();
  else renderAll(); // choosing a slot changes nothing to decide: the result stays
  bringIntoView(key);
}

function bringIntoView(key) {
  // On a phone the deck is a sheet at the bottom: the slot being edited stays above it.
  const sheet = $(".deck-panel");
  const slot = $(`.slot[data-slot="${key}"]`);
  if (!slot || getComputedStyle(sheet).position !== "fixed") return;
  const top = sheet.getBoundingClientRect().top;
  const rect = slot.getBoundingClientRect();
  if (rect.bottom > top - 8 || rect.top < 0) window.scrollBy({ top: rect.top - Math.max(8, top - rect.height - 140), behavior: "instant" });
}

function typeIntoSlot(key, event) {
  if (event.key === "Backspace" || event.key === "Delete") {
    event.preventDefault();
    if (getSlot(key)) {
      remember();
      setSlot(key, null);
      edited();
    }
    state.active = key;
    state.typed = "";
    redraw(`.slot[data-slot="${key}"]`);
    return;
  }
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.key === " ") return;
  const now = Date.now();
  if (now - state.typedAt > 2000) state.typed = "";
  state.typedAt = now;
  state.typed += event.key;
  event.preventDefault();
  const card = parseTyped(state.typed);
  if (!card) {
    if (state.typed.length >= 3) state.typed = "";
    return;
  }
  state.typed = "";
  if (!canPlace(card, key)) {
    flash(key);
    return;
  }
  remember();
  setSlot(key, card);
  edited();
  const keys = slotKeys();
  const next = keys[keys.indexOf(key) + 1] || key;
  state.active = next;
  redraw(`.slot[data-slot="${next}"]`);
}

function flash(key) {
  const slot = $(`.slot[data-slot="${key}"]`);
  if (!slot) return;
  slot.classList.add("refused");
  setTimeout(() => slot.classList.remove("refused"), 600);
}

// ---------- focus ----------

/** A selector that finds `node` again after the page is drawn anew (null: none). */
export function focusKey(node) {
  if (!node || node === document.body) return null;
  if (node.dataset.slot) return `.slot[data-slot="${node.dataset.slot}"]`;
  if (node.classList.contains("pick")) return `.pick[data-card="${node.dataset.card}"]`;
  if (node.dataset.field) {
    const row = node.closest(".player");
    return row ? `.player[data-seat="${row.dataset.seat}"] [data-field="${node.dataset.field}"]` : null;
  }
  if (node.classList.contains("example")) return `.example[data-id="${node.dataset.id}"]`;
  if (node.classList.contains("history-hand")) return `.history-hand[data-index="${node.dataset.index}"]`;
  if (node.id) return `#${node.id}`;
  return null;
}

/** Focus stays where it was after a redraw; a deck card just dealt hands it to the next free one. */
export function keepFocus(before) {
  const target = before ? $(before) : null;
  if (target && !target.disabled) {
    if (document.activeElement !== target) target.focus({ preventScroll: true });
    return;
  }
  if (!before || (document.activeElement && document.activeElement !== document.body)) return;
  if (target && target.classList.contains("pick")) {
    const buttons = [...$("#deck").children];
    const from = buttons.indexOf(target);
    for (let k = 1; k < buttons.length; k++) {
      const next = buttons[(from + k) % buttons.length];
      if (!next.disabled) {
        next.tabIndex = 0;
        next.focus({ preventScroll: true });
        return;
      }
    }
  }
  const slot = state.active && $(`.slot[data-slot="${state.active}"]`);
  (slot || $("#game")).focus({ preventScroll: true });
}

// ---------- drawing ----------

function renderSlot(key) {
  const button = el("button", "slot");
  button.type = "button";
  button.dataset.slot = key;
  const card = getSlot(key);
  if (card) {
    button.classList.add("filled");
    button.append(cardElement(card));
    button.setAttribute("aria-label", cardName(card));
  } else {
    button.append(el("span", "plus", "+"));
    button.setAttribute("aria-label", t("empty slot"));
  }
  if (state.active === key) {
    button.classList.add("active");
    button.setAttribute("aria-pressed", "true");
  }
  button.addEventListener("click", () => clickSlot(key));
  button.addEventListener("keydown", (event) => typeIntoSlot(key, event));
  return button;
}

/** The boards: one row of slots each (none in a game without a board). */
export function renderBoard() {
  const row = $(".board-row");
  const size = board().length;
  row.hidden = size === 0;
  const box = $("#board");
  const rows = state.boards.map((cards, k) => {
    const line = el("div", "board-line");
    line.dataset.board = k;
    if (state.boards.length > 1) line.append(el("span", "board-number", `${k + 1}`));
    const slots = el("div", "slots");
    slots.append(...cards.map((_, i) => renderSlot(boardKey(k, i))));
    line.append(slots);
    return line;
  });
  box.replaceChildren(...rows);
}

function amountInput(player, field, seat, label) {
  const wrap = el("label", `amount-line ${field}-line`);
  wrap.append(el("span", "amount-label", label));
  const input = el("input", `amount ${field}`);
  input.type = "text";
  input.inputMode = "decimal";
  input.autocomplete = "off";
  input.dataset.field = field;
  input.value = player[field] || "";
  input.placeholder = "—";
  input.setAttribute("aria-label", `${label}, ${player.name || defaultName(seat)}`);
  const problem = el("span", "problem");
  problem.setAttribute("role", "alert");
  const check = () => {
    const why = amountProblem(input.value);
    input.classList.toggle("bad", Boolean(why));
    input.setAttribute("aria-invalid", why ? "true" : "false");
    problem.textContent = why || "";
    problem.hidden = !why;
    return why;
  };
  input.addEventListener("input", check);
  input.addEventListener("change", () => {
    remember();
    player[field] = input.value.trim();
    edited();
    check();
    redraw();
  });
  wrap.append(input);
  setTimeout(check, 0);
  return [wrap, problem];
}

/** The players: a row each, with the seat's fields and the slots of its cards. */
export function renderPlayers() {
  const list = $("#players");
  const money = moneyGiven();
  const rows = state.players.map((player, seat) => {
    const row = el("div", "player");
    row.dataset.seat = seat;
    row.classList.toggle("folded", player.folded);
    row.classList.toggle("mucked", player.mucked);
    const noStake = money && !given(player.stake) && !player.folded && !player.mucked;
    row.classList.toggle("no-stake", noStake);

    const head = el("div", "seat");
    const top = el("div", "seat-top");
    const name = el("input", "player-name");
    name.type = "text";
    name.dataset.field = "name";
    name.value = player.name;
    name.maxLength = 40;
    name.setAttribute("aria-label", defaultName(seat));
    name.addEventListener("change", () => {
      remember();
      player.name = name.value.trim() || defaultName(seat);
      name.value = player.name;
      edited();
      decide();
    });
    const dealer = el("button", "dealer", "D");
    dealer.type = "button";
    dealer.dataset.field = "button";
    dealer.title = t("Button");
    dealer.setAttribute("aria-label", `${t("Button")}: ${player.name}`);
    dealer.setAttribute("aria-pressed", String(state.button === seat));
    dealer.classList.toggle("on", state.button === seat);
    dealer.addEventListener("click", () => {
      remember();
      state.button = seat;
      edited();
      redraw();
    });
    const rank = el("span", "rank");
    rank.hidden = true;
    top.append(name, dealer, rank);

    const [stakeLine, stakeProblem] = amountInput(player, "stake", seat, t("Stake"));
    const [deadLine, deadProblem] = amountInput(player, "dead", seat, t("Dead"));
    const amounts = el("div", "amounts");
    amounts.append(stakeLine, deadLine);

    const toggles = el("div", "toggles");
    for (const [flag, label] of [
      ["folded", t("Fold")],
      ["mucked", t("Muck")],
    ]) {
      const box = el("label", `toggle ${flag}-toggle`);
      const input = el("input");
      input.type = "checkbox";
      input.dataset.field = flag;
      input.checked = player[flag];
      input.addEventListener("change", () => {
        remember();
        player[flag] = input.checked;
        if (input.checked) player[flag === "folded" ? "mucked" : "folded"] = false;
        edited();
        if (!slotKeys().includes(state.active) || isFoldedSlot(state.active)) state.active = nextEmpty(null);
        redraw();
      });
      box.append(input, el("span", "", label));
      toggles.append(box);
    }
    const note = el("div", "note");
    if (noStake) note.textContent = t("put in nothing: cannot win a pot");
    else if (player.folded) note.textContent = t("folded: cannot win a pot");
    else if (player.mucked) note.textContent = t("mucked: conceded the pot");
    note.hidden = !note.textContent;
    const badges = el("div", "badges");
    head.append(top, amounts, stakeProblem, deadProblem, toggles, note, badges);

    const hole = el("div", "slots hole");
    hole.append(...player.cards.map((_, i) => renderSlot(`p${seat}-${i}`)));

    const hands = el("div", "hands");
    row.append(head, hole, hands);
    return row;
  });
  list.replaceChildren(...rows);
  $("#add-player").disabled = state.players.length >= MAX_PLAYERS;
  $("#remove-player").disabled = state.players.length <= MIN_PLAYERS;
}

/** The rake and the number of boards (none in a game without a board). */
export function renderTable() {
  const rake = $("#rake");
  if (document.activeElement !== rake) rake.value = state.rake;
  showRakeProblem();
  const boards = $("#boards");
  boards.value = String(state.boards.length);
  $("#boards-line").hidden = !state.game || !state.game.full_board;
}

/** Mark the rake field when its text is not an amount. */
export function showRakeProblem(full = true) {
  const rake = $("#rake");
  const why = rakeProblem(rake.value);
  rake.classList.toggle("bad", Boolean(why));
  if (full) rake.setAttribute("aria-invalid", why ? "true" : "false");
  $("#rake-problem").textContent = why || "";
  $("#rake-problem").hidden = !why;
}
