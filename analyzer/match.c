/* match.c - checking: runs the rules of the current profile over a tree.
 *
 * The tree is walked once in pre-order, as the flat array of its nodes
 * (flat.c).  At each node, only the patterns whose root needs that node's
 * type are tried (the profile's index, built in rules.c), and only when
 * their guard holds there; a pattern's children are matched by
 * backtracking over the node's children, so that every distinct way to
 * fill the captures is a match, as with tree-sitter's query cursor.  Rules
 * whose queries the matcher cannot run go through tree-sitter.  Lint's
 * batches are matched on worker threads, one task a batch (run_parallel).
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

/* A captured node: its bytes and kind, and what #field-of? asks of it
 * (for the matcher's captures; tree-sitter's keep the node and ask it). */
typedef struct an_cap {
    uint32_t s, e;      /* bytes */
    uint32_t ni;        /* its index in its root's flat tree; AN_NONE for tree-sitter's */
    TSSymbol sym;
    TSSymbol psym;      /* the parent's kind, 0 for a root (has_parent) */
    TSFieldId field;    /* its field in the parent (has_parent) */
    uint16_t id;
    bool has_parent;    /* psym and field are known; else node is */
    TSNode node;        /* tree-sitter's captures only */
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

/* One node's text, kept while the patterns tried at a node read it again
 * and again (an identifier against SP306, SP311, SP312...). */
typedef struct tcache {
    bool valid;
    uint32_t s, e;
    bool norm;      /* NFKC-normalized (an identifier or dotted name) */
    const char *t;
    size_t len;
    char *owned;    /* the NFKC form when it differs from the source */
} tcache;

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
    const an_names *names; /* the module's bindings, for #builtin? */
    an_resolver *res;      /* this thread's cache for #builtin?; may be NULL */
    /* matching */
    const an_flat *fl;   /* the root being walked */
    an_cap path[AN_Q_MAX_STEPS]; /* captures of the match being built */
    uint16_t npath;
    uint32_t last;       /* the node the latest step took */
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
    int64_t peak;     /* the largest work - WORK_PER_NODE * nodes seen at a step */
    TSSymbol sym_ident, sym_dotted; /* whose text is NFKC-normalized */
    tcache tc;        /* the text of the node predicates read last */
    uint64_t stamp;   /* counts the nodes walked: */
    uint64_t ascii_stamp; /* at that node, */
    uint32_t ascii_at;    /* this name */
    bool ascii;           /* is ASCII or not */
    uint64_t *gstamp; /* the node each guard of the index was last taken at */
    bool *gval;       /* and its answer there */
} ctx;

/* --- predicates ------------------------------------------------------------------ */

/* The text of a captured node, NFKC-normalized for identifiers.  *owned is
 * set when the result must be freed. */
