/*
 * modules.c - the master table of importable modules and `import` itself.
 */
#include <string.h>

#include "evaluator/modules/modules.h"

extern const ev_module_def ev_module_array;
extern const ev_module_def ev_module_abc;
extern const ev_module_def ev_module_asyncio;
extern const ev_module_def ev_module_base64;
extern const ev_module_def ev_module_binascii;
extern const ev_module_def ev_module_bisect;
extern const ev_module_def ev_module_calendar;
extern const ev_module_def ev_module_cmath;
extern const ev_module_def ev_module_collections;
extern const ev_module_def ev_module_collections_abc;
extern const ev_module_def ev_module_contextlib;
extern const ev_module_def ev_module_copy;
extern const ev_module_def ev_module_csv;
extern const ev_module_def ev_module_dataclasses;
extern const ev_module_def ev_module_datetime;
extern const ev_module_def ev_module_difflib;
extern const ev_module_def ev_module_decimal;
extern const ev_module_def ev_module_enum;
extern const ev_module_def ev_module_fnmatch;
extern const ev_module_def ev_module_fractions;
extern const ev_module_def ev_module_functools;
extern const ev_module_def ev_module_hashlib;
extern const ev_module_def ev_module_heapq;
extern const ev_module_def ev_module_hmac;
extern const ev_module_def ev_module_html;
extern const ev_module_def ev_module_io;
extern const ev_module_def ev_module_itertools;
extern const ev_module_def ev_module_json;
extern const ev_module_def ev_module_json_decoder;
extern const ev_module_def ev_module_json_encoder;
extern const ev_module_def ev_module_math;
extern const ev_module_def ev_module_numbers;
extern const ev_module_def ev_module_operator;
extern const ev_module_def ev_module_pprint;
extern const ev_module_def ev_module_queue;
extern const ev_module_def ev_module_random;
extern const ev_module_def ev_module_re;
extern const ev_module_def ev_module_stat;
extern const ev_module_def ev_module_statistics;
extern const ev_module_def ev_module_string;
extern const ev_module_def ev_module_struct;
extern const ev_module_def ev_module_textwrap;
extern const ev_module_def ev_module_time;
extern const ev_module_def ev_module_typing;
extern const ev_module_def ev_module_unicodedata;
extern const ev_module_def ev_module_zlib;

const ev_module_def *const ev_module_table[] = {
    &ev_module_array,
    &ev_module_abc,
    &ev_module_asyncio,
    &ev_module_base64,
    &ev_module_binascii,
    &ev_module_bisect,
    &ev_module_calendar,
    &ev_module_cmath,
    &ev_module_collections,
    &ev_module_collections_abc,
    &ev_module_contextlib,
    &ev_module_copy,
    &ev_module_csv,
    &ev_module_dataclasses,
    &ev_module_datetime,
    &ev_module_difflib,
    &ev_module_decimal,
    &ev_module_enum,
    &ev_module_fnmatch,
    &ev_module_fractions,
    &ev_module_functools,
    &ev_module_hashlib,
    &ev_module_heapq,
    &ev_module_hmac,
    &ev_module_html,
    &ev_module_io,
    &ev_module_itertools,
    &ev_module_json,
    &ev_module_json_decoder,
    &ev_module_json_encoder,
    &ev_module_math,
    &ev_module_numbers,
    &ev_module_operator,
    &ev_module_pprint,
    &ev_module_queue,
    &ev_module_random,
    &ev_module_re,
    &ev_module_stat,
    &ev_module_statistics,
    &ev_module_string,
    &ev_module_struct,
    &ev_module_textwrap,
    &ev_module_time,
    &ev_module_typing,
    &ev_module_unicodedata,
    &ev_module_zlib,
    NULL,
};
/* ev_interp's modules_allowed is a 64-bit mask indexed by this table */
_Static_assert(sizeof ev_module_table / sizeof ev_module_table[0] <= 65, "more than 64 modules: widen modules_allowed");

int ev_module_allow(ev_interp *I, const char *name)
{
    int r = -1;
    size_t n = strlen(name);
    for (size_t i = 0; ev_module_table[i] && i < 64; i++) {
        const char *t = ev_module_table[i]->name;
        if (strcmp(t, name) == 0) {
            I->modules_allowed |= (uint64_t)1 << i;
            r = 0;
        } else if (strncmp(t, name, n) == 0 && t[n] == '.' && strcmp(name, "collections") != 0) {
            /* a package's own submodules come with it (json.decoder with
             * json, as `import json` imports them in CPython); collections.abc
             * stays an entry of the policy of its own */
            I->modules_allowed |= (uint64_t)1 << i;
        }
    }
    return r;
}

bool ev_module_implemented(const char *name)
{
    for (const ev_module_def *const *m = ev_module_table; *m; m++)
        if (strcmp((*m)->name, name) == 0)
            return true;
    return false;
}

int ev_module_set(ev_interp *I, ev_dict *ns, const char *name, ev_value v)
{
    ev_str *key = ev_intern(I, name, strlen(name));
    if (!key)
        return -1;
    return ev_dict_set_str(I, ns, key, v);
}

