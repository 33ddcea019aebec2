/* symtab.c - the errors of CPython 3.11's symbol table, and a few compiler
 * errors that need the same walk.
 *
 * A clean parse is not yet a program CPython compiles: `global x` after an
 * assignment to x, `nonlocal x` with no enclosing binding, a walrus that
 * rebinds a comprehension variable, `from m import *` in a function, `*a = 1`
 * and a bare `except:` that is not last are all SyntaxErrors raised after
 * parsing.  This file mirrors Python/symtable.c closely enough to name the
 * same first error:
 *
 *   - the visit phase walks the tree in source order, scope by scope,
 *     recording per name the flags CPython records (parameter, assigned,
 *     used, annotated, global, nonlocal, comprehension iteration variable)
 *     and raises the ordering errors of `global`/`nonlocal`, `import *`
 *     outside the module and the walrus errors as it meets them;
 *   - the analysis phase then visits the scopes in preorder and each
 *     scope's names in insertion order, as analyze_block does, for
 *     "nonlocal and global", "nonlocal declaration not allowed at module
 *     level" and "no binding for nonlocal".
 *
 * Symbol-table errors come before every compiler error, so the caller
 * (scope.c) lets them win; the compiler errors found here are merged with
 * scope.c's by position.  Names are compared as bytes (CPython compares
 * them after NFKC; a non-ASCII identifier spelled two ways is the only
 * difference). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

enum {
    F_PARAM = 1, F_LOCAL = 2, F_USE = 4, F_ANNOT = 8, F_GLOBAL = 16, F_NONLOCAL = 32, F_IMPORT = 64,
    F_COMPITER = 128,
};

typedef enum skind { S_MODULE, S_FUNC, S_CLASS, S_COMP } skind;

typedef struct sname {
    uint32_t scope, s, len, flags;
    uint32_t dir_s, dir_e; /* the first global/nonlocal statement naming it */
} sname;

typedef struct sscope {
    uint8_t kind;
    uint32_t parent;
    uint32_t iter_expr; /* inside a comprehension's iterable (ste_comp_iter_expr) */
} sscope;

/* node kinds, looked up once per walk */
typedef struct tsyms {
    TSSymbol ident, funcdef, lambda, classdef, params, lparams, default_param, typed_param, typed_default,
        list_splat_pat, dict_splat_pat, global, nonlocal, attribute, keyword_arg, assignment, augassign,
        for_stmt, for_in, if_clause, named_expr, as_pattern, as_target, del, import, import_from, dotted,
        aliased, wildcard, pattern_list, tuple_pattern, list_pattern, tuple, list, paren, list_splat,
        expr_list, listcomp, setcomp, dictcomp, genexp, try_stmt, except_clause, block, expr_stmt,
        while_stmt, with_stmt, decorated, paren_splat, finally_clause, else_clause;
    TSFieldId f_name, f_params, f_body, f_left, f_right, f_value, f_type, f_alias, f_module, f_ret,
        f_super, f_alternative;
} tsyms;

typedef struct st {
    const an_parse *p;
    tsyms y;
    sscope *sc;
    size_t nsc, capsc;
    sname *nm;
    size_t nnm, capnm;
    uint32_t *hash; /* open addressing over nm: index + 1, 0 empty */
    size_t hcap;
    bool track;     /* names matter: the program has global, nonlocal, ':=' */
    int fblocks;    /* the compiler's static block nesting in this code unit */
    bool oom, gave_up;
    an_diagnosis parse_err, visit_err, comp_err;
} st;

static TSSymbol tsym(const char *name, bool named)
{
    return an_symbol(name, strlen(name), named);
}

static TSFieldId tfield(const char *name)
{
    return an_field(name, strlen(name));
}

