/* cgt.games.grid._amazons: the byte-board Amazons search of cgt.games.grid.amazons in C.
 *
 * The Python solver (amazons._Solver, the reference, used with CGT_PURE=1 or without a compiler) walks the
 * positions of a board with bit operations on Python ints; on the 4 x 4 board x...|....|....|...o about two
 * thirds of its time was the walk itself (queen moves and arrows, the region split, the least image of a
 * region), not the game algebra.  Here the same walk runs on 64-bit masks -- boards at most 7 wide and 8 tall,
 * stride 8, cell (r, c) at bit 8r + c, as in cgt.games.grid.bitboard: x Left's amazons, o Right's, e the empty
 * squares, every other square burnt -- and the values come from the same place: the canonical value of a
 * region is cgt.game(lefts, rights), its key and its entry in the key table are those of the Python solver
 * (the least image under the eight symmetries and the colour exchange, the rows of x, o and e as bytes,
 * negated when the colours were exchanged), and a solved region goes through the solver's own store() (the
 * position cap, the on-disk results cache, the progress bar, Ctrl-C).  So both solvers fill and read one key
 * table, and their values agree (tests/games/grid/test_amazons_c.py).
 *
 * Facts used (Siegel, Combinatorial Game Theory, II.1 and II.3; Berlekamp, Conway, Guy, Winning Ways ch. 1-2):
 *   - a position is the disjunctive sum of its 8-connected regions of squares that are not burnt (an amazon
 *     never crosses a burnt square); a region without an amazon or without an empty square is 0;
 *   - a region where only one player has amazons is the integer counting that player's most moves in a row
 *     (each move burns one square, so a sequence using every empty square is a longest one);
 *   - the eight board symmetries keep a value (queen moves look the same in every image), exchanging the
 *     colours negates it.
 *
 * PositionMap: a table from positions (three 64-bit masks) to values (open addressing), standing in for the
 * Python solver's dicts; it has the few dict methods the solver's table trimming uses (len, clear).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* ------------------------------------------------------------------ PositionMap */

typedef struct {
    uint64_t x, o, e;
} Pos;

#define BOARD_KEY Pos

static inline size_t
board_key_hash(Pos k)
{
    uint64_t h = k.x * 0x9E3779B97F4A7C15ULL ^ k.o * 0xC2B2AE3D27D4EB4FULL ^ k.e * 0x165667B19E3779F9ULL;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    return (size_t)h;
}

static inline int
board_key_same(Pos a, Pos b)
{
    return a.x == b.x && a.o == b.o && a.e == b.e;
}

#define BOARD_MAP_NAME "PositionMap"
#define BOARD_MAP_QUALNAME "cgt.games.grid._amazons.PositionMap"
#define BOARD_MAP_DOC "PositionMap(): the compiled Amazons search's table from positions (three masks) to values."
#define BOARD_MAP_GC 1
#define BOARD_MAP_SPLIT 1
#include "_board_search.h"

typedef BoardMap PositionMap;
#define PositionMap_Type BoardMap_Type

/* ------------------------------------------------------------------ masks (stride 8) */

/* The shifts of the eight queen directions (each one way up, one way down). */
static const int SHIFTS[4] = {1, 8, 7, 9};

static inline uint64_t
step(uint64_t b, int s, int up)
{
    return up ? b >> s : b << s;
}

/* The 8-connected region of m holding the squares of `seed`, by bit flood fill (a step off the left or right
 * side lands in column 7, which m never holds). */
static uint64_t
region_of(uint64_t m, uint64_t seed)
{
    uint64_t x = seed;
    for (;;) {
        uint64_t y = (x | x << 1 | x >> 1 | x << 8 | x >> 8 | x << 7 | x >> 7 | x << 9 | x >> 9) & m;
        if (y == x)
            return x;
        x = y;
    }
}

