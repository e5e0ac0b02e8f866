package dev.acceljce.ssh.throughput;

import dev.acceljce.control.Counters;
import dev.acceljce.ssh.MinaClient;
import dev.acceljce.ssh.MinaOnAccelJce;
import dev.acceljce.ssh.MinaServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.sshd.common.keyprovider.KeyPairProvider;

/**
 * MINA SSHD's client and server in this JVM, copying a file over loopback (both ends' CPU is this
 * process's). With AccelJCE, MINA's cryptography goes through {@link MinaOnAccelJce}; without, MINA
 * keeps its default registrars (SunJCE for AES and HMAC, the JCA's list for the rest), and
 * AccelJCE is not installed at all. The choice holds for the JVM: one JVM per engine.
 */
public final class MinaCopier implements AutoCloseable {
    public static final String ENGINE_JDK = "MINA+JDK";
    public static final String ENGINE_ACCELJCE = "MINA+AccelJCE";

    private final String engine;
    private final boolean accelJce;
    private final Path root;
    private final KeyPair host;
    private final KeyPair user;
    private final MinaServer server;

    public MinaCopier(Path dir, boolean accelJce) throws IOException, GeneralSecurityException {
        this.accelJce = accelJce;
        this.engine = accelJce ? ENGINE_ACCELJCE : ENGINE_JDK;
        if (accelJce) {
            MinaOnAccelJce.install();
        }
        root = Files.createDirectories(
                dir.resolve("mina-root-" + ProcessHandle.current().pid()));
        host = ecKeyPair();
        user = ecKeyPair();
        server = new MinaServer(root, KeyPairProvider.wrap(host), user.getPublic());
    }

    private static KeyPair ecKeyPair() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    public String engine() {
        return engine;
    }

    /** Connects, logs in, uploads {@code source}, disconnects: timed as a whole, as an scp command. */
    public CopyResult copy(CopyCase c, Path source) throws IOException {
        Map<String, Counters.Row> before = accelJce ? Counters.snapshot() : Map.of();
        double cpu0 = CpuTime.ofThisProcess();
        long t0 = System.nanoTime();
        try (MinaClient client = new MinaClient(c.suite(), server.port(), "bench", user, host.getPublic())) {
            if (c.protocol() == CopyCase.Protocol.SFTP) {
                client.sftpUpload(source, "/copy.bin");
            } else {
                client.scpUpload(source, "/copy.bin");
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = CpuTime.ofThisProcess() - cpu0;
        long size = Files.size(source);
        if (Files.size(root.resolve("copy.bin")) != size) {
            throw new IOException("the copy has " + Files.size(root.resolve("copy.bin")) + " bytes, not " + size);
        }
        Files.delete(root.resolve("copy.bin"));
        String served = accelJce ? servedBy(before, Counters.snapshot()) : "";
        return new CopyResult(engine, c.protocol(), c.cipher(), c.mac(), size, seconds, cpu, served);
    }

    /**
     * The cipher and MAC services the copy used, from AccelJCE's counters: bytes per path, or,
     * where no bytes were counted (a CTR stream MINA never finishes, on providers before the
     * AES ciphers counted update bytes at once), the objects per path.
     */
    static String servedBy(Map<String, Counters.Row> before, Map<String, Counters.Row> after) {
        List<String> out = new ArrayList<>();
        new TreeMap<>(after).forEach((name, r) -> {
            if (!name.startsWith("Cipher.") && !name.startsWith("Mac.")) {
                return;
            }
            Counters.Row o = before.getOrDefault(name, new Counters.Row(name, 0, 0, 0, 0, 0, 0));
            long nb = r.nativeBytes() - o.nativeBytes();
            long jb = r.jdkBytes() - o.jdkBytes();
            long no = r.nativeObjects() - o.nativeObjects();
            long jo = r.jdkObjects() - o.jdkObjects();
            String service = name.substring(name.indexOf('.') + 1);
            if (nb != 0 || jb != 0) {
                out.add(String.format(
                        "%s native %d MB, JDK %d MB", service, Math.round(nb / 1e6), Math.round(jb / 1e6)));
            } else if (no != 0 || jo != 0) {
                out.add(String.format("%s objects native %d, JDK %d", service, no, jo));
            }
        });
        return String.join("; ", out);
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    /**
     * Child JVM entry: {@code --engine jdk|acceljce --source FILE --dir DIR --runs N --algorithms
     * A,B --protocols SFTP,SCP}. Prints one {@link CopyResult#toLine()} per copy, progress on stderr.
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> a = new TreeMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        boolean acc = a.get("--engine").equals("acceljce");
        Path source = Path.of(a.get("--source"));
        int runs = Integer.parseInt(a.getOrDefault("--runs", "3"));
        List<CopyCase> cases = CopyCase.parse(
                List.of(a.get("--algorithms").split(",")),
                List.of(a.get("--protocols").split(",")).stream()
                        .map(CopyCase.Protocol::valueOf)
                        .toList());
        try (MinaCopier copier = new MinaCopier(Path.of(a.get("--dir")), acc)) {
            // one unreported copy of every case first: the JIT compiles each cipher's and MAC's
            // paths (its threads' CPU time would otherwise count against the first cases)
            for (CopyCase c : cases) {
                copier.copy(c, source);
            }
            for (CopyCase c : cases) {
                for (int r = 0; r < runs; r++) {
                    CopyResult res = copier.copy(c, source);
                    System.out.println(res.toLine());
                    System.err.printf(
                            "  %s %s %s: %.0f MB/s%n",
                            copier.engine(), c.protocol(), c.algorithms(), res.mbPerSecond());
                }
            }
        }
    }
}