static void tsyms_init_build(tsyms *y)
{
    y->ident = tsym("identifier", true);
    y->funcdef = tsym("function_definition", true);
    y->lambda = tsym("lambda", true);
    y->classdef = tsym("class_definition", true);
    y->params = tsym("parameters", true);
    y->lparams = tsym("lambda_parameters", true);
    y->default_param = tsym("default_parameter", true);
    y->typed_param = tsym("typed_parameter", true);
    y->typed_default = tsym("typed_default_parameter", true);
    y->list_splat_pat = tsym("list_splat_pattern", true);
    y->dict_splat_pat = tsym("dictionary_splat_pattern", true);
    y->global = tsym("global_statement", true);
    y->nonlocal = tsym("nonlocal_statement", true);
    y->attribute = tsym("attribute", true);
    y->keyword_arg = tsym("keyword_argument", true);
    y->assignment = tsym("assignment", true);
    y->augassign = tsym("augmented_assignment", true);
    y->for_stmt = tsym("for_statement", true);
    y->for_in = tsym("for_in_clause", true);
    y->if_clause = tsym("if_clause", true);
    y->named_expr = tsym("named_expression", true);
    y->as_pattern = tsym("as_pattern", true);
    y->as_target = tsym("as_pattern_target", true);
    y->del = tsym("delete_statement", true);
    y->import = tsym("import_statement", true);
    y->import_from = tsym("import_from_statement", true);
    y->dotted = tsym("dotted_name", true);
    y->aliased = tsym("aliased_import", true);
    y->wildcard = tsym("wildcard_import", true);
    y->pattern_list = tsym("pattern_list", true);
    y->tuple_pattern = tsym("tuple_pattern", true);
    y->list_pattern = tsym("list_pattern", true);
    y->tuple = tsym("tuple", true);
    y->list = tsym("list", true);
    y->paren = tsym("parenthesized_expression", true);
    y->list_splat = tsym("list_splat", true);
    y->expr_list = tsym("expression_list", true);
    y->listcomp = tsym("list_comprehension", true);
    y->setcomp = tsym("set_comprehension", true);
    y->dictcomp = tsym("dictionary_comprehension", true);
    y->genexp = tsym("generator_expression", true);
    y->try_stmt = tsym("try_statement", true);
    y->except_clause = tsym("except_clause", true);
    y->block = tsym("block", true);
    y->expr_stmt = tsym("expression_statement", true);
    y->while_stmt = tsym("while_statement", true);
    y->with_stmt = tsym("with_statement", true);
    y->decorated = tsym("decorated_definition", true);
    y->paren_splat = tsym("parenthesized_list_splat", true);
    y->finally_clause = tsym("finally_clause", true);
    y->else_clause = tsym("else_clause", true);
    y->f_name = tfield("name");
    y->f_params = tfield("parameters");
    y->f_body = tfield("body");
    y->f_left = tfield("left");
    y->f_right = tfield("right");
    y->f_value = tfield("value");
    y->f_type = tfield("type");
    y->f_alias = tfield("alias");
    y->f_module = tfield("module_name");
    y->f_ret = tfield("return_type");
    y->f_super = tfield("superclasses");
    y->f_alternative = tfield("alternative");
}

/* The symbols are the grammar's: looked up once a process. */
static tsyms tsyms_init_cached;
static pthread_once_t tsyms_init_once = PTHREAD_ONCE_INIT;

static void tsyms_init_once_init(void)
{
    tsyms_init_build(&tsyms_init_cached);
}

static void tsyms_init(tsyms *y)
{
    pthread_once(&tsyms_init_once, tsyms_init_once_init);
    *y = tsyms_init_cached;
}

/* --- errors ------------------------------------------------------------------ */

static void raise_at(an_diagnosis *d, const char *msg, const char *hint, uint32_t s, uint32_t e)
{
    if (d->found)
        return;
    d->found = true;
    snprintf(d->msg, sizeof d->msg, "%s", msg);
    d->hint = hint;
    d->at = s;
    d->at_end = e > s ? e : s + 1;
    d->reach = d->at_end;
}

/* msg is pre 'name' post */
static void raise_name(an_diagnosis *d, const st *t, const char *pre, const sname *n, const char *post,
                       const char *hint, uint32_t s, uint32_t e)
{
    if (d->found)
        return;
    char msg[160];
    int len = n->len > 100 ? 100 : (int)n->len;
    snprintf(msg, sizeof msg, "%s'%.*s'%s", pre, len, t->p->src + n->s, post);
    raise_at(d, msg, hint, s, e);
}

static const char HINT_GLOBAL[] =
    "put the global or nonlocal statement at the top of the function, before any use of the name";
static const char HINT_NONLOCAL[] =
    "nonlocal names a variable assigned in an enclosing function; assign it there first, or use a plain local";
static const char HINT_WALRUS[] =
    "use a different name for the assignment expression than for the comprehension's loop variable";
static const char HINT_STAR[] = "import the names you use explicitly: from module import a, b";
static const char HINT_STARRED[] =
    "a starred target collects the rest of a sequence: write 'a, *rest = seq' (one starred name, inside a tuple or list)";

/* --- the name table ------------------------------------------------------------ */

