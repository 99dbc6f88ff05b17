/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: which jobs the node shows running (slurmstepd processes owned
 * by root, Slurm's job cgroups in the v1 and v2 layouts), and the records
 * of jobs proven gone (an ended marker and no witness): the next prolog or
 * epilog of any job, and reconcile, clear them and restore the value; check
 * reports them; a witness, or no marker, keeps a record. Commands run in
 * process against the scratch node, with a fake /proc and cgroup tree. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "common/ended.h"
#include "liveness.h"
#include "paths.h"
#include "suites.h"

/* mkdir -p for a path under the scratch directory. */
static void dirs(const char *rel)
{
	char path[512], *p;

	snprintf(path, sizeof(path), "%s", scratch_path(rel));
	for (p = path + strlen(scratch_path("")); (p = strchr(p + 1, '/')) != NULL;) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	mkdir(path, 0755);
}

/* proc/<pid>/cmdline with cmdline (len bytes), owned by uid. */
static void process(int pid, const char *cmdline, size_t len, uid_t uid)
{
	char rel[64];
	FILE *f;

	snprintf(rel, sizeof(rel), "proc/%d", pid);
	dirs(rel);
	ck_assert_int_eq(chown(scratch_path(rel), uid, uid), 0);
	snprintf(rel, sizeof(rel), "proc/%d/cmdline", pid);
	f = fopen(scratch_path(rel), "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(cmdline, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

static void stepd(int pid, const char *step)
{
	char cmd[64];
	int n = snprintf(cmd, sizeof(cmd), "slurmstepd: [%s]", step);

	process(pid, cmd, (size_t)n + 1, 0);
}

static void no_process(int pid)
{
	char rel[64];

	snprintf(rel, sizeof(rel), "proc/%d/cmdline", pid);
	ck_assert_int_eq(unlink(scratch_path(rel)), 0);
	snprintf(rel, sizeof(rel), "proc/%d", pid);
	ck_assert_int_eq(rmdir(scratch_path(rel)), 0);
}

static unsigned seen(uint32_t job)
{
	struct nb_paths p;
	struct nb_alive a;
	unsigned how;

	paths_get(&p);
	alive_scan(&a, &p);
	how = alive_seen(&a, job);
	alive_free(&a);
	return how;
}

/* The plugin's marker: job's epilog could not run the helper. */
static void mark(uint32_t job)
{
	char err[256];

	ck_assert_msg(nb_run_failed(scratch_path("st"), NB_BOOT_ID_PATH, NB_RUN_EPILOG, job,
	                            NB_FAIL_TIMED_OUT, 0, err, sizeof(err)) == 0, "%s", err);
}

static int marked(uint32_t job)
{
	char rel[64];

	snprintf(rel, sizeof(rel), "st/ended.%u", job);
	return access(scratch_path(rel), F_OK) == 0;
}

START_TEST(witnesses)
{
	dirs("proc");
	stepd(100, "7.0");
	stepd(102, "9.batch");
	stepd(103, "10x.0");
	stepd(104, "abc.0");
	stepd(106, "17+0.0");
	process(101, "slurmstepd: [8.extern]", 23, 65534); /* a user's forgery */
	process(105, "/usr/sbin/slurmstepd\0-D", 23, 0);
	dirs("cgroup/system.slice/slurmstepd.scope/job_11/step_0");
	dirs("cgroup/system.slice/n1_slurmstepd.scope/job_12");
	dirs("cgroup/system.slice/otherslurmstepd.scope/job_13");
	dirs("cgroup/freezer/slurm/uid_1000/job_14");
	dirs("cgroup/memory/slurm_n1/uid_0/job_15");
	dirs("cgroup/cpu/noslurm/uid_0/job_16");
	dirs("cgroup/memory/slurm/uid_0/job_7");
	ck_assert_uint_eq(seen(7), NB_SEEN_STEP | NB_SEEN_CGROUP);
	ck_assert_uint_eq(seen(8), 0);
	ck_assert_uint_eq(seen(9), NB_SEEN_STEP);
	ck_assert_uint_eq(seen(10), 0); /* "slurmstepd: [10x.0]" names no job */
	ck_assert_uint_eq(seen(17), NB_SEEN_STEP);
	ck_assert_uint_eq(seen(11), NB_SEEN_CGROUP);
	ck_assert_uint_eq(seen(12), NB_SEEN_CGROUP);
	ck_assert_uint_eq(seen(13), 0);
	ck_assert_uint_eq(seen(14), NB_SEEN_CGROUP);
	ck_assert_uint_eq(seen(15), NB_SEEN_CGROUP);
	ck_assert_uint_eq(seen(16), 0);
	ck_assert_uint_eq(seen(4), 0);
}
END_TEST

/* Without /proc nothing can be told: every job counts as running. */
START_TEST(no_proc_means_running)
{
	ck_assert_uint_eq(seen(4), NB_SEEN_STEP | NB_SEEN_CGROUP);
}
END_TEST

/* A process that went away during the scan (no cmdline left), or one whose
 * command line is too long to be a slurmstepd's, is no witness; a process
 * that cannot be read for any other reason leaves the scan unknown, and
 * every job counts as running (tests/helper/inject.py fails the reads of
 * the cgroup tree too). */
START_TEST(unreadable_means_running)
{
	char longcmd[200];

	memset(longcmd, 'x', sizeof(longcmd));
	dirs("proc/200");
	process(201, longcmd, sizeof(longcmd), 0);
	dirs("cgroup/system.slice/slurmstepd.scope");
	ck_assert_uint_eq(seen(4), 0);
	dirs("proc/202/cmdline"); /* not a regular file */
	ck_assert_uint_eq(seen(4), NB_SEEN_STEP | NB_SEEN_CGROUP);
	ck_assert_int_eq(rmdir(scratch_path("proc/202/cmdline")), 0);
	ck_assert_uint_eq(seen(4), 0);
}
END_TEST

/* The case: job 10's epilog could not run the helper. The next
 * epilog on the node, of a job that asked for nothing, restores the value. */
START_TEST(other_epilog_restores)
{
	dirs("proc");
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
	dirs("proc");
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

/* A marker but a step still seen: the record stays; once the step is gone
 * check reports it and reconcile clears it. */
START_TEST(witness_keeps_record)
{
	dirs("proc");
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	mark(10);
	stepd(300, "10.0");
	ck_assert_int_eq(epilog(11), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert(marked(10));
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(cmd_reconcile(), 0);
	ck_assert_int_eq(fake_get(), 0);
	no_process(300);
	dirs("cgroup/system.slice/slurmstepd.scope/job_10");
	ck_assert_int_eq(cmd_check(), 0); /* its cgroup is still there */
	ck_assert_int_eq(rmdir(scratch_path("cgroup/system.slice/slurmstepd.scope/job_10")), 0);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(cmd_reconcile(), 0);
	assert_clean(1);
	ck_assert(!marked(10));
}
END_TEST

/* Between steps (no witness) and no marker: never gone, whatever runs. */
START_TEST(no_marker_no_proof)
{
	dirs("proc");
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
 * record, records the new request, and no marker outlives it. */
START_TEST(requeued_job)
{
	dirs("proc");
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	mark(10);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert(!marked(10));
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(epilog(12), 0);
	ck_assert_int_eq(fake_get(), 0); /* the new run holds it */
	ck_assert_int_eq(epilog(10), 0);
	assert_clean(1);
}
END_TEST

/* The same with a step of the old run still seen: the record is kept and
 * taken over by the new run, and its marker goes. */
START_TEST(requeued_job_with_witness)
{
	dirs("proc");
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	mark(10);
	stepd(300, "10.batch");
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert(!marked(10));
	no_process(300);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(epilog(12), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(epilog(10), 0);
	assert_clean(1);
}
END_TEST

/* latest: the gone job held the value; the one before it takes over. */
START_TEST(gone_holder_latest)
{
	dirs("proc");
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

/* Markers that are corrupt, misnamed, of another boot or for jobs without
 * records go with the next run that has records; one that cannot be read
 * keeps its job running. */
START_TEST(bad_markers)
{
	dirs("proc");
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	scratch_write("st/ended.10", "numa-balancing-ended 1\njob 11\n");
	scratch_write("st/ended.x", "junk");
	scratch_write("st/ended.12", "numa-balancing-ended 1\njob 12\nboot_id "
	              "00000000-0000-0000-0000-000000000000\nfailure exit\nstatus 5\n");
	mark(13);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(epilog(11), 0);
	ck_assert_int_eq(fake_get(), 0);
	ck_assert(!marked(10) && !marked(12) && !marked(13));
	ck_assert_int_eq(access(scratch_path("st/ended.x"), F_OK), -1);
	mark(10);
	ck_assert_int_eq(chmod(scratch_path("st/ended.10"), 0), 0);
	ck_assert_int_eq(epilog(11), 0); /* EACCES: counts as running */
	ck_assert_int_eq(fake_get(), 0);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert_int_eq(chmod(scratch_path("st/ended.10"), 0644), 0);
	ck_assert_int_eq(cmd_check(), 1);
	ck_assert_int_eq(epilog(11), 0);
	assert_clean(1);
}
END_TEST

/* A marker no record needs (a job that held no value here) is left by
 * check and goes with the next writing run, or reconcile. */
START_TEST(stray_marker)
{
	dirs("proc");
	mark(10);
	ck_assert_int_eq(cmd_check(), 0);
	ck_assert(marked(10));
	ck_assert_int_eq(epilog(11), 0);
	ck_assert(!marked(10));
	mark(12);
	ck_assert_int_eq(cmd_reconcile(), 0);
	ck_assert(!marked(12));
	assert_clean(1);
}
END_TEST

Suite *gone_suite(void)
{
	Suite *s = suite_create("gone");
	TCase *w = tcase_create("witnesses"), *t = tcase_create("records");

	tcase_add_checked_fixture(w, scratch_setup, scratch_teardown);
	tcase_add_test(w, witnesses);
	tcase_add_test(w, no_proc_means_running);
	tcase_add_test(w, unreadable_means_running);
	suite_add_tcase(s, w);
	tcase_add_checked_fixture(t, commands_setup, scratch_teardown);
	tcase_add_test(t, other_epilog_restores);
	tcase_add_test(t, other_prolog_restores);
	tcase_add_test(t, witness_keeps_record);
	tcase_add_test(t, no_marker_no_proof);
	tcase_add_test(t, requeued_job);
	tcase_add_test(t, requeued_job_with_witness);
	tcase_add_test(t, gone_holder_latest);
	tcase_add_test(t, bad_markers);
	tcase_add_test(t, stray_marker);
	suite_add_tcase(s, t);
	return s;
}
