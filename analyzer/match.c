/* match.c - checking: runs the rules of the current profile over a tree.
 *
 * The tree is walked once in pre-order.  At each node, only the patterns
 * whose root needs that node's type are tried (the profile's index, built
 * in rules.c); a pattern's children are matched by backtracking over the
 * node's children, so that every distinct way to fill the captures is a
 * match, as with tree-sitter's query cursor.  Rules whose queries the
 * matcher cannot run go through tree-sitter.
 *
 * Matches are collected with the key tree-sitter reports them in (the node
 * that completes a match in pre-order, then the depth of its root, then
 * the pattern's order), so which findings are kept past AN_MAX_DIAGS, and
 * which of two findings at one place survives deduplication, is what it
 * was with one combined TSQuery. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "analyzer/an_rules.h"

#define SYM_ERROR ((TSSymbol)-1)
#define MAX_HITS (1u << 16) /* matches kept for one program; the first AN_MAX_DIAGS are reported */
/* Steps tried: at most WORK_BASE plus WORK_PER_NODE per node walked.
 * Non-anchored sibling patterns over wide nodes can match in
 * combinatorially many ways; tree-sitter bounds its in-progress states,
 * this bounds the work (the report is then marked truncated).  The
 * default rules try a few steps per node. */
#define WORK_BASE (1u << 20)
#define WORK_PER_NODE 64

/* A captured node, with what #field-of? asks of it when the walk knows. */
typedef struct an_cap {
    TSNode node;
    TSNode parent;
    TSFieldId field;
    uint16_t id;
    bool has_parent;
} an_cap;

typedef struct hit {
    const an_rule *ru;
    uint32_t order;                /* the pattern's order among the profile's */
    uint32_t cstart, cend, cdepth; /* the node that completed the match */
    uint32_t rdepth;               /* the depth of its root */
    uint32_t seq;
    size_t cap0;                   /* its captures: caps[cap0 .. cap0+ncap) */
    uint16_t ncap;
} hit;

typedef struct dslot {
    uint32_t gen; /* the root's generation, or stale */
    uint32_t hit;
} dslot;

typedef struct kid {
    TSNode node;
    TSFieldId field;
    bool named;
} kid;

typedef struct ctx {
    const an_rules *r;
    const an_index *ix;
    const an_parse *p;
    pcre2_match_data *md;
    pcre2_match_context *mc;
    char **aliases; /* AN_MODULE_ALIASES of this program, NFKC-normalized */
    size_t naliases, cap_aliases;
    char **funcs; /* AN_FUNCTION_NAMES of this program */
    size_t nfuncs, cap_funcs;
    /* matching */
    TSTreeCursor kc;     /* reads children */
    kid *kids;           /* a stack of child lists, one per step being matched */
    size_t nkids, cap_kids;
    an_cap path[AN_Q_MAX_STEPS]; /* captures of the match being built */
    uint16_t npath;
    TSNode last;         /* the node the latest step took */
    uint32_t last_depth;
    const an_pref *pref; /* the pattern being tried, at a root of this depth */
    uint32_t rdepth;
    size_t first_hit;    /* this root's first match of it */
    dslot *dup;          /* this root's matches by captures (entries of generation dgen) */
    size_t dcap;
    uint32_t dgen;
    hit *hits;
    size_t nhits, cap_hits;
    an_cap *caps;
    size_t ncaps, cap_caps;
    an_status st;
    bool full;        /* MAX_HITS or the work bound reached: the report is truncated */
    size_t work, nodes;
    TSSymbol sym_ident, sym_dotted; /* whose text is NFKC-normalized */
    struct tcache *tc;   /* the text of the node predicates read last */
} ctx;

/* One node's text, kept while the patterns tried at a node read it again
 * and again (an identifier against SP306, SP311, SP312...). */
typedef struct tcache {
    const void *id; /* the node's id, NULL: empty */
    const char *t;
    size_t len;
    char *owned;    /* the NFKC form when it differs from the source */
} tcache;

/* --- predicates ------------------------------------------------------------------ */

/* The text of a node, NFKC-normalized for identifiers.  *owned is set when
 * the result must be freed. */