static uint32_t hash_name(uint32_t scope, const char *s, uint32_t len)
{
    uint32_t h = 2166136261u ^ scope;
    for (uint32_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static bool rehash(st *t, size_t cap)
{
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h) {
        t->oom = true;
        return false;
    }
    for (size_t i = 0; i < t->nnm; i++) {
        const sname *n = &t->nm[i];
        size_t k = hash_name(n->scope, t->p->src + n->s, n->len) & (cap - 1);
        while (h[k])
            k = (k + 1) & (cap - 1);
        h[k] = (uint32_t)i + 1;
    }
    free(t->hash);
    t->hash = h;
    t->hcap = cap;
    return true;
}

/* The entry of name [s, s+len) in scope, created when `create`; NULL if absent or out of memory. */
static sname *lookup(st *t, uint32_t scope, uint32_t s, uint32_t len, bool create)
{
    const char *src = t->p->src;
    if (t->hcap) {
        size_t k = hash_name(scope, src + s, len) & (t->hcap - 1);
        while (t->hash[k]) {
            sname *n = &t->nm[t->hash[k] - 1];
            if (n->scope == scope && n->len == len && memcmp(src + n->s, src + s, len) == 0)
                return n;
            k = (k + 1) & (t->hcap - 1);
        }
    }
    if (!create || t->oom)
        return NULL;
    if (t->nnm + 1 > t->hcap / 2 && !rehash(t, t->hcap ? t->hcap * 2 : 64))
        return NULL;
    if (t->nnm == t->capnm) {
        size_t cap = t->capnm ? t->capnm * 2 : 64;
        sname *nm = realloc(t->nm, cap * sizeof *nm);
        if (!nm) {
            t->oom = true;
            return NULL;
        }
        t->nm = nm;
        t->capnm = cap;
    }
    sname *n = &t->nm[t->nnm];
    *n = (sname){.scope = scope, .s = s, .len = len};
    size_t k = hash_name(scope, src + s, len) & (t->hcap - 1);
    while (t->hash[k])
        k = (k + 1) & (t->hcap - 1);
    t->hash[k] = (uint32_t)t->nnm + 1;
    t->nnm++;
    return n;
}

static void add_flag(st *t, uint32_t scope, TSNode id, uint32_t flag)
{
    if (!t->track)
        return;
    uint32_t s = ts_node_start_byte(id), e = ts_node_end_byte(id);
    sname *n = lookup(t, scope, s, e - s, true);
    if (n)
        n->flags |= flag;
}

static uint32_t flags_of(st *t, uint32_t scope, TSNode id)
{
    uint32_t s = ts_node_start_byte(id), e = ts_node_end_byte(id);
    sname *n = t->track ? lookup(t, scope, s, e - s, false) : NULL;
    return n ? n->flags : 0;
}

static uint32_t new_scope(st *t, skind kind, uint32_t parent)
{
    if (t->nsc == t->capsc) {
        size_t cap = t->capsc ? t->capsc * 2 : 16;
        sscope *sc = realloc(t->sc, cap * sizeof *sc);
        if (!sc) {
            t->oom = true;
            return parent;
        }
        t->sc = sc;
        t->capsc = cap;
    }
    /* a scope opened inside a comprehension's iterable inherits that
     * (symtable_enter_block copies ste_comp_iter_expr) */
    t->sc[t->nsc] = (sscope){.kind = (uint8_t)kind, .parent = parent,
                             .iter_expr = t->nsc ? t->sc[parent].iter_expr : 0};
    return (uint32_t)t->nsc++;
}

/* --- the visit --------------------------------------------------------------------- */

typedef enum role { R_LOAD, R_STORE, R_PARAM } role;

static void visit(st *t, TSNode n, uint32_t scope, role r, int depth);
static void check_star_target(st *t, TSNode left);

/* ts_node_named_child(n, i) walks n's children from the first: a cursor
 * takes the children of a wide node (a module's statements, a long block
 * or literal) in one pass; for the usual few children it costs more. */
#define WIDE_NODE 16

static void visit_children(st *t, TSNode n, uint32_t scope, role r, int depth)
{
    uint32_t k = ts_node_named_child_count(n);
    if (k <= WIDE_NODE) {
        for (uint32_t i = 0; i < k && !t->gave_up; i++)
            visit(t, ts_node_named_child(n, i), scope, r, depth + 1);
        return;
    }
    TSTreeCursor cur = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&cur)) {
        do {
            TSNode c = ts_tree_cursor_current_node(&cur);
            if (ts_node_is_named(c))
                visit(t, c, scope, r, depth + 1);
        } while (!t->gave_up && ts_tree_cursor_goto_next_sibling(&cur));
    }
    ts_tree_cursor_delete(&cur);
}

static bool is_pattern(const tsyms *y, TSSymbol s)
{
    return s == y->pattern_list || s == y->tuple_pattern || s == y->list_pattern || s == y->tuple ||
           s == y->list || s == y->paren || s == y->list_splat_pat || s == y->list_splat || s == y->expr_list;
}

static bool is_comp(const tsyms *y, TSSymbol s)
{
    return s == y->listcomp || s == y->setcomp || s == y->dictcomp || s == y->genexp;
}

