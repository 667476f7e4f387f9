/* cgt._kernel: the compiled part of the kernel of cgt.game (issue 18, step 3).
 *
 * A C base type, GameBase, that cgt.game.Game subclasses.  It holds the per-game fields of the pure kernel
 * in a C struct (the same names are visible from Python: _id, _left, _right, _nus, ...) and implements, for
 * two games:
 *   - identity ==, the hash, and the order (<=, >=, <, >): uptimals x + u.^ + *n with machine-size parts in
 *     closed form, then the per-game comparison memo, then the recursive definition
 *     G <= H iff no G^L >= H and no H^R <= G (Conway, ONAG ch. 1), with the stop refutation and number
 *     avoidance of the pure kernel's _le (Siegel, CGT II.3 and Thm II.3.19);
 *   - +: uptimals add componentwise (interned in cgt.game._by_uptimal, created here when new), other sums
 *     read cgt.game._add_memo and otherwise call back into the Python kernel (_add_deep).
 * Everything unusual (ints and Fractions as operands, big number parts, Fraction number parts) calls the
 * pure kernel's functions, registered by cgt.game through set_hooks(), so the semantics stay those of the
 * pure kernel, which remains the reference (CGT_PURE=1).
 *
 * Games are interned for the whole session (their identity is their value), so they are not tracked by the
 * cyclic garbage collector: a collection never has to traverse the (often millions of) live games.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

typedef struct {
    PyObject_HEAD
    PyObject *id;       /* _id: an int */
    PyObject *left;     /* _left: tuple of options sorted by id, or None until materialised */
    PyObject *right;
    PyObject *nus;      /* _nus: (x, u, n) for an uptimal, else None */
    PyObject *neg;
    PyObject *birthday;
    PyObject *ls, *rs, *lsf, *rsf;
    PyObject *le_memo;  /* dict: other id -> bool (g <= other) */
    PyObject *extra;
    PyObject *weakreflist;
    Py_hash_t hash;
    long long cid;      /* _id as a C integer (ids count from 0) */
    int kind;           /* 0 general game, 1 uptimal that is not a number, 2 number */
    int small;          /* uptimal with machine-size parts: x = num / 2^exp, u, n */
    long long num, exp, u, n;
} GameObject;

static PyTypeObject GameBase_Type;

#define IS_GAME(o) PyObject_TypeCheck((o), &GameBase_Type)
#define NONEISH(p) ((p) == NULL || (p) == Py_None)
/* Machine-size parts: sums and differences of two stay far from overflow. */
#define SMALL_LIMIT (1LL << 61)

/* Bound at set_hooks() time. */
static PyTypeObject *Game_Type = NULL;
static PyObject *next_id = NULL;          /* itertools.count shared with the pure kernel */
static PyObject *by_uptimal = NULL;       /* cgt.game._by_uptimal */
static PyObject *add_memo = NULL;         /* cgt.game._add_memo */
static PyObject *cancel_flag = NULL;      /* cgt._deep.cancel_requested (a one-item list) */
static PyObject *hook_check_room = NULL;  /* _check_room(table) */
static PyObject *hook_add_deep = NULL;    /* _add_deep(g, h) */
static PyObject *hook_le_deep = NULL;     /* deep(le)(g, h) */
static PyObject *hook_uptimal_le = NULL;  /* _uptimal_le(a, b) */
static PyObject *hook_uptimal_sum = NULL; /* _uptimal_sum(a, b) */
static PyObject *hook_materialise = NULL; /* _materialise(g) */
static PyObject *hook_fill_stops = NULL;  /* _fill_stops(g) */
static PyObject *hook_cancelled = NULL;   /* raise_if_cancelled() */
static PyObject *hook_compare_other = NULL; /* _compare_other(g, other, op) */
static PyObject *hook_add_other = NULL;   /* _add_other(g, other) */
static PyObject *str_cgt_game = NULL;     /* "cgt.Game" */
static PyObject *by_options = NULL;       /* cgt.game._by_options */
static PyObject *hook_canonical = NULL;   /* _canonical(left, right, left_split, right_split) */
static PyObject *hook_as_number = NULL;   /* _as_number(left, right) */
static PyObject *hook_recognise = NULL;   /* _recognise_uptimal(left, right) */
static PyObject *namespace = NULL;        /* cgt.game's globals: MAX_INTERNED is read there (tests lower it) */
static PyObject *str_max_interned = NULL;
static PyObject *zero_float = NULL;       /* 0.0, the float shadow of the number part of nimbers */

static int
hooks_ready(void)
{
    if (Game_Type == NULL || hook_le_deep == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cgt._kernel is not initialised (cgt.game sets it up)");
        return 0;
    }
    return 1;
}

/* Ctrl-C: in the main thread a pending signal is handled here, at once, so that KeyboardInterrupt is raised in
 * the computation (were it first noticed by Python code run from inside a garbage-collector callback, it would
 * be reported as unraisable and lost); in the deep worker thread, cgt._deep.cancel_requested is polled, as the
 * pure kernel does. */
static int
poll_cancel(void)
{
    if (PyErr_CheckSignals() < 0)
        return -1;
    PyObject *flag = PyList_GET_ITEM(cancel_flag, 0);
    if (flag == Py_False)
        return 0;
    int set = PyObject_IsTrue(flag);
    if (set <= 0)
        return set;
    PyObject *r = PyObject_CallNoArgs(hook_cancelled);
    Py_XDECREF(r);
    return r == NULL ? -1 : 0;
}

/* The cyclic garbage collector is paused while a kernel operation runs (outermost call only): the kernel
 * creates no cyclic garbage, a long computation then spends no time in collections, and -- the reason it is
 * needed -- a Ctrl-C that arrives during a collection would otherwise be noticed first by Python code run from
 * a gc callback (hypothesis installs one), which reports the KeyboardInterrupt as unraisable and loses it. */
static int gc_depth = 0, gc_was_enabled = 0;

static void
kernel_enter(void)
{
    if (gc_depth++ == 0)
        gc_was_enabled = PyGC_Disable();
}

static void
kernel_leave(void)
{
    if (--gc_depth == 0 && gc_was_enabled)
        PyGC_Enable();
}

/* ------------------------------------------------------------------ creation */

static PyObject *
float_shadow(PyObject *x)
{
    /* _float(x): float(x), or +-inf when x is too large for a float (rounding is monotone). */
    if (PyLong_CheckExact(x)) {
        int overflow = 0;
        long long value = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (value == 0 && !overflow) {
            Py_INCREF(zero_float);
            return zero_float;
        }
        if (!overflow && value > -(1LL << 53) && value < (1LL << 53))
            return PyFloat_FromDouble((double)value);
        PyErr_Clear();
    }
    PyObject *f = PyNumber_Float(x);
    if (f != NULL || !PyErr_ExceptionMatches(PyExc_OverflowError))
        return f;
    PyErr_Clear();
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL)
        return NULL;
    int positive = PyObject_RichCompareBool(x, zero, Py_GT);
    Py_DECREF(zero);
    if (positive < 0)
        return NULL;
    return PyFloat_FromDouble(positive ? Py_HUGE_VAL : -Py_HUGE_VAL);
}

