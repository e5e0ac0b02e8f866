package dev.acceljce.keys;

import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECFieldFp;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.EllipticCurve;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The named curves served natively. Domain parameters come from the JDK (its
 * {@code AlgorithmParameters.EC}) when its EC provider is installed, so {@code getParams()} of our
 * keys returns the very objects SunEC's keys return and every JDK check that compares curves
 * agrees; without it, from OpenSSL (the same values in a plain {@link ECParameterSpec}, which the
 * JDK's checks compare by value).
 */
public enum Curves {
    // the aliases are the JDK's (sun.security.util.CurveDB), so both accept the same names
    P256(
            "secp256r1",
            "prime256v1",
            256,
            32,
            "06082a8648ce3d030107",
            List.of("nist p-256", "x9.62 prime256v1", "1.2.840.10045.3.1.7")),
    P384("secp384r1", "secp384r1", 384, 48, "06052b81040022", List.of("nist p-384", "1.3.132.0.34")),
    P521("secp521r1", "secp521r1", 521, 66, "06052b81040023", List.of("nist p-521", "1.3.132.0.35"));

    private final String jdkName;
    private final String opensslGroup;
    private final int fieldBits;
    private final int orderBytes;
    private final byte[] oidDer;
    /** Other names of the curve, lower case, as the JDK accepts them in an ECGenParameterSpec. */
    private final List<String> aliases;

    private volatile ECParameterSpec params;

    Curves(String jdkName, String opensslGroup, int fieldBits, int orderBytes, String oidDer, List<String> aliases) {
        this.jdkName = jdkName;
        this.opensslGroup = opensslGroup;
        this.fieldBits = fieldBits;
        this.orderBytes = orderBytes;
        this.oidDer = HexFormat.of().parseHex(oidDer);
        this.aliases = aliases;
    }

    /** The DER encoding of the curve's OID: the encoding of {@code AlgorithmParameters.EC}. */
    public byte[] oidDer() {
        return oidDer.clone();
    }

    public String jdkName() {
        return jdkName;
    }

    /** The group name OpenSSL reports for keys on this curve. */
    public String opensslGroup() {
        return opensslGroup;
    }

    /** The same curve in AWS-LC's binding. */
    public dev.acceljce.awslc.EcKey.Group awsLcGroup() {
        return switch (this) {
            case P256 -> dev.acceljce.awslc.EcKey.Group.P256;
            case P384 -> dev.acceljce.awslc.EcKey.Group.P384;
            case P521 -> dev.acceljce.awslc.EcKey.Group.P521;
        };
    }

    public int fieldBits() {
        return fieldBits;
    }

    /** Bytes of the group order: the length of r and s in a P1363 signature. */
    public int orderBytes() {
        return orderBytes;
    }

    /**
     * The curve's ECParameterSpec: the JDK's own object (a {@code sun.security.util.NamedCurve})
     * when its EC provider is installed, else one made from OpenSSL's domain parameters.
     */
    public ECParameterSpec params() {
        ECParameterSpec p = params;
        if (p == null) {
            Provider jdk = JdkProviders.find("AlgorithmParameters", "EC");
            try {
                if (jdk != null) {
                    AlgorithmParameters ap = AlgorithmParameters.getInstance("EC", jdk);
                    ap.init(new ECGenParameterSpec(jdkName));
                    p = ap.getParameterSpec(ECParameterSpec.class);
                } else {
                    p = fromOpenssl();
                }
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK does not know " + jdkName, e);
            }
            params = p;
        }
        return p;
    }

    /** The domain parameters OpenSSL reports for a key on this curve (explicit parameters included). */
    ECParameterSpec fromOpenssl() {
        try (Arena arena = Arena.ofConfined();
                EvpPkey.Key key = EvpPkey.Key.generate(
                        "EC", OsslParams.in(arena).utf8("group", opensslGroup).build())) {
            BigInteger prime = component(key, "p");
            EllipticCurve curve = new EllipticCurve(new ECFieldFp(prime), component(key, "a"), component(key, "b"));
            byte[] g = key.octetParam("generator");
            int size = (fieldBits + 7) / 8;
            if (g == null || g.length != 1 + 2 * size || g[0] != 4) {
                throw new IllegalStateException("OpenSSL gave no uncompressed generator for " + jdkName);
            }
            ECPoint generator = new ECPoint(
                    new BigInteger(1, Arrays.copyOfRange(g, 1, 1 + size)),
                    new BigInteger(1, Arrays.copyOfRange(g, 1 + size, g.length)));
            return new ECParameterSpec(
                    curve,
                    generator,
                    component(key, "order"),
                    component(key, "cofactor").intValueExact());
        }
    }

    private BigInteger component(EvpPkey.Key key, String name) {
        byte[] b = key.bnParam(name);
        if (b == null) {
            throw new IllegalStateException("OpenSSL gave no " + name + " for " + jdkName);
        }
        return new BigInteger(1, b);
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
     * it to a curve not served natively. Without the JDK's EC provider, resolved by AccelJCE over
     * the served curves alone.
     *
     * @throws GeneralSecurityException when the curve is not known at all
     */
    public static Curves resolve(AlgorithmParameterSpec spec) throws GeneralSecurityException {
        Provider jdk = JdkProviders.find("AlgorithmParameters", "EC");
        if (jdk == null) {
            return resolveServed(spec);
        }
        AlgorithmParameters ap = AlgorithmParameters.getInstance("EC", jdk);
        ap.init(spec);
        return ofJdkName(ap.getParameterSpec(ECGenParameterSpec.class).getName());
    }

    /**
     * The served curve {@code spec} names (by name, alias or OID, or by parameters equal to the
     * curve's), without the JDK.
     *
     * @throws InvalidAlgorithmParameterException when it names no served curve
     */
    public static Curves resolveServed(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException {
        if (spec instanceof ECGenParameterSpec named) {
            String name = named.getName().trim().toLowerCase(Locale.ROOT);
            for (Curves c : values()) {
                if (c.jdkName.equals(name) || c.aliases.contains(name)) {
                    return c;
                }
            }
            throw new InvalidAlgorithmParameterException("Unknown curve name: " + named.getName()
                    + " (without the JDK's EC provider AccelJCE knows secp256r1, secp384r1 and secp521r1)");
        }
        if (spec instanceof ECParameterSpec explicit) {
            for (Curves c : values()) {
                ECParameterSpec p = c.params();
                if (p == explicit
                        || p.getCurve().equals(explicit.getCurve())
                                && p.getGenerator().equals(explicit.getGenerator())
                                && p.getOrder().equals(explicit.getOrder())
                                && p.getCofactor() == explicit.getCofactor()) {
                    return c;
                }
            }
            throw new InvalidAlgorithmParameterException("Not a supported curve: " + explicit);
        }
        throw new InvalidAlgorithmParameterException("ECGenParameterSpec or ECParameterSpec required, not "
                + (spec == null ? "null" : spec.getClass().getName()));
    }

    /** {@link #resolveServed}, or null when it names no served curve. */
    static Curves resolveServedOrNull(AlgorithmParameterSpec spec) {
        try {
            return resolveServed(spec);
        } catch (InvalidAlgorithmParameterException e) {
            return null;
        }
    }

    /** The served curve whose OID has the DER encoding {@code der}, or null. */
    public static Curves ofOidDer(byte[] der) {
        for (Curves c : values()) {
            if (Arrays.equals(c.oidDer, der)) {
                return c;
            }
        }
        return null;
    }
}
