// A portal that sends through a real SMTP server, with a signed-up broker: one pair per test,
// both stopped after it (the tests that read the emails each one sends).
import { afterEach } from "bun:test";
import { startTestServer, type Broker, type TestServer } from "./server.ts";
import { startSmtp, type TestSmtp } from "./smtp.ts";

export interface SmtpPortal {
  srv: TestServer;
  smtp: TestSmtp;
  broker: Broker;
}

/**
 * Call at the top of a test file; the returned function starts one portal and SMTP server, and its
 * `afterTest` adds a clean-up of the test's own (run first, after the test).
 */
export function useSmtpPortalPerTest(): (() => Promise<SmtpPortal>) & { afterTest: (cleanup: () => Promise<void>) => void } {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  const start = async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    const srv = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com" });
    cleanups.push(() => srv.stop());
    const broker = await srv.signUpBroker({ firstName: "Rita", lastName: "Reviewer" });
    return { srv, smtp, broker };
  };
  return Object.assign(start, { afterTest: (cleanup: () => Promise<void>) => void cleanups.push(cleanup) });
}
