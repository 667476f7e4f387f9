/* Grundy sequences of take-and-break games whose moves leave at most two heaps, in C.
 *
 * The compiled twin of the two methods of games/heap/octal_sequence.py (the pure-Python reference, used with
 * CGT_PURE=1 and when this extension is missing).  A heap of m has three kinds of moves: take all j = m tokens
 * (leave0), take j and leave one heap m - j (leave1), take j and split the rest into two non-empty heaps
 * a + b = m - j (split; "unequal": the two must differ).  By the Sprague-Grundy theorem (Winning Ways ch. 4;
 * Siegel, Combinatorial Game Theory IV.1) g(m) is the mex of the values of those moves, 0 for leave0,
 * g(m - j) for leave1 and g(a) XOR g(b) for a split.
 *
 * run(values, start, stop, leave0, leave1, split, mask, rare, rare_count[, marked]) -> rare_count
 *
 *   values: a writable int32 buffer holding g(0 .. start-1); g(start .. stop-1) are written into it.
 *   leave0, leave1: sequences of int j; split: a sequence of (j, unequal) pairs.
 *   mask: 0 for the plain method; otherwise the sparse space of Gangolli-Plambeck and Flammenkamp: a value v
 *         is *rare* when v & mask has even parity and *common* otherwise.  Common XOR common is rare and rare
 *         XOR common is common, so a common value is reached only by a split with a rare part; those splits
 *         are enumerated through the list of rare heaps, and the rare values below the least common value not
 *         reached are looked for among all splits from the smallest heaps on, stopping at the first witnesses.
 *   rare: a writable int32 buffer with room for rare_count + (stop - start) entries, holding the rare heaps
 *         (a >= 1) below start in increasing order; the new rare heaps are appended and the new count returned
 *         (with mask 0 it is not used).
 *   marked: for the plain method on values past a byte, how many pairs of each split rule are marked before
 *         the values still missing are searched for (4096; it then adapts to how many searches each heap
 *         needs).  Any value gives the same sequence; tests use small ones to exercise the searches.
 *
 * The plain method marks every option's value (one pass over all splits, linear in m; past a byte, a prefix
 * is marked and the rest searched by vector compares); the sparse method costs about the number of rare heaps
 * below m, plus the short searches.  Both give the same values; tests compare
 * them with each other and with the pure-Python engine.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) || defined(__x86_64__)
#include <immintrin.h>
#endif

typedef struct {
    int32_t j;
    int unequal;
} Split;

typedef struct {
    Py_ssize_t n0, n1, ns;
    int32_t *leave0;
    int32_t *leave1;
    Split *split;
} Rules;

static void rules_free(Rules *r)
{
    PyMem_Free(r->leave0);
    PyMem_Free(r->leave1);
    PyMem_Free(r->split);
}

static int read_ints(PyObject *seq, int32_t **out, Py_ssize_t *count, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    *out = PyMem_Malloc(sizeof(int32_t) * (n ? n : 1));
    if (!*out) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < 0 || v > INT32_MAX) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is not a token count", what, v);
            return -1;
        }
        (*out)[i] = (int32_t)v;
    }
    *count = n;
    Py_DECREF(fast);
    return 0;
}

static int read_rules(PyObject *l0, PyObject *l1, PyObject *sp, Rules *r)
{
    memset(r, 0, sizeof *r);
    if (read_ints(l0, &r->leave0, &r->n0, "leave0") < 0 || read_ints(l1, &r->leave1, &r->n1, "leave1") < 0)
        return -1;
    PyObject *fast = PySequence_Fast(sp, "split");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    r->split = PyMem_Malloc(sizeof(Split) * (n ? n : 1));
    if (!r->split) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long j;
        int unequal;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "lp", &j, &unequal)) {
            Py_DECREF(fast);
            return -1;
        }
        if (j < 0 || j > INT32_MAX) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "split: %ld is not a token count", j);
            return -1;
        }
        r->split[i].j = (int32_t)j;
        r->split[i].unequal = unequal;
    }
    r->ns = n;
    Py_DECREF(fast);
    return 0;
}

/* A set of small non-negative ints, cleared in O(1) by moving to a new stamp. */
typedef struct {
    uint32_t *stamp;
    uint32_t size; /* a power of two, above every value stored */
    uint32_t now;
} Marks;