/* `global a, b` / `nonlocal a, b` (symtable_visit_stmt, Global_kind) */
static void visit_directive(st *t, TSNode n, uint32_t scope, bool global)
{
    uint32_t k = ts_node_named_child_count(n);
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    for (uint32_t i = 0; i < k; i++) {
        TSNode id = ts_node_named_child(n, i);
        if (ts_node_symbol(id) != t->y.ident)
            continue;
        uint32_t cur = flags_of(t, scope, id);
        uint32_t is = ts_node_start_byte(id), ie = ts_node_end_byte(id);
        sname tmp = {.s = is, .len = ie - is};
        if (cur & (F_PARAM | F_LOCAL | F_USE | F_ANNOT)) {
            const char *pre = cur & F_ANNOT && !(cur & (F_PARAM | F_USE)) ? "annotated name " : "name ";
            const char *post = cur & F_PARAM ? (global ? " is parameter and global" : " is parameter and nonlocal")
                               : cur & F_USE ? (global ? " is used prior to global declaration"
                                                       : " is used prior to nonlocal declaration")
                               : cur & F_ANNOT ? (global ? " can't be global" : " can't be nonlocal")
                               : (global ? " is assigned to before global declaration"
                                         : " is assigned to before nonlocal declaration");
            raise_name(&t->visit_err, t, pre, &tmp, post, HINT_GLOBAL, s, e);
        }
        add_flag(t, scope, id, global ? F_GLOBAL : F_NONLOCAL);
        sname *nm = t->track ? lookup(t, scope, is, ie - is, false) : NULL;
        if (nm && !nm->dir_e) {
            nm->dir_s = s;
            nm->dir_e = e;
        }
    }
}

/* Parameters bind in the function's scope; their defaults and annotations
 * are evaluated in the enclosing one. */
static void visit_params(st *t, TSNode ps, uint32_t outer, uint32_t inner, int depth)
{
    const tsyms *y = &t->y;
    uint32_t k = ts_node_named_child_count(ps);
    for (uint32_t i = 0; i < k; i++) {
        TSNode a = ts_node_named_child(ps, i);
        TSSymbol s = ts_node_symbol(a);
        if (s == y->ident) {
            add_flag(t, inner, a, F_PARAM);
        } else if (s == y->list_splat_pat || s == y->dict_splat_pat) {
            TSNode id = ts_node_named_child(a, 0);
            if (!ts_node_is_null(id) && ts_node_symbol(id) == y->ident)
                add_flag(t, inner, id, F_PARAM);
        } else if (s == y->default_param || s == y->typed_param || s == y->typed_default) {
            TSNode name = ts_node_child_by_field_id(a, y->f_name);
            if (ts_node_is_null(name))
                name = ts_node_named_child(a, 0);
            if (!ts_node_is_null(name) && ts_node_symbol(name) == y->ident)
                add_flag(t, inner, name, F_PARAM);
            else if (!ts_node_is_null(name) && (ts_node_symbol(name) == y->list_splat_pat ||
                                                 ts_node_symbol(name) == y->dict_splat_pat)) {
                TSNode id = ts_node_named_child(name, 0);
                if (!ts_node_is_null(id) && ts_node_symbol(id) == y->ident)
                    add_flag(t, inner, id, F_PARAM);
            }
            TSNode ty = ts_node_child_by_field_id(a, y->f_type);
            TSNode v = ts_node_child_by_field_id(a, y->f_value);
            if (!ts_node_is_null(ty))
                visit(t, ty, outer, R_LOAD, depth + 1);
            if (!ts_node_is_null(v))
                visit(t, v, outer, R_LOAD, depth + 1);
        }
    }
}

/* symtable_extend_namedexpr_scope: the walrus target binds in the nearest
 * scope that is not a comprehension. */
static void visit_walrus(st *t, TSNode n, uint32_t scope, int depth)
{
    const tsyms *y = &t->y;
    TSNode name = ts_node_child_by_field_id(n, y->f_name);
    TSNode value = ts_node_child_by_field_id(n, y->f_value);
    if (!ts_node_is_null(value))
        visit(t, value, scope, R_LOAD, depth + 1);
    if (ts_node_is_null(name) || ts_node_symbol(name) != y->ident)
        return;
    uint32_t s = ts_node_start_byte(name), e = ts_node_end_byte(name);
    if (t->sc[scope].iter_expr) {
        raise_at(&t->visit_err, "assignment expression cannot be used in a comprehension iterable expression",
                 "compute the iterable before the comprehension", s, e);
        return;
    }
    uint32_t sc = scope;
    for (size_t guard = 0; guard <= t->nsc && t->sc[sc].kind == S_COMP; guard++) {
        if (flags_of(t, sc, name) & F_COMPITER) {
            sname tmp = {.s = s, .len = e - s};
            raise_name(&t->visit_err, t, "assignment expression cannot rebind comprehension iteration variable ", &tmp,
                       "", HINT_WALRUS, s, e);
            return;
        }
        sc = t->sc[sc].parent;
    }
    if (sc != scope && t->sc[sc].kind == S_CLASS) {
        raise_at(&t->visit_err, "assignment expression within a comprehension cannot be used in a class body",
                 "move the comprehension into a function, or assign the value before it", s, e);
        return;
    }
    add_flag(t, sc, name, F_LOCAL);
}

/* list/set/dict comprehensions and generator expressions: the first
 * iterable is evaluated outside, the rest inside their own scope, and the
 * loop variables are known before the element is visited. */
