package dev.acceljce.control;

import java.util.Map;

/** The {@link SettingsMXBean} over {@link Settings} and {@link Crossovers}; holds no JMX types. */
final class SettingsView implements SettingsMXBean {
    @Override
    public Map<String, String> getSettings() {
        return Settings.describe();
    }

    @Override
    public Map<String, String> getCrossovers() {
        return Crossovers.describe();
    }

    @Override
    public String get(String key) {
        return Settings.get(key);
    }

    @Override
    public void set(String key, String value) {
        if (key == null || !(key.startsWith("acceljce.") || key.startsWith("jdk.native"))) {
            throw new IllegalArgumentException("not an AccelJCE setting: " + key);
        }
        Settings.set(key, value);
        if (key.equals("acceljce.profile")) {
            Crossovers.reload();
        }
    }

    @Override
    public void clear(String key) {
        Settings.set(key, null);
    }

    @Override
    public void reloadCrossovers() {
        Crossovers.reload();
    }
}
