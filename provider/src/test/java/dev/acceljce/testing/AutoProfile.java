package dev.acceljce.testing;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Policy auto with a crossover profile written by a test (the suite runs with policy native). */
public final class AutoProfile {
    private AutoProfile() {}

    public static void install(Path dir, String entries) throws IOException {
        Path profile = dir.resolve("profile.properties");
        Files.writeString(profile, entries);
        Settings.set("acceljce.profile", profile.toString());
        Settings.set("acceljce.policy", "auto");
        Crossovers.reload();
    }

    public static void remove() {
        Settings.set("acceljce.profile", null);
        Settings.set("acceljce.policy", null);
        Crossovers.reload();
    }
}
