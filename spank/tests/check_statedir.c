/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: what the plugin reads from the helper's state directory
 * (a scratch directory here) before it runs the helper. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_suites.h"
#include "nb_statedir.h"

static char dir[] = "/tmp/nb-statedir-XXXXXX";
static char path[sizeof(dir) + 32];

static const char *in_dir(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void touch(const char *name)
{
	int fd = open(in_dir(name), O_WRONLY | O_CREAT | O_EXCL, 0644);

	ck_assert_int_ge(fd, 0);
	close(fd);
}

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(dir, sizeof(dir), "/tmp/nb-statedir-XXXXXX");
}

/* The helper's lock file alone is no work; a record, a done record (a
 * restore owed), a pending record or a baseline is. A directory that does
 * not exist holds nothing. */
START_TEST(work_means_records_or_baseline)
{
	ck_assert(!nb_state_has_work(dir));
	touch("lock");
	touch("job.x.tmp-lookalike");
	ck_assert(nb_state_has_work(dir));
	ck_assert_int_eq(unlink(in_dir("job.x.tmp-lookalike")), 0);
	ck_assert(!nb_state_has_work(dir));
	touch("pending.12");
	ck_assert(nb_state_has_work(dir));
	ck_assert_int_eq(unlink(in_dir("pending.12")), 0);
	touch("done.13");
	ck_assert(nb_state_has_work(dir));
	ck_assert_int_eq(unlink(in_dir("done.13")), 0);
	ck_assert(!nb_state_has_work(dir));
	touch("baseline");
	ck_assert(nb_state_has_work(dir));
	ck_assert(!nb_state_has_work(in_dir("missing")));
}
END_TEST

/* A directory that is a link is not followed: the helper decides then. */
START_TEST(linked_dir_is_not_followed)
{
	char link[sizeof(path)];

	snprintf(link, sizeof(link), "%s", in_dir("link"));
	ck_assert_int_eq(mkdir(in_dir("real"), 0755), 0);
	ck_assert_int_eq(symlink(in_dir("real"), link), 0);
	ck_assert(nb_state_has_work(link));
	ck_assert(!nb_job_record(link, 7, geteuid()));
}
END_TEST

START_TEST(record_is_an_owned_regular_file)
{
	char target[sizeof(path)];

	touch("job.7");
	ck_assert(nb_job_record(dir, 7, geteuid()));
	ck_assert(!nb_job_record(dir, 8, geteuid()));
	ck_assert(!nb_job_record(dir, 7, geteuid() + 1));
	snprintf(target, sizeof(target), "%s", in_dir("job.7"));
	ck_assert_int_eq(symlink(target, in_dir("job.9")), 0);
	ck_assert(!nb_job_record(dir, 9, geteuid()));
	ck_assert_int_eq(mkdir(in_dir("job.10"), 0755), 0);
	ck_assert(!nb_job_record(dir, 10, geteuid()));
	ck_assert(!nb_job_record(in_dir("missing"), 7, geteuid()));
}
END_TEST

Suite *statedir_suite(void)
{
	Suite *s = suite_create("statedir");
	TCase *tc = tcase_create("statedir");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, work_means_records_or_baseline);
	tcase_add_test(tc, linked_dir_is_not_followed);
	tcase_add_test(tc, record_is_an_owned_regular_file);
	suite_add_tcase(s, tc);
	return s;
}
