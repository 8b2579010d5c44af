package io.aqueduct.server.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain sockets with Nagle's algorithm off. A request whose body leaves in a second write (a task's JSON after
 * its headers) would otherwise wait for the peer's delayed acknowledgement of the first, up to 40 ms on Linux, on
 * every round trip between the coordinator and a worker.
 */
final class NoDelaySockets extends SocketFactory {
    private final SocketFactory sockets = SocketFactory.getDefault();

    @Override
    public Socket createSocket() throws IOException {
        return noDelay(sockets.createSocket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(sockets.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(sockets.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(sockets.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return noDelay(sockets.createSocket(address, port, localAddress, localPort));
    }

    private static Socket noDelay(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        return socket;
    }
}
