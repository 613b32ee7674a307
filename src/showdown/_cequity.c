/*
 * showdown._cequity: the compiled core's equity and census kernels.
 *
 * Exact enumeration (every board dealt: exact_counts; by board ranks: exact_board_ranks
 * for Hold'em-like games, exact_omaha_ranks for Omaha; the completions of partial
 * hands: complete_hands; the preflop table's plain check: heads_up_boards), seeded
 * Monte Carlo (sample_counts, and sample_chunks on threads of its own: splitmix64,
 * Lemire's bounded integers, a few draws from each 32-bit half of a random word) and
 * the census (keyed_census). Every deal is scored in whole units, as the readable
 * reference scores it (showdown.equity.reference: POT units a pot, the same columns),
 * and the tests compare every exact count with that reference's, to the last unit, on
 * random spots of every game; a seeded sample's counts are kept as expected results.
 * showdown._kernels.engine calls these where the extension is built (and
 * SHOWDOWN_ENGINE is not "readable"); elsewhere the readable reference answers.
 *
 * This file holds no table. Every strength it reads comes from showdown's Python
 * code (showdown._kernels.tables, built from the rule tables), handed in as buffers:
 * the per-card keys once, by configure(), and per call the game's arrays in the order
 * of EquityTables.arrays():
 *   (rankings, offsets, ranks0, ranks1, flushes0, flushes1, use_flush, five_keys,
 *    fives, low_ranks, lows, badugi, binomials)
 * What is here is the key arithmetic (sums of card keys, suit counters, rank masks,
 * combination indexes), the lookups (the shared valuers of _core.h), and C(n, k) and
 * POT / n, which are arithmetic.
 *
 * The kernels check the shapes of what they are given (a bad shape is a ValueError,
 * never a read out of bounds) but not the values beyond the card codes: the callers pass
 * valid, distinct cards. Each runs without the GIL, so threads run them in parallel.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#define CHUNK_THREADS 1
#include <pthread.h>
#endif

#include "_core.h" /* the hand key's layout (configure() checks it), the shared valuers */

#define HASH_SHIFT 8
#define HASH_SIZE (1LL << 17)
#define SLOT_MASK (HASH_SIZE - 1)

/* The columns and units of the counts (showdown.equity.reference). */
#define POT 5040
#define COLUMNS 6
#define WIN 0
#define TIE 1
#define SHARE 2
#define HIGH 3
#define LOW 4
#define SHARE_SQ 5
#define ANY_MIX 0
#define OMAHA 1
#define BADUGI 2
#define BOARD_HIGH 3

#define MAX_PLAYERS 10 /* POT / n is whole for n <= 10 */
#define MAX_HOLE 16
#define MAX_BOARD 8
#define GROUP_PRODUCT (1LL << 24)
#define HALF 0xFFFFFFFFLL

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define MIX1 0xBF58476D1CE4E5B9ULL
#define MIX2 0x94D049BB133111EBULL

static int64_t CARD_KEYS[52];  /* configure(): per card code, its rank key + its suit's one */
static int64_t RANK_KEY[13];   /* configure(): per rank, its rank key */
static int64_t CARD_BIT[52];   /* per card code, the bit of its rank */
static int64_t BINOMIAL[20][8]; /* C(n, k): the index of a multiset of board ranks */
static int64_t PART[11];       /* POT / n */
static int64_t HALF_PART[11];  /* POT / 2 / n */
static int64_t MAX_ROW;        /* configure(): the last row of the perfect hash a key reaches */
static int configured = 0;

/* ------------------------------------------------------------------ buffers */

#define MAX_VIEWS 32

typedef struct {
    Py_buffer views[MAX_VIEWS];
    int n;
} Views;

static void
views_release(Views *v)
{
    for (int i = 0; i < v->n; i++) {
        PyBuffer_Release(&v->views[i]);
    }
    v->n = 0;
}

/* A C-contiguous buffer of `kind` items: 'q' int64, 'i' int32, 'H' uint16, 'd' double;
 * `ndim` dimensions (0: any). The view is kept in `v` until views_release. */
static Py_buffer *
take(Views *v, PyObject *obj, char kind, int ndim, int writable, const char *what)
{
    if (v->n >= MAX_VIEWS) {
        PyErr_SetString(PyExc_RuntimeError, "too many buffers");
        return NULL;
    }
    Py_buffer *view = &v->views[v->n];
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        return NULL;
    }
    const char *format = view->format ? view->format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@') {
        format++;
    }
    Py_ssize_t itemsize;
    const char *accepted;
    switch (kind) {
    case 'q': itemsize = 8; accepted = "lq"; break;
    case 'i': itemsize = 4; accepted = "il"; break;
    case 'H': itemsize = 2; accepted = "H"; break;
    default: itemsize = 8; accepted = "d"; break;
    }
    if ((ndim && view->ndim != ndim) || view->itemsize != itemsize || strlen(format) != 1 ||
        strchr(accepted, format[0]) == NULL) {
        PyErr_Format(PyExc_TypeError, "%s: expected a contiguous %d-dimensional array of %c",
                     what, ndim, kind);
        PyBuffer_Release(view);
        return NULL;
    }
    v->n++;
    return view;
}

static Py_ssize_t
items(const Py_buffer *view)
{
    return view->len / view->itemsize;
}

static int
as_int64(PyObject *obj, int64_t *out, const char *what)
{
    PyObject *index = PyNumber_Index(obj);
    if (index == NULL) {
        return -1;
    }
    long long value = PyLong_AsLongLong(index);
    Py_DECREF(index);
    if (value == -1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "%s: out of range", what);
        return -1;
    }
    *out = (int64_t)value;
    return 0;
}

/* ------------------------------------------------------------------ tables */

typedef struct {
    int rankings;
    const int32_t *offsets;
    const uint16_t *ranks0, *ranks1, *flushes0, *flushes1;
    const int64_t *use_flush;
    const int64_t *five_keys;
    const uint16_t *fives;
    int64_t low_ranks;
    const uint16_t *lows;
    const uint16_t *badugi;
    const int64_t *binomials; /* C(n, k) at k * stride + n */
    Py_ssize_t stride;
    const Py_buffer *views[13]; /* the arrays' views (by position; NULL for the two ints) */
} Tables;

/* The game's arrays, a tuple in the order of EquityTables.arrays(). */
static int
take_tables(Views *v, PyObject *arrays, Tables *t)
{
    if (!PyTuple_Check(arrays) || PyTuple_GET_SIZE(arrays) != 13) {
        PyErr_SetString(PyExc_TypeError, "tables: expected the 13 arrays of EquityTables.arrays()");
        return -1;
    }
    int64_t rankings, low_ranks;
    if (as_int64(PyTuple_GET_ITEM(arrays, 0), &rankings, "rankings") < 0 ||
        as_int64(PyTuple_GET_ITEM(arrays, 9), &low_ranks, "low_ranks") < 0) {
        return -1;
    }
    if (rankings < 1 || rankings > 2) {
        PyErr_SetString(PyExc_ValueError, "tables: one or two rankings");
        return -1;
    }
    Py_buffer *b[13];
    static const char kinds[13] = {0, 'i', 'H', 'H', 'H', 'H', 'q', 'q', 'H', 0, 'H', 'H', 'q'};
    for (int i = 0; i < 13; i++) {
        if (!kinds[i]) {
            continue;
        }
        b[i] = take(v, PyTuple_GET_ITEM(arrays, i), kinds[i], 0, 0, "tables");
        if (b[i] == NULL) {
            return -1;
        }
    }
    if (items(b[1]) <= MAX_ROW || items(b[6]) < rankings || items(b[7]) < 52 ||
        b[12]->ndim != 2 || b[12]->shape[0] < 5 || b[12]->shape[1] < 52) {
        PyErr_SetString(PyExc_ValueError, "tables: arrays of the wrong shape");
        return -1;
    }
    t->rankings = (int)rankings;
    t->offsets = b[1]->buf;
    t->ranks0 = b[2]->buf;
    t->ranks1 = b[3]->buf;
    t->flushes0 = b[4]->buf;
    t->flushes1 = b[5]->buf;
    t->use_flush = b[6]->buf;
    t->five_keys = b[7]->buf;
    t->fives = b[8]->buf;
    t->low_ranks = low_ranks;
    t->lows = b[10]->buf;
    t->badugi = b[11]->buf;
    t->binomials = b[12]->buf;
    t->stride = b[12]->shape[1];
    for (int i = 0; i < 13; i++) {
        t->views[i] = kinds[i] ? b[i] : NULL;
    }
    return 0;
}

/* Sets of table copies for calls that run at once (several threads of a Monte Carlo run
 * or an exact enumeration, each calling in with its own chunks): the first call reads the
 * arrays given, a call made while it runs reads set 1 of copies of them, the next set 2,
 * and so on. Two cores reading the same table lines at random, each from its own cache,
 * scaled 1.0-1.4x on a rented Sapphire Rapids machine where they scaled 1.6-1.8x
 * reading copies (a bare loop of lookups in a 1 MB table). The copies are made on first
 * use and kept, with a reference to the array they copy (so that its memory is never
 * that of another array); only with the GIL held. */
#define TABLE_SETS 8
#define MAX_COPIED 64
typedef struct {
    PyObject *owner;
    const void *buf;
    Py_ssize_t len;
    void *copies[TABLE_SETS];
} CopiedTable;
static CopiedTable copied_tables[MAX_COPIED];
static int n_copied_tables = 0;
static unsigned table_sets_busy = 0;

/* Where set `set` reads `view`'s array from: a copy, or the array itself (a small one, no
 * room to keep another, no memory). */
static const void *
table_copy(const Py_buffer *view, int set)
{
    if (view == NULL || view->len < 4096 || view->obj == NULL) {
        return view == NULL ? NULL : view->buf;
    }
    CopiedTable *kept = NULL;
    for (int i = 0; i < n_copied_tables && kept == NULL; i++) {
        if (copied_tables[i].owner == view->obj && copied_tables[i].buf == view->buf &&
            copied_tables[i].len == view->len) {
            kept = &copied_tables[i];
        }
    }
    if (kept == NULL) {
        if (n_copied_tables == MAX_COPIED) {
            return view->buf;
        }
        kept = &copied_tables[n_copied_tables++];
        Py_INCREF(view->obj);
        *kept = (CopiedTable){view->obj, view->buf, view->len, {NULL}};
    }
    if (kept->copies[set] == NULL) {
        void *copy = NULL;
        if (posix_memalign(&copy, 64, (size_t)view->len) != 0) {
            return view->buf;
        }
        memcpy(copy, view->buf, (size_t)view->len);
        kept->copies[set] = copy;
    }
    return kept->copies[set];
}

/* The first set no running call holds, taken for this call (set 0: the arrays given, or
 * -1 where every set is held: the arrays given too), with `t` moved onto its copies. */
static int
claim_tables(Tables *t)
{
    int set = 0;
    while (set < TABLE_SETS && ((table_sets_busy >> set) & 1)) {
        set++;
    }
    if (set == TABLE_SETS) {
        return -1;
    }
    table_sets_busy |= 1u << set;
    if (set > 0) {
        t->offsets = table_copy(t->views[1], set);
        t->ranks0 = table_copy(t->views[2], set);
        t->ranks1 = table_copy(t->views[3], set);
        t->flushes0 = table_copy(t->views[4], set);
        t->flushes1 = table_copy(t->views[5], set);
        t->use_flush = table_copy(t->views[6], set);
        t->five_keys = table_copy(t->views[7], set);
        t->fives = table_copy(t->views[8], set);
        t->lows = table_copy(t->views[10], set);
        t->badugi = table_copy(t->views[11], set);
        t->binomials = table_copy(t->views[12], set);
    }
    return set;
}

