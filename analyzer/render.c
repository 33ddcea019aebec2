/* render.c - diagnostics as rustc-style text, JSON and SARIF 2.1.0. */
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <utf8proc.h>

#include "analyzer/an_int.h"

#ifndef SAFEPY_VERSION
#define SAFEPY_VERSION "0.0.0"
#endif

#define MAX_EXCERPT_COLS 200
#define HINT_WIDTH 100

static const char *sev_name(an_severity s)
{
    return s == AN_SEV_ERROR ? "error" : s == AN_SEV_WARNING ? "warning" : "note";
}

/* One display cell run of the excerpt: bytes [b, e) shown as `text` of `w` columns. */
typedef struct cell {
    uint32_t b;
    int w;
    char text[8];
} cell;

/* Decodes the line [ls, le) into display cells: tabs become 4 spaces,
 * control characters and bad bytes '?', wide characters 2 columns. */
static cell *line_cells(const char *src, uint32_t ls, uint32_t le, size_t *n)
{
    cell *c = malloc(((size_t)(le - ls) + 1) * sizeof *c);
    if (!c)
        return NULL;
    size_t k = 0;
    uint32_t i = ls;
    while (i < le) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t len = utf8proc_iterate((const utf8proc_uint8_t *)src + i,
                                                (utf8proc_ssize_t)(le - i), &cp);
        cell *x = &c[k++];
        x->b = i;
        if (len <= 0) {
            strcpy(x->text, "?");
            x->w = 1;
            i++;
            continue;
        }
        if (cp == '\t') {
            strcpy(x->text, "    ");
            x->w = 4;
        } else if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
            strcpy(x->text, "?");
            x->w = 1;
        } else {
            memcpy(x->text, src + i, (size_t)len);
            x->text[len] = '\0';
            int w = utf8proc_charwidth(cp);
            x->w = w < 0 ? 1 : w;
        }
        i += (uint32_t)len;
    }
    *n = k;
    return c;
}

static void put_spaces(an_buf *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        an_buf_put(b, " ", 1);
}

/* Wraps the hint at word boundaries, continuation lines aligned under it. */
static void put_hint(an_buf *b, const char *hint, size_t indent)
{
    const char *s = hint;
    size_t col = 0;
    while (*s) {
        const char *w = s;
        while (*w && *w != ' ')
            w++;
        size_t wl = (size_t)(w - s);
        if (col > 0 && col + 1 + wl > HINT_WIDTH) {
            an_buf_puts(b, "\n");
            put_spaces(b, indent);
            col = 0;
        } else if (col > 0) {
            an_buf_puts(b, " ");
            col++;
        }
        for (size_t i = 0; i < wl; i++)
            an_buf_put(b, (s[i] == '\n' || s[i] == '\r') ? " " : s + i, 1);
        col += wl;
        s = w;
        while (*s == ' ')
            s++;
    }
}

static void render_text_one(an_buf *b, const an_diag *d, const an_parse *p)
{
    char num[16];
    int gw = snprintf(num, sizeof num, "%u", d->line);
    an_buf_printf(b, "%s[%s]: %s\n", sev_name(d->severity), d->rule_id, d->message);
    put_spaces(b, (size_t)gw);
    an_buf_printf(b, "--> %s:%u:%u\n", p->filename, d->line, d->col);
    put_spaces(b, (size_t)gw + 1);
    an_buf_puts(b, "|\n");
    /* the source line */
    uint32_t ls = d->line - 1 < p->nlines ? p->line_starts[d->line - 1] : (uint32_t)p->len;
    uint32_t le = ls;
    while (le < p->len && p->src[le] != '\n')
        le++;
    if (le > ls && p->src[le - 1] == '\r')
        le--;
    size_t nc = 0;
    cell *cells = line_cells(p->src, ls, le, &nc);
    if (!cells) {
        b->oom = true;
        return;
    }
    uint32_t sb = d->start_byte, eb = d->end_byte;
    if (d->end_line != d->line || eb > le)
        eb = le;
    /* cell range of the span */
    size_t c0 = nc, c1 = nc;
    for (size_t i = 0; i < nc; i++) {
        if (c0 == nc && cells[i].b >= sb)
            c0 = i;
        if (cells[i].b < eb)
            c1 = i + 1;
    }
    if (c1 < c0)
        c1 = c0;
    /* a window of at most MAX_EXCERPT_COLS columns around the caret */
    size_t from = 0, to = nc, cols = 0;
    for (size_t i = 0; i < nc; i++)
        cols += (size_t)cells[i].w;
    if (cols > MAX_EXCERPT_COLS) {
        size_t back = 0;
        from = c0;
        while (from > 0 && back + (size_t)cells[from - 1].w <= MAX_EXCERPT_COLS / 3)
            back += (size_t)cells[--from].w;
        size_t fw = back;
        to = from;
        while (to < nc && fw + (size_t)cells[to].w <= MAX_EXCERPT_COLS)
            fw += (size_t)cells[to++].w;
    }
    an_buf_printf(b, "%s | ", num);
    size_t lead = 0, caret_at = 0, caret_w = 0;
    if (from > 0) {
        an_buf_puts(b, "...");
        lead = 3;
    }
    size_t col = lead;
    for (size_t i = from; i < to; i++) {
        if (i == c0)
            caret_at = col;
        if (i >= c0 && i < c1)
            caret_w += (size_t)cells[i].w;
        an_buf_puts(b, cells[i].text);
        col += (size_t)cells[i].w;
    }
    if (c0 >= to)
        caret_at = col;
    if (to < nc)
        an_buf_puts(b, "...");
    an_buf_puts(b, "\n");
    free(cells);
    if (caret_w == 0)
        caret_w = 1;
    put_spaces(b, (size_t)gw + 1);
    an_buf_puts(b, "| ");
    put_spaces(b, caret_at);
    for (size_t i = 0; i < caret_w; i++)
        an_buf_puts(b, "^");
    an_buf_puts(b, "\n");
    put_spaces(b, (size_t)gw + 1);
    an_buf_puts(b, "= help: ");
    put_hint(b, d->hint, (size_t)gw + 9);
    an_buf_puts(b, "\n");
}

