/* cgt.games.grid._fox_and_geese: the game graph of a Fox and Geese position on 64-bit masks, in C.
 *
 * The reference is the loopy engine's breadth-first search (cgt.games.engine.loopy.position_graph) over the
 * moves of cgt.games.grid.fox_and_geese.GenFoxAndGeese; this builds the same graph -- the same positions in
 * the same order, the same option lists -- for boards whose geese fit in 64 squares (square (row, col) is
 * bit (row - 1) * width + (col - 1), as there), which tests/games/grid/test_fox_and_geese.py checks.  The
 * rules, as in the Python module: the geese step one square diagonally down onto an empty square; the fox
 * steps diagonally up to fox_range squares through empty squares, never above row max(T + 2, its own row)
 * (T the highest goose row); a position where the fox has escaped (on or above row T, or on row T - 1 below an
 * empty square of row T) is "off", a node with a Right pass and no Left move.
 *
 * graph(width, fox_range, geese, fox, max_states) returns (geese, foxes, rows): the positions as bytes of
 * uint64 masks and of int32 fox squares, and the moves as compressed rows (a tuple of four bytes of int32: Left
 * pointers and targets, Right pointers and targets, as cgt.games.engine.loopy.PositionGraph.rows); or the
 * number of positions reached when there are more than max_states.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    int32_t *a;
    Py_ssize_t n, cap;
} Vec;

static int
vec_push(Vec *v, int32_t x)
{
    if (v->n == v->cap) {
        Py_ssize_t cap = v->cap ? 2 * v->cap : 1 << 12;
        int32_t *a = PyMem_Realloc(v->a, cap * sizeof(int32_t));
        if (a == NULL)
            return -1;
        v->a = a;
        v->cap = cap;
    }
    v->a[v->n++] = x;
    return 0;
}

typedef struct {
    uint64_t *geese;
    int32_t *fox;
    Py_ssize_t n, cap;
    int32_t *slots;     /* node + 1, 0 for an empty slot */
    size_t mask;
} Nodes;

static inline size_t
mix(uint64_t geese, int32_t fox)
{
    uint64_t k = geese ^ ((uint64_t)(uint32_t)fox * 0xD6E8FEB86659FD93ULL);
    k ^= k >> 31;
    k *= 0x9E3779B97F4A7C15ULL;
    k ^= k >> 29;
    return (size_t)k;
}