static int marks_init(Marks *m, uint32_t size)
{
    m->size = size;
    m->now = 1;
    m->stamp = calloc(size, sizeof(uint32_t));
    if (!m->stamp) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void marks_next(Marks *m)
{
    if (++m->now == 0) { /* wrapped: clear for real */
        memset(m->stamp, 0, sizeof(uint32_t) * m->size);
        m->now = 1;
    }
}

static inline int parity(uint32_t v)
{
    return __builtin_parity(v);
}

/* The least power of two above every value that can occur next: values XOR values stay below the power of two
 * above their maximum, and a mex is at most the number of options, so one more doubling covers a new value. */
static uint32_t bound_for(const int32_t *g, Py_ssize_t n)
{
    int32_t top = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (g[i] > top)
            top = g[i];
    uint32_t size = 64;
    while (size <= (uint32_t)top)
        size <<= 1;
    return size << 1;
}

static inline int allowed_whole(const Rules *r, int32_t m)
{
    for (Py_ssize_t i = 0; i < r->n0; i++)
        if (r->leave0[i] == m)
            return 1;
    return 0;
}

/* Mark the values of the moves that take tokens and leave no heap or one heap. */
static void mark_takes(const Rules *r, const int32_t *g, int32_t m, Marks *reach)
{
    if (allowed_whole(r, m))
        reach->stamp[0] = reach->now;
    for (Py_ssize_t i = 0; i < r->n1; i++) {
        int32_t j = r->leave1[i];
        if (j < m)
            reach->stamp[g[m - j]] = reach->now;
    }
}

static int32_t plain_grundy(const Rules *r, const int32_t *g, int32_t m, Marks *reach)
{
    marks_next(reach);
    uint32_t now = reach->now, *stamp = reach->stamp;
    mark_takes(r, g, m, reach);
    for (Py_ssize_t s = 0; s < r->ns; s++) {
        int32_t rest = m - r->split[s].j;
        if (rest < 2)
            continue;
        int32_t half = r->split[s].unequal ? (rest - 1) / 2 : rest / 2;
        const int32_t *hi = g + rest;
        for (int32_t a = 1; a <= half; a++)
            stamp[(uint32_t)(g[a] ^ hi[-a])] = now;
    }
    int32_t v = 0;
    while (stamp[v] == now)
        v++;
    return v;
}

/* The plain method while every value fits a byte: the values of all splits go into one byte row (g8[a] XOR
 * r8[...], two contiguous slices, which the compiler vectorises), and "is v reached?" is a memchr that stops at
 * the first hit, so the mex costs the XOR pass, one full search (for the value that is missing) and short
 * searches for the values below it, which turn up early. */
static int32_t byte_grundy(const Rules *r, const uint8_t *g8, const uint8_t *r8, Py_ssize_t top, int32_t m,
                           uint8_t *row, Marks *reach)
{
    marks_next(reach);
    uint32_t now = reach->now;
    if (allowed_whole(r, m))
        reach->stamp[0] = now;
    for (Py_ssize_t i = 0; i < r->n1; i++) {
        int32_t j = r->leave1[i];
        if (j < m)
            reach->stamp[g8[m - j]] = now;
    }
    Py_ssize_t len = 0;
    for (Py_ssize_t s = 0; s < r->ns; s++) {
        int32_t rest = m - r->split[s].j;
        if (rest < 2)
            continue;
        int32_t half = r->split[s].unequal ? (rest - 1) / 2 : rest / 2;
        /* g(rest - a) for a = 1..half is r8[top - rest + a], since r8[top - i] = g(i). */
        const uint8_t *restrict lo = g8 + 1, *restrict hi = r8 + (top - rest) + 1;
        uint8_t *restrict out = row + len;
        for (int32_t a = 0; a < half; a++)
            out[a] = lo[a] ^ hi[a];
        len += half;
    }
    int32_t v = 0;
    while (v < 256 && (reach->stamp[v] == now || (len && memchr(row, v, (size_t)len))))
        v++;
    return v;
}

/* Is v = lo[i] XOR hi[i] for some i < n?  Vector compares that stop at the first hit: SSE2 (the x86-64
 * baseline) 32 pairs a step, AVX2 64 where the processor has it (chosen once, at import). */
typedef int (*PairSearch)(const uint16_t *lo, const uint16_t *hi, Py_ssize_t n, uint16_t v);

static int pairs_hold_plain(const uint16_t *lo, const uint16_t *hi, Py_ssize_t n, uint16_t v)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if ((uint16_t)(lo[i] ^ hi[i]) == v)
            return 1;
    return 0;
}

