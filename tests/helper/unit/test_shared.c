/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the shared-node behaviour through the real prolog, epilog,
 * check and reset code, in process, against a fake sysctl and a scratch
 * state directory. Policy: the newest honoured request of a running job
 * that does not yield is in force; with none, 0 while a yielding request
 * (--off both) runs; with none left, the baseline. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "looks.h"
#include "paths.h"
#include "suites.h"

START_TEST(two_jobs_same_value)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(prolog(11, 0, KEEP), 0);
	ck_assert_int_eq(epilog(10), 0);
	ck_assert_int_eq(fake_get(), 0); /* job 11 still needs 0 */
	ck_assert_int_eq(epilog(11), 0);
	assert_clean(1);
}
END_TEST

START_TEST(two_jobs_conflict_keep)
{
	fake_set(4);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(prolog(11, 1, KEEP), 3);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(epilog(10), 0);
	ck_assert_int_eq(fake_get(), 4); /* 11 was not honoured: baseline */
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(epilog(11), 0);
	assert_clean(4);
}
END_TEST

START_TEST(two_jobs_conflict_latest)
{
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(prolog(11, 1, LATEST), 0);
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(epilog(11), 0);
	ck_assert_int_eq(fake_get(), 0); /* back to job 10's request */
	ck_assert_int_eq(epilog(10), 0);
	assert_clean(1);
}
END_TEST

START_TEST(latest_older_job_ends_first)
{
	fake_set(4);
	ck_assert_int_eq(prolog(10, 0, LATEST), 0);
	ck_assert_int_eq(prolog(11, 1, LATEST), 0);
	ck_assert_int_eq(epilog(10), 0);
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(epilog(11), 0);
	assert_clean(4);
}
END_TEST

START_TEST(three_jobs_keep)
{
	fake_set(4);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(prolog(2, 0, KEEP), 0);
	ck_assert_int_eq(prolog(3, 1, KEEP), 3);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(2), 0);
	ck_assert_int_eq(fake_get(), 4);
	ck_assert_int_eq(epilog(3), 0);
	assert_clean(4);
}
END_TEST

START_TEST(three_jobs_latest)
{
	fake_set(4);
	ck_assert_int_eq(prolog(1, 0, LATEST), 0);
	ck_assert_int_eq(prolog(2, 1, LATEST), 0);
	ck_assert_int_eq(prolog(3, 0, LATEST), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(3), 0);
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(epilog(2), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(1), 0);
	assert_clean(4);
}
END_TEST

START_TEST(keep_after_latest)
{
	fake_set(1);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(prolog(2, 1, LATEST), 0);
	ck_assert_int_eq(prolog(3, 0, KEEP), 3); /* conflicts with job 2's value */
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(epilog(2), 0);
	ck_assert_int_eq(fake_get(), 0); /* job 1 honoured and still running */
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(epilog(3), 0);
	assert_clean(1);
}
END_TEST

