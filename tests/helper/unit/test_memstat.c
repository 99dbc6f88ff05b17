/* Unit tests: the numa_* fields of a job cgroup's memory.stat. */
#include <string.h>

#include "suites.h"
#include "memstat.h"

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

Suite *memstat_suite(void)
{
	Suite *s = suite_create("memstat");
	TCase *t = tcase_create("cgroup");

	tcase_add_test(t, memstat_numa_fields);
	suite_add_tcase(s, t);
	return s;
}
