// An upgrade, as an open tab sees it: a real HTTP server in front of the compiled portal that
// passes everything through (pages, API, the live socket) until `upgrade()`; from then on it serves
// a new build: every script and stylesheet under a new name (the pages and the scripts' imports name
// the new files), and the old names answer 404, as they do once a new ./portal replaces the old
// one. The new build's files are the old one's bytes under new names: what the tab must cope
// with is the names, not what is in them.
import type { ServerWebSocket } from "bun";

export interface UpgradeProxy {
  url: string;
  /** From now on the new build is served. */
  upgrade(): void;
  /** Old build's files asked for after the upgrade (each answered 404). */
  missedOldFiles: string[];
  stop(): void;
}

const OLD_NAME = /\/assets\/chunk-(?!v2)/g;
const NEW_NAME = "/assets/chunk-v2";
const isBuildFile = (path: string) => path.startsWith("/assets/chunk-");
const rewrites = (type: string) => /text\/html|javascript|text\/css/.test(type);

export function startUpgradeProxy(portalUrl: string): UpgradeProxy {
  let upgraded = false;
  const missedOldFiles: string[] = [];
  const upstream = new URL(portalUrl);

  const server = Bun.serve<{ path: string; headers: Record<string, string>; socket?: WebSocket; queued: (string | Buffer)[] }>({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request, srv) {
      const url = new URL(request.url);
      if (url.pathname === "/ws") {
        const headers: Record<string, string> = {};
        for (const name of ["cookie", "authorization", "origin", "user-agent"]) {
          const value = request.headers.get(name);
          if (value) headers[name] = name === "origin" ? upstream.origin : value;
        }
        if (srv.upgrade(request, { data: { path: url.pathname + url.search, headers, queued: [] } })) return undefined;
        return new Response("Upgrade failed", { status: 400 });
      }
      let path = url.pathname;
      if (upgraded && isBuildFile(path)) {
        if (!path.startsWith(NEW_NAME)) {
          missedOldFiles.push(path);
          return new Response("No such file", { status: 404 });
        }
        path = path.replace(NEW_NAME, "/assets/chunk-");
      }
      const headers = new Headers(request.headers);
      headers.delete("host");
      headers.set("accept-encoding", "identity");
      // The upstream revalidates with ETags; a rewritten body has different bytes, so never a 304.
      if (upgraded) {
        headers.delete("if-none-match");
        headers.delete("if-modified-since");
      }
      const answer = await fetch(new URL(path + url.search, upstream), {
        method: request.method,
        headers,
        body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
        redirect: "manual",
      });
      const out = new Headers(answer.headers);
      out.delete("content-encoding");
      out.delete("content-length");
      const type = answer.headers.get("content-type") ?? "";
      if (!upgraded || !rewrites(type) || request.method === "HEAD") {
        return new Response(answer.body, { status: answer.status, headers: out });
      }
      out.delete("etag");
      const text = (await answer.text()).replace(OLD_NAME, NEW_NAME);
      return new Response(text, { status: answer.status, headers: out });
    },
    websocket: {
      open(client: ServerWebSocket<{ path: string; headers: Record<string, string>; socket?: WebSocket; queued: (string | Buffer)[] }>) {
        const socket = new WebSocket(new URL(client.data.path, upstream.href.replace(/^http/, "ws")).href, { headers: client.data.headers } as unknown as string[]);
        client.data.socket = socket;
        socket.onopen = () => {
          for (const message of client.data.queued.splice(0)) socket.send(message);
        };
        socket.onmessage = (event) => client.send(event.data as string);
        socket.onclose = (event) => client.close(event.code === 1005 ? 1000 : event.code, event.reason);
        socket.onerror = () => client.close(1011, "upstream failed");
      },
      message(client, message) {
        const socket = client.data.socket;
        if (socket?.readyState === WebSocket.OPEN) socket.send(message);
        else client.data.queued.push(message);
      },
      close(client) {
        client.data.socket?.close();
      },
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    upgrade: () => {
      upgraded = true;
    },
    missedOldFiles,
    stop: () => void server.stop(true),
  };
}