START_TEST(unknown_epilog)
{
	fake_set(4);
	ck_assert_int_eq(epilog(99), 0);
	assert_clean(4);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(epilog(99), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(epilog(1), 0);
	assert_clean(4);
}
END_TEST

START_TEST(repeated_prolog)
{
	fake_set(1);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(prolog(2, 1, KEEP), 3);
	ck_assert_int_eq(prolog(2, 1, KEEP), 3);
	ck_assert_int_eq(prolog(1, 1, KEEP), 0); /* the first request stays */
	ck_assert_int_eq(records_on_disk(), 2);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(1);
}
END_TEST

START_TEST(repeated_epilog)
{
	fake_set(4);
	ck_assert_int_eq(prolog(1, 1, KEEP), 0);
	ck_assert_int_eq(prolog(2, 1, KEEP), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(fake_get(), 1); /* job 2 still runs */
	ck_assert_int_eq(epilog(2), 0);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(4);
}
END_TEST

/* A request sets normal balancing (bit 1) and keeps the baseline's memory
 * tiering bit (2): the value in force for request r is (baseline & 2) | r,
 * 4 (no defined meaning) gives plain 0 or 1, and the exact baseline comes
 * back at the end. */
START_TEST(tiering_bit_kept)
{
	static const int in_force[5][2] = { { 0, 1 }, { 0, 1 }, { 2, 3 }, { 2, 3 }, { 0, 1 } };

	for (int base = 0; base <= 4; base++) {
		for (int req = 0; req <= 1; req++) {
			fake_set(base);
			ck_assert_int_eq(prolog(5, req, KEEP), 0);
			ck_assert_int_eq(fake_get(), in_force[base][req]);
			ck_assert_int_eq(cmd_check(), 0);
			ck_assert_int_eq(epilog(5), 0);
			assert_clean(base);
		}
		fake_set(base); /* two jobs, latest, and a yielding 0 */
		ck_assert_int_eq(prolog(6, 0, LATEST), 0);
		ck_assert_int_eq(prolog(7, 1, LATEST), 0);
		ck_assert_int_eq(fake_get(), in_force[base][1]);
		ck_assert_int_eq(prolog_yield(8), 0);
		ck_assert_int_eq(epilog(7), 0);
		ck_assert_int_eq(fake_get(), in_force[base][0]);
		ck_assert_int_eq(epilog(6), 0);
		ck_assert_int_eq(fake_get(), in_force[base][0]);
		ck_assert_int_eq(cmd_check(), 0);
		ck_assert_int_eq(epilog(8), 0);
		assert_clean(base);
	}
}
END_TEST

/* The bit comes from the baseline, not from the kernel now: an
 * administrator who sets the tiering bit while a job holds a value sees
 * drift, and the next run puts the job's value back over the baseline. */
START_TEST(tiering_bit_from_baseline)
{
	fake_set(1);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(fake_get(), 0);
	fake_set(2);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(prolog(2, 0, KEEP), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(1);
}
END_TEST

START_TEST(no_request_records_nothing)
{
	fake_set(1);
	ck_assert_int_eq(prolog(5, -1, KEEP), 0);
	assert_clean(1);
}
END_TEST

START_TEST(drift_and_reset)
{
	fake_set(1);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(prolog(2, 0, KEEP), 0);
	fake_set(1); /* tuned or an admin behind our back */
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(fake_get(), 1); /* check changes nothing */
	ck_assert_int_eq(prolog(3, 0, KEEP), 0); /* next prolog repairs */
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(cmd_reset(), 0);
	assert_clean(1);
}
END_TEST

/* A baseline without records (a prolog stopped before its record, or an
 * epilog after it had restored the value) is never applied: the value an
 * administrator set since then stays, and check does not call it drift
 * (nor removes it: check only looks). */
START_TEST(leftover_baseline_not_applied)
{
	put_baseline(3, this_boot());
	fake_set(2);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(baseline_on_disk(), 1);
	put_baseline(3, this_boot());
	ck_assert_int_eq(epilog(99), 0);
	assert_clean(2);
	put_baseline(3, this_boot());
	ck_assert_int_eq(prolog(1, 0, KEEP), 0);
	ck_assert_int_eq(epilog(1), 0);
	assert_clean(2);
}
END_TEST

START_TEST(state_from_before_reboot_ignored)
{
	const char *old = "ffffffff-4567-89ef-0123-456789abcdef";

	put_baseline(3, old);
	put_record("job.5", 5, 1, old);
	fake_set(1); /* the kernel's value after the reboot */
	ck_assert_int_eq(prolog(6, 0, KEEP), 0); /* job 5's stale request does not conflict */
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(epilog(6), 0);
	assert_clean(1); /* the new baseline, not the stale 3 */
}
END_TEST

/* No sysctl: a prolog with a request changes nothing (4); an epilog with
 * nothing to act on succeeds. */
START_TEST(unsupported_changes_nothing)
{
	setenv("NB_TEST_SYSCTL", scratch_path("absent"), 1);
	paths_init();
	ck_assert_int_eq(prolog(1, 0, KEEP), 4);
	ck_assert_int_eq(records_on_disk(), 0);
	ck_assert_int_eq(baseline_on_disk(), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(cmd_check(), 4);
	ck_assert_int_eq(cmd_reset(), 0);
}
END_TEST

/* A sysctl the helper may not write (mode 0444: it keeps no
 * CAP_DAC_OVERRIDE, so EACCES even as root): a prolog changes nothing (4);
 * an epilog with nothing to act on (no record of the job, nothing
 * pending, the kernel where the state wants it) needs no write access and
 * exits 0; one that must restore exits 4 and keeps the record. */
START_TEST(read_only_sysctl_epilog)
{
	fake_set(1);
	ck_assert_int_eq(chmod(scratch_path("sysctl"), 0444), 0);
	ck_assert_int_eq(prolog(1, 0, KEEP), 4);
	ck_assert_int_eq(records_on_disk(), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(cmd_reset(), 0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(chmod(scratch_path("sysctl"), 0644), 0);
	ck_assert_int_eq(prolog(2, 1, KEEP), 0); /* 1 already: nothing written */
	ck_assert_int_eq(prolog(3, 0, KEEP), 3);
	ck_assert_int_eq(chmod(scratch_path("sysctl"), 0444), 0);
	ck_assert_int_eq(epilog(3), 0); /* not honoured: nothing to put back */
	ck_assert_int_eq(epilog(4), 0); /* unknown job, the kernel at 1 */
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(chmod(scratch_path("sysctl"), 0644), 0);
	ck_assert_int_eq(prolog(5, 0, LATEST), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(chmod(scratch_path("sysctl"), 0444), 0);
	ck_assert_int_eq(epilog(5), 4); /* 1 is due and cannot be written */
	ck_assert_int_eq(records_on_disk(), 2); /* job 3's, and job 5's restore owed */
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(chmod(scratch_path("sysctl"), 0644), 0);
	ck_assert_int_eq(epilog(6), 0); /* the next event on the node makes it */
	ck_assert_int_eq(fake_get(), 1);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(1);
}
END_TEST

START_TEST(bad_kernel_content_is_broken)
{
	scratch_write("sysctl", "garbage\n");
	ck_assert_int_eq(prolog(1, 0, KEEP), 5);
	ck_assert_int_eq(records_on_disk(), 0);
}
END_TEST

/* 40 bytes with no newline: the error message must stay within what was
 * read (under ASan an over-read fails this test). */
START_TEST(long_bad_kernel_content_is_broken)
{
	scratch_write("sysctl", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	ck_assert_int_eq(prolog(1, 0, KEEP), 5);
	ck_assert_int_eq(cmd_check(), 5);
	ck_assert_int_eq(records_on_disk(), 0);
}
END_TEST

/* A 1 job beside a yielding 0 job, in both orders of arrival and of
 * ending, under keep and latest: both honoured (exit 0), the kernel at 1
 * while the 1 job runs, at 0 while only the yielding job does, then the
 * baseline. */
START_TEST(one_beside_yielding_zero)
{
	for (int c = KEEP; c <= LATEST; c++) {
		for (int order = 0; order < 4; order++) {
			int zero_first = order & 1, zero_ends_first = order & 2;

			fake_set(1);
			if (zero_first) {
				ck_assert_int_eq(prolog_yield(10), 0);
				ck_assert_int_eq(fake_get(), 0);
			}
			ck_assert_int_eq(prolog(11, 1, (enum nb_conflict)c), 0);
			ck_assert_int_eq(fake_get(), 1);
			if (!zero_first)
				ck_assert_int_eq(prolog_yield(10), 0);
			ck_assert_int_eq(fake_get(), 1);
			ck_assert_int_eq(cmd_check(), 0);
			ck_assert_int_eq(epilog(zero_ends_first ? 10 : 11), 0);
			ck_assert_int_eq(fake_get(), zero_ends_first ? 1 : 0);
			ck_assert_int_eq(cmd_check(), 0);
			ck_assert_int_eq(epilog(zero_ends_first ? 11 : 10), 0);
			assert_clean(1);
		}
	}
}
END_TEST

/* Yielding requests never conflict with anything: a 0 under keep beside
 * them is honoured too, and the conflict policy still applies between the
 * requests that do not yield. */
START_TEST(yielding_beside_conflict)
{
	fake_set(3);
	ck_assert_int_eq(prolog_yield(1), 0);
	ck_assert_int_eq(prolog(2, 0, KEEP), 0);
	ck_assert_int_eq(prolog(3, 1, KEEP), 3); /* job 2's 0 does not yield */
	ck_assert_int_eq(prolog_yield(4), 0);
	ck_assert_int_eq(records_on_disk(), 4);
	ck_assert_int_eq(epilog(2), 0);
	ck_assert_int_eq(fake_get() & 1, 0); /* jobs 1 and 4 yield 0 */
	ck_assert_int_eq(prolog(5, 1, KEEP), 0);
	ck_assert_int_eq(fake_get() & 1, 1);
	ck_assert_int_eq(epilog(5), 0);
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_eq(fake_get() & 1, 0);
	ck_assert_int_eq(epilog(3), 0);
	ck_assert_int_eq(epilog(4), 0);
	assert_clean(3);
}
END_TEST

/* --off tasks: a 0 request is no request for the helper; a 1 is as ever. */
START_TEST(off_tasks_zero_is_no_request)
{
	struct nb_args a;
	const char *argv[] = { "numa-balancing-helper", "prolog", "--job", "4", "--value", "0",
	                       "--off", "tasks" };
	struct nb_env env = { NULL, NULL };
	char err[256];

	fake_set(1);
	ck_assert_int_eq(args_parse(8, argv, &env, &a, err, sizeof(err)), 0);
	ck_assert_int_eq(cmd_prolog(&a), 0);
	assert_clean(1);
	ck_assert_int_eq(prolog_off(5, 1, KEEP, NB_OFF_TASKS), 0);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(epilog(5), 0);
	assert_clean(1);
}
END_TEST

/* Records in the version 1 format (written before an upgrade) are read
 * and honoured: they do not yield, and their epilog restores the
 * baseline. */
START_TEST(version_one_records)
{
	put_baseline(1, this_boot());
	put_record_v1("job.5", 5, 0, this_boot());
	fake_set(0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(prolog(6, 1, KEEP), 3); /* job 5's 0 does not yield */
	ck_assert_int_eq(prolog_yield(7), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(5), 0);
	ck_assert_int_eq(fake_get(), 0); /* job 7 yields 0 */
	ck_assert_int_eq(epilog(6), 0);
	ck_assert_int_eq(epilog(7), 0);
	assert_clean(1);
}
END_TEST

/* The kernel takes 0 .. 4: anything else read from the sysctl is broken
 * (no baseline could be saved for it), for every command. */
START_TEST(kernel_value_out_of_range)
{
	fake_set(5);
	ck_assert_int_eq(prolog(1, 0, KEEP), 5);
	ck_assert_int_eq(cmd_check(), 5);
	ck_assert_int_eq(epilog(1), 5);
	ck_assert_int_eq(records_on_disk(), 0);
	ck_assert_int_eq(baseline_on_disk(), 0);
	ck_assert_int_eq(fake_get(), 5);
}
END_TEST

/* A tampered baseline beyond 0 .. 4 no longer blocks every restore: it is
 * removed as corrupt and the boot default (0 or 1) is restored. A
 * directory named baseline: removed when empty; when not, every command is
 * refused (exit 5) with the kernel and the records untouched. */
START_TEST(tampered_baseline)
{
	fake_set(1);
	ck_assert_int_eq(prolog(1, 1, KEEP), 0);
	put_baseline(9, this_boot());
	ck_assert_int_eq(epilog(1), 0);
	ck_assert_int_le(fake_get(), 1); /* the boot default of this machine */
	ck_assert_int_eq(records_on_disk(), 0);
	ck_assert_int_eq(baseline_on_disk(), 0);
	fake_set(1);
	ck_assert_int_eq(mkdir(scratch_path("st/baseline"), 0755), 0);
	ck_assert_int_eq(prolog(2, 0, KEEP), 0);
	ck_assert_int_eq(epilog(2), 0);
	assert_clean(1);
	ck_assert_int_eq(prolog(3, 0, KEEP), 0);
	ck_assert_int_eq(unlink(scratch_path("st/baseline")), 0);
	ck_assert_int_eq(mkdir(scratch_path("st/baseline"), 0755), 0);
	scratch_write("st/baseline/x", "");
	ck_assert_int_eq(prolog(4, 1, LATEST), 5);
	ck_assert_int_eq(epilog(3), 5);
	ck_assert_int_eq(cmd_check(), 1); /* it only looks: job 3's restore is owed */
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(records_on_disk(), 1);
	ck_assert_int_eq(unlink(scratch_path("st/baseline/x")), 0);
	ck_assert_int_eq(cmd_reconcile(), 0); /* job 3's epilog made its record a done one */
	ck_assert_int_le(fake_get(), 1); /* the boot default: the baseline was lost to tampering */
	ck_assert_int_eq(records_on_disk(), 0);
	ck_assert_int_eq(baseline_on_disk(), 0);
}
END_TEST

Suite *shared_suite(void)
{
	Suite *s = suite_create("shared-node");
	TCase *t = tcase_create("commands");

	tcase_add_checked_fixture(t, commands_setup, scratch_teardown);
	tcase_add_test(t, two_jobs_same_value);
	tcase_add_test(t, two_jobs_conflict_keep);
	tcase_add_test(t, two_jobs_conflict_latest);
	tcase_add_test(t, latest_older_job_ends_first);
	tcase_add_test(t, three_jobs_keep);
	tcase_add_test(t, three_jobs_latest);
	tcase_add_test(t, keep_after_latest);
	tcase_add_test(t, unknown_epilog);
	tcase_add_test(t, repeated_prolog);
	tcase_add_test(t, repeated_epilog);
	tcase_add_test(t, tiering_bit_kept);
	tcase_add_test(t, tiering_bit_from_baseline);
	tcase_add_test(t, no_request_records_nothing);
	tcase_add_test(t, drift_and_reset);
	tcase_add_test(t, leftover_baseline_not_applied);
	tcase_add_test(t, state_from_before_reboot_ignored);
	tcase_add_test(t, unsupported_changes_nothing);
	tcase_add_test(t, read_only_sysctl_epilog);
	tcase_add_test(t, bad_kernel_content_is_broken);
	tcase_add_test(t, long_bad_kernel_content_is_broken);
	tcase_add_test(t, one_beside_yielding_zero);
	tcase_add_test(t, yielding_beside_conflict);
	tcase_add_test(t, off_tasks_zero_is_no_request);
	tcase_add_test(t, version_one_records);
	tcase_add_test(t, kernel_value_out_of_range);
	tcase_add_test(t, tampered_baseline);
	suite_add_tcase(s, t);
	return s;
}
