/**
 * Optional rewriting by a language model behind an OpenAI-compatible endpoint (TYPHOON_LLM_BASE_URL,
 * TYPHOON_LLM_API_KEY, TYPHOON_LLM_MODEL). The model's text is used only when every number in it appears in
 * the text it was given; otherwise, and on any failure, the generated text stands.
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  /** No call starts, and none runs, past this time (ms since the epoch): the scheduled run's deadline. */
  deadline?: number;
}

export function llmFromEnv(): LlmConfig | null {
  const { TYPHOON_LLM_BASE_URL: baseUrl, TYPHOON_LLM_API_KEY: apiKey, TYPHOON_LLM_MODEL: model } = process.env;
  return baseUrl && apiKey && model ? { baseUrl: baseUrl.replace(/\/$/, ''), apiKey, model } : null;
}

/** The numbers in a text, normalised (`62.0` and `62` are the same number). */
export function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => String(Number(m[0]))));
}

/** Every number of `candidate` appears in `source`. */
export function keepsNumbers(candidate: string, source: string): boolean {
  const allowed = numbersIn(source);
  return [...numbersIn(candidate)].every((n) => allowed.has(n));
}

export interface Rewritten {
  text: string;
  generator: 'llm' | 'template';
}

export async function rewrite(text: string, language: 'zh' | 'en', config: LlmConfig | null): Promise<Rewritten> {
  const timeoutMs = Math.min(config?.timeoutMs ?? 8000, (config?.deadline ?? Infinity) - Date.now());
  if (!config || timeoutMs < 1000) return { text, generator: 'template' };
  try {
    const response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content: `Rewrite this typhoon news text in ${language === 'zh' ? 'Simplified Chinese' : 'English'} as a fluent short news item. Keep every number exactly; add no number, place or claim.`,
          },
          { role: 'user', content: text },
        ],
      }),
    });
    if (!response.ok) return { text, generator: 'template' };
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const candidate = body.choices?.[0]?.message?.content?.trim();
    if (!candidate || !keepsNumbers(candidate, text)) return { text, generator: 'template' };
    return { text: candidate, generator: 'llm' };
  } catch {
    return { text, generator: 'template' };
  }
}
