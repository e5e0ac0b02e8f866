/**
 * How families declare services and what a provider reports about them: {@code ServiceTable}
 * (each service with its native implementation, its probe of the loaded library and its JDK
 * fallback, created through {@code control.Dispatch}), {@code FipsApproval} (what FIPS mode
 * registers), and the capability report that {@code acceljce info} prints ({@code Capabilities},
 * {@code ServiceReport}; exported). The highest fixed layer: it may use {@code policy},
 * {@code jdk}, {@code control} and the bindings, and reads a provider through
 * {@code Registrations} rather than the provider class above it; it uses no family.
 */
package dev.acceljce.service;