static int
as_small(PyObject *v, long long *out)
{
    /* 1 when v is an int with |v| < SMALL_LIMIT (stored in *out), 0 otherwise, -1 on error. */
    if (!PyLong_CheckExact(v))
        return 0;
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (value == -1 && PyErr_Occurred())
        return -1;
    if (overflow || value >= SMALL_LIMIT || value <= -SMALL_LIMIT)
        return 0;
    *out = value;
    return 1;
}

static PyObject *str_numerator = NULL, *str_denominator = NULL;

/* A number part x (an int, or a Fraction with a power-of-two denominator) as num / 2^exp with machine-size
 * num: 1 when it fits, 0 when not, -1 on error. */
static int
as_small_dyadic(PyObject *x, long long *num, long long *exp)
{
    if (PyLong_CheckExact(x)) {
        *exp = 0;
        return as_small(x, num);
    }
    PyObject *numerator = PyObject_GetAttr(x, str_numerator);
    if (numerator == NULL)
        return -1;
    PyObject *denominator = PyObject_GetAttr(x, str_denominator);
    if (denominator == NULL) {
        Py_DECREF(numerator);
        return -1;
    }
    long long n, d;
    int ok = as_small(numerator, &n);
    if (ok > 0)
        ok = as_small(denominator, &d);
    Py_DECREF(numerator);
    Py_DECREF(denominator);
    if (ok <= 0)
        return ok;
    if (d <= 0 || (d & (d - 1)) != 0)
        return 0;
    *num = n;
    *exp = __builtin_ctzll((unsigned long long)d);
    return 1;
}

/* a/2^ae and b/2^be brought to the common exponent max(ae, be): 1, or 0 when that overflows. */
static int
align(long long a, long long ae, long long b, long long be, long long *ra, long long *rb, long long *re)
{
    long long e = ae > be ? ae : be;
    if (e - ae && __builtin_mul_overflow(a, 1LL << (e - ae), &a))
        return 0;
    if (e - be && __builtin_mul_overflow(b, 1LL << (e - be), &b))
        return 0;
    *ra = a;
    *rb = b;
    *re = e;
    return 1;
}

/* ------------------------------------------------------------------ table of small uptimals
 * (num, exp, u, n) -> the interned game, an accelerator in front of cgt.game._by_uptimal (whose entries are
 * never replaced, so the two always agree).  Open addressing, strong references; emptied by clear_tables(),
 * which cgt.clear_caches() calls. */

typedef struct {
    long long num, exp, u, n;
    PyObject *game; /* NULL: empty slot */
} Entry;

static Entry *table = NULL;
static size_t table_mask = 0, table_used = 0;

static size_t
entry_hash(long long num, long long exp, long long u, long long n)
{
    unsigned long long h = (unsigned long long)num * 0x9E3779B97F4A7C15ULL;
    h ^= (unsigned long long)exp + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
    h ^= (unsigned long long)u * 0xC2B2AE3D27D4EB4FULL + (h << 6) + (h >> 2);
    h ^= (unsigned long long)n * 0x165667B19E3779F9ULL + (h << 6) + (h >> 2);
    h ^= h >> 31;
    return (size_t)h;
}

static PyObject *
table_get(long long num, long long exp, long long u, long long n)
{
    if (table == NULL)
        return NULL;
    size_t i = entry_hash(num, exp, u, n) & table_mask;
    for (;;) {
        Entry *e = &table[i];
        if (e->game == NULL)
            return NULL;
        if (e->num == num && e->n == n && e->u == u && e->exp == exp)
            return e->game;
        i = (i + 1) & table_mask;
    }
}

static int
table_put(long long num, long long exp, long long u, long long n, PyObject *game)
{
    if (table == NULL || 2 * (table_used + 1) > table_mask + 1) {
        size_t size = table == NULL ? 1024 : 2 * (table_mask + 1);
        Entry *bigger = PyMem_Calloc(size, sizeof(Entry));
        if (bigger == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        if (table != NULL) {
            for (size_t k = 0; k <= table_mask; k++) {
                Entry *e = &table[k];
                if (e->game == NULL)
                    continue;
                size_t i = entry_hash(e->num, e->exp, e->u, e->n) & (size - 1);
                while (bigger[i].game != NULL)
                    i = (i + 1) & (size - 1);
                bigger[i] = *e;
            }
            PyMem_Free(table);
        }
        table = bigger;
        table_mask = size - 1;
    }
    size_t i = entry_hash(num, exp, u, n) & table_mask;
    while (table[i].game != NULL) {
        if (table[i].num == num && table[i].n == n && table[i].u == u && table[i].exp == exp)
            return 0;
        i = (i + 1) & table_mask;
    }
    Py_INCREF(game);
    table[i].num = num;
    table[i].exp = exp;
    table[i].u = u;
    table[i].n = n;
    table[i].game = game;
    table_used++;
    return 0;
}

static PyObject *
kernel_clear_tables(PyObject *module, PyObject *unused)
{
    Entry *old = table;
    size_t mask = table_mask;
    table = NULL;
    table_mask = table_used = 0;
    if (old != NULL) {
        for (size_t k = 0; k <= mask; k++)
            Py_XDECREF(old[k].game);
        PyMem_Free(old);
    }
    Py_RETURN_NONE;
}

/* new_game(left, right, nus): a new Game with the field initialisation of the pure kernel's _new. */
static PyObject *
make_game(PyObject *left, PyObject *right, PyObject *nus)
{
    if (!hooks_ready())
        return NULL;
    GameObject *g = (GameObject *)Game_Type->tp_alloc(Game_Type, 0);
    if (g == NULL)
        return NULL;
    if (PyObject_IS_GC((PyObject *)g))
        PyObject_GC_UnTrack(g); /* interned for the session: see the comment at the top */
    g->id = PyIter_Next(next_id);
    if (g->id == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "cgt._kernel: the id counter is exhausted");
        goto fail;
    }
    g->cid = PyLong_AsLongLong(g->id);
    if (g->cid == -1 && PyErr_Occurred())
        goto fail;
    Py_INCREF(left);
    g->left = left;
    Py_INCREF(right);
    g->right = right;
    Py_INCREF(nus);
    g->nus = nus;
    Py_INCREF(Py_None);
    g->neg = Py_None;
    Py_INCREF(Py_None);
    g->birthday = Py_None;
    Py_INCREF(Py_None);
    g->le_memo = Py_None;
    Py_INCREF(Py_None);
    g->extra = Py_None;
    g->kind = 0;
    g->small = 0;
    int number = 0;
    if (nus == Py_None) {
        Py_INCREF(Py_None);
        g->ls = Py_None;
        Py_INCREF(Py_None);
        g->rs = Py_None;
        Py_INCREF(Py_None);
        g->lsf = Py_None;
        Py_INCREF(Py_None);
        g->rsf = Py_None;
    }
    else {
        if (!PyTuple_CheckExact(nus) || PyTuple_GET_SIZE(nus) != 3) {
            PyErr_SetString(PyExc_TypeError, "cgt._kernel: an uptimal key is a tuple (x, u, n)");
            goto fail;
        }
        PyObject *x = PyTuple_GET_ITEM(nus, 0);
        Py_INCREF(x);
        g->ls = x;
        Py_INCREF(x);
        g->rs = x;
        g->lsf = float_shadow(x);
        if (g->lsf == NULL)
            goto fail;
        Py_INCREF(g->lsf);
        g->rsf = g->lsf;
        int ut = PyObject_IsTrue(PyTuple_GET_ITEM(nus, 1));
        int nt = ut < 0 ? -1 : PyObject_IsTrue(PyTuple_GET_ITEM(nus, 2));
        if (ut < 0 || nt < 0)
            goto fail;
        number = !ut && !nt;
        g->kind = number ? 2 : 1;
        long long sx, se, su, sn;
        int a = as_small_dyadic(x, &sx, &se);
        int b = a > 0 ? as_small(PyTuple_GET_ITEM(nus, 1), &su) : a;
        int c = b > 0 ? as_small(PyTuple_GET_ITEM(nus, 2), &sn) : b;
        if (c < 0)
            goto fail;
        if (c > 0 && sn >= 0 && se <= 62) {
            g->small = 1;
            g->num = sx;
            g->exp = se;
            g->u = su;
            g->n = sn;
        }
    }
    if (number) {
        /* a number hashes like its value, so hash(integer(2)) == hash(2) */
        g->hash = PyObject_Hash(PyTuple_GET_ITEM(nus, 0));
    }
    else {
        PyObject *t = PyTuple_Pack(2, str_cgt_game, g->id);
        if (t == NULL)
            goto fail;
        g->hash = PyObject_Hash(t);
        Py_DECREF(t);
    }
    if (g->hash == -1 && PyErr_Occurred())
        goto fail;
    return (PyObject *)g;
fail:
    Py_DECREF(g);
    return NULL;
}

