/*
 * lower.c - walks the tree-sitter tree once and builds the compact program
 * the interpreter runs: numeric node kinds, parsed constants, interned names,
 * function locals resolved to frame slots and captured variables to cells.
 *
 * Only node types listed here are accepted; anything else is refused with a
 * SyntaxError naming the construct and its line, because an error-free
 * tree-sitter tree is not necessarily valid Python: the grammar accepts
 * more than CPython's parser does.
 * Recursion follows the tree and is capped by MAX_DEPTH.
 */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/lower_int.h"
#include "evaluator/numfmt.h"
#include <utf8proc.h>
#include "evaluator/ucd.h"

/* Chunks grow from small to ARENA_CHUNK: a function defined by a one-line
 * notebook cell keeps that cell's program alive, which must not cost 16 KiB
 * for as long as the function lives. */
#define ARENA_FIRST 1024
#define ARENA_CHUNK 16384

static const char *const sym_names[S_COUNT] = {
    "module", "expression_statement", "assignment", "augmented_assignment", "if_statement",
    "elif_clause", "else_clause", "while_statement", "for_statement", "break_statement",
    "continue_statement", "pass_statement", "return_statement", "function_definition",
    "parameters", "default_parameter", "block", "global_statement", "delete_statement",
    "raise_statement", "try_statement", "except_clause", "finally_clause", "assert_statement",
    "import_statement", "import_from_statement", "identifier", "integer", "float", "string",
    "concatenated_string", "true", "false", "none", "binary_operator", "unary_operator",
    "not_operator", "boolean_operator", "comparison_operator", "call", "argument_list",
    "keyword_argument", "attribute", "subscript", "slice", "list", "tuple", "dictionary",
    "pair", "parenthesized_expression", "conditional_expression", "expression_list",
    "pattern_list", "tuple_pattern", "list_pattern", "string_start", "string_content",
    "string_end", "interpolation", "escape_sequence", "escape_interpolation",
    "type_conversion", "format_specifier", "format_expression", "comment", "as_pattern",
    "as_pattern_target", "dotted_name", "aliased_import", "line_continuation", "ellipsis",
    "nonlocal_statement", "list_splat", "list_splat_pattern", "dictionary_splat",
    "relative_import", "wildcard_import", "named_expression", "list_comprehension",
    "dictionary_comprehension", "set_comprehension", "generator_expression", "for_in_clause",
    "if_clause", "lambda", "lambda_parameters", "yield", "set",
};

static const char *const fld_names[F_COUNT] = {
    "left", "right", "operator", "condition", "consequence", "alternative", "body", "name",
    "parameters", "value", "function", "arguments", "object", "attribute", "subscript",
    "key", "argument", "expression", "type_conversion", "format_specifier", "module_name",
    "alias", "type",
};

/* ---- arena ------------------------------------------------------------------------ */

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[];
} chunk;

