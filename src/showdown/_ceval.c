/*
 * showdown._ceval: one hand's strength per call, from Python, in compiled code.
 *
 * This file holds no table. Every number it looks up comes from showdown's own
 * Python code (showdown._kernels.tables, built from the rule tables), handed in
 * as buffers by a loader the first time an entry is called; the entry keeps
 * those arrays referenced. What is here is only key arithmetic over the cards
 * (a sum of per-rank keys, per-suit rank masks, a combination index) and the
 * lookups themselves, the valuers shared with the other extensions coming from
 * _core.h. showdown's readable evaluator (showdown.evaluation) is the
 * reference every entry is tested against.
 *
 * An entry is a builtin function whose `self` is a Spec. Its fast path takes
 * a list or tuple of plain ints; any other input, or any input it would refuse
 * (wrong count, a code out of range, outside the deck or given twice), goes to
 * the Python `delegate` given with it, which raises showdown's own errors with
 * their usual messages (or values a valid input of another type, such as
 * NumPy integers).
 *
 * Loader result (a tuple, see showdown._scorer):
 *   (tuple_out, omaha_hole, sizes, deck, rank_keys, offsets, hash_shift,
 *    hash_size, binomials, rankings, omaha, seven_offsets, seven_multiplier, seven_row_bits,
 *    seven_size)
 * with rankings a tuple of one or two
 *   (badugi, keyed_max, ranks, flushes, badugi_hands, badugi_ranks, low_by_mask,
 *    seven_ranks)
 * where low_by_mask is a qualified low's best low by the 13-bit mask of the hand's
 * ranks (empty: none), and seven_offsets/seven_ranks a second perfect hash, of
 * exactly seven cards' rank keys, small enough to stay in a core's L2 cache
 * (seven_ranks empty: seven cards go through the shared hash as fewer do): a key's
 * row is the top seven_row_bits bits of the low 32 bits of key * seven_multiplier
 * (2**seven_row_bits offsets, so that any key has one), its slot (key + offset) modulo
 * seven_size;
 * and omaha empty, or for an Omaha game one
 *   (mode, table, low_ranks, boards4, boards5, low_pairs)
 * per ranking (boards4/boards5: mode 1's best by board and pair multisets; low_pairs:
 * mode 2's low by compressed hole and board masks; empty where unused):
 *   mode 0: each hole pair and board triple through the perfect hash;
 *   mode 1: table[triple * 91 + pair], the best five without a flush by multiset
 *           index of the three board ranks and of the two hole ranks, and the flush
 *           table for the one suit with three or more board cards;
 *   mode 2: table[mask], a low by the 13-bit mask of five different ranks, all of
 *           low_ranks (0 elsewhere).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#define ROW_THREADS 1
#include <pthread.h>
#include <unistd.h>
#endif

#include "_core.h"
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
/* The batch loops' second build, for processors with POPCNT and BMI2 (see value_rows). */
#define POPCNT_TARGET __attribute__((target("popcnt,bmi,bmi2")))
#endif

#define MAX_CODES 16 /* the most codes of an Omaha entry's hand */
#define MAX_WIDTH 52 /* the most codes of any other hand: a whole deck */
#define MAX_RANKINGS 2
#define MAX_REPLICAS 7 /* table copies for the threads of rows() beyond the first */
#define N_BUFFERS (4 + 10 * MAX_RANKINGS)
#define OMAHA_HASHED 0
#define OMAHA_PAIR_TRIPLE 1
#define OMAHA_LOW_MASK 2
#define OMAHA_ROWS_HOLE 6 /* omaha_board_values: up to this many hole cards */
#define PAIRS 91
#define TRIPLES 455
#define BOARDS4 1820 /* multisets of four ranks */
#define BOARDS5 6188 /* multisets of five ranks */
/* A card's key: its rank key in the low 32 bits, and one in its suit's 4-bit counter
 * above. A sum of at most seven keys plus KEY_START has a counter's top bit set
 * (FLUSH_BITS) exactly when five or more cards share that suit. */
#define MAX_RANK_KEY (1LL << 27) /* seven of them (a keyed lookup) stay below 2**32 */
/* Spec.row_keys of a byte that is no card code of the deck: sixteen of them stay below
 * 2**63, and a key sum at or above it shows that a row held one. */
#define NOT_A_CODE (1LL << 56)

typedef struct {
    int badugi;              /* Badugi: the four cards' combination index */
    int keyed_max;           /* up to this many cards: one keyed lookup; more: best five */
    const uint16_t *ranks;   /* perfect-hash slot -> strength without a flush */
    Py_ssize_t n_ranks;
    const uint16_t *flushes; /* 13-bit suited rank mask -> flush strength; NULL: no flushes */
    Py_ssize_t n_flushes;
    const uint16_t *badugi_hands; /* combination index of four codes -> strength */
    Py_ssize_t n_badugi;
    const uint16_t *badugi_ranks; /* 13-bit mask of one to four ranks -> their strength */
    Py_ssize_t n_badugi_ranks;
    const uint16_t *seven_ranks;  /* seven-card hash slot -> strength; NULL: none */
    const uint8_t *low_by_mask;   /* a low with a qualifier: 13-bit mask of the hand's ranks ->
                                     its best low (its best five different qualifying ranks) */
    int omaha_mode;               /* OMAHA_HASHED, OMAHA_PAIR_TRIPLE or OMAHA_LOW_MASK */
    const uint16_t *omaha_table;  /* the pair-by-triple table, or the lows by mask */
    uint32_t low_ranks;           /* OMAHA_LOW_MASK: the ranks a low may hold */
    const uint16_t *boards[6];    /* OMAHA_PAIR_TRIPLE: [4], [5]: by board and pair multiset */
    const uint8_t *low_pairs;     /* OMAHA_LOW_MASK: by compressed hole and board low masks */
    int low_k;                    /* how many ranks low_ranks holds: low_pairs has 4**low_k */
    uint8_t low_lo[128], low_hi[64]; /* ranks 0..6 and 7..12 of a mask, compressed */
} Ranking;

typedef struct {
    PyObject_HEAD
    PyObject *loader;   /* () -> the tables and the shape of the entry */
    PyObject *delegate; /* (codes) -> value or showdown's error, for every other input */
    PyObject *name;
    PyObject *doc;
    PyMethodDef def;
    int ready;
    int tuple_out;      /* a game: one value per ranking, as a tuple */
    int omaha_hole;     /* > 0: exactly two of this many hole cards plus three of the board */
    int omaha_rows;     /* Omaha whose every ranking has rows by board (set by load): no
                           path of omaha_values reads a card's key */
    uint64_t sizes;     /* bit n set: n codes accepted (n <= MAX_WIDTH) */
    uint64_t deck;      /* bit c set: code c is in the deck */
    int64_t card_keys[256]; /* per code: its rank's key plus one in its suit's counter; 0
                               past 51, so that any byte may index it */
    int64_t row_keys[256];  /* card_keys, and NOT_A_CODE for a byte that is no code of the
                               deck: the batch loops' sums */
    const int32_t *offsets;
    Py_ssize_t n_offsets;
    int hash_shift;
    uint32_t hash_mask;
    const uint16_t *seven_offsets; /* the seven-card hash (Ranking.seven_ranks) */
    Py_ssize_t n_seven_offsets;
    uint32_t seven_multiplier;     /* a key's row: the top bits of its low 32 bits times this */
    int seven_row_shift;           /* 32 less the row bits */
    uint32_t seven_mask;
    const int64_t *binomials; /* C(n, k): k * 52 + n */
    int n_rankings;
    Ranking rankings[MAX_RANKINGS];
    Py_buffer views[N_BUFFERS];
    int n_views;
    void *replicas[MAX_REPLICAS]; /* rows() threads 1..: copies of this Spec reading copies of
                                     its kept tables (thread_specs), or NULL */
} Spec;

/* APPLY(pointer) on every table pointer of the Spec `spec` with `n` rankings: where load()
 * moves them onto the kept copies and thread_specs onto a thread's copies. */
#define SPEC_TABLES(APPLY, spec, n)                                                            \
    do {                                                                                       \
        APPLY((spec).offsets);                                                                 \
        APPLY((spec).binomials);                                                               \
        APPLY((spec).seven_offsets);                                                           \
        for (Py_ssize_t r_ = 0; r_ < (n); r_++) {                                              \
            Ranking *ranking_ = &(spec).rankings[r_];                                          \
            APPLY(ranking_->low_by_mask);                                                      \
            APPLY(ranking_->ranks);                                                            \
            APPLY(ranking_->flushes);                                                          \
            APPLY(ranking_->badugi_hands);                                                     \
            APPLY(ranking_->badugi_ranks);                                                     \
            APPLY(ranking_->seven_ranks);                                                      \
            APPLY(ranking_->boards[4]);                                                        \
            APPLY(ranking_->boards[5]);                                                        \
            APPLY(ranking_->low_pairs);                                                        \
            APPLY(ranking_->omaha_table);                                                      \
        }                                                                                      \
    } while (0)

static void
release_views(Py_buffer *views, int n)
{
    for (int i = 0; i < n; i++) {
        PyBuffer_Release(&views[i]);
    }
}

static void
Spec_dealloc(Spec *self)
{
    PyObject_GC_UnTrack(self);
    release_views(self->views, self->n_views);
    for (int i = 0; i < MAX_REPLICAS; i++) {
        PyMem_RawFree(self->replicas[i]); /* the tables they read stay kept */
        self->replicas[i] = NULL;
    }
    Py_CLEAR(self->loader);
    Py_CLEAR(self->delegate);
    Py_CLEAR(self->name);
    Py_CLEAR(self->doc);
    PyObject_GC_Del(self);
}

static int
Spec_traverse(Spec *self, visitproc visit, void *arg)
{
    Py_VISIT(self->loader);
    Py_VISIT(self->delegate);
    for (int i = 0; i < self->n_views; i++) {
        Py_VISIT(self->views[i].obj);
    }
    return 0;
}

static PyTypeObject SpecType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "showdown._ceval.Spec",
    .tp_basicsize = sizeof(Spec),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The tables and shape of one compiled per-call entry.",
    .tp_dealloc = (destructor)Spec_dealloc,
    .tp_traverse = (traverseproc)Spec_traverse,
};

/* ------------------------------------------------------------------ loading */

/* The index of the lowest set bit of `bits` (not 0). */
static inline int
lowest_bit(uint32_t bits)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(bits);
#else
    int index = 0;
    for (; !(bits & 1); bits >>= 1) {
        index++;
    }
    return index;
#endif
}

/* The ranks of `low_ranks`, lowest first, as bits 0, 1, ...: low_lo[mask & 127] |
 * low_hi[mask >> 7] is a 13-bit mask's low ranks compressed (low_pairs' index). */
static void
fill_compression(Ranking *ranking, uint32_t low_ranks)
{
    int position[13], k = 0;
    for (int rank = 0; rank < 13; rank++) {
        position[rank] = (low_ranks >> rank) & 1 ? k++ : -1;
    }
    for (int half = 0; half < 2; half++) {
        int size = half ? 64 : 128, shift = half ? 7 : 0;
        uint8_t *out = half ? ranking->low_hi : ranking->low_lo;
        for (int mask = 0; mask < size; mask++) {
            int bits = 0;
            for (int j = 0; j + shift < 13 && j < 7; j++) {
                if ((mask >> j) & 1 && position[j + shift] >= 0) {
                    bits |= 1 << position[j + shift];
                }
            }
            out[mask] = (uint8_t)bits;
        }
    }
}

