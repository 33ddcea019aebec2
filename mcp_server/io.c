/*
 * io.c - byte-level plumbing of the MCP server: newline framing of stdin,
 * complete writes, and UTF-8 checks.  Nothing here knows about JSON-RPC.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

/* One read() asks for this much; also the slack over max_line we may hold. */
#define READ_CHUNK ((size_t)64 << 10)

void mcp_reader_init(mcp_reader *r, int fd, size_t max_line)
{
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->max_line = max_line;
}

void mcp_reader_free(mcp_reader *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = r->start = r->scan = r->end = 0;
}

/* Ends the line [start, stop) in place and hands it out. */
static mcp_line_status take_line(mcp_reader *r, size_t stop, size_t next, char **line,
                                 size_t *len)
{
    size_t n = stop - r->start;
    char *s = r->buf + r->start;
    if (n > 0 && s[n - 1] == '\r')
        n--;
    s[n] = '\0';
    r->start = r->scan = next;
    if (n > r->max_line)
        return MCP_LINE_TOO_LONG;
    *line = s;
    *len = n;
    return MCP_LINE_OK;
}

mcp_line_status mcp_reader_take(mcp_reader *r, char **line, size_t *len)
{
    char *nl = r->end > r->scan ? memchr(r->buf + r->scan, '\n', r->end - r->scan) : NULL;
    if (nl) {
        size_t pos = (size_t)(nl - r->buf);
        if (r->skipping) {
            r->skipping = false;
            r->start = r->scan = pos + 1;
            return MCP_LINE_TOO_LONG;
        }
        return take_line(r, pos, pos + 1, line, len);
    }
    r->scan = r->end;
    if (r->skipping) {
        r->start = r->scan = r->end = 0;
    } else if (r->end - r->start > r->max_line + 1) {
        /* Too long even if its last byte is a '\r': stop buffering it. */
        r->skipping = true;
        r->start = r->scan = r->end = 0;
    }
    if (r->eof) {
        if (r->skipping) {
            r->skipping = false;
            return MCP_LINE_TOO_LONG;
        }
        if (r->end > r->start)
            return take_line(r, r->end, r->end, line, len);
        return MCP_LINE_EOF;
    }
    return MCP_LINE_AGAIN;
}

mcp_line_status mcp_reader_fill(mcp_reader *r)
{
    if (r->eof)
        return MCP_LINE_EOF;
    /* After a huge line, give the memory back rather than keep it. */
    if (r->start == r->end && r->cap > READ_CHUNK * 16) {
        free(r->buf);
        r->buf = NULL;
        r->cap = r->start = r->scan = r->end = 0;
    }
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->scan -= r->start;
        r->start = 0;
    }
    /* Room for one chunk plus the NUL that take_line() writes. */
    if (r->cap - r->end < READ_CHUNK + 1) {
        size_t ncap = r->cap ? r->cap * 2 : READ_CHUNK * 2;
        if (ncap < r->end + READ_CHUNK + 1)
            ncap = r->end + READ_CHUNK + 1;
        char *nb = realloc(r->buf, ncap);
        if (!nb)
            return MCP_LINE_ENOMEM;
        r->buf = nb;
        r->cap = ncap;
    }
    for (;;) {
        ssize_t got = read(r->fd, r->buf + r->end, READ_CHUNK);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return errno == EAGAIN || errno == EWOULDBLOCK ? MCP_LINE_AGAIN : MCP_LINE_EIO;
        if (got == 0)
            r->eof = true;
        r->end += (size_t)got;
        return MCP_LINE_OK;
    }
}

mcp_line_status mcp_reader_next(mcp_reader *r, char **line, size_t *len)
{
    for (;;) {
        mcp_line_status st = mcp_reader_take(r, line, len);
        if (st != MCP_LINE_AGAIN)
            return st;
        st = mcp_reader_fill(r);
        if (st != MCP_LINE_OK)
            return st;
    }
}

