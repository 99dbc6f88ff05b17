/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: loading the state directory recovers from stale, corrupt,
 * truncated and hostile files: dropped with a log line, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "failpoint.h"
#include "state.h"
#include "statedir.h"
#include "suites.h"

#define BOOT "0123abcd-4567-89ef-0123-456789abcdef"
#define OLD_BOOT "ffffffff-4567-89ef-0123-456789abcdef"

static int exists(const char *name)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "st/%s", name);
	return lstat(scratch_path(path), &st) == 0;
}

/* The boot default state_load asks for; -1: it must not ask. */
static int fallback_value;

static int fallback(void)
{
	ck_assert_msg(fallback_value >= 0, "state_load asked for the boot default needlessly");
	return fallback_value;
}

static void load(struct nb_state *st, int boot_default)
{
	char err[256];
	int fd = statedir_open(scratch_path("st"), 1, err, sizeof(err));

	ck_assert_int_ge(fd, 0);
	fallback_value = boot_default;
	ck_assert_int_eq(state_load(st, fd, 1, BOOT, fallback), 0);
}

static void unload(struct nb_state *st)
{
	close(st->dirfd);
	state_free(st);
}

START_TEST(loads_valid_state)
{
	struct nb_state st;

	put_baseline(3, BOOT);
	put_record("job.5", 5, 0, BOOT);
	put_record("job.6", 6, 1, BOOT);
	load(&st, -1);
	ck_assert_int_eq(st.has_baseline, 1);
	ck_assert_int_eq(st.base.value, 3);
	ck_assert_uint_eq(st.jobs.n, 2);
	ck_assert_int_ge(state_find(&st, 5), 0);
	ck_assert_int_ge(state_find(&st, 6), 0);
	ck_assert_int_eq(state_find(&st, 7), -1);
	unload(&st);
}
END_TEST

START_TEST(drops_earlier_boot)
{
	struct nb_state st;

	put_baseline(3, OLD_BOOT);
	put_record("job.5", 5, 0, OLD_BOOT);
	load(&st, -1);
	ck_assert_int_eq(st.has_baseline, 0);
	ck_assert_uint_eq(st.jobs.n, 0);
	ck_assert(!exists("baseline"));
	ck_assert(!exists("job.5"));
	unload(&st);
}
END_TEST

START_TEST(drops_corrupt_and_hostile)
{
	struct nb_state st;
	char big[4096];

	put_baseline(2, BOOT);
	put_record("job.5", 5, 0, BOOT);
	put_record("job.6", 7, 0, BOOT);          /* name and content disagree */
	put_record("job.abc", 8, 0, BOOT);        /* not a job id */
	put_record("job.09", 9, 0, BOOT);         /* not as Slurm prints it */
	scratch_write("st/job.10", "numa-balancing-job 1\njob 10\nval");   /* truncated */
	scratch_write("st/job.11", "");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	scratch_write("st/job.12", big);
	ck_assert_int_eq(symlink("/etc/passwd", scratch_path("st/job.13")), 0);
	ck_assert_int_eq(mkfifo(scratch_path("st/job.14"), 0644), 0);
	ck_assert_int_eq(mkdir(scratch_path("st/job.15"), 0755), 0);
	scratch_write("st/.tmp.job.16", "partial");
	scratch_write("st/notes", "an admin's file");
	put_record("pending.17", 17, 1, OLD_BOOT); /* from an earlier boot */
	put_record("pending.x", 18, 1, BOOT);
	load(&st, -1);
	ck_assert_uint_eq(st.jobs.n, 1);
	ck_assert_uint_eq(st.jobs.recs[0].job, 5);
	ck_assert_int_eq(st.base.value, 2);
	ck_assert(exists("job.5"));
	ck_assert_uint_eq(st.pending.n, 0);
	const char *gone[] = { "job.6", "job.abc", "job.09", "job.10", "job.11", "job.12",
	                       "job.13", "job.14", "job.15", ".tmp.job.16", "pending.17", "pending.x" };
	for (size_t i = 0; i < sizeof(gone) / sizeof(gone[0]); i++)
		ck_assert_msg(!exists(gone[i]), "%s left", gone[i]);
	ck_assert(exists("notes"));
	ck_assert_int_eq(access("/etc/passwd", F_OK), 0);
	unload(&st);
}
END_TEST

/* An error while reading any file: nothing is removed, not even the files
 * already judged corrupt, and the load fails. */
START_TEST(read_error_removes_nothing)
{
	struct nb_state st;
	char err[256];
	int fd;

	put_baseline(2, BOOT);
	put_record("job.5", 5, 0, BOOT);
	scratch_write("st/job.6", "corrupt");
	scratch_write("st/.tmp.job.7", "partial");
	setenv("NB_TEST_FAILPOINT", "state-read:eio", 1);
	failpoint_init();
	fd = statedir_open(scratch_path("st"), 1, err, sizeof(err));
	ck_assert_int_ge(fd, 0);
	fallback_value = -1;
	ck_assert_int_eq(state_load(&st, fd, 1, BOOT, fallback), -1);
	close(fd);
	const char *kept[] = { "baseline", "job.5", "job.6", ".tmp.job.7" };
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
		ck_assert_msg(exists(kept[i]), "%s removed after a read error", kept[i]);
	unsetenv("NB_TEST_FAILPOINT");
	failpoint_init();
}
END_TEST

