/*
 * mem.c - the session's accounting allocator and the limit clock.
 *
 * Every byte the evaluator allocates for a session goes through here, so the
 * memory cap is exact and dropping a session frees everything, blocks that
 * a refcount slip leaked included (ev_mem_release_all).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/ev.h"

_Thread_local ev_interp *ev_current;

/*
 * Every block has a head of two words in front of its payload: the size
 * asked for and the collector's word.  Blocks that may be tracked by the
 * collector (ev_alloc_gc: containers) and every large block (malloc'd one
 * by one) carry two links in front of the head: a large block sits on the
 * session's list (mem_head) so that teardown can free it, a tracked
 * container on the collector's list (gc_head), so a collection walks only
 * containers.  Other small blocks (strings, item arrays, dict tables) are
 * on no list: their chunks are freed wholesale at teardown.  That keeps
 * the cost of a string or an item array at 16 bytes and its allocation
 * free of list updates (the head was 32 bytes, on a list, for every block).
 *
 * The collector's word: bits 0-1 whether the payload is a tracked container
 * (1 at the payload, 2 behind an ev_subhead), bit 2 reached, bit 3 the
 * block has links, bit 4 it is on the collector's list, bit 5 it is
 * garbage whose finalizers ran (gc.c checks which of it they resurrected),
 * bits 32-63 gc_refs during a collection.
 */
typedef struct head {
    size_t size;
    uint64_t gc;
} head;

typedef struct links {
    struct links *prev, *next;
} links;

enum { GC_OBJ = 1, GC_SUB = 2, GC_TAG = 3, GC_REACHED = 4, GC_LINKED = 8, GC_ONLIST = 16, GC_CAND = 32 };
#define GC_KEEP ((uint64_t)(GC_TAG | GC_LINKED | GC_ONLIST))

/* Under AddressSanitizer every block is malloc'd and freed on its own, so a
 * C loop that keeps a pointer to an object or item array across a call into
 * Python code (which may free it) is reported at the stale access: our free
 * lists would hand the block straight back out and hide the bug.  Release
 * builds pool blocks of up to EV_MEM_SMALL bytes. */
#if defined(__SANITIZE_ADDRESS__)
static bool fits_small(size_t n) { (void)n; return false; }
#else
static bool fits_small(size_t n) { return n <= EV_MEM_SMALL; }
#endif

static head *head_of(const void *p) { return (head *)p - 1; }
static links *links_of(head *h) { return (links *)h - 1; }
static bool is_large(const head *h) { return !fits_small(h->size); }
static size_t overhead(const head *h) { return (h->gc & GC_LINKED) ? sizeof(head) + sizeof(links) : sizeof(head); }
/* small blocks come in 16-byte classes of their whole size, head included */
static size_t small_class(size_t total) { return (total + 15) >> 4; }
static void *small_refill(ev_interp *I, size_t c);

static void list_push(void **list, links *l)
{
    l->prev = NULL;
    l->next = *list;
    if (l->next)
        l->next->prev = l;
    *list = l;
}

static void list_del(void **list, links *l)
{
    if (l->prev)
        l->prev->next = l->next;
    else
        *list = l->next;
    if (l->next)
        l->next->prev = l->prev;
    l->prev = l->next = NULL;
}

/* The list a linked block is on: NULL for a small container not tracked. */
static void **list_of(ev_interp *I, const head *h)
{
    if (h->gc & GC_ONLIST)
        return &I->gc_head;
    return is_large(h) ? &I->mem_head : NULL;
}

/* ---- the cycle collector's view of blocks ------------------------------------------------ */

static head *head_of_obj(const ev_obj *o)
{
    return (o->flags & EV_OBJ_SUB) ? head_of(ev_sub_of(o)) : head_of(o);
}

static void track(ev_interp *I, head *h, uint64_t tag)
{
#if EV_DEBUG
    if (!(h->gc & GC_LINKED)) {
        fprintf(stderr, "safepy: internal error: a container not made by ev_alloc_gc was tracked\n");
        abort();
    }
#endif
    if (!(h->gc & GC_LINKED))
        return; /* never collected: a cycle through it is only kept until teardown */
    if (!(h->gc & GC_ONLIST)) {
        if (is_large(h))
            list_del(&I->mem_head, links_of(h));
        list_push(&I->gc_head, links_of(h));
    }
    h->gc = (h->gc & (GC_LINKED | GC_ONLIST)) | GC_ONLIST | tag;
}

/* o was just allocated by ev_alloc_gc (its header may not be filled in yet) */
void ev_gc_track(ev_interp *I, ev_obj *o)
{
    track(I, head_of(o), GC_OBJ);
    I->gc_countdown--;
    I->gc_allocs++;
    if (I->mem_used > I->gc_mem_mark)
        I->gc_countdown = 0;
}

