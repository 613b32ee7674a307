// showdown explorer: deal cards, watch which five play and why. Plain JS, no build step.
"use strict";

(() => {
  const RANKS = "AKQJT98765432";
  const SUITS = ["s", "h", "d", "c"];
  const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
  const MIN_PLAYERS = 2;
  const MAX_PLAYERS = 10;

  const state = {
    lang: "en",
    messages: {},
    games: [],
    game: null,
    players: [],
    board: [],
    active: null,
    examples: { documents: {}, examples: [] },
    example: null,
    seq: 0,
    last: null,
    equitySeq: 0,
    gridSeat: 0,
  };

  const $ = (selector, root = document) => root.querySelector(selector);
  const t = (text) => state.messages[text] || text;

  // ---------- cards ----------

  function cardElement(card, classes = "") {
    const el = document.createElement("div");
    el.className = `card s-${card[1]} ${classes}`.trim();
    el.dataset.card = card;
    const rank = document.createElement("span");
    rank.className = "r";
    rank.textContent = card[0] === "T" ? "10" : card[0];
    const suit = document.createElement("span");
    suit.className = "s";
    suit.textContent = SUIT_SYMBOL[card[1]];
    el.append(rank, suit);
    el.title = card;
    return el;
  }

  function splitCards(text) {
    if (!text) return [];
    return text.split(/[\s,]+/).filter(Boolean);
  }

  function inDeck(card) {
    return !state.game || state.game.ranks.includes(card[0]);
  }

  function usedCards() {
    const used = new Set(state.board.filter(Boolean));
    for (const player of state.players) for (const c of player.cards) if (c) used.add(c);
    return used;
  }

  // ---------- slots ----------

  function slotKeys() {
    const keys = [];
    state.players.forEach((p, seat) => p.cards.forEach((_, i) => keys.push(`p${seat}-${i}`)));
    state.board.forEach((_, i) => keys.push(`b${i}`));
    return keys;
  }

  function getSlot(key) {
    if (key[0] === "b") return state.board[Number(key.slice(1))];
    const [seat, i] = key.slice(1).split("-").map(Number);
    return state.players[seat]?.cards[i];
  }

  function setSlot(key, card) {
    if (key[0] === "b") state.board[Number(key.slice(1))] = card;
    else {
      const [seat, i] = key.slice(1).split("-").map(Number);
      state.players[seat].cards[i] = card;
    }
  }

  function nextEmpty(after) {
    const keys = slotKeys();
    const start = after ? keys.indexOf(after) + 1 : 0;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(start + k) % keys.length];
      if (!getSlot(key)) return key;
    }
    return null;
  }

  function clickSlot(key) {
    if (getSlot(key)) setSlot(key, null);
    state.active = key;
    state.example = null;
    renderAll();
    evaluate();
  }

  function deal(card) {
    if (usedCards().has(card) || !inDeck(card)) return;
    if (!state.active || getSlot(state.active)) state.active = nextEmpty(state.active);
    if (!state.active) return;
    setSlot(state.active, card);
    state.active = nextEmpty(state.active);
    state.example = null;
    renderAll();
    evaluate();
  }

  // ---------- players and game ----------

  function newPlayer(seat) {
    return { name: `${t("Player")} ${seat + 1}`, cards: [], stake: "" };
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
    state.board = Array.from({ length: boardSize }, (_, i) => {
      const card = state.board[i] || null;
      return card && inDeck(card) ? card : null;
    });
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

  // ---------- rendering ----------

  function renderSlot(key) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "slot";
    button.dataset.slot = key;
    const card = getSlot(key);
    if (card) {
      button.classList.add("filled");
      button.append(cardElement(card));
      button.setAttribute("aria-label", card);
    } else {
      button.textContent = "+";
      button.setAttribute("aria-label", "empty");
    }
    if (state.active === key) button.classList.add("active");
    button.addEventListener("click", () => clickSlot(key));
    return button;
  }

  function renderBoard() {
    const row = $(".board-row");
    row.hidden = state.board.length === 0;
    const board = $("#board");
    board.replaceChildren(...state.board.map((_, i) => renderSlot(`b${i}`)));
  }

  function renderPlayers() {
    const list = $("#players");
    const rows = state.players.map((player, seat) => {
      const row = document.createElement("div");
      row.className = "player";
      row.dataset.seat = seat;

      const head = document.createElement("div");
      head.className = "seat";
      const name = document.createElement("input");
      name.type = "text";
      name.className = "player-name";
      name.value = player.name;
      name.maxLength = 40;
      name.setAttribute("aria-label", `${t("Player")} ${seat + 1}`);
      name.addEventListener("change", () => {
        player.name = name.value.trim() || `${t("Player")} ${seat + 1}`;
        name.value = player.name;
        state.example = null;
        evaluate();
      });
      const stakeLine = document.createElement("label");
      stakeLine.className = "stake-line";
      const stakeText = document.createElement("span");
      stakeText.textContent = t("Stake");
      const stake = document.createElement("input");
      stake.type = "number";
      stake.min = "0";
      stake.step = "1";
      stake.className = "stake";
      stake.value = player.stake;
      stake.addEventListener("change", () => {
        player.stake = stake.value;
        evaluate();
      });
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.hidden = true;
      stakeLine.append(stakeText, stake);
      head.append(name, stakeLine, badge);

      const hole = document.createElement("div");
      hole.className = "slots hole";
      hole.append(...player.cards.map((_, i) => renderSlot(`p${seat}-${i}`)));

      const hands = document.createElement("div");
      hands.className = "hands";
      row.append(head, hole, hands);
      return row;
    });
    list.replaceChildren(...rows);
    $("#add-player").disabled = state.players.length >= MAX_PLAYERS;
    $("#remove-player").disabled = state.players.length <= MIN_PLAYERS;
  }

  function renderDeck() {
    const used = usedCards();
    const deck = $("#deck");
    if (!deck.children.length) {
      for (const suit of SUITS) {
        for (const rank of RANKS) {
          const card = rank + suit;
          const button = document.createElement("button");
          button.type = "button";
          button.className = "pick";
          button.dataset.card = card;
          button.setAttribute("aria-label", card);
          button.append(cardElement(card));
          button.addEventListener("click", () => deal(card));
          deck.append(button);
        }
      }
    }
    for (const button of deck.children) {
      const card = button.dataset.card;
      button.classList.toggle("used", used.has(card));
      button.classList.toggle("off", !inDeck(card));
      button.disabled = used.has(card) || !inDeck(card);
    }
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
      const group = document.createElement("div");
      group.className = "example-group";
      const title = document.createElement("h3");
      const documentTitle = state.examples.documents[seed];
      title.textContent = documentTitle || t("More");
      if (documentTitle) {
        const small = document.createElement("small");
        small.textContent = ` · ${seed}`;
        title.append(small);
      }
      const list = document.createElement("div");
      list.className = "example-list";
      for (const example of examples) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "example";
        button.dataset.id = example.id;
        button.textContent = `${t(example.topic)} ${example.number}`;
        button.title = example.section;
        if (state.example === example.id) button.classList.add("current");
        button.addEventListener("click", () => loadExample(example));
        list.append(button);
      }
      group.append(title, list);
      sections.push(group);
    }
    root.replaceChildren(...sections);
  }

  function translatePage() {
    document.documentElement.lang = state.lang;
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    document.title = t("Showdown explorer");
    const select = $("#game");
    select.replaceChildren(
      ...state.games.map((g) => {
        const option = document.createElement("option");
        option.value = g.name;
        option.textContent = g.title;
        return option;
      }),
    );
    if (state.game) select.value = state.game.name;
  }

  function renderAll() {
    renderBoard();
    renderPlayers();
    renderDeck();
    renderExamples();
    if (state.last) showResult(state.last);
  }

  // ---------- results ----------

  function playerRow(seat) {
    return $(`.player[data-seat="${seat}"]`);
  }

  function renderHands(seat, hands) {
    const row = playerRow(seat);
    if (!row) return;
    const box = $(".hands", row);
    box.replaceChildren();
    if (!hands) return;
    const player = state.players[seat];
    const own = player.cards.filter(Boolean);
    const shown = [...own, ...state.board.filter(Boolean)];
    for (const half of state.game.halves) {
      const value = hands[half];
      const line = document.createElement("div");
      line.className = "half";
      line.dataset.half = half;
      const label = document.createElement("span");
      label.className = "half-label";
      label.textContent = t(half === "high" ? "High" : "Low");
      const strip = document.createElement("div");
      strip.className = "strip";
      strip.dataset.half = half;
      const plays = new Set(value ? splitCards(value.cards) : []);
      for (const card of shown) {
        const el = cardElement(card, plays.has(card) ? "plays" : "idle");
        if (state.board.includes(card)) {
          const from = document.createElement("span");
          from.className = "from";
          from.textContent = "▪";
          el.append(from);
        }
        strip.append(el);
      }
      const desc = document.createElement("div");
      desc.className = value ? "desc" : "desc none";
      desc.textContent = value ? value.description : t("No qualifying low");
      line.append(label, strip, desc);
      box.append(line);
    }
  }

  function clearResult() {
    $("#winners").replaceChildren();
    $("#winners").dataset.names = "[]";
    $("#pots").replaceChildren();
    $("#error").hidden = true;
    $("#status").textContent = "";
    for (const row of document.querySelectorAll(".player")) {
      row.classList.remove("winner");
      const badge = $(".badge", row);
      badge.hidden = true;
      $(".hands", row).replaceChildren();
    }
  }

  function showResult(last) {
    clearResult();
    if (last.kind === "error") {
      const box = $("#error");
      box.hidden = false;
      box.textContent = `${t("Error")}: ${last.error.field ? last.error.field + ": " : ""}${last.error.message}`;
      return;
    }
    if (last.kind === "hands") {
      last.hands.forEach((hands, seat) => renderHands(seat, hands));
      $("#status").textContent = last.status;
      return;
    }
    const result = last.result;
    result.players.forEach((player, seat) => {
      renderHands(seat, player.hands);
      const row = playerRow(seat);
      if (!row) return;
      const won = result.winners.includes(player.name);
      row.classList.toggle("winner", won);
      const badge = $(".badge", row);
      if (won) {
        const whole = player.share === "1";
        badge.hidden = false;
        badge.classList.toggle("split", !whole);
        badge.textContent = whole ? t("Winner") : `${t("Share")} ${player.share}`;
        if (player.stake || player.payout) badge.textContent += ` · ${player.payout}`;
      }
    });
    const winners = $("#winners");
    winners.dataset.names = JSON.stringify(result.winners);
    const label = document.createElement("span");
    label.textContent = `${t(result.winners.length > 1 ? "Winners" : "Winner")}: `;
    const names = document.createElement("span");
    names.className = "names";
    names.textContent = result.winners.join(", ");
    winners.append(label, names);
    if (result.winners.length > 1) {
      const tag = document.createElement("span");
      tag.className = "badge split tag";
      tag.textContent = t("Split pot");
      winners.append(tag);
    }
    const pots = $("#pots");
    for (const pot of result.pots) {
      const item = document.createElement("li");
      item.dataset.kind = pot.kind;
      if (pot.amount) {
        const head = document.createElement("span");
        head.className = "pot-head";
        head.textContent = `${pot.amount}`;
        item.append(head);
      }
      item.append(document.createTextNode(pot.explanation));
      pots.append(item);
    }
  }

  // ---------- the API ----------

  async function call(path, body) {
    const url = `${path}?lang=${encodeURIComponent(state.lang)}`;
    const response = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw data.error || { message: response.statusText, field: null };
    return data;
  }

  function playerName(player, seat) {
    return player.name.trim() || `${t("Player")} ${seat + 1}`;
  }

  async function evaluate() {
    const seq = ++state.seq;
    const game = state.game;
    const board = state.board.filter(Boolean);
    const sizes = game.board_cards;
    const full = sizes.length ? sizes[sizes.length - 1] : 0;
    const complete = state.players.map((p) => p.cards.every(Boolean));
    const boardUsable = full === 0 ? board.length === 0 : game.hand_boards.includes(board.length);
    let last;
    try {
      if (complete.every(Boolean) && board.length === full) {
        const staked = state.players.some((p) => Number(p.stake) > 0);
        const body = {
          game: game.name,
          board: full ? board.join(" ") : null,
          players: state.players.map((p, seat) => {
            const entry = { name: playerName(p, seat), cards: p.cards.join(" ") };
            if (staked) entry.stake = Math.max(0, Math.trunc(Number(p.stake) || 0));
            return entry;
          }),
        };
        last = { kind: "showdown", result: await call("/api/showdown", body) };
      } else {
        const hands = await Promise.all(
          state.players.map((p, seat) =>
            complete[seat] && boardUsable
              ? call("/api/hand", {
                  game: game.name,
                  cards: p.cards.join(" "),
                  board: board.length ? board.join(" ") : null,
                }).then((r) => r.hands)
              : Promise.resolve(null),
          ),
        );
        const anyone = complete.filter(Boolean).length;
        last = {
          kind: "hands",
          hands,
          status: anyone >= 2 ? t("Deal every card to decide the pot.") : t("Deal at least two players a full hand."),
        };
      }
    } catch (error) {
      last = { kind: "error", error };
    }
    if (seq !== state.seq) return;
    state.last = last;
    showResult(last);
    document.body.dataset.ready = String(seq);
    updateEquity();
  }

  // ---------- equity ----------

  function equityQuestion() {
    const game = state.game;
    const board = state.board.filter(Boolean);
    const sizes = game.board_cards;
    if (state.players.length < 2) return null;
    if (sizes.length) {
      const full = sizes[sizes.length - 1];
      if (board.length === full || !(board.length === 0 || sizes.includes(board.length))) return null;
      if (!state.players.every((p) => p.cards.every(Boolean))) return null;
    } else {
      const held = state.players.map((p) => p.cards.filter(Boolean).length);
      if (held.some((n) => n === 0) || held.every((n, seat) => n === state.players[seat].cards.length)) return null;
    }
    const body = {
      game: game.name,
      hands: state.players.map((p) => p.cards.filter(Boolean).join("")),
      board: board.length ? board.join(" ") : null,
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

  function showEquity(result) {
    const box = $("#equity");
    box.replaceChildren();
    if (!result) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const head = document.createElement("h2");
    head.textContent = `${t("Equity")} · ${t(result.exact ? "exact" : "sampled")}`;
    box.append(head);
    result.players.forEach((player, seat) => {
      const row = document.createElement("div");
      row.className = "bar-row";
      row.dataset.seat = seat;
      row.title = `${t("win")} ${percent(player.win)} · ${t("tie")} ${percent(player.tie)}`;
      if (result.grid && result.grid.seat === seat) row.classList.add("grid-seat");
      const name = document.createElement("span");
      name.className = "bar-name";
      name.textContent = playerName(state.players[seat], seat);
      const bar = document.createElement("div");
      bar.className = "bar";
      const win = document.createElement("span");
      win.className = "win";
      win.style.width = percent(player.win);
      const tie = document.createElement("span");
      tie.className = "tie";
      tie.style.width = percent(Math.max(0, player.equity - player.win));
      bar.append(win, tie);
      const value = document.createElement("span");
      value.className = "bar-value";
      value.textContent = percent(player.equity);
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
      const title = document.createElement("h3");
      title.className = "grid-title";
      title.textContent = `${t("Starting hands against the other players")} · ${playerName(state.players[result.grid.seat], result.grid.seat)}`;
      const grid = document.createElement("div");
      grid.className = "grid13";
      result.grid.classes.forEach((name, i) => {
        const cell = document.createElement("div");
        const value = result.grid.equity[i];
        cell.dataset.class = name;
        cell.textContent = name;
        if (value === null) {
          cell.className = "none";
          cell.title = name;
        } else {
          cell.style.background = gridColour(value, result.players.length);
          cell.title = `${name}: ${percent(value)}`;
        }
        grid.append(cell);
      });
      box.append(title, grid);
    }
  }

  async function updateEquity() {
    const seq = ++state.equitySeq;
    const body = equityQuestion();
    if (!body) {
      showEquity(null);
      return;
    }
    try {
      const result = await call("/api/equity", body);
      if (seq === state.equitySeq) showEquity(result);
    } catch (_) {
      if (seq === state.equitySeq) showEquity(null);
    }
  }

  // ---------- actions ----------

  function loadExample(example) {
    setGame(example.game);
    state.players = example.players.map((p) => ({ name: p.name, cards: splitCards(p.cards), stake: "" }));
    state.board = splitCards(example.board);
    fitToGame();
    state.active = nextEmpty(null);
    state.example = example.id;
    state.last = null;
    renderAll();
    evaluate();
  }

  function randomDeal() {
    const used = usedCards();
    const deck = [];
    for (const suit of SUITS) for (const rank of RANKS) if (!used.has(rank + suit) && inDeck(rank + suit)) deck.push(rank + suit);
    for (const key of slotKeys()) {
      if (getSlot(key) || !deck.length) continue;
      const pick = deck.splice(Math.floor(Math.random() * deck.length), 1)[0];
      setSlot(key, pick);
    }
    state.active = nextEmpty(null);
    state.example = null;
    renderAll();
    evaluate();
  }

  function clearAll() {
    for (const player of state.players) player.cards = player.cards.map(() => null);
    state.board = state.board.map(() => null);
    state.active = nextEmpty(null);
    state.example = null;
    state.last = null;
    renderAll();
    evaluate();
  }

  async function setLanguage(lang) {
    state.lang = lang;
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
      if (p.name === `${oldWord} ${seat + 1}`) p.name = `${t("Player")} ${seat + 1}`;
    });
    translatePage();
  }

  async function start() {
    let lang = "en";
    try {
      lang = localStorage.getItem("showdown.lang") || "en";
    } catch (_) {
      lang = "en";
    }
    const [examples] = await Promise.all([
      fetch("/static/examples.json").then((r) => r.json()),
      setLanguage(["en", "ru", "ro"].includes(lang) ? lang : "en"),
    ]);
    state.examples = examples;
    setGame("holdem");
    setPlayerCount(2);
    state.active = nextEmpty(null);
    renderAll();

    $("#game").addEventListener("change", (e) => {
      setGame(e.target.value);
      state.example = null;
      renderAll();
      evaluate();
    });
    $("#lang").addEventListener("change", async (e) => {
      await setLanguage(e.target.value);
      renderAll();
      evaluate();
    });
    $("#add-player").addEventListener("click", () => {
      setPlayerCount(state.players.length + 1);
      state.example = null;
      renderAll();
      evaluate();
    });
    $("#remove-player").addEventListener("click", () => {
      setPlayerCount(state.players.length - 1);
      state.example = null;
      renderAll();
      evaluate();
    });
    $("#random-deal").addEventListener("click", randomDeal);
    $("#clear").addEventListener("click", clearAll);
    await evaluate();
  }

  start().catch((error) => {
    const box = $("#error");
    box.hidden = false;
    box.textContent = String(error && error.message ? error.message : error);
  });
})();
