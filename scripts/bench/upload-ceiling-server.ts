// The ceiling for the uploads bench: a bare Bun.serve that does the disk work of an upload and
// nothing else. Each request body is streamed into a file of its own and flushed to the disk
// (fsync, on libuv's thread pool) before the answer, as the portal's stored files are; no
// multipart parsing, no checks, no database. uploads.ts runs it as a process of its own, so its
// memory is measured like the portal's.
// Usage: bun scripts/bench/upload-ceiling-server.ts <folder>   (prints its port, serves until killed)
import { closeSync, fsync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const fsyncDescriptor = promisify(fsync);

const folder = process.argv[2]!;
let next = 0;
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  maxRequestBodySize: 64 * 1024 * 1024,
  async fetch(request) {
    const path = join(folder, `body-${next++}`);
    const fd = openSync(path, "w");
    let size = 0;
    try {
      const reader = request.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const chunk = read.value;
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
        size += chunk.length;
      }
      await fsyncDescriptor(fd); // off the event loop, as the portal's (src/lib/storage.ts)
    } finally {
      closeSync(fd);
    }
    rmSync(path); // the next run's dd starts with the disk as empty as the portal leaves it
    return Response.json({ size });
  },
});
console.log(server.port);
