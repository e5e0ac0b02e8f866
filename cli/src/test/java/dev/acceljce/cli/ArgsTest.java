package dev.acceljce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {
    private static final Set<String> FLAGS = Set.of("--quick", "--json");
    private static final Set<String> OPTIONS = Set.of("--include", "--param");

    private static Args parse(int maxOperands, String... args) throws Args.UsageException {
        return Args.parse(List.of(args), FLAGS, OPTIONS, maxOperands);
    }

    @Test
    void flagsOptionsAndOperands() throws Exception {
        Args a = parse(1, "--quick", "--include", "Digest", "--param=size=32", "--param", "provider=JDK", "out.json");
        assertTrue(a.flag("--quick"));
        assertFalse(a.flag("--json"));
        assertEquals("Digest", a.option("--include", "default"));
        assertEquals(List.of("size=32", "provider=JDK"), a.options("--param"));
        assertEquals(List.of("out.json"), a.operands());
        assertEquals("default", parse(0).option("--include", "default"));
    }

    @Test
    void lastValueOfARepeatedOptionWins() throws Exception {
        assertEquals("b", parse(0, "--include", "a", "--include=b").option("--include", null));
    }

    @Test
    void doubleDashEndsOptions() throws Exception {
        assertEquals(List.of("--quick"), parse(1, "--", "--quick").operands());
    }

    @Test
    void mistakesAreUsageErrors() {
        assertThrows(Args.UsageException.class, () -> parse(0, "--bogus"));
        assertThrows(Args.UsageException.class, () -> parse(0, "--include"));
        assertThrows(Args.UsageException.class, () -> parse(0, "--quick=yes"));
        assertThrows(Args.UsageException.class, () -> parse(0, "stray"));
        assertThrows(Args.UsageException.class, () -> parse(1, "a", "b"));
    }
}
