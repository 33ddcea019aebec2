/*
 * snapshot.c - saving a session between runs (ev_session_snapshot): its
 * globals and everything they reach, as one byte string.  Loading is in
 * snapshot_load.c; docs/snapshots.md says what is saved and refused.
 *
 * The format (version 1), little-endian; "varint" is unsigned LEB128 (at
 * most 10 bytes), "str" a varint length and that many bytes, "value" one
 * tag byte (SV_*, snapshot_int.h) and its payload:
 *
 *   magic    "SAFEPYSN", u32 version
 *   programs varint n; each: str filename, str source text, varint nodes,
 *            varint funcdefs, u64 shape (lower.c's hash of the node kinds)
 *   modules  varint n; each: str name (what the session had imported)
 *   objects  varint n; each: u8 kind (SK_*), varint length, payload
 *   globals  varint n; each: str name, value
 *   states   varint n; each: str module, value: a module's state (only
 *            "random": random.getstate(), given to random.setstate())
 *   and nothing after.
 *
 * Values: SV_NONE, SV_FALSE, SV_TRUE; SV_INT a zigzag varint (the 64-bit
 * ints); SV_FLOAT its 8 bytes (bit-exact, NaN payloads kept); SV_REF a
 * varint object id (an index in the object table); SV_UNBOUND where a
 * cell, a slot or a keyword-only default may be empty.
 *
 * The object table holds each object once, so sharing and cycles survive
 * (a = b = [] stays one list).  Payloads by kind:
 *   STR       u8 interned, str (UTF-8 with CPython's lone surrogates)
 *   BIGINT    u8 negative, str magnitude (little-endian bytes)
 *   BYTES, BYTEARRAY   str
 *   COMPLEX   8 + 8 bytes
 *   RANGE     value start, stop, step (ints)
 *   SLICE     value start, stop, step
 *   LIST, TUPLE, SET, FROZENSET   varint n, n values
 *   DICT      varint n, n (key value, value) pairs in order, value type
 *             (None, or collections' Counter, defaultdict or OrderedDict),
 *             value default_factory (unbound: none)
 *   CELL      value (may be unbound)
 *   FUNC      varint program, varint funcdef, varint n + n defaults,
 *             u8 has-kwdefaults (+ one value per keyword-only parameter,
 *             unbound where required), value kwdefaults dict, value meta
 *             dict (__name__... once assigned), varint n + n closure
 *             cells, value annotations, value __dict__ (None: absent)
 *   CLASS     str name, str qualname, value metaclass (None: type),
 *             varint n + n bases, u8 has-slots (+ varint n + n str: the
 *             names __slots__ declared), varint flags (SNAP_TFLAGS),
 *             varint n + n (key, value) pairs of the namespace in order
 *   INSTANCE  value class, varint n + n slot values (may be unbound),
 *             u8 SA_NONE | SA_DICT value | SA_PAIRS varint n + pairs
 *   METHOD    value function, value self
 *   WRAPPER   u8 SW_*, values a, b, c, doc
 *   MEMBER    value class, u8 getset, str name: the descriptor its
 *             __slots__ (or its __dict__) put in the class
 *   NAMED     u8 ev_kind, str module ("": builtins), str attribute: a
 *             builtin function or type, or a module's object, by name
 *   MODULE    str name (imported again)
 *   HOST      str name (the restoring session's host function)
 *   GEN       value function, varint n + n frame slots: a generator
 *             not started yet
 *   BOUND     value self, str name: a builtin method bound to self
 *   ITER      u8 SI_*, value the list, tuple or range, zigzag varint
 *             position: the iterator of one
 *   EXC       value class, value args (a tuple), value __dict__, value
 *             slots dict, value __cause__, value __context__, value
 *             __notes__, u8 __suppress_context__ (the traceback is not
 *             saved: __traceback__ is None after a restore)
 *
 * Code is saved as text: each program a saved function points into, re-
 * lowered on load, its funcdefs named by their number (ev_program.defs).
 * Anything else is refused with a message naming the global it was
 * reached through.  Saving walks the graph breadth-first with a queue
 * (no recursion), in host memory: the session's is untouched.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/gen.h"
#include "evaluator/modules/modules.h"
#include "evaluator/snapshot_int.h"

typedef struct wbuf {
    unsigned char *d;
    size_t len, cap;
    bool oom;
} wbuf;

typedef struct named {
    const ev_obj *o;
    const char *mod; /* "" for builtins */
    const ev_str *attr;
} named;

typedef struct snap {
    ev_interp *I;
    wbuf objs, globs, states, rec;
    /* the object table: id -> object, and the global each was reached from */
    ev_obj **tab;
    uint32_t *via;
    size_t n, cap;
    /* pointer -> id + 1, open addressing (mask + 1 slots) */
    const ev_obj **hkeys;
    uint32_t *hvals;
    size_t hmask;
    ev_program **progs;
    size_t nprogs, capprogs;
    /* the objects builtins and imported modules name, by pointer */
    named *nm;
    size_t nmmask;
    bool nm_built;
    const ev_str **gnames; /* the globals' names, for messages */
    size_t ngnames;
    /* objects made while saving (a big range's bounds): held until the
     * end, so no other object reuses their address and their id */
    ev_value *held;
    size_t nheld, capheld;
    uint32_t cur; /* the global being reached from */
    char *err;
} snap;

