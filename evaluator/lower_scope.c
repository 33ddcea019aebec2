/*
 * lower_scope.c - scopes and what binds in them: locals, globals,
 * nonlocals, cells for captured variables, and the constructs that open a
 * scope (def, lambda, comprehensions and generator expressions).
 */
#include <string.h>

#include "evaluator/lower_int.h"

/* ---- scopes ------------------------------------------------------------------------ */

int lw_scope_find(const scope *s, const ev_str *name)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->names[i] == name)
            return (int)i;
    return -1;
}

static bool in_list(ev_str *const *list, uint32_t n, const ev_str *name)
{
    for (uint32_t i = 0; i < n; i++)
        if (list[i] == name)
            return true;
    return false;
}

bool lw_scope_is_global(const scope *s, const ev_str *name)
{
    return in_list(s->globals, s->nglobals, name);
}

bool lw_scope_is_nonlocal(const scope *s, const ev_str *name)
{
    return in_list(s->nonlocals, s->nnonlocals, name);
}

static int scope_add(lower *L, scope *s, ev_str *name)
{
    if (!name)
        return -1;
    if (lw_scope_find(s, name) >= 0 || lw_scope_is_global(s, name) || lw_scope_is_nonlocal(s, name))
        return 0;
    if (lw_grow(L, (void **)&s->names, &s->cap, s->n + 1, sizeof(ev_str *)))
        return -1;
    s->names[s->n++] = name;
    return 0;
}

static int scope_add_any(lower *L, void *s, ev_str *name)
{
    return scope_add(L, s, name);
}

void lw_scope_release(lower *L, scope *s)
{
    ev_dealloc(L->I, s->names);
    ev_dealloc(L->I, s->globals);
    ev_dealloc(L->I, s->nonlocals);
    ev_dealloc(L->I, s->is_cell);
    ev_dealloc(L->I, s->free);
    ev_dealloc(L->I, s->localnodes);
}

bool lw_is_splat(lower *L, TSNode t)
{
    /* the grammar names the splat of some expressions "list splat" (an alias) */
    return lw_is(L, t, S_list_splat) || lw_is(L, t, S_list_splat_pattern) ||
           (!ts_node_is_null(t) && strcmp(ts_node_type(t), "list splat") == 0);
}

/* Collect the names a target binds. */
static void collect_target(lower *L, scope *s, TSNode t, int depth)
{
    if (depth > MAX_DEPTH || ts_node_is_null(t))
        return;
    if (lw_is(L, t, S_identifier)) {
        scope_add(L, s, lw_intern_node(L, t));
        return;
    }
    if (lw_is(L, t, S_pattern_list) || lw_is(L, t, S_tuple_pattern) || lw_is(L, t, S_list_pattern) ||
        lw_is(L, t, S_tuple) || lw_is(L, t, S_list) || lw_is(L, t, S_expression_list) ||
        lw_is(L, t, S_parenthesized_expression) || lw_is_splat(L, t)) {
        uint32_t nc = ts_node_named_child_count(t);
        for (uint32_t i = 0; i < nc; i++)
            collect_target(L, s, ts_node_named_child(t, i), depth + 1);
    }
}

/* Call fn for each assignment expression (x := v) in the subtree of root,
 * without entering lambdas, defs and classes (their own scopes) but entering
 * comprehensions, whose walrus binds in the scope around them (PEP 572).
 * f"{x:=10}" is a format spec, not a walrus.  A tree cursor walks without a
 * stack of our own. */
static void walk_walrus(lower *L, TSNode root, void (*fn)(lower *, void *, TSNode), void *ctx)
{
    if (!L->has_walrus || ts_node_is_null(root))
        return;
    TSTreeCursor c = ts_tree_cursor_new(root);
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&c);
        const char *ty = ts_node_type(n);
        bool skip = strcmp(ty, "lambda") == 0 || strcmp(ty, "function_definition") == 0 ||
                    strcmp(ty, "class_definition") == 0;
        if (lw_is(L, n, S_named_expression)) {
            TSNode up = ts_node_parent(n);
            if (ts_node_is_null(up) || !lw_is(L, up, S_interpolation))
                fn(L, ctx, n);
        }
        if (!skip && ts_tree_cursor_goto_first_child(&c))
            continue;
        while (!ts_tree_cursor_goto_next_sibling(&c))
            if (!ts_tree_cursor_goto_parent(&c) || ts_node_eq(ts_tree_cursor_current_node(&c), root)) {
                ts_tree_cursor_delete(&c);
                return;
            }
    }
}

static void walrus_local(lower *L, void *s, TSNode n)
{
    scope_add(L, s, lw_intern_node(L, lw_field(L, n, F_name)));
}

static int add_declared(lower *L, TSNode n, ev_str ***list, uint32_t *cnt, uint32_t *cap)
{
    uint32_t nc = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < nc; i++) {
        ev_str *name = lw_intern_node(L, ts_node_named_child(n, i));
        if (!name || lw_grow(L, (void **)list, cap, *cnt + 1, sizeof(ev_str *)))
            return -1;
        (*list)[(*cnt)++] = name;
    }
    return 0;
}

/* Walk a function body (not nested defs' bodies) for bound names, with an
 * explicit stack on the heap: it holds the pending siblings of every open
 * statement, so it grows with the body's length, not only its nesting
 * (which the parser bounds: 100 indentation levels). */
