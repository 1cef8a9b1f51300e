// The last line: whatever a screen throws while rendering (a chunk that would not load, a bug)
// ends on a page that says so and offers a way on, never on a blank page. A chunk missing because
// the portal was upgraded under an open tab reloads the page instead (new-version.ts).
import { Component, type ReactNode } from "react";
import { isDown } from "../api/connection";
import { Button, LinkButton } from "./ui/Button";

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
    // Its own small chunk: only a page that failed needs it (and if it cannot load, the server is
    // unreachable, which is no new version).
    void import("../api/new-version").then(({ reloadIfNewVersion }) => reloadIfNewVersion(error)).catch(() => {});
  }

  private retry = () => this.setState({ error: null });

  render() {
    if (this.state.error === null) return this.props.children;
    const offline = isDown();
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold text-slate-900">{offline ? "This page could not be loaded" : "Something went wrong"}</h1>
        <p className="text-slate-700">
          {offline
            ? "Check your connection, then try again."
            : "Nothing you saved is lost. Try again, or go back to the start."}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onPress={this.retry}>Try again</Button>
          <LinkButton variant="secondary" href="/">
            Go to the start
          </LinkButton>
        </div>
      </main>
    );
  }
}
