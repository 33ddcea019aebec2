/*
 * lower.c - walks the tree-sitter tree once and builds the compact program
 * the interpreter runs: numeric node kinds, parsed constants, interned names,
 * function locals resolved to frame slots and captured variables to cells.
 *
 * Only node types listed here are accepted; anything else is refused with a
 * SyntaxError naming the construct and its line, because an error-free
 * tree-sitter tree is not necessarily valid Python (DESIGN.md).
 * Recursion follows the tree and is capped by MAX_DEPTH.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/node.h"
#include "evaluator/numfmt.h"
#include "evaluator/ucd.h"

#define MAX_DEPTH 200
#define ARENA_CHUNK 16384

enum sym {
    S_module, S_expression_statement, S_assignment, S_augmented_assignment, S_if_statement,
    S_elif_clause, S_else_clause, S_while_statement, S_for_statement, S_break_statement,
    S_continue_statement, S_pass_statement, S_return_statement, S_function_definition,
    S_parameters, S_default_parameter, S_block, S_global_statement, S_delete_statement,
    S_raise_statement, S_try_statement, S_except_clause, S_finally_clause, S_assert_statement,
    S_import_statement, S_import_from_statement, S_identifier, S_integer, S_float, S_string,
    S_concatenated_string, S_true, S_false, S_none, S_binary_operator, S_unary_operator,
    S_not_operator, S_boolean_operator, S_comparison_operator, S_call, S_argument_list,
    S_keyword_argument, S_attribute, S_subscript, S_slice, S_list, S_tuple, S_dictionary,
    S_pair, S_parenthesized_expression, S_conditional_expression, S_expression_list,
    S_pattern_list, S_tuple_pattern, S_list_pattern, S_string_start, S_string_content,
    S_string_end, S_interpolation, S_escape_sequence, S_escape_interpolation,
    S_type_conversion, S_format_specifier, S_format_expression, S_comment, S_as_pattern,
    S_as_pattern_target, S_dotted_name, S_aliased_import, S_line_continuation, S_ellipsis,
    S_nonlocal_statement, S_list_splat, S_list_splat_pattern, S_dictionary_splat,
    S_relative_import, S_wildcard_import, S_named_expression, S_list_comprehension,
    S_dictionary_comprehension, S_set_comprehension, S_generator_expression, S_for_in_clause,
    S_if_clause, S_lambda, S_lambda_parameters, S_yield, S_set, S_COUNT
};

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

enum fld {
    F_left, F_right, F_operator, F_condition, F_consequence, F_alternative, F_body, F_name,
    F_parameters, F_value, F_function, F_arguments, F_object, F_attribute, F_subscript,
    F_key, F_argument, F_expression, F_type_conversion, F_format_specifier, F_module_name,
    F_alias, F_type, F_COUNT
};
static const char *const fld_names[F_COUNT] = {
    "left", "right", "operator", "condition", "consequence", "alternative", "body", "name",
    "parameters", "value", "function", "arguments", "object", "attribute", "subscript",
    "key", "argument", "expression", "type_conversion", "format_specifier", "module_name",
    "alias", "type",
};

/* The names a function binds (its locals), what it declares, and what it
 * captures from enclosing functions. */
typedef struct scope {
    struct scope *up;
    ev_str **names;
    uint32_t n, cap;
    ev_str **globals;
    uint32_t nglobals, capglobals;
    ev_str **nonlocals;
    uint32_t nnonlocals, capnonlocals;
    uint8_t *is_cell;            /* per local slot, set as inner functions capture it */
    uint32_t capcell;
    ev_str **free;               /* free variables (captured from outside) */
    uint32_t nfree, capfree;
    ev_node **localnodes;        /* N_LOCAL nodes to patch into N_CELLVAR */
    uint32_t nlocalnodes, caplocalnodes;
    bool is_function;
    bool comprehension;          /* a list/dict/set comprehension's scope */
    bool generator;              /* a yield was seen */
} scope;

typedef struct lower {
    ev_interp *I;
    const char *src;
    size_t len;
    ev_program *prog;
    /* symbol id -> enum sym (+1), covering aliases that share a name */
    uint8_t *symmap;
    uint32_t nsyms;
    TSFieldId fld[F_COUNT];
    scope *sc;
    int depth;
    int loops;                   /* enclosing loops in the current function */
    bool in_target;              /* lowering an assignment target */
    bool failed;
} lower;

/* ---- arena ------------------------------------------------------------------------ */

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[];
} chunk;

