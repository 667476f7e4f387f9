/* cgt.kernel._kernel: the compiled twin of the pure-Python kernel of cgt.kernel.game.
 *
 * A C base type, GameBase, that cgt.kernel.game.Game subclasses.  It holds the per-game fields of the pure kernel
 * in a C struct (the same names are visible from Python: _id, _left, _right, _nus, ...) and implements, for
 * two games:
 *   - identity ==, the hash, and the order (<=, >=, <, >): uptimals x + u.^ + *n with machine-size parts in
 *     closed form, then the per-game comparison memo, then the recursive definition
 *     G <= H iff no G^L >= H and no H^R <= G (Conway, ONAG ch. 1), with the stop refutation and number
 *     avoidance of the pure kernel's _le (Siegel, CGT II.3 and Thm II.3.19);
 *   - +: uptimals add componentwise, other sums follow the pure kernel's _add (memo, number translation,
 *     canonical form) in C.
 * Small uptimals (numbers, nimbers, x + u.^ + *n with machine-size parts) are interned in a C table keyed by
 * their parts (no key tuple, no dict entry), and a new one is only the object: its _id, _nus, stops, float
 * shadows and hash are made on first use.  Their options (the closed forms), the stops of general games, the
 * simplicity theorem and the recognition of uptimals among canonical options are in C on machine dyadics.
 *
 * The module is bound once, by cgt.kernel.binding: bind(game_type, fallbacks) names the Game class and the pure
 * kernel's functions that decide everything unusual (ints and Fractions as operands, big number parts), so the
 * semantics stay those of the pure kernel, which remains the reference (CGT_PURE=1); the limits come through
 * setters (set_max_interned, set_memo_budget, set_memory_check, set_cancel) and the kernel keeps its own copy.
 * The kernel's tables (by_options, add_memo, uptimals, memo_holders) are module attributes, made here.
 *
 * Games are interned (their identity is their value) and live while something refers to them: the kernel's
 * own collection (collect_games, below) takes the others out of the intern tables.  They are not tracked by
 * Python's cyclic garbage collector: its collections never traverse the (often millions of) live games, and
 * creating one does not count towards its thresholds (see bind); the one cycle games make, G <-> -G, is
 * broken by the kernel's collection.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <time.h>
#ifndef _WIN32
#include <sys/mman.h>
#endif
#if !defined(_WIN32) && defined(MAP_ANONYMOUS) && !defined(__STDC_NO_ATOMICS__)
#include <pthread.h>
#include <stdatomic.h>
#define CHUNK_PREFAULT 1 /* new chunks of games are faulted in ahead of use by a helper thread (block_alloc) */
#endif

/* The fields a small uptimal rarely uses, in a side structure: allocated with
 * the object for general games and big uptimals (one block, see game_alloc), on first use for a small uptimal
 * (game_side), so that a new nimber or number is one 64-byte cache line.  The fields of the pure kernel's
 * __slots__; NULL reads as None. */
typedef struct {
    PyObject *id;       /* _id: an int (made on first use) */
    PyObject *left;     /* _left: tuple of options sorted by id, or None until materialised */
    PyObject *right;
    PyObject *nus;      /* _nus: (x, u, n) for an uptimal, else None */
    PyObject *neg;
    PyObject *birthday;
    PyObject *ls, *rs, *lsf, *rsf;
    PyObject *le_memo;  /* LeMemo (or a dict): other id -> bool (g <= other); read and written only through LE_MEMO */
    PyObject *extra;
    Py_hash_t hash;     /* -1 until first asked for (tp_hash) */
    long long stop_num[2]; /* left and right stops stop_num[i] / 2^stop_exp[i] when stops == 1 */
    signed char stop_exp[2];
} GameSide;

typedef struct {
    PyObject_HEAD
    /* The machine fields first, in the cache line of the reference count: the small-uptimal table compares
     * its keys here.  The whole object is one 64-byte line (the kernel's own allocator aligns it). */
    long long num, u, n; /* small uptimal x + u.^ + *n with x = num / 2^exp (num odd when exp > 0) */
    signed long long cid : 48;    /* _id as a C integer (ids count from 0, in creation order) */
    signed long long exp : 8;     /* of a small uptimal: 0..62 */
    unsigned long long kind : 2;  /* 0 general game, 1 uptimal that is not a number, 2 number */
    unsigned long long small : 1; /* 1: num, exp, u, n hold the uptimal's parts (and it lives in the small table) */
    unsigned long long stops : 2; /* general games: 0 stops not computed in C, 1 in stop_num/stop_exp, 2 not
                                   * machine-size */
    unsigned long long inline_side : 1; /* the side structure follows the object in the same block */
    unsigned long long own_block : 1;   /* allocated by block_alloc (else by the type's default allocator) */
    unsigned long long held : 1;        /* in memo_holders (once: the list holds one reference) */
    GameSide *side;     /* NULL until needed (small uptimals); see GF and game_side */
    PyObject *weakreflist;
} GameObject;

/* A side field for reading (NULL when the game has no side structure yet: None to Python). */
#define GF(g, f) ((g)->side != NULL ? (g)->side->f : NULL)
/* Every access to the comparison memo goes through LE_MEMO (read) and LE_MEMO_SLOT (the field, for writing;
 * NULL with MemoryError set when the side structure cannot be allocated). */
#define LE_MEMO(g) GF(g, le_memo)
#define LE_MEMO_SLOT(g) (game_side(g) != NULL ? &(g)->side->le_memo : NULL)

static PyTypeObject GameBase_Type;
static void ctor_clear(void); /* the constructor's memo (see kernel_from_options) */
static void bases_clear(void); /* the bases of translates (see translate) */

/* ------------------------------------------------------------------ the kernel's allocator for games
 * A workload like 100,000 fresh nim sums spends most of its time touching new
 * memory (page faults on pymalloc's arenas).  Blocks come from 2 MB chunks aligned
 * to 2 MB with transparent huge pages requested (one fault per chunk where the system grants them), cut
 * into 64-byte blocks (a small uptimal: one cache line) and 192-byte blocks (a game with its side structure
 * inline); freed blocks go to a free list per size and are reused, and a chunk whose blocks are all free
 * after a collection goes back to the system (release_empty_chunks). */
#define GAME_CHUNK ((size_t)2 << 20)
#define SMALL_BLOCK sizeof(GameObject)
#define BIG_BLOCK (sizeof(GameObject) + sizeof(GameSide))
static char *chunk_next = NULL, *chunk_end = NULL;
static void *free_blocks[2] = {NULL, NULL}; /* [0] small, [1] big: singly linked through the first word */

/* Each chunk starts with a header counting its live blocks, so that a chunk whose games have all been
 * collected can be given back to the system (release_empty_chunks, after a collection).  Chunks are aligned
 * to their size, so a block finds its header by masking its address (where chunks cannot be aligned, on
 * Windows, nothing is counted and nothing given back). */
typedef struct {
    size_t live;       /* blocks handed out and not freed */
    int mapped;        /* 1: from huge_map (munmap), 0: from posix_memalign (free) */
    int releasing;     /* set while release_empty_chunks gathers it */
} ChunkHead;
#define CHUNK_HEAD_SIZE 64
#ifdef _WIN32
#define COUNT_BLOCKS 0
#define CHUNK_OF(b) ((ChunkHead *)NULL)
#else
#define COUNT_BLOCKS 1
#define CHUNK_OF(b) ((ChunkHead *)((uintptr_t)(b) & ~(uintptr_t)(GAME_CHUNK - 1)))
#endif
static size_t chunks_released = 0;

/* `bytes` (a multiple of 2 MB) of zero-filled memory mapped directly, aligned to 2 MB, with transparent huge
 * pages requested; NULL where anonymous mappings are not available or the mapping fails.  Needs no Python
 * lock (the prefault thread calls it). */
#define HUGE_PAGE ((size_t)2 << 20)
static void *
huge_map(size_t bytes)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    size_t span = bytes + HUGE_PAGE;
    char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *start = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (start > raw)
        munmap(raw, (size_t)(start - raw));
    if (raw + span > start + bytes)
        munmap(start + bytes, (size_t)(raw + span - (start + bytes)));
    madvise(start, bytes, MADV_HUGEPAGE); /* advice only: failure is harmless */
    return start;
#else
    (void)bytes;
    return NULL;
#endif
}

#ifdef CHUNK_PREFAULT
/* Chunks faulted in ahead of use.  The first write to a fresh chunk makes the operating system find and clear
 * 2 MB; on this project's virtual machines that fault sometimes costs 5 ms instead of 0.1 ms (the host backing
 * the page), and it fell inside the loop that made the games: a third of the time of 100,000 new nim sums
 * (docs/performance.md, the nim-sum row).  So a helper thread keeps up to SPARE_CHUNKS chunks mapped and written (the
 * fault taken on the other core), and block_alloc takes a spare when it has one, mapping its own otherwise
 * (it never waits).  The thread touches nothing but its chunks: it holds no Python lock and runs only while
 * spares are missing.  After fork() the child starts its own (prefault_after_fork). */
#define SPARE_CHUNKS 2
static _Atomic(char *) spare_chunks[SPARE_CHUNKS];
static atomic_int prefault_running = 0;

static void *
prefault_spares(void *unused)
{
    (void)unused;
    for (int k = 0; k < SPARE_CHUNKS; k++) {
        if (atomic_load(&spare_chunks[k]) != NULL)
            continue;
        volatile char *chunk = huge_map(GAME_CHUNK);
        if (chunk == NULL)
            break;
        for (size_t offset = 0; offset < GAME_CHUNK; offset += 4096)
            chunk[offset] = 0; /* a write: a read would map the shared zero page */
        char *expected = NULL;
        if (!atomic_compare_exchange_strong(&spare_chunks[k], &expected, (char *)chunk))
            munmap((void *)chunk, GAME_CHUNK);
    }
    atomic_store(&prefault_running, 0);
    return NULL;
}

/* Start the helper unless it is running already (failure to start one only costs the faults). */
static void
prefault_start(void)
{
    if (atomic_exchange(&prefault_running, 1))
        return;
    pthread_attr_t attributes;
    pthread_t thread;
    int started = pthread_attr_init(&attributes) == 0;
    if (started) {
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attributes, (size_t)64 << 10);
        started = pthread_create(&thread, &attributes, prefault_spares, NULL) == 0;
        pthread_attr_destroy(&attributes);
    }
    if (!started)
        atomic_store(&prefault_running, 0);
}

/* In a forked child the helper does not exist (only the forking thread is copied): forget that it ran. */
static void
prefault_after_fork(void)
{
    atomic_store(&prefault_running, 0);
}
#endif

/* After a large collection: the spare chunks go back to the system too (the helper makes new ones when chunks
 * are taken again), so that the memory of a finished computation is returned whole. */
static void
release_spares(void)
{
#ifdef CHUNK_PREFAULT
    for (int k = 0; k < SPARE_CHUNKS; k++) {
        char *chunk = atomic_exchange(&spare_chunks[k], NULL);
        if (chunk != NULL)
            munmap(chunk, GAME_CHUNK);
    }
#endif
}

/* A new chunk for block_alloc: a spare faulted in by the helper when there is one, else a fresh mapping (or
 * plain aligned memory where mappings are not available). */
static size_t chunks_taken = 0, chunks_prefaulted = 0; /* for block_stats() */

static char *
chunk_take(int *mapped)
{
    char *chunk = NULL;
    *mapped = 1;
#ifdef CHUNK_PREFAULT
    for (int k = 0; k < SPARE_CHUNKS && chunk == NULL; k++)
        chunk = atomic_exchange(&spare_chunks[k], NULL);
    chunks_prefaulted += chunk != NULL;
    prefault_start();
#endif
    if (chunk == NULL)
        chunk = huge_map(GAME_CHUNK);
    if (chunk == NULL) {
        void *aligned = NULL;
#ifdef _WIN32
        aligned = PyMem_RawMalloc(GAME_CHUNK); /* aligned to 16 only: slower, still correct */
#else
        if (posix_memalign(&aligned, GAME_CHUNK, GAME_CHUNK) != 0)
            aligned = NULL;
#endif
        chunk = aligned;
        *mapped = 0;
    }
    chunks_taken += chunk != NULL;
    return chunk;
}

/* block_stats() for Python: the chunks taken, how many the helper had faulted in, the spares ready now. */
static PyObject *
kernel_block_stats(PyObject *module, PyObject *unused)
{
    int prefault = 0;
    size_t spares = 0;
#ifdef CHUNK_PREFAULT
    prefault = 1;
    for (int k = 0; k < SPARE_CHUNKS; k++)
        spares += atomic_load(&spare_chunks[k]) != NULL;
#endif
    return Py_BuildValue("{snsnsnsnsO}", "chunks", (Py_ssize_t)chunks_taken, "released", (Py_ssize_t)chunks_released,
                         "prefaulted", (Py_ssize_t)chunks_prefaulted, "spares", (Py_ssize_t)spares,
                         "prefault", prefault ? Py_True : Py_False);
}

static void *
block_alloc(int big)
{
    void *b = free_blocks[big];
    if (b != NULL) {
        free_blocks[big] = *(void **)b;
        if (COUNT_BLOCKS)
            CHUNK_OF(b)->live++;
        return b;
    }
    size_t size = big ? BIG_BLOCK : SMALL_BLOCK;
    if ((size_t)(chunk_end - chunk_next) < size) {
        int mapped;
        char *chunk = chunk_take(&mapped);
        if (chunk == NULL)
            return NULL;
        ChunkHead *head = (ChunkHead *)chunk;
        head->live = 0;
        head->mapped = mapped;
        head->releasing = 0;
        chunk_next = chunk + CHUNK_HEAD_SIZE;
        chunk_end = (char *)chunk + GAME_CHUNK;
    }
    b = chunk_next;
    chunk_next += size;
    if (COUNT_BLOCKS)
        CHUNK_OF(b)->live++;
    /* the next blocks are new memory: fetch their lines for writing now, so that initialising them does not
     * wait for memory (a store that misses holds up every later store) */
    __builtin_prefetch(chunk_next + 4 * BIG_BLOCK, 1, 3);
    return b;
}

static void
block_free(void *b, int big)
{
    *(void **)b = free_blocks[big];
    free_blocks[big] = b;
    if (COUNT_BLOCKS)
        CHUNK_OF(b)->live--;
}

/* Give back to the system every chunk whose blocks are all free (but the one being cut): its blocks leave
 * the free lists.  Returns how many chunks were given back. */
static size_t
release_empty_chunks(void)
{
    if (!COUNT_BLOCKS)
        return 0;
    ChunkHead *current = chunk_next == NULL ? NULL : CHUNK_OF(chunk_next - 1);
    size_t count = 0, room = 0;
    int full = 0;
    ChunkHead **empty = NULL;
    for (int big = 0; big < 2; big++) {
        void **link = &free_blocks[big];
        while (*link != NULL) {
            void *b = *link;
            ChunkHead *head = CHUNK_OF(b);
            if (head->live != 0 || head == current) {
                link = (void **)b;
                continue;
            }
            if (!head->releasing) {
                if (full) { /* after a failed allocation no chunk is added: every block of one noted goes */
                    link = (void **)b;
                    continue;
                }
                if (count == room) {
                    size_t bigger = room ? 2 * room : 64;
                    ChunkHead **grown = PyMem_Realloc(empty, bigger * sizeof(ChunkHead *));
                    if (grown == NULL) { /* no room to note it: this chunk stays, with its blocks listed */
                        full = 1;
                        link = (void **)b;
                        continue;
                    }
                    empty = grown;
                    room = bigger;
                }
                head->releasing = 1;
                empty[count++] = head;
            }
            *link = *(void **)b; /* unlink the block: its chunk goes */
        }
    }
    for (size_t k = 0; k < count; k++) {
#ifndef _WIN32
        if (empty[k]->mapped)
            munmap((void *)empty[k], GAME_CHUNK);
        else
            free(empty[k]);
#endif
    }
    PyMem_Free(empty);
    chunks_released += count;
    return count;
}

_Static_assert(sizeof(GameObject) == 64, "a small uptimal is one cache line");
_Static_assert(sizeof(GameSide) % 64 == 0, "blocks stay aligned to cache lines");

