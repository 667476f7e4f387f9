/* cgt.games.grid._domineering: the byte-board Domineering search of cgt.games.grid.domineering in C.
 *
 * The Python solver (domineering._Solver, the reference, used with CGT_PURE=1 or without a compiler) walks the
 * positions of a board with bit operations on Python ints; on a 6 x 6 board about two thirds of its time was
 * the walk itself (splitting positions into regions, moving regions to a corner, the eight images of a region,
 * the domino moves), not the game algebra.  Here the same walk runs on 64-bit masks -- boards at most 7 wide
 * and 8 tall, stride 8, cell (r, c) at bit 8r + c, as in cgt.games.grid.bitboard -- and the values come from the
 * same place: the canonical value of a region is cgt.game(lefts, rights), its key and its entry in the key
 * table are those of the Python solver (the least image as bytes, negated under transposition), and a solved
 * region goes through the solver's own store() (the position cap, the on-disk results cache, the progress
 * bar, Ctrl-C).  So both solvers fill and read one key table, and their values agree (tests/games/grid/test_domineering_c.py).
 *
 * Facts used (Winning Ways, 2nd ed., vol. 1, ch. 1-2; Lessons in Play, ch. 2; Siegel, Combinatorial Game
 * Theory, II.1):
 *   - a position is the disjunctive sum of its connected regions of empty cells;
 *   - flipping a board keeps its value, transposing it exchanges the players and negates the value;
 *   - a region where one player has no move is an integer: the dominoes the other can still place, which
 *     along lines of one direction is the greedy count.
 *
 * MaskMap: a table from 64-bit masks to values (open addressing), standing in for the Python solver's dicts of
 * positions and regions; it has the few dict methods the solver's table trimming uses (len, clear, get).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* ------------------------------------------------------------------ MaskMap */

#define BOARD_KEY uint64_t

static inline size_t
board_key_hash(uint64_t k)
{
    k ^= k >> 31;
    k *= 0x9E3779B97F4A7C15ULL;
    k ^= k >> 29;
    return (size_t)k;
}

static inline int
board_key_same(uint64_t a, uint64_t b)
{
    return a == b;
}

/* A Python int key as a mask (OverflowError / TypeError otherwise). */
static int mask_of(PyObject *obj, uint64_t *m);

static int
board_key_of(PyObject *key, uint64_t *k)
{
    if (!PyLong_Check(key)) {
        PyErr_Format(PyExc_TypeError, "a MaskMap key is a mask (an int), not %.100s", Py_TYPE(key)->tp_name);
        return -1;
    }
    return mask_of(key, k);
}

#define BOARD_MAP_NAME "MaskMap"
#define BOARD_MAP_QUALNAME "cgt.games.grid._domineering.MaskMap"
#define BOARD_MAP_DOC "MaskMap(): a table from masks (ints below 2**64) to values."
#define BOARD_MAP_GC 1
#define BOARD_MAP_SPLIT 1
#define BOARD_MAP_GET_DOC "get(mask, default=None)"
#include "_board_search.h"

typedef BoardMap MaskMap;
#define MaskMap_Type BoardMap_Type

/* ------------------------------------------------------------------ masks (stride 8) */

/* Most disjoint dominoes among `anchors` (bit i: cells i and i + step), all in one direction: along a line
 * taking the first free domino is optimal, so the greedy count is the maximum. */
static long
matching_1d(uint64_t anchors, int step)
{
    long count = 0;
    while (anchors) {
        uint64_t low = anchors & -anchors;
        count++;
        anchors &= ~(low | low << step);
    }
    return count;
}

/* The connected region of m holding the cells of `seed` (orthogonal adjacency), by bit flood fill. */
static uint64_t
region_of(uint64_t m, uint64_t seed)
{
    uint64_t x = seed;
    for (;;) {
        uint64_t y = (x | x << 1 | x >> 1 | x << ROW_BITS | x >> ROW_BITS) & m;
        if (y == x)
            return x;
        x = y;
    }
}

/* Bytes order: the image whose row bytes come first in lexicographic order (as Python compares the bytes of
 * two images of the same length); bytes past the region's rows are zero in both. */
static inline uint64_t
bytes_order(uint64_t x)
{
    return __builtin_bswap64(x);
}

/* ------------------------------------------------------------------ the search */

typedef struct {
    PyObject *solver;   /* the Python _Solver: keyed, store(), recall() */
    PyObject *keyed;    /* its key table: bytes -> value */
    PyObject *disk;     /* solver.disk (None: the results cache is off) */
    MaskMap *whole;     /* positions as met */
    MaskMap *regions;   /* connected regions, moved to row 0 and column 0, under each of their images */
    PyObject *game;     /* cgt.kernel.game */
    PyObject **integers; /* integer(n) for -64 <= n <= 64 */
    PyObject *integer;  /* cgt.integer for the others */
    PyObject *zero;
    unsigned long visits;
} Search;

