// The check slots: at most N large checks at once, whatever arrives; small files need none.
// First the limiter by itself (tasks the test finishes by hand), then through the portal: a large
// upload that finds every slot taken waits with only its temporary file on disk, and is checked
// and stored once a slot frees; a small one is checked at once.
import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { CHECK_THREADS, checkSlots, SLOTLESS_BYTES } from "../../src/features/document-checks/limiter.ts";
import { Limiter } from "../../src/lib/limiter.ts";
import { realPdf, realPdfOfSize } from "../files/samples.ts";
import { createCustomer, uploadFile } from "../support/fixtures.ts";
import { useTestServer } from "../support/server.ts";
import { row as firstRow, statement } from "../support/sql.ts";

/** A promise the test settles when it chooses. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Lets every queued microtask and the ones they queue run (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe("Limiter", () => {
  test("runs at most N tasks at once, starts the rest in arrival order as slots free, and finishes them all", async () => {
    const limiter = new Limiter(2);
    const gates = Array.from({ length: 5 }, () => gate<number>());
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const results = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        mostAtOnce = Math.max(mostAtOnce, ++running);
        try {
          return await g.promise;
        } finally {
          running--;
        }
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);

    gates[1]!.open(10);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open(0);
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[3]!.open(30);
    gates[2]!.open(20);
    await settle();
    gates[4]!.open(40);

    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(mostAtOnce).toBe(2);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  test("a task that throws (or rejects) gives its slot back, and its caller gets the error", async () => {
    const limiter = new Limiter(1);
    const held = gate();
    const first = limiter.run(() => held.promise);
    const throwing = limiter.run(() => {
      throw new Error("decoder failed");
    });
    const rejecting = limiter.run(() => Promise.reject(new Error("pdf.js failed")));
    const last = limiter.run(() => "stored");
    await settle();
    expect([limiter.active, limiter.waiting]).toEqual([1, 3]);

    held.fail(new Error("first failed"));
    const outcomes = await Promise.allSettled([first, throwing, rejecting, last]);
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([
      "first failed",
      "decoder failed",
      "pdf.js failed",
      "stored",
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected", "fulfilled"]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  test("a task arriving while a slot is handed over does not jump the queue", async () => {
    const limiter = new Limiter(1);
    const held = gate();
    const order: string[] = [];
    const a = limiter.run(() => held.promise.then(() => order.push("a")));
    const b = limiter.run(() => order.push("b"));
    await settle();
    held.open();
    const c = limiter.run(() => order.push("c"));
    await Promise.all([a, b, c]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  test("needs at least one slot", () => {
    expect(() => new Limiter(0)).toThrow();
    expect(() => new Limiter(1.5)).toThrow();
    // One core but one is given to the checks (their threads), at least one, each handed two
    // files at once (the one it opens and the next).
    expect(CHECK_THREADS).toBe(Math.max(1, availableParallelism() - 1));
    expect(checkSlots.slots).toBe(CHECK_THREADS * 2);
  });
});

describe("uploads go through the check slots", () => {
  const srv = useTestServer();
  const holds: Array<ReturnType<typeof gate<void>>> = [];
  afterEach(() => {
    for (const hold of holds.splice(0)) hold.open();
  });

  /** Takes every slot, as that many other large uploads being checked would. */
  const takeEverySlot = async () => {
    const taken = Array.from({ length: checkSlots.slots }, () => {
      const hold = gate<void>();
      holds.push(hold);
      void checkSlots.run(() => hold.promise);
      return hold;
    });
    await settle();
    expect(checkSlots.active).toBe(checkSlots.slots);
    return taken;
  };

  test("with every slot taken, a large upload waits on disk; when one frees it is checked and stored", async () => {
    const broker = await srv.signUpBroker();
    const customer = await createCustomer(srv, broker.token);
    const doc = customer.documents[0]!;
    const taken = await takeEverySlot();

    const large = realPdfOfSize(SLOTLESS_BYTES + 100_000);
    const upload = uploadFile(srv, customer.uploadLink, doc.id, { bytes: large });
    // The body is read to its temporary file, then the upload queues for a slot.
    while (checkSlots.waiting === 0) await Bun.sleep(5);
    expect(readdirSync(srv.server.ctx.files.tempDir)).toHaveLength(1);
    const row = async () =>
      (await firstRow(srv.server.ctx.db, statement("SELECT status, storage_key, page_count FROM documents WHERE id = ?", doc.id))) as {
        status: string;
        storage_key: string | null;
        page_count: number | null;
      };
    expect(await row()).toEqual({ status: "requested", storage_key: null, page_count: null });

    taken[0]!.open();
    const res = await upload;
    expect(res.status).toBe(200);
    // Checked by pdf.js in the freed slot: its page counted, then stored.
    expect(await row()).toMatchObject({ status: "uploaded", page_count: 1 });
    expect((await row()).storage_key).not.toBeNull();
    expect(readdirSync(srv.server.ctx.files.tempDir)).toHaveLength(0);
    expect(checkSlots.waiting).toBe(0);
  });

  test("a small upload needs no slot: with every slot taken it is checked and stored at once", async () => {
    const broker = await srv.signUpBroker();
    const customer = await createCustomer(srv, broker.token);
    const doc = customer.documents[0]!;
    await takeEverySlot();

    const res = await uploadFile(srv, customer.uploadLink, doc.id, { bytes: realPdf(2) });
    expect(res.status).toBe(200);
    const stored = await firstRow(srv.server.ctx.db, statement("SELECT status, page_count FROM documents WHERE id = ?", doc.id));
    expect(stored).toEqual({ status: "uploaded", page_count: 2 });
    // The slots are still all held by the others, and nothing waited for one.
    expect([checkSlots.active, checkSlots.waiting]).toEqual([checkSlots.slots, 0]);
  });
});
