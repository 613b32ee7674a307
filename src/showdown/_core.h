/*
 * showdown/_core.h: the valuers the compiled core's extensions share (_ceval, _cequity,
 * _cresolve include it), written once: the hand key's layout, the perfect-hash lookup,
 * the flush test by suit counters and the flush's rank mask, Omaha's best flush of two
 * hole and three board cards, Badugi's combination index, and popcount. Every table
 * they read comes from showdown's Python code (showdown._kernels.tables), handed in as
 * buffers; here is only the arithmetic of keys, masks and indexes.
 */
#ifndef SHOWDOWN_CORE_H
#define SHOWDOWN_CORE_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define RARELY(condition) __builtin_expect(!!(condition), 0)
#define COLD __attribute__((noinline, cold))
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define ALWAYS_INLINE inline
#define RARELY(condition) (condition)
#define COLD
#define PREFETCH(address) ((void)(address))
#endif

/* The layout of a hand key (showdown._kernels.tables; each extension's loader checks
 * that the Python side agrees): the rank key in the low 32 bits, four 4-bit suit
 * counters above, starting at 3 so that a counter's top bit says five cards of its
 * suit. */
#define SUIT_SHIFT 32
#define RANK_BITS 0xFFFFFFFFLL
#define KEY_START (0x3333LL << SUIT_SHIFT)
#define FLUSH_BITS (0x8888LL << SUIT_SHIFT)

static ALWAYS_INLINE int
core_popcount(uint64_t bits)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(bits);
#else
    int count = 0;
    for (; bits; bits &= bits - 1) {
        count++;
    }
    return count;
#endif
}

/* The perfect hash: the strength of the rank key `key` (its low bits alone), read at
 * its slot, `key` plus its row's offset (row: key >> shift), within `mask`. */
static ALWAYS_INLINE int
core_lookup(const uint16_t *ranks, const int32_t *offsets, int shift, uint64_t mask, int64_t key)
{
    return ranks[(uint64_t)(key + (int64_t)offsets[key >> shift]) & mask];
}

/* The suit with five or more cards, from a hand key whose FLUSH_BITS show one. */
static ALWAYS_INLINE int
core_flush_suit(int64_t key)
{
    int64_t top = (key & FLUSH_BITS) >> (SUIT_SHIFT + 3);
    if (top & 1) {
        return 0;
    }
    if (top & 0x10) {
        return 1;
    }
    if (top & 0x100) {
        return 2;
    }
    return 3;
}

/* core_suit_mask_X(codes, n, suit): the 13-bit mask of the ranks of `suit` among the
 * codes[:n]; core_flush_value_X(flushes, codes, n, key): the flush table's value of the
 * flush that the hand key `key` of those cards shows. X names the codes' type. */
#define CORE_FLUSH_OF(X, type)                                                                 \
    static ALWAYS_INLINE uint32_t core_suit_mask_##X(const type *codes, int n, int suit)       \
    {                                                                                          \
        uint32_t mask = 0;                                                                     \
        for (int i = 0; i < n; i++) {                                                          \
            if ((int)(codes[i] & 3) == suit) {                                                 \
                mask |= 1u << (codes[i] >> 2);                                                 \
            }                                                                                  \
        }                                                                                      \
        return mask;                                                                           \
    }                                                                                          \
    static ALWAYS_INLINE int core_flush_value_##X(const uint16_t *flushes, const type *codes,  \
                                                  int n, int64_t key)                          \
    {                                                                                          \
        return flushes[core_suit_mask_##X(codes, n, core_flush_suit(key))];                    \
    }
CORE_FLUSH_OF(int, int)
CORE_FLUSH_OF(i64, int64_t)
CORE_FLUSH_OF(u8, uint8_t)
#undef CORE_FLUSH_OF

/* Omaha's two plus three: the best of `table` at the union of two of the hole's masks
 * `hole[:nh]` and three of the board's `board[:nb]` (0: none). With the rank masks of
 * one suit's cards and the flush table, the best flush; with single rank bits and the
 * lows by mask, the best low. */
static inline int
core_omaha_best(const uint16_t *table, const uint32_t *hole, int nh, const uint32_t *board,
                 int nb)
{
    int best = 0;
    for (int a = 0; a < nb; a++) {
        for (int b = a + 1; b < nb; b++) {
            for (int c = b + 1; c < nb; c++) {
                uint32_t three = board[a] | board[b] | board[c];
                for (int i = 0; i < nh; i++) {
                    for (int j = i + 1; j < nh; j++) {
                        int value = table[three | hole[i] | hole[j]];
                        best = value > best ? value : best;
                    }
                }
            }
        }
    }
    return best;
}

/* Badugi's table row of four different codes (any order): their combination index,
 * C(n, k) read at binomials[k * stride + n]. A sorting network of five
 * compare-exchanges: no branch to mispredict. */
static ALWAYS_INLINE int64_t
core_badugi_index(int a, int b, int c, int d, const int64_t *binomials, int64_t stride)
{
    int t;
#define EXCHANGE(x, y) (t = x < y ? x : y, y = x < y ? y : x, x = t)
    EXCHANGE(a, b);
    EXCHANGE(c, d);
    EXCHANGE(a, c);
    EXCHANGE(b, d);
    EXCHANGE(b, c);
#undef EXCHANGE
    return binomials[stride + a] + binomials[2 * stride + b] + binomials[3 * stride + c] +
           binomials[4 * stride + d];
}

#endif /* SHOWDOWN_CORE_H */
