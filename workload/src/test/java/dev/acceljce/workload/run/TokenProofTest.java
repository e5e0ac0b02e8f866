package dev.acceljce.workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsSetting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The token's own log of the pkcs11-token configuration: a real SoftHSM2 token made in a
 * temporary directory, real handshakes, OpenSC's pkcs11-spy counting the token's calls. The
 * packages are installed when missing (root); otherwise the test skips, saying which.
 */
class TokenProofTest {
    /**
     * A pkcs11-spy log, abridged: each call opens with its number and name alone on a line, as
     * OpenSC 0.23 writes it, then its arguments (the real format is checked by the test below).
     */
    private static final String SPY_LOG = """


            *************** OpenSC PKCS#11 spy *****************
            Loaded: "/usr/lib/softhsm/libsofthsm2.so"

            0: C_GetFunctionList
            2026-11-25 22:40:01.123
            Returned:  0 CKR_OK

            1: C_SignInit
            2026-11-25 22:40:01.124
            [in] hSession = 0x1
            Returned:  0 CKR_OK

            2: C_Sign
            2026-11-25 22:40:01.125
            [in] hSession = 0x1
            Returned:  0 CKR_OK

            3: C_Sign
            Returned:  0 CKR_OK

            4: C_Decrypt
            Returned:  0 CKR_OK
            """;

    @Test
    void callsAreCountedByName() {
        Map<String, Long> calls = TokenProof.calls(SPY_LOG);
        assertEquals(2L, calls.get("C_Sign"));
        assertEquals(1L, calls.get("C_SignInit"));
        assertEquals(1L, calls.get("C_Decrypt"));
        assertFalse(calls.containsKey("C_SignFinal"));
    }

    @Test
    void theAccountAddsTheLogToTheProofsLine() throws IOException {
        TokenProof.Account a = TokenProof.account("noise\nTOKEN-PROOF handshakes=3 acceljceOps=3\n", SPY_LOG);
        assertEquals(new TokenProof.Account(3, 2, 1, 3), a);
        assertTrue(a.tokenDidEveryHandshake());
        assertFalse(TokenProof.account("TOKEN-PROOF handshakes=4 acceljceOps=4", SPY_LOG)
                .tokenDidEveryHandshake());
        assertThrows(IOException.class, () -> TokenProof.account("Exception in thread main", SPY_LOG));
    }

    @Test
    void theReportShowsTheTokensLogOrWhyItIsMissing() {
        RunSpec spec = WorkloadMain.spec("quick", Options.parse(new String[] {"quick"}));
        Configuration token = Configuration.PKCS11_TOKEN;
        String md = new Report(
                        spec,
                        List.of(
                                new WorkloadMain.Result(
                                        token,
                                        TlsSetting.TLS13_ECDSA,
                                        null,
                                        "bank failed",
                                        new TokenProof.Account(20, 20, 0, 20)),
                                new WorkloadMain.Result(token, TlsSetting.TLS12_RSA_KX, null, "bank failed", null)),
                        "quick")
                .markdown();
        assertTrue(
                md.contains(
                        "| pkcs11-token | tls13-ecdsa | 20 | 20 | 0 | 20 | the token did every handshake's key operation |"),
                md);
        assertTrue(md.contains("| pkcs11-token | tls12-rsa-kx | | | | | not run: the configuration failed |"), md);
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> tokenConfigurationsAndSettings() {
        return java.util.Arrays.stream(Configuration.values())
                .filter(Configuration::tokenKey)
                .flatMap(c -> java.util.Arrays.stream(TlsSetting.values())
                        .map(t -> org.junit.jupiter.params.provider.Arguments.of(c, t)));
    }

    /** The bank's server on SunJSSE (pkcs11-token) and on AccelJCE's own stack (acceljce-tls-token). */
    @ParameterizedTest(name = "{0}, {1}")
    @org.junit.jupiter.params.provider.MethodSource("tokenConfigurationsAndSettings")
    void theTokenDidEveryHandshakesKeyOperation(Configuration config, TlsSetting tls, @TempDir Path work)
            throws Exception {
        List<String> missing = DebianPackages.ensure(List.of(DebianPackages.SOFTHSM2, DebianPackages.PKCS11_SPY));
        assumeTrue(missing.isEmpty(), () -> "skipped: " + String.join("; ", missing));

        Path bankStore = Certificates.make(work, "bank", tls.key);
        SoftHsmToken token = SoftHsmToken.create(work, bankStore, tls, config);

        TokenProof.Account a = token.proof();
        assertNotNull(a, "the spy is installed, so the proof ran");
        System.out.println(config.id + " " + tls.id + ": " + a);
        assertEquals(TokenProof.HANDSHAKES, a.handshakes());
        if (tls.needsRsaKeyExchange()) {
            assertEquals(a.handshakes(), a.tokenDecrypts(), "one premaster decryption in the token per handshake");
            assertEquals(0, a.tokenSigns());
        } else {
            assertEquals(a.handshakes(), a.tokenSigns(), "one server signature in the token per handshake");
            assertEquals(0, a.tokenDecrypts());
        }
        // the client side runs on AccelJCE: a verification (or premaster encryption) per handshake
        assertTrue(a.acceljceOps() >= a.handshakes(), "AccelJCE ops " + a.acceljceOps());
        assertTrue(Files.size(work.resolve("softhsm/pkcs11-spy.log")) > 0);
    }
}
