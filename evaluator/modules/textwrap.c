/*
 * textwrap.c - the textwrap module, CPython 3.11 behaviour (Lib/textwrap.py).
 *
 * TextWrapper with its attributes and its methods, each called through the
 * instance as textwrap.py calls them (a subclass's _split, _wrap_chunks,
 * _handle_long_word... are the ones used); wrap, fill, shorten, dedent and
 * indent.  The chunking is textwrap.py's: its class attributes wordsep_re,
 * wordsep_simple_re and sentence_end_re are compiled by the re module from
 * the same patterns, and dedent's two patterns are module-private here.
 * The line filling (_wrap_chunks, _handle_long_word) is textwrap.py's loop
 * over the reversed chunk list, with lengths in code points.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

#define WS "\t\n\x0b\x0c\r "

static ev_str *name_of(ev_interp *I, const char *s)
{
    return ev_intern(I, s, strlen(s));
}

static ev_value attr(ev_interp *I, ev_value o, const char *name)
{
    ev_str *n = name_of(I, name);
    return n ? ev_getattr(I, o, n) : EV_ERR;
}

static ev_value call_method(ev_interp *I, ev_value o, const char *name, int argc, const ev_value *argv)
{
    ev_value m = attr(I, o, name);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_call(I, m, argc, argv, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

static ev_value str_of(ev_interp *I, const char *s)
{
    return ev_str_from_cstr(I, s);
}

static ev_value re_module(ev_interp *I)
{
    ev_str *n = name_of(I, "re");
    return n ? ev_import(I, n) : EV_ERR;
}

/* re.compile(pattern, flags) */
static ev_value re_compile(ev_interp *I, const char *pattern, const char *flag)
{
    ev_value re = re_module(I);
    if (EV_IS_ERR(re))
        return re;
    ev_value p = str_of(I, pattern), f = EV_ERR, r = EV_ERR;
    if (!EV_IS_ERR(p))
        f = flag ? attr(I, re, flag) : ev_int(0);
    if (!EV_IS_ERR(f))
        r = call_method(I, re, "compile", 2, (ev_value[]){p, f});
    ev_decref(I, p);
    ev_decref(I, f);
    ev_decref(I, re);
    return r;
}

/* len(v) for the chunks and indents: a str's code points, else len() */
static int length(ev_interp *I, ev_value v, int64_t *n)
{
    if (ev_is(v, EV_O_STR)) {
        *n = (int64_t)ev_as_str(v)->nchars;
        return 0;
    }
    return ev_len(I, v, n);
}

/* v.strip() == '' (1), else 0; -1 error */
static int blank(ev_interp *I, ev_value v)
{
    ev_value s = call_method(I, v, "strip", 0, NULL);
    if (EV_IS_ERR(s))
        return -1;
    ev_value empty = ev_str_new(I, "", 0);
    int r = EV_IS_ERR(empty) ? -1 : ev_eq(I, s, empty);
    ev_decref(I, empty);
    ev_decref(I, s);
    return r;
}

/* truth of self.name */
static int flag_of(ev_interp *I, ev_value self, const char *name)
{
    ev_value v = attr(I, self, name);
    if (EV_IS_ERR(v))
        return -1;
    int t = ev_truth(I, v);
    ev_decref(I, v);
    return t;
}

static ev_value join_with(ev_interp *I, const char *sep, ev_value items)
{
    ev_value s = str_of(I, sep);
    ev_value r = EV_IS_ERR(s) ? s : call_method(I, s, "join", 1, &items);
    ev_decref(I, s);
    return r;
}

/* ---- TextWrapper ------------------------------------------------------------------------------- */

static const ev_defsig init_sig = {
    "TextWrapper.__init__",
    {"width", "initial_indent", "subsequent_indent", "expand_tabs", "replace_whitespace", "fix_sentence_endings",
     "break_long_words", "drop_whitespace", "break_on_hyphens", "tabsize", "max_lines", "placeholder"},
    0,
    .kwonly = 2};

/* __init__(self, width=70, initial_indent="", subsequent_indent="",
 * expand_tabs=True, replace_whitespace=True, fix_sentence_endings=False,
 * break_long_words=True, drop_whitespace=True, break_on_hyphens=True,
 * tabsize=8, *, max_lines=None, placeholder=' [...]') */
US_FN(tw_init)
{
    ev_value a[EV_DEF_MAXP];
    if (ev_def_bind(I, &init_sig, argc, argv, kw, a))
        return EV_ERR;
    for (int i = 0; i < 12; i++) {
        ev_value v = a[i], made = EV_ERR;
        if (EV_IS_ERR(v)) {
            switch (i) {
            case 0: v = ev_int(70); break;
            case 1: case 2: v = made = ev_str_new(I, "", 0); break;
            case 3: case 4: case 6: case 7: case 8: v = EV_TRUE; break;
            case 5: v = EV_FALSE; break;
            case 9: v = ev_int(8); break;
            case 10: v = EV_NONE; break;
            default: v = made = str_of(I, " [...]"); break;
            }
            if (EV_IS_ERR(v))
                return v;
        }
        ev_str *n = name_of(I, init_sig.names[i]);
        int r = n ? ev_setattr(I, self, n, v) : -1;
        if (!EV_IS_ERR(made))
            ev_decref(I, made);
        if (r)
            return EV_ERR;
    }
    return EV_NONE;
}

