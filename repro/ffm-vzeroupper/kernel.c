/*
 * The native side of the reproducer. Nothing cryptographic: a chain of legacy-SSE-encoded
 * instructions (no VEX prefix), the encoding of OpenSSL's AES-NI, GHASH and SHA-NI short-message
 * code, plus two helpers to dirty and clean the upper halves of the vector registers on purpose.
 * Built with -mno-avx so the compiler adds no VEX code or vzeroupper of its own.
 */
#include <stdint.h>

void sse_kernel(int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        __asm__ volatile(
            "movdqa %%xmm0, %%xmm1\n\t"
            "paddq %%xmm1, %%xmm0\n\t"
            "pxor %%xmm2, %%xmm2\n\t"
            "paddq %%xmm2, %%xmm3\n\t"
            "movdqa %%xmm3, %%xmm4\n\t"
            "pshufd $0x4e, %%xmm4, %%xmm5\n\t" ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5");
    }
}

/* A 256-bit VEX write: the upper state is dirty afterwards (what C2's AVX code leaves). */
void dirty_upper(void) {
    __asm__ volatile(".byte 0xc5, 0x3d, 0xef, 0xc0" ::: "xmm8"); /* vpxor %ymm0, %ymm8, %ymm8 */
}

void clean_upper(void) {
    __asm__ volatile(".byte 0xc5, 0xf8, 0x77"); /* vzeroupper */
}