/* a < b in the order of the Python keys: the bytes x_rows + o_rows + e_rows compared lexicographically (rows
 * past the region's are zero in both, so byte-swapped masks compare as the byte strings). */
static inline int
image_less(uint64_t ax, uint64_t ao, uint64_t ae, uint64_t bx, uint64_t bo, uint64_t be)
{
    ax = __builtin_bswap64(ax);
    bx = __builtin_bswap64(bx);
    if (ax != bx)
        return ax < bx;
    ao = __builtin_bswap64(ao);
    bo = __builtin_bswap64(bo);
    if (ao != bo)
        return ao < bo;
    return __builtin_bswap64(ae) < __builtin_bswap64(be);
}

/* ------------------------------------------------------------------ the search */

typedef struct {
    PyObject *solver;    /* the Python _Solver: keyed, store(), recall() */
    PyObject *keyed;     /* its key table: bytes -> value */
    PyObject *disk;      /* solver.disk (None: the results cache is off) */
    PositionMap *whole;  /* positions as met, and regions moved to row 0 and column 0 */
    PositionMap *longest; /* most moves in a row of one player's amazons p with empty squares e: (p, 0, e) */
    PositionMap *negatives; /* (address of v, 0, 0) -> the pair (v, -v): negation is a walk over the game */
    PyObject *game;      /* cgt.kernel.game */
    PyObject **integers; /* integer(n) for -64 <= n <= 64 */
    PyObject *zero;
    unsigned long visits;
} Search;

static PyObject *search_value(Search *s, uint64_t x, uint64_t o, uint64_t e);

/* The largest number of moves the amazons p can make in a row with empty squares e (no opponent), cut off when
 * a sequence uses every empty square; -1 on an error. */
static long
most_moves(Search *s, uint64_t p, uint64_t e)
{
    Pos k = {p, 0, e};
    PyObject *known = map_get(s->longest, k);
    if (known != NULL)
        return PyLong_AsLong(known);
    long bound = __builtin_popcountll(e), best = 0;
    for (uint64_t rest = p; rest && best < bound;) {
        uint64_t b = rest & -rest;
        rest ^= b;
        uint64_t e1 = e | b;
        for (int d = 0; d < 8 && best < bound; d++) {
            int sh = SHIFTS[d >> 1], up = d & 1;
            for (uint64_t t = step(b, sh, up); (t & e) && best < bound; t = step(t, sh, up)) {
                uint64_t e2 = e1 ^ t, q = p ^ b ^ t;
                for (int d2 = 0; d2 < 8 && best < bound; d2++) {
                    int sh2 = SHIFTS[d2 >> 1], up2 = d2 & 1;
                    for (uint64_t a = step(t, sh2, up2); (a & e2) && best < bound; a = step(a, sh2, up2)) {
                        long m = most_moves(s, q, e2 ^ a);
                        if (m < 0)
                            return -1;
                        if (m + 1 > best)
                            best = m + 1;
                    }
                }
            }
        }
    }
    PyObject *v = PyLong_FromLong(best);
    if (v == NULL)
        return -1;
    int failed = map_set(s->longest, k, v) < 0;
    Py_DECREF(v);
    return failed ? -1 : best;
}

/* -v (a new reference), remembered in s->negatives (the pair holds v, so its address is not reused). */
static PyObject *
negative(Search *s, PyObject *v)
{
    Pos k = {(uint64_t)(uintptr_t)v, 0, 0};
    PyObject *pair = map_get(s->negatives, k);
    if (pair != NULL && PyTuple_GET_ITEM(pair, 0) == v)
        return Py_NewRef(PyTuple_GET_ITEM(pair, 1));
    PyObject *n = PyNumber_Negative(v);
    if (n == NULL)
        return NULL;
    pair = PyTuple_Pack(2, v, n);
    if (pair == NULL || map_set(s->negatives, k, pair) < 0) {
        Py_XDECREF(pair);
        Py_DECREF(n);
        return NULL;
    }
    Py_DECREF(pair);
    return n;
}

