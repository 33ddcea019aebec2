/*
 * plain.c - plain data, the only values that cross between a session and
 * its host (evaluator.h, "host functions"): a session value copied out into
 * a tree of ev_plain in host (malloc) memory, and back in, validated and
 * charged to the session; and the embedder's globals as plain data.
 *
 * Neither direction runs Python code: only the exact builtin types are
 * plain (a subclass could define __eq__, __hash__ or __iter__), their items
 * are read straight from their C layouts, and the dicts and sets made from
 * host data hash and compare only None, bool, int, float, str, bytes,
 * tuples and frozensets of those.  So no container can change while it is
 * copied, and no callback can reach the host in the middle of a copy.
 *
 * Both directions are bounded: nesting by EV_PLAIN_MAX_DEPTH (C recursion
 * of at most that many frames), and the host memory a copy out takes by the
 * session's memory limit (a list holding the same big list a thousand times
 * is small in the session and huge as a tree).
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/ev.h"

/* ---- freeing ------------------------------------------------------------------------------------ */

static bool is_seq(ev_plain_kind k)
{
    return k == EV_PLAIN_LIST || k == EV_PLAIN_TUPLE || k == EV_PLAIN_DICT || k == EV_PLAIN_SET ||
           k == EV_PLAIN_FROZENSET;
}

static bool is_text(ev_plain_kind k) { return k == EV_PLAIN_BIGINT || k == EV_PLAIN_STR || k == EV_PLAIN_BYTES; }

static void clear_leaf(ev_plain *v)
{
    if (is_text(v->kind))
        free(v->u.text.data);
    memset(v, 0, sizeof *v);
}

/* Iterative, in constant space, for a tree of any depth (the host may hand
 * a malformed, very deep one): pointer reversal, the item being descended
 * into holds the way back up (its parent's array and index) while its own
 * items are freed. */
void ev_plain_clear(ev_plain *v)
{
    if (!v)
        return;
    if (!is_seq(v->kind) || !v->u.seq.items) {
        clear_leaf(v);
        return;
    }
    ev_plain *arr = v->u.seq.items, *parr = NULL;
    size_t i = v->u.seq.len, pi = 0; /* i: items of arr still to free */
    for (;;) {
        if (i == 0) {
            free(arr);
            if (!parr)
                break;
            ev_plain *up = &parr[pi];
            ev_plain *gp = up->u.seq.items;
            size_t gi = up->u.seq.len;
            memset(up, 0, sizeof *up);
            arr = parr, i = pi, parr = gp, pi = gi;
            continue;
        }
        ev_plain *e = &arr[--i];
        if (is_seq(e->kind) && e->u.seq.items) {
            ev_plain *c = e->u.seq.items;
            size_t n = e->u.seq.len;
            e->u.seq.items = parr;
            e->u.seq.len = pi;
            parr = arr, pi = i;
            arr = c, i = n;
        } else {
            clear_leaf(e);
        }
    }
    memset(v, 0, sizeof *v);
}

/* ---- session value -> plain data ---------------------------------------------------------------- */

typedef enum out_err { OE_NONE, OE_TYPE, OE_DEPTH, OE_CYCLE, OE_SURROGATE, OE_SIZE, OE_NOMEM } out_err;

typedef struct outctx {
    size_t budget;                                 /* host bytes the copy may still take */
    const ev_obj *open[EV_PLAIN_MAX_DEPTH + 1];    /* the containers being copied, outermost first */
    int depth;
    out_err err;
    ev_value bad;                                  /* borrowed: what was refused */
} outctx;

static int charge(outctx *c, size_t n)
{
    if (n > c->budget) {
        c->err = OE_SIZE;
        return -1;
    }
    c->budget -= n;
    return 0;
}

static int copy_text(outctx *c, ev_plain *out, ev_plain_kind k, const void *data, size_t len)
{
    if (charge(c, len + 1))
        return -1;
    char *p = malloc(len + 1);
    if (!p) {
        c->err = OE_NOMEM;
        return -1;
    }
    if (len)
        memcpy(p, data, len);
    p[len] = '\0';
    out->kind = k;
    out->u.text.data = p;
    out->u.text.len = len;
    return 0;
}

static int to_plain(outctx *c, ev_value v, ev_plain *out);