static void put(wbuf *b, const void *p, size_t n)
{
    if (b->oom)
        return;
    if (b->cap - b->len < n) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap - b->len < n)
            cap *= 2;
        unsigned char *d = realloc(b->d, cap);
        if (!d) {
            b->oom = true;
            return;
        }
        b->d = d;
        b->cap = cap;
    }
    memcpy(b->d + b->len, p, n);
    b->len += n;
}

static void put_u8(wbuf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    put(b, &c, 1);
}

static void put_var(wbuf *b, uint64_t v)
{
    unsigned char t[10];
    size_t n = 0;
    do {
        t[n] = v & 0x7f;
        v >>= 7;
        if (v)
            t[n] |= 0x80;
        n++;
    } while (v);
    put(b, t, n);
}

static void put_u64(wbuf *b, uint64_t v)
{
    unsigned char t[8];
    for (int i = 0; i < 8; i++)
        t[i] = (unsigned char)(v >> (8 * i));
    put(b, t, 8);
}

static void put_bytes(wbuf *b, const void *p, size_t n)
{
    put_var(b, n);
    put(b, p, n);
}

static void put_double(wbuf *b, double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    put_u64(b, u);
}

static int refuse(snap *S, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(snap *S, const char *fmt, ...)
{
    if (S->err)
        return -1;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *g = S->cur < S->ngnames ? S->gnames[S->cur]->data : "(module state)";
    size_t n = strlen(msg) + strlen(g) + 64;
    S->err = malloc(n);
    if (S->err)
        snprintf(S->err, n, "cannot snapshot global '%s': %s", g, msg);
    return -1;
}

static int oom(snap *S)
{
    if (!S->err)
        S->err = strdup("cannot snapshot: out of memory");
    return -1;
}

static size_t ptr_hash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 29;
    return (size_t)x;
}

/* The id of o, given one (and queued) the first time. */
static int obj_id(snap *S, ev_obj *o, uint32_t *id)
{
    if (!S->hkeys || S->n * 2 >= S->hmask + 1) {
        size_t nm = S->hmask ? S->hmask * 2 + 1 : 255;
        const ev_obj **k = calloc(nm + 1, sizeof *k);
        uint32_t *v = calloc(nm + 1, sizeof *v);
        if (!k || !v) {
            free(k);
            free(v);
            return oom(S);
        }
        for (size_t i = 0; S->hkeys && i <= S->hmask; i++) {
            if (!S->hkeys[i])
                continue;
            size_t j = ptr_hash(S->hkeys[i]) & nm;
            while (k[j])
                j = (j + 1) & nm;
            k[j] = S->hkeys[i];
            v[j] = S->hvals[i];
        }
        free(S->hkeys);
        free(S->hvals);
        S->hkeys = k;
        S->hvals = v;
        S->hmask = nm;
    }
    size_t j = ptr_hash(o) & S->hmask;
    while (S->hkeys[j]) {
        if (S->hkeys[j] == o) {
            *id = S->hvals[j] - 1;
            return 0;
        }
        j = (j + 1) & S->hmask;
    }
    if (S->n >= UINT32_MAX - 1)
        return refuse(S, "more than 4 billion objects");
    if (S->n == S->cap) {
        size_t cap = S->cap ? S->cap * 2 : 64;
        ev_obj **t = realloc(S->tab, cap * sizeof *t);
        if (!t)
            return oom(S);
        S->tab = t;
        uint32_t *v = realloc(S->via, cap * sizeof *v);
        if (!v)
            return oom(S);
        S->via = v;
        S->cap = cap;
    }
    S->hkeys[j] = o;
    S->hvals[j] = (uint32_t)S->n + 1;
    S->tab[S->n] = o;
    S->via[S->n] = S->cur;
    *id = (uint32_t)S->n++;
    return 0;
}

static int put_value(snap *S, wbuf *b, ev_value v)
{
    switch (v.tag) {
    case EV_T_ERR:
        put_u8(b, SV_UNBOUND);
        return 0;
    case EV_T_NONE:
        put_u8(b, SV_NONE);
        return 0;
    case EV_T_BOOL:
        put_u8(b, v.u.i ? SV_TRUE : SV_FALSE);
        return 0;
    case EV_T_INT:
        put_u8(b, SV_INT);
        put_var(b, ((uint64_t)v.u.i << 1) ^ (uint64_t)(v.u.i >> 63));
        return 0;
    case EV_T_FLOAT:
        put_u8(b, SV_FLOAT);
        put_double(b, v.u.f);
        return 0;
    case EV_T_OBJ: {
        uint32_t id;
        if (obj_id(S, v.u.o, &id))
            return -1;
        put_u8(b, SV_REF);
        put_var(b, id);
        return 0;
    }
    }
    return refuse(S, "a value of an unknown kind");
}

