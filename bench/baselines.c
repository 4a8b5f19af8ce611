/* SPDX-License-Identifier: MIT */
/* baselines.c — the benchmark's bare-library baselines and its timer.
 *
 * What the converter is measured against (bench/run.sh runs each on the same
 * files as the conversions, in the same run):
 *
 *   scan FILE       fread 1 MiB blocks + memchr line count: the machine's floor
 *   xmlwalk FILE    a bare libxml2 xmlTextReader walk (xmlTextReaderRead until
 *                   the end, no values looked at): the Atom reader's ceiling
 *   jansson FILE    jansson's bare parse of every element of a top-level array
 *                   or every line of JSON Lines (json_loadb with
 *                   JSON_DISABLE_EOF_CHECK straight from the read buffer, then
 *                   json_decref): the JSON reader's ceiling
 *   janssondump FILE  jansson's writer alone: the items of FILE (a CSL-JSON
 *                   file our writer produced) are parsed as above, untimed,
 *                   in batches of 4096, and only json_dump_callback is timed
 *                   (JSON_INDENT(2), as the CSL-JSON writer dumps), into a
 *                   sink that counts bytes: what jansson's own writer costs
 *                   a -> csljson path
 *   yamlemit FILE   libyaml's bare emit of the events of FILE (a YAML file our
 *                   writer produced): events are parsed in batches of 4096,
 *                   untimed, and only yaml_emitter_emit is timed, into a sink
 *                   that counts bytes; the emitter is set up as the YAML writer
 *                   sets it (unicode, no folding, LF)
 *   time [-i IN] [-o OUT] [-e ERR] -- CMD ARG...
 *                   runs CMD (stdin IN, stdout OUT, stderr ERR; /dev/null by
 *                   default), prints "SECONDS MAXRSS_KB STATUS": wall time
 *                   from fork to wait4 (CLOCK_MONOTONIC) and the child's peak
 *                   RSS from wait4's rusage (for `sh -c 'a | b'` the largest
 *                   process of the pipeline)
 *
 * Every command except `time` prints "SECONDS BYTES COUNT" on stdout: its own
 * measured seconds, the bytes it processed (input; output for janssondump
 * and yamlemit) and the lines / elements / nodes / events it saw. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <libxml/xmlreader.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

enum { BLOCK = 1 << 20 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *path)
{
    fprintf(stderr, "baselines: %s%s%s: %s\n", what, path ? " " : "", path ? path : "", strerror(errno));
    exit(1);
}

static FILE *open_in(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot open", path);
    return f;
}

/* ---- scan: fread + memchr ------------------------------------------------------ */

