/* cycle.h - the simulation loop, NEST's SimulationManager::update_: per
 * min-delay cycle deliver (exchange/deliver.h) and update on every thread,
 * each thread appending its neurons' spikes to its spike register and
 * counting them in the shared counters; then the master thread collocates,
 * optionally waits in an MPI_Barrier (--sync-timer), communicates
 * (exchange/exchange.h) and advances the modulo table; each phase
 * wall-clocked into an nb_cycle_log (compile with -DNB_NO_CYCLE_TIMERS to
 * drop the clock reads, for measuring their overhead). */
#ifndef NB_CYCLE_H
#define NB_CYCLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/network.h"
#include "exchange/exchange.h"
#include "io/results.h"

struct nb_sim {
	struct nb_net *net;
	struct nb_exchange x;
	int64_t step;                  /* next step to simulate */
	int64_t prev_start;            /* first step of the cycle x.recv came from */
	bool sync_timer;
	bool count_rates;              /* count spikes per population (sim phase) */
	bool progress;                 /* rank 0 reports to nb_progress_update */
	FILE *spikes_out;              /* --record-spikes: "step gid" lines, or NULL */
	struct nb_placement_log *placement; /* or NULL */
	struct nb_sampled *sampled;    /* what it samples */
	uint64_t spikes_counted;       /* master: the spike counters' sum at the last exchange */
	double clock[3];               /* master: cycle start, deliver end, update end */
};

/* Wall time one cycle-timer clock read costs (0 when compiled out); a
 * cycle takes NB_CLOCK_READS of them on the master thread: six for the
 * phases and one for the end of its own update in the thread log (every
 * other thread reads the clock three times, for its own thread log). */
#define NB_CLOCK_READS 7
double nb_cycle_clock_cost_s(void);
/* Cycles needed for `steps` steps. */
size_t nb_cycles(int64_t steps, int min_delay);
/* Simulates `steps` steps; call from every thread of one parallel region.
 * log (may be NULL) must hold nb_cycles(steps) cycles. */
void nb_cycle_run(struct nb_sim *s, int64_t steps, struct nb_cycle_log *log);

#endif