static const char *node_text(const ctx *c, TSNode n, size_t *len, char **owned)
{
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    const char *t = c->p->src + s;
    *len = e - s;
    *owned = NULL;
    TSSymbol sym = ts_node_symbol(n);
    if (sym != c->sym_ident && sym != c->sym_dotted)
        return t;
    bool ascii = true;
    for (size_t i = 0; i < *len; i++)
        ascii &= (unsigned char)t[i] < 0x80;
    if (ascii)
        return t;
    utf8proc_uint8_t *dst = NULL;
    utf8proc_ssize_t r = utf8proc_map((const utf8proc_uint8_t *)t, (utf8proc_ssize_t)*len, &dst,
                                      UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
    if (r < 0)
        return t;
    *owned = (char *)dst;
    *len = (size_t)r;
    return *owned;
}

static bool text_eq(const char *a, size_t al, const char *b)
{
    /* byte by byte: the first byte rejects most candidates, and b is
     * never read past its NUL */
    for (size_t i = 0; i < al; i++)
        if (b[i] != a[i] || b[i] == '\0')
            return false;
    return b[al] == '\0';
}

/* #field-of? for a node whose parent the walk did not see (tree-sitter
 * matches): ts_node_parent walks down from the root, so it is the slow way. */
static bool in_field_of(TSNode n, const char *ptype, const char *field)
{
    TSNode parent = ts_node_parent(n);
    if (ts_node_is_null(parent) || strcmp(ts_node_type(parent), ptype) != 0)
        return false;
    bool found = false;
    TSTreeCursor cur = ts_tree_cursor_new(parent);
    if (ts_tree_cursor_goto_first_child(&cur)) {
        do {
            if (ts_node_eq(ts_tree_cursor_current_node(&cur), n)) {
                const char *f = ts_tree_cursor_current_field_name(&cur);
                found = f && strcmp(f, field) == 0;
                break;
            }
        } while (ts_tree_cursor_goto_next_sibling(&cur));
    }
    ts_tree_cursor_delete(&cur);
    return found;
}

/* One predicate against one captured node: true if it holds (before
 * negation).  caps are the match's captures (for #eq? @a @b). */
static bool pred_node(const ctx *c, const an_pred *pr, const an_cap *cp, const an_cap *caps, size_t ncap)
{
    TSNode n = cp->node;
    if (pr->kind == P_FIELD_OF) {
        if (!cp->has_parent)
            return in_field_of(n, pr->strs[0], pr->strs[1]);
        return !ts_node_is_null(cp->parent) && pr->ffield != 0 && cp->field == pr->ffield &&
               strcmp(ts_node_type(cp->parent), pr->strs[0]) == 0;
    }
    if (pr->kind == P_TYPE) { /* no text needed */
        for (size_t i = 0; i < pr->nstrs; i++)
            if (strcmp(ts_node_type(n), pr->strs[i]) == 0)
                return true;
        return false;
    }
    tcache *tc = c->tc;
    if (tc->id != n.id) {
        free(tc->owned);
        tc->t = node_text(c, n, &tc->len, &tc->owned);
        tc->id = n.id;
    }
    const char *t = tc->t;
    size_t len = tc->len;
    bool ok = false;
    switch (pr->kind) {
    case P_EQ:
        if (pr->cap2 >= 0) {
            for (size_t i = 0; i < ncap; i++) {
                if (caps[i].id != (uint32_t)pr->cap2)
                    continue;
                size_t l2;
                char *o2;
                const char *t2 = node_text(c, caps[i].node, &l2, &o2);
                ok = l2 == len && memcmp(t, t2, len) == 0;
                free(o2);
                break;
            }
        } else {
            ok = text_eq(t, len, pr->strs[0]);
        }
        break;
    case P_MATCH:
        ok = pcre2_match(pr->re, (PCRE2_SPTR)t, len, 0, 0, c->md, c->mc) >= 0;
        break;
    case P_ANY_OF:
        for (size_t i = 0; i < pr->nstrs && !ok; i++)
            ok = text_eq(t, len, pr->strs[i]);
        break;
    case P_IN_SET: {
        if (strcmp(pr->strs[0], AN_MODULE_ALIASES) == 0) {
            for (size_t i = 0; i < c->naliases && !ok; i++)
                ok = text_eq(t, len, c->aliases[i]);
            break;
        }
        if (strcmp(pr->strs[0], AN_FUNCTION_NAMES) == 0) {
            for (size_t i = 0; i < c->nfuncs && !ok; i++)
                ok = text_eq(t, len, c->funcs[i]);
            break;
        }
        const an_set *s = an_find_set(c->r, pr->strs[0]);
        for (size_t i = 0; s && i < s->n && !ok; i++)
            ok = text_eq(t, len, s->items[i]);
        break;
    }
    case P_FIELD_OF:
    case P_TYPE:
        break;
    }
    return ok;
}

static bool preds_hold(const ctx *c, const an_pred *preds, size_t npreds, const an_cap *caps, size_t ncap)
{
    for (size_t k = 0; k < npreds; k++) {
        const an_pred *pr = &preds[k];
        for (size_t i = 0; i < ncap; i++) {
            if (caps[i].id != pr->cap)
                continue;
            if (pred_node(c, pr, &caps[i], caps, ncap) == pr->negate)
                return false;
        }
    }
    return true;
}

/* The predicates of the pattern being tried that read capture cp alone,
 * applied as soon as the capture is bound: a match that fails one would
 * fail at emit() anyway, and most nodes fail the first text test
 * (`function: (identifier) @fn (#any-of? @fn "getattr" ...)`), so the rest
 * of the pattern (an argument list...) is never read for them.  emit()
 * still applies every predicate. */
static bool early_preds_hold(const ctx *c, const an_cap *cp)
{
    const an_pat *pt = c->pref->pat;
    for (size_t k = 0; k < pt->npreds; k++) {
        const an_pred *pr = &pt->preds[k];
        if (pr->cap != cp->id || pr->cap2 >= 0)
            continue;
        if (pred_node(c, pr, cp, cp, 1) == pr->negate)
            return false;
    }
    return true;
}

/* --- collecting matches --------------------------------------------------------------- */

static void add_hit(ctx *c, const an_rule *ru, uint32_t order, TSNode done, uint32_t ddepth, uint32_t rdepth,
                    const an_cap *caps, size_t ncap)
{
    if (c->nhits >= MAX_HITS) {
        c->full = true;
        return;
    }
    if (c->nhits == c->cap_hits) {
        size_t cap = c->cap_hits ? c->cap_hits * 2 : 64;
        hit *h = realloc(c->hits, cap * sizeof *h);
        if (!h) {
            c->st = AN_ENOMEM;
            return;
        }
        c->hits = h;
        c->cap_hits = cap;
    }
    if (c->ncaps + ncap > c->cap_caps) {
        size_t cap = c->cap_caps ? c->cap_caps * 2 : 128;
        while (cap < c->ncaps + ncap)
            cap *= 2;
        an_cap *cs = realloc(c->caps, cap * sizeof *cs);
        if (!cs) {
            c->st = AN_ENOMEM;
            return;
        }
        c->caps = cs;
        c->cap_caps = cap;
    }
    memcpy(c->caps + c->ncaps, caps, ncap * sizeof *caps);
    c->hits[c->nhits] = (hit){.ru = ru, .order = order, .cstart = ts_node_start_byte(done),
                              .cend = ts_node_end_byte(done), .cdepth = ddepth, .rdepth = rdepth,
                              .seq = (uint32_t)c->nhits, .cap0 = c->ncaps, .ncap = (uint16_t)ncap};
    c->ncaps += ncap;
    c->nhits++;
}

static uint32_t caps_hash(const an_cap *caps, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((uint64_t)(uintptr_t)caps[i].node.id * 31u + caps[i].id)) * 1099511628211u;
    return (uint32_t)(h ^ (h >> 32));
}