static PyObject *
kernel_new_game(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "new_game(left, right, nus) takes 3 arguments");
        return NULL;
    }
    return make_game(args[0], args[1], args[2]);
}

/* The pure kernel's _check_room: TooLargeError when an intern table holds MAX_INTERNED games (the test is done
 * here; the Python function only builds the error). */
static int
check_room(PyObject *table)
{
    PyObject *limit = PyDict_GetItemWithError(namespace, str_max_interned);
    if (limit != NULL && PyLong_CheckExact(limit)) {
        int overflow = 0;
        long long cap = PyLong_AsLongLongAndOverflow(limit, &overflow);
        if (!(cap == -1 && PyErr_Occurred()) && (overflow > 0 || (!overflow && PyDict_GET_SIZE(table) < cap)))
            return 0;
        PyErr_Clear();
    }
    else if (PyErr_Occurred())
        return -1;
    PyObject *ok = PyObject_CallOneArg(hook_check_room, table);
    if (ok == NULL)
        return -1;
    Py_DECREF(ok);
    return 0;
}

/* The interned uptimal x + u.^ + *n for machine-size parts (the pure kernel's _uptimal on ints). */
static PyObject *
intern_small(long long x, long long u, long long n)
{
    PyObject *key = PyTuple_New(3);
    if (key == NULL)
        return NULL;
    PyObject *item;
    if ((item = PyLong_FromLongLong(x)) == NULL)
        goto fail;
    PyTuple_SET_ITEM(key, 0, item);
    if ((item = PyLong_FromLongLong(u)) == NULL)
        goto fail;
    PyTuple_SET_ITEM(key, 1, item);
    if ((item = PyLong_FromLongLong(n)) == NULL)
        goto fail;
    PyTuple_SET_ITEM(key, 2, item);
    PyObject *g = PyDict_GetItemWithError(by_uptimal, key);
    if (g != NULL) {
        Py_INCREF(g);
        Py_DECREF(key);
        return g;
    }
    if (PyErr_Occurred())
        goto fail;
    if (check_room(by_uptimal) < 0)
        goto fail;
    g = make_game(Py_None, Py_None, key);
    if (g == NULL)
        goto fail;
    if (PyDict_SetItem(by_uptimal, key, g) < 0) {
        Py_DECREF(g);
        goto fail;
    }
    Py_DECREF(key);
    return g;
fail:
    Py_DECREF(key);
    return NULL;
}

/* ------------------------------------------------------------------ order */

/* x + u.^ + *n <= y + v.^ + *m in closed form (the pure kernel's _uptimal_le). */
static int
small_uptimal_le(GameObject *g, GameObject *h)
{
    if (g->num != h->num || g->exp != h->exp) {
        long long a, b, e;
        if (!align(g->num, g->exp, h->num, h->exp, &a, &b, &e))
            return 2; /* too large to align: the pure kernel decides */
        return a < b;
    }
    long long k = h->u - g->u;
    long long j = g->n ^ h->n;
    if (k == 0)
        return j == 0;
    if (k < 0)
        return 0;
    return k >= 2 || j != 1;
}

static int
uptimal_le(GameObject *g, GameObject *h)
{
    if (g->small && h->small) {
        int r = small_uptimal_le(g, h);
        if (r != 2)
            return r;
    }
    PyObject *r = PyObject_CallFunctionObjArgs(hook_uptimal_le, g->nus, h->nus, NULL);
    if (r == NULL)
        return -1;
    int result = PyObject_IsTrue(r);
    Py_DECREF(r);
    return result;
}

static int
fill_stops(GameObject *g)
{
    PyObject *r = PyObject_CallOneArg(hook_fill_stops, (PyObject *)g);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

/* 1 when a > b for two float shadows (floats, or anything ordered), 0 when not, -1 on error. */
static int
shadow_gt(PyObject *a, PyObject *b)
{
    if (PyFloat_CheckExact(a) && PyFloat_CheckExact(b))
        return PyFloat_AS_DOUBLE(a) > PyFloat_AS_DOUBLE(b);
    return PyObject_RichCompareBool(a, b, Py_GT);
}

/* The options of g (materialised from the closed form of an uptimal when needed); a new reference. */
static PyObject *
options_of(GameObject *g, int left)
{
    PyObject *options = left ? g->left : g->right;
    if (NONEISH(options)) {
        PyObject *r = PyObject_CallOneArg(hook_materialise, (PyObject *)g);
        if (r == NULL)
            return NULL;
        Py_DECREF(r);
        options = left ? g->left : g->right;
        if (NONEISH(options)) {
            PyErr_SetString(PyExc_RuntimeError, "cgt._kernel: options were not materialised");
            return NULL;
        }
    }
    if (!PyTuple_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "cgt._kernel: option lists are tuples of games");
        return NULL;
    }
    Py_INCREF(options);
    return options;
}

