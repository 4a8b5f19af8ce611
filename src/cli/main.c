/* SPDX-License-Identifier: MIT */
/* main.c — the paperconv command: parses the command line (options.c),
 * opens the output (output.c), converts through the library's public API
 * with diagnostics and progress on stderr (messages.c, progress.c), and
 * finishes the output; --stats and --merge-stats are stats.c's. */
#include "cli.h"

#include <stdlib.h>
#include <sys/resource.h>
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
    return st == PC_OK ? PC_EXIT_OK : st == PC_ERR_USAGE ? PC_EXIT_USAGE : PC_EXIT_INPUT;
}

/* -j unless told: PAPERCONV_JOBS when it is a number (a cluster's tasks,
 * one core each), else one thread per online core (0), but one under an
 * address-space limit (ulimit -v), where each thread's stack and malloc
 * arena reserve space that the limit counts: the memory bound it asks for
 * is kept by reading on one thread. */
static int default_jobs(void)
{
    const char *env = getenv("PAPERCONV_JOBS");
    char *end;
    long n = env && *env >= '0' && *env <= '9' ? strtol(env, &end, 10) : -1;
    if (n >= 0 && !*end && n <= 4096)
        return (int)n;
    struct rlimit as;
    return getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY ? 1 : 0;
}

int main(int argc, char **argv)
{
    pc_cli_std_fds(); /* before anything opens a file */
    pc_cli c = {.prog = "paperconv", .conv = pc_converter_new()};
    if (!c.conv) {
        fprintf(stderr, "%s: out of memory\n", c.prog);
        return PC_EXIT_INPUT;
    }
    pc_converter_set_option(c.conv, PC_OPT_JOBS, default_jobs());
    int status = pc_cli_parse(&c, argc, argv);
    if (status < 0) {
        pc_cli_output out;
        status = pc_cli_output_open(&out, &c);
        if (status == PC_EXIT_OK) {
            if (c.n_inputs == 0 && isatty(STDIN_FILENO) && !c.quiet)
                fprintf(stderr, "%s: reading standard input (end with Ctrl-D; see 'paperconv --help')\n",
                        c.prog);
            pc_converter_set_diag(c.conv, c.stats ? pc_cli_stats_diag : pc_cli_print_diag, &c);
            pc_cli_progress_start(&c);
            status = pc_cli_output_close(&out, convert(&c, out.f), &c);
            pc_cli_diag_end(&c);
            pc_cli_summary(&c);
            status = pc_cli_stats_write(&c, status);
        }
    }
    pc_converter_free(c.conv);
    return status;
}
