/*
 * lower_match.c - the match statement: lowers case clauses and their
 * patterns into the N_MATCH/N_CASE/N_P* nodes interp_match.c runs, and
 * reports the SyntaxErrors CPython's parser and compiler give for patterns
 * (tree-sitter-python accepts some invalid ones).
 *
 * Each case numbers the names its pattern captures; captured values are
 * kept aside while matching and stored to the names only once the whole
 * pattern matched (as CPython does), so the N_CASE node holds one target
 * per capture number.  The alternatives of an or-pattern must bind the same
 * names, and a name captured by each alternative gets the same number.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/lower_int.h"

/* Capture bookkeeping of one case clause. */
typedef struct mctx {
    ev_str **names;     /* capture number -> name */
    TSNode *where;      /* where each name is first captured */
    uint8_t *bound;     /* bound on the pattern path being lowered */
    uint32_t n, cap, capw, capb;
} mctx;

static ev_node *lower_pattern(lower *L, mctx *m, TSNode t, bool irrefutable_ok);

static bool is_type(TSNode t, const char *ty)
{
    return !ts_node_is_null(t) && strcmp(ts_node_type(t), ty) == 0;
}

static bool text_is(lower *L, TSNode t, const char *s)
{
    uint32_t a = ts_node_start_byte(t), b = ts_node_end_byte(t);
    return b - a == strlen(s) && memcmp(L->src + a, s, b - a) == 0;
}

static int capture_index(lower *L, mctx *m, TSNode id)
{
    ev_str *name = lw_intern_node(L, id);
    if (!name)
        return -1;
    for (uint32_t i = 0; i < m->n; i++) {
        if (m->names[i] != name)
            continue;
        if (m->bound[i]) {
            lw_fail_at(L, id, "multiple assignments to name '%s' in pattern", name->data);
            return -1;
        }
        m->bound[i] = 1;
        return (int)i;
    }
    if (lw_grow(L, (void **)&m->names, &m->cap, m->n + 1, sizeof *m->names) ||
        lw_grow(L, (void **)&m->where, &m->capw, m->n + 1, sizeof *m->where) ||
        lw_grow(L, (void **)&m->bound, &m->capb, m->n + 1, sizeof *m->bound))
        return -1;
    m->names[m->n] = name;
    m->where[m->n] = id;
    m->bound[m->n] = 1;
    return (int)m->n++;
}

/* A capture (id an identifier) or the wildcard (id NULL or `_`). */
static ev_node *lower_capture(lower *L, mctx *m, TSNode at, TSNode id, bool irrefutable_ok)
{
    bool wild = ts_node_is_null(id) || text_is(L, id, "_");
    if (!irrefutable_ok) {
        if (wild)
            return lw_fail_at(L, at, "wildcard makes remaining patterns unreachable");
        ev_str *name = lw_intern_node(L, id);
        return name ? lw_fail_at(L, id, "name capture '%s' makes remaining patterns unreachable",
                                 name->data)
                    : NULL;
    }
    ev_node *n = lw_node_new(L, N_PCAPTURE, at);
    if (!n)
        return NULL;
    n->slot = wild ? -1 : capture_index(L, m, id);
    return L->failed ? NULL : n;
}

/* a.b.c as an expression */
static ev_node *lower_dotted(lower *L, TSNode t)
{
    uint32_t nc = ts_node_named_child_count(t);
    ev_node *e = lw_lower_name(L, ts_node_named_child(t, 0));
    for (uint32_t i = 1; i < nc && e; i++) {
        TSNode id = ts_node_named_child(t, i);
        ev_node *a = lw_node_new(L, N_ATTR, id);
        if (!a)
            return NULL;
        a->line = e->line;
        a->col = e->col;
        a->a = e;
        a->name = lw_intern_node(L, id);
        e = a;
    }
    return L->failed ? NULL : e;
}

/* A literal or value: the tokens [*i, ...) of parent make one, advancing *i.
 * Returns the expression and whether it compares by identity. */
