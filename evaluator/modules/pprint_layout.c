/*
 * pprint_layout.c - pprint's _format and its multi-line layouts, CPython
 * 3.11 behaviour (Lib/pprint.py): _format_items (with compact),
 * _format_dict_items, _format_namespace_items and the _pprint_* layout of
 * each type pprint.py's _dispatch knows (dict, list, tuple, set, frozenset,
 * str, bytes, bytearray, mappingproxy, OrderedDict, defaultdict, Counter,
 * ChainMap, deque, UserDict, UserList, UserString) and of dataclasses with
 * a generated __repr__.  The layout is chosen by the class that defines the
 * object's __repr__, so a subclass with its own __repr__ is shown by it.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/dataclasses_int.h"
#include "evaluator/modules/pprint_int.h"

extern ev_type ev_type_defaultdict; /* collections.c */

static bool is_coll(ev_interp *I, ev_type *owner, const char *name)
{
    ev_type *t = ev_us_global(I, name);
    return t && t == owner;
}

/* ---- _format and the layouts ---------------------------------------------------------------- */

/* _format_items over any iterable */
static int format_items(ev_interp *I, pp_ctx *c, ev_value items, int64_t indent, int64_t allowance,
                        ev_value context, int64_t level)
{
    indent += c->indent;
    if (c->indent > 1 && pp_newline(I, c, "", c->indent - 1))
        return -1;
    int64_t width = c->width - indent + 1, max_width = width;
    bool delim_nl = false, have_delim = false;
    ev_value it = ev_iter(I, items), ent = EV_ERR, next = EV_ERR;
    if (EV_IS_ERR(it))
        return -1;
    int st = -1, r = ev_next(I, it, &next);
    if (r <= 0) {
        st = r;
        goto done;
    }
    bool last = false;
    while (!last) {
        if (ev_tick(I))
            goto done;
        ent = next;
        next = EV_ERR;
        r = ev_next(I, it, &next);
        if (r < 0)
            goto done;
        if (r == 0) {
            last = true;
            max_width -= allowance;
            width -= allowance;
        }
        if (c->compact) {
            ev_value rep = pp_repr(I, c, ent, context, level);
            if (EV_IS_ERR(rep))
                goto done;
            int64_t w = (int64_t)pp_nchars(rep) + 2;
            if (width < w) {
                width = max_width;
                if (have_delim)
                    delim_nl = true;
            }
            if (width >= w) {
                width -= w;
                int e = have_delim && (delim_nl ? pp_newline(I, c, ",\n", indent) : pp_puts(I, c, ", "));
                if (!have_delim)
                    e = pp_write(I, c, "", 0);
                e = e || pp_write_str(I, c, rep);
                ev_decref(I, rep);
                if (e)
                    goto done;
                have_delim = true;
                delim_nl = false;
                ev_decref(I, ent);
                ent = EV_ERR;
                continue;
            }
            ev_decref(I, rep);
        }
        int e = have_delim ? (delim_nl ? pp_newline(I, c, ",\n", indent) : pp_puts(I, c, ", "))
                           : pp_write(I, c, "", 0);
        if (e)
            goto done;
        have_delim = delim_nl = true;
        if (pp_format(I, c, ent, indent, last ? allowance : 1, context, level))
            goto done;
        ev_decref(I, ent);
        ent = EV_ERR;
    }
    st = 0;
done:
    ev_decref(I, ent);
    ev_decref(I, next);
    ev_decref(I, it);
    return st;
}