static bool caps_same(const an_cap *a, size_t na, const an_cap *b, size_t nb)
{
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++)
        if (a[i].id != b[i].id || !ts_node_eq(a[i].node, b[i].node))
            return false;
    return true;
}

/* The slot of hit h (of the current root) in the duplicate table, or of
 * the captures it would have. */
static dslot *dup_slot(ctx *c, const an_cap *caps, size_t n)
{
    size_t mask = c->dcap - 1;
    for (size_t i = caps_hash(caps, n) & mask;; i = (i + 1) & mask) {
        dslot *d = &c->dup[i];
        if (d->gen != c->dgen)
            return d;
        const hit *o = &c->hits[d->hit];
        if (caps_same(c->caps + o->cap0, o->ncap, caps, n))
            return d;
    }
}

/* Room for one more entry in the duplicate table, kept at most half full. */
static bool dup_reserve(ctx *c)
{
    size_t live = c->nhits - c->first_hit;
    if (c->dcap && (live + 1) * 2 <= c->dcap)
        return true;
    size_t cap = c->dcap ? c->dcap * 2 : 64;
    dslot *d = calloc(cap, sizeof *d);
    if (!d) {
        c->st = AN_ENOMEM;
        return false;
    }
    free(c->dup);
    c->dup = d;
    c->dcap = cap;
    c->dgen = 1;
    for (size_t h = c->first_hit; h < c->nhits; h++) {
        dslot *s = dup_slot(c, c->caps + c->hits[h].cap0, c->hits[h].ncap);
        *s = (dslot){.gen = c->dgen, .hit = (uint32_t)h};
    }
    return true;
}

/* Every step of the pattern has a node: a match, unless it captured
 * nothing, a predicate fails, or another way to the same captures came
 * first at this root (tree-sitter keeps one of them: a duplicate table,
 * as a root can have very many matches). */
static void emit(ctx *c)
{
    if (c->npath == 0)
        return;
    const an_pat *pt = c->pref->pat;
    if (!preds_hold(c, pt->preds, pt->npreds, c->path, c->npath))
        return;
    if (!dup_reserve(c))
        return;
    dslot *d = dup_slot(c, c->path, c->npath);
    if (d->gen == c->dgen)
        return;
    size_t h = c->nhits;
    add_hit(c, c->pref->ru, c->pref->order, c->last, c->last_depth, c->rdepth, c->path, c->npath);
    if (c->nhits > h)
        *d = (dslot){.gen = c->dgen, .hit = (uint32_t)h};
}

/* --- the matcher ------------------------------------------------------------------------ */