/* memo.get(key) as 1 / 0, or 2 when absent (-1 on error). */
static int
memo_get(PyObject *memo, PyObject *key)
{
    if (NONEISH(memo))
        return 2;
    PyObject *r = PyDict_GetItemWithError(memo, key);
    if (r == NULL)
        return PyErr_Occurred() ? -1 : 2;
    if (r == Py_True)
        return 1;
    if (r == Py_False)
        return 0;
    return PyObject_IsTrue(r);
}

/* g <= h for canonical games: the pure kernel's _le, step for step (memoised per game on the other's id). */
static int
le_rec(GameObject *g, GameObject *h)
{
    if (g == h)
        return 1;
    PyObject *memo = g->le_memo;
    if (NONEISH(memo)) {
        memo = PyDict_New();
        if (memo == NULL)
            return -1;
        Py_XSETREF(g->le_memo, memo);
    }
    else {
        if (!PyDict_Check(memo)) {
            PyErr_SetString(PyExc_TypeError, "cgt._kernel: _le_memo must be a dict");
            return -1;
        }
        int known = memo_get(memo, h->id);
        if (known != 2)
            return known;
    }
    Py_INCREF(memo); /* kept across the recursion, whatever happens to g->le_memo meanwhile */
    int result;
    if (g->kind && h->kind) {
        result = uptimal_le(g, h);
        if (result < 0)
            goto error;
    }
    else {
        if (Py_EnterRecursiveCall(" while comparing games"))
            goto error;
        /* G <= H forces LS(G) <= LS(H) and RS(G) <= RS(H) (Siegel, CGT II.3): a cheap refutation on the
         * float shadows of the stops (rounding is monotone, so ">" on them is exact). */
        if ((NONEISH(g->rsf) || NONEISH(g->lsf)) && fill_stops(g) < 0)
            goto error_leave;
        if ((NONEISH(h->rsf) || NONEISH(h->lsf)) && fill_stops(h) < 0)
            goto error_leave;
        int gt = shadow_gt(g->lsf, h->lsf);
        if (gt == 0)
            gt = shadow_gt(g->rsf, h->rsf);
        if (gt < 0)
            goto error_leave;
        if (gt) {
            result = 0;
        }
        else {
            if (poll_cancel() < 0)
                goto error_leave;
            result = 1;
            /* Number avoidance: when one side is a number and the other is not, the number's own options
             * never decide the comparison (Siegel, CGT Thm II.3.19). */
            if (g->kind != 2) {
                PyObject *lefts = options_of(g, 1);
                if (lefts == NULL)
                    goto error_leave;
                Py_ssize_t count = PyTuple_GET_SIZE(lefts);
                for (Py_ssize_t i = 0; i < count; i++) {
                    GameObject *gl = (GameObject *)PyTuple_GET_ITEM(lefts, i);
                    int known = memo_get(h->le_memo, gl->id);
                    if (known == 2)
                        known = le_rec(h, gl);
                    if (known < 0) {
                        Py_DECREF(lefts);
                        goto error_leave;
                    }
                    if (known) {
                        result = 0;
                        break;
                    }
                }
                Py_DECREF(lefts);
            }
            if (result && h->kind != 2) {
                PyObject *rights = options_of(h, 0);
                if (rights == NULL)
                    goto error_leave;
                Py_ssize_t count = PyTuple_GET_SIZE(rights);
                for (Py_ssize_t i = 0; i < count; i++) {
                    GameObject *hr = (GameObject *)PyTuple_GET_ITEM(rights, i);
                    int known = memo_get(hr->le_memo, g->id);
                    if (known == 2)
                        known = le_rec(hr, g);
                    if (known < 0) {
                        Py_DECREF(rights);
                        goto error_leave;
                    }
                    if (known) {
                        result = 0;
                        break;
                    }
                }
                Py_DECREF(rights);
            }
        }
        Py_LeaveRecursiveCall();
    }
    if (PyDict_SetItem(memo, h->id, result ? Py_True : Py_False) < 0)
        goto error;
    Py_DECREF(memo);
    return result;
error_leave:
    Py_LeaveRecursiveCall();
error:
    Py_DECREF(memo);
    return -1;
}

static int
check_games(PyObject *const *args, Py_ssize_t nargs, const char *name)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s(g, h) takes 2 arguments", name);
        return 0;
    }
    if (!IS_GAME(args[0]) || !IS_GAME(args[1])) {
        PyErr_Format(PyExc_TypeError, "%s(g, h) takes two games", name);
        return 0;
    }
    return hooks_ready();
}

/* le(g, h): the recursive comparison (the compiled _le). */
static PyObject *
kernel_le(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!check_games(args, nargs, "le"))
        return NULL;
    kernel_enter();
    int r = le_rec((GameObject *)args[0], (GameObject *)args[1]);
    kernel_leave();
    if (r < 0)
        return NULL;
    return PyBool_FromLong(r);
}

/* G <= H from Python: closed form, memo, then the recursion; a recursion too deep for this thread's stack is
 * rerun through the deep-recursion wrapper (cgt._deep.deep), which moves it to a big-stack thread. */
static int
entry_le(GameObject *g, GameObject *h)
{
    if (g == h)
        return 1;
    if (g->kind && h->kind)
        return uptimal_le(g, h);
    int known = memo_get(g->le_memo, h->id);
    if (known != 2)
        return known;
    kernel_enter();
    int r = le_rec(g, h);
    if (r >= 0 || !PyErr_ExceptionMatches(PyExc_RecursionError)) {
        kernel_leave();
        return r;
    }
    PyErr_Clear();
    PyObject *result = PyObject_CallFunctionObjArgs(hook_le_deep, (PyObject *)g, (PyObject *)h, NULL);
    kernel_leave();
    if (result == NULL)
        return -1;
    r = PyObject_IsTrue(result);
    Py_DECREF(result);
    return r;
}

/* The operator with its operands exchanged: <, <=, ==, !=, >, >= become >, >=, ==, !=, <, <=. */
static const int swapped_op[] = {Py_GT, Py_GE, Py_EQ, Py_NE, Py_LT, Py_LE};