static void *arena_alloc(lower *L, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    chunk *c = L->prog->arena;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > ARENA_CHUNK ? n : ARENA_CHUNK;
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

static ev_node *fail_at(lower *L, TSNode n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static ev_node *fail_at(lower *L, TSNode n, const char *fmt, ...)
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

static ev_node *unsupported(lower *L, TSNode n, const char *what)
{
    return fail_at(L, n, "%s is not supported by safepy yet (line %u)", what,
                   ts_node_start_point(n).row + 1);
}

/* ---- helpers ------------------------------------------------------------------------ */

static ev_node *node_new(lower *L, ev_nkind k, TSNode ts)
{
    ev_node *n = arena_alloc(L, sizeof *n);
    if (!n)
        return NULL;
    n->kind = (uint8_t)k;
    TSPoint p = ts_node_start_point(ts);
    n->line = p.row + 1;
    n->col = p.column;
    return n;
}

static ev_node **list_new(lower *L, uint32_t n)
{
    return arena_alloc(L, sizeof(ev_node *) * (n ? n : 1));
}

static bool is(lower *L, TSNode n, enum sym s)
{
    if (ts_node_is_null(n))
        return false;
    TSSymbol sy = ts_node_symbol(n);
    return sy < L->nsyms && L->symmap[sy] == (uint8_t)(s + 1);
}

static TSNode field(lower *L, TSNode n, enum fld f)
{
    return ts_node_child_by_field_id(n, L->fld[f]);
}

static ev_str *intern_node(lower *L, TSNode n)
{
    if (ts_node_is_null(n)) {
        L->failed = true;
        return NULL;
    }
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    ev_str *name = ev_intern(L->I, L->src + s, e - s);
    if (!name)
        L->failed = true;
    return name;
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

static int grow(lower *L, void **arr, uint32_t *cap, uint32_t need, size_t elem)
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

/* ---- scopes ------------------------------------------------------------------------ */

static int scope_find(const scope *s, const ev_str *name)
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

static bool scope_is_global(const scope *s, const ev_str *name)
{
    return in_list(s->globals, s->nglobals, name);
}

static bool scope_is_nonlocal(const scope *s, const ev_str *name)
{
    return in_list(s->nonlocals, s->nnonlocals, name);
}

static int scope_add(lower *L, scope *s, ev_str *name)
{
    if (!name)
        return -1;
    if (scope_find(s, name) >= 0 || scope_is_global(s, name) || scope_is_nonlocal(s, name))
        return 0;
    if (grow(L, (void **)&s->names, &s->cap, s->n + 1, sizeof(ev_str *)))
        return -1;
    s->names[s->n++] = name;
    return 0;
}

static void scope_release(lower *L, scope *s)
{
    ev_dealloc(L->I, s->names);
    ev_dealloc(L->I, s->globals);
    ev_dealloc(L->I, s->nonlocals);
    ev_dealloc(L->I, s->is_cell);
    ev_dealloc(L->I, s->free);
    ev_dealloc(L->I, s->localnodes);
}

static bool is_splat(lower *L, TSNode t)
{
    return is(L, t, S_list_splat) || is(L, t, S_list_splat_pattern);
}

/* Collect the names a target binds. */
static void collect_target(lower *L, scope *s, TSNode t, int depth)
{
    if (depth > MAX_DEPTH || ts_node_is_null(t))
        return;
    if (is(L, t, S_identifier)) {
        scope_add(L, s, intern_node(L, t));
        return;
    }
    if (is(L, t, S_pattern_list) || is(L, t, S_tuple_pattern) || is(L, t, S_list_pattern) ||
        is(L, t, S_tuple) || is(L, t, S_list) || is(L, t, S_expression_list) ||
        is(L, t, S_parenthesized_expression) || is_splat(L, t)) {
        uint32_t nc = ts_node_named_child_count(t);
        for (uint32_t i = 0; i < nc; i++)
            collect_target(L, s, ts_node_named_child(t, i), depth + 1);
    }
}

static int add_declared(lower *L, TSNode n, ev_str ***list, uint32_t *cnt, uint32_t *cap)
{
    uint32_t nc = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < nc; i++) {
        ev_str *name = intern_node(L, ts_node_named_child(n, i));
        if (!name || grow(L, (void **)list, cap, *cnt + 1, sizeof(ev_str *)))
            return -1;
        (*list)[(*cnt)++] = name;
    }
    return 0;
}

/* Walk a function body (not nested defs' bodies) for bound names, with an
 * explicit stack: bodies can be long. */
static void collect_locals(lower *L, scope *s, TSNode body)
{
    TSNode stack[MAX_DEPTH + 8];
    int sp = 0;
    stack[sp++] = body;
    while (sp > 0 && !L->failed) {
        TSNode n = stack[--sp];
        if (is(L, n, S_global_statement)) {
            add_declared(L, n, &s->globals, &s->nglobals, &s->capglobals);
            continue;
        }
        if (is(L, n, S_nonlocal_statement)) {
            add_declared(L, n, &s->nonlocals, &s->nnonlocals, &s->capnonlocals);
            continue;
        }
        if (is(L, n, S_assignment) || is(L, n, S_augmented_assignment)) {
            collect_target(L, s, field(L, n, F_left), 0);
            TSNode r = field(L, n, F_right);
            if (is(L, r, S_assignment) && sp < MAX_DEPTH)
                stack[sp++] = r;
            continue;
        }
        if (is(L, n, S_for_statement))
            collect_target(L, s, field(L, n, F_left), 0);
        if (is(L, n, S_function_definition)) {
            scope_add(L, s, intern_node(L, field(L, n, F_name)));
            continue;
        }
        if (is(L, n, S_except_clause)) {
            TSNode v = field(L, n, F_value);
            if (is(L, v, S_as_pattern)) {
                TSNode alias = field(L, v, F_alias);
                if (!ts_node_is_null(alias) && ts_node_named_child_count(alias) > 0)
                    collect_target(L, s, ts_node_named_child(alias, 0), 0);
            }
        }
        if (is(L, n, S_import_statement) || is(L, n, S_import_from_statement)) {
            uint32_t nc = ts_node_named_child_count(n);
            for (uint32_t i = is(L, n, S_import_from_statement) ? 1 : 0; i < nc; i++) {
                TSNode c = ts_node_named_child(n, i);
                if (is(L, c, S_aliased_import))
                    c = field(L, c, F_alias);
                else if (is(L, c, S_dotted_name))
                    c = ts_node_named_child(c, 0);
                if (is(L, c, S_identifier))
                    scope_add(L, s, intern_node(L, c));
            }
            continue;
        }
        if (!is(L, n, S_block) && !is(L, n, S_if_statement) && !is(L, n, S_elif_clause) &&
            !is(L, n, S_expression_statement) &&
            !is(L, n, S_else_clause) && !is(L, n, S_while_statement) &&
            !is(L, n, S_for_statement) && !is(L, n, S_try_statement) &&
            !is(L, n, S_except_clause) && !is(L, n, S_finally_clause) &&
            !is(L, n, S_module))
            continue; /* expressions bind nothing (no walrus support) */
        uint32_t nc = ts_node_named_child_count(n);
        for (uint32_t i = nc; i-- > 0;) {
            if (sp >= MAX_DEPTH + 8) {
                fail_at(L, n, "too many statically nested blocks");
                return;
            }
            stack[sp++] = ts_node_named_child(n, i);
        }
    }
}

static int free_index(lower *L, scope *s, ev_str *name)
{
    for (uint32_t i = 0; i < s->nfree; i++)
        if (s->free[i] == name)
            return (int)i;
    if (grow(L, (void **)&s->free, &s->capfree, s->nfree + 1, sizeof(ev_str *)))
        return -1;
    s->free[s->nfree] = name;
    return (int)s->nfree++;
}

static int mark_cell(lower *L, scope *s, int slot)
{
    uint32_t old = s->capcell;
    if (grow(L, (void **)&s->is_cell, &s->capcell, s->n, 1))
        return -1;
    if (s->capcell > old)
        memset(s->is_cell + old, 0, s->capcell - old);
    s->is_cell[slot] = 1;
    return 0;
}

/* ---- expressions ------------------------------------------------------------------------ */

static ev_node *lower_expr(lower *L, TSNode n);
static ev_node *lower_block(lower *L, TSNode n);
static ev_node *lower_lambda(lower *L, TSNode t);
static ev_node *lower_comprehension(lower *L, TSNode t, int kind);
static ev_node *lower_target(lower *L, TSNode t);

/* Resolve a name: a local slot, a cell of an enclosing function (every
 * function in between passes it on as a free variable), or a global. */
static ev_node *lower_name(lower *L, TSNode t)
{
    ev_str *name = intern_node(L, t);
    if (!name)
        return NULL;
    scope *cur = L->sc;
    if (cur && cur->is_function && !scope_is_global(cur, name) && !scope_is_nonlocal(cur, name)) {
        int slot = scope_find(cur, name);
        if (slot >= 0) {
            ev_node *n = node_new(L, N_LOCAL, t);
            if (!n)
                return NULL;
            n->slot = slot;
            n->name = name;
            if (grow(L, (void **)&cur->localnodes, &cur->caplocalnodes, cur->nlocalnodes + 1,
                     sizeof(ev_node *)))
                return NULL;
            cur->localnodes[cur->nlocalnodes++] = n;
            return n;
        }
    }
    if (cur && cur->is_function && !scope_is_global(cur, name)) {
        for (scope *s = cur->up; s && s->is_function; s = s->up) {
            if (scope_is_global(s, name))
                break;
            int slot = scope_is_nonlocal(s, name) ? -1 : scope_find(s, name);
            if (slot < 0)
                continue;
            if (mark_cell(L, s, slot))
                return NULL;
            for (scope *k = cur; k != s; k = k->up)
                if (free_index(L, k, name) < 0)
                    return NULL;
            ev_node *n = node_new(L, N_FREE, t);
            if (n) {
                n->slot = free_index(L, cur, name);
                n->name = name;
            }
            return n;
        }
        if (scope_is_nonlocal(cur, name))
            return fail_at(L, t, "no binding for nonlocal '%s' found", name->data);
    }
    ev_node *n = node_new(L, N_GLOBAL, t);
    if (n)
        n->name = name;
    return n;
}

static ev_node *lower_const(lower *L, TSNode t, ev_value v)
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
    ev_node *n = node_new(L, N_CONST, t);
    if (n)
        n->cval = v;
    return n;
}

static ev_node *lower_integer(lower *L, TSNode t)
{
    uint32_t s = ts_node_start_byte(t), e = ts_node_end_byte(t);
    const char *p = L->src + s;
    size_t len = e - s;
    if (len > 0 && (p[len - 1] == 'j' || p[len - 1] == 'J'))
        return unsupported(L, t, "complex numbers");
    if (len > 0 && (p[len - 1] == 'l' || p[len - 1] == 'L'))
        return fail_at(L, t, "invalid decimal literal");
    /* Leading zeros in a decimal literal are a syntax error in Python 3. */
    if (len > 1 && p[0] == '0' && strchr("xXoObB", p[1]) == NULL) {
        for (size_t i = 0; i < len; i++)
            if (p[i] != '0' && p[i] != '_')
                return fail_at(L, t,
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
        return fail_at(L, t, "%s", st == EV_NF_VALUE_ERROR && err[0] ? err : "invalid decimal literal");
    return lower_const(L, t, v);
}

static ev_node *lower_float(lower *L, TSNode t)
{
    uint32_t s = ts_node_start_byte(t), e = ts_node_end_byte(t);
    const char *p = L->src + s;
    size_t len = e - s;
    if (len > 0 && (p[len - 1] == 'j' || p[len - 1] == 'J'))
        return unsupported(L, t, "complex numbers");
    double d;
    if (ev_parse_float(p, len, &d) != EV_NF_OK)
        return fail_at(L, t, "invalid float literal");
    return lower_const(L, t, ev_float(d));
}

static int utf8_put(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decode the literal text [p, p+len) of a string into buf, honouring
 * escapes unless raw, and {{ }} in f-strings.  Returns -1 on a bad escape. */
static int decode_piece(lower *L, TSNode at, const char *p, size_t len, bool raw, bool fstr,
                        ev_buf *buf)
{
    ev_interp *I = L->I;
    size_t i = 0;
    while (i < len) {
        char c = p[i];
        if (fstr && (c == '{' || c == '}') && i + 1 < len && p[i + 1] == c) {
            if (ev_buf_put(I, buf, &c, 1))
                return -1;
            i += 2;
            continue;
        }
        if (c != '\\' || raw) {
            size_t j = i + 1;
            while (j < len && p[j] != '\\' && (!fstr || (p[j] != '{' && p[j] != '}')))
                j++;
            if (raw && c == '\\')
                j = i + 1 < len ? i + 2 : i + 1; /* a raw backslash keeps the next char */
            if (ev_buf_put(I, buf, p + i, j - i))
                return -1;
            i = j;
            continue;
        }
        if (i + 1 >= len) {
            if (ev_buf_put(I, buf, "\\", 1))
                return -1;
            break;
        }
        char e = p[i + 1];
        char out[4];
        int olen = 1;
        size_t used = 2;
        uint32_t cp = 0;
        switch (e) {
        case '\n': olen = 0; break;
        case '\\': out[0] = '\\'; break;
        case '\'': out[0] = '\''; break;
        case '"': out[0] = '"'; break;
        case 'a': out[0] = '\a'; break;
        case 'b': out[0] = '\b'; break;
        case 'f': out[0] = '\f'; break;
        case 'n': out[0] = '\n'; break;
        case 'r': out[0] = '\r'; break;
        case 't': out[0] = '\t'; break;
        case 'v': out[0] = '\v'; break;
        case 'x': case 'u': case 'U': {
            int nd = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            if (i + 2 + (size_t)nd > len)
                goto bad;
            for (int k = 0; k < nd; k++) {
                int h = hexval(p[i + 2 + k]);
                if (h < 0)
                    goto bad;
                cp = cp * 16 + (uint32_t)h;
            }
            if (cp > 0x10FFFF)
                goto bad;
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                unsupported(L, at, "a lone surrogate in a string");
                return -1;
            }
            used = 2 + (size_t)nd;
            olen = utf8_put(out, cp);
            break;
        }
        case 'N': {
            /* \N{NAME}: CPython's unicodeescape error positions count
             * each non-ASCII character before it as 10 bytes (\UXXXXXXXX) */
            size_t k = i + 2, pos = 0;
            const char *msg = "malformed \\N character escape";
            if (k < len && p[k] == '{') {
                size_t start = ++k;
                while (k < len && p[k] != '}')
                    k++;
                if (k < len && k > start) {
                    if (ev_ucd_lookup(p + start, k - start, &cp)) {
                        used = k + 1 - i;
                        olen = utf8_put(out, cp);
                        break;
                    }
                    msg = "unknown Unicode character name";
                    k++;
                }
            }
            for (size_t q = 0; q < i; q++)
                pos += ((unsigned char)p[q] & 0xC0) == 0x80 ? 0 : (unsigned char)p[q] < 0x80 ? 1 : 10;
            fail_at(L, at, "(unicode error) 'unicodeescape' codec can't decode bytes in position "
                           "%zu-%zu: %s", pos, pos + (k - i) - 1, msg);
            return -1;
        }
        default:
            if (e >= '0' && e <= '7') {
                size_t k = i + 1;
                while (k < len && k < i + 4 && p[k] >= '0' && p[k] <= '7')
                    cp = cp * 8 + (uint32_t)(p[k++] - '0');
                used = k - i;
                olen = utf8_put(out, cp);
            } else {
                /* unknown escapes stay as written (CPython warns) */
                out[0] = '\\';
                used = 1;
            }
        }
        if (olen && ev_buf_put(I, buf, out, (size_t)olen))
            return -1;
        i += used;
        continue;
    bad:
        fail_at(L, at, "(unicode error) 'unicodeescape' codec can't decode bytes: truncated "
                       "\\%cXX escape", e);
        return -1;
    }
    return 0;
}

static int flush_lit(lower *L, TSNode at, ev_node **parts, uint32_t *np, uint32_t cap, ev_buf *lit)
{
    if (lit->len == 0)
        return 0;
    if (*np >= cap) {
        unsupported(L, at, "an f-string with this many parts");
        return -1;
    }
    ev_value s = ev_str_new(L->I, lit->data, lit->len);
    lit->len = 0;
    ev_node *c = lower_const(L, at, s);
    if (!c)
        return -1;
    parts[(*np)++] = c;
    return 0;
}

static ev_node *lower_fstring_parts(lower *L, TSNode str, ev_node **parts, uint32_t *np,
                                    uint32_t cap, bool raw, ev_buf *lit);

/* An interpolation {expr!c:spec} becomes N_FORMAT(a=expr, b=spec or NULL);
 * the `{expr=}` form first emits the expression's text as a literal. */
static ev_node *lower_interp(lower *L, TSNode in, bool raw, ev_node **parts, uint32_t *np,
                             uint32_t cap, ev_buf *lit)
{
    ev_node *f = node_new(L, N_FORMAT, in);
    if (!f)
        return NULL;
    TSNode e = field(L, in, F_expression);
    if (ts_node_is_null(e))
        return fail_at(L, in, "f-string: empty expression not allowed");
    if (is(L, e, S_expression_list) || is(L, e, S_pattern_list))
        return unsupported(L, e, "a tuple without parentheses in an f-string");
    uint32_t nc = ts_node_child_count(in);
    bool debug = false;
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_child(in, i);
        if (!ts_node_is_named(c) && ts_node_end_byte(c) - ts_node_start_byte(c) == 1 &&
            L->src[ts_node_start_byte(c)] == '=') {
            uint32_t s = ts_node_start_byte(in) + 1, stop = ts_node_end_byte(c);
            while (stop < ts_node_end_byte(in) && (L->src[stop] == ' ' || L->src[stop] == '\t'))
                stop++;
            if (ev_buf_put(L->I, lit, L->src + s, stop - s)) {
                L->failed = true;
                return NULL;
            }
            debug = true;
        }
    }
    if (flush_lit(L, in, parts, np, cap, lit))
        return NULL;
    if (is(L, e, S_named_expression)) {
        /* f"{x:=10}" is x formatted with spec "=10", which the grammar
         * reads as a walrus (DESIGN.md): undo that here. */
        TSNode name = field(L, e, F_name);
        uint32_t s = ts_node_end_byte(name), end = ts_node_end_byte(e);
        while (s < end && L->src[s] != ':')
            s++;
        if (!is(L, name, S_identifier) || s >= end)
            return fail_at(L, e, "invalid syntax");
        f->a = lower_expr(L, name);
        ev_node *c = lower_const(L, e, ev_str_new(L->I, L->src + s + 1, end - s - 1));
        ev_node *spec = node_new(L, N_FSTRING, e);
        if (!c || !spec || !(spec->list = list_new(L, 1)))
            return NULL;
        spec->list[0] = c;
        spec->n = 1;
        f->b = spec;
        return L->failed ? NULL : f;
    }
    f->a = lower_expr(L, e);
    TSNode conv = field(L, in, F_type_conversion);
    if (!ts_node_is_null(conv)) {
        char c = L->src[ts_node_start_byte(conv) + 1];
        if (c != 's' && c != 'r' && c != 'a')
            return fail_at(L, conv, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
        f->op = (uint8_t)c;
    }
    TSNode spec = field(L, in, F_format_specifier);
    if (!ts_node_is_null(spec)) {
        ev_node *sparts[64];
        uint32_t snp = 0;
        ev_buf slit = {0};
        lower_fstring_parts(L, spec, sparts, &snp, 64, raw, &slit);
        ev_buf_free(L->I, &slit);
        if (L->failed)
            return NULL;
        ev_node *s = node_new(L, N_FSTRING, spec);
        if (!s || !(s->list = list_new(L, snp)))
            return NULL;
        memcpy(s->list, sparts, snp * sizeof *sparts);
        s->n = snp;
        f->b = s;
    } else if (debug && !f->op) {
        f->op = FMT_REPR; /* {x=} shows repr unless a spec is given */
    }
    return L->failed ? NULL : f;
}

/* Literal text and interpolations of an f-string (or a format spec), in
 * order.  Literal text is whatever source lies between the children we
 * understand (a spec's text has no node of its own). */
static ev_node *lower_fstring_parts(lower *L, TSNode str, ev_node **parts, uint32_t *np,
                                    uint32_t cap, bool raw, ev_buf *lit)
{
    bool spec = is(L, str, S_format_specifier);
    uint32_t pos = ts_node_start_byte(str), end = ts_node_end_byte(str);
    uint32_t nc = ts_node_child_count(str);
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(str, i);
        uint32_t cs = ts_node_start_byte(c), ce = ts_node_end_byte(c);
        if (is(L, c, S_string_start) || (spec && i == 0 && !ts_node_is_named(c))) {
            pos = ce; /* the prefix and quote, or the spec's ':' */
            continue;
        }
        if (cs > pos && decode_piece(L, c, L->src + pos, cs - pos, raw || spec, true, lit))
            return NULL;
        pos = ce;
        if (is(L, c, S_string_end)) {
            end = cs;
            break;
        }
        if (is(L, c, S_interpolation) || is(L, c, S_format_expression)) {
            ev_node *f;
            if (is(L, c, S_format_expression)) {
                if (flush_lit(L, c, parts, np, cap, lit))
                    return NULL;
                f = node_new(L, N_FORMAT, c);
                if (f)
                    f->a = lower_expr(L, field(L, c, F_expression));
            } else {
                f = lower_interp(L, c, raw, parts, np, cap, lit);
            }
            if (!f)
                return NULL;
            if (*np >= cap)
                return unsupported(L, c, "an f-string with this many parts");
            parts[(*np)++] = f;
            continue;
        }
        /* string_content: its escapes are decoded from the raw text */
        if (decode_piece(L, c, L->src + cs, ce - cs, raw, true, lit))
            return NULL;
    }
    if (end > pos && decode_piece(L, str, L->src + pos, end - pos, raw || spec, true, lit))
        return NULL;
    flush_lit(L, str, parts, np, cap, lit);
    return NULL;
}

static int string_prefix(lower *L, TSNode str, bool *raw, bool *fstr)
{
    TSNode start = ts_node_child(str, 0);
    uint32_t s = ts_node_start_byte(start), e = ts_node_end_byte(start);
    *raw = *fstr = false;
    for (uint32_t i = s; i < e; i++) {
        char c = L->src[i];
        if (c == 'r' || c == 'R') {
            *raw = true;
        } else if (c == 'f' || c == 'F') {
            *fstr = true;
        } else if (c == 'b' || c == 'B') {
            unsupported(L, str, "bytes literals");
            return -1;
        }
    }
    return 0;
}

/* Adjacent literals concatenate; any f-string among them makes an N_FSTRING. */
static ev_node *lower_strings(lower *L, TSNode whole, TSNode *strs, uint32_t nstr)
{
    ev_node *parts[256];
    uint32_t np = 0;
    ev_buf lit = {0};
    bool any_f = false;
    for (uint32_t k = 0; k < nstr && !L->failed; k++) {
        bool raw, fstr;
        if (string_prefix(L, strs[k], &raw, &fstr))
            break;
        if (fstr) {
            any_f = true;
            lower_fstring_parts(L, strs[k], parts, &np, 256, raw, &lit);
            continue;
        }
        uint32_t nc = ts_node_child_count(strs[k]);
        for (uint32_t i = 0; i < nc; i++) {
            TSNode c = ts_node_child(strs[k], i);
            if (is(L, c, S_string_content)) {
                uint32_t s = ts_node_start_byte(c), e = ts_node_end_byte(c);
                if (decode_piece(L, c, L->src + s, e - s, raw, false, &lit))
                    break;
            } else if (is(L, c, S_interpolation)) {
                unsupported(L, c, "this string form");
                break;
            }
        }
    }
    if (L->failed) {
        ev_buf_free(L->I, &lit);
        return NULL;
    }
    if (!any_f) {
        ev_value s = ev_str_new(L->I, lit.data ? lit.data : "", lit.len);
        ev_buf_free(L->I, &lit);
        return lower_const(L, whole, s);
    }
    flush_lit(L, whole, parts, &np, 256, &lit);
    ev_buf_free(L->I, &lit);
    if (L->failed)
        return NULL;
    ev_node *n = node_new(L, N_FSTRING, whole);
    if (!n || !(n->list = list_new(L, np)))
        return NULL;
    memcpy(n->list, parts, np * sizeof *parts);
    n->n = np;
    return n;
}

static ev_node *lower_star(lower *L, TSNode c, ev_nkind kind)
{
    ev_node *st = node_new(L, kind, c);
    if (st)
        st->a = lower_expr(L, ts_node_named_child(c, 0));
    return L->failed ? NULL : st;
}

static ev_node *lower_seq(lower *L, TSNode t, ev_nkind k)
{
    uint32_t nc = ts_node_named_child_count(t), n = 0;
    ev_node *node = node_new(L, k, t);
    if (!node || !(node->list = list_new(L, nc)))
        return NULL;
    node->slot = -1;
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (is(L, c, S_comment))
            continue;
        if (k == N_DICT) {
            if (!is(L, c, S_pair))
                return unsupported(L, c, "'**' in a dict display");
            ev_node *p = node_new(L, N_TUPLE, c);
            if (!p)
                return NULL;
            p->a = lower_expr(L, field(L, c, F_key));
            p->b = lower_expr(L, field(L, c, F_value));
            node->list[n++] = p;
            continue;
        }
        if (is_splat(L, c) || is(L, c, S_dictionary_splat)) {
            if (!L->in_target || is(L, c, S_dictionary_splat))
                return unsupported(L, c, "unpacking with '*' in a display");
            if (node->slot >= 0)
                return fail_at(L, c, "multiple starred expressions in assignment");
            node->slot = (int32_t)n; /* position of the starred target */
            if (!(node->list[n++] = lower_star(L, c, N_STAR)))
                return NULL;
            continue;
        }
        node->list[n++] = lower_expr(L, c);
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

static int binop_of(lower *L, TSNode op, bool aug)
{
    uint32_t s = ts_node_start_byte(op), e = ts_node_end_byte(op);
    size_t len = e - s - (aug ? 1 : 0);
    for (size_t i = 0; i < sizeof binops / sizeof *binops; i++)
        if (strlen(binops[i].sym) == len && memcmp(binops[i].sym, L->src + s, len) == 0)
            return (int)binops[i].op;
    return -1;
}

static ev_node *lower_call(lower *L, TSNode t)
{
    TSNode args = field(L, t, F_arguments);
    ev_node *n = node_new(L, N_CALL, t);
    if (!n)
        return NULL;
    n->a = lower_expr(L, field(L, t, F_function));
    if (is(L, args, S_generator_expression)) {
        /* f(x for x in xs): one positional argument */
        if (!(n->list = list_new(L, 1)) || !(n->names = arena_alloc(L, sizeof(ev_str *))))
            return NULL;
        n->list[0] = lower_expr(L, args);
        n->n = n->nargs = 1;
        return L->failed ? NULL : n;
    }
    if (!is(L, args, S_argument_list))
        return fail_at(L, args, "invalid syntax");
    uint32_t nc = ts_node_named_child_count(args);
    if (!(n->list = list_new(L, nc)))
        return NULL;
    n->names = arena_alloc(L, sizeof(ev_str *) * (nc ? nc : 1));
    if (!n->names)
        return NULL;
    uint32_t count = 0, nkw = 0;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(args, i);
        if (is(L, c, S_comment))
            continue;
        if (is(L, c, S_keyword_argument)) {
            ev_str *name = intern_node(L, field(L, c, F_name));
            for (uint32_t k = 0; k < nkw; k++)
                if (name && n->names[k] == name)
                    return fail_at(L, c, "keyword argument repeated: %s", name->data);
            n->names[nkw++] = name;
            n->list[count++] = lower_expr(L, field(L, c, F_value));
            continue;
        }
        if (is(L, c, S_dictionary_splat)) {
            /* **mapping: a keyword entry without a name */
            n->names[nkw++] = NULL;
            n->list[count++] = lower_star(L, c, N_KWSPLAT);
            n->flags |= CALL_STAR;
            continue;
        }
        if (nkw > 0)
            return fail_at(L, c, is(L, c, S_list_splat)
                                     ? "iterable argument unpacking follows keyword argument unpacking"
                                     : "positional argument follows keyword argument");
        if (is(L, c, S_list_splat)) {
            n->list[count++] = lower_star(L, c, N_STAR);
            n->flags |= CALL_STAR;
        } else {
            n->list[count++] = lower_expr(L, c);
        }
        n->nargs++;
    }
    n->n = count;
    return L->failed ? NULL : n;
}

static ev_node *lower_subscript(lower *L, TSNode t)
{
    ev_node *n = node_new(L, N_SUBSCRIPT, t);
    if (!n)
        return NULL;
    n->a = lower_expr(L, field(L, t, F_value));
    uint32_t nc = ts_node_child_count(t), nsub = 0;
    TSNode subs[16];
    bool inside = false; /* field names are unreliable past the first index */
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_child(t, i);
        if (!ts_node_is_named(c)) {
            if (ts_node_end_byte(c) - ts_node_start_byte(c) == 1 && L->src[ts_node_start_byte(c)] == '[')
                inside = true;
            continue;
        }
        if (inside && !is(L, c, S_comment)) {
            if (nsub == 16)
                return unsupported(L, t, "a subscript with more than 16 indices");
            subs[nsub++] = c;
        }
    }
    if (nsub > 1) {
        ev_node *tup = node_new(L, N_TUPLE, t);
        if (!tup || !(tup->list = list_new(L, nsub)))
            return NULL;
        for (uint32_t i = 0; i < nsub; i++) {
            if (is(L, subs[i], S_slice))
                return unsupported(L, subs[i], "extended slicing with several slices");
            tup->list[tup->n++] = lower_expr(L, subs[i]);
        }
        n->b = tup;
        return L->failed ? NULL : n;
    }
    if (nsub == 0)
        return fail_at(L, t, "invalid syntax");
    TSNode s = subs[0];
    if (is(L, s, S_slice)) {
        ev_node *sl = node_new(L, N_SLICE, s);
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
            if (is(L, c, S_comment))
                continue;
            ev_node *e = lower_expr(L, c);
            if (part == 0)
                sl->a = e;
            else if (part == 1)
                sl->b = e;
            else
                sl->c = e;
        }
        n->b = sl;
    } else {
        n->b = lower_expr(L, s);
    }
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
    ev_node *n = node_new(L, N_COMPARE, t);
    uint32_t nc = ts_node_child_count(t);
    if (!n || !(n->list = list_new(L, nc)) || !(n->ops = arena_alloc(L, nc)))
        return NULL;
    uint32_t nops = 0;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (ts_node_is_named(c)) {
            if (!is(L, c, S_comment))
                n->list[n->n++] = lower_expr(L, c);
            continue;
        }
        uint32_t s = ts_node_start_byte(c), e = ts_node_end_byte(c);
        if (e - s == 2 && !memcmp(L->src + s, "<>", 2))
            return fail_at(L, c, "invalid syntax: use '!=' instead of '<>'");
        int op = compare_op(L->src + s, e - s);
        if (op < 0)
            return unsupported(L, c, "this comparison operator");
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
        return fail_at(L, t, "invalid syntax");
    return L->failed ? NULL : n;
}

