package dev.acceljce.params;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.keys.EcParameters;
import dev.acceljce.testing.Providers;
import java.security.AlgorithmParameters;
import java.security.Provider;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AccelJCE's own AlgorithmParameters for EC, RSASSA-PSS and OAEP (served only in a JVM without
 * the JDK's provider of the family) write the JDK's encodings byte for byte and read them back to
 * the same specs, for every digest and curve they take: compared here with SunEC's, SunRsaSign's
 * and SunJCE's own, which this JVM has.
 */
class StandaloneParametersTest {
    private static final List<String> DIGESTS = List.of(
            "SHA-1",
            "SHA-224",
            "SHA-256",
            "SHA-384",
            "SHA-512",
            "SHA-512/224",
            "SHA-512/256",
            "SHA3-224",
            "SHA3-256",
            "SHA3-384",
            "SHA3-512");

    static Stream<Arguments> pss() {
        List<Arguments> out = new ArrayList<>();
        for (String md : DIGESTS) {
            for (String mgf : List.of("SHA-1", "SHA-256", md)) {
                out.add(Arguments.of(new PSSParameterSpec(md, "MGF1", new MGF1ParameterSpec(mgf), 20, 1)));
                out.add(Arguments.of(new PSSParameterSpec(md, "MGF1", new MGF1ParameterSpec(mgf), 0, 1)));
            }
        }
        out.add(Arguments.of(PSSParameterSpec.DEFAULT));
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("pss")
    void pssParametersEncodeAndDecodeAsSunRsaSigns(PSSParameterSpec spec) throws Exception {
        AlgorithmParameters jdk =
                AlgorithmParameters.getInstance("RSASSA-PSS", Providers.jdk("AlgorithmParameters", "RSASSA-PSS"));
        jdk.init(spec);
        AlgorithmParameters ours = own("RSASSA-PSS", new PssParameters());
        ours.init(spec);
        assertArrayEquals(jdk.getEncoded(), ours.getEncoded(), spec.toString());
        AlgorithmParameters back = own("RSASSA-PSS", new PssParameters());
        back.init(jdk.getEncoded());
        PSSParameterSpec read = back.getParameterSpec(PSSParameterSpec.class);
        PSSParameterSpec expected = jdk.getParameterSpec(PSSParameterSpec.class);
        assertEquals(expected.toString(), read.toString());
    }

    static Stream<Arguments> oaep() {
        List<Arguments> out = new ArrayList<>();
        for (String md : DIGESTS) {
            out.add(Arguments.of(
                    new OAEPParameterSpec(md, "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT)));
            out.add(Arguments.of(new OAEPParameterSpec(
                    md, "MGF1", new MGF1ParameterSpec(md), new PSource.PSpecified(new byte[] {1, 2, 3}))));
        }
        out.add(Arguments.of(OAEPParameterSpec.DEFAULT));
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("oaep")
    void oaepParametersEncodeAndDecodeAsSunJcesDo(OAEPParameterSpec spec) throws Exception {
        AlgorithmParameters jdk = AlgorithmParameters.getInstance("OAEP", Providers.jdk("AlgorithmParameters", "OAEP"));
        jdk.init(spec);
        AlgorithmParameters ours = own("OAEP", new OaepParameters());
        ours.init(spec);
        assertArrayEquals(jdk.getEncoded(), ours.getEncoded(), spec.getDigestAlgorithm());
        AlgorithmParameters back = own("OAEP", new OaepParameters());
        back.init(jdk.getEncoded());
        OAEPParameterSpec read = back.getParameterSpec(OAEPParameterSpec.class);
        assertEquals(jdk.getParameterSpec(OAEPParameterSpec.class).getDigestAlgorithm(), read.getDigestAlgorithm());
        assertArrayEquals(
                ((PSource.PSpecified) spec.getPSource()).getValue(),
                ((PSource.PSpecified) read.getPSource()).getValue());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "secp256r1",
                "secp384r1",
                "secp521r1",
                "NIST P-256",
                "1.3.132.0.34",
                "X9.62 prime256v1",
                "1.3.132.0.35"
            })
    void ecParametersMatchSunEcs(String name) throws Exception {
        Providers.requireNative();
        AlgorithmParameters jdk = AlgorithmParameters.getInstance("EC", Providers.jdk("AlgorithmParameters", "EC"));
        jdk.init(new ECGenParameterSpec(name));
        AlgorithmParameters ours = own("EC", new EcParameters());
        ours.init(new ECGenParameterSpec(name));
        assertArrayEquals(jdk.getEncoded(), ours.getEncoded(), name);
        assertEquals(
                jdk.getParameterSpec(ECGenParameterSpec.class).getName(),
                ours.getParameterSpec(ECGenParameterSpec.class).getName());
        ECParameterSpec a = jdk.getParameterSpec(ECParameterSpec.class);
        ECParameterSpec b = ours.getParameterSpec(ECParameterSpec.class);
        assertEquals(a.getCurve(), b.getCurve());
        assertEquals(a.getGenerator(), b.getGenerator());
        assertEquals(a.getOrder(), b.getOrder());
        assertEquals(a.getCofactor(), b.getCofactor());
        // and an explicit spec equal to the curve's resolves to it, as SunEC's does
        AlgorithmParameters explicit = own("EC", new EcParameters());
        explicit.init(new ECParameterSpec(a.getCurve(), a.getGenerator(), a.getOrder(), a.getCofactor()));
        assertArrayEquals(jdk.getEncoded(), explicit.getEncoded());
    }

    /** AlgorithmParameters over one of our SPI objects, whatever the provider list holds. */
    private static AlgorithmParameters own(String algorithm, java.security.AlgorithmParametersSpi spi) {
        Provider p = new Provider("OwnParameters", "1", "test") {
            private static final long serialVersionUID = 1L;
        };
        return new AlgorithmParameters(spi, p, algorithm) {};
    }
}
