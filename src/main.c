/* main.c — the paperconv command line: options, diagnostics on stderr, and
 * atomic output (-o writes a temp file in the same folder and renames it).
 *
 * The only global state in the program lives here: the temp file's path, so
 * a SIGINT/SIGTERM handler can remove it (signal handlers cannot be passed
 * context). */
#include "paperconv.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char temp_path[4096];
static volatile sig_atomic_t temp_active;

static void on_signal(int sig)
{
    if (temp_active)
        unlink(temp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

typedef struct cli {
    const char *prog;
    int verbose;
    bool quiet;
} cli;

static void print_diag(void *user, const pc_diag *d)
{
    const cli *c = user;
    if (d->severity == PC_SEV_NOTE && c->verbose < 1)
        return;
    if (d->severity == PC_SEV_WARNING && c->quiet)
        return;
    const char *sev = d->severity == PC_SEV_ERROR     ? "error"
                      : d->severity == PC_SEV_WARNING ? "warning"
                                                      : "note";
    fprintf(stderr, "%s: ", c->prog);
    if (d->file) {
        fputs(d->file, stderr);
        if (d->line) {
            fprintf(stderr, ":%lu", d->line);
            if (d->col)
                fprintf(stderr, ":%lu", d->col);
        }
        fputs(": ", stderr);
    }
    fprintf(stderr, "%s: %s\n", sev, d->message);
}

static void usage(FILE *f)
{
    fputs("Usage: paperconv [OPTIONS] [FILE...]\n"
          "Convert paper listings and bibliographic files between formats.\n"
          "With no FILE, or when FILE is -, read standard input.\n"
          "\n"
          "  -t, --to FORMAT       output format (required; see --list-formats)\n"
          "  -f, --from FORMAT     input format (default: from the file extension,\n"
          "                        then from the content)\n"
          "  -o, --output FILE     write to FILE atomically (default: standard output)\n"
          "      --unicode         BibTeX: keep UTF-8 instead of LaTeX commands\n"
          "      --rekey           ignore input citation keys, always generate them\n"
          "      --date WHICH      arXiv: 'published' (first version, default) or 'updated'\n"
          "      --strict          treat warnings as errors\n"
          "      --keep-going      exit 0 even if some records could not be converted\n"
          "      --list-formats    list the formats and exit\n"
          "  -q, --quiet           do not print warnings\n"
          "  -v, --verbose         print notes and a summary of what was converted\n"
          "  -h, --help            show this help and exit\n"
          "  -V, --version         show the version and exit\n"
          "\n"
          "Exit status: 0 ok, 1 bad input (or output failure), 2 usage error.\n",
          f);
}

static void list_formats(FILE *f)
{
    fprintf(f, "%-10s %-5s %-5s %-22s %s\n", "FORMAT", "READ", "WRITE", "ALIASES", "DESCRIPTION");
    for (const pc_format *const *p = pc_formats; *p; p++) {
        const pc_format *fmt = *p;
        char aliases[128] = "";
        size_t used = 0;
        for (const char *const *a = fmt->aliases; a && *a; a++) {
            int k = snprintf(aliases + used, sizeof aliases - used, "%s%s", used ? "," : "", *a);
            if (k < 0 || (size_t)k >= sizeof aliases - used)
                break;
            used += (size_t)k;
        }
        fprintf(f, "%-10s %-5s %-5s %-22s %s\n", fmt->name, fmt->read_open ? "yes" : "-",
                fmt->write_begin ? "yes" : "-", aliases[0] ? aliases : "-", fmt->description);
    }
}

static void valid_formats(FILE *f, bool readers)
{
    fputs("valid formats:", f);
    for (const pc_format *const *p = pc_formats; *p; p++)
        if (readers ? (*p)->read_open != NULL : (*p)->write_begin != NULL)
            fprintf(f, " %s", (*p)->name);
    fputc('\n', f);
}

static void print_drop(void *u, const char *fmt, const char *field, unsigned long n)
{
    const cli *c = u;
    fprintf(stderr, "%s: note: %s has no place for %s: dropped from %lu record(s)\n", c->prog, fmt,
            field, n);
}

/* Opens a temp file next to `path`; returns its stream or NULL. */
static FILE *open_temp(const char *path, const cli *c)
{
    char *copy = pc_xstrdup(path);
    const char *dir = dirname(copy);
    int k = snprintf(temp_path, sizeof temp_path, "%s/.paperconv-XXXXXX", dir);
    free(copy);
    if (k < 0 || (size_t)k >= sizeof temp_path) {
        fprintf(stderr, "%s: %s: error: path too long\n", c->prog, path);
        return NULL;
    }
    int fd = mkstemp(temp_path);
    if (fd < 0) {
        fprintf(stderr, "%s: %s: error: cannot create a temporary file: %s\n", c->prog, path,
                strerror(errno));
        return NULL;
    }
    temp_active = 1;
    /* the new file gets the old one's mode, or the usual 0666 & ~umask */
    struct stat st;
    if (stat(path, &st) == 0) {
        fchmod(fd, st.st_mode & 07777);
    } else {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(temp_path);
        temp_active = 0;
    }
    return f;
}

int main(int argc, char **argv)
{
    cli c = {.prog = "paperconv"};
    const char *to_name = NULL, *from_name = NULL, *out_path = NULL;
    pc_options opt = {0};
    enum { OPT_UNICODE = 256, OPT_REKEY, OPT_DATE, OPT_STRICT, OPT_KEEP, OPT_LIST };
    static const struct option longopts[] = {
        {"to", required_argument, NULL, 't'},
        {"from", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"unicode", no_argument, NULL, OPT_UNICODE},
        {"rekey", no_argument, NULL, OPT_REKEY},
        {"date", required_argument, NULL, OPT_DATE},
        {"strict", no_argument, NULL, OPT_STRICT},
        {"keep-going", no_argument, NULL, OPT_KEEP},
        {"list-formats", no_argument, NULL, OPT_LIST},
        {"quiet", no_argument, NULL, 'q'},
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":t:f:o:qvhV", longopts, NULL)) != -1) {
        switch (ch) {
        case 't': to_name = optarg; break;
        case 'f': from_name = optarg; break;
        case 'o': out_path = optarg; break;
        case 'q': c.quiet = true; break;
        case 'v': c.verbose++; break;
        case OPT_UNICODE: opt.unicode = true; break;
        case OPT_REKEY: opt.rekey = true; break;
        case OPT_STRICT: opt.strict = true; break;
        case OPT_KEEP: opt.keep_going = true; break;
        case OPT_DATE:
            if (strcmp(optarg, "published") == 0) {
                opt.date = PC_DATE_PUBLISHED;
            } else if (strcmp(optarg, "updated") == 0) {
                opt.date = PC_DATE_UPDATED;
            } else {
                fprintf(stderr, "%s: error: --date takes 'published' or 'updated', not '%s'\n",
                        c.prog, optarg);
                return PC_EXIT_USAGE;
            }
            break;
        case OPT_LIST: list_formats(stdout); return PC_EXIT_OK;
        case 'h': usage(stdout); return PC_EXIT_OK;
        case 'V': printf("paperconv %s\n", PC_VERSION); return PC_EXIT_OK;
        case ':':
            fprintf(stderr, "%s: error: option '%s' needs a value\n", c.prog, argv[optind - 1]);
            fprintf(stderr, "Try 'paperconv --help'.\n");
            return PC_EXIT_USAGE;
        default:
            fprintf(stderr, "%s: error: unknown option '%s'\n", c.prog, argv[optind - 1]);
            fprintf(stderr, "Try 'paperconv --help'.\n");
            return PC_EXIT_USAGE;
        }
    }
    opt.verbose = c.verbose;
    if (!to_name) {
        fprintf(stderr, "%s: error: no output format: use -t FORMAT\n", c.prog);
        valid_formats(stderr, false);
        return PC_EXIT_USAGE;
    }
    const pc_format *to = pc_format_find(to_name);
    if (!to || !to->write_begin) {
        fprintf(stderr, "%s: error: %s output format '%s'\n", c.prog, to ? "no writer for" : "unknown",
                to_name);
        valid_formats(stderr, false);
        return PC_EXIT_USAGE;
    }
    const pc_format *from = NULL;
    if (from_name) {
        from = pc_format_find(from_name);
        if (!from || !from->read_open) {
            fprintf(stderr, "%s: error: %s input format '%s'\n", c.prog,
                    from ? "no reader for" : "unknown", from_name);
            valid_formats(stderr, true);
            return PC_EXIT_USAGE;
        }
    }

    FILE *out = stdout;
    char *resolved = NULL;
    struct stat ost;
    if (out_path && strcmp(out_path, "-") != 0 && stat(out_path, &ost) == 0 && !S_ISREG(ost.st_mode)) {
        /* a device or pipe (/dev/stdout, a FIFO) cannot be replaced by a
         * rename: write to it directly */
        out = fopen(out_path, "w");
        if (!out) {
            fprintf(stderr, "%s: %s: error: cannot write: %s\n", c.prog, out_path, strerror(errno));
            return PC_EXIT_INPUT;
        }
        out_path = NULL;
    } else if (out_path && strcmp(out_path, "-") != 0) {
        /* a symlink is kept: the file it points to is replaced */
        resolved = realpath(out_path, NULL);
        if (resolved)
            out_path = resolved;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGHUP, &sa, NULL);
        out = open_temp(out_path, &c);
        if (!out)
            return PC_EXIT_INPUT;
    }
    static char outbuf[1 << 16];
    setvbuf(out, outbuf, _IOFBF, sizeof outbuf);

    pc_ctx ctx;
    pc_ctx_init(&ctx, print_diag, &c);
    ctx.opt = opt;
    pc_exit rc = pc_convert(&ctx, (const char *const *)argv + optind, (size_t)(argc - optind), from,
                            to, out);

    if (out != stdout && !out_path) {
        if (fclose(out) != 0 && rc == PC_EXIT_OK) {
            fprintf(stderr, "%s: error: cannot write the output: %s\n", c.prog, strerror(errno));
            rc = PC_EXIT_INPUT;
        }
    } else if (out != stdout) {
        bool keep = rc == PC_EXIT_OK;
        if (keep && (fflush(out) != 0 || fsync(fileno(out)) != 0)) {
            fprintf(stderr, "%s: %s: error: cannot write: %s\n", c.prog, out_path, strerror(errno));
            keep = false;
            rc = PC_EXIT_INPUT;
        }
        if (fclose(out) != 0 && keep) {
            fprintf(stderr, "%s: %s: error: cannot write: %s\n", c.prog, out_path, strerror(errno));
            keep = false;
            rc = PC_EXIT_INPUT;
        }
        if (keep && rename(temp_path, out_path) != 0) {
            fprintf(stderr, "%s: %s: error: cannot replace: %s\n", c.prog, out_path, strerror(errno));
            keep = false;
            rc = PC_EXIT_INPUT;
        }
        if (!keep) {
            unlink(temp_path);
            if (!ctx.output_failed)
                fprintf(stderr, "%s: %s: note: not written because of the errors above\n", c.prog,
                        out_path);
        }
        temp_active = 0;
    } else if (fflush(stdout) != 0) {
        if (errno != EPIPE)
            fprintf(stderr, "%s: error: cannot write the output: %s\n", c.prog, strerror(errno));
        rc = PC_EXIT_INPUT;
    }

    if (c.verbose) {
        fprintf(stderr,
                "%s: %lu record(s) read, %lu written, %lu skipped; %lu warning(s), %lu error(s)\n",
                c.prog, ctx.n_read, ctx.n_written, ctx.n_skipped, ctx.n_warnings, ctx.n_errors);
        pc_ctx_each_drop(&ctx, print_drop, &c);
    }
    pc_ctx_free(&ctx);
    free(resolved);
    return rc;
}
