// The showdown view: each player's hand under each half (the cards that play raised, the
// others dimmed, with the server's reason where one card alone is why), the order of the
// hands, the card that decides between two of one category, the winners, the pots and
// why the others cannot win. `evaluate` asks the server: POST /api/showdown once every
// card is dealt, else POST /api/hand for each full hand.

import { amountOut, given, moneyGiven, problems } from "./amounts.js";
import { call } from "./api.js";
import { cardElement, cardName, cardText, splitCards } from "./cards.js";
import { $, el } from "./dom.js";
import { updateEquity } from "./equity.js";
import { fmt, t } from "./i18n.js";
import { board, state } from "./state.js";
import { playerName } from "./table.js";
import { writeUrl } from "./url.js";

const ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"];
const IDLE_WORDS = {
  pair: "{card} does not play: it pairs {other}",
  suit: "{card} does not play: same suit as {other}",
};

function playerRow(seat) {
  return $(`.player[data-seat="${seat}"]`);
}

const halfLabel = (half) => t(half === "high" ? "High" : "Low");

function idleReasons(value) {
  // The server says why a card held does not play, where one card alone is the reason.
  const reasons = new Map();
  for (const idle of value?.idle || []) {
    const words = IDLE_WORDS[idle.reason];
    if (!words) continue;
    reasons.set(idle.card, {
      kind: idle.reason,
      text: fmt(words, { card: cardText(idle.card), other: cardText(idle.other) }),
      spoken: fmt(words, { card: cardName(idle.card), other: cardName(idle.other) }),
    });
  }
  return reasons;
}

function renderHands(seat, hands, marks) {
  const row = playerRow(seat);
  if (!row) return;
  const box = $(".hands", row);
  box.replaceChildren();
  if (!hands) return;
  const player = state.players[seat];
  const own = player.cards.filter(Boolean);
  const community = new Set(state.boards.flat().filter(Boolean));
  const shown = [...own, ...board().filter(Boolean)];
  for (const half of state.game.halves) {
    const value = hands[half];
    const line = el("div", "half");
    line.dataset.half = half;
    const label = el("span", "half-label", halfLabel(half));
    const strip = el("div", "strip");
    strip.dataset.half = half;
    const plays = value ? splitCards(value.cards) : [];
    const deciding = marks?.[half] || new Set();
    const reasons = idleReasons(value);
    // The best five in reading order (as the rule documents read them), then the rest dimmed.
    const rest = shown.filter((c) => !plays.includes(c));
    for (const card of [...plays, ...rest]) {
      const classes = [plays.includes(card) ? "plays" : "idle"];
      if (community.has(card) && !own.includes(card)) classes.push("from-board");
      if (deciding.has(card)) classes.push("decides");
      const node = cardElement(card, classes.join(" "));
      if (deciding.has(card)) node.title = `${cardName(card)} · ${t("decides")}`;
      const reason = reasons.get(card);
      if (reason) {
        node.classList.add("duplicate");
        node.dataset.reason = reason.kind;
        node.title = reason.spoken;
        node.setAttribute("role", "img");
        node.setAttribute("aria-label", reason.spoken);
      }
      strip.append(node);
      if (card === plays[plays.length - 1] && rest.length) strip.append(el("span", "gap"));
    }
    const named = marks?.names?.[half];
    const desc = el("div", value ? "desc" : "desc none", value ? named || value.description : t("No qualifying low"));
    if (named) desc.dataset.ranks = value.ranks;
    line.append(label, strip, desc);
    if (reasons.size) {
      const note = el("div", "dim-note");
      note.append(...[...reasons.values()].map((r) => el("span", `reason ${r.kind}`, r.text)));
      line.append(note);
    }
    if (marks?.notes?.[half]) line.append(el("div", "decide-note", marks.notes[half]));
    box.append(line);
  }
}

function nameApart(entries, half, marks) {
  // Two hands of one name (two Ace-high flushes) are told apart by their ranks.
  const byName = new Map();
  for (const entry of entries) {
    if (!byName.has(entry.value.description)) byName.set(entry.value.description, []);
    byName.get(entry.value.description).push(entry);
  }
  for (const [description, group] of byName) {
    if (new Set(group.map((e) => e.value.strength)).size < 2) continue;
    for (const entry of group) {
      if (!entry.value.ranks) continue;
      marks[entry.seat] ||= {};
      marks[entry.seat].names ||= {};
      marks[entry.seat].names[half] = `${description} (${entry.value.ranks})`;
    }
  }
}