static const ev_us_sig text_sig_munge = {"TextWrapper._munge_whitespace", {"text"}, 1, 0, false, false};

US_FN(tw_munge_whitespace)
{
    BIND(text_sig_munge, a);
    ev_value text = ev_dup(a[0]);
    int t = flag_of(I, self, "expand_tabs");
    if (t < 0)
        goto fail;
    if (t) {
        ev_value ts = attr(I, self, "tabsize");
        ev_value r = EV_IS_ERR(ts) ? ts : call_method(I, text, "expandtabs", 1, &ts);
        ev_decref(I, ts);
        if (EV_IS_ERR(r))
            goto fail;
        ev_decref(I, text);
        text = r;
    }
    t = flag_of(I, self, "replace_whitespace");
    if (t < 0)
        goto fail;
    if (t) {
        ev_value tr = attr(I, self, "unicode_whitespace_trans");
        ev_value r = EV_IS_ERR(tr) ? tr : call_method(I, text, "translate", 1, &tr);
        ev_decref(I, tr);
        if (EV_IS_ERR(r))
            goto fail;
        ev_decref(I, text);
        text = r;
    }
    return text;
fail:
    ev_decref(I, text);
    return EV_ERR;
}

static const ev_us_sig text_sig_split = {"TextWrapper._split", {"text"}, 1, 0, false, false};

/* wordsep_re.split(text) when break_on_hyphens is True (the object True),
 * else wordsep_simple_re's; the empty chunks dropped */
US_FN(tw_split)
{
    BIND(text_sig_split, a);
    ev_value boh = attr(I, self, "break_on_hyphens");
    if (EV_IS_ERR(boh))
        return boh;
    bool hy = boh.tag == EV_T_BOOL && boh.u.i;
    ev_decref(I, boh);
    ev_value re = attr(I, self, hy ? "wordsep_re" : "wordsep_simple_re");
    ev_value chunks = EV_IS_ERR(re) ? re : call_method(I, re, "split", 1, &a[0]);
    ev_decref(I, re);
    if (EV_IS_ERR(chunks))
        return chunks;
    ev_value out = ev_list_new(I, 0), it = ev_iter(I, chunks);
    ev_decref(I, chunks);
    if (EV_IS_ERR(out) || EV_IS_ERR(it))
        goto fail;
    for (;;) {
        ev_value c;
        int got = ev_next(I, it, &c);
        if (got < 0)
            goto fail;
        if (got == 0)
            break;
        int t = ev_truth(I, c);
        int r = t < 0 || (t && ev_list_append(I, ev_as_list(out), c));
        ev_decref(I, c);
        if (r)
            goto fail;
    }
    ev_decref(I, it);
    return out;
fail:
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    return EV_ERR;
}

static const ev_us_sig fix_sig = {"TextWrapper._fix_sentence_endings", {"chunks"}, 1, 0, false, false};

US_FN(tw_fix_sentence_endings)
{
    BIND(fix_sig, a);
    ev_value chunks = a[0];
    ev_value re = attr(I, self, "sentence_end_re");
    ev_value search = EV_IS_ERR(re) ? re : attr(I, re, "search");
    ev_decref(I, re);
    if (EV_IS_ERR(search))
        return search;
    ev_value space = str_of(I, " "), two = str_of(I, "  ");
    ev_value r = EV_ERR;
    if (EV_IS_ERR(space) || EV_IS_ERR(two))
        goto done;
    int64_t i = 0;
    for (;;) {
        int64_t n;
        if (ev_len(I, chunks, &n))
            goto done;
        if (i >= n - 1)
            break;
        ev_value next = ev_getitem(I, chunks, ev_int(i + 1));
        if (EV_IS_ERR(next))
            goto done;
        int eq = ev_eq(I, next, space);
        ev_decref(I, next);
        if (eq < 0)
            goto done;
        int hit = 0;
        if (eq) {
            ev_value cur = ev_getitem(I, chunks, ev_int(i));
            ev_value m = EV_IS_ERR(cur) ? cur : ev_call(I, search, 1, &cur, 0, NULL, NULL);
            ev_decref(I, cur);
            hit = EV_IS_ERR(m) ? -1 : ev_truth(I, m);
            ev_decref(I, m);
            if (hit < 0)
                goto done;
        }
        if (hit) {
            if (ev_setitem(I, chunks, ev_int(i + 1), two))
                goto done;
            i += 2;
        } else {
            i += 1;
        }
    }
    r = EV_NONE;
done:
    ev_decref(I, search);
    ev_decref(I, space);
    ev_decref(I, two);
    return r;
}

static const ev_us_sig long_sig = {"TextWrapper._handle_long_word", {"reversed_chunks", "cur_line", "cur_len", "width"},
                                   4, 0, false, false};