static void visit_comp(st *t, TSNode n, uint32_t scope, int depth)
{
    const tsyms *y = &t->y;
    uint32_t k = ts_node_named_child_count(n);
    bool first = true;
    for (uint32_t i = 0; i < k; i++) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_symbol(c) == y->for_in && first) {
            TSNode r = ts_node_child_by_field_id(c, y->f_right);
            if (!ts_node_is_null(r)) {
                t->sc[scope].iter_expr++;
                visit(t, r, scope, R_LOAD, depth + 1);
                t->sc[scope].iter_expr--;
            }
            first = false;
        }
    }
    uint32_t inner = new_scope(t, S_COMP, scope);
    if (inner == scope)
        return;
    size_t before = t->nnm; /* the new scope's names are the entries from here */
    for (uint32_t i = 0; i < k; i++) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_symbol(c) != y->for_in)
            continue;
        TSNode l = ts_node_child_by_field_id(c, y->f_left);
        if (!ts_node_is_null(l)) {
            check_star_target(t, l);
            visit(t, l, inner, R_STORE, depth + 1);
        }
    }
    /* loop variables are marked after the targets are visited: a walrus in
     * a target is not one of them */
    for (size_t i = before; i < t->nnm; i++)
        if (t->nm[i].scope == inner && (t->nm[i].flags & F_LOCAL))
            t->nm[i].flags |= F_COMPITER;
    first = true;
    for (uint32_t i = 0; i < k; i++) {
        TSNode c = ts_node_named_child(n, i);
        TSSymbol s = ts_node_symbol(c);
        if (s == y->for_in) {
            TSNode r = ts_node_child_by_field_id(c, y->f_right);
            if (!first && !ts_node_is_null(r)) {
                t->sc[inner].iter_expr++;
                visit(t, r, inner, R_LOAD, depth + 1);
                t->sc[inner].iter_expr--;
            }
            first = false;
        } else if (i > 0 || s == y->if_clause) {
            visit(t, c, inner, R_LOAD, depth + 1);
        }
    }
    /* the element (first named child) last, as CPython */
    TSNode body = ts_node_named_child(n, 0);
    if (!ts_node_is_null(body) && ts_node_symbol(body) != y->for_in) {
        if (ts_node_symbol(body) == y->list_splat && ts_node_symbol(n) != y->dictcomp)
            raise_at(&t->parse_err, "iterable unpacking cannot be used in comprehension",
                     "build the list with a loop, or unpack with itertools.chain", ts_node_start_byte(body),
                     ts_node_end_byte(body));
        visit(t, body, inner, R_LOAD, depth + 1);
    }
}

/* The compiler's checks of a starred assignment target (compiler_visit_expr1,
 * unpack_helper): one starred name, inside a tuple or list. */
static void check_star_target(st *t, TSNode left)
{
    const tsyms *y = &t->y;
    TSSymbol s = ts_node_symbol(left);
    if (s == y->list_splat_pat || s == y->list_splat) {
        raise_at(&t->comp_err, "starred assignment target must be in a list or tuple", HINT_STARRED,
                 ts_node_start_byte(left), ts_node_end_byte(left));
        return;
    }
    if (s != y->pattern_list && s != y->tuple_pattern && s != y->list_pattern)
        return;
    uint32_t k = ts_node_named_child_count(left), stars = 0;
    for (uint32_t i = 0; i < k; i++) {
        TSSymbol c = ts_node_symbol(ts_node_named_child(left, i));
        stars += c == y->list_splat_pat || c == y->list_splat;
    }
    if (stars > 1)
        raise_at(&t->comp_err, "multiple starred expressions in assignment", HINT_STARRED, ts_node_start_byte(left),
                 ts_node_end_byte(left));
}

/* A bare `except:` must be the try statement's last handler (compiler_try_except). */
static void check_except_order(st *t, TSNode n)
{
    uint32_t k = ts_node_named_child_count(n);
    TSNode bare = {0};
    bool have_bare = false;
    for (uint32_t i = 0; i < k; i++) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_symbol(c) != t->y.except_clause)
            continue;
        if (have_bare) {
            raise_at(&t->comp_err, "default 'except:' must be last",
                     "put the bare 'except:' after every 'except SomeError:' clause", ts_node_start_byte(bare),
                     ts_node_end_byte(bare));
            return;
        }
        /* bare: its only named child is the block */
        have_bare = ts_node_named_child_count(c) == 1 && ts_node_symbol(ts_node_named_child(c, 0)) == t->y.block;
        bare = c;
    }
}

/* CO_MAXBLOCKS: a loop, with or try body nested 20 deep in one function is
 * the limit (compiler_push_fblock); the statement that would open the 21st
 * is where CPython stops. */
#define MAX_FBLOCKS 20

/* Visits child c of statement n with k more blocks open, checking the limit. */
static void visit_in_blocks(st *t, TSNode n, TSNode c, int k, uint32_t scope, int depth)
{
    if (t->fblocks + k > MAX_FBLOCKS)
        raise_at(&t->comp_err, "too many statically nested blocks",
                 "move the inner loops into helper functions", ts_node_start_byte(n),
                 ts_node_start_byte(n) + 1);
    t->fblocks += k;
    visit(t, c, scope, R_LOAD, depth + 1);
    t->fblocks -= k;
}

