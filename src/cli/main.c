/* SPDX-License-Identifier: MIT */
/* main.c — the paperconv command: parses the command line (options.c),
 * opens the output (output.c), runs the conversion driver with diagnostics
 * and progress on stderr (messages.c, progress.c), and finishes the output. */
#include "cli.h"

#include <unistd.h>

int main(int argc, char **argv)
{
    pc_cli_std_fds(); /* before anything opens a file */
    pc_cli c = {.prog = "paperconv"};
    int status = pc_cli_parse(&c, argc, argv);
    if (status >= 0)
        return status;

    pc_cli_output out;
    if (pc_cli_output_open(&out, &c) != PC_EXIT_OK)
        return PC_EXIT_INPUT;
    if (c.n_inputs == 0 && isatty(STDIN_FILENO) && !c.quiet)
        fprintf(stderr, "%s: reading standard input (end with Ctrl-D; see 'paperconv --help')\n",
                c.prog);

    pc_ctx ctx;
    pc_ctx_init(&ctx, pc_cli_print_diag, &c);
    ctx.opt = c.opt;
    pc_cli_progress_start(&c, &ctx);
    pc_exit rc = pc_convert(&ctx, c.inputs, c.n_inputs, c.from, c.to, out.f);
    rc = pc_cli_output_close(&out, rc, &ctx, &c);
    pc_cli_summary(&c, &ctx);
    pc_ctx_free(&ctx);
    return rc;
}
