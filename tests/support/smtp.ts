// A real SMTP server (smtp-server) on a random port that keeps what it receives.
import { createServer, type Server } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The message with quoted-printable undone, for reading links and text. */
  body: string;
  /** As the reader sees it (encoded words decoded). */
  subject: string;
  messageId: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answer RCPT TO with this code and text instead of accepting (e.g. 550 for a permanent refusal). */
  refuseWith: { code: number; message: string } | null;
  stop(): Promise<void>;
}

const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return head.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
};

/**
 * A header as a mail client shows it: RFC 2047's encoded words ("=?UTF-8?Q?env=C3=ADe?=", how a
 * subject with an accent travels) decoded. Adjacent words are one run of bytes, since a character
 * may be split between two of them; an ASCII header is left as it is.
 */
const ENCODED_RUN = /=\?[^?]+\?[QB]\?[^?]*\?=(?:\s+=\?[^?]+\?[QB]\?[^?]*\?=)*/gi;
const decodeHeader = (value: string) =>
  value.replace(ENCODED_RUN, (run) => {
    let charset = "utf-8";
    const bytes = [...run.matchAll(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi)].map(([, set, encoding, text]) => {
      charset = set!;
      if (encoding!.toUpperCase() === "B") return Buffer.from(text!, "base64");
      return Buffer.from(text!.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1");
    });
    return new TextDecoder(charset).decode(Buffer.concat(bytes));
  });

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state: TestSmtp = { port: 0, url: "", received, refuseWith: null, stop: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    closeTimeout: 500, // the portal keeps pooled connections open; do not wait 30 s for them
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refuseWith) {
        const error = Object.assign(new Error(state.refuseWith.message), { responseCode: state.refuseWith.code });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          body: decodeQuotedPrintable(raw),
          subject: decodeHeader(header(raw, "Subject")),
          messageId: header(raw, "Message-ID"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  state.port = (server.server.address() as { port: number }).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A free port with nothing listening on it (an SMTP server that is down). */
export async function freePort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A TCP server that accepts connections and never says a word: an SMTP server that hangs. */
export async function startSilentServer(): Promise<{ port: number; connections: number; stop(): Promise<void> }> {
  const sockets = new Set<import("node:net").Socket>();
  const state = { port: 0, connections: 0, stop: async () => {} };
  const server = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.port = (server.address() as { port: number }).port;
  state.stop = () =>
    new Promise<void>((resolve) => {
      sockets.forEach((s) => s.destroy());
      server.close(() => resolve());
    });
  return state;
}

export async function waitFor(condition: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}
