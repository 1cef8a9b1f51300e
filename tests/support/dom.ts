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
