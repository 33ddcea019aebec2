/*
 * gen_ucd.c - build-time generator of the Unicode tables in ucd_names.c.
 *
 * Not part of the binary: the Makefile compiles and runs it on Debian's
 * unicode-data files (Unicode 15.0) and drops every character whose Age is
 * above 14.0, so the tables match CPython 3.11's unicodedata (14.0.0).
 *
 *   gen_ucd UnicodeData.txt DerivedAge.txt NameAliases.txt NamedSequences.txt
 *           EastAsianWidth.txt Unihan_NumericValues.txt > ucd_names.c
 *
 * Names are stored as a phrasebook: every name is split into words at ' '
 * and '-', the words go into a lexicon ordered by frequency, and each name
 * becomes a short byte string of word numbers (one byte for the commonest
 * words, two for the rest).  Decoding is checked against the source for
 * every name before anything is written.  See ucd.c for the reader.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCP 0x110000
#define MAXNAME 128
#define MAXENT 60000
#define MAXWORDS 32768
#define STEP 16 /* a phrase offset is stored every STEP entries */

/* Token bytes: 0 ends a name, 1 is '-', 2 is an explicit ' ', then
 * ONE_N one-byte words, then two-byte words (first byte >= TWO0). */
enum { T_END = 0, T_HYPHEN = 1, T_SPACE = 2, T_WORD0 = 3, ONE_N = 189, TWO0 = T_WORD0 + ONE_N };

static uint8_t age_ok[NCP];    /* 1: assigned in 14.0 or earlier (by DerivedAge) */
static uint8_t age_new[NCP];   /* 1: assigned after 14.0 */
static uint8_t assigned[NCP];  /* in UnicodeData.txt and age_ok */
static uint8_t eaw[NCP];       /* F H W Na A N = 0..5 */

typedef struct entry {
    uint32_t cp;     /* code point, or for sequences the sequence number */
    char *name;
} entry;

static entry names[MAXENT], aliases[2000], seqs[1000];
static size_t nnames, naliases, nseqs;
static uint32_t seq_cps[1000][4];
static uint8_t seq_len[1000];

typedef struct numeric {
    uint32_t cp;
    int dec, dig;
    long long num, den;
} numeric;
static numeric nums[4000];
static size_t nnums;

typedef struct word {
    char *s;
    long count;
    int id;
} word;
static word words[MAXWORDS];
static size_t nwords;

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "gen_ucd: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(1);
}

static char *xstrdup(const char *s)
{
    char *d = strdup(s);
    if (!d)
        die("out of memory", NULL);
    return d;
}

static FILE *xopen(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open", path);
    return f;
}

/* Splits line at ';' into at most max fields (trimmed); returns the count. */
static int split(char *line, char **f, int max)
{
    int n = 0;
    char *p = line;
    char *hash = strchr(line, '#');
    if (hash)
        *hash = 0;
    while (n < max) {
        char *e = strchr(p, ';');
        if (e)
            *e = 0;
        while (isspace((unsigned char)*p))
            p++;
        char *t = p + strlen(p);
        while (t > p && isspace((unsigned char)t[-1]))
            *--t = 0;
        f[n++] = p;
        if (!e)
            break;
        p = e + 1;
    }
    return n;
}

static void range(const char *s, uint32_t *lo, uint32_t *hi)
{
    char *end;
    *lo = *hi = (uint32_t)strtoul(s, &end, 16);
    if (end[0] == '.' && end[1] == '.')
        *hi = (uint32_t)strtoul(end + 2, &end, 16);
    if (*hi >= NCP || *lo > *hi)
        die("bad range", s);
}