/* A contiguous one-dimensional buffer of `itemsize`-byte items of one of `formats`. */
static int
take_view(PyObject *obj, Py_buffer *view, Py_ssize_t itemsize, const char *formats,
          const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return -1;
    }
    const char *format = view->format ? view->format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@') {
        format++;
    }
    if (view->ndim != 1 || view->itemsize != itemsize || strlen(format) != 1 ||
        strchr(formats, format[0]) == NULL) {
        PyErr_Format(PyExc_TypeError, "%s: expected a flat array of %zd-byte items", what,
                     itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ table memory */

/* The tables an entry reads are copied, once per process, into memory of 2 MiB pages
 * where the system gives them (Linux's transparent huge pages on request): a table of a
 * megabyte then costs one TLB entry instead of 256, and lies in physically contiguous
 * memory, so that its lines spread evenly over the cache sets from one process to the
 * next. A table seen again (the same bytes: several entries share the kernels' arrays)
 * is not copied again. Where none can be had, the entry reads the arrays as given. Only
 * load() calls these, with the GIL held; the copies live as long as the process. */
#if defined(__linux__)
#include <sys/mman.h>
#define TABLE_PAGE ((size_t)2 << 20)
#define TABLE_ALIGN 64
#define MAX_KEPT_TABLES 256
typedef struct {
    const void *source;
    size_t len;
    void *copy;
    void *replicas[MAX_REPLICAS]; /* further copies, made for threads (replica_pointer) */
} KeptTable;
static KeptTable kept_tables[MAX_KEPT_TABLES];
static int n_kept_tables = 0;
static char *table_arena = NULL;
static size_t table_arena_left = 0;

static void *
arena_take(size_t len)
{
    size_t need = (len + TABLE_ALIGN - 1) & ~(size_t)(TABLE_ALIGN - 1);
    if (need > table_arena_left) {
        size_t size = need > 2 * TABLE_PAGE ? (need + TABLE_PAGE - 1) & ~(TABLE_PAGE - 1)
                                            : 2 * TABLE_PAGE;
        char *raw = mmap(NULL, size + TABLE_PAGE, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) {
            return NULL;
        }
        char *aligned = (char *)(((uintptr_t)raw + TABLE_PAGE - 1) & ~(uintptr_t)(TABLE_PAGE - 1));
        if (aligned > raw) {
            munmap(raw, (size_t)(aligned - raw));
        }
        if (aligned + size < raw + size + TABLE_PAGE) {
            munmap(aligned + size, (size_t)(raw + size + TABLE_PAGE - (aligned + size)));
        }
#if defined(MADV_HUGEPAGE)
        madvise(aligned, size, MADV_HUGEPAGE);
#endif
        table_arena = aligned;
        table_arena_left = size;
    }
    void *out = table_arena;
    table_arena += need;
    table_arena_left -= need;
    return out;
}

/* Where the entry reads `len` bytes at `source` from: their copy in the tables' memory,
 * or `source` itself (a small or empty table, or no memory to be had). */
static const void *
kept_table(const void *source, Py_ssize_t len)
{
    if (source == NULL || len < 4096) {
        return source;
    }
    for (int i = 0; i < n_kept_tables; i++) {
        if (kept_tables[i].source == source && kept_tables[i].len == (size_t)len &&
            memcmp(kept_tables[i].copy, source, (size_t)len) == 0) {
            return kept_tables[i].copy;
        }
    }
    if (n_kept_tables == MAX_KEPT_TABLES) {
        return source;
    }
    void *copy = arena_take((size_t)len);
    if (copy == NULL) {
        return source;
    }
    memcpy(copy, source, (size_t)len);
    kept_tables[n_kept_tables++] = (KeptTable){source, (size_t)len, copy, {NULL}};
    return copy;
}

/* `pointer` into a kept copy, moved to the same place in that table's copy number
 * `replica` (made on first use): each thread of rows() beyond the first reads its own
 * copies. Two cores reading the same lines at random, each from its own cache, scaled
 * 1.0-1.4x on a rented Sapphire Rapids machine where they scaled 1.6-1.8x reading
 * copies (a bare loop of lookups in a 1 MB table). A pointer into no kept copy (a small
 * table), or no memory to be had: `pointer` itself. */
static const void *
replica_pointer(const void *pointer, int replica)
{
    if (pointer == NULL) {
        return NULL;
    }
    for (int i = 0; i < n_kept_tables; i++) {
        KeptTable *kept = &kept_tables[i];
        const char *start = kept->copy;
        if ((const char *)pointer >= start && (const char *)pointer < start + kept->len) {
            if (kept->replicas[replica] == NULL) {
                void *copy = arena_take(kept->len);
                if (copy == NULL) {
                    return pointer;
                }
                memcpy(copy, kept->copy, kept->len);
                kept->replicas[replica] = copy;
            }
            return (const char *)kept->replicas[replica] + ((const char *)pointer - start);
        }
    }
    return pointer;
}
#else
static const void *
kept_table(const void *source, Py_ssize_t len)
{
    (void)len;
    return source;
}

static const void *
replica_pointer(const void *pointer, int replica)
{
    (void)replica;
    return pointer;
}
#endif

/* `pointer` into one of `views`, moved to the same place in that view's kept copy. */
static const void *
kept_pointer(const void *pointer, const Py_buffer *views, int n_views)
{
    if (pointer == NULL) {
        return NULL;
    }
    for (int i = 0; i < n_views; i++) {
        const char *start = views[i].buf;
        if ((const char *)pointer >= start && (const char *)pointer < start + views[i].len) {
            return (const char *)kept_table(start, views[i].len) +
                   ((const char *)pointer - start);
        }
    }
    return pointer;
}

static int
load(Spec *self)
{
    PyObject *config = PyObject_CallNoArgs(self->loader);
    if (config == NULL) {
        return -1;
    }
    if (self->ready) { /* another thread loaded while the loader ran */
        Py_DECREF(config);
        return 0;
    }
    Py_buffer views[N_BUFFERS];
    int n_views = 0;
    int tuple_out, omaha_hole, hash_shift, seven_row_bits;
    unsigned long long sizes, deck, hash_size, seven_multiplier, seven_size;
    PyObject *rank_keys, *offsets, *binomials, *rankings, *omaha, *seven_offsets;
    Spec built;
    memset(&built, 0, sizeof(built));
    if (!PyArg_ParseTuple(config, "piKKOOiKOO!O!OKiK;the loader's result", &tuple_out,
                          &omaha_hole, &sizes, &deck, &rank_keys, &offsets, &hash_shift,
                          &hash_size, &binomials, &PyTuple_Type, &rankings, &PyTuple_Type, &omaha,
                          &seven_offsets, &seven_multiplier, &seven_row_bits, &seven_size)) {
        goto fail;
    }
    Py_ssize_t n_rankings = PyTuple_GET_SIZE(rankings);
    if (n_rankings < 1 || n_rankings > MAX_RANKINGS || hash_size == 0 ||
        (hash_size & (hash_size - 1)) || hash_size > (1ULL << 31) || hash_shift < 0 ||
        hash_shift > 31 || omaha_hole < 0 || omaha_hole > MAX_CODES || seven_size == 0 ||
        (seven_size & (seven_size - 1)) || seven_size > (1ULL << 16 << 16) ||
        seven_multiplier > 0xFFFFFFFFULL || seven_row_bits < 1 || seven_row_bits > 24) {
        PyErr_SetString(PyExc_ValueError, "the loader's result is out of bounds");
        goto fail;
    }
    if (take_view(rank_keys, &views[n_views], 8, "lq", "rank keys") < 0) {
        goto fail;
    }
    if (views[n_views].len != 13 * 8) {
        n_views++;
        PyErr_SetString(PyExc_ValueError, "rank keys: expected 13 keys");
        goto fail;
    }
    const int64_t *keys = (const int64_t *)views[n_views++].buf;
    for (int code = 0; code < 52; code++) {
        if (keys[code >> 2] < 0 || keys[code >> 2] >= MAX_RANK_KEY) {
            PyErr_SetString(PyExc_ValueError, "rank keys: out of 0..2**27");
            goto fail;
        }
        built.card_keys[code] = keys[code >> 2] + (1LL << (SUIT_SHIFT + 4 * (code & 3)));
    }
    for (int code = 0; code < 256; code++) {
        built.row_keys[code] = code < 52 && ((deck >> code) & 1) ? built.card_keys[code] : NOT_A_CODE;
    }
    if (take_view(offsets, &views[n_views], 4, "i", "offsets") < 0) {
        goto fail;
    }
    built.offsets = (const int32_t *)views[n_views].buf;
    built.n_offsets = views[n_views++].shape[0];
    if (take_view(binomials, &views[n_views], 8, "lq", "binomials") < 0) {
        goto fail;
    }
    if (views[n_views].len != 5 * 52 * 8) {
        n_views++;
        PyErr_SetString(PyExc_ValueError, "binomials: expected 5 x 52");
        goto fail;
    }
    built.binomials = (const int64_t *)views[n_views++].buf;
    if (take_view(seven_offsets, &views[n_views], 2, "H", "seven-card offsets") < 0) {
        goto fail;
    }
    built.seven_offsets = (const uint16_t *)views[n_views].buf;
    built.n_seven_offsets = views[n_views++].shape[0];
    if (built.n_seven_offsets != 0 && built.n_seven_offsets != (Py_ssize_t)1 << seven_row_bits) {
        PyErr_SetString(PyExc_ValueError, "seven-card offsets: expected one per row");
        goto fail;
    }
    for (Py_ssize_t r = 0; r < n_rankings; r++) {
        Ranking *ranking = &built.rankings[r];
        PyObject *ranks, *flushes, *hands, *by_mask, *low_masks, *sevens;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(rankings, r), "piOOOOOO;a ranking's tables",
                              &ranking->badugi, &ranking->keyed_max, &ranks, &flushes, &hands,
                              &by_mask, &low_masks, &sevens)) {
            goto fail;
        }
        if (take_view(low_masks, &views[n_views], 1, "B", "lows by rank mask") < 0) {
            goto fail;
        }
        if (views[n_views].len != 0 && (views[n_views].len != (1 << 13) || ranking->badugi)) {
            n_views++;
            PyErr_SetString(PyExc_ValueError, "lows by rank mask: expected 8192 masks");
            goto fail;
        }
        ranking->low_by_mask = views[n_views].len ? (const uint8_t *)views[n_views].buf : NULL;
        n_views++;
        if (ranking->keyed_max < 0 || ranking->keyed_max > 7) {
            PyErr_SetString(PyExc_ValueError, "keyed_max is out of 0..7");
            goto fail;
        }
        if (take_view(ranks, &views[n_views], 2, "H", "ranks") < 0) {
            goto fail;
        }
        ranking->ranks = (const uint16_t *)views[n_views].buf;
        ranking->n_ranks = views[n_views++].shape[0];
        if (take_view(flushes, &views[n_views], 2, "H", "flushes") < 0) {
            goto fail;
        }
        ranking->n_flushes = views[n_views].shape[0];
        ranking->flushes = ranking->n_flushes ? (const uint16_t *)views[n_views].buf : NULL;
        n_views++;
        if (ranking->flushes != NULL && ranking->n_flushes != (1 << 13)) {
            PyErr_SetString(PyExc_ValueError, "flushes: expected 8192 masks");
            goto fail;
        }
        if (take_view(hands, &views[n_views], 2, "H", "badugi hands") < 0) {
            goto fail;
        }
        ranking->badugi_hands = (const uint16_t *)views[n_views].buf;
        ranking->n_badugi = views[n_views++].shape[0];
        if (take_view(by_mask, &views[n_views], 2, "H", "badugi ranks") < 0) {
            goto fail;
        }
        ranking->badugi_ranks = (const uint16_t *)views[n_views].buf;
        ranking->n_badugi_ranks = views[n_views++].shape[0];
        if (take_view(sevens, &views[n_views], 2, "H", "seven-card ranks") < 0) {
            goto fail;
        }
        Py_ssize_t n_sevens = views[n_views].shape[0];
        ranking->seven_ranks = n_sevens ? (const uint16_t *)views[n_views].buf : NULL;
        n_views++;
        if (n_sevens && (n_sevens != (Py_ssize_t)seven_size || ranking->keyed_max < 7 ||
                         ranking->badugi || built.n_seven_offsets == 0)) {
            PyErr_SetString(PyExc_ValueError, "seven-card ranks: expected one per slot");
            goto fail;
        }
        if (!ranking->badugi && ranking->n_ranks != (Py_ssize_t)hash_size) {
            PyErr_SetString(PyExc_ValueError, "ranks: expected one strength per hash slot");
            goto fail;
        }
        if (ranking->badugi && ranking->n_badugi != 270725) {
            PyErr_SetString(PyExc_ValueError, "badugi hands: expected C(52, 4) strengths");
            goto fail;
        }
        if (ranking->badugi && ranking->n_badugi_ranks != (1 << 13)) {
            PyErr_SetString(PyExc_ValueError, "badugi ranks: expected 8192 masks");
            goto fail;
        }
        if (PyTuple_GET_SIZE(omaha) == 0) {
            continue;
        }
        if (PyTuple_GET_SIZE(omaha) != n_rankings) {
            PyErr_SetString(PyExc_ValueError, "omaha: expected one entry per ranking");
            goto fail;
        }
        PyObject *table, *board4, *board5, *low_pairs;
        unsigned long low_ranks;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(omaha, r), "iOkOOO;an Omaha ranking's tables",
                              &ranking->omaha_mode, &table, &low_ranks, &board4, &board5,
                              &low_pairs)) {
            goto fail;
        }
        PyObject *extra[3] = {board4, board5, low_pairs};
        Py_ssize_t n_extra[3];
        const void *extra_buf[3];
        for (int x = 0; x < 3; x++) {
            if (take_view(extra[x], &views[n_views], x == 2 ? 1 : 2, x == 2 ? "B" : "H",
                          x == 2 ? "omaha low pairs" : "omaha boards") < 0) {
                goto fail;
            }
            n_extra[x] = views[n_views].shape[0];
            extra_buf[x] = n_extra[x] ? views[n_views].buf : NULL;
            n_views++;
        }
        ranking->low_k = core_popcount((uint32_t)(low_ranks & 0x1FFF));
        if ((n_extra[0] && n_extra[0] != BOARDS4 * PAIRS) ||
            (n_extra[1] && n_extra[1] != BOARDS5 * PAIRS) ||
            (n_extra[2] && (ranking->low_k > 8 || n_extra[2] != 1 << (2 * ranking->low_k)))) {
            PyErr_SetString(PyExc_ValueError, "omaha: boards or low pairs of the wrong size");
            goto fail;
        }
        ranking->boards[4] = (const uint16_t *)extra_buf[0];
        ranking->boards[5] = (const uint16_t *)extra_buf[1];
        ranking->low_pairs = (const uint8_t *)extra_buf[2];
        fill_compression(ranking, (uint32_t)(low_ranks & 0x1FFF));
        if (take_view(table, &views[n_views], 2, "H", "omaha table") < 0) {
            goto fail;
        }
        Py_ssize_t n_table = views[n_views].shape[0];
        ranking->omaha_table = (const uint16_t *)views[n_views++].buf;
        ranking->low_ranks = (uint32_t)(low_ranks & 0x1FFF);
        if ((ranking->omaha_mode == OMAHA_PAIR_TRIPLE && n_table != PAIRS * TRIPLES) ||
            (ranking->omaha_mode == OMAHA_LOW_MASK && n_table != (1 << 13)) ||
            ranking->omaha_mode < OMAHA_HASHED || ranking->omaha_mode > OMAHA_LOW_MASK ||
            (ranking->omaha_mode == OMAHA_PAIR_TRIPLE && ranking->badugi)) {
            PyErr_SetString(PyExc_ValueError, "omaha: a table of the wrong size or mode");
            goto fail;
        }
    }
    if (self->ready) {
        release_views(views, n_views);
        Py_DECREF(config);
        return 0;
    }
    self->tuple_out = tuple_out;
    self->omaha_hole = omaha_hole;
    self->omaha_rows =
        omaha_hole >= 4 && omaha_hole <= OMAHA_ROWS_HOLE && PyTuple_GET_SIZE(omaha) > 0;
    for (Py_ssize_t r = 0; r < n_rankings; r++) {
        const Ranking *ranking = &built.rankings[r];
        if (!(ranking->omaha_mode == OMAHA_PAIR_TRIPLE && ranking->boards[4] != NULL &&
              ranking->boards[5] != NULL) &&
            !(ranking->omaha_mode == OMAHA_LOW_MASK && ranking->low_pairs != NULL)) {
            self->omaha_rows = 0;
        }
    }
#define KEEP(field) field = kept_pointer(field, views, n_views)
    SPEC_TABLES(KEEP, built, n_rankings);
#undef KEEP
    self->sizes = sizes & ((1ULL << ((omaha_hole ? MAX_CODES : MAX_WIDTH) + 1)) - 1);
    self->deck = deck & ((1ULL << 52) - 1);
    memcpy(self->card_keys, built.card_keys, sizeof(built.card_keys));
    memcpy(self->row_keys, built.row_keys, sizeof(built.row_keys));
    self->seven_offsets = built.seven_offsets;
    self->n_seven_offsets = built.n_seven_offsets;
    self->seven_multiplier = (uint32_t)seven_multiplier;
    self->seven_row_shift = 32 - seven_row_bits;
    self->seven_mask = (uint32_t)(seven_size - 1);
    self->offsets = built.offsets;
    self->n_offsets = built.n_offsets;
    self->hash_shift = hash_shift;
    self->hash_mask = (uint32_t)(hash_size - 1);
    self->binomials = built.binomials;
    self->n_rankings = (int)n_rankings;
    memcpy(self->rankings, built.rankings, sizeof(built.rankings));
    memcpy(self->views, views, sizeof(Py_buffer) * n_views);
    self->n_views = n_views;
    self->ready = 1;
    Py_DECREF(config);
    return 0;
fail:
    release_views(views, n_views);
    Py_DECREF(config);
    return -1;
}

/* ------------------------------------------------------------------ values */

/* The strength without a flush of a multiset of ranks, by the sum of its cards' keys
 * (the rank key in the low bits); -1: off the table. */