static const char *cap_text(const ctx *c, const an_cap *cp, size_t *len, char **owned)
{
    const char *t = c->p->src + cp->s;
    *len = cp->e - cp->s;
    *owned = NULL;
    if (cp->sym != c->sym_ident && cp->sym != c->sym_dotted)
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

static const char *sym_name(TSSymbol s)
{
    const char *n = ts_language_symbol_name(tree_sitter_python(), s);
    return n ? n : "";
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

/* The node after child k of a flat tree, or AN_NONE past its parent's end. */
static uint32_t flat_next_sibling(const an_flat *f, uint32_t parent, uint32_t k)
{
    uint32_t x = f->v[k].next;
    return x < f->v[parent].next ? x : AN_NONE;
}

/* The fixed text a str literal's value starts with: the source of its
 * first content part up to the first brace or backslash (an escape, a
 * field of a format string, an f-string's `{{`), or 0 bytes.  fstring says
 * which kind of literal is wanted; bytes never qualify. */
static size_t literal_prefix(const ctx *c, uint32_t str, bool fstring, const char **out)
{
    const an_flat *f = c->fl;
    uint32_t start = str + 1;
    if (start >= f->v[str].next || f->v[start].sym != an_symbol("string_start", 12, true))
        return 0;
    bool is_f = false;
    for (uint32_t i = f->v[start].start; i < f->v[start].end; i++) {
        char ch = c->p->src[i];
        if (ch == 'b' || ch == 'B')
            return 0;
        is_f |= ch == 'f' || ch == 'F';
    }
    uint32_t content = flat_next_sibling(f, str, start);
    if (is_f != fstring || content == AN_NONE || f->v[content].sym != an_symbol("string_content", 14, true))
        return 0;
    const char *t = c->p->src + f->v[content].start;
    size_t n = 0, len = f->v[content].end - f->v[content].start;
    while (n < len && t[n] != '{' && t[n] != '}' && t[n] != '\\')
        n++;
    *out = t;
    return n;
}

/* #safe-prefix?: the captured name is an f-string (f"visit_{kind}") or a
 * str literal's .format()/.format_map() ("op_{}".format(op)) whose value
 * begins with fixed text that is not private (no leading `_`) and that no
 * item of the named sets begins with, so whatever the run-time part is,
 * the name is none of the attributes those sets flag.  `"visit_" + kind`
 * does not qualify: a str subclass's __radd__ (or __rmod__ for `%`) runs
 * first and may return any name.  Captures tree-sitter matched have no
 * flat tree here and never qualify. */
static bool safe_prefix(const ctx *c, const an_pred *pr, const an_cap *cp)
{
    const an_flat *f = c->fl;
    if (cp->ni == AN_NONE || !f || cp->ni >= f->n)
        return false;
    uint32_t n = cp->ni, str = AN_NONE;
    bool fstring = false;
    if (f->v[n].sym == an_symbol("string", 6, true)) {
        str = n;
        fstring = true;
    } else if (f->v[n].sym == an_symbol("call", 4, true)) {
        uint32_t fn = an_flat_child_by_field(f, n, an_field("function", 8));
        if (fn == AN_NONE || f->v[fn].sym != an_symbol("attribute", 9, true))
            return false;
        uint32_t obj = an_flat_child_by_field(f, fn, an_field("object", 6));
        uint32_t attr = an_flat_child_by_field(f, fn, an_field("attribute", 9));
        if (obj == AN_NONE || attr == AN_NONE || f->v[obj].sym != an_symbol("string", 6, true))
            return false;
        const char *a = c->p->src + f->v[attr].start;
        size_t alen = f->v[attr].end - f->v[attr].start;
        if (!(alen == 6 && memcmp(a, "format", 6) == 0) && !(alen == 10 && memcmp(a, "format_map", 10) == 0))
            return false;
        str = obj;
    } else {
        return false;
    }
    const char *p = NULL;
    size_t plen = literal_prefix(c, str, fstring, &p);
    if (plen == 0 || p[0] == '_')
        return false;
    for (size_t k = 0; k < pr->nstrs; k++) {
        const an_set *s = an_find_set(c->r, pr->strs[k]);
        if (!s)
            return false; /* a policy without the set proves nothing */
        for (size_t i = 0; i < s->n; i++)
            if (strncmp(s->items[i], p, plen) == 0)
                return false;
    }
    return true;
}

/* One predicate against one captured node: true if it holds (before
 * negation).  caps are the match's captures (for #eq? @a @b). */
static bool pred_node(ctx *c, const an_pred *pr, const an_cap *cp, const an_cap *caps, size_t ncap)
{
    if (pr->kind == P_FIELD_OF) {
        if (!cp->has_parent)
            return in_field_of(cp->node, pr->strs[0], pr->strs[1]);
        return cp->psym != 0 && pr->ffield != 0 && cp->field == pr->ffield &&
               strcmp(sym_name(cp->psym), pr->strs[0]) == 0;
    }
    if (pr->kind == P_SAFE_PREFIX)
        return safe_prefix(c, pr, cp);
    if (pr->kind == P_BUILTIN) /* tree-sitter's captures have no flat tree: the builtin */
        return cp->ni == AN_NONE || !c->fl || an_resolves_builtin(c->res, c->p, c->names, c->fl, cp->ni);
    if (pr->kind == P_MODULE) /* tree-sitter's captures: not proven a module */
        return cp->ni != AN_NONE && c->fl && an_binds_only_import(c->p, c->fl, cp->ni);
    if (pr->kind == P_GUARDED) /* tree-sitter's captures: not guarded */
        return cp->ni != AN_NONE && c->fl && an_import_guarded(c->p, c->fl, cp->ni);
    if (pr->kind == P_TYPE) { /* no text needed */
        const char *type = sym_name(cp->sym);
        for (size_t i = 0; i < pr->nstrs; i++)
            if (strcmp(type, pr->strs[i]) == 0)
                return true;
        return false;
    }
    tcache *tc = &c->tc;
    bool norm = cp->sym == c->sym_ident || cp->sym == c->sym_dotted;
    if (!tc->valid || tc->s != cp->s || tc->e != cp->e || tc->norm != norm) {
        free(tc->owned);
        tc->t = cap_text(c, cp, &tc->len, &tc->owned);
        tc->valid = true;
        tc->s = cp->s;
        tc->e = cp->e;
        tc->norm = norm;
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
                const char *t2 = cap_text(c, &caps[i], &l2, &o2);
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
    case P_SAFE_PREFIX:
    case P_BUILTIN:
    case P_GUARDED:
    case P_MODULE:
        break;
    }
    return ok;
}

static bool preds_hold(ctx *c, const an_pred *preds, size_t npreds, const an_cap *caps, size_t ncap)
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
static bool cap_preds_hold(ctx *c, const an_pat *pt, const an_cap *cp)
{
    for (size_t k = 0; k < pt->npreds; k++) {
        const an_pred *pr = &pt->preds[k];
        if (pr->cap != cp->id || pr->cap2 >= 0)
            continue;
        if (pred_node(c, pr, cp, cp, 1) == pr->negate)
            return false;
    }
    return true;
}

static bool early_preds_hold(ctx *c, const an_cap *cp)
{
    return cap_preds_hold(c, c->pref->pat, cp);
}

/* --- collecting matches --------------------------------------------------------------- */

static void add_hit(ctx *c, const an_rule *ru, uint32_t order, uint32_t cstart, uint32_t cend, uint32_t ddepth,
                    uint32_t rdepth, const an_cap *caps, size_t ncap)
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
    c->hits[c->nhits] = (hit){.ru = ru, .order = order, .cstart = cstart, .cend = cend, .cdepth = ddepth,
                              .rdepth = rdepth, .seq = (uint32_t)c->nhits, .cap0 = c->ncaps,
                              .ncap = (uint16_t)ncap};
    c->ncaps += ncap;
    c->nhits++;
}

static uint32_t caps_hash(const an_cap *caps, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((uint64_t)caps[i].ni * 31u + caps[i].id)) * 1099511628211u;
    return (uint32_t)(h ^ (h >> 32));
}