static void render_text(an_buf *b, const an_report *rep, const an_parse *p, bool *first)
{
    for (size_t i = 0; i < rep->n; i++) {
        if (!*first)
            an_buf_puts(b, "\n");
        *first = false;
        render_text_one(b, &rep->items[i].d, p);
    }
    if (rep->truncated) {
        if (!*first)
            an_buf_puts(b, "\n");
        *first = false;
        an_buf_printf(b, "note: %s: more than %d findings; the rest are not shown\n",
                      p->filename, AN_MAX_DIAGS);
    }
}

static bool add_num(cJSON *o, const char *k, double v)
{
    return cJSON_AddNumberToObject(o, k, v) != NULL;
}

static bool add_str(cJSON *o, const char *k, const char *v)
{
    return cJSON_AddStringToObject(o, k, v) != NULL;
}

static bool json_diags(cJSON *arr, const an_report *rep, const an_parse *p)
{
    for (size_t i = 0; i < rep->n; i++) {
        const an_diag *d = &rep->items[i].d;
        cJSON *o = cJSON_CreateObject();
        if (!o || !cJSON_AddItemToArray(arr, o))
            return cJSON_Delete(o), false;
        if (!add_str(o, "rule", d->rule_id) || !add_str(o, "severity", sev_name(d->severity)) ||
            !add_str(o, "message", d->message) || !add_str(o, "hint", d->hint) ||
            !add_str(o, "file", p->filename) || !add_num(o, "line", d->line) ||
            !add_num(o, "column", d->col) || !add_num(o, "end_line", d->end_line) ||
            !add_num(o, "end_column", d->end_col))
            return false;
    }
    return true;
}

/* Percent-encodes what is not allowed in a relative URI reference. */
static char *uri_of(const char *path)
{
    an_buf b = {0};
    if (path[0] == '/')
        an_buf_puts(&b, "file://");
    for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
        unsigned char c = *s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("-._~/!$&'()*+,;=:@", c))
            an_buf_put(&b, (const char *)s, 1);
        else
            an_buf_printf(&b, "%%%02X", c);
    }
    an_buf_puts(&b, ""); /* an empty name still yields a string */
    return an_buf_take(&b);
}