static int put_values(snap *S, wbuf *b, const ev_value *v, size_t n)
{
    put_var(b, n);
    for (size_t i = 0; i < n; i++)
        if (put_value(S, b, v[i]))
            return -1;
    return 0;
}

static const ev_type *user_hash_at(ev_interp *I, ev_value v, int depth, bool *deep)
{
    if (v.tag != EV_T_OBJ)
        return NULL;
    if (depth > 200) {
        *deep = true;
        return NULL;
    }
    ev_obj *o = v.u.o;
    switch (o->kind) {
    case EV_O_TUPLE:
        for (size_t i = 0; i < ev_as_tuple(v)->len; i++) {
            const ev_type *t = user_hash_at(I, ev_as_tuple(v)->items[i], depth + 1, deep);
            if (t || *deep)
                return t;
        }
        return NULL;
    case EV_O_INSTANCE: {
        ev_type *t = ((ev_instance *)o)->type;
        return ev_is_heaptype(t) && (ev_type_defines(I, t, EV_DN_HASH) || ev_type_defines(I, t, EV_DN_EQ)) ? t
                                                                                                            : NULL;
    }
    case EV_O_TYPE: {
        ev_type *m = ((ev_type *)o)->meta;
        return m && (ev_type_defines(I, m, EV_DN_HASH) || ev_type_defines(I, m, EV_DN_EQ)) ? m : NULL;
    }
    case EV_O_METHOD:
        return user_hash_at(I, ((ev_method *)o)->self, depth + 1, deep);
    default:
        return NULL;
    }
}

const ev_type *snap_key_user_class(ev_interp *I, ev_value v, bool *deep)
{
    *deep = false;
    return user_hash_at(I, v, 0, deep);
}

bool snap_dict_type_ok(const ev_type *t)
{
    /* its name may be qualified already ('collections.defaultdict') */
    static const char *const names[] = {"Counter", "defaultdict", "OrderedDict"};
    if (ev_is_heaptype(t) || !(t->h.flags & EV_OBJ_STATIC) || !t->module || strcmp(t->module, "collections") != 0)
        return false;
    const char *n = strncmp(t->name, "collections.", 12) == 0 ? t->name + 12 : t->name;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(n, names[i]) == 0)
            return true;
    return false;
}

bool snap_exc_type_ok(const ev_type *t)
{
    if (!ev_type_is_subclass(t, &ev_type_BaseException) || ev_type_is_subclass(t, &ev_type_BaseExceptionGroup) ||
        ev_unicode_error_type(t))
        return false;
    return !ev_is_heaptype(t) || ((t->tflags & EV_TYPE_EXC) && !(t->tflags & EV_TYPE_CSLOTS));
}

static int check_key(snap *S, ev_value k)
{
    bool deep;
    const ev_type *t = snap_key_user_class(S->I, k, &deep);
    if (deep)
        return refuse(S, "a dict key or set member nested too deeply");
    if (t)
        return refuse(S, "a dict key or set member of class '%s', which defines __hash__ or __eq__, cannot be "
                         "saved (restoring it would run them)", t->name);
    return 0;
}

static int put_dict_pairs(snap *S, wbuf *b, const ev_dict *d)
{
    put_var(b, d->used);
    size_t seen = 0;
    for (size_t i = 0; i < d->nentries; i++) {
        const ev_dict_entry *e = &d->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        if (check_key(S, e->key) || put_value(S, b, e->key) || put_value(S, b, e->value))
            return -1;
        seen++;
    }
    return seen == d->used ? 0 : refuse(S, "a dict changed while it was saved");
}

static void put_str(wbuf *b, const ev_str *s)
{
    put_bytes(b, s->data, s->len);
}

static int prog_index(snap *S, ev_program *p, uint32_t *out)
{
    for (size_t i = 0; i < S->nprogs; i++)
        if (S->progs[i] == p) {
            *out = (uint32_t)i;
            return 0;
        }
    if (S->nprogs == S->capprogs) {
        size_t cap = S->capprogs ? S->capprogs * 2 : 8;
        ev_program **t = realloc(S->progs, cap * sizeof *t);
        if (!t)
            return oom(S);
        S->progs = t;
        S->capprogs = cap;
    }
    S->progs[S->nprogs] = p;
    *out = (uint32_t)S->nprogs++;
    return 0;
}

static uint32_t def_index(const ev_program *p, const ev_funcdef *d)
{
    for (uint32_t i = 0; i < p->ndefs; i++)
        if (p->defs[i] == d)
            return i;
    return UINT32_MAX;
}

/* ---- objects by name ------------------------------------------------------------------------ */

