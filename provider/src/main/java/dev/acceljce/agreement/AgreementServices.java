package dev.acceljce.agreement;

import dev.acceljce.control.Family;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.service.ServiceTable;

/** KeyAgreement services (ECDH, XDH, X25519, X448) with SunEC's names and OIDs. */
public final class AgreementServices {
    private AgreementServices() {}

    public static void register(ServiceTable table) {
        table.add(Family.EC, "KeyAgreement", "ECDH")
                .nativeImpl(() -> EvpPkey.hasKeyType("EC"), p -> new NativeKeyAgreement("ECDH", true, null))
                .register();
        table.add(Family.XDH, "KeyAgreement", "XDH")
                .nativeImpl(
                        () -> EvpPkey.hasKeyType("X25519") && EvpPkey.hasKeyType("X448"),
                        p -> new NativeKeyAgreement("XDH", false, null))
                .register();
        xdh(table, "X25519", "1.3.101.110", KeyKind.X25519);
        xdh(table, "X448", "1.3.101.111", KeyKind.X448);
    }

    private static void xdh(ServiceTable table, String name, String oid, KeyKind kind) {
        table.add(Family.XDH, "KeyAgreement", name)
                .oid(oid)
                .nativeImpl(
                        () -> EvpPkey.hasKeyType(kind.opensslType()), p -> new NativeKeyAgreement(name, false, kind))
                .register();
    }
}
