#include <check.h>
Suite *evaluator_suite(void);
START_TEST(test_evaluator_placeholder) { ck_assert_int_eq(1, 1); }
END_TEST
Suite *evaluator_suite(void)
{
    Suite *s = suite_create("evaluator");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_evaluator_placeholder);
    suite_add_tcase(s, tc);
    return s;
}
