package dev.acceljce.params;

import java.io.IOException;
import java.math.BigInteger;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code AlgorithmParameters.RSASSA-PSS} (RFC 8017 A.2.3, RSASSA-PSS-params), for a JVM without
 * SunRsaSign (where it is installed, AccelJCE forwards to it). SunJSSE asks a PSS signature for its
 * parameters to decide whether the rsa_pss_* schemes are available at all. Digests and MGF1's
 * digest: SHA-1, SHA-2 and SHA-3; hash AlgorithmIdentifiers are written with NULL parameters and
 * read with or without them (RFC 4055 2.1).
 */
public final class PssParameters extends AlgorithmParametersSpi {
    private PSSParameterSpec spec;

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof PSSParameterSpec p)) {
            throw new InvalidParameterSpecException("Inappropriate parameter specification");
        }
        if (!"MGF1".equalsIgnoreCase(p.getMGFAlgorithm()) || !(p.getMGFParameters() instanceof MGF1ParameterSpec m)) {
            throw new InvalidParameterSpecException("Only MGF1mgf is supported");
        }
        if (canonical(p.getDigestAlgorithm()) == null || canonical(m.getDigestAlgorithm()) == null) {
            throw new InvalidParameterSpecException("Unsupported digest in " + p);
        }
        if (p.getTrailerField() != PSSParameterSpec.TRAILER_FIELD_BC) {
            throw new InvalidParameterSpecException("Only trailerField 1 is supported");
        }
        spec = p;
    }

    @Override
    protected void engineInit(byte[] encoded) throws IOException {
        Der.Reader seq = new Der.Reader(encoded).sequence();
        String digest = "SHA-1";
        String mgfDigest = "SHA-1";
        int salt = 20;
        int trailer = 1;
        if (seq.peek() == 0xa0) {
            digest = digestOf(new Der.Reader(seq.contents(0xa0)).sequence());
        }
        if (seq.peek() == 0xa1) {
            mgfDigest = HashAlgorithms.mgf1DigestOf(seq.contents(0xa1));
        }
        if (seq.peek() == 0xa2) {
            salt = new Der.Reader(seq.contents(0xa2)).integer();
        }
        if (seq.peek() == 0xa3) {
            trailer = new Der.Reader(seq.contents(0xa3)).integer();
        }
        seq.end("RSASSA-PSS parameters");
        if (salt < 0 || trailer != 1) {
            throw new IOException("Invalid salt length " + salt + " or trailer field " + trailer);
        }
        spec = new PSSParameterSpec(digest, "MGF1", new MGF1ParameterSpec(mgfDigest), salt, trailer);
    }

    @Override
    protected void engineInit(byte[] encoded, String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IllegalArgumentException("Unsupported parameter format: " + format);
        }
        engineInit(encoded);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (paramSpec.isAssignableFrom(PSSParameterSpec.class)) {
            return paramSpec.cast(spec);
        }
        throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }

    @Override
    protected byte[] engineGetEncoded() {
        MGF1ParameterSpec mgf = (MGF1ParameterSpec) spec.getMGFParameters();
        // DER leaves out every field equal to its DEFAULT (SHA-1, MGF1 with SHA-1, 20, 1), as SunRsaSign does
        List<byte[]> fields = new ArrayList<>();
        if (!canonical(spec.getDigestAlgorithm()).equals("SHA-1")) {
            fields.add(Der.encode(0xa0, hashAlgorithm(spec.getDigestAlgorithm())));
        }
        if (!canonical(mgf.getDigestAlgorithm()).equals("SHA-1")) {
            fields.add(Der.encode(0xa1, HashAlgorithms.mgf1(mgf.getDigestAlgorithm())));
        }
        if (spec.getSaltLength() != 20) {
            fields.add(Der.encode(0xa2, Der.encodeInteger(BigInteger.valueOf(spec.getSaltLength()))));
        }
        if (spec.getTrailerField() != PSSParameterSpec.TRAILER_FIELD_BC) {
            fields.add(Der.encode(0xa3, Der.encodeInteger(BigInteger.valueOf(spec.getTrailerField()))));
        }
        return Der.sequence(fields.toArray(byte[][]::new));
    }

    @Override
    protected byte[] engineGetEncoded(String format) {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IllegalArgumentException("Unsupported parameter format: " + format);
        }
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return "MD: " + spec.getDigestAlgorithm() + "\nMGF: MGF1"
                + ((MGF1ParameterSpec) spec.getMGFParameters()).getDigestAlgorithm()
                + "\nSalt Length: " + spec.getSaltLength() + "\nTrailer Field: " + spec.getTrailerField() + "\n";
    }

    private static String canonical(String digest) {
        return HashAlgorithms.canonical(digest);
    }

    private static byte[] hashAlgorithm(String digest) {
        return HashAlgorithms.identifier(digest);
    }

    private static String digestOf(Der.Reader algorithmIdentifier) throws IOException {
        return HashAlgorithms.digestOf(algorithmIdentifier);
    }
}
