/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memest.c - the memory estimate of memest.h: synapses (8 bytes each),
 * per-thread CSR row offsets (and their copy while filling), neuron state,
 * ring buffers sized for the longest likely delay, the compressed spike
 * table (a pointer per neuron, a block of one entry per thread per
 * source, heap overhead) and the target tables (one entry per neuron and
 * rank, or without compressed spikes one per synapse), and a fixed
 * allowance for the runtime (MPI, OpenMP, libraries). */
#include "engine/memest.h"

#include <stdio.h>

#include "connection/connections.h"
#include "connection/targets.h"

#define RUNTIME_BYTES (96ull << 20)

uint64_t nb_mem_estimate(const struct nb_model *m, int ranks, int threads,
                         bool compressed)
{
	uint64_t vps = (uint64_t)ranks * (uint64_t)threads;
	uint64_t local = (m->neurons + vps - 1) / vps * (uint64_t)threads;
	uint64_t syn = nb_model_synapses(m) / (uint64_t)ranks + 1;
	uint64_t slots = (uint64_t)nb_model_delay_bound_steps(m) + 16;
	uint64_t channels = (uint64_t)nb_model_ring_channels(m);
	uint64_t rows = 2 * (m->neurons + 1) * sizeof(uint64_t) * (uint64_t)threads;
	uint64_t state = local * (4 * sizeof(double) + sizeof(int32_t) +
	                          sizeof(uint16_t) + sizeof(uint32_t));
	uint64_t indeg = local * sizeof(uint32_t) * (m->nprojs / (m->npops ? m->npops : 1) + 1);
	uint64_t table = m->neurons * (2 * sizeof(void *) + (uint64_t)threads *
	                               sizeof(uint64_t) + 16);
	uint64_t targets = local * (sizeof(struct nb_targets) + 32) +
	                   (compressed ? local * (uint64_t)ranks * sizeof(uint64_t)
	                               : syn * sizeof(uint64_t));

	return syn * sizeof(struct nb_syn) + rows + state + indeg + table + targets +
	       local * channels * slots * sizeof(float) + RUNTIME_BYTES;
}

uint64_t nb_mem_available(int local_ranks)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	unsigned long long kb = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return kb * 1024ull / (uint64_t)(local_ranks > 0 ? local_ranks : 1);
}

int nb_mem_check(const struct nb_model *m, int ranks, int threads,
                 int local_ranks, bool compressed)
{
	uint64_t need = nb_mem_estimate(m, ranks, threads, compressed);
	uint64_t have = nb_mem_available(local_ranks);

	if (have == 0 || need <= have)
		return 0;
	fprintf(stderr,
	        "nbsim: %s with %llu neurons and %llu synapses needs about %.2f GiB per rank,\n"
	        "nbsim: but only %.2f GiB are available to each of the %d ranks on this node;\n"
	        "nbsim: refusing before allocating (lower --scale or use more nodes)\n",
	        m->name, (unsigned long long)m->neurons,
	        (unsigned long long)nb_model_synapses(m), need / 1073741824.0,
	        have / 1073741824.0, local_ranks);
	return -1;
}
