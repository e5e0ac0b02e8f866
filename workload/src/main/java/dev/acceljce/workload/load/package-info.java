/**
 * {@code ./acceljce load} and {@code ./acceljce churn}: many TLS 1.3 connections held open, and
 * connections made and dropped for a long time, against a server JVM on one TLS stack
 * (AccelJCE-TLS, SunJSSE on AccelJCE, Conscrypt's TLS) with a client JVM on SunJSSE, both on
 * 127.0.0.1 only. The server JVM measures itself: heap and {@code byte[]} after a GC, native
 * memory (NMT, glibc's {@code mallinfo2}, RSS), descriptors, live libssl objects, and JFR's
 * {@code jdk.VirtualThreadPinned} events ({@link dev.acceljce.workload.load.Footprint}).
 */
package dev.acceljce.workload.load;