int mcp_write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid. */
static size_t utf8_seq(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    uint32_t cp, min;
    if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07, min = 0x10000;
    else return 0;
    if (avail < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* Word-at-a-time tests for the ASCII runs that make up most text: a word
 * of 8 bytes is plain ASCII when no byte has its top bit set, and holds a
 * byte below 0x20 (a NUL or a control) exactly when mcp_word_has_low() is
 * non-zero for it (the classic "has less than" trick, exact for n <= 128). */
#define MCP_ONES ((uint64_t)0x0101010101010101u)
#define MCP_HIGHS ((uint64_t)0x8080808080808080u)

static inline uint64_t mcp_word(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

static inline uint64_t mcp_word_has_low(uint64_t w, unsigned n)
{
    return (w - MCP_ONES * n) & ~w & MCP_HIGHS;
}

/* Length of the leading run of ASCII bytes of p[0..len) in whole words,
 * stopping at a word that holds a byte >= 0x80 or, when low is not 0, a
 * byte below low.  The caller goes on byte by byte from there. */
static size_t mcp_ascii_run(const unsigned char *p, size_t len, unsigned low)
{
    size_t i = 0;
    while (i + 8 <= len) {
        uint64_t w = mcp_word(p + i);
        if ((w & MCP_HIGHS) || (low && mcp_word_has_low(w, low)))
            break;
        i += 8;
    }
    return i;
}

bool mcp_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        i += mcp_ascii_run(p + i, len - i, 0);
        if (i >= len)
            break;
        size_t n = utf8_seq(p + i, len - i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

bool mcp_json_text_clean(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        i += mcp_ascii_run(p + i, len - i, 0x20);
        if (i >= len)
            break;
        size_t n = p[i] >= 0x20 ? utf8_seq(p + i, len - i) : 0;
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

char *mcp_utf8_sanitize(const char *s, size_t len)
{
    /* Each bad byte becomes 3 bytes at most. */
    if (len > (SIZE_MAX - 1) / 3)
        return NULL;
    char *out = malloc(len * 3 + 1);
    if (!out)
        return NULL;
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, o = 0;
    while (i < len) {
        /* ASCII without NUL is copied a run at a time. */
        size_t run = mcp_ascii_run(p + i, len - i, 1);
        if (run) {
            memcpy(out + o, p + i, run);
            o += run;
            i += run;
            if (i >= len)
                break;
        }
        size_t n = p[i] ? utf8_seq(p + i, len - i) : 0;
        if (n == 0) {
            memcpy(out + o, "\xEF\xBF\xBD", 3);
            o += 3;
            i++;
            continue;
        }
        memcpy(out + o, p + i, n);
        o += n;
        i += n;
    }
    out[o] = '\0';
    return out;
}

bool mcp_json_has_nul_escape(const char *s, size_t len)
{
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        if (!in_string) {
            if (s[i] == '"')
                in_string = true;
            continue;
        }
        if (s[i] == '"') {
            in_string = false;
        } else if (s[i] == '\\' && i + 1 < len) {
            if (s[i + 1] == 'u' && i + 5 < len && memcmp(s + i + 2, "0000", 4) == 0)
                return true;
            i++; /* skip the escaped character, so \\u0000 is not a NUL */
        }
    }
    return false;
}

size_t mcp_utf8_prefix(const char *s, size_t max)
{
    size_t n = strnlen(s, max + 1);
    if (n <= max)
        return n;
    n = max;
    /* Back off continuation bytes: the cut then falls before the lead byte
     * of the character that did not fit. */
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

/* True if the JSON string literal s[0..n) (quotes included) decodes to key.
 * Most keys have no escapes and compare as bytes; the rest are decoded by
 * cJSON, so "\u0069d" is "id" exactly as cJSON's lookup sees it. */
static bool key_equals(const char *s, size_t n, const char *key)
{
    if (!memchr(s, '\\', n))
        return n - 2 == strlen(key) && memcmp(s + 1, key, n - 2) == 0;
    cJSON *k = cJSON_ParseWithLength(s, n);
    bool eq = cJSON_IsString(k) && strcmp(k->valuestring, key) == 0;
    cJSON_Delete(k);
    return eq;
}

bool mcp_json_member_has_nul(const char *s, size_t len, const char *key)
{
    /* Almost every message has no \u0000 at all: one fast search. */
    if (!memmem(s, len, "\\u0000", 6))
        return false;
    int depth = 0;
    bool want_key = false; /* at depth 1, the next string is a member name */
    bool is_key = false;   /* the member being read is `key` */
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '"') {
            size_t start = i;
            bool nul = false;
            for (i++; i < len && s[i] != '"'; i++) {
                if (s[i] != '\\')
                    continue;
                if (i + 5 < len && s[i + 1] == 'u' && memcmp(s + i + 2, "0000", 4) == 0)
                    nul = true;
                i++; /* the escaped character, so \\u0000 is not a NUL */
            }
            if (i >= len)
                return false; /* unterminated: not JSON cJSON accepted */
            if (depth == 1 && want_key) {
                is_key = key_equals(s + start, i - start + 1, key);
                want_key = false;
            } else if (depth == 1 && is_key && nul) {
                return true;
            }
        } else if (c == '{' || c == '[') {
            depth++;
            if (depth == 1)
                want_key = c == '{';
        } else if (c == '}' || c == ']') {
            depth--;
        } else if (c == ',' && depth == 1) {
            want_key = true;
            is_key = false;
        }
    }
    return false;
}

/* --- children on pipes (the worker, code mode's upstream servers) ------------------ */

pid_t mcp_fork_piped(int *to_fd, int *from_fd, int fail_code)
{
    int req[2] = {-1, -1}, rep[2] = {-1, -1};
    if (pipe2(req, O_CLOEXEC) != 0 || pipe2(rep, O_CLOEXEC) != 0)
        goto fail;
    pid_t parent = getpid();
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        goto fail;
    if (pid == 0) {
        /* Die with the broker: a child never outlives it. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(0);
        /* fds 0 and 1 become the pipes, 2 stays stderr, nothing else
         * survives: not the client's stdin/stdout, nor any other fd. */
        int a = fcntl(req[0], F_DUPFD, 10), b = fcntl(rep[1], F_DUPFD, 10);
        if (a < 0 || b < 0 || dup2(a, 0) != 0 || dup2(b, 1) != 1)
            _exit(fail_code);
        closefrom(3);
        return 0;
    }
    close(req[0]);
    close(rep[1]);
    *to_fd = req[1];
    *from_fd = rep[0];
    if (fcntl(*to_fd, F_SETFL, O_NONBLOCK) != 0 || fcntl(*from_fd, F_SETFL, O_NONBLOCK) != 0) {
        close(*to_fd);
        close(*from_fd);
        *to_fd = *from_fd = -1;
        kill(pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
        return -1;
    }
    return pid;
fail:
    for (int i = 0; i < 2; i++) {
        if (req[i] >= 0)
            close(req[i]);
        if (rep[i] >= 0)
            close(rep[i]);
    }
    return -1;
}