static ev_node *lower_value_expr(lower *L, TSNode parent, uint32_t *i, bool *identity)
{
    TSNode t = ts_node_child(parent, *i);
    *identity = false;
    if (is_type(t, "-")) {
        TSNode num = ts_node_child(parent, *i + 1);
        if (!is_type(num, "integer") && !is_type(num, "float"))
            return lw_fail_at(L, t, "invalid syntax");
        *i += 2;
        /* folded, as CPython does: -1 is a constant key */
        ev_node *n = lw_lower_expr(L, num);
        if (!n || n->kind != N_CONST)
            return L->failed ? NULL : lw_fail_at(L, num, "invalid syntax");
        return lw_lower_const(L, t, ev_negate(L->I, n->cval));
    }
    (*i)++;
    if (is_type(t, "integer") || is_type(t, "float"))
        return lw_lower_expr(L, t);
    if (is_type(t, "complex_pattern")) {
        uint32_t k = ts_node_named_child_count(t);
        TSNode re = ts_node_named_child(t, 0), im = ts_node_named_child(t, k - 1);
        char last = L->src[ts_node_end_byte(im) - 1], rlast = L->src[ts_node_end_byte(re) - 1];
        if (k != 2 || (last != 'j' && last != 'J'))
            return lw_fail_at(L, im, "imaginary number required in complex literal");
        if (rlast == 'j' || rlast == 'J')
            return lw_fail_at(L, re, "real number required in complex literal");
        /* folded as CPython does: [-]real +/- imag is one constant */
        bool neg = false, minus = false;
        for (uint32_t c = 0; c < ts_node_child_count(t); c++) {
            TSNode ch = ts_node_child(t, c);
            if (is_type(ch, "-")) {
                if (ts_node_start_byte(ch) < ts_node_start_byte(re))
                    neg = true;
                else
                    minus = true;
            }
        }
        ev_node *rn = lw_lower_expr(L, re), *in = rn ? lw_lower_expr(L, im) : NULL;
        if (!in || rn->kind != N_CONST || in->kind != N_CONST)
            return L->failed ? NULL : lw_fail_at(L, t, "invalid syntax");
        ev_value rv = neg ? ev_negate(L->I, rn->cval) : ev_dup(rn->cval);
        ev_value v = EV_IS_ERR(rv) ? EV_ERR : ev_binary(L->I, minus ? EV_OP_SUB : EV_OP_ADD, rv, in->cval);
        if (!EV_IS_ERR(rv))
            ev_decref(L->I, rv);
        return lw_lower_const(L, t, v);
    }
    if (is_type(t, "string") || is_type(t, "concatenated_string")) {
        ev_node *n = lw_lower_expr(L, t);
        if (n && n->kind != N_CONST)
            return lw_fail_at(L, t, "patterns may only match literals and attribute lookups");
        return n;
    }
    if (is_type(t, "none") || is_type(t, "true") || is_type(t, "false")) {
        *identity = true;
        return lw_lower_const(L, t, is_type(t, "none") ? EV_NONE : ev_bool(is_type(t, "true")));
    }
    if (is_type(t, "dotted_name") && ts_node_named_child_count(t) > 1)
        return lower_dotted(L, t);
    return lw_fail_at(L, t, "invalid syntax");
}

/* Whether child i of parent starts a literal or value pattern. */
static bool starts_value(lower *L, TSNode parent, uint32_t i)
{
    TSNode t = ts_node_child(parent, i);
    static const char *const kinds[] = {"-", "integer", "float", "complex_pattern", "string",
                                        "concatenated_string", "none", "true", "false"};
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
        if (is_type(t, kinds[k]))
            return true;
    return is_type(t, "dotted_name") && ts_node_named_child_count(t) > 1;
}

/* The pattern made by the tokens of parent starting at child *i. */
static ev_node *lower_pattern_at(lower *L, mctx *m, TSNode parent, uint32_t *i, bool irrefutable_ok)
{
    TSNode t = ts_node_child(parent, *i);
    if (ts_node_is_null(t))
        return lw_fail_at(L, parent, "invalid syntax");
    if (starts_value(L, parent, *i)) {
        ev_node *n = lw_node_new(L, N_PVALUE, t);
        bool identity;
        if (!n)
            return NULL;
        n->a = lower_value_expr(L, parent, i, &identity);
        n->op = identity;
        return L->failed ? NULL : n;
    }
    (*i)++;
    if (is_type(t, "_"))
        return lower_capture(L, m, t, (TSNode){0}, irrefutable_ok);
    if (is_type(t, "dotted_name") || is_type(t, "identifier"))
        return lower_capture(L, m, t, is_type(t, "identifier") ? t : ts_node_named_child(t, 0),
                             irrefutable_ok);
    return lower_pattern(L, m, t, irrefutable_ok);
}