void *lw_arena_alloc(lower *L, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    chunk *c = L->prog->arena;
    if (!c || c->cap - c->used < n) {
        size_t cap = !c ? ARENA_FIRST : c->cap >= ARENA_CHUNK / 2 ? ARENA_CHUNK : c->cap * 2;
        if (cap < n)
            cap = n;
        chunk *nc = ev_alloc(L->I, sizeof(chunk) + cap);
        if (!nc) {
            L->failed = true;
            return NULL;
        }
        nc->next = c;
        nc->used = 0;
        nc->cap = cap;
        L->prog->arena = nc;
        c = nc;
    }
    void *p = (char *)c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

/* ---- errors ------------------------------------------------------------------------ */

ev_node *lw_fail_at(lower *L, TSNode n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
ev_node *lw_fail_at(lower *L, TSNode n, const char *fmt, ...)
{
    if (L->failed)
        return NULL;
    L->failed = true;
    if (L->I->limit)
        return NULL;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    (void)ev_raise(L->I, &ev_type_SyntaxError, "%s", msg);
    if (!ts_node_is_null(n)) {
        TSPoint p = ts_node_start_point(n);
        L->I->syntax_line = p.row + 1;
        /* caret column in code points */
        uint32_t start = ts_node_start_byte(n), col = 1;
        for (uint32_t i = start - p.column; i < start; i++)
            if (((unsigned char)L->src[i] & 0xC0) != 0x80)
                col++;
        L->I->syntax_col = col;
    }
    return NULL;
}

/* CPython's compiler recursed past CPY_COMPILE_DEPTH: its RecursionError,
 * which it prints without a traceback or a location */
ev_node *lw_compile_too_deep(lower *L)
{
    if (L->failed)
        return NULL;
    L->failed = true;
    if (!L->I->limit)
        (void)ev_raise(L->I, &ev_type_RecursionError, "maximum recursion depth exceeded during compilation");
    return NULL;
}

ev_node *lw_unsupported(lower *L, TSNode n, const char *what)
{
    return lw_fail_at(L, n, "%s is not supported by safepy yet (line %u)", what,
                   ts_node_start_point(n).row + 1);
}

/* ---- helpers ------------------------------------------------------------------------ */

ev_node *lw_node_new(lower *L, ev_nkind k, TSNode ts)
{
    ev_node *n = lw_arena_alloc(L, sizeof *n);
    if (!n)
        return NULL;
    n->kind = (uint8_t)k;
    L->prog->nnodes++;
    L->prog->shape = (L->prog->shape ^ (uint64_t)(k + 1)) * 0x100000001b3ull; /* FNV-1a over the kinds */
    TSPoint p = ts_node_start_point(ts);
    n->line = p.row + 1;
    n->col = p.column;
    TSPoint e = ts_node_end_point(ts);
    n->end_line = e.row + 1;
    n->end_col = e.column;
    return n;
}

ev_funcdef *lw_funcdef_new(lower *L)
{
    ev_program *p = L->prog;
    if (p->ndefs == p->capdefs) {
        uint32_t cap = p->capdefs ? p->capdefs * 2 : 8;
        ev_funcdef **defs = ev_realloc(L->I, p->defs, cap * sizeof *defs);
        if (!defs) {
            L->failed = true;
            return NULL;
        }
        p->defs = defs;
        p->capdefs = cap;
    }
    ev_funcdef *d = lw_arena_alloc(L, sizeof *d);
    if (d)
        p->defs[p->ndefs++] = d;
    return d;
}

ev_node **lw_list_new(lower *L, uint32_t n)
{
    return lw_arena_alloc(L, sizeof(ev_node *) * (n ? n : 1));
}

bool lw_is(lower *L, TSNode n, enum sym s)
{
    if (ts_node_is_null(n))
        return false;
    TSSymbol sy = ts_node_symbol(n);
    return sy < L->nsyms && L->symmap[sy] == (uint8_t)(s + 1);
}

TSNode lw_field(lower *L, TSNode n, enum fld f)
{
    return ts_node_child_by_field_id(n, L->fld[f]);
}

ev_str *lw_intern_node(lower *L, TSNode n)
{
    if (ts_node_is_null(n)) {
        L->failed = true;
        return NULL;
    }
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    bool ascii = true;
    for (uint32_t i = s; i < e && ascii; i++)
        ascii = (unsigned char)L->src[i] < 0x80;
    ev_str *name;
    if (ascii) {
        name = ev_intern(L->I, L->src + s, e - s);
    } else {
        /* identifiers are NFKC-normalised, as CPython's parser does:
         * ｐｒｉｎｔ is print (and the rules saw the same name) */
        utf8proc_uint8_t *norm = NULL;
        utf8proc_ssize_t len = utf8proc_map((const utf8proc_uint8_t *)L->src + s, e - s, &norm,
                                            UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
        name = len < 0 ? NULL : ev_intern(L->I, (const char *)norm, (size_t)len);
        free(norm);
    }
    if (!name) {
        L->failed = true;
        return NULL;
    }
    return lw_mangle(L, name);
}

/* Private names: inside a class body (and the functions in it) `__x` is
 * `_Class__x`, as CPython's compiler mangles it, so a subclass's own
 * `self.__x` does not overwrite its parent's. */
ev_str *lw_mangle(lower *L, ev_str *name)
{
    if (name->len < 3 || name->data[0] != '_' || name->data[1] != '_' ||
        (name->data[name->len - 1] == '_' && name->data[name->len - 2] == '_') || memchr(name->data, '.', name->len))
        return name;
    const ev_str *cls = NULL;
    for (scope *s = L->sc; s && !cls; s = s->up)
        if (s->is_class)
            cls = s->class_name;
    if (!cls)
        return name;
    size_t skip = 0;
    while (skip < cls->len && cls->data[skip] == '_')
        skip++;
    if (skip == cls->len)
        return name; /* a class named only with underscores mangles nothing */
    char buf[512];
    int n = snprintf(buf, sizeof buf, "_%s%s", cls->data + skip, name->data);
    if (n < 0 || (size_t)n >= sizeof buf)
        return name;
    ev_str *m = ev_intern(L->I, buf, (size_t)n);
    if (!m)
        L->failed = true;
    return m;
}

static int keep_const(lower *L, ev_value v)
{
    ev_program *p = L->prog;
    if (v.tag != EV_T_OBJ)
        return 0;
    if (p->nconsts == p->capconsts) {
        size_t cap = p->capconsts ? p->capconsts * 2 : 16;
        ev_value *nv = ev_realloc(L->I, p->consts, cap * sizeof *nv);
        if (!nv)
            return -1;
        p->consts = nv;
        p->capconsts = cap;
    }
    p->consts[p->nconsts++] = v;
    return 0;
}

int lw_grow(lower *L, void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    uint32_t nc = *cap ? *cap * 2 : 8;
    while (nc < need)
        nc *= 2;
    void *na = ev_realloc(L->I, *arr, nc * elem);
    if (!na) {
        L->failed = true;
        return -1;
    }
    *arr = na;
    *cap = nc;
    return 0;
}

/* ---- expressions ------------------------------------------------------------------------ */

ev_node *lw_lower_expr(lower *L, TSNode n);
ev_node *lw_lower_block(lower *L, TSNode n);
ev_node *lw_lower_lambda(lower *L, TSNode t);
ev_node *lw_lower_comprehension(lower *L, TSNode t, int kind);
ev_node *lw_lower_target(lower *L, TSNode t);

/* Resolve a name: a local slot, a cell of an enclosing function (every
 * function in between passes it on as a free variable), or a global. */
ev_node *lw_lower_name(lower *L, TSNode t)
{
    ev_str *name = lw_intern_node(L, t);
    if (!name)
        return NULL;
    scope *cur = L->sc;
    if (cur && cur->is_function && !lw_scope_is_global(cur, name) && !lw_scope_is_nonlocal(cur, name)) {
        int slot = lw_scope_find(cur, name);
        if (slot >= 0) {
            ev_node *n = lw_node_new(L, N_LOCAL, t);
            if (!n)
                return NULL;
            n->slot = slot;
            n->name = name;
            n->op = cur->is_class; /* unbound: read as a global (LOAD_NAME) */
            if (lw_grow(L, (void **)&cur->localnodes, &cur->caplocalnodes, cur->nlocalnodes + 1,
                     sizeof(ev_node *)))
                return NULL;
            cur->localnodes[cur->nlocalnodes++] = n;
            return n;
        }
    }
    if (cur && cur->is_function && !lw_scope_is_global(cur, name)) {
        if (name->len == 5 && memcmp(name->data, "super", 5) == 0 && lw_capture_class_cell(L))
            return NULL;
        for (scope *s = cur->up; s && s->is_function; s = s->up) {
            if (lw_scope_is_global(s, name))
                break;
            if (s->is_class && strcmp(name->data, "__class__") != 0)
                continue; /* a class body's names are not seen by its methods */
            int slot = lw_scope_is_nonlocal(s, name) ? -1 : lw_scope_find(s, name);
            if (slot < 0)
                continue;
            if (lw_mark_cell(L, s, slot))
                return NULL;
            for (scope *k = cur; k != s; k = k->up)
                if (lw_free_index(L, k, name) < 0)
                    return NULL;
            ev_node *n = lw_node_new(L, N_FREE, t);
            if (n) {
                n->slot = lw_free_index(L, cur, name);
                n->name = name;
            }
            return n;
        }
        if (lw_scope_is_nonlocal(cur, name))
            return lw_fail_at(L, t, "no binding for nonlocal '%s' found", name->data);
    }
    ev_node *n = lw_node_new(L, N_GLOBAL, t);
    if (n)
        n->name = name;
    return n;
}

ev_node *lw_lower_const(lower *L, TSNode t, ev_value v)
{
    if (EV_IS_ERR(v)) {
        L->failed = true;
        return NULL;
    }
    if (keep_const(L, v)) {
        ev_decref(L->I, v);
        L->failed = true;
        return NULL;
    }
    ev_node *n = lw_node_new(L, N_CONST, t);
    if (n)
        n->cval = v;
    return n;
}

/* 5j, 1.5e3J: the digits read as a float (leading zeros allowed) */
static ev_node *lower_imaginary(lower *L, TSNode t, const char *p, size_t len)
{
    double d;
    if (len < 2 || strchr("0123456789.", p[0]) == NULL || ev_parse_float(p, len - 1, &d) != EV_NF_OK)
        return lw_fail_at(L, t, "invalid imaginary literal");
    return lw_lower_const(L, t, ev_complex_new(L->I, 0.0, d));
}

static ev_node *lower_integer(lower *L, TSNode t)
{
    uint32_t s = ts_node_start_byte(t), e = ts_node_end_byte(t);
    const char *p = L->src + s;
    size_t len = e - s;
    if (len > 0 && (p[len - 1] == 'j' || p[len - 1] == 'J'))
        return lower_imaginary(L, t, p, len);
    if (len > 0 && (p[len - 1] == 'l' || p[len - 1] == 'L'))
        return lw_fail_at(L, t, "invalid decimal literal");
    /* Leading zeros in a decimal literal are a syntax error in Python 3. */
    if (len > 1 && p[0] == '0' && strchr("xXoObB", p[1]) == NULL) {
        for (size_t i = 0; i < len; i++)
            if (p[i] != '0' && p[i] != '_')
                return lw_fail_at(L, t,
                               "leading zeros in decimal integer literals are not permitted; "
                               "use an 0o prefix for octal integers");
    }
    mpz_t z;
    mpz_init(z);
    char err[EV_NF_ERRLEN];
    err[0] = '\0';
    ev_nf_status st = ev_parse_int(p, len, 0, z, err);
    ev_value v = EV_ERR;
    if (st == EV_NF_OK)
        v = ev_int_from_mpz(L->I, z);
    mpz_clear(z);
    if (st != EV_NF_OK)
        return lw_fail_at(L, t, "%s", st == EV_NF_VALUE_ERROR && err[0] ? err : "invalid decimal literal");
    return lw_lower_const(L, t, v);
}

static ev_node *lower_float(lower *L, TSNode t)
{
    uint32_t s = ts_node_start_byte(t), e = ts_node_end_byte(t);
    const char *p = L->src + s;
    size_t len = e - s;
    if (len > 0 && (p[len - 1] == 'j' || p[len - 1] == 'J'))
        return lower_imaginary(L, t, p, len);
    double d;
    if (ev_parse_float(p, len, &d) != EV_NF_OK)
        return lw_fail_at(L, t, "invalid float literal");
    return lw_lower_const(L, t, ev_float(d));
}

static ev_node *lower_star(lower *L, TSNode c, ev_nkind kind)
{
    ev_node *st = lw_node_new(L, kind, c);
    if (st)
        st->a = lw_lower_expr(L, ts_node_named_child(c, 0));
    return L->failed ? NULL : st;
}

/* tree-sitter-python reads `[*f(x)]` as a call whose function is `*f`:
 * the leftmost operand of a call/attribute/subscript chain being a splat
 * means the whole expression is the starred item.  *leaf is that splat. */
static bool misread_splat(lower *L, TSNode c, TSNode *leaf)
{
    for (int depth = 0; depth < MAX_DEPTH && !ts_node_is_null(c); depth++) {
        if (lw_is_splat(L, c)) {
            *leaf = c;
            return depth > 0;
        }
        if (lw_is(L, c, S_call))
            c = lw_field(L, c, F_function);
        else if (lw_is(L, c, S_attribute))
            c = lw_field(L, c, F_object);
        else if (lw_is(L, c, S_subscript))
            c = lw_field(L, c, F_value);
        else
            return false;
    }
    return false;
}

/* The starred item `*chain` of a misread splat: the chain lowered with its
 * leftmost splat (only that node) read as its operand. */
static ev_node *lower_misread_star(lower *L, TSNode c, TSNode leaf)
{
    ev_node *st = lw_node_new(L, N_STAR, c);
    if (!st)
        return NULL;
    const void *saved = L->unwrap_splat;
    L->unwrap_splat = leaf.id;
    st->a = lw_lower_expr(L, c);
    L->unwrap_splat = saved;
    return L->failed ? NULL : st;
}

/* A starred item of a call's arguments, a display or a subscript, in either
 * of the grammar's forms; NULL when c is not one (*is_star false). */
static ev_node *lower_star_item(lower *L, TSNode c, bool *is_star)
{
    TSNode leaf;
    *is_star = true;
    if (lw_is_splat(L, c))
        return lower_star(L, c, N_STAR);
    if (misread_splat(L, c, &leaf))
        return lower_misread_star(L, c, leaf);
    *is_star = false;
    return NULL;
}

ev_node *lw_lower_seq(lower *L, TSNode t, ev_nkind k)
{
    uint32_t nc = ts_node_named_child_count(t), n = 0;
    ev_node *node = lw_node_new(L, k, t);
    if (!node || !(node->list = lw_list_new(L, nc)))
        return NULL;
    node->slot = -1;
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (lw_is(L, c, S_comment))
            continue;
        if (k == N_DICT) {
            if (lw_is(L, c, S_dictionary_splat)) {
                /* {**d, k: v}: merged in order */
                if (!(node->list[n++] = lower_star(L, c, N_KWSPLAT)))
                    return NULL;
                node->flags |= DISPLAY_UNPACK;
                continue;
            }
            if (!lw_is(L, c, S_pair))
                return lw_fail_at(L, c, "invalid syntax");
            ev_node *p = lw_node_new(L, N_TUPLE, c);
            if (!p)
                return NULL;
            p->a = lw_lower_expr(L, lw_field(L, c, F_key));
            p->b = lw_lower_expr(L, lw_field(L, c, F_value));
            node->list[n++] = p;
            continue;
        }
        TSNode leaf;
        if (!L->in_target && k != N_DICT && misread_splat(L, c, &leaf)) {
            ev_node *st = lower_misread_star(L, c, leaf);
            if (!st)
                return NULL;
            node->list[n++] = st;
            node->flags |= DISPLAY_UNPACK;
            continue;
        }
        if (lw_is_splat(L, c) && !L->in_target) {
            /* [a, *xs], (*a, *b), {*s, x}: the iterable's items, in order */
            if (!(node->list[n++] = lower_star(L, c, N_STAR)))
                return NULL;
            node->flags |= DISPLAY_UNPACK;
            continue;
        }
        if (lw_is_splat(L, c) || lw_is(L, c, S_dictionary_splat)) {
            if (!L->in_target || lw_is(L, c, S_dictionary_splat))
                return lw_fail_at(L, c, "invalid syntax");
            if (node->slot >= 0)
                return lw_fail_at(L, c, "multiple starred expressions in assignment");
            node->slot = (int32_t)n; /* position of the starred target */
            if (!(node->list[n++] = lower_star(L, c, N_STAR)))
                return NULL;
            continue;
        }
        node->list[n++] = lw_lower_expr(L, c);
    }
    node->n = n;
    return L->failed ? NULL : node;
}

static const struct { const char *sym; ev_binop op; } binops[] = {
    {"+", EV_OP_ADD}, {"-", EV_OP_SUB}, {"*", EV_OP_MUL}, {"/", EV_OP_TRUEDIV},
    {"//", EV_OP_FLOORDIV}, {"%", EV_OP_MOD}, {"**", EV_OP_POW}, {"<<", EV_OP_LSHIFT},
    {">>", EV_OP_RSHIFT}, {"&", EV_OP_AND}, {"|", EV_OP_OR}, {"^", EV_OP_XOR},
    {"@", EV_OP_MATMUL},
};

int lw_binop_of(lower *L, TSNode op, bool aug)
{
    uint32_t s = ts_node_start_byte(op), e = ts_node_end_byte(op);
    size_t len = e - s - (aug ? 1 : 0);
    for (size_t i = 0; i < sizeof binops / sizeof *binops; i++)
        if (strlen(binops[i].sym) == len && memcmp(binops[i].sym, L->src + s, len) == 0)
            return (int)binops[i].op;
    return -1;
}

/* The precedence level of a left-associative binary operator; 0 for `**`
 * (right-associative) and for `&`/`^` (lower_bitchain). */
static int binop_level(int op)
{
    switch (op) {
    case EV_OP_ADD:
    case EV_OP_SUB:
        return 1;
    case EV_OP_MUL:
    case EV_OP_MATMUL:
    case EV_OP_TRUEDIV:
    case EV_OP_FLOORDIV:
    case EV_OP_MOD:
        return 2;
    case EV_OP_LSHIFT:
    case EV_OP_RSHIFT:
        return 3;
    case EV_OP_OR:
        return 4;
    default:
        return 0;
    }
}

static ev_node *binop_step(lower *L, ev_binop op, ev_node *a, ev_node *b, TSNode first, TSNode last)
{
    ev_node *n = lw_node_new(L, N_BINOP, first);
    if (!n)
        return NULL;
    TSPoint e = ts_node_end_point(last);
    n->end_line = e.row + 1;
    n->end_col = e.column;
    n->op = (uint8_t)op;
    n->a = a;
    n->b = b;
    return n;
}

/* The BinOp ancestors CPython's tree has above operand i of a chain of k
 * operands: to the left, ((o0 + o1) + o2), o0 is under k - 1 and oi under
 * k - i; to the right, o0 ** (o1 ** o2), the mirror image. */
static uint32_t chain_ancestors(uint32_t i, uint32_t k, bool right)
{
    if (k < 2)
        return 0;
    if (right)
        i = k - 1 - i;
    return i == 0 ? k - 1 : k - i;
}

/* Operands lo[i]..hi[i] of the source, i < k, joined by ops[0..k-1): one
 * N_BINOP for two, else an N_BINCHAIN whose steps are positioned as
 * CPython's nested BinOps.  The operands are lowered in source order, each
 * counted at the depth CPython's tree puts it (base: the chain's parent's
 * depth, plus anc[i] when given, for lower_bitchain's terms).  The chain is
 * one level of the lowering's own nesting. */
static ev_node *chain_build(lower *L, const TSNode *lo, const TSNode *hi, const uint8_t *ops, uint32_t k,
                            bool right, int base, ev_node **done)
{
    ev_node **v = done;
    if (!v) {
        if (!(v = lw_list_new(L, k)))
            return NULL;
        int saved = L->cdepth;
        for (uint32_t i = 0; i < k; i++) {
            L->cdepth = base + (int)chain_ancestors(i, k, right);
            v[i] = lw_lower_expr(L, lo[i]);
            L->cdepth = saved;
            if (L->failed)
                return NULL;
        }
    }
    if (k == 1)
        return v[0];
    if (k == 2)
        return binop_step(L, (ev_binop)ops[0], v[0], v[1], lo[0], hi[1]);
    ev_node *n = lw_node_new(L, N_BINCHAIN, lo[0]);
    ev_node **list = lw_list_new(L, 2 * k - 1);
    if (!n || !list)
        return NULL;
    TSPoint e = ts_node_end_point(hi[k - 1]);
    n->end_line = e.row + 1;
    n->end_col = e.column;
    n->op = right ? EV_OP_POW : 0;
    n->n = k;
    n->list = list;
    if (!(n->ops = lw_arena_alloc(L, k - 1)))
        return NULL;
    memcpy(n->ops, ops, k - 1);
    for (uint32_t i = 0; i < k; i++)
        list[i] = v[i];
    for (uint32_t j = 0; j + 1 < k; j++) {
        /* the BinOp joining operands j and j + 1 spans from the chain's
         * start (to the left) or from operand j (to the right) */
        list[k + j] = binop_step(L, (ev_binop)ops[j], v[j], v[j + 1], right ? lo[j] : lo[0], right ? hi[k - 1] : hi[j + 1]);
        if (!list[k + j])
            return NULL;
    }
    return n;
}

/* A chain of one precedence level: `a + b - c` is ((a + b) - c) to the
 * grammar, `a ** b ** c` is (a ** (b ** c)).  Its spine is read without
 * recursion, and only the operands enter lw_lower_expr, so a chain of
 * 2,900 operands is one level of the lowering's nesting and one node
 * evaluated in a loop, where CPython's compiler counts it as deep as it is
 * (CPY_COMPILE_DEPTH). */
static ev_node *lower_binchain(lower *L, TSNode t, int op)
{
    bool right = op == EV_OP_POW;
    int level = binop_level(op);
    uint32_t k = 2;
    TSNode x = lw_field(L, t, right ? F_right : F_left);
    for (;;) {
        if (!lw_is(L, x, S_binary_operator))
            break;
        int o = lw_binop_of(L, lw_field(L, x, F_operator), false);
        if (right ? o != EV_OP_POW : (level == 0 || binop_level(o) != level))
            break;
        k++;
        x = lw_field(L, x, right ? F_right : F_left);
    }
    if (k == 2) {
        ev_node *n = lw_node_new(L, N_BINOP, t);
        if (!n)
            return NULL;
        n->op = (uint8_t)op;
        n->a = lw_lower_expr(L, lw_field(L, t, F_left));
        n->b = lw_lower_expr(L, lw_field(L, t, F_right));
        return L->failed ? NULL : n;
    }
    if (right && k > CPY_POW_CHAIN) {
        /* CPython's parser recurses into each `**`: past its stack of 6,000
         * levels it raises a bare MemoryError (how many fit depends a
         * little on what encloses the chain: 2,965 to 2,984 operands) */
        L->failed = true;
        if (!L->I->limit)
            (void)ev_raise_memory_error(L->I);
        return NULL;
    }
    TSNode *opnd = ev_alloc(L->I, k * sizeof *opnd);
    uint8_t *ops = ev_alloc(L->I, k);
    ev_node *n = NULL;
    if (!opnd || !ops) {
        L->failed = true;
        goto out;
    }
    /* down the spine: to the left, the top joins operands k-2 and k-1 */
    x = t;
    for (uint32_t j = 0; j + 1 < k; j++) {
        uint32_t at = right ? j : k - 2 - j;
        ops[at] = (uint8_t)lw_binop_of(L, lw_field(L, x, F_operator), false);
        opnd[right ? at : at + 1] = lw_field(L, x, right ? F_left : F_right);
        x = lw_field(L, x, right ? F_right : F_left);
    }
    opnd[right ? k - 1 : 0] = x;
    n = chain_build(L, opnd, opnd, ops, k, right, L->cdepth - 1, NULL);
out:
    ev_dealloc(L->I, opnd);
    ev_dealloc(L->I, ops);
    return L->failed ? NULL : n;
}

/* tree-sitter-python 0.23 ranks `^` above `&` (Python ranks `&` above `^`), so
 * `3 ^ 2 & 1` arrives as `(3 ^ 2) & 1`.  A chain of unparenthesized `&`/`^`
 * operators is read in source order (an explicit stack, no recursion) and
 * rebuilt with Python's precedence: `^` over `&`-terms, both
 * left-associative.  Operators that bind tighter or looser than both are
 * ranked correctly by the grammar, so they stay operands or parents of the
 * chain. */
typedef struct {
    TSNode *opnd;
    uint8_t *ops;
    uint32_t n, cap;
} bitchain;

static bool is_bitop(lower *L, TSNode t, int *op)
{
    if (!lw_is(L, t, S_binary_operator))
        return false;
    *op = lw_binop_of(L, lw_field(L, t, F_operator), false);
    return *op == EV_OP_AND || *op == EV_OP_XOR;
}

static bool bitchain_collect(lower *L, TSNode t, bitchain *c)
{
    /* in-order: the stack holds the &/^ nodes whose left side is being
     * read; an operand is followed by the operator of the node it closes */
    size_t cap = 64, sp = 0;
    TSNode *stack = ev_alloc(L->I, cap * sizeof *stack);
    bool ok = false;
    if (!stack)
        goto out;
    int op;
    for (;;) {
        while (is_bitop(L, t, &op)) {
            if (sp == cap) {
                TSNode *ns = ev_realloc(L->I, stack, 2 * cap * sizeof *ns);
                if (!ns)
                    goto out;
                stack = ns;
                cap *= 2;
            }
            stack[sp++] = t;
            t = lw_field(L, t, F_left);
        }
        if (c->n == c->cap) {
            uint32_t nc = c->cap * 2;
            TSNode *no = ev_realloc(L->I, c->opnd, nc * sizeof *no);
            if (no)
                c->opnd = no;
            uint8_t *nops = no ? ev_realloc(L->I, c->ops, nc) : NULL;
            if (nops)
                c->ops = nops;
            if (!no || !nops)
                goto out;
            c->cap = nc;
        }
        c->opnd[c->n++] = t;
        if (sp == 0)
            break;
        TSNode up = stack[--sp];
        is_bitop(L, up, &op);
        c->ops[c->n - 1] = (uint8_t)op; /* the operator after operand n-1 */
        t = lw_field(L, up, F_right);
    }
    ok = true;
out:
    ev_dealloc(L->I, stack);
    if (!ok)
        L->failed = true;
    return ok;
}

static ev_node *lower_bitchain(lower *L, TSNode t)
{
    bitchain c = {.cap = 16};
    c.opnd = ev_alloc(L->I, sizeof *c.opnd * c.cap);
    c.ops = c.opnd ? ev_alloc(L->I, c.cap) : NULL;
    ev_node *x = NULL;
    uint32_t *term = NULL; /* the first operand of each &-term, then c.n */
    TSNode *lo = NULL, *hi = NULL;
    uint8_t *xops = NULL;
    if (!c.ops) {
        L->failed = true;
        goto out;
    }
    if (!bitchain_collect(L, t, &c))
        goto out;
    uint32_t nt = 0;
    if (!(term = ev_alloc(L->I, (c.n + 1) * sizeof *term))) {
        L->failed = true;
        goto out;
    }
    for (uint32_t i = 0; i < c.n; i++)
        if (i == 0 || c.ops[i - 1] == EV_OP_XOR)
            term[nt++] = i;
    term[nt] = c.n;
    int base = L->cdepth - 1;
    ev_node **terms = lw_list_new(L, nt);
    if (!terms || !(lo = ev_alloc(L->I, nt * sizeof *lo)) || !(hi = ev_alloc(L->I, nt * sizeof *hi)) ||
        !(xops = ev_alloc(L->I, nt))) {
        L->failed = true;
    } else {
        for (uint32_t k = 0; k < nt && !L->failed; k++) {
            uint32_t s = term[k], m = term[k + 1] - s;
            lo[k] = c.opnd[s];
            hi[k] = c.opnd[s + m - 1];
            xops[k] = EV_OP_XOR;
            terms[k] = chain_build(L, c.opnd + s, c.opnd + s, c.ops + s, m, false,
                                   base + (int)chain_ancestors(k, nt, false), NULL);
        }
        if (!L->failed)
            x = chain_build(L, lo, hi, xops, nt, false, base, terms);
    }
out:
    ev_dealloc(L->I, lo);
    ev_dealloc(L->I, hi);
    ev_dealloc(L->I, xops);
    ev_dealloc(L->I, term);
    ev_dealloc(L->I, c.opnd);
    ev_dealloc(L->I, c.ops);
    return L->failed ? NULL : x;
}

/* `a and b and c`: the grammar nests it to the left, ((a and b) and c);
 * CPython's BoolOp holds the operands of one operator side by side, and so
 * does N_AND/N_OR (list, n >= 2): the chain is read down its left spine
 * without recursion, and only the operands enter lw_lower_expr, so 10,000
 * of them are one level of nesting as in CPython. */
static ev_node *lower_boolchain(lower *L, TSNode t)
{
    char c = L->src[ts_node_start_byte(lw_field(L, t, F_operator))];
    uint32_t k = 2;
    TSNode x = lw_field(L, t, F_left);
    while (lw_is(L, x, S_boolean_operator) && L->src[ts_node_start_byte(lw_field(L, x, F_operator))] == c) {
        k++;
        x = lw_field(L, x, F_left);
    }
    ev_node *n = lw_node_new(L, c == 'a' ? N_AND : N_OR, t);
    if (!n || !(n->list = lw_list_new(L, k)))
        return NULL;
    n->n = k;
    /* operands k-1 down to 1 are the right operands up the spine; 0 is the
     * left end */
    x = t;
    for (uint32_t i = k - 1; i > 0; i--) {
        n->list[i] = lw_lower_expr(L, lw_field(L, x, F_right));
        if (L->failed)
            return NULL;
        x = lw_field(L, x, F_left);
    }
    n->list[0] = lw_lower_expr(L, x);
    return L->failed ? NULL : n;
}

static ev_node *lower_call(lower *L, TSNode t)
{
    TSNode args = lw_field(L, t, F_arguments);
    ev_node *n = lw_node_new(L, N_CALL, t);
    if (!n)
        return NULL;
    n->a = lw_lower_expr(L, lw_field(L, t, F_function));
    if (lw_is(L, args, S_generator_expression)) {
        /* f(x for x in xs): one positional argument */
        if (!(n->list = lw_list_new(L, 1)) || !(n->names = lw_arena_alloc(L, sizeof(ev_str *))))
            return NULL;
        n->list[0] = lw_lower_expr(L, args);
        n->n = n->nargs = 1;
        return L->failed ? NULL : n;
    }
    if (!lw_is(L, args, S_argument_list))
        return lw_fail_at(L, args, "invalid syntax");
    uint32_t nc = ts_node_named_child_count(args);
    if (!(n->list = lw_list_new(L, nc)))
        return NULL;
    n->names = lw_arena_alloc(L, sizeof(ev_str *) * (nc ? nc : 1));
    if (!n->names)
        return NULL;
    /* positional arguments (a *iterable may follow keywords, not a
     * **mapping) first, then the keywords: CPython evaluates them in that
     * order, f(y=g(), *h()) calls h before g */
    uint32_t count = 0, nkw = 0;
    bool seen_kw = false, seen_kwsplat = false;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(args, i);
        if (lw_is(L, c, S_comment))
            continue;
        if (lw_is(L, c, S_keyword_argument)) {
            seen_kw = true;
            continue;
        }
        if (lw_is(L, c, S_dictionary_splat)) {
            seen_kwsplat = true;
            continue;
        }
        bool star;
        ev_node *item = lower_star_item(L, c, &star);
        if (star) {
            if (seen_kwsplat)
                return lw_fail_at(L, c, "iterable argument unpacking follows keyword argument unpacking");
            if (!item)
                return NULL;
            n->list[count++] = item;
            n->flags |= CALL_STAR;
        } else {
            if (seen_kw || seen_kwsplat)
                return lw_fail_at(L, c, seen_kwsplat ? "positional argument follows keyword argument unpacking"
                                                     : "positional argument follows keyword argument");
            n->list[count++] = lw_lower_expr(L, c);
        }
        n->nargs++;
    }
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(args, i);
        if (lw_is(L, c, S_keyword_argument)) {
            ev_str *name = lw_intern_node(L, lw_field(L, c, F_name));
            for (uint32_t k = 0; k < nkw; k++)
                if (name && n->names[k] == name)
                    return lw_fail_at(L, c, "keyword argument repeated: %s", name->data);
            n->names[nkw++] = name;
            n->list[count++] = lw_lower_expr(L, lw_field(L, c, F_value));
        } else if (lw_is(L, c, S_dictionary_splat)) {
            /* **mapping: a keyword entry without a name */
            n->names[nkw++] = NULL;
            n->list[count++] = lower_star(L, c, N_KWSPLAT);
            n->flags |= CALL_STAR;
        }
    }
    n->n = count;
    return L->failed ? NULL : n;
}