/* _format_dict_items: items an iterable of pairs, its length taken first */
static int format_dict_items(ev_interp *I, pp_ctx *c, ev_value items, int64_t indent, int64_t allowance,
                             ev_value context, int64_t level)
{
    indent += c->indent;
    int64_t n;
    if (ev_len(I, items, &n))
        return -1;
    ev_value it = ev_iter(I, items), item;
    if (EV_IS_ERR(it))
        return -1;
    int r, st = -1;
    for (int64_t i = 0; (r = ev_next(I, it, &item)) == 1; i++) {
        ev_value k, v;
        int e = ev_tick(I) || pp_unpack2(I, item, &k, &v);
        ev_decref(I, item);
        if (e)
            goto done;
        bool last = i == n - 1;
        ev_value rep = pp_repr(I, c, k, context, level);
        e = EV_IS_ERR(rep) || pp_write_str(I, c, rep) || pp_puts(I, c, ": ") ||
            pp_format(I, c, v, indent + (int64_t)pp_nchars(rep) + 2, last ? allowance : 1, context, level) ||
            (!last && pp_newline(I, c, ",\n", indent));
        if (!EV_IS_ERR(rep))
            ev_decref(I, rep);
        ev_decref(I, k);
        ev_decref(I, v);
        if (e)
            goto done;
    }
    st = r < 0 ? -1 : 0;
done:
    ev_decref(I, it);
    return st;
}

static int pprint_dict(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance, ev_value context,
                       int64_t level)
{
    if (pp_puts(I, c, "{") || (c->indent > 1 && pp_newline(I, c, "", c->indent - 1)))
        return -1;
    int64_t n;
    if (ev_len(I, obj, &n))
        return -1;
    if (n) {
        ev_value items = pp_callm(I, obj, "items", 0, NULL);
        if (!EV_IS_ERR(items) && c->sort_dicts) {
            ev_value s = pp_sorted_by(I, items, "_safe_tuple");
            ev_decref(I, items);
            items = s;
        }
        if (EV_IS_ERR(items))
            return -1;
        int e = format_dict_items(I, c, items, indent, allowance + 1, context, level);
        ev_decref(I, items);
        if (e)
            return -1;
    }
    return pp_puts(I, c, "}");
}

/* cls.__name__ of obj, a new reference */
static ev_value cls_name(ev_interp *I, ev_value obj)
{
    ev_value cls = pp_get(I, obj, "__class__");
    ev_value n = EV_IS_ERR(cls) ? cls : pp_get(I, cls, "__name__");
    ev_decref(I, cls);
    if (!EV_IS_ERR(n) && !ev_is(n, EV_O_STR)) {
        ev_decref(I, n);
        return ev_raise(I, &ev_type_TypeError, "__name__ must be a str");
    }
    return n;
}

/* name + tail as one write */
static int write_name(ev_interp *I, pp_ctx *c, ev_value name, const char *tail)
{
    ev_buf b = {0};
    int r = ev_buf_put(I, &b, ev_as_str(name)->data, ev_as_str(name)->len) || ev_buf_puts(I, &b, tail) ||
            pp_write(I, c, b.data, b.len);
    ev_buf_free(I, &b);
    return r;
}

/* an empty container: write(repr(object)); 1 when it was empty */
static int empty_repr(ev_interp *I, pp_ctx *c, ev_value obj)
{
    int64_t n;
    if (ev_len(I, obj, &n))
        return -1;
    if (n)
        return 0;
    ev_value r = ev_repr(I, obj);
    int e = EV_IS_ERR(r) || pp_write_str(I, c, r);
    if (!EV_IS_ERR(r))
        ev_decref(I, r);
    return e ? -1 : 1;
}

static int pprint_ordered_dict(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                               ev_value context, int64_t level)
{
    int em = empty_repr(I, c, obj);
    if (em)
        return em < 0 ? -1 : 0;
    ev_value name = cls_name(I, obj), items = EV_ERR, l = EV_ERR;
    if (EV_IS_ERR(name))
        return -1;
    int e = write_name(I, c, name, "(");
    items = e ? EV_ERR : pp_callm(I, obj, "items", 0, NULL);
    l = EV_IS_ERR(items) ? items : ev_list_from_iterable(I, items);
    e = EV_IS_ERR(l) ||
        pp_format(I, c, l, indent + (int64_t)pp_nchars(name) + 1, allowance + 1, context, level) ||
        pp_puts(I, c, ")");
    ev_decref(I, l);
    ev_decref(I, items);
    ev_decref(I, name);
    return e ? -1 : 0;
}

