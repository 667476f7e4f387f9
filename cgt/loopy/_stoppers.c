/* cgt.loopy._stoppers: every node of a stopper graph in simplest form, one strongly connected component at a
 * time, in C.  The pure-Python reference is cgt.loopy.simplify.simplest_all (one order relation over the whole
 * graph); cgt.loopy.simplify.simplest_all_components calls this module and tests/loopy/test_stoppers_c.py checks
 * that both give every node the same simplest form on random graphs.
 *
 * Facts used (Siegel, Combinatorial Game Theory, ch. VI; Conway, On Numbers and Games, ch. 11):
 *   - a stopper (no infinite alternating play) has a unique simplest form, reached by deleting dominated
 *     options, bypassing reversible ones and fusing equal positions; the first two change no position's value;
 *   - for stoppers G >= H iff Left survives G - H with Right moving first: Right wins a state iff he forces Left
 *     out of moves in finitely many moves (retrograde analysis with move counters);
 *   - the followers of a node in simplest form are in simplest form, and two of them are equal only if they are
 *     the same node.
 *
 * So the components of the graph are solved in reverse topological order (Tarjan's algorithm emits them so):
 * the nodes a component reaches outside itself are already fused into the universe U of distinct simplest-form
 * values found so far.  A component's local graph is its own nodes plus the part T of U they reach; the order
 * relation of the local graph comes from one retrograde analysis of its pairs, the component's nodes are
 * reduced against it (T is in simplest form already), and each is then fused with an equal node of T, with an
 * equal node of the component found earlier, or becomes a new node of U.
 *
 * simplest(lptr, ltgt, rptr, rtgt) takes the option lists as compressed rows of int32 (node i's Left options
 * are ltgt[lptr[i]:lptr[i+1]]) and returns (index, left, right): index (bytes of int32) gives the node of U that
 * node i became, and left/right are U's option lists (tuples of U nodes).  It returns None when the graph has an
 * infinite alternating play, -1 when a component's local graph has more than max_pairs pairs, -2 when bypassing
 * reversible options does not settle.
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
        Py_ssize_t cap = v->cap ? 2 * v->cap : 16;
        int32_t *a = PyMem_Realloc(v->a, cap * sizeof(int32_t));
        if (a == NULL)
            return -1;
        v->a = a;
        v->cap = cap;
    }
    v->a[v->n++] = x;
    return 0;
}

static int
vec_reserve(Vec *v, Py_ssize_t cap)
{
    if (v->cap >= cap)
        return 0;
    int32_t *a = PyMem_Realloc(v->a, cap * sizeof(int32_t));
    if (a == NULL)
        return -1;
    v->a = a;
    v->cap = cap;
    return 0;
}

static void
vec_free(Vec *v)
{
    PyMem_Free(v->a);
    v->a = NULL;
    v->n = v->cap = 0;
}

/* ------------------------------------------------------------------ the universe of simplest-form values */

typedef struct {
    Vec lstart, lcount, ltgt, rstart, rcount, rtgt;
    Py_ssize_t size;
} Universe;

/* ------------------------------------------------------------------ one component's local graph */

typedef struct {
    /* local nodes: 0..k-1 the component, k..m-1 the universe nodes T it reaches */
    Py_ssize_t k, m;
    Vec node;          /* graph node (component) or U node (T) of each local node */
    Vec lptr, ltgt, rptr, rtgt;       /* local option lists (compressed rows) */
    Vec lpp, lps, rpp, rps;           /* predecessor lists (compressed rows) */
    Vec cnt;
    /* reduced option lists of the component's nodes: dynamic */
    Vec *left, *right;
    Py_ssize_t dyn_cap;
    uint8_t *rwin;
    int32_t *counter;
    Vec stack;
    Py_ssize_t pair_cap;
} Local;

/* ge(x, y): local node x >= local node y */
#define GE(L, x, y) (!(L)->rwin[((Py_ssize_t)(x) * (L)->m + (y)) * 2 + 1])

static int
build_predecessors(Py_ssize_t m, Vec *ptr, Vec *tgt, Vec *pp, Vec *ps, Vec *cnt)
{
    if (vec_reserve(pp, m + 1) < 0 || vec_reserve(ps, tgt->n + 1) < 0 || vec_reserve(cnt, m + 1) < 0)
        return -1;
    memset(pp->a, 0, (m + 1) * sizeof(int32_t));
    for (Py_ssize_t e = 0; e < tgt->n; e++)
        pp->a[tgt->a[e] + 1]++;
    for (Py_ssize_t i = 0; i < m; i++)
        pp->a[i + 1] += pp->a[i];
    memcpy(cnt->a, pp->a, m * sizeof(int32_t));
    for (Py_ssize_t i = 0; i < m; i++)
        for (int32_t e = ptr->a[i]; e < ptr->a[i + 1]; e++)
            ps->a[cnt->a[tgt->a[e]]++] = (int32_t)i;
    pp->n = m + 1;
    ps->n = tgt->n;
    return 0;
}

