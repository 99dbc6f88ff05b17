/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the records of ended jobs. An epilog makes its job's record
 * a done record; the plugin does the same when its epilog could not run
 * the helper (common/failed.h), and a version 1.0 ended marker is read as
 * that. Either way the next prolog or epilog of any job, and reconcile,
 * restore the value and clear the record; check reports it until then.
 * No process or cgroup on the
 * node keeps a record or clears one (tests/helper/lookalike.sh starts a
 * user's look-alike slurmstepd for real). Commands run in process against
 * the scratch node. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "looks.h"
#include "common/failed.h"
#include "paths.h"
#include "suites.h"

/* What the plugin records when job's epilog could not run the helper. */
static void mark(uint32_t job)
{
	char err[256];

	ck_assert_msg(nb_run_failed(scratch_path("st"), NB_BOOT_ID_PATH, NB_RUN_EPILOG, job,
	                            err, sizeof(err)) == 0, "%s", err);
}

/* Whether st/<prefix><job> exists. */
static int present(const char *prefix, uint32_t job)
{
	char rel[64];

	snprintf(rel, sizeof(rel), "st/%s%u", prefix, job);
	return access(scratch_path(rel), F_OK) == 0;
}

static int marked(uint32_t job)
{
	return present("done.", job);
}

/* Job 10's epilog could not run the helper. The next epilog on the
 * node, of a job that asked for nothing, restores the value. */
START_TEST(other_epilog_restores)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(epilog(11), 0);
	ck_assert_int_eq(fake_get(), 0); /* no proof: job 10 may be between steps */
	mark(10);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(epilog(11), 0);
	assert_clean(1);
	ck_assert(!marked(10));
	ck_assert_int_eq(cmd_check(), 0);
}
END_TEST

/* A prolog of another job clears it too, before its own request. */
START_TEST(other_prolog_restores)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	mark(10);
	ck_assert_int_eq(prolog(12, 1, KEEP), 0); /* honoured: 10 no longer holds 0 */
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert(!marked(10));
	ck_assert_int_eq(epilog(12), 0);
	assert_clean(1);
}
END_TEST

/* The plugin's record alone proves the end: check reports it, and
 * reconcile restores the value and clears it. */
START_TEST(marker_proves_end)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(cmd_check(), 0);
	mark(10);
	ck_assert(marked(10) && !present("job.", 10));
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(cmd_reconcile(), 0);
	assert_clean(1);
	ck_assert(!marked(10));
}
END_TEST

/* A done record whose restore cannot be made yet (the epilog stopped after
 * renaming the record) is reported by check, keeps no value in force for
 * admission, and goes with the next writing run. */
START_TEST(done_record_owed)
{
	char from[512];

	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	snprintf(from, sizeof(from), "%s", scratch_path("st/job.10"));
	ck_assert_int_eq(rename(from, scratch_path("st/done.10")), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(prolog(12, 1, KEEP), 0); /* honoured: job 10 ended */
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(access(scratch_path("st/done.10"), F_OK), -1);
	ck_assert_int_eq(epilog(12), 0);
	assert_clean(1);
	ck_assert_int_eq(cmd_check(), 0);
}
END_TEST

/* Between steps (no witness) and no marker: never gone, whatever runs. */
START_TEST(no_marker_no_proof)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(cmd_reconcile(), 0);
	ck_assert_int_eq(prolog(12, 0, KEEP), 0);
	ck_assert_int_eq(epilog(12), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(epilog(10), 0);
	assert_clean(1);
}
END_TEST

/* A requeued job runs again under its id: its own prolog clears the old
 * record, then records the new request. */
START_TEST(requeued_job)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	mark(10);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert(!marked(10) && present("job.", 10));
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(epilog(12), 0);
	ck_assert_int_eq(fake_get(), 0); /* the new run holds it */
	ck_assert_int_eq(epilog(10), 0);
	assert_clean(1);
}
END_TEST

/* latest: the gone job held the value; the one before it takes over. */
START_TEST(gone_holder_latest)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, LATEST), 0);
	ck_assert_int_eq(prolog(11, 1, LATEST), 0);
	ck_assert_int_eq(fake_get(), 1);
	mark(11);
	ck_assert_int_eq(epilog(12), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(epilog(10), 0);
	assert_clean(1);
}
END_TEST

/* A version 1.0 marker (the plugin's ended.<id>): one of this boot makes
 * its job's record a done record, restored by the next writing run;
 * misnamed ones, those of another boot and those no record needs go with
 * it. check reads them and removes nothing. One that cannot be read stops
 * the run like any state file (5, nothing changed). */
START_TEST(version_1_markers)
{
	char marker[256];

	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	snprintf(marker, sizeof(marker), "numa-balancing-ended 1\njob 10\nboot_id %s\nfailure "
	         "timed-out\nstatus 0\n", this_boot());
	scratch_write("st/ended.10", marker);
	scratch_write("st/ended.13", marker);
	scratch_write("st/ended.x", "junk");
	scratch_write("st/ended.12", "numa-balancing-ended 1\njob 12\nboot_id "
	              "00000000-0000-0000-0000-000000000000\nfailure exit\nstatus 5\n");
	ck_assert_int_eq(chmod(scratch_path("st/ended.10"), 0), 0);
	ck_assert_int_eq(epilog(11), 5);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert(present("job.", 10) && present("ended.", 10) && present("ended.", 12));
	ck_assert_int_eq(chmod(scratch_path("st/ended.10"), 0644), 0);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert(present("job.", 10) && present("ended.", 10));
	ck_assert_int_eq(epilog(11), 0);
	assert_clean(1);
	ck_assert(!present("ended.", 10) && !present("ended.", 12) && !present("ended.", 13));
	ck_assert_int_eq(access(scratch_path("st/ended.x"), F_OK), -1);
	ck_assert_int_eq(cmd_check(), 0);
}
END_TEST

/* The plugin's record of a failed epilog for a job without a record (it
 * held no value here) leaves nothing to restore. */
START_TEST(stray_marker)
{
	mark(10);
	ck_assert(!marked(10));
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(epilog(11), 0);
	assert_clean(1);
}
END_TEST

Suite *gone_suite(void)
{
	Suite *s = suite_create("gone");
	TCase *t = tcase_create("records");

	tcase_add_checked_fixture(t, commands_setup, scratch_teardown);
	tcase_add_test(t, other_epilog_restores);
	tcase_add_test(t, other_prolog_restores);
	tcase_add_test(t, marker_proves_end);
	tcase_add_test(t, done_record_owed);
	tcase_add_test(t, no_marker_no_proof);
	tcase_add_test(t, requeued_job);
	tcase_add_test(t, gone_holder_latest);
	tcase_add_test(t, version_1_markers);
	tcase_add_test(t, stray_marker);
	suite_add_tcase(s, t);
	return s;
}