static ALWAYS_INLINE int
rank_value(const Spec *self, const Ranking *ranking, int64_t key)
{
    key &= RANK_BITS;
    if ((key >> self->hash_shift) >= self->n_offsets) {
        return -1;
    }
    return core_lookup(ranking->ranks, self->offsets, self->hash_shift, self->hash_mask, key);
}

/* rank_value of exactly seven cards, by the seven-card hash (ranking->seven_ranks set):
 * no bounds to check, as every row index and slot of any key is inside its table. */
static ALWAYS_INLINE int
seven_value(const Spec *self, const Ranking *ranking, int64_t key)
{
    uint32_t rank_key = (uint32_t)key;
    uint32_t row = (rank_key * self->seven_multiplier) >> self->seven_row_shift;
    return ranking->seven_ranks[(rank_key + self->seven_offsets[row]) & self->seven_mask];
}

typedef struct {
    int n;
    int codes[MAX_WIDTH];
    int64_t keys[MAX_WIDTH]; /* each card's key (Spec.card_keys) */
} Hand;

/* At most seven cards in one lookup: a flush if five share a suit, else the ranks. */
/* The flush of a hand whose key (plus KEY_START) has a counter at five or more: kept
 * out of line, as it is rare and the compiler would otherwise compute it for every hand. */
static COLD int
flush_value(const Ranking *ranking, const Hand *hand, int64_t key)
{
    return core_flush_value_int(ranking->flushes, hand->codes, hand->n, key);
}

static ALWAYS_INLINE int
keyed_value(const Spec *self, const Ranking *ranking, const Hand *hand)
{
    int64_t key = KEY_START;
    for (int i = 0; i < hand->n; i++) {
        key += hand->keys[i];
    }
    if (RARELY(ranking->flushes != NULL && (key & FLUSH_BITS))) {
        return flush_value(ranking, hand, key);
    }
    if (hand->n == 7 && ranking->seven_ranks != NULL) {
        return seven_value(self, ranking, key);
    }
    return rank_value(self, ranking, key);
}

/* One five-card set: its rank key, and its suit when all five share one (else -1). */
static inline int
five_value(const Spec *self, const Ranking *ranking, int64_t key, int suit, uint32_t mask)
{
    if (suit >= 0 && ranking->flushes != NULL) {
        return ranking->flushes[mask];
    }
    return rank_value(self, ranking, key);
}

/* The best five of `hand` under `ranking` (every five-card subset: ranking_value's for
 * more cards than one lookup takes), their positions into `chosen` (the cards that play
 * where `hand` is sorted by sort_hand): the first of value `target` when `known`, else
 * the first of the best. Returns the value, 0 when no five has one, -1 off the tables. */
static int
best_five_of(const Spec *self, const Ranking *ranking, const Hand *hand, int known, int target,
             int *chosen)
{
    if (known && target == 0) {
        return 0;
    }
    const int n = hand->n;
    const int *k = hand->codes;
    int best = 0;
    for (int a = 0; a < n - 4; a++) {
        for (int b = a + 1; b < n - 3; b++) {
            for (int c = b + 1; c < n - 2; c++) {
                int64_t abc = hand->keys[a] + hand->keys[b] + hand->keys[c];
                int suit3 = ((k[b] & 3) == (k[a] & 3) && (k[c] & 3) == (k[a] & 3)) ? k[a] & 3 : -1;
                uint32_t mask3 = (1u << (k[a] >> 2)) | (1u << (k[b] >> 2)) | (1u << (k[c] >> 2));
                for (int d = c + 1; d < n - 1; d++) {
                    for (int e = d + 1; e < n; e++) {
                        int suit = ((k[d] & 3) == suit3 && (k[e] & 3) == suit3) ? suit3 : -1;
                        int value =
                            five_value(self, ranking, abc + hand->keys[d] + hand->keys[e], suit,
                                       mask3 | (1u << (k[d] >> 2)) | (1u << (k[e] >> 2)));
                        if (value < 0) {
                            return -1;
                        }
                        if (known ? value == target : value > best) {
                            best = value;
                            chosen[0] = a, chosen[1] = b, chosen[2] = c, chosen[3] = d;
                            chosen[4] = e;
                            if (known) {
                                return best;
                            }
                        }
                    }
                }
            }
        }
    }
    return known ? -1 : best; /* known: the keyed value is one of the fives' */
}

static ALWAYS_INLINE int
badugi_value(const Spec *self, const Ranking *ranking, const Hand *hand)
{
    int64_t index =
        core_badugi_index(hand->codes[0], hand->codes[1], hand->codes[2], hand->codes[3],
                          self->binomials, 52);
    if (index < 0 || index >= ranking->n_badugi) {
        return -1;
    }
    return ranking->badugi_hands[index];
}

static ALWAYS_INLINE int
ranking_value(const Spec *self, const Ranking *ranking, const Hand *hand)
{
    if (ranking->badugi) {
        return badugi_value(self, ranking, hand);
    }
    if (ranking->low_by_mask != NULL) { /* a qualified low: only its different ranks count */
        uint32_t mask = 0;
        for (int i = 0; i < hand->n; i++) {
            mask |= 1u << (hand->codes[i] >> 2);
        }
        return ranking->low_by_mask[mask];
    }
    if (hand->n <= ranking->keyed_max) {
        return keyed_value(self, ranking, hand);
    }
    int chosen[5];
    return best_five_of(self, ranking, hand, 0, 0, chosen);
}

/* Each triple of the board's cards (hand->codes[hole:], at most five), in combination
 * order: its key, its suit (-1: mixed), its rank mask and its cards' positions. Returns
 * how many. */
static int
board_triples(const Hand *hand, int hole, int64_t *key, int *suit, uint32_t *mask,
              int (*card)[3])
{
    const int *k = hand->codes;
    int t = 0;
    for (int a = hole; a < hand->n; a++) {
        for (int b = a + 1; b < hand->n; b++) {
            for (int c = b + 1; c < hand->n; c++, t++) {
                key[t] = hand->keys[a] + hand->keys[b] + hand->keys[c];
                int s = k[a] & 3;
                suit[t] = ((k[b] & 3) == s && (k[c] & 3) == s) ? s : -1;
                mask[t] = (1u << (k[a] >> 2)) | (1u << (k[b] >> 2)) | (1u << (k[c] >> 2));
                card[t][0] = a, card[t][1] = b, card[t][2] = c;
            }
        }
    }
    return t;
}

/* Exactly two hole cards and three board cards, best per ranking into `out`, every
 * pair and triple through the perfect hash (only rankings of OMAHA_HASHED, unless
 * `all`). */
static int
omaha_hashed(const Spec *self, const Hand *hand, int *out, int all)
{
    const int hole = self->omaha_hole, n = hand->n;
    const int *k = hand->codes;
    int64_t pair_key[MAX_CODES * (MAX_CODES - 1) / 2], triple_key[10];
    int pair_suit[MAX_CODES * (MAX_CODES - 1) / 2], triple_suit[10], triple_card[10][3];
    uint32_t pair_mask[MAX_CODES * (MAX_CODES - 1) / 2], triple_mask[10];
    int n_pairs = 0;
    if (n - hole > 5) {
        return -1;
    }
    for (int a = 0; a < hole; a++) {
        for (int b = a + 1; b < hole; b++) {
            pair_key[n_pairs] = hand->keys[a] + hand->keys[b];
            pair_suit[n_pairs] = (k[a] & 3) == (k[b] & 3) ? (k[a] & 3) : -1;
            pair_mask[n_pairs] = (1u << (k[a] >> 2)) | (1u << (k[b] >> 2));
            n_pairs++;
        }
    }
    int n_triples = board_triples(hand, hole, triple_key, triple_suit, triple_mask, triple_card);
    for (int r = 0; r < self->n_rankings; r++) {
        const Ranking *ranking = &self->rankings[r];
        if (!all && ranking->omaha_mode != OMAHA_HASHED) {
            continue;
        }
        int best = 0;
        for (int p = 0; p < n_pairs; p++) {
            for (int t = 0; t < n_triples; t++) {
                int suit = pair_suit[p] == triple_suit[t] ? pair_suit[p] : -1;
                int value = five_value(self, ranking, pair_key[p] + triple_key[t], suit,
                                       pair_mask[p] | triple_mask[t]);
                if (value < 0) {
                    return -1;
                }
                if (value > best) {
                    best = value;
                }
            }
        }
        out[r] = best;
    }
    return 0;
}

/* The best low of two of the hole's ranks and three of the board's, five different
 * ranks in all, from the lows by mask: only the distinct ranks of `low_ranks` count. */
static int
omaha_low(const uint16_t *lows, uint32_t hole, uint32_t board)
{
    uint32_t h[13], b[13];
    int nh = 0, nb = 0;
    for (; hole; hole &= hole - 1) {
        h[nh++] = hole & (0u - hole);
    }
    for (; board; board &= board - 1) {
        b[nb++] = board & (0u - board);
    }
    return core_omaha_best(lows, h, nh, b, nb);
}

/* The multiset index of two ranks (any order), and of three ranks times PAIRS: a row of
 * the pair-by-triple table. Filled once by the module's init (arithmetic, no rule). */
static uint8_t pair_of[13 * 13];
static uint16_t triple_row_of[13 * 13 * 13];

/* Per code: the bit of its rank in the low half, one in its suit's 4-bit counter in the
 * high half. Or'ed over cards, the low half is their ranks' mask; added, the high half
 * counts them by suit (the low half's sum of at most sixteen rank bits stays below
 * 2**17, so that nothing carries into the counters). */
static uint64_t card_bits[52];

static void
fill_indexes(void)
{
    for (int code = 0; code < 52; code++) {
        card_bits[code] = (1ULL << (code >> 2)) | (1ULL << (32 + 4 * (code & 3)));
    }
    for (int x = 0; x < 13; x++) {
        for (int y = 0; y < 13; y++) {
            int lo = x < y ? x : y, hi = x < y ? y : x;
            pair_of[x * 13 + y] = (uint8_t)(lo + hi * (hi + 1) / 2);
            for (int z = 0; z < 13; z++) {
                int r[3] = {x, y, z};
                for (int i = 1; i < 3; i++) {
                    for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
                        int swap = r[j];
                        r[j] = r[j - 1];
                        r[j - 1] = swap;
                    }
                }
                int index = r[0] + r[1] * (r[1] + 1) / 2 + r[2] * (r[2] + 1) * (r[2] + 2) / 6;
                triple_row_of[(x * 13 + y) * 13 + z] = (uint16_t)(index * PAIRS);
            }
        }
    }
}

/* multiset_term[i][r] = C(r + i, i + 1): the multiset index of ranks sorted ascending,
 * r_0 <= r_1 <= ..., is the sum of multiset_term[i][r_i] (colex order, as
 * showdown._scorer._multiset_index). */
static uint16_t multiset_term[5][13];

static void
fill_terms(void)
{
    for (int i = 0; i < 5; i++) {
        for (int r = 0; r < 13; r++) {
            int64_t c = 1; /* C(r + i, i + 1) */
            for (int j = 0; j < i + 1; j++) {
                c = c * (r + i - j) / (j + 1);
            }
            multiset_term[i][r] = (uint16_t)c;
        }
    }
}

/* The multiset index of the `n` (4 or 5) ranks `rank[0:n]`: a row of Ranking.boards[n]. */
static ALWAYS_INLINE int
board_index(const int *rank, int n)
{
    int r[5] = {rank[0], rank[1], rank[2], rank[3], n == 5 ? rank[4] : 99}, t;
#define EXCHANGE(x, y) (t = r[x] < r[y] ? r[x] : r[y], r[y] = r[x] < r[y] ? r[y] : r[x], r[x] = t)
    /* a sorting network of five; the fifth, 99 for four ranks, stays last */
    EXCHANGE(0, 1);
    EXCHANGE(3, 4);
    EXCHANGE(2, 4);
    EXCHANGE(2, 3);
    EXCHANGE(0, 3);
    EXCHANGE(0, 2);
    EXCHANGE(1, 4);
    EXCHANGE(1, 3);
    EXCHANGE(1, 2);
#undef EXCHANGE
    int index = multiset_term[0][r[0]] + multiset_term[1][r[1]] + multiset_term[2][r[2]] +
                multiset_term[3][r[3]];
    return n == 5 ? index + multiset_term[4][r[4]] : index;
}

/* The best flush of a ranking with flushes: two of the hole's cards of `suit` and three
 * of the board's (out of line: a call needs it only where the board has three of a
 * suit and the hole two). */
static int
omaha_suited(const Ranking *ranking, const int *k, int hole, int n, int suit)
{
    uint32_t suited_hole[MAX_CODES], suited_board[5];
    int nh = 0, nb = 0;
    for (int a = 0; a < hole; a++) {
        if ((k[a] & 3) == suit) {
            suited_hole[nh++] = 1u << (k[a] >> 2);
        }
    }
    for (int a = hole; a < n; a++) {
        if ((k[a] & 3) == suit) {
            suited_board[nb++] = 1u << (k[a] >> 2);
        }
    }
    return core_omaha_best(ranking->flushes, suited_hole, nh, suited_board, nb);
}

/* Omaha, best per ranking into `out`. Without a flush: by the board's multiset of ranks
 * and each hole pair's (Ranking.boards, OMAHA_PAIR_TRIPLE with a board of four or five),
 * else by the multisets of each hole pair and board triple; a flush only where the board
 * has three of a suit and the hole two. A low by the masks of the hole's and the board's
 * low ranks (low_pairs), else by each mask of five (OMAHA_LOW_MASK); else through the
 * hash (OMAHA_HASHED). */
