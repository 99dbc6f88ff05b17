/* Unit tests: /proc/vmstat and memory.stat parsing. */
#include <string.h>

#include "suites.h"
#include "vmstat.h"

START_TEST(vmstat_fields)
{
	const char *text = "nr_free_pages 100\nnuma_pte_updates 11\nnuma_huge_pte_updates 3\n"
	                   "numa_hint_faults 22\nnuma_hint_faults_local 20\nnuma_pages_migrated 4\n"
	                   "pgmigrate_success 9\n";
	struct nb_counters c;

	ck_assert_int_eq(vmstat_parse(text, strlen(text), &c), 0);
	ck_assert(c.pte_updates == 11 && c.hint_faults == 22);
	ck_assert(c.hint_faults_local == 20 && c.pages_migrated == 4);
	ck_assert_int_eq(vmstat_parse("", 0, &c), 0);
	ck_assert(c.pte_updates == 0 && c.pages_migrated == 0);
	const char *bad = "numa_pte_updates 7\nnuma_pte_updates x\n";
	ck_assert_int_eq(vmstat_parse(bad, strlen(bad), &c), -1);
	ck_assert(c.pte_updates == 0);
	ck_assert_int_eq(vmstat_parse("garbage\n", 8, &c), -1);
	ck_assert_int_eq(vmstat_parse("numa_pte_updates 5", 18, &c), 0);
	ck_assert(c.pte_updates == 5);
}
END_TEST

START_TEST(vmstat_file)
{
	struct nb_counters c;

	ck_assert_int_eq(vmstat_read(scratch_path("vmstat"), &c), 0);
	ck_assert(c.pte_updates == 10 && c.hint_faults == 5);
	ck_assert_int_eq(vmstat_read(scratch_path("absent"), &c), -1);
}
END_TEST

START_TEST(memstat_numa_fields)
{
	const char *text = "anon 4096\nnuma_pages_migrated 7\nnuma_pte_updates 8\n"
	                   "numa_hint_faults 9\npgfault 1\n";
	char out[128];

	memstat_numa(text, strlen(text), out, sizeof(out));
	ck_assert_str_eq(out, "numa_pages_migrated=7 numa_pte_updates=8 numa_hint_faults=9");
	memstat_numa("anon 1\n", 7, out, sizeof(out));
	ck_assert_str_eq(out, "");
	memstat_numa(text, strlen(text), out, 10);
	ck_assert_uint_lt(strlen(out), 10);
}
END_TEST

Suite *vmstat_suite(void)
{
	Suite *s = suite_create("vmstat");
	TCase *t = tcase_create("counters");

	tcase_add_checked_fixture(t, scratch_setup, scratch_teardown);
	tcase_add_test(t, vmstat_fields);
	tcase_add_test(t, vmstat_file);
	tcase_add_test(t, memstat_numa_fields);
	suite_add_tcase(s, t);
	return s;
}