/* Does node x (with its field in the parent) fit step s, children aside? */
static bool step_accepts(const an_step *s, TSNode x, TSFieldId field, bool named)
{
    if (s->flags & AN_ST_WILD) {
        if (((s->flags & AN_ST_NAMED) && !named) || ts_node_symbol(x) == SYM_ERROR)
            return false;
    } else if (ts_node_symbol(x) != s->sym) {
        return false;
    }
    if (s->field && s->field != field)
        return false;
    for (uint8_t k = 0; k < s->nneg; k++)
        if (!ts_node_is_null(ts_node_child_by_field_id(x, s->neg[k])))
            return false;
    return true;
}

/* Pushes the children of n on the kid stack; *off and *n receive where. */
static bool load_kids(ctx *c, TSNode n, size_t *off, size_t *cnt, size_t *lastnamed)
{
    *off = c->nkids;
    *lastnamed = 0;
    ts_tree_cursor_reset(&c->kc, n);
    if (ts_tree_cursor_goto_first_child(&c->kc)) {
        do {
            if (c->nkids == c->cap_kids) {
                size_t cap = c->cap_kids ? c->cap_kids * 2 : 64;
                kid *k = realloc(c->kids, cap * sizeof *k);
                if (!k) {
                    c->st = AN_ENOMEM;
                    c->nkids = *off;
                    return false;
                }
                c->kids = k;
                c->cap_kids = cap;
            }
            kid *k = &c->kids[c->nkids++];
            k->node = ts_tree_cursor_current_node(&c->kc);
            k->field = ts_tree_cursor_current_field_id(&c->kc);
            k->named = ts_node_is_named(k->node);
            if (k->named)
                *lastnamed = c->nkids - *off - 1;
        } while (ts_tree_cursor_goto_next_sibling(&c->kc));
    }
    *cnt = c->nkids - *off;
    return true;
}

/* Matching the child steps of one step against one node's children; `up`
 * is what remains to match once they all have a node. */
typedef struct frame {
    const an_step *steps;
    uint16_t parent; /* the step whose children these are */
    uint16_t next;   /* the next child step to match */
    size_t off, n;   /* the node's children on the kid stack */
    size_t lastnamed;
    size_t pos;      /* the first child the next step may take */
    uint32_t depth;  /* tree depth of the children */
    TSNode pnode;
    const struct frame *up;
} frame;

static void seq(ctx *c, const frame *f);

/* Step f->next takes child i (k) of f's node; go on from there. */
static void take(ctx *c, const frame *f, size_t i, kid k)
{
    const an_step *s = &f->steps[f->next];
    uint16_t si = f->next;
    uint16_t saved = c->npath;
    if (++c->work > WORK_BASE + (size_t)WORK_PER_NODE * c->nodes) {
        c->full = true;
        return;
    }
    if (s->cap >= 0) {
        c->path[c->npath++] = (an_cap){.node = k.node, .parent = f->pnode, .field = k.field,
                                       .id = (uint16_t)s->cap, .has_parent = true};
        if (!early_preds_hold(c, &c->path[c->npath - 1])) {
            c->npath = saved;
            return;
        }
    }
    c->last = k.node;
    c->last_depth = f->depth;
    frame after = *f;
    after.next = s->end;
    after.pos = i + 1;
    if (s->end > si + 1) {
        frame g = {.steps = f->steps, .parent = si, .next = (uint16_t)(si + 1), .depth = f->depth + 1,
                   .pnode = k.node, .up = &after};
        if (load_kids(c, k.node, &g.off, &g.n, &g.lastnamed)) {
            seq(c, &g);
            c->nkids = g.off;
        }
    } else {
        seq(c, &after);
    }
    c->npath = saved;
}

static void seq(ctx *c, const frame *f)
{
    if (c->st != AN_OK || c->full)
        return;
    if (f->next >= f->steps[f->parent].end) {
        if (f->up)
            seq(c, f->up);
        else
            emit(c);
        return;
    }
    const an_step *s = &f->steps[f->next];
    for (size_t i = f->pos; i < f->n && c->st == AN_OK; i++) {
        kid k = c->kids[f->off + i]; /* a copy: the stack may move */
        bool ok = step_accepts(s, k.node, k.field, k.named);
        if (ok && (s->flags & AN_ST_LAST) && i < f->lastnamed)
            ok = false;
        if (ok)
            take(c, f, i, k);
        /* an anchored step takes the first named node or none */
        if ((s->flags & AN_ST_IMM) && k.named)
            break;
    }
}

/* The children of the walk's current node, read once for all the
 * patterns tried there. */
typedef struct rootkids {
    bool loaded;
    size_t off, n, lastnamed;
} rootkids;

