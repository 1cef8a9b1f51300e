// BACKUP_CRON: the serving portal backs itself up on a schedule (croner parses the pattern and
// keeps the timer), writing the same archive as `portal backup --to BACKUP_DIR --keep BACKUP_KEEP`.
// One at a time: a backup still running when the next is due makes that one skip.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Cron } from "croner";
import type { AppContext } from "../../context.ts";
import { backupFileName, createBackup, pruneBackups } from "./backup.ts";

export function scheduleBackups(ctx: AppContext): () => void {
  const settings = ctx.config.scheduledBackups;
  if (!settings) return () => {};
  const job = new Cron(settings.cron, { protect: true }, async () => {
    try {
      mkdirSync(settings.dir, { recursive: true });
      const result = await createBackup({ dataDir: ctx.config.dataDir, out: join(settings.dir, backupFileName(new Date())) });
      const removed = pruneBackups(settings.dir, settings.keep);
      ctx.log.info("Scheduled backup written", { path: result.path, bytes: result.bytes, removed: removed.length });
    } catch (error) {
      ctx.log.error("Scheduled backup failed; the next one runs as scheduled", { error: (error as Error).message });
    }
  });
  ctx.log.info("Scheduled backups on", { cron: settings.cron, dir: settings.dir, keep: settings.keep, next: job.nextRun()?.toISOString() });
  return () => job.stop();
}