#if defined(__SSE2__)
static int pairs_hold_sse2(const uint16_t *lo, const uint16_t *hi, Py_ssize_t n, uint16_t v)
{
    __m128i want = _mm_set1_epi16((short)v);
    Py_ssize_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m128i hit = _mm_setzero_si128();
        for (int k = 0; k < 32; k += 8) {
            __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(lo + i + k)),
                                      _mm_loadu_si128((const __m128i *)(hi + i + k)));
            hit = _mm_or_si128(hit, _mm_cmpeq_epi16(x, want));
        }
        if (_mm_movemask_epi8(hit))
            return 1;
    }
    return pairs_hold_plain(lo + i, hi + i, n - i, v);
}
#endif

#if defined(__GNUC__) && defined(__x86_64__)
#define HAVE_AVX2 1
__attribute__((target("avx2"))) static int pairs_hold_avx2(const uint16_t *lo, const uint16_t *hi, Py_ssize_t n,
                                                           uint16_t v)
{
    __m256i want = _mm256_set1_epi16((short)v);
    Py_ssize_t i = 0;
    for (; i + 64 <= n; i += 64) {
        __m256i hit = _mm256_setzero_si256();
        for (int k = 0; k < 64; k += 16) {
            __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(lo + i + k)),
                                         _mm256_loadu_si256((const __m256i *)(hi + i + k)));
            hit = _mm256_or_si256(hit, _mm256_cmpeq_epi16(x, want));
        }
        if (_mm256_movemask_epi8(hit))
            return 1;
    }
    return pairs_hold_plain(lo + i, hi + i, n - i, v);
}
#endif

static PairSearch pairs_hold = pairs_hold_plain;

static void choose_pair_search(void)
{
#if defined(__SSE2__)
    pairs_hold = pairs_hold_sse2;
#endif
#ifdef HAVE_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        pairs_hold = pairs_hold_avx2;
#endif
}

/* The plain method for values below 2^16 on long rows.  Of each split rule's pairs (a, rest - a), the first
 * `prefix` have their values marked; each value below the mex that the marks miss is then looked for among
 * the other pairs by vector compares that stop at the first hit.  The value no move reaches costs one pass of
 * compares over the pairs, several times cheaper than marking them value by value. */
static int32_t searched_grundy(const Rules *r, const uint16_t *g16, const uint16_t *r16, Py_ssize_t top,
                               int32_t m, Marks *reach, Py_ssize_t prefix, int *searches)
{
    marks_next(reach);
    uint32_t now = reach->now, *restrict stamp = reach->stamp;
    if (allowed_whole(r, m))
        stamp[0] = now;
    for (Py_ssize_t i = 0; i < r->n1; i++) {
        int32_t j = r->leave1[i];
        if (j < m)
            stamp[g16[m - j]] = now;
    }
    for (Py_ssize_t s = 0; s < r->ns; s++) {
        int32_t rest = m - r->split[s].j;
        if (rest < 2)
            continue;
        int32_t half = r->split[s].unequal ? (rest - 1) / 2 : rest / 2;
        const uint16_t *lo = g16 + 1, *hi = r16 + (top - rest) + 1;
        Py_ssize_t marked = prefix < half ? prefix : half;
        for (Py_ssize_t a = 0; a < marked; a++)
            stamp[lo[a] ^ hi[a]] = now;
    }
    int32_t v = 0;
    for (;;) {
        while (stamp[v] == now)
            v++;
        int found = 0;
        for (Py_ssize_t s = 0; s < r->ns && !found; s++) {
            int32_t rest = m - r->split[s].j;
            if (rest < 2)
                continue;
            int32_t half = r->split[s].unequal ? (rest - 1) / 2 : rest / 2;
            if (half <= prefix)
                continue;
            found = pairs_hold(g16 + 1 + prefix, r16 + (top - rest) + 1 + prefix, half - prefix, (uint16_t)v);
        }
        if (!found)
            return v;
        ++*searches;
        stamp[v] = now;
    }
}