static PyObject *
game_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!hooks_ready())
        return NULL;
    if (!IS_GAME(a) || !IS_GAME(b)) {
        /* Ints, Fractions and foreign types: the pure kernel decides (coercion, NotImplemented, errors). */
        PyObject *game = IS_GAME(a) ? a : b;
        PyObject *other = IS_GAME(a) ? b : a;
        if (game != a)
            op = swapped_op[op];
        PyObject *opcode = PyLong_FromLong(op);
        if (opcode == NULL)
            return NULL;
        PyObject *r = PyObject_CallFunctionObjArgs(hook_compare_other, game, other, opcode, NULL);
        Py_DECREF(opcode);
        return r;
    }
    GameObject *g = (GameObject *)a;
    GameObject *h = (GameObject *)b;
    int r;
    switch (op) {
    case Py_EQ:
        return PyBool_FromLong(a == b);
    case Py_NE:
        return PyBool_FromLong(a != b);
    case Py_LE:
        r = entry_le(g, h);
        break;
    case Py_GE:
        r = entry_le(h, g);
        break;
    case Py_LT:
        if (a == b)
            Py_RETURN_FALSE;
        r = entry_le(g, h);
        if (r > 0) {
            r = entry_le(h, g);
            if (r >= 0)
                r = !r;
        }
        break;
    case Py_GT:
        if (a == b)
            Py_RETURN_FALSE;
        r = entry_le(h, g);
        if (r > 0) {
            r = entry_le(g, h);
            if (r >= 0)
                r = !r;
        }
        break;
    default:
        Py_RETURN_NOTIMPLEMENTED;
    }
    if (r < 0)
        return NULL;
    return PyBool_FromLong(r);
}

/* ------------------------------------------------------------------ sum */


static int
by_cid(const void *a, const void *b)
{
    long long x = (*(GameObject *const *)a)->cid, y = (*(GameObject *const *)b)->cid;
    return (x > y) - (x < y);
}

/* The options (a sequence of games) sorted by id, as a new tuple; *key receives the tuple of their ids. */
static PyObject *
sorted_options(PyObject *options, PyObject **key)
{
    PyObject *seq = PySequence_Fast(options, "cgt._kernel: options must be a sequence of games");
    if (seq == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject *sorted = PyTuple_New(count);
    PyObject *ids = PyTuple_New(count);
    if (sorted == NULL || ids == NULL)
        goto fail;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        if (!IS_GAME(items[i])) {
            PyErr_SetString(PyExc_TypeError, "cgt._kernel: options must be games");
            goto fail;
        }
        Py_INCREF(items[i]);
        PyTuple_SET_ITEM(sorted, i, items[i]);
    }
    qsort(&PyTuple_GET_ITEM(sorted, 0), (size_t)count, sizeof(PyObject *), by_cid);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *id = ((GameObject *)PyTuple_GET_ITEM(sorted, i))->id;
        Py_INCREF(id);
        PyTuple_SET_ITEM(ids, i, id);
    }
    Py_DECREF(seq);
    *key = ids;
    return sorted;
fail:
    Py_XDECREF(sorted);
    Py_XDECREF(ids);
    Py_DECREF(seq);
    return NULL;
}

/* The pure kernel's _intern_general: intern a canonical game that is known not to be an uptimal, keyed by the
 * sorted ids of its options, its option tuples sorted by id. */
static PyObject *
intern_general(PyObject *left, PyObject *right)
{
    PyObject *left_key = NULL, *right_key = NULL, *key = NULL, *g = NULL;
    PyObject *lefts = sorted_options(left, &left_key);
    if (lefts == NULL)
        return NULL;
    PyObject *rights = sorted_options(right, &right_key);
    if (rights == NULL)
        goto done;
    key = PyTuple_Pack(2, left_key, right_key);
    if (key == NULL)
        goto done;
    g = PyDict_GetItemWithError(by_options, key);
    if (g != NULL) {
        Py_INCREF(g);
        goto done;
    }
    if (PyErr_Occurred() || check_room(by_options) < 0)
        goto done;
    g = make_game(lefts, rights, Py_None);
    if (g != NULL && PyDict_SetItem(by_options, key, g) < 0)
        Py_CLEAR(g);
done:
    Py_XDECREF(lefts);
    Py_XDECREF(rights);
    Py_XDECREF(left_key);
    Py_XDECREF(right_key);
    Py_XDECREF(key);
    return g;
}

static PyObject *
kernel_intern_general(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "intern_general(left, right) takes 2 arguments");
        return NULL;
    }
    if (!hooks_ready())
        return NULL;
    return intern_general(args[0], args[1]);
}


static PyObject *add_rec(GameObject *g, GameObject *h);

/* Two uptimals: componentwise (numbers and ups add, nimbers XOR); machine-size parts in C. */
static PyObject *
uptimal_sum(GameObject *g, GameObject *h)
{
    long long a, b, e, num;
    if (g->small && h->small && align(g->num, g->exp, h->num, h->exp, &a, &b, &e)
            && !__builtin_add_overflow(a, b, &num)) {
        long long u = g->u + h->u, n = g->n ^ h->n;
        if (num == 0)
            e = 0;
        else if (e) {
            int zeros = __builtin_ctzll((unsigned long long)num);
            if (zeros > e)
                zeros = (int)e;
            num >>= zeros; /* exact: the low bits are zeros */
            e -= zeros;
        }
        if (num < SMALL_LIMIT && num > -SMALL_LIMIT && u < SMALL_LIMIT && u > -SMALL_LIMIT) {
            PyObject *r = table_get(num, e, u, n);
            if (r != NULL) {
                Py_INCREF(r);
                return r;
            }
            r = e == 0 ? intern_small(num, u, n)
                       : PyObject_CallFunctionObjArgs(hook_uptimal_sum, g->nus, h->nus, NULL);
            if (r != NULL && table_put(num, e, u, n, r) < 0)
                Py_CLEAR(r);
            return r;
        }
    }
    return PyObject_CallFunctionObjArgs(hook_uptimal_sum, g->nus, h->nus, NULL);
}

/* The key of cgt.game._add_memo for a pair with g->cid <= h->cid: (g._id << 40) | h._id. */
static PyObject *
add_key(GameObject *g, GameObject *h)
{
    if (g->cid >= 0 && h->cid >= 0 && g->cid < (1LL << 22) && h->cid < (1LL << 40))
        return PyLong_FromUnsignedLongLong(((unsigned long long)g->cid << 40) | (unsigned long long)h->cid);
    PyObject *forty = PyLong_FromLong(40);
    if (forty == NULL)
        return NULL;
    PyObject *shifted = PyNumber_Lshift(g->id, forty);
    Py_DECREF(forty);
    if (shifted == NULL)
        return NULL;
    PyObject *key = PyNumber_Or(shifted, h->id);
    Py_DECREF(shifted);
    return key;
}

/* x + g for a number x (the game `number`) and a game g that is not an uptimal.  Number translation
 * (Siegel, CGT Thm II.3.21): x + G = {x + G^L | x + G^R}, already canonical when G is. */
static PyObject *
translate(GameObject *g, GameObject *number)
{
    int zero = number->small ? number->num == 0 : !PyObject_IsTrue(PyTuple_GET_ITEM(number->nus, 0));
    if (zero) {
        Py_INCREF(g);
        return (PyObject *)g;
    }
    if (poll_cancel() < 0)
        return NULL;
    if (!PyTuple_Check(g->left) || !PyTuple_Check(g->right)) {
        PyErr_SetString(PyExc_TypeError, "cgt._kernel: a general game has option tuples");
        return NULL;
    }
    PyObject *sides[2] = {g->left, g->right}, *moved[2] = {NULL, NULL};
    PyObject *result = NULL;
    for (int side = 0; side < 2; side++) {
        Py_ssize_t count = PyTuple_GET_SIZE(sides[side]);
        moved[side] = PyTuple_New(count);
        if (moved[side] == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *o = add_rec(number, (GameObject *)PyTuple_GET_ITEM(sides[side], i));
            if (o == NULL)
                goto done;
            PyTuple_SET_ITEM(moved[side], i, o);
        }
    }
    result = intern_general(moved[0], moved[1]);
done:
    Py_XDECREF(moved[0]);
    Py_XDECREF(moved[1]);
    return result;
}

