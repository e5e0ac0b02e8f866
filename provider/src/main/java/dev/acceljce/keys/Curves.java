package dev.acceljce.keys;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.Locale;

import dev.acceljce.jdk.JdkProviders;

/**
 * The named curves served natively. Domain parameters come from the JDK (its
 * {@code AlgorithmParameters.EC}), so {@code getParams()} of our keys returns the very objects
 * SunEC's keys return and every JDK check that compares curves agrees.
 */
public enum Curves {
    P256("secp256r1", "prime256v1", 256, 32),
    P384("secp384r1", "secp384r1", 384, 48),
    P521("secp521r1", "secp521r1", 521, 66);

    private final String jdkName;
    private final String opensslGroup;
    private final int fieldBits;
    private final int orderBytes;
    private volatile ECParameterSpec params;

    Curves(String jdkName, String opensslGroup, int fieldBits, int orderBytes) {
        this.jdkName = jdkName;
        this.opensslGroup = opensslGroup;
        this.fieldBits = fieldBits;
        this.orderBytes = orderBytes;
    }

    public String jdkName() {
        return jdkName;
    }

    /** The group name OpenSSL reports for keys on this curve. */
    public String opensslGroup() {
        return opensslGroup;
    }

    public int fieldBits() {
        return fieldBits;
    }

    /** Bytes of the group order: the length of r and s in a P1363 signature. */
    public int orderBytes() {
        return orderBytes;
    }

    /** The JDK's ECParameterSpec (a {@code sun.security.util.NamedCurve}) of this curve. */
    public ECParameterSpec params() {
        ECParameterSpec p = params;
        if (p == null) {
            try {
                AlgorithmParameters ap = AlgorithmParameters.getInstance("EC",
                        JdkProviders.forService("AlgorithmParameters", "EC"));
                ap.init(new ECGenParameterSpec(jdkName));
                params = p = ap.getParameterSpec(ECParameterSpec.class);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK does not know " + jdkName, e);
            }
        }
        return p;
    }

    /** The curve of an OpenSSL group name, or null when it is not served natively. */
    public static Curves ofOpensslGroup(String group) {
        if (group == null) {
            return null;
        }
        for (Curves c : values()) {
            if (c.opensslGroup.equalsIgnoreCase(group) || c.jdkName.equalsIgnoreCase(group)) {
                return c;
            }
        }
        return null;
    }

    /** The curve whose JDK name is {@code name}, or null. */
    public static Curves ofJdkName(String name) {
        for (Curves c : values()) {
            if (c.jdkName.equals(name.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        return null;
    }

    /** The curve of a key size as the JDK maps it (256, 384, 521), or null. */
    public static Curves ofSize(int bits) {
        for (Curves c : values()) {
            if (c.fieldBits == bits) {
                return c;
            }
        }
        return null;
    }

    /**
     * The served curve an ECGenParameterSpec or ECParameterSpec names, resolved by the JDK
     * (aliases, OIDs, explicit parameters equal to a named curve), or null when the JDK resolves
     * it to a curve not served natively.
     *
     * @throws GeneralSecurityException when the JDK does not know the curve at all
     */
    public static Curves resolve(AlgorithmParameterSpec spec) throws GeneralSecurityException {
        AlgorithmParameters ap = AlgorithmParameters.getInstance("EC",
                JdkProviders.forService("AlgorithmParameters", "EC"));
        ap.init(spec);
        return ofJdkName(ap.getParameterSpec(ECGenParameterSpec.class).getName());
    }
}
