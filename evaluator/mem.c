/*
 * mem.c - the session's accounting allocator and the limit clock.
 *
 * Every byte the evaluator allocates for a session goes through here, so the
 * memory cap is exact and dropping a session frees everything.  Each block
 * carries a small header with its size and sits on a doubly linked list, so
 * ev_session_free() can release blocks that a refcount slip leaked.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/ev.h"

_Thread_local ev_interp *ev_current;

typedef struct block {
    struct block *prev, *next;
    size_t size;
    /* the cycle collector's word (gc.c), which also keeps the payload
     * 16-byte aligned: bits 0-1 whether the payload is a tracked container
     * (1 at the payload, 2 behind an ev_subhead), bit 2 reached, bits 32-63
     * gc_refs during a collection */
    uint64_t gc;
} block;

static block *block_of(void *p) { return (block *)p - 1; }
static block *small_refill(ev_interp *I, size_t c);

static void link_block(ev_interp *I, block *b)
{
    b->prev = NULL;
    b->next = I->mem_head;
    if (I->mem_head)
        ((block *)I->mem_head)->prev = b;
    I->mem_head = b;
}

static void unlink_block(ev_interp *I, block *b)
{
    if (b->prev)
        b->prev->next = b->next;
    else if (I->mem_head == b)
        I->mem_head = b->next;
    else
        I->gc_head = b->next; /* the first tracked container */
    if (b->next)
        b->next->prev = b->prev;
}

/* ---- the cycle collector's view of blocks ------------------------------------------------ */

enum { GC_OBJ = 1, GC_SUB = 2, GC_TAG = 3, GC_REACHED = 4 };

static block *block_of_obj(const ev_obj *o)
{
    return (o->flags & EV_OBJ_SUB) ? (block *)ev_sub_of(o) - 1 : (block *)o - 1;
}

/* Tracked containers sit on their own list (I->gc_head), so a collection
 * walks only them. */
static void move_to_gc_list(ev_interp *I, block *b)
{
    unlink_block(I, b);
    b->prev = NULL;
    b->next = I->gc_head;
    if (I->gc_head)
        ((block *)I->gc_head)->prev = b;
    I->gc_head = b;
}

/* o was just allocated (its header may not be filled in yet): its block is its own */
void ev_gc_track(ev_interp *I, ev_obj *o)
{
    block *b = (block *)o - 1;
    b->gc = GC_OBJ;
    move_to_gc_list(I, b);
    I->gc_countdown--;
    I->gc_allocs++;
    if (I->mem_used > I->gc_mem_mark)
        I->gc_countdown = 0;
}

void ev_gc_track_sub(ev_interp *I, ev_obj *o)
{
    block *b = (block *)ev_sub_of(o) - 1;
    b->gc = GC_SUB;
    move_to_gc_list(I, b);
}

/* Leaves the tracked list for good: a tuple of atoms can never be in a cycle. */
void ev_gc_forget(ev_interp *I, ev_obj *o)
{
    block *b = block_of_obj(o);
    unlink_block(I, b);
    b->gc = 0;
    link_block(I, b);
}

/* Stays on the tracked list, invisible to collections (an MRO tuple). */
void ev_gc_untrack(ev_obj *o) { block_of_obj(o)->gc = 0; }
bool ev_gc_is_tracked(const ev_obj *o) { return (block_of_obj(o)->gc & GC_TAG) != 0; }
bool ev_gc_reached(const ev_obj *o) { return (block_of_obj(o)->gc & GC_REACHED) != 0; }
void ev_gc_clear_marks(ev_obj *o) { block_of_obj(o)->gc &= GC_TAG; }
void ev_gc_set_reached(ev_obj *o) { block_of_obj(o)->gc |= GC_REACHED; }
int64_t ev_gc_refs(const ev_obj *o) { return (int32_t)(block_of_obj(o)->gc >> 32); }

void ev_gc_refs_set(ev_obj *o, int64_t r)
{
    block *b = block_of_obj(o);
    b->gc = (b->gc & 0xffffffffu) | ((uint64_t)(uint32_t)(int32_t)r << 32);
}

void ev_gc_refs_add(ev_obj *o, int64_t d) { ev_gc_refs_set(o, ev_gc_refs(o) + d); }

void ev_gc_foreach(ev_interp *I, void (*cb)(ev_interp *, ev_obj *, void *), void *arg)
{
    for (block *b = I->gc_head; b; b = b->next) {
        if (!(b->gc & GC_TAG))
            continue;
        if (!cb) {
            b->gc &= GC_TAG;
            continue;
        }
        ev_obj *o = (b->gc & GC_SUB) ? (ev_obj *)((ev_subhead *)(b + 1) + 1) : (ev_obj *)(b + 1);
        cb(I, o, arg);
    }
}

