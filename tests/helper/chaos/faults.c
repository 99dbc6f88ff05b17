/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The chaos test's private node: a mount namespace of its own with a small
 * tmpfs for the state directory and one for the fake sysctl, and the
 * faults that hit a whole round: the state tmpfs filled up, a state file or
 * the directory made unreadable (the helper keeps no CAP_DAC_OVERRIDE), the
 * sysctl's tmpfs remounted read-only (EROFS, as in a container). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chaos.h"

#define FILLER "chaos-filler"

static char unreadable[200]; /* the file made unreadable this round */
static mode_t unreadable_mode;

void faults_setup(struct chaos *c)
{
	if (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
		chaos_fail(c, "private mount namespace: %s", strerror(errno));
	snprintf(c->root, sizeof(c->root), "/tmp/nb-chaos.XXXXXX");
	if (!mkdtemp(c->root) || chmod(c->root, 0755) != 0)
		chaos_fail(c, "mkdtemp: %s", strerror(errno));
	/* The mounts live in this namespace only: they vanish with it. */
	if (mount("nb-chaos", c->root, "tmpfs", 0, "size=4m,mode=755") != 0)
		chaos_fail(c, "tmpfs: %s", strerror(errno));
	snprintf(c->st, sizeof(c->st), "%s/st", c->root);
	snprintf(c->sysdir, sizeof(c->sysdir), "%s/sys", c->root);
	snprintf(c->sysctl, sizeof(c->sysctl), "%s/numa_balancing", c->sysdir);
	if (mkdir(c->st, 0755) != 0 || mkdir(c->sysdir, 0755) != 0 ||
	    mount("nb-chaos-st", c->st, "tmpfs", 0, "size=512k,nr_inodes=256,mode=755") != 0 ||
	    mount("nb-chaos-sys", c->sysdir, "tmpfs", 0, "size=16k,mode=755") != 0)
		chaos_fail(c, "state and sysctl tmpfs: %s", strerror(errno));
	snprintf(c->env_sysctl, sizeof(c->env_sysctl), "NB_TEST_SYSCTL=%s", c->sysctl);
	snprintf(c->env_state, sizeof(c->env_state), "NB_TEST_STATE_DIR=%s", c->st);
}

/* The mounts vanish with the namespace; the mount point is removed here. */
void faults_cleanup(const struct chaos *c)
{
	if (!c->root[0])
		return;
	umount2(c->root, MNT_DETACH);
	rmdir(c->root);
}

/* The state directory's files and the kernel value, for a failure report. */
void faults_dump(const struct chaos *c)
{
	char path[512], line[128];
	DIR *d = c->st[0] ? opendir(c->st) : NULL;
	struct dirent *e;
	FILE *f;

	if (!d)
		return;
	fprintf(stderr, "chaos: fake kernel value %s", (f = fopen(c->sysctl, "r")) && fgets(line, sizeof(line), f) ? line : "?\n");
	if (f)
		fclose(f);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' && (!e->d_name[1] || e->d_name[1] == '.'))
			continue;
		snprintf(path, sizeof(path), "%s/%s", c->st, e->d_name);
		fprintf(stderr, "chaos: state file %s:", e->d_name);
		if ((f = fopen(path, "r")) != NULL) {
			while (fgets(line, sizeof(line), f))
				fprintf(stderr, " %.*s;", (int)strcspn(line, "\n"), line);
			fclose(f);
		}
		fputc('\n', stderr);
	}
	closedir(d);
}

void faults_set_kernel(const struct chaos *c, int value)
{
	FILE *f = fopen(c->sysctl, "w");

	if (!f || fprintf(f, "%d\n", value) < 0 || fclose(f) != 0)
		chaos_fail(c, "cannot set the fake sysctl");
}

int faults_get_kernel(const struct chaos *c)
{
	FILE *f = fopen(c->sysctl, "r");
	int v = -1;

	if (!f || fscanf(f, "%d", &v) != 1)
		chaos_fail(c, "cannot read the fake sysctl");
	fclose(f);
	return v;
}

/* Writes until the state tmpfs has no page left. */
static void fill(const struct chaos *c)
{
	static const char chunk[4096];
	char path[200];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", c->st, FILLER);
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0)
		chaos_fail(c, "filler: %s", strerror(errno));
	while (write(fd, chunk, sizeof(chunk)) > 0)
		;
	close(fd);
}

/* A random state file, the lock or the directory itself: mode 000. */
static void make_unreadable(const struct chaos *c)
{
	char names[64][256];
	int n = 0;
	DIR *d = opendir(c->st);
	struct dirent *e;
	struct stat st;

	if (!d)
		chaos_fail(c, "opendir: %s", strerror(errno));
	while ((e = readdir(d)) != NULL && n < 64) {
		if (strcmp(e->d_name, "..") != 0 && strcmp(e->d_name, FILLER) != 0)
			snprintf(names[n++], sizeof(names[0]), "%s", e->d_name);
	}
	closedir(d);
	snprintf(unreadable, sizeof(unreadable), "%s/%s", c->st, names[rand() % n]);
	if (stat(unreadable, &st) != 0 || chmod(unreadable, 0) != 0)
		chaos_fail(c, "chmod %s: %s", unreadable, strerror(errno));
	unreadable_mode = st.st_mode & 07777;
}

/* The unreadable file was a job record its epilog renamed to done.<id>
 * (the one change an epilog makes before reading anything): its mode
 * goes back under that name. */
static int renamed_done(const char *path)
{
	const char *base = strrchr(path, '/');
	char done[sizeof(unreadable)];

	if (!base || strncmp(base + 1, "job.", 4) != 0)
		return 0;
	snprintf(done, sizeof(done), "%.*s/done.%s", (int)(base - path), path, base + 5);
	return chmod(done, unreadable_mode) == 0;
}

static void remount_sysctl(const struct chaos *c, unsigned long ro)
{
	if (mount("nb-chaos-sys", c->sysdir, NULL, MS_REMOUNT | ro, "size=16k,mode=755") != 0)
		chaos_fail(c, "remount the sysctl tmpfs: %s", strerror(errno));
}

void faults_round_begin(struct chaos *c)
{
	int r = rand() % 100;

	c->round_fault = c->ending ? F_NONE : r < 6 ? F_FULL : r < 12 ? F_UNREADABLE
	               : r < 18 ? F_READONLY : F_NONE;
	if (c->round_fault == F_FULL)
		fill(c);
	else if (c->round_fault == F_UNREADABLE)
		make_unreadable(c);
	else if (c->round_fault == F_READONLY)
		remount_sysctl(c, MS_RDONLY);
}

void faults_round_end(struct chaos *c)
{
	char path[200];

	snprintf(path, sizeof(path), "%s/%s", c->st, FILLER);
	if (c->round_fault == F_FULL && unlink(path) != 0)
		chaos_fail(c, "unlink the filler: %s", strerror(errno));
	else if (c->round_fault == F_UNREADABLE && chmod(unreadable, unreadable_mode) != 0 &&
	         !renamed_done(unreadable))
		chaos_fail(c, "chmod %s back: %s (the helper removed a file it could not read?)",
		           unreadable, strerror(errno));
	else if (c->round_fault == F_READONLY)
		remount_sysctl(c, 0);
}