/* Values seen so far among one player's options: interned games, so one object per value. */
typedef struct {
    PyObject *list;
    PyObject *slots[256]; /* a pointer set while the list is short; a linear scan past 128 values */
} Options;

/* Enter v (borrowed) among the options unless it is there already. */
static int
options_add(Options *out, PyObject *v)
{
    Py_ssize_t n = PyList_GET_SIZE(out->list);
    if (n < 128) {
        size_t i = ((uintptr_t)v >> 4) * 0x9E3779B97F4A7C15ULL >> 56; /* 8 bits */
        while (out->slots[i] != NULL) {
            if (out->slots[i] == v)
                return 0;
            i = (i + 1) & 255;
        }
        out->slots[i] = v;
    }
    else {
        for (Py_ssize_t j = 0; j < n; j++)
            if (PyList_GET_ITEM(out->list, j) == v)
                return 0;
    }
    return PyList_Append(out->list, v);
}

/* The values of the options of Left (left) or Right in the position x, o, e: every slide of an amazon
 * followed by every arrow from its new square (the square just left counts as empty for the arrow). */
static PyObject *
moves_of(Search *s, uint64_t x, uint64_t o, uint64_t e, int left)
{
    Options out;
    memset(out.slots, 0, sizeof(out.slots));
    out.list = PyList_New(0);
    if (out.list == NULL)
        return NULL;
    for (uint64_t rest = left ? x : o; rest;) {
        uint64_t b = rest & -rest;
        rest ^= b;
        uint64_t e1 = e | b;
        for (int d = 0; d < 8; d++) {
            int sh = SHIFTS[d >> 1], up = d & 1;
            for (uint64_t t = step(b, sh, up); t & e; t = step(t, sh, up)) {
                uint64_t e2 = e1 ^ t;
                uint64_t nx = left ? x ^ b ^ t : x, no = left ? o : o ^ b ^ t;
                for (int d2 = 0; d2 < 8; d2++) {
                    int sh2 = SHIFTS[d2 >> 1], up2 = d2 & 1;
                    for (uint64_t a = step(t, sh2, up2); a & e2; a = step(a, sh2, up2)) {
                        PyObject *v = search_value(s, nx, no, e2 ^ a);
                        if (v == NULL)
                            goto fail;
                        int failed = options_add(&out, v) < 0;
                        Py_DECREF(v);
                        if (failed)
                            goto fail;
                    }
                }
            }
        }
    }
    return out.list;
fail:
    Py_DECREF(out.list);
    return NULL;
}

/* The value of the canonical region `key` (its least image x, o, e): from the on-disk cache when it is on and
 * has it, else {Left's options | Right's options} through cgt.kernel.game, entered by solver.store(). */
static PyObject *
solve_key(Search *s, PyObject *key, uint64_t x, uint64_t o, uint64_t e)
{
    PyObject *known = board_recall(s->solver, s->disk, key);
    if (known != Py_None)
        return known;
    Py_DECREF(known);
    PyObject *lefts = moves_of(s, x, o, e, 1);
    PyObject *rights = lefts == NULL ? NULL : moves_of(s, x, o, e, 0);
    return board_store(s->solver, s->game, key, lefts, rights);
}

/* The value of one region (live = x | o | e, with an amazon of each player and an empty square), entered in
 * `whole` as met and moved to row 0 and column 0. */
