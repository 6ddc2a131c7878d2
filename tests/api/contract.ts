/**
 * The response contract, checked on every call the API tests make (tests/api/harness.ts): a
 * success answer must parse with its operation's response schema in the operation table (the same
 * zod schema the OpenAPI document shows), an error answer with the spec's error envelope. A test
 * cannot pass on a response the document does not describe.
 */
import type { z } from 'zod';
import { operations } from '@/lib/api/operations';
import { ErrorEnvelope } from '@/lib/api/representations';

interface Route {
  id: string;
  method: string;
  pattern: RegExp;
  /** Fewer parameters first: `/orders/export` before `/orders/{id}`. */
  parameters: number;
  responses: Record<number, { schema?: z.ZodType; files?: readonly string[] }>;
}

const ROUTES: Route[] = Object.entries(operations)
  .map(([id, op]) => ({
    id,
    method: op.method,
    pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    parameters: (op.path.match(/\{/g) ?? []).length,
    responses: op.responses as Route['responses'],
  }))
  .sort((a, b) => a.parameters - b.parameters);

const issuesOf = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

/** What is wrong with an answer of `method pathname`, or null when it keeps the contract (or is no /api/v2 JSON). */
export function contractViolation(method: string, pathname: string, status: number, body: unknown): string | null {
  if (!pathname.startsWith('/api/v2/') || Buffer.isBuffer(body) || status === 204) return null;
  if (status >= 400) {
    const parsed = ErrorEnvelope.safeParse(body);
    if (!parsed.success) return `the error envelope: ${issuesOf(parsed.error)}`;
    return parsed.data.statusCode === status ? null : `statusCode ${parsed.data.statusCode} in a ${status} answer`;
  }
  const route = ROUTES.find((r) => r.method === method && r.pattern.test(pathname));
  if (!route) return null; // not an operation of the table (the OpenAPI document itself)
  const response = route.responses[status];
  if (!response) return `${route.id} does not declare status ${status}`;
  if (!response.schema) return null;
  const parsed = response.schema.safeParse(body);
  return parsed.success ? null : `${route.id} ${status}: ${issuesOf(parsed.error)}`;
}
