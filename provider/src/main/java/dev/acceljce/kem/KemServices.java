package dev.acceljce.kem;

import dev.acceljce.control.Family;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.keys.MlServices;
import dev.acceljce.service.ServiceTable;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * ML-KEM (KEM, KeyPairGenerator, KeyFactory) with SunJCE's names and OIDs: "ML-KEM" (parameter
 * set from the key, ML-KEM-768 for new key pairs unless a NamedParameterSpec says otherwise) and
 * "ML-KEM-512/768/1024". Registered only when the loaded OpenSSL has ML-KEM (3.5 and later).
 */
public final class KemServices {
    private KemServices() {}

    public static void register(ServiceTable table) {
        MlKemSelfTests.register(); // known answers, run before OpenSSL first serves the family
        Set<MlParameterSet> sets = MlServices.family(true);
        BooleanSupplier available = MlServices.once(() -> MlServices.hasKeyTypes(sets));
        table.add(Family.KEM, "KEM", "ML-KEM")
                .onlyIf(available, () -> MlServices.whyMissing("ML-KEM"))
                .nativeImpl(available, p -> new MlKem("ML-KEM", MlServices.kinds(sets)))
                .register();
        for (MlParameterSet s : sets) {
            table.add(Family.KEM, "KEM", s.standardName())
                    .oid(s.oid())
                    .onlyIf(available, () -> MlServices.whyMissing(s.standardName()))
                    .nativeImpl(available, p -> new MlKem(s.standardName(), MlServices.kinds(EnumSet.of(s))))
                    .register();
        }
        MlServices.registerKeys(table, Family.KEM, "ML-KEM", MlParameterSet.ML_KEM_768, available);
    }
}
