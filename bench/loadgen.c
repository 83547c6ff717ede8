/* The players of bench/server.py, in C (`bench/server.py --client c`): their WebSockets, read
 * and answered with one epoll loop, so that the load generator costs the machine as little as
 * it can (on a 2-core machine every CPU second it spends is one the server does not get).
 *
 * It does what bench/server.py's picows client does, and nothing else: every player opens its
 * WebSocket and says hello; whenever a state or update gives a player legal actions, it acts at
 * once with serving.simple_choice's fixed choice (throw once more while a throw is left, keep
 * ones, never buy in); a player closes its connection when it has seen the end (view.loser).
 * The latency of an action runs from sending it to the moment every player of its table has
 * received a state of a higher step (CLOCK_MONOTONIC, as Python's time.perf_counter).
 *
 * stdin:  "<players> <protocol> <timeout seconds>", then a line a player:
 *         "<table index> <port> <table id> <seat> <token> <route>" (route: the table's worker's
 *         path prefix behind a proxy that routes by table, "/w/8001", or "-" for none)
 * stdout: "connected <n>" once every player's WebSocket is open (the Python side then starts
 *         the tables), then at the end: "actions <n>", "finished <tables>", "last_end <t>",
 *         "error <text>" (one a table given up), "seen <table index> <step>" (the highest
 *         step a player of the table saw), "latency <sent at> <seconds>" (one an action every
 *         player of its table saw), "done".
 *
 * Build: cc -O2 -o loadgen bench/loadgen.c (bench/server.py does it in its temporary folder).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_SEATS 8
#define MAX_LEGAL 64

typedef struct {
    int step;
    double sent;
} Pending;

typedef struct {
    int players[MAX_SEATS];
    int n;
    Pending *pending;
    int npending, cap;
    int ended, failed;
} Table;

typedef struct {
    int fd, table, seat, port;
    char table_id[80], token[160], route[48];
    unsigned char *buf;
    size_t len, cap;
    int seen, acted, done, closed;
} Conn;

static Conn *conns;
static Table *tables;
static int nconns, ntables, protocol;
static long actions, finished, open_conns;
static double last_end;
static double *lat_sent, *lat_took;
static long nlat, lat_cap;
static char errors_out[1 << 16];
static size_t errors_len;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void close_conn(Conn *c) {
    if (c->closed) return;
    static const unsigned char close_frame[] = {0x88, 0x82, 1, 2, 3, 4, 0x03 ^ 1, 0xe8 ^ 2};
    (void)!send(c->fd, close_frame, sizeof close_frame, MSG_NOSIGNAL);
    close(c->fd);
    c->closed = 1;
    open_conns--;
}

static void fail_table(int t, const char *what, int seat) {
    Table *tb = &tables[t];
    if (!tb->failed) {
        tb->failed = 1;
        int n = snprintf(errors_out + errors_len, sizeof errors_out - errors_len,
                         "error table %d: seat %d: %.200s\n", t, seat, what);
        if (n > 0 && errors_len + (size_t)n < sizeof errors_out) errors_len += (size_t)n;
    }
    for (int i = 0; i < tb->n; i++) close_conn(&conns[tb->players[i]]);
}

/* Send one masked text frame, whole (a blocking wait if the socket's buffer is full). */
static int send_text(Conn *c, const char *text, size_t n) {
    unsigned char frame[16 + 512];
    if (n > 512) return -1;
    size_t h = 0;
    frame[h++] = 0x81;
    if (n < 126) {
        frame[h++] = 0x80 | (unsigned char)n;
    } else {
        frame[h++] = 0x80 | 126;
        frame[h++] = (unsigned char)(n >> 8);
        frame[h++] = (unsigned char)n;
    }
    static const unsigned char mask[4] = {0x37, 0xfa, 0x21, 0x3d};
    memcpy(frame + h, mask, 4);
    h += 4;
    for (size_t i = 0; i < n; i++) frame[h + i] = (unsigned char)text[i] ^ mask[i & 3];
    size_t total = h + n, off = 0;
    while (off < total) {
        ssize_t w = send(c->fd, frame + off, total - off, MSG_NOSIGNAL);
        if (w > 0) {
            off += (size_t)w;
        } else if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd p = {c->fd, POLLOUT, 0};
            poll(&p, 1, 1000);
        } else {
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ a little JSON reading */

static const char *ws(const char *p, const char *e) {
    while (p < e && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
    return p;
}

static const char *skip_string(const char *p, const char *e) { /* p at the opening quote */
    for (p++; p < e; p++) {
        if (*p == '\\') p++;
        else if (*p == '"') return p + 1;
    }
    return e;
}

static const char *skip_value(const char *p, const char *e) {
    p = ws(p, e);
    if (p >= e) return e;
    if (*p == '"') return skip_string(p, e);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (p < e) {
            if (*p == '"') {
                p = skip_string(p, e);
                continue;
            }
            if (*p == '{' || *p == '[') depth++;
            if (*p == '}' || *p == ']') {
                depth--;
                if (depth == 0) return p + 1;
            }
            p++;
        }
        return e;
    }
    while (p < e && *p != ',' && *p != '}' && *p != ']') p++; /* number, true, false, null */
    return p;
}

/* The value of the member `key` of the object at `p` (NULL if it has none). */
static const char *member(const char *p, const char *e, const char *key) {
    size_t k = strlen(key);
    p = ws(p, e);
    if (p >= e || *p != '{') return NULL;
    p++;
    while (p < e) {
        p = ws(p, e);
        if (p >= e || *p == '}') return NULL;
        if (*p != '"') return NULL;
        const char *name = p + 1, *after = skip_string(p, e);
        size_t len = (size_t)(after - 1 - name);
        p = ws(after, e);
        if (p >= e || *p != ':') return NULL;
        p = ws(p + 1, e);
        if (len == k && memcmp(name, key, k) == 0) return p;
        p = ws(skip_value(p, e), e);
        if (p < e && *p == ',') p++;
    }
    return NULL;
}

static int is_null(const char *p, const char *e) { return p && e - p >= 4 && !memcmp(p, "null", 4); }

/* ------------------------------------------------------------------ the players */

static void seen(Conn *c, int step, double t) {
    if (step <= c->seen) return;
    c->seen = step;
    Table *tb = &tables[c->table];
    if (!tb->npending) return;
    int slowest = 1 << 30;
    for (int i = 0; i < tb->n; i++)
        if (conns[tb->players[i]].seen < slowest) slowest = conns[tb->players[i]].seen;
    int keep = 0;
    for (int i = 0; i < tb->npending; i++) {
        if (tb->pending[i].step < slowest) {
            if (nlat == lat_cap) {
                lat_cap = lat_cap ? 2 * lat_cap : 1 << 16;
                lat_sent = realloc(lat_sent, (size_t)lat_cap * sizeof *lat_sent);
                lat_took = realloc(lat_took, (size_t)lat_cap * sizeof *lat_took);
            }
            lat_sent[nlat] = tb->pending[i].sent;
            lat_took[nlat++] = t - tb->pending[i].sent;
        } else {
            tb->pending[keep++] = tb->pending[i];
        }
    }
    tb->npending = keep;
}

static void act(Conn *c, int step, const char *action, size_t n) {
    Table *tb = &tables[c->table];
    if (tb->npending == tb->cap) {
        tb->cap = tb->cap ? 2 * tb->cap : 8;
        tb->pending = realloc(tb->pending, (size_t)tb->cap * sizeof *tb->pending);
    }
    c->acted = step;
    tb->pending[tb->npending++] = (Pending){step, now()};
    actions++;
    char text[256];
    int len = snprintf(text, sizeof text, "{\"v\":%d,\"type\":\"action\",\"action\":\"%.*s\"}",
                       protocol, (int)n, action);
    if (send_text(c, text, (size_t)len) != 0) fail_table(c->table, "send failed", c->seat);
}

static int starts(const char *s, size_t n, const char *prefix) {
    size_t k = strlen(prefix);
    return n >= k && memcmp(s, prefix, k) == 0;
}

/* serving.simple_choice: throw once more while a throw is left, keep ones, never buy in. */
static void choose(Conn *c, int step, const char *legal, const char *view, const char *e) {
    const char *opt[MAX_LEGAL];
    size_t len[MAX_LEGAL];
    int n = 0, stop = 0, turn = -1;
    const char *p = ws(legal + 1, e);
    while (p < e && *p == '"' && n < MAX_LEGAL) {
        const char *after = skip_string(p, e);
        opt[n] = p + 1;
        len[n] = (size_t)(after - 1 - opt[n]);
        if (!(len[n] == 5 && !memcmp(opt[n], "buyin", 5))) {
            if (len[n] == 4 && !memcmp(opt[n], "turn", 4)) turn = n;
            if (len[n] == 4 && !memcmp(opt[n], "stop", 4)) stop = 1;
            n++;
        }
        p = ws(after, e);
        if (p < e && *p == ',') p = ws(p + 1, e);
    }
    if (n == 0) return;
    if (turn >= 0) {
        act(c, step, "turn", 4);
        return;
    }
    if (stop) {
        const char *turns = member(view, e, "turns");
        if (turns && *turns == '[') {
            const char *q = ws(turns + 1, e);
            while (q < e && *q == '{') {
                const char *seat = member(q, e, "seat");
                if (seat && atoi(seat) == c->seat) {
                    const char *throws = member(q, e, "throws");
                    if (throws && atoi(throws) >= 2) {
                        act(c, step, "stop", 4);
                        return;
                    }
                    break;
                }
                q = ws(skip_value(q, e), e);
                if (q < e && *q == ',') q = ws(q + 1, e);
            }
        }
    }
    int first = -1, best = -1;
    for (int i = 0; i < n; i++) {
        if (!starts(opt[i], len[i], "throw")) continue;
        if (first < 0) first = i;
        if (starts(opt[i], len[i], "throw keep") && len[i] > 11) {
            int ones = 1; /* what follows "throw keep " is 1-1-...: only ones kept */
            for (size_t j = 11; j < len[i]; j++)
                if (opt[i][j] != '1' && !(opt[i][j] == '-' && j > 11 && opt[i][j - 1] == '1'))
                    ones = 0;
            if (opt[i][len[i] - 1] != '1') ones = 0;
            if (ones && (best < 0 || len[i] > len[best])) best = i;
        }
    }
    if (first < 0) act(c, step, "stop", 4);
    else if (best >= 0) act(c, step, opt[best], len[best]);
    else act(c, step, opt[first], len[first]);
}

static const char UPDATE[] = "{\"v\":3,\"type\":\"update\",\"step\":";

static void message(Conn *c, const char *m, size_t n) {
    const char *e = m + n;
    double t = now();
    size_t u = sizeof UPDATE - 1;
    if (n > u && !memcmp(m, UPDATE, u) && memmem(m, n, "\"legal\":[]", 10) &&
        memmem(m, n, "\"loser\":null", 12)) {
        seen(c, atoi(m + u), t); /* nothing to do, the game goes on: only its step */
        return;
    }
    const char *type = member(m, e, "type");
    if (!type) {
        fail_table(c->table, "a message without a type", c->seat);
        return;
    }
    if (starts(type, (size_t)(e - type), "\"error\"")) {
        fail_table(c->table, m, c->seat);
        return;
    }
    if (!starts(type, (size_t)(e - type), "\"state\"") &&
        !starts(type, (size_t)(e - type), "\"update\""))
        return;
    if (c->done) return;
    const char *step_at = member(m, e, "step");
    if (!step_at) {
        fail_table(c->table, "a state without a step", c->seat);
        return;
    }
    int step = atoi(step_at);
    seen(c, step, t);
    const char *view = member(m, e, "view");
    if (!view || is_null(view, e)) return;
    const char *loser = member(view, e, "loser");
    if (loser && !is_null(loser, e)) {
        Table *tb = &tables[c->table];
        c->done = 1;
        if (++tb->ended == tb->n) {
            finished++;
            last_end = now();
        }
        close_conn(c);
        return;
    }
    if (step == c->acted) return;
    const char *legal = member(m, e, "legal");
    if (legal && *legal == '[') choose(c, step, legal, view, e);
}

/* Every whole frame in the connection's buffer; what is left of a frame waits for more. */
static void frames(Conn *c) {
    size_t off = 0;
    while (!c->closed) {
        unsigned char *b = c->buf + off;
        size_t have = c->len - off;
        if (have < 2) break;
        size_t h = 2, n = b[1] & 0x7f;
        if (n == 126) {
            if (have < 4) break;
            n = ((size_t)b[2] << 8) | b[3];
            h = 4;
        } else if (n == 127) {
            if (have < 10) break;
            n = 0;
            for (int i = 2; i < 10; i++) n = (n << 8) | b[i];
            h = 10;
        }
        if (have < h + n) break;
        int op = b[0] & 0x0f, fin = b[0] & 0x80;
        if (op == 1 && fin) {
            message(c, (const char *)b + h, n);
        } else if (op == 8) {
            char why[64];
            snprintf(why, sizeof why, "closed by the server (%d)", n >= 2 ? (b[h] << 8) | b[h + 1] : 0);
            if (!c->done) fail_table(c->table, why, c->seat);
            close_conn(c);
        } else if (op == 9) {
            unsigned char pong[] = {0x8a, 0x80, 0, 0, 0, 0};
            (void)!send(c->fd, pong, sizeof pong, MSG_NOSIGNAL);
        } else if (op != 10) {
            fail_table(c->table, "a frame this client does not read", c->seat);
        }
        off += h + n;
    }
    if (off && !c->closed) {
        memmove(c->buf, c->buf + off, c->len - off);
        c->len -= off;
    }
}

static int open_ws(Conn *c) {
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0) return -1;
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((unsigned short)c->port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (connect(c->fd, (struct sockaddr *)&a, sizeof a) != 0) return -1;
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET %s/ws/%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: c2Nob2NrZW4tYmVuY2gtMQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n",
                     c->route, c->table_id, c->port);
    if (send(c->fd, req, (size_t)n, MSG_NOSIGNAL) != n) return -1;
    char head[4096];
    size_t got = 0;
    char *end = NULL;
    while (!end) {
        ssize_t r = recv(c->fd, head + got, sizeof head - 1 - got, 0);
        if (r <= 0) return -1;
        got += (size_t)r;
        head[got] = 0;
        end = strstr(head, "\r\n\r\n");
        if (!end && got >= sizeof head - 1) return -1;
    }
    if (strncmp(head, "HTTP/1.1 101", 12) != 0) return -1;
    c->cap = 1 << 16;
    c->buf = malloc(c->cap);
    size_t rest = got - (size_t)(end + 4 - head);
    memcpy(c->buf, end + 4, rest);
    c->len = rest;
    char hello[320];
    n = snprintf(hello, sizeof hello,
                 "{\"v\":%d,\"type\":\"hello\",\"token\":\"%s\",\"lang\":\"en\",\"since\":null}",
                 protocol, c->token);
    return send_text(c, hello, (size_t)n);
}

static int ep;

/* One round of the epoll loop: what arrived on the open connections is read and answered. */
static void pump(int wait_ms) {
    struct epoll_event events[256];
    int k = epoll_wait(ep, events, 256, wait_ms);
    for (int j = 0; j < k; j++) {
        Conn *c = &conns[events[j].data.u32];
        if (c->closed) continue;
        if (c->cap - c->len < 4096) {
            c->cap *= 2;
            c->buf = realloc(c->buf, c->cap);
        }
        ssize_t r = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
        if (r > 0) {
            c->len += (size_t)r;
            frames(c);
        } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
            if (!c->done) fail_table(c->table, "connection closed", c->seat);
            close_conn(c);
        }
    }
}

