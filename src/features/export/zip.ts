// A ZIP written as it is read: entries are stored (documents are PDFs and photos, already
// compressed) and their bytes go from the file store through fflate's streaming Zip to the
// response, one chunk at a time, pulled by the client. Nothing is buffered whole or copied to a
// temporary file, so memory stays flat however large the export is (scripts/bench/export.ts).
import { createHash } from "node:crypto";
import type { ZipPassThrough } from "fflate";

export interface ZipEntry {
  /** Path inside the archive (folders separated by "/"), already safe and unique. */
  path: string;
  mtime: Date;
  /** The bytes: a stored file (opened when its turn comes; null if it is gone), or text made when its turn comes. */
  source: { file: () => Promise<Blob | null> } | { text: () => string };
  /** Told the SHA-256 (hex) and size of the bytes once they have all been written. */
  done?: (digest: { sha256: string; size: number }) => void;
  /** Told that the file was gone when its turn came (deleted meanwhile): it is left out. */
  missing?: () => void;
}

// DOS timestamps cover 1980–2107; a clock outside that (tests with odd clocks) would make fflate throw.
const dosSafe = (d: Date) => (d.getFullYear() < 1980 || d.getFullYear() > 2107 ? new Date(1980, 0, 1) : d);

/**
 * The archive as a byte stream. `entries` is walked lazily (a generator can make the manifest
 * after the files it lists). Each pull writes until at least one chunk is ready, so a slow
 * client slows the reading of files rather than filling memory.
 */
export async function zipStream(entries: Iterable<ZipEntry>): Promise<ReadableStream<Uint8Array>> {
  const { Zip, ZipPassThrough } = await import("fflate"); // on the first export, not at start
  const iterator = entries[Symbol.iterator]();
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: unknown = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else ready.push(chunk);
    if (final) finished = true;
  });

  let current: { entry: ZipEntry; file: ZipPassThrough; reader: ReadableStreamDefaultReader<Uint8Array>; hash: ReturnType<typeof createHash>; size: number } | null = null;

  const open = async (entry: ZipEntry) => {
    const blob = "file" in entry.source ? await entry.source.file() : null;
    if ("file" in entry.source && !blob) return entry.missing?.();
    const file = new ZipPassThrough(entry.path);
    file.mtime = dosSafe(entry.mtime);
    zip.add(file);
    if ("text" in entry.source) {
      const bytes = new TextEncoder().encode(entry.source.text());
      entry.done?.({ sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.length });
      file.push(bytes, true);
      return;
    }
    current = { entry, file, reader: blob!.stream().getReader(), hash: createHash("sha256"), size: 0 };
  };

  /** Writes one more piece: the next chunk of the open file, or the next entry, or the end. */
  const step = async () => {
    if (current) {
      const { value, done } = await current.reader.read();
      if (value && value.length) {
        current.hash.update(value);
        current.size += value.length;
        current.file.push(value);
      }
      if (done) {
        current.file.push(new Uint8Array(0), true);
        current.entry.done?.({ sha256: current.hash.digest("hex"), size: current.size });
        current = null;
      }
      return;
    }
    const next = iterator.next();
    if (next.done) zip.end();
    else await open(next.value);
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (!ready.length && !finished && !failure) await step();
          if (failure) throw failure;
          while (ready.length) controller.enqueue(ready.shift()!);
          if (finished) controller.close();
        } catch (error) {
          await (current as { reader: ReadableStreamDefaultReader } | null)?.reader.cancel().catch(() => {});
          controller.error(error);
        }
      },
      async cancel() {
        // The client went away: stop reading the open file.
        await (current as { reader: ReadableStreamDefaultReader } | null)?.reader.cancel().catch(() => {});
        zip.terminate();
      },
    },
    { highWaterMark: 0 },
  );
}
