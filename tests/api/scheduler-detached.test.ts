// Long jobs beside the scheduler's passes (issue 42, recognition gap a): a recognition's OCR may
// take up to a minute; run inside a pass it held the pass, and every email due meanwhile waited
// for its end. Detached kinds run beside the passes, a few at a time; the rest wait pending.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs } from "../../db/tables.ts";
import { transaction } from "../../db/transaction.ts";
import { detachedJobs } from "../../src/jobs.ts";
import { WEBHOOK_DELIVERY_JOB } from "../../src/features/webhooks/outbox.ts";
import { RECOGNISE_UPLOAD_JOB } from "../../src/features/portal/recognition.ts";
import { enqueueJob, Scheduler } from "../../src/lib/jobs.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();

/** A promise and the function that settles it: a job that runs until the test lets it end. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const enqueue = (kind: string) => {
  const { ctx } = srv.server;
  return transaction(ctx.db, (tx) => enqueueJob(tx, ctx.clock, { kind, payload: {} }));
};
const statusOf = async (id: string) => (await srv.server.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
/** Generous: only a scheduler that holds its pass behind the slow job ever reaches it. */
const stuck = () => new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 20_000));

describe("a long job does not hold the pass", () => {
  test("an email due while a recognition runs is sent in the next pass, before the recognition ends", async () => {
    const { ctx } = srv.server;
    const slow = gate();
    const started = gate();
    const sent: string[] = [];
    const scheduler = new Scheduler(
      ctx,
      {
        reading: async () => {
          started.open();
          await slow.opened;
        },
        email: async (_, job) => void sent.push(job.id),
      },
      { detached: { reading: 2 } },
    );
    const reading = (await enqueue("reading"))!;
    void scheduler.tick();
    await started.opened;

    const email = (await enqueue("email"))!;
    // (The first pass may still be claiming, and take the email itself: either way it is not held.)
    expect(await Promise.race([scheduler.tick(), stuck()])).not.toBe("stuck");
    expect(sent).toEqual([email]);
    expect((await statusOf(email)).status).toBe("done");
    expect((await statusOf(reading)).status).toBe("running");

    slow.open();
    await scheduler.settled();
    expect((await statusOf(reading)).status).toBe("done");
    await scheduler.stop();
  });

  test("beyond the limit, detached jobs stay pending, unattempted, for a later pass", async () => {
    const { ctx } = srv.server;
    const slow = gate();
    const scheduler = new Scheduler(ctx, { reading: () => slow.opened }, { detached: { reading: 1 } });
    const first = (await enqueue("reading"))!;
    const second = (await enqueue("reading"))!;
    await scheduler.tick();
    const states = [await statusOf(first), await statusOf(second)];
    expect(states.map((s) => s.status).sort()).toEqual(["pending", "running"]);
    expect(states.find((s) => s.status === "pending")!.attempts).toBe(0);
    // With the one slot taken, a pass does not claim it again.
    expect(await scheduler.tick()).toBe(0);
    slow.open();
    await scheduler.settled();
    await scheduler.tick();
    await scheduler.settled();
    expect((await statusOf(first)).status).toBe("done");
    expect((await statusOf(second)).status).toBe("done");
    await scheduler.stop();
  });

  test("one kind's full slots never hold another detached kind", async () => {
    const { ctx } = srv.server;
    const slow = gate();
    const delivered: string[] = [];
    const scheduler = new Scheduler(ctx, { reading: () => slow.opened, delivery: async (_, job) => void delivered.push(job.id) }, { detached: { reading: 1, delivery: 1 } });
    const reading = (await enqueue("reading"))!;
    await scheduler.tick();
    expect((await statusOf(reading)).status).toBe("running");
    const delivery = (await enqueue("delivery"))!;
    await scheduler.tick();
    // Generous: the delivery runs beside the reading at once; only a shared slot would keep it waiting.
    for (let waited = 0; (await statusOf(delivery)).status !== "done" && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivered).toEqual([delivery]);
    expect((await statusOf(delivery)).status).toBe("done");
    expect((await statusOf(reading)).status).toBe("running");
    slow.open();
    await scheduler.settled();
    await scheduler.stop();
  });

  test("the portal runs recognitions and webhook deliveries detached, each kind with its own slots", () => {
    expect(Object.keys(detachedJobs).sort()).toEqual([RECOGNISE_UPLOAD_JOB, WEBHOOK_DELIVERY_JOB].sort());
    expect(Object.values(detachedJobs).every((n) => n >= 1)).toBe(true);
  });
});