static ev_value module_new(ev_interp *I, const ev_module_def *def)
{
    ev_module *m = ev_alloc(I, sizeof *m);
    if (!m)
        return ev_raise_nomem(I);
    m->h.refcnt = 1;
    m->h.kind = EV_O_MODULE;
    m->h.flags = 0;
    m->def = def;
    ev_value ns = ev_dict_new(I);
    if (EV_IS_ERR(ns)) {
        ev_dealloc(I, m);
        return ns;
    }
    m->ns = ev_as_dict(ns);
    ev_value mv = ev_obj_val(&m->h);
    for (const ev_builtin_def *f = def->functions; f && f->name; f++) {
        ev_value fn = ev_builtin_new(I, f, EV_NONE);
        if (!EV_IS_ERR(fn) && !(f->flags & EV_BF_CTOR))
            ((ev_builtin *)fn.u.o)->owner = def->name;
        if (EV_IS_ERR(fn) || ev_module_set(I, m->ns, f->name, fn)) {
            if (!EV_IS_ERR(fn))
                ev_decref(I, fn);
            ev_decref(I, mv);
            return EV_ERR;
        }
        ev_decref(I, fn);
    }
    if (def->all) {
        size_t n = 0;
        while (def->all[n])
            n++;
        ev_value all = ev_list_new(I, 0);
        for (size_t i = 0; i < n && !EV_IS_ERR(all); i++) {
            ev_value s = ev_str_from_cstr(I, def->all[i]);
            if (EV_IS_ERR(s) || ev_list_append(I, ev_as_list(all), s)) {
                if (!EV_IS_ERR(s))
                    ev_decref(I, s);
                ev_decref(I, all);
                all = EV_ERR;
                break;
            }
            ev_decref(I, s);
        }
        int e = EV_IS_ERR(all) || ev_module_set(I, m->ns, "__all__", all);
        if (!EV_IS_ERR(all))
            ev_decref(I, all);
        if (e) {
            ev_decref(I, mv);
            return EV_ERR;
        }
    }
    /* in the session's modules while its init runs, as CPython's
     * sys.modules entry is while a module executes: an init that makes
     * objects of its own classes finds them there (typing) */
    ev_str *key = ev_intern(I, def->name, strlen(def->name));
    if (!key || ev_dict_set_str(I, I->modules, key, mv)) {
        ev_decref(I, mv);
        return EV_ERR;
    }
    if (def->init && def->init(I, m->ns)) {
        int gone = ev_dict_del(I, I->modules, ev_obj_val(&key->h)); /* a str key: it cannot fail */
        (void)gone;
        ev_decref(I, mv);
        return EV_ERR;
    }
    return mv;
}

static ev_value import_one(ev_interp *I, ev_str *name, bool parent)
{
    ev_value *cached = ev_dict_lookup_str(I->modules, name);
    if (cached)
        return ev_dup(*cached);
    const char *dot = strchr(name->data, '.');
    if (dot && parent) {
        /* a.b: the package a first, as CPython's import does; its init may
         * import a.b itself (collections binds its attribute abc) */
        ev_str *top = ev_intern(I, name->data, (size_t)(dot - name->data));
        ev_value pkg = top ? ev_import(I, top) : EV_ERR;
        if (EV_IS_ERR(pkg))
            return pkg;
        ev_decref(I, pkg);
        if ((cached = ev_dict_lookup_str(I->modules, name)))
            return ev_dup(*cached);
    }
    /* the embedder's modules (tools, tools.github) are its grant: importable
     * whatever the allowlist says */
    ev_value hm;
    int h = ev_host_import(I, name, &hm);
    if (h)
        return h > 0 ? hm : EV_ERR;
    /* a module the operator did not allow does not exist for the program
     * (the rules refuse its import first; this is the second wall) */
    const ev_module_def *def = NULL;
    for (size_t i = 0; ev_module_table[i]; i++)
        if (strcmp(ev_module_table[i]->name, name->data) == 0 && (I->modules_allowed >> i & 1))
            def = ev_module_table[i];
    if (!def) {
        for (const char *const *n = ev_module_names(); *n; n++)
            if (strcmp(*n, name->data) == 0)
                return ev_raise(I, &ev_type_ImportError,
                                "module '%s' is not available in safepy yet; write the code "
                                "without it", name->data);
        /* CPython's words: an import the analyzer let through sits in a
         * try that catches it (an optional import); no other module exists */
        ev_value r = ev_raise(I, &ev_type_ModuleNotFoundError, "No module named '%s'", name->data);
        if (ev_is(I->exc, EV_O_EXC)) { /* its .name, as CPython's import sets it */
            ev_exc *e = (ev_exc *)I->exc.u.o;
            ev_value d = e->dict ? EV_NONE : ev_dict_new(I);
            if (EV_IS_ERR(d))
                return EV_ERR;
            if (!e->dict)
                e->dict = ev_as_dict(d);
            ev_str *k = ev_intern(I, "name", 4);
            if (!k || ev_dict_set_str(I, e->dict, k, ev_obj_val(&name->h)))
                return EV_ERR;
        }
        return r;
    }
    ev_value m = module_new(I, def);
    if (EV_IS_ERR(m))
        return m;
    if (ev_dict_set_str(I, I->modules, name, m)) {
        ev_decref(I, m);
        return EV_ERR;
    }
    return m;
}

ev_value ev_import(ev_interp *I, ev_str *name)
{
    return import_one(I, name, true);
}

ev_value ev_import_submodule(ev_interp *I, const char *name)
{
    ev_str *s = ev_intern(I, name, strlen(name));
    return s ? import_one(I, s, false) : EV_ERR;
}
