/* SPDX-License-Identifier: GPL-2.0-or-later */
/* provenance.h - where and how a rank ran: the kernel (uname), the CPU
 * model and online CPUs, and each thread's affinity and the CPUs it ran
 * on; and the date now, for the start of the sim phase. Gathered to rank
 * 0 into summary.json's "provenance" (summary-probes.c). provenance.c. */
#ifndef NB_PROVENANCE_H
#define NB_PROVENANCE_H

#include "io/thread-log.h"

#define NB_KERNEL_MAX 320
#define NB_CPU_MODEL_MAX 128
#define NB_THREAD_CPUS_MAX 16384

/* One rank's, gathered as plain bytes. */
struct nb_prov_facts {
	char kernel[NB_KERNEL_MAX];             /* "6.18.44 #1 SMP ..." */
	char cpu_model[NB_CPU_MODEL_MAX];       /* "" when unknown */
	int cpus;
	/* JSON text: [{"affinity": "0-1", "ran_on": "0"}, ...] per thread;
	 * "[]" when it does not fit or there is no log. */
	char thread_cpus[NB_THREAD_CPUS_MAX];
};

void nb_prov_collect(struct nb_prov_facts *f, const struct nb_thread_log *log);
/* The UTC date and time now as "YYYY-MM-DDTHH:MM:SSZ". */
void nb_prov_date(char *buf, size_t n);

#endif
