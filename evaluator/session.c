/*
 * session.c - the public face of the evaluator: sessions, runs, limits and
 * the CPython-style rendering of tracebacks.
 *
 * Each run executes on a thread with a large stack, so deep Python
 * recursion has room and the C-stack guard knows exactly where the stack
 * ends: the caller's own thread when it has such a stack (a long-lived
 * server makes one, so a run costs no thread creation), else a new thread
 * while the caller's waits.
 */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evaluator/gen.h"
#include "evaluator/node.h"

#define RUN_STACK_BYTES EV_RUN_STACK_BYTES /* reserved, committed lazily */
#define STACK_MARGIN ((size_t)256 << 10)
#define TICKS_PER_CHECK 4096

struct ev_session {
    ev_interp I;
    ev_limits limits;
};

static const char *const module_names[] = {
    "collections", "datetime", "itertools", "math", "queue", "random", "re",
    "stat", "statistics", "time", "unicodedata", NULL,
};

const char *const *ev_module_names(void)
{
    return module_names;
}

int ev_session_allow_module(ev_session *s, const char *name)
{
    return ev_module_allow(&s->I, name);
}

static pthread_once_t gmp_once = PTHREAD_ONCE_INIT;

/* The names CPython's __main__ module starts with: __name__, and None for
 * __doc__ (a program's docstring replaces it when it runs), __package__
 * and __spec__.  (__loader__ and __builtins__ are refused by the policy.) */
static int main_names(ev_interp *I)
{
    static const char *const nones[] = {"__doc__", "__package__", "__spec__"};
    ev_str *name = I->dn[EV_DN_NAME];
    ev_value main = ev_str_from_cstr(I, "__main__");
    if (!name || EV_IS_ERR(main))
        return -1;
    int r = ev_dict_set_str(I, I->globals, name, main);
    ev_decref(I, main);
    for (size_t i = 0; r == 0 && i < sizeof nones / sizeof *nones; i++) {
        ev_str *k = ev_intern(I, nones[i], strlen(nones[i]));
        r = k ? ev_dict_set_str(I, I->globals, k, EV_NONE) : -1;
    }
    return r;
}

static int session_init_state(ev_interp *I)
{
    ev_value d;
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->interned = ev_as_dict(d);
    I->class_version = 1; /* a new class (version 0) fills its cache on first use */
    static const char *const dn_text[EV_DN__COUNT] = {
#define EV_DN_TEXT(id, text) text,
        EV_DUNDERS(EV_DN_TEXT)
#undef EV_DN_TEXT
    };
    for (int i = 0; i < EV_DN__COUNT; i++)
        if (!(I->dn[i] = ev_intern(I, dn_text[i], strlen(dn_text[i]))))
            return -1;
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->builtins = ev_as_dict(d);
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->globals = ev_as_dict(d);
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->modules = ev_as_dict(d);
    if (ev_builtins_install(I) || ev_class_install(I))
        return -1;
    return main_names(I);
}

ev_session *ev_session_new(const ev_limits *limits)
{
    pthread_once(&gmp_once, ev_mem_install_gmp);
    ev_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (limits)
        s->limits = *limits;
    if (s->limits.timeout_s <= 0)
        s->limits.timeout_s = EV_DEFAULT_TIMEOUT_S;
    if (!s->limits.max_memory)
        s->limits.max_memory = EV_DEFAULT_MAX_MEMORY;
    if (!s->limits.max_depth)
        s->limits.max_depth = EV_DEFAULT_MAX_DEPTH;
    if (!s->limits.max_output)
        s->limits.max_output = EV_DEFAULT_MAX_OUTPUT;
    ev_interp *I = &s->I;
    I->session = s;
    I->mem_max = s->limits.max_memory;
    I->max_depth = s->limits.max_depth;
    I->gc_gen_mark = 128; /* as after a collection that left none (gc.c) */
    I->exc = EV_NONE;
    I->last_value = EV_NONE;
    for (const char *const *n = module_names; *n; n++)
        (void)ev_session_allow_module(s, *n);
    atomic_init(&I->interrupt, false);
    ev_interp *saved = ev_current;
    ev_current = I;
    int r = session_init_state(I);
    ev_current = saved;
    if (r) {
        ev_mem_release_all(I);
        free(s);
        return NULL;
    }
    return s;
}

static void release_roots(ev_interp *I)
{
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    ev_decref(I, I->last_value);
    I->last_value = EV_NONE;
    for (ev_value *t = &I->stdout_target; t; t = t == &I->stdout_target ? &I->stderr_target : NULL) {
        ev_value v = *t;
        *t = EV_ERR;
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
    }
    if (I->globals) {
        ev_decref(I, ev_obj_val(&I->globals->h));
        I->globals = NULL;
    }
    if (I->numbers_types) {
        ev_decref(I, ev_obj_val(&I->numbers_types->h));
        I->numbers_types = NULL;
    }
    if (I->abc_types) {
        ev_decref(I, ev_obj_val(&I->abc_types->h));
        I->abc_types = NULL;
    }
    ev_class_break_cycles(I);
    if (I->modules) {
        ev_decref(I, ev_obj_val(&I->modules->h));
        I->modules = NULL;
    }
    /* the programs go with the last function, traceback or run using them;
     * cycles among what the roots held are collected by ev_session_reset,
     * and teardown frees every block whatever remains */
}

