/*
 * The floor under AccelJCE's AES-GCM on AWS-LC: EVP_AEAD_CTX_seal and _open called in a C loop on
 * one context (key schedule kept), 12-byte nonces, no AAD, as the JCA benchmark's messages are.
 * Whatever a JMH operation costs above this is the Java around the call (JCA, checks, copies,
 * allocation). Symbols carry the bundled library's prefix (PREFIX, from awslc.properties).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define F(name) CAT(PREFIX, name)

extern const void *F(EVP_aead_aes_128_gcm)(void);
extern void *F(EVP_AEAD_CTX_new)(const void *, const uint8_t *, size_t, size_t);
extern int F(EVP_AEAD_CTX_seal)(void *, uint8_t *, size_t *, size_t, const uint8_t *, size_t,
                                const uint8_t *, size_t, const uint8_t *, size_t);
extern int F(EVP_AEAD_CTX_open)(void *, uint8_t *, size_t *, size_t, const uint8_t *, size_t,
                                const uint8_t *, size_t, const uint8_t *, size_t);

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
    static uint8_t key[16] = {1, 2, 3}, nonce[12], plain[16384], sealed[16384 + 16], opened[16384];
    void *ctx = F(EVP_AEAD_CTX_new)(F(EVP_aead_aes_128_gcm)(), key, 16, 16);
    const size_t sizes[] = {32, 128, 512, 1024, 4096, 16384};
    printf("size_B seal_ns open_ns\n");
    for (int round = 0; round < 3; round++) {
        for (int s = 0; s < 6; s++) {
            size_t n = sizes[s], len;
            long iters = 200000000L / (long) (n + 200);
            double t0 = now();
            for (long i = 0; i < iters; i++) {
                nonce[11] = (uint8_t) i;
                if (!F(EVP_AEAD_CTX_seal)(ctx, sealed, &len, sizeof sealed, nonce, 12, plain, n, NULL, 0)) abort();
            }
            double t1 = now();
            for (long i = 0; i < iters; i++) {
                if (!F(EVP_AEAD_CTX_open)(ctx, opened, &len, sizeof opened, nonce, 12, sealed, n + 16, NULL, 0)) abort();
            }
            double t2 = now();
            printf("%zu %.1f %.1f\n", n, (t1 - t0) / iters * 1e9, (t2 - t1) / iters * 1e9);
        }
    }
    return 0;
}