int main(void) {
    double timeout;
    if (scanf("%d %d %lf", &nconns, &protocol, &timeout) != 3) return 2;
    conns = calloc((size_t)nconns, sizeof *conns);
    for (int i = 0; i < nconns; i++) {
        Conn *c = &conns[i];
        if (scanf("%d %d %79s %d %159s %47s", &c->table, &c->port, c->table_id, &c->seat, c->token,
                  c->route) != 6)
            return 2;
        if (strcmp(c->route, "-") == 0) c->route[0] = 0;
        if (c->table + 1 > ntables) ntables = c->table + 1;
        c->seen = c->acted = -1;
    }
    tables = calloc((size_t)ntables, sizeof *tables);
    for (int i = 0; i < nconns; i++) {
        Table *tb = &tables[conns[i].table];
        if (tb->n < MAX_SEATS) tb->players[tb->n++] = i;
    }
    ep = epoll_create1(0);
    long connected = 0;
    for (int i = 0; i < nconns; i++) {
        Conn *c = &conns[i];
        if (open_ws(c) != 0) {
            c->closed = 1;
            close(c->fd);
            fail_table(c->table, "could not connect", c->seat);
            continue;
        }
        open_conns++;
        connected++;
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (unsigned)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
        /* The ones already open are read meanwhile: on a busy machine connecting every player
         * takes longer than the server's ping interval and its wait for the pong (20 s each),
         * and a ping not answered closes the connection (1011). */
        pump(0);
    }
    for (int i = 0; i < nconns; i++) /* a table with a player that failed to connect: left */
        if (tables[conns[i].table].failed && !conns[i].closed) close_conn(&conns[i]);
    printf("connected %ld\n", connected);
    fflush(stdout);
    double deadline = now() + timeout;
    while (open_conns > 0 && now() < deadline) pump(100);
    printf("actions %ld\nfinished %ld\nlast_end %.9f\n", actions, finished, last_end);
    for (int t = 0; t < ntables; t++) {
        int most = -1;
        for (int i = 0; i < tables[t].n; i++)
            if (conns[tables[t].players[i]].seen > most) most = conns[tables[t].players[i]].seen;
        if (tables[t].n) printf("seen %d %d\n", t, most);
    }
    fwrite(errors_out, 1, errors_len, stdout);
    for (long i = 0; i < nlat; i++) printf("latency %.9f %.9f\n", lat_sent[i], lat_took[i]);
    printf("done\n");
    return 0;
}
