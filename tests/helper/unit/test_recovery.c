/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the state is never lost and never applied wrongly. A file
 * that cannot be read makes every command fail with exit 5 and change
 * nothing; a prolog that fails or is killed leaves no request that a later
 * run would apply; a failed save leaves no baseline behind. The commands
 * run in process, or in a forked child that a failpoint kills. */
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"
#include "looks.h"
#include "failpoint.h"
#include "suites.h"

static void set_failpoint(const char *name)
{
	if (name)
		setenv("NB_TEST_FAILPOINT", name, 1);
	else
		unsetenv("NB_TEST_FAILPOINT");
	failpoint_init();
}

/* Baseline 4 (neither request gives it), jobs 1 and 2 holding 0. */
static void two_jobs(void)
{
	fake_set(4);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(prolog(2, 0, KEEP), 0);
	ck_assert_int_eq(fake_get(), 0);
}

/* Every command fails with 5, the kernel keeps 0 and every file stays
 * (job 8's epilog, of a job without a record, has nothing to rename). */
static void all_refuse(int records)
{
	ck_assert_int_eq(epilog(8), 5);
	ck_assert_int_eq(prolog(3, 1, LATEST), 5);
	ck_assert_int_eq(cmd_status(0), 5);
	ck_assert_int_eq(cmd_check(), 5);
	ck_assert_int_eq(cmd_reset(), 5);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(records_on_disk(), records);
	ck_assert_int_eq(baseline_on_disk(), 1);
}

static void both_epilogs(void)
{
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(4);
}

/* The helper keeps no CAP_DAC_OVERRIDE: a mode-000 file is EACCES even to
 * root. */
START_TEST(unreadable_record_changes_nothing)
{
	two_jobs();
	ck_assert_int_eq(chmod(scratch_path("st/job.2"), 0), 0);
	scratch_write("st/job.9", "corrupt, but not removed while job.2 cannot be read");
	all_refuse(3);
	ck_assert_int_eq(access(scratch_path("st/job.9"), F_OK), 0);
	ck_assert_int_eq(chmod(scratch_path("st/job.2"), 0644), 0);
	both_epilogs();
}
END_TEST

START_TEST(io_errors_change_nothing)
{
	static const char *const faults[] = { "state-read:eio", "state-read:enomem", "state-read:eacces" };

	two_jobs();
	for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
		set_failpoint(faults[i]);
		all_refuse(2);
	}
	set_failpoint(NULL);
	both_epilogs();
}
END_TEST

/* No room for the record: the prolog changes nothing and says so (4: the
 * job runs without its request, and no node fails for it), and the
 * baseline it saved does not outlive it (a later job would have reused
 * it). */
START_TEST(failed_record_leaves_no_baseline)
{
	static const char *const faults[] = { "pending-write:enospc", "record-write:enospc",
	                                      "baseline-write:enospc" };

	for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
		fake_set(4);
		if (i == 1) { /* a not-honoured request is saved as a record */
			set_failpoint(NULL);
			ck_assert_int_eq(prolog(1, 0, KEEP), 0);
		}
		set_failpoint(faults[i]);
		ck_assert_int_eq(prolog(2, 1, KEEP), 4);
		set_failpoint(NULL);
		if (i == 1) {
			ck_assert_int_eq(fake_get(), 0);
			ck_assert_int_eq(epilog(1), 0);
		}
		assert_clean(4);
	}
}
END_TEST

/* Runs a latest prolog of job 2 for 1 in a child that the failpoint kills. */
static void killed_prolog(const char *point)
{
	pid_t pid = fork();
	int status;

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		set_failpoint(point);
		_exit(prolog(2, 1, LATEST));
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFSIGNALED(status), "%s: the prolog was not killed", point);
}

/* Job 1 holds 0 over baseline 4; job 2's latest prolog for 1 is killed at
 * each step before its last: the epilog of job 1 must restore 4, never
 * switch the node to job 2's 1, and check must not see job 2 as holder. */
START_TEST(killed_prolog_never_applied)
{
	static const char *const points[] = {
		"prolog-locked", "pending-tmp-written", "pending-renamed",
		"prolog-recorded", "sysctl-write", "prolog-applied",
	};

	for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); i++) {
		fake_set(4);
		ck_assert_int_eq(prolog(1, 0, KEEP), 0);
		killed_prolog(points[i]);
		ck_assert_int_eq(epilog(1), 0);
		ck_assert_msg(fake_get() == 4, "killed at %s: kernel %d, want the baseline 4",
		              points[i], fake_get());
		ck_assert_int_eq(epilog(2), 0);
		assert_clean(4);
	}
}
END_TEST

/* The first prolog killed right after it saved the baseline; an
 * administrator then sets 2. No later run may bring back the stale 4. */
START_TEST(killed_first_prolog_baseline_not_reused)
{
	fake_set(4);
	killed_prolog("baseline-renamed");
	ck_assert_int_eq(baseline_on_disk(), 1);
	fake_set(2);
	ck_assert_int_eq(cmd_check(), 0);
	killed_prolog("baseline-renamed");
	ck_assert_int_eq(prolog(5, 0, KEEP), 0);
	ck_assert_int_eq(epilog(5), 0);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(2);
}
END_TEST

/* Killed after it wrote the kernel: check reports the drift, and the next
 * writing run (here another job's prolog) puts back what job 1 holds. */
START_TEST(killed_prolog_settled_by_next_run)
{
	fake_set(4);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	killed_prolog("prolog-applied");
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(records_on_disk(), 2); /* check leaves the pending record */
	ck_assert_int_eq(prolog(3, 0, KEEP), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(records_on_disk(), 2); /* jobs 1 and 3 */
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(epilog(3), 0);
	assert_clean(4);
}
END_TEST

/* The prolog's last step commits the record: killed after it, the request
 * holds like one that exited 0. */
START_TEST(killed_after_commit_holds)
{
	fake_set(4);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	killed_prolog("commit-renamed");
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(4);
}
END_TEST

Suite *recovery_suite(void)
{
	Suite *s = suite_create("recovery");
	TCase *t = tcase_create("faults");

	tcase_add_checked_fixture(t, commands_setup, scratch_teardown);
	tcase_add_test(t, unreadable_record_changes_nothing);
	tcase_add_test(t, io_errors_change_nothing);
	tcase_add_test(t, failed_record_leaves_no_baseline);
	tcase_add_test(t, killed_prolog_never_applied);
	tcase_add_test(t, killed_first_prolog_baseline_not_reused);
	tcase_add_test(t, killed_prolog_settled_by_next_run);
	tcase_add_test(t, killed_after_commit_holds);
	suite_add_tcase(s, t);
	return s;
}