function clearResult() {
  const winners = $("#winners");
  winners.replaceChildren();
  winners.dataset.names = "[]";
  $("#pots").replaceChildren();
  $("#why").replaceChildren();
  $("#error").hidden = true;
  $("#status").textContent = "";
  for (const row of document.querySelectorAll(".player")) {
    row.classList.remove("winner");
    $(".badges", row).replaceChildren();
    $(".rank", row).hidden = true;
    $(".hands", row).replaceChildren();
  }
}

function rankPlayers(entries) {
  // entries: [{seat, value}] -> Map seat -> rank (1 = best; ties share a rank), by the
  // server's strength (greater is stronger in every ranking).
  const sorted = entries.filter((e) => e.value).sort((a, b) => b.value.strength - a.value.strength);
  const ranks = new Map();
  let rank = 0;
  let previous = null;
  sorted.forEach((entry, i) => {
    if (previous === null || entry.value.strength !== previous) rank = i + 1;
    previous = entry.value.strength;
    ranks.set(entry.seat, rank);
  });
  return { sorted, ranks };
}

function decidingMarks(entries, half, marks) {
  // Each hand against the next better one of its category: the server lists the cards
  // that play in the order they are compared, so the first whose rank differs decides.
  const { sorted } = rankPlayers(entries);
  for (let i = 1; i < sorted.length; i++) {
    const better = sorted[i - 1];
    const worse = sorted[i];
    if (better.value.strength === worse.value.strength || better.value.category !== worse.value.category) continue;
    const a = splitCards(better.value.cards);
    const b = splitCards(worse.value.cards);
    const at = a.findIndex((card, k) => b[k] && card[0] !== b[k][0]);
    if (at < 0) continue;
    for (const [entry, card] of [
      [better, a[at]],
      [worse, b[at]],
    ]) {
      marks[entry.seat] ||= {};
      marks[entry.seat][half] ||= new Set();
      marks[entry.seat][half].add(card);
    }
    marks[worse.seat].notes ||= {};
    marks[worse.seat].notes[half] = fmt("{better} beats {worse}", { better: cardText(a[at]), worse: cardText(b[at]) });
  }
  return sorted;
}

function tieNotes(entries, half) {
  // Tied best hands: the held cards that do not play.
  const { sorted } = rankPlayers(entries);
  if (sorted.length < 2 || sorted[0].value.strength !== sorted[1].value.strength) return null;
  const tied = sorted.filter((e) => e.value.strength === sorted[0].value.strength);
  const idle = tied.map((e) => {
    const plays = splitCards(e.value.cards);
    return state.players[e.seat].cards.filter((c) => c && !plays.includes(c));
  });
  if (idle.every((cards) => cards.length === 0)) return null;
  const groups = idle.filter((cards) => cards.length).map((cards) => cards.map(cardText).join(" "));
  const cards = groups.length > 1 ? `${groups.slice(0, -1).join(", ")} ${t("and")} ${groups[groups.length - 1]}` : groups[0];
  return { half, text: fmt("{cards} do not play", { cards }), cards: idle.flat() };
}

function explainHands(handsBySeat) {
  const marks = {};
  const notes = [];
  const ranks = new Map();
  for (const half of state.game.halves) {
    const entries = handsBySeat
      .map((hands, seat) => ({ seat, value: hands ? hands[half] : null }))
      .filter((e) => e.value && !state.players[e.seat].folded && !state.players[e.seat].mucked);
    decidingMarks(entries, half, marks);
    nameApart(entries, half, marks);
    const tie = tieNotes(entries, half);
    if (tie) notes.push(tie);
    if (half === state.game.halves[0]) for (const [seat, rank] of rankPlayers(entries).ranks) ranks.set(seat, rank);
  }
  return { marks, notes, ranks };
}

function showRanks(ranks) {
  for (const [seat, rank] of ranks) {
    const node = $(".rank", playerRow(seat) || document.createElement("div"));
    if (!node) continue;
    node.hidden = false;
    node.dataset.rank = rank;
    node.textContent = t(ORDINALS[rank - 1] || `${rank}`);
  }
}

function showNotes(notes) {
  const why = $("#why");
  for (const note of notes) {
    const item = el("li", "tie-note", note.text);
    item.dataset.half = note.half;
    why.append(item);
  }
}

