package dev.acceljce.cli;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import dev.acceljce.control.CountersMXBean;
import dev.acceljce.control.Management;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The AccelJCE counters of another JVM: attaches to it (the JDK's attach API, same user only),
 * starts its local JMX agent if it is not running yet, and talks to the counters MBean of every
 * copy of AccelJCE in it ({@value CountersMXBean#QUERY}: one per class loader that carries the
 * jar) through typed proxies.
 */
final class AttachedJvm implements AutoCloseable {
    /** A running JVM whose AccelJCE published the MBean. */
    record Candidate(long pid, String javaVersion, String command) {}

    /** One copy's counters: its object name and a proxy, whose calls throw unchecked exceptions when it is gone. */
    record Copy(String objectName, CountersMXBean counters) {}

    private final long pid;
    private final JMXConnector connector;
    private final MBeanServerConnection connection;

    private AttachedJvm(long pid, JMXConnector connector, MBeanServerConnection connection) {
        this.pid = pid;
        this.connector = connector;
        this.connection = connection;
    }

    long pid() {
        return pid;
    }

    /**
     * The counters of every copy of AccelJCE registered now, the plain name (the first copy) first,
     * then by object name. Asked anew at each call: applications start and stop.
     */
    List<Copy> copies() throws Command.Failure {
        try {
            return copies(connection);
        } catch (IOException | JMException e) {
            throw new Command.Failure("lost pid " + pid + ": " + e);
        }
    }

    private static List<Copy> copies(MBeanServerConnection connection) throws IOException, JMException {
        List<ObjectName> names = new ArrayList<>(connection.queryNames(new ObjectName(CountersMXBean.QUERY), null));
        names.sort(Comparator.comparing((ObjectName n) -> n.getKeyProperty(CountersMXBean.LOADER_KEY) != null)
                .thenComparing(ObjectName::toString));
        List<Copy> copies = new ArrayList<>();
        for (ObjectName n : names) {
            copies.add(new Copy(n.toString(), JMX.newMXBeanProxy(connection, n, CountersMXBean.class)));
        }
        return copies;
    }

    static AttachedJvm open(long pid) throws Command.Failure {
        if (pid == ProcessHandle.current().pid()) {
            throw new Command.Failure("pid " + pid + " is this command itself");
        }
        String address;
        VirtualMachine vm = attach(pid);
        try {
            // Returns the address of the agent already running, or starts one (local connections only).
            address = vm.startLocalManagementAgent();
        } catch (IOException e) {
            throw new Command.Failure("pid " + pid + " could not start its JMX agent: " + e.getMessage()
                    + " (is module jdk.management.agent in its image?)");
        } finally {
            detach(vm);
        }
        JMXConnector connector = null;
        try {
            connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
            MBeanServerConnection connection = connector.getMBeanServerConnection();
            if (copies(connection).isEmpty()) {
                throw new Command.Failure("pid " + pid + " has no MBean " + CountersMXBean.QUERY
                        + ": it has constructed no AccelJCE provider yet, runs with -Dacceljce.jmx=false,"
                        + " or lacks module java.management");
            }
            AttachedJvm jvm = new AttachedJvm(pid, connector, connection);
            connector = null;
            return jvm;
        } catch (IOException | JMException e) {
            throw new Command.Failure("cannot read the MBean of pid " + pid + ": " + e);
        } finally {
            if (connector != null) {
                closeQuietly(connector);
            }
        }
    }

    private static VirtualMachine attach(long pid) throws Command.Failure {
        try {
            return VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new Command.Failure(
                    "cannot attach to pid " + pid + ": " + e.getMessage() + " (is it a running JVM of this user?)");
        }
    }

    /**
     * The JVMs of this user whose AccelJCE published the MBean, found by the system property it
     * sets ({@value Management#MARKER_PROPERTY}): reading properties starts no agent anywhere.
     * JVMs started with {@code -XX:-UsePerfData} are invisible to the attach API's list.
     */
    static List<Candidate> withCounters() throws InterruptedException {
        long self = ProcessHandle.current().pid();
        List<VirtualMachineDescriptor> vms = VirtualMachine.list().stream()
                .filter(d -> !d.id().equals(Long.toString(self)))
                .toList();
        List<Candidate> found = new ArrayList<>();
        // Attaching waits on each JVM's attach listener: ask them all at once, each bounded.
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Candidate>> answers = new ArrayList<>();
            for (VirtualMachineDescriptor d : vms) {
                answers.add(pool.submit(() -> probe(d)));
            }
            for (Future<Candidate> f : answers) {
                try {
                    Candidate c = f.get(15, TimeUnit.SECONDS);
                    if (c != null) {
                        found.add(c);
                    }
                } catch (ExecutionException | TimeoutException e) {
                    f.cancel(true); // not attachable (exited, other user, attach disabled): not listed
                }
            }
        }
        return found;
    }

    /** The candidate {@code d} is, or null when it has no AccelJCE MBean. */
    private static Candidate probe(VirtualMachineDescriptor d) throws AttachNotSupportedException, IOException {
        VirtualMachine vm = VirtualMachine.attach(d);
        try {
            Properties p = vm.getSystemProperties();
            if (p.getProperty(Management.MARKER_PROPERTY) == null) {
                return null;
            }
            return new Candidate(Long.parseLong(d.id()), p.getProperty("java.version", "?"), d.displayName());
        } finally {
            detach(vm);
        }
    }

    private static void detach(VirtualMachine vm) {
        try {
            vm.detach();
        } catch (IOException ignored) {
            // The JVM went away; nothing left to release on our side.
        }
    }

    private static void closeQuietly(JMXConnector c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // Closing a connection to a JVM that exited.
        }
    }

    @Override
    public void close() {
        closeQuietly(connector);
    }
}
