/* cgt.games.grid._clobber: the byte-board Clobber search of cgt.games.grid.clobber in C.
 *
 * The Python solver (clobber._Solver, the reference, used with CGT_PURE=1 or without a compiler) walks the
 * positions of a board with bit operations on Python ints.  Here the same walk runs on pairs of 64-bit masks --
 * `x` the black stones (Left's), `o` the white ones (Right's), boards at most 7 wide and 8 tall, stride 8, cell
 * (r, c) at bit 8r + c, as in cgt.games.grid.bitboard -- and the values come from the same place: the canonical
 * value of a group is cgt.game(lefts, rights), its key and its entry in the key table are those of the Python
 * solver (the least image as bytes, the rows of x then of o, negated when the image exchanges the colours), and
 * a solved group goes through the solver's own store() (the position cap, the memory cap, the on-disk results
 * cache, the progress bar, Ctrl-C).  So both solvers fill and read one key table, and their values agree
 * (tests/games/grid/test_clobber_c.py).
 *
 * Facts used (Albert, Grossman, Nowakowski, Wolfe, "An introduction to Clobber", INTEGERS 5(2) (2005);
 * Siegel, Combinatorial Game Theory, II.1):
 *   - every move stays inside a connected group of stones, so a position is the disjunctive sum of its groups;
 *   - a group where no black stone touches a white one is 0 (neither player can move);
 *   - the eight symmetries of the board keep a value; exchanging the colours negates it (the same game with the
 *     players' roles exchanged).
 *
 * Tables (PairMap: open addressing from a pair of 64-bit masks to a value), both kept with the solver's raw
 * tables, so RegionTables.trim() and cgt.clear_caches() empty them in place:
 *   - whole: positions of several groups as met (their sums);
 *   - keys: groups under their canonical image (the least one), with the value of that image, and under that
 *     image with its colours exchanged, with the negative.  A group met anywhere, turned or with its colours
 *     exchanged costs its sixteen images (a few shifts each) and one look-up; the Python key table (bytes keys)
 *     is asked only when this one misses.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* ------------------------------------------------------------------ PairMap */

typedef struct {
    uint64_t x, o;
} Pair;

#define BOARD_KEY Pair

static inline size_t
board_key_hash(Pair p)
{
    uint64_t k = p.x * 0x9E3779B97F4A7C15ULL ^ (p.o + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    k ^= k >> 31;
    k *= 0x94D049BB133111EBULL;
    k ^= k >> 29;
    return (size_t)k;
}

static inline int
board_key_same(Pair a, Pair b)
{
    return a.x == b.x && a.o == b.o;
}

static int mask_of(PyObject *obj, uint64_t *m);

/* A PairMap key: the pair (x, o) of masks. */
static int
board_key_of(PyObject *key, Pair *k)
{
    if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2) {
        PyErr_Format(PyExc_TypeError, "a PairMap key is a pair (x, o) of masks, not %.100s", Py_TYPE(key)->tp_name);
        return -1;
    }
    if (mask_of(PyTuple_GET_ITEM(key, 0), &k->x) < 0 || mask_of(PyTuple_GET_ITEM(key, 1), &k->o) < 0)
        return -1;
    return 0;
}

/* Not tracked by the cyclic garbage collector: a PairMap holds games, which never refer to a table, so it is
 * on no cycle -- and a collection need not walk its millions of slots. */
#define BOARD_MAP_NAME "PairMap"
#define BOARD_MAP_QUALNAME "cgt.games.grid._clobber.PairMap"
#define BOARD_MAP_DOC "PairMap(): a table from pairs (x, o) of masks (ints below 2**64) to values."
#define BOARD_MAP_GC 0
#define BOARD_MAP_SPLIT 0
#define BOARD_MAP_GET_DOC "get((x, o), default=None)"
#include "_board_search.h"

typedef BoardMap PairMap;
#define PairMap_Type BoardMap_Type

/* ------------------------------------------------------------------ masks (stride 8) */

/* Whether some black stone touches a white one (then both players can move, else neither can). */
static inline int
touching(uint64_t x, uint64_t o)
{
    return ((x << 1 | x >> 1 | x << ROW_BITS | x >> ROW_BITS) & o) != 0;
}

/* The connected group of m holding the cells of `seed` (orthogonal adjacency), by bit flood fill. */
static inline uint64_t
group_of(uint64_t m, uint64_t seed)
{
    uint64_t g = seed;
    for (;;) {
        uint64_t y = (g | g << 1 | g >> 1 | g << ROW_BITS | g >> ROW_BITS) & m;
        if (y == g)
            return g;
        g = y;
    }
}