static ev_node *lower_expr_inner(lower *L, TSNode t)
{
    if (ts_node_is_null(t))
        return fail_at(L, t, "invalid syntax");
    if (is(L, t, S_identifier))
        return lower_name(L, t);
    if (is(L, t, S_integer))
        return lower_integer(L, t);
    if (is(L, t, S_float))
        return lower_float(L, t);
    if (is(L, t, S_true))
        return lower_const(L, t, EV_TRUE);
    if (is(L, t, S_false))
        return lower_const(L, t, EV_FALSE);
    if (is(L, t, S_none))
        return lower_const(L, t, EV_NONE);
    if (is(L, t, S_string))
        return lower_strings(L, t, &t, 1);
    if (is(L, t, S_concatenated_string)) {
        TSNode strs[256];
        uint32_t nc = ts_node_named_child_count(t), ns = 0;
        for (uint32_t i = 0; i < nc; i++) {
            TSNode c = ts_node_named_child(t, i);
            if (!is(L, c, S_string))
                continue;
            if (ns >= 256)
                return unsupported(L, t, "more than 256 adjacent string literals");
            strs[ns++] = c;
        }
        return lower_strings(L, t, strs, ns);
    }
    if (is(L, t, S_parenthesized_expression)) {
        TSNode inner = ts_node_named_child(t, 0);
        while (!ts_node_is_null(inner) && is(L, inner, S_comment))
            inner = ts_node_next_named_sibling(inner);
        if (ts_node_is_null(inner))
            return fail_at(L, t, "invalid syntax");
        return lower_expr(L, inner);
    }
    if (is(L, t, S_binary_operator)) {
        int op = binop_of(L, field(L, t, F_operator), false);
        if (op < 0 || op == EV_OP_MATMUL)
            return unsupported(L, t, "this binary operator");
        ev_node *n = node_new(L, N_BINOP, t);
        if (!n)
            return NULL;
        n->op = (uint8_t)op;
        n->a = lower_expr(L, field(L, t, F_left));
        n->b = lower_expr(L, field(L, t, F_right));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_unary_operator)) {
        char c = L->src[ts_node_start_byte(field(L, t, F_operator))];
        ev_node *n = node_new(L, N_UNARY, t);
        if (!n)
            return NULL;
        n->op = c == '-' ? UN_NEG : c == '+' ? UN_POS : UN_INVERT;
        n->a = lower_expr(L, field(L, t, F_argument));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_not_operator)) {
        ev_node *n = node_new(L, N_NOT, t);
        if (n)
            n->a = lower_expr(L, field(L, t, F_argument));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_boolean_operator)) {
        char c = L->src[ts_node_start_byte(field(L, t, F_operator))];
        ev_node *n = node_new(L, c == 'a' ? N_AND : N_OR, t);
        if (!n)
            return NULL;
        n->a = lower_expr(L, field(L, t, F_left));
        n->b = lower_expr(L, field(L, t, F_right));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_comparison_operator))
        return lower_compare(L, t);
    if (is(L, t, S_call))
        return lower_call(L, t);
    if (is(L, t, S_attribute)) {
        ev_node *n = node_new(L, N_ATTR, t);
        if (!n)
            return NULL;
        n->a = lower_expr(L, field(L, t, F_object));
        n->name = intern_node(L, field(L, t, F_attribute));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_subscript))
        return lower_subscript(L, t);
    if (is(L, t, S_list) || is(L, t, S_list_pattern))
        return lower_seq(L, t, N_LIST);
    if (is(L, t, S_tuple) || is(L, t, S_expression_list) || is(L, t, S_pattern_list) ||
        is(L, t, S_tuple_pattern))
        return lower_seq(L, t, N_TUPLE);
    if (is(L, t, S_dictionary))
        return lower_seq(L, t, N_DICT);
    if (is(L, t, S_set))
        return lower_seq(L, t, N_SET);
    if (is(L, t, S_conditional_expression)) {
        ev_node *n = node_new(L, N_IFEXP, t);
        if (!n)
            return NULL;
        n->a = lower_expr(L, ts_node_named_child(t, 0));
        n->b = lower_expr(L, ts_node_named_child(t, 1));
        n->c = lower_expr(L, ts_node_named_child(t, 2));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_ellipsis))
        return unsupported(L, t, "Ellipsis (...)");
    if (is(L, t, S_lambda))
        return lower_lambda(L, t);
    if (is(L, t, S_yield)) {
        if (!L->sc->is_function)
            return fail_at(L, t, "'yield' outside function");
        if (L->sc->comprehension)
            return fail_at(L, t, "'yield' inside a comprehension");
        L->sc->generator = true;
        bool from = ts_node_child_count(t) > 1 &&
                    strcmp(ts_node_type(ts_node_child(t, 1)), "from") == 0;
        ev_node *n = node_new(L, from ? N_YIELDFROM : N_YIELD, t);
        if (!n)
            return NULL;
        TSNode v = ts_node_named_child(t, 0);
        while (!ts_node_is_null(v) && is(L, v, S_comment))
            v = ts_node_next_named_sibling(v);
        if (!ts_node_is_null(v))
            n->a = is(L, v, S_expression_list) ? lower_seq(L, v, N_TUPLE) : lower_expr(L, v);
        else if (from)
            return fail_at(L, t, "invalid syntax");
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_list_comprehension))
        return lower_comprehension(L, t, COMP_LIST);
    if (is(L, t, S_dictionary_comprehension))
        return lower_comprehension(L, t, COMP_DICT);
    if (is(L, t, S_set_comprehension))
        return lower_comprehension(L, t, COMP_SET);
    if (is(L, t, S_generator_expression))
        return lower_comprehension(L, t, COMP_GEN);
    const char *ty = ts_node_type(t);
    if (strcmp(ty, "ERROR") == 0 || ts_node_is_missing(t))
        return fail_at(L, t, "invalid syntax");
    if (strcmp(ty, "yield") == 0)
        return unsupported(L, t, "yield (generators)");
    char what[96];
    snprintf(what, sizeof what, "'%s'", ty);
    for (char *p = what; *p; p++)
        if (*p == '_')
            *p = ' ';
    return unsupported(L, t, what);
}