static void
release_tables(int set)
{
    if (set >= 0) {
        table_sets_busy &= ~(1u << set);
    }
}

/* ------------------------------------------------------------------ valuing a hand */

static ALWAYS_INLINE int64_t
lookup(int64_t key, const int32_t *offsets, const uint16_t *ranks)
{
    return core_lookup(ranks, offsets, HASH_SHIFT, SLOT_MASK, key);
}

/* Each ranking's value of five to seven cards of rank key `rank_key` into out[0..1]:
 * where `flushed`, their flush's suited rank mask is `bits` (with `five` cards, a flush
 * of a ranking with flushes is the value). */
static ALWAYS_INLINE void
rank_values(const Tables *t, int64_t rank_key, int flushed, int64_t bits, int five, int64_t *out)
{
    for (int r = 0; r < t->rankings; r++) {
        int64_t value = lookup(rank_key, t->offsets, r == 0 ? t->ranks0 : t->ranks1);
        if (flushed && t->use_flush[r]) {
            int64_t suited = (r == 0 ? t->flushes0 : t->flushes1)[bits];
            if (five || suited > value) {
                value = suited;
            }
        }
        out[r] = value;
    }
}

/* Values of the best five of cards[:n] (5 to 7), per ranking, into out[0..1]. */
static ALWAYS_INLINE void
value_any_mix(const int64_t *cards, int n, const Tables *t, int64_t *out)
{
    int64_t key = KEY_START;
    for (int i = 0; i < n; i++) {
        key += CARD_KEYS[cards[i]];
    }
    int64_t rank_key = key & RANK_BITS;
    int64_t flushed = key & FLUSH_BITS;
    uint32_t bits = flushed ? core_suit_mask_i64(cards, n, core_flush_suit(key)) : 0;
    rank_values(t, rank_key, flushed != 0, bits, n == 5, out);
}

/* Key, suit (-1: mixed) and rank bits of each three-card subset of a five-card board;
 * returns the board's rank bits. */
static int64_t
board_triples(const int64_t *board, const int64_t *five_keys, int64_t *triple_key,
              int64_t *triple_suit, int64_t *triple_bits)
{
    int t = 0;
    for (int a = 0; a < 3; a++) {
        for (int b = a + 1; b < 4; b++) {
            for (int c = b + 1; c < 5; c++) {
                int64_t x = board[a], y = board[b], z = board[c];
                triple_key[t] = five_keys[x] + five_keys[y] + five_keys[z];
                int64_t s = x & 3;
                triple_suit[t] = ((y & 3) == s && (z & 3) == s) ? s : -1;
                triple_bits[t] = CARD_BIT[x] | CARD_BIT[y] | CARD_BIT[z];
                t++;
            }
        }
    }
    int64_t bits = 0;
    for (int i = 0; i < 5; i++) {
        bits |= CARD_BIT[board[i]];
    }
    return bits;
}

/* The best two-plus-three high (and low) of one Omaha hand, into out[0..1]. */
static void
value_omaha(const int64_t *hand, int n_hole, int64_t board_bits, const int64_t *triple_key,
            const int64_t *triple_suit, const int64_t *triple_bits, const Tables *t,
            int64_t *out)
{
    int two = t->rankings == 2;
    int with_flush = t->use_flush[0] == 1;
    int board_low = two && core_popcount((uint64_t)board_bits & t->low_ranks) >= 3;
    int64_t high = 0, low = 0;
    for (int i = 0; i < n_hole - 1; i++) {
        for (int j = i + 1; j < n_hole; j++) {
            int64_t a = hand[i], b = hand[j];
            int64_t pair_key = t->five_keys[a] + t->five_keys[b];
            int64_t pair_bits = CARD_BIT[a] | CARD_BIT[b];
            int suited = with_flush && (a & 3) == (b & 3);
            int64_t pair_suit = a & 3;
            int pair_low = board_low && (pair_bits & t->low_ranks) == pair_bits && (a >> 2) != (b >> 2);
            for (int k = 0; k < 10; k++) {
                int64_t bits = pair_bits | triple_bits[k];
                int64_t value;
                if (suited && triple_suit[k] == pair_suit) {
                    value = t->flushes0[bits];
                } else {
                    value = t->fives[pair_key + triple_key[k]];
                }
                if (value > high) {
                    high = value;
                }
                if (pair_low) {
                    int64_t v = t->lows[bits];
                    if (v > low) {
                        low = v;
                    }
                }
            }
        }
    }
    out[0] = high;
    if (two) {
        out[1] = low;
    }
}

/* The value of four Badugi cards: the codes sorted, the table of every hand indexed. */
static ALWAYS_INLINE int64_t
value_badugi(const int64_t *hand, const Tables *t)
{
    return t->badugi[core_badugi_index((int)hand[0], (int)hand[1], (int)hand[2], (int)hand[3],
                                       t->binomials, t->stride)];
}

typedef int64_t Values[MAX_PLAYERS][2];

/* Every player's value of one deal (kind ANY_MIX, OMAHA or BADUGI). */
static void
value_deal(int kind, const int64_t *hands, int players, int n_hole, const int64_t *board,
           int n_board, const Tables *t, Values values)
{
    int64_t cards[MAX_HOLE + MAX_BOARD];
    int64_t triple_key[10], triple_suit[10], triple_bits[10];
    int64_t board_bits = 0;
    if (kind == OMAHA) {
        board_bits = board_triples(board, t->five_keys, triple_key, triple_suit, triple_bits);
    }
    for (int p = 0; p < players; p++) {
        const int64_t *hand = hands + p * n_hole;
        if (kind == ANY_MIX) {
            for (int i = 0; i < n_hole; i++) {
                cards[i] = hand[i];
            }
            for (int i = 0; i < n_board; i++) {
                cards[n_hole + i] = board[i];
            }
            value_any_mix(cards, n_hole + n_board, t, values[p]);
        } else if (kind == OMAHA) {
            value_omaha(hand, n_hole, board_bits, triple_key, triple_suit, triple_bits, t,
                        values[p]);
        } else {
            values[p][0] = value_badugi(hand, t);
        }
    }
}

/* ------------------------------------------------------------------ scoring a deal */

/* Add one deal's outcome, `weight` times, to counts (players x COLUMNS). */
static ALWAYS_INLINE void
score(Values values, int players, int rankings, int64_t *counts, int64_t weight)
{
    int64_t best_high = 0, best_low = 0;
    int n_high = 0, n_low = 0;
    for (int p = 0; p < players; p++) {
        int64_t v = values[p][0];
        if (v > best_high) {
            best_high = v;
            n_high = 1;
        } else if (v == best_high) {
            n_high++;
        }
    }
    if (rankings == 2) {
        for (int p = 0; p < players; p++) {
            int64_t v = values[p][1];
            if (v > best_low) {
                best_low = v;
                n_low = 1;
            } else if (v == best_low && v > 0) {
                n_low++;
            }
        }
    }
    int64_t high_part = n_low == 0 ? PART[n_high] : HALF_PART[n_high];
    int64_t low_part = HALF_PART[n_low];
    for (int p = 0; p < players; p++) {
        int64_t high = values[p][0] == best_high ? high_part : 0;
        int64_t low = (n_low > 0 && values[p][1] == best_low) ? low_part : 0;
        int64_t share = high + low;
        if (share == 0) {
            continue;
        }
        int64_t *row = counts + p * COLUMNS;
        if (share == POT) {
            row[WIN] += weight;
        } else {
            row[TIE] += weight;
        }
        row[SHARE] += share * weight;
        row[HIGH] += high * weight;
        row[LOW] += low * weight;
        row[SHARE_SQ] += share * share * weight;
    }
}

/* One sampled deal's outcome: heads-up, tallied into won[0..2] (the first's wins, the
 * second's, the ties: heads_up_columns makes the columns at the end); else scored. */
static ALWAYS_INLINE void
tally(Values values, int players, int rankings, int heads_up, int64_t *won, int64_t *counts)
{
    if (heads_up) {
        int64_t v0 = values[0][0], v1 = values[1][0];
        won[0] += v0 > v1;
        won[1] += v1 > v0;
        won[2] += v0 == v1;
    } else {
        score(values, players, rankings, counts, 1);
    }
}

/* A heads-up run's columns from its tallies (one ranking): won[0..2] as tally's. */
static void
heads_up_columns(int64_t *counts, const int64_t *tallies)
{
    const int64_t half = POT / 2, tie = tallies[2];
    for (int p = 0; p < 2; p++) {
        int64_t won = tallies[p];
        int64_t *row = counts + p * COLUMNS;
        row[WIN] = won;
        row[TIE] = tie;
        row[SHARE] = won * POT + tie * half;
        row[HIGH] = row[SHARE];
        row[SHARE_SQ] = won * POT * POT + tie * half * half;
    }
}

/* ------------------------------------------------------------------ exact enumeration */

/* How many cards of each rank the mask of card codes `cards` holds. */
static void
rank_counts(int64_t cards, int64_t *counts)
{
    for (int r = 0; r < 13; r++) {
        counts[r] = 0;
        for (int s = 0; s < 4; s++) {
            counts[r] += (cards >> (4 * r + s)) & 1;
        }
    }
}

static int64_t
choose(int64_t n, int64_t k)
{
    if (k < 0 || k > n) {
        return 0;
    }
    int64_t result = 1;
    for (int64_t i = 0; i < k; i++) {
        result = result * (n - i) / (i + 1);
    }
    return result;
}

/* Advance index[:k] to the next k-subset of range(n); 0 after the last. */
static int
next_combination(int64_t *index, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && index[i] == n - k + i) {
        i--;
    }
    if (i < 0) {
        return 0;
    }
    index[i]++;
    for (int j = i + 1; j < k; j++) {
        index[j] = index[j - 1] + 1;
    }
    return 1;
}

/* The cards of `free_cards` (a mask of codes) of `suit` into `in_suit` (returns how
 * many), the others counted per rank into `off_available` (how many into *n_off). */
static int
split_suit(int64_t free_cards, int suit, int64_t *in_suit, int64_t *off_available, int *n_off)
{
    int n_in = 0;
    *n_off = 0;
    memset(off_available, 0, sizeof(int64_t) * 13);
    for (int c = 0; c < 52; c++) {
        if (free_cards >> c & 1) {
            if ((c & 3) == suit) {
                in_suit[n_in++] = c;
            } else {
                off_available[c >> 2]++;
                (*n_off)++;
            }
        }
    }
    return n_in;
}

/* How many ways the board ranks `ranks[:m]` (non-decreasing) are dealt from `available`
 * cards per rank: 0 where a rank is taken more often than it is available. */
static int64_t
rank_ways(const int64_t *ranks, int m, const int64_t *available)
{
    int64_t ways = 1;
    for (int i = 0, j = 0; i < m; i = j) {
        while (j < m && ranks[j] == ranks[i]) {
            j++;
        }
        if (j - i > available[ranks[i]]) {
            return 0;
        }
        ways *= BINOMIAL[available[ranks[i]]][j - i];
    }
    return ways;
}

/* Advance a non-decreasing sequence of m ranks (0..12); 0 after the last. */
static ALWAYS_INLINE int
next_multiset(int64_t *ranks, int m)
{
    int i = m - 1;
    while (i >= 0 && ranks[i] == 12) {
        i--;
    }
    if (i < 0) {
        return 0;
    }
    ranks[i]++;
    for (int j = i + 1; j < m; j++) {
        ranks[j] = ranks[i];
    }
    return 1;
}

