/**
 * Drives the real route handlers of app/api/v2 with real Requests, against a real database,
 * exactly as Next.js would call them (the router below maps a path to the route file and params).
 * Every answer is checked against the response contract (./contract.ts) before a test sees it.
 */
import fs from 'node:fs';
import { NextRequest } from 'next/server';
import { sql, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { openDatabase, type Database, type Db } from '@/lib/db/client';
import { closeDatabase, setDatabase } from '@/lib/app-db';
import { DEMO } from '@/lib/seed';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import type { Scope } from '@/lib/domain/scopes';
import { contractViolation } from './contract';
import type { BodyOf } from './operation-types';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

// Loaded on a file's first call of each route: a file imports only the routes it calls (importing
// every route module eagerly was most of each file's collect time).
const modules = import.meta.glob<RouteModule>('/app/api/**/route.ts');

interface CompiledRoute {
  pattern: RegExp;
  names: string[];
  catchAll: boolean;
  load: () => Promise<RouteModule>;
  specificity: number;
}

const routes: CompiledRoute[] = Object.entries(modules)
  .map(([file, load]) => {
    const segments = file.replace(/^\/app/, '').replace(/\/route\.ts$/, '').split('/').filter(Boolean);
    const names: string[] = [];
    let catchAll = false;
    const pattern = segments
      .map((s) => {
        const dynamic = /^\[(\.\.\.)?(\w+)\]$/.exec(s);
        if (!dynamic) return `/${s}`;
        names.push(dynamic[2]);
        if (dynamic[1]) {
          catchAll = true;
          return '/(.+)';
        }
        return '/([^/]+)';
      })
      .join('');
    const specificity = segments.filter((s) => !s.startsWith('[')).length * 10 - (catchAll ? 5 : 0);
    return { pattern: new RegExp(`^${pattern}$`), names, catchAll, load, specificity };
  })
  .sort((a, b) => b.specificity - a.specificity);

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** One call to the API, through the real handler of the matching route file. */
export async function call<M extends string, P extends string>(method: M, path: P, options: RequestOptions = {}): Promise<ApiResponse<BodyOf<M, P>>> {
  type T = BodyOf<M, P>;
  const url = new URL(path, 'http://localhost');
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.rawBody;
  // A Blob is sent as it is, with its own type as Content-Type (a document upload's file).
  if (options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  // What Next.js hands a route: a NextRequest (next-auth's handler reads `nextUrl`).
  const request = new NextRequest(url, { method, headers, body });
  const route = routes.find((r) => r.pattern.test(url.pathname));
  if (!route) throw new Error(`No route file for ${url.pathname}`);
  const match = route.pattern.exec(url.pathname)!;
  const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
  const handler = (await route.load())[method];
  if (!handler) return { status: 405, headers: new Headers(), body: null as unknown as T };
  const response = await handler(request, { params: Promise.resolve(params) });
  // A file (a document's contents) comes back as its bytes, anything else is JSON.
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = /json/.test(response.headers.get('content-type') ?? 'application/json');
  const text = isJson ? bytes.toString('utf8') : '';
  const parsed = isJson ? (text ? JSON.parse(text) : null) : bytes;
  const violation = contractViolation(method, url.pathname, response.status, parsed);
  if (violation) throw new Error(`${method} ${url.pathname} answered ${response.status} outside the contract: ${violation}\n${text.slice(0, 2000)}`);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export const get = <P extends string>(path: P, options?: RequestOptions) => call('GET', path, options);

let database: Database;
export function db(): Db {
  return database.db;
}
export const driver = () => database.driver;

/** Opens this file's database: a private PGlite copy of the seeded template, or the shared PostgreSQL. */
export function withTestDatabase(): void {
  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (url) database = await openDatabase({ url, maxConnections: 4 });
    else {
      const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
      database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
    }
    setDatabase(database);
  });
  afterAll(async () => {
    await closeDatabase();
  });
}

/**
 * Runs `check` while no other test file can change `tables`. On PostgreSQL every file shares one
 * database: a transaction of its own holds the tables in SHARE mode, so writers elsewhere wait until
 * the check ends (and one already writing is waited for), while reads, the check's own included,
 * go on. A list and the count it is compared with then see the same rows. A PGlite copy is this
 * file's own. The check must not write these tables itself: it would wait on its own lock. List the
 * tables in the order the app's writers take them, or a writer holding a later one while it waits for
 * an earlier one would deadlock with this lock.
 */
export async function withTablesStill<T>(tables: Table[], check: () => Promise<T>): Promise<T> {
  if (driver() !== 'postgres') return check();
  return db().transaction(async (tx) => {
    await tx.execute(sql`lock table ${sql.join(tables, sql`, `)} in share mode`);
    return check();
  });
}

export interface TokenOptions {
  tenant?: 'acme' | 'northwind';
  scopes?: Scope[] | 'all';
  companies?: string[] | 'all';
  expiresInSeconds?: number;
}

/** A real API token, created as the operator CLI does. */
export async function token(options: TokenOptions = {}): Promise<string> {
  const tenant = DEMO.tenants[options.tenant ?? 'acme'];
  const created = await createToken(db(), {
    tenantId: tenant.id,
    name: 'test',
    scopes: options.scopes ?? 'all',
    companyIds: options.companies ?? 'all',
    expiresInSeconds: options.expiresInSeconds,
  });
  return created.token;
}

/** Asserts the spec's error envelope (2.12) and returns the first error entry. */
export function expectError(response: ApiResponse, status: number, code: string, pointer?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.statusCode).toBe(status);
  expect(typeof response.body.error).toBe('string');
  expect(response.body.errors.length).toBeGreaterThan(0);
  for (const e of response.body.errors) {
    expect(typeof e.code).toBe('string');
    expect(typeof e.detail).toBe('string');
  }
  const entry = response.body.errors.find((e: { code: string }) => e.code === code);
  expect(entry, `expected an error with code ${code}: ${JSON.stringify(response.body.errors)}`).toBeDefined();
  if (pointer === undefined) expect(entry.source).toBeUndefined();
  else expect(entry.source).toEqual({ pointer });
  return entry;
}