static int
omaha_general(const Spec *self, const Hand *hand, int *out)
{
    const int hole = self->omaha_hole, n = hand->n, n_board = n - hole;
    const int *k = hand->codes;
    if (n_board < 3 || n_board > 5 || self->rankings[0].omaha_table == NULL) {
        return omaha_hashed(self, hand, out, 1);
    }
    int pair_index[MAX_CODES * (MAX_CODES - 1) / 2], triple_base[10];
    int n_pairs = 0, n_triples = -1, board = -1;
    uint32_t hole_ranks = 0, board_ranks = 0;
    uint32_t board_suits = 0, hole_suits = 0; /* a 4-bit count per suit */
    int rank[MAX_CODES];
    for (int a = 0; a < n; a++) {
        rank[a] = k[a] >> 2;
    }
    for (int a = hole; a < n; a++) {
        board_ranks |= 1u << rank[a];
        board_suits += 1u << (4 * (k[a] & 3));
    }
    if (n_board > 3) { /* the board's rows first: their loads overlap the pairs' work */
        board = board_index(rank + hole, n_board);
        for (int r = 0; r < self->n_rankings; r++) {
            const uint16_t *row = self->rankings[r].boards[n_board];
            if (row != NULL && self->rankings[r].omaha_mode == OMAHA_PAIR_TRIPLE) {
                row += board * PAIRS;
                PREFETCH(row);
                PREFETCH(row + 32);
                PREFETCH(row + 64);
                PREFETCH(row + PAIRS - 1);
            }
        }
    }
    for (int a = 0; a < hole; a++) {
        hole_ranks |= 1u << rank[a];
        hole_suits += 1u << (4 * (k[a] & 3));
        const uint8_t *row = pair_of + rank[a] * 13;
        for (int b = a + 1; b < hole; b++) {
            pair_index[n_pairs++] = row[rank[b]];
        }
    }
    int flush_suit = -1;
    for (int s = 0; s < 4; s++) {
        if (((board_suits >> (4 * s)) & 15) >= 3 && ((hole_suits >> (4 * s)) & 15) >= 2) {
            flush_suit = s;
        }
    }
    int hashed = 0;
    for (int r = 0; r < self->n_rankings; r++) {
        const Ranking *ranking = &self->rankings[r];
        const uint16_t *table = ranking->omaha_table;
        if (ranking->omaha_mode == OMAHA_LOW_MASK) {
            uint32_t low_hole = hole_ranks & ranking->low_ranks;
            uint32_t low_board = board_ranks & ranking->low_ranks;
            if (ranking->low_pairs != NULL) {
                int h = ranking->low_lo[low_hole & 127] | ranking->low_hi[low_hole >> 7];
                int b = ranking->low_lo[low_board & 127] | ranking->low_hi[low_board >> 7];
                out[r] = ranking->low_pairs[(h << ranking->low_k) | b];
                continue;
            }
            out[r] = core_popcount(low_hole) >= 2 && core_popcount(low_board) >= 3
                         ? omaha_low(table, low_hole, low_board)
                         : 0;
            continue;
        }
        if (ranking->omaha_mode != OMAHA_PAIR_TRIPLE) {
            hashed = 1;
            continue;
        }
        int best = 0;
        if (n_board > 3 && ranking->boards[n_board] != NULL) {
            const uint16_t *row = ranking->boards[n_board] + board * PAIRS;
            for (int p = 0; p < n_pairs; p++) {
                int value = row[pair_index[p]];
                best = value > best ? value : best;
            }
        }
        else {
            if (n_triples < 0) {
                n_triples = 0;
                for (int a = hole; a < n; a++) {
                    for (int b = a + 1; b < n; b++) {
                        const uint16_t *row = triple_row_of + (rank[a] * 13 + rank[b]) * 13;
                        for (int c = b + 1; c < n; c++) {
                            triple_base[n_triples++] = row[rank[c]];
                        }
                    }
                }
            }
            for (int t = 0; t < n_triples; t++) {
                const uint16_t *row = table + triple_base[t];
                for (int p = 0; p < n_pairs; p++) {
                    int value = row[pair_index[p]];
                    best = value > best ? value : best;
                }
            }
        }
        if (flush_suit >= 0 && ranking->flushes != NULL) {
            int flush = omaha_suited(ranking, k, hole, n, flush_suit);
            best = flush > best ? flush : best;
        }
        out[r] = best;
    }
    return hashed ? omaha_hashed(self, hand, out, 0) : 0;
}

/* A board of four or five cards, for omaha_hole_values: its ranks' mask, its cards per
 * suit, and each ranking's row (fetched from here on: the hole's work overlaps it). */
typedef struct {
    uint32_t ranks;
    uint32_t suits; /* a 4-bit count per suit */
    const uint16_t *rows[MAX_RANKINGS];
} OmahaBoard;

static ALWAYS_INLINE void
omaha_board(const Spec *self, const int *board_codes, const int n_board, OmahaBoard *out)
{
    int rank[5] = {0, 0, 0, 0, 0};
    uint64_t board_or = 0, board_sum = 0;
    for (int i = 0; i < n_board; i++) {
        rank[i] = board_codes[i] >> 2;
        board_or |= card_bits[board_codes[i]];
        board_sum += card_bits[board_codes[i]];
    }
    out->ranks = (uint32_t)board_or & 0x1FFF;
    out->suits = (uint32_t)(board_sum >> 32);
    const int board = board_index(rank, n_board) * PAIRS;
    for (int r = 0; r < self->n_rankings; r++) {
        const Ranking *ranking = &self->rankings[r];
        if (ranking->omaha_mode == OMAHA_PAIR_TRIPLE) {
            const uint16_t *row = ranking->boards[n_board] + board;
            out->rows[r] = row;
            PREFETCH(row);
            PREFETCH(row + 32);
            PREFETCH(row + 64);
            PREFETCH(row + PAIRS - 1);
        }
    }
}

/* omaha_general for `hole` hole cards (at most OMAHA_ROWS_HOLE) and a board of `n_board`
 * (four or five, `board` from omaha_board), where every ranking has its rows by board
 * (Spec.omaha_rows): one load per hole pair from the board's row, the flush only where
 * the board has three of a suit and the hole two, a low by the hole's and the board's
 * low masks (loaded first, so that its miss overlaps the row's). Inlined with constant
 * sizes, its loops unroll. */
static ALWAYS_INLINE void
omaha_hole_values(const Spec *self, const int *k, const int hole, const int n_board,
                  const OmahaBoard *board, int *out)
{
    uint64_t hole_or = 0, hole_sum = 0;
    const uint8_t *pair_row[MAX_CODES];
    int hole_rank[MAX_CODES];
    for (int a = 0; a < hole; a++) {
        hole_rank[a] = k[a] >> 2;
        pair_row[a] = pair_of + hole_rank[a] * 13;
        hole_or |= card_bits[k[a]];
        hole_sum += card_bits[k[a]];
    }
    const uint32_t hole_ranks = (uint32_t)hole_or & 0x1FFF;
    const uint32_t hole_suits = (uint32_t)(hole_sum >> 32);
    for (int r = 0; r < self->n_rankings; r++) {
        const Ranking *ranking = &self->rankings[r];
        if (ranking->omaha_mode == OMAHA_LOW_MASK) {
            uint32_t low_hole = hole_ranks & ranking->low_ranks;
            uint32_t low_board = board->ranks & ranking->low_ranks;
            int h = ranking->low_lo[low_hole & 127] | ranking->low_hi[low_hole >> 7];
            int b = ranking->low_lo[low_board & 127] | ranking->low_hi[low_board >> 7];
            out[r] = ranking->low_pairs[(h << ranking->low_k) | b];
        }
    }
    /* counters at three or more on the board and two or more in the hole (no counter
     * passes 15: at most five board cards and OMAHA_ROWS_HOLE hole cards) */
    const uint32_t suited = (board->suits + 0x5555u) & (hole_suits + 0x6666u) & 0x8888u;
    for (int r = 0; r < self->n_rankings; r++) {
        const Ranking *ranking = &self->rankings[r];
        if (ranking->omaha_mode == OMAHA_LOW_MASK) {
            continue;
        }
        const uint16_t *row = board->rows[r];
        int best = 0;
        for (int a = 0; a < hole; a++) {
            for (int b = a + 1; b < hole; b++) {
                int value = row[pair_row[a][hole_rank[b]]];
                best = value > best ? value : best;
            }
        }
        if (suited && ranking->flushes != NULL) {
            int suit = lowest_bit(suited) >> 2;
            int flush = omaha_suited(ranking, k, hole, hole + n_board, suit);
            best = flush > best ? flush : best;
        }
        out[r] = best;
    }
}

static ALWAYS_INLINE void
omaha_board_values(const Spec *self, const int *k, const int hole, const int n_board, int *out)
{
    OmahaBoard board;
    omaha_board(self, k + hole, n_board, &board);
    omaha_hole_values(self, k, hole, n_board, &board, out);
}

/* Omaha, best per ranking into `out` (omaha_board_values where it serves, else
 * omaha_general); -1 when a key fell outside the tables. */
static int
omaha_values(const Spec *self, const Hand *hand, int *out)
{
    if (self->omaha_rows) {
        const int *k = hand->codes;
        switch (self->omaha_hole * 8 + hand->n - self->omaha_hole) {
        case 4 * 8 + 5:
            omaha_board_values(self, k, 4, 5, out);
            return 0;
        case 4 * 8 + 4:
            omaha_board_values(self, k, 4, 4, out);
            return 0;
        case 5 * 8 + 5:
            omaha_board_values(self, k, 5, 5, out);
            return 0;
        case 5 * 8 + 4:
            omaha_board_values(self, k, 5, 4, out);
            return 0;
        case 6 * 8 + 5:
            omaha_board_values(self, k, 6, 5, out);
            return 0;
        case 6 * 8 + 4:
            omaha_board_values(self, k, 6, 4, out);
            return 0;
        default:
            break;
        }
    }
    return omaha_general(self, hand, out);
}

/* ------------------------------------------------------------------ the call */

/* One more card `code` (a byte) of a hand: adds its bit to `*seen`, and to `*refused` a
 * bit when it is already in `*seen` or is not a code 0..51. The caller then refuses the
 * hand if `*refused` or `*seen & ~deck`. Branch-free: the batch loops' every card. */
static ALWAYS_INLINE void
code_check(uint8_t code, uint64_t *seen, uint64_t *refused)
{
    uint64_t bit = 1ULL << (code & 63);
    *refused |= (*seen & bit) | (uint64_t)(code > 51);
    *seen |= bit;
}

/* Card `i` of `hand` is `code`, checked by code_check. */
static ALWAYS_INLINE void
hand_put(const Spec *self, Hand *hand, int i, uint8_t code, uint64_t *seen, uint64_t *refused)
{
    code_check(code, seen, refused);
    hand->codes[i] = code;
    hand->keys[i] = self->card_keys[code];
}
/* The value of a checked hand under each ranking of the entry, into `out`; -1 when a
 * key fell outside the tables. */
static ALWAYS_INLINE int
hand_values(const Spec *self, const Hand *hand, int *out)
{
    if (self->omaha_hole) {
        return omaha_values(self, hand, out);
    }
    for (int r = 0; r < self->n_rankings; r++) {
        out[r] = ranking_value(self, &self->rankings[r], hand);
        if (out[r] < 0) {
            return -1;
        }
    }
    return 0;
}

static PyObject *
off_the_table(void)
{
    PyErr_SetString(PyExc_RuntimeError,
                    "showdown._ceval: a hand key fell outside the tables it was given");
    return NULL;
}

/* The 1-tuples of values 0..VALUE_CACHE-1, and the pairs (value, 0), made on first use and
 * kept: a call returns one of them instead of allocating a tuple (every strength of
 * showdown's rankings is below 8192; a greater one is allocated). The ints themselves are
 * made for each call: from CPython's free memory, just used and so in cache, they cost
 * less than kept ones, which, spread over 256 KiB, miss the cache in a loop of hands
 * (measured against pkrbot per call, in turn: omaha6 hi-lo, omaha8 and hold'em 5-25%
 * faster). */
#define VALUE_CACHE 8192
static PyObject *value_singles[VALUE_CACHE];
static PyObject *value_no_lows[VALUE_CACHE]; /* (value, 0): a hi-lo hand without a low */

static ALWAYS_INLINE PyObject *
value_object(int value)
{
    return PyLong_FromLong(value);
}

static COLD PyObject *
new_single(int value)
{
    PyObject *item = value_object(value);
    if (item == NULL) {
        return NULL;
    }
    PyObject *single = PyTuple_New(1);
    if (single == NULL) {
        Py_DECREF(item);
        return NULL;
    }
    PyTuple_SET_ITEM(single, 0, item);
#ifndef Py_GIL_DISABLED
    if (value >= 0 && value < VALUE_CACHE) {
        value_singles[value] = Py_NewRef(single);
    }
#endif
    return single;
}

static PyObject *new_tuple(const Spec *self, const int *values);

/* The entry's result for `values`: an int, or a tuple of one per ranking. */
static ALWAYS_INLINE PyObject *
result_of(const Spec *self, const int *values)
{
    if (!self->tuple_out) {
        return value_object(values[0]);
    }
    if (self->n_rankings == 1) {
        if ((unsigned)values[0] < VALUE_CACHE && value_singles[values[0]] != NULL) {
            return Py_NewRef(value_singles[values[0]]);
        }
        return new_single(values[0]);
    }
    if (self->n_rankings == 2 && values[1] == 0 && (unsigned)values[0] < VALUE_CACHE &&
        value_no_lows[values[0]] != NULL) {
        return Py_NewRef(value_no_lows[values[0]]);
    }
    return new_tuple(self, values);
}

/* A tuple of the values of `n_rankings`, kept when it is (value, 0) (a few thousand of
 * them, and most hi-lo hands have no low); a pair with a low is new for each call: an
 * allocation from CPython's free list costs less than a kept pair's cache misses where
 * a loop's hands are many. */
static PyObject *
new_tuple(const Spec *self, const int *values)
{
    PyObject *out = PyTuple_New(self->n_rankings);
    if (out == NULL) {
        return NULL;
    }
    for (int r = 0; r < self->n_rankings; r++) {
        PyObject *value = value_object(values[r]);
        if (value == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, r, value);
    }
#ifndef Py_GIL_DISABLED
    if (self->n_rankings == 2 && values[1] == 0 && (unsigned)values[0] < VALUE_CACHE) {
        value_no_lows[values[0]] = Py_NewRef(out);
    }
#endif
    return out;
}

/* CPython keeps one int object for each small value, side by side in one array: where
 * those of 0..51 are found so (checked by the module's init), a code is the item's
 * offset from the int 0, with no load from the item. */
#define SMALL_INT_STEP 32         /* the distance between two of them (one int object) */
static uintptr_t small_ints;     /* the address of the int 0, or 0 */
static uintptr_t small_int_span; /* 52 * SMALL_INT_STEP where small_ints is found, else 0 */

static void
find_small_ints(void)
{
    PyObject *zero = PyLong_FromLong(0), *one = PyLong_FromLong(1);
    uintptr_t base = (uintptr_t)zero, step = (uintptr_t)one - (uintptr_t)zero;
    int ok = zero != NULL && one != NULL && step == SMALL_INT_STEP;
    for (long value = 2; ok && value < 52; value++) {
        PyObject *item = PyLong_FromLong(value);
        ok = item != NULL && (uintptr_t)item == base + (uintptr_t)value * step;
        Py_XDECREF(item);
    }
    Py_XDECREF(zero);
    Py_XDECREF(one);
    PyErr_Clear();
    if (ok) {
        small_ints = base;
        small_int_span = 52 * SMALL_INT_STEP;
    }
}

/* small_code of an item that is not one of the small ints: read in place. */
static COLD long
other_code(PyObject *item)
{
    if (!PyLong_CheckExact(item)) {
        return -1;
    }
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)item)) {
        Py_ssize_t code = PyUnstable_Long_CompactValue((PyLongObject *)item);
        return code >= 0 && code <= 51 ? (long)code : -1;
    }
    return -1;
