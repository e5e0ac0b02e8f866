package dev.acceljce.foreign;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The handles and messages {@link NativeLibrary} gives every binding, on the C library (which
 * every Linux process has mapped): symbols are looked up under the prefix, and a missing symbol
 * or a library that did not load fails with the message that names it.
 */
class NativeLibraryTest {
    private static NativeLibrary libc(String prefix) {
        List<String> attempts = new ArrayList<>(List.of("system libc.so.6: loaded"));
        return NativeLibrary.loaded(
                "libc",
                "the C library",
                NativeLibrary.open("libc.so.6"),
                prefix,
                "libc.so.6",
                "glibc",
                "system",
                attempts);
    }

    @Test
    void symbolsAreLookedUpUnderThePrefix() throws Throwable {
        // "get" + "pid": the prefix is put in front of every name asked for
        NativeLibrary library = libc("get");
        MethodHandle plain = library.function("pid", FunctionDescriptor.of(JAVA_INT));
        MethodHandle critical = library.critical("pid", FunctionDescriptor.of(JAVA_INT));
        long pid = ProcessHandle.current().pid();
        assertEquals(pid, (int) plain.invokeExact());
        assertEquals(pid, (int) critical.invokeExact());
        assertTrue(
                library.optionalFunction("pid", FunctionDescriptor.of(JAVA_INT)).isPresent());
        assertTrue(
                library.optionalCritical("pid", FunctionDescriptor.of(JAVA_INT)).isPresent());
        assertEquals("get", library.prefix());
        assertEquals(List.of("system libc.so.6: loaded"), library.attempts());
    }

    @Test
    void aMissingSymbolNamesTheLibraryAndThePrefixedName() {
        NativeLibrary library = libc("acceljce_");
        UnsatisfiedLinkError e = assertThrows(
                UnsatisfiedLinkError.class, () -> library.function("no_such", FunctionDescriptor.ofVoid()));
        assertEquals("the C library at libc.so.6 has no symbol acceljce_no_such", e.getMessage());
        assertThrows(UnsatisfiedLinkError.class, () -> library.critical("no_such", FunctionDescriptor.ofVoid()));
        assertTrue(
                library.optionalFunction("no_such", FunctionDescriptor.ofVoid()).isEmpty());
        assertTrue(
                library.optionalCritical("no_such", FunctionDescriptor.ofVoid()).isEmpty());
    }

    @Test
    void aLibraryThatDidNotLoadSaysWhy() {
        NativeLibrary none = NativeLibrary.unavailable("libexample", "no usable libexample (tried x)", List.of("x"));
        assertFalse(none.isAvailable());
        assertEquals("no usable libexample (tried x)", none.failure());
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> none.function("f", FunctionDescriptor.ofVoid()));
        assertEquals("libexample is not loaded: no usable libexample (tried x)", e.getMessage());
        assertThrows(IllegalStateException.class, () -> none.critical("f", FunctionDescriptor.ofVoid()));
        assertTrue(none.optionalFunction("f", FunctionDescriptor.ofVoid()).isEmpty());
        assertEquals(null, none.path());
        assertEquals(null, none.source());
    }

    @Test
    void rethrowKeepsUncheckedThrowablesAndWrapsCheckedOnes() {
        IllegalArgumentException unchecked = new IllegalArgumentException("x");
        assertEquals(unchecked, assertThrows(IllegalArgumentException.class, () -> NativeObject.rethrow(unchecked)));
        StackOverflowError error = new StackOverflowError();
        assertEquals(error, assertThrows(StackOverflowError.class, () -> NativeObject.rethrow(error)));
        Exception checked = new Exception("checked");
        assertEquals(
                checked,
                assertThrows(IllegalStateException.class, () -> NativeObject.rethrow(checked))
                        .getCause());
    }
}