/* The items of a list/tuple/case_clause sequence: case_pattern children. */
static ev_node *lower_sequence(lower *L, mctx *m, TSNode t, TSNode *items, uint32_t n)
{
    ev_node *s = lw_node_new(L, N_PSEQ, t);
    if (!s || !(s->list = lw_list_new(L, n)))
        return NULL;
    s->slot = -1;
    s->n = n;
    for (uint32_t k = 0; k < n && !L->failed; k++) {
        TSNode c = items[k];
        TSNode star = ts_node_named_child(c, 0);
        if (is_type(star, "splat_pattern")) {
            if (s->slot >= 0)
                return lw_fail_at(L, t, "multiple starred names in sequence pattern");
            if (!text_is(L, ts_node_child(star, 0), "*"))
                return lw_fail_at(L, star, "invalid syntax");
            s->slot = (int32_t)k;
            s->list[k] = lower_capture(L, m, star, ts_node_named_child(star, 0), true);
            continue;
        }
        s->list[k] = lower_pattern(L, m, c, true);
    }
    return L->failed ? NULL : s;
}

/* The case_pattern children of t (and whether a comma separates them). */
static uint32_t pattern_children(lower *L, TSNode t, TSNode **out, bool *comma)
{
    uint32_t nc = ts_node_child_count(t), n = 0;
    *comma = false;
    TSNode *items = lw_arena_alloc(L, sizeof(TSNode) * (nc ? nc : 1));
    if (!items)
        return 0;
    for (uint32_t k = 0; k < nc; k++) {
        TSNode c = ts_node_child(t, k);
        if (is_type(c, ","))
            *comma = true;
        else if (is_type(c, "case_pattern"))
            items[n++] = c;
        else if (ts_node_is_named(c) && !is_type(c, "comment") && !is_type(c, "block") &&
                 !is_type(c, "if_clause"))
            lw_fail_at(L, c, "invalid syntax");
    }
    *out = items;
    return n;
}

static ev_node *lower_mapping(lower *L, mctx *m, TSNode t)
{
    uint32_t nc = ts_node_child_count(t), n = 0;
    ev_node *map = lw_node_new(L, N_PMAP, t);
    if (!map || !(map->list = lw_list_new(L, nc)))
        return NULL;
    uint32_t i = 1; /* after '{' */
    while (i < nc && !L->failed) {
        TSNode c = ts_node_child(t, i);
        if (is_type(c, "}"))
            break;
        if (is_type(c, ",") || is_type(c, "comment")) {
            i++;
            continue;
        }
        if (map->c)
            return lw_fail_at(L, c, "invalid syntax"); /* anything after **rest */
        if (is_type(c, "splat_pattern")) {
            TSNode id = ts_node_named_child(c, 0);
            if (!text_is(L, ts_node_child(c, 0), "**") || ts_node_is_null(id) || text_is(L, id, "_"))
                return lw_fail_at(L, c, "invalid syntax");
            map->c = lower_capture(L, m, c, id, true);
            i++;
            continue;
        }
        if (!starts_value(L, t, i))
            return lw_fail_at(L, c, is_type(c, "dotted_name") || is_type(c, "_")
                                        ? "invalid syntax"
                                        : "mapping pattern keys may only match literals and attribute lookups");
        ev_node *item = lw_node_new(L, N_PVALUE, c);
        bool identity;
        if (!item)
            return NULL;
        item->a = lower_value_expr(L, t, &i, &identity);
        if (L->failed)
            return NULL;
        if (!is_type(ts_node_child(t, i), ":"))
            return lw_fail_at(L, ts_node_child(t, i), "invalid syntax");
        i++;
        /* a literal key repeated: CPython's compiler refuses it */
        for (uint32_t k = 0; k < n && item->a->kind == N_CONST; k++) {
            ev_node *o = map->list[k]->a;
            if (o->kind != N_CONST)
                continue;
            int eq = ev_eq(L->I, o->cval, item->a->cval);
            if (eq < 0) {
                L->failed = true;
                return NULL;
            }
            if (eq) {
                ev_value r = ev_repr(L->I, item->a->cval);
                if (EV_IS_ERR(r)) {
                    L->failed = true;
                    return NULL;
                }
                lw_fail_at(L, t, "mapping pattern checks duplicate key (%s)", ev_as_str(r)->data);
                ev_decref(L->I, r);
                return NULL;
            }
        }
        TSNode v = ts_node_child(t, i++);
        if (!is_type(v, "case_pattern"))
            return lw_fail_at(L, v, "invalid syntax");
        item->b = lower_pattern(L, m, v, true);
        map->list[n++] = item;
    }
    map->n = n;
    return L->failed ? NULL : map;
}

