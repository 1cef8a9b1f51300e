// One file of a multipart body written to a temporary file as it arrives: opened on the thread
// pool, each piece written as it comes (nothing held in memory), its first bytes kept for the
// type check, and the file closed however the stream ends.
import { closeSync, open, writeSync } from "node:fs";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import { SNIFF_BYTES } from "./upload-content.ts";

const openFile = promisify(open);

export interface IncomingFile {
  tempPath: string;
  originalName: string;
  head: Uint8Array;
  size: number;
  stream: Readable;
  done: Promise<void>;
}

/**
 * Starts writing `stream` to `tempPath`; the returned file's `done` settles when the file is
 * complete and closed, or fails (and is closed) with the stream or the write.
 */
export function spoolToFile(stream: Readable, tempPath: string, originalName: string): IncomingFile {
  const file: IncomingFile = { tempPath, originalName, head: new Uint8Array(0), size: 0, stream, done: Promise.resolve() };
  // The file is created on the thread pool: creating one waits for the disk's journal while
  // other uploads are being flushed (fsync), ~0.3 ms each time on this ext4, which on the
  // server's thread is every other request's wait. Until it is open, the piece stays with busboy
  // (the stream is not read yet), and busboy holds the body back (upload.ts's body loop waits).
  const opening = openFile(file.tempPath, "w");
  file.done = new Promise<void>((resolve, reject) => {
    let fd: number | null = null;
    let failed = false;
    const close = () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    };
    // Settled only once the file is open or has failed to, so nothing creates it after the
    // caller removed it.
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      const settle = () => {
        try {
          close();
        } catch {}
        reject(error);
      };
      void opening.then((opened) => {
        fd ??= opened; // opened after the failure: closed here
        settle();
      }, settle);
    };
    stream.on("error", fail);
    // Destroyed before its end (client gone, parser failed): close the file, then report.
    stream.on("close", () => {
      if (!stream.readableEnded) fail(new Error("upload stopped"));
    });
    opening.then((opened) => {
      if (failed) return;
      fd = opened;
      // Each piece goes to the file as it comes, in one synchronous write of the piece itself
      // (into the page cache: microseconds), so nothing is held or copied in between; Bun's
      // FileSink copied every byte into its buffer and needed a flush every MB. storage.ts
      // flushes the file to the disk before its row commits.
      stream.on("data", (chunk: Buffer) => {
        file.size += chunk.length;
        if (file.head.length < SNIFF_BYTES) file.head = Buffer.concat([file.head, chunk.subarray(0, SNIFF_BYTES - file.head.length)]);
        try {
          // A full disk (ENOSPC) throws here and stops the upload; writeSync may write less than asked.
          for (let at = 0; at < chunk.length; ) at += writeSync(opened, chunk, at);
        } catch (error) {
          stream.destroy(error as Error);
        }
      });
      stream.on("end", () => {
        try {
          close();
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    }, fail);
  });
  return file;
}
