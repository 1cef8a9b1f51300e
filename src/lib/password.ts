// argon2id through Bun.password. Each hash takes about 64 MiB, so at most a few run at once;
// the rest wait their turn instead of exhausting memory under a burst of sign-ins.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return withSlot(() => Bun.password.hash(password, { algorithm: "argon2id" }));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return withSlot(() => Bun.password.verify(password, hash));
}

// Checked against when an account does not exist, so a wrong email costs the same time as a
// wrong password and timing does not tell which emails are registered.
let dummyHash: Promise<string> | null = null;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password-" + crypto.randomUUID());
  return dummyHash.then((hash) => verifyPassword(password, hash));
}
