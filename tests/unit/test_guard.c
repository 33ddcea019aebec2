/*
 * The stale-length guard (docs/reentrancy.md, "The guards"): under
 * AddressSanitizer a list's spare capacity items[len, cap) is poisoned, so C
 * code that reads past the length a call into Python code shrank is
 * reported.  These tests check that every list operation keeps the
 * annotation exact (no false report, no unguarded slot) and that a stale
 * read is indeed reported.  In a build without ASan they run the same
 * operations and check only the list's contents.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "evaluator/ev.h"
#include "evaluator/evaluator.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define GUARDED 1
#else
#define GUARDED 0
#endif

Suite *guard_suite(void);

/* The session's interpreter: struct ev_session begins with it
 * (evaluator/session.c); these tests call list internals directly, outside
 * a run, so the clock a run starts is set here, a minute ahead. */
static ev_interp *interp_of(ev_session *s)
{
    ev_interp *I = (ev_interp *)s;
    clock_gettime(CLOCK_MONOTONIC, &I->deadline);
    I->deadline.tv_sec += 60;
    return I;
}

/* items[0, len) addressable and items[len, cap) poisoned, exactly */
static void check_annotated(const ev_list *l)
{
#if GUARDED
    if (!l->items)
        return;
    ck_assert_msg(__sanitizer_verify_contiguous_container(l->items, l->items + l->len, l->items + l->cap),
                  "list of len %zu cap %zu: its annotation does not follow len", l->len, l->cap);
    if (l->len < l->cap)
        ck_assert(__asan_address_is_poisoned(&l->items[l->len]));
#else
    ck_assert(l->len <= l->cap);
#endif
}

static void check_ints(const ev_list *l, const int64_t *want, size_t n)
{
    ck_assert_uint_eq(l->len, n);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(l->items[i].u.i, want[i]);
    check_annotated(l);
}

static ev_value slice(ev_interp *I, int64_t lo, int64_t hi)
{
    ev_value s = ev_slice_new(I, ev_int(lo), ev_int(hi), EV_NONE);
    ck_assert(!EV_IS_ERR(s));
    return s;
}

START_TEST(test_list_annotation_follows_len)
{
    ev_session *s = ev_session_new(NULL);
    ck_assert_ptr_nonnull(s);
    ev_interp *I = interp_of(s);
    ev_current = I;
    ev_value v = ev_list_new(I, 8);
    ck_assert(!EV_IS_ERR(v));
    ev_list *l = ev_as_list(v);
    check_annotated(l);
    for (int64_t i = 0; i < 20; i++) { /* grows through several reallocs */
        ck_assert_int_eq(ev_list_append(I, l, ev_int(i)), 0);
        check_annotated(l);
    }
    ck_assert_int_eq(ev_list_reserve(I, l, 100), 0);
    check_annotated(l);
    /* del l[2:18]: shrinks, the tail moves down */
    ev_value sl = slice(I, 2, 18);
    ck_assert_int_eq(ev_list_delitem(I, l, sl), 0);
    ev_decref(I, sl);
    check_ints(l, (int64_t[]){0, 1, 18, 19}, 4);
    /* l[1:2] = [7, 8, 9]: grows in the middle */
    ev_value src = ev_list_new(I, 0);
    ck_assert(!EV_IS_ERR(src));
    for (int64_t i = 7; i < 10; i++)
        ck_assert_int_eq(ev_list_append(I, ev_as_list(src), ev_int(i)), 0);
    sl = slice(I, 1, 2);
    ck_assert_int_eq(ev_list_setitem(I, l, sl, src), 0);
    ev_decref(I, sl);
    check_ints(l, (int64_t[]){0, 7, 8, 9, 18, 19}, 6);
    ck_assert_int_eq(ev_list_delitem(I, l, ev_int(0)), 0);
    check_ints(l, (int64_t[]){7, 8, 9, 18, 19}, 5);
    /* l += l */
    ck_assert_int_eq(ev_list_extend(I, l, v), 0);
    check_ints(l, (int64_t[]){7, 8, 9, 18, 19, 7, 8, 9, 18, 19}, 10);
    ev_value cat = ev_seq_concat(I, v, src);
    ck_assert(!EV_IS_ERR(cat));
    check_ints(ev_as_list(cat), (int64_t[]){7, 8, 9, 18, 19, 7, 8, 9, 18, 19, 7, 8, 9}, 13);
    ev_value rep = ev_seq_repeat(I, src, 2);
    ck_assert(!EV_IS_ERR(rep));
    check_ints(ev_as_list(rep), (int64_t[]){7, 8, 9, 7, 8, 9}, 6);
    sl = slice(I, 1, 3);
    ev_value part = ev_seq_getitem(I, v, sl);
    ev_decref(I, sl);
    ck_assert(!EV_IS_ERR(part));
    check_ints(ev_as_list(part), (int64_t[]){8, 9}, 2);
    ev_decref(I, part);
    ev_decref(I, rep);
    ev_decref(I, cat);
    ev_decref(I, src);
    ev_decref(I, v);
    ev_current = NULL;
    ev_session_free(s);
}
END_TEST

/* What the guard exists for: a read at a stale index inside the still
 * allocated array is an ASan report (container-overflow), not a quiet read
 * of a slot the list gave up.  The read runs in a child so that the report
 * can be checked. */
START_TEST(test_stale_read_is_reported)
{
#if GUARDED
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        ev_session *s = ev_session_new(NULL);
        ev_interp *I = interp_of(s);
        ev_current = I;
        ev_value v = ev_list_new(I, 8);
        ev_list *l = ev_as_list(v);
        for (int64_t i = 0; i < 6; i++)
            if (ev_list_append(I, l, ev_int(i)))
                _exit(3);
        size_t stale = l->len; /* what a loop read before a call into Python */
        ev_value last = ev_int(0);
        ck_assert_int_eq(ev_list_delitem(I, l, ev_int(-1)), 0); /* what that call did */
        volatile ev_value *items = l->items;
        last = items[stale - 1]; /* past the length: reported */
        (void)last;
        _exit(0);
    }
    close(fd[1]);
    char buf[4096];
    size_t got = 0;
    ssize_t n;
    while (got < sizeof buf - 1 && (n = read(fd[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += (size_t)n;
    buf[got] = '\0';
    close(fd[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(!(WIFEXITED(status) && WEXITSTATUS(status) == 0), "the stale read was not reported");
    ck_assert_msg(strstr(buf, "container-overflow") != NULL, "no container-overflow report: %s", buf);
#endif
}
END_TEST

Suite *guard_suite(void)
{
    Suite *s = suite_create("guard");
    TCase *tc = tcase_create("list");
    tcase_add_test(tc, test_list_annotation_follows_len);
    tcase_add_test(tc, test_stale_read_is_reported);
    suite_add_tcase(s, tc);
    return s;
}
