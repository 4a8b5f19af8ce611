/* SPDX-License-Identifier: MIT */
/* output.c — where paperconv writes: standard output, a device or pipe
 * written directly, or a regular file replaced atomically (-o): a temp file
 * in the same folder, renamed over the file at the end, removed on an error
 * or a signal.  Also makes sure descriptors 0-2 are open at start.
 *
 * The only global state of the program lives here: the temp file's path, so
 * that a signal handler can remove it (handlers cannot be passed context). */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char temp_path[4096];
static volatile sig_atomic_t temp_active;

/* A closed 0, 1 or 2 would be taken by the next file we open: the temp
 * file would get descriptor 2 and the diagnostics would be written into the
 * output.  Each closed one is opened on /dev/null in the other direction,
 * so it still fails as a closed one would (EBADF: reading a closed stdin, or
 * writing a closed stdout, is still reported) but its number is taken. */
void pc_cli_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (got >= 0 && got != fd) { /* cannot happen: fd was the lowest free */
            dup2(got, fd);
            close(got);
        }
    }
}

/* Removes the temp file and dies of the signal as if not caught.  Only
 * async-signal-safe calls: unlink, signal, raise.  The signal is blocked
 * while the handler runs, so raise() takes effect when it returns. */
static void on_signal(int sig)
{
    if (temp_active)
        unlink(temp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The signals whose default action ends the process, other than the ones a
 * bug raises (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS: left to the
 * default and to the sanitizers' reports).  SIGABRT is caught: an
 * allocation failure aborts.  Real-time signals are added in a loop. */
static const int fatal_signals[] = {
    SIGHUP,  SIGINT,  SIGQUIT, SIGABRT,   SIGPIPE, SIGALRM, SIGTERM, SIGUSR1,
    SIGUSR2, SIGXCPU, SIGPOLL, SIGVTALRM, SIGPROF,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
};

/* Installs the handler for `sig`, unless it is ignored: a signal ignored
 * when we start (nohup, trap '' HUP) stays ignored. */
static void catch_one(int sig)
{
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0 || old.sa_handler == SIG_IGN)
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigfillset(&sa.sa_mask); /* one clean-up at a time */
    sigaction(sig, &sa, NULL);
}

static void catch_signals(void)
{
    for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
        catch_one(fatal_signals[i]);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        catch_one(sig);
}

/* Blocks (or restores) every signal around a change of temp_active. */
static void hold_signals(bool hold, sigset_t *saved)
{
    if (hold) {
        sigset_t all;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, saved);
    } else {
        sigprocmask(SIG_SETMASK, saved, NULL);
    }
}

void *pc_cli_alloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("paperconv: out of memory\n", stderr);
        abort();
    }
    return p;
}

char *pc_cli_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(pc_cli_alloc(n), s, n);
}

/* The contents of the symlink `path` (malloc'd), or NULL with errno. */
static char *read_link(const char *path)
{
    for (size_t cap = 256;; cap *= 2) {
        char *buf = pc_cli_alloc(cap);
        ssize_t n = readlink(path, buf, cap);
        if (n >= 0 && (size_t)n < cap) {
            buf[n] = '\0';
            return buf;
        }
        free(buf);
        if (n < 0 || cap > 65536)
            return NULL;
    }
}

/* The file `path` stands for, following symlinks even when the last one
 * points nowhere yet (the link stays, its target is created).  Malloc'd;
 * NULL with errno ELOOP after 40 links, as the kernel counts. */
static char *follow_links(const char *path)
{
    char *p = pc_cli_strdup(path);
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
            return p;
        char *to = read_link(p);
        if (!to) {
            int err = errno;
            free(p);
            errno = err;
            return NULL;
        }
        if (to[0] != '/') { /* relative to the link's folder */
            char *copy = pc_cli_strdup(p);
            const char *dir = dirname(copy);
            size_t n = strlen(dir) + 1 + strlen(to) + 1;
            char *joined = pc_cli_alloc(n);
            snprintf(joined, n, "%s/%s", dir, to);
            free(copy);
            free(to);
            to = joined;
        }
        free(p);
        p = to;
    }
    free(p);
    errno = ELOOP;
    return NULL;
}

/* Gives the temp file the owner, group and mode of the file it replaces
 * (root rewriting another user's file must not take it over); says so when
 * it cannot (not root: the file becomes the user's, with the old group if
 * the user is in it). */
static void keep_owner(int fd, const struct stat *old, pc_cli *c)
{
    struct stat now;
    if (fstat(fd, &now) == 0 && (now.st_uid != old->st_uid || now.st_gid != old->st_gid) &&
        fchown(fd, old->st_uid, old->st_gid) != 0) {
        int err = errno;
        if (now.st_gid != old->st_gid) { /* the group at least, if the user is in it */
            int ignored = fchown(fd, (uid_t)-1, old->st_gid);
            (void)ignored;
        }
        pc_cli_say(c, c->out_path, PC_SEV_WARNING, "cannot keep the file's owner (uid %lu): %s; "
                   "the new file belongs to you", (unsigned long)old->st_uid, strerror(err));
    }
    /* after fchown, which clears the set-user-ID bit */
    if (fchmod(fd, old->st_mode & 07777) != 0)
        pc_cli_say(c, c->out_path, PC_SEV_WARNING, "cannot keep the file's mode %04o: %s",
                   (unsigned)(old->st_mode & 07777), strerror(errno));
}