/* One index of a subscript: a slice `lo:hi:step` becomes N_SLICE (a slice
 * object when evaluated), anything else an expression. */
static ev_node *lower_index(lower *L, TSNode s)
{
    if (!lw_is(L, s, S_slice))
        return lw_lower_expr(L, s);
    ev_node *sl = lw_node_new(L, N_SLICE, s);
    if (!sl)
        return NULL;
    /* children: [lo] ':' [hi] [':' [step]], placed by colon count */
    int part = 0;
    uint32_t sc = ts_node_child_count(s);
    for (uint32_t i = 0; i < sc; i++) {
        TSNode c = ts_node_child(s, i);
        if (!ts_node_is_named(c)) {
            part++;
            continue;
        }
        if (lw_is(L, c, S_comment))
            continue;
        ev_node *e = lw_lower_expr(L, c);
        if (part == 0)
            sl->a = e;
        else if (part == 1)
            sl->b = e;
        else
            sl->c = e;
    }
    return sl;
}

/* a[i], a[i:j], a[i, j:k], a[i,] and a[*b, c] (3.11): several indices, a
 * trailing comma or a starred index make the key a tuple. */
static ev_node *lower_subscript(lower *L, TSNode t)
{
    ev_node *n = lw_node_new(L, N_SUBSCRIPT, t);
    if (!n)
        return NULL;
    /* the value and the key are read, even in `a[k] = v` */
    bool saved_target = L->in_target;
    L->in_target = false;
    n->a = lw_lower_expr(L, lw_field(L, t, F_value));
    uint32_t nsub = 0;
    bool inside = false, comma = false; /* field names are unreliable past the first index */
    for (TSNode c = ts_node_child(t, 0); !ts_node_is_null(c); c = ts_node_next_sibling(c)) {
        if (!ts_node_is_named(c)) {
            char ch = L->src[ts_node_start_byte(c)];
            if (ts_node_end_byte(c) - ts_node_start_byte(c) == 1 && ch == '[')
                inside = true;
            else if (inside && ch == ',')
                comma = true;
        } else if (inside && !lw_is(L, c, S_comment)) {
            nsub++;
        }
    }
    if (nsub == 0) {
        L->in_target = saved_target;
        return L->failed ? NULL : lw_fail_at(L, t, "invalid syntax");
    }
    ev_node *tup = NULL;
    if (nsub > 1 || comma) {
        tup = lw_node_new(L, N_TUPLE, t);
        if (!tup || !(tup->list = lw_list_new(L, nsub))) {
            L->in_target = saved_target;
            return NULL;
        }
        tup->slot = -1;
        n->b = tup;
    }
    inside = false;
    for (TSNode c = ts_node_child(t, 0); !ts_node_is_null(c) && !L->failed; c = ts_node_next_sibling(c)) {
        if (!ts_node_is_named(c)) {
            if (ts_node_end_byte(c) - ts_node_start_byte(c) == 1 && L->src[ts_node_start_byte(c)] == '[')
                inside = true;
            continue;
        }
        if (!inside || lw_is(L, c, S_comment))
            continue;
        bool star;
        ev_node *item = lower_star_item(L, c, &star);
        if (star && !tup) {
            /* a[*b]: the key is the tuple of b's items */
            if (!(tup = lw_node_new(L, N_TUPLE, t)) || !(tup->list = lw_list_new(L, 1)))
                break;
            tup->slot = -1;
            n->b = tup;
        }
        if (!star)
            item = lower_index(L, c);
        if (!item)
            break;
        if (!tup) {
            n->b = item;
            break;
        }
        if (star)
            tup->flags |= DISPLAY_UNPACK;
        tup->list[tup->n++] = item;
    }
    L->in_target = saved_target;
    return L->failed ? NULL : n;
}

