/**
 * What the native bindings share, at the bottom of the layers: extracting a bundled library from
 * its jar into a private, verified directory ({@code BundledLibrary}), opening a library and
 * turning its symbols into downcall handles ({@code NativeLibrary}), each guarded by
 * {@code UpperStateGuard}'s {@code vzeroupper}, the one ownership idiom of native objects with its
 * concurrent-use guard and the one {@code rethrow} of what {@code invokeExact} throws
 * ({@code NativeObject}), and an error queue in OpenSSL's shape ({@code ErrorQueue}). It knows no
 * library's functions: each binding ({@code openssl}, {@code awslc}, {@code libssl}) decides which
 * file to load, checks its version and names its symbols. It uses no other package of ours
 * ({@code LayeringTest} fails if it does).
 */
package dev.acceljce.foreign;
