/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-thp.c - the THP mode and AnonHugePages parsers, on fixture files
 * (tests/sim-io/fixtures) and on this machine's real files. */
#include "io/thp.h"
#include "run-suite.h"

#include <check.h>
#include <string.h>

#define FIX "tests/sim-io/fixtures/"

START_TEST(modes)
{
	char mode[16];
	ck_assert_int_eq(nb_thp_mode(FIX "thp-enabled", mode, sizeof mode), 0);
	ck_assert_str_eq(mode, "always");
	ck_assert_int_eq(nb_thp_mode(FIX "thp-defrag", mode, sizeof mode), 0);
	ck_assert_str_eq(mode, "madvise");
}
END_TEST

START_TEST(modes_missing_or_bad)
{
	char mode[4];
	ck_assert_int_eq(nb_thp_mode(FIX "no-such-file", mode, sizeof mode), -1);
	ck_assert_int_eq(nb_thp_mode(FIX "thp-no-bracket", mode, sizeof mode), -1);
	ck_assert_int_eq(nb_thp_mode(FIX "thp-defrag", mode, sizeof mode), -1);
}
END_TEST

START_TEST(anon_huge)
{
	ck_assert_int_eq(nb_anon_huge_bytes(FIX "smaps-rollup"), 65536 * 1024);
	ck_assert_int_eq(nb_anon_huge_bytes(FIX "thp-enabled"), -1);
	ck_assert_int_eq(nb_anon_huge_bytes(FIX "no-such-file"), -1);
	ck_assert_int_ge(nb_anon_huge_bytes(NB_SMAPS_ROLLUP), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("thp");
	TCase *tc = tcase_create("thp");
	tcase_add_test(tc, modes);
	tcase_add_test(tc, modes_missing_or_bad);
	tcase_add_test(tc, anon_huge);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
