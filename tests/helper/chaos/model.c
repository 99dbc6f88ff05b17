/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the chaos test knows about the node: the jobs of this epoch and
 * what each helper run's exit code promised them, checked against the
 * state directory and the fake sysctl. A killed run promised nothing; what
 * it left is read from the disk (a prolog killed after its commit holds
 * like one that exited 0). The promises checked after every round:
 *  - an exit code matches the records: 0 or 3 from a prolog means its
 *    record is there (honoured or not), any failure means none is; an
 *    epilog ends its job for good (Slurm runs it once): 0 leaves no record
 *    of it, any other outcome leaves at most its job record, which the
 *    plugin then renames to its done record, as the real plugin does; a
 *    failed reset changed nothing;
 *  - while an ended job's restore is owed (a done record), check exits 1;
 *    no version 1.0 ended.* marker ever appears; the next clean run of any
 *    job's epilog leaves none;
 *  - the kernel holds what the policy gives the running jobs' honoured
 *    requests (in bit 1, with the baseline's memory tiering bit 2): those
 *    that do not yield, else 0 while a yielding 0 runs, else the epoch's
 *    baseline (a lost restore otherwise); a yielding 0 is always honoured;
 *  - the baseline file exists exactly while a record does, and holds the
 *    epoch's baseline; no pending or temporary file is left once settled. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "chaos.h"
#include "common/failed.h"

struct disk {
	int njobs, honoured[MAX_JOBS * 4], has_baseline, baseline, pending, tmp, done, ended;
	uint32_t jobs[MAX_JOBS * 4];
};

static int file_int(const struct chaos *c, const char *name, const char *key)
{
	char path[300], line[128];
	size_t n = strlen(key);
	FILE *f;
	int v = -1;

	snprintf(path, sizeof(path), "%s/%s", c->st, name);
	if (!(f = fopen(path, "r")))
		chaos_fail(c, "cannot read %s", path);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, n) == 0 && line[n] == ' ')
			v = atoi(line + n + 1);
	}
	fclose(f);
	return v;
}

static void read_disk(const struct chaos *c, struct disk *d)
{
	DIR *dir = opendir(c->st);
	struct dirent *e;

	memset(d, 0, sizeof(*d));
	if (!dir)
		chaos_fail(c, "cannot list the state directory");
	while ((e = readdir(dir)) != NULL) {
		if (strncmp(e->d_name, "job.", 4) == 0 && d->njobs < MAX_JOBS * 4) {
			d->jobs[d->njobs] = (uint32_t)strtoul(e->d_name + 4, NULL, 10);
			d->honoured[d->njobs++] = file_int(c, e->d_name, "honoured");
		} else if (strcmp(e->d_name, "baseline") == 0) {
			d->has_baseline = 1;
			d->baseline = file_int(c, e->d_name, "value");
		}
		d->pending += strncmp(e->d_name, "pending.", 8) == 0;
		d->done += strncmp(e->d_name, "done.", 5) == 0;
		d->ended += strncmp(e->d_name, "ended.", 6) == 0;
		d->tmp += strncmp(e->d_name, ".tmp.", 5) == 0;
	}
	closedir(dir);
}

/* The record of job on disk: -1 none, else its honoured flag. */
static int on_disk(const struct disk *d, uint32_t job)
{
	for (int i = 0; i < d->njobs; i++) {
		if (d->jobs[i] == job)
			return d->honoured[i];
	}
	return -1;
}

/* A failure exit is allowed only where a fault was injected; 4 only from
 * a read-only sysctl, for a command that writes it. */
static void allowed_failure(const struct chaos *c, const struct run *r, int code)
{
	int writes = r->kind != R_STATUS && r->kind != R_CHECK;

	if (code == 5 && (r->fault != F_NONE || (c->round_fault != F_NONE && c->round_fault != F_READONLY)))
		return;
	if (code == 4 && writes && c->round_fault == F_READONLY)
		return;
	if (code == 4 && r->kind == R_PROLOG && (r->fault != F_NONE || c->round_fault != F_NONE))
		return; /* the request could not be recorded: nothing changed */
	chaos_fail(c, "%s of job %u exited %d (fault %d, round fault %d)", kind_name(r->kind),
	           r->job ? r->job->id : 0, code, r->fault, c->round_fault);
}

