/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The model test's node: a state directory and a fake sysctl under
 * /dev/shm, the helper's test build run against them (with its fault),
 * the plugin's record of a failed run, and what is on disk. A boot cannot
 * change the boot id the helper reads (/proc/sys/kernel/random/boot_id,
 * not a test path): it is a state directory emptied, as /run is after a
 * boot, and the sysctl set to the new baseline. */
#include <dirent.h>
#include <signal.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/failed.h"
#include "model.h"

#define BOOT_ID "/proc/sys/kernel/random/boot_id"

static void die(const char *what)
{
	fprintf(stderr, "model: %s: %s\n", what, strerror(errno));
	exit(2);
}

int node_setup(struct node *n, const char *helper)
{
	snprintf(n->root, sizeof(n->root), "/dev/shm/nb-model.XXXXXX");
	if (!mkdtemp(n->root) || chmod(n->root, 0755) != 0)
		die("mkdtemp");
	snprintf(n->st, sizeof(n->st), "%s/st", n->root);
	snprintf(n->sysctl, sizeof(n->sysctl), "%s/numa_balancing", n->root);
	if (mkdir(n->st, 0755) != 0)
		die("mkdir");
	snprintf(n->env_sysctl, sizeof(n->env_sysctl), "NB_TEST_SYSCTL=%s", n->sysctl);
	snprintf(n->env_state, sizeof(n->env_state), "NB_TEST_STATE_DIR=%s", n->st);
	n->helper = helper;
	if ((n->out = memfd_create("model-out", MFD_CLOEXEC)) < 0)
		die("memfd_create");
	return 0;
}

static void empty_dir(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char p[300];

	if (!d)
		die(path);
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", path, e->d_name);
		if (unlink(p) != 0)
			die(p);
	}
	closedir(d);
}

void node_cleanup(struct node *n)
{
	char p[128];

	empty_dir(n->st);
	rmdir(n->st);
	unlink(n->sysctl);
	snprintf(p, sizeof(p), "%s", n->root);
	rmdir(p);
	close(n->out);
}

void node_boot(const struct node *n, int baseline)
{
	FILE *f;

	empty_dir(n->st);
	if (!(f = fopen(n->sysctl, "w")) || fprintf(f, "%d\n", baseline) < 0 || fclose(f) != 0)
		die(n->sysctl);
}

int node_kernel(const struct node *n)
{
	FILE *f = fopen(n->sysctl, "r");
	int v = -1;

	if (!f)
		die(n->sysctl);
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/* What check runs: numa-balancing-state's test build, as NHC runs the
 * installed one, or (unset) the helper, which hands check over to it. */
static const char *checker;

void node_set_checker(const char *path)
{
	checker = path;
}

static int argv_of(const struct event *e, int script, char *job, char *val, char *argv[])
{
	int n = 0;

	argv[n++] = e->kind == EV_CHECK && checker ? "numa-balancing-state-test"
	                                           : "numa-balancing-helper-test";
	argv[n++] = (char *)event_kind_name(e->kind);
	if (e->kind == EV_PROLOG || e->kind == EV_EPILOG) {
		argv[n++] = "--job";
		argv[n++] = job;
	}
	if (e->kind == EV_PROLOG) {
		static char *const offs[] = { "node", "both", "tasks" };

		argv[n++] = "--value";
		argv[n++] = val;
		argv[n++] = "--conflict";
		argv[n++] = e->latest ? "latest" : "keep";
		argv[n++] = "--off";
		argv[n++] = offs[e->off];
	}
	if (script && (e->kind == EV_PROLOG || e->kind == EV_EPILOG))
		argv[n++] = "--script";
	argv[n] = NULL;
	return n;
}

/* What spank/nb_helper.c does after a run it counts as failed (killed, or
 * an exit other than 0, 3 and 4): nb_run_failed(). */
static void plugin_marks(const struct node *n, const struct event *e, const struct outcome *o)
{
	enum nb_run_cmd cmd = e->kind == EV_PROLOG ? NB_RUN_PROLOG : NB_RUN_EPILOG;
	char err[256];

	if ((e->kind != EV_PROLOG && e->kind != EV_EPILOG) ||
	    (!o->killed && (o->code == 0 || o->code == 3 || o->code == 4)))
		return;
	if (nb_run_failed(n->st, BOOT_ID, cmd, e->job, err, sizeof(err)) != 0) {
		fprintf(stderr, "model: the plugin's record of job %u: %s\n", e->job, err);
		exit(2);
	}
}

static void run(const struct node *n, const struct event *e, int script, const struct inj *f,
                struct outcome *o)
{
	char job[16], val[4], *argv[16];
	char *envp[] = { (char *)n->env_sysctl, (char *)n->env_state, "NB_TEST_NODE_DIR=/nonexistent",
	                 NULL };
	struct inj_result r;

	snprintf(job, sizeof(job), "%u", e->job);
	snprintf(val, sizeof(val), "%d", e->value);
	argv_of(e, script, job, val, argv);
	if (ftruncate(n->out, 0) != 0 || lseek(n->out, 0, SEEK_SET) != 0)
		die("output file");
	if (inject_run(e->kind == EV_CHECK && checker ? checker : n->helper, argv, envp, n->out, f,
	               &r) != 0)
		die("running the helper");
	o->killed = WIFSIGNALED(r.status);
	o->code = o->killed ? -1 : WEXITSTATUS(r.status);
	o->sig = o->killed ? WTERMSIG(r.status) : 0;
	o->fired = r.fired;
	if (o->killed && o->sig != SIGKILL && !r.fired)
		o->code = -2;
}

void node_run(const struct node *n, const struct event *e, int script, struct outcome *o)
{
	run(n, e, script, &e->fault, o);
	if (!script)
		plugin_marks(n, e, o);
}

int node_check(const struct node *n)
{
	struct event e = { .kind = EV_CHECK };
	struct outcome o;

	run(n, &e, 0, &e.fault, &o);
	return o.code;
}

const char *node_output(const struct node *n)
{
	static char buf[4096];
	ssize_t got = pread(n->out, buf, sizeof(buf) - 1, 0);

	buf[got > 0 ? got : 0] = '\0';
	return buf;
}

static int honoured_of(const struct node *n, const char *name)
{
	char path[300], line[128];
	FILE *f;
	int v = -1;

	snprintf(path, sizeof(path), "%s/%s", n->st, name);
	if (!(f = fopen(path, "r")))
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "honoured ", 9) == 0)
			v = atoi(line + 9);
	}
	fclose(f);
	return v;
}

void node_disk(const struct node *n, struct disk *d)
{
	DIR *dir = opendir(n->st);
	struct dirent *e;

	memset(d, 0, sizeof(*d));
	if (!dir)
		die(n->st);
	while ((e = readdir(dir)) != NULL) {
		if (strncmp(e->d_name, "job.", 4) == 0 && d->njobs < 64) {
			d->jobs[d->njobs] = (uint32_t)strtoul(e->d_name + 4, NULL, 10);
			d->honoured[d->njobs++] = honoured_of(n, e->d_name);
		}
		d->ndone += strncmp(e->d_name, "done.", 5) == 0;
		d->npending += strncmp(e->d_name, "pending.", 8) == 0;
		d->ntmp += strncmp(e->d_name, ".tmp", 4) == 0;
	}
	closedir(dir);
}

int disk_record(const struct disk *d, uint32_t job)
{
	for (int i = 0; i < d->njobs; i++) {
		if (d->jobs[i] == job)
			return d->honoured[i];
	}
	return -1;
}
