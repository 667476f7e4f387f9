/* games/grid/_board_search.h: what the compiled byte-board searches (_domineering.c, _clobber.c, _amazons.c)
 * share -- the table of positions each keeps, the symmetries of a byte board, and the calls into the Python
 * solver they stand in for.
 *
 * Each search is one C file that defines, before including this header once:
 *   BOARD_KEY                  the type of a table key: one 64-bit mask, or a struct of masks;
 *   board_key_hash, board_key_same
 *                              static inline size_t (BOARD_KEY) and int (BOARD_KEY, BOARD_KEY): the hash of a key
 *                              and key equality;
 *   BOARD_MAP_NAME, BOARD_MAP_QUALNAME, BOARD_MAP_DOC
 *                              the table type's Python name ("MaskMap"), its tp_name and its docstring;
 *   BOARD_MAP_GC               1: the table is tracked by the cyclic garbage collector, 0: it is not;
 *   BOARD_MAP_SPLIT            1: keys and values in two arrays, 0: each key beside its value;
 * and, when Python code reads and writes the table as a small dict (t[k], t[k] = v, k in t, t.get(k)):
 *   BOARD_MAP_GET_DOC          the docstring of get(), and
 *   board_key_of               static int (PyObject *, BOARD_KEY *): a Python key as a key (-1 with an error set).
 * Every table has len(), clear() and __sizeof__().
 *
 * The table (BoardMap) is open addressing with linear probing, a power of two slots (at least 1024 once it has
 * an entry, so mask 0 means no slots) at most half full; it holds a new reference to every value.
 *
 * Boards are byte boards: at most 7 wide and 8 tall, stride 8, cell (r, c) at bit 8r + c, as in
 * cgt.games.grid.bitboard; column 7 stays empty.
 */
#ifndef CGT_BOARD_SEARCH_H
#define CGT_BOARD_SEARCH_H

#include <stdint.h>

/* ------------------------------------------------------------------ BoardMap */

#if BOARD_MAP_SPLIT
/* keys and values in two arrays: a probe reads values (8 a cache line) and a key only where a value is */
typedef struct {
    PyObject_HEAD
    BOARD_KEY *keys;
    PyObject **values; /* NULL: an empty slot */
    size_t mask;       /* slots - 1 (a power of two), 0 before the first entry */
    size_t used;
} BoardMap;
#define SLOT_KEY(map, i) ((map)->keys[i])
#define SLOT_VALUE(map, i) ((map)->values[i])
#define SLOT_BYTES (sizeof(BOARD_KEY) + sizeof(PyObject *))
#else
/* a key beside its value: a look-up touches one cache line */
typedef struct {
    BOARD_KEY key;
    PyObject *value; /* NULL: an empty slot */
} BoardSlot;

typedef struct {
    PyObject_HEAD
    BoardSlot *slots;
    size_t mask; /* slots - 1 (a power of two), 0 before the first entry */
    size_t used;
} BoardMap;
#define SLOT_KEY(map, i) ((map)->slots[i].key)
#define SLOT_VALUE(map, i) ((map)->slots[i].value)
#define SLOT_BYTES sizeof(BoardSlot)
#endif

static PyTypeObject BoardMap_Type;

/* The value for k (borrowed), or NULL. */
static inline PyObject *
map_get(BoardMap *map, BOARD_KEY k)
{
    if (map->used == 0)
        return NULL;
    size_t i = board_key_hash(k) & map->mask;
    for (;;) {
        PyObject *v = SLOT_VALUE(map, i);
        if (v == NULL)
            return NULL;
        if (board_key_same(SLOT_KEY(map, i), k))
            return v;
        i = (i + 1) & map->mask;
    }
}

/* Asks the processor to fetch the slot where a look-up of k starts. */
static inline void
map_prefetch(BoardMap *map, BOARD_KEY k)
{
    if (map->mask != 0)
        __builtin_prefetch(&SLOT_VALUE(map, board_key_hash(k) & map->mask));
}