/* Right-win flags of every state of x - y over the local graph (see cgt.loopy.survival._pair_right_wins). */
static int
order_relation(Local *L)
{
    Py_ssize_t m = L->m, pairs = m * m;
    if (pairs > L->pair_cap) {
        uint8_t *rwin = PyMem_Realloc(L->rwin, 2 * pairs);
        if (rwin == NULL)
            return -1;
        L->rwin = rwin;
        int32_t *counter = PyMem_Realloc(L->counter, pairs * sizeof(int32_t));
        if (counter == NULL)
            return -1;
        L->counter = counter;
        L->pair_cap = pairs;
    }
    if (build_predecessors(m, &L->lptr, &L->ltgt, &L->lpp, &L->lps, &L->cnt) < 0
        || build_predecessors(m, &L->rptr, &L->rtgt, &L->rpp, &L->rps, &L->cnt) < 0)
        return -1;
    uint8_t *rwin = L->rwin;
    int32_t *counter = L->counter;
    int32_t *lptr = L->lptr.a, *rptr = L->rptr.a;
    int32_t *lpp = L->lpp.a, *lps = L->lps.a, *rpp = L->rpp.a, *rps = L->rps.a;
    memset(rwin, 0, 2 * pairs);
    L->stack.n = 0;
    for (Py_ssize_t x = 0; x < m; x++) {
        int32_t lx = lptr[x + 1] - lptr[x];
        for (Py_ssize_t y = 0; y < m; y++) {
            Py_ssize_t p = x * m + y;
            int32_t c = lx + rptr[y + 1] - rptr[y];
            counter[p] = c;
            if (!c) {
                rwin[2 * p] = 1;
                if (vec_push(&L->stack, (int32_t)(2 * p)) < 0)
                    return -1;
            }
        }
    }
    while (L->stack.n) {
        int32_t s = L->stack.a[--L->stack.n];
        Py_ssize_t p = s >> 1, x = p / m, y = p % m;
        if (!(s & 1)) {
            /* Left to move and lost: Right wins where he moved here (x' -> x by x'^R, y' -> y by y'^L) */
            for (int32_t e = rpp[x]; e < rpp[x + 1]; e++) {
                Py_ssize_t t = ((Py_ssize_t)rps[e] * m + y) * 2 + 1;
                if (!rwin[t]) {
                    rwin[t] = 1;
                    if (vec_push(&L->stack, (int32_t)t) < 0)
                        return -1;
                }
            }
            for (int32_t e = lpp[y]; e < lpp[y + 1]; e++) {
                Py_ssize_t t = (x * m + lps[e]) * 2 + 1;
                if (!rwin[t]) {
                    rwin[t] = 1;
                    if (vec_push(&L->stack, (int32_t)t) < 0)
                        return -1;
                }
            }
        }
        else {
            /* Right to move and won: a Left-to-move predecessor is lost once all its moves are */
            for (int32_t e = lpp[x]; e < lpp[x + 1]; e++) {
                Py_ssize_t q = (Py_ssize_t)lps[e] * m + y;
                if (!rwin[2 * q] && !--counter[q]) {
                    rwin[2 * q] = 1;
                    if (vec_push(&L->stack, (int32_t)(2 * q)) < 0)
                        return -1;
                }
            }
            for (int32_t e = rpp[y]; e < rpp[y + 1]; e++) {
                Py_ssize_t q = x * m + rps[e];
                if (!rwin[2 * q] && !--counter[q]) {
                    rwin[2 * q] = 1;
                    if (vec_push(&L->stack, (int32_t)(2 * q)) < 0)
                        return -1;
                }
            }
        }
    }
    return 0;
}

/* The options of local node i on one side: the dynamic list for the component, else the static one. */
static inline int32_t *
options_of(Local *L, int32_t i, int left, Py_ssize_t *count)
{
    if (i < L->k) {
        Vec *v = left ? &L->left[i] : &L->right[i];
        *count = v->n;
        return v->a;
    }
    Vec *ptr = left ? &L->lptr : &L->rptr, *tgt = left ? &L->ltgt : &L->rtgt;
    *count = ptr->a[i + 1] - ptr->a[i];
    return tgt->a + ptr->a[i];
}

static int
contains(const int32_t *a, Py_ssize_t n, int32_t x)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (a[i] == x)
            return 1;
    return 0;
}

/* Node i's options on one side after deleting dominated ones and bypassing reversible ones (as
 * cgt.loopy.simplify._settle); the result replaces *out.  Returns 1 when it changed, 0 when not, -1 on
 * error, -2 when the bypassing does not settle within bound steps. */
