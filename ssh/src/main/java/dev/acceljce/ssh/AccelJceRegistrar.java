package dev.acceljce.ssh;

import dev.acceljce.AccelJceProvider;
import java.security.Provider;
import java.security.Security;
import java.util.Locale;
import javax.crypto.Cipher;
import org.apache.sshd.common.util.GenericUtils;
import org.apache.sshd.common.util.security.AbstractSecurityProviderRegistrar;
import org.apache.sshd.common.util.security.SecurityProviderRegistrar;
import org.apache.sshd.common.util.security.SecurityUtils;

/**
 * The MINA SSHD registrar that hands MINA's JCA look-ups (ciphers, MACs, digests, key agreement,
 * key pair generators and factories, signatures) to AccelJCE.
 *
 * <p>Why a registrar: MINA does not ask the JCA's provider list first. {@code SecurityUtils} walks
 * its own ordered list of {@link SecurityProviderRegistrar}s (system property
 * {@value SecurityUtils#SECURITY_PROVIDER_REGISTRARS}); the first that claims an algorithm gets
 * it, and only unclaimed algorithms go to {@code X.getInstance(name)}. Its default first entry,
 * {@code SunJCEWrapper}, claims AES and the HMACs for the {@code SunJCE} provider object, so
 * putting AccelJCE first in {@code java.security} would change nothing for exactly the bulk
 * work. {@link MinaOnAccelJce#install()} puts this registrar in that list instead.
 *
 * <p>What it claims: by default every algorithm the AccelJCE provider object has a service for,
 * except the EdDSA names: MINA 2.x handles Ed25519 keys as net.i2p (or Bouncy Castle) key classes,
 * which AccelJCE's EdDSA cannot take, so those stay with MINA's {@code EdDSA} registrar. As every
 * MINA registrar, it can be narrowed per entity with system properties, e.g.
 * {@code org.apache.sshd.security.provider.AccelJCE.Cipher=AES} or {@code ...AccelJCE.Mac=none};
 * {@code ...AccelJCE.enabled=false} turns it off.
 */
public final class AccelJceRegistrar extends AbstractSecurityProviderRegistrar {
    /** The registrar's name in MINA's configuration properties. */
    public static final String NAME = "AccelJCE";

    public AccelJceRegistrar() {
        super(NAME);
    }

    @Override
    public String getProviderName() {
        return AccelJceProvider.NAME;
    }

    /** MINA calls getInstance(algorithm, providerObject): nothing needs adding to java.security. */
    @Override
    public boolean isNamedProviderUsed() {
        return false;
    }

    @Override
    public Provider getSecurityProvider() {
        return ProviderHolder.PROVIDER;
    }

    @Override
    public boolean isSupported() {
        return true;
    }

    @Override
    public boolean isEnabled() {
        return !SecurityUtils.isFipsMode() && super.isEnabled();
    }

    @Override
    public boolean isSecurityEntitySupported(Class<?> entityType, String name) {
        if (GenericUtils.isEmpty(name) || isEdDsa(name)) {
            return false;
        }
        String configured = getString(getConfigurationPropertyName(entityType.getSimpleName()));
        if (!GenericUtils.isEmpty(configured)) {
            return SecurityProviderRegistrar.isSecurityEntitySupported(this, entityType, name, "");
        }
        Provider p = getSecurityProvider();
        String type = entityType.getSimpleName();
        // A cipher is asked for as a transformation ("AES/CTR/NoPadding"): AccelJCE has a service
        // for some full transformations and the general one for the rest.
        return p.getService(type, name) != null
                || (Cipher.class.isAssignableFrom(entityType)
                        && p.getService(
                                        type,
                                        SecurityProviderRegistrar.getEffectiveSecurityEntityName(entityType, name))
                                != null);
    }

    private static boolean isEdDsa(String name) {
        String n = name.toUpperCase(Locale.ROOT);
        return n.contains("EDDSA") || n.contains("ED25519") || n.contains("ED448");
    }

    /** The installed AccelJCE if there is one (its counters are the ones an application reads), else one of our own. */
    private static final class ProviderHolder {
        static final Provider PROVIDER = Security.getProvider(AccelJceProvider.NAME) != null
                ? Security.getProvider(AccelJceProvider.NAME)
                : new AccelJceProvider();
    }
}