#else
    Py_ssize_t size = Py_SIZE(item);
    if (size == 0) {
        return 0;
    }
    if (size == 1) {
        digit code = ((PyLongObject *)item)->ob_digit[0];
        return code <= 51 ? (long)code : -1;
    }
    return -1;
#endif
}

/* A code 0..51 from a plain int object (one of the small ints, else read in place where
 * it is small, one digit); -1 for anything else (the caller then delegates). */
static ALWAYS_INLINE long
small_code(PyObject *item)
{
    uintptr_t offset = (uintptr_t)item - small_ints;
    if (RARELY(offset >= small_int_span)) {
        return other_code(item);
    }
    return (long)(offset / SMALL_INT_STEP);
}

/* The codes of `items[from:to]` into `k[from:to]`, each added to `*seen`, and to
 * `*refused` where it is there already; -1 where one is no code 0..51. */
static ALWAYS_INLINE int
take_items(PyObject **items, const int from, const int to, int *k, uint64_t *seen,
           uint64_t *refused)
{
    for (int i = from; i < to; i++) {
        long code = small_code(items[i]);
        if (RARELY(code < 0)) {
            return -1;
        }
        uint64_t bit = 1ULL << code;
        *refused |= *seen & bit;
        *seen |= bit;
        k[i] = (int)code;
    }
    return 0;
}

/* score_codes of Omaha by its rows, `hole` hole cards and a board of `n_board` (four or
 * five): the board's items first, so that its rows are on their way while the hole's
 * are read. Any hand that fails a check goes to the delegate (the values of a hand with
 * a code given twice are worked out, in range, and dropped). */
static ALWAYS_INLINE PyObject *
omaha_call(Spec *self, PyObject *const *args, PyObject **items, const int hole,
           const int n_board)
{
    int k[MAX_CODES], values[MAX_RANKINGS];
    uint64_t seen = 0, refused = 0;
    OmahaBoard board;
    if (take_items(items, hole, hole + n_board, k, &seen, &refused) < 0) {
        goto slow;
    }
    omaha_board(self, k + hole, n_board, &board);
    if (take_items(items, 0, hole, k, &seen, &refused) < 0) {
        goto slow;
    }
    if (RARELY(refused || (seen & ~self->deck))) {
        goto slow;
    }
    omaha_hole_values(self, k, hole, n_board, &board, values);
    return result_of(self, values);
slow:
    return PyObject_Vectorcall(self->delegate, args, 1, NULL);
}

/* The items and length of `codes` where it is a list or tuple (exactly) of a length
 * the entry takes, else NULL. */
static ALWAYS_INLINE PyObject **
taken_items(const Spec *self, PyObject *codes, Py_ssize_t *n)
{
    PyObject **items;
    if (PyList_CheckExact(codes)) {
        items = ((PyListObject *)codes)->ob_item;
        *n = PyList_GET_SIZE(codes);
    }
    else if (PyTuple_CheckExact(codes)) {
        items = ((PyTupleObject *)codes)->ob_item;
        *n = PyTuple_GET_SIZE(codes);
    }
    else {
        return NULL;
    }
    return *n <= MAX_WIDTH && ((self->sizes >> *n) & 1) ? items : NULL;
}

/* One call of an entry on `codes` (the one argument at `args[0]`): the fast path for a
 * list or tuple of plain ints that the entry takes, else its delegate. */
static ALWAYS_INLINE PyObject *
score_codes(Spec *self, PyObject *const *args)
{
    if (RARELY(!self->ready) && load(self) < 0) {
        return NULL;
    }
    PyObject *codes = args[0];
    Py_ssize_t n;
    PyObject **items = taken_items(self, codes, &n);
    if (items == NULL) {
        goto slow;
    }
    if (self->omaha_rows) {
        switch (self->omaha_hole * 8 + (int)n - self->omaha_hole) {
        case 4 * 8 + 5:
            return omaha_call(self, args, items, 4, 5);
        case 4 * 8 + 4:
            return omaha_call(self, args, items, 4, 4);
        case 5 * 8 + 5:
            return omaha_call(self, args, items, 5, 5);
        case 5 * 8 + 4:
            return omaha_call(self, args, items, 5, 4);
        case 6 * 8 + 5:
            return omaha_call(self, args, items, 6, 5);
        case 6 * 8 + 4:
            return omaha_call(self, args, items, 6, 4);
        default: /* a board of three */
            break;
        }
    }
    Hand hand;
    hand.n = (int)n;
    uint64_t seen = 0, refused = 0;
    if (self->omaha_rows) { /* Omaha by its rows reads the codes only, not their keys */
        if (take_items(items, 0, (int)n, hand.codes, &seen, &refused) < 0) {
            goto slow;
        }
    }
    else {
        for (Py_ssize_t i = 0; i < n; i++) {
            long code = small_code(items[i]);
            if (RARELY(code < 0)) {
                goto slow;
            }
            uint64_t bit = 1ULL << code;
            refused |= seen & bit;
            seen |= bit;
            hand.codes[i] = (int)code;
            hand.keys[i] = self->card_keys[code];
        }
    }
    if (RARELY(refused || (seen & ~self->deck))) {
        goto slow;
    }
    int values[MAX_RANKINGS];
    if (RARELY(hand_values(self, &hand, values) < 0)) {
        return off_the_table();
    }
    return result_of(self, values);
slow:
    return PyObject_Vectorcall(self->delegate, args, 1, NULL);
}

static PyObject *
score(PyObject *module_self, PyObject *const *args, Py_ssize_t nargs)
{
    Spec *self = (Spec *)module_self;
    if (RARELY(nargs != 1)) {
        PyErr_Format(PyExc_TypeError, "%U() takes exactly one argument (codes), got %zd",
                     self->name, nargs);
        return NULL;
    }
    return score_codes(self, args);
}

/* ------------------------------------------------------------------ many rows */

/* A buffer of `itemsize`-byte items of one of `formats`, C-contiguous, of `ndim`
 * dimensions (any when `ndim` is 0; the caller checks the shape). */
static int
take_array(PyObject *obj, Py_buffer *view, int ndim, Py_ssize_t itemsize, const char *formats,
           int writable, const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        return -1;
    }
    const char *format = view->format ? view->format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@' || format[0] == '|') {
        format++;
    }
    if ((ndim && view->ndim != ndim) || view->itemsize != itemsize || strlen(format) != 1 ||
        strchr(formats, format[0]) == NULL) {
        PyErr_Format(PyExc_TypeError, "%s: expected a contiguous array of %zd-byte integers", what,
                     itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The card rows of rows() and best_rows(): a C-contiguous 2-D array of integers of 1, 2,
 * 4 or 8 bytes, signed or not; `*is_signed` says which. */
static int
take_codes(PyObject *obj, Py_buffer *view, int *is_signed)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return -1;
    }
    const char *format = view->format ? view->format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@' || format[0] == '|') {
        format++;
    }
    const char *kinds = "bhilqBHILQ";
    const char *kind = strlen(format) == 1 ? strchr(kinds, format[0]) : NULL;
    Py_ssize_t size = view->itemsize;
    if (view->ndim != 2 || kind == NULL || !(size == 1 || size == 2 || size == 4 || size == 8)) {
        PyErr_SetString(PyExc_TypeError, "cards: expected a contiguous 2-D array of integers");
        PyBuffer_Release(view);
        return -1;
    }
    *is_signed = kind - kinds < 5;
    return 0;
}

/* `count` integers of `size` bytes at `src` as bytes into `dst`: each one outside 0..255
 * becomes 255, which the row loops refuse as a code past 51 (the caller's message then
 * names the integer as given). */
static void
narrow_codes(const char *src, Py_ssize_t size, int is_signed, Py_ssize_t count, uint8_t *dst)
{
#define NARROW(type)                                                                     \
    for (Py_ssize_t i = 0; i < count; i++) {                                             \
        type value = ((const type *)src)[i];                                             \
        dst[i] = (value >= 0 && value <= 255) ? (uint8_t)value : 255;                    \
    }
    if (size == 2) {
        if (is_signed) {
            NARROW(int16_t)
        }
        else {
            NARROW(uint16_t)
        }
    }
    else if (size == 4) {
        if (is_signed) {
            NARROW(int32_t)
        }
        else {
            NARROW(uint32_t)
        }
    }
    else if (is_signed) {
        NARROW(int64_t)
    }
    else {
        NARROW(uint64_t)
    }
#undef NARROW
}

/* Rows wider than bytes go to the row loops in pieces of this many, narrowed first. */
#define PIECE_ROWS 512

static int hand_best(const Spec *self, const Hand *hand, int8_t *out);

/* Rows of `k` codes into `values`, one value per ranking and row, or where `stride`, the
 * columns of their cards that play into `best`, `stride` a row (hand_best's); returns -1,
 * or the first row with a code outside 0..51 or the deck or given twice, or -2 when a key
 * fell outside the tables. */
static Py_ssize_t
checked_rows(const Spec *self, const int8_t *codes, Py_ssize_t n, int k, int32_t *values,
             int8_t *best, int stride)
{
    const uint64_t outside = ~self->deck;
    const int n_rankings = self->n_rankings;
    Hand hand;
    hand.n = k;
    for (Py_ssize_t i = 0; i < n; i++) {
        const int8_t *row = codes + i * k;
        uint64_t seen = 0, refused = 0;
        for (int j = 0; j < k; j++) {
            hand_put(self, &hand, j, (uint8_t)row[j], &seen, &refused);
        }
        if (refused || (seen & outside)) {
            return i;
        }
        int value[MAX_RANKINGS];
        if (stride ? hand_best(self, &hand, best + i * stride) < 0
                   : hand_values(self, &hand, value) < 0) {
            return -2;
        }
        for (int r = 0; !stride && r < n_rankings; r++) {
            values[i * n_rankings + r] = value[r];
        }
    }
    return -1;
}

/* flush_value of one checked row of `k` codes whose keys sum to `key`, where the sum
 * shows a flush: its flush table's value of the suit's rank mask. */
static COLD int
row_flush_value(const uint16_t *flushes, const uint8_t *row, int k, int64_t key)
{
    return core_flush_value_u8(flushes, row, k, key);
}

/* checked_rows where every ranking values a row by one keyed lookup; inlined with a
 * constant `k`, so that the compiler unrolls the cards, and with a constant `seven`
 * (seven cards, and every ranking has the seven-card hash: its lookup, else the shared
 * hash's). A row is checked by its sums alone: a byte that is no code of the deck adds
 * NOT_A_CODE to its key (Spec.row_keys); a card given twice leaves fewer than `k` bits in
 * the union of the cards' bits, counted by a popcount where `counted` (the POPCNT_TARGET
 * loops), else seen as a sum of the bits that differs from their union (a sum that wraps
 * round needs a bit past 51, refused anyway). A refused row goes to checked_rows, which
 * finds the first such row. The slot of a row's rank key is the same for every ranking;
 * a ranking with flushes looks at the suit counters first (row_flush_value, rare).
 * What the loop reads of the Spec is copied into locals first, which the compiler can
 * keep in registers (it must otherwise assume that a store to `values` changes them);
 * the Spec itself is needed again only after the loop, for a refused row.
 * `n_rankings` is the entry's, given as a constant 1 where it is. */
static ALWAYS_INLINE Py_ssize_t
keyed_rows_as(const Spec *self, const int8_t *codes, Py_ssize_t n, const int k,
              int32_t *values, const int n_rankings, const int counted, const int seven)
{
    const int64_t *row_keys = self->row_keys;
    int64_t flush_bits[MAX_RANKINGS];
    const uint16_t *tables[MAX_RANKINGS], *flushes[MAX_RANKINGS];
    for (int r = 0; r < n_rankings; r++) {
        const Ranking *ranking = &self->rankings[r];
        flush_bits[r] = ranking->flushes != NULL ? FLUSH_BITS : 0;
        flushes[r] = ranking->flushes;
        tables[r] = seven ? ranking->seven_ranks : ranking->ranks;
    }
    const uint16_t *seven_offsets = self->seven_offsets;
    const uint32_t multiplier = self->seven_multiplier, seven_mask = self->seven_mask;
    const int row_shift = self->seven_row_shift;
    const int32_t *offsets = self->offsets;
    const Py_ssize_t n_offsets = self->n_offsets;
    const int hash_shift = self->hash_shift;
    const uint32_t hash_mask = self->hash_mask;
    Py_ssize_t i = 0;
    for (; i < n; i++) {
        const uint8_t *row = (const uint8_t *)codes + i * k;
        uint64_t seen = 0, bits = 0;
        int64_t key = KEY_START;
        for (int j = 0; j < k; j++) {
            uint8_t code = row[j];
            uint64_t bit = 1ULL << (code & 63);
            seen |= bit;
            if (!counted) {
                bits += bit;
            }
            key += row_keys[code];
        }
        int twice = counted ? core_popcount(seen) != k : bits != seen;
        if (RARELY(twice | (key >= NOT_A_CODE))) {
            break;
        }
        uint32_t rank_key = (uint32_t)key, slot;
        if (seven) { /* every row index and slot inside the tables, whatever the key */
            slot = (rank_key + seven_offsets[(rank_key * multiplier) >> row_shift]) & seven_mask;
        }
        else {
            Py_ssize_t hash_row = rank_key >> hash_shift;
            if (RARELY(hash_row >= n_offsets)) {
                return -2;
            }
            slot = (uint32_t)(rank_key + offsets[hash_row]) & hash_mask;
        }
        for (int r = 0; r < n_rankings; r++) {
            if (RARELY(key & flush_bits[r])) {
                values[i * n_rankings + r] = row_flush_value(flushes[r], row, k, key);
            }
            else {
                values[i * n_rankings + r] = tables[r][slot];
            }
        }
    }
    if (i == n) {
        return -1;
    }
    Py_ssize_t found =
        checked_rows(self, codes + i * k, n - i, k, values + i * n_rankings, NULL, 0);
    return found >= 0 ? i + found : found;
}

/* keyed_rows_as with the seven-card hash where it serves. */
static ALWAYS_INLINE Py_ssize_t
keyed_rows(const Spec *self, const int8_t *codes, Py_ssize_t n, const int k, int32_t *values,
           const int n_rankings, const int counted)
{
    int seven = k == 7;
    for (int r = 0; r < self->n_rankings; r++) {
        seven &= self->rankings[r].seven_ranks != NULL;
    }
    if (seven) {
        return keyed_rows_as(self, codes, n, k, values, n_rankings, counted, 1);
    }
    return keyed_rows_as(self, codes, n, k, values, n_rankings, counted, 0);
}

/* The rows per block of badugi_rows: their indexes are computed first, then looked up,
 * so that the lookups of a block (random reads of a 541 KB table) overlap. */
#define BLOCK 16

