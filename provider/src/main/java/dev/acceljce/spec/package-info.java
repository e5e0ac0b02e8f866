/**
 * Exported parameter specs of services the JDK lacks: {@code Argon2ParameterSpec} for the Argon2
 * KDF and SecretKeyFactory, {@code KmacParameterSpec} for KMAC. Plain public API that an
 * application compiles against: it uses no other package of ours, so it can never change with
 * the native side.
 */
package dev.acceljce.spec;