static void judge_prolog(struct chaos *c, struct run *r, const struct disk *d, int killed, int code)
{
	struct job *j = r->job;
	int rec = on_disk(d, j->id);

	j->state = J_RUNNING;
	if (killed) {
		j->recorded = rec >= 0;
		j->honoured = rec == 1;
		c->kills_after_commit += rec >= 0;
	} else if (code == 0 || (code == 3 && !c->latest && !j->yield)) {
		if (rec != (code == 0))
			chaos_fail(c, "prolog of job %u exited %d but its record says honoured %d", j->id, code, rec);
		j->recorded = 1;
		j->honoured = code == 0;
	} else {
		allowed_failure(c, r, code);
		if (rec >= 0)
			chaos_fail(c, "prolog of job %u failed (exit %d) but left a record", j->id, code);
		j->recorded = 0;
	}
	if (j->recorded)
		j->admitted = c->round;
}

/* What the plugin does when the helper's epilog run failed (not 0, 3 or
 * 4): it renames the job's record to its done record. */
static void plugin_marks(const struct chaos *c, uint32_t job)
{
	char err[256];

	if (nb_run_failed(c->st, "/proc/sys/kernel/random/boot_id", NB_RUN_EPILOG, job,
	                  err, sizeof(err)) != 0)
		chaos_fail(c, "marking job %u ended: %s", job, err);
}

static void judge_epilog(struct chaos *c, struct run *r, const struct disk *d, int killed, int code)
{
	struct job *j = r->job;
	int rec = on_disk(d, j->id);

	if (!killed && code == 0 && rec >= 0)
		chaos_fail(c, "epilog of job %u exited 0 but its record is still there", j->id);
	if (!killed && code != 0)
		allowed_failure(c, r, code);
	if (killed || (code != 0 && code != 4))
		plugin_marks(c, j->id);
	if (!killed && code == 4 && rec >= 0)
		chaos_fail(c, "epilog of job %u owes its restore but kept a running record", j->id);
	j->recorded = rec >= 0;
	j->state = J_DONE; /* never again: Slurm runs a job's epilog once */
}

static void judge_reset(struct chaos *c, struct run *r, const struct disk *d, int killed, int code)
{
	if (!killed && code != 0)
		allowed_failure(c, r, code);
	for (int i = 0; i < c->njobs; i++) {
		struct job *j = &c->jobs[i];
		int rec = on_disk(d, j->id);

		if (!killed && code == 0 && rec >= 0)
			chaos_fail(c, "reset exited 0 but job %u's record is left", j->id);
		if (!killed && code != 0 && j->state == J_RUNNING && (rec >= 0) != j->recorded)
			chaos_fail(c, "reset failed (exit %d) but changed job %u's record", code, j->id);
		j->recorded = rec >= 0; /* the rest were reset away: their epilog finds nothing */
	}
}

static void judge(struct chaos *c, struct run *r, const struct disk *d)
{
	int killed = WIFSIGNALED(r->status), code = killed ? -1 : WEXITSTATUS(r->status);

	switch (r->kind) {
	case R_PROLOG: judge_prolog(c, r, d, killed, code); break;
	case R_EPILOG: judge_epilog(c, r, d, killed, code); break;
	case R_RESET: judge_reset(c, r, d, killed, code); break;
	case R_REPEAT:
		if (!killed && code != (r->job->honoured ? 0 : 3))
			allowed_failure(c, r, code);
		if (on_disk(d, r->job->id) != r->job->honoured)
			chaos_fail(c, "a repeated prolog of job %u changed its record", r->job->id);
		break;
	case R_CHECK:
		if (!killed && code == 1 && c->round_kills == 0 && c->round_fault == F_NONE &&
		    !c->run_faults)
			chaos_fail(c, "check reported drift in a round without kills or faults");
		/* fall through */
	default:
		if (!killed && code != 0 && !(r->kind == R_CHECK && code == 1))
			allowed_failure(c, r, code);
	}
}

/* Each job is in at most one run of a round, and a reset round holds no
 * prolog or epilog: the disk after the round answers for every run. */
void model_judge(struct chaos *c, struct run *runs, int n)
{
	struct disk d;

	read_disk(c, &d);
	c->run_faults = 0;
	for (int i = 0; i < n; i++)
		c->run_faults += runs[i].fault != F_NONE;
	for (int i = 0; i < n; i++)
		judge(c, &runs[i], &d);
}

static int holds(const struct job *j, int yielding)
{
	return j->state == J_RUNNING && j->recorded && j->honoured && j->yield == yielding;
}