static void collect_locals(lower *L, scope *s, TSNode body)
{
    TSNode *stack = NULL;
    uint32_t sp = 0, cap = 0;
    if (lw_grow(L, (void **)&stack, &cap, 1, sizeof *stack))
        return;
    stack[sp++] = body;
    while (sp > 0 && !L->failed) {
        TSNode n = stack[--sp];
        if (lw_is(L, n, S_global_statement)) {
            add_declared(L, n, &s->globals, &s->nglobals, &s->capglobals);
            continue;
        }
        if (lw_is(L, n, S_nonlocal_statement)) {
            add_declared(L, n, &s->nonlocals, &s->nnonlocals, &s->capnonlocals);
            continue;
        }
        if (lw_is(L, n, S_assignment) || lw_is(L, n, S_augmented_assignment)) {
            collect_target(L, s, lw_field(L, n, F_left), 0);
            TSNode r = lw_field(L, n, F_right);
            if (lw_is(L, r, S_assignment) && !lw_grow(L, (void **)&stack, &cap, sp + 1, sizeof *stack))
                stack[sp++] = r;
            else
                walk_walrus(L, r, walrus_local, s);
            continue;
        }
        if (lw_is(L, n, S_for_statement))
            collect_target(L, s, lw_field(L, n, F_left), 0);
        if (lw_is(L, n, S_function_definition) || strcmp(ts_node_type(n), "class_definition") == 0) {
            scope_add(L, s, lw_intern_node(L, lw_field(L, n, F_name)));
            continue;
        }
        if (strcmp(ts_node_type(n), "with_item") == 0) {
            TSNode v = lw_field(L, n, F_value);
            walk_walrus(L, v, walrus_local, s);
            if (lw_is(L, v, S_as_pattern)) {
                TSNode alias = lw_field(L, v, F_alias);
                if (!ts_node_is_null(alias) && ts_node_named_child_count(alias) > 0)
                    collect_target(L, s, ts_node_named_child(alias, 0), 0);
            }
            continue;
        }
        if (strcmp(ts_node_type(n), "decorated_definition") == 0) {
            TSNode def = ts_node_child_by_field_name(n, "definition", 10);
            if (!ts_node_is_null(def))
                scope_add(L, s, lw_intern_node(L, lw_field(L, def, F_name)));
            continue;
        }
        if (lw_is(L, n, S_except_clause)) {
            TSNode v = lw_field(L, n, F_value);
            if (lw_is(L, v, S_as_pattern)) {
                TSNode alias = lw_field(L, v, F_alias);
                if (!ts_node_is_null(alias) && ts_node_named_child_count(alias) > 0)
                    collect_target(L, s, ts_node_named_child(alias, 0), 0);
            }
        }
        if (strcmp(ts_node_type(n), "case_pattern") == 0) {
            lw_match_collect(L, n, s, scope_add_any, 0);
            continue;
        }
        if (lw_is(L, n, S_import_statement) || lw_is(L, n, S_import_from_statement)) {
            uint32_t nc = ts_node_named_child_count(n);
            for (uint32_t i = lw_is(L, n, S_import_from_statement) ? 1 : 0; i < nc; i++) {
                TSNode c = ts_node_named_child(n, i);
                if (lw_is(L, c, S_aliased_import))
                    c = lw_field(L, c, F_alias);
                else if (lw_is(L, c, S_dotted_name))
                    c = ts_node_named_child(c, 0);
                if (lw_is(L, c, S_identifier))
                    scope_add(L, s, lw_intern_node(L, c));
            }
            continue;
        }
        if (!lw_is(L, n, S_block) && !lw_is(L, n, S_if_statement) && !lw_is(L, n, S_elif_clause) &&
            !lw_is(L, n, S_expression_statement) &&
            !lw_is(L, n, S_else_clause) && !lw_is(L, n, S_while_statement) &&
            !lw_is(L, n, S_for_statement) && !lw_is(L, n, S_try_statement) &&
            !lw_is(L, n, S_except_clause) && !lw_is(L, n, S_finally_clause) &&
            strcmp(ts_node_type(n), "with_statement") != 0 &&
            strcmp(ts_node_type(n), "with_clause") != 0 &&
            strcmp(ts_node_type(n), "match_statement") != 0 &&
            strcmp(ts_node_type(n), "case_clause") != 0 &&
            !lw_is(L, n, S_module)) {
            walk_walrus(L, n, walrus_local, s); /* expressions bind only with := */
            continue;
        }
        /* the children in reverse, so they are visited in source order;
         * siblings are walked in one pass (ts_node_named_child(n, i) costs i) */
        uint32_t nc = ts_node_named_child_count(n);
        if (nc == 0 || lw_grow(L, (void **)&stack, &cap, sp + nc, sizeof *stack))
            continue;
        uint32_t k = 0;
        for (TSNode c = ts_node_named_child(n, 0); !ts_node_is_null(c) && k < nc;
             c = ts_node_next_named_sibling(c))
            stack[sp + nc - 1 - k++] = c;
        if (k < nc) { /* cannot happen: the count and the siblings agree */
            memmove(stack + sp, stack + sp + nc - k, k * sizeof *stack);
            nc = k;
        }
        sp += nc;
    }
    ev_dealloc(L->I, stack);
}

int lw_free_index(lower *L, scope *s, ev_str *name)
{
    for (uint32_t i = 0; i < s->nfree; i++)
        if (s->free[i] == name)
            return (int)i;
    if (lw_grow(L, (void **)&s->free, &s->capfree, s->nfree + 1, sizeof(ev_str *)))
        return -1;
    s->free[s->nfree] = name;
    return (int)s->nfree++;
}

