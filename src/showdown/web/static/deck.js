// The card picker: the pack, one row per suit; a card the game does not deal is off, a
// card dealt is used. A click deals the card into the slot being edited.

import { RANKS, SUITS, cardElement, cardName, inDeck } from "./cards.js";
import { $, el } from "./dom.js";
import { redraw } from "./refresh.js";
import { state } from "./state.js";
import { canPlace, edited, getSlot, nextEmpty, setSlot, usedCards } from "./table.js";
import { remember } from "./undo.js";

function deal(card) {
  if (!state.active) state.active = nextEmpty(null);
  if (!state.active || !canPlace(card, state.active)) return;
  remember();
  const key = state.active;
  const replacing = Boolean(getSlot(key));
  setSlot(key, card);
  edited();
  state.active = nextEmpty(key);
  if (replacing || !state.active) state.picking = Boolean(state.active) && !replacing;
  redraw();
}

function deckKey(event, button) {
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -RANKS.length, ArrowDown: RANKS.length };
  if (event.key === "Backspace" && state.active) {
    event.preventDefault();
    const key = state.active;
    if (getSlot(key)) {
      remember();
      setSlot(key, null);
      edited();
      redraw();
    }
    return;
  }
  if (!(event.key in moves)) return;
  event.preventDefault();
  const buttons = [...$("#deck").children];
  const columns = getComputedStyle($("#deck")).gridTemplateColumns.split(" ").length || RANKS.length;
  const step = Math.abs(moves[event.key]) === RANKS.length ? Math.sign(moves[event.key]) * columns : moves[event.key];
  let index = buttons.indexOf(button);
  for (let k = 0; k < buttons.length; k++) {
    index = (index + step + buttons.length) % buttons.length;
    if (!buttons[index].disabled) break;
  }
  button.tabIndex = -1;
  buttons[index].tabIndex = 0;
  buttons[index].focus();
}

/** The deck: built once, then each card marked free, used or off for the slot being edited. */
export function renderDeck() {
  const deck = $("#deck");
  if (!deck.children.length) {
    for (const suit of SUITS) {
      for (const rank of RANKS) {
        const card = rank + suit;
        const button = el("button", "pick");
        button.type = "button";
        button.dataset.card = card;
        button.append(cardElement(card));
        button.addEventListener("click", () => deal(card));
        button.addEventListener("keydown", (event) => deckKey(event, button));
        deck.append(button);
      }
    }
  }
  const used = usedCards();
  let roving = null;
  for (const button of deck.children) {
    const card = button.dataset.card;
    const free = canPlace(card, state.active);
    button.classList.toggle("used", used.has(card));
    button.classList.toggle("off", !inDeck(card));
    button.disabled = !free;
    button.setAttribute("aria-label", cardName(card));
    button.tabIndex = -1;
    if (free && (!roving || button === document.activeElement)) roving = button;
  }
  if (roving) roving.tabIndex = 0;
}