static int
settle(Local *L, int32_t i, int is_left, Py_ssize_t bound, Vec *work, Vec *next)
{
    Vec *out = is_left ? &L->left[i] : &L->right[i];
    work->n = 0;
    for (Py_ssize_t a = 0; a < out->n; a++)
        if (vec_push(work, out->a[a]) < 0)
            return -1;
    for (Py_ssize_t step = 0; step < bound; step++) {
        /* dominated options: y at least as good as x (for Left y >= x, for Right y <= x); of equal ones the
         * first stays */
        next->n = 0;
        for (Py_ssize_t a = 0; a < work->n; a++) {
            int32_t x = work->a[a];
            int dominated = 0;
            for (Py_ssize_t b = 0; b < work->n && !dominated; b++) {
                int32_t y = work->a[b];
                if (y == x)
                    continue;
                int yx = is_left ? GE(L, y, x) : GE(L, x, y);
                int xy = is_left ? GE(L, x, y) : GE(L, y, x);
                if (yx && (!xy || b < a))
                    dominated = 1;
            }
            if (!dominated && vec_push(next, x) < 0)
                return -1;
        }
        /* the first reversible option: Left's x with some x^R <= G, Right's x with some x^L >= G */
        int32_t hit_x = -1, hit_r = -1;
        for (Py_ssize_t a = 0; a < next->n && hit_x < 0; a++) {
            int32_t x = next->a[a];
            Py_ssize_t nr;
            int32_t *rs = options_of(L, x, !is_left, &nr);
            for (Py_ssize_t b = 0; b < nr; b++) {
                if (is_left ? GE(L, i, rs[b]) : GE(L, rs[b], i)) {
                    hit_x = x;
                    hit_r = rs[b];
                    break;
                }
            }
        }
        if (hit_x < 0) {
            int changed = next->n != out->n || memcmp(next->a, out->a, next->n * sizeof(int32_t)) != 0;
            out->n = 0;
            for (Py_ssize_t a = 0; a < next->n; a++)
                if (vec_push(out, next->a[a]) < 0)
                    return -1;
            return changed;
        }
        work->n = 0;
        for (Py_ssize_t a = 0; a < next->n; a++)
            if (next->a[a] != hit_x && vec_push(work, next->a[a]) < 0)
                return -1;
        Py_ssize_t nrep;
        int32_t *rep = options_of(L, hit_r, is_left, &nrep);
        for (Py_ssize_t b = 0; b < nrep; b++)
            if (!contains(work->a, work->n, rep[b]) && vec_push(work, rep[b]) < 0)
                return -1;
    }
    return -2;
}

/* ------------------------------------------------------------------ the whole graph */

typedef struct {
    Py_ssize_t n;
    const int32_t *lptr, *ltgt, *rptr, *rtgt;
} Input;

/* Whether some state (node, mover) starts an infinite alternating play (Kahn's peeling, as
 * cgt.loopy.graph.Graph.alternating_cycle_nodes). */
static int
has_alternating_cycle(const Input *g, int *error)
{
    Py_ssize_t n = g->n;
    int32_t *outdeg = PyMem_Malloc(2 * n * sizeof(int32_t) + 1);
    int32_t *pp[2], *ps[2];
    int32_t *todo = PyMem_Malloc(2 * n * sizeof(int32_t) + 1);
    pp[0] = PyMem_Calloc(n + 1, sizeof(int32_t));
    pp[1] = PyMem_Calloc(n + 1, sizeof(int32_t));
    ps[0] = PyMem_Malloc(g->lptr[n] * sizeof(int32_t) + 1);
    ps[1] = PyMem_Malloc(g->rptr[n] * sizeof(int32_t) + 1);
    int32_t *fill = PyMem_Malloc((n + 1) * sizeof(int32_t));
    int result = 0;
    if (!outdeg || !todo || !pp[0] || !pp[1] || !ps[0] || !ps[1] || !fill) {
        *error = 1;
        goto done;
    }
    for (int side = 0; side < 2; side++) {
        const int32_t *ptr = side ? g->rptr : g->lptr, *tgt = side ? g->rtgt : g->ltgt;
        for (Py_ssize_t e = 0; e < ptr[n]; e++)
            pp[side][tgt[e] + 1]++;
        for (Py_ssize_t i = 0; i < n; i++)
            pp[side][i + 1] += pp[side][i];
        memcpy(fill, pp[side], n * sizeof(int32_t));
        for (Py_ssize_t i = 0; i < n; i++)
            for (int32_t e = ptr[i]; e < ptr[i + 1]; e++)
                ps[side][fill[tgt[e]]++] = (int32_t)i;
    }
    Py_ssize_t top = 0, dead = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        outdeg[2 * i] = g->lptr[i + 1] - g->lptr[i];
        outdeg[2 * i + 1] = g->rptr[i + 1] - g->rptr[i];
        if (!outdeg[2 * i])
            todo[top++] = (int32_t)(2 * i);
        if (!outdeg[2 * i + 1])
            todo[top++] = (int32_t)(2 * i + 1);
    }
    while (top) {
        int32_t s = todo[--top];
        dead++;
        int32_t i = s >> 1, mover = s & 1;
        /* (j, Left to move) --Left move--> (i, Right to move), and dually */
        int side = mover ? 0 : 1;
        for (int32_t e = pp[side][i]; e < pp[side][i + 1]; e++) {
            int32_t t = 2 * ps[side][e] + side;
            if (!--outdeg[t])
                todo[top++] = t;
        }
    }
    result = dead < 2 * n;
done:
    PyMem_Free(outdeg);
    PyMem_Free(todo);
    PyMem_Free(pp[0]);
    PyMem_Free(pp[1]);
    PyMem_Free(ps[0]);
    PyMem_Free(ps[1]);
    PyMem_Free(fill);
    return result;
}

static inline int32_t
edge_target(const Input *g, int32_t i, int32_t e)
{
    int32_t nl = g->lptr[i + 1] - g->lptr[i];
    return e < nl ? g->ltgt[g->lptr[i] + e] : g->rtgt[g->rptr[i] + e - nl];
}