static int
grow_slots(Nodes *t)
{
    size_t size = t->mask ? 2 * (t->mask + 1) : 1 << 12;
    int32_t *slots = PyMem_Calloc(size, sizeof(int32_t));
    if (slots == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < t->n; i++) {
        size_t j = mix(t->geese[i], t->fox[i]) & (size - 1);
        while (slots[j])
            j = (j + 1) & (size - 1);
        slots[j] = (int32_t)(i + 1);
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    return 0;
}

/* The node of (geese, fox), added at the end when new; -1 on error, -2 past max_states. */
static Py_ssize_t
node_of(Nodes *t, uint64_t geese, int32_t fox, Py_ssize_t max_states)
{
    if (2 * (size_t)(t->n + 1) > t->mask + 1 && grow_slots(t) < 0)
        return -1;
    size_t j = mix(geese, fox) & t->mask;
    while (t->slots[j]) {
        Py_ssize_t i = t->slots[j] - 1;
        if (t->geese[i] == geese && t->fox[i] == fox)
            return i;
        j = (j + 1) & t->mask;
    }
    if (t->n >= max_states)
        return -2;
    if (t->n == t->cap) {
        Py_ssize_t cap = t->cap ? 2 * t->cap : 1 << 12;
        uint64_t *g = PyMem_Realloc(t->geese, cap * sizeof(uint64_t));
        if (g == NULL)
            return -1;
        t->geese = g;
        int32_t *f = PyMem_Realloc(t->fox, cap * sizeof(int32_t));
        if (f == NULL)
            return -1;
        t->fox = f;
        t->cap = cap;
    }
    t->geese[t->n] = geese;
    t->fox[t->n] = fox;
    t->slots[j] = (int32_t)(t->n + 1);
    return t->n++;
}

static inline int
goose_at(uint64_t geese, long square)
{
    return square >= 0 && square < 64 && (geese >> square) & 1;
}

/* The highest goose row (1-based), 0 without geese. */
static inline long
top_row(uint64_t geese, long width)
{
    return geese ? (63 - __builtin_clzll(geese)) / width + 1 : 0;
}

static int
escaped(uint64_t geese, int32_t fox, long width)
{
    long top = top_row(geese, width), row = fox / width + 1, col = fox % width + 1;
    if (row >= top)
        return 1;
    if (row != top - 1)
        return 0;
    for (long c = col - 1; c <= col + 1; c += 2)
        if (c >= 1 && c <= width && !goose_at(geese, (top - 1) * width + (c - 1)))
            return 1;
    return 0;
}

static PyObject *
graph(PyObject *self, PyObject *args)
{
    long width, fox_range;
    PyObject *geese_obj;
    int fox0;
    Py_ssize_t max_states;
    (void)self;
    if (!PyArg_ParseTuple(args, "llO!in", &width, &fox_range, &PyLong_Type, &geese_obj, &fox0, &max_states))
        return NULL;
    uint64_t geese0 = PyLong_AsUnsignedLongLong(geese_obj);
    if (PyErr_Occurred())
        return NULL;
    if (width < 2 || width > 64 || fox_range < 1 || fox0 < 0 || max_states < 1) {
        PyErr_SetString(PyExc_ValueError, "graph: bad board");
        return NULL;
    }
    Nodes t;
    memset(&t, 0, sizeof(t));
    Vec rows[4] = {{0}, {0}, {0}, {0}};    /* Left pointers, targets, Right pointers, targets */
    PyObject *out = NULL;
    int32_t row_buf[256];
    if (vec_push(&rows[0], 0) < 0 || vec_push(&rows[2], 0) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if (node_of(&t, geese0, fox0, max_states) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < t.n; i++) {
        if (!(i & 0xFFFF) && PyErr_CheckSignals() < 0)
            goto done;
        uint64_t geese = t.geese[i];
        int32_t fox = t.fox[i];
        for (int side = 0; side < 2; side++) {
            int count = 0;
            if (escaped(geese, fox, width)) {
                if (side == 1)
                    row_buf[count++] = (int32_t)i;        /* off = {| pass} */
            }
            else if (side == 0) {
                /* a goose above row 1 steps down to column col - 1 or col + 1 */
                uint64_t occupied_fox = fox < 64 ? (uint64_t)1 << fox : 0;
                uint64_t movable = width < 64 ? geese >> width << width : 0;
                while (movable) {
                    long s = __builtin_ctzll(movable);
                    uint64_t low = movable & -movable;
                    long col = s % width;
                    for (int dc = -1; dc <= 1; dc += 2) {
                        if (col + dc < 0 || col + dc >= width)
                            continue;
                        long target = s - width + dc;
                        if (goose_at(geese, target) || (occupied_fox >> target & 1))
                            continue;
                        Py_ssize_t j = node_of(&t, (geese ^ low) | (uint64_t)1 << target, fox, max_states);
                        if (j == -2) {
                            out = PyLong_FromSsize_t(max_states + 1);
                            goto done;
                        }
                        if (j < 0) {
                            PyErr_NoMemory();
                            goto done;
                        }
                        row_buf[count++] = (int32_t)j;
                    }
                    movable ^= low;
                }
            }
            else {
                long top = top_row(geese, width) + 2, own = fox / width + 1;
                if (own > top)
                    top = own;
                long row = fox / width, col = fox % width;
                for (int dr = 1; dr >= -1; dr -= 2)
                    for (int dc = -1; dc <= 1; dc += 2) {
                        long r = row, c = col;
                        for (long step = 0; step < fox_range; step++) {
                            r += dr;
                            c += dc;
                            if (r < 0 || r >= top || c < 0 || c >= width)
                                break;
                            long target = r * width + c;
                            if (goose_at(geese, target) || target > INT32_MAX)
                                break;
                            Py_ssize_t j = node_of(&t, geese, (int32_t)target, max_states);
                            if (j == -2) {
                                out = PyLong_FromSsize_t(max_states + 1);
                                goto done;
                            }
                            if (j < 0) {
                                PyErr_NoMemory();
                                goto done;
                            }
                            if (count == 256)
                                break;
                            row_buf[count++] = (int32_t)j;
                        }
                    }
            }
            Vec *ptr = &rows[2 * side], *tgt = &rows[2 * side + 1];
            for (int a = 0; a < count; a++)
                if (vec_push(tgt, row_buf[a]) < 0) {
                    PyErr_NoMemory();
                    goto done;
                }
            if (vec_push(ptr, (int32_t)tgt->n) < 0) {
                PyErr_NoMemory();
                goto done;
            }
        }
    }
    {
        PyObject *g = PyBytes_FromStringAndSize((const char *)t.geese, t.n * sizeof(uint64_t));
        PyObject *f = g ? PyBytes_FromStringAndSize((const char *)t.fox, t.n * sizeof(int32_t)) : NULL;
        PyObject *r = f ? PyTuple_New(4) : NULL;
        for (int k = 0; r != NULL && k < 4; k++) {
            PyObject *b = PyBytes_FromStringAndSize((const char *)rows[k].a, rows[k].n * sizeof(int32_t));
            if (b == NULL) {
                Py_CLEAR(r);
                break;
            }
            PyTuple_SET_ITEM(r, k, b);
        }
        if (r != NULL)
            out = PyTuple_Pack(3, g, f, r);
        Py_XDECREF(g);
        Py_XDECREF(f);
        Py_XDECREF(r);
    }
done:
    for (int k = 0; k < 4; k++)
        PyMem_Free(rows[k].a);
    PyMem_Free(t.geese);
    PyMem_Free(t.fox);
    PyMem_Free(t.slots);
    return out;
}

static PyMethodDef module_methods[] = {
    {"graph", graph, METH_VARARGS,
     "graph(width, fox_range, geese, fox, max_states) -> (geese, foxes, rows), or the count reached past "
     "max_states (see the module comment)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "cgt.games.grid._fox_and_geese",
    "The game graph of a Fox and Geese position on 64-bit masks (the C twin of the loopy engine's search).",
    -1, module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC
PyInit__fox_and_geese(void)
{
    return PyModule_Create(&module_def);
}