static int cmd_scan(const char *path)
{
    double t0 = now();
    FILE *f = open_in(path);
    char *b = malloc(BLOCK);
    size_t n, bytes = 0, lines = 0;
    while ((n = fread(b, 1, BLOCK, f)) > 0) {
        bytes += n;
        for (const char *p = b, *end = b + n; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
            lines++;
    }
    fclose(f);
    free(b);
    printf("%.6f %zu %zu\n", now() - t0, bytes, lines);
    return 0;
}

/* ---- xmlwalk: bare xmlTextReader ------------------------------------------------ */

static int cmd_xmlwalk(const char *path)
{
    double t0 = now();
    xmlTextReaderPtr r = xmlReaderForFile(path, NULL, XML_PARSE_NONET);
    if (!r)
        die("libxml2 cannot open", path);
    size_t nodes = 0;
    int rc;
    while ((rc = xmlTextReaderRead(r)) == 1)
        nodes++;
    xmlFreeTextReader(r);
    if (rc != 0) {
        fprintf(stderr, "baselines: %s: XML error\n", path);
        return 1;
    }
    double t = now() - t0;
    FILE *f = open_in(path);
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fclose(f);
    printf("%.6f %ld %zu\n", t, bytes, nodes);
    return 0;
}

/* ---- jansson: bare parse of each element ---------------------------------------- */

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Calls fn on every element of a top-level array, or every top-level value
 * (JSON Lines), parsed by json_loadb with JSON_DISABLE_EOF_CHECK straight
 * from the read buffer; fn owns the value.  Counts the bytes read and the
 * values; false after printing an error. */
static bool each_json(const char *path, void (*fn)(json_t *v, void *u), void *u, size_t *bytes_out,
                      size_t *elements_out)
{
    FILE *f = open_in(path);
    size_t cap = 4 * BLOCK, len = 0, pos = 0, bytes = 0, elements = 0;
    char *b = malloc(cap);
    bool eof = false, in_array = false, started = false;
    for (;;) {
        /* skip white space and separators; refill when the window runs dry */
        while (pos < len && (is_ws(b[pos]) || (in_array && b[pos] == ',')))
            pos++;
        if (pos == len || (!eof && len - pos < BLOCK / 4)) {
            memmove(b, b + pos, len - pos);
            len -= pos;
            pos = 0;
            if (!eof) {
                size_t n = fread(b + len, 1, cap - len, f);
                bytes += n;
                len += n;
                eof = n == 0 || feof(f);
                continue;
            }
            if (len == 0)
                break;
        }
        if (!started) {
            started = true;
            if (b[pos] == '[') { /* a top-level array: its elements one by one */
                in_array = true;
                pos++;
                continue;
            }
        }
        if (in_array && b[pos] == ']') {
            pos++;
            continue;
        }
        json_error_t err;
        json_t *v = json_loadb(b + pos, len - pos, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &err);
        if (!v) {
            if (!eof) { /* the element runs past the window: grow it and read on */
                if (pos == 0) {
                    cap *= 2;
                    b = realloc(b, cap);
                }
                memmove(b, b + pos, len - pos);
                len -= pos;
                pos = 0;
                size_t n = fread(b + len, 1, cap - len, f);
                bytes += n;
                len += n;
                eof = n == 0 || feof(f);
                continue;
            }
            fprintf(stderr, "baselines: %s: JSON error: %s\n", path, err.text);
            return false;
        }
        fn(v, u);
        elements++;
        pos += err.position;
    }
    fclose(f);
    free(b);
    *bytes_out = bytes;
    *elements_out = elements;
    return true;
}

static void drop(json_t *v, void *u)
{
    (void)u;
    json_decref(v);
}

static int cmd_jansson(const char *path)
{
    double t0 = now();
    size_t bytes, elements;
    if (!each_json(path, drop, NULL, &bytes, &elements))
        return 1;
    printf("%.6f %zu %zu\n", now() - t0, bytes, elements);
    return 0;
}

/* ---- janssondump: jansson's writer alone ----------------------------------------- */

enum { DUMP_BATCH = 4096 };

typedef struct dump_state {
    json_t *batch[DUMP_BATCH];
    size_t n, out;
    double seconds;
    int rc;
} dump_state;

static int count_dump(const char *s, size_t n, void *data)
{
    (void)s;
    *(size_t *)data += n;
    return 0;
}

/* Dumps the batch as the CSL-JSON writer dumps an item (two-space indent,
 * keys in order), timing only json_dump_callback. */
static void dump_batch(dump_state *d)
{
    double t0 = now();
    for (size_t i = 0; i < d->n; i++)
        d->rc |= json_dump_callback(d->batch[i], count_dump, &d->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    d->seconds += now() - t0;
    for (size_t i = 0; i < d->n; i++)
        json_decref(d->batch[i]);
    d->n = 0;
}

static void keep(json_t *v, void *u)
{
    dump_state *d = u;
    d->batch[d->n++] = v;
    if (d->n == DUMP_BATCH)
        dump_batch(d);
}

static int cmd_janssondump(const char *path)
{
    dump_state *d = calloc(1, sizeof *d);
    size_t bytes, elements;
    if (!each_json(path, keep, d, &bytes, &elements))
        return 1;
    dump_batch(d);
    if (d->rc) {
        fprintf(stderr, "baselines: %s: json_dump_callback failed\n", path);
        return 1;
    }
    printf("%.6f %zu %zu\n", d->seconds, d->out, elements);
    free(d);
    return 0;
}

/* ---- yamlemit: libyaml's emitter alone ------------------------------------------ */

static int count_sink(void *data, unsigned char *s, size_t n)
{
    (void)s;
    *(size_t *)data += n;
    return 1;
}

static int cmd_yamlemit(const char *path)
{
    FILE *f = open_in(path);
    yaml_parser_t p;
    yaml_emitter_t em;
    size_t out = 0, events = 0;
    yaml_parser_initialize(&p);
    yaml_parser_set_input_file(&p, f);
    yaml_emitter_initialize(&em);
    yaml_emitter_set_output(&em, count_sink, &out);
    yaml_emitter_set_unicode(&em, 1);
    yaml_emitter_set_width(&em, -1);
    yaml_emitter_set_break(&em, YAML_LN_BREAK);
    enum { BATCH = 4096 };
    yaml_event_t *batch = malloc(BATCH * sizeof *batch);
    double emit = 0;
    bool done = false;
    while (!done) {
        size_t n = 0;
        while (n < BATCH && !done) {
            if (!yaml_parser_parse(&p, &batch[n])) {
                fprintf(stderr, "baselines: %s: YAML error: %s\n", path, p.problem ? p.problem : "?");
                return 1;
            }
            done = batch[n].type == YAML_STREAM_END_EVENT;
            n++;
        }
        double t0 = now();
        for (size_t i = 0; i < n; i++) {
            if (!yaml_emitter_emit(&em, &batch[i])) { /* the emitter owns the event either way */
                fprintf(stderr, "baselines: %s: emitter error: %s\n", path, em.problem ? em.problem : "?");
                return 1;
            }
        }
        emit += now() - t0;
        events += n;
    }
    double t0 = now();
    yaml_emitter_flush(&em);
    emit += now() - t0;
    yaml_emitter_delete(&em);
    yaml_parser_delete(&p);
    free(batch);
    fclose(f);
    printf("%.6f %zu %zu\n", emit, out, events);
    return 0;
}

/* ---- time: wall time and peak RSS of a command ----------------------------------- */

static void redirect(const char *path, int fd, int flags)
{
    int x = open(path, flags, 0644);
    if (x < 0 || dup2(x, fd) < 0)
        die("cannot redirect to", path);
    close(x);
}

static int cmd_time(int argc, char **argv)
{
    const char *in = "/dev/null", *out = "/dev/null", *err = "/dev/null";
    int i = 0;
    for (; i < argc && strcmp(argv[i], "--") != 0; i += 2) {
        if (i + 1 >= argc)
            return 2;
        if (!strcmp(argv[i], "-i"))
            in = argv[i + 1];
        else if (!strcmp(argv[i], "-o"))
            out = argv[i + 1];
        else if (!strcmp(argv[i], "-e"))
            err = argv[i + 1];
        else
            return 2;
    }
    if (i + 1 >= argc)
        return 2;
    char **cmd = argv + i + 1;
    fflush(stdout);
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0)
        die("fork", NULL);
    if (pid == 0) {
        redirect(in, 0, O_RDONLY);
        redirect(out, 1, O_WRONLY | O_CREAT | O_TRUNC);
        redirect(err, 2, O_WRONLY | O_CREAT | O_TRUNC);
        execvp(cmd[0], cmd);
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            die("wait4", NULL);
    double t = now() - t0;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%.6f %ld %d\n", t, ru.ru_maxrss, code);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "scan"))
        return cmd_scan(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "xmlwalk"))
        return cmd_xmlwalk(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "jansson"))
        return cmd_jansson(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "janssondump"))
        return cmd_janssondump(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "yamlemit"))
        return cmd_yamlemit(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "time"))
        return cmd_time(argc - 2, argv + 2);
    fputs("usage: baselines scan|xmlwalk|jansson|janssondump|yamlemit FILE\n"
          "       baselines time [-i IN] [-o OUT] [-e ERR] -- CMD ARG...\n",
          stderr);
    return 2;
}
