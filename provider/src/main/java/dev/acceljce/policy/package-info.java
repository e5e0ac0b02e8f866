/**
 * Policy {@code auto}'s per-message engines: a Cipher, MessageDigest or Mac that holds the start
 * of each message in Java ({@code MessageHead}) until its size picks the faster path for it, then
 * hands it to that path's object from {@code control.PathViews} ({@code TwoPaths}). It may use
 * {@code control} and what lies below; it reaches both paths through the path views, never
 * through a family, {@code service} or the provider class.
 */
package dev.acceljce.policy;
