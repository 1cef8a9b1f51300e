// The file store, the same behaviour on local disk and on S3-compatible object storage (a real
// s3rver speaking the S3 protocol to Bun's S3 client): write, read, adopt, remove, list; a large
// adopt streams instead of holding the file in memory; a failed adopt leaves nothing behind.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, openSync, rmSync, closeSync, writeFileSync, writeSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { S3Client } from "bun";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/lib/log.ts";
import type { FileStore } from "../../src/lib/file-store.ts";
import { localFileStore, newStorageKey, openFileStore } from "../../src/lib/storage.ts";
import { s3FileStore } from "../../src/lib/storage-s3.ts";
import { startS3Server, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, type S3TestServer } from "../support/s3.ts";
import { tempDir } from "../support/server.ts";

const MB = 1024 * 1024;
const dirs: string[] = [];
const newDir = () => {
  const dir = tempDir("portal-storage-");
  dirs.push(dir);
  return dir;
};

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const s3Settings = (bucket: string) => ({
  bucket,
  endpoint: s3.endpoint,
  region: "us-east-1",
  accessKeyId: S3_ACCESS_KEY_ID,
  secretAccessKey: S3_SECRET_ACCESS_KEY,
  virtualHostedStyle: false,
});

/** A store of each kind, fresh for each test; S3 lists two keys a page so paging is exercised. */
const kinds: [string, () => Promise<FileStore>][] = [
  ["local disk", async () => localFileStore(newDir())],
  ["S3 (s3rver)", async () => s3FileStore(s3Settings(await s3.createBucket()), { tempDir: join(newDir(), "tmp"), listPageSize: 2 })],
];

const sha256 = async (blob: Blob) => {
  const hash = createHash("sha256");
  const reader = blob.stream().getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) hash.update(part.value);
  return hash.digest("hex");
};

/** A file of `size` bytes in the store's temp folder, every MiB different; returns path and sha256. */
function tempFile(store: FileStore, size: number): { path: string; sha256: string } {
  const path = join(store.tempDir, `upload-${newStorageKey()}`);
  const hash = createHash("sha256");
  const fd = openSync(path, "w");
  try {
    for (let at = 0; at < size; at += MB) {
      const chunk = new Uint8Array(Math.min(MB, size - at)).fill(at / MB);
      chunk.set(new TextEncoder().encode(`chunk ${at / MB}`));
      writeSync(fd, chunk);
      hash.update(chunk);
    }
  } finally {
    closeSync(fd);
  }
  return { path, sha256: hash.digest("hex") };
}

describe.each(kinds)("%s", (_kind, makeStore) => {
  test("a written file reads back; a removed one is gone; removing it again is no error", async () => {
    const store = await makeStore();
    const key = newStorageKey();
    await store.write(key, "%PDF-1.4 hello");
    expect(await (await store.read(key))!.text()).toBe("%PDF-1.4 hello");
    await store.remove(key);
    expect(await store.read(key)).toBeNull();
    await store.remove(key);
    expect(await store.read(newStorageKey())).toBeNull();
  });

  test("a key outside the storage alphabet never reaches the store", async () => {
    const store = await makeStore();
    for (const key of ["../session-secret", "short", "a/b/c/d/e/f/g/h/i/j", ""]) {
      await expect(store.write(key, "x")).rejects.toThrow("Invalid storage key");
      await expect(store.read(key)).rejects.toThrow("Invalid storage key");
    }
  });

  test("adopt moves a finished temp file into the store: same bytes, temp file gone", async () => {
    const store = await makeStore();
    for (const size of [0, 1000, 6 * MB + 123]) {
      const key = newStorageKey();
      const { path, sha256: expected } = tempFile(store, size);
      await store.adopt(path, key);
      expect(existsSync(path)).toBe(false);
      const stored = (await store.read(key))!;
      expect(await sha256(stored)).toBe(expected);
    }
  });

  test("storedKeys lists every key (page after page), and only names that are keys", async () => {
    const store = await makeStore();
    const keys = Array.from({ length: 5 }, () => newStorageKey());
    for (const key of keys) await store.write(key, key);
    expect((await store.storedKeys()).sort()).toEqual([...keys].sort());
    await store.remove(keys[0]!);
    expect((await store.storedKeys()).sort()).toEqual(keys.slice(1).sort());
  });

  test("storedKeys({ modifiedBefore }) leaves out files written since", async () => {
    const store = await makeStore();
    const key = newStorageKey();
    await store.write(key, "fresh");
    expect(await store.storedKeys({ modifiedBefore: new Date(Date.now() - 60 * 60_000) })).toEqual([]);
    expect(await store.storedKeys({ modifiedBefore: new Date(Date.now() + 60 * 60_000) })).toEqual([key]);
  });

  test("a 50 MB adopt streams: the process grows by far less than the file", async () => {
    const store = await makeStore();
    // Warm up first (the first multipart upload sets up the client's buffers once).
    const warm = tempFile(store, 6 * MB);
    await store.adopt(warm.path, newStorageKey());
    const big = tempFile(store, 50 * MB);
    const key = newStorageKey();
    Bun.gc(true);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 1);
    try {
      await store.adopt(big.path, key);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(peak - before).toBeLessThan(25 * MB);
    expect(await sha256((await store.read(key))!)).toBe(big.sha256);
  });

  test("a failed adopt leaves nothing under the key", async () => {
    const store = await makeStore();
    const key = newStorageKey();
    // Gone before it could be moved in (a cleanup raced it, say).
    await expect(store.adopt(join(store.tempDir, "never-written"), key)).rejects.toThrow();
    expect(await store.read(key)).toBeNull();
    expect(await store.storedKeys()).toEqual([]);
  });
});