static int pprint_seq(ev_interp *I, pp_ctx *c, ev_value obj, bool is_list, int64_t indent, int64_t allowance,
                      ev_value context, int64_t level)
{
    if (is_list)
        return pp_puts(I, c, "[") || format_items(I, c, obj, indent, allowance + 1, context, level) ||
               pp_puts(I, c, "]");
    int64_t n;
    if (pp_puts(I, c, "(") || ev_len(I, obj, &n))
        return -1;
    const char *end = n == 1 ? ",)" : ")";
    return format_items(I, c, obj, indent, allowance + (int64_t)strlen(end), context, level) ||
           pp_puts(I, c, end);
}

static int pprint_set(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance, ev_value context,
                      int64_t level)
{
    int em = empty_repr(I, c, obj);
    if (em)
        return em < 0 ? -1 : 0;
    const char *end = "}";
    if (ev_type_of(obj) == &ev_type_set) {
        if (pp_puts(I, c, "{"))
            return -1;
    } else {
        ev_value name = cls_name(I, obj);
        if (EV_IS_ERR(name))
            return -1;
        int e = write_name(I, c, name, "({");
        indent += (int64_t)pp_nchars(name) + 1;
        ev_decref(I, name);
        if (e)
            return -1;
        end = "})";
    }
    ev_value l = pp_sorted_by(I, obj, "_safe_key");
    if (EV_IS_ERR(l))
        return -1;
    int e = format_items(I, c, l, indent, allowance + (int64_t)strlen(end), context, level) || pp_puts(I, c, end);
    ev_decref(I, l);
    return e ? -1 : 0;
}

/* re.findall(r'\S*\s*', line) less its empty last part, as a list */
static ev_value word_parts(ev_interp *I, ev_value line)
{
    ev_str *rn = ev_intern(I, "re", 2);
    ev_value re = rn ? ev_import(I, rn) : EV_ERR;
    if (EV_IS_ERR(re))
        return re;
    ev_value pat = ev_str_from_cstr(I, "\\S*\\s*");
    ev_value l = EV_IS_ERR(pat) ? pat : pp_callm(I, re, "findall", 2, (ev_value[]){pat, line});
    ev_decref(I, pat);
    ev_decref(I, re);
    if (EV_IS_ERR(l))
        return l;
    ev_list *p = ev_as_list(l);
    if (p->len) { /* the empty match at the end */
        ev_value last = p->items[p->len - 1];
        ev_list_set_len(p, p->len - 1);
        ev_decref(I, last);
    }
    return l;
}

static int64_t repr_len(ev_interp *I, ev_value s)
{
    ev_value r = ev_repr(I, s);
    if (EV_IS_ERR(r))
        return -1;
    int64_t n = (int64_t)pp_nchars(r);
    ev_decref(I, r);
    return n;
}

static int append_repr(ev_interp *I, ev_value chunks, ev_value s)
{
    ev_value r = ev_repr(I, s);
    if (EV_IS_ERR(r))
        return -1;
    int e = ev_list_append(I, ev_as_list(chunks), r);
    ev_decref(I, r);
    return e;
}

/* the fragments of one long line, appended to chunks */
static int wrap_line(ev_interp *I, ev_value line, bool last_line, int64_t max_width, int64_t allowance,
                     ev_value chunks)
{
    ev_value parts = word_parts(I, line), current = ev_str_from_cstr(I, "");
    int st = -1;
    if (EV_IS_ERR(parts) || EV_IS_ERR(current))
        goto done;
    int64_t max_width2 = max_width;
    ev_list *pl = ev_as_list(parts);
    for (size_t j = 0; j < pl->len; j++) {
        ev_value part = pl->items[j];
        ev_value cand = ev_str_concat(I, ev_as_str(current), ev_as_str(part));
        if (EV_IS_ERR(cand))
            goto done;
        if (j == pl->len - 1 && last_line)
            max_width2 -= allowance;
        int64_t n = repr_len(I, cand);
        if (n < 0) {
            ev_decref(I, cand);
            goto done;
        }
        if (n > max_width2) {
            ev_decref(I, cand);
            if (ev_as_str(current)->len && append_repr(I, chunks, current))
                goto done;
            ev_decref(I, current);
            current = ev_dup(part);
        } else {
            ev_decref(I, current);
            current = cand;
        }
    }
    if (ev_as_str(current)->len && append_repr(I, chunks, current))
        goto done;
    st = 0;
done:
    if (!EV_IS_ERR(current))
        ev_decref(I, current);
    ev_decref(I, parts);
    return st;
}