/* A new code unit (function, lambda, class body) starts with no block open. */
static void visit_unit(st *t, TSNode body, uint32_t scope, int depth)
{
    int saved = t->fblocks;
    t->fblocks = 0;
    visit(t, body, scope, R_LOAD, depth + 1);
    t->fblocks = saved;
}

static void visit(st *t, TSNode n, uint32_t scope, role r, int depth)
{
    if (depth > AN_MAX_TREE_DEPTH || t->oom) {
        t->gave_up = true;
        return;
    }
    const tsyms *y = &t->y;
    TSSymbol s = ts_node_symbol(n);
    if (s == y->ident) {
        add_flag(t, scope, n, r == R_STORE ? F_LOCAL : r == R_PARAM ? F_PARAM : F_USE);
        return;
    }
    if (s == y->funcdef || s == y->lambda) {
        TSNode name = ts_node_child_by_field_id(n, y->f_name);
        if (!ts_node_is_null(name))
            add_flag(t, scope, name, F_LOCAL);
        TSNode ret = ts_node_child_by_field_id(n, y->f_ret);
        if (!ts_node_is_null(ret))
            visit(t, ret, scope, R_LOAD, depth + 1);
        uint32_t inner = new_scope(t, S_FUNC, scope);
        TSNode ps = ts_node_child_by_field_id(n, y->f_params);
        if (!ts_node_is_null(ps))
            visit_params(t, ps, scope, inner, depth + 1);
        TSNode body = ts_node_child_by_field_id(n, y->f_body);
        if (!ts_node_is_null(body) && inner != scope)
            visit_unit(t, body, inner, depth);
        return;
    }
    if (s == y->classdef) {
        TSNode name = ts_node_child_by_field_id(n, y->f_name);
        if (!ts_node_is_null(name))
            add_flag(t, scope, name, F_LOCAL);
        TSNode sup = ts_node_child_by_field_id(n, y->f_super);
        if (!ts_node_is_null(sup))
            visit(t, sup, scope, R_LOAD, depth + 1);
        uint32_t inner = new_scope(t, S_CLASS, scope);
        TSNode body = ts_node_child_by_field_id(n, y->f_body);
        if (!ts_node_is_null(body) && inner != scope)
            visit_unit(t, body, inner, depth);
        return;
    }
    if (is_comp(y, s)) {
        visit_comp(t, n, scope, depth);
        return;
    }
    if (s == y->global || s == y->nonlocal) {
        visit_directive(t, n, scope, s == y->global);
        return;
    }
    if (s == y->attribute) {
        TSNode obj = ts_node_named_child(n, 0);
        if (!ts_node_is_null(obj))
            visit(t, obj, scope, R_LOAD, depth + 1);
        return;
    }
    if (s == y->keyword_arg) {
        TSNode v = ts_node_child_by_field_id(n, y->f_value);
        if (!ts_node_is_null(v))
            visit(t, v, scope, R_LOAD, depth + 1);
        return;
    }
    if (s == y->named_expr) {
        visit_walrus(t, n, scope, depth);
        return;
    }
    if (s == y->assignment || s == y->augassign) {
        TSNode l = ts_node_child_by_field_id(n, y->f_left);
        TSNode ty = ts_node_child_by_field_id(n, y->f_type);
        TSNode v = ts_node_child_by_field_id(n, y->f_right);
        if (!ts_node_is_null(l)) {
            if (s == y->assignment)
                check_star_target(t, l);
            if (!ts_node_is_null(ty) && ts_node_symbol(l) == y->ident) {
                /* x: T (symtable_visit_stmt, AnnAssign_kind) */
                uint32_t cur = flags_of(t, scope, l);
                if ((cur & (F_GLOBAL | F_NONLOCAL)) && t->sc[scope].kind != S_MODULE) {
                    uint32_t is = ts_node_start_byte(l);
                    sname tmp = {.s = is, .len = ts_node_end_byte(l) - is};
                    raise_name(&t->visit_err, t, "annotated name ", &tmp,
                               cur & F_GLOBAL ? " can't be global" : " can't be nonlocal", HINT_GLOBAL, ts_node_start_byte(n), ts_node_end_byte(n));
                }
                add_flag(t, scope, l, F_ANNOT | F_LOCAL);
            } else {
                visit(t, l, scope, R_STORE, depth + 1);
            }
        }
        if (!ts_node_is_null(ty))
            visit(t, ty, scope, R_LOAD, depth + 1);
        if (!ts_node_is_null(v)) {
            if (s == y->assignment && ts_node_symbol(v) == y->list_splat)
                raise_at(&t->comp_err, "can't use starred expression here",
                         "unpack inside a display: x = [*a] or x = (*a,)", ts_node_start_byte(v),
                         ts_node_end_byte(v));
            visit(t, v, scope, R_LOAD, depth + 1);
        }
        return;
    }
    if (s == y->for_stmt) {
        TSNode l = ts_node_child_by_field_id(n, y->f_left);
        if (!ts_node_is_null(l)) {
            check_star_target(t, l);
            visit(t, l, scope, R_STORE, depth + 1);
        }
        TSNode body = ts_node_child_by_field_id(n, y->f_body);
        uint32_t k = ts_node_named_child_count(n);
        for (uint32_t i = 0; i < k; i++) {
            TSNode c = ts_node_named_child(n, i);
            if (ts_node_eq(c, body))
                visit_in_blocks(t, n, c, 1, scope, depth);
            else if (!ts_node_eq(c, l))
                visit(t, c, scope, R_LOAD, depth + 1);
        }
        return;
    }
    if (s == y->while_stmt || s == y->with_stmt) {
        TSNode body = ts_node_child_by_field_id(n, y->f_body);
        uint32_t k = ts_node_named_child_count(n);
        for (uint32_t i = 0; i < k; i++) {
            TSNode c = ts_node_named_child(n, i);
            if (ts_node_eq(c, body))
                visit_in_blocks(t, n, c, 1, scope, depth);
            else
                visit(t, c, scope, R_LOAD, depth + 1);
        }
        return;
    }
    if (s == y->try_stmt) {
        /* compiler_try_finally / compiler_try_except: the body is inside
         * FINALLY_TRY and TRY_EXCEPT, a handler inside EXCEPTION_HANDLER and
         * HANDLER_CLEANUP, the finally body inside FINALLY_END */
        check_except_order(t, n);
        uint32_t k = ts_node_named_child_count(n);
        bool has_finally = false, has_except = false;
        for (uint32_t i = 0; i < k; i++) {
            TSSymbol cs = ts_node_symbol(ts_node_named_child(n, i));
            has_finally |= cs == y->finally_clause;
            has_except |= cs != y->finally_clause && cs != y->else_clause && cs != y->block;
        }
        TSNode body = ts_node_child_by_field_id(n, y->f_body);
        for (uint32_t i = 0; i < k; i++) {
            TSNode c = ts_node_named_child(n, i);
            TSSymbol cs = ts_node_symbol(c);
            int extra = ts_node_eq(c, body) ? 1 + (has_finally && has_except)
                        : cs == y->finally_clause ? 1
                        : cs == y->else_clause ? (has_finally ? 1 : 0)
                                                : 2 + (has_finally ? 1 : 0);
            visit_in_blocks(t, n, c, extra, scope, depth);
        }
        return;
    }
    if (s == y->as_pattern) {
        uint32_t k = ts_node_named_child_count(n);
        for (uint32_t i = 0; i < k; i++) {
            TSNode c = ts_node_named_child(n, i);
            visit(t, c, scope, ts_node_symbol(c) == y->as_target ? R_STORE : R_LOAD, depth + 1);
        }
        return;
    }
    if (s == y->as_target || s == y->del) {
        visit_children(t, n, scope, R_STORE, depth);
        return;
    }
    if (s == y->import || s == y->import_from) {
        uint32_t k = ts_node_named_child_count(n);
        for (uint32_t i = 0; i < k; i++) {
            TSNode c = ts_node_named_child(n, i);
            TSSymbol cs = ts_node_symbol(c);
            if (s == y->import_from && i == 0)
                continue; /* the module */
            if (cs == y->wildcard) {
                if (t->sc[scope].kind != S_MODULE)
                    raise_at(&t->visit_err, "import * only allowed at module level", HINT_STAR,
                             ts_node_start_byte(c), ts_node_end_byte(c));
            } else if (cs == y->aliased) {
                TSNode a = ts_node_child_by_field_id(c, y->f_alias);
                if (!ts_node_is_null(a))
                    add_flag(t, scope, a, F_IMPORT);
            } else if (cs == y->dotted && ts_node_named_child_count(c) > 0) {
                add_flag(t, scope, ts_node_named_child(c, 0), F_IMPORT);
            }
        }
        return;
    }
    if ((s == y->paren || s == y->paren_splat || (s == y->tuple && ts_node_child_count(n) == 3)) &&
        ts_node_named_child_count(n) == 1 &&
        ts_node_symbol(ts_node_named_child(n, 0)) == y->list_splat) {
        /* tree-sitter reads (*a) as a tuple without its comma */
        /* invalid_group: '(' starred_expression ')' */
        TSNode c = ts_node_named_child(n, 0);
        raise_at(&t->parse_err, "cannot use starred expression here", "unpack inside a display: [*a] or (*a,)",
                 ts_node_start_byte(c), ts_node_end_byte(c));
    }
    visit_children(t, n, scope, is_pattern(y, s) ? r : R_LOAD, depth);
}