/* The side structure of g, allocated on first use (NULL with MemoryError set on failure). */
static GameSide *
game_side(GameObject *g)
{
    if (g->side == NULL) {
        GameSide *side = PyMem_Calloc(1, sizeof(GameSide));
        if (side == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        side->hash = -1;
        g->side = side;
    }
    return g->side;
}

/* a game: cgt.Game itself (the common case, one comparison) or any subclass of the kernel's base */
#define IS_GAME(o) ((PyTypeObject *)Py_TYPE(o) == Game_Type || PyObject_TypeCheck((o), &GameBase_Type))
#define NONEISH(p) ((p) == NULL || (p) == Py_None)
/* Machine-size parts: sums and differences of two stay far from overflow. */
#define SMALL_LIMIT (1LL << 61)

/* The Game class and the pure kernel's fallbacks, named by bind(); the limits, handed over by the setters. */
static PyTypeObject *Game_Type = NULL;
static PyObject *hook_pure_uptimal = NULL; /* the pure _uptimal(x, u, n), for number parts of other types */
static PyObject *hook_refuse_room = NULL; /* refuse_room(table): raises the TooLargeError of a full table */
static PyObject *hook_add_deep = NULL;    /* add(g, h) through the deep-recursion wrapper */
static PyObject *hook_le_deep = NULL;     /* le(g, h) through the deep-recursion wrapper */
static PyObject *hook_uptimal_le = NULL;  /* the pure uptimal_le(a, b) */
static PyObject *hook_uptimal_sum = NULL; /* the pure uptimal_sum(a, b) */
static PyObject *hook_materialise = NULL; /* the pure _materialise(g) */
static PyObject *hook_fill_stops = NULL;  /* _fill_stops(g) */
static PyObject *hook_compare_other = NULL; /* _compare_other(g, other, op) */
static PyObject *hook_add_other = NULL;   /* _add_other(g, other) */
static PyObject *hook_as_number = NULL;   /* _as_number(left, right) */
static PyObject *hook_recognise = NULL;   /* _recognise_uptimal(left, right) */
static PyObject *cancel_flag = NULL;      /* set_cancel: cgt.runtime.deep.cancel_requested (a one-item list) */
static PyObject *hook_cancelled = NULL;   /* set_cancel: raise_if_cancelled() */
static PyObject *hook_check_memory = NULL; /* set_memory_check: cgt.runtime.limits.check_memory() */
static long long memory_check_mask = 0xFFFF; /* set_memory_check: check when a table's size is a multiple of mask+1 */
static long long max_interned = 10000000; /* set_max_interned: most games of each kind (general; uptimals) */
/* The kernel's tables, made by the module and shared with the pure kernel's functions (module attributes). */
static PyObject *add_memo = NULL;         /* add_memo: pair of ids -> sum */
static PyObject *by_options = NULL;       /* by_options: the GeneralTable, (left, right) -> the interned general game */
static PyObject *str_cgt_game = NULL;     /* "cgt.Game" */
static PyObject *zero_float = NULL;       /* 0.0, the float shadow of the number part of nimbers */
static PyObject *fraction_type = NULL;    /* fractions.Fraction: number parts of proper dyadics */
static PyObject *big_uptimals = NULL;     /* dict (x, u, n) -> game: the uptimals whose parts are not small */
static PyObject *uptimal_table = NULL;    /* the UptimalTable: uptimals, the intern table of every uptimal */
static long long next_cid = 0;            /* the id of the next new game */

static int
hooks_ready(void)
{
    if (Game_Type == NULL || cancel_flag == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cgt.kernel._kernel is not bound (cgt.kernel.binding binds it)");
        return 0;
    }
    return 1;
}

/* Ctrl-C: in the main thread a pending signal is handled here, at once, so that KeyboardInterrupt is raised in
 * the computation (were it first noticed by Python code run from inside a garbage-collector callback, it would
 * be reported as unraisable and lost); in the deep worker thread, cgt.runtime.deep.cancel_requested is polled, as the
 * pure kernel does. */
static unsigned int polls = 0;

/* Whether it is time to release the interpreter lock (see poll_cancel): at most once per two switch intervals
 * (sys.getswitchinterval(), 5 ms by default).  Releasing more often starves the waiting thread instead of
 * serving it: CPython's waiter asks for the lock only after a whole interval in which nobody took it, and our
 * release-and-retake counts as taking it, so a release every 1,024 polls (every few microseconds in a
 * comparison-heavy sum) kept a waiting thread out for a whole 0.3 s sum. */
static int
lock_release_due(void)
{
    static double last = 0.0, period = 0.01;
    struct timespec now;
#ifdef CLOCK_MONOTONIC_COARSE
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now); /* a few nanoseconds, no system call */
#else
    timespec_get(&now, TIME_UTC);
#endif
    double t = (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
    if (t - last < period)
        return 0;
    last = t;
    PyObject *interval = PySys_GetObject("getswitchinterval"); /* borrowed; None-safe below */
    PyObject *value = interval != NULL && PyCallable_Check(interval) ? PyObject_CallNoArgs(interval) : NULL;
    double seconds = value != NULL ? PyFloat_AsDouble(value) : -1.0;
    Py_XDECREF(value);
    if (seconds == -1.0 && PyErr_Occurred())
        PyErr_Clear();
    period = seconds > 0 ? 2 * seconds : 0.01;
    return 1;
}

static int poll_cancel_slow(void);

static inline int
poll_cancel(void)
{
    /* Signals are looked at every 64th poll: a poll comes every few hundred instructions, so a Ctrl-C is seen
     * within microseconds, and the sums and comparisons that poll do not pay a call into Python each step.  The
     * common case, inline: not a 64th poll and the cancel flag down. */
    if ((++polls & 63) != 0 && PyList_GET_ITEM(cancel_flag, 0) == Py_False)
        return 0;
    return poll_cancel_slow();
}

static int
poll_cancel_slow(void)
{
    if ((polls & 63) == 0 && PyErr_CheckSignals() < 0)
        return -1;
    if ((polls & 1023) == 0 && lock_release_due()) {
        /* Let other threads run now and then: a computation that stays in C never reaches the interpreter's
         * periodic switch, so a waiting thread (a timer that sends the Ctrl-C, the deep-recursion supervisor in
         * the main thread, whose KeyboardInterrupt is raised only when it holds the lock) would starve.  With
         * nobody waiting this costs two uncontended lock operations. */
        PyThreadState *state = PyEval_SaveThread();
        PyEval_RestoreThread(state);
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
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
    /* 1 when v is an int with |v| < SMALL_LIMIT (stored in *out), 0 otherwise, -1 on error.  Other integer
     * types (numpy's, bool) count by their value, as they do as keys of a dict: one intern entry per value. */
    if (!PyLong_CheckExact(v)) {
        if (!PyIndex_Check(v))
            return 0;
        PyObject *i = PyNumber_Index(v);
        if (i == NULL)
            return -1;
        int r = PyLong_CheckExact(i) ? as_small(i, out) : 0;
        Py_DECREF(i);
        return r;
    }
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
    if (PyLong_CheckExact(x) || PyIndex_Check(x)) {
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

/* The parts of an uptimal (x, u, n) as machine integers x = num / 2^exp, u, n (num odd when exp > 0): 1 when
 * they are small (every part below SMALL_LIMIT in size, exp <= 62, n >= 0), 0 when not, -1 on error.  Small
 * uptimals live in the small table below, the others in big_uptimals: one place per value. */
static int
small_parts(PyObject *x, PyObject *u, PyObject *n, long long out[4])
{
    int ok = as_small_dyadic(x, &out[0], &out[1]);
    if (ok > 0)
        ok = as_small(u, &out[2]);
    if (ok > 0)
        ok = as_small(n, &out[3]);
    if (ok > 0 && (out[3] < 0 || out[1] > 62))
        ok = 0;
    return ok;
}

/* The number part num / 2^exp of a small uptimal as the kernel's Python number: an int, else a Fraction. */
static PyObject *
small_number(long long num, long long exp)
{
    if (exp == 0)
        return PyLong_FromLongLong(num);
    PyObject *a = PyLong_FromLongLong(num);
    PyObject *b = a == NULL ? NULL : PyLong_FromLongLong(1LL << exp);
    PyObject *r = b == NULL ? NULL : PyObject_CallFunctionObjArgs(fraction_type, a, b, NULL);
    Py_XDECREF(a);
    Py_XDECREF(b);
    return r;
}

/* _id as an int, made on first use; a borrowed reference (NULL on error). */
static PyObject *
id_of(GameObject *g)
{
    if (game_side(g) == NULL)
        return NULL;
    if (g->side->id == NULL)
        g->side->id = PyLong_FromLongLong(g->cid);
    return g->side->id;
}

/* _nus: (x, u, n) for an uptimal (made on first use for a small one), else None; borrowed (NULL on error). */
static PyObject *
nus_of(GameObject *g)
{
    PyObject *known = GF(g, nus);
    if (known != NULL)
        return known;
    if (!g->small)
        return Py_None;
    PyObject *t = PyTuple_New(3);
    if (t == NULL)
        return NULL;
    PyObject *item = small_number(g->num, g->exp);
    if (item == NULL)
        goto fail;
    PyTuple_SET_ITEM(t, 0, item);
    if ((item = PyLong_FromLongLong(g->u)) == NULL)
        goto fail;
    PyTuple_SET_ITEM(t, 1, item);
    if ((item = PyLong_FromLongLong(g->n)) == NULL)
        goto fail;
    PyTuple_SET_ITEM(t, 2, item);
    if (game_side(g) == NULL)
        goto fail;
    g->side->nus = t;
    return t;
fail:
    Py_DECREF(t);
    return NULL;
}

/* The float shadows _lsf, _rsf of a small uptimal (both stops are its number part), made on first use:
 * (double)num rounds to nearest and the power of two scales exactly, which is float(Fraction(num, 2^exp)). */
static int
small_shadows(GameObject *g)
{
    if (GF(g, lsf) == NULL || GF(g, rsf) == NULL) {
        if (game_side(g) == NULL)
            return -1;
        GameSide *side = g->side;
        PyObject *f;
        if (g->num == 0) {
            Py_INCREF(zero_float);
            f = zero_float;
        }
        else if ((f = PyFloat_FromDouble(ldexp((double)g->num, -(int)g->exp))) == NULL)
            return -1;
        if (side->lsf == NULL) {
            Py_INCREF(f);
            side->lsf = f;
        }
        if (side->rsf == NULL) {
            Py_INCREF(f);
            side->rsf = f;
        }
        Py_DECREF(f);
    }
    return 0;
}

/* When a table's size is a multiple of the cadence (set_memory_check: every 65,536 new games by default), the
 * memory check of cgt.runtime.limits (TooLargeError past the memory cap). */
static int
check_memory_now(void)
{
    if (hook_check_memory == NULL)
        return 0;
    PyObject *ok = PyObject_CallNoArgs(hook_check_memory);
    if (ok == NULL)
        return -1;
    Py_DECREF(ok);
    return 0;
}

/* Room for one more game in a table holding `count`: below max_interned (set_max_interned), now and then a
 * collection and the memory check; at the limit a collection, and the pure kernel's refuse_room(table) raises
 * the TooLargeError naming the setter when the table stays nearly full. */
static int collect_due(void);
static Py_ssize_t collect_games(void);
static Py_ssize_t next_collect_at; /* defined with the collection, below */
static Py_ssize_t table_count(PyObject *table);

static inline int
check_room(Py_ssize_t count, PyObject *table)
{
    if (count < max_interned) {
        if (count & memory_check_mask)
            return 0;
        if (collect_due() && collect_games() < 0)
            return -1;
        return check_memory_now();
    }
    /* full: the games nothing refers to any more leave first; a table still more than seven eighths full
     * refuses (collecting again every few new games would cost a pass over the table each time) */
    if (collect_games() < 0)
        return -1;
    if (table_count(table) < max_interned - max_interned / 8)
        return 0;
    /* refused: what the refused computation built is garbage once the error has passed, so the next
     * periodic check collects it */
    next_collect_at = 0;
    PyObject *ok = PyObject_CallOneArg(hook_refuse_room, table);
    Py_XDECREF(ok);
    return -1;
}

/* A new game of type Game_Type from the kernel's allocator, zero-filled: with its side structure inline
 * (with_side: general games, big uptimals, games made by Python through tp_alloc), else bare (a small uptimal,
 * whose side structure comes on first use).  Not tracked by the garbage collector (see bind). */
static GameObject *
game_block(PyTypeObject *type, int with_side)
{
    GameObject *g = block_alloc(with_side);
    if (g == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    memset(g, 0, with_side ? BIG_BLOCK : SMALL_BLOCK);
    PyObject_Init((PyObject *)g, type);
    g->own_block = 1;
    if (with_side) {
        g->inline_side = 1;
        g->side = (GameSide *)(g + 1);
        g->side->hash = -1;
    }
    return g;
}

/* tp_alloc of cgt.Game (installed by bind): the kernel's blocks for the plain type, the default
 * allocator for anything larger (a subclass with more fields). */
static PyObject *
game_type_alloc(PyTypeObject *type, Py_ssize_t nitems)
{
    if (type->tp_basicsize != (Py_ssize_t)sizeof(GameObject) || nitems != 0 || PyType_IS_GC(type))
        return PyType_GenericAlloc(type, nitems);
    return (PyObject *)game_block(type, 1);
}

static GameObject *
alloc_game(int with_side)
{
    if (!hooks_ready())
        return NULL;
    GameObject *g = (Game_Type->tp_alloc == game_type_alloc) ? game_block(Game_Type, with_side)
                                                             : (GameObject *)Game_Type->tp_alloc(Game_Type, 0);
    if (g == NULL)
        return NULL;
    if (PyObject_IS_GC((PyObject *)g))
        PyObject_GC_UnTrack(g); /* the kernel collects games itself: see the comment at the top */
    g->cid = next_cid++;
    return g;
}

/* Zeroed memory for a table of `bytes` bytes.  Tables of 2 MB or more are mapped directly, aligned to 2 MB with
 * transparent huge pages requested: a table of the intern table's size is written at random places while it
 * is filled, and on 4 KB pages that is a page fault per 4 KB (4,096 faults for a 16 MB table, most of the
 * cost of growing it).  Free with table_free and the same size. */
static void *
table_zeroed(size_t bytes)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_PAGE)
        return huge_map(bytes); /* anonymous mappings are zero-filled */
#endif
    return PyMem_Calloc(bytes, 1);
}

static void
table_free(void *table, size_t bytes)
{
    if (table == NULL)
        return;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_PAGE) {
        munmap(table, bytes);
        return;
    }
#endif
    PyMem_Free(table);
}

/* ------------------------------------------------------------------ table of small uptimals
 * (num, exp, u, n) -> the interned game: the intern table of small uptimals (numbers, nimbers, x + u.^ + *n
 * with machine-size parts), in C.  Open addressing with linear probing, at most half full; a slot holds a
 * key (exact for nimbers and integers, else the parts' hash, the parts being in the game's own cache line) and
 * a strong reference to the game; a collection takes entries out (tombstones, then a rebuild).  Python sees
 * the table, together with big_uptimals, as the module attribute uptimals (UptimalTable below).
 *
 * With hundreds of thousands of games the table is larger than the caches, and a probe at a random slot is a
 * trip to memory (about 100 ns).  Two things keep new games off that path:
 *   - a presence filter (a blocked Bloom filter: one 64-byte block per key, one bit in each of its eight
 *     words; half a byte per slot, so that it stays in the second-level cache) answers "not interned" for
 *     most new keys without touching the table;
 *   - insertions are deferred: a new game waits in a small ring (PENDING entries) while the line of its slot
 *     is prefetched, and is written into the table PENDING insertions later.  Lookups consult the ring too.
 * Every key in the table or the ring is in the filter (no false negatives); the filter is rebuilt when the
 * table grows.  Nimbers *n with n < NIM_DIRECT are not in the table: they have a directory of their own
 * (below), whose writes go through the same ring.  small_lookup, small_add and small_sync are the only ways
 * in. */

/* A slot holds an exact key when the parts pack into 62 bits -- a nimber *n (KEY_NIMBER | n) or an integer
 * (KEY_INTEGER | num modulo 2^62) -- so that a hit on one compares the slot alone; other small uptimals hold
 * their parts_hash (below 2^62, tag 0) and a hit compares the parts in the game. */
typedef struct {
    unsigned long long key;
    GameObject *game; /* NULL: empty slot */
} Slot;

#define KEY_NIMBER (1ULL << 62)
#define KEY_INTEGER (2ULL << 62)
#define LOW62 ((1ULL << 62) - 1)
/* A slot whose game was collected (until the table is rebuilt, at the end of the collection): its key, with
 * the tag 3 that no slot_key makes, never matches, and the probe goes on past it. */
static GameObject tomb_game;
#define TOMB (&tomb_game)
#define TOMB_KEY (3ULL << 62)
#define LIVE_SLOT(s) ((s).game != NULL && (s).game != TOMB)

typedef struct {
    unsigned long long key, hash;
    GameObject *game;
} Pending;

#define PENDING 16
static Slot *slots = NULL;
static size_t slot_mask = 0;
static size_t slots_used = 0;      /* interned small uptimals: in the table and in the ring */
static size_t slots_tombs = 0;     /* collected slots not yet cleaned (only during a collection) */
static Pending pending[PENDING];   /* insertions not yet written into the table */
static int pending_count = 0, pending_next = 0; /* a ring: pending_next is the oldest once it is full */
static unsigned long long *filter = NULL; /* blocks of 8 words */
static size_t filter_blocks_mask = 0;

/* The nimber directory.  A nimber *n with n < NIM_DIRECT is found by n itself: bit n of a presence bitmap says
 * whether it is interned, and slot n of a two-level array (pages of 2 MB, huge pages where granted, allocated
 * on first use) holds it.  No hash, no probe, and no rehash as the count grows -- growing the hash table was
 * most of the cost of 100,000 fresh nim sums, zeroing and refilling 16 MB at once.  The bitmap is
 * a bit per nimber (128 KB covers every *n below 2^20), so that "not interned", the answer for a new nimber,
 * comes from cache; the slot write is deferred through the ring like the table's.  Nimbers are the
 * commonest small uptimals (every Grundy value is one), and the commonest new ones. */
#define NIM_DIRECT ((unsigned long long)1 << 22)
#define NIM_PAGE_BITS 18
#define NIM_PAGE ((size_t)1 << NIM_PAGE_BITS)
static unsigned long long nim_present[NIM_DIRECT / 64]; /* zero pages until touched */
static GameObject **nim_pages[NIM_DIRECT >> NIM_PAGE_BITS];
static size_t nims_used = 0; /* interned nimbers in the directory (and in the ring) */

#define IS_DIRECT_NIMBER(num, exp, u, n) ((num) == 0 && (exp) == 0 && (u) == 0 && (unsigned long long)(n) < NIM_DIRECT)
/* bit n of the bitmap: its word and its mask */
#define NIM_WORD(n) nim_present[(unsigned long long)(n) >> 6]
#define NIM_BIT(n) (1ULL << ((unsigned long long)(n) & 63))
#define NIM_PRESENT(n) (NIM_WORD(n) & NIM_BIT(n))
/* the page of slot n (NULL until its first nimber), and slot n itself */
#define NIM_PAGE_OF(n) nim_pages[(unsigned long long)(n) >> NIM_PAGE_BITS]
#define NIM_SLOT(n) (&NIM_PAGE_OF(n)[(unsigned long long)(n) & (NIM_PAGE - 1)])
/* a slot key in the directory's range: a pending write goes to the directory, not the table */
#define KEY_IS_DIRECT(key) ((key) >> 62 == 1 && ((key) & LOW62) < NIM_DIRECT)

/* The hash of the parts, below 2^62 (the table's index takes its low bits, the filter its high ones). */
static unsigned long long
parts_hash(long long num, long long exp, long long u, long long n)
{
    unsigned long long h = (unsigned long long)num * 0x9E3779B97F4A7C15ULL;
    h ^= (unsigned long long)exp + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
    h ^= (unsigned long long)u * 0xC2B2AE3D27D4EB4FULL + (h << 6) + (h >> 2);
    h ^= (unsigned long long)n * 0x165667B19E3779F9ULL + (h << 6) + (h >> 2);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h & LOW62;
}

/* The slot key of the parts (h: their parts_hash). */
static inline unsigned long long
slot_key(long long num, long long exp, long long u, long long n, unsigned long long h)
{
    if (num == 0 && exp == 0 && u == 0)
        return KEY_NIMBER | (unsigned long long)n; /* 0 <= n < 2^61 */
    if (exp == 0 && u == 0 && n == 0)
        return KEY_INTEGER | ((unsigned long long)num & LOW62);
    return h;
}

/* The parts_hash of a slot key (to place it in a larger table without reading its game). */
static unsigned long long
key_hash(unsigned long long key)
{
    switch (key >> 62) {
    case 1:
        return parts_hash(0, 0, 0, (long long)(key & LOW62));
    case 2:
        return parts_hash((long long)(key << 2) >> 2, 0, 0, 0); /* sign-extend the 62 bits */
    default:
        return key;
    }
}

/* The block and the eight bits of the filter for a key's hash (one bit in each word of the block). */
#define FILTER_BLOCK(h) (filter + (((h) >> 32) & filter_blocks_mask) * 8)

static inline unsigned long long
filter_bits(unsigned long long h)
{
    return (h ^ (h >> 29)) * 0x94D049BB133111EBULL;
}

static inline void
filter_add(unsigned long long h)
{
    unsigned long long *block = FILTER_BLOCK(h), bits = filter_bits(h);
    for (int w = 0; w < 8; w++, bits >>= 6)
        block[w] |= 1ULL << (bits & 63);
}

static inline int
filter_may_hold(unsigned long long h)
{
    const unsigned long long *block = FILTER_BLOCK(h);
    unsigned long long bits = filter_bits(h);
    for (int w = 0; w < 8; w++, bits >>= 6)
        if (!(block[w] & (1ULL << (bits & 63))))
            return 0;
    return 1;
}

static inline int
same_parts(GameObject *g, long long num, long long exp, long long u, long long n)
{
    return g->num == num && g->n == n && g->u == u && g->exp == exp;
}

/* The interned game with these parts (h their parts_hash), or NULL: a borrowed reference. */
static GameObject *
small_lookup(long long num, long long exp, long long u, long long n, unsigned long long h)
{
    unsigned long long key = slot_key(num, exp, u, n, h);
    int exact = key != h;
    if (IS_DIRECT_NIMBER(num, exp, u, n)) {
        if (!NIM_PRESENT(n))
            return NULL;
        GameObject *g = *NIM_SLOT(n);
        if (g != NULL)
            return g;
        goto in_ring;
    }
    if (slots == NULL || !filter_may_hold(h))
        return NULL;
    size_t i = (size_t)h & slot_mask;
    for (;;) {
        Slot *s = &slots[i];
        GameObject *g = s->game;
        if (g == NULL)
            break;
        if (s->key == key && (exact || same_parts(g, num, exp, u, n)))
            return g;
        i = (i + 1) & slot_mask;
    }
    /* not in the table: perhaps one of the last few new games, not written yet */
in_ring:
    for (int k = 0; k < pending_count; k++)
        if (pending[k].key == key && (exact || same_parts(pending[k].game, num, exp, u, n)))
            return pending[k].game;
    return NULL;
}

/* Write an entry into the table (its key is not there; the table has room). */
static void
table_put(unsigned long long key, unsigned long long h, GameObject *g)
{
    size_t i = (size_t)h & slot_mask;
    while (slots[i].game != NULL)
        i = (i + 1) & slot_mask;
    slots[i].key = key;
    slots[i].game = g;
}

/* Write a pending insertion where it belongs: the nimber directory or the table. */
static void
pending_write(const Pending *p)
{
    if (KEY_IS_DIRECT(p->key))
        *NIM_SLOT(p->key & LOW62) = p->game;
    else
        table_put(p->key, p->hash, p->game);
}

/* Write every pending insertion. */
static void
small_sync(void)
{
    for (int k = 0; k < pending_count; k++)
        pending_write(&pending[k]);
    pending_count = pending_next = 0;
}

/* A table (and filter) twice as large, or the first one.  The filter has half a byte per slot (a slot is 16
 * bytes): 8 to 16 bits per key, about 2% false positives at the fullest. */
static int
small_resize(size_t size)
{
    size_t blocks = size / 2 / 64;
    Slot *bigger = table_zeroed(size * sizeof(Slot));
    unsigned long long *new_filter = bigger == NULL ? NULL : table_zeroed(blocks * 8 * sizeof(unsigned long long));
    if (new_filter == NULL) {
        table_free(bigger, size * sizeof(Slot));
        PyErr_NoMemory();
        return -1;
    }
    small_sync();
    Slot *old = slots;
    size_t old_mask = slot_mask;
    slots_tombs = 0;
    slots = bigger;
    slot_mask = size - 1;
    table_free(filter, (filter_blocks_mask + 1) * 8 * sizeof(unsigned long long));
    filter = new_filter;
    filter_blocks_mask = blocks - 1;
    if (old != NULL) {
        for (size_t k = 0; k <= old_mask; k++)
            if (LIVE_SLOT(old[k])) {
                unsigned long long h = key_hash(old[k].key);
                table_put(old[k].key, h, old[k].game);
                filter_add(h);
            }
        table_free(old, (old_mask + 1) * sizeof(Slot));
    }
    return 0;
}

static int
small_grow(void)
{
    /* doubling: growing fourfold (fewer rehashes) measured slower on fresh nim sums, the sparser table missing
     * the caches more often (100,000 sums after 200,000 nimbers: 36-38 ms against 33-34 ms) */
    return small_resize(slots == NULL ? 4096 : (slot_mask + 1) * 2);
}

/* Intern g (small, not yet interned; h its parts_hash); takes a new reference.  The table write is deferred
 * (see above): the slot's line is prefetched now and written PENDING insertions later. */
static int
small_add(GameObject *g, unsigned long long h)
{
    int direct = IS_DIRECT_NIMBER(g->num, g->exp, g->u, g->n);
    if (direct) {
        GameObject ***page = &NIM_PAGE_OF(g->n);
        if (*page == NULL && (*page = table_zeroed(NIM_PAGE * sizeof(GameObject *))) == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    else if ((slots == NULL || 2 * (slots_used + slots_tombs + 1) > slot_mask + 1) && small_grow() < 0)
        return -1;
    Py_INCREF(g);
    Pending entry = {slot_key(g->num, g->exp, g->u, g->n, h), h, g};
    if (pending_count < PENDING)
        pending[pending_count++] = entry;
    else {
        Pending *oldest = &pending[pending_next];
        pending_write(oldest);
        *oldest = entry;
        pending_next = (pending_next + 1) % PENDING;
    }
    if (direct) {
        NIM_WORD(g->n) |= NIM_BIT(g->n);
        nims_used++;
        __builtin_prefetch(NIM_SLOT(g->n), 1, 3);
    }
    else {
        filter_add(h);
        slots_used++;
        /* the probe for a free slot often runs past the first line (four slots to a line): fetch the next too */
        __builtin_prefetch(&slots[(size_t)h & slot_mask], 1, 3);
        __builtin_prefetch(&slots[((size_t)h + 4) & slot_mask], 1, 3);
    }
    return 0;
}

static Py_ssize_t
interned_uptimals(void)
{
    return (Py_ssize_t)(slots_used + nims_used) + PyDict_GET_SIZE(big_uptimals);
}

/* The interned small uptimal num/2^exp + u.^ + *n (a new reference): found in the table, else created. */
static PyObject *
small_uptimal(long long num, long long exp, long long u, long long n)
{
    /* the nimber directory needs no hash */
    unsigned long long h = IS_DIRECT_NIMBER(num, exp, u, n) ? 0 : parts_hash(num, exp, u, n);
    GameObject *g = small_lookup(num, exp, u, n, h);
    if (g != NULL) {
        Py_INCREF(g);
        return (PyObject *)g;
    }
    if (check_room(interned_uptimals(), uptimal_table) < 0)
        return NULL;
    g = alloc_game(0);
    if (g == NULL)
        return NULL;
    g->num = num;
    g->exp = exp;
    g->u = u;
    g->n = n;
    g->small = 1;
    g->kind = u == 0 && n == 0 ? 2 : 1;
    if (small_add(g, h) < 0) {
        Py_DECREF(g);
        return NULL;
    }
    return (PyObject *)g;
}

/* new_game(left, right, nus): a new Game with the field initialisation of the pure kernel's _new (the id and
 * the hash are made on first use). */
static PyObject *
make_game(PyObject *left, PyObject *right, PyObject *nus)
{
    GameObject *g = alloc_game(1);
    if (g == NULL)
        return NULL;
    GameSide *side = game_side(g);
    if (side == NULL) {
        Py_DECREF(g);
        return NULL;
    }
    Py_INCREF(left);
    side->left = left;
    Py_INCREF(right);
    side->right = right;
    if (nus != Py_None) {
        if (!PyTuple_CheckExact(nus) || PyTuple_GET_SIZE(nus) != 3) {
            PyErr_SetString(PyExc_TypeError, "cgt.kernel._kernel: an uptimal key is a tuple (x, u, n)");
            goto fail;
        }
        Py_INCREF(nus);
        side->nus = nus;
        PyObject *x = PyTuple_GET_ITEM(nus, 0);
        Py_INCREF(x);
        side->ls = x;
        Py_INCREF(x);
        side->rs = x;
        side->lsf = float_shadow(x);
        if (side->lsf == NULL)
            goto fail;
        Py_INCREF(side->lsf);
        side->rsf = side->lsf;
        int ut = PyObject_IsTrue(PyTuple_GET_ITEM(nus, 1));
        int nt = ut < 0 ? -1 : PyObject_IsTrue(PyTuple_GET_ITEM(nus, 2));
        if (ut < 0 || nt < 0)
            goto fail;
        g->kind = !ut && !nt ? 2 : 1;
        long long p[4];
        int small = small_parts(x, PyTuple_GET_ITEM(nus, 1), PyTuple_GET_ITEM(nus, 2), p);
        if (small < 0)
            goto fail;
        if (small) {
            g->small = 1;
            g->num = p[0];
            g->exp = p[1];
            g->u = p[2];
            g->n = p[3];
        }
    }
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

/* The interned uptimal x + u.^ + *n (the pure kernel's _uptimal): small parts in the small table, others in
 * big_uptimals; number parts that are neither ints nor Fractions go to the pure function. */
static PyObject *
uptimal_of(PyObject *x, PyObject *u, PyObject *n)
{
    if (!PyLong_CheckExact(x) && (PyObject *)Py_TYPE(x) != fraction_type)
        /* other number types: the pure function, whose lookups in the table go by value */
        return PyObject_CallFunctionObjArgs(hook_pure_uptimal, x, u, n, NULL);
    long long p[4];
    int small = small_parts(x, u, n, p);
    if (small < 0)
        return NULL;
    if (small)
        return small_uptimal(p[0], p[1], p[2], p[3]);
    PyObject *key;
    if (PyLong_CheckExact(x))
        key = PyTuple_Pack(3, x, u, n);
    else {
        /* a Fraction with denominator 1 is kept as an int, as the pure kernel does */
        PyObject *denominator = PyObject_GetAttr(x, str_denominator);
        if (denominator == NULL)
            return NULL;
        int overflow = 0;
        int whole = PyLong_CheckExact(denominator) && PyLong_AsLongAndOverflow(denominator, &overflow) == 1
                    && !overflow;
        Py_DECREF(denominator);
        if (whole) {
            PyObject *numerator = PyObject_GetAttr(x, str_numerator);
            if (numerator == NULL)
                return NULL;
            key = PyTuple_Pack(3, numerator, u, n);
            Py_DECREF(numerator);
        }
        else
            key = PyTuple_Pack(3, x, u, n);
    }
    if (key == NULL)
        return NULL;
    PyObject *g = PyDict_GetItemWithError(big_uptimals, key);
    if (g != NULL) {
        Py_INCREF(g);
        Py_DECREF(key);
        return g;
    }
    if (PyErr_Occurred() || check_room(interned_uptimals(), uptimal_table) < 0) {
        Py_DECREF(key);
        return NULL;
    }
    g = make_game(Py_None, Py_None, key);
    if (g != NULL && PyDict_SetItem(big_uptimals, key, g) < 0)
        Py_CLEAR(g);
    Py_DECREF(key);
    return g;
}

/* uptimal(x, u, n): the compiled _uptimal. */
static PyObject *
kernel_uptimal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "uptimal(x, u, n) takes 3 arguments");
        return NULL;
    }
    if (!hooks_ready())
        return NULL;
    return uptimal_of(args[0], args[1], args[2]);
}

/* ------------------------------------------------------------------ uptimals, the intern table of uptimals
 * The module attribute uptimals (kernel.by_uptimal in cgt.kernel.game) is this mapping (x, u, n) -> game over the
 * small table and big_uptimals: len() counts both (set_max_interned applies to the sum), `in`, get(), [] read,
 * values() lists every interned uptimal (cgt.clear_caches() resets their caches through it), and the pure
 * kernel's _uptimal stores through [] = (into the table that owns the key). */

typedef struct {
    PyObject_HEAD
} TableObject;

/* The interned game for a key (x, u, n): a borrowed reference, or NULL (with an error set on failure). */
static PyObject *
table_lookup(PyObject *key)
{
    if (PyTuple_CheckExact(key) && PyTuple_GET_SIZE(key) == 3) {
        long long p[4];
        int small = small_parts(PyTuple_GET_ITEM(key, 0), PyTuple_GET_ITEM(key, 1), PyTuple_GET_ITEM(key, 2), p);
        if (small < 0)
            return NULL;
        if (small) {
            return (PyObject *)small_lookup(p[0], p[1], p[2], p[3], parts_hash(p[0], p[1], p[2], p[3]));
        }
    }
    return PyDict_GetItemWithError(big_uptimals, key);
}

static Py_ssize_t
table_length(PyObject *self)
{
    return interned_uptimals();
}

static PyObject *
table_subscript(PyObject *self, PyObject *key)
{
    PyObject *g = table_lookup(key);
    if (g == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    Py_INCREF(g);
    return g;
}

static int
table_ass_subscript(PyObject *self, PyObject *key, PyObject *value)
{
    if (value == NULL || !IS_GAME(value)) {
        PyErr_SetString(PyExc_TypeError, "the intern table of uptimals only receives games (and keeps them)");
        return -1;
    }
    GameObject *g = (GameObject *)value;
    if (!g->small)
        return PyDict_SetItem(big_uptimals, key, value);
    unsigned long long h = parts_hash(g->num, g->exp, g->u, g->n);
    GameObject *there = small_lookup(g->num, g->exp, g->u, g->n, h);
    if (there == g)
        return 0;
    if (there != NULL) {
        PyErr_SetString(PyExc_ValueError, "cgt.kernel._kernel: this uptimal is already interned");
        return -1;
    }
    return small_add(g, h);
}

static int
table_contains(PyObject *self, PyObject *key)
{
    PyObject *g = table_lookup(key);
    return g != NULL ? 1 : PyErr_Occurred() ? -1 : 0;
}

static PyObject *
table_get(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "get(key, default=None)");
        return NULL;
    }
    PyObject *g = table_lookup(args[0]);
    if (g == NULL) {
        if (PyErr_Occurred())
            return NULL;
        g = nargs == 2 ? args[1] : Py_None;
    }
    Py_INCREF(g);
    return g;
}

static PyObject *
table_values(PyObject *self, PyObject *unused)
{
    PyObject *out = PyDict_Values(big_uptimals);
    if (out == NULL)
        return NULL;
    small_sync();
    for (size_t p = 0; p < (size_t)(NIM_DIRECT >> NIM_PAGE_BITS); p++)
        for (size_t k = 0; nim_pages[p] != NULL && k < NIM_PAGE; k++)
            if (nim_pages[p][k] != NULL && PyList_Append(out, (PyObject *)nim_pages[p][k]) < 0)
                goto error;
    for (size_t k = 0; slots != NULL && k <= slot_mask; k++)
        if (LIVE_SLOT(slots[k]) && PyList_Append(out, (PyObject *)slots[k].game) < 0)
            goto error;
    return out;
error:
    Py_DECREF(out);
    return NULL;
}

static PyMappingMethods table_as_mapping = {
    .mp_length = table_length,
    .mp_subscript = table_subscript,
    .mp_ass_subscript = table_ass_subscript,
};

static PySequenceMethods table_as_sequence = {
    .sq_contains = table_contains,
};

static PyMethodDef table_methods[] = {
    {"get", (PyCFunction)(void (*)(void))table_get, METH_FASTCALL, "get(key, default=None): the interned game."},
    {"values", table_values, METH_NOARGS, "A list of every interned uptimal."},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject Table_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgt.kernel._kernel.UptimalTable",
    .tp_doc = "The intern table of uptimals (x, u, n) -> game (kernel.by_uptimal in cgt.kernel.game).",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_as_mapping = &table_as_mapping,
    .tp_as_sequence = &table_as_sequence,
    .tp_methods = table_methods,
};

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
    PyObject *a = nus_of(g), *b = a == NULL ? NULL : nus_of(h);
    PyObject *r = b == NULL ? NULL : PyObject_CallFunctionObjArgs(hook_uptimal_le, a, b, NULL);
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

/* ------------------------------------------------------------------ small uptimals and stops in machine dyadics
 * The first-run paths of small sums, done in C for machine-size parts (anything else calls the pure functions):
 * the options of a small uptimal from its closed form (the pure _materialise), the stops (_left_stop,
 * _right_stop), the simplicity theorem on small numbers (_as_number) and the recognition of small uptimals
 * among canonical options (_recognise_uptimal). */

static int
by_cid(const void *a, const void *b)
{
    long long x = (*(GameObject *const *)a)->cid, y = (*(GameObject *const *)b)->cid;
    return (x > y) - (x < y);
}

/* a / 2^ae compared with b / 2^be (|a|, |b| < 2^61, exponents <= 62: the products fit in 128 bits). */
static inline int
dyadic_cmp(long long a, int ae, long long b, int be)
{
    if (ae == be)
        return (a > b) - (a < b);
    int e = ae > be ? ae : be;
    __int128 x = (__int128)a * ((__int128)1 << (e - ae));
    __int128 y = (__int128)b * ((__int128)1 << (e - be));
    return (x > y) - (x < y);
}

/* m / 2^e in lowest terms (m odd when e > 0; 0 has e = 0). */
static void
normalise(long long *m, long long *e)
{
    if (*m == 0) {
        *e = 0;
        return;
    }
    while (*e > 0 && (*m & 1) == 0) {
        *m >>= 1;
        (*e)--;
    }
}

/* A tuple of count new references (stolen), sorted by id as the kernel keeps option tuples. */
static PyObject *
sorted_tuple(PyObject **items, Py_ssize_t count)
{
    PyObject *t = PyTuple_New(count);
    if (t == NULL) {
        for (Py_ssize_t i = 0; i < count; i++)
            Py_DECREF(items[i]);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        PyTuple_SET_ITEM(t, i, items[i]);
    if (count > 1)
        qsort(&PyTuple_GET_ITEM(t, 0), (size_t)count, sizeof(PyObject *), by_cid);
    return t;
}

#define MAX_C_NIMBER_OPTIONS 64

/* The canonical options of a small uptimal from its closed form (the pure kernel's _materialise):
 *   x = {x - 1 | } / { | x + 1} for integers, {x - 2^-k | x + 2^-k} for x = m / 2^k (k >= 1);
 *   x + *n = {x + *k | x + *k : k < n} (nimbers by mex, shifted by number translation);
 *   x + u.^ + *n = {x | x + (u-1).^ + *(n^1)} for u >= 1, with x + * added on the left for ^* = {0, * | 0};
 *   u <= -1: the mirror image, -(the options of -x + (-u).^ + *n) (Winning Ways ch. 3: ^ = {0|*}).
 * 1 when done, 0 when the pure function must do it (parts near the machine bound, or more options than
 * MAX_C_NIMBER_OPTIONS, where it applies MAX_LISTED_OPTIONS), -1 on error. */
static int
materialise_small(GameObject *g)
{
    const long long edge = SMALL_LIMIT - 2;
    long long num = g->num, exp = g->exp, u = g->u, n = g->n;
    if (num >= edge || num <= -edge || u >= edge || u <= -edge || n > MAX_C_NIMBER_OPTIONS)
        return 0;
    PyObject *sides[2][MAX_C_NIMBER_OPTIONS];
    Py_ssize_t count[2] = {0, 0};
    long long m, e;
#define OPTION(side, a, b, c, d)                                  \
    do {                                                          \
        PyObject *o_ = small_uptimal((a), (b), (c), (d));         \
        if (o_ == NULL)                                           \
            goto fail;                                            \
        sides[side][count[side]++] = o_;                          \
    } while (0)
    if (u == 0 && n == 0) {
        if (exp == 0) {
            if (num > 0)
                OPTION(0, num - 1, 0, 0, 0);
            else if (num < 0)
                OPTION(1, num + 1, 0, 0, 0);
        }
        else {
            m = num - 1, e = exp;
            normalise(&m, &e);
            OPTION(0, m, e, 0, 0);
            m = num + 1, e = exp;
            normalise(&m, &e);
            OPTION(1, m, e, 0, 0);
        }
    }
    else if (u == 0) {
        for (long long k = 0; k < n; k++) {
            OPTION(0, num, exp, 0, k);
            Py_INCREF(sides[0][k]);
            sides[1][count[1]++] = sides[0][k];
        }
    }
    else if (u > 0) {
        OPTION(0, num, exp, 0, 0);
        if (u == 1 && n == 1)
            OPTION(0, num, exp, 0, 1);
        OPTION(1, num, exp, u - 1, n ^ 1);
    }
    else {
        OPTION(0, num, exp, u + 1, n ^ 1);
        OPTION(1, num, exp, 0, 0);
        if (u == -1 && n == 1)
            OPTION(1, num, exp, 0, 1);
    }
#undef OPTION
    PyObject *left = sorted_tuple(sides[0], count[0]);
    count[0] = 0;
    PyObject *right = left == NULL ? NULL : sorted_tuple(sides[1], count[1]);
    count[1] = 0;
    if (right == NULL) {
        Py_XDECREF(left);
        return -1;
    }
    if (game_side(g) == NULL) {
        Py_DECREF(left);
        Py_DECREF(right);
        return -1;
    }
    Py_XSETREF(g->side->left, left);
    Py_XSETREF(g->side->right, right);
    return 1;
fail:
    for (int side = 0; side < 2; side++)
        for (Py_ssize_t i = 0; i < count[side]; i++)
            Py_DECREF(sides[side][i]);
    return -1;
}

/* The options of g (materialised from the closed form of an uptimal when needed); a new reference. */
static PyObject *
options_of(GameObject *g, int left)
{
    PyObject *options = left ? GF(g, left) : GF(g, right);
    if (NONEISH(options)) {
        int done = g->small ? materialise_small(g) : 0;
        if (done < 0)
            return NULL;
        if (!done) {
            PyObject *r = PyObject_CallOneArg(hook_materialise, (PyObject *)g);
            if (r == NULL)
                return NULL;
            Py_DECREF(r);
        }
        options = left ? GF(g, left) : GF(g, right);
        if (NONEISH(options)) {
            PyErr_SetString(PyExc_RuntimeError, "cgt.kernel._kernel: options were not materialised");
            return NULL;
        }
    }
    if (!PyTuple_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "cgt.kernel._kernel: option lists are tuples of games");
        return NULL;
    }
    Py_INCREF(options);
    return options;
}

/* options_of without a call when the options are there already (general games, materialised uptimals). */
static inline PyObject *
options_now(GameObject *g, int left)
{
    PyObject *options = g->side == NULL ? NULL : left ? g->side->left : g->side->right;
    if (options != NULL && PyTuple_CheckExact(options))
        return Py_NewRef(options);
    return options_of(g, left);
}

/* materialise(g): the compiled _materialise (small uptimals in C, the others by the pure function). */
static PyObject *
kernel_materialise(PyObject *module, PyObject *g)
{
    if (!IS_GAME(g) || !hooks_ready()) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "materialise(g) takes a game");
        return NULL;
    }
    int done = ((GameObject *)g)->small ? materialise_small((GameObject *)g) : 0;
    if (done < 0)
        return NULL;
    if (done)
        Py_RETURN_NONE;
    return PyObject_CallOneArg(hook_materialise, g);
}