static int nm_add(snap *S, const ev_obj *o, const char *mod, const ev_str *attr)
{
    size_t j = ptr_hash(o) & S->nmmask;
    while (S->nm[j].o) {
        if (S->nm[j].o == o)
            return 0; /* the first name wins: builtins, then modules in import order */
        j = (j + 1) & S->nmmask;
    }
    S->nm[j] = (named){o, mod, attr};
    return 0;
}

static int nm_build(snap *S)
{
    ev_interp *I = S->I;
    S->nm_built = true;
    size_t total = I->builtins->used;
    for (size_t i = 0; i < I->modules->nentries; i++) {
        ev_value m = I->modules->entries[i].value;
        if (!EV_IS_ERR(I->modules->entries[i].key) && ev_is(m, EV_O_MODULE))
            total += ((ev_module *)m.u.o)->ns->used;
    }
    size_t cap = 64;
    while (cap < total * 2 + 2)
        cap *= 2;
    S->nm = calloc(cap, sizeof *S->nm);
    if (!S->nm)
        return oom(S);
    S->nmmask = cap - 1;
    for (size_t i = 0; i < I->builtins->nentries; i++) {
        ev_dict_entry *e = &I->builtins->entries[i];
        if (!EV_IS_ERR(e->key) && ev_is(e->key, EV_O_STR) && e->value.tag == EV_T_OBJ)
            nm_add(S, e->value.u.o, "", ev_as_str(e->key));
    }
    for (size_t i = 0; i < I->modules->nentries; i++) {
        ev_value m = I->modules->entries[i].value;
        if (EV_IS_ERR(I->modules->entries[i].key) || !ev_is(m, EV_O_MODULE))
            continue;
        ev_module *mod = (ev_module *)m.u.o;
        for (size_t k = 0; k < mod->ns->nentries; k++) {
            ev_dict_entry *e = &mod->ns->entries[k];
            if (!EV_IS_ERR(e->key) && ev_is(e->key, EV_O_STR) && e->value.tag == EV_T_OBJ &&
                !ev_is(e->value, EV_O_MODULE))
                nm_add(S, e->value.u.o, mod->def->name, ev_as_str(e->key));
        }
    }
    return 0;
}

static const named *nm_find(snap *S, const ev_obj *o)
{
    if (!S->nm_built && nm_build(S))
        return NULL;
    if (!S->nm)
        return NULL;
    size_t j = ptr_hash(o) & S->nmmask;
    while (S->nm[j].o) {
        if (S->nm[j].o == o)
            return &S->nm[j];
        j = (j + 1) & S->nmmask;
    }
    return NULL;
}

/* ---- one object's record ---------------------------------------------------------------------- */

static int save_func(snap *S, wbuf *b, ev_func *f)
{
    const ev_funcdef *d = f->def;
    uint32_t pi, di = def_index(d->prog, d);
    if (di == UINT32_MAX || d->classbody)
        return refuse(S, "function '%s' has code the snapshot cannot name", d->qualname->data);
    if (prog_index(S, d->prog, &pi))
        return -1;
    put_var(b, pi);
    put_var(b, di);
    if (put_values(S, b, f->defaults, f->defaults ? f->ndefaults : 0))
        return -1;
    put_u8(b, f->kwdefaults != NULL);
    if (f->kwdefaults)
        for (uint32_t i = 0; i < d->nkwonly; i++)
            if (put_value(S, b, f->kwdefaults[i]))
                return -1;
    if (put_value(S, b, f->kwdict ? ev_obj_val(&f->kwdict->h) : EV_NONE) ||
        put_value(S, b, f->meta ? ev_obj_val(&f->meta->h) : EV_NONE) ||
        put_values(S, b, f->closure, f->closure ? d->nfree : 0) || put_value(S, b, f->annotations) ||
        put_value(S, b, f->dict ? ev_obj_val(&f->dict->h) : EV_NONE))
        return -1;
    return 0;
}

/* The names __slots__ declared, as the class statement read them. */
static int save_slots(snap *S, wbuf *b, ev_type *t)
{
    put_u8(b, (t->tflags & EV_TYPE_HASSLOTS) != 0);
    if (!(t->tflags & EV_TYPE_HASSLOTS))
        return 0;
    ev_str *key = ev_intern(S->I, "__slots__", 9);
    ev_value *v = key ? ev_dict_lookup_str(t->dict, key) : NULL;
    if (!v)
        return refuse(S, "class '%s': its __slots__ was deleted", t->name);
    if (ev_is(*v, EV_O_STR)) {
        put_var(b, 1);
        put_str(b, ev_as_str(*v));
        return 0;
    }
    const ev_value *items;
    size_t n;
    if (ev_is(*v, EV_O_TUPLE)) {
        items = ev_as_tuple(*v)->items;
        n = ev_as_tuple(*v)->len;
    } else if (ev_is(*v, EV_O_LIST)) {
        items = ev_as_list(*v)->items;
        n = ev_as_list(*v)->len;
    } else {
        return refuse(S, "class '%s': a __slots__ of type '%s' cannot be saved", t->name, ev_type_name(*v));
    }
    put_var(b, n);
    for (size_t i = 0; i < n; i++) {
        if (!ev_is(items[i], EV_O_STR))
            return refuse(S, "class '%s': __slots__ holds a '%s'", t->name, ev_type_name(items[i]));
        put_str(b, ev_as_str(items[i]));
    }
    return 0;
}

