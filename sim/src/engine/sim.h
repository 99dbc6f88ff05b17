/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sim.h - everything one rank simulates with: its neurons (nodes/), their
 * connections (connection/), the spike exchange (exchange/) with each
 * thread's cursors for reading it, and where the loop stands. build.c
 * fills and frees it; cycle.c and update.c run it. */
#ifndef NB_SIM_H
#define NB_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "connection/connections.h"
#include "exchange/exchange.h"
#include "nodes/network.h"

struct nb_merge;

struct nb_sim {
	struct nb_net net;
	struct nb_conn conn;
	struct nb_exchange x;
	struct nb_merge **merge;       /* [threads] deliver's cursors */
	int64_t step;                  /* next step to simulate */
	int64_t prev_start;            /* first step of the cycle x.recv came from */
	bool sync_timer;
	bool count_rates;              /* count spikes per population (sim phase) */
	uint64_t spikes_counted;       /* master: the spike counters' sum at the last exchange */
	double clock[3];               /* master: cycle start, deliver end, update end */
};

#endif