static void
run_exact_counts(int kind, const int64_t *tuples, Py_ssize_t n_tuples, int players, int n_hole,
                 const int64_t *board_known, int n_known, int missing, int64_t deck_mask,
                 const Tables *t, int64_t *counts)
{
    int n_board = n_known + missing;
    int64_t board[MAX_BOARD] = {0};
    int64_t deck[52];
    int64_t index[MAX_BOARD + 1];
    int64_t hands[MAX_PLAYERS * MAX_HOLE];
    Values values = {{0}};
    for (int i = 0; i < n_known; i++) {
        board[i] = board_known[i];
    }
    for (Py_ssize_t tu = 0; tu < n_tuples; tu++) {
        int64_t used = 0;
        const int64_t *tuple = tuples + tu * players * n_hole;
        for (int k = 0; k < players * n_hole; k++) {
            used |= 1LL << tuple[k];
            hands[k] = tuple[k];
        }
        int n_deck = 0;
        for (int code = 0; code < 52; code++) {
            if ((deck_mask >> code & 1) && !(used >> code & 1)) {
                deck[n_deck++] = code;
            }
        }
        if (missing > n_deck) {
            continue;
        }
        for (int i = 0; i < missing; i++) {
            index[i] = i;
        }
        int64_t *row = counts + tu * players * COLUMNS;
        while (1) {
            for (int i = 0; i < missing; i++) {
                board[n_known + i] = deck[index[i]];
            }
            value_deal(kind, hands, players, n_hole, board, n_board, t, values);
            score(values, players, t->rankings, row, 1);
            if (!next_combination(index, missing, n_deck)) {
                break;
            }
        }
    }
}

static Py_ssize_t
run_complete_hands(const int64_t *known, const int64_t *n_known, int players, int n_hole,
                   int64_t free_mask, Py_ssize_t limit, int64_t *out)
{
    int64_t free_cards[52];
    int n_free = 0;
    for (int c = 0; c < 52; c++) {
        if (free_mask >> c & 1) {
            free_cards[n_free++] = c;
        }
    }
    int64_t index[MAX_PLAYERS][MAX_HOLE];
    int need[MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        need[p] = n_hole - (int)n_known[p];
        if (need[p] > n_free) {
            return 0;
        }
        for (int i = 0; i < need[p]; i++) {
            index[p][i] = i;
        }
    }
    Py_ssize_t t = 0;
    while (t < limit) {
        int64_t used = 0;
        int ok = 1;
        for (int p = 0; p < players; p++) {
            for (int i = 0; i < need[p]; i++) {
                int64_t bit = 1LL << free_cards[index[p][i]];
                if (used & bit) {
                    ok = 0;
                }
                used |= bit;
            }
        }
        if (ok) {
            for (int p = 0; p < players; p++) {
                int64_t *hand = out + (t * players + p) * n_hole;
                int k = (int)n_known[p];
                for (int i = 0; i < k; i++) {
                    hand[i] = known[p * n_hole + i];
                }
                for (int i = 0; i < need[p]; i++) {
                    hand[k + i] = free_cards[index[p][i]];
                }
                for (int i = 1; i < n_hole; i++) { /* insertion sort: hands ascending */
                    int64_t c = hand[i];
                    int j = i - 1;
                    while (j >= 0 && hand[j] > c) {
                        hand[j + 1] = hand[j];
                        j--;
                    }
                    hand[j + 1] = c;
                }
            }
            t++;
        }
        int p = players - 1;
        while (p >= 0) {
            if (need[p] > 0 && next_combination(index[p], need[p], n_free)) {
                break;
            }
            for (int i = 0; i < need[p]; i++) {
                index[p][i] = i;
            }
            p--;
        }
        if (p < 0) {
            break;
        }
    }
    return t;
}

static void
run_board_ranks(const int64_t *tuples, Py_ssize_t n_tuples, int players, int n_hole,
                const int64_t *board_known, int n_known, int missing, int64_t deck_mask,
                const int32_t *offsets, const uint16_t *rank_table, const uint16_t *flush_table,
                int64_t *counts)
{
    Values values = {{0}}, plain = {{0}};
    int64_t hole_key[MAX_PLAYERS], hole_suited[MAX_PLAYERS][4], hole_bits[MAX_PLAYERS][4];
    int64_t ranks[MAX_BOARD + 1], available[13], in_suit[13], off_available[13];
    int64_t flush_value[MAX_PLAYERS], pick[MAX_BOARD + 1], rest[MAX_BOARD + 1];
    int64_t known_key = 0, known_suited[4] = {0}, known_bits[4] = {0}, known_mask = 0;
    for (int i = 0; i < n_known; i++) {
        int64_t c = board_known[i];
        known_key += CARD_KEYS[c] & RANK_BITS;
        known_suited[c & 3]++;
        known_bits[c & 3] |= CARD_BIT[c];
        known_mask |= 1LL << c;
    }
    for (Py_ssize_t tu = 0; tu < n_tuples; tu++) {
        int64_t *row = counts + tu * players * COLUMNS;
        int64_t used = known_mask;
        for (int p = 0; p < players; p++) {
            hole_key[p] = 0;
            for (int s = 0; s < 4; s++) {
                hole_suited[p][s] = 0;
                hole_bits[p][s] = 0;
            }
            for (int i = 0; i < n_hole; i++) {
                int64_t c = tuples[(tu * players + p) * n_hole + i];
                used |= 1LL << c;
                hole_key[p] += CARD_KEYS[c] & RANK_BITS;
                hole_suited[p][c & 3]++;
                hole_bits[p][c & 3] |= CARD_BIT[c];
            }
        }
        int64_t free_cards = deck_mask & ~used;
        rank_counts(free_cards, available);
        /* 1. every multiset of `missing` board ranks, valued as if no one had a flush */
        for (int i = 0; i < missing; i++) {
            ranks[i] = 0;
        }
        do {
            int64_t weight = rank_ways(ranks, missing, available);
            if (weight) {
                int64_t key = known_key;
                for (int i = 0; i < missing; i++) {
                    key += RANK_KEY[ranks[i]];
                }
                for (int p = 0; p < players; p++) {
                    values[p][0] = lookup(key + hole_key[p], offsets, rank_table);
                }
                score(values, players, 1, row, weight);
            }
        } while (next_multiset(ranks, missing));
        /* 2. the boards that give someone a flush: true outcome minus ranks-only outcome */
        for (int suit = 0; suit < 4; suit++) {
            int64_t most = 0;
            for (int p = 0; p < players; p++) {
                if (hole_suited[p][suit] > most) {
                    most = hole_suited[p][suit];
                }
            }
            int64_t need = 5 - known_suited[suit] - most;
            if (need < 0) {
                need = 0;
            }
            int n_off, n_in = split_suit(free_cards, suit, in_suit, off_available, &n_off);
            int top = missing < n_in ? missing : n_in;
            for (int j = (int)need; j <= top; j++) {
                int m = missing - j;
                if (m > n_off) {
                    continue;
                }
                for (int i = 0; i < j; i++) {
                    pick[i] = i;
                }
                do {
                    int64_t key_in = known_key;
                    int64_t bits_in = known_bits[suit];
                    for (int i = 0; i < j; i++) {
                        key_in += CARD_KEYS[in_suit[pick[i]]] & RANK_BITS;
                        bits_in |= CARD_BIT[in_suit[pick[i]]];
                    }
                    int64_t suited_count = known_suited[suit] + j;
                    int any_flush = 0;
                    for (int p = 0; p < players; p++) {
                        flush_value[p] = -1;
                        if (hole_suited[p][suit] + suited_count >= 5) {
                            flush_value[p] = flush_table[bits_in | hole_bits[p][suit]];
                            any_flush = 1;
                        }
                    }
                    if (!any_flush) {
                        continue;
                    }
                    for (int i = 0; i < m; i++) {
                        rest[i] = 0;
                    }
                    do {
                        int64_t weight = rank_ways(rest, m, off_available);
                        if (!weight) {
                            continue;
                        }
                        int64_t key = key_in;
                        for (int i = 0; i < m; i++) {
                            key += RANK_KEY[rest[i]];
                        }
                        int changed = 0;
                        for (int p = 0; p < players; p++) {
                            int64_t v = lookup(key + hole_key[p], offsets, rank_table);
                            plain[p][0] = v;
                            if (flush_value[p] > v) {
                                v = flush_value[p];
                                changed = 1;
                            }
                            values[p][0] = v;
                        }
                        if (changed) {
                            score(values, players, 1, row, weight);
                            score(plain, players, 1, row, -weight);
                        }
                    } while (next_multiset(rest, m));
                } while (next_combination(pick, j, n_in));
            }
        }
        for (int p = 0; p < players; p++) {
            row[p * COLUMNS + HIGH] = 0;
            row[p * COLUMNS + LOW] = 0;
        }
    }
}

/* Player p's best high without flushes and best low over every hole pair and triple. */
static ALWAYS_INLINE void
omaha_plain(const int64_t *pair_key, const int64_t *pair_bits, const int64_t *pair_low,
            int n_pairs, const int64_t *triple_key, const int64_t *triple_bits,
            const uint16_t *fives, int board_low, const uint16_t *lows, int64_t *out)
{
    int64_t high = 0, low = 0;
    for (int q = 0; q < n_pairs; q++) {
        int64_t key = pair_key[q];
        for (int k = 0; k < 10; k++) {
            int64_t v = fives[key + triple_key[k]];
            if (v > high) {
                high = v;
            }
        }
        if (board_low && pair_low[q]) {
            int64_t bits = pair_bits[q];
            for (int k = 0; k < 10; k++) {
                int64_t v = lows[bits | triple_bits[k]];
                if (v > low) {
                    low = v;
                }
            }
        }
    }
    out[0] = high;
    out[1] = low;
}

#define MAX_PAIRS (MAX_HOLE * (MAX_HOLE - 1) / 2)