describe("S3 only", () => {
  test("an upload cut off by the storage service going away leaves no object behind", async () => {
    const bucket = await s3.createBucket();
    const store = s3FileStore(s3Settings(bucket), { tempDir: join(newDir(), "tmp") });
    const { path } = tempFile(store, 30 * MB);
    const key = newStorageKey();
    const adopting = store.adopt(path, key).then(() => null, (error: Error) => error); // it fails while we wait for the kill
    // Let the multipart upload begin (its first part goes up), then stop the server.
    const client = new S3Client(s3Settings(bucket));
    await waitFor(() => partsStarted(s3.directory, bucket));
    await s3.kill();
    expect(await adopting).toBeInstanceOf(Error);
    await s3.restart();
    expect(await client.exists(key)).toBe(false);
    expect(await store.storedKeys()).toEqual([]);
    // The temp file stays for the upload route to remove (it removes it whatever happened).
    expect(existsSync(path)).toBe(true);
  });

  test("an upload whose file cannot be read leaves no object behind (the upload is ended, then deleted)", async () => {
    const store = await kinds[1]![1]();
    const key = newStorageKey();
    // A folder where the file should be: it opens, then the first read fails.
    const folder = join(store.tempDir, "a-folder");
    mkdirSync(folder);
    await expect(store.adopt(folder, key)).rejects.toThrow();
    expect(await store.read(key)).toBeNull();
    expect(await store.storedKeys()).toEqual([]);
  });

  test("a storage service that cannot be reached: storing and reading are a 503 to wait out, removing leaves it to the sweep", async () => {
    const warnings: string[] = [];
    const log = { ...createLogger("silent"), error: (m: string) => warnings.push(m), warn: (m: string) => warnings.push(m) };
    const store = s3FileStore({ ...s3Settings("any-bucket"), endpoint: "http://127.0.0.1:1" }, { tempDir: join(newDir(), "tmp"), log });
    const { path } = tempFile(store, 1000);
    const unavailable = { code: "unavailable", status: 503, message: "Files cannot be stored right now, so nothing was saved. Please try again shortly." };
    expect(await store.adopt(path, newStorageKey()).catch((error) => error)).toMatchObject(unavailable);
    expect(await store.write(newStorageKey(), "x").catch((error) => error)).toMatchObject(unavailable);
    expect(await store.read(newStorageKey()).catch((error) => error)).toMatchObject({ status: 503, message: "Stored files cannot be read right now. Please try again shortly." });
    await store.remove(newStorageKey());
    expect(warnings).toEqual([
      "The S3 bucket did not take an upload",
      "The S3 bucket did not take an upload",
      "The S3 bucket could not be read",
      "An S3 object could not be deleted; the start-up sweep will remove it",
    ]);
  });

  test("storedKeys ignores objects that are not ours", async () => {
    const bucket = await s3.createBucket();
    const store = s3FileStore(s3Settings(bucket), { tempDir: join(newDir(), "tmp") });
    const client = new S3Client(s3Settings(bucket));
    await client.write("notes/readme.txt", "someone else's");
    const key = newStorageKey();
    await store.write(key, "ours");
    expect(await store.storedKeys()).toEqual([key]);
  });

  test("a bucket that does not answer is a clear error naming it", async () => {
    const store = s3FileStore({ ...s3Settings("no-such-bucket") }, { tempDir: join(newDir(), "tmp") });
    await expect(store.storedKeys()).rejects.toThrow(`S3_BUCKET: the bucket "no-such-bucket" does not exist at ${s3.endpoint}.`);
  });

  test("an unknown access key is refused by the server (the harness checks credentials)", async () => {
    const bucket = await s3.createBucket();
    const store = s3FileStore({ ...s3Settings(bucket), accessKeyId: "NOT-A-KEY" }, { tempDir: join(newDir(), "tmp") });
    await expect(store.write(newStorageKey(), "x")).rejects.toThrow();
  });

  test("the temp folder is on local disk, under DATA_DIR, and emptied by discardUnfinishedUploads", async () => {
    const dataDir = newDir();
    const store = openFileStore({ dataDir, s3: s3Settings(await s3.createBucket()) });
    expect(store.tempDir.startsWith(dataDir)).toBe(true);
    writeFileSync(join(store.tempDir, "cut-off"), "x");
    store.discardUnfinishedUploads();
    expect(existsSync(join(store.tempDir, "cut-off"))).toBe(false);
    expect(existsSync(store.tempDir)).toBe(true);
  });
});