static bool sarif_results(cJSON *results, cJSON *rules, const an_report *rep, const an_parse *p)
{
    char *uri = uri_of(p->filename);
    if (!uri)
        return false;
    bool ok = false;
    for (size_t i = 0; i < rep->n; i++) {
        const an_item *it = &rep->items[i];
        const an_diag *d = &it->d;
        /* one driver rule per id */
        bool known = false;
        const cJSON *x;
        cJSON_ArrayForEach(x, rules) {
            const cJSON *id = cJSON_GetObjectItemCaseSensitive(x, "id");
            if (cJSON_IsString(id) && strcmp(id->valuestring, d->rule_id) == 0)
                known = true;
        }
        if (!known) {
            cJSON *ru = cJSON_CreateObject();
            if (!ru || !cJSON_AddItemToArray(rules, ru)) {
                cJSON_Delete(ru);
                goto fail;
            }
            bool id_ok = add_str(ru, "id", d->rule_id);
            cJSON *sd = cJSON_AddObjectToObject(ru, "shortDescription");
            cJSON *help = cJSON_AddObjectToObject(ru, "help");
            if (!id_ok || !sd ||
                !add_str(sd, "text", it->title ? it->title : d->rule_id) || !help ||
                !add_str(help, "text", d->hint))
                goto fail;
        }
        cJSON *r = cJSON_CreateObject();
        if (!r || !cJSON_AddItemToArray(results, r)) {
            cJSON_Delete(r);
            goto fail;
        }
        const char *level = d->severity == AN_SEV_ERROR ? "error"
                            : d->severity == AN_SEV_WARNING ? "warning" : "note";
        bool head_ok = add_str(r, "ruleId", d->rule_id) && add_str(r, "level", level);
        cJSON *msg = cJSON_AddObjectToObject(r, "message");
        cJSON *locs = cJSON_AddArrayToObject(r, "locations");
        cJSON *loc = cJSON_CreateObject();
        if (!head_ok || !msg ||
            !add_str(msg, "text", d->message) || !locs || !loc || !cJSON_AddItemToArray(locs, loc)) {
            cJSON_Delete(loc);
            goto fail;
        }
        cJSON *phys = cJSON_AddObjectToObject(loc, "physicalLocation");
        cJSON *art = phys ? cJSON_AddObjectToObject(phys, "artifactLocation") : NULL;
        cJSON *reg = phys ? cJSON_AddObjectToObject(phys, "region") : NULL;
        if (!art || !reg || !add_str(art, "uri", uri) || !add_num(reg, "startLine", d->line) ||
            !add_num(reg, "startColumn", d->col) || !add_num(reg, "endLine", d->end_line) ||
            !add_num(reg, "endColumn", d->end_col))
            goto fail;
    }
    ok = true;
fail:
    free(uri);
    return ok;
}

char *an_report_render_many(const an_report *const *reps, const an_parse *const *ps, size_t n,
                            an_format fmt)
{
    if (fmt == AN_FMT_TEXT) {
        an_buf b = {0};
        bool first = true;
        an_buf_puts(&b, "");
        for (size_t i = 0; i < n; i++)
            render_text(&b, reps[i], ps[i], &first);
        return an_buf_take(&b);
    }
    char *out = NULL;
    cJSON *root = cJSON_CreateObject();
    if (!root)
        return NULL;
    if (fmt == AN_FMT_JSON) {
        cJSON *arr = cJSON_AddArrayToObject(root, "diagnostics");
        if (!arr)
            goto fail;
        bool truncated = false;
        for (size_t i = 0; i < n; i++) {
            if (!json_diags(arr, reps[i], ps[i]))
                goto fail;
            truncated |= reps[i]->truncated;
        }
        if (!cJSON_AddBoolToObject(root, "truncated", truncated))
            goto fail;
    } else {
        cJSON *runs, *run, *tool, *driver, *rules, *results;
        if (!add_str(root, "$schema", "https://json.schemastore.org/sarif-2.1.0.json") ||
            !add_str(root, "version", "2.1.0") || !(runs = cJSON_AddArrayToObject(root, "runs")))
            goto fail;
        run = cJSON_CreateObject();
        if (!run || !cJSON_AddItemToArray(runs, run)) {
            cJSON_Delete(run);
            goto fail;
        }
        if (!(tool = cJSON_AddObjectToObject(run, "tool")) ||
            !(driver = cJSON_AddObjectToObject(tool, "driver")) || !add_str(driver, "name", "safepy") ||
            !add_str(driver, "version", SAFEPY_VERSION) ||
            !(rules = cJSON_AddArrayToObject(driver, "rules")) ||
            !add_str(run, "columnKind", "unicodeCodePoints") ||
            !(results = cJSON_AddArrayToObject(run, "results")))
            goto fail;
        for (size_t i = 0; i < n; i++)
            if (!sarif_results(results, rules, reps[i], ps[i]))
                goto fail;
    }
    {
        char *s = cJSON_Print(root);
        if (s) {
            size_t l = strlen(s);
            out = malloc(l + 2);
            if (out) {
                memcpy(out, s, l);
                out[l] = '\n';
                out[l + 1] = '\0';
            }
            cJSON_free(s);
        }
    }
fail:
    cJSON_Delete(root);
    return out;
}

char *an_report_render(const an_report *rep, const an_parse *p, an_format fmt)
{
    return an_report_render_many(&rep, &p, 1, fmt);
}