static int
run_omaha_ranks(const int64_t *tuples, Py_ssize_t n_tuples, int players, int n_hole,
                const int64_t *board_known, int n_known, int missing, int64_t deck_mask,
                const Tables *t, int64_t *counts)
{
    int rankings = t->rankings;
    const uint16_t *flush_table = t->flushes0;
    const int64_t *five_keys = t->five_keys;
    int64_t low_ranks = t->low_ranks;
    int n_pairs = n_hole * (n_hole - 1) / 2;
    int64_t(*pair_key)[MAX_PAIRS] = malloc(sizeof(int64_t[MAX_PLAYERS][MAX_PAIRS]) * 3);
    if (pair_key == NULL) {
        return -1;
    }
    int64_t(*pair_bits)[MAX_PAIRS] = pair_key + MAX_PLAYERS;
    int64_t(*pair_low)[MAX_PAIRS] = pair_key + 2 * MAX_PLAYERS;
    int64_t n_sets = BINOMIAL[12 + missing][missing];
    int64_t *kept = malloc(sizeof(int64_t) * (size_t)(n_sets * players * 2));
    if (kept == NULL) {
        free(pair_key);
        return -1;
    }
    int64_t hole_suited[MAX_PLAYERS][4];
    uint32_t hole_in[MAX_PLAYERS][4][MAX_HOLE], suited_board[5] = {0}, known_in[4][5] = {{0}};
    Values values = {{0}}, plain = {{0}};
    int64_t flush_value[MAX_PLAYERS];
    int64_t triple_key[10], triple_bits[10], board_ranks[5] = {0};
    int64_t ranks[MAX_BOARD + 1], merged[MAX_BOARD + 1];
    int64_t available[13], off_available[13], in_suit[13];
    int64_t pick[MAX_BOARD + 1], rest[MAX_BOARD + 1];
    int64_t known_suited[4] = {0}, known_mask = 0;
    for (int i = 0; i < n_known; i++) {
        int64_t c = board_known[i];
        board_ranks[i] = c >> 2;
        known_in[c & 3][known_suited[c & 3]] = CARD_BIT[c];
        known_suited[c & 3]++;
        known_mask |= 1LL << c;
    }
    for (Py_ssize_t tu = 0; tu < n_tuples; tu++) {
        int64_t *row = counts + tu * players * COLUMNS;
        const int64_t *tuple = tuples + tu * players * n_hole;
        int64_t used = known_mask;
        for (int p = 0; p < players; p++) {
            for (int s = 0; s < 4; s++) {
                hole_suited[p][s] = 0;
            }
            int q = 0;
            for (int i = 0; i < n_hole; i++) {
                int64_t a = tuple[p * n_hole + i];
                used |= 1LL << a;
                hole_in[p][a & 3][hole_suited[p][a & 3]] = CARD_BIT[a];
                hole_suited[p][a & 3]++;
                for (int j = i + 1; j < n_hole; j++) {
                    int64_t b = tuple[p * n_hole + j];
                    pair_key[p][q] = five_keys[a] + five_keys[b];
                    pair_bits[p][q] = CARD_BIT[a] | CARD_BIT[b];
                    int64_t both = pair_bits[p][q];
                    pair_low[p][q] = ((a >> 2) != (b >> 2) && (both & low_ranks) == both) ? 1 : 0;
                    q++;
                }
            }
        }
        int64_t free_cards = deck_mask & ~used;
        rank_counts(free_cards, available);
        /* 1. every multiset of the missing ranks, valued as if no one had a flush */
        for (int i = 0; i < missing; i++) {
            ranks[i] = 0;
        }
        do {
            int64_t weight = rank_ways(ranks, missing, available);
            if (!weight) {
                continue;
            }
            int64_t index = 0;
            for (int i = 0; i < missing; i++) {
                board_ranks[n_known + i] = ranks[i];
                index += BINOMIAL[ranks[i] + i][i + 1];
            }
            int64_t board_bits = 0;
            int k = 0;
            for (int a = 0; a < 3; a++) {
                for (int b = a + 1; b < 4; b++) {
                    for (int c = b + 1; c < 5; c++) {
                        int64_t x = board_ranks[a], y = board_ranks[b], z = board_ranks[c];
                        triple_key[k] = five_keys[4 * x] + five_keys[4 * y] + five_keys[4 * z];
                        triple_bits[k] = (1LL << x) | (1LL << y) | (1LL << z);
                        board_bits |= triple_bits[k];
                        k++;
                    }
                }
            }
            int board_low = rankings == 2 && core_popcount((uint64_t)board_bits & low_ranks) >= 3;
            for (int p = 0; p < players; p++) {
                omaha_plain(pair_key[p], pair_bits[p], pair_low[p], n_pairs, triple_key,
                            triple_bits, t->fives, board_low, t->lows, values[p]);
                kept[(index * players + p) * 2] = values[p][0];
                kept[(index * players + p) * 2 + 1] = values[p][1];
            }
            score(values, players, rankings, row, weight);
        } while (next_multiset(ranks, missing));
        if (!t->use_flush[0]) {
            continue;
        }
        /* 2. the boards of three or more cards of a suit of which someone holds two */
        for (int suit = 0; suit < 4; suit++) {
            int64_t most = 0;
            for (int p = 0; p < players; p++) {
                if (hole_suited[p][suit] > most) {
                    most = hole_suited[p][suit];
                }
            }
            if (most < 2) {
                continue;
            }
            int n_off, n_in = split_suit(free_cards, suit, in_suit, off_available, &n_off);
            int ks = (int)known_suited[suit];
            for (int i = 0; i < ks; i++) {
                suited_board[i] = known_in[suit][i];
            }
            int first = 3 - ks > 0 ? 3 - ks : 0;
            int top = missing < n_in ? missing : n_in;
            for (int j = first; j <= top; j++) {
                int m = missing - j;
                if (m > n_off) {
                    continue;
                }
                int n_suited = ks + j;
                for (int i = 0; i < j; i++) {
                    pick[i] = i;
                }
                do {
                    for (int i = 0; i < j; i++) {
                        suited_board[ks + i] = CARD_BIT[in_suit[pick[i]]];
                    }
                    int any_flush = 0;
                    for (int p = 0; p < players; p++) {
                        flush_value[p] = -1;
                        if (hole_suited[p][suit] >= 2) {
                            flush_value[p] = core_omaha_best(flush_table, hole_in[p][suit],
                                                              (int)hole_suited[p][suit],
                                                              suited_board, n_suited);
                            any_flush = 1;
                        }
                    }
                    if (!any_flush) {
                        continue;
                    }
                    for (int i = 0; i < m; i++) {
                        rest[i] = 0;
                    }
                    do {
                        int64_t weight = rank_ways(rest, m, off_available);
                        if (!weight) {
                            continue;
                        }
                        /* the missing ranks, sorted: the suited ones merged with the rest */
                        int x = 0, y = 0;
                        for (int i = 0; i < missing; i++) {
                            if (y >= m || (x < j && (in_suit[pick[x]] >> 2) <= rest[y])) {
                                merged[i] = in_suit[pick[x]] >> 2;
                                x++;
                            } else {
                                merged[i] = rest[y];
                                y++;
                            }
                        }
                        int64_t index = 0;
                        for (int i = 0; i < missing; i++) {
                            index += BINOMIAL[merged[i] + i][i + 1];
                        }
                        int changed = 0;
                        for (int p = 0; p < players; p++) {
                            int64_t v = kept[(index * players + p) * 2];
                            plain[p][0] = v;
                            plain[p][1] = kept[(index * players + p) * 2 + 1];
                            values[p][1] = plain[p][1];
                            if (flush_value[p] > v) {
                                v = flush_value[p];
                                changed = 1;
                            }
                            values[p][0] = v;
                        }
                        if (changed) {
                            score(values, players, rankings, row, weight);
                            score(plain, players, rankings, row, -weight);
                        }
                    } while (next_multiset(rest, m));
                } while (next_combination(pick, j, n_in));
            }
        }
    }
    free(kept);
    free(pair_key);
    return 0;
}

/* ------------------------------------------------------------------ Monte Carlo */