/* checked_rows for Badugi alone (four codes a row), in blocks. */
static Py_ssize_t
badugi_rows(const Spec *self, const int8_t *codes, Py_ssize_t n, int32_t *values)
{
    const uint64_t outside = ~self->deck;
    const Ranking *ranking = &self->rankings[0];
    int64_t index[BLOCK];
    for (Py_ssize_t start = 0; start < n; start += BLOCK) {
        const int size = n - start < BLOCK ? (int)(n - start) : BLOCK;
        const int8_t *block = codes + start * 4;
        uint64_t refused = 0;
        for (int b = 0; b < size; b++) {
            const uint8_t *row = (const uint8_t *)block + b * 4;
            uint64_t seen = 0, bad = 0;
            for (int j = 0; j < 4; j++) {
                code_check(row[j], &seen, &bad);
            }
            refused |= bad | (seen & outside);
            /* a refused row's index is never read, but must stay inside the binomials */
#define CODE(j) (row[j] < 52 ? row[j] : 0)
            index[b] = core_badugi_index(CODE(0), CODE(1), CODE(2), CODE(3), self->binomials, 52);
#undef CODE
        }
        if (RARELY(refused)) {
            Py_ssize_t found = checked_rows(self, block, size, 4, values + start, NULL, 0);
            return found >= 0 ? start + found : found;
        }
        for (int b = 0; b < size; b++) {
            if (index[b] < 0 || index[b] >= ranking->n_badugi) {
                return -2;
            }
            values[start + b] = ranking->badugi_hands[index[b]];
        }
    }
    return -1;
}

/* The row loops of one entry: keyed_rows with constant sizes where one keyed lookup
 * values a row, badugi_rows for Badugi, else checked_rows. */
static ALWAYS_INLINE Py_ssize_t
value_rows_as(const Spec *self, const int8_t *codes, Py_ssize_t n, int k, int32_t *values,
              const int counted)
{
    if (!self->omaha_hole && self->n_rankings == 1 && self->rankings[0].badugi && k == 4) {
        return badugi_rows(self, codes, n, values);
    }
    int keyed = !self->omaha_hole;
    for (int r = 0; r < self->n_rankings; r++) {
        keyed &= !self->rankings[r].badugi && k <= self->rankings[r].keyed_max;
    }
#define KEYED(size)                                                                            \
    if (keyed && k == size) {                                                                  \
        return self->n_rankings == 1                                                           \
                   ? keyed_rows(self, codes, n, size, values, 1, counted)                     \
                   : keyed_rows(self, codes, n, size, values, self->n_rankings, counted);     \
    }
    KEYED(5)
    KEYED(6)
    KEYED(7)
#undef KEYED
    return checked_rows(self, codes, n, k, values, NULL, 0);
}

static Py_ssize_t
plain_value_rows(const Spec *self, const int8_t *codes, Py_ssize_t n, int k, int32_t *values)
{
    return value_rows_as(self, codes, n, k, values, 0);
}

#if defined(POPCNT_TARGET)
/* The same loops compiled for the x86-64 processors that have POPCNT and BMI2 (from 2013),
 * chosen at run time: a popcount per row, and shifts by a register in one instruction,
 * where the baseline x86-64 that Python is built for has neither. */
static POPCNT_TARGET Py_ssize_t
popcnt_value_rows(const Spec *self, const int8_t *codes, Py_ssize_t n, int k, int32_t *values)
{
    return value_rows_as(self, codes, n, k, values, 1);
}
#endif

/* Whether value_rows runs popcnt_value_rows: set at import where the processor has
 * them, and by the module's fast_rows() (the tests compare both). */
static int use_popcnt_rows = 0;

static Py_ssize_t
value_rows(const Spec *self, const int8_t *codes, Py_ssize_t n, int k, int32_t *values)
{
#if defined(POPCNT_TARGET)
    if (use_popcnt_rows) {
        return popcnt_value_rows(self, codes, n, k, values);
    }
#endif
    return plain_value_rows(self, codes, n, k, values);
}

static int
popcnt_rows_supported(void)
{
#if defined(POPCNT_TARGET)
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
#else
    return 0;
#endif
}

PyDoc_STRVAR(fast_rows_doc,
             "fast_rows(on=None, /)\n--\n\n"
             "Whether rows() runs its loops compiled for POPCNT and BMI2 (chosen at import\n"
             "where the processor has them). With `on`, first asks for them (True: only\n"
             "where the processor has them) or for the baseline loops (False); the tests\n"
             "compare both.");

static PyObject *
fast_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "fast_rows(on=None) takes at most 1 argument");
        return NULL;
    }
    if (nargs == 1 && args[0] != Py_None) {
        int on = PyObject_IsTrue(args[0]);
        if (on < 0) {
            return NULL;
        }
        use_popcnt_rows = on && popcnt_rows_supported();
    }
    return PyBool_FromLong(use_popcnt_rows);
}

/* The Spec of an entry made by entry(), its tables loaded; NULL with an error if not. */
static Spec *
spec_of(PyObject *function, const char *caller)
{
    if (!PyCFunction_Check(function) || PyCFunction_GET_SELF(function) == NULL ||
        Py_TYPE(PyCFunction_GET_SELF(function)) != &SpecType) {
        PyErr_Format(PyExc_TypeError, "%s: entry must be a function made by entry()", caller);
        return NULL;
    }
    Spec *self = (Spec *)PyCFunction_GET_SELF(function);
    if (!self->ready && load(self) < 0) {
        return NULL;
    }
    return self;
}

/* ------------------------------------------------------------------ rows on threads */

#define MAX_ROW_THREADS 64

/* One call of rows() or best_rows(): the rows, where their values go, and, shared by the
 * threads that run it, the next piece to take in each segment and the first refused row
 * found. */
typedef struct {
    const Spec *self;
    const char *cards; /* n rows of k integers of `size` bytes */
    Py_ssize_t size;
    int is_signed;
    Py_ssize_t n;
    int k;
    void *out;
    int best;   /* best_rows(): the cards that play, `stride` columns a row */
    int stride;
    Py_ssize_t piece;     /* rows a thread takes at a time */
    Py_ssize_t first_bad; /* the least refused row found so far, or n (atomic) */
    int off_table;        /* a row fell off the tables (atomic): stop everywhere */
    int n_segments;       /* one per thread: the rows in as many runs, one after another */
    Py_ssize_t next[MAX_ROW_THREADS]; /* a segment's first row not taken yet (atomic) */
    Py_ssize_t stop[MAX_ROW_THREADS]; /* a segment's end */
    const Spec *specs[MAX_ROW_THREADS]; /* the entry as each thread reads it */
} RowJob;

/* One thread of a call: its job, and the segment it starts in. */
typedef struct {
    RowJob *job;
    int first;
    const Spec *self; /* the entry as this thread reads it (thread_specs) */
} RowWorker;

/* Rows start..stop of `job`: -1, the first refused row (as an index of all the rows), or
 * -2 (off the tables). Integers wider than a byte are narrowed PIECE_ROWS rows at a time. */
static Py_ssize_t
run_range(const RowJob *job, const Spec *self, Py_ssize_t start, Py_ssize_t stop)
{
    const Py_ssize_t k = job->k;
    const Py_ssize_t width = job->best ? job->stride : self->n_rankings;
    const Py_ssize_t step = job->size == 1 ? stop - start : PIECE_ROWS;
    uint8_t piece[PIECE_ROWS * MAX_WIDTH];
    for (Py_ssize_t at = start; at < stop; at += step) {
        Py_ssize_t here = stop - at < step ? stop - at : step;
        const int8_t *codes = (const int8_t *)job->cards + at * k;
        if (job->size > 1) {
            narrow_codes(job->cards + at * k * job->size, job->size, job->is_signed, here * k,
                         piece);
            codes = (const int8_t *)piece;
        }
        Py_ssize_t bad =
            job->best ? checked_rows(self, codes, here, (int)k, NULL,
                                     (int8_t *)job->out + at * width, job->stride)
                      : value_rows(self, codes, here, (int)k, (int32_t *)job->out + at * width);
        if (bad != -1) {
            return bad >= 0 ? bad + at : bad;
        }
    }
    return -1;
}

#if defined(ROW_THREADS)
/* A thread's share of a job: the pieces of its own segment, in increasing order, then
 * those left in the others. The threads thus work in rows far apart (where the output is
 * new memory, each faults in its own pages) until one runs out and helps another. A
 * piece is skipped only when it starts past a refused row already found (so are the
 * rest of its segment), so every piece before the first refused row is valued and the
 * least refused row found is the first. */
static void *
run_pieces(void *arg)
{
    const RowWorker *me = (const RowWorker *)arg;
    RowJob *job = me->job;
    for (int k = 0; k < job->n_segments; k++) {
        const int segment = (me->first + k) % job->n_segments;
        const Py_ssize_t end = job->stop[segment];
        for (;;) {
            Py_ssize_t start =
                __atomic_fetch_add(&job->next[segment], job->piece, __ATOMIC_RELAXED);
            if (__atomic_load_n(&job->off_table, __ATOMIC_RELAXED)) {
                return NULL;
            }
            if (start >= end || start > __atomic_load_n(&job->first_bad, __ATOMIC_RELAXED)) {
                break;
            }
            Py_ssize_t stop = end - start < job->piece ? end : start + job->piece;
            Py_ssize_t bad = run_range(job, me->self, start, stop);
            if (bad == -2) {
                __atomic_store_n(&job->off_table, 1, __ATOMIC_RELAXED);
            }
            else if (bad >= 0) {
                Py_ssize_t seen = __atomic_load_n(&job->first_bad, __ATOMIC_RELAXED);
                while (bad < seen &&
                       !__atomic_compare_exchange_n(&job->first_bad, &seen, bad, 1,
                                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                }
            }
        }
    }
    return NULL;
}
#endif

#if defined(ROW_THREADS)
/* Threads kept for rows() and best_rows(): started on first use, then asleep on a
 * condition variable between calls, so that a call wakes them (about 16 us on a rented
 * 2-core machine) instead of starting and joining threads of its own (23-45 us). One
 * call at a time uses them (`owner`); a call that finds them busy (another Python thread
 * in rows() without the GIL), or cannot start one, starts its own as before. A child
 * process after fork() has none of them: the child handler forgets them. The kept
 * threads run only the C loops (run_pieces), never Python. */
typedef struct {
    int index;              /* its RowWorker in a job: 1 .. MAX_ROW_THREADS - 1 */
    unsigned long seen;     /* the last job it has seen (the generation at its start) */
} KeptThread;

static struct {
    pthread_mutex_t owner;    /* held by the call using the kept threads */
    pthread_mutex_t lock;     /* guards the fields below */
    pthread_cond_t wake;      /* a new job */
    pthread_cond_t finished;  /* the kept threads of the job are done */
    RowWorker *workers;       /* the job's workers; kept thread i runs workers[i] */
    int wanted;               /* workers in the job: kept threads 1 .. wanted - 1 take part */
    int running;              /* kept threads of the job still working */
    unsigned long generation; /* one more for each job */
    int started;              /* kept threads started */
} kept = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
          PTHREAD_COND_INITIALIZER, NULL, 0, 0, 0, 0};
static KeptThread kept_threads[MAX_ROW_THREADS];

static void *
kept_thread(void *arg)
{
    KeptThread *me = (KeptThread *)arg;
    pthread_mutex_lock(&kept.lock);
    for (;;) {
        while (kept.generation == me->seen) {
            pthread_cond_wait(&kept.wake, &kept.lock);
        }
        me->seen = kept.generation;
        if (me->index < kept.wanted) {
            RowWorker *worker = &kept.workers[me->index];
            pthread_mutex_unlock(&kept.lock);
            run_pieces(worker);
            pthread_mutex_lock(&kept.lock);
            if (--kept.running == 0) {
                pthread_cond_signal(&kept.finished);
            }
        }
    }
    return NULL;
}

/* In a child after fork(): the kept threads stayed in the parent, and the locks may
 * have been held there. */
static void
kept_forget(void)
{
    pthread_mutex_init(&kept.owner, NULL);
    pthread_mutex_init(&kept.lock, NULL);
    pthread_cond_init(&kept.wake, NULL);
    pthread_cond_init(&kept.finished, NULL);
    kept.workers = NULL;
    kept.wanted = kept.running = kept.started = 0;
}

/* workers[0] on this thread and workers[1 .. count - 1] on kept threads; 0, or -1 where
 * the kept threads are busy or too few can be started (the caller starts its own). */
static int
run_kept(RowWorker *workers, int count)
{
    if (pthread_mutex_trylock(&kept.owner) != 0) {
        return -1;
    }
    pthread_mutex_lock(&kept.lock);
    while (kept.started < count - 1) {
        KeptThread *thread = &kept_threads[kept.started + 1];
        *thread = (KeptThread){kept.started + 1, kept.generation};
        pthread_t id;
        pthread_attr_t attr;
        int made = pthread_attr_init(&attr) == 0 &&
                   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0 &&
                   pthread_create(&id, &attr, kept_thread, thread) == 0;
        pthread_attr_destroy(&attr);
        if (!made) {
            break;
        }
        kept.started++;
    }
    if (kept.started < count - 1) {
        pthread_mutex_unlock(&kept.lock);
        pthread_mutex_unlock(&kept.owner);
        return -1;
    }
    kept.workers = workers;
    kept.wanted = count;
    kept.running = count - 1;
    kept.generation++;
    pthread_cond_broadcast(&kept.wake);
    pthread_mutex_unlock(&kept.lock);
    run_pieces(&workers[0]);
    pthread_mutex_lock(&kept.lock);
    while (kept.running > 0) {
        pthread_cond_wait(&kept.finished, &kept.lock);
    }
    kept.workers = NULL;
    pthread_mutex_unlock(&kept.lock);
    pthread_mutex_unlock(&kept.owner);
    return 0;
}
#endif

#define LEAST_PIECE_ROWS 1024
#define MOST_PIECE_ROWS 16384
#define PIECES_PER_THREAD 16

/* The rows a thread of run_rows takes at a time: PIECES_PER_THREAD pieces a thread, within
 * LEAST_PIECE_ROWS..MOST_PIECE_ROWS; the call runs on one thread where it has no more rows
 * than one piece. */
static Py_ssize_t
row_piece(Py_ssize_t n, int threads)
{
    Py_ssize_t piece = n / ((Py_ssize_t)threads * PIECES_PER_THREAD);
    return piece < LEAST_PIECE_ROWS ? LEAST_PIECE_ROWS
                                    : (piece > MOST_PIECE_ROWS ? MOST_PIECE_ROWS : piece);
}

/* job->specs: thread 0 reads the entry itself, thread t > 0 a copy of it whose tables
 * are the kept tables' copy number (t - 1) % MAX_REPLICAS (replica_pointer), made on
 * first use and kept with the entry, for the threads run_rows starts. With the GIL held; a
 * copy that cannot be made leaves its threads on the entry's own tables. */
