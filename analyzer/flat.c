/* flat.c - a clean tree as an array of its visible nodes, in pre-order.
 *
 * The symbol table, the scope checks and the rule matcher each walked the
 * tree-sitter tree through its node API, where moving to a sibling costs
 * some 500 instructions (the cursor climbs through the grammar's hidden
 * nodes and recomputes positions) and ts_node_named_child(n, i) starts from
 * the first child every time: three quarters of the analysis of a big
 * program went there.  One cursor walk copies what they read of each node;
 * they walk the array.  For lint of a big program each batch's array is
 * made by the worker that parsed it (parse.c). */
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

static bool push(an_flat *f, size_t *cap, TSNode n, uint32_t parent, TSFieldId field, uint16_t depth)
{
    if (f->n == *cap) {
        size_t nc = *cap * 2;
        an_node *v = nc <= UINT32_MAX ? realloc(f->v, nc * sizeof *v) : NULL;
        if (!v)
            return false;
        f->v = v;
        *cap = nc;
    }
    f->v[f->n++] = (an_node){.start = ts_node_start_byte(n), .end = ts_node_end_byte(n), .parent = parent,
                             .sym = ts_node_symbol(n), .field = field, .depth = depth,
                             .named = ts_node_is_named(n)};
    return true;
}

/* The precedence level of the operator token of a boolean or binary
 * operator; 0 for anything else.  `&` and `^` share one: tree-sitter-python
 * ranks `^` above `&`, so their chains interleave (the lowering regroups
 * them). */
static int op_level(TSNode op)
{
    static const struct {
        const char *s;
        int level;
    } ops[] = {{"+", 1}, {"-", 1}, {"*", 2}, {"@", 2}, {"/", 2}, {"//", 2}, {"%", 2}, {"<<", 3},
               {">>", 3}, {"|", 4}, {"&", 5}, {"^", 5}, {"**", 6}, {"and", 7}, {"or", 8}};
    const char *s = ts_node_type(op);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (strcmp(ops[i].s, s) == 0)
            return ops[i].level;
    return 0;
}

bool an_chain_link(TSNode n, TSNode parent, bool first, TSSymbol boolop, TSSymbol binop)
{
    TSSymbol k = ts_node_symbol(n);
    if ((k != boolop && k != binop) || ts_node_symbol(parent) != k || ts_node_child_count(n) != 3 ||
        ts_node_child_count(parent) != 3)
        return false;
    int l = op_level(ts_node_child(n, 1));
    if (l == 0 || l != op_level(ts_node_child(parent, 1)))
        return false;
    /* `**` nests to the right: a ** (b ** c) */
    return l == 6 ? !first && ts_node_eq(n, ts_node_child(parent, 2)) : first;
}

typedef struct level {
    uint32_t left; /* the siblings still to visit */
    bool link;     /* the node entered at this level is a chain link: not in the array */
    TSNode node;   /* that node: the parent of the cursor's nodes at this level */
} level;