static void read_age(const char *path)
{
    FILE *f = xopen(path);
    char line[1024], *fl[4];
    while (fgets(line, sizeof line, f)) {
        if (split(line, fl, 4) < 2 || !fl[0][0])
            continue;
        uint32_t lo, hi;
        range(fl[0], &lo, &hi);
        int major = atoi(fl[1]), minor = strchr(fl[1], '.') ? atoi(strchr(fl[1], '.') + 1) : 0;
        int ok = major < 14 || (major == 14 && minor == 0);
        for (uint32_t c = lo; c <= hi; c++) {
            age_ok[c] = (uint8_t)ok;
            age_new[c] = (uint8_t)!ok;
        }
    }
    fclose(f);
}

static void add_numeric(uint32_t cp, int dec, int dig, const char *num)
{
    if (nnums >= sizeof nums / sizeof nums[0])
        die("too many numeric values", NULL);
    numeric *n = &nums[nnums++];
    n->cp = cp;
    n->dec = dec;
    n->dig = dig;
    n->num = strtoll(num, NULL, 10);
    const char *slash = strchr(num, '/');
    n->den = slash ? strtoll(slash + 1, NULL, 10) : 1;
}

static int is_cjk_range(const char *n)
{
    return strncmp(n, "<CJK Ideograph", 14) == 0;
}

static uint32_t cjk[64][2];
static size_t ncjk;

static void read_unicodedata(const char *path)
{
    FILE *f = xopen(path);
    char line[1024], *fl[15];
    uint32_t first = 0;
    while (fgets(line, sizeof line, f)) {
        if (split(line, fl, 15) < 15)
            continue;
        uint32_t cp, hi;
        range(fl[0], &cp, &hi);
        const char *n = fl[1];
        size_t len = strlen(n);
        if (n[0] == '<' && len > 8 && strcmp(n + len - 8, ", First>") == 0) {
            first = cp;
            continue;
        }
        uint32_t lo = cp;
        if (n[0] == '<' && len > 7 && strcmp(n + len - 7, ", Last>") == 0)
            lo = first;
        for (uint32_t c = lo; c <= cp; c++) {
            if (!age_ok[c])
                continue;
            assigned[c] = 1;
            if (is_cjk_range(n)) {
                if (ncjk && cjk[ncjk - 1][1] + 1 == c && cjk[ncjk - 1][1] >= lo) {
                    cjk[ncjk - 1][1] = c;
                } else {
                    if (ncjk >= 64)
                        die("too many CJK ranges", NULL);
                    cjk[ncjk][0] = cjk[ncjk][1] = c;
                    ncjk++;
                }
            }
            if (fl[8][0])
                add_numeric(c, fl[6][0] ? atoi(fl[6]) : -1, fl[7][0] ? atoi(fl[7]) : -1, fl[8]);
        }
        if (n[0] == '<' || !age_ok[cp])
            continue;
        if (nnames >= MAXENT)
            die("too many names", NULL);
        if (len >= MAXNAME)
            die("name too long", n);
        names[nnames].cp = cp;
        names[nnames].name = xstrdup(n);
        nnames++;
    }
    fclose(f);
}

/* Aliases that NameAliases.txt gained in Unicode 15.0 for older characters
 * (the file has no ages): CPython 3.11 does not know them. */
static const char *const aliases_15[] = {
    "EM", "ARABIC SMALL HIGH LIGATURE ALEF WITH YEH BARREE", "SUNDANESE LETTER ARCHAIC I"};

static int is_alias_15(const char *name)
{
    for (size_t i = 0; i < sizeof aliases_15 / sizeof aliases_15[0]; i++)
        if (strcmp(name, aliases_15[i]) == 0)
            return 1;
    return 0;
}

static void read_aliases(const char *path)
{
    FILE *f = xopen(path);
    char line[1024], *fl[4];
    while (fgets(line, sizeof line, f)) {
        if (split(line, fl, 4) < 3 || !fl[0][0])
            continue;
        uint32_t cp, hi;
        range(fl[0], &cp, &hi);
        if (!age_ok[cp] || is_alias_15(fl[1]))
            continue;
        if (naliases >= sizeof aliases / sizeof aliases[0])
            die("too many aliases", NULL);
        aliases[naliases].cp = cp;
        aliases[naliases].name = xstrdup(fl[1]);
        naliases++;
    }
    fclose(f);
}

