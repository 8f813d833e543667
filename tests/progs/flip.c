/* flip.c - a judge-format Flip Game program (POJ 1753) for the stress tests.
 *
 * Written apart from the solvers on purpose, by light chasing: once the first
 * row's presses are chosen, the rest are forced (press under every piece of
 * the row above that differs from the goal colour), so trying the 2^n first
 * rows for each goal colour and keeping the fewest presses is exact.  It reads
 * the judge's 4x4 boards and our "m n" header for other sizes.  argv[1] picks
 * a behaviour, so one program covers every verdict of `puzzlebench stress`:
 *
 *   ok        correct (the default)
 *   wrong     forgets the all-black goal: wrong where black is nearer
 *   crash     SIGSEGV on a board whose first row starts with 4 black pieces
 *   abort     abort() after reading its input
 *   exit3     correct answers, then a word on stderr and exit status 3
 *   pe        correct answers, each with a space before the newline
 *   garbage   prints bytes that are no answer
 *   flood     prints answers forever without reading its input
 *   hang      reads its input, then loops forever (CPU time)
 *   sleep     sleeps forever without reading its input (wall clock)
 *   alloc     reads its input, then allocates and touches memory without end
 *   touch MIB touches MIB MiB of memory, then answers correctly (a known peak)
 *   forkhang  forks a child that sleeps forever and waits for it
 *   orphan    forks a child that sleeps forever, answers correctly and exits
 *   escape    the same, but the child starts a session of its own first
 *   one       correct, but reads one board and stops, as POJ 1753's input is
 *   zeropad   correct answers printed with two digits: "04" (the judge compares text)
 *   swarm     each board, forks a child that starts a session, forks a grandchild
 *             and both spin forever; answers correctly and exits (for signals)
 *   burn      forks a child that spins (CPU) and is never reaped; answers
 *             correctly once the child has burnt 1 s of CPU time, then exits
 *   relay     hands 1 s of CPU work to 100 short-lived grandchildren, one at a
 *             time, each of which outlives its parent (so it is never a child
 *             of this program) and ends after 10 ms of CPU; then answers
 *   hog       forks 6 children that each touch 200 MiB for a second, waits for
 *             them, then answers correctly (1.2 GiB for the run as a whole)
 *   forks     forks 1000 children that sleep, exits 1 if a fork fails, else
 *             answers correctly (a bounded fork bomb)
 *   daemon    double fork and setsid: a grandchild, no longer in the
 *             program's group or session, sleeps forever; then answers (or,
 *             with a third argument "wait", sleeps forever too)
 *   killparent  the same daemon, then SIGKILL to its parent (the harness)
 *   termparent  SIGTERM to its parent, then answers correctly
 *   rootcg F  writes its pid to the cgroup.procs file F (the root cgroup's),
 *             forks a child that spins, sleeps 2 s, then answers correctly
 *   setpgid D exits 4 if a process named in the directory D still lives (the
 *             child of an earlier run); forks a child that leaves the group
 *             (setpgid, same session), names itself in D and sleeps forever;
 *             answers correctly and exits
 *
 * Other arguments are ignored (the tests pass a tag to find stray processes).
 */
#include <ctype.h>
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX = 8 };

static int rows = 4, cols = 4;

/* The fewest presses that make b all `goal` (0 white, 1 black), or -1. */
static int chase(const uint8_t *b, int goal)
{
    int best = -1;
    uint8_t full = (uint8_t)((1u << cols) - 1), want = goal ? full : 0;
    for (unsigned first = 0; first <= full; first++) {
        uint8_t s[MAX + 1], x = (uint8_t)first;
        int n = 0;
        memcpy(s, b, (size_t)rows);
        s[rows] = 0;
        for (int r = 0; r < rows; r++) {
            s[r] ^= (x ^ (x << 1) ^ (x >> 1)) & full;
            if (r > 0)
                s[r - 1] ^= x;
            s[r + 1] ^= x;
            n += __builtin_popcount(x);
            x = s[r] ^ want; /* the next row's presses */
        }
        if (s[rows - 1] == want && (best < 0 || n < best))
            best = n;
    }
    return best;
}

/* The next board on stdin (pieces b/w, whitespace between them ignored):
 * 1, or 0 at the end.  A first line of two numbers sets the size. */