/* ------------------------------------------------------------------ canonical form
 * The pure kernel's _canonical, step for step: delete dominated options, bypass reversible ones (Siegel, CGT
 * Thm II.2.9: the result is the unique simplest form); the simplicity theorem and the recognition of uptimals
 * call the Python functions (_as_number, _recognise_uptimal) only when every option is a number / an
 * uptimal, which is when they can answer. */

static int le_raw_canon(PyObject *left, PyObject *right, GameObject *h);

/* g <= {left | right}, where the options are canonical but the game itself may not be. */
static int
le_canon_raw(GameObject *g, PyObject *left, PyObject *right)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(right); i++) {
        int r = le_rec((GameObject *)PyList_GET_ITEM(right, i), g);
        if (r != 0)
            return r < 0 ? -1 : 0;
    }
    PyObject *lefts = options_of(g, 1);
    if (lefts == NULL)
        return -1;
    int result = 1;
    if (Py_EnterRecursiveCall(" while simplifying a game")) {
        Py_DECREF(lefts);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(lefts); i++) {
        int r = le_raw_canon(left, right, (GameObject *)PyTuple_GET_ITEM(lefts, i));
        if (r != 0) {
            result = r < 0 ? -1 : 0;
            break;
        }
    }
    Py_LeaveRecursiveCall();
    Py_DECREF(lefts);
    return result;
}

/* {left | right} <= h, where the options are canonical but the game itself may not be. */
static int
le_raw_canon(PyObject *left, PyObject *right, GameObject *h)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(left); i++) {
        int r = le_rec(h, (GameObject *)PyList_GET_ITEM(left, i));
        if (r != 0)
            return r < 0 ? -1 : 0;
    }
    PyObject *rights = options_of(h, 0);
    if (rights == NULL)
        return -1;
    int result = 1;
    if (Py_EnterRecursiveCall(" while simplifying a game")) {
        Py_DECREF(rights);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(rights); i++) {
        int r = le_canon_raw((GameObject *)PyTuple_GET_ITEM(rights, i), left, right);
        if (r != 0) {
            result = r < 0 ? -1 : 0;
            break;
        }
    }
    Py_LeaveRecursiveCall();
    Py_DECREF(rights);
    return result;
}

/* _maximal (lefts, upper = 0) / _minimal (rights, upper = 1): the options not dominated by (nor equal to an
 * earlier) other option; a nonzero split promises two antichains, options[:split] and options[split:]. */
static PyObject *
undominated(PyObject *options, Py_ssize_t split, int upper)
{
    Py_ssize_t count = PyList_GET_SIZE(options);
    if (count < 2) {
        Py_INCREF(options);
        return options;
    }
    PyObject *kept = PyList_New(0);
    if (kept == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        GameObject *a = (GameObject *)PyList_GET_ITEM(options, i);
        int keep = 1;
        for (Py_ssize_t j = 0; j < count; j++) {
            GameObject *b = (GameObject *)PyList_GET_ITEM(options, j);
            if (a == b) {
                if (j < i) {
                    keep = 0; /* a duplicate: keep the first copy only */
                    break;
                }
                continue;
            }
            if (split && (i < split) == (j < split))
                continue; /* same antichain: never comparable */
            int r = upper ? le_rec(b, a) : le_rec(a, b);
            if (r < 0) {
                Py_DECREF(kept);
                return NULL;
            }
            if (r) {
                keep = 0;
                break;
            }
        }
        if (keep && PyList_Append(kept, (PyObject *)a) < 0) {
            Py_DECREF(kept);
            return NULL;
        }
    }
    return kept;
}

/* 1 when every option on both sides is of at least this kind (2: numbers, 1: uptimals), else 0. */
static int
all_of_kind(PyObject *left, PyObject *right, int kind)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(left); i++)
        if (((GameObject *)PyList_GET_ITEM(left, i))->kind < kind)
            return 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(right); i++)
        if (((GameObject *)PyList_GET_ITEM(right, i))->kind < kind)
            return 0;
    return 1;
}

/* The Python hook when it can answer (every option of the kind), else None; a new reference. */
static PyObject *
maybe_call(PyObject *hook, PyObject *left, PyObject *right, int kind)
{
    if (!all_of_kind(left, right, kind))
        Py_RETURN_NONE;
    return PyObject_CallFunctionObjArgs(hook, left, right, NULL);
}

/* One pass of bypassing reversible options on one side; *changed is set when one was bypassed. */
static PyObject *
bypass(PyObject *left, PyObject *right, int side_left, int *changed)
{
    PyObject *side = side_left ? left : right;
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(side); i++) {
        GameObject *a = (GameObject *)PyList_GET_ITEM(side, i);
        /* a left option a is reversible through a^R when a^R <= G: replace a by a^R's left options (mirror
         * image on the right) */
        PyObject *answers = options_of(a, !side_left);
        if (answers == NULL)
            goto fail;
        int reversed = 0;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(answers); k++) {
            GameObject *ar = (GameObject *)PyTuple_GET_ITEM(answers, k);
            int r = side_left ? le_canon_raw(ar, left, right) : le_raw_canon(left, right, ar);
            if (r < 0) {
                Py_DECREF(answers);
                goto fail;
            }
            if (r) {
                PyObject *replacements = options_of(ar, side_left);
                if (replacements == NULL) {
                    Py_DECREF(answers);
                    goto fail;
                }
                for (Py_ssize_t m = 0; m < PyTuple_GET_SIZE(replacements); m++)
                    if (PyList_Append(out, PyTuple_GET_ITEM(replacements, m)) < 0) {
                        Py_DECREF(replacements);
                        Py_DECREF(answers);
                        goto fail;
                    }
                Py_DECREF(replacements);
                reversed = 1;
                *changed = 1;
                break;
            }
        }
        Py_DECREF(answers);
        if (!reversed && PyList_Append(out, (PyObject *)a) < 0)
            goto fail;
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyObject *
canonical(PyObject *left_in, PyObject *right_in, Py_ssize_t left_split, Py_ssize_t right_split)
{
    if (poll_cancel() < 0)
        return NULL;
    PyObject *number = maybe_call(hook_as_number, left_in, right_in, 2);
    if (number != Py_None)
        return number;
    Py_DECREF(number);
    PyObject *left = undominated(left_in, left_split, 0);
    if (left == NULL)
        return NULL;
    PyObject *right = undominated(right_in, right_split, 1);
    if (right == NULL) {
        Py_DECREF(left);
        return NULL;
    }
    PyObject *result = NULL;
    for (;;) {
        int changed = 0;
        PyObject *new_left = bypass(left, right, 1, &changed);
        if (new_left == NULL)
            goto done;
        PyObject *new_right = bypass(left, right, 0, &changed);
        if (new_right == NULL) {
            Py_DECREF(new_left);
            goto done;
        }
        if (!changed) {
            Py_DECREF(new_left);
            Py_DECREF(new_right);
            break;
        }
        Py_SETREF(left, undominated(new_left, 0, 0));
        Py_DECREF(new_left);
        Py_SETREF(right, undominated(new_right, 0, 1));
        Py_DECREF(new_right);
        if (left == NULL || right == NULL)
            goto done;
    }
    result = maybe_call(hook_as_number, left, right, 2);
    if (result != Py_None)
        goto done;
    Py_DECREF(result);
    result = maybe_call(hook_recognise, left, right, 1);
    if (result != Py_None)
        goto done;
    Py_DECREF(result);
    result = intern_general(left, right);
done:
    Py_XDECREF(left);
    Py_XDECREF(right);
    return result;
}

