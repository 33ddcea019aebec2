/*
 * type.c - method lookup on builtin types: each type's method table (a
 * NULL-terminated array of ev_builtin_def, the source of truth) gets a hash
 * index on first use, so `obj.method` is one probe instead of a strcmp
 * walk.  Builtin types are static and shared by every session of the
 * process, so an index is built once and published atomically; a thread
 * that loses the race frees its copy.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/ev.h"

typedef struct mslot {
    int64_t hash;
    const ev_builtin_def *def;
} mslot;

struct ev_mtable {
    size_t mask;
    mslot slots[];
};

/* ev_str_hash of an ASCII name given as a C string. */
static int64_t name_hash(const char *s, size_t len)
{
    return ev_hash_bytes(s, len);
}

static struct ev_mtable *build(const ev_builtin_def *defs)
{
    size_t n = 0;
    for (const ev_builtin_def *d = defs; d && d->name; d++)
        n++;
    size_t size = 8;
    while (size < 2 * n)
        size *= 2;
    /* process-wide and immutable once published: plain malloc, not the
     * session allocator (it outlives every session) */
    struct ev_mtable *t = calloc(1, sizeof *t + size * sizeof(mslot));
    if (!t)
        return NULL;
    t->mask = size - 1;
    for (const ev_builtin_def *d = defs; d && d->name; d++) {
        int64_t h = name_hash(d->name, strlen(d->name));
        size_t i = (size_t)h & t->mask;
        while (t->slots[i].def && strcmp(t->slots[i].def->name, d->name) != 0)
            i = (i + 1) & t->mask;
        if (!t->slots[i].def) { /* the first definition of a name wins, as the walk did */
            t->slots[i].hash = h;
            t->slots[i].def = d;
        }
    }
    return t;
}

static const ev_builtin_def *probe(struct ev_mtable *_Atomic *slot, const ev_builtin_def *defs,
                                   ev_str *name)
{
    if (!defs)
        return NULL;
    struct ev_mtable *t = atomic_load_explicit(slot, memory_order_acquire);
    if (!t) {
        struct ev_mtable *fresh = build(defs), *expected = NULL;
        if (!fresh) { /* out of process memory: the walk still answers */
            for (const ev_builtin_def *d = defs; d->name; d++)
                if (strcmp(d->name, name->data) == 0)
                    return d;
            return NULL;
        }
        if (atomic_compare_exchange_strong_explicit(slot, &expected, fresh, memory_order_acq_rel,
                                                    memory_order_acquire))
            t = fresh;
        else {
            free(fresh);
            t = expected;
        }
    }
    int64_t h = ev_str_hash(name);
    for (size_t i = (size_t)h & t->mask; t->slots[i].def; i = (i + 1) & t->mask)
        if (t->slots[i].hash == h && strcmp(t->slots[i].def->name, name->data) == 0)
            return t->slots[i].def;
    return NULL;
}

const ev_builtin_def *ev_builtin_method(ev_type *t, ev_str *name)
{
    for (ev_type *k = t; k; k = k->base) {
        if (ev_is_heaptype(k))
            continue;
        const ev_builtin_def *d = probe(&k->mtab, k->methods, name);
        if (d)
            return d;
    }
    return NULL;
}

const ev_builtin_def *ev_builtin_typemethod(ev_type *t, ev_str *name)
{
    if (ev_is_heaptype(t))
        return NULL;
    /* a builtin subtype inherits its base's (bool.from_bytes is int's) */
    for (ev_type *k = t; k && !ev_is_heaptype(k); k = k->base) {
        const ev_builtin_def *d = probe(&k->tmtab, k->type_methods, name);
        if (d)
            return d;
    }
    return NULL;
}
