/* src/sumcheck/comm.h: the collectives the provers build on the communicator's callbacks. */
#include "sumcheck/comm.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SUM 1024
#define MAX_RANKS 1024

int hs_comm_valid(const hs_comm *c) {
    if (!c) return 1;
    if (c->size < 1 || c->size > MAX_RANKS || (c->size & (c->size - 1)) || c->rank < 0 || c->rank >= c->size) return 0;
    return c->allgather && c->gather && c->bcast;
}

int hs_comm_sum_k5(const hs_comm *c, hs_kb5 *v, size_t cnt) {
    if (hs_comm_size(c) == 1 || cnt == 0) return 1;
    if (cnt > MAX_SUM) return 0;
    hs_kb5 *buf = malloc((size_t)c->size * cnt * sizeof *buf); /* a few per layer round: small next to a round */
    if (!buf || c->allgather(c->user, v, buf, cnt * sizeof *v)) return free(buf), 0;
    for (size_t i = 0; i < cnt; i++) {
        hs_kb5 acc = hs_kb5_zero();
        for (int r = 0; r < c->size; r++) acc = hs_kb5_add(acc, buf[(size_t)r * cnt + i]);
        v[i] = acc;
    }
    free(buf);
    return 1;
}

hs_kb5 hs_comm_rank_weight(const hs_comm *c, const hs_kb5 *tail) {
    const unsigned lg = hs_comm_log(c);
    hs_kb5 w = hs_kb5_one();
    for (unsigned i = 0; i < lg; i++) {
        const int bit = (hs_comm_rank(c) >> (lg - 1 - i)) & 1;
        w = hs_kb5_mul(w, bit ? tail[i] : hs_kb5_sub(hs_kb5_one(), tail[i]));
    }
    return w;
}

int hs_comm_reduce_at(const hs_comm *c, const hs_kb5 *tail, hs_kb5 *v, size_t cnt) {
    if (hs_comm_size(c) == 1) return 1;
    const hs_kb5 w = hs_comm_rank_weight(c, tail);
    for (size_t i = 0; i < cnt; i++) v[i] = hs_kb5_mul(v[i], w);
    return hs_comm_sum_k5(c, v, cnt);
}

int hs_comm_alltoall(const hs_comm *c, const void *send, void *recv, size_t bytes) {
    if (hs_comm_size(c) == 1) return memmove(recv, send, bytes), 1;
    if (c->alltoall) return !c->alltoall(c->user, send, recv, bytes);
    for (int root = 0; root < c->size; root++) /* block root of every rank's send, gathered on root */
        if (c->gather(c->user, (const unsigned char *)send + (size_t)root * bytes, recv, bytes, root)) return 0;
    return 1;
}

int hs_comm_sum_k5_all(const hs_comm *c, hs_kb5 *v, size_t cnt) {
    for (size_t at = 0; at < cnt; at += MAX_SUM)
        if (!hs_comm_sum_k5(c, v + at, cnt - at < MAX_SUM ? cnt - at : MAX_SUM)) return 0;
    return 1;
}
