/*
 * traceback.c - rendering an uncaught exception as CPython 3.11 prints it
 * (Python/traceback.c's print_exception and tb_displayline, with
 * Lib/traceback.py's chaining, exception groups and caret lines): the
 * "Traceback (most recent call last):" block, each entry's source line and
 * carets, "During handling of the above exception..." links, the group
 * boxes, and the last line.  The traceback object itself (e.__traceback__)
 * is objects/traceback.c's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/node.h"

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

char *ev_render_traceback(ev_interp *I, ev_value excv, const char *src, size_t len, const char *filename,
                          ev_result *res)
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
    return ev_render_traceback(I, exc, NULL, 0, "<unknown>", NULL);
}
