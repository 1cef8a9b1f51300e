// The compiled ./portal carries the SQLite checkpointer's worker thread as an entrypoint of its own
// (scripts/compile.ts): if the executable could not find it, the portal would say so on stderr
// and checkpoint on its event loop again (db/checkpointer.ts).
import { expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, waitForHealthy } from "../support/cli.ts";
import { tempDir } from "../support/server.ts";
import { freePort } from "../support/smtp.ts";

test("the executable starts its checkpoint thread", async () => {
  const dataDir = tempDir("portal-checkpointer-");
  const port = await freePort();
  const proc = Bun.spawn([join(repoRoot, "portal"), "serve", "--port", String(port), "--data", dataDir], {
    cwd: dataDir,
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "debug" },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    await waitForHealthy(`http://127.0.0.1:${port}`);
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
  const output = (await new Response(proc.stdout).text()) + (await new Response(proc.stderr).text());
  rmSync(dataDir, { recursive: true, force: true });
  expect(output).toContain("is running at");
  expect(output).not.toContain("checkpoint thread");
});