void ev_session_free(ev_session *s)
{
    if (!s)
        return;
    ev_interp *I = &s->I;
    ev_interp *saved = ev_current;
    ev_current = I;
    I->tearing_down = true;
    /* no finalizer runs at teardown: there is no run (no output, no clock),
     * and nothing it could change outlives the session */
    ev_fin_discard(I);
    release_roots(I);
#if EV_DEBUG
    /* the check below is for refcount slips: the program's own cycles go first */
    ev_gc_collect(I);
#endif
    if (I->builtins)
        ev_decref(I, ev_obj_val(&I->builtins->h));
    memset(I->interncache, 0, sizeof I->interncache); /* its strings go now */
    if (I->interned)
        ev_decref(I, ev_obj_val(&I->interned->h));
#if EV_DEBUG
    if (I->mem_used != 0)
        fprintf(stderr, "safepy: debug: %zu bytes still allocated at session teardown (a reference cycle or a refcount slip)\n",
                I->mem_used);
#endif
    ev_mem_release_all(I);
    ev_gen_pool_free(I); /* after the generators: unmaps every stack */
    free(I->fin_q);
    free(I->fin_err);
    ev_current = saved;
    free(s);
}

void ev_session_reset(ev_session *s)
{
    ev_interp *I = &s->I;
    ev_interp *saved = ev_current;
    ev_current = I;
    I->limit = NULL;
    I->tearing_down = true;
    /* the globals go without their finalizers: reset runs outside a run
     * (no output channel, no clock), and nothing a __del__ could change
     * survives the reset */
    ev_fin_discard(I);
    release_roots(I);
    ev_gc_collect(I); /* functions in cycles, and the programs they hold */
    I->tearing_down = false;
    ev_value md = ev_dict_new(I);
    if (!EV_IS_ERR(md))
        I->modules = ev_as_dict(md);
    ev_value d = ev_dict_new(I);
    if (!EV_IS_ERR(d)) {
        I->globals = ev_as_dict(d);
        if (main_names(I)) {
            /* out of memory: a name stays unset, the next run reports it */
        }
    }
    ev_current = saved;
}

void ev_session_usage(const ev_session *s, size_t *bytes, size_t *programs)
{
    if (bytes)
        *bytes = s->I.mem_used;
    if (programs)
        *programs = s->I.live_programs;
}

void ev_session_interrupt(ev_session *s)
{
    atomic_store(&s->I.interrupt, true);
}

int ev_check_limits_slow(ev_interp *I)
{
    I->tick = TICKS_PER_CHECK;
    if (I->limit)
        return -1;
    if (atomic_load_explicit(&I->interrupt, memory_order_relaxed)) {
        ev_raise_limit(I, "cancelled");
        return -1;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > I->deadline.tv_sec ||
        (now.tv_sec == I->deadline.tv_sec && now.tv_nsec >= I->deadline.tv_nsec)) {
        ev_raise_limit(I, "time");
        return -1;
    }
    return 0;
}

/* ---- rendering errors --------------------------------------------------------------------- */

typedef struct text {
    char *data;
    size_t len, cap;
    bool failed;
} text;