static int compare_op(const char *p, size_t len)
{
    static const struct { const char *s; int op; } ops[] = {
        {"<", 0}, {"<=", 1}, {"==", 2}, {"!=", 3}, {">", 4}, {">=", 5},
        {"in", CMP_IN}, {"is", CMP_IS}, {"not", CMP_NOT_IN},
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (strlen(ops[i].s) == len && memcmp(ops[i].s, p, len) == 0)
            return ops[i].op;
    /* "is not" / "not in" may arrive as one token with inner spaces */
    if (len >= 6 && !memcmp(p, "is", 2) && !memcmp(p + len - 3, "not", 3))
        return CMP_IS_NOT;
    if (len >= 6 && !memcmp(p, "not", 3) && !memcmp(p + len - 2, "in", 2))
        return CMP_NOT_IN;
    return -1;
}

static ev_node *lower_compare(lower *L, TSNode t)
{
    ev_node *n = lw_node_new(L, N_COMPARE, t);
    uint32_t nc = ts_node_child_count(t);
    if (!n || !(n->list = lw_list_new(L, nc)) || !(n->ops = lw_arena_alloc(L, nc)))
        return NULL;
    uint32_t nops = 0;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (ts_node_is_named(c)) {
            if (!lw_is(L, c, S_comment))
                n->list[n->n++] = lw_lower_expr(L, c);
            continue;
        }
        uint32_t s = ts_node_start_byte(c), e = ts_node_end_byte(c);
        if (e - s == 2 && !memcmp(L->src + s, "<>", 2))
            return lw_fail_at(L, c, "invalid syntax: use '!=' instead of '<>'");
        int op = compare_op(L->src + s, e - s);
        if (op < 0)
            return lw_unsupported(L, c, "this comparison operator");
        /* "is" "not" and "not" "in" as two tokens in a row */
        if (nops > 0 && n->n == nops) {
            uint8_t prev = n->ops[nops - 1];
            if (prev == CMP_IS && op == CMP_NOT_IN) {
                n->ops[nops - 1] = CMP_IS_NOT;
                continue;
            }
            if (prev == CMP_NOT_IN && op == CMP_IN)
                continue;
        }
        n->ops[nops++] = (uint8_t)op;
    }
    if (!L->failed && nops + 1 != n->n)
        return lw_fail_at(L, t, "invalid syntax");
    return L->failed ? NULL : n;
}

