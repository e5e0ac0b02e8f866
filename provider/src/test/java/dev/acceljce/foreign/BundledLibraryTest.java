package dev.acceljce.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@link BundledLibrary} reads /proc/self/mountinfo to avoid noexec directories. */
class BundledLibraryTest {
    @TempDir
    Path temp;

    private static String line(Path mountPoint, String options) {
        String escaped = mountPoint.toString().replace("\\", "\\134").replace(" ", "\\040");
        return "36 25 0:32 / " + escaped + " " + options + " shared:5 - tmpfs tmpfs rw";
    }

    @Test
    void deepestMountDecides() throws Exception {
        Path root = temp.toRealPath();
        Path locked = Files.createDirectories(root.resolve("locked/sub"));
        Path open = Files.createDirectories(root.resolve("locked/open"));
        List<String> mountinfo = List.of(
                "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
                line(root.resolve("locked"), "rw,nosuid,nodev,noexec,relatime"),
                line(open, "rw,relatime"));
        Optional<String> noexec = BundledLibrary.noexecMount(locked, mountinfo);
        assertTrue(noexec.isPresent());
        assertTrue(noexec.get().startsWith(root.resolve("locked").toString()), noexec.get());
        assertEquals(Optional.empty(), BundledLibrary.noexecMount(open, mountinfo));
        assertEquals(Optional.empty(), BundledLibrary.noexecMount(root, mountinfo));
    }

    @Test
    void escapedMountPointsAndPrefixesOfNames() throws Exception {
        Path root = temp.toRealPath();
        Path spaced = Files.createDirectories(root.resolve("with space"));
        Path lookalike = Files.createDirectories(root.resolve("with spaces"));
        List<String> mountinfo = List.of("22 1 8:1 / / rw shared:1 - ext4 /dev/sda1 rw", line(spaced, "rw,noexec"));
        assertTrue(BundledLibrary.noexecMount(spaced, mountinfo).isPresent());
        // "/x/with spaces" is not under "/x/with space": whole path components are compared
        assertEquals(Optional.empty(), BundledLibrary.noexecMount(lookalike, mountinfo));
    }

    @Test
    void laterMountOnTheSamePointHidesTheEarlierOne() throws Exception {
        Path dir = temp.toRealPath();
        List<String> mountinfo = List.of(line(dir, "rw,noexec"), line(dir, "rw,relatime"));
        assertEquals(Optional.empty(), BundledLibrary.noexecMount(dir, mountinfo));
        assertTrue(BundledLibrary.noexecMount(dir, List.of(line(dir, "rw"), line(dir, "ro,noexec")))
                .isPresent());
    }

    @Test
    void platformNameOfThisMachine() {
        String arch = System.getProperty("os.arch");
        if (System.getProperty("os.name").equals("Linux") && arch.equals("amd64")) {
            assertEquals("linux-x86_64", BundledLibrary.platform());
        }
        if (System.getProperty("os.name").equals("Linux") && arch.equals("aarch64")) {
            assertEquals("linux-aarch64", BundledLibrary.platform());
        }
    }
}
