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
        while_stmt, with_stmt, decorated, paren_splat, finally_clause, else_clause, yield, print_st, interpolation,
        concat, case_pat, splat_pat, kw_pat, class_pat, string_;
    TSFieldId f_name, f_params, f_body, f_left, f_right, f_value, f_type, f_alias, f_module, f_ret,
        f_super, f_alternative, f_function, f_object;
} tsyms;

typedef struct st {
    const an_parse *p;
    const an_flat *f; /* the root being visited */
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
    bool module_directive; /* a global or nonlocal statement in the module's scope */
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
    y->case_pat = tsym("case_pattern", true);
    y->string_ = tsym("string", true);
    y->splat_pat = tsym("splat_pattern", true);
    y->kw_pat = tsym("keyword_pattern", true);
    y->class_pat = tsym("class_pattern", true);
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
    y->yield = tsym("yield", true);
    y->print_st = tsym("print_statement", true);
    y->interpolation = tsym("interpolation", true);
    y->concat = tsym("concatenated_string", true);
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
    y->f_function = tfield("function");
    y->f_object = tfield("object");
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

/* msg is pre 'name' post */
static void raise_name(an_diagnosis *d, const st *t, const char *pre, const sname *n, const char *post,
                       const char *hint, uint32_t s, uint32_t e)
{
    if (d->found)
        return;
    char msg[160];
    int len = n->len > 100 ? 100 : (int)n->len;
    snprintf(msg, sizeof msg, "%s'%.*s'%s", pre, len, t->p->src + n->s, post);
    an_diagnosis_set(d, msg, hint, s, e);
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

/* --- nodes (of the flat tree, by index) ---------------------------------------- */

/* Only ever asked of a node that exists; 0 (no visible node's symbol) for none. */
static inline TSSymbol SYM(const st *t, uint32_t n)
{
    return n == AN_NONE ? 0 : t->f->v[n].sym;
}

static inline uint32_t BEG(const st *t, uint32_t n)
{
    return t->f->v[n].start;
}

static inline uint32_t END(const st *t, uint32_t n)
{
    return t->f->v[n].end;
}

static inline uint32_t FIELD(const st *t, uint32_t n, TSFieldId f)
{
    return an_flat_child_by_field(t->f, n, f);
}

/* The named children of n, in order: for (c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) */
static inline uint32_t sib(const st *t, uint32_t n, uint32_t c)
{
    const an_node *v = t->f->v;
    for (c = v[c].next; c < v[n].next; c = v[c].next)
        if (v[c].named)
            return c;
    return AN_NONE;
}

static inline uint32_t kid(const st *t, uint32_t n)
{
    const an_node *v = t->f->v;
    uint32_t c = n + 1;
    if (c >= v[n].next)
        return AN_NONE;
    return v[c].named ? c : sib(t, n, c);
}

static inline uint32_t NNAMED(const st *t, uint32_t n)
{
    return an_flat_named_child_count(t->f, n);
}

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

/* A hard keyword other than yield (check_yield_place's): tree-sitter
 * takes some as names where CPython's tokens never are (`in[1:3] = 5`,
 * `lambda del: 0`, `(a, in -1)`). */
static bool hard_keyword(const char *s, size_t l)
{
    static const char *const by_len[9] = {
        NULL, NULL, "as if in is or ", "and def del for not try ", "None True elif else from pass with ",
        "False async await break class raise while ", "assert except global import lambda return ",
        "finally ", "continue nonlocal "};
    if (l < 2 || l > 8)
        return false;
    for (const char *k = by_len[l]; *k; k += l + 1)
        if (memcmp(k, s, l) == 0)
            return true;
    return false;
}

static void add_flag(st *t, uint32_t scope, uint32_t id, uint32_t flag)
{
    if (hard_keyword(t->p->src + BEG(t, id), END(t, id) - BEG(t, id)))
        an_diagnosis_set(&t->parse_err, "invalid syntax", "a keyword cannot be used as a name", BEG(t, id), END(t, id));
    if (!t->track)
        return;
    uint32_t s = BEG(t, id), e = END(t, id);
    sname *n = lookup(t, scope, s, e - s, true);
    if (n)
        n->flags |= flag;
}

static uint32_t flags_of(st *t, uint32_t scope, uint32_t id)
{
    uint32_t s = BEG(t, id), e = END(t, id);
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

static void visit(st *t, uint32_t n, uint32_t scope, role r, int depth);
static void check_star_target(st *t, uint32_t left);

static void visit_children(st *t, uint32_t n, uint32_t scope, role r, int depth)
{
    for (uint32_t c = kid(t, n); c != AN_NONE && !t->gave_up; c = sib(t, n, c))
        visit(t, c, scope, r, depth + 1);
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
static void visit_directive(st *t, uint32_t n, uint32_t scope, bool global)
{
    t->module_directive |= t->sc[scope].kind == S_MODULE;
    uint32_t s = BEG(t, n), e = END(t, n);
    for (uint32_t id = kid(t, n); id != AN_NONE; id = sib(t, n, id)) {
        if (SYM(t, id) != t->y.ident)
            continue;
        uint32_t cur = flags_of(t, scope, id);
        uint32_t is = BEG(t, id), ie = END(t, id);
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
static void visit_params(st *t, uint32_t ps, uint32_t outer, uint32_t inner, int depth)
{
    const tsyms *y = &t->y;
    for (uint32_t a = kid(t, ps); a != AN_NONE; a = sib(t, ps, a)) {
        TSSymbol s = SYM(t, a);
        if (s == y->ident) {
            add_flag(t, inner, a, F_PARAM);
        } else if (s == y->list_splat_pat || s == y->dict_splat_pat) {
            uint32_t id = kid(t, a);
            if (id != AN_NONE && SYM(t, id) == y->ident)
                add_flag(t, inner, id, F_PARAM);
        } else if (s == y->default_param || s == y->typed_param || s == y->typed_default) {
            uint32_t name = FIELD(t, a, y->f_name);
            if (name == AN_NONE)
                name = kid(t, a);
            if (name != AN_NONE && SYM(t, name) == y->ident)
                add_flag(t, inner, name, F_PARAM);
            else if (name != AN_NONE && (SYM(t, name) == y->list_splat_pat ||
                                                 SYM(t, name) == y->dict_splat_pat)) {
                uint32_t id = kid(t, name);
                if (id != AN_NONE && SYM(t, id) == y->ident)
                    add_flag(t, inner, id, F_PARAM);
            }
            uint32_t ty = FIELD(t, a, y->f_type);
            uint32_t v = FIELD(t, a, y->f_value);
            if (ty != AN_NONE)
                visit(t, ty, outer, R_LOAD, depth + 1);
            if (v != AN_NONE)
                visit(t, v, outer, R_LOAD, depth + 1);
        }
    }
}

/* symtable_extend_namedexpr_scope: the walrus target binds in the nearest
 * scope that is not a comprehension. */
static void visit_walrus(st *t, uint32_t n, uint32_t scope, int depth)
{
    const tsyms *y = &t->y;
    uint32_t name = FIELD(t, n, y->f_name);
    uint32_t value = FIELD(t, n, y->f_value);
    if (value != AN_NONE)
        visit(t, value, scope, R_LOAD, depth + 1);
    if (name == AN_NONE || SYM(t, name) != y->ident)
        return;
    uint32_t s = BEG(t, name), e = END(t, name);
    if (t->sc[scope].iter_expr) {
        an_diagnosis_set(&t->visit_err, "assignment expression cannot be used in a comprehension iterable expression",
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
        an_diagnosis_set(&t->visit_err, "assignment expression within a comprehension cannot be used in a class body",
                 "move the comprehension into a function, or assign the value before it", s, e);
        return;
    }
    add_flag(t, sc, name, F_LOCAL);
}

/* list/set/dict comprehensions and generator expressions: the first
 * iterable is evaluated outside, the rest inside their own scope, and the
 * loop variables are known before the element is visited. */
static void visit_comp(st *t, uint32_t n, uint32_t scope, int depth)
{
    const tsyms *y = &t->y;
    bool first = true;
    for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
        if (SYM(t, c) == y->for_in && first) {
            uint32_t r = FIELD(t, c, y->f_right);
            if (r != AN_NONE) {
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
    for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
        if (SYM(t, c) != y->for_in)
            continue;
        uint32_t l = FIELD(t, c, y->f_left);
        if (l != AN_NONE) {
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
    uint32_t body = kid(t, n);
    for (uint32_t c = body; c != AN_NONE; c = sib(t, n, c)) {
        TSSymbol s = SYM(t, c);
        if (s == y->for_in) {
            uint32_t r = FIELD(t, c, y->f_right);
            if (!first && r != AN_NONE) {
                t->sc[inner].iter_expr++;
                visit(t, r, inner, R_LOAD, depth + 1);
                t->sc[inner].iter_expr--;
            }
            first = false;
        } else if (c != body || s == y->if_clause) {
            visit(t, c, inner, R_LOAD, depth + 1);
        }
    }
    /* the element (first named child) last, as CPython */
    if (body != AN_NONE && SYM(t, body) != y->for_in) {
        if (SYM(t, body) == y->list_splat && SYM(t, n) != y->dictcomp)
            an_diagnosis_set(&t->parse_err, "iterable unpacking cannot be used in comprehension",
                     "build the list with a loop, or unpack with itertools.chain", BEG(t, body),
                     END(t, body));
        visit(t, body, inner, R_LOAD, depth + 1);
    }
}

/* The compiler's checks of a starred assignment target (compiler_visit_expr1,
 * unpack_helper): one starred name, inside a tuple or list. */
static void check_star_target(st *t, uint32_t left)
{
    const tsyms *y = &t->y;
    TSSymbol s = SYM(t, left);
    if (s == y->list_splat_pat || s == y->list_splat) {
        an_diagnosis_set(&t->comp_err, "starred assignment target must be in a list or tuple", HINT_STARRED,
                 BEG(t, left), END(t, left));
        return;
    }
    if (s != y->pattern_list && s != y->tuple_pattern && s != y->list_pattern)
        return;
    uint32_t stars = 0;
    for (uint32_t k = kid(t, left); k != AN_NONE; k = sib(t, left, k)) {
        TSSymbol c = SYM(t, k);
        stars += c == y->list_splat_pat || c == y->list_splat;
    }
    if (stars > 1)
        an_diagnosis_set(&t->comp_err, "multiple starred expressions in assignment", HINT_STARRED, BEG(t, left),
                 END(t, left));
}

/* A bare `except:` must be the try statement's last handler (compiler_try_except). */
static void check_except_order(st *t, uint32_t n)
{
    uint32_t bare = AN_NONE;
    bool have_bare = false;
    for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
        if (SYM(t, c) != t->y.except_clause)
            continue;
        if (have_bare) {
            an_diagnosis_set(&t->comp_err, "default 'except:' must be last",
                     "put the bare 'except:' after every 'except SomeError:' clause", BEG(t, bare),
                     END(t, bare));
            return;
        }
        /* bare: its only named child is the block */
        have_bare = NNAMED(t, c) == 1 && SYM(t, kid(t, c)) == t->y.block;
        bare = c;
    }
}

/* CO_MAXBLOCKS: a loop, with or try body nested 20 deep in one function is
 * the limit (compiler_push_fblock); the statement that would open the 21st
 * is where CPython stops. */
#define MAX_FBLOCKS 20

/* Visits child c of statement n with k more blocks open, checking the limit. */
static void visit_in_blocks(st *t, uint32_t n, uint32_t c, int k, uint32_t scope, int depth)
{
    if (t->fblocks + k > MAX_FBLOCKS)
        an_diagnosis_set(&t->comp_err, "too many statically nested blocks",
                 "move the inner loops into helper functions", BEG(t, n),
                 BEG(t, n) + 1);
    t->fblocks += k;
    visit(t, c, scope, R_LOAD, depth + 1);
    t->fblocks -= k;
}

/* A new code unit (function, lambda, class body) starts with no block open. */
static void visit_unit(st *t, uint32_t body, uint32_t scope, int depth)
{
    int saved = t->fblocks;
    t->fblocks = 0;
    visit(t, body, scope, R_LOAD, depth + 1);
    t->fblocks = saved;
}

/* CPython's grammar takes a yield expression only as a statement, as the
 * right side of an assignment, or in its own parentheses; tree-sitter's
 * also as a call's argument, an element, a return value, a for's iterable
 * (`f(yield)`, `(a, yield)`, `return yield`, `yield yield`): the parser
 * fails at the keyword.  A print_statement's parentheses are a call's; an
 * f-string's field is compiled in parentheses of its own. */
static void check_yield_place(st *t, uint32_t n)
{
    const tsyms *y = &t->y;
    const an_node *v = t->f->v;
    uint32_t up = v[n].parent;
    TSSymbol ps = SYM(t, up);
    bool ok = ps == y->expr_stmt || ps == y->interpolation || /* compiled as "(expr)" */
              ((ps == y->assignment || ps == y->augassign) && v[n].field == y->f_right) ||
              (ps == y->paren && SYM(t, v[up].parent) != y->print_st);
    if (!ok)
        an_diagnosis_set(&t->parse_err, "invalid syntax", "put the yield expression in parentheses: f((yield x))", BEG(t, n),
                 BEG(t, n) + 5);
}

/* The byte offset of the first `c` (then `c2`, if not 0) in [s, e), or s. */
static uint32_t find_op(const st *t, uint32_t s, uint32_t e, char c, char c2)
{
    for (uint32_t i = s; i < e; i++)
        if (t->p->src[i] == c && (!c2 || (i + 1 < e && t->p->src[i + 1] == c2)))
            return i;
    return s;
}

static bool is_kind(const st *t, uint32_t n, const char *kind)
{
    const char *k = n == AN_NONE ? NULL : ts_language_symbol_name(tree_sitter_python(), SYM(t, n));
    return k && strcmp(k, kind) == 0;
}

/* Statements whose expression is never starred (`raise *X(1)`, `if *a:`). */
static bool starless_parent(const st *t, uint32_t n)
{
    static const char *const kinds[] = {"raise_statement", "assert_statement", "if_statement", "elif_clause",
                                        "while_statement", NULL};
    for (size_t i = 0; kinds[i]; i++)
        if (is_kind(t, n, kinds[i]))
            return true;
    return false;
}

/* More of what tree-sitter's grammar takes and CPython's parser refuses,
 * each at the token CPython fails on: a star where no starred expression goes (`raise *X(1)`,
 * `[*a, **b]`), an unparenthesized ':=' outside the places the grammar has
 * a named_expression (`x = d := f()`, `a, p := b`, `return x := 1`) and an annotation inside an assignment chain (`t = b.c: T`). */
static void check_parser_only(st *t, uint32_t n)
{
    const tsyms *y = &t->y;
    const an_node *v = t->f->v;
    TSSymbol s = SYM(t, n);
    uint32_t b = BEG(t, n), e = END(t, n), up = v[n].parent;
    if (s == y->list_splat) {
        /* `(a, **kw)` is a star of a star to tree-sitter */
        if (SYM(t, up) == y->list_splat) {
            an_diagnosis_set(&t->parse_err, "invalid syntax", "'**' unpacks a mapping only in a call or a dict display",
                     BEG(t, up), BEG(t, up) + 2);
            return;
        }
        /* tree-sitter binds the star to the first operand of a primary
         * (`*f(x)` is a call of `*f`, `*self.b` an attribute of `*self`):
         * the starred expression is the whole chain */
        uint32_t top = n;
        for (int guard = 0; guard < AN_MAX_TREE_DEPTH && v[top].parent != AN_NONE; guard++) {
            TSFieldId f = v[top].field;
            if (f != y->f_function && f != y->f_object && f != y->f_value)
                break;
            uint32_t p = v[top].parent;
            if (SYM(t, p) != y->attribute && !is_kind(t, p, "call") && !is_kind(t, p, "subscript"))
                break;
            top = p;
        }
        uint32_t tp = v[top].parent;
        if (top != n && starless_parent(t, tp))
            /* `[*f(x)]` is such a call too: only where no starred
             * expression goes is `*X(1)` an error */
            an_diagnosis_set(&t->parse_err, "invalid syntax", "a starred expression cannot go here", b, b + 1);
        else if (is_kind(t, tp, "return_statement") || (is_kind(t, tp, "for_statement") && v[top].field == y->f_right))
            an_diagnosis_set(&t->comp_err, "can't use starred expression here", "unpack inside a display: return [*a]", b,
                     END(t, top));
        else if (top != n && SYM(t, tp) == y->assignment && v[top].field == y->f_left)
            an_diagnosis_set(&t->comp_err, "starred assignment target must be in a list or tuple", HINT_STARRED, b,
                     END(t, top));
    } else if (s == y->as_pattern) {
        /* `print as(1)`: 'as' binds only in with, except and case */
        uint32_t holder = SYM(t, up) == y->paren ? v[up].parent : up; /* with (m() as x): */
        if (!is_kind(t, holder, "with_item") && !is_kind(t, up, "except_clause") &&
            !is_kind(t, up, "except_group_clause") && !is_kind(t, up, "case_pattern")) {
            uint32_t first = kid(t, n);
            uint32_t at = find_op(t, first != AN_NONE ? END(t, first) : b, e, 'a', 's');
            an_diagnosis_set(&t->parse_err, "invalid syntax", "'as' names a value only in with, except and case", at, at + 2);
        }
    } else if (s == y->concat) {
        /* the parser's: adjacent literals are all bytes or all text */
        int kinds = 0;
        for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
            if (t->p->src[BEG(t, c)] == '#')
                continue; /* a comment between the parts */
            bool bytes = false;
            for (uint32_t i = BEG(t, c); i < END(t, c) && t->p->src[i] != '\'' && t->p->src[i] != '"'; i++)
                bytes = bytes || t->p->src[i] == 'b' || t->p->src[i] == 'B';
            kinds |= bytes ? 1 : 2;
        }
        if (kinds == 3)
            an_diagnosis_set(&t->parse_err, "cannot mix bytes and nonbytes literals", "write all the adjacent literals as bytes (b'...') or all as text",
                     e, e + 1);
    } else if (s == y->named_expr) {
        /* where the grammar has a named_expression: a group, a call's
         * argument, a condition, a display's or a subscript's item, a
         * comprehension's element, a decorator (a statement is walk()'s
         * case; a conditional expression's parts get other messages) */
        static const char *const ok[] = {"parenthesized_expression", "argument_list", "if_statement", "elif_clause",
                                         "while_statement", "list", "set", "tuple", "subscript", "list_comprehension",
                                         "set_comprehension", "generator_expression", "decorator",
                                         "expression_statement", "conditional_expression", "interpolation",
                                         "match_statement", "case_clause", NULL};
        bool fine = false;
        for (size_t k = 0; ok[k] && !fine; k++)
            fine = is_kind(t, up, ok[k]);
        if (!fine) {
            uint32_t at = find_op(t, b, e, ':', '=');
            an_diagnosis_set(&t->parse_err, "invalid syntax", "write 'x = value', or put ':=' in parentheses: (y := value)",
                     at, at + 2);
        }
    } else if (s == y->assignment && SYM(t, up) == y->assignment && FIELD(t, n, y->f_type) != AN_NONE) {
        uint32_t left = FIELD(t, n, y->f_left);
        uint32_t at = find_op(t, left != AN_NONE ? END(t, left) : b, e, ':', 0);
        an_diagnosis_set(&t->parse_err, "invalid syntax", "annotate a name in its own statement: 'x: T = value'", at, at + 1);
    }
}

/* A case pattern binds its captures (a bare name, an as-target, *rest,
 * **rest) and reads the first name of its value patterns and classes; a
 * keyword pattern's attribute name is neither (symtable_visit_pattern). */
static void visit_pattern(st *t, uint32_t n, uint32_t scope, int depth)
{
    const tsyms *y = &t->y;
    if (depth > AN_MAX_TREE_DEPTH || t->oom) {
        t->gave_up = true;
        return;
    }
    TSSymbol s = SYM(t, n);
    if (s == y->dotted) {
        uint32_t first = kid(t, n);
        if (first != AN_NONE)
            add_flag(t, scope, first, sib(t, n, first) == AN_NONE ? F_LOCAL : F_USE);
        return;
    }
    if (s == y->ident) { /* an as-target, or the name of *rest / **rest */
        add_flag(t, scope, n, F_LOCAL);
        return;
    }
    if (s == y->kw_pat) {
        for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c))
            if (c != kid(t, n))
                visit_pattern(t, c, scope, depth + 1);
        return;
    }
    if (s == y->string_ || s == y->concat) {
        visit(t, n, scope, R_LOAD, depth + 1); /* an f-string's fields (the compiler refuses it later) */
        return;
    }
    for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c))
        visit_pattern(t, c, scope, depth + 1);
}

static void visit(st *t, uint32_t n, uint32_t scope, role r, int depth)
{
    if (depth > AN_MAX_TREE_DEPTH || t->oom) {
        t->gave_up = true;
        return;
    }
    const tsyms *y = &t->y;
    TSSymbol s = SYM(t, n);
    /* a bare `yield` where the grammar wants an operand is an identifier
     * to tree-sitter (`f(yield)`, `return yield`) */
    if (s == y->yield || (s == y->ident && END(t, n) - BEG(t, n) == 5 && memcmp(t->p->src + BEG(t, n), "yield", 5) == 0))
        check_yield_place(t, n);
    else if (s == y->list_splat || s == y->named_expr || s == y->assignment || s == y->as_pattern || s == y->concat)
        check_parser_only(t, n);
    if (s == y->ident) {
        add_flag(t, scope, n, r == R_STORE ? F_LOCAL : r == R_PARAM ? F_PARAM : F_USE);
        return;
    }
    if (s == y->funcdef || s == y->lambda) {
        uint32_t name = FIELD(t, n, y->f_name);
        if (name != AN_NONE)
            add_flag(t, scope, name, F_LOCAL);
        uint32_t ret = FIELD(t, n, y->f_ret);
        if (ret != AN_NONE)
            visit(t, ret, scope, R_LOAD, depth + 1);
        uint32_t inner = new_scope(t, S_FUNC, scope);
        uint32_t ps = FIELD(t, n, y->f_params);
        if (ps != AN_NONE)
            visit_params(t, ps, scope, inner, depth + 1);
        uint32_t body = FIELD(t, n, y->f_body);
        if (body != AN_NONE && inner != scope)
            visit_unit(t, body, inner, depth);
        return;
    }
    if (s == y->classdef) {
        uint32_t name = FIELD(t, n, y->f_name);
        if (name != AN_NONE)
            add_flag(t, scope, name, F_LOCAL);
        uint32_t sup = FIELD(t, n, y->f_super);
        if (sup != AN_NONE)
            visit(t, sup, scope, R_LOAD, depth + 1);
        uint32_t inner = new_scope(t, S_CLASS, scope);
        uint32_t body = FIELD(t, n, y->f_body);
        if (body != AN_NONE && inner != scope)
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
        uint32_t obj = kid(t, n);
        if (obj != AN_NONE)
            visit(t, obj, scope, R_LOAD, depth + 1);
        return;
    }
    if (s == y->keyword_arg) {
        uint32_t v = FIELD(t, n, y->f_value);
        if (v != AN_NONE)
            visit(t, v, scope, R_LOAD, depth + 1);
        return;
    }
    if (s == y->named_expr) {
        visit_walrus(t, n, scope, depth);
        return;
    }
    if (s == y->assignment || s == y->augassign) {
        uint32_t l = FIELD(t, n, y->f_left);
        uint32_t ty = FIELD(t, n, y->f_type);
        uint32_t v = FIELD(t, n, y->f_right);
        if (l != AN_NONE) {
            if (s == y->assignment)
                check_star_target(t, l);
            if (ty != AN_NONE && SYM(t, l) == y->ident) {
                /* x: T (symtable_visit_stmt, AnnAssign_kind) */
                uint32_t cur = flags_of(t, scope, l);
                if ((cur & (F_GLOBAL | F_NONLOCAL)) && t->sc[scope].kind != S_MODULE) {
                    uint32_t is = BEG(t, l);
                    sname tmp = {.s = is, .len = END(t, l) - is};
                    raise_name(&t->visit_err, t, "annotated name ", &tmp,
                               cur & F_GLOBAL ? " can't be global" : " can't be nonlocal", HINT_GLOBAL, BEG(t, n), END(t, n));
                }
                add_flag(t, scope, l, F_ANNOT | F_LOCAL);
            } else {
                visit(t, l, scope, R_STORE, depth + 1);
            }
        }
        if (ty != AN_NONE)
            visit(t, ty, scope, R_LOAD, depth + 1);
        if (v != AN_NONE) {
            if (s == y->assignment && SYM(t, v) == y->list_splat)
                an_diagnosis_set(&t->comp_err, "can't use starred expression here",
                         "unpack inside a display: x = [*a] or x = (*a,)", BEG(t, v),
                         END(t, v));
            visit(t, v, scope, R_LOAD, depth + 1);
        }
        return;
    }
    if (s == y->for_stmt) {
        uint32_t l = FIELD(t, n, y->f_left);
        if (l != AN_NONE) {
            check_star_target(t, l);
            visit(t, l, scope, R_STORE, depth + 1);
        }
        uint32_t body = FIELD(t, n, y->f_body);
        for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
            if (c == body)
                visit_in_blocks(t, n, c, 1, scope, depth);
            else if (c != l)
                visit(t, c, scope, R_LOAD, depth + 1);
        }
        return;
    }
    if (s == y->while_stmt || s == y->with_stmt) {
        uint32_t body = FIELD(t, n, y->f_body);
        for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
            if (c == body)
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
        bool has_finally = false, has_except = false;
        for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
            TSSymbol cs = SYM(t, c);
            has_finally |= cs == y->finally_clause;
            has_except |= cs != y->finally_clause && cs != y->else_clause && cs != y->block;
        }
        uint32_t body = FIELD(t, n, y->f_body);
        for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c)) {
            TSSymbol cs = SYM(t, c);
            int extra = c == body ? 1 + (has_finally && has_except)
                        : cs == y->finally_clause ? 1
                        : cs == y->else_clause ? (has_finally ? 1 : 0)
                                                : 2 + (has_finally ? 1 : 0);
            visit_in_blocks(t, n, c, extra, scope, depth);
        }
        return;
    }
    if (s == y->case_pat) {
        visit_pattern(t, n, scope, depth + 1);
        return;
    }
    if (s == y->as_pattern) {
        for (uint32_t c = kid(t, n); c != AN_NONE; c = sib(t, n, c))
            visit(t, c, scope, SYM(t, c) == y->as_target ? R_STORE : R_LOAD, depth + 1);
        return;
    }
    if (s == y->as_target || s == y->del) {
        visit_children(t, n, scope, R_STORE, depth);
        return;
    }
    if (s == y->import || s == y->import_from) {
        uint32_t first = kid(t, n);
        for (uint32_t c = first; c != AN_NONE; c = sib(t, n, c)) {
            TSSymbol cs = SYM(t, c);
            if (s == y->import_from && c == first)
                continue; /* the module */
            if (cs == y->wildcard) {
                if (t->sc[scope].kind != S_MODULE)
                    an_diagnosis_set(&t->visit_err, "import * only allowed at module level", HINT_STAR,
                             BEG(t, c), END(t, c));
            } else if (cs == y->aliased) {
                uint32_t a = FIELD(t, c, y->f_alias);
                if (a != AN_NONE)
                    add_flag(t, scope, a, F_IMPORT);
            } else if (cs == y->dotted && NNAMED(t, c) > 0) {
                add_flag(t, scope, kid(t, c), F_IMPORT);
            }
        }
        return;
    }
    if ((s == y->paren || s == y->paren_splat || (s == y->tuple && an_flat_child_count(t->f, n) == 3)) &&
        NNAMED(t, n) == 1 && SYM(t, kid(t, n)) == y->list_splat) {
        /* tree-sitter reads (*a) as a tuple without its comma */
        /* invalid_group: '(' starred_expression ')' */
        uint32_t c = kid(t, n);
        an_diagnosis_set(&t->parse_err, "cannot use starred expression here", "unpack inside a display: [*a] or (*a,)",
                 BEG(t, c), END(t, c));
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
            an_diagnosis_set(out, "nonlocal declaration not allowed at module level",
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

/* The roots from..to-1 visited in one table; *ana is what analyze() finds
 * when the visit raised nothing. */
static void run_roots(st *t, const an_parse *p, bool track, size_t from, size_t to, an_diagnosis *ana)
{
    memset(t, 0, sizeof *t);
    memset(ana, 0, sizeof *ana);
    t->p = p;
    t->track = track;
    tsyms_init(&t->y);
    uint32_t mod = new_scope(t, S_MODULE, 0);
    for (size_t i = from; i < to && !t->gave_up && !t->oom; i++) {
        t->f = &p->flat[i];
        visit(t, 0, mod, R_LOAD, 0);
    }
    if (!t->oom && !t->gave_up && !t->visit_err.found)
        analyze(t, ana);
}

static void st_free(st *t)
{
    free(t->sc);
    free(t->nm);
    free(t->hash);
}

/* Lint's batches, each in a table of its own on the worker threads: the
 * names of one batch meet another's only in the module's scope, and only a
 * global or nonlocal statement there reads them (then the caller visits
 * again in one table). */
typedef struct rootjob {
    const an_parse *p;
    bool track;
    st *t;
    an_diagnosis *ana;
} rootjob;

static void root_task(void *ctx, size_t task, unsigned worker)
{
    rootjob *j = ctx;
    (void)worker;
    run_roots(&j->t[task], j->p, j->track, task, task + 1, &j->ana[task]);
    /* what merging needs is kept; the tables go */
    st_free(&j->t[task]);
    j->t[task].sc = NULL;
    j->t[task].nm = NULL;
    j->t[task].hash = NULL;
}

/* Per root in parallel; *done false when that cannot stand for one visit. */
static an_status symtab_parallel(const an_parse *p, bool track, an_diagnosis *sym, an_diagnosis *parse,
                                 an_diagnosis *comp, bool *done)
{
    *done = false;
    size_t n = p->nflat;
    rootjob j = {.p = p, .track = track, .t = calloc(n, sizeof *j.t), .ana = calloc(n, sizeof *j.ana)};
    an_status st_ = AN_ENOMEM;
    if (!j.t || !j.ana)
        goto fail;
    an_tasks_run(p->threads, n, root_task, &j);
    bool gave_up = false, directive = false;
    st_ = AN_OK;
    for (size_t i = 0; i < n; i++) {
        if (j.t[i].oom)
            st_ = AN_ENOMEM;
        gave_up |= j.t[i].gave_up;
        directive |= j.t[i].module_directive;
    }
    if (st_ != AN_OK || directive)
        goto fail;
    *done = true;
    if (gave_up)
        goto fail; /* as one visit: nothing is reported */
    /* each kind: the first in source order, as one visit raises them */
    const an_diagnosis *visit_err = NULL, *ana = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!parse->found && j.t[i].parse_err.found)
            *parse = j.t[i].parse_err;
        if (!comp->found && j.t[i].comp_err.found)
            *comp = j.t[i].comp_err;
        if (!visit_err && j.t[i].visit_err.found)
            visit_err = &j.t[i].visit_err;
        if (!ana && j.ana[i].found)
            ana = &j.ana[i];
    }
    if (visit_err)
        *sym = *visit_err;
    else if (ana)
        *sym = *ana;
fail:
    free(j.t);
    free(j.ana);
    return st_;
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
    bool track = needs_names(p, tr);
    if (p->threads > 1 && p->nflat > 1) {
        bool done;
        st_ = symtab_parallel(p, track, sym, parse, comp, &done);
        if (st_ != AN_OK || done)
            return st_;
    }
    st t;
    an_diagnosis ana;
    run_roots(&t, p, track, 0, p->nflat, &ana);
    if (t.oom) {
        st_ = AN_ENOMEM;
    } else if (!t.gave_up) {
        *parse = t.parse_err;
        *comp = t.comp_err;
        *sym = t.visit_err.found ? t.visit_err : ana;
    }
    st_free(&t);
    return st_;
}