/* Small blocks (up to EV_MEM_SMALL bytes) come in 16-byte size classes and
 * are recycled through per-class free lists: objects are born and die by
 * the million, and malloc/free dominated allocation-heavy programs.  A block
 * on a free list is off the session's block list and not counted in
 * mem_used; its size class is kept in the header's size. */
static size_t small_class(size_t n) { return n ? (n + 15) >> 4 : 1; }

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

void *ev_alloc(ev_interp *I, size_t n)
{
    if (n > SIZE_MAX / 2 || I->mem_used + n + sizeof(block) > I->mem_max || injected_failure(I)) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    block *b;
    if (n <= EV_MEM_SMALL) {
        size_t c = small_class(n);
        b = I->mem_free[c];
        if (b)
            I->mem_free[c] = b->next;
        else
            b = small_refill(I, c);
    } else {
        b = malloc(sizeof(block) + n);
    }
    if (!b) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    b->size = n;
    b->gc = 0;
    link_block(I, b);
    I->mem_used += n + sizeof(block);
    if (I->mem_used > I->mem_peak)
        I->mem_peak = I->mem_used;
    return b + 1;
}

void *ev_realloc(ev_interp *I, void *p, size_t n)
{
    if (!p)
        return ev_alloc(I, n);
    if (injected_failure(I)) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    block *b = block_of(p);
    size_t old = b->size;
    if (old <= EV_MEM_SMALL || n <= EV_MEM_SMALL) {
        if (old <= EV_MEM_SMALL && n <= EV_MEM_SMALL && small_class(old) == small_class(n)) {
            I->mem_used = I->mem_used - old + n;
            if (I->mem_used > I->mem_peak)
                I->mem_peak = I->mem_used;
            b->size = n;
            return p;
        }
        /* a small block changes class: move it (the collector's tag goes with it) */
        void *q = ev_alloc(I, n);
        if (!q)
            return NULL;
        memcpy(q, p, old < n ? old : n);
        block_of(q)->gc = b->gc;
        if (b->gc & GC_TAG)
            move_to_gc_list(I, block_of(q));
        ev_dealloc(I, p);
        return q;
    }
    if (n > old && (n > SIZE_MAX / 2 || I->mem_used + (n - old) > I->mem_max)) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    unlink_block(I, b);
    block *nb = realloc(b, sizeof(block) + n);
    if (!nb) {
        link_block(I, b);
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    nb->size = n;
    link_block(I, nb);
    if (nb->gc & GC_TAG)
        move_to_gc_list(I, nb);
    I->mem_used = I->mem_used - old + n;
    if (I->mem_used > I->mem_peak)
        I->mem_peak = I->mem_used;
    return nb + 1;
}

size_t ev_alloc_size(const void *p)
{
    return ((const block *)p - 1)->size;
}

void ev_dealloc(ev_interp *I, void *p)
{
    if (!p)
        return;
    block *b = block_of(p);
    unlink_block(I, b);
    I->mem_used -= b->size + sizeof(block);
    if (b->size <= EV_MEM_SMALL) {
        size_t c = small_class(b->size);
        b->next = I->mem_free[c];
        I->mem_free[c] = b;
        return;
    }
    free(b);
}

/* Small blocks are carved from chunks of about 8 KiB: one malloc serves a
 * run of allocations (a program building 40,000 records made that many
 * mallocs).  Chunks live until the session's memory is released; their
 * blocks cycle through the free lists and are never freed one by one. */
typedef struct chunk {
    struct chunk *next;
    uint64_t pad; /* keeps the blocks 16-byte aligned */
} chunk;

static block *small_refill(ev_interp *I, size_t c)
{
    size_t bsize = sizeof(block) + (c << 4), n = 8192 / bsize;
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
        block *f = (block *)(p + i * bsize);
        f->next = I->mem_free[c];
        I->mem_free[c] = f;
    }
    return (block *)p;
}

int ev_mem_reserve(ev_interp *I, size_t n)
{
    if (n > I->mem_max || I->mem_used + n > I->mem_max) {
        ev_raise_limit(I, "memory");
        return -1;
    }
    return 0;
}

size_t ev_mem_release_all(ev_interp *I)
{
    size_t n = 0;
    for (int list = 0; list < 2; list++) {
        block *b = list ? I->gc_head : I->mem_head;
        while (b) {
            block *next = b->next;
            if (b->size > EV_MEM_SMALL)
                free(b); /* small ones belong to chunks */
            b = next;
            n++;
        }
    }
    I->mem_head = NULL;
    I->gc_head = NULL;
    I->mem_used = 0;
    for (size_t c = 0; c <= EV_MEM_SMALL / 16; c++)
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
