/*
 * suggest.c - "Did you mean" for NameError and AttributeError, as CPython
 * 3.11 prints them under an uncaught exception: the closest name by its
 * Levenshtein distance (moves cost 2, a case flip 1), among the function's
 * local names, then the module's globals, then the builtins (NameError), or
 * dir() of the object (AttributeError).  Models fix a typo in one round when
 * the traceback names the intended spelling.
 *
 * The raising sites record what the suggestion needs in the exception
 * (ev_exc_note_*); the search runs only when the exception is printed.
 */
#include <stdint.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/node.h"

#define MAX_CANDIDATE_ITEMS 750
#define MAX_STRING_SIZE 40
#define MOVE_COST 2
#define CASE_COST 1

static size_t substitution_cost(char a, char b)
{
    if ((a & 31) != (b & 31))
        return MOVE_COST;
    if (a == b)
        return 0;
    if (a >= 'A' && a <= 'Z')
        a += 'a' - 'A';
    if (b >= 'A' && b <= 'Z')
        b += 'a' - 'A';
    return a == b ? CASE_COST : MOVE_COST;
}

/* The distance between a and b (UTF-8 bytes), or max_cost + 1 once it is
 * known to exceed max_cost: one row of the matrix, updated in place. */
static size_t levenshtein(const char *a, size_t na, const char *b, size_t nb, size_t max_cost)
{
    size_t row[MAX_STRING_SIZE];
    if (a == b)
        return 0;
    while (na && nb && a[0] == b[0])
        a++, b++, na--, nb--;
    while (na && nb && a[na - 1] == b[nb - 1])
        na--, nb--;
    if (na == 0 || nb == 0)
        return (na + nb) * MOVE_COST;
    if (na > MAX_STRING_SIZE || nb > MAX_STRING_SIZE)
        return max_cost + 1;
    if (nb < na) {
        const char *t = a;
        a = b;
        b = t;
        size_t n = na;
        na = nb;
        nb = n;
    }
    if ((nb - na) * MOVE_COST > max_cost)
        return max_cost + 1;
    for (size_t i = 0; i < na; i++)
        row[i] = (i + 1) * MOVE_COST;
    size_t result = 0;
    for (size_t bi = 0; bi < nb; bi++) {
        size_t distance = result = bi * MOVE_COST, minimum = SIZE_MAX;
        for (size_t i = 0; i < na; i++) {
            size_t substitute = distance + substitution_cost(b[bi], a[i]);
            distance = row[i];
            size_t insert_delete = (result < distance ? result : distance) + MOVE_COST;
            result = insert_delete < substitute ? insert_delete : substitute;
            row[i] = result;
            if (result < minimum)
                minimum = result;
        }
        if (minimum > max_cost)
            return max_cost + 1;
    }
    return result;
}

/* The best of n candidates for name, NULL if none is close enough. */
static const ev_str *best_of(ev_str *const *cand, size_t n, const ev_str *name)
{
    if (n >= MAX_CANDIDATE_ITEMS)
        return NULL;
    const ev_str *best = NULL;
    size_t best_dist = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        const ev_str *c = cand[i];
        if (!c || (c->len == name->len && memcmp(c->data, name->data, c->len) == 0))
            continue;
        /* no more than a third of the characters may change */
        size_t max_dist = (name->len + c->len + 3) * MOVE_COST / 6;
        if (best_dist - 1 < max_dist)
            max_dist = best_dist - 1;
        size_t d = levenshtein(name->data, name->len, c->data, c->len, max_dist);
        if (d > max_dist)
            continue;
        if (!best || d < best_dist) {
            best = c;
            best_dist = d;
        }
    }
    return best;
}

/* The str keys of a dict, in order, into a fresh array (borrowed strings). */
static ev_str **dict_names(ev_interp *I, ev_dict *d, size_t *n)
{
    *n = 0;
    if (!d || d->used >= MAX_CANDIDATE_ITEMS)
        return NULL;
    ev_str **out = ev_alloc(I, sizeof *out * (d->used + 1));
    if (!out)
        return NULL;
    for (size_t i = 0; i < d->nentries; i++)
        if (ev_is(d->entries[i].key, EV_O_STR))
            out[(*n)++] = ev_as_str(d->entries[i].key);
    return out;
}

