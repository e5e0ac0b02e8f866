package dev.acceljce.workload.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --name value} pairs and bare words, for the workload's JVMs (which a program starts). */
public final class Options {
    private final Map<String, String> values = new LinkedHashMap<>();
    private final List<String> words = new ArrayList<>();

    public static Options parse(String[] argv) {
        Options o = new Options();
        for (int i = 0; i < argv.length; i++) {
            String a = argv[i];
            if (a.startsWith("--") && i + 1 < argv.length && !argv[i + 1].startsWith("--")) {
                o.values.put(a, argv[++i]);
            } else if (a.startsWith("--")) {
                o.values.put(a, "true");
            } else {
                o.words.add(a);
            }
        }
        return o;
    }

    public String get(String name) {
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("missing " + name);
        }
        return v;
    }

    public String get(String name, String otherwise) {
        return values.getOrDefault(name, otherwise);
    }

    public int getInt(String name, int otherwise) {
        return values.containsKey(name) ? Integer.parseInt(values.get(name)) : otherwise;
    }

    public double getDouble(String name, double otherwise) {
        return values.containsKey(name) ? Double.parseDouble(values.get(name)) : otherwise;
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public List<String> words() {
        return words;
    }

    public Map<String, String> values() {
        return values;
    }
}