US_FN(tw_handle_long_word)
{
    BIND(long_sig, a);
    ev_value rc = a[0], line = a[1];
    int64_t cur_len, width = 0, space_left;
    /* a float width (TextWrapper(width=2.5)): the slices below refuse it,
     * as CPython's chunk[:space_left] does, unless it is under 1 */
    bool fw = ev_is_floatish(a[3]);
    double fwv = a[3].tag == EV_T_FLOAT ? a[3].u.f : fw ? ev_float_unbox(a[3]).u.f : 0;
    if (ev_index(I, a[2], &cur_len, NULL) || (!fw && ev_index(I, a[3], &width, NULL)))
        return EV_ERR;
    space_left = fw ? 1 : width < 1 ? 1 : width - cur_len;
    int t = flag_of(I, self, "break_long_words");
    if (t < 0)
        return EV_ERR;
    if (t && fw && fwv >= 1)
        return ev_raise(I, &ev_type_TypeError, "slice indices must be integers or None or have an __index__ method");
    if (t) {
        int64_t end = space_left;
        ev_value chunk = ev_getitem(I, rc, ev_int(-1));
        if (EV_IS_ERR(chunk))
            return chunk;
        int hy = flag_of(I, self, "break_on_hyphens");
        int64_t clen;
        if (hy < 0 || length(I, chunk, &clen))
            goto fail;
        if (hy && clen > space_left) {
            ev_value dash = str_of(I, "-");
            ev_value h = EV_IS_ERR(dash) ? dash : call_method(I, chunk, "rfind", 3,
                                                              (ev_value[]){dash, ev_int(0), ev_int(space_left)});
            ev_decref(I, dash);
            if (EV_IS_ERR(h))
                goto fail;
            int64_t hyphen = h.tag == EV_T_INT ? h.u.i : -1;
            ev_decref(I, h);
            if (hyphen > 0) {
                /* any(c != '-' for c in chunk[:hyphen]) */
                ev_value sl = ev_slice_new(I, EV_NONE, ev_int(hyphen), EV_NONE);
                ev_value head = EV_IS_ERR(sl) ? sl : ev_getitem(I, chunk, sl);
                ev_decref(I, sl);
                if (EV_IS_ERR(head))
                    goto fail;
                bool any = false;
                if (ev_is(head, EV_O_STR)) {
                    for (size_t k = 0; k < ev_as_str(head)->len; k++)
                        if (ev_as_str(head)->data[k] != '-')
                            any = true;
                }
                ev_decref(I, head);
                if (any)
                    end = hyphen + 1;
            }
        }
        ev_value s1 = ev_slice_new(I, EV_NONE, ev_int(end), EV_NONE);
        ev_value p1 = EV_IS_ERR(s1) ? s1 : ev_getitem(I, chunk, s1);
        ev_decref(I, s1);
        if (EV_IS_ERR(p1))
            goto fail;
        ev_value ap = call_method(I, line, "append", 1, &p1);
        ev_decref(I, p1);
        if (EV_IS_ERR(ap))
            goto fail;
        ev_decref(I, ap);
        ev_value s2 = ev_slice_new(I, ev_int(end), EV_NONE, EV_NONE);
        ev_value p2 = EV_IS_ERR(s2) ? s2 : ev_getitem(I, chunk, s2);
        ev_decref(I, s2);
        int r = EV_IS_ERR(p2) ? -1 : ev_setitem(I, rc, ev_int(-1), p2);
        ev_decref(I, p2);
        ev_decref(I, chunk);
        return r ? EV_ERR : EV_NONE;
    fail:
        ev_decref(I, chunk);
        return EV_ERR;
    }
    int64_t n;
    if (ev_len(I, line, &n))
        return EV_ERR;
    if (n == 0) {
        ev_value p = call_method(I, rc, "pop", 0, NULL);
        ev_value ap = EV_IS_ERR(p) ? p : call_method(I, line, "append", 1, &p);
        ev_decref(I, p);
        if (EV_IS_ERR(ap))
            return ap;
        ev_decref(I, ap);
    }
    return EV_NONE;
}

/* prefix + ''.join(parts) */
static ev_value line_of(ev_interp *I, ev_value indent, ev_value parts)
{
    ev_value body = join_with(I, "", parts);
    if (EV_IS_ERR(body))
        return body;
    ev_value r = ev_binary(I, EV_OP_ADD, indent, body);
    ev_decref(I, body);
    return r;
}

/* the last item of list l (new reference), or EV_ERR with IndexError */
static ev_value last_of(ev_interp *I, ev_value l)
{
    return ev_getitem(I, l, ev_int(-1));
}

static int del_last(ev_interp *I, ev_value l)
{
    return ev_delitem(I, l, ev_int(-1));
}

static const ev_us_sig wrap_chunks_sig = {"TextWrapper._wrap_chunks", {"chunks"}, 1, 0, false, false};

typedef struct wrap_cfg {
    ev_value initial, subsequent, placeholder, max_lines; /* owned */
    double width; /* self.width: an int, or a float CPython compares as well */
    bool fwidth;
} wrap_cfg;

