package dev.acceljce.signature;

import dev.acceljce.control.Family;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.keys.MlServices;
import dev.acceljce.openssl.EvpMessageSignature;
import dev.acceljce.service.ServiceTable;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * ML-DSA (Signature, KeyPairGenerator, KeyFactory) with the SUN provider's names and OIDs:
 * "ML-DSA" (parameter set from the key, ML-DSA-65 for new key pairs unless a NamedParameterSpec
 * says otherwise) and "ML-DSA-44/65/87". Registered only when the loaded OpenSSL has ML-DSA and
 * the message-signing interface (3.5 and later).
 */
public final class MlDsaServices {
    private MlDsaServices() {}

    public static void register(ServiceTable table) {
        MlDsaSelfTests.register(); // known answers, run before OpenSSL first serves the family
        Set<MlParameterSet> sets = MlServices.family(false);
        BooleanSupplier available = MlServices.once(() ->
                MlServices.hasKeyTypes(sets) && sets.stream().allMatch(s -> EvpMessageSignature.has(s.standardName())));
        table.add(Family.MLDSA, "Signature", "ML-DSA")
                .onlyIf(available, () -> MlServices.whyMissing("ML-DSA"))
                .nativeImpl(available, p -> new MlDsaSignature("ML-DSA", null))
                .register();
        for (MlParameterSet s : sets) {
            table.add(Family.MLDSA, "Signature", s.standardName())
                    .oid(s.oid())
                    .onlyIf(available, () -> MlServices.whyMissing(s.standardName()))
                    .nativeImpl(available, p -> new MlDsaSignature(s.standardName(), s.kind()))
                    .register();
        }
        MlServices.registerKeys(table, Family.MLDSA, "ML-DSA", MlParameterSet.ML_DSA_65, available);
    }
}
