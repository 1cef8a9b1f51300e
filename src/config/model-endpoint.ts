// The optional OpenAI-compatible model endpoint (issue 42 item 5): a local Ollama or vLLM, or a
// provider the operator chooses. Off unless LLM_BASE_URL is set: then nothing is ever sent
// anywhere. With it, case descriptions (for a proposed checklist) and a trimmed excerpt of a
// document's text (a second opinion on a recognition the rules are unsure of) go to it; what
// exactly is in docs/security.md.
import { ConfigError, parseSeconds, parseUrl, value, type Env } from "./parse.ts";

export interface ModelEndpointConfig {
  /** LLM_BASE_URL: the API's base, e.g. http://127.0.0.1:11434/v1 (chat completions are POSTed to {base}/chat/completions). */
  baseUrl: string;
  /** LLM_MODEL: the model's name as the endpoint knows it. */
  model: string;
  /** LLM_API_KEY: sent as a Bearer token; null: none (a local server). */
  apiKey: string | null;
  /** LLM_TIMEOUT_SECONDS (10): past it the rules answer. */
  timeoutMs: number;
}

export function modelEndpointConfig(env: Env): ModelEndpointConfig | null {
  const base = value(env, "LLM_BASE_URL");
  const model = value(env, "LLM_MODEL");
  if (!base) {
    if (model || value(env, "LLM_API_KEY")) throw new ConfigError("LLM_MODEL and LLM_API_KEY need LLM_BASE_URL (the model endpoint is off without it)");
    return null;
  }
  const url = parseUrl(base, "LLM_BASE_URL", ["http:", "https:"]);
  if (!model) throw new ConfigError("LLM_MODEL must name the model when LLM_BASE_URL is set");
  return {
    baseUrl: url.href.replace(/\/+$/, ""),
    model,
    apiKey: value(env, "LLM_API_KEY") ?? null,
    timeoutMs: parseSeconds(env, "LLM_TIMEOUT_SECONDS", "10"),
  };
}
