/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-tasknuma.c - the reader of a process's per-thread NUMA-balancing
 * counters on fixture task directories (tests/sim-io/fixtures/task-*),
 * on this process's own, and the summary.json entry made of two
 * readings. */
#include "io/tasknuma.h"
#include "run-suite.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FIX "tests/sim-io/fixtures/"

START_TEST(sums_over_threads)
{
	struct nb_task_numa t;
	ck_assert_int_eq(nb_read_task_numa(FIX "task-numa", &t), 0);
	ck_assert_int_eq(t.threads, 2);
	ck_assert_uint_eq(t.pages_migrated, 15);
	ck_assert_uint_eq(t.numa_faults, 340);
}
END_TEST

/* A kernel without CONFIG_NUMA_BALANCING prints neither key; a thread
 * lacking one makes the whole reading unusable. */
START_TEST(keys_missing)
{
	struct nb_task_numa t = { .threads = 5, .pages_migrated = 9 };
	ck_assert_int_eq(nb_read_task_numa(FIX "task-no-numa", &t), -1);
	ck_assert_int_eq(t.threads, -1);
	ck_assert_uint_eq(t.pages_migrated, 0);
	ck_assert_int_eq(nb_read_task_numa(FIX "task-half", &t), -1);
	ck_assert_int_eq(t.threads, -1);
	ck_assert_uint_eq(t.numa_faults, 0);
}
END_TEST

START_TEST(no_threads)
{
	struct nb_task_numa t;
	char dir[] = "/tmp/nb-tasknuma-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(nb_read_task_numa(dir, &t), -1);
	ck_assert_int_eq(rmdir(dir), 0);
	ck_assert_int_eq(t.threads, -1);
	ck_assert_int_eq(nb_read_task_numa(FIX "no-such-dir", &t), -1);
	ck_assert_int_eq(t.threads, -1);
}
END_TEST

/* Whether this kernel prints the counters (CONFIG_NUMA_BALANCING). */
static int kernel_counts(void)
{
	FILE *f = fopen("/proc/self/sched", "r");
	char line[256];
	int found = 0;
	while (f && !found && fgets(line, sizeof line, f))
		found = strncmp(line, "total_numa_faults", 17) == 0;
	if (f)
		fclose(f);
	return found;
}

/* This process's own threads: read where the kernel counts. */
START_TEST(this_process)
{
	struct nb_task_numa t;
	if (!kernel_counts()) {
		ck_assert_int_eq(nb_read_task_numa(NB_PROC_SELF_TASK, &t), -1);
		return;
	}
	ck_assert_int_eq(nb_read_task_numa(NB_PROC_SELF_TASK, &t), 0);
	ck_assert_int_ge(t.threads, 1);
}
END_TEST

static json_int_t field(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);
	ck_assert_msg(json_is_integer(v), "%s is not an integer", key);
	return json_integer_value(v);
}

START_TEST(summary_entry)
{
	struct nb_task_numa s = { 3, 100, 20 }, e = { 4, 112, 7 };
	json_t *j = nb_task_numa_json(&s, &e);
	ck_assert_int_eq(field(j, "pages_migrated"), 12);
	ck_assert_int_eq(field(j, "numa_faults_end"), 7);
	ck_assert_int_eq(field(j, "threads"), 4);
	ck_assert_int_eq(json_object_size(j), 3);
	json_decref(j);
	e.pages_migrated = 90; /* a thread with migrations exited */
	j = nb_task_numa_json(&s, &e);
	ck_assert_int_eq(field(j, "pages_migrated"), 0);
	json_decref(j);
	e.threads = -1;
	ck_assert(json_is_null(nb_task_numa_json(&s, &e)));
	e.threads = 4;
	s.threads = -1;
	ck_assert(json_is_null(nb_task_numa_json(&s, &e)));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tasknuma");
	TCase *tc = tcase_create("read");
	tcase_add_test(tc, sums_over_threads);
	tcase_add_test(tc, keys_missing);
	tcase_add_test(tc, no_threads);
	tcase_add_test(tc, this_process);
	tcase_add_test(tc, summary_entry);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
