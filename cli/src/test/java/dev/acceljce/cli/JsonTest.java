package dev.acceljce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void writtenDocumentsParseBackUnchanged() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("text", "quote \" backslash \\ newline \n tab \t control \u0001 é");
        doc.put("number", 42.5);
        doc.put("negative", -1e-9);
        doc.put("flag", true);
        doc.put("nothing", null);
        doc.put("list", List.of("a", 1.0, false));
        doc.put("empty", Map.of());
        doc.put("none", List.of());
        doc.put("nested", Map.of("inner", List.of(Map.of("k", "v"))));
        assertEquals(doc, Json.parse(Json.write(doc)));
    }

    @Test
    void nonFiniteNumbersAreWrittenAsNull() {
        assertEquals(Arrays.asList(null, null), Json.parse(Json.write(List.of(Double.NaN, Double.POSITIVE_INFINITY))));
    }

    @Test
    void unicodeEscapesAreRead() {
        assertEquals("A\u00e9", Json.parse("\"\\u0041\\u00e9\""));
    }

    @Test
    void malformedDocumentsAreRejected() {
        for (String bad : new String[] {"", "{", "[1,]", "{\"a\" 1}", "[1] 2", "\"open", "tru", "{1: 2}", "01x"}) {
            assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
        }
    }
}
