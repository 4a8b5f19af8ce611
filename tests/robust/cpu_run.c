/* SPDX-License-Identifier: MIT */
/* cpu_run.c — runs one command and measures it for the complexity test
 * (tests/robust/test_complexity.sh).
 *
 *   cpu_run [-c CPU_MICROSECONDS] [-w WALL_SECONDS] [-m MEGABYTES] [-e ERRFILE] -- CMD ARGS...
 *
 * The child reads /dev/null, writes its stdout to /dev/null and its stderr
 * to ERRFILE (default /dev/null).  Prints one line:
 *
 *   STATUS CPU_MICROSECONDS MAXRSS_KB
 *
 * STATUS is "exit:N", "signal:N", "cpu-limit" (the child used more than
 * CPU_MICROSECONDS of user + system time and was killed) or "timeout" (more than
 * WALL_SECONDS of wall time).  CPU time, not wall time, because the test
 * machine is shared: another job slows the wall clock, not our CPU time.
 * The CPU limit is polled every 2 ms through the child's CPU clock
 * (RLIMIT_CPU counts whole seconds only), so a quadratic input costs the
 * test its limit, never the minutes it would take to finish.  -m sets
 * RLIMIT_AS in the child (leave it out under ASan, which reserves terabytes
 * of address space). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct opts {
    double cpu, wall;
    long mem_mb;
    const char *errfile;
    char **argv;
} opts;

static int usage(void)
{
    fprintf(stderr, "usage: cpu_run [-c CPU_US] [-w WALL_S] [-m MB] [-e ERRFILE] -- CMD ARGS...\n");
    return 2;
}

static int parse(int argc, char **argv, opts *o)
{
    *o = (opts){.cpu = 0, .wall = 120, .mem_mb = 0, .errfile = "/dev/null"};
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (i + 1 >= argc)
            return -1;
        if (strcmp(argv[i], "-c") == 0)
            o->cpu = atof(argv[++i]) / 1e6;
        else if (strcmp(argv[i], "-w") == 0)
            o->wall = atof(argv[++i]);
        else if (strcmp(argv[i], "-m") == 0)
            o->mem_mb = atol(argv[++i]);
        else if (strcmp(argv[i], "-e") == 0)
            o->errfile = argv[++i];
        else
            return -1;
    }
    if (i + 1 >= argc)
        return -1;
    o->argv = argv + i + 1;
    return 0;
}

static void redirect(int fd, const char *path, int flags)
{
    int f = open(path, flags, 0644);
    if (f < 0 || dup2(f, fd) < 0) {
        perror(path);
        _exit(127);
    }
    close(f);
}

static void child(const opts *o)
{
    redirect(0, "/dev/null", O_RDONLY);
    redirect(1, "/dev/null", O_WRONLY);
    redirect(2, o->errfile, O_WRONLY | O_CREAT | O_TRUNC);
    if (o->mem_mb > 0) {
        struct rlimit rl = {.rlim_cur = (rlim_t)o->mem_mb << 20, .rlim_max = (rlim_t)o->mem_mb << 20};
        setrlimit(RLIMIT_AS, &rl);
    }
    execvp(o->argv[0], o->argv);
    perror(o->argv[0]);
    _exit(127);
}

static double seconds(struct timespec t)
{
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return seconds(t);
}

/* The child's CPU time so far, or 0 if its clock cannot be read. */
static double child_cpu(pid_t pid)
{
    clockid_t c;
    struct timespec t;
    if (clock_getcpuclockid(pid, &c) != 0 || clock_gettime(c, &t) != 0)
        return 0;
    return seconds(t);
}

/* Waits for the child, killing it past a limit; *why says which limit. */
static int wait_child(pid_t pid, const opts *o, struct rusage *ru, const char **why)
{
    double start = now();
    const struct timespec tick = {.tv_sec = 0, .tv_nsec = 2000000};
    int st;
    *why = NULL;
    for (;;) {
        pid_t w = wait4(pid, &st, WNOHANG, ru);
        if (w == pid)
            return st;
        if (w < 0 && errno != EINTR) {
            perror("wait4");
            exit(2);
        }
        if (!*why && o->cpu > 0 && child_cpu(pid) > o->cpu)
            *why = "cpu-limit";
        else if (!*why && now() - start > o->wall)
            *why = "timeout";
        if (*why) {
            kill(pid, SIGKILL);
            while (wait4(pid, &st, 0, ru) < 0 && errno == EINTR)
                ;
            return st;
        }
        nanosleep(&tick, NULL);
    }
}

int main(int argc, char **argv)
{
    opts o;
    if (parse(argc, argv, &o) != 0)
        return usage();
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 2;
    }
    if (pid == 0)
        child(&o);
    struct rusage ru;
    const char *why;
    int st = wait_child(pid, &o, &ru, &why);
    long long us = (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
                   ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
    if (why)
        printf("%s", why);
    else if (WIFSIGNALED(st))
        printf("signal:%d", WTERMSIG(st));
    else
        printf("exit:%d", WEXITSTATUS(st));
    printf(" %lld %ld\n", us, ru.ru_maxrss);
    return 0;
}