/* canonical(left, right, left_split=0, right_split=0): the compiled _canonical. */
static PyObject *
kernel_canonical(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 2 || nargs > 4) {
        PyErr_SetString(PyExc_TypeError, "canonical(left, right, left_split=0, right_split=0)");
        return NULL;
    }
    if (!hooks_ready())
        return NULL;
    Py_ssize_t splits[2] = {0, 0};
    for (Py_ssize_t i = 2; i < nargs; i++) {
        splits[i - 2] = PyNumber_AsSsize_t(args[i], PyExc_OverflowError);
        if (splits[i - 2] == -1 && PyErr_Occurred())
            return NULL;
    }
    PyObject *lists[2];
    for (int i = 0; i < 2; i++) {
        lists[i] = PySequence_List(args[i]);
        if (lists[i] == NULL) {
            if (i)
                Py_DECREF(lists[0]);
            return NULL;
        }
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(lists[i]); k++)
            if (!IS_GAME(PyList_GET_ITEM(lists[i], k))) {
                PyErr_SetString(PyExc_TypeError, "canonical(): options must be games");
                Py_DECREF(lists[0]);
                if (i)
                    Py_DECREF(lists[1]);
                return NULL;
            }
    }
    kernel_enter();
    PyObject *r = canonical(lists[0], lists[1], splits[0], splits[1]);
    kernel_leave();
    Py_DECREF(lists[0]);
    Py_DECREF(lists[1]);
    return r;
}

/* g + h for canonical games: the pure kernel's _add (memoised on the unordered pair of ids). */
static PyObject *
add_rec(GameObject *g, GameObject *h)
{
    if (g->kind && h->kind)
        return uptimal_sum(g, h);
    if (g->cid > h->cid) {
        GameObject *t = g;
        g = h;
        h = t;
    }
    PyObject *key = add_key(g, h);
    if (key == NULL)
        return NULL;
    PyObject *result = PyDict_GetItemWithError(add_memo, key);
    if (result != NULL) {
        Py_INCREF(result);
        Py_DECREF(key);
        return result;
    }
    if (PyErr_Occurred() || poll_cancel() < 0 || Py_EnterRecursiveCall(" while adding games")) {
        Py_DECREF(key);
        return NULL;
    }
    if (g->kind == 2)
        result = translate(h, g);
    else if (h->kind == 2)
        result = translate(g, h);
    else {
        /* G + H = {G^L + H, G + H^L | G^R + H, G + H^R}; the G^L + H are pairwise incomparable since the G^L
         * are (order is translation-invariant), which _canonical's splits exploit. */
        PyObject *lists[2] = {NULL, NULL}, *splits[2] = {NULL, NULL};
        for (int side = 0; side < 2; side++) {
            PyObject *list = lists[side] = PyList_New(0);
            if (list == NULL)
                goto general_done;
            for (int which = 0; which < 2; which++) {
                GameObject *mover = which ? h : g, *other = which ? g : h;
                PyObject *options = options_of(mover, side == 0);
                if (options == NULL)
                    goto general_done;
                for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(options); i++) {
                    GameObject *o = (GameObject *)PyTuple_GET_ITEM(options, i);
                    PyObject *sum = which ? add_rec(other, o) : add_rec(o, other);
                    if (sum == NULL || PyList_Append(list, sum) < 0) {
                        Py_XDECREF(sum);
                        Py_DECREF(options);
                        goto general_done;
                    }
                    Py_DECREF(sum);
                }
                Py_DECREF(options);
                if (which == 0 && (splits[side] = PyLong_FromSsize_t(PyList_GET_SIZE(list))) == NULL)
                    goto general_done;
            }
        }
        result = canonical(lists[0], lists[1], PyLong_AsSsize_t(splits[0]), PyLong_AsSsize_t(splits[1]));
general_done:
        Py_XDECREF(lists[0]);
        Py_XDECREF(lists[1]);
        Py_XDECREF(splits[0]);
        Py_XDECREF(splits[1]);
    }
    Py_LeaveRecursiveCall();
    if (result != NULL && PyDict_SetItem(add_memo, key, result) < 0)
        Py_CLEAR(result);
    Py_DECREF(key);
    return result;
}

/* add(g, h): the compiled _add. */
static PyObject *
kernel_add(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!check_games(args, nargs, "add"))
        return NULL;
    kernel_enter();
    PyObject *r = add_rec((GameObject *)args[0], (GameObject *)args[1]);
    kernel_leave();
    return r;
}

static PyObject *
game_add(PyObject *a, PyObject *b)
{
    if (!hooks_ready())
        return NULL;
    if (!IS_GAME(a) || !IS_GAME(b)) {
        /* G + 3, 3 + G, G + Fraction: the pure kernel coerces (the sum is commutative). */
        PyObject *game = IS_GAME(a) ? a : b;
        PyObject *other = IS_GAME(a) ? b : a;
        return PyObject_CallFunctionObjArgs(hook_add_other, game, other, NULL);
    }
    GameObject *g = (GameObject *)a;
    GameObject *h = (GameObject *)b;
    if (g->kind && h->kind)
        return uptimal_sum(g, h);
    kernel_enter();
    PyObject *r = add_rec(g, h);
    if (r == NULL && PyErr_ExceptionMatches(PyExc_RecursionError)) {
        /* too deep for this thread's stack: rerun through the deep-recursion wrapper (a big-stack thread) */
        PyErr_Clear();
        r = PyObject_CallFunctionObjArgs(hook_add_deep, a, b, NULL);
    }
    kernel_leave();
    return r;
}

static PyNumberMethods game_as_number = {
    .nb_add = game_add,
};

/* ------------------------------------------------------------------ type */

static Py_hash_t
game_hash(PyObject *self)
{
    return ((GameObject *)self)->hash;
}