static int pprint_str(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance, ev_value context,
                      int64_t level)
{
    (void)context;
    int64_t n;
    if (ev_len(I, obj, &n))
        return -1;
    if (n == 0) {
        ev_value r = ev_repr(I, obj);
        int e = EV_IS_ERR(r) || pp_write_str(I, c, r);
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        return e ? -1 : 0;
    }
    ev_value chunks = ev_list_new(I, 0), lines = EV_ERR, rep = EV_ERR;
    int st = -1;
    if (EV_IS_ERR(chunks))
        return -1;
    lines = pp_callm(I, obj, "splitlines", 1, (ev_value[]){EV_TRUE});
    if (EV_IS_ERR(lines))
        goto done;
    if (!ev_is(lines, EV_O_LIST)) {
        ev_value l = ev_list_from_iterable(I, lines);
        ev_decref(I, lines);
        lines = l;
        if (EV_IS_ERR(lines))
            goto done;
    }
    if (level == 1) {
        indent += 1;
        allowance += 1;
    }
    int64_t max_width = c->width - indent, max_width1 = max_width;
    ev_list *ll = ev_as_list(lines);
    for (size_t i = 0; i < ll->len; i++) {
        ev_value line = ev_dup(ll->items[i]);
        if (!EV_IS_ERR(rep))
            ev_decref(I, rep);
        rep = ev_repr(I, line);
        if (EV_IS_ERR(rep)) {
            ev_decref(I, line);
            goto done;
        }
        bool last = i == ll->len - 1;
        if (last)
            max_width1 -= allowance;
        int e;
        if ((int64_t)pp_nchars(rep) <= max_width1)
            e = ev_list_append(I, ev_as_list(chunks), rep);
        else
            e = wrap_line(I, line, last, max_width, allowance, chunks);
        ev_decref(I, line);
        if (e)
            goto done;
    }
    ev_list *cl = ev_as_list(chunks);
    if (cl->len == 1) {
        st = EV_IS_ERR(rep) ? -1 : pp_write_str(I, c, rep);
        goto done;
    }
    if (level == 1 && pp_puts(I, c, "("))
        goto done;
    for (size_t i = 0; i < cl->len; i++)
        if ((i > 0 && pp_newline(I, c, "\n", indent)) || pp_write_str(I, c, cl->items[i]))
            goto done;
    if (level == 1 && pp_puts(I, c, ")"))
        goto done;
    st = 0;
done:
    ev_decref(I, rep);
    ev_decref(I, lines);
    ev_decref(I, chunks);
    return st;
}

