/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The model test's events: their text form (what --replay takes), the
 * validity of a sequence, and drawing them at random from a seed.
 *   boot B plugin|script           a new boot, baseline B (0-4)
 *   prolog J V keep|latest node|both|tasks
 *   epilog J | check | reconcile
 * each with at most one fault:
 *   !SYSCALL[#N]:ERRNO             the Nth call fails without effect
 *   !SYSCALL[#N]:ERRNO:effect      it runs, then reports ERRNO
 *   !any#N:ERRNO                   the Nth system call of any kind fails
 *   !kill#N                        SIGKILL at the Nth system call */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "model.h"

static const char *const kinds[EV_KINDS] = { "boot", "prolog", "epilog", "check", "reconcile" };
static const char *const offs[] = { "node", "both", "tasks" };

const char *event_kind_name(enum ev_kind k)
{
	return kinds[k];
}

static int find(const char *w, const char *const *names, int n)
{
	for (int i = 0; i < n; i++) {
		if (strcmp(w, names[i]) == 0)
			return i;
	}
	return -1;
}

static int parse_fault(char *s, struct inj *f, char *err, size_t errlen)
{
	char *hash = strchr(s, '#'), *colon = strchr(s, ':'), *end;

	f->nth = 1;
	if (colon)
		*colon++ = '\0';
	if (hash) {
		*hash++ = '\0';
		f->nth = strtol(hash, &end, 10);
		if (*end || f->nth < 1)
			return snprintf(err, errlen, "bad call index '%s'", hash), -1;
	}
	if (strcmp(s, "kill") == 0) {
		f->mode = INJ_KILL;
		f->nr = -1;
		return colon ? (snprintf(err, errlen, "kill takes no errno"), -1) : 0;
	}
	if ((f->nr = inject_syscall_nr(s)) < -1)
		return snprintf(err, errlen, "unknown system call '%s'", s), -1;
	f->mode = INJ_FAIL;
	if (colon && (end = strchr(colon, ':'))) {
		*end++ = '\0';
		if (strcmp(end, "effect") != 0)
			return snprintf(err, errlen, "unknown fault mode '%s'", end), -1;
		f->mode = INJ_EFFECT;
	}
	if (!colon || !(f->err = inject_errno(colon)))
		return snprintf(err, errlen, "fault '%s' needs an errno", s), -1;
	return 0;
}

static int need(int have, int want, const char *what, char *err, size_t errlen)
{
	if (have != want)
		snprintf(err, errlen, "%s takes %d words", what, want - 1);
	return have == want ? 0 : -1;
}

int event_parse(const char *s, struct event *e, char *err, size_t errlen)
{
	char buf[256], *w[8], *save = NULL, *t;
	int n = 0;

	memset(e, 0, sizeof(*e));
	snprintf(buf, sizeof(buf), "%s", s);
	for (t = strtok_r(buf, " \t\n", &save); t && n < 8; t = strtok_r(NULL, " \t\n", &save)) {
		if (t[0] == '!') {
			if (e->fault.mode != INJ_NONE)
				return snprintf(err, errlen, "one fault per event"), -1;
			if (parse_fault(t + 1, &e->fault, err, errlen) != 0)
				return -1;
			continue;
		}
		w[n++] = t;
	}
	if (n == 0 || (int)(e->kind = (enum ev_kind)find(w[0], kinds, EV_KINDS)) < 0)
		return snprintf(err, errlen, "unknown event '%s'", n ? w[0] : ""), -1;
	switch (e->kind) {
	case EV_BOOT:
		if (need(n, 3, "boot", err, errlen) || (e->latest = find(w[2], (const char *[]){ "plugin", "script" }, 2)) < 0)
			return snprintf(err, errlen, "boot B plugin|script"), -1;
		e->value = atoi(w[1]);
		return e->value >= 0 && e->value <= 4 ? 0 : (snprintf(err, errlen, "baseline 0-4"), -1);
	case EV_PROLOG:
		if (need(n, 5, "prolog", err, errlen) || (e->latest = find(w[3], (const char *[]){ "keep", "latest" }, 2)) < 0 ||
		    (int)(e->off = (enum off)find(w[4], offs, 3)) < 0)
			return snprintf(err, errlen, "prolog J 0|1 keep|latest node|both|tasks"), -1;
		e->value = atoi(w[2]);
		/* fall through */
	case EV_EPILOG:
		if (e->kind == EV_EPILOG && need(n, 2, w[0], err, errlen))
			return -1;
		e->job = (uint32_t)strtoul(w[1], NULL, 10);
		return e->job > 0 && (e->value == 0 || e->value == 1) ? 0 : (snprintf(err, errlen, "bad job or value"), -1);
	default:
		return need(n, 1, w[0], err, errlen);
	}
}

static void format_fault(const struct inj *f, char *buf, size_t len)
{
	if (f->mode == INJ_NONE)
		buf[0] = '\0';
	else if (f->mode == INJ_KILL)
		snprintf(buf, len, " !kill#%ld", f->nth);
	else
		snprintf(buf, len, " !%s#%ld:%s%s", inject_syscall_name(f->nr), f->nth,
		         inject_errno_name(f->err), f->mode == INJ_EFFECT ? ":effect" : "");
}

void event_format(const struct event *e, char *buf, size_t len)
{
	char fault[64];

	format_fault(&e->fault, fault, sizeof(fault));
	switch (e->kind) {
	case EV_BOOT:
		snprintf(buf, len, "boot %d %s%s", e->value, e->latest ? "script" : "plugin", fault);
		break;
	case EV_PROLOG:
		snprintf(buf, len, "prolog %u %d %s %s%s", e->job, e->value, e->latest ? "latest" : "keep",
		         offs[e->off], fault);
		break;
	case EV_EPILOG:
		snprintf(buf, len, "epilog %u%s", e->job, fault);
		break;
	default:
		snprintf(buf, len, "%s%s", kinds[e->kind], fault);
	}
}

int events_parse(const char *s, struct event *ev, int max, char *err, size_t errlen)
{
	char *copy = strdup(s), *save = NULL, *t;
	int n = 0;

	if (!copy)
		return snprintf(err, errlen, "out of memory"), -1;
	for (t = strtok_r(copy, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
		if (strspn(t, " \t\n") == strlen(t))
			continue;
		if (n == max || event_parse(t, &ev[n], err, errlen) != 0) {
			if (n == max)
				snprintf(err, errlen, "more than %d events", max);
			free(copy);
			return -1;
		}
		n++;
	}
	free(copy);
	return n;
}

char *events_format(const struct event *ev, int n)
{
	size_t len = (size_t)n * EV_TEXT + 1, at = 0;
	char *s = malloc(len);

	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < n; i++) {
		event_format(&ev[i], s + at, len - at);
		at += strlen(s + at);
		if (i + 1 < n) {
			snprintf(s + at, len - at, "; ");
			at += 2;
		}
	}
	return s;
}

/* A job seen in the sequence: 1 its prolog ran, 2 its epilog too. */
static int job_seen(const struct event *ev, int upto, uint32_t job)
{
	int seen = 0;

	for (int i = upto - 1; i >= 0; i--) {
		if (ev[i].kind == EV_BOOT && !seen)
			return 0;
		if (ev[i].job == job && ev[i].kind == EV_EPILOG)
			seen = 2;
		if (ev[i].job == job && ev[i].kind == EV_PROLOG)
			return seen ? seen : 1;
	}
	return 0;
}

int events_valid(const struct event *ev, int n)
{
	if (n == 0 || ev[0].kind != EV_BOOT)
		return 0;
	for (int i = 1; i < n; i++) {
		const struct event *e = &ev[i];

		if (e->kind == EV_PROLOG) {
			for (int k = 0; k < i; k++) {
				if (ev[k].job == e->job)
					return 0; /* job ids are never reused */
			}
		} else if (e->kind == EV_EPILOG && job_seen(ev, i, e->job) != 1) {
			return 0;
		}
	}
	return 1;
}

/* xorshift64* */
uint32_t draw_u32(struct draw *d)
{
	d->rng ^= d->rng >> 12;
	d->rng ^= d->rng << 25;
	d->rng ^= d->rng >> 27;
	return (uint32_t)((d->rng * 2685821657736338717ULL) >> 32);
}

static int pick(struct draw *d, int n)
{
	return (int)(draw_u32(d) % (unsigned)n);
}

int draw_script(struct draw *d)
{
	return d->deploy ? d->deploy == 2 : pick(d, 3) == 0; /* both: a third Prolog=/Epilog= */
}

/* The calls a fault is aimed at: those the helper makes (strace -c of its
 * commands), its privilege calls included. */
static const int targets[] = {
	SYS_openat, SYS_read, SYS_write, SYS_pwrite64, SYS_pread64, SYS_close, SYS_fsync,
	SYS_renameat, SYS_unlinkat, SYS_flock, SYS_fcntl, SYS_getdents64, SYS_newfstatat,
	SYS_prctl, SYS_capset, SYS_capget, SYS_landlock_create_ruleset, SYS_landlock_add_rule,
	SYS_landlock_restrict_self, SYS_lseek, SYS_mkdir, SYS_readlink, SYS_getrandom, SYS_brk,
	SYS_mprotect, SYS_umask, SYS_dup, SYS_geteuid, SYS_getuid,
};
/* The calls that change a file, a name, a lock or the privileges. */
static const int effects[] = {
	SYS_renameat, SYS_unlinkat, SYS_write, SYS_pwrite64, SYS_fsync, SYS_close, SYS_openat,
	SYS_flock, SYS_prctl, SYS_capset,
};
/* Half the faults at one call aim at the calls that write the state and
 * the sysctl. */
static const int hot[] = { SYS_pwrite64, SYS_renameat, SYS_unlinkat, SYS_fsync, SYS_write, SYS_openat };
static const int errs[] = { EIO, EPERM, EACCES, EROFS, ENOSPC, EINTR, ENOMEM, EMFILE };

#define COUNT(a) (int)(sizeof(a) / sizeof(a[0]))

/* Call indexes: half the faults hit the first call, where most of the
 * helper's calls of a kind are made once or twice. */
static long draw_nth(struct draw *d, int most)
{
	return pick(d, 2) ? 1 : 1 + pick(d, most);
}

/* The kernel returns EINTR only from a call that did nothing, except
 * close, which has closed the descriptor by then. */
static void draw_fault(struct draw *d, struct inj *f)
{
	int k = pick(d, 10);

	f->err = errs[pick(d, COUNT(errs))];
	if (k < 4) {
		f->mode = INJ_FAIL;
		f->nr = pick(d, 2) ? hot[pick(d, COUNT(hot))] : targets[pick(d, COUNT(targets))];
		f->nth = draw_nth(d, 6);
	} else if (k < 6) {
		f->mode = INJ_EFFECT;
		f->nr = effects[pick(d, COUNT(effects))];
		f->nth = draw_nth(d, 6);
		if (f->err == EINTR && f->nr != SYS_close)
			f->err = EIO;
	} else if (k < 8) {
		f->mode = INJ_FAIL;
		f->nr = -1;
		f->nth = 1 + pick(d, 140);
	} else {
		f->mode = INJ_KILL;
		f->nr = -1;
		f->nth = 1 + pick(d, 140);
		f->err = 0;
	}
}

/* Out of 90: a boot 2, a prolog 34, an epilog 30, a check 14, a reconcile
 * 10; a prolog whenever no job runs, an epilog in place of a prolog while
 * 4 jobs run. */
void draw_event(struct draw *d, const uint32_t *running, int nrunning, struct event *e)
{
	int x = pick(d, 90);

	memset(e, 0, sizeof(*e));
	if (x < 2) {
		e->kind = EV_BOOT;
		e->value = pick(d, 5);
		e->latest = draw_script(d);
		return;
	}
	if (nrunning < 4 && (x < 36 || nrunning == 0)) {
		e->kind = EV_PROLOG;
		e->job = d->next_job++;
		e->value = pick(d, 2);
		e->latest = pick(d, 2);
		e->off = (enum off)pick(d, 3);
	} else if (x < 66) {
		e->kind = EV_EPILOG;
		e->job = running[pick(d, nrunning)];
	} else {
		e->kind = x < 80 ? EV_CHECK : EV_RECONCILE;
	}
	if (pick(d, 100) < d->fault_pct)
		draw_fault(d, &e->fault);
}
