package dev.acceljce.kdf;

import dev.acceljce.control.Fips;
import dev.acceljce.openssl.EvpKdf;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.SecretKey;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;

/**
 * A key derived with PBKDF2 by OpenSSL, with the behaviour of SunJCE's PBKDF2 keys: the password
 * is encoded in UTF-8, {@code getEncoded()} is the derived key (RAW), the algorithm is
 * {@code "PBKDF2With" + prf}, and the password, salt and iteration count stay readable
 * ({@link PBEKey}). The key and password are zeroed once the key is unreachable. Serialized as a
 * {@link KeyRep} of the RAW key, as the JDK's are.
 */
final class Pbkdf2Key implements PBEKey {
    @Serial
    private static final long serialVersionUID = 5368915069512034287L;

    private static final Cleaner CLEANER = Cleaner.create();

    private final char[] password;
    private final byte[] salt;
    private final int iterationCount;
    private final byte[] key;
    private final String algorithm;
    private final transient Cleaner.Cleanable cleanable;

    /** Derives the key; checks the spec as SunJCE does, with its exceptions and messages. */
    Pbkdf2Key(PBEKeySpec spec, Pbkdf2Variant variant, EvpKdf.Algorithm pbkdf2) throws InvalidKeySpecException {
        this.password = spec.getPassword(); // a copy; IllegalStateException once cleared
        this.algorithm = variant.jcaName();
        byte[] passwordBytes = utf8(password);
        byte[] derived = null;
        try {
            this.salt = spec.getSalt();
            if (salt == null) {
                throw new InvalidKeySpecException("Salt not found");
            }
            this.iterationCount = spec.getIterationCount();
            if (iterationCount == 0) {
                throw new InvalidKeySpecException("Iteration count not found");
            } else if (iterationCount < 0) {
                throw new InvalidKeySpecException("Iteration count is negative");
            }
            int keyLength = spec.getKeyLength();
            if (Fips.on()
                    && (salt.length < Fips.MIN_PBKDF2_SALT_BYTES
                            || iterationCount < Fips.MIN_PBKDF2_ITERATIONS
                            || keyLength < Fips.MIN_PBKDF2_KEY_BITS)) {
                throw new InvalidKeySpecException(Fips.refused("PBKDF2 with a " + salt.length + "-byte salt, "
                        + iterationCount + " iterations and a " + keyLength + "-bit key (SP 800-132 minimums: "
                        + Fips.MIN_PBKDF2_SALT_BYTES + "-byte salt, " + Fips.MIN_PBKDF2_ITERATIONS + " iterations, "
                        + Fips.MIN_PBKDF2_KEY_BITS + "-bit key)"));
            }
            if (keyLength == 0) {
                throw new InvalidKeySpecException("Key length not found");
            } else if (keyLength < 0) {
                throw new InvalidKeySpecException("Key length is negative");
            }
            // bits to bytes rounding down, as the JDK does (a length under 8 bits gives an empty key)
            int bytes = keyLength / 8;
            derived = bytes == 0
                    ? new byte[0]
                    : EvpKdf.pbkdf2(pbkdf2, variant.digest(), passwordBytes, salt, iterationCount, bytes);
        } finally {
            Arrays.fill(passwordBytes, (byte) 0);
            if (derived == null) {
                Arrays.fill(password, '\0');
            }
        }
        final byte[] k = this.key = derived;
        final char[] p = this.password;
        cleanable = CLEANER.register(this, () -> {
            Arrays.fill(k, (byte) 0);
            Arrays.fill(p, '\0');
        });
    }

    /** The password in UTF-8, as the JDK encodes it (malformed surrogates become '?'). */
    static byte[] utf8(char[] password) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] out = new byte[encoded.remaining()];
        encoded.get(out);
        if (encoded.hasArray()) {
            Arrays.fill(encoded.array(), (byte) 0);
        }
        return out;
    }

    @Override
    public byte[] getEncoded() {
        try {
            return key.clone();
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public String getAlgorithm() {
        return algorithm;
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    @Override
    public char[] getPassword() {
        try {
            return password.clone();
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public byte[] getSalt() {
        return salt.clone();
    }

    @Override
    public int getIterationCount() {
        return iterationCount;
    }

    /** Zeroes the key and password now (SunJCE's PBKDF2 keys have the same method). */
    public void clear() {
        cleanable.clean();
    }

    @Override
    public int hashCode() {
        try {
            return Arrays.hashCode(key) ^ algorithm.toLowerCase(Locale.ENGLISH).hashCode();
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public boolean equals(Object obj) {
        try {
            if (obj == this) {
                return true;
            }
            if (!(obj instanceof SecretKey that)) {
                return false;
            }
            if (!that.getAlgorithm().equalsIgnoreCase(algorithm)
                    || !that.getFormat().equalsIgnoreCase("RAW")) {
                return false;
            }
            byte[] thatEncoded = that.getEncoded();
            boolean same = MessageDigest.isEqual(key, thatEncoded);
            Arrays.fill(thatEncoded, (byte) 0);
            return same;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Serial
    private Object writeReplace() throws ObjectStreamException {
        try {
            return new KeyRep(KeyRep.Type.SECRET, algorithm, "RAW", key);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Serial
    private void readObject(ObjectInputStream stream) throws IOException, ClassNotFoundException {
        throw new InvalidObjectException("PBKDF2 keys are not directly deserializable");
    }
}