static inline int32_t
edge_count(const Input *g, int32_t i)
{
    return g->lptr[i + 1] - g->lptr[i] + g->rptr[i + 1] - g->rptr[i];
}

typedef struct {
    Universe U;
    Local L;
    Vec ustamp, ulocal, index, comp, work, next, classes, uopts;
    Vec reps, final, sig, sig_ptr, cand, cand_ptr, alive, ltable, rtable;
    Py_ssize_t lused, rused, components;
    int32_t stamp;
} State;

static void
state_free(State *S)
{
    Vec *vs[] = {&S->U.lstart, &S->U.lcount, &S->U.ltgt, &S->U.rstart, &S->U.rcount, &S->U.rtgt,
                 &S->L.node, &S->L.lptr, &S->L.ltgt, &S->L.rptr, &S->L.rtgt, &S->L.lpp, &S->L.lps,
                 &S->L.rpp, &S->L.rps, &S->L.cnt, &S->L.stack, &S->ustamp, &S->ulocal, &S->index, &S->comp,
                 &S->work, &S->next, &S->classes, &S->uopts,
                 &S->reps, &S->final, &S->sig, &S->sig_ptr, &S->cand, &S->cand_ptr, &S->alive, &S->ltable,
                 &S->rtable};
    for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++)
        vec_free(vs[i]);
    for (Py_ssize_t i = 0; i < S->L.dyn_cap; i++) {
        vec_free(&S->L.left[i]);
        vec_free(&S->L.right[i]);
    }
    PyMem_Free(S->L.left);
    PyMem_Free(S->L.right);
    PyMem_Free(S->L.rwin);
    PyMem_Free(S->L.counter);
}

static int
cmp_int32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* The local node of universe node u, adding it (and marking it for the closure) when new. */
static int
local_of_universe(State *S, int32_t u)
{
    if (S->ustamp.a[u] == S->stamp)
        return S->ulocal.a[u];
    S->ustamp.a[u] = S->stamp;
    S->ulocal.a[u] = (int32_t)S->L.node.n;
    if (vec_push(&S->L.node, u) < 0)
        return -1;
    return S->ulocal.a[u];
}


/* ------------------------------------------------------------------ fusing new classes with U */

static uint64_t
signature_hash(const int32_t *a, Py_ssize_t n)
{
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        h ^= (uint32_t)a[i];
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return h;
}

/* U's option list of u on one side */
static inline int32_t *
universe_options(Universe *U, int32_t u, int left, Py_ssize_t *count)
{
    *count = (left ? U->lcount : U->rcount).a[u];
    return (left ? U->ltgt : U->rtgt).a + (left ? U->lstart : U->rstart).a[u];
}

static int
table_insert_raw(Vec *table, Universe *U, int left, int32_t u)
{
    Py_ssize_t count;
    int32_t *opts = universe_options(U, u, left, &count);
    size_t mask = (size_t)table->n - 1, i = signature_hash(opts, count) & mask;
    while (table->a[i] >= 0)
        i = (i + 1) & mask;
    table->a[i] = u;
    return 0;
}

/* Register U node u in the table of Left (left) or Right signatures (a multimap by open addressing). */
static int
table_insert(Vec *table, Py_ssize_t *used, Universe *U, int left, int32_t u)
{
    if (2 * (*used + 1) > table->n) {
        Py_ssize_t size = table->n ? 2 * table->n : 1024;
        Vec old = *table;
        table->a = NULL;
        table->n = table->cap = 0;
        if (vec_reserve(table, size) < 0) {
            *table = old;
            return -1;
        }
        table->n = size;
        for (Py_ssize_t i = 0; i < size; i++)
            table->a[i] = -1;
        for (Py_ssize_t i = 0; i < old.n; i++)
            if (old.a[i] >= 0)
                table_insert_raw(table, U, left, old.a[i]);
        vec_free(&old);
    }
    (*used)++;
    return table_insert_raw(table, U, left, u);
}

static int
same_list(const int32_t *a, Py_ssize_t na, const int32_t *b, Py_ssize_t nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na * sizeof(int32_t)) == 0);
}

/* The mapped options of new class j on one side (U nodes >= 0, new classes -1 - j'), deduplicated. */
static int
class_options(State *S, Py_ssize_t j, int left, Vec *out)
{
    Local *L = &S->L;
    Vec *opts = left ? &L->left[S->reps.a[j]] : &L->right[S->reps.a[j]];
    out->n = 0;
    for (Py_ssize_t a = 0; a < opts->n; a++) {
        int32_t o = opts->a[a];
        int32_t u = o < L->k ? S->classes.a[o] : L->node.a[o];
        if (!contains(out->a, out->n, u) && vec_push(out, u) < 0)
            return -1;
    }
    qsort(out->a, out->n, sizeof(int32_t), cmp_int32);
    return 0;
}

