package dev.acceljce.keys;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;

/**
 * {@code AlgorithmParameters.EC} for the served curves, for a JVM without the JDK's EC provider
 * (where it is installed, AccelJCE forwards to it: it knows every curve of its CurveDB). SunJSSE
 * reads the curve of each EC named group through this service; the encoding is the curve's OID
 * (namedCurve), as the JDK writes it.
 */
public final class EcParameters extends AlgorithmParametersSpi {
    private Curves curve;

    @Override
    protected void engineInit(AlgorithmParameterSpec spec) throws InvalidParameterSpecException {
        try {
            curve = Curves.resolveServed(spec);
        } catch (InvalidAlgorithmParameterException e) {
            throw (InvalidParameterSpecException) new InvalidParameterSpecException(e.getMessage()).initCause(e);
        }
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        Curves c = Curves.ofOidDer(params);
        if (c == null) {
            throw new IOException("Only named ECParameters of secp256r1, secp384r1 and secp521r1 are supported"
                    + " without the JDK's EC provider: " + HexFormat.of().formatHex(params));
        }
        curve = c;
    }

    @Override
    protected void engineInit(byte[] params, String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IOException("Only ASN.1 format supported: " + format);
        }
        engineInit(params);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> spec)
            throws InvalidParameterSpecException {
        if (spec.isAssignableFrom(ECParameterSpec.class)) {
            return spec.cast(initialized().params());
        }
        if (spec.isAssignableFrom(ECGenParameterSpec.class)) {
            return spec.cast(new ECGenParameterSpec(initialized().jdkName()));
        }
        throw new InvalidParameterSpecException("Only ECParameterSpec and ECGenParameterSpec supported");
    }

    @Override
    protected byte[] engineGetEncoded() throws IOException {
        return initialized().oidDer();
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IOException("Only ASN.1 format supported: " + format);
        }
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return curve == null ? "Not initialized" : curve.jdkName() + " (" + curve.params() + ")";
    }

    private Curves initialized() {
        if (curve == null) {
            // AlgorithmParameters itself refuses uninitialized use before reaching the SPI
            throw new IllegalStateException("not initialized");
        }
        return curve;
    }
}
