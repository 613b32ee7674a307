/* The resolve stream's native lane: plain records of one-ranking games, start to end.
 *
 * ``answer(texts, games, factory)`` takes lines of a JSON Lines stream and gives,
 * per line, the exact text ``showdown resolve --json`` writes for it, or ``None``
 * where the line is not of the narrow kind this lane knows (then the Python
 * lanes of ``showdown._resolve_fast``, and behind them the readable path,
 * answer it).  The kind: a JSON object of the keys game, board, button,
 * players and odd_chip only, each once; strings without escapes; integers of
 * at most 12 digits; 2 to 8 players of the keys name, cards, stake and folded;
 * a game that ``games`` (filled by ``factory``) serves -- one ranking, any
 * five cards playing.  Everything this lane checks, the readable path checks
 * the same way (and a line that fails a check here is only handed back).
 *
 * What is decided here: the JSON read, the checks of ``_read``, the cards
 * that play (from the class's ranks, as ``_best_columns``), the pots (as
 * ``_layers``), odd chips, payouts, shares, and the JSON written.  What is
 * asked of Python, per game and language (a ``Game``): the strength of a
 * hand (the C scorer), the ranks of a class, the JSON of a class's fields
 * (both kept here once asked), and the explanation of each pot (cached
 * there per class pair).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_core.h"

#define MAX_SEATS 8   /* up to 8 seats a frozenset of seats iterates in increasing order */
#define MAX_CARDS 9   /* hole and board cards of one player */
#define MAX_DIGITS 12 /* amounts below 10**12: sums and shares stay inside 64 bits */

/* ------------------------------------------------------------------ output */

typedef struct {
    char *data;
    Py_ssize_t size;
    Py_ssize_t room;
} Out;

static int grow(Out *out, Py_ssize_t more) {
    if (out->size + more <= out->room) return 0;
    Py_ssize_t room = out->room ? out->room : 4096;
    while (room < out->size + more) room *= 2;
    char *data = PyMem_Realloc(out->data, (size_t)room);
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    out->data = data;
    out->room = room;
    return 0;
}

static int put(Out *out, const char *text, Py_ssize_t size) {
    if (grow(out, size) < 0) return -1;
    memcpy(out->data + out->size, text, (size_t)size);
    out->size += size;
    return 0;
}

#define PUT(out, literal) put((out), (literal), (Py_ssize_t)(sizeof(literal) - 1))

static int put_int(Out *out, int64_t value) {
    char digits[24];
    int count = 0;
    int negative = value < 0;
    uint64_t rest = negative ? (uint64_t)(-(value + 1)) + 1 : (uint64_t)value;
    do {
        digits[count++] = (char)('0' + rest % 10);
        rest /= 10;
    } while (rest);
    if (grow(out, count + 1) < 0) return -1;
    if (negative) out->data[out->size++] = '-';
    while (count) out->data[out->size++] = digits[--count];
    return 0;
}

static int64_t gcd64(int64_t a, int64_t b) {
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* str(Fraction(numerator, denominator)), quoted */
static int put_ratio(Out *out, int64_t numerator, int64_t denominator) {
    if (PUT(out, "\"") < 0) return -1;
    if (numerator == 0) {
        if (PUT(out, "0") < 0) return -1;
    } else {
        int64_t common = gcd64(numerator, denominator);
        if (put_int(out, numerator / common) < 0) return -1;
        if (denominator / common != 1) {
            if (PUT(out, "/") < 0 || put_int(out, denominator / common) < 0) return -1;
        }
    }
    return PUT(out, "\"");
}

/* a Python str's UTF-8, appended */
static int put_str(Out *out, PyObject *text) {
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "a text was expected from the callback");
        return -1;
    }
    Py_ssize_t size;
    const char *utf8 = PyUnicode_AsUTF8AndSize(text, &size);
    if (utf8 == NULL) return -1;
    return put(out, utf8, size);
}

/* Text as the inside of a JSON string (``json.encoder.encode_basestring``); with
 * ``marked``, the markers of a message (and the form after a class's marker) kept. */
static int put_escaped_marked(Out *out, const char *text, Py_ssize_t size, int marked) {
    if (grow(out, 6 * size) < 0) return -1;
    static const char hex[] = "0123456789abcdef";
    char *at = out->data + out->size;
    for (Py_ssize_t k = 0; k < size; k++) {
        unsigned char ch = (unsigned char)text[k];
        if (ch >= 0x20 && ch != '"' && ch != '\\') {
            *at++ = (char)ch;
            continue;
        }
        if (marked && ch >= 1 && ch <= 7) { /* enum Marker */
            *at++ = (char)ch;
            if ((ch == 5 || ch == 6) && k + 1 < size) *at++ = text[++k];
            continue;
        }
        *at++ = '\\';
        switch (ch) {
            case '"': *at++ = '"'; break;
            case '\\': *at++ = '\\'; break;
            case '\n': *at++ = 'n'; break;
            case '\r': *at++ = 'r'; break;
            case '\t': *at++ = 't'; break;
            case '\b': *at++ = 'b'; break;
            case '\f': *at++ = 'f'; break;
            default:
                *at++ = 'u';
                *at++ = '0';
                *at++ = '0';
                *at++ = hex[ch >> 4];
                *at++ = hex[ch & 15];
        }
    }
    out->size = at - out->data;
    return 0;
}

static int put_escaped(Out *out, const char *text, Py_ssize_t size) {
    return put_escaped_marked(out, text, size, 0);
}

/* ------------------------------------------------------------------ games */

/* A card's text: its rank, then its suit (code = 4 * rank + suit, as showdown.cards). */
static const char RANKS[] = "23456789TJQKA";
static const char SUITS[] = "cdhs";

/* A text asked of Python once and kept: ``known`` 0 not asked yet, 1 kept, 2 declined
 * (Python gave None: a record that needs it is handed back). */
typedef struct {
    char *data;
    Py_ssize_t size;
    int known;
} Text;

typedef struct {
    uint64_t key; /* 0: an empty slot */
    Text text;
} Reason;

/* The messages kept per kind and flags (``template(kind, a, b)``). */
enum Fixed { WON = 0, /* + 2 * main + single: 4 */ AGAINST = 4, UNCONTESTED = 5, /* + main */
             UNCALLED = 7, FIXED = 8 };
enum Kind { KIND_WON = 0, KIND_AGAINST = 1, KIND_UNCONTESTED = 2, KIND_UNCALLED = 3,
            KIND_REASON = 4 };
#define FORMS 7 /* the forms of a Word (showdown.i18n.FORMS) */
#define INFO 16 /* known, 5 ranks, flush, category, deciders' count, 5 deciders */

/* Markers in a message: what goes there. */
enum Marker { WHO = 1, CARDS = 2, NAME = 3, REASON = 4, BEST = 5, SECOND = 6, AMOUNT = 7 };