/* _pprint_bytes over the bytes data[0..n) */
static int pprint_bytes_data(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                             int64_t level)
{
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, obj, &p, &n))
        return -1;
    if (n <= 4) {
        ev_value r = ev_repr(I, obj);
        int e = EV_IS_ERR(r) || pp_write_str(I, c, r);
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        return e ? -1 : 0;
    }
    bool parens = level == 1;
    if (parens) {
        indent += 1;
        allowance += 1;
        if (pp_puts(I, c, "("))
            return -1;
    }
    /* _wrap_bytes_repr: groups of 4 bytes joined while their repr fits */
    int64_t width = c->width - indent;
    size_t last = n / 4 * 4, cur_start = 0, cur_len = 0;
    bool first = true;
    ev_value hold = ev_dup(obj); /* the data stays while reprs are made */
    int st = -1;
    for (size_t i = 0; i < n; i += 4) {
        if (ev_bytes_view(I, hold, &p, &n) || i >= n)
            break;
        size_t plen = n - i < 4 ? n - i : 4;
        if (i == last)
            width -= (int64_t)allowance;
        ev_value cand = ev_bytes_new(I, EV_O_BYTES, p + cur_start, cur_len + plen);
        if (EV_IS_ERR(cand))
            goto done;
        ev_value cr = ev_repr(I, cand);
        ev_decref(I, cand);
        if (EV_IS_ERR(cr))
            goto done;
        int64_t len = (int64_t)pp_nchars(cr);
        ev_decref(I, cr);
        if (len > width) {
            if (cur_len) {
                ev_value cb = ev_bytes_new(I, EV_O_BYTES, p + cur_start, cur_len);
                ev_value r = EV_IS_ERR(cb) ? cb : ev_repr(I, cb);
                ev_decref(I, cb);
                int e = EV_IS_ERR(r) || (!first && pp_newline(I, c, "\n", indent)) ||
                        (first && pp_write(I, c, "", 0)) || pp_write_str(I, c, r);
                if (!EV_IS_ERR(r))
                    ev_decref(I, r);
                if (e)
                    goto done;
                first = false;
            }
            cur_start = i;
            cur_len = plen;
        } else {
            cur_len += plen;
        }
    }
    if (cur_len) {
        if (ev_bytes_view(I, hold, &p, &n))
            goto done;
        if (cur_start + cur_len > n) /* a bytearray shrunk while its parts were shown */
            cur_len = cur_start < n ? n - cur_start : 0;
        ev_value cb = ev_bytes_new(I, EV_O_BYTES, p + cur_start, cur_len);
        ev_value r = EV_IS_ERR(cb) ? cb : ev_repr(I, cb);
        ev_decref(I, cb);
        int e = EV_IS_ERR(r) || (!first && pp_newline(I, c, "\n", indent)) || (first && pp_write(I, c, "", 0)) ||
                pp_write_str(I, c, r);
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        if (e)
            goto done;
    }
    st = parens ? pp_puts(I, c, ")") : 0;
done:
    ev_decref(I, hold);
    return st;
}

static int pprint_bytearray(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                            int64_t level)
{
    const unsigned char *p;
    size_t n;
    if (pp_puts(I, c, "bytearray(") || ev_bytes_view(I, obj, &p, &n))
        return -1;
    ev_value b = ev_bytes_new(I, EV_O_BYTES, p, n);
    if (EV_IS_ERR(b))
        return -1;
    int e = pprint_bytes_data(I, c, b, indent + 10, allowance + 1, level + 1) || pp_puts(I, c, ")");
    ev_decref(I, b);
    return e ? -1 : 0;
}

static int pprint_default_dict(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                               ev_value context, int64_t level)
{
    int em = empty_repr(I, c, obj);
    if (em)
        return em < 0 ? -1 : 0;
    ev_value df = pp_get(I, obj, "default_factory");
    if (EV_IS_ERR(df))
        return -1;
    ev_value rdf = pp_repr(I, c, df, context, level);
    ev_decref(I, df);
    if (EV_IS_ERR(rdf))
        return -1;
    ev_value name = cls_name(I, obj);
    int e = EV_IS_ERR(name);
    if (!e) {
        indent += (int64_t)pp_nchars(name) + 1;
        ev_buf b = {0};
        e = ev_buf_put(I, &b, ev_as_str(name)->data, ev_as_str(name)->len) || ev_buf_puts(I, &b, "(") ||
            ev_buf_put(I, &b, ev_as_str(rdf)->data, ev_as_str(rdf)->len) || ev_buf_puts(I, &b, ",\n");
        for (int64_t i = 0; !e && i < indent; i++)
            e = ev_buf_put(I, &b, " ", 1);
        e = e || pp_write(I, c, b.data, b.len);
        ev_buf_free(I, &b);
        ev_decref(I, name);
    }
    ev_decref(I, rdf);
    return e || pprint_dict(I, c, obj, indent, allowance + 1, context, level) || pp_puts(I, c, ")") ? -1 : 0;
}

static int pprint_counter(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                          ev_value context, int64_t level)
{
    int em = empty_repr(I, c, obj);
    if (em)
        return em < 0 ? -1 : 0;
    ev_value name = cls_name(I, obj);
    if (EV_IS_ERR(name))
        return -1;
    int64_t nl = (int64_t)pp_nchars(name);
    int e = write_name(I, c, name, "({") || (c->indent > 1 && pp_newline(I, c, "", c->indent - 1));
    ev_decref(I, name);
    ev_value items = e ? EV_ERR : pp_callm(I, obj, "most_common", 0, NULL);
    e = EV_IS_ERR(items) || format_dict_items(I, c, items, indent + nl + 1, allowance + 2, context, level) ||
        pp_puts(I, c, "})");
    ev_decref(I, items);
    return e ? -1 : 0;
}

