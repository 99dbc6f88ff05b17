/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The commands of numa-balancing-state. Each only looks, at the 0644
 * state and the kernel value, and returns an exit code (exitcodes.h). */
#ifndef NB_LOOKS_H
#define NB_LOOKS_H

#include "common/exitcodes.h"

/* What the state says, the kernel holds and whether the two agree: text,
 * or one JSON object. */
enum nb_exit cmd_status(int json);
/* One line for NHC: 0 ok, 1 drift or an ended job's restore owed. */
enum nb_exit cmd_check(void);
/* node_exporter's textfile format, to stdout or to the file out (an
 * absolute name), replaced atomically. */
enum nb_exit cmd_metrics(const char *out);
/* Before the environment is cleared: the test build takes the job
 * cgroups' directory from NB_TEST_CGROUP_SLICE. */
void metrics_init(void);

#endif