static void read_sequences(const char *path)
{
    FILE *f = xopen(path);
    char line[1024], *fl[4];
    while (fgets(line, sizeof line, f)) {
        if (split(line, fl, 4) < 2 || !fl[0][0])
            continue;
        if (nseqs >= sizeof seqs / sizeof seqs[0])
            die("too many named sequences", NULL);
        int n = 0, ok = 1;
        char *p = fl[1], *end;
        while (*p) {
            uint32_t c = (uint32_t)strtoul(p, &end, 16);
            if (end == p)
                break;
            if (n >= 4)
                die("named sequence too long", fl[0]);
            if (c >= NCP || !age_ok[c])
                ok = 0;
            seq_cps[nseqs][n++] = c;
            p = end;
        }
        if (!ok)
            continue;
        seq_len[nseqs] = (uint8_t)n;
        seqs[nseqs].cp = (uint32_t)nseqs;
        seqs[nseqs].name = xstrdup(fl[0]);
        nseqs++;
    }
    fclose(f);
}

static void read_eaw(const char *path)
{
    static const char *const vals[] = {"F", "H", "W", "Na", "A", "N"};
    FILE *f = xopen(path);
    char line[1024], *fl[4];
    for (uint32_t c = 0; c < NCP; c++)
        eaw[c] = 5;
    while (fgets(line, sizeof line, f)) {
        if (split(line, fl, 4) < 2 || !fl[0][0])
            continue;
        uint32_t lo, hi;
        range(fl[0], &lo, &hi);
        int v = -1;
        for (int k = 0; k < 6; k++)
            if (strcmp(fl[1], vals[k]) == 0)
                v = k;
        if (v < 0)
            die("bad East Asian Width", fl[1]);
        for (uint32_t c = lo; c <= hi; c++)
            eaw[c] = (uint8_t)v;
    }
    fclose(f);
}

/* Unihan numeric values (kPrimaryNumeric, kAccountingNumeric, kOtherNumeric). */
static void read_unihan(const char *path)
{
    FILE *f = xopen(path);
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        unsigned long cp;
        char field[64], val[64];
        if (line[0] != 'U' || sscanf(line, "U+%lx %63s %63s", &cp, field, val) != 3)
            continue;
        if (cp >= NCP || !age_ok[cp])
            continue;
        int dup = 0;
        for (size_t i = 0; i < nnums; i++)
            if (nums[i].cp == cp)
                dup = 1;
        if (!dup)
            add_numeric((uint32_t)cp, -1, -1, val);
    }
    fclose(f);
}

static int cmp_num(const void *a, const void *b)
{
    const numeric *x = a, *y = b;
    return x->cp < y->cp ? -1 : x->cp > y->cp;
}

/* ---- the phrasebook ------------------------------------------------------------------- */

/* Simple hash index over words. */
#define WH 65536
static int whash[WH];