US_FN(tw_wrap_chunks)
{
    BIND(wrap_chunks_sig, a);
    ev_value chunks = a[0];
    wrap_cfg c = {EV_ERR, EV_ERR, EV_ERR, EV_ERR, 0, false};
    ev_value lines = EV_ERR, cur = EV_ERR, indent = EV_ERR, r = EV_ERR;
    ev_value wv = attr(I, self, "width");
    if (EV_IS_ERR(wv))
        return wv;
    int le = ev_compare(I, wv, ev_int(0), 1);
    if (le) {
        if (le > 0) {
            ev_value rep = ev_repr(I, wv);
            if (!EV_IS_ERR(rep)) {
                ev_raise(I, &ev_type_ValueError, "invalid width %s (must be > 0)", ev_as_str(rep)->data);
                ev_decref(I, rep);
            }
        }
        ev_decref(I, wv);
        return EV_ERR;
    }
    int64_t iw = 0;
    c.fwidth = ev_is_floatish(wv);
    int bad = c.fwidth ? 0 : ev_index(I, wv, &iw, NULL);
    c.width = c.fwidth ? (wv.tag == EV_T_FLOAT ? wv.u.f : ev_float_unbox(wv).u.f) : (double)iw;
    ev_decref(I, wv);
    if (bad)
        return EV_ERR;
    c.initial = attr(I, self, "initial_indent");
    c.subsequent = EV_IS_ERR(c.initial) ? EV_ERR : attr(I, self, "subsequent_indent");
    c.placeholder = EV_IS_ERR(c.subsequent) ? EV_ERR : attr(I, self, "placeholder");
    c.max_lines = EV_IS_ERR(c.placeholder) ? EV_ERR : attr(I, self, "max_lines");
    if (EV_IS_ERR(c.max_lines))
        goto done;
    int64_t plen = 0;
    if (c.max_lines.tag != EV_T_NONE) {
        int gt = ev_compare(I, c.max_lines, ev_int(1), 4);
        if (gt < 0)
            goto done;
        ev_value ls = call_method(I, c.placeholder, "lstrip", 0, NULL);
        int64_t il, ll;
        int e = EV_IS_ERR(ls) || length(I, gt ? c.subsequent : c.initial, &il) || length(I, ls, &ll);
        ev_decref(I, ls);
        if (e)
            goto done;
        if ((double)(il + ll) > c.width) {
            ev_raise(I, &ev_type_ValueError, "placeholder too large for max width");
            goto done;
        }
    }
    /* len(self.placeholder) is read where the loop needs it: only with max_lines */
    if (c.max_lines.tag != EV_T_NONE && length(I, c.placeholder, &plen))
        goto done;
    ev_value rv = call_method(I, chunks, "reverse", 0, NULL);
    if (EV_IS_ERR(rv))
        goto done;
    ev_decref(I, rv);
    lines = ev_list_new(I, 0);
    if (EV_IS_ERR(lines))
        goto done;
    for (;;) {
        int64_t n;
        if (ev_len(I, chunks, &n))
            goto done;
        if (n == 0)
            break;
        if (ev_tick(I))
            goto done;
        ev_decref(I, cur);
        cur = ev_list_new(I, 0);
        if (EV_IS_ERR(cur))
            goto done;
        int64_t cur_len = 0, nlines = (int64_t)ev_as_list(lines)->len, ilen;
        ev_decref(I, indent);
        indent = ev_dup(nlines ? c.subsequent : c.initial);
        if (length(I, indent, &ilen))
            goto done;
        double width = c.width - (double)ilen;
        /* self.drop_whitespace is read at each test, as the def does */
        int drop = flag_of(I, self, "drop_whitespace");
        if (drop < 0)
            goto done;
        if (drop && nlines) {
            ev_value l = last_of(I, chunks);
            int b = EV_IS_ERR(l) ? -1 : blank(I, l);
            ev_decref(I, l);
            if (b < 0 || (b && del_last(I, chunks)))
                goto done;
        }
        for (;;) {
            if (ev_len(I, chunks, &n))
                goto done;
            if (n == 0)
                break;
            ev_value l = last_of(I, chunks);
            int64_t k;
            if (EV_IS_ERR(l) || length(I, l, &k)) {
                ev_decref(I, l);
                goto done;
            }
            ev_decref(I, l);
            if ((double)(cur_len + k) > width)
                break;
            ev_value p = call_method(I, chunks, "pop", 0, NULL);
            int e = EV_IS_ERR(p) || ev_list_append(I, ev_as_list(cur), p);
            ev_decref(I, p);
            if (e)
                goto done;
            cur_len += k;
        }
        if (ev_len(I, chunks, &n))
            goto done;
        if (n) {
            ev_value l = last_of(I, chunks);
            int64_t k;
            if (EV_IS_ERR(l) || length(I, l, &k)) {
                ev_decref(I, l);
                goto done;
            }
            ev_decref(I, l);
            if ((double)k > width) {
                ev_value wval = c.fwidth ? ev_float(width) : ev_int((int64_t)width);
                ev_value h = call_method(I, self, "_handle_long_word", 4,
                                         (ev_value[]){chunks, cur, ev_int(cur_len), wval});
                if (EV_IS_ERR(h))
                    goto done;
                ev_decref(I, h);
                cur_len = 0;
                for (size_t i = 0; i < ev_as_list(cur)->len; i++) {
                    ev_value item = ev_dup(ev_as_list(cur)->items[i]);
                    int e = length(I, item, &k);
                    ev_decref(I, item);
                    if (e)
                        goto done;
                    cur_len += k;
                }
            }
        }
        ev_list *L = ev_as_list(cur);
        drop = flag_of(I, self, "drop_whitespace");
        if (drop < 0)
            goto done;
        if (drop && L->len) {
            ev_value l = ev_dup(L->items[L->len - 1]);
            int b = blank(I, l);
            int64_t k = 0;
            if (b > 0 && length(I, l, &k))
                b = -1;
            ev_decref(I, l);
            if (b < 0)
                goto done;
            if (b) {
                cur_len -= k;
                if (del_last(I, cur))
                    goto done;
            }
        }
        if (ev_as_list(cur)->len == 0)
            continue;
        bool fits = c.max_lines.tag == EV_T_NONE;
        if (!fits) {
            int lt = ev_compare(I, ev_int(nlines + 1), c.max_lines, 0);
            if (lt < 0)
                goto done;
            fits = lt;
        }
        if (!fits) {
            /* (not chunks or drop and len(chunks) == 1 and not chunks[0].strip()) and cur_len <= width */
            if (ev_len(I, chunks, &n))
                goto done;
            bool rest_blank = n == 0;
            if (!rest_blank) {
                drop = flag_of(I, self, "drop_whitespace");
                if (drop < 0)
                    goto done;
            }
            if (!rest_blank && drop && n == 1) {
                ev_value only = ev_getitem(I, chunks, ev_int(0));
                int b = EV_IS_ERR(only) ? -1 : blank(I, only);
                ev_decref(I, only);
                if (b < 0)
                    goto done;
                rest_blank = b;
            }
            fits = rest_blank && (double)cur_len <= width;
        }
        if (fits) {
            ev_value line = line_of(I, indent, cur);
            int e = EV_IS_ERR(line) || ev_list_append(I, ev_as_list(lines), line);
            ev_decref(I, line);
            if (e)
                goto done;
            continue;
        }
        bool placed = false;
        while (ev_as_list(cur)->len) {
            L = ev_as_list(cur);
            ev_value l = ev_dup(L->items[L->len - 1]);
            int b = blank(I, l);
            int64_t k;
            int e = b < 0 || length(I, l, &k);
            ev_decref(I, l);
            if (e)
                goto done;
            if (!b && (double)(cur_len + plen) <= width) {
                ev_value line = ev_list_append(I, ev_as_list(cur), c.placeholder) ? EV_ERR : line_of(I, indent, cur);
                e = EV_IS_ERR(line) || ev_list_append(I, ev_as_list(lines), line);
                ev_decref(I, line);
                if (e)
                    goto done;
                placed = true;
                break;
            }
            cur_len -= k;
            if (del_last(I, cur))
                goto done;
        }
        if (!placed) {
            if (ev_as_list(lines)->len) {
                ev_value prev = last_of(I, lines);
                ev_value pr = EV_IS_ERR(prev) ? prev : call_method(I, prev, "rstrip", 0, NULL);
                ev_decref(I, prev);
                int64_t pl;
                if (EV_IS_ERR(pr) || length(I, pr, &pl)) {
                    ev_decref(I, pr);
                    goto done;
                }
                if ((double)(pl + plen) <= c.width) {
                    ev_value nl = ev_binary(I, EV_OP_ADD, pr, c.placeholder);
                    ev_decref(I, pr);
                    if (EV_IS_ERR(nl) || ev_setitem(I, lines, ev_int(-1), nl)) {
                        ev_decref(I, nl);
                        goto done;
                    }
                    ev_decref(I, nl);
                    break;
                }
                ev_decref(I, pr);
            }
            ev_value ls = call_method(I, c.placeholder, "lstrip", 0, NULL);
            ev_value line = EV_IS_ERR(ls) ? ls : ev_binary(I, EV_OP_ADD, indent, ls);
            ev_decref(I, ls);
            int e = EV_IS_ERR(line) || ev_list_append(I, ev_as_list(lines), line);
            ev_decref(I, line);
            if (e)
                goto done;
        }
        break;
    }
    r = ev_dup(lines);
done:
    ev_decref(I, c.initial);
    ev_decref(I, c.subsequent);
    ev_decref(I, c.placeholder);
    ev_decref(I, c.max_lines);
    ev_decref(I, lines);
    ev_decref(I, cur);
    ev_decref(I, indent);
    return r;
}