/* counted as a new container: a str or int subclass instance is one
 * (a list subclass's list was counted too, which only advances a collection) */
void ev_gc_track_sub(ev_interp *I, ev_obj *o)
{
    track(I, head_of(ev_sub_of(o)), GC_SUB);
    I->gc_countdown--;
    I->gc_allocs++;
    if (I->mem_used > I->gc_mem_mark)
        I->gc_countdown = 0;
}

/* Leaves the tracked list for good: a tuple of atoms can never be in a cycle. */
void ev_gc_forget(ev_interp *I, ev_obj *o)
{
    head *h = head_of_obj(o);
    if (h->gc & GC_ONLIST) {
        list_del(&I->gc_head, links_of(h));
        if (is_large(h))
            list_push(&I->mem_head, links_of(h));
    }
    h->gc &= GC_LINKED;
}

/* Stays on the tracked list, invisible to collections (an MRO tuple). */
void ev_gc_untrack(ev_obj *o) { head_of_obj(o)->gc &= GC_LINKED | GC_ONLIST; }
bool ev_gc_is_tracked(const ev_obj *o) { return (head_of_obj(o)->gc & GC_TAG) != 0; }
bool ev_gc_reached(const ev_obj *o) { return (head_of_obj(o)->gc & GC_REACHED) != 0; }
void ev_gc_clear_marks(ev_obj *o) { head_of_obj(o)->gc &= GC_KEEP; }
void ev_gc_set_reached(ev_obj *o) { head_of_obj(o)->gc |= GC_REACHED; }
bool ev_gc_is_cand(const ev_obj *o) { return (head_of_obj(o)->gc & GC_CAND) != 0; }
void ev_gc_set_cand(ev_obj *o) { head_of_obj(o)->gc |= GC_CAND; }
int64_t ev_gc_refs(const ev_obj *o) { return (int32_t)(head_of_obj(o)->gc >> 32); }

void ev_gc_refs_set(ev_obj *o, int64_t r)
{
    head *h = head_of_obj(o);
    h->gc = (h->gc & 0xffffffffu) | ((uint64_t)(uint32_t)(int32_t)r << 32);
}

void ev_gc_refs_add(ev_obj *o, int64_t d) { ev_gc_refs_set(o, ev_gc_refs(o) + d); }

void ev_gc_foreach(ev_interp *I, void (*cb)(ev_interp *, ev_obj *, void *), void *arg)
{
    for (links *l = I->gc_head; l; l = l->next) {
        head *h = (head *)(l + 1);
        if (!(h->gc & GC_TAG))
            continue;
        if (!cb) {
            h->gc &= GC_KEEP;
            continue;
        }
        ev_obj *o = (h->gc & GC_SUB) ? (ev_obj *)((ev_subhead *)(h + 1) + 1) : (ev_obj *)(h + 1);
        cb(I, o, arg);
    }
}

/* Small blocks (payloads up to EV_MEM_SMALL bytes) are recycled through
 * per-class free lists: objects are born and die by the million, and
 * malloc/free dominated allocation-heavy programs.  A block on a free list
 * is not counted in mem_used; its first word links the list. */

/* ---- allocation-failure injection (SAFEPY_FAIL_ALLOC) -------------------------------------- */

#if EV_DEBUG
#if defined(__SANITIZE_ADDRESS__)
void __sanitizer_print_stack_trace(void);
#endif

static bool injected_failure(ev_interp *I)
{
    if (!I->fail_at && !I->alloc_report)
        return false;
    uint64_t k = ++I->alloc_count;
    if (!I->fail_at || (k != I->fail_at && !(I->fail_after && k > I->fail_at)))
        return false;
#if defined(__SANITIZE_ADDRESS__)
    /* where the first failure happens, to find the path that mishandles it */
    if (k == I->fail_at && getenv("SAFEPY_FAIL_ALLOC_TRACE"))
        __sanitizer_print_stack_trace();
#endif
    return true;
}

void ev_mem_injection_setup(ev_interp *I)
{
    const char *v = getenv("SAFEPY_FAIL_ALLOC");
    I->alloc_count = I->fail_at = 0;
    I->fail_after = I->alloc_report = false;
    if (!v || !*v)
        return;
    if (strcmp(v, "count") == 0) {
        I->alloc_report = true;
        return;
    }
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    if (n && (*end == '\0' || (end[0] == '+' && end[1] == '\0'))) {
        I->fail_at = n;
        I->fail_after = *end == '+';
    }
}