static unsigned hash_str(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static word *word_find(const char *s, size_t len)
{
    unsigned h = hash_str(s, len) & (WH - 1);
    while (whash[h] >= 0) {
        word *w = &words[whash[h]];
        if (strlen(w->s) == len && memcmp(w->s, s, len) == 0)
            return w;
        h = (h + 1) & (WH - 1);
    }
    if (nwords >= MAXWORDS)
        die("too many words", NULL);
    char *d = malloc(len + 1);
    if (!d)
        die("out of memory", NULL);
    memcpy(d, s, len);
    d[len] = 0;
    words[nwords].s = d;
    words[nwords].count = 0;
    whash[h] = (int)nwords;
    return &words[nwords++];
}

/* Counts the words of name (a word ends at ' ', '-' or the end). */
static void count_words(const char *name)
{
    const char *p = name;
    while (*p) {
        size_t n = strcspn(p, " -");
        if (n)
            word_find(p, n)->count++;
        p += n;
        if (*p)
            p++;
    }
}

static int word_id(const char *s, size_t n)
{
    unsigned h = hash_str(s, n) & (WH - 1);
    while (whash[h] >= 0) {
        word *w = &words[whash[h]];
        if (strlen(w->s) == n && memcmp(w->s, s, n) == 0)
            return w->id;
        h = (h + 1) & (WH - 1);
    }
    die("word missing", s);
    return -1;
}

static uint8_t *phrase;
static size_t nphrase, capphrase;

static void put(uint8_t b)
{
    if (nphrase == capphrase) {
        capphrase = capphrase ? capphrase * 2 : 65536;
        phrase = realloc(phrase, capphrase);
        if (!phrase)
            die("out of memory", NULL);
    }
    phrase[nphrase++] = b;
}

static word *byid[MAXWORDS];

static void encode(const char *name)
{
    const char *p = name;
    int prev_word = 0;
    while (*p) {
        if (*p == '-') {
            put(T_HYPHEN);
            prev_word = 0;
            p++;
            continue;
        }
        if (*p == ' ') {
            /* a space between two words is implicit */
            size_t n = strcspn(p + 1, " -");
            if (!(prev_word && n)) {
                put(T_SPACE);
                prev_word = 0;
            }
            p++;
            continue;
        }
        size_t n = strcspn(p, " -");
        int id = word_id(p, n);
        if (id < ONE_N) {
            put((uint8_t)(T_WORD0 + id));
        } else {
            int k = id - ONE_N;
            if (TWO0 + k / 256 > 255)
                die("too many words for two-byte tokens", NULL);
            put((uint8_t)(TWO0 + k / 256));
            put((uint8_t)(k % 256));
        }
        prev_word = 1;
        p += n;
    }
    put(T_END);
}

/* The decoder, as in ucd.c, to check the encoding. */
static size_t decode(const uint8_t *t, char *out)
{
    size_t n = 0;
    int prev_word = 0;
    for (;;) {
        uint8_t b = *t++;
        if (b == T_END)
            break;
        if (b == T_HYPHEN || b == T_SPACE) {
            out[n++] = b == T_HYPHEN ? '-' : ' ';
            prev_word = 0;
            continue;
        }
        int id = b < TWO0 ? b - T_WORD0 : ONE_N + (b - TWO0) * 256 + *t++;
        if (prev_word)
            out[n++] = ' ';
        size_t l = strlen(byid[id]->s);
        memcpy(out + n, byid[id]->s, l);
        n += l;
        prev_word = 1;
    }
    out[n] = 0;
    return n;
}

static int cmp_count(const void *a, const void *b)
{
    const word *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->s, y->s);
}

static entry *all[MAXENT + 3000];
static size_t nall;

static int cmp_entry_name(const void *a, const void *b)
{
    const entry *const *x = a, *const *y = b;
    return strcmp((*x)->name, (*y)->name);
}

/* ---- output ------------------------------------------------------------------------------ */

static void out_u32(const char *decl, const uint32_t *v, size_t n)
{
    printf("%s[%zu] = {", decl, n ? n : 1);
    for (size_t i = 0; i < n; i++)
        printf("%s%u,", i % 10 ? "" : "\n", v[i]);
    printf("%s};\n", n ? "" : "0");
}

