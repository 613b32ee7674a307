"""Private: the tables the compiled core reads, built from the rules, and their glue.

The compiled core (the C extensions, :mod:`showdown.core`) values hands with
integer tables that this package builds from the readable rule tables of
:mod:`showdown.tables` with numpy (:mod:`~showdown._kernels.tables`, the perfect
hash of :mod:`~showdown._kernels.hashing`), keeps on disk
(:mod:`~showdown._kernels.store`) and hands in with every call. Nothing here
checks its input: the public modules check and convert, then call. Importing
this package imports nothing; its submodules import numpy.

The algorithm: additive rank keys, a perfect hash, suit lanes
---------------------------------------------------------------
A hand of up to seven cards is valued with one memory read after a handful of
additions, with tables that together take about 3.2 MB (with seven rankings):

* **Additive rank keys.** Each rank ``r`` has a key ``RANK_KEYS[r]`` chosen
  (by a greedy search, re-checked whenever the tables are built) so that the
  sums of any multiset of up to seven ranks, at most four of each, are all
  different: 76,155 multisets, sums below 2**25. A hand's *rank key* is the sum
  over its cards, so it needs no sorting and is computed incrementally when
  enumerating (the census adds one number per hand).
* **A perfect hash** maps those 76,155 sums onto a 2**17-slot table by row
  displacement (Tarjan and Yao): ``slot = (key + offset[key >> 8]) & (2**17 - 1)``,
  with one 32-bit offset per row of 256 keys, found first-fit. One table of
  strengths per ranking holds, for each multiset of five to seven ranks, the
  best five-card strength it contains without a flush; it is 256 KB of
  ``uint16``, small enough to stay in the caches (Two Plus Two's table is
  125 MB, phevaluator's Omaha tables 30-353 MB). Seven cards alone have a
  tighter second hash (49,205 multisets in 2**16 slots, rows by a multiplicative
  hash, 8 KiB of offsets), so a batch of seven-card hands stays in L2.
* **Suit lanes.** The same 64-bit key carries four 4-bit suit counters that
  start at 3, so a counter reaches 8 (its top bit) exactly when five cards of
  a suit are present: one AND tells whether there is a flush. The cards of
  that suit are then OR-ed into a 13-bit rank mask that indexes an 8,192-entry
  flush table. With at most seven cards a flush excludes four of a kind and a
  full house, so for the high rankings the flush table alone decides; for the
  rankings that ignore suits (ace-to-five, eight or better) the flush test is
  skipped.
* **Omaha** combines the keys of the six hole pairs and ten board triples
  (exactly two plus three), 60 additions and lookups per hand; flushes are
  looked at only for a suit with two hole and three board cards.
* **Badugi** (four cards) indexes a 270,725-entry table by the four sorted
  card codes in the combinatorial number system; the table is filled from the
  rule table's value of every rank set, keeping the best subset of different
  ranks and suits.
* Anything else (2-7 or a high hand of more than seven cards) takes the best
  of every five-card subset, each looked up in the same tables.

Why this one: additive rank keys are the technique of the fastest C++
evaluators; our keys are our own (found by the greedy search in
:mod:`showdown._kernels.hashing`), and they need neither sorting nor the
125 MB state machine of the Two Plus Two table; quinary
hashing (phevaluator) needs a loop over 13 ranks per hand. Every table is
derived from the readable rule tables (:func:`showdown.tables.get_table`) by
taking the best five-card subset, and the tests compare every path of the
compiled core with the readable evaluator.
"""
