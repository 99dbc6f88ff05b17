/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Scratch node for tests: a temporary state directory, fake sysctl and
 * state files written as the helper writes them, and the commands run in
 * process against it. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/bootid.h"
#include "commands.h"
#include "looks.h"
#include "paths.h"
#include "privs.h"
#include "record.h"
#include "suites.h"

static char root[256];
static char path_buf[512];

void scratch_setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(root, sizeof(root), "%s/nb-unit.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(root));
	ck_assert_int_eq(chmod(root, 0755), 0);
	ck_assert_int_eq(mkdir(scratch_path("st"), 0755), 0);
	fake_set(1);
	setenv("NB_TEST_STATE_DIR", scratch_path("st"), 1);
	setenv("NB_TEST_SYSCTL", scratch_path("sysctl"), 1);
	setenv("NB_TEST_CGROUP_SLICE", scratch_path("slice"), 1);
	setenv("NB_TEST_NODE_DIR", scratch_path("nodes"), 1);
	setenv("NB_TEST_UNCONFINED", "1", 1);
	paths_init();
	metrics_init();
}

void commands_setup(void)
{
	char err[256];

	scratch_setup();
	ck_assert_msg(privs_drop(err, sizeof(err)) == 0, "%s", err);
}

int prolog_off(uint32_t job, int value, enum nb_conflict c, enum nb_off off)
{
	struct nb_args a = { .cmd = NB_CMD_PROLOG, .has_job = 1, .job = job,
	                     .value = value, .conflict = c, .off = off };

	return cmd_prolog(&a);
}

int prolog(uint32_t job, int value, enum nb_conflict c)
{
	return prolog_off(job, value, c, NB_OFF_NODE);
}

int epilog(uint32_t job)
{
	struct nb_args a = { .cmd = NB_CMD_EPILOG, .has_job = 1, .job = job, .value = -1 };

	return cmd_epilog(&a);
}

void assert_clean(int baseline)
{
	ck_assert_int_eq(fake_get(), baseline);
	ck_assert_int_eq(records_on_disk(), 0);
	ck_assert_int_eq(baseline_on_disk(), 0);
}

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[512];

	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(p);
		else
			unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

void scratch_teardown(void)
{
	remove_tree(root);
}

const char *scratch_path(const char *name)
{
	snprintf(path_buf, sizeof(path_buf), "%s/%s", root, name);
	return path_buf;
}

void scratch_write(const char *name, const char *data)
{
	FILE *f = fopen(scratch_path(name), "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_ge(fputs(data, f), 0);
	ck_assert_int_eq(fclose(f), 0);
}

void fake_set(int value)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d\n", value);
	scratch_write("sysctl", buf);
}

int fake_get(void)
{
	FILE *f = fopen(scratch_path("sysctl"), "r");
	int v = -1;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%d", &v), 1);
	fclose(f);
	return v;
}

int records_on_disk(void)
{
	DIR *d = opendir(scratch_path("st"));
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		n += strncmp(e->d_name, "job.", 4) == 0 || strncmp(e->d_name, "pending.", 8) == 0 ||
		     strncmp(e->d_name, "done.", 5) == 0;
	closedir(d);
	return n;
}

int baseline_on_disk(void)
{
	return access(scratch_path("st/baseline"), F_OK) == 0;
}

void put_record(const char *name, uint32_t job, int value, const char *boot)
{
	struct nb_record r = { .job = job, .value = value, .honoured = 1, .seq = job };
	char buf[NB_STATE_FILE_MAX], path[64];

	memcpy(r.boot_id, boot, sizeof(r.boot_id));
	ck_assert_int_gt(record_format(&r, buf, sizeof(buf)), 0);
	snprintf(path, sizeof(path), "st/%s", name);
	scratch_write(path, buf);
}

void put_record_v1(const char *name, uint32_t job, int value, const char *boot)
{
	char buf[NB_STATE_FILE_MAX], path[64];

	snprintf(buf, sizeof(buf), "numa-balancing-job 1\njob %u\nvalue %d\nconflict keep\n"
	         "honoured 1\nseq %u\nstarted 1\nboot_id %s\nnuma_pte_updates 0\n"
	         "numa_hint_faults 0\nnuma_hint_faults_local 0\nnuma_pages_migrated 0\n",
	         (unsigned)job, value, (unsigned)job, boot);
	snprintf(path, sizeof(path), "st/%s", name);
	scratch_write(path, buf);
}

void put_baseline(int value, const char *boot)
{
	struct nb_baseline b = { .value = value };
	char buf[NB_STATE_FILE_MAX];

	memcpy(b.boot_id, boot, sizeof(b.boot_id));
	ck_assert_int_gt(baseline_format(&b, buf, sizeof(buf)), 0);
	scratch_write("st/baseline", buf);
}

const char *this_boot(void)
{
	static char id[NB_BOOT_ID_LEN + 1];

	ck_assert_int_eq(boot_id_read(NB_BOOT_ID_PATH, id), 0);
	return id;
}
