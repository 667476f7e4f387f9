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

typedef struct {
    PyObject_HEAD
    uint64_t *keys;
    PyObject **values; /* NULL: an empty slot */
    size_t mask;       /* slots - 1 (a power of two), 0 before the first entry */
    size_t used;
} MaskMap;

static PyTypeObject MaskMap_Type;

static inline size_t
mix(uint64_t k)
{
    k ^= k >> 31;
    k *= 0x9E3779B97F4A7C15ULL;
    k ^= k >> 29;
    return (size_t)k;
}

/* The value for k (borrowed), or NULL. */
static inline PyObject *
map_get(MaskMap *map, uint64_t k)
{
    if (map->used == 0)
        return NULL;
    size_t i = mix(k) & map->mask;
    for (;;) {
        PyObject *v = map->values[i];
        if (v == NULL)
            return NULL;
        if (map->keys[i] == k)
            return v;
        i = (i + 1) & map->mask;
    }
}

static void
map_clear(MaskMap *map)
{
    if (map->values != NULL) {
        for (size_t i = 0; i <= map->mask; i++)
            Py_XDECREF(map->values[i]);
    }
    PyMem_Free(map->keys);
    PyMem_Free(map->values);
    map->keys = NULL;
    map->values = NULL;
    map->mask = 0;
    map->used = 0;
}

static int
map_grow(MaskMap *map)
{
    size_t size = map->values == NULL ? 1024 : (map->mask + 1) * 2;
    uint64_t *keys = PyMem_Malloc(size * sizeof(uint64_t));
    PyObject **values = PyMem_Calloc(size, sizeof(PyObject *));
    if (keys == NULL || values == NULL) {
        PyMem_Free(keys);
        PyMem_Free(values);
        PyErr_NoMemory();
        return -1;
    }
    uint64_t *old_keys = map->keys;
    PyObject **old_values = map->values;
    size_t old_size = old_values == NULL ? 0 : map->mask + 1;
    map->keys = keys;
    map->values = values;
    map->mask = size - 1;
    for (size_t j = 0; j < old_size; j++) {
        if (old_values[j] == NULL)
            continue;
        size_t i = mix(old_keys[j]) & map->mask;
        while (values[i] != NULL)
            i = (i + 1) & map->mask;
        keys[i] = old_keys[j];
        values[i] = old_values[j];
    }
    PyMem_Free(old_keys);
    PyMem_Free(old_values);
    return 0;
}

/* map[k] = v (a new reference is taken). */
static int
map_set(MaskMap *map, uint64_t k, PyObject *v)
{
    if ((map->values == NULL || 2 * (map->used + 1) > map->mask + 1) && map_grow(map) < 0)
        return -1;
    size_t i = mix(k) & map->mask;
    while (map->values[i] != NULL) {
        if (map->keys[i] == k) {
            Py_INCREF(v);
            Py_SETREF(map->values[i], v);
            return 0;
        }
        i = (i + 1) & map->mask;
    }
    map->keys[i] = k;
    Py_INCREF(v);
    map->values[i] = v;
    map->used++;
    return 0;
}

/* A Python int key as a mask (OverflowError / TypeError otherwise). */
static int
key_of(PyObject *key, uint64_t *k)
{
    if (!PyLong_Check(key)) {
        PyErr_Format(PyExc_TypeError, "a MaskMap key is a mask (an int), not %.100s", Py_TYPE(key)->tp_name);
        return -1;
    }
    unsigned long long x = PyLong_AsUnsignedLongLong(key);
    if (x == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *k = x;
    return 0;
}

static PyObject *
maskmap_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if ((kwargs != NULL && PyDict_GET_SIZE(kwargs)) || PyTuple_GET_SIZE(args)) {
        PyErr_SetString(PyExc_TypeError, "MaskMap() takes no arguments");
        return NULL;
    }
    return type->tp_alloc(type, 0);
}