/* The values (bit 1) the running jobs' honoured requests that do not
 * yield give (mask); under latest the newest (by round) decide, and a tie
 * within a round allows either value. With none, 0 while a yielding one
 * runs; 0 (no mask) when no job holds a value. */
static unsigned allowed_values(const struct chaos *c)
{
	long newest = -1;
	unsigned mask = 0;

	for (int i = 0; i < c->njobs; i++) {
		if (holds(&c->jobs[i], 0) && c->jobs[i].admitted > newest)
			newest = c->jobs[i].admitted;
	}
	for (int i = 0; i < c->njobs; i++) {
		const struct job *j = &c->jobs[i];

		if (holds(j, 0) && (!c->latest || j->admitted == newest))
			mask |= 1u << j->value;
		if (holds(j, 1) && newest < 0)
			mask |= 1u;
	}
	return mask;
}

/* Ended jobs whose restore is owed: done records, and job records of
 * ended jobs (until the plugin renamed them). */
static int owed(const struct chaos *c, const struct disk *d)
{
	int n = d->done;

	for (int i = 0; i < c->njobs; i++)
		n += c->jobs[i].state == J_DONE && on_disk(d, c->jobs[i].id) >= 0;
	return n;
}

static void check_files(const struct chaos *c, const struct disk *d, const char *when, int settled)
{
	int recorded = 0;

	for (int i = 0; i < c->njobs; i++) {
		const struct job *j = &c->jobs[i];
		int rec = on_disk(d, j->id);

		if (j->state == J_DONE) {
			if (rec >= 0 && settled)
				chaos_fail(c, "%s: job %u ended, but its record is left", when, j->id);
			continue;
		}
		recorded += j->recorded;
		if ((rec >= 0) != j->recorded || (rec >= 0 && rec != j->honoured))
			chaos_fail(c, "%s: job %u: record on disk %d, expected %s", when, j->id, rec,
			           !j->recorded ? "none" : j->honoured ? "honoured" : "not honoured");
	}
	if (d->ended)
		chaos_fail(c, "%s: %d version 1.0 ended markers on disk", when, d->ended);
	if (settled && (d->njobs != recorded || d->done))
		chaos_fail(c, "%s: %d records and %d done records on disk, %d records expected",
		           when, d->njobs, d->done, recorded);
	if (d->pending || d->tmp)
		chaos_fail(c, "%s: %d pending and %d temporary files left", when, d->pending, d->tmp);
	if (d->has_baseline != (d->njobs + d->done > 0) ||
	    (d->has_baseline && d->baseline != c->baseline))
		chaos_fail(c, "%s: baseline file %d (value %d) with %d records and %d done records, "
		           "epoch baseline %d", when, d->has_baseline, d->baseline, d->njobs, d->done,
		           c->baseline);
}

void model_check(struct chaos *c, const char *when, int settled)
{
	unsigned mask = allowed_values(c);
	int kernel = faults_get_kernel(c);
	struct disk d;

	read_disk(c, &d);
	check_files(c, &d, when, settled);
	c->checks++;
	if (!settled && owed(c, &d)) {
		int rc = runs_check(c);

		c->owed++;
		if (rc != 1)
			chaos_fail(c, "%s: an ended job's restore is owed, but check exited %d", when, rc);
		return;
	}
	if (mask == 0 && kernel != c->baseline) {
		c->lost_restores++;
		chaos_fail(c, "%s: LOST RESTORE: no job holds a value, kernel %d, baseline %d",
		           when, kernel, c->baseline);
	}
	if (mask != 0 && (kernel < 0 || (kernel & ~1) != (c->baseline & 2) || !(mask & (1u << (kernel & 1)))))
		chaos_fail(c, "%s: kernel %d, but the running jobs' honoured requests allow %s over "
		           "baseline %d (%s)", when, kernel, mask == 3 ? "0 or 1" : mask == 1 ? "0" : "1",
		           c->baseline, c->latest ? "latest" : "keep");
	if (!c->latest && mask == 3)
		chaos_fail(c, "%s: keep: honoured requests for both 0 and 1 are running", when);
}

int model_epoch_done(const struct chaos *c)
{
	if (c->njobs < c->target)
		return 0;
	for (int i = 0; i < c->njobs; i++) {
		if (c->jobs[i].state != J_DONE)
			return 0;
	}
	return 1;
}