/* An image of a group, in the order of its key bytes: the rows of x then those of o, compared as Python compares
 * two bytes keys of the same length (both images have the same number of rows; bytes past them are zero). */
typedef struct {
    uint64_t x, o;
} Image;

static inline int
image_less(uint64_t ax, uint64_t ao, uint64_t bx, uint64_t bo)
{
    uint64_t a = __builtin_bswap64(ax), b = __builtin_bswap64(bx);
    if (a != b)
        return a < b;
    return __builtin_bswap64(ao) < __builtin_bswap64(bo);
}

/* The least of the four flips of the group (x, o) (h rows, w columns), as it is and with its colours exchanged:
 * *best gets the least unexchanged image, *other the least exchanged one (x and o swapped). */
static inline void
least_flips(uint64_t x, uint64_t o, int h, int w, Image *best, Image *other)
{
    uint64_t mx = mirror(x, w), mo = mirror(o, w);
    uint64_t xs[4] = {x, upside_down(x, h), mx, upside_down(mx, h)};
    uint64_t os[4] = {o, upside_down(o, h), mo, upside_down(mo, h)};
    for (int i = 0; i < 4; i++) {
        if (image_less(xs[i], os[i], best->x, best->o)) {
            best->x = xs[i];
            best->o = os[i];
        }
        if (image_less(os[i], xs[i], other->x, other->o)) {
            other->x = os[i];
            other->o = xs[i];
        }
    }
}

/* The canonical image of a connected group (x, o): *key gets the least image of the least shape, with *rows rows
 * (the Python solver's key()); returns 1 when that image has the colours exchanged (the group's value is then
 * the negative of the key's), else 0. */
static inline int
canonical_image(uint64_t x, uint64_t o, Image *key, int *rows)
{
    /* moved to row 0 and column 0 (a position is its set of stones: where it lies does not matter) */
    uint64_t p = x | o;
    int r0 = __builtin_ctzll(p) & ~7;
    uint64_t t = p >> r0;
    uint64_t columns = t | t >> 32;
    columns |= columns >> 16;
    columns |= columns >> 8;
    columns &= 0xFF;
    int c0 = __builtin_ctzll(columns);
    int w = 64 - __builtin_clzll(columns) - c0;
    x >>= r0 + c0;
    o >>= r0 + c0;
    t >>= c0;
    int h = (64 - __builtin_clzll(t) + 7) >> 3;
    /* Fewer rows first: a group taller than wide is keyed by the flips of its transpose, one wider than tall by
     * its own, a square one by both; a group 8 tall has no transpose on a board 7 wide and keeps its own. */
    Image best = {~0ULL, ~0ULL}, other = {~0ULL, ~0ULL};
    *rows = h;
    if (h > w && h <= 7) {
        least_flips(transpose(x), transpose(o), w, h, &best, &other);
        *rows = w;
    }
    else {
        least_flips(x, o, h, w, &best, &other);
        if (h == w)
            least_flips(transpose(x), transpose(o), w, h, &best, &other);
    }
    /* On a tie the unexchanged image wins: a group that is its own colour swap is never "negated". */
    if (image_less(other.x, other.o, best.x, best.o)) {
        *key = other;
        return 1;
    }
    *key = best;
    return 0;
}

/* ------------------------------------------------------------------ the search */

typedef struct {
    PyObject *solver;   /* the Python _Solver: keyed, store(), recall() */
    PyObject *keyed;    /* its key table: bytes -> value */
    PyObject *disk;     /* solver.disk (None: the results cache is off) */
    PairMap *whole;     /* positions of several groups as met -> their sums */
    PairMap *keys;      /* least images of groups -> their values; their colour exchanges -> the negatives */
    PyObject *game;     /* cgt.kernel.game */
    PyObject *zero;
    unsigned long visits;
} Search;

static PyObject *search_value(Search *s, uint64_t x, uint64_t o);

/* Appends the value v to `out` unless it is there already (values are interned games: one object per value).
 * Consumes v (NULL: an error already raised); -1 on error. */
static int
add_option(PyObject *out, PyObject *v)
{
    if (v == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(out); i++)
        if (PyList_GET_ITEM(out, i) == v) {
            Py_DECREF(v);
            return 0;
        }
    int failed = PyList_Append(out, v) < 0;
    Py_DECREF(v);
    return failed ? -1 : 0;
}

