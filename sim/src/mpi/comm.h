/* SPDX-License-Identifier: GPL-2.0-or-later */
/* comm.h - the few collective operations nbsim needs, over MPI or, in a
 * build without MPI (MPI=0), over a single process. Implemented in comm.c. */
#ifndef NB_COMM_H
#define NB_COMM_H

#include <stddef.h>

int nb_comm_init(int *argc, char ***argv);
void nb_comm_finalize(void);
int nb_comm_rank(void);
int nb_comm_size(void);
void nb_comm_barrier(void);
/* Every rank sends n bytes; rank 0 receives size*n bytes in rank order
 * (recv may be NULL on other ranks). */
void nb_comm_gather(const void *send, size_t n, void *recv);
/* Element-wise sum / max of n doubles, result on every rank. */
void nb_comm_sum(double *v, size_t n);
void nb_comm_max(double *v, size_t n);
/* Every rank sends the n-byte block i of send to rank i and receives
 * rank i's block into block i of recv (MPI_Alltoall). */
void nb_comm_alltoall(const void *send, size_t n, void *recv);
/* Every rank sends scount[i] bytes to rank i and receives rcount[i]
 * bytes from rank i, the blocks packed in rank order in send and recv
 * (MPI_Alltoallv). 0, or -1 on every rank when some count exceeds MPI's
 * int or memory runs out. */
int nb_comm_alltoallv(const void *send, const size_t *scount, void *recv,
                      const size_t *rcount);
/* Ranks on this rank's node (MPI_COMM_TYPE_SHARED), and this rank's place
 * among them in world order (0: the node's lowest rank). */
int nb_comm_local_size(void);
int nb_comm_local_rank(void);
/* Abort every rank with a message (used for errors after MPI start-up). */
void nb_comm_abort(const char *msg);

#endif
