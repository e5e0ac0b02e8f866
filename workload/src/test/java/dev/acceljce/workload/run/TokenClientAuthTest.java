package dev.acceljce.workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsSetting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Client authentication on AccelJCE's own TLS stack with a key in a real SoftHSM2 token through
 * SunPKCS11: {@link TokenClientAuth} in its own JVM (the token's configuration is read
 * from its environment), and the token's own log (OpenSC's pkcs11-spy) showing one signature per
 * handshake, so the key was used where it lives and never read out. Packages are installed when
 * missing (root); otherwise the test skips, saying which.
 */
class TokenClientAuthTest {
    private static final int PER_CASE = 3;

    @ParameterizedTest
    @EnumSource(
            value = TlsSetting.KeyKind.class,
            names = {"EC_P256", "RSA_2048"})
    void theTokenSignsEveryClientHandshake(TlsSetting.KeyKind kind, @TempDir Path work) throws Exception {
        List<String> missing = DebianPackages.ensure(List.of(DebianPackages.SOFTHSM2, DebianPackages.PKCS11_SPY));
        assumeTrue(missing.isEmpty(), () -> "skipped: " + String.join("; ", missing));

        Path serverStore = Certificates.make(work, "server", TlsSetting.KeyKind.EC_P256);
        Path clientStore = Certificates.make(work, "client", kind);
        SoftHsmToken.Spied spy = SoftHsmToken.holding(work, clientStore).spied();
        String out = SoftHsmToken.run(
                spy.environment(),
                SoftHsmToken.java(
                        TokenClientAuth.class,
                        List.of(),
                        spy.pkcs11Config().toString(),
                        SoftHsmToken.PIN,
                        serverStore.toString(),
                        clientStore.toString(),
                        Integer.toString(PER_CASE)));
        System.out.print(out);

        int expected = PER_CASE * 2 * TokenClientAuth.PROTOCOLS.length; // two servers
        assertTrue(out.contains(TokenClientAuth.LINE + " handshakes=" + expected), out);
        assertTrue(out.contains("encoding not readable"), "the token's key is sensitive: " + out);
        Map<String, Long> calls = TokenProof.calls(Files.readString(spy.log()));
        long signs = calls.getOrDefault("C_Sign", 0L) + calls.getOrDefault("C_SignFinal", 0L);
        assertEquals(expected, signs, "one token signature per full handshake: " + calls);
    }
}
