/* an_int.h - internals shared by the analyzer's files; never leaves analyzer/. */
#ifndef SAFEPY_AN_INT_H
#define SAFEPY_AN_INT_H

#include <stdio.h>

#include "analyzer/analyzer.h"

const TSLanguage *tree_sitter_python(void);

#define AN_MAX_DIAGS 200        /* per report; the rest is summarised */
#define AN_MAX_SYNTAX_DIAGS 10

/* A diagnostic plus what only renderers need.  `d` comes first so that
 * &item->d is what an_report_get hands out. */
typedef struct an_item {
    an_diag d;
    char *title; /* rule title, for SARIF; may be NULL */
} an_item;

struct an_report {
    an_item *items;
    size_t n, cap;
    bool truncated;
};

/* flat.c: a clean tree's visible nodes in pre-order (every node the
 * cursor visits).  The children of node i are i+1, then each one's `next`,
 * while below v[i].next. */
#define AN_NONE UINT32_MAX
typedef struct an_node {
    uint32_t start, end; /* bytes */
    uint32_t next;       /* the index after this node's subtree */
    uint32_t parent;     /* AN_NONE for the root */
    TSSymbol sym;        /* ts_node_symbol */
    TSFieldId field;     /* its field in its parent (the cursor's), 0: none */
    uint16_t depth;      /* the root's is 0 */
    bool named;
} an_node;

typedef struct an_flat {
    an_node *v;
    uint32_t n;
} an_flat;

/* AN_EINVAL: deeper than AN_MAX_TREE_DEPTH (f is then empty) */
an_status an_flat_build(TSNode root, an_flat *f) AN_WARN_UNUSED;
/* Is n, a child of parent (its first when first), a link of a chain of one
 * precedence level: `a + b - c` is ((a + b) - c) to the grammar, `a and b
 * and c` ((a and b) and c), `a ** b ** c` (a ** (b ** c)); CPython's
 * compiler reads a BoolOp's operands side by side.  The flat array holds a
 * chain as one node whose children are its operands and operators side by
 * side (fields left, operator, right, operator, right...), and every depth
 * count of the analyzer counts it as one level, so that 10,000 operands
 * parse and check; the lowering flattens them too and checks CPython's
 * compiler's own depth limit. */
bool an_chain_link(TSNode n, TSNode parent, bool first, TSSymbol boolop, TSSymbol binop);
void an_flat_clear(an_flat *f);
/* AN_NONE when there is none (or n is AN_NONE) */
uint32_t an_flat_child_by_field(const an_flat *f, uint32_t n, TSFieldId field);
uint32_t an_flat_named_child(const an_flat *f, uint32_t n, uint32_t i);
uint32_t an_flat_named_child_count(const an_flat *f, uint32_t n);
uint32_t an_flat_child_count(const an_flat *f, uint32_t n);

struct an_parse {
    char *src;
    size_t len;
    char *filename;
    TSTree *tree;
    /* an_parse_new_for_analysis of a big clean program: one tree per batch
     * of top-level statements, in source order, and tree is NULL */
    TSTree **parts;
    size_t nparts;
    /* one per root (an_parse_nroots) when the syntax stage found the tree
     * clean: what the symbol table, the scope checks and an_check walk */
    an_flat *flat;
    size_t nflat;
    unsigned threads;      /* lint: threads the analysis may use (1: the caller's only) */
    uint32_t *line_starts; /* byte offset of each line ('\n' separated) */
    uint32_t nlines;
    an_report *syntax;     /* syntax diagnostics found while parsing */
};

/* report.c */
an_report *an_report_new(void);
/* Appends a copy of the strings; positions from byte offsets. */
an_status an_report_add(an_report *rep, const an_parse *p, const char *rule_id,
                        an_severity sev, const char *message, const char *hint,
                        const char *title, uint32_t start_byte, uint32_t end_byte) AN_WARN_UNUSED;
void an_report_sort(an_report *rep);

/* parse.c */
void an_pos(const an_parse *p, uint32_t byte, uint32_t *line, uint32_t *col);
/* The roots to analyze, in source order: the tree's, or one per part. */
size_t an_parse_nroots(const an_parse *p);
/* Root i's tree: only while an_parse_has_trees (lint frees a clean
 * batch's tree once flat when no rule needs tree-sitter's queries). */
TSNode an_parse_root(const an_parse *p, size_t i);
bool an_parse_has_trees(const an_parse *p);
/* rules.c: whether an_check with r's profile runs a rule through
 * tree-sitter's query engine (or cannot tell yet), so needs the trees */