static ev_node *lower_expr(lower *L, TSNode t)
{
    if (L->failed)
        return NULL;
    if (++L->depth > MAX_DEPTH) {
        L->depth--;
        return fail_at(L, t, "too many nested expressions (more than %d levels)", MAX_DEPTH);
    }
    ev_node *n = lower_expr_inner(L, t);
    L->depth--;
    return n;
}

/* ---- statements ------------------------------------------------------------------------ */

static bool valid_target(lower *L, TSNode t, int depth)
{
    if (depth > MAX_DEPTH || ts_node_is_null(t))
        return false;
    if (is(L, t, S_identifier) || is(L, t, S_attribute) || is(L, t, S_subscript))
        return true;
    if (is(L, t, S_pattern_list) || is(L, t, S_tuple_pattern) || is(L, t, S_list_pattern) ||
        is(L, t, S_tuple) || is(L, t, S_list) || is(L, t, S_expression_list)) {
        uint32_t nc = ts_node_named_child_count(t);
        for (uint32_t i = 0; i < nc; i++)
            if (!valid_target(L, ts_node_named_child(t, i), depth + 1))
                return false;
        return true;
    }
    if (is(L, t, S_parenthesized_expression))
        return valid_target(L, ts_node_named_child(t, 0), depth + 1);
    if (depth > 0 && is_splat(L, t))
        return valid_target(L, ts_node_named_child(t, 0), depth + 1);
    return false;
}

