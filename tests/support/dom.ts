// Preload for component tests: a browser-like global environment (happy-dom).
// Run with: bun test --preload ./tests/support/dom.ts tests/web
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000" });

// Testing Library must load after the DOM globals exist, hence the dynamic import.
const { afterEach } = await import("bun:test");
const { cleanup, configure } = await import("@testing-library/react");
// findBy… and waitFor end as soon as what they wait for is there; their give-up is generous so a
// busy 2-core machine (a lazy chunk, a catalog part still loading) never fails a test (1 s by default).
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// The portal's messages: English, loaded once before any test renders (the app preloads the
// catalog with the screen, so components never wait for it); a test that switches language
// switches back after itself (below).
const i18n = await import("../../web/lib/i18n/store");
await i18n.activateLanguage("en");
afterEach(() => i18n.activateLanguage("en"));