static int pprint_chain_map(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                            ev_value context, int64_t level)
{
    ev_value maps = pp_get(I, obj, "maps");
    if (EV_IS_ERR(maps))
        return -1;
    int64_t n;
    int st = -1;
    ev_value name = EV_ERR;
    if (ev_len(I, maps, &n))
        goto done;
    if (n == 0) {
        ev_value r = ev_repr(I, obj);
        st = EV_IS_ERR(r) || pp_write_str(I, c, r) ? -1 : 0;
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        goto done;
    }
    name = cls_name(I, obj);
    if (EV_IS_ERR(name) || write_name(I, c, name, "("))
        goto done;
    indent += (int64_t)pp_nchars(name) + 1;
    for (int64_t i = 0;; i++) {
        if (ev_len(I, maps, &n))
            goto done;
        if (i >= n)
            break;
        ev_value m = ev_getitem(I, maps, ev_int(i));
        if (EV_IS_ERR(m))
            goto done;
        int e;
        if (i == n - 1)
            e = pp_format(I, c, m, indent, allowance + 1, context, level) || pp_puts(I, c, ")");
        else
            e = pp_format(I, c, m, indent, 1, context, level) || pp_newline(I, c, ",\n", indent);
        ev_decref(I, m);
        if (e)
            goto done;
    }
    st = 0;
done:
    ev_decref(I, name);
    ev_decref(I, maps);
    return st;
}

static int pprint_deque(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                        ev_value context, int64_t level)
{
    int em = empty_repr(I, c, obj);
    if (em)
        return em < 0 ? -1 : 0;
    ev_value name = cls_name(I, obj);
    if (EV_IS_ERR(name))
        return -1;
    int e = write_name(I, c, name, "(");
    indent += (int64_t)pp_nchars(name) + 1;
    ev_decref(I, name);
    ev_value maxlen = e ? EV_ERR : pp_get(I, obj, "maxlen");
    if (e || EV_IS_ERR(maxlen) || pp_puts(I, c, "[")) {
        ev_decref(I, maxlen);
        return -1;
    }
    if (maxlen.tag == EV_T_NONE) {
        e = format_items(I, c, obj, indent, allowance + 2, context, level) || pp_puts(I, c, "])");
    } else {
        ev_value rml = EV_ERR;
        e = format_items(I, c, obj, indent, 2, context, level);
        rml = e ? EV_ERR : pp_repr(I, c, maxlen, context, level);
        if (EV_IS_ERR(rml)) {
            e = 1;
        } else {
            ev_buf b = {0};
            e = ev_buf_puts(I, &b, "],\n");
            for (int64_t i = 0; !e && i < indent; i++)
                e = ev_buf_put(I, &b, " ", 1);
            e = e || ev_buf_puts(I, &b, "maxlen=") ||
                ev_buf_put(I, &b, ev_as_str(rml)->data, ev_as_str(rml)->len) || ev_buf_puts(I, &b, ")") ||
                pp_write(I, c, b.data, b.len);
            ev_buf_free(I, &b);
            ev_decref(I, rml);
        }
    }
    ev_decref(I, maxlen);
    return e ? -1 : 0;
}

static int pprint_mappingproxy(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                               ev_value context, int64_t level)
{
    if (pp_puts(I, c, "mappingproxy("))
        return -1;
    ev_value cp = pp_callm(I, obj, "copy", 0, NULL);
    if (EV_IS_ERR(cp))
        return -1;
    int e = pp_format(I, c, cp, indent + 13, allowance + 1, context, level) || pp_puts(I, c, ")");
    ev_decref(I, cp);
    return e ? -1 : 0;
}