static int read_board(uint8_t *b)
{
    static int started;
    int n = 0, ch;
    if (!started) {
        started = 1;
        while ((ch = getchar()) != EOF && isspace(ch))
            ;
        ungetc(ch, stdin);
        if (isdigit(ch) && scanf("%d %d", &rows, &cols) != 2)
            return 0;
    }
    memset(b, 0, MAX);
    while (n < rows * cols && (ch = getchar()) != EOF)
        if (ch == 'b' || ch == 'w') {
            b[n / cols] |= (uint8_t)((ch == 'b') << (n % cols));
            n++;
        }
    return n == rows * cols;
}

static int zeropad;

static void answer(const uint8_t *b, int both, const char *end)
{
    int w = chase(b, 0), k = both ? chase(b, 1) : -1;
    if (w < 0 || (k >= 0 && k < w))
        w = k;
    if (w < 0)
        printf("Impossible%s\n", end);
    else
        printf(zeropad ? "%02d%s\n" : "%d%s\n", w, end);
}

static void spin(void)
{
    for (volatile unsigned long n = 0;; n++)
        ;
}

/* What the modes do before reading their input: each returns -1 to go on
 * and answer, or the exit status.  argv[1] is the mode, argv[2] and on its
 * arguments. */

static int sleep_forever(int argc, char **argv)
{
    (void)argc, (void)argv;
    for (;;)
        pause();
    return -1; /* not reached */
}

static int flood(int argc, char **argv)
{
    (void)argc, (void)argv;
    for (;;)
        fputs("9\n", stdout);
    return -1; /* not reached */
}

/* forkhang, orphan and escape: a child that sleeps forever. */
static int sleeper(int argc, char **argv)
{
    int ready[2];
    char byte = 0;
    (void)argc;
    if (pipe(ready))
        return 1;
    pid_t child = fork();
    if (child == 0) {
        if (!strcmp(argv[1], "escape"))
            setsid();
        if (write(ready[1], &byte, 1) != 1)
            return 1;
        for (;;)
            pause();
    }
    /* Once the child has left the group (or not), go on. */
    if (read(ready[0], &byte, 1) != 1)
        return 1;
    if (!strcmp(argv[1], "forkhang"))
        waitpid(child, NULL, 0);
    return -1;
}

static int hog(int argc, char **argv)
{
    (void)argc, (void)argv;
    for (int i = 0; i < 6; i++)
        if (fork() == 0) {
            size_t size = (size_t)200 << 20;
            char *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED)
                _exit(1);
            memset(p, 1, size);
            sleep(1);
            _exit(0);
        }
    int status, failed = 0;
    while (wait(&status) > 0)
        failed |= !WIFEXITED(status) || WEXITSTATUS(status);
    return failed ? 1 : -1;
}

static int forks(int argc, char **argv)
{
    (void)argc, (void)argv;
    for (int i = 0; i < 1000; i++) {
        pid_t child = fork();
        if (child < 0)
            return 1;
        if (child == 0)
            for (;;)
                pause();
    }
    return -1;
}

/* daemon and killparent: a grandchild in a session of its own. */
static int detach(int argc, char **argv)
{
    int ready[2];
    char byte = 0;
    if (pipe(ready))
        return 1;
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            if (write(ready[1], &byte, 1) != 1)
                _exit(1);
            for (int fd = 0; fd < 64; fd++)
                close(fd);
            for (;;)
                pause();
        }
        _exit(0);
    }
    if (read(ready[0], &byte, 1) != 1)
        return 1;
    if (!strcmp(argv[1], "killparent"))
        kill(getppid(), SIGKILL);
    if (argc > 3 && !strcmp(argv[3], "wait"))
        for (;;)
            pause();
    return -1;
}

static int termparent(int argc, char **argv)
{
    (void)argc, (void)argv;
    kill(getppid(), SIGTERM);
    return -1;
}

static int rootcg(int argc, char **argv)
{
    if (argc <= 2)
        return -1;
    FILE *f = fopen(argv[2], "w");
    if (f) {
        fprintf(f, "%d", (int)getpid());
        fclose(f);
    }
    if (fork() == 0)
        spin();
    sleep(2);
    return -1;
}