static int32_t sparse_grundy(const Rules *r, const int32_t *g, int32_t m, uint32_t mask, const int32_t *rare,
                             Py_ssize_t rare_count, Marks *reach, Marks *need, int32_t *needed)
{
    marks_next(reach);
    uint32_t now = reach->now, *stamp = reach->stamp;
    mark_takes(r, g, m, reach);
    /* Every split with a rare part: a runs over the rare heaps below rest, the other part is rest - a. */
    for (Py_ssize_t s = 0; s < r->ns; s++) {
        int32_t rest = m - r->split[s].j;
        if (rest < 2)
            continue;
        int unequal = r->split[s].unequal;
        for (Py_ssize_t i = 0; i < rare_count; i++) {
            int32_t a = rare[i];
            if (a >= rest)
                break;
            if (unequal && 2 * a == rest)
                continue;
            stamp[(uint32_t)(g[a] ^ g[rest - a])] = now;
        }
    }
    /* The least common value not reached is reached by no move at all. */
    uint32_t c = 0;
    while (!parity(c & mask) || stamp[c] == now)
        c++;
    /* The rare values below it that no split with a rare part reached. */
    marks_next(need);
    Py_ssize_t missing = 0;
    for (uint32_t v = 0; v < c; v++)
        if (!parity(v & mask) && stamp[v] != now) {
            need->stamp[v] = need->now;
            needed[missing++] = (int32_t)v;
        }
    if (!missing)
        return (int32_t)c;
    /* Look for them among all splits, all split rules together, from the smallest heaps on. */
    Py_ssize_t left = missing;
    int32_t longest = 0;
    for (Py_ssize_t s = 0; s < r->ns; s++) {
        int32_t rest = m - r->split[s].j;
        int32_t half = r->split[s].unequal ? (rest - 1) / 2 : rest / 2;
        if (rest >= 2 && half > longest)
            longest = half;
    }
    uint32_t nstamp = need->now, *nmark = need->stamp;
    for (int32_t a = 1; a <= longest && left; a++) {
        for (Py_ssize_t s = 0; s < r->ns; s++) {
            int32_t rest = m - r->split[s].j;
            int32_t half = r->split[s].unequal ? (rest - 1) / 2 : rest / 2;
            if (rest < 2 || a > half)
                continue;
            uint32_t v = (uint32_t)(g[a] ^ g[rest - a]);
            if (v < c && nmark[v] == nstamp) {
                nmark[v] = 0;
                if (!--left)
                    break;
            }
        }
    }
    if (!left)
        return (int32_t)c;
    for (Py_ssize_t i = 0; i < missing; i++)
        if (nmark[needed[i]] == nstamp)
            return needed[i]; /* the smallest, as needed[] is increasing */
    return (int32_t)c;        /* not reached */
}