/* Whether the options ops (of a new class, mapped) match U's options us under the candidate pairs alive. */
static int
options_match(State *S, const int32_t *ops, Py_ssize_t nops, const int32_t *us, Py_ssize_t nus)
{
    /* every option of the class has an equal option in U, and every option in U an equal one of the class */
    for (Py_ssize_t a = 0; a < nops; a++) {
        int32_t o = ops[a];
        int found = 0;
        if (o >= 0)
            found = contains(us, nus, o);
        else {
            Py_ssize_t j = -1 - o;
            for (int32_t e = S->cand_ptr.a[j]; e < S->cand_ptr.a[j + 1] && !found; e++)
                if (S->alive.a[e] && contains(us, nus, S->cand.a[e]))
                    found = 1;
        }
        if (!found)
            return 0;
    }
    for (Py_ssize_t b = 0; b < nus; b++) {
        int32_t w = us[b];
        int found = contains(ops, nops, w);
        for (Py_ssize_t a = 0; a < nops && !found; a++) {
            if (ops[a] >= 0)
                continue;
            Py_ssize_t j = -1 - ops[a];
            for (int32_t e = S->cand_ptr.a[j]; e < S->cand_ptr.a[j + 1] && !found; e++)
                if (S->alive.a[e] && S->cand.a[e] == w)
                    found = 1;
        }
        if (!found)
            return 0;
    }
    return 1;
}

/* The new classes of a component: each equals a node of U with the same options up to equality (in reduced
 * graphs equal nodes are bisimilar; U is fused, so it is at most one), or becomes a new node of U.
 * Candidates share the class's Left (or Right) option list when that list names no new class; the greatest
 * bisimulation between the new classes and their candidates is then found by deleting pairs that fail. */
static int
fuse_new_classes(State *S, Py_ssize_t nc)
{
    Universe *U = &S->U;
    /* the classes' mapped option lists */
    S->sig_ptr.n = 0;
    S->sig.n = 0;
    for (Py_ssize_t j = 0; j < nc; j++) {
        for (int side = 1; side >= 0; side--) {
            if (class_options(S, j, side, &S->uopts) < 0 || vec_push(&S->sig_ptr, (int32_t)S->sig.n) < 0)
                return -1;
            for (Py_ssize_t a = 0; a < S->uopts.n; a++)
                if (vec_push(&S->sig, S->uopts.a[a]) < 0)
                    return -1;
        }
    }
    if (vec_push(&S->sig_ptr, (int32_t)S->sig.n) < 0)
        return -1;
#define SIG(j, left) (S->sig.a + S->sig_ptr.a[2 * (j) + !(left)])
#define SIGN(j, left) (S->sig_ptr.a[2 * (j) + !(left) + 1] - S->sig_ptr.a[2 * (j) + !(left)])
    /* candidates */
    S->cand_ptr.n = 0;
    S->cand.n = 0;
    for (Py_ssize_t j = 0; j < nc; j++) {
        if (vec_push(&S->cand_ptr, (int32_t)S->cand.n) < 0)
            return -1;
        int use = -1;
        for (int side = 1; side >= 0 && use < 0; side--) {
            int resolved = 1;
            for (Py_ssize_t a = 0; a < SIGN(j, side); a++)
                if (SIG(j, side)[a] < 0)
                    resolved = 0;
            if (resolved)
                use = side;
        }
        Py_ssize_t scan = use < 0 ? U->size : 0;
        Vec *table = use == 1 ? &S->ltable : &S->rtable;
        size_t mask = 0, i = 0;
        if (use >= 0 && table->n) {
            mask = (size_t)table->n - 1;
            i = signature_hash(SIG(j, use), SIGN(j, use)) & mask;
        }
        for (Py_ssize_t step = 0;; step++) {
            int32_t u;
            if (use < 0) {
                if (step >= scan)
                    break;
                u = (int32_t)step;
            }
            else {
                if (!table->n || table->a[i] < 0)
                    break;
                u = table->a[i];
                i = (i + 1) & mask;
            }
            int ok = 1;
            for (int side = 1; side >= 0 && ok; side--) {
                Py_ssize_t nu;
                int32_t *us = universe_options(U, u, side, &nu);
                if (nu != SIGN(j, side))
                    ok = 0;
                else if (side == use)
                    ok = same_list(us, nu, SIG(j, side), SIGN(j, side));
                else
                    for (Py_ssize_t a = 0; a < SIGN(j, side) && ok; a++)
                        if (SIG(j, side)[a] >= 0 && !contains(us, nu, SIG(j, side)[a]))
                            ok = 0;
            }
            if (ok && vec_push(&S->cand, u) < 0)
                return -1;
        }
    }
    if (vec_push(&S->cand_ptr, (int32_t)S->cand.n) < 0 || vec_reserve(&S->alive, S->cand.n + 1) < 0)
        return -1;
    for (Py_ssize_t e = 0; e < S->cand.n; e++)
        S->alive.a[e] = 1;
    /* the greatest bisimulation within the candidate pairs */
    int changed = S->cand.n > 0;
    while (changed) {
        changed = 0;
        for (Py_ssize_t j = 0; j < nc; j++)
            for (int32_t e = S->cand_ptr.a[j]; e < S->cand_ptr.a[j + 1]; e++) {
                if (!S->alive.a[e])
                    continue;
                int32_t u = S->cand.a[e];
                int ok = 1;
                for (int side = 1; side >= 0 && ok; side--) {
                    Py_ssize_t nu;
                    int32_t *us = universe_options(U, u, side, &nu);
                    ok = options_match(S, SIG(j, side), SIGN(j, side), us, nu);
                }
                if (!ok) {
                    S->alive.a[e] = 0;
                    changed = 1;
                }
            }
    }
    /* the classes matched, then the new nodes of U */
    if (vec_reserve(&S->final, nc + 1) < 0)
        return -1;
    S->final.n = nc;
    for (Py_ssize_t j = 0; j < nc; j++) {
        S->final.a[j] = -1;
        for (int32_t e = S->cand_ptr.a[j]; e < S->cand_ptr.a[j + 1]; e++)
            if (S->alive.a[e]) {
                S->final.a[j] = S->cand.a[e];
                break;
            }
        if (S->final.a[j] < 0) {
            S->final.a[j] = (int32_t)U->size++;
            if (vec_push(&U->lstart, 0) < 0 || vec_push(&U->lcount, 0) < 0 || vec_push(&U->rstart, 0) < 0
                || vec_push(&U->rcount, 0) < 0 || vec_push(&S->ustamp, 0) < 0 || vec_push(&S->ulocal, 0) < 0)
                return -1;
        }
    }
    int32_t first_new = (int32_t)U->size;
    for (Py_ssize_t j = 0; j < nc; j++) {
        int32_t u = S->final.a[j];
        int fresh = 1;
        for (int32_t e = S->cand_ptr.a[j]; e < S->cand_ptr.a[j + 1]; e++)
            if (S->alive.a[e] && S->cand.a[e] == u)
                fresh = 0;
        if (!fresh)
            continue;
        if (u < first_new)
            first_new = u;
        for (int side = 1; side >= 0; side--) {
            S->uopts.n = 0;
            for (Py_ssize_t a = 0; a < SIGN(j, side); a++) {
                int32_t o = SIG(j, side)[a];
                if (vec_push(&S->uopts, o >= 0 ? o : S->final.a[-1 - o]) < 0)
                    return -1;
            }
            qsort(S->uopts.a, S->uopts.n, sizeof(int32_t), cmp_int32);
            Vec *start = side ? &U->lstart : &U->rstart, *count = side ? &U->lcount : &U->rcount;
            Vec *tgt = side ? &U->ltgt : &U->rtgt;
            start->a[u] = (int32_t)tgt->n;
            count->a[u] = (int32_t)S->uopts.n;
            for (Py_ssize_t a = 0; a < S->uopts.n; a++)
                if (vec_push(tgt, S->uopts.a[a]) < 0)
                    return -1;
        }
    }
    for (int32_t u = first_new; u < U->size; u++)
        if (table_insert(&S->ltable, &S->lused, U, 1, u) < 0 || table_insert(&S->rtable, &S->rused, U, 0, u) < 0)
            return -1;
#undef SIG
#undef SIGN
    return 0;
}