/* n items into out (of kind k), read by item(src, i) */
static int open_seq(outctx *c, ev_plain *out, ev_plain_kind k, ev_value v, size_t n)
{
    for (int i = 0; i < c->depth; i++)
        if (c->open[i] == v.u.o) {
            c->err = OE_CYCLE;
            c->bad = v;
            return -1;
        }
    if (c->depth >= EV_PLAIN_MAX_DEPTH) {
        c->err = OE_DEPTH;
        c->bad = v;
        return -1;
    }
    if (n > SIZE_MAX / sizeof(ev_plain) || charge(c, n * sizeof(ev_plain)))
        return c->err = OE_SIZE, -1;
    ev_plain *items = n ? calloc(n, sizeof *items) : NULL;
    if (n && !items) {
        c->err = OE_NOMEM;
        return -1;
    }
    out->kind = k;
    out->u.seq.items = items;
    out->u.seq.len = n;
    c->open[c->depth++] = v.u.o;
    return 0;
}

static int to_plain_obj(outctx *c, ev_value v, ev_plain *out)
{
    ev_type *t = ev_type_of(v);
    ev_obj *o = v.u.o;
    if (t == &ev_type_int && o->kind == EV_O_INT) {
        const mpz_t *z = &((ev_bigint *)o)->z;
        if (mpz_fits_slong_p(*z)) {
            out->kind = EV_PLAIN_INT;
            out->u.i = mpz_get_si(*z);
            return 0;
        }
        size_t n = mpz_sizeinbase(*z, 10) + 2; /* a sign, the NUL */
        if (charge(c, n))
            return -1;
        char *p = malloc(n);
        if (!p)
            return c->err = OE_NOMEM, -1;
        mpz_get_str(p, 10, *z);
        out->kind = EV_PLAIN_BIGINT;
        out->u.text.data = p;
        out->u.text.len = strlen(p);
        return 0;
    }
    if (t == &ev_type_str && o->kind == EV_O_STR) {
        ev_str *s = (ev_str *)o;
        if (ev_utf8_surrogate_find(s->data, s->len) < s->len) {
            c->err = OE_SURROGATE;
            c->bad = v;
            return -1;
        }
        return copy_text(c, out, EV_PLAIN_STR, s->data, s->len);
    }
    if (t == &ev_type_bytes && o->kind == EV_O_BYTES)
        return copy_text(c, out, EV_PLAIN_BYTES, ev_as_bytes(v)->data, ev_as_bytes(v)->len);
    int r = 0;
    if ((t == &ev_type_list && o->kind == EV_O_LIST) || (t == &ev_type_tuple && o->kind == EV_O_TUPLE)) {
        bool list = o->kind == EV_O_LIST;
        size_t n = list ? ev_as_list(v)->len : ev_as_tuple(v)->len;
        if (open_seq(c, out, list ? EV_PLAIN_LIST : EV_PLAIN_TUPLE, v, n))
            return -1;
        const ev_value *items = list ? ev_as_list(v)->items : ev_as_tuple(v)->items;
        for (size_t i = 0; i < n && r == 0; i++)
            r = to_plain(c, items[i], &out->u.seq.items[i]);
    } else if (t == &ev_type_dict && o->kind == EV_O_DICT) {
        ev_dict *d = ev_as_dict(v);
        if (open_seq(c, out, EV_PLAIN_DICT, v, (size_t)d->used * 2))
            return -1;
        size_t k = 0;
        for (uint32_t i = 0; i < d->nentries && r == 0 && k < (size_t)d->used * 2; i++) {
            if (EV_IS_ERR(d->entries[i].key))
                continue;
            r = to_plain(c, d->entries[i].key, &out->u.seq.items[k++]);
            if (r == 0)
                r = to_plain(c, d->entries[i].value, &out->u.seq.items[k++]);
        }
    } else if ((t == &ev_type_set && o->kind == EV_O_SET) || (t == &ev_type_frozenset && o->kind == EV_O_FROZENSET)) {
        ev_set *s = (ev_set *)o;
        if (open_seq(c, out, o->kind == EV_O_SET ? EV_PLAIN_SET : EV_PLAIN_FROZENSET, v, s->used))
            return -1;
        size_t k = 0;
        for (size_t i = 0; i <= s->mask && r == 0 && k < s->used; i++)
            if (!EV_IS_ERR(s->table[i].key))
                r = to_plain(c, s->table[i].key, &out->u.seq.items[k++]);
    } else {
        c->err = OE_TYPE;
        c->bad = v;
        return -1;
    }
    c->depth--;
    return r;
}