static bool caps_same(const an_cap *a, size_t na, const an_cap *b, size_t nb)
{
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++)
        if (a[i].id != b[i].id || a[i].ni != b[i].ni)
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
    const an_node *last = &c->fl->v[c->last];
    add_hit(c, c->pref->ru, c->pref->order, last->start, last->end, c->last_depth, c->rdepth, c->path,
            c->npath);
    if (c->nhits > h)
        *d = (dslot){.gen = c->dgen, .hit = (uint32_t)h};
}

/* --- the matcher ------------------------------------------------------------------------ */

/* Does node x (with its field in the parent) fit step s, children aside? */
static bool step_accepts(const ctx *c, const an_step *s, uint32_t x, TSFieldId field)
{
    const an_node *n = &c->fl->v[x];
    if (s->flags & AN_ST_WILD) {
        if (((s->flags & AN_ST_NAMED) && !n->named) || n->sym == SYM_ERROR)
            return false;
    } else if (n->sym != s->sym) {
        return false;
    }
    if (s->field && s->field != field)
        return false;
    for (uint8_t k = 0; k < s->nneg; k++)
        if (an_flat_child_by_field(c->fl, x, s->neg[k]) != AN_NONE)
            return false;
    return true;
}

/* Capture of node x of the flat tree being walked. */
static an_cap flat_cap(const ctx *c, uint32_t x, uint16_t id)
{
    const an_node *n = &c->fl->v[x];
    return (an_cap){.s = n->start, .e = n->end, .ni = x, .sym = n->sym,
                    .psym = n->parent != AN_NONE ? c->fl->v[n->parent].sym : 0, .field = n->field, .id = id,
                    .has_parent = true};
}