static ev_node *lower_target(lower *L, TSNode t)
{
    if (!valid_target(L, t, 0)) {
        if (is_splat(L, t))
            return fail_at(L, t, "starred assignment target must be in a list or tuple");
        return fail_at(L, t, "cannot assign to %s", ts_node_type(t));
    }
    bool saved = L->in_target;
    L->in_target = true;
    ev_node *n = lower_expr(L, t);
    L->in_target = saved;
    return n;
}

/* After a function body is lowered: turn captured locals into cells and
 * record where each free variable's cell comes from in the defining scope. */
static void finish_closure(lower *L, scope *sc, ev_funcdef *d, scope *outer)
{
    d->cellslots = arena_alloc(L, sc->n ? sc->n : 1);
    d->freenames = arena_alloc(L, sizeof(ev_str *) * (sc->nfree ? sc->nfree : 1));
    d->free_from = arena_alloc(L, sizeof(int32_t) * (sc->nfree ? sc->nfree : 1));
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
        int slot = (outer->is_function && !scope_is_nonlocal(outer, name)) ? scope_find(outer, name) : -1;
        if (slot >= 0) {
            if (mark_cell(L, outer, slot))
                return;
            d->free_from[i] = slot;
        } else {
            int k = free_index(L, outer, name);
            if (k < 0)
                return;
            d->free_from[i] = -(k + 1);
        }
    }
}

/* Slot names, then cells and free variables, once the body is lowered.
 * L->sc must already be the enclosing scope again. */