static int compute_stops(GameObject *g);

/* Left (side 0) or right (side 1) stop of g as a machine dyadic *num / 2^*exp: 1, or 0 when it is not
 * machine-size (a big uptimal somewhere below), -1 on error. */
static inline int
stop_of(GameObject *g, int side, long long *num, int *exp)
{
    if (g->kind) {
        if (!g->small)
            return 0;
        *num = g->num;
        *exp = (int)g->exp;
        return 1;
    }
    if (g->stops == 0 && compute_stops(g) < 0)
        return -1;
    if (g->stops != 1)
        return 0;
    *num = g->side->stop_num[side];
    *exp = g->side->stop_exp[side];
    return 1;
}

/* The stops of a general game: LS(G) = max RS(G^L), RS(G) = min LS(G^R) (Siegel, CGT II.3 -- a general
 * canonical game has options on both sides: one without right options is an integer).  Sets g->stops. */
static int
compute_stops(GameObject *g)
{
    PyObject *lefts = GF(g, left), *rights = GF(g, right);
    if (lefts == NULL || rights == NULL || !PyTuple_Check(lefts) || !PyTuple_Check(rights)
            || PyTuple_GET_SIZE(lefts) == 0 || PyTuple_GET_SIZE(rights) == 0) {
        g->stops = 2;
        return 0;
    }
    if (Py_EnterRecursiveCall(" while computing stops"))
        return -1;
    int state = 1;
    for (int side = 0; side < 2 && state == 1; side++) {
        PyObject *options = side == 0 ? lefts : rights;
        long long best = 0;
        int best_exp = 0;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(options); i++) {
            long long m;
            int e;
            int r = stop_of((GameObject *)PyTuple_GET_ITEM(options, i), 1 - side, &m, &e);
            if (r < 0) {
                Py_LeaveRecursiveCall();
                return -1;
            }
            if (r == 0) {
                state = 2;
                break;
            }
            if (i == 0 || (side == 0 ? dyadic_cmp(m, e, best, best_exp) > 0 : dyadic_cmp(m, e, best, best_exp) < 0)) {
                best = m;
                best_exp = e;
            }
        }
        g->side->stop_num[side] = best;
        g->side->stop_exp[side] = (signed char)best_exp;
    }
    Py_LeaveRecursiveCall();
    g->stops = state;
    return 0;
}

/* The float shadow of num / 2^exp: (double)num rounds to nearest and the power of two scales exactly, which is
 * float(Fraction(num, 2^exp)). */
static PyObject *
machine_shadow(long long num, int exp)
{
    if (num == 0) {
        Py_INCREF(zero_float);
        return zero_float;
    }
    return PyFloat_FromDouble(ldexp((double)num, -exp));
}

/* The float shadows of both stops, computed when missing. */
static int
ensure_shadows(GameObject *g)
{
    if (!NONEISH(GF(g, lsf)) && !NONEISH(GF(g, rsf)))
        return 0;
    if (g->small)
        return small_shadows(g);
    if (g->kind == 0 && g->stops == 0 && compute_stops(g) < 0)
        return -1;
    if (g->kind == 0 && g->stops == 1) {
        for (int side = 0; side < 2; side++) {
            PyObject **field = side ? &g->side->rsf : &g->side->lsf;
            if (NONEISH(*field)) {
                PyObject *f = machine_shadow(g->side->stop_num[side], g->side->stop_exp[side]);
                if (f == NULL)
                    return -1;
                Py_XSETREF(*field, f);
            }
        }
        return 0;
    }
    return fill_stops(g);
}

/* 1 when a > b for two float shadows (floats, or anything ordered), 0 when not, -1 on error. */
static int
shadow_gt(PyObject *a, PyObject *b)
{
    if (PyFloat_CheckExact(a) && PyFloat_CheckExact(b))
        return PyFloat_AS_DOUBLE(a) > PyFloat_AS_DOUBLE(b);
    return PyObject_RichCompareBool(a, b, Py_GT);
}

/* LS(g) > LS(h) or RS(g) > RS(h), which refutes g <= h (Siegel, CGT II.3): exactly on machine dyadics, else on
 * the float shadows (rounding is monotone, so ">" on them is exact).  1, 0, or -1 on error. */
static int
stops_refute(GameObject *g, GameObject *h)
{
    for (int side = 0; side < 2; side++) {
        long long a, b;
        int ae, be;
        int r = stop_of(g, side, &a, &ae);
        if (r > 0)
            r = stop_of(h, side, &b, &be);
        if (r < 0)
            return -1;
        if (r > 0) {
            if (dyadic_cmp(a, ae, b, be) > 0)
                return 1;
            continue;
        }
        if (ensure_shadows(g) < 0 || ensure_shadows(h) < 0)
            return -1;
        PyObject *a_ = side ? GF(g, rsf) : GF(g, lsf), *b_ = side ? GF(h, rsf) : GF(h, lsf);
        r = shadow_gt(a_ == NULL ? Py_None : a_, b_ == NULL ? Py_None : b_);
        if (r != 0)
            return r;
    }
    return 0;
}

/* The simplicity theorem on small numbers (the pure _as_number when every option is a number; Conway, ONAG
 * ch. 2; Siegel, CGT II.3): the simplest number strictly between the largest left and the smallest right
 * option.  1 with *out (a new reference), 0 when they do not fit (lefts >= rights: not a number), 2 when a part
 * is past the bounds where this is exact in 128 bits (the pure function decides), -1 on error. */
static int
simplest_number(PyObject *left, PyObject *right, PyObject **out)
{
    const long long bound = 1LL << 40;
    long long lo = 0, hi = 0;
    int lo_e = 0, hi_e = 0, has_lo = 0, has_hi = 0;
    for (int side = 0; side < 2; side++) {
        PyObject *options = side ? right : left;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(options); i++) {
            GameObject *o = (GameObject *)PyList_GET_ITEM(options, i);
            if (!o->small || o->num >= bound || o->num <= -bound || o->exp > 20)
                return 2;
            if (side == 0 && (!has_lo || dyadic_cmp(o->num, (int)o->exp, lo, lo_e) > 0)) {
                lo = o->num, lo_e = (int)o->exp, has_lo = 1;
            }
            if (side == 1 && (!has_hi || dyadic_cmp(o->num, (int)o->exp, hi, hi_e) < 0)) {
                hi = o->num, hi_e = (int)o->exp, has_hi = 1;
            }
        }
    }
    if (has_lo && has_hi && dyadic_cmp(lo, lo_e, hi, hi_e) >= 0)
        return 0;
    long long m, e = 0;
    if ((!has_lo || lo < 0) && (!has_hi || hi > 0))
        m = 0;
    else if (!has_hi || (has_lo && lo >= 0)) {
        /* everything positive: the least integer above low, if it fits */
        m = (lo >> lo_e) + 1;
        if (has_hi && dyadic_cmp(m, 0, hi, hi_e) >= 0)
            goto dyadic;
    }
    else {
        m = -((-hi) >> hi_e) - 1; /* ceil(high) - 1 */
        if (has_lo && dyadic_cmp(m, 0, lo, lo_e) <= 0)
            goto dyadic;
    }
    goto done;
dyadic:
    /* no integer fits: the dyadic with the smallest denominator is unique */
    for (e = 1;; e++) {
        if (e > 22)
            return 2;
        m = (e <= lo_e ? lo >> (lo_e - e) : lo * (1LL << (e - lo_e))) + 1; /* floor(low * 2^e) + 1 */
        if (dyadic_cmp(m, (int)e, hi, hi_e) < 0)
            break;
    }
    normalise(&m, &e);
done:
    *out = small_uptimal(m, e, 0, 0);
    return *out == NULL ? -1 : 1;
}

/* Sorted ids of the games in a list or tuple (at most 64): the count, or -1 when there are more. */
static Py_ssize_t
sorted_cids(PyObject *options, long long *cids)
{
    Py_ssize_t count = PySequence_Fast_GET_SIZE(options);
    if (count > 64)
        return -1;
    PyObject **items = PySequence_Fast_ITEMS(options);
    for (Py_ssize_t i = 0; i < count; i++) {
        long long c = ((GameObject *)items[i])->cid;
        Py_ssize_t j = i;
        while (j > 0 && cids[j - 1] > c) {
            cids[j] = cids[j - 1];
            j--;
        }
        cids[j] = c;
    }
    return count;
}

/* 1 when the candidate's canonical options are exactly these (as multisets of ids), 0 when not, -1 on error. */
static int
has_options(GameObject *candidate, PyObject *left, PyObject *right)
{
    for (int side = 0; side < 2; side++) {
        PyObject *mine = options_of(candidate, side == 0);
        if (mine == NULL)
            return -1;
        long long a[64], b[64];
        Py_ssize_t na = sorted_cids(mine, a), nb = sorted_cids(side == 0 ? left : right, b);
        Py_DECREF(mine);
        if (na < 0 || na != nb || memcmp(a, b, (size_t)na * sizeof(long long)) != 0)
            return 0;
    }
    return 1;
}

