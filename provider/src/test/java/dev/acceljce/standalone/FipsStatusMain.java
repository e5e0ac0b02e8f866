package dev.acceljce.standalone;

import dev.acceljce.control.Fips;
import dev.acceljce.service.ServiceReport;
import java.security.Provider;
import java.security.Security;

/**
 * A child JVM of {@link FipsModeTest}: prints FIPS mode's state as AccelJCE sees it (active,
 * source, module, self-test, failure) and how many services it registered and left out.
 */
public final class FipsStatusMain {
    private FipsStatusMain() {}

    public static void main(String[] args) {
        Provider accel = Security.getProvider("AccelJCE");
        Fips.Report f = Fips.report();
        System.out.println("active " + f.active());
        System.out.println("source " + f.source());
        System.out.println("module " + f.modulePath());
        System.out.println("name " + f.name() + " " + f.version());
        System.out.println("selfTest " + f.selfTest());
        System.out.println("failure " + f.failure());
        System.out.println("services " + accel.getServices().size());
        System.out.println("notRegistered " + ServiceReport.notRegistered(accel).size());
    }
}
