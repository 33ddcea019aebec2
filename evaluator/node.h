/*
 * node.h - the lowered program: what lower.c produces and interp.c walks.
 * Internal to evaluator/.
 *
 * Nodes live in one arena per program, which is refcounted: functions
 * defined by one MCP call are called by later ones and keep their program
 * alive, and a program nothing refers to any more is freed (ev_lower).
 */
#ifndef SAFEPY_NODE_H
#define SAFEPY_NODE_H

#include "evaluator/ev.h"

/* ev_funcdef.coroutine, ev_gen.flavor */
enum { EV_CORO_CORO = 1, EV_CORO_ASYNCGEN = 2 };

typedef enum ev_nkind {
    /* expressions */
    N_CONST, N_LOCAL, N_GLOBAL, N_BINOP, N_UNARY, N_NOT, N_AND, N_OR, N_COMPARE,
    N_CALL, N_ATTR, N_SUBSCRIPT, N_SLICE, N_LIST, N_TUPLE, N_DICT, N_FSTRING,
    N_FORMAT, N_IFEXP, N_CELLVAR, N_FREE, N_STAR, N_KWSPLAT, N_LAMBDA, N_COMP, N_COMPBODY,
    N_COMPFOR, N_COMPIF, N_YIELD, N_YIELDFROM, N_SET,
    N_WALRUS, /* a := b: a the name's store target, b the value */
    N_BINCHAIN, /* one precedence level's chain of binary operators (below) */
    /* statements */
    N_EXPR, N_ASSIGN, N_AUGASSIGN, N_IF, N_WHILE, N_FOR, N_BREAK, N_CONTINUE, N_PASS,
    N_RETURN, N_DEF, N_CLASS, N_WITH, N_ANNASSIGN, N_BLOCK, N_DEL, N_RAISE, N_TRY, N_HANDLER, N_ASSERT, N_IMPORT,
    /* match statement (lower_match.c, interp_match.c) */
    N_MATCH, N_CASE, N_PVALUE, N_PCAPTURE, N_PSEQ, N_PMAP, N_PCLASS, N_POR, N_PAS,
} ev_nkind;

/* Comparison operators in N_COMPARE: 0..5 as ev_compare, then these. */
enum { CMP_IN = 6, CMP_NOT_IN, CMP_IS, CMP_IS_NOT };
/* Unary operators. */
enum { UN_NEG, UN_POS, UN_INVERT };

struct ev_node {
    uint8_t kind;
    uint8_t op;
    uint16_t flags;
    uint32_t line;      /* 1-based */
    uint32_t col;       /* 0-based byte column */
    uint32_t end_line, end_col; /* where the construct ends (exclusive column) */
    int32_t slot;       /* N_LOCAL: frame slot */
    uint32_t n;         /* number of items in list */
    ev_node *a, *b, *c, *d;
    ev_node **list;     /* children (elements, statements, args, operands) */
    uint8_t *ops;       /* N_COMPARE: n-1 operators */
    ev_str **names;     /* N_CALL: keyword names (n - nargs of them); N_IMPORT */
    uint32_t nargs;     /* N_CALL: positional count */
    ev_value cval;      /* N_CONST */
    ev_str *name;       /* N_GLOBAL, N_ATTR, N_HANDLER alias... */
    ev_funcdef *def;    /* N_DEF */
    /* N_ATTR's inline cache (interp.c): for instances of ic_type while the
     * session's class_version is ic_version, the class has no attribute of
     * this name (IC_GET: obj.name is the instance dict's entry) and no
     * __setattr__/__delattr__ (IC_SET: obj.name = v goes straight to the
     * dict); ic_index is where the entry was last found.  IC_SLOT: the
     * class's attribute is the member descriptor of the slot ic_index of
     * the instance's values (LOAD_ATTR_SLOT). */
    const void *ic_type;
    uint64_t ic_version;
    uint32_t ic_index;
    uint8_t ic_ok;
    /* N_ATTR called as a method of a builtin object: the builtin method the
     * last such object's type has of this name (NULL: none); builtin types'
     * method tables never change */
    const void *mc_type;
    const void *mc_def;
};