/* Try the candidate num/2^exp + u.^ + *n: 1 (and *out) when its options are these, 0 when not, -1 on error. */
static int
try_candidate(long long num, long long exp, long long u, long long n, PyObject *left, PyObject *right,
              PyObject **out)
{
    PyObject *c = small_uptimal(num, exp, u, n);
    if (c == NULL)
        return -1;
    int r = has_options((GameObject *)c, left, right);
    if (r > 0)
        *out = c;
    else
        Py_DECREF(c);
    return r;
}

/* The pure _recognise_uptimal on small uptimals: the interned uptimal whose canonical options are exactly
 * these, found by inverting the closed forms of materialise_small (x + *n has equal option sets {x + *k : k < n};
 * for u >= 1 the single right option is x + (u-1).^ + *(n^1); for u <= -1, mirror-wise, the single left option)
 * and verifying each candidate.  1 with *out, 0 when none, 2 when the pure function must decide, -1 on error. */
static int
recognise_small(PyObject *left, PyObject *right, PyObject **out)
{
    const long long edge = SMALL_LIMIT - 2;
    Py_ssize_t nl = PyList_GET_SIZE(left), nr = PyList_GET_SIZE(right);
    if (nl > 64 || nr > 64)
        return 2;
    for (int side = 0; side < 2; side++) {
        PyObject *options = side ? right : left;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(options); i++) {
            GameObject *o = (GameObject *)PyList_GET_ITEM(options, i);
            if (!o->small || o->u >= edge || o->u <= -edge)
                return 2;
        }
    }
    long long a[64], b[64];
    sorted_cids(left, a);
    sorted_cids(right, b);
    if (nl == nr && memcmp(a, b, (size_t)nl * sizeof(long long)) == 0) {
        if (nl == 0)
            return 2;
        GameObject *first = (GameObject *)PyList_GET_ITEM(left, 0);
        for (Py_ssize_t i = 0; i < nl; i++) {
            GameObject *o = (GameObject *)PyList_GET_ITEM(left, i);
            if (o->num != first->num || o->exp != first->exp || o->u != 0)
                return 0;
        }
        return try_candidate(first->num, first->exp, 0, nl, left, right, out);
    }
    if (nr == 1) {
        GameObject *o = (GameObject *)PyList_GET_ITEM(right, 0);
        if (o->u >= 0) {
            int r = try_candidate(o->num, o->exp, o->u + 1, o->n ^ 1, left, right, out);
            if (r != 0)
                return r;
        }
    }
    if (nl == 1) {
        GameObject *o = (GameObject *)PyList_GET_ITEM(left, 0);
        if (o->u <= 0)
            return try_candidate(o->num, o->exp, o->u - 1, o->n ^ 1, left, right, out);
    }
    return 0;
}

/* ------------------------------------------------------------------ the comparison memo of one game
 * g._le_memo with the compiled kernel: the answers g <= h g has found, keyed by h's id (its creation number,
 * cid), in a small open-addressing table of machine words -- a slot is (cid + 1) << 1 | answer, 0 when empty.
 * It replaces a dict of int ids: on Domineering 6 x 6 a quarter of the time was CPython's dict lookup
 * in these memos, and each dict entry cost about 40 bytes plus an int object for the id of every game ever
 * compared (a small uptimal got its side structure just for that).  Up to LE_INLINE slots live in the object
 * itself.  To Python it is a small mapping of ids to bools (get, [], in, len, iteration), so the pure kernel's
 * functions, run on compiled games by the tests, read and write it as they would a dict. */
#define LE_INLINE 4
typedef struct {
    PyObject_HEAD
    uint64_t *slots;   /* inline_slots, or a PyMem block once grown */
    uint32_t mask;     /* slots - 1 */
    uint32_t used;
    uint64_t inline_slots[LE_INLINE];
} LeMemoObject;

static PyTypeObject LeMemo_Type;
#define IS_LEMEMO(o) (Py_TYPE(o) == &LeMemo_Type)

static inline size_t
lememo_index(uint64_t cid, uint32_t mask)
{
    uint64_t k = cid * 0x9E3779B97F4A7C15ULL;
    return (size_t)(k >> 40) & mask;
}

/* The answer stored for cid: 1 / 0, or 2 when absent. */
static inline int
lememo_get(LeMemoObject *memo, uint64_t cid)
{
    uint64_t want = cid + 1;
    size_t i = lememo_index(cid, memo->mask);
    for (;;) {
        uint64_t slot = memo->slots[i];
        if (slot == 0)
            return 2;
        if (slot >> 1 == want)
            return (int)(slot & 1);
        i = (i + 1) & memo->mask;
    }
}

static int
lememo_grow(LeMemoObject *memo)
{
    uint32_t size = (memo->mask + 1) * 2;
    uint64_t *slots = PyMem_Calloc(size, sizeof(uint64_t));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (uint32_t j = 0; j <= memo->mask; j++) {
        uint64_t slot = memo->slots[j];
        if (slot == 0)
            continue;
        size_t i = lememo_index((slot >> 1) - 1, size - 1);
        while (slots[i] != 0)
            i = (i + 1) & (size - 1);
        slots[i] = slot;
    }
    if (memo->slots != memo->inline_slots)
        PyMem_Free(memo->slots);
    memo->slots = slots;
    memo->mask = size - 1;
    return 0;
}

/* Store the answer for cid; returns 1 for a new entry, 0 for a replaced one, -1 on error. */
static int
lememo_put(LeMemoObject *memo, uint64_t cid, int answer)
{
    if (cid >= ((uint64_t)1 << 62)) {
        PyErr_SetString(PyExc_OverflowError, "cgt.kernel._kernel: a game id past 2**62");
        return -1;
    }
    if (4 * (memo->used + 1) > 3 * (memo->mask + 1) && lememo_grow(memo) < 0)
        return -1;
    uint64_t want = cid + 1, slot = want << 1 | (answer != 0);
    size_t i = lememo_index(cid, memo->mask);
    for (;;) {
        uint64_t there = memo->slots[i];
        if (there == 0) {
            memo->slots[i] = slot;
            memo->used++;
            return 1;
        }
        if (there >> 1 == want) {
            memo->slots[i] = slot;
            return 0;
        }
        i = (i + 1) & memo->mask;
    }
}

static LeMemoObject *
lememo_new(void)
{
    LeMemoObject *memo = PyObject_New(LeMemoObject, &LeMemo_Type);
    if (memo == NULL)
        return NULL;
    memo->slots = memo->inline_slots;
    memo->mask = LE_INLINE - 1;
    memo->used = 0;
    memset(memo->inline_slots, 0, sizeof(memo->inline_slots));
    return memo;
}

static PyObject *
lememo_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if ((kwargs != NULL && PyDict_GET_SIZE(kwargs)) || PyTuple_GET_SIZE(args)) {
        PyErr_SetString(PyExc_TypeError, "LeMemo() takes no arguments");
        return NULL;
    }
    return (PyObject *)lememo_new();
}

static void
lememo_dealloc(LeMemoObject *memo)
{
    if (memo->slots != memo->inline_slots)
        PyMem_Free(memo->slots);
    PyObject_Free(memo);
}

/* A Python key (a game id: an int >= 0) as a cid; -1 with an error set otherwise. */
static int
lememo_key(PyObject *key, uint64_t *cid)
{
    if (!PyLong_Check(key)) {
        PyErr_Format(PyExc_TypeError, "a comparison memo is keyed by game ids (ints), not %.100s",
                     Py_TYPE(key)->tp_name);
        return -1;
    }
    unsigned long long k = PyLong_AsUnsignedLongLong(key);
    if (k == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *cid = k;
    return 0;
}

static Py_ssize_t
lememo_length(LeMemoObject *memo)
{
    return memo->used;
}

static PyObject *
lememo_subscript(LeMemoObject *memo, PyObject *key)
{
    uint64_t cid;
    if (lememo_key(key, &cid) < 0)
        return NULL;
    int known = lememo_get(memo, cid);
    if (known == 2) {
        PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    return PyBool_FromLong(known);
}

static int
lememo_ass_subscript(LeMemoObject *memo, PyObject *key, PyObject *value)
{
    uint64_t cid;
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "a comparison memo only grows (drop it whole: g._le_memo = None)");
        return -1;
    }
    if (lememo_key(key, &cid) < 0)
        return -1;
    int answer = PyObject_IsTrue(value);
    if (answer < 0)
        return -1;
    return lememo_put(memo, cid, answer) < 0 ? -1 : 0;
}

static int
lememo_contains(LeMemoObject *memo, PyObject *key)
{
    uint64_t cid;
    if (lememo_key(key, &cid) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        return 0;
    }
    return lememo_get(memo, cid) != 2;
}

static PyObject *
lememo_get_method(LeMemoObject *memo, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "get(id, default=None)");
        return NULL;
    }
    PyObject *fallback = nargs == 2 ? args[1] : Py_None;
    uint64_t cid;
    if (lememo_key(args[0], &cid) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return NULL;
        PyErr_Clear();
        return Py_NewRef(fallback);
    }
    int known = lememo_get(memo, cid);
    return known == 2 ? Py_NewRef(fallback) : PyBool_FromLong(known);
}

/* The ids it holds, as a list (iteration and keys()). */
static PyObject *
lememo_keys(LeMemoObject *memo, PyObject *unused)
{
    PyObject *out = PyList_New(0);
    for (uint32_t i = 0; out != NULL && i <= memo->mask; i++) {
        uint64_t slot = memo->slots[i];
        if (slot == 0)
            continue;
        PyObject *id = PyLong_FromUnsignedLongLong((slot >> 1) - 1);
        if (id == NULL || PyList_Append(out, id) < 0)
            Py_CLEAR(out);
        Py_XDECREF(id);
    }
    return out;
}

static PyObject *
lememo_iter(LeMemoObject *memo)
{
    PyObject *keys = lememo_keys(memo, NULL);
    if (keys == NULL)
        return NULL;
    PyObject *it = PyObject_GetIter(keys);
    Py_DECREF(keys);
    return it;
}

static PyObject *
lememo_sizeof(LeMemoObject *memo, PyObject *unused)
{
    size_t bytes = sizeof(LeMemoObject);
    if (memo->slots != memo->inline_slots)
        bytes += ((size_t)memo->mask + 1) * sizeof(uint64_t);
    return PyLong_FromSize_t(bytes);
}

static PyMethodDef lememo_methods[] = {
    {"get", (PyCFunction)(void (*)(void))lememo_get_method, METH_FASTCALL, "get(id, default=None)"},
    {"keys", (PyCFunction)lememo_keys, METH_NOARGS, "The ids of the games compared with, as a list."},
    {"__sizeof__", (PyCFunction)lememo_sizeof, METH_NOARGS, "Bytes held, slots included."},
    {NULL, NULL, 0, NULL}
};

static PyMappingMethods lememo_as_mapping = {
    .mp_length = (lenfunc)lememo_length,
    .mp_subscript = (binaryfunc)lememo_subscript,
    .mp_ass_subscript = (objobjargproc)lememo_ass_subscript,
};

static PySequenceMethods lememo_as_sequence = {
    .sq_contains = (objobjproc)lememo_contains,
};

static PyTypeObject LeMemo_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgt.kernel._kernel.LeMemo",
    .tp_basicsize = sizeof(LeMemoObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The comparison memo of one game: ids of other games -> whether this game is <= that one.",
    .tp_new = lememo_tp_new,
    .tp_dealloc = (destructor)lememo_dealloc,
    .tp_as_mapping = &lememo_as_mapping,
    .tp_as_sequence = &lememo_as_sequence,
    .tp_iter = (getiterfunc)lememo_iter,
    .tp_methods = lememo_methods,
};

/* ------------------------------------------------------------------ the comparison memos' budget
 * The pure kernel's _memo_stored, _drop_memos, _forget_memos (cgt.kernel.game: the comments there).  The list of games
 * holding a memo is the module attribute memo_holders, which the pure kernel's _le appends to as well (under
 * cgt.kernel.game.pure_kernel()); the entry count and the budget are here.  A memo is a cache: dropping one only
 * costs recomputation. */
static PyObject *memo_holders = NULL;   /* list: games holding a memo dict, oldest first */
static long long memo_entries = 0;      /* entries in those dicts */
static long long memo_budget = 2000000; /* set_memo_budget (cgt.runtime.limits hands it over at bind time) */
static long long memo_drops = 0;

/* Drop g's comparison memo; returns how many entries it held. */
static Py_ssize_t
memo_clear(GameObject *g)
{
    if (g->side == NULL)
        return 0;
    PyObject *memo = g->side->le_memo;
    Py_ssize_t held = memo == NULL ? 0 : IS_LEMEMO(memo) ? ((LeMemoObject *)memo)->used
                                         : PyDict_Check(memo) ? PyDict_GET_SIZE(memo) : 0;
    Py_CLEAR(g->side->le_memo);   /* a LeMemo, or a dict of ints and bools: freeing it runs no Python code */
    return held;
}

/* Drop the memos of the oldest holders until at most half the budget remains. */
static int
memo_drop(void)
{
    Py_ssize_t n = PyList_GET_SIZE(memo_holders), i = 0;
    long long target = memo_budget / 2;
    while (i < n && memo_entries > target) {
        PyObject *o = PyList_GET_ITEM(memo_holders, i++);
        if (!IS_GAME(o))
            continue;
        memo_entries -= memo_clear((GameObject *)o);
        ((GameObject *)o)->held = 0;
    }
    if (PyList_SetSlice(memo_holders, 0, i, NULL) < 0)
        return -1;
    if (PyList_GET_SIZE(memo_holders) == 0)
        memo_entries = 0;
    memo_drops++;
    return 0;
}

/* One entry stored in the memo of a holder: count it; past the budget, drop. */
static inline int
memo_count_one(void)
{
    if (++memo_entries > memo_budget)
        return memo_drop();
    return 0;
}

/* A new memo for g: g joins the holders (once: the held bit says it is there). */
static inline int
memo_new_holder(GameObject *g)
{
    if (memo_holders == NULL || g->held)
        return 0;
    if (PyList_Append(memo_holders, (PyObject *)g) < 0)
        return -1;
    g->held = 1;
    return 0;
}