static int save_class(snap *S, wbuf *b, ev_type *t)
{
    if (!ev_is_heaptype(t) || !t->dict || !ev_is(t->bases, EV_O_TUPLE))
        return refuse(S, "type '%s' cannot be saved", t->name);
    if (t->meta && !ev_is_heaptype(t->meta))
        return refuse(S, "class '%s': its metaclass '%s' cannot be saved", t->name, t->meta->name);
    if (t->tflags & EV_TYPE_CSLOTS)
        return refuse(S, "class '%s' derives from a builtin type whose objects cannot be saved", t->name);
    put_str(b, ev_as_str(t->hname));
    if (!ev_is(t->hqualname, EV_O_STR))
        return refuse(S, "class '%s' has no qualified name", t->name);
    put_str(b, ev_as_str(t->hqualname));
    if (put_value(S, b, t->meta ? ev_obj_val(&t->meta->h) : EV_NONE) ||
        put_values(S, b, ev_as_tuple(t->bases)->items, ev_as_tuple(t->bases)->len) || save_slots(S, b, t))
        return -1;
    put_var(b, t->tflags & SNAP_TFLAGS);
    return put_dict_pairs(S, b, t->dict);
}

static int save_instance(snap *S, wbuf *b, ev_instance *in)
{
    ev_type *t = in->type;
    if (!ev_is_heaptype(t) || (t->tflags & (EV_TYPE_CSLOTS | EV_TYPE_EXC)) || ev_solid_base(t) != &ev_type_object)
        return refuse(S, "'%s' objects cannot be saved", t->name);
    if (put_value(S, b, ev_obj_val(&t->h)))
        return -1;
    bool slotvals = t->tflags & EV_TYPE_SLOTVALS;
    if (slotvals) {
        size_t n = in->values ? in->values->used : 0;
        put_var(b, t->nikeys);
        for (uint32_t i = 0; i < t->nikeys; i++)
            if (put_value(S, b, i < n ? in->values->v[i] : EV_ERR))
                return -1;
    } else {
        put_var(b, 0);
    }
    if (in->dict) {
        put_u8(b, SA_DICT);
        return put_value(S, b, ev_obj_val(&in->dict->h));
    }
    if (slotvals || !in->values || !in->values->used) {
        put_u8(b, SA_NONE);
        return 0;
    }
    put_u8(b, SA_PAIRS);
    put_var(b, in->values->used);
    for (uint32_t i = 0; i < in->values->used; i++) {
        if (i >= t->nikeys)
            return refuse(S, "a '%s' object has an inconsistent layout", t->name);
        if (put_value(S, b, ev_obj_val(&t->ikeys[i]->h)) || put_value(S, b, in->values->v[i]))
            return -1;
    }
    return 0;
}

static int save_wrapper(snap *S, wbuf *b, ev_wrapper *w, uint8_t *kind)
{
    if (w->type == &ev_type_member_descriptor || w->type == &ev_type_getset_descriptor) {
        if (!ev_is(w->a, EV_O_STR) || !w->b.u.o || w->b.tag != EV_T_OBJ)
            return refuse(S, "a descriptor without a name");
        *kind = SK_MEMBER;
        if (put_value(S, b, w->b))
            return -1;
        put_u8(b, w->type == &ev_type_getset_descriptor);
        put_str(b, ev_as_str(w->a));
        return 0;
    }
    int which = w->type == &ev_type_property       ? SW_PROPERTY
                : w->type == &ev_type_staticmethod ? SW_STATICMETHOD
                : w->type == &ev_type_classmethod  ? SW_CLASSMETHOD
                                                   : -1;
    if (which < 0)
        return refuse(S, "'%s' objects cannot be saved", w->type->name);
    *kind = SK_WRAPPER;
    put_u8(b, (unsigned)which);
    if (put_value(S, b, w->a) || put_value(S, b, w->b) || put_value(S, b, w->c) || put_value(S, b, w->doc))
        return -1;
    return 0;
}

static int save_gen(snap *S, wbuf *b, ev_gen *g)
{
    if (g->flavor)
        return refuse(S, "%s objects cannot be saved", ev_gen_kind(g));
    if (g->state != GEN_CREATED || !g->slots || g->comp_its)
        return refuse(S, "a generator that has started cannot be saved (its frame runs on a stack of its "
                         "own); only one not started yet can");
    if (put_value(S, b, ev_obj_val(&g->func->h)))
        return -1;
    return put_values(S, b, g->slots, g->func->def->nslots);
}

static int save_named(snap *S, wbuf *b, const named *n, ev_kind kind)
{
    put_u8(b, kind);
    put_bytes(b, n->mod, strlen(n->mod));
    put_str(b, n->attr);
    return 0;
}

