/** A readable reference of the API, rendered from the same OpenAPI document that /api/v2/openapi.json serves. */
import type { Metadata } from 'next';
import { buildOpenApiDocument } from '@/lib/api/openapi';

export const metadata: Metadata = { title: 'API reference · Drug-testing orders' };

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; const?: unknown; oneOf?: Schema[]; anyOf?: Schema[]; description?: string; minimum?: number; maximum?: number; minLength?: number; maxLength?: number; default?: unknown; format?: string; required?: string[] };
type Parameter = { name: string; in: string; required?: boolean; schema: Schema; description?: string };
type Operation = { operationId: string; summary: string; description?: string; tags: string[]; parameters: Parameter[]; requestBody?: { required: boolean; content: Record<string, { schema: Schema }> }; responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: Schema }> }> };

function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return schema.$ref.split('/').pop()!;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.oneOf ?? schema.anyOf) return (schema.oneOf ?? schema.anyOf)!.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  return [Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type, schema.format && `(${schema.format})`].filter(Boolean).join(' ');
}

function limits(schema: Schema): string {
  const parts = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`length ${schema.minLength ?? 0} to ${schema.maxLength ?? '…'}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

function Fields({ schema, prefix = '' }: { schema: Schema; prefix?: string }) {
  const entries = Object.entries(schema.properties ?? {});
  return (
    <>
      {entries.map(([name, field]) => {
        const nested = field.type === 'object' && field.properties ? field : field.type === 'array' && field.items?.properties ? field.items : null;
        return (
          <FieldsRow key={prefix + name} name={prefix + name} field={field} required={schema.required?.includes(name) ?? false} nested={nested} />
        );
      })}
    </>
  );
}

function FieldsRow({ name, field, required, nested }: { name: string; field: Schema; required: boolean; nested: Schema | null }) {
  return (
    <>
      <tr className="border-t border-slate-200 dark:border-slate-700">
        <td className="py-1 pr-4 font-mono text-xs">{name}</td>
        <td className="py-1 pr-4 font-mono text-xs text-slate-600 dark:text-slate-300">{nested ? (field.type === 'array' ? 'object[]' : 'object') : typeOf(field)}</td>
        <td className="py-1 pr-4 text-xs">{required ? 'required' : ''}</td>
        <td className="py-1 text-xs text-slate-600 dark:text-slate-300">{[limits(field), field.description].filter(Boolean).join('. ')}</td>
      </tr>
      {nested && <Fields schema={nested} prefix={`${name}${field.type === 'array' ? '[]' : ''}.`} />}
    </>
  );
}

export default function ApiReferencePage() {
  const doc = buildOpenApiDocument() as { info: { title: string; description: string }; paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }> };
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
  return (
    <main className="mx-auto max-w-5xl px-6 py-10 text-slate-900 dark:text-slate-100">
      <h1 className="text-3xl font-semibold">{doc.info.title}</h1>
      <p className="mt-3 max-w-3xl text-slate-600 dark:text-slate-300">{doc.info.description}</p>
      <p className="mt-2 text-sm">
        Machine-readable: <a className="text-blue-700 underline dark:text-blue-300" href="/api/v2/openapi.json">/api/v2/openapi.json</a> (OpenAPI 3.1).
      </p>
      <nav aria-label="Operations" className="mt-6 grid gap-1 text-sm sm:grid-cols-2">
        {operations.map(({ path, method, op }) => (
          <a key={op.operationId} href={`#${op.operationId}`} className="font-mono text-blue-700 hover:underline dark:text-blue-300">
            {method} {path}
          </a>
        ))}
      </nav>
      {doc.tags.map(({ name }) => {
        const inTag = operations.filter(({ op }) => op.tags.includes(name));
        if (inTag.length === 0) return null;
        return (
          <section key={name} className="mt-10">
            <h2 className="border-b border-slate-200 pb-1 text-xl font-semibold capitalize dark:border-slate-700">{name}</h2>
            {inTag.map(({ path, method, op }) => {
              const body = op.requestBody?.content['application/json']?.schema;
              return (
                <article key={op.operationId} id={op.operationId} className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
                  <h3 className="font-mono text-sm">
                    <span className="mr-2 rounded bg-slate-900 px-2 py-0.5 text-white dark:bg-slate-100 dark:text-slate-900">{method}</span>
                    {path}
                  </h3>
                  <p className="mt-2 font-medium">{op.summary}</p>
                  {op.description && <p className="mt-1 whitespace-pre-line text-sm text-slate-600 dark:text-slate-300">{op.description}</p>}
                  {op.parameters.length > 0 && (
                    <table className="mt-3 w-full text-left">
                      <caption className="text-left text-sm font-semibold">Parameters</caption>
                      <tbody>
                        {op.parameters.map((p) => (
                          <tr key={p.name} className="border-t border-slate-200 dark:border-slate-700">
                            <td className="py-1 pr-4 font-mono text-xs">{p.name}</td>
                            <td className="py-1 pr-4 text-xs">{p.in}</td>
                            <td className="py-1 pr-4 font-mono text-xs text-slate-600 dark:text-slate-300">{typeOf(p.schema)}</td>
                            <td className="py-1 text-xs text-slate-600 dark:text-slate-300">{[p.required ? 'required' : '', limits(p.schema), p.description].filter(Boolean).join('. ')}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                  {body?.properties && (
                    <table className="mt-3 w-full text-left">
                      <caption className="text-left text-sm font-semibold">Request body{op.requestBody?.required ? '' : ' (optional)'}</caption>
                      <tbody>
                        <Fields schema={body} />
                      </tbody>
                    </table>
                  )}
                  <p className="mt-3 text-sm">
                    <span className="font-semibold">Responses: </span>
                    {Object.entries(op.responses)
                      // A file answer (a document's contents) names its content types instead of a schema.
                      .map(([status, r]) => `${status}${r.content ? ` ${r.content['application/json'] ? typeOf(r.content['application/json'].schema) : Object.keys(r.content).join(' | ')}` : ''}`)
                      .join(' · ')}
                  </p>
                </article>
              );
            })}
          </section>
        );
      })}
    </main>
  );
}
