package dev.acceljce.kdf;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * Key material handed to a KDF as lists of keys (HKDF's IKM and salt segments), read by the rules
 * of the JDK's HKDF: every key must have a RAW encoding, and the segments are concatenated.
 */
final class KeyMaterial {
    private KeyMaterial() {}

    /**
     * The RAW encodings of {@code keys}, concatenated ({@code byte[0]} for an empty list). The
     * caller wipes the result.
     *
     * @throws InvalidKeyException for a null key, a key without a RAW encoding, or a null list
     */
    static byte[] concatenate(List<SecretKey> keys) throws InvalidKeyException {
        if (keys == null) {
            throw new InvalidKeyException("List of key segments could not be consolidated");
        }
        // a copy: the list may be changed by another thread while we read it
        List<SecretKey> local = new ArrayList<>(keys);
        if (local.isEmpty()) {
            return new byte[0];
        }
        if (local.size() == 1) {
            return rawBytes(local.get(0));
        }
        // one exact-size result, so no intermediate buffer is left holding key bytes
        List<byte[]> parts = new ArrayList<>(local.size());
        try {
            int total = 0;
            for (SecretKey k : local) {
                byte[] part = rawBytes(k);
                parts.add(part);
                total = Math.addExact(total, part.length);
            }
            byte[] all = new byte[total];
            int pos = 0;
            for (byte[] part : parts) {
                System.arraycopy(part, 0, all, pos, part.length);
                pos += part.length;
            }
            return all;
        } finally {
            parts.forEach(KeyMaterial::wipe);
        }
    }

    /** A key's RAW encoding, with the JDK's checks and messages (CipherCore.getKeyBytes). */
    static byte[] rawBytes(Key key) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("No key given");
        }
        if (!"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("Wrong format: RAW bytes needed");
        }
        byte[] bytes = key.getEncoded();
        if (bytes == null) {
            throw new InvalidKeyException("RAW key bytes missing");
        }
        return bytes;
    }

    /** The JDK's HKDF checks of {@code KDF.deriveKey}'s algorithm name, before any derivation. */
    static void checkKeyAlgorithm(String alg) throws NoSuchAlgorithmException {
        if (alg == null) {
            throw new NullPointerException("the algorithm for the SecretKey return value must not be null");
        }
        if (alg.isEmpty()) {
            throw new NoSuchAlgorithmException("the algorithm for the SecretKey return value must not be empty");
        }
    }

    /** {@code data} as a SecretKey of {@code alg}; {@code data} is wiped once copied into the key. */
    static SecretKey derivedKey(String alg, byte[] data) {
        try {
            return new SecretKeySpec(data, alg); // copies
        } finally {
            wipe(data);
        }
    }

    static void wipe(byte[] b) {
        if (b != null) {
            Arrays.fill(b, (byte) 0);
        }
    }
}