/* Matching the child steps of one step against one node's children; `up`
 * is what remains to match once they all have a node. */
typedef struct frame {
    const an_step *steps;
    uint16_t parent; /* the step whose children these are */
    uint16_t next;   /* the next child step to match */
    uint32_t node;   /* the node whose children they are */
    uint32_t pos;    /* the first child the next step may take */
    uint32_t depth;  /* tree depth of the children */
    const struct frame *up;
} frame;

static void seq(ctx *c, const frame *f);

/* Step f->next takes child i of f's node; go on from there. */
static void take(ctx *c, const frame *f, uint32_t i)
{
    const an_step *s = &f->steps[f->next];
    uint16_t si = f->next;
    uint16_t saved = c->npath;
    c->work++;
    int64_t d = (int64_t)c->work - (int64_t)WORK_PER_NODE * (int64_t)c->nodes;
    if (d > c->peak)
        c->peak = d;
    if (c->work > WORK_BASE + (size_t)WORK_PER_NODE * c->nodes) {
        c->full = true;
        return;
    }
    if (s->cap >= 0) {
        c->path[c->npath++] = flat_cap(c, i, (uint16_t)s->cap);
        if (!early_preds_hold(c, &c->path[c->npath - 1])) {
            c->npath = saved;
            return;
        }
    }
    c->last = i;
    c->last_depth = f->depth;
    frame after = *f;
    after.next = s->end;
    after.pos = c->fl->v[i].next;
    if (s->end > si + 1) {
        frame g = {.steps = f->steps, .parent = si, .next = (uint16_t)(si + 1), .node = i, .pos = i + 1,
                   .depth = f->depth + 1, .up = &after};
        seq(c, &g);
    } else {
        seq(c, &after);
    }
    c->npath = saved;
}

/* Is there a named child of node p after its child i? */
static bool named_after(const an_node *v, uint32_t p, uint32_t i)
{
    for (uint32_t k = v[i].next; k < v[p].next; k = v[k].next)
        if (v[k].named)
            return true;
    return false;
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
    const an_node *v = c->fl->v;
    uint32_t end = v[f->node].next;
    for (uint32_t i = f->pos; i < end && c->st == AN_OK; i = v[i].next) {
        bool ok = step_accepts(c, s, i, v[i].field);
        if (ok && (s->flags & AN_ST_LAST) && named_after(v, f->node, i))
            ok = false;
        if (ok)
            take(c, f, i);
        /* an anchored step takes the first named node or none */
        if ((s->flags & AN_ST_IMM) && v[i].named)
            break;
    }
}

/* Tries one pattern at node n of the walk. */
static void try_root(ctx *c, const an_pref *pr, uint32_t n)
{
    const an_step *s = &pr->pat->steps[0];
    if (!step_accepts(c, s, n, 0))
        return;
    uint32_t depth = c->fl->v[n].depth;
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
        c->path[c->npath++] = flat_cap(c, n, (uint16_t)s->cap);
        if (!early_preds_hold(c, &c->path[0]))
            return;
    }
    c->last = n;
    c->last_depth = depth;
    if (s->end > 1) {
        frame g = {.steps = pr->pat->steps, .parent = 0, .next = 1, .node = n, .pos = n + 1, .depth = depth + 1};
        seq(c, &g);
    } else {
        emit(c);
    }
}