function potTitle(pot, index) {
  if (pot.kind === "main") return t("Main pot");
  if (pot.kind === "uncalled") return t("Returned bet");
  return `${t("Side pot")} ${index}`;
}

function badgesOf(result, name) {
  let win = false;
  let split = false;
  let returned = null;
  for (const pot of result.pots) {
    if (!(name in pot.payouts)) continue;
    if (pot.kind === "uncalled") {
      returned = pot.payouts[name];
      continue;
    }
    const takers = Object.values(pot.winners).flat();
    if (!takers.includes(name)) continue;
    const sharers = new Set(takers);
    if (sharers.size > 1) split = true;
    else win = true;
  }
  const out = [];
  if (split) out.push(["split", t("Split")]);
  else if (win) out.push(["win", t("Wins")]);
  if (returned !== null && Number(returned) > 0) out.push(["returned", `${t("Bet returned")} ${returned}`]);
  return out;
}

/** Draw the last answer: an error, amounts to fix, the hands so far, or the showdown. */
export function showResult(last) {
  clearResult();
  $("#result").classList.toggle("pending", state.pending);
  if (last.kind === "error") {
    const box = $("#error");
    box.hidden = false;
    box.textContent = `${t("Error")}: ${last.error.field ? last.error.field + ": " : ""}${last.error.message}`;
    return;
  }
  if (last.kind === "fix") {
    $("#status").textContent = t("Fix the marked amounts to decide the pot.");
    return;
  }
  if (last.kind === "hands") {
    const explained = explainHands(last.hands);
    last.hands.forEach((hands, seat) => renderHands(seat, hands, explained.marks[seat]));
    showRanks(explained.ranks);
    $("#status").textContent = last.status;
    return;
  }
  const result = last.result;
  const handsBySeat = result.players.map((p) => p.hands);
  const explained = explainHands(handsBySeat);
  const money = last.money;
  result.players.forEach((player, seat) => {
    renderHands(seat, player.hands, explained.marks[seat]);
    const row = playerRow(seat);
    if (!row) return;
    const won = result.winners.includes(player.name);
    row.classList.toggle("winner", won);
    const badges = $(".badges", row);
    const list = money ? badgesOf(result, player.name) : won ? [[result.winners.length > 1 ? "split" : "win", t(result.winners.length > 1 ? "Split" : "Wins")]] : [];
    for (const [kind, text] of list) {
      const badge = el("span", `badge ${kind}`, text);
      badge.dataset.kind = kind;
      badges.append(badge);
    }
    if (money && Number(player.payout) > 0) badges.append(el("span", "payout", `${t("Payout")} ${player.payout}`));
  });
  showRanks(explained.ranks);

  const winners = $("#winners");
  winners.dataset.names = JSON.stringify(result.winners);
  winners.append(el("span", "", `${t(result.winners.length > 1 ? "Winners" : "Winner")}: `));
  const names = el("span", "names", result.winners.join(", "));
  winners.append(names);
  const best = result.players.find((p) => result.winners.includes(p.name) && p.hands && p.hands.high);
  if (best && result.winners.length === 1) winners.append(el("span", "best", ` · ${best.hands.high.description}`));
  const shared = result.pots.some((pot) => pot.kind !== "uncalled" && new Set(Object.values(pot.winners).flat()).size > 1);
  if (shared) {
    const tag = el("span", "badge split tag", t("Split pot"));
    winners.append(tag);
  }

  // Why the others cannot win: no stake, folded, mucked.
  const why = $("#why");
  result.players.forEach((player, seat) => {
    if (result.winners.includes(player.name)) return;
    const hand = player.hands?.high?.description;
    let text = null;
    if (player.folded) text = fmt("{name} folded: cannot win a pot.", { name: player.name });
    else if (player.mucked) text = fmt("{name} mucked: conceded the pot.", { name: player.name });
    else if (money && !given(state.players[seat]?.stake)) {
      text = fmt("{name} ({hand}) put in nothing, so cannot win a pot.", { name: player.name, hand: hand || "—" });
    }
    if (!text) return;
    const item = el("li", "why-item", text);
    item.dataset.seat = seat;
    why.append(item);
  });
  showNotes(explained.notes);

  const pots = $("#pots");
  let side = 0;
  for (const pot of result.pots) {
    const item = el("li");
    item.dataset.kind = pot.kind;
    if (pot.kind === "side") side += 1;
    const head = el("div", "pot-head");
    head.append(el("span", "pot-name", potTitle(pot, side)));
    if (money) head.append(el("span", "pot-amount", ` ${pot.amount}`));
    if (money && Number(pot.rake) > 0) head.append(el("span", "pot-rake", ` (${t("rake")} ${pot.rake})`));
    item.append(head);
    if (pot.kind !== "uncalled") {
      item.append(el("div", "pot-eligible", `${t("Eligible")}: ${pot.eligible.join(", ")}`));
      const halves = Object.entries(pot.winners);
      if (halves.length > 1 || state.game.halves.length > 1) {
        for (const half of state.game.halves) {
          const names = pot.winners[half];
          const line = el("div", "pot-half");
          line.dataset.half = half;
          line.textContent = `${halfLabel(half)}: ${names && names.length ? names.join(", ") : t("No qualifying low")}`;
          item.append(line);
        }
      }
    }
    const boards = pot.boards || [];
    if (boards.length) {
      for (const [k, share] of boards.entries()) {
        const line = el("div", "pot-board", `${t("Board")} ${k + 1} (${share.board})${money ? ` · ${share.amount}` : ""}: ${share.explanation}`);
        item.append(line);
      }
    } else {
      item.append(el("div", "pot-explanation", pot.explanation));
    }
    pots.append(item);
  }
  if (money && Number(result.rake) > 0) {
    const item = el("li", "rake-line", `${t("Rake")}: ${result.rake}`);
    item.dataset.kind = "rake";
    pots.append(item);
  }
}

