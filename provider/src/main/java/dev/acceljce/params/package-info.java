/**
 * AlgorithmParameters for GCM, AES, ChaCha20-Poly1305, OAEP and RSASSA-PSS, done in Java with the
 * JDK's encodings and {@code toString()} ({@code Der}, {@code HexDump}), handed out as the JDK
 * provider's own objects where it is installed ({@code Parameters}) and as these otherwise. Pure
 * data: no native call. Used by {@code cipher}, {@code keys}, {@code rsa} and {@code signature};
 * it may use {@code service}, {@code jdk}, {@code control} (and asks {@code awslc} only whether
 * XChaCha20-Poly1305 is served), never another family.
 */
package dev.acceljce.params;
