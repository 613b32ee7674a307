// A pasted hand history: POST /api/history audits it; each hand that reached a showdown
// comes to the table as a record of the contract, with the audit of what the room paid.

import { call } from "./api.js";
import { splitCards } from "./cards.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { redraw } from "./refresh.js";
import { MAX_PLAYERS, state } from "./state.js";
import { fitToGame, nextEmpty, setGame } from "./table.js";
import { remember } from "./undo.js";

function loadRecord(record) {
  setGame(record.game);
  state.players = record.players.slice(0, MAX_PLAYERS).map((p) => ({
    name: p.name,
    cards: splitCards(p.cards),
    stake: p.stake === undefined ? "" : String(p.stake),
    dead: p.dead === undefined || Number(p.dead) === 0 ? "" : String(p.dead),
    folded: Boolean(p.folded),
    mucked: Boolean(p.mucked),
  }));
  state.boards = record.boards ? record.boards.map(splitCards) : [splitCards(record.board)];
  state.button = record.button || 0;
  const rake = record.rake === undefined ? "" : Array.isArray(record.rake) ? record.rake.join(", ") : String(record.rake);
  state.rake = Array.isArray(record.rake) || Number(rake) > 0 ? rake : "";
  state.unit = record.unit || null;
  fitToGame();
  state.active = nextEmpty(null);
  state.example = null;
  state.edited = false;
  state.last = null;
}

function verdictText(audit) {
  const words = {
    agree: t("The room paid what the rules pay."),
    disagree: t("The room paid differently from the rules."),
    unsupported: t("Not supported here."),
    error: t("This hand could not be read."),
  };
  return words[audit.verdict] || audit.verdict;
}

/** The hands of the history read, and the audit of the one on the table. */
export function showHistory() {
  const answer = state.history;
  const list = $("#history-hands");
  const verdict = $("#history-verdict");
  list.replaceChildren();
  verdict.replaceChildren();
  verdict.hidden = true;
  if (!answer) return;
  const skipped = Object.entries(answer.skipped)
    .map(([why, n]) => `${t(why)}: ${n}`)
    .join(", ");
  const summary = el("p", "hint", `${t("Hands read")}: ${answer.hands_read}${skipped ? ` · ${t("Skipped")}: ${skipped}` : ""}`);
  list.append(summary);
  answer.hands.forEach((hand, index) => {
    const button = el("button", `history-hand ${hand.audit.verdict}`, `#${hand.audit.hand} · ${hand.audit.game || "?"} · ${t(hand.audit.verdict)}`);
    button.type = "button";
    button.dataset.index = index;
    button.dataset.verdict = hand.audit.verdict;
    button.disabled = !hand.showdown;
    if (state.historyHand === index) button.classList.add("current");
    button.addEventListener("click", () => loadHistoryHand(index));
    list.append(button);
  });
  if (state.historyHand !== null && answer.hands[state.historyHand]) {
    const audit = answer.hands[state.historyHand].audit;
    verdict.hidden = false;
    verdict.dataset.verdict = audit.verdict;
    verdict.append(el("strong", "", `${t("Audit")}: ${t(audit.verdict)}. `), el("span", "", verdictText(audit)));
    if (audit.reason) verdict.append(el("div", "reason", audit.reason));
    const rows = el("table", "audit-table");
    const head = el("tr");
    head.append(el("th", "", t("Player")), el("th", "", t("Paid by the room")), el("th", "", t("By the rules")));
    rows.append(head);
    for (const [name, amounts] of Object.entries(audit.players)) {
      const tr = el("tr");
      if (amounts.recorded !== amounts.resolved) tr.className = "differs";
      tr.append(el("td", "", name), el("td", "", amounts.recorded), el("td", "", amounts.resolved));
      rows.append(tr);
    }
    verdict.append(rows);
  }
}

function loadHistoryHand(index) {
  const hand = state.history?.hands[index];
  if (!hand || !hand.showdown) return;
  remember();
  loadRecord(hand.showdown);
  state.historyHand = index;
  showHistory();
  redraw();
}

/** Read the history pasted, and bring its first showdown to the table. */
export async function pasteHistory() {
  const text = $("#history-text").value;
  const box = $("#history-error");
  box.hidden = true;
  try {
    state.history = await call("/api/history", { text });
  } catch (error) {
    state.history = null;
    state.historyHand = null;
    box.hidden = false;
    box.textContent = `${t("Error")}: ${error.message}`;
    showHistory();
    return;
  }
  state.historyHand = null;
  const first = state.history.hands.findIndex((h) => h.showdown);
  if (first >= 0) loadHistoryHand(first);
  else {
    box.hidden = false;
    box.textContent = t("No hand of this history reached a showdown that can be shown.");
    showHistory();
  }
}
