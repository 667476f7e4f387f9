/*
 * cgt.thermo._thermo: the scaffold construction of a thermograph in exact machine dyadics (C doubles).
 *
 * The compiled twin of cgt.thermo.thermograph.scaffold_walls on its float route.  A wall is a tuple of corners
 * (t, v), t ascending from -1, linear between corners and with a known slope after the last one.  The
 * scaffolds of {G^L | G^R} (Siegel, CGT II.5; Winning Ways ch. 6) are
 *     left(t)  = max over G^L of R_t(G^L) - t,     right(t) = min over G^R of L_t(G^R) + t;
 * the temperature is the least t >= -1 with left(t) <= right(t), and the walls are the scaffolds
 * truncated there, with the mast above.
 *
 * Exactness.  Every coordinate handed in is a float that is a dyadic m/2^k with |m/2^k| < 2^20 and
 * k <= 20 (checked here, corner by corner).  The operations are the ones of the Python float route, in the
 * same order (slope first: va + (vb - va) / (b - a) * (t - a)), so -- by the bound argument in the
 * notes of cgt/thermo/thermograph.py -- every intermediate value is a dyadic below 2^24 with at most 22 fraction
 * bits, which a double holds exactly; C doubles on the platforms we build for are IEEE binary64 like
 * Python floats, and the build turns floating-point contraction off.  Every corner of the result is
 * checked against the same bounds before it is returned.
 *
 * thermograph_of_options(lefts, rights) -> Thermograph | None: the same from the options' thermographs
 *     (classes registered by cgt.thermo.thermograph), the form the thermograph walk calls.
 * scaffold(left_walls, right_walls) -> (left_points, right_points) | None
 *     left_walls: the right walls of the Left options; right_walls: the left walls of the Right options.
 *     None means "take the Fraction route": an input corner is not a float inside the bounds, a result
 *     corner leaves them, or the construction meets a case the Fraction code reports as an error (so that
 *     the error is raised there, with its message).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#define MAGNITUDE_LIMIT 1048576.0 /* 2^20 */
#define FRACTION_SCALE 1048576.0  /* 2^20 */

typedef struct {
    double t, v;
} Point;

/* A piecewise-linear function on [-1, oo): corners p[0..n-1] and the slope after the last one. */
typedef struct {
    Point *p;
    Py_ssize_t n;
    double tail;
} Fn;

/* A bump allocator over one block: every buffer of one scaffold call lives until the call returns. */
typedef struct {
    char *base;
    size_t used, size;
} Arena;

static void *arena_take(Arena *a, size_t n_points) {
    size_t bytes = n_points * sizeof(Point);
    if (a->used + bytes > a->size) return NULL;
    void *out = a->base + a->used;
    a->used += bytes;
    return out;
}

static int machine_exact(double x) {
    if (!(-MAGNITUDE_LIMIT < x && x < MAGNITUDE_LIMIT)) return 0;
    double scaled = x * FRACTION_SCALE;
    return floor(scaled) == scaled;
}

/* Read a tuple of (t, v) float pairs into out (room for its length); 0 when it is not of that form. */
static int read_wall(PyObject *wall, Point *out, Py_ssize_t *n) {
    if (!PyTuple_CheckExact(wall)) return 0;
    Py_ssize_t len = PyTuple_GET_SIZE(wall);
    if (len < 1) return 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *pair = PyTuple_GET_ITEM(wall, i);
        if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2) return 0;
        PyObject *t = PyTuple_GET_ITEM(pair, 0), *v = PyTuple_GET_ITEM(pair, 1);
        if (!PyFloat_CheckExact(t) || !PyFloat_CheckExact(v)) return 0;
        double dt = PyFloat_AS_DOUBLE(t), dv = PyFloat_AS_DOUBLE(v);
        if (!machine_exact(dt) || !machine_exact(dv)) return 0;
        if (i == 0 ? dt != -1.0 : !(dt > out[i - 1].t)) return 0;
        out[i].t = dt;
        out[i].v = dv;
    }
    *n = len;
    return 1;
}

/* Python's max(a, b) and min(a, b): the first argument unless the second is strictly better. */
static double pick(double a, double b, int take_max) {
    if (take_max) return b > a ? b : a;
    return b < a ? b : a;
}