static void finish_function(lower *L, scope *sc, ev_funcdef *d)
{
    if (L->failed)
        return;
    if (sc->generator)
        d->generator = true;
    d->nslots = sc->n;
    d->slotnames = arena_alloc(L, sizeof(ev_str *) * (sc->n ? sc->n : 1));
    if (d->slotnames && sc->n)
        memcpy(d->slotnames, sc->names, sc->n * sizeof(ev_str *));
    if (!L->failed)
        finish_closure(L, sc, d, L->sc);
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
    for (uint32_t i = 0; i < np && !L->failed; i++) {
        TSNode p = ts_node_named_child(params, i);
        const char *ty = ts_node_type(p);
        if (is(L, p, S_comment))
            continue;
        if (strcmp(ty, "positional_separator") == 0) {
            if (after_star || d->nposonly || sc->n == 0)
                return fail_at(L, p, "invalid syntax");
            d->nposonly = sc->n;
            continue;
        }
        if (strcmp(ty, "keyword_separator") == 0 || strcmp(ty, "list_splat_pattern") == 0) {
            if (after_star)
                return fail_at(L, p, "* argument may appear only once");
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
            return fail_at(L, p, "arguments cannot follow var-keyword argument");
        TSNode id = is(L, p, S_identifier) ? p : is(L, p, S_default_parameter) ? field(L, p, F_name)
                                                                                 : (TSNode){0};
        if (ts_node_is_null(id) || !is(L, id, S_identifier))
            return unsupported(L, p, strstr(ty, "typed") ? "parameter annotations" : "this parameter form");
        if (after_star) {
            if (nkw == 256)
                return unsupported(L, p, "more than 256 keyword-only parameters");
            kwonly[nkw++] = p;
            continue;
        }
        ev_str *name = intern_node(L, id);
        if (name && scope_find(sc, name) >= 0)
            return fail_at(L, p, "duplicate argument '%s' in function definition", name->data);
        if (is(L, p, S_identifier) && *ndef > 0)
            return fail_at(L, p, "non-default argument follows default argument");
        scope_add(L, sc, name);
        if (is(L, p, S_default_parameter)) {
            if (*ndef >= 255)
                return unsupported(L, p, "more than 255 default values");
            /* defaults are evaluated in the enclosing scope, at def time */
            defaults[(*ndef)++] = lower_expr(L, field(L, p, F_value));
        }
    }
    if (after_star && ts_node_is_null(star) && nkw == 0 && !L->failed)
        return fail_at(L, params, "named arguments must follow bare *");
    d->nparams = sc->n;
    d->nkwonly = nkw;
    d->kwdefaults = arena_alloc(L, sizeof(ev_node *) * (nkw ? nkw : 1));
    if (!d->kwdefaults)
        return NULL;
    TSNode extra[2] = {star, dstar};
    for (uint32_t i = 0; i < nkw + 2 && !L->failed; i++) {
        TSNode p = i < nkw ? kwonly[i] : extra[i - nkw];
        if (ts_node_is_null(p))
            continue;
        TSNode id = i >= nkw ? ts_node_named_child(p, 0)
                    : is(L, p, S_identifier) ? p : field(L, p, F_name);
        if (!is(L, id, S_identifier))
            return unsupported(L, p, "this parameter form");
        ev_str *name = intern_node(L, id);
        if (name && scope_find(sc, name) >= 0)
            return fail_at(L, p, "duplicate argument '%s' in function definition", name->data);
        scope_add(L, sc, name);
        if (i < nkw && is(L, p, S_default_parameter))
            d->kwdefaults[i] = lower_expr(L, field(L, p, F_value));
    }
    d->varargs = !ts_node_is_null(star);
    d->varkw = !ts_node_is_null(dstar);
    return NULL;
}

static ev_node *lower_def(lower *L, TSNode t)
{
    ev_node *n = node_new(L, N_DEF, t);
    ev_funcdef *d = arena_alloc(L, sizeof *d);
    if (!n || !d)
        return NULL;
    if (!ts_node_is_null(ts_node_child_by_field_name(t, "return_type", 11)))
        return unsupported(L, t, "return annotations");
    n->def = d;
    d->prog = L->prog;
    d->line = n->line;
    d->name = intern_node(L, field(L, t, F_name));
    n->name = d->name;
    n->a = lower_name(L, field(L, t, F_name)); /* where the def binds its name */
    if (!n->a)
        return NULL;
    scope sc = {.up = L->sc, .is_function = true};
    ev_node *defaults[256];
    uint32_t ndef = 0;
    lower_params(L, field(L, t, F_parameters), &sc, d, defaults, &ndef);
    if (!L->failed)
        collect_locals(L, &sc, field(L, t, F_body));
    for (uint32_t i = 0; i < sc.nglobals && !L->failed; i++)
        if (scope_find(&sc, sc.globals[i]) >= 0 && (uint32_t)scope_find(&sc, sc.globals[i]) < d->nparams)
            fail_at(L, t, "name '%s' is parameter and global", sc.globals[i]->data);
    if (!L->failed) {
        d->ndefaults = ndef;
        d->defaults = arena_alloc(L, sizeof(ev_node *) * (ndef ? ndef : 1));
        if (d->defaults && ndef)
            memcpy(d->defaults, defaults, ndef * sizeof *defaults);
        scope *saved = L->sc;
        int saved_loops = L->loops;
        L->sc = &sc;
        L->loops = 0;
        d->body = lower_block(L, field(L, t, F_body));
        L->sc = saved;
        L->loops = saved_loops;
        finish_function(L, &sc, d);
    }
    scope_release(L, &sc);
    return L->failed ? NULL : n;
}

/* lambda params: expr - a function whose body returns the expression. */
static ev_node *lower_lambda(lower *L, TSNode t)
{
    ev_node *n = node_new(L, N_LAMBDA, t);
    ev_funcdef *d = arena_alloc(L, sizeof *d);
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
    scope sc = {.up = L->sc, .is_function = true};
    ev_node *defaults[256];
    uint32_t ndef = 0;
    TSNode params = field(L, t, F_parameters);
    if (!ts_node_is_null(params)) {
        lower_params(L, params, &sc, d, defaults, &ndef);
    } else {
        d->kwdefaults = arena_alloc(L, sizeof(ev_node *));
    }
    if (!L->failed) {
        d->ndefaults = ndef;
        d->defaults = arena_alloc(L, sizeof(ev_node *) * (ndef ? ndef : 1));
        if (d->defaults && ndef)
            memcpy(d->defaults, defaults, ndef * sizeof *defaults);
        scope *saved = L->sc;
        int saved_loops = L->loops;
        L->sc = &sc;
        L->loops = 0;
        ev_node *ret = node_new(L, N_RETURN, t);
        ev_node *blk = node_new(L, N_BLOCK, t);
        if (ret && blk && (blk->list = list_new(L, 1))) {
            ret->a = lower_expr(L, field(L, t, F_body));
            blk->list[0] = ret;
            blk->n = 1;
            d->body = blk;
        }
        L->sc = saved;
        L->loops = saved_loops;
        finish_function(L, &sc, d);
    }
    scope_release(L, &sc);
    return L->failed ? NULL : n;
}

/* [elt for t in it if c ...] is a function of one argument, the iterator
 * of the first iterable (evaluated in the enclosing scope), as in CPython. */
static ev_node *lower_comprehension(lower *L, TSNode t, int kind)
{
    uint32_t nc = ts_node_named_child_count(t);
    TSNode clauses[64];
    uint32_t ncl = 0;
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (!is(L, c, S_for_in_clause) && !is(L, c, S_if_clause))
            continue;
        if (ncl == 64)
            return unsupported(L, c, "a comprehension with more than 64 clauses");
        if (ts_node_child_count(c) > 0 && strcmp(ts_node_type(ts_node_child(c, 0)), "async") == 0)
            return unsupported(L, c, "async comprehensions");
        clauses[ncl++] = c;
    }
    if (ncl == 0 || !is(L, clauses[0], S_for_in_clause))
        return fail_at(L, t, "invalid syntax");
    ev_node *n = node_new(L, N_COMP, t);
    ev_funcdef *d = arena_alloc(L, sizeof *d);
    if (!n || !d)
        return NULL;
    static const char *const names[] = {"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"};
    n->def = d;
    d->prog = L->prog;
    d->line = n->line;
    d->name = ev_intern(L->I, names[kind], strlen(names[kind]));
    n->b = lower_expr(L, field(L, clauses[0], F_right)); /* in the enclosing scope */
    if (!d->name || L->failed)
        return NULL;
    scope sc = {.up = L->sc, .is_function = true, .comprehension = true};
    d->generator = kind == COMP_GEN;
    scope_add(L, &sc, ev_intern(L->I, ".0", 2));
    d->nparams = 1;
    for (uint32_t i = 0; i < ncl; i++)
        if (is(L, clauses[i], S_for_in_clause))
            collect_target(L, &sc, field(L, clauses[i], F_left), 0);
    scope *saved = L->sc;
    int saved_loops = L->loops;
    L->sc = &sc;
    L->loops = 0;
    ev_node *body = node_new(L, N_COMPBODY, t);
    ev_node *ret = node_new(L, N_RETURN, t);
    ev_node *blk = node_new(L, N_BLOCK, t);
    if (body && ret && blk && (body->list = list_new(L, ncl)) && (blk->list = list_new(L, 1))) {
        body->op = (uint8_t)kind;
        for (uint32_t i = 0; i < ncl && !L->failed; i++) {
            TSNode c = clauses[i];
            if (is(L, c, S_if_clause)) {
                ev_node *f = node_new(L, N_COMPIF, c);
                if (f)
                    f->a = lower_expr(L, ts_node_named_child(c, 0));
                body->list[body->n++] = f;
                continue;
            }
            ev_node *f = node_new(L, N_COMPFOR, c);
            if (!f)
                break;
            f->a = lower_target(L, field(L, c, F_left));
            if (i == 0) {
                f->b = node_new(L, N_LOCAL, c); /* .0, the iterator argument */
                if (f->b)
                    f->b->slot = 0;
            } else {
                f->b = lower_expr(L, field(L, c, F_right));
            }
            body->list[body->n++] = f;
        }
        TSNode elt = field(L, t, F_body);
        if (kind == COMP_DICT) {
            if (!is(L, elt, S_pair)) {
                fail_at(L, elt, "invalid syntax");
            } else {
                body->a = lower_expr(L, field(L, elt, F_key));
                body->b = lower_expr(L, field(L, elt, F_value));
            }
        } else {
            body->a = lower_expr(L, elt);
        }
        ret->a = body;
        blk->list[0] = ret;
        blk->n = 1;
        d->body = blk;
    }
    L->sc = saved;
    L->loops = saved_loops;
    finish_function(L, &sc, d);
    scope_release(L, &sc);
    return L->failed ? NULL : n;
}

