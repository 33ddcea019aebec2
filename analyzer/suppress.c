/*
 * suppress.c - what lint keeps of a report: --select/--ignore by rule id or
 * id prefix, and inline suppressions written in the checked code:
 *
 *     x = getattr(obj, name)  # safepy: ignore[SP305]
 *     y = obj._private        # safepy: ignore[SP3]      (a family prefix)
 *
 * A comment silences the listed rules on its own line only.  A bare
 * `# safepy: ignore` (no list) silences nothing and is itself a finding
 * (SP000), so that a reviewer always sees which rule was waived.  Syntax
 * errors can be neither selected away nor suppressed.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

#define MARK "safepy: ignore"

/* Does `id` match one of the comma-separated ids or prefixes in list[0..n)? */
static bool listed(const char *list, size_t n, const char *id)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && (list[i] == ',' || list[i] == ' ' || list[i] == '\t'))
            i++;
        size_t s = i;
        while (i < n && list[i] != ',' && list[i] != ' ' && list[i] != '\t')
            i++;
        size_t k = i - s;
        if (k > 0 && strncmp(id, list + s, k) == 0)
            return true;
    }
    return false;
}

/* One `# safepy: ignore[...]` comment: its line and its id list. */
typedef struct waiver {
    uint32_t line;
    const char *ids; /* into the source; NULL for a bare ignore */
    size_t nids;
    uint32_t start, end; /* the comment, for the bare-ignore finding */
    bool used;
} waiver;

typedef struct waivers {
    waiver *w;
    size_t n, cap;
    bool failed;
} waivers;

/* Records the waiver of the comment at bytes [s, e), if it holds one. */
static void add_comment(const an_parse *p, uint32_t s, uint32_t e, waivers *ws)
{
    const char *text = p->src + s;
    size_t len = e - s;
    const char *m = len >= sizeof MARK ? memmem(text, len, MARK, sizeof MARK - 1) : NULL;
    if (!m)
        return;
    const char *after = m + sizeof MARK - 1, *end = text + len;
    waiver w = {0};
    w.start = s;
    w.end = e;
    an_pos(p, s, &w.line, &(uint32_t){0});
    if (after < end && *after == '[') {
        const char *close = memchr(after, ']', (size_t)(end - after));
        if (close && close > after + 1) {
            w.ids = after + 1;
            w.nids = (size_t)(close - after - 1);
        }
    }
    if (ws->n == ws->cap) {
        size_t cap = ws->cap ? ws->cap * 2 : 8;
        waiver *nw = realloc(ws->w, cap * sizeof *nw);
        if (!nw) {
            ws->failed = true;
            return;
        }
        ws->w = nw;
        ws->cap = cap;
    }
    ws->w[ws->n++] = w;
}

static void collect(const an_parse *p, TSNode n, waivers *ws, int depth)
{
    if (depth > AN_MAX_TREE_DEPTH || ws->failed)
        return;
    if (strcmp(ts_node_type(n), "comment") == 0) {
        add_comment(p, ts_node_start_byte(n), ts_node_end_byte(n), ws);
        return;
    }
    uint32_t nc = ts_node_child_count(n);
    for (uint32_t i = 0; i < nc; i++)
        collect(p, ts_node_child(n, i), ws, depth + 1);
}

/* The same waivers found from the text, without visiting every node: a
 * comment is a leaf, so the node at each occurrence of MARK tells whether
 * it is in one.  In a clean program's flat arrays (pre-order, so starts
 * never decrease) that node is the last one starting at or before the
 * mark; a binary search finds it.  Returns false when there are no flat
 * arrays (a tree with errors), to ask for the walk. */
static bool collect_text(const an_parse *p, waivers *ws)
{
    size_t nroots = an_parse_nroots(p);
    if (p->nflat != nroots)
        return false;
    TSSymbol comment = an_symbol("comment", 7, true);
    size_t part = 0;
    uint32_t done = 0; /* the end of the last comment seen */
    size_t i = 0;
    while (i < p->len && !ws->failed) {
        const char *m = memmem(p->src + i, p->len - i, MARK, sizeof MARK - 1);
        if (!m)
            break;
        uint32_t at = (uint32_t)(m - p->src);
        i = at + 1;
        if (at < done)
            continue; /* a second mark in one comment: the first counts */
        /* the part holding the mark: parts are in source order */
        while (part + 1 < nroots && p->flat[part + 1].n > 0 && p->flat[part + 1].v[0].start <= at)
            part++;
        const an_flat *f = &p->flat[part];
        uint32_t lo = 0, hi = f->n; /* the first node starting after the mark */
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (f->v[mid].start <= at)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == 0)
            continue;
        const an_node *n = &f->v[lo - 1];
        if (n->sym != comment || n->end <= at)
            continue;
        add_comment(p, n->start, n->end, ws);
        done = n->end;
    }
    return true;
}

an_status an_report_filter(an_report *rep, const an_parse *p, const char *select, const char *ignore,
                           size_t *suppressed)
{
    *suppressed = 0;
    waivers ws = {0};
    /* flat arrays exist for every tree the parse found clean, a
     * symbol-table error (lint may have freed those trees) included */
    if (an_parse_nroots(p) > 0 && !collect_text(p, &ws)) {
        ws.n = 0;
        ws.failed = false;
        for (size_t i = 0; i < an_parse_nroots(p); i++)
            collect(p, an_parse_root(p, i), &ws, 0);
    }
    if (ws.failed) {
        free(ws.w);
        return AN_ENOMEM;
    }
    size_t kept = 0;
    for (size_t i = 0; i < rep->n; i++) {
        an_item *it = &rep->items[i];
        bool keep = true;
        if (strcmp(it->d.rule_id, "syntax") != 0) {
            if (select && *select && !listed(select, strlen(select), it->d.rule_id))
                keep = false;
            if (keep && ignore && *ignore && listed(ignore, strlen(ignore), it->d.rule_id))
                keep = false;
            for (size_t k = 0; keep && k < ws.n; k++)
                if (ws.w[k].line == it->d.line && ws.w[k].ids && listed(ws.w[k].ids, ws.w[k].nids, it->d.rule_id)) {
                    keep = false;
                    ws.w[k].used = true;
                    ++*suppressed;
                }
        }
        if (keep) {
            rep->items[kept++] = *it;
        } else {
            free((char *)it->d.rule_id);
            free((char *)it->d.message);
            free((char *)it->d.hint);
            free(it->title);
        }
    }
    rep->n = kept;
    an_status st = AN_OK;
    for (size_t k = 0; k < ws.n && st == AN_OK; k++) {
        if (ws.w[k].ids)
            continue;
        if ((select && *select && !listed(select, strlen(select), "SP000")) ||
            (ignore && *ignore && listed(ignore, strlen(ignore), "SP000")))
            continue;
        st = an_report_add(rep, p, "SP000", AN_SEV_WARNING,
                           "'# safepy: ignore' without rule ids silences nothing",
                           "name the rules it waives, e.g. '# safepy: ignore[SP305]', so a reviewer sees "
                           "what was allowed",
                           "bare suppression comment", ws.w[k].start, ws.w[k].end);
    }
    free(ws.w);
    an_report_sort(rep);
    return st;
}