/* _format_namespace_items over a list of (name, value) */
static int format_namespace_items(ev_interp *I, pp_ctx *c, ev_value items, int64_t indent, int64_t allowance,
                                  ev_value context, int64_t level)
{
    ev_list *l = ev_as_list(items);
    for (size_t i = 0; i < l->len; i++) {
        ev_tuple *kv = ev_as_tuple(l->items[i]);
        ev_value key = ev_dup(kv->items[0]), ent = ev_dup(kv->items[1]);
        bool last = i == l->len - 1;
        int has = pp_ctx_has(I, context, ent);
        int e = has < 0 || pp_write_str(I, c, key) || pp_puts(I, c, "=");
        if (!e)
            e = has ? pp_puts(I, c, "...")
                    : pp_format(I, c, ent, indent + (int64_t)pp_nchars(key) + 1, last ? allowance : 1, context, level);
        e = e || (!last && pp_newline(I, c, ",\n", indent));
        ev_decref(I, key);
        ev_decref(I, ent);
        if (e)
            return -1;
    }
    return 0;
}

static int pprint_dataclass(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                            ev_value context, int64_t level)
{
    ev_value name = cls_name(I, obj);
    if (EV_IS_ERR(name))
        return -1;
    indent += (int64_t)pp_nchars(name) + 1;
    ev_value fl = dc_fields(I, obj), items = ev_list_new(I, 0);
    int st = -1;
    if (EV_IS_ERR(fl) || EV_IS_ERR(items))
        goto done;
    for (size_t i = 0; i < ev_as_tuple(fl)->len; i++) {
        ev_value f = ev_as_tuple(fl)->items[i];
        ev_value rp = pp_get(I, f, "repr");
        int t = EV_IS_ERR(rp) ? -1 : ev_truth(I, rp);
        ev_decref(I, rp);
        if (t < 0)
            goto done;
        if (!t)
            continue;
        ev_value fname = pp_get(I, f, "name");
        if (EV_IS_ERR(fname))
            goto done;
        if (!ev_is(fname, EV_O_STR)) {
            ev_decref(I, fname);
            ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(fname));
            goto done;
        }
        ev_value v = ev_getattr(I, obj, ev_as_str(fname));
        ev_value pair = EV_IS_ERR(v) ? v : ev_tuple_new(I, 2);
        if (EV_IS_ERR(pair)) {
            ev_decref(I, v);
            ev_decref(I, fname);
            goto done;
        }
        ev_as_tuple(pair)->items[0] = fname;
        ev_as_tuple(pair)->items[1] = v;
        int e = ev_list_append(I, ev_as_list(items), pair);
        ev_decref(I, pair);
        if (e)
            goto done;
    }
    if (write_name(I, c, name, "(") || format_namespace_items(I, c, items, indent, allowance, context, level) ||
        pp_puts(I, c, ")"))
        goto done;
    st = 0;
done:
    ev_decref(I, items);
    ev_decref(I, fl);
    ev_decref(I, name);
    return st;
}

/* the dataclass test of _format: a dataclass instance whose __repr__ the
 * decorator generated, with repr=True in its parameters */
static int is_dataclass_layout(ev_interp *I, ev_value obj)
{
    if (ev_is(obj, EV_O_TYPE))
        return 0;
    ev_type *t = ev_type_of(obj);
    if (!ev_is_heaptype(t))
        return 0;
    ev_str *fk = ev_intern(I, "__dataclass_fields__", 20), *rk = I->dn[EV_DN_REPR];
    if (!fk || !ev_type_lookup(t, fk))
        return 0;
    ev_value *r = ev_type_lookup(t, rk);
    if (!r || !dc_is_generated_repr(*r))
        return 0;
    ev_value params = pp_get(I, obj, "__dataclass_params__");
    ev_value rp = EV_IS_ERR(params) ? params : pp_get(I, params, "repr");
    ev_decref(I, params);
    int tr = EV_IS_ERR(rp) ? -1 : ev_truth(I, rp);
    ev_decref(I, rp);
    return tr;
}

typedef int (*pp_layout)(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance,
                         ev_value context, int64_t level);

