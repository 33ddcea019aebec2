/*
 * lower_int.h - shared between the parts of the lowering: lower.c (the
 * walk and the statements), lower_str.c (string and f-string literals),
 * lower_scope.c (scopes, closures, functions, lambdas, comprehensions).
 * Internal to evaluator/.
 */
#ifndef SAFEPY_LOWER_INT_H
#define SAFEPY_LOWER_INT_H

#include <tree_sitter/api.h>

#include "evaluator/node.h"

#define MAX_DEPTH 200
/* CPython's compiler (symtable.c, ast_opt.c) gives up past this depth of
 * nested statements and expressions: its recursion limit (1,000) times
 * COMPILER_STACK_FRAME_SCALE (3), from a script's top level. */
#define CPY_COMPILE_DEPTH 3000
/* The longest `a ** b ** ...` CPython's parser reads in a statement */
#define CPY_POW_CHAIN 2984

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

enum fld {
    F_left, F_right, F_operator, F_condition, F_consequence, F_alternative, F_body, F_name,
    F_parameters, F_value, F_function, F_arguments, F_object, F_attribute, F_subscript,
    F_key, F_argument, F_expression, F_type_conversion, F_format_specifier, F_module_name,
    F_alias, F_type, F_COUNT
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
    bool is_class;               /* a class body: its names are not visible to nested functions */
    ev_str *class_name;          /* the class's name, for mangling private names */
    bool generator;              /* a yield was seen */
    bool is_async;               /* an async def's body: await, async for and async with */
    bool is_genexp;              /* a generator expression's scope */
    bool has_await;              /* an await was seen (a generator expression's makes it async) */
    bool return_value;           /* a `return <value>` was seen: return_node */
    TSNode return_node;
    ev_str *qualname;            /* of the def/class/lambda whose body this is, else NULL */
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
    int cdepth;                  /* CPython's compiler's count of nested statements and expressions */
    int loops;                   /* enclosing loops in the current function */
    bool in_target;              /* lowering an assignment target */
    const void *unwrap_splat;    /* the splat node (its id) of `*f(x)` that the grammar read as `(*f)(x)` */
    bool has_walrus;             /* the source has ':=': scopes look for assignment expressions */
    bool future_annotations;     /* from __future__ import annotations: annotations are strings */
    bool failed;
} lower;

void *lw_arena_alloc(lower *L, size_t n);
ev_node *lw_fail_at(lower *L, TSNode n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
ev_node *lw_unsupported(lower *L, TSNode n, const char *what);
ev_node *lw_compile_too_deep(lower *L);
ev_node *lw_node_new(lower *L, ev_nkind k, TSNode ts);
/* A zeroed funcdef, numbered in the program's defs (what a snapshot names
 * a function's code by, snapshot.c) */
ev_funcdef *lw_funcdef_new(lower *L);
ev_node **lw_list_new(lower *L, uint32_t n);
bool lw_is(lower *L, TSNode n, enum sym s);
TSNode lw_field(lower *L, TSNode n, enum fld f);
ev_str *lw_intern_node(lower *L, TSNode n);
ev_str *lw_mangle(lower *L, ev_str *name); /* __x in a class -> _Class__x */
int lw_grow(lower *L, void **arr, uint32_t *cap, uint32_t need, size_t elem);
ev_node *lw_lower_name(lower *L, TSNode t);
ev_node *lw_lower_const(lower *L, TSNode t, ev_value v);
ev_node *lw_lower_expr(lower *L, TSNode t);
ev_node *lw_lower_target(lower *L, TSNode t);
ev_node *lw_lower_block(lower *L, TSNode t);
/* lower.c, for lower_stmt.c: a display or target list of kind k; the
 * operator of a binary or augmented assignment; a pattern without parens */
ev_node *lw_lower_seq(lower *L, TSNode t, ev_nkind k);
int lw_binop_of(lower *L, TSNode op, bool aug);
TSNode lw_unparen_pattern(lower *L, TSNode t);
ev_node *lw_lower_strings(lower *L, TSNode whole, TSNode *strs, uint32_t nstr);
int lw_scope_find(const scope *s, const ev_str *name);
bool lw_scope_is_global(const scope *s, const ev_str *name);
bool lw_scope_is_nonlocal(const scope *s, const ev_str *name);
void lw_scope_release(lower *L, scope *s);
bool lw_is_splat(lower *L, TSNode t);
int lw_free_index(lower *L, scope *s, ev_str *name);
int lw_mark_cell(lower *L, scope *s, int slot);
ev_node *lw_lower_def(lower *L, TSNode t);
ev_node *lw_lower_annotation(lower *L, TSNode t); /* a `type` node */
/* lower_unparse.c: under `from __future__ import annotations`, the
 * annotation's text as CPython 3.11 unparses it, as a str constant */
ev_node *lw_unparse_annotation(lower *L, TSNode t);
ev_node *lw_lower_class(lower *L, TSNode t);
ev_node *lw_lower_decorated(lower *L, TSNode t);
/* A method that calls super() captures its class's __class__ cell. */
int lw_capture_class_cell(lower *L);
ev_node *lw_lower_lambda(lower *L, TSNode t);
ev_node *lw_lower_comprehension(lower *L, TSNode t, int kind);
/* lower_match.c: the match statement, and the names its patterns capture. */
ev_node *lw_lower_match(lower *L, TSNode t);
void lw_match_collect(lower *L, TSNode t, void *s, int (*add)(lower *, void *, ev_str *), int depth);

#endif
