// The simplest load balancer for the scale-out bench: a bare Bun.serve that forwards each request
// to the next upstream in turn (round robin), streaming the body both ways. No health checks, no
// retries, no sticky sessions: the portal needs none (sessions and everything shared live in the
// database). In production this is Caddy / nginx / a cloud load balancer (see the README).
// Run: npx bun scripts/bench/proxy.ts PORT http://127.0.0.1:A http://127.0.0.1:B …
const [port, ...upstreams] = process.argv.slice(2);
if (!port || upstreams.length === 0) throw new Error("usage: proxy.ts PORT UPSTREAM…");

let next = 0;
Bun.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  fetch(req) {
    const upstream = upstreams[next]!;
    next = (next + 1) % upstreams.length;
    const url = req.url;
    const path = url.slice(url.indexOf("/", 8));
    return fetch(upstream + path, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: "manual",
      // Pass compressed bodies through as they are (the headers still say gzip).
      decompress: false,
    });
  },
});
