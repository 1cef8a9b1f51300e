// The last line: whatever a screen throws while rendering (a chunk that would not load, a bug)
// ends on a page that says so and offers a way on, never on a blank page. A chunk missing because
// the portal was upgraded under an open tab reloads the page instead (new-version.ts).
import { Component, type ErrorInfo, type ReactNode } from "react";
import { isDown } from "../api/connection";
import { isChunkLoadError, reloadIfNewVersion } from "../api/new-version";

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("A screen failed", error, info.componentStack);
    void reloadIfNewVersion(error);
  }

  private retry = () => this.setState({ error: null });

  render() {
    if (this.state.error === null) return this.props.children;
    const offline = isDown() || isChunkLoadError(this.state.error);
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold text-slate-900">{offline ? "This page could not be loaded" : "Something went wrong"}</h1>
        <p className="text-slate-700">
          {offline
            ? "The portal could not be reached. Check your connection, then try again."
            : "This screen ran into a problem. Nothing you saved is lost. Try again, or go back to the start."}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" onClick={this.retry} className="rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
            Try again
          </button>
          <a href="/" className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
            Go to the start
          </a>
        </div>
      </main>
    );
  }
}
