/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-exchange.c - the spike exchange on one rank, with two threads'
 * registers filled by the test: chunks start at 2 spikes, grow to 1.5x the
 * largest count when one overflows (and the exchange still delivers every
 * spike, in (lag, gid) order), shrink to 1.1x when the largest count falls
 * under 20 % of the chunk; the buffers only grow; on one rank the send and
 * receive buffers swap; a register is a vector grown by doubling. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "exchange/exchange.h"
#include "exchange/register.h"
#include "suite.h"

/* One rank, two threads, each with its register. */
static void init(struct nb_exchange *x)
{
	ck_assert_int_eq(nb_exchange_init(x, 1, 2, true), 0);
	for (int t = 0; t < 2; t++)
		ck_assert_int_eq(nb_exchange_init_thread(x, t), 0);
}

/* n spikes on each thread: gid t + 2 i at lag (n - i) % 3. */
static void emit(struct nb_exchange *x, size_t n)
{
	for (int t = 0; t < 2; t++) {
		x->reg[t]->n = 0;
		for (size_t i = 0; i < n; i++)
			ck_assert_int_eq(nb_register_push(x->reg[t],
			    (uint64_t)((n - i) % 3) << NB_SPIKE_LAG_SHIFT | (uint64_t)(t + 2 * i), 0), 0);
	}
}

static void exchange(struct nb_exchange *x)
{
	ck_assert_int_eq(nb_exchange_collocate(x), 0);
	ck_assert_int_eq(nb_exchange_communicate(x), 0);
}

/* The received chunk holds all 2n spikes, strictly increasing. */
static void check_received(const struct nb_exchange *x, size_t n)
{
	const uint64_t *c = nb_exchange_chunk(x, 0);

	ck_assert_uint_eq(c[0], 2 * n);
	for (size_t i = 1; i < c[0]; i++)
		ck_assert_uint_lt(c[NB_CHUNK_HEAD + i - 1], c[NB_CHUNK_HEAD + i]);
}

START_TEST(grow_and_shrink)
{
	struct nb_exchange x;

	init(&x);
	ck_assert_uint_eq(x.chunk, 2);
	emit(&x, 1);
	exchange(&x);
	check_received(&x, 1);
	ck_assert_uint_eq(x.grows, 0);
	emit(&x, 50);
	exchange(&x);
	check_received(&x, 50);
	ck_assert_uint_eq(x.chunk, 150);
	ck_assert_uint_eq(x.grows, 1);
	size_t cap = x.cap;
	emit(&x, 10);
	exchange(&x);                  /* 100 spikes >= 20 % of 150: kept */
	ck_assert_uint_eq(x.chunk, 150);
	emit(&x, 5);
	exchange(&x);                  /* last max 20 < 30: shrunk to 22 */
	check_received(&x, 5);
	ck_assert_uint_eq(x.chunk, 22);
	ck_assert_uint_eq(x.shrinks, 1);
	ck_assert_uint_eq(x.cap, cap);
	nb_exchange_free(&x);
}
END_TEST

START_TEST(one_rank_swaps)
{
	struct nb_exchange x;

	init(&x);
	uint64_t *send = x.send, *recv = x.recv;
	emit(&x, 1);
	exchange(&x);
	ck_assert_ptr_eq(x.recv, send);
	ck_assert_ptr_eq(x.send, recv);
	nb_exchange_free(&x);
}
END_TEST

START_TEST(register_doubles)
{
	struct nb_register *r = nb_register_new();
	size_t caps[5];

	ck_assert_ptr_nonnull(r);
	for (int i = 0; i < 5; i++) {
		ck_assert_int_eq(nb_register_push(r, (uint64_t)i, 0), 0);
		caps[i] = r->cap;
	}
	ck_assert_uint_eq(caps[0], 1);
	ck_assert_uint_eq(caps[1], 2);
	ck_assert_uint_eq(caps[2], 4);
	ck_assert_uint_eq(caps[4], 8);
	ck_assert_uint_eq(r->e[4].data, 4);
	nb_register_free(r);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		grow_and_shrink,
		one_rank_swaps,
		register_doubles,
		NULL,
	};

	return nb_run_tests("exchange", tests);
}
