package dev.acceljce.spec;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.KeySpec;
import java.util.Arrays;
import java.util.Objects;

/**
 * The inputs of an Argon2 derivation (RFC 9106, version 0x13), for AccelJCE's {@code KDF} and
 * {@code SecretKeyFactory} services {@code Argon2id}, {@code Argon2i} and {@code Argon2d} (the
 * variant is the algorithm's name):
 *
 * <pre>{@code
 * Argon2ParameterSpec spec = Argon2ParameterSpec.builder()
 *         .password(passwordChars)           // or bytes
 *         .salt(salt)                        // 8 bytes or more (16 recommended)
 *         .iterations(3).memoryKiB(65536).lanes(4)
 *         .outputLength(32)
 *         .build();
 * byte[] tag = KDF.getInstance("Argon2id").deriveData(spec);
 * }</pre>
 *
 * The builder's method names follow Bouncy Castle's {@code Argon2Parameters.Builder}
 * ({@code withSalt}, {@code withIterations}, {@code withMemoryAsKB}, {@code withParallelism},
 * {@code withSecret}, {@code withAdditional}) as aliases. {@code threads} is how many of OpenSSL's
 * threads the caller allows (default 1: the derivation runs on the calling thread only); the output
 * does not depend on it. AccelJCE refuses a memory cost above the setting
 * {@code acceljce.argon2.maxMemoryKiB} (default 1 GiB). Values are copied in and out;
 * {@link #clear()} wipes the password and secret held here.
 */
public final class Argon2ParameterSpec implements AlgorithmParameterSpec, KeySpec {
    private final byte[] password;
    private final byte[] salt;
    private final byte[] secret;
    private final byte[] additional;
    private final int iterations;
    private final int memoryKiB;
    private final int lanes;
    private final int threads;
    private final int outputLength;

    private Argon2ParameterSpec(Builder b) {
        this.password = b.password.clone();
        this.salt = b.salt.clone();
        this.secret = b.secret.clone();
        this.additional = b.additional.clone();
        this.iterations = b.iterations;
        this.memoryKiB = b.memoryKiB;
        this.lanes = b.lanes;
        this.threads = b.threads;
        this.outputLength = b.outputLength;
    }

    public static Builder builder() {
        return new Builder();
    }

    public byte[] getPassword() {
        return password.clone();
    }

    public byte[] getSalt() {
        return salt.clone();
    }

    public byte[] getSecret() {
        return secret.clone();
    }

    public byte[] getAdditional() {
        return additional.clone();
    }

    public int getIterations() {
        return iterations;
    }

    public int getMemoryKiB() {
        return memoryKiB;
    }

    public int getLanes() {
        return lanes;
    }

    public int getThreads() {
        return threads;
    }

    public int getOutputLength() {
        return outputLength;
    }

    /** Wipes the password and secret held by this spec. */
    public void clear() {
        Arrays.fill(password, (byte) 0);
        Arrays.fill(secret, (byte) 0);
    }

    /**
     * Collects the inputs; {@link #build()} checks only that they are present and positive. The
     * provider checks the bounds (salt length, memory per lane, the memory cap) when deriving.
     */
    public static final class Builder {
        private byte[] password = new byte[0];
        private byte[] salt;
        private byte[] secret = new byte[0];
        private byte[] additional = new byte[0];
        private int iterations = 3;
        private int memoryKiB = 65536;
        private int lanes = 1;
        private int threads = 1;
        private int outputLength = 32;

        private Builder() {}

        /** The password as bytes (copied). */
        public Builder password(byte[] password) {
            wipe(this.password);
            this.password = Objects.requireNonNull(password, "password").clone();
            return this;
        }

        /** The password as characters, encoded as UTF-8 (as Bouncy Castle's Argon2 does). */
        public Builder password(char[] password) {
            Objects.requireNonNull(password, "password");
            ByteBuffer b = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            if (b.hasArray()) {
                Arrays.fill(b.array(), (byte) 0);
            }
            wipe(this.password);
            this.password = bytes;
            return this;
        }

        public Builder salt(byte[] salt) {
            this.salt = Objects.requireNonNull(salt, "salt").clone();
            return this;
        }

        /** The optional secret value K of RFC 9106 (a pepper). */
        public Builder secret(byte[] secret) {
            wipe(this.secret);
            this.secret = Objects.requireNonNull(secret, "secret").clone();
            return this;
        }

        /** The optional associated data X of RFC 9106. */
        public Builder associatedData(byte[] additional) {
            this.additional = Objects.requireNonNull(additional, "additional").clone();
            return this;
        }

        /** The number of passes t. */
        public Builder iterations(int iterations) {
            this.iterations = iterations;
            return this;
        }

        /** The memory size m in KiB. */
        public Builder memoryKiB(int memoryKiB) {
            this.memoryKiB = memoryKiB;
            return this;
        }

        /** The degree of parallelism p (lanes); the output depends on it. */
        public Builder lanes(int lanes) {
            this.lanes = lanes;
            return this;
        }

        /** How many OpenSSL threads the caller allows (at most the lanes are used); not part of the output. */
        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** The tag length T in bytes (4 or more). */
        public Builder outputLength(int outputLength) {
            this.outputLength = outputLength;
            return this;
        }

        public Builder withSalt(byte[] salt) {
            return salt(salt);
        }

        public Builder withSecret(byte[] secret) {
            return secret(secret);
        }

        public Builder withAdditional(byte[] additional) {
            return associatedData(additional);
        }

        public Builder withIterations(int iterations) {
            return iterations(iterations);
        }

        public Builder withMemoryAsKB(int memoryKiB) {
            return memoryKiB(memoryKiB);
        }

        public Builder withParallelism(int lanes) {
            return lanes(lanes);
        }

        /**
         * @throws IllegalArgumentException without a salt, or with a count or length below 1
         */
        public Argon2ParameterSpec build() {
            if (salt == null) {
                throw new IllegalArgumentException("Argon2 needs a salt");
            }
            if (iterations < 1 || memoryKiB < 1 || lanes < 1 || threads < 1 || outputLength < 1) {
                throw new IllegalArgumentException(
                        "iterations, memory, lanes, threads and output length must be" + " positive");
            }
            return new Argon2ParameterSpec(this);
        }

        private static void wipe(byte[] b) {
            if (b != null) {
                Arrays.fill(b, (byte) 0);
            }
        }
    }
}
