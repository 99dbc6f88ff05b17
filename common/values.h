/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The values of the helper's interface, parsed strictly: job ids, requests
 * (exactly 0 or 1, and a job's "0-tasks"), the site's allow list and
 * default, conflict policies and how a 0 request is met (off=). The
 * helper, the plugin and nbsim share them. Pure functions, no I/O. */
#ifndef NB_VALUES_H
#define NB_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NB_JOB_ID_MAX 4294967294u /* Slurm job ids: 1 .. 2^32-2 */
#define NB_DEFAULT_KEEP (-1)      /* default=keep: no request */
#define NB_ALLOW_ALL 3u           /* allow=0,1 */

/* A job's request for "off by memory policy only": its tasks get
 * MPOL_LOCAL, no helper runs. Allowed wherever 0 is. */
#define NB_REQUEST_0_TASKS 2
#define NB_REQUEST_0_TASKS_NAME "0-tasks"

enum nb_conflict { NB_CONFLICT_KEEP, NB_CONFLICT_LATEST };
/* How a 0 request is met (the plugin's off=, the helper's --off): the
 * sysctl only (node), the tasks' memory policy only (tasks), or both, the
 * sysctl's part yielding to any 1 request (both). */
enum nb_off { NB_OFF_NODE, NB_OFF_BOTH, NB_OFF_TASKS };

/* Decimal digits only, no sign, no leading zero, no whitespace, within
 * [0, max]. Returns 0 on success, -1 otherwise. */
int parse_uint(const char *s, size_t len, uint64_t max, uint64_t *out);
/* A Slurm job id as Slurm prints SLURM_JOB_ID: 1 .. 2^32-2. */
int parse_job_id(const char *s, uint32_t *out);
/* A request for the kernel value: exactly "0" or "1" (NULL is -1). */
int parse_request_value(const char *s, int *out);
/* A job's request as the job option gives it (--numa-balancing=, its
 * environment variable): "0", "1" or "0-tasks" (NB_REQUEST_0_TASKS); NULL
 * is -1. */
int parse_job_request(const char *s, int *out);
/* The job request's name: "0", "1" or "0-tasks"; NULL for anything else. */
const char *job_request_name(int request);
/* An allow list: "0", "1", "0,1" or "1,0", into a mask (bit v: v allowed). */
int parse_allow(const char *s, unsigned *mask);
/* A site default: "keep" (NB_DEFAULT_KEEP), "0" or "1". */
int parse_default(const char *s, int *out);
/* Whether a request (0, 1 or NB_REQUEST_0_TASKS, allowed wherever 0 is)
 * is in the allow list. */
bool request_allowed(unsigned mask, int v);
/* The allowed values as "0,1", "0", "1" or "none". */
const char *allow_name(unsigned mask);
/* "keep" or "latest". */
int parse_conflict(const char *s, enum nb_conflict *out);
const char *conflict_name(enum nb_conflict c);
/* "both", "node" or "tasks". */
int parse_off(const char *s, enum nb_off *out);
const char *off_name(enum nb_off o);

#endif