static int lay_dict(ev_interp *I, pp_ctx *c, ev_value o, int64_t in, int64_t al, ev_value cx, int64_t lv)
{
    return pprint_dict(I, c, o, in, al, cx, lv);
}
static int lay_list(ev_interp *I, pp_ctx *c, ev_value o, int64_t in, int64_t al, ev_value cx, int64_t lv)
{
    return pprint_seq(I, c, o, true, in, al, cx, lv);
}
static int lay_tuple(ev_interp *I, pp_ctx *c, ev_value o, int64_t in, int64_t al, ev_value cx, int64_t lv)
{
    return pprint_seq(I, c, o, false, in, al, cx, lv);
}
static int lay_bytes(ev_interp *I, pp_ctx *c, ev_value o, int64_t in, int64_t al, ev_value cx, int64_t lv)
{
    (void)cx;
    return pprint_bytes_data(I, c, o, in, al, lv);
}
static int lay_bytearray(ev_interp *I, pp_ctx *c, ev_value o, int64_t in, int64_t al, ev_value cx, int64_t lv)
{
    (void)cx;
    return pprint_bytearray(I, c, o, in, al, lv);
}
/* UserDict, UserList, UserString: their data, one level up */
static int lay_user(ev_interp *I, pp_ctx *c, ev_value o, int64_t in, int64_t al, ev_value cx, int64_t lv)
{
    ev_value d = pp_get(I, o, "data");
    if (EV_IS_ERR(d))
        return -1;
    int e = pp_format(I, c, d, in, al, cx, lv - 1);
    ev_decref(I, d);
    return e;
}

/* pprint.py's _dispatch: the layout for the class that defines the __repr__ */
static pp_layout layout_of(ev_interp *I, ev_type *owner)
{
    if (owner == &ev_type_dict)
        return lay_dict;
    if (owner == &ev_type_list)
        return lay_list;
    if (owner == &ev_type_tuple)
        return lay_tuple;
    if (owner == &ev_type_set || owner == &ev_type_frozenset)
        return pprint_set;
    if (owner == &ev_type_str)
        return pprint_str;
    if (owner == &ev_type_bytes)
        return lay_bytes;
    if (owner == &ev_type_bytearray)
        return lay_bytearray;
    if (owner == &ev_type_mappingproxy)
        return pprint_mappingproxy;
    if (owner == &ev_type_OrderedDict)
        return pprint_ordered_dict;
    if (owner == &ev_type_Counter)
        return pprint_counter;
    if (owner == &ev_type_deque)
        return pprint_deque;
    if (owner == &ev_type_ChainMap)
        return pprint_chain_map;
    if (owner == &ev_type_defaultdict)
        return pprint_default_dict;
    if (ev_is_heaptype(owner) &&
        (is_coll(I, owner, "UserDict") || is_coll(I, owner, "UserList") || is_coll(I, owner, "UserString")))
        return lay_user;
    return NULL;
}

/* PrettyPrinter._format */
int pp_format(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance, ev_value context,
                     int64_t level)
{
    int has = pp_ctx_has(I, context, obj);
    if (has < 0)
        return -1;
    if (has) {
        ev_value r = pp_recursion_str(I, obj);
        int e = EV_IS_ERR(r) || pp_write_str(I, c, r) || pp_flag_set(I, c, "_recursive", true) ||
                pp_flag_set(I, c, "_readable", false);
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        return e ? -1 : 0;
    }
    if (ev_recursion_enter(I, ""))
        return -1;
    ev_value hold = ev_dup(obj);
    int st = -1;
    ev_value rep = pp_repr(I, c, obj, context, level);
    if (EV_IS_ERR(rep))
        goto done;
    if ((int64_t)pp_nchars(rep) > c->width - indent - allowance) {
        pp_layout p = layout_of(I, pp_repr_owner(I, ev_type_of(obj)));
        int dc = p ? 0 : is_dataclass_layout(I, obj);
        if (dc < 0)
            goto done;
        if (dc)
            p = pprint_dataclass;
        if (p) {
            if (pp_ctx_add(I, context, obj) || p(I, c, obj, indent, allowance, context, level + 1) ||
                pp_ctx_del(I, context, obj))
                goto done;
            st = 0;
            goto done;
        }
    }
    st = pp_write_str(I, c, rep);
done:
    ev_decref(I, rep);
    ev_decref(I, hold);
    ev_recursion_leave(I);
    return st;
}


