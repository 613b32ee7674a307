// The table being explored: one object every view reads and every action changes.
// What a game is (its cards, its board, its halves) comes from GET /api/games, kept in
// `state.games`; `state.game` is the one being played.

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;

export const state = {
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

/** The first board (the only one unless the pot is run more than once). */
export const board = () => state.boards[0];
