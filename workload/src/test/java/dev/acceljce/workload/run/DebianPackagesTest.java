package dev.acceljce.workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which packages a run asks for; installs nothing (what is present is left alone). */
class DebianPackagesTest {
    private static RunSpec spec(String... argv) {
        return WorkloadMain.spec(argv[0], Options.parse(argv));
    }

    @Test
    void eachRunAsksForThePackagesOfItsConfigurations() {
        assertEquals(List.of(), DebianPackages.of(spec("quick")), "quick: JDK and AccelJCE only");
        assertEquals(
                List.of(DebianPackages.NSS, DebianPackages.SOFTHSM2, DebianPackages.PKCS11_SPY),
                DebianPackages.of(spec("full")),
                "full: nss and pkcs11-token");
        assertEquals(
                List.of(DebianPackages.SOFTHSM2, DebianPackages.PKCS11_SPY),
                DebianPackages.of(spec("quick", "--configs", "jdk-default,pkcs11-token")));
        assertEquals(List.of(DebianPackages.H2LOAD), DebianPackages.of(spec("handshakes")));
    }

    @Test
    void whatIsPresentIsNotInstalled() {
        DebianPackages.Need here = new DebianPackages.Need("a shell", List.of(Path.of("/bin/sh")), List.of("dash"));
        assertTrue(here.present());
        assertEquals(List.of(), DebianPackages.ensure(List.of(here)));
        assertEquals(List.of(), DebianPackages.ensure(List.of()));
    }
}