/* Drop interior corners where the slope does not change (the first corner stays).  In place; 0 on a
   zero-length segment (which the Fraction code would report as a ZeroDivisionError). */
static int simplify(Point *p, Py_ssize_t *n, double tail) {
    Py_ssize_t len = *n, k = 1;
    for (Py_ssize_t i = 1; i < len; i++) {
        double t = p[i].t, v = p[i].v;
        double pt = p[k - 1].t, pv = p[k - 1].v;
        if (t == pt) return 0;
        double before = (v - pv) / (t - pt);
        double after;
        if (i + 1 < len) {
            double nt = p[i + 1].t, nv = p[i + 1].v;
            if (nt == t) return 0;
            after = (nv - v) / (nt - t);
        } else {
            after = tail;
        }
        if (before != after) {
            p[k].t = t;
            p[k].v = v;
            k++;
        }
    }
    *n = k;
    return 1;
}

/* The sorted union of the corner temperatures of f and g, into ts; returns its length. */
static Py_ssize_t breakpoints(const Fn *f, const Fn *g, double *ts) {
    Py_ssize_t i = 0, j = 0, k = 0;
    while (i < f->n || j < g->n) {
        double x;
        if (j >= g->n || (i < f->n && f->p[i].t < g->p[j].t)) {
            x = f->p[i++].t;
        } else if (i >= f->n || g->p[j].t < f->p[i].t) {
            x = g->p[j++].t;
        } else {
            x = f->p[i].t;
            i++;
            j++;
        }
        ts[k++] = x;
    }
    return k;
}

/* Values of f at the ascending temperatures ts (all >= -1), in one merged walk. */
static void sample(const Fn *f, const double *ts, Py_ssize_t m, double *out) {
    Py_ssize_t j = 0, last = f->n - 1;
    for (Py_ssize_t i = 0; i < m; i++) {
        double t = ts[i];
        while (j < last && f->p[j + 1].t <= t) j++;
        double a = f->p[j].t, va = f->p[j].v;
        if (a == t) {
            out[i] = va;
        } else if (j < last) {
            double b = f->p[j + 1].t, vb = f->p[j + 1].v;
            out[i] = va + (vb - va) / (b - a) * (t - a);
        } else {
            out[i] = va + f->tail * (t - a);
        }
    }
}

/* Scratch for one combine/first_nonpositive: breakpoints and the two samples. */
#define SCRATCH_ON_STACK 64

typedef struct {
    double *ts, *fv, *gv; /* each of length cap: the stack arrays below, or one heap block */
    Py_ssize_t cap;
    double *heap;
    double stack[3][SCRATCH_ON_STACK];
} Scratch;

static void scratch_init(Scratch *s) {
    s->ts = s->stack[0];
    s->fv = s->stack[1];
    s->gv = s->stack[2];
    s->cap = SCRATCH_ON_STACK;
    s->heap = NULL;
}

static int scratch_fit(Scratch *s, Py_ssize_t need) {
    if (need <= s->cap) return 1;
    Py_ssize_t cap = need * 2;
    double *block = PyMem_Malloc(3 * (size_t)cap * sizeof(double));
    if (block == NULL) return 0;
    PyMem_Free(s->heap);
    s->heap = block;
    s->ts = block;
    s->fv = block + cap;
    s->gv = block + 2 * cap;
    s->cap = cap;
    return 1;
}

/* Pointwise max (or min) of f and g, crossings included, into out (room for 2 * (f.n + g.n) + 1 corners).
   Returns 1, 0 on a degenerate case left to the Fraction route, -1 on a memory error. */