typedef struct {
    PyObject_HEAD
    PyObject *name;        /* the game's own name (str), as the output writes it */
    int hole;              /* hole cards per player */
    int board;             /* board cards (0: no board) */
    uint64_t deck;         /* the codes of the game's deck */
    int by_high_card;      /* odd chips in auto mode by the highest card (stud) */
    int low_order;         /* in auto mode by the lowest card (a stud game of a low half) */
    int size;              /* classes of the ranking */
    PyObject *prefix;      /* a hand's JSON before and after the ranking's object */
    PyObject *suffix;
    PyObject *half;        /* "high" or "low" */
    PyObject *scorer;      /* codes -> (strength,) */
    PyObject *ranks;       /* strength -> bytes: 5 rank indices in reading order, flush flag */
    PyObject *piece;       /* strength -> the JSON of the class's fields */
    PyObject *template;    /* (kind, a, b) -> a message with markers, or None */
    PyObject *form;        /* (form, strength) -> that form of the class's name */
    PyObject *join;        /* names -> the names as a list in words */
    unsigned char *info;   /* per strength: INFO bytes (see class_info) */
    char **pieces;         /* per strength: the class's JSON fields, once known */
    Py_ssize_t *piece_sizes;
    Text fixed[FIXED];     /* the messages of one kind and flags (see Fixed) */
    Text *forms[FORMS + 1]; /* per form, per strength: the class's name in that form */
    Reason *reasons;       /* the reasons' messages, by what they depend on */
    Py_ssize_t reason_room;
    Py_ssize_t reason_count;
} Game;

static void game_dealloc(Game *self) {
    Py_XDECREF(self->name);
    Py_XDECREF(self->prefix);
    Py_XDECREF(self->suffix);
    Py_XDECREF(self->half);
    Py_XDECREF(self->scorer);
    Py_XDECREF(self->ranks);
    Py_XDECREF(self->piece);
    Py_XDECREF(self->template);
    Py_XDECREF(self->form);
    Py_XDECREF(self->join);
    for (int k = 0; k < FIXED; k++) PyMem_Free(self->fixed[k].data);
    for (int f = 0; f <= FORMS; f++) {
        if (self->forms[f] == NULL) continue;
        for (int s = 0; s <= self->size; s++) PyMem_Free(self->forms[f][s].data);
        PyMem_Free(self->forms[f]);
    }
    for (Py_ssize_t k = 0; k < self->reason_room; k++) PyMem_Free(self->reasons[k].text.data);
    PyMem_Free(self->reasons);
    if (self->pieces != NULL) {
        for (int s = 0; s <= self->size; s++) PyMem_Free(self->pieces[s]);
    }
    PyMem_Free(self->pieces);
    PyMem_Free(self->piece_sizes);
    PyMem_Free(self->info);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int game_init(Game *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"name", "hole", "board", "deck", "by_high_card", "low_order",
                               "size", "prefix", "suffix", "half", "cards", "scorer",
                               "ranks", "piece", "template", "form", "join", NULL};
    PyObject *name, *prefix, *suffix, *half, *cards, *scorer, *ranks, *piece, *template;
    PyObject *form, *join;
    unsigned long long deck;
    int hole, board, by_high_card, low_order, size;
    if (self->info != NULL) {
        PyErr_SetString(PyExc_TypeError, "Game: already made");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$UiiKppiUUUO!OOOOOO:Game", keywords, &name,
                                     &hole, &board, &deck, &by_high_card, &low_order, &size,
                                     &prefix, &suffix, &half, &PyTuple_Type, &cards, &scorer,
                                     &ranks, &piece, &template, &form, &join))
        return -1;
    if (hole < 1 || board < 0 || hole + board > MAX_CARDS || hole + board < 5 || size < 1) {
        PyErr_SetString(PyExc_ValueError, "Game: hole + board must be 5 to 9 cards");
        return -1;
    }
    if (PyTuple_GET_SIZE(cards) != 52) {
        PyErr_SetString(PyExc_ValueError, "Game: cards must hold the 52 card texts");
        return -1;
    }
    for (int code = 0; code < 52; code++) {
        PyObject *text = PyTuple_GET_ITEM(cards, code);
        Py_ssize_t length;
        const char *chars = PyUnicode_Check(text) ? PyUnicode_AsUTF8AndSize(text, &length) : NULL;
        if (chars == NULL || length != 2) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "Game: every card text must have two characters");
            return -1;
        }
        if (chars[0] != RANKS[code >> 2] || chars[1] != SUITS[code & 3]) {
            PyErr_SetString(PyExc_ValueError, "Game: the card texts are not the lane's own");
            return -1;
        }
    }
    self->info = PyMem_Calloc((size_t)size + 1, INFO);
    self->pieces = PyMem_Calloc((size_t)size + 1, sizeof(char *));
    self->piece_sizes = PyMem_Calloc((size_t)size + 1, sizeof(Py_ssize_t));
    if (self->info == NULL || self->pieces == NULL || self->piece_sizes == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->hole = hole;
    self->board = board;
    self->deck = (uint64_t)deck;
    self->by_high_card = by_high_card;
    self->low_order = low_order;
    self->size = size;
#define KEEP(field)          \
    Py_INCREF(field);        \
    Py_XSETREF(self->field, field);
    KEEP(name) KEEP(prefix) KEEP(suffix) KEEP(half) KEEP(scorer) KEEP(ranks) KEEP(piece)
    KEEP(template) KEEP(form) KEEP(join)
#undef KEEP
    return 0;
}

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "showdown._cresolve.Game",
    .tp_basicsize = sizeof(Game),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One game in one language: what the native lane asks of Python.",
    .tp_init = (initproc)game_init,
    .tp_new = PyType_GenericNew,
};

/* What the lane needs of a class, asked once: INFO bytes -- 1 (known), the 5 ranks in
 * reading order, the flush flag, the category's number, the count of deciding ranks and
 * those ranks (``ranks(strength)`` gives the 14 bytes after the first); or NULL. */
static const unsigned char *class_info(Game *game, int strength) {
    unsigned char *row = game->info + INFO * strength;
    if (row[0]) return row;
    PyObject *found = PyObject_CallFunction(game->ranks, "i", strength);
    if (found == NULL) return NULL;
    const unsigned char *bytes = PyBytes_Check(found)
                                     ? (const unsigned char *)PyBytes_AS_STRING(found)
                                     : NULL;
    int fine = bytes != NULL && PyBytes_GET_SIZE(found) == INFO - 2 && bytes[7] >= 1 &&
               bytes[7] <= 5 && bytes[6] < 16;
    for (int k = 0; fine && k < 5; k++) fine = bytes[k] <= 12;
    for (int k = 0; fine && k < bytes[7]; k++) fine = bytes[8 + k] <= 12;
    if (!fine) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_ValueError, "ranks must give 14 bytes: 5 ranks, flush, "
                                          "category, 1 to 5 deciding ranks");
        return NULL;
    }
    memcpy(row + 1, bytes, INFO - 2);
    row[0] = 1;
    Py_DECREF(found);
    return row;
}

/* A text from a callback's result (a str, or None: declined), kept in ``text``
 * escaped for JSON (a message's markers kept, with ``marked``). */
static int keep_text(Text *text, PyObject *found, int marked) {
    if (found == NULL) return -1;
    if (found == Py_None) {
        text->known = 2;
        Py_DECREF(found);
        return 0;
    }
    Py_ssize_t size;
    const char *utf8 = PyUnicode_Check(found) ? PyUnicode_AsUTF8AndSize(found, &size) : NULL;
    if (utf8 == NULL) {
        Py_DECREF(found);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a text or None was expected");
        return -1;
    }
    Out escaped = {NULL, 0, 0};
    if (put_escaped_marked(&escaped, utf8, size, marked) < 0 || grow(&escaped, 1) < 0) {
        Py_DECREF(found);
        PyMem_Free(escaped.data);
        return -1;
    }
    text->data = escaped.data;
    text->size = escaped.size;
    text->known = 1;
    Py_DECREF(found);
    return 0;
}

/* A message kept per kind and flags: the Text, or NULL on an error. */
static const Text *fixed_text(Game *game, int slot, int kind, int a, int b) {
    Text *text = &game->fixed[slot];
    if (!text->known &&
        keep_text(text, PyObject_CallFunction(game->template, "iii", kind, a, b), 1) < 0)
        return NULL;
    return text;
}