static ev_node *lower_loop_body(lower *L, TSNode body)
{
    L->loops++;
    ev_node *b = lower_block(L, body);
    L->loops--;
    return b;
}

static ev_node *lower_else(lower *L, TSNode t)
{
    TSNode alt = field(L, t, F_alternative);
    if (ts_node_is_null(alt))
        return NULL;
    return lower_block(L, field(L, alt, F_body));
}

static ev_node *lower_if(lower *L, TSNode t)
{
    ev_node *n = node_new(L, N_IF, t);
    if (!n)
        return NULL;
    n->a = lower_expr(L, field(L, t, F_condition));
    n->b = lower_block(L, field(L, t, F_consequence));
    /* elif chains become nested ifs in the else branch */
    ev_node *tail = n;
    uint32_t nc = ts_node_child_count(t);
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (is(L, c, S_elif_clause)) {
            ev_node *e = node_new(L, N_IF, c);
            if (!e)
                return NULL;
            e->a = lower_expr(L, field(L, c, F_condition));
            e->b = lower_block(L, field(L, c, F_consequence));
            tail->c = e;
            tail = e;
        } else if (is(L, c, S_else_clause)) {
            tail->c = lower_block(L, field(L, c, F_body));
        }
    }
    return L->failed ? NULL : n;
}

static ev_node *lower_try(lower *L, TSNode t)
{
    ev_node *n = node_new(L, N_TRY, t);
    uint32_t nc = ts_node_child_count(t);
    if (!n || !(n->list = list_new(L, nc)))
        return NULL;
    n->a = lower_block(L, field(L, t, F_body));
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (is(L, c, S_except_clause)) {
            ev_node *h = node_new(L, N_HANDLER, c);
            if (!h)
                return NULL;
            TSNode v = field(L, c, F_value);
            if (!ts_node_is_null(v)) {
                if (is(L, v, S_as_pattern)) {
                    TSNode alias = field(L, v, F_alias);
                    TSNode id = ts_node_named_child(alias, 0);
                    if (!is(L, id, S_identifier))
                        return fail_at(L, c, "invalid syntax");
                    h->b = lower_name(L, id);
                    v = ts_node_named_child(v, 0);
                }
                h->a = lower_expr(L, v);
            }
            uint32_t cc = ts_node_named_child_count(c);
            for (uint32_t k = 0; k < cc; k++) {
                TSNode b = ts_node_named_child(c, k);
                if (is(L, b, S_block))
                    h->c = lower_block(L, b);
            }
            if (!h->c && !L->failed)
                return fail_at(L, c, "expected an indented block");
            n->list[n->n++] = h;
        } else if (is(L, c, S_else_clause)) {
            n->b = lower_block(L, field(L, c, F_body));
        } else if (is(L, c, S_finally_clause)) {
            uint32_t cc = ts_node_named_child_count(c);
            for (uint32_t k = 0; k < cc; k++)
                if (is(L, ts_node_named_child(c, k), S_block))
                    n->c = lower_block(L, ts_node_named_child(c, k));
        } else if (strcmp(ts_node_type(c), "except_group_clause") == 0) {
            return unsupported(L, c, "except*");
        }
    }
    for (uint32_t i = 0; i + 1 < n->n && !L->failed; i++)
        if (!n->list[i]->a)
            return fail_at(L, t, "default 'except:' must be last");
    return L->failed ? NULL : n;
}

/* A dotted_name of one identifier (submodules do not exist here). */
static ev_str *module_name(lower *L, TSNode m)
{
    if (is(L, m, S_relative_import)) {
        fail_at(L, m, "relative imports are not supported: safepy runs a single file");
        return NULL;
    }
    if (!is(L, m, S_dotted_name) || ts_node_named_child_count(m) != 1) {
        uint32_t s = ts_node_start_byte(m), e = ts_node_end_byte(m);
        fail_at(L, m, "No module named '%.*s' (safepy modules have no submodules)",
                (int)(e - s > 64 ? 64 : e - s), L->src + s);
        return NULL;
    }
    return intern_node(L, ts_node_named_child(m, 0));
}

/* import m [as x], ... becomes one N_IMPORT per module (op 0); from m import
 * a [as b], ... becomes one N_IMPORT with names and targets (op 1). */
static ev_node *lower_import(lower *L, TSNode t)
{
    uint32_t nc = ts_node_named_child_count(t);
    if (is(L, t, S_import_statement)) {
        ev_node *blk = node_new(L, N_BLOCK, t);
        if (!blk || !(blk->list = list_new(L, nc)))
            return NULL;
        for (uint32_t i = 0; i < nc && !L->failed; i++) {
            TSNode c = ts_node_named_child(t, i), target;
            if (is(L, c, S_comment))
                continue;
            ev_node *n = node_new(L, N_IMPORT, c);
            if (!n)
                return NULL;
            if (is(L, c, S_aliased_import)) {
                n->name = module_name(L, field(L, c, F_name));
                target = field(L, c, F_alias);
            } else {
                n->name = module_name(L, c);
                target = ts_node_named_child(c, 0);
            }
            if (L->failed)
                return NULL;
            n->a = lower_name(L, target);
            blk->list[blk->n++] = n;
        }
        return L->failed ? NULL : blk;
    }
    ev_node *n = node_new(L, N_IMPORT, t);
    if (!n || !(n->list = list_new(L, nc)) || !(n->names = arena_alloc(L, sizeof(ev_str *) * (nc ? nc : 1))))
        return NULL;
    n->op = 1;
    n->name = module_name(L, ts_node_named_child(t, 0));
    for (uint32_t i = 1; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(t, i), target;
        if (is(L, c, S_comment))
            continue;
        if (is(L, c, S_wildcard_import))
            return unsupported(L, c, "'from ... import *' (name the functions you need)");
        ev_str *attr;
        if (is(L, c, S_aliased_import)) {
            attr = module_name(L, field(L, c, F_name));
            target = field(L, c, F_alias);
        } else {
            attr = module_name(L, c);
            target = ts_node_named_child(c, 0);
        }
        if (L->failed)
            return NULL;
        n->names[n->n] = attr;
        n->list[n->n++] = lower_name(L, target);
    }
    return L->failed ? NULL : n;
}

static ev_node *lower_assignment(lower *L, TSNode e)
{
    ev_node *n = node_new(L, N_ASSIGN, e);
    ev_node *targets[64];
    uint32_t nt = 0;
    TSNode cur = e;
    while (is(L, cur, S_assignment)) {
        if (!ts_node_is_null(field(L, cur, F_type)))
            return unsupported(L, cur, "variable annotations");
        TSNode right = field(L, cur, F_right);
        if (ts_node_is_null(right))
            return fail_at(L, cur, "invalid syntax");
        if (nt >= 64)
            return unsupported(L, cur, "more than 64 chained assignments");
        targets[nt++] = lower_target(L, field(L, cur, F_left));
        cur = right;
    }
    if (!n || L->failed)
        return NULL;
    n->a = lower_expr(L, cur);
    if (!(n->list = list_new(L, nt)))
        return NULL;
    memcpy(n->list, targets, nt * sizeof *targets);
    n->n = nt;
    return L->failed ? NULL : n;
}