/* A baseline that no record needs is dropped, whatever the kernel holds. */
START_TEST(lone_baseline_dropped)
{
	struct nb_state st;

	put_baseline(3, BOOT);
	load(&st, -1);
	ck_assert_int_eq(st.has_baseline, 0);
	ck_assert(!exists("baseline"));
	unload(&st);
}
END_TEST

/* A pending record keeps the baseline and is loaded apart from the
 * finished ones. */
START_TEST(pending_loaded_apart)
{
	struct nb_state st;

	put_baseline(3, BOOT);
	put_record("pending.8", 8, 1, BOOT);
	load(&st, -1);
	ck_assert_int_eq(st.has_baseline, 1);
	ck_assert_uint_eq(st.jobs.n, 0);
	ck_assert_uint_eq(st.pending.n, 1);
	ck_assert_uint_eq(st.pending.recs[0].job, 8);
	ck_assert_int_eq(state_find(&st, 8), -1);
	unload(&st);
}
END_TEST

START_TEST(corrupt_baseline_falls_back)
{
	struct nb_state st;

	scratch_write("st/baseline", "numa-balancing-baseline 1\nvalue 9x\n");
	put_record("job.5", 5, 0, BOOT);
	load(&st, 1);
	ck_assert_int_eq(st.has_baseline, 1);
	ck_assert_int_eq(st.base.value, 1);
	ck_assert_uint_eq(st.jobs.n, 1);
	unload(&st);
	load(&st, -1); /* the fallback was saved */
	ck_assert_int_eq(st.base.value, 1);
	unload(&st);
}
END_TEST

/* The kernel takes 0 .. 4: a baseline beyond is corrupt (it could never be
 * restored), removed, and the records get the boot default. */
START_TEST(baseline_out_of_range)
{
	static const char *const bad[] = { "5", "7", "255", "256", "4294967296" };
	struct nb_state st;
	char text[128];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "numa-balancing-baseline 1\nvalue %s\nboot_id %s\n", bad[i],
		         BOOT);
		scratch_write("st/baseline", text);
		put_record("job.5", 5, 0, BOOT);
		load(&st, 1);
		ck_assert_int_eq(st.has_baseline, 1);
		ck_assert_int_eq(st.base.value, 1);
		unload(&st);
	}
	put_baseline(4, BOOT);
	load(&st, -1);
	ck_assert_int_eq(st.base.value, 4);
	unload(&st);
}
END_TEST

/* A directory where a state file belongs: an empty one is removed like
 * any proven-bad entry, and the helper writes its file there again; one
 * that is not empty stays, and the load is refused (nothing else
 * removed), never reported as removed. */
START_TEST(directory_in_place)
{
	struct nb_state st;
	char err[256];
	struct stat sb;
	int fd;

	put_record("job.5", 5, 0, BOOT);
	ck_assert_int_eq(mkdir(scratch_path("st/baseline"), 0755), 0);
	load(&st, 1);
	ck_assert_int_eq(st.base.value, 1);
	ck_assert_int_eq(lstat(scratch_path("st/baseline"), &sb), 0);
	ck_assert(S_ISREG(sb.st_mode));
	unload(&st);
	ck_assert_int_eq(unlink(scratch_path("st/baseline")), 0);
	ck_assert_int_eq(mkdir(scratch_path("st/baseline"), 0755), 0);
	scratch_write("st/baseline/x", "");
	scratch_write("st/job.6", "corrupt");
	fd = statedir_open(scratch_path("st"), 1, err, sizeof(err));
	ck_assert_int_ge(fd, 0);
	fallback_value = -1;
	ck_assert_int_eq(state_load(&st, fd, 1, BOOT, fallback), -1);
	close(fd);
	ck_assert_int_eq(lstat(scratch_path("st/baseline"), &sb), 0);
	ck_assert(S_ISDIR(sb.st_mode));
	ck_assert(exists("job.5"));
}
END_TEST

START_TEST(add_and_remove)
{
	struct nb_state st;
	struct nb_record r = { .job = 77, .value = 1, .honoured = 1, .seq = 1 };

	memcpy(r.boot_id, BOOT, sizeof(r.boot_id));
	load(&st, -1);
	ck_assert_int_eq(state_save_baseline(&st, 3), 0);
	ck_assert_int_eq(state_add_record(&st, &r, 0), 0);
	ck_assert(exists("job.77"));
	unload(&st);
	load(&st, -1);
	ck_assert_uint_eq(st.jobs.n, 1);
	ck_assert_int_eq(st.base.value, 3);
	ck_assert_int_eq(state_remove_record(&st, 77, 0), 0);
	ck_assert_int_eq(state_remove_baseline(&st), 0);
	ck_assert(!exists("job.77"));
	ck_assert(!exists("baseline"));
	unload(&st);
}
END_TEST

Suite *state_suite(void)
{
	Suite *s = suite_create("state");
	TCase *t = tcase_create("load");

	tcase_add_checked_fixture(t, scratch_setup, scratch_teardown);
	tcase_add_test(t, loads_valid_state);
	tcase_add_test(t, drops_earlier_boot);
	tcase_add_test(t, drops_corrupt_and_hostile);
	tcase_add_test(t, read_error_removes_nothing);
	tcase_add_test(t, lone_baseline_dropped);
	tcase_add_test(t, pending_loaded_apart);
	tcase_add_test(t, corrupt_baseline_falls_back);
	tcase_add_test(t, baseline_out_of_range);
	tcase_add_test(t, directory_in_place);
	tcase_add_test(t, add_and_remove);
	suite_add_tcase(s, t);
	return s;
}
