package dev.acceljce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The provider's packages form layers with one direction, read from the compiled classes (every
 * class named in a constant pool or a type descriptor counts, so a field or parameter type is a
 * dependency too, not only an import):
 *
 * <pre>
 *   dev.acceljce              the provider class: registers every family          (top)
 *   families                  agreement cipher digest kdf kem keygen keys mac params random rsa signature,
 *                             and jsse (the TLS stack's own provider)
 *   service                   ServiceTable (what families declare), ServiceReport, Capabilities
 *   policy                    the per-message engines of policy auto
 *   jdk                       the JDK path: forwarding to the JDK's providers
 *   control                   settings, decisions, counters, trace, self-tests
 *   libssl                    AWS-LC's TLS library: loaded beside (and through) awslc's libcrypto
 *   openssl  awslc            the bindings, peers: library loading, symbols, errors, ownership
 *   foreign                   what both bindings share: bundled-library extraction, the
 *                             native-object ownership idiom                      (bottom)
 * </pre>
 *
 * A package may use those below it, never those above nor a peer on its own floor; no two
 * packages may depend on each other through any chain (a cycle). A failure names the offending
 * classes. The two bindings know nothing of each other: a third library is one more peer.
 */
class LayeringTest {
    private static final String ROOT = "dev.acceljce";
    /**
     * The fixed layers, bottom first, each a set of peers; any other package of ours is a family,
     * between service and the root.
     */
    private static final List<Set<String>> LOWER_LAYERS = List.of(
            Set.of("foreign"),
            Set.of("openssl", "awslc"),
            Set.of("libssl"),
            Set.of("control"),
            Set.of("jdk"),
            Set.of("policy"),
            Set.of("service"));

    private static final Set<String> BINDINGS = LOWER_LAYERS.get(1);

    private static final Pattern DESCRIPTOR_CLASS = Pattern.compile("L(dev/acceljce/[\\w/$]+);");

    /** package -> package it uses -> an example "Class -> Class" edge. */
    private static final Map<String, Map<String, String>> USES = new TreeMap<>();

    @BeforeAll
    static void readClasses() throws IOException, URISyntaxException {
        Path location = Path.of(AccelJceProvider.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        if (Files.isDirectory(location)) {
            read(location);
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(location)) {
                read(jar.getPath("/"));
            }
        }
        assertTrue(USES.size() > 10, "read the provider's classes at " + location + ": " + USES.keySet());
    }

    private static void read(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root.resolve("dev/acceljce"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                ClassModel model = ClassFile.of().parse(Files.readAllBytes(f));
                String self = model.thisClass().asInternalName();
                String from = packageOf(self);
                Set<String> used = new TreeSet<>();
                for (PoolEntry e : model.constantPool()) {
                    if (e instanceof ClassEntry c) {
                        String n = c.asInternalName();
                        // array classes: [Ldev/acceljce/...; ends up in the descriptor scan below
                        if (n.startsWith("dev/acceljce/")) {
                            used.add(n);
                        }
                    } else if (e instanceof Utf8Entry u) {
                        Matcher m = DESCRIPTOR_CLASS.matcher(u.stringValue());
                        while (m.find()) {
                            used.add(m.group(1));
                        }
                    }
                }
                if (from.equals("jsse") || from.startsWith("jsse.")) {
                    for (PoolEntry e : model.constantPool()) {
                        String text = e instanceof ClassEntry c
                                ? c.asInternalName()
                                : e instanceof Utf8Entry u ? u.stringValue() : "";
                        if (text.contains("java/lang/foreign/")) {
                            TLS_NATIVE.add(simple(self) + " -> " + text);
                        }
                    }
                }
                Map<String, String> out = USES.computeIfAbsent(from, k -> new TreeMap<>());
                for (String u : used) {
                    String to = packageOf(u);
                    if (!to.equals(from)) {
                        out.putIfAbsent(to, simple(self) + " -> " + simple(u));
                    }
                }
            }
        }
    }

    /** Classes of jsse/ that name a java.lang.foreign type (none may: libssl/ owns native memory). */
    private static final List<String> TLS_NATIVE = new ArrayList<>();

    /**
     * The TLS stack speaks to libssl in plain Java types: jsse/ names no java.lang.foreign type and
     * none of the bindings (awslc, openssl), so every pointer and length is libssl/'s to check.
     */
    @Test
    void theTlsStackHoldsNoNativeMemory() {
        assertEquals(List.of(), TLS_NATIVE, "jsse/ classes naming java.lang.foreign types");
        List<String> bindings = new ArrayList<>();
        USES.forEach((from, targets) -> targets.forEach((to, example) -> {
            if ((from.equals("jsse") || from.startsWith("jsse.")) && BINDINGS.contains(to)) {
                bindings.add(from + " uses " + to + " (" + example + ")");
            }
        }));
        assertEquals(List.of(), bindings, "jsse/ using the bindings around libssl/");
    }

    @Test
    void noPackageUsesALayerAboveIt() {
        List<String> upward = new ArrayList<>();
        USES.forEach((from, targets) -> targets.forEach((to, example) -> {
            if (rank(to) > rank(from)) {
                upward.add(from + " uses " + to + " (" + example + ")");
            }
        }));
        assertEquals(List.of(), upward, "upward dependencies between the provider's layers");
    }

    @Test
    void peersOfTheFixedLayersDoNotUseEachOther() {
        List<String> sideways = new ArrayList<>();
        USES.forEach((from, targets) -> targets.forEach((to, example) -> {
            if (rank(to) == rank(from) && rank(from) < LOWER_LAYERS.size() && !to.equals(from)) {
                sideways.add(from + " uses " + to + " (" + example + ")");
            }
        }));
        assertEquals(List.of(), sideways, "dependencies between peers of one floor (openssl and awslc)");
    }

    @Test
    void noPackageCycle() {
        // Tarjan's strongly connected components: any component of more than one package is a cycle.
        List<Set<String>> cycles = new Tarjan(USES).cycles();
        assertEquals(
                List.of(),
                cycles.stream().map(c -> c + " " + examplesWithin(c)).toList(),
                "package cycles (each set depends on itself through the edges shown)");
    }

    @Test
    void theBindingsUseNothingOfOursButTheSharedFloor() {
        assertTrue(USES.containsKey("awslc"), "no awslc/ package read: " + USES.keySet());
        for (String binding : BINDINGS) {
            assertFalse(
                    USES.getOrDefault(binding, Map.of()).keySet().stream()
                            .anyMatch(p -> !p.equals(binding) && !p.equals("foreign")),
                    binding + "/ uses " + USES.get(binding));
        }
        assertEquals(Map.of(), USES.getOrDefault("foreign", Map.of()), "foreign/ uses packages of ours");
    }

    /** 0 = foreign, 1 = openssl and awslc ... 5 = service, 6 = a family, 7 = the root package. */
    private static int rank(String pkg) {
        if (pkg.isEmpty()) {
            return LOWER_LAYERS.size() + 1;
        }
        String first = pkg.contains(".") ? pkg.substring(0, pkg.indexOf('.')) : pkg;
        for (int i = 0; i < LOWER_LAYERS.size(); i++) {
            if (LOWER_LAYERS.get(i).contains(first)) {
                return i;
            }
        }
        return LOWER_LAYERS.size();
    }

    private static List<String> examplesWithin(Set<String> component) {
        List<String> out = new ArrayList<>();
        for (String from : component) {
            USES.getOrDefault(from, Map.of()).forEach((to, example) -> {
                if (component.contains(to)) {
                    out.add(from + "->" + to + ": " + example);
                }
            });
        }
        return out;
    }

    /** Package under dev.acceljce ("" for the root package, "cipher", "control", ...). */
    private static String packageOf(String internalName) {
        String dotted = internalName.substring(0, internalName.lastIndexOf('/')).replace('/', '.');
        return dotted.equals(ROOT) ? "" : dotted.substring(ROOT.length() + 1);
    }

    private static String simple(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }

    private static final class Tarjan {
        private final Map<String, Map<String, String>> graph;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> cycles = new ArrayList<>();
        private int next;

        Tarjan(Map<String, Map<String, String>> graph) {
            this.graph = graph;
        }

        List<Set<String>> cycles() {
            for (String v : graph.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return cycles;
        }

        private void visit(String v) {
            index.put(v, next);
            low.put(v, next);
            next++;
            stack.push(v);
            onStack.add(v);
            for (String w : graph.getOrDefault(v, Map.of()).keySet()) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> component = new TreeSet<>();
                String w;
                do {
                    w = stack.pop();
                    onStack.remove(w);
                    component.add(w);
                } while (!w.equals(v));
                if (component.size() > 1) {
                    cycles.add(component);
                }
            }
        }
    }
}
