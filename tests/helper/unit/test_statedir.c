/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the state directory is refused when insecure, written
 * atomically, and its lock is exclusive. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "statedir.h"
#include "suites.h"

static void refused(const char *path, const char *why)
{
	char err[256] = "";

	ck_assert_int_eq(statedir_open(path, 1, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, why) != NULL, "'%s' does not say '%s'", err, why);
}

START_TEST(accepts_own_dir)
{
	char err[256];
	int fd = statedir_open(scratch_path("st"), 1, err, sizeof(err));

	ck_assert_int_ge(fd, 0);
	close(fd);
	/* created when absent */
	fd = statedir_open(scratch_path("new"), 1, err, sizeof(err));
	ck_assert_int_ge(fd, 0);
	close(fd);
}
END_TEST

START_TEST(refuses_insecure)
{
	char target[512];

	ck_assert_int_eq(chmod(scratch_path("st"), 0777), 0);
	refused(scratch_path("st"), "group or world writable");
	ck_assert_int_eq(chmod(scratch_path("st"), 0775), 0);
	refused(scratch_path("st"), "group or world writable");
	ck_assert_int_eq(chmod(scratch_path("st"), 0755), 0);
	snprintf(target, sizeof(target), "%s", scratch_path("st"));
	ck_assert_int_eq(symlink(target, scratch_path("link")), 0);
	refused(scratch_path("link"), "symlink");
	scratch_write("file", "x");
	refused(scratch_path("file"), "Not a directory");
	if (geteuid() == 0) {
		ck_assert_int_eq(chown(scratch_path("st"), 65534, 65534), 0);
		refused(scratch_path("st"), "not root");
	} else {
		refused("/usr", "not root");
	}
}
END_TEST

START_TEST(atomic_write)
{
	char err[256], buf[64];
	int fd = statedir_open(scratch_path("st"), 1, err, sizeof(err));
	ssize_t n;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(statedir_write(fd, "f", "one\n", 4, "test"), 0);
	ck_assert_int_eq(statedir_write(fd, "f", "two\n", 4, "test"), 0);
	int f = openat(fd, "f", O_RDONLY);
	ck_assert_int_ge(f, 0);
	n = read(f, buf, sizeof(buf));
	ck_assert_int_eq(n, 4);
	ck_assert(memcmp(buf, "two\n", 4) == 0);
	close(f);
	ck_assert_int_eq(faccessat(fd, ".tmp.f", F_OK, 0), -1);
	ck_assert_int_eq(statedir_remove(fd, "f", "test"), 0);
	ck_assert_int_eq(statedir_remove(fd, "f", "test"), 0);
	ck_assert_int_eq(faccessat(fd, "f", F_OK, 0), -1);
	close(fd);
}
END_TEST

START_TEST(lock_is_exclusive)
{
	char err[256];
	int fd = statedir_open(scratch_path("st"), 1, err, sizeof(err));
	int lock = statedir_lock(fd, 1, err, sizeof(err));
	int other;

	ck_assert_int_ge(lock, 0);
	other = openat(fd, "lock", O_RDWR);
	ck_assert_int_ge(other, 0);
	ck_assert_int_eq(flock(other, LOCK_EX | LOCK_NB), -1);
	ck_assert_int_eq(errno, EWOULDBLOCK);
	close(lock);
	ck_assert_int_eq(flock(other, LOCK_EX | LOCK_NB), 0);
	close(other);
	close(fd);
}
END_TEST

START_TEST(lock_symlink_refused)
{
	char err[256] = "";
	int fd;

	ck_assert_int_eq(symlink("/etc/passwd", scratch_path("st/lock")), 0);
	fd = statedir_open(scratch_path("st"), 1, err, sizeof(err));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(statedir_lock(fd, 1, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "lock"));
	close(fd);
}
END_TEST

Suite *statedir_suite(void)
{
	Suite *s = suite_create("statedir");
	TCase *t = tcase_create("dir");

	tcase_add_checked_fixture(t, scratch_setup, scratch_teardown);
	tcase_add_test(t, accepts_own_dir);
	tcase_add_test(t, refuses_insecure);
	tcase_add_test(t, atomic_write);
	tcase_add_test(t, lock_is_exclusive);
	tcase_add_test(t, lock_symlink_refused);
	suite_add_tcase(s, t);
	return s;
}
