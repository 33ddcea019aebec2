/* report.c - lists of diagnostics. */
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

an_report *an_report_new(void)
{
    return calloc(1, sizeof(an_report));
}

static void item_clear(an_item *it)
{
    free((char *)it->d.rule_id);
    free((char *)it->d.message);
    free((char *)it->d.hint);
    free(it->title);
}

an_status an_report_add(an_report *rep, const an_parse *p, const char *rule_id, an_severity sev,
                        const char *message, const char *hint, const char *title,
                        uint32_t start_byte, uint32_t end_byte)
{
    if (rep->n >= AN_MAX_DIAGS) {
        rep->truncated = true;
        return AN_OK;
    }
    if (rep->n == rep->cap) {
        size_t cap = rep->cap ? rep->cap * 2 : 8;
        an_item *items = realloc(rep->items, cap * sizeof *items);
        if (!items)
            return AN_ENOMEM;
        rep->items = items;
        rep->cap = cap;
    }
    an_item it;
    memset(&it, 0, sizeof it);
    it.d.rule_id = an_strdup(rule_id);
    it.d.message = an_strdup(message);
    it.d.hint = an_strdup(hint && *hint ? hint : "see the rule's documentation");
    it.title = title ? an_strdup(title) : NULL;
    if (!it.d.rule_id || !it.d.message || !it.d.hint || (title && !it.title)) {
        item_clear(&it);
        return AN_ENOMEM;
    }
    if (end_byte < start_byte)
        end_byte = start_byte;
    it.d.severity = sev;
    it.d.start_byte = start_byte;
    it.d.end_byte = end_byte;
    an_pos(p, start_byte, &it.d.line, &it.d.col);
    an_pos(p, end_byte, &it.d.end_line, &it.d.end_col);
    if (it.d.end_line == it.d.line && it.d.end_col <= it.d.col)
        it.d.end_col = it.d.col + 1;
    rep->items[rep->n++] = it;
    return AN_OK;
}

static int cmp_items(const void *a, const void *b)
{
    const an_item *x = a, *y = b;
    if (x->d.start_byte != y->d.start_byte)
        return x->d.start_byte < y->d.start_byte ? -1 : 1;
    return strcmp(x->d.rule_id, y->d.rule_id);
}

void an_report_sort(an_report *rep)
{
    if (rep->n > 1)
        qsort(rep->items, rep->n, sizeof *rep->items, cmp_items);
}

void an_report_free(an_report *rep)
{
    if (!rep)
        return;
    for (size_t i = 0; i < rep->n; i++)
        item_clear(&rep->items[i]);
    free(rep->items);
    free(rep);
}

size_t an_report_count(const an_report *rep)
{
    return rep ? rep->n : 0;
}

const an_diag *an_report_get(const an_report *rep, size_t i)
{
    return rep && i < rep->n ? &rep->items[i].d : NULL;
}

bool an_report_has_errors(const an_report *rep)
{
    if (!rep)
        return true;
    for (size_t i = 0; i < rep->n; i++)
        if (rep->items[i].d.severity == AN_SEV_ERROR)
            return true;
    return false;
}
