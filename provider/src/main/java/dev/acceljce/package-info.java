/**
 * The provider itself: {@link dev.acceljce.AccelJceProvider}, which builds one service table,
 * has every family register its services into it and publishes the counters' MBean, and
 * {@link dev.acceljce.Xof}, SHAKE as a plain class (the JCA has no engine for an extendable-output
 * function). The top of the layers that {@code LayeringTest} checks: it may use every package,
 * and no package may use it; code below reaches the path views through
 * {@code control.PathViews} and reads a provider through {@code service.Registrations} instead.
 * AccelJCE-TLS is a provider of its own ({@code jsse}), not registered here.
 */
package dev.acceljce;
