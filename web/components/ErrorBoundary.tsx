// The last line: whatever a screen throws while rendering (a chunk that would not load, a bug)
// ends on a page that says so and offers a way on, never on a blank page. A chunk missing because
// the portal was upgraded under an open tab reloads the page instead; one that failed because the
// server was unreachable is tried again by itself once it is back (new-version.ts).
import { Component, type ReactNode } from "react";
import { Button, buttonClass } from "./ui/Button";
import { recoverFromChunkError } from "../api/new-version";

interface State {
  error: unknown;
}

/** `inShell`: the boundary of one screen inside the broker shell, whose header and navigation stay. */
export class ErrorBoundary extends Component<{ children: ReactNode; inShell?: boolean }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
    // Part of the first load, not a chunk of its own: after an upgrade that chunk would be one of
    // the old build's missing files too, and the tab stayed on this page (tests/e2e/new-version.test.ts).
    // A boundary gone by the time the server is back: its retry is a no-op then (React ignores it).
    void recoverFromChunkError(error, this.retry);
  }

  private retry = () => this.setState({ error: null });

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <section role="alert" className={`mx-auto flex max-w-md flex-col items-center justify-center gap-4 p-6 text-center ${this.props.inShell ? "py-20" : "min-h-screen"}`}>
        {/* While the server cannot be reached, the banner above says so. */}
        <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="text-slate-700">Nothing you saved is lost. Try again, or go back to the start.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onPress={this.retry}>Try again</Button>
          {/* A plain link: a full page load, which also leaves whatever state failed behind. */}
          <a href="/" className={buttonClass("secondary")}>
            Go to the start
          </a>
        </div>
      </section>
    );
  }
}