static const ev_us_sig split_chunks_sig = {"TextWrapper._split_chunks", {"text"}, 1, 0, false, false};

US_FN(tw_split_chunks)
{
    BIND(split_chunks_sig, a);
    ev_value t = call_method(I, self, "_munge_whitespace", 1, &a[0]);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = call_method(I, self, "_split", 1, &t);
    ev_decref(I, t);
    return r;
}

static const ev_us_sig wrap_sig = {"TextWrapper.wrap", {"text"}, 1, 0, false, false};
static const ev_us_sig fill_sig = {"TextWrapper.fill", {"text"}, 1, 0, false, false};

static ev_value do_wrap(ev_interp *I, ev_value self, ev_value text)
{
    ev_value chunks = call_method(I, self, "_split_chunks", 1, &text);
    if (EV_IS_ERR(chunks))
        return chunks;
    int t = flag_of(I, self, "fix_sentence_endings");
    if (t > 0) {
        ev_value r = call_method(I, self, "_fix_sentence_endings", 1, &chunks);
        t = EV_IS_ERR(r) ? -1 : 0;
        ev_decref(I, r);
    }
    ev_value lines = t < 0 ? EV_ERR : call_method(I, self, "_wrap_chunks", 1, &chunks);
    ev_decref(I, chunks);
    return lines;
}

US_FN(tw_wrap)
{
    BIND(wrap_sig, a);
    return do_wrap(I, self, a[0]);
}

