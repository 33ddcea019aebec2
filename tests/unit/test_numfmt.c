#include <check.h>
Suite *numfmt_suite(void);
START_TEST(test_numfmt_placeholder) { ck_assert_int_eq(1, 1); }
END_TEST
Suite *numfmt_suite(void)
{
    Suite *s = suite_create("numfmt");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_numfmt_placeholder);
    suite_add_tcase(s, tc);
    return s;
}