/* memo_new_holder(g) for Python: the pure kernel's _le, run on compiled games, registers the memos it makes. */
static PyObject *
kernel_memo_new_holder(PyObject *module, PyObject *g)
{
    if (!IS_GAME(g)) {
        PyErr_SetString(PyExc_TypeError, "memo_new_holder(g) takes a game");
        return NULL;
    }
    if (memo_new_holder((GameObject *)g) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *
kernel_memo_stored(PyObject *module, PyObject *unused)
{
    if (memo_holders != NULL && memo_count_one() < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *
kernel_memo_forget(PyObject *module, PyObject *unused)
{
    if (memo_holders != NULL) {
        Py_ssize_t n = PyList_GET_SIZE(memo_holders);
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *o = PyList_GET_ITEM(memo_holders, i);
            if (IS_GAME(o)) {
                memo_clear((GameObject *)o);
                ((GameObject *)o)->held = 0;
            }
        }
        if (PyList_SetSlice(memo_holders, 0, n, NULL) < 0)
            return NULL;
    }
    memo_entries = 0;
    ctor_clear();
    bases_clear();
    Py_RETURN_NONE;
}

/* A budget setter's argument, an int >= 0, stored into *budget (-1 with an error set otherwise). */
static int
budget_argument(PyObject *arg, const char *setter, long long *budget)
{
    long long value = PyLong_AsLongLong(arg);
    if (value == -1 && PyErr_Occurred())
        return -1;
    if (value < 0) {
        PyErr_Format(PyExc_ValueError, "%s(entries) takes a count >= 0", setter);
        return -1;
    }
    *budget = value;
    return 0;
}

static PyObject *
kernel_set_memo_budget(PyObject *module, PyObject *arg)
{
    if (budget_argument(arg, "set_memo_budget", &memo_budget) < 0)
        return NULL;
    if (memo_holders != NULL && memo_entries > memo_budget && memo_drop() < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *
kernel_memo_stats(PyObject *module, PyObject *unused)
{
    return Py_BuildValue("{sLsnsLsL}", "entries", memo_entries, "holders",
                         memo_holders == NULL ? (Py_ssize_t)0 : PyList_GET_SIZE(memo_holders), "budget", memo_budget,
                         "drops", memo_drops);
}

/* memo.get(other's id) as 1 / 0, or 2 when absent (-1 on error). */
static int
memo_get(PyObject *memo, GameObject *other)
{
    if (NONEISH(memo))
        return 2;
    if (IS_LEMEMO(memo))
        return lememo_get((LeMemoObject *)memo, (uint64_t)other->cid);
    PyObject *key = id_of(other);
    if (key == NULL)
        return -1;
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
    if (!(g->kind && h->kind)) {
        /* G <= H forces LS(G) <= LS(H) and RS(G) <= RS(H) (Siegel, CGT II.3): a cheap refutation, tried before
         * the memo and not stored in it (it costs less than a memo entry). */
        int gt = stops_refute(g, h);
        if (gt)
            return gt < 0 ? -1 : 0;
    }
    PyObject *memo = LE_MEMO(g);
    if (NONEISH(memo)) {
        memo = (PyObject *)lememo_new();
        if (memo == NULL || LE_MEMO_SLOT(g) == NULL) {
            Py_XDECREF(memo);
            return -1;
        }
        Py_XSETREF(*LE_MEMO_SLOT(g), memo);
        if (memo_new_holder(g) < 0)
            return -1;
    }
    else {
        if (!IS_LEMEMO(memo) && !PyDict_Check(memo)) {
            PyErr_SetString(PyExc_TypeError, "cgt.kernel._kernel: _le_memo must be a LeMemo or a dict");
            return -1;
        }
        int known = memo_get(memo, h);
        if (known != 2)
            return known;
    }
    Py_INCREF(memo); /* kept across the recursion, whatever happens to g's memo meanwhile */
    int result;
    if (g->kind && h->kind) {
        result = uptimal_le(g, h);
        if (result < 0)
            goto error;
    }
    else {
        if (Py_EnterRecursiveCall(" while comparing games"))
            goto error;
        {
            if (poll_cancel() < 0)
                goto error_leave;
            result = 1;
            /* Number avoidance: when one side is a number and the other is not, the number's own options
             * never decide the comparison (Siegel, CGT Thm II.3.19). */
            if (g->kind != 2) {
                PyObject *lefts = options_now(g, 1);
                if (lefts == NULL)
                    goto error_leave;
                Py_ssize_t count = PyTuple_GET_SIZE(lefts);
                for (Py_ssize_t i = 0; i < count; i++) {
                    GameObject *gl = (GameObject *)PyTuple_GET_ITEM(lefts, i);
                    int known = le_rec(h, gl); /* the stops, then h's memo, then the recursion */
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
                PyObject *rights = options_now(h, 0);
                if (rights == NULL)
                    goto error_leave;
                Py_ssize_t count = PyTuple_GET_SIZE(rights);
                for (Py_ssize_t i = 0; i < count; i++) {
                    GameObject *hr = (GameObject *)PyTuple_GET_ITEM(rights, i);
                    int known = le_rec(hr, g);
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
    /* Stored only if the memo is still g's (a drop during the recursion may have taken it). */
    if (LE_MEMO(g) == memo) {
        int added;
        if (IS_LEMEMO(memo))
            added = lememo_put((LeMemoObject *)memo, (uint64_t)h->cid, result);
        else {
            PyObject *hid = id_of(h);
            added = hid == NULL || PyDict_SetItem(memo, hid, result ? Py_True : Py_False) < 0 ? -1 : 1;
        }
        if (added < 0)
            goto error;
        if (memo_holders != NULL && memo_count_one() < 0)
            goto error;
    }
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
 * rerun through the deep-recursion wrapper (cgt.runtime.deep.deep), which moves it to a big-stack thread. */
static int
entry_le(GameObject *g, GameObject *h)
{
    if (g == h)
        return 1;
    if (g->kind && h->kind)
        return uptimal_le(g, h);
    int known = memo_get(LE_MEMO(g), h);
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



/* The options (a sequence of games) sorted by id, as a new tuple. */
static PyObject *
sorted_options(PyObject *options)
{
    PyObject *seq = PySequence_Fast(options, "cgt.kernel._kernel: options must be a sequence of games");
    if (seq == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject *sorted = PyTuple_New(count);
    if (sorted == NULL)
        goto fail;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        if (!IS_GAME(items[i])) {
            PyErr_SetString(PyExc_TypeError, "cgt.kernel._kernel: options must be games");
            goto fail;
        }
        Py_INCREF(items[i]);
        PyTuple_SET_ITEM(sorted, i, items[i]);
    }
    PyObject **out = &PyTuple_GET_ITEM(sorted, 0);
    if (count <= 16) {
        /* insertion sort: option lists are short, and often sorted already */
        for (Py_ssize_t i = 1; i < count; i++) {
            PyObject *item = out[i];
            long long cid = ((GameObject *)item)->cid;
            Py_ssize_t j = i;
            while (j > 0 && ((GameObject *)out[j - 1])->cid > cid) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = item;
        }
    }
    else
        qsort(out, (size_t)count, sizeof(PyObject *), by_cid);
    Py_DECREF(seq);
    return sorted;
fail:
    Py_XDECREF(sorted);
    Py_DECREF(seq);
    return NULL;
}

/* ------------------------------------------------------------------ the intern table of general games
 * (left, right) -> the interned general game, in C: an open-addressing table of (hash, game) keyed by the sorted
 * ids of the game's options (the left ones, then the right ones), holding a strong reference to each game.  A
 * lookup hashes machine words -- no key tuple is made, no game is hashed, nothing is inserted into a dict -- and
 * a hit compares the ids with the options the game keeps (its own _left and _right, sorted by id).  Python sees
 * it as the module attribute by_options (kernel.by_options in cgt.kernel.game): a mapping from the pair of option
 * tuples to the game (len, [], get, in, values(), keys(), iteration), which the pure kernel's functions, run on
 * compiled games by the tests, read and write as they would the pure kernel's dict.  A collection takes entries
 * out (tombstones), and the table is rebuilt to its new size afterwards. */
typedef struct {
    uint64_t hash;
    GameObject *game; /* NULL: empty; GEN_TOMB: taken out by a collection */
} GenSlot;
#define GEN_TOMB (&tomb_game)
#define GEN_LIVE(s) ((s).game != NULL && (s).game != GEN_TOMB)
static GenSlot *gen_slots = NULL;
static size_t gen_mask = 0, gen_count = 0, gen_tombs = 0;
#define GEN_STACK_IDS 64 /* ids of up to this many options are sorted on the stack */

/* The sorted ids (with repetitions) of the games items[0:n] into out. */
static void
sorted_ids(PyObject *const *items, Py_ssize_t n, uint64_t *out)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t c = (uint64_t)((GameObject *)items[i])->cid;
        Py_ssize_t j = i;
        while (j > 0 && out[j - 1] > c) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = c;
    }
}

/* The hash of the key of a general game from its options' sorted ids (the left ones, then the right ones). */
static uint64_t
options_hash(const uint64_t *ids, Py_ssize_t nl, Py_ssize_t nr)
{
    uint64_t h = ((uint64_t)nl << 32 | (uint64_t)nr) * 0x9E3779B97F4A7C15ULL;
    for (Py_ssize_t i = 0; i < nl + nr; i++) {
        h = (h ^ ids[i]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

/* The hash of an interned general game (its option tuples are sorted by id): options_hash of their ids. */
static uint64_t
game_options_hash(GameObject *g)
{
    PyObject *left = GF(g, left), *right = GF(g, right);
    Py_ssize_t nl = PyTuple_GET_SIZE(left), nr = PyTuple_GET_SIZE(right);
    uint64_t h = ((uint64_t)nl << 32 | (uint64_t)nr) * 0x9E3779B97F4A7C15ULL;
    for (Py_ssize_t i = 0; i < nl + nr; i++) {
        PyObject *o = i < nl ? PyTuple_GET_ITEM(left, i) : PyTuple_GET_ITEM(right, i - nl);
        h = (h ^ (uint64_t)((GameObject *)o)->cid) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

/* 1 when g's options have exactly these sorted ids. */
static int
game_has_ids(GameObject *g, const uint64_t *ids, Py_ssize_t nl, Py_ssize_t nr)
{
    PyObject *left = GF(g, left), *right = GF(g, right);
    if (PyTuple_GET_SIZE(left) != nl || PyTuple_GET_SIZE(right) != nr)
        return 0;
    for (Py_ssize_t i = 0; i < nl; i++)
        if ((uint64_t)((GameObject *)PyTuple_GET_ITEM(left, i))->cid != ids[i])
            return 0;
    for (Py_ssize_t i = 0; i < nr; i++)
        if ((uint64_t)((GameObject *)PyTuple_GET_ITEM(right, i))->cid != ids[nl + i])
            return 0;
    return 1;
}

/* The interned general game with these sorted option ids, or NULL (borrowed). */
static GameObject *
gen_find(uint64_t h, const uint64_t *ids, Py_ssize_t nl, Py_ssize_t nr)
{
    if (gen_slots == NULL)
        return NULL;
    for (size_t k = (size_t)h & gen_mask; gen_slots[k].game != NULL; k = (k + 1) & gen_mask)
        if (gen_slots[k].hash == h && gen_slots[k].game != GEN_TOMB
                && game_has_ids(gen_slots[k].game, ids, nl, nr))
            return gen_slots[k].game;
    return NULL;
}

/* A table of `size` slots holding the live entries (tombstones dropped): 0, or -1 with MemoryError. */
static int
gen_resize(size_t size)
{
    GenSlot *bigger = table_zeroed(size * sizeof(GenSlot));
    if (bigger == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; gen_slots != NULL && i <= gen_mask; i++)
        if (GEN_LIVE(gen_slots[i])) {
            size_t k = (size_t)gen_slots[i].hash & (size - 1);
            while (bigger[k].game != NULL)
                k = (k + 1) & (size - 1);
            bigger[k] = gen_slots[i];
        }
    if (gen_slots != NULL)
        table_free(gen_slots, (gen_mask + 1) * sizeof(GenSlot));
    gen_slots = bigger;
    gen_mask = size - 1;
    gen_tombs = 0;
    return 0;
}

/* Intern g (its key, hash h, is not in the table); takes a new reference. */
static int
gen_insert(uint64_t h, GameObject *g)
{
    if ((gen_slots == NULL || 2 * (gen_count + gen_tombs + 1) > gen_mask + 1)
            && gen_resize(gen_slots == NULL ? 4096 : 2 * (gen_count + 1) > (gen_mask + 1) / 2 ? 2 * (gen_mask + 1)
                                                                                         : gen_mask + 1) < 0)
        return -1;
    size_t k = (size_t)h & gen_mask;
    while (gen_slots[k].game != NULL && gen_slots[k].game != GEN_TOMB)
        k = (k + 1) & gen_mask;
    if (gen_slots[k].game == GEN_TOMB)
        gen_tombs--;
    gen_slots[k].hash = h;
    gen_slots[k].game = g;
    Py_INCREF(g);
    gen_count++;
    return 0;
}

/* Take g out of the table (dropping the table's reference, which may free it): 1 when it was there, else 0. */
static int
gen_remove(GameObject *g)
{
    PyObject *left = GF(g, left), *right = GF(g, right);
    if (gen_slots == NULL || left == NULL || right == NULL || !PyTuple_CheckExact(left) || !PyTuple_CheckExact(right))
        return 0;
    uint64_t h = game_options_hash(g);
    for (size_t k = (size_t)h & gen_mask; gen_slots[k].game != NULL; k = (k + 1) & gen_mask)
        if (gen_slots[k].game == g) {
            gen_slots[k].game = GEN_TOMB;
            gen_count--;
            gen_tombs++;
            Py_DECREF(g);
            return 1;
        }
    return 0;
}

/* The items of a sequence of games as a borrowed array (*seq holds a new reference to release: the sequence
 * itself when it is a list or a tuple), or NULL with TypeError. */
static PyObject *const *
game_items(PyObject *options, PyObject **seq, Py_ssize_t *n)
{
    if (PyList_CheckExact(options) || PyTuple_CheckExact(options))
        *seq = Py_NewRef(options);
    else if ((*seq = PySequence_Fast(options, "cgt.kernel._kernel: options must be a sequence of games")) == NULL)
        return NULL;
    *n = PySequence_Fast_GET_SIZE(*seq);
    PyObject *const *items = PySequence_Fast_ITEMS(*seq);
    for (Py_ssize_t i = 0; i < *n; i++)
        if (!IS_GAME(items[i])) {
            PyErr_SetString(PyExc_TypeError, "cgt.kernel._kernel: options must be games");
            Py_CLEAR(*seq);
            return NULL;
        }
    return items;
}

/* The key of a general game, from two sequences of games: their sorted ids in *ids (the stack buffer `local`
 * when they fit, else a PyMem block the caller frees), counts in *nl, *nr, the hash returned; -1 on error
 * (with *ids NULL). */
static int
gen_key(PyObject *left, PyObject *right, uint64_t *local, uint64_t **ids, Py_ssize_t *nl, Py_ssize_t *nr,
        uint64_t *h)
{
    PyObject *seqs[2] = {NULL, NULL};
    PyObject *const *items[2];
    *ids = NULL;
    if ((items[0] = game_items(left, &seqs[0], nl)) == NULL || (items[1] = game_items(right, &seqs[1], nr)) == NULL) {
        Py_XDECREF(seqs[0]);
        return -1;
    }
    *ids = *nl + *nr <= 2 * GEN_STACK_IDS ? local : PyMem_Malloc((size_t)(*nl + *nr) * sizeof(uint64_t));
    if (*ids == NULL) {
        PyErr_NoMemory();
        Py_DECREF(seqs[0]);
        Py_DECREF(seqs[1]);
        return -1;
    }
    sorted_ids(items[0], *nl, *ids);
    sorted_ids(items[1], *nr, *ids + *nl);
    *h = options_hash(*ids, *nl, *nr);
    Py_DECREF(seqs[0]);
    Py_DECREF(seqs[1]);
    return 0;
}

/* The options as a tuple sorted by id (a new reference): a tuple already sorted is kept, and so is one that only
 * the caller holds (`own`: sorted in place); anything else is copied. */
static PyObject *
options_tuple(PyObject *options, int own)
{
    if (PyTuple_CheckExact(options)) {
        Py_ssize_t n = PyTuple_GET_SIZE(options), i = 1;
        PyObject **items = &PyTuple_GET_ITEM(options, 0);
        while (i < n && ((GameObject *)items[i - 1])->cid <= ((GameObject *)items[i])->cid)
            i++;
        if (i >= n)
            return Py_NewRef(options);
        if (own && Py_REFCNT(options) == 1 && n <= 16) {
            for (; i < n; i++) {
                PyObject *item = items[i];
                long long cid = ((GameObject *)item)->cid;
                Py_ssize_t j = i;
                while (j > 0 && ((GameObject *)items[j - 1])->cid > cid) {
                    items[j] = items[j - 1];
                    j--;
                }
                items[j] = item;
            }
            return Py_NewRef(options);
        }
    }
    return sorted_options(options);
}

/* The pure kernel's _intern_general: the interned canonical game {left | right} (known not to be an uptimal), its
 * options kept as tuples sorted by id; left and right are sequences of games (tuples that only the caller holds,
 * when `own`, may become the game's options). */
static PyObject *
intern_general_own(PyObject *left, PyObject *right, int own)
{
    uint64_t local[2 * GEN_STACK_IDS], *ids, h;
    Py_ssize_t nl, nr;
    if (gen_key(left, right, local, &ids, &nl, &nr, &h) < 0)
        return NULL;
    PyObject *g = (PyObject *)gen_find(h, ids, nl, nr), *lefts = NULL, *rights = NULL;
    if (g != NULL) {
        Py_INCREF(g);
        goto done;
    }
    g = NULL;
    if (check_room((Py_ssize_t)gen_count, by_options) < 0)
        goto done;
    if ((lefts = options_tuple(left, own)) == NULL || (rights = options_tuple(right, own)) == NULL)
        goto done;
    g = make_game(lefts, rights, Py_None);
    if (g != NULL && gen_insert(h, (GameObject *)g) < 0)
        Py_CLEAR(g);
done:
    if (ids != local)
        PyMem_Free(ids);
    Py_XDECREF(lefts);
    Py_XDECREF(rights);
    return g;
}

static PyObject *
intern_general(PyObject *left, PyObject *right)
{
    return intern_general_own(left, right, 0);
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

/* by_options for Python: the mapping (left, right) -> game over the table. */
typedef struct {
    PyObject_HEAD
} GenTableObject;

/* The interned game for a key (left, right), borrowed, or NULL (with an error set when the key is not a pair of
 * sequences of games). */
static GameObject *
gen_lookup_key(PyObject *key, int *error)
{
    *error = 0;
    if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2) {
        PyErr_SetString(PyExc_TypeError, "a key of the intern table of general games is a pair (left, right) of "
                                         "tuples of games");
        *error = 1;
        return NULL;
    }
    uint64_t local[2 * GEN_STACK_IDS], *ids, h;
    Py_ssize_t nl, nr;
    if (gen_key(PyTuple_GET_ITEM(key, 0), PyTuple_GET_ITEM(key, 1), local, &ids, &nl, &nr, &h) < 0) {
        *error = 1;
        return NULL;
    }
    GameObject *g = gen_find(h, ids, nl, nr);
    if (ids != local)
        PyMem_Free(ids);
    return g;
}

static Py_ssize_t
gentable_length(PyObject *self)
{
    return (Py_ssize_t)gen_count;
}

static PyObject *
gentable_subscript(PyObject *self, PyObject *key)
{
    int error;
    GameObject *g = gen_lookup_key(key, &error);
    if (g == NULL) {
        if (!error)
            PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    return Py_NewRef((PyObject *)g);
}

static int
gentable_ass_subscript(PyObject *self, PyObject *key, PyObject *value)
{
    int error;
    GameObject *there = gen_lookup_key(key, &error);
    if (error)
        return -1;
    if (value == NULL) {
        if (there == NULL) {
            PyErr_SetObject(PyExc_KeyError, key);
            return -1;
        }
        gen_remove(there);
        return 0;
    }
    if (!IS_GAME(value) || there != NULL) {
        if (there == (GameObject *)value)
            return 0;
        PyErr_SetString(there != NULL ? PyExc_ValueError : PyExc_TypeError,
                        there != NULL ? "cgt.kernel._kernel: a game with these options is already interned"
                                      : "the intern table of general games only receives games (and keeps them)");
        return -1;
    }
    GameObject *g = (GameObject *)value;
    PyObject *left = GF(g, left), *right = GF(g, right);
    if (left == NULL || right == NULL || !PyTuple_CheckExact(left) || !PyTuple_CheckExact(right)) {
        PyErr_SetString(PyExc_TypeError, "a general game is interned with its options as tuples");
        return -1;
    }
    /* the game's own options are the key that counts (the tuples sorted by id) */
    uint64_t local[2 * GEN_STACK_IDS], *ids, h;
    Py_ssize_t nl, nr;
    if (gen_key(left, right, local, &ids, &nl, &nr, &h) < 0)
        return -1;
    int sorted = game_has_ids(g, ids, nl, nr);
    if (ids != local)
        PyMem_Free(ids);
    if (!sorted) {
        PyErr_SetString(PyExc_ValueError, "a general game keeps its options sorted by id");
        return -1;
    }
    return gen_insert(h, g);
}

static int
gentable_contains(PyObject *self, PyObject *key)
{
    int error;
    GameObject *g = gen_lookup_key(key, &error);
    return error ? -1 : g != NULL;
}

static PyObject *
gentable_get(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "get(key, default=None)");
        return NULL;
    }
    int error;
    PyObject *g = (PyObject *)gen_lookup_key(args[0], &error);
    if (error)
        return NULL;
    if (g == NULL)
        g = nargs == 2 ? args[1] : Py_None;
    return Py_NewRef(g);
}

/* A list of every interned general game (values) or of their keys (left, right). */
static PyObject *
gen_list(int keys)
{
    PyObject *out = PyList_New(0);
    for (size_t k = 0; out != NULL && gen_slots != NULL && k <= gen_mask; k++)
        if (GEN_LIVE(gen_slots[k])) {
            GameObject *g = gen_slots[k].game;
            PyObject *item = keys ? PyTuple_Pack(2, GF(g, left), GF(g, right)) : Py_NewRef((PyObject *)g);
            if (item == NULL || PyList_Append(out, item) < 0)
                Py_CLEAR(out);
            Py_XDECREF(item);
        }
    return out;
}

static PyObject *
gentable_values(PyObject *self, PyObject *unused)
{
    return gen_list(0);
}

static PyObject *
gentable_keys(PyObject *self, PyObject *unused)
{
    return gen_list(1);
}

static PyObject *
gentable_iter(PyObject *self)
{
    PyObject *keys = gen_list(1);
    if (keys == NULL)
        return NULL;
    PyObject *it = PyObject_GetIter(keys);
    Py_DECREF(keys);
    return it;
}

static PyMappingMethods gentable_as_mapping = {
    .mp_length = gentable_length,
    .mp_subscript = gentable_subscript,
    .mp_ass_subscript = gentable_ass_subscript,
};

static PySequenceMethods gentable_as_sequence = {
    .sq_contains = gentable_contains,
};

static PyMethodDef gentable_methods[] = {
    {"get", (PyCFunction)(void (*)(void))gentable_get, METH_FASTCALL, "get(key, default=None): the interned game."},
    {"values", gentable_values, METH_NOARGS, "A list of every interned general game."},
    {"keys", gentable_keys, METH_NOARGS, "A list of the keys (left, right): each game's option tuples."},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject GenTable_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgt.kernel._kernel.GeneralTable",
    .tp_doc = "The intern table of general games (left, right) -> game (kernel.by_options in cgt.kernel.game).",
    .tp_basicsize = sizeof(GenTableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_as_mapping = &gentable_as_mapping,
    .tp_as_sequence = &gentable_as_sequence,
    .tp_iter = gentable_iter,
    .tp_methods = gentable_methods,
};

/* ------------------------------------------------------------------ collection
 * A game lives while something outside the kernel refers to it: a variable, a live game's options, a cache.
 * The intern tables hold one reference to each game, so reference counting alone never frees one; instead a
 * collection takes out of the tables every game whose only references are the kernel's own -- the table's,
 * the list of memo holders' (the held bit), and the link from its negative (which points back: -G and G
 * refer to each other, and an impartial G to itself) -- and dropping those references frees it, its options'
 * counts fall, and they are examined in turn: a pass visits every game before its options (collection_rank),
 * and passes repeat while one finds something (games referred to through caches of collected games).
 * Identity stays the value: a game still referred
 * to is never taken out, so a new game equal to a live one is always that one.  Ids are never reused, so
 * memos keyed by ids (comparisons, sums) cannot mistake a new game for a collected one; their entries for
 * collected games go when the memo does.
 *
 * Collections run when a table is full (before refusing), each time the games made since the last one number
 * half the games it left or COLLECT_FLOOR, whichever is more (checked with the memory check: a collection's
 * cost is then paid for by the games made since the last), and on request (collect(), called by
 * cgt.clear_caches()).  Afterwards the tables are rebuilt to their new size and the chunks of game blocks
 * left empty are given back to the system. */
#define COLLECT_FLOOR ((Py_ssize_t)1 << 18)
static Py_ssize_t next_collect_at = COLLECT_FLOOR;
static int collecting = 0;
static long long collections = 0, collected_games = 0;

static Py_ssize_t
interned_total(void)
{
    return interned_uptimals() + (Py_ssize_t)gen_count;
}

static Py_ssize_t
table_count(PyObject *table)
{
    return table == by_options ? (Py_ssize_t)gen_count : interned_uptimals();
}

static int
collect_due(void)
{
    return !collecting && interned_total() >= next_collect_at;
}

/* The order of a collection's pass: every game before its options, so that one pass frees a whole structure.
 * General games first, newest first (a general game is made after its options); then the uptimals, whose
 * options are uptimals made on demand (a newer game can be an option of an older one) but always of smaller
 * birthday: the big ones, then the small ones by birthday, tallest first. */
typedef struct {
    unsigned long long rank;
    GameObject *game;
} Ranked;

static unsigned long long
collection_rank(GameObject *g)
{
    if (!g->small)
        return (NONEISH(GF(g, nus)) ? 3ULL << 62 : 2ULL << 62) | (unsigned long long)g->cid;
    /* the birthday of x + u.^ + *n (cgt.kernel.game._birthday): b(x) + n when u = 0, else
     * b(x) + |u| + max(1, n XOR (|u| mod 2)); b(num / 2^exp) = |num| for integers, floor|x| + exp + 1 else */
    unsigned long long whole = (unsigned long long)(g->num < 0 ? -g->num : g->num) >> g->exp;
    unsigned long long b = whole + (g->exp ? (unsigned long long)g->exp + 1 : 0);
    unsigned long long u = (unsigned long long)(g->u < 0 ? -g->u : g->u), n = (unsigned long long)g->n;
    if (u == 0)
        b += n;
    else {
        unsigned long long t = n ^ (u & 1);
        b += u + (t > 1 ? t : 1);
    }
    return b < (1ULL << 62) ? b : (1ULL << 62) - 1;
}

static int
by_rank_descending(const void *a, const void *b)
{
    unsigned long long x = ((const Ranked *)a)->rank, y = ((const Ranked *)b)->rank;
    return (x < y) - (x > y);
}

/* How many of g's references are the kernel's own (see above). */
static Py_ssize_t
kernel_references(GameObject *g)
{
    Py_ssize_t refs = 1 + (Py_ssize_t)g->held;
    PyObject *neg = GF(g, neg);
    if (neg != NULL && IS_GAME(neg) && (neg == (PyObject *)g || GF((GameObject *)neg, neg) == (PyObject *)g))
        refs++;
    return refs;
}

/* Break the link between g (about to be collected) and its negative: each forgets the other. */
static void
unlink_negative(GameObject *g)
{
    PyObject *neg = GF(g, neg);
    if (neg == NULL || !IS_GAME(neg))
        return;
    GameObject *p = (GameObject *)neg;
    if (p != g && GF(p, neg) == (PyObject *)g)
        Py_CLEAR(p->side->neg);
    Py_CLEAR(g->side->neg);
}

/* Take g out of its intern table, dropping the table's reference (which may free it): 1 when it was there, 0
 * when not, -1 on error (g stays). */
static int
uninterned(GameObject *g)
{
    if (g->small) {
        if (IS_DIRECT_NIMBER(g->num, g->exp, g->u, g->n)) {
            if (!NIM_PRESENT(g->n) || *NIM_SLOT(g->n) != g)
                return 0;
            *NIM_SLOT(g->n) = NULL;
            NIM_WORD(g->n) &= ~NIM_BIT(g->n);
            nims_used--;
            Py_DECREF(g);
            return 1;
        }
        if (slots == NULL)
            return 0;
        for (size_t i = (size_t)parts_hash(g->num, g->exp, g->u, g->n) & slot_mask; slots[i].game != NULL;
             i = (i + 1) & slot_mask)
            if (slots[i].game == g) {
                slots[i].game = TOMB;
                slots[i].key = TOMB_KEY;
                slots_used--;
                slots_tombs++;
                Py_DECREF(g);
                return 1;
            }
        return 0;
    }
    PyObject *nus = GF(g, nus);
    if (NONEISH(nus))
        return gen_remove(g);
    PyObject *there = PyDict_GetItemWithError(big_uptimals, nus);
    return there == (PyObject *)g ? (PyDict_DelItem(big_uptimals, nus) < 0 ? -1 : 1) : (PyErr_Occurred() ? -1 : 0);
}

/* A dict with many deleted entries, rebuilt to its size (a dict never shrinks by itself). */
static int
compact_dict(PyObject *d)
{
    PyObject *copy = PyDict_Copy(d);
    if (copy == NULL)
        return -1;
    PyDict_Clear(d);
    int r = PyDict_Update(d, copy);
    Py_DECREF(copy);
    return r;
}

/* Every interned game, as borrowed references in a new array (*count of them) in the order of a pass; NULL
 * with an error on failure. */
static Ranked *
interned_games(Py_ssize_t *count)
{
    small_sync();
    Py_ssize_t room = interned_total(), n = 0;
    Ranked *games = PyMem_Malloc((size_t)(room > 0 ? room : 1) * sizeof(Ranked));
    if (games == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (size_t p = 0; p < (size_t)(NIM_DIRECT >> NIM_PAGE_BITS); p++)
        for (size_t k = 0; nim_pages[p] != NULL && k < NIM_PAGE && n < room; k++)
            if (nim_pages[p][k] != NULL)
                games[n++].game = nim_pages[p][k];
    for (size_t k = 0; slots != NULL && k <= slot_mask && n < room; k++)
        if (LIVE_SLOT(slots[k]))
            games[n++].game = slots[k].game;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (n < room && PyDict_Next(big_uptimals, &pos, &key, &value))
        if (IS_GAME(value))
            games[n++].game = (GameObject *)value;
    for (size_t k = 0; gen_slots != NULL && k <= gen_mask && n < room; k++)
        if (GEN_LIVE(gen_slots[k]))
            games[n++].game = gen_slots[k].game;
    for (Py_ssize_t i = 0; i < n; i++)
        games[i].rank = collection_rank(games[i].game);
    qsort(games, (size_t)n, sizeof(Ranked), by_rank_descending);
    *count = n;
    return games;
}

/* The memo holders without those whose held bit was cleared (collected games: the list's reference goes). */
static int
holders_without_collected(void)
{
    Py_ssize_t n = PyList_GET_SIZE(memo_holders);
    PyObject *kept = PyList_New(0);
    if (kept == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PyList_GET_ITEM(memo_holders, i);
        if ((!IS_GAME(o) || ((GameObject *)o)->held) && PyList_Append(kept, o) < 0) {
            Py_DECREF(kept);
            return -1;
        }
    }
    int r = PyList_SetSlice(memo_holders, 0, n, kept);
    Py_DECREF(kept);
    return r;
}

/* One collection (see above); returns how many games left the tables, or -1 with an error set. */
static Py_ssize_t
collect_games(void)
{
    if (collecting || !hooks_ready())
        return 0;
    collecting = 1;
    ctor_clear(); /* the constructor's memo holds its results: they may go now */
    bases_clear(); /* so do the bases of translates */
    Py_ssize_t count, total = 0;
    Py_ssize_t big_before = PyDict_GET_SIZE(big_uptimals);
    Ranked *games = interned_games(&count);
    if (games == NULL)
        goto fail;
    for (int pass = 0; pass < 64; pass++) {
        Py_ssize_t found = 0, unheld = 0;
        for (Py_ssize_t i = 0; i < count; i++) {
            GameObject *g = games[i].game;
            if (g == NULL || Py_REFCNT(g) != kernel_references(g))
                continue;
            /* only the kernel refers to g: it goes */
            unlink_negative(g);
            if (g->held) {
                memo_entries -= memo_clear(g);
                g->held = 0; /* the holders' list lets it go below */
                unheld++;
            }
            games[i].game = NULL;
            int r = uninterned(g);
            if (r < 0)
                goto fail;
            found += r;
        }
        if (unheld && holders_without_collected() < 0)
            goto fail;
        total += found;
        if (found == 0)
            break;
    }
    PyMem_Free(games);
    games = NULL;
    if (slots_tombs && small_resize(4096 > 4 * slots_used ? 4096 : (size_t)1 << (64 - __builtin_clzll(4 * slots_used))) < 0)
        goto fail;
    if (gen_tombs && gen_resize(4096 > 4 * gen_count ? 4096 : (size_t)1 << (64 - __builtin_clzll(4 * gen_count))) < 0)
        goto fail;
    if (PyDict_GET_SIZE(big_uptimals) < big_before / 2 && compact_dict(big_uptimals) < 0)
        goto fail;
    release_empty_chunks();
    if (total >= 1024)
        release_spares();
#ifdef __GLIBC__
    if (total >= 1024)
        malloc_trim(0); /* the C library keeps freed memory for reuse; give back what is free at once */
#endif
    collections++;
    collected_games += total;
    Py_ssize_t live = interned_total();
    next_collect_at = live + (live / 2 > COLLECT_FLOOR ? live / 2 : COLLECT_FLOOR);
    collecting = 0;
    return total;
fail:
    PyMem_Free(games);
    collecting = 0;
    return -1;
}

/* collect_if_due(): a collection when enough games were made since the last (the pure kernel's periodic
 * check calls it). */
static PyObject *
kernel_collect_if_due(PyObject *module, PyObject *unused)
{
    if (collect_due() && collect_games() < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* collect(): one collection now; returns how many games left the intern tables. */
static PyObject *
kernel_collect(PyObject *module, PyObject *unused)
{
    Py_ssize_t n = collect_games();
    return n < 0 ? NULL : PyLong_FromSsize_t(n);
}

static PyObject *
kernel_collect_stats(PyObject *module, PyObject *unused)
{
    return Py_BuildValue("{sLsLsnsn}", "collections", collections, "collected", collected_games,
                         "interned", interned_total(), "next", next_collect_at);
}


static PyObject *add_rec(GameObject *g, GameObject *h);

/* Two uptimals: componentwise (numbers and ups add, nimbers XOR); machine-size parts in C. */
static PyObject *
uptimal_sum(GameObject *g, GameObject *h)
{
    if (g->small && h->small) {
        long long a, b, e, num;
        if (g->exp == 0 && h->exp == 0) {
            num = g->num + h->num; /* both below 2^61 in size: no overflow */
            e = 0;
        }
        else if (!align(g->num, g->exp, h->num, h->exp, &a, &b, &e) || __builtin_add_overflow(a, b, &num))
            goto general;
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
        if (num < SMALL_LIMIT && num > -SMALL_LIMIT && u < SMALL_LIMIT && u > -SMALL_LIMIT)
            return small_uptimal(num, e, u, n);
    }
general:;
    PyObject *a = nus_of(g), *b = a == NULL ? NULL : nus_of(h);
    return b == NULL ? NULL : PyObject_CallFunctionObjArgs(hook_uptimal_sum, a, b, NULL);
}

/* ------------------------------------------------------------------ the sums' memo
 * add_memo maps an unordered pair of games (their ids a <= b) to their sum.  It is a table of its own rather
 * than a dict: a lookup hashes two machine words, with no int object made for the key, and the entries keep
 * their order of insertion, so that a memo past its budget drops its older half (set_sum_memo_budget).  From
 * Python it reads like a dict keyed by (a << 40) | b, the pure kernel's key: len, get, [], del, in, iteration
 * in insertion order, clear. */
typedef struct {
    PyObject_HEAD
    uint64_t *first, *second;  /* the log: keys in insertion order */
    PyObject **values;         /* the sums (NULL where an entry was deleted) */
    Py_ssize_t count;          /* log length, deleted entries included */
    Py_ssize_t live;           /* entries present */
    Py_ssize_t capacity;
    Py_ssize_t *index;         /* open addressing into the log: SUM_EMPTY, SUM_GONE or a log position */
    size_t mask;
    Py_ssize_t gone;           /* tombstones in the index */
} SumMemoObject;

#define SUM_EMPTY ((Py_ssize_t)-1)
#define SUM_GONE ((Py_ssize_t)-2)
#define SUM_SHIFT 40

static PyTypeObject SumMemo_Type;

static inline size_t
summemo_hash(uint64_t a, uint64_t b, size_t mask)
{
    uint64_t k = (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL);
    return (size_t)(k ^ (k >> 29)) & mask;
}

/* The log position of (a, b), or -1. */
static inline Py_ssize_t
summemo_find(SumMemoObject *m, uint64_t a, uint64_t b)
{
    size_t i = summemo_hash(a, b, m->mask);
    for (;;) {
        Py_ssize_t at = m->index[i];
        if (at == SUM_EMPTY)
            return -1;
        if (at >= 0 && m->first[at] == a && m->second[at] == b)
            return at;
        i = (i + 1) & m->mask;
    }
}

/* Rebuild the index for `size` slots (a power of two) from the live log entries. */
static int
summemo_reindex(SumMemoObject *m, size_t size)
{
    Py_ssize_t *index = PyMem_Malloc(size * sizeof(Py_ssize_t));
    if (index == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < size; i++)
        index[i] = SUM_EMPTY;
    for (Py_ssize_t at = 0; at < m->count; at++) {
        if (m->values[at] == NULL)
            continue;
        size_t i = summemo_hash(m->first[at], m->second[at], size - 1);
        while (index[i] != SUM_EMPTY)
            i = (i + 1) & (size - 1);
        index[i] = at;
    }
    PyMem_Free(m->index);
    m->index = index;
    m->mask = size - 1;
    m->gone = 0;
    return 0;
}

/* Move the live entries to the front of the log (keeping their order) and rebuild the index. */
static int
summemo_compact(SumMemoObject *m)
{
    Py_ssize_t to = 0;
    for (Py_ssize_t at = 0; at < m->count; at++) {
        if (m->values[at] == NULL)
            continue;
        m->first[to] = m->first[at];
        m->second[to] = m->second[at];
        m->values[to] = m->values[at];
        to++;
    }
    m->count = to;
    return summemo_reindex(m, m->mask + 1);
}

/* Store (a, b) -> value (a new reference is taken); the key must not be present. */
static int
summemo_put(SumMemoObject *m, uint64_t a, uint64_t b, PyObject *value)
{
    if (m->count == m->capacity) {
        if (m->live < m->count / 2) {
            if (summemo_compact(m) < 0)
                return -1;
        }
        else {
            Py_ssize_t capacity = m->capacity * 2;
            uint64_t *first = PyMem_Realloc(m->first, capacity * sizeof(uint64_t));
            if (first != NULL)
                m->first = first;
            uint64_t *second = first == NULL ? NULL : PyMem_Realloc(m->second, capacity * sizeof(uint64_t));
            if (second != NULL)
                m->second = second;
            PyObject **values = second == NULL ? NULL : PyMem_Realloc(m->values, capacity * sizeof(PyObject *));
            if (values == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            m->values = values;
            m->capacity = capacity;
        }
    }
    if (4 * (size_t)(m->live + m->gone + 1) > 3 * (m->mask + 1)) {
        size_t size = m->mask + 1;
        if (4 * (size_t)(m->live + 1) > 2 * size)
            size *= 2;
        if (summemo_reindex(m, size) < 0)
            return -1;
    }
    size_t i = summemo_hash(a, b, m->mask);
    while (m->index[i] >= 0)
        i = (i + 1) & m->mask;
    if (m->index[i] == SUM_GONE)
        m->gone--;
    Py_ssize_t at = m->count++;
    m->index[i] = at;
    m->first[at] = a;
    m->second[at] = b;
    m->values[at] = Py_NewRef(value);
    m->live++;
    return 0;
}

/* Delete the entry at log position `at` (its index slot becomes a tombstone). */
static void
summemo_delete_at(SumMemoObject *m, Py_ssize_t at)
{
    size_t i = summemo_hash(m->first[at], m->second[at], m->mask);
    while (m->index[i] != at)
        i = (i + 1) & m->mask;
    m->index[i] = SUM_GONE;
    m->gone++;
    Py_CLEAR(m->values[at]);
    m->live--;
}

/* Drop the `drop` oldest entries. */
static int
summemo_drop_oldest(SumMemoObject *m, Py_ssize_t drop)
{
    for (Py_ssize_t at = 0; at < m->count && drop > 0; at++)
        if (m->values[at] != NULL) {
            Py_CLEAR(m->values[at]);
            m->live--;
            drop--;
        }
    return summemo_compact(m);
}

static void
summemo_clear_all(SumMemoObject *m)
{
    for (Py_ssize_t at = 0; at < m->count; at++)
        Py_CLEAR(m->values[at]);
    m->count = m->live = m->gone = 0;
    for (size_t i = 0; i <= m->mask; i++)
        m->index[i] = SUM_EMPTY;
}

static PyObject *
summemo_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if ((kwargs != NULL && PyDict_GET_SIZE(kwargs)) || (args != NULL && PyTuple_GET_SIZE(args))) {
        PyErr_SetString(PyExc_TypeError, "SumMemo() takes no arguments");
        return NULL;
    }
    SumMemoObject *m = PyObject_New(SumMemoObject, &SumMemo_Type);
    if (m == NULL)
        return NULL;
    m->capacity = 64;
    m->count = m->live = m->gone = 0;
    m->first = PyMem_Malloc(m->capacity * sizeof(uint64_t));
    m->second = PyMem_Malloc(m->capacity * sizeof(uint64_t));
    m->values = PyMem_Malloc(m->capacity * sizeof(PyObject *));
    m->index = NULL;
    m->mask = 0;
    if (m->first == NULL || m->second == NULL || m->values == NULL || summemo_reindex(m, 128) < 0) {
        PyMem_Free(m->first);
        PyMem_Free(m->second);
        PyMem_Free(m->values);
        PyObject_Free(m);
        return PyErr_NoMemory();
    }
    return (PyObject *)m;
}

static void
summemo_dealloc(SumMemoObject *m)
{
    summemo_clear_all(m);
    PyMem_Free(m->first);
    PyMem_Free(m->second);
    PyMem_Free(m->values);
    PyMem_Free(m->index);
    PyObject_Free(m);
}

/* A Python key (a << 40) | b as (a, b); -1 with TypeError for a key that is not a non-negative int, -2 (no
 * error set) for an int no entry can have. */
static int
summemo_key(PyObject *key, uint64_t *a, uint64_t *b)
{
    if (!PyLong_Check(key)) {
        PyErr_Format(PyExc_TypeError, "the sums' memo is keyed by ints (id << 40 | id), not %.100s",
                     Py_TYPE(key)->tp_name);
        return -1;
    }
    PyObject *mask = PyLong_FromUnsignedLongLong(((uint64_t)1 << SUM_SHIFT) - 1);
    PyObject *low = mask == NULL ? NULL : PyNumber_And(key, mask);
    Py_XDECREF(mask);
    PyObject *shift = low == NULL ? NULL : PyLong_FromLong(SUM_SHIFT);
    PyObject *high = shift == NULL ? NULL : PyNumber_Rshift(key, shift);
    Py_XDECREF(shift);
    if (high == NULL) {
        Py_XDECREF(low);
        return -1;
    }
    *b = PyLong_AsUnsignedLongLong(low);
    *a = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(low);
    Py_DECREF(high);
    if (PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        return -2;
    }
    return 0;
}

static Py_ssize_t
summemo_length(SumMemoObject *m)
{
    return m->live;
}

static PyObject *
summemo_subscript(SumMemoObject *m, PyObject *key)
{
    uint64_t a, b;
    int r = summemo_key(key, &a, &b);
    if (r == -1)
        return NULL;
    Py_ssize_t at = r == 0 ? summemo_find(m, a, b) : -1;
    if (at < 0) {
        PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    return Py_NewRef(m->values[at]);
}

static int
summemo_ass_subscript(SumMemoObject *m, PyObject *key, PyObject *value)
{
    uint64_t a, b;
    int r = summemo_key(key, &a, &b);
    if (r == -1)
        return -1;
    if (r == -2) {
        if (value == NULL) {
            PyErr_SetObject(PyExc_KeyError, key);
            return -1;
        }
        PyErr_SetString(PyExc_OverflowError, "the sums' memo holds game ids below 2**64 and 2**40");
        return -1;
    }
    Py_ssize_t at = summemo_find(m, a, b);
    if (value == NULL) {
        if (at < 0) {
            PyErr_SetObject(PyExc_KeyError, key);
            return -1;
        }
        summemo_delete_at(m, at);
        return 0;
    }
    if (at >= 0) {
        Py_SETREF(m->values[at], Py_NewRef(value));
        return 0;
    }
    return summemo_put(m, a, b, value);
}

static int
summemo_contains(SumMemoObject *m, PyObject *key)
{
    uint64_t a, b;
    int r = summemo_key(key, &a, &b);
    if (r == -1)
        return -1;
    return r == 0 && summemo_find(m, a, b) >= 0;
}

static PyObject *
summemo_get_method(SumMemoObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "get(key, default=None)");
        return NULL;
    }
    uint64_t a, b;
    int r = summemo_key(args[0], &a, &b);
    if (r == -1)
        return NULL;
    Py_ssize_t at = r == 0 ? summemo_find(m, a, b) : -1;
    return Py_NewRef(at >= 0 ? m->values[at] : nargs == 2 ? args[1] : Py_None);
}

/* The keys, oldest first, as a list (iteration and keys()). */
static PyObject *
summemo_keys(SumMemoObject *m, PyObject *unused)
{
    PyObject *out = PyList_New(0);
    for (Py_ssize_t at = 0; out != NULL && at < m->count; at++) {
        if (m->values[at] == NULL)
            continue;
        PyObject *high = PyLong_FromUnsignedLongLong(m->first[at]);
        PyObject *shift = PyLong_FromLong(SUM_SHIFT);
        PyObject *shifted = high == NULL || shift == NULL ? NULL : PyNumber_Lshift(high, shift);
        PyObject *low = PyLong_FromUnsignedLongLong(m->second[at]);
        PyObject *key = shifted == NULL || low == NULL ? NULL : PyNumber_Or(shifted, low);
        Py_XDECREF(high);
        Py_XDECREF(shift);
        Py_XDECREF(shifted);
        Py_XDECREF(low);
        if (key == NULL || PyList_Append(out, key) < 0)
            Py_CLEAR(out);
        Py_XDECREF(key);
    }
    return out;
}

static PyObject *
summemo_iter(SumMemoObject *m)
{
    PyObject *keys = summemo_keys(m, NULL);
    if (keys == NULL)
        return NULL;
    PyObject *it = PyObject_GetIter(keys);
    Py_DECREF(keys);
    return it;
}

static PyObject *
summemo_clear_method(SumMemoObject *m, PyObject *unused)
{
    summemo_clear_all(m);
    Py_RETURN_NONE;
}

static PyMethodDef summemo_methods[] = {
    {"get", (PyCFunction)(void (*)(void))summemo_get_method, METH_FASTCALL, "get(key, default=None)"},
    {"keys", (PyCFunction)summemo_keys, METH_NOARGS, "The keys, oldest first, as a list."},
    {"clear", (PyCFunction)summemo_clear_method, METH_NOARGS, "Drop every entry."},
    {NULL, NULL, 0, NULL}
};

static PyMappingMethods summemo_as_mapping = {
    .mp_length = (lenfunc)summemo_length,
    .mp_subscript = (binaryfunc)summemo_subscript,
    .mp_ass_subscript = (objobjargproc)summemo_ass_subscript,
};

static PySequenceMethods summemo_as_sequence = {
    .sq_contains = (objobjproc)summemo_contains,
};

static PyTypeObject SumMemo_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgt.kernel._kernel.SumMemo",
    .tp_basicsize = sizeof(SumMemoObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The sums' memo: (id << 40 | id) of a pair of games -> their sum, oldest first.",
    .tp_new = summemo_new,
    .tp_dealloc = (destructor)summemo_dealloc,
    .tp_as_mapping = &summemo_as_mapping,
    .tp_as_sequence = &summemo_as_sequence,
    .tp_iter = (getiterfunc)summemo_iter,
    .tp_methods = summemo_methods,
};

/* ------------------------------------------------------------------ the bases of translates
 * A general game that translate() made new is x + B for the game B it translated and the number x; the kernel
 * remembers that pair, keyed by the new game's id, and B is never itself such a game (a translate of x + B by
 * y is made as (x + y) + B).  Sums then work on the bases: (x + G) + (y + H) = (x + y) + (G + H), and
 * y + (x + B) = (x + y) + B (a sum is associative and commutative, and a canonical form is unique, so the
 * interned result is the same object).  On a running sum of switches the partial sums' positions are
 * translates of a few bases, and this turns most of the sums into translations of sums already made.  Ids are
 * never reused, so a key can never name another game; the table holds its bases and numbers, is emptied by
 * every collection and by memo_forget (cgt.clear_caches()), and when it reaches BASES_BUDGET entries. */
#define BASES_BUDGET ((size_t)1 << 16)
typedef struct {
    uint64_t key;      /* the translate's id + 1; 0: empty slot */
    PyObject *base;    /* B, a general game */
    PyObject *offset;  /* x, a number other than 0 */
} BaseEntry;
static BaseEntry *base_entries = NULL;
static size_t base_mask = 0, base_count = 0;
static uint64_t *pair_keys = NULL; /* base_pair_again's table: pairs of words (a + 1, b | requests << 48) for ids a <= b;
                                    * (0, 0) empty */
static size_t pair_mask = 0, pair_count = 0;

static void
bases_clear(void)
{
    BaseEntry *entries = base_entries;
    size_t size = entries == NULL ? 0 : base_mask + 1;
    base_entries = NULL;
    base_mask = base_count = 0;
    for (size_t i = 0; i < size; i++)
        if (entries[i].key) {
            Py_DECREF(entries[i].base); /* may free games: the table is already empty */
            Py_DECREF(entries[i].offset);
        }
    PyMem_Free(entries);
    PyMem_Free(pair_keys);
    pair_keys = NULL;
    pair_mask = pair_count = 0;
}

static inline size_t
base_index(uint64_t key, size_t mask)
{
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
}

/* The pairs of bases whose sums were asked for: 1 when G + H (the bases of two translates) is asked for the
 * PAIR_AGAIN-th time or later, or is in the sums' memo -- the sum then goes through G + H, which is made once and
 * translated for every pair of offsets -- else 0, and the request is counted.  A pair asked for fewer times is
 * added directly: going through G + H makes its positions and then their translates, and pays off only when
 * G + H is translated again and again.  On a running sum of 40 switches the bases from the second request
 * on make 108 million instructions, from the third 122 million (246 million directly); on 500 * {3||2|1}, whose
 * pairs come back rarely, the second request makes 8% more games than adding directly, the third 2%. */
#define PAIR_AGAIN 3
#define PAIR_ID_BITS 48 /* ids stay below 2^48 (the cid field); the count of requests is kept above them */
#define PAIR_ID(word) ((word) & (((uint64_t)1 << PAIR_ID_BITS) - 1))

static inline size_t
pair_index(uint64_t a, uint64_t b, size_t mask)
{
    return base_index((a + 1) ^ b * 0xBF58476D1CE4E5B9ULL, mask);
}

static int
base_pair_again(GameObject *g, GameObject *h, SumMemoObject *memo)
{
    uint64_t a = (uint64_t)g->cid, b = (uint64_t)h->cid;
    if (a > b) {
        uint64_t t = a;
        a = b;
        b = t;
    }
    if (summemo_find(memo, a, b) >= 0)
        return 1;
    if (pair_count >= BASES_BUDGET) {
        PyMem_Free(pair_keys);
        pair_keys = NULL;
        pair_mask = pair_count = 0;
    }
    if (pair_keys == NULL || 2 * (pair_count + 1) > pair_mask + 1) {
        size_t size = pair_keys == NULL ? 64 : 2 * (pair_mask + 1);
        uint64_t *bigger = PyMem_Calloc(size, 2 * sizeof(uint64_t));
        if (bigger == NULL)
            return 0;
        for (size_t i = 0; pair_keys != NULL && i <= pair_mask; i++)
            if (pair_keys[2 * i]) {
                size_t k = pair_index(pair_keys[2 * i] - 1, PAIR_ID(pair_keys[2 * i + 1]), size - 1);
                while (bigger[2 * k])
                    k = (k + 1) & (size - 1);
                bigger[2 * k] = pair_keys[2 * i];
                bigger[2 * k + 1] = pair_keys[2 * i + 1];
            }
        PyMem_Free(pair_keys);
        pair_keys = bigger;
        pair_mask = size - 1;
    }
    size_t i = pair_index(a, b, pair_mask);
    for (; pair_keys[2 * i]; i = (i + 1) & pair_mask)
        if (pair_keys[2 * i] == a + 1 && PAIR_ID(pair_keys[2 * i + 1]) == b) {
            uint64_t asked = (pair_keys[2 * i + 1] >> PAIR_ID_BITS) + 1; /* this request's number */
            if (asked >= PAIR_AGAIN)
                return 1;
            pair_keys[2 * i + 1] = b | asked << PAIR_ID_BITS;
            return 0;
        }
    pair_keys[2 * i] = a + 1;
    pair_keys[2 * i + 1] = b | (uint64_t)1 << PAIR_ID_BITS;
    pair_count++;
    return PAIR_AGAIN <= 1;
}

/* The remembered base of g (borrowed), or NULL. */
static inline BaseEntry *
base_find(GameObject *g)
{
    if (base_entries == NULL)
        return NULL;
    uint64_t key = (uint64_t)g->cid + 1;
    for (size_t i = base_index(key, base_mask); base_entries[i].key; i = (i + 1) & base_mask)
        if (base_entries[i].key == key)
            return &base_entries[i];
    return NULL;
}

/* Remember g = offset + base (g not present); failing to find room only skips remembering. */
static void
base_put(GameObject *g, PyObject *base, PyObject *offset)
{
    if (base_count >= BASES_BUDGET)
        bases_clear();
    if (base_entries == NULL || 2 * (base_count + 1) > base_mask + 1) {
        size_t size = base_entries == NULL ? 64 : 2 * (base_mask + 1);
        BaseEntry *bigger = PyMem_Calloc(size, sizeof(BaseEntry));
        if (bigger == NULL)
            return;
        for (size_t i = 0; base_entries != NULL && i <= base_mask; i++)
            if (base_entries[i].key) {
                size_t k = base_index(base_entries[i].key, size - 1);
                while (bigger[k].key)
                    k = (k + 1) & (size - 1);
                bigger[k] = base_entries[i];
            }
        PyMem_Free(base_entries);
        base_entries = bigger;
        base_mask = size - 1;
    }
    uint64_t key = (uint64_t)g->cid + 1;
    size_t i = base_index(key, base_mask);
    while (base_entries[i].key)
        i = (i + 1) & base_mask;
    base_entries[i].key = key;
    base_entries[i].base = Py_NewRef(base);
    base_entries[i].offset = Py_NewRef(offset);
    base_count++;
}

/* translate_base(g): (x, B) when the kernel remembers g as the translate x + B, else None (for the tests). */
static PyObject *
kernel_translate_base(PyObject *module, PyObject *g)
{
    if (!IS_GAME(g)) {
        PyErr_SetString(PyExc_TypeError, "translate_base(g) takes a game");
        return NULL;
    }
    BaseEntry *known = ((GameObject *)g)->kind ? NULL : base_find((GameObject *)g);
    if (known == NULL)
        Py_RETURN_NONE;
    return PyTuple_Pack(2, known->offset, known->base);
}

/* The stops of a new translate r = x + g from g's, when g has them on machine dyadics and x is a small number:
 * LS(x + G) = x + LS(G), RS(x + G) = x + RS(G) (Siegel, CGT II.3).  Otherwise they are computed when asked for. */
static void
translate_stops(GameObject *r, GameObject *g, GameObject *number)
{
    if (r->kind || r->stops || g->stops != 1 || !number->small || r->side == NULL)
        return;
    long long num[2], exp[2];
    for (int side = 0; side < 2; side++) {
        long long a, b, e;
        if (!align(g->side->stop_num[side], g->side->stop_exp[side], number->num, number->exp, &a, &b, &e)
                || __builtin_add_overflow(a, b, &num[side]))
            return;
        exp[side] = e;
        normalise(&num[side], &exp[side]);
    }
    for (int side = 0; side < 2; side++) {
        r->side->stop_num[side] = num[side];
        r->side->stop_exp[side] = (signed char)exp[side];
    }
    r->stops = 1;
}

/* x + o for an option o of a game being translated: (x + y) + B straight away when o is the translate y + B
 * (the sum x + o itself is neither looked up nor remembered: translations are asked for on bases), else the
 * memoised sum. */
static PyObject *
translate_option(GameObject *number, GameObject *o)
{
    BaseEntry *known = o->kind ? NULL : base_find(o);
    if (known == NULL)
        return add_rec(number, o);
    PyObject *base = Py_NewRef(known->base), *own = Py_NewRef(known->offset);
    PyObject *offset = add_rec(number, (GameObject *)own);
    PyObject *r = offset == NULL ? NULL : add_rec((GameObject *)offset, (GameObject *)base);
    Py_XDECREF(offset);
    Py_DECREF(own);
    Py_DECREF(base);
    return r;
}

/* x + g for a number x (the game `number`) and a game g that is not an uptimal.  Number translation
 * (Siegel, CGT Thm II.3.21): x + G = {x + G^L | x + G^R}, already canonical when G is. */
static PyObject *
translate(GameObject *g, GameObject *number)
{
    int zero = number->small ? number->num == 0 : !PyObject_IsTrue(PyTuple_GET_ITEM(GF(number, nus), 0));
    if (zero < 0)
        return NULL;
    if (zero) {
        Py_INCREF(g);
        return (PyObject *)g;
    }
    if (poll_cancel() < 0)
        return NULL;
    if (base_find(g) != NULL)
        return translate_option(number, g); /* x + (y + B) = (x + y) + B */
    PyObject *sides[2] = {GF(g, left), GF(g, right)}, *moved[2] = {NULL, NULL};
    if (sides[0] == NULL || sides[1] == NULL || !PyTuple_Check(sides[0]) || !PyTuple_Check(sides[1])) {
        PyErr_SetString(PyExc_TypeError, "cgt.kernel._kernel: a general game has option tuples");
        return NULL;
    }
    PyObject *result = NULL;
    for (int side = 0; side < 2; side++) {
        Py_ssize_t count = PyTuple_GET_SIZE(sides[side]);
        moved[side] = PyTuple_New(count);
        if (moved[side] == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *o = translate_option(number, (GameObject *)PyTuple_GET_ITEM(sides[side], i));
            if (o == NULL)
                goto done;
            PyTuple_SET_ITEM(moved[side], i, o);
        }
    }
    long long first_new = next_cid;
    result = intern_general_own(moved[0], moved[1], 1); /* the tuples are ours: they become the options */
    if (result != NULL && ((GameObject *)result)->cid >= first_new) {
        GameObject *r = (GameObject *)result;
        base_put(r, (PyObject *)g, (PyObject *)number);
        translate_stops(r, g, number);
    }
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
    /* One pass keeping the maximal options seen so far (minimal for Right): a new option is dropped when a kept
     * one dominates it (or is it: a duplicate), and drops the kept ones it dominates.  Domination is
     * transitive, so what remains is the options no other option dominates, each once, in order of their
     * first arrival among the survivors.  Two options on the same side of `split` are never compared (each
     * part is an antichain). */
    Py_ssize_t count = PyList_GET_SIZE(options);
    if (count < 2) {
        Py_INCREF(options);
        return options;
    }
    /* the survivors so far (borrowed from options) and their groups, in C arrays; the list is made at the end */
    GameObject *kept_buffer[64];
    char group_buffer[64];
    GameObject **kept = count <= 64 ? kept_buffer : PyMem_Malloc((size_t)count * sizeof(GameObject *));
    char *groups = count <= 64 ? group_buffer : PyMem_Malloc((size_t)count);
    PyObject *out = NULL;
    if (kept == NULL || groups == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t n = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        GameObject *a = (GameObject *)PyList_GET_ITEM(options, i);
        char group = split && i < split;
        int keep = 1;
        for (Py_ssize_t j = 0; j < n; j++) {
            GameObject *b = kept[j];
            if (a == b) {
                keep = 0;
                break;
            }
            if (split && groups[j] == group)
                continue;
            int r = upper ? le_rec(b, a) : le_rec(a, b);
            if (r < 0)
                goto done;
            if (r) {
                keep = 0;
                break;
            }
        }
        if (!keep)
            continue;
        /* a stays: drop the kept options it dominates */
        Py_ssize_t to = 0;
        for (Py_ssize_t j = 0; j < n; j++) {
            GameObject *b = kept[j];
            int r = 0;
            if (!(split && groups[j] == group)) {
                r = upper ? le_rec(a, b) : le_rec(b, a);
                if (r < 0)
                    goto done;
            }
            if (!r) {
                kept[to] = b;
                groups[to] = groups[j];
                to++;
            }
        }
        n = to;
        kept[n] = a;
        groups[n] = group;
        n++;
    }
    out = PyList_New(n);
    if (out != NULL)
        for (Py_ssize_t j = 0; j < n; j++)
            PyList_SET_ITEM(out, j, Py_NewRef((PyObject *)kept[j]));
done:
    if (kept != kept_buffer)
        PyMem_Free(kept);
    if (groups != group_buffer)
        PyMem_Free(groups);
    return out;
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

/* The game these canonical options make when every option is of kind `kind` (else None), a new reference:
 * `small` decides in C on machine-size parts (1: found, 0: not that kind of game, -1: error, else: outside
 * the C bounds), and `fallback` (a pure-kernel hook) decides the rest. */
static PyObject *
recognised_from_options(PyObject *left, PyObject *right, int kind,
                        int (*small)(PyObject *, PyObject *, PyObject **), PyObject *fallback)
{
    if (!all_of_kind(left, right, kind))
        Py_RETURN_NONE;
    PyObject *out = NULL;
    int r = small(left, right, &out);
    if (r == 1)
        return out;
    if (r == 0)
        Py_RETURN_NONE;
    if (r < 0)
        return NULL;
    return PyObject_CallFunctionObjArgs(fallback, left, right, NULL);
}

/* The simplicity theorem when every option is a number (else None): in C on small numbers, else the pure
 * _as_number. */
static PyObject *
number_from_options(PyObject *left, PyObject *right)
{
    return recognised_from_options(left, right, 2, simplest_number, hook_as_number);
}

/* The uptimal with these canonical options when every option is an uptimal (else None): in C on small
 * uptimals, else the pure _recognise_uptimal. */
static PyObject *
uptimal_from_options(PyObject *left, PyObject *right)
{
    return recognised_from_options(left, right, 1, recognise_small, hook_recognise);
}

/* One pass of bypassing reversible options on one side; *changed is set when one was bypassed. */
static PyObject *
bypass(PyObject *left, PyObject *right, int side_left, int *changed)
{
    PyObject *side = side_left ? left : right;
    PyObject *out = NULL; /* made at the first reversible option: until then the options are side[:i] */
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
                if (out == NULL && (out = PyList_GetSlice(side, 0, i)) == NULL) {
                    Py_DECREF(replacements);
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
        if (!reversed && out != NULL && PyList_Append(out, (PyObject *)a) < 0)
            goto fail;
    }
    return out != NULL ? out : Py_NewRef(side);
fail:
    Py_XDECREF(out);
    return NULL;
}

static PyObject *
canonical(PyObject *left_in, PyObject *right_in, Py_ssize_t left_split, Py_ssize_t right_split)
{
    if (poll_cancel() < 0)
        return NULL;
    PyObject *number = number_from_options(left_in, right_in);
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
    result = number_from_options(left, right);
    if (result != Py_None)
        goto done;
    Py_DECREF(result);
    result = uptimal_from_options(left, right);
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

/* ------------------------------------------------------------------ the constructor's memo
 * The canonical form of {L | R} depends only on the sets L and R (Siegel, CGT Thm II.2.9: it is the unique
 * simplest game equal to it, and equality does not see repetitions or order), so the public constructor
 * remembers its answers keyed by the sorted, repetition-free ids of both option lists.  Built from the leaves
 * up, a game's positions repeat their option sets far more often than their values are new (9 in 10 of the
 * empty 4 x 5 Domineering board's 58,830 positions), and a repeated set then costs a hash and a comparison
 * of ids instead of the dominance checks.  Ids are never reused, so a key can never name another game; the
 * memo holds its results, and is emptied by every collection (a collection's purpose is to let go of games)
 * and by memo_forget (cgt.clear_caches()), and when it reaches CTOR_BUDGET entries.  Option lists longer than
 * CTOR_MAX_SIDE are not remembered. */
#define CTOR_MAX_SIDE 32
#define CTOR_BUDGET ((size_t)1 << 18)
typedef struct {
    uint64_t hash;
    PyObject *result; /* NULL: empty slot */
    uint32_t offset;  /* of the key's ids in ctor_keys: the left ones, then the right ones */
    uint16_t nl, nr;
} CtorEntry;
static CtorEntry *ctor_entries = NULL;
static size_t ctor_mask = 0, ctor_count = 0;
static uint64_t *ctor_keys = NULL;
static size_t ctor_keys_used = 0, ctor_keys_room = 0;

/* Empty the memo (its results are let go). */
static void
ctor_clear(void)
{
    CtorEntry *entries = ctor_entries;
    size_t size = ctor_entries == NULL ? 0 : ctor_mask + 1;
    ctor_entries = NULL;
    ctor_mask = ctor_count = ctor_keys_used = 0;
    for (size_t i = 0; i < size; i++)
        Py_XDECREF(entries[i].result); /* may free games: the memo is already empty */
    PyMem_Free(entries);
}

/* The sorted ids of items[0:n] without repetitions, into out: their count; -1 past CTOR_MAX_SIDE, -2 when an
 * item is not a game. */
static inline int
ctor_ids(PyObject *const *items, Py_ssize_t n, uint64_t *out)
{
    if (n > CTOR_MAX_SIDE)
        return -1;
    int count = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!IS_GAME(items[i]))
            return -2;
        uint64_t c = (uint64_t)((GameObject *)items[i])->cid;
        int j = count;
        while (j > 0 && out[j - 1] > c)
            j--;
        if (j > 0 && out[j - 1] == c)
            continue;
        for (int k = count; k > j; k--)
            out[k] = out[k - 1];
        out[j] = c;
        count++;
    }
    return count;
}

static uint64_t
ctor_hash(const uint64_t *ids, int nl, int nr)
{
    return options_hash(ids, nl, nr);
}

/* The remembered result for this key (borrowed), or NULL. */
static PyObject *
ctor_find(uint64_t h, const uint64_t *ids, int nl, int nr)
{
    if (ctor_entries == NULL)
        return NULL;
    for (size_t i = (size_t)h & ctor_mask; ctor_entries[i].result != NULL; i = (i + 1) & ctor_mask) {
        CtorEntry *e = &ctor_entries[i];
        if (e->hash == h && e->nl == nl && e->nr == nr) {
            const uint64_t *key = ctor_keys + e->offset;
            int k = 0;
            while (k < nl + nr && key[k] == ids[k])
                k++;
            if (k == nl + nr)
                return e->result;
        }
    }
    return NULL;
}

/* Remember result for this key (not present); failing to find room only skips remembering. */
static void
ctor_put(uint64_t h, const uint64_t *ids, int nl, int nr, PyObject *result)
{
    if (ctor_count >= CTOR_BUDGET)
        ctor_clear();
    size_t words = (size_t)(nl + nr);
    if (ctor_keys_used + words > ctor_keys_room) {
        size_t room = ctor_keys_room ? 2 * ctor_keys_room : 4096;
        while (room < ctor_keys_used + words)
            room *= 2;
        if (room > ((size_t)1 << 32))
            return;
        uint64_t *grown = PyMem_Realloc(ctor_keys, room * sizeof(uint64_t));
        if (grown == NULL)
            return;
        ctor_keys = grown;
        ctor_keys_room = room;
    }
    if (ctor_entries == NULL || 2 * (ctor_count + 1) > ctor_mask + 1) {
        size_t size = ctor_entries == NULL ? 1024 : 2 * (ctor_mask + 1);
        CtorEntry *bigger = PyMem_Calloc(size, sizeof(CtorEntry));
        if (bigger == NULL)
            return;
        for (size_t i = 0; ctor_entries != NULL && i <= ctor_mask; i++)
            if (ctor_entries[i].result != NULL) {
                size_t k = (size_t)ctor_entries[i].hash & (size - 1);
                while (bigger[k].result != NULL)
                    k = (k + 1) & (size - 1);
                bigger[k] = ctor_entries[i];
            }
        PyMem_Free(ctor_entries);
        ctor_entries = bigger;
        ctor_mask = size - 1;
    }
    size_t i = (size_t)h & ctor_mask;
    while (ctor_entries[i].result != NULL)
        i = (i + 1) & ctor_mask;
    memcpy(ctor_keys + ctor_keys_used, ids, words * sizeof(uint64_t));
    ctor_entries[i].hash = h;
    ctor_entries[i].offset = (uint32_t)ctor_keys_used;
    ctor_entries[i].nl = (uint16_t)nl;
    ctor_entries[i].nr = (uint16_t)nr;
    Py_INCREF(result);
    ctor_entries[i].result = result;
    ctor_keys_used += words;
    ctor_count++;
}

/* from_options(lefts, rights): the canonical form of {lefts | rights} when both are lists or tuples of games --
 * the public constructor's fast path, one call with no per-option Python work, remembered in the constructor's
 * memo -- else None (the caller then coerces ints and Fractions, or reports what it was given). */
static PyObject *
kernel_from_options(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "from_options(lefts, rights)");
        return NULL;
    }
    if (!hooks_ready())
        return NULL;
    PyObject *const *items[2];
    Py_ssize_t sizes[2];
    for (int i = 0; i < 2; i++) {
        PyObject *side = args[i];
        if (!PyList_CheckExact(side) && !PyTuple_CheckExact(side))
            Py_RETURN_NONE;
        sizes[i] = PySequence_Fast_GET_SIZE(side);
        items[i] = PySequence_Fast_ITEMS(side);
    }
    /* the key (checking that every option is a game on the way), or a side too long to remember */
    uint64_t ids[2 * CTOR_MAX_SIDE];
    int nl = ctor_ids(items[0], sizes[0], ids);
    int nr = nl < 0 ? nl : ctor_ids(items[1], sizes[1], ids + nl);
    if (nl == -2 || nr == -2)
        Py_RETURN_NONE;
    for (int i = 0; nr == -1 && i < 2; i++)
        for (Py_ssize_t k = 0; k < sizes[i]; k++)
            if (!IS_GAME(items[i][k]))
                Py_RETURN_NONE;
    uint64_t h = 0;
    if (nr >= 0) {
        h = ctor_hash(ids, nl, nr);
        PyObject *known = ctor_find(h, ids, nl, nr);
        if (known != NULL)
            return Py_NewRef(known);
    }
    PyObject *lists[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        lists[i] = PyList_New(sizes[i]);
        if (lists[i] == NULL) {
            Py_XDECREF(lists[0]);
            return NULL;
        }
        for (Py_ssize_t k = 0; k < sizes[i]; k++)
            PyList_SET_ITEM(lists[i], k, Py_NewRef(items[i][k]));
    }
    kernel_enter();
    PyObject *r = canonical(lists[0], lists[1], 0, 0);
    kernel_leave();
    Py_DECREF(lists[0]);
    Py_DECREF(lists[1]);
    if (r != NULL && nr >= 0)
        ctor_put(h, ids, nl, nr, r);
    return r;
}

/* The sums' memo past its budget (set_sum_memo_budget): the older half goes, at least down to the budget (the
 * pure kernel's _make_room).  A dict keeps insertion order, so the first keys are the oldest. */
static long long sum_memo_budget = 1000000;

static int
sum_memo_make_room(void)
{
    SumMemoObject *m = (SumMemoObject *)add_memo;
    Py_ssize_t keep = m->live / 2;
    if (keep > sum_memo_budget)
        keep = (Py_ssize_t)sum_memo_budget;
    return summemo_drop_oldest(m, m->live - keep);
}

static PyObject *
kernel_set_sum_memo_budget(PyObject *module, PyObject *arg)
{
    if (budget_argument(arg, "set_sum_memo_budget", &sum_memo_budget) < 0)
        return NULL;
    if (((SumMemoObject *)add_memo)->live > sum_memo_budget && sum_memo_make_room() < 0)
        return NULL;
    Py_RETURN_NONE;
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
    SumMemoObject *memo = (SumMemoObject *)add_memo;
    uint64_t a = (uint64_t)g->cid, b = (uint64_t)h->cid;
    Py_ssize_t at = summemo_find(memo, a, b);
    if (at >= 0)
        return Py_NewRef(memo->values[at]);
    PyObject *result = NULL;
    if (poll_cancel() < 0 || Py_EnterRecursiveCall(" while adding games"))
        return NULL;
    BaseEntry *gb = NULL, *hb = NULL; /* the bases of g and h when neither is a number */
    if (g->kind != 2 && h->kind != 2) {
        gb = g->kind ? NULL : base_find(g);
        hb = h->kind ? NULL : base_find(h);
    }
    if (g->kind == 2)
        result = translate(h, g);
    else if (h->kind == 2)
        result = translate(g, h);
    else if ((gb != NULL || hb != NULL)
             && base_pair_again(gb ? (GameObject *)gb->base : g, hb ? (GameObject *)hb->base : h, memo)) {
        /* (x + G) + (y + H) = (x + y) + (G + H), on the bases of translates (references taken before the
         * table can change) */
        PyObject *bases[2] = {Py_NewRef(gb ? gb->base : (PyObject *)g), Py_NewRef(hb ? hb->base : (PyObject *)h)};
        PyObject *offsets[2] = {gb ? Py_NewRef(gb->offset) : NULL, hb ? Py_NewRef(hb->offset) : NULL};
        PyObject *offset = offsets[0] && offsets[1] ? add_rec((GameObject *)offsets[0], (GameObject *)offsets[1])
                                                    : Py_NewRef(offsets[0] ? offsets[0] : offsets[1]);
        PyObject *sum = offset == NULL ? NULL : add_rec((GameObject *)bases[0], (GameObject *)bases[1]);
        if (sum != NULL)
            result = add_rec((GameObject *)offset, (GameObject *)sum);
        Py_XDECREF(sum);
        Py_XDECREF(offset);
        Py_XDECREF(offsets[0]);
        Py_XDECREF(offsets[1]);
        Py_DECREF(bases[0]);
        Py_DECREF(bases[1]);
    }
    else {
        /* G + H = {G^L + H, G + H^L | G^R + H, G + H^R}; the G^L + H are pairwise incomparable since the G^L
         * are (order is translation-invariant), which _canonical's splits exploit. */
        PyObject *lists[2] = {NULL, NULL};
        Py_ssize_t splits[2] = {0, 0};
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
                if (which == 0)
                    splits[side] = PyList_GET_SIZE(list);
            }
        }
        result = canonical(lists[0], lists[1], splits[0], splits[1]);
general_done:
        Py_XDECREF(lists[0]);
        Py_XDECREF(lists[1]);
    }
    Py_LeaveRecursiveCall();
    if (result != NULL && (summemo_put(memo, a, b, result) < 0
                           || (memo->live > sum_memo_budget && sum_memo_make_room() < 0)))
        Py_CLEAR(result);
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

/* A new nimber *n for game_add: small_uptimal's work without its generality, or NULL (no error set) when the
 * general path is needed.  The conditions: n is in the directory's range, not interned, its directory page
 * exists, the ring of pending insertions is full (its oldest entry is written now), the count of uptimals is
 * below the limit and not at a memory check, and cgt.Game takes its blocks from the kernel's allocator.  The
 * game is written field by field (PyObject_Init's work: the type, a reference to it, the count): a fresh nim sum
 * costs about half the instructions of the general path. */
static inline PyObject *
fresh_nimber(unsigned long long n)
{
#if defined(Py_TRACE_REFS) || defined(Py_REF_DEBUG)
    return NULL;
#else
    if (pending_count < PENDING || NIM_PAGE_OF(n) == NULL || Game_Type->tp_alloc != game_type_alloc)
        return NULL;
    Py_ssize_t count = (Py_ssize_t)(slots_used + nims_used) + PyDict_GET_SIZE(big_uptimals);
    if (count >= max_interned || !(count & memory_check_mask))
        return NULL;
    GameObject *g = block_alloc(0);
    if (g == NULL)
        return NULL;
    memset(g, 0, SMALL_BLOCK);
    Py_SET_TYPE(g, Game_Type);
    Py_INCREF(Game_Type); /* a heap type: each instance holds a reference (subtype_dealloc drops it) */
    Py_SET_REFCNT(g, 2);  /* the directory's and the caller's */
    g->own_block = 1;
    g->cid = next_cid++;
    g->n = (long long)n;
    g->small = 1;
    g->kind = 1; /* n > 0: zero is interned from the start */
    Pending *oldest = &pending[pending_next];
    pending_write(oldest);
    oldest->key = KEY_NIMBER | n;
    oldest->hash = 0;
    oldest->game = g;
    pending_next = (pending_next + 1) % PENDING;
    NIM_WORD(n) |= NIM_BIT(n);
    nims_used++;
    __builtin_prefetch(NIM_SLOT(n), 1, 3);
    return (PyObject *)g;
#endif
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
    if (g->kind && h->kind) {
        if (g->small && h->small && (g->num | h->num | g->u | h->u) == 0) {
            /* *a + *b = *(a XOR b) (Winning Ways ch. 3; Siegel, CGT II.6), straight from the nimber directory */
            unsigned long long n = (unsigned long long)(g->n ^ h->n);
            if (n < NIM_DIRECT) {
                if (NIM_PRESENT(n)) {
                    GameObject *known = *NIM_SLOT(n);
                    if (known != NULL)
                        return Py_NewRef((PyObject *)known);
                }
                else if (n != 0) {
                    PyObject *fresh = fresh_nimber(n);
                    if (fresh != NULL)
                        return fresh;
                }
            }
            return small_uptimal(0, 0, 0, (long long)n);
        }
        return uptimal_sum(g, h);
    }
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

/* hash(("cgt.Game", cid)) without making the tuple or the int: CPython's tuple hash (an xxHash-style mix of its
 * items' hashes, the same from 3.8 on) of the string's hash and the id's (an int below 2^61 - 1 hashes to
 * itself).  tuple_hash_checked says whether the formula was checked against CPython's own at import; when it
 * disagrees (another Python), the tuple is made. */
#define XXPRIME_1 ((Py_uhash_t)11400714785074694791ULL)
#define XXPRIME_2 ((Py_uhash_t)14029467366897019727ULL)
#define XXPRIME_5 ((Py_uhash_t)2870177450012600261ULL)
static int tuple_hash_checked = 0;
static Py_uhash_t game_tag_hash = 0; /* hash("cgt.Game") */

static Py_hash_t
id_pair_hash(long long cid)
{
    Py_uhash_t acc = XXPRIME_5;
    Py_uhash_t lanes[2] = {game_tag_hash, (Py_uhash_t)cid};
    for (int i = 0; i < 2; i++) {
        acc += lanes[i] * XXPRIME_2;
        acc = (acc << 31) | (acc >> 33);
        acc *= XXPRIME_1;
    }
    acc += (Py_uhash_t)2 ^ (XXPRIME_5 ^ 3527539UL);
    return acc == (Py_uhash_t)-1 ? 1546275796 : (Py_hash_t)acc;
}

/* At import: whether id_pair_hash agrees with hash(("cgt.Game", id)) here (0 with no error when it does not). */
static int
check_tuple_hash(void)
{
    Py_hash_t tag = PyObject_Hash(str_cgt_game);
    if (tag == -1 || sizeof(Py_uhash_t) != 8)
        return 0;
    game_tag_hash = (Py_uhash_t)tag;
    long long samples[] = {0, 1, 2, 12345, 1LL << 40, (1LL << 47) - 1};
    for (size_t k = 0; k < sizeof(samples) / sizeof(samples[0]); k++) {
        PyObject *id = PyLong_FromLongLong(samples[k]);
        PyObject *t = id == NULL ? NULL : PyTuple_Pack(2, str_cgt_game, id);
        Py_XDECREF(id);
        if (t == NULL)
            return 0;
        Py_hash_t h = PyObject_Hash(t);
        Py_DECREF(t);
        if (h != id_pair_hash(samples[k]))
            return 0;
    }
    return 1;
}

static Py_hash_t
game_hash(PyObject *self)
{
    /* computed on first use: a number hashes like its value (hash(integer(2)) == hash(2)), another game like
     * ("cgt.Game", its id), as in the pure kernel */
    GameObject *g = (GameObject *)self;
    if (g->side != NULL && g->side->hash != -1)
        return g->side->hash;
    Py_hash_t h;
    if (g->kind == 2) {
        PyObject *nus = nus_of(g);
        if (nus == NULL)
            return -1;
        h = PyObject_Hash(PyTuple_GET_ITEM(nus, 0));
    }
    else if (tuple_hash_checked) {
        if (game_side(g) == NULL)
            return -1;
        h = id_pair_hash(g->cid);
    }
    else {
        PyObject *id = id_of(g);
        PyObject *t = id == NULL ? NULL : PyTuple_Pack(2, str_cgt_game, id);
        if (t == NULL)
            return -1;
        h = PyObject_Hash(t);
        Py_DECREF(t);
    }
    if (h != -1)
        g->side->hash = h;
    return h;
}

/* Getters of the fields made on first use (see the struct); the stops accept assignment. */
static PyObject *
get_id(PyObject *self, void *unused)
{
    PyObject *id = id_of((GameObject *)self);
    Py_XINCREF(id);
    return id;
}

static PyObject *
get_nus(PyObject *self, void *unused)
{
    PyObject *nus = nus_of((GameObject *)self);
    Py_XINCREF(nus);
    return nus;
}

static PyObject *
get_hash(PyObject *self, void *unused)
{
    Py_hash_t h = game_hash(self);
    return h == -1 && PyErr_Occurred() ? NULL : PyLong_FromSsize_t(h);
}

static PyObject **
stop_field(GameObject *g, void *which)
{
    if (game_side(g) == NULL)
        return NULL;
    switch ((int)(Py_ssize_t)which) {
    case 0: return &g->side->ls;
    case 1: return &g->side->rs;
    case 2: return &g->side->lsf;
    default: return &g->side->rsf;
    }
}

static PyObject *
get_stop(PyObject *self, void *which)
{
    GameObject *g = (GameObject *)self;
    if (g->side == NULL && g->small && (Py_ssize_t)which < 2) {
        /* a stop of a small uptimal is its number part (no side structure needed for an integer) */
        return small_number(g->num, g->exp);
    }
    PyObject **field = stop_field(g, which);
    if (field == NULL)
        return NULL;
    if (*field == NULL && g->small) {
        if ((Py_ssize_t)which >= 2) {
            if (small_shadows(g) < 0)
                return NULL;
        }
        else {
            PyObject *nus = nus_of(g);
            if (nus == NULL)
                return NULL;
            *field = PyTuple_GET_ITEM(nus, 0);
            Py_INCREF(*field);
        }
    }
    else if (*field == NULL && g->kind == 0) {
        /* a general game: its stops in machine dyadics when they are (computed here on first use) */
        if (g->stops == 0 && compute_stops(g) < 0)
            return NULL;
        if (g->stops == 1) {
            int side = (int)(Py_ssize_t)which & 1;
            *field = (Py_ssize_t)which >= 2 ? machine_shadow(g->side->stop_num[side], g->side->stop_exp[side])
                                            : small_number(g->side->stop_num[side], g->side->stop_exp[side]);
            if (*field == NULL)
                return NULL;
        }
    }
    PyObject *value = *field == NULL ? Py_None : *field;
    Py_INCREF(value);
    return value;
}

static int
set_stop(PyObject *self, PyObject *value, void *which)
{
    if (NONEISH(value) && ((GameObject *)self)->side == NULL)
        return 0;
    PyObject **field = stop_field((GameObject *)self, which);
    if (field == NULL)
        return -1;
    Py_XINCREF(value);
    Py_XSETREF(*field, value);
    return 0;
}

/* The plain fields of the side structure (_left, _right, _neg, _birthday, _le_memo, _extra), as the member
 * descriptors they were: NULL reads as None, and storing None into a game without a side structure keeps it
 * without one. */
static PyObject *
get_side_field(PyObject *self, void *offset)
{
    GameObject *g = (GameObject *)self;
    PyObject *value = g->side == NULL ? NULL : *(PyObject **)((char *)g->side + (size_t)offset);
    if (value == NULL)
        value = Py_None;
    Py_INCREF(value);
    return value;
}

static int
set_side_field(PyObject *self, PyObject *value, void *offset)
{
    GameObject *g = (GameObject *)self;
    if (NONEISH(value) && g->side == NULL)
        return 0;
    if (game_side(g) == NULL)
        return -1;
    PyObject **field = (PyObject **)((char *)g->side + (size_t)offset);
    Py_XINCREF(value);
    Py_XSETREF(*field, value);
    return 0;
}

static PyGetSetDef game_getset[] = {
    {"_id", get_id, NULL, NULL, NULL},
    {"_nus", get_nus, NULL, NULL, NULL},
    {"_hash", get_hash, NULL, NULL, NULL},
    {"_ls", get_stop, set_stop, NULL, (void *)0},
    {"_rs", get_stop, set_stop, NULL, (void *)1},
    {"_lsf", get_stop, set_stop, NULL, (void *)2},
    {"_rsf", get_stop, set_stop, NULL, (void *)3},
    {"_left", get_side_field, set_side_field, NULL, (void *)offsetof(GameSide, left)},
    {"_right", get_side_field, set_side_field, NULL, (void *)offsetof(GameSide, right)},
    {"_neg", get_side_field, set_side_field, NULL, (void *)offsetof(GameSide, neg)},
    {"_birthday", get_side_field, set_side_field, NULL, (void *)offsetof(GameSide, birthday)},
    {"_le_memo", get_side_field, set_side_field, NULL, (void *)offsetof(GameSide, le_memo)},
    {"_extra", get_side_field, set_side_field, NULL, (void *)offsetof(GameSide, extra)},
    {NULL}
};

static void
game_dealloc(PyObject *self)
{
    GameObject *g = (GameObject *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (PyObject_IS_GC(self))
        PyObject_GC_UnTrack(self);
    if (g->weakreflist != NULL)
        PyObject_ClearWeakRefs(self);
    GameSide *side = g->side;
    if (side != NULL) {
        Py_CLEAR(side->id);
        Py_CLEAR(side->left);
        Py_CLEAR(side->right);
        Py_CLEAR(side->nus);
        Py_CLEAR(side->neg);
        Py_CLEAR(side->birthday);
        Py_CLEAR(side->ls);
        Py_CLEAR(side->rs);
        Py_CLEAR(side->lsf);
        Py_CLEAR(side->rsf);
        Py_CLEAR(side->le_memo);
        Py_CLEAR(side->extra);
        if (!g->inline_side)
            PyMem_Free(side);
        g->side = NULL;
    }
    if (g->own_block)
        block_free(self, g->inline_side);
    else
        type->tp_free(self);
}

static PyTypeObject GameBase_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgt.kernel._kernel.GameBase",
    .tp_doc = "The compiled base of cgt.Game: fields, hash, order and sum (see cgt.kernel.game).",
    .tp_basicsize = sizeof(GameObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_dealloc = game_dealloc,
    .tp_hash = game_hash,
    .tp_richcompare = game_richcompare,
    .tp_as_number = &game_as_number,
    .tp_getset = game_getset,
    .tp_weaklistoffset = offsetof(GameObject, weakreflist),
};

/* ------------------------------------------------------------------ module */

/* The pure kernel's functions the compiled one calls back, by their key in bind()'s mapping. */
static struct {
    const char *name;
    PyObject **target;
} fallback_slots[] = {
    {"uptimal", &hook_pure_uptimal},
    {"refuse_room", &hook_refuse_room},
    {"add_deep", &hook_add_deep},
    {"le_deep", &hook_le_deep},
    {"uptimal_le", &hook_uptimal_le},
    {"uptimal_sum", &hook_uptimal_sum},
    {"materialise", &hook_materialise},
    {"fill_stops", &hook_fill_stops},
    {"compare_other", &hook_compare_other},
    {"add_other", &hook_add_other},
    {"as_number", &hook_as_number},
    {"recognise_uptimal", &hook_recognise},
};
#define FALLBACK_COUNT (sizeof(fallback_slots) / sizeof(fallback_slots[0]))

static PyObject *
kernel_bind(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyType_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "bind(game_type, fallbacks) takes a type and a dict");
        return NULL;
    }
    PyTypeObject *type = (PyTypeObject *)args[0];
    if (!PyType_IsSubtype(type, &GameBase_Type)) {
        PyErr_SetString(PyExc_TypeError, "game_type must be a subclass of GameBase");
        return NULL;
    }
    PyObject *found[FALLBACK_COUNT];
    for (size_t i = 0; i < FALLBACK_COUNT; i++) {
        found[i] = PyDict_GetItemString(args[1], fallback_slots[i].name); /* borrowed */
        if (found[i] == NULL || !PyCallable_Check(found[i])) {
            PyErr_Format(PyExc_TypeError, "bind: fallbacks['%s'] must be a function", fallback_slots[i].name);
            return NULL;
        }
    }
    if (PyDict_GET_SIZE(args[1]) != (Py_ssize_t)FALLBACK_COUNT) {
        PyErr_Format(PyExc_TypeError, "bind: fallbacks has %zd entries, the kernel calls %zu",
                     PyDict_GET_SIZE(args[1]), (size_t)FALLBACK_COUNT);
        return NULL;
    }
    for (size_t i = 0; i < FALLBACK_COUNT; i++) {
        Py_INCREF(found[i]);
        Py_XSETREF(*fallback_slots[i].target, found[i]);
    }
    Py_INCREF(type);
    Py_XSETREF(Game_Type, type);
    /* Games hold no reference cycles but G <-> -G, which the kernel's collection breaks (options point to
     * older games; the per-game caches hold games, numbers and text), so cgt.Game, a heap type and hence
     * created with the garbage collector's flag, is made an ordinary type: a new game then costs no GC header
     * and no count towards the collector's thresholds (every 700 new games set off a collection, which was a
     * quarter of the time of fresh nim sums).  subtype_dealloc and PyType_GenericAlloc read the flag at each
     * call, and game_dealloc frees through tp_free. */
    if (Game_Type->tp_flags & Py_TPFLAGS_HAVE_GC && Game_Type->tp_dictoffset == 0) {
        Game_Type->tp_flags &= ~Py_TPFLAGS_HAVE_GC;
        Game_Type->tp_traverse = NULL;
        Game_Type->tp_clear = NULL;
        Game_Type->tp_is_gc = NULL;
        Game_Type->tp_free = PyObject_Del;
        Game_Type->tp_alloc = game_type_alloc; /* the kernel's blocks (game_dealloc frees them) */
        PyType_Modified(Game_Type);
    }
    Py_RETURN_NONE;
}

/* set_max_interned(count): the most games of each kind (general games; uptimals) interned at once. */
static PyObject *
kernel_set_max_interned(PyObject *module, PyObject *arg)
{
    int overflow = 0;
    long long count = PyLong_Check(arg) ? PyLong_AsLongLongAndOverflow(arg, &overflow) : -1;
    if (count == -1 && PyErr_Occurred())
        return NULL;
    if (overflow < 0 || (!overflow && count < 1)) {
        PyErr_SetString(PyExc_ValueError, "set_max_interned(count) takes an int >= 1");
        return NULL;
    }
    max_interned = overflow > 0 ? LLONG_MAX : count;
    Py_RETURN_NONE;
}

/* set_memory_check(check, every): call check() whenever an intern table's size is a multiple of `every` (a
 * power of two); check=None turns the check off. */
static PyObject *
kernel_set_memory_check(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !(args[0] == Py_None || PyCallable_Check(args[0])) || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "set_memory_check(check, every) takes a function (or None) and an int");
        return NULL;
    }
    long long every = PyLong_AsLongLong(args[1]);
    if (every == -1 && PyErr_Occurred())
        return NULL;
    if (every < 1 || (every & (every - 1)) != 0) {
        PyErr_SetString(PyExc_ValueError, "set_memory_check: `every` must be a power of two");
        return NULL;
    }
    PyObject *check = args[0] == Py_None ? NULL : args[0];
    Py_XINCREF(check);
    Py_XSETREF(hook_check_memory, check);
    memory_check_mask = every - 1;
    Py_RETURN_NONE;
}

/* set_cancel(flag, raise_if_cancelled): the one-item list the Ctrl-C handler sets (polled by long loops) and the
 * function that raises KeyboardInterrupt when it is set (cgt.runtime.deep). */
static PyObject *
kernel_set_cancel(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyList_CheckExact(args[0]) || PyList_GET_SIZE(args[0]) != 1 || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "set_cancel(flag, raise_if_cancelled) takes a one-item list and a function");
        return NULL;
    }
    Py_INCREF(args[0]);
    Py_XSETREF(cancel_flag, args[0]);
    Py_INCREF(args[1]);
    Py_XSETREF(hook_cancelled, args[1]);
    Py_RETURN_NONE;
}

static PyMethodDef kernel_methods[] = {
    {"bind", (PyCFunction)(void (*)(void))kernel_bind, METH_FASTCALL,
     "bind(game_type, fallbacks): the Game class and the pure kernel's functions the compiled one calls back "
     "(called once, by cgt.kernel.binding)."},
    {"set_max_interned", kernel_set_max_interned, METH_O,
     "set_max_interned(count): the most games of each kind (general games; uptimals) interned at once."},
    {"set_memory_check", (PyCFunction)(void (*)(void))kernel_set_memory_check, METH_FASTCALL,
     "set_memory_check(check, every): call check() each time an intern table's size is a multiple of every."},
    {"set_cancel", (PyCFunction)(void (*)(void))kernel_set_cancel, METH_FASTCALL,
     "set_cancel(flag, raise_if_cancelled): the cancel flag long loops poll, and what raises when it is set."},
    {"new_game", (PyCFunction)(void (*)(void))kernel_new_game, METH_FASTCALL,
     "new_game(left, right, nus): a new Game, initialised as the pure kernel's _new does."},
    {"from_options", (PyCFunction)(void (*)(void))kernel_from_options, METH_FASTCALL,
     "from_options(lefts, rights): the canonical {lefts | rights} for lists or tuples of games, else None."},
    {"canonical", (PyCFunction)(void (*)(void))kernel_canonical, METH_FASTCALL,
     "canonical(left, right, left_split=0, right_split=0): the canonical form of {left | right} (the compiled "
     "_canonical)."},
    {"materialise", kernel_materialise, METH_O,
     "materialise(g): fill in the options of an uptimal from its closed form (the compiled _materialise)."},
    {"uptimal", (PyCFunction)(void (*)(void))kernel_uptimal, METH_FASTCALL,
     "uptimal(x, u, n): the interned uptimal x + u.^ + *n (the compiled _uptimal)."},
    {"add", (PyCFunction)(void (*)(void))kernel_add, METH_FASTCALL,
     "add(g, h): g + h for two canonical games (the compiled _add, memoised)."},
    {"intern_general", (PyCFunction)(void (*)(void))kernel_intern_general, METH_FASTCALL,
     "intern_general(left, right): the interned canonical game {left | right} that is not an uptimal."},
    {"le", (PyCFunction)(void (*)(void))kernel_le, METH_FASTCALL,
     "le(g, h): g <= h for two canonical games (the compiled _le, memoised)."},
    {"memo_stored", kernel_memo_stored, METH_NOARGS,
     "memo_stored(): count one entry stored in a holder's memo (the pure _le's stores); drop past the budget."},
    {"memo_forget", kernel_memo_forget, METH_NOARGS, "memo_forget(): drop every comparison memo."},
    {"memo_new_holder", kernel_memo_new_holder, METH_O,
     "memo_new_holder(g): g has a new comparison memo (it joins memo_holders once)."},
    {"collect", kernel_collect, METH_NOARGS,
     "collect(): take the games nothing refers to out of the intern tables; returns how many left."},
    {"set_sum_memo_budget", kernel_set_sum_memo_budget, METH_O,
     "set_sum_memo_budget(entries): the sums' memo keeps at most this many entries (the older half goes past it)."},
    {"collect_if_due", kernel_collect_if_due, METH_NOARGS,
     "collect_if_due(): a collection when enough games were made since the last one."},
    {"collect_stats", kernel_collect_stats, METH_NOARGS,
     "collect_stats(): {'collections', 'collected', 'interned', 'next'}: collections run, games collected, games "
     "interned now, and the count at which the next automatic collection runs."},
    {"set_memo_budget", kernel_set_memo_budget, METH_O,
     "set_memo_budget(entries): the comparison-memo budget (dropping at once if the memos are over it)."},
    {"translate_base", kernel_translate_base, METH_O,
     "translate_base(g): (x, B) when the kernel remembers g as the translate x + B of a base B, else None."},
    {"block_stats", kernel_block_stats, METH_NOARGS,
     "block_stats(): {'chunks', 'prefaulted', 'spares', 'prefault'}: 2 MB chunks of games taken, how many a helper "
     "thread had faulted in ahead of use, spares ready now, and whether this build has the helper."},
    {"memo_stats", kernel_memo_stats, METH_NOARGS,
     "memo_stats(): {'entries', 'holders', 'budget', 'drops'} of the comparison memos."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "cgt.kernel._kernel",
    .m_doc = "The compiled kernel of cgt.kernel.game, bound by cgt.kernel.binding (cgt.kernel_info() tells whether "
             "it is active).",
    .m_size = -1,
    .m_methods = kernel_methods,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
#ifdef CHUNK_PREFAULT
    pthread_atfork(NULL, NULL, prefault_after_fork);
#endif
    if (PyType_Ready(&GameBase_Type) < 0 || PyType_Ready(&LeMemo_Type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (m == NULL)
        return NULL;
    str_cgt_game = PyUnicode_InternFromString("cgt.Game");
    str_numerator = PyUnicode_InternFromString("numerator");
    str_denominator = PyUnicode_InternFromString("denominator");
    zero_float = PyFloat_FromDouble(0.0);
    if (str_cgt_game != NULL) {
        tuple_hash_checked = check_tuple_hash();
        PyErr_Clear(); /* a failed check only means the tuple is made */
    }
    PyObject *fractions = PyImport_ImportModule("fractions");
    if (fractions != NULL) {
        fraction_type = PyObject_GetAttrString(fractions, "Fraction");
        Py_DECREF(fractions);
    }
    big_uptimals = PyDict_New();
    add_memo = PyType_Ready(&SumMemo_Type) < 0 ? NULL : summemo_new(&SumMemo_Type, NULL, NULL);
    if (PyType_Ready(&GenTable_Type) == 0)
        by_options = PyType_GenericNew(&GenTable_Type, NULL, NULL);
    memo_holders = PyList_New(0);
    if (PyType_Ready(&Table_Type) == 0)
        uptimal_table = PyType_GenericNew(&Table_Type, NULL, NULL);
    if (str_cgt_game == NULL || str_numerator == NULL || str_denominator == NULL || zero_float == NULL
            || fraction_type == NULL || big_uptimals == NULL || uptimal_table == NULL || add_memo == NULL
            || by_options == NULL || memo_holders == NULL
            || PyModule_AddObjectRef(m, "uptimals", uptimal_table) < 0
            || PyModule_AddObjectRef(m, "add_memo", add_memo) < 0
            || PyModule_AddObjectRef(m, "by_options", by_options) < 0
            || PyModule_AddObjectRef(m, "memo_holders", memo_holders) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "LeMemo", (PyObject *)&LeMemo_Type) < 0
            || PyModule_AddObjectRef(m, "SumMemo", (PyObject *)&SumMemo_Type) < 0) {
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