US_FN(tw_fill)
{
    BIND(fill_sig, a);
    ev_value lines = call_method(I, self, "wrap", 1, &a[0]);
    if (EV_IS_ERR(lines))
        return lines;
    ev_value r = join_with(I, "\n", lines);
    ev_decref(I, lines);
    return r;
}

static const ev_us_method wrapper_methods[] = {
    EV_US_M("__init__", tw_init),
    EV_US_M("_munge_whitespace", tw_munge_whitespace),
    EV_US_M("_split", tw_split),
    EV_US_M("_fix_sentence_endings", tw_fix_sentence_endings),
    EV_US_M("_handle_long_word", tw_handle_long_word),
    EV_US_M("_wrap_chunks", tw_wrap_chunks),
    EV_US_M("_split_chunks", tw_split_chunks),
    EV_US_M("wrap", tw_wrap),
    EV_US_M("fill", tw_fill),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- the module functions ---------------------------------------------------------------------- */

/* a global of the textwrap module as its functions read it (new reference):
 * a program that rebinds textwrap.TextWrapper changes what wrap() makes,
 * as in CPython */
static ev_value global(ev_interp *I, const char *name)
{
    ev_str *mn = name_of(I, "textwrap"), *k = name_of(I, name);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    ev_value *v = m && ev_is(*m, EV_O_MODULE) && k ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    if (!v)
        return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name);
    return ev_dup(*v);
}

/* TextWrapper(width=width, [max_lines=1,] **kwargs) */
static ev_value make_wrapper(ev_interp *I, const char *fn, ev_value width, bool shorten, const ev_kw *kw)
{
    int nk = EV_KW_N(kw);
    ev_str **names = ev_alloc(I, (size_t)(nk + 2) * sizeof *names);
    ev_value *vals = ev_alloc(I, (size_t)(nk + 2) * sizeof *vals);
    ev_value r = EV_ERR;
    if (!names || !vals) {
        ev_raise_nomem(I);
        goto done;
    }
    int n = 0;
    names[n] = name_of(I, "width");
    vals[n++] = width;
    if (shorten) {
        names[n] = name_of(I, "max_lines");
        vals[n++] = ev_int(1);
    }
    for (int k = 0; k < nk; k++) {
        for (int j = 0; j < n; j++)
            if (names[j] == kw->names[k] || (names[j] && strcmp(names[j]->data, kw->names[k]->data) == 0)) {
                r = ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'", fn,
                             kw->names[k]->data);
                if (shorten && strcmp(kw->names[k]->data, "max_lines") == 0) {
                    ev_decref(I, I->exc);
                    I->exc = EV_NONE;
                    r = ev_raise(I, &ev_type_TypeError,
                                 "textwrap.TextWrapper() got multiple values for keyword argument 'max_lines'");
                }
                goto done;
            }
        names[n] = kw->names[k];
        vals[n++] = kw->vals[k];
    }
    for (int j = 0; j < n; j++)
        if (!names[j])
            goto done;
    ev_value cls = global(I, "TextWrapper");
    if (EV_IS_ERR(cls))
        goto done;
    r = ev_call(I, cls, 0, NULL, n, names, vals);
    ev_decref(I, cls);
done:
    ev_dealloc(I, names);
    ev_dealloc(I, vals);
    return r;
}

/* (text, width[=70]) positional or by keyword; the rest are the wrapper's */
static int text_width(ev_interp *I, const char *fn, int argc, const ev_value *argv, const ev_kw *kw, bool need_width,
                      ev_value *text, ev_value *width, ev_kw *rest, ev_str **rn, ev_value *rv)
{
    /* (text, width, **kwargs) as shorten's def, (text, width=70, **kwargs) as wrap's and fill's */
    ev_defsig sig = {fn, {"text", "width"}, need_width ? 2 : 1, .varkw = true, .func = true};
    ev_value a[EV_DEF_MAXP];
    if (ev_def_bind(I, &sig, argc, argv, kw, a))
        return -1;
    *text = a[0];
    *width = a[1];
    int n = 0;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        const char *kn = kw->names[k]->data;
        if (strcmp(kn, "text") != 0 && strcmp(kn, "width") != 0) {
            rn[n] = kw->names[k];
            rv[n++] = kw->vals[k];
        }
    }
    if (EV_IS_ERR(*width))
        *width = ev_int(70);
    rest->n = n;
    rest->names = rn;
    rest->vals = rv;
    return 0;
}

static ev_value wrap_or_fill(ev_interp *I, const char *fn, int argc, const ev_value *argv, const ev_kw *kw,
                             const char *method)
{
    int nk = EV_KW_N(kw);
    ev_str **rn = ev_alloc(I, (size_t)(nk + 1) * sizeof *rn);
    ev_value *rv = ev_alloc(I, (size_t)(nk + 1) * sizeof *rv);
    ev_value r = EV_ERR, text, width;
    ev_kw rest;
    if (!rn || !rv) {
        ev_raise_nomem(I);
    } else if (!text_width(I, fn, argc, argv, kw, false, &text, &width, &rest, rn, rv)) {
        ev_value w = make_wrapper(I, fn, width, false, rest.n ? &rest : NULL);
        if (!EV_IS_ERR(w)) {
            r = call_method(I, w, method, 1, &text);
            ev_decref(I, w);
        }
    }
    ev_dealloc(I, rn);
    ev_dealloc(I, rv);
    return r;
}

