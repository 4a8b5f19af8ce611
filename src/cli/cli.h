/* SPDX-License-Identifier: MIT */
/* cli.h — the parts of the paperconv command line, shared between its files:
 * options.c (the command line), output.c (where the output goes, atomic
 * replacement and signals), messages.c (diagnostics and the -v summary on
 * stderr), progress.c (the progress line).  main.c puts them together.
 *
 * The command line is a program of the library like any other: it uses
 * paperconv.h and nothing of the library's own headers. */
#ifndef PC_CLI_H
#define PC_CLI_H

#include "paperconv.h"

/* ---- exit codes: the command line's one convention ---- */
typedef enum pc_exit {
    PC_EXIT_OK = 0,    /* everything read was written */
    PC_EXIT_INPUT = 1, /* bad input: some record or file could not be converted */
    PC_EXIT_USAGE = 2, /* bad command line */
} pc_exit;

/* --progress / --no-progress / neither */
typedef enum pc_cli_progress {
    PC_PROGRESS_AUTO = 0, /* on a terminal, for inputs over PC_PROGRESS_MIN_BYTES */
    PC_PROGRESS_ON,
    PC_PROGRESS_OFF,
} pc_cli_progress;

/* The progress line's state (progress.c). */
typedef struct pc_cli_meter {
    bool tty;           /* stderr is a terminal: the line is redrawn in place */
    bool forced;        /* --progress: drawn whatever the size */
    bool open;          /* a line is on stderr and not ended yet */
    double start, last; /* monotonic seconds: the run's start, the last draw */
    const char *prog;
} pc_cli_meter;

/* The command line, parsed. */
typedef struct pc_cli {
    const char *prog;
    int verbose;
    bool quiet;
    pc_cli_progress progress;
    const char *out_path; /* -o; NULL or "-" = standard output */
    const pc_format *from, *to;
    pc_converter *conv;   /* the options go straight into it */
    bool keep_going;      /* --keep-going, for output.c's note */
    const char *const *inputs;
    size_t n_inputs;
    pc_cli_meter meter;
    struct {              /* messages.c: the cap on errors per input */
        char *file;       /* the input the counts are for */
        unsigned long shown, hidden;
    } cap;
} pc_cli;

/* ---- options.c ---- */

/* Parses argv into c (and c->conv's options).  Returns -1 to go on, or
 * the exit status to end with (--help, --version, --list-formats: 0; a
 * usage error, reported: 2). */
int pc_cli_parse(pc_cli *c, int argc, char **argv);

/* ---- suggest.c ---- */

/* The candidate a mistyped word most likely meant, or NULL. */
const char *pc_cli_suggest(const char *word, const char *const *cands, size_t n);

/* ---- output.c ---- */

/* Makes sure descriptors 0, 1 and 2 are open, so that no file we open later
 * takes their number; call first. */
void pc_cli_std_fds(void);

typedef struct pc_cli_output {
    FILE *f;          /* where the writer writes */
    const char *name; /* -o as given, for messages; NULL: standard output */
    char *target;     /* the regular file replaced (symlinks followed); NULL if none */
} pc_cli_output;

/* Opens the output -o names (or standard output).  Returns PC_EXIT_OK, or
 * PC_EXIT_INPUT after reporting why it cannot be written. */
pc_exit pc_cli_output_open(pc_cli_output *o, pc_cli *c);
/* Finishes the output: flushes it, and for a replaced file renames the temp
 * file over it when rc is PC_EXIT_OK, else removes it.  Returns rc, or
 * PC_EXIT_INPUT when the output could not be finished (reported). */
pc_exit pc_cli_output_close(pc_cli_output *o, pc_exit rc, pc_cli *c);

/* ---- messages.c ---- */

/* The diagnostic sink: GNU-style lines on stderr (user = the pc_cli, whose
 * progress line is ended first). */
void pc_cli_print_diag(void *user, const pc_diag *d);
/* "PROG: [FILE: ]SEVERITY: message" on stderr, for the CLI's own messages;
 * warnings are hidden by -q. */
void pc_cli_say(pc_cli *c, const char *file, pc_severity sev, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* At most PC_CLI_ERROR_CAP errors at a position are shown per input (all
 * of them with -v); then "… and N more errors like these", said before the
 * input's next message without a position, the next input's first one, or
 * by pc_cli_diag_end at the end of the run. */
enum { PC_CLI_ERROR_CAP = 10 };
void pc_cli_diag_end(pc_cli *c);
/* -v: the counts and the fields writers dropped. */
void pc_cli_summary(pc_cli *c);

/* ---- progress.c ---- */

/* Sets the converter's progress hook to draw c->meter, unless
 * --no-progress, or stderr is not a terminal and not --progress. */
void pc_cli_progress_start(pc_cli *c);
/* Ends the progress line (if one is shown) before another message. */
void pc_cli_progress_pause(pc_cli_meter *m);

/* ---- small helpers of the command line's own (output.c) ---- */

/* malloc and strdup that end the program on failure. */
void *pc_cli_alloc(size_t n);
char *pc_cli_strdup(const char *s);

#endif