bool an_rules_need_trees(const an_rules *r);

/* tokenize.c: CPython's tokenizer errors and the f-string checks */
typedef enum an_tok_kind {
    AN_TK_NAME, AN_TK_NUMBER, AN_TK_STRING, AN_TK_OP, AN_TK_NEWLINE, AN_TK_END,
} an_tok_kind;

typedef struct an_tok {
    uint8_t kind;
    uint32_t s, e; /* bytes */
} an_tok;

typedef struct an_tokres {
    an_tok *toks;
    size_t n, cap;
    /* the first tokenizer error (CPython raises it whatever the parser saw) */
    bool have_err;
    char msg[200];
    const char *hint;
    uint32_t at, at_end;
    /* the first f-string error: parser-level, at the token after the string */
    bool have_ferr;
    char fmsg[160];
    uint32_t fat;
    /* a bracket still open at the end of the input */
    bool have_open;
    char open_char;
    uint32_t open_at;
    /* the '=' opening each f-string format spec (f'{x:=^9}'): tree-sitter
     * lexes ':=' there, so the parser is given '<' in its place */
    uint32_t *spec_eq;
    size_t nspec_eq, spec_eq_cap;
    bool spec_eq_oom; /* an allocation of spec_eq or fx failed */
    /* the expression part of each f-string replacement field, as start/end
     * byte pairs in source order: CPython compiles each as "(expr)" */
    uint32_t *fx;
    size_t nfx, fx_cap; /* nfx counts uint32_t, two per field */
} an_tokres;

an_status an_tokenize(const an_parse *p, an_tokres *r) AN_WARN_UNUSED;
void an_tokres_clear(an_tokres *r);

/* parse.c: the row and column of a byte */
TSPoint an_point_of(const an_parse *p, uint32_t byte);

/* prescan.c: the pre-lexer's findings, for parse.c's diagnosis. */
typedef struct an_prescan {
    /* fatal: reported without parsing */
    bool fatal;
    /* used only when the tree has errors, for CPython's precise messages */
    char msg[160];
    const char *hint;
    uint32_t at, at_end;
    bool have_msg;
    /* the first parser-level indentation error ("unexpected indent"...):
     * reported unless the tree has an earlier error, as CPython would */
    char ind_msg[128];
    const char *ind_hint;
    uint32_t ind_at;
    bool have_ind;
    bool ind_after_header; /* an unexpected indent after a header without its ':' */
} an_prescan;

/* Top-level statements grouped into batches that tree-sitter may safely
 * parse on their own: no batch holds more than MAX_BATCH_LEAVES tokens but
 * one statement that an_big_stmt_valid proves error-free, alone. */
typedef struct an_batches {
    uint32_t *start; /* byte offsets; batch i is [start[i], start[i+1]) */
    size_t n, cap;
    /* the batch of one big statement bigstmt.c proved clean: when only the
     * whole program's tree is wanted, its own parse would be wasted */
    bool *proven;
} an_batches;

/* Is the top-level statement at src[start, end) (to the next statement)
 * one tree-sitter parses without error, whatever its size?  (bigstmt.c) */
bool an_big_stmt_valid(const char *src, size_t start, size_t end);

/* Fills ps, the batches bt (tree-sitter's limit) and fine (lint's threads)
 * and *total (the tokens counted); AN_ENOMEM, or an error an_syntax_add
 * returned. */
an_status an_prescan_run(an_parse *p, an_prescan *ps, an_batches *bt, an_batches *fine, size_t *total)
    AN_WARN_UNUSED;
/* A syntax diagnostic of p (parse.c); hint NULL: the general one. */
an_status an_syntax_add(an_parse *p, const char *msg, const char *hint, uint32_t start, uint32_t end)
    AN_WARN_UNUSED;
/* A character of an identifier (any non-ASCII byte may be one). */
static inline bool an_id_char(unsigned char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c >= 0x80;
}
/* parse_gaps.c: the bracketed line breaks tree-sitter would read as a dedent
 * (pairs of byte offsets, malloc'd), the parser's copy with them blanked,
 * and the included ranges of one parse of [s0, s1) */
an_status an_gaps_find(const an_parse *p, const an_tokres *tr, uint32_t **gaps, size_t *ngaps) AN_WARN_UNUSED;
void an_gaps_blank(char *tsrc, const uint32_t *gaps, size_t ngaps);
bool an_gaps_ranges(const an_parse *p, const uint32_t *gaps, size_t ngaps, uint32_t s0, uint32_t s1,
                    TSRange **out, uint32_t *nout);