static PyObject *
search_region(Search *s, uint64_t x, uint64_t o, uint64_t e)
{
    uint64_t live = x | o | e;
    int r0 = __builtin_ctzll(live) & ~7;
    uint64_t columns = live >> r0;
    columns |= columns >> 32;
    columns |= columns >> 16;
    columns |= columns >> 8;
    columns &= 0xFF;
    int c0 = __builtin_ctzll(columns);
    int shift = r0 + c0;
    int w = 64 - __builtin_clzll(columns) - c0;
    Pos k = {x, o, e};
    x >>= shift;
    o >>= shift;
    e >>= shift;
    Pos t = {x, o, e};
    if (shift) {
        PyObject *v = map_get(s->whole, t);
        if (v != NULL) {
            Py_INCREF(v);
            if (map_set(s->whole, k, v) < 0) {
                Py_DECREF(v);
                return NULL;
            }
            return v;
        }
    }
    /* the least image under the eight symmetries and the colour exchange (see amazons._Solver.key) */
    int h = (64 - __builtin_clzll(x | o | e) + 7) >> 3;
    if (h > w && h <= 7) { /* only images of the least shape (fewer rows) can be least */
        x = transpose(x);
        o = transpose(o);
        e = transpose(e);
        int tmp = h;
        h = w;
        w = tmp;
    }
    uint64_t images[8][3];
    int count = 0;
    for (int turn = 0; turn < (h == w ? 2 : 1); turn++) {
        uint64_t mx = mirror(x, w), mo = mirror(o, w), me = mirror(e, w);
        uint64_t four[4][3] = {{x, o, e},
                               {upside_down(x, h), upside_down(o, h), upside_down(e, h)},
                               {mx, mo, me},
                               {upside_down(mx, h), upside_down(mo, h), upside_down(me, h)}};
        memcpy(images[count], four, sizeof(four));
        count += 4;
        if (h == w) {
            x = transpose(x);
            o = transpose(o);
            e = transpose(e);
        }
    }
    int best = 0, other = 0;
    for (int i = 1; i < count; i++) {
        if (image_less(images[i][0], images[i][1], images[i][2], images[best][0], images[best][1], images[best][2]))
            best = i;
        if (image_less(images[i][1], images[i][0], images[i][2], images[other][1], images[other][0], images[other][2]))
            other = i;
    }
    /* on a tie the unswapped image wins: a region that is its own colour swap is never "negated" */
    int negated = image_less(images[other][1], images[other][0], images[other][2],
                             images[best][0], images[best][1], images[best][2]);
    uint64_t kx, ko, ke;
    if (negated) {
        kx = images[other][1];
        ko = images[other][0];
        ke = images[other][2];
    }
    else {
        kx = images[best][0];
        ko = images[best][1];
        ke = images[best][2];
    }
    unsigned char bytes[24];
    for (int i = 0; i < h; i++) {
        bytes[i] = (unsigned char)(kx >> (8 * i));
        bytes[h + i] = (unsigned char)(ko >> (8 * i));
        bytes[2 * h + i] = (unsigned char)(ke >> (8 * i));
    }
    PyObject *key = PyBytes_FromStringAndSize((const char *)bytes, 3 * h);
    if (key == NULL)
        return NULL;
    PyObject *v = PyDict_GetItemWithError(s->keyed, key);
    if (v != NULL)
        Py_INCREF(v);
    else if (!PyErr_Occurred())
        v = solve_key(s, key, kx, ko, ke);
    Py_DECREF(key);
    if (v == NULL)
        return NULL;
    PyObject *value = negated ? negative(s, v) : Py_NewRef(v);
    Py_DECREF(v);
    if (value == NULL)
        return NULL;
    if (map_set(s->whole, t, value) < 0 || map_set(s->whole, k, value) < 0) {
        Py_DECREF(value);
        return NULL;
    }
    return value;
}