/* splitmix64: 64 random bits; the state is carried by the caller. */
static ALWAYS_INLINE uint64_t
random64(uint64_t *state)
{
    *state += GOLDEN;
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * MIX1;
    z = (z ^ (z >> 27)) * MIX2;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, n) without bias (Lemire's method). */
static ALWAYS_INLINE int64_t
below(uint64_t *state, int64_t n)
{
    uint64_t bound = (uint64_t)n;
    uint64_t z = random64(state);
    uint64_t m = (z >> 32) * bound;
    uint64_t low = m & 0xFFFFFFFFULL;
    if (low < bound) {
        uint64_t threshold = ((1ULL << 32) - bound) % bound;
        while (low < threshold) {
            z = random64(state);
            m = (z >> 32) * bound;
            low = m & 0xFFFFFFFFULL;
        }
    }
    return (int64_t)(m >> 32);
}

/* How `draws` cards are drawn from `n_deck`: group g is draws starts[g]..starts[g+1],
 * one 32-bit half of a random word each, rejected below thresholds[g]; draw i picks
 * one of bounds[i] = n_deck - i cards. Returns the number of groups. */
static int
draw_groups(int n_deck, int draws, int64_t *starts, int64_t *thresholds, int64_t *bounds)
{
    int groups = 0;
    int64_t product = 1;
    starts[0] = 0;
    for (int i = 0; i < draws; i++) {
        bounds[i] = n_deck - i;
        if (i > 0 && product * bounds[i] > GROUP_PRODUCT) {
            thresholds[groups] = (int64_t)((1ULL << 32) % (uint64_t)product);
            groups++;
            starts[groups] = i;
            product = 1;
        }
        product *= bounds[i];
    }
    if (draws > 0) {
        thresholds[groups] = (int64_t)((1ULL << 32) % (uint64_t)product);
        groups++;
        starts[groups] = draws;
    }
    return groups;
}

typedef struct {
    int kind;
    uint64_t seed;
    int64_t deals;
    int players, n_hole;
    const int64_t *known, *n_known, *listed;
    const int64_t *combo_codes, *combo_masks, *combo_start;
    const double *combo_cumulative;
    const int64_t *board_known;
    int n_known_board, n_board;
    const int64_t *deck;
    int n_deck;
    const Tables *t;
    int64_t *counts;
} Sample;

/* sample_counts for ANY_MIX and BOARD_HIGH with no listed player. */
static void
sample_keyed(const Sample *s)
{
    const Tables *t = s->t;
    int players = s->players, n_hole = s->n_hole, rankings = t->rankings;
    int any_flush = t->use_flush[0] == 1 || (rankings == 2 && t->use_flush[1] == 1);
    int five = n_hole + s->n_board == 5;
    int64_t deck[52];
    int n_deck = s->n_deck;
    memcpy(deck, s->deck, sizeof(int64_t) * (size_t)n_deck);
    int64_t slot[MAX_PLAYERS + 2], base_key[MAX_PLAYERS], known_bits[MAX_PLAYERS][4];
    int64_t board_base = KEY_START;
    slot[0] = 0;
    for (int i = 0; i < s->n_known_board; i++) {
        board_base += CARD_KEYS[s->board_known[i]];
    }
    for (int p = 0; p < players; p++) {
        slot[p + 1] = slot[p] + n_hole - s->n_known[p];
        base_key[p] = board_base;
        for (int k = 0; k < 4; k++) {
            known_bits[p][k] = 0;
        }
        for (int i = 0; i < s->n_known[p]; i++) {
            int64_t c = s->known[p * n_hole + i];
            base_key[p] += CARD_KEYS[c];
            known_bits[p][c & 3] |= CARD_BIT[c];
        }
        for (int i = 0; i < s->n_known_board; i++) {
            int64_t c = s->board_known[i];
            known_bits[p][c & 3] |= CARD_BIT[c];
        }
    }
    slot[players + 1] = slot[players] + s->n_board - s->n_known_board;
    int draws = (int)slot[players + 1];
    int64_t starts[53], thresholds[52], bounds[52];
    int n_groups = draw_groups(n_deck, draws, starts, thresholds, bounds);
    int64_t board_first = slot[players], board_last = slot[players + 1];
    int heads_up = players == 2 && rankings == 1;
    Values values = {{0}};
    uint64_t state = s->seed;
    int64_t won[3] = {0};
    for (int64_t deal = 0; deal < s->deals; deal++) {
        /* 1. the shuffle */
        int64_t spare = -1;
        for (int g = 0; g < n_groups; g++) {
            int64_t first = starts[g], last = starts[g + 1];
            while (1) {
                int64_t left;
                if (spare >= 0) {
                    left = spare;
                    spare = -1;
                } else {
                    uint64_t z = random64(&state);
                    left = (int64_t)(z & 0xFFFFFFFFULL);
                    spare = (int64_t)(z >> 32);
                }
                for (int64_t i = first; i < last; i++) {
                    int64_t m = left * bounds[i];
                    int64_t j = (m >> 32) + i;
                    left = m & HALF;
                    int64_t card = deck[j];
                    deck[j] = deck[i];
                    deck[i] = card;
                }
                if (left >= thresholds[g]) {
                    break;
                }
            }
        }
        /* 2. the values */
        int64_t board_key = 0;
        for (int64_t i = board_first; i < board_last; i++) {
            board_key += CARD_KEYS[deck[i]];
        }
        for (int p = 0; p < players; p++) {
            int64_t key = base_key[p] + board_key;
            for (int64_t i = slot[p]; i < slot[p + 1]; i++) {
                key += CARD_KEYS[deck[i]];
            }
            int64_t rank_key = key & RANK_BITS;
            int flushed = any_flush && (key & FLUSH_BITS);
            int64_t bits = 0;
            if (flushed) {
                int suit = core_flush_suit(key);
                int board_n = (int)(board_last - board_first);
                bits = known_bits[p][suit] |
                       core_suit_mask_i64(deck + slot[p], (int)(slot[p + 1] - slot[p]), suit) |
                       core_suit_mask_i64(deck + board_first, board_n, suit);
            }
            rank_values(t, rank_key, flushed, bits, five, values[p]);
        }
        /* 3. who wins what */
        tally(values, players, rankings, heads_up, won, s->counts);
    }
    if (heads_up) {
        heads_up_columns(s->counts, won);
    }
}

/* sample_counts: returns the deals done; *tries_out the attempts. */
static int64_t
run_sample(const Sample *s, int64_t *tries_out)
{
    const Tables *t = s->t;
    int kind = s->kind, players = s->players, n_hole = s->n_hole, rankings = t->rankings;
    int keyed = kind == ANY_MIX || kind == BOARD_HIGH;
    int any_flush = t->use_flush[0] == 1 || (rankings == 2 && t->use_flush[1] == 1);
    uint64_t state = s->seed;
    int64_t hands[MAX_PLAYERS * MAX_HOLE] = {0};
    for (int p = 0; p < players; p++) {
        for (int i = 0; i < s->n_known[p]; i++) {
            hands[p * n_hole + i] = s->known[p * n_hole + i];
        }
    }
    int n_known_board = s->n_known_board, n_board = s->n_board;
    int64_t board[MAX_BOARD] = {0};
    for (int i = 0; i < n_known_board; i++) {
        board[i] = s->board_known[i];
    }
    Values values = {{0}};
    int64_t deck[52];
    int n_deck = s->n_deck;
    memcpy(deck, s->deck, sizeof(int64_t) * (size_t)n_deck);
    int64_t first_open[MAX_PLAYERS] = {0}, known_key[MAX_PLAYERS] = {0};
    int any_listed = 0;
    int draws = n_board - n_known_board;
    for (int p = 0; p < players; p++) {
        if (s->listed[p]) {
            any_listed = 1;
        } else {
            first_open[p] = s->n_known[p];
            draws += n_hole - (int)s->n_known[p];
            for (int i = 0; i < s->n_known[p]; i++) {
                known_key[p] += CARD_KEYS[s->known[p * n_hole + i]];
            }
        }
    }
    if (keyed && !any_listed && draws <= n_deck) {
        sample_keyed(s);
        *tries_out = s->deals;
        return s->deals;
    }
    int64_t starts[53], thresholds[52], bounds[52], picks[53] = {0};
    int n_groups = draw_groups(n_deck, draws < n_deck ? draws : n_deck, starts, thresholds,
                               bounds);
    int heads_up = players == 2 && rankings == 1;
    int64_t won[3] = {0}, tries = 0, done = 0;
    int64_t max_tries = 1000 * s->deals + 1000;
    while (done < s->deals && tries < max_tries) {
        tries++;
        /* 1. the listed combos, by weight; a collision rejects the whole deal */
        int64_t used = 0;
        int clash = 0;
        for (int p = 0; p < players; p++) {
            if (!s->listed[p]) {
                continue;
            }
            int64_t first = s->combo_start[p], last = s->combo_start[p + 1];
            int64_t c = first;
            if (last - first > 1) {
                uint64_t z = random64(&state);
                double u = (double)(z >> 11) * (1.0 / 9007199254740992.0);
                u *= s->combo_cumulative[last - 1];
                int64_t lo = first, hi = last - 1;
                while (lo < hi) {
                    int64_t mid = (lo + hi) >> 1;
                    if (s->combo_cumulative[mid] > u) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                c = lo;
            }
            if (used & s->combo_masks[c]) {
                clash = 1;
                break;
            }
            used |= s->combo_masks[c];
            for (int i = 0; i < n_hole; i++) {
                hands[p * n_hole + i] = s->combo_codes[c * n_hole + i];
            }
        }
        if (clash) {
            continue;
        }
        done++;
        /* 2. the rest of the open hands, then the board */
        if (any_listed) {
            int top = 0;
            for (int p = 0; p <= players; p++) {
                int first, last;
                if (p < players) {
                    if (s->listed[p]) {
                        continue;
                    }
                    first = (int)s->n_known[p];
                    last = n_hole;
                } else {
                    first = n_known_board;
                    last = n_board;
                }
                for (int i = first; i < last; i++) {
                    int64_t card;
                    while (1) {
                        int64_t j = below(&state, n_deck - top) + top;
                        card = deck[j];
                        deck[j] = deck[top];
                        deck[top] = card;
                        top++;
                        if (!(used >> card & 1)) {
                            break;
                        }
                    }
                    if (p < players) {
                        hands[p * n_hole + i] = card;
                    } else {
                        board[i] = card;
                    }
                }
            }
        } else {
            int64_t spare = -1;
            for (int g = 0; g < n_groups; g++) {
                while (1) {
                    int64_t left;
                    if (spare >= 0) {
                        left = spare;
                        spare = -1;
                    } else {
                        uint64_t z = random64(&state);
                        left = (int64_t)(z & 0xFFFFFFFFULL);
                        spare = (int64_t)(z >> 32);
                    }
                    for (int64_t i = starts[g]; i < starts[g + 1]; i++) {
                        int64_t m = left * bounds[i];
                        picks[i] = m >> 32;
                        left = m & HALF;
                    }
                    if (left >= thresholds[g]) {
                        break;
                    }
                }
            }
            int top = 0;
            for (int p = 0; p <= players; p++) {
                int first = p < players ? (int)first_open[p] : n_known_board;
                int last = p < players ? n_hole : n_board;
                for (int i = first; i < last; i++) {
                    int64_t j = picks[top] + top;
                    int64_t card = deck[j];
                    deck[j] = deck[top];
                    deck[top] = card;
                    top++;
                    if (p < players) {
                        hands[p * n_hole + i] = card;
                    } else {
                        board[i] = card;
                    }
                }
            }
        }
        /* 3. value every hand */
        if (keyed) {
            int64_t board_key = KEY_START;
            for (int i = 0; i < n_board; i++) {
                board_key += CARD_KEYS[board[i]];
            }
            for (int p = 0; p < players; p++) {
                const int64_t *hand = hands + p * n_hole;
                int64_t key = board_key + known_key[p];
                for (int i = (int)first_open[p]; i < n_hole; i++) {
                    key += CARD_KEYS[hand[i]];
                }
                int64_t rank_key = key & RANK_BITS;
                int flushed = any_flush && (key & FLUSH_BITS);
                int64_t bits = 0;
                if (flushed) {
                    int suit = core_flush_suit(key);
                    bits = core_suit_mask_i64(hand, n_hole, suit) |
                           core_suit_mask_i64(board, n_board, suit);
                }
                rank_values(t, rank_key, flushed, bits, n_hole + n_board == 5, values[p]);
            }
        } else {
            value_deal(kind, hands, players, n_hole, board, n_board, t, values);
        }
        /* 4. who wins what */
        tally(values, players, rankings, heads_up, won, s->counts);
    }
    if (heads_up) {
        heads_up_columns(s->counts, won);
    }
    *tries_out = tries;
    return done;
}

/* ------------------------------------------------------------------ census */

static int
run_census(const int64_t *deck, int n_deck, int size, const int64_t *tasks, Py_ssize_t n_tasks,
           const int32_t *offsets, const uint16_t *ranks, const uint16_t *flushes, int use_flush,
           int64_t *hist, Py_ssize_t n_strengths)
{
    int last = size - 1;
    int64_t position[8], keys[9];
    for (Py_ssize_t t = 0; t < n_tasks; t++) {
        position[0] = tasks[2 * t];
        position[1] = tasks[2 * t + 1];
        keys[1] = KEY_START + CARD_KEYS[deck[position[0]]];
        keys[2] = keys[1] + CARD_KEYS[deck[position[1]]];
        int depth = 2;
        position[2] = position[1];
        while (depth >= 2) {
            position[depth]++;
            if (position[depth] > n_deck - (size - depth)) {
                depth--;
                continue;
            }
            keys[depth + 1] = keys[depth] + CARD_KEYS[deck[position[depth]]];
            if (depth < last - 1) {
                depth++;
                position[depth] = position[depth - 1];
                continue;
            }
            int64_t base = keys[last];
            for (int64_t q = position[last - 1] + 1; q < n_deck; q++) {
                int64_t key = base + CARD_KEYS[deck[q]];
                int64_t strength;
                if (use_flush && (key & FLUSH_BITS)) {
                    int suit = core_flush_suit(key);
                    int64_t mask = 0;
                    position[last] = q;
                    for (int j = 0; j < size; j++) {
                        int64_t code = deck[position[j]];
                        if ((code & 3) == suit) {
                            mask |= 1LL << (code >> 2);
                        }
                    }
                    strength = flushes[mask];
                } else {
                    strength = lookup(key & RANK_BITS, offsets, ranks);
                }
                if (RARELY(strength >= n_strengths)) {
                    return -1;
                }
                hist[strength]++;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ heads-up boards */

/* The value of seven cards (their hand key and codes) at one high ranking with flushes. */
static ALWAYS_INLINE int64_t
value_seven(int64_t key, const int64_t *cards, const int32_t *offsets, const uint16_t *ranks,
            const uint16_t *flushes)
{
    int64_t value = lookup(key & RANK_BITS, offsets, ranks);
    if (key & FLUSH_BITS) {
        int64_t suited = core_flush_value_i64(flushes, cards, 7, key);
        value = suited > value ? suited : value;
    }
    return value;
}

/* For each pair of two-card hands, every five-card board of deck_mask less their cards,
 * dealt one by one, both seven-card hands valued: the first hand's wins and the ties. */
static void
run_heads_up_boards(const int64_t *tuples, Py_ssize_t n_tuples, int64_t deck_mask,
                    const int32_t *offsets, const uint16_t *ranks, const uint16_t *flushes,
                    int64_t *out)
{
    int64_t deck[52], cards[2][7];
    for (Py_ssize_t t = 0; t < n_tuples; t++) {
        const int64_t *hands = tuples + 4 * t;
        int64_t used = 0;
        for (int i = 0; i < 4; i++) {
            used |= 1LL << hands[i];
            cards[i >> 1][i & 1] = hands[i];
        }
        int n = 0;
        for (int c = 0; c < 52; c++) {
            if ((deck_mask >> c & 1) && !(used >> c & 1)) {
                deck[n++] = c;
            }
        }
        int64_t key0 = KEY_START + CARD_KEYS[hands[0]] + CARD_KEYS[hands[1]];
        int64_t key1 = KEY_START + CARD_KEYS[hands[2]] + CARD_KEYS[hands[3]];
        int64_t wins = 0, ties = 0;
        for (int a = 0; a < n - 4; a++) {
            int64_t ka = CARD_KEYS[deck[a]];
            cards[0][2] = cards[1][2] = deck[a];
            for (int b = a + 1; b < n - 3; b++) {
                int64_t kb = ka + CARD_KEYS[deck[b]];
                cards[0][3] = cards[1][3] = deck[b];
                for (int c = b + 1; c < n - 2; c++) {
                    int64_t kc = kb + CARD_KEYS[deck[c]];
                    cards[0][4] = cards[1][4] = deck[c];
                    for (int d = c + 1; d < n - 1; d++) {
                        int64_t kd = kc + CARD_KEYS[deck[d]];
                        cards[0][5] = cards[1][5] = deck[d];
                        for (int e = d + 1; e < n; e++) {
                            int64_t board = kd + CARD_KEYS[deck[e]];
                            cards[0][6] = cards[1][6] = deck[e];
                            int64_t v0 = value_seven(board + key0, cards[0], offsets, ranks, flushes);
                            int64_t v1 = value_seven(board + key1, cards[1], offsets, ranks, flushes);
                            wins += v0 > v1;
                            ties += v0 == v1;
                        }
                    }
                }
            }
        }
        out[2 * t] = wins;
        out[2 * t + 1] = ties;
    }
}

/* ------------------------------------------------------------------ Python entries */

static int
check_configured(void)
{
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "showdown._cequity: configure() was not called");
        return -1;
    }
    return 0;
}

static int
check_codes(const int64_t *codes, Py_ssize_t n, const char *what)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        if (codes[i] < 0 || codes[i] > 51) {
            PyErr_Format(PyExc_ValueError, "%s: %lld is not a card code", what,
                         (long long)codes[i]);
            return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(configure_doc,
"configure(card_keys, rank_keys, key_start, flush_bits, suit_shift, hash_shift, hash_size, pot, /)\n"
"--\n\n"
"Take the per-card and per-rank keys of showdown._kernels.tables (copied) and check that\n"
"the layout of a hand key and the pot's units are the ones this file was written for.");

static PyObject *
configure(PyObject *module, PyObject *args)
{
    PyObject *card_keys, *rank_keys;
    long long key_start, flush_bits, hash_size, pot;
    int suit_shift, hash_shift;
    if (!PyArg_ParseTuple(args, "OOLLiiLL", &card_keys, &rank_keys, &key_start, &flush_bits,
                          &suit_shift, &hash_shift, &hash_size, &pot)) {
        return NULL;
    }
    if (key_start != KEY_START || flush_bits != FLUSH_BITS || suit_shift != SUIT_SHIFT ||
        hash_shift != HASH_SHIFT || hash_size != HASH_SIZE || pot != POT) {
        PyErr_SetString(PyExc_ValueError, "the layout of a hand key is not the one compiled in");
        return NULL;
    }
    Views v = {.n = 0};
    Py_buffer *ck = take(&v, card_keys, 'q', 1, 0, "card_keys");
    Py_buffer *rk = ck ? take(&v, rank_keys, 'q', 1, 0, "rank_keys") : NULL;
    if (rk == NULL) {
        views_release(&v);
        return NULL;
    }
    if (items(ck) != 52 || items(rk) != 13) {
        views_release(&v);
        PyErr_SetString(PyExc_ValueError, "52 card keys and 13 rank keys");
        return NULL;
    }
    if (configured) { /* once per process: kernels may be reading the keys right now */
        int same = memcmp(CARD_KEYS, ck->buf, sizeof(CARD_KEYS)) == 0 &&
                   memcmp(RANK_KEY, rk->buf, sizeof(RANK_KEY)) == 0;
        views_release(&v);
        if (!same) {
            PyErr_SetString(PyExc_ValueError, "configure(): other keys than the first call's");
            return NULL;
        }
        Py_RETURN_NONE;
    }
    int64_t card_keys_in[52], rank_keys_in[13];
    memcpy(card_keys_in, ck->buf, sizeof(card_keys_in));
    memcpy(rank_keys_in, rk->buf, sizeof(rank_keys_in));
    views_release(&v);
    for (int c = 0; c < 52; c++) {
        if ((card_keys_in[c] & RANK_BITS) != rank_keys_in[c >> 2] ||
            rank_keys_in[c >> 2] <= 0 || rank_keys_in[c >> 2] >= (1LL << 27)) {
            PyErr_SetString(PyExc_ValueError, "the card keys do not hold the rank keys");
            return NULL;
        }
    }
    memcpy(CARD_KEYS, card_keys_in, sizeof(CARD_KEYS));
    memcpy(RANK_KEY, rank_keys_in, sizeof(RANK_KEY));
    /* the largest rank key of seven cards: four of the top rank, three of the next */
    MAX_ROW = (4 * RANK_KEY[12] + 3 * RANK_KEY[11]) >> HASH_SHIFT;
    configured = 1;
    Py_RETURN_NONE;
}

/* The shape (T, players, hole) of a tuples array, checked. */
static int
tuples_shape(const Py_buffer *b, Py_ssize_t *n, int *players, int *n_hole)
{
    if (b->ndim != 3 || b->shape[1] < 1 || b->shape[1] > MAX_PLAYERS || b->shape[2] < 1 ||
        b->shape[2] > MAX_HOLE) {
        PyErr_SetString(PyExc_ValueError, "tuples: expected (T, players <= 10, hole <= 16)");
        return -1;
    }
    *n = b->shape[0];
    *players = (int)b->shape[1];
    *n_hole = (int)b->shape[2];
    return 0;
}

static int
counts_shape(const Py_buffer *b, Py_ssize_t n, int players)
{
    if (b->ndim != 3 || b->shape[0] != n || b->shape[1] != players || b->shape[2] != COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "out: expected zeros of shape (T, players, 6)");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(exact_counts_doc,
"exact_counts(kind, tuples, board_known, missing, deck_mask, tables, out, /)\n"
"--\n\n"
"For each tuple of whole hands tuples[t] ((T, players, hole) card codes), every completion\n"
"of the board board_known by `missing` cards of deck_mask less the tuple's cards, dealt one\n"
"by one, each deal valued (kind ANY_MIX, OMAHA or BADUGI) and scored, adding into out\n"
"(zeros, (T, players, 6)).");

static PyObject *
exact_counts(PyObject *module, PyObject *args)
{
    int kind, missing;
    long long deck_mask;
    PyObject *tuples_obj, *board_obj, *tables_obj, *out_obj;
    if (check_configured() < 0 ||
        !PyArg_ParseTuple(args, "iOOiLOO", &kind, &tuples_obj, &board_obj, &missing, &deck_mask,
                          &tables_obj, &out_obj)) {
        return NULL;
    }
    Views v = {.n = 0};
    Tables t;
    Py_ssize_t n;
    int players, n_hole;
    Py_buffer *tuples = take(&v, tuples_obj, 'q', 3, 0, "tuples");
    Py_buffer *board = tuples ? take(&v, board_obj, 'q', 1, 0, "board_known") : NULL;
    Py_buffer *out = board ? take(&v, out_obj, 'q', 3, 1, "out") : NULL;
    if (out == NULL || take_tables(&v, tables_obj, &t) < 0 ||
        tuples_shape(tuples, &n, &players, &n_hole) < 0 || counts_shape(out, n, players) < 0 ||
        check_codes(tuples->buf, items(tuples), "tuples") < 0 ||
        check_codes(board->buf, items(board), "board_known") < 0) {
        goto fail;
    }
    int n_known = (int)items(board);
    if ((kind != ANY_MIX && kind != OMAHA && kind != BADUGI) || missing < 0 ||
        n_known + missing > MAX_BOARD || (kind == OMAHA && n_known + missing != 5) ||
        (kind == BADUGI && n_hole != 4) || (kind == ANY_MIX && n_hole + n_known + missing > 16)) {
        PyErr_SetString(PyExc_ValueError, "exact_counts: a kind or board this kernel does not take");
        goto fail;
    }
    int set = claim_tables(&t);
    Py_BEGIN_ALLOW_THREADS
    run_exact_counts(kind, tuples->buf, n, players, n_hole, board->buf, n_known, missing,
                     (int64_t)deck_mask, &t, out->buf);
    Py_END_ALLOW_THREADS
    release_tables(set);
    views_release(&v);
    Py_RETURN_NONE;
fail:
    views_release(&v);
    return NULL;
}

PyDoc_STRVAR(complete_hands_doc,
"complete_hands(known, n_known, free_mask, out, /)\n"
"--\n\n"
"Every tuple of hands that completes known[p, :n_known[p]] with cards of free_mask, no\n"
"card twice, each hand ascending, in the order of itertools.product of each player's\n"
"completions, into out ((limit, players, hole)); returns the number of tuples written.");

static PyObject *
complete_hands(PyObject *module, PyObject *args)
{
    PyObject *known_obj, *n_known_obj, *out_obj;
    long long free_mask;
    if (!PyArg_ParseTuple(args, "OOLO", &known_obj, &n_known_obj, &free_mask, &out_obj)) {
        return NULL;
    }
    Views v = {.n = 0};
    Py_buffer *known = take(&v, known_obj, 'q', 2, 0, "known");
    Py_buffer *n_known = known ? take(&v, n_known_obj, 'q', 1, 0, "n_known") : NULL;
    Py_buffer *out = n_known ? take(&v, out_obj, 'q', 3, 1, "out") : NULL;
    if (out == NULL) {
        goto fail;
    }
    int players = (int)known->shape[0], n_hole = (int)known->shape[1];
    if (players < 1 || players > MAX_PLAYERS || n_hole < 1 || n_hole > MAX_HOLE ||
        items(n_known) != players || out->shape[1] != players || out->shape[2] != n_hole) {
        PyErr_SetString(PyExc_ValueError, "complete_hands: arrays of the wrong shape");
        goto fail;
    }
    const int64_t *nk = n_known->buf;
    for (int p = 0; p < players; p++) {
        if (nk[p] < 0 || nk[p] > n_hole) {
            PyErr_SetString(PyExc_ValueError, "complete_hands: n_known out of range");
            goto fail;
        }
    }
    Py_ssize_t limit = out->shape[0], found;
    Py_BEGIN_ALLOW_THREADS
    found = run_complete_hands(known->buf, nk, players, n_hole, (int64_t)free_mask, limit,
                               out->buf);
    Py_END_ALLOW_THREADS
    views_release(&v);
    return PyLong_FromSsize_t(found);
fail:
    views_release(&v);
    return NULL;
}

PyDoc_STRVAR(exact_board_ranks_doc,
"exact_board_ranks(tuples, board_known, missing, deck_mask, offsets, rank_table, flush_table, out, /)\n"
"--\n\n"
"exact_counts of a Hold'em-like game (two hole cards, any mix, one high ranking in which\n"
"a flush beats every hand without one) by board ranks: every multiset of the missing\n"
"board ranks valued once and counted as often as the free cards realise it, then, suit by\n"
"suit, the boards that give someone a flush dealt and their difference added; adding into\n"
"out (zeros, (T, players, 6)), the high and low columns left 0.");

static PyObject *
exact_board_ranks(PyObject *module, PyObject *args)
{
    int missing;
    long long deck_mask;
    PyObject *tuples_obj, *board_obj, *offsets_obj, *ranks_obj, *flushes_obj, *out_obj;
    if (check_configured() < 0 ||
        !PyArg_ParseTuple(args, "OOiLOOOO", &tuples_obj, &board_obj, &missing, &deck_mask,
                          &offsets_obj, &ranks_obj, &flushes_obj, &out_obj)) {
        return NULL;
    }
    Views v = {.n = 0};
    Py_ssize_t n;
    int players, n_hole;
    Py_buffer *tuples = take(&v, tuples_obj, 'q', 3, 0, "tuples");
    Py_buffer *board = tuples ? take(&v, board_obj, 'q', 1, 0, "board_known") : NULL;
    Py_buffer *offsets = board ? take(&v, offsets_obj, 'i', 1, 0, "offsets") : NULL;
    Py_buffer *ranks = offsets ? take(&v, ranks_obj, 'H', 1, 0, "rank_table") : NULL;
    Py_buffer *flushes = ranks ? take(&v, flushes_obj, 'H', 1, 0, "flush_table") : NULL;
    Py_buffer *out = flushes ? take(&v, out_obj, 'q', 3, 1, "out") : NULL;
    if (out == NULL || tuples_shape(tuples, &n, &players, &n_hole) < 0 ||
        counts_shape(out, n, players) < 0 ||
        check_codes(tuples->buf, items(tuples), "tuples") < 0 ||
        check_codes(board->buf, items(board), "board_known") < 0) {
        goto fail;
    }
    int n_known = (int)items(board);
    if (missing < 0 || n_known + missing > 5 || items(ranks) != HASH_SIZE ||
        items(flushes) != 1 << 13 || items(offsets) <= MAX_ROW) {
        PyErr_SetString(PyExc_ValueError, "exact_board_ranks: a board or table of the wrong size");
        goto fail;
    }
    Py_BEGIN_ALLOW_THREADS
    run_board_ranks(tuples->buf, n, players, n_hole, board->buf, n_known, missing,
                    (int64_t)deck_mask, offsets->buf, ranks->buf, flushes->buf, out->buf);
    Py_END_ALLOW_THREADS
    views_release(&v);
    Py_RETURN_NONE;
fail:
    views_release(&v);
    return NULL;
}

PyDoc_STRVAR(exact_omaha_ranks_doc,
"exact_omaha_ranks(tuples, board_known, missing, deck_mask, tables, out, /)\n"
"--\n\n"
"exact_counts of an Omaha game (a five-card board) by board ranks, as exact_board_ranks\n"
"does for Hold'em (a flush takes two hole and three board cards of a suit), adding into\n"
"out (zeros, (T, players, 6)).");

static PyObject *
exact_omaha_ranks(PyObject *module, PyObject *args)
{
    int missing;
    long long deck_mask;
    PyObject *tuples_obj, *board_obj, *tables_obj, *out_obj;
    if (check_configured() < 0 ||
        !PyArg_ParseTuple(args, "OOiLOO", &tuples_obj, &board_obj, &missing, &deck_mask,
                          &tables_obj, &out_obj)) {
        return NULL;
    }
    Views v = {.n = 0};
    Tables t;
    Py_ssize_t n;
    int players, n_hole, failed;
    Py_buffer *tuples = take(&v, tuples_obj, 'q', 3, 0, "tuples");
    Py_buffer *board = tuples ? take(&v, board_obj, 'q', 1, 0, "board_known") : NULL;
    Py_buffer *out = board ? take(&v, out_obj, 'q', 3, 1, "out") : NULL;
    if (out == NULL || take_tables(&v, tables_obj, &t) < 0 ||
        tuples_shape(tuples, &n, &players, &n_hole) < 0 || counts_shape(out, n, players) < 0 ||
        check_codes(tuples->buf, items(tuples), "tuples") < 0 ||
        check_codes(board->buf, items(board), "board_known") < 0) {
        goto fail;
    }
    if (missing < 0 || items(board) + missing != 5 || n_hole < 2) {
        PyErr_SetString(PyExc_ValueError, "exact_omaha_ranks: a board of five cards");
        goto fail;
    }
    int set = claim_tables(&t);
    Py_BEGIN_ALLOW_THREADS
    failed = run_omaha_ranks(tuples->buf, n, players, n_hole, board->buf, (int)items(board),
                             missing, (int64_t)deck_mask, &t, out->buf);
    Py_END_ALLOW_THREADS
    release_tables(set);
    views_release(&v);
    if (failed) {
        return PyErr_NoMemory();
    }
    Py_RETURN_NONE;
fail:
    views_release(&v);
    return NULL;
}

PyDoc_STRVAR(sample_counts_doc,
"sample_counts(kind, seed, deals, known, n_known, listed, combo_codes, combo_masks,\n"
"              combo_cumulative, combo_start, board_known, n_board, deck, tables, out, /)\n"
"--\n\n"
"`deals` random deals from `seed`, adding into out (zeros, (players, 6)); returns\n"
"(done, tries). Player p holds known[p, :n_known[p]] and is dealt the rest from deck, or,\n"
"where listed[p], a combo of combo_codes[combo_start[p]:combo_start[p + 1]] drawn by the\n"
"cumulative weights; a draw of combos that share a card is rejected whole (tries counts\n"
"it; done falls short of deals only after 1,000 tries per deal). The board is\n"
"board_known completed to n_board cards from deck.");

/* The arrays sample_counts and sample_chunks share, checked and read into *s (all but
 * seed, deals and counts) and *t, their views kept in v: 0, or -1 with an error set. */
static int
take_sample(Views *v, Sample *s, Tables *t, int kind, PyObject *known_obj, PyObject *n_known_obj,
            PyObject *listed_obj, PyObject *codes_obj, PyObject *masks_obj,
            PyObject *cumulative_obj, PyObject *start_obj, PyObject *board_obj, int n_board,
            PyObject *deck_obj, PyObject *tables_obj)
{
    Py_buffer *known = take(v, known_obj, 'q', 2, 0, "known");
    Py_buffer *n_known = known ? take(v, n_known_obj, 'q', 1, 0, "n_known") : NULL;
    Py_buffer *listed = n_known ? take(v, listed_obj, 'q', 1, 0, "listed") : NULL;
    Py_buffer *codes = listed ? take(v, codes_obj, 'q', 2, 0, "combo_codes") : NULL;
    Py_buffer *masks = codes ? take(v, masks_obj, 'q', 1, 0, "combo_masks") : NULL;
    Py_buffer *cumulative = masks ? take(v, cumulative_obj, 'd', 1, 0, "combo_cumulative") : NULL;
    Py_buffer *start = cumulative ? take(v, start_obj, 'q', 1, 0, "combo_start") : NULL;
    Py_buffer *board = start ? take(v, board_obj, 'q', 1, 0, "board_known") : NULL;
    Py_buffer *deck = board ? take(v, deck_obj, 'q', 1, 0, "deck") : NULL;
    if (deck == NULL || take_tables(v, tables_obj, t) < 0) {
        return -1;
    }
    int players = (int)known->shape[0], n_hole = (int)known->shape[1];
    int n_known_board = (int)items(board), n_deck = (int)items(deck);
    Py_ssize_t n_combos = codes->shape[0];
    if (players < 1 || players > MAX_PLAYERS || n_hole < 1 || n_hole > MAX_HOLE ||
        items(n_known) != players || items(listed) != players || items(start) != players + 1 ||
        codes->shape[1] != n_hole || items(masks) != n_combos || items(cumulative) != n_combos ||
        n_deck > 52 || n_board < n_known_board || n_board > MAX_BOARD ||
        (kind == OMAHA && n_board != 5) || (kind == BADUGI && n_hole != 4) ||
        kind < ANY_MIX || kind > BOARD_HIGH ||
        check_codes(known->buf, items(known), "known") < 0 ||
        check_codes(board->buf, items(board), "board_known") < 0 ||
        check_codes(deck->buf, items(deck), "deck") < 0) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "sample_counts: arrays of the wrong shape");
        }
        return -1;
    }
    const int64_t *nk = n_known->buf, *ls = listed->buf;
    const int64_t *cs = start->buf;
    int draws = n_board - n_known_board;
    for (int p = 0; p < players; p++) {
        if (nk[p] < 0 || nk[p] > n_hole) {
            PyErr_SetString(PyExc_ValueError, "sample_counts: n_known out of range");
            return -1;
        }
        if (ls[p] && (cs[p] < 0 || cs[p + 1] <= cs[p] || cs[p + 1] > n_combos)) {
            PyErr_SetString(PyExc_ValueError, "sample_counts: combo_start out of range");
            return -1;
        }
        draws += ls[p] ? 0 : n_hole - (int)nk[p];
    }
    if (draws > n_deck || (kind == ANY_MIX && n_hole + n_board > 16)) {
        PyErr_SetString(PyExc_ValueError, "sample_counts: more cards to deal than the deck holds");
        return -1;
    }
    s->kind = kind;
    s->seed = 0;
    s->deals = 0;
    s->players = players;
    s->n_hole = n_hole;
    s->known = known->buf;
    s->n_known = nk;
    s->listed = ls;
    s->combo_codes = codes->buf;
    s->combo_masks = masks->buf;
    s->combo_cumulative = cumulative->buf;
    s->combo_start = cs;
    s->board_known = board->buf;
    s->n_known_board = n_known_board;
    s->n_board = n_board;
    s->deck = deck->buf;
    s->n_deck = n_deck;
    s->t = t;
    s->counts = NULL;
    return 0;
}

static PyObject *
sample_counts(PyObject *module, PyObject *args)
{
    int kind, n_board;
    long long deals;
    PyObject *seed_obj, *known_obj, *n_known_obj, *listed_obj, *codes_obj, *masks_obj;
    PyObject *cumulative_obj, *start_obj, *board_obj, *deck_obj, *tables_obj, *out_obj;
    if (check_configured() < 0 ||
        !PyArg_ParseTuple(args, "iOLOOOOOOOOiOOO", &kind, &seed_obj, &deals, &known_obj,
                          &n_known_obj, &listed_obj, &codes_obj, &masks_obj, &cumulative_obj,
                          &start_obj, &board_obj, &n_board, &deck_obj, &tables_obj, &out_obj)) {
        return NULL;
    }
    PyObject *seed_index = PyNumber_Index(seed_obj);
    if (seed_index == NULL) {
        return NULL;
    }
    uint64_t seed = PyLong_AsUnsignedLongLongMask(seed_index);
    Py_DECREF(seed_index);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Views v = {.n = 0};
    Tables t;
    Sample s;
    if (take_sample(&v, &s, &t, kind, known_obj, n_known_obj, listed_obj, codes_obj, masks_obj,
                    cumulative_obj, start_obj, board_obj, n_board, deck_obj, tables_obj) < 0) {
        goto fail;
    }
    Py_buffer *out = take(&v, out_obj, 'q', 2, 1, "out");
    if (out == NULL) {
        goto fail;
    }
    if (out->shape[0] != s.players || out->shape[1] != COLUMNS || deals < 0) {
        PyErr_SetString(PyExc_ValueError, "sample_counts: arrays of the wrong shape");
        goto fail;
    }
    s.seed = seed;
    s.deals = (int64_t)deals;
    s.counts = out->buf;
    int64_t done, tries;
    int set = claim_tables(&t);
    Py_BEGIN_ALLOW_THREADS
    done = run_sample(&s, &tries);
    Py_END_ALLOW_THREADS
    release_tables(set);
    views_release(&v);
    return Py_BuildValue("LL", (long long)done, (long long)tries);
fail:
    views_release(&v);
    return NULL;
}

#define MAX_CHUNK_THREADS 64

/* The chunks of one sample_chunks call, taken in turn by its threads. */
typedef struct {
    const Sample *base;      /* what every chunk shares */
    const uint64_t *seeds;   /* chunk i's seed */
    const int64_t *deals;    /* chunk i's deals */
    int64_t *counts;         /* chunk i's counts at i * players * COLUMNS */
    int64_t *done, *tries;   /* chunk i's deals done and attempts */
    Py_ssize_t n;            /* chunks */
    Py_ssize_t next;         /* the first chunk not taken yet (atomic) */
} ChunkJob;

typedef struct {
    ChunkJob *job;
    Tables t; /* the tables as this thread reads them (its own copies where it has a set) */
    int set;  /* the set claimed for it (claim_tables) */
} ChunkWorker;

/* Chunks of the job, the next not taken each time, until none is left. */
static void *
run_chunks(void *arg)
{
    ChunkWorker *w = arg;
    ChunkJob *job = w->job;
    Py_ssize_t stride = (Py_ssize_t)job->base->players * COLUMNS;
    for (;;) {
        Py_ssize_t i = __atomic_fetch_add(&job->next, 1, __ATOMIC_RELAXED);
        if (i >= job->n) {
            break;
        }
        Sample s = *job->base;
        s.t = &w->t;
        s.seed = job->seeds[i];
        s.deals = job->deals[i];
        s.counts = job->counts + i * stride;
        job->done[i] = run_sample(&s, &job->tries[i]);
    }
    return NULL;
}

PyDoc_STRVAR(sample_chunks_doc,
"sample_chunks(kind, seeds, deals, known, n_known, listed, combo_codes, combo_masks,\n"
"              combo_cumulative, combo_start, board_known, n_board, deck, tables, out,\n"
"              done, tries, threads, /)\n"
"--\n\n"
"sample_counts for each chunk i (seeds[i] as uint64 bits in an int64 array, deals[i]\n"
"deals), adding into out[i] (zeros, (chunks, players, 6)) and writing done[i] and\n"
"tries[i]; the chunks are shared among `threads` threads (this one and threads - 1\n"
"started for the call), each taking the next chunk not taken, without the GIL. Every\n"
"chunk's figures are sample_counts' for its seed, whatever the threads.");

static PyObject *
sample_chunks(PyObject *module, PyObject *args)
{
    int kind, n_board, threads;
    PyObject *seeds_obj, *deals_obj, *known_obj, *n_known_obj, *listed_obj, *codes_obj;
    PyObject *masks_obj, *cumulative_obj, *start_obj, *board_obj, *deck_obj, *tables_obj;
    PyObject *out_obj, *done_obj, *tries_obj;
    if (check_configured() < 0 ||
        !PyArg_ParseTuple(args, "iOOOOOOOOOOiOOOOOi", &kind, &seeds_obj, &deals_obj, &known_obj,
                          &n_known_obj, &listed_obj, &codes_obj, &masks_obj, &cumulative_obj,
                          &start_obj, &board_obj, &n_board, &deck_obj, &tables_obj, &out_obj,
                          &done_obj, &tries_obj, &threads)) {
        return NULL;
    }
    if (threads < 1 || threads > MAX_CHUNK_THREADS) {
        PyErr_Format(PyExc_ValueError, "threads must be from 1 to %d, not %d", MAX_CHUNK_THREADS,
                     threads);
        return NULL;
    }
    Views v = {.n = 0};
    Tables t;
    Sample s;
    if (take_sample(&v, &s, &t, kind, known_obj, n_known_obj, listed_obj, codes_obj, masks_obj,
                    cumulative_obj, start_obj, board_obj, n_board, deck_obj, tables_obj) < 0) {
        goto fail;
    }
    Py_buffer *seeds = take(&v, seeds_obj, 'q', 1, 0, "seeds");
    Py_buffer *deals = seeds ? take(&v, deals_obj, 'q', 1, 0, "deals") : NULL;
    Py_buffer *out = deals ? take(&v, out_obj, 'q', 3, 1, "out") : NULL;
    Py_buffer *done = out ? take(&v, done_obj, 'q', 1, 1, "done") : NULL;
    Py_buffer *tries = done ? take(&v, tries_obj, 'q', 1, 1, "tries") : NULL;
    if (tries == NULL) {
        goto fail;
    }
    Py_ssize_t n = items(seeds);
    if (items(deals) != n || out->shape[0] != n || out->shape[1] != s.players ||
        out->shape[2] != COLUMNS || items(done) != n || items(tries) != n) {
        PyErr_SetString(PyExc_ValueError, "sample_chunks: arrays of the wrong shape");
        goto fail;
    }
    const int64_t *chunk_deals = deals->buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (chunk_deals[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "sample_chunks: a chunk of fewer than 0 deals");
            goto fail;
        }
    }
    if (threads > n) {
        threads = n > 0 ? (int)n : 1;
    }
    ChunkJob job = {&s, seeds->buf, chunk_deals, out->buf, done->buf, tries->buf, n, 0};
    ChunkWorker workers[MAX_CHUNK_THREADS];
    for (int k = 0; k < threads; k++) {
        workers[k].job = &job;
        workers[k].t = t;
        workers[k].set = claim_tables(&workers[k].t);
    }
    Py_BEGIN_ALLOW_THREADS
#if defined(CHUNK_THREADS)
    pthread_t started[MAX_CHUNK_THREADS];
    int count = 0;
    for (int k = 1; k < threads; k++) {
        if (pthread_create(&started[count], NULL, run_chunks, &workers[k]) == 0) {
            count++;
        }
    }
    run_chunks(&workers[0]);
    for (int k = 0; k < count; k++) {
        pthread_join(started[k], NULL);
    }
#else
    run_chunks(&workers[0]);
#endif
    Py_END_ALLOW_THREADS
    for (int k = 0; k < threads; k++) {
        release_tables(workers[k].set);
    }
    views_release(&v);
    Py_RETURN_NONE;
fail:
    views_release(&v);
    return NULL;
}

PyDoc_STRVAR(heads_up_boards_doc,
"heads_up_boards(tuples, deck_mask, offsets, rank_table, flush_table, out, /)\n"
"--\n\n"
"For each pair of two-card hands tuples[t] ((T, 2, 2)), every five-card board of the\n"
"cards of deck_mask less the four, dealt one by one and both seven-card hands valued at\n"
"one high ranking with flushes: the first hand's wins and the ties into out[t] ((T, 2)).\n"
"A plain enumeration, apart from exact_board_ranks: the check of the preflop table.");

static PyObject *
heads_up_boards(PyObject *module, PyObject *args)
{
    long long deck_mask;
    PyObject *tuples_obj, *offsets_obj, *ranks_obj, *flushes_obj, *out_obj;
    if (check_configured() < 0 ||
        !PyArg_ParseTuple(args, "OLOOOO", &tuples_obj, &deck_mask, &offsets_obj, &ranks_obj,
                          &flushes_obj, &out_obj)) {
        return NULL;
    }
    Views v = {.n = 0};
    Py_buffer *tuples = take(&v, tuples_obj, 'q', 3, 0, "tuples");
    Py_buffer *offsets = tuples ? take(&v, offsets_obj, 'i', 1, 0, "offsets") : NULL;
    Py_buffer *ranks = offsets ? take(&v, ranks_obj, 'H', 1, 0, "rank_table") : NULL;
    Py_buffer *flushes = ranks ? take(&v, flushes_obj, 'H', 1, 0, "flush_table") : NULL;
    Py_buffer *out = flushes ? take(&v, out_obj, 'q', 2, 1, "out") : NULL;
    if (out == NULL || check_codes(tuples->buf, items(tuples), "tuples") < 0) {
        goto fail;
    }
    Py_ssize_t n = tuples->shape[0];
    if (tuples->shape[1] != 2 || tuples->shape[2] != 2 || out->shape[0] != n ||
        out->shape[1] != 2 || items(ranks) != HASH_SIZE || items(flushes) != 1 << 13 ||
        items(offsets) <= MAX_ROW) {
        PyErr_SetString(PyExc_ValueError, "heads_up_boards: arrays of the wrong shape");
        goto fail;
    }
    Py_BEGIN_ALLOW_THREADS
    run_heads_up_boards(tuples->buf, n, (int64_t)deck_mask, offsets->buf, ranks->buf,
                        flushes->buf, out->buf);
    Py_END_ALLOW_THREADS
    views_release(&v);
    Py_RETURN_NONE;
fail:
    views_release(&v);
    return NULL;
}

PyDoc_STRVAR(keyed_census_doc,
"keyed_census(deck, size, tasks, offsets, ranks, flushes, use_flush, out, /)\n"
"--\n\n"
"Every `size`-card hand (3 to 7) of deck, in code order, whose first two cards are the\n"
"deck positions of a task ((n, 2)), valued by its hand key: the hands per strength added\n"
"into out (int64, one per strength).");

static PyObject *
keyed_census(PyObject *module, PyObject *args)
{
    int size, use_flush;
    PyObject *deck_obj, *tasks_obj, *offsets_obj, *ranks_obj, *flushes_obj, *out_obj;
    if (check_configured() < 0 ||
        !PyArg_ParseTuple(args, "OiOOOOpO", &deck_obj, &size, &tasks_obj, &offsets_obj,
                          &ranks_obj, &flushes_obj, &use_flush, &out_obj)) {
        return NULL;
    }
    Views v = {.n = 0};
    Py_buffer *deck = take(&v, deck_obj, 'q', 1, 0, "deck");
    Py_buffer *tasks = deck ? take(&v, tasks_obj, 'q', 2, 0, "tasks") : NULL;
    Py_buffer *offsets = tasks ? take(&v, offsets_obj, 'i', 1, 0, "offsets") : NULL;
    Py_buffer *ranks = offsets ? take(&v, ranks_obj, 'H', 1, 0, "ranks") : NULL;
    Py_buffer *flushes = ranks ? take(&v, flushes_obj, 'H', 1, 0, "flushes") : NULL;
    Py_buffer *out = flushes ? take(&v, out_obj, 'q', 1, 1, "out") : NULL;
    if (out == NULL || check_codes(deck->buf, items(deck), "deck") < 0) {
        goto fail;
    }
    int n_deck = (int)items(deck);
    Py_ssize_t n_tasks = tasks->shape[0];
    const int64_t *task = tasks->buf;
    if (size < 3 || size > 7 || tasks->shape[1] != 2 || items(ranks) != HASH_SIZE ||
        items(offsets) <= MAX_ROW ||
        (use_flush && items(flushes) != 1 << 13)) {
        PyErr_SetString(PyExc_ValueError, "keyed_census: a size or table this kernel does not take");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < 2 * n_tasks; i++) {
        if (task[i] < 0 || task[i] >= n_deck) {
            PyErr_SetString(PyExc_ValueError, "keyed_census: a task outside the deck");
            goto fail;
        }
    }
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = run_census(deck->buf, n_deck, size, task, n_tasks, offsets->buf, ranks->buf,
                        flushes->buf, use_flush, out->buf, items(out));
    Py_END_ALLOW_THREADS
    views_release(&v);
    if (failed) {
        PyErr_SetString(PyExc_ValueError, "keyed_census: a strength beyond out");
        return NULL;
    }
    Py_RETURN_NONE;
fail:
    views_release(&v);
    return NULL;
}

static PyMethodDef module_methods[] = {
    {"configure", configure, METH_VARARGS, configure_doc},
    {"exact_counts", exact_counts, METH_VARARGS, exact_counts_doc},
    {"complete_hands", complete_hands, METH_VARARGS, complete_hands_doc},
    {"exact_board_ranks", exact_board_ranks, METH_VARARGS, exact_board_ranks_doc},
    {"exact_omaha_ranks", exact_omaha_ranks, METH_VARARGS, exact_omaha_ranks_doc},
    {"sample_counts", sample_counts, METH_VARARGS, sample_counts_doc},
    {"sample_chunks", sample_chunks, METH_VARARGS, sample_chunks_doc},
    {"keyed_census", keyed_census, METH_VARARGS, keyed_census_doc},
    {"heads_up_boards", heads_up_boards, METH_VARARGS, heads_up_boards_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "showdown._cequity",
    .m_doc = "The compiled core's equity and census kernels (see showdown._kernels.engine).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__cequity(void)
{
    for (int c = 0; c < 52; c++) {
        CARD_BIT[c] = 1LL << (c >> 2);
    }
    for (int n = 0; n < 20; n++) {
        for (int k = 0; k < 8; k++) {
            BINOMIAL[n][k] = choose(n, k);
        }
    }
    PART[0] = HALF_PART[0] = 0;
    for (int n = 1; n <= 10; n++) {
        PART[n] = POT / n;
        HALF_PART[n] = POT / 2 / n;
    }
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "POT", POT) < 0 ||
        PyModule_AddIntConstant(module, "COLUMNS", COLUMNS) < 0 ||
        PyModule_AddIntConstant(module, "MAX_PLAYERS", MAX_PLAYERS) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