/* The grammar reads a parenthesized target, `(a) = 1` or `(x[0]) += 1`, as a
 * tuple pattern of one element; without a comma it is just that element. */
TSNode lw_unparen_pattern(lower *L, TSNode t)
{
    for (int depth = 0; depth < MAX_DEPTH && lw_is(L, t, S_tuple_pattern); depth++) {
        TSNode inner = {0};
        uint32_t nc = ts_node_child_count(t), named = 0;
        for (uint32_t i = 0; i < nc; i++) {
            TSNode c = ts_node_child(t, i);
            if (!ts_node_is_named(c)) {
                if (strcmp(ts_node_type(c), ",") == 0)
                    return t;
                continue;
            }
            if (lw_is(L, c, S_comment))
                continue;
            inner = c;
            named++;
        }
        if (named != 1)
            return t;
        t = inner; /* a splat here, `(*a) = 1`, is the caller's SyntaxError */
    }
    return t;
}

static ev_node *lower_expr_inner(lower *L, TSNode t)
{
    if (ts_node_is_null(t))
        return lw_fail_at(L, t, "invalid syntax");
    if (lw_is(L, t, S_identifier))
        return lw_lower_name(L, t);
    if (lw_is(L, t, S_integer))
        return lower_integer(L, t);
    if (lw_is(L, t, S_float))
        return lower_float(L, t);
    if (lw_is(L, t, S_true))
        return lw_lower_const(L, t, EV_TRUE);
    if (lw_is(L, t, S_false))
        return lw_lower_const(L, t, EV_FALSE);
    if (lw_is(L, t, S_none))
        return lw_lower_const(L, t, EV_NONE);
    if (lw_is(L, t, S_string))
        return lw_lower_strings(L, t, &t, 1);
    if (lw_is(L, t, S_concatenated_string)) {
        /* any number of pieces: 'a' 'b' ... as long as the source */
        uint32_t nc = ts_node_named_child_count(t), ns = 0;
        TSNode *strs = lw_arena_alloc(L, sizeof *strs * (nc ? nc : 1));
        if (!strs)
            return NULL;
        for (TSNode c = ts_node_named_child(t, 0); !ts_node_is_null(c) && ns < nc; c = ts_node_next_named_sibling(c))
            if (lw_is(L, c, S_string))
                strs[ns++] = c;
        return lw_lower_strings(L, t, strs, ns);
    }
    if (lw_is(L, t, S_parenthesized_expression)) {
        TSNode inner = ts_node_named_child(t, 0);
        while (!ts_node_is_null(inner) && lw_is(L, inner, S_comment))
            inner = ts_node_next_named_sibling(inner);
        if (ts_node_is_null(inner))
            return lw_fail_at(L, t, "invalid syntax");
        return lw_lower_expr(L, inner);
    }
    if (lw_is(L, t, S_binary_operator)) {
        int op = lw_binop_of(L, lw_field(L, t, F_operator), false);
        if (op < 0)
            return lw_unsupported(L, t, "this binary operator");
        if (op == EV_OP_AND || op == EV_OP_XOR)
            return lower_bitchain(L, t);
        return lower_binchain(L, t, op);
    }
    if (lw_is(L, t, S_unary_operator)) {
        char c = L->src[ts_node_start_byte(lw_field(L, t, F_operator))];
        ev_node *n = lw_node_new(L, N_UNARY, t);
        if (!n)
            return NULL;
        n->op = c == '-' ? UN_NEG : c == '+' ? UN_POS : UN_INVERT;
        n->a = lw_lower_expr(L, lw_field(L, t, F_argument));
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_not_operator)) {
        ev_node *n = lw_node_new(L, N_NOT, t);
        if (n)
            n->a = lw_lower_expr(L, lw_field(L, t, F_argument));
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_boolean_operator))
        return lower_boolchain(L, t);
    if (lw_is(L, t, S_comparison_operator))
        return lower_compare(L, t);
    if (lw_is(L, t, S_call))
        return lower_call(L, t);
    if (lw_is(L, t, S_attribute)) {
        ev_node *n = lw_node_new(L, N_ATTR, t);
        if (!n)
            return NULL;
        n->a = lw_lower_expr(L, lw_field(L, t, F_object));
        n->name = lw_intern_node(L, lw_field(L, t, F_attribute));
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_subscript))
        return lower_subscript(L, t);
    if (lw_is(L, t, S_list) || lw_is(L, t, S_list_pattern))
        return lw_lower_seq(L, t, N_LIST);
    if (lw_is(L, t, S_tuple_pattern)) {
        TSNode inner = lw_unparen_pattern(L, t);
        if (lw_is_splat(L, inner))
            return lw_fail_at(L, inner, "cannot use starred expression here");
        if (!ts_node_eq(inner, t))
            return lw_lower_expr(L, inner);
    }
    if (lw_is(L, t, S_tuple) || lw_is(L, t, S_expression_list) || lw_is(L, t, S_pattern_list) ||
        lw_is(L, t, S_tuple_pattern))
        return lw_lower_seq(L, t, N_TUPLE);
    if (lw_is(L, t, S_dictionary))
        return lw_lower_seq(L, t, N_DICT);
    if (lw_is(L, t, S_set))
        return lw_lower_seq(L, t, N_SET);
    if (lw_is(L, t, S_conditional_expression)) {
        ev_node *n = lw_node_new(L, N_IFEXP, t);
        if (!n)
            return NULL;
        n->a = lw_lower_expr(L, ts_node_named_child(t, 0));
        n->b = lw_lower_expr(L, ts_node_named_child(t, 1));
        n->c = lw_lower_expr(L, ts_node_named_child(t, 2));
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_ellipsis))
        return lw_lower_const(L, t, EV_ELLIPSIS);
    if (lw_is(L, t, S_lambda))
        return lw_lower_lambda(L, t);
    if (lw_is(L, t, S_yield)) {
        if (!L->sc->is_function)
            return lw_fail_at(L, t, "'yield' outside function");
        if (L->sc->comprehension)
            return lw_fail_at(L, t, "'yield' inside a comprehension");
        L->sc->generator = true;
        bool from = ts_node_child_count(t) > 1 &&
                    strcmp(ts_node_type(ts_node_child(t, 1)), "from") == 0;
        ev_node *n = lw_node_new(L, from ? N_YIELDFROM : N_YIELD, t);
        if (!n)
            return NULL;
        TSNode v = ts_node_named_child(t, 0);
        while (!ts_node_is_null(v) && lw_is(L, v, S_comment))
            v = ts_node_next_named_sibling(v);
        if (!ts_node_is_null(v))
            n->a = lw_is(L, v, S_expression_list) ? lw_lower_seq(L, v, N_TUPLE) : lw_lower_expr(L, v);
        else if (from)
            return lw_fail_at(L, t, "invalid syntax");
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_list_comprehension))
        return lw_lower_comprehension(L, t, COMP_LIST);
    if (lw_is(L, t, S_dictionary_comprehension))
        return lw_lower_comprehension(L, t, COMP_DICT);
    if (lw_is(L, t, S_set_comprehension))
        return lw_lower_comprehension(L, t, COMP_SET);
    if (lw_is(L, t, S_generator_expression))
        return lw_lower_comprehension(L, t, COMP_GEN);
    if (lw_is(L, t, S_named_expression)) {
        /* name := value: the value, stored where the name binds */
        ev_node *n = lw_node_new(L, N_WALRUS, t);
        if (!n)
            return NULL;
        n->b = lw_lower_expr(L, lw_field(L, t, F_value));
        TSNode name = lw_field(L, t, F_name);
        if (!lw_is(L, name, S_identifier))
            return lw_fail_at(L, name, "cannot use assignment expressions with %s", ts_node_type(name));
        n->a = lw_lower_name(L, name);
        return L->failed ? NULL : n;
    }
    const char *ty = ts_node_type(t);
    if (L->unwrap_splat && L->unwrap_splat == t.id)
        return lw_lower_expr(L, ts_node_named_child(t, 0)); /* see misread_splat */
    if (strcmp(ty, "ERROR") == 0 || ts_node_is_missing(t))
        return lw_fail_at(L, t, "invalid syntax");
    if (strcmp(ty, "yield") == 0)
        return lw_unsupported(L, t, "yield (generators)");
    if (strcmp(ty, "await") == 0) {
        /* `await x` delegates as `yield from` does, to x's awaitable iterator */
        if (!L->sc->is_function)
            return lw_fail_at(L, t, "'await' outside function");
        if (!L->sc->is_async)
            return lw_fail_at(L, t, "'await' outside async function");
        L->sc->has_await = true;
        ev_node *n = lw_node_new(L, N_YIELDFROM, t);
        if (!n)
            return NULL;
        n->op = OP_ASYNC;
        n->a = lw_lower_expr(L, ts_node_named_child(t, 0));
        return L->failed ? NULL : n;
    }
    if (strcmp(ty, "parenthesized_list_splat") == 0)
        return lw_fail_at(L, t, "cannot use starred expression here"); /* ((*a)) */
    char what[96];
    snprintf(what, sizeof what, "'%s'", ty);
    for (char *p = what; *p; p++)
        if (*p == '_')
            *p = ' ';
    return lw_unsupported(L, t, what);
}