/* Opens a temp file next to `target`; returns its stream or NULL (reported). */
static FILE *open_temp(const char *target, pc_cli *c)
{
    char *copy = pc_cli_strdup(target);
    int k = snprintf(temp_path, sizeof temp_path, "%s/.paperconv-XXXXXX", dirname(copy));
    free(copy);
    if (k < 0 || (size_t)k >= sizeof temp_path) {
        pc_cli_say(c, c->out_path, PC_SEV_ERROR, "path too long");
        return NULL;
    }
    sigset_t saved;
    hold_signals(true, &saved); /* no signal between creating it and knowing it */
    int fd = mkstemp(temp_path);
    int err = errno;
    temp_active = fd >= 0;
    hold_signals(false, &saved);
    if (fd < 0) {
        pc_cli_say(c, c->out_path, PC_SEV_ERROR, "cannot create a temporary file: %s", strerror(err));
        return NULL;
    }
    struct stat st;
    if (stat(target, &st) == 0) {
        keep_owner(fd, &st, c);
    } else { /* a new file: the usual 0666 & ~umask */
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

pc_exit pc_cli_output_open(pc_cli_output *o, pc_cli *c)
{
    static char outbuf[1 << 16];
    memset(o, 0, sizeof *o);
    /* past `ulimit -f`, a write fails with EFBIG instead of killing us
     * (SIGXFSZ): reported as a write error, exit 1, on standard output as
     * with -o (where the old file is kept) */
    signal(SIGXFSZ, SIG_IGN);
    o->f = stdout;
    const char *path = c->out_path;
    struct stat st;
    if (path && strcmp(path, "-") != 0) {
        o->name = path;
        if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
            /* a device or pipe (/dev/stdout, a FIFO) cannot be replaced by
             * a rename: write to it directly */
            o->f = fopen(path, "w");
        } else if ((o->target = follow_links(path)) != NULL) {
            catch_signals();
            o->f = open_temp(o->target, c);
            if (!o->f)
                return PC_EXIT_INPUT;
        } else {
            o->f = NULL;
        }
        if (!o->f) {
            pc_cli_say(c, path, PC_SEV_ERROR, "cannot write: %s", strerror(errno));
            return PC_EXIT_INPUT;
        }
    }
    setvbuf(o->f, outbuf, _IOFBF, sizeof outbuf);
    return PC_EXIT_OK;
}

/* Puts the temp file in place of the target when `keep`, else removes it.
 * Returns true when the target was replaced. */
static bool commit(pc_cli_output *o, bool keep, pc_cli *c)
{
    const char *err = NULL;
    if (keep && (fflush(o->f) != 0 || fsync(fileno(o->f)) != 0))
        err = "cannot write";
    if (fclose(o->f) != 0 && keep && !err)
        err = "cannot write";
    o->f = NULL;
    int e = errno;
    sigset_t saved;
    hold_signals(true, &saved); /* the temp file is renamed or removed, then forgotten */
    if (keep && !err && rename(temp_path, o->target) != 0) {
        e = errno;
        err = "cannot replace";
    }
    bool replaced = keep && !err;
    if (!replaced)
        unlink(temp_path);
    temp_active = 0;
    hold_signals(false, &saved);
    if (err)
        pc_cli_say(c, o->name, PC_SEV_ERROR, "%s: %s", err, strerror(e));
    return replaced;
}

/* Why the old file was kept, after the errors that said what failed. */
static void say_not_written(const pc_cli_output *o, pc_cli *c)
{
    unsigned long failed = pc_converter_count(c->conv, PC_COUNT_INPUTS_FAILED);
    if (failed && c->keep_going)
        pc_cli_say(c, o->name, PC_SEV_NOTE, "not written: %s could not be read (--keep-going "
                   "forgives bad records, not unread inputs)",
                   failed == 1 ? "an input" : "some inputs");
    else
        pc_cli_say(c, o->name, PC_SEV_NOTE, "not written because of the errors above");
}

pc_exit pc_cli_output_close(pc_cli_output *o, pc_exit rc, pc_cli *c)
{
    if (o->target) {
        if (!commit(o, rc == PC_EXIT_OK, c)) {
            rc = PC_EXIT_INPUT;
            if (!pc_converter_count(c->conv, PC_COUNT_OUTPUT_FAILED))
                say_not_written(o, c);
        }
        free(o->target);
        o->target = NULL;
    } else if (o->name) {
        if (fclose(o->f) != 0 && rc == PC_EXIT_OK) {
            pc_cli_say(c, NULL, PC_SEV_ERROR, "cannot write the output: %s", strerror(errno));
            rc = PC_EXIT_INPUT;
        }
    } else if (fflush(stdout) != 0) {
        if (errno != EPIPE)
            pc_cli_say(c, NULL, PC_SEV_ERROR, "cannot write the output: %s", strerror(errno));
        rc = PC_EXIT_INPUT;
    }
    return rc;
}
