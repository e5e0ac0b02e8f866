/**
 * Settings, decisions and evidence, above the bindings: the settings and their MBean
 * ({@code Settings}), the one decision point every service object is created through
 * ({@code Dispatch}) with the engine table and crossovers it reads ({@code Engines},
 * {@code Crossovers}, {@code CpuClass}), the counters and their MBean ({@code Counters},
 * {@code Management}), the trace, FIPS mode as the families see it, and the self-tests that the
 * families register and {@code Health} runs before a library first serves a family. Exported: an
 * application may read and change settings and counters. It may use the bindings
 * ({@code openssl}, {@code awslc}) and {@code foreign}; never {@code jdk}, {@code policy},
 * {@code service}, a family or the provider class, which all sit above it (families register
 * their self-tests here instead of being called by name).
 */
package dev.acceljce.control;