static ev_value tw_wrap_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return wrap_or_fill(I, "wrap", argc, argv, kw, "wrap");
}

static ev_value tw_fill_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return wrap_or_fill(I, "fill", argc, argv, kw, "fill");
}

/* shorten(text, width, **kwargs): one line of the collapsed text */
static ev_value tw_shorten_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    int nk = EV_KW_N(kw);
    ev_str **rn = ev_alloc(I, (size_t)(nk + 1) * sizeof *rn);
    ev_value *rv = ev_alloc(I, (size_t)(nk + 1) * sizeof *rv);
    ev_value r = EV_ERR, text, width;
    ev_kw rest;
    if (!rn || !rv) {
        ev_raise_nomem(I);
    } else if (!text_width(I, "shorten", argc, argv, kw, true, &text, &width, &rest, rn, rv)) {
        ev_value w = make_wrapper(I, "shorten", width, true, rest.n ? &rest : NULL);
        if (!EV_IS_ERR(w)) {
            ev_value st = call_method(I, text, "strip", 0, NULL);
            ev_value words = EV_IS_ERR(st) ? st : call_method(I, st, "split", 0, NULL);
            ev_decref(I, st);
            ev_value joined = EV_IS_ERR(words) ? words : join_with(I, " ", words);
            ev_decref(I, words);
            if (!EV_IS_ERR(joined)) {
                r = call_method(I, w, "fill", 1, &joined);
                ev_decref(I, joined);
            }
            ev_decref(I, w);
        }
    }
    ev_dealloc(I, rn);
    ev_dealloc(I, rv);
    return r;
}

/* dedent(text): the common leading whitespace removed from every line */
static ev_value tw_dedent_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig sig = {"dedent", {"text"}, 1, .func = true};
    ev_value a[EV_DEF_MAXP];
    if (ev_def_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value wre = global(I, "_whitespace_only_re"), lre = EV_ERR, text = EV_ERR, indents = EV_ERR;
    ev_value margin = EV_NONE, r = EV_ERR, empty = ev_str_new(I, "", 0);
    if (EV_IS_ERR(wre) || EV_IS_ERR(empty))
        goto done;
    lre = global(I, "_leading_whitespace_re");
    if (EV_IS_ERR(lre))
        goto done;
    text = call_method(I, wre, "sub", 2, (ev_value[]){empty, a[0]});
    if (EV_IS_ERR(text))
        goto done;
    indents = call_method(I, lre, "findall", 1, &text);
    if (EV_IS_ERR(indents) || !ev_is(indents, EV_O_LIST))
        goto done;
    for (size_t i = 0; i < ev_as_list(indents)->len; i++) {
        ev_value ind = ev_as_list(indents)->items[i];
        if (!ev_is(ind, EV_O_STR))
            continue;
        if (margin.tag == EV_T_NONE) {
            margin = ev_dup(ind);
            continue;
        }
        const ev_str *m = ev_as_str(margin), *d = ev_as_str(ind);
        if (d->len >= m->len && memcmp(d->data, m->data, m->len) == 0)
            continue; /* indent.startswith(margin) */
        if (m->len >= d->len && memcmp(m->data, d->data, d->len) == 0) {
            ev_decref(I, margin);
            margin = ev_dup(ind);
            continue;
        }
        /* the common prefix (spaces and tabs: one byte each) */
        size_t k = 0;
        while (k < m->len && k < d->len && m->data[k] == d->data[k])
            k++;
        ev_value cut = ev_str_new(I, m->data, k);
        if (EV_IS_ERR(cut))
            goto done;
        ev_decref(I, margin);
        margin = cut;
    }
    if (margin.tag != EV_T_NONE && ev_as_str(margin)->len) {
        ev_buf b = {0};
        if (ev_buf_puts(I, &b, "(?m)^") || ev_buf_put(I, &b, ev_as_str(margin)->data, ev_as_str(margin)->len)) {
            ev_buf_free(I, &b);
            goto done;
        }
        ev_value pat = ev_buf_to_str(I, &b);
        ev_value re = EV_IS_ERR(pat) ? pat : re_module(I);
        r = EV_IS_ERR(re) ? re : call_method(I, re, "sub", 3, (ev_value[]){pat, empty, text});
        ev_decref(I, re);
        ev_decref(I, pat);
    } else {
        r = ev_dup(text);
    }
done:
    ev_decref(I, wre);
    ev_decref(I, lre);
    ev_decref(I, text);
    ev_decref(I, indents);
    ev_decref(I, margin);
    ev_decref(I, empty);
    return r;
}

/* indent(text, prefix, predicate=None) */
static ev_value tw_indent_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig sig = {"indent", {"text", "prefix", "predicate"}, 2, .func = true};
    ev_value a[EV_DEF_MAXP];
    if (ev_def_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value pred = EV_IS_ERR(a[2]) ? EV_NONE : a[2];
    ev_value lines = call_method(I, a[0], "splitlines", 1, (ev_value[]){EV_TRUE});
    if (EV_IS_ERR(lines))
        return lines;
    ev_value it = ev_iter(I, lines), out = ev_list_new(I, 0), r = EV_ERR;
    ev_decref(I, lines);
    if (EV_IS_ERR(it) || EV_IS_ERR(out))
        goto done;
    for (;;) {
        ev_value line;
        int got = ev_next(I, it, &line);
        if (got < 0)
            goto done;
        if (got == 0)
            break;
        ev_value t = pred.tag == EV_T_NONE ? call_method(I, line, "strip", 0, NULL)
                                           : ev_call(I, pred, 1, &line, 0, NULL, NULL);
        int yes = EV_IS_ERR(t) ? -1 : ev_truth(I, t);
        ev_decref(I, t);
        ev_value piece = yes < 0 ? EV_ERR : yes ? ev_binary(I, EV_OP_ADD, a[1], line) : ev_dup(line);
        ev_decref(I, line);
        int e = EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(out), piece);
        ev_decref(I, piece);
        if (e)
            goto done;
    }
    r = join_with(I, "", out);
