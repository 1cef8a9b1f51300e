// Virus scanning through a running clamd (Debian's clamav-daemon), over its unix socket with the
// INSTREAM command: the file's bytes are sent in chunks, clamd answers "stream: OK" or
// "stream: <signature> FOUND". Nothing is written anywhere clamd would have to read it.
import { createConnection } from "node:net";

export type ScanResult = { clean: true } | { clean: false; signature: string };

export class ScannerUnavailable extends Error {}

const CHUNK = 64 * 1024;
/** A scan that has not answered by then counts as the scanner being down. */
const TIMEOUT_MS = 60_000;

export async function scanBytes(socketPath: string, bytes: Uint8Array): Promise<ScanResult> {
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = createConnection(socketPath);
    const chunks: Buffer[] = [];
    const fail = (message: string) => {
      socket.destroy();
      reject(new ScannerUnavailable(message));
    };
    socket.setTimeout(TIMEOUT_MS, () => fail("clamd did not answer in time"));
    socket.on("error", (error) => fail(`clamd cannot be reached: ${error.message}`));
    socket.on("data", (data: Buffer) => chunks.push(data));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("connect", () => {
      socket.write("zINSTREAM\0");
      for (let at = 0; at < bytes.length; at += CHUNK) {
        const part = bytes.subarray(at, at + CHUNK);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(part.length);
        socket.write(length);
        socket.write(part);
      }
      socket.write(Buffer.alloc(4)); // a zero-length chunk ends the stream
    });
  });
  const answer = reply.replace(/\0+$/, "").trim();
  if (/^stream: OK$/.test(answer)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { clean: false, signature: found[1]! };
  // "INSTREAM size limit exceeded. ERROR", a database reload in progress, anything else: not scanned.
  throw new ScannerUnavailable(`clamd could not scan the file: ${answer || "no answer"}`);
}
