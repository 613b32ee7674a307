// showdown explorer: deal cards, watch which five play and why. Plain JS, no build step.
"use strict";

(() => {
  const RANKS = "AKQJT98765432";
  const SUITS = ["s", "h", "d", "c"];
  const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
  const RANK_WORD = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten", 9: "Nine", 8: "Eight", 7: "Seven", 6: "Six", 5: "Five", 4: "Four", 3: "Three", 2: "Two" };
  const SUIT_WORD = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  const ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"];
  const SEED_TITLES = { "000": "Poker hands", "001": "The kicker", "003": "Lowball and Badugi", "004": "Ties in five-card poker" };
  const MIN_PLAYERS = 2;
  const MAX_PLAYERS = 10;
  const AMOUNT = /^\s*\+?\d{1,30}(\.\d{1,30})?\s*$/;

  const state = {
    lang: "en",
    messages: {},
    games: [],
    game: null,
    players: [],
    boards: [[]],
    button: 0,
    rake: "",
    unit: null,
    active: null,
    picking: false,
    examples: { documents: {}, examples: [] },
    example: null,
    edited: false,
    seq: 0,
    last: null,
    pending: false,
    equitySeq: 0,
    equityAbort: null,
    equityKey: null,
    gridSeat: 0,
    undo: [],
    typed: "",
    typedAt: 0,
    history: null,
    historyHand: null,
  };

  const $ = (selector, root = document) => root.querySelector(selector);
  const t = (text) => state.messages[text] || text;
  const fmt = (text, values) => t(text).replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const board = () => state.boards[0];

  // ---------- cards ----------

  function cardName(card) {
    return fmt("{rank} of {suit}", { rank: t(RANK_WORD[card[0]]), suit: t(SUIT_WORD[card[1]]) });
  }

  function cardText(card) {
    return `${card[0] === "T" ? "10" : card[0]}${SUIT_SYMBOL[card[1]]}`;
  }

  function cardElement(card, classes = "") {
    const node = el("div", `card s-${card[1]} ${classes}`.trim());
    node.dataset.card = card;
    node.append(el("span", "r", card[0] === "T" ? "10" : card[0]), el("span", "s", SUIT_SYMBOL[card[1]]));
    node.title = cardName(card);
    return node;
  }

  function splitCards(text) {
    if (!text) return [];
    if (Array.isArray(text)) return text;
    return text.split(/[\s,]+/).filter(Boolean);
  }

  function parseTyped(text) {
    // "Qh", "10h", "q♥", "T s" -> "Qh"; null while incomplete or wrong
    const clean = text.toLowerCase().replace(/\s+/g, "").replace("♠", "s").replace("♥", "h").replace("♦", "d").replace("♣", "c");
    const match = /^(10|[2-9tjqka])([shdc])$/.exec(clean);
    if (!match) return null;
    const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
    return rank + match[2];
  }

  function inDeck(card) {
    return !state.game || state.game.ranks.includes(card[0]);
  }

  function usedCards() {
    const used = new Set();
    for (const cards of state.boards) for (const c of cards) if (c) used.add(c);
    for (const player of state.players) for (const c of player.cards) if (c) used.add(c);
    return used;
  }

  // ---------- slots ----------

  function parseKey(key) {
    if (key[0] === "b") {
      const rest = key.slice(1);
      if (rest.includes("-")) {
        const [k, i] = rest.split("-").map(Number);
        return { board: k, index: i };
      }
      return { board: 0, index: Number(rest) };
    }
    const [seat, i] = key.slice(1).split("-").map(Number);
    return { seat, index: i };
  }

  function boardKey(k, i) {
    return k === 0 ? `b${i}` : `b${k}-${i}`;
  }

  function slotKeys() {
    const keys = [];
    state.players.forEach((p, seat) => p.cards.forEach((_, i) => keys.push(`p${seat}-${i}`)));
    state.boards.forEach((cards, k) => cards.forEach((_, i) => keys.push(boardKey(k, i))));
    return keys;
  }

  function getSlot(key) {
    const where = parseKey(key);
    if (where.board !== undefined) return state.boards[where.board]?.[where.index];
    return state.players[where.seat]?.cards[where.index];
  }

  function setSlot(key, card) {
    const where = parseKey(key);
    if (where.board !== undefined) state.boards[where.board][where.index] = card;
    else state.players[where.seat].cards[where.index] = card;
  }

  function canPlace(card, key) {
    // A card is free if nobody holds it; the boards of a pot run twice share their first cards.
    if (!inDeck(card)) return false;
    const where = key ? parseKey(key) : {};
    for (const [seat, player] of state.players.entries()) {
      for (const [i, c] of player.cards.entries()) if (c === card && !(where.seat === seat && where.index === i)) return false;
    }
    for (const [k, cards] of state.boards.entries()) {
      for (const [i, c] of cards.entries()) {
        if (c !== card) continue;
        if (where.board === k && where.index === i) continue;
        if (where.board !== undefined && where.board !== k && where.index === i) continue;
        return false;
      }
    }
    return true;
  }

  function nextEmpty(after) {
    const keys = slotKeys();
    const start = after ? keys.indexOf(after) + 1 : 0;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(start + k) % keys.length];
      if (!getSlot(key) && !isFoldedSlot(key)) return key;
    }
    return null;
  }

  function isFoldedSlot(key) {
    const where = parseKey(key);
    return where.seat !== undefined && state.players[where.seat]?.folded;
  }

  // ---------- undo ----------

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

  function remember() {
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

  function undo() {
    const saved = state.undo.pop();
    if (!saved) return;
    restore(saved);
    redraw();
  }

  function edited() {
    state.edited = true;
    state.historyHand = null;
  }

  // ---------- editing ----------

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

  // ---------- players and game ----------

  function defaultName(seat) {
    return `${t("Player")} ${seat + 1}`;
  }

  function newPlayer(seat) {
    return { name: defaultName(seat), cards: [], stake: "", dead: "", folded: false, mucked: false };
  }

  function fitToGame() {
    const game = state.game;
    const holes = game.hole_cards;
    const boardSize = game.board_cards.length ? game.board_cards[game.board_cards.length - 1] : 0;
    for (const player of state.players) {
      player.cards = Array.from({ length: holes }, (_, i) => {
        const card = player.cards[i] || null;
        return card && inDeck(card) ? card : null;
      });
    }
    if (!boardSize) state.boards = [state.boards[0] || []];
    state.boards = state.boards.map((cards) =>
      Array.from({ length: boardSize }, (_, i) => {
        const card = cards[i] || null;
        return card && inDeck(card) ? card : null;
      }),
    );
    if (state.button >= state.players.length) state.button = 0;
    if (!state.active || !slotKeys().includes(state.active)) state.active = nextEmpty(null);
  }

  function setGame(name) {
    state.game = state.games.find((g) => g.name === name) || state.games[0];
    $("#game").value = state.game.name;
    fitToGame();
  }

  function setPlayerCount(count) {
    count = Math.max(MIN_PLAYERS, Math.min(MAX_PLAYERS, count));
    while (state.players.length < count) state.players.push(newPlayer(state.players.length));
    state.players.length = count;
    fitToGame();
  }

  function setBoardCount(count) {
    const first = board();
    while (state.boards.length < count) state.boards.push(first.slice());
    state.boards.length = count;
    fitToGame();
  }

  // ---------- amounts ----------

  function amountProblem(text) {
    if (text === undefined || text === null || String(text).trim() === "") return null;
    if (String(text).trim().startsWith("-")) return t("Not below zero: an amount is 0 or more.");
    if (!AMOUNT.test(String(text))) return t("Not an amount: give a number such as 50 or 0.25.");
    return null;
  }

  function rakeProblem(text) {
    if (!text || !text.trim()) return null;
    for (const part of text.split(/[,;]/)) {
      const problem = amountProblem(part.trim() || "x");
      if (problem) return problem;
    }
    return null;
  }

  function amountOut(text) {
    const clean = String(text).trim().replace(/^\+/, "");
    return /^\d{1,15}$/.test(clean) ? Number(clean) : clean;
  }

  function given(text) {
    return text !== undefined && text !== null && String(text).trim() !== "";
  }

  function moneyGiven() {
    return state.players.some((p) => given(p.stake) || given(p.dead)) || given(state.rake);
  }

  function problems() {
    const found = [];
    state.players.forEach((p, seat) => {
      for (const field of ["stake", "dead"]) if (amountProblem(p[field])) found.push(`${seat}.${field}`);
    });
    if (rakeProblem(state.rake)) found.push("rake");
    return found;
  }

  // ---------- rendering ----------

  function focusKey(node) {
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

  function redraw(focus) {
    renderAll(focus);
    evaluate();
  }

  function renderAll(focus) {
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
    if (ranges.started && state.game.name !== ranges.gameName) {
      ranges.gameName = state.game.name;
      rangeGameChanged();
    }
    keepFocus(before);
  }

  function keepFocus(before) {
    // Focus stays where it was after a redraw; a deck card just dealt hands it to the next free one.
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

  function renderBoard() {
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
      renderAll();
      evaluate();
    });
    wrap.append(input);
    setTimeout(check, 0);
    return [wrap, problem];
  }

  function renderPlayers() {
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
        evaluate();
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

  function renderTable() {
    const rake = $("#rake");
    if (document.activeElement !== rake) rake.value = state.rake;
    const why = rakeProblem(rake.value);
    rake.classList.toggle("bad", Boolean(why));
    rake.setAttribute("aria-invalid", why ? "true" : "false");
    $("#rake-problem").textContent = why || "";
    $("#rake-problem").hidden = !why;
    const boards = $("#boards");
    boards.value = String(state.boards.length);
    $("#boards-line").hidden = !state.game || !state.game.board_cards.length;
  }

  function renderDeck() {
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

  function deckKey(event, button) {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13 };
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
    const columns = getComputedStyle($("#deck")).gridTemplateColumns.split(" ").length || 13;
    const step = Math.abs(moves[event.key]) === 13 ? Math.sign(moves[event.key]) * columns : moves[event.key];
    let index = buttons.indexOf(button);
    for (let k = 0; k < buttons.length; k++) {
      index = (index + step + buttons.length) % buttons.length;
      if (!buttons[index].disabled) break;
    }
    button.tabIndex = -1;
    buttons[index].tabIndex = 0;
    buttons[index].focus();
  }

  function renderExamples() {
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

  function exampleLabel(example) {
    const numbered = /^(.*), example (\d+)$/.exec(example.section);
    if (numbered) return `${t(numbered[1])}, ${t("example")} ${numbered[2]}`;
    const exercise = /^Exercise (\d+)$/.exec(example.section);
    if (exercise) return `${t("Exercise")} ${exercise[1]}`;
    return t(example.section);
  }

  function translatePage() {
    document.documentElement.lang = state.lang;
    for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
    for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
    document.title = t("Showdown explorer");
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
    if (ranges.started) {
      renderRanges();
      renderRangeGrid();
      $("#range-weight-value").textContent = weightText(ranges.weight);
    }
  }

  // ---------- results ----------

  function playerRow(seat) {
    return $(`.player[data-seat="${seat}"]`);
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
      const label = el("span", "half-label", t(half === "high" ? "High" : "Low"));
      const strip = el("div", "strip");
      strip.dataset.half = half;
      const plays = value ? splitCards(value.cards) : [];
      const deciding = marks?.[half] || new Set();
      const reasons = state.game.rankings[half] === "badugi" ? badugiReasons(plays, shown) : new Map();
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

  function badugiReasons(plays, shown) {
    // Why a Badugi card is dimmed: it pairs a card that plays, or repeats its suit.
    const reasons = new Map();
    for (const card of shown) {
      if (plays.includes(card)) continue;
      const pair = plays.find((c) => c[0] === card[0]);
      const suit = plays.find((c) => c[1] === card[1]);
      const other = pair || suit;
      if (!other) continue;
      const kind = pair ? "pair" : "suit";
      const words = pair ? "{card} does not play: it pairs {other}" : "{card} does not play: same suit as {other}";
      reasons.set(card, {
        kind,
        text: fmt(words, { card: cardText(card), other: cardText(other) }),
        spoken: fmt(words, { card: cardName(card), other: cardName(other) }),
      });
    }
    return reasons;
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
    // entries: [{seat, value}] -> Map seat -> rank (1 = best; ties share a rank)
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
    // Each hand against the next better one: the first card, in reading order, whose rank differs.
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

  function showResult(last) {
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
            line.textContent = `${t(half === "high" ? "High" : "Low")}: ${names && names.length ? names.join(", ") : t("No qualifying low")}`;
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

  // ---------- the API ----------

  async function call(path, body, signal) {
    const url = `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(state.lang)}`;
    let response;
    try {
      response = await fetch(url, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (error && error.name === "AbortError") throw error;
      throw { message: t("The server does not answer: start it with 'showdown serve' and reload the page."), field: null };
    }
    const data = await response.json();
    if (!response.ok) throw data.error || { message: response.statusText, field: null };
    return data;
  }

  function playerName(player, seat) {
    return player.name.trim() || defaultName(seat);
  }

  function showdownBody() {
    const game = state.game;
    const money = moneyGiven();
    const full = board().length;
    const body = { game: game.name, button: state.button, players: [] };
    const boards = state.boards.map((cards) => cards.filter(Boolean).join(" "));
    if (full) {
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

  async function evaluate() {
    const seq = ++state.seq;
    const game = state.game;
    const sizes = game.board_cards;
    const full = sizes.length ? sizes[sizes.length - 1] : 0;
    const contenders = state.players.filter((p) => !p.folded && !p.mucked);
    const boardsFull = state.boards.every((cards) => cards.filter(Boolean).length === full);
    const first = board().filter(Boolean);
    const handBoards = game.hand_boards || sizes; // Courchevel's lone first card values no hand
    const boardUsable = full === 0 ? first.length === 0 : handBoards.includes(first.length);
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

  // ---------- equity ----------

  function equityQuestion() {
    const game = state.game;
    const first = board().filter(Boolean);
    const sizes = game.board_cards;
    if (state.players.length < 2 || state.boards.length > 1) return null;
    if (state.players.some((p) => p.folded || p.mucked)) return null;
    if (sizes.length) {
      const full = sizes[sizes.length - 1];
      if (first.length === full || !(first.length === 0 || sizes.includes(first.length))) return null;
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
    if (game.name === "holdem") body.grid_seat = Math.min(state.gridSeat, state.players.length - 1);
    return body;
  }

  function percent(x) {
    return `${(100 * x).toFixed(1)}%`;
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

  async function updateEquity() {
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

  // ---------- ranges ----------
  // Each row is a hand or a range in the library's notation; the server reads and writes it
  // (POST /api/range), so the text and the 13x13 grid show one range. A grid edit appends
  // tokens ("AKs:0.5", "AKs:0": a later token sets the weight of the combos it shares) and
  // the server writes the whole back canonically. The "top X%" order comes from
  // GET /api/range-order: the 169 hands by sampled equity against one random hand.

  const GRID = [];
  for (let i = 0; i < 13; i++) {
    for (let j = 0; j < 13; j++) {
      const hi = RANKS[Math.min(i, j)];
      const lo = RANKS[Math.max(i, j)];
      GRID.push(i === j ? hi + lo : hi + lo + (i < j ? "s" : "o"));
    }
  }
  const CLASS_SIZE = (name) => (name.length === 2 ? 6 : name[2] === "s" ? 4 : 12);
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
  };

  function newRangeRow() {
    return { text: "", classes: null, error: null, combos: 0, share: 0, seq: 0, abort: null, timer: null, pending: false };
  }

  function gridGame() {
    return state.game && state.game.name === "holdem";
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
      input.placeholder = state.game.family === "flop" && state.game.hole_cards === 4 ? "AAxx, AKds" : "QQ+, AKs, 76s:0.5";
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
    $("#range-omaha").hidden = !(state.game.hole_cards >= 4 && state.game.family === "flop");
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
    return row && row.classes ? row.classes : GRID.map(() => 0);
  }

  function renderRangeGrid() {
    const grid = $("#range-grid");
    if (!grid || !gridGame()) return;
    if (!grid.children.length) {
      for (let i = 0; i < 13; i++) {
        const line = el("div", "range-line");
        line.setAttribute("role", "row");
        for (let j = 0; j < 13; j++) {
          const index = 13 * i + j;
          const name = GRID[index];
          const cell = el("button", `cell ${i === j ? "pair" : i < j ? "suited" : "offsuit"}`);
          cell.type = "button";
          cell.dataset.class = name;
          cell.dataset.index = index;
          cell.setAttribute("role", "gridcell");
          cell.tabIndex = index === 0 ? 0 : -1;
          cell.append(el("b", "", name), el("small", "eq", ""));
          line.append(cell);
        }
        grid.append(line);
      }
      gridEvents(grid);
    }
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
      const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13 };
      if (!(event.key in moves)) return;
      const cell = event.target.closest(".cell");
      if (!cell) return;
      event.preventDefault();
      const index = Number(cell.dataset.index);
      let next = index + moves[event.key];
      if (Math.abs(moves[event.key]) === 1 && Math.floor(next / 13) !== Math.floor(index / 13)) next = index;
      if (next < 0 || next >= 169) next = index;
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
    if (!row.classes) row.classes = GRID.map(() => 0);
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
    // The longest start of the order whose combos stay within X% of the 1,326 hands.
    const limit = (percentValue / 100) * 1326 + 1e-9;
    const chosen = [];
    let total = 0;
    for (const name of order) {
      total += CLASS_SIZE(name);
      if (total > limit) break;
      chosen.push(name);
    }
    return chosen;
  }

  function rangeOrder() {
    if (ranges.order) return Promise.resolve(ranges.order);
    if (!ranges.orderPromise) {
      $("#range-status").textContent = t("Ranking the 169 hands…");
      ranges.orderPromise = call("/api/range-order")
        .then((answer) => {
          ranges.order = answer.classes;
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
    const chosen = topShare(order, value);
    const combos = chosen.reduce((sum, name) => sum + CLASS_SIZE(name), 0);
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

  function startRanges() {
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

  // ---------- situations, histories, the URL ----------

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

  function resetSituation() {
    const example = state.examples.examples.find((e) => e.id === state.example);
    if (example) loadExample(example, false);
  }

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

  function showHistory() {
    const answer = state.history;
    const list = $("#history-hands");
    const verdict = $("#history-verdict");
    list.replaceChildren();
    verdict.replaceChildren();
    verdict.hidden = true;
    if (!answer) return;
    const skipped = Object.entries(answer.skipped).map(([why, n]) => `${t(why)}: ${n}`).join(", ");
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

  async function pasteHistory() {
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

  function writeUrl() {
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

  function readUrl() {
    const match = /^#s=(.*)$/.exec(location.hash);
    if (!match) return null;
    try {
      return JSON.parse(decodeURIComponent(match[1]));
    } catch (_) {
      return null;
    }
  }

  function loadUrl(data) {
    setGame(data.g);
    const cards = (text) => String(text || "").split(" ").map((c) => (parseTyped(c) && inDeck(c) ? parseTyped(c) : null));
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
    let lang = "en";
    try {
      lang = localStorage.getItem("showdown.lang") || "en";
    } catch (_) {
      lang = "en";
    }
    if (fromUrl && ["en", "ru", "ro"].includes(fromUrl.l)) lang = fromUrl.l;
    const [examples] = await Promise.all([
      fetch("/static/examples.json").then((r) => r.json()),
      setLanguage(["en", "ru", "ro"].includes(lang) ? lang : "en"),
    ]);
    state.examples = examples;
    setGame("holdem");
    setPlayerCount(2);
    if (fromUrl) {
      try {
        loadUrl(fromUrl);
      } catch (_) {
        setGame("holdem");
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
      renderAll("#lang");
      evaluate();
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
    rake.addEventListener("input", () => {
      const why = rakeProblem(rake.value);
      rake.classList.toggle("bad", Boolean(why));
      $("#rake-problem").textContent = why || "";
      $("#rake-problem").hidden = !why;
    });
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
})();