/* A form of a class's name: the Text, or NULL on an error. */
static const Text *form_text(Game *game, int form, int strength) {
    if (form < 1 || form > FORMS || strength < 1 || strength > game->size) {
        PyErr_SetString(PyExc_ValueError, "a message marks a form or class that is not one");
        return NULL;
    }
    if (game->forms[form] == NULL) {
        game->forms[form] = PyMem_Calloc((size_t)game->size + 1, sizeof(Text));
        if (game->forms[form] == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    Text *text = &game->forms[form][strength];
    if (!text->known &&
        keep_text(text, PyObject_CallFunction(game->form, "ii", form, strength), 0) < 0)
        return NULL;
    return text;
}

/* What the reason between two classes depends on, as ``ClassTexts.explain`` keys it:
 * the categories when they differ; else the category, the deciding ranks of the
 * better class up to the first that differs, and that rank of the worse; 0: none. */
static uint64_t reason_key(const unsigned char *won, const unsigned char *lost) {
    int category = won[7];
    if (category != lost[7]) return (1ull << 60) | (uint64_t)category << 4 | lost[7];
    int count = won[8] < lost[8] ? won[8] : lost[8];
    int position = 0;
    while (position < count && won[9 + position] == lost[9 + position]) position++;
    if (position == count) return 0;
    uint64_t key = (2ull << 60) | (uint64_t)category << 40 | (uint64_t)position << 36 |
                   (uint64_t)lost[9 + position] << 32;
    for (int k = 0; k <= position; k++) key |= (uint64_t)won[9 + k] << (4 * k);
    return key;
}

/* The reason's message between two classes: the Text, or NULL on an error. */
static const Text *reason_text(Game *game, int best, int second) {
    const unsigned char *won = class_info(game, best);
    const unsigned char *lost = won == NULL ? NULL : class_info(game, second);
    if (lost == NULL) return NULL;
    uint64_t key = reason_key(won, lost);
    static const Text declined = {NULL, 0, 2};
    if (key == 0) return &declined;
    if (2 * (game->reason_count + 1) > game->reason_room) {
        Py_ssize_t room = game->reason_room ? 2 * game->reason_room : 1024;
        Reason *table = PyMem_Calloc((size_t)room, sizeof(Reason));
        if (table == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        for (Py_ssize_t k = 0; k < game->reason_room; k++) {
            Reason *old = &game->reasons[k];
            if (!old->key) continue;
            Py_ssize_t at = (Py_ssize_t)((old->key * 0x9E3779B97F4A7C15ull) >> 20) & (room - 1);
            while (table[at].key) at = (at + 1) & (room - 1);
            table[at] = *old;
        }
        PyMem_Free(game->reasons);
        game->reasons = table;
        game->reason_room = room;
    }
    Py_ssize_t mask = game->reason_room - 1;
    Py_ssize_t at = (Py_ssize_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
    while (game->reasons[at].key && game->reasons[at].key != key) at = (at + 1) & mask;
    Reason *slot = &game->reasons[at];
    if (!slot->key) {
        Text text = {NULL, 0, 0};
        if (keep_text(&text,
                      PyObject_CallFunction(game->template, "iii", KIND_REASON, best, second),
                      1) < 0)
            return NULL;
        slot->key = key;
        slot->text = text;
        game->reason_count++;
    }
    return &slot->text;
}

static int put_piece(Out *out, Game *game, int strength) {
    if (game->pieces[strength] == NULL) {
        PyObject *found = PyObject_CallFunction(game->piece, "i", strength);
        if (found == NULL) return -1;
        Py_ssize_t size;
        const char *utf8 = PyUnicode_Check(found) ? PyUnicode_AsUTF8AndSize(found, &size) : NULL;
        if (utf8 == NULL) {
            Py_DECREF(found);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "piece must give a text");
            return -1;
        }
        char *copy = PyMem_Malloc((size_t)size + 1);
        if (copy == NULL) {
            Py_DECREF(found);
            PyErr_NoMemory();
            return -1;
        }
        memcpy(copy, utf8, (size_t)size);
        game->pieces[strength] = copy;
        game->piece_sizes[strength] = size;
        Py_DECREF(found);
    }
    return put(out, game->pieces[strength], game->piece_sizes[strength]);
}

/* ------------------------------------------------------------------ reading */

typedef struct {
    const char *at;
    const char *end;
} Cursor;

static void skip(Cursor *c) {
    while (c->at < c->end && (*c->at == ' ' || *c->at == '\t' || *c->at == '\n' || *c->at == '\r'))
        c->at++;
}

static int token(Cursor *c, char wanted) {
    skip(c);
    if (c->at < c->end && *c->at == wanted) {
        c->at++;
        return 1;
    }
    return 0;
}

static int word(Cursor *c, const char *text, Py_ssize_t size) {
    skip(c);
    if (c->end - c->at >= size && memcmp(c->at, text, (size_t)size) == 0) {
        c->at += size;
        return 1;
    }
    return 0;
}

/* A string without escapes or control characters: its bytes. */
static int string(Cursor *c, const char **text, Py_ssize_t *size) {
    skip(c);
    if (c->at >= c->end || *c->at != '"') return 0;
    const char *start = ++c->at;
    while (c->at < c->end) {
        unsigned char ch = (unsigned char)*c->at;
        if (ch == '"') {
            *text = start;
            *size = c->at - start;
            c->at++;
            return 1;
        }
        if (ch == '\\' || ch < 0x20) return 0;
        c->at++;
    }
    return 0;
}

/* A JSON integer of at most MAX_DIGITS digits, not negative, no fraction or exponent. */
static int hex4(const char *at, const char *end, unsigned *value) {
    if (end - at < 4) return 0;
    unsigned found = 0;
    for (int k = 0; k < 4; k++) {
        char ch = at[k];
        int digit = ch >= '0' && ch <= '9'   ? ch - '0'
                    : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                    : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                             : -1;
        if (digit < 0) return 0;
        found = found * 16 + (unsigned)digit;
    }
    *value = found;
    return 1;
}

/* A name: a string whose escapes (``\uXXXX``, surrogate pairs, ``\/``) are decoded into
 * ``room`` (at most NAME_ROOM bytes of UTF-8) where it has any. 0 for what the output
 * would have to escape (a quote, a backslash, a control character) or a lone surrogate. */
#define NAME_ROOM 256
static int name_string(Cursor *c, char *room, const char **text, Py_ssize_t *size) {
    const char *start = c->at;
    if (string(c, text, size)) return 1;
    c->at = start;
    skip(c);
    if (c->at >= c->end || *c->at != '"') return 0;
    c->at++;
    Py_ssize_t used = 0;
    while (c->at < c->end) {
        unsigned char ch = (unsigned char)*c->at;
        if (ch == '"') {
            c->at++;
            *text = room;
            *size = used;
            return 1;
        }
        if (ch < 0x20) return 0;
        if (ch != '\\') {
            if (used >= NAME_ROOM) return 0;
            room[used++] = (char)ch;
            c->at++;
            continue;
        }
        if (c->end - c->at < 2) return 0;
        char kind = c->at[1];
        unsigned point;
        if (kind == '/') {
            point = '/';
            c->at += 2;
        } else if (kind == 'u' && hex4(c->at + 2, c->end, &point)) {
            c->at += 6;
            if (point >= 0xDC00 && point <= 0xDFFF) return 0;
            if (point >= 0xD800 && point <= 0xDBFF) {
                unsigned low;
                if (c->end - c->at < 6 || c->at[0] != '\\' || c->at[1] != 'u' ||
                    !hex4(c->at + 2, c->end, &low) || low < 0xDC00 || low > 0xDFFF)
                    return 0;
                c->at += 6;
                point = 0x10000 + ((point - 0xD800) << 10) + (low - 0xDC00);
            }
        } else {
            return 0; /* a quote, a backslash, a control character: the output escapes them */
        }
        if (point < 0x20 || point == '"' || point == '\\' || used + 4 > NAME_ROOM) return 0;
        if (point < 0x80) {
            room[used++] = (char)point;
        } else if (point < 0x800) {
            room[used++] = (char)(0xC0 | point >> 6);
            room[used++] = (char)(0x80 | (point & 0x3F));
        } else if (point < 0x10000) {
            room[used++] = (char)(0xE0 | point >> 12);
            room[used++] = (char)(0x80 | (point >> 6 & 0x3F));
            room[used++] = (char)(0x80 | (point & 0x3F));
        } else {
            room[used++] = (char)(0xF0 | point >> 18);
            room[used++] = (char)(0x80 | (point >> 12 & 0x3F));
            room[used++] = (char)(0x80 | (point >> 6 & 0x3F));
            room[used++] = (char)(0x80 | (point & 0x3F));
        }
    }
    return 0;
}

static int integer(Cursor *c, int64_t *value) {
    skip(c);
    const char *start = c->at;
    int64_t found = 0;
    while (c->at < c->end && *c->at >= '0' && *c->at <= '9') {
        found = found * 10 + (*c->at - '0');
        c->at++;
        if (c->at - start > MAX_DIGITS) return 0;
    }
    Py_ssize_t digits = c->at - start;
    if (digits == 0 || (digits > 1 && *start == '0')) return 0;
    if (c->at < c->end && (*c->at == '.' || *c->at == 'e' || *c->at == 'E')) return 0;
    *value = found;
    return 1;
}

static int boolean(Cursor *c, int *value) {
    if (word(c, "true", 4)) {
        *value = 1;
        return 1;
    }
    if (word(c, "false", 5)) {
        *value = 0;
        return 1;
    }
    return 0;
}

static int is_null(Cursor *c) { return word(c, "null", 4); }

static int card_code(const char *text) {
    const char *rank = memchr(RANKS, text[0], 13);
    const char *suit = memchr(SUITS, text[1], 4);
    if (rank == NULL || suit == NULL) return -1;
    return (int)(rank - RANKS) * 4 + (int)(suit - SUITS);
}

/* Cards as a text of two-character cards separated by single spaces, or a list of
 * such texts: their codes (at most MAX_CARDS). 1, or 0: not such cards. */
static int cards(Cursor *c, int *codes, int *count) {
    const int most = MAX_CARDS;
    const char *text;
    Py_ssize_t size;
    *count = 0;
    skip(c);
    if (c->at < c->end && *c->at == '[') {
        c->at++;
        if (token(c, ']')) return 1;
        for (;;) {
            if (!string(c, &text, &size) || size != 2 || *count >= most) return 0;
            int code = card_code(text);
            if (code < 0) return 0;
            codes[(*count)++] = code;
            if (token(c, ',')) continue;
            return token(c, ']');
        }
    }
    if (!string(c, &text, &size) || size % 3 != 2) return 0;
    for (Py_ssize_t at = 0; at < size; at += 3) {
        if (*count >= most || (at + 2 < size && text[at + 2] != ' ')) return 0;
        int code = card_code(text + at);
        if (code < 0) return 0;
        codes[(*count)++] = code;
    }
    return 1;
}

typedef struct {
    const char *name;
    Py_ssize_t name_size;
    char fallback[24]; /* "Player N" when no name is given */
    char decoded[NAME_ROOM]; /* a name written with escapes, decoded */
    int cards[MAX_CARDS];
    int count;         /* cards given; -1: none (null or absent) */
    int64_t stake;
    int folded;
} Seat;

typedef struct {
    const char *game;
    Py_ssize_t game_size;
    int has_board;     /* a board was given, not null */
    int board[MAX_CARDS];
    int board_count;
    int64_t button;
    int odd;           /* 0 auto, 1 button, 2 high_card */
    int seats;
    Seat seat[MAX_SEATS];
} Record;

static int read_player(Cursor *c, Seat *seat, int index) {
    enum { NAME = 1, CARDS = 2, STAKE = 4, FOLDED = 8 };
    int seen = 0;
    seat->name = NULL;
    seat->count = -1;
    seat->stake = 0;
    seat->folded = 0;
    if (!token(c, '{')) return 0;
    if (!token(c, '}')) {
        for (;;) {
            const char *key;
            Py_ssize_t size;
            if (!string(c, &key, &size) || !token(c, ':')) return 0;
            if (size == 4 && memcmp(key, "name", 4) == 0) {
                if (seen & NAME || !name_string(c, seat->decoded, &seat->name, &seat->name_size))
                    return 0;
                if (seat->name_size == 0) return 0;
                seen |= NAME;
            } else if (size == 5 && memcmp(key, "cards", 5) == 0) {
                if (seen & CARDS) return 0;
                seen |= CARDS;
                if (!is_null(c) && !cards(c, seat->cards, &seat->count)) return 0;
            } else if (size == 5 && memcmp(key, "stake", 5) == 0) {
                if (seen & STAKE || !integer(c, &seat->stake)) return 0;
                seen |= STAKE;
            } else if (size == 6 && memcmp(key, "folded", 6) == 0) {
                if (seen & FOLDED || !boolean(c, &seat->folded)) return 0;
                seen |= FOLDED;
            } else {
                return 0;
            }
            if (token(c, ',')) continue;
            if (token(c, '}')) break;
            return 0;
        }
    }
    if (seat->name == NULL) {
        seat->name_size = snprintf(seat->fallback, sizeof seat->fallback, "Player %d", index + 1);
        seat->name = seat->fallback;
    }
    return 1;
}

/* The record's JSON: 1, or 0 where it is not of this lane's kind. */
static int read_record(const char *text, Py_ssize_t size, Record *record) {
    enum { GAME = 1, BOARD = 2, BUTTON = 4, PLAYERS = 8, ODD = 16 };
    Cursor c = {text, text + size};
    int seen = 0;
    record->game = NULL;
    record->has_board = 0;
    record->board_count = 0;
    record->button = 0;
    record->odd = 0;
    record->seats = 0;
    if (!token(&c, '{')) return 0;
    for (;;) {
        const char *key;
        Py_ssize_t key_size;
        if (!string(&c, &key, &key_size) || !token(&c, ':')) return 0;
        if (key_size == 4 && memcmp(key, "game", 4) == 0) {
            if (seen & GAME || !string(&c, &record->game, &record->game_size)) return 0;
            seen |= GAME;
        } else if (key_size == 5 && memcmp(key, "board", 5) == 0) {
            if (seen & BOARD) return 0;
            seen |= BOARD;
            if (!is_null(&c)) {
                record->has_board = 1;
                if (!cards(&c, record->board, &record->board_count)) return 0;
            }
        } else if (key_size == 6 && memcmp(key, "button", 6) == 0) {
            if (seen & BUTTON || !integer(&c, &record->button)) return 0;
            seen |= BUTTON;
        } else if (key_size == 8 && memcmp(key, "odd_chip", 8) == 0) {
            const char *rule;
            Py_ssize_t rule_size;
            if (seen & ODD || !string(&c, &rule, &rule_size)) return 0;
            seen |= ODD;
            if (rule_size == 4 && memcmp(rule, "auto", 4) == 0)
                record->odd = 0;
            else if (rule_size == 6 && memcmp(rule, "button", 6) == 0)
                record->odd = 1;
            else if (rule_size == 9 && memcmp(rule, "high_card", 9) == 0)
                record->odd = 2;
            else
                return 0;
        } else if (key_size == 7 && memcmp(key, "players", 7) == 0) {
            if (seen & PLAYERS || !token(&c, '[')) return 0;
            seen |= PLAYERS;
            if (!token(&c, ']')) {
                for (;;) {
                    if (record->seats >= MAX_SEATS) return 0;
                    int index = record->seats;
                    if (!read_player(&c, &record->seat[index], index))
                        return 0;
                    record->seats++;
                    if (token(&c, ',')) continue;
                    if (token(&c, ']')) break;
                    return 0;
                }
            }
        } else {
            return 0;
        }
        if (token(&c, ',')) continue;
        if (token(&c, '}')) break;
        return 0;
    }
    skip(&c);
    return c.at == c.end && (seen & GAME) && (seen & PLAYERS);
}

/* The game's checks of a read record (``_read``): 1 plain, 0 not. */
static int check_record(const Game *game, const Record *record) {
    int seats = record->seats;
    if (seats < 2 || record->button < 0 || record->button >= seats) return 0;
    uint64_t cards_seen = 0;
    int count = record->board_count;
    if (record->has_board != (game->board > 0) || count != game->board) return 0;
    const int *board = record->board;
    int in_hand = 0;
    int staked = 0;
    for (int k = 0; k < count; k++) {
        uint64_t bit = (uint64_t)1 << board[k];
        if (cards_seen & bit) return 0;
        cards_seen |= bit;
    }
    for (int s = 0; s < seats; s++) {
        const Seat *seat = &record->seat[s];
        if (seat->count < 0) {
            if (!seat->folded) return 0;
        } else {
            if (seat->count != game->hole) return 0;
            for (int k = 0; k < seat->count; k++) {
                uint64_t bit = (uint64_t)1 << seat->cards[k];
                if (cards_seen & bit) return 0;
                cards_seen |= bit;
            }
        }
        in_hand += !seat->folded;
        staked |= seat->stake != 0;
        for (int t = 0; t < s; t++) {
            const Seat *other = &record->seat[t];
            if (other->name_size == seat->name_size &&
                memcmp(other->name, seat->name, (size_t)seat->name_size) == 0)
                return 0;
        }
    }
    if ((cards_seen & ~game->deck) != 0 || in_hand < 2 || !staked) return 0;
    return 1;
}

/* ------------------------------------------------------------------ valuing */

typedef struct {
    int strength;          /* 0: no hand (folded, or no cards) */
    int row[MAX_CARDS];    /* hole then board codes */
    int width;
    int chosen[MAX_CARDS]; /* the cards that play */
    int played[5];         /* their codes in the class's reading order */
    int played_at[5];      /* their columns */
} Hand;

static int score(Game *game, Hand *hand) {
    PyObject *codes = PyTuple_New(hand->width);
    if (codes == NULL) return -1;
    for (int k = 0; k < hand->width; k++) {
        PyObject *code = PyLong_FromLong(hand->row[k]);
        if (code == NULL) {
            Py_DECREF(codes);
            return -1;
        }
        PyTuple_SET_ITEM(codes, k, code);
    }
    PyObject *found = PyObject_CallOneArg(game->scorer, codes);
    Py_DECREF(codes);
    if (found == NULL) return -1;
    long strength = -1;
    if (PyTuple_Check(found) && PyTuple_GET_SIZE(found) == 1)
        strength = PyLong_AsLong(PyTuple_GET_ITEM(found, 0));
    else if (PyLong_Check(found))
        strength = PyLong_AsLong(found);
    Py_DECREF(found);
    if (strength == -1 && PyErr_Occurred()) return -1;
    if (strength < 1 || strength > game->size) {
        PyErr_SetString(PyExc_ValueError, "the scorer gave a strength out of range");
        return -1;
    }
    hand->strength = (int)strength;
    return 0;
}

/* The cards that play, as ``_best_columns`` finds them: per rank of the class counted
 * m times, its m highest cards (of the flush's suit, for a flush); then in the reading
 * order of the class (rank by first place in the class, then suit from the highest).
 * 1, or 0 where the row lacks the class's cards. */
static int choose(const unsigned char *info, Hand *hand) {
    int need[13] = {0};
    int place[13];
    for (int r = 0; r < 13; r++) place[r] = 5;
    for (int k = 0; k < 5; k++) {
        int rank = info[1 + k];
        need[rank]++;
        if (place[rank] == 5) place[rank] = k;
    }
    int flush = info[6] != 0;
    int suit_of_flush = 0;
    if (flush) {
        int counts[4] = {0};
        for (int k = 0; k < hand->width; k++) counts[hand->row[k] & 3]++;
        for (int s = 1; s < 4; s++)
            if (counts[s] > counts[suit_of_flush]) suit_of_flush = s;
    }
    int keys[5];
    int picked = 0;
    for (int k = 0; k < hand->width; k++) {
        int code = hand->row[k];
        int rank = code >> 2;
        hand->chosen[k] = 0;
        if (flush && (code & 3) != suit_of_flush) continue;
        int higher = 0;
        for (int j = 0; j < hand->width; j++) {
            int other = hand->row[j];
            if ((other >> 2) == rank && other > code && (!flush || (other & 3) == suit_of_flush))
                higher++;
        }
        if (higher < need[rank]) {
            if (picked == 5) return 0;
            hand->chosen[k] = 1;
            keys[picked] = place[rank] * 4 + 3 - (code & 3);
            hand->played[picked] = code;
            hand->played_at[picked] = k;
            picked++;
        }
    }
    if (picked != 5) return 0;
    for (int i = 1; i < 5; i++) { /* insertion sort by reading key */
        int key = keys[i], code = hand->played[i], at = hand->played_at[i];
        int j = i - 1;
        while (j >= 0 && keys[j] > key) {
            keys[j + 1] = keys[j];
            hand->played[j + 1] = hand->played[j];
            hand->played_at[j + 1] = hand->played_at[j];
            j--;
        }
        keys[j + 1] = key;
        hand->played[j + 1] = code;
        hand->played_at[j + 1] = at;
    }
    return 1;
}

/* Cards as text, separated by single spaces. */
static int put_cards(Out *out, const Game *game, const int *codes, int count) {
    if (grow(out, 3 * count) < 0) return -1;
    for (int k = 0; k < count; k++) {
        if (k) out->data[out->size++] = ' ';
        out->data[out->size++] = RANKS[codes[k] >> 2];
        out->data[out->size++] = SUITS[codes[k] & 3];
    }
    return 0;
}

/* The player's "hands" JSON. */
static int put_hand(Out *out, Game *game, const Hand *hand) {
    int hole[5], board[5], unused[MAX_CARDS];
    int holes = 0, boards = 0, rest = 0;
    for (int k = 0; k < 5; k++) {
        if (hand->played_at[k] < game->hole)
            hole[holes++] = hand->played[k];
        else
            board[boards++] = hand->played[k];
    }
    for (int k = 0; k < hand->width; k++)
        if (!hand->chosen[k]) unused[rest++] = hand->row[k];
    if (put_str(out, game->prefix) < 0 || PUT(out, "{\"cards\": \"") < 0 ||
        put_cards(out, game, hand->played, 5) < 0 || PUT(out, "\", ") < 0 ||
        put_piece(out, game, hand->strength) < 0 || PUT(out, ", \"hole_used\": \"") < 0 ||
        put_cards(out, game, hole, holes) < 0 || PUT(out, "\", \"board_used\": \"") < 0 ||
        put_cards(out, game, board, boards) < 0 || PUT(out, "\", \"unused\": \"") < 0 ||
        put_cards(out, game, unused, rest) < 0 || PUT(out, "\"}") < 0 ||
        put_str(out, game->suffix) < 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ paying */

typedef struct {
    int64_t amount;
    unsigned eligible;     /* seats still in that reached the pot */
    unsigned contributors; /* seats that put chips in it */
} Pot;

/* ``_layers``: the pots of the stakes, merged as the readable path merges them. */
static int layers(const Record *record, Pot *pots) {
    int seats = record->seats;
    int64_t levels[MAX_SEATS];
    int count = 0;
    for (int s = 0; s < seats; s++) {
        int64_t stake = record->seat[s].stake;
        if (stake <= 0) continue;
        int known = 0;
        for (int k = 0; k < count; k++) known |= levels[k] == stake;
        if (!known) levels[count++] = stake;
    }
    for (int i = 1; i < count; i++) {
        int64_t level = levels[i];
        int j = i - 1;
        while (j >= 0 && levels[j] > level) {
            levels[j + 1] = levels[j];
            j--;
        }
        levels[j + 1] = level;
    }
    int made = 0;
    int64_t low = 0;
    for (int k = 0; k < count; k++) {
        int64_t level = levels[k];
        Pot pot = {0, 0, 0};
        for (int s = 0; s < seats; s++) {
            int64_t stake = record->seat[s].stake;
            int64_t upper = stake < level ? stake : level;
            int64_t lower = stake < low ? stake : low;
            pot.amount += upper - lower;
            if (stake >= level) {
                pot.contributors |= 1u << s;
                if (!record->seat[s].folded) pot.eligible |= 1u << s;
            }
        }
        int uncalled = core_popcount(pot.contributors) == 1;
        if (made && (core_popcount(pots[made - 1].contributors) == 1) == uncalled) {
            Pot *last = &pots[made - 1];
            if (uncalled ? last->contributors == pot.contributors : last->eligible == pot.eligible) {
                last->amount += pot.amount;
                last->eligible = pot.eligible;
                last->contributors |= pot.contributors;
                low = level;
                continue;
            }
        }
        pots[made++] = pot;
        low = level;
    }
    return made;
}

static int64_t lcm64(int64_t a, int64_t b) { return a / gcd64(a, b) * b; }

static int put_name(Out *out, const Seat *seat) {
    if (PUT(out, "\"") < 0 || put(out, seat->name, seat->name_size) < 0) return -1;
    return PUT(out, "\"");
}

static PyObject *name_of(const Seat *seat) {
    return PyUnicode_DecodeUTF8(seat->name, seat->name_size, "strict");
}

/* Seats listed as JSON names: [a, b] */
static int put_names(Out *out, const Record *record, unsigned seats) {
    int first = 1;
    if (PUT(out, "[") < 0) return -1;
    for (int s = 0; s < record->seats; s++) {
        if (!(seats >> s & 1)) continue;
        if (!first && PUT(out, ", ") < 0) return -1;
        first = 0;
        if (put_name(out, &record->seat[s]) < 0) return -1;
    }
    return PUT(out, "]");
}

/* What the markers of a message stand for. */
typedef struct {
    const char *who;
    Py_ssize_t who_size;
    int who_escaped;     /* the joined names of a split: escaped as they are written */
    const char *cards;
    Py_ssize_t cards_size;
    const char *name;
    Py_ssize_t name_size;
    const Text *reason;
    int best;
    int second;
    int64_t amount;
} Fill;

/* A message with its markers filled, escaped for JSON: 1, 0 (a text it needs was
 * declined), or -1 on an error. */
static int expand(Out *out, Game *game, const Text *message, const Fill *fill) {
    if (message->known != 1) return 0;
    const char *text = message->data;
    Py_ssize_t size = message->size, run = 0;
    for (Py_ssize_t k = 0; k < size; k++) {
        unsigned char ch = (unsigned char)text[k];
        if (ch < WHO || ch > AMOUNT) continue;
        if (put(out, text + run, k - run) < 0) return -1;
        int done = 1;
        switch (ch) { /* names and cards need no escapes (read_player); joined names may */
            case WHO:
                done = (fill->who_escaped ? put_escaped(out, fill->who, fill->who_size)
                                          : put(out, fill->who, fill->who_size)) < 0
                           ? -1
                           : 1;
                break;
            case CARDS: done = put(out, fill->cards, fill->cards_size) < 0 ? -1 : 1; break;
            case NAME: done = put(out, fill->name, fill->name_size) < 0 ? -1 : 1; break;
            case REASON: { /* once: a reason that marks a reason is declined */
                Fill inner = *fill;
                inner.reason = NULL;
                done = fill->reason == NULL ? 0 : expand(out, game, fill->reason, &inner);
                break;
            }
            case AMOUNT: done = put_int(out, fill->amount) < 0 ? -1 : 1; break;
            default: { /* BEST or SECOND, then the form */
                if (k + 1 >= size) return 0;
                int strength = ch == BEST ? fill->best : fill->second;
                const Text *form = form_text(game, (unsigned char)text[++k], strength);
                if (form == NULL) return -1;
                done = form->known != 1 ? 0 : put(out, form->data, form->size) < 0 ? -1 : 1;
            }
        }
        if (done <= 0) return done;
        run = k + 1;
    }
    return put(out, text + run, size - run) < 0 ? -1 : 1;
}

/* A message as a JSON string: 1, 0 (declined), -1. */
static int put_message(Out *out, Game *game, const Text *message, const Fill *fill) {
    if (message == NULL) return -1;
    if (PUT(out, "\"") < 0) return -1;
    int done = expand(out, game, message, fill);
    if (done <= 0) return done;
    return PUT(out, "\"") < 0 ? -1 : 1;
}

/* Why a pot with several seats in it went as it did (``_why``): 1, 0, -1. */
static int put_why(Out *out, Game *game, const Record *record, const Hand *hands,
                   unsigned eligible, unsigned winners, int main) {
    int first = __builtin_ctz(winners);
    int single = core_popcount(winners) == 1;
    Fill fill = {NULL, 0, 0, NULL, 0, NULL, 0, NULL, hands[first].strength, 0, 0};
    char cards[16];
    for (int k = 0; k < 5; k++) {
        cards[3 * k] = RANKS[hands[first].played[k] >> 2];
        cards[3 * k + 1] = SUITS[hands[first].played[k] & 3];
        cards[3 * k + 2] = ' ';
    }
    fill.cards = cards;
    fill.cards_size = 14;
    PyObject *joined = NULL;
    if (single) {
        fill.who = record->seat[first].name;
        fill.who_size = record->seat[first].name_size;
    } else {
        PyObject *names = PyTuple_New(core_popcount(winners));
        if (names == NULL) return -1;
        int index = 0;
        for (int s = 0; s < record->seats; s++) {
            if (!(winners >> s & 1)) continue;
            PyObject *name = name_of(&record->seat[s]);
            if (name == NULL) {
                Py_DECREF(names);
                return -1;
            }
            PyTuple_SET_ITEM(names, index++, name);
        }
        joined = PyObject_CallOneArg(game->join, names);
        fill.who_escaped = 1;
        Py_DECREF(names);
        if (joined == NULL) return -1;
        fill.who = PyUnicode_Check(joined) ? PyUnicode_AsUTF8AndSize(joined, &fill.who_size) : NULL;
        if (fill.who == NULL) {
            Py_DECREF(joined);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "join must give a text");
            return -1;
        }
    }
    int runner = -1;
    for (int s = 0; s < record->seats; s++) {
        if (!(eligible >> s & 1)) continue;
        int strength = hands[s].strength;
        if (strength > fill.second && strength != fill.best) {
            runner = s;
            fill.second = strength;
        }
    }
    int done = -1;
    const Text *won = fixed_text(game, WON + 2 * main + single, KIND_WON, main, single);
    if (won != NULL && PUT(out, "\"") == 0) {
        done = expand(out, game, won, &fill);
        if (done > 0 && runner >= 0) {
            fill.name = record->seat[runner].name;
            fill.name_size = record->seat[runner].name_size;
            fill.reason = reason_text(game, fill.best, fill.second);
            const Text *against = fixed_text(game, AGAINST, KIND_AGAINST, 0, 0);
            done = fill.reason == NULL || against == NULL ? -1 : expand(out, game, against, &fill);
        }
        if (done > 0 && PUT(out, "\"") < 0) done = -1;
    }
    Py_XDECREF(joined);
    return done;
}

/* ``_odd_chip_orders``: the seats in the order odd chips go. */
static void odd_order(const Game *game, const Record *record, int *order) {
    int seats = record->seats;
    int by_card = record->odd == 2 || (record->odd == 0 && game->by_high_card);
    if (!by_card) {
        for (int k = 0; k < seats; k++) order[k] = (int)((record->button + 1 + k) % seats);
        return;
    }
    int keys[MAX_SEATS];
    int lowest = record->odd == 0 && game->low_order;
    for (int s = 0; s < seats; s++) {
        const Seat *seat = &record->seat[s];
        int key;
        if (lowest) { /* min of ((rank + 1) % 13, suit); none: (99, 99) */
            key = 99 * 4 + 99;
            for (int k = 0; k < seat->count; k++) {
                int code = seat->cards[k];
                int mine = (((code >> 2) + 1) % 13) * 4 + (code & 3);
                if (mine < key) key = mine;
            }
        } else { /* max code, none: -1; the highest first */
            int high = -1;
            for (int k = 0; k < seat->count; k++)
                if (seat->cards[k] > high) high = seat->cards[k];
            key = -high;
        }
        keys[s] = key;
        order[s] = s;
    }
    for (int i = 1; i < seats; i++) { /* stable: equal keys keep their seat order */
        int seat = order[i];
        int j = i - 1;
        while (j >= 0 && keys[order[j]] > keys[seat]) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = seat;
    }
}

/* The whole output line of a checked record, or 0 (not this lane's: hand it back). */
static int answer_record(Out *out, Game *game, const Record *record, int *handled) {
    int seats = record->seats;
    const int *board = record->board;
    Hand hands[MAX_SEATS];
    *handled = 0;
    for (int s = 0; s < seats; s++) {
        const Seat *seat = &record->seat[s];
        Hand *hand = &hands[s];
        hand->strength = 0;
        if (seat->count < 0 || seat->folded) continue;
        hand->width = seat->count + game->board;
        memcpy(hand->row, seat->cards, sizeof(int) * (size_t)seat->count);
        memcpy(hand->row + seat->count, board, sizeof(int) * (size_t)game->board);
        if (score(game, hand) < 0) return -1;
        const unsigned char *info = class_info(game, hand->strength);
        if (info == NULL) return -1;
        if (!choose(info, hand)) return 0;
    }
    Pot pots[MAX_SEATS];
    int count = layers(record, pots);
    int order[MAX_SEATS];
    odd_order(game, record, order);
    int64_t payouts[MAX_SEATS] = {0};
    int64_t shares[MAX_SEATS] = {0};
    int64_t parts[MAX_SEATS];
    int64_t total = 0;
    for (int s = 0; s < seats; s++) {
        parts[s] = 1;
        total += record->seat[s].stake;
    }
    unsigned won = 0;
    int main_done = 0;
    Out pot_text = {NULL, 0, 0};
    int result = -1;
    for (int p = 0; p < count; p++) {
        const Pot *pot = &pots[p];
        if (p && PUT(&pot_text, ", ") < 0) goto done;
        if (core_popcount(pot->contributors) == 1) {
            int owner = __builtin_ctz(pot->contributors);
            payouts[owner] += pot->amount;
            shares[owner] += pot->amount * parts[owner];
            if (PUT(&pot_text, "{\"kind\": \"uncalled\", \"amount\": ") < 0 ||
                put_int(&pot_text, pot->amount) < 0 ||
                PUT(&pot_text, ", \"rake\": 0, \"eligible\": [") < 0 ||
                put_name(&pot_text, &record->seat[owner]) < 0 ||
                PUT(&pot_text, "], \"winners\": {}, \"payouts\": {") < 0 ||
                put_name(&pot_text, &record->seat[owner]) < 0 || PUT(&pot_text, ": ") < 0 ||
                put_int(&pot_text, pot->amount) < 0 || PUT(&pot_text, "}, \"shares\": {") < 0 ||
                put_name(&pot_text, &record->seat[owner]) < 0 ||
                PUT(&pot_text, ": \"1\"}, \"explanation\": ") < 0)
                goto done;
            Fill fill = {NULL, 0, 0, NULL, 0, record->seat[owner].name,
                         record->seat[owner].name_size, NULL, 0, 0, pot->amount};
            int said = put_message(&pot_text, game,
                                   fixed_text(game, UNCALLED, KIND_UNCALLED, 0, 0), &fill);
            if (said == 0) result = 0;
            if (said <= 0 || PUT(&pot_text, "}") < 0) goto done;
            continue;
        }
        if (pot->eligible == 0) { /* nobody still in reached it: the readable path refuses */
            result = 0;
            goto done;
        }
        int main = !main_done;
        main_done = 1;
        int64_t amount = pot->amount;
        int64_t chips[MAX_SEATS] = {0};
        unsigned winners;
        int64_t denominator;
        if (core_popcount(pot->eligible) == 1) {
            winners = pot->eligible;
            denominator = 1;
        } else {
            int top = 0;
            for (int s = 0; s < seats; s++)
                if (pot->eligible >> s & 1 && hands[s].strength > top) top = hands[s].strength;
            if (top == 0) {
                result = 0;
                goto done;
            }
            winners = 0;
            for (int s = 0; s < seats; s++)
                if (pot->eligible >> s & 1 && hands[s].strength == top) winners |= 1u << s;
            denominator = core_popcount(winners);
        }
        int64_t base = amount / denominator;
        int64_t remainder = amount % denominator;
        for (int s = 0; s < seats; s++)
            if (winners >> s & 1) chips[s] = base;
        for (int k = 0; k < seats && remainder; k++) {
            if (winners >> order[k] & 1) {
                chips[order[k]]++;
                remainder--;
            }
        }
        for (int s = 0; s < seats; s++) {
            if (!(winners >> s & 1)) continue;
            payouts[s] += chips[s];
            if (chips[s] > 0) won |= 1u << s;
            if (parts[s] == denominator) {
                shares[s] += amount;
            } else {
                int64_t common = lcm64(parts[s], denominator);
                shares[s] = shares[s] * (common / parts[s]) + amount * (common / denominator);
                parts[s] = common;
            }
        }
        if (PUT(&pot_text, "{\"kind\": \"") < 0 ||
            (main ? PUT(&pot_text, "main") : PUT(&pot_text, "side")) < 0 ||
            PUT(&pot_text, "\", \"amount\": ") < 0 || put_int(&pot_text, amount) < 0 ||
            PUT(&pot_text, ", \"rake\": 0, \"eligible\": ") < 0 ||
            put_names(&pot_text, record, pot->eligible) < 0 || PUT(&pot_text, ", \"winners\": {\"") < 0 ||
            put_str(&pot_text, game->half) < 0 || PUT(&pot_text, "\": ") < 0 ||
            put_names(&pot_text, record, winners) < 0 || PUT(&pot_text, "}, \"payouts\": {") < 0)
            goto done;
        int first = 1;
        for (int s = 0; s < seats; s++) {
            if (!(winners >> s & 1)) continue;
            if ((!first && PUT(&pot_text, ", ") < 0) || put_name(&pot_text, &record->seat[s]) < 0 ||
                PUT(&pot_text, ": ") < 0 || put_int(&pot_text, chips[s]) < 0)
                goto done;
            first = 0;
        }
        if (PUT(&pot_text, "}, \"shares\": {") < 0) goto done;
        first = 1;
        for (int s = 0; s < seats; s++) {
            if (!(winners >> s & 1)) continue;
            if ((!first && PUT(&pot_text, ", ") < 0) || put_name(&pot_text, &record->seat[s]) < 0 ||
                PUT(&pot_text, ": ") < 0 || put_ratio(&pot_text, 1, denominator) < 0)
                goto done;
            first = 0;
        }
        if (PUT(&pot_text, "}, \"explanation\": ") < 0) goto done;
        int said;
        if (core_popcount(pot->eligible) == 1) {
            const Seat *seat = &record->seat[__builtin_ctz(winners)];
            Fill fill = {seat->name, seat->name_size, 0, NULL, 0, NULL, 0, NULL, 0, 0, 0};
            said = put_message(&pot_text, game,
                               fixed_text(game, UNCONTESTED + main, KIND_UNCONTESTED, main, 0),
                               &fill);
        } else {
            said = put_why(&pot_text, game, record, hands, pot->eligible, winners, main);
        }
        if (said == 0) result = 0;
        if (said <= 0) goto done;
        if (PUT(&pot_text, "}") < 0) goto done;
    }
    if (PUT(out, "{\"game\": \"") < 0 || put_str(out, game->name) < 0 ||
        PUT(out, "\", \"board\": \"") < 0 || put_cards(out, game, board, game->board) < 0 ||
        PUT(out, "\", \"players\": [") < 0)
        goto done;
    for (int s = 0; s < seats; s++) {
        const Seat *seat = &record->seat[s];
        if ((s && PUT(out, ", ") < 0) || PUT(out, "{\"name\": ") < 0 || put_name(out, seat) < 0 ||
            (seat->folded ? PUT(out, ", \"folded\": true") : PUT(out, ", \"folded\": false")) < 0 ||
            PUT(out, ", \"mucked\": false, \"stake\": ") < 0 || put_int(out, seat->stake) < 0 ||
            PUT(out, ", \"dead\": 0, \"hands\": ") < 0)
            goto done;
        if (hands[s].strength == 0) {
            if (PUT(out, "null") < 0) goto done;
        } else if (put_hand(out, game, &hands[s]) < 0) {
            goto done;
        }
        if (PUT(out, ", \"payout\": ") < 0 || put_int(out, payouts[s]) < 0 ||
            PUT(out, ", \"net\": ") < 0 || put_int(out, payouts[s] - seat->stake) < 0 ||
            PUT(out, ", \"share\": ") < 0 || put_ratio(out, shares[s], parts[s] * total) < 0 ||
            PUT(out, "}") < 0)
            goto done;
    }
    if (PUT(out, "], \"pots\": [") < 0 || put(out, pot_text.data, pot_text.size) < 0 ||
        PUT(out, "], \"rake\": 0, \"winners\": ") < 0 || put_names(out, record, won) < 0 ||
        PUT(out, "}") < 0)
        goto done;
    *handled = 1;
    result = 1;
done:
    PyMem_Free(pot_text.data);
    return result;
}

/* ------------------------------------------------------------------ entry */

static PyObject *answer(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3 || !PyList_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "answer(texts: list[str], games: dict, factory)");
        return NULL;
    }
    PyObject *texts = args[0], *games = args[1], *factory = args[2];
    Py_ssize_t count = PyList_GET_SIZE(texts);
    PyObject *results = PyList_New(count);
    if (results == NULL) return NULL;
    Out out = {NULL, 0, 0};
    Record record;
    PyObject *last_game = NULL; /* borrowed from ``games``, which Python does not change here */
    const char *last_name = NULL;
    Py_ssize_t last_size = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *text = PyList_GET_ITEM(texts, i);
        PyObject *result = Py_None;
        Py_ssize_t size;
        const char *utf8 = PyUnicode_Check(text) ? PyUnicode_AsUTF8AndSize(text, &size) : NULL;
        if (utf8 == NULL) {
            PyErr_Clear(); /* a lone surrogate: the Python lanes answer it */
        } else if (read_record(utf8, size, &record)) {
            PyObject *game = last_game;
            if (game != NULL && record.game_size == last_size &&
                memcmp(record.game, last_name, (size_t)last_size) == 0)
                goto known; /* the previous line's game (held by ``games``) */
            PyObject *key = PyUnicode_DecodeUTF8(record.game, record.game_size, "strict");
            if (key == NULL) goto fail;
            game = PyDict_GetItemWithError(games, key);
            if (game == NULL && !PyErr_Occurred()) {
                PyObject *made = PyObject_CallOneArg(factory, key);
                if (made == NULL || PyDict_SetItem(games, key, made) < 0) {
                    Py_XDECREF(made);
                    Py_DECREF(key);
                    goto fail;
                }
                Py_DECREF(made);
                game = PyDict_GetItemWithError(games, key);
            }
            Py_DECREF(key);
            if (game == NULL) goto fail;
            if (game != Py_None && !PyObject_TypeCheck(game, &GameType)) {
                PyErr_SetString(PyExc_TypeError, "games must hold Game objects or None");
                goto fail;
            }
            last_game = game;
            last_name = record.game;
            last_size = record.game_size;
        known:
            if (game != Py_None && check_record((Game *)game, &record)) {
                int handled;
                out.size = 0;
                int found = answer_record(&out, (Game *)game, &record, &handled);
                if (found < 0) goto fail;
                if (handled) {
                    result = PyUnicode_DecodeUTF8(out.data, out.size, "strict");
                    if (result == NULL) goto fail;
                }
            }
        }
        if (result == Py_None) Py_INCREF(result);
        PyList_SET_ITEM(results, i, result);
    }
    PyMem_Free(out.data);
    return results;
fail:
    PyMem_Free(out.data);
    Py_DECREF(results); /* unset items are NULL: list dealloc skips them */
    return NULL;
}

static PyMethodDef methods[] = {
    {"answer", (PyCFunction)(void (*)(void))answer, METH_FASTCALL,
     "answer(texts, games, factory) -> per text, its output line or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_cresolve",
    "The resolve stream's native lane (see showdown._resolve_fast).", -1, methods,
};

PyMODINIT_FUNC PyInit__cresolve(void) {
    if (PyType_Ready(&GameType) < 0) return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) return NULL;
    Py_INCREF(&GameType);
    if (PyModule_AddObject(module, "Game", (PyObject *)&GameType) < 0) {
        Py_DECREF(&GameType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MAX_SEATS", MAX_SEATS) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
