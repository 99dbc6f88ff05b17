#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# job.sh - the job script docs/user.md's examples submit (copied into the
# documentation test's directory by tools/check-docs): one step that says
# where it ran and with which numa_balancing value.
srun bash -c 'echo "$(hostname): numa_balancing $(cat /proc/sys/kernel/numa_balancing), SLURM_NUMA_BALANCING=${SLURM_NUMA_BALANCING:-unset}"'
