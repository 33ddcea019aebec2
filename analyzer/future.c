/* future.c - `from __future__ import ...`: the checks of CPython 3.11's
 * Python/future.c and of its compiler's compiler_from_import.
 *
 * future.c reads the module's first statements (after one docstring): each
 * `from __future__ import` among them must name a feature CPython knows
 * ("future feature X is not defined"; `braces` is "not a chance"), and one
 * after another statement on a later line is "from __future__ imports must
 * occur at the beginning of the file".  These errors come before the symbol
 * table's.  The compiler then refuses, with the same message, any future
 * import on a line after the last accepted one (inside a function, after
 * the code): a compiler error, in source order with the others. */
#include <stdio.h>
#include <string.h>

#include "analyzer/an_int.h"

static const char *const FEATURES[] = {
    "nested_scopes", "generators", "division", "absolute_import", "with_statement", "print_function",
    "unicode_literals", "barry_as_FLUFL", "generator_stop", "annotations", NULL,
};

static const char HINT_FUTURE[] =
    "the features safepy accepts are CPython 3.11's: annotations (annotations are kept as text), and "
    "nested_scopes, generators, division, absolute_import, with_statement, print_function, "
    "unicode_literals, barry_as_FLUFL, generator_stop, which change nothing in Python 3";
static const char HINT_PLACE[] =
    "move the `from __future__ import` line to the top of the file: only the module docstring and other "
    "__future__ imports may come before it";

static bool is_docstring(const an_parse *p, const an_flat *fl, uint32_t s)
{
    if (fl->v[s].sym != an_symbol("expression_statement", 20, true) || an_flat_named_child_count(fl, s) != 1)
        return false;
    uint32_t e = an_flat_named_child(fl, s, 0);
    TSSymbol str = an_symbol("string", 6, true), cat = an_symbol("concatenated_string", 19, true);
    if (fl->v[e].sym == cat)
        e = an_flat_named_child(fl, e, 0);
    if (e == AN_NONE || fl->v[e].sym != str)
        return false;
    /* a str constant: no b or f prefix */
    for (uint32_t i = fl->v[e].start; i < fl->v[e].end; i++) {
        char c = p->src[i];
        if (c == '"' || c == '\'')
            return true;
        if (c == 'b' || c == 'B' || c == 'f' || c == 'F')
            return false;
    }
    return false;
}

static uint32_t line_of(const an_parse *p, uint32_t byte)
{
    uint32_t line, col;
    an_pos(p, byte, &line, &col);
    return line;
}

static void set(an_diagnosis *d, const char *msg, const char *hint, uint32_t at, uint32_t end)
{
    d->found = true;
    snprintf(d->msg, sizeof d->msg, "%s", msg);
    d->hint = hint;
    d->at = at;
    d->at_end = end > at ? end : at + 1;
    d->reach = d->at_end;
}

/* Checks the names of one accepted future import; false with *early set
 * at the first unknown one. */
static bool check_features(const an_parse *p, const an_flat *fl, uint32_t s, an_diagnosis *early)
{
    TSSymbol aliased = an_symbol("aliased_import", 14, true);
    TSFieldId fname = an_field("name", 4);
    for (uint32_t c = s + 1; c < fl->v[s].next; c = fl->v[c].next) {
        if (!fl->v[c].named || fl->v[c].field != fname)
            continue;
        uint32_t f = fl->v[c].sym == aliased ? an_flat_child_by_field(fl, c, fname) : c;
        if (f == AN_NONE)
            continue;
        const char *t = p->src + fl->v[f].start;
        size_t len = fl->v[f].end - fl->v[f].start;
        bool known = false;
        for (size_t k = 0; FEATURES[k] && !known; k++)
            known = strlen(FEATURES[k]) == len && memcmp(FEATURES[k], t, len) == 0;
        if (known)
            continue;
        char msg[160];
        if (len == 6 && memcmp(t, "braces", 6) == 0)
            snprintf(msg, sizeof msg, "not a chance");
        else
            snprintf(msg, sizeof msg, "future feature %.*s is not defined", (int)(len > 100 ? 100 : len), t);
        set(early, msg, HINT_FUTURE, fl->v[s].start, fl->v[s].start + 1);
        return false;
    }
    return true;
}

an_status an_future_check(const an_parse *p, an_diagnosis *early, an_diagnosis *late)
{
    memset(early, 0, sizeof *early);
    memset(late, 0, sizeof *late);
    if (p->nflat == 0 || !p->src || !memmem(p->src, p->len, "__future__", 10))
        return AN_OK;
    TSSymbol fut = an_symbol("future_import_statement", 23, true), comment = an_symbol("comment", 7, true);
    uint32_t ff_line = 0, prev_line = 0;
    bool done = false, first = true, stop = false;
    for (size_t r = 0; r < p->nflat && !stop; r++) {
        const an_flat *fl = &p->flat[r];
        if (fl->n == 0)
            continue;
        for (uint32_t s = 1; s < fl->v[0].next && !stop; s = fl->v[s].next) {
            if (!fl->v[s].named || fl->v[s].sym == comment)
                continue;
            if (first && is_docstring(p, fl, s)) {
                first = false;
                continue;
            }
            first = false;
            uint32_t line = line_of(p, fl->v[s].start);
            if (done && line > prev_line) {
                stop = true;
                break;
            }
            prev_line = line;
            if (fl->v[s].sym != fut) {
                done = true;
                continue;
            }
            if (done) {
                /* on the line of the statement before it: future.c's
                 * error, whose column is the statement's 0-based one read
                 * as 1-based (one to the left) */
                uint32_t at = fl->v[s].start > 0 ? fl->v[s].start - 1 : 0;
                set(early, "from __future__ imports must occur at the beginning of the file", HINT_PLACE, at,
                    at + 1);
                return AN_OK;
            }
            if (!check_features(p, fl, s, early))
                return AN_OK;
            ff_line = line;
        }
    }
    /* the compiler: the first future import on a later line, at any depth */
    for (size_t r = 0; r < p->nflat; r++) {
        const an_flat *fl = &p->flat[r];
        for (uint32_t n = 0; n < fl->n; n++) {
            if (fl->v[n].sym != fut || line_of(p, fl->v[n].start) <= ff_line)
                continue;
            set(late, "from __future__ imports must occur at the beginning of the file", HINT_PLACE,
                fl->v[n].start, fl->v[n].end);
            return AN_OK;
        }
    }
    return AN_OK;
}