static void
maskmap_dealloc(MaskMap *self)
{
    PyObject_GC_UnTrack(self);
    map_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
maskmap_traverse(MaskMap *self, visitproc visit, void *arg)
{
    if (self->values != NULL) {
        for (size_t i = 0; i <= self->mask; i++)
            Py_VISIT(self->values[i]);
    }
    return 0;
}

static int
maskmap_tp_clear(MaskMap *self)
{
    map_clear(self);
    return 0;
}

static Py_ssize_t
maskmap_length(MaskMap *self)
{
    return (Py_ssize_t)self->used;
}

static PyObject *
maskmap_subscript(MaskMap *self, PyObject *key)
{
    uint64_t k;
    if (key_of(key, &k) < 0)
        return NULL;
    PyObject *v = map_get(self, k);
    if (v == NULL) {
        PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    return Py_NewRef(v);
}

static int
maskmap_ass_subscript(MaskMap *self, PyObject *key, PyObject *value)
{
    uint64_t k;
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "a MaskMap only grows (clear() empties it)");
        return -1;
    }
    if (key_of(key, &k) < 0)
        return -1;
    return map_set(self, k, value);
}

static int
maskmap_contains(MaskMap *self, PyObject *key)
{
    uint64_t k;
    if (key_of(key, &k) < 0)
        return -1;
    return map_get(self, k) != NULL;
}

static PyObject *
maskmap_get(MaskMap *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "get(mask, default=None)");
        return NULL;
    }
    uint64_t k;
    if (key_of(args[0], &k) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return NULL;
        PyErr_Clear(); /* a mask over 64 bits (or negative) is never a key */
        return Py_NewRef(nargs == 2 ? args[1] : Py_None);
    }
    PyObject *v = map_get(self, k);
    return Py_NewRef(v != NULL ? v : (nargs == 2 ? args[1] : Py_None));
}

static PyObject *
maskmap_clear_method(MaskMap *self, PyObject *unused)
{
    map_clear(self);
    Py_RETURN_NONE;
}

static PyObject *
maskmap_sizeof(MaskMap *self, PyObject *unused)
{
    size_t slots = self->values == NULL ? 0 : self->mask + 1;
    return PyLong_FromSize_t(sizeof(MaskMap) + slots * (sizeof(uint64_t) + sizeof(PyObject *)));
}

static PyMethodDef maskmap_methods[] = {
    {"__sizeof__", (PyCFunction)maskmap_sizeof, METH_NOARGS, "Bytes held, slots included."},
    {"get", (PyCFunction)(void (*)(void))maskmap_get, METH_FASTCALL, "get(mask, default=None)"},
    {"clear", (PyCFunction)maskmap_clear_method, METH_NOARGS, "Remove every entry."},
    {NULL, NULL, 0, NULL}
};

static PyMappingMethods maskmap_as_mapping = {
    .mp_length = (lenfunc)maskmap_length,
    .mp_subscript = (binaryfunc)maskmap_subscript,
    .mp_ass_subscript = (objobjargproc)maskmap_ass_subscript,
};

static PySequenceMethods maskmap_as_sequence = {
    .sq_contains = (objobjproc)maskmap_contains,
};

static PyTypeObject MaskMap_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgt.games.grid._domineering.MaskMap",
    .tp_basicsize = sizeof(MaskMap),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "MaskMap(): a table from masks (ints below 2**64) to values.",
    .tp_new = maskmap_new,
    .tp_dealloc = (destructor)maskmap_dealloc,
    .tp_traverse = (traverseproc)maskmap_traverse,
    .tp_clear = (inquiry)maskmap_tp_clear,
    .tp_as_mapping = &maskmap_as_mapping,
    .tp_as_sequence = &maskmap_as_sequence,
    .tp_methods = maskmap_methods,
};

/* ------------------------------------------------------------------ masks (stride 8) */

#define ROW_BITS 8
#define LAST_COLUMN 0x8080808080808080ULL /* always empty: keeps a shift by one inside its row */

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