ev_node *lw_lower_expr(lower *L, TSNode t)
{
    if (L->failed)
        return NULL;
    /* CPython's tree has no node for parentheses */
    int counted = !lw_is(L, t, S_parenthesized_expression);
    if ((L->cdepth += counted) > CPY_COMPILE_DEPTH) {
        L->cdepth -= counted;
        return lw_compile_too_deep(L);
    }
    if (++L->depth > MAX_DEPTH) {
        L->depth--;
        L->cdepth -= counted;
        return lw_fail_at(L, t, "too many nested expressions (more than %d levels)", MAX_DEPTH);
    }
    ev_node *n = lower_expr_inner(L, t);
    L->depth--;
    L->cdepth -= counted;
    return n;
}

static void program_free(ev_interp *I, ev_program *p)
{
    if (!p)
        return;
    I->live_programs--;
    for (size_t i = 0; i < p->nconsts; i++)
        ev_decref(I, p->consts[i]);
    ev_dealloc(I, p->consts);
    ev_dealloc(I, p->defs);
    chunk *c = p->arena;
    while (c) {
        chunk *next = c->next;
        ev_dealloc(I, c);
        c = next;
    }
    ev_dealloc(I, p->src);
    ev_dealloc(I, p->filename);
    ev_dealloc(I, p);
}