static void
map_clear(BoardMap *map)
{
    size_t size = map->mask == 0 ? 0 : map->mask + 1;
#if BOARD_MAP_SPLIT
    PyObject **values = map->values;
    PyMem_Free(map->keys);
    map->keys = NULL;
    map->values = NULL;
#else
    BoardSlot *slots = map->slots;
    map->slots = NULL;
#endif
    map->mask = 0;
    map->used = 0;
    for (size_t i = 0; i < size; i++) /* after emptying: a value's destructor may run code that looks at the map */
#if BOARD_MAP_SPLIT
        Py_XDECREF(values[i]);
    PyMem_Free(values);
#else
        Py_XDECREF(slots[i].value);
    PyMem_Free(slots);
#endif
}

static int
map_grow(BoardMap *map)
{
    size_t old_size = map->mask == 0 ? 0 : map->mask + 1;
    size_t size = old_size == 0 ? 1024 : old_size * 2;
#if BOARD_MAP_SPLIT
    BOARD_KEY *old_keys = map->keys;
    PyObject **old_values = map->values;
    BOARD_KEY *keys = PyMem_Malloc(size * sizeof(BOARD_KEY));
    PyObject **values = PyMem_Calloc(size, sizeof(PyObject *));
    if (keys == NULL || values == NULL) {
        PyMem_Free(keys);
        PyMem_Free(values);
        PyErr_NoMemory();
        return -1;
    }
    map->keys = keys;
    map->values = values;
#else
    BoardSlot *old = map->slots;
    BoardSlot *slots = PyMem_Calloc(size, sizeof(BoardSlot));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    map->slots = slots;
#endif
    map->mask = size - 1;
    for (size_t j = 0; j < old_size; j++) {
#if BOARD_MAP_SPLIT
        if (old_values[j] == NULL)
            continue;
        size_t i = board_key_hash(old_keys[j]) & map->mask;
        while (values[i] != NULL)
            i = (i + 1) & map->mask;
        keys[i] = old_keys[j];
        values[i] = old_values[j];
#else
        if (old[j].value == NULL)
            continue;
        size_t i = board_key_hash(old[j].key) & map->mask;
        while (slots[i].value != NULL)
            i = (i + 1) & map->mask;
        slots[i] = old[j];
#endif
    }
#if BOARD_MAP_SPLIT
    PyMem_Free(old_keys);
    PyMem_Free(old_values);
#else
    PyMem_Free(old);
#endif
    return 0;
}

/* map[k] = v (a new reference is taken). */
static int
map_set(BoardMap *map, BOARD_KEY k, PyObject *v)
{
    if ((map->mask == 0 || 2 * (map->used + 1) > map->mask + 1) && map_grow(map) < 0)
        return -1;
    size_t i = board_key_hash(k) & map->mask;
    while (SLOT_VALUE(map, i) != NULL) {
        if (board_key_same(SLOT_KEY(map, i), k)) {
            Py_INCREF(v);
            Py_SETREF(SLOT_VALUE(map, i), v);
            return 0;
        }
        i = (i + 1) & map->mask;
    }
    SLOT_KEY(map, i) = k;
    Py_INCREF(v);
    SLOT_VALUE(map, i) = v;
    map->used++;
    return 0;
}

/* A Python int as a mask below 2**64 (OverflowError / TypeError otherwise). */
static int
mask_of(PyObject *obj, uint64_t *m)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "a mask is an int, not %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *m = v;
    return 0;
}

static PyObject *
boardmap_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if ((kwargs != NULL && PyDict_GET_SIZE(kwargs)) || PyTuple_GET_SIZE(args)) {
        PyErr_SetString(PyExc_TypeError, BOARD_MAP_NAME "() takes no arguments");
        return NULL;
    }
    return type->tp_alloc(type, 0);
}

