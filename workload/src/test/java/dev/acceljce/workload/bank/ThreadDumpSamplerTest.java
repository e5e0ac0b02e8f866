package dev.acceljce.workload.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.junit.jupiter.api.Test;

/**
 * The dumps count threads queued on a held lock, monitor or java.util.concurrent, named by the
 * method that asked for it; threads waiting for work are not counted.
 */
class ThreadDumpSamplerTest {
    private static final Object MONITOR = new Object();

    private static void waitForMonitor() {
        synchronized (MONITOR) {
            MONITOR.hashCode();
        }
    }

    private static void waitForReadLock(ReentrantReadWriteLock lock) {
        lock.readLock().lock();
        lock.readLock().unlock();
    }

    @Test
    void queuedThreadsAreCountedPerLockAndCallerIdleOnesAreNot() throws Exception {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        LinkedBlockingQueue<Object> work = new LinkedBlockingQueue<>();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = Thread.ofPlatform().start(() -> {
            synchronized (MONITOR) {
                rw.writeLock().lock();
                try {
                    held.countDown();
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    rw.writeLock().unlock();
                }
            }
        });
        held.await();
        List<Thread> waiting = List.of(
                Thread.ofPlatform().start(ThreadDumpSamplerTest::waitForMonitor),
                Thread.ofPlatform().start(() -> waitForReadLock(rw)),
                Thread.ofPlatform().start(() -> waitForReadLock(rw)));
        Thread idle = Thread.ofPlatform().start(() -> {
            try {
                work.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        // every waiting thread is queued before sampling starts
        for (Thread t : waiting) {
            while (t.getState() != Thread.State.BLOCKED && t.getState() != Thread.State.WAITING) {
                Thread.sleep(5);
            }
        }

        ThreadDumpSampler sampler = new ThreadDumpSampler(20);
        sampler.start();
        Thread.sleep(300);
        sampler.stop();
        release.countDown();
        work.add(new Object());
        holder.join();
        idle.join();
        for (Thread t : waiting) {
            t.join();
        }

        Map<String, Object> summary = sampler.summary(8);
        int dumps = (Integer) summary.get("dumps");
        assertTrue(dumps >= 5, "dumps " + dumps);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> locks = (List<Map<String, Object>>) summary.get("locks");
        String me = ThreadDumpSamplerTest.class.getName();
        assertEquals(2, locks.size(), locks.toString());
        assertEquals(
                "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync in " + me + ".waitForReadLock",
                locks.get(0).get("lock"));
        assertEquals(2L * dumps, locks.get(0).get("threadSamples"), "two readers queued in every dump");
        assertEquals(
                "java.lang.Object in " + me + ".waitForMonitor", locks.get(1).get("lock"));
        assertEquals((long) dumps, locks.get(1).get("threadSamples"));
    }
}
