package dev.acceljce.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.acceljce.testing.Wycheproof;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The JDK path of SHA256withRSA answers as OpenSSL does on Wycheproof's RSA-2048 PKCS#1 vectors:
 * a DigestInfo without NULL parameters ("MissingNull", acceptable) verifies to false, every valid
 * signature to true. (PathMatrixTest compares all paths; this pins the one rule.)
 */
class StrictPkcs1Test {
    @Test
    void missingNullIsRefusedValidIsAccepted() throws Exception {
        JsonNode file = Wycheproof.load("rsa_signature_2048_sha256");
        int missingNull = 0, valid = 0;
        for (JsonNode group : file.get("testGroups")) {
            PublicKey key = KeyFactory.getInstance("RSA", "SunRsaSign")
                    .generatePublic(new X509EncodedKeySpec(
                            HexFormat.of().parseHex(group.get("publicKeyDer").asText())));
            for (JsonNode t : group.get("tests")) {
                boolean isMissingNull = false;
                for (JsonNode f : t.path("flags")) {
                    isMissingNull |= f.asText().equals("MissingNull");
                }
                boolean isValid = t.get("result").asText().equals("valid");
                if (!isMissingNull && !isValid) {
                    continue;
                }
                JdkSignature s = new JdkSignature("SHA256withRSA");
                s.engineInitVerify(key);
                byte[] msg = HexFormat.of().parseHex(t.get("msg").asText());
                s.engineUpdate(msg, 0, msg.length);
                byte[] sig = HexFormat.of().parseHex(t.get("sig").asText());
                boolean ok;
                try {
                    ok = s.engineVerify(sig);
                } catch (java.security.SignatureException e) {
                    ok = false;
                }
                assertEquals(isValid, ok, "tcId " + t.get("tcId") + (isMissingNull ? " (MissingNull)" : ""));
                if (isMissingNull) {
                    missingNull++;
                } else {
                    valid++;
                }
            }
        }
        assertTrue(missingNull > 0 && valid > 0, "vectors seen: " + missingNull + " MissingNull, " + valid + " valid");
    }
}
