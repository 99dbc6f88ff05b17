/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the jobs on the node were promised, from the helper's exit codes,
 * and the checks after every event:
 *  (i)   each running job whose prolog exited 0 has its request's value in
 *        force (the newest honoured request that does not yield, else a
 *        yielding 0, with the baseline's tiering bit 2), a fault-free
 *        prolog is honoured exactly when the policy admits it, and
 *        otherwise was told (exit 3, or 4 for nothing changed);
 *  (ii)  when the kernel holds something no running job needs (with none
 *        running: anything but the baseline), `check` exits 1;
 *  (iii) after a fault-free prolog, epilog or reconcile, the kernel holds
 *        exactly what the running jobs need (the baseline when none runs)
 *        and no record of an ended job, no done, pending or temporary file
 *        is left.
 * A run hit by a fault may leave what it was doing unfinished: a prolog
 * that failed (exit 5, killed) may or may not hold its value until the
 * next fault-free run settles it, and an ended job whose epilog was hit
 * may still hold its value while check reports it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/kernel.h"
#include "model.h"

void oracle_init(struct oracle *o, struct node *n, int verbose)
{
	memset(o, 0, sizeof(*o));
	o->node = n;
	o->verbose = verbose;
	o->clean = 1;
}

static int fail(struct oracle *o, const char *tag, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct oracle *o, const char *tag, const char *fmt, ...)
{
	va_list ap;

	snprintf(o->tag, sizeof(o->tag), "%s", tag);
	va_start(ap, fmt);
	vsnprintf(o->violation, sizeof(o->violation), fmt, ap);
	va_end(ap);
	return -1;
}

static int is_running(const struct job *j)
{
	return j->state != J_ENDED;
}

int oracle_running(const struct oracle *o, uint32_t *ids)
{
	int n = 0;

	for (int i = 0; i < o->njobs; i++) {
		if (is_running(&o->jobs[i]))
			ids[n++] = o->jobs[i].id;
	}
	return n;
}

static struct job *find_job(struct oracle *o, uint32_t id)
{
	for (int i = 0; i < o->njobs; i++) {
		if (o->jobs[i].id == id)
			return &o->jobs[i];
	}
	return NULL;
}

/* Room for a new job: ended jobs that owe nothing are forgotten. */
static struct job *new_job(struct oracle *o, const struct event *e)
{
	struct job *j;
	int k = 0;

	for (int i = 0; i < o->njobs; i++) {
		if (is_running(&o->jobs[i]) || o->jobs[i].owed)
			o->jobs[k++] = o->jobs[i];
	}
	o->njobs = k;
	if (o->njobs == MAX_JOBS)
		return NULL;
	j = &o->jobs[o->njobs++];
	memset(j, 0, sizeof(*j));
	j->id = e->job;
	j->value = e->value;
	j->yield = e->value == 0 && e->off == OFF_BOTH;
	j->latest = e->latest;
	j->seq = ++o->seq;
	return j;
}

/* The value in force with the honoured requests of the jobs in set (bits
 * over o->jobs). */
static int expected(const struct oracle *o, unsigned long long set)
{
	int best = -1, besty = -1, h;

	for (int i = 0; i < o->njobs; i++) {
		const struct job *j = &o->jobs[i];
		int *b = j->yield ? &besty : &best;

		if ((set >> i & 1) && (*b < 0 || j->seq > o->jobs[*b].seq))
			*b = i;
	}
	h = best >= 0 ? best : besty;
	return h < 0 ? o->baseline : (o->baseline & NB_BALANCING_TIERING) | o->jobs[h].value;
}

/* The values the kernel may hold: every value of the promised jobs with
 * any subset of the uncertain ones (failed prologs, and with owed, ended
 * jobs whose epilog was hit). Bits over 0-4; 0 when too many to try. */
static unsigned allowed(const struct oracle *o, int owed)
{
	unsigned long long fixed = 0, maybe = 0;
	unsigned mask = 0;
	int nmaybe = 0;

	for (int i = 0; i < o->njobs; i++) {
		const struct job *j = &o->jobs[i];

		if (j->state == J_PROMISED)
			fixed |= 1ULL << i;
		else if (j->state == J_UNSURE || (owed && j->owed && j->could_hold))
			maybe |= 1ULL << i, nmaybe++;
	}
	if (nmaybe > 12)
		return 0;
	for (unsigned long long s = maybe;; s = (s - 1) & maybe) {
		mask |= 1u << expected(o, fixed | s);
		if (s == 0)
			break;
	}
	return mask;
}

static void mask_text(unsigned mask, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (int v = 0; v <= 4 && at < len; v++) {
		if (mask >> v & 1)
			at += (size_t)snprintf(buf + at, len - at, "%s%d", at ? " or " : "", v);
	}
}

/* A failed prolog or a settled one: what its disk record says now. */
static void resolve(struct job *j, const struct disk *d)
{
	int rec = disk_record(d, j->id);

	j->state = rec == 1 ? J_PROMISED : J_TOLD;
	j->recorded = rec >= 0;
}

/* (i) for a fault-free prolog: honoured exactly when the policy admits it
 * over the other running jobs' honoured requests. */
static int admission(struct oracle *o, const struct job *j)
{
	const struct job *h = NULL;
	int admit;

	for (int i = 0; i < o->njobs; i++) {
		const struct job *r = &o->jobs[i];

		if (r != j && r->state == J_PROMISED && !r->yield && (!h || r->seq > h->seq))
			h = r;
	}
	admit = j->yield || !h || j->latest || h->value == j->value;
	if (admit == (j->state == J_PROMISED))
		return 0;
	return fail(o, "i-policy", "prolog of job %u asking %d (%s) was %s, but %s", j->id, j->value,
	            j->yield ? "yields" : j->latest ? "latest" : "keep",
	            admit ? "refused" : "honoured",
	            h ? "the running job it conflicts with asks the same value or the policy admits it"
	              : "no running job holds a value");
}

static int judge_prolog(struct oracle *o, const struct event *e, const struct outcome *out,
                        const struct disk *d)
{
	struct job *j = new_job(o, e);
	int rec = disk_record(d, e->job), code = out->code;

	if (!j)
		return fail(o, "model", "more than %d jobs on the node", MAX_JOBS);
	if (e->value == 0 && e->off == OFF_TASKS) {
		j->state = J_NOREQ;
		if (rec >= 0)
			return fail(o, "i-noreq", "prolog of job %u (0, --off tasks) left a record", e->job);
		return !out->fired && code != 0 ? fail(o, "exit", "prolog of job %u (0, --off tasks) "
		                                       "exited %d", e->job, code) : 0;
	}
	if (o->script && code == 0) /* --script: not honoured and nothing changed exit 0 too */
		code = rec == 1 ? 0 : rec == 0 ? 3 : out->fired ? 4 : 0;
	if (code == 0 || code == 3) {
		j->state = code == 0 ? J_PROMISED : J_TOLD;
		j->recorded = 1;
		if (rec != (code == 0))
			return fail(o, "i-record", "prolog of job %u exited %d, but its record says "
			            "honoured %d", e->job, out->code, rec);
		return 0;
	}
	if (!out->fired)
		return fail(o, "exit", "a fault-free prolog of job %u exited %d", e->job, code);
	if (code == 4) {
		j->state = J_TOLD;
		return rec >= 0 ? fail(o, "i-record", "prolog of job %u exited 4 (nothing changed), but "
		                       "left a record", e->job) : 0;
	}
	j->state = J_UNSURE; /* failed: exit 5, or what a fault early in the C library causes */
	return 0;
}

static int judge_epilog(struct oracle *o, const struct event *e, const struct outcome *out)
{
	struct job *j = find_job(o, e->job);

	if (!j || !is_running(j))
		return fail(o, "model", "epilog of job %u, which does not run", e->job);
	j->could_hold = j->state == J_PROMISED || j->state == J_UNSURE;
	j->state = J_ENDED; /* for good: Slurm runs a job's epilog once */
	j->owed = out->fired;
	if (out->code == 0 || out->fired)
		return 0;
	return fail(o, "exit", "%s epilog of job %u exited %d", out->fired ? "an" : "a fault-free",
	            e->job, out->code);
}

static int judge_other(struct oracle *o, const struct event *e, const struct outcome *out)
{
	if (out->fired || out->code == 0)
		return 0;
	if (e->kind == EV_CHECK && out->code == 1)
		return o->clean ? fail(o, "false-alarm", "check exits 1 on a settled node:\n%s",
		                       node_output(o->node)) : 0;
	return fail(o, "exit", "a fault-free %s exited %d", event_kind_name(e->kind), out->code);
}

/* (iii), with k the kernel's value */
static int settled(struct oracle *o, const char *what, const struct disk *d, int k)
{
	int need = (int)__builtin_ctz(allowed(o, 0));

	if (k != need)
		return fail(o, "iii-kernel", "after a fault-free %s the kernel holds %d, the running "
		            "jobs need %d (baseline %d)", what, k, need, o->baseline);
	if (d->ndone || d->npending || d->ntmp)
		return fail(o, "iii-files", "after a fault-free %s: %d done, %d pending, %d temporary "
		            "files left", what, d->ndone, d->npending, d->ntmp);
	for (int i = 0; i < o->njobs; i++) {
		struct job *j = &o->jobs[i];
		int rec = disk_record(d, j->id);

		if (j->state == J_ENDED && rec >= 0)
			return fail(o, "iii-ended", "after a fault-free %s, job %u ended but its record "
			            "is left", what, j->id);
		if (j->state != J_ENDED && (rec >= 0) != (j->state == J_PROMISED || j->recorded))
			return fail(o, "iii-record", "after a fault-free %s, job %u's record: %d", what,
			            j->id, rec);
		j->owed = 0;
	}
	o->clean = 1;
	return 0;
}

/* (i) and (ii), after every event, with k the kernel's value. */
static int promises(struct oracle *o, int k)
{
	int promised = 0, rc;
	unsigned run = allowed(o, 0), all = allowed(o, 1);
	char need[32];

	if (!run || (run >> k & 1))
		return 0;
	for (int i = 0; i < o->njobs; i++)
		promised += o->jobs[i].state == J_PROMISED;
	mask_text(run, need, sizeof(need));
	if (promised && all && !(all >> k & 1))
		return fail(o, "i-kernel", "the kernel holds %d, the running jobs were promised %s "
		            "(baseline %d)", k, need, o->baseline);
	o->checks_run++;
	rc = node_check(o->node);
	if (rc != 1)
		return fail(o, "ii-check", "the kernel holds %d, the running jobs need %s (baseline "
		            "%d), and check exits %d:\n%s", k, need, o->baseline, rc,
		            node_output(o->node));
	o->owed_seen++;
	return 0;
}

static int writes(const struct event *e)
{
	return (e->kind == EV_PROLOG && !(e->value == 0 && e->off == OFF_TASKS)) ||
	       e->kind == EV_EPILOG || e->kind == EV_RECONCILE;
}

static void count(struct oracle *o, const struct event *e, const struct outcome *out)
{
	int kind = e->fault.mode == INJ_KILL ? 3 : e->fault.mode == INJ_EFFECT ? 2 :
	           e->fault.nr < 0 ? 1 : 0;

	o->events++;
	o->by_kind[e->kind]++;
	if (e->fault.mode == INJ_NONE)
		return;
	o->faults[kind]++;
	o->fired[kind] += out->fired;
	if (out->fired && kind != 3)
		o->errnos[inject_errno_index(e->fault.err)]++;
}

static void show(const struct oracle *o, const struct event *e, const struct outcome *out)
{
	char text[EV_TEXT];

	event_format(e, text, sizeof(text));
	printf("  %-50s -> %s %d%s; kernel %d\n", text, out->killed ? "signal" : "exit",
	       out->killed ? out->sig : out->code, e->fault.mode == INJ_NONE ? "" : out->fired ? " (hit)" :
	       " (fault not reached)", node_kernel(o->node));
	if (o->verbose > 1)
		fputs(node_output(o->node), stdout);
}

int oracle_step(struct oracle *o, const struct event *e)
{
	struct outcome out = { 0, 0, 0, 0 };
	struct disk d;
	int rc = 0, k;

	if (e->kind == EV_BOOT) {
		node_boot(o->node, e->value);
		o->baseline = e->value;
		o->script = e->latest;
		o->njobs = 0;
		o->clean = 1;
	} else {
		node_run(o->node, e, o->script, &out);
	}
	count(o, e, &out);
	if (o->verbose)
		show(o, e, &out);
	if (out.code == -2)
		return fail(o, "signal", "the helper died of signal %d without a fault", out.sig);
	if (e->kind == EV_PROLOG || (!out.fired && writes(e)))
		node_disk(o->node, &d); /* what the judges below read */
	k = node_kernel(o->node);
	if (e->kind == EV_PROLOG)
		rc = judge_prolog(o, e, &out, &d);
	else if (e->kind == EV_EPILOG)
		rc = judge_epilog(o, e, &out);
	else if (e->kind != EV_BOOT)
		rc = judge_other(o, e, &out);
	if (rc == 0 && out.fired && e->kind != EV_CHECK)
		o->clean = 0;
	if (rc == 0 && !out.fired && writes(e)) {
		for (int i = 0; i < o->njobs; i++) {
			if (o->jobs[i].state == J_UNSURE)
				resolve(&o->jobs[i], &d);
		}
		if (e->kind == EV_PROLOG && o->jobs[o->njobs - 1].state != J_NOREQ)
			rc = admission(o, &o->jobs[o->njobs - 1]);
		if (rc == 0)
			rc = settled(o, event_kind_name(e->kind), &d, k);
	}
	return rc == 0 ? promises(o, k) : rc;
}
