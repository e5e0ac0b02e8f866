/* The same kernel behind a JNI method, for the comparison with an FFM downcall. */
#include <jni.h>
#include <stdint.h>

void sse_kernel(int64_t n);

JNIEXPORT void JNICALL Java_FfmVzeroupper_jniKernel(JNIEnv *env, jclass cls, jlong n) {
    sse_kernel(n);
}