int lw_mark_cell(lower *L, scope *s, int slot)
{
    uint32_t old = s->capcell;
    if (lw_grow(L, (void **)&s->is_cell, &s->capcell, s->n, 1))
        return -1;
    if (s->capcell > old)
        memset(s->is_cell + old, 0, s->capcell - old);
    s->is_cell[slot] = 1;
    return 0;
}


/* After a function body is lowered: turn captured locals into cells and
 * record where each free variable's cell comes from in the defining scope. */
static void finish_closure(lower *L, scope *sc, ev_funcdef *d, scope *outer)
{
    d->cellslots = lw_arena_alloc(L, sc->n ? sc->n : 1);
    d->freenames = lw_arena_alloc(L, sizeof(ev_str *) * (sc->nfree ? sc->nfree : 1));
    d->free_from = lw_arena_alloc(L, sizeof(int32_t) * (sc->nfree ? sc->nfree : 1));
    if (!d->cellslots || !d->freenames || !d->free_from)
        return;
    for (uint32_t i = 0; i < sc->n && i < sc->capcell; i++)
        if (sc->is_cell[i]) {
            d->cellslots[i] = 1;
            d->ncells++;
        }
    for (uint32_t i = 0; i < sc->nlocalnodes; i++) {
        ev_node *ln = sc->localnodes[i];
        if (d->cellslots[ln->slot])
            ln->kind = N_CELLVAR;
    }
    d->nfree = sc->nfree;
    for (uint32_t i = 0; i < sc->nfree; i++) {
        ev_str *name = sc->free[i];
        d->freenames[i] = name;
        int slot = (outer->is_function && !lw_scope_is_nonlocal(outer, name)) ? lw_scope_find(outer, name) : -1;
        if (slot >= 0) {
            if (lw_mark_cell(L, outer, slot))
                return;
            d->free_from[i] = slot;
        } else {
            int k = lw_free_index(L, outer, name);
            if (k < 0)
                return;
            d->free_from[i] = -(k + 1);
        }
    }
}

/* Does expression n (or a statement's parts) hold a yield of this
 * function?  Nested functions, lambdas and comprehensions are definitions
 * of their own.  Deep trees answer yes: the caller then keeps the general
 * form. */
static bool has_yield(const ev_node *n, int depth)
{
    if (!n)
        return false;
    if (depth > 100 || n->kind == N_YIELD || n->kind == N_YIELDFROM)
        return true;
    const ev_node *kids[4] = {n->a, n->b, n->c, n->d};
    for (int i = 0; i < 4; i++)
        if (has_yield(kids[i], depth + 1))
            return true;
    for (uint32_t i = 0; n->list && i < n->n; i++)
        if (has_yield(n->list[i], depth + 1))
            return true;
    return false;
}

static ev_node *compgen_node(lower *L, ev_nkind k, const ev_node *pos)
{
    ev_node *n = lw_arena_alloc(L, sizeof *n);
    if (!n)
        return NULL;
    n->kind = (uint8_t)k;
    n->line = pos->line;
    n->col = pos->col;
    n->end_line = pos->end_line;
    n->end_col = pos->end_col;
    return n;
}

/* A generator function whose body is `for` and `if` statements nested one
 * in the other, without else, around a lone `yield v` statement (source(),
 * map-like and filter-like stages of a pipeline) runs like the generator
 * expression it is: d->compgen, clauses that keep the statements'
 * positions for tracebacks.  The first iterable is evaluated when the
 * generator first runs, in its frame, as the function's own code would. */
static void compgen_of(lower *L, ev_funcdef *d)
{
    enum { MAX_CLAUSES = 16 };
    const ev_node *clauses[MAX_CLAUSES];
    uint32_t n = 0;
    const ev_node *b = d->body;
    for (;;) {
        if (!b || b->kind != N_BLOCK || b->n != 1 || n == MAX_CLAUSES)
            return;
        const ev_node *s = b->list[0];
        if (s->kind == N_FOR && !s->d && !has_yield(s->a, 0) && !has_yield(s->b, 0)) {
            clauses[n++] = s;
            b = s->c;
        } else if (s->kind == N_IF && !s->c && n > 0 && !has_yield(s->a, 0)) {
            clauses[n++] = s;
            b = s->b;
        } else if (s->kind == N_EXPR && s->a && s->a->kind == N_YIELD && n > 0 && !has_yield(s->a->a, 0)) {
            ev_node *body = compgen_node(L, N_COMPBODY, d->body->list[0]);
            ev_node **list = lw_arena_alloc(L, n * sizeof *list);
            if (!body || !list)
                return;
            for (uint32_t i = 0; i < n; i++) {
                bool is_for = clauses[i]->kind == N_FOR;
                if (!(list[i] = compgen_node(L, is_for ? N_COMPFOR : N_COMPIF, clauses[i])))
                    return;
                list[i]->a = clauses[i]->a;
                list[i]->b = is_for ? clauses[i]->b : NULL;
            }
            body->op = COMP_GEN;
            body->list = list;
            body->n = n;
            body->a = s->a->a;
            if (!body->a) {
                if (!(body->a = compgen_node(L, N_CONST, s)))
                    return;
                body->a->cval = EV_NONE;
            }
            body->c = (ev_node *)s;
            d->compgen = body;
            return;
        } else {
            return;
        }
    }
}

