package dev.acceljce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Management;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stats table and JSON from a fixed reading, and the in-process reading. */
class CountersReportTest {
    private static final CountersReport READING = new CountersReport(
            42,
            Instant.parse("2026-01-02T03:04:05.678Z"),
            "dev.acceljce:type=Counters",
            "app",
            "/opt/app/lib/acceljce-provider-0.1.jar",
            "0.1",
            "OpenSSL 3.0.19 27 Jan 2026",
            "/lib/libcrypto.so.3",
            true,
            List.of(
                    new Counters.Row("Cipher.AES/GCM/NoPadding", 0, 0, 0, 0, 1, 0),
                    new Counters.Row("Mac.HmacSHA256", 2, 128, 1, 50, 1, 1),
                    new Counters.Row("MessageDigest.SHA-256", 3, 60, 0, 0, 1, 0),
                    new Counters.Row("Signature.Ed25519", 4, 128, 0, 0, 1, 0, 4, 128)),
            Map.of("EVP_MD_CTX", 1L, "EVP_MAC_CTX", 2L));

    @Test
    void textIsTheIcastatsLikeTable() {
        assertEquals("""
                AccelJCE 0.1 in pid 42, 2026-01-02T03:04:05Z
                Loader:   app (dev.acceljce:type=Counters), classes from /opt/app/lib/acceljce-provider-0.1.jar
                OpenSSL:  OpenSSL 3.0.19 27 Jan 2026 (/lib/libcrypto.so.3)
                Counting: on

                | Service               | native ops | of which AWS-LC | native bytes | JDK ops | JDK bytes | native objects | JDK objects |
                | --------------------- | ---------: | --------------: | -----------: | ------: | --------: | -------------: | ----------: |
                | Mac.HmacSHA256        |          2 |               0 |          128 |       1 |        50 |              1 |           1 |
                | MessageDigest.SHA-256 |          3 |               0 |           60 |       0 |         0 |              1 |           0 |
                | Signature.Ed25519     |          4 |               4 |          128 |       0 |         0 |              1 |           0 |
                | total                 |          9 |               4 |          316 |       1 |        50 |              4 |           1 |
                (1 service with no operations not shown; --all lists every service)

                Live native objects: 3 (EVP_MAC_CTX 2, EVP_MD_CTX 1)
                """, READING.text(false));
        String all = READING.text(true);
        assertTrue(all.contains("| Cipher.AES/GCM/NoPadding |          0 |"), all);
        assertTrue(!all.contains("not shown"), all);
    }

    @Test
    void jsonCarriesTheSameNumbers() {
        Map<?, ?> doc = assertInstanceOf(Map.class, Json.parse(Json.write(READING.json(false))));
        assertEquals(42.0, doc.get("pid"));
        assertEquals("2026-01-02T03:04:05.678Z", doc.get("time"));
        assertEquals("app", doc.get("loader"));
        assertEquals("dev.acceljce:type=Counters", doc.get("objectName"));
        assertEquals(3, ((List<?>) doc.get("services")).size());
        assertEquals(4, ((List<?>) Json.parse(Json.write(READING.json(true).get("services")))).size());
        Map<?, ?> totals = (Map<?, ?>) doc.get("totals");
        assertEquals(
                List.of(9.0, 316.0, 4.0, 128.0, 1.0, 50.0, 4.0, 1.0),
                List.of(
                        totals.get("nativeOps"),
                        totals.get("nativeBytes"),
                        totals.get("awslcOps"),
                        totals.get("awslcBytes"),
                        totals.get("jdkOps"),
                        totals.get("jdkBytes"),
                        totals.get("nativeObjects"),
                        totals.get("jdkObjects")));
        assertEquals(
                Map.of("total", 3.0, "byKind", Map.of("EVP_MAC_CTX", 2.0, "EVP_MD_CTX", 1.0)),
                doc.get("liveNativeObjects"));
    }

    @Test
    void noOpenSslAndCountingOffAreSaid() {
        CountersReport r =
                new CountersReport(7, Instant.EPOCH, null, null, null, "0.1", null, null, false, List.of(), Map.of());
        String t = r.text(false);
        assertTrue(t.contains("OpenSSL:  not loaded (the JDK's providers serve everything)"), t);
        assertTrue(t.contains("Counting: off"), t);
        assertTrue(t.contains("| total   |          0 |               0 |"), t);
        assertTrue(t.endsWith("Live native objects: 0\n"), t);
        assertTrue(!t.contains("Loader:"), t); // read without JMX from an MBean that does not say
    }

    @Test
    void theSameReportReadsThisJvmInProcess() {
        new AccelJceProvider();
        assertNotNull(Management.counters());
        CountersReport here = CountersReport.read(ProcessHandle.current().pid(), null, Management.counters());
        assertEquals("app", here.loader()); // the JDK's application class loader
        assertEquals(
                new AccelJceProvider().getServices().size(), here.services().size());
        assertTrue(here.text(true).contains("| MessageDigest.SHA-256 "));
    }
}