/*   N_AND/N_OR list/n operands, n >= 2, one operator's chain side by side
 *   N_BINCHAIN n >= 3 operands list[0..n) of binary operators of one
 *             precedence level, as the grammar nests them (a + b - c is
 *             (a + b) - c; a ** b ** c is a ** (b ** c) when op is
 *             EV_OP_POW); list[n + j] is the N_BINOP that joins operands j
 *             and j + 1: its op, a and b those operands, its position the
 *             whole BinOp CPython would have there (for tracebacks); it is
 *             never evaluated itself.  ops[j] is its op, read by the loop.
 *
 * Match statement nodes:
 *   N_MATCH   a subject, list/n cases
 *   N_CASE    a pattern, b guard or NULL, c body; list/n the name targets the
 *             pattern's captures are stored to, indexed by capture number
 *   N_PVALUE  a expression compared with ==, or with `is` when op is 1;
 *             as a mapping item: a key expression, b value pattern
 *   N_PCAPTURE slot capture number, -1 for the wildcard _
 *   N_PSEQ    list/n item patterns, slot index of the starred one or -1
 *   N_PMAP    list/n N_PVALUE items, c the **rest capture or NULL
 *   N_PCLASS  a class expression, list/n sub-patterns of which the first
 *             nargs positional, names the keyword ones' attribute names
 *   N_POR     list/n alternatives
 *   N_PAS     a pattern, slot capture number */

/* op of N_YIELDFROM (1: `await x`), N_FOR, N_WITH and N_COMPFOR (1: the
 * `async` form) */
enum { OP_ASYNC = 1 };

/* N_COMPBODY op: what the comprehension builds */
enum { COMP_LIST, COMP_DICT, COMP_SET, COMP_GEN };

/* N_CALL flags */
enum { CALL_STAR = 1 };

/* N_LIST/N_TUPLE/N_SET/N_DICT flags: a display with * or ** items
 * (N_STAR / N_KWSPLAT elements) */
enum { DISPLAY_UNPACK = 2 };

/* N_SET flags: the iterable of a for loop (CPython folds a constant one to
 * a frozenset, which can iterate in another order than the set). */
enum { SET_FROZEN_ITER = 1 };

/* N_FORMAT flags: conversion. */
enum { FMT_NONE = 0, FMT_STR = 's', FMT_REPR = 'r', FMT_ASCII = 'a' };

struct ev_funcdef {
    ev_str *name;
    ev_str *qualname;   /* CPython's __qualname__ (C.m, f.<locals>.g) */
    uint32_t nparams;   /* positional parameters, the first slots */
    uint32_t nposonly;  /* of which positional-only (before '/') */
    uint32_t nkwonly;   /* keyword-only parameters, the next slots */
    bool varargs;       /* *args: the slot after the keyword-only ones */
    bool varkw;         /* **kwargs: the slot after that */
    ev_node **kwdefaults; /* per keyword-only parameter, NULL if required */
    uint32_t nslots;
    ev_str **slotnames;
    uint32_t ndefaults; /* defaults of the last ndefaults parameters */
    bool generator;     /* the body yields or it is async: calls return a generator object */
    /* an async def: EV_CORO_CORO (no yield: calls return a coroutine) or
     * EV_CORO_ASYNCGEN (yields: an async generator); 0 otherwise */
    uint8_t coroutine;
    bool classbody;     /* a class body: a call returns its namespace (a dict) */
    /* annotations of the parameters and the return ("return"), evaluated
     * when the def runs into the function's __annotations__ */
    uint32_t nann;
    ev_str **annnames;
    ev_node **annexprs;
    ev_node **defaults; /* expressions, evaluated at def time */
    ev_node *body;
    /* A generator function shaped as a generator expression (for clauses,
     * if clauses, then `yield v` alone): its body as an N_COMPBODY, run
     * without a stack of its own (generator.c); c is the yield statement.
     * NULL for other functions. */
    ev_node *compgen;
    uint32_t line;
    ev_program *prog;
    /* closures: which slots hold cells, and where each free variable's
     * cell comes from in the defining frame (>= 0: a cell slot there;
     * < 0: -(k+1), the defining function's own free variable k) */
    uint8_t *cellslots;
    uint32_t ncells;
    uint32_t nfree;
    ev_str **freenames;
    int32_t *free_from;
};

struct ev_program {
    size_t refcnt;
    char *src;
    size_t len;
    char *filename;
    ev_node *body;
    void *arena;        /* chain of arena chunks */
    ev_value *consts;   /* values to release with the program */
    size_t nconsts, capconsts;
    /* Every funcdef in the order the lowering made them (def, class body,
     * lambda, comprehension), the number of nodes and a hash of their
     * kinds: lowering the same text again gives the same numbering, which
     * is how a snapshot names a function's code (snapshot.c) and checks
     * that the program it re-lowered is the one it saved. */
    ev_funcdef **defs;
    uint32_t ndefs, capdefs;
    uint32_t nnodes;
    uint64_t shape;
};

#endif
