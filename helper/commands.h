/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The helper's subcommands; each returns an exit code (exitcodes.h). */
#ifndef NB_COMMANDS_H
#define NB_COMMANDS_H

#include "args.h"
#include "common/exitcodes.h"

enum nb_exit cmd_prolog(const struct nb_args *a);
enum nb_exit cmd_epilog(const struct nb_args *a);
enum nb_exit cmd_reset(void);
enum nb_exit cmd_reconcile(void);

#endif