void ev_mem_injection_report(ev_interp *I)
{
    if (I->alloc_report)
        fprintf(stderr, "safepy: debug: %llu allocations\n", (unsigned long long)I->alloc_count);
}
#else
#define injected_failure(I) false
void ev_mem_injection_setup(ev_interp *I) { (void)I; }
void ev_mem_injection_report(ev_interp *I) { (void)I; }
#endif

static __attribute__((noinline)) void *block_new(ev_interp *I, size_t n, bool linked)
{
    bool large = !fits_small(n);
    size_t over = linked || large ? sizeof(head) + sizeof(links) : sizeof(head);
    if (n > SIZE_MAX / 2 || I->mem_used + n + over > I->mem_max || injected_failure(I)) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    char *base;
    if (large) {
        base = malloc(over + n);
    } else {
        size_t c = small_class(over + n);
        base = I->mem_free[c];
        if (base)
            I->mem_free[c] = *(void **)base;
        else
            base = small_refill(I, c);
    }
    if (!base) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    head *h = (head *)(base + over) - 1;
    h->size = n;
    h->gc = 0;
    if (over > sizeof(head)) {
        h->gc = GC_LINKED;
        links *l = links_of(h);
        l->prev = l->next = NULL;
        if (large)
            list_push(&I->mem_head, l);
    }
    I->mem_used += n + over;
    if (I->mem_used > I->mem_peak)
        I->mem_peak = I->mem_used;
    return h + 1;
}

/* The common case, a small block off its free list, without a frame. */
static inline void *block_fast(ev_interp *I, size_t n, bool linked)
{
#if !EV_DEBUG /* allocation-failure injection goes the long way */
    size_t over = linked ? sizeof(head) + sizeof(links) : sizeof(head);
    if (fits_small(n) && I->mem_used + n + over <= I->mem_max) {
        size_t c = small_class(over + n);
        char *base = I->mem_free[c];
        if (base) {
            I->mem_free[c] = *(void **)base;
            head *h = (head *)(base + over) - 1;
            h->size = n;
            h->gc = 0;
            if (linked) {
                h->gc = GC_LINKED;
                links_of(h)->prev = links_of(h)->next = NULL;
            }
            I->mem_used += n + over;
            if (I->mem_used > I->mem_peak)
                I->mem_peak = I->mem_used;
            return h + 1;
        }
    }
#endif
    return block_new(I, n, linked);
}

void *ev_alloc(ev_interp *I, size_t n) { return block_fast(I, n, false); }
void *ev_alloc_gc(ev_interp *I, size_t n) { return block_fast(I, n, true); }

