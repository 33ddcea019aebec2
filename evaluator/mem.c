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
    size_t pad; /* keeps the payload 16-byte aligned */
} block;

static block *block_of(void *p) { return (block *)p - 1; }

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
    else
        I->mem_head = b->next;
    if (b->next)
        b->next->prev = b->prev;
}

void *ev_alloc(ev_interp *I, size_t n)
{
    if (n > SIZE_MAX / 2 || I->mem_used + n + sizeof(block) > I->mem_max) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    block *b = malloc(sizeof(block) + n);
    if (!b) {
        I->limit = I->limit ? I->limit : "memory";
        return NULL;
    }
    b->size = n;
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
    block *b = block_of(p);
    size_t old = b->size;
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
    free(b);
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
    block *b = I->mem_head;
    while (b) {
        block *next = b->next;
        free(b);
        b = next;
        n++;
    }
    I->mem_head = NULL;
    I->mem_used = 0;
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
        I->mem_max = SIZE_MAX / 2;
        p = ev_alloc(I, n);
        I->mem_max = saved;
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
        I->mem_max = SIZE_MAX / 2;
        q = ev_realloc(I, p, n);
        I->mem_max = saved;
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
