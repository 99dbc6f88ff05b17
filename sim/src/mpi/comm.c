/* SPDX-License-Identifier: GPL-2.0-or-later */
/* comm.c - nbsim's collective operations (comm.h) over MPI when built with
 * mpicc (NB_HAVE_MPI), or over a single process otherwise. */
#include "mpi/comm.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef NB_HAVE_MPI
#include <mpi.h>

static int local_size = 1, local_rank;

/* Counts this node's ranks once, at start-up; the split keeps the world
 * order (key 0), so local rank 0 is the node's lowest world rank. */
static void count_local(void)
{
	MPI_Comm node;

	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0,
	                    MPI_INFO_NULL, &node);
	MPI_Comm_size(node, &local_size);
	MPI_Comm_rank(node, &local_rank);
	MPI_Comm_free(&node);
}

int nb_comm_init(int *argc, char ***argv)
{
	int provided = 0;

	if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) !=
	    MPI_SUCCESS) {
		fprintf(stderr, "nbsim: MPI_Init_thread failed\n");
		return -1;
	}
	count_local();
	return 0;
}

void nb_comm_finalize(void)
{
	MPI_Finalize();
}

int nb_comm_rank(void)
{
	int r = 0;

	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	return r;
}

int nb_comm_size(void)
{
	int n = 1;

	MPI_Comm_size(MPI_COMM_WORLD, &n);
	return n;
}

int nb_comm_local_size(void)
{
	return local_size;
}

int nb_comm_local_rank(void)
{
	return local_rank;
}

void nb_comm_barrier(void)
{
	MPI_Barrier(MPI_COMM_WORLD);
}

void nb_comm_gather(const void *send, size_t n, void *recv)
{
	MPI_Gather(send, (int)n, MPI_BYTE, recv, (int)n, MPI_BYTE, 0,
	           MPI_COMM_WORLD);
}

void nb_comm_alltoall(const void *send, size_t n, void *recv)
{
	MPI_Alltoall(send, (int)n, MPI_BYTE, recv, (int)n, MPI_BYTE,
	             MPI_COMM_WORLD);
}

/* Counts and displacements as MPI's ints; -1 when one does not fit. */
static int ints(const size_t *count, int n, int *c, int *d)
{
	size_t at = 0;

	for (int i = 0; i < n; i++) {
		if (count[i] > INT_MAX || at > INT_MAX)
			return -1;
		c[i] = (int)count[i];
		d[i] = (int)at;
		at += count[i];
	}
	return 0;
}

int nb_comm_alltoallv(const void *send, const size_t *scount, void *recv,
                      const size_t *rcount)
{
	int n = nb_comm_size(), bad;
	int *a = malloc(4 * (size_t)n * sizeof(int));

	bad = !a || ints(scount, n, a, a + n) || ints(rcount, n, a + 2 * n, a + 3 * n);
	MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (!bad)
		MPI_Alltoallv(send, a, a + n, MPI_BYTE, recv, a + 2 * n, a + 3 * n,
		              MPI_BYTE, MPI_COMM_WORLD);
	free(a);
	return bad ? -1 : 0;
}

void nb_comm_sum(double *v, size_t n)
{
	MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_DOUBLE, MPI_SUM,
	              MPI_COMM_WORLD);
}

void nb_comm_max(double *v, size_t n)
{
	MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_DOUBLE, MPI_MAX,
	              MPI_COMM_WORLD);
}

void nb_comm_abort(const char *msg)
{
	fprintf(stderr, "nbsim: %s\n", msg);
	MPI_Abort(MPI_COMM_WORLD, 1);
	exit(1);
}

#else

int nb_comm_init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

void nb_comm_finalize(void)
{
}

int nb_comm_rank(void)
{
	return 0;
}

int nb_comm_size(void)
{
	return 1;
}

int nb_comm_local_size(void)
{
	return 1;
}

int nb_comm_local_rank(void)
{
	return 0;
}

void nb_comm_barrier(void)
{
}

void nb_comm_gather(const void *send, size_t n, void *recv)
{
	memmove(recv, send, n);
}

void nb_comm_alltoall(const void *send, size_t n, void *recv)
{
	memmove(recv, send, n);
}

int nb_comm_alltoallv(const void *send, const size_t *scount, void *recv,
                      const size_t *rcount)
{
	(void)rcount;
	memmove(recv, send, scount[0]);
	return 0;
}

void nb_comm_sum(double *v, size_t n)
{
	(void)v;
	(void)n;
}

void nb_comm_max(double *v, size_t n)
{
	(void)v;
	(void)n;
}

void nb_comm_abort(const char *msg)
{
	fprintf(stderr, "nbsim: %s\n", msg);
	exit(1);
}

#endif
