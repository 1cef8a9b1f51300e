// A TCP relay on loopback in front of the test PostgreSQL, for a portal that must live through
// the database going away: `cut()` drops every connection and refuses new ones (a restart or a
// network cut), `refuseNew()` only refuses new ones, and `listen(port)` lets them through again.
import { createServer, connect, type Server, type Socket } from "node:net";

export interface PgRelay {
  /** Starts (or restarts) accepting on this port (0: any); resolves with the port. */
  listen(port: number): Promise<number>;
  cut(): Promise<void>;
  refuseNew(): Promise<void>;
  /** The local ports of the relay's connections to PostgreSQL: pg_stat_activity's client_port of the relayed sessions. */
  upstreamPorts(): number[];
}

export function pgRelay(target: { host: string; port: number }): PgRelay {
  const open = new Set<Socket>();
  const upstreams = new Set<Socket>();
  let server: Server | null = null;
  // Not waiting for close's callback: it comes only once every connection has ended.
  const stopAccepting = async () => {
    server?.close();
    server = null;
  };
  return {
    listen: (port) =>
      new Promise<number>((resolve, reject) => {
        if (server) return resolve((server.address() as { port: number }).port);
        const accepting = createServer((client) => {
          const upstream = connect(target.port, target.host);
          upstreams.add(upstream);
          upstream.on("close", () => upstreams.delete(upstream));
          for (const socket of [client, upstream]) {
            open.add(socket);
            socket.on("close", () => open.delete(socket));
            socket.on("error", () => socket.destroy());
          }
          client.pipe(upstream).pipe(client);
          client.on("close", () => upstream.destroy());
          upstream.on("close", () => client.destroy());
        });
        server = accepting;
        accepting.once("error", reject);
        accepting.listen(port, "127.0.0.1", () => resolve((accepting.address() as { port: number }).port));
      }),
    async cut() {
      for (const socket of open) socket.destroy();
      await stopAccepting();
    },
    refuseNew: stopAccepting,
    upstreamPorts: () => [...upstreams].map((s) => s.localPort).filter((p): p is number => p !== undefined),
  };
}
