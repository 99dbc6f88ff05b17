/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the numa_* fields of a job cgroup's memory.stat, and
 * step-end keeping them in the job's record for the epilog. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "memstat.h"
#include "record.h"
#include "suites.h"

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

/* st/<name> into buf, NUL-terminated. */
static void read_state(const char *name, char *buf, size_t len)
{
	char rel[64];
	FILE *f;
	size_t n;

	snprintf(rel, sizeof(rel), "st/%s", name);
	f = fopen(scratch_path(rel), "r");
	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* slice/SCOPE/job_<job>/memory.stat with these numa counters. */
static void job_cgroup(const char *scope, uint32_t job, int migrated)
{
	char rel[128], text[160];

	mkdir(scratch_path("slice"), 0755);
	snprintf(rel, sizeof(rel), "slice/%s", scope);
	mkdir(scratch_path(rel), 0755);
	snprintf(rel, sizeof(rel), "slice/%s/job_%u", scope, job);
	mkdir(scratch_path(rel), 0755);
	snprintf(rel, sizeof(rel), "slice/%s/job_%u/memory.stat", scope, job);
	snprintf(text, sizeof(text), "anon 4096\nnuma_pages_migrated %d\nnuma_pte_updates 8\n"
	         "numa_hint_faults 9\n", migrated);
	scratch_write(rel, text);
}

static void remove_job_cgroup(const char *scope, uint32_t job)
{
	char rel[128];

	snprintf(rel, sizeof(rel), "slice/%s/job_%u/memory.stat", scope, job);
	ck_assert_int_eq(unlink(scratch_path(rel)), 0);
	snprintf(rel, sizeof(rel), "slice/%s/job_%u", scope, job);
	ck_assert_int_eq(rmdir(scratch_path(rel)), 0);
}

static int step_end(uint32_t job)
{
	struct nb_args a = { .cmd = NB_CMD_STEP_END, .has_job = 1, .job = job, .value = -1 };

	return cmd_step_end(&a);
}

/* Each step end keeps the newest counters; once Slurm removed the job
 * cgroup the kept copy stays, for the epilog. */
START_TEST(step_end_keeps_counters)
{
	char text[NB_STATE_FILE_MAX];

	ck_assert_int_eq(prolog(7, 0, KEEP), 0);
	job_cgroup("slurmstepd.scope", 7, 5);
	ck_assert_int_eq(step_end(7), 0);
	read_state("job.7", text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "\ncgroup numa_pages_migrated=5 numa_pte_updates=8 "
	                                   "numa_hint_faults=9\n"));
	job_cgroup("slurmstepd.scope", 7, 70);
	ck_assert_int_eq(step_end(7), 0);
	read_state("job.7", text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "\ncgroup numa_pages_migrated=70 "));
	remove_job_cgroup("slurmstepd.scope", 7);
	ck_assert_int_eq(step_end(7), 0);
	read_state("job.7", text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "\ncgroup numa_pages_migrated=70 "));
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(7), 0);
	assert_clean(1);
}
END_TEST

/* A job without a record (it asked for nothing here) gets none; a scope
 * named NODE_slurmstepd.scope counts, other names do not. */
START_TEST(step_end_needs_a_record)
{
	char text[NB_STATE_FILE_MAX];

	job_cgroup("node1_slurmstepd.scope", 8, 3);
	ck_assert_int_eq(step_end(8), 0);
	ck_assert_int_eq(records_on_disk(), 0);
	ck_assert_int_eq(baseline_on_disk(), 0);
	ck_assert_int_eq(prolog(8, 0, KEEP), 0);
	ck_assert_int_eq(step_end(8), 0);
	read_state("job.8", text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "\ncgroup numa_pages_migrated=3 "));
	job_cgroup("xslurmstepd.scope", 9, 4);
	ck_assert_int_eq(prolog(9, 0, KEEP), 0);
	ck_assert_int_eq(step_end(9), 0);
	read_state("job.9", text, sizeof(text));
	ck_assert_ptr_null(strstr(text, "cgroup"));
}
END_TEST

/* step-end never writes the kernel value, not even when it drifted. */
START_TEST(step_end_leaves_the_kernel)
{
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	job_cgroup("slurmstepd.scope", 10, 1);
	fake_set(1);
	ck_assert_int_eq(step_end(10), 0);
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(records_on_disk(), 1);
}
END_TEST

Suite *memstat_suite(void)
{
	Suite *s = suite_create("memstat");
	TCase *t = tcase_create("cgroup");

	tcase_add_test(t, memstat_numa_fields);
	suite_add_tcase(s, t);
	t = tcase_create("step-end");
	tcase_add_checked_fixture(t, commands_setup, scratch_teardown);
	tcase_add_test(t, step_end_keeps_counters);
	tcase_add_test(t, step_end_needs_a_record);
	tcase_add_test(t, step_end_leaves_the_kernel);
	suite_add_tcase(s, t);
	return s;
}
