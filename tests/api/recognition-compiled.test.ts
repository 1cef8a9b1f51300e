// Recognition inside a compiled executable (`bun build --compile`, as scripts/compile.ts builds
// ./portal): the reading thread is an entrypoint of its own, and the OCR engine's WebAssembly and
// English model are files embedded in the executable, not read from node_modules. A small
// executable built the same way reads a photo from a directory with no node_modules in reach.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "../..");
const buildDir = join(root, "build", `recognition-check-${process.pid}`);
const runDir = mkdtempSync(join(tmpdir(), "recognition-compiled-"));
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(runDir, { recursive: true, force: true });
});

test("the compiled executable reads a photo with the embedded OCR engine and model", async () => {
  mkdirSync(buildDir, { recursive: true });
  const entry = join(buildDir, "entry.ts");
  // As the portal's generated entry does: files registered as embedded, so threads are found by
  // their path inside the executable.
  writeFileSync(
    entry,
    `import { registerEmbeddedFiles } from "../../src/lib/embedded.ts";
import { recogniseFile } from "../../src/features/recognition/service.ts";
import { recognitionRulesFor } from "../../src/shared/recognition/rules.ts";
registerEmbeddedFiles({ web: {}, migrations: [], pgMigrations: [] });
const [path] = process.argv.slice(2);
const log = { warn: (message: string, fields?: unknown) => console.error(message, JSON.stringify(fields)) };
const result = await recogniseFile({ path: path!, mimeType: "image/jpeg", documentName: "Photo ID", rules: recognitionRulesFor("Photo ID"), customerName: null, now: new Date("2025-11-20T12:00:00Z"), log });
console.log(JSON.stringify({ result, embedded: Bun.embeddedFiles.map((file) => (file as Blob & { name: string }).name) }));
process.exit(0);
`,
  );
  const outfile = join(buildDir, "recognition-check");
  const built = await Bun.build({
    entrypoints: [entry, join(root, "src/work-thread.ts")],
    compile: { outfile },
    minify: false,
    sourcemap: "none",
    throw: false,
  });
  expect(built.logs.map(String)).toEqual([]);
  expect(built.success).toBe(true);

  const photo = join(runDir, "licence.jpg");
  writeFileSync(photo, new Uint8Array(await Bun.file(join(root, "tests/files/recognition/mindee-client-lib-test-data--v1_products_us_driver_license_default_sample.jpg")).arrayBuffer()));
  const proc = Bun.spawn([outfile, photo], { cwd: runDir, stdout: "pipe", stderr: "pipe", env: { PATH: process.env.PATH ?? "" } });
  const [stdout, stderr] = [await new Response(proc.stdout).text(), await new Response(proc.stderr).text()];
  expect(await proc.exited).toBe(0);
  expect(stderr).toBe("");
  const { result, embedded } = JSON.parse(stdout);
  expect(result).toMatchObject({ kind: "photo_id", verdict: "warn", messages: ["This ID expired on 1 February 2018"] });
  // Read from inside the executable, not from this checkout's node_modules.
  expect(embedded).toEqual(expect.arrayContaining([expect.stringMatching(/^tesseract-core-simd-lstm(-[a-z0-9]+)?\.wasm$/), expect.stringMatching(/^eng\.traineddata(-[a-z0-9]+)?\.gz$/)]));
});