void *ev_realloc(ev_interp *I, void *p, size_t n)
{
    if (!p)
        return ev_alloc(I, n);
    if (injected_failure(I)) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    head *h = head_of(p);
    size_t old = h->size, over = overhead(h);
    bool linked = (h->gc & GC_LINKED) != 0;
    if (fits_small(old) || fits_small(n)) {
        if (fits_small(old) && fits_small(n) && small_class(over + old) == small_class(over + n)) {
            I->mem_used = I->mem_used - old + n;
            if (I->mem_used > I->mem_peak)
                I->mem_peak = I->mem_used;
            h->size = n;
            return p;
        }
        /* a small block changes class: move it (the collector's tag and
         * list go with it) */
        void *q = block_new(I, n, linked);
        if (!q)
            return NULL;
        memcpy(q, p, old < n ? old : n);
        head *qh = head_of(q);
        if (h->gc & GC_ONLIST) {
            if (is_large(qh))
                list_del(&I->mem_head, links_of(qh));
            list_push(&I->gc_head, links_of(qh));
        }
        qh->gc = (qh->gc & GC_LINKED) | (h->gc & ~(uint64_t)GC_LINKED);
        ev_dealloc(I, p);
        return q;
    }
    if (n > old && (n > SIZE_MAX / 2 || I->mem_used + (n - old) > I->mem_max)) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    /* large to large: both have links */
    void **list = list_of(I, h);
    links *l = links_of(h);
    list_del(list, l);
    links *nl = realloc(l, over + n);
    if (!nl) {
        list_push(list, l);
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    list_push(list, nl);
    head *nh = (head *)(nl + 1);
    nh->size = n;
    I->mem_used = I->mem_used - old + n;
    if (I->mem_used > I->mem_peak)
        I->mem_peak = I->mem_used;
    return nh + 1;
}

size_t ev_alloc_size(const void *p)
{
    return head_of(p)->size;
}

void ev_dealloc(ev_interp *I, void *p)
{
    if (!p)
        return;
    head *h = head_of(p);
    size_t n = h->size, over = overhead(h);
    char *base = (char *)p - over;
    if (h->gc & GC_LINKED) {
        void **list = list_of(I, h);
        if (list)
            list_del(list, links_of(h));
    }
    I->mem_used -= n + over;
    if (fits_small(n)) {
        size_t c = small_class(over + n);
        *(void **)base = I->mem_free[c];
        I->mem_free[c] = base;
        return;
    }
    free(base);
}

/* Small blocks are carved from chunks of about 8 KiB: one malloc serves a
 * run of allocations (a program building 40,000 records made that many
 * mallocs).  Chunks live until the session's memory is released; their
 * blocks cycle through the free lists and are never freed one by one. */
typedef struct chunk {
    struct chunk *next;
    uint64_t pad; /* keeps the blocks 16-byte aligned */
} chunk;

static void *small_refill(ev_interp *I, size_t c)
{
    size_t bsize = c << 4, n = 8192 / bsize;
    if (n < 4)
        n = 4;
    chunk *k = malloc(sizeof(chunk) + n * bsize);
    if (!k)
        return NULL;
    k->next = I->mem_chunks;
    I->mem_chunks = k;
    char *p = (char *)(k + 1);
    /* the first block is handed out, the rest go on the free list */
    for (size_t i = n - 1; i >= 1; i--) {
        void *f = p + i * bsize;
        *(void **)f = I->mem_free[c];
        I->mem_free[c] = f;
    }
    return p;
}

int ev_mem_reserve(ev_interp *I, size_t n)
{
    /* x86-64 and arm64 Linux give a process 2^47 bytes: beyond, CPython's
     * malloc fails whatever the machine ('[0] * 2**50' is a MemoryError);
     * below, whether it fails depends on the machine, and ours is the cap */
    if ((uint64_t)n >= EV_MEM_UNMAPPABLE) {
        ev_raise_memory_error(I);
        return -1;
    }
    if (n > I->mem_max || I->mem_used + n > I->mem_max) {
        ev_raise_limit(I, "memory");
        return -1;
    }
    return 0;
}

int ev_mem_reserve_n(ev_interp *I, uint64_t count, uint64_t size)
{
    uint64_t n = size && count > UINT64_MAX / size ? UINT64_MAX : count * size;
    return ev_mem_reserve(I, n > SIZE_MAX ? SIZE_MAX : (size_t)n);
}

size_t ev_mem_release_all(ev_interp *I)
{
    size_t n = 0;
    for (int list = 0; list < 2; list++) {
        links *l = list ? I->gc_head : I->mem_head;
        while (l) {
            links *next = l->next;
            if (is_large((head *)(l + 1)))
                free(l); /* small ones belong to chunks */
            l = next;
            n++;
        }
    }
    I->mem_head = NULL;
    I->gc_head = NULL;
    I->mem_used = 0;
    for (size_t c = 0; c < sizeof I->mem_free / sizeof I->mem_free[0]; c++)
        I->mem_free[c] = NULL;
    for (chunk *k = I->mem_chunks; k;) {
        chunk *next = k->next;
        free(k);
        k = next;
    }
    I->mem_chunks = NULL;
    return n;
}

/*
 * GMP may not fail an allocation (it aborts), so its hooks always allocate
 * and merely flag the session over its limit; callers pre-check the size of
 * big results (ev_mem_reserve) so this only ever overshoots by a little.
 */
static void *gmp_alloc(size_t n)
{
    ev_interp *I = ev_current;
    if (!I) {
        void *p = malloc(n);
        if (!p)
            abort();
        return p;
    }
    void *p = ev_alloc(I, n);
    if (!p) {
        size_t saved = I->mem_max;
        uint64_t fail_at = I->fail_at; /* an injected failure only flags the limit too */
        I->mem_max = SIZE_MAX / 2;
        I->fail_at = 0;
        p = ev_alloc(I, n);
        I->mem_max = saved;
        I->fail_at = fail_at;
        I->tick = 0;
        if (!p)
            abort(); /* the host itself is out of memory */
    }
    return p;
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    (void)old;
    ev_interp *I = ev_current;
    if (!I) {
        void *q = realloc(p, n);
        if (!q)
            abort();
        return q;
    }
    void *q = ev_realloc(I, p, n);
    if (!q) {
        size_t saved = I->mem_max;
        uint64_t fail_at = I->fail_at;
        I->mem_max = SIZE_MAX / 2;
        I->fail_at = 0;
        q = ev_realloc(I, p, n);
        I->mem_max = saved;
        I->fail_at = fail_at;
        I->tick = 0;
        if (!q)
            abort();
    }
    return q;
}

static void gmp_free(void *p, size_t n)
{
    (void)n;
    ev_interp *I = ev_current;
    if (!I)
        free(p);
    else
        ev_dealloc(I, p);
}

void ev_mem_install_gmp(void)
{
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}