/* Tries one pattern at node n of the walk. */
static void try_root(ctx *c, const an_pref *pr, TSNode n, TSNode parent, TSFieldId field, bool named,
                     uint32_t depth, rootkids *rk)
{
    const an_step *s = &pr->pat->steps[0];
    if (!step_accepts(s, n, 0, named))
        return;
    c->pref = pr;
    c->rdepth = depth;
    c->first_hit = c->nhits;
    if (++c->dgen == 0) { /* wrapped: stale entries would look live */
        if (c->dup)
            memset(c->dup, 0, c->dcap * sizeof *c->dup);
        c->dgen = 1;
    }
    c->npath = 0;
    if (s->cap >= 0) {
        c->path[c->npath++] = (an_cap){.node = n, .parent = parent, .field = field, .id = (uint16_t)s->cap,
                                       .has_parent = true};
        if (!early_preds_hold(c, &c->path[0]))
            return;
    }
    c->last = n;
    c->last_depth = depth;
    if (s->end > 1) {
        if (!rk->loaded && !load_kids(c, n, &rk->off, &rk->n, &rk->lastnamed))
            return;
        rk->loaded = true;
        frame g = {.steps = pr->pat->steps, .parent = 0, .next = 1, .depth = depth + 1, .pnode = n,
                   .off = rk->off, .n = rk->n, .lastnamed = rk->lastnamed};
        seq(c, &g);
    } else {
        emit(c);
    }
}

/* The walk: every node, in pre-order; the walk's own stack of ancestors
 * gives a root capture its parent without ts_node_parent. */
static an_status run_native_root(ctx *c, TSNode root)
{
    const an_index *ix = c->ix;
    TSNode *stack = NULL;
    size_t cap = 0;
    uint32_t depth = 0;
    TSTreeCursor cur = ts_tree_cursor_new(root);
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&cur);
        TSSymbol sym = ts_node_symbol(n);
        size_t a = 0, b = 0;
        c->nodes++;
        if (sym < ix->nsyms) {
            a = ix->start[sym];
            b = ix->start[sym + 1];
        }
        if (a < b || ix->nwild) {
            TSNode parent = depth > 0 ? stack[depth - 1] : (TSNode){0};
            TSFieldId field = ts_tree_cursor_current_field_id(&cur);
            bool named = ts_node_is_named(n);
            rootkids rk = {0};
            for (size_t k = a; k < b && c->st == AN_OK; k++)
                try_root(c, &ix->refs[k], n, parent, field, named, depth, &rk);
            for (size_t k = 0; k < ix->nwild && c->st == AN_OK; k++)
                try_root(c, &ix->wild[k], n, parent, field, named, depth, &rk);
            if (rk.loaded)
                c->nkids = rk.off;
        }
        if (c->st != AN_OK || c->full)
            break;
        if (depth == cap) {
            size_t nc = cap ? cap * 2 : 64;
            TSNode *ns = realloc(stack, nc * sizeof *ns);
            if (!ns) {
                c->st = AN_ENOMEM;
                break;
            }
            stack = ns;
            cap = nc;
        }
        stack[depth] = n;
        if (ts_tree_cursor_goto_first_child(&cur)) {
            depth++;
            continue;
        }
        bool moved = false;
        while (!moved) {
            if (ts_tree_cursor_goto_next_sibling(&cur))
                moved = true;
            else if (depth > 0 && ts_tree_cursor_goto_parent(&cur))
                depth--;
            else
                break;
        }
        if (!moved)
            break;
    }
    ts_tree_cursor_delete(&cur);
    free(stack);
    return c->st;
}

static an_status run_native(ctx *c)
{
    for (size_t i = 0; i < an_parse_nroots(c->p) && c->st == AN_OK && !c->full; i++)
        run_native_root(c, an_parse_root(c->p, i));
    return c->st;
}

/* Rules the matcher cannot run, one TSQuery each.  Their matches are
 * placed by the latest of their captured nodes (tree-sitter does not say
 * which node completed them). */
static an_status run_ts(ctx *c)
{
    an_cap caps[64];
    TSQueryCursor *qc = NULL;
    for (size_t i = 0; i < c->ix->nts && c->st == AN_OK && !c->full; i++) {
        const an_rule *ru = c->ix->ts[i];
        if (!qc && !(qc = ts_query_cursor_new()))
            return AN_ENOMEM;
        for (size_t root = 0; root < an_parse_nroots(c->p) && c->st == AN_OK && !c->full; root++) {
            ts_query_cursor_exec(qc, ru->qs.q, an_parse_root(c->p, root));
            TSQueryMatch m;
            while (c->st == AN_OK && !c->full && ts_query_cursor_next_match(qc, &m)) {
                if (m.capture_count == 0)
                    continue;
                size_t nc = m.capture_count < 64 ? m.capture_count : 64;
                TSNode done = m.captures[0].node;
                for (size_t k = 0; k < nc; k++) {
                    caps[k] = (an_cap){.node = m.captures[k].node, .id = (uint16_t)m.captures[k].index};
                    TSNode x = caps[k].node;
                    uint32_t xs = ts_node_start_byte(x), ds = ts_node_start_byte(done);
                    if (xs > ds || (xs == ds && ts_node_end_byte(x) < ts_node_end_byte(done)))
                        done = x;
                }
                if (!preds_hold(c, ru->qs.preds[m.pattern_index], ru->qs.npreds[m.pattern_index], caps, nc))
                    continue;
                add_hit(c, ru, c->ix->ts_order[i] + m.pattern_index, done, 0, 0, caps, nc);
            }
        }
    }
    if (qc)
        ts_query_cursor_delete(qc);
    return c->st;
}

