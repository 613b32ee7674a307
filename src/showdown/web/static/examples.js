// The worked situations of the rule documents (static/examples.json), grouped by document:
// load one onto the table, change it, reset it.

import { splitCards } from "./cards.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { redraw } from "./refresh.js";
import { state } from "./state.js";
import { defaultName, fitToGame, nextEmpty, setGame } from "./table.js";
import { remember } from "./undo.js";

const SEED_TITLES = { "000": "Poker hands", "001": "The kicker", "003": "Lowball and Badugi", "004": "Ties in five-card poker" };

function exampleLabel(example) {
  const numbered = /^(.*), example (\d+)$/.exec(example.section);
  if (numbered) return `${t(numbered[1])}, ${t("example")} ${numbered[2]}`;
  const exercise = /^Exercise (\d+)$/.exec(example.section);
  if (exercise) return `${t("Exercise")} ${exercise[1]}`;
  return t(example.section);
}

/** The situations, a list per rule document; the one loaded is marked (and whether edited). */
export function renderExamples() {
  const root = $("#examples");
  const groups = new Map();
  for (const example of state.examples.examples) {
    if (!groups.has(example.seed)) groups.set(example.seed, []);
    groups.get(example.seed).push(example);
  }
  const sections = [];
  for (const [seed, examples] of groups) {
    const group = el("div", "example-group");
    const documentTitle = state.examples.documents[seed];
    const title = el("h3", "", documentTitle ? t(SEED_TITLES[seed] || examples[0].topic) : t("More"));
    if (documentTitle) {
      title.append(el("small", "", ` · ${seed}`));
      title.title = documentTitle; // the rule document's own title, in its own language
    }
    const list = el("div", "example-list");
    for (const example of examples) {
      const button = el("button", "example", `${example.number}. ${exampleLabel(example)}`);
      button.type = "button";
      button.dataset.id = example.id;
      if (state.example === example.id) {
        button.classList.add("current");
        button.classList.toggle("edited", state.edited);
        button.setAttribute("aria-current", "true");
      }
      button.addEventListener("click", () => loadExample(example, true));
      list.append(button);
    }
    group.append(title, list);
    sections.push(group);
  }
  root.replaceChildren(...sections);
}

function loadExample(example, scroll) {
  remember();
  setGame(example.game);
  state.players = example.players.map((p, seat) => ({
    name: /^Player \d+$/.test(p.name) ? defaultName(seat) : p.name,
    cards: splitCards(p.cards),
    stake: "",
    dead: "",
    folded: false,
    mucked: false,
  }));
  state.boards = [splitCards(example.board)];
  state.button = 0;
  state.rake = "";
  state.unit = null;
  fitToGame();
  state.active = nextEmpty(null);
  state.picking = false;
  state.example = example.id;
  state.edited = false;
  state.historyHand = null;
  state.last = null;
  redraw();
  if (scroll) $(".felt").scrollIntoView({ block: "start", behavior: "instant" });
}

/** Load the situation being explored again, as the document gives it. */
export function resetSituation() {
  const example = state.examples.examples.find((e) => e.id === state.example);
  if (example) loadExample(example, false);
}