/* The record of S->tab[id] into S->rec, its kind in *kind. */
static int save_object(snap *S, ev_obj *o, uint8_t *kind)
{
    wbuf *b = &S->rec;
    ev_value v = ev_obj_val(o);
    const char *host = ev_host_func_name(v);
    if (host) {
        *kind = SK_HOST;
        put_bytes(b, host, strlen(host));
        return 0;
    }
    if (o->kind == EV_O_MODULE) {
        *kind = SK_MODULE;
        const char *nm = ((ev_module *)o)->def->name;
        put_bytes(b, nm, strlen(nm));
        return 0;
    }
    bool data = o->kind == EV_O_INT || o->kind == EV_O_STR || o->kind == EV_O_LIST || o->kind == EV_O_TUPLE ||
                o->kind == EV_O_DICT || o->kind == EV_O_SET || o->kind == EV_O_FROZENSET || o->kind == EV_O_BYTES ||
                o->kind == EV_O_BYTEARRAY || o->kind == EV_O_RANGE || o->kind == EV_O_BIGRANGE ||
                o->kind == EV_O_SLICE || o->kind == EV_O_COMPLEX || o->kind == EV_O_CELL || o->kind == EV_O_FUNC ||
                o->kind == EV_O_METHOD || o->kind == EV_O_GEN || o->kind == EV_O_ITER || o->kind == EV_O_EXC;
    if (!data || (o->flags & EV_OBJ_STATIC)) {
        const named *n = nm_find(S, o);
        if (S->err)
            return -1;
        if (n) {
            *kind = SK_NAMED;
            return save_named(S, b, n, (ev_kind)o->kind);
        }
    }
    if (o->flags & EV_OBJ_SUB)
        return refuse(S, "instances of '%s' (a subclass of a builtin type) cannot be saved", ev_type_name(v));
    if (o->flags & EV_OBJ_STATIC)
        return refuse(S, "the builtin object %s cannot be saved (it has no name the snapshot can use)",
                      ev_type_name(v));
    switch ((ev_kind)o->kind) {
    case EV_O_STR: {
        ev_str *s = (ev_str *)o;
        *kind = SK_STR;
        put_u8(b, s->interned);
        put_str(b, s);
        return 0;
    }
    case EV_O_INT: {
        ev_bigint *z = (ev_bigint *)o;
        size_t n = 0;
        void *mag = mpz_export(NULL, &n, -1, 1, -1, 0, z->z);
        if (!mag && mpz_sgn(z->z))
            return oom(S);
        *kind = SK_BIGINT;
        put_u8(b, mpz_sgn(z->z) < 0);
        put_bytes(b, mag, n);
        if (mag) {
            void (*gfree)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &gfree);
            gfree(mag, n);
        }
        return 0;
    }
    case EV_O_BYTES:
    case EV_O_BYTEARRAY: {
        ev_bytes *x = (ev_bytes *)o;
        *kind = o->kind == EV_O_BYTES ? SK_BYTES : SK_BYTEARRAY;
        put_bytes(b, x->data, x->len);
        return 0;
    }
    case EV_O_COMPLEX:
        *kind = SK_COMPLEX;
        put_double(b, ((ev_complex *)o)->re);
        put_double(b, ((ev_complex *)o)->im);
        return 0;
    case EV_O_RANGE: {
        ev_range *r = (ev_range *)o;
        *kind = SK_RANGE;
        return put_value(S, b, ev_int(r->start)) || put_value(S, b, ev_int(r->stop)) ||
               put_value(S, b, ev_int(r->step));
    }
    case EV_O_BIGRANGE: {
        *kind = SK_RANGE;
        for (int i = 0; i < 3; i++) {
            if (S->nheld == S->capheld) {
                size_t cap = S->capheld ? S->capheld * 2 : 16;
                ev_value *h = realloc(S->held, cap * sizeof *h);
                if (!h)
                    return oom(S);
                S->held = h;
                S->capheld = cap;
            }
            ev_value f = ev_bigrange_field(S->I, v, i);
            if (EV_IS_ERR(f))
                return oom(S);
            S->held[S->nheld++] = f;
            if (put_value(S, b, f))
                return -1;
        }
        return 0;
    }
    case EV_O_SLICE:
        *kind = SK_SLICE;
        return put_value(S, b, ev_as_tuple(v)->items[0]) || put_value(S, b, ev_as_tuple(v)->items[1]) ||
               put_value(S, b, ev_as_tuple(v)->items[2]);
    case EV_O_LIST:
        *kind = SK_LIST;
        return put_values(S, b, ev_as_list(v)->items, ev_as_list(v)->len);
    case EV_O_TUPLE:
        *kind = SK_TUPLE;
        return put_values(S, b, ev_as_tuple(v)->items, ev_as_tuple(v)->len);
    case EV_O_DICT: {
        ev_dict *d = ev_as_dict(v);
        if (d->type && !snap_dict_type_ok(d->type))
            return refuse(S, "'%s' objects cannot be saved", d->type->name);
        *kind = SK_DICT;
        return put_dict_pairs(S, b, d) || put_value(S, b, d->type ? ev_obj_val(&d->type->h) : EV_NONE) ||
               put_value(S, b, d->type ? d->factory : EV_ERR);
    }
    case EV_O_SET:
    case EV_O_FROZENSET: {
        ev_set *s = (ev_set *)o;
        *kind = o->kind == EV_O_SET ? SK_SET : SK_FROZENSET;
        put_var(b, s->used);
        size_t seen = 0;
        for (size_t i = 0; s->table && i <= s->mask; i++) {
            if (EV_IS_ERR(s->table[i].key))
                continue;
            if (check_key(S, s->table[i].key) || put_value(S, b, s->table[i].key))
                return -1;
            seen++;
        }
        return seen == s->used ? 0 : refuse(S, "a set changed while it was saved");
    }
    case EV_O_CELL:
        *kind = SK_CELL;
        return put_value(S, b, ((ev_cell *)o)->v);
    case EV_O_FUNC:
        *kind = SK_FUNC;
        return save_func(S, b, (ev_func *)o);
    case EV_O_TYPE:
        *kind = SK_CLASS;
        return save_class(S, b, (ev_type *)o);
    case EV_O_INSTANCE:
        *kind = SK_INSTANCE;
        return save_instance(S, b, (ev_instance *)o);
    case EV_O_METHOD:
        *kind = SK_METHOD;
        return put_value(S, b, ((ev_method *)o)->func) || put_value(S, b, ((ev_method *)o)->self);
    case EV_O_WRAPPER:
        return save_wrapper(S, b, (ev_wrapper *)o, kind);
    case EV_O_GEN:
        *kind = SK_GEN;
        return save_gen(S, b, (ev_gen *)o);
    case EV_O_BUILTIN: {
        ev_builtin *f = (ev_builtin *)o;
        ev_str *mname = f->def->name ? ev_intern(S->I, f->def->name, strlen(f->def->name)) : NULL;
        if (!f->unbound && f->self.tag == EV_T_OBJ && !(f->def->flags & EV_BF_DEFDATA) && mname &&
            !ev_is_user(f->self) && ev_builtin_method(ev_type_of(f->self), mname) == f->def) {
            *kind = SK_BOUND;
            if (put_value(S, b, f->self))
                return -1;
            put_bytes(b, f->def->name, strlen(f->def->name));
            return 0;
        }
        return refuse(S, "the builtin function '%s' cannot be saved (it is not reachable by a name)",
                      f->def->name);
    }
    case EV_O_ITER: {
        ev_iterobj *it = (ev_iterobj *)o;
        int which = it->ik == EV_IT_LIST ? SI_LIST : it->ik == EV_IT_TUPLE ? SI_TUPLE
                    : it->ik == EV_IT_RANGE ? SI_RANGE : -1;
        ev_kind want = which == SI_LIST ? EV_O_LIST : which == SI_TUPLE ? EV_O_TUPLE : EV_O_RANGE;
        if (which < 0 || !ev_is(it->src, want) || (it->src.u.o->flags & EV_OBJ_SUB))
            return refuse(S, "'%s' objects cannot be saved", ev_type_name(v));
        *kind = SK_ITER;
        put_u8(b, (unsigned)which);
        if (put_value(S, b, it->src))
            return -1;
        put_var(b, ((uint64_t)it->pos << 1) ^ (uint64_t)(it->pos >> 63));
        return 0;
    }
    case EV_O_EXC: {
        ev_exc *e = (ev_exc *)o;
        if (!snap_exc_type_ok(e->type) || !ev_is(e->args, EV_O_TUPLE))
            return refuse(S, "exception objects ('%s') cannot be saved", e->type->name);
        *kind = SK_EXC;
        if (put_value(S, b, ev_obj_val(&e->type->h)) || put_value(S, b, e->args) ||
            put_value(S, b, e->dict ? ev_obj_val(&e->dict->h) : EV_NONE) ||
            put_value(S, b, e->slots ? ev_obj_val(&e->slots->h) : EV_NONE) || put_value(S, b, e->cause) ||
            put_value(S, b, e->context) || put_value(S, b, e->notes))
            return -1;
        put_u8(b, e->suppress_context);
        return 0;
    }
    default:
        return refuse(S, "'%s' objects cannot be saved", ev_type_name(v));
    }
}