/* Solve one component (graph nodes comp[0..k-1]; comp_of[v] == k-th component marks its members through
 * S->index holding -2 - position for them).  Returns 0, -1 on error, -3 too many pairs, -2 no settling. */
static int
solve_component(State *S, const Input *g, Py_ssize_t max_pairs)
{
    Local *L = &S->L;
    Universe *U = &S->U;
    Py_ssize_t k = S->comp.n;
    int32_t *index = S->index.a;
    S->stamp++;
    L->k = k;
    L->node.n = 0;
    for (Py_ssize_t c = 0; c < k; c++)
        if (vec_push(&L->node, S->comp.a[c]) < 0)
            return -1;
    /* local option lists: the component's first (its members hold index -2 - local), then the closure T */
    L->lptr.n = L->rptr.n = L->ltgt.n = L->rtgt.n = 0;
    for (Py_ssize_t c = 0; c < L->node.n; c++) {
        int32_t v = L->node.a[c];
        for (int side = 0; side < 2; side++) {
            Vec *ptr = side ? &L->rptr : &L->lptr, *tgt = side ? &L->rtgt : &L->ltgt;
            if (vec_push(ptr, (int32_t)tgt->n) < 0)
                return -1;
            Py_ssize_t start = tgt->n;
            if (c < k) {
                const int32_t *gp = side ? g->rptr : g->lptr, *gt = side ? g->rtgt : g->ltgt;
                for (int32_t e = gp[v]; e < gp[v + 1]; e++) {
                    int32_t w = gt[e], loc;
                    if (index[w] <= -2)
                        loc = -2 - index[w];
                    else if ((loc = local_of_universe(S, index[w])) < 0)
                        return -1;
                    if (!contains(tgt->a + start, tgt->n - start, loc) && vec_push(tgt, loc) < 0)
                        return -1;
                }
            }
            else {
                Vec *us = side ? &U->rstart : &U->lstart, *uc = side ? &U->rcount : &U->lcount;
                for (int32_t e = 0; e < uc->a[v]; e++) {
                    int32_t w = (side ? U->rtgt.a : U->ltgt.a)[us->a[v] + e], loc;
                    if ((loc = local_of_universe(S, w)) < 0)
                        return -1;
                    if (vec_push(tgt, loc) < 0)
                        return -1;
                }
            }
        }
    }
    Py_ssize_t m = L->m = L->node.n;
    if (vec_push(&L->lptr, (int32_t)L->ltgt.n) < 0 || vec_push(&L->rptr, (int32_t)L->rtgt.n) < 0)
        return -1;
    if (m * m > max_pairs)
        return -3;
    if (order_relation(L) < 0)
        return -1;
    /* the component's options, reduced */
    if (k > L->dyn_cap) {
        Vec *left = PyMem_Realloc(L->left, k * sizeof(Vec)), *right;
        if (left == NULL)
            return -1;
        L->left = left;
        right = PyMem_Realloc(L->right, k * sizeof(Vec));
        if (right == NULL)
            return -1;
        L->right = right;
        memset(L->left + L->dyn_cap, 0, (k - L->dyn_cap) * sizeof(Vec));
        memset(L->right + L->dyn_cap, 0, (k - L->dyn_cap) * sizeof(Vec));
        L->dyn_cap = k;
    }
    for (Py_ssize_t c = 0; c < k; c++) {
        L->left[c].n = L->right[c].n = 0;
        for (int32_t e = L->lptr.a[c]; e < L->lptr.a[c + 1]; e++)
            if (vec_push(&L->left[c], L->ltgt.a[e]) < 0)
                return -1;
        for (int32_t e = L->rptr.a[c]; e < L->rptr.a[c + 1]; e++)
            if (vec_push(&L->right[c], L->rtgt.a[e]) < 0)
                return -1;
    }
    Py_ssize_t bound = m * (4 * m + 16);
    Py_ssize_t rounds = 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int32_t c = 0; c < k; c++) {
            if (++rounds > bound)
                return -2;
            for (int side = 1; side >= 0; side--) {
                int r = settle(L, c, side, bound, &S->work, &S->next);
                if (r < 0)
                    return r;
                changed |= r;
            }
        }
    }
    /* fusion: each node of the component equals a node of T, an earlier node of the component (both found
     * by the order relation), or a node of U outside T (found below, by structure), or is new */
    S->classes.n = 0;
    S->reps.n = 0;
    for (Py_ssize_t c = 0; c < k; c++) {
        int32_t cls = INT32_MIN;
        for (Py_ssize_t t = k; t < m && cls == INT32_MIN; t++)
            if (GE(L, c, t) && GE(L, t, c))
                cls = L->node.a[t];
        for (Py_ssize_t d = 0; d < c && cls == INT32_MIN; d++)
            if (GE(L, c, d) && GE(L, d, c))
                cls = S->classes.a[d];
        if (cls == INT32_MIN) {
            cls = -1 - (int32_t)S->reps.n;        /* the new class -1 - j, represented by node c */
            if (vec_push(&S->reps, (int32_t)c) < 0)
                return -1;
        }
        if (vec_push(&S->classes, cls) < 0)
            return -1;
    }
    Py_ssize_t nc = S->reps.n;
    if (nc) {
        int r = fuse_new_classes(S, nc);
        if (r < 0)
            return r;
    }
    for (Py_ssize_t c = 0; c < k; c++) {
        int32_t cls = S->classes.a[c];
        index[S->comp.a[c]] = cls < 0 ? S->final.a[-1 - cls] : cls;
    }
    return 0;
}