static PyObject *run(PyObject *self, PyObject *args)
{
    Py_buffer vbuf, rbuf;
    Py_ssize_t start, stop, rare_count;
    PyObject *l0, *l1, *sp;
    unsigned long mask;
    Py_ssize_t marked = 4096;   /* pairs marked per split rule before searching (16-bit values) */
    if (!PyArg_ParseTuple(args, "w*nnOOOkw*n|n", &vbuf, &start, &stop, &l0, &l1, &sp, &mask, &rbuf, &rare_count,
                          &marked))
        return NULL;
    if (marked < 1)
        marked = 1;
    Py_ssize_t least_marked = marked < 1024 ? marked : 1024;
    PyObject *result = NULL;
    Rules rules;
    Marks reach = {0}, need = {0};
    int32_t *needed = NULL;
    int rules_read = 0;
    if (vbuf.itemsize != 4 || rbuf.itemsize != 4) {
        PyErr_SetString(PyExc_TypeError, "values and rare must be int32 buffers");
        goto done;
    }
    Py_ssize_t vlen = vbuf.len / 4, rlen = rbuf.len / 4;
    if (start < 1 || stop < start || stop > vlen || stop > INT32_MAX || rare_count < 0 ||
        (mask && rare_count + (stop - start) > rlen)) {
        PyErr_SetString(PyExc_ValueError, "run: buffers too small for the heaps asked for");
        goto done;
    }
    if (read_rules(l0, l1, sp, &rules) < 0) {
        rules_free(&rules);
        goto done;
    }
    rules_read = 1;
    int32_t *g = vbuf.buf, *rare = rbuf.buf;
    uint32_t size = bound_for(g, start);
    if (mask >= size)
        size = 2 * (uint32_t)mask + 2;
    if (marks_init(&reach, size) < 0 || marks_init(&need, size) < 0)
        goto done;
    needed = malloc(sizeof(int32_t) * size);
    if (!needed) {
        PyErr_NoMemory();
        goto done;
    }
    /* While the values fit a byte, the plain method works on byte copies: g8[i] = g(i), r8[top - i] = g(i). */
    uint8_t *g8 = NULL, *r8 = NULL, *row = NULL;
    Py_ssize_t top = stop - 1;
    if (!mask && size <= 512) {
        g8 = malloc((size_t)stop);
        r8 = malloc((size_t)stop);
        row = malloc((size_t)stop * (size_t)(rules.ns ? rules.ns : 1));
        if (!g8 || !r8 || !row) {
            free(g8), free(r8), free(row);
            g8 = r8 = row = NULL;   /* no room: the marking method does without them */
        } else {
            for (Py_ssize_t i = 0; i < start; i++)
                g8[i] = r8[top - i] = (uint8_t)g[i];
        }
    }
    /* Past a byte and below 2^16: 16-bit copies, the same way. */
    uint16_t *g16 = NULL, *r16 = NULL;
    if (!mask && !g8 && size <= 32768) {
        g16 = malloc(sizeof(uint16_t) * (size_t)stop);
        r16 = malloc(sizeof(uint16_t) * (size_t)stop);
        if (!g16 || !r16) {
            free(g16), free(r16);
            g16 = r16 = NULL;
        } else {
            for (Py_ssize_t i = 0; i < start; i++)
                g16[i] = r16[top - i] = (uint16_t)g[i];
        }
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t m = start; m < stop; m++) {
        int32_t v;
        if (mask)
            v = sparse_grundy(&rules, g, (int32_t)m, (uint32_t)mask, rare, rare_count, &reach, &need, needed);
        else if (g8) {
            v = byte_grundy(&rules, g8, r8, top, (int32_t)m, row, &reach);
            if (v < 256)
                g8[m] = r8[top - m] = (uint8_t)v;
            else {
                free(g8), free(r8), free(row);
                g8 = r8 = row = NULL;   /* a value past a byte: mark from now on */
            }
        } else if (g16) {
            int searches = 0;
            v = searched_grundy(&rules, g16, r16, top, (int32_t)m, &reach, marked, &searches);
            /* Mark more pairs while many values are left to search for, fewer while almost none are. */
            if (searches > 16)
                marked += marked / 8;
            else if (searches < 4 && marked > least_marked)
                marked -= marked / 16;
            if (v < 16384)
                g16[m] = r16[top - m] = (uint16_t)v;
            else {
                free(g16), free(r16);
                g16 = r16 = NULL;
            }
        } else
            v = plain_grundy(&rules, g, (int32_t)m, &reach);
        g[m] = v;
        if (mask && !parity((uint32_t)v & (uint32_t)mask))
            rare[rare_count++] = (int32_t)m;
        if ((uint32_t)v >= size / 2) {
            /* Values could now reach past the marks: widen them (rare, as values grow slowly). */
            uint32_t bigger = size;
            while ((uint32_t)v >= bigger / 2)
                bigger <<= 1;
            uint32_t *a = realloc(reach.stamp, sizeof(uint32_t) * bigger);
            uint32_t *b = a ? realloc(need.stamp, sizeof(uint32_t) * bigger) : NULL;
            int32_t *c = b ? realloc(needed, sizeof(int32_t) * bigger) : NULL;
            if (a)
                reach.stamp = a;
            if (b)
                need.stamp = b;
            if (c)
                needed = c;
            if (!c) {
                stop = -1;
                break;
            }
            memset(reach.stamp + size, 0, sizeof(uint32_t) * (bigger - size));
            memset(need.stamp + size, 0, sizeof(uint32_t) * (bigger - size));
            reach.size = need.size = size = bigger;
        }
    }
    Py_END_ALLOW_THREADS
    free(g8), free(r8), free(row);
    free(g16), free(r16);
    if (stop < 0) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyLong_FromSsize_t(rare_count);
done:
    if (rules_read)
        rules_free(&rules);
    free(reach.stamp);
    free(need.stamp);
    free(needed);
    PyBuffer_Release(&vbuf);
    PyBuffer_Release(&rbuf);
    return result;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS,
     "run(values, start, stop, leave0, leave1, split, mask, rare, rare_count) -> rare_count: g(start..stop-1) "
     "written into the int32 buffer values (mask 0: the plain method; else the sparse space with that mask, "
     "rare heaps appended to rare)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_octal",
                                    "Grundy sequences of octal games in C (see games/heap/octal_sequence.py).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__octal(void)
{
    choose_pair_search();
    return PyModule_Create(&module);
}
