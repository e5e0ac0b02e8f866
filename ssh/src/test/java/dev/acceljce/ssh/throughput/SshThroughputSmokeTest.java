package dev.acceljce.ssh.throughput;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.ssh.OpenSsh;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The throughput run of docs/ssh.md, tiny (1 MiB, one run, two ciphers): it runs end to end, each
 * MINA engine in its own JVM, and its table and chart come out with AccelJCE's counters in them.
 * It measures nothing worth reading.
 */
class SshThroughputSmokeTest {
    @Test
    void tinyRunWritesTableAndCharts(@TempDir Path out) throws Exception {
        String engines =
                OpenSsh.ensureInstalled().isEmpty() ? "openssh,mina-jdk,mina-acceljce" : "mina-jdk,mina-acceljce";
        SshThroughput.main(new String[] {
            "--size-mib",
            "1",
            "--runs",
            "1",
            "--rounds",
            "1",
            "--algorithms",
            "aes128-gcm@openssh.com,aes128-ctr+hmac-sha2-256-etm@openssh.com",
            "--protocols",
            "SFTP,SCP",
            "--engines",
            engines,
            "--cpu",
            "-1",
            "--out",
            out.toString(),
            "--work",
            out.resolve("work").toString()
        });
        String md = Files.readString(out.resolve("ssh-throughput.md"));
        assertTrue(md.contains("| aes128-gcm@openssh.com |"), md);
        assertTrue(md.contains("AES/GCM/NoPadding native"), md);
        assertTrue(md.contains("HmacSHA256 native"), md);
        assertTrue(Files.size(out.resolve("ssh-throughput-sftp.png")) > 1000);
        assertTrue(Files.size(out.resolve("ssh-throughput-scp.png")) > 1000);
    }
}