static ev_node *lower_class(lower *L, mctx *m, TSNode t)
{
    uint32_t nc = ts_node_child_count(t), n = 0;
    ev_node *cp = lw_node_new(L, N_PCLASS, t);
    if (!cp || !(cp->list = lw_list_new(L, nc)) || !(cp->names = lw_arena_alloc(L, sizeof(ev_str *) * (nc + 1))))
        return NULL;
    TSNode cls = ts_node_child(t, 0);
    if (!is_type(cls, "dotted_name"))
        return lw_fail_at(L, cls, "invalid syntax");
    cp->a = lower_dotted(L, cls);
    bool kw = false;
    for (uint32_t i = 1; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (!is_type(c, "case_pattern")) {
            if (ts_node_is_named(c) && !is_type(c, "comment"))
                return lw_fail_at(L, c, "invalid syntax");
            continue;
        }
        TSNode k = ts_node_named_child(c, 0);
        if (!is_type(k, "keyword_pattern")) {
            if (kw)
                return lw_fail_at(L, c, "positional patterns follow keyword patterns");
            cp->list[n++] = lower_pattern(L, m, c, true);
            cp->nargs = n;
            continue;
        }
        kw = true;
        TSNode id = ts_node_child(k, 0);
        ev_str *name = lw_intern_node(L, id);
        if (!name || !is_type(id, "identifier") || !is_type(ts_node_child(k, 1), "="))
            return lw_fail_at(L, k, "invalid syntax");
        for (uint32_t j = cp->nargs; j < n; j++)
            if (cp->names[j - cp->nargs] == name)
                return lw_fail_at(L, id, "attribute name repeated in class pattern: %s", name->data);
        cp->names[n - cp->nargs] = name;
        uint32_t at = 2;
        cp->list[n++] = lower_pattern_at(L, m, k, &at, true);
        if (!L->failed && at != ts_node_child_count(k))
            return lw_fail_at(L, ts_node_child(k, at), "invalid syntax");
    }
    cp->n = n;
    return L->failed ? NULL : cp;
}

static ev_node *lower_union(lower *L, mctx *m, TSNode t, bool irrefutable_ok)
{
    uint32_t nc = ts_node_child_count(t), n = 0;
    ev_node *orp = lw_node_new(L, N_POR, t);
    uint8_t *before = lw_arena_alloc(L, m->n + 1);
    if (!orp || !before || !(orp->list = lw_list_new(L, nc)))
        return NULL;
    uint32_t nbefore = m->n;
    if (nbefore)
        memcpy(before, m->bound, nbefore);
    uint8_t *first = NULL;
    uint32_t nfirst = 0;
    uint32_t i = 0;
    while (i < nc && !L->failed) {
        TSNode c = ts_node_child(t, i);
        if (is_type(c, "|") || is_type(c, "comment")) {
            i++;
            continue;
        }
        /* names captured by an earlier alternative start unbound again */
        if (nbefore)
            memcpy(m->bound, before, nbefore);
        if (m->n > nbefore)
            memset(m->bound + nbefore, 0, m->n - nbefore);
        /* every alternative but the last must be refutable */
        uint32_t j = i + (is_type(c, "-") ? 2 : 1);
        while (j < nc && is_type(ts_node_child(t, j), "comment"))
            j++;
        bool last = j >= nc;
        orp->list[n++] = lower_pattern_at(L, m, t, &i, last && irrefutable_ok);
        if (L->failed)
            return NULL;
        if (!first) {
            nfirst = m->n;
            if (!(first = lw_arena_alloc(L, nfirst + 1)))
                return NULL;
            if (nfirst)
                memcpy(first, m->bound, nfirst);
        } else {
            bool same = true;
            for (uint32_t k = 0; k < m->n; k++)
                same = same && (k < nfirst ? first[k] : 0) == m->bound[k];
            if (!same)
                return lw_fail_at(L, c, "alternative patterns bind different names");
        }
    }
    orp->n = n;
    return orp;
}

