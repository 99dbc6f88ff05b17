/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cycle.h - the simulation loop, NEST's SimulationManager::update_: per
 * min-delay cycle deliver (exchange/deliver.h) and update on every thread,
 * each thread appending its neurons' spikes to its spike register and
 * counting them in the shared counters; then the master thread collocates,
 * optionally waits in an MPI_Barrier (--sync-timer), communicates
 * (exchange/exchange.h) and advances the modulo table; each phase
 * wall-clocked and handed, with the cycle's spikes, to the observer hook
 * (observer.h) (compile with -DNB_NO_CYCLE_TIMERS to drop the clock reads,
 * for measuring their overhead). */
#ifndef NB_CYCLE_H
#define NB_CYCLE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/observer.h"
#include "engine/sim.h"

/* Wall time one cycle-timer clock read costs (0 when compiled out); a
 * cycle takes NB_CLOCK_READS of them on the master thread: six for the
 * phases and one for the end of its own update, handed to the hook (every
 * other thread reads the clock three times). */
#define NB_CLOCK_READS 7
double nb_cycle_clock_cost_s(void);
/* Cycles needed for `steps` steps. */
size_t nb_cycles(int64_t steps, int min_delay);
/* Simulates `steps` steps; call from every thread of one parallel region.
 * obs (never NULL) hears of every cycle. */
void nb_cycle_run(struct nb_sim *s, int64_t steps, const struct nb_observer *obs);

#endif