static int to_plain(outctx *c, ev_value v, ev_plain *out)
{
    memset(out, 0, sizeof *out);
    switch (v.tag) {
    case EV_T_NONE: return 0;
    case EV_T_BOOL: out->kind = EV_PLAIN_BOOL, out->u.b = v.u.i != 0; return 0;
    case EV_T_INT: out->kind = EV_PLAIN_INT, out->u.i = v.u.i; return 0;
    case EV_T_FLOAT: out->kind = EV_PLAIN_FLOAT, out->u.f = v.u.f; return 0;
    case EV_T_OBJ: return to_plain_obj(c, v, out);
    default: c->err = OE_TYPE; c->bad = v; return -1;
    }
}

#define PLAIN_TYPES "None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset"

/* What was refused, as the message of the exception ev_plain_from_value
 * raises (and ev_session_get_global reports). */
static void out_message(const outctx *c, char *buf, size_t n)
{
    switch (c->err) {
    case OE_TYPE:
        snprintf(buf, n, "host functions accept only plain data (" PLAIN_TYPES "), not '%s'",
                 ev_type_name(c->bad));
        break;
    case OE_DEPTH:
        snprintf(buf, n, "plain data nested more than %d levels deep", EV_PLAIN_MAX_DEPTH);
        break;
    case OE_CYCLE: snprintf(buf, n, "Circular reference detected"); break;
    case OE_SURROGATE: snprintf(buf, n, "a str holding a lone surrogate is not plain data (not UTF-8)"); break;
    case OE_SIZE: snprintf(buf, n, "plain data larger than the memory limit"); break;
    default: snprintf(buf, n, "out of memory"); break;
    }
}

/* The copy of v with the session's memory limit as its budget; on failure
 * *out is cleared and c says why. */
static int plain_out(ev_interp *I, ev_value v, ev_plain *out, outctx *c)
{
    c->depth = 0;
    c->err = OE_NONE;
    c->bad = EV_NONE;
    (void)I;
    if (to_plain(c, v, out) == 0)
        return 0;
    ev_plain_clear(out);
    return -1;
}

int ev_plain_from_value(ev_interp *I, ev_value v, ev_plain *out, size_t *budget)
{
    outctx c;
    c.budget = budget ? *budget : I->mem_max;
    int r = plain_out(I, v, out, &c);
    if (budget)
        *budget = c.budget;
    if (r == 0)
        return 0;
    char msg[256];
    out_message(&c, msg, sizeof msg);
    switch (c.err) {
    case OE_TYPE: ev_raise(I, &ev_type_TypeError, "%s", msg); break;
    case OE_DEPTH:
    case OE_CYCLE: ev_raise(I, &ev_type_ValueError, "%s", msg); break;
    case OE_SURROGATE: {
        ev_str *s = ev_as_str(c.bad);
        if (ev_utf8_encodable(I, s->data, s->len) == 0) /* CPython's UnicodeEncodeError */
            ev_raise(I, &ev_type_ValueError, "%s", msg);
        break;
    }
    case OE_SIZE: ev_raise_limit(I, "memory"); break;
    default: ev_raise_nomem(I); break;
    }
    return -1;
}

/* ---- plain data -> session value --------------------------------------------------------------- */

/* Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing past
 * U+10FFFF.  The offset of the first bad byte, or n. */