void ev_program_retain(ev_program *p)
{
    p->refcnt++;
}

/* The last reference may go while the cycle collector frees a function:
 * the constants released here are never part of the garbage (the program,
 * an outside holder, kept them reachable), so no piece of it is touched. */
void ev_program_release(ev_interp *I, ev_program *p)
{
    if (p && --p->refcnt == 0)
        program_free(I, p);
}

/* Every symbol whose name is one we know maps to it, aliases included.
 * The map depends only on the grammar, which is immutable, so it is built
 * once per process (it costs tens of thousands of strcmp, more than lowering
 * a small cell) and shared read-only by every session. */
typedef struct symcache {
    const TSLanguage *lang;
    uint8_t *map;
    uint32_t nsyms;
    TSFieldId fld[F_COUNT];
} symcache;

static pthread_mutex_t symcache_mu = PTHREAD_MUTEX_INITIALIZER;
static symcache symcache_one;

static int build_symmap(lower *L, const TSLanguage *lang)
{
    int rc = 0;
    pthread_mutex_lock(&symcache_mu);
    symcache *c = &symcache_one;
    if (c->lang != lang) {
        uint32_t nsyms = ts_language_symbol_count(lang);
        uint8_t *map = calloc(nsyms ? nsyms : 1, 1);
        if (!map) {
            rc = -1;
            goto done;
        }
        for (uint32_t sy = 0; sy < nsyms; sy++) {
            if (ts_language_symbol_type(lang, (TSSymbol)sy) != TSSymbolTypeRegular)
                continue;
            const char *name = ts_language_symbol_name(lang, (TSSymbol)sy);
            for (int k = 0; k < S_COUNT; k++)
                if (strcmp(name, sym_names[k]) == 0)
                    map[sy] = (uint8_t)(k + 1);
        }
        for (int i = 0; i < F_COUNT; i++)
            c->fld[i] = ts_language_field_id_for_name(lang, fld_names[i],
                                                      (uint32_t)strlen(fld_names[i]));
        free(c->map); /* another grammar: only ever one in practice */
        c->map = map;
        c->nsyms = nsyms;
        c->lang = lang;
    }
    L->symmap = c->map;
    L->nsyms = c->nsyms;
    memcpy(L->fld, c->fld, sizeof L->fld);
done:
    pthread_mutex_unlock(&symcache_mu);
    return rc;
}