/* setpgid D: a child out of the group, named in D. */
static int leave_group(int argc, char **argv)
{
    int ready[2];
    char byte = 0, path[4096];
    if (argc <= 2)
        return -1;
    DIR *d = opendir(argv[2]);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char state = 'Z', buf[512], *p;
        FILE *f;
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        if (e->d_name[0] == '.' || !(f = fopen(path, "r")))
            continue;
        if (fgets(buf, sizeof buf, f) && (p = strrchr(buf, ')')))
            state = p[2];
        fclose(f);
        if (state != 'Z')
            return 4; /* an earlier run's child lives on */
    }
    if (d)
        closedir(d);
    if (pipe(ready))
        return 1;
    if (fork() == 0) {
        FILE *f;
        setpgid(0, 0);
        snprintf(path, sizeof path, "%s/%d", argv[2], (int)getpid());
        if (!(f = fopen(path, "w")) || fclose(f) || write(ready[1], &byte, 1) != 1)
            _exit(1);
        for (;;)
            pause();
    }
    close(ready[1]);
    if (read(ready[0], &byte, 1) != 1)
        return 1;
    return -1;
}

static int burn(int argc, char **argv)
{
    int done[2];
    char byte = 0;
    (void)argc, (void)argv;
    if (pipe(done))
        return 1;
    if (fork() == 0) {
        struct timespec t;
        do {
            for (volatile unsigned long n = 0; n < 1000000; n++)
                ;
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        } while (t.tv_sec < 1);
        if (write(done[1], &byte, 1) != 1)
            return 1;
        spin();
    }
    /* Never reaped: its CPU time never reaches this process's rusage. */
    if (read(done[0], &byte, 1) != 1)
        return 1;
    return -1;
}

static int relay(int argc, char **argv)
{
    (void)argc, (void)argv;
    for (int i = 0; i < 100; i++) {
        int done[2];
        char byte = 0;
        pid_t child;
        if (pipe(done) || (child = fork()) < 0)
            return 1;
        if (child == 0) {
            if (fork() == 0) {
                struct timespec t;
                do {
                    for (volatile unsigned long n = 0; n < 100000; n++)
                        ;
                    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
                } while (t.tv_sec == 0 && t.tv_nsec < 10000000);
                _exit(write(done[1], &byte, 1) != 1);
            }
            _exit(0);
        }
        waitpid(child, NULL, 0);
        close(done[1]);
        /* the grandchild's end: its byte, or end of file if it died */
        if (read(done[0], &byte, 1) < 0)
            return 1;
        close(done[0]);
    }
    return -1;
}

static int touch(int argc, char **argv)
{
    size_t size = (size_t)(argc > 2 ? atoi(argv[2]) : 0) << 20;
    volatile char *p = malloc(size); /* volatile: each page really touched */
    if (!p)
        return 1;
    for (size_t i = 0; i < size; i += 4096)
        p[i] = 1;
    free((void *)p);
    return -1;
}

static const struct {
    const char *mode;
    int (*before)(int argc, char **argv);
} befores[] = {
    {"sleep", sleep_forever}, {"flood", flood},
    {"forkhang", sleeper},    {"orphan", sleeper},
    {"escape", sleeper},      {"hog", hog},
    {"forks", forks},         {"daemon", detach},
    {"killparent", detach},   {"termparent", termparent},
    {"rootcg", rootcg},       {"setpgid", leave_group},
    {"burn", burn},           {"relay", relay},
    {"touch", touch},
};

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "ok";
    uint8_t board[MAX];
    for (size_t i = 0; i < sizeof befores / sizeof *befores; i++) {
        int rc = strcmp(mode, befores[i].mode) ? -1 : befores[i].before(argc, argv);
        if (rc >= 0)
            return rc;
    }
    zeropad = !strcmp(mode, "zeropad");
    while (read_board(board)) {
        if (!strcmp(mode, "swarm") && fork() == 0) {
            setsid();
            fork();
            spin();
        }
        if (!strcmp(mode, "crash") && (board[0] & 0xf) == 0xf) {
            int *volatile nowhere = NULL;
            *nowhere = 1;
        }
        if (!strcmp(mode, "garbage"))
            fwrite("\x01?? moves\0\n", 1, 11, stdout);
        else
            answer(board, strcmp(mode, "wrong") != 0, strcmp(mode, "pe") ? "" : " ");
        if (!strcmp(mode, "one"))
            break;
    }
    fflush(stdout);
    if (!strcmp(mode, "abort"))
        abort();
    if (!strcmp(mode, "hang"))
        for (volatile unsigned long spin = 0;; spin++)
            ;
    if (!strcmp(mode, "alloc"))
        for (;;) {
            char *p = malloc(1 << 20);
            memset(p, 1, 1 << 20); /* no check: a NULL from malloc faults here */
        }
    if (!strcmp(mode, "exit3")) {
        fputs("flip: giving up\n", stderr);
        return 3;
    }
    return 0;
}