size_t ev_utf8_invalid_at(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < n) {
        unsigned char b = s[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        size_t len;
        uint32_t cp, min;
        if (b >= 0xC2 && b <= 0xDF)
            len = 2, cp = b & 0x1F, min = 0x80;
        else if (b >= 0xE0 && b <= 0xEF)
            len = 3, cp = b & 0x0F, min = 0x800;
        else if (b >= 0xF0 && b <= 0xF4)
            len = 4, cp = b & 0x07, min = 0x10000;
        else
            return i;
        if (n - i < len)
            return i;
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return i;
            cp = cp << 6 | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return n;
}

static ev_value invalid(ev_interp *I, const char *what)
{
    return ev_raise(I, &ev_type_ValueError, "invalid plain data from the host: %s", what);
}

static ev_value from_plain(ev_interp *I, const ev_plain *p, int depth);

static ev_value bigint_from_text(ev_interp *I, const ev_plain *p)
{
    const char *s = p->u.text.data;
    size_t n = p->u.text.len, i = n && s[0] == '-';
    if (!s || i == n)
        return invalid(I, "a big int with no digits");
    for (size_t k = i; k < n; k++)
        if (s[k] < '0' || s[k] > '9')
            return invalid(I, "a big int that is not decimal digits");
    if (s[n] != '\0')
        return invalid(I, "a big int whose text is not NUL-terminated");
    if (ev_mem_reserve(I, n / 2 + 16)) /* log2(10)/8 bytes a digit, rounded up */
        return EV_ERR;
    mpz_t z;
    mpz_init(z);
    ev_value r = mpz_set_str(z, s, 10) == 0 ? ev_int_from_mpz(I, z) : invalid(I, "a big int that is not decimal digits");
    mpz_clear(z);
    return r;
}

static ev_value from_seq(ev_interp *I, const ev_plain *p, int depth)
{
    size_t n = p->u.seq.len;
    const ev_plain *items = p->u.seq.items;
    if (depth >= EV_PLAIN_MAX_DEPTH)
        return ev_raise(I, &ev_type_ValueError, "plain data nested more than %d levels deep", EV_PLAIN_MAX_DEPTH);
    if (n && !items)
        return invalid(I, "a container with no items array");
    if (p->kind == EV_PLAIN_DICT && n % 2)
        return invalid(I, "a dict of an odd number of keys and values");
    if (ev_mem_reserve_n(I, n, sizeof(ev_value)))
        return EV_ERR;
    ev_value c;
    switch (p->kind) {
    case EV_PLAIN_LIST: c = ev_list_new(I, n); break;
    case EV_PLAIN_TUPLE: c = ev_tuple_new(I, n); break;
    case EV_PLAIN_DICT: c = ev_dict_new(I); break;
    default: c = ev_set_new(I, p->kind == EV_PLAIN_FROZENSET); break;
    }
    if (EV_IS_ERR(c))
        return c;
    int r = 0;
    for (size_t i = 0; i < n && r == 0; i++) {
        ev_value x = from_plain(I, &items[i], depth + 1);
        if (EV_IS_ERR(x)) {
            r = -1;
            break;
        }
        switch (p->kind) {
        case EV_PLAIN_LIST: r = ev_list_append(I, ev_as_list(c), x); break;
        case EV_PLAIN_TUPLE: ev_as_tuple(c)->items[i] = ev_dup(x); break;
        case EV_PLAIN_DICT: {
            /* the key hashes as a builtin value: no user code */
            ev_value val = from_plain(I, &items[++i], depth + 1);
            r = EV_IS_ERR(val) ? -1 : ev_dict_set(I, ev_as_dict(c), x, val);
            if (!EV_IS_ERR(val))
                ev_decref(I, val);
            break;
        }
        default: r = ev_set_add(I, (ev_set *)c.u.o, x); break;
        }
        ev_decref(I, x);
    }
    if (r) {
        ev_decref(I, c);
        return EV_ERR;
    }
    return c;
}

static ev_value from_plain(ev_interp *I, const ev_plain *p, int depth)
{
    switch (p->kind) {
    case EV_PLAIN_NONE: return EV_NONE;
    case EV_PLAIN_BOOL: return ev_bool(p->u.b);
    case EV_PLAIN_INT: return ev_int(p->u.i);
    case EV_PLAIN_FLOAT: return ev_float(p->u.f);
    case EV_PLAIN_BIGINT: return bigint_from_text(I, p);
    case EV_PLAIN_STR:
    case EV_PLAIN_BYTES: {
        if (!p->u.text.data && p->u.text.len)
            return invalid(I, "a str or bytes with no data");
        const char *d = p->u.text.data ? p->u.text.data : "";
        if (p->kind == EV_PLAIN_BYTES)
            return ev_bytes_new(I, EV_O_BYTES, d, p->u.text.len);
        size_t bad = ev_utf8_invalid_at(d, p->u.text.len);
        if (bad < p->u.text.len) {
            char m[96];
            snprintf(m, sizeof m, "a str that is not UTF-8 (byte 0x%02x at offset %zu)",
                     (unsigned char)d[bad], bad);
            return invalid(I, m);
        }
        if (ev_mem_reserve(I, p->u.text.len))
            return EV_ERR;
        return ev_str_new(I, d, p->u.text.len);
    }
    case EV_PLAIN_LIST:
    case EV_PLAIN_TUPLE:
    case EV_PLAIN_DICT:
    case EV_PLAIN_SET:
    case EV_PLAIN_FROZENSET:
        return from_seq(I, p, depth);
    }
    char m[64];
    snprintf(m, sizeof m, "unknown kind %d", (int)p->kind);
    return invalid(I, m);
}

ev_value ev_plain_to_value(ev_interp *I, const ev_plain *p)
{
    return from_plain(I, p, 0);
}

/* ---- globals as plain data ------------------------------------------------------------------------ */

bool ev_plain_ident_ok(const char *s, size_t n)
{
    static const char *const keywords[] = {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
        "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
        "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
        "with", "yield", NULL,
    };
    if (!s || n == 0 || (*s >= '0' && *s <= '9'))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
              s[i] == '_'))
            return false;
    for (const char *const *k = keywords; *k; k++)
        if (strlen(*k) == n && memcmp(*k, s, n) == 0)
            return false;
    return true;
}