/** The table as a showdown of the JSON contract (POST /api/showdown). */
function showdownBody() {
  const game = state.game;
  const money = moneyGiven();
  const body = { game: game.name, button: state.button, players: [] };
  const boards = state.boards.map((cards) => cards.filter(Boolean).join(" "));
  if (board().length) {
    if (boards.length > 1) body.boards = boards;
    else body.board = boards[0];
  }
  body.players = state.players.map((p, seat) => {
    const entry = { name: playerName(p, seat) };
    const complete = p.cards.every(Boolean);
    if (complete) entry.cards = p.cards.join(" ");
    if (p.folded) entry.folded = true;
    if (p.mucked) entry.mucked = true;
    if (money) {
      entry.stake = given(p.stake) ? amountOut(p.stake) : 0;
      if (given(p.dead)) entry.dead = amountOut(p.dead);
    }
    return entry;
  });
  if (given(state.rake)) {
    const parts = state.rake.split(/[,;]/).map((r) => amountOut(r.trim()));
    body.rake = parts.length > 1 ? parts : parts[0];
  }
  if (state.unit && money) body.unit = state.unit;
  return body;
}

/** Ask the server about the table as it is, and draw its answer (the newest edit's only). */
export async function evaluate() {
  const seq = ++state.seq;
  const game = state.game;
  const full = game.full_board;
  const contenders = state.players.filter((p) => !p.folded && !p.mucked);
  const boardsFull = state.boards.every((cards) => cards.filter(Boolean).length === full);
  const first = board().filter(Boolean);
  const boardUsable = full === 0 ? first.length === 0 : game.hand_boards.includes(first.length); // Courchevel's lone first card values no hand
  const money = moneyGiven();
  writeUrl();
  let last;
  if (problems().length) {
    last = { kind: "fix" };
  } else {
    state.pending = true;
    $("#result").classList.add("pending");
    try {
      if (contenders.length >= 1 && contenders.every((p) => p.cards.every(Boolean)) && boardsFull) {
        last = { kind: "showdown", result: await call("/api/showdown?ranks=true", showdownBody()), money };
      } else {
        const hands = await Promise.all(
          state.players.map((p) =>
            p.cards.every(Boolean) && boardUsable && !p.folded
              ? call("/api/hand", {
                  game: game.name,
                  cards: p.cards.join(" "),
                  board: first.length ? first.join(" ") : null,
                }).then((r) => r.hands)
              : Promise.resolve(null),
          ),
        );
        const anyone = state.players.filter((p) => p.cards.every(Boolean)).length;
        last = {
          kind: "hands",
          hands,
          status: anyone >= 2 ? t("Deal every card to decide the pot.") : t("Deal at least two players a full hand."),
        };
      }
    } catch (error) {
      last = { kind: "error", error };
    }
  }
  if (seq !== state.seq) return; // a newer edit is on its way: keep showing the old result
  state.pending = false;
  state.last = last;
  showResult(last);
  document.body.dataset.ready = String(seq);
  updateEquity();
}