/* Slot names, then cells and free variables, once the body is lowered.
 * L->sc must already be the enclosing scope again. */
static void finish_function(lower *L, scope *sc, ev_funcdef *d)
{
    if (L->failed)
        return;
    if (sc->generator) {
        d->generator = true;
        if (!sc->comprehension)
            compgen_of(L, d);
    }
    d->nslots = sc->n;
    d->slotnames = lw_arena_alloc(L, sizeof(ev_str *) * (sc->n ? sc->n : 1));
    if (d->slotnames && sc->n)
        memcpy(d->slotnames, sc->names, sc->n * sizeof(ev_str *));
    if (!L->failed)
        finish_closure(L, sc, d, L->sc);
}

/* The body of a def or class in its own scope (no enclosing loops). */
static void lower_body(lower *L, scope *sc, ev_funcdef *d, TSNode body)
{
    scope *saved = L->sc;
    int saved_loops = L->loops;
    L->sc = sc;
    L->loops = 0;
    d->body = lw_lower_block(L, body);
    L->sc = saved;
    L->loops = saved_loops;
    finish_function(L, sc, d);
}

/* Parameters take the first slots in CPython's order: positional, then
 * keyword-only, then *args, then **kwargs. */
static ev_node *lower_params(lower *L, TSNode params, scope *sc, ev_funcdef *d, ev_node **defaults,
                             uint32_t *ndef)
{
    uint32_t np = ts_node_named_child_count(params);
    TSNode star = {0}, dstar = {0};
    TSNode kwonly[256];
    uint32_t nkw = 0;
    bool after_star = false;
    ev_str *annnames[300];
    ev_node *annexprs[300];
    uint32_t nann = 0;
    for (uint32_t i = 0; i < np && !L->failed; i++) {
        TSNode p = ts_node_named_child(params, i);
        const char *ty = ts_node_type(p);
        if (lw_is(L, p, S_comment))
            continue;
        bool typed_default = strcmp(ty, "typed_default_parameter") == 0;
        if (strcmp(ty, "typed_parameter") == 0 || typed_default) {
            /* name: annotation — the annotation is evaluated when the def runs */
            TSNode tn = ts_node_child_by_field_name(p, "type", 4);
            TSNode inner = typed_default ? lw_field(L, p, F_name) : ts_node_named_child(p, 0);
            if (ts_node_is_null(tn) || ts_node_is_null(inner))
                return lw_fail_at(L, p, "invalid syntax");
            TSNode id = lw_is(L, inner, S_identifier) ? inner : ts_node_named_child(inner, 0);
            if (nann == 300)
                return lw_unsupported(L, p, "more than 300 annotated parameters");
            annnames[nann] = lw_intern_node(L, id);
            annexprs[nann] = lw_lower_annotation(L, tn);
            nann++;
            if (!typed_default) {
                p = inner;
                ty = ts_node_type(p);
            }
        }
        if (strcmp(ty, "positional_separator") == 0) {
            if (after_star || d->nposonly || sc->n == 0)
                return lw_fail_at(L, p, "invalid syntax");
            d->nposonly = sc->n;
            continue;
        }
        if (strcmp(ty, "keyword_separator") == 0 || strcmp(ty, "list_splat_pattern") == 0) {
            if (after_star)
                return lw_fail_at(L, p, "* argument may appear only once");
            after_star = true;
            if (strcmp(ty, "list_splat_pattern") == 0)
                star = p;
            continue;
        }
        if (strcmp(ty, "dictionary_splat_pattern") == 0) {
            dstar = p;
            continue;
        }
        if (!ts_node_is_null(dstar))
            return lw_fail_at(L, p, "arguments cannot follow var-keyword argument");
        bool with_default = lw_is(L, p, S_default_parameter) || typed_default;
        TSNode id = lw_is(L, p, S_identifier) ? p : with_default ? lw_field(L, p, F_name) : (TSNode){0};
        if (ts_node_is_null(id) || !lw_is(L, id, S_identifier))
            return lw_unsupported(L, p, strstr(ty, "typed") ? "parameter annotations" : "this parameter form");
        if (after_star) {
            if (nkw == 256)
                return lw_unsupported(L, p, "more than 256 keyword-only parameters");
            kwonly[nkw++] = p;
            continue;
        }
        ev_str *name = lw_intern_node(L, id);
        if (name && lw_scope_find(sc, name) >= 0)
            return lw_fail_at(L, p, "duplicate argument '%s' in function definition", name->data);
        if (!with_default && *ndef > 0)
            return lw_fail_at(L, p, "non-default argument follows default argument");
        scope_add(L, sc, name);
        if (with_default) {
            if (*ndef >= 255)
                return lw_unsupported(L, p, "more than 255 default values");
            /* defaults are evaluated in the enclosing scope, at def time */
            defaults[(*ndef)++] = lw_lower_expr(L, lw_field(L, p, F_value));
        }
    }
    if (after_star && ts_node_is_null(star) && nkw == 0 && !L->failed)
        return lw_fail_at(L, params, "named arguments must follow bare *");
    d->nparams = sc->n;
    d->nkwonly = nkw;
    d->kwdefaults = lw_arena_alloc(L, sizeof(ev_node *) * (nkw ? nkw : 1));
    if (!d->kwdefaults)
        return NULL;
    TSNode extra[2] = {star, dstar};
    for (uint32_t i = 0; i < nkw + 2 && !L->failed; i++) {
        TSNode p = i < nkw ? kwonly[i] : extra[i - nkw];
        if (ts_node_is_null(p))
            continue;
        TSNode id = i >= nkw ? ts_node_named_child(p, 0)
                    : lw_is(L, p, S_identifier) ? p : lw_field(L, p, F_name);
        bool kw_default = i < nkw && (lw_is(L, p, S_default_parameter) ||
                                      strcmp(ts_node_type(p), "typed_default_parameter") == 0);
        if (!lw_is(L, id, S_identifier))
            return lw_unsupported(L, p, "this parameter form");
        ev_str *name = lw_intern_node(L, id);
        if (name && lw_scope_find(sc, name) >= 0)
            return lw_fail_at(L, p, "duplicate argument '%s' in function definition", name->data);
        scope_add(L, sc, name);
        if (kw_default)
            d->kwdefaults[i] = lw_lower_expr(L, lw_field(L, p, F_value));
    }
    if (nann && !L->failed) {
        d->annnames = lw_arena_alloc(L, nann * sizeof(ev_str *));
        d->annexprs = lw_arena_alloc(L, nann * sizeof(ev_node *));
        if (!d->annnames || !d->annexprs)
            return NULL;
        memcpy(d->annnames, annnames, nann * sizeof(ev_str *));
        memcpy(d->annexprs, annexprs, nann * sizeof(ev_node *));
        d->nann = nann;
    }
    d->varargs = !ts_node_is_null(star);
    d->varkw = !ts_node_is_null(dstar);
    return NULL;
}