/* Asks the processor to fetch the table slot where the value of position (x, o) is looked up first (the tables are
 * far larger than the caches, so a look-up is mostly a wait for memory: fetching the slots of all the options of
 * a group at once overlaps those waits). */
static void
prefetch_position(Search *s, uint64_t x, uint64_t o)
{
    if (!touching(x, o))
        return;
    uint64_t m = x | o;
    PairMap *map = s->keys;
    if (group_of(m, m & -m) != m)
        map = s->whole;
    else {
        Image key;
        int rows;
        if (canonical_image(x, o, &key, &rows)) {
            x = key.o;
            o = key.x;
        }
        else {
            x = key.x;
            o = key.o;
        }
    }
    map_prefetch(map, (Pair){x, o});
}

#define MAX_MOVES 256 /* 4 per stone: a byte board has at most 56 cells */

/* The values of the options of the player whose stones are `mine` (against `theirs`), each once: a stone steps
 * onto an orthogonally adjacent enemy stone, which goes.  `black`: the mover is Left (x). */
static PyObject *
options(Search *s, uint64_t mine, uint64_t theirs, int black)
{
    uint64_t after[MAX_MOVES][2]; /* the positions after each move: x, o */
    int n = 0;
    static const int steps[2] = {1, ROW_BITS};
    for (int k = 0; k < 2; k++) {
        int step = steps[k];
        uint64_t forward = mine & (theirs >> step);  /* the stone moves to the cell `step` above its bit */
        uint64_t back = mine & (theirs << step);     /* ... `step` below */
        while (forward) {
            uint64_t b = forward & -forward;
            forward ^= b;
            uint64_t t = b << step;
            after[n][!black] = mine ^ b ^ t;
            after[n++][black] = theirs ^ t;
        }
        while (back) {
            uint64_t b = back & -back;
            back ^= b;
            uint64_t t = b >> step;
            after[n][!black] = mine ^ b ^ t;
            after[n++][black] = theirs ^ t;
        }
    }
    for (int i = 0; i < n; i++)
        prefetch_position(s, after[i][0], after[i][1]);
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < n; i++)
        if (add_option(out, search_value(s, after[i][0], after[i][1])) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    return out;
}

/* The value of the canonical group `key` (its least image as bytes, whose masks are x and o): from the on-disk
 * cache when it is on and has it, else {Left's options | Right's options} through cgt.kernel.game, entered by
 * solver.store(). */
static PyObject *
solve_key(Search *s, PyObject *key, uint64_t x, uint64_t o)
{
    PyObject *known = board_recall(s->solver, s->disk, key);
    if (known != Py_None)
        return known;
    Py_DECREF(known);
    PyObject *lefts = options(s, x, o, 1);
    PyObject *rights = lefts == NULL ? NULL : options(s, o, x, 0);
    return board_store(s->solver, s->game, key, lefts, rights);
}

/* The value of the group whose least image is `key` (`rows` rows): from `keys`, else from the Python key table,
 * else solved. */
static PyObject *
search_key(Search *s, Image key, int rows)
{
    PyObject *v = map_get(s->keys, (Pair){key.x, key.o});
    if (v != NULL)
        return Py_NewRef(v);
    unsigned char bytes[16];
    for (int i = 0; i < rows; i++) {
        bytes[i] = (unsigned char)(key.x >> (8 * i));
        bytes[rows + i] = (unsigned char)(key.o >> (8 * i));
    }
    PyObject *key_bytes = PyBytes_FromStringAndSize((const char *)bytes, 2 * rows);
    if (key_bytes == NULL)
        return NULL;
    v = PyDict_GetItemWithError(s->keyed, key_bytes);
    if (v != NULL)
        Py_INCREF(v);
    else if (!PyErr_Occurred())
        v = solve_key(s, key_bytes, key.x, key.o);
    Py_DECREF(key_bytes);
    if (v == NULL || map_set(s->keys, (Pair){key.x, key.o}, v) < 0) {
        Py_XDECREF(v);
        return NULL;
    }
    return v;
}