static void text_put(text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *nd = realloc(t->data, cap);
        if (!nd) {
            t->failed = true;
            return;
        }
        t->data = nd;
        t->cap = cap;
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

static void text_printf(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void text_printf(text *t, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        text_put(t, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* The source line `line` (1-based), stripped of indentation. */
static void put_source_line(text *t, const char *src, size_t len, uint32_t line, uint32_t *indent)
{
    uint32_t cur = 1;
    size_t i = 0;
    while (i < len && cur < line) {
        if (src[i++] == '\n')
            cur++;
    }
    if (cur != line || i >= len)
        return;
    size_t start = i;
    while (i < len && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f'))
        i++;
    if (indent)
        *indent = (uint32_t)(i - start);
    size_t end = i;
    while (end < len && src[end] != '\n' && src[end] != '\r')
        end++;
    if (end == i)
        return;
    text_put(t, "    ", 4);
    text_put(t, src + i, end - i > 400 ? 400 : end - i);
    text_put(t, "\n", 1);
}

static size_t utf8_chars(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    return c;
}

static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

/* CPython 3.11's caret line under the failing expression (PEP 657):
 * `~~^~~` around a binary operator or a subscript, `^^^` otherwise, and
 * nothing when the expression is the whole line. */
static void put_carets(text *t, const ev_tb *tb)
{
    if (!tb->located)
        return;
    const char *src = tb->prog->src;
    size_t len = tb->prog->len, i = 0;
    for (uint32_t cur = 1; i < len && cur < tb->line; i++)
        if (src[i] == '\n')
            cur++;
    const char *ls = src + i;
    size_t ll = 0;
    while (i + ll < len && ls[ll] != '\n' && ls[ll] != '\r')
        ll++;
    if (tb->col > ll || ll > 400)
        return;
    size_t ind = 0;
    while (ind < ll && is_ws(ls[ind]))
        ind++;
    size_t rs = ll;
    while (rs > ind && is_ws(ls[rs - 1]))
        rs--;
    size_t stripped = utf8_chars(ls + ind, rs - ind);
    size_t start = utf8_chars(ls, tb->col), end;
    bool single = tb->end_line == tb->line && tb->end_col <= ll && tb->end_col >= tb->col;
    end = single ? utf8_chars(ls, tb->end_col) : ind + stripped;
    bool anchors = false;
    size_t left = 0, right = 0;
    if (single && tb->anchor && tb->left_end >= tb->col && tb->right_start >= tb->left_end) {
        const char *seg = ls + tb->col;
        size_t sl = tb->end_col - tb->col, la, ra;
        if (tb->anchor == 1) {
            size_t os = tb->left_end - tb->col, oe = tb->right_start - tb->col, off = 0;
            while (os + off < oe && is_ws(seg[os + off]))
                off++;
            la = os + off;
            ra = la + 1;
            if (os + off + 1 < oe && !is_ws(seg[os + off + 1]))
                ra++;
            while (la < sl && (is_ws(seg[la]) || seg[la] == ')' || seg[la] == '#'))
                la++, ra++;
        } else {
            la = tb->left_end - tb->col;
            ra = tb->right_start - tb->col + 1;
            while (la < sl && seg[la] != '[')
                la++;
            while (ra < sl && seg[ra] != ']')
                ra++;
            if (ra < sl)
                ra++;
        }
        if (la <= sl && ra <= sl && ra >= la) {
            anchors = true;
            left = utf8_chars(seg, la);
            right = utf8_chars(seg, ra);
        }
    }
    if (end < start || !(end - start < stripped || (anchors && right > left)))
        return;
    text_put(t, "    ", 4);
    for (size_t k = ind; k < start; k++)
        text_put(t, " ", 1);
    for (size_t k = 0; k < end - start; k++)
        text_put(t, anchors && (k < left || k >= right) ? "~" : "^", 1);
    text_put(t, "\n", 1);
}

/* One exception alone: its traceback (under `header`), its last line, its
 * notes. */
static void render_plain(ev_interp *I, text *tp, ev_value excv, const char *src, size_t len,
                         const char *filename, ev_result *res, const char *header)
{
    text t = *tp;
    ev_exc *e = (ev_exc *)excv.u.o;
    bool syntax = e->type == &ev_type_SyntaxError && e->ntb == 0;
    if (syntax) {
        uint32_t line = I->syntax_line, indent = 0;
        if (line) {
            text_printf(&t, "  File \"%s\", line %u\n", filename, line);
            size_t before = t.len;
            put_source_line(&t, src, len, line, &indent);
            if (t.len > before && I->syntax_col > indent) {
                text_put(&t, "    ", 4);
                for (uint32_t i = indent + 1; i < I->syntax_col && i < 400; i++)
                    text_put(&t, " ", 1);
                text_put(&t, "^\n", 2);
            }
            if (res)
                res->error_line = line;
        }
    } else if (e->ntb > 0) {
        text_put(&t, header, strlen(header));
        /* identical consecutive frames collapse after three, as CPython's
         * "[Previous line repeated N more times]" */
        const ev_tb *last = NULL;
        size_t count = 0;
        for (size_t k = e->ntb; k-- > 0;) {
            const ev_tb *tb = &e->tb[k];
            if (!last || last->line != tb->line || last->func != tb->func || last->prog != tb->prog) {
                if (count > 3)
                    text_printf(&t, "  [Previous line repeated %zu more time%s]\n", count - 3,
                                count - 3 > 1 ? "s" : "");
                last = tb;
                count = 0;
            }
            if (++count > 3)
                continue;
            text_printf(&t, "  File \"%s\", line %u, in %s\n", tb->prog->filename, tb->line, tb->func);
            size_t before = t.len;
            put_source_line(&t, tb->prog->src, tb->prog->len, tb->line, NULL);
            if (t.len > before)
                put_carets(&t, tb);
        }
        if (count > 3)
            text_printf(&t, "  [Previous line repeated %zu more time%s]\n", count - 3,
                        count - 3 > 1 ? "s" : "");
        if (res)
            res->error_line = e->tb[0].line;
    }
    /* str() of the exception may run user code (__str__); what it raises is
     * not reported, as CPython prints <exception str() failed> */
    ev_value pending = I->exc;
    I->exc = EV_NONE;
    ev_value msg = ev_to_str(I, excv);
    /* 3.11's traceback module: a class's __qualname__ (Parser.Error) */
    const char *tname = ev_is_heaptype(e->type) ? ev_type_qualname(e->type) : e->type->name;
    if (ev_is_heaptype(e->type) && e->type->dict) {
        /* prefixed with its __module__ unless that is __main__ or builtins
         * (decimal.InvalidOperation) */
        ev_str *mk = ev_intern(I, "__module__", 10);
        ev_value *mv = mk ? ev_dict_lookup_str(e->type->dict, mk) : NULL;
        if (mv && ev_is(*mv, EV_O_STR) && strcmp(ev_as_str(*mv)->data, "__main__") != 0 &&
            strcmp(ev_as_str(*mv)->data, "builtins") != 0) {
            text_put(&t, ev_as_str(*mv)->data, ev_as_str(*mv)->len);
            text_put(&t, ".", 1);
        }
    }
    text_put(&t, tname, strlen(tname));
    if (!EV_IS_ERR(msg)) {
        if (ev_as_str(msg)->len) {
            text_put(&t, ": ", 2);
            text_put(&t, ev_as_str(msg)->data, ev_as_str(msg)->len);
        }
        ev_decref(I, msg);
    } else if (!I->limit) {
        text_put(&t, ": <exception str() failed>", 26);
    }
    if (!I->limit) {
        ev_buf sb = {0};
        if (ev_exc_suggestion(I, e, &sb) == 0 && sb.data)
            text_put(&t, sb.data, sb.len);
        ev_buf_free(I, &sb); /* a failed suggestion is not reported (I->exc is dropped below) */
    }
    text_put(&t, "\n", 1);
    if (ev_is(e->notes, EV_O_LIST)) {
        ev_list *nl = ev_as_list(e->notes);
        for (size_t i = 0; i < nl->len; i++) {
            if (ev_is(nl->items[i], EV_O_STR)) {
                text_put(&t, ev_as_str(nl->items[i])->data, ev_as_str(nl->items[i])->len);
            } else {
                ev_value r = ev_repr(I, nl->items[i]);
                if (!EV_IS_ERR(r)) {
                    text_put(&t, ev_as_str(r)->data, ev_as_str(r)->len);
                    ev_decref(I, r);
                }
            }
            text_put(&t, "\n", 1);
        }
    }
    ev_decref(I, I->exc);
    I->exc = pending;
    *tp = t;
}


/* CPython 3.11's printer (Python/pythonrun.c): chained exceptions first
 * (each exception once: `seen`), exception groups drawn as nested boxes
 * whose lines carry an indented "| " margin. */
typedef struct rctx {
    ev_interp *I;
    const char *src, *filename;
    size_t len;
    ev_result *res;          /* the outermost exception's line goes here */
    int group_depth;         /* CPython's exception_group_depth */
    bool need_close;
    const void *seen[256];
    size_t nseen;
    int nesting;             /* bounds the recursion */
} rctx;

#define TB_HEADER "Traceback (most recent call last):\n"
#define TB_GROUP_HEADER "Exception Group Traceback (most recent call last):\n"
#define MAX_GROUP_WIDTH 15
#define MAX_GROUP_DEPTH 10

static void put_margin(rctx *c, text *t)
{
    for (int i = 0; i < 2 * c->group_depth; i++)
        text_put(t, " ", 1);
    if (c->group_depth)
        text_put(t, "| ", 2);
}

/* src's lines into t, each after the margin; the first (the traceback
 * header) after header_margin instead when given */
static void put_prefixed(rctx *c, text *t, const text *src, const char *header_margin)
{
    if (src->failed)
        t->failed = true;
    const char *p = src->data, *end = src->data ? src->data + src->len : NULL;
    bool first = true;
    while (p && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        if (first && header_margin && c->group_depth &&
            ((size_t)n == strlen(TB_GROUP_HEADER) && memcmp(p, TB_GROUP_HEADER, n) == 0)) {
            for (int i = 0; i < 2 * c->group_depth; i++)
                text_put(t, " ", 1);
            text_put(t, header_margin, strlen(header_margin));
        } else {
            put_margin(c, t);
        }
        text_put(t, p, n);
        first = false;
        p += n;
    }
}

static bool seen_has(const rctx *c, const void *o)
{
    for (size_t i = 0; i < c->nseen; i++)
        if (c->seen[i] == o)
            return true;
    return false;
}

static void render_rec(rctx *c, text *t, ev_value excv);

static void render_chained(rctx *c, text *t, ev_value link, const char *msg)
{
    bool need_close = c->need_close;
    render_rec(c, t, link);
    c->need_close = need_close;
    put_margin(c, t);
    text_put(t, "\n", 1);
    put_margin(c, t);
    text_put(t, msg, strlen(msg));
    put_margin(c, t);
    text_put(t, "\n", 1);
}

static void render_group(rctx *c, text *t, ev_value excv)
{
    if (c->group_depth > MAX_GROUP_DEPTH) {
        put_margin(c, t);
        text_printf(t, "... (max_group_depth is %d)\n", MAX_GROUP_DEPTH);
        return;
    }
    bool top = c->group_depth == 0;
    if (top)
        c->group_depth = 1;
    text own = {0};
    render_plain(c->I, &own, excv, c->src, c->len, c->filename, c->nesting == 1 ? c->res : NULL,
                 TB_GROUP_HEADER);
    put_prefixed(c, t, &own, c->group_depth == 1 ? "+ " : "| ");
    free(own.data);
    ev_tuple *excs = ev_as_tuple(((ev_exc *)excv.u.o)->eg_excs);
    size_t n = excs->len <= MAX_GROUP_WIDTH ? excs->len : MAX_GROUP_WIDTH + 1;
    c->need_close = false;
    for (size_t i = 0; i < n; i++) {
        bool last = i == n - 1, truncated = i >= MAX_GROUP_WIDTH;
        if (last)
            c->need_close = true; /* unless a nested group closes it */
        for (int k = 0; k < 2 * c->group_depth; k++)
            text_put(t, " ", 1);
        if (truncated)
            text_printf(t, "%s+---------------- ... ----------------\n", i == 0 ? "+-" : "  ");
        else
            text_printf(t, "%s+---------------- %zu ----------------\n", i == 0 ? "+-" : "  ", i + 1);
        c->group_depth++;
        if (!truncated) {
            render_rec(c, t, excs->items[i]);
        } else {
            size_t more = excs->len - MAX_GROUP_WIDTH;
            put_margin(c, t);
            text_printf(t, "and %zu more exception%s\n", more, more > 1 ? "s" : "");
        }
        if (last && c->need_close) {
            for (int k = 0; k < 2 * c->group_depth; k++)
                text_put(t, " ", 1);
            text_put(t, "+------------------------------------\n", 38);
            c->need_close = false;
        }
        c->group_depth--;
    }
    if (top)
        c->group_depth = 0;
}

static void render_rec(rctx *c, text *t, ev_value excv)
{
    if (!ev_is(excv, EV_O_EXC) || c->nesting > 200)
        return;
    c->nesting++;
    ev_exc *e = (ev_exc *)excv.u.o;
    if (c->nseen < sizeof c->seen / sizeof *c->seen)
        c->seen[c->nseen++] = e;
    if (ev_is(e->cause, EV_O_EXC)) {
        if (!seen_has(c, e->cause.u.o))
            render_chained(c, t, e->cause, "The above exception was the direct cause of the following exception:\n");
    } else if (!e->suppress_context && ev_is(e->context, EV_O_EXC) && !seen_has(c, e->context.u.o)) {
        render_chained(c, t, e->context, "During handling of the above exception, another exception occurred:\n");
    }
    if (ev_is(e->eg_excs, EV_O_TUPLE)) {
        render_group(c, t, excv);
    } else {
        text own = {0};
        render_plain(c->I, &own, excv, c->src, c->len, c->filename, c->nesting == 1 ? c->res : NULL, TB_HEADER);
        put_prefixed(c, t, &own, NULL);
        free(own.data);
    }
    c->nesting--;
}

/* CPython writes a traceback with errors='backslashreplace': a lone
 * surrogate of a message (ValueError('\udc80')) shows as \udc80, and the
 * text stays valid UTF-8. */
static void escape_surrogates(text *t)
{
    size_t at = t->data ? ev_utf8_surrogate_find(t->data, t->len) : 0;
    if (t->failed || !t->data || at == t->len)
        return;
    text o = {0};
    size_t pos = 0;
    while (at + 3 <= t->len) {
        text_put(&o, t->data + pos, at - pos);
        const unsigned char *u = (const unsigned char *)t->data + at;
        text_printf(&o, "\\u%04x", 0xD000 | ((u[1] & 0x3F) << 6) | (u[2] & 0x3F));
        pos = at + 3;
        at = pos + ev_utf8_surrogate_find(t->data + pos, t->len - pos);
    }
    text_put(&o, t->data + pos, t->len - pos);
    free(t->data);
    *t = o;
}

static char *render_exception(ev_interp *I, ev_value excv, const char *src, size_t len,
                              const char *filename, ev_result *res)
{
    text t = {0};
    rctx c = {.I = I, .src = src, .filename = filename, .len = len, .res = res};
    render_rec(&c, &t, excv);
    escape_surrogates(&t);
    if (t.failed) {
        free(t.data);
        return NULL;
    }
    if (res)
        res->error_len = t.len; /* a message may hold a NUL byte, printed as CPython prints it */
    return t.data;
}

char *ev_render_exception(ev_interp *I, ev_value exc)
{
    return render_exception(I, exc, NULL, 0, "<unknown>", NULL);
}

static char *render_limit(const ev_session *s, const char *which)
{
    char buf[512];
    const ev_limits *l = &s->limits;
    if (strcmp(which, "time") == 0)
        snprintf(buf, sizeof buf,
                 "safepy: stopped: time limit exceeded (the program needed more than %g s). "
                 "Make it do less work or use a faster algorithm.\n", l->timeout_s);
    else if (strcmp(which, "memory") == 0)
        snprintf(buf, sizeof buf,
                 "safepy: stopped: memory limit exceeded (the program needed more than %zu MiB). "
                 "Work on smaller data or avoid building huge values.\n", l->max_memory >> 20);
    else if (strcmp(which, "output") == 0)
        snprintf(buf, sizeof buf,
                 "safepy: stopped: output limit exceeded (more than %zu bytes printed; the output "
                 "was truncated). Print less, e.g. a summary or the first lines.\n", l->max_output);
    else if (strcmp(which, "cancelled") == 0)
        snprintf(buf, sizeof buf, "safepy: stopped: the run was cancelled.\n");
    else
        snprintf(buf, sizeof buf, "safepy: stopped: %s limit exceeded.\n", which);
    return strdup(buf);
}

/* ---- running ---------------------------------------------------------------------------------- */

/* Does any live class define __del__?  (What the exit collection is for.) */
static bool any_finalizer(ev_interp *I)
{
    for (ev_type *t = I->classes; t; t = t->cnext)
        if (t->dict && ev_type_lookup(t, I->dn[EV_DN_DEL]))
            return true;
    return false;
}

/* Exit: the finalizer of v (held by the caller), if it has one not yet
 * run: an instance's __del__, a suspended generator's finally blocks.
 * Errors are reported or ignored, as at exit; -1 on a limit. */
static int exit_finalize(ev_interp *I, ev_value v)
{
    if (v.tag != EV_T_OBJ)
        return 0;
    if (ev_is(v, EV_O_GEN) && ev_gen_needs_close((ev_gen *)v.u.o))
        ev_gen_finalize(I, (ev_gen *)v.u.o);
    else if (ev_fin_run(I, v.u.o))
        return -1;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return I->limit || ev_fin_drain(I) ? -1 : 0;
}

/* Exit: the finalizers of the items of a global list, tuple or dict, in
 * the order freeing it would run them (a list's last item first).  The
 * container is re-read after each: a finalizer may change it. */
static int exit_finalize_items(ev_interp *I, ev_value c)
{
    int r = 0;
    if (ev_is(c, EV_O_LIST) || ev_is(c, EV_O_TUPLE)) {
        bool list = ev_is(c, EV_O_LIST);
        size_t n = list ? ev_as_list(c)->len : ev_as_tuple(c)->len;
        for (size_t i = n; i-- > 0 && r == 0;) {
            if (list && i >= ev_as_list(c)->len)
                continue;
            ev_value x = ev_dup(list ? ev_as_list(c)->items[i] : ev_as_tuple(c)->items[i]);
            r = exit_finalize(I, x);
            ev_decref(I, x);
        }
    } else if (ev_is(c, EV_O_DICT)) {
        ev_dict *d = ev_as_dict(c);
        for (size_t i = 0; i < d->nentries && r == 0; i++) {
            if (EV_IS_ERR(d->entries[i].key))
                continue;
            ev_value x = ev_dup(d->entries[i].value);
            r = exit_finalize(I, x);
            ev_decref(I, x);
        }
    }
    return r;
}

/* At the end of a file run, release the globals as CPython 3.11's exit
 * does, while output and limits still work.  Its exit finds the module's
 * namespace garbage and runs the finalizers of what it holds before
 * freeing any of it (PEP 442), every global still set: the objects the
 * globals name, in their order (an instance's __del__, a suspended
 * generator's finally blocks), then the items of the lists, tuples and
 * dicts they name, each in its free order; then the names go in order, and
 * what is left is finalized as it is freed.  A limit stops it. */
static void clear_module(ev_interp *I)
{
    ev_value pending = I->exc;
    I->exc = EV_NONE;
    ev_dict *d = I->globals;
    ev_incref(ev_obj_val(&d->h));
    /* the entries are re-read after every call: a finalizer may add or
     * delete globals (the table may move) */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < d->nentries && !I->limit; i++) {
            if (EV_IS_ERR(d->entries[i].key))
                continue;
            ev_value v = ev_dup(d->entries[i].value);
            int r = pass == 0 ? exit_finalize(I, v) : exit_finalize_items(I, v);
            ev_decref(I, v);
            if (r)
                break;
        }
    for (size_t i = 0; i < d->nentries && !I->limit; i++) {
        ev_dict_entry *e = &d->entries[i];
        if (EV_IS_ERR(e->key) || !ev_is(e->key, EV_O_STR) || e->value.tag == EV_T_NONE)
            continue;
        ev_value old = e->value;
        e->value = EV_NONE;
        ev_decref(I, old);
        ev_decref(I, I->exc); /* errors while closing are ignored, as at exit */
        I->exc = EV_NONE;
        if (ev_fin_drain(I))
            break;
    }
    ev_decref(I, ev_obj_val(&d->h));
    /* cycles holding instances with __del__, which CPython's exit
     * collection finalizes too */
    if (!I->limit && any_finalizer(I)) {
        ev_gc_collect(I);
        if (ev_fin_drain(I)) {
            /* the limit is set: the run reports it */
        }
    }
    ev_decref(I, I->exc);
    I->exc = pending;
}

typedef struct run_args {
    ev_session *s;
    const char *src;
    size_t len;
    const TSTree *tree;
    const char *filename;
    ev_result *res;
} run_args;

/* The lowest address of the calling thread's stack, and its size; 0 for
 * the main thread, whose stack pthread_getattr_np can only find through
 * /proc (which the sandbox closes).  Cached: the lookup makes system calls. */
static void *thread_stack(size_t *size)
{
    static _Thread_local bool known;
    static _Thread_local void *addr;
    static _Thread_local size_t bytes;
    if (!known) {
        known = true;
        pthread_attr_t attr;
        if (gettid() != getpid() && pthread_getattr_np(pthread_self(), &attr) == 0) {
            pthread_attr_getstack(&attr, &addr, &bytes);
            pthread_attr_destroy(&attr);
        }
    }
    *size = bytes;
    return addr;
}


/* The uncaught exception is a SystemExit whose code means success (none,
 * None, 0 or False). */
static bool clean_exit(ev_interp *I)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC))
        return false;
    ev_exc *e = (ev_exc *)I->exc.u.o;
    if (!ev_type_is_subclass(e->type, &ev_type_SystemExit) || !ev_is(e->args, EV_O_TUPLE))
        return false;
    ev_tuple *a = ev_as_tuple(e->args);
    if (a->len == 0)
        return true;
    if (a->len > 1)
        return false;
    ev_value c = a->items[0];
    return c.tag == EV_T_NONE || ((c.tag == EV_T_INT || c.tag == EV_T_BOOL) && c.u.i == 0);
}

/* A program run as a file has __file__, the path its tracebacks show, and
 * __cached__ None (a notebook cell, like CPython's interactive mode, has
 * neither). */
static int set_file(ev_interp *I, const char *filename)
{
    ev_str *key = ev_intern(I, "__file__", 8);
    ev_str *cached = ev_intern(I, "__cached__", 10);
    ev_value v = key && cached ? ev_str_from_cstr(I, filename) : EV_ERR;
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_dict_set_str(I, I->globals, key, v);
    ev_decref(I, v);
    return r ? r : ev_dict_set_str(I, I->globals, cached, EV_NONE);
}

static void *run_thread(void *arg)
{
    run_args *a = arg;
    ev_session *s = a->s;
    ev_interp *I = &s->I;
    ev_result *res = a->res;
    ev_current = I;

    size_t stack_size;
    I->stack_limit = (uintptr_t)thread_stack(&stack_size) + STACK_MARGIN;
    uint64_t allocs_before = I->gc_allocs;

    ev_program *p = ev_lower(I, a->src, a->len, a->tree, a->filename);
    if (!p) {
        /* the lowering refuses with a SyntaxError, or fails as CPython's
         * compiler and parser do on a chain too long for them, with their
         * RecursionError or MemoryError (exit status 1, as CPython's) */
        ev_type *t = ev_is(I->exc, EV_O_EXC) ? ((ev_exc *)I->exc.u.o)->type : NULL;
        res->status = I->limit ? EV_LIMIT
                      : t == &ev_type_RecursionError || t == &ev_type_MemoryError ? EV_EXCEPTION
                                                                                   : EV_SYNTAX;
    } else if (!I->interactive && set_file(I, a->filename)) {
        res->status = I->limit ? EV_LIMIT : EV_EXCEPTION;
    } else {
        res->status = ev_exec_program(I, p) == 0 ? EV_OK : (I->limit ? EV_LIMIT : EV_EXCEPTION);
    }
    if (res->status == EV_EXCEPTION && clean_exit(I)) {
        /* raise SystemExit / SystemExit(0) / SystemExit(None): the program
         * ends normally and silently, as under CPython */
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        res->status = EV_OK;
    }
    if (!I->interactive && p) {
        /* CPython collects once at exit before the module's names go: a
         * generator suspended in a garbage cycle is closed then (its
         * finally blocks run and print).  Only that is visible here, so
         * the collection runs only while some generator is suspended. */
        if ((I->live_gens > 0 || any_finalizer(I)) && !I->limit) {
            ev_gc_collect(I);
            if (ev_fin_drain(I)) {
                /* a limit: reported below */
            }
        }
        clear_module(I);
    } else if (!I->limit) {
        /* A notebook session lives for many calls: the cycles a call made
         * go at its end.  A collection walks every live container, so a
         * session holding very many only collects once a call has made a
         * fair share of new ones: x = 1 stays fast beside a million objects. */
        uint64_t made = I->gc_allocs - allocs_before;
        if (made > 0 && (I->gc_live < 50000 || made * 8 >= I->gc_live))
            ev_gc_collect(I);
        if (ev_fin_drain(I)) {
            /* a limit: reported below */
        }
    }
    /* a limit no status carried (hit by the finally blocks of generators
     * closed with the module, or a failed allocation a helper reported only
     * through the limit it set): the run did not complete */
    if (I->limit)
        res->status = EV_LIMIT;
    if (res->status == EV_OK && I->interactive && I->last_value.tag != EV_T_NONE) {
        ev_value r = ev_repr(I, I->last_value);
        if (EV_IS_ERR(r)) {
            res->status = I->limit ? EV_LIMIT : EV_EXCEPTION;
        } else {
            res->result = strdup(ev_as_str(r)->data);
            ev_decref(I, r);
        }
    }
    if (res->status == EV_LIMIT) {
        res->limit = I->limit;
        res->error = render_limit(s, I->limit);
        res->error_type = strdup("LimitExceeded");
    } else if ((res->status == EV_EXCEPTION || res->status == EV_SYNTAX) && ev_is(I->exc, EV_O_EXC)) {
        ev_exc *e = (ev_exc *)I->exc.u.o;
        res->error_type = strdup(e->type->name);
        res->error = render_exception(I, I->exc, a->src, a->len, a->filename, res);
        if (e->type == &ev_type_SyntaxError && e->ntb == 0)
            res->status = EV_SYNTAX;
    }
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    ev_decref(I, I->last_value);
    I->last_value = EV_NONE;
    /* what that dropped (the frames an uncaught exception kept, the
     * interactive result) is finalized now, after the traceback */
    if (!I->limit && ev_fin_drain(I) && res->status != EV_LIMIT) {
        res->status = EV_LIMIT;
        res->limit = I->limit;
        free(res->error);
        free(res->error_type);
        res->error = render_limit(s, I->limit);
        res->error_len = 0;
        res->error_type = strdup("LimitExceeded");
    }
    /* what a limit left queued is freed without its finalizer */
    ev_fin_discard(I);
    if (I->fin_err) {
        /* what failing finalizers reported (CPython prints it to stderr as
         * it happens), before the run's own error */
        size_t el = res->error ? (res->error_len ? res->error_len : strlen(res->error)) : 0;
        char *m = malloc(I->fin_err_len + el + 1);
        if (m) {
            memcpy(m, I->fin_err, I->fin_err_len);
            if (el)
                memcpy(m + I->fin_err_len, res->error, el);
            m[I->fin_err_len + el] = '\0';
            if (res->error_len)
                res->error_len += I->fin_err_len;
            free(res->error);
            res->error = m;
        }
        free(I->fin_err);
        I->fin_err = NULL;
        I->fin_err_len = 0;
    }
    /* the run's own reference: what the call defined and kept holds the rest */
    ev_program_release(I, p);
    ev_current = NULL;
    return NULL;
}

ev_status ev_session_run(ev_session *s, const char *src, size_t len, const TSTree *tree,
                         const char *filename, ev_mode mode, ev_write_fn out, void *out_ctx,
                         ev_result *res)
{
    memset(res, 0, sizeof *res);
    if (!s || !tree) {
        res->status = EV_INTERNAL;
        res->error = strdup("safepy: internal error: no session or no syntax tree\n");
        return res->status;
    }
    ev_interp *I = &s->I;
    I->limit = NULL;
    atomic_store(&I->interrupt, false);
    I->out = out;
    I->out_ctx = out_ctx;
    I->out_used = 0;
    I->out_max = s->limits.max_output;
    I->out_truncated = false;
    I->interactive = mode == EV_MODE_INTERACTIVE;
    I->tick = TICKS_PER_CHECK;
    I->syntax_line = I->syntax_col = 0;
    ev_mem_injection_setup(I); /* runs only: counted from the start of each */
    clock_gettime(CLOCK_MONOTONIC, &I->deadline);
    double whole;
    double frac = modf(s->limits.timeout_s, &whole);
    I->deadline.tv_sec += (time_t)whole;
    I->deadline.tv_nsec += (long)(frac * 1e9);
    if (I->deadline.tv_nsec >= 1000000000L) {
        I->deadline.tv_sec++;
        I->deadline.tv_nsec -= 1000000000L;
    }

    run_args a = {s, src, len, tree, filename, res};
    size_t own_stack;
    thread_stack(&own_stack);
    pthread_attr_t attr;
    pthread_t th;
    if (own_stack >= RUN_STACK_BYTES) {
        run_thread(&a);
    } else if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, RUN_STACK_BYTES) != 0 ||
        pthread_create(&th, &attr, run_thread, &a) != 0) {
        res->status = EV_INTERNAL;
        res->error = strdup("safepy: internal error: cannot start the evaluator thread\n");
        return res->status;
    } else {
        pthread_attr_destroy(&attr);
        pthread_join(th, NULL);
    }
    ev_mem_injection_report(I);
    res->output_truncated = I->out_truncated;
    if (I->limit && strcmp(I->limit, "memory") == 0) {
        /* leave the session usable: the values that blew the limit are gone */
    }
    I->limit = NULL;
    return res->status;
}

void ev_result_clear(ev_result *res)
{
    free(res->result);
    free(res->error);
    free(res->error_type);
    memset(res, 0, sizeof *res);
}