static ev_node *lower_expr_stmt(lower *L, TSNode t)
{
    uint32_t nc = ts_node_named_child_count(t);
    TSNode e = ts_node_named_child(t, 0);
    if (nc > 1) {
        /* `a, b` as a statement: a tuple expression */
        ev_node *n = node_new(L, N_EXPR, t);
        if (n)
            n->a = lower_seq(L, t, N_TUPLE);
        return L->failed ? NULL : n;
    }
    if (is(L, e, S_assignment))
        return lower_assignment(L, e);
    if (is(L, e, S_augmented_assignment)) {
        ev_node *n = node_new(L, N_AUGASSIGN, e);
        if (!n)
            return NULL;
        int op = binop_of(L, field(L, e, F_operator), true);
        if (op < 0 || op == EV_OP_MATMUL)
            return unsupported(L, e, "this augmented assignment");
        TSNode left = field(L, e, F_left);
        if (!is(L, left, S_identifier) && !is(L, left, S_attribute) && !is(L, left, S_subscript))
            return fail_at(L, left, "'%s' is an illegal expression for augmented assignment",
                           ts_node_type(left));
        n->op = (uint8_t)op;
        n->a = lower_expr(L, left);
        n->b = lower_expr(L, field(L, e, F_right));
        return L->failed ? NULL : n;
    }
    ev_node *n = node_new(L, N_EXPR, t);
    if (n)
        n->a = lower_expr(L, e);
    return L->failed ? NULL : n;
}

static ev_node *lower_stmt_inner(lower *L, TSNode t)
{
    if (is(L, t, S_expression_statement))
        return lower_expr_stmt(L, t);
    if (is(L, t, S_if_statement))
        return lower_if(L, t);
    if (is(L, t, S_while_statement)) {
        ev_node *n = node_new(L, N_WHILE, t);
        if (!n)
            return NULL;
        n->a = lower_expr(L, field(L, t, F_condition));
        n->b = lower_loop_body(L, field(L, t, F_body));
        n->c = lower_else(L, t);
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_for_statement)) {
        if (strcmp(ts_node_type(ts_node_child(t, 0)), "async") == 0)
            return unsupported(L, t, "async for");
        ev_node *n = node_new(L, N_FOR, t);
        if (!n)
            return NULL;
        n->a = lower_target(L, field(L, t, F_left));
        n->b = lower_expr(L, field(L, t, F_right));
        if (n->b && n->b->kind == N_SET)
            n->b->flags |= SET_FROZEN_ITER;
        n->c = lower_loop_body(L, field(L, t, F_body));
        n->d = lower_else(L, t);
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_break_statement))
        return L->loops > 0 ? node_new(L, N_BREAK, t) : fail_at(L, t, "'break' outside loop");
    if (is(L, t, S_continue_statement))
        return L->loops > 0 ? node_new(L, N_CONTINUE, t)
                            : fail_at(L, t, "'continue' not properly in loop");
    if (is(L, t, S_pass_statement))
        return node_new(L, N_PASS, t);
    if (is(L, t, S_return_statement)) {
        if (!L->sc->is_function)
            return fail_at(L, t, "'return' outside function");
        ev_node *n = node_new(L, N_RETURN, t);
        if (n && ts_node_named_child_count(t) > 0) {
            TSNode v = ts_node_named_child(t, 0);
            n->a = is(L, v, S_expression_list) ? lower_seq(L, v, N_TUPLE) : lower_expr(L, v);
        }
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_function_definition)) {
        if (strcmp(ts_node_type(ts_node_child(t, 0)), "async") == 0)
            return unsupported(L, t, "async def");
        return lower_def(L, t);
    }
    if (is(L, t, S_global_statement) || is(L, t, S_nonlocal_statement)) {
        if (is(L, t, S_nonlocal_statement) && !L->sc->is_function)
            return fail_at(L, t, "nonlocal declaration not allowed at module level");
        return node_new(L, N_PASS, t); /* resolved while lowering names */
    }
    if (is(L, t, S_delete_statement)) {
        ev_node *n = node_new(L, N_DEL, t);
        if (!n)
            return NULL;
        TSNode e = ts_node_named_child(t, 0);
        n->a = is(L, e, S_expression_list) ? lower_seq(L, e, N_TUPLE) : lower_target(L, e);
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_raise_statement)) {
        ev_node *n = node_new(L, N_RAISE, t);
        if (!n)
            return NULL;
        uint32_t nc = ts_node_named_child_count(t);
        if (nc > 1)
            return unsupported(L, t, "'raise ... from ...'");
        if (nc > 0)
            n->a = lower_expr(L, ts_node_named_child(t, 0));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_try_statement))
        return lower_try(L, t);
    if (is(L, t, S_assert_statement)) {
        ev_node *n = node_new(L, N_ASSERT, t);
        if (!n)
            return NULL;
        n->a = lower_expr(L, ts_node_named_child(t, 0));
        if (ts_node_named_child_count(t) > 1)
            n->b = lower_expr(L, ts_node_named_child(t, 1));
        return L->failed ? NULL : n;
    }
    if (is(L, t, S_import_statement) || is(L, t, S_import_from_statement))
        return lower_import(L, t);
    const char *ty = ts_node_type(t);
    if (strcmp(ty, "ERROR") == 0 || ts_node_is_missing(t))
        return fail_at(L, t, "invalid syntax");
    if (strcmp(ty, "class_definition") == 0)
        return unsupported(L, t, "class definitions");
    if (strcmp(ty, "decorated_definition") == 0)
        return unsupported(L, t, "decorators");
    if (strcmp(ty, "with_statement") == 0)
        return unsupported(L, t, "the with statement");
    if (strcmp(ty, "match_statement") == 0)
        return unsupported(L, t, "the match statement");
    if (strcmp(ty, "print_statement") == 0 || strcmp(ty, "exec_statement") == 0)
        return fail_at(L, t, "Missing parentheses in call to '%.4s'. Did you mean %.4s(...)?", ty, ty);
    char what[96];
    snprintf(what, sizeof what, "the '%s' statement", ty);
    return unsupported(L, t, what);
}

static ev_node *lower_stmt(lower *L, TSNode t)
{
    if (L->failed)
        return NULL;
    if (++L->depth > MAX_DEPTH) {
        L->depth--;
        return fail_at(L, t, "too many statically nested blocks");
    }
    ev_node *n = lower_stmt_inner(L, t);
    L->depth--;
    return n;
}

static ev_node *lower_block(lower *L, TSNode t)
{
    if (L->failed)
        return NULL;
    if (ts_node_is_null(t))
        return fail_at(L, t, "expected an indented block");
    uint32_t nc = ts_node_named_child_count(t);
    ev_node *n = node_new(L, N_BLOCK, t);
    if (!n || !(n->list = list_new(L, nc)))
        return NULL;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (is(L, c, S_comment) || is(L, c, S_line_continuation))
            continue;
        ev_node *s = lower_stmt(L, c);
        if (s)
            n->list[n->n++] = s;
    }
    return L->failed ? NULL : n;
}

void ev_program_free(ev_interp *I, ev_program *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nconsts; i++)
        ev_decref(I, p->consts[i]);
    ev_dealloc(I, p->consts);
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

/* Every symbol whose name is one we know maps to it, aliases included. */
static int build_symmap(lower *L, const TSLanguage *lang)
{
    L->nsyms = ts_language_symbol_count(lang);
    L->symmap = ev_alloc(L->I, L->nsyms ? L->nsyms : 1);
    if (!L->symmap)
        return -1;
    memset(L->symmap, 0, L->nsyms);
    for (uint32_t sy = 0; sy < L->nsyms; sy++) {
        if (ts_language_symbol_type(lang, (TSSymbol)sy) != TSSymbolTypeRegular)
            continue;
        const char *name = ts_language_symbol_name(lang, (TSSymbol)sy);
        for (int k = 0; k < S_COUNT; k++)
            if (strcmp(name, sym_names[k]) == 0)
                L->symmap[sy] = (uint8_t)(k + 1);
    }
    for (int i = 0; i < F_COUNT; i++)
        L->fld[i] = ts_language_field_id_for_name(lang, fld_names[i], (uint32_t)strlen(fld_names[i]));
    return 0;
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
    size_t flen = strlen(filename);
    p->src = ev_alloc(I, len + 1);
    p->filename = ev_alloc(I, flen + 1);
    if (!p->src || !p->filename) {
        ev_program_free(I, p);
        ev_raise_nomem(I);
        return NULL;
    }
    memcpy(p->src, src, len);
    p->src[len] = '\0';
    p->len = len;
    memcpy(p->filename, filename, flen + 1);

    lower L = {.I = I, .src = p->src, .len = len, .prog = p};
    scope module = {.is_function = false};
    L.sc = &module;
    TSNode root = ts_tree_root_node(tree);
    if (build_symmap(&L, ts_tree_language(tree))) {
        L.failed = true;
    } else if (ts_node_has_error(root)) {
        fail_at(&L, root, "invalid syntax");
    } else {
        p->body = lower_block(&L, root);
    }
    ev_dealloc(I, L.symmap);
    scope_release(&L, &module);
    if (L.failed) {
        if (I->exc.tag == EV_T_NONE && !I->limit)
            ev_raise_nomem(I);
        ev_program_free(I, p);
        return NULL;
    }
    return p;
}
