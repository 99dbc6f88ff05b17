/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: /proc/vmstat's NUMA counters, from text, from fixture files
 * and from this machine's /proc/vmstat. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "common/vmstat.h"
#include "suites.h"

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
	ck_assert_int_eq(vmstat_parse("numa_pages_migrated 18446744073709551615\n", 40, &c), 0);
	ck_assert(c.pages_migrated == UINT64_MAX);
	ck_assert_int_eq(vmstat_parse("numa_pages_migrated 18446744073709551616\n", 40, &c), -1);
}
END_TEST

START_TEST(vmstat_files)
{
	const char *text = "nr_free_pages 1\nnuma_hint_faults 456789\nnuma_hint_faults_local 400000\n";
	const char *path = temp_file(text, strlen(text));
	struct nb_counters c;

	ck_assert_int_eq(vmstat_read(path, &c), 0);
	ck_assert(c.hint_faults == 456789 && c.hint_faults_local == 400000 && c.pte_updates == 0);
	unlink(path);
	path = temp_file("numa_hint_faults 1\nnuma_pte_updates\n", 35);
	ck_assert_int_eq(vmstat_read(path, &c), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert(c.hint_faults == 0);
	unlink(path);
	ck_assert_int_eq(vmstat_read("/nonexistent/vmstat", &c), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(vmstat_read(NB_VMSTAT_PATH, &c), 0);
	ck_assert(c.hint_faults >= c.hint_faults_local);
}
END_TEST

static void count(const char *name, size_t n, uint64_t v, void *arg)
{
	(void)name;
	(void)n;
	*(uint64_t *)arg += v;
}

START_TEST(line_walker)
{
	uint64_t sum = 0;

	ck_assert_int_eq(each_counter_line("a 1\nb 2\nc 3", 11, count, &sum), 0);
	ck_assert(sum == 6);
	ck_assert_int_eq(each_counter_line("a 1\nb -2\n", 9, count, &sum), -1);
	ck_assert_int_eq(each_counter_line("a 1\n\n", 5, count, &sum), -1);
}
END_TEST

Suite *vmstat_suite(void)
{
	Suite *s = suite_create("vmstat");
	TCase *t = tcase_create("counters");

	tcase_add_test(t, vmstat_fields);
	tcase_add_test(t, vmstat_files);
	tcase_add_test(t, line_walker);
	suite_add_tcase(s, t);
	return s;
}
