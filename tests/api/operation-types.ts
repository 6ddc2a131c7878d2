/**
 * The type of an API answer by operation: a call's method and path (a literal, or a template such
 * as `/api/v2/orders/${id}`) name the operation of the table (lib/api/operations), and its body
 * has the type of that operation's success schema, beside the error envelope's members (read them
 * after asserting an error status). A path of no operation keeps `any` (the OpenAPI document, files).
 */
import type { z } from 'zod';
import type { operations } from '@/lib/api/operations';
import type { ErrorEnvelope } from '@/lib/api/representations';

type Ops = typeof operations;
type Id = keyof Ops;

/** `/a/b?x=1` → `/a/b`. */
type PathOnly<P extends string> = P extends `${infer Path}?${string}` ? Path : P;
/** `/api/v2/orders/x` → ['', 'api', 'v2', 'orders', 'x']. */
type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [P];
/** A path's segments against an operation's (`{id}` matches any one segment). */
type SegmentsMatch<Actual extends string[], Declared extends string[]> = Actual extends [infer A extends string, ...infer AR extends string[]]
  ? Declared extends [infer D extends string, ...infer DR extends string[]]
    ? D extends `{${string}}`
      ? SegmentsMatch<AR, DR>
      : A extends D
        ? SegmentsMatch<AR, DR>
        : false
    : false
  : Declared extends []
    ? true
    : false;

export type OperationOf<M extends string, P extends string> = {
  [K in Id]: Ops[K]['method'] extends M ? (SegmentsMatch<Segments<PathOnly<P>>, Segments<Ops[K]['path']>> extends true ? K : never) : never;
}[Id];

type BodyOfResponse<R> = R extends { schema: infer S extends z.ZodType } ? z.output<S> : never;
type SuccessBody<K extends Id> = { [S in keyof Ops[K]['responses']]: BodyOfResponse<Ops[K]['responses'][S]> }[keyof Ops[K]['responses']];

/** What a test reads in `res.body` for `method path`. */
export type BodyOf<M extends string, P extends string> = [OperationOf<M, P>] extends [never] ? any : SuccessBody<OperationOf<M, P>> & z.output<typeof ErrorEnvelope>;
