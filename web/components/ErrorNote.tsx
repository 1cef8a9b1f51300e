import { errorText } from "../api/client";

/**
 * `text`: what to say instead, where the screen words the error itself (in its language).
 * Why a form's request failed, under the form (role alert): the server's message, else
 * `fallback` (by default SPEC 8's "Service Temporarily Unavailable"; a network failure never reached
 * the server, and says so rather than "Failed to fetch"). Nothing while there is no error.
 */
export function ErrorNote({ error, fallback = "Service Temporarily Unavailable. Please try again.", text }: { error: Error | null | undefined; fallback?: string; text?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {text ?? errorText(error, fallback)}
    </p>
  );
}