/* The value of a connected group (x, o) where both players can move. */
static PyObject *
search_group(Search *s, uint64_t x, uint64_t o)
{
    Image key;
    int rows;
    if (canonical_image(x, o, &key, &rows)) {
        /* An image with the colours exchanged: the value is the negative of the key's.  The negative is kept in
         * `keys` under the key with its colours exchanged, (o, x), which is never a key itself (the exchange of a
         * least image is not least: x and o differ), so it is negated once. */
        PyObject *v = map_get(s->keys, (Pair){key.o, key.x});
        if (v != NULL)
            return Py_NewRef(v);
        PyObject *u = search_key(s, key, rows);
        if (u == NULL)
            return NULL;
        v = PyNumber_Negative(u);
        Py_DECREF(u);
        if (v == NULL || map_set(s->keys, (Pair){key.o, key.x}, v) < 0) {
            Py_XDECREF(v);
            return NULL;
        }
        return v;
    }
    return search_key(s, key, rows);
}

/* The value of a position of several groups (x, o) (where some black stone touches a white one): the sum of the
 * values of its groups. */
static PyObject *
search_sum(Search *s, uint64_t x, uint64_t o, uint64_t first)
{
    PyObject *v = NULL;
    uint64_t m = x | o;
    /* the first group is known already; each next one is flood-filled from the lowest stone left */
    for (uint64_t rest = m, part = first; rest; rest ^= part, part = rest ? group_of(rest, rest & -rest) : 0) {
        uint64_t px = x & part, po = o & part;
        if (!touching(px, po))
            continue;                   /* 0 */
        PyObject *pval = search_group(s, px, po);
        if (pval == NULL) {
            Py_XDECREF(v);
            return NULL;
        }
        v = add_to(v, pval);
        Py_DECREF(pval);
        if (v == NULL)
            return NULL;
    }
    return v != NULL ? v : Py_NewRef(s->zero);
}

/* The value of the position with black stones x and white stones o.  Only positions of several groups are kept
 * in `whole` (their sum is the work saved); one group goes to its key straight away. */
static PyObject *
search_value(Search *s, uint64_t x, uint64_t o)
{
    if (board_interrupted(&s->visits))
        return NULL;
    if (!touching(x, o))
        return Py_NewRef(s->zero);      /* no black stone touches a white one: nobody can move */
    uint64_t m = x | o;
    uint64_t first = group_of(m, m & -m);
    if (first == m)
        return search_group(s, x, o);
    PyObject *v = map_get(s->whole, (Pair){x, o});
    if (v != NULL)
        return Py_NewRef(v);
    v = search_sum(s, x, o, first);
    if (v == NULL)
        return NULL;
    if (map_set(s->whole, (Pair){x, o}, v) < 0) {
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

/* solve(solver, whole, keys, x, o, game, zero): see clobber._solve_bytes. */
static PyObject *
clobber_solve(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "solve(solver, whole, keys, x, o, game, zero)");
        return NULL;
    }
    if (!PyObject_TypeCheck(args[1], &PairMap_Type) || !PyObject_TypeCheck(args[2], &PairMap_Type)) {
        PyErr_SetString(PyExc_TypeError, "solve: whole and keys are PairMaps");
        return NULL;
    }
    uint64_t x, o;
    if (mask_of(args[3], &x) < 0 || mask_of(args[4], &o) < 0)
        return NULL;
    if ((x | o) & LAST_COLUMN) {
        PyErr_SetString(PyExc_ValueError, "solve: a byte-board mask keeps column 7 of every row empty");
        return NULL;
    }
    if (x & o) {
        PyErr_SetString(PyExc_ValueError, "solve: a cell holds at most one stone (x & o must be 0)");
        return NULL;
    }
    Search s = {.solver = args[0], .whole = (PairMap *)args[1], .keys = (PairMap *)args[2], .game = args[5],
                .zero = args[6]};
    if (board_solver_tables(s.solver, &s.keyed, &s.disk) < 0)
        return NULL;
    /* the tables stay alive while we use them even if the solver's raw tables are replaced */
    Py_INCREF(s.whole);
    Py_INCREF(s.keys);
    PyObject *v = search_value(&s, x, o);
    Py_DECREF(s.whole);
    Py_DECREF(s.keys);
    Py_DECREF(s.keyed);
    Py_DECREF(s.disk);
    return v;
}

PyMODINIT_FUNC
PyInit__clobber(void)
{
    return board_module_create(
        "cgt.games.grid._clobber",
        "The byte-board Clobber search in C (see cgt.games.grid.clobber).",
        clobber_solve,
        "solve(solver, whole, keys, x, o, game, zero): the value of the Clobber position with black stones x and "
        "white stones o on a byte board (stride 8, at most 8 rows), searched as clobber._Solver.value does.");
}