/* Tarjan's algorithm, iterative; each component is solved as soon as it is complete (reverse topological
 * order).  index[v]: -1 unvisited, -2 - position on the Tarjan stack while open, the U node once solved. */
static int
solve_all(State *S, const Input *g, Py_ssize_t max_pairs)
{
    Py_ssize_t n = g->n;
    Vec low = {0}, num = {0}, tstack = {0}, cstack = {0}, epos = {0};
    int result = -1;
    if (vec_reserve(&S->index, n + 1) < 0 || vec_reserve(&low, n + 1) < 0 || vec_reserve(&num, n + 1) < 0
        || vec_reserve(&epos, n + 1) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++)
        S->index.a[i] = -1;
    S->index.n = n;
    int32_t *index = S->index.a;
    int32_t counter = 0;
    for (Py_ssize_t root = 0; root < n; root++) {
        if (index[root] != -1)
            continue;
        if (vec_push(&cstack, (int32_t)root) < 0)
            goto done;
        num.a[root] = low.a[root] = counter++;
        epos.a[root] = 0;
        if (vec_push(&tstack, (int32_t)root) < 0)
            goto done;
        index[root] = -2 - (int32_t)(tstack.n - 1);
        while (cstack.n) {
            int32_t v = cstack.a[cstack.n - 1];
            if (epos.a[v] < edge_count(g, v)) {
                int32_t w = edge_target(g, v, epos.a[v]++);
                if (index[w] == -1) {
                    num.a[w] = low.a[w] = counter++;
                    epos.a[w] = 0;
                    if (vec_push(&tstack, w) < 0 || vec_push(&cstack, w) < 0)
                        goto done;
                    index[w] = -2 - (int32_t)(tstack.n - 1);
                }
                else if (index[w] <= -2 && num.a[w] < low.a[v])
                    low.a[v] = num.a[w];
                continue;
            }
            cstack.n--;
            if (cstack.n) {
                int32_t u = cstack.a[cstack.n - 1];
                if (low.a[v] < low.a[u])
                    low.a[u] = low.a[v];
            }
            if (low.a[v] == num.a[v]) {
                /* v roots a component: the Tarjan stack from v up */
                Py_ssize_t from = -2 - index[v];
                S->comp.n = 0;
                for (Py_ssize_t a = from; a < tstack.n; a++) {
                    if (vec_push(&S->comp, tstack.a[a]) < 0)
                        goto done;
                    index[tstack.a[a]] = -2 - (int32_t)(a - from);
                }
                tstack.n = from;
                if (!(++S->components & 0xFFF) && PyErr_CheckSignals() < 0) {
                    result = -4;        /* Ctrl-C: the exception is set */
                    goto done;
                }
                int r = solve_component(S, g, max_pairs);
                if (r < 0) {
                    result = r;
                    goto done;
                }
                /* positions on the Tarjan stack below changed by nothing: the solved nodes now hold U nodes */
            }
        }
    }
    result = 0;
done:
    vec_free(&low);
    vec_free(&num);
    vec_free(&tstack);
    vec_free(&cstack);
    vec_free(&epos);
    return result;
}