/* The __qualname__ of a def, class or lambda named `name` in the current
 * scope: Outer.name in a class body, f.<locals>.name in a function. */
static ev_str *qualname_of(lower *L, ev_str *name)
{
    const scope *s = L->sc;
    if (!name || !s || !s->qualname)
        return name;
    const char *sep = s->is_class ? "." : ".<locals>.";
    ev_buf b = {0};
    if (ev_buf_put(L->I, &b, s->qualname->data, s->qualname->len) || ev_buf_puts(L->I, &b, sep) ||
        ev_buf_put(L->I, &b, name->data, name->len)) {
        ev_buf_free(L->I, &b);
        L->failed = true;
        return NULL;
    }
    ev_str *q = ev_intern(L->I, b.data, b.len);
    ev_buf_free(L->I, &b);
    if (!q)
        L->failed = true;
    return q;
}

ev_node *lw_lower_def(lower *L, TSNode t)
{
    bool is_async = ts_node_child_count(t) > 0 && strcmp(ts_node_type(ts_node_child(t, 0)), "async") == 0;
    if (!ts_node_is_null(ts_node_child_by_field_name(t, "type_parameters", 15)))
        return lw_fail_at(L, t, "type parameters (def f[T]) are Python 3.12 syntax; safepy runs Python 3.11");
    ev_node *n = lw_node_new(L, N_DEF, t);
    ev_funcdef *d = lw_funcdef_new(L);
    if (!n || !d)
        return NULL;
    n->def = d;
    d->prog = L->prog;
    d->line = n->line;
    d->name = lw_intern_node(L, lw_field(L, t, F_name));
    n->name = d->name;
    n->a = lw_lower_name(L, lw_field(L, t, F_name)); /* where the def binds its name */
    if (!n->a)
        return NULL;
    d->qualname = qualname_of(L, d->name);
    scope sc = {.up = L->sc, .is_function = true, .qualname = d->qualname, .is_async = is_async};
    ev_node *defaults[256];
    uint32_t ndef = 0;
    lower_params(L, lw_field(L, t, F_parameters), &sc, d, defaults, &ndef);
    TSNode rt = ts_node_child_by_field_name(t, "return_type", 11);
    if (!ts_node_is_null(rt) && !L->failed) {
        /* -> annotation: evaluated after the parameters' */
        ev_str **nn = lw_arena_alloc(L, (d->nann + 1) * sizeof(ev_str *));
        ev_node **ne = lw_arena_alloc(L, (d->nann + 1) * sizeof(ev_node *));
        ev_str *ret = ev_intern(L->I, "return", 6);
        if (!nn || !ne || !ret) {
            L->failed = true;
        } else {
            if (d->nann) {
                memcpy(nn, d->annnames, d->nann * sizeof(ev_str *));
                memcpy(ne, d->annexprs, d->nann * sizeof(ev_node *));
            }
            nn[d->nann] = ret;
            ne[d->nann] = lw_lower_annotation(L, rt);
            d->annnames = nn;
            d->annexprs = ne;
            d->nann++;
        }
    }
    if (!L->failed)
        collect_locals(L, &sc, lw_field(L, t, F_body));
    for (uint32_t i = 0; i < sc.nglobals && !L->failed; i++)
        if (lw_scope_find(&sc, sc.globals[i]) >= 0 && (uint32_t)lw_scope_find(&sc, sc.globals[i]) < d->nparams)
            lw_fail_at(L, t, "name '%s' is parameter and global", sc.globals[i]->data);
    if (!L->failed) {
        d->ndefaults = ndef;
        d->defaults = lw_arena_alloc(L, sizeof(ev_node *) * (ndef ? ndef : 1));
        if (d->defaults && ndef)
            memcpy(d->defaults, defaults, ndef * sizeof *defaults);
        lower_body(L, &sc, d, lw_field(L, t, F_body));
    }
    if (!L->failed && is_async) {
        /* an async def is a coroutine, or an async generator when it yields */
        d->coroutine = d->generator ? EV_CORO_ASYNCGEN : EV_CORO_CORO;
        d->generator = true;
        d->compgen = NULL;
        if (d->coroutine == EV_CORO_ASYNCGEN && sc.return_value)
            lw_fail_at(L, sc.return_node, "'return' with value in async generator");
    }
    lw_scope_release(L, &sc);
    return L->failed ? NULL : n;
}

