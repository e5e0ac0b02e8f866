package dev.acceljce;

import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.LibCrypto;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Objects;

/**
 * An extendable-output function (FIPS 202 SHAKE128 or SHAKE256) on OpenSSL: absorb any input,
 * then squeeze as many bytes as wanted. The JCA has no engine for an XOF (MessageDigest has a fixed
 * length: AccelJCE's {@code SHAKE128-256} and {@code SHAKE256-512} are SHAKE with 32 and 64 bytes),
 * so this is AccelJCE's own small interface:
 *
 * <pre>{@code
 * try (Xof shake = Xof.getInstance("SHAKE256")) {
 *     shake.update(seed);
 *     byte[] first = shake.squeeze(64);
 *     byte[] more = shake.squeeze(1000);   // continues the same output stream
 *     shake.reset();                       // a new message
 * }
 * }</pre>
 *
 * On OpenSSL 3.3 and later, squeezing continues the output stream (EVP_DigestSqueeze); on older
 * libraries a message can be squeezed once (at most 1 MiB), after which {@link #reset()} is needed.
 * Not thread-safe; {@link #close()} frees the native context at once (otherwise a Cleaner does).
 *
 * @throws java.security.ProviderException from {@link #getInstance} when no libcrypto is loaded
 */
public final class Xof implements AutoCloseable {
    private final EvpDigest.Context ctx;
    private final String name;
    /** Output was taken: no more input until reset. */
    private boolean squeezing;
    /** The library cannot continue the stream and the message was squeezed. */
    private boolean exhausted;

    private Xof(EvpDigest.Algorithm algorithm) {
        this.ctx = new EvpDigest.Context(algorithm);
        this.name = algorithm.name();
    }

    /**
     * {@code "SHAKE128"} or {@code "SHAKE256"} (case-insensitive).
     *
     * @throws java.security.NoSuchAlgorithmException for any other name, or when the loaded
     *         library lacks it (or no library is loaded)
     */
    public static Xof getInstance(String algorithm) throws java.security.NoSuchAlgorithmException {
        String n = Objects.requireNonNull(algorithm, "algorithm").toUpperCase(Locale.ROOT);
        if (!n.equals("SHAKE128") && !n.equals("SHAKE256")) {
            throw new java.security.NoSuchAlgorithmException("Xof: SHAKE128 or SHAKE256, not " + algorithm);
        }
        if (!LibCrypto.isAvailable()) {
            throw new java.security.NoSuchAlgorithmException(
                    "Xof " + n + ": no libcrypto loaded (" + LibCrypto.unavailableReason() + ")");
        }
        return new Xof(EvpDigest.xof(n, 0)
                .orElseThrow(() -> new java.security.NoSuchAlgorithmException(LibCrypto.missing(n))));
    }

    /** "SHAKE128" or "SHAKE256". */
    public String getAlgorithm() {
        return name;
    }

    public void update(byte[] input) {
        update(input, 0, input.length);
    }

    public void update(byte[] input, int offset, int len) {
        Objects.checkFromIndexSize(offset, len, input.length);
        absorbing();
        ctx.update(input, offset, len);
    }

    public void update(ByteBuffer input) {
        absorbing();
        ctx.update(java.lang.foreign.MemorySegment.ofBuffer(input));
        input.position(input.limit());
    }

    private void absorbing() {
        if (squeezing) {
            throw new IllegalStateException("Xof: output was squeezed; reset() before new input");
        }
    }

    /** The next {@code len} bytes of output. */
    public byte[] squeeze(int len) {
        byte[] out = new byte[len];
        squeeze(out, 0, len);
        return out;
    }

    /** Writes the next {@code len} bytes of output to {@code out[off..off+len)}. */
    public void squeeze(byte[] out, int off, int len) {
        Objects.checkFromIndexSize(off, len, out.length);
        if (exhausted) {
            throw new IllegalStateException(
                    LibCrypto.version() + " squeezes a message once (no EVP_DigestSqueeze);" + " reset() first");
        }
        ctx.squeeze(out, off, len, true);
        squeezing = true;
        exhausted = !EvpDigest.Context.canSqueeze();
    }

    /** Starts a new message. */
    public void reset() {
        ctx.reset();
        squeezing = false;
        exhausted = false;
    }

    @Override
    public void close() {
        ctx.close();
    }
}