static int combine(const Fn *f, const Fn *g, int take_max, Scratch *s, Fn *out) {
    if (!scratch_fit(s, f->n + g->n)) return -1;
    double *ts = s->ts, *fv = s->fv, *gv = s->gv;
    Py_ssize_t m = breakpoints(f, g, ts);
    sample(f, ts, m, fv);
    sample(g, ts, m, gv);
    Point *p = out->p;
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < m; i++) {
        double t = ts[i];
        if (i) {
            /* A strict sign change of f - g inside (ts[i-1], t) is a crossing: a corner of the result. */
            double a = ts[i - 1], da = fv[i - 1] - gv[i - 1], db = fv[i] - gv[i];
            if ((da > 0 && 0 > db) || (da < 0 && 0 < db)) {
                double c = a + da / ((da - db) / (t - a));
                p[k].t = c;
                p[k].v = fv[i - 1] + (fv[i] - fv[i - 1]) / (t - a) * (c - a);
                k++;
            }
        }
        p[k].t = t;
        p[k].v = pick(fv[i], gv[i], take_max);
        k++;
    }
    /* Beyond the last breakpoint both are linear: at most one more crossing. */
    double ft = f->tail, gt = g->tail;
    double last = ts[m - 1], d_last = fv[m - 1] - gv[m - 1], d_slope = ft - gt;
    if ((d_last > 0 && 0 > d_slope) || (d_last < 0 && 0 < d_slope)) {
        double c = last - d_last / d_slope;
        p[k].t = c;
        p[k].v = fv[m - 1] + ft * (c - last);
        k++;
        d_last = d_slope; /* past the crossing f - g has the sign of its slope */
    }
    double tail;
    if (d_last == 0) {
        tail = pick(ft, gt, take_max);
    } else if ((d_last > 0) == take_max) {
        tail = ft;
    } else {
        tail = gt;
    }
    out->n = k;
    out->tail = tail;
    return simplify(p, &out->n, tail);
}

/* The least t >= -1 with f(t) <= g(t), for f - g non-increasing and eventually negative.
   Returns 1 and sets *tau, 0 when the scaffolds never meet (left to the Fraction route), -1 on memory. */
static int first_nonpositive(const Fn *f, const Fn *g, Scratch *s, double *tau) {
    if (!scratch_fit(s, f->n + g->n)) return -1;
    double *ts = s->ts, *fv = s->fv, *gv = s->gv;
    Py_ssize_t m = breakpoints(f, g, ts);
    sample(f, ts, m, fv);
    sample(g, ts, m, gv);
    for (Py_ssize_t i = 0; i < m; i++) fv[i] = fv[i] - gv[i]; /* the differences */
    if (fv[0] <= 0) {
        *tau = ts[0];
        return 1;
    }
    for (Py_ssize_t i = 0; i + 1 < m; i++) {
        double a = ts[i], da = fv[i], b = ts[i + 1], db = fv[i + 1];
        if (db <= 0) {
            *tau = a + da / ((da - db) / (b - a));
            return 1;
        }
    }
    double slope = f->tail - g->tail;
    if (slope >= 0) return 0;
    *tau = ts[m - 1] - fv[m - 1] / slope;
    return 1;
}

/* f(t), for t >= -1. */
static double value_at(const Fn *f, double t) {
    const Point *p = f->p;
    Py_ssize_t last = f->n - 1;
    if (t >= p[last].t) return p[last].v + f->tail * (t - p[last].t);
    for (Py_ssize_t i = 0; i < last; i++) {
        double a = p[i].t, b = p[i + 1].t;
        if (a <= t && t <= b) return p[i].v + (p[i + 1].v - p[i].v) / (b - a) * (t - a);
    }
    return p[0].v; /* unreachable: corners start at -1 and t >= -1 */
}

/* f on [-1, top], constant f(top) above, into out (room for f.n + 1 corners). */
static int truncate_at(const Fn *f, double top, Point *out, Py_ssize_t *n) {
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < f->n; i++) {
        if (f->p[i].t < top) out[k++] = f->p[i];
    }
    out[k].t = top;
    out[k].v = value_at(f, top);
    k++;
    *n = k;
    return simplify(out, n, 0.0);
}