/* ---- module state ------------------------------------------------------------------------------ */

/* The state of random's hidden generator, when the session imported it:
 * random.getstate(), which random.setstate() takes back on restore
 * (validating it).  Other modules keep no state a program can see
 * change. */
static int save_states(snap *S, wbuf *b)
{
    ev_interp *I = S->I;
    ev_str *rn = ev_intern(I, "random", 6), *gs = ev_intern(I, "getstate", 8);
    ev_value *m = rn ? ev_dict_lookup_str(I->modules, rn) : NULL;
    ev_value *fn = m && gs && ev_is(*m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, gs) : NULL;
    if (!fn || !ev_is(*fn, EV_O_BUILTIN)) {
        put_var(b, 0);
        return 0;
    }
    if (S->nheld == S->capheld) {
        size_t cap = S->capheld ? S->capheld * 2 : 16;
        ev_value *h = realloc(S->held, cap * sizeof *h);
        if (!h)
            return oom(S);
        S->held = h;
        S->capheld = cap;
    }
    ev_value st = ev_call(I, *fn, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(st))
        return oom(S);
    S->held[S->nheld++] = st;
    put_var(b, 1);
    put_bytes(b, "random", 6);
    S->cur = UINT32_MAX;
    return put_value(S, b, st);
}

/* ---- the whole ------------------------------------------------------------------------------ */

