/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the plugin's record of a failed helper run (an ended job's
 * record renamed to its done record, and the failure counts): the counts'
 * exact format and strict parser, the boot id reader, and the writer
 * against a scratch state directory (as root): under the helper's lock,
 * atomic, insecure directories refused. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/bootid.h"
#include "common/failed.h"
#include "common/readfile.h"
#include "suites.h"

#define BOOT "0123abcd-4567-89ef-0123-456789abcdef"
#define OTHER_BOOT "ffffffff-4567-89ef-0123-456789abcdef"
#define RECORD "numa-balancing-job 2\njob 77\n...\n" /* moved as it is, never parsed */
#define COUNTS "numa-balancing-failures 2\nboot_id " BOOT "\nprolog 1\nepilog 2\n"

static char dir[64], boot_path[96], state[96];

static void scratch(void)
{
	snprintf(dir, sizeof(dir), "/tmp/nb-failed.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(chmod(dir, 0755), 0);
	snprintf(boot_path, sizeof(boot_path), "%s/boot_id", dir);
	snprintf(state, sizeof(state), "%s/st", dir);
	FILE *f = fopen(boot_path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(BOOT "\n", f);
	ck_assert_int_eq(fclose(f), 0);
}

static void unscratch(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* The content of st/<name>, or "" when it cannot be read. */
static const char *content(const char *name)
{
	static char buf[512];
	char path[160];
	size_t len = 0;

	snprintf(path, sizeof(path), "%s/%s", state, name);
	if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) != 0)
		len = 0;
	buf[len] = '\0';
	return buf;
}

START_TEST(boot_ids)
{
	char id[NB_BOOT_ID_LEN + 1];

	ck_assert(boot_id_valid(BOOT, strlen(BOOT)));
	ck_assert(!boot_id_valid("0123ABCD-4567-89ef-0123-456789abcdef", 36));
	ck_assert(!boot_id_valid(BOOT, 35));
	ck_assert(!boot_id_valid("0123abcd+4567-89ef-0123-456789abcdef", 36));
	ck_assert_int_eq(boot_id_read(NB_BOOT_ID_PATH, id), 0);
	ck_assert(boot_id_valid(id, strlen(id)));
	ck_assert_int_eq(boot_id_read(temp_file("junk\n", 5), id), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(boot_id_read("/nonexistent/boot_id", id), -1);
	ck_assert_int_eq(errno, ENOENT);
}
END_TEST

START_TEST(counts_format)
{
	static const char v1[] = "numa-balancing-failures 1\nboot_id " BOOT "\nprolog 3\nepilog 4\n"
		"step-end 5\n";
	struct nb_failures f = { .boot_id = BOOT, .count = { 1, 2 } }, back;
	char buf[256];

	ck_assert_int_gt(failures_format(&f, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, COUNTS);
	ck_assert_int_eq(failures_parse(buf, strlen(buf), &back), 0);
	ck_assert_uint_eq(back.count[NB_RUN_EPILOG], 2);
	ck_assert_int_eq(failures_parse(buf, strlen(buf) - 9, &back), -1);
	ck_assert_str_eq(run_cmd_name(NB_RUN_EPILOG), "epilog");
	ck_assert_str_eq(run_cmd_name(NB_RUN_CMDS), "?");
	/* version 1, written before an upgrade: its step-end count is dropped */
	ck_assert_int_eq(failures_parse(v1, strlen(v1), &back), 0);
	ck_assert_uint_eq(back.count[NB_RUN_PROLOG], 3);
	ck_assert_uint_eq(back.count[NB_RUN_EPILOG], 4);
	ck_assert_int_eq(failures_parse(v1, strlen(v1) - 11, &back), -1);
	ck_assert_int_eq(failures_parse(COUNTS "step-end 5\n", strlen(COUNTS) + 11, &back), -1);
}
END_TEST

/* A file in the scratch state directory (created 0755 if absent). */
static void put(const char *name, const char *text)
{
	char path[160];
	FILE *f;

	mkdir(state, 0755);
	snprintf(path, sizeof(path), "%s/%s", state, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* An epilog's failure makes the job's record its done record and counts;
 * an epilog without a record is only counted, and so is a prolog. */
START_TEST(writer_epilog)
{
	char err[256];

	scratch();
	put("job.77", RECORD);
	put("job.78", RECORD);
	ck_assert_msg(nb_run_failed(state, boot_path, NB_RUN_EPILOG, 77, err, sizeof(err)) == 0,
	              "%s", err);
	ck_assert_str_eq(content("done.77"), RECORD);
	ck_assert_str_eq(content("job.77"), "");
	ck_assert_str_eq(content("failures"), "numa-balancing-failures 2\nboot_id " BOOT
	                 "\nprolog 0\nepilog 1\n");
	ck_assert_int_eq(nb_run_failed(state, boot_path, NB_RUN_PROLOG, 78, err, sizeof(err)), 0);
	ck_assert_int_eq(nb_run_failed(state, boot_path, NB_RUN_EPILOG, 79, err, sizeof(err)), 0);
	ck_assert_str_eq(content("failures"), "numa-balancing-failures 2\nboot_id " BOOT
	                 "\nprolog 1\nepilog 2\n");
	ck_assert_str_eq(content("job.78"), RECORD); /* a prolog is only counted */
	ck_assert_str_eq(content("done.78"), "");
	ck_assert_str_eq(content("done.79"), "");
	ck_assert_str_eq(content(".tmp.failures"), "");
	unscratch();
}
END_TEST

/* Counts of an earlier boot, or a corrupt count file, start again at 0;
 * an invalid call writes nothing. */
START_TEST(writer_counts_start_again)
{
	char err[256], path[160];
	FILE *f;

	scratch();
	ck_assert_int_eq(mkdir(state, 0755), 0);
	snprintf(path, sizeof(path), "%s/failures", state);
	f = fopen(path, "w");
	fputs("numa-balancing-failures 1\nboot_id " OTHER_BOOT "\nprolog 9\nepilog 9\nstep-end 9\n", f);
	fclose(f);
	ck_assert_int_eq(nb_run_failed(state, boot_path, NB_RUN_PROLOG, 5, err, sizeof(err)), 0);
	ck_assert_str_eq(content("failures"), "numa-balancing-failures 2\nboot_id " BOOT
	                 "\nprolog 1\nepilog 0\n");
	f = fopen(path, "w");
	fputs("garbage\n", f);
	fclose(f);
	ck_assert_int_eq(nb_run_failed(state, boot_path, NB_RUN_PROLOG, 5, err, sizeof(err)), 0);
	ck_assert_str_eq(content("failures"), "numa-balancing-failures 2\nboot_id " BOOT
	                 "\nprolog 1\nepilog 0\n");
	put("job.5", RECORD);
	ck_assert_int_eq(nb_run_failed(state, boot_path, NB_RUN_EPILOG, 0, err, sizeof(err)), -1);
	ck_assert_int_eq(nb_run_failed(state, boot_path, NB_RUN_EPILOG, 4294967295u, err,
	                               sizeof(err)), -1);
	ck_assert_int_eq(nb_run_failed(state, boot_path, NB_RUN_CMDS, 5, err, sizeof(err)), -1);
	ck_assert_str_eq(content("job.5"), RECORD);
	unscratch();
}
END_TEST

static void refused(const char *st, const char *why)
{
	char err[256];

	ck_assert_int_eq(nb_run_failed(st, boot_path, NB_RUN_EPILOG, 77, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, why) != NULL, "'%s' lacks '%s'", err, why);
}

START_TEST(writer_refuses)
{
	char p[160], q[160];

	scratch();
	snprintf(p, sizeof(p), "%s/open", dir);
	ck_assert_int_eq(mkdir(p, 0755), 0);
	ck_assert_int_eq(chmod(p, 0777), 0);
	refused(p, "group or world writable: refused");
	snprintf(q, sizeof(q), "%s/link", dir);
	ck_assert_int_eq(mkdir(state, 0755), 0);
	ck_assert_int_eq(symlink(state, q), 0);
	refused(q, "symlink");
	snprintf(p, sizeof(p), "%s/foreign", dir);
	ck_assert_int_eq(mkdir(p, 0755), 0);
	ck_assert_int_eq(chown(p, 65534, 65534), 0);
	refused(p, "not owned by root: refused");
	snprintf(p, sizeof(p), "%s/lock", state);
	ck_assert_int_eq(symlink("/etc/passwd", p), 0);
	put("job.77", RECORD);
	refused(state, "lock file");
	ck_assert_str_eq(content("done.77"), "");
	ck_assert_str_eq(content("job.77"), RECORD);
	snprintf(p, sizeof(p), "%s/missing", dir);
	refused(state, "lock file");
	ck_assert_int_eq(nb_run_failed(state, p, NB_RUN_EPILOG, 77, q, sizeof(q)), -1);
	ck_assert_ptr_nonnull(strstr(q, "No such file"));
	unscratch();
}
END_TEST

/* The writer waits for a helper run that holds the lock, and writes once
 * it is released. */
START_TEST(writer_waits_for_the_lock)
{
	struct timespec t0, t1;
	char err[256], lock[160];
	int fd;
	pid_t pid;

	scratch();
	put("job.77", RECORD);
	snprintf(lock, sizeof(lock), "%s/lock", state);
	fd = open(lock, O_RDWR | O_CREAT, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(flock(fd, LOCK_EX), 0);
	pid = fork();
	if (pid == 0) {
		usleep(300000);
		_exit(0); /* releases the lock */
	}
	close(fd);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ck_assert_msg(nb_run_failed(state, boot_path, NB_RUN_EPILOG, 77, err, sizeof(err)) == 0,
	              "%s", err);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	waitpid(pid, NULL, 0);
	ck_assert_int_ge((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000, 250);
	ck_assert_str_eq(content("done.77"), RECORD);
	unscratch();
}
END_TEST

Suite *failed_suite(void)
{
	Suite *s = suite_create("failed");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, boot_ids);
	tcase_add_test(tc, counts_format);
	tcase_add_test(tc, writer_epilog);
	tcase_add_test(tc, writer_counts_start_again);
	tcase_add_test(tc, writer_refuses);
	tcase_add_test(tc, writer_waits_for_the_lock);
	suite_add_tcase(s, tc);
	return s;
}
