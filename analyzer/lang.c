/* lang.c - node type and field names to tree-sitter ids.
 *
 * ts_language_symbol_for_name compares the name with every symbol of the
 * grammar, thousands of instructions a name, and the analyzer asks for
 * some seventy names at startup and again on every parse.  One pass over
 * the grammar (about 300 names, once a process) builds a hash table that
 * answers the same as tree-sitter does for a name only one visible symbol
 * of that kind has.  A name the table cannot vouch for (several symbols,
 * hidden symbols such as supertypes, or no such name) is asked of
 * tree-sitter. */
#include <pthread.h>
#include <string.h>

#include "analyzer/an_int.h"

#define TABLE_SIZE 1024 /* a power of two, over twice the names of the grammar */

typedef struct entry {
    const char *name; /* the grammar's own string */
    uint16_t len;
    uint8_t kind;     /* 0 empty, 1 anonymous symbol, 2 named symbol, 3 field */
    bool ask;         /* an earlier hidden symbol has this name: ask tree-sitter */
    uint16_t id;
} entry;

static entry table[TABLE_SIZE];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static uint32_t hash(const char *name, size_t len, uint8_t kind)
{
    uint32_t h = 2166136261u ^ kind;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h;
}

/* The entry for name/kind: found, or the empty slot where it belongs
 * (NULL if the table is full). */
static entry *slot(const char *name, size_t len, uint8_t kind)
{
    uint32_t h = hash(name, len, kind);
    for (uint32_t k = 0; k < TABLE_SIZE; k++) {
        entry *e = &table[(h + k) & (TABLE_SIZE - 1)];
        if (e->kind == 0 || (e->kind == kind && e->len == len && memcmp(e->name, name, len) == 0))
            return e;
    }
    return NULL;
}

static void put(const char *name, uint8_t kind, uint16_t id, bool ask)
{
    size_t len = strlen(name);
    entry *e = len <= UINT16_MAX ? slot(name, len, kind) : NULL;
    if (!e)
        return;
    if (e->kind != 0) {
        /* a second symbol of that name and kind: tree-sitter answers with
         * the grammar's "public" one of them, which its API does not show */
        e->ask = true;
        return;
    }
    *e = (entry){.name = name, .len = (uint16_t)len, .kind = kind, .ask = ask, .id = id};
}

static void build(void)
{
    const TSLanguage *lang = tree_sitter_python();
    uint32_t n = ts_language_symbol_count(lang);
    for (uint32_t i = 0; i < n && i <= UINT16_MAX; i++) {
        const char *name = ts_language_symbol_name(lang, (TSSymbol)i);
        if (!name)
            continue;
        switch (ts_language_symbol_type(lang, (TSSymbol)i)) {
        case TSSymbolTypeRegular:
            put(name, 2, (uint16_t)i, false);
            break;
        case TSSymbolTypeAnonymous:
            put(name, 1, (uint16_t)i, false);
            break;
        default:
            /* hidden: tree-sitter finds it by name only if it is a
             * supertype, which the API does not tell; either way the
             * name is not this table's to answer */
            put(name, 1, 0, true);
            put(name, 2, 0, true);
            break;
        }
    }
    uint32_t nf = ts_language_field_count(lang);
    for (uint32_t f = 1; f <= nf && f <= UINT16_MAX; f++) {
        const char *name = ts_language_field_name_for_id(lang, (TSFieldId)f);
        if (name)
            put(name, 3, (uint16_t)f, false);
    }
}

static const entry *find(const char *name, size_t len, uint8_t kind)
{
    pthread_once(&once, build);
    const entry *e = len <= UINT16_MAX ? slot(name, len, kind) : NULL;
    return e && e->kind != 0 && !e->ask ? e : NULL;
}

TSSymbol an_symbol(const char *name, size_t len, bool named)
{
    const entry *e = find(name, len, named ? 2 : 1);
    return e ? e->id : ts_language_symbol_for_name(tree_sitter_python(), name, (uint32_t)len, named);
}

TSFieldId an_field(const char *name, size_t len)
{
    const entry *e = find(name, len, 3);
    return e ? e->id : ts_language_field_id_for_name(tree_sitter_python(), name, (uint32_t)len);
}