an_status an_flat_build(TSNode root, an_flat *f)
{
    /* Python has about one node for two bytes: room for that at once,
     * as growing by doubling copied (and touched) the array four times
     * over; pages left unused cost no memory */
    size_t cap = (ts_node_end_byte(root) - ts_node_start_byte(root)) / 2 + 1024;
    f->n = 0;
    if (!(f->v = malloc(cap * sizeof *f->v)))
        return AN_ENOMEM;
    an_status st = AN_ENOMEM;
    const TSSymbol boolop = ts_language_symbol_for_name(tree_sitter_python(), "boolean_operator",
                                                        (uint32_t)strlen("boolean_operator"), true);
    const TSSymbol binop = ts_language_symbol_for_name(tree_sitter_python(), "binary_operator",
                                                       (uint32_t)strlen("binary_operator"), true);
    /* the siblings still to visit at each level of the cursor: ts_node_child_count is
     * free (tree-sitter keeps it), a move the cursor cannot make is not
     * (it searches every hidden level first), so the walk never asks for a
     * child or a sibling that is not there.  The cursor is deeper than the
     * array by the chain links it is in. */
    size_t lcap = 256;
    level *lv = malloc(lcap * sizeof *lv);
    TSTreeCursor cur = ts_tree_cursor_new(root);
    if (!lv)
        goto fail;
    uint32_t at = 0;    /* the latest node with children entered */
    uint16_t depth = 0; /* in the array */
    size_t cd = 0;      /* of the cursor */
    if (!push(f, &cap, root, AN_NONE, 0, 0))
        goto fail;
    uint32_t k = ts_node_child_count(root);
    if (k == 0) {
        f->v[0].next = 1;
        ts_tree_cursor_delete(&cur);
        free(lv);
        return AN_OK;
    }
    ts_tree_cursor_goto_first_child(&cur);
    depth = 1;
    cd = 1;
    lv[cd] = (level){k - 1, false, root};
    bool first = true;
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&cur);
        bool link = an_chain_link(n, lv[cd].node, first, boolop, binop);
        first = false;
        uint32_t me = f->n;
        if (!link && !push(f, &cap, n, at, ts_tree_cursor_current_field_id(&cur), depth))
            goto fail;
        if ((k = ts_node_child_count(n)) > 0) {
            /* clean trees are at most AN_MAX_TREE_DEPTH deep, chains
             * counting one (walk_needed in parse.c, or walk); a deeper
             * one is not made flat */
            if (!link && depth + 1 > AN_MAX_TREE_DEPTH + 1) {
                st = AN_EINVAL;
                goto fail;
            }
            if (cd + 1 >= lcap) {
                level *nl = realloc(lv, 2 * lcap * sizeof *lv);
                if (!nl)
                    goto fail;
                lv = nl;
                lcap *= 2;
            }
            ts_tree_cursor_goto_first_child(&cur);
            first = true;
            if (!link) {
                at = me;
                depth++;
            }
            lv[++cd] = (level){k - 1, link, n};
            continue;
        }
        f->v[me].next = f->n; /* a leaf */
        for (;;) {
            if (lv[cd].left > 0) {
                lv[cd].left--;
                ts_tree_cursor_goto_next_sibling(&cur);
                break;
            }
            /* the last child of the node entered at this level */
            ts_tree_cursor_goto_parent(&cur);
            if (lv[cd--].link)
                continue; /* a link's children are its chain's */
            f->v[at].next = f->n; /* `at`'s subtree ends here */
            if (--depth == 0) {
                ts_tree_cursor_delete(&cur);
                free(lv);
                return AN_OK;
            }
            at = f->v[at].parent;
        }
    }
fail:
    ts_tree_cursor_delete(&cur);
    free(lv);
    free(f->v);
    f->v = NULL;
    f->n = 0;
    return st;
}

void an_flat_clear(an_flat *f)
{
    free(f->v);
    f->v = NULL;
    f->n = 0;
}

uint32_t an_flat_child_by_field(const an_flat *f, uint32_t n, TSFieldId field)
{
    if (n == AN_NONE || !field)
        return AN_NONE;
    for (uint32_t c = n + 1; c < f->v[n].next; c = f->v[c].next)
        if (f->v[c].field == field)
            return c;
    return AN_NONE;
}

uint32_t an_flat_named_child(const an_flat *f, uint32_t n, uint32_t i)
{
    if (n == AN_NONE)
        return AN_NONE;
    for (uint32_t c = n + 1; c < f->v[n].next; c = f->v[c].next)
        if (f->v[c].named && i-- == 0)
            return c;
    return AN_NONE;
}

uint32_t an_flat_named_child_count(const an_flat *f, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t c = n + 1; c < f->v[n].next; c = f->v[c].next)
        k += f->v[c].named;
    return k;
}

uint32_t an_flat_child_count(const an_flat *f, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t c = n + 1; c < f->v[n].next; c = f->v[c].next)
        k++;
    return k;
}