/* Does the program open with `from __future__ import annotations` (after
 * a docstring and other future imports, the only place CPython accepts
 * it)?  Then annotations are stored as their text (PEP 563). */
static bool future_annotations(const char *src, TSNode root)
{
    uint32_t n = ts_node_named_child_count(root);
    bool doc_seen = false;
    for (uint32_t i = 0; i < n; i++) {
        TSNode s = ts_node_named_child(root, i);
        const char *ty = ts_node_type(s);
        if (strcmp(ty, "comment") == 0)
            continue;
        if (!doc_seen && strcmp(ty, "expression_statement") == 0 && ts_node_named_child_count(s) == 1 &&
            strcmp(ts_node_type(ts_node_named_child(s, 0)), "string") == 0) {
            doc_seen = true;
            continue;
        }
        doc_seen = true;
        if (strcmp(ty, "future_import_statement") != 0)
            return false;
        uint32_t nc = ts_node_named_child_count(s);
        for (uint32_t k = 0; k < nc; k++) {
            TSNode f = ts_node_named_child(s, k);
            if (strcmp(ts_node_type(f), "aliased_import") == 0)
                f = ts_node_child_by_field_name(f, "name", 4);
            uint32_t b = ts_node_start_byte(f), e = ts_node_end_byte(f);
            if (e - b == 11 && memcmp(src + b, "annotations", 11) == 0)
                return true;
        }
    }
    return false;
}

ev_program *ev_lower(ev_interp *I, const char *src, size_t len, const TSTree *tree,
                     const char *filename)
{
    ev_program *p = ev_alloc(I, sizeof *p);
    if (!p) {
        ev_raise_nomem(I);
        return NULL;
    }
    memset(p, 0, sizeof *p);
    p->refcnt = 1;
    I->live_programs++;
    size_t flen = strlen(filename);
    p->src = ev_alloc(I, len + 1);
    p->filename = ev_alloc(I, flen + 1);
    if (!p->src || !p->filename) {
        program_free(I, p);
        ev_raise_nomem(I);
        return NULL;
    }
    memcpy(p->src, src, len);
    p->src[len] = '\0';
    p->len = len;
    memcpy(p->filename, filename, flen + 1);

    lower L = {.I = I, .src = p->src, .len = len, .prog = p};
    L.has_walrus = len >= 2 && memmem(p->src, len, ":=", 2) != NULL;
    scope module = {.is_function = false};
    L.sc = &module;
    TSNode root = ts_tree_root_node(tree);
    L.future_annotations = future_annotations(p->src, root);
    if (build_symmap(&L, ts_tree_language(tree))) {
        L.failed = true;
    } else if (ts_node_has_error(root)) {
        lw_fail_at(&L, root, "invalid syntax");
    } else {
        p->body = lw_lower_block(&L, root);
    }
    lw_scope_release(&L, &module);
    /* a failed allocation deep in a helper may have been reported only by
     * the limit it set: the program is incomplete either way */
    if (L.failed || I->limit) {
        if (I->exc.tag == EV_T_NONE && !I->limit)
            ev_raise_nomem(I);
        program_free(I, p);
        return NULL;
    }
    return p;
}
