package dev.acceljce.params;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

/**
 * {@code AlgorithmParameters.OAEP} (RFC 8017 A.2.1, RSAES-OAEP-params), for a JVM without SunJCE
 * (where it is installed, AccelJCE forwards to it): what an OAEP Cipher's {@code getParameters()}
 * returns. Every field is written, as SunJCE writes them.
 */
public final class OaepParameters extends AlgorithmParametersSpi {
    private static final byte[] P_SPECIFIED_OID = HexFormat.of().parseHex("06092a864886f70d010109");

    private OAEPParameterSpec spec;

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof OAEPParameterSpec p)) {
            throw new InvalidParameterSpecException("Inappropriate parameter specification");
        }
        if (HashAlgorithms.canonical(p.getDigestAlgorithm()) == null) {
            throw new InvalidParameterSpecException("Unsupported digest: " + p.getDigestAlgorithm());
        }
        if (!"MGF1".equalsIgnoreCase(p.getMGFAlgorithm())
                || !(p.getMGFParameters() instanceof MGF1ParameterSpec m)
                || HashAlgorithms.canonical(m.getDigestAlgorithm()) == null) {
            throw new InvalidParameterSpecException("Only MGF1 with a supported digest is supported");
        }
        if (!(p.getPSource() instanceof PSource.PSpecified)) {
            throw new InvalidParameterSpecException("Only PSource.PSpecified is supported");
        }
        spec = p;
    }

    @Override
    protected void engineInit(byte[] encoded) throws IOException {
        Der.Reader seq = new Der.Reader(encoded).sequence();
        String digest = "SHA-1";
        String mgfDigest = "SHA-1";
        byte[] label = new byte[0];
        if (seq.peek() == 0xa0) {
            digest = HashAlgorithms.digestOf(new Der.Reader(seq.contents(0xa0)).sequence());
        }
        if (seq.peek() == 0xa1) {
            mgfDigest = HashAlgorithms.mgf1DigestOf(seq.contents(0xa1));
        }
        if (seq.peek() == 0xa2) {
            Der.Reader source = new Der.Reader(seq.contents(0xa2)).sequence();
            if (!Arrays.equals(P_SPECIFIED_OID, source.element(0x06))) {
                throw new IOException("Only pSpecified pSourceAlgorithm is supported");
            }
            label = source.octetString();
            source.end("pSourceAlgorithm");
        }
        seq.end("RSAES-OAEP parameters");
        spec = new OAEPParameterSpec(digest, "MGF1", new MGF1ParameterSpec(mgfDigest), new PSource.PSpecified(label));
    }

    @Override
    protected void engineInit(byte[] encoded, String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IOException("Only support ASN.1 format");
        }
        engineInit(encoded);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (paramSpec.isAssignableFrom(OAEPParameterSpec.class)) {
            return paramSpec.cast(spec);
        }
        throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }

    @Override
    protected byte[] engineGetEncoded() {
        MGF1ParameterSpec mgf = (MGF1ParameterSpec) spec.getMGFParameters();
        byte[] label = ((PSource.PSpecified) spec.getPSource()).getValue();
        return Der.sequence(
                Der.encode(0xa0, HashAlgorithms.identifier(spec.getDigestAlgorithm())),
                Der.encode(0xa1, HashAlgorithms.mgf1(mgf.getDigestAlgorithm())),
                Der.encode(0xa2, Der.sequence(P_SPECIFIED_OID, Der.encode(Der.OCTET_STRING, label))));
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IOException("Only support ASN.1 format");
        }
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return "MD: " + spec.getDigestAlgorithm() + "\nMGF: MGF1"
                + ((MGF1ParameterSpec) spec.getMGFParameters()).getDigestAlgorithm()
                + "\nPSource: PSpecified "
                + HexFormat.of().formatHex(((PSource.PSpecified) spec.getPSource()).getValue())
                + "\n";
    }
}
