#include <check.h>
Suite *analyzer_suite(void);
START_TEST(test_analyzer_placeholder) { ck_assert_int_eq(1, 1); }
END_TEST
Suite *analyzer_suite(void)
{
    Suite *s = suite_create("analyzer");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_analyzer_placeholder);
    suite_add_tcase(s, tc);
    return s;
}
