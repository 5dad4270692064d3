// A TCP proxy the fault tests control, between the app and its Postgres: it passes bytes both
// ways until told to cut every connection, or to go down (connections refused, as when the
// database host is away) and come back on the same port.
import net from "node:net";

export interface TcpProxy {
  port: number;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Ends every open connection at once (a reset, as a restart or failover does). */
  cut(): void;
  /** Cuts every connection and refuses new ones until up(). */
  down(): Promise<void>;
  /** Accepts connections again, on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const cut = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const port = await listen(0);
  return {
    port,
    get open() {
      return sockets.size / 2;
    },
    cut,
    async down() {
      const closed = stopListening();
      cut();
      await closed;
    },
    async up() {
      await listen(port);
    },
    async close() {
      const closed = stopListening();
      cut();
      await closed;
    },
  };
}