/* --- findings ------------------------------------------------------------------------------ */

static int64_t rule_capture(const an_rule *ru, const char *name, size_t len)
{
    if (ru->native)
        return an_query_capture(&ru->mq, name, len);
    uint32_t n = ts_query_capture_count(ru->qs.q);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t l;
        const char *s = ts_query_capture_name_for_id(ru->qs.q, i, &l);
        if (l == len && memcmp(s, name, len) == 0)
            return i;
    }
    return -1;
}

/* Appends capture text for a message: at most 80 code points, no control
 * characters. */
static void put_capture(an_buf *b, const ctx *c, TSNode n)
{
    size_t len;
    char *owned;
    const char *t = node_text(c, n, &len, &owned);
    size_t i = 0, cps = 0;
    while (i < len) {
        if (cps++ >= 80) {
            an_buf_puts(b, "...");
            break;
        }
        utf8proc_int32_t cp;
        utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)t + i,
                                              (utf8proc_ssize_t)(len - i), &cp);
        if (k <= 0) {
            an_buf_puts(b, "?");
            i++;
            continue;
        }
        if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))
            an_buf_puts(b, "?");
        else
            an_buf_put(b, t + i, (size_t)k);
        i += (size_t)k;
    }
    free(owned);
}

static char *interpolate(const ctx *c, const an_rule *ru, const char *tmpl, const an_cap *caps, size_t ncap)
{
    an_buf b = {0};
    const char *s = tmpl;
    for (;;) {
        const char *o = strstr(s, "{{");
        const char *e = o ? strstr(o + 2, "}}") : NULL;
        if (!o || !e) {
            an_buf_puts(&b, s);
            break;
        }
        an_buf_put(&b, s, (size_t)(o - s));
        const char *name = o + 2;
        size_t n = (size_t)(e - name);
        if (n > 4 && memcmp(name, "set:", 4) == 0) {
            for (size_t i = 0; i < c->r->nsets; i++) {
                const an_set *st = &c->r->sets[i];
                if (strlen(st->name) != n - 4 || memcmp(st->name, name + 4, n - 4) != 0)
                    continue;
                for (size_t k = 0; k < st->n; k++) {
                    if (k)
                        an_buf_puts(&b, ", ");
                    an_buf_puts(&b, st->items[k]);
                }
            }
        } else {
            int64_t id = rule_capture(ru, name, n);
            for (size_t i = 0; i < ncap; i++) {
                if ((int64_t)caps[i].id == id) {
                    put_capture(&b, c, caps[i].node);
                    break;
                }
            }
        }
        s = e + 2;
    }
    return an_buf_take(&b);
}

static int cmp_hits(const void *a, const void *b)
{
    const hit *x = a, *y = b;
#define KEY(f, lt) if (x->f != y->f) return (x->f lt y->f) ? -1 : 1
    KEY(cstart, <);
    KEY(cend, >); /* an ancestor before its descendants */
    KEY(cdepth, <);
    KEY(rdepth, <);
    KEY(order, <);
    KEY(seq, <);
#undef KEY
    return 0;
}

static an_status report_hits(ctx *c, an_report *rep)
{
    if (c->nhits > 1)
        qsort(c->hits, c->nhits, sizeof *c->hits, cmp_hits);
    for (size_t h = 0; h < c->nhits; h++) {
        if (rep->n >= AN_MAX_DIAGS) {
            rep->truncated = true;
            break;
        }
        const hit *x = &c->hits[h];
        const an_rule *ru = x->ru;
        const an_cap *caps = c->caps + x->cap0;
        TSNode span = caps[0].node;
        int64_t span_id = ru->span ? rule_capture(ru, ru->span, strlen(ru->span)) : -1;
        for (size_t i = 0; i < x->ncap && span_id >= 0; i++)
            if ((int64_t)caps[i].id == span_id) {
                span = caps[i].node;
                break;
            }
        char *msg = interpolate(c, ru, ru->message, caps, x->ncap);
        char *hint = interpolate(c, ru, ru->hint, caps, x->ncap);
        an_status st = AN_ENOMEM;
        if (msg && hint)
            st = an_report_add(rep, c->p, ru->id, ru->sev, msg, hint, ru->title, ts_node_start_byte(span),
                               ts_node_end_byte(span));
        free(msg);
        free(hint);
        if (st != AN_OK)
            return st;
    }
    if (c->full)
        rep->truncated = true;
    return AN_OK;
}

static void dedupe(an_report *rep)
{
    size_t w = 0;
    for (size_t i = 0; i < rep->n; i++) {
        an_item *it = &rep->items[i];
        if (w > 0) {
            an_item *prev = &rep->items[w - 1];
            if (prev->d.start_byte == it->d.start_byte && prev->d.end_byte == it->d.end_byte &&
                strcmp(prev->d.rule_id, it->d.rule_id) == 0) {
                free((char *)it->d.rule_id);
                free((char *)it->d.message);
                free((char *)it->d.hint);
                free(it->title);
                continue;
            }
        }
        rep->items[w++] = *it;
    }
    rep->n = w;
}