static bool is_exc(ev_interp *I, ev_type *t)
{
    ev_exc *e = ev_is(I->exc, EV_O_EXC) ? (ev_exc *)I->exc.u.o : NULL;
    return e && !I->limit && e->sname.tag == EV_T_NONE && ev_type_is_subclass(e->type, t);
}

void ev_exc_note_attribute(ev_interp *I, ev_value obj, ev_str *name)
{
    if (!is_exc(I, &ev_type_AttributeError))
        return;
    ev_exc *e = (ev_exc *)I->exc.u.o;
    e->sname = ev_dup(ev_obj_val(&name->h));
    e->sobj = ev_dup(obj);
}

void ev_exc_note_name(ev_interp *I, ev_str *name, const struct ev_funcdef *def)
{
    if (!is_exc(I, &ev_type_NameError))
        return;
    ev_exc *e = (ev_exc *)I->exc.u.o;
    e->sname = ev_dup(ev_obj_val(&name->h));
    if (def)
        ev_program_retain(def->prog);
    if (e->sdef)
        ev_program_release(I, e->sdef->prog);
    e->sdef = def;
}

/* CPython builtins safepy refuses or lacks: CPython's suggestion for a
 * misspelt name can be one of them ("Did you mean: 'eval'?") */
static const char *const absent_builtins[] = {
    "aiter", "anext", "breakpoint", "compile", "copyright",
    "credits", "eval", "exec", "exit", "globals", "input", "license", "locals", "memoryview",
    "open", "quit", NULL,
};

/* the builtins' names, then the absent ones (NULL on allocation failure) */
static ev_str **builtin_names(ev_interp *I, size_t *n)
{
    size_t nb, extra = 0;
    while (absent_builtins[extra])
        extra++;
    ev_str **names = dict_names(I, I->builtins, &nb);
    ev_str **all = names ? ev_alloc(I, sizeof *all * (nb + extra + 1)) : NULL;
    if (all) {
        memcpy(all, names, sizeof *all * nb);
        *n = nb;
        for (size_t i = 0; i < extra; i++) {
            ev_str *s = ev_intern(I, absent_builtins[i], strlen(absent_builtins[i]));
            if (s)
                all[(*n)++] = s;
        }
    }
    ev_dealloc(I, names);
    return all;
}

int ev_exc_suggestion(ev_interp *I, ev_exc *e, ev_buf *b)
{
    if (!ev_is(e->sname, EV_O_STR))
        return 0;
    const ev_str *name = ev_as_str(e->sname), *best = NULL;
    if (ev_type_is_subclass(e->type, &ev_type_NameError)) {
        /* a class body's names are not fast locals: CPython's co_varnames
         * of its code is empty, so only the globals and builtins count */
        if (e->sdef && !e->sdef->classbody)
            best = best_of(e->sdef->slotnames, e->sdef->nslots, name);
        for (int k = 0; k < 2 && !best; k++) {
            size_t n;
            ev_str **names = k == 0 ? dict_names(I, I->globals, &n) : builtin_names(I, &n);
            if (names) {
                best = best_of(names, n, name);
                ev_dealloc(I, names);
            }
        }
    } else if (ev_type_is_subclass(e->type, &ev_type_AttributeError)) {
        ev_value saved = I->exc;
        I->exc = EV_NONE;
        ev_value dir = ev_builtin_apply(I, "dir", 1, &e->sobj);
        if (EV_IS_ERR(dir)) {
            ev_decref(I, I->exc); /* dir() failing leaves no suggestion, as in CPython */
        } else {
            ev_list *l = ev_as_list(dir);
            ev_str **names = ev_alloc(I, sizeof *names * (l->len + 1));
            if (names) {
                size_t n = 0;
                for (size_t i = 0; i < l->len; i++)
                    if (ev_is(l->items[i], EV_O_STR))
                        names[n++] = ev_as_str(l->items[i]);
                best = best_of(names, n, name);
                ev_dealloc(I, names);
            }
            if (best) {
                int r = ev_buf_printf(I, b, ". Did you mean: '%s'?", best->data);
                ev_decref(I, dir);
                I->exc = saved;
                return r;
            }
            ev_decref(I, dir);
        }
        I->exc = saved;
        return 0;
    }
    return best ? ev_buf_printf(I, b, ". Did you mean: '%s'?", best->data) : 0;
}
