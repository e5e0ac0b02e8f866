package dev.acceljce.control;

import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.openssl.NativeResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * This copy of AccelJCE's counters as {@link CountersMXBean} shows them. Holds no javax.management type, so it
 * works where java.management is absent; every attribute is read when asked.
 */
final class CountersView implements CountersMXBean {
    private final String providerVersion;
    private final List<String> registeredServices;
    private final String loader;
    private final String location;

    /** @param registeredServices "Type.Algorithm" of every service the provider registers */
    CountersView(String providerVersion, List<String> registeredServices, String loader, String location) {
        this.providerVersion = providerVersion;
        this.registeredServices = List.copyOf(registeredServices);
        this.loader = loader;
        this.location = location;
    }

    @Override
    public String getProviderVersion() {
        return providerVersion;
    }

    @Override
    public String getLoader() {
        return loader;
    }

    @Override
    public String getLocation() {
        return location;
    }

    @Override
    public List<Counters.Row> getServices() {
        Map<String, Counters.Row> rows = new TreeMap<>();
        for (String service : registeredServices) {
            rows.put(service, new Counters.Row(service, 0, 0, 0, 0, 0, 0));
        }
        rows.putAll(Counters.snapshot());
        return new ArrayList<>(rows.values());
    }

    @Override
    public Counters.Row getTotals() {
        return Counters.total(Counters.snapshot().values());
    }

    @Override
    public Map<String, Long> getLiveNativeObjects() {
        return NativeResource.liveObjects();
    }

    @Override
    public long getLiveNativeObjectCount() {
        return NativeResource.liveCount();
    }

    @Override
    public String getOpenSslVersion() {
        return LibCrypto.isAvailable() ? LibCrypto.version() : null;
    }

    @Override
    public String getOpenSslPath() {
        return LibCrypto.isAvailable() ? LibCrypto.path() : null;
    }

    @Override
    public boolean isEnabled() {
        return Counters.isEnabled();
    }

    @Override
    public void setEnabled(boolean enabled) {
        Counters.setEnabled(enabled);
    }

    @Override
    public void reset() {
        Counters.reset();
    }
}