static PyObject *search_value(Search *s, uint64_t m);

static PyObject *
integer_value(Search *s, long n)
{
    if (n >= -64 && n <= 64)
        return Py_NewRef(s->integers[n + 64]);
    return PyObject_CallFunction(s->integer, "l", n);
}

/* The values of the positions one domino of `step` (8: Left's vertical, 1: Right's horizontal) leaves in m,
 * each once (values are interned games, so one object per value). */
static PyObject *
domino_options(Search *s, uint64_t m, int step)
{
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    uint64_t x = m & (m >> step);
    while (x) {
        uint64_t low = x & -x;
        x ^= low;
        PyObject *v = search_value(s, m ^ (low | low << step));
        if (v == NULL)
            goto fail;
        int seen = 0;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(out) && !seen; i++)
            seen = PyList_GET_ITEM(out, i) == v;
        int failed = !seen && PyList_Append(out, v) < 0;
        Py_DECREF(v);
        if (failed)
            goto fail;
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* The value of the canonical region `key` (rows as bytes, the least image): from the on-disk cache when it is
 * on and has it, else {Left's options | Right's options} through cgt.kernel.game, entered by solver.store(). */
static PyObject *
solve_key(Search *s, PyObject *key, uint64_t rows)
{
    PyObject *known = board_recall(s->solver, s->disk, key);
    if (known != Py_None)
        return known;
    Py_DECREF(known);
    PyObject *lefts = domino_options(s, rows, ROW_BITS);
    PyObject *rights = lefts == NULL ? NULL : domino_options(s, rows, 1);
    return board_store(s->solver, s->game, key, lefts, rights);
}

/* The value of a connected region p where both players can move. */
static PyObject *
search_region(Search *s, uint64_t p)
{
    /* moved to row 0 and column 0 (a position is its set of cells: where it lies does not matter) */
    uint64_t t = p >> ((__builtin_ctzll(p)) & ~7);
    uint64_t columns = t | t >> 32;
    columns |= columns >> 16;
    columns |= columns >> 8;
    columns &= 0xFF;
    int c0 = __builtin_ctzll(columns);
    t >>= c0;
    int w = 64 - __builtin_clzll(columns) - c0;
    PyObject *v = map_get(s->regions, t);
    if (v != NULL)
        return Py_NewRef(v);
    int h = (64 - __builtin_clzll(t) + 7) >> 3;
    uint64_t flipped = mirror(t, w);
    uint64_t flips[4] = {t, upside_down(t, h), flipped, upside_down(flipped, h)};
    uint64_t key = flips[0];
    for (int i = 1; i < 4; i++)
        if (bytes_order(flips[i]) < bytes_order(key))
            key = flips[i];
    int transposes = h <= 7; /* a region 8 tall has no transpose on a board 7 wide */
    uint64_t turned[4] = {0, 0, 0, 0};
    int key_len = h, negated = 0;
    if (transposes) {
        uint64_t cols = transpose(t);
        uint64_t cols_flipped = mirror(cols, h);
        turned[0] = cols;
        turned[1] = upside_down(cols, w);
        turned[2] = cols_flipped;
        turned[3] = upside_down(cols_flipped, w);
        uint64_t other = turned[0];
        for (int i = 1; i < 4; i++)
            if (bytes_order(turned[i]) < bytes_order(other))
                other = turned[i];
        if (h > w || (h == w && bytes_order(other) < bytes_order(key))) {
            key = other;
            key_len = w;
            negated = 1;
        }
    }
    unsigned char bytes[8];
    for (int i = 0; i < key_len; i++)
        bytes[i] = (unsigned char)(key >> (8 * i));
    PyObject *key_bytes = PyBytes_FromStringAndSize((const char *)bytes, key_len);
    if (key_bytes == NULL)
        return NULL;
    v = PyDict_GetItemWithError(s->keyed, key_bytes);
    if (v != NULL)
        Py_INCREF(v);
    else if (!PyErr_Occurred())
        v = solve_key(s, key_bytes, key);
    Py_DECREF(key_bytes);
    if (v == NULL)
        return NULL;
    PyObject *value = negated ? PyNumber_Negative(v) : Py_NewRef(v);
    Py_DECREF(v);
    if (value == NULL)
        return NULL;
    PyObject *other_value = transposes ? PyNumber_Negative(value) : NULL;
    if (transposes && other_value == NULL)
        goto fail;
    for (int i = 0; i < 4; i++)
        if (map_set(s->regions, flips[i], value) < 0)
            goto fail;
    for (int i = 0; i < 4 && transposes; i++)
        if (map_set(s->regions, turned[i], other_value) < 0)
            goto fail;
    Py_XDECREF(other_value);
    return value;
fail:
    Py_XDECREF(other_value);
    Py_DECREF(value);
    return NULL;
}

/* The value of the empty cells m. */
static PyObject *
search_value(Search *s, uint64_t m)
{
    PyObject *v = map_get(s->whole, m);
    if (v != NULL)
        return Py_NewRef(v);
    if (board_interrupted(&s->visits))
        return NULL;
    uint64_t vert = m & (m >> ROW_BITS), hor = m & (m >> 1);
    if (!hor) /* Right can never move: an integer, Left's dominoes still to place */
        v = integer_value(s, matching_1d(vert, ROW_BITS));
    else if (!vert)
        v = integer_value(s, -matching_1d(hor, 1));
    else {
        uint64_t first = region_of(m, m & -m);
        if (first == m)
            v = search_region(s, m);
        else {
            long n = 0; /* integer parts, added once at the end */
            v = NULL;
            /* the first region is known already; each next one is flood-filled from the lowest cell left */
            for (uint64_t rest = m, part = first; rest;
                 rest ^= part, part = rest ? region_of(rest, rest & -rest) : 0) {
                PyObject *pval = map_get(s->whole, part); /* the same region met before at the same place */
                if (pval != NULL)
                    Py_INCREF(pval);
                else {
                    uint64_t pv = part & (part >> ROW_BITS), ph = part & (part >> 1);
                    if (!ph) {
                        n += matching_1d(pv, ROW_BITS);
                        continue;
                    }
                    if (!pv) {
                        n -= matching_1d(ph, 1);
                        continue;
                    }
                    pval = search_region(s, part);
                    if (pval == NULL || map_set(s->whole, part, pval) < 0) {
                        Py_XDECREF(pval);
                        Py_XDECREF(v);
                        return NULL;
                    }
                }
                v = add_to(v, pval);
                Py_DECREF(pval);
                if (v == NULL)
                    return NULL;
            }
            if (n) {
                PyObject *integer = integer_value(s, n);
                if (integer == NULL) {
                    Py_XDECREF(v);
                    return NULL;
                }
                v = add_to(v, integer);
                Py_DECREF(integer);
            }
            else if (v == NULL)
                v = Py_NewRef(s->zero);
        }
    }
    if (v == NULL)
        return NULL;
    if (map_set(s->whole, m, v) < 0) {
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

/* solve(solver, whole, regions, mask, game, integer, integers): see domineering._solve_bytes. */
static PyObject *
domineering_solve(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "solve(solver, whole, regions, mask, game, integer, integers)");
        return NULL;
    }
    if (!PyObject_TypeCheck(args[1], &MaskMap_Type) || !PyObject_TypeCheck(args[2], &MaskMap_Type)) {
        PyErr_SetString(PyExc_TypeError, "solve: whole and regions are MaskMaps");
        return NULL;
    }
    PyObject *integers = args[6];
    if (!PyList_Check(integers) || PyList_GET_SIZE(integers) != 129) {
        PyErr_SetString(PyExc_TypeError, "solve: integers is the list of integer(n) for -64 <= n <= 64");
        return NULL;
    }
    uint64_t m;
    if (mask_of(args[3], &m) < 0)
        return NULL;
    if (m & LAST_COLUMN) {
        PyErr_SetString(PyExc_ValueError, "solve: a byte-board mask keeps column 7 of every row empty");
        return NULL;
    }
    Search s = {.solver = args[0], .whole = (MaskMap *)args[1], .regions = (MaskMap *)args[2], .game = args[4],
                .integer = args[5], .integers = ((PyListObject *)integers)->ob_item};
    s.zero = s.integers[64];
    if (board_solver_tables(s.solver, &s.keyed, &s.disk) < 0)
        return NULL;
    Py_INCREF(integers); /* its items stay alive while we borrow them */
    PyObject *v = search_value(&s, m);
    Py_DECREF(integers);
    Py_DECREF(s.keyed);
    Py_DECREF(s.disk);
    return v;
}

PyMODINIT_FUNC
PyInit__domineering(void)
{
    return board_module_create(
        "cgt.games.grid._domineering",
        "The byte-board Domineering search in C (see cgt.games.grid.domineering).",
        domineering_solve,
        "solve(solver, whole, regions, mask, game, integer, integers): the value of the empty cells `mask` of a "
        "byte board (stride 8, at most 8 rows), searched as domineering._Solver.value does.");
}
