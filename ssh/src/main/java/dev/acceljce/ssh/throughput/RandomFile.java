package dev.acceljce.ssh.throughput;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** The file a throughput run copies: pseudo-random bytes (incompressible; no compression is negotiated anyway). */
public final class RandomFile {
    private RandomFile() {}

    public static void write(Path file, long size) throws IOException {
        byte[] chunk = new byte[1 << 20];
        Random random = new Random(size);
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = size; left > 0; left -= chunk.length) {
                random.nextBytes(chunk);
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
        }
    }
}