/* A pattern node: case_pattern or one of the compound pattern kinds. */
static ev_node *lower_pattern(lower *L, mctx *m, TSNode t, bool irrefutable_ok)
{
    if (L->failed)
        return NULL;
    if (++L->depth > MAX_DEPTH) {
        L->depth--;
        return lw_fail_at(L, t, "too many nested parentheses");
    }
    ev_node *r = NULL;
    if (is_type(t, "case_pattern")) {
        uint32_t i = 0;
        while (i < ts_node_child_count(t) && is_type(ts_node_child(t, i), "comment"))
            i++;
        if (is_type(ts_node_child(t, i), "splat_pattern") || is_type(ts_node_child(t, i), "keyword_pattern"))
            r = lw_fail_at(L, t, "invalid syntax");
        else
            r = lower_pattern_at(L, m, t, &i, irrefutable_ok);
        if (r && i < ts_node_child_count(t) && !is_type(ts_node_child(t, i), "comment"))
            r = lw_fail_at(L, ts_node_child(t, i), "invalid syntax");
    } else if (is_type(t, "as_pattern")) {
        TSNode inner = ts_node_named_child(t, 0);
        TSNode id = ts_node_named_child(t, ts_node_named_child_count(t) - 1);
        if (ts_node_named_child_count(t) != 2 || !is_type(inner, "case_pattern"))
            r = lw_fail_at(L, t, "invalid syntax");
        else if (text_is(L, id, "_"))
            r = lw_fail_at(L, id, "cannot use '_' as a target");
        else if (!is_type(id, "identifier") || text_is(L, id, "True") || text_is(L, id, "False") ||
                 text_is(L, id, "None"))
            r = lw_fail_at(L, id, "invalid pattern target");
        else if ((r = lw_node_new(L, N_PAS, t))) {
            r->a = lower_pattern(L, m, inner, irrefutable_ok);
            r->slot = L->failed ? -1 : capture_index(L, m, id);
        }
    } else if (is_type(t, "union_pattern")) {
        r = lower_union(L, m, t, irrefutable_ok);
    } else if (is_type(t, "list_pattern") || is_type(t, "tuple_pattern")) {
        TSNode *items;
        bool comma;
        uint32_t n = pattern_children(L, t, &items, &comma);
        if (!L->failed) {
            if (is_type(t, "tuple_pattern") && n == 1 && !comma &&
                !is_type(ts_node_named_child(items[0], 0), "splat_pattern"))
                r = lower_pattern(L, m, items[0], irrefutable_ok); /* (p): a group */
            else
                r = lower_sequence(L, m, t, items, n);
        }
    } else if (is_type(t, "dict_pattern")) {
        r = lower_mapping(L, m, t);
    } else if (is_type(t, "class_pattern")) {
        r = lower_class(L, m, t);
    } else {
        r = lw_fail_at(L, t, "invalid syntax");
    }
    L->depth--;
    return L->failed ? NULL : r;
}

static ev_node *lower_case(lower *L, TSNode t, bool last)
{
    ev_node *c = lw_node_new(L, N_CASE, t);
    mctx m = {0};
    if (!c)
        return NULL;
    TSNode guard = ts_node_child_by_field_name(t, "guard", 5);
    TSNode body = ts_node_child_by_field_name(t, "consequence", 11);
    TSNode *items;
    bool comma;
    uint32_t n = pattern_children(L, t, &items, &comma);
    bool irrefutable_ok = last || !ts_node_is_null(guard);
    if (L->failed)
        goto fail;
    if (n == 0) {
        lw_fail_at(L, t, "invalid syntax");
        goto fail;
    }
    /* case a, *b: an open sequence pattern */
    if (n == 1 && !comma && is_type(ts_node_named_child(items[0], 0), "splat_pattern")) {
        lw_fail_at(L, items[0], "invalid syntax");
        goto fail;
    }
    if (n > 1 || comma || is_type(ts_node_named_child(items[0], 0), "splat_pattern"))
        c->a = lower_sequence(L, &m, t, items, n);
    else
        c->a = lower_pattern(L, &m, items[0], irrefutable_ok);
    if (L->failed)
        goto fail;
    if (!(c->list = lw_list_new(L, m.n)))
        goto fail;
    c->n = m.n;
    for (uint32_t i = 0; i < m.n && !L->failed; i++)
        c->list[i] = lw_lower_name(L, m.where[i]);
    if (!ts_node_is_null(guard))
        c->b = lw_lower_expr(L, ts_node_named_child(guard, 0));
    c->c = lw_lower_block(L, body);
fail:
    ev_dealloc(L->I, m.names);
    ev_dealloc(L->I, m.where);
    ev_dealloc(L->I, m.bound);
    return L->failed ? NULL : c;
}

