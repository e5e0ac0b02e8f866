package dev.acceljce.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed docs/results.md and README.md's "where it stands" block must be exactly what
 * scripts/results.py makes from the committed data: a figure edited by hand, or data committed
 * without the page made again, fails the build here.
 */
class ResultsPageTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path SCRIPT = ROOT.resolve("scripts/results.py");

    record Run(int exit, String output) {}

    private static Run results(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("python3", SCRIPT.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .directory(ROOT.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "results.py did not end");
        System.out.print(out);
        return new Run(p.exitValue(), out);
    }

    @Test
    void committedPagesAreWhatTheDataMakes() throws Exception {
        assertTrue(Files.isRegularFile(SCRIPT), SCRIPT + " missing");
        Run run = results("--check");
        assertEquals(
                0,
                run.exit(),
                "docs/results.md or README.md's results block was edited by hand or not made again from the"
                        + " data: run python3 scripts/results.py and commit the result\n" + run.output());
        assertTrue(run.output().contains("results.py: OK"), run.output());
    }

    @Test
    void aHandEditedFigureFailsTheCheck(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("results.md");
        Path readme = dir.resolve("README.md");
        Files.copy(ROOT.resolve("docs/results.md"), page);
        String text = Files.readString(ROOT.resolve("README.md"));
        int begin = text.indexOf("<!-- results:begin");
        int row = text.indexOf("\n| ", text.indexOf("|---", begin)) + 1;
        int cell = text.indexOf("| ", row + 2) + 2; // the first figure of the first family's row
        char digit = text.charAt(cell);
        assertTrue(Character.isDigit(digit), "no figure where expected: " + text.substring(row, row + 80));
        char other = digit == '9' ? '8' : (char) (digit + 1);
        Files.writeString(readme, text.substring(0, cell) + other + text.substring(cell + 1));
        Run edited = results("--check", "--page", page.toString(), "--readme", readme.toString());
        assertEquals(1, edited.exit(), edited.output());
        assertTrue(edited.output().contains("FAILED"), edited.output());

        Files.writeString(readme, text);
        Files.writeString(page, Files.readString(page).replaceFirst("\\(±", "(±1"));
        Run pageEdited = results("--check", "--page", page.toString(), "--readme", readme.toString());
        assertEquals(1, pageEdited.exit(), pageEdited.output());
    }
}