int main(int argc, char **argv)
{
    if (argc != 7)
        die("usage: gen_ucd UnicodeData DerivedAge NameAliases NamedSequences EastAsianWidth "
            "UnihanNumeric", NULL);
    read_age(argv[2]);
    read_unicodedata(argv[1]);
    read_aliases(argv[3]);
    read_sequences(argv[4]);
    read_eaw(argv[5]);
    read_unihan(argv[6]);
    qsort(nums, nnums, sizeof nums[0], cmp_num);

    /* Entries: names (code point order), then aliases, then sequences. */
    for (size_t i = 0; i < nnames; i++)
        all[nall++] = &names[i];
    for (size_t i = 0; i < naliases; i++)
        all[nall++] = &aliases[i];
    for (size_t i = 0; i < nseqs; i++)
        all[nall++] = &seqs[i];
    if (nall > 65535)
        die("too many entries for 16-bit indices", NULL);

    for (size_t i = 0; i < WH; i++)
        whash[i] = -1;
    for (size_t i = 0; i < nall; i++)
        count_words(all[i]->name);
    qsort(words, nwords, sizeof words[0], cmp_count);
    for (size_t i = 0; i < WH; i++)
        whash[i] = -1;
    for (size_t i = 0; i < nwords; i++) {
        words[i].id = (int)i;
        byid[i] = &words[i];
        unsigned h = hash_str(words[i].s, strlen(words[i].s)) & (WH - 1);
        while (whash[h] >= 0)
            h = (h + 1) & (WH - 1);
        whash[h] = (int)i;
    }

    uint32_t *offs = malloc(((nall + STEP - 1) / STEP + 1) * sizeof *offs);
    uint32_t *entry_off = malloc(nall * sizeof *entry_off);
    if (!offs || !entry_off)
        die("out of memory", NULL);
    for (size_t i = 0; i < nall; i++) {
        if (i % STEP == 0)
            offs[i / STEP] = (uint32_t)nphrase;
        entry_off[i] = (uint32_t)nphrase;
        encode(all[i]->name);
        char buf[MAXNAME * 2];
        decode(phrase + entry_off[i], buf);
        if (strcmp(buf, all[i]->name) != 0)
            die("phrasebook round trip failed", all[i]->name);
    }

    printf("/* generated by evaluator/gen_ucd.c from Debian's unicode-data (filtered to "
           "Unicode 14.0); do not edit */\n#include <stddef.h>\n#include <stdint.h>\n\n");
    printf("const size_t ucd_nnames = %zu, ucd_naliases = %zu, ucd_nseqs = %zu, ucd_nwords = %zu;\n",
           nnames, naliases, nseqs, nwords);

    /* lexicon */
    size_t lexlen = 0;
    uint32_t *woff = malloc((nwords + 1) * sizeof *woff);
    if (!woff)
        die("out of memory", NULL);
    for (size_t i = 0; i < nwords; i++) {
        woff[i] = (uint32_t)lexlen;
        lexlen += strlen(words[i].s);
    }
    woff[nwords] = (uint32_t)lexlen;
    printf("const char ucd_lexicon[%zu] =", lexlen + 1);
    for (size_t i = 0; i < nwords; i++)
        printf("%s\"%s\"", i % 8 ? "" : "\n", words[i].s);
    printf(";\n");
    out_u32("const uint32_t ucd_lexicon_off", woff, nwords + 1);

    printf("const uint8_t ucd_phrase[%zu] = {", nphrase);
    for (size_t i = 0; i < nphrase; i++)
        printf("%s%u,", i % 24 ? "" : "\n", phrase[i]);
    printf("};\n");
    out_u32("const uint32_t ucd_phrase_off", offs, (nall + STEP - 1) / STEP);

    /* runs of consecutive named code points: {first cp, first entry} */
    uint32_t *runs = malloc(nnames * 2 * sizeof *runs);
    size_t nruns = 0;
    if (!runs)
        die("out of memory", NULL);
    for (size_t i = 0; i < nnames; i++) {
        if (i == 0 || names[i].cp != names[i - 1].cp + 1) {
            runs[2 * nruns] = names[i].cp;
            runs[2 * nruns + 1] = (uint32_t)i;
            nruns++;
        }
    }
    printf("const size_t ucd_nruns = %zu;\n", nruns);
    out_u32("const uint32_t ucd_runs", runs, 2 * nruns);

    /* entries sorted by name */
    entry **sorted = malloc(nall * sizeof *sorted);
    if (!sorted)
        die("out of memory", NULL);
    memcpy(sorted, all, nall * sizeof *sorted);
    qsort(sorted, nall, sizeof *sorted, cmp_entry_name);
    printf("const uint16_t ucd_sorted[%zu] = {", nall);
    for (size_t i = 0; i < nall; i++) {
        size_t k = 0;
        while (all[k] != sorted[i])
            k++;
        if (i && strcmp(sorted[i - 1]->name, sorted[i]->name) == 0)
            die("duplicate name", sorted[i]->name);
        printf("%s%zu,", i % 12 ? "" : "\n", k);
    }
    printf("};\n");

    uint32_t tmp[2000];
    for (size_t i = 0; i < naliases; i++)
        tmp[i] = aliases[i].cp;
    out_u32("const uint32_t ucd_alias_cp", tmp, naliases);
    printf("const uint32_t ucd_seq_cp[%zu][4] = {", nseqs ? nseqs : 1);
    for (size_t i = 0; i < nseqs; i++)
        printf("%s{%u,%u,%u,%u},", i % 4 ? "" : "\n", seq_cps[i][0], seq_cps[i][1],
               seq_cps[i][2], seq_cps[i][3]);
    printf("};\nconst uint8_t ucd_seq_len[%zu] = {", nseqs ? nseqs : 1);
    for (size_t i = 0; i < nseqs; i++)
        printf("%s%u,", i % 24 ? "" : "\n", seq_len[i]);
    printf("};\n");

    /* CJK unified ideograph ranges (algorithmic names) */
    printf("const size_t ucd_ncjk = %zu;\nconst uint32_t ucd_cjk[%zu][2] = {\n", ncjk, ncjk);
    for (size_t i = 0; i < ncjk; i++)
        printf("{0x%X,0x%X},\n", cjk[i][0], cjk[i][1]);
    printf("};\n");

    /* code points assigned after 14.0: {lo, hi} */
    uint32_t *nr = malloc(NCP * sizeof *nr);
    size_t nn = 0;
    if (!nr)
        die("out of memory", NULL);
    for (uint32_t c = 0; c < NCP; c++) {
        if (!age_new[c])
            continue;
        if (nn && nr[nn - 1] + 1 == c) {
            nr[nn - 1] = c;
        } else {
            nr[nn++] = c;
            nr[nn++] = c;
        }
    }
    printf("const size_t ucd_nnew = %zu;\n", nn / 2);
    out_u32("const uint32_t ucd_new", nr, nn);

    /* East Asian Width runs: {first cp << 3 | value}; unassigned is F (0) */
    nn = 0;
    int last = -1;
    for (uint32_t c = 0; c < NCP; c++) {
        int v = assigned[c] ? eaw[c] : 0;
        if (v != last)
            nr[nn++] = c << 3 | (uint32_t)v;
        last = v;
    }
    printf("const size_t ucd_neaw = %zu;\n", nn);
    out_u32("const uint32_t ucd_eaw", nr, nn);

    /* numeric values */
    printf("const size_t ucd_nnumeric = %zu;\n", nnums);
    printf("const struct ucd_numeric { uint32_t cp; int8_t dec, dig; long long num, den; } "
           "ucd_numeric[%zu] = {", nnums);
    for (size_t i = 0; i < nnums; i++)
        printf("\n{0x%X,%d,%d,%lldLL,%lldLL},", nums[i].cp, nums[i].dec, nums[i].dig,
               nums[i].num, nums[i].den);
    printf("};\n");
    if (fflush(stdout) || ferror(stdout))
        die("write error", NULL);
    fprintf(stderr, "gen_ucd: %zu names, %zu aliases, %zu sequences, %zu words, %zu phrase bytes, "
                    "%zu lexicon bytes, %zu runs\n",
            nnames, naliases, nseqs, nwords, nphrase, lexlen, nruns);
    return 0;
}
