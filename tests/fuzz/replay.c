/* main() for the fuzz targets outside libFuzzer (any compiler): runs LLVMFuzzerTestOneInput on
 * every file named, or in every folder named. With --seeds (the corpus check CI runs in every
 * build): a verifier target must accept every file, so a corpus made for an older proof format
 * fails here ("run tools/fuzz-corpus.sh"); each file is also run cut short by one byte and, for a
 * public target, with one table word changed (its tweak set to position = file number, delta =
 * 1): neither may be accepted (an acceptance aborts: a finding). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static int seeds_mode, failures;
static unsigned long files;

static void run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        failures++;
        return;
    }
    size_t cap = 1 << 16, len = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0)
        if ((len += got) == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) free(buf);
            buf = nb;
        }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        failures++;
        return;
    }
    files++;
    unsigned long before = hs_fuzz_accepts;
    LLVMFuzzerTestOneInput(buf, len);
    if (seeds_mode && hs_fuzz_seeds_verify) {
        if (hs_fuzz_accepts == before) {
            fprintf(stderr, "%s: seed of %s not accepted: the corpus is stale, run tools/fuzz-corpus.sh\n", path,
                    hs_fuzz_target);
            failures++;
        }
        if (len) LLVMFuzzerTestOneInput(buf, len - 1); /* a false acceptance aborts */
        if (hs_fuzz_seed_skip >= 8 && len >= 8) {
            const uint32_t pos = (uint32_t)files * 7919u;
            for (int i = 0; i < 4; i++) buf[i] = (uint8_t)(pos >> (8 * i)), buf[4 + i] = i == 0;
            LLVMFuzzerTestOneInput(buf, len);
        }
    }
    free(buf);
}

static void run_path(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char p[8192];
            snprintf(p, sizeof p, "%s/%s", path, e->d_name);
            run_path(p);
        }
        if (d) closedir(d);
        return;
    }
    run_file(path);
}

int main(int argc, char **argv) {
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seeds")) {
            seeds_mode = 1;
            continue;
        }
        run_path(argv[i]);
    }
    if (seeds_mode && hs_fuzz_seeds_verify && hs_fuzz_seed_count() == 0) {
        fprintf(stderr, "%s: no seeds loaded\n", hs_fuzz_target);
        failures++;
    }
    if (seeds_mode && files == 0) {
        fprintf(stderr, "%s: no seed files\n", hs_fuzz_target);
        failures++;
    }
    fprintf(stderr, "%s: %lu inputs, %lu accepted, %d failures\n", hs_fuzz_target, files, hs_fuzz_accepts, failures);
    return failures ? 1 : 0;
}