int lw_capture_class_cell(lower *L)
{
    scope *cur = L->sc;
    if (!cur || !cur->is_function || cur->is_class)
        return 0;
    ev_str *cc = ev_intern(L->I, "__class__", 9);
    if (!cc)
        return -1;
    for (scope *s = cur->up; s && s->is_function; s = s->up) {
        if (!s->is_class)
            continue;
        int slot = lw_scope_find(s, cc);
        if (slot < 0 || lw_mark_cell(L, s, slot))
            return slot < 0 ? 0 : -1;
        for (scope *k = cur; k != s; k = k->up)
            if (lw_free_index(L, k, cc) < 0)
                return -1;
        return 0;
    }
    return 0;
}

/* class NAME(bases): body.  The body is lowered as a function (as CPython
 * compiles it to a code object) whose locals become the class namespace;
 * its first slot is __class__, the cell zero-argument super() reads. */
ev_node *lw_lower_class(lower *L, TSNode t)
{
    if (!ts_node_is_null(ts_node_child_by_field_name(t, "type_parameters", 15)))
        return lw_fail_at(L, t, "type parameters (class C[T]) are Python 3.12 syntax; safepy runs Python 3.11");
    ev_node *n = lw_node_new(L, N_CLASS, t);
    ev_funcdef *d = lw_funcdef_new(L);
    if (!n || !d)
        return NULL;
    n->def = d;
    d->prog = L->prog;
    d->line = n->line;
    d->classbody = true;
    d->name = lw_intern_node(L, lw_field(L, t, F_name));
    n->name = d->name;
    n->a = lw_lower_name(L, lw_field(L, t, F_name));
    if (!n->a)
        return NULL;
    TSNode sup = ts_node_child_by_field_name(t, "superclasses", 12);
    if (!ts_node_is_null(sup)) {
        uint32_t nb = ts_node_named_child_count(sup), k = 0, nkw = 0;
        n->list = lw_list_new(L, nb ? nb : 1);
        n->names = lw_arena_alloc(L, (nb ? nb : 1) * sizeof(ev_str *));
        if (!n->list || !n->names)
            return NULL;
        ev_node *kwvals[256];
        for (uint32_t i = 0; i < nb && !L->failed; i++) {
            TSNode b = ts_node_named_child(sup, i);
            if (lw_is(L, b, S_comment))
                continue;
            if (lw_is(L, b, S_keyword_argument)) {
                /* class C(Base, key=value): passed to the parents' __init_subclass__ */
                ev_str *kn = lw_intern_node(L, lw_field(L, b, F_name));
                if (nkw == 256)
                    return lw_unsupported(L, b, "more than 256 class keywords");
                n->names[nkw] = kn;
                kwvals[nkw++] = lw_lower_expr(L, lw_field(L, b, F_value));
                continue;
            }
            if (lw_is_splat(L, b) || lw_is(L, b, S_dictionary_splat))
                return lw_unsupported(L, b, "unpacking in a class statement's bases");
            if (nkw)
                return lw_fail_at(L, b, "positional argument follows keyword argument");
            n->list[k++] = lw_lower_expr(L, b);
        }
        for (uint32_t i = 0; i < nkw; i++)
            n->list[k + i] = kwvals[i];
        n->nargs = k;
        n->n = k + nkw;
    }
    d->qualname = qualname_of(L, d->name);
    scope sc = {.up = L->sc, .is_function = true, .is_class = true, .qualname = d->qualname, .class_name = d->name};
    ev_str *cc = ev_intern(L->I, "__class__", 9);
    ev_str *an = ev_intern(L->I, "__annotations__", 15);
    /* bound before the body runs, as CPython's class prologue does (the
     * docstring's __doc__ only when the body opens with one): the
     * namespace keeps this order */
    ev_str *mn = ev_intern(L->I, "__module__", 10), *qn = ev_intern(L->I, "__qualname__", 12);
    ev_str *dn = ev_intern(L->I, "__doc__", 7);
    if (!cc || !an || !mn || !qn || !dn || scope_add(L, &sc, cc) || scope_add(L, &sc, an) ||
        scope_add(L, &sc, mn) || scope_add(L, &sc, qn) || scope_add(L, &sc, dn)) {
        L->failed = true;
        lw_scope_release(L, &sc);
        return NULL;
    }
    d->kwdefaults = lw_arena_alloc(L, sizeof(ev_node *));
    d->defaults = lw_arena_alloc(L, sizeof(ev_node *));
    if (!L->failed)
    {
        /* the class body's own names are collected with the class in scope,
         * so private names are mangled as they will be when lowered */
        scope *outer = L->sc;
        L->sc = &sc;
        collect_locals(L, &sc, lw_field(L, t, F_body));
        L->sc = outer;
    }
    if (!L->failed) {
        lower_body(L, &sc, d, lw_field(L, t, F_body));
    }
    lw_scope_release(L, &sc);
    return L->failed ? NULL : n;
}

/* @dec ... def/class: the decorators are evaluated first, then applied
 * innermost first to what the definition made, before its name is bound. */
