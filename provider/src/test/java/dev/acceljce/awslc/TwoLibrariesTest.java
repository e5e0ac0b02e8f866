package dev.acceljce.awslc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.LibCrypto;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * OpenSSL and AWS-LC loaded in one JVM, each answering for itself: each library reports its own
 * version, computes a known answer, and AWS-LC exports nothing under OpenSSL's names (so no call
 * of either can bind into the other, whatever else sits in the process's global scope).
 */
class TwoLibrariesTest {
    private static final HexFormat HEX = HexFormat.of();

    @BeforeAll
    static void bothLoaded() {
        assumeTrue(AwsLc.isAvailable(), "AWS-LC is not loaded: " + AwsLc.unavailableReason());
        assertTrue(LibCrypto.isAvailable(), "OpenSSL is not loaded: " + LibCrypto.unavailableReason());
    }

    @Test
    void eachLibraryReportsItsOwnVersion() {
        assertTrue(LibCrypto.version().startsWith("OpenSSL 3."), LibCrypto.version());
        assertTrue(AwsLc.version().startsWith("AWS-LC "), AwsLc.version());
        assertNotEquals(Path.of(LibCrypto.path()), Path.of(AwsLc.path()));
    }

    @Test
    void bothAreMappedFromTheirOwnFiles() throws Exception {
        String maps = Files.readString(Path.of("/proc/self/maps"));
        assertTrue(maps.contains(LibCrypto.path()), LibCrypto.path() + " not mapped");
        assertTrue(maps.contains(AwsLc.path()), AwsLc.path() + " not mapped");
    }

    @Test
    void awsLcExportsOnlyPrefixedNames() {
        // a second dlopen of a loaded file returns the same handle: this reads the loaded library
        SymbolLookup awslc = SymbolLookup.libraryLookup(Path.of(AwsLc.path()), Arena.global());
        for (String name : new String[] {"EVP_AEAD_CTX_new", "ERR_get_error", "OpenSSL_version", "SHA256"}) {
            assertFalse(awslc.find(name).isPresent(), "AWS-LC exports the unprefixed " + name);
            assertTrue(awslc.find(AwsLc.symbolPrefix() + name).isPresent(), "no prefixed " + name);
        }
        SymbolLookup openssl = SymbolLookup.libraryLookup(Path.of(LibCrypto.path()), Arena.global());
        assertFalse(openssl.find(AwsLc.symbolPrefix() + "SHA256").isPresent());
        assertFalse(openssl.find("EVP_aead_xchacha20_poly1305").isPresent(), "OpenSSL has no EVP_AEAD");
    }

    @Test
    void eachComputesAKnownAnswer() {
        // OpenSSL: SHA-256("abc") (FIPS 180-2, B.1)
        byte[] digest = new byte[32];
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        EvpDigest.digest(EvpDigest.fetch("SHA-256").orElseThrow(), abc, 0, abc.length, digest, 0);
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", HEX.formatHex(digest));

        // AWS-LC: RFC 8032 section 7.1, TEST 1 (empty message)
        byte[] seed = HEX.parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        byte[] pub = new byte[32];
        byte[] priv = new byte[64];
        Curve25519.ed25519KeyPairFromSeed(seed, pub, priv);
        assertEquals("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", HEX.formatHex(pub));
        byte[] sig = Curve25519.ed25519Sign(MemorySegment.ofArray(new byte[0]), priv);
        assertEquals(
                "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46b"
                        + "d25bf5f0595bbe24655141438e7a100b",
                HEX.formatHex(sig));
        assertTrue(Curve25519.ed25519Verify(MemorySegment.ofArray(new byte[0]), sig, pub));
        sig[0] ^= 1;
        assertFalse(Curve25519.ed25519Verify(MemorySegment.ofArray(new byte[0]), sig, pub));

        // AWS-LC: RFC 7748 section 5.2, the first X25519 vector
        byte[] shared = new byte[32];
        assertTrue(Curve25519.x25519(
                shared,
                HEX.parseHex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
                HEX.parseHex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")));
        assertArrayEquals(HEX.parseHex("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"), shared);
    }
}