done:
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    return r;
}

/* ---- the module -------------------------------------------------------------------------------- */

static const ev_builtin_def functions[] = {
    {"wrap", tw_wrap_fn, 0, -1, EV_BF_KWANY},
    {"fill", tw_fill_fn, 0, -1, EV_BF_KWANY},
    {"shorten", tw_shorten_fn, 0, -1, EV_BF_KWANY},
    {"dedent", tw_dedent_fn, 0, -1, EV_BF_KWANY},
    {"indent", tw_indent_fn, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

static int set_class_attr(ev_interp *I, ev_type *t, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = name_of(I, name);
    int r = k ? ev_dict_set_str(I, t->dict, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

static int set_ns(ev_interp *I, ev_dict *ns, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int r = ev_module_set(I, ns, name, v_steal);
    ev_decref(I, v_steal);
    return r;
}

/* textwrap.py's class attributes: the whitespace translation table and the
 * three chunking patterns, built from the same pieces */
static int init(ev_interp *I, ev_dict *ns)
{
    ev_value cls;
    if (ev_us_class(I, ns, "TextWrapper", "textwrap", "TextWrapper",
                    "\n    Object for wrapping/filling text.  The public interface consists of\n"
                    "    the wrap() and fill() methods; the other methods are just there for\n"
                    "    subclasses to override in order to tweak the default behaviour.\n"
                    "    If you want to completely replace the main wrapping algorithm,\n"
                    "    you'll probably have to override _wrap_chunks().\n",
                    NULL, wrapper_methods, &cls))
        return -1;
    ev_type *t = (ev_type *)cls.u.o;
    ev_value trans = ev_dict_new(I);
    if (EV_IS_ERR(trans))
        return -1;
    for (const char *p = WS; *p; p++)
        if (ev_dict_set(I, ev_as_dict(trans), ev_int((unsigned char)*p), ev_int(' '))) {
            ev_decref(I, trans);
            return -1;
        }
    if (set_class_attr(I, t, "unicode_whitespace_trans", trans))
        return -1;
    /* re.escape(_whitespace): each whitespace character backslashed */
    const char *ws = "[\\\t\\\n\\\x0b\\\x0c\\\r\\ ]";
    const char *nws = "[^\\\t\\\n\\\x0b\\\x0c\\\r\\ ]";
    const char *wp = "[\\w!\"\\'&.,?]", *lt = "[^\\d\\W]";
    ev_buf b = {0};
    if (ev_buf_printf(I, &b,
                      "\n        ( # any whitespace\n"
                      "          %s+\n"
                      "        | # em-dash between words\n"
                      "          (?<=%s) -{2,} (?=\\w)\n"
                      "        | # word, possibly hyphenated\n"
                      "          %s+? (?:\n"
                      "            # hyphenated word\n"
                      "              -(?: (?<=%s{2}-) | (?<=%s-%s-))\n"
                      "              (?= %s -? %s)\n"
                      "            | # end of word\n"
                      "              (?=%s|\\Z)\n"
                      "            | # em-dash\n"
                      "              (?<=%s) (?=-{2,}\\w)\n"
                      "            )\n"
                      "        )",
                      ws, wp, nws, lt, lt, lt, lt, lt, ws, wp)) {
        ev_buf_free(I, &b);
        return -1;
    }
    ev_value pat = ev_buf_to_str(I, &b);
    if (EV_IS_ERR(pat))
        return -1;
    ev_value wordsep = re_compile(I, ev_as_str(pat)->data, "VERBOSE");
    ev_decref(I, pat);
    char simple[64];
    snprintf(simple, sizeof simple, "(%s+)", ws);
    if (set_class_attr(I, t, "wordsep_re", wordsep) ||
        set_class_attr(I, t, "wordsep_simple_re", re_compile(I, simple, NULL)) ||
        set_class_attr(I, t, "sentence_end_re", re_compile(I, "[a-z][\\.\\!\\?][\\\"\\']?\\Z", NULL)))
        return -1;
    I->class_version++;
    return set_ns(I, ns, "_whitespace", ev_str_from_cstr(I, WS)) ||
                   set_ns(I, ns, "_whitespace_only_re", re_compile(I, "^[ \t]+$", "MULTILINE")) ||
                   set_ns(I, ns, "_leading_whitespace_re", re_compile(I, "(^[ \t]*)(?:[^ \t\n])", "MULTILINE"))
               ? -1
               : 0;
}

static const char *const all[] = {"TextWrapper", "wrap", "fill", "dedent", "indent", "shorten", NULL};

const ev_module_def ev_module_textwrap = {"textwrap", functions, init, all};