ev_node *lw_lower_match(lower *L, TSNode t)
{
    ev_node *n = lw_node_new(L, N_MATCH, t);
    if (!n)
        return NULL;
    uint32_t nc = ts_node_child_count(t);
    TSNode body = {0};
    uint32_t nsubj = 0;
    bool comma = false;
    for (uint32_t i = 1; i < nc; i++) { /* after `match` */
        TSNode c = ts_node_child(t, i);
        if (is_type(c, "block")) {
            body = c;
            break;
        }
        if (is_type(c, ","))
            comma = true;
        else if (ts_node_is_named(c) && !is_type(c, "comment"))
            nsubj++;
    }
    if (ts_node_is_null(body) || nsubj == 0)
        return lw_fail_at(L, t, "invalid syntax");
    /* match a, b: the subject is a tuple */
    ev_node *subj = nsubj > 1 || comma ? lw_node_new(L, N_TUPLE, t) : NULL;
    if (subj && !(subj->list = lw_list_new(L, nsubj)))
        return NULL;
    if (subj)
        subj->slot = -1;
    for (uint32_t i = 1; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (is_type(c, "block"))
            break;
        if (!ts_node_is_named(c) || is_type(c, "comment"))
            continue;
        if (lw_is_splat(L, c))
            return lw_unsupported(L, c, "unpacking with '*' in a match subject");
        ev_node *e = lw_lower_expr(L, c);
        if (subj)
            subj->list[subj->n++] = e;
        else
            n->a = e;
    }
    if (subj)
        n->a = subj;
    uint32_t ncases = ts_node_named_child_count(body), k = 0;
    if (!(n->list = lw_list_new(L, ncases)))
        return NULL;
    uint32_t lastcase = 0;
    for (uint32_t i = 0; i < ncases; i++)
        if (is_type(ts_node_named_child(body, i), "case_clause"))
            lastcase = i;
    for (uint32_t i = 0; i < ncases && !L->failed; i++) {
        TSNode c = ts_node_named_child(body, i);
        if (is_type(c, "comment"))
            continue;
        if (!is_type(c, "case_clause"))
            return lw_fail_at(L, c, "invalid syntax");
        n->list[k++] = lower_case(L, c, i == lastcase);
    }
    n->n = k;
    return L->failed ? NULL : n;
}

/* Names a pattern captures, for the locals of the enclosing function. */
void lw_match_collect(lower *L, TSNode t, void *s, int (*add)(lower *, void *, ev_str *), int depth)
{
    if (ts_node_is_null(t) || depth > MAX_DEPTH || L->failed)
        return;
    uint32_t nc = ts_node_named_child_count(t);
    if (is_type(t, "dotted_name")) {
        if (nc == 1 && !text_is(L, t, "_"))
            add(L, s, lw_intern_node(L, ts_node_named_child(t, 0)));
        return;
    }
    if (is_type(t, "splat_pattern") || is_type(t, "as_pattern") || is_type(t, "keyword_pattern")) {
        TSNode id = ts_node_named_child(t, is_type(t, "keyword_pattern") ? 1 : nc - 1);
        if (is_type(id, "identifier") && !text_is(L, id, "_"))
            add(L, s, lw_intern_node(L, id));
    }
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (is_type(t, "class_pattern") && i == 0)
            continue; /* the class */
        if (is_type(t, "dict_pattern") && !is_type(c, "case_pattern") && !is_type(c, "splat_pattern"))
            continue; /* a key */
        if (is_type(t, "keyword_pattern") && i == 0)
            continue; /* the attribute name */
        if (is_type(c, "identifier"))
            continue;
        lw_match_collect(L, c, s, add, depth + 1);
    }
}
