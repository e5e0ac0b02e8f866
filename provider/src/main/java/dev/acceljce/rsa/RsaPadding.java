package dev.acceljce.rsa;

import dev.acceljce.control.Fips;
import dev.acceljce.digest.DigestNames;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.EvpDigest;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.util.Locale;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

/**
 * The padding of an RSA Cipher, from its name in the transformation ("NoPadding", "PKCS1Padding",
 * "OAEPPadding", "OAEPWith&lt;digest&gt;AndMGF1Padding"), with SunJCE's checks, and the OAEP
 * parameters an init resolves to; also which OAEP parameters OpenSSL serves.
 *
 * @param name the name the caller gave (SunJCE's RSA cipher is asked for the same one)
 * @param oaepDigest the OAEP digest the name gave ("OAEPWithSHA-256AndMGF1Padding"), SHA-1 by default
 */
record RsaPadding(Kind kind, String name, String oaepDigest) {
    enum Kind {
        NONE,
        PKCS1,
        OAEP
    }

    /** "RSA" alone, before any setPadding: PKCS#1 v1.5. */
    static final RsaPadding DEFAULT = new RsaPadding(Kind.PKCS1, "PKCS1Padding", "SHA-1");

    /** The padding named {@code name}, as SunJCE's RSACipher.engineSetPadding takes it. */
    static RsaPadding parse(String name) throws NoSuchPaddingException {
        String lower = name.toLowerCase(Locale.ENGLISH);
        if (Fips.on() && !lower.startsWith("oaep")) {
            throw new NoSuchPaddingException(
                    Fips.refused("RSA encryption with " + name + " (approved: OAEP, SP 800-56B Rev. 2)"));
        }
        if (lower.equals("nopadding")) {
            return new RsaPadding(Kind.NONE, name, DEFAULT.oaepDigest);
        } else if (lower.equals("pkcs1padding")) {
            return new RsaPadding(Kind.PKCS1, name, DEFAULT.oaepDigest);
        } else if (lower.equals("oaeppadding")) {
            return new RsaPadding(Kind.OAEP, name, DEFAULT.oaepDigest);
        } else if (lower.startsWith("oaepwith") && lower.endsWith("andmgf1padding")) {
            String digest = name.substring(8, name.length() - 14);
            // SunJCE's check: some provider offers the digest
            if (opensslDigest(digest) == null && !JdkProviders.has("MessageDigest", digest)) {
                throw new NoSuchPaddingException("MessageDigest not available for " + name);
            }
            return new RsaPadding(Kind.OAEP, name, digest);
        }
        throw new NoSuchPaddingException("Padding " + name + " not supported");
    }

    /**
     * The OAEP parameters of an init with {@code params}: the name's digest with MGF1/SHA-1 and an
     * empty label when none are given, the given ones when they are OAEP's; null without OAEP
     * padding or with parameters of another kind.
     */
    OAEPParameterSpec oaep(AlgorithmParameterSpec params) {
        return kind != Kind.OAEP
                ? null
                : params == null
                        ? new OAEPParameterSpec(oaepDigest, "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT)
                        : params instanceof OAEPParameterSpec o ? o : null;
    }

    /** Whether OpenSSL serves these OAEP parameters: MGF1, a specified label, digests it has. */
    static boolean servesOaep(OAEPParameterSpec oaep) {
        if (!"MGF1".equalsIgnoreCase(oaep.getMGFAlgorithm())
                || !(oaep.getMGFParameters() instanceof MGF1ParameterSpec mgf)
                || !(oaep.getPSource() instanceof PSource.PSpecified)) {
            return false;
        }
        String md = opensslDigest(oaep.getDigestAlgorithm());
        String mgfMd = opensslDigest(mgf.getDigestAlgorithm());
        return md != null
                && mgfMd != null
                && EvpDigest.fetch(md).isPresent()
                && EvpDigest.fetch(mgfMd).isPresent();
    }

    /** OpenSSL's name of the OAEP digest of {@code oaep}. */
    static String digest(OAEPParameterSpec oaep) {
        return opensslDigest(oaep.getDigestAlgorithm());
    }

    /** OpenSSL's name of the MGF1 digest of {@code oaep} (which {@link #servesOaep} accepted). */
    static String mgf1Digest(OAEPParameterSpec oaep) {
        return opensslDigest(((MGF1ParameterSpec) oaep.getMGFParameters()).getDigestAlgorithm());
    }

    /** The label of {@code oaep} (which {@link #servesOaep} accepted). */
    static byte[] label(OAEPParameterSpec oaep) {
        return ((PSource.PSpecified) oaep.getPSource()).getValue();
    }

    /** OpenSSL's name of an OAEP digest (JCA name): the SHA families, and MD5, which OAEP allows. */
    static String opensslDigest(String jcaName) {
        return "MD5".equalsIgnoreCase(jcaName) ? "MD5" : DigestNames.openssl(jcaName);
    }
}