static char *msg_dup(const char *a, const char *b, const char *c)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s%.200s%s", a, b, c);
    return strdup(buf);
}

/* The pending exception (or limit) of I as a malloc'd "Type: message", and
 * the session left with neither. */
static char *take_error(ev_interp *I)
{
    char *m = NULL;
    if (I->limit) {
        m = msg_dup("the session's ", I->limit, " limit was exceeded");
    } else if (ev_is(I->exc, EV_O_EXC)) {
        ev_exc *e = (ev_exc *)I->exc.u.o;
        ev_value s = ev_exc_str(I, e);
        if (!EV_IS_ERR(s)) {
            size_t n = strlen(e->type->name) + ev_as_str(s)->len + 3;
            if ((m = malloc(n)))
                snprintf(m, n, "%s: %s", e->type->name, ev_as_str(s)->data);
            ev_decref(I, s);
        }
    }
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    I->limit = NULL;
    return m ? m : strdup("out of memory");
}

int ev_session_set_global(ev_session *s, const char *name, const ev_plain *v, char **error)
{
    ev_interp *I = ev_session_interp(s);
    *error = NULL;
    if (!v) {
        *error = strdup("no value");
        return -1;
    }
    if (!name || !ev_plain_ident_ok(name, strlen(name))) {
        *error = msg_dup("'", name ? name : "(null)", "' is not a name a global can have (an ASCII identifier, not a keyword)");
        return -1;
    }
    if (I->in_host) {
        *error = strdup("ev_session_set_global called from inside a host function");
        return -1;
    }
    ev_interp *saved = ev_current;
    ev_current = I;
    I->limit = NULL;
    ev_str *key = ev_intern(I, name, strlen(name));
    ev_value x = key ? ev_plain_to_value(I, v) : EV_ERR;
    int r = EV_IS_ERR(x) ? -1 : ev_dict_set_str(I, I->globals, key, x);
    if (!EV_IS_ERR(x))
        ev_decref(I, x);
    if (r || I->limit) {
        *error = take_error(I);
        r = -1;
    }
    ev_current = saved;
    return r;
}

int ev_session_get_global(ev_session *s, const char *name, ev_plain *out, char **error)
{
    ev_interp *I = ev_session_interp(s);
    *error = NULL;
    memset(out, 0, sizeof *out);
    if (I->in_host) {
        *error = strdup("ev_session_get_global called from inside a host function");
        return -1;
    }
    ev_interp *saved = ev_current;
    ev_current = I;
    ev_str *key = name ? ev_intern(I, name, strlen(name)) : NULL;
    ev_value *v = key ? ev_dict_lookup_str(I->globals, key) : NULL;
    int r = 1;
    if (v) {
        outctx c;
        c.budget = I->mem_max;
        r = plain_out(I, *v, out, &c);
        if (r) {
            char msg[300];
            out_message(&c, msg, sizeof msg);
            char buf[400];
            snprintf(buf, sizeof buf, "global '%.60s' is not plain data: %s", name, msg);
            *error = strdup(buf);
        }
    }
    if (!key) { /* out of session memory for the name */
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        I->limit = NULL;
    }
    ev_current = saved;
    return r;
}

void ev_session_capture_value(ev_session *s, bool on)
{
    ev_session_interp(s)->capture_value = on;
}

ev_plain *ev_plain_capture(ev_interp *I, ev_value v)
{
    ev_plain *p = malloc(sizeof *p);
    outctx c;
    c.budget = I->mem_max;
    if (p && plain_out(I, v, p, &c) == 0)
        return p;
    free(p);
    return NULL;
}
