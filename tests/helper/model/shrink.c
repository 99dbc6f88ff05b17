/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Replaying a sequence on a fresh node, and shrinking a violating one:
 * drop chunks of events (a dropped prolog takes its job's other events
 * with it), then faults, while the same kind of violation stays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define MAX_TRIES 600

int model_replay(const char *helper, const struct event *ev, int n, int verbose,
                 char *tag, size_t taglen, char *msg, size_t msglen, int *at)
{
	struct node node = { 0 };
	struct oracle o;
	int rc = 0;

	node_setup(&node, helper);
	oracle_init(&o, &node, verbose);
	for (int i = 0; i < n && rc == 0; i++) {
		if (oracle_step(&o, &ev[i]) != 0) {
			snprintf(tag, taglen, "%s", o.tag);
			snprintf(msg, msglen, "%s", o.violation);
			*at = i;
			rc = -1;
		}
	}
	node_cleanup(&node);
	return rc;
}

/* The events of ev but [from, from + len) and the events of jobs whose
 * prolog was among them, into out: the new count. */
static int without(const struct event *ev, int n, int from, int len, struct event *out)
{
	int k = 0;

	for (int i = 0; i < n; i++) {
		int gone = i >= from && i < from + len;

		for (int p = from; !gone && p < from + len; p++)
			gone = ev[p].kind == EV_PROLOG && ev[i].job == ev[p].job && ev[i].kind != EV_BOOT &&
			       ev[i].job != 0;
		if (!gone)
			out[k++] = ev[i];
	}
	return k;
}

/* Whether cand (valid) shows a violation tagged tag; it is cut after the
 * violating event. */
static int shows(const char *helper, struct event *cand, int *n, const char *tag, int *tries)
{
	char t[32], msg[512];
	int at;

	if (!events_valid(cand, *n) || ++*tries > MAX_TRIES)
		return 0;
	if (model_replay(helper, cand, *n, 0, t, sizeof(t), msg, sizeof(msg), &at) == 0 ||
	    strcmp(t, tag) != 0)
		return 0;
	*n = at + 1;
	return 1;
}

static int drop_events(const char *helper, struct event *ev, int n, const char *tag,
                       struct event *cand, int *tries)
{
	for (int len = n / 2 > 0 ? n / 2 : 1; len >= 1; len /= 2) {
		for (int from = 1; from < n;) {
			int m = without(ev, n, from, len, cand);

			if (m < n && shows(helper, cand, &m, tag, tries)) {
				memcpy(ev, cand, (size_t)m * sizeof(*ev));
				n = m;
			} else {
				from += len;
			}
		}
	}
	return n;
}

static int drop_faults(const char *helper, struct event *ev, int n, const char *tag,
                       struct event *cand, int *tries)
{
	for (int i = 0; i < n; i++) {
		int m = n;

		if (ev[i].fault.mode == INJ_NONE)
			continue;
		memcpy(cand, ev, (size_t)n * sizeof(*ev));
		cand[i].fault.mode = INJ_NONE;
		if (shows(helper, cand, &m, tag, tries)) {
			memcpy(ev, cand, (size_t)m * sizeof(*ev));
			n = m;
		}
	}
	return n;
}

int model_shrink(const char *helper, struct event *ev, int n, const char *tag)
{
	struct event *cand = malloc((size_t)n * sizeof(*cand));
	int before, tries = 0;

	if (!cand)
		return n;
	do {
		before = n;
		n = drop_events(helper, ev, n, tag, cand, &tries);
		n = drop_faults(helper, ev, n, tag, cand, &tries);
	} while (n < before && tries <= MAX_TRIES);
	free(cand);
	return n;
}
