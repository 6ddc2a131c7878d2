export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-10">
      <h1 className="text-2xl font-semibold">Drug-testing orders service</h1>
      <p className="mt-2 text-slate-600">
        The REST API lives under <code>/api/v2</code>. Its OpenAPI document is at{' '}
        <a className="text-blue-700 underline" href="/api/v2/openapi.json">/api/v2/openapi.json</a>.
      </p>
    </main>
  );
}
