package dev.acceljce.agreement;

import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.service.ServiceTable;
import java.util.Set;

/** KeyAgreement services (ECDH, XDH, X25519, X448) with SunEC's names and OIDs. */
public final class AgreementServices {
    private AgreementServices() {}

    public static void register(ServiceTable table) {
        AgreementSelfTests.register(); // known answers per engine, run before a library first serves the family
        table.add(Family.EC, "KeyAgreement", "ECDH")
                .nativeImpl(
                        () -> EvpPkey.hasKeyType("EC"),
                        p -> new NativeKeyAgreement(
                                "ECDH", true, null, Dispatch.engine(Family.EC, NativeKeyAgreement.ECDH_ENGINES)))
                .engines(NativeKeyAgreement.ECDH_ENGINES)
                .register();
        table.add(Family.XDH, "KeyAgreement", "XDH")
                .nativeImpl(
                        () -> EvpPkey.hasKeyType("X25519") && EvpPkey.hasKeyType("X448"),
                        p -> new NativeKeyAgreement("XDH", false, null, xdhEngine()))
                .engines(NativeKeyAgreement.XDH_ENGINES)
                .register();
        xdh(table, "X25519", "1.3.101.110", KeyKind.X25519);
        xdh(table, "X448", "1.3.101.111", KeyKind.X448);
    }

    private static void xdh(ServiceTable table, String name, String oid, KeyKind kind) {
        // AWS-LC has X25519, not X448
        boolean x25519 = kind == KeyKind.X25519;
        table.add(Family.XDH, "KeyAgreement", name)
                .oid(oid)
                .nativeImpl(
                        () -> EvpPkey.hasKeyType(kind.opensslType()),
                        p -> new NativeKeyAgreement(name, false, kind, x25519 ? xdhEngine() : Engine.OPENSSL))
                .engines(x25519 ? NativeKeyAgreement.XDH_ENGINES : Set.of(Engine.OPENSSL))
                .register();
    }

    private static Engine xdhEngine() {
        return Dispatch.engine(Family.XDH, NativeKeyAgreement.XDH_ENGINES);
    }
}