static void
game_dealloc(PyObject *self)
{
    GameObject *g = (GameObject *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (PyObject_IS_GC(self))
        PyObject_GC_UnTrack(self);
    if (g->weakreflist != NULL)
        PyObject_ClearWeakRefs(self);
    Py_CLEAR(g->id);
    Py_CLEAR(g->left);
    Py_CLEAR(g->right);
    Py_CLEAR(g->nus);
    Py_CLEAR(g->neg);
    Py_CLEAR(g->birthday);
    Py_CLEAR(g->ls);
    Py_CLEAR(g->rs);
    Py_CLEAR(g->lsf);
    Py_CLEAR(g->rsf);
    Py_CLEAR(g->le_memo);
    Py_CLEAR(g->extra);
    type->tp_free(self);
}

static PyMemberDef game_members[] = {
    {"_id", T_OBJECT, offsetof(GameObject, id), READONLY, NULL},
    {"_left", T_OBJECT, offsetof(GameObject, left), 0, NULL},
    {"_right", T_OBJECT, offsetof(GameObject, right), 0, NULL},
    {"_nus", T_OBJECT, offsetof(GameObject, nus), READONLY, NULL},
    {"_neg", T_OBJECT, offsetof(GameObject, neg), 0, NULL},
    {"_birthday", T_OBJECT, offsetof(GameObject, birthday), 0, NULL},
    {"_ls", T_OBJECT, offsetof(GameObject, ls), 0, NULL},
    {"_rs", T_OBJECT, offsetof(GameObject, rs), 0, NULL},
    {"_lsf", T_OBJECT, offsetof(GameObject, lsf), 0, NULL},
    {"_rsf", T_OBJECT, offsetof(GameObject, rsf), 0, NULL},
    {"_le_memo", T_OBJECT, offsetof(GameObject, le_memo), 0, NULL},
    {"_extra", T_OBJECT, offsetof(GameObject, extra), 0, NULL},
    {"_hash", T_PYSSIZET, offsetof(GameObject, hash), READONLY, NULL},
    {NULL}
};

static PyTypeObject GameBase_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgt._kernel.GameBase",
    .tp_doc = "The compiled base of cgt.Game: fields, hash, order and sum (see cgt.game).",
    .tp_basicsize = sizeof(GameObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_dealloc = game_dealloc,
    .tp_hash = game_hash,
    .tp_richcompare = game_richcompare,
    .tp_as_number = &game_as_number,
    .tp_members = game_members,
    .tp_weaklistoffset = offsetof(GameObject, weakreflist),
};

/* ------------------------------------------------------------------ module */

static PyObject *
kernel_set_hooks(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"game_type", "next_id", "by_uptimal", "add_memo", "cancel_requested",
                            "check_room", "add_deep", "le_deep", "uptimal_le", "uptimal_sum", "materialise",
                            "fill_stops", "raise_if_cancelled", "compare_other", "add_other", "by_options",
                            "canonical", "namespace", "as_number", "recognise_uptimal", NULL};
    PyObject *v[20];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO!O!O!OOOOOOOOOOO!OO!OO", names, &v[0], &v[1], &PyDict_Type,
                                     &v[2], &PyDict_Type, &v[3], &PyList_Type, &v[4], &v[5], &v[6], &v[7], &v[8],
                                     &v[9], &v[10], &v[11], &v[12], &v[13], &v[14], &PyDict_Type, &v[15], &v[16],
                                     &PyDict_Type, &v[17], &v[18], &v[19]))
        return NULL;
    if (!PyType_Check(v[0]) || !PyType_IsSubtype((PyTypeObject *)v[0], &GameBase_Type)) {
        PyErr_SetString(PyExc_TypeError, "game_type must be a subclass of GameBase");
        return NULL;
    }
    if (PyList_GET_SIZE(v[4]) != 1) {
        PyErr_SetString(PyExc_ValueError, "cancel_requested must be a one-item list");
        return NULL;
    }
    PyObject **slots[20] = {(PyObject **)&Game_Type, &next_id, &by_uptimal, &add_memo, &cancel_flag,
                            &hook_check_room, &hook_add_deep, &hook_le_deep, &hook_uptimal_le, &hook_uptimal_sum,
                            &hook_materialise, &hook_fill_stops, &hook_cancelled, &hook_compare_other,
                            &hook_add_other, &by_options, &hook_canonical, &namespace, &hook_as_number,
                            &hook_recognise};
    for (int i = 0; i < 20; i++) {
        Py_INCREF(v[i]);
        Py_XSETREF(*slots[i], v[i]);
    }
    Py_RETURN_NONE;
}

static PyMethodDef kernel_methods[] = {
    {"set_hooks", (PyCFunction)(void (*)(void))kernel_set_hooks, METH_VARARGS | METH_KEYWORDS,
     "Bind the Game class, intern tables and pure-kernel fallbacks (called once by cgt.game)."},
    {"new_game", (PyCFunction)(void (*)(void))kernel_new_game, METH_FASTCALL,
     "new_game(left, right, nus): a new Game, initialised as the pure kernel's _new does."},
    {"canonical", (PyCFunction)(void (*)(void))kernel_canonical, METH_FASTCALL,
     "canonical(left, right, left_split=0, right_split=0): the canonical form of {left | right} (the compiled "
     "_canonical)."},
    {"clear_tables", kernel_clear_tables, METH_NOARGS,
     "Empty the table of small uptimals (an accelerator of cgt.game._by_uptimal; cgt.clear_caches() calls it)."},
    {"add", (PyCFunction)(void (*)(void))kernel_add, METH_FASTCALL,
     "add(g, h): g + h for two canonical games (the compiled _add, memoised)."},
    {"intern_general", (PyCFunction)(void (*)(void))kernel_intern_general, METH_FASTCALL,
     "intern_general(left, right): the interned canonical game {left | right} that is not an uptimal."},
    {"le", (PyCFunction)(void (*)(void))kernel_le, METH_FASTCALL,
     "le(g, h): g <= h for two canonical games (the compiled _le, memoised)."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "cgt._kernel",
    .m_doc = "The compiled kernel of cgt.game (issue 18 step 3); cgt.kernel_info() tells whether it is active.",
    .m_size = -1,
    .m_methods = kernel_methods,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    if (PyType_Ready(&GameBase_Type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (m == NULL)
        return NULL;
    str_cgt_game = PyUnicode_InternFromString("cgt.Game");
    str_numerator = PyUnicode_InternFromString("numerator");
    str_denominator = PyUnicode_InternFromString("denominator");
    str_max_interned = PyUnicode_InternFromString("MAX_INTERNED");
    zero_float = PyFloat_FromDouble(0.0);
    if (str_cgt_game == NULL || str_numerator == NULL || str_denominator == NULL || str_max_interned == NULL
            || zero_float == NULL) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&GameBase_Type);
    if (PyModule_AddObject(m, "GameBase", (PyObject *)&GameBase_Type) < 0) {
        Py_DECREF(&GameBase_Type);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
