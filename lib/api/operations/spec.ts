/** The shape of one entry of the operation table (index.ts). */
import type { z } from 'zod';
import type { Scope } from '@/lib/domain/scopes';

export interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A literal type per operation (the API tests type their answers by it). */
  path: `/api/v2/${string}`;
  /** `null` with no `caller`: a public operation (no token). */
  scope: Scope | null;
  /** `user`: only a user signed in to the dashboard (session cookie) may call it, whatever the scope; a token is 403. */
  caller?: 'user';
  tag: string;
  summary: string;
  description?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyOptional?: boolean;
  /** `Idempotency-Key` replays the first response (the wrapper stores it in the operation's transaction). */
  idempotent?: boolean;
  /** The body is a file's raw bytes (a document upload), not JSON: its content types and largest size (413 above). */
  rawBody?: { maxBytes: number; contentTypes: readonly string[] };
  /**
   * A create operation: the member of the domain value that holds the resource. The wrapper answers
   * 201 with `Location` for a new one, 200 with `matched` when the value names an equivalent existing one.
   */
  created?: 'apiToken' | 'company' | 'document' | 'employee' | 'followUpPlan' | 'location' | 'order' | 'package' | 'user' | 'webhookEndpoint' | 'randomPool' | 'randomDraw';
  /** Success status and shape. */
  responses: Record<number, { description: string; schema?: z.ZodType; headers?: Record<string, string>; /** A file, not JSON: its content types. */ files?: readonly string[] }>;
  /** Error statuses the operation can answer besides 401/403/429/500. */
  errors: readonly number[];
}

export const ok = <S extends z.ZodType>(schema: S, description = 'OK') => ({ 200: { description, schema } });
/** An operation that queues work (a test send, a recovery, a redelivery): 202 with what was queued. */
export const accepted = <S extends z.ZodType>(schema: S, description = 'Accepted: queued') => ({ 202: { description, schema } });