static void
boardmap_dealloc(BoardMap *self)
{
#if BOARD_MAP_GC
    PyObject_GC_UnTrack(self);
#endif
    map_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

#if BOARD_MAP_GC
static int
boardmap_traverse(BoardMap *self, visitproc visit, void *arg)
{
    if (self->mask != 0) {
        for (size_t i = 0; i <= self->mask; i++)
            Py_VISIT(SLOT_VALUE(self, i));
    }
    return 0;
}

static int
boardmap_tp_clear(BoardMap *self)
{
    map_clear(self);
    return 0;
}
#endif

static Py_ssize_t
boardmap_length(BoardMap *self)
{
    return (Py_ssize_t)self->used;
}

static PyObject *
boardmap_clear_method(BoardMap *self, PyObject *unused)
{
    map_clear(self);
    Py_RETURN_NONE;
}

static PyObject *
boardmap_sizeof(BoardMap *self, PyObject *unused)
{
    size_t slots = self->mask == 0 ? 0 : self->mask + 1;
    return PyLong_FromSize_t(sizeof(BoardMap) + slots * SLOT_BYTES);
}

#ifdef BOARD_MAP_GET_DOC
static PyObject *
boardmap_subscript(BoardMap *self, PyObject *key)
{
    BOARD_KEY k;
    if (board_key_of(key, &k) < 0)
        return NULL;
    PyObject *v = map_get(self, k);
    if (v == NULL) {
        PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    return Py_NewRef(v);
}

static int
boardmap_ass_subscript(BoardMap *self, PyObject *key, PyObject *value)
{
    BOARD_KEY k;
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "a " BOARD_MAP_NAME " only grows (clear() empties it)");
        return -1;
    }
    if (board_key_of(key, &k) < 0)
        return -1;
    return map_set(self, k, value);
}

static int
boardmap_contains(BoardMap *self, PyObject *key)
{
    BOARD_KEY k;
    if (board_key_of(key, &k) < 0)
        return -1;
    return map_get(self, k) != NULL;
}

static PyObject *
boardmap_get(BoardMap *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, BOARD_MAP_GET_DOC);
        return NULL;
    }
    BOARD_KEY k;
    if (board_key_of(args[0], &k) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return NULL;
        PyErr_Clear(); /* a mask over 64 bits (or negative) is never a key */
        return Py_NewRef(nargs == 2 ? args[1] : Py_None);
    }
    PyObject *v = map_get(self, k);
    return Py_NewRef(v != NULL ? v : (nargs == 2 ? args[1] : Py_None));
}

static PySequenceMethods boardmap_as_sequence = {
    .sq_contains = (objobjproc)boardmap_contains,
};
#endif

static PyMethodDef boardmap_methods[] = {
    {"__sizeof__", (PyCFunction)boardmap_sizeof, METH_NOARGS, "Bytes held, slots included."},
#ifdef BOARD_MAP_GET_DOC
    {"get", (PyCFunction)(void (*)(void))boardmap_get, METH_FASTCALL, BOARD_MAP_GET_DOC},
#endif
    {"clear", (PyCFunction)boardmap_clear_method, METH_NOARGS, "Remove every entry."},
    {NULL, NULL, 0, NULL}
};

static PyMappingMethods boardmap_as_mapping = {
    .mp_length = (lenfunc)boardmap_length,
#ifdef BOARD_MAP_GET_DOC
    .mp_subscript = (binaryfunc)boardmap_subscript,
    .mp_ass_subscript = (objobjargproc)boardmap_ass_subscript,
#endif
};

static PyTypeObject BoardMap_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = BOARD_MAP_QUALNAME,
    .tp_basicsize = sizeof(BoardMap),
#if BOARD_MAP_GC
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)boardmap_traverse,
    .tp_clear = (inquiry)boardmap_tp_clear,
#else
    .tp_flags = Py_TPFLAGS_DEFAULT,
