package dev.acceljce.keys;

import dev.acceljce.control.Family;
import dev.acceljce.jdk.JdkKeyFactory;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.ServiceTable;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * What the ML-KEM and ML-DSA registrations share: whether the loaded OpenSSL has the algorithm
 * (OpenSSL 3.5 and later), the reason given when it does not, and the KeyPairGenerator and
 * KeyFactory services with the JDK's names and OIDs. These services are registered only when the
 * library has them: on OpenSSL 3.0 AccelJCE offers no ML-KEM/ML-DSA at all (JCA look-ups then
 * find the JDK's own), and {@link dev.acceljce.service.ServiceReport#notRegistered} says why.
 */
public final class MlServices {
    private MlServices() {}

    /** Whether the loaded library has every parameter set of {@code family} as a key type. */
    public static boolean hasKeyTypes(Set<MlParameterSet> sets) {
        return LibCrypto.isAvailable() && sets.stream().allMatch(s -> EvpPkey.hasKeyType(s.standardName()));
    }

    /** {@code probe}, asked once: the library does not change within a process. */
    public static BooleanSupplier once(BooleanSupplier probe) {
        return new BooleanSupplier() {
            private volatile Boolean answer;

            @Override
            public boolean getAsBoolean() {
                Boolean a = answer;
                if (a == null) {
                    answer = a = probe.getAsBoolean();
                }
                return a;
            }
        };
    }

    /** Why a post-quantum service is not registered in this process. */
    public static String whyMissing(String algorithm) {
        if (!LibCrypto.isAvailable()) {
            return "no libcrypto loaded (" + LibCrypto.unavailableReason() + ")";
        }
        return "needs OpenSSL >= 3.5 (" + algorithm + "); loaded " + LibCrypto.version();
    }

    /** The parameter sets of one family: ML-KEM or ML-DSA. */
    public static Set<MlParameterSet> family(boolean kem) {
        Set<MlParameterSet> out = EnumSet.noneOf(MlParameterSet.class);
        for (MlParameterSet s : MlParameterSet.values()) {
            if (s.isKem() == kem) {
                out.add(s);
            }
        }
        return out;
    }

    /** The kinds of a set of parameter sets. */
    public static Set<KeyKind> kinds(Set<MlParameterSet> sets) {
        Set<KeyKind> out = EnumSet.noneOf(KeyKind.class);
        sets.forEach(s -> out.add(s.kind()));
        return out;
    }

    /**
     * Registers KeyPairGenerator and KeyFactory for the family name ({@code familyName}, default
     * parameter set {@code defaultSet}) and for each parameter set (with its OID), all only when
     * {@code available} holds.
     */
    public static void registerKeys(
            ServiceTable table,
            Family family,
            String familyName,
            MlParameterSet defaultSet,
            BooleanSupplier available) {
        boolean kem = defaultSet.isKem();
        Set<KeyKind> all = kinds(family(kem));
        table.add(family, "KeyPairGenerator", familyName)
                .onlyIf(available, () -> whyMissing(familyName))
                .nativeImpl(available, p -> new MlKeyPairGenerator(familyName, defaultSet.kind()))
                .register();
        table.add(family, "KeyFactory", familyName)
                .onlyIf(available, () -> whyMissing(familyName))
                .nativeImpl(available, p -> new MlKeyFactory(familyName, all))
                .jdkImpl(p -> new JdkKeyFactory(familyName, MlKeyFactory.jdkReadable(all)))
                .register();
        for (MlParameterSet s : family(kem)) {
            String name = s.standardName();
            table.add(family, "KeyPairGenerator", name)
                    .oid(s.oid())
                    .onlyIf(available, () -> whyMissing(name))
                    .nativeImpl(available, p -> new MlKeyPairGenerator(name, s.kind()))
                    .register();
            table.add(family, "KeyFactory", name)
                    .oid(s.oid())
                    .onlyIf(available, () -> whyMissing(name))
                    .nativeImpl(available, p -> new MlKeyFactory(name, EnumSet.of(s.kind())))
                    .jdkImpl(p -> new JdkKeyFactory(name, MlKeyFactory.jdkReadable(EnumSet.of(s.kind()))))
                    .register();
        }
    }
}