ev_node *lw_lower_decorated(lower *L, TSNode t)
{
    TSNode def = ts_node_child_by_field_name(t, "definition", 10);
    if (ts_node_is_null(def))
        return lw_fail_at(L, t, "invalid syntax");
    uint32_t nc = ts_node_named_child_count(t), nd = 0;
    for (uint32_t i = 0; i < nc; i++)
        if (strcmp(ts_node_type(ts_node_named_child(t, i)), "decorator") == 0)
            nd++;
    ev_node **decs = lw_list_new(L, nd ? nd : 1);
    if (!decs)
        return NULL;
    uint32_t k = 0;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (strcmp(ts_node_type(c), "decorator") != 0)
            continue;
        TSNode e = ts_node_named_child(c, 0);
        while (!ts_node_is_null(e) && lw_is(L, e, S_comment))
            e = ts_node_next_named_sibling(e);
        decs[k++] = lw_lower_expr(L, e);
    }
    if (L->failed)
        return NULL;
    ev_node *n = strcmp(ts_node_type(def), "class_definition") == 0 ? lw_lower_class(L, def)
                                                                    : lw_lower_def(L, def);
    if (!n)
        return NULL;
    if (n->kind == N_DEF) {
        n->list = decs;
        n->n = k;
    } else {
        /* N_CLASS keeps its bases in list: the decorators go in d (a block node) */
        ev_node *holder = lw_node_new(L, N_BLOCK, t);
        if (!holder)
            return NULL;
        holder->list = decs;
        holder->n = k;
        n->d = holder;
    }
    n->line = (uint32_t)ts_node_start_point(t).row + 1;
    return n;
}

/* lambda params: expr - a function whose body returns the expression. */
ev_node *lw_lower_lambda(lower *L, TSNode t)
{
    ev_node *n = lw_node_new(L, N_LAMBDA, t);
    ev_funcdef *d = lw_funcdef_new(L);
    if (!n || !d)
        return NULL;
    n->def = d;
    d->prog = L->prog;
    d->line = n->line;
    d->name = ev_intern(L->I, "<lambda>", 8);
    if (!d->name) {
        L->failed = true;
        return NULL;
    }
    d->qualname = qualname_of(L, d->name);
    scope sc = {.up = L->sc, .is_function = true, .qualname = d->qualname};
    ev_node *defaults[256];
    uint32_t ndef = 0;
    TSNode params = lw_field(L, t, F_parameters);
    if (!ts_node_is_null(params)) {
        lower_params(L, params, &sc, d, defaults, &ndef);
    } else {
        d->kwdefaults = lw_arena_alloc(L, sizeof(ev_node *));
    }
    if (!L->failed) {
        d->ndefaults = ndef;
        d->defaults = lw_arena_alloc(L, sizeof(ev_node *) * (ndef ? ndef : 1));
        if (d->defaults && ndef)
            memcpy(d->defaults, defaults, ndef * sizeof *defaults);
        scope *saved = L->sc;
        int saved_loops = L->loops;
        L->sc = &sc;
        L->loops = 0;
        ev_node *ret = lw_node_new(L, N_RETURN, t);
        ev_node *blk = lw_node_new(L, N_BLOCK, t);
        if (ret && blk && (blk->list = lw_list_new(L, 1))) {
            ret->a = lw_lower_expr(L, lw_field(L, t, F_body));
            blk->list[0] = ret;
            blk->n = 1;
            d->body = blk;
        }
        L->sc = saved;
        L->loops = saved_loops;
        finish_function(L, &sc, d);
    }
    lw_scope_release(L, &sc);
    return L->failed ? NULL : n;
}

/* [elt for t in it if c ...] is a function of one argument, the iterator
 * of the first iterable (evaluated in the enclosing scope), as in CPython. */
/* A walrus in a comprehension binds in the nearest enclosing scope that is
 * not a comprehension: the comprehension's own scope declares the name
 * nonlocal (global at module level), as CPython's symtable does. */
struct comp_walrus {
    scope *sc;
    uint32_t niter; /* the iteration variables are the scope's first names */
    const TSNode *clauses;
    uint32_t ncl;
};

static void comp_walrus_target(lower *L, void *ctx, TSNode n)
{
    struct comp_walrus *cw = ctx;
    if (L->failed)
        return;
    ev_str *name = lw_intern_node(L, lw_field(L, n, F_name));
    if (!name)
        return;
    for (uint32_t i = 0; i < cw->ncl; i++) {
        TSNode it = lw_is(L, cw->clauses[i], S_for_in_clause) ? lw_field(L, cw->clauses[i], F_right) : (TSNode){0};
        if (!ts_node_is_null(it) && ts_node_start_byte(n) >= ts_node_start_byte(it) &&
            ts_node_end_byte(n) <= ts_node_end_byte(it)) {
            lw_fail_at(L, n, "assignment expression cannot be used in a comprehension iterable expression");
            return;
        }
    }
    for (uint32_t i = 1; i < cw->niter; i++)
        if (cw->sc->names[i] == name) {
            lw_fail_at(L, n, "assignment expression cannot rebind comprehension iteration variable '%s'",
                       name->data);
            return;
        }
    scope *outer = cw->sc->up;
    while (outer && outer->comprehension)
        outer = outer->up;
    if (outer && outer->is_class) {
        lw_fail_at(L, n, "assignment expression within a comprehension cannot be used in a class body");
        return;
    }
    bool global = !outer || !outer->is_function || lw_scope_is_global(outer, name);
    ev_str ***list = global ? &cw->sc->globals : &cw->sc->nonlocals;
    uint32_t *cnt = global ? &cw->sc->nglobals : &cw->sc->nnonlocals;
    uint32_t *cap = global ? &cw->sc->capglobals : &cw->sc->capnonlocals;
    for (uint32_t i = 0; i < *cnt; i++)
        if ((*list)[i] == name)
            return;
    if (lw_grow(L, (void **)list, cap, *cnt + 1, sizeof(ev_str *)))
        return;
    (*list)[(*cnt)++] = name;
}

