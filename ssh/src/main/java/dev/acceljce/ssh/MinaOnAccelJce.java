package dev.acceljce.ssh;

import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.common.util.security.eddsa.EdDSASecurityProviderRegistrar;

/**
 * Which JCA providers MINA SSHD uses in this JVM. MINA reads its registrar list once, at its
 * first security look-up, and keeps it for the JVM's life: choose before any MINA client or server
 * starts (and compare providers in separate JVMs, as {@code SshThroughput} does).
 */
public final class MinaOnAccelJce {
    private MinaOnAccelJce() {}

    /**
     * MINA's registrars become: net.i2p's EdDSA (Ed25519 keys, which only it or Bouncy Castle can
     * hold in MINA 2.x), then {@link AccelJceRegistrar} for everything else AccelJCE serves.
     * MINA's {@code SunJCEWrapper} is left out; algorithms AccelJCE lacks go to the JCA's list.
     *
     * @throws IllegalStateException when MINA already chose its registrars without AccelJCE
     */
    public static void install() {
        if (SecurityUtils.isRegistrationCompleted()) {
            if (!isInstalled()) {
                throw new IllegalStateException("MINA SSHD chose its security registrars before "
                        + "MinaOnAccelJce.install(): call it before the first SSH client or server starts");
            }
            return;
        }
        System.setProperty(
                SecurityUtils.SECURITY_PROVIDER_REGISTRARS,
                EdDSASecurityProviderRegistrar.class.getName() + "," + AccelJceRegistrar.class.getName());
    }

    /** Whether MINA registered AccelJCE's registrar (false before MINA's first look-up). */
    public static boolean isInstalled() {
        return SecurityUtils.isRegistrationCompleted() && SecurityUtils.isProviderRegistered(AccelJceRegistrar.NAME);
    }
}