/* --- module aliases ------------------------------------------------------------------------- */

/* Is the identifier n an allowed module or an alias found so far? */
static bool names_module(const ctx *c, TSNode n)
{
    if (strcmp(ts_node_type(n), "identifier") != 0)
        return false;
    size_t len;
    char *owned;
    const char *t = node_text(c, n, &len, &owned);
    bool ok = false;
    const an_set *s = an_find_set(c->r, "allowed_modules");
    for (size_t i = 0; s && i < s->n && !ok; i++)
        ok = text_eq(t, len, s->items[i]);
    for (size_t i = 0; i < c->naliases && !ok; i++)
        ok = text_eq(t, len, c->aliases[i]);
    free(owned);
    return ok;
}

/* Appends the text of n to a per-program name list (at most `max`). */
static an_status add_name(ctx *c, TSNode n, char ***v, size_t *nv, size_t *cap, size_t max)
{
    if (*nv >= max)
        return AN_OK; /* enough to know; a program with more is odd already */
    if (*nv == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        char **a = realloc(*v, nc * sizeof *a);
        if (!a)
            return AN_ENOMEM;
        *v = a;
        *cap = nc;
    }
    size_t len;
    char *owned;
    const char *t = node_text(c, n, &len, &owned);
    (*v)[*nv] = owned ? owned : an_strndup(t, len);
    if (!(*v)[*nv])
        return AN_ENOMEM;
    (*nv)++;
    return AN_OK;
}

static an_status add_alias(ctx *c, TSNode n)
{
    return add_name(c, n, &c->aliases, &c->naliases, &c->cap_aliases, 256);
}

/* AN_FUNCTION_NAMES: names bound by def or to a lambda (`f = lambda: 0`) */
static an_status add_func(ctx *c, TSNode n)
{
    return add_name(c, n, &c->funcs, &c->nfuncs, &c->cap_funcs, 4096);
}

/* Collects AN_MODULE_ALIASES in source order: `import M as A` and `A = M`
 * (M an allowed module or an earlier alias), at any depth of statements;
 * and AN_FUNCTION_NAMES (def NAME, NAME = lambda).
 * Expressions are not entered; the walk is bounded by AN_MAX_TREE_DEPTH. */
/* What collect_aliases_root does with a node, by its symbol (its type
 * name decides); one table a process. */
enum { CA_OTHER, CA_IMPORT, CA_ASSIGN, CA_FUNC_DESCEND, CA_DESCEND };
#define CA_MAX_SYMS 1024
static uint8_t ca_kind[CA_MAX_SYMS];
static uint32_t ca_nsyms;
static pthread_once_t ca_once = PTHREAD_ONCE_INIT;

static uint8_t ca_classify(const char *type)
{
    if (strcmp(type, "import_statement") == 0)
        return CA_IMPORT;
    if (strcmp(type, "assignment") == 0)
        return CA_ASSIGN;
    if (strcmp(type, "function_definition") == 0)
        return CA_FUNC_DESCEND; /* a "definition": descended into */
    if (strcmp(type, "module") == 0 || strcmp(type, "block") == 0 || strcmp(type, "expression_statement") == 0 ||
        strstr(type, "_statement") != NULL || strstr(type, "_clause") != NULL || strstr(type, "definition") != NULL)
        return CA_DESCEND;
    return CA_OTHER;
}

static void ca_build(void)
{
    const TSLanguage *lang = tree_sitter_python();
    uint32_t n = ts_language_symbol_count(lang);
    if (n > CA_MAX_SYMS)
        n = CA_MAX_SYMS;
    for (uint32_t i = 0; i < n; i++) {
        const char *type = ts_language_symbol_name(lang, (TSSymbol)i);
        ca_kind[i] = ca_classify(type ? type : "");
    }
    ca_nsyms = n;
}