static void
thread_specs(RowJob *job, int threads)
{
    Spec *self = (Spec *)job->self;
    if (job->n <= row_piece(job->n, threads)) {
        threads = 1; /* run_rows starts no thread: no copies to make */
    }
    for (int t = 0; t < threads && t < MAX_ROW_THREADS; t++) {
        job->specs[t] = self;
        if (t == 0) {
            continue;
        }
        const int replica = (t - 1) % MAX_REPLICAS;
        if (self->replicas[replica] == NULL) {
            Spec *copy = PyMem_RawMalloc(sizeof(Spec));
            if (copy == NULL) {
                continue;
            }
            memcpy(copy, self, sizeof(Spec));
#define REPLICA(field) field = replica_pointer(field, replica)
            SPEC_TABLES(REPLICA, *copy, copy->n_rankings);
#undef REPLICA
            self->replicas[replica] = copy;
        }
        job->specs[t] = self->replicas[replica];
    }
}

/* All the rows of `job` on `threads` threads (this one and threads - 1 kept threads,
 * run_kept; where those are busy, threads - 1 started for the call, which end with it),
 * without the GIL: -1, the first refused row, or -2. The rows
 * are cut in one segment per thread; threads take pieces of at most MOST_PIECE_ROWS rows,
 * of their own segment first, then of the others (run_pieces), so that one finishing
 * early takes more and they end within a piece of each other. Where a thread cannot be
 * started, the threads started do the work. */
static Py_ssize_t
run_rows(RowJob *job, int threads)
{
#if defined(ROW_THREADS)
    const Py_ssize_t piece = row_piece(job->n, threads);
    if (threads > 1 && job->n > piece) {
        pthread_t started[MAX_ROW_THREADS];
        RowWorker workers[MAX_ROW_THREADS];
        const int segments = threads < MAX_ROW_THREADS ? threads : MAX_ROW_THREADS;
        int count = 0;
        job->piece = piece;
        job->first_bad = job->n;
        job->off_table = 0;
        job->n_segments = segments;
        for (int g = 0; g < segments; g++) {
            job->next[g] = job->n * g / segments;
            job->stop[g] = job->n * (g + 1) / segments;
            workers[g] = (RowWorker){job, g, job->specs[g]};
        }
        if (run_kept(workers, segments) < 0) {
            for (int t = 1; t < segments; t++) {
                if (pthread_create(&started[count], NULL, run_pieces, &workers[t]) == 0) {
                    count++;
                }
            }
            run_pieces(&workers[0]);
            for (int t = 0; t < count; t++) {
                pthread_join(started[t], NULL);
            }
        }
        if (job->off_table) {
            return -2;
        }
        return job->first_bad < job->n ? job->first_bad : -1;
    }
#else
    (void)threads;
#endif
    return run_range(job, job->self, 0, job->n);
}

/* The optional `threads` argument of rows() and best_rows(): an int from 1 to 64. */
static int
take_threads(PyObject *obj, int *threads)
{
    long value = PyLong_AsLong(obj);
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (value < 1 || value > MAX_ROW_THREADS) {
        PyErr_Format(PyExc_ValueError, "threads must be from 1 to %d, not %ld", MAX_ROW_THREADS,
                     value);
        return -1;
    }
    *threads = (int)value;
    return 0;
}

PyDoc_STRVAR(rows_doc,
             "rows(entry, cards, out, threads=1, /)\n--\n\n"
             "Value every row of `cards` (a C-contiguous array of shape (n, k) of integers of\n"
             "1, 2, 4 or 8 bytes, one hand per row) as `entry(row)` does, into `out` (C-contiguous int32, n times the\n"
             "entry's number of rankings: one value per ranking and row), without the GIL.\n"
             "Returns -1, or the index of the first row that `entry` would refuse (a code\n"
             "outside 0..51 or the deck, or given twice): rows from there on are not valued.\n"
             "With `threads` above 1, that many threads share the rows, in pieces: this one and\n"
             "threads the module keeps between calls (or starts for the call while another\n"
             "call uses those).");

/* rows() and, where `best`, best_rows(): the values, or the columns of the cards that
 * play, of every row. */
static PyObject *
rows_call(PyObject *const *args, Py_ssize_t nargs, int best)
{
    const char *name = best ? "best_rows" : "rows";
    if (nargs != 3 && nargs != 4) {
        PyErr_Format(PyExc_TypeError, "%s(entry, cards, out, threads=1) takes 3 or 4 arguments",
                     name);
        return NULL;
    }
    int threads = 1;
    if (nargs == 4 && take_threads(args[3], &threads) < 0) {
        return NULL;
    }
    Spec *self = spec_of(args[0], name);
    if (self == NULL) {
        return NULL;
    }
    Py_buffer cards, out;
    int is_signed;
    if (take_codes(args[1], &cards, &is_signed) < 0) {
        return NULL;
    }
    if (take_array(args[2], &out, 0, best ? 1 : 4, best ? "b" : "il", 1, "out") < 0) {
        PyBuffer_Release(&cards);
        return NULL;
    }
    int stride = 0; /* best_rows: the columns of a row */
    for (int r = 0; best && r < self->n_rankings; r++) {
        stride += self->rankings[r].badugi ? 4 : 5;
    }
    const Py_ssize_t n = cards.shape[0], k = cards.shape[1];
    const Py_ssize_t items = best ? out.len : out.len / 4;
    if (k > MAX_WIDTH || !((self->sizes >> k) & 1) ||
        out.len != n * (best ? stride : self->n_rankings * 4)) {
        PyErr_Format(PyExc_ValueError,
                     "%s: %zd rows of %zd codes into %zd %s do not fit the entry %U", name, n, k,
                     items, best ? "columns" : "values", self->name);
        PyBuffer_Release(&cards);
        PyBuffer_Release(&out);
        return NULL;
    }
    RowJob job = {self, (const char *)cards.buf, cards.itemsize, is_signed, n, (int)k,
                  out.buf, best, stride};
    thread_specs(&job, threads);
    Py_ssize_t bad;
    Py_BEGIN_ALLOW_THREADS
    bad = run_rows(&job, threads);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&cards);
    PyBuffer_Release(&out);
    if (bad == -2) {
        return off_the_table();
    }
    return PyLong_FromSsize_t(bad);
}

static PyObject *
rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    return rows_call(args, nargs, 0);
}

/* ------------------------------------------------------------------ the cards that play */

/* Which cards play, by the tie rule of the readable evaluator (showdown.evaluate): the
 * candidate sets are taken in its order and the first of the best
 * plays. The candidates of a ranking are the five-card combinations, in combination
 * order, of the row's cards sorted by code from highest; of Omaha, each pair of hole
 * cards with each triple of board cards, pairs outer, both in the row's order; of
 * Badugi, the subsets of the sorted cards in combination order, four cards down to one.
 * Where the value of the best is known first (a keyed lookup, omaha_values), the first
 * candidate of that value is the first of the best: the scan stops there. */

/* `hand` sorted by code from highest into `sorted`, with each card's column. */
static void
sort_hand(const Hand *hand, Hand *sorted, int *column)
{
    sorted->n = hand->n;
    for (int j = 0; j < hand->n; j++) {
        int m = j;
        for (; m > 0 && sorted->codes[m - 1] < hand->codes[j]; m--) {
            sorted->codes[m] = sorted->codes[m - 1];
            sorted->keys[m] = sorted->keys[m - 1];
            column[m] = column[m - 1];
        }
        sorted->codes[m] = hand->codes[j];
        sorted->keys[m] = hand->keys[j];
        column[m] = j;
    }
}

/* The columns `column[position[:size]]` in increasing order into `out[:slot]`, padded
 * with -1. */
static void
put_columns(const int *position, int size, const int *column, int8_t *out, int slot)
{
    int chosen[5];
    for (int j = 0; j < size; j++) {
        int value = column[position[j]], m = j;
        for (; m > 0 && chosen[m - 1] > value; m--) {
            chosen[m] = chosen[m - 1];
        }
        chosen[m] = value;
    }
    for (int j = 0; j < slot; j++) {
        out[j] = (int8_t)(j < size ? chosen[j] : -1);
    }
}

/* best_five_of for Omaha's exactly two of the `self->omaha_hole` first cards of `hand`
 * (in the row's order) and three of the rest, the value of the best being `target`. A
 * candidate is valued as omaha_values values it: by the pair-by-triple table (or the
 * flush table when all five share a suit), by the lows by mask, or through the hash. */
static int
best_omaha_of(const Spec *self, const Ranking *ranking, const Hand *hand, int target,
              int *chosen)
{
    if (target == 0) {
        return 0;
    }
    const int hole = self->omaha_hole, n = hand->n, mode = ranking->omaha_mode;
    const uint16_t *table = ranking->omaha_table;
    const int *k = hand->codes;
    int64_t triple_key[10];
    int triple_suit[10], triple_base[10], triple_card[10][3];
    uint32_t triple_mask[10];
    if (n - hole > 5 || n - hole < 3) {
        return -1;
    }
    int n_triples = board_triples(hand, hole, triple_key, triple_suit, triple_mask, triple_card);
    for (int t = 0; t < n_triples; t++) {
        const int *c = triple_card[t];
        triple_base[t] =
            triple_row_of[((k[c[0]] >> 2) * 13 + (k[c[1]] >> 2)) * 13 + (k[c[2]] >> 2)];
    }
    for (int a = 0; a < hole; a++) {
        for (int b = a + 1; b < hole; b++) {
            int64_t pair_key = hand->keys[a] + hand->keys[b];
            int pair_suit = (k[a] & 3) == (k[b] & 3) ? (k[a] & 3) : -1;
            uint32_t pair_mask = (1u << (k[a] >> 2)) | (1u << (k[b] >> 2));
            int pair_index = pair_of[(k[a] >> 2) * 13 + (k[b] >> 2)];
            for (int t = 0; t < n_triples; t++) {
                int suit = pair_suit == triple_suit[t] ? pair_suit : -1;
                uint32_t mask = pair_mask | triple_mask[t];
                int value;
                if (mode == OMAHA_PAIR_TRIPLE) {
                    value = suit >= 0 && ranking->flushes != NULL
                                ? ranking->flushes[mask]
                                : table[triple_base[t] + pair_index];
                }
                else if (mode == OMAHA_LOW_MASK) {
                    value = table[mask]; /* 0 unless five different low ranks */
                }
                else {
                    value = five_value(self, ranking, pair_key + triple_key[t], suit, mask);
                }
                if (value < 0) {
                    return -1;
                }
                if (value == target) {
                    chosen[0] = a, chosen[1] = b;
                    chosen[2] = triple_card[t][0], chosen[3] = triple_card[t][1];
                    chosen[4] = triple_card[t][2];
                    return value;
                }
            }
        }
    }
    return -1; /* the best value is one of the candidates' */
}

/* The subsets of four positions in the readable order, as masks: the four, then the
 * threes, twos and ones, each size in combination order. */
static const uint8_t badugi_subsets[15] = {0xF, 0x7, 0xB, 0xD, 0xE, 0x3, 0x5, 0x9,
                                           0x6, 0xA, 0xC, 0x1, 0x2, 0x4, 0x8};

/* The positions of the Badugi cards that count among the four of `hand` (sorted by
 * sort_hand) into `chosen`: the first subset of distinct ranks and suits whose value is
 * the hand's (badugi_value). Returns how many, -1 off the tables. */
static int
best_badugi_of(const Spec *self, const Ranking *ranking, const Hand *hand, int *chosen)
{
    int target = hand->n == 4 ? badugi_value(self, ranking, hand) : -1;
    if (target < 0) {
        return -1;
    }
    for (int t = 0; t < 15; t++) {
        const int subset = badugi_subsets[t];
        uint32_t ranks = 0, suits = 0;
        int size = 0;
        for (int j = 0; j < 4; j++) {
            if ((subset >> j) & 1) {
                ranks |= 1u << (hand->codes[j] >> 2);
                suits |= 1u << (hand->codes[j] & 3);
                chosen[size++] = j;
            }
        }
        if (core_popcount(ranks) == size && core_popcount(suits) == size &&
            ranking->badugi_ranks[ranks] == target) {
            return size;
        }
    }
    return -1; /* the hand's value is one of its subsets' */
}

/* The columns that play under each ranking of the entry, from a checked hand, into
 * `out` (five per ranking, four for Badugi); -1 when a key fell outside the tables. */
static int
hand_best(const Spec *self, const Hand *hand, int8_t *out)
{
    int chosen[5];
    if (self->omaha_hole) {
        static const int in_place[MAX_CODES] = {0, 1, 2, 3, 4, 5, 6, 7,
                                                8, 9, 10, 11, 12, 13, 14, 15};
        int targets[MAX_RANKINGS];
        if (omaha_values(self, hand, targets) < 0) {
            return -1;
        }
        for (int r = 0; r < self->n_rankings; r++) {
            int value = best_omaha_of(self, &self->rankings[r], hand, targets[r], chosen);
            if (value < 0) {
                return -1;
            }
            put_columns(chosen, value ? 5 : 0, in_place, out + 5 * r, 5);
        }
        return 0;
    }
    Hand sorted;
    int column[MAX_WIDTH];
    sort_hand(hand, &sorted, column);
    for (int r = 0; r < self->n_rankings; r++) {
        const Ranking *ranking = &self->rankings[r];
        if (ranking->badugi) {
            int size = best_badugi_of(self, ranking, &sorted, chosen);
            if (size < 0) {
                return -1;
            }
            put_columns(chosen, size, column, out, 4);
            out += 4;
            continue;
        }
        int known = hand->n <= ranking->keyed_max;
        int target = known ? keyed_value(self, ranking, &sorted) : 0;
        int value = target < 0 ? -1 : best_five_of(self, ranking, &sorted, known, target, chosen);
        if (value < 0) {
            return -1;
        }
        put_columns(chosen, value ? 5 : 0, column, out, 5);
        out += 5;
    }
    return 0;
}

PyDoc_STRVAR(best_rows_doc,
             "best_rows(entry, cards, out, threads=1, /)\n--\n\n"
             "The columns of the cards that play in every row of `cards` (a C-contiguous\n"
             "array of shape (n, k) of integers of 1, 2, 4 or 8 bytes) under each ranking of `entry`, as showdown.evaluate picks\n"
             "them, into `out` (C-contiguous int8: per row and ranking five columns in\n"
             "increasing order, four for Badugi, padded with -1; all -1 where no hand has a\n"
             "value), without the GIL. Returns -1, or the index of the first row that `entry`\n"
             "would refuse: rows from there on are not valued. With `threads` above 1, that\n"
             "many threads share the rows, in pieces.");

static PyObject *
best_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    return rows_call(args, nargs, 1);
}

