/*
 * A minimal HotSpot disassembler plugin (the "hsdis" protocol of -XX:+PrintAssembly) on the
 * Capstone library, so that JMH's perfasm profiler can show compiled Java code instruction by
 * instruction. Debian's JDK builds ship none. Only the one entry point HotSpot calls is here.
 */
#include <stdint.h>
#include <stdio.h>
#include <capstone/capstone.h>

typedef void *(*event_callback)(void *stream, const char *event, void *arg);
typedef int (*printf_callback)(void *stream, const char *format, ...);

static void *no_events(void *stream, const char *event, void *arg) { return NULL; }

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer,
                                  uintptr_t length, event_callback events, void *event_stream,
                                  printf_callback print, void *print_stream, const char *options,
                                  int newline) {
    csh handle;
    cs_insn *insn;
    if (print == NULL) {
        print = (printf_callback) fprintf;
        if (print_stream == NULL) print_stream = stdout;
    }
    if (events == NULL) events = no_events;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK) return NULL;
    cs_option(handle, CS_OPT_SKIPDATA, CS_OPT_ON);
    size_t n = cs_disasm(handle, buffer, length, start_va, 0, &insn);
    for (size_t i = 0; i < n; i++) {
        events(event_stream, "insn", (void *) insn[i].address);
        print(print_stream, "%s\t\t%s", insn[i].mnemonic, insn[i].op_str);
        events(event_stream, "/insn", (void *) (insn[i].address + insn[i].size));
        if (newline) print(print_stream, "\n");
    }
    if (n > 0) cs_free(insn, n);
    cs_close(&handle);
    return NULL;
}
