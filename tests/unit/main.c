/* One Check runner for every unit suite, so one closing summary line. */
#include <check.h>
#include <stdlib.h>

Suite *analyzer_suite(void);
Suite *evaluator_suite(void);
Suite *numfmt_suite(void);
Suite *mcp_suite(void);
Suite *sha512_suite(void);
Suite *guard_suite(void);
Suite *upstream_suite(void);
Suite *snapshot_suite(void);
Suite *host_suite(void);

int main(void)
{
    SRunner *sr = srunner_create(analyzer_suite());
    srunner_add_suite(sr, evaluator_suite());
    srunner_add_suite(sr, numfmt_suite());
    srunner_add_suite(sr, mcp_suite());
    srunner_add_suite(sr, sha512_suite());
    srunner_add_suite(sr, guard_suite());
    srunner_add_suite(sr, upstream_suite());
    srunner_add_suite(sr, snapshot_suite());
    srunner_add_suite(sr, host_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
