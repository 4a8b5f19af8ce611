/* SPDX-License-Identifier: MIT */
/* main.c — the paperconv command: parses the command line (options.c),
 * opens the output (output.c), converts through the library's public API
 * with diagnostics and progress on stderr (messages.c, progress.c), and
 * finishes the output. */
#include "cli.h"

#include <unistd.h>

/* Converts every input into the output; the exit status. */
static pc_exit convert(pc_cli *c, FILE *out)
{
    pc_writer *w;
    pc_status st = pc_writer_open_file(c->conv, c->to, out, &w);
    if (st == PC_OK) {
        st = pc_convert(w, c->inputs, c->n_inputs, c->from);
        pc_status end = pc_writer_finish(w);
        if (st == PC_OK)
            st = end;
        pc_writer_free(w);
    }
    return st == PC_OK ? PC_EXIT_OK : PC_EXIT_INPUT;
}

int main(int argc, char **argv)
{
    pc_cli_std_fds(); /* before anything opens a file */
    pc_cli c = {.prog = "paperconv", .conv = pc_converter_new()};
    if (!c.conv) {
        fprintf(stderr, "%s: out of memory\n", c.prog);
        return PC_EXIT_INPUT;
    }
    int status = pc_cli_parse(&c, argc, argv);
    if (status < 0) {
        pc_cli_output out;
        status = pc_cli_output_open(&out, &c);
        if (status == PC_EXIT_OK) {
            if (c.n_inputs == 0 && isatty(STDIN_FILENO) && !c.quiet)
                fprintf(stderr, "%s: reading standard input (end with Ctrl-D; see 'paperconv --help')\n",
                        c.prog);
            pc_converter_set_diag(c.conv, pc_cli_print_diag, &c);
            pc_cli_progress_start(&c);
            status = pc_cli_output_close(&out, convert(&c, out.f), &c);
            pc_cli_diag_end(&c);
            pc_cli_summary(&c);
        }
    }
    pc_converter_free(c.conv);
    return status;
}
