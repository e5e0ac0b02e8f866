package dev.acceljce.fuzz;

import java.security.Provider;

/** The algorithms of one JCA type that AccelJCE registers and the JDK also offers, read at run time. */
final class Services {
    private Services() {}

    static String[] of(String type) {
        return Both.ACCEL.getServices().stream()
                .filter(s -> s.getType().equals(type))
                .map(Provider.Service::getAlgorithm)
                .filter(a -> {
                    try {
                        Both.jdk(type, a);
                        return true;
                    } catch (IllegalStateException e) {
                        return false;
                    }
                })
                .sorted()
                .toArray(String[]::new);
    }
}