PyDoc_STRVAR(best_doc,
             "best(entry, codes, /)\n--\n\n"
             "One hand's value and the cards that play under each ranking of `entry`, as\n"
             "showdown.evaluate picks them: a tuple of one (strength, mask) pair per ranking,\n"
             "bit j of mask set where codes[j] plays; (0, 0) where no hand has a value. `codes`\n"
             "must be a list or tuple of ints that `entry` takes (the caller checks them):\n"
             "anything else raises ValueError.");

static PyObject *
best(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "best(entry, codes) takes 2 arguments");
        return NULL;
    }
    Spec *self = spec_of(args[0], "best");
    if (self == NULL) {
        return NULL;
    }
    PyObject *codes = args[1];
    Py_ssize_t n;
    PyObject **items = taken_items(self, codes, &n);
    if (items == NULL) {
        goto refused;
    }
    Hand hand;
    hand.n = (int)n;
    uint64_t seen = 0, refused = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        long code = small_code(items[i]);
        if (code < 0) {
            goto refused;
        }
        hand_put(self, &hand, (int)i, (uint8_t)code, &seen, &refused);
    }
    if (refused || (seen & ~self->deck)) {
        goto refused;
    }
    int values[MAX_RANKINGS];
    int8_t columns[5 * MAX_RANKINGS];
    if (hand_values(self, &hand, values) < 0 || hand_best(self, &hand, columns) < 0) {
        return off_the_table();
    }
    PyObject *out = PyTuple_New(self->n_rankings);
    if (out == NULL) {
        return NULL;
    }
    for (int r = 0, at = 0; r < self->n_rankings; r++) {
        const int slots = self->rankings[r].badugi ? 4 : 5;
        unsigned long long mask = 0;
        for (int j = 0; j < slots; j++) {
            if (columns[at + j] >= 0) {
                mask |= 1ULL << columns[at + j];
            }
        }
        at += slots;
        PyObject *pair = Py_BuildValue("(iK)", values[r], mask);
        if (pair == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, r, pair);
    }
    return out;
refused:
    PyErr_Format(PyExc_ValueError, "best: the entry %U does not take these codes", self->name);
    return NULL;
}

/* ------------------------------------------------------------------ module */

/* The arguments of entry() and dispatcher(): three texts (name, module, doc) and two
 * callables; 0, or -1 with a TypeError naming `call` or `callables`. */
static int
check_maker(PyObject *const *args, Py_ssize_t nargs, const char *call, const char *callables)
{
    if (nargs != 5) {
        PyErr_Format(PyExc_TypeError, "%s takes 5 arguments", call);
        return -1;
    }
    if (!PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1]) || !PyUnicode_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "name, module and doc must be texts");
        return -1;
    }
    if (!PyCallable_Check(args[3]) || !PyCallable_Check(args[4])) {
        PyErr_Format(PyExc_TypeError, "%s must be callable", callables);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(entry_doc,
             "entry(name, module, doc, loader, delegate, /)\n--\n\n"
             "A builtin function valuing one hand per call: `loader()` gives its tables on\n"
             "the first call, `delegate(codes)` answers every input the fast path does not.");

static PyObject *
entry(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (check_maker(args, nargs, "entry(name, module, doc, loader, delegate)",
                    "loader and delegate") < 0) {
        return NULL;
    }
    PyObject *name = args[0], *owner = args[1], *doc = args[2];
    Spec *self = PyObject_GC_New(Spec, &SpecType);
    if (self == NULL) {
        return NULL;
    }
    memset((char *)self + sizeof(PyObject), 0, sizeof(Spec) - sizeof(PyObject));
    Py_INCREF(name);
    self->name = name;
    Py_INCREF(doc);
    self->doc = doc;
    Py_INCREF(args[3]);
    self->loader = args[3];
    Py_INCREF(args[4]);
    self->delegate = args[4];
    PyObject_GC_Track(self);
    const char *name_text = PyUnicode_AsUTF8(name);
    const char *doc_text = PyUnicode_AsUTF8(doc);
    if (name_text == NULL || doc_text == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    self->def.ml_name = name_text;
    self->def.ml_meth = (PyCFunction)(void (*)(void))score;
    self->def.ml_flags = METH_FASTCALL;
    self->def.ml_doc = doc_text;
    PyObject *function = PyCFunction_NewEx(&self->def, (PyObject *)self, owner);
    Py_DECREF(self);
    return function;
}

/* ------------------------------------------------------------------ strength() */

/* showdown.batch.strength(codes, *, ranking=None, game=None) as one builtin: the
 * ranking or game argument looked up among those already resolved (first by identity,
 * the same text object a call site passes every time; then an exact text or None by
 * value), then its entry's fast path. A first
 * use goes to `resolve(ranking, game)`, which returns the entry or raises showdown's
 * error; any other call (other arguments, both a ranking and a game) to `fallback`,
 * the Python function, which raises as it always did. */
#define MAX_OBJECTS 32
#define MAX_NAMES 1024

typedef struct {
    PyObject_HEAD
    PyObject *by_ranking; /* dict: ranking argument (an exact text or None) -> entry */
    PyObject *by_game;    /* dict: game argument (an exact text) -> entry */
    PyObject *resolve;    /* (ranking, game) -> entry, or showdown's error */
    PyObject *fallback;   /* (codes, *, ranking, game) -> value: every other call */
    PyObject *name;
    PyObject *doc;
    PyMethodDef def;
    int n_objects;
    int last;                            /* the object of the last call: looked at first */
    int object_game[MAX_OBJECTS];        /* 1: a game argument; 0: a ranking argument */
    PyObject *object_keys[MAX_OBJECTS];  /* resolved arguments, by identity */
    PyObject *object_entries[MAX_OBJECTS];
    Spec *object_specs[MAX_OBJECTS];     /* the entry's Spec where it is a C entry, else NULL
                                            (borrowed: object_entries holds it) */
} Dispatch;

static PyObject *str_ranking, *str_game;

static void
Dispatch_dealloc(Dispatch *self)
{
    PyObject_GC_UnTrack(self);
    Py_CLEAR(self->by_ranking);
    Py_CLEAR(self->by_game);
    Py_CLEAR(self->resolve);
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->name);
    Py_CLEAR(self->doc);
    for (int i = 0; i < self->n_objects; i++) {
        Py_CLEAR(self->object_keys[i]);
        Py_CLEAR(self->object_entries[i]);
    }
    PyObject_GC_Del(self);
}

static int
Dispatch_traverse(Dispatch *self, visitproc visit, void *arg)
{
    Py_VISIT(self->by_ranking);
    Py_VISIT(self->by_game);
    Py_VISIT(self->resolve);
    Py_VISIT(self->fallback);
    for (int i = 0; i < self->n_objects; i++) {
        Py_VISIT(self->object_keys[i]);
        Py_VISIT(self->object_entries[i]);
    }
    return 0;
}

static PyTypeObject DispatchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "showdown._ceval.Dispatch",
    .tp_basicsize = sizeof(Dispatch),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The entries of strength(), by the ranking or game they were resolved from.",
    .tp_dealloc = (destructor)Dispatch_dealloc,
    .tp_traverse = (traverseproc)Dispatch_traverse,
};

/* Which keyword `name` is: 1 ranking, 2 game, 0 another. */
static ALWAYS_INLINE int
keyword_of(PyObject *name)
{
    if (name == str_ranking) {
        return 1;
    }
    if (name == str_game) {
        return 2;
    }
    if (PyUnicode_Check(name)) {
        if (PyUnicode_Compare(name, str_ranking) == 0) {
            return 1;
        }
        if (PyUnicode_Compare(name, str_game) == 0) {
            return 2;
        }
    }
    return 0;
}

/* The Spec of `entry` where it is a C entry (a builtin made by entry()), else NULL. */
static Spec *
spec_entry(PyObject *entry)
{
    if (PyCFunction_Check(entry) && PyCFunction_GET_SELF(entry) != NULL &&
        Py_TYPE(PyCFunction_GET_SELF(entry)) == &SpecType) {
        return (Spec *)PyCFunction_GET_SELF(entry);
    }
    return NULL;
}

/* Keep `key` (an immutable argument that resolved to `entry`) for lookups by identity,
 * while there is room. */
static void
remember(Dispatch *self, int is_game, PyObject *key, PyObject *entry)
{
    if (self->n_objects < MAX_OBJECTS) {
        int i = self->n_objects++;
        self->object_game[i] = is_game;
        self->object_keys[i] = Py_NewRef(key);
        self->object_entries[i] = Py_NewRef(entry);
        self->object_specs[i] = spec_entry(entry);
    }
}

/* The entry of a first-used argument, kept for the next calls (a new reference). */
static COLD PyObject *
resolve_entry(Dispatch *self, PyObject *ranking, PyObject *game, int is_game, PyObject *key)
{
    PyObject *entry = PyObject_CallFunctionObjArgs(self->resolve, ranking, game, NULL);
    if (entry == NULL) {
        return NULL;
    }
    if (key == Py_None || PyUnicode_CheckExact(key)) {
        PyObject *names = is_game ? self->by_game : self->by_ranking;
        if (PyDict_GET_SIZE(names) < MAX_NAMES && PyDict_SetItem(names, key, entry) < 0) {
            Py_DECREF(entry);
            return NULL;
        }
    }
    remember(self, is_game, key, entry);
    return entry;
}

static PyObject *
dispatch(PyObject *module_self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    Dispatch *self = (Dispatch *)module_self;
    PyObject *ranking = Py_None, *game = Py_None;
    if (RARELY(nargs != 1)) {
        goto fallback;
    }
    if (kwnames != NULL) {
        Py_ssize_t n_keywords = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t i = 0; i < n_keywords; i++) {
            int which = keyword_of(PyTuple_GET_ITEM(kwnames, i));
            if (which == 1) {
                ranking = args[1 + i];
            }
            else if (which == 2) {
                game = args[1 + i];
            }
            else {
                goto fallback;
            }
        }
    }
    if (RARELY(ranking != Py_None && game != Py_None)) {
        goto fallback;
    }
    const int is_game = game != Py_None;
    PyObject *key = is_game ? game : ranking;
    PyObject *entry = NULL; /* borrowed */
    PyObject *owned = NULL;
    int last = self->last;
    if (last < self->n_objects && self->object_keys[last] == key &&
        self->object_game[last] == is_game) { /* a loop's call: the argument of the last */
        Spec *spec = self->object_specs[last];
        if (spec != NULL) {
            return score_codes(spec, args);
        }
        entry = self->object_entries[last];
    }
    for (int i = 0; entry == NULL && i < self->n_objects; i++) {
        if (self->object_keys[i] == key && self->object_game[i] == is_game) {
            entry = self->object_entries[i];
            self->last = i;
        }
    }
    if (RARELY(entry == NULL) && (key == Py_None || PyUnicode_CheckExact(key))) {
        entry = PyDict_GetItemWithError(is_game ? self->by_game : self->by_ranking, key);
        if (entry == NULL && PyErr_Occurred()) {
            return NULL;
        }
        if (entry != NULL) {
            remember(self, is_game, key, entry);
        }
    }
    if (RARELY(entry == NULL)) {
        owned = entry = resolve_entry(self, ranking, game, is_game, key);
        if (entry == NULL) {
            return NULL;
        }
    }
    PyObject *result;
    Spec *spec = spec_entry(entry);
    if (spec != NULL) {
        result = score_codes(spec, args);
    }
    else {
        result = PyObject_Vectorcall(entry, args, 1, NULL);
    }
    Py_XDECREF(owned);
    return result;
fallback:
    return PyObject_Vectorcall(self->fallback, args, nargs, kwnames);
}

PyDoc_STRVAR(dispatcher_doc,
             "dispatcher(name, module, doc, resolve, fallback, /)\n--\n\n"
             "A builtin function `name(codes, *, ranking=None, game=None)`: the entry that\n"
             "`resolve(ranking, game)` gave for the same argument, called on `codes`; any\n"
             "other call goes to `fallback` with the same arguments.");

static PyObject *
dispatcher(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (check_maker(args, nargs, "dispatcher(name, module, doc, resolve, fallback)",
                    "resolve and fallback") < 0) {
        return NULL;
    }
    PyObject *name = args[0], *owner = args[1], *doc = args[2];
    Dispatch *self = PyObject_GC_New(Dispatch, &DispatchType);
    if (self == NULL) {
        return NULL;
    }
    memset((char *)self + sizeof(PyObject), 0, sizeof(Dispatch) - sizeof(PyObject));
    self->name = Py_NewRef(name);
    self->doc = Py_NewRef(doc);
    self->resolve = Py_NewRef(args[3]);
    self->fallback = Py_NewRef(args[4]);
    self->by_ranking = PyDict_New();
    self->by_game = PyDict_New();
    PyObject_GC_Track(self);
    if (self->by_ranking == NULL || self->by_game == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    const char *name_text = PyUnicode_AsUTF8(name);
    const char *doc_text = PyUnicode_AsUTF8(doc);
    if (name_text == NULL || doc_text == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    self->def.ml_name = name_text;
    self->def.ml_meth = (PyCFunction)(void (*)(void))dispatch;
    self->def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    self->def.ml_doc = doc_text;
    PyObject *function = PyCFunction_NewEx(&self->def, (PyObject *)self, owner);
    Py_DECREF(self);
    return function;
}

static PyMethodDef module_methods[] = {
    {"entry", (PyCFunction)(void (*)(void))entry, METH_FASTCALL, entry_doc},
    {"dispatcher", (PyCFunction)(void (*)(void))dispatcher, METH_FASTCALL, dispatcher_doc},
    {"rows", (PyCFunction)(void (*)(void))rows, METH_FASTCALL, rows_doc},
    {"best_rows", (PyCFunction)(void (*)(void))best_rows, METH_FASTCALL, best_rows_doc},
    {"best", (PyCFunction)(void (*)(void))best, METH_FASTCALL, best_doc},
    {"fast_rows", (PyCFunction)(void (*)(void))fast_rows, METH_FASTCALL, fast_rows_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "showdown._ceval",
    .m_doc = "One hand's strength per call over showdown's own tables (see showdown._scorer).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__ceval(void)
{
    if (PyType_Ready(&SpecType) < 0 || PyType_Ready(&DispatchType) < 0) {
        return NULL;
    }
    str_ranking = PyUnicode_InternFromString("ranking");
    str_game = PyUnicode_InternFromString("game");
    if (str_ranking == NULL || str_game == NULL) {
        return NULL;
    }
    fill_indexes();
    fill_terms();
#if defined(ROW_THREADS)
    if (pthread_atfork(NULL, NULL, kept_forget) != 0) {
        PyErr_SetString(PyExc_RuntimeError, "cannot register the kept threads' fork handler");
        return NULL;
    }
#endif
    use_popcnt_rows = popcnt_rows_supported();
    find_small_ints();
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&SpecType);
    if (PyModule_AddObject(module, "Spec", (PyObject *)&SpecType) < 0) {
        Py_DECREF(&SpecType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