/* Does node x's text pass guard g's filter?  A name's text is compared in
 * its NFKC form, so a non-ASCII one is let through. */
static bool filter_passes(ctx *c, const an_guard *g, uint32_t x)
{
    const an_node *n = &c->fl->v[x];
    const unsigned char *t = (const unsigned char *)c->p->src + n->start;
    uint32_t l = n->end - n->start;
    if (n->sym == c->sym_ident || n->sym == c->sym_dotted) {
        if (c->ascii_at != x || c->ascii_stamp != c->stamp) {
            /* once a node: several guards read the same name */
            c->ascii_at = x;
            c->ascii_stamp = c->stamp;
            c->ascii = true;
            for (uint32_t i = 0; i < l; i++)
                c->ascii &= t[i] < 0x80;
        }
        if (!c->ascii)
            return true;
    }
    if (!(g->lens & (1ull << (l < 63 ? l : 63))))
        return false;
    return l == 0 || (g->first[t[0] >> 6] & (1ull << (t[0] & 63)));
}

/* Can pattern pr match at node n?  False when its guard fails there
 * (taken once a node for all the patterns that share it). */
static bool may_match(ctx *c, const an_pref *pr, uint32_t n)
{
    if (pr->guard < 0)
        return true;
    if (c->gstamp[pr->guard] == c->stamp)
        return c->gval[pr->guard];
    const an_guard *g = &c->ix->guards[pr->guard];
    const an_node *v = c->fl->v;
    bool ok = false;
    if (g->step == 0) {
        if (!g->filter || filter_passes(c, g, n)) {
            an_cap cp = flat_cap(c, n, g->cap);
            ok = cap_preds_hold(c, g->pat, &cp);
        }
    } else {
        for (uint32_t x = n + 1; x < v[n].next && !ok; x = v[x].next) {
            if (v[x].field != g->field || v[x].sym != g->sym || (g->filter && !filter_passes(c, g, x)))
                continue;
            an_cap cp = flat_cap(c, x, g->cap);
            ok = cap_preds_hold(c, g->pat, &cp);
        }
    }
    c->gstamp[pr->guard] = c->stamp;
    c->gval[pr->guard] = ok;
    return ok;
}

/* The walk: every node of one root's flat tree, in pre-order. */
static an_status run_native_root(ctx *c, const an_flat *fl)
{
    const an_index *ix = c->ix;
    c->fl = fl;
    for (uint32_t n = 0; n < fl->n; n++) {
        TSSymbol sym = fl->v[n].sym;
        size_t a = 0, b = 0;
        c->nodes++;
        c->stamp++;
        if (sym < ix->nsyms) {
            a = ix->start[sym];
            b = ix->start[sym + 1];
        }
        /* the patterns whose guards filter this node's own text fail
         * together when it fails their union */
        bool skip = a < b && ix->sym_filter[sym].filter && !filter_passes(c, &ix->sym_filter[sym], n);
        for (size_t k = a; k < b && c->st == AN_OK; k++)
            if (!(skip && ix->refs[k].root_filtered) && may_match(c, &ix->refs[k], n))
                try_root(c, &ix->refs[k], n);
        for (size_t k = 0; k < ix->nwild && c->st == AN_OK; k++)
            if (may_match(c, &ix->wild[k], n))
                try_root(c, &ix->wild[k], n);
        if (c->st != AN_OK || c->full)
            break;
    }
    return c->st;
}

/* Rules the matcher cannot run, one TSQuery each.  Their matches are
 * placed by the latest of their captured nodes (tree-sitter does not say
 * which node completed them). */
