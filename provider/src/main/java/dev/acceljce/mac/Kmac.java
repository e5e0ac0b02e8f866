package dev.acceljce.mac;

import dev.acceljce.spec.KmacParameterSpec;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.spec.AlgorithmParameterSpec;

/**
 * KMAC128 and KMAC256 (NIST SP 800-185), OpenSSL's EVP_MAC "KMAC128"/"KMAC256". Keys of 4 to 512
 * bytes (OpenSSL's bounds: SP 800-185 allows any key, OpenSSL refuses keys shorter than 32 bits);
 * the customization string and MAC length through {@link KmacParameterSpec} or Bouncy Castle's
 * {@code KMACParameterSpec} (read reflectively: AccelJCE does not depend on BC).
 */
final class Kmac extends KeyedMac {
    /** OpenSSL's KMAC_MIN_KEY, KMAC_MAX_KEY and KMAC_MAX_CUSTOM. */
    static final int MIN_KEY = 4;

    static final int MAX_KEY = 512;
    static final int MAX_CUSTOMIZATION = 512;
    /** OpenSSL's KMAC_MAX_OUTPUT_LEN: 0xFFFFFF bits. */
    static final int MAX_MAC_LENGTH = 0xFFFFFF / 8;

    private static final String BC_SPEC = "org.bouncycastle.jcajce.spec.KMACParameterSpec";

    private final int defaultLength;

    private Kmac(String opensslName, int defaultLength) {
        super(opensslName);
        this.defaultLength = defaultLength;
    }

    static Kmac kmac128() {
        return new Kmac("KMAC128", 32);
    }

    static Kmac kmac256() {
        return new Kmac("KMAC256", 64);
    }

    @Override
    Setup setup(byte[] key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        byte[] custom = new byte[0];
        int length = defaultLength;
        if (params instanceof KmacParameterSpec k) {
            custom = k.getCustomization();
            if (k.getMacLength() != 0) {
                length = k.getMacLength();
            }
        } else if (params != null && params.getClass().getName().equals(BC_SPEC)) {
            // Bouncy Castle's KMACParameterSpec, read through its public getters: BC code runs unchanged
            try {
                custom = (byte[])
                        params.getClass().getMethod("getCustomizationString").invoke(params);
                int bits = (int) params.getClass().getMethod("getMacSizeInBits").invoke(params);
                if (bits <= 0 || bits % 8 != 0) {
                    throw new InvalidAlgorithmParameterException("KMAC length of " + bits + " bits: whole bytes only");
                }
                length = bits / 8;
                custom = custom == null ? new byte[0] : custom;
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new InvalidAlgorithmParameterException("cannot read " + BC_SPEC + ": " + e, e);
            }
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException(
                    "KMAC takes a KmacParameterSpec, not " + params.getClass().getName());
        }
        if (custom.length > MAX_CUSTOMIZATION) {
            throw new InvalidAlgorithmParameterException(
                    "customization string of " + custom.length + " bytes: OpenSSL takes at most " + MAX_CUSTOMIZATION);
        }
        if (length > MAX_MAC_LENGTH) {
            throw new InvalidAlgorithmParameterException("MAC length " + length + " bytes: at most " + MAX_MAC_LENGTH);
        }
        if (key.length < MIN_KEY || key.length > MAX_KEY) {
            throw new InvalidKeyException("KMAC needs a key of " + MIN_KEY + " to " + MAX_KEY
                    + " bytes (OpenSSL's bounds), not " + key.length);
        }
        byte[] s = custom;
        int size = length;
        return new Setup(p -> p.octets("custom", s).unsigned("size", size), length);
    }

    @Override
    int defaultMacLength() {
        return defaultLength;
    }
}