// strace needs ptrace, which some containers refuse: probed once, skipped with the reason printed.
const straceWorks = Bun.which("strace") !== null && Bun.spawnSync(["strace", "-qq", "-o", "/dev/null", "true"]).exitCode === 0;
if (!straceWorks) console.log("SKIPPED the fsync order test: strace is missing or cannot trace here (apt-get install strace; .ci/run installs it)");

describe("local disk only", () => {
  // Durability is the kernel's to prove, so the test watches what the store asks of it: a child
  // process stores a file by adopt and one by write under strace, and each must be renamed into
  // place, then the file and the folder flushed (fsync), before the call returns (the caller
  // commits the database row that points at the file next); write flushes before the rename too.
  test.skipIf(!straceWorks)("adopt and write rename the file into place, then flush it and the folder, before they return", async () => {
    const dir = newDir();
    const child = join(dir, "store-two-files.ts");
    writeFileSync(
      child,
      `import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { localFileStore } from ${JSON.stringify(join(import.meta.dir, "../../src/lib/storage.ts"))};
const store = localFileStore(process.argv[2]);
const temp = join(store.tempDir, "upload-adopted");
writeFileSync(temp, "%PDF-1.4 adopted");
await store.adopt(temp, "adopted-key-0123456789");
console.log("adopted");
await store.write("written-key-0123456789", "%PDF-1.4 written");
console.log("written");
`,
    );
    const trace = join(dir, "trace.txt");
    const proc = Bun.spawn(["strace", "-f", "-qq", "-e", "trace=openat,fsync,fdatasync,rename,renameat,renameat2,write", "-o", trace, process.execPath, child, dir], {
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await new Response(proc.stdout).text()).toBe("adopted\nwritten\n");
    expect(await proc.exited).toBe(0);

    // What happened to our paths, in order: "fsync <path>", "rename <to>", and the two lines the
    // child printed ("said adopted", "said written"), each flush named by the path its fd opened.
    const files = join(dir, "files");
    const opened = new Map<string, string>();
    const events: string[] = [];
    // strace splits a call another thread interrupts ("fsync(5 <unfinished ...>" ... "<... fsync
    // resumed>) = 0"): joined again, in the place where the call returned (padded: "\)\s+=" below).
    const started = new Map<string, string>();
    const lines = (await Bun.file(trace).text()).split("\n").flatMap((raw) => {
      const unfinished = raw.match(/^(\d+)\s+(.*) <unfinished \.\.\.>$/);
      if (unfinished) {
        started.set(unfinished[1]!, unfinished[2]!);
        return [];
      }
      const resumed = raw.match(/^(\d+)\s+<\.\.\. \w+ resumed>(.*)$/);
      return resumed ? [`${resumed[1]}  ${started.get(resumed[1]!) ?? ""}${resumed[2]}`] : [raw];
    });
    for (const line of lines) {
      const open = line.match(/openat\(AT_FDCWD, "([^"]+)", [^)]*\)\s+= (\d+)$/);
      if (open) opened.set(open[2]!, open[1]!);
      const sync = line.match(/f(?:data)?sync\((\d+)\)\s+= 0/);
      if (sync && opened.get(sync[1]!)?.startsWith(files)) events.push(`fsync ${opened.get(sync[1]!)!.slice(files.length) || "/"}`);
      const renamed = line.match(/rename(?:at2?)?\(.*"([^"]+)"(?:, \w+)?\)\s+= 0/);
      if (renamed && renamed[1]!.startsWith(files)) events.push(`rename ${renamed[1]!.slice(files.length)}`);
      const said = line.match(/write\(1, "(adopted|written)\\n"/);
      if (said) events.push(`said ${said[1]}`);
    }
    // After the rename the file's and the folder's flushes run at once, so either may end first.
    const [adopted, written] = [events.slice(0, events.indexOf("said adopted") + 1), events.slice(events.indexOf("said adopted") + 1)];
    const placed = (steps: string[], key: string) => {
      expect(steps[0]).toBe(`rename /${key}`);
      expect(steps.slice(1, 3).sort()).toEqual([`fsync /`, `fsync /${key}`].sort());
      expect(steps.length).toBe(4); // and then the line saying it returned
    };
    placed(adopted, "adopted-key-0123456789");
    // write may replace a stored file, so its bytes are flushed before the rename as well.
    expect(written[0]).toMatch(/^fsync \/\.tmp\/written-key-0123456789\./);
    placed(written.slice(1), "written-key-0123456789");
    expect(written.at(-1)).toBe("said written");
  });

  test("many adopts at once (sharing the folder's flushes) all land, each with its own bytes", async () => {
    const store = localFileStore(newDir());
    const made = Array.from({ length: 40 }, (_, i) => {
      const path = join(store.tempDir, `upload-${i}`);
      writeFileSync(path, `file ${i}`);
      return { path, key: newStorageKey(), text: `file ${i}` };
    });
    await Promise.all(made.map((m) => store.adopt(m.path, m.key)));
    for (const m of made) {
      expect(await (await store.read(m.key))!.text()).toBe(m.text);
      expect(existsSync(m.path)).toBe(false);
    }
  });

  test("storedKeys({ modifiedBefore }) goes by the file's modification time", async () => {
    const store = localFileStore(newDir());
    const key = newStorageKey();
    await store.write(key, "old");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(join(store.tempDir, "..", key), twoHoursAgo, twoHoursAgo);
    expect(await store.storedKeys({ modifiedBefore: new Date(Date.now() - 60 * 60_000) })).toEqual([key]);
  });
});

describe("settings", () => {
  const s3Env = { S3_BUCKET: "portal-files", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
  const errorOf = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: newDir(), ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error("expected a ConfigError");
  };

  test("unset, files stay on local disk", () => {
    expect(loadConfig({ DATA_DIR: newDir() }).s3).toBeNull();
  });

  test("S3_BUCKET with keys and an endpoint selects object storage (path style unless asked)", () => {
    const config = loadConfig({ DATA_DIR: newDir(), ...s3Env, S3_ENDPOINT: "http://minio:9000/", S3_REGION: "eu-central-1" });
    expect(config.s3).toEqual({
      bucket: "portal-files",
      endpoint: "http://minio:9000",
      region: "eu-central-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      virtualHostedStyle: false,
    });
    expect(loadConfig({ DATA_DIR: newDir(), ...s3Env, S3_REGION: "eu-central-1", S3_VIRTUAL_HOSTED_STYLE: "true" }).s3).toMatchObject({ endpoint: null, virtualHostedStyle: true });
  });

  test.each([
    [{ S3_BUCKET: "docs" }, "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set (missing: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)"],
    [{ S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "id", S3_ENDPOINT: "http://s3" }, "(missing: S3_SECRET_ACCESS_KEY)"],
    [{ ...s3Env }, "S3_BUCKET needs S3_ENDPOINT (the storage service's URL) or, on AWS, S3_REGION"],
    [{ ...s3Env, S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT must start with https: or http:// (got \"minio:9000\")"],
    [{ ...s3Env, S3_REGION: "EU Central" }, 'S3_REGION must be a region name such as eu-central-1 (got "EU Central")'],
    [{ ...s3Env, S3_BUCKET: "my/bucket", S3_REGION: "us-east-1" }, 'S3_BUCKET must be a bucket name such as portal-files (got "my/bucket")'],
    [{ ...s3Env, S3_REGION: "us-east-1", S3_VIRTUAL_HOSTED_STYLE: "sometimes" }, 'S3_VIRTUAL_HOSTED_STYLE must be true or false (got "sometimes")'],
    [{ S3_ENDPOINT: "http://minio:9000", S3_ACCESS_KEY_ID: "id" }, "S3_ENDPOINT, S3_ACCESS_KEY_ID need S3_BUCKET (or unset them to keep files on local disk)"],
    [{ S3_REGION: "us-east-1" }, "S3_REGION needs S3_BUCKET (or unset it to keep files on local disk)"],
  ])("%j is refused at start", (env, message) => {
    expect(errorOf(env)).toContain(message);
  });
});

/** Whether s3rver holds a whole part of a multipart upload into `bucket` (it keeps parts in a folder of their own). */
function partsStarted(directory: string, bucket: string): boolean {
  return [...new Bun.Glob("**/*.md5").scanSync({ cwd: join(directory, bucket), onlyFiles: true, dot: true })].some((name) => /uploads/.test(name));
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await Bun.sleep(5);
}
