package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.Providers;
import java.security.spec.ECParameterSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Without the JDK's EC provider, a served curve's domain parameters come from OpenSSL: they are
 * SunEC's, value for value (the JDK's checks compare curves by value).
 */
class CurvesFromOpensslTest {
    @ParameterizedTest
    @EnumSource(Curves.class)
    void openSslsDomainParametersAreTheJdks(Curves curve) {
        Providers.requireNative();
        ECParameterSpec jdk = curve.params(); // SunEC's NamedCurve: this JVM has SunEC
        ECParameterSpec ours = curve.fromOpenssl();
        assertEquals(jdk.getCurve(), ours.getCurve());
        assertEquals(jdk.getGenerator(), ours.getGenerator());
        assertEquals(jdk.getOrder(), ours.getOrder());
        assertEquals(jdk.getCofactor(), ours.getCofactor());
        assertEquals(curve, Curves.resolveServedOrNull(ours));
    }
}