/* diagnose.c: CPython's specific parser messages, from the tokens */
typedef struct an_diagnosis {
    bool found;
    char msg[160];
    const char *hint;
    uint32_t at, at_end;
    uint32_t reach; /* the furthest byte the parser has read when it raises this */
    /* the first token no Python statement can continue with ("invalid syntax") */
    bool have_generic;
    uint32_t generic_at;
    /* a compiler error (x = *2): reported only when nothing else is */
    bool have_late, is_late; /* is_late: found is the late one */
    char late_msg[64];
    uint32_t late_at, late_end;
} an_diagnosis;

bool an_diagnose(const an_parse *p, const an_tokres *tr, an_diagnosis *out);

/* Records the first diagnosis only (the walks report the first error
 * they meet): msg, hint, bytes [s, e) */
static inline void an_diagnosis_set(an_diagnosis *d, const char *msg, const char *hint, uint32_t s, uint32_t e)
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

/* scope.c: the compiler's errors on a clean tree ('return' outside function...) */
an_status an_scope_check(const an_parse *p, const an_tokres *tr, an_diagnosis *out) AN_WARN_UNUSED;
/* resolve.c: does an identifier of a flat tree name the builtin of that
 * name (rather than a parameter, a local, a global bound before...)?  The
 * module's bindings are gathered once per program; a resolver caches
 * answers for one thread.  Any doubt answers true. */
typedef struct an_names an_names;
typedef struct an_resolver an_resolver;
an_status an_names_build(const an_parse *p, an_names **out) AN_WARN_UNUSED;
void an_names_free(an_names *g);
an_resolver *an_resolver_new(void);
void an_resolver_free(an_resolver *r);
bool an_resolves_builtin(an_resolver *rc, const an_parse *p, const an_names *g, const an_flat *fl, uint32_t x);
/* #module?: only `import NAME` / `import M as NAME` bind x's name anywhere */
bool an_binds_only_import(const an_parse *p, const an_flat *fl, uint32_t x);

/* guard.c: is the import statement holding node n inside a try whose
 * handlers catch ModuleNotFoundError (#guarded-import?) */
bool an_import_guarded(const an_parse *p, const an_flat *fl, uint32_t n);

/* future.c: CPython's future.c errors (*early, before the symbol table's)
 * and the compiler's late `from __future__` (*late, a compiler error) */
an_status an_future_check(const an_parse *p, an_diagnosis *early, an_diagnosis *late) AN_WARN_UNUSED;

/* symtab.c: the symbol table's errors (sym), parser errors only visible in
 * a clean tree (parse) and compiler errors of assignment targets and
 * handlers (comp), each the first of its kind */
an_status an_symtab_check(const an_parse *p, const an_tokres *tr, an_diagnosis *sym, an_diagnosis *parse,
                          an_diagnosis *comp) AN_WARN_UNUSED;

/* pattern.c: errors in case patterns tree-sitter accepts: the parser's
 * (perr) and the compiler's (comp), each the first CPython reports */
an_status an_pattern_check(const an_parse *p, const an_tokres *tr, an_diagnosis *perr,
                           an_diagnosis *comp) AN_WARN_UNUSED;

/* lang.c: ts_language_symbol_for_name and ts_language_field_id_for_name,
 * cached for the process (they scan the whole grammar) */
TSSymbol an_symbol(const char *name, size_t len, bool named);
TSFieldId an_field(const char *name, size_t len);

/* tasks.c: fn(ctx, task, worker) for every task in [0, n), handed out in
 * order to up to `threads` threads (the caller's included; worker is the
 * thread's number, below threads).  Returns when every task is done. */
typedef void (*an_task_fn)(void *ctx, size_t task, unsigned worker);
void an_tasks_run(unsigned threads, size_t n, an_task_fn fn, void *ctx);
/* 0 means one per online CPU; at most AN_MAX_THREADS */
#define AN_MAX_THREADS 8
unsigned an_threads_resolve(unsigned threads);

/* text.c: growable strings */
typedef struct an_buf {
    char *s;
    size_t n, cap;
    bool oom;
} an_buf;
void an_buf_put(an_buf *b, const char *s, size_t n);
void an_buf_puts(an_buf *b, const char *s);
void an_buf_printf(an_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *an_buf_take(an_buf *b); /* NULL if an allocation failed */
char *an_strdup(const char *s);
char *an_strndup(const char *s, size_t n);

#endif