#endif
    .tp_doc = BOARD_MAP_DOC,
    .tp_new = boardmap_new,
    .tp_dealloc = (destructor)boardmap_dealloc,
    .tp_as_mapping = &boardmap_as_mapping,
#ifdef BOARD_MAP_GET_DOC
    .tp_as_sequence = &boardmap_as_sequence,
#endif
    .tp_methods = boardmap_methods,
};

static PyMethodDef board_module_methods[2];
static struct PyModuleDef board_module_def;

/* The module `name` (docstring `doc`) with one function, solve (METH_FASTCALL, docstring `solve_doc`), and the
 * table type under BOARD_MAP_NAME: the body of the PyInit function. */
static PyObject *
board_module_create(const char *name, const char *doc, PyObject *(*solve)(PyObject *, PyObject *const *, Py_ssize_t),
                    const char *solve_doc)
{
    if (PyType_Ready(&BoardMap_Type) < 0)
        return NULL;
    board_module_methods[0] = (PyMethodDef){"solve", (PyCFunction)(void (*)(void))solve, METH_FASTCALL, solve_doc};
    board_module_methods[1] = (PyMethodDef){NULL, NULL, 0, NULL};
    board_module_def = (struct PyModuleDef){PyModuleDef_HEAD_INIT, .m_name = name, .m_doc = doc, .m_size = -1,
                                            .m_methods = board_module_methods};
    PyObject *m = PyModule_Create(&board_module_def);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, BOARD_MAP_NAME, (PyObject *)&BoardMap_Type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* ------------------------------------------------------------------ masks (stride 8) */

#define ROW_BITS 8
#define LAST_COLUMN 0x8080808080808080ULL /* never a cell: a step off the left or right side lands there */

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

/* ------------------------------------------------------------------ the Python solver */

/* Every 4096th visit, whether Ctrl-C was pressed (-1 with KeyboardInterrupt set). */
static inline int
board_interrupted(unsigned long *visits)
{
    return ++*visits % 4096 == 0 && PyErr_CheckSignals() < 0;
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

/* The solver's key table (a dict: *keyed) and its on-disk results cache (*disk, None when off), new references;
 * -1 with an error set otherwise. */
static int
board_solver_tables(PyObject *solver, PyObject **keyed, PyObject **disk)
{
    *keyed = PyObject_GetAttrString(solver, "keyed");
    *disk = *keyed == NULL ? NULL : PyObject_GetAttrString(solver, "disk");
    if (*disk == NULL || !PyDict_Check(*keyed)) {
        if (*disk != NULL)
            PyErr_SetString(PyExc_TypeError, "solve: the solver's key table is a dict");
        Py_XDECREF(*keyed);
        Py_XDECREF(*disk);
        return -1;
    }
    return 0;
}

/* The value the on-disk results cache holds for `key` (a new reference), or None (a new reference) when it is off
 * or does not have it; NULL on an error. */
static PyObject *
board_recall(PyObject *solver, PyObject *disk, PyObject *key)
{
    if (disk == Py_None)
        return Py_NewRef(Py_None);
    return PyObject_CallMethod(solver, "recall", "O", key);
}

/* game(lefts, rights) entered under `key` by solver.store(), which returns the value kept (a new reference);
 * consumes lefts and rights (NULL: an error already raised). */
static PyObject *
board_store(PyObject *solver, PyObject *game, PyObject *key, PyObject *lefts, PyObject *rights)
{
    PyObject *value = lefts == NULL || rights == NULL ? NULL : PyObject_CallFunctionObjArgs(game, lefts, rights, NULL);
    Py_XDECREF(lefts);
    Py_XDECREF(rights);
    if (value == NULL)
        return NULL;
    PyObject *stored = PyObject_CallMethod(solver, "store", "OO", key, value);
    Py_DECREF(value);
    return stored;
}

#endif /* CGT_BOARD_SEARCH_H */