/* The value of the position with amazons x (Left's) and o (Right's) and empty squares e. */
static PyObject *
search_value(Search *s, uint64_t x, uint64_t o, uint64_t e)
{
    Pos k = {x, o, e};
    PyObject *v = map_get(s->whole, k);
    if (v != NULL)
        return Py_NewRef(v);
    if (board_interrupted(&s->visits))
        return NULL;
    uint64_t live = x | o | e;
    long n = 0; /* one-sided regions: integers, added once at the end */
    v = NULL;
    if (e && (x | o)) {
        for (uint64_t rest = live; rest;) {
            uint64_t part = region_of(rest, rest & -rest);
            rest ^= part;
            uint64_t pe = e & part, px = x & part, po = o & part;
            if (!pe || !(px | po))
                continue;
            if (!po || !px) {
                long m = most_moves(s, px | po, pe);
                if (m < 0) {
                    Py_XDECREF(v);
                    return NULL;
                }
                n += po ? -m : m;
                continue;
            }
            PyObject *pval = NULL;
            if (part != live) {
                Pos pk = {px, po, pe};
                pval = map_get(s->whole, pk);
                if (pval != NULL)
                    Py_INCREF(pval);
            }
            if (pval == NULL)
                pval = search_region(s, px, po, pe);
            if (pval == NULL) {
                Py_XDECREF(v);
                return NULL;
            }
            v = add_to(v, pval);
            Py_DECREF(pval);
            if (v == NULL)
                return NULL;
        }
    }
    if (n || v == NULL) {
        if (n < -64 || n > 64) {
            Py_XDECREF(v);
            PyErr_SetString(PyExc_OverflowError, "amazons search: an integer part beyond 64");
            return NULL;
        }
        v = add_to(v, s->integers[n + 64]);
        if (v == NULL)
            return NULL;
    }
    if (map_set(s->whole, k, v) < 0) {
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

/* solve(solver, whole, longest, negatives, x, o, e, game, integers): see amazons._solve_bytes. */
static PyObject *
amazons_solve(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "solve(solver, whole, longest, negatives, x, o, e, game, integers)");
        return NULL;
    }
    for (int i = 1; i <= 3; i++)
        if (!PyObject_TypeCheck(args[i], &PositionMap_Type)) {
            PyErr_SetString(PyExc_TypeError, "solve: whole, longest and negatives are PositionMaps");
            return NULL;
        }
    PyObject *integers = args[8];
    if (!PyList_Check(integers) || PyList_GET_SIZE(integers) != 129) {
        PyErr_SetString(PyExc_TypeError, "solve: integers is the list of integer(n) for -64 <= n <= 64");
        return NULL;
    }
    uint64_t x, o, e;
    if (mask_of(args[4], &x) < 0 || mask_of(args[5], &o) < 0 || mask_of(args[6], &e) < 0)
        return NULL;
    if ((x | o | e) & LAST_COLUMN || (x & o) || (x & e) || (o & e)) {
        PyErr_SetString(PyExc_ValueError,
                        "solve: the masks are disjoint and keep column 7 of every row empty (boards at most 7 wide)");
        return NULL;
    }
    Search s = {.solver = args[0], .whole = (PositionMap *)args[1], .longest = (PositionMap *)args[2],
                .negatives = (PositionMap *)args[3], .game = args[7],
                .integers = ((PyListObject *)integers)->ob_item};
    s.zero = s.integers[64];
    if (board_solver_tables(s.solver, &s.keyed, &s.disk) < 0)
        return NULL;
    /* the tables and the integers stay alive while the search borrows them (a trim only empties the tables) */
    for (int i = 1; i <= 3; i++)
        Py_INCREF(args[i]);
    Py_INCREF(integers);
    PyObject *v = search_value(&s, x, o, e);
    Py_DECREF(integers);
    for (int i = 1; i <= 3; i++)
        Py_DECREF(args[i]);
    Py_DECREF(s.keyed);
    Py_DECREF(s.disk);
    return v;
}

PyMODINIT_FUNC
PyInit__amazons(void)
{
    return board_module_create(
        "cgt.games.grid._amazons",
        "The byte-board Amazons search in C (see cgt.games.grid.amazons).",
        amazons_solve,
        "solve(solver, whole, longest, negatives, x, o, e, game, integers): the value of the Amazons position "
        "with Left's amazons x, Right's o and empty squares e on a byte board (stride 8, at most 8 rows), searched "
        "as amazons._Solver.value does.");
}
