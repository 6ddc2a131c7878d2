/**
 * Filter state lives in the URL: `?name=acme&page=2`. These helpers read a page's `searchParams`
 * into the flat record the domain's zod query schemas parse, and build links that change one part
 * of it. An empty field of a submitted form is the same as an absent one.
 */
import type { z } from 'zod';

export type SearchParams = Record<string, string | string[] | undefined>;
export type Params = Record<string, string>;

/** The non-empty, trimmed, single values of a page's search params. */
export function readParams(searchParams: SearchParams): Params {
  const out: Params = {};
  for (const [key, raw] of Object.entries(searchParams)) {
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export interface ParamProblem {
  param: string;
  message: string;
}

/**
 * Parses the params with a domain query schema. When a filter is invalid (for example `page=0`
 * typed into the address bar), the problems are returned and the list falls back to its defaults,
 * so the page still shows something useful next to the message.
 */
export function parseQuery<S extends z.ZodType>(schema: S, params: Params): { query: z.output<S>; problems: ParamProblem[] } {
  const parsed = schema.safeParse(params);
  if (parsed.success) return { query: parsed.data, problems: [] };
  const problems = parsed.error.issues.map((i) => ({ param: String(i.path[0] ?? ''), message: i.message }));
  const bad = new Set(problems.map((p) => p.param));
  const kept = Object.fromEntries(Object.entries(params).filter(([k]) => !bad.has(k)));
  const retry = schema.safeParse(kept);
  return { query: (retry.success ? retry.data : schema.parse({})) as z.output<S>, problems };
}

/** `path?params` with `changes` applied (`undefined` or '' removes a param). */
export function hrefWith(path: string, params: Params, changes: Record<string, string | number | undefined> = {}): string {
  const next = new URLSearchParams();
  const merged: Record<string, string | number | undefined> = { ...params, ...changes };
  for (const [key, value] of Object.entries(merged)) {
    if (value !== undefined && value !== '') next.set(key, String(value));
  }
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
}
