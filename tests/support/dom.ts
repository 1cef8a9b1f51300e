// Preload for component tests: a browser-like global environment (happy-dom).
// Run with: bun test --preload ./tests/support/dom.ts tests/web
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000" });

// Testing Library must load after the DOM globals exist, hence the dynamic import.
const { afterEach } = await import("bun:test");
const { cleanup } = await import("@testing-library/react");
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