/* The corners as a tuple of (t, v) float pairs, or NULL with an exception set. */
static PyObject *points_tuple(const Point *p, Py_ssize_t n) {
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PyTuple_New(2);
        if (pair == NULL) goto fail;
        PyTuple_SET_ITEM(out, i, pair);
        PyObject *t = PyFloat_FromDouble(p[i].t);
        if (t == NULL) goto fail;
        PyTuple_SET_ITEM(pair, 0, t);
        PyObject *v = PyFloat_FromDouble(p[i].v);
        if (v == NULL) goto fail;
        PyTuple_SET_ITEM(pair, 1, v);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* One scaffold from walls[0..count-1]: max (Left) or min (Right) of wall(t) + c*t.
   Returns 1 and sets *result (in the arena), 0 for the Fraction route, -1 on a memory error. */
static int build_scaffold(PyObject **walls, Py_ssize_t count, double c, int take_max, Arena *arena, Scratch *s,
                          Fn *result) {
    Fn acc = {NULL, 0, 0.0};
    if (count == 0) return 0;
    for (Py_ssize_t w = 0; w < count; w++) {
        PyObject *wall = walls[w];
        if (!PyTuple_CheckExact(wall)) return 0;
        Py_ssize_t len = PyTuple_GET_SIZE(wall);
        Fn f;
        f.p = arena_take(arena, (size_t)len);
        if (f.p == NULL) return 0; /* larger than planned: the Fraction route copes */
        if (!read_wall(wall, f.p, &f.n)) return 0;
        /* t -> f(t) + c*t: a wall is constant after its last corner (the mast). */
        for (Py_ssize_t i = 0; i < f.n; i++) f.p[i].v = f.p[i].v + c * f.p[i].t;
        f.tail = 0.0 + c;
        if (w == 0) {
            acc = f;
            continue;
        }
        Fn out;
        out.p = arena_take(arena, (size_t)(2 * (acc.n + f.n) + 1));
        if (out.p == NULL) return 0;
        int ok = combine(&acc, &f, take_max, s, &out);
        if (ok != 1) return ok;
        acc = out;
    }
    *result = acc;
    return 1;
}

/* The most points the arena of one scaffold reserves (4 MB).  The bound below doubles with every wall (each combine
   may double the corners of the running maximum), while real maxima stay near the sum of their walls: a game with
   26 options would reserve gigabytes it never uses.  A scaffold that needs more than the cap finds its arena full
   (arena_take returns NULL) and takes the Fraction route. */
#define ARENA_POINTS_CAP ((size_t)1 << 18)

/* An upper bound on the corners one scaffold needs (its walls and every combine's output), at most the cap. */
static size_t total_corners(PyObject **walls, Py_ssize_t count) {
    size_t total = 0, acc = 0;
    for (Py_ssize_t w = 0; w < count && total < ARENA_POINTS_CAP; w++) {
        size_t len = PyTuple_Check(walls[w]) ? (size_t)PyTuple_GET_SIZE(walls[w]) : 0;
        total += len;
        if (w) {
            acc = 2 * (acc + len) + 1;
            total += acc;
        } else {
            acc = len;
        }
    }
    return total < ARENA_POINTS_CAP ? total : ARENA_POINTS_CAP;
}

/* The walls of {G^L | G^R}: 1 with new references in *out_left, *out_right (corner tuples); 0 for the
   Fraction route; -1 with an exception set. */
static int scaffold_core(PyObject **lwalls, Py_ssize_t nl, PyObject **rwalls, Py_ssize_t nr, PyObject **out_left,
                         PyObject **out_right) {
    size_t need_l = total_corners(lwalls, nl), need_r = total_corners(rwalls, nr);
    if (need_l == 0 || need_r == 0) return 0;
    size_t points = need_l + need_r + 2 * (need_l + need_r) + 4;
    if (points > ARENA_POINTS_CAP) points = ARENA_POINTS_CAP;
    Point stack_block[256];
    Arena arena = {(char *)stack_block, 0, sizeof stack_block};
    char *heap_block = NULL;
    if (points > 256) {
        heap_block = PyMem_Malloc(points * sizeof(Point));
        if (heap_block == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        arena.base = heap_block;
        arena.size = points * sizeof(Point);
    }
    Scratch s;
    scratch_init(&s);
    Fn left, right;
    int ok = build_scaffold(lwalls, nl, -1.0, 1, &arena, &s, &left);
    if (ok == 1) ok = build_scaffold(rwalls, nr, 1.0, 0, &arena, &s, &right);
    double tau = 0.0;
    if (ok == 1) ok = first_nonpositive(&left, &right, &s, &tau);
    if (ok == 1 && tau == -1.0 && value_at(&left, tau) != value_at(&right, tau)) ok = 0; /* not canonical */
    if (ok == 1) {
        Point *lw = arena_take(&arena, (size_t)left.n + 1), *rw = arena_take(&arena, (size_t)right.n + 1);
        Py_ssize_t ln = 0, rn = 0;
        if (lw == NULL || rw == NULL || !truncate_at(&left, tau, lw, &ln) || !truncate_at(&right, tau, rw, &rn)) {
            ok = 0;
        } else {
            for (Py_ssize_t i = 0; ok && i < ln; i++) ok = machine_exact(lw[i].t) && machine_exact(lw[i].v);
            for (Py_ssize_t i = 0; ok && i < rn; i++) ok = machine_exact(rw[i].t) && machine_exact(rw[i].v);
        }
        if (ok == 1) {
            PyObject *lt = points_tuple(lw, ln);
            PyObject *rt = lt == NULL ? NULL : points_tuple(rw, rn);
            if (rt == NULL) {
                Py_XDECREF(lt);
                ok = -1;
            } else {
                *out_left = lt;
                *out_right = rt;
            }
        }
    }
    PyMem_Free(s.heap);
    PyMem_Free(heap_block);
    if (ok == -1 && !PyErr_Occurred()) PyErr_NoMemory();
    return ok;
}

static PyObject *scaffold(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *left_walls, *right_walls;
    if (!PyArg_ParseTuple(args, "OO:scaffold", &left_walls, &right_walls)) return NULL;
    PyObject *ls = PySequence_Fast(left_walls, "scaffold() needs sequences of walls");
    if (ls == NULL) return NULL;
    PyObject *rs = PySequence_Fast(right_walls, "scaffold() needs sequences of walls");
    if (rs == NULL) {
        Py_DECREF(ls);
        return NULL;
    }
    PyObject *lt = NULL, *rt = NULL, *result = NULL;
    int ok = scaffold_core(PySequence_Fast_ITEMS(ls), PySequence_Fast_GET_SIZE(ls), PySequence_Fast_ITEMS(rs),
                           PySequence_Fast_GET_SIZE(rs), &lt, &rt);
    Py_DECREF(ls);
    Py_DECREF(rs);
    if (ok == -1) return NULL;
    if (ok == 0) Py_RETURN_NONE;
    result = PyTuple_Pack(2, lt, rt);
    Py_DECREF(lt);
    Py_DECREF(rt);
    return result;
}

/* ------------------------------------------------------------------ thermographs of option lists
 * cgt.thermo.thermograph registers its classes Trajectory and Thermograph (both with __slots__); the compiled
 * thermograph_of_options then reads the walls of the options' thermographs and builds the result without
 * a Python frame.  Trajectory slots: _points, _fractions; Thermograph slots: left_wall, right_wall. */

static PyObject *trajectory_type = NULL, *thermograph_type = NULL, *empty_tuple = NULL;
static PyObject *s_left_wall = NULL, *s_right_wall = NULL, *s_points = NULL, *s_fractions = NULL;

static PyObject *register_types(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *trajectory, *thermograph;
    if (!PyArg_ParseTuple(args, "O!O!:register", &PyType_Type, &trajectory, &PyType_Type, &thermograph)) return NULL;
    Py_INCREF(trajectory);
    Py_XSETREF(trajectory_type, trajectory);
    Py_INCREF(thermograph);
    Py_XSETREF(thermograph_type, thermograph);
    Py_RETURN_NONE;
}

/* A new instance of a registered class without calling its __init__ (object.__new__(cls)), slots set. */
static PyObject *new_with(PyObject *type, PyObject *name1, PyObject *value1, PyObject *name2, PyObject *value2) {
    PyObject *obj = PyBaseObject_Type.tp_new((PyTypeObject *)type, empty_tuple, NULL);
    if (obj == NULL) return NULL;
    if (PyObject_SetAttr(obj, name1, value1) < 0 || PyObject_SetAttr(obj, name2, value2) < 0) {
        Py_DECREF(obj);
        return NULL;
    }
    return obj;
}

/* The _points of wall `side` of each thermograph in seq, as new references into out (room for count). */
static int gather_walls(PyObject **items, Py_ssize_t count, PyObject *side, PyObject **out) {
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *wall = PyObject_GetAttr(items[i], side);
        if (wall == NULL) goto fail;
        out[i] = PyObject_GetAttr(wall, s_points);
        Py_DECREF(wall);
        if (out[i] == NULL) goto fail;
        continue;
    fail:
        for (Py_ssize_t j = 0; j < i; j++) Py_DECREF(out[j]);
        return 0;
    }
    return 1;
}

static PyObject *thermograph_of_options(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *lefts, *rights;
    if (!PyArg_ParseTuple(args, "O!O!:thermograph_of_options", &PyList_Type, &lefts, &PyList_Type, &rights))
        return NULL;
    if (trajectory_type == NULL || thermograph_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cgt.thermo._thermo.register(Trajectory, Thermograph) was not called");
        return NULL;
    }
    Py_ssize_t nl = PyList_GET_SIZE(lefts), nr = PyList_GET_SIZE(rights);
    PyObject *stack_walls[32];
    PyObject **walls = stack_walls;
    if (nl + nr > 32) {
        walls = PyMem_Malloc((size_t)(nl + nr) * sizeof(PyObject *));
        if (walls == NULL) return PyErr_NoMemory();
    }
    PyObject *result = NULL;
    /* The right walls of Left's options, then the left walls of Right's options. */
    if (!gather_walls(PySequence_Fast_ITEMS(lefts), nl, s_right_wall, walls)) goto done;
    if (!gather_walls(PySequence_Fast_ITEMS(rights), nr, s_left_wall, walls + nl)) {
        for (Py_ssize_t j = 0; j < nl; j++) Py_DECREF(walls[j]);
        goto done;
    }
    PyObject *lt = NULL, *rt = NULL;
    int ok = scaffold_core(walls, nl, walls + nl, nr, &lt, &rt);
    for (Py_ssize_t j = 0; j < nl + nr; j++) Py_DECREF(walls[j]);
    if (ok == 0) {
        result = Py_NewRef(Py_None);
    } else if (ok == 1) {
        PyObject *left_wall = new_with(trajectory_type, s_points, lt, s_fractions, Py_None);
        PyObject *right_wall = left_wall == NULL ? NULL : new_with(trajectory_type, s_points, rt, s_fractions, Py_None);
        if (right_wall != NULL) result = new_with(thermograph_type, s_left_wall, left_wall, s_right_wall, right_wall);
        Py_XDECREF(left_wall);
        Py_XDECREF(right_wall);
        Py_DECREF(lt);
        Py_DECREF(rt);
    }
done:
    if (walls != stack_walls) PyMem_Free(walls);
    return result;
}

static PyMethodDef methods[] = {
    {"scaffold", scaffold, METH_VARARGS,
     "scaffold(left_walls, right_walls) -> (left_points, right_points) or None\n\n"
     "The walls of {G^L | G^R} from the right walls of the G^L and the left walls of the G^R, each a tuple\n"
     "of (t, v) float corners from t = -1, in exact machine dyadics; None when a corner is outside the\n"
     "bounds of the exact float path (the caller then takes the Fraction route)."},
    {"register", register_types, METH_VARARGS,
     "register(Trajectory, Thermograph): the classes thermograph_of_options builds (cgt.thermo.thermograph calls it)."},
    {"thermograph_of_options", thermograph_of_options, METH_VARARGS,
     "thermograph_of_options(lefts, rights) -> Thermograph or None\n\n"
     "The thermograph of {G^L | G^R} from the lists of the options' thermographs, as scaffold() computes it;\n"
     "None when scaffold() would return None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cgt.thermo._thermo",
    "Thermograph walls in exact machine dyadics (compiled twin of cgt.thermo.thermograph.scaffold_walls).", -1, methods,
};

PyMODINIT_FUNC PyInit__thermo(void) {
    empty_tuple = PyTuple_New(0);
    s_left_wall = PyUnicode_InternFromString("left_wall");
    s_right_wall = PyUnicode_InternFromString("right_wall");
    s_points = PyUnicode_InternFromString("_points");
    s_fractions = PyUnicode_InternFromString("_fractions");
    if (empty_tuple == NULL || s_left_wall == NULL || s_right_wall == NULL || s_points == NULL || s_fractions == NULL)
        return NULL;
    return PyModule_Create(&module);
}