/* Bits 0..7 of every byte reversed within the byte. */
static inline uint64_t
reverse_bytes_bits(uint64_t x)
{
    x = (x & 0x0F0F0F0F0F0F0F0FULL) << 4 | (x >> 4 & 0x0F0F0F0F0F0F0F0FULL);
    x = (x & 0x3333333333333333ULL) << 2 | (x >> 2 & 0x3333333333333333ULL);
    x = (x & 0x5555555555555555ULL) << 1 | (x >> 1 & 0x5555555555555555ULL);
    return x;
}

/* The rows (bytes) of a w-wide region mirrored: column c goes to w - 1 - c. */
static inline uint64_t
mirror(uint64_t x, int w)
{
    return reverse_bytes_bits(x) >> (8 - w); /* each byte's bits sit in its top w places: no spill */
}

/* The h rows (bytes) of a region upside down. */
static inline uint64_t
upside_down(uint64_t x, int h)
{
    return __builtin_bswap64(x) >> (8 * (8 - h));
}

/* The transpose of an 8 x 8 bit matrix (byte r, bit c) -> (byte c, bit r) (Hacker's Delight, 7-3). */
static inline uint64_t
transpose(uint64_t x)
{
    uint64_t t;
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
    x ^= t ^ (t << 28);
    return x;
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

/* The sum a + b, consuming the reference to a (NULL a: b alone). */
static PyObject *
add_to(PyObject *a, PyObject *b)
{
    if (a == NULL)
        return Py_NewRef(b);
    PyObject *sum = PyNumber_Add(a, b);
    Py_DECREF(a);
    return sum;
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
    if (s->disk != Py_None) {
        PyObject *known = PyObject_CallMethod(s->solver, "recall", "O", key);
        if (known != Py_None)
            return known;
        Py_DECREF(known);
    }
    PyObject *lefts = domino_options(s, rows, ROW_BITS);
    PyObject *rights = lefts == NULL ? NULL : domino_options(s, rows, 1);
    PyObject *value = rights == NULL ? NULL : PyObject_CallFunctionObjArgs(s->game, lefts, rights, NULL);
    Py_XDECREF(lefts);
    Py_XDECREF(rights);
    if (value == NULL)
        return NULL;
    PyObject *stored = PyObject_CallMethod(s->solver, "store", "OO", key, value);
    Py_DECREF(value);
    return stored;
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
    if (++s->visits % 4096 == 0 && PyErr_CheckSignals() < 0)
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
    if (key_of(args[3], &m) < 0)
        return NULL;
    if (m & LAST_COLUMN) {
        PyErr_SetString(PyExc_ValueError, "solve: a byte-board mask keeps column 7 of every row empty");
        return NULL;
    }
    Search s = {.solver = args[0], .whole = (MaskMap *)args[1], .regions = (MaskMap *)args[2], .game = args[4],
                .integer = args[5], .integers = ((PyListObject *)integers)->ob_item};
    s.zero = s.integers[64];
    s.keyed = PyObject_GetAttrString(s.solver, "keyed");
    s.disk = s.keyed == NULL ? NULL : PyObject_GetAttrString(s.solver, "disk");
    if (s.disk == NULL || !PyDict_Check(s.keyed)) {
        if (s.disk != NULL)
            PyErr_SetString(PyExc_TypeError, "solve: the solver's key table is a dict");
        Py_XDECREF(s.keyed);
        Py_XDECREF(s.disk);
        return NULL;
    }
    Py_INCREF(integers); /* its items stay alive while we borrow them */
    PyObject *v = search_value(&s, m);
    Py_DECREF(integers);
    Py_DECREF(s.keyed);
    Py_DECREF(s.disk);
    return v;
}

static PyMethodDef module_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))domineering_solve, METH_FASTCALL,
     "solve(solver, whole, regions, mask, game, integer, integers): the value of the empty cells `mask` of a "
     "byte board (stride 8, at most 8 rows), searched as domineering._Solver.value does."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "cgt.games.grid._domineering",
    .m_doc = "The byte-board Domineering search in C (see cgt.games.grid.domineering).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__domineering(void)
{
    if (PyType_Ready(&MaskMap_Type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "MaskMap", (PyObject *)&MaskMap_Type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