/* --- the analysis ------------------------------------------------------------------- */

/* Is the nonlocal name bound in an enclosing function (analyze_block's `bound`)? */
static bool bound_outside(st *t, const sname *n)
{
    uint32_t sc = t->sc[n->scope].parent;
    for (size_t guard = 0; guard <= t->nsc; guard++) {
        if (t->sc[sc].kind == S_MODULE)
            return false;
        const sname *m = lookup(t, sc, n->s, n->len, false);
        uint32_t f = m ? m->flags : 0;
        if (f & F_GLOBAL)
            return false; /* a global declaration takes the name out of `bound` */
        if (t->sc[sc].kind != S_CLASS && (f & (F_LOCAL | F_PARAM | F_IMPORT)) && !(f & F_NONLOCAL))
            return true;
        /* a class body binds __class__ for the methods (super()'s cell) */
        if (t->sc[sc].kind == S_CLASS && n->len == 9 && memcmp(t->p->src + n->s, "__class__", 9) == 0)
            return true;
        sc = t->sc[sc].parent;
    }
    return false;
}

static int by_scope(const void *a, const void *b)
{
    const sname *x = *(const sname *const *)a, *y = *(const sname *const *)b;
    if (x->scope != y->scope)
        return x->scope < y->scope ? -1 : 1;
    return x < y ? -1 : x > y;
}