ev_node *lw_lower_comprehension(lower *L, TSNode t, int kind)
{
    uint32_t nc = ts_node_named_child_count(t);
    TSNode clauses[64];
    uint32_t ncl = 0;
    bool any_async = false;
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (!lw_is(L, c, S_for_in_clause) && !lw_is(L, c, S_if_clause))
            continue;
        if (ncl == 64)
            return lw_unsupported(L, c, "a comprehension with more than 64 clauses");
        if (ts_node_child_count(c) > 0 && strcmp(ts_node_type(ts_node_child(c, 0)), "async") == 0)
            any_async = true;
        clauses[ncl++] = c;
    }
    if (ncl == 0 || !lw_is(L, clauses[0], S_for_in_clause))
        return lw_fail_at(L, t, "invalid syntax");
    ev_node *n = lw_node_new(L, N_COMP, t);
    ev_funcdef *d = lw_funcdef_new(L);
    if (!n || !d)
        return NULL;
    if (ts_node_child_count(clauses[0]) > 0 && strcmp(ts_node_type(ts_node_child(clauses[0], 0)), "async") == 0)
        n->op = OP_ASYNC; /* its outermost iterable is made an async iterator */
    static const char *const names[] = {"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"};
    n->def = d;
    d->prog = L->prog;
    d->line = n->line;
    d->name = ev_intern(L->I, names[kind], strlen(names[kind]));
    n->b = lw_lower_expr(L, lw_field(L, clauses[0], F_right)); /* in the enclosing scope */
    if (!d->name || L->failed)
        return NULL;
    /* a comprehension in an async def may await (it runs on the coroutine's
     * stack); a generator expression may anywhere: it is then an async
     * generator, running on its own stack */
    scope sc = {.up = L->sc, .is_function = true, .comprehension = true,
                .is_async = (L->sc && L->sc->is_async) || kind == COMP_GEN, .is_genexp = kind == COMP_GEN};
    d->generator = kind == COMP_GEN;
    scope_add(L, &sc, ev_intern(L->I, ".0", 2));
    d->nparams = 1;
    for (uint32_t i = 0; i < ncl; i++)
        if (lw_is(L, clauses[i], S_for_in_clause))
            collect_target(L, &sc, lw_field(L, clauses[i], F_left), 0);
    struct comp_walrus cw = {&sc, sc.n, clauses, ncl};
    walk_walrus(L, t, comp_walrus_target, &cw);
    if (L->failed) {
        lw_scope_release(L, &sc);
        return NULL;
    }
    scope *saved = L->sc;
    int saved_loops = L->loops;
    L->sc = &sc;
    L->loops = 0;
    ev_node *body = lw_node_new(L, N_COMPBODY, t);
    ev_node *ret = lw_node_new(L, N_RETURN, t);
    ev_node *blk = lw_node_new(L, N_BLOCK, t);
    if (body && ret && blk && (body->list = lw_list_new(L, ncl)) && (blk->list = lw_list_new(L, 1))) {
        body->op = (uint8_t)kind;
        for (uint32_t i = 0; i < ncl && !L->failed; i++) {
            TSNode c = clauses[i];
            if (lw_is(L, c, S_if_clause)) {
                ev_node *f = lw_node_new(L, N_COMPIF, c);
                if (f)
                    f->a = lw_lower_expr(L, ts_node_named_child(c, 0));
                body->list[body->n++] = f;
                continue;
            }
            ev_node *f = lw_node_new(L, N_COMPFOR, c);
            if (!f)
                break;
            if (ts_node_child_count(c) > 0 && strcmp(ts_node_type(ts_node_child(c, 0)), "async") == 0)
                f->op = OP_ASYNC;
            f->a = lw_lower_target(L, lw_field(L, c, F_left));
            if (i == 0) {
                f->b = lw_node_new(L, N_LOCAL, c); /* .0, the iterator argument */
                if (f->b)
                    f->b->slot = 0;
            } else {
                f->b = lw_lower_expr(L, lw_field(L, c, F_right));
            }
            body->list[body->n++] = f;
        }
        TSNode elt = lw_field(L, t, F_body);
        if (kind == COMP_DICT) {
            if (!lw_is(L, elt, S_pair)) {
                lw_fail_at(L, elt, "invalid syntax");
            } else {
                body->a = lw_lower_expr(L, lw_field(L, elt, F_key));
                body->b = lw_lower_expr(L, lw_field(L, elt, F_value));
            }
        } else {
            body->a = lw_lower_expr(L, elt);
        }
        ret->a = body;
        blk->list[0] = ret;
        blk->n = 1;
        d->body = blk;
    }
    L->sc = saved;
    L->loops = saved_loops;
    finish_function(L, &sc, d);
    if (kind == COMP_GEN && (any_async || sc.has_await))
        d->coroutine = EV_CORO_ASYNCGEN; /* an asynchronous generator expression */
    lw_scope_release(L, &sc);
    return L->failed ? NULL : n;
}