static an_status collect_aliases_root(ctx *c, TSNode root)
{
    an_status st = AN_OK;
    uint32_t depth = 0;
    pthread_once(&ca_once, ca_build);
    TSTreeCursor cur = ts_tree_cursor_new(root);
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&cur);
        TSSymbol sym = ts_node_symbol(n);
        /* outside the table (ERROR): by its name */
        int kind = sym < ca_nsyms ? ca_kind[sym] : ca_classify(ts_node_type(n));
        bool descend = false;
        if (kind == CA_IMPORT) {
            for (uint32_t i = 0; i < ts_node_named_child_count(n) && st == AN_OK; i++) {
                TSNode a = ts_node_named_child(n, i);
                if (strcmp(ts_node_type(a), "aliased_import") != 0)
                    continue;
                TSNode name = ts_node_child_by_field_name(a, "name", 4);
                TSNode alias = ts_node_child_by_field_name(a, "alias", 5);
                if (!ts_node_is_null(name) && !ts_node_is_null(alias) && ts_node_named_child_count(name) == 1 &&
                    names_module(c, ts_node_named_child(name, 0)))
                    st = add_alias(c, alias);
            }
        } else if (kind == CA_ASSIGN) {
            TSNode l = ts_node_child_by_field_name(n, "left", 4);
            TSNode r = ts_node_child_by_field_name(n, "right", 5);
            if (!ts_node_is_null(l) && !ts_node_is_null(r) && strcmp(ts_node_type(l), "identifier") == 0) {
                if (names_module(c, r))
                    st = add_alias(c, l);
                else if (strcmp(ts_node_type(r), "lambda") == 0)
                    st = add_func(c, l);
            }
        } else {
            if (kind == CA_FUNC_DESCEND) {
                TSNode name = ts_node_child_by_field_name(n, "name", 4);
                if (!ts_node_is_null(name))
                    st = add_func(c, name);
            }
            descend = kind == CA_FUNC_DESCEND || kind == CA_DESCEND;
        }
        if (st != AN_OK)
            break;
        if (descend && depth < AN_MAX_TREE_DEPTH && ts_tree_cursor_goto_first_child(&cur)) {
            depth++;
            continue;
        }
        bool moved = false;
        while (!moved) {
            if (ts_tree_cursor_goto_next_sibling(&cur))
                moved = true;
            else if (depth > 0 && ts_tree_cursor_goto_parent(&cur))
                depth--;
            else
                break;
        }
        if (!moved)
            break;
    }
    ts_tree_cursor_delete(&cur);
    return st;
}

static an_status collect_aliases(ctx *c)
{
    an_status st = AN_OK;
    for (size_t i = 0; i < an_parse_nroots(c->p) && st == AN_OK; i++)
        st = collect_aliases_root(c, an_parse_root(c->p, i));
    return st;
}

/* --- checking ----------------------------------------------------------------------------------- */

an_status an_check(const an_rules *r, const an_parse *p, an_report **out)
{
    an_status st = AN_ENOMEM;
    tcache tc = {0};
    ctx c = {.r = r, .p = p, .tc = &tc};
    bool have_kc = false;
    *out = NULL;
    if (!p)
        return AN_EINVAL;
    an_report *rep = an_report_new();
    if (!rep)
        return AN_ENOMEM;
    for (size_t i = 0; i < p->syntax->n; i++) {
        const an_item *it = &p->syntax->items[i];
        st = an_report_add(rep, p, it->d.rule_id, it->d.severity, it->d.message, it->d.hint,
                           it->title, it->d.start_byte, it->d.end_byte);
        if (st != AN_OK)
            goto fail;
        if (rep->n > 0) {
            /* positions as the parse stage set them: an f-string error
             * carries CPython's column, counted in "(expr)" */
            an_diag *d = &rep->items[rep->n - 1].d;
            d->line = it->d.line;
            d->col = it->d.col;
            d->end_line = it->d.end_line;
            d->end_col = it->d.end_col;
        }
    }
    if (r)
        c.ix = &r->idx[an_prof_index(r->profile)];
    /* the grammar's identifier and dotted_name are named symbols, one each */
    c.sym_ident = an_symbol("identifier", 10, true);
    c.sym_dotted = an_symbol("dotted_name", 11, true);
    if (an_parse_syntax_ok(p) && r && c.ix->built && (c.ix->start || c.ix->nts)) {
        st = AN_ENOMEM;
        c.md = pcre2_match_data_create(4, NULL);
        c.mc = pcre2_match_context_create(NULL);
        if (!c.md || !c.mc)
            goto fail;
        pcre2_set_match_limit(c.mc, 100000);
        pcre2_set_depth_limit(c.mc, 1000);
        if ((st = collect_aliases(&c)) != AN_OK)
            goto fail;
        c.kc = ts_tree_cursor_new(an_parse_root(p, 0));
        have_kc = true;
        if (c.ix->start && (st = run_native(&c)) != AN_OK)
            goto fail;
        if ((st = run_ts(&c)) != AN_OK)
            goto fail;
        if ((st = report_hits(&c, rep)) != AN_OK)
            goto fail;
    }
    an_report_sort(rep);
    dedupe(rep);
    st = AN_OK;
    *out = rep;
    rep = NULL;
fail:
    if (have_kc)
        ts_tree_cursor_delete(&c.kc);
    free(tc.owned);
    free(c.kids);
    free(c.hits);
    free(c.caps);
    free(c.dup);
    pcre2_match_data_free(c.md);
    pcre2_match_context_free(c.mc);
    for (size_t i = 0; i < c.naliases; i++)
        free(c.aliases[i]);
    free(c.aliases);
    for (size_t i = 0; i < c.nfuncs; i++)
        free(c.funcs[i]);
    free(c.funcs);
    an_report_free(rep);
    return st;
}