static void analyze(st *t, an_diagnosis *out)
{
    size_t k = 0;
    for (size_t i = 0; i < t->nnm; i++)
        k += (t->nm[i].flags & (F_GLOBAL | F_NONLOCAL)) != 0;
    if (!k)
        return;
    const sname **v = malloc(k * sizeof *v);
    if (!v) {
        t->oom = true;
        return;
    }
    k = 0;
    for (size_t i = 0; i < t->nnm; i++)
        if (t->nm[i].flags & (F_GLOBAL | F_NONLOCAL))
            v[k++] = &t->nm[i];
    qsort(v, k, sizeof *v, by_scope);
    for (size_t i = 0; i < k && !out->found; i++) {
        const sname *n = v[i];
        if ((n->flags & F_GLOBAL) && (n->flags & F_NONLOCAL))
            raise_name(out, t, "name ", n, " is nonlocal and global", HINT_NONLOCAL, n->dir_s, n->dir_e);
        else if ((n->flags & F_NONLOCAL) && t->sc[n->scope].kind == S_MODULE)
            raise_at(out, "nonlocal declaration not allowed at module level",
                     "nonlocal names a variable of an enclosing function; at the top level, just assign the variable",
                     n->dir_s, n->dir_e);
        else if ((n->flags & F_NONLOCAL) && !bound_outside(t, n))
            raise_name(out, t, "no binding for nonlocal ", n, " found", HINT_NONLOCAL, n->dir_s, n->dir_e);
    }
    free(v);
}

/* Which tokens occur: the name table is only kept when a declaration or a
 * walrus can make it matter. */
static bool needs_names(const an_parse *p, const an_tokres *tr)
{
    for (size_t i = 0; i < tr->n; i++) {
        const an_tok *k = &tr->toks[i];
        size_t l = k->e - k->s;
        const char *s = p->src + k->s;
        if ((k->kind == AN_TK_NAME && ((l == 6 && memcmp(s, "global", 6) == 0) ||
                                        (l == 8 && memcmp(s, "nonlocal", 8) == 0))) ||
            (k->kind == AN_TK_OP && l == 2 && memcmp(s, ":=", 2) == 0) ||
            (k->kind == AN_TK_STRING && memmem(s, l, ":=", 2)))
            return true;
    }
    return false;
}

an_status an_symtab_check(const an_parse *p, const an_tokres *tr, an_diagnosis *sym, an_diagnosis *parse,
                          an_diagnosis *comp)
{
    an_status st_ = AN_OK;
    memset(sym, 0, sizeof *sym);
    memset(parse, 0, sizeof *parse);
    memset(comp, 0, sizeof *comp);
    if (an_parse_nroots(p) == 0)
        return AN_OK;
    st t;
    memset(&t, 0, sizeof t);
    t.p = p;
    t.track = needs_names(p, tr);
    tsyms_init(&t.y);
    uint32_t mod = new_scope(&t, S_MODULE, 0);
    if (t.oom) {
        st_ = AN_ENOMEM;
        goto fail;
    }
    for (size_t i = 0; i < an_parse_nroots(p) && !t.gave_up && !t.oom; i++)
        visit(&t, an_parse_root(p, i), mod, R_LOAD, 0);
    if (t.oom) {
        st_ = AN_ENOMEM;
        goto fail;
    }
    if (!t.gave_up) {
        *parse = t.parse_err;
        *comp = t.comp_err;
        if (t.visit_err.found)
            *sym = t.visit_err;
        else
            analyze(&t, sym);
        if (t.oom) {
            st_ = AN_ENOMEM;
            goto fail;
        }
    }
fail:
    free(t.sc);
    free(t.nm);
    free(t.hash);
    return st_;
}