static an_status run_ts(ctx *c)
{
    an_cap caps[64];
    TSQueryCursor *qc = NULL;
    if (c->ix->nts && !an_parse_has_trees(c->p))
        return AN_EINVAL; /* parsed for other rules: an_parse_new_for_analysis */
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
                uint32_t ds = 0, de = 0;
                for (size_t k = 0; k < nc; k++) {
                    TSNode x = m.captures[k].node;
                    caps[k] = (an_cap){.s = ts_node_start_byte(x), .e = ts_node_end_byte(x), .ni = AN_NONE,
                                       .sym = ts_node_symbol(x), .id = (uint16_t)m.captures[k].index, .node = x};
                    if (k == 0 || caps[k].s > ds || (caps[k].s == ds && caps[k].e < de)) {
                        ds = caps[k].s;
                        de = caps[k].e;
                    }
                }
                if (!preds_hold(c, ru->qs.preds[m.pattern_index], ru->qs.npreds[m.pattern_index], caps, nc))
                    continue;
                add_hit(c, ru, c->ix->ts_order[i] + m.pattern_index, ds, de, 0, 0, caps, nc);
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
static void put_capture(an_buf *b, const ctx *c, const an_cap *capture)
{
    size_t len;
    char *owned;
    const char *t = cap_text(c, capture, &len, &owned);
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
                if (st->n == 0)
                    an_buf_puts(&b, "(none)");
            }
        } else {
            int64_t id = rule_capture(ru, name, n);
            for (size_t i = 0; i < ncap; i++) {
                if ((int64_t)caps[i].id == id) {
                    put_capture(&b, c, &caps[i]);
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
        const an_cap *span = &caps[0];
        int64_t span_id = ru->span ? rule_capture(ru, ru->span, strlen(ru->span)) : -1;
        for (size_t i = 0; i < x->ncap && span_id >= 0; i++)
            if ((int64_t)caps[i].id == span_id) {
                span = &caps[i];
                break;
            }
        char *msg = interpolate(c, ru, ru->message, caps, x->ncap);
        char *hint = interpolate(c, ru, ru->hint, caps, x->ncap);
        an_status st = AN_ENOMEM;
        if (msg && hint)
            st = an_report_add(rep, c->p, ru->id, ru->sev, msg, hint, ru->title, span->s, span->e);
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

/* The text of node n of the flat tree being walked (NFKC for names). */
static const char *flat_text(const ctx *c, uint32_t n, size_t *len, char **owned)
{
    an_cap cp = flat_cap(c, n, 0);
    return cap_text(c, &cp, len, owned);
}

/* Is the identifier n an allowed module or an alias found so far? */
static bool names_module(const ctx *c, uint32_t n)
{
    if (n == AN_NONE || c->fl->v[n].sym != c->sym_ident)
        return false;
    size_t len;
    char *owned;
    const char *t = flat_text(c, n, &len, &owned);
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
static an_status add_name(ctx *c, uint32_t n, char ***v, size_t *nv, size_t *cap, size_t max)
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
    const char *t = flat_text(c, n, &len, &owned);
    (*v)[*nv] = owned ? owned : an_strndup(t, len);
    if (!(*v)[*nv])
        return AN_ENOMEM;
    (*nv)++;
    return AN_OK;
}

static an_status add_alias(ctx *c, uint32_t n)
{
    return add_name(c, n, &c->aliases, &c->naliases, &c->cap_aliases, 256);
}

/* AN_FUNCTION_NAMES: names bound by def or to a lambda (`f = lambda: 0`) */
static an_status add_func(ctx *c, uint32_t n)
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
static TSFieldId ca_name, ca_alias, ca_left, ca_right;
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
    ca_name = an_field("name", 4);
    ca_alias = an_field("alias", 5);
    ca_left = an_field("left", 4);
    ca_right = an_field("right", 5);
}

static an_status collect_aliases_root(ctx *c, const an_flat *fl)
{
    an_status st = AN_OK;
    const an_node *v = fl->v;
    pthread_once(&ca_once, ca_build);
    c->fl = fl;
    for (uint32_t n = 0; n < fl->n && st == AN_OK;) {
        TSSymbol sym = v[n].sym;
        /* outside the table (ERROR): by its name */
        int kind = sym < ca_nsyms ? ca_kind[sym] : ca_classify(sym_name(sym));
        bool descend = false;
        if (kind == CA_IMPORT) {
            for (uint32_t a = n + 1; a < v[n].next && st == AN_OK; a = v[a].next) {
                if (!v[a].named || strcmp(sym_name(v[a].sym), "aliased_import") != 0)
                    continue;
                uint32_t name = an_flat_child_by_field(fl, a, ca_name);
                uint32_t alias = an_flat_child_by_field(fl, a, ca_alias);
                if (name != AN_NONE && alias != AN_NONE && an_flat_named_child_count(fl, name) == 1 &&
                    names_module(c, an_flat_named_child(fl, name, 0)))
                    st = add_alias(c, alias);
            }
        } else if (kind == CA_ASSIGN) {
            uint32_t l = an_flat_child_by_field(fl, n, ca_left);
            uint32_t r = an_flat_child_by_field(fl, n, ca_right);
            if (l != AN_NONE && r != AN_NONE && v[l].sym == c->sym_ident) {
                if (names_module(c, r))
                    st = add_alias(c, l);
                else if (strcmp(sym_name(v[r].sym), "lambda") == 0)
                    st = add_func(c, l);
            }
        } else {
            if (kind == CA_FUNC_DESCEND) {
                uint32_t name = an_flat_child_by_field(fl, n, ca_name);
                if (name != AN_NONE)
                    st = add_func(c, name);
            }
            descend = kind == CA_FUNC_DESCEND || kind == CA_DESCEND;
        }
        n = descend && v[n].depth < AN_MAX_TREE_DEPTH ? n + 1 : v[n].next;
    }
    return st;
}

static an_status collect_aliases(ctx *c)
{
    an_status st = AN_OK;
    for (size_t i = 0; i < c->p->nflat && st == AN_OK; i++)
        st = collect_aliases_root(c, &c->p->flat[i]);
    return st;
}

/* --- checking ----------------------------------------------------------------------------------- */

static an_status ctx_start(ctx *c)
{
    size_t ng = c->ix->nguards ? c->ix->nguards : 1;
    c->md = pcre2_match_data_create(4, NULL);
    c->mc = pcre2_match_context_create(NULL);
    c->gstamp = calloc(ng, sizeof *c->gstamp);
    c->gval = calloc(ng, sizeof *c->gval);
    if (!c->md || !c->mc || !c->gstamp || !c->gval)
        return AN_ENOMEM;
    c->res = an_resolver_new(); /* NULL only slows #builtin? down */
    pcre2_set_match_limit(c->mc, 100000);
    pcre2_set_depth_limit(c->mc, 1000);
    return AN_OK;
}

/* What ctx_start and the matching allocated (not the name lists). */
static void ctx_clear(ctx *c)
{
    free(c->tc.owned);
    free(c->hits);
    free(c->caps);
    free(c->dup);
    free(c->gstamp);
    free(c->gval);
    an_resolver_free(c->res);
    pcre2_match_data_free(c->md);
    pcre2_match_context_free(c->mc);
}

static void match_task(void *arg, size_t task, unsigned worker)
{
    ctx *sub = arg;
    (void)worker;
    if ((sub[task].st = ctx_start(&sub[task])) == AN_OK)
        run_native_root(&sub[task], &sub[task].p->flat[task]);
}

/* Lint of a big program: each root is matched on its own, on p->threads
 * threads, and the matches are put together in root order, renumbered as
 * one walk would have numbered them.  The bounds on work and matches
 * count over the whole walk, so when one of the roots could have reached
 * them where the whole walk would have been at that moment, nothing is
 * taken (*done false) and the caller walks again on its own thread: what
 * the report keeps past a bound must not depend on the threads. */
static an_status run_parallel(ctx *c, bool *done)
{
    size_t nr = c->p->nflat;
    *done = false;
    ctx *sub = calloc(nr, sizeof *sub);
    if (!sub)
        return AN_ENOMEM;
    for (size_t i = 0; i < nr; i++)
        sub[i] = (ctx){.r = c->r, .ix = c->ix, .p = c->p, .aliases = c->aliases, .naliases = c->naliases,
                       .funcs = c->funcs, .nfuncs = c->nfuncs, .names = c->names, .sym_ident = c->sym_ident,
                       .sym_dotted = c->sym_dotted, .peak = INT64_MIN};
    an_tasks_run(c->p->threads, nr, match_task, sub);
    an_status st = AN_OK;
    bool exact = true;
    int64_t w = 0, n = 0; /* the whole walk's counts when root i starts */
    size_t nhits = 0, ncaps = 0;
    for (size_t i = 0; i < nr; i++) {
        if (sub[i].st != AN_OK)
            st = sub[i].st;
        if (sub[i].full || sub[i].peak > (int64_t)WORK_BASE - (w - (int64_t)WORK_PER_NODE * n))
            exact = false;
        w += (int64_t)sub[i].work;
        n += (int64_t)sub[i].nodes;
        nhits += sub[i].nhits;
        ncaps += sub[i].ncaps;
    }
    if (nhits >= MAX_HITS)
        exact = false;
    if (st == AN_OK && exact && nhits) {
        hit *h = malloc(nhits * sizeof *h);
        an_cap *cs = malloc((ncaps ? ncaps : 1) * sizeof *cs);
        if (!h || !cs) {
            free(h);
            free(cs);
            st = AN_ENOMEM;
        } else {
            free(c->hits);
            free(c->caps);
            c->hits = h;
            c->caps = cs;
            c->cap_hits = nhits;
            c->cap_caps = ncaps ? ncaps : 1;
            c->nhits = c->ncaps = 0;
            for (size_t i = 0; i < nr; i++) {
                for (size_t k = 0; k < sub[i].nhits; k++) {
                    hit x = sub[i].hits[k];
                    x.cap0 += c->ncaps;
                    x.seq = (uint32_t)c->nhits;
                    c->hits[c->nhits++] = x;
                }
                if (sub[i].ncaps)
                    memcpy(c->caps + c->ncaps, sub[i].caps, sub[i].ncaps * sizeof *cs);
                c->ncaps += sub[i].ncaps;
            }
        }
    }
    if (st == AN_OK && exact) {
        c->work = (size_t)w;
        c->nodes = (size_t)n;
        *done = true;
    }
    for (size_t i = 0; i < nr; i++)
        ctx_clear(&sub[i]);
    free(sub);
    return st;
}

static an_status run_native(ctx *c)
{
    if (c->p->threads > 1 && c->p->nflat > 1) {
        bool done;
        an_status st = run_parallel(c, &done);
        if (st != AN_OK || done)
            return st;
    }
    for (size_t i = 0; i < c->p->nflat && c->st == AN_OK && !c->full; i++)
        run_native_root(c, &c->p->flat[i]);
    return c->st;
}

an_status an_check(const an_rules *r, const an_parse *p, an_report **out)
{
    an_status st = AN_ENOMEM;
    ctx c = {.r = r, .p = p};
    an_names *names = NULL;
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
    /* a clean parse has its flat trees (parse.c) */
    if (an_parse_syntax_ok(p) && p->nflat == an_parse_nroots(p) && r && c.ix->built && (c.ix->start || c.ix->nts)) {
        if ((st = ctx_start(&c)) != AN_OK)
            goto fail;
        if ((st = collect_aliases(&c)) != AN_OK)
            goto fail;
        if ((st = an_names_build(p, &names)) != AN_OK)
            goto fail;
        c.names = names;
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
    ctx_clear(&c);
    an_names_free(names);
    for (size_t i = 0; i < c.naliases; i++)
        free(c.aliases[i]);
    free(c.aliases);
    for (size_t i = 0; i < c.nfuncs; i++)
        free(c.funcs[i]);
    free(c.funcs);
    an_report_free(rep);
    return st;
}