static int save_all(snap *S)
{
    ev_interp *I = S->I;
    ev_dict *g = I->globals;
    S->gnames = calloc(g->used + 1, sizeof *S->gnames);
    if (!S->gnames)
        return oom(S);
    put_var(&S->globs, g->used);
    for (size_t i = 0; i < g->nentries; i++) {
        ev_dict_entry *e = &g->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        if (!ev_is(e->key, EV_O_STR) || (e->key.u.o->flags & EV_OBJ_SUB)) {
            S->cur = UINT32_MAX;
            return refuse(S, "a global whose name is not a str");
        }
        if (S->ngnames >= g->used)
            return refuse(S, "the globals changed while they were saved");
        S->cur = (uint32_t)S->ngnames;
        S->gnames[S->ngnames++] = ev_as_str(e->key);
        put_str(&S->globs, ev_as_str(e->key));
        if (put_value(S, &S->globs, e->value))
            return -1;
    }
    if (save_states(S, &S->states))
        return -1;
    for (size_t i = 0; i < S->n; i++) {
        uint8_t kind = 0;
        S->cur = S->via[i];
        S->rec.len = 0;
        if (save_object(S, S->tab[i], &kind))
            return -1;
        put_u8(&S->objs, kind);
        put_bytes(&S->objs, S->rec.d, S->rec.len);
    }
    return S->objs.oom || S->globs.oom || S->states.oom || S->rec.oom ? oom(S) : 0;
}

int ev_session_snapshot(ev_session *s, char **data, size_t *len, char **error)
{
    ev_interp *I = ev_session_interp(s);
    *data = NULL;
    *len = 0;
    *error = NULL;
    if (I->frame || I->cur_gen) {
        *error = strdup("cannot snapshot: a run is in progress");
        return -1;
    }
    ev_interp *saved = ev_current;
    ev_current = I;
    int32_t tick = I->tick;
    I->tick = INT32_MAX / 2; /* no clock check: saving is bounded by what it saves */
    snap S = {.I = I};
    wbuf out = {0};
    int r = save_all(&S);
    if (r == 0) {
        put(&out, SNAP_MAGIC, SNAP_MAGIC_LEN);
        unsigned char ver[4] = {SNAP_VERSION & 0xff, 0, 0, 0};
        put(&out, ver, 4);
        put_var(&out, S.nprogs);
        for (size_t i = 0; i < S.nprogs; i++) {
            ev_program *p = S.progs[i];
            put_bytes(&out, p->filename, strlen(p->filename));
            put_bytes(&out, p->src, p->len);
            put_var(&out, p->nnodes);
            put_var(&out, p->ndefs);
            put_u64(&out, p->shape);
        }
        put_var(&out, I->modules->used);
        for (size_t i = 0; i < I->modules->nentries; i++) {
            ev_dict_entry *e = &I->modules->entries[i];
            if (!EV_IS_ERR(e->key) && ev_is(e->key, EV_O_STR))
                put_str(&out, ev_as_str(e->key));
            else if (!EV_IS_ERR(e->key))
                put_bytes(&out, "", 0);
        }
        put_var(&out, S.n);
        put(&out, S.objs.d, S.objs.len);
        put(&out, S.globs.d, S.globs.len);
        put(&out, S.states.d, S.states.len);
        if (out.oom)
            r = oom(&S);
    }
    if (r == 0) {
        *data = (char *)out.d;
        *len = out.len;
    } else {
        free(out.d);
        *error = S.err ? S.err : strdup("cannot snapshot: out of memory");
        S.err = NULL;
    }
    free(S.objs.d);
    free(S.globs.d);
    free(S.states.d);
    free(S.rec.d);
    free(S.tab);
    free(S.via);
    free(S.hkeys);
    free(S.hvals);
    free(S.progs);
    free(S.nm);
    free(S.gnames);
    free(S.err);
    for (size_t i = 0; i < S.nheld; i++)
        ev_decref(I, S.held[i]);
    free(S.held);
    ev_decref(I, I->exc); /* a bound's failed allocation */
    I->exc = EV_NONE;
    I->limit = NULL;
    I->tick = tick;
    ev_current = saved;
    return r;
}