/* ------------------------------------------------------------------ the module */

static PyObject *
option_tuples(Universe *U, int left)
{
    Vec *start = left ? &U->lstart : &U->rstart, *count = left ? &U->lcount : &U->rcount;
    Vec *tgt = left ? &U->ltgt : &U->rtgt;
    PyObject *out = PyTuple_New(U->size);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t u = 0; u < U->size; u++) {
        PyObject *row = PyTuple_New(count->a[u]);
        if (row == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        for (int32_t e = 0; e < count->a[u]; e++) {
            PyObject *x = PyLong_FromLong(tgt->a[start->a[u] + e]);
            if (x == NULL) {
                Py_DECREF(row);
                Py_DECREF(out);
                return NULL;
            }
            PyTuple_SET_ITEM(row, e, x);
        }
        PyTuple_SET_ITEM(out, u, row);
    }
    return out;
}

static int
check_rows(Py_buffer *ptr, Py_buffer *tgt, Py_ssize_t n)
{
    const int32_t *p = ptr->buf, *t = tgt->buf;
    Py_ssize_t edges = tgt->len / 4;
    if (p[0] != 0 || p[n] != edges)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        if (p[i + 1] < p[i])
            return -1;
    for (Py_ssize_t e = 0; e < edges; e++)
        if (t[e] < 0 || t[e] >= n)
            return -1;
    return 0;
}

static PyObject *
simplest(PyObject *self, PyObject *args)
{
    Py_buffer lp, lt, rp, rt;
    Py_ssize_t max_pairs;
    if (!PyArg_ParseTuple(args, "y*y*y*y*n", &lp, &lt, &rp, &rt, &max_pairs))
        return NULL;
    PyObject *out = NULL;
    State S;
    memset(&S, 0, sizeof(S));
    Py_ssize_t n = lp.len / 4 - 1;
    if (n < 1 || lp.len != rp.len || lp.len % 4 || lt.len % 4 || rt.len % 4 || n > INT32_MAX / 4
        || check_rows(&lp, &lt, n) < 0 || check_rows(&rp, &rt, n) < 0) {
        PyErr_SetString(PyExc_ValueError, "simplest: malformed compressed option rows");
        goto done;
    }
    Input g = {n, lp.buf, lt.buf, rp.buf, rt.buf};
    int error = 0;
    int cyclic = has_alternating_cycle(&g, &error);
    if (error) {
        PyErr_NoMemory();
        goto done;
    }
    if (cyclic) {
        out = Py_None;
        Py_INCREF(out);
        goto done;
    }
    int r = solve_all(&S, &g, max_pairs);
    if (r == -1) {
        PyErr_NoMemory();
        goto done;
    }
    if (r == -4)
        goto done;
    if (r < 0) {
        out = PyLong_FromLong(r == -3 ? -1 : -2);
        goto done;
    }
    PyObject *index = PyBytes_FromStringAndSize((const char *)S.index.a, n * sizeof(int32_t));
    PyObject *left = index ? option_tuples(&S.U, 1) : NULL;
    PyObject *right = left ? option_tuples(&S.U, 0) : NULL;
    if (right != NULL)
        out = PyTuple_Pack(3, index, left, right);
    Py_XDECREF(index);
    Py_XDECREF(left);
    Py_XDECREF(right);
done:
    state_free(&S);
    PyBuffer_Release(&lp);
    PyBuffer_Release(&lt);
    PyBuffer_Release(&rp);
    PyBuffer_Release(&rt);
    return out;
}

static PyMethodDef module_methods[] = {
    {"simplest", simplest, METH_VARARGS,
     "simplest(lptr, ltgt, rptr, rtgt, max_pairs) -> (index, left, right), None or an error code (see the module "
     "comment)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "cgt.loopy._stoppers",
    "Every node of a stopper graph in simplest form, component by component (the C twin of "
    "cgt.loopy.simplify.simplest_all).",
    -1, module_methods};

PyMODINIT_FUNC
PyInit__stoppers(void)
{
    return PyModule_Create(&module_def);
}
